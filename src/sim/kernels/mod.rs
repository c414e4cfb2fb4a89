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
//! register. Each qubit's `exp(−iβX)` is applied as `κ·R` (`Rotation`): R costs one permute
//! and one FMA per register, and the n factors κ are folded into the layer's phase, applied
//! first.
//!
//! Index names: `k` is a basis index; a *run* is `2^q` consecutive amplitudes whose bit q is
//! fixed; a *group* is the `2^K` amplitudes that K consecutive qubits pair up.

use super::quad::Quad;
use num_complex::Complex64;
use rayon::prelude::*;

/// States at and above `2^PAR_MIN_QUBITS` amplitudes use rayon; smaller ones run serially.
pub const PAR_MIN_QUBITS: usize = 14;

/// Qubits rotated inside one L2-resident sub-block: 2^14 amplitudes = 256 KiB.
pub const L2_QUBITS: usize = 14;

/// Forward layers of states of at least `2^L3_MIN_QUBITS` amplitudes (128 MiB, four times the
/// development machine's 32 MiB L3) rotate three more qubits in the block sweep, whose blocks
/// (2 to 8 MiB) then sit in L3, and run one stream sweep fewer: there a pass over L3 costs less
/// than a pass over memory. Smaller states are streamed from L3 anyway, and the larger blocks
/// cost more than they save (results/bench.md). The backward step keeps its blocks: a pair
/// vector's are twice as large.
pub const L3_MIN_QUBITS: usize = 23;

/// Stream sweeps that rotate a qubit at or above this one (partners 256 MiB or more apart)
/// inside one segment copy each run's tile through a buffer: on the development machine every
/// such qubit doubled the time of its sweep when the stores went to all runs in turn
/// (results/bench.md). The simulator's segments of 2^24 amplitudes leave no such qubit; a
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

/// `exp(−iβX) = κ·R` on one qubit, where R maps a pair `(a, b)` to `(a − i·t·b, b − i·t·a)`,
/// exchanged when `flip`. Taking out whichever of cos β and sin β is larger keeps |t| ≤ 1.
#[derive(Clone, Copy, Debug)]
struct Rotation {
    t: f64,
    flip: bool,
    kappa: Complex64,
}

impl Rotation {
    fn new(beta: f64) -> Rotation {
        let (s, c) = beta.sin_cos();
        if c.abs() >= s.abs() {
            // c·(I − i·tan β·X).
            Rotation {
                t: s / c,
                flip: false,
                kappa: Complex64::new(c, 0.0),
            }
        } else {
            // −i·s·(X + i·(c/s)·I): the pair exchanged, then the same form with t = −c/s.
            Rotation {
                t: -c / s,
                flip: true,
                kappa: Complex64::new(0.0, -s),
            }
        }
    }

    /// `κ^n`, the factor that R leaves out on n qubits.
    fn scale(&self, n: usize) -> Complex64 {
        let n32 = n as i32;
        if self.flip {
            // (−i·s)^n, the power of −i taken exactly.
            let unit = [(1.0, 0.0), (0.0, -1.0), (-1.0, 0.0), (0.0, 1.0)][n % 4];
            Complex64::new(unit.0, unit.1) * (-self.kappa.im).powi(n32)
        } else {
            Complex64::new(self.kappa.re.powi(n32), 0.0)
        }
    }

    /// `|κ|²`: R on both vectors divides their overlaps by it, once per rotated qubit.
    fn shrink(&self) -> f64 {
        self.kappa.norm_sqr()
    }
}

/// R of a [`Rotation`] in registers; `F` is its `flip`, a type parameter so that the exchange
/// is a renaming of registers.
#[derive(Clone, Copy, Debug)]
struct Mix<const F: bool> {
    t: f64,
    /// `(t, −t, t, −t)`: `−i·t` applied to an amplitude whose re and im were exchanged.
    w: Quad,
}

impl<const F: bool> Mix<F> {
    fn new(t: f64) -> Mix<F> {
        Mix {
            t,
            w: Quad::new([t, -t, t, -t]),
        }
    }
}

