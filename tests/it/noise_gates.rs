//! Noise at the gate level (block spaces with XY mixers and their Dicke preparation, the
//! Grover mixer): injected error patterns against the reference simulator with those Paulis
//! inserted, zero rates against the noiseless values, and an exact density-matrix simulation on
//! ≤ 8 qubits against the trajectories.

use crate::common::{argv, data, quzzle, s, stderr, traj};
use num_complex::Complex64;
use quzzle::circuit::{Angle, Gate};
use quzzle::encoding::{self, space::SpaceChoice, Encoding, EncodingKind};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::noise::gates::{self, GateProgram};
use quzzle::noise::{Draws, NoiseModel, Pauli};
use quzzle::sim::reference;
use quzzle::simulation::{self, SpaceSettings};
use quzzle::Angles;
use rand::Rng;

/// The instances: a block space with each XY mixer, and the Grover mixer on a block space and
/// on the full space; all at most 8 qubits.
fn cases() -> Vec<(Box<dyn Encoding>, SpaceSettings)> {
    let enc = |f: &str| encoding::load(&data(f), EncodingKind::Onehot, Level::Paper).unwrap();
    vec![
        (
            enc("takuzu-4x4-qasm.txt"),
            SpaceSettings {
                space: SpaceChoice::Rows,
                mixer: MixerKind::XyRing,
                ..Default::default()
            },
        ),
        (
            enc("takuzu-4x4-qasm.txt"),
            SpaceSettings {
                space: SpaceChoice::Cols,
                mixer: MixerKind::XyComplete,
                ..Default::default()
            },
        ),
        (
            enc("takuzu-4x4-qasm.txt"),
            SpaceSettings {
                space: SpaceChoice::Rows,
                mixer: MixerKind::Grover,
                ..Default::default()
            },
        ),
        (
            enc("tango-4x4-qasm.txt"),
            SpaceSettings {
                space: SpaceChoice::Full,
                mixer: MixerKind::Grover,
                ..Default::default()
            },
        ),
    ]
}

fn angles() -> Angles {
    Angles::new(vec![0.31, 0.47], vec![0.62, 0.23]).unwrap()
}

fn program(enc: &dyn Encoding, settings: &SpaceSettings) -> (simulation::Simulation, GateProgram) {
    let sim = simulation::simulation(enc, settings).unwrap();
    let circuit = simulation::circuit(enc, &sim.space, sim.mixer, &angles()).unwrap();
    (sim, GateProgram::new(&circuit).unwrap())
}

fn fidelity(a: &[Complex64], b: &[Complex64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x.conj() * y).sum::<Complex64>().norm_sqr()
}

/// A Pauli as gates (X, and Z as rz(π), which is Z up to a global phase).
fn pauli_gates(p: Pauli, n: usize) -> Vec<Gate> {
    pauli_gates_signed(p, n, 1.0)
}

/// The same with Z as rz(±π): rz(−π) = iZ is the complex conjugate of rz(π) = −iZ.
fn pauli_gates_signed(p: Pauli, n: usize, sign: f64) -> Vec<Gate> {
    let pi = Angle {
        value: sign * std::f64::consts::PI,
        symbol: None,
    };
    let mut out = Vec::new();
    for q in 0..n {
        if p.z >> q & 1 == 1 {
            out.push(Gate::Rz(q, pi));
        }
        if p.x >> q & 1 == 1 {
            out.push(Gate::X(q));
        }
    }
    out
}

#[test]
fn injected_errors_equal_the_reference_with_the_paulis_inserted() {
    let mut rng = quzzle::rng::seeded(41);
    for (enc, settings) in cases() {
        let (sim, prog) = program(enc.as_ref(), &settings);
        let n = prog.num_qubits;
        // No error: the native gate list is the circuit, and its state the simulator's.
        let clean = gates::trajectory_state(&prog, &[]).unwrap();
        let embedded: Vec<Complex64> = simulation::embedded_state(&sim, &angles())
            .unwrap()
            .iter()
            .map(|&[re, im]| Complex64::new(re, im))
            .collect();
        assert!(fidelity(&clean, &embedded) > 1.0 - 1e-12, "{settings:?}");
        for _ in 0..20 {
            let mut events: Vec<(usize, Pauli)> = (0..rng.random_range(1..5))
                .map(|_| {
                    let i = rng.random_range(0..prog.gates.len());
                    let a = Pauli::single(rng.random_range(0..n), rng.random_range(1..4u8));
                    let b = Pauli::single(rng.random_range(0..n), rng.random_range(0..4u8));
                    (i, a.times(b))
                })
                .collect();
            events.sort_by_key(|e| e.0);
            events.dedup_by_key(|e| e.0);
            let ours = gates::trajectory_state(&prog, &events).unwrap();
            let mut list = Vec::new();
            for (i, g) in prog.gates.iter().enumerate() {
                list.push(*g);
                if let Some(&(_, p)) = events.iter().find(|e| e.0 == i) {
                    list.extend(pauli_gates(p, n));
                }
            }
            let mut theirs = vec![Complex64::new(0.0, 0.0); 1 << n];
            theirs[0] = Complex64::new(1.0, 0.0);
            reference::apply_gates(&mut theirs, &list);
            assert!(fidelity(&ours, &theirs) > 1.0 - 1e-12, "{settings:?}, {events:?}");
        }
    }
}

