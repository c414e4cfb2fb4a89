//! Penalty weights (docs/lp.md, "Penalties"): every route that prices a constraint prices it
//! times its weight, the overrides are checked once with the same words everywhere, and the
//! optimal states stay the constraints' optima whatever the weights.

use crate::common::*;
use quzzle::budget::{Budget, Cancel};
use quzzle::checked::Penalties;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::space::{Space, SpaceChoice};
use quzzle::encoding::{self, Encoding, EncodingKind};
use quzzle::model::{Constraint, Level, Model};
use quzzle::simulation::counted::frontier_histogram_within;
use quzzle::simulation::histogram::enumerated_histogram_within;
use quzzle::simulation::space_qubo;
use std::path::Path;

fn penalties(items: &[&str]) -> Penalties {
    Penalties::parse(&items.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap()
}

fn onehot(path: &Path, level: Level, p: &Penalties) -> OneHot {
    let text = std::fs::read_to_string(path).unwrap();
    OneHot::parse_with(&path.display().to_string(), &text, level, p, &Cancel::never()).unwrap()
}

/// A constraint's penalty at `x`, computed from its definition (docs/ARCHITECTURE.md,
/// "Energies"), not through the QUBO builder.
fn violation(c: &Constraint, x: &[bool]) -> f64 {
    let b = |v: usize| f64::from(u8::from(x[v]));
    match c {
        Constraint::Count { vars, k, soft } => {
            let s: f64 = vars.iter().map(|&v| b(v)).sum();
            if *soft {
                (s - *k as f64 - 0.5).powi(2) - 0.25
            } else {
                (s - *k as f64).powi(2)
            }
        }
        Constraint::NotBoth(a, c) => b(*a) * b(*c),
        Constraint::Same(a, c) => (b(*a) - b(*c)).powi(2),
        Constraint::Differ(a, c) => (b(*a) + b(*c) - 1.0).powi(2),
        Constraint::Fixed(a, v) => (b(*a) - f64::from(u8::from(*v))).powi(2),
    }
}

/// Σ_c w_c · penalty_c(x) + the objective as the cost holds it (f/λ for an LP file).
fn brute_energy(model: &Model, x: &[bool]) -> f64 {
    let penalties: f64 = model
        .constraints
        .iter()
        .map(|c| c.weight.get() * violation(&c.constraint, x))
        .sum();
    penalties + model.objective_value(x)
}

/// Files of up to 16 variables with the overrides they get: LP models (an objective with
/// products, a linear one, none) and a puzzle (its labels as names).
fn cases() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        (
            "tests/data/lp/assignment-3x3.lp",
            vec!["*=0.25", "worker_0=3", "job_2=1.5"],
        ),
        (
            "tests/data/lp/independent-set-6.lp",
            vec!["arc_0_1=0.5", "arc_0_3=7", "arc_2_3=0.01"],
        ),
        (
            "tests/data/lp/exact-cover-knuth.lp",
            vec!["cover_1=2.5", "cover_7=0.125", "*=4"],
        ),
        ("tests/data/lp/tsp-4.lp", vec!["*=0.05", "city_0=2"]),
        (
            "tests/data/tiny-tango-4x4.txt",
            vec![
                "row 0 balance=3",
                "column 2 balance=0.5",
                "row 1 columns 0-2 not three alike=2.25",
            ],
        ),
    ]
}

#[test]
fn the_cost_of_every_state_is_the_weighted_violations_plus_the_objective() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, items) in cases() {
        let p = penalties(&items);
        // At `none` every variable is a qubit and every constraint a penalty.
        let enc = onehot(&root.join(file), Level::None, &p);
        assert!(enc.model.constraints.iter().any(|c| c.weight.get() != 1.0), "{file}");
        let n = enc.num_qubits();
        assert!(n <= 16, "{file}: {n} qubits");
        let diagonal = enc.cost_diagonal().unwrap();
        for k in 0..1u64 << n {
            let x = enc.reduced.rebuild_index(k);
            let want = brute_energy(&enc.model, &x);
            let got = diagonal.get(k as usize);
            assert!(
                (got - want).abs() <= 1e-9,
                "{file} state {k}: cost {got}, weighted violations {want}"
            );
        }
    }
}

