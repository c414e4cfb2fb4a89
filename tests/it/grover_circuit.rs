//! The Grover mixer as a circuit: the gate list `qasm --mixer grover` writes, run by the
//! reference simulator, is the state of the Grover-mixer simulator (up to one global phase),
//! with the same P(valid) and ⟨C⟩; its text reads back to the same state in every flavour; and
//! its manifest goes through `sample` and `score`.

use crate::common::{argv, data, ok, ok_json, s, scratch_and_data, usage_error, Scratch};
use crate::qasm::read_back;
use num_complex::Complex64;
use quzzle::circuit::grover_mixer::grover_mixer;
use quzzle::circuit::{Circuit, Param};
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, Encoding, EncodingKind};
use quzzle::export::qasm::{self, Flavor, QasmHeader};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::sim::reference;
use quzzle::simulation::{self, SpaceSettings};
use quzzle::Angles;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// Small instances on the full space and on spaces of plain blocks (weights 1 and 2 of 4, a
/// space with free qubits, one block of all the qubits but a few).
const CASES: [(&str, SpaceChoice); 7] = [
    ("tiny-tango-4x4.txt", SpaceChoice::Full),
    ("takuzu-4x4-qasm.txt", SpaceChoice::Full),
    ("queens-4x4-handmade.txt", SpaceChoice::Rows),
    ("tiny-takuzu-4x4.txt", SpaceChoice::Rows),
    ("gqueens-3x4-cylinder.txt", SpaceChoice::Rows),
    ("gqueens-3x4-cylinder.txt", SpaceChoice::Cols),
    ("takuzu-4x4-qasm.txt", SpaceChoice::Cols),
];

fn load(file: &str) -> Box<dyn Encoding> {
    encoding::load(&data(file), EncodingKind::Onehot, Level::Paper).unwrap()
}

fn settings(space: SpaceChoice) -> SpaceSettings {
    SpaceSettings {
        space,
        mixer: MixerKind::Grover,
        ..Default::default()
    }
}

fn angles(p: usize, seed: u64) -> Angles {
    let mut rng = quzzle::rng::seeded(seed);
    crate::common::random_angles(p, &mut rng)
}

/// The phase `z` (|z| = 1) with `a ≈ z · b`, from the overlap `⟨b|a⟩`.
fn relative_phase(a: &[Complex64], b: &[Complex64]) -> Complex64 {
    let overlap: Complex64 = b.iter().zip(a).map(|(x, y)| x.conj() * y).sum();
    overlap / overlap.norm()
}

fn assert_same_up_to_phase(a: &[Complex64], b: &[Complex64], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    let z = relative_phase(a, b);
    let worst = a.iter().zip(b).map(|(x, y)| (x - z * y).norm()).fold(0.0, f64::max);
    assert!(
        worst <= 1e-12,
        "{what}: amplitudes differ by {worst:e} after one global phase"
    );
}

fn index_of(bits: &[bool]) -> usize {
    bits.iter().enumerate().map(|(q, &b)| usize::from(b) << q).sum()
}

#[test]
fn the_circuit_is_the_grover_mixer_simulation() {
    for (file, space) in CASES {
        let enc = load(file);
        let sim = simulation::simulation(enc.as_ref(), &settings(space)).unwrap();
        assert_eq!(sim.route().name(), "statevector", "{file}");
        assert_eq!(sim.space.resolved, space, "{file}");
        let valid = simulation::success_states(enc.as_ref(), &sim).unwrap().valid;
        let q = sim.qaoa();
        for p in 1..=3 {
            let a = angles(p, 7 * p as u64 + file.len() as u64);
            let what = format!("{file} {space} p = {p}");
            let circuit = simulation::circuit(enc.as_ref(), &sim.space, MixerKind::Grover, &a).unwrap();
            let ours = reference::run(&circuit).unwrap().amps;
            let embedded: Vec<Complex64> = simulation::embedded_state(&sim, &a)
                .unwrap()
                .iter()
                .map(|&[re, im]| Complex64::new(re, im))
                .collect();
            assert_same_up_to_phase(&ours, &embedded, &what);
            // P(valid) and ⟨C⟩ from the circuit's own amplitudes, over the simulated space.
            let eval = q.evaluate(&a, &valid).unwrap();
            let p_valid: f64 = valid.iter().map(|&k| ours[index_of(&q.bits(k))].norm_sqr()).sum();
            assert!((p_valid - eval.success_probability).abs() <= 1e-12, "{what}: P(valid)");
            let energy: f64 = (0..q.num_states() as u64)
                .map(|k| ours[index_of(&q.bits(k))].norm_sqr() * q.diagonal().get(k as usize))
                .sum();
            assert!(
                (energy - eval.energy).abs() <= 1e-10 * eval.energy.abs().max(1.0),
                "{what}: <C> {energy} vs {}",
                eval.energy
            );
        }
    }
}

