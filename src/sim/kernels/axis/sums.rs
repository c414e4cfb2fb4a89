//! Sums over a state in a fixed order (the probability of each cost level, weighted sums, the
//! largest probability): tiles of `TILE` amplitudes, added in tile order, so the same bits on any
//! thread count; two of them in one pass where a caller needs both.

use super::{PAR_MIN, TILE};
use num_complex::Complex64;
use rayon::prelude::*;

/// `Σ_k |ψ_k|²` per cost level (`index` as in [`Phase::Indexed`](crate::sim::kernels::Phase::Indexed)), summed over fixed chunks in
/// order.
pub fn level_probabilities_fixed(amps: &[Complex64], index: &[u16], levels: usize) -> Vec<f64> {
    levels_and_top(amps, index, levels, false).0
}

/// [`level_probabilities_fixed`] and [`argmax_probability_any`] in one pass over the state,
/// with the same bits as the two apart.
pub fn level_probabilities_and_top(amps: &[Complex64], index: &[u16], levels: usize) -> (Vec<f64>, (u64, f64)) {
    levels_and_top(amps, index, levels, true)
}

/// [`level_probabilities_fixed`], and `lam[k] = values[index[k]]·ψ_k` (a gradient's λ = C|ψ⟩)
/// written in the same pass: the same bits as the two apart.
pub fn level_probabilities_and_weighted(
    amps: &[Complex64],
    index: &[u16],
    values: &[f64],
    lam: &mut [Complex64],
) -> Vec<f64> {
    assert_eq!(amps.len(), lam.len(), "λ and ψ have one length");
    let part = |((a, i), l): ((&[Complex64], &[u16]), &mut [Complex64])| {
        let mut acc = vec![0.0; values.len()];
        for ((x, &v), y) in a.iter().zip(i).zip(l) {
            acc[v as usize] += x.norm_sqr();
            *y = *x * values[v as usize];
        }
        acc
    };
    let parts: Vec<Vec<f64>> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE)
            .zip(index.par_chunks(TILE))
            .zip(lam.par_chunks_mut(TILE))
            .map(part)
            .collect()
    } else {
        amps.chunks(TILE)
            .zip(index.chunks(TILE))
            .zip(lam.chunks_mut(TILE))
            .map(part)
            .collect()
    };
    let mut out = vec![0.0; values.len()];
    for p in parts {
        out.iter_mut().zip(p).for_each(|(o, x)| *o += x);
    }
    out
}

/// The largest of two `(index, |ψ|²)`, the lower index on ties.
fn best(x: (u64, f64), y: (u64, f64)) -> (u64, f64) {
    match y.1.total_cmp(&x.1) {
        std::cmp::Ordering::Greater => y,
        std::cmp::Ordering::Equal if y.0 < x.0 => y,
        _ => x,
    }
}

fn levels_and_top(amps: &[Complex64], index: &[u16], levels: usize, top: bool) -> (Vec<f64>, (u64, f64)) {
    let part = |(u, (a, i)): (usize, (&[Complex64], &[u16]))| {
        let mut acc = vec![0.0; levels];
        let mut most = (0, -1.0);
        for (j, (x, &v)) in a.iter().zip(i).enumerate() {
            let p = x.norm_sqr();
            acc[v as usize] += p;
            if top {
                most = best(most, ((u * TILE + j) as u64, p));
            }
        }
        (acc, most)
    };
    let parts: Vec<(Vec<f64>, (u64, f64))> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE)
            .zip(index.par_chunks(TILE))
            .enumerate()
            .map(part)
            .collect()
    } else {
        amps.chunks(TILE)
            .zip(index.chunks(TILE))
            .enumerate()
            .map(part)
            .collect()
    };
    let mut out = vec![0.0; levels];
    let mut most = (0, -1.0);
    for (p, m) in parts {
        out.iter_mut().zip(p).for_each(|(o, x)| *o += x);
        most = best(most, m);
    }
    (out, most)
}

