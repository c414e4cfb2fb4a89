//! The adjoint gradient's backward step on the pair vector `(ψ_k, λ_k)`: building it in place,
//! and un-applying a layer from both while the overlaps are read.

use super::forward::Diag;
use super::rotation::{cmul, rot4, with_mix, Mix, Rotation, PAIRS};
use super::runs::{copied, load4, split_runs, store4, stream_tasks, through_tiles};
use super::{blocks, log2_len, segment_plan, Phase, Plan, Weight, L2_QUBITS, PAR_MIN_QUBITS, TASK_LEN};
use crate::sim::quad::Quad;
use num_complex::Complex64;
use rayon::prelude::*;

/// Turn `z`, whose first half holds ψ, into the *pair vector* of the backward step:
/// `z[2k] = ψ_k`, `z[2k+1] = λ_k = w_k·ψ_k`. In place: the upper half of ψ moves into the empty
/// half of `z`, then each lower half into the room the half above it has left.
pub fn interleave_pair(z: &mut [Complex64], weight: Weight<'_>) {
    let dim = z.len() / 2;
    debug_assert!(dim.is_power_of_two() && z.len() == 2 * dim);
    let parallel = log2_len(dim) >= PAR_MIN_QUBITS;
    let mut lo = dim / 2;
    while lo >= 1 {
        // ψ_k for k in [lo, 2lo) goes to [2lo, 4lo), which held ψ_k for k in [2lo, 4lo).
        let (left, right) = z.split_at_mut(2 * lo);
        spread(&left[lo..], &mut right[..2 * lo], lo, weight, parallel);
        lo /= 2;
    }
    z[1] = z[0] * weight.at(0);
}

/// [`interleave_pair`] on a segmented `z` ([`apply_layer_segments`](super::apply_layer_segments)): ψ in its first half of
/// the segments. ψ's segment s becomes the pair vector's segments 2s and 2s + 1, from the top
/// (those held ψ's segments 2s and 2s + 1, already moved, or nothing); segment 0 then sends its
/// upper half to segment 1 and interleaves its lower half in place.
pub fn interleave_pair_segments(z: &mut [&mut [Complex64]], weight: Weight<'_>) {
    if z.len() == 1 {
        return interleave_pair(z[0], weight);
    }
    let seg = z[0].len();
    let parallel = log2_len(seg * z.len() / 2) >= PAR_MIN_QUBITS;
    for s in (1..z.len() / 2).rev() {
        let (lo, hi) = z.split_at_mut(2 * s);
        let (src, k0) = (&*lo[s], s * seg);
        spread(&src[..seg / 2], hi[0], k0, weight, parallel);
        spread(&src[seg / 2..], hi[1], k0 + seg / 2, weight, parallel);
    }
    let (first, rest) = z.split_at_mut(1);
    spread(&first[0][seg / 2..], rest[0], seg / 2, weight, parallel);
    interleave_pair(first[0], weight);
}

/// `dst[2j] = src[j]`, `dst[2j+1] = w_{k0+j}·src[j]`.
fn spread(src: &[Complex64], dst: &mut [Complex64], k0: usize, weight: Weight<'_>, parallel: bool) {
    let work = |(i, (s, d)): (usize, (&[Complex64], &mut [Complex64]))| {
        let k0 = k0 + i * TASK_LEN;
        for (j, (a, pair)) in s.iter().zip(d.chunks_exact_mut(2)).enumerate() {
            pair[0] = *a;
            pair[1] = *a * weight.at(k0 + j);
        }
    };
    if parallel && src.len() >= TASK_LEN {
        src.par_chunks(TASK_LEN)
            .zip(dst.par_chunks_mut(2 * TASK_LEN))
            .enumerate()
            .for_each(work);
    } else {
        src.chunks(TASK_LEN)
            .zip(dst.chunks_mut(2 * TASK_LEN))
            .enumerate()
            .for_each(work);
    }
}

