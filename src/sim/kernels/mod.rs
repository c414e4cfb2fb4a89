//! Hot loops over amplitude slices. Only slices, indices and scalars cross this boundary
//! (plus the small [`Phase`] and [`Plan`] descriptors defined here); no allocation of states,
//! no `Result`; `debug_assert!` only.
//!
//! A QAOA layer is a few sweeps over the state:
//! 1. the *block sweep*: for each block of `2^low` consecutive amplitudes (parallel over
//!    blocks), multiply by the cost phase and rotate qubits 0–2 in one pass, then the other
//!    qubits below `L2_QUBITS` while a sub-block sits in L2, then the qubits up to `low` on the
//!    block (in L3). QAOA's first layer writes `|+⟩`'s image without reading the buffer;
//! 2. one *stream sweep* per three higher qubits `q, q+1, q+2`: the eight runs of `2^q`
//!    amplitudes of each chunk are streamed side by side, two amplitudes of each loaded into
//!    registers, rotated for the three qubits, and stored once. `low` is chosen so that the
//!    higher qubits come in threes ([`Plan::new`]). Sweeps that rotate a qubit from
//!    [`FAR_QUBIT`] up inside one segment (below) copy each run's tile into a buffer and back,
//!    run by run.
//!
//! The adjoint gradient's backward step runs the same sweeps on a *pair vector*, ψ_k and λ_k
//! side by side in one register ([`interleave_pair`], [`unapply_layer_pairs`]): ψ and λ are
//! rotated together and stay at the same point, so the overlaps can be read anywhere, and a
//! sweep streams eight runs, not sixteen (two vectors' runs side by side made the sweeps
//! slower per byte and did not fit three qubits' registers).
//!
//! A long state may be held in *segments*: equal power-of-two slices, basis index k in segment
//! `k / len` (the `…_segments` functions; one segment is the plain state). The simulator keeps
//! a gap between segments of 2^24 amplitudes so that partners 256 MiB or more apart do not lie
//! exact multiples of 256 MiB apart ([`crate::sim::SEGMENT_QUBITS`]). Blocks never cross a
//! segment's end; a stream sweep takes each run's column window from the segment that holds it.
//!
//! Arithmetic is on `Quad`s (`sim/quad.rs`), two amplitudes `(re, im, re, im)` in one AVX2
//! register; in a build with AVX-512 the forward layer's fused phase pass and its rotations of
//! qubits 3 and up (the block sweep's runs and the stream sweeps) run on four amplitudes per
//! 512-bit register instead (`Wide`, through the `Lanes` operations; the functions are generic
//! over the register type, so the tests run the same sweeps on `Portable` registers and compare
//! the bits). Each qubit's `exp(−iβX)` is applied as `κ·R` (`Rotation`): R costs one permute
//! and one FMA per register, and the n factors κ are folded into the layer's phase, applied
//! first.
//!
//! Index names: `k` is a basis index; a *run* is `2^q` consecutive amplitudes whose bit q is
//! fixed; a *group* is the `2^K` amplitudes that K consecutive qubits pair up.
//!
//! Where the code lives: this file holds the constants, the descriptors ([`Phase`], [`Plan`],
//! [`Start`], [`Weight`]) and the layout of segmented states; `rotation.rs` the arithmetic of
//! `κ·R` on registers; `runs.rs` the stream sweeps over runs of the higher qubits (column
//! windows, tiles for far qubits); `forward.rs` the block sweep, the phase and the layer entry
//! points; `backward.rs` the pair vector and the adjoint backward step (with its overlap
//! accumulator); `pauli.rs` the passes of noisy trajectories (a diagonal with a Pauli, readout
//! flips); `reduce.rs` the sums over a state (probabilities, levels, expectation, argmax).

mod axis;
mod backward;
mod forward;
mod gates;
mod grover;
mod pairs;
mod pauli;
mod reduce;
mod rotation;
mod runs;

