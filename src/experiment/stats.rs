//! The numbers every report carries, computed from a statevector and plain lists: how the
//! measurement probability splits into valid / non-QUBO-only / invalid boards, shots to a
//! solution at a confidence, per-qubit and per-cell marginals, the most likely states, and the
//! order statistics used to summarise a batch.

use num_complex::Complex64;
use serde::Serialize;

/// The confidence of [`shots_to_solution`] in every report: 99 %.
pub const SHOTS_CONFIDENCE: f64 = 0.99;

/// How the measurement probability of a state splits by verdict. The three parts sum to 1
/// (up to rounding) for a normalised state.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Outcomes {
    /// P(valid): mass on boards passing the complete rule check.
    pub valid: f64,
    /// Mass on zero-energy boards that break only rules the QUBO cannot express (Takuzu's
    /// distinct rows); 0 where no such rule exists.
    pub non_qubo_only: f64,
    /// Everything else: boards breaking a rule the QUBO expresses.
    pub invalid: f64,
}

/// `P(valid) = Σ_{k ∈ valid} |ψ_k|²`, `P(non-QUBO only)` likewise over `non_qubo`, and
/// `P(invalid) = ‖ψ‖² − both`. The two lists must be disjoint.
pub fn outcomes(amps: &[Complex64], valid: &[u64], non_qubo: &[u64]) -> Outcomes {
    let mass = |states: &[u64]| states.iter().map(|&k| amps[k as usize].norm_sqr()).sum::<f64>();
    let total: f64 = amps.iter().map(|a| a.norm_sqr()).sum();
    // `+ 0.0` turns the empty sum (−0.0) into 0.
    let (v, n) = (mass(valid) + 0.0, mass(non_qubo) + 0.0);
    Outcomes {
        valid: v,
        non_qubo_only: n,
        invalid: (total - v - n).max(0.0),
    }
}

/// Shots needed to see a success at least once with probability `confidence`, when each shot
/// succeeds with probability `p`: `log(1 − confidence) / log(1 − p)` (not rounded), at least 1.
/// `None` when `p ≤ 0` (no number of shots is enough); `Some(1.0)` when `p ≥ 1`.
pub fn shots_to_solution(p: f64, confidence: f64) -> Option<f64> {
    if p.is_nan() || p <= 0.0 {
        return None;
    }
    if p >= 1.0 {
        return Some(1.0);
    }
    // ln_1p keeps precision for tiny p (2^-18 and below).
    Some(((1.0 - confidence).ln() / (-p).ln_1p()).max(1.0))
}

/// `(E_max − E) / (E_max − E_min)`: 1 at the ground energy, 0 at the worst state; 1 when the
/// cost is constant.
pub fn approximation_ratio(energy: f64, min: f64, max: f64) -> f64 {
    if max - min <= 0.0 {
        1.0
    } else {
        (max - energy) / (max - min)
    }
}

/// `P(x_q = 1) = Σ_k |ψ_k|² [bit q of k]` for every qubit q: one pass over the state.
pub fn qubit_marginals(amps: &[Complex64]) -> Vec<f64> {
    let n = amps.len().trailing_zeros() as usize;
    let mut out = vec![0.0; n];
    for (k, a) in amps.iter().enumerate() {
        let p = a.norm_sqr();
        let mut bits = k;
        while bits != 0 {
            let q = bits.trailing_zeros() as usize;
            out[q] += p;
            bits &= bits - 1;
        }
    }
    out
}

/// First quartile, median and third quartile of `values` (linear interpolation between order
/// statistics, as numpy's default); NaNs are ignored; `None` when nothing is left.
pub fn quartiles(values: &[f64]) -> Option<(f64, f64, f64)> {
    let mut v: Vec<f64> = values.iter().copied().filter(|x| !x.is_nan()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let pos = q * (v.len() - 1) as f64;
        let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
        v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
    };
    Some((at(0.25), at(0.5), at(0.75)))
}

/// Below this a printed probability is in scientific notation.
pub const SMALL_PROBABILITY: f64 = 1e-3;

/// A probability as every report prints it: with `decimals` decimals from
/// [`SMALL_PROBABILITY`] up, in scientific notation with four significant digits below it
/// (`1.234e-6`, never `0.000001` or `0.0000`); exactly 0 stays `0`.
pub fn probability_text(p: f64, decimals: usize) -> String {
    if p == 0.0 {
        "0".into()
    } else if p.abs() < SMALL_PROBABILITY {
        format!("{p:.3e}")
    } else {
        format!("{p:.decimals$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_interpolate() {
        let (q1, m, q3) = quartiles(&[4.0, 1.0, 3.0, 2.0, 5.0]).unwrap();
        assert!((q1 - 2.0).abs() < 1e-15 && (m - 3.0).abs() < 1e-15 && (q3 - 4.0).abs() < 1e-15);
        let (_, m, _) = quartiles(&[1.0, 2.0]).unwrap();
        assert!((m - 1.5).abs() < 1e-15);
        assert!(quartiles(&[f64::NAN]).is_none());
    }

    #[test]
    fn top_states_order() {
        let amps: Vec<Complex64> = [0.1, 0.5, 0.5, 0.2].iter().map(|&x| Complex64::new(x, 0.0)).collect();
        let t = crate::sim::top_states(&amps, 3);
        assert_eq!(t.iter().map(|x| x.0).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(crate::sim::top_states(&amps, 10).len(), 4);
    }

    #[test]
    fn small_probabilities_print_in_scientific_notation() {
        assert_eq!(probability_text(1.2e-6, 6), "1.200e-6");
        assert_eq!(probability_text(4.2e-5, 4), "4.200e-5");
        assert_eq!(probability_text(0.000999, 6), "9.990e-4");
        assert_eq!(probability_text(0.001, 6), "0.001000");
        assert_eq!(probability_text(0.1123046875, 4), "0.1123");
        assert_eq!(probability_text(0.0, 6), "0");
        assert_eq!(probability_text(1.0, 3), "1.000");
    }
}
