//! `quzzle sweep` and `quzzle landscape`: settings from the flags, the library's sweep with a
//! progress bar on a terminal, then plots and a summary.

use super::args::{LandscapeArgs, LinesArg, SweepArgs, SweepInitArg};
use super::commands::write;
use quzzle::encoding::onehot::Problem;
use quzzle::experiment;
use quzzle::experiment::sweep::{self, SweepEvent, SweepPlan, SweepRow};
use quzzle::plot::sweep::{draw_depth_figures, Lines};
use quzzle::plot::{landscape_plot, LandscapePlot};
use quzzle::qaoa::optimize::Init;
use quzzle::qaoa::QaoaSimulator;
use quzzle::{Error, Result};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

fn clock(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal. The ETA weighs
/// each row by 2^n·p (the cost of a layer times the layers).
struct Progress {
    on: bool,
    began: Instant,
    rows: usize,
}

impl Progress {
    fn new() -> Self {
        Progress {
            on: std::io::stderr().is_terminal(),
            began: Instant::now(),
            rows: 0,
        }
    }

    fn event(&mut self, e: SweepEvent<'_>) {
        match e {
            SweepEvent::Skipped { file, reason } => {
                self.clear();
                eprintln!("skipped {file}: {reason}");
            }
            SweepEvent::Row {
                row,
                resumed,
                done,
                total,
            } => {
                self.rows += 1;
                if !self.on || resumed {
                    return;
                }
                let frac = if total > 0.0 {
                    (done / total).clamp(0.0, 1.0)
                } else {
                    1.0
                };
                let elapsed = self.began.elapsed().as_secs_f64();
                let eta = if frac > 0.0 { elapsed * (1.0 - frac) / frac } else { 0.0 };
                let width = 30;
                let filled = (frac * width as f64).round() as usize;
                let name = Path::new(&row.file)
                    .file_name()
                    .map_or(row.file.clone(), |f| f.to_string_lossy().into_owned());
                eprint!(
                    "\r\x1b[2K[{}{}] {:>3.0}%  {} rows  elapsed {}  ETA {}  {name} p={} {}",
                    "#".repeat(filled),
                    ".".repeat(width - filled),
                    frac * 100.0,
                    self.rows,
                    clock(elapsed),
                    clock(eta),
                    row.p,
                    row.init
                );
                let _ = std::io::stderr().flush();
            }
        }
    }

    fn clear(&self) {
        if self.on {
            eprint!("\r\x1b[2K");
        }
    }
}

pub fn sweep(args: &SweepArgs) -> Result<()> {
    let config = args.optimize.config(args.restarts)?;
    let inits = match args.init {
        SweepInitArg::Ramp => vec![Init::Ramp],
        SweepInitArg::Interp => vec![Init::Interp],
        SweepInitArg::Random => vec![Init::Random],
        SweepInitArg::All => vec![Init::Ramp, Init::Interp, Init::Random],
    };
    let plan = SweepPlan {
        files: sweep::collect_files(&args.inputs)?,
        level: args.reduce.level.into(),
        depths: experiment::solve::parse_depths(&args.depths)?,
        inits: inits.clone(),
        objective: args.optimize.objective,
        config,
        match_random_budget: !args.no_match_budget && inits.contains(&Init::Interp),
        max_qubits: args.max_qubits,
    };
    let csv = args.out.join("sweep.csv");
    let began = Instant::now();
    let mut progress = Progress::new();
    let outcome = sweep::run_sweep(&plan, &csv, &mut |e| progress.event(e))?;
    progress.clear();
    let wall = began.elapsed().as_secs_f64();
    eprintln!(
        "{} rows ({} computed in {:.1} s, {} resumed from {}); {} file(s) skipped",
        outcome.rows.len(),
        outcome.computed,
        wall,
        outcome.resumed,
        csv.display(),
        outcome.skipped.len()
    );
    if outcome.rows.is_empty() {
        return Err(Error::InvalidArgument(
            "no instance could be run (all skipped); see the messages above".into(),
        ));
    }
    let rows = &outcome.rows;
    let lines = match args.lines {
        LinesArg::Auto => Lines::Auto,
        LinesArg::Instance => Lines::Instance,
        LinesArg::Median => Lines::Median,
    };
    let note = format!(
        "reduce {}, {}, restarts {}, seed {}{}",
        plan.level.name(),
        sweep::method_name(plan.config.method),
        plan.config.restarts,
        plan.config.seed,
        if plan.match_random_budget {
            "; random: fresh starts until INTERP's simulator calls"
        } else {
            ""
        }
    );
    let mut files = draw_depth_figures(rows, &args.out, lines, &note)?;
    if !args.no_instance_plots {
        let max_p = *plan.depths.last().expect("depths are not empty");
        let mut stems = std::collections::BTreeSet::new();
        for path in &plan.files {
            let label = path.display().to_string();
            // The best row at the largest depth (by P(valid), first init on ties).
            let best =
                rows.iter()
                    .filter(|r| r.file == label && r.p == max_p)
                    .fold(None::<&SweepRow>, |b, r| match b {
                        Some(b) if b.p_valid >= r.p_valid => Some(b),
                        _ => Some(r),
                    });
            let Some(row) = best else { continue };
            let mut stem = path
                .file_stem()
                .map_or("instance".into(), |s| s.to_string_lossy().into_owned());
            while !stems.insert(stem.clone()) {
                stem.push('_');
            }
            let problem = Problem::load(path, plan.level)?;
            files.extend(sweep::draw_instance_figures(
                &problem,
                row,
                &args.out.join("instances"),
                &stem,
                args.top,
            )?);
        }
    }
    let compare_p = if plan.depths.contains(&5) {
        5
    } else {
        *plan.depths.last().expect("not empty")
    };
    let summary = sweep::summary::summary_markdown(rows, compare_p);
    let mut md = format!(
        "# Sweep\n\nCommand: `quzzle {}`\n\nquzzle {}; {}.\n\n",
        std::env::args().skip(1).collect::<Vec<_>>().join(" "),
        env!("CARGO_PKG_VERSION"),
        note
    );
    md.push_str(&summary);
    if !outcome.skipped.is_empty() {
        md.push_str("\nSkipped:\n\n");
        for (f, why) in &outcome.skipped {
            md.push_str(&format!("- {f}: {why}\n"));
        }
    }
    write(&args.out.join("summary.md"), &md)?;
    print!("{summary}");
    println!(
        "wrote {} and {} plot files (SVG and PNG) under {}",
        csv.display(),
        files.len(),
        args.out.display()
    );
    Ok(())
}

pub fn landscape(args: &LandscapeArgs) -> Result<()> {
    if !(2..=201).contains(&args.grid) {
        return Err(Error::InvalidArgument("--grid must be 2..=201".into()));
    }
    let problem = Problem::load(&args.file, args.reduce.level.into())?;
    if problem.num_qubits() == 0 {
        return Err(Error::InvalidArgument(format!(
            "{}: the reduction decides every cell (0 qubits); choose a lower --reduce level",
            args.file.display()
        )));
    }
    let sim = QaoaSimulator::new(&problem.ising)?;
    let (valid, _) = problem.success_states(sim.diagonal());
    let gamma_max = match args.gamma_max {
        Some(x) if x.is_finite() && x > 0.0 => x,
        Some(x) => return Err(Error::InvalidArgument(format!("--gamma-max {x}: must be positive"))),
        None => experiment::landscape::default_gamma_max(&sim),
    };
    let half = std::f64::consts::FRAC_PI_2;
    let gammas = experiment::landscape::linspace(0.0, gamma_max, args.grid);
    let betas = experiment::landscape::linspace(-half, half, args.grid);
    let began = Instant::now();
    let l = experiment::landscape::p1_landscape(&sim, &valid, &gammas, &betas)?;
    let secs = began.elapsed().as_secs_f64();
    let mut csv = String::from("gamma,beta,energy,p_valid\n");
    for (i, b) in l.betas.iter().enumerate() {
        for (j, g) in l.gammas.iter().enumerate() {
            csv.push_str(&format!("{g},{b},{},{}\n", l.energy[[i, j]], l.success[[i, j]]));
        }
    }
    write(&args.out.join("landscape.csv"), &csv)?;
    let name = args
        .file
        .file_name()
        .map_or(args.file.display().to_string(), |f| f.to_string_lossy().into_owned());
    let (ge, be) = l.energy_optimum();
    let (gs, bs) = l.success_optimum();
    let plot = LandscapePlot {
        title: format!(
            "{name}: p = 1 landscape, {} qubits ({}), {}×{} grid",
            problem.num_qubits(),
            problem.reduced.level.name(),
            args.grid,
            args.grid
        ),
        gammas: l.gammas.clone(),
        betas: l.betas.clone(),
        energy: l.energy.clone(),
        success: l.success.clone(),
        energy_optimum: (ge, be),
        success_optimum: (gs, bs),
    };
    let files = landscape_plot(&args.out.join("landscape"), &plot)?;
    println!(
        "{name}: {} qubits, {} grid points in {secs:.1} s",
        problem.num_qubits(),
        args.grid * args.grid
    );
    println!(
        "least energy on the grid: {:.6} at γ = {ge:.4}, β = {be:.4}",
        l.energy.iter().copied().fold(f64::INFINITY, f64::min)
    );
    println!(
        "largest P(valid) on the grid: {:.6} at γ = {gs:.4}, β = {bs:.4}",
        l.success.iter().copied().fold(0.0, f64::max)
    );
    println!(
        "wrote {} and {}",
        args.out.join("landscape.csv").display(),
        files
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}