pub use axis::{
    adjoint_fused_axes, apply_layer_axes, argmax_probability_any, fused_axes, level_probabilities_and_top,
    level_probabilities_and_weighted, level_probabilities_fixed, merge_axes, plan_axes, plan_forward,
    unapply_layer_axes, weighted_sum_fixed, Axis, LAMBDA_SKEW,
};
pub use backward::{
    interleave_pair, interleave_pair_segments, unapply_layer_pairs, unapply_layer_pairs_segments, weighted_copy,
};
pub use forward::{
    apply_diagonal_indexed, apply_layer, apply_layer_measured, apply_layer_measured_segments, apply_layer_segments,
    apply_layer_with, apply_mixer_x, fill_uniform, fill_uniform_segments,
};
pub use gates::{apply_cx, apply_cz, apply_single, Matrix2};
pub use grover::{expectation_fixed, grover_back_pass, grover_pass, weighted_amplitude_sum, BackPass};
pub use pairs::{pair_overlap, pair_overlap_from, rotate_pairs, rotate_pairs_between, rotate_pairs_from};
pub use pauli::{apply_diagonal_pauli, apply_readout_flips};
pub use reduce::{argmax_probability, expectation_dense, level_probabilities, probability_of, probability_of_segments};

use num_complex::Complex64;

/// States at and above `2^PAR_MIN_QUBITS` amplitudes use rayon; smaller ones run serially.
pub const PAR_MIN_QUBITS: usize = 14;

/// Qubits rotated inside one L2-resident sub-block: 2^14 amplitudes = 256 KiB.
pub const L2_QUBITS: usize = 14;

/// Forward layers of states of at least `2^L3_MIN_QUBITS` amplitudes (128 MiB, four times the
/// development machine's 32 MiB L3) rotate three more qubits in the block sweep, whose blocks
/// (2 to 8 MiB) then sit in L3, and run one stream sweep fewer: there a pass over L3 costs less
/// than a pass over memory. Smaller states are streamed from L3 anyway, and the larger blocks
/// cost more than they save (results/bench-history.md). The backward step keeps its blocks: a pair
/// vector's are twice as large.
pub const L3_MIN_QUBITS: usize = 23;

/// Stream sweeps that rotate a qubit at or above this one (partners 256 MiB or more apart)
/// inside one segment copy each run's tile through a buffer: on the development machine every
/// such qubit doubled the time of its sweep when the stores went to all runs in turn
/// (results/bench-history.md). The simulator's segments of 2^24 amplitudes leave no such qubit; a
/// state passed as one slice (`QaoaSimulator::state`) still has them.
pub const FAR_QUBIT: usize = 24;

/// `f64` of each run per tile of a copied stream sweep (16 KiB; 128 KiB for eight runs).
const TILE: usize = 2048;

/// Amplitudes per parallel task in element-wise passes.
const TASK_LEN: usize = 1 << 14;

/// The cost phase of a layer.
#[derive(Clone, Copy, Debug)]
pub enum Phase<'a> {
    /// No phase (a mixer alone).
    None,
    /// `ψ_k ← factors[index[k]]·ψ_k` (one precomputed factor per distinct cost).
    Indexed {
        /// Per basis state, the position of its cost in `factors`.
        index: &'a [u16],
        /// `e^{−iγ c_v}` for each distinct cost `c_v`.
        factors: &'a [Complex64],
    },
    /// `ψ_k ← e^{−iγ c_k}·ψ_k`.
    Dense {
        /// The cost of every basis state.
        costs: &'a [f64],
        /// γ.
        gamma: f64,
    },
}

/// How a sweep splits the qubits (see the module notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Number of qubits.
    pub num_qubits: usize,
    /// Qubits below this are rotated in the block sweep; the rest in stream sweeps.
    pub low: usize,
}

impl Plan {
    /// The plan of a forward layer: [`Plan::pairs`], and from [`L3_MIN_QUBITS`] up, while a
    /// stream sweep is left, three more qubits in the block sweep.
    pub fn new(num_qubits: usize) -> Plan {
        let mut plan = Plan::pairs(num_qubits);
        if num_qubits >= L3_MIN_QUBITS && num_qubits >= plan.low + 6 {
            plan.low += 3;
        }
        plan
    }

    /// The plan of a backward step on a pair vector, whose stream sweeps rotate three qubits
    /// each: qubits below `L2_QUBITS` in L2-sized sub-blocks, plus one or two more in the block
    /// sweep (its blocks then sit in L3) so that the qubits left over fill whole stream sweeps;
    /// a pass over memory for one or two qubits costs as much as one for three.
    pub fn pairs(num_qubits: usize) -> Plan {
        let high = num_qubits.saturating_sub(L2_QUBITS);
        let extra = high % 3;
        let low = if high - extra >= 3 {
            L2_QUBITS + extra
        } else {
            L2_QUBITS
        };
        Plan::with_low(num_qubits, low)
    }

    /// A plan with blocks of `2^low` amplitudes (tests force small blocks with it).
    pub fn with_low(num_qubits: usize, low: usize) -> Plan {
        Plan {
            num_qubits,
            low: low.min(num_qubits),
        }
    }
}

