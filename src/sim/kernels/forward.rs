//! The forward layer: the block sweep with the phase fused into its first pass, the stream
//! sweeps after it, and the layer's entry points (measured, from `|+⟩^n`, segmented).

use super::reduce::level_probabilities;
use super::rotation::{cmul, cmul_lanes, rot, rot_lanes, rot_low3, rot_within, with_mix, Mix, Rotation, PAIRS};
use super::runs::{copied, load4, mix_high_in_place_measured, mix_runs, store4, stream_sweeps};
use super::{blocks, log2_len, segment_plan, Phase, Plan, Start, L2_QUBITS, PAR_MIN_QUBITS, TASK_LEN};
use crate::sim::quad::{Lanes, Quad, Wide};
use num_complex::Complex64;
use rayon::prelude::*;

/// Qubits 0, 1, 2 of a contiguous block: eight amplitudes (four quadruples) at a time in
/// registers. Qubit 0 pairs the two halves of a quadruple, qubits 1 and 2 pair whole quadruples.
#[inline]
fn mix_low3<const F: bool>(block: &mut [Complex64], m: Mix<F>) {
    let f: &mut [f64] = bytemuck::cast_slice_mut(block);
    for chunk in f.chunks_exact_mut(16) {
        let mut v: [Quad; 4] = std::array::from_fn(|i| load4(chunk, 4 * i));
        rot_low3(&mut v, m);
        for (i, x) in v.iter().enumerate() {
            store4(chunk, 4 * i, *x);
        }
    }
}

/// Qubit 0 of a contiguous block: adjacent amplitudes pair up.
#[inline]
fn mix_adjacent<const F: bool>(block: &mut [Complex64], m: Mix<F>) {
    for pair in block.chunks_exact_mut(2) {
        (pair[0], pair[1]) = rot(pair[0], pair[1], m);
    }
}

/// Rotate qubits `[from, to)` of `block` (pairs at distance `2^q` inside it), three qubits
/// per sweep; those from 3 up in registers of type `R`.
#[inline]
fn mix_range<const F: bool, R: Lanes>(block: &mut [Complex64], from: usize, to: usize, m: Mix<F>) {
    let mut q = from;
    if q == 0 && to >= 3 && block.len() >= 8 {
        mix_low3(block, m);
        q += 3;
    } else if q < to && q == 0 {
        mix_adjacent(block, m);
        q += 1;
    }
    while q < to {
        let r = 1usize << q;
        match (to - q).min(3) {
            3 => mix_runs::<3, F, R>(block, r, m),
            2 => mix_runs::<2, F, R>(block, r, m),
            _ => mix_runs::<1, F, R>(block, r, m),
        }
        q += 3;
    }
}

/// A layer's diagonal with the factor κ^n of its rotations folded in.
#[derive(Clone, Copy)]
pub(super) enum Diag<'a> {
    /// `ψ_k ← factors[index[k]]·ψ_k`.
    Indexed { index: &'a [u16], factors: &'a [Complex64] },
    /// `ψ_k ← scale·e^{−iγ c_k}·ψ_k`.
    Dense {
        costs: &'a [f64],
        gamma: f64,
        scale: Complex64,
    },
    /// `ψ_k ← scale·ψ_k`.
    Scale(Complex64),
}

impl<'a> Diag<'a> {
    /// `phase` (or its inverse when `inverse`) times `scale`; indexed factors are written to
    /// `buf`.
    pub(super) fn new(phase: Phase<'a>, scale: Complex64, inverse: bool, buf: &'a mut Vec<Complex64>) -> Diag<'a> {
        match phase {
            Phase::None => Diag::Scale(scale),
            Phase::Indexed { index, factors } => {
                buf.clear();
                buf.extend(factors.iter().map(|f| if inverse { f.conj() } else { *f } * scale));
                Diag::Indexed { index, factors: buf }
            }
            Phase::Dense { costs, gamma } => Diag::Dense {
                costs,
                gamma: if inverse { -gamma } else { gamma },
                scale,
            },
        }
    }

    /// Multiply `chunk`, whose first basis index is `k0`, by the diagonal.
    #[inline]
    fn apply(self, chunk: &mut [Complex64], k0: usize) {
        match self {
            Diag::Indexed { index, factors } => {
                let idx = &index[k0..k0 + chunk.len()];
                let fac: &[[f64; 2]] = bytemuck::cast_slice(factors);
                let f: &mut [f64] = bytemuck::cast_slice_mut(chunk);
                let mut quads = f.chunks_exact_mut(4);
                for (q, ix) in (&mut quads).zip(idx.chunks_exact(2)) {
                    let fq = Quad::load_pair(&fac[ix[0] as usize], &fac[ix[1] as usize]);
                    let a = load4(q, 0);
                    store4(q, 0, cmul(a, fq));
                }
                if let [re, im] = quads.into_remainder() {
                    // A one-amplitude state.
                    let a = Complex64::new(*re, *im) * factors[idx[idx.len() - 1] as usize];
                    (*re, *im) = (a.re, a.im);
                }
            }
            Diag::Dense { costs, gamma, scale } => {
                let len = chunk.len();
                for (a, &ck) in chunk.iter_mut().zip(&costs[k0..k0 + len]) {
                    let (si, co) = (gamma * ck).sin_cos();
                    *a *= Complex64::new(co, -si) * scale;
                }
            }
            Diag::Scale(scale) => chunk.iter_mut().for_each(|a| *a *= scale),
        }
    }
}

