//! Ising form `C(z) = offset + Σ h_q z_q + Σ J_ab z_a z_b` with `z_q = +1` when bit q is 0,
//! and its diagonal over all 2^n basis states.

use super::diagonal::CostDiagonal;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// A diagonal Ising cost Hamiltonian.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ising {
    /// Number of qubits.
    #[serde(rename = "qubits")]
    pub num_qubits: usize,
    /// Local fields `h_q`.
    pub h: Vec<f64>,
    /// Couplings `(a, b, J_ab)` with `a < b`.
    #[serde(rename = "J", with = "coupling_triples")]
    pub couplings: Vec<(usize, usize, f64)>,
    /// Constant term.
    pub offset: f64,
}

/// Serialise couplings as `[[a, b, w], ...]` with integer qubit indices `a`, `b` (the schema
/// of ../shared/bench/peers.py); indices written as whole floats (`0.0`) are read too.
mod coupling_triples {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(c: &[(usize, usize, f64)], s: S) -> Result<S::Ok, S::Error> {
        c.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(usize, usize, f64)>, D::Error> {
        let rows: Vec<(f64, f64, f64)> = Vec::deserialize(d)?;
        rows.into_iter()
            .map(|(a, b, w)| {
                if a < 0.0 || b < 0.0 || a.fract() != 0.0 || b.fract() != 0.0 {
                    Err(serde::de::Error::custom(
                        "coupling indices must be non-negative integers",
                    ))
                } else {
                    Ok((a as usize, b as usize, w))
                }
            })
            .collect()
    }
}

/// States per block when building the diagonal (low qubits inside a block).
const DIAG_BLOCK_QUBITS: usize = 12;

impl Ising {
    /// A seeded random benchmark model (the family of ../shared/bench/peers.py): integer
    /// fields in [−2, 2], `min(3n, n(n−1)/2)` distinct couplings with weights in ±{1, 2, 3},
    /// no offset.
    pub fn random(num_qubits: usize, seed: u64) -> Ising {
        use rand::Rng;
        let n = num_qubits;
        let mut rng = crate::rng::seeded(seed);
        let h = (0..n).map(|_| f64::from(rng.random_range(-2i32..=2))).collect();
        let m = (3 * n).min(n * n.saturating_sub(1) / 2);
        let mut pairs = std::collections::BTreeSet::new();
        while pairs.len() < m {
            let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
            if a != b {
                pairs.insert((a.min(b), a.max(b)));
            }
        }
        let weights = [-3.0, -2.0, -1.0, 1.0, 2.0, 3.0];
        let couplings = pairs
            .into_iter()
            .map(|(a, b)| (a, b, weights[rng.random_range(0..6)]))
            .collect();
        Ising {
            num_qubits: n,
            h,
            couplings,
            offset: 0.0,
        }
    }

    /// Energy of basis index `k`, term by term.
    pub fn energy(&self, k: u64) -> f64 {
        let z: Vec<f64> = (0..self.num_qubits)
            .map(|q| if (k >> q) & 1 == 1 { -1.0 } else { 1.0 })
            .collect();
        self.energy_of_spins(&z)
    }

    /// Energy of the spins `z` (±1 each, any number of qubits), term by term.
    pub fn energy_of_spins(&self, z: &[f64]) -> f64 {
        let mut e = self.offset;
        for (h, z) in self.h.iter().zip(z) {
            e += h * z;
        }
        for &(a, b, w) in &self.couplings {
            e += w * z[a] * z[b];
        }
        e
    }

    /// Check the indices and values (used when reading a model from JSON).
    pub fn validate(&self) -> crate::error::Result<()> {
        use crate::error::Error;
        if self.h.len() != self.num_qubits {
            return Err(Error::LengthMismatch {
                what: format!("fields for {} qubits", self.num_qubits),
                expected: self.num_qubits,
                got: self.h.len(),
            });
        }
        for &(a, b, w) in &self.couplings {
            if a >= self.num_qubits || b >= self.num_qubits || a == b {
                return Err(Error::QubitOutOfRange {
                    what: format!("coupling ({a}, {b}), not between two different qubits,"),
                    qubits: self.num_qubits,
                });
            }
            if !w.is_finite() {
                return Err(Error::NotFinite {
                    what: format!("coupling ({a}, {b})"),
                    note: String::new(),
                });
            }
        }
        if !self.offset.is_finite() || self.h.iter().any(|h| !h.is_finite()) {
            return Err(Error::NotFinite {
                what: "a field or the offset".into(),
                note: String::new(),
            });
        }
        Ok(())
    }

