//! Hot loops over amplitude slices. Only slices, indices and scalars cross this boundary
//! (plus the small [`Phase`] and [`Plan`] descriptors defined here); no allocation of states,
//! no `Result`; `debug_assert!` only.
//!
//! A QAOA layer is a few sweeps over the state:
//! 1. the *block sweep*: for each block of `2^low` consecutive amplitudes (parallel over
//!    blocks), multiply by the cost phase, then rotate every qubit below `L2_QUBITS` while a
//!    sub-block sits in L2, then the one or two qubits up to `low` on the block (in L3);
//! 2. one *stream sweep* per three higher qubits `q, q+1, q+2`: the eight runs of `2^q`
//!    amplitudes of each chunk are streamed side by side, two amplitudes of each loaded into
//!    registers, rotated for the three qubits, and stored once. `low` is chosen so that the
//!    higher qubits come in threes ([`Plan::new`]).
//!
//! Rotations are written on `f64` quadruples `(re, im, re, im)` so that they compile to AVX2
//! permutes, multiplies and FMAs (the crate builds for the native CPU, `.cargo/config.toml`).
//!
//! Index names: `k` is a basis index; a *run* is `2^q` consecutive amplitudes whose bit q is
//! fixed; a *group* is the `2^K` amplitudes that K consecutive qubits pair up.

use num_complex::Complex64;
use rayon::prelude::*;

/// States at and above `2^PAR_MIN_QUBITS` amplitudes use rayon; smaller ones run serially.
pub const PAR_MIN_QUBITS: usize = 14;

