//! Invariants, closed forms and exact gradients of the QAOA simulator.

use crate::common::{data, random_ising, TOL_ENERGY};
use approx::assert_abs_diff_eq;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::model::Level;
use quzzle::qaoa::Objective;
use quzzle::{Angles, Ising, QaoaSimulator};

#[test]
fn norm_is_kept_at_every_depth() {
    let sim = QaoaSimulator::new(&random_ising(10, 1, true, 0.3)).unwrap();
    for p in 1..=6 {
        let s = sim.state(&Angles::linear_ramp(p, 0.9).unwrap()).unwrap();
        assert_abs_diff_eq!(s.norm_sqr(), 1.0, epsilon = 1e-12);
    }
}

#[test]
fn zero_angles_leave_the_uniform_state() {
    let sim = QaoaSimulator::new(&random_ising(7, 2, false, 0.5)).unwrap();
    let s = sim
        .state(&Angles::new(vec![0.0, 0.0], vec![0.0, 0.0]).unwrap())
        .unwrap();
    for pr in s.probabilities() {
        assert_abs_diff_eq!(pr, 1.0 / 128.0, epsilon = 1e-15);
    }
    assert_abs_diff_eq!(sim.expectation(&s.amps), sim.diagonal().mean(), epsilon = 1e-12);
}

#[test]
fn beta_zero_keeps_probabilities_uniform() {
    let sim = QaoaSimulator::new(&random_ising(6, 3, true, 0.5)).unwrap();
    let s = sim
        .state(&Angles::new(vec![0.3, 1.1], vec![0.0, 0.0]).unwrap())
        .unwrap();
    for pr in s.probabilities() {
        assert_abs_diff_eq!(pr, 1.0 / 64.0, epsilon = 1e-14);
    }
}

/// One coupling `C = J Z0 Z1` at p = 1: `⟨C⟩ = J sin(4β) sin(2γJ)` (Heisenberg picture:
/// `U_B† Z U_B = Z cos 2β + Y sin 2β`, and only the `ZY`, `YZ` terms survive).
#[test]
fn single_coupling_closed_form() {
    for &(j, gamma, beta) in &[(1.0, 0.3, 0.2), (-2.0, 0.7, -0.4), (0.5, 1.3, 1.0)] {
        let ising = Ising {
            num_qubits: 2,
            h: vec![0.0, 0.0],
            couplings: vec![(0, 1, j)],
            offset: 0.0,
        };
        let sim = QaoaSimulator::new(&ising).unwrap();
        let e = sim
            .objective(&Angles::new(vec![gamma], vec![beta]).unwrap(), &Objective::Energy)
            .unwrap();
        assert_abs_diff_eq!(e, j * (4.0 * beta).sin() * (2.0 * gamma * j).sin(), epsilon = 1e-13);
    }
}

fn finite_difference(sim: &QaoaSimulator, angles: &Angles, objective: &Objective) -> Vec<f64> {
    let x = angles.to_flat();
    let h = 1e-6;
    (0..x.len())
        .map(|i| {
            let mut up = x.clone();
            let mut down = x.clone();
            up[i] += h;
            down[i] -= h;
            let f = |v: &[f64]| sim.objective(&Angles::from_flat(v).unwrap(), objective).unwrap();
            (f(&up) - f(&down)) / (2.0 * h)
        })
        .collect()
}

#[test]
fn adjoint_gradients_match_finite_differences() {
    for (n, integer) in [(5, true), (6, false), (15, true)] {
        let ising = random_ising(n, 40 + n as u64, integer, 0.3);
        let sim = QaoaSimulator::new(&ising).unwrap();
        let angles = Angles::new(vec![0.21, -0.4, 0.13], vec![0.5, 0.33, -0.2]).unwrap();
        for objective in [Objective::Energy, Objective::Success(vec![0, 3, 17])] {
            let (value, grad) = sim.gradient(&angles, &objective).unwrap();
            assert_abs_diff_eq!(value, sim.objective(&angles, &objective).unwrap(), epsilon = 1e-12);
            let fd = finite_difference(&sim, &angles, &objective);
            for (g, f) in grad.iter().zip(&fd) {
                assert!(
                    (g - f).abs() < 1e-5 * (1.0 + f.abs()),
                    "n={n} {objective:?}: {grad:?} vs {fd:?}"
                );
            }
        }
    }
    let sim = QaoaSimulator::new(&random_ising(4, 9, true, 0.5)).unwrap();
    assert!(sim
        .gradient(&Angles::linear_ramp(1, 0.5).unwrap(), &Objective::Cvar(0.2))
        .is_err());
}