/// Run `$body` with `$m` bound to the [`Mix`] of rotation `$rot` (one monomorphised copy per
/// value of `flip`).
macro_rules! with_mix {
    ($rot:expr, |$m:ident| $body:expr) => {
        if $rot.flip {
            let $m = Mix::<true>::new($rot.t);
            $body
        } else {
            let $m = Mix::<false>::new($rot.t);
            $body
        }
    };
}

/// R on one pair of amplitudes.
#[inline(always)]
fn rot<const F: bool>(a: Complex64, b: Complex64, m: Mix<F>) -> (Complex64, Complex64) {
    let t = m.t;
    let u = Complex64::new(b.im.mul_add(t, a.re), b.re.mul_add(-t, a.im));
    let v = Complex64::new(a.im.mul_add(t, b.re), a.re.mul_add(-t, b.im));
    if F {
        (v, u)
    } else {
        (u, v)
    }
}

/// R on two amplitude pairs held as quadruples `(re, im, re, im)`, lane by lane.
#[inline(always)]
fn rot4<const F: bool>(x: Quad, y: Quad, m: Mix<F>) -> (Quad, Quad) {
    let u = y.swap_pairs().mul_add(m.w, x);
    let v = x.swap_pairs().mul_add(m.w, y);
    if F {
        (v, u)
    } else {
        (u, v)
    }
}

/// R on the two amplitudes of one quadruple.
#[inline(always)]
fn rot_halves<const F: bool>(v: Quad, m: Mix<F>) -> Quad {
    let r = v.reverse().mul_add(m.w, v);
    if F {
        r.swap_halves()
    } else {
        r
    }
}

/// `a·f` for two amplitudes and two factors, as quadruples.
#[inline(always)]
fn cmul(a: Quad, f: Quad) -> Quad {
    a.mul_subadd(f.dup_re(), a.swap_pairs().mul(f.dup_im()))
}

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

