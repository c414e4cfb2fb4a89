//! Sweeps: same seed → same CSV rows, resume skips finished rows, the statistics' formulas,
//! marginals against brute force, plots write real files, CLI error paths.

use crate::common::{data, quzzle, Scratch, TOL_ENERGY};
use approx::assert_abs_diff_eq;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::experiment;
use quzzle::experiment::stats;
use quzzle::experiment::sweep::{self, ObjectiveSpec, SweepPlan};
use quzzle::model::Level;
use quzzle::plot::{self, Bar, BarKind, BoardPlot, Curve, DepthPlot, LandscapePlot, LegendAt};
use quzzle::qaoa::optimize::{Init, OptimizeConfig};
use quzzle::qaoa::QaoaSimulator;
use quzzle::Angles;
use std::path::{Path, PathBuf};

fn plan(files: Vec<PathBuf>, objective: ObjectiveSpec) -> SweepPlan {
    SweepPlan {
        encoding: quzzle::encoding::EncodingKind::Onehot,
        files,
        level: Level::Paper,
        depths: vec![1, 2, 3],
        inits: vec![Init::Ramp, Init::Interp, Init::Random],
        objective,
        config: OptimizeConfig {
            max_iters: 40,
            seed: 7,
            ..OptimizeConfig::default()
        },
        match_random_budget: true,
        max_qubits: 20,
        space: Default::default(),
        noise: Default::default(),
        shard: None,
        baseline: None,
        transfer_from: Vec::new(),
        schedule: None,
    }
}