/// The simulator keeps its state buffers between calls: a call after others (of every kind,
/// in any order) must equal the same call on a fresh simulator, bit for bit.
#[test]
fn kept_buffers_do_not_leak_between_calls() {
    let ising = random_ising(15, 12, true, 0.3);
    let used = QaoaSimulator::new(&ising).unwrap();
    let angles = Angles::new(vec![0.3, -0.2], vec![0.4, 0.1]).unwrap();
    let success = Objective::Success(vec![1, 5, 900]);
    let calls = [Objective::Energy, success.clone(), Objective::Cvar(0.1)];
    for objective in &calls {
        used.objective(&angles, objective).unwrap();
        if objective.has_gradient() {
            used.gradient(&angles, objective).unwrap();
        }
    }
    for objective in &calls {
        let fresh = QaoaSimulator::new(&ising).unwrap();
        assert_eq!(
            used.objective(&angles, objective).unwrap(),
            fresh.objective(&angles, objective).unwrap()
        );
        if objective.has_gradient() {
            let fresh = QaoaSimulator::new(&ising).unwrap();
            assert_eq!(
                used.gradient(&angles, objective).unwrap(),
                fresh.gradient(&angles, objective).unwrap()
            );
        }
    }
    // `evaluate` uses the kept buffers too.
    let valid = [1, 5, 900];
    assert_eq!(
        used.evaluate(&angles, &valid).unwrap(),
        QaoaSimulator::new(&ising).unwrap().evaluate(&angles, &valid).unwrap()
    );
    used.release_buffers();
    assert_eq!(
        used.objective(&angles, &success).unwrap(),
        QaoaSimulator::new(&ising)
            .unwrap()
            .objective(&angles, &success)
            .unwrap()
    );
}

#[test]
fn cvar_bounds() {
    let sim = QaoaSimulator::new(&random_ising(6, 4, true, 0.4)).unwrap();
    let s = sim.state(&Angles::linear_ramp(2, 0.7).unwrap()).unwrap();
    let energy = sim.expectation(&s.amps);
    assert_abs_diff_eq!(sim.cvar(&s.amps, 1.0), energy, epsilon = 1e-12);
    let small = sim.cvar(&s.amps, 0.05);
    assert!(small <= energy + 1e-12 && small >= sim.diagonal().min() - 1e-12);
}

#[test]
fn success_probability_is_mass_on_valid_boards() {
    let problem = OneHot::load(&data("tiny-tango-4x4.txt"), Level::Paper).unwrap();
    let sim = QaoaSimulator::new(&problem.ising).unwrap();
    let valid = problem.success_states(sim.diagonal()).valid;
    assert_eq!(valid.len(), 2);
    let angles = Angles::linear_ramp(2, 0.6).unwrap();
    let eval = sim.evaluate(&angles, &valid).unwrap();
    let probs = sim.state(&angles).unwrap().probabilities();
    let mass: f64 = valid.iter().map(|&k| probs[k as usize]).sum();
    assert_abs_diff_eq!(eval.success_probability, mass, epsilon = TOL_ENERGY);
    assert!(eval.top_probability >= probs.iter().cloned().fold(0.0, f64::max) - 1e-15);
}

/// Long states are held in segments with gaps between them (`quzzle::sim::segments`); any
/// segment size must give the objectives and gradients of one contiguous state, with buffers
/// kept between calls of every kind.
#[test]
fn segmented_buffers_give_the_contiguous_results() {
    use quzzle::cost::diagonal::CostDiagonal;
    let angles = Angles::new(vec![0.3, -0.2, 0.5], vec![0.4, 0.1, -0.3]).unwrap();
    let success = Objective::Success(vec![1, 5, 900, (1 << 15) - 1]);
    let calls = [Objective::Energy, success, Objective::Cvar(0.1)];
    // Integer weights give an indexed diagonal, real ones a dense one.
    for integer in [true, false] {
        let ising = random_ising(15, 13, integer, 0.3);
        let whole = QaoaSimulator::new(&ising).unwrap();
        assert_eq!(matches!(whole.diagonal(), CostDiagonal::Indexed { .. }), integer);
        for segment_qubits in [4, 9, 14, 15] {
            let sim = QaoaSimulator::new(&ising).unwrap().with_segment_qubits(segment_qubits);
            let valid = [1, 5, 900, (1 << 15) - 1];
            let (a, b) = (
                whole.evaluate(&angles, &valid).unwrap(),
                sim.evaluate(&angles, &valid).unwrap(),
            );
            assert_abs_diff_eq!(a.energy, b.energy, epsilon = 1e-12);
            assert_abs_diff_eq!(a.success_probability, b.success_probability, epsilon = 1e-12);
            assert_eq!(a.top_state, b.top_state);
            assert_abs_diff_eq!(a.top_probability, b.top_probability, epsilon = 1e-15);
            for objective in &calls {
                let (a, b) = (
                    whole.objective(&angles, objective).unwrap(),
                    sim.objective(&angles, objective).unwrap(),
                );
                assert_abs_diff_eq!(a, b, epsilon = 1e-12);
                if objective.has_gradient() {
                    let (va, ga) = whole.gradient(&angles, objective).unwrap();
                    let (vb, gb) = sim.gradient(&angles, objective).unwrap();
                    assert_abs_diff_eq!(va, vb, epsilon = 1e-12);
                    for (x, y) in ga.iter().zip(&gb) {
                        assert_abs_diff_eq!(x, y, epsilon = 1e-12);
                    }
                }
            }
        }
    }
}
