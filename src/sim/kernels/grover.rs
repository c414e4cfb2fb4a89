//! The Grover mixer `exp(−iβ|s⟩⟨s|)` (docs/ARCHITECTURE.md, "Spaces and mixers") on a state of any
//! length: `ψ ← ψ + (e^{−iβ} − 1)⟨s|ψ⟩|s⟩`. It needs one sum over the state and one update, so
//! a layer is fused into passes that add the previous mixer's multiple of `|s⟩`, apply the
//! cost phase and sum for the next mixer, all in one read and write of each amplitude.
//!
//! `|s⟩` is given by real weights `w_k` (`None`: every weight 1, the uniform superposition up
//! to its norm, which the caller folds into the scalars). Sums are taken per chunk of
//! [`CHUNK`] amplitudes and added in chunk order, so they are the same bytes on any thread
//! count.

use super::Phase;
use num_complex::Complex64;
use rayon::prelude::*;

/// Amplitudes per work unit of a sum (fixed by the state, never by the thread count).
pub const CHUNK: usize = 1 << 13;

/// States below this many amplitudes run serially.
const PAR_MIN: usize = 1 << 14;

const ZERO: Complex64 = Complex64::new(0.0, 0.0);

/// The weight of amplitude `k` (1 without weights).
#[inline(always)]
fn weight(weights: Option<&[f64]>, k: usize) -> f64 {
    weights.map_or(1.0, |w| w[k])
}

/// The phase factor of amplitude `k` (1 for [`Phase::None`]).
#[inline(always)]
fn factor(phase: &Phase<'_>, k: usize) -> Complex64 {
    match phase {
        Phase::None => Complex64::new(1.0, 0.0),
        Phase::Indexed { index, factors } => factors[index[k] as usize],
        Phase::Dense { costs, gamma } => Complex64::from_polar(1.0, -gamma * costs[k]),
    }
}

/// The cost of amplitude `k`: `values[index[k]]` for an indexed phase, `costs[k]` for a dense
/// one (0 without a phase).
#[inline(always)]
fn cost(phase: &Phase<'_>, values: Option<&[f64]>, k: usize) -> f64 {
    match phase {
        Phase::None => 0.0,
        Phase::Indexed { index, .. } => values.map_or(0.0, |v| v[index[k] as usize]),
        Phase::Dense { costs, .. } => costs[k],
    }
}

/// Run `part` on each fixed chunk (in parallel for long states) and add the results in chunk
/// order.
fn fixed_chunks<T: Send + Copy + std::ops::Add<Output = T>>(
    len: usize,
    zero: T,
    part: impl Fn(usize, usize) -> T + Sync,
) -> T {
    let units = len.div_ceil(CHUNK);
    let run = |u: usize| part(u * CHUNK, ((u + 1) * CHUNK).min(len));
    let parts: Vec<T> = if len >= PAR_MIN {
        (0..units).into_par_iter().map(run).collect()
    } else {
        (0..units).map(run).collect()
    };
    parts.into_iter().fold(zero, |a, b| a + b)
}

/// One forward pass: `ψ_k ← d_k·(ψ_k + add·w_k)` (`d_k` the phase factor), returning
/// `Σ_k w_k ψ_k` of the result.
pub fn grover_pass(amps: &mut [Complex64], weights: Option<&[f64]>, add: Complex64, phase: Phase<'_>) -> Complex64 {
    let len = amps.len();
    let body = |base: usize, chunk: &mut [Complex64]| -> Complex64 {
        let mut sum = ZERO;
        for (j, a) in chunk.iter_mut().enumerate() {
            let k = base + j;
            let w = weight(weights, k);
            let v = (*a + add * w) * factor(&phase, k);
            *a = v;
            sum += v * w;
        }
        sum
    };
    let parts: Vec<Complex64> = if len >= PAR_MIN {
        amps.par_chunks_mut(CHUNK)
            .enumerate()
            .map(|(u, c)| body(u * CHUNK, c))
            .collect()
    } else {
        amps.chunks_mut(CHUNK)
            .enumerate()
            .map(|(u, c)| body(u * CHUNK, c))
            .collect()
    };
    parts.into_iter().fold(ZERO, |a, b| a + b)
}

/// What one backward pass measures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BackPass {
    /// `Σ_k c_k·conj(λ_k)·ψ_k` after the mixer was undone and before the phase was (the cost
    /// overlap of the layer's γ).
    pub cost_overlap: Complex64,
    /// `Σ_k w_k ψ_k` of the result.
    pub sum_psi: Complex64,
    /// `Σ_k w_k λ_k` of the result.
    pub sum_lam: Complex64,
}

