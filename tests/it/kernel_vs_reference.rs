//! The fast QAOA state equals the gate-by-gate reference run of the very circuit that is
//! exported, for random Ising models, depths and angles.

use crate::common::{random_angles, random_ising, TOL_FIDELITY};
use quzzle::circuit::{Angle, Circuit, Gate};
use quzzle::sim::{kernels, reference, State};
use quzzle::{Angles, QaoaSimulator};
use rand::Rng;

#[test]
fn fast_state_equals_reference_circuit() {
    let mut rng = quzzle::rng::seeded(11);
    for n in 1..=8 {
        for p in 1..=3 {
            for integer in [true, false] {
                let ising = random_ising(n, (n * 10 + p) as u64, integer, 0.5);
                let angles = random_angles(p, &mut rng);
                let fast = QaoaSimulator::new(&ising).unwrap().state(&angles).unwrap();
                let slow = reference::run(&Circuit::qaoa(&ising, &angles)).unwrap();
                let f = fast.fidelity(&slow);
                assert!(f >= 1.0 - TOL_FIDELITY, "n={n} p={p} integer={integer}: fidelity {f}");
                for (a, b) in fast.probabilities().iter().zip(slow.probabilities()) {
                    assert!((a - b).abs() < 1e-12);
                }
            }
        }
    }
}

#[test]
fn fast_state_equals_reference_above_the_block_size() {
    // 16 qubits: the mixer crosses blocks and the parallel path runs.
    let ising = random_ising(16, 5, true, 0.15);
    let angles = Angles::new(vec![0.31, -0.2], vec![0.7, 0.12]).unwrap();
    let fast = QaoaSimulator::new(&ising).unwrap().state(&angles).unwrap();
    let slow = reference::run(&Circuit::qaoa(&ising, &angles)).unwrap();
    assert!(fast.fidelity(&slow) >= 1.0 - TOL_FIDELITY);
}

/// The convention: `rx(2β)` on every qubit is the mixer kernel at β.
#[test]
fn mixer_kernel_is_rx_of_two_beta() {
    let mut rng = quzzle::rng::seeded(3);
    for n in [1, 3, 6] {
        let mut amps: Vec<num_complex::Complex64> = (0..1 << n)
            .map(|_| num_complex::Complex64::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)))
            .collect();
        let norm = amps.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
        amps.iter_mut().for_each(|a| *a /= norm);
        let beta = 0.37;
        let mut fast = amps.clone();
        kernels::apply_mixer_x(&mut fast, beta);
        let mut slow = amps.clone();
        for q in 0..n {
            reference::apply_matrix(&mut slow, q, &reference::rx_matrix(2.0 * beta));
        }
        for (a, b) in fast.iter().zip(&slow) {
            assert!((a - b).norm() < 1e-14);
        }
    }
}

/// The convention: `rz(2γh)` is `exp(−iγ h Z)`, i.e. the cost phase of a field h.
#[test]
fn rz_of_two_gamma_h_is_the_cost_phase() {
    let (gamma, h) = (0.41, -1.5);
    let circuit = Circuit {
        num_qubits: 1,
        gates: vec![
            Gate::H(0),
            Gate::Rz(
                0,
                Angle {
                    value: 2.0 * gamma * h,
                    symbol: None,
                },
            ),
        ],
        layering: None,
    };
    let slow = reference::run(&circuit).unwrap();
    let ising = quzzle::Ising {
        num_qubits: 1,
        h: vec![h],
        couplings: vec![],
        offset: 0.0,
    };
    let sim = QaoaSimulator::new(&ising).unwrap();
    let mut fast = State::uniform(1).unwrap();
    // One layer with β = 0 is the cost phase alone.
    sim.evolve(&mut fast.amps, &Angles::new(vec![gamma], vec![0.0]).unwrap());
    for (a, b) in fast.amps.iter().zip(&slow.amps) {
        assert!((a - b).norm() < 1e-14, "{a} vs {b}");
    }
}