/// `dst[k] = w_k·src[k]`: λ = O|ψ⟩ of a gradient whose states are apart (block and Grover
/// spaces). Elementwise, so the bits do not depend on the threads; `Weight::Zero` writes zeros.
pub fn weighted_copy(dst: &mut [Complex64], src: &[Complex64], weight: Weight<'_>) {
    assert_eq!(dst.len(), src.len(), "λ and ψ have one length");
    let work = |(i, (d, s)): (usize, (&mut [Complex64], &[Complex64]))| {
        let k0 = i * TASK_LEN;
        match weight {
            Weight::Indexed { index, values } => {
                for ((d, a), &v) in d.iter_mut().zip(s).zip(&index[k0..]) {
                    *d = *a * values[v as usize];
                }
            }
            Weight::Dense(costs) => {
                for ((d, a), &c) in d.iter_mut().zip(s).zip(&costs[k0..]) {
                    *d = *a * c;
                }
            }
            Weight::Zero => d.fill(Complex64::new(0.0, 0.0)),
        }
    };
    if src.len() >= 1 << PAR_MIN_QUBITS {
        dst.par_chunks_mut(TASK_LEN)
            .zip(src.par_chunks(TASK_LEN))
            .enumerate()
            .for_each(work);
    } else {
        dst.chunks_mut(TASK_LEN)
            .zip(src.chunks(TASK_LEN))
            .enumerate()
            .for_each(work);
    }
}

/// A running sum of the mixer overlaps `Im⟨λ|X_q|ψ⟩` of pair quadruples `(ψ_k, λ_k)`, lane by
/// lane in four independent chains of FMAs (so that consecutive adds do not wait on each
/// other). The gradient needs only imaginary parts: one FMA per pair of quadruples.
#[derive(Clone, Copy)]
struct ImOverlap {
    lanes: [Quad; 4],
}

impl ImOverlap {
    fn new() -> ImOverlap {
        ImOverlap {
            lanes: [Quad::zero(); 4],
        }
    }

    /// Add `y·rx` to chain `chain`, where `rx` is the pair's other quadruple reversed.
    #[inline(always)]
    fn add(&mut self, chain: usize, y: Quad, rx: Quad) {
        self.lanes[chain] = y.mul_add(rx, self.lanes[chain]);
    }

    /// The sum of the overlaps: lanes `−0 + 1 + 2 − 3` ([`unmix_pair_group`]).
    fn total(&self) -> f64 {
        let l = self.lanes.map(Quad::to_array);
        let lane = |t: usize| (l[0][t] + l[1][t]) + (l[2][t] + l[3][t]);
        lane(1) - lane(0) + lane(2) - lane(3)
    }
}

/// `Im(conj(l)·p)`.
#[inline(always)]
fn im_overlap(l: Complex64, p: Complex64) -> f64 {
    l.re.mul_add(p.im, -l.im * p.re)
}

/// Overlaps and un-rotation of K qubits on a group of `2^K` pair quadruples `(ψ_k, λ_k)`
/// (register i ↔ group index i). ψ and λ share each register, so they are always at the same
/// point; every pair's overlap is read before the group is rotated. For the pair (x, y),
/// `y·reverse(x)` holds `Im conj(λ_x)ψ_y` as lane 1 − lane 0 and `Im conj(λ_y)ψ_x` as lane
/// 2 − lane 3 ([`ImOverlap::total`]).
#[inline(always)]
fn unmix_pair_group<const K: usize, const F: bool>(v: &mut [Quad; 8], m: Mix<F>, ov: &mut ImOverlap) {
    for i in 0..1usize << K {
        let r = v[i].reverse();
        for b in 0..K {
            if i & (1 << b) == 0 {
                ov.add((i + b) % 4, v[i | 1 << b], r);
            }
        }
    }
    for &(x, y) in PAIRS[K] {
        (v[x], v[y]) = rot4(v[x], v[y], m);
    }
}

/// [`unmix_pair_group`] over `2^K` equally long runs of pair quadruples (as `f64`).
#[inline(always)]
fn unmix_pair_slices<const K: usize, const F: bool>(runs: [&mut [f64]; 8], m: Mix<F>, ov: &mut ImOverlap) {
    let group = 1usize << K;
    let quads = runs[0].len() / 4;
    for j in (0..quads).map(|t| 4 * t) {
        let mut v = [Quad::zero(); 8];
        for i in 0..group {
            v[i] = load4(runs[i], j);
        }
        unmix_pair_group::<K, F>(&mut v, m, ov);
        for i in 0..group {
            store4(runs[i], j, v[i]);
        }
    }
}