/// Qubits rotated inside one L2-resident sub-block: 2^14 amplitudes = 256 KiB.
pub const L2_QUBITS: usize = 14;

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
    /// The plan of a forward layer, whose stream sweeps rotate three qubits each.
    pub fn new(num_qubits: usize) -> Plan {
        Plan::balanced(num_qubits, 3)
    }

    /// The plan of a backward step, whose stream sweeps rotate two qubits of both vectors.
    pub fn paired(num_qubits: usize) -> Plan {
        Plan::balanced(num_qubits, 2)
    }

    /// Qubits below `L2_QUBITS` in L2-sized sub-blocks, plus fewer than `per_sweep` more in the
    /// block sweep (its blocks then sit in L3) so that the qubits left over fill whole stream
    /// sweeps: a pass over memory for one or two qubits costs as much as one for three.
    fn balanced(num_qubits: usize, per_sweep: usize) -> Plan {
        let high = num_qubits.saturating_sub(L2_QUBITS);
        let extra = high % per_sweep;
        let low = if high - extra >= per_sweep {
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

/// `exp(−iβX)` on one pair held in registers.
#[inline(always)]
fn rot(a: Complex64, b: Complex64, c: f64, s: f64) -> (Complex64, Complex64) {
    (
        Complex64::new(c.mul_add(a.re, s * b.im), c.mul_add(a.im, -s * b.re)),
        Complex64::new(c.mul_add(b.re, s * a.im), c.mul_add(b.im, -s * a.re)),
    )
}

/// Qubits 0, 1, 2 of a contiguous block: eight amplitudes (four quadruples) at a time in
/// registers. Qubit 0 pairs the two halves of a quadruple, qubits 1 and 2 pair whole quadruples.
#[inline]
fn mix_low3(block: &mut [Complex64], c: f64, s: f64) {
    let f: &mut [f64] = bytemuck::cast_slice_mut(block);
    for chunk in f.chunks_exact_mut(16) {
        let mut v: [[f64; 4]; 4] = std::array::from_fn(|i| load4(chunk, 4 * i));
        rot_low3(&mut v, c, s);
        for (i, x) in v.iter().enumerate() {
            store4(chunk, 4 * i, *x);
        }
    }
}

/// Qubits 0, 1, 2 of eight amplitudes held as four quadruples.
#[inline(always)]
fn rot_low3(v: &mut [[f64; 4]; 4], c: f64, s: f64) {
    for x in v.iter_mut() {
        *x = rot_halves(*x, c, s);
    }
    for &(x, y) in PAIRS[2] {
        (v[x], v[y]) = rot4(v[x], v[y], c, s);
    }
}

/// [`mix_low3`] on ψ and λ, returning qubits 0–2's share of `Im⟨λ|Σ X_q|ψ⟩`.
#[inline]
fn unmix_low3_pair(p: &mut [Complex64], l: &mut [Complex64], c: f64, s: f64) -> f64 {
    let pf: &mut [f64] = bytemuck::cast_slice_mut(p);
    let lf: &mut [f64] = bytemuck::cast_slice_mut(l);
    let mut ov = ImOverlap::default();
    for (pc, lc) in pf.chunks_exact_mut(16).zip(lf.chunks_exact_mut(16)) {
        let mut vp: [[f64; 4]; 4] = std::array::from_fn(|i| load4(pc, 4 * i));
        let mut vl: [[f64; 4]; 4] = std::array::from_fn(|i| load4(lc, 4 * i));
        // All three qubits' overlaps on the unrotated group, then the rotations.
        for (i, (x, y)) in vl.iter().zip(&vp).enumerate() {
            let h = swap_halves(*y);
            ov.add(i % 2, *x, swap_pairs(h));
        }
        let sp = vp.map(swap_pairs);
        for &(x, y) in PAIRS[2] {
            ov.add(0, vl[x], sp[y]);
            ov.add(1, vl[y], sp[x]);
        }
        rot_low3(&mut vp, c, s);
        rot_low3(&mut vl, c, s);
        for i in 0..4 {
            store4(pc, 4 * i, vp[i]);
            store4(lc, 4 * i, vl[i]);
        }
    }
    ov.total()
}

/// `exp(−iβX)` on the two amplitudes of one quadruple `(re, im, re, im)`.
#[inline(always)]
fn rot_halves(v: [f64; 4], c: f64, s: f64) -> [f64; 4] {
    [
        c.mul_add(v[0], s * v[3]),
        c.mul_add(v[1], -s * v[2]),
        c.mul_add(v[2], s * v[1]),
        c.mul_add(v[3], -s * v[0]),
    ]
}

/// The quadruple's two amplitudes exchanged.
#[inline(always)]
fn swap_halves(v: [f64; 4]) -> [f64; 4] {
    [v[2], v[3], v[0], v[1]]
}

/// `exp(−iβX)` on two amplitude pairs held as `f64` quadruples `(re, im, re, im)`.
#[inline(always)]
fn rot4(x: [f64; 4], y: [f64; 4], c: f64, s: f64) -> ([f64; 4], [f64; 4]) {
    (
        [
            c.mul_add(x[0], s * y[1]),
            c.mul_add(x[1], -s * y[0]),
            c.mul_add(x[2], s * y[3]),
            c.mul_add(x[3], -s * y[2]),
        ],
        [
            c.mul_add(y[0], s * x[1]),
            c.mul_add(y[1], -s * x[0]),
            c.mul_add(y[2], s * x[3]),
            c.mul_add(y[3], -s * x[2]),
        ],
    )
}

/// A running `Im Σ conj(l)·p` over quadruples `(re, im, re, im)`, lane by lane in two
/// independent chains of FMAs (so that consecutive adds do not wait on each other). The
/// gradient needs only the imaginary part, which costs one FMA per quadruple.
#[derive(Clone, Copy, Default)]
struct ImOverlap {
    lanes: [[f64; 4]; 2],
}

impl ImOverlap {
    /// Add `Im conj(l)·p` to chain `chain`; `ps` is p with re and im exchanged in each amplitude.
    #[inline(always)]
    fn add(&mut self, chain: usize, l: [f64; 4], ps: [f64; 4]) {
        for t in 0..4 {
            self.lanes[chain][t] = l[t].mul_add(ps[t], self.lanes[chain][t]);
        }
    }

    /// The sum `Σ (l.re·p.im − l.im·p.re)`.
    fn total(&self) -> f64 {
        let lane = |t: usize| self.lanes[0][t] + self.lanes[1][t];
        lane(0) - lane(1) + lane(2) - lane(3)
    }
}

/// `Im(conj(l)·p)`.
#[inline(always)]
fn im_overlap(l: Complex64, p: Complex64) -> f64 {
    l.re.mul_add(p.im, -l.im * p.re)
}

/// Each amplitude's re and im exchanged.
#[inline(always)]
fn swap_pairs(v: [f64; 4]) -> [f64; 4] {
    [v[1], v[0], v[3], v[2]]
}

/// The pairs of a group of `2^K` registers, qubit by qubit (index bit i = the group's qubit i).
const PAIRS: [&[(usize, usize)]; 4] = [
    &[],
    &[(0, 1)],
    &[(0, 1), (2, 3), (0, 2), (1, 3)],
    &[
        (0, 1),
        (2, 3),
        (4, 5),
        (6, 7),
        (0, 2),
        (1, 3),
        (4, 6),
        (5, 7),
        (0, 4),
        (1, 5),
        (2, 6),
        (3, 7),
    ],
];

/// The `2^K` runs of one chunk as `f64` slices.
#[inline(always)]
fn split_runs<const K: usize>(chunk: &mut [Complex64], r: usize) -> [&mut [f64]; 8] {
    let f: &mut [f64] = bytemuck::cast_slice_mut(chunk);
    let mut it = f.chunks_exact_mut(2 * r);
    std::array::from_fn(|i| {
        if i < (1 << K) {
            it.next().unwrap_or_default()
        } else {
            Default::default()
        }
    })
}

#[inline(always)]
fn load4(run: &[f64], j: usize) -> [f64; 4] {
    // One bounds check for the four lanes.
    let q: &[f64; 4] = run[j..j + 4].try_into().expect("four lanes");
    *q
}

#[inline(always)]
fn store4(run: &mut [f64], j: usize, v: [f64; 4]) {
    run[j..j + 4].copy_from_slice(&v);
}

/// Rotate K qubits on `2^K` equally long runs (as `f64`): element pair j of every run forms a
/// group, loaded into registers, rotated for all K qubits (run i ↔ group index i), stored once;
/// `visit(i, t, v)` then sees run i's rotated quadruple t (amplitudes 2t and 2t+1 of the run)
/// while it is still in registers.
#[inline(always)]
fn mix_run_slices_visit<const K: usize>(
    runs: [&mut [f64]; 8],
    c: f64,
    s: f64,
    mut visit: impl FnMut(usize, usize, &[f64; 4]),
) {
    let m = 1usize << K;
    let quads = runs[0].len() / 4;
    let runs = runs.map(|r| {
        let len = r.len().min(4 * quads);
        &mut r[..len]
    });
    for t in 0..quads {
        let j = 4 * t;
        let mut v = [[0.0f64; 4]; 8];
        for i in 0..m {
            v[i] = load4(runs[i], j);
        }
        for &(x, y) in PAIRS[K] {
            (v[x], v[y]) = rot4(v[x], v[y], c, s);
        }
        for i in 0..m {
            store4(runs[i], j, v[i]);
            visit(i, t, &v[i]);
        }
    }
}

/// [`mix_run_slices_visit`] with nothing to visit.
#[inline(always)]
fn mix_run_slices<const K: usize>(runs: [&mut [f64]; 8], c: f64, s: f64) {
    mix_run_slices_visit::<K>(runs, c, s, |_, _, _| {})
}

/// Rotate K consecutive qubits whose lowest pairs amplitudes `r` apart (r ≥ 2): each chunk of
/// `2^K·r` amplitudes is `2^K` runs of length r.
#[inline(always)]
fn mix_runs<const K: usize>(block: &mut [Complex64], r: usize, c: f64, s: f64) {
    debug_assert!(r >= 2);
    for chunk in block.chunks_exact_mut((1usize << K) * r) {
        mix_run_slices::<K>(split_runs::<K>(chunk, r), c, s);
    }
}

/// Rotate K qubits starting at q over the whole state in place, in parallel: the runs are
/// long and contiguous, so each task streams `2^K` of them side by side.
fn mix_high_in_place<const K: usize>(amps: &mut [Complex64], q: usize, c: f64, s: f64, parallel: bool) {
    let tasks = stream_tasks::<K>(amps, q, parallel);
    if parallel {
        tasks.into_par_iter().for_each(|(_, t)| mix_run_slices::<K>(t, c, s));
    } else {
        tasks.into_iter().for_each(|(_, t)| mix_run_slices::<K>(t, c, s));
    }
}

/// [`mix_high_in_place`] with the per-level probability mass of the result accumulated.
fn mix_high_in_place_measured<const K: usize>(
    amps: &mut [Complex64],
    q: usize,
    index: &[u16],
    n_levels: usize,
    c: f64,
    s: f64,
    parallel: bool,
) -> Vec<f64> {
    let r = 1usize << q;
    let tasks = stream_tasks::<K>(amps, q, parallel);
    let run = |mut acc: Vec<f64>, (base, t): (usize, [&mut [f64]; 8])| {
        mix_run_slices_measured::<K>(t, base, r, index, &mut acc, c, s);
        acc
    };
    if parallel {
        tasks
            .into_par_iter()
            .fold(|| vec![0.0; n_levels], run)
            .reduce(|| vec![0.0; n_levels], add_levels)
    } else {
        tasks.into_iter().fold(vec![0.0; n_levels], run)
    }
}

fn add_levels(mut a: Vec<f64>, b: Vec<f64>) -> Vec<f64> {
    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
    a
}

/// [`mix_run_slices`] on ψ and λ together, returning the K qubits' share of `Im⟨λ|Σ X_q|ψ⟩`,
/// read on the loaded registers before they are rotated (rotating both leaves it unchanged).
#[inline(always)]
fn unmix_run_slices_pair<const K: usize>(rp: [&mut [f64]; 8], rl: [&mut [f64]; 8], c: f64, s: f64) -> f64 {
    let m = 1usize << K;
    let mut ov = ImOverlap::default();
    let quads = rp[0].len() / 4;
    for j in (0..quads).map(|t| 4 * t) {
        let mut vp = [[0.0f64; 4]; 8];
        let mut vl = [[0.0f64; 4]; 8];
        for i in 0..m {
            vp[i] = load4(rp[i], j);
            vl[i] = load4(rl[i], j);
        }
        let sp: [[f64; 4]; 8] = std::array::from_fn(|i| swap_pairs(vp[i]));
        for &(x, y) in PAIRS[K] {
            ov.add(0, vl[x], sp[y]);
            ov.add(1, vl[y], sp[x]);
        }
        for &(x, y) in PAIRS[K] {
            (vp[x], vp[y]) = rot4(vp[x], vp[y], c, s);
            (vl[x], vl[y]) = rot4(vl[x], vl[y], c, s);
        }
        for i in 0..m {
            store4(rp[i], j, vp[i]);
            store4(rl[i], j, vl[i]);
        }
    }
    ov.total()
}

/// [`mix_runs`] on ψ and λ together (see [`unmix_run_slices_pair`]).
#[inline(always)]
fn unmix_runs_pair<const K: usize>(p: &mut [Complex64], l: &mut [Complex64], r: usize, c: f64, s: f64) -> f64 {
    debug_assert!(r >= 2);
    let len = (1usize << K) * r;
    p.chunks_exact_mut(len)
        .zip(l.chunks_exact_mut(len))
        .map(|(pc, lc)| unmix_run_slices_pair::<K>(split_runs::<K>(pc, r), split_runs::<K>(lc, r), c, s))
        .sum()
}

/// The stream-sweep tasks for K qubits from q: for every chunk of `2^K` runs of `2^q`
/// amplitudes, `pieces` column ranges of all its runs (as `f64`), each with the basis index
/// of its first amplitude in run 0 (run i starts `i·2^q` later).
fn stream_tasks<const K: usize>(amps: &mut [Complex64], q: usize, parallel: bool) -> Vec<(usize, [&mut [f64]; 8])> {
    let r = 1usize << q;
    let m = 1usize << K;
    let n_chunks = amps.len() / (m * r);
    // Enough column pieces per chunk to give every thread several tasks.
    let pieces = if parallel {
        (4 * rayon::current_num_threads()).div_ceil(n_chunks).clamp(1, r / 2)
    } else {
        1
    };
    let width = (2 * r / pieces).max(4); // f64 per piece, a multiple of 4
    let mut tasks = Vec::with_capacity(n_chunks * pieces);
    for (chunk_no, chunk) in amps.chunks_exact_mut(m * r).enumerate() {
        let mut iters = split_runs::<K>(chunk, r).map(|run| run.chunks_mut(width));
        for piece in 0..pieces {
            let base = chunk_no * m * r + piece * width / 2;
            tasks.push((base, std::array::from_fn(|i| iters[i].next().unwrap_or_default())));
        }
    }
    tasks
}

/// [`mix_run_slices`], then the probability mass of every rotated amplitude added to
/// `levels[index[k]]` while it is still in registers (k = `base + i·r` + offset in run i).
#[inline(always)]
fn mix_run_slices_measured<const K: usize>(
    runs: [&mut [f64]; 8],
    base: usize,
    r: usize,
    index: &[u16],
    levels: &mut [f64],
    c: f64,
    s: f64,
) {
    mix_run_slices_visit::<K>(runs, c, s, |i, t, v| {
        let k = base + i * r + 2 * t;
        levels[index[k] as usize] += v[0] * v[0] + v[1] * v[1];
        levels[index[k + 1] as usize] += v[2] * v[2] + v[3] * v[3];
    })
}

/// [`mix_high_in_place`] on ψ and λ together, returning the K qubits' share of `Im⟨λ|Σ X_q|ψ⟩`.
fn unmix_high_in_place_pair<const K: usize>(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    q: usize,
    c: f64,
    s: f64,
    parallel: bool,
) -> f64 {
    let tp = stream_tasks::<K>(psi, q, parallel);
    let tl = stream_tasks::<K>(lam, q, parallel);
    if parallel {
        tp.into_par_iter()
            .zip(tl)
            .map(|((_, p), (_, l))| unmix_run_slices_pair::<K>(p, l, c, s))
            .sum()
    } else {
        tp.into_iter()
            .zip(tl)
            .map(|((_, p), (_, l))| unmix_run_slices_pair::<K>(p, l, c, s))
            .sum()
    }
}

/// Qubit 0 of a contiguous block: adjacent amplitudes pair up.
#[inline]
fn mix_adjacent(block: &mut [Complex64], c: f64, s: f64) {
    for pair in block.chunks_exact_mut(2) {
        let (a, b) = rot(pair[0], pair[1], c, s);
        pair[0] = a;
        pair[1] = b;
    }
}

/// [`mix_adjacent`] on ψ and λ, returning qubit 0's `Im⟨λ|X_0|ψ⟩`.
#[inline]
fn unmix_adjacent_pair(p: &mut [Complex64], l: &mut [Complex64], c: f64, s: f64) -> f64 {
    let mut acc = 0.0;
    for (pp, lp) in p.chunks_exact_mut(2).zip(l.chunks_exact_mut(2)) {
        acc += im_overlap(lp[0], pp[1]) + im_overlap(lp[1], pp[0]);
        let (a, b) = rot(pp[0], pp[1], c, s);
        pp[0] = a;
        pp[1] = b;
        let (a, b) = rot(lp[0], lp[1], c, s);
        lp[0] = a;
        lp[1] = b;
    }
    acc
}

/// Rotate qubits `[from, to)` of `block`, where qubit q pairs amplitudes `w·2^q` apart,
/// three qubits per sweep.
#[inline]
fn mix_units(block: &mut [Complex64], w: usize, from: usize, to: usize, c: f64, s: f64) {
    let mut q = from;
    if w << q == 1 && to - q >= 3 && block.len() >= 8 {
        mix_low3(block, c, s);
        q += 3;
    } else if q < to && w << q == 1 {
        mix_adjacent(block, c, s);
        q += 1;
    }
    while q < to {
        let r = w << q;
        match (to - q).min(3) {
            3 => mix_runs::<3>(block, r, c, s),
            2 => mix_runs::<2>(block, r, c, s),
            _ => mix_runs::<1>(block, r, c, s),
        }
        q += 3;
    }
}

/// [`mix_units`] on ψ and λ together, returning their share of `Im⟨λ|Σ X_q|ψ⟩`.
#[inline]
fn unmix_units_pair(p: &mut [Complex64], l: &mut [Complex64], w: usize, from: usize, to: usize, c: f64, s: f64) -> f64 {
    let mut acc = 0.0;
    let mut q = from;
    if w << q == 1 && to - q >= 3 && p.len() >= 8 {
        acc += unmix_low3_pair(p, l, c, s);
        q += 3;
    } else if q < to && w << q == 1 {
        acc += unmix_adjacent_pair(p, l, c, s);
        q += 1;
    }
    while q < to {
        let r = w << q;
        // Two qubits per sweep: ψ and λ together fill the registers.
        acc += match (to - q).min(2) {
            2 => unmix_runs_pair::<2>(p, l, r, c, s),
            _ => unmix_runs_pair::<1>(p, l, r, c, s),
        };
        q += 2;
    }
    acc
}

/// Rotate qubits `[from, to)` of `block` (pairs at distance `2^q` inside it).
#[inline]
fn mix_range(block: &mut [Complex64], from: usize, to: usize, c: f64, s: f64) {
    mix_units(block, 1, from, to, c, s)
}

/// Phase, then qubits `[0, low)`, on one block whose first basis index is `base`.
fn block_forward(block: &mut [Complex64], base: usize, low: usize, phase: Phase<'_>, c: f64, s: f64) {
    let sub = 1usize << low.min(L2_QUBITS);
    for (i, chunk) in block.chunks_mut(sub).enumerate() {
        let k0 = base + i * sub;
        match phase {
            Phase::None => {}
            Phase::Indexed { index, factors } => {
                for (a, &v) in chunk.iter_mut().zip(&index[k0..k0 + sub]) {
                    *a *= factors[v as usize];
                }
            }
            Phase::Dense { costs, gamma } => {
                for (a, &ck) in chunk.iter_mut().zip(&costs[k0..k0 + sub]) {
                    let (si, co) = (gamma * ck).sin_cos();
                    *a *= Complex64::new(co, -si);
                }
            }
        }
        mix_range(chunk, 0, low.min(L2_QUBITS), c, s);
    }
    mix_range(block, L2_QUBITS.min(low), low, c, s);
}

/// The block sweep of a layer over all blocks of `2^low` amplitudes.
fn block_sweep(amps: &mut [Complex64], low: usize, phase: Phase<'_>, c: f64, s: f64, parallel: bool) {
    let block = 1usize << low;
    if parallel {
        amps.par_chunks_mut(block)
            .enumerate()
            .for_each(|(i, b)| block_forward(b, i * block, low, phase, c, s));
    } else {
        amps.chunks_mut(block)
            .enumerate()
            .for_each(|(i, b)| block_forward(b, i * block, low, phase, c, s));
    }
}

/// ψ ← U_B(β)·U_C(γ)·ψ: one QAOA layer (phase fused into the block sweep).
pub fn apply_layer(amps: &mut [Complex64], phase: Phase<'_>, beta: f64) {
    apply_layer_with(amps, phase, beta, &Plan::new(log2_len(amps.len())), PAR_MIN_QUBITS)
}

/// [`apply_layer`] with an explicit plan and serial/parallel threshold.
pub fn apply_layer_with(amps: &mut [Complex64], phase: Phase<'_>, beta: f64, plan: &Plan, par_min_qubits: usize) {
    let n = log2_len(amps.len());
    debug_assert_eq!(plan.num_qubits, n);
    let (s, c) = beta.sin_cos();
    let parallel = n >= par_min_qubits;
    block_sweep(amps, plan.low, phase, c, s, parallel);
    let mut q = plan.low;
    while q < n {
        match (n - q).min(3) {
            3 => mix_high_in_place::<3>(amps, q, c, s, parallel),
            2 => mix_high_in_place::<2>(amps, q, c, s, parallel),
            _ => mix_high_in_place::<1>(amps, q, c, s, parallel),
        }
        q += 3;
    }
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
    let n = log2_len(amps.len());
    let plan = Plan::new(n);
    let (s, c) = beta.sin_cos();
    let parallel = n >= PAR_MIN_QUBITS;
    if plan.low == n {
        // One block holds everything: rotate, then count it while it is in cache.
        block_forward(amps, 0, plan.low, phase, c, s);
        return level_probabilities(amps, index, n_levels);
    }
    block_sweep(amps, plan.low, phase, c, s, parallel);
    let mut q = plan.low;
    loop {
        let k = (n - q).min(3);
        if q + k == n {
            return match k {
                3 => mix_high_in_place_measured::<3>(amps, q, index, n_levels, c, s, parallel),
                2 => mix_high_in_place_measured::<2>(amps, q, index, n_levels, c, s, parallel),
                _ => mix_high_in_place_measured::<1>(amps, q, index, n_levels, c, s, parallel),
            };
        }
        match k {
            3 => mix_high_in_place::<3>(amps, q, c, s, parallel),
            2 => mix_high_in_place::<2>(amps, q, c, s, parallel),
            _ => mix_high_in_place::<1>(amps, q, c, s, parallel),
        }
        q += 3;
    }
}

/// ψ ← U_B(β)ψ with `U_B(β) = Π_q exp(−iβX_q)`.
pub fn apply_mixer_x(amps: &mut [Complex64], beta: f64) {
    apply_layer(amps, Phase::None, beta)
}

/// The backward step of one layer on the state `ψ` and the adjoint `λ`, both after the layer:
/// returns `(Im⟨λ|B|ψ⟩, Im⟨λ|C|ψ⟩)` with `B = Σ_q X_q` and C the layer's cost (`values` per
/// index or `costs`), and un-applies the layer from both (mixer at −β, then the conjugate
/// phase). `⟨λ|X_q|ψ⟩` is read during the un-rotation: it is the same before and after any
/// rotation applied to both vectors. Only imaginary parts are kept: the gradient is made of
/// them, and each costs half the arithmetic of the full overlap.
pub fn unapply_layer_pair(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    phase: Phase<'_>,
    values: Option<&[f64]>,
    beta: f64,
) -> (f64, f64) {
    let n = log2_len(psi.len());
    let plan = Plan::paired(n);
    let (s, c) = (-beta).sin_cos();
    let parallel = n >= PAR_MIN_QUBITS;
    let mut mixer = 0.0;
    let mut q = plan.low;
    while q < n {
        // Two qubits per sweep here: ψ and λ together fill the registers.
        mixer += match (n - q).min(2) {
            2 => unmix_high_in_place_pair::<2>(psi, lam, q, c, s, parallel),
            _ => unmix_high_in_place_pair::<1>(psi, lam, q, c, s, parallel),
        };
        q += 2;
    }
    let block = 1usize << plan.low;
    let work = |(i, (p, l)): (usize, (&mut [Complex64], &mut [Complex64]))| {
        block_backward(p, l, i * block, plan.low, phase, values, c, s)
    };
    let (m, cost) = if parallel {
        psi.par_chunks_mut(block)
            .zip(lam.par_chunks_mut(block))
            .enumerate()
            .map(work)
            .reduce(|| (0.0, 0.0), |x, y| (x.0 + y.0, x.1 + y.1))
    } else {
        psi.chunks_mut(block)
            .zip(lam.chunks_mut(block))
            .enumerate()
            .map(work)
            .fold((0.0, 0.0), |x, y| (x.0 + y.0, x.1 + y.1))
    };
    (mixer + m, cost)
}

/// Low-qubit overlaps and un-rotation, the cost overlap, and the conjugate phase, on one
/// block of both vectors. Returns the imaginary parts `(mixer overlap, cost overlap)`.
#[allow(clippy::too_many_arguments)]
fn block_backward(
    p: &mut [Complex64],
    l: &mut [Complex64],
    base: usize,
    low: usize,
    phase: Phase<'_>,
    values: Option<&[f64]>,
    c: f64,
    s: f64,
) -> (f64, f64) {
    let mut mixer = 0.0;
    let unrotate =
        |p: &mut [Complex64], l: &mut [Complex64], from: usize, to: usize| unmix_units_pair(p, l, 1, from, to, c, s);
    mixer += unrotate(p, l, L2_QUBITS.min(low), low);
    let sub = 1usize << low.min(L2_QUBITS);
    let mut cost = 0.0;
    for (i, (pc, lc)) in p.chunks_mut(sub).zip(l.chunks_mut(sub)).enumerate() {
        mixer += unrotate(pc, lc, 0, low.min(L2_QUBITS));
        let k0 = base + i * sub;
        match phase {
            Phase::None => {}
            Phase::Indexed { index, factors } => {
                let idx = &index[k0..k0 + sub];
                let vals = values.expect("indexed phase comes with its values");
                for ((a, b), &v) in pc.iter_mut().zip(lc.iter_mut()).zip(idx) {
                    cost += im_overlap(*b, *a) * vals[v as usize];
                    // Un-apply: multiply by the conjugate factor.
                    let f = factors[v as usize].conj();
                    *a *= f;
                    *b *= f;
                }
            }
            Phase::Dense { costs, gamma } => {
                for ((a, b), &ck) in pc.iter_mut().zip(lc.iter_mut()).zip(&costs[k0..k0 + sub]) {
                    cost += im_overlap(*b, *a) * ck;
                    let (si, co) = (gamma * ck).sin_cos();
                    let f = Complex64::new(co, si);
                    *a *= f;
                    *b *= f;
                }
            }
        }
    }
    (mixer, cost)
}

/// `amps ← |+⟩^n`, written in parallel.
pub fn fill_uniform(amps: &mut [Complex64]) {
    let a = Complex64::new(1.0 / (amps.len() as f64).sqrt(), 0.0);
    let body = |x: &mut [Complex64]| x.fill(a);
    if log2_len(amps.len()) >= PAR_MIN_QUBITS {
        amps.par_chunks_mut(TASK_LEN).for_each(body);
    } else {
        body(amps);
    }
}

/// `amps ← 0`, keeping its length.
pub fn fill_zero(amps: &mut [Complex64]) {
    let body = |x: &mut [Complex64]| x.fill(Complex64::new(0.0, 0.0));
    if log2_len(amps.len()) >= PAR_MIN_QUBITS {
        amps.par_chunks_mut(TASK_LEN).for_each(body);
    } else {
        body(amps);
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

/// λ_k ← c_k ψ_k for an indexed cost (`values[index[k]]`).
pub fn copy_scaled_indexed(lam: &mut [Complex64], psi: &[Complex64], index: &[u16], values: &[f64]) {
    let body = |((l, p), &i): ((&mut Complex64, &Complex64), &u16)| *l = p * values[i as usize];
    if log2_len(psi.len()) >= PAR_MIN_QUBITS {
        lam.par_iter_mut()
            .zip(psi.par_iter())
            .zip(index.par_iter())
            .for_each(body);
    } else {
        lam.iter_mut().zip(psi.iter()).zip(index.iter()).for_each(body);
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

    /// The textbook mixer: one pass per qubit over all pairs.
    fn naive_mixer(amps: &mut [Complex64], beta: f64) {
        let (s, c) = beta.sin_cos();
        let n = log2_len(amps.len());
        mix_range(amps, 0, n, c, s);
    }

    fn max_diff(a: &[Complex64], b: &[Complex64]) -> f64 {
        a.iter().zip(b).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max)
    }

    #[test]
    fn blocked_layer_equals_naive_for_every_block_size() {
        // Small blocks push most qubits into stream sweeps, including 1- and 2-qubit remainders.
        for n in [1, 2, 5, 9, 15, 17, 19] {
            let psi = random_state(n, n as u64);
            let index: Vec<u16> = (0..psi.len()).map(|k| (k % 7) as u16).collect();
            let factors: Vec<Complex64> = (0..7).map(|v| Complex64::from_polar(1.0, -0.3 * v as f64)).collect();
            let mut expect = psi.clone();
            for (a, &i) in expect.iter_mut().zip(&index) {
                *a *= factors[i as usize];
            }
            naive_mixer(&mut expect, 0.37);
            for low in [1, 2, 3, 4, 7, L2_QUBITS, Plan::new(n).low] {
                let plan = Plan::with_low(n, low);
                for par in [0, usize::MAX] {
                    let mut got = psi.clone();
                    apply_layer_with(
                        &mut got,
                        Phase::Indexed {
                            index: &index,
                            factors: &factors,
                        },
                        0.37,
                        &plan,
                        par,
                    );
                    assert!(max_diff(&got, &expect) < 1e-13, "n={n} low={low} par={par}");
                }
            }
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
            let mut a = psi.clone();
            apply_layer(&mut a, phase, 0.3);
            let expect = level_probabilities(&a, &index, 11);
            let mut b = psi;
            let got = apply_layer_measured(&mut b, phase, 0.3, &index, 11);
            assert!(a == b, "n={n}: the state must not change");
            for (x, y) in got.iter().zip(&expect) {
                assert!((x - y).abs() < 1e-12, "n={n}");
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
    fn large_states_stay_exact() {
        // 21 qubits: seven high qubits, so stream sweeps of three, three and one.
        let n = 21;
        let psi = random_state(n, 1);
        let mut a = psi.clone();
        apply_mixer_x(&mut a, 0.21);
        let mut b = psi;
        naive_mixer(&mut b, 0.21);
        assert!(max_diff(&a, &b) < 1e-13);
    }

    #[test]
    fn backward_step_undoes_the_layer_and_measures_overlaps() {
        for n in [3, 15, 17, 19] {
            let psi0 = random_state(n, 7);
            let lam0 = random_state(n, 8);
            let values: Vec<f64> = (0..5).map(|v| v as f64 * 0.5 - 1.0).collect();
            let index: Vec<u16> = (0..psi0.len()).map(|k| ((k * 31) % 5) as u16).collect();
            let gamma = 0.3;
            let factors: Vec<Complex64> = values.iter().map(|&c| Complex64::from_polar(1.0, -gamma * c)).collect();
            let phase = Phase::Indexed {
                index: &index,
                factors: &factors,
            };
            let mut psi = psi0.clone();
            let mut lam = lam0.clone();
            apply_layer(&mut psi, phase, 0.4);
            apply_layer(&mut lam, phase, 0.4);
            // Expected overlaps, from the naive definitions on the states after the layer.
            let mut mixer = Complex64::new(0.0, 0.0);
            for q in 0..n {
                for k in 0..psi.len() {
                    mixer += lam[k].conj() * psi[k ^ (1 << q)];
                }
            }
            let (m, cost) = unapply_layer_pair(&mut psi, &mut lam, phase, Some(&values), 0.4);
            assert!((m - mixer.im).abs() < 1e-12, "n={n}: {m} vs {mixer}");
            // The cost overlap is taken after the mixer is undone, before the phase is.
            let mut expect_cost = Complex64::new(0.0, 0.0);
            for k in 0..psi0.len() {
                let f = factors[index[k] as usize];
                expect_cost += (lam0[k] * f).conj() * (psi0[k] * f) * values[index[k] as usize];
            }
            assert!((cost - expect_cost.im).abs() < 1e-12);
            assert!(max_diff(&psi, &psi0) < 1e-12 && max_diff(&lam, &lam0) < 1e-12);
        }
    }
}