    /// Largest |coefficient|, a scale for initial angles.
    pub fn max_abs_coefficient(&self) -> f64 {
        self.h
            .iter()
            .map(|h| h.abs())
            .chain(self.couplings.iter().map(|c| c.2.abs()))
            .fold(0.0, f64::max)
    }

    /// The diagonal `C(k)` for every basis index, built block-wise in parallel in O(2^n):
    /// a table over the low qubits plus, per block of high bits, the fields the high spins
    /// put on the low qubits (added by doubling). Exact integer arithmetic when every
    /// coefficient is a small dyadic number.
    pub fn cost_diagonal(&self) -> CostDiagonal {
        match self.dyadic_scale() {
            Some(scale) => self
                .indexed_diagonal(scale)
                .unwrap_or_else(|| CostDiagonal::Dense(self.dense_diagonal())),
            None => CostDiagonal::Dense(self.dense_diagonal()),
        }
    }

    /// Bytes per basis state that [`Ising::cost_diagonal`] will use: 2 for an index into few
    /// distinct dyadic costs, 8 for a dense `f64` diagonal.
    pub fn diagonal_bytes_per_state(&self) -> usize {
        match self.dyadic_scale() {
            Some(scale) if self.indexed_range(scale).is_some() => 2,
            _ => 8,
        }
    }

    /// Lower bound and span of the scaled energies, when the span fits a `u16` index.
    fn indexed_range(&self, scale: f64) -> Option<(f64, f64)> {
        let bound: f64 =
            self.h.iter().map(|h| h.abs()).sum::<f64>() + self.couplings.iter().map(|c| c.2.abs()).sum::<f64>();
        let lower = ((self.offset - bound) * scale).round();
        let upper = ((self.offset + bound) * scale).round();
        (upper - lower <= f64::from(u16::MAX)).then_some((lower, upper))
    }

    /// A power of two that makes every coefficient an integer, if one up to 2^10 does and the
    /// scaled energies stay well inside i64.
    fn dyadic_scale(&self) -> Option<f64> {
        let coeffs: Vec<f64> = self
            .h
            .iter()
            .copied()
            .chain(self.couplings.iter().map(|c| c.2))
            .chain([self.offset])
            .collect();
        super::diagonal::dyadic_scale(&coeffs, 10)
    }

    fn split(&self) -> (usize, usize) {
        let low = self.num_qubits.min(DIAG_BLOCK_QUBITS);
        (low, self.num_qubits - low)
    }

    /// Per-block pieces shared by both diagonals, in units of `scale`:
    /// the low-qubit table, the low-low couplings, and the cross couplings.
    fn blocks<T, F>(&self, scale: f64, out: &mut [T], write: F)
    where
        T: Send,
        F: Fn(&mut T, f64) + Sync,
    {
        let (low, _) = self.split();
        let block = 1usize << low;
        let z = |k: usize, q: usize| if (k >> q) & 1 == 1 { -1.0 } else { 1.0 };
        // Energy of the low qubits alone (fields and low-low couplings).
        let table: Vec<f64> = (0..block)
            .map(|lo| {
                let mut e = 0.0;
                for q in 0..low {
                    e += self.h[q] * scale * z(lo, q);
                }
                for &(a, b, w) in &self.couplings {
                    if b < low {
                        e += w * scale * z(lo, a) * z(lo, b);
                    }
                }
                e
            })
            .collect();
        let cross: Vec<(usize, usize, f64)> = self
            .couplings
            .iter()
            .filter(|c| c.0 < low && c.1 >= low)
            .map(|&(a, b, w)| (a, b, w * scale))
            .collect();
        let high_couplings: Vec<(usize, usize, f64)> = self
            .couplings
            .iter()
            .filter(|c| c.0 >= low)
            .map(|&(a, b, w)| (a, b, w * scale))
            .collect();
        out.par_chunks_mut(block).enumerate().for_each(|(hi, chunk)| {
            let base = hi << low;
            let mut e_high = self.offset * scale;
            for q in low..self.num_qubits {
                e_high += self.h[q] * scale * z(base, q);
            }
            for &(a, b, w) in &high_couplings {
                e_high += w * z(base, a) * z(base, b);
            }
            let mut field = vec![0.0; low];
            for &(a, b, w) in &cross {
                field[a] += w * z(base, b);
            }
            // F[lo] = Σ_a field_a z_a(lo), by doubling over the low qubits.
            let mut f = vec![0.0; block];
            f[0] = field.iter().sum();
            for (a, &fa) in field.iter().enumerate() {
                let half = 1usize << a;
                for lo in 0..half {
                    f[lo + half] = f[lo] - 2.0 * fa;
                }
            }
            for (lo, slot) in chunk.iter_mut().enumerate() {
                write(slot, e_high + table[lo] + f[lo]);
            }
        });
    }

