//! Hot loops over amplitude slices. Only slices, indices and scalars cross this boundary:
//! no crate types, no allocation of states, no `Result`; `debug_assert!` only.
//!
//! Index names used below: `k` is a basis index; a "block" is `2^BLOCK_QUBITS` consecutive
//! amplitudes, so qubits below `BLOCK_QUBITS` pair amplitudes inside one block (cache
//! resident) and higher qubits pair whole blocks.

use num_complex::Complex64;
use rayon::prelude::*;

/// States at and above `2^PAR_MIN_QUBITS` amplitudes use rayon; smaller ones run serially.
pub const PAR_MIN_QUBITS: usize = 14;

/// Qubits handled inside one block: 2^14 amplitudes = 256 KiB, within a core's L2.
pub const BLOCK_QUBITS: usize = 14;

/// Amplitudes per parallel task in strided passes.
const TASK_LEN: usize = 1 << 12;

#[inline]
fn log2_len(len: usize) -> usize {
    debug_assert!(len.is_power_of_two());
    len.trailing_zeros() as usize
}

/// `(a, b) ← (c·a − i·s·b, c·b − i·s·a)`: `exp(−iβX)` on every pair `(x[j], y[j])`.
#[inline]
fn rotate_pairs(x: &mut [Complex64], y: &mut [Complex64], c: f64, s: f64) {
    for (a, b) in x.iter_mut().zip(y.iter_mut()) {
        let (ta, tb) = (*a, *b);
        // −i·s·t = (s·t.im, −s·t.re)
        *a = Complex64::new(c * ta.re + s * tb.im, c * ta.im - s * tb.re);
        *b = Complex64::new(c * tb.re + s * ta.im, c * tb.im - s * ta.re);
    }
}

/// `exp(−iβX_q)` for every qubit `q < low` inside one block.
#[inline]
fn mix_block(block: &mut [Complex64], low: usize, c: f64, s: f64) {
    for q in 0..low {
        let half = 1usize << q;
        for pair in block.chunks_mut(2 * half) {
            let (x, y) = pair.split_at_mut(half);
            rotate_pairs(x, y, c, s);
        }
    }
}

/// `exp(−iβX_q)` for each qubit `q ≥ from`, one strided pass per qubit.
fn mix_high(amps: &mut [Complex64], from: usize, c: f64, s: f64, parallel: bool) {
    let n = log2_len(amps.len());
    for q in from..n {
        let half = 1usize << q;
        for pair in amps.chunks_mut(2 * half) {
            let (x, y) = pair.split_at_mut(half);
            if parallel {
                x.par_chunks_mut(TASK_LEN)
                    .zip(y.par_chunks_mut(TASK_LEN))
                    .for_each(|(x, y)| rotate_pairs(x, y, c, s));
            } else {
                rotate_pairs(x, y, c, s);
            }
        }
    }
}

/// ψ ← U_B(β)ψ with `U_B(β) = Π_q exp(−iβX_q)` over all qubits.
pub fn apply_mixer_x(amps: &mut [Complex64], beta: f64) {
    apply_mixer_x_with(amps, beta, PAR_MIN_QUBITS)
}

/// [`apply_mixer_x`] with an explicit serial/parallel threshold (tests force both paths).
pub fn apply_mixer_x_with(amps: &mut [Complex64], beta: f64, par_min_qubits: usize) {
    let n = log2_len(amps.len());
    let (s, c) = beta.sin_cos();
    let low = n.min(BLOCK_QUBITS);
    let parallel = n >= par_min_qubits;
    let block = 1usize << low;
    if parallel {
        amps.par_chunks_mut(block).for_each(|b| mix_block(b, low, c, s));
    } else {
        amps.chunks_mut(block).for_each(|b| mix_block(b, low, c, s));
    }
    mix_high(amps, low, c, s, parallel);
}

/// One QAOA layer with an indexed cost: ψ_k ← e^{−iγ c_k} ψ_k (as `phases[index[k]]`), then
/// U_B(β). The phase is fused into the first (in-block) sweep of the mixer.
pub fn apply_layer_indexed(amps: &mut [Complex64], index: &[u16], phases: &[Complex64], beta: f64) {
    apply_layer_indexed_with(amps, index, phases, beta, PAR_MIN_QUBITS)
}

/// [`apply_layer_indexed`] with an explicit serial/parallel threshold.
pub fn apply_layer_indexed_with(
    amps: &mut [Complex64],
    index: &[u16],
    phases: &[Complex64],
    beta: f64,
    par_min_qubits: usize,
) {
    debug_assert_eq!(amps.len(), index.len());
    let n = log2_len(amps.len());
    let (s, c) = beta.sin_cos();
    let low = n.min(BLOCK_QUBITS);
    let parallel = n >= par_min_qubits;
    let block = 1usize << low;
    let body = |(b, idx): (&mut [Complex64], &[u16])| {
        for (a, &i) in b.iter_mut().zip(idx) {
            *a *= phases[i as usize];
        }
        mix_block(b, low, c, s);
    };
    if parallel {
        amps.par_chunks_mut(block).zip(index.par_chunks(block)).for_each(body);
    } else {
        amps.chunks_mut(block).zip(index.chunks(block)).for_each(body);
    }
    mix_high(amps, low, c, s, parallel);
}

