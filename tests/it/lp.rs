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
fn a_quadratic_objective_finds_the_shortest_tour() {
    // Distances [[0,3,7,2],[3,0,1,5],[7,1,0,6],[2,5,6,0]]: the tour 0-1-2-3 (length 12) is the
    // shortest, 8 states (4 rotations, 2 directions); 0-2-1-3 is 15 and 0-1-3-2 is 21.
    let f = lp("tsp-4.lp");
    let out = ok(&["classical", &f]);
    assert!(out.contains("solutions: 8") && out.contains("objective: 12"), "{out}");
    let out = ok(&["info", &f]);
    assert!(
        out.contains("with 48 products and 0 linear terms, weight 1/193"),
        "{out}"
    );
    let report = |args: &str| -> serde_json::Value {
        let out = quzzle(&argv(args, &[&f]));
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // On rows+cols every state is a tour: P(feasible) is 1, and P(optimal) is the shortest
    // tours' share.
    let r = report("solve {} --depths 1 --space rows+cols --mixer grover --json");
    assert_eq!(r["valid_states"], 8.0, "{r}");
    let d = &r["depths"][0];
    let p_feasible = d["p_feasible"].as_f64().unwrap_or_else(|| panic!("{r}"));
    assert!((p_feasible - 1.0).abs() < 1e-9, "{r}");
    let ratio = d["approx_ratio"].as_f64().unwrap_or_else(|| panic!("{r}"));
    // Uniform over the 24 tours: (21 − E) / (21 − 12) with E = (8·12 + 8·15 + 8·21)/24 = 16.
    assert!(ratio > 5.0 / 9.0 - 1e-9 && ratio <= 1.0, "{r}");
    // On rows the column penalties remain: P(feasible) < 1, P(optimal) below it.
    let r = report("solve {} --depths 1 --space rows --mixer xy-ring --json");
    let d = &r["depths"][0];
    let p_feasible = d["p_feasible"].as_f64().unwrap_or_else(|| panic!("{r}"));
    let p_optimal = d["success_probability"].as_f64().unwrap();
    assert!(p_optimal < p_feasible && p_feasible < 1.0, "{r}");
}

#[test]
fn anneal_counts_optimal_reads_as_valid_and_feasible_ones_beside() {
    let out = quzzle(&argv(
        "anneal {} --reads 200 --sweeps 20 --seed 3 --json",
        &[&lp("assignment-3x3.lp")],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let valid = r["valid_reads"].as_u64().unwrap();
    let feasible = r["feasible_reads"].as_u64().unwrap_or_else(|| panic!("{r}"));
    assert!(valid > 0 && feasible > valid, "{r}");
    // Every valid read sits at the optimum's energy (cost 5 over λ = 23, plus nothing).
    for e in r["energies"].as_array().unwrap() {
        if e["valid"].as_u64().unwrap() > 0 {
            assert!((e["energy"].as_f64().unwrap() - 5.0 / 23.0).abs() < 1e-9, "{r}");
        }
    }
    // A feasibility model has no feasible count beside P(valid).
    let out = ok(&argv(
        "anneal {} --reads 20 --sweeps 10 --seed 3 --json",
        &[&lp("exact-cover-knuth.lp")],
    ));
    assert!(!out.contains("feasible_reads"), "{out}");
}

#[test]
fn noise_runs_on_an_objective_model_and_a_feasibility_model() {
    for name in ["assignment-3x3.lp", "exact-cover-knuth.lp"] {
        let out = quzzle(&argv(
            "solve {} --depths 1 --max-iters 4 --noise heron --trajectories 4 --json",
            &[&lp(name)],
        ));
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let noisy = r["depths"][0]["noisy"][0]["p_valid"].as_f64();
        assert!(noisy.is_some_and(|p| (0.0..=1.0).contains(&p)), "{name}: {r}");
        assert_eq!(
            r["depths"][0]["p_feasible"].is_null(),
            name.starts_with("exact"),
            "{name}: {r}"
        );
    }
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

/// `qasm` of LP file `name` with `options` at depth 1 (fixed angles) into `dir`, 300 shots
/// sampled from its manifest and scored against it: the manifest and the score's text.
fn qasm_sample_score(dir: &Scratch, name: &str, options: &str) -> (serde_json::Value, String) {
    let qasm = dir.join(format!("{name}.qasm"));
    ok(&argv(
        &format!("qasm {{}} {options} --depth 1 --gammas 0.3 --betas -0.4 -o {{}}"),
        &[&lp(name), qasm.to_str().unwrap()],
    ));
    let manifest = dir.join(format!("{name}.json"));
    let counts = dir.join(format!("{name}.counts.json"));
    ok(&argv(
        "sample {} --shots 300 --seed 1 --format quzzle -o {}",
        &[manifest.to_str().unwrap(), counts.to_str().unwrap()],
    ));
    let out = ok(&argv(
        "score {} --manifest {}",
        &[counts.to_str().unwrap(), manifest.to_str().unwrap()],
    ));
    (json(&manifest), out)
}

#[test]
fn qasm_sample_and_score_rebuild_assignments() {
    let dir = Scratch::new("lp-qasm");
    let (manifest, out) = qasm_sample_score(&dir, "assignment-3x3.lp", "--space rows --mixer xy-ring");
    assert_eq!(manifest["valid_bitstrings"], serde_json::json!(["010100001"]));
    assert!(
        out.contains("P(valid) measured") && out.contains("not optimal"),
        "{out}"
    );
}

#[test]
fn qasm_sample_and_score_on_a_quadratic_objective_and_a_feasibility_model() {
    let dir = Scratch::new("lp-qasm-both");
    // (file, circuit options, optimal bitstrings in the manifest, whether shots can be feasible
    // but not optimal)
    let cases = [
        ("tsp-4.lp", "--space rows --mixer xy-ring", 8, true),
        ("exact-cover-knuth.lp", "--space full", 1, false),
    ];
    for (name, options, optima, objective) in cases {
        let (manifest, out) = qasm_sample_score(&dir, name, options);
        let valid = manifest["valid_bitstrings"].as_array().unwrap().len();
        assert_eq!(valid, optima, "{name}");
        assert!(out.contains("P(valid) measured"), "{name}: {out}");
        assert_eq!(out.contains("not optimal"), objective, "{name}: {out}");
    }
}

#[test]
fn sweep_reads_a_folder_of_lp_files() {
    let dir = Scratch::new("lp-sweep");
    let out = dir.join("sweep");
    ok(&argv("sweep {} --depths 1 --out {}", &[&lp(""), out.to_str().unwrap()]));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    assert_eq!(csv.lines().count(), 5, "{csv}");
    assert!(csv.contains("exact-cover-knuth.lp"), "{csv}");
}

#[test]
fn malformed_files_are_refused_by_file_and_line() {
    let dir = Scratch::new("lp-bad");
    let bad = dir.join("bad.lp");
    std::fs::write(
        &bad,
        "Minimize\n x + y\nSubject To\n c: x - y <= 0\nBinary\n x y\nEnd\n",
    )
    .unwrap();
    let out = quzzle(&["info", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("bad.lp:4") && err.contains("constraint `c`"), "{err}");
}
