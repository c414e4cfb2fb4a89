//! LP files (src/puzzle/lp.rs): every command reads one where it reads a puzzle file; the
//! optima and feasible sets are those worked out by hand (and by dimod's exact solvers in
//! python/tests/test_lp.py).

use crate::common::{argv, data, ok, quzzle, stderr, usage_error, Scratch};

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
    // The JSON carries the families the text prints; a puzzle's has none.
    let report: serde_json::Value = serde_json::from_str(&ok(&["info", &f, "--json"])).unwrap();
    let structure: Vec<&str> = report["structure"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        structure[..2],
        [
            "row: 3 exact counts of 3 variables, k = 1",
            "column: 3 exact counts of 3 variables, k = 1"
        ]
    );
    assert!(
        structure[2].starts_with("row and column cross as an assignment"),
        "{structure:?}"
    );
    let puzzle: serde_json::Value = serde_json::from_str(&ok(&[
        "info",
        data("queens-4x4-handmade.txt").to_str().unwrap(),
        "--json",
    ]))
    .unwrap();
    assert!(puzzle.get("structure").is_none(), "{puzzle}");
    assert!(puzzle.get("model").is_none(), "{puzzle}");
    // ... and the model's table: each constraint as the text lists it, with its penalty's
    // weight, and the objective with the divisor λ = 1 + Σ|w| (4+1+3+2+5+3+2+2 = 22: 23).
    let model = &report["model"];
    assert_eq!(model["variables"], 9);
    let constraints = model["constraints"].as_array().unwrap();
    assert_eq!(constraints.len(), 6);
    assert_eq!(
        constraints[3],
        serde_json::json!({"name": "job_0", "line": 9, "family": "column", "read_as": "exact count 1 of 3", "penalty": 1.0})
    );
    assert_eq!(
        model["objective"],
        serde_json::json!({"sense": "minimise", "linear_terms": 8, "products": 0, "divisor": 23.0})
    );
    // A constraint every assignment meets adds no penalty; a feasibility model has no objective.
    let dir = Scratch::new("lp-model-json");
    let f = dir.join("loose.lp");
    std::fs::write(
        &f,
        "Minimize\n obj:\nSubject To\n pick: x + y = 1\n loose: x + y <= 2\nBinary\n x y\nEnd\n",
    )
    .unwrap();
    let loose: serde_json::Value = serde_json::from_str(&ok(&["info", f.to_str().unwrap(), "--json"])).unwrap();
    let c = &loose["model"]["constraints"];
    assert_eq!(
        (c[0]["name"].as_str(), c[0]["penalty"].as_f64()),
        (Some("pick"), Some(1.0)),
        "{c}"
    );
    assert_eq!(
        (c[1]["read_as"].as_str(), c[1]["penalty"].as_f64()),
        (Some("always holds"), None),
        "{c}"
    );
    assert!(loose["model"]["objective"].is_null(), "{loose}");
}

