//! Advice (src/simulation/advice.rs): `solve` names a space at least 100x smaller than the one
//! it is about to run, with the flags that run it, by the rule `info` recommends by, on the 5x5
//! Queens the repository ships (data/queens-5x5-seed1.txt).

use crate::common::*;
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, EncodingKind};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::simulation::advice::{smaller_space, ADVICE_RATIO};
use quzzle::simulation::SpaceSettings;
use std::path::PathBuf;

fn queens5() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/queens-5x5-seed1.txt")
}

/// Every puzzle file the repository ships (data/, tests/data/), sorted, the unsatisfiable ones
/// left out.
fn shipped_puzzles() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["data", "tests/data"]
        .iter()
        .flat_map(|d| std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt") && !p.to_string_lossy().contains("unsat"))
        .collect();
    files.sort();
    files
}

fn settings(space: SpaceChoice, mixer: MixerKind) -> SpaceSettings {
    SpaceSettings {
        space,
        mixer,
        ..Default::default()
    }
}

#[test]
fn a_far_smaller_space_is_advised_with_a_mixer_that_keeps_it() {
    let none = encoding::load(&queens5(), EncodingKind::Onehot, Level::None).unwrap();
    assert_eq!(none.num_qubits(), 25);
    // 2^25 states on the full space; rows+cols (the 5! permutations) 120, the smallest space a
    // local mixer runs (the regions' 5 one-hot blocks: 540).
    let a = smaller_space(none.as_ref(), &settings(SpaceChoice::Full, MixerKind::X)).expect("advice");
    assert_eq!(
        (a.chosen, a.space, a.mixer),
        (SpaceChoice::Full, SpaceChoice::RowsCols, MixerKind::SwitchComplete)
    );
    assert_eq!(a.chosen_log2, 25.0);
    assert!((a.log2_dimension.exp2() - 120.0).abs() < 1e-6, "{a:?}");
    assert!(a.ratio() > 2.7e5, "{a:?}");
    // The chosen mixer is kept where it runs the space.
    let a = smaller_space(none.as_ref(), &settings(SpaceChoice::Full, MixerKind::Grover)).expect("advice");
    assert_eq!((a.space, a.mixer), (SpaceChoice::RowsCols, MixerKind::Grover));
    // Among the spaces 100x smaller only: from rows (3125), none is (rows+cols has 120).
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Cols, MixerKind::XyRing)).is_none());
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Regions, MixerKind::XyComplete)).is_none());
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Auto, MixerKind::XyRing)).is_none());

    // At paper: 14 qubits (16384 states); rows+cols has 12, cols 128. The reduction leaves the
    // grids of rows+cols with fixed cells, where a circuit starts from one basis state, but a
    // simulation (what solve runs) starts uniform on every grid: rows+cols is advised.
    let paper = encoding::load(&queens5(), EncodingKind::Onehot, Level::Paper).unwrap();
    let a = smaller_space(paper.as_ref(), &settings(SpaceChoice::Full, MixerKind::X)).expect("advice");
    assert_eq!((a.space, a.mixer), (SpaceChoice::RowsCols, MixerKind::SwitchComplete));
    assert!(
        a.ratio() >= ADVICE_RATIO && (a.ratio() - 16384.0 / 12.0).abs() < 1e-6,
        "{a:?}"
    );
    // From rows+cols itself nothing is 100x smaller.
    assert!(smaller_space(paper.as_ref(), &settings(SpaceChoice::RowsCols, MixerKind::SwitchRing)).is_none());
    // Settings the run refuses get no advice (the run says why).
    assert!(smaller_space(paper.as_ref(), &settings(SpaceChoice::Full, MixerKind::XyRing)).is_none());
}

