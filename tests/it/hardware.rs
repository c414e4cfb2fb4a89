//! The way back from hardware: manifests that stand alone, `quzzle sample` (seeded shots in
//! the shapes IBM and IonQ return) and `quzzle score` (P(valid) with an exact interval).

use crate::common::{argv, data, ok, ok_json, quzzle, s, scratch_and_data, traj, usage_error, Scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn quzzle_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_quzzle"));
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("the binary runs")
}

/// Export `file` at depth 2 with optimised angles (plus `extra` options); the manifest path.
fn export(dir: &Path, file: &str, extra: &[&str]) -> PathBuf {
    let qasm = dir.join(format!("{}.qasm", file.trim_end_matches(".txt")));
    let f = data(file);
    let mut args = vec!["qasm", s(&f), "--depth", "2", "--optimize", "-o", s(&qasm)];
    args.extend_from_slice(extra);
    ok(&args);
    qasm.with_extension("json")
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn manifests_carry_what_rebuilds_a_board() {
    let dir = Scratch::new("hw-manifest");
    let m = json(&export(&dir, "tango-4x4-qasm.txt", &[]));
    let text = std::fs::read_to_string(data("tango-4x4-qasm.txt")).unwrap();
    assert_eq!(m["puzzle_text"], text.as_str());
    assert_eq!(m["puzzle_sha256"], quzzle::encoding::sha256_hex(&text).as_str());
    assert_eq!(m["board_size"], serde_json::json!([4, 4]));
    for format in ["quzzle", "qiskit", "ionq"] {
        assert!(m["bit_orders"][format].is_string(), "{format}");
    }
    assert_eq!(m["qubit_marginals"].as_array().unwrap().len(), 7);
    // Every one of the 16 cells is either fixed (with its value) or stands behind a qubit, once.
    let mut cells: Vec<String> = m["fixed_cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cell"].as_str().unwrap().to_string())
        .collect();
    let fixed = cells.len();
    for q in m["qubit_cells"].as_array().unwrap() {
        cells.extend(
            q.as_array()
                .unwrap()
                .iter()
                .map(|c| c["cell"].as_str().unwrap().to_string()),
        );
    }
    cells.sort();
    cells.dedup();
    assert_eq!(cells.len(), 16);
    // The givens are fewer than the fixed cells: the reduction decides more than it is given.
    let givens = text
        .split("[grid]")
        .nth(1)
        .unwrap()
        .split('[')
        .next()
        .unwrap()
        .chars()
        .filter(|c| *c == '0' || *c == '1')
        .count();
    assert!(fixed > givens, "{fixed} fixed cells, {givens} givens");
}

/// The five instances of three kinds (tango, takuzu, queens) the round trips run on.
const ROUND_TRIP: [&str; 5] = [
    "tango-4x4-qasm.txt",
    "tiny-tango-4x4.txt",
    "takuzu-4x4-qasm.txt",
    "nqueens-5-given.txt",
    "queens-4x4-handmade.txt",
];

