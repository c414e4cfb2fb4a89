//! Draw every figure kind from the committed sweeps and from synthetic data, to look at.
//!
//! `cargo run --release --example figures [-- OUT_DIR]` (default `target/figures`): for each
//! `results/sweeps/*/sweep.csv` the depth figures as the sweep command draws them (medians,
//! and lines per instance under `instance-lines/`), all sweeps pooled into one batch (one
//! panel per puzzle kind), the same rows without random (the note's random clause must go),
//! the committed demo landscape, and a synthetic landscape, distribution and board.

use ndarray::Array2;
use quzzle::experiment::sweep::{read_csv, SweepRow};
use quzzle::plot::sweep::{draw_depth_figures, draw_depth_figures_with, DepthFigureOptions, Lines};
use quzzle::plot::{
    self, init_colour, Bar, BarKind, Baseline, BoardPlot, Curve, Dash, DepthFigure, DepthPlot, FigureSize,
    LandscapePlot, LegendAt, Panel, Series, StyleBook,
};
use std::path::{Path, PathBuf};

const NOTE: &str = "reduce paper, lbfgs, restarts 1, seed 0; random: fresh starts until INTERP's simulator calls";

fn main() -> quzzle::Result<()> {
    let out = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/figures"));
    let sweeps = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/sweeps");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&sweeps)
        .map_err(|source| quzzle::Error::Read {
            path: sweeps.clone(),
            source,
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("sweep.csv").is_file())
        .collect();
    names.sort();
    let mut all: Vec<SweepRow> = Vec::new();
    let mut files = Vec::new();
    for dir in &names {
        let rows = read_csv(&dir.join("sweep.csv"))?;
        let name = dir.file_name().expect("a folder").to_string_lossy().into_owned();
        files.extend(draw_depth_figures(&rows, &out.join(&name), Lines::Auto, NOTE)?);
        files.extend(draw_depth_figures(
            &rows,
            &out.join(&name).join("instance-lines"),
            Lines::Instance,
            NOTE,
        )?);
        all.extend(rows);
    }
    // No note given: the builder describes the rows (the reduction differs per kind here).
    files.extend(draw_depth_figures(&all, &out.join("all-kinds"), Lines::Median, "")?);
    let no_random: Vec<SweepRow> = all.iter().filter(|r| r.init != quzzle::Init::Random).cloned().collect();
    files.extend(draw_depth_figures_with(
        &no_random,
        &out.join("no-random"),
        &DepthFigureOptions {
            lines: Lines::Median,
            note: NOTE.into(),
            size: Some(FigureSize::new(1500, 1000).with_scale(1.5)),
            ..DepthFigureOptions::default()
        },
    )?);

    // Families beyond the init: mixers and noise styled through one book, on two panels.
    let mut book = StyleBook::inits();
    let curve = |f: f64| {
        (1..=6)
            .map(|p| (p as f64, (0.02 * f * p as f64).min(1.0)))
            .collect::<Vec<_>>()
    };
    let mut families = DepthFigure::new(
        "synthetic: curve families keyed by mixer and noise",
        "colour and marker by mixer; noisy: dotted, lighter, hollow markers",
    );
    for (title, log_y) in [("log axis", true), ("linear axis", false)] {
        let mut panel = Panel::new(title, "P(valid board)", log_y);
        panel.y_max = Some(1.0);
        for (i, mixer) in ["mixer x", "mixer xy-ring", "grover"].iter().enumerate() {
            let s = book.style(mixer);
            panel.series.push(Series::new(*mixer, s, curve(1.0 + 2.0 * i as f64)));
            panel.series.push(Series::new(
                format!("{mixer}, noisy"),
                s.with_dash(Dash::Dotted).with_hollow(true).with_opacity(0.55),
                curve(0.5 + i as f64),
            ));
        }
        panel.baselines.push(Baseline::new("uniform sampling", 0.005));
        families.panels.push(panel);
    }
    files.extend(plot::depth_figure(
        &out.join("synthetic/families"),
        &families,
        families.default_size(),
    )?);

    // The older one-panel form: two curves on top of each other and faint instance lines.
    let pts = |f: f64| (1..=6).map(|p| (p as f64, 0.1 * f * p as f64)).collect::<Vec<_>>();
    let mut curves = vec![
        Curve {
            label: "ramp".into(),
            colour: init_colour("ramp"),
            points: pts(1.0),
            width: 4,
            ..Curve::default()
        },
        Curve {
            label: "interp".into(),
            colour: init_colour("interp"),
            points: pts(1.0),
            width: 2,
            ..Curve::default()
        },
    ];
    curves.extend((0..4).map(|i| Curve {
        colour: init_colour("random"),
        points: pts(0.6 + 0.1 * i as f64),
        thin: true,
        ..Curve::default()
    }));
    let legacy = DepthPlot {
        title: "synthetic: the one-panel DepthPlot".into(),
        y_label: "P(valid board)".into(),
        log_y: false,
        curves,
        baselines: vec![("uniform".into(), 0.02)],
        legend: LegendAt::UpperLeft,
        note: "two coinciding curves, four thin ones".into(),
    };
    files.extend(plot::depth_plot(&out.join("synthetic/legacy-depth"), &legacy)?);

    // Synthetic landscape: a smooth energy valley and a success peak.
    let gammas: Vec<f64> = (0..41).map(|i| 0.4 * i as f64 / 40.0).collect();
    let betas: Vec<f64> = (0..41).map(|i| -1.5 + 3.0 * i as f64 / 40.0).collect();
    let energy = Array2::from_shape_fn((41, 41), |(r, c)| {
        30.0 + 20.0 * (2.0 * betas[r]).sin() * (8.0 * gammas[c]).sin()
    });
    let success = Array2::from_shape_fn((41, 41), |(r, c)| {
        1e-3 * (-((betas[r] + 0.45) / 0.2).powi(2) - ((gammas[c] - 0.2) / 0.08).powi(2)).exp()
    });
    let arg = |g: &Array2<f64>, best: fn(f64, f64) -> bool| {
        let mut at = (0, 0);
        for ((r, c), &v) in g.indexed_iter() {
            if best(v, g[at]) {
                at = (r, c);
            }
        }
        (gammas[at.1], betas[at.0])
    };
    let land = LandscapePlot {
        title: "synthetic: p = 1 landscape, 17 qubits (paper), 41×41 grid".into(),
        energy_optimum: arg(&energy, |a, b| a < b),
        success_optimum: arg(&success, |a, b| a > b),
        gammas: gammas.clone(),
        betas: betas.clone(),
        energy,
        success,
    };
    files.extend(plot::landscape_plot(&out.join("synthetic/landscape"), &land)?);

    // The committed demo landscape (gamma,beta,energy,p_valid; γ fastest).
    let csv = sweeps.join("demo-tango/landscape/landscape.csv");
    if let Ok(text) = std::fs::read_to_string(&csv) {
        let rows: Vec<[f64; 4]> = text
            .lines()
            .skip(1)
            .filter_map(|l| {
                let v: Vec<f64> = l.split(',').filter_map(|x| x.parse().ok()).collect();
                (v.len() == 4).then(|| [v[0], v[1], v[2], v[3]])
            })
            .collect();
        let mut gammas: Vec<f64> = rows.iter().map(|r| r[0]).collect();
        gammas.sort_by(f64::total_cmp);
        gammas.dedup();
        let mut betas: Vec<f64> = rows.iter().map(|r| r[1]).collect();
        betas.sort_by(f64::total_cmp);
        betas.dedup();
        let at = |v: &[f64], x: f64| v.iter().position(|&y| y == x).expect("on the grid");
        let mut energy = Array2::zeros((betas.len(), gammas.len()));
        let mut success = Array2::zeros((betas.len(), gammas.len()));
        for r in &rows {
            let (b, g) = (at(&betas, r[1]), at(&gammas, r[0]));
            energy[[b, g]] = r[2];
            success[[b, g]] = r[3];
        }
        let best = |col: usize, better: fn(f64, f64) -> bool| {
            let r = rows
                .iter()
                .fold(rows[0], |a, r| if better(r[col], a[col]) { *r } else { a });
            (r[0], r[1])
        };
        let land = LandscapePlot {
            title: "demo-tango-6x6.txt: p = 1 landscape, 17 qubits (paper), 41×41 grid".into(),
            energy_optimum: best(2, |a, b| a < b),
            success_optimum: best(3, |a, b| a > b),
            gammas,
            betas,
            energy,
            success,
        };
        files.extend(plot::landscape_plot(&out.join("demo-tango/landscape"), &land)?);
    }

    let bars: Vec<Bar> = (0..16)
        .map(|i| Bar {
            label: format!("{:017b}", (i * 2_654_435_761u64) % (1 << 17)),
            probability: 0.06 / (1.0 + 0.3 * i as f64),
            kind: match i {
                2 => BarKind::Valid,
                5 => BarKind::NonQuboOnly,
                _ => BarKind::Invalid,
            },
        })
        .collect();
    files.extend(plot::distribution_plot(
        &out.join("synthetic/distribution"),
        "synthetic: top 16 of 2¹⁷ bitstrings, p = 8, ramp init, P(valid) = 0.0391",
        &bars,
    )?);

    let (rows, cols) = (6, 6);
    let board = BoardPlot {
        title: "synthetic: per-cell marginals at p = 8 (ramp init), P(valid) = 0.0391".into(),
        rows,
        cols,
        marginals: (0..rows * cols)
            .map(|i| (i != 7).then(|| (i * 37 % 101) as f64 / 100.0))
            .collect(),
        fixed: (0..rows * cols).map(|i| i % 9 == 0).collect(),
        solution: Some(
            (0..rows)
                .map(|r| (0..cols).map(|c| if (r + c) % 2 == 0 { '1' } else { '0' }).collect())
                .collect(),
        ),
        solution_values: Vec::new(),
        one_means: "sun".into(),
    };
    files.extend(plot::board_plot(&out.join("synthetic/board"), &board)?);

    for f in &files {
        println!("{}", f.display());
    }
    Ok(())
}