/// An indexed phase and qubits 0, 1, 2 in one pass over a block whose first basis index is
/// `k0`: the same products and rotations as [`Diag::apply`] followed by [`mix_low3`], with one
/// load and one store per amplitude instead of two. With `FRESH` the block is taken to hold
/// `uniform` in every amplitude, and is not read. Eight amplitudes at a time in registers of
/// type `R`: the qubits inside a register are rotated there, the others between registers.
#[inline]
fn phase_mix_low3<const F: bool, const FRESH: bool, R: Lanes>(
    block: &mut [Complex64],
    k0: usize,
    index: &[u16],
    factors: &[Complex64],
    m: Mix<F>,
    uniform: f64,
) {
    let lanes = R::LANES;
    let (amps, regs) = (lanes / 2, 16 / lanes);
    let inner = amps.trailing_zeros() as usize;
    let idx = &index[k0..k0 + block.len()];
    let fac: &[[f64; 2]] = bytemuck::cast_slice(factors);
    let f: &mut [f64] = bytemuck::cast_slice_mut(block);
    let a = R::splat(uniform, 0.0);
    let w = m.lanes::<R>();
    for (chunk, ix) in f.chunks_exact_mut(16).zip(idx.chunks_exact(8)) {
        let mut v = [R::zero(); 4];
        for (i, x) in v.iter_mut().enumerate().take(regs) {
            let fq = R::gather(fac, &ix[amps * i..]);
            *x = cmul_lanes(if FRESH { a } else { R::load(&chunk[lanes * i..]) }, fq);
        }
        for x in v.iter_mut().take(regs) {
            for q in 0..inner {
                *x = rot_within::<R, F>(*x, q, w);
            }
        }
        for &(x, y) in PAIRS[3 - inner] {
            (v[x], v[y]) = rot_lanes::<R, F>(v[x], v[y], w);
        }
        for (i, x) in v.iter().enumerate().take(regs) {
            x.store(&mut chunk[lanes * i..]);
        }
    }
}

/// [`Start`] with the amplitude of `|+⟩^n`, for the sweeps.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Input {
    State,
    Uniform(f64),
}

impl Input {
    fn of(start: Start, segs: &[&mut [Complex64]]) -> Input {
        match start {
            Start::Given => Input::State,
            Start::Uniform => Input::Uniform(uniform_amplitude(segs[0].len() * segs.len())),
        }
    }
}

/// The amplitude of `|+⟩^n` in a state of `len` amplitudes.
fn uniform_amplitude(len: usize) -> f64 {
    1.0 / (len as f64).sqrt()
}

/// Phase, then qubits `[0, low)`, on one block whose first basis index is `base`.
fn block_forward<const F: bool, R: Lanes>(
    block: &mut [Complex64],
    base: usize,
    low: usize,
    diag: Diag<'_>,
    m: Mix<F>,
    input: Input,
) {
    let l2 = low.min(L2_QUBITS);
    let sub = 1usize << l2;
    for (i, chunk) in block.chunks_mut(sub).enumerate() {
        let k0 = base + i * sub;
        match diag {
            Diag::Indexed { index, factors } if l2 >= 3 => {
                match input {
                    Input::State => phase_mix_low3::<F, false, R>(chunk, k0, index, factors, m, 0.0),
                    Input::Uniform(a) => phase_mix_low3::<F, true, R>(chunk, k0, index, factors, m, a),
                }
                mix_range::<F, R>(chunk, 3, l2, m);
            }
            _ => {
                if let Input::Uniform(a) = input {
                    chunk.fill(Complex64::new(a, 0.0));
                }
                diag.apply(chunk, k0);
                mix_range::<F, R>(chunk, 0, l2, m);
            }
        }
    }
    mix_range::<F, R>(block, l2, low, m);
}