/// One QAOA layer with a dense cost: ψ_k ← e^{−iγ c_k} ψ_k, then U_B(β).
pub fn apply_layer_dense(amps: &mut [Complex64], costs: &[f64], gamma: f64, beta: f64) {
    apply_layer_dense_with(amps, costs, gamma, beta, PAR_MIN_QUBITS)
}

/// [`apply_layer_dense`] with an explicit serial/parallel threshold.
pub fn apply_layer_dense_with(amps: &mut [Complex64], costs: &[f64], gamma: f64, beta: f64, par_min_qubits: usize) {
    debug_assert_eq!(amps.len(), costs.len());
    let n = log2_len(amps.len());
    let (s, c) = beta.sin_cos();
    let low = n.min(BLOCK_QUBITS);
    let parallel = n >= par_min_qubits;
    let block = 1usize << low;
    let body = |(b, cs): (&mut [Complex64], &[f64])| {
        for (a, &ck) in b.iter_mut().zip(cs) {
            let (si, co) = (gamma * ck).sin_cos();
            *a *= Complex64::new(co, -si);
        }
        mix_block(b, low, c, s);
    };
    if parallel {
        amps.par_chunks_mut(block).zip(costs.par_chunks(block)).for_each(body);
    } else {
        amps.chunks_mut(block).zip(costs.chunks(block)).for_each(body);
    }
    mix_high(amps, low, c, s, parallel);
}

/// ψ_k ← d_k ψ_k with `d_k = factors[index[k]]` (an indexed diagonal operator).
pub fn apply_diagonal_indexed(amps: &mut [Complex64], index: &[u16], factors: &[Complex64]) {
    let body = |(a, &i): (&mut Complex64, &u16)| *a *= factors[i as usize];
    if log2_len(amps.len()) >= PAR_MIN_QUBITS {
        amps.par_iter_mut().zip(index.par_iter()).for_each(body);
    } else {
        amps.iter_mut().zip(index.iter()).for_each(body);
    }
}

/// ψ_k ← e^{−iγ c_k} ψ_k for a dense cost.
pub fn apply_phase_dense(amps: &mut [Complex64], costs: &[f64], gamma: f64) {
    let body = |(a, &ck): (&mut Complex64, &f64)| {
        let (si, co) = (gamma * ck).sin_cos();
        *a *= Complex64::new(co, -si);
    };
    if log2_len(amps.len()) >= PAR_MIN_QUBITS {
        amps.par_iter_mut().zip(costs.par_iter()).for_each(body);
    } else {
        amps.iter_mut().zip(costs.iter()).for_each(body);
    }
}

/// Probability mass per cost level: `out[v] = Σ_{k: index[k] = v} |ψ_k|²`.
pub fn level_probabilities(amps: &[Complex64], index: &[u16], levels: usize) -> Vec<f64> {
    let fold = |mut acc: Vec<f64>, (a, &i): (&Complex64, &u16)| {
        acc[i as usize] += a.norm_sqr();
        acc
    };
    if log2_len(amps.len()) >= PAR_MIN_QUBITS {
        amps.par_chunks(TASK_LEN)
            .zip(index.par_chunks(TASK_LEN))
            .fold(|| vec![0.0; levels], |acc, (a, i)| a.iter().zip(i).fold(acc, fold))
            .reduce(
                || vec![0.0; levels],
                |a, b| a.iter().zip(&b).map(|(x, y)| x + y).collect(),
            )
    } else {
        amps.iter().zip(index).fold(vec![0.0; levels], fold)
    }
}

/// `Σ_k c_k |ψ_k|²` for a dense cost.
pub fn expectation_dense(amps: &[Complex64], costs: &[f64]) -> f64 {
    if log2_len(amps.len()) >= PAR_MIN_QUBITS {
        amps.par_iter()
            .zip(costs.par_iter())
            .map(|(a, c)| c * a.norm_sqr())
            .sum()
    } else {
        amps.iter().zip(costs).map(|(a, c)| c * a.norm_sqr()).sum()
    }
}

/// `Σ_{k ∈ states} |ψ_k|²`.
pub fn probability_of(amps: &[Complex64], states: &[u64]) -> f64 {
    states.iter().map(|&k| amps[k as usize].norm_sqr()).sum()
}

