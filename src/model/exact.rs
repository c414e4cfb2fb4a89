//! Exact comparison of sums of `f64` terms (docs/lp.md, "Exactness"): an LP objective enters
//! the cost scaled by λ, where differences below the cost's resolution vanish, so optimal
//! states are told apart on the objective's own terms, summed without rounding.
//!
//! Each sum is kept as a nonoverlapping expansion (Shewchuk's two-sum): components whose sum
//! is the exact real sum of the terms; the sign of such an expansion is the sign of its
//! largest component. Terms must be finite and their absolute sum must not overflow.

use std::cmp::Ordering;

/// `a + b` as the rounded sum and its exact error: `s + e = a + b` exactly.
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// Add `b` to the expansion `e` (components in increasing magnitude, no zeros).
fn grow(e: &mut Vec<f64>, b: f64) {
    let mut q = b;
    let mut out = Vec::with_capacity(e.len() + 1);
    for &c in e.iter() {
        let (s, h) = two_sum(q, c);
        if h != 0.0 {
            out.push(h);
        }
        q = s;
    }
    if q != 0.0 {
        out.push(q);
    }
    *e = out;
}

/// The exact sign of `Σ a − Σ b`.
pub fn cmp_sums(a: &[f64], b: &[f64]) -> Ordering {
    let mut e: Vec<f64> = Vec::new();
    for &t in a {
        grow(&mut e, t);
    }
    for &t in b {
        grow(&mut e, -t);
    }
    // The largest component is the last nonzero one.
    match e.last() {
        Some(&c) if c > 0.0 => Ordering::Greater,
        Some(&c) if c < 0.0 => Ordering::Less,
        _ => Ordering::Equal,
    }
}

/// The sum of `terms`, rounded once from its exact value (sums that are exactly equal give the
/// same `f64` up to the last bit of the expansion's own rounding).
pub fn sum(terms: &[f64]) -> f64 {
    let mut e: Vec<f64> = Vec::new();
    for &t in terms {
        grow(&mut e, t);
    }
    e.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_are_compared_without_rounding() {
        // 1e17 + 1 and 1e17 + 2 round to the same f64; exactly they differ.
        assert_eq!(cmp_sums(&[1e17, 1.0], &[1e17, 2.0]), Ordering::Less);
        assert_eq!(cmp_sums(&[1e17, 2.0], &[2.0, 1e17]), Ordering::Equal);
        assert_eq!(cmp_sums(&[0.1, 0.2], &[0.3]), (0.1f64 + 0.2).partial_cmp(&0.3).unwrap());
        assert_eq!(cmp_sums(&[1.0, 1e-300], &[1.0]), Ordering::Greater);
        assert_eq!(cmp_sums(&[], &[]), Ordering::Equal);
        assert_eq!(cmp_sums(&[1e308, -1e308, 5.0], &[4.0]), Ordering::Greater);
    }
}