/// One backward pass over ψ and λ together: `x_k ← d_k·(x_k + add_x·w_k)` for both (`d_k` the
/// phase factor of `inverse`, the layer's phase undone), measuring [`BackPass`]. `values` are
/// the distinct costs of an indexed phase.
pub fn grover_back_pass(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    weights: Option<&[f64]>,
    add_psi: Complex64,
    add_lam: Complex64,
    inverse: Phase<'_>,
    values: Option<&[f64]>,
) -> BackPass {
    debug_assert_eq!(psi.len(), lam.len());
    let body = |base: usize, p: &mut [Complex64], l: &mut [Complex64]| -> [Complex64; 3] {
        let mut acc = [ZERO; 3];
        for (j, (x, y)) in p.iter_mut().zip(l.iter_mut()).enumerate() {
            let k = base + j;
            let w = weight(weights, k);
            let (a, b) = (*x + add_psi * w, *y + add_lam * w);
            acc[0] += b.conj() * a * cost(&inverse, values, k);
            let d = factor(&inverse, k);
            let (a, b) = (a * d, b * d);
            *x = a;
            *y = b;
            acc[1] += a * w;
            acc[2] += b * w;
        }
        acc
    };
    let parts: Vec<[Complex64; 3]> = if psi.len() >= PAR_MIN {
        psi.par_chunks_mut(CHUNK)
            .zip(lam.par_chunks_mut(CHUNK))
            .enumerate()
            .map(|(u, (p, l))| body(u * CHUNK, p, l))
            .collect()
    } else {
        psi.chunks_mut(CHUNK)
            .zip(lam.chunks_mut(CHUNK))
            .enumerate()
            .map(|(u, (p, l))| body(u * CHUNK, p, l))
            .collect()
    };
    let mut total = [ZERO; 3];
    for p in parts {
        for (t, x) in total.iter_mut().zip(p) {
            *t += x;
        }
    }
    BackPass {
        cost_overlap: total[0],
        sum_psi: total[1],
        sum_lam: total[2],
    }
}

/// `Σ_k w_k x_k` over fixed chunks.
pub fn weighted_amplitude_sum(amps: &[Complex64], weights: Option<&[f64]>) -> Complex64 {
    fixed_chunks(amps.len(), ZERO, |a, b| {
        (a..b).map(|k| amps[k] * weight(weights, k)).fold(ZERO, |s, x| s + x)
    })
}

/// `Σ_k c_k |ψ_k|²` over fixed chunks (`cost(k)` the cost of state k).
pub fn expectation_fixed(amps: &[Complex64], cost: impl Fn(usize) -> f64 + Sync) -> f64 {
    fixed_chunks(amps.len(), 0.0, |a, b| {
        (a..b).map(|k| cost(k) * amps[k].norm_sqr()).sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(n: usize) -> Vec<Complex64> {
        (0..n)
            .map(|k| Complex64::new(((k * 7919) % 13) as f64 - 6.0, ((k * 104729) % 11) as f64 - 5.0))
            .collect()
    }

    #[test]
    fn sums_do_not_depend_on_the_thread_count() {
        let amps = state(3 * PAR_MIN + 17);
        let serial: Complex64 = amps
            .chunks(CHUNK)
            .map(|c| c.iter().fold(ZERO, |s, x| s + x))
            .fold(ZERO, |a, b| a + b);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let one = pool.install(|| weighted_amplitude_sum(&amps, None));
        let many = weighted_amplitude_sum(&amps, None);
        assert_eq!(one, serial);
        assert_eq!(many, serial);
    }

    #[test]
    fn pass_adds_phases_and_sums() {
        let mut amps = state(40);
        let orig = amps.clone();
        let w: Vec<f64> = (0..40).map(|k| 0.1 * k as f64).collect();
        let costs: Vec<f64> = (0..40).map(|k| (k % 5) as f64).collect();
        let add = Complex64::new(0.3, -0.2);
        let sum = grover_pass(
            &mut amps,
            Some(&w),
            add,
            Phase::Dense {
                costs: &costs,
                gamma: 0.7,
            },
        );
        let mut want = ZERO;
        for k in 0..40 {
            let v = (orig[k] + add * w[k]) * Complex64::from_polar(1.0, -0.7 * costs[k]);
            assert!((amps[k] - v).norm() < 1e-12);
            want += v * w[k];
        }
        assert!((sum - want).norm() < 1e-9);
    }
}
