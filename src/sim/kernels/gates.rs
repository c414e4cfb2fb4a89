//! Single gates on the full state, for the gate-level noisy trajectories (`crate::noise::gates`)
//! of circuits the layered kernels do not run: a 2×2 matrix on one qubit, and CNOT. Slices and
//! scalars only; every output amplitude is computed from the same inputs on any thread count
//! (no reductions), so serial and parallel runs are bit-identical.

use super::{log2_len, PAR_MIN_QUBITS, TASK_LEN};
use num_complex::Complex64;
use rayon::prelude::*;

/// A 2×2 matrix, row-major.
pub type Matrix2 = [[Complex64; 2]; 2];

/// Run `body(first_index, chunk)` over chunks of whole `2·2^q` blocks, in parallel on large
/// states.
fn over_blocks(amps: &mut [Complex64], q: usize, body: impl Fn(usize, &mut [Complex64]) + Sync + Send) {
    let len = amps.len();
    let chunk_len = (2usize << q).max(TASK_LEN.min(len));
    if log2_len(len) >= PAR_MIN_QUBITS {
        amps.par_chunks_mut(chunk_len)
            .enumerate()
            .for_each(|(i, chunk)| body(i * chunk_len, chunk));
    } else {
        amps.chunks_mut(chunk_len)
            .enumerate()
            .for_each(|(i, chunk)| body(i * chunk_len, chunk));
    }
}

/// `ψ ← (M on qubit q) ψ`.
pub fn apply_single(amps: &mut [Complex64], q: usize, m: &Matrix2) {
    let half = 1usize << q;
    over_blocks(amps, q, |_, chunk| {
        for block in chunk.chunks_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                (*a, *b) = (m[0][0] * *a + m[0][1] * *b, m[1][0] * *a + m[1][1] * *b);
            }
        }
    });
}

/// `ψ ← CNOT(control, target) ψ`: the target's pair swapped where the control is 1.
pub fn apply_cx(amps: &mut [Complex64], control: usize, target: usize) {
    let half = 1usize << target;
    let cb = 1usize << control;
    over_blocks(amps, target, |first, chunk| {
        for (j, block) in chunk.chunks_mut(2 * half).enumerate() {
            let base = first + j * 2 * half;
            let (lo, hi) = block.split_at_mut(half);
            for (l, (a, b)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
                if (base + l) & cb != 0 {
                    std::mem::swap(a, b);
                }
            }
        }
    });
}

/// `ψ ← CZ(a, b) ψ`: the sign of every amplitude with both bits set flipped.
pub fn apply_cz(amps: &mut [Complex64], a: usize, b: usize) {
    let both = (1usize << a) | (1usize << b);
    let len = amps.len();
    let body = |(c, chunk): (usize, &mut [Complex64])| {
        let k0 = c * TASK_LEN.min(len);
        for (i, v) in chunk.iter_mut().enumerate() {
            if (k0 + i) & both == both {
                *v = -*v;
            }
        }
    };
    if log2_len(len) >= PAR_MIN_QUBITS {
        amps.par_chunks_mut(TASK_LEN.min(len)).enumerate().for_each(body);
    } else {
        amps.chunks_mut(TASK_LEN.min(len)).enumerate().for_each(body);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::reference;

    fn state(n: usize, seed: u64) -> Vec<Complex64> {
        use rand::Rng;
        let mut rng = crate::rng::seeded(seed);
        (0..1usize << n)
            .map(|_| Complex64::new(rng.random::<f64>() - 0.5, rng.random::<f64>() - 0.5))
            .collect()
    }

    #[test]
    fn gates_equal_the_reference_on_small_and_parallel_states() {
        for n in [3, 15] {
            for q in [0, 1, n - 1] {
                let m = reference::ry_matrix(0.37);
                let (mut a, mut b) = (state(n, q as u64), state(n, q as u64));
                apply_single(&mut a, q, &m);
                reference::apply_matrix(&mut b, q, &m);
                assert_eq!(a, b, "n {n}, q {q}");
                for t in [0, 2, n - 1] {
                    if t == q {
                        continue;
                    }
                    let mut z = state(n, 9);
                    let before = z.clone();
                    apply_cz(&mut z, q, t);
                    for (k, (after, was)) in z.iter().zip(&before).enumerate() {
                        let sign = if k >> q & 1 == 1 && k >> t & 1 == 1 { -1.0 } else { 1.0 };
                        assert_eq!(*after, was * sign, "n {n}, cz {q} {t}, k {k}");
                    }
                    let (mut a, mut b) = (state(n, 7), state(n, 7));
                    apply_cx(&mut a, q, t);
                    reference::apply_cx(&mut b, q, t);
                    assert_eq!(a, b, "n {n}, cx {q} {t}");
                }
            }
        }
    }
}
