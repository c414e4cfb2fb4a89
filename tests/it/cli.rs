//! The binary: JSON interfaces keep their names, errors exit 1 with `error:`, usage errors exit 2.

use crate::common::{argv, data, ok_json, quzzle, Scratch};
use serde_json::Value;

#[test]
fn info_json_names() {
    let f = data("tiny-tango-4x4.txt");
    let v = ok_json(&["info", f.to_str().unwrap(), "--json"]);
    assert_eq!(v["puzzle"], "tango");
    assert_eq!(v["size"], "4x4");
    assert_eq!(v["cells"], 16);
    assert_eq!(v["variables"]["none"], 16);
    assert_eq!(v["variables"]["paper"], 11);
    assert_eq!(v["qubits"], 11);
    assert_eq!(v["state_bytes"], 16 * 2048);
    let v = ok_json(&["info", f.to_str().unwrap(), "--json", "--reduce", "propagate"]);
    assert_eq!(v["qubits"], 1);
}

#[test]
fn info_reports_block_spaces() {
    let f = data("queens-4x4-handmade.txt");
    let v = ok_json(&["info", f.to_str().unwrap(), "--json", "--space", "regions"]);
    assert_eq!(v["qubits"], 16);
    assert_eq!(v["space"], "regions");
    let spaces = v["spaces"].as_array().unwrap();
    let names: Vec<&str> = spaces.iter().map(|s| s["space"].as_str().unwrap()).collect();
    assert_eq!(names, ["full", "rows", "cols", "regions", "auto", "rows+cols"]);
    assert_eq!(spaces[5]["route"], "statevector");
    assert_eq!(
        spaces[5]["mixers"],
        serde_json::json!(["grover", "switch-ring", "switch-complete"])
    );
    assert_eq!(spaces[1]["dimension"], 256.0);
    assert_eq!(spaces[1]["log2_dimension"], 8.0);
    assert_eq!(spaces[1]["blocks"].as_array().unwrap().len(), 4);
    assert_eq!(spaces[1]["blocks"][0]["label"], "row 0");
    assert_eq!(spaces[1]["blocks"][0]["states"], 4);
    assert_eq!(spaces[1]["blocks"][0]["plain"], true);
    assert!(spaces[1]["bytes"].as_f64().unwrap() > 0.0);
    assert!(spaces[1]["fits"].is_boolean());
    // auto takes the smallest space of any blocks: the 24 permutations, not the 256 rows.
    assert_eq!(spaces[4]["resolved"], "rows+cols");
    let text = quzzle(&["info", f.to_str().unwrap(), "--space", "regions"]);
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("space regions (regions): 3 blocks"), "{text}");
    // A family the puzzle lacks, and a name that is no space, are usage errors.
    for space in ["cells", "diagonal"] {
        let out = quzzle(&["info", f.to_str().unwrap(), "--space", space]);
        assert_eq!(out.status.code(), Some(2), "{space}");
    }
}

#[test]
fn classical_json_names() {
    let f = data("tiny-takuzu-4x4.txt");
    let v = ok_json(&["classical", f.to_str().unwrap(), "--json"]);
    assert_eq!(v["solution_count"], 16);
    assert_eq!(v["ground_states"], 20);
    assert_eq!(v["boards"].as_array().unwrap().len(), 16);
    assert_eq!(v["boards"][0].as_array().unwrap().len(), 4);
    let s = ok_json(&["classical", f.to_str().unwrap(), "--json", "--method", "search"]);
    assert_eq!(s["solution_count"], 16);
    assert_eq!(s["ground_states"], 20);
    assert_eq!(s["method"], "search");
}