/// [`unmix_pair_slices`], through a buffer when `copy` (as `mix_run_slices_maybe_copied` in `runs.rs`);
/// returns the share of `Im⟨λ|Σ X_q|ψ⟩`.
#[inline(always)]
fn unmix_pair_slices_maybe_copied<const K: usize, const F: bool>(runs: [&mut [f64]; 8], m: Mix<F>, copy: bool) -> f64 {
    let mut ov = ImOverlap::new();
    through_tiles::<K>(runs, copy, |r, _| unmix_pair_slices::<K, F>(r, m, &mut ov));
    ov.total()
}

/// K qubits from q of a pair vector `z`, whose runs for them are `r` amplitudes (`r/2`
/// indices) long.
#[inline(always)]
fn unmix_pair_runs<const K: usize, const F: bool>(z: &mut [Complex64], r: usize, m: Mix<F>) -> f64 {
    let mut ov = ImOverlap::new();
    for chunk in z.chunks_exact_mut((1usize << K) * r) {
        unmix_pair_slices::<K, F>(split_runs::<K>(chunk, r), m, &mut ov);
    }
    ov.total()
}

/// Qubits 0, 1, 2 of a pair vector: eight consecutive pair quadruples.
#[inline]
fn unmix_pair_low3<const F: bool>(z: &mut [Complex64], m: Mix<F>) -> f64 {
    let f: &mut [f64] = bytemuck::cast_slice_mut(z);
    let mut ov = ImOverlap::new();
    for chunk in f.chunks_exact_mut(32) {
        let mut v: [Quad; 8] = std::array::from_fn(|i| load4(chunk, 4 * i));
        unmix_pair_group::<3, F>(&mut v, m, &mut ov);
        for (i, x) in v.iter().enumerate() {
            store4(chunk, 4 * i, *x);
        }
    }
    ov.total()
}

/// Qubits `[from, to)` of a pair vector (block), three per pass; their share of
/// `Im⟨λ|Σ X_q|ψ⟩` with each pass's share multiplied back by `shrink` per qubit rotated before
/// it (`done` before these).
#[inline]
fn unmix_pair_range<const F: bool>(
    z: &mut [Complex64],
    from: usize,
    to: usize,
    m: Mix<F>,
    shrink: f64,
    mut done: usize,
) -> f64 {
    let mut acc = 0.0;
    let mut q = from;
    if q == 0 && to >= 3 && z.len() >= 16 {
        acc += unmix_pair_low3(z, m) * shrink.powi(done as i32);
        done += 3;
        q = 3;
    }
    while q < to {
        let k = (to - q).min(3);
        let r = 2usize << q;
        let share = match k {
            3 => unmix_pair_runs::<3, F>(z, r, m),
            2 => unmix_pair_runs::<2, F>(z, r, m),
            _ => unmix_pair_runs::<1, F>(z, r, m),
        };
        acc += share * shrink.powi(done as i32);
        done += k;
        q += k;
    }
    acc
}

/// `Im⟨λ|C|ψ⟩` on a piece of a pair vector whose first index is `k0`, then both multiplied by
/// the (inverse) diagonal. `weights[v] = (0, 0, c_v, −c_v)` for an indexed cost: `a·reverse(a)`
/// holds `Im conj(λ)ψ` as lane 2 − lane 3.
#[inline]
fn unapply_diag_pairs(z: &mut [Complex64], k0: usize, diag: Diag<'_>, weights: &[[f64; 4]]) -> f64 {
    let len = z.len() / 2;
    match diag {
        Diag::Indexed { index, factors } => {
            let fac: &[[f64; 2]] = bytemuck::cast_slice(factors);
            let f: &mut [f64] = bytemuck::cast_slice_mut(z);
            let mut acc = Quad::zero();
            for (q, &ix) in f.chunks_exact_mut(4).zip(&index[k0..k0 + len]) {
                let i = ix as usize;
                let a = load4(q, 0);
                acc = a.mul(a.reverse()).mul_add(Quad::load(&weights[i]), acc);
                store4(q, 0, cmul(a, Quad::load_pair(&fac[i], &fac[i])));
            }
            acc.to_array().iter().sum()
        }
        Diag::Dense { costs, gamma, scale } => {
            let mut cost = 0.0;
            for (pair, &ck) in z.chunks_exact_mut(2).zip(&costs[k0..k0 + len]) {
                cost += im_overlap(pair[1], pair[0]) * ck;
                let (si, co) = (gamma * ck).sin_cos();
                let f = Complex64::new(co, -si) * scale;
                pair[0] *= f;
                pair[1] *= f;
            }
            cost
        }
        Diag::Scale(scale) => {
            z.iter_mut().for_each(|a| *a *= scale);
            0.0
        }
    }
}

