//! The Q# seed's N-Queens Grover circuit (issue 23): the oracle checked exactly on every
//! row-space board, the whole circuit on the reference simulator against `quzzle grover`'s
//! row-space computation, and the exported text in every flavour.

use crate::common::{argv, data, quzzle, Scratch};
use crate::qasm::read_back;
use num_complex::Complex64;
use quzzle::circuit::seed::{self, SeedCircuit, SeedLayout};
use quzzle::circuit::{apply_classical, Circuit, Gate};
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, Encoding, EncodingKind};
use quzzle::error::Unsupported;
use quzzle::experiment::grover::{grover, GroverRoute, GroverSettings};
use quzzle::export::qasm::{Flavor, CCX_EXPANSION_PHASE};
use quzzle::export::seed::{export_seed_circuit, SeedRequest};
use quzzle::model::Level;
use quzzle::sim::reference;
use quzzle::Error;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

fn nqueens(n: usize) -> Box<dyn Encoding> {
    let text = format!("puzzle: nqueens\nsize: {n}x{n}\n");
    encoding::parse(&format!("nqueens-{n}"), &text, EncodingKind::Onehot, Level::None).unwrap()
}

/// N rooks: one per row and column, no diagonal rule (the seed's circuit without the diagonal
/// check): `gqueens` with row and column counts 1 and attack distance 0.
fn rooks(n: usize) -> Box<dyn Encoding> {
    let ones = vec!["1"; n].join(" ");
    let text = format!("puzzle: gqueens\nsize: {n}x{n}\n\n[rows]\n{ones}\n[columns]\n{ones}\n");
    encoding::parse(&format!("rooks-{n}"), &text, EncodingKind::Onehot, Level::None).unwrap()
}

fn layout(n: usize, diagonals: bool) -> (SeedLayout, Box<dyn Encoding>) {
    let enc = if diagonals { nqueens(n) } else { rooks(n) };
    assert_eq!(enc.num_qubits(), n * n);
    (SeedLayout { n, diagonals }, enc)
}

/// The puzzle bits of the row-space board `choice` (the column of each row's queen).
fn board_bits(n: usize, mut choice: usize) -> Vec<bool> {
    let mut bits = vec![false; n * n];
    for r in 0..n {
        bits[r * n + choice % n] = true;
        choice /= n;
    }
    bits
}

#[test]
fn seed_oracle_flips_the_target_exactly_on_valid_boards() {
    // N-Queens counts 1, 0, 0, 2, 10; rook placements N!.
    for (n, diagonals, solutions) in [
        (1, true, 1),
        (2, true, 0),
        (3, true, 0),
        (4, true, 2),
        (5, true, 10),
        (3, false, 6),
        (4, false, 24),
    ] {
        let (layout, enc) = layout(n, diagonals);
        let oracle = seed::oracle(&layout);
        assert!(
            oracle.iter().all(Gate::is_classical),
            "the oracle is x, cx and ccx only"
        );
        let nq = layout.num_qubits();
        let mut found = 0;
        for choice in 0..n.pow(n as u32) {
            let puzzle = board_bits(n, choice);
            for target in [false, true] {
                let mut bits = puzzle.clone();
                bits.resize(nq, false);
                bits[layout.target()] = target;
                apply_classical(&mut bits, &oracle);
                let valid = enc.puzzle().check(&enc.board_of_bits(&puzzle)).is_empty();
                found += usize::from(valid && !target);
                assert_eq!(bits[..n * n], puzzle[..], "N = {n}: the puzzle qubits are restored");
                assert!(
                    layout.ancillas().iter().all(|&a| !bits[a]),
                    "N = {n}, board {choice}: an ancilla is left at 1"
                );
                assert_eq!(
                    bits[layout.target()],
                    target ^ valid,
                    "N = {n} diagonals {diagonals}, board {choice}: the target flips iff valid ({valid})"
                );
            }
        }
        assert_eq!(found, solutions, "N = {n} diagonals {diagonals}");
    }
}

/// P(valid) of `state` on the puzzle qubits, and the probability that some other qubit is 1.
fn p_valid(amps: &[Complex64], puzzle_qubits: usize, valid: &[usize]) -> (f64, f64) {
    let p: f64 = valid.iter().map(|&k| amps[k].norm_sqr()).sum();
    let dirty: f64 = amps
        .iter()
        .enumerate()
        .filter(|(k, _)| k >> puzzle_qubits != 0)
        .map(|(_, a)| a.norm_sqr())
        .sum();
    (p, dirty)
}

