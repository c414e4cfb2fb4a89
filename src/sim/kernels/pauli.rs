//! The passes a noisy trajectory adds to a QAOA layer (`crate::noise`): a diagonal (the cost
//! phase, times the correction of phase gadgets whose angle a Pauli error negated) followed by
//! a Pauli operator `i^k X^x Z^z`, in one pass; and the readout smoothing of a diagonal
//! weight by independent bit flips. Slices, masks and scalars only; every output amplitude is
//! computed from the same inputs on any thread count (no reductions), so serial and parallel
//! runs are bit-identical.

use super::{log2_len, Phase, PAR_MIN_QUBITS, TASK_LEN};
use num_complex::Complex64;
use rayon::prelude::*;

/// `(-1)^{popcount(k & mask)}` as ±1.0.
#[inline]
fn parity_sign(k: usize, mask: u64) -> f64 {
    if (k as u64 & mask).count_ones() & 1 == 1 {
        -1.0
    } else {
        1.0
    }
}

/// The diagonal factor at basis index `k`: the phase (`1` for [`Phase::None`]) times
/// `Π_t e^{i θ_t z_{S_t}(k)}` over `flips = [(S_t, e^{iθ_t})]`, with `z_S(k) = (−1)^{|k ∩ S|}`.
#[inline]
fn factor(phase: &Phase<'_>, flips: &[(u64, Complex64)], k: usize) -> Complex64 {
    let mut f = match phase {
        Phase::None => Complex64::new(1.0, 0.0),
        Phase::Indexed { index, factors } => factors[index[k] as usize],
        Phase::Dense { costs, gamma } => {
            let (s, c) = (gamma * costs[k]).sin_cos();
            Complex64::new(c, -s)
        }
    };
    for &(support, e) in flips {
        f *= if parity_sign(k, support) > 0.0 { e } else { e.conj() };
    }
    f
}

/// `ψ ← P·D·ψ` with `D` the diagonal of `factor` (phase, then the gadget corrections `flips`)
/// and `P = global · X^x Z^z`: `ψ'_k = global · (−1)^{|(k⊕x) ∩ z|} · D_{k⊕x} · ψ_{k⊕x}`.
/// With `phase` [`Phase::None`], no flips and `global = 1` this is the Pauli `X^x Z^z` alone.
pub fn apply_diagonal_pauli(
    amps: &mut [Complex64],
    phase: Phase<'_>,
    flips: &[(u64, Complex64)],
    x: u64,
    z: u64,
    global: Complex64,
) {
    let len = amps.len();
    debug_assert!(len.is_power_of_two() && (x as usize) < len && (z as usize) < len);
    let at = |k: usize| global * parity_sign(k, z) * factor(&phase, flips, k);
    let parallel = log2_len(len) >= PAR_MIN_QUBITS;
    if x == 0 {
        let body = |(c, chunk): (usize, &mut [Complex64])| {
            let k0 = c * TASK_LEN;
            for (i, a) in chunk.iter_mut().enumerate() {
                *a *= at(k0 + i);
            }
        };
        if parallel {
            amps.par_chunks_mut(TASK_LEN).enumerate().for_each(body);
        } else {
            amps.chunks_mut(TASK_LEN).enumerate().for_each(body);
        }
        return;
    }
    // Pairs (k, k ⊕ x) differ in the highest bit h of x: in a block of 2^{h+1} amplitudes, k
    // (bit h clear) lies in the lower half and its partner in the upper half.
    let h = 63 - x.leading_zeros() as usize;
    let half = 1usize << h;
    let chunk_len = (2 * half).max(TASK_LEN.min(len));
    let body = |(c, chunk): (usize, &mut [Complex64])| {
        let base = c * chunk_len;
        for (b, block) in chunk.chunks_mut(2 * half).enumerate() {
            let k0 = base + b * 2 * half;
            let (lo, hi) = block.split_at_mut(half);
            for (i, a) in lo.iter_mut().enumerate() {
                let k = k0 + i;
                let partner = k ^ x as usize;
                let j = partner - k0 - half;
                let (va, vb) = (*a, hi[j]);
                *a = at(partner) * vb;
                hi[j] = at(k) * va;
            }
        }
    };
    if parallel {
        amps.par_chunks_mut(chunk_len).enumerate().for_each(body);
    } else {
        amps.chunks_mut(chunk_len).enumerate().for_each(body);
    }
}

