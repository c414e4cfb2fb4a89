//! The noisy trajectories against the gate-level reference and the exact density matrix.

use super::program::{Events, LayerEvents, NoisyCircuit, Pauli};
use super::trajectories::{estimate, trajectory_state, Draws};
use super::NoiseModel;
use crate::angles::Angles;
use crate::circuit::Circuit;
use crate::cost::pubo::ZPoly;
use crate::qaoa::QaoaSimulator;
use crate::sim::reference;
use num_complex::Complex64;
use rand::Rng;

/// `t` trajectories (the tests' counts are all in range).
fn traj(t: i128) -> crate::checked::Trajectories {
    crate::checked::Trajectories::new(t).unwrap()
}

/// A cost with one- to four-qubit terms on n qubits: weights in quarters (an indexed
/// diagonal) or arbitrary (a dense one).
fn random_poly(n: usize, seed: u64, quarters: bool) -> ZPoly {
    let mut rng = crate::rng::seeded(seed);
    let w = |rng: &mut crate::rng::SeededRng| {
        if quarters {
            f64::from(rng.random_range(-8..=8i32)) / 4.0
        } else {
            rng.random_range(-1.0..1.0)
        }
    };
    let mut terms = Vec::new();
    for a in 0..n {
        terms.push((vec![a], w(&mut rng)));
        for b in a + 1..n {
            if rng.random_bool(0.4) {
                terms.push((vec![a, b], w(&mut rng)));
            }
        }
    }
    if n >= 4 {
        terms.push((vec![0, 2, n - 1], w(&mut rng)));
        terms.push((vec![0, 1, 2, 3], w(&mut rng)));
    }
    terms.retain(|(_, x)| *x != 0.0);
    ZPoly {
        num_qubits: n,
        terms,
        offset: 0.75,
    }
}

/// The global phase `Π_l e^{−iγ_l·offset}` the simulator's cost layers add to a circuit's state
/// (the circuit leaves the constant out).
fn offset_phase(angles: &Angles, offset: f64) -> Complex64 {
    angles
        .gammas
        .iter()
        .map(|g| Complex64::from_polar(1.0, -g * offset))
        .product()
}

fn random_angles(p: usize, rng: &mut crate::rng::SeededRng) -> Angles {
    Angles::new(
        (0..p).map(|_| rng.random_range(-1.2..1.2)).collect(),
        (0..p).map(|_| rng.random_range(-1.6..1.6)).collect(),
    )
    .unwrap()
}

fn random_pauli(n: usize, rng: &mut crate::rng::SeededRng) -> Pauli {
    let mask = (1u64 << n) - 1;
    Pauli {
        x: rng.random::<u64>() & mask,
        z: rng.random::<u64>() & mask,
        phase: rng.random_range(0..4u8),
    }
}

/// `ψ ← Pψ` by the definition: `|k⟩ → i^phase (−1)^{|k ∩ z|} |k ⊕ x⟩`.
fn apply_pauli_naive(amps: &mut Vec<Complex64>, p: Pauli) {
    let mut out = vec![Complex64::new(0.0, 0.0); amps.len()];
    for (k, a) in amps.iter().enumerate() {
        let sign = if (k as u64 & p.z).count_ones() % 2 == 1 {
            -1.0
        } else {
            1.0
        };
        out[k ^ p.x as usize] = p.global() * sign * a;
    }
    *amps = out;
}

/// The gate-level reference: the exported gates one by one from |0…0⟩, each Pauli inserted
/// right after its gate.
fn reference_state(c: &NoisyCircuit, events: &Events) -> Vec<Complex64> {
    let n = c.num_qubits;
    let gates = c.gates();
    let mut amps = crate::sim::State::basis(n, 0).unwrap().amps;
    reference::apply_gates(&mut amps, &gates[..c.start.len()]);
    apply_pauli_naive(&mut amps, events.start);
    let mut at = c.start.len();
    for (l, layer) in c.layers.iter().enumerate() {
        let le = &events.layers[l];
        for i in 0..layer.cost.len() {
            reference::apply_gates(&mut amps, &gates[at..at + 1]);
            at += 1;
            for &(j, e) in &le.cost {
                if j == i {
                    apply_pauli_naive(&mut amps, e);
                }
            }
        }
        reference::apply_gates(&mut amps, &gates[at..at + layer.mixer.len()]);
        at += layer.mixer.len();
        apply_pauli_naive(&mut amps, le.mixer);
    }
    amps
}