/// The basis indices (puzzle qubits, the rest 0) of every valid board.
fn valid_indices(enc: &dyn Encoding) -> Vec<usize> {
    let found = enc.search(100_000).unwrap();
    assert!(found.complete);
    found
        .boards
        .iter()
        .map(|b| {
            let bits = enc.bits_of_board(b).unwrap();
            bits.iter().enumerate().map(|(q, &x)| usize::from(x) << q).sum()
        })
        .collect()
}

#[test]
fn seed_circuit_on_the_reference_simulator_equals_quzzle_grover() {
    // (N, diagonals, iterations): N-Queens N = 1 (2 qubits) and the rook variants up to N = 4
    // (20 qubits, M = 24 of D = 256) have solutions; the reference simulation of the whole
    // gate list must give quzzle's row-space P(valid) at every k.
    for (n, diagonals, last) in [(1, true, 2), (3, false, 4), (4, false, 2)] {
        let (layout, enc) = layout(n, diagonals);
        let valid = valid_indices(enc.as_ref());
        let report = grover(
            enc.as_ref(),
            &GroverSettings {
                space: SpaceChoice::Rows,
                iterations: Some((0, last)),
                route: GroverRoute::Statevector,
                qaoa_depths: None,
            },
        )
        .unwrap();
        assert_eq!(report.solutions as usize, valid.len());
        for k in 0..=last {
            let seed = SeedCircuit::new(layout, k);
            let amps = reference::run(&seed.circuit).unwrap().amps;
            let (p, dirty) = p_valid(&amps, n * n, &valid);
            let want = report.iterations[k].statevector.unwrap();
            assert!(dirty <= 1e-12, "N = {n} k = {k}: the ancillas keep weight {dirty}");
            assert!(
                (p - want).abs() <= 1e-10,
                "N = {n} k = {k}: circuit {p}, quzzle grover {want}"
            );
        }
        // The test can fail: beyond N = 1 (always valid) the k = 1 value is far from the
        // uniform baseline.
        if n > 1 {
            assert!((report.iterations[1].statevector.unwrap() - report.uniform_baseline).abs() > 0.05);
        }
    }
}

#[test]
fn seed_circuit_without_solutions_keeps_the_start_state_up_to_its_sign() {
    // N = 2 and 3 have no solution: the oracle is the identity, and the diffusion
    // 1 − 2|s⟩⟨s| maps |s⟩ to −|s⟩, so after k iterations the state is (−1)^k |s⟩|0…0⟩,
    // amplitude by amplitude (the sign convention of the diffusion, pinned).
    for n in [2, 3] {
        let (layout, _) = layout(n, true);
        let dimension = n.pow(n as u32);
        let row_states: HashSet<usize> = (0..dimension)
            .map(|choice| {
                board_bits(n, choice)
                    .iter()
                    .enumerate()
                    .map(|(q, &x)| usize::from(x) << q)
                    .sum()
            })
            .collect();
        for k in 0..=3 {
            let amps = reference::run(&SeedCircuit::new(layout, k).circuit).unwrap().amps;
            let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
            for (i, a) in amps.iter().enumerate() {
                let want = if row_states.contains(&i) {
                    sign / (dimension as f64).sqrt()
                } else {
                    0.0
                };
                assert!(
                    (a - Complex64::new(want, 0.0)).norm() <= 1e-12,
                    "N = {n} k = {k}: amplitude {a} at {i:b}, want {want}"
                );
            }
        }
    }
}

#[test]
fn seed_circuit_counts_at_n4() {
    // 26 qubits; per iteration 84 ccx in the oracle (28 + 28 for the diagonal ancillas, 28
    // for the 9-control x with 7 dirty puzzle qubits) and 96 in the diffusion (15 controls,
    // 10 dirty qubits: Lemma 7.3's split into two 8-control parts, 24 ccx each, twice).
    let layout = SeedLayout::new(4);
    for k in [1, 2] {
        let seed = SeedCircuit::new(layout, k);
        assert_eq!(seed.circuit.num_qubits, 26);
        let counts = seed.circuit.gate_counts();
        assert_eq!(counts["ccx"], 180 * k);
        assert!(seed.circuit.gates.iter().all(|g| matches!(
            g,
            Gate::X(_) | Gate::H(_) | Gate::Cx(..) | Gate::Ccx(..) | Gate::Cry(..)
        )));
    }
}