#[test]
fn an_mps_file_pulp_writes_reads_as_its_model() {
    // PuLP 3's `writeMPS` of a 4x4 assignment (costs [[3,1,4,1],[5,9,2,6],[5,3,5,8],[9,7,9,3]])
    // with `x_0_0 + x_1_1 <= 1`: the two least assignments cost 11 (brute force), and its rows
    // and columns make the rows+cols space.
    let f = lp("assignment-4x4-pulp.mps");
    let out = ok(&["classical", &f]);
    assert!(out.contains("solutions: 2") && out.contains("objective: 11"), "{out}");
    assert!(out.contains("variables at 1: x_0_1 x_1_2 x_2_0 x_3_3"), "{out}");
    let out = ok(&["info", &f]);
    assert!(out.contains("row_0           5  row       exact count 1 of 4"), "{out}");
    assert!(out.contains("col_3          12  column    exact count 1 of 4"), "{out}");
    assert!(out.contains("nb             13  -         not-both"), "{out}");
    assert!(out.contains("auto=rows+cols"), "{out}");
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

/// Write `text` as `name` in `dir` and return its path as text.
fn write_lp(dir: &std::path::Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn optima_are_told_apart_on_the_objective_not_its_scaled_cost() {
    // Issue 79 item 1: divided by λ = 1e9 + 4, the weights 1 and 2 differ by 1e-9 in the cost,
    // the cost's resolution; the optimum is y alone (objective 1), never z (2).
    let dir = Scratch::new("lp-exact");
    let f = write_lp(
        &dir,
        "big.lp",
        "Minimize\n obj: 1e9 x + 1 y + 2 z\nSubject To\n one: x + y + z = 1\nBinary\n x y z\nEnd\n",
    );
    let out = quzzle(&["classical", &f]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("solutions: 1") && text.contains("variables at 1: y"),
        "{text}"
    );
    assert!(!text.contains("variables at 1: z"), "{text}");
    let err = stderr(&out);
    assert!(
        err.contains("warning: the circuit's cost cannot separate") && err.contains("`z` (2)"),
        "{err}"
    );
    for method in ["search", "diagonal"] {
        let out = ok(&["classical", &f, "--method", method, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["solution_count"], 1, "{method}: {out}");
        assert!(v["warnings"][0].as_str().unwrap().contains("`y` (1)"), "{out}");
    }
    // solve: P(optimal) counts y alone; the ratio is on the objective itself.
    let v = ok_json_of(&["solve", &f, "--space", "full", "--depths", "1", "--json"]);
    assert_eq!(v["valid_bitstrings"].as_array().unwrap().len(), 1, "{v}");
    assert!(v["warnings"][0].as_str().unwrap().contains("cannot separate"), "{v}");
    let d = &v["depths"][0];
    let ratio = d["approx_ratio"].as_f64().unwrap();
    assert!(ratio > 0.0 && ratio < 1.0, "{d}");
    let info = ok(&["info", &f]);
    assert!(info.contains("warning: the circuit's cost cannot separate"), "{info}");
    // Weights 1 and 1.000000001 (λ ≈ 3): x alone is optimal.
    let f = write_lp(
        &dir,
        "close.lp",
        "Minimize\n obj: 1 x + 1.000000001 y\nSubject To\n one: x + y = 1\nBinary\n x y\nEnd\n",
    );
    let out = ok(&["classical", &f]);
    assert!(
        out.contains("solutions: 1") && out.contains("variables at 1: x"),
        "{out}"
    );
    // A file the cost separates says nothing.
    let out = quzzle(&["classical", &lp("assignment-3x3.lp")]);
    assert!(!stderr(&out).contains("warning"), "{}", stderr(&out));
}

fn ok_json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).unwrap()
}

#[test]
fn weights_that_overflow_are_refused_by_line() {
    // Issue 79 item 2: λ = 1 + Σ|w| overflows; before, `info` printed weight 1/inf.
    let dir = Scratch::new("lp-overflow");
    let cases = [
        (
            "Minimize\n obj: 1e308 x + 1e308 y + 5e307 z\nSubject To\n one: x + y + z = 1\nBinary\n x y z\nEnd\n",
            ":2:",
            "overflows",
        ),
        ("Minimize\n obj: 1e400 x + y\nBinary\n x y\nEnd\n", ":2:", "not finite"),
        (
            "Minimize\n obj: 1e308 x\n + 1e308 x + y\nBinary\n x y\nEnd\n",
            ":3:",
            "add up to more than",
        ),
        (
            "Maximize\n obj: [ 1e308 x * y + 1e308 y * x ]\nBinary\n x y\nEnd\n",
            ":2:",
            "add up to more than",
        ),
    ];
    for (i, (text, line, words)) in cases.iter().enumerate() {
        let f = write_lp(&dir, &format!("o{i}.lp"), text);
        let out = quzzle(&["info", &f]);
        assert!(!out.status.success(), "{text}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(&format!("o{i}.lp{line}")) && err.contains(words),
            "{text}: {err}"
        );
    }
}

#[test]
fn lp_messages_name_what_is_wrong_where() {
    // Issue 79 item 15.
    let dir = Scratch::new("lp-messages");
    // A byte-order mark is skipped.
    let f = write_lp(
        &dir,
        "bom.lp",
        "\u{feff}Minimize\n obj: x + 2 y\nSubject To\n c: x + y = 1\nBinary\n x y\nEnd\n",
    );
    assert!(ok(&["classical", &f]).contains("solutions: 1"));
    // `Binary x y z` on one line.
    let f = write_lp(
        &dir,
        "bin.lp",
        "Minimize\n obj: x + 2 y + 3 z\nSubject To\n c: x + y + z = 1\nBinary x y z\nEnd\n",
    );
    assert!(ok(&["classical", &f]).contains("variables at 1: x"));
    let refused = |name: &str, text: &str, want: &str| {
        let f = write_lp(&dir, name, text);
        let out = quzzle(&["info", &f]);
        assert!(!out.status.success(), "{text}");
        let err = stderr(&out);
        assert!(err.contains(want), "{text}: {err}");
    };
    refused(
        "lazy.lp",
        "Minimize\n x\nSubject To\n c: x + y = 1\nLazy Constraints\n d: x - y = 0\nBinary\n x y\nEnd\n",
        "lazy.lp:5: unsupported section `Lazy Constraints`",
    );
    refused(
        "rhs.lp",
        "Minimize\n x\nSubject To\n a: x + y = 1\n c: x + y <=\nBinary\n x y\nEnd\n",
        "rhs.lp:5: constraint `c`: no right-hand side after `<=`",
    );
    refused(
        "rhs2.lp",
        "Minimize\n x\nSubject To\n c: x + y <=\n d: x - y = 0\nBinary\n x y\nEnd\n",
        "rhs2.lp:4: constraint `c`: no right-hand side",
    );
    refused("empty.lp", "", "the file is empty");
    refused("blank.lp", "\n  \\ a comment\n\n", "the file is empty");
    // An unnamed constraint and a later `c1`: the generated name does not take the user's.
    let f = write_lp(
        &dir,
        "names.lp",
        "Minimize\n x\nSubject To\n x + y = 1\n c1: x - y <= 0\n c2: x + y <= 1\nBinary\n x y\nEnd\n",
    );
    let out = quzzle(&["info", &f]);
    let err = stderr(&out);
    assert!(!err.contains("a second constraint"), "{err}");
    // Not UTF-8: the line and the byte.
    let p = dir.join("latin1.lp");
    std::fs::write(&p, b"Minimize\n x\nSubject To\n c\xe9: x + y = 1\nBinary\n x y\nEnd\n").unwrap();
    let out = quzzle(&["info", p.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("latin1.lp:4: byte 3 of the line (0xe9) is not UTF-8"),
        "{err}"
    );
}

/// An "at most 1 of m" and an `= 1` over `n` variables, and `dups` copies of a pair
/// constraint: the shapes issue 79 item 12 timed.
pub fn big_lp(n: usize, dups: usize) -> String {
    let mut s = String::from("Minimize\n obj:");
    for i in 0..n {
        s.push_str(&format!(" + {} x{i}", 1 + i % 7));
    }
    s.push_str("\nSubject To\n");
    s.push_str(" most:");
    for i in 0..n {
        s.push_str(&format!(" + x{i}"));
    }
    s.push_str(" <= 1\n one:");
    for i in 0..n {
        s.push_str(&format!(" + y{i}"));
    }
    s.push_str(" = 1\n");
    for _ in 0..dups {
        s.push_str(" x0 + y0 <= 1\n");
    }
    s.push_str("Binary\n");
    for i in 0..n {
        s.push_str(&format!(" x{i} y{i}\n"));
    }
    s.push_str("End\n");
    s
}

#[test]
fn a_big_lp_file_stops_at_its_time_budget() {
    // Issue 79 item 12: 60,000 variables and 100,000 duplicate constraints; with
    // `--max-seconds 1` the run stops with the out-of-time error, long before it would end.
    let dir = Scratch::new("lp-budget");
    let f = write_lp(&dir, "big.lp", &big_lp(30_000, 100_000));
    // `info` reduces at every level and `classical` searches after the reading: each reads
    // the same deadline from the first byte on.
    for line in [
        vec!["solve", &f, "--depths", "1", "--max-seconds", "1"],
        vec!["info", &f, "--max-seconds", "1"],
        vec!["classical", &f, "--max-seconds", "1"],
    ] {
        let began = std::time::Instant::now();
        let out = quzzle(&line);
        let seconds = began.elapsed().as_secs_f64();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{line:?}: {err}");
        assert!(
            err.contains("no result within the time budget of 1 s"),
            "{line:?}: {err}"
        );
        assert!(seconds < 10.0, "{line:?} stopped after {seconds} s");
    }
}

/// Files the solvers' own writers produce (tools/solver_files.py: Gurobi, CPLEX and HiGHS, LP
/// and MPS each): Gurobi's indexed names (`x[0,1]`) and `Constant` variable fixed by its
/// bound, CPLEX's `0 <= x <= 1` bounds on binaries (no constraint), HiGHS's `+1 x` terms and
/// empty `semi` section. A puzzle's model written by each reads to the native file's Ising
/// model byte for byte and the same `auto` space; the assignment's six files to one Ising
/// model and the optimum 12 (5 by the costs, 7 the constant).
#[test]
fn files_the_solvers_write_read_as_the_model_they_hold() {
    let dir = data("lp/writers");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 22, "{files:?}");
    let auto = |f: &str| {
        let info: serde_json::Value = serde_json::from_str(&ok(&["info", f, "--json"])).unwrap();
        ["space", "dimension", "xy_auto", "mixer"].map(|k| info[k].clone())
    };
    for stem in ["queens-9x9-community-049", "demo-tango-6x6", "sudoku4-six-clues"] {
        let native = data(&format!("{stem}.txt"));
        let native = if native.exists() {
            native
        } else {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("data/{stem}.txt"))
        };
        let native = native.to_str().unwrap();
        let (ising, space) = (ok(&["ising", native]), auto(native));
        let written: Vec<_> = files
            .iter()
            .filter(|f| {
                f.file_name()
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .starts_with(&format!("{stem}."))
            })
            .collect();
        assert_eq!(written.len(), 6, "{stem}");
        for f in written {
            let f = f.to_str().unwrap();
            assert_eq!(ok(&["ising", f]), ising, "{f}");
            assert_eq!(auto(f), space, "{f}");
        }
    }
    let assignment: Vec<_> = files
        .iter()
        .filter(|f| f.file_name().unwrap().to_str().unwrap().starts_with("assignment-3x3."))
        .map(|f| f.to_str().unwrap())
        .collect();
    assert_eq!(assignment.len(), 4);
    let ising = ok(&["ising", assignment[0]]);
    for f in &assignment {
        assert_eq!(ok(&["ising", f]), ising, "{f}");
        let out = ok(&["classical", f]);
        assert!(
            out.contains("solutions: 1") && out.contains("objective: 12"),
            "{f}: {out}"
        );
        let info = ok(&["info", f]);
        assert!(info.contains("9 binary variables, 6 constraints"), "{f}: {info}");
    }
    assert!(
        ok(&["classical", &lp("writers/assignment-3x3.gurobi.lp")]).contains("variables at 1: x[0,1] x[1,0] x[2,2]")
    );
}

#[test]
fn an_indexed_name_left_open_is_refused_at_its_line() {
    let dir = Scratch::new("lp-open-bracket");
    let f = dir.join("open.lp");
    std::fs::write(
        &f,
        "Minimize\n obj: x[0 + y\nSubject To\n c: x[0 + y = 1\nBinaries\n y\nEnd\n",
    )
    .unwrap();
    let err = usage_error(&["info", f.to_str().unwrap()]);
    assert!(
        err.contains("open.lp:2") && err.contains("`x[0 + y`: a `[` in a name is not closed"),
        "{err}"
    );
}
