//! Higher-order diagonal costs: polynomials in binary variables ([`Pubo`], `x_q ∈ {0, 1}`,
//! multilinear) and in Pauli Z's ([`ZPoly`], `z_q = 1 − 2x_q = ±1`, `+1` when bit q is 0).
//!
//! The compact Sudoku encoding (⌈log2 m⌉ qubits per cell) has penalty terms of degree up to
//! twice the bits per cell, so it is no QUBO; its cost is a `ZPoly`, whose diagonal over all
//! 2^n basis states is one fast Walsh–Hadamard transform of the coefficient vector,
//! `C(k) = Σ_S w_S (−1)^{|S ∩ k|}`, done in exact integer arithmetic when the coefficients are
//! dyadic (they are: products of `(1 ± z)/2`), then stored as an indexed diagonal.

use crate::cost::diagonal::CostDiagonal;
use crate::error::{Error, Quantity, Result};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// A multilinear polynomial in binary variables: `Σ_S c_S Π_{q∈S} x_q` (`x_q² = x_q`); the
/// empty set is the constant.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pubo {
    /// Coefficient of each monomial (a sorted set of variables).
    pub terms: BTreeMap<Vec<usize>, f64>,
}

impl Pubo {
    /// The constant `c`.
    pub fn constant(c: f64) -> Pubo {
        let mut p = Pubo::default();
        p.add_term(Vec::new(), c);
        p
    }

    /// The variable `x_q`.
    pub fn var(q: usize) -> Pubo {
        let mut p = Pubo::default();
        p.add_term(vec![q], 1.0);
        p
    }

    /// `1 − x_q`.
    pub fn not_var(q: usize) -> Pubo {
        let mut p = Pubo::constant(1.0);
        p.add_term(vec![q], -1.0);
        p
    }

    /// Add `c Π_{q∈vars} x_q` (vars in any order, repeats collapse since `x² = x`).
    pub fn add_term(&mut self, mut vars: Vec<usize>, c: f64) {
        vars.sort_unstable();
        vars.dedup();
        let sum = self.terms.get(&vars).copied().unwrap_or(0.0) + c;
        // Exact cancellation (dyadic coefficients) keeps the map small.
        if sum == 0.0 {
            self.terms.remove(&vars);
        } else {
            self.terms.insert(vars, sum);
        }
    }

    /// `self += scale · other`.
    pub fn add_scaled(&mut self, other: &Pubo, scale: f64) {
        for (vars, &c) in &other.terms {
            self.add_term(vars.clone(), scale * c);
        }
    }

    /// The product `self · other`.
    pub fn mul(&self, other: &Pubo) -> Pubo {
        let mut out = Pubo::default();
        for (a, &ca) in &self.terms {
            for (b, &cb) in &other.terms {
                let mut vars = a.clone();
                vars.extend_from_slice(b);
                out.add_term(vars, ca * cb);
            }
        }
        out
    }

    /// The value at an assignment (bit q of `k` is `x_q`).
    pub fn value(&self, k: u64) -> f64 {
        self.terms
            .iter()
            .filter(|(vars, _)| vars.iter().all(|&q| (k >> q) & 1 == 1))
            .map(|(_, &c)| c)
            .sum()
    }

    /// The same function in Z's: `x_q = (1 − z_q)/2`, so a monomial over S becomes
    /// `2^{−|S|} Σ_{T⊆S} (−1)^{|T|} Π_{q∈T} z_q`.
    pub fn to_zpoly(&self, num_qubits: usize) -> ZPoly {
        let mut acc: BTreeMap<Vec<usize>, f64> = BTreeMap::new();
        for (vars, &c) in &self.terms {
            let m = vars.len();
            let scale = c / f64::from(1u32 << m);
            for subset in 0u32..(1 << m) {
                let t: Vec<usize> = (0..m).filter(|&i| (subset >> i) & 1 == 1).map(|i| vars[i]).collect();
                let sign = if t.len() % 2 == 1 { -1.0 } else { 1.0 };
                *acc.entry(t).or_insert(0.0) += sign * scale;
            }
        }
        let offset = acc.remove(&Vec::new()).unwrap_or(0.0);
        ZPoly {
            num_qubits,
            terms: acc.into_iter().filter(|(_, w)| *w != 0.0).collect(),
            offset,
        }
    }
}

/// A diagonal cost `C(z) = offset + Σ_S w_S Π_{q∈S} z_q` with `z_q = +1` when bit q is 0 (the
/// Ising convention, extended to products of any number of Z's).
#[derive(Clone, Debug, PartialEq)]
pub struct ZPoly {
    /// Number of qubits.
    pub num_qubits: usize,
    /// `(S, w_S)`: sorted, distinct qubits (at least one) and the weight of their Z product.
    pub terms: Vec<(Vec<usize>, f64)>,
    /// Constant term (a global phase in circuits).
    pub offset: f64,
}