#[test]
fn seed_export_writes_every_flavour_with_its_manifest() {
    let dir = Scratch::new("seed-export");
    let file = data("nqueens-4.txt");
    let enc = encoding::load(&file, EncodingKind::Onehot, Level::Paper).unwrap();
    for k in [1usize, 2] {
        let report = grover(
            enc.as_ref(),
            &GroverSettings {
                iterations: Some((k, k)),
                ..GroverSettings::default()
            },
        )
        .unwrap();
        let want = report.iterations[0].success_probability;
        let seed = SeedCircuit::new(SeedLayout::new(4), k);
        for flavor in Flavor::ALL {
            let out = dir.join(format!("n4-k{k}.{}.qasm", flavor.name()));
            let done = quzzle(&argv(
                "grover {} --iterations {} --qasm {} --flavor {}",
                &[
                    file.to_str().unwrap(),
                    &k.to_string(),
                    out.to_str().unwrap(),
                    flavor.name(),
                ],
            ));
            assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
            let text = std::fs::read_to_string(&out).unwrap();
            let m: Value = serde_json::from_str(&std::fs::read_to_string(out.with_extension("json")).unwrap()).unwrap();
            assert_eq!(m["circuit"], "grover-seed");
            assert_eq!(m["qubits"], 26);
            assert_eq!(m["puzzle_qubits"], 16);
            assert_eq!(m["iterations"], k);
            assert_eq!(m["target"], 25);
            assert_eq!(m["ancillas"].as_array().unwrap().len(), 10);
            assert_eq!(m["solutions"], 2);
            assert_eq!(m["success_probability"].as_f64().unwrap(), want);
            assert_eq!(m["gate_counts"]["ccx"], 180 * k);
            let valid = m["valid_bitstrings"].as_array().unwrap();
            assert_eq!(valid.len(), 2);
            assert!(valid.iter().all(|b| b.as_str().unwrap().len() == 16));
            assert_eq!(m["qubit_cells"].as_array().unwrap().len(), 16);
            if flavor == Flavor::Portable && k == 1 {
                // `quzzle score` reads the board from the puzzle qubits (the last 16 characters
                // of a Qiskit key, reversed) and counts the shots with an ancilla at 1.
                let v = valid[0].as_str().unwrap();
                let board: String = v.chars().rev().collect();
                let counts = dir.join("counts.json");
                std::fs::write(
                    &counts,
                    format!(
                        "{{\"{}{board}\": 30, \"1{}{board}\": 10, \"{}\": 60}}",
                        "0".repeat(10),
                        "0".repeat(9),
                        "0".repeat(26)
                    ),
                )
                .unwrap();
                let manifest = out.with_extension("json");
                let done = quzzle(&argv(
                    "score {} --manifest {} --format qiskit --json",
                    &[counts.to_str().unwrap(), manifest.to_str().unwrap()],
                ));
                assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
                let r: serde_json::Value = serde_json::from_slice(&done.stdout).unwrap();
                assert_eq!((r["shots"].as_u64(), r["valid_shots"].as_u64()), (Some(100), Some(40)));
                assert_eq!(r["distinct"], 2);
                assert_eq!(r["top"][0]["bitstring"], "0".repeat(16));
                assert_eq!(r["top"][1]["bitstring"], v);
                assert_eq!(r["qubit_marginals"].as_array().unwrap().len(), 16);
                assert_eq!(r["simulated_p_valid"].as_f64().unwrap(), want);
                assert_eq!(r["uniform"].as_f64().unwrap(), 2.0 / 256.0);
                let notes = r["notes"].to_string();
                assert!(notes.contains("10 of 100 shots"), "{notes}");
                // sample draws QAOA circuits only, and says so.
                let done = quzzle(&["sample", manifest.to_str().unwrap(), "--shots", "10"]);
                let e = String::from_utf8_lossy(&done.stderr);
                assert!(!done.status.success() && e.contains("seed's Grover circuit"), "{e}");
            }
            let back = read_back(&text, &HashMap::new());
            assert_eq!(back.num_qubits, 26);
            if flavor == Flavor::Ionq {
                assert!(!text.lines().any(|l| !l.starts_with("//") && l.contains("ccx")));
                assert!(!text.lines().any(|l| !l.starts_with("//") && l.contains("cry")));
            } else {
                // Numbers round-trip: the very gates.
                assert_eq!(back.gates, plain(&seed.circuit.gates), "{}", flavor.name());
            }
        }
    }
}