#[test]
fn a_block_space_prices_its_states_as_the_full_space_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let p = penalties(&["*=0.5", "worker_1=3", "job_0=0.25"]);
    let enc = onehot(&root.join("tests/data/lp/assignment-3x3.lp"), Level::None, &p);
    let mut compared = 0;
    for space in Space::available(&enc).unwrap() {
        if space.choice == SpaceChoice::Full || space.blocks.is_empty() {
            continue;
        }
        let kept: Vec<usize> = space.blocks.iter().flat_map(|b| b.constraints()).collect();
        let qubo = space_qubo(&enc, &space);
        for k in 0..1u64 << enc.num_qubits() {
            let bits: Vec<bool> = (0..enc.num_qubits()).map(|q| (k >> q) & 1 == 1).collect();
            let x = enc.reduced.rebuild(&bits);
            if !kept.iter().all(|&i| enc.model.constraints[i].constraint.holds(&x)) {
                continue;
            }
            let (full, block) = (enc.qubo.energy_of(&bits), qubo.energy_of(&bits));
            assert!(
                (full - block).abs() <= 1e-9,
                "{}: state {k}: {full} vs {block}",
                space.resolved
            );
            compared += 1;
        }
    }
    assert!(compared >= 36, "{compared} states compared");
}

#[test]
fn the_frontier_count_with_whole_weights_is_the_enumeration() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let budget = Budget::unlimited();
    let files = [
        (
            "tests/data/tiny-tango-4x4.txt",
            vec!["*=2", "row 0 balance=5", "column 1 balance=3"],
        ),
        ("tests/data/queens-4x4-handmade.txt", vec!["*=3"]),
        ("tests/data/lp/exact-cover-knuth.lp", vec!["cover_1=2", "cover_7=4"]),
    ];
    let mut compared = 0;
    for (file, items) in files {
        let p = penalties(&items);
        for level in [Level::None, Level::Paper] {
            let path = root.join(file);
            let text = std::fs::read_to_string(&path).unwrap();
            let enc = encoding::parse_with(file, &text, EncodingKind::Onehot, level, &p, &Cancel::never()).unwrap();
            for space in Space::available(enc.as_onehot().unwrap()).unwrap() {
                if space.choice == SpaceChoice::Auto || space.dimension > 65_536.0 {
                    continue;
                }
                let listed = enumerated_histogram_within(enc.as_ref(), &space, &budget).unwrap();
                let counted = frontier_histogram_within(enc.as_ref(), &space, &budget).unwrap();
                let classes = |h: &quzzle::qaoa::CostHistogram| -> Vec<(u64, u128)> {
                    h.classes.iter().map(|c| (c.cost.to_bits(), c.count)).collect()
                };
                assert_eq!(
                    classes(&counted),
                    classes(&listed),
                    "{file} {level:?} {}",
                    space.resolved
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 6, "{compared} spaces compared");
}

#[test]
fn the_frontier_count_refuses_a_weight_that_is_not_whole() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("tests/data/tiny-tango-4x4.txt");
    let p = penalties(&["row 0 balance=1.5"]);
    let enc = onehot(&path, Level::Paper, &p);
    let full = Space::of(&enc, SpaceChoice::Full).unwrap();
    let e = frontier_histogram_within(&enc, &full, &Budget::unlimited())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the penalty of `row 0 balance` weighs 1.5, not a whole number"),
        "{e}"
    );
}

/// A weight of 1 named for every constraint is no override at all: the same cost to the byte,
/// and the same solve report but for the overrides it records.
#[test]
fn weight_one_everywhere_changes_nothing() {
    for file in ["tests/data/lp/assignment-3x3.lp", "tests/data/tiny-tango-4x4.txt"] {
        let model: serde_json::Value = serde_json::from_str(&ok(&["info", file, "--model"])).unwrap();
        let mut args = vec!["ising", file];
        let names: Vec<String> = match file.ends_with(".lp") {
            // An LP row's name (the label adds its line).
            true => model["constraints"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["label"].as_str().unwrap().split(" (line").next().unwrap().to_string())
                .map(|l| l.rsplit(' ').next().unwrap().to_string())
                .collect(),
            false => model["constraints"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["label"].as_str().unwrap().to_string())
                .collect(),
        };
        let flags: Vec<String> = names.iter().map(|n| format!("{n}=1")).collect();
        for f in &flags {
            args.extend(["--penalty", f.as_str()]);
        }
        assert_eq!(ok(&args), ok(&["ising", file]), "{file}");
        let mut solve = args.clone();
        solve[0] = "solve";
        solve.extend(["--depths", "1..2", "--json"]);
        let mut with: serde_json::Value = serde_json::from_str(&ok(&solve)).unwrap();
        let without: serde_json::Value =
            serde_json::from_str(&ok(&["solve", file, "--depths", "1..2", "--json"])).unwrap();
        assert_eq!(
            with.as_object_mut()
                .unwrap()
                .remove("penalty")
                .unwrap()
                .as_object()
                .unwrap()
                .len(),
            names.iter().collect::<std::collections::BTreeSet<_>>().len()
        );
        let strip = |mut v: serde_json::Value| {
            for d in v["depths"].as_array_mut().unwrap() {
                d.as_object_mut().unwrap().remove("seconds");
            }
            v
        };
        assert_eq!(strip(with), strip(without), "{file}");
    }
}