/// Qubits 0, 1, 2 of eight amplitudes held as four quadruples.
#[inline(always)]
fn rot_low3<const F: bool>(v: &mut [Quad; 4], m: Mix<F>) {
    for x in v.iter_mut() {
        *x = rot_halves(*x, m);
    }
    for &(x, y) in PAIRS[2] {
        (v[x], v[y]) = rot4(v[x], v[y], m);
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
fn load4(run: &[f64], j: usize) -> Quad {
    // One bounds check for the four lanes.
    Quad::load(run[j..j + 4].try_into().expect("four lanes"))
}

#[inline(always)]
fn store4(run: &mut [f64], j: usize, v: Quad) {
    v.store((&mut run[j..j + 4]).try_into().expect("four lanes"))
}

/// Rotate K qubits on `2^K` equally long runs (as `f64`): element pair j of every run forms a
/// group, loaded into registers, rotated for all K qubits (run i ↔ group index i), stored once;
/// `visit(i, t, v)` then sees run i's rotated quadruple t (amplitudes 2t and 2t+1 of the run)
/// while it is still in registers.
#[inline(always)]
fn mix_run_slices_visit<const K: usize, const F: bool>(
    runs: [&mut [f64]; 8],
    m: Mix<F>,
    mut visit: impl FnMut(usize, usize, Quad),
) {
    let group = 1usize << K;
    let quads = runs[0].len() / 4;
    let runs = runs.map(|r| {
        let len = r.len().min(4 * quads);
        &mut r[..len]
    });
    for t in 0..quads {
        let j = 4 * t;
        let mut v = [Quad::zero(); 8];
        for i in 0..group {
            v[i] = load4(runs[i], j);
        }
        for &(x, y) in PAIRS[K] {
            (v[x], v[y]) = rot4(v[x], v[y], m);
        }
        for i in 0..group {
            store4(runs[i], j, v[i]);
            visit(i, t, v[i]);
        }
    }
}

/// The first `w` `f64` of the first `2^K` runs' tiles in `buf` (`TILE` apart) as run slices.
#[inline(always)]
fn tile_runs<const K: usize>(buf: &mut [f64], w: usize) -> [&mut [f64]; 8] {
    let mut it = buf.chunks_exact_mut(TILE);
    std::array::from_fn(|i| match it.next() {
        Some(t) if i < (1 << K) => &mut t[..w],
        _ => Default::default(),
    })
}

/// Copy `w` `f64` from `j0` on of each run into its tile of `buf`.
#[inline(always)]
fn tile_in<const K: usize>(runs: &[&mut [f64]; 8], buf: &mut [f64], j0: usize, w: usize) {
    for (run, t) in runs.iter().zip(buf.chunks_exact_mut(TILE)).take(1 << K) {
        t[..w].copy_from_slice(&run[j0..j0 + w]);
    }
}

/// Copy the tiles of `buf` back to the runs at `j0`.
#[inline(always)]
fn tile_out<const K: usize>(runs: &mut [&mut [f64]; 8], buf: &[f64], j0: usize, w: usize) {
    for (run, t) in runs.iter_mut().zip(buf.chunks_exact(TILE)).take(1 << K) {
        run[j0..j0 + w].copy_from_slice(&t[..w]);
    }
}

/// `body` on the runs, or when `copy` on copies of them tile by tile, each run's tile copied in
/// and out in one piece: in memory, the stores of a sweep go to all runs in turn (see
/// `FAR_QUBIT`). `body` also gets the position of the first quadruple it sees in the runs.
#[inline(always)]
fn through_tiles<const K: usize>(mut runs: [&mut [f64]; 8], copy: bool, mut body: impl FnMut([&mut [f64]; 8], usize)) {
    if !copy {
        body(runs, 0);
        return;
    }
    let mut buf = vec![0.0; TILE << K];
    let len = runs[0].len() / 4 * 4;
    for j0 in (0..len).step_by(TILE) {
        let w = TILE.min(len - j0);
        tile_in::<K>(&runs, &mut buf, j0, w);
        body(tile_runs::<K>(&mut buf, w), j0 / 4);
        tile_out::<K>(&mut runs, &buf, j0, w);
    }
}

/// [`mix_run_slices_visit`], through a buffer when `copy`; the same arithmetic either way.
#[inline(always)]
fn mix_run_slices_maybe_copied<const K: usize, const F: bool>(
    runs: [&mut [f64]; 8],
    m: Mix<F>,
    copy: bool,
    mut visit: impl FnMut(usize, usize, Quad),
) {
    through_tiles::<K>(runs, copy, |r, t0| {
        mix_run_slices_visit::<K, F>(r, m, |i, t, v| visit(i, t0 + t, v))
    })
}

/// [`mix_run_slices_visit`] with nothing to visit.
#[inline(always)]
fn mix_run_slices<const K: usize, const F: bool>(runs: [&mut [f64]; 8], m: Mix<F>) {
    mix_run_slices_visit::<K, F>(runs, m, |_, _, _| {})
}

/// Rotate K consecutive qubits whose lowest pairs amplitudes `r` apart (r ≥ 2): each chunk of
/// `2^K·r` amplitudes is `2^K` runs of length r.
#[inline(always)]
fn mix_runs<const K: usize, const F: bool>(block: &mut [Complex64], r: usize, m: Mix<F>) {
    debug_assert!(r >= 2);
    for chunk in block.chunks_exact_mut((1usize << K) * r) {
        mix_run_slices::<K, F>(split_runs::<K>(chunk, r), m);
    }
}

/// Rotate K qubits starting at q over the whole state in place, in parallel: the runs are
/// long and contiguous, so each task streams `2^K` of them side by side.
/// Through a buffer when `copy`.
fn mix_high_in_place<const K: usize, const F: bool>(
    segs: &mut [&mut [Complex64]],
    q: usize,
    m: Mix<F>,
    parallel: bool,
    copy: bool,
) {
    let tasks = stream_tasks::<K>(segs, q, parallel);
    let work = |(_, t)| mix_run_slices_maybe_copied::<K, F>(t, m, copy, |_, _, _| {});
    if parallel {
        tasks.into_par_iter().for_each(work);
    } else {
        tasks.into_iter().for_each(work);
    }
}

/// Whether the stream sweep of K qubits from q goes through a buffer: when one of them pairs
/// amplitudes `2^FAR_QUBIT` or more apart inside one segment of `2^seg_q` amplitudes (partners
/// in different segments are kept off that alignment by the gap between them).
fn copied(q: usize, k: usize, seg_q: usize) -> bool {
    q.max(FAR_QUBIT) < (q + k).min(seg_q)
}

/// [`mix_high_in_place`] with the per-level probability mass of the result accumulated.
fn mix_high_in_place_measured<const K: usize, const F: bool>(
    segs: &mut [&mut [Complex64]],
    q: usize,
    index: &[u16],
    n_levels: usize,
    m: Mix<F>,
    parallel: bool,
    copy: bool,
) -> Vec<f64> {
    let r = 1usize << q;
    let tasks = stream_tasks::<K>(segs, q, parallel);
    let run = |mut acc: Vec<f64>, (base, t): (usize, [&mut [f64]; 8])| {
        mix_run_slices_measured::<K, F>(t, base, r, index, &mut acc, m, copy);
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

/// The stream-sweep tasks for K qubits from q over a state held in equal segments: for every
/// chunk of `2^K` runs of `2^q` amplitudes, `pieces` column windows of all its runs (as `f64`),
/// each with the basis index of its first amplitude in run 0 (run i starts `i·2^q` later).
/// Windows are powers of two that never cross a segment's end.
fn stream_tasks<'a, const K: usize>(
    segs: &'a mut [&mut [Complex64]],
    q: usize,
    parallel: bool,
) -> Vec<(usize, [&'a mut [f64]; 8])> {
    let r = 1usize << q;
    let group = 1usize << K;
    let seg = segs[0].len();
    let n_chunks = seg * segs.len() / (group * r);
    // Enough column pieces per chunk to give every thread several tasks.
    let wanted = if parallel {
        (4 * rayon::current_num_threads())
            .div_ceil(n_chunks)
            .clamp(1, (r / 2).max(1))
    } else {
        1
    };
    let pieces = wanted.next_power_of_two().max(r / seg.min(r));
    let width = r / pieces;
    let mut windows: Vec<Option<&'a mut [f64]>> = segs
        .iter_mut()
        .flat_map(|x| bytemuck::cast_slice_mut::<Complex64, f64>(x).chunks_exact_mut(2 * width))
        .map(Some)
        .collect();
    let mut tasks = Vec::with_capacity(n_chunks * pieces);
    for chunk_no in 0..n_chunks {
        for piece in 0..pieces {
            let base = chunk_no * group * r + piece * width;
            tasks.push((
                base,
                std::array::from_fn(|i| {
                    if i < group {
                        windows[(base + i * r) / width].take().expect("each window in one task")
                    } else {
                        Default::default()
                    }
                }),
            ));
        }
    }
    tasks
}

/// [`mix_run_slices`], then the probability mass of every rotated amplitude added to
/// `levels[index[k]]` while it is still in registers (k = `base + i·r` + offset in run i).
#[inline(always)]
fn mix_run_slices_measured<const K: usize, const F: bool>(
    runs: [&mut [f64]; 8],
    base: usize,
    r: usize,
    index: &[u16],
    levels: &mut [f64],
    m: Mix<F>,
    copy: bool,
) {
    mix_run_slices_maybe_copied::<K, F>(runs, m, copy, |i, t, v| {
        let k = base + i * r + 2 * t;
        let sq = v.mul(v).to_array();
        levels[index[k] as usize] += sq[0] + sq[1];
        levels[index[k + 1] as usize] += sq[2] + sq[3];
    })
}

/// Qubit 0 of a contiguous block: adjacent amplitudes pair up.
#[inline]
fn mix_adjacent<const F: bool>(block: &mut [Complex64], m: Mix<F>) {
    for pair in block.chunks_exact_mut(2) {
        (pair[0], pair[1]) = rot(pair[0], pair[1], m);
    }
}

/// Rotate qubits `[from, to)` of `block` (pairs at distance `2^q` inside it), three qubits
/// per sweep.
#[inline]
fn mix_range<const F: bool>(block: &mut [Complex64], from: usize, to: usize, m: Mix<F>) {
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
            3 => mix_runs::<3, F>(block, r, m),
            2 => mix_runs::<2, F>(block, r, m),
            _ => mix_runs::<1, F>(block, r, m),
        }
        q += 3;
    }
}

/// A layer's diagonal with the factor κ^n of its rotations folded in.
#[derive(Clone, Copy)]
enum Diag<'a> {
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
    fn new(phase: Phase<'a>, scale: Complex64, inverse: bool, buf: &'a mut Vec<Complex64>) -> Diag<'a> {
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
/// `uniform` in every amplitude, and is not read.
#[inline]
fn phase_mix_low3<const F: bool, const FRESH: bool>(
    block: &mut [Complex64],
    k0: usize,
    index: &[u16],
    factors: &[Complex64],
    m: Mix<F>,
    uniform: f64,
) {
    let idx = &index[k0..k0 + block.len()];
    let fac: &[[f64; 2]] = bytemuck::cast_slice(factors);
    let f: &mut [f64] = bytemuck::cast_slice_mut(block);
    let a = Quad::new([uniform, 0.0, uniform, 0.0]);
    for (chunk, ix) in f.chunks_exact_mut(16).zip(idx.chunks_exact(8)) {
        let mut v: [Quad; 4] = std::array::from_fn(|i| {
            let fq = Quad::load_pair(&fac[ix[2 * i] as usize], &fac[ix[2 * i + 1] as usize]);
            cmul(if FRESH { a } else { load4(chunk, 4 * i) }, fq)
        });
        rot_low3(&mut v, m);
        for (i, x) in v.iter().enumerate() {
            store4(chunk, 4 * i, *x);
        }
    }
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
fn block_forward<const F: bool>(
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
                    Input::State => phase_mix_low3::<F, false>(chunk, k0, index, factors, m, 0.0),
                    Input::Uniform(a) => phase_mix_low3::<F, true>(chunk, k0, index, factors, m, a),
                }
                mix_range(chunk, 3, l2, m);
            }
            _ => {
                if let Input::Uniform(a) = input {
                    chunk.fill(Complex64::new(a, 0.0));
                }
                diag.apply(chunk, k0);
                mix_range(chunk, 0, l2, m);
            }
        }
    }
    mix_range(block, l2, low, m);
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

