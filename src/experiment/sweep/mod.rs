//! Depth sweeps over a batch of puzzles: plan instances × inits × depths for one objective,
//! run them in a fixed order, append one CSV row per (instance, depth, init, objective) as
//! soon as it is done (flushed), and resume an interrupted sweep by skipping the rows its CSV
//! already holds. Rows are plain data ([`SweepRow`]); the plots read them, never a simulator.
//!
//! Determinism: instances run sequentially in sorted path order, inits in the order ramp,
//! interp, random, depths ascending; every random draw is seeded from the sweep's seed. The
//! wall time is the last column and the only one a rerun is allowed to change.
//!
//! Equal budgets: with `match_random_budget`, a random-init depth keeps adding fresh seeded
//! random starts until the simulator calls it spent (objective evaluations + gradient
//! evaluations) reach those INTERP spent on the same instance and depth, so the comparison
//! of the two is at (at least) the same cost.

use crate::angles::Angles;
use crate::bits;
use crate::encoding::onehot::Problem;
use crate::error::{Error, Result};
use crate::experiment;
use crate::experiment::stats;
use crate::model::Level;
use crate::qaoa::optimize::{Init, Method, OptimizeConfig, Optimized};
use crate::qaoa::{Objective, QaoaSimulator};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub mod row;
pub mod summary;

pub use row::{read_csv, SweepRow, CSV_HEADER};

/// The objective of a sweep, before the instance's valid states are known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ObjectiveSpec {
    /// `⟨C⟩`.
    Energy,
    /// Minus the probability of a valid board (exact adjoint gradient).
    Success,
    /// CVaR at `alpha ∈ (0, 1]` (Nelder–Mead: no gradient).
    Cvar(f64),
}

impl ObjectiveSpec {
    /// Parse `energy`, `success` or `cvar:ALPHA` with `0 < ALPHA ≤ 1`.
    pub fn parse(s: &str) -> Result<Self> {
        match s {
            "energy" => Ok(ObjectiveSpec::Energy),
            "success" => Ok(ObjectiveSpec::Success),
            _ => {
                let bad = || {
                    Error::InvalidArgument(format!(
                        "objective `{s}`: write energy, success or cvar:ALPHA with 0 < ALPHA <= 1"
                    ))
                };
                let alpha: f64 = s.strip_prefix("cvar:").ok_or_else(bad)?.parse().map_err(|_| bad())?;
                if alpha > 0.0 && alpha <= 1.0 {
                    Ok(ObjectiveSpec::Cvar(alpha))
                } else {
                    Err(bad())
                }
            }
        }
    }

    /// The objective for an instance whose valid basis states are `valid` (sorted).
    pub fn to_objective(self, valid: &[u64]) -> Objective {
        match self {
            ObjectiveSpec::Energy => Objective::Energy,
            ObjectiveSpec::Success => Objective::Success(valid.to_vec()),
            ObjectiveSpec::Cvar(a) => Objective::Cvar(a),
        }
    }

    /// The name in reports and CSV rows (the same as [`Objective::name`]).
    pub fn name(self) -> String {
        self.to_objective(&[]).name()
    }
}

/// Parse `ramp`, `interp`, `random` or `all` (ramp, interp and random, in that order).
pub fn parse_inits(s: &str) -> Result<Vec<Init>> {
    match s {
        "ramp" => Ok(vec![Init::Ramp]),
        "interp" => Ok(vec![Init::Interp]),
        "random" => Ok(vec![Init::Random]),
        "all" => Ok(vec![Init::Ramp, Init::Interp, Init::Random]),
        _ => Err(Error::InvalidArgument(format!(
            "init `{s}`: write ramp, interp, random or all"
        ))),
    }
}

/// The name of an optimiser in reports.
pub fn method_name(m: Method) -> &'static str {
    match m {
        Method::Lbfgs => "lbfgs",
        Method::NelderMead => "nelder-mead",
    }
}