#[test]
fn every_beta_angle_is_symbolic_and_the_text_reads_back_in_every_flavour() {
    for (file, space) in [
        ("gqueens-3x4-cylinder.txt", SpaceChoice::Rows),
        ("takuzu-4x4-qasm.txt", SpaceChoice::Full),
    ] {
        let enc = load(file);
        let sim = simulation::simulation(enc.as_ref(), &settings(space)).unwrap();
        let p = 2;
        let a = angles(p, 5);
        let circuit = simulation::circuit(enc.as_ref(), &sim.space, MixerKind::Grover, &a).unwrap();
        let want = reference::run(&circuit).unwrap().amps;
        let header = QasmHeader {
            file: file.into(),
            reduce: "paper".into(),
            depth: p,
            angles: a.clone(),
            qubit_cells: enc.qubit_cells(),
        };
        let values: HashMap<String, f64> = (0..p)
            .flat_map(|l| {
                [
                    (qasm::parameter_name(Param::Gamma(l), p), a.gammas[l]),
                    (qasm::parameter_name(Param::Beta(l), p), a.betas[l]),
                ]
            })
            .collect();
        for (flavor, symbolic) in [
            (Flavor::Portable, false),
            (Flavor::Portable, true),
            (Flavor::Ibm, false),
            (Flavor::Ionq, false),
        ] {
            let text = qasm::to_qasm3(&circuit, &header, flavor, symbolic).unwrap();
            assert!(text.contains("exp(-i beta |s><s|)"), "{file} {flavor:?}: header");
            let back: Circuit = read_back(&text, &values);
            let got = reference::run(&back).unwrap().amps;
            assert_same_up_to_phase(&got, &want, &format!("{file} {flavor:?} symbolic {symbolic}"));
            // The counts the manifest records are the statements the file holds.
            let mut written: BTreeMap<String, usize> = BTreeMap::new();
            for g in &back.gates {
                *written.entry(g.name().to_string()).or_insert(0) += 1;
            }
            assert_eq!(
                written,
                qasm::written_gate_counts(&circuit, flavor),
                "{file} {flavor:?}"
            );
            if symbolic {
                // Every β-dependent gate is written with a β parameter: no β value is baked in.
                let mixer_lines = text
                    .lines()
                    .filter(|l| !l.starts_with("//") && l.contains("beta_"))
                    .count();
                assert!(mixer_lines > 0, "{file}: no beta parameter in the text");
            }
        }
    }
}