fn full_valid_and_cost(enc: &dyn Encoding) -> (Vec<u64>, Vec<f64>) {
    let d = enc.cost_diagonal().unwrap();
    let valid = simulation::full::success_states_of(enc, &d).unwrap().valid;
    (valid, (0..d.len()).map(|k| d.get(k)).collect())
}

#[test]
fn zero_rates_give_the_noiseless_values() {
    let zero = NoiseModel::parse("p1=0,p2=0,readout=0").unwrap();
    for (enc, settings) in cases() {
        let (sim, prog) = program(enc.as_ref(), &settings);
        let valid = simulation::success_states(enc.as_ref(), &sim).unwrap().valid;
        let noiseless = sim.qaoa().evaluate(&angles(), &valid).unwrap();
        let (full_valid, cost) = full_valid_and_cost(enc.as_ref());
        let e = gates::estimate(&prog, &full_valid, &cost, &Draws::new(&zero, traj(20), 3)).unwrap();
        assert_eq!(e.trajectories_with_errors, 0);
        assert_eq!(e.p_valid.to_bits(), e.noiseless_p_valid.to_bits());
        assert!(
            (e.noiseless_p_valid - noiseless.success_probability).abs() < 1e-12,
            "{settings:?}"
        );
        assert!((e.noiseless_energy - noiseless.energy).abs() < 1e-9, "{settings:?}");
        assert_eq!(e.p_valid_se, 0.0);
    }
}

/// ρ as a vector of 4^n (index row + 2^n·col): a gate U is U on the row qubits and U* on the
/// column qubits.
struct Density {
    n: usize,
    rho: Vec<Complex64>,
}

impl Density {
    fn gate(&mut self, g: &Gate) {
        let n = self.n;
        reference::apply_gates(&mut self.rho, &[*g]);
        let conj = match *g {
            Gate::H(q) => Gate::H(q + n),
            Gate::X(q) => Gate::X(q + n),
            Gate::Cx(c, t) => Gate::Cx(c + n, t + n),
            Gate::Ry(q, a) => Gate::Ry(q + n, a),
            Gate::Rx(q, a) => Gate::Rx(
                q + n,
                Angle {
                    value: -a.value,
                    symbol: None,
                },
            ),
            Gate::Rz(q, a) => Gate::Rz(
                q + n,
                Angle {
                    value: -a.value,
                    symbol: None,
                },
            ),
            other => panic!("not a native gate: {other:?}"),
        };
        reference::apply_gates(&mut self.rho, &[conj]);
    }

    /// `ρ ← PρP†` for a Pauli (its phase cancels).
    fn pauli(&self, p: Pauli) -> Vec<Complex64> {
        let mut out = self.rho.clone();
        let n = self.n;
        // P on the rows, P* on the columns.
        let mut list = pauli_gates(p, n);
        list.extend(pauli_gates_signed(
            Pauli {
                x: p.x << n,
                z: p.z << n,
                phase: 0,
            },
            2 * n,
            -1.0,
        ));
        reference::apply_gates(&mut out, &list);
        out
    }

    /// A Pauli channel: with probability `p`, one of the listed Paulis, uniformly.
    fn channel(&mut self, p: f64, paulis: &[Pauli]) {
        if p == 0.0 {
            return;
        }
        let mut mixed: Vec<Complex64> = self.rho.iter().map(|a| a * (1.0 - p)).collect();
        for &pa in paulis {
            for (m, v) in mixed.iter_mut().zip(self.pauli(pa)) {
                *m += v * (p / paulis.len() as f64);
            }
        }
        self.rho = mixed;
    }

    fn diagonal(&self) -> Vec<f64> {
        let d = 1usize << self.n;
        (0..d).map(|k| self.rho[k + d * k].re).collect()
    }
}