#[test]
fn sampled_counts_score_inside_the_interval_in_every_format() {
    let dir = Scratch::new("hw-round-trip");
    let mut cases: Vec<(&str, Vec<&str>)> = ROUND_TRIP.iter().map(|f| (*f, vec![])).collect();
    // A block space: its states embedded in the 2^n bitstrings the hardware returns.
    cases.push(("queens-4x4-handmade.txt", vec!["--space", "rows", "--mixer", "xy-ring"]));
    for (i, (file, extra)) in cases.iter().enumerate() {
        let sub = dir.join(i.to_string());
        std::fs::create_dir(&sub).unwrap();
        let manifest = export(&sub, file, extra);
        let m = json(&manifest);
        let simulated = m["success_probability"].as_f64().unwrap();
        for (format, score_format) in [
            ("qiskit", "qiskit"),
            ("ionq", "auto"),
            ("sampler", "auto"),
            ("quzzle", "auto"),
        ] {
            let counts = sub.join(format!("{format}.json"));
            ok(&argv(
                "sample {} --shots 3000 --seed 11 --format {} -o {}",
                &[s(&manifest), format, s(&counts)],
            ));
            let r = ok_json(&argv(
                "score {} --manifest {} --format {} --shots 3000 --json",
                &[s(&counts), s(&manifest), score_format],
            ));
            let what = format!("{file} {extra:?} {format}");
            assert_eq!(r["shots"], 3000, "{what}");
            assert_eq!(r["simulated_p_valid"].as_f64(), Some(simulated), "{what}");
            let [low, high] = [r["interval"][0].as_f64().unwrap(), r["interval"][1].as_f64().unwrap()];
            let p = r["p_valid"].as_f64().unwrap();
            assert!(low <= p && p <= high, "{what}");
            assert!(
                low <= simulated && simulated <= high,
                "{what}: {simulated} not in [{low}, {high}]"
            );
            assert_eq!(r["inside"], true, "{what}");
            assert!(r["uniform"].as_f64().unwrap() < simulated, "{what}");
            let top = r["top"].as_array().unwrap();
            assert!(
                !top.is_empty() && top.iter().all(|b| b["count"].as_u64().unwrap() > 0),
                "{what}"
            );
            // The valid boards in the top list are exactly those in the manifest's list.
            let valid: Vec<&str> = m["valid_bitstrings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            for b in top {
                assert_eq!(b["valid"], valid.contains(&b["bitstring"].as_str().unwrap()), "{what}");
            }
        }
    }
}

/// The tango instance's one solution is `0111010` (qubit 0 first), not a palindrome, and the
/// circuit's distribution is far from symmetric under bit reversal: Qiskit counts read as if
/// they were quzzle's order score far below the simulated P(valid), outside its interval.
#[test]
fn reading_qiskit_counts_in_quzzle_order_is_caught() {
    let dir = Scratch::new("hw-bit-order");
    let manifest = export(&dir, "tango-4x4-qasm.txt", &[]);
    let m = json(&manifest);
    assert_eq!(m["valid_bitstrings"], serde_json::json!(["0111010"]));
    let counts = dir.join("qiskit.json");
    ok(&argv(
        "sample {} --shots 4000 --seed 5 --format qiskit -o {}",
        &[s(&manifest), s(&counts)],
    ));
    let right = ok_json(&argv(
        "score {} --manifest {} --format qiskit --json",
        &[s(&counts), s(&manifest)],
    ));
    let wrong = ok_json(&argv(
        "score {} --manifest {} --format quzzle --json",
        &[s(&counts), s(&manifest)],
    ));
    assert_eq!(right["inside"], true);
    assert_eq!(wrong["inside"], false);
    let simulated = m["success_probability"].as_f64().unwrap();
    assert!(wrong["interval"][1].as_f64().unwrap() < simulated / 4.0, "{wrong}");
    // Under auto the bitstrings are refused, naming both readings.
    let e = usage_error(&["score", s(&counts), "--manifest", s(&manifest)]);
    assert!(
        e.contains("--format qiskit") && e.contains("--format quzzle") && e.contains("qiskit.json"),
        "{e}"
    );
}

#[test]
fn same_seed_same_counts_on_any_thread_count() {
    let dir = Scratch::new("hw-seed");
    let manifest = export(&dir, "queens-4x4-handmade.txt", &[]);
    let run = |threads: &str, seed: &str| {
        let out = quzzle_env(
            &argv("sample {} --shots 20000 --seed {} --format ionq", &[s(&manifest), seed]),
            &[("RAYON_NUM_THREADS", threads)],
        );
        assert!(out.status.success());
        out.stdout
    };
    let one = run("1", "9");
    assert_eq!(one, run("4", "9"));
    assert_ne!(one, run("1", "10"));
    // A puzzle file with the circuit options gives the counts of its manifest.
    let f = data("queens-4x4-handmade.txt");
    let m = json(&manifest);
    // The manifest's angles as the command line takes them.
    let angle_list = |key: &str| {
        m[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| format!("{}", g.as_f64().unwrap()))
            .collect::<Vec<_>>()
            .join(",")
    };
    let (gammas, betas) = (angle_list("gammas"), angle_list("betas"));
    let out = quzzle(&argv(
        "sample {} --depth 2 --gammas {} --betas {} --shots 20000 --seed 9 --format ionq",
        &[s(&f), &gammas, &betas],
    ));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, one);
}