/// The block sweep of a layer over all blocks of `2^low` amplitudes.
fn block_sweep<const F: bool>(
    segs: &mut [&mut [Complex64]],
    low: usize,
    diag: Diag<'_>,
    m: Mix<F>,
    input: Input,
    parallel: bool,
) {
    let work = |(base, b): (usize, &mut [Complex64])| block_forward(b, base, low, diag, m, input);
    if parallel {
        blocks(segs, 1 << low).into_par_iter().for_each(work);
    } else {
        blocks(segs, 1 << low).into_iter().for_each(work);
    }
}

/// The stream sweeps of qubits `[from, to)`, three at a time.
fn stream_sweeps<const F: bool>(segs: &mut [&mut [Complex64]], from: usize, to: usize, m: Mix<F>, parallel: bool) {
    let seg_q = log2_len(segs[0].len());
    let mut q = from;
    while q < to {
        let k = (to - q).min(3);
        let copy = copied(q, k, seg_q);
        match k {
            3 => mix_high_in_place::<3, F>(segs, q, m, parallel, copy),
            2 => mix_high_in_place::<2, F>(segs, q, m, parallel, copy),
            _ => mix_high_in_place::<1, F>(segs, q, m, parallel, copy),
        }
        q += 3;
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
    layer(segs, phase, beta, &plan, PAR_MIN_QUBITS, input)
}

/// [`apply_layer`] with an explicit plan and serial/parallel threshold.
pub fn apply_layer_with(amps: &mut [Complex64], phase: Phase<'_>, beta: f64, plan: &Plan, par_min_qubits: usize) {
    layer(&mut [amps], phase, beta, plan, par_min_qubits, Input::State)
}

/// Qubits of a segmented state (`extra` = 1 for a pair vector, whose index has one qubit fewer
/// than its amplitudes) and the plan of its sweeps, with blocks no longer than a segment.
fn segment_plan(segs: &[&mut [Complex64]], extra: usize) -> Plan {
    let total = segs[0].len() * segs.len();
    let n = log2_len(total) - extra;
    let plan = if extra == 0 { Plan::new(n) } else { Plan::pairs(n) };
    Plan::with_low(n, plan.low.min(log2_len(segs[0].len()) - extra))
}

fn layer(segs: &mut [&mut [Complex64]], phase: Phase<'_>, beta: f64, plan: &Plan, par_min_qubits: usize, input: Input) {
    let n = plan.num_qubits;
    debug_assert_eq!(log2_len(segs[0].len() * segs.len()), n);
    let rot = Rotation::new(beta);
    let mut buf = Vec::new();
    let diag = Diag::new(phase, rot.scale(n), false, &mut buf);
    let parallel = n >= par_min_qubits;
    with_mix!(rot, |m| {
        block_sweep(segs, plan.low, diag, m, input, parallel);
        stream_sweeps(segs, plan.low, n, m, parallel);
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
    with_mix!(rot, |m| layer_measured(
        segs, &plan, diag, m, index, n_levels, input, parallel
    ))
}

#[allow(clippy::too_many_arguments)]
fn layer_measured<const F: bool>(
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
        block_forward(amps, 0, plan.low, diag, m, input);
        return level_probabilities(amps, index, n_levels);
    }
    block_sweep(segs, plan.low, diag, m, input, parallel);
    // All stream sweeps but the last, which also counts.
    let last = plan.low + 3 * ((n - plan.low - 1) / 3);
    stream_sweeps(segs, plan.low, last, m, parallel);
    let copy = copied(last, n - last, log2_len(segs[0].len()));
    match n - last {
        3 => mix_high_in_place_measured::<3, F>(segs, last, index, n_levels, m, parallel, copy),
        2 => mix_high_in_place_measured::<2, F>(segs, last, index, n_levels, m, parallel, copy),
        _ => mix_high_in_place_measured::<1, F>(segs, last, index, n_levels, m, parallel, copy),
    }
}

/// ψ ← U_B(β)ψ with `U_B(β) = Π_q exp(−iβX_q)`.
pub fn apply_mixer_x(amps: &mut [Complex64], beta: f64) {
    apply_layer(amps, Phase::None, beta)
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

/// [`interleave_pair`] on a segmented `z` ([`apply_layer_segments`]): ψ in its first half of
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

/// [`unmix_pair_slices`], through a buffer when `copy` (as [`mix_run_slices_maybe_copied`]);
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
fn unmix_pair_high<const K: usize, const F: bool>(
    z: &mut [&mut [Complex64]],
    q: usize,
    m: Mix<F>,
    parallel: bool,
    copy: bool,
) -> f64 {
    let tasks = stream_tasks::<K>(z, q + 1, parallel);
    let work = |(_, t)| unmix_pair_slices_maybe_copied::<K, F>(t, m, copy);
    if parallel {
        tasks.into_par_iter().map(work).sum()
    } else {
        tasks.into_iter().map(work).sum()
    }
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
    let (b, cost) = if parallel {
        blocks(z, 2 << plan.low)
            .into_par_iter()
            .map(work)
            .reduce(|| (0.0, 0.0), |x, y| (x.0 + y.0, x.1 + y.1))
    } else {
        blocks(z, 2 << plan.low)
            .into_iter()
            .map(work)
            .fold((0.0, 0.0), |x, y| (x.0 + y.0, x.1 + y.1))
    };
    (mixer + b, cost)
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
    probability_of_segments(&[amps], states)
}

/// [`probability_of`] on a segmented state ([`apply_layer_segments`]).
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
    use rand::Rng;

    fn random_state(n: usize, seed: u64) -> Vec<Complex64> {
        let mut rng = crate::rng::seeded(seed);
        let mut v: Vec<Complex64> = (0..1usize << n)
            .map(|_| Complex64::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)))
            .collect();
        let norm = v.iter().map(|a| a.norm_sqr()).sum::<f64>().sqrt();
        v.iter_mut().for_each(|a| *a /= norm);
        v
    }

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

    /// Angles on both sides of |β| = π/4 (mod π/2), where the rotation changes form.
    const BETAS: [f64; 5] = [
        0.37,
        1.2,
        -2.5,
        std::f64::consts::FRAC_PI_4,
        -3.0 * std::f64::consts::FRAC_PI_4,
    ];

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
                phase_mix_low3::<_, false>(&mut b, 512, &index, &factors, m, 0.0);
            });
            assert!(a == b, "beta={beta}");
        }
    }

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
    fn copied_stream_sweeps_are_bit_identical_to_direct_ones() {
        // Runs shorter than a tile, one tile, and several with a partial last one (the parallel
        // column pieces cut runs anywhere on a quadruple).
        let n = 16;
        let index: Vec<u16> = (0..1usize << n).map(|k| (k % 7) as u16).collect();
        let lam0 = random_state(n, 5);
        for par in [false, true] {
            for q in [2, 9, 10, 13] {
                for beta in [0.3, 1.2] {
                    let rot = Rotation::new(beta);
                    let psi0 = random_state(n, q as u64);
                    with_mix!(rot, |m| {
                        let (mut a, mut b) = (psi0.clone(), psi0.clone());
                        mix_high_in_place::<3, _>(&mut [&mut a[..]], q, m, par, false);
                        mix_high_in_place::<3, _>(&mut [&mut b[..]], q, m, par, true);
                        assert!(a == b, "q={q} par={par}");
                        let la = mix_high_in_place_measured::<2, _>(&mut [&mut a[..]], q, &index, 7, m, par, false);
                        let lb = mix_high_in_place_measured::<2, _>(&mut [&mut b[..]], q, &index, 7, m, par, true);
                        // Parallel sums are grouped by whichever thread takes a task.
                        let same = |x: f64, y: f64| {
                            if par {
                                (x - y).abs() < 1e-12
                            } else {
                                x.to_bits() == y.to_bits()
                            }
                        };
                        assert!(
                            a == b && la.iter().zip(&lb).all(|(x, y)| same(*x, *y)),
                            "measured q={q} par={par}"
                        );
                        // A pair vector (here ψ beside λ): index qubit q − 1 is amplitude qubit q.
                        let z: Vec<Complex64> = a.iter().zip(&lam0).flat_map(|(x, y)| [*x, *y]).collect();
                        let (mut za, mut zb) = (z.clone(), z);
                        let pa = unmix_pair_high::<3, _>(&mut [&mut za[..]], q - 1, m, par, false);
                        let pb = unmix_pair_high::<3, _>(&mut [&mut zb[..]], q - 1, m, par, true);
                        assert!(za == zb && same(pa, pb), "pair vector q={q} par={par}");
                    })
                }
            }
        }
        assert!(!copied(FAR_QUBIT - 3, 3, 40) && copied(FAR_QUBIT - 2, 3, 40) && copied(FAR_QUBIT, 1, 40));
        // Far partners in different segments are not copied.
        assert!(!copied(FAR_QUBIT - 2, 3, FAR_QUBIT) && copied(FAR_QUBIT - 2, 3, FAR_QUBIT + 1));
    }

    /// `v` laid out in segments of `2^seg_q` amplitudes, each followed by a gap of `GAP`
    /// sentinels, as the simulator holds long states.
    const GAP: usize = 3;
    const SENTINEL: Complex64 = Complex64::new(7.0, -7.0);

    fn with_gaps(v: &[Complex64], seg_q: usize) -> Vec<Complex64> {
        v.chunks(1 << seg_q)
            .flat_map(|c| c.iter().copied().chain([SENTINEL; GAP]))
            .collect()
    }

    fn views(buf: &mut [Complex64], seg_q: usize) -> Vec<&mut [Complex64]> {
        buf.chunks_mut((1 << seg_q) + GAP)
            .map(|c| &mut c[..1 << seg_q])
            .collect()
    }

    /// The amplitudes of a segmented buffer in basis order, after checking its gaps.
    fn without_gaps(buf: &[Complex64], seg_q: usize) -> Vec<Complex64> {
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