#[test]
fn trajectories_agree_with_the_exact_density_matrix() {
    let model = NoiseModel::parse("p1=0.01,p2=0.03,readout=0.02,rz=0.005").unwrap();
    for (enc, settings) in cases() {
        let (_, prog) = program(enc.as_ref(), &settings);
        let n = prog.num_qubits;
        assert!(n <= 8);
        let mut rho = Density {
            n,
            rho: vec![Complex64::new(0.0, 0.0); 1 << (2 * n)],
        };
        rho.rho[0] = Complex64::new(1.0, 0.0);
        for g in &prog.gates {
            rho.gate(g);
            match *g {
                Gate::Cx(a, b) => {
                    let two: Vec<Pauli> = (1..16u8)
                        .map(|k| Pauli::single(a, k & 3).times(Pauli::single(b, k >> 2)))
                        .collect();
                    rho.channel(model.p2, &two);
                }
                Gate::Rz(q, _) => rho.channel(model.p_rz, &[1, 2, 3].map(|k| Pauli::single(q, k))),
                Gate::H(q) | Gate::X(q) | Gate::Rx(q, _) | Gate::Ry(q, _) => {
                    rho.channel(model.p1, &[1, 2, 3].map(|k| Pauli::single(q, k)))
                }
                _ => unreachable!(),
            }
        }
        let (valid, cost) = full_valid_and_cost(enc.as_ref());
        // Readout flips: the valid indicator smoothed by the flips, against the diagonal.
        let mut w = vec![0.0; 1 << n];
        for &k in &valid {
            w[k as usize] = 1.0;
        }
        quzzle::sim::kernels::apply_readout_flips(&mut w, model.readout);
        let exact: f64 = rho.diagonal().iter().zip(&w).map(|(p, w)| p * w).sum();
        let e = gates::estimate(&prog, &valid, &cost, &Draws::new(&model, traj(3000), 11)).unwrap();
        let z = (e.p_valid - exact) / e.p_valid_se;
        assert!(
            z.abs() < 4.0,
            "{settings:?}: trajectories {} ± {}, exact {exact}",
            e.p_valid,
            e.p_valid_se
        );
        assert!(
            e.p_valid < e.noiseless_p_valid,
            "{settings:?}: the noise lowers P(valid)"
        );
    }
}

#[test]
fn block_space_noise_runs_from_the_command_line_and_is_refused_where_it_cannot_fit() {
    let f = data("takuzu-4x4-qasm.txt");
    let out = quzzle(&argv(
        "solve {} --depths 1..2 --space rows --noise heron --trajectories 30 --json",
        &[s(&f)],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for d in v["depths"].as_array().unwrap() {
        let noisy = &d["noisy"][0];
        assert_eq!(noisy["route"], "sectors");
        assert!(noisy["sectors"]["sectors_visited"].as_u64().unwrap() >= 1);
        assert!(noisy["p_valid"].as_f64().unwrap() <= noisy["noiseless_p_valid"].as_f64().unwrap() + 1e-12);
        let (gate_level, block) = (
            noisy["noiseless_p_valid"].as_f64().unwrap(),
            d["success_probability"].as_f64().unwrap(),
        );
        assert!((gate_level - block).abs() < 1e-12, "{gate_level} against {block}");
        assert!(
            d["gates"]["ry"].as_u64().unwrap() > 0,
            "the Dicke preparation's ry gates are counted"
        );
    }
    // 60 qubits on the row space under the Grover mixer: the block simulation fits, but its
    // circuit runs gate by gate, and its full 2^60 state does not fit. (Under an XY mixer the
    // same circuit runs on weight sectors.)
    let big = data("queens-9x9-community-049.txt");
    let out = quzzle(&argv(
        "solve {} --depths 1 --space rows --mixer grover --noise heron --max-iters 1",
        &[s(&big)],
    ));
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("60 qubits"), "{err}");
    // Past 64 qubits no route holds a basis state: refused from the request, before the
    // simulation is built (an XY circuit on 9x9 rows would take hours first).
    let huge = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("results/scaling/boards/queens-10-seed1.txt");
    for mixer in ["grover", "switch-complete"] {
        let out = quzzle(&argv(
            "solve {} --reduce none --depths 1 --space rows+cols --mixer {} --noise heron",
            &[s(&huge), mixer],
        ));
        let err = stderr(&out);
        // Exit 2: refused with the request, as a setting that cannot be met.
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("cannot take this circuit: 100 qubits, more than 64"),
            "{err}"
        );
    }
}

#[test]
fn a_calibration_file_is_a_noise_model() {
    let dir = crate::common::Scratch::new("noise-calibration");
    let props = dir.join("props.json");
    std::fs::write(
        &props,
        r#"{"backend_name": "ibm_test", "last_update_date": "2026-11-20",
            "qubits": [[{"name": "readout_error", "value": 0.02}]],
            "gates": [{"gate": "sx", "qubits": [0], "parameters": [{"name": "gate_error", "value": 2e-4}]},
                      {"gate": "cz", "qubits": [0, 1], "parameters": [{"name": "gate_error", "value": 4e-3}]}]}"#,
    )
    .unwrap();
    let f = data("tiny-tango-4x4.txt");
    let spec = format!("calibration:{}", s(&props));
    let out = quzzle(&argv(
        "solve {} --depths 1 --noise {} --trajectories 10 --json",
        &[s(&f), &spec],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let model = &v["depths"][0]["noisy"][0]["model"];
    assert_eq!(model["name"], spec.as_str());
    assert!((model["p2"].as_f64().unwrap() - 5e-3).abs() < 1e-15);
    assert!(model["source"].as_str().unwrap().contains("ibm_test"));
    let missing = format!("calibration:{}", s(&dir.join("none.json")));
    let out = quzzle(&["solve", s(&f), "--noise", &missing]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("none.json"), "{err}");
}