/// The gates with their angle symbols dropped (the text has numbers only).
fn plain(gates: &[Gate]) -> Vec<Gate> {
    gates
        .iter()
        .map(|g| match *g {
            Gate::Cry(x, y, a) => Gate::Cry(x, y, quzzle::circuit::Angle { symbol: None, ..a }),
            other => other,
        })
        .collect()
}

#[test]
fn seed_ionq_text_runs_to_the_same_state_up_to_its_global_phase() {
    // The ionq text of N = 3 (15 qubits), read back and run on the reference simulator, is
    // the circuit's state times e^{−iπ/8} per ccx.
    let enc = nqueens(3);
    for k in [1, 2] {
        let req = SeedRequest {
            iterations: Some(k),
            flavor: Flavor::Ionq,
            qasm_name: "x.qasm".into(),
        };
        let exported = export_seed_circuit(enc.as_ref(), &req).unwrap();
        assert_eq!(exported.manifest.success_probability, 0.0);
        assert_eq!(exported.manifest.provenance.qubits, 15);
        let back: Circuit = read_back(&exported.text, &HashMap::new());
        assert!(back.gates.iter().all(|g| !matches!(g, Gate::Ccx(..) | Gate::Cry(..))));
        let ours = reference::run(&exported.circuit.circuit).unwrap().amps;
        let theirs = reference::run(&back).unwrap().amps;
        let ccx = exported.circuit.circuit.gate_counts()["ccx"];
        let phase = Complex64::from_polar(1.0, CCX_EXPANSION_PHASE * ccx as f64);
        for (a, b) in ours.iter().zip(&theirs) {
            assert!((a * phase - b).norm() <= 1e-10, "k = {k}: {a} vs {b}");
        }
    }
}

#[test]
fn seed_export_refuses_what_it_cannot_write() {
    let dir = Scratch::new("seed-refuse");
    let out = dir.join("x.qasm");
    let run = |file: &str, extra: &[&str]| {
        let path = data(file);
        let mut args = vec!["grover", path.to_str().unwrap(), "--qasm", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let done = quzzle(&args);
        assert!(!done.status.success(), "{file} {extra:?} was exported");
        String::from_utf8_lossy(&done.stderr).into_owned()
    };
    let e = run("queens-4x4-handmade.txt", &[]);
    assert!(e.contains("nqueens") && e.contains("puzzle: queens"), "{e}");
    let e = run("nqueens-4-regions.txt", &[]);
    assert!(e.contains("regions"), "{e}");
    let e = run("nqueens-5-given.txt", &[]);
    assert!(e.contains("givens"), "{e}");
    let e = run("nqueens-4.txt", &["--iterations", "1..2"]);
    assert!(e.contains("one count"), "{e}");
    let e = run("nqueens-4.txt", &["--space", "full"]);
    assert!(e.contains("rows"), "{e}");
    assert!(!out.exists());
    // N = 3 has no solution, so no optimal count: --iterations is needed.
    let enc = nqueens(3);
    let req = SeedRequest {
        iterations: None,
        flavor: Flavor::Portable,
        qasm_name: "x.qasm".into(),
    };
    let e = export_seed_circuit(enc.as_ref(), &req).unwrap_err();
    assert!(
        matches!(&e, Error::Unsupported(u) if matches!(**u, Unsupported::NoOptimalIterations { n: 3, .. })),
        "{e}"
    );
    assert!(e.to_string().contains("give the iteration count"), "{e}");
}

#[test]
fn seed_export_defaults_to_the_optimal_count() {
    // N = 4: M = 2 of D = 256, floor(pi / (4 asin sqrt(2/256))) = 8 iterations.
    let enc = nqueens(4);
    let req = SeedRequest {
        iterations: None,
        flavor: Flavor::Portable,
        qasm_name: "x.qasm".into(),
    };
    let m = export_seed_circuit(enc.as_ref(), &req).unwrap().manifest;
    assert_eq!(m.iterations, 8);
    assert_eq!(m.optimal_iterations, Some(8));
    assert!((m.success_probability - m.closed_form).abs() < 1e-12);
    assert!(m.success_probability > 0.99, "{}", m.success_probability);
    assert_eq!(m.gate_counts["ccx"], 8 * 180);
}