/// Where the weights let an infeasible state cost less than the optimum, P(optimal) still
/// counts the optimal feasible states, found by the exact search (tsp-4: 8 optimal tours).
#[test]
fn weak_penalties_keep_the_optima_of_the_constraints() {
    let file = "tests/data/lp/tsp-4.lp";
    let report = ok_json(&["solve", file, "--depths", "1", "--json", "--penalty", "*=0.001"]);
    assert_eq!(report["valid_bitstrings"].as_array().unwrap().len(), 8, "{report}");
    assert_eq!(report["penalty"], serde_json::json!({"*": 0.001}));
    let info = ok(&["info", file, "--penalty", "*=0.001"]);
    assert!(info.contains("weighs 0.001, not above the objective's range"), "{info}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let enc = onehot(&root.join(file), Level::Paper, &penalties(&["*=0.001"]));
    let d = enc.cost_diagonal().unwrap();
    // The least cost is an infeasible state's here; the success states are the tours'.
    let least = (0..d.len()).min_by(|&a, &b| d.get(a).total_cmp(&d.get(b))).unwrap();
    assert!(!enc.model.is_satisfied(&enc.reduced.rebuild_index(least as u64)));
    let success = enc.success_states(&d);
    assert_eq!(success.valid.len(), 8);
    for &k in &success.valid {
        assert!(enc.model.is_satisfied(&enc.reduced.rebuild_index(k)));
    }
    // The cost histogram finds the optimum by its cost: refused, saying why (both ways of
    // counting it).
    let full = Space::of(&enc, SpaceChoice::Full).unwrap();
    let budget = Budget::unlimited();
    for e in [
        enumerated_histogram_within(&enc, &full, &budget).unwrap_err(),
        frontier_histogram_within(&enc, &full, &budget).unwrap_err(),
    ] {
        let e = e.to_string();
        assert!(e.contains("weighs 0.001, not above the objective's range"), "{e}");
        assert!(
            e.contains("the cost histogram finds the optimal states by their cost"),
            "{e}"
        );
    }
}

/// The exact search that weak weights start runs inside the encoding, before any simulation:
/// on an open model (20 of 40 with an objective: 1.4 × 10^11 feasible states) it stops at
/// `--max-seconds` with the request's limit, where it ran on for minutes; so does the search
/// `anneal` makes for the optimum of a model with an objective.
#[test]
fn the_exact_searches_for_an_optimum_stop_at_the_deadline() {
    let dir = Scratch::new("weak-penalty-deadline");
    let n = 40;
    let objective: Vec<String> = (0..n).map(|i| format!("{} x{i}", (i * 7) % 11 + 1)).collect();
    let pick: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let text = format!(
        "Maximize\n obj: {}\nSubject To\n pick: {} = 20\nBinary\n {}\nEnd\n",
        objective.join(" + "),
        pick.join(" + "),
        pick.join(" ")
    );
    let file = dir.join("pick.lp");
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    for command in ["info", "solve"] {
        let o = quzzle(&[command, f, "--penalty", "*=0.01", "--max-seconds", "1"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{command}: {err}");
        assert!(
            err.contains("pick.lp: the exact search for the optimum (a penalty is weaker than the objective)"),
            "{command}: {err}"
        );
        assert!(err.contains("1 s"), "{command}: {err}");
    }
    // `anneal` looks for the optimum the same way after its reads, with any weights.
    let o = quzzle(&["anneal", f, "--reads", "10", "--max-seconds", "1"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "anneal: {err}");
    assert!(
        err.contains("pick.lp: the exact search for the optimum: "),
        "anneal: {err}"
    );
}

#[test]
fn every_malformed_override_is_refused_with_its_reason() {
    let file = "tests/data/lp/assignment-3x3.lp";
    let cases: &[(&str, &str)] = &[
        ("worker_9=2", "tests/data/lp/assignment-3x3.lp: penalty `worker_9`: no constraint is named so; its constraints are named `worker_0`, `worker_1`, `worker_2`, `job_0`, `job_1`, ... (6 in all)"),
        ("worker_0", "penalty `worker_0`: give NAME=WEIGHT"),
        ("worker_0=", "penalty `worker_0=`: give NAME=WEIGHT"),
        ("=3", "penalty `=3`: give NAME=WEIGHT"),
        ("worker_0=two", "penalty `worker_0=two`: the weight must be a finite number above 0 (0 would drop the constraint from the cost), not `two`"),
        ("worker_0=0", "not `0`"),
        ("worker_0=-1", "not `-1`"),
        ("worker_0=nan", "not `NaN`"),
        ("worker_0=inf", "not `inf`"),
        ("worker_0=1e400", "not `inf`"),
    ];
    for (given, want) in cases {
        let e = usage_error(&["info", file, "--penalty", given]);
        assert!(e.contains(want), "{given}: {e}");
    }
    let e = usage_error(&["info", file, "--penalty", "job_0=2", "--penalty", "job_0=3"]);
    assert!(e.contains("penalty `job_0` is given twice"), "{e}");
    // Every command that builds a cost takes the flag and checks it the same way.
    for cmd in [
        vec!["ising", file],
        vec!["classical", file],
        vec!["solve", file],
        vec!["qasm", file, "--depth", "1", "--optimize"],
        vec!["sample", file, "--depth", "1", "--optimize", "--shots", "10"],
        vec!["anneal", file],
        vec!["bench", file],
        vec!["sweep", file, "--out", "/nonexistent/x"],
    ] {
        let mut args = cmd.clone();
        args.extend(["--penalty", "nowhere=2"]);
        let e = usage_error(&args);
        assert!(
            e.contains("penalty `nowhere`: no constraint is named so"),
            "{cmd:?}: {e}"
        );
    }
}

/// A sweep prices each file's constraints with the overrides as `solve` does (its rows give
/// solve's numbers), records them with its settings, and refuses to resume with others.
#[test]
fn a_sweep_takes_the_overrides_and_resumes_only_with_them() {
    let dir = Scratch::new("penalty-sweep");
    let file = "tests/data/lp/assignment-3x3.lp";
    let out = dir.join("sweep");
    let out = out.to_str().unwrap();
    // The full space, where infeasible states carry the weights.
    let common = [
        "--depths",
        "1..2",
        "--max-iters",
        "5",
        "--seed",
        "3",
        "--space",
        "full",
        "--mixer",
        "x",
    ];
    let mut sweep = vec!["sweep", file, "--out", out, "--no-instance-plots"];
    sweep.extend(common);
    sweep.extend(["--penalty", "job_1=3", "--penalty", "*=2"]);
    let first = quzzle(&sweep);
    assert!(first.status.success(), "{}", stderr(&first));
    let mut solve = vec!["solve", file, "--json"];
    solve.extend(common);
    let weighted = {
        let mut args = solve.clone();
        args.extend(["--penalty", "job_1=3", "--penalty", "*=2"]);
        ok_json(&args)
    };
    let plain = ok_json(&solve);
    let csv = std::fs::read_to_string(dir.join("sweep/sweep.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2, "{csv}");
    for (row, (w, p)) in rows.iter().zip(
        weighted["depths"]
            .as_array()
            .unwrap()
            .iter()
            .zip(plain["depths"].as_array().unwrap()),
    ) {
        let energy: f64 = row[col("energy")].parse().unwrap();
        assert_eq!(energy, w["energy"].as_f64().unwrap(), "{row:?}");
        assert_ne!(energy, p["energy"].as_f64().unwrap(), "{row:?}");
    }
    let settings = std::fs::read_to_string(dir.join("sweep/sweep.settings.json")).unwrap();
    assert!(settings.contains("job_1=3") && settings.contains("*=2"), "{settings}");
    // The same overrides resume every row; other ones are refused, naming the setting.
    let again = quzzle(&sweep);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stderr(&again).contains("(0 computed"), "{}", stderr(&again));
    let mut other = vec!["sweep", file, "--out", out, "--no-instance-plots"];
    other.extend(common);
    other.extend(["--penalty", "*=2"]);
    let refused = quzzle(&other);
    assert!(!refused.status.success());
    let e = stderr(&refused);
    assert!(e.contains("penalty") && e.contains("job_1=3"), "{e}");
    let mut none = vec!["sweep", file, "--out", out, "--no-instance-plots"];
    none.extend(common);
    let e = stderr(&quzzle(&none));
    assert!(e.contains("none (every weight 1)"), "{e}");
}

#[test]
fn info_shows_the_weights_in_effect() {
    let file = "tests/data/lp/assignment-3x3.lp";
    let info = ok_json(&["info", file, "--json", "--penalty", "*=2", "--penalty", "job_1=0.5"]);
    let weights: Vec<(String, f64)> = info["model"]["constraints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_string(), c["penalty"].as_f64().unwrap()))
        .collect();
    for (name, w) in &weights {
        assert_eq!(*w, if name == "job_1" { 0.5 } else { 2.0 }, "{name}");
    }
    assert_eq!(info["penalty"], serde_json::json!({"*": 2.0, "job_1": 0.5}));
    let plain = ok_json(&["info", file, "--json"]);
    assert!(plain.get("penalty").is_none());
    let text = ok(&["info", file, "--penalty", "job_1=0.5"]);
    assert!(
        text.contains("penalty weights set: job_1=0.5; every other penalty weighs 1"),
        "{text}"
    );
}

#[test]
fn a_manifest_rebuilds_the_cost_its_overrides_made() {
    let dir = Scratch::new("penalty-manifest");
    let out = dir.join("c.qasm");
    let file = "tests/data/lp/assignment-3x3.lp";
    ok(&[
        "qasm",
        file,
        "--depth",
        "1",
        "--optimize",
        "--penalty",
        "worker_0=3",
        "-o",
        s(&out),
    ]);
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.with_extension("json")).unwrap()).unwrap();
    assert_eq!(manifest["penalty"], serde_json::json!({"worker_0": 3.0}));
    // Sampling from the manifest rebuilds the encoding with them (its checks pass).
    let counts = ok(&["sample", s(&out.with_extension("json")), "--shots", "20"]);
    assert!(counts.contains("\"shots\""), "{counts}");
}

/// The compact Sudoku encoding weighs a group's digit, a cell's unused codes and a clue's miss
/// by the one-hot model's constraints of those names: its diagonal is the direct cost with
/// those weights, and the solution is still its only zero.
#[test]
fn the_compact_encoding_takes_the_one_hot_names() {
    use quzzle::encoding::compact::CompactSudoku;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("tests/data/sudoku4-six-clues.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let p = penalties(&[
        "*=1.5",
        "row 0 holds one 1=3",
        "column 2 holds one 4=0.25",
        "box 1,1 holds one 2=5",
        "cell 0,1 holds one digit=2",
    ]);
    for level in [Level::Clues] {
        let c = CompactSudoku::parse_with("six-clues", &text, level, &p).unwrap();
        let n = c.num_qubits();
        assert!(n <= 20, "{level:?}: {n} qubits");
        let d = c.cost_diagonal().unwrap();
        let plain = CompactSudoku::parse("six-clues", &text, level).unwrap();
        let plain_d = plain.cost_diagonal().unwrap();
        let mut differs = false;
        let step = if n <= 16 { 1 } else { 1 + (1u64 << n) / 20_000 };
        for k in (0..1u64 << n).step_by(step as usize) {
            assert!((d.get(k as usize) - c.direct_cost(k)).abs() < 1e-9, "{level:?} k={k}");
            differs |= (d.get(k as usize) - plain_d.get(k as usize)).abs() > 1e-9;
        }
        assert!(differs, "{level:?}: the weights change some cost");
        let sol = c.solution_index().unwrap();
        assert_eq!(c.success_states(&d).valid, vec![sol], "{level:?}");
    }
    let e = CompactSudoku::parse_with("six-clues", &text, Level::Clues, &penalties(&["row 9 holds one 1=2"]))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("six-clues: penalty `row 9 holds one 1`: no constraint is named so"),
        "{e}"
    );
}
