//! Circuits of more than 64 qubits through `qasm`, `grover --qasm`, `score` and `sample`:
//! every qubit keeps its place in every counts format (a 64-bit basis index folded qubit q onto
//! q − 64), checked against a recount of the shots written.

use crate::common::{argv, ok, ok_json, s, scratch_and_data, usage_error, Scratch};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Export `file` at p = 1 (γ 0.1, β 0.2, plus `extra`) to `qasm`; its manifest's path.
fn export(file: &Path, qasm: &Path, extra: &[&str]) -> PathBuf {
    let mut args = argv("qasm {} --depth 1 --gammas 0.1 --betas 0.2 -o {}", &[s(file), s(qasm)]);
    args.extend_from_slice(extra);
    // The full space unless named: these are the wide circuits no statevector holds.
    if !extra.iter().any(|a| *a == "--space" || *a == "--mixer") {
        args.extend_from_slice(&["--space", "full", "--mixer", "x"]);
    }
    ok(&args);
    qasm.with_extension("json")
}

fn json_of(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A generalised Queens board of `rows` x `cols` cells with one queen in every row: as many
/// qubits as cells, none fixed.
fn gqueens(dir: &Path, rows: usize, cols: usize) -> PathBuf {
    let path = dir.join(format!("gqueens-{rows}x{cols}.txt"));
    let board = vec![".".repeat(cols); rows].join("\n");
    let counts = vec!["1"; rows].join(" ");
    std::fs::write(
        &path,
        format!("puzzle: gqueens\nsize: {rows}x{cols}\n\n[board]\n{board}\n\n[rows]\n{counts}\n"),
    )
    .unwrap();
    path
}

/// A bitstring (qubit 0 first) with qubit `q` flipped.
fn flip(bits: &str, q: usize) -> String {
    bits.char_indices()
        .map(|(i, c)| match (i == q, c) {
            (true, '0') => '1',
            (true, _) => '0',
            (false, c) => c,
        })
        .collect()
}

fn reversed(bits: &str) -> String {
    bits.chars().rev().collect()
}

/// A bitstring (qubit 0 first) as IonQ's decimal key: qubit 0 the least significant bit.
fn decimal(bits: &str) -> String {
    // Base-10^9 digits, least significant first, doubled and incremented from the top qubit.
    let mut digits: Vec<u64> = vec![0];
    for c in bits.chars().rev() {
        let mut carry = u64::from(c == '1');
        for d in digits.iter_mut() {
            let v = *d * 2 + carry;
            *d = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    let mut out = digits.last().unwrap().to_string();
    for d in digits.iter().rev().skip(1) {
        out.push_str(&format!("{d:09}"));
    }
    out
}

/// Counts `{state: shots}` (qubit 0 first) written in `format`.
fn counts_text(counts: &[(&str, u64)], qubits: usize, format: &str) -> String {
    let keyed = |key: &dyn Fn(&str) -> String| -> Value {
        Value::Object(counts.iter().map(|&(b, c)| (key(b), Value::from(c))).collect())
    };
    let doc = match format {
        "qiskit" => keyed(&reversed),
        "sampler" => json!({ "c": keyed(&reversed) }),
        "ionq" => keyed(&decimal),
        "quzzle" => json!({
            "format": "quzzle-counts",
            "qubits": qubits,
            "shots": counts.iter().map(|c| c.1).sum::<u64>(),
            "counts": keyed(&|b: &str| b.to_string()),
        }),
        other => panic!("{other}"),
    };
    doc.to_string()
}

const FORMATS: [&str; 4] = ["qiskit", "sampler", "ionq", "quzzle"];

/// Score `counts` of the circuit of `manifest` in every format; the reports.
fn score_every_format(dir: &Path, manifest: &Path, counts: &[(&str, u64)], qubits: usize) -> Vec<Value> {
    FORMATS
        .iter()
        .map(|format| {
            let path = dir.join(format!("counts-{qubits}-{format}.json"));
            std::fs::write(&path, counts_text(counts, qubits, format)).unwrap();
            let text = ok(&argv(
                "score {} --manifest {} --format {} --json --top 100",
                &[s(&path), s(manifest), format],
            ));
            serde_json::from_str(&text).unwrap()
        })
        .collect()
}

/// The measured boards of a report: `bitstring -> (count, valid)`.
fn boards(report: &Value) -> Vec<(String, u64, bool)> {
    let mut b: Vec<(String, u64, bool)> = report["top"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["bitstring"].as_str().unwrap().to_string(),
                t["count"].as_u64().unwrap(),
                t["valid"].as_bool().unwrap(),
            )
        })
        .collect();
    b.sort();
    b
}

#[test]
fn score_keeps_every_qubit_at_63_to_222_qubits_in_every_format() {
    let dir = Scratch::new("wide-score");
    let boards_of_width = [
        (63, gqueens(&dir, 7, 9)),
        (64, gqueens(&dir, 8, 8)),
        (65, gqueens(&dir, 5, 13)),
        (81, gqueens(&dir, 9, 9)),
        (128, gqueens(&dir, 8, 16)),
        (222, gqueens(&dir, 6, 37)),
    ];
    for (n, file) in boards_of_width {
        let qasm = dir.join(format!("w{n}.qasm"));
        let manifest = export(&file, &qasm, &[]);
        let m = json_of(&manifest);
        assert_eq!(m["qubits"], n, "{}", file.display());
        let valid = m["valid_bitstrings"][0].as_str().unwrap().to_string();
        // Every row holds one queen: a flipped cell adds or removes one, so the board breaks.
        let top = flip(&valid, n - 1);
        let aliased = flip(&valid, n.saturating_sub(65));
        let counts = [(valid.as_str(), 10), (top.as_str(), 3), (aliased.as_str(), 2)];
        for (format, report) in FORMATS.iter().zip(score_every_format(&dir, &manifest, &counts, n)) {
            assert_eq!(report["shots"], 15, "{n} {format}");
            assert_eq!(report["valid_shots"], 10, "{n} {format}: {report}");
            assert_eq!(report["distinct"], 3, "{n} {format}");
            let want = {
                let mut w = vec![
                    (valid.clone(), 10, true),
                    (top.clone(), 3, false),
                    (aliased.clone(), 2, false),
                ];
                w.sort();
                w
            };
            assert_eq!(boards(&report), want, "{n} {format}");
            // Measured marginals: qubit n - 1 is 1 in the valid board's shots, or in the 3 of
            // the flipped state.
            let m_top = report["qubit_marginals"][n - 1].as_f64().unwrap();
            let expected = if valid.ends_with('1') { 12.0 / 15.0 } else { 3.0 / 15.0 };
            assert!((m_top - expected).abs() < 1e-12, "{n} {format}: {m_top}");
        }
    }
}

#[test]
fn the_issue_example_81_qubit_queens_scored_from_qiskit_keys() {
    let (dir, file, qasm) = scratch_and_data("wide-81", "queens-9x9-community-049.txt", "q9.qasm");
    // At `clues` no cell is decided: 81 qubits (`paper` drops a region and fixes cells: 60).
    let manifest = export(&file, &qasm, &["--reduce", "clues"]);
    let m = json_of(&manifest);
    assert_eq!(m["qubits"], 81);
    let valid = m["valid_bitstrings"][0].as_str().unwrap();
    let counts = dir.join("c.json");
    std::fs::write(&counts, json!({ reversed(valid): 10 }).to_string()).unwrap();
    let text = ok(&argv(
        "score {} --manifest {} --format qiskit",
        &[s(&counts), s(&qasm.with_extension("json"))],
    ));
    assert!(text.contains("(10 of 10 shots)"), "{text}");
}

#[test]
fn seed_circuit_at_n7_sees_an_ancilla_past_qubit_63() {
    let dir = Scratch::new("wide-seed");
    let file = dir.join("nqueens-7.txt");
    std::fs::write(&file, "puzzle: nqueens\nsize: 7x7\n").unwrap();
    let qasm = dir.join("seed.qasm");
    ok(&["grover", s(&file), "--qasm", s(&qasm), "--iterations", "1"]);
    let manifest = qasm.with_extension("json");
    let m = json_of(&manifest);
    let n = m["qubits"].as_u64().unwrap() as usize;
    let board = m["puzzle_qubits"].as_u64().unwrap() as usize;
    assert!(n > 64 && board == 49, "{n} {board}");
    let valid = m["valid_bitstrings"][0].as_str().unwrap();
    let clean = format!("{valid}{}", "0".repeat(n - board));
    // An ancilla at qubit 64 set to 1: the same board (bit 0 of a folded index would be r0c0).
    let dirty = flip(&clean, 64);
    let counts = [(clean.as_str(), 6), (dirty.as_str(), 4)];
    for (format, report) in FORMATS.iter().zip(score_every_format(&dir, &manifest, &counts, n)) {
        assert_eq!(report["valid_shots"], 10, "{format}: {report}");
        assert_eq!(report["distinct"], 1, "{format}");
        let notes = report["notes"].to_string();
        assert!(notes.contains("4 of 10 shots"), "{format}: {notes}");
    }
}

#[test]
fn keys_one_qubit_too_wide_are_refused_in_every_format() {
    let dir = Scratch::new("wide-222");
    let file = gqueens(&dir, 6, 37);
    let qasm = dir.join("w.qasm");
    let manifest = export(&file, &qasm, &[]);
    let wide = format!("1{}", "0".repeat(222));
    for (format, text) in [
        ("qiskit", json!({ &wide: 1 }).to_string()),
        ("sampler", json!({ "c": { &wide: 1 } }).to_string()),
        ("quzzle", json!({ reversed(&wide): 1 }).to_string()),
        ("ionq", json!({ decimal(&reversed(&wide)): 1 }).to_string()),
    ] {
        let path = dir.join(format!("too-wide-{format}.json"));
        std::fs::write(&path, text).unwrap();
        let e = usage_error(&["score", s(&path), "--manifest", s(&manifest), "--format", format]);
        assert!(e.contains("222"), "{format}: {e}");
    }
}

#[test]
fn tampered_manifests_are_refused_naming_what_changed() {
    let (dir, file, qasm) = scratch_and_data("wide-tamper", "tango-4x4-qasm.txt", "t.qasm");
    ok(&argv(
        "qasm {} --depth 1 --gammas 0.3 --betas 0.2 -o {}",
        &[s(&file), s(&qasm)],
    ));
    let manifest = qasm.with_extension("json");
    let doc = json_of(&manifest);
    // A reader that loads and saves the file again keeps it valid.
    let resaved = dir.join("resaved.json");
    std::fs::write(&resaved, serde_json::to_string(&doc).unwrap()).unwrap();
    ok(&["sample", s(&resaved), "--shots", "5"]);
    let edits: Vec<(&str, Value, &str)> = vec![
        ("mixer", json!("grover"), "mixer"),
        ("gammas", json!(vec![0.1; 5000]), "depth"),
        ("dimension", json!(-5), "dimension"),
        ("dimension", json!(64), "dimension"),
        ("valid_bitstrings", json!([]), "digest"),
        ("success_probability", json!(0.9), "digest"),
        ("qubit_marginals", json!([0.5]), "qubit_marginals"),
        ("space", json!("rows"), "space"),
        ("digest", Value::Null, "digest"),
    ];
    for (key, value, named) in edits {
        let mut d = doc.clone();
        if value.is_null() {
            d.as_object_mut().unwrap().remove(key);
        } else {
            d[key] = value;
        }
        let path = dir.join(format!("edited-{key}.json"));
        std::fs::write(&path, serde_json::to_string_pretty(&d).unwrap()).unwrap();
        let e = usage_error(&["sample", s(&path), "--shots", "5"]);
        assert!(e.contains(named) && e.contains("edited-"), "{key}: {e}");
        let counts = dir.join("c.json");
        std::fs::write(&counts, r#"{"0111010": 3}"#).unwrap();
        let e = usage_error(&["score", s(&counts), "--manifest", s(&path), "--format", "quzzle"]);
        assert!(e.contains(named), "{key}: {e}");
    }
    // A counts file handed over as the manifest is called what it is.
    let counts = dir.join("c.json");
    let e = usage_error(&["score", s(&counts), "--manifest", s(&counts), "--format", "quzzle"]);
    assert!(e.contains("counts file, not a manifest"), "{e}");
}

/// A 9x9 generalised Queens board (81 qubits) split into two regions of one queen each:
/// cells 0..=40 (row-major) and 41..=80, so that its regions space has 41 · 40 states and a
/// qubit past 63 folded onto q − 64 would move a queen from the second region to the first.
fn two_region_board(dir: &Path) -> PathBuf {
    let cells = |range: std::ops::RangeInclusive<usize>| -> String {
        range
            .map(|i| format!("{},{}", i / 9, i % 9))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let path = dir.join("gqueens-9x9-two-regions.txt");
    std::fs::write(
        &path,
        format!(
            "puzzle: gqueens\nsize: 9x9\n\n[board]\n{}\n\n[regions]\nfirst 1 {}\nsecond 1 {}\n",
            ["........."; 9].join("\n"),
            cells(0..=40),
            cells(41..=80)
        ),
    )
    .unwrap();
    path
}

#[test]
fn sample_of_an_81_qubit_regions_circuit_keeps_every_region_count() {
    let dir = Scratch::new("wide-sample");
    let file = two_region_board(&dir);
    let qasm = dir.join("r.qasm");
    ok(&argv(
        "qasm {} --space regions --mixer xy-ring --depth 1 --gammas 0.3 --betas 0.7 -o {}",
        &[s(&file), s(&qasm)],
    ));
    let manifest = qasm.with_extension("json");
    let m = json_of(&manifest);
    assert_eq!(
        (m["qubits"].as_u64(), m["dimension"].as_f64()),
        (Some(81), Some(1640.0))
    );
    // The qubit of every cell, from the manifest's map.
    let mut region_of_qubit = vec![0usize; 81];
    for (q, cells) in m["qubit_cells"].as_array().unwrap().iter().enumerate() {
        let cell = cells[0]["cell"].as_str().unwrap();
        let (r, c) = cell.trim_start_matches('r').split_once('c').unwrap();
        let index = r.parse::<usize>().unwrap() * 9 + c.parse::<usize>().unwrap();
        region_of_qubit[q] = usize::from(index > 40);
    }
    let mut reports = Vec::new();
    for format in FORMATS {
        let out = dir.join(format!("shots-{format}.json"));
        ok(&argv(
            "sample {} --shots 2000 --seed 5 --format {} -o {}",
            &[s(&manifest), format, s(&out)],
        ));
        if format == "quzzle" {
            let counts = json_of(&out);
            let mut shots = 0;
            for (key, count) in counts["counts"].as_object().unwrap() {
                let mut per_region = [0; 2];
                for (q, b) in key.chars().enumerate() {
                    if b == '1' {
                        per_region[region_of_qubit[q]] += 1;
                    }
                }
                assert_eq!(per_region, [1, 1], "{key}");
                shots += count.as_u64().unwrap();
            }
            assert_eq!(shots, 2000);
        }
        let mut args = argv(
            "score {} --manifest {} --format {} --json",
            &[s(&out), s(&manifest), format],
        );
        if format == "ionq" {
            args.extend(["--shots", "2000"]);
        }
        let mut report: Value = ok_json(&args);
        report.as_object_mut().unwrap().remove("format");
        // IonQ counts that do not say whether they are sharpened get a note (docs/qasm.md);
        // the scores themselves must agree.
        let notes = report.as_object_mut().unwrap().remove("notes").unwrap();
        let ionq_note = notes
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().contains("sharpen"));
        assert_eq!(ionq_note, format == "ionq", "{notes}");
        reports.push(report);
    }
    // The same seed draws the same shots: every format scores them alike.
    for r in &reports[1..] {
        assert_eq!(r, &reports[0]);
    }
    // The measured P(valid) agrees with the simulated one.
    assert_eq!(reports[0]["inside"], true, "{}", reports[0]);
}