/// Largest number of qubits whose diagonal is built (the transform holds 8 bytes per state).
const MAX_DIAGONAL_QUBITS: usize = 34;

impl ZPoly {
    /// The Ising model as a polynomial: the fields (those that are non-zero) first, then the
    /// couplings in their order, so circuits built from either list gates alike.
    pub fn from_ising(ising: &crate::cost::ising::Ising) -> ZPoly {
        let fields = ising
            .h
            .iter()
            .enumerate()
            .filter(|(_, h)| **h != 0.0)
            .map(|(q, &h)| (vec![q], h));
        let couplings = ising.couplings.iter().map(|&(a, b, w)| (vec![a, b], w));
        ZPoly {
            num_qubits: ising.num_qubits,
            terms: fields.chain(couplings).collect(),
            offset: ising.offset,
        }
    }

    /// Energy of basis index `k`, term by term.
    pub fn energy(&self, k: u64) -> f64 {
        self.energy_by(|q| (k >> q) & 1 == 1)
    }

    /// Energy of a basis state given by its bits (`bits[q]`: qubit q is 1), term by term as
    /// [`ZPoly::energy`], so any number of qubits; `bits` holds at least `num_qubits` bits.
    pub fn energy_of(&self, bits: &[bool]) -> f64 {
        self.energy_by(|q| bits[q])
    }

    /// `offset + Σ_S w_S Π z_q`: a product of Z's is −1 on an odd number of ones (`one(q)`).
    fn energy_by(&self, one: impl Fn(usize) -> bool) -> f64 {
        self.offset
            + self
                .terms
                .iter()
                .map(|(s, w)| {
                    let parity = s.iter().filter(|&&q| one(q)).count() % 2;
                    if parity == 1 {
                        -w
                    } else {
                        *w
                    }
                })
                .sum::<f64>()
    }

    /// Highest number of Z's in one term.
    pub fn max_degree(&self) -> usize {
        self.terms.iter().map(|(s, _)| s.len()).max().unwrap_or(0)
    }

    /// Check qubit indices (sorted, distinct, in range) and that every number is finite.
    pub fn validate(&self) -> Result<()> {
        for (s, w) in &self.terms {
            if s.is_empty() || s.windows(2).any(|p| p[0] >= p[1]) || s.iter().any(|&q| q >= self.num_qubits) {
                return Err(Error::QubitOutOfRange {
                    what: format!("term {s:?}, not a sorted set of distinct qubits,"),
                    qubits: self.num_qubits,
                });
            }
            if !w.is_finite() {
                return Err(Error::NotFinite {
                    what: format!("the weight {w} of term {s:?}"),
                    note: String::new(),
                });
            }
        }
        if !self.offset.is_finite() {
            return Err(Error::NotFinite {
                what: "the offset".into(),
                note: String::new(),
            });
        }
        if self.num_qubits > MAX_DIAGONAL_QUBITS {
            return Err(Error::out_of_range(
                Quantity::DiagonalQubits,
                self.num_qubits,
                format!("the diagonal is built up to {MAX_DIAGONAL_QUBITS}"),
            ));
        }
        Ok(())
    }

    /// A power of two up to 2^30 that makes every coefficient an integer while the scaled
    /// energies stay well inside i64.
    fn dyadic_scale(&self) -> Option<f64> {
        let coeffs: Vec<f64> = self.terms.iter().map(|t| t.1).chain([self.offset]).collect();
        super::diagonal::dyadic_scale(&coeffs, 30)
    }

    /// `C(k)` for every basis index: a fast Walsh–Hadamard transform of the coefficients, in
    /// integers when they are dyadic (then stored indexed, as [`crate::Ising::cost_diagonal`]
    /// does), in `f64` otherwise. Call [`ZPoly::validate`] first.
    pub fn cost_diagonal(&self) -> CostDiagonal {
        let n = self.num_qubits;
        let mask = |s: &[usize]| s.iter().fold(0usize, |m, &q| m | (1 << q));
        match self.dyadic_scale() {
            Some(scale) => {
                let mut a = vec![0i64; 1 << n];
                a[0] = (self.offset * scale) as i64;
                for (s, w) in &self.terms {
                    a[mask(s)] += (w * scale) as i64;
                }
                walsh_hadamard(&mut a);
                let (lo, hi) = a
                    .par_iter()
                    .fold(|| (i64::MAX, i64::MIN), |(l, h), &v| (l.min(v), h.max(v)))
                    .reduce(|| (i64::MAX, i64::MIN), |x, y| (x.0.min(y.0), x.1.max(y.1)));
                if hi - lo <= i64::from(u16::MAX) {
                    let range = (hi - lo) as usize + 1;
                    let mut used = vec![false; range];
                    for &v in &a {
                        used[(v - lo) as usize] = true;
                    }
                    let mut renumber = vec![0u16; range];
                    let mut values = Vec::new();
                    for (off, _) in used.iter().enumerate().filter(|(_, u)| **u) {
                        renumber[off] = values.len() as u16;
                        values.push((lo + off as i64) as f64 / scale);
                    }
                    let index = a.par_iter().map(|&v| renumber[(v - lo) as usize]).collect();
                    CostDiagonal::Indexed { values, index }
                } else {
                    CostDiagonal::Dense(a.par_iter().map(|&v| v as f64 / scale).collect())
                }
            }
            None => {
                let mut a = vec![0f64; 1 << n];
                a[0] = self.offset;
                for (s, w) in &self.terms {
                    a[mask(s)] += w;
                }
                walsh_hadamard(&mut a);
                CostDiagonal::Dense(a)
            }
        }
    }
}

