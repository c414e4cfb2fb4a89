//! Sums over a state: probability mass per cost level, expectations, the probability of a set
//! of basis states, the most likely state.

use super::{log2_len, PAR_MIN_QUBITS, TASK_LEN};
use num_complex::Complex64;
use rayon::prelude::*;

/// `part` of each chunk of `TASK_LEN` amplitudes with the same chunk of `with`, in chunk order
/// (on the thread pool from [`PAR_MIN_QUBITS`] qubits): the chunks, and so every sum over
/// them, do not depend on the number of threads.
fn chunk_parts<T: Sync, R: Send>(
    amps: &[Complex64],
    with: &[T],
    part: impl Fn((&[Complex64], &[T])) -> R + Sync + Send,
) -> Vec<R> {
    if log2_len(amps.len()) >= PAR_MIN_QUBITS {
        amps.par_chunks(TASK_LEN)
            .zip(with.par_chunks(TASK_LEN))
            .map(part)
            .collect()
    } else {
        amps.chunks(TASK_LEN).zip(with.chunks(TASK_LEN)).map(part).collect()
    }
}

/// Probability mass per cost level: `out[v] = Σ_{k: index[k] = v} |ψ_k|²`.
///
/// Summed over chunks of `TASK_LEN` (2^14) amplitudes, added in chunk order: the result depends on
/// the state's length only, not on the number of threads.
pub fn level_probabilities(amps: &[Complex64], index: &[u16], levels: usize) -> Vec<f64> {
    let part = |(a, i): (&[Complex64], &[u16])| {
        let mut acc = vec![0.0; levels];
        for (x, &v) in a.iter().zip(i) {
            acc[v as usize] += x.norm_sqr();
        }
        acc
    };
    let parts = chunk_parts(amps, index, part);
    let mut out = vec![0.0; levels];
    for p in parts {
        out.iter_mut().zip(p).for_each(|(o, x)| *o += x);
    }
    out
}

/// `Σ_k c_k |ψ_k|²` for a dense cost, over fixed chunks added in order (as
/// [`level_probabilities`]).
pub fn expectation_dense(amps: &[Complex64], costs: &[f64]) -> f64 {
    let part = |(a, c): (&[Complex64], &[f64])| -> f64 { a.iter().zip(c).map(|(a, c)| c * a.norm_sqr()).sum() };
    let parts = chunk_parts(amps, costs, part);
    parts.iter().sum()
}

/// `Σ_{k ∈ states} |ψ_k|²`.
pub fn probability_of(amps: &[Complex64], states: &[u64]) -> f64 {
    probability_of_segments(&[amps], states)
}

/// [`probability_of`] on a segmented state ([`apply_layer_segments`](super::apply_layer_segments)).
pub fn probability_of_segments(segs: &[&[Complex64]], states: &[u64]) -> f64 {
    let seg = segs[0].len();
    states
        .iter()
        .map(|&k| segs[k as usize / seg][k as usize % seg].norm_sqr())
        .sum()
}

/// The largest `|ψ_k|²` and its index (the first one on ties).
pub fn argmax_probability(amps: &[Complex64]) -> (u64, f64) {
    // Larger probability wins; on exact ties the smaller index (total order, so serial = parallel).
    let best = |x: (u64, f64), y: (u64, f64)| match y.1.total_cmp(&x.1) {
        std::cmp::Ordering::Greater => y,
        std::cmp::Ordering::Equal if y.0 < x.0 => y,
        _ => x,
    };
    if log2_len(amps.len()) >= PAR_MIN_QUBITS {
        amps.par_iter()
            .enumerate()
            .map(|(k, a)| (k as u64, a.norm_sqr()))
            .reduce(|| (0, -1.0), best)
    } else {
        amps.iter()
            .enumerate()
            .map(|(k, a)| (k as u64, a.norm_sqr()))
            .fold((0, -1.0), best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_agree_serial_and_parallel_and_ties_go_to_the_first_index() {
        for n in [3, PAR_MIN_QUBITS + 1] {
            let len = 1usize << n;
            // Equal probabilities but for two equal largest ones near the end.
            let mut amps = vec![Complex64::new(0.5, 0.0); len];
            amps[len - 3] = Complex64::new(0.0, 2.0);
            amps[len - 5] = Complex64::new(2.0, 0.0);
            assert_eq!(argmax_probability(&amps), ((len - 5) as u64, 4.0), "n={n}");
            let index: Vec<u16> = (0..len).map(|k| (k % 3) as u16).collect();
            let costs: Vec<f64> = index.iter().map(|&v| f64::from(v)).collect();
            let levels = level_probabilities(&amps, &index, 3);
            let total: f64 = amps.iter().map(|a| a.norm_sqr()).sum();
            assert!((levels.iter().sum::<f64>() - total).abs() < 1e-9, "n={n}");
            let energy = levels[1] + 2.0 * levels[2];
            assert!((expectation_dense(&amps, &costs) - energy).abs() < 1e-9, "n={n}");
            assert!(
                (probability_of(&amps, &[(len - 3) as u64, 0]) - 4.25).abs() < 1e-15,
                "n={n}"
            );
        }
    }
}