#[inline]
fn log2_len(len: usize) -> usize {
    debug_assert!(len.is_power_of_two());
    len.trailing_zeros() as usize
}

/// What a layer is applied to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The state in the buffer.
    Given,
    /// `|+⟩^n`, whatever the buffer holds: QAOA's first layer. The same bits as
    /// [`fill_uniform_segments`] and then the layer, without the pass that fills the state:
    /// the first pass writes instead of reading.
    Uniform,
}

/// The blocks of `len` amplitudes of a segmented state, each with its first basis index.
fn blocks<'a>(segs: &'a mut [&mut [Complex64]], len: usize) -> Vec<(usize, &'a mut [Complex64])> {
    let seg = segs[0].len();
    debug_assert!(len <= seg);
    segs.iter_mut()
        .enumerate()
        .flat_map(|(s, x)| x.chunks_mut(len).enumerate().map(move |(i, b)| (s * seg + i * len, b)))
        .collect()
}

/// Qubits of a segmented state (`extra` = 1 for a pair vector, whose index has one qubit fewer
/// than its amplitudes) and the plan of its sweeps, with blocks no longer than a segment.
fn segment_plan(segs: &[&mut [Complex64]], extra: usize) -> Plan {
    let total = segs[0].len() * segs.len();
    let n = log2_len(total) - extra;
    let plan = if extra == 0 { Plan::new(n) } else { Plan::pairs(n) };
    Plan::with_low(n, plan.low.min(log2_len(segs[0].len()) - extra))
}

/// How the adjoint is made from ψ when the pair vector is built: `λ_k = w_k·ψ_k`.
#[derive(Clone, Copy, Debug)]
pub enum Weight<'a> {
    /// `w_k = values[index[k]]`.
    Indexed {
        /// Per basis state, the position of its weight in `values`.
        index: &'a [u16],
        /// The distinct weights.
        values: &'a [f64],
    },
    /// `w_k = costs[k]`.
    Dense(&'a [f64]),
    /// `w_k = 0` (λ then written where it is not zero).
    Zero,
}