/// The puzzle files named by `inputs`: files as given, folders expanded to their `*.txt`
/// files; sorted and deduplicated. An input naming nothing is an error.
pub fn collect_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let rd = std::fs::read_dir(input).map_err(|source| Error::Read {
                path: input.clone(),
                source,
            })?;
            let mut found: Vec<PathBuf> = rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "txt"))
                .collect();
            if found.is_empty() {
                return Err(Error::InvalidArgument(format!(
                    "{}: folder holds no puzzle files (*.txt)",
                    input.display()
                )));
            }
            out.append(&mut found);
        } else if input.is_file() {
            out.push(input.clone());
        } else {
            return Err(Error::Read {
                path: input.clone(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file or folder"),
            });
        }
    }
    if out.is_empty() {
        return Err(Error::InvalidArgument("no puzzle files given".into()));
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// What a sweep runs.
#[derive(Clone, Debug)]
pub struct SweepPlan {
    /// Puzzle files (run in this order; [`collect_files`] sorts them).
    pub files: Vec<PathBuf>,
    /// Reduction level.
    pub level: Level,
    /// Depths, ascending.
    pub depths: Vec<usize>,
    /// Initial-angle strategies, run in this order for each instance.
    pub inits: Vec<Init>,
    /// The objective minimised.
    pub objective: ObjectiveSpec,
    /// Optimiser settings (restarts: starts per depth for ramp and interp, and for random
    /// unless its budget is matched).
    pub config: OptimizeConfig,
    /// Give random init at least INTERP's simulator calls at the same instance and depth
    /// (needs interp in `inits`, before random).
    pub match_random_budget: bool,
    /// Skip instances with more qubits than this (reported as skipped).
    pub max_qubits: usize,
}

/// What a running sweep reports.
#[derive(Clone, Debug)]
pub enum SweepEvent<'a> {
    /// An instance was skipped (too many qubits, or none).
    Skipped {
        /// The file.
        file: &'a str,
        /// Why.
        reason: String,
    },
    /// A row is finished (`resumed`: it came from the existing CSV).
    Row {
        /// The row.
        row: &'a SweepRow,
        /// Whether it was read back rather than computed.
        resumed: bool,
        /// Work done so far, in units of 2^n·p amplitude-layers, and the total.
        done: f64,
        /// Total work of the rows to compute.
        total: f64,
    },
}

/// The outcome of a sweep.
#[derive(Clone, Debug)]
pub struct SweepOutcome {
    /// Every row of the plan, in plan order (resumed and computed).
    pub rows: Vec<SweepRow>,
    /// Rows computed in this run.
    pub computed: usize,
    /// Rows read back from the CSV.
    pub resumed: usize,
    /// Files skipped, with the reason.
    pub skipped: Vec<(String, String)>,
}

fn open_append(csv: &Path, fresh: bool) -> Result<std::fs::File> {
    let werr = |source| Error::Write {
        path: csv.to_path_buf(),
        source,
    };
    if let Some(dir) = csv.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(werr)?;
    }
    if fresh {
        let mut f = std::fs::File::create(csv).map_err(werr)?;
        writeln!(f, "{CSV_HEADER}").map_err(werr)?;
        f.flush().map_err(werr)?;
        Ok(f)
    } else {
        std::fs::OpenOptions::new().append(true).open(csv).map_err(werr)
    }
}