/// The block sweep of a layer over all blocks of `2^low` amplitudes.
fn block_sweep<const F: bool, R: Lanes>(
    segs: &mut [&mut [Complex64]],
    low: usize,
    diag: Diag<'_>,
    m: Mix<F>,
    input: Input,
    parallel: bool,
) {
    let work = |(base, b): (usize, &mut [Complex64])| block_forward::<F, R>(b, base, low, diag, m, input);
    if parallel {
        blocks(segs, 1 << low).into_par_iter().for_each(work);
    } else {
        blocks(segs, 1 << low).into_iter().for_each(work);
    }
}

/// ψ ← U_B(β)·U_C(γ)·ψ: one QAOA layer (phase fused into the block sweep).
pub fn apply_layer(amps: &mut [Complex64], phase: Phase<'_>, beta: f64) {
    apply_layer_segments(&mut [amps], phase, beta, Start::Given)
}

/// [`apply_layer`] on a state held in equal segments of a power of two amplitudes (basis index
/// k in segment `k / len` at `k % len`; one segment is the plain state).
/// With [`Start::Uniform`], ψ is `|+⟩^n` whatever the segments held.
pub fn apply_layer_segments(segs: &mut [&mut [Complex64]], phase: Phase<'_>, beta: f64, start: Start) {
    let plan = segment_plan(segs, 0);
    let input = Input::of(start, segs);
    layer::<Wide>(segs, phase, beta, &plan, PAR_MIN_QUBITS, input)
}

/// [`apply_layer`] with an explicit plan and serial/parallel threshold.
pub fn apply_layer_with(amps: &mut [Complex64], phase: Phase<'_>, beta: f64, plan: &Plan, par_min_qubits: usize) {
    layer::<Wide>(&mut [amps], phase, beta, plan, par_min_qubits, Input::State)
}

/// The layer, with the rotations of qubits from 3 up in registers of type `R`.
fn layer<R: Lanes>(
    segs: &mut [&mut [Complex64]],
    phase: Phase<'_>,
    beta: f64,
    plan: &Plan,
    par_min_qubits: usize,
    input: Input,
) {
    let n = plan.num_qubits;
    debug_assert_eq!(log2_len(segs[0].len() * segs.len()), n);
    let rot = Rotation::new(beta);
    let mut buf = Vec::new();
    let diag = Diag::new(phase, rot.scale(n), false, &mut buf);
    let parallel = n >= par_min_qubits;
    with_mix!(rot, |m| {
        block_sweep::<_, R>(segs, plan.low, diag, m, input, parallel);
        stream_sweeps::<_, R>(segs, plan.low, n, m, parallel);
    })
}

/// [`apply_layer`] on an indexed cost whose last sweep also returns the probability mass per
/// cost level of the new state, `out[v] = Σ_{k: index[k] = v} |ψ_k|²` (the energy and CVaR of
/// the final layer without another pass over the state).
pub fn apply_layer_measured(
    amps: &mut [Complex64],
    phase: Phase<'_>,
    beta: f64,
    index: &[u16],
    n_levels: usize,
) -> Vec<f64> {
    apply_layer_measured_segments(&mut [amps], phase, beta, index, n_levels, Start::Given)
}

/// [`apply_layer_measured`] on a segmented state, from it or from `|+⟩^n`
/// ([`apply_layer_segments`]).
pub fn apply_layer_measured_segments(
    segs: &mut [&mut [Complex64]],
    phase: Phase<'_>,
    beta: f64,
    index: &[u16],
    n_levels: usize,
    start: Start,
) -> Vec<f64> {
    let input = Input::of(start, segs);
    let plan = segment_plan(segs, 0);
    let n = plan.num_qubits;
    let rot = Rotation::new(beta);
    let mut buf = Vec::new();
    let diag = Diag::new(phase, rot.scale(n), false, &mut buf);
    let parallel = n >= PAR_MIN_QUBITS;
    with_mix!(rot, |m| layer_measured::<_, Wide>(
        segs, &plan, diag, m, index, n_levels, input, parallel
    ))
}

