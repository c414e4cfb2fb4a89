//! LP files (src/puzzle/lp.rs): every command reads one where it reads a puzzle file; the
//! optima and feasible sets are those worked out by hand (and by dimod's exact solvers in
//! python/tests/test_lp.py).

use crate::common::{argv, data, ok, quzzle, stderr, Scratch};

fn json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn lp(name: &str) -> String {
    data(&format!("lp/{name}")).to_str().unwrap().to_string()
}

#[test]
fn info_shows_the_detected_counts_and_spaces() {
    let f = lp("assignment-3x3.lp");
    let out = ok(&["info", &f]);
    assert!(out.contains("worker_0        6  row       exact count 1 of 3"), "{out}");
    assert!(out.contains("job_2          11  column    exact count 1 of 3"), "{out}");
    assert!(out.contains("auto=rows+cols"), "{out}");
    let out = ok(&["info", &lp("independent-set-6.lp")]);
    assert!(out.contains("arc_0_3        11  -         not-both"), "{out}");
}

#[test]
fn classical_finds_the_optimum_and_the_feasible_set() {
    // Cost matrix [[4,1,3],[2,0,5],[3,2,2]]: the least assignment is 1 + 2 + 2 = 5.
    let out = ok(&["classical", &lp("assignment-3x3.lp")]);
    assert!(
        out.contains("solutions: 1") && out.contains("variables at 1: a_0_1 a_1_0 a_2_2"),
        "{out}"
    );
    assert!(out.contains("objective: 5"), "{out}");
    // A 6-cycle with the chord 0-3: the largest independent sets are {0,2,4} and {1,3,5}.
    let out = ok(&["classical", &lp("independent-set-6.lp")]);
    assert!(out.contains("solutions: 2") && out.contains("objective: -3"), "{out}");
    // Knuth's exact cover: B, D, F only.
    let out = ok(&["classical", &lp("exact-cover-knuth.lp")]);
    assert!(
        out.contains("solutions: 1") && out.contains("variables at 1: pick_B pick_F pick_D"),
        "{out}"
    );
}

#[test]
fn solve_on_rows_with_an_xy_mixer_beats_uniform() {
    let out = quzzle(&argv(
        "solve {} --depths 2 --space auto --mixer xy-ring --json",
        &[&lp("assignment-3x3.lp")],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["puzzle"], "lp");
    assert_eq!(report["space"], "rows");
    assert_eq!(report["valid_bitstrings"], serde_json::json!(["010100001"]));
    let text = report.to_string();
    let p_valid = report["depths"][0]["success_probability"]
        .as_f64()
        .unwrap_or_else(|| panic!("{text}"));
    assert!(p_valid > 2.0 / 27.0, "{p_valid}");
}

#[test]
fn qasm_sample_and_score_rebuild_assignments() {
    let dir = Scratch::new("lp-qasm");
    let qasm = dir.join("a.qasm");
    ok(&argv(
        "qasm {} --space rows --mixer xy-ring --depth 1 --gammas 0.3 --betas -0.4 -o {}",
        &[&lp("assignment-3x3.lp"), qasm.to_str().unwrap()],
    ));
    let manifest = dir.join("a.json");
    assert_eq!(json(&manifest)["valid_bitstrings"], serde_json::json!(["010100001"]));
    let counts = dir.join("counts.json");
    ok(&argv(
        "sample {} --shots 300 --seed 1 --format quzzle -o {}",
        &[manifest.to_str().unwrap(), counts.to_str().unwrap()],
    ));
    let out = ok(&argv(
        "score {} --manifest {}",
        &[counts.to_str().unwrap(), manifest.to_str().unwrap()],
    ));
    assert!(
        out.contains("P(valid) measured") && out.contains("not optimal"),
        "{out}"
    );
}

#[test]
fn sweep_reads_a_folder_of_lp_files() {
    let dir = Scratch::new("lp-sweep");
    let out = dir.join("sweep");
    ok(&argv("sweep {} --depths 1 --out {}", &[&lp(""), out.to_str().unwrap()]));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    assert_eq!(csv.lines().count(), 4, "{csv}");
    assert!(csv.contains("exact-cover-knuth.lp"), "{csv}");
}

#[test]
fn malformed_files_are_refused_by_file_and_line() {
    let dir = Scratch::new("lp-bad");
    let bad = dir.join("bad.lp");
    std::fs::write(
        &bad,
        "Minimize\n x + y\nSubject To\n c: x + y >= 1\nBinary\n x y\nEnd\n",
    )
    .unwrap();
    let out = quzzle(&["info", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("bad.lp:4") && err.contains("constraint `c`"), "{err}");
}