/// Low-qubit overlaps and un-rotation, the cost overlap and the conjugate phase on one block
/// of a pair vector (first index `base`), after `done` higher qubits.
#[allow(clippy::too_many_arguments)]
fn block_backward_pairs<const F: bool>(
    z: &mut [Complex64],
    base: usize,
    low: usize,
    done: usize,
    diag: Diag<'_>,
    weights: &[[f64; 4]],
    m: Mix<F>,
    shrink: f64,
) -> (f64, f64) {
    let l2 = low.min(L2_QUBITS);
    let mut mixer = unmix_pair_range(z, l2, low, m, shrink, done);
    let done = done + low - l2;
    let cost_scale = shrink.powi((done + l2) as i32);
    let sub = 2usize << l2;
    let mut cost = 0.0;
    for (i, c) in z.chunks_mut(sub).enumerate() {
        let k0 = base + i * (sub / 2);
        match diag {
            // Qubits 3.. first, so that qubits 0, 1, 2 and the phase share the last pass.
            Diag::Indexed { index, factors } if l2 >= 3 => {
                mixer += unmix_pair_range(c, 3, l2, m, shrink, done);
                let (b, cst) = unmix_pair_low3_diag(c, k0, index, factors, weights, m);
                mixer += b * shrink.powi((done + l2 - 3) as i32);
                cost += cost_scale * cst;
            }
            _ => {
                mixer += unmix_pair_range(c, 0, l2, m, shrink, done);
                cost += cost_scale * unapply_diag_pairs(c, k0, diag, weights);
            }
        }
    }
    (mixer, cost)
}

/// [`unmix_pair_low3`], then [`unapply_diag_pairs`] of an indexed phase, in one pass over a
/// piece of a pair vector whose first index is `k0`: the same arithmetic in the same order,
/// with one load and one store per quadruple instead of two. Returns the mixer share and
/// `Im⟨λ|C|ψ⟩`.
#[inline]
fn unmix_pair_low3_diag<const F: bool>(
    z: &mut [Complex64],
    k0: usize,
    index: &[u16],
    factors: &[Complex64],
    weights: &[[f64; 4]],
    m: Mix<F>,
) -> (f64, f64) {
    let idx = &index[k0..k0 + z.len() / 2];
    let fac: &[[f64; 2]] = bytemuck::cast_slice(factors);
    let f: &mut [f64] = bytemuck::cast_slice_mut(z);
    let mut ov = ImOverlap::new();
    let mut acc = Quad::zero();
    for (chunk, ix) in f.chunks_exact_mut(32).zip(idx.chunks_exact(8)) {
        let mut v: [Quad; 8] = std::array::from_fn(|i| load4(chunk, 4 * i));
        unmix_pair_group::<3, F>(&mut v, m, &mut ov);
        for (i, (a, &x)) in v.iter().zip(ix).enumerate() {
            let x = x as usize;
            acc = a.mul(a.reverse()).mul_add(Quad::load(&weights[x]), acc);
            store4(chunk, 4 * i, cmul(*a, Quad::load_pair(&fac[x], &fac[x])));
        }
    }
    (ov.total(), acc.to_array().iter().sum())
}

/// The stream sweep of K qubits from q over a pair vector (its runs twice as long as a
/// state's).
pub(super) fn unmix_pair_high<const K: usize, const F: bool>(
    z: &mut [&mut [Complex64]],
    q: usize,
    m: Mix<F>,
    parallel: bool,
    copy: bool,
) -> f64 {
    let tasks = stream_tasks::<K>(z, q + 1, parallel);
    let work = |(_, t)| unmix_pair_slices_maybe_copied::<K, F>(t, m, copy);
    // Collected, then added in task order, so that the sum does not depend on the threads.
    let parts: Vec<f64> = if parallel {
        tasks.into_par_iter().map(work).collect()
    } else {
        tasks.into_iter().map(work).collect()
    };
    parts.iter().sum()
}

