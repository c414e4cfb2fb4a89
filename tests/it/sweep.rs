//! Sweeps: same seed → same CSV rows, resume skips finished rows, the statistics' formulas,
//! marginals against brute force, plots write real files, CLI error paths.

use crate::common::{argv, data, quzzle, scratch_and_data, small_sweep_plan, Scratch, TOL_ENERGY};
use approx::assert_abs_diff_eq;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::experiment;
use quzzle::experiment::stats;
use quzzle::experiment::sweep::{self, ObjectiveSpec, SweepPlan};
use quzzle::model::Level;
use quzzle::plot::{self, Bar, BarKind, BoardPlot, Curve, DepthPlot, LandscapePlot, LegendAt};
use quzzle::qaoa::optimize::Init;
use quzzle::qaoa::QaoaSimulator;
use quzzle::Angles;
use std::path::{Path, PathBuf};

fn plan(files: Vec<PathBuf>, objective: ObjectiveSpec) -> SweepPlan {
    SweepPlan {
        depths: quzzle::checked::Depths::up_to(3).unwrap(),
        inits: vec![Init::Ramp, Init::Interp, Init::Random],
        objective,
        match_random_budget: true,
        ..small_sweep_plan(files, 40, 7)
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
        p.depths = quzzle::checked::Depths::up_to(2).unwrap();
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
    let quzzle::encoding::SuccessStates { valid, non_qubo, .. } = problem.success_states(sim.diagonal());
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
    let (dir, f, out) = scratch_and_data("sweep-cli", "tiny-tango-4x4.txt", "s");
    let o = quzzle(&argv(
        "sweep {} --depths 1..2 --init all --max-iters 30 --out {}",
        &[f.to_str().unwrap(), out.to_str().unwrap()],
    ));
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
    let o = quzzle(&argv(
        "landscape {} --grid 6 --out {}",
        &[f.to_str().unwrap(), land.to_str().unwrap()],
    ));
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
    let o = quzzle(&argv(
        "sweep {} --out {}",
        &[empty.to_str().unwrap(), empty.join("o").to_str().unwrap()],
    ));
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
        let o = quzzle(&argv(
            "solve {} --depths 1..2 --objective {} --json",
            &[f.to_str().unwrap(), objective],
        ));
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

/// Arguments of a sweep that runs for several seconds: every init, deep circuits, many starts.
fn long_sweep<'a>(out: &'a str, files: &'a [String]) -> Vec<&'a str> {
    let mut args = vec!["sweep"];
    args.extend(files.iter().map(String::as_str));
    args.extend([
        "--space",
        "full",
        "--mixer",
        "x",
        "--depths",
        "1..12",
        "--init",
        "all",
        "--restarts",
        "4",
        "--max-iters",
        "400",
        "--no-instance-plots",
        "--out",
        out,
    ]);
    args
}

fn long_sweep_files() -> Vec<String> {
    [
        "tiny-takuzu-4x4.txt",
        "tiny-tango-4x4.txt",
        "takuzu-4x4-qasm.txt",
        "tango-4x4-qasm.txt",
    ]
    .iter()
    .map(|f| data(f).display().to_string())
    .collect()
}

/// Every line of a sweep CSV is a whole record: the header's column count, ending in a newline.
fn assert_whole_rows(csv: &Path) -> usize {
    let text = std::fs::read_to_string(csv).unwrap();
    assert!(text.ends_with('\n'), "{text}");
    let rows = sweep::read_csv(csv).unwrap();
    assert_eq!(rows.len() + 1, text.lines().count(), "{text}");
    rows.len()
}

#[test]
fn ctrl_c_stops_a_sweep_with_its_rows_kept_and_its_lock_removed() {
    stop_a_sweep_with("INT");
}

/// A polite kill (SIGTERM, as a batch system or `timeout` sends) stops it the same way.
#[test]
fn sigterm_stops_a_sweep_with_its_rows_kept_and_its_lock_removed() {
    stop_a_sweep_with("TERM");
}

fn stop_a_sweep_with(signal: &str) {
    let dir = Scratch::new(&format!("sweep-sig{signal}"));
    let out = dir.join("out");
    let files = long_sweep_files();
    let args = long_sweep(out.to_str().unwrap(), &files);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_quzzle"))
        .args(&args)
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the first rows, then Ctrl-C.
    let csv = out.join("sweep.csv");
    let began = std::time::Instant::now();
    while std::fs::read_to_string(&csv).map_or(0, |t| t.lines().count()) < 3 {
        assert!(began.elapsed().as_secs() < 60, "no row within a minute");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the sweep ended before it could be stopped"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(out.join("sweep.lock").exists());
    let kill = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert!(!out.join("sweep.lock").exists(), "the lock is removed: {err}");
    let kept = assert_whole_rows(&csv);
    assert!(kept >= 2, "{kept}");
    // The same command resumes from the rows kept.
    let mut args = long_sweep(out.to_str().unwrap(), &files);
    args.splice(2..2, ["--max-seconds", "0.5"]);
    let o = quzzle(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("time budget") && err.contains(&format!("{kept} resumed")),
        "{err}"
    );
}

#[test]
fn max_seconds_stops_a_sweep_between_rows() {
    let dir = Scratch::new("sweep-max-seconds");
    let out = dir.join("out");
    let files = long_sweep_files();
    let mut args = long_sweep(out.to_str().unwrap(), &files);
    args.extend(["--max-seconds", "1"]);
    let began = std::time::Instant::now();
    let o = quzzle(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the sweep: no result within the time budget of 1 s"),
        "{err}"
    );
    assert!(err.contains("--max-seconds"), "{err}");
    assert!(began.elapsed().as_secs() < 30, "stopped soon after the budget");
    assert!(!out.join("sweep.lock").exists());
    assert!(assert_whole_rows(&out.join("sweep.csv")) >= 1);
}

#[test]
fn absurd_restarts_are_refused_before_any_work() {
    let (_dir, f, out) = scratch_and_data("sweep-restarts", "tiny-tango-4x4.txt", "out");
    let o = quzzle(&argv(
        "sweep {} --restarts 18446744073709551615 --out {}",
        &[f.to_str().unwrap(), out.to_str().unwrap()],
    ));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--restarts 18446744073709551615: must be 1..=10000"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
}

#[test]
fn an_unsolvable_file_is_skipped_by_name_and_the_sweep_goes_on() {
    let dir = Scratch::new("sweep-unsat");
    let out = dir.join("out");
    let (good, bad) = (data("tiny-tango-4x4.txt"), data("tiny-tango-unsat-4x4.txt"));
    // The library reports the skip as an event, as Python's progress callback sees it.
    let mut p = plan(vec![bad.clone(), good.clone()], ObjectiveSpec::Energy);
    p.depths = quzzle::checked::Depths::up_to(1).unwrap();
    p.inits = vec![Init::Interp];
    let mut skipped = Vec::new();
    let outcome = sweep::run_sweep(&p, &dir.join("lib.csv"), &mut |e| {
        if let sweep::SweepEvent::Skipped { file, reason } = e {
            skipped.push((file.to_string(), reason.to_string()));
        }
    })
    .unwrap();
    assert_eq!(outcome.rows.len(), 1);
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(skipped[0].0, bad.display().to_string());
    assert!(skipped[0].1.starts_with("no solution: "), "{skipped:?}");
    // The command line: exit 0, the skip named on stderr and in summary.md.
    let o = quzzle(&argv(
        "sweep {} {} --depths 1 --no-instance-plots --out {}",
        &[bad.to_str().unwrap(), good.to_str().unwrap(), out.to_str().unwrap()],
    ));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains(&format!("skipped {}: no solution", bad.display())),
        "{err}"
    );
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains(&format!("- {}: no solution", bad.display())),
        "{summary}"
    );
    // solve names the file too.
    let o = quzzle(&["solve", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("no solution: {}: ", bad.display())), "{err}");
}