/// `v ← M^{⊗n} v` with `M = [[1−r, r], [r, 1−r]]`: `v'_x = Σ_y r^{d(x,y)} (1−r)^{n−d(x,y)} v_y`.
/// Applied to the indicator of the valid states it gives, at each basis state x, the
/// probability that reading x out with independent bit flips of probability r gives a valid
/// state; applied to the cost diagonal, the expected cost read out from x (each Ising term
/// `Z_S` damped by `(1−2r)^{|S|}`).
pub fn apply_readout_flips(values: &mut [f64], r: f64) {
    let len = values.len();
    debug_assert!(len.is_power_of_two());
    let (keep, flip) = (1.0 - r, r);
    for q in 0..log2_len(len) {
        let half = 1usize << q;
        let chunk_len = (2 * half).max(TASK_LEN.min(len));
        let body = |chunk: &mut [f64]| {
            for block in chunk.chunks_mut(2 * half) {
                let (lo, hi) = block.split_at_mut(half);
                for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                    (*a, *b) = (keep * *a + flip * *b, flip * *a + keep * *b);
                }
            }
        };
        if log2_len(len) >= PAR_MIN_QUBITS {
            values.par_chunks_mut(chunk_len).for_each(body);
        } else {
            values.chunks_mut(chunk_len).for_each(body);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::random_state;
    use super::*;

    /// `i^k X^x Z^z ψ` by its definition, one basis index at a time.
    fn pauli_naive(psi: &[Complex64], x: u64, z: u64, global: Complex64) -> Vec<Complex64> {
        (0..psi.len())
            .map(|k| {
                let src = k ^ x as usize;
                global * parity_sign(src, z) * psi[src]
            })
            .collect()
    }

    #[test]
    fn pauli_pass_is_the_definition_serial_and_parallel() {
        for n in [1, 3, 7, PAR_MIN_QUBITS, PAR_MIN_QUBITS + 2] {
            let psi = random_state(n, 5 + n as u64);
            let len = 1u64 << n;
            for (x, z) in [
                (0, 0),
                (1, 0),
                (0, 1),
                (len - 1, 3 % len),
                ((len / 2 + 1) % len, len / 2),
                (len / 2, 0),
            ] {
                let global = Complex64::new(0.0, 1.0);
                let mut got = psi.clone();
                apply_diagonal_pauli(&mut got, Phase::None, &[], x, z, global);
                assert!(got == pauli_naive(&psi, x, z, global), "n={n} x={x:b} z={z:b}");
            }
        }
    }

    #[test]
    fn diagonal_then_pauli_is_both_in_turn() {
        let n = 6;
        let psi = random_state(n, 1);
        let index: Vec<u16> = (0..1usize << n).map(|k| (k % 5) as u16).collect();
        let factors: Vec<Complex64> = (0..5).map(|v| Complex64::from_polar(1.0, 0.3 * v as f64)).collect();
        let flips = [
            (0b101u64, Complex64::from_polar(1.0, 0.7)),
            (0b010000, Complex64::from_polar(1.0, -0.2)),
        ];
        let mut got = psi.clone();
        let phase = Phase::Indexed {
            index: &index,
            factors: &factors,
        };
        apply_diagonal_pauli(&mut got, phase, &flips, 0b100110, 0b011001, Complex64::new(-1.0, 0.0));
        let mut want: Vec<Complex64> = psi
            .iter()
            .enumerate()
            .map(|(k, a)| {
                let mut f = factors[index[k] as usize];
                for (s, e) in flips {
                    let z = parity_sign(k, s);
                    f *= Complex64::from_polar(1.0, z * e.arg());
                }
                f * a
            })
            .collect();
        want = pauli_naive(&want, 0b100110, 0b011001, Complex64::new(-1.0, 0.0));
        let diff = got.iter().zip(&want).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
        assert!(diff < 1e-14, "{diff}");
    }

    #[test]
    fn readout_weights_are_the_sum_over_every_flip_pattern() {
        // Brute force: every state y and every flip pattern f, P(f) = r^|f| (1−r)^{n−|f|}.
        for n in 1..=6 {
            let r = 0.07 + 0.01 * n as f64;
            let len = 1usize << n;
            let values: Vec<f64> = (0..len).map(|k| ((k * 7 + 3) % 5) as f64 - 1.5).collect();
            let mut got = values.clone();
            apply_readout_flips(&mut got, r);
            for (x, g) in got.iter().enumerate() {
                let mut want = 0.0;
                for f in 0..len {
                    let d = f.count_ones() as i32;
                    want += r.powi(d) * (1.0 - r).powi(n - d) * values[x ^ f];
                }
                assert!((g - want).abs() < 1e-13, "n={n} x={x}: {g} vs {want}");
            }
        }
    }

    #[test]
    fn readout_damps_each_z_term_by_one_minus_two_r_per_qubit() {
        let n = 5;
        let r = 0.1;
        let s = 0b10110u64;
        let mut v: Vec<f64> = (0..1usize << n).map(|k| parity_sign(k, s)).collect();
        apply_readout_flips(&mut v, r);
        let damp = (1.0 - 2.0 * r).powi(3);
        for (k, x) in v.iter().enumerate() {
            assert!((x - damp * parity_sign(k, s)).abs() < 1e-14);
        }
    }
}
