//! One test per defect of issue 21, each failing before its fix.

use crate::common::{argv, data, quzzle, shared_files, shared_instances, stderr, Scratch};
use quzzle::encoding::compact::CompactSudoku;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::{self, Encoding, EncodingKind};
use quzzle::experiment::solve::{self, SolveSettings};
use quzzle::model::Level;
use quzzle::qaoa::optimize::{self, OptimizeConfig};
use quzzle::qaoa::{Objective, QaoaSimulator};
use quzzle::Error;
use std::f64::consts::{FRAC_PI_2, PI};

/// Random starts draw β from the whole period [−π/2, π/2), both signs.
#[test]
fn issue_21_random_init_draws_beta_of_both_signs() {
    let p = OneHot::load(&data("tiny-tango-4x4.txt"), Level::None).unwrap();
    let sim = QaoaSimulator::new(&p.ising).unwrap();
    let mut rng = quzzle::rng::seeded(1);
    let betas: Vec<f64> = (0..50)
        .flat_map(|_| optimize::random_start(&sim, 4, &mut rng).unwrap().betas)
        .collect();
    assert!(betas.iter().all(|b| (-FRAC_PI_2..FRAC_PI_2).contains(b)));
    assert!(betas.iter().filter(|&&b| b < 0.0).count() > 60, "{betas:?}");
    assert!(betas.iter().filter(|&&b| b > 0.0).count() > 60);
}

/// The optimum at depth p is never worse than at p − 1, and angles come back in their
/// canonical periods. Before the fix, sudoku4-amayaos-11 (compact, clues, INTERP) rose from
/// E 0.805 at p = 2 to E 5.35 at p = 3 with γ = −198.6.
#[test]
fn issue_21_energy_never_rises_with_depth_and_angles_are_canonical() {
    let Some(dir) = shared_instances() else { return };
    let c = CompactSudoku::load(&dir.join("sudoku4/sudoku4-amayaos-11.txt"), Level::Clues).unwrap();
    let settings = SolveSettings {
        depths: quzzle::checked::Depths::up_to(4).unwrap(),
        ..SolveSettings::default()
    };
    let report = solve::solve(&c, &settings).unwrap();
    for w in report.depths.windows(2) {
        assert!(
            w[1].energy <= w[0].energy + 1e-9,
            "p = {}: {} after {}",
            w[1].p,
            w[1].energy,
            w[0].energy
        );
    }
    // Integer energies: γ has period 2π; the X mixer: β has period π.
    for d in &report.depths {
        assert!(d.gammas.iter().all(|g| (-PI..PI).contains(g)), "{:?}", d.gammas);
        assert!(
            d.betas.iter().all(|b| (-FRAC_PI_2..FRAC_PI_2).contains(b)),
            "{:?}",
            d.betas
        );
    }
}

/// L-BFGS never ends worse than where it started, from any start.
#[test]
fn issue_21_optimiser_never_ends_worse_than_its_start() {
    let p = OneHot::load(&data("tiny-tango-4x4.txt"), Level::None).unwrap();
    let sim = QaoaSimulator::new(&p.ising).unwrap();
    let mut rng = quzzle::rng::seeded(5);
    for _ in 0..6 {
        let start = optimize::random_start(&sim, 3, &mut rng).unwrap();
        let at_start = sim.objective(&start, &Objective::Energy).unwrap();
        let o = optimize::optimize(&sim, &Objective::Energy, &start, false, &OptimizeConfig::default()).unwrap();
        assert!(o.value <= at_start + 1e-12, "{} > {at_start}", o.value);
        assert!((sim.objective(&o.angles, &Objective::Energy).unwrap() - o.value).abs() < 1e-9);
    }
}

/// Too big to simulate: the error names the file, the GiB, and the levels that fit.
#[test]
fn issue_21_too_big_names_file_size_and_fitting_levels() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/demo-tango-6x6.txt");
    let enc = encoding::load(&path, EncodingKind::Onehot, Level::None).unwrap();
    assert_eq!(enc.num_qubits(), 36);
    let e = quzzle::simulation::full::simulator(enc.as_ref()).unwrap_err();
    let Error::DoesNotFit { ref fitting, .. } = e else {
        panic!("{e:?}")
    };
    assert!(fitting.iter().any(|(l, _)| *l == Level::Paper), "{fitting:?}");
    let msg = e.to_string();
    assert!(
        msg.contains("demo-tango-6x6.txt") && msg.contains("GiB") && msg.contains("paper ("),
        "{msg}"
    );
    let o = quzzle(&[
        "solve",
        path.to_str().unwrap(),
        "--reduce",
        "none",
        "--space",
        "full",
        "--mixer",
        "x",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("these reduction levels fit"), "{}", stderr(&o));
}