fn json(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn grover_manifests_go_through_sample_and_score() {
    let dir = Scratch::new("grover-circuit-round-trip");
    for (file, space) in [("queens-4x4-handmade.txt", "rows"), ("tango-4x4-qasm.txt", "full")] {
        for flavor in ["portable", "ibm", "ionq"] {
            let qasm_path = dir.join(format!("{space}-{flavor}.qasm"));
            let f = data(file);
            let out = ok(&argv(
                "qasm {} --space {} --mixer grover --depth 2 --gammas 0.4,0.9 --betas 1.1,0.6 --flavor {} -o {}",
                &[s(&f), space, flavor, s(&qasm_path)],
            ));
            assert!(out.contains("mixer grover") || space == "full", "{out}");
            let manifest_path = qasm_path.with_extension("json");
            let m = json(&manifest_path);
            assert_eq!(m["mixer"], "grover");
            assert_eq!(m["space"], space);
            // The gate counts are those of the text as written.
            let text = std::fs::read_to_string(&qasm_path).unwrap();
            let back = read_back(&text, &HashMap::new());
            let mut written: BTreeMap<String, Value> = BTreeMap::new();
            for g in &back.gates {
                let e = written.entry(g.name().to_string()).or_insert(Value::from(0u64));
                *e = Value::from(e.as_u64().unwrap() + 1);
            }
            let recorded: BTreeMap<String, Value> = m["gate_counts"]
                .as_object()
                .expect("a grover manifest has gate_counts")
                .clone()
                .into_iter()
                .collect();
            assert_eq!(recorded, written, "{file} {flavor}");
            let p_sim = m["success_probability"].as_f64().unwrap();
            assert!(p_sim > 0.0);
            // The manifest is read back by sample and score.
            let counts = dir.join(format!("{space}-{flavor}.counts.json"));
            ok(&argv(
                "sample {} --shots 3000 --seed 4 -o {}",
                &[s(&manifest_path), s(&counts)],
            ));
            let report: Value = ok_json(&argv(
                "score {} --manifest {} --confidence 0.999 --json",
                &[s(&counts), s(&manifest_path)],
            ));
            assert_eq!(report["shots"], 3000);
            assert_eq!(report["simulated_p_valid"].as_f64(), Some(p_sim));
            assert_eq!(report["inside"], true, "{file} {flavor}: {report}");
            if space == "rows" {
                // Every shot keeps one queen per row.
                for key in json(&counts)["counts"].as_object().unwrap().keys() {
                    for row in key.as_bytes().chunks(4) {
                        assert_eq!(row.iter().filter(|&&b| b == b'1').count(), 1, "{key}");
                    }
                }
            }
        }
    }
    // Other mixers' manifests keep their fields: no gate_counts.
    let x = dir.join("x.qasm");
    let f = data("tango-4x4-qasm.txt");
    ok(&argv(
        "qasm {} --depth 1 --gammas 0.4 --betas 0.3 -o {}",
        &[s(&f), s(&x)],
    ));
    assert!(json(&x.with_extension("json")).get("gate_counts").is_none());
}

#[test]
fn grover_export_refuses_blocks_it_cannot_prepare_and_auto_takes_plain_ones() {
    let (dir, f, out) = scratch_and_data("grover-circuit-refusal", "tiny-tango-4x4.txt", "t.qasm");
    // The tango's row balances carry negated cells: not plain weight-k sets.
    let e = usage_error(&argv(
        "qasm {} --space rows --mixer grover --depth 1 --gammas 0.1 --betas 0.2 -o {}",
        &[s(&f), s(&out)],
    ));
    assert!(
        e.contains("block `row 0 balance`") && e.contains("not a plain weight-k set"),
        "{e}"
    );
    assert!(
        !out.exists() && !out.with_extension("json").exists(),
        "nothing is written"
    );
    // `auto` takes the smallest space of plain blocks (rows+cols is one joined block).
    let q = data("nqueens-4.txt");
    let auto = dir.join("a.qasm");
    ok(&argv(
        "qasm {} --mixer grover --depth 1 --gammas 0.1 --betas 0.2 -o {}",
        &[s(&q), s(&auto)],
    ));
    assert_eq!(json(&auto.with_extension("json"))["space"], "rows");
}

/// The gates of one Grover mixer on the full space of 11 qubits (its multi-controlled phase
/// has no idle qubit) and on the rows of a 4x4 Queens (one qubit tested per row), as
/// docs/qasm.md states them; cx counted with each ccx and cry written out (ionq).
#[test]
fn grover_gate_counts_of_the_documented_examples() {
    let mixer_counts = |file: &str, space: SpaceChoice| {
        let enc = load(file);
        let sp = simulation::space_of(enc.as_ref(), &settings(space)).unwrap();
        let blocks: Vec<(Vec<usize>, usize)> = sp
            .blocks
            .iter()
            .map(|b| (b.qubits.clone(), b.weight().unwrap()))
            .collect();
        let beta = quzzle::circuit::Angle {
            value: 0.5,
            symbol: None,
        };
        let gates = grover_mixer(enc.num_qubits(), &blocks, &sp.free, beta);
        let c = Circuit::plain(enc.num_qubits(), gates);
        let cx = qasm::written_gate_counts(&c, Flavor::Ionq)["cx"];
        (c.gate_counts(), cx)
    };
    let (full, full_cx) = mixer_counts("tiny-tango-4x4.txt", SpaceChoice::Full);
    let (rows, rows_cx) = mixer_counts("queens-4x4-handmade.txt", SpaceChoice::Rows);
    // Pinned: a change of construction must update docs/qasm.md.
    assert_eq!((full["ccx"], full_cx), (322, 1972), "{full:?}");
    assert_eq!((rows["ccx"], rows_cx), (2, 120), "{rows:?}");
}