/// The CSV lines without the wall-time column (the last one).
fn rows_without_time(csv: &Path) -> Vec<String> {
    std::fs::read_to_string(csv)
        .unwrap()
        .lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

#[test]
fn same_seed_rerun_gives_identical_rows() {
    // collect_files sorts: takuzu before tango.
    let files = sweep::collect_files(&[data("tiny-tango-4x4.txt"), data("tiny-takuzu-4x4.txt")]).unwrap();
    let p = plan(files, ObjectiveSpec::Energy);
    let (a, b) = (Scratch::new("sweep-rerun-a"), Scratch::new("sweep-rerun-b"));
    let out_a = sweep::run_sweep(&p, &a.join("sweep.csv"), &mut |_| {}).unwrap();
    let out_b = sweep::run_sweep(&p, &b.join("sweep.csv"), &mut |_| {}).unwrap();
    assert_eq!(out_a.computed, 2 * 3 * 3);
    let (ra, rb) = (
        rows_without_time(&a.join("sweep.csv")),
        rows_without_time(&b.join("sweep.csv")),
    );
    assert_eq!(ra.len(), 1 + 18);
    assert_eq!(ra, rb);
    // Rows come out in plan order: sorted files, then ramp, interp, random, then depth.
    assert_eq!(out_b.rows.len(), 18);
    assert!(out_a.rows[0].file.ends_with("tiny-takuzu-4x4.txt"));
    assert_eq!(
        out_a
            .rows
            .iter()
            .take(9)
            .map(|r| (r.init.name(), r.p))
            .collect::<Vec<_>>(),
        vec![
            ("ramp", 1),
            ("ramp", 2),
            ("ramp", 3),
            ("interp", 1),
            ("interp", 2),
            ("interp", 3),
            ("random", 1),
            ("random", 2),
            ("random", 3)
        ]
    );
    // The rows read back equal the rows returned, and the statistics add up.
    let back = sweep::read_csv(&a.join("sweep.csv")).unwrap();
    for (x, y) in back.iter().zip(&out_a.rows) {
        assert_eq!(x.to_csv_record().unwrap(), y.to_csv_record().unwrap());
        assert_abs_diff_eq!(x.p_valid + x.p_non_qubo + x.p_invalid, 1.0, epsilon = 1e-9);
        let calls = x.evaluations + x.gradients;
        if x.init.name() == "random" {
            // Budget matched: at least INTERP's calls at the same instance and depth.
            let interp = back
                .iter()
                .find(|r| r.file == x.file && r.p == x.p && r.init.name() == "interp")
                .unwrap();
            assert!(calls >= interp.evaluations + interp.gradients);
        }
    }
    // Takuzu's distinct-rows rule: zero-energy boards that break it show up as P(non-QUBO).
    assert!(back.iter().any(|r| r.non_qubo_states > 0 && r.p_non_qubo > 0.0));
}

#[test]
fn resume_skips_finished_rows() {
    let files = vec![data("tiny-tango-4x4.txt")];
    let p = plan(files, ObjectiveSpec::Energy);
    let dir = Scratch::new("sweep-resume");
    let csv = dir.join("sweep.csv");
    let full = sweep::run_sweep(&p, &csv, &mut |_| {}).unwrap();
    assert_eq!((full.computed, full.resumed), (9, 0));
    let reference = rows_without_time(&csv);
    // Keep the header and the first row, then a torn half line (a sweep killed mid-write).
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let torn = &lines[2][..lines[2].len() / 2];
    std::fs::write(&csv, format!("{}\n{}\n{}", lines[0], lines[1], torn)).unwrap();
    let mut seen_resumed = 0;
    let again = sweep::run_sweep(&p, &csv, &mut |e| {
        if let sweep::SweepEvent::Row { resumed: true, .. } = e {
            seen_resumed += 1;
        }
    })
    .unwrap();
    assert_eq!((again.computed, again.resumed, seen_resumed), (8, 1, 1));
    assert_eq!(rows_without_time(&csv), reference);
    // Everything done: a third run computes nothing and leaves the file as it is.
    let third = sweep::run_sweep(&p, &csv, &mut |_| {}).unwrap();
    assert_eq!((third.computed, third.resumed), (0, 9));
    assert_eq!(rows_without_time(&csv), reference);
    // Another seed into the same CSV is refused.
    let mut other = p.clone();
    other.config.seed = 8;
    let err = sweep::run_sweep(&other, &csv, &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("seed 8"), "{err}");
}

#[test]
fn other_objectives_run() {
    let dir = Scratch::new("sweep-objectives");
    for (spec, name) in [
        (ObjectiveSpec::Success, "success"),
        (ObjectiveSpec::Cvar(0.2), "cvar:0.2"),
    ] {
        let mut p = plan(vec![data("tiny-tango-4x4.txt")], spec);
        p.depths = vec![1, 2];
        p.inits = vec![Init::Interp];
        let out = sweep::run_sweep(&p, &dir.join(format!("{name}.csv")), &mut |_| {}).unwrap();
        assert_eq!(out.rows.len(), 2);
        for r in &out.rows {
            assert_eq!(r.objective.name(), name);
            if name == "success" {
                // The objective is minus P(valid).
                assert_abs_diff_eq!(r.objective_value, -r.p_valid, epsilon = 1e-12);
                assert_eq!(r.optimizer.name(), "lbfgs");
            } else {
                assert_eq!(r.optimizer.name(), "nelder-mead");
            }
        }
    }
    assert!(ObjectiveSpec::parse("cvar:2").is_err());
    assert!(ObjectiveSpec::parse("cvar:0").is_err());
    assert!(ObjectiveSpec::parse("cvar:x").is_err());
    assert_eq!(ObjectiveSpec::parse("cvar:0.5").unwrap(), ObjectiveSpec::Cvar(0.5));
    assert_eq!(ObjectiveSpec::Cvar(0.5).name(), "cvar:0.5");
}

#[test]
fn shots_to_solution_formula_and_edges() {
    assert_eq!(stats::shots_to_solution(0.0, 0.99), None);
    assert_eq!(stats::shots_to_solution(-1e-18, 0.99), None);
    assert_eq!(stats::shots_to_solution(1.0, 0.99), Some(1.0));
    assert_eq!(stats::shots_to_solution(0.999, 0.99), Some(1.0));
    let s = stats::shots_to_solution(0.5, 0.99).unwrap();
    assert_abs_diff_eq!(s, 0.01f64.ln() / 0.5f64.ln(), epsilon = 1e-12);
    // Tiny p: about ln(100)/p, without losing digits.
    let tiny = 2f64.powi(-30);
    assert_abs_diff_eq!(
        stats::shots_to_solution(tiny, 0.99).unwrap() * tiny,
        100f64.ln(),
        epsilon = 1e-8
    );
    assert_abs_diff_eq!(stats::approximation_ratio(2.0, 0.0, 8.0), 0.75, epsilon = 1e-15);
    assert_abs_diff_eq!(stats::approximation_ratio(3.0, 3.0, 3.0), 1.0, epsilon = 1e-15);
}

#[test]
fn marginals_and_outcomes_match_brute_force() {
    let problem = OneHot::load(&data("tiny-tango-4x4.txt"), Level::Paper).unwrap();
    let sim = QaoaSimulator::new(&problem.ising).unwrap();
    let quzzle::encoding::SuccessStates { valid, non_qubo } = problem.success_states(sim.diagonal());
    let state = sim
        .state(&Angles::new(vec![0.3, 0.5], vec![-0.6, -0.2]).unwrap())
        .unwrap();
    let probs = state.probabilities();
    let qm = stats::qubit_marginals(&state.amps);
    assert_eq!(qm.len(), problem.num_qubits());
    let vm = quzzle::encoding::onehot::variable_marginals(&problem.reduced, &qm);
    assert_eq!(vm.len(), problem.model.num_vars());
    let mut brute = vec![0.0; problem.model.num_vars()];
    for (k, &p) in probs.iter().enumerate() {
        for (v, &x) in problem.reduced.rebuild_index(k as u64).iter().enumerate() {
            if x {
                brute[v] += p;
            }
        }
    }
    for (a, b) in vm.iter().zip(&brute) {
        assert_abs_diff_eq!(a, b, epsilon = TOL_ENERGY);
    }
    // Each qubit marginal against its own brute-force sum.
    for (q, &m) in qm.iter().enumerate() {
        let b: f64 = probs
            .iter()
            .enumerate()
            .filter(|(k, _)| (k >> q) & 1 == 1)
            .map(|(_, p)| p)
            .sum();
        assert_abs_diff_eq!(m, b, epsilon = TOL_ENERGY);
    }
    // Every row of a Tango holds three suns: the marginals of a row sum to 3 on valid boards
    // only, but the mean number of suns is Σ marginals, whatever the state.
    let mean_suns: f64 = probs
        .iter()
        .enumerate()
        .map(|(k, p)| p * problem.reduced.rebuild_index(k as u64).iter().filter(|&&x| x).count() as f64)
        .sum();
    assert_abs_diff_eq!(vm.iter().sum::<f64>(), mean_suns, epsilon = TOL_ENERGY);
    let o = stats::outcomes(&state.amps, &valid, &non_qubo);
    let v: f64 = valid.iter().map(|&k| probs[k as usize]).sum();
    assert_abs_diff_eq!(o.valid, v, epsilon = 1e-15);
    assert_abs_diff_eq!(o.valid + o.non_qubo_only + o.invalid, 1.0, epsilon = 1e-12);
    let top = quzzle::sim::top_states(&state.amps, 3);
    let max = probs.iter().copied().fold(0.0, f64::max);
    assert_abs_diff_eq!(top[0].1, max, epsilon = 0.0);
    assert!(top[0].1 >= top[1].1 && top[1].1 >= top[2].1);
}

fn assert_real_files(files: &[PathBuf]) {
    assert!(!files.is_empty());
    for f in files {
        let bytes = std::fs::read(f).unwrap();
        assert!(bytes.len() > 500, "{} is {} bytes", f.display(), bytes.len());
        match f.extension().and_then(|e| e.to_str()) {
            Some("svg") => {
                let text = String::from_utf8(bytes).unwrap();
                assert!(text.contains("<svg") && text.contains("<text"), "{}", f.display());
            }
            Some("png") => assert_eq!(&bytes[..4], b"\x89PNG"),
            other => panic!("unexpected extension {other:?}"),
        }
    }
}

#[test]
fn plots_write_svg_and_png() {
    let dir = Scratch::new("sweep-plots");
    let curve = |label: &str, colour, shift: f64| Curve {
        label: label.into(),
        colour,
        points: (1..=4).map(|p| (p as f64, 1e-3 * (p as f64 + shift))).collect(),
        band: (1..=4).map(|p| (p as f64, 5e-4 * p as f64, 2e-3 * p as f64)).collect(),
        thin: false,
        width: 3,
    };
    let depth = DepthPlot {
        title: "success probability vs depth".into(),
        y_label: "P(valid)".into(),
        log_y: true,
        curves: vec![curve("interp", 1, 0.0), curve("random", 2, -0.5)],
        baselines: vec![("uniform".into(), 1e-5)],
        legend: LegendAt::LowerRight,
        note: "test".into(),
    };
    assert_real_files(&plot::depth_plot(&dir.join("depth"), &depth).unwrap());
    let problem = OneHot::load(&data("tiny-tango-4x4.txt"), Level::Paper).unwrap();
    let sim = QaoaSimulator::new(&problem.ising).unwrap();
    let valid = problem.success_states(sim.diagonal()).valid;
    let g = experiment::landscape::linspace(0.0, 1.0, 5);
    let b = experiment::landscape::linspace(-1.0, 1.0, 4);
    let l = experiment::landscape::p1_landscape(&sim, &valid, &g, &b).unwrap();
    assert_eq!(l.energy.dim(), (4, 5));
    let e = sim
        .evaluate(&Angles::new(vec![g[2]], vec![b[1]]).unwrap(), &valid)
        .unwrap();
    assert_abs_diff_eq!(l.energy[[1, 2]], e.energy, epsilon = 1e-12);
    let land = LandscapePlot {
        title: "landscape".into(),
        gammas: g,
        betas: b,
        energy: l.energy.clone(),
        success: l.success.clone(),
        energy_optimum: l.energy_optimum(),
        success_optimum: l.success_optimum(),
    };
    assert_real_files(&plot::landscape_plot(&dir.join("landscape"), &land).unwrap());
    let bars = vec![
        Bar {
            label: "0101".into(),
            probability: 0.3,
            kind: BarKind::Valid,
        },
        Bar {
            label: "1100".into(),
            probability: 0.1,
            kind: BarKind::Invalid,
        },
    ];
    assert_real_files(&plot::distribution_plot(&dir.join("dist"), "top", &bars).unwrap());
    let state = sim.state(&Angles::new(vec![0.3], vec![-0.4]).unwrap()).unwrap();
    let c = problem.cell_marginals(&stats::qubit_marginals(&state.amps)).unwrap();
    assert!(!valid.is_empty());
    let board = BoardPlot {
        title: "board".into(),
        rows: c.rows,
        cols: c.cols,
        marginals: c.marginals,
        fixed: c.fixed,
        solution: c.solution.or_else(|| valid.first().map(|&k| problem.board(k))),
        solution_values: c.solution_values,
        one_means: c.one_means,
    };
    assert_eq!(board.marginals.len(), 16);
    assert!(board.solution.is_some());
    assert_real_files(&plot::board_plot(&dir.join("board"), &board).unwrap());
    // Mismatched data is an error, not a panic.
    let bad = BoardPlot {
        marginals: vec![None; 3],
        ..board
    };
    assert!(plot::board_plot(&dir.join("bad"), &bad).is_err());
}

#[test]
fn cli_sweep_and_landscape_write_files() {
    let dir = Scratch::new("sweep-cli");
    let f = data("tiny-tango-4x4.txt");
    let out = dir.join("s");
    let o = quzzle(&[
        "sweep",
        f.to_str().unwrap(),
        "--depths",
        "1..2",
        "--init",
        "all",
        "--max-iters",
        "30",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for name in [
        "sweep.csv",
        "summary.md",
        "success_vs_depth.svg",
        "success_vs_depth.png",
        "approx_ratio_vs_depth.png",
        "instances/tiny-tango-4x4-distribution.png",
        "instances/tiny-tango-4x4-board.svg",
    ] {
        assert!(out.join(name).is_file(), "{name} missing");
    }
    assert_eq!(sweep::read_csv(&out.join("sweep.csv")).unwrap().len(), 6);
    let land = dir.join("l");
    let o = quzzle(&[
        "landscape",
        f.to_str().unwrap(),
        "--grid",
        "6",
        "--out",
        land.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(land.join("landscape.png").is_file() && land.join("landscape.csv").is_file());
}

#[test]
fn cli_sweep_errors_are_clear() {
    let f = data("tiny-tango-4x4.txt");
    let f = f.to_str().unwrap();
    let o = quzzle(&["sweep", f, "--objective", "cvar:2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("0 < ALPHA <= 1"));
    let o = quzzle(&["sweep", f, "--init", "sideways"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("sideways"));
    let empty = Scratch::new("sweep-empty");
    let o = quzzle(&[
        "sweep",
        empty.to_str().unwrap(),
        "--out",
        empty.join("o").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("error:") && err.contains("no puzzle files"), "{err}");
    let o = quzzle(&["sweep", "/no/such/file.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/no/such/file.txt"));
}

#[test]
fn solve_reports_the_statistics_for_each_objective() {
    let f = data("tiny-takuzu-4x4.txt");
    for (objective, optimizer) in [("success", "lbfgs"), ("cvar:0.2", "nelder-mead")] {
        let o = quzzle(&[
            "solve",
            f.to_str().unwrap(),
            "--depths",
            "1..2",
            "--objective",
            objective,
            "--json",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["objective"], objective);
        assert_eq!(v["optimizer"], optimizer);
        for d in v["depths"].as_array().unwrap() {
            let (pv, pn, pi) = (
                d["success_probability"].as_f64().unwrap(),
                d["p_non_qubo"].as_f64().unwrap(),
                d["p_invalid"].as_f64().unwrap(),
            );
            // Takuzu 4x4 has zero-energy boards with equal rows: P(non-QUBO only) > 0.
            assert!(pn > 0.0);
            assert_abs_diff_eq!(pv + pn + pi, 1.0, epsilon = 1e-9);
            let shots = d["shots_99"].as_f64().unwrap();
            assert_abs_diff_eq!(shots, stats::shots_to_solution(pv, 0.99).unwrap(), epsilon = 1e-9);
        }
    }
}
