//! Exhaustive energy identities: QUBO energy = Ising energy = diagonal entry for every
//! bitstring, and the penalties vanish exactly on the assignments that satisfy the model.

use crate::common::{data, random_ising, TOL_ENERGY};
use approx::assert_abs_diff_eq;
use quzzle::bits;
use quzzle::cost::qubo::QuboBuilder;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::model::Level;
use rand::Rng;

#[test]
fn qubo_ising_and_diagonal_agree_on_every_bitstring() {
    for name in [
        "tiny-takuzu-4x4.txt",
        "tiny-tango-4x4.txt",
        "../../data/demo-tango-6x6.txt",
    ] {
        for level in Level::ALL {
            if name.contains("demo") && level < Level::Paper {
                continue; // 36 qubits at none, 21 at clues
            }
            let problem = OneHot::load(&data(name), level).unwrap();
            let n = problem.num_qubits();
            assert!(n <= 17, "{name} {level}: {n} qubits");
            let diagonal = problem.ising.cost_diagonal();
            for k in 0..(1u64 << n) {
                let e = problem.qubo.energy(k);
                assert_abs_diff_eq!(e, problem.ising.energy(k), epsilon = TOL_ENERGY);
                assert_abs_diff_eq!(e, diagonal.get(k as usize), epsilon = TOL_ENERGY);
            }
        }
    }
}

#[test]
fn penalties_vanish_exactly_on_model_solutions() {
    // At level none every model variable is a qubit: energy 0 ⇔ every constraint holds,
    // and no bitstring has negative energy.
    for name in ["tiny-takuzu-4x4.txt", "tiny-tango-4x4.txt", "tiny-tango-unsat-4x4.txt"] {
        let problem = OneHot::load(&data(name), Level::None).unwrap();
        let n = problem.num_qubits();
        for k in 0..(1u64 << n) {
            let x = bits::to_bools(k, n);
            let e = problem.qubo.energy(k);
            assert!(e >= -TOL_ENERGY, "{name}: negative energy {e} at {k}");
            assert_eq!(e.abs() < TOL_ENERGY, problem.model.is_satisfied(&x), "{name} at {k}");
            // Each broken constraint costs at least 1/4 (the soft window's smallest step).
            if !problem.model.is_satisfied(&x) {
                assert!(e >= 0.25 - TOL_ENERGY);
            }
        }
    }
}

#[test]
fn random_qubos_convert_exactly() {
    let mut rng = quzzle::rng::seeded(7);
    for n in 1..=10 {
        let mut b = QuboBuilder::new(n);
        for q in 0..n {
            b.add_linear(q, f64::from(rng.random_range(-8i32..=8)) / 4.0);
            for r in q + 1..n {
                if rng.random_bool(0.5) {
                    b.add_product(q, r, f64::from(rng.random_range(-8i32..=8)) / 2.0);
                }
            }
        }
        b.add_constant(1.25);
        let qubo = b.build();
        let ising = qubo.to_ising();
        let diagonal = ising.cost_diagonal();
        for k in 0..(1u64 << n) {
            assert_abs_diff_eq!(qubo.energy(k), ising.energy(k), epsilon = TOL_ENERGY);
            assert_abs_diff_eq!(qubo.energy(k), diagonal.get(k as usize), epsilon = TOL_ENERGY);
        }
    }
}

#[test]
fn random_ising_diagonals_match_term_by_term() {
    for (n, integer) in [(3, true), (9, false), (13, true), (14, false), (16, true)] {
        let ising = random_ising(n, 100 + n as u64, integer, 0.4);
        let d = ising.cost_diagonal();
        for k in (0..(1u64 << n)).step_by(3) {
            assert_abs_diff_eq!(d.get(k as usize), ising.energy(k), epsilon = TOL_ENERGY);
        }
    }
}
