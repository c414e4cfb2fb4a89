//! An Ising model restricted to one Dicke block: the C(n, k) states of weight k over all n
//! qubits, started in the Dicke state D(n, k) (the uniform superposition over them) and mixed
//! by a weight-keeping mixer over the whole register. This is the setting of constrained
//! QAOA benchmarks outside puzzles (QOKit's `xyring` mixer on a Dicke start, for example), so
//! `quzzle bench --random N --dicke K` times the block-space kernels against them.

use crate::cost::ising::Ising;
use crate::cost::product::Digit;
use crate::cost::qubo::Qubo;
use crate::encoding::space::{colex_subsets, MAX_LISTED_STATES};
use crate::error::{Error, Quantity, Result, Unsupported};
use crate::mixer::{xy_edges, MixerKind};
use crate::qaoa::{DigitGates, GroverMixerSimulator, Qaoa, SubspaceSimulator};
use crate::sim::{available_memory, AMPLITUDE_BYTES};
use crate::units::gib;

/// A simulator on one Dicke block, with the read+write passes over the state one layer makes
/// (the bench's traffic model).
pub type DickeSimulator = (Box<dyn Qaoa>, usize);

/// The number of states of weight `k ≤ n` over `n ≤ 64` qubits (C(n, i)·(n − i) is a multiple
/// of i + 1, so every step is exact).
fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1u128, |c, i| c * (n - i) as u128 / (i + 1) as u128) as f64
}

/// The simulator of `ising` on the states of weight `k` over all its qubits (basis: the
/// k-subsets as masks in ascending order, the order of a plain block of docs/spaces.md). The
/// mixer is `xy-ring` or `xy-complete` (XY gates over the register's ring or every pair, in
/// [`xy_edges`] order) or `grover`; the X mixer leaves the block and is refused, as is a weight
/// outside 1..n (one state, nothing to mix) and a block too large to list or to hold.
pub fn dicke_simulator(ising: &Ising, k: usize, mixer: MixerKind) -> Result<DickeSimulator> {
    let n = ising.num_qubits;
    if n < 2 || !(1..n).contains(&k) {
        return Err(Error::out_of_range(
            Quantity::DickeWeight,
            k,
            format!(
                "the weight of a Dicke block over {n} qubits must be 1..={} (weights 0 and {n} are one state, with nothing to mix)",
                n.saturating_sub(1).max(1)
            ),
        ));
    }
    if mixer == MixerKind::X {
        return Err(Unsupported::XMixerOnBlocks {
            space: format!("dicke (weight {k})"),
        }
        .into());
    }
    if mixer.is_switch() {
        return Err(Unsupported::SwitchOnDicke { mixer }.into());
    }
    // Beyond 64 qubits a state is no mask (and far beyond what is listed).
    let dimension = if n <= 64 { binomial(n, k) } else { f64::INFINITY };
    let needed = dimension * (AMPLITUDE_BYTES as f64 + 10.0);
    let available = available_memory() as f64;
    if dimension > MAX_LISTED_STATES as f64 || needed > available {
        return Err(Error::SpaceTooLarge {
            what: format!("a Dicke block of weight {k} over {n} qubits"),
            log2_dimension: dimension.log2(),
            needed_gib: gib(needed),
            available_gib: gib(available),
            note: format!("; at most 2^{} states are listed", MAX_LISTED_STATES.ilog2()),
        });
    }
    let qubo = Qubo::from_ising(ising);
    let digits = vec![Digit {
        qubits: (0..n).collect(),
        states: colex_subsets(n, k as i64),
    }];
    if mixer == MixerKind::Grover {
        let sim = GroverMixerSimulator::new(&qubo, digits, n)?;
        return Ok((Box::new(sim), 1));
    }
    let sim = SubspaceSimulator::new(&qubo, digits, &[DigitGates::Xy(xy_edges(n, mixer))], n, mixer)?;
    let passes = sim.passes_per_layer();
    Ok((Box::new(sim), passes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::angles::Angles;
    use crate::circuit::Circuit;
    use crate::cost::pubo::ZPoly;
    use crate::qaoa::Objective;
    use crate::sim::reference;

    fn angles() -> Angles {
        Angles::new(vec![0.05, 0.06, 0.07], vec![0.40, 0.35, 0.30]).unwrap()
    }

    /// The energy of the exported gate list (Dicke preparation, cost, XY gates), run gate by
    /// gate on all 2^n amplitudes.
    fn reference_energy(ising: &Ising, k: usize, mixer: MixerKind) -> f64 {
        let n = ising.num_qubits;
        let poly = ZPoly::from_ising(ising);
        let circuit = Circuit::qaoa_space(&poly, &[((0..n).collect(), k)], &[], mixer, &angles());
        let amps = reference::run(&circuit).unwrap().amps;
        amps.iter()
            .enumerate()
            .map(|(i, a)| a.norm_sqr() * ising.energy(i as u64))
            .sum()
    }

    #[test]
    fn dicke_block_is_the_gate_list_on_all_states() {
        for (n, k, seed) in [(6, 3, 1), (7, 2, 2), (8, 4, 8)] {
            let mut ising = Ising::random(n, seed);
            ising.offset = 0.5;
            for mixer in [MixerKind::XyRing, MixerKind::XyComplete] {
                let (sim, _) = dicke_simulator(&ising, k, mixer).unwrap();
                assert_eq!(sim.num_states(), binomial(n, k) as usize);
                let got = sim.objective(&angles(), &Objective::Energy).unwrap();
                let want = reference_energy(&ising, k, mixer);
                assert!((got - want).abs() < 1e-12, "n = {n}, k = {k}, {mixer}: {got} vs {want}");
            }
        }
    }

    #[test]
    fn dicke_grover_keeps_the_block() {
        let ising = Ising::random(6, 3);
        let (sim, passes) = dicke_simulator(&ising, 2, MixerKind::Grover).unwrap();
        assert_eq!((sim.num_states(), passes), (15, 1));
        let e = sim.objective(&angles(), &Objective::Energy).unwrap();
        assert!(e.is_finite());
    }

    #[test]
    fn bad_weight_and_x_mixer_are_refused() {
        let ising = Ising::random(6, 1);
        for k in [0, 6, 7] {
            let e = dicke_simulator(&ising, k, MixerKind::XyRing).unwrap_err();
            assert!(
                matches!(
                    e,
                    Error::OutOfRange {
                        what: Quantity::DickeWeight,
                        ..
                    }
                ),
                "{e}"
            );
            assert!(e.to_string().contains("1..=5"), "{e}");
        }
        let e = dicke_simulator(&Ising::random(1, 1), 1, MixerKind::XyRing).unwrap_err();
        assert!(matches!(e, Error::OutOfRange { .. }), "{e}");
        let e = dicke_simulator(&ising, 3, MixerKind::X).unwrap_err();
        assert!(
            matches!(&e, Error::Unsupported(u) if matches!(**u, Unsupported::XMixerOnBlocks { .. })),
            "{e}"
        );
        // C(40, 20) states are not listed.
        let e = dicke_simulator(&Ising::random(40, 1), 20, MixerKind::XyRing).unwrap_err();
        assert!(matches!(e, Error::SpaceTooLarge { .. }), "{e}");
    }

    #[test]
    fn binomials() {
        for (n, k, c) in [
            (26, 13, 10_400_600),
            (8, 1, 8),
            (16, 8, 12_870),
            (40, 20, 137_846_528_820),
        ] {
            assert_eq!(binomial(n, k) as u64, c, "C({n}, {k})");
        }
    }
}