#[test]
fn score_writes_the_report_and_the_marginals_figure() {
    let dir = Scratch::new("hw-out");
    let manifest = export(&dir, "tango-4x4-qasm.txt", &[]);
    let counts = dir.join("c.json");
    ok(&argv(
        "sample {} --shots 500 --format quzzle -o {}",
        &[s(&manifest), s(&counts)],
    ));
    let out = dir.join("score");
    let text = ok(&["score", s(&counts), "--manifest", s(&manifest), "--out", s(&out)]);
    assert!(
        text.contains("P(valid) measured") && text.contains("inside the interval"),
        "{text}"
    );
    for f in ["score.json", "marginals.svg", "marginals.png"] {
        assert!(out.join(f).is_file(), "{f}");
    }
    let r = json(&out.join("score.json"));
    for key in [
        "shots",
        "p_valid",
        "interval",
        "simulated_p_valid",
        "inside",
        "uniform",
        "top",
    ] {
        assert!(r.get(key).is_some(), "{key}");
    }
    // No temporary file is left beside them.
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 3);
    // A manifest of a circuit too large to simulate has no simulated P(valid): nothing to be
    // inside of, and the text says why.
    let mut doc = json(&manifest);
    doc["success_probability"] = Value::Null;
    // As the exporter writes it for such a circuit: the digest covers the null.
    doc["digest"] = Value::from(quzzle::export::json::digest_of(&doc));
    let unsimulated = dir.join("unsimulated.json");
    std::fs::write(&unsimulated, doc.to_string()).unwrap();
    let r = ok_json(&["score", s(&counts), "--manifest", s(&unsimulated), "--json"]);
    assert_eq!(
        (r["simulated_p_valid"].clone(), r["inside"].clone()),
        (Value::Null, Value::Null)
    );
    let text = ok(&["score", s(&counts), "--manifest", s(&unsimulated)]);
    assert!(text.contains("not in the manifest"), "{text}");
}