impl Weight<'_> {
    #[inline(always)]
    fn at(&self, k: usize) -> f64 {
        match self {
            Weight::Indexed { index, values } => values[index[k] as usize],
            Weight::Dense(costs) => costs[k],
            Weight::Zero => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    pub(super) fn random_state(n: usize, seed: u64) -> Vec<Complex64> {
        let mut rng = crate::rng::seeded(seed);
        let mut v: Vec<Complex64> = (0..1usize << n)
            .map(|_| Complex64::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)))
            .collect();
        let norm = v.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
        v.iter_mut().for_each(|a| *a /= norm);
        v
    }

    /// Angles on both sides of |β| = π/4 (mod π/2), where the rotation changes form.
    pub(super) const BETAS: [f64; 5] = [
        0.37,
        1.2,
        -2.5,
        std::f64::consts::FRAC_PI_4,
        -3.0 * std::f64::consts::FRAC_PI_4,
    ];

    pub(super) fn max_diff(a: &[Complex64], b: &[Complex64]) -> f64 {
        a.iter().zip(b).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max)
    }

    #[test]
    fn plans_leave_whole_stream_sweeps() {
        for n in 0..=40 {
            let (fwd, back) = (Plan::new(n), Plan::pairs(n));
            for plan in [&fwd, &back] {
                assert!(plan.low <= n && plan.low >= L2_QUBITS.min(n), "n={n}");
                // Stream qubits come in threes once there are three of them.
                assert!(n - plan.low < 3 || (n - plan.low) % 3 == 0, "n={n}: {plan:?}");
            }
            let moved = fwd.low - back.low;
            assert!(
                moved == 0 || (moved == 3 && n >= L3_MIN_QUBITS && n - fwd.low >= 3),
                "n={n}"
            );
            assert_eq!(moved == 3, n >= L3_MIN_QUBITS, "n={n}");
        }
    }

    /// `v` laid out in segments of `2^seg_q` amplitudes, each followed by a gap of `GAP`
    /// sentinels, as the simulator holds long states.
    const GAP: usize = 3;
    const SENTINEL: Complex64 = Complex64::new(7.0, -7.0);

    pub(super) fn with_gaps(v: &[Complex64], seg_q: usize) -> Vec<Complex64> {
        v.chunks(1 << seg_q)
            .flat_map(|c| c.iter().copied().chain([SENTINEL; GAP]))
            .collect()
    }

    pub(super) fn views(buf: &mut [Complex64], seg_q: usize) -> Vec<&mut [Complex64]> {
        buf.chunks_mut((1 << seg_q) + GAP)
            .map(|c| &mut c[..1 << seg_q])
            .collect()
    }

    /// The amplitudes of a segmented buffer in basis order, after checking its gaps.
    pub(super) fn without_gaps(buf: &[Complex64], seg_q: usize) -> Vec<Complex64> {
        let mut out = Vec::new();
        for c in buf.chunks((1 << seg_q) + GAP) {
            assert!(c[1 << seg_q..].iter().all(|a| *a == SENTINEL), "a gap was written");
            out.extend_from_slice(&c[..1 << seg_q]);
        }
        out
    }

    #[test]
    fn segmented_states_match_contiguous_ones() {
        // Serial (n = 11) and parallel (n = 15) sweeps; segments from 4 amplitudes to half the
        // state, so that blocks, stream runs and column windows meet segment ends everywhere.
        for (n, seg_qs) in [(11, vec![2, 5, 8, 10]), (15, vec![6, 10, 13, 14])] {
            let values: Vec<f64> = (0..5).map(|v| v as f64 * 0.5 - 1.0).collect();
            let index: Vec<u16> = (0..1usize << n).map(|k| ((k * 31) % 5) as u16).collect();
            let factors: Vec<Complex64> = values.iter().map(|&c| Complex64::from_polar(1.0, -0.3 * c)).collect();
            let phase = Phase::Indexed {
                index: &index,
                factors: &factors,
            };
            let psi0 = random_state(n, 11);
            let lam0 = random_state(n, 12);
            for seg_q in seg_qs {
                let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
                // A layer, then a measured one.
                let mut a = psi0.clone();
                let mut b = with_gaps(&psi0, seg_q);
                apply_layer(&mut a, phase, 0.4);
                apply_layer_segments(&mut views(&mut b, seg_q), phase, 0.4, Start::Given);
                assert!(a == without_gaps(&b, seg_q), "layer n={n} seg_q={seg_q}");
                let la = apply_layer_measured(&mut a, phase, 1.3, &index, 5);
                let lb = apply_layer_measured_segments(&mut views(&mut b, seg_q), phase, 1.3, &index, 5, Start::Given);
                assert!(a == without_gaps(&b, seg_q), "measured n={n} seg_q={seg_q}");
                assert!(
                    la.iter().zip(&lb).all(|(x, y)| close(*x, *y)),
                    "levels n={n} seg_q={seg_q}"
                );
                // The pair vector, built from ψ in the first half and un-applied one layer.
                let weight = Weight::Indexed {
                    index: &index,
                    values: &values,
                };
                let mut za = a.clone();
                za.extend_from_slice(&lam0);
                let mut zb = with_gaps(&za, seg_q);
                interleave_pair(&mut za, weight);
                interleave_pair_segments(&mut views(&mut zb, seg_q), weight);
                assert!(za == without_gaps(&zb, seg_q), "interleave n={n} seg_q={seg_q}");
                let (ma, ca) = unapply_layer_pairs(&mut za, phase, Some(&values), 0.7);
                let (mb, cb) = unapply_layer_pairs_segments(&mut views(&mut zb, seg_q), phase, Some(&values), 0.7);
                // Blocks no longer than a segment change the order in which the backward step
                // un-rotates the qubits (stream qubits first), so only the last bits agree.
                let zb = without_gaps(&zb, seg_q);
                assert!(max_diff(&za, &zb) < 1e-14, "backward n={n} seg_q={seg_q}");
                assert!(close(ma, mb) && close(ca, cb), "overlaps n={n} seg_q={seg_q}");
                // |+⟩ and a probability read through the segments.
                fill_uniform(&mut a);
                fill_uniform_segments(&mut views(&mut b, seg_q));
                assert!(a == without_gaps(&b, seg_q), "uniform n={n} seg_q={seg_q}");
                let states = [0, 5, (1u64 << n) - 1];
                let shared: Vec<&[Complex64]> = b.chunks((1 << seg_q) + GAP).map(|c| &c[..1 << seg_q]).collect();
                let (pa, pb) = (probability_of(&a, &states), probability_of_segments(&shared, &states));
                assert_eq!(pa.to_bits(), pb.to_bits(), "probability n={n} seg_q={seg_q}");
            }
        }
    }
}