/// `Σ_k w(k)·|ψ_k|²` over fixed chunks, added in order.
pub fn weighted_sum_fixed(amps: &[Complex64], weight: impl Fn(usize) -> f64 + Sync) -> f64 {
    let part = |(u, a): (usize, &[Complex64])| -> f64 {
        a.iter()
            .enumerate()
            .map(|(j, x)| weight(u * TILE + j) * x.norm_sqr())
            .sum()
    };
    let parts: Vec<f64> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE).enumerate().map(part).collect()
    } else {
        amps.chunks(TILE).enumerate().map(part).collect()
    };
    parts.iter().sum()
}

/// The largest `|ψ_k|²` and its index (the first on ties), over a state of any length.
pub fn argmax_probability_any(amps: &[Complex64]) -> (u64, f64) {
    let part = |(u, a): (usize, &[Complex64])| {
        a.iter()
            .enumerate()
            .map(|(j, x)| ((u * TILE + j) as u64, x.norm_sqr()))
            .fold((0, -1.0), best)
    };
    let parts: Vec<(u64, f64)> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE).enumerate().map(part).collect()
    } else {
        amps.chunks(TILE).enumerate().map(part).collect()
    };
    parts.into_iter().fold((0, -1.0), best)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{bits, random_state};
    use super::*;
    use crate::sim::kernels::{weighted_copy, Weight};

    #[test]
    fn levels_and_top_in_one_pass_are_the_two_apart() {
        // Serial and parallel lengths, a last chunk cut short, and ties for the top.
        for len in [7, 5000, 3 * TILE + 5, PAR_MIN * 3 + 11] {
            let mut amps = random_state(len, 8);
            amps[len / 2] = Complex64::new(2.0, 0.0);
            amps[len - 1] = Complex64::new(0.0, 2.0);
            let index: Vec<u16> = (0..len).map(|k| (k * 7 % 13) as u16).collect();
            let (levels, top) = level_probabilities_and_top(&amps, &index, 13);
            let apart = level_probabilities_fixed(&amps, &index, 13);
            assert_eq!(
                levels.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                apart.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                "{len}"
            );
            assert_eq!(top, argmax_probability_any(&amps), "{len}");
            assert_eq!(top, ((len / 2) as u64, 4.0), "{len}: the first of the ties");
        }
    }

    #[test]
    fn levels_and_weighted_in_one_pass_are_the_two_apart() {
        for len in [7, 3 * TILE + 5, PAR_MIN * 3 + 11] {
            let amps = random_state(len, 9);
            let index: Vec<u16> = (0..len).map(|k| (k * 5 % 11) as u16).collect();
            let values: Vec<f64> = (0..11).map(|v| 0.37 * v as f64 - 1.3).collect();
            let mut lam = vec![Complex64::new(9.0, 9.0); len];
            let levels = level_probabilities_and_weighted(&amps, &index, &values, &mut lam);
            let apart = level_probabilities_fixed(&amps, &index, 11);
            assert_eq!(
                levels.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                apart.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                "{len}"
            );
            let want: Vec<Complex64> = amps.iter().zip(&index).map(|(a, &v)| a * values[v as usize]).collect();
            assert!(bits(&lam) == bits(&want), "{len}");
            // The same λ apart, and the dense and zero weights.
            let mut apart = vec![Complex64::new(9.0, 9.0); len];
            let indexed = Weight::Indexed {
                index: &index,
                values: &values,
            };
            weighted_copy(&mut apart, &amps, indexed);
            assert!(bits(&apart) == bits(&want), "{len}");
            let dense: Vec<f64> = index.iter().map(|&v| values[v as usize]).collect();
            weighted_copy(&mut apart, &amps, Weight::Dense(&dense));
            assert!(bits(&apart) == bits(&want), "{len}");
            weighted_copy(&mut apart, &amps, Weight::Zero);
            assert!(bits(&apart) == bits(&vec![Complex64::new(0.0, 0.0); len]), "{len}");
        }
    }
}