/// Random error patterns: a few Paulis anywhere in each layer (any qubits, any phase), at
/// random positions, some at the same position, some layers clean.
fn random_events(c: &NoisyCircuit, rng: &mut crate::rng::SeededRng) -> Events {
    let n = c.num_qubits;
    let pick = |rng: &mut crate::rng::SeededRng| {
        if rng.random_bool(0.5) {
            random_pauli(n, rng)
        } else {
            Pauli::I
        }
    };
    let start = pick(rng);
    let layers = c
        .layers
        .iter()
        .map(|l| {
            let k = rng.random_range(0..4usize);
            let mut cost: Vec<(usize, Pauli)> = (0..k)
                .map(|_| (rng.random_range(0..l.cost.len()), random_pauli(n, rng)))
                .collect();
            cost.sort_by_key(|e| e.0);
            LayerEvents { cost, mixer: pick(rng) }
        })
        .collect();
    Events { start, layers }
}

#[test]
fn trajectories_equal_the_reference_with_the_paulis_inserted() {
    let mut rng = crate::rng::seeded(2024);
    let mut checked = 0;
    for (case, n) in [3usize, 5, 6, 8].into_iter().enumerate() {
        for quarters in [true, false] {
            let poly = random_poly(n, 100 + case as u64, quarters);
            poly.validate().unwrap();
            let sim = QaoaSimulator::from_diagonal(poly.cost_diagonal()).unwrap();
            assert_eq!(
                matches!(sim.diagonal(), crate::cost::diagonal::CostDiagonal::Indexed { .. }),
                quarters
            );
            for _ in 0..2 {
                let angles = random_angles(2, &mut rng);
                let c = NoisyCircuit::new(&Circuit::qaoa_poly(&poly, &angles), &angles).unwrap();
                // The offset is a global phase e^{−iγ·offset} per layer in the simulator only.
                let global = offset_phase(&angles, poly.offset);
                for trial in 0..25 {
                    let events = if trial == 0 {
                        Events {
                            start: Pauli::I,
                            layers: vec![LayerEvents::default(); 2],
                        }
                    } else {
                        random_events(&c, &mut rng)
                    };
                    let fast = trajectory_state(&sim, &c, &events).unwrap();
                    let want = reference_state(&c, &events);
                    let diff = fast
                        .iter()
                        .zip(&want)
                        .map(|(a, b)| (a - global * b).norm())
                        .fold(0.0, f64::max);
                    assert!(
                        diff <= 1e-12,
                        "n={n} quarters={quarters} trial {trial}: {diff:e}, {events:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 4 * 2 * 2 * 25);
}

#[test]
fn onehot_ising_circuits_with_rzz_too() {
    // Circuit::qaoa writes rzz gates; the noisy circuit spells them cx; rz; cx.
    let ising = crate::Ising {
        num_qubits: 4,
        h: vec![0.5, -0.25, 0.0, 1.0],
        couplings: vec![(0, 1, 0.75), (1, 3, -0.5), (0, 2, 0.25)],
        offset: 1.5,
    };
    let sim = QaoaSimulator::new(&ising).unwrap();
    let mut rng = crate::rng::seeded(7);
    let angles = random_angles(3, &mut rng);
    let circuit = Circuit::qaoa(&ising, &angles);
    let c = NoisyCircuit::new(&circuit, &angles).unwrap();
    let counts = c.gate_counts();
    assert_eq!((counts.h, counts.rx, counts.rz, counts.cx), (4, 12, 3 * (3 + 3), 3 * 6));
    let global = offset_phase(&angles, ising.offset);
    for _ in 0..20 {
        let events = random_events(&c, &mut rng);
        let fast = trajectory_state(&sim, &c, &events).unwrap();
        let want = reference_state(&c, &events);
        for (a, b) in fast.iter().zip(&want) {
            assert!((a - global * b).norm() <= 1e-12);
        }
    }
}

#[test]
fn zero_rates_are_the_noiseless_values_bit_for_bit() {
    let poly = random_poly(6, 3, true);
    let sim = QaoaSimulator::from_diagonal(poly.cost_diagonal()).unwrap();
    let mut rng = crate::rng::seeded(1);
    let angles = random_angles(3, &mut rng);
    let c = NoisyCircuit::new(&Circuit::qaoa_poly(&poly, &angles), &angles).unwrap();
    let valid = [3u64, 17, 40];
    let eval = sim.evaluate(&angles, &valid).unwrap();
    let zero = NoiseModel::parse("p1=0,p2=0,readout=0").unwrap();
    let e = estimate(&sim, &c, &angles, &valid, &Draws::new(&zero, traj(37), 5)).unwrap();
    assert_eq!(e.p_valid.to_bits(), eval.success_probability.to_bits());
    assert_eq!(e.energy.to_bits(), eval.energy.to_bits());
    assert_eq!((e.p_valid_se, e.energy_se, e.trajectories_with_errors), (0.0, 0.0, 0));
    // Rates of 1e-9: within the standard error of the noiseless values.
    let tiny = NoiseModel::parse("p1=1e-9,p2=1e-9,readout=1e-9").unwrap();
    let e = estimate(&sim, &c, &angles, &valid, &Draws::new(&tiny, traj(200), 5)).unwrap();
    assert!((e.p_valid - eval.success_probability).abs() <= 4.0 * e.p_valid_se + 1e-7);
    assert!((e.energy - eval.energy).abs() <= 4.0 * e.energy_se + 1e-6);
    // Real rates move the values, and the error bars say by how much.
    let heavy = NoiseModel::parse("p1=0.02,p2=0.05,readout=0.02").unwrap();
    let e = estimate(&sim, &c, &angles, &valid, &Draws::new(&heavy, traj(100), 5)).unwrap();
    assert!(e.trajectories_with_errors > 50 && e.p_valid_se > 0.0);
    assert!(
        e == estimate(&sim, &c, &angles, &valid, &Draws::new(&heavy, traj(100), 5))
            .map(|mut x| {
                x.seconds = e.seconds;
                x
            })
            .unwrap()
    );
}

/// The one-qubit circuit `h; rz(θ); rx(2β)` with a depolarizing channel of probability p after
/// each gate, as a 2×2 density matrix.
fn density_matrix_p0(theta: f64, beta: f64, p: f64) -> f64 {
    type M = [[Complex64; 2]; 2];
    let c = |re: f64, im: f64| Complex64::new(re, im);
    let mul = |a: &M, b: &M| -> M {
        let mut o = [[c(0.0, 0.0); 2]; 2];
        for i in 0..2 {
            for j in 0..2 {
                o[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j];
            }
        }
        o
    };
    let dag = |a: &M| -> M { [[a[0][0].conj(), a[1][0].conj()], [a[0][1].conj(), a[1][1].conj()]] };
    let paulis: [M; 3] = [
        [[c(0.0, 0.0), c(1.0, 0.0)], [c(1.0, 0.0), c(0.0, 0.0)]],
        [[c(0.0, 0.0), c(0.0, -1.0)], [c(0.0, 1.0), c(0.0, 0.0)]],
        [[c(1.0, 0.0), c(0.0, 0.0)], [c(0.0, 0.0), c(-1.0, 0.0)]],
    ];
    let mut rho: M = [[c(1.0, 0.0), c(0.0, 0.0)], [c(0.0, 0.0), c(0.0, 0.0)]];
    for g in [
        reference::h_matrix(),
        reference::rz_matrix(theta),
        reference::rx_matrix(2.0 * beta),
    ] {
        rho = mul(&mul(&g, &rho), &dag(&g));
        let mut out = rho.map(|r| r.map(|x| x * (1.0 - p)));
        for s in &paulis {
            let t = mul(&mul(s, &rho), s);
            for i in 0..2 {
                for j in 0..2 {
                    out[i][j] += t[i][j] * (p / 3.0);
                }
            }
        }
        rho = out;
    }
    rho[0][0].re
}

/// The one-qubit QAOA of `C = w·Z_0`: `h; rz(2γw); rx(2β)`.
fn one_qubit() -> (QaoaSimulator, Angles, NoisyCircuit, f64) {
    let w = 0.75;
    let poly = ZPoly {
        num_qubits: 1,
        terms: vec![(vec![0], w)],
        offset: 0.0,
    };
    let sim = QaoaSimulator::from_diagonal(poly.cost_diagonal()).unwrap();
    let angles = Angles::new(vec![0.9], vec![0.4]).unwrap();
    let c = NoisyCircuit::new(&Circuit::qaoa_poly(&poly, &angles), &angles).unwrap();
    (sim, angles, c, 2.0 * 0.9 * w)
}

#[test]
fn one_qubit_error_patterns_weighted_are_the_density_matrix() {
    // Every pattern of I, X, Y, Z after the three gates, weighted by its probability.
    let (sim, _, c, theta) = one_qubit();
    for p in [0.0, 0.1, 0.45, 0.75] {
        let mut p0 = 0.0;
        for pattern in 0..64u32 {
            let kinds: Vec<u8> = (0..3).map(|g| ((pattern >> (2 * g)) & 3) as u8).collect();
            let weight: f64 = kinds.iter().map(|&k| if k == 0 { 1.0 - p } else { p / 3.0 }).product();
            let events = Events {
                start: Pauli::single(0, kinds[0]),
                layers: vec![LayerEvents {
                    cost: vec![(0, Pauli::single(0, kinds[1]))],
                    mixer: Pauli::single(0, kinds[2]),
                }],
            };
            let amps = trajectory_state(&sim, &c, &events).unwrap();
            p0 += weight * amps[0].norm_sqr();
        }
        let exact = density_matrix_p0(theta, 0.4, p);
        assert!((p0 - exact).abs() < 1e-12, "p={p}: {p0} vs {exact}");
    }
}

#[test]
fn one_qubit_trajectories_match_the_density_matrix() {
    let (sim, angles, c, theta) = one_qubit();
    let p = 0.3;
    let model = NoiseModel::parse(&format!("p1={p},rz={p}")).unwrap();
    let e = estimate(&sim, &c, &angles, &[0], &Draws::new(&model, traj(4000), 11)).unwrap();
    let exact = density_matrix_p0(theta, 0.4, p);
    let noiseless = e.noiseless_p_valid;
    assert!(
        (exact - noiseless).abs() > 20.0 * e.p_valid_se,
        "the noise must matter here"
    );
    assert!(
        (e.p_valid - exact).abs() <= 4.0 * e.p_valid_se,
        "P(0): trajectories {} ± {} vs exact {exact}",
        e.p_valid,
        e.p_valid_se
    );
    // ⟨C⟩ = w⟨Z⟩ = w(2 P(0) − 1).
    let energy = 0.75 * (2.0 * exact - 1.0);
    assert!((e.energy - energy).abs() <= 4.0 * e.energy_se);
    // Readout flips r: P(read 0) = (1 − r) P(0) + r (1 − P(0)).
    let r = 0.1;
    let model = NoiseModel::parse(&format!("p1={p},rz={p},readout={r}")).unwrap();
    let e = estimate(&sim, &c, &angles, &[0], &Draws::new(&model, traj(4000), 11)).unwrap();
    let read = (1.0 - r) * exact + r * (1.0 - exact);
    assert!((e.p_valid - read).abs() <= 4.0 * e.p_valid_se);
}

#[test]
fn one_qubit_noisy_shots_follow_the_density_matrix_and_the_readout() {
    let (sim, _, c, theta) = one_qubit();
    let (p, r) = (0.3, 0.1);
    let model = NoiseModel::parse(&format!("p1={p},rz={p},readout={r}")).unwrap();
    let shots = 20_000u64;
    let counts = super::sample_counts(
        &sim,
        &c,
        crate::checked::Shots::new(shots.into()).unwrap(),
        &Draws::new(&model, traj(20_000), 3),
    )
    .unwrap();
    assert_eq!(counts.values().sum::<u64>(), shots);
    let exact = density_matrix_p0(theta, 0.4, p);
    let read = (1.0 - r) * exact + r * (1.0 - exact);
    let f = counts.get(&crate::bits::BasisState::zero()).copied().unwrap_or(0) as f64 / shots as f64;
    let sigma = (read * (1.0 - read) / shots as f64).sqrt();
    assert!((f - read).abs() < 5.0 * sigma, "{f} vs {read} ± {sigma}");
    // Same seed, same counts; fewer trajectories than shots spread the shots over them.
    assert_eq!(
        counts,
        super::sample_counts(
            &sim,
            &c,
            crate::checked::Shots::new(shots.into()).unwrap(),
            &Draws::new(&model, traj(20_000), 3)
        )
        .unwrap()
    );
    let few = super::sample_counts(
        &sim,
        &c,
        crate::checked::Shots::new(1001).unwrap(),
        &Draws::new(&model, traj(10), 3),
    )
    .unwrap();
    assert_eq!(few.values().sum::<u64>(), 1001);
}