#[allow(clippy::too_many_arguments)]
fn layer_measured<const F: bool, R: Lanes>(
    segs: &mut [&mut [Complex64]],
    plan: &Plan,
    diag: Diag<'_>,
    m: Mix<F>,
    index: &[u16],
    n_levels: usize,
    input: Input,
    parallel: bool,
) -> Vec<f64> {
    let n = plan.num_qubits;
    if plan.low == n {
        // One block holds everything: rotate, then count it while it is in cache.
        let amps = &mut *segs[0];
        block_forward::<F, R>(amps, 0, plan.low, diag, m, input);
        return level_probabilities(amps, index, n_levels);
    }
    block_sweep::<F, R>(segs, plan.low, diag, m, input, parallel);
    // All stream sweeps but the last, which also counts.
    let last = plan.low + 3 * ((n - plan.low - 1) / 3);
    stream_sweeps::<F, R>(segs, plan.low, last, m, parallel);
    let copy = copied(last, n - last, log2_len(segs[0].len()));
    match n - last {
        3 => mix_high_in_place_measured::<3, F, R>(segs, last, index, n_levels, m, parallel, copy),
        2 => mix_high_in_place_measured::<2, F, R>(segs, last, index, n_levels, m, parallel, copy),
        _ => mix_high_in_place_measured::<1, F, R>(segs, last, index, n_levels, m, parallel, copy),
    }
}

/// ψ ← U_B(β)ψ with `U_B(β) = Π_q exp(−iβX_q)`.
pub fn apply_mixer_x(amps: &mut [Complex64], beta: f64) {
    apply_layer(amps, Phase::None, beta)
}

/// `amps ← |+⟩^n`, written in parallel.
pub fn fill_uniform(amps: &mut [Complex64]) {
    fill_uniform_segments(&mut [amps])
}