/// In-place unnormalised Walsh–Hadamard transform: `a[k] ← Σ_S a[S] (−1)^{|S ∩ k|}`.
/// Butterflies `(x, y) → (x + y, x − y)` over each bit; blocks of 2^12 entries in parallel for
/// the low bits, then pairs of half-blocks in parallel for the high bits.
fn walsh_hadamard<T>(a: &mut [T])
where
    T: Copy + Send + Sync + std::ops::Add<Output = T> + std::ops::Sub<Output = T>,
{
    let len = a.len();
    let block = len.min(1 << 12);
    a.par_chunks_mut(block).for_each(|chunk| {
        let mut h = 1;
        while h < chunk.len() {
            for pair in chunk.chunks_mut(2 * h) {
                let (x, y) = pair.split_at_mut(h);
                for (u, v) in x.iter_mut().zip(y.iter_mut()) {
                    let (s, d) = (*u + *v, *u - *v);
                    *u = s;
                    *v = d;
                }
            }
            h *= 2;
        }
    });
    let mut h = block;
    while h < len {
        a.par_chunks_mut(2 * h).for_each(|pair| {
            let (x, y) = pair.split_at_mut(h);
            x.par_chunks_mut(block)
                .zip(y.par_chunks_mut(block))
                .for_each(|(xs, ys)| {
                    for (u, v) in xs.iter_mut().zip(ys.iter_mut()) {
                        let (s, d) = (*u + *v, *u - *v);
                        *u = s;
                        *v = d;
                    }
                });
        });
        h *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    fn random_zpoly(n: usize, seed: u64, dyadic: bool) -> ZPoly {
        let mut rng = crate::rng::seeded(seed);
        let mut terms = BTreeMap::new();
        for _ in 0..3 * n {
            let deg = rng.random_range(1..=n.min(5));
            let mut s: Vec<usize> = (0..n).collect();
            for i in 0..deg {
                let j = rng.random_range(i..n);
                s.swap(i, j);
            }
            let mut s = s[..deg].to_vec();
            s.sort_unstable();
            let w = if dyadic {
                f64::from(rng.random_range(-16i32..=16)) / 8.0
            } else {
                rng.random_range(-1.0..1.0)
            };
            terms.insert(s, w);
        }
        ZPoly {
            num_qubits: n,
            terms: terms.into_iter().collect(),
            offset: 0.75,
        }
    }

    #[test]
    fn diagonal_equals_term_by_term_energy() {
        for n in [1, 3, 8, 13, 14] {
            for dyadic in [true, false] {
                let z = random_zpoly(n, n as u64, dyadic);
                z.validate().unwrap();
                let d = z.cost_diagonal();
                assert_eq!(matches!(d, CostDiagonal::Indexed { .. }), dyadic);
                for k in 0..(1u64 << n) {
                    assert!((d.get(k as usize) - z.energy(k)).abs() < 1e-9, "n={n} k={k}");
                    let bits: Vec<bool> = (0..n).map(|q| (k >> q) & 1 == 1).collect();
                    assert_eq!(z.energy_of(&bits).to_bits(), z.energy(k).to_bits(), "n={n} k={k}");
                }
            }
        }
    }

    #[test]
    fn pubo_to_zpoly_keeps_every_value() {
        // (1 − x0 − x1 x2)² + 3 x0 x3 (1 − x2)
        let mut inner = Pubo::constant(1.0);
        inner.add_term(vec![0], -1.0);
        inner.add_term(vec![1, 2], -1.0);
        let mut p = inner.mul(&inner);
        let mut t = Pubo::var(0).mul(&Pubo::var(3)).mul(&Pubo::not_var(2));
        t = Pubo::constant(3.0).mul(&t);
        p.add_scaled(&t, 1.0);
        let z = p.to_zpoly(4);
        for k in 0..16u64 {
            let x = |q: usize| ((k >> q) & 1) as f64;
            let want = (1.0 - x(0) - x(1) * x(2)).powi(2) + 3.0 * x(0) * x(3) * (1.0 - x(2));
            assert!((p.value(k) - want).abs() < 1e-12);
            assert!((z.energy(k) - want).abs() < 1e-12, "k={k}");
        }
        assert!(z.max_degree() <= 3);
    }
}