/// Run `plan`, appending rows to `csv` (created with its header when absent; rows already in it
/// are skipped, so an interrupted sweep resumes). `on_event` sees every row and skip.
pub fn run_sweep(plan: &SweepPlan, csv: &Path, on_event: &mut dyn FnMut(SweepEvent<'_>)) -> Result<SweepOutcome> {
    if plan.depths.is_empty() || plan.depths.contains(&0) || !plan.depths.is_sorted() {
        return Err(Error::InvalidArgument("depths must be ascending and at least 1".into()));
    }
    if plan.inits.is_empty() {
        return Err(Error::InvalidArgument("no init strategy given".into()));
    }
    if plan.config.restarts == 0 {
        return Err(Error::InvalidArgument("restarts must be at least 1".into()));
    }
    // Keep what the CSV holds; refuse to mix settings that the key does not name.
    let text_exists = csv.exists();
    let existing = read_csv(csv)?;
    for r in &existing {
        if r.reduce != plan.level.name() || r.seed != plan.config.seed {
            return Err(Error::InvalidArgument(format!(
                "{} was written with --reduce {} --seed {}, this sweep has --reduce {} --seed {}; choose another --out",
                csv.display(),
                r.reduce,
                r.seed,
                plan.level.name(),
                plan.config.seed
            )));
        }
    }
    // Start a fresh file (header plus the rows kept) when there is none, it is empty, or its
    // last line was torn, so that appends always start on a fresh line.
    let bytes = std::fs::read(csv).unwrap_or_default();
    let rewrite = !text_exists || bytes.last() != Some(&b'\n');
    let mut done: BTreeMap<(String, usize, String, String), SweepRow> =
        existing.iter().map(|r| (r.key(), r.clone())).collect();
    let mut out = open_append(csv, rewrite)?;
    if rewrite {
        let werr = |source| Error::Write {
            path: csv.to_path_buf(),
            source,
        };
        for r in &existing {
            writeln!(out, "{}", r.to_csv_line()).map_err(werr)?;
        }
        out.flush().map_err(werr)?;
    }

    let objective_name = plan.objective.name();
    // Load every instance first (cheap: no diagonal yet) to weigh the work for the ETA.
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    for path in &plan.files {
        let label = path.display().to_string();
        let problem = Problem::load(path, plan.level)?;
        let n = problem.num_qubits();
        let reason = if n == 0 {
            Some(format!(
                "the {} reduction decides every cell (0 qubits)",
                plan.level.name()
            ))
        } else if n > plan.max_qubits {
            Some(format!("{n} qubits, more than --max-qubits {}", plan.max_qubits))
        } else {
            None
        };
        match reason {
            Some(reason) => {
                on_event(SweepEvent::Skipped {
                    file: &label,
                    reason: reason.clone(),
                });
                skipped.push((label, reason));
            }
            None => problems.push((label, problem)),
        }
    }
    let weight = |n: usize, p: usize| (p as f64) * (1u64 << n) as f64;
    let mut total = 0.0;
    for (label, pr) in &problems {
        for &init in &plan.inits {
            for &p in &plan.depths {
                let key = (label.clone(), p, init.name().to_string(), objective_name.clone());
                if !done.contains_key(&key) {
                    total += weight(pr.num_qubits(), p);
                }
            }
        }
    }
    let mut work = 0.0;
    let (mut computed, mut resumed) = (0, 0);
    let mut rows = Vec::new();
    for (label, problem) in &problems {
        let n = problem.num_qubits();
        let mut instance: Option<Instance> = None;
        for &init in &plan.inits {
            let mut previous: Option<Angles> = None;
            for &p in &plan.depths {
                let key = (label.clone(), p, init.name().to_string(), objective_name.clone());
                if let Some(row) = done.get(&key) {
                    previous = Some(row.angles()?);
                    resumed += 1;
                    on_event(SweepEvent::Row {
                        row,
                        resumed: true,
                        done: work,
                        total,
                    });
                    rows.push(row.clone());
                    continue;
                }
                let inst = match &mut instance {
                    Some(i) => i,
                    None => instance.insert(Instance::new(problem, plan.objective)?),
                };
                let budget = (plan.match_random_budget && init == Init::Random)
                    .then(|| {
                        done.get(&(
                            label.clone(),
                            p,
                            Init::Interp.name().to_string(),
                            objective_name.clone(),
                        ))
                        .map(|r| r.evaluations + r.gradients)
                    })
                    .flatten();
                let row = compute_row(plan, label, problem, inst, p, init, previous.as_ref(), budget)?;
                writeln!(out, "{}", row.to_csv_line())
                    .and_then(|_| out.flush())
                    .map_err(|source| Error::Write {
                        path: csv.to_path_buf(),
                        source,
                    })?;
                work += weight(n, p);
                computed += 1;
                previous = Some(row.angles()?);
                on_event(SweepEvent::Row {
                    row: &row,
                    resumed: false,
                    done: work,
                    total,
                });
                done.insert(key, row.clone());
                rows.push(row);
            }
        }
    }
    Ok(SweepOutcome {
        rows,
        computed,
        resumed,
        skipped,
    })
}

/// The per-instance things a row needs, built once.
struct Instance {
    sim: QaoaSimulator,
    valid: Vec<u64>,
    non_qubo: Vec<u64>,
    objective: Objective,
    min: f64,
    max: f64,
}

impl Instance {
    fn new(problem: &Problem, spec: ObjectiveSpec) -> Result<Self> {
        let sim = QaoaSimulator::new(&problem.ising)?;
        let (valid, non_qubo) = problem.success_states(sim.diagonal());
        if valid.is_empty() {
            let c = problem.classical(Some(sim.diagonal()), 0)?;
            crate::encoding::onehot::require_solution(&c)?;
        }
        let (min, max) = (sim.diagonal().min(), sim.diagonal().max());
        Ok(Instance {
            objective: spec.to_objective(&valid),
            sim,
            valid,
            non_qubo,
            min,
            max,
        })
    }
}

#[allow(clippy::too_many_arguments)]
fn compute_row(
    plan: &SweepPlan,
    label: &str,
    problem: &Problem,
    inst: &Instance,
    p: usize,
    init: Init,
    previous: Option<&Angles>,
    budget: Option<usize>,
) -> Result<SweepRow> {
    let began = Instant::now();
    let (opt, scan, starts): (Optimized, usize, usize) = match budget {
        Some(budget) => {
            // Fresh seeded random starts (one each) until the budget is spent; keep the best.
            let mut best: Option<Optimized> = None;
            let (mut spent, mut evaluations, mut gradients, mut starts) = (0, 0, 0, 0);
            while starts == 0 || spent < budget {
                let config = OptimizeConfig {
                    restarts: 1,
                    seed: plan.config.seed.wrapping_add((starts as u64).wrapping_mul(1_000_003)),
                    ..plan.config.clone()
                };
                let (o, _) =
                    experiment::solve::optimize_depth(&inst.sim, &inst.objective, p, Init::Random, None, &config)?;
                spent += o.evaluations + o.gradients;
                evaluations += o.evaluations;
                gradients += o.gradients;
                starts += 1;
                if best.as_ref().is_none_or(|b| o.value < b.value) {
                    best = Some(o);
                }
                if starts >= 10_000 {
                    break;
                }
            }
            let mut o = best.expect("at least one start");
            o.evaluations = evaluations;
            o.gradients = gradients;
            let o = experiment::solve::no_worse_than_previous(&inst.sim, &inst.objective, o, previous, &plan.config)?;
            (o, 0, starts)
        }
        None => {
            let (o, scan) =
                experiment::solve::optimize_depth(&inst.sim, &inst.objective, p, init, previous, &plan.config)?;
            (o, scan, plan.config.restarts)
        }
    };
    let state = inst.sim.state(&opt.angles)?;
    let out = stats::outcomes(&state.amps, &inst.valid, &inst.non_qubo);
    let energy = inst.sim.expectation(&state.amps);
    let (top, top_p) = stats::top_states(&state.amps, 1)[0];
    let n = problem.num_qubits();
    let method = if inst.objective.has_gradient() {
        plan.config.method
    } else {
        Method::NelderMead
    };
    Ok(SweepRow {
        file: label.to_string(),
        puzzle: problem.puzzle.kind().to_string(),
        reduce: plan.level.name().to_string(),
        qubits: n,
        p,
        init: init.name().to_string(),
        objective: inst.objective.name(),
        optimizer: method_name(method).to_string(),
        restarts: starts,
        seed: plan.config.seed,
        valid_states: inst.valid.len(),
        non_qubo_states: inst.non_qubo.len(),
        uniform_baseline: inst.valid.len() as f64 / (1u64 << n) as f64,
        energy,
        approx_ratio: stats::approximation_ratio(energy, inst.min, inst.max),
        p_valid: out.valid,
        p_non_qubo: out.non_qubo_only,
        p_invalid: out.invalid,
        shots_99: stats::shots_to_solution(out.valid, stats::SHOTS_CONFIDENCE).unwrap_or(f64::INFINITY),
        objective_value: opt.value,
        evaluations: opt.evaluations + scan,
        gradients: opt.gradients,
        top_bitstring: bits::to_bitstring(top, n),
        top_probability: top_p,
        top_is_valid: inst.valid.binary_search(&top).is_ok(),
        gammas: opt.angles.gammas.clone(),
        betas: opt.angles.betas.clone(),
        seconds: began.elapsed().as_secs_f64(),
    })
}

/// `(row, col)` of a model variable named `r{row}c{col}`.
fn cell_of_name(name: &str) -> Option<(usize, usize)> {
    let rest = name.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// The plain data of the board plot: per-cell `P(x = 1)` from the state, and the solution.
/// `None` when the model's variables are not one per `r{row}c{col}` cell.
pub fn board_plot_data(
    problem: &Problem,
    amps: &[num_complex::Complex64],
    valid: &[u64],
    title: &str,
) -> Option<crate::plot::BoardPlot> {
    let (rows, cols) = problem.puzzle.size();
    let marg = stats::variable_marginals(&problem.reduced, &stats::qubit_marginals(amps));
    let mut cells = vec![None; rows * cols];
    let mut fixed = vec![false; rows * cols];
    for (v, name) in problem.model.names.iter().enumerate() {
        let (r, c) = cell_of_name(name)?;
        if r >= rows || c >= cols || cells[r * cols + c].is_some() {
            return None;
        }
        cells[r * cols + c] = Some(marg[v]);
        fixed[r * cols + c] = matches!(problem.reduced.lits[v], crate::model::Lit::Const(_));
    }
    let solution = problem
        .puzzle
        .solution()
        .cloned()
        .or_else(|| valid.first().map(|&k| problem.board_of(k)));
    // Colour the solution by its variables (a Tents tent is `A`, a queen `Q`, ...).
    let mut solution_values = Vec::new();
    if let Some(x) = solution.as_ref().and_then(|b| problem.puzzle.assignment(b)) {
        if x.len() == problem.model.num_vars() {
            solution_values = vec![None; rows * cols];
            for (v, name) in problem.model.names.iter().enumerate() {
                if let Some((r, c)) = cell_of_name(name) {
                    solution_values[r * cols + c] = Some(x[v]);
                }
            }
        }
    }
    Some(crate::plot::BoardPlot {
        title: title.to_string(),
        rows,
        cols,
        marginals: cells,
        fixed,
        solution,
        solution_values,
        one_means: crate::puzzle::one_means(problem.puzzle.kind()).to_string(),
    })
}

/// For one finished row: rebuild the state from its angles and draw the top-`top_k`
/// distribution and the board marginals under `dir` as `<stem>-distribution` and
/// `<stem>-board`.
pub fn draw_instance_figures(
    problem: &Problem,
    row: &SweepRow,
    dir: &Path,
    stem: &str,
    top_k: usize,
) -> Result<Vec<PathBuf>> {
    use crate::plot::{board_plot, distribution_plot, Bar, BarKind};
    let sim = QaoaSimulator::new(&problem.ising)?;
    let (valid, non_qubo) = problem.success_states(sim.diagonal());
    let state = sim.state(&row.angles()?)?;
    let n = problem.num_qubits();
    let mut top = stats::top_states(&state.amps, top_k);
    // When no valid board is among the top k, add the most likely one, labelled with its rank.
    let mut ranked = None;
    if !top.iter().any(|(k, _)| valid.binary_search(k).is_ok()) {
        if let Some((k, p)) = valid
            .iter()
            .map(|&k| (k, state.amps[k as usize].norm_sqr()))
            .max_by(|a, b| a.1.total_cmp(&b.1))
        {
            let rank = 1 + state.amps.iter().filter(|a| a.norm_sqr() > p).count();
            ranked = Some((k, rank));
            top.push((k, p));
        }
    }
    let bars: Vec<Bar> = top
        .into_iter()
        .map(|(k, p)| Bar {
            label: match ranked {
                Some((rk, rank)) if rk == k => format!("#{rank}: {}", bits::to_bitstring(k, n)),
                _ => bits::to_bitstring(k, n),
            },
            probability: p,
            kind: if valid.binary_search(&k).is_ok() {
                BarKind::Valid
            } else if non_qubo.binary_search(&k).is_ok() {
                BarKind::NonQuboOnly
            } else {
                BarKind::Invalid
            },
        })
        .collect();
    let name = Path::new(&row.file)
        .file_name()
        .map_or(row.file.clone(), |f| f.to_string_lossy().into_owned());
    let mut files = distribution_plot(
        &dir.join(format!("{stem}-distribution")),
        &format!(
            "{name}: top {}{} of 2{} bitstrings, p = {}, {} init, P(valid) = {:.4}",
            bars.len() - usize::from(ranked.is_some()),
            if ranked.is_some() { " + best valid" } else { "" },
            crate::plot::superscript(n as i32),
            row.p,
            row.init,
            row.p_valid
        ),
        &bars,
    )?;
    if let Some(plot) = board_plot_data(
        problem,
        &state.amps,
        &valid,
        &format!(
            "{name}: per-cell marginals at p = {} ({} init), P(valid) = {:.4}",
            row.p, row.init, row.p_valid
        ),
    ) {
        files.extend(board_plot(&dir.join(format!("{stem}-board")), &plot)?);
    }
    Ok(files)
}