#[test]
fn solve_json_names_and_files() {
    let f = data("tiny-tango-4x4.txt");
    let scratch = Scratch::new("test-solve");
    // A folder that does not exist yet: `--out` creates it.
    let dir = scratch.join("out");
    let v = ok_json(&argv(
        "solve {} --depths 1..2 --json --out {}",
        &[f.to_str().unwrap(), dir.to_str().unwrap()],
    ));
    for key in [
        "puzzle",
        "file",
        "reduce",
        "qubits",
        "qubit_cells",
        "valid_bitstrings",
        "seed",
        "version",
        "depths",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["qubits"], 11);
    assert_eq!(v["qubit_cells"].as_array().unwrap().len(), 11);
    assert_eq!(v["valid_bitstrings"].as_array().unwrap().len(), 2);
    let depths = v["depths"].as_array().unwrap();
    assert_eq!(depths.len(), 2);
    for (i, d) in depths.iter().enumerate() {
        for key in [
            "p",
            "gammas",
            "betas",
            "energy",
            "success_probability",
            "top_bitstring",
            "top_is_valid",
            "evaluations",
            "seconds",
        ] {
            assert!(d.get(key).is_some(), "missing depths[].{key}");
        }
        assert_eq!(d["p"], i + 1);
        assert_eq!(d["gammas"].as_array().unwrap().len(), i + 1);
        assert_eq!(d["top_bitstring"].as_str().unwrap().len(), 11);
    }
    assert!(dir.join("solve.json").is_file());
    let csv = std::fs::read_to_string(dir.join("depths.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3);
}

#[test]
fn every_solve_option_runs() {
    let f = data("tiny-takuzu-4x4.txt");
    let f = f.to_str().unwrap();
    for extra in [
        vec!["--init", "ramp"],
        vec!["--init", "random", "--restarts", "2", "--seed", "9"],
        vec!["--optimizer", "nelder-mead", "--max-iters", "30"],
        vec!["--reduce", "none"],
        vec!["--reduce", "probe"],
    ] {
        let mut args = vec!["solve", f, "--depths", "1..2"];
        args.extend(extra.iter());
        let out = quzzle(&args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn demo_writes_its_report() {
    let scratch = Scratch::new("test-demo");
    let dir = scratch.join("out");
    let out = quzzle(&["demo", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("solve.json")).unwrap()).unwrap();
    assert_eq!(v["depths"].as_array().unwrap().len(), 3);
    assert!(v["depths"][2]["success_probability"].as_f64().unwrap() > v["uniform_baseline"].as_f64().unwrap());
}

#[test]
fn failures_exit_1_with_error() {
    let unsat = data("tiny-tango-unsat-4x4.txt");
    for args in [
        vec!["info", "/nonexistent.txt"],
        vec!["classical", unsat.to_str().unwrap()],
        vec!["solve", unsat.to_str().unwrap()],
        argv(
            "solve {} --depths 3..1",
            &[data("tiny-tango-4x4.txt").to_str().unwrap()],
        ),
        vec!["solve", data("tiny-tango-4x4.txt").to_str().unwrap(), "--restarts", "0"],
        argv(
            "solve {} --max-iters 0",
            &[data("tiny-tango-4x4.txt").to_str().unwrap()],
        ),
        argv(
            "sweep {} --max-iters 0",
            &[data("tiny-tango-4x4.txt").to_str().unwrap()],
        ),
    ] {
        let out = quzzle(&args);
        // Bad arguments and missing files are usage errors (2); a puzzle that fails is 1.
        let usage = args
            .iter()
            .any(|a| ["--depths", "--restarts", "--max-iters", "/nonexistent.txt"].contains(a));
        assert_eq!(out.status.code(), Some(if usage { 2 } else { 1 }), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    let out = quzzle(&["solve", unsat.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no solution"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["frobnicate"],
        vec!["info"],
        vec!["solve", "x.txt", "--init", "sideways"],
        vec!["info", "x", "--reduce", "max"],
    ] {
        assert_eq!(quzzle(&args).status.code(), Some(2), "{args:?}");
    }
    assert_eq!(quzzle(&["--help"]).status.code(), Some(0));
}

#[test]
fn bench_runs_a_random_model_on_one_dicke_block() {
    let v = ok_json(&argv(
        "bench --random 8 --seed 8 --dicke 4 --depth 2 --repeats 1 --json",
        &[],
    ));
    assert_eq!(
        (v["space"].as_str(), v["mixer"].as_str(), v["dimension"].as_f64()),
        (Some("dicke-4"), Some("xy-ring"), Some(70.0))
    );
    let v = ok_json(&argv(
        "bench --random 8 --dicke 3 --mixer xy-complete --repeats 1 --json",
        &[],
    ));
    assert_eq!(
        (v["mixer"].as_str(), v["dimension"].as_f64()),
        (Some("xy-complete"), Some(56.0))
    );
    // Bad weights, the x mixer, a puzzle file or a space beside it: usage errors, named.
    let file = data("queens-4x4-handmade.txt");
    for (args, says) in [
        (
            vec!["--random", "8", "--dicke", "0"],
            "--dicke 0: the weight of a Dicke block over 8 qubits must be 1..=7",
        ),
        (vec!["--random", "8", "--dicke", "8"], "--dicke 8"),
        (
            vec!["--random", "8", "--dicke", "3", "--mixer", "x"],
            "the x mixer runs on the full space only",
        ),
        (
            vec!["--random", "8", "--dicke", "3", "--space", "rows"],
            "cannot be used with",
        ),
        (
            vec![file.to_str().unwrap(), "--dicke", "2"],
            "--dicke restricts a random model (--random N)",
        ),
    ] {
        let o = quzzle(&[&["bench"][..], &args].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn block_space_flags_reach_every_simulating_command() {
    let f = data("nqueens-4.txt");
    let f = f.to_str().unwrap();
    let v = ok_json(&argv(
        "solve {} --space rows --mixer xy-complete --depths 1..2 --json",
        &[f],
    ));
    assert_eq!(v["space"], "rows");
    assert_eq!(v["mixer"], "xy-complete");
    assert_eq!(v["dimension"], 256.0);
    assert_eq!(v["blocks"].as_array().unwrap().len(), 4);
    // A missing --space follows an XY mixer (auto), a missing --mixer follows a block space.
    let v = ok_json(&["solve", f, "--mixer", "xy-ring", "--depths", "1", "--json"]);
    assert_eq!(
        (v["space"].as_str(), v["mixer"].as_str()),
        (Some("rows"), Some("xy-ring"))
    );
    let v = ok_json(&["solve", f, "--space", "cols", "--depths", "1", "--json"]);
    assert_eq!(
        (v["space"].as_str(), v["mixer"].as_str()),
        (Some("cols"), Some("xy-ring"))
    );
    let v = ok_json(&["info", f, "--space", "rows", "--json"]);
    assert_eq!(v["mixer"], "xy-ring");
    assert_eq!(v["dimension"], 256.0);
    let v = ok_json(&argv("bench {} --space rows --depth 2 --repeats 1 --json", &[f]));
    assert_eq!(
        (v["space"].as_str(), v["mixer"].as_str()),
        (Some("rows"), Some("xy-ring"))
    );
    assert_eq!(v["dimension"], 256.0);
    let scratch = Scratch::new("block-space-cli");
    let out = scratch.join("c.qasm");
    let o = quzzle(&argv(
        "qasm {} --space rows --depth 1 --optimize -o {}",
        &[f, out.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(out.with_extension("json")).unwrap()).unwrap();
    assert_eq!(
        (manifest["space"].as_str(), manifest["mixer"].as_str()),
        (Some("rows"), Some("xy-ring"))
    );
    assert!(std::fs::read_to_string(&out).unwrap().contains("xy_mixer("));
    // Angles of the X-mixer circuit are refused for the XY circuit.
    let solved = scratch.join("solve.json");
    let o = quzzle(&["solve", f, "--depths", "1", "--json"]);
    std::fs::write(&solved, &o.stdout).unwrap();
    let o = quzzle(&argv(
        "qasm {} --space rows --depth 1 --angles {}",
        &[f, solved.to_str().unwrap()],
    ));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("space"));
    for args in [
        vec!["solve", f, "--space", "rows", "--mixer", "x"],
        vec!["solve", f, "--space", "full", "--mixer", "xy-ring"],
        argv("landscape {} --space regions --out /nonexistent-never-written", &[f]),
    ] {
        let o = quzzle(&args);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn a_block_space_too_large_is_refused_before_allocating() {
    let scratch = Scratch::new("block-space-too-large");
    let f = scratch.join("nqueens-12.txt");
    std::fs::write(&f, "puzzle: nqueens\nsize: 12x12\n").unwrap();
    let o = quzzle(&["solve", f.to_str().unwrap(), "--space", "rows", "--reduce", "none"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("space rows") && err.contains("2^43.02") && err.contains("GiB"),
        "{err}"
    );
}

/// The Grover mixer on a space with no statevector (rows+cols is counted, not listed) runs from
/// the cost histogram in solve and sweep, and sweep draws no instance figures for it.
#[test]
fn solve_and_sweep_take_the_histogram_route() {
    let s = Scratch::new("histogram-route");
    let f = s.join("nqueens-6.txt");
    std::fs::write(&f, "puzzle: nqueens\nsize: 6x6\n").unwrap();
    let file = f.to_str().unwrap();
    let args = [
        "--reduce",
        "none",
        "--space",
        "rows+cols",
        "--mixer",
        "grover",
        "--depths",
        "1..2",
    ];
    let mut solve = vec!["solve", file, "--json"];
    solve.extend(args);
    let v = ok_json(&solve);
    assert_eq!(v["route"], "histogram");
    assert_eq!(v["valid_states"], 4.0);
    assert_eq!(v["dimension"], 720.0);
    assert_eq!(v["valid_bitstrings"].as_array().unwrap().len(), 0);
    assert!((v["uniform_baseline"].as_f64().unwrap() - 4.0 / 720.0).abs() < 1e-15);
    let p2 = v["depths"][1]["success_probability"].as_f64().unwrap();
    assert!(p2 > 4.0 / 720.0 && p2 < 1.0, "{p2}");
    let out = s.join("sweep");
    let mut sweep = vec!["sweep", file, "--out", out.to_str().unwrap()];
    sweep.extend(args);
    let o = quzzle(&sweep);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("runs by the cost histogram"));
    assert!(!out.join("instances").exists());
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let row: Vec<&str> = csv.lines().nth(2).unwrap().split(',').collect();
    let field = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(
        (field("space"), field("mixer"), field("p")),
        ("rows+cols", "grover", "2")
    );
    assert_eq!((field("dimension"), field("valid_states")), ("720.0", "4"));
    // serde_json reads the JSON float to within an ulp or so.
    let p_valid: f64 = field("p_valid").parse().unwrap();
    assert!((p_valid - p2).abs() < 1e-15, "{p_valid} vs {p2}");
}