/// The backward step of one layer on the pair vector `z` (`z[2k] = ψ_k`, `z[2k+1] = λ_k`, both
/// after the layer; [`interleave_pair`]): returns `(Im⟨λ|B|ψ⟩, Im⟨λ|C|ψ⟩)` with `B = Σ_q X_q`
/// and C the layer's cost (`values` per index, or `costs`), and un-applies the layer from both
/// (mixer at −β, then the conjugate phase). `⟨λ|X_q|ψ⟩` is read during the un-rotation: a
/// unitary rotation of both vectors leaves it unchanged, and R (`exp(iβX)/κ`) divides it by
/// `|κ|²`, multiplied back. Only imaginary parts are kept: the gradient is made of them.
pub fn unapply_layer_pairs(z: &mut [Complex64], phase: Phase<'_>, values: Option<&[f64]>, beta: f64) -> (f64, f64) {
    unapply_layer_pairs_segments(&mut [z], phase, values, beta)
}

/// [`unapply_layer_pairs`] on a segmented pair vector ([`interleave_pair_segments`]).
pub fn unapply_layer_pairs_segments(
    z: &mut [&mut [Complex64]],
    phase: Phase<'_>,
    values: Option<&[f64]>,
    beta: f64,
) -> (f64, f64) {
    let plan = segment_plan(z, 1);
    let n = plan.num_qubits;
    let rot = Rotation::new(-beta);
    let mut buf = Vec::new();
    let diag = Diag::new(phase, rot.scale(n), true, &mut buf);
    let weights: Vec<[f64; 4]> = match phase {
        Phase::Indexed { .. } => values
            .expect("an indexed phase comes with its values")
            .iter()
            .map(|&c| [0.0, 0.0, c, -c])
            .collect(),
        _ => Vec::new(),
    };
    let parallel = n >= PAR_MIN_QUBITS;
    with_mix!(rot, |m| unapply_pairs(
        z,
        &plan,
        diag,
        &weights,
        m,
        rot.shrink(),
        parallel
    ))
}

fn unapply_pairs<const F: bool>(
    z: &mut [&mut [Complex64]],
    plan: &Plan,
    diag: Diag<'_>,
    weights: &[[f64; 4]],
    m: Mix<F>,
    shrink: f64,
    parallel: bool,
) -> (f64, f64) {
    let n = plan.num_qubits;
    let seg_q = log2_len(z[0].len());
    let mut mixer = 0.0;
    let mut q = plan.low;
    while q < n {
        let k = (n - q).min(3);
        // Partners of index qubit q lie 2^(q+1) amplitudes apart in z.
        let copy = copied(q + 1, k, seg_q);
        let share = match k {
            3 => unmix_pair_high::<3, F>(z, q, m, parallel, copy),
            2 => unmix_pair_high::<2, F>(z, q, m, parallel, copy),
            _ => unmix_pair_high::<1, F>(z, q, m, parallel, copy),
        };
        mixer += share * shrink.powi((q - plan.low) as i32);
        q += k;
    }
    let work = |(base, zb): (usize, &mut [Complex64])| {
        block_backward_pairs(zb, base / 2, plan.low, n - plan.low, diag, weights, m, shrink)
    };
    let parts: Vec<(f64, f64)> = if parallel {
        blocks(z, 2 << plan.low).into_par_iter().map(work).collect()
    } else {
        blocks(z, 2 << plan.low).into_iter().map(work).collect()
    };
    let (b, cost) = parts.iter().fold((0.0, 0.0), |x, y| (x.0 + y.0, x.1 + y.1));
    (mixer + b, cost)
}

#[cfg(test)]
mod tests {
    use super::super::apply_layer;
    use super::super::tests::{max_diff, random_state, BETAS};
    use super::*;

    #[test]
    fn fused_backward_pass_is_bit_identical_to_unrotation_then_phase() {
        let z0 = random_state(10, 5);
        let values: Vec<f64> = (0..13).map(|v| v as f64 * 0.25 - 1.0).collect();
        let weights: Vec<[f64; 4]> = values.iter().map(|&c| [0.0, 0.0, c, -c]).collect();
        let index: Vec<u16> = (0..1024).map(|k| ((k * 5 + k / 7) % 13) as u16).collect();
        let factors: Vec<Complex64> = (0..13).map(|v| Complex64::from_polar(0.9, 0.4 * v as f64)).collect();
        let diag = Diag::Indexed {
            index: &index,
            factors: &factors,
        };
        for beta in BETAS {
            let rot = Rotation::new(beta);
            let mut a = z0.clone();
            let mut b = z0.clone();
            let (expect, got) = with_mix!(rot, |m| {
                let mixer = unmix_pair_low3(&mut a, m);
                let cost = unapply_diag_pairs(&mut a, 512, diag, &weights);
                (
                    (mixer, cost),
                    unmix_pair_low3_diag(&mut b, 512, &index, &factors, &weights, m),
                )
            });
            assert!(a == b && expect == got, "beta={beta}");
        }
    }