#[test]
fn solve_prints_the_advice_with_its_flags_before_the_run() {
    let file = queens5();
    let out = quzzle(&argv(
        "solve {} --depths 1 --max-iters 2 --space full --mixer x",
        &[s(&file)],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.starts_with("note: space full has 16384 basis states; space rows+cols, which the switch-complete mixer keeps, has 12 (1365x fewer): `--space rows+cols --mixer switch-complete` runs it"),
        "{err}"
    );
    // The advised flags run, and give no advice of their own.
    let out = quzzle(&argv(
        "solve {} --depths 1 --max-iters 2 --space rows+cols --mixer switch-complete",
        &[s(&file)],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("note: space"), "{}", stderr(&out));
    // The report on stdout is the same with or without the note: it goes to stderr.
    let json = ok(&argv(
        "solve {} --depths 1 --max-iters 2 --space full --mixer x --json",
        &[s(&file)],
    ));
    assert!(json.trim_start().starts_with('{'), "{json}");
}

/// With neither `--space` nor `--mixer`, `solve` runs what `info` recommends and says so: in
/// its header, in the report's `chosen`, and with no advice note (nothing is
/// smaller). Named flags leave `chosen` out.
#[test]
fn solve_runs_the_recommendation_when_no_space_or_mixer_is_named() {
    let file = queens5();
    let out = quzzle(&argv("solve {} --depths 1 --max-iters 2", &[s(&file)]));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout_of(&out);
    assert!(
        text.contains("space rows+cols (1 blocks, 12 basis states = 2^3.58), mixer switch-complete, route statevector\n  recommended: the smallest space that a mixer keeping its counts runs as a statevector; naming a space or a mixer chooses another"),
        "{text}"
    );
    assert!(!stderr(&out).contains("note: space"), "{}", stderr(&out));
    let report = ok_json(&argv("solve {} --depths 1 --max-iters 2 --json", &[s(&file)]));
    let info = ok_json(&argv("info {} --json", &[s(&file)]));
    // The report's provenance (its first fields) names them.
    assert_eq!(report["space"], info["recommended"]["space"]);
    assert_eq!(report["mixer"], info["recommended"]["mixer"]);
    assert!(report["chosen"].as_str().unwrap().starts_with("recommended: "));
    // The same run named: the same numbers, and no `chosen`.
    let named = ok_json(&argv(
        "solve {} --depths 1 --max-iters 2 --space rows+cols --mixer switch-complete --json",
        &[s(&file)],
    ));
    assert!(named.get("chosen").is_none(), "{named}");
    let without_seconds = |v: &serde_json::Value| {
        let mut depths = v["depths"].clone();
        for d in depths.as_array_mut().unwrap() {
            d.as_object_mut().unwrap().remove("seconds");
        }
        depths
    };
    assert_eq!(without_seconds(&named), without_seconds(&report));
    let full = stdout_of(&quzzle(&argv(
        "solve {} --depths 1 --max-iters 2 --space full --mixer x",
        &[s(&file)],
    )));
    assert!(
        full.contains("space full (16384 basis states = 2^14.00), mixer x, route statevector (as named)"),
        "{full}"
    );
}

/// A run that makes a circuit ranks only circuits that export, each switch mixer from the
/// start its circuit takes: the demo Tango's `rows+cols` (3 states) only the Grover mixer keeps,
/// so `solve` runs it but `qasm` (no circuit prepares it) the full space with the X mixer; on
/// the 5x5 Queens at `paper` the switch circuit would start from one grid state (the reduction
/// fixes cells), so `qasm` and `sample` take the columns under the XY ring, and at `none` (full
/// permutation grids, a uniform start) `rows+cols` under `switch-complete`. `qasm --angles
/// REPORT` with neither flag exports the report's own circuit.
#[test]
fn a_circuit_takes_the_recommendation_among_circuits_that_export() {
    let dir = Scratch::new("recommended-circuits");
    let tango = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/demo-tango-6x6.txt");
    let solved = dir.join("solve.json");
    std::fs::write(
        &solved,
        ok(&argv("solve {} --depths 1 --max-iters 2 --json", &[s(&tango)])),
    )
    .unwrap();
    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&solved).unwrap()).unwrap();
    assert_eq!(
        (&report["space"], &report["mixer"]),
        (&serde_json::json!("rows+cols"), &serde_json::json!("grover"))
    );
    let qasm = dir.join("tango.qasm");
    let text = ok(&argv(
        "qasm {} --depth 1 --gammas 0.1 --betas 0.2 -o {}",
        &[s(&tango), s(&qasm)],
    ));
    assert!(
        text.contains("space full, mixer x: recommended: no mixer keeping counts runs a statevector here, and this is the smallest space another mixer does, among circuits that export"),
        "{text}"
    );
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(qasm.with_extension("json")).unwrap()).unwrap();
    assert_eq!(
        (&manifest["space"], &manifest["mixer"]),
        (&serde_json::json!("full"), &serde_json::json!("x"))
    );
    assert!(manifest["chosen"].as_str().unwrap().starts_with("recommended: "));
    // A report's angles bring their circuit: the 5x5 Queens solved on its recommendation
    // (rows+cols under switch-complete, simulated from the uniform start) exports from its
    // first grid, the start its circuit has at `paper`.
    let rows = dir.join("rows.json");
    std::fs::write(
        &rows,
        ok(&argv("solve {} --depths 1 --max-iters 2 --json", &[s(&queens5())])),
    )
    .unwrap();
    let from_report = dir.join("from-report.qasm");
    ok(&argv(
        "qasm {} --depth 1 --angles {} -o {}",
        &[s(&queens5()), s(&rows), s(&from_report)],
    ));
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(from_report.with_extension("json")).unwrap()).unwrap();
    assert_eq!(
        (&m["space"], &m["mixer"]),
        (&serde_json::json!("rows+cols"), &serde_json::json!("switch-complete"))
    );
    assert_eq!(m["start"], "first-grid");
    assert!(m.get("chosen").is_none(), "{m}");
    // The demo Tango's report (the Grover mixer on joined blocks) has no circuit: said so.
    let o = quzzle(&argv("qasm {} --depth 1 --angles {}", &[s(&tango), s(&solved)]));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("grover"), "{}", stderr(&o));
    let exported = |level: &str| {
        let queens = dir.join(format!("queens-{level}.qasm"));
        ok(&argv(
            "qasm {} --reduce {} --depth 1 --gammas 0.1 --betas 0.2 -o {}",
            &[s(&queens5()), level, s(&queens)],
        ));
        let m: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(queens.with_extension("json")).unwrap()).unwrap();
        (
            m["space"].as_str().unwrap().to_string(),
            m["mixer"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(exported("paper"), ("cols".to_string(), "xy-ring".to_string()));
    assert_eq!(
        exported("none"),
        ("rows+cols".to_string(), "switch-complete".to_string())
    );
    // sample draws the circuit qasm exports, and names it.
    let counts = dir.join("counts.json");
    let said = ok(&argv(
        "sample {} --depth 1 --gammas 0.1 --betas 0.2 --shots 50 -o {}",
        &[s(&queens5()), s(&counts)],
    ));
    assert!(
        said.contains("circuit: space cols, mixer xy-ring; recommended: "),
        "{said}"
    );
}

/// The recommendation is `info`'s, for every shipped puzzle at two levels (among every
/// circuit when nothing is exported).
#[test]
fn the_default_is_what_info_recommends_on_every_shipped_puzzle() {
    use quzzle::experiment::info;
    use quzzle::simulation::{self, Chosen};
    let files = shipped_puzzles();
    let default = SpaceSettings::from_choices(None, None);
    assert_eq!(default.chosen, Chosen::Recommend);
    let mut compared = 0;
    for file in &files {
        for level in [Level::None, Level::Paper] {
            let Ok(enc) = encoding::load(file, EncodingKind::Onehot, level) else {
                continue;
            };
            if enc.num_qubits() == 0 || enc.num_qubits() > 120 {
                continue;
            }
            let report = info::info(enc.as_ref(), SpaceChoice::Full).unwrap();
            let Some(r) = report.recommended else {
                continue;
            };
            let run = simulation::run_settings(enc.as_ref(), &default, false).unwrap();
            let at = format!("{} at {level}", file.display());
            assert_eq!((run.space, run.mixer), (r.space, r.mixer), "{at}");
            assert!(matches!(run.chosen, Chosen::Recommended(_)));
            // A run that makes a circuit takes info's recommended circuit (none: full with x).
            let circuit = simulation::circuit_settings(enc.as_ref(), &default).unwrap();
            let want = report
                .recommended_circuit
                .as_ref()
                .map_or((SpaceChoice::Full, MixerKind::X), |c| (c.space, c.mixer));
            assert_eq!((circuit.space, circuit.mixer), want, "{at}");
            // Resolving twice changes nothing (a report's settings run again as they are).
            assert_eq!(simulation::run_settings(enc.as_ref(), &run, false).unwrap(), run);
            compared += 1;
        }
    }
    assert!(compared >= 20, "only {compared} boards compared");
}

/// An unresolved recommendation never builds a space: that would run the full space silently.
#[test]
fn an_unresolved_recommendation_is_refused_where_a_space_is_built() {
    let enc = encoding::load(&queens5(), EncodingKind::Onehot, Level::Paper).unwrap();
    let e = quzzle::simulation::space_of(enc.as_ref(), &SpaceSettings::from_choices(None, None)).unwrap_err();
    assert!(matches!(e, quzzle::Error::Internal(_)), "{e}");
}

/// `info` and `solve` advise by one rule: where the space `info` recommends is at least 100x
/// smaller than the full space, `solve` on the full space names that space and mixer; where it
/// is not, `solve` names nothing or a space of a worse rank that is (never a smaller one).
#[test]
fn info_recommends_what_solve_advises() {
    use quzzle::experiment::info;
    let files = shipped_puzzles();
    let mut agreed = 0;
    for file in &files {
        for level in [Level::None, Level::Paper] {
            let Ok(enc) = encoding::load(file, EncodingKind::Onehot, level) else {
                continue;
            };
            if enc.num_qubits() == 0 || enc.num_qubits() > 120 {
                continue;
            }
            let report = info::info(enc.as_ref(), SpaceChoice::Full).unwrap();
            let advice = smaller_space(enc.as_ref(), &settings(SpaceChoice::Full, MixerKind::X));
            let n = enc.num_qubits() as f64;
            match (&report.recommended, &advice) {
                (Some(r), _) if r.log2_dimension <= n - ADVICE_RATIO.log2() + 1e-9 => {
                    let a = advice
                        .as_ref()
                        .unwrap_or_else(|| panic!("{}: no advice", file.display()));
                    assert_eq!((a.space, a.mixer), (r.space, r.mixer), "{} at {level}", file.display());
                    agreed += 1;
                }
                (Some(r), Some(a)) => {
                    assert!(
                        a.log2_dimension >= r.log2_dimension,
                        "{} at {level}: {a:?}",
                        file.display()
                    )
                }
                _ => {}
            }
        }
    }
    assert!(agreed >= 10, "only {agreed} boards compared");
}

/// A sweep with neither flag runs each file on its own recommendation: the rows record it, and
/// a rerun resumes every row (the keys hold each file's space and mixer).
#[test]
fn a_sweep_takes_each_files_recommendation_and_resumes_it() {
    let dir = Scratch::new("recommended-sweep");
    let tango = data("tiny-tango-4x4.txt");
    let queens = queens5();
    let out = dir.join("sweep");
    let args = argv(
        "sweep {} {} --depths 1 --max-iters 3 --no-instance-plots --out {}",
        &[s(&queens), s(&tango), s(&out)],
    );
    let first = quzzle(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(stderr(&first).contains("space and mixer: for each file, the ones `info` recommends"));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let file = if f[col("file")].contains("queens") {
            &queens
        } else {
            &tango
        };
        let info = ok_json(&argv("info {} --json", &[s(file)]));
        assert_eq!(f[col("space")], info["recommended"]["space"], "{line}");
        assert_eq!(f[col("mixer")], info["recommended"]["mixer"], "{line}");
    }
    assert_eq!(csv.lines().count(), 3, "{csv}");
    let again = quzzle(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stderr(&again).contains("(0 computed"), "{}", stderr(&again));
}