#[test]
fn every_error_names_the_file_and_exits_2() {
    let dir = Scratch::new("hw-errors");
    let manifest = export(&dir, "tango-4x4-qasm.txt", &[]);
    let m = s(&manifest);
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let short = write("short.json", r#"{"010": 5}"#);
    let e = usage_error(&["score", s(&short), "--manifest", m, "--format", "qiskit"]);
    assert!(
        e.contains("short.json") && e.contains("`010`") && e.contains("7 qubits"),
        "{e}"
    );
    let big = write("big.json", r#"{"200": 5}"#);
    let e = usage_error(&["score", s(&big), "--manifest", m, "--format", "ionq"]);
    assert!(e.contains("big.json") && e.contains("`200`"), "{e}");
    let probs = write("probs.json", r#"{"46": 0.5, "3": 0.5}"#);
    let e = usage_error(&["score", s(&probs), "--manifest", m]);
    assert!(e.contains("probs.json") && e.contains("--shots"), "{e}");
    let broken = write("broken.json", "{\n\"0101110\": }");
    let e = usage_error(&["score", s(&broken), "--manifest", m]);
    assert!(e.contains("broken.json") && e.contains("line 2"), "{e}");
    let missing = dir.join("missing.json");
    let e = usage_error(&["score", s(&missing), "--manifest", m]);
    assert!(e.contains("missing.json"), "{e}");
    // Manifests: one without the puzzle text (older), one edited.
    let mut doc = json(&manifest);
    doc.as_object_mut().unwrap().remove("puzzle_text");
    let old = write("old.json", &doc.to_string());
    let e = usage_error(&["score", s(&short), "--manifest", s(&old)]);
    assert!(e.contains("old.json") && e.contains("puzzle_text"), "{e}");
    let mut doc = json(&manifest);
    let edited_text = doc["puzzle_text"].as_str().unwrap().replace("[grid]", "[grid]\n");
    doc["puzzle_text"] = Value::from(edited_text);
    let edited = write("edited.json", &doc.to_string());
    let e = usage_error(&["score", s(&short), "--manifest", s(&edited)]);
    assert!(e.contains("edited.json") && e.contains("puzzle_sha256"), "{e}");
    let e = usage_error(&["score", s(&short), "--manifest", s(&short)]);
    assert!(e.contains("short.json"), "{e}");
    let e = usage_error(&argv(
        "score {} --manifest {} --format qiskit --confidence 1",
        &[s(&short), m],
    ));
    assert!(e.contains("confidence"), "{e}");
    // --out that is a file; sample's own mistakes.
    let e = usage_error(&["score", s(&short), "--manifest", m, "--out", s(&short)]);
    assert!(e.contains("not a folder"), "{e}");
    let e = usage_error(&["sample", m, "--shots", "10", "--depth", "2"]);
    assert!(e.contains("manifest") && e.contains("--depth"), "{e}");
    let f = data("tango-4x4-qasm.txt");
    let e = usage_error(&["sample", s(&f), "--shots", "10"]);
    assert!(e.contains("--depth"), "{e}");
    let e = usage_error(&["sample", s(&f), "--shots", "10", "--depth", "1"]);
    assert!(e.contains("--gammas"), "{e}");
    let e = usage_error(&["sample", m, "--shots", "0"]);
    assert!(e.contains("--shots"), "{e}");
    let e = usage_error(&["sample", m, "--shots", "10", "-o", m]);
    assert!(e.contains("refusing"), "{e}");
}

#[test]
fn sample_draws_the_grover_mixer_on_the_statevector_route() {
    let (_dir, f, out) = scratch_and_data("hw-grover-sample", "nqueens-4.txt", "c.json");
    let text = ok(&argv(
        "sample {} --space rows --mixer grover --depth 1 --gammas 0.4 --betas 0.6 --shots 400 --seed 2 -o {}",
        &[s(&f), s(&out)],
    ));
    assert!(text.contains("simulated P(valid)"), "{text}");
    let counts = json(&out);
    let total: u64 = counts["counts"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(total, 400);
    // The rows space keeps one queen per row: every shot does.
    for key in counts["counts"].as_object().unwrap().keys() {
        for row in key.as_bytes().chunks(4) {
            assert_eq!(row.iter().filter(|&&b| b == b'1').count(), 1, "{key}");
        }
    }
}

#[test]
fn score_and_sample_print_small_probabilities_and_resolved_spaces() {
    let dir = Scratch::new("hw-small-p");
    let manifest = export(&dir, "tango-4x4-qasm.txt", &[]);
    // One valid shot in 4000: 2.5e-4, not 0.000250.
    let counts = dir.join("c.json");
    std::fs::write(&counts, r#"{"0111010": 1, "0000000": 3999}"#).unwrap();
    let text = ok(&["score", s(&counts), "--manifest", s(&manifest), "--format", "quzzle"]);
    assert!(text.contains("P(valid) measured: 2.500e-4 (1 of 4000 shots)"), "{text}");
}

// ---- `quzzle predict`: the routed file is read back and trusted for nothing. ----

/// The manifest of an 11-qubit export (tiny-tango-4x4, depth 2).
fn predict_manifest(dir: &Path) -> PathBuf {
    export(dir, "tiny-tango-4x4.txt", &[])
}

/// Lines 1-3 of a routed file for the 11-qubit manifest; its line 4 is the first of a body.
const ROUTED_HEAD: &str = "OPENQASM 3.0;\ninclude \"stdgates.inc\";\nbit[11] c;\n";

/// The final measurements of `$0..$10` into `c[0..10]`.
fn routed_measurements() -> String {
    (0..11).map(|i| format!("c[{i}] = measure ${i};\n")).collect()
}

/// Write `text` as `name` into `dir`.
fn routed_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn predict_refuses_non_finite_angles_by_line_and_gate() {
    let dir = Scratch::new("hw-predict-nonfinite");
    let manifest = predict_manifest(&dir);
    for (i, angle) in ["nan", "inf", "1e308*1e308", "pi/0", "-(0/0)", "1e999"]
        .iter()
        .enumerate()
    {
        let text = format!("{ROUTED_HEAD}sx $0;\nrz({angle}) $1;\n{}", routed_measurements());
        let name = format!("nonfinite{i}.qasm");
        let f = routed_file(&dir, &name, &text);
        let e = usage_error(&["predict", s(&f), "--manifest", s(&manifest), "--noise", "heron"]);
        assert!(
            e.contains(&format!("{name}:5:")) && e.contains("`rz`") && e.contains("not a finite number"),
            "{angle}: {e}"
        );
        assert!(!e.contains("NaN ±"), "{e}");
    }
    // Finite expressions Qiskit writes are read, parentheses and sums included.
    let text = format!(
        "{ROUTED_HEAD}rz(-3*pi/4) $0;\nrz((pi/2) + 0.25) $1;\nrz(-(1.5e-3 - 2*pi)) $2;\n{}",
        routed_measurements()
    );
    let f = routed_file(&dir, "finite.qasm", &text);
    let out = ok(&["predict", s(&f), "--manifest", s(&manifest)]);
    assert!(out.contains("3 rz"), "{out}");
}

#[test]
fn predict_refuses_constructs_it_cannot_trust_by_line_and_name() {
    let dir = Scratch::new("hw-predict-constructs");
    let manifest = predict_manifest(&dir);
    let cases: [(&str, &str, &[&str]); 13] = [
        ("cx $0, $0;\n", ":4:", &["`cx`", "`$0`", "twice"]),
        ("ecr $3, $3;\n", ":4:", &["`ecr`", "`$3`", "twice"]),
        (
            "c[0] = measure $0;\nx $0;\n",
            ":5:",
            &["`x`", "`$0`", "measured on line 4"],
        ),
        ("c[0] = measure $0;\nc[0] = measure $1;\n", ":5:", &["`c[0]`", "twice"]),
        ("x r[0];\n", ":4:", &["undeclared", "`r`"]),
        ("d[0] = measure $0;\n", ":4:", &["undeclared", "`d`"]),
        ("gate rz(t) a { x a; }\n", ":4:", &["redefines", "`rz`"]),
        ("gate cx a, b { cz a, b; }\n", ":4:", &["redefines", "`cx`"]),
        ("include \"qelib1.inc\";\n", ":4:", &["`qelib1.inc`", "stdgates.inc"]),
        ("if (c[0] == 1) { x $1; }\n", ":4:", &["classical control flow", "`if`"]),
        (
            "for int i in [0:2] { x $1; }\n",
            ":4:",
            &["classical control flow", "`for`"],
        ),
        ("def f(qubit a) { x a; }\n", ":4:", &["classical control flow", "`def`"]),
        (
            "while (true) { x $1; }\n",
            ":4:",
            &["classical control flow", "`while`"],
        ),
    ];
    for (i, (body, line, says)) in cases.iter().enumerate() {
        let name = format!("construct{i}.qasm");
        let text = format!("{ROUTED_HEAD}{body}{}", routed_measurements());
        assert_predict_refuses(&dir, &manifest, &name, &text, line, says);
    }
}

/// `predict` refuses the routed file `name` holding `text` with a usage error that names the
/// file at `line` (`:N:`) and says each of `says`.
fn assert_predict_refuses(dir: &Path, manifest: &Path, name: &str, text: &str, line: &str, says: &[&str]) {
    let f = routed_file(dir, name, text);
    let e = usage_error(&["predict", s(&f), "--manifest", s(manifest)]);
    assert!(e.contains(&format!("{name}{line}")), "{text}: {e}");
    for w in says {
        assert!(e.contains(w), "{text}: `{w}` missing in {e}");
    }
}

#[test]
fn predict_refuses_register_sizes_and_indices_before_allocating() {
    let dir = Scratch::new("hw-predict-sizes");
    let manifest = predict_manifest(&dir);
    let m = routed_measurements();
    let cases: [(String, &str, &[&str]); 6] = [
        (
            format!("OPENQASM 3.0;\nbit[18446744073709551615] c;\n{m}"),
            ":2:",
            &["18446744073709551615", "11 qubits"],
        ),
        (
            format!("OPENQASM 3.0;\nbit[1000000000] c;\n{m}"),
            ":2:",
            &["1000000000", "11 qubits"],
        ),
        (
            format!("OPENQASM 3.0;\nbit[99999999999999999999999] c;\n{m}"),
            ":2:",
            &["register size"],
        ),
        (
            format!("{ROUTED_HEAD}qubit[1000000000] q;\n{m}"),
            ":4:",
            &["1000000000", "`q`"],
        ),
        (format!("{ROUTED_HEAD}x $99999999999;\n{m}"), ":4:", &["`$99999999999`"]),
        (
            format!("{ROUTED_HEAD}x $18446744073709551616;\n{m}"),
            ":4:",
            &["`$18446744073709551616`"],
        ),
    ];
    for (i, (text, line, says)) in cases.iter().enumerate() {
        let name = format!("size{i}.qasm");
        assert_predict_refuses(&dir, &manifest, &name, text, line, says);
    }
}

#[test]
fn predict_has_a_time_budget_and_refuses_absurd_trajectories() {
    let dir = Scratch::new("hw-predict-budget");
    let manifest = predict_manifest(&dir);
    // 22 physical qubits and 6000 gates: a minute of work, stopped after a fraction of a second.
    let mut body = String::new();
    for r in 0..300 {
        for k in 0..10 {
            let q = (r + k) % 21;
            body += &format!("sx ${q};\ncx ${q}, ${};\n", q + 1);
        }
    }
    let f = routed_file(
        &dir,
        "long.qasm",
        &format!("{ROUTED_HEAD}{body}{}", routed_measurements()),
    );
    let began = std::time::Instant::now();
    let out = quzzle(&["predict", s(&f), "--manifest", s(&manifest), "--max-seconds", "0.3"]);
    let e = crate::common::stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{e}");
    assert!(
        e.contains("no result within the time budget") && e.contains("--max-seconds"),
        "{e}"
    );
    assert!(began.elapsed().as_secs_f64() < 20.0, "stopped late: {e}");
    let e = usage_error(&["predict", s(&f), "--manifest", s(&manifest), "--max-seconds", "0"]);
    assert!(e.contains("--max-seconds"), "{e}");
    // A trajectory count no run needs is refused up front, here and by solve.
    let e = usage_error(&argv(
        "predict {} --manifest {} --noise heron --trajectories 1000000000",
        &[s(&f), s(&manifest)],
    ));
    assert!(e.contains("--trajectories 1000000000: must be 1..=1000000"), "{e}");
    // A run of months is refused before it starts: 1000 cx on 25 physical qubits, a million
    // trajectories nearly all with an error.
    let body: String = (0..1000)
        .map(|i| format!("cx ${}, ${};\n", i % 24, i % 24 + 1))
        .collect();
    let huge = routed_file(
        &dir,
        "huge.qasm",
        &format!("{ROUTED_HEAD}{body}{}", routed_measurements()),
    );
    let began = std::time::Instant::now();
    let e = usage_error(&argv(
        "predict {} --manifest {} --noise heron --trajectories 1000000",
        &[s(&huge), s(&manifest)],
    ));
    assert!(
        e.contains("amplitude updates") && e.contains("fewer trajectories"),
        "{e}"
    );
    assert!(began.elapsed().as_secs_f64() < 20.0, "refused late: {e}");
    let puzzle = data("tiny-tango-4x4.txt");
    let e = usage_error(&argv(
        "solve {} --depths 1 --noise heron --trajectories 1000000000",
        &[s(&puzzle)],
    ));
    assert!(e.contains("--trajectories 1000000000: must be 1..=1000000"), "{e}");
}

#[test]
fn predict_device_gives_the_routed_shot_time() {
    let dir = Scratch::new("hw-predict-device");
    let manifest = predict_manifest(&dir);
    let text = format!(
        "{ROUTED_HEAD}sx $0;\nx $1;\ncz $0, $1;\nrz(0.5) $1;\n{}",
        routed_measurements()
    );
    let f = routed_file(&dir, "device.qasm", &text);
    let report: Value = ok_json(&argv(
        "predict {} --manifest {} --device heron --json",
        &[s(&f), s(&manifest)],
    ));
    let d = &report["devices"][0];
    assert_eq!(d["device"]["name"], "heron", "{report}");
    // 2 pulses of 28 ns, one CZ of 76 ns, readout 1.56 us, 250 us between shots.
    let want = 2.0 * 28e-9 + 76e-9 + 1.56e-6 + 250e-6;
    assert!((d["shot_seconds"].as_f64().unwrap() - want).abs() < 1e-12, "{d}");
    let out = ok(&["predict", s(&f), "--manifest", s(&manifest), "--device", "heron"]);
    assert!(out.contains("heron: one shot"), "{out}");
}

/// Files no transpiler writes: each must end in a result or an error, never a panic, an
/// abort or a stack overflow.
fn hostile_routed_files() -> Vec<String> {
    let m = routed_measurements();
    let good = format!("{ROUTED_HEAD}gate ecr a, b {{ rzx(pi/4) a, b; x a; rzx(-pi/4) a, b; }}\nrz(pi/2) $0;\nsx $0;\necr $0, $1;\ncz $1, $2;\ncx $2, $3;\nx $3;\nbarrier $0, $1;\n{m}");
    let mut files = vec![good.clone()];
    // Truncated at every 7th character.
    let chars: Vec<char> = good.chars().collect();
    files.extend((0..chars.len()).step_by(7).map(|k| chars[..k].iter().collect()));
    // Binary garbage, seeded.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..40 {
        let bytes: Vec<u8> = (0..200)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect();
        files.push(String::from_utf8_lossy(&bytes).into_owned());
        let mixed: String = format!("{ROUTED_HEAD}{}", String::from_utf8_lossy(&bytes));
        files.push(mixed);
    }
    let deep = 100_000;
    let bodies = [
        format!("rz({}1{}) $0;\n", "(".repeat(deep), ")".repeat(deep)),
        format!("rz({}1) $0;\n", "-".repeat(deep)),
        format!("rz({}1) $0;\n", "(".repeat(deep)),
        format!("rz(1{}) $0;\n", ")".repeat(deep)),
        format!("{}\n", "{".repeat(deep)),
        format!("{}\n", "}".repeat(deep)),
        format!("rz({}) $0;\n", "1*".repeat(deep) + "1"),
        "rz(1e999999) $0;\n".into(),
        "rz(123456789012345678901234567890) $0;\n".into(),
        "rz(0x1f) $0;\n".into(),
        "rz() $0;\n".into(),
        "rz(1, 2) $0;\n".into(),
        "rz(1) ;\n".into(),
        "rz $0;\n".into(),
        "sx(1) $0;\n".into(),
        "x ,;\n".into(),
        "cx $0,;\n".into(),
        "cx $0, $1, $2;\n".into(),
        "x $-1;\n".into(),
        "x $;\n".into(),
        "x $1.5;\n".into(),
        "x q[0];\n".into(),
        "x q[-1];\n".into(),
        "x $0\nx $1\n".into(),
        ";;;;\n".into(),
        "\0\0\0;\n".into(),
        "rz(π/2) $0;\n".into(),
        "х $0;\n".into(),
        "x $٣;\n".into(),
        "x\u{200b} $0;\n".into(),
        "rz(pi/2)\u{feff} $0;\n".into(),
        "c[11] = measure $0;\n".into(),
        "c[18446744073709551616] = measure $0;\n".into(),
        "c[-1] = measure $0;\n".into(),
        "c = measure $0;\n".into(),
        "c[0] = measure;\n".into(),
        "= measure $0;\n".into(),
        "measure -> c[0];\n".into(),
        "measure $0 ->;\n".into(),
        "measure $0;\n".into(),
        "c[0] = 1;\n".into(),
        "gate ecr a, b {\n".into(),
        "gate {} a;\n".into(),
        "gate\n".into(),
        "qubit[0] q;\nx q[0];\n".into(),
        "qubit[3] q;\nqubit[3] q;\n".into(),
        "qubit q;\nx q;\n".into(),
        "qubit[2] q;\nx q;\n".into(),
        "bit[11] c;\n".into(),
        "bit c;\n".into(),
        "reset $0;\n".into(),
        "delay[100ns] $0;\n".into(),
        "ctrl @ x $0, $1;\n".into(),
        "OPENQASM 2.0;\nqreg q[2];\n".into(),
        "include;\n".into(),
        "include \"stdgates.inc\n".into(),
        "\"".into(),
        "//".into(),
        "/* unterminated".into(),
        format!("x ${};\n", "9".repeat(5000)),
        format!("bit[{}] c;\n", "9".repeat(5000)),
        format!("{};\n", "x".repeat(100_000)),
    ];
    for b in bodies {
        files.push(format!("{ROUTED_HEAD}{b}{m}"));
        files.push(format!("{ROUTED_HEAD}{m}{b}"));
        files.push(b);
    }
    files
}

#[test]
fn the_routed_reader_survives_hostile_files() {
    use quzzle::noise::routed;
    let zero = quzzle::noise::NoiseModel::parse("p1=0.1,p2=0.1,readout=0.1").unwrap();
    let (mut read, mut refused) = (0, 0);
    for text in hostile_routed_files() {
        match routed::parse_for(&text, "h.qasm", 11) {
            Ok(c) => {
                read += 1;
                let valid: Vec<u64> = vec![0, 5];
                // Whatever was read runs, or is refused, without a panic.
                let _ = routed::estimate(&c, &valid, &zero, traj(3), 1);
            }
            Err(e) => {
                refused += 1;
                let m = e.to_string();
                assert!(m.starts_with("h.qasm"), "{m}");
                assert!(m.chars().count() < 600, "{m}");
            }
        }
    }
    assert!(read >= 1 && refused > 100, "{read} read, {refused} refused");
}

#[test]
fn messages_name_the_bad_number_shortly() {
    let dir = Scratch::new("hw-short-numbers");
    let manifest = predict_manifest(&dir);
    // A marginal of 1e308 with the right count: the message names it, not the count.
    let mut doc = json(&manifest);
    doc["qubit_marginals"][3] = serde_json::json!(1e308);
    let bad = routed_file(&dir, "marginal.json", &doc.to_string());
    let f = routed_file(&dir, "plain.qasm", &format!("{ROUTED_HEAD}{}", routed_measurements()));
    for args in [
        vec!["predict", s(&f), "--manifest", s(&bad)],
        vec!["score", s(&f), "--manifest", s(&bad)],
    ] {
        let e = usage_error(&args);
        assert!(
            e.contains("`qubit_marginals` holds 1e308 for qubit 3, not a probability"),
            "{args:?}: {e}"
        );
        assert!(!e.contains("entries"), "{e}");
    }
    // --beta-range of 1e308 is echoed as 1e308, not in 309 digits.
    let puzzle = data("tiny-tango-4x4.txt");
    let out = quzzle(&argv(
        "anneal {} --beta-range 0,1e308 --reads 2 --sweeps 2",
        &[s(&puzzle)],
    ));
    let e = crate::common::stderr(&out);
    assert!(e.contains("--beta-range 0.0,1e308: must be"), "{e}");
    let text = ok(&argv(
        "anneal {} --beta-range 1,1e300 --reads 2 --sweeps 2",
        &[s(&puzzle)],
    ));
    assert!(text.contains("beta 1.000000 -> 1.000e300,"), "{text}");
}