    #[test]
    fn interleaving_builds_the_pair_vector_in_place() {
        for n in [0, 1, 2, 5, 14, 16] {
            let psi = random_state(n, 3);
            let values = [0.5, -2.0, 3.0];
            let index: Vec<u16> = (0..psi.len()).map(|k| (k % 3) as u16).collect();
            let costs: Vec<f64> = (0..psi.len()).map(|k| k as f64 - 1.0).collect();
            for (weight, w) in [
                (
                    Weight::Indexed {
                        index: &index,
                        values: &values,
                    },
                    &(|k: usize| values[k % 3]) as &dyn Fn(usize) -> f64,
                ),
                (Weight::Dense(&costs), &|k: usize| k as f64 - 1.0),
                (Weight::Zero, &|_: usize| 0.0),
            ] {
                let mut z = psi.clone();
                z.resize(2 * psi.len(), Complex64::new(7.0, 7.0));
                interleave_pair(&mut z, weight);
                for (k, a) in psi.iter().enumerate() {
                    assert_eq!(z[2 * k], *a, "n={n} k={k}");
                    assert_eq!(z[2 * k + 1], *a * w(k), "n={n} k={k}");
                }
            }
        }
    }

    #[test]
    fn backward_step_undoes_the_layer_and_measures_overlaps() {
        for n in [0, 1, 2, 3, 4, 5, 14, 15, 17, 19] {
            let psi0 = random_state(n, 7);
            let lam0 = random_state(n, 8);
            let values: Vec<f64> = (0..5).map(|v| v as f64 * 0.5 - 1.0).collect();
            let index: Vec<u16> = (0..psi0.len()).map(|k| ((k * 31) % 5) as u16).collect();
            let costs: Vec<f64> = index.iter().map(|&v| values[v as usize]).collect();
            let gamma = 0.3;
            let factors: Vec<Complex64> = values.iter().map(|&c| Complex64::from_polar(1.0, -gamma * c)).collect();
            let indexed = Phase::Indexed {
                index: &index,
                factors: &factors,
            };
            let dense = Phase::Dense { costs: &costs, gamma };
            let none = Phase::None;
            for (beta, phase) in [(0.4, indexed), (1.3, indexed), (-2.2, dense), (0.7, dense), (0.9, none)] {
                let mut psi = psi0.clone();
                let mut lam = lam0.clone();
                apply_layer(&mut psi, phase, beta);
                apply_layer(&mut lam, phase, beta);
                // Expected overlaps, from the naive definitions on the states after the layer.
                let mut mixer = Complex64::new(0.0, 0.0);
                for q in 0..n {
                    for k in 0..psi.len() {
                        mixer += lam[k].conj() * psi[k ^ (1 << q)];
                    }
                }
                let mut z: Vec<Complex64> = psi.iter().zip(&lam).flat_map(|(a, b)| [*a, *b]).collect();
                let (m, cost) = unapply_layer_pairs(&mut z, phase, Some(&values), beta);
                let (psi, lam): (Vec<Complex64>, Vec<Complex64>) = z.chunks(2).map(|c| (c[0], c[1])).unzip();
                assert!((m - mixer.im).abs() < 1e-12, "n={n} beta={beta}: {m} vs {mixer}");
                // The cost overlap is taken after the mixer is undone, before the phase is; with
                // no phase there is no cost and it is zero.
                let mut expect_cost = Complex64::new(0.0, 0.0);
                if !matches!(phase, Phase::None) {
                    for k in 0..psi0.len() {
                        let f = factors[index[k] as usize];
                        expect_cost += (lam0[k] * f).conj() * (psi0[k] * f) * values[index[k] as usize];
                    }
                }
                assert!((cost - expect_cost.im).abs() < 1e-12, "n={n} beta={beta}");
                assert!(
                    max_diff(&psi, &psi0) < 1e-12 && max_diff(&lam, &lam0) < 1e-12,
                    "n={n} beta={beta}"
                );
            }
        }
    }
}