/// [`fill_uniform`] on a segmented state ([`apply_layer_segments`]).
pub fn fill_uniform_segments(segs: &mut [&mut [Complex64]]) {
    let total = segs[0].len() * segs.len();
    let a = Complex64::new(uniform_amplitude(total), 0.0);
    let body = |x: &mut [Complex64]| x.fill(a);
    for amps in segs.iter_mut() {
        if log2_len(total) >= PAR_MIN_QUBITS {
            amps.par_chunks_mut(TASK_LEN).for_each(body);
        } else {
            body(amps);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::super::tests::{max_diff, random_state, views, with_gaps, without_gaps, BETAS};
    use super::*;
    use crate::sim::quad::Portable;

    /// The textbook mixer: one pass per qubit over all pairs, in plain complex arithmetic.
    fn naive_mixer(amps: &mut [Complex64], beta: f64) {
        let (s, c) = beta.sin_cos();
        let mis = Complex64::new(0.0, -s);
        for q in 0..log2_len(amps.len()) {
            for k in (0..amps.len()).filter(|k| k & (1 << q) == 0) {
                let (a, b) = (amps[k], amps[k | 1 << q]);
                amps[k] = a * c + b * mis;
                amps[k | 1 << q] = b * c + a * mis;
            }
        }
    }

    #[test]
    fn blocked_layer_equals_naive_for_every_block_size() {
        // Small blocks push most qubits into stream sweeps, including 1- and 2-qubit remainders.
        for n in [1, 2, 5, 9, 15, 17, 19] {
            let psi = random_state(n, n as u64);
            let index: Vec<u16> = (0..psi.len()).map(|k| (k % 7) as u16).collect();
            let factors: Vec<Complex64> = (0..7).map(|v| Complex64::from_polar(1.0, -0.3 * v as f64)).collect();
            // Both forms of the rotation: |tan β| ≤ 1, and the exchanged form for |cot β| < 1.
            for beta in BETAS {
                let mut expect = psi.clone();
                for (a, &i) in expect.iter_mut().zip(&index) {
                    *a *= factors[i as usize];
                }
                naive_mixer(&mut expect, beta);
                for low in [1, 2, 3, 4, 7, L2_QUBITS, L2_QUBITS + 4, L2_QUBITS + 5, Plan::new(n).low] {
                    let plan = Plan::with_low(n, low);
                    for par in [0, usize::MAX] {
                        let mut got = psi.clone();
                        apply_layer_with(
                            &mut got,
                            Phase::Indexed {
                                index: &index,
                                factors: &factors,
                            },
                            beta,
                            &plan,
                            par,
                        );
                        assert!(max_diff(&got, &expect) < 1e-13, "n={n} low={low} par={par} beta={beta}");
                    }
                }
            }
        }
    }

    #[test]
    fn fused_phase_pass_is_bit_identical_to_phase_then_rotation() {
        let psi = random_state(9, 4);
        let index: Vec<u16> = (0..1024).map(|k| ((k * 5 + k / 7) % 13) as u16).collect();
        let factors: Vec<Complex64> = (0..13).map(|v| Complex64::from_polar(0.9, 0.4 * v as f64)).collect();
        // Both forms of the rotation, and a block that does not start at index 0.
        for beta in BETAS {
            let rot = Rotation::new(beta);
            let diag = Diag::Indexed {
                index: &index,
                factors: &factors,
            };
            let mut a = psi.clone();
            let mut b = psi.clone();
            with_mix!(rot, |m| {
                diag.apply(&mut a, 512);
                mix_low3(&mut a, m);
                phase_mix_low3::<_, false, Wide>(&mut b, 512, &index, &factors, m, 0.0);
            });
            assert!(a == b, "beta={beta}");
        }
    }

    #[test]
    fn measured_layer_counts_the_levels_of_its_result() {
        for n in [3, 14, 15, 17, 20] {
            let psi = random_state(n, 3);
            let index: Vec<u16> = (0..psi.len()).map(|k| ((k * 7 + k / 3) % 11) as u16).collect();
            let factors: Vec<Complex64> = (0..11).map(|v| Complex64::from_polar(1.0, 0.2 * v as f64)).collect();
            let phase = Phase::Indexed {
                index: &index,
                factors: &factors,
            };
            for beta in [0.3, -1.1] {
                let mut a = psi.clone();
                apply_layer(&mut a, phase, beta);
                let expect = level_probabilities(&a, &index, 11);
                let mut b = psi.clone();
                let got = apply_layer_measured(&mut b, phase, beta, &index, 11);
                assert!(a == b, "n={n}: the state must not change");
                for (x, y) in got.iter().zip(&expect) {
                    assert!((x - y).abs() < 1e-12, "n={n}");
                }
            }
        }
    }

    #[test]
    fn serial_and_parallel_are_bit_identical() {
        for n in [1, PAR_MIN_QUBITS - 1, PAR_MIN_QUBITS, PAR_MIN_QUBITS + 1, 17, 25] {
            let psi = random_state(n, n as u64);
            let costs: Vec<f64> = (0..psi.len()).map(|k| (k % 5) as f64 - 1.5).collect();
            let plan = Plan::new(n);
            let mut a = psi.clone();
            let mut b = psi;
            let phase = Phase::Dense {
                costs: &costs,
                gamma: 0.2,
            };
            apply_layer_with(&mut a, phase, 0.11, &plan, 0);
            apply_layer_with(&mut b, phase, 0.11, &plan, usize::MAX);
            assert!(a == b, "n={n}");
        }
    }

    #[test]
    fn first_layer_equals_filling_then_a_layer() {
        // Small states (one block, serial), parallel ones, segmented ones; each phase kind; a
        // buffer full of other values, which the first layer must ignore.
        for (n, seg_qs) in [
            (0, vec![0]),
            (2, vec![2]),
            (5, vec![5, 3]),
            (15, vec![15, 13]),
            (17, vec![17, 10]),
        ] {
            let len = 1usize << n;
            let values: Vec<f64> = (0..5).map(|v| v as f64 * 0.5 - 1.0).collect();
            let index: Vec<u16> = (0..len).map(|k| ((k * 31) % 5) as u16).collect();
            let costs: Vec<f64> = index.iter().map(|&v| values[v as usize]).collect();
            let factors: Vec<Complex64> = values.iter().map(|&c| Complex64::from_polar(1.0, -0.3 * c)).collect();
            let indexed = Phase::Indexed {
                index: &index,
                factors: &factors,
            };
            let dense = Phase::Dense {
                costs: &costs,
                gamma: 0.3,
            };
            let junk = random_state(n, 21);
            for seg_q in seg_qs {
                for (phase, beta) in [(indexed, 0.4), (indexed, 1.2), (dense, -0.7), (Phase::None, 0.9)] {
                    let mut expect = junk.clone();
                    fill_uniform(&mut expect);
                    apply_layer(&mut expect, phase, beta);
                    let mut got = with_gaps(&junk, seg_q);
                    apply_layer_segments(&mut views(&mut got, seg_q), phase, beta, Start::Uniform);
                    assert!(expect == without_gaps(&got, seg_q), "n={n} seg_q={seg_q} beta={beta}");
                }
                let mut expect = junk.clone();
                fill_uniform(&mut expect);
                let le = apply_layer_measured(&mut expect, indexed, 0.4, &index, 5);
                let mut got = with_gaps(&junk, seg_q);
                let lg =
                    apply_layer_measured_segments(&mut views(&mut got, seg_q), indexed, 0.4, &index, 5, Start::Uniform);
                assert!(expect == without_gaps(&got, seg_q), "measured n={n} seg_q={seg_q}");
                assert!(
                    le.iter().zip(&lg).all(|(x, y)| (x - y).abs() < 1e-12),
                    "levels n={n} seg_q={seg_q}"
                );
            }
        }
    }

    /// A layer and a measured layer with the higher qubits in registers of type `R`, on a
    /// segmented copy of `psi`.
    fn layer_on<R: Lanes>(
        psi: &[Complex64],
        seg_q: usize,
        low: usize,
        par: usize,
        (index, factors): (&[u16], &[Complex64]),
        beta: f64,
    ) -> (Vec<Complex64>, Vec<f64>) {
        let n = log2_len(psi.len());
        let phase = Phase::Indexed { index, factors };
        let plan = Plan::with_low(n, low.min(seg_q));
        let mut buf = with_gaps(psi, seg_q);
        let mut segs = views(&mut buf, seg_q);
        layer::<R>(&mut segs, phase, beta, &plan, par, Input::State);
        let rot = Rotation::new(beta);
        let mut fbuf = Vec::new();
        let diag = Diag::new(phase, rot.scale(n), false, &mut fbuf);
        let levels = with_mix!(rot, |m| layer_measured::<_, R>(
            &mut segs,
            &plan,
            diag,
            m,
            index,
            factors.len(),
            Input::State,
            n >= par
        ));
        drop(segs);
        (without_gaps(&buf, seg_q), levels)
    }

    #[test]
    fn every_register_type_gives_the_same_bits() {
        // Blocks from 2 to 2^n amplitudes and segments down to 2^3 amplitudes, so that runs of
        // the block and stream sweeps come in every length, with column windows of one
        // quadruple (a tail an `Oct` does not fill); serial and parallel; both rotation forms.
        for (n, seg_qs) in [(9, vec![9, 3]), (15, vec![15, 11]), (16, vec![16, 8])] {
            let psi = random_state(n, 40 + n as u64);
            let index: Vec<u16> = (0..psi.len()).map(|k| ((k * 13 + k / 5) % 9) as u16).collect();
            let factors: Vec<Complex64> = (0..9).map(|v| Complex64::from_polar(1.0, 0.35 * v as f64)).collect();
            for &seg_q in &seg_qs {
                for low in [1, 3, 4, 5, 8, n] {
                    for par in [0, usize::MAX] {
                        for beta in [0.37, 1.2] {
                            let cost = (&index[..], &factors[..]);
                            let (a, la) = layer_on::<Portable>(&psi, seg_q, low, par, cost, beta);
                            let (b, lb) = layer_on::<Quad>(&psi, seg_q, low, par, cost, beta);
                            let (c, lc) = layer_on::<Wide>(&psi, seg_q, low, par, cost, beta);
                            let at = format!("n={n} seg_q={seg_q} low={low} par={par} beta={beta}");
                            assert!(a == b && a == c, "{at}");
                            // Serial sums in one order; parallel ones grouped by task.
                            if par == usize::MAX {
                                let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                                assert!(bits(&la) == bits(&lb) && bits(&la) == bits(&lc), "levels {at}");
                            } else {
                                let close = |x: &[f64], y: &[f64]| x.iter().zip(y).all(|(p, q)| (p - q).abs() < 1e-12);
                                assert!(close(&la, &lb) && close(&la, &lc), "levels {at}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn large_states_stay_exact() {
        // 21 qubits: seven high qubits, so stream sweeps of three, three and one.
        let n = 21;
        let psi = random_state(n, 1);
        for beta in [0.21, 1.0] {
            let mut a = psi.clone();
            apply_mixer_x(&mut a, beta);
            let mut b = psi.clone();
            naive_mixer(&mut b, beta);
            assert!(max_diff(&a, &b) < 1e-13, "beta={beta}");
        }
    }
}