/// A puzzle the reduction decides completely says so, with no QAOA row.
#[test]
fn issue_21_zero_qubit_instances_say_so() {
    // Find a shared Tango that `propagate` decides completely (most of them).
    let Some(f) = shared_files("tango")
        .into_iter()
        .find(|f| OneHot::load(f, Level::Propagate).unwrap().num_qubits() == 0)
    else {
        return;
    };
    let s = f.to_str().unwrap();
    let o = quzzle(&["solve", s, "--reduce", "propagate"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("decides every cell") && !text.contains("P(valid)"),
        "{text}"
    );
    let o = quzzle(&["solve", s, "--reduce", "propagate", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["qubits"], 0);
    assert_eq!(v["depths"].as_array().unwrap().len(), 0);
    assert!(v["decided_board"].is_array());
    let dir = Scratch::new("zero-qubit-sweep");
    let o = quzzle(&["sweep", s, "--reduce", "propagate", "--out", dir.to_str().unwrap()]);
    assert!(stderr(&o).contains("decides every cell (0 qubits)"), "{}", stderr(&o));
}

/// `qasm --angles` refuses a report of another puzzle, reduction or encoding.
#[test]
fn issue_21_qasm_refuses_angles_of_another_circuit() {
    let dir = Scratch::new("qasm-angles");
    let a = data("tiny-tango-4x4.txt");
    let b = data("tiny-takuzu-4x4.txt");
    let report = dir.join("a.json");
    let o = quzzle(&[
        "solve",
        a.to_str().unwrap(),
        "--space",
        "full",
        "--mixer",
        "x",
        "--depths",
        "1..2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::write(&report, &o.stdout).unwrap();
    let r = report.to_str().unwrap();
    let ok = quzzle(&["qasm", a.to_str().unwrap(), "--depth", "2", "--angles", r]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    for args in [
        vec!["qasm", b.to_str().unwrap(), "--depth", "2", "--angles", r],
        argv("qasm {} --reduce none --depth 2 --angles {}", &[a.to_str().unwrap(), r]),
    ] {
        let o = quzzle(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("belong to another circuit"), "{}", stderr(&o));
    }
}

/// Usage errors exit 2; a missing file prints its cause once.
#[test]
fn issue_21_usage_errors_exit_2_and_causes_print_once() {
    let f = data("tiny-tango-4x4.txt");
    let s = f.to_str().unwrap();
    for args in [
        vec!["qasm", s, "--depth", "0", "--optimize"],
        vec!["solve", s, "--depths", "0"],
        vec!["sweep", s, "--depths", "0"],
        vec!["solve", s, "--depths", "3..1"],
        vec!["solve", s, "--restarts", "0"],
        vec!["bench", "--random", "4", "--depth", "0"],
    ] {
        assert_eq!(quzzle(&args).status.code(), Some(2), "{args:?}");
    }
    // A missing input is handed in wrong: a usage error like any other.
    let o = quzzle(&["info", "/no/such/puzzle.txt"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert_eq!(e.matches("No such file or directory").count(), 1, "{e}");
}

/// The demo marks its most likely board, draws its plot, and leaves the work tree clean.
#[test]
fn issue_21_demo_marks_its_board_and_draws_its_plot() {
    let dir = Scratch::new("demo");
    let o = quzzle(&["demo", "--out", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("most likely board at p = 3"), "{text}");
    assert!(text.contains("VALID") || text.contains("INVALID"), "{text}");
    for f in [
        "solve.json",
        "depths.csv",
        "success_vs_depth.svg",
        "success_vs_depth.png",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    // Its default folder is ignored by git, so running it leaves `git status` clean.
    let ignore = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".gitignore")).unwrap();
    assert!(ignore.lines().any(|l| l.trim() == "/results/demo/"), "{ignore}");
}

/// `--encoding compact` works in sweep, landscape and ising; the compact solve honours
/// `--objective` and reports the non-QUBO mass.
#[test]
fn issue_21_compact_encoding_everywhere() {
    let f = data("sudoku4-generated-5-clues.txt");
    let s = f.to_str().unwrap();
    let dir = Scratch::new("compact");
    let out = dir.to_str().unwrap();
    let o = quzzle(&["ising", s, "--encoding", "compact", "--reduce", "clues"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["encoding"], "compact");
    let o = quzzle(&argv(
        "sweep {} --encoding compact --reduce clues --depths 1..2 --out {}",
        &[s, out],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = quzzle::experiment::sweep::read_csv(&dir.join("sweep.csv")).unwrap();
    assert_eq!(rows.len(), 2);
    let c = CompactSudoku::load(&f, Level::Clues).unwrap();
    assert!(rows.iter().all(|r| r.qubits == c.num_qubits()));
    let o = quzzle(&argv(
        "landscape {} --encoding compact --reduce clues --grid 5 --out {}",
        &[s, out],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    let o = quzzle(&argv(
        "solve {} --encoding compact --reduce clues --depths 1 --objective success --json",
        &[s],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["objective"], "success");
    let d = &v["depths"][0];
    assert!(d["p_non_qubo"].is_number());
    assert!((d["objective_value"].as_f64().unwrap() + d["success_probability"].as_f64().unwrap()).abs() < 1e-9);
}