    fn dense_diagonal(&self) -> Vec<f64> {
        let mut d = vec![0.0; 1usize << self.num_qubits];
        self.blocks(1.0, &mut d, |slot, e| *slot = e);
        d
    }

    /// The indexed diagonal, or None when the energies span more than a u16 range.
    fn indexed_diagonal(&self, scale: f64) -> Option<CostDiagonal> {
        let (lower, upper) = self.indexed_range(scale)?;
        let mut index = vec![0u16; 1usize << self.num_qubits];
        // Scaled energies are exact integers in f64; store them relative to the lower bound.
        self.blocks(scale, &mut index, |slot, e| *slot = (e - lower) as u16);
        // Keep only the values that occur, ascending, and renumber.
        let range = (upper - lower) as usize + 1;
        let used = index
            .par_chunks(1 << 16)
            .fold(
                || vec![false; range],
                |mut seen, chunk| {
                    for &i in chunk {
                        seen[i as usize] = true;
                    }
                    seen
                },
            )
            .reduce(
                || vec![false; range],
                |a, b| a.iter().zip(&b).map(|(x, y)| *x || *y).collect(),
            );
        let mut renumber = vec![0u16; range];
        let mut values = Vec::new();
        for (offset, _) in used.iter().enumerate().filter(|(_, u)| **u) {
            renumber[offset] = values.len() as u16;
            values.push((lower + offset as f64) / scale);
        }
        index.par_iter_mut().for_each(|i| *i = renumber[*i as usize]);
        Some(CostDiagonal::Indexed { values, index })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_ising(n: usize, seed: u64, dyadic: bool) -> Ising {
        use rand::Rng;
        let mut rng = crate::rng::seeded(seed);
        let draw = |rng: &mut crate::rng::SeededRng| {
            if dyadic {
                f64::from(rng.random_range(-8i32..=8)) / 4.0
            } else {
                rng.random_range(-1.0..1.0)
            }
        };
        let h = (0..n).map(|_| draw(&mut rng)).collect();
        let mut couplings = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.random_bool(0.5) {
                    couplings.push((a, b, draw(&mut rng)));
                }
            }
        }
        Ising {
            num_qubits: n,
            h,
            couplings,
            offset: draw(&mut rng),
        }
    }

    #[test]
    fn mean_and_variance_match_direct_sums() {
        for dyadic in [true, false] {
            let ising = random_ising(11, 3, dyadic);
            let d = ising.cost_diagonal();
            let all: Vec<f64> = (0..d.len()).map(|k| d.get(k)).collect();
            let mean = all.iter().sum::<f64>() / all.len() as f64;
            let var = all.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / all.len() as f64;
            let (m, v) = d.mean_and_variance();
            assert!(
                (m - mean).abs() < 1e-9 && (v - var).abs() < 1e-9,
                "{m} {mean} {v} {var}"
            );
            // For independent uniform spins the variance is Σh² + ΣJ².
            let expect: f64 =
                ising.h.iter().map(|h| h * h).sum::<f64>() + ising.couplings.iter().map(|c| c.2 * c.2).sum::<f64>();
            assert!((v - expect).abs() < 1e-9);
        }
    }

    #[test]
    fn diagonal_equals_term_by_term_energy() {
        for n in [1, 2, 5, 12, 13, 15] {
            for dyadic in [true, false] {
                let ising = random_ising(n, n as u64, dyadic);
                let d = ising.cost_diagonal();
                assert_eq!(matches!(d, CostDiagonal::Indexed { .. }), dyadic);
                for k in 0..(1u64 << n) {
                    let e = ising.energy(k);
                    assert!((d.get(k as usize) - e).abs() < 1e-9, "n={n} k={k}");
                }
            }
        }
    }

    #[test]
    fn coupling_indices_are_written_as_integers_and_read_either_way() {
        let ising = Ising {
            num_qubits: 3,
            h: vec![0.5, 0.0, -1.0],
            couplings: vec![(0, 2, 2.5), (1, 2, -1.0)],
            offset: 0.25,
        };
        let text = serde_json::to_string(&ising).unwrap();
        assert!(text.contains(r#""J":[[0,2,2.5],[1,2,-1.0]]"#), "{text}");
        let back: Ising = serde_json::from_str(&text).unwrap();
        assert_eq!(back.couplings, ising.couplings);
        let old = text.replace("[[0,2,", "[[0.0,2.0,");
        let back: Ising = serde_json::from_str(&old).unwrap();
        assert_eq!(back.couplings, ising.couplings);
        assert!(serde_json::from_str::<Ising>(&text.replace("[[0,2,", "[[0.5,2,")).is_err());
    }
}