/// `⟨λ|D|ψ⟩ = Σ_k conj(λ_k) d_k ψ_k` with `d_k = values[index[k]]`.
pub fn inner_diagonal_indexed(lam: &[Complex64], psi: &[Complex64], index: &[u16], values: &[f64]) -> Complex64 {
    let term = |((l, p), &i): ((&Complex64, &Complex64), &u16)| l.conj() * p * values[i as usize];
    if log2_len(psi.len()) >= PAR_MIN_QUBITS {
        lam.par_iter().zip(psi.par_iter()).zip(index.par_iter()).map(term).sum()
    } else {
        lam.iter().zip(psi).zip(index).map(term).sum()
    }
}

/// `⟨λ|D|ψ⟩` for a dense diagonal `d`.
pub fn inner_diagonal_dense(lam: &[Complex64], psi: &[Complex64], d: &[f64]) -> Complex64 {
    let term = |((l, p), &c): ((&Complex64, &Complex64), &f64)| l.conj() * p * c;
    if log2_len(psi.len()) >= PAR_MIN_QUBITS {
        lam.par_iter().zip(psi.par_iter()).zip(d.par_iter()).map(term).sum()
    } else {
        lam.iter().zip(psi).zip(d).map(term).sum()
    }
}

/// `⟨λ|Σ_q X_q|ψ⟩ = Σ_q Σ_k conj(λ_k) ψ_{k ⊕ 2^q}`.
pub fn inner_mixer(lam: &[Complex64], psi: &[Complex64]) -> Complex64 {
    let n = log2_len(psi.len());
    let parallel = n >= PAR_MIN_QUBITS;
    let mut total = Complex64::new(0.0, 0.0);
    let pair_sum = |(l, p): (&[Complex64], &[Complex64]), half: usize| -> Complex64 {
        let mut acc = Complex64::new(0.0, 0.0);
        for pair in 0..l.len() / (2 * half) {
            let base = pair * 2 * half;
            for j in base..base + half {
                acc += l[j].conj() * p[j + half] + l[j + half].conj() * p[j];
            }
        }
        acc
    };
    for q in 0..n {
        let half = 1usize << q;
        let chunk = (2 * half).max(TASK_LEN);
        total += if parallel {
            lam.par_chunks(chunk)
                .zip(psi.par_chunks(chunk))
                .map(|c| pair_sum(c, half))
                .sum::<Complex64>()
        } else {
            lam.chunks(chunk)
                .zip(psi.chunks(chunk))
                .map(|c| pair_sum(c, half))
                .sum::<Complex64>()
        };
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn random_state(n: usize, seed: u64) -> Vec<Complex64> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut v: Vec<Complex64> = (0..1usize << n)
            .map(|_| Complex64::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)))
            .collect();
        let norm = v.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
        v.iter_mut().for_each(|a| *a /= norm);
        v
    }

    #[test]
    fn serial_and_parallel_are_bit_identical() {
        for n in [
            1,
            2,
            PAR_MIN_QUBITS - 1,
            PAR_MIN_QUBITS,
            PAR_MIN_QUBITS + 1,
            BLOCK_QUBITS + 2,
        ] {
            let psi = random_state(n, n as u64);
            let index: Vec<u16> = (0..psi.len()).map(|k| (k % 7) as u16).collect();
            let phases: Vec<Complex64> = (0..7).map(|v| Complex64::from_polar(1.0, -0.3 * v as f64)).collect();
            let costs: Vec<f64> = (0..psi.len()).map(|k| (k % 5) as f64 - 1.5).collect();
            let mut a = psi.clone();
            let mut b = psi.clone();
            apply_layer_indexed_with(&mut a, &index, &phases, 0.37, 0);
            apply_layer_indexed_with(&mut b, &index, &phases, 0.37, usize::MAX);
            assert!(a == b, "indexed layer n={n}");
            apply_layer_dense_with(&mut a, &costs, 0.2, 0.11, 0);
            apply_layer_dense_with(&mut b, &costs, 0.2, 0.11, usize::MAX);
            assert!(a == b, "dense layer n={n}");
            apply_mixer_x_with(&mut a, -0.4, 0);
            apply_mixer_x_with(&mut b, -0.4, usize::MAX);
            assert!(a == b, "mixer n={n}");
        }
    }

    #[test]
    fn mixer_is_unitary_and_inverted_by_minus_beta() {
        let psi = random_state(BLOCK_QUBITS + 3, 5);
        let mut a = psi.clone();
        apply_mixer_x(&mut a, 0.73);
        let norm: f64 = a.iter().map(|x| x.norm_sqr()).sum();
        assert!((norm - 1.0).abs() < 1e-12);
        apply_mixer_x(&mut a, -0.73);
        let err = a.iter().zip(&psi).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max);
        assert!(err < 1e-12);
    }
}
