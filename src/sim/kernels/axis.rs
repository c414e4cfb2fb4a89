//! Mixers on the axes of a mixed-radix state (block spaces, docs/ARCHITECTURE.md "Spaces and mixers").
//!
//! The state is `amps[k]` with `k = Σ_a d_a · stride_a`, digit `d_a < radix_a`, axis 0 the
//! fastest. An axis carries a gate list: gate g pairs some of the axis's states, and each pair
//! `(a, b)` gets the rotation `[[c, −is], [−is, c]]` (`c = cos β`, `s = sin β`): an XY gate
//! `exp(−iβ(XX+YY)/2)` on a block's weight-k states swaps the two states that differ on its
//! qubits, and `exp(−iβX)` on a free qubit pairs its 0 and 1. The pairs of one gate are
//! disjoint, so a gate is a set of independent 2×2 rotations; gates of one axis run in order,
//! and gates of different axes commute.
//!
//! Memory traffic: the leading axes whose radices multiply to at most a unit's amplitudes are
//! *fused*: one pass over the state applies the cost phase and all their gates to each
//! contiguous unit in cache. Every other axis takes one pass: its `radix` rows of `stride`
//! amplitudes are rotated in column windows, so each window's rows stay in cache across the
//! axis's gates. So a layer makes `1 + (axes − fused)` passes, and neighbouring outer axes are
//! merged to make fewer. The adjoint step's plan ([`plan_axes`]): units of 2^15 amplitudes
//! (ψ and λ together 1 MiB, L2), outer axes merged greedily up to 729 states, in column
//! windows of 2^16 amplitudes of each state (rows of 2 KiB and more for radices up to 512,
//! which spread over L2's sets); its units and windows fix the order of its overlap sums, so
//! the gradient's bits. The layer's plan ([`plan_forward`]): fused axes spanning up to 2^16
//! amplitudes (one state), outer axes in the fewest and most even groups of at most 729; 8^8
//! makes 2 passes per layer either way, 9^9 3 (81 and 81 rows forward, 729 and 81 backward).
//! A layer's bits depend only on the order of the axes, which any plan keeps.
//!
//! The fused pass's rotations run on a unit in cache while the memory would idle, so a forward
//! task runs `UNITS_PER_TASK` units in a row (fewer where that would leave fewer than
//! `MIN_TASKS` tasks, so that a state of a few units, 8^6's 8, runs on every thread) and each
//! unit's rotations fetch the next unit and its costs, line by line, spread over their loads
//! ([`Ahead`]). A forward outer ring axis whose rows are not a whole number of pages apart runs
//! in windows of 2^18 amplitudes, each fetching the next while it turns ([`forward_windows`]);
//! other outer axes run in windows of 2^17 without (rows a page multiple apart share cache
//! sets: there the fetch evicted the window it served, and at 2^17 it gained nothing). Held
//! apart, a ring of three factors and more runs all but its last factor group by group
//! ([`rotate_rings_grouped`]), so that a window larger than L2 is swept twice, not once per
//! factor.
//! The adjoint's fused pass un-applies the unit's last fused axis on the whole unit, then the
//! other axes and the phase row by row of it.
//!
//! Arithmetic: every rotation runs on [`Quad`]s, two amplitudes of a row and the same two of its
//! partner row at a time. The first axis (stride 1, rows of one amplitude) pairs one amplitude
//! of each of two neighbouring chunks in a register instead, loaded and stored in halves. (A
//! tile transposed into a buffer, to give this axis long rows, cost more in its transposes
//! than it saved: 8^8 layer 0.12 s against 0.09 s.) When the first axis is a product of ring
//! blocks, its first block's consecutive amplitudes are held in registers instead across all
//! the block's gates: an even block as quadruples, its gates inside and between neighbours
//! ([`ring_blocks_consecutive`]; blocks of 4 and 8 on [`Four`]s, [`ring_blocks_four`], and
//! with AVX-512 a square of two such factors, 8^8's first axis, wholly in registers,
//! [`ring_squares_four`]), an odd one (9^9's rows) as one register per state holding
//! that state of two neighbouring chunks ([`ring_blocks_paired`]), and with AVX-512 a square
//! of two odd factors (9^9's 9x9) four squares at a time, one amplitude of each per register
//! ([`ring_squares_apart`]), and with the next axis a ring of the same size at stride R²
//! (9^9, 7^7) the cube of all three factors four cubes at a time ([`ring_cubes_apart`]),
//! which also spares that axis its rows' unaligned loads (forward only: the adjoint keeps the
//! paired blocks, whose overlap sums fix the gradient's bits; the even kernels' adjoints,
//! [`unring_squares_four`] and [`unring_blocks_four`], keep them); the other blocks are rotated as
//! rows of the first block's length. Every other axis that is a product of
//! one-hot blocks with the XY ring (the Queens and Star Battle row spaces) holds each block's
//! rows in registers across all the block's gates ([`rotate_rings`]), one load and one store
//! per amplitude instead of one per gate, four amplitudes of a row at a time ([`Four`]:
//! one register with AVX-512); other axes rotate pair by pair from their lists. Where the rows
//! are held apart (the column parts of an axis spanning the state), a block borrows its long
//! rows once ([`Rows::block`]) instead of reading the row table at every load and store. The adjoint
//! step mirrors each of these kernels on ψ and λ at once ([`backward_rings`]), gates last
//! first, each gate's overlap summed in registers before it is undone. Where ψ and λ rows a
//! power of two apart are held at once, the two states must not share their page offset, or
//! their rows fall into the same L1 sets (the block simulator starts λ 1 KiB further on).
//!
//! Threads: an axis with many chunks shares them out, else the columns of its rows. A large
//! axis with short rows (one Dicke block over all qubits) has neither: each gate is cut into
//! parts no pair crosses ([`Axis::parts`]), run in parallel gate after gate.
//!
//! Sums (the adjoint overlaps) are taken per work unit, units fixed by the state's shape and
//! never by the thread count, and added in unit order: the same bytes on any thread count and
//! on every register width (the wide registers' lanes are added quadruple by quadruple).

use super::{Phase, Start};
use crate::mixer::{xy_edges, MixerKind};
use crate::sim::quad::{
    four_apart, prefetch, ring4_partners, ring8_partners, store_four_apart, Four, Lanes, Quad, Wide,
};
use num_complex::Complex64;
use rayon::prelude::*;

/// Amplitudes per part of the fixed-order sums over a state (probabilities, weighted sums).
pub const TILE: usize = 1 << 13;

/// Amplitudes of one unit of the fused axes (512 KiB of a state, in L2).
pub const UNIT: usize = 1 << 15;

/// Most states of an outer axis that a layer merges (three radix-9 axes).
pub const MERGED: usize = 729;

/// Amplitudes of one adjoint column window of ψ, and as many of λ: together the bytes of a
/// forward window.
const BACKWARD_WINDOW: usize = WINDOW / 2;

/// Amplitudes of one forward column window of an outer axis (2 MiB): rows of 4 KiB and more for
/// radices up to 512, so that rows a power of two apart, which share their page offset, spread
/// over all of L2's sets instead of a few.
const WINDOW: usize = 1 << 17;

/// Amplitudes of one forward column window of a ring axis whose rows are held apart (4 MiB):
/// the window's rows turn while the next window's come in ([`forward_windows`]); the two are
/// larger than L2, but each row's run in a window is long (52 KiB for 81 rows).
const FETCH_WINDOW: usize = 1 << 18;

/// Bytes per page.
const PAGE: usize = 4096;

/// Amplitudes λ starts after ψ's page offset in the gradient (1 KiB): the adjoint kernels hold
/// rows of ψ and λ a power of two apart at once, and with equal offsets the two states' rows
/// would all fall into the same L1 sets (docs/ARCHITECTURE.md, "Spaces and mixers").
pub const LAMBDA_SKEW: usize = 64;

/// States below this many amplitudes run serially.
const PAR_MIN: usize = 1 << 14;

/// An axis with fewer chunks than this is split into column parts for rayon.
const ROW_SPLIT: usize = 16;

/// Forward units one task runs in a row: each unit's rotations fetch the next one.
const UNITS_PER_TASK: usize = 16;

/// Fewest tasks a forward fused pass is cut into where the state has as many units (four for
/// each of 16 threads, as the stream sweeps): a state of a few units (8^6 has 8) would
/// otherwise be one task, run on one thread.
const MIN_TASKS: usize = 64;

/// Bytes per cache line.
const LINE: usize = 64;

/// The data a kernel fetches while it computes on data already in cache (the next fused unit
/// and its costs), line by line, spread evenly over the kernel's loads (`tick`), so that the
/// memory works while the rotations run instead of idling until the phase reads the unit.
/// A hint only: no value depends on it.
struct Ahead<'a> {
    regions: Vec<&'a [u8]>,
    /// Where the next line is: region, byte.
    region: usize,
    at: usize,
    /// Lines in all, lines fetched, and the loads they are spread over.
    lines: usize,
    fetched: usize,
    loads: usize,
    /// Loads counted so far, and the count at which the next line is due.
    done: usize,
    due: usize,
}

impl<'a> Ahead<'a> {
    /// Nothing to fetch.
    fn nothing() -> Ahead<'a> {
        Ahead::new(Vec::new(), 0)
    }

    /// Fetch `regions` over `loads` amplitude loads: line k (from 0) is due at load
    /// `(k + 1)·loads / lines`, so all of them by the last.
    fn new(regions: Vec<&'a [u8]>, loads: usize) -> Ahead<'a> {
        let lines = regions.iter().map(|r| r.len().div_ceil(LINE)).sum();
        let mut ahead = Ahead {
            regions,
            region: 0,
            at: 0,
            lines,
            fetched: 0,
            loads,
            done: 0,
            due: 0,
        };
        ahead.due = ahead.next_due();
        ahead
    }

    fn next_due(&self) -> usize {
        if self.fetched < self.lines {
            (self.fetched + 1) * self.loads / self.lines
        } else {
            usize::MAX
        }
    }

    /// `loads` more amplitudes loaded: fetch the lines that are due.
    #[inline(always)]
    fn tick(&mut self, loads: usize) {
        self.done += loads;
        while self.done >= self.due {
            self.fetch_line();
        }
    }

    fn fetch_line(&mut self) {
        while self.at >= self.regions[self.region].len() {
            self.region += 1;
            self.at = 0;
        }
        prefetch(&self.regions[self.region][self.at]);
        self.at += LINE;
        self.fetched += 1;
        self.due = self.next_due();
    }
}

/// Amplitude loads of `axis`'s gates on `len` amplitudes, as the forward kernels count them
/// in [`Ahead::tick`]: each ring factor loads every amplitude once, a pair list each pair's
/// two rows (test `forward_kernels_tick_every_load`).
fn loads(axis: &Axis, len: usize) -> usize {
    if axis.ring.is_empty() {
        2 * axis.pairs.len() * (len / axis.radix)
    } else {
        axis.ring.len() * len
    }
}

/// One axis of a mixed-radix state and the pairs its gates rotate.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// Number of states on the axis.
    pub radix: usize,
    /// Distance in amplitudes between neighbouring digits (product of the earlier radices).
    pub stride: usize,
    /// The pairs of every gate, gate after gate.
    pub pairs: Vec<(u32, u32)>,
    /// Gate g owns `pairs[starts[g]..starts[g + 1]]` (one more entry than gates).
    pub starts: Vec<usize>,
    /// For an axis of at least `PART_MIN_RADIX` states, each gate's parts: runs of
    /// neighbouring states that no pair of the gate crosses, as (first state, first pair), the
    /// gate's pairs sorted by their lower state. Threads rotate the parts apart when the axis
    /// has too few chunks and columns to share (one Dicke block over all qubits). Empty for
    /// smaller axes.
    pub parts: Vec<Vec<(usize, usize)>>,
    /// When the axis is a product of one-hot blocks with the XY ring (gate lists as the block
    /// space builds them from `mixer::xy_edges`), their sizes, fastest first (at most
    /// `RING_MAX` each); else empty. Such an axis is rotated block by block in registers.
    pub ring: Vec<usize>,
}

/// Largest block the ring kernel holds in registers.
const RING_MAX: usize = 9;

/// The gates of the XY ring on a one-hot block of `r` states (state i: the one on qubit i),
/// as the block space builds them from [`xy_edges`]: one pair per gate, in edge order.
fn ring_gates(r: usize) -> Vec<Vec<(u32, u32)>> {
    xy_edges(r, MixerKind::XyRing)
        .into_iter()
        .map(|(i, j)| vec![(i as u32, j as u32)])
        .collect()
}

impl Axis {
    /// The axis with these gates (each a list of disjoint pairs of axis states).
    pub fn new(radix: usize, stride: usize, gates: &[Vec<(u32, u32)>]) -> Axis {
        let mut starts = vec![0];
        let mut pairs = Vec::new();
        let mut parts = Vec::new();
        for g in gates {
            debug_assert!(g
                .iter()
                .all(|&(a, b)| (a as usize) < radix && (b as usize) < radix && a != b));
            let first = pairs.len();
            pairs.extend_from_slice(g);
            if radix >= PART_MIN_RADIX {
                let gate = &mut pairs[first..];
                // The pairs of a gate are disjoint, so their lower states are distinct: the
                // order is fixed by the gate, and rotating them in it changes no bit.
                let lower = |&(a, b): &(u32, u32)| a.min(b);
                if !gate.is_sorted_by_key(lower) {
                    gate.sort_unstable_by_key(lower);
                }
                parts.push(gate_parts(gate, radix));
            }
            starts.push(pairs.len());
        }
        let ring = if (2..=RING_MAX).contains(&radix) && gates == ring_gates(radix) {
            vec![radix]
        } else {
            Vec::new()
        };
        Axis {
            radix,
            stride,
            pairs,
            starts,
            parts,
            ring,
        }
    }

    /// Number of gates.
    pub fn gates(&self) -> usize {
        self.starts.len() - 1
    }

    fn gate(&self, g: usize) -> &[(u32, u32)] {
        &self.pairs[self.starts[g]..self.starts[g + 1]]
    }

    /// Amplitudes one digit step of the next axis spans.
    fn span(&self) -> usize {
        self.radix * self.stride
    }
}

/// Axes of at least this many states are cut into parts for threads (see [`Axis::parts`]).
const PART_MIN_RADIX: usize = 1 << 14;

/// Parts a large axis's gate is cut into, at most: fixed by the axis, never by the threads,
/// so the overlap sums are added in the same order on any thread count.
const PARTS: usize = 64;

/// The parts of one gate (pairs sorted by lower state) of an axis of `radix` states: cuts
/// between states that no pair crosses, the first such at or after each multiple of
/// `radix / PARTS`.
fn gate_parts(gate: &[(u32, u32)], radix: usize) -> Vec<(usize, usize)> {
    let mut parts = vec![(0, 0)];
    // One past the highest state of the pairs before pair i: a cut in reach..=lo crosses none.
    let mut reach = 0;
    for (i, &(a, b)) in gate.iter().enumerate() {
        let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
        while parts.len() < PARTS {
            let last = parts[parts.len() - 1].0;
            let cut = (parts.len() * radix / PARTS).max(reach).max(last + 1);
            if cut > lo {
                break;
            }
            parts.push((cut, i));
        }
        reach = reach.max(hi + 1);
    }
    parts
}

/// Most states of the first axis made by merging fused axes: 128 takes two radix-9 axes (81
/// states) as well as two radix-8 ones.
pub const MERGED_RADIX: usize = 128;

/// Axes `a` then `b` (b's stride is a's span) as one axis of `a.radix · b.radix` states: a's
/// gates for every digit of b, then b's gates for every digit of a. Gates of different axes
/// commute, so the product is the same; pairs of one gate stay disjoint.
pub fn merge_axes(a: &Axis, b: &Axis) -> Axis {
    debug_assert_eq!(b.stride, a.span());
    let (ra, rb) = (a.radix, b.radix);
    let mut gates: Vec<Vec<(u32, u32)>> = Vec::new();
    for g in 0..a.gates() {
        gates.push(
            (0..rb)
                .flat_map(|db| {
                    a.gate(g)
                        .iter()
                        .map(move |&(x, y)| (x + (ra * db) as u32, y + (ra * db) as u32))
                })
                .collect(),
        );
    }
    for g in 0..b.gates() {
        gates.push(
            (0..ra)
                .flat_map(|da| {
                    b.gate(g)
                        .iter()
                        .map(move |&(x, y)| (da as u32 + ra as u32 * x, da as u32 + ra as u32 * y))
                })
                .collect(),
        );
    }
    let mut merged = Axis::new(ra * rb, a.stride, &gates);
    if !a.ring.is_empty() && !b.ring.is_empty() {
        merged.ring = [&a.ring[..], &b.ring[..]].concat();
    }
    merged
}

/// The axes the adjoint step runs ([`unapply_layer_axes`]; a layer runs [`plan_forward`]'s):
/// neighbours merged greedily, among the fused ones only onto the first axis (up to
/// `MERGED_RADIX` states, so that the first axis has many pairs per chunk and the others keep
/// their long rows), fused while their radices multiply to at most `UNIT` and the outer
/// ones merged up to `MERGED` (729) states, so that 8^8 makes two passes per layer
/// instead of three and 9^9 three instead of four. A layer's bits depend only on the order of
/// the axes, which any plan keeps, so the unplanned axes give the same state.
pub fn plan_axes(axes: Vec<Axis>) -> Vec<Axis> {
    plan_within(axes, UNIT, MERGED)
}

/// Fused axes up to `unit` amplitudes, the first merged up to `MERGED_RADIX`, outer ones up to
/// `merged` states.
fn plan_within(axes: Vec<Axis>, unit: usize, merged: usize) -> Vec<Axis> {
    let fused = fused_within(&axes, unit);
    let mut out: Vec<Axis> = Vec::with_capacity(axes.len());
    for (i, axis) in axes.into_iter().enumerate() {
        let limit = if i < fused {
            (out.len() == 1).then_some(MERGED_RADIX)
        } else {
            (i > fused && out.len() > fused_within(&out, unit)).then_some(merged)
        };
        match out.last_mut() {
            Some(last) if limit.is_some_and(|l| last.radix * axis.radix <= l) => {
                *last = merge_axes(last, &axis);
            }
            _ => out.push(axis),
        }
    }
    out
}

/// Most amplitudes the fused axes of a forward layer span: 9^5 (945 KiB) fits, so 9^9's layer
/// fuses five axes. The adjoint's units (`UNIT`) hold ψ and λ and stay at 2^15.
pub const FORWARD_UNIT: usize = 1 << 16;

/// The axes a forward layer runs ([`apply_layer_axes`]): fused up to `FORWARD_UNIT` amplitudes
/// (the first merged as in [`plan_axes`]), and the outer ones cut into the fewest groups of at
/// most `MERGED` states, as even as they can be. Each outer pass costs about its memory plus
/// its ring factors, and fewer rows keep each row's run in a window long: 9^9's four outer
/// axes run as 81 and 81 rows (0.64 s a layer against 0.69 s for 729 and 9). A layer's bits
/// do not depend on its plan, so this plan and the adjoint's ([`plan_axes`], whose units and
/// windows fix the gradient's sums) give the same state.
pub fn plan_forward(mut axes: Vec<Axis>) -> Vec<Axis> {
    let outer = axes.split_off(fused_within(&axes, FORWARD_UNIT));
    let mut out = plan_within(axes, FORWARD_UNIT, MERGED);
    let radices: Vec<usize> = outer.iter().map(|a| a.radix).collect();
    let mut rest = outer.into_iter();
    for len in even_groups(&radices, MERGED) {
        let first = rest.next().expect("a group is not empty");
        out.push(rest.by_ref().take(len - 1).fold(first, |a, b| merge_axes(&a, &b)));
    }
    out
}

/// The lengths of consecutive groups of `radices`: as few groups as there can be with at most
/// `merged` states each (a radix above that alone), and among those, the largest group as small
/// as it can be (the earliest such cut).
fn even_groups(radices: &[usize], merged: usize) -> Vec<usize> {
    let n = radices.len();
    let states = |i: usize, j: usize| radices[i..j].iter().fold(1usize, |p, &r| p.saturating_mul(r));
    let fits = |i: usize, j: usize| j == i + 1 || states(i, j) <= merged;
    // best[j] = (groups, largest group, cut) over the first j radices.
    let mut best: Vec<(usize, usize, usize)> = vec![(0, 0, 0)];
    for j in 1..=n {
        let mut b = (usize::MAX, usize::MAX, 0);
        for (i, &(groups, largest, _)) in best.iter().enumerate() {
            if fits(i, j) && groups != usize::MAX {
                let cand = (groups + 1, largest.max(states(i, j)), i);
                if (cand.0, cand.1) < (b.0, b.1) {
                    b = cand;
                }
            }
        }
        best.push(b);
    }
    let mut lens = Vec::new();
    let mut j = n;
    while j > 0 {
        let i = best[j].2;
        lens.push(j - i);
        j = i;
    }
    lens.reverse();
    lens
}

/// How many leading axes a forward layer fuses (radices multiplying to at most
/// `FORWARD_UNIT`).
pub fn fused_axes(axes: &[Axis]) -> usize {
    fused_within(axes, FORWARD_UNIT)
}

/// How many leading axes the adjoint step fuses (radices multiplying to at most `UNIT`).
pub fn adjoint_fused_axes(axes: &[Axis]) -> usize {
    fused_within(axes, UNIT)
}

fn fused_within(axes: &[Axis], unit: usize) -> usize {
    let mut span = 1usize;
    axes.iter()
        .take_while(|a| {
            span = span.saturating_mul(a.radix);
            span <= unit
        })
        .count()
}

/// Columns `t0..t1` of the rows starting at `a` and `b` (distinct, rows of at least `t1`
/// amplitudes that do not overlap) of `x`.
#[inline(always)]
fn row_pair(x: &mut [Complex64], a: usize, b: usize, t0: usize, t1: usize) -> (&mut [Complex64], &mut [Complex64]) {
    let (lo, hi, swap) = if a < b { (a, b, false) } else { (b, a, true) };
    let (first, second) = x.split_at_mut(hi);
    let (p, q) = (&mut first[lo + t0..lo + t1], &mut second[t0..t1]);
    if swap {
        (q, p)
    } else {
        (p, q)
    }
}

/// The rotation `(x, y) ← (c·x − i s·y, c·y − i s·x)` on registers of [`Lanes`] (a [`Quad`]
/// unless named): `(c, c, …)` and `(s, −s, …)` (`−i s` applied to an amplitude whose re and im
/// were exchanged). The arithmetic is lane by lane, so every register type gives the same bits.
#[derive(Clone, Copy, Debug)]
struct Rot<L = Quad> {
    c: L,
    w: L,
    cs: (f64, f64),
}

impl<L: Lanes> Rot<L> {
    fn new(c: f64, s: f64) -> Rot<L> {
        Rot {
            c: L::splat(c, c),
            w: L::alternating(s),
            cs: (c, s),
        }
    }

    /// The same rotation on registers of `M`.
    #[inline(always)]
    fn on<M: Lanes>(self) -> Rot<M> {
        Rot::new(self.cs.0, self.cs.1)
    }

    /// The rotated pair (two amplitudes of each row).
    #[inline(always)]
    fn apply(self, x: L, y: L) -> (L, L) {
        (self.half(x, y.swap_pairs()), self.half(y, x.swap_pairs()))
    }

    /// One side of the rotation: `c·x − i s·y`, given `y` with re and im exchanged (lane by
    /// lane, so the partners may come from anywhere: [`ring_blocks_consecutive`]).
    #[inline(always)]
    fn half(self, x: L, y_swapped: L) -> L {
        y_swapped.mul_add(self.w, x.mul(self.c))
    }

    /// One adjoint step on ψ's pair `(x, y)` and λ's `(u, v)`: their overlap added to `acc`
    /// (`conj(v)·x` to the first, `conj(u)·y` to the second; see [`Acc`]), then both pairs
    /// rotated.
    #[inline(always)]
    fn unapply(self, [x, y, u, v]: [L; 4], [a, b]: Acc<L>) -> ([L; 4], Acc<L>) {
        let acc = [v.mul_add(x.swap_pairs(), a), u.mul_add(y.swap_pairs(), b)];
        let ((x, y), (u, v)) = (self.apply(x, y), self.apply(u, v));
        ([x, y, u, v], acc)
    }
}

#[inline(always)]
fn quad_of(v: &[f64]) -> Quad {
    Quad::load(v.try_into().expect("four lanes"))
}

#[inline(always)]
fn put(v: &mut [f64], q: Quad) {
    q.store(v.try_into().expect("four lanes"))
}

/// One amplitude (two lanes) as the low half of a quad, the high half zero.
#[inline(always)]
fn quad_of_one(v: &[f64]) -> Quad {
    Quad::new([v[0], v[1], 0.0, 0.0])
}

#[inline(always)]
fn put_one(v: &mut [f64], q: Quad) {
    let a = q.to_array();
    v[0] = a[0];
    v[1] = a[1];
}

/// Rotate two rows of equal length elementwise, two amplitudes per register (an odd last one
/// in the low lanes: lanes do not mix, so it gets the same bits as in a full register).
#[inline(always)]
fn rotate_rows(xs: &mut [Complex64], ys: &mut [Complex64], rot: Rot, ahead: &mut Ahead<'_>) {
    let xf: &mut [f64] = bytemuck::cast_slice_mut(xs);
    let yf: &mut [f64] = bytemuck::cast_slice_mut(ys);
    let mut xi = xf.chunks_exact_mut(4);
    let mut yi = yf.chunks_exact_mut(4);
    for (x, y) in (&mut xi).zip(&mut yi) {
        let (a, b) = rot.apply(quad_of(x), quad_of(y));
        put(x, a);
        put(y, b);
        ahead.tick(4);
    }
    let (x, y) = (xi.into_remainder(), yi.into_remainder());
    if !x.is_empty() {
        let (a, b) = rot.apply(quad_of_one(x), quad_of_one(y));
        put_one(x, a);
        put_one(y, b);
        ahead.tick(2);
    }
}

/// Un-rotate one gate's rows of ψ (`pa`, `pb`) and λ (`la`, `lb`) with `rot` (the inverse
/// rotation), returning `Σ_t Im(conj(λa_t) ψb_t + conj(λb_t) ψa_t)`, the overlap `Im⟨λ|H|ψ⟩`
/// taken before, in one pass over the four rows.
#[inline(always)]
fn unrotate_rows(
    pa: &mut [Complex64],
    pb: &mut [Complex64],
    la: &mut [Complex64],
    lb: &mut [Complex64],
    rot: Rot,
) -> f64 {
    let mut pai = bytemuck::cast_slice_mut::<Complex64, f64>(pa).chunks_exact_mut(4);
    let mut pbi = bytemuck::cast_slice_mut::<Complex64, f64>(pb).chunks_exact_mut(4);
    let mut lai = bytemuck::cast_slice_mut::<Complex64, f64>(la).chunks_exact_mut(4);
    let mut lbi = bytemuck::cast_slice_mut::<Complex64, f64>(lb).chunks_exact_mut(4);
    let mut acc: Acc = [Quad::zero(); 2];
    for (((x, y), u), v) in (&mut pai).zip(&mut pbi).zip(&mut lai).zip(&mut lbi) {
        let ([a, b, c, d], sum) = rot.unapply([quad_of(x), quad_of(y), quad_of(u), quad_of(v)], acc);
        acc = sum;
        put(x, a);
        put(y, b);
        put(u, c);
        put(v, d);
    }
    let (x, y, u, v) = (
        pai.into_remainder(),
        pbi.into_remainder(),
        lai.into_remainder(),
        lbi.into_remainder(),
    );
    if !x.is_empty() {
        let ([a, b, c, d], sum) = rot.unapply([quad_of_one(x), quad_of_one(y), quad_of_one(u), quad_of_one(v)], acc);
        acc = sum;
        put_one(x, a);
        put_one(y, b);
        put_one(u, c);
        put_one(v, d);
    }
    overlap(acc)
}

/// Overlap sums `Im⟨λ|·|ψ⟩` in two registers, two dependency chains instead of one: even
/// lanes gather re(λ)·im(ψ), odd lanes im(λ)·re(ψ).
type Acc<L = Quad> = [L; 2];

/// The overlap sums of the ring kernels: for two and for four amplitudes at a time, one
/// [`Acc`] for the closing and odd gates of a block and one for the even gates, so that no
/// chain of sums is longer than about half a block. A [`Four`] is one register or two, the
/// same lanes in the same order either way, so the sums have the same bits on every build.
struct RingSums {
    quad: [Acc; 2],
    wide: [Acc<Four>; 2],
}

impl RingSums {
    fn new() -> RingSums {
        RingSums {
            quad: [[Quad::zero(); 2]; 2],
            wide: [[Four::zero(); 2]; 2],
        }
    }

    /// `Im⟨λ|H|ψ⟩`: every register's lanes in a fixed order.
    fn total(&self) -> f64 {
        let mut acc: Acc = [Quad::zero(); 2];
        for (a, k) in acc.iter_mut().zip(0..2) {
            for part in 0..2 {
                *a = a.add(self.quad[part][k]);
                for h in 0..Four::LANES / 4 {
                    *a = a.add(Quad::new(self.wide[part][k].quad(h)));
                }
            }
        }
        overlap(acc)
    }
}

/// `Im⟨λ|H|ψ⟩` from an [`Acc`]: both registers added, then `(a0 + a2) − (a1 + a3)`.
#[inline(always)]
fn overlap([a, b]: Acc) -> f64 {
    let a = a.add(b).to_array();
    (a[0] + a[2]) - (a[1] + a[3])
}

/// The gates of `axis` on one chunk whose rows lie `stride` apart (pairs in gate order), in
/// column windows of about `WINDOW` (2^17) amplitudes.
fn rotate_chunk(chunk: &mut [Complex64], axis: &Axis, stride: usize, rot: Rot, ahead: &mut Ahead<'_>) {
    let cols = (WINDOW / axis.radix).max(2);
    for t0 in (0..stride).step_by(cols) {
        let t1 = (t0 + cols).min(stride);
        if !axis.ring.is_empty() {
            let f: &mut [f64] = bytemuck::cast_slice_mut(chunk);
            let mut rows = Flat { f, stride };
            rotate_rings(&mut rows, &axis.ring, t0, t1, rot, ahead);
            continue;
        }
        for &(a, b) in &axis.pairs {
            let (ra, rb) = row_pair(chunk, a as usize * stride, b as usize * stride, t0, t1);
            rotate_rows(ra, rb, rot, ahead);
        }
    }
}

/// The rows of one chunk, as the ring kernel reads and writes them.
trait Rows {
    /// Columns `t0..t1` of the `R` rows `base + k·step` (k < R, increasing), as lanes (two per
    /// amplitude), borrowed once for a whole block where every access would read a row table
    /// (rows held apart); `None` where indexing at every step is cheaper (rows in one slice:
    /// borrowing those made the fused pass slower).
    fn block<const R: usize>(&mut self, _base: usize, _step: usize, _t0: usize, _t1: usize) -> Option<[&mut [f64]; R]> {
        None
    }

    /// `n` lanes (`n / 2` amplitudes) of row `k` from column `t`.
    fn lanes(&mut self, k: usize, t: usize, n: usize) -> &mut [f64];
}

/// Rows `stride` amplitudes apart in one slice.
struct Flat<'a> {
    f: &'a mut [f64],
    stride: usize,
}

impl Rows for Flat<'_> {
    #[inline(always)]
    fn lanes(&mut self, k: usize, t: usize, n: usize) -> &mut [f64] {
        let i = 2 * (k * self.stride + t);
        &mut self.f[i..i + n]
    }
}

/// Rows held as separate slices (a column part).
struct Apart<'r, 'a>(&'r mut [&'a mut [Complex64]]);

impl Rows for Apart<'_, '_> {
    #[inline(always)]
    fn block<const R: usize>(&mut self, base: usize, step: usize, t0: usize, t1: usize) -> Option<[&mut [f64]; R]> {
        let rows = self
            .0
            .get_disjoint_mut(std::array::from_fn(|k| base + k * step))
            .expect("a block's rows are distinct");
        Some(rows.map(|r| &mut bytemuck::cast_slice_mut::<Complex64, f64>(r)[2 * t0..2 * t1]))
    }

    #[inline(always)]
    fn lanes(&mut self, k: usize, t: usize, n: usize) -> &mut [f64] {
        &mut bytemuck::cast_slice_mut::<Complex64, f64>(self.0[k])[2 * t..2 * t + n]
    }
}

/// The next `n` lanes of each of `R` rows of equal length.
#[inline(always)]
fn next_lanes<'a, const R: usize>(rows: &mut [std::slice::ChunksExactMut<'a, f64>; R]) -> [&'a mut [f64]; R] {
    std::array::from_fn(|k| rows[k].next().expect("rows of equal length"))
}

/// The gates of an axis that is a product of ring blocks (`ring`, fastest first), on columns
/// `t0..t1` of its rows: block after block, each block's rows held in registers across all
/// its gates. Every amplitude meets the same rotations in the same order as through the pair
/// list (the blocks of one factor touch disjoint rows), so the bits are the same.
fn rotate_rings(rows: &mut impl Rows, ring: &[usize], t0: usize, t1: usize, rot: Rot, ahead: &mut Ahead<'_>) {
    let radix: usize = ring.iter().product();
    let mut inner = 1;
    for &r in ring {
        let outer = inner * r;
        for hi in (0..radix).step_by(outer) {
            for lo in 0..inner {
                let base = hi + lo;
                ring_block(rows, r, base, inner, t0, t1, rot, ahead);
            }
        }
        inner = outer;
    }
}

/// [`rotate_rings`] in another order, for rings of three factors and more on rows held apart:
/// all factors but the last on each group of rows that shares the last factor's digit, group
/// after group, then the last. A factor's blocks touch only their group's rows, so every
/// amplitude meets the same rotations in the same order (the same bits), but a group's rows
/// stay in cache from one factor to the next: 8^8's 512 rows, whose windows of 2 MiB overflow
/// L2, take two sweeps of each window instead of three. Apart from [`rotate_rings`], whose
/// code the fused pass's rings keep (an edit to it made that pass 60 % slower).
#[inline(never)]
fn rotate_rings_grouped(rows: &mut impl Rows, ring: &[usize], t0: usize, t1: usize, rot: Rot, ahead: &mut Ahead<'_>) {
    let radix: usize = ring.iter().product();
    let (&last, factors) = ring.split_last().expect("a ring of factors");
    let group = radix / last;
    for first in (0..radix).step_by(group) {
        let mut inner = 1;
        for &r in factors {
            ring_factor(rows, r, inner, first, group, t0, t1, rot, ahead);
            inner *= r;
        }
    }
    ring_factor(rows, last, group, 0, radix, t0, t1, rot, ahead);
}

/// One factor of [`rotate_rings_grouped`] (`r` states at row step `inner`) on rows `first..first
/// + count`: block after block.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn ring_factor(
    rows: &mut impl Rows,
    r: usize,
    inner: usize,
    first: usize,
    count: usize,
    t0: usize,
    t1: usize,
    rot: Rot,
    ahead: &mut Ahead<'_>,
) {
    for hi in (first..first + count).step_by(inner * r) {
        for lo in 0..inner {
            let base = hi + lo;
            ring_block(rows, r, base, inner, t0, t1, rot, ahead);
        }
    }
}

/// One block of `r` rows (`base + k·step`) of a ring factor ([`ring_group`] for its size).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn ring_block(
    rows: &mut impl Rows,
    r: usize,
    base: usize,
    step: usize,
    t0: usize,
    t1: usize,
    rot: Rot,
    ahead: &mut Ahead<'_>,
) {
    match r {
        2 => ring_group::<2>(rows, base, step, t0, t1, rot, ahead),
        3 => ring_group::<3>(rows, base, step, t0, t1, rot, ahead),
        4 => ring_group::<4>(rows, base, step, t0, t1, rot, ahead),
        5 => ring_group::<5>(rows, base, step, t0, t1, rot, ahead),
        6 => ring_group::<6>(rows, base, step, t0, t1, rot, ahead),
        7 => ring_group::<7>(rows, base, step, t0, t1, rot, ahead),
        8 => ring_group::<8>(rows, base, step, t0, t1, rot, ahead),
        _ => ring_group::<9>(rows, base, step, t0, t1, rot, ahead),
    }
}

/// Columns from which a ring block of rows held apart borrows its rows once ([`Rows::block`])
/// instead of indexing them at every step: shorter rows spend more on the borrows than they
/// save.
const LONG_ROWS: usize = 16;

/// [`ring_group`] on a block's rows borrowed once (of equal length).
#[inline(always)]
fn ring_rows<const R: usize>(rows: [&mut [f64]; R], rot: Rot, ahead: &mut Ahead<'_>) {
    let lanes = rows[0].len();
    // Four amplitudes at a time first (one register with AVX-512), then two, then one.
    let wide = rot.on::<Four>();
    let mut it = rows.map(|r| r.chunks_exact_mut(Four::LANES));
    for _ in 0..lanes / Four::LANES {
        let c = next_lanes(&mut it);
        let mut q: [Four; R] = std::array::from_fn(|k| Four::load(c[k]));
        ring_in_registers(&mut q, wide);
        for (c, v) in c.into_iter().zip(q) {
            v.store(c);
        }
        ahead.tick(Four::LANES / 2 * R);
    }
    let mut it = it.map(|r| r.into_remainder().chunks_exact_mut(4));
    for _ in 0..lanes % Four::LANES / 4 {
        let c = next_lanes(&mut it);
        let mut q: [Quad; R] = std::array::from_fn(|k| quad_of(c[k]));
        ring_in_registers(&mut q, rot);
        for (c, v) in c.into_iter().zip(q) {
            put(c, v);
        }
        ahead.tick(2 * R);
    }
    if !lanes.is_multiple_of(4) {
        let c = it.map(|r| r.into_remainder());
        let mut q: [Quad; R] = std::array::from_fn(|k| quad_of_one(c[k]));
        ring_in_registers(&mut q, rot);
        for (c, v) in c.into_iter().zip(q) {
            put_one(c, v);
        }
        ahead.tick(R);
    }
}

/// One ring block of `R` rows (`base + k·step`) on columns `t0..t1`.
#[inline(always)]
fn ring_group<const R: usize>(
    rows: &mut impl Rows,
    base: usize,
    step: usize,
    t0: usize,
    t1: usize,
    rot: Rot,
    ahead: &mut Ahead<'_>,
) {
    if t1 - t0 >= LONG_ROWS {
        if let Some(block) = rows.block::<R>(base, step, t0, t1) {
            return ring_rows(block, rot, ahead);
        }
    }
    let mut t = t0;
    // Four amplitudes at a time first (one register with AVX-512), then two.
    let (wide, n) = (rot.on::<Four>(), Four::LANES / 2);
    while t + n <= t1 {
        let mut q: [Four; R] = std::array::from_fn(|k| Four::load(rows.lanes(base + k * step, t, 2 * n)));
        ring_in_registers(&mut q, wide);
        for (k, &v) in q.iter().enumerate() {
            v.store(rows.lanes(base + k * step, t, 2 * n));
        }
        ahead.tick(n * R);
        t += n;
    }
    while t + 2 <= t1 {
        let mut q: [Quad; R] = std::array::from_fn(|k| quad_of(rows.lanes(base + k * step, t, 4)));
        ring_in_registers(&mut q, rot);
        for (k, &v) in q.iter().enumerate() {
            put(rows.lanes(base + k * step, t, 4), v);
        }
        ahead.tick(2 * R);
        t += 2;
    }
    if t < t1 {
        let mut q: [Quad; R] = std::array::from_fn(|k| quad_of_one(rows.lanes(base + k * step, t, 2)));
        ring_in_registers(&mut q, rot);
        for (k, &v) in q.iter().enumerate() {
            put_one(rows.lanes(base + k * step, t, 2), v);
        }
        ahead.tick(R);
    }
}

/// The gates of [`ring_gates`] on one block held in registers, in their order.
#[inline(always)]
fn ring_in_registers<L: Lanes, const R: usize>(q: &mut [L; R], rot: Rot<L>) {
    let mut pair = |i: usize, j: usize| {
        let (a, b) = rot.apply(q[i], q[j]);
        q[i] = a;
        q[j] = b;
    };
    let mut i = 0;
    while i + 1 < R {
        pair(i, i + 1);
        i += 2;
    }
    let mut i = 1;
    while i + 1 < R {
        pair(i, i + 1);
        i += 2;
    }
    if R >= 3 {
        pair(0, R - 1);
    }
}

/// The adjoint of [`ring_in_registers`] on ψ's block `p` and λ's `l` (`rot` the inverse
/// rotation): the gates last first, each gate's overlap added to `acc` (see [`RingSums`])
/// before it is undone.
#[inline(always)]
fn unring_in_registers<L: Lanes, const R: usize>(p: &mut [L; R], l: &mut [L; R], rot: Rot<L>, acc: &mut [Acc<L>; 2]) {
    let mut pair = |m: usize, i: usize, j: usize| {
        let ([a, b, c, d], sum) = rot.unapply([p[i], p[j], l[i], l[j]], acc[m]);
        acc[m] = sum;
        (p[i], p[j], l[i], l[j]) = (a, b, c, d);
    };
    if R >= 3 {
        pair(0, 0, R - 1);
    }
    let mut i = 1;
    while i + 1 < R {
        pair(0, i, i + 1);
        i += 2;
    }
    let mut i = 0;
    while i + 1 < R {
        pair(1, i, i + 1);
        i += 2;
    }
}

/// The adjoint of [`rotate_rings`] on ψ's rows `p` and λ's `l`: the factors last first, the
/// overlaps added to `acc`. ψ and λ get the bits of the pair lists (the blocks of one factor
/// touch disjoint rows).
fn unrotate_rings(
    p: &mut impl Rows,
    l: &mut impl Rows,
    ring: &[usize],
    t0: usize,
    t1: usize,
    rot: Rot,
    acc: &mut RingSums,
) {
    let radix: usize = ring.iter().product();
    let mut outer = radix;
    for &r in ring.iter().rev() {
        let inner = outer / r;
        for hi in (0..radix).step_by(outer) {
            for lo in 0..inner {
                let base = hi + lo;
                match r {
                    2 => unring_group::<2>(p, l, base, inner, t0, t1, rot, acc),
                    3 => unring_group::<3>(p, l, base, inner, t0, t1, rot, acc),
                    4 => unring_group::<4>(p, l, base, inner, t0, t1, rot, acc),
                    5 => unring_group::<5>(p, l, base, inner, t0, t1, rot, acc),
                    6 => unring_group::<6>(p, l, base, inner, t0, t1, rot, acc),
                    7 => unring_group::<7>(p, l, base, inner, t0, t1, rot, acc),
                    8 => unring_group::<8>(p, l, base, inner, t0, t1, rot, acc),
                    _ => unring_group::<9>(p, l, base, inner, t0, t1, rot, acc),
                }
            }
        }
        outer = inner;
    }
}

/// [`unring_group`] on a block's rows of ψ and λ borrowed once (of equal length).
#[inline(always)]
fn unring_rows<const R: usize>(p: [&mut [f64]; R], l: [&mut [f64]; R], rot: Rot, acc: &mut RingSums) {
    let lanes = p[0].len();
    // Four amplitudes at a time first, as in `ring_group`.
    let wide = rot.on::<Four>();
    let mut pi = p.map(|r| r.chunks_exact_mut(Four::LANES));
    let mut li = l.map(|r| r.chunks_exact_mut(Four::LANES));
    for _ in 0..lanes / Four::LANES {
        let (c, d) = (next_lanes(&mut pi), next_lanes(&mut li));
        let mut x: [Four; R] = std::array::from_fn(|k| Four::load(c[k]));
        let mut y: [Four; R] = std::array::from_fn(|k| Four::load(d[k]));
        unring_in_registers(&mut x, &mut y, wide, &mut acc.wide);
        for ((c, d), (x, y)) in c.into_iter().zip(d).zip(x.into_iter().zip(y)) {
            x.store(c);
            y.store(d);
        }
    }
    let mut pi = pi.map(|r| r.into_remainder().chunks_exact_mut(4));
    let mut li = li.map(|r| r.into_remainder().chunks_exact_mut(4));
    for _ in 0..lanes % Four::LANES / 4 {
        let (c, d) = (next_lanes(&mut pi), next_lanes(&mut li));
        let mut x: [Quad; R] = std::array::from_fn(|k| quad_of(c[k]));
        let mut y: [Quad; R] = std::array::from_fn(|k| quad_of(d[k]));
        unring_in_registers(&mut x, &mut y, rot, &mut acc.quad);
        for ((c, d), (x, y)) in c.into_iter().zip(d).zip(x.into_iter().zip(y)) {
            put(c, x);
            put(d, y);
        }
    }
    if !lanes.is_multiple_of(4) {
        let (c, d) = (pi.map(|r| r.into_remainder()), li.map(|r| r.into_remainder()));
        let mut x: [Quad; R] = std::array::from_fn(|k| quad_of_one(c[k]));
        let mut y: [Quad; R] = std::array::from_fn(|k| quad_of_one(d[k]));
        unring_in_registers(&mut x, &mut y, rot, &mut acc.quad);
        for ((c, d), (x, y)) in c.into_iter().zip(d).zip(x.into_iter().zip(y)) {
            put_one(c, x);
            put_one(d, y);
        }
    }
}

/// The adjoint of [`ring_group`] on one block of ψ's rows and λ's.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn unring_group<const R: usize>(
    p: &mut impl Rows,
    l: &mut impl Rows,
    base: usize,
    step: usize,
    t0: usize,
    t1: usize,
    rot: Rot,
    acc: &mut RingSums,
) {
    if t1 - t0 >= LONG_ROWS {
        if let (Some(x), Some(y)) = (p.block::<R>(base, step, t0, t1), l.block::<R>(base, step, t0, t1)) {
            return unring_rows(x, y, rot, acc);
        }
    }
    let mut t = t0;
    // Four amplitudes at a time first, as in `ring_group`.
    let (wide, n) = (rot.on::<Four>(), Four::LANES / 2);
    while t + n <= t1 {
        let mut x: [Four; R] = std::array::from_fn(|k| Four::load(p.lanes(base + k * step, t, 2 * n)));
        let mut y: [Four; R] = std::array::from_fn(|k| Four::load(l.lanes(base + k * step, t, 2 * n)));
        unring_in_registers(&mut x, &mut y, wide, &mut acc.wide);
        for k in 0..R {
            x[k].store(p.lanes(base + k * step, t, 2 * n));
            y[k].store(l.lanes(base + k * step, t, 2 * n));
        }
        t += n;
    }
    while t + 2 <= t1 {
        let mut x: [Quad; R] = std::array::from_fn(|k| quad_of(p.lanes(base + k * step, t, 4)));
        let mut y: [Quad; R] = std::array::from_fn(|k| quad_of(l.lanes(base + k * step, t, 4)));
        unring_in_registers(&mut x, &mut y, rot, &mut acc.quad);
        for k in 0..R {
            put(p.lanes(base + k * step, t, 4), x[k]);
            put(l.lanes(base + k * step, t, 4), y[k]);
        }
        t += 2;
    }
    if t < t1 {
        let mut x: [Quad; R] = std::array::from_fn(|k| quad_of_one(p.lanes(base + k * step, t, 2)));
        let mut y: [Quad; R] = std::array::from_fn(|k| quad_of_one(l.lanes(base + k * step, t, 2)));
        unring_in_registers(&mut x, &mut y, rot, &mut acc.quad);
        for k in 0..R {
            put_one(p.lanes(base + k * step, t, 2), x[k]);
            put_one(l.lanes(base + k * step, t, 2), y[k]);
        }
    }
}

/// The adjoint of [`ring_blocks_consecutive`] on ψ's blocks `f` and λ's `g` (`2H` states
/// each): the odd and closing gates first, then the even ones, each step's overlaps added to
/// `acc` before it is undone.
#[inline(always)]
fn unring_blocks_consecutive<const H: usize>(f: &mut [f64], g: &mut [f64], rot: Rot, acc: &mut RingSums) {
    for (fb, gb) in f.chunks_exact_mut(4 * H).zip(g.chunks_exact_mut(4 * H)) {
        let mut q: [Quad; H] = std::array::from_fn(|i| quad_of(&fb[4 * i..4 * i + 4]));
        let mut r: [Quad; H] = std::array::from_fn(|i| quad_of(&gb[4 * i..4 * i + 4]));
        if H >= 2 {
            let partner = |v: &[Quad; H], i: usize| v[(i + H - 1) % H].hi_lo(v[(i + 1) % H]).swap_pairs();
            let (pq, pr): ([Quad; H], [Quad; H]) = (
                std::array::from_fn(|i| partner(&q, i)),
                std::array::from_fn(|i| partner(&r, i)),
            );
            for i in 0..H {
                acc.quad[0][i % 2] = r[i].mul_add(pq[i], acc.quad[0][i % 2]);
                q[i] = rot.half(q[i], pq[i]);
                r[i] = rot.half(r[i], pr[i]);
            }
        }
        for i in 0..H {
            let (pq, pr) = (q[i].reverse(), r[i].reverse());
            acc.quad[1][i % 2] = r[i].mul_add(pq, acc.quad[1][i % 2]);
            q[i] = rot.half(q[i], pq);
            r[i] = rot.half(r[i], pr);
        }
        for i in 0..H {
            put(&mut fb[4 * i..4 * i + 4], q[i]);
            put(&mut gb[4 * i..4 * i + 4], r[i]);
        }
    }
}

/// [`unring_blocks_consecutive`] for blocks of 4 (`G` = 1) or 8 (`G` = 2) states, on `G`
/// registers of four amplitudes per block, as [`ring_blocks_four`] forward. The sums keep
/// their bits: each [`Four`] holds two neighbouring quadruples, `2g` and `2g + 1`, and its
/// accumulator the quadruples' two [`Acc`] registers (`i % 2` = 0 and 1) side by side
/// ([`QuadSums`]), so every lane gets the same products in the same order (test
/// `adjoint_first_blocks_four_at_a_time_keep_the_bits`).
#[inline(always)]
fn unring_blocks_four<const G: usize>(f: &mut [f64], g: &mut [f64], rot: Rot, acc: &mut RingSums) {
    let mut sums = QuadSums::take(acc);
    unring_block_rows_four::<G>(f, g, rot.on::<Four>(), &mut sums);
    sums.give(acc);
}

/// [`unring_block_four`] on every block of `4G` consecutive states of ψ's `f` and λ's `g`.
#[inline(always)]
fn unring_block_rows_four<const G: usize>(f: &mut [f64], g: &mut [f64], rot: Rot<Four>, sums: &mut QuadSums) {
    for (fb, gb) in f.chunks_exact_mut(8 * G).zip(g.chunks_exact_mut(8 * G)) {
        let mut q: [Four; G] = std::array::from_fn(|i| Four::load(&fb[8 * i..]));
        let mut r: [Four; G] = std::array::from_fn(|i| Four::load(&gb[8 * i..]));
        unring_block_four(&mut q, &mut r, rot, &mut sums.0);
        for i in 0..G {
            q[i].store(&mut fb[8 * i..]);
            r[i].store(&mut gb[8 * i..]);
        }
    }
}

/// The sums of [`RingSums::quad`] as two [`Four`]s: part m's two [`Acc`] registers side by
/// side, the one of even quadruples in the low lanes.
struct QuadSums([Four; 2]);

impl QuadSums {
    #[inline(always)]
    fn take(acc: &RingSums) -> QuadSums {
        // A Four is eight lanes (one register or two), the low quadruple first.
        let join = |[a, b]: Acc| -> Four {
            let mut v = [0.0; 8];
            v[..4].copy_from_slice(&a.to_array());
            v[4..].copy_from_slice(&b.to_array());
            Four::load(&v)
        };
        QuadSums([join(acc.quad[0]), join(acc.quad[1])])
    }

    #[inline(always)]
    fn give(self, acc: &mut RingSums) {
        for (part, sum) in acc.quad.iter_mut().zip(self.0) {
            *part = [Quad::new(sum.quad(0)), Quad::new(sum.quad(1))];
        }
    }
}

/// The adjoint of [`ring_block_four`] on one block of ψ (`q`) and λ (`r`): the odd and closing
/// gates, then the even ones, each step's overlaps added to `sums` before it is undone.
#[inline(always)]
fn unring_block_four<const G: usize>(q: &mut [Four; G], r: &mut [Four; G], rot: Rot<Four>, sums: &mut [Four; 2]) {
    let partners = |v: &[Four; G]| -> [Four; G] {
        if G == 1 {
            std::array::from_fn(|_| ring4_partners(v[0]))
        } else {
            let (a, b) = ring8_partners(v[0], v[G - 1]);
            std::array::from_fn(|i| if i == 0 { a } else { b })
        }
    };
    let (pq, pr) = (partners(q), partners(r));
    for i in 0..G {
        sums[0] = r[i].mul_add(pq[i], sums[0]);
        q[i] = rot.half(q[i], pq[i]);
        r[i] = rot.half(r[i], pr[i]);
    }
    for i in 0..G {
        let (pq, pr) = (q[i].exchange_swapped(0), r[i].exchange_swapped(0));
        sums[1] = r[i].mul_add(pq, sums[1]);
        q[i] = rot.half(q[i], pq);
        r[i] = rot.half(r[i], pr);
    }
}

/// The adjoint of [`ring_squares_four`] on ψ's squares `f` and λ's `g` (`S = 4G²` registers
/// each): the second factor across the rows, column register by column register, then the
/// first on each row, as [`unring_group`] and [`unring_blocks_four`] would square by square;
/// the same sums in the same order, so the same bits.
#[inline(always)]
fn unring_squares_four<const G: usize, const S: usize>(f: &mut [f64], g: &mut [f64], rot: Rot, acc: &mut RingSums) {
    const { assert!(S == 4 * G * G) };
    let wide = rot.on::<Four>();
    let mut sums = QuadSums::take(acc);
    for (fs, gs) in f.chunks_exact_mut(8 * S).zip(g.chunks_exact_mut(8 * S)) {
        for h in 0..G {
            match G {
                1 => column_unring::<4>(fs, gs, h, G, wide, &mut acc.wide),
                _ => column_unring::<8>(fs, gs, h, G, wide, &mut acc.wide),
            }
        }
        unring_block_rows_four::<G>(fs, gs, wide, &mut sums);
    }
    sums.give(acc);
}

/// The adjoint of [`column_ring`] on ψ's square `f` and λ's `g` (rows of `g` registers).
#[inline(always)]
fn column_unring<const R: usize>(
    f: &mut [f64],
    g: &mut [f64],
    h: usize,
    regs: usize,
    rot: Rot<Four>,
    acc: &mut [Acc<Four>; 2],
) {
    let at = |k: usize| 8 * (k * regs + h);
    let mut c: [Four; R] = std::array::from_fn(|k| Four::load(&f[at(k)..]));
    let mut d: [Four; R] = std::array::from_fn(|k| Four::load(&g[at(k)..]));
    unring_in_registers(&mut c, &mut d, rot, acc);
    for k in 0..R {
        c[k].store(&mut f[at(k)..]);
        d[k].store(&mut g[at(k)..]);
    }
}

/// The adjoint of the first factor of a ring axis of stride 1 (blocks of `R` consecutive
/// amplitudes), on chunks of `span` amplitudes of ψ and λ: as [`ring_blocks_paired`], the same
/// block of two neighbouring chunks in `R` registers per state, for every `R`.
fn unring_blocks_paired<const R: usize>(
    p: &mut [Complex64],
    l: &mut [Complex64],
    span: usize,
    rot: Rot,
    acc: &mut RingSums,
) {
    let mut ps = p.chunks_exact_mut(2 * span);
    let mut ls = l.chunks_exact_mut(2 * span);
    for (pt, lt) in (&mut ps).zip(&mut ls) {
        let ((c0, c1), (d0, d1)) = (pt.split_at_mut(span), lt.split_at_mut(span));
        let blocks = amplitudes(c0)
            .chunks_exact_mut(R)
            .zip(amplitudes(c1).chunks_exact_mut(R))
            .zip(
                amplitudes(d0)
                    .chunks_exact_mut(R)
                    .zip(amplitudes(d1).chunks_exact_mut(R)),
            );
        for ((a0, a1), (b0, b1)) in blocks {
            let mut x: [Quad; R] = std::array::from_fn(|k| Quad::load_pair(&a0[k], &a1[k]));
            let mut y: [Quad; R] = std::array::from_fn(|k| Quad::load_pair(&b0[k], &b1[k]));
            unring_in_registers(&mut x, &mut y, rot, &mut acc.quad);
            for k in 0..R {
                x[k].store_pair(&mut a0[k], &mut a1[k]);
                y[k].store_pair(&mut b0[k], &mut b1[k]);
            }
        }
    }
    let (a, b) = (amplitudes(ps.into_remainder()), amplitudes(ls.into_remainder()));
    for (a, b) in a.chunks_exact_mut(R).zip(b.chunks_exact_mut(R)) {
        let mut x: [Quad; R] = std::array::from_fn(|k| quad_of_one(&a[k]));
        let mut y: [Quad; R] = std::array::from_fn(|k| quad_of_one(&b[k]));
        unring_in_registers(&mut x, &mut y, rot, &mut acc.quad);
        for k in 0..R {
            put_one(&mut a[k], x[k]);
            put_one(&mut b[k], y[k]);
        }
    }
}

/// The adjoint of a ring axis's gates ([`forward_chunks`]) on whole chunks of ψ and λ,
/// returning the overlaps' sum: with stride 1, chunk by chunk the other factors, then the
/// first factor on pairs of chunks; else rows in column windows.
fn backward_rings(psi: &mut [Complex64], lam: &mut [Complex64], axis: &Axis, rot: Rot) -> f64 {
    let (stride, span) = (axis.stride, axis.span());
    let mut acc = RingSums::new();
    if stride > 1 {
        let cols = (BACKWARD_WINDOW / axis.radix).max(2);
        for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
            let (pf, lf): (&mut [f64], &mut [f64]) = (bytemuck::cast_slice_mut(p), bytemuck::cast_slice_mut(l));
            let (mut pr, mut lr) = (Flat { f: pf, stride }, Flat { f: lf, stride });
            for t0 in (0..stride).step_by(cols) {
                let t1 = (t0 + cols).min(stride);
                unrotate_rings(&mut pr, &mut lr, &axis.ring, t0, t1, rot, &mut acc);
            }
        }
        return acc.total();
    }
    let r0 = axis.ring[0];
    // An even square of two factors alone (8^8's first axis) with AVX-512, square by square
    // as forward ([`ring_squares_four`]).
    if Wide::LANES == Four::LANES && axis.ring.len() == 2 && axis.ring[1] == r0 && matches!(r0, 4 | 8) {
        let (f, g): (&mut [f64], &mut [f64]) = (bytemuck::cast_slice_mut(psi), bytemuck::cast_slice_mut(lam));
        match r0 {
            4 => unring_squares_four::<1, 4>(f, g, rot, &mut acc),
            _ => unring_squares_four::<2, 16>(f, g, rot, &mut acc),
        }
        return acc.total();
    }
    // Whole pairs of chunks at a time, so that the first factor pairs them while in cache.
    for (p, l) in psi.chunks_mut(2 * span).zip(lam.chunks_mut(2 * span)) {
        if axis.ring.len() > 1 {
            for (pc, lc) in p.chunks_exact_mut(span).zip(l.chunks_exact_mut(span)) {
                let (pf, lf): (&mut [f64], &mut [f64]) = (bytemuck::cast_slice_mut(pc), bytemuck::cast_slice_mut(lc));
                let (mut pr, mut lr) = (Flat { f: pf, stride: r0 }, Flat { f: lf, stride: r0 });
                unrotate_rings(&mut pr, &mut lr, &axis.ring[1..], 0, r0, rot, &mut acc);
            }
        }
        // Ring blocks hold 2 to `RING_MAX` (9) states: even ones as quadruples, odd ones
        // paired with the next chunk's, as forward.
        let (f, g): (&mut [f64], &mut [f64]) = (bytemuck::cast_slice_mut(p), bytemuck::cast_slice_mut(l));
        // (Blocks of 4 and 8 four amplitudes per register with AVX-512; as two AVX2 registers
        // they gained nothing.)
        let wide = Wide::LANES == Four::LANES;
        match (wide, r0) {
            (_, 2) => unring_blocks_consecutive::<1>(f, g, rot, &mut acc),
            (_, 3) => unring_blocks_paired::<3>(p, l, span, rot, &mut acc),
            (true, 4) => unring_blocks_four::<1>(f, g, rot, &mut acc),
            (false, 4) => unring_blocks_consecutive::<2>(f, g, rot, &mut acc),
            (_, 5) => unring_blocks_paired::<5>(p, l, span, rot, &mut acc),
            (_, 6) => unring_blocks_consecutive::<3>(f, g, rot, &mut acc),
            (_, 7) => unring_blocks_paired::<7>(p, l, span, rot, &mut acc),
            (true, 8) => unring_blocks_four::<2>(f, g, rot, &mut acc),
            (false, 8) => unring_blocks_consecutive::<4>(f, g, rot, &mut acc),
            _ => unring_blocks_paired::<9>(p, l, span, rot, &mut acc),
        }
    }
    acc.total()
}

/// Un-apply the gates of `axis` (last first) to one chunk of ψ and λ, rows `stride` apart,
/// returning the sum of their overlaps (see [`unrotate_rows`]).
fn unrotate_chunk(p: &mut [Complex64], l: &mut [Complex64], axis: &Axis, stride: usize, rot: Rot) -> f64 {
    let cols = (BACKWARD_WINDOW / axis.radix).max(2);
    let mut sum = 0.0;
    for t0 in (0..stride).step_by(cols) {
        let t1 = (t0 + cols).min(stride);
        for &(a, b) in axis.pairs.iter().rev() {
            let (a, b) = (a as usize * stride, b as usize * stride);
            let (pa, pb) = row_pair(p, a, b, t0, t1);
            let (la, lb) = row_pair(l, a, b, t0, t1);
            sum += unrotate_rows(pa, pb, la, lb, rot);
        }
    }
    sum
}

/// The first factor of a ring axis of stride 1 whose blocks have an even number `2H` of states
/// (consecutive amplitudes), block after block in `H` registers: the even gates `(2i, 2i + 1)`
/// inside each quadruple, then the odd gates and the closing one `(0, 2H − 1)` at once, between
/// neighbours (quadruple i meets the high half of i − 1 and the low half of i + 1, cyclically).
/// Each amplitude meets the same rotations in the same order, with the same arithmetic, as
/// through the pair lists (test `ring_blocks_in_registers_give_the_pair_lists_bits`).
#[inline(always)]
fn ring_blocks_consecutive<const H: usize>(f: &mut [f64], rot: Rot, ahead: &mut Ahead<'_>) {
    for block in f.chunks_exact_mut(4 * H) {
        let mut q: [Quad; H] = std::array::from_fn(|i| quad_of(&block[4 * i..4 * i + 4]));
        // A quadruple reversed is its two amplitudes exchanged, each with re and im exchanged.
        for v in &mut q {
            *v = rot.half(*v, v.reverse());
        }
        if H >= 2 {
            let partner: [Quad; H] = std::array::from_fn(|i| q[(i + H - 1) % H].hi_lo(q[(i + 1) % H]).swap_pairs());
            for (v, p) in q.iter_mut().zip(partner) {
                *v = rot.half(*v, p);
            }
        }
        for (i, v) in q.iter().enumerate() {
            put(&mut block[4 * i..4 * i + 4], *v);
        }
        ahead.tick(2 * H);
    }
}

/// [`ring_blocks_consecutive`] for blocks of 4 (`G` = 1) or 8 (`G` = 2) states, on `G`
/// registers of four amplitudes per block: the same partners, the same arithmetic lane by
/// lane, so the same bits, in half the registers with AVX-512.
#[inline(always)]
fn ring_blocks_four<const G: usize>(f: &mut [f64], rot: Rot, ahead: &mut Ahead<'_>) {
    let rot = rot.on::<Four>();
    for block in f.chunks_exact_mut(8 * G) {
        let mut q: [Four; G] = std::array::from_fn(|i| Four::load(&block[8 * i..]));
        ring_block_four(&mut q, rot);
        for (i, v) in q.iter().enumerate() {
            v.store(&mut block[8 * i..]);
        }
        ahead.tick(4 * G);
    }
}

/// The gates of one ring block of `4G` consecutive states held in `G` registers.
#[inline(always)]
fn ring_block_four<const G: usize>(q: &mut [Four; G], rot: Rot<Four>) {
    for v in q.iter_mut() {
        *v = rot.half(*v, v.exchange_swapped(0));
    }
    let partner: [Four; G] = if G == 1 {
        std::array::from_fn(|_| ring4_partners(q[0]))
    } else {
        let (a, b) = ring8_partners(q[0], q[G - 1]);
        std::array::from_fn(|i| if i == 0 { a } else { b })
    };
    for (v, p) in q.iter_mut().zip(partner) {
        *v = rot.half(*v, p);
    }
}

/// The first two factors of a ring axis of stride 1 whose blocks are both of `4G` states
/// (`S = 4G²` registers: 4x4 or 8x8 states), all in registers: the first factor on each row's
/// `G` registers as [`ring_blocks_four`], then the second across the rows, column register by
/// column register, as [`ring_group`] would on rows of `4G` amplitudes. The same arithmetic
/// in the same order, so the same bits, with one load and store per amplitude for both.
#[inline(always)]
fn ring_squares_four<const G: usize, const S: usize>(f: &mut [f64], rot: Rot, ahead: &mut Ahead<'_>) {
    const { assert!(S == 4 * G * G) };
    let rot = rot.on::<Four>();
    let r = 4 * G;
    for square in f.chunks_exact_mut(8 * S) {
        let mut q: [Four; S] = std::array::from_fn(|i| Four::load(&square[8 * i..]));
        for row in q.chunks_exact_mut(G) {
            ring_block_four::<G>(row.try_into().expect("G registers"), rot);
        }
        for h in 0..G {
            match r {
                4 => column_ring::<4>(&mut q, h, G, rot),
                _ => column_ring::<8>(&mut q, h, G, rot),
            }
        }
        for (i, v) in q.iter().enumerate() {
            v.store(&mut square[8 * i..]);
        }
        ahead.tick(8 * S);
    }
}

/// The ring of `R` rows on column register `h` of rows `g` registers long.
#[inline(always)]
fn column_ring<const R: usize>(q: &mut [Four], h: usize, g: usize, rot: Rot<Four>) {
    let mut c: [Four; R] = std::array::from_fn(|k| q[k * g + h]);
    ring_in_registers(&mut c, rot);
    for (k, v) in c.into_iter().enumerate() {
        q[k * g + h] = v;
    }
}

/// The first factor of a ring axis of stride 1 whose blocks have an odd number `R` of states
/// (which do not fill quadruples), on chunks of `span` amplitudes: the same block of two
/// neighbouring chunks in `R` registers, one amplitude of each chunk per register, across all
/// the block's gates; a last chunk without a neighbour in the low lanes. Lanes do not mix, so
/// each amplitude gets the bits of the pair lists (test
/// `ring_blocks_in_registers_give_the_pair_lists_bits`).
#[inline(always)]
fn ring_blocks_paired<const R: usize>(x: &mut [Complex64], span: usize, rot: Rot, ahead: &mut Ahead<'_>) {
    let mut twos = x.chunks_exact_mut(2 * span);
    for two in &mut twos {
        let (c0, c1) = two.split_at_mut(span);
        for (b0, b1) in amplitudes(c0)
            .chunks_exact_mut(R)
            .zip(amplitudes(c1).chunks_exact_mut(R))
        {
            let mut q: [Quad; R] = std::array::from_fn(|k| Quad::load_pair(&b0[k], &b1[k]));
            ring_in_registers(&mut q, rot);
            for (k, v) in q.iter().enumerate() {
                v.store_pair(&mut b0[k], &mut b1[k]);
            }
            ahead.tick(2 * R);
        }
    }
    for b in amplitudes(twos.into_remainder()).chunks_exact_mut(R) {
        let mut q: [Quad; R] = std::array::from_fn(|k| quad_of_one(&b[k]));
        ring_in_registers(&mut q, rot);
        for (k, v) in q.iter().enumerate() {
            put_one(&mut b[k], *v);
        }
        ahead.tick(R);
    }
}

/// Ring factors of an odd size `R` on four neighbouring blocks of `N = R^f` consecutive
/// amplitudes (`group`), one amplitude of each block per register, so that every factor runs
/// on whole registers whatever the rows' length and start: factor 0 (stride 1) row by row
/// into the table `t`, factors 1..f−1 (stride `R^k`) on its columns, the last one's stored
/// back. Lanes do not mix, so each amplitude gets the bits of the gates applied block by
/// block, factor after factor.
#[inline(always)]
fn ring_table_apart<const R: usize, const N: usize>(
    group: &mut [Complex64],
    t: &mut [Four; N],
    rot: Rot<Four>,
    ahead: &mut Ahead<'_>,
) {
    let g = amplitudes(group);
    let (b0, rest) = g.split_at_mut(N);
    let (b1, rest) = rest.split_at_mut(N);
    let (b2, b3) = rest.split_at_mut(N);
    for (j, row) in t.chunks_exact_mut(R).enumerate() {
        let mut q: [Four; R] = std::array::from_fn(|i| {
            let k = j * R + i;
            four_apart(&b0[k], &b1[k], &b2[k], &b3[k])
        });
        ring_in_registers(&mut q, rot);
        row.copy_from_slice(&q);
        ahead.tick(4 * R);
    }
    let mut step = R;
    while step * R < N {
        for block in t.chunks_exact_mut(step * R) {
            for i in 0..step {
                let mut q: [Four; R] = std::array::from_fn(|j| block[j * step + i]);
                ring_in_registers(&mut q, rot);
                for (j, v) in q.into_iter().enumerate() {
                    block[j * step + i] = v;
                }
                ahead.tick(4 * R);
            }
        }
        step *= R;
    }
    for i in 0..step {
        let mut q: [Four; R] = std::array::from_fn(|j| t[j * step + i]);
        ring_in_registers(&mut q, rot);
        for (j, v) in q.into_iter().enumerate() {
            let k = j * step + i;
            store_four_apart(v, &mut b0[k], &mut b1[k], &mut b2[k], &mut b3[k]);
        }
        ahead.tick(4 * R);
    }
}

/// The first two factors of a ring axis of stride 1 whose blocks are both of an odd number
/// `R` of states (`S = R²`: 9^9's first axis, 9x9), on squares of `S` consecutive amplitudes,
/// four neighbouring squares at once ([`ring_table_apart`]), so that no odd column is left
/// over for a register of four to run on one lane. Squares left over (fewer than four) take
/// [`ring_blocks_paired`] and rows of `R`.
#[inline(always)]
fn ring_squares_apart<const R: usize, const S: usize>(x: &mut [Complex64], rot: Rot, ahead: &mut Ahead<'_>) {
    const { assert!(S == R * R) };
    let (wide, mut t) = (rot.on::<Four>(), [Four::zero(); S]);
    let mut groups = x.chunks_exact_mut(4 * S);
    for group in &mut groups {
        ring_table_apart::<R, S>(group, &mut t, wide, ahead);
    }
    let rest = groups.into_remainder();
    ring_blocks_paired::<R>(rest, S, rot, ahead);
    for square in rest.chunks_exact_mut(S) {
        let f: &mut [f64] = bytemuck::cast_slice_mut(square);
        rotate_rings(&mut Flat { f, stride: R }, &[R], 0, R, rot, ahead);
    }
}

/// Whether `a` (stride 1) and `b` are three ring factors of one odd size R: `a` a square of
/// two, `b` one at stride R², which [`ring_cubes_apart`] runs together where a [`Four`] is
/// one register (AVX-512). Only 7 and 9 arise: the plan merges three factors of 3 or 5 into
/// the first axis.
fn odd_cube(a: &Axis, b: &Axis) -> bool {
    let r = b.radix;
    Wide::LANES == Four::LANES
        && matches!(r, 7 | 9)
        && a.stride == 1
        && a.ring == [r, r]
        && b.ring == [r]
        && b.stride == r * r
}

/// The gates of `axes` (a square of two odd ring factors of `R` states at stride 1, then one
/// more at stride `R²`: 9^9's first two planned axes) on cubes of `C = R³` consecutive
/// amplitudes, four neighbouring cubes at once ([`ring_table_apart`]), which also spares the
/// second axis the unaligned loads of its odd rows. The same gates in the same order as
/// through the two axes, so the same bits; cubes left over (fewer than four) take the two
/// axes' own kernels.
#[inline(always)]
fn ring_cubes_apart<const R: usize, const C: usize>(
    x: &mut [Complex64],
    axes: &[Axis],
    rot: Rot,
    ahead: &mut Ahead<'_>,
) {
    const { assert!(C == R * R * R) };
    let (wide, mut t) = (rot.on::<Four>(), [Four::zero(); C]);
    let mut groups = x.chunks_exact_mut(4 * C);
    for group in &mut groups {
        ring_table_apart::<R, C>(group, &mut t, wide, ahead);
    }
    let rest = groups.into_remainder();
    for axis in axes {
        forward_chunks(rest, axis, rot, ahead);
    }
}

/// [`ring_cubes_apart`] for the two axes that [`odd_cube`] accepts (R = 7 or 9).
#[inline(always)]
fn ring_cubes(x: &mut [Complex64], axes: &[Axis], rot: Rot, ahead: &mut Ahead<'_>) {
    match axes[1].radix {
        7 => ring_cubes_apart::<7, 343>(x, axes, rot, ahead),
        _ => ring_cubes_apart::<9, 729>(x, axes, rot, ahead),
    }
}

/// Apply the gates of `axis` to a slice holding whole chunks of `radix · stride` amplitudes.
fn forward_chunks(x: &mut [Complex64], axis: &Axis, rot: Rot, ahead: &mut Ahead<'_>) {
    let (stride, span) = (axis.stride, axis.span());
    if stride == 1 && !axis.ring.is_empty() {
        // A product of ring blocks: the first factor on its blocks of consecutive amplitudes
        // (even blocks as quadruples of one chunk, odd ones paired with the next chunk's), the
        // others as rows of that block's length, chunk by chunk.
        let r0 = axis.ring[0];
        // Two square factors where a `Four` is one register (AVX-512): of 4 or 8 states both
        // in registers (8^8's first axis: an 8x8 square's 16 fit the register file; as 32
        // AVX2 registers they spill, and the axis ran slower), of an odd number four squares
        // at a time (9^9's).
        let square = Wide::LANES == Four::LANES
            && axis.ring.len() >= 2
            && axis.ring[1] == r0
            && matches!(r0, 3 | 4 | 5 | 7 | 8 | 9);
        // Ring blocks hold 2 to `RING_MAX` (9) states.
        match (square, r0) {
            (true, 3) => ring_squares_apart::<3, 9>(x, rot, ahead),
            (true, 5) => ring_squares_apart::<5, 25>(x, rot, ahead),
            (true, 7) => ring_squares_apart::<7, 49>(x, rot, ahead),
            (true, 9) => ring_squares_apart::<9, 81>(x, rot, ahead),
            (false, 3) => ring_blocks_paired::<3>(x, span, rot, ahead),
            (false, 5) => ring_blocks_paired::<5>(x, span, rot, ahead),
            (false, 7) => ring_blocks_paired::<7>(x, span, rot, ahead),
            (false, 9) => ring_blocks_paired::<9>(x, span, rot, ahead),
            _ => {}
        }
        // The factors done in registers, and the length of the rows the others see.
        let (done, row) = if square { (2, r0 * r0) } else { (1, r0) };
        for chunk in x.chunks_exact_mut(span) {
            let f: &mut [f64] = bytemuck::cast_slice_mut(chunk);
            match (square, r0) {
                (true, 4) => ring_squares_four::<1, 4>(f, rot, ahead),
                (true, 8) => ring_squares_four::<2, 16>(f, rot, ahead),
                (false, 2) => ring_blocks_consecutive::<1>(f, rot, ahead),
                (false, 4) => ring_blocks_four::<1>(f, rot, ahead),
                (false, 6) => ring_blocks_consecutive::<3>(f, rot, ahead),
                (false, 8) => ring_blocks_four::<2>(f, rot, ahead),
                _ => {}
            }
            if axis.ring.len() > done {
                rotate_rings(&mut Flat { f, stride: row }, &axis.ring[done..], 0, row, rot, ahead);
            }
        }
        return;
    }
    if stride == 1 {
        // Rows of one amplitude: the same pair of two neighbouring chunks in one register.
        let mut twos = x.chunks_exact_mut(2 * span);
        for two in &mut twos {
            let (c0, c1) = two.split_at_mut(span);
            let (p0, p1) = (amplitudes(c0), amplitudes(c1));
            for &(a, b) in &axis.pairs {
                let (a, b) = (a as usize, b as usize);
                let (u, v) = rot.apply(Quad::load_pair(&p0[a], &p1[a]), Quad::load_pair(&p0[b], &p1[b]));
                u.store_pair(&mut p0[a], &mut p1[a]);
                v.store_pair(&mut p0[b], &mut p1[b]);
                ahead.tick(4);
            }
        }
        let last = amplitudes(twos.into_remainder());
        if !last.is_empty() {
            for &(a, b) in &axis.pairs {
                let (a, b) = (a as usize, b as usize);
                let (u, v) = rot.apply(quad_of_one(&last[a]), quad_of_one(&last[b]));
                put_one(&mut last[a], u);
                put_one(&mut last[b], v);
                ahead.tick(2);
            }
        }
        return;
    }
    for chunk in x.chunks_exact_mut(span) {
        rotate_chunk(chunk, axis, stride, rot, ahead);
    }
}

/// A slice of amplitudes as `[re, im]` pairs.
#[inline(always)]
fn amplitudes(x: &mut [Complex64]) -> &mut [[f64; 2]] {
    bytemuck::cast_slice_mut(x)
}

/// Un-apply the gates of `axis` (last first) to ψ and λ, returning `Σ_g Im⟨λ_g|H_g|ψ_g⟩`
/// taken at each gate's output (`rot` the inverse rotation).
fn backward_chunks(psi: &mut [Complex64], lam: &mut [Complex64], axis: &Axis, rot: Rot) -> f64 {
    let (stride, span) = (axis.stride, axis.span());
    if !axis.ring.is_empty() {
        return backward_rings(psi, lam, axis, rot);
    }
    if stride == 1 {
        // As in `forward_chunks`, two chunks per register.
        let mut acc: Acc = [Quad::zero(); 2];
        let mut ps = psi.chunks_exact_mut(2 * span);
        let mut ls = lam.chunks_exact_mut(2 * span);
        for (pt, lt) in (&mut ps).zip(&mut ls) {
            let ((c0, c1), (d0, d1)) = (pt.split_at_mut(span), lt.split_at_mut(span));
            let (p0, p1, l0, l1) = (amplitudes(c0), amplitudes(c1), amplitudes(d0), amplitudes(d1));
            for &(a, b) in axis.pairs.iter().rev() {
                let (a, b) = (a as usize, b as usize);
                let ([x, y, u, v], sum) = rot.unapply(
                    [
                        Quad::load_pair(&p0[a], &p1[a]),
                        Quad::load_pair(&p0[b], &p1[b]),
                        Quad::load_pair(&l0[a], &l1[a]),
                        Quad::load_pair(&l0[b], &l1[b]),
                    ],
                    acc,
                );
                acc = sum;
                x.store_pair(&mut p0[a], &mut p1[a]);
                y.store_pair(&mut p0[b], &mut p1[b]);
                u.store_pair(&mut l0[a], &mut l1[a]);
                v.store_pair(&mut l0[b], &mut l1[b]);
            }
        }
        let (p, l) = (amplitudes(ps.into_remainder()), amplitudes(ls.into_remainder()));
        if !p.is_empty() {
            for &(a, b) in axis.pairs.iter().rev() {
                let (a, b) = (a as usize, b as usize);
                let ([x, y, u, v], sum) = rot.unapply(
                    [
                        quad_of_one(&p[a]),
                        quad_of_one(&p[b]),
                        quad_of_one(&l[a]),
                        quad_of_one(&l[b]),
                    ],
                    acc,
                );
                acc = sum;
                put_one(&mut p[a], x);
                put_one(&mut p[b], y);
                put_one(&mut l[a], u);
                put_one(&mut l[b], v);
            }
        }
        return overlap(acc);
    }
    let mut sum = 0.0;
    for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
        sum += unrotate_chunk(p, l, axis, stride, rot);
    }
    sum
}

/// Multiply `x` (amplitudes from basis index `offset`) by the phase; indexed factors two
/// amplitudes per register. With `uniform`, `x` is taken to hold that real amplitude
/// everywhere, whatever it holds, and is written without being read: the same bits as
/// filling it first.
fn apply_phase(x: &mut [Complex64], offset: usize, phase: &Phase<'_>, uniform: Option<f64>) {
    let end = offset + x.len();
    match *phase {
        Phase::None => {
            if let Some(a) = uniform {
                x.fill(Complex64::new(a, 0.0));
            }
        }
        Phase::Indexed { index, factors } => {
            let index = &index[offset..end];
            match uniform {
                None => indexed_phase::<false>(x, index, factors, 0.0),
                Some(a) => indexed_phase::<true>(x, index, factors, a),
            }
        }
        Phase::Dense { costs, gamma } => {
            for (a, &cost) in x.iter_mut().zip(&costs[offset..end]) {
                if let Some(u) = uniform {
                    *a = Complex64::new(u, 0.0);
                }
                *a *= Complex64::from_polar(1.0, -gamma * cost);
            }
        }
    }
}

/// `x_k ← factors[index[k]]·x_k`, two amplitudes per register; with `FRESH`, `x` is taken to
/// hold `uniform` everywhere and is not read. Not inlined, so that its loop compiles the same
/// whatever calls it: inlined, a change elsewhere in the fused pass once made it 40 % slower
/// (0.35 → 0.49 ns a state in cache).
#[inline(never)]
fn indexed_phase<const FRESH: bool>(x: &mut [Complex64], index: &[u16], factors: &[Complex64], uniform: f64) {
    let fac: &[[f64; 2]] = bytemuck::cast_slice(factors);
    let times = |a: Quad, f: Quad| a.mul_subadd(f.dup_re(), a.swap_pairs().mul(f.dup_im()));
    let xf: &mut [f64] = bytemuck::cast_slice_mut(x);
    let mut xs = xf.chunks_exact_mut(4);
    let mut is = index.chunks_exact(2);
    let start = Quad::new([uniform, 0.0, uniform, 0.0]);
    for (a, i) in (&mut xs).zip(&mut is) {
        let f = Quad::load_pair(&fac[i[0] as usize], &fac[i[1] as usize]);
        put(a, times(if FRESH { start } else { quad_of(a) }, f));
    }
    let (a, i) = (xs.into_remainder(), is.remainder());
    if let (false, [k]) = (a.is_empty(), i) {
        let x = if FRESH {
            Quad::new([uniform, 0.0, 0.0, 0.0])
        } else {
            quad_of_one(a)
        };
        put_one(a, times(x, quad_of_one(&fac[*k as usize])));
    }
}

/// The adjoint of the phase on ψ and λ (`p`, `l`: amplitudes from basis index `offset`):
/// returns `Σ_k C_k Im(conj(λ_k) ψ_k)`, then multiplies both by the conjugate phase. An
/// indexed phase's costs are `doubled[index[k]]` (each level's cost in both lanes), summed in
/// an [`Acc`], two amplitudes per register.
fn unapply_phase(
    p: &mut [Complex64],
    l: &mut [Complex64],
    offset: usize,
    phase: &Phase<'_>,
    doubled: &[[f64; 2]],
) -> f64 {
    let end = offset + p.len();
    match *phase {
        Phase::None => 0.0,
        Phase::Indexed { index, factors } => indexed_unphase(p, l, &index[offset..end], factors, doubled),
        Phase::Dense { costs, gamma } => {
            let mut g = 0.0;
            for ((a, b), &cost) in p.iter_mut().zip(l.iter_mut()).zip(&costs[offset..end]) {
                g += cost * (b.conj() * *a).im;
                let f = Complex64::from_polar(1.0, gamma * cost);
                *a *= f;
                *b *= f;
            }
            g
        }
    }
}

/// The indexed arm of [`unapply_phase`] (`index` from the slice's first amplitude). Not
/// inlined, as [`indexed_phase`], so that its loop compiles the same whatever calls it.
#[inline(never)]
fn indexed_unphase(
    p: &mut [Complex64],
    l: &mut [Complex64],
    index: &[u16],
    factors: &[Complex64],
    doubled: &[[f64; 2]],
) -> f64 {
    let fac: &[[f64; 2]] = bytemuck::cast_slice(factors);
    // conj(f) = f·(1, −1), exact; then the product as in `apply_phase`.
    let sign = Quad::new([1.0, -1.0, 1.0, -1.0]);
    let times = |x: Quad, f: Quad| x.mul_subadd(f.dup_re(), x.swap_pairs().mul(f.dup_im()));
    let step = |a: &mut [f64], b: &mut [f64], i: &[u16], acc: Quad| -> Quad {
        let (i0, i1) = (i[0] as usize, i[1] as usize);
        let (x, y) = (quad_of(a), quad_of(b));
        let acc = y
            .mul(Quad::load_pair(&doubled[i0], &doubled[i1]))
            .mul_add(x.swap_pairs(), acc);
        let f = Quad::load_pair(&fac[i0], &fac[i1]).mul(sign);
        put(a, times(x, f));
        put(b, times(y, f));
        acc
    };
    let mut acc: Acc = [Quad::zero(); 2];
    let pf: &mut [f64] = bytemuck::cast_slice_mut(p);
    let lf: &mut [f64] = bytemuck::cast_slice_mut(l);
    let mut ps = pf.chunks_exact_mut(8);
    let mut ls = lf.chunks_exact_mut(8);
    let mut is = index.chunks_exact(4);
    for ((a, b), i) in (&mut ps).zip(&mut ls).zip(&mut is) {
        let (a0, a1) = a.split_at_mut(4);
        let (b0, b1) = b.split_at_mut(4);
        acc[0] = step(a0, b0, &i[..2], acc[0]);
        acc[1] = step(a1, b1, &i[2..], acc[1]);
    }
    let (a, b, i) = (ps.into_remainder(), ls.into_remainder(), is.remainder());
    let (a0, a1) = a.split_at_mut(a.len().min(4));
    let (b0, b1) = b.split_at_mut(b.len().min(4));
    if a0.len() == 4 {
        acc[0] = step(a0, b0, &i[..2], acc[0]);
    }
    if let Some(&k) = i.get(2 * (a0.len() / 4)) {
        // An odd last amplitude in the low lanes, the high ones zero.
        let (last_a, last_b) = if a0.len() == 4 { (a1, b1) } else { (a0, b0) };
        let (x, y) = (quad_of_one(last_a), quad_of_one(last_b));
        let k = k as usize;
        acc[1] = y.mul(quad_of_one(&doubled[k])).mul_add(x.swap_pairs(), acc[1]);
        let f = quad_of_one(&fac[k]).mul(sign);
        put_one(last_a, times(x, f));
        put_one(last_b, times(y, f));
    }
    overlap(acc)
}

/// The work unit of the fused pass: whole tiles of the fused axes, about `UNIT` amplitudes.
fn fused_unit(axes: &[Axis], fused: usize) -> usize {
    let unit = UNIT;
    let span: usize = axes[..fused].iter().map(|a| a.radix).product();
    span * (unit / span).max(1)
}

/// Run `f(unit index, unit)` over consecutive units of `unit` amplitudes, in parallel for long
/// states.
fn for_units(x: &mut [Complex64], unit: usize, f: impl Fn(usize, &mut [Complex64]) + Sync) {
    if x.len() >= PAR_MIN {
        x.par_chunks_mut(unit).enumerate().for_each(|(u, c)| f(u, c));
    } else {
        x.chunks_mut(unit).enumerate().for_each(|(u, c)| f(u, c));
    }
}

/// `Σ_u f(u, ψ unit, λ unit)` over units, added in unit order whatever the threads.
fn sum_units(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    unit: usize,
    scratch: &mut Vec<f64>,
    f: impl Fn(usize, &mut [Complex64], &mut [Complex64]) -> f64 + Sync,
) -> f64 {
    let units = psi.len().div_ceil(unit);
    scratch.clear();
    scratch.resize(units, 0.0);
    if psi.len() >= PAR_MIN {
        psi.par_chunks_mut(unit)
            .zip(lam.par_chunks_mut(unit))
            .zip(scratch.par_iter_mut())
            .enumerate()
            .for_each(|(u, ((p, l), out))| *out = f(u, p, l));
    } else {
        psi.chunks_mut(unit)
            .zip(lam.chunks_mut(unit))
            .zip(scratch.iter_mut())
            .enumerate()
            .for_each(|(u, ((p, l), out))| *out = f(u, p, l));
    }
    scratch.iter().sum()
}

/// Column parts of one chunk of `axis`: `ROW_SPLIT` parts, each the same column range of every
/// row (for an axis with too few chunks to share among threads).
fn column_parts<'a>(chunk: &'a mut [Complex64], axis: &Axis) -> Vec<Vec<&'a mut [Complex64]>> {
    let stride = axis.stride;
    let width = stride.div_ceil(ROW_SPLIT);
    let mut parts: Vec<Vec<&mut [Complex64]>> = (0..stride.div_ceil(width)).map(|_| Vec::new()).collect();
    for row in chunk.chunks_exact_mut(stride) {
        for (part, piece) in parts.iter_mut().zip(row.chunks_mut(width)) {
            part.push(piece);
        }
    }
    parts
}

/// Apply the gates of a pair-list `axis` to rows held as separate slices of equal length, in
/// column windows of `WINDOW` amplitudes (ring axes: [`forward_windows`]).
fn forward_rows(rows: &mut [&mut [Complex64]], axis: &Axis, rot: Rot) {
    let len = rows[0].len();
    let cols = (WINDOW / axis.radix).max(2);
    let ahead = &mut Ahead::nothing();
    for t0 in (0..len).step_by(cols) {
        let t1 = (t0 + cols).min(len);
        for &(a, b) in &axis.pairs {
            let (ra, rb) = two_rows(rows, a as usize, b as usize);
            rotate_rows(&mut ra[t0..t1], &mut rb[t0..t1], rot, ahead);
        }
    }
}

/// Rows of equal length cut into column windows of `cols`: window w holds every row's
/// columns `w·cols..(w + 1)·cols`.
fn column_windows<'a>(rows: &'a mut [&mut [Complex64]], cols: usize) -> Vec<Vec<&'a mut [Complex64]>> {
    let mut windows: Vec<Vec<&mut [Complex64]>> = (0..rows[0].len().div_ceil(cols)).map(|_| Vec::new()).collect();
    for row in rows.iter_mut() {
        for (w, piece) in row.chunks_mut(cols).enumerate() {
            windows[w].push(piece);
        }
    }
    windows
}

/// A ring axis on rows held apart, in column windows of `cols`: each window's rows turn in
/// registers ([`rotate_rings`]), and where `fetch` says so, the next window's lines are fetched
/// meanwhile, spread over the window's loads, so that the memory works while the rotations run.
fn forward_windows(rows: &mut [&mut [Complex64]], axis: &Axis, rot: Rot, cols: usize, fetch: bool) {
    let mut windows = column_windows(rows, cols);
    for w in 0..windows.len() {
        let (cur, next) = windows[w..].split_first_mut().expect("a window");
        let width = cur[0].len();
        let mut ahead = match next.first() {
            Some(n) if fetch => Ahead::new(
                n.iter().map(|r| bytemuck::cast_slice::<Complex64, u8>(r)).collect(),
                loads(axis, axis.radix * width),
            ),
            _ => Ahead::nothing(),
        };
        if axis.ring.len() >= 3 {
            rotate_rings_grouped(&mut Apart(cur), &axis.ring, 0, width, rot, &mut ahead);
        } else {
            rotate_rings(&mut Apart(cur), &axis.ring, 0, width, rot, &mut ahead);
        }
    }
}

/// [`backward_chunks`] on rows held as separate slices.
fn backward_rows(psi: &mut [&mut [Complex64]], lam: &mut [&mut [Complex64]], axis: &Axis, rot: Rot) -> f64 {
    let len = psi[0].len();
    let cols = (BACKWARD_WINDOW / axis.radix).max(2);
    if !axis.ring.is_empty() {
        let mut acc = RingSums::new();
        for t0 in (0..len).step_by(cols) {
            let t1 = (t0 + cols).min(len);
            unrotate_rings(&mut Apart(psi), &mut Apart(lam), &axis.ring, t0, t1, rot, &mut acc);
        }
        return acc.total();
    }
    let mut sum = 0.0;
    for t0 in (0..len).step_by(cols) {
        let t1 = (t0 + cols).min(len);
        for &(a, b) in axis.pairs.iter().rev() {
            let (pa, pb) = two_rows(psi, a as usize, b as usize);
            let (la, lb) = two_rows(lam, a as usize, b as usize);
            sum += unrotate_rows(&mut pa[t0..t1], &mut pb[t0..t1], &mut la[t0..t1], &mut lb[t0..t1], rot);
        }
    }
    sum
}

/// Whether a ring axis's outer passes fetch each next window: not where its rows are a whole
/// number of pages apart, as they then share their cache sets, and fetching the next window
/// evicted the current one (8^8's 512 rows, 512 KiB apart: 10.7-12.2 ms with the fetch at
/// windows of 2^16-2^18 amplitudes against 9.9 without). Rows at odd strides gained (9^9's 81
/// rows: 152 against 166 ms; 9^8's 729 rows: 29-31 against 32-33).
fn fetches_windows(axis: &Axis) -> bool {
    !axis.ring.is_empty() && !(axis.stride * std::mem::size_of::<Complex64>()).is_multiple_of(PAGE)
}

/// Whether threads share `axis` by its gates' parts: an axis with parts whose rows are too
/// short for the column split.
fn runs_in_parts(axis: &Axis) -> bool {
    !axis.parts.is_empty() && axis.stride < ROW_SPLIT
}

/// A part of a chunk: its first state, its rows and its pairs.
type Part<'a> = (usize, &'a mut [Complex64], &'a [(u32, u32)]);

/// One chunk of `axis` cut into the parts of gate `g`.
fn split_parts<'a>(mut chunk: &'a mut [Complex64], axis: &'a Axis, g: usize) -> Vec<Part<'a>> {
    let (parts, gate) = (&axis.parts[g], axis.gate(g));
    let mut out = Vec::with_capacity(parts.len());
    for (i, &(state, pair)) in parts.iter().enumerate() {
        let (end, last) = parts.get(i + 1).map_or((axis.radix, gate.len()), |&(s, p)| (s, p));
        let (rows, rest) = std::mem::take(&mut chunk).split_at_mut((end - state) * axis.stride);
        chunk = rest;
        out.push((state, rows, &gate[pair..last]));
    }
    out
}

/// Apply the gates of `axis` to one chunk, gate after gate, the parts of each gate in parallel.
fn forward_parts(chunk: &mut [Complex64], axis: &Axis, rot: Rot) {
    let stride = axis.stride;
    for g in 0..axis.gates() {
        split_parts(chunk, axis, g)
            .into_par_iter()
            .for_each(|(first, rows, pairs)| {
                for &(a, b) in pairs {
                    let (a, b) = ((a as usize - first) * stride, (b as usize - first) * stride);
                    let (ra, rb) = row_pair(rows, a, b, 0, stride);
                    rotate_rows(ra, rb, rot, &mut Ahead::nothing());
                }
            });
    }
}

/// Un-apply the gates of `axis` (last first) to one chunk of ψ and λ, the parts of each gate
/// in parallel, returning the overlaps' sum: per part, added in part order.
fn backward_parts(psi: &mut [Complex64], lam: &mut [Complex64], axis: &Axis, rot: Rot, scratch: &mut Vec<f64>) -> f64 {
    let stride = axis.stride;
    let mut sum = 0.0;
    for g in (0..axis.gates()).rev() {
        let parts: Vec<_> = split_parts(psi, axis, g)
            .into_iter()
            .zip(split_parts(lam, axis, g))
            .collect();
        scratch.clear();
        scratch.resize(parts.len(), 0.0);
        parts
            .into_par_iter()
            .zip(scratch.par_iter_mut())
            .for_each(|(((first, p, pairs), (_, l, _)), out)| {
                let mut part = 0.0;
                for &(a, b) in pairs.iter().rev() {
                    let (a, b) = ((a as usize - first) * stride, (b as usize - first) * stride);
                    let (pa, pb) = row_pair(p, a, b, 0, stride);
                    let (la, lb) = row_pair(l, a, b, 0, stride);
                    part += unrotate_rows(pa, pb, la, lb, rot);
                }
                *out = part;
            });
        sum += scratch.iter().sum::<f64>();
    }
    sum
}

/// Mutable views of rows `a` and `b` (distinct) of `rows`.
fn two_rows<'r>(rows: &'r mut [&mut [Complex64]], a: usize, b: usize) -> (&'r mut [Complex64], &'r mut [Complex64]) {
    debug_assert_ne!(a, b);
    if a < b {
        let (lo, hi) = rows.split_at_mut(b);
        (&mut *lo[a], &mut *hi[0])
    } else {
        let (lo, hi) = rows.split_at_mut(a);
        (&mut *hi[0], &mut *lo[b])
    }
}

/// One layer on a mixed-radix state: the phase, then every axis's gates with rotation
/// `(c, s) = (cos β, sin β)`. `axes` cover `amps` exactly (the last span is its length); any
/// plan of the same axes gives the same bits, [`plan_forward`]'s the fastest layer. With
/// [`Start::Uniform`] the layer acts on the uniform superposition whatever `amps` holds (the
/// same bits as filling it first, without that pass).
pub fn apply_layer_axes(amps: &mut [Complex64], axes: &[Axis], phase: Phase<'_>, c: f64, s: f64, start: Start) {
    layer_in_tasks(amps, axes, phase, (c, s), start, None);
}

/// Consecutive units of `unit` amplitudes one task of a forward fused pass runs over a state
/// of `len`: `UNITS_PER_TASK`, fewer where the state has fewer than `MIN_TASKS` such tasks.
fn units_per_task(len: usize, unit: usize) -> usize {
    (len.div_ceil(unit) / MIN_TASKS).clamp(1, UNITS_PER_TASK)
}

/// [`apply_layer_axes`] with the fused pass in tasks of `units` units (else [`units_per_task`]);
/// the bits do not depend on them.
fn layer_in_tasks(
    amps: &mut [Complex64],
    axes: &[Axis],
    phase: Phase<'_>,
    (c, s): (f64, f64),
    start: Start,
    units: Option<usize>,
) {
    debug_assert_eq!(axes.last().map_or(1, Axis::span), amps.len());
    let fused = fused_axes(axes);
    let rot = Rot::new(c, s);
    // The uniform start's amplitude, as `1/√len` filled in first would be.
    let uniform = (start == Start::Uniform).then(|| 1.0 / (amps.len() as f64).sqrt());
    if fused > 0 {
        // Tasks of up to `UNITS_PER_TASK` consecutive units: the rotations of each unit (in cache)
        // fetch the next unit and its costs, so that the memory works while they run.
        let unit = fused_unit(axes, fused);
        let task = unit * units.unwrap_or_else(|| units_per_task(amps.len(), unit));
        // Leading axes the cube kernel takes.
        let cubed = if fused >= 2 && odd_cube(&axes[0], &axes[1]) {
            2
        } else {
            0
        };
        for_units(amps, task, |t, x| {
            let mut offset = t * task;
            let mut rest = x;
            while !rest.is_empty() {
                let len = unit.min(rest.len());
                let (cur, next) = std::mem::take(&mut rest).split_at_mut(len);
                let ahead_len = unit.min(next.len());
                // A uniform start writes the next unit without reading it.
                let mut regions: Vec<&[u8]> = Vec::new();
                // At most `UNIT` amplitudes of it: a unit of 9^5 and all of the next would
                // overflow L2.
                if uniform.is_none() {
                    regions.push(bytemuck::cast_slice(&next[..ahead_len.min(UNIT)]));
                }
                let costs = offset + len..offset + len + ahead_len;
                match phase {
                    Phase::Indexed { index, .. } => regions.push(bytemuck::cast_slice(&index[costs])),
                    Phase::Dense { costs: c, .. } => regions.push(bytemuck::cast_slice(&c[costs])),
                    Phase::None => {}
                }
                let work = axes[..fused].iter().map(|a| loads(a, len)).sum();
                let mut ahead = Ahead::new(regions, work);
                apply_phase(cur, offset, &phase, uniform);
                if cubed > 0 {
                    ring_cubes(cur, &axes[..cubed], rot, &mut ahead);
                }
                for axis in &axes[cubed..fused] {
                    forward_chunks(cur, axis, rot, &mut ahead);
                }
                offset += len;
                rest = next;
            }
        });
    } else {
        for_units(amps, UNIT, |u, x| apply_phase(x, u * UNIT, &phase, uniform));
    }
    for axis in &axes[fused..] {
        outer_pass(amps, axis, rot, FETCH_WINDOW);
    }
}

/// One outer axis over the whole state: its chunks shared out, or the column parts of its
/// rows, or its gates' parts. Ring rows are held apart in column windows ([`forward_windows`]):
/// of `window` amplitudes, each fetching the next, where [`fetches_windows`]; else of `WINDOW`.
fn outer_pass(amps: &mut [Complex64], axis: &Axis, rot: Rot, window: usize) {
    let span = axis.span();
    let fetching = fetches_windows(axis);
    let ring_cols = (if fetching { window } else { WINDOW } / axis.radix).max(2);
    let rows = |rows: &mut [&mut [Complex64]]| {
        if axis.ring.is_empty() {
            forward_rows(rows, axis, rot);
        } else {
            forward_windows(rows, axis, rot, ring_cols, fetching);
        }
    };
    if amps.len() / span >= ROW_SPLIT || amps.len() < PAR_MIN {
        // Ring rows longer than a window as rows apart, window after window.
        let apart = fetching && axis.stride > ring_cols;
        for_units(amps, span, |_, x| {
            if apart {
                rows(&mut x.chunks_exact_mut(axis.stride).collect::<Vec<_>>());
            } else {
                forward_chunks(x, axis, rot, &mut Ahead::nothing());
            }
        });
    } else if runs_in_parts(axis) {
        for chunk in amps.chunks_exact_mut(span) {
            forward_parts(chunk, axis, rot);
        }
    } else {
        for chunk in amps.chunks_exact_mut(span) {
            column_parts(chunk, axis)
                .into_par_iter()
                .for_each(|mut part| rows(&mut part));
        }
    }
}

/// The adjoint step of one layer: un-apply the axes' gates (rotation `(c, −s)`) and then the
/// phase to ψ and λ, returning `(Σ_g Im⟨λ|H_g|ψ⟩, Im⟨λ|C|ψ⟩)` taken where each generator
/// acts (`C` the costs: `values[index[k]]` or dense, `values` unused then). `scratch` holds
/// the per-unit sums. The plan's units and windows ([`plan_axes`]) fix the order of the overlap
/// sums, so the gradient's bits.
#[allow(clippy::too_many_arguments)]
pub fn unapply_layer_axes(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    axes: &[Axis],
    phase: Phase<'_>,
    values: &[f64],
    c: f64,
    s: f64,
    scratch: &mut Vec<f64>,
) -> (f64, f64) {
    let fused = adjoint_fused_axes(axes);
    let rot = Rot::new(c, -s);
    let mut mixer = 0.0;
    for axis in axes[fused..].iter().rev() {
        let span = axis.span();
        if psi.len() / span >= ROW_SPLIT || psi.len() < PAR_MIN {
            mixer += sum_units(psi, lam, span, scratch, |_, p, l| backward_chunks(p, l, axis, rot));
        } else if runs_in_parts(axis) {
            for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
                mixer += backward_parts(p, l, axis, rot, scratch);
            }
        } else {
            for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
                let parts: Vec<_> = column_parts(p, axis).into_iter().zip(column_parts(l, axis)).collect();
                scratch.clear();
                scratch.resize(parts.len(), 0.0);
                parts
                    .into_par_iter()
                    .zip(scratch.par_iter_mut())
                    .for_each(|((mut pr, mut lr), out)| *out = backward_rows(&mut pr, &mut lr, axis, rot));
                mixer += scratch.iter().sum::<f64>();
            }
        }
    }
    // The fused axes (last first), then ∂γ and the phase, in one pass.
    let unit = if fused > 0 { fused_unit(axes, fused) } else { UNIT };
    let doubled: Vec<[f64; 2]> = values.iter().map(|&v| [v, v]).collect();
    // The last fused axis on the whole unit (ψ and λ: L2's size), then the others and the
    // phase on one of its rows after another (in L2 with room to spare).
    let partial = |u: usize, p: &mut [Complex64], l: &mut [Complex64]| {
        let mut m = 0.0;
        let (inner, rows) = match &axes[..fused] {
            [inner @ .., last] if !inner.is_empty() => {
                m += backward_chunks(p, l, last, rot);
                (inner, last.stride)
            }
            all => (all, p.len()),
        };
        let mut g = 0.0;
        for (k, (p, l)) in p.chunks_mut(rows).zip(l.chunks_mut(rows)).enumerate() {
            for axis in inner.iter().rev() {
                m += backward_chunks(p, l, axis, rot);
            }
            g += unapply_phase(p, l, u * unit + k * rows, &phase, &doubled);
        }
        (m, g)
    };
    // Two sums per unit: run the pass once, keeping both in scratch (mixer, cost interleaved).
    let units = psi.len().div_ceil(unit);
    scratch.clear();
    scratch.resize(2 * units, 0.0);
    if psi.len() >= PAR_MIN {
        psi.par_chunks_mut(unit)
            .zip(lam.par_chunks_mut(unit))
            .zip(scratch.par_chunks_mut(2))
            .enumerate()
            .for_each(|(u, ((p, l), out))| {
                let (m, g) = partial(u, p, l);
                out[0] = m;
                out[1] = g;
            });
    } else {
        psi.chunks_mut(unit)
            .zip(lam.chunks_mut(unit))
            .zip(scratch.chunks_mut(2))
            .enumerate()
            .for_each(|(u, ((p, l), out))| {
                let (m, g) = partial(u, p, l);
                out[0] = m;
                out[1] = g;
            });
    }
    let mut cost = 0.0;
    for pair in scratch.chunks(2) {
        mixer += pair[0];
        cost += pair[1];
    }
    (mixer, cost)
}

/// `Σ_k |ψ_k|²` per cost level (`index` as in [`Phase::Indexed`]), summed over fixed chunks in
/// order.
pub fn level_probabilities_fixed(amps: &[Complex64], index: &[u16], levels: usize) -> Vec<f64> {
    levels_and_top(amps, index, levels, false).0
}

/// [`level_probabilities_fixed`] and [`argmax_probability_any`] in one pass over the state,
/// with the same bits as the two apart.
pub fn level_probabilities_and_top(amps: &[Complex64], index: &[u16], levels: usize) -> (Vec<f64>, (u64, f64)) {
    levels_and_top(amps, index, levels, true)
}

/// [`level_probabilities_fixed`], and `lam[k] = values[index[k]]·ψ_k` (a gradient's λ = C|ψ⟩)
/// written in the same pass: the same bits as the two apart.
pub fn level_probabilities_and_weighted(
    amps: &[Complex64],
    index: &[u16],
    values: &[f64],
    lam: &mut [Complex64],
) -> Vec<f64> {
    assert_eq!(amps.len(), lam.len(), "λ and ψ have one length");
    let part = |((a, i), l): ((&[Complex64], &[u16]), &mut [Complex64])| {
        let mut acc = vec![0.0; values.len()];
        for ((x, &v), y) in a.iter().zip(i).zip(l) {
            acc[v as usize] += x.norm_sqr();
            *y = *x * values[v as usize];
        }
        acc
    };
    let parts: Vec<Vec<f64>> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE)
            .zip(index.par_chunks(TILE))
            .zip(lam.par_chunks_mut(TILE))
            .map(part)
            .collect()
    } else {
        amps.chunks(TILE)
            .zip(index.chunks(TILE))
            .zip(lam.chunks_mut(TILE))
            .map(part)
            .collect()
    };
    let mut out = vec![0.0; values.len()];
    for p in parts {
        out.iter_mut().zip(p).for_each(|(o, x)| *o += x);
    }
    out
}

/// The largest of two `(index, |ψ|²)`, the lower index on ties.
fn best(x: (u64, f64), y: (u64, f64)) -> (u64, f64) {
    match y.1.total_cmp(&x.1) {
        std::cmp::Ordering::Greater => y,
        std::cmp::Ordering::Equal if y.0 < x.0 => y,
        _ => x,
    }
}

fn levels_and_top(amps: &[Complex64], index: &[u16], levels: usize, top: bool) -> (Vec<f64>, (u64, f64)) {
    let part = |(u, (a, i)): (usize, (&[Complex64], &[u16]))| {
        let mut acc = vec![0.0; levels];
        let mut most = (0, -1.0);
        for (j, (x, &v)) in a.iter().zip(i).enumerate() {
            let p = x.norm_sqr();
            acc[v as usize] += p;
            if top {
                most = best(most, ((u * TILE + j) as u64, p));
            }
        }
        (acc, most)
    };
    let parts: Vec<(Vec<f64>, (u64, f64))> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE)
            .zip(index.par_chunks(TILE))
            .enumerate()
            .map(part)
            .collect()
    } else {
        amps.chunks(TILE)
            .zip(index.chunks(TILE))
            .enumerate()
            .map(part)
            .collect()
    };
    let mut out = vec![0.0; levels];
    let mut most = (0, -1.0);
    for (p, m) in parts {
        out.iter_mut().zip(p).for_each(|(o, x)| *o += x);
        most = best(most, m);
    }
    (out, most)
}

/// `Σ_k w(k)·|ψ_k|²` over fixed chunks, added in order.
pub fn weighted_sum_fixed(amps: &[Complex64], weight: impl Fn(usize) -> f64 + Sync) -> f64 {
    let part = |(u, a): (usize, &[Complex64])| -> f64 {
        a.iter()
            .enumerate()
            .map(|(j, x)| weight(u * TILE + j) * x.norm_sqr())
            .sum()
    };
    let parts: Vec<f64> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE).enumerate().map(part).collect()
    } else {
        amps.chunks(TILE).enumerate().map(part).collect()
    };
    parts.iter().sum()
}

/// The largest `|ψ_k|²` and its index (the first on ties), over a state of any length.
pub fn argmax_probability_any(amps: &[Complex64]) -> (u64, f64) {
    let part = |(u, a): (usize, &[Complex64])| {
        a.iter()
            .enumerate()
            .map(|(j, x)| ((u * TILE + j) as u64, x.norm_sqr()))
            .fold((0, -1.0), best)
    };
    let parts: Vec<(u64, f64)> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE).enumerate().map(part).collect()
    } else {
        amps.chunks(TILE).enumerate().map(part).collect()
    };
    parts.into_iter().fold((0, -1.0), best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::kernels::{weighted_copy, Weight};

    /// A random state (fixed seed) of `len` amplitudes.
    fn random_state(len: usize, seed: u64) -> Vec<Complex64> {
        let mut x = seed;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        (0..len).map(|_| Complex64::new(next(), next())).collect()
    }

    /// Axes with radices `radices` and a few random-looking disjoint pair gates each.
    fn axes_of(radices: &[usize]) -> Vec<Axis> {
        let mut stride = 1;
        radices
            .iter()
            .map(|&r| {
                let gates: Vec<Vec<(u32, u32)>> = (1..r.min(4))
                    .map(|shift| {
                        (0..r)
                            .filter(|a| (a / shift) % 2 == 0 && a + shift < r)
                            .map(|a| (a as u32, (a + shift) as u32))
                            .collect()
                    })
                    .collect();
                let axis = Axis::new(r, stride, &gates);
                stride *= r;
                axis
            })
            .collect()
    }

    /// `(a, b) ← (c·a − i s·b, c·b − i s·a)` at two indices.
    fn rotate(x: &mut [Complex64], i: usize, j: usize, c: f64, s: f64) {
        let (a, b) = (x[i], x[j]);
        x[i] = Complex64::new(c * a.re + s * b.im, c * a.im - s * b.re);
        x[j] = Complex64::new(c * b.re + s * a.im, c * b.im - s * a.re);
    }

    /// The indices whose digit on `axis` is 0, in order.
    fn bases(len: usize, axis: &Axis) -> Vec<usize> {
        (0..len)
            .filter(|k| (k / axis.stride).is_multiple_of(axis.radix))
            .collect()
    }

    /// The same layer, gate by gate over the whole state with plain indexing.
    fn naive_layer(amps: &mut [Complex64], axes: &[Axis], c: f64, s: f64) {
        for axis in axes {
            let bases = bases(amps.len(), axis);
            for g in 0..axis.gates() {
                for &k in &bases {
                    for &(a, b) in axis.gate(g) {
                        rotate(amps, k + a as usize * axis.stride, k + b as usize * axis.stride, c, s);
                    }
                }
            }
        }
    }

    #[test]
    fn merged_outer_axes_give_the_same_layer() {
        for radices in [
            vec![20, 20, 20, 8, 4, 2, 2, 3],
            vec![2, 3, 5000, 4, 4, 2],
            vec![9, 9, 9, 9, 5, 6, 2],
        ] {
            let axes = axes_of(&radices);
            let planned = plan_axes(axes.clone());
            assert!(planned.len() < axes.len(), "{radices:?}: something merges");
            let len: usize = radices.iter().product();
            let (c, s) = (0.7f64.cos(), 0.7f64.sin());
            let mut a = random_state(len, 3);
            let mut b = a.clone();
            apply_layer_axes(&mut a, &axes, Phase::None, c, s, Start::Given);
            apply_layer_axes(&mut b, &planned, Phase::None, c, s, Start::Given);
            let err = a.iter().zip(&b).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max);
            assert!(err < 1e-13, "{radices:?}: {err}");
        }
    }

    /// Axes with radices `radices` whose gates are single pairs of neighbouring states in ring
    /// order (the XY ring on one-hot blocks): every gate overlaps the next.
    fn ring_axes(radices: &[usize]) -> Vec<Axis> {
        let mut stride = 1;
        radices
            .iter()
            .map(|&r| {
                let axis = Axis::new(r, stride, &ring_gates(r));
                stride *= r;
                axis
            })
            .collect()
    }

    #[test]
    fn ring_blocks_in_registers_give_the_pair_lists_bits() {
        // Fused and outer ring axes, even and odd strides, merged products, first axes of two
        // equal factors (squares), and the column split of an axis that spans the whole state
        // (8^6, 9^6).
        for radices in [
            &[8usize; 6][..],
            &[9; 6],
            &[3, 5, 7, 4, 6, 2],
            &[2, 9, 9, 9, 9, 2],
            &[7, 3000, 9],
            &[4, 6, 2, 3],
            &[6, 8, 8, 5],
            &[2, 2, 3],
            &[9, 7, 9, 3],
            &[5, 3, 3],
            &[3, 9, 9, 9, 9, 9],
            &[4, 4, 3, 5],
            &[4, 4],
            &[8, 8, 2],
            // Odd squares four at a time, with 3, 2 and no squares left over; odd cubes (a
            // square and the next axis) with 2, 1, 3 and no cubes left over.
            &[7, 7, 7, 2],
            &[7, 7, 7, 7, 3],
            &[9, 9, 9, 7],
            &[9, 9, 9, 4],
            &[7, 7, 3],
            &[3, 3, 3, 3, 2],
            &[9, 9, 7],
            &[5, 5, 6, 2],
        ] {
            let planned = plan_axes(ring_axes(radices));
            assert!(planned.iter().any(|a| !a.ring.is_empty()), "{radices:?}: a ring axis");
            let mut pairs_only = planned.clone();
            for a in &mut pairs_only {
                a.ring.clear();
            }
            let len: usize = radices.iter().product();
            let (index, factors, values) = phase_of(len, 11, 0.4);
            let phase = Phase::Indexed {
                index: &index,
                factors: &factors,
            };
            let (c, s) = (0.83f64.cos(), 0.83f64.sin());
            let mut a = random_state(len, 9);
            let mut b = a.clone();
            apply_layer_axes(&mut a, &planned, phase, c, s, Start::Given);
            apply_layer_axes(&mut b, &pairs_only, phase, c, s, Start::Given);
            assert!(bits(&a) == bits(&b), "{radices:?}");
            // The adjoint step: ψ and λ get the same bits, the sums agree (taken in another
            // order).
            let (mut la, mut scratch) = (random_state(len, 4), Vec::new());
            let mut lb = la.clone();
            let (ma, ga) = unapply_layer_axes(&mut a, &mut la, &planned, phase, &values, c, s, &mut scratch);
            let (mb, gb) = unapply_layer_axes(&mut b, &mut lb, &pairs_only, phase, &values, c, s, &mut scratch);
            assert!(bits(&a) == bits(&b) && bits(&la) == bits(&lb), "{radices:?}: adjoint");
            assert!((ma - mb).abs() <= 1e-12 * (1.0 + mb.abs()), "{radices:?}: {ma} {mb}");
            assert_eq!(ga.to_bits(), gb.to_bits(), "{radices:?}: the phase's sum");
        }
        assert!(Axis::new(8, 1, &ring_gates(8)).ring == [8]);
        let mut complete = ring_gates(4);
        complete.push(vec![(0, 2)]);
        assert!(Axis::new(4, 1, &complete).ring.is_empty(), "not a ring");
        assert!(
            Axis::new(10, 1, &ring_gates(10)).ring.is_empty(),
            "too large for registers"
        );
    }

    /// Every lane of a [`RingSums`], as bits.
    fn sum_bits(acc: &RingSums) -> Vec<u64> {
        let quads = acc.quad.iter().flatten().flat_map(|q| q.to_array());
        let wide = acc
            .wide
            .iter()
            .flatten()
            .flat_map(|w| (0..Four::LANES / 4).flat_map(|h| w.quad(h)));
        quads.chain(wide).map(f64::to_bits).collect()
    }

    #[test]
    fn adjoint_first_blocks_four_at_a_time_keep_the_bits() {
        // First axes of one ring factor of 4 or 8 states, and 4x4 and 8x8 squares: the
        // kernels on four amplitudes per register against the quadruples and the rows of
        // `unrotate_rings` that they replaced, state and every lane of the sums bit for bit.
        let rot = Rot::new(0.61f64.cos(), -0.61f64.sin());
        for ring in [&[4usize][..], &[8], &[4, 4], &[8, 8]] {
            let (r0, span) = (ring[0], ring.iter().product::<usize>());
            for chunks in [1, 2, 3, 6] {
                let len = span * chunks;
                let (mut p, mut l) = (random_state(len, 5), random_state(len, 6));
                let (mut q, mut m) = (p.clone(), l.clone());
                // Earlier sums in the accumulators, as a unit's later chunks find them.
                let mut old = RingSums::new();
                let lanes: Vec<f64> = random_state(16, 7).iter().flat_map(|z| [z.re, z.im]).collect();
                for (k, q) in old.quad.iter_mut().flatten().enumerate() {
                    *q = Quad::load(lanes[4 * k..4 * k + 4].try_into().expect("four lanes"));
                }
                for (k, w) in old.wide.iter_mut().flatten().enumerate() {
                    *w = Four::load(&lanes[8 * k..]);
                }
                let mut new = RingSums {
                    quad: old.quad,
                    wide: old.wide,
                };
                // Before: the other factor as rows of `r0`, then the quadruples.
                for (pc, lc) in p.chunks_exact_mut(span).zip(l.chunks_exact_mut(span)) {
                    let (f, g): (&mut [f64], &mut [f64]) = (bytemuck::cast_slice_mut(pc), bytemuck::cast_slice_mut(lc));
                    if ring.len() > 1 {
                        let (mut fr, mut gr) = (Flat { f, stride: r0 }, Flat { f: g, stride: r0 });
                        unrotate_rings(&mut fr, &mut gr, &ring[1..], 0, r0, rot, &mut old);
                    }
                    let (f, g): (&mut [f64], &mut [f64]) = (bytemuck::cast_slice_mut(pc), bytemuck::cast_slice_mut(lc));
                    match r0 {
                        4 => unring_blocks_consecutive::<2>(f, g, rot, &mut old),
                        _ => unring_blocks_consecutive::<4>(f, g, rot, &mut old),
                    }
                }
                // Now: squares whole, or the blocks four amplitudes per register.
                let (f, g): (&mut [f64], &mut [f64]) =
                    (bytemuck::cast_slice_mut(&mut q), bytemuck::cast_slice_mut(&mut m));
                match (ring.len(), r0) {
                    (2, 4) => unring_squares_four::<1, 4>(f, g, rot, &mut new),
                    (2, _) => unring_squares_four::<2, 16>(f, g, rot, &mut new),
                    (_, 4) => unring_blocks_four::<1>(f, g, rot, &mut new),
                    _ => unring_blocks_four::<2>(f, g, rot, &mut new),
                }
                let case = format!("{ring:?} x {chunks}");
                assert!(bits(&p) == bits(&q) && bits(&l) == bits(&m), "{case}: states");
                assert_eq!(sum_bits(&old), sum_bits(&new), "{case}: sums");
                assert_eq!(old.total().to_bits(), new.total().to_bits(), "{case}: total");
            }
        }
    }

    #[test]
    fn fetching_ahead_requests_every_line_by_the_last_load() {
        let (state, index) = (vec![0u8; 1000], vec![0u8; 130]);
        // 16 + 3 lines (the regions' last lines partly filled), an empty region between.
        for loads in [0, 1, 5, 18, 19, 20, 1000, 1 << 20] {
            let mut ahead = Ahead::new(vec![&state[..], &[], &index[..]], loads);
            let mut fetched = vec![];
            for _ in 0..loads {
                ahead.tick(1);
                fetched.push(ahead.fetched);
            }
            ahead.tick(0);
            assert_eq!((ahead.fetched, ahead.due), (19, usize::MAX), "{loads} loads");
            assert_eq!((ahead.region, ahead.at), (2, 192), "{loads} loads");
            // Spread evenly: after d loads, d/loads of the lines, give or take one load's.
            for (d, &n) in (1..).zip(&fetched) {
                assert!(
                    d * 19 / loads <= n && n <= ((d + 1) * 19).div_ceil(loads),
                    "{loads} loads"
                );
            }
        }
        let mut nothing = Ahead::nothing();
        nothing.tick(1 << 40);
        assert_eq!(nothing.fetched, 0);
    }

    #[test]
    fn forward_kernels_tick_every_load() {
        // Every path of `forward_chunks`: even and odd first ring blocks (with a chunk left
        // without a neighbour), odd squares four at a time (with some left over), ring rows
        // with an odd last column, pair lists of stride 1 and more, odd row lengths. A load
        // left uncounted would leave the next unit's last lines unfetched.
        for radices in [
            &[8usize, 8, 8][..],
            &[9, 9, 3],
            &[9, 9, 7],
            &[3, 3, 3, 3, 2],
            &[9, 3],
            &[3, 5, 7],
            &[2, 9],
            &[6, 3, 5],
            &[4],
        ] {
            let kinds = [
                ("rings", ring_axes(radices)),
                ("planned rings", plan_axes(ring_axes(radices))),
                ("pair lists", axes_of(radices)),
            ];
            for (kind, axes) in kinds {
                let len: usize = radices.iter().product();
                for axis in &axes {
                    let mut x = random_state(len, 3);
                    let mut ahead = Ahead::nothing();
                    forward_chunks(&mut x, axis, Rot::new(0.6, 0.8), &mut ahead);
                    assert_eq!(ahead.done, loads(axis, len), "{radices:?}, {kind}, axis {axis:?}");
                }
            }
        }
    }

    #[test]
    fn odd_cubes_give_both_axes_bits_and_tick_their_loads() {
        for radices in [&[9usize, 9, 9, 7][..], &[7, 7, 7, 7, 3], &[7, 7, 7, 2]] {
            let axes = plan_axes(ring_axes(radices));
            assert_eq!(odd_cube(&axes[0], &axes[1]), Wide::LANES == Four::LANES, "{radices:?}");
            let len: usize = radices.iter().product();
            let mut x = random_state(len, 3);
            let mut y = x.clone();
            for axis in &axes[..2] {
                forward_chunks(&mut y, axis, Rot::new(0.6, 0.8), &mut Ahead::nothing());
            }
            let mut ahead = Ahead::nothing();
            ring_cubes(&mut x, &axes[..2], Rot::new(0.6, 0.8), &mut ahead);
            assert_eq!(ahead.done, loads(&axes[0], len) + loads(&axes[1], len), "{radices:?}");
            assert!(bits(&x) == bits(&y), "{radices:?}");
        }
    }

    /// A cost index over `levels` values and its phase factors at γ.
    fn phase_of(len: usize, levels: usize, gamma: f64) -> (Vec<u16>, Vec<Complex64>, Vec<f64>) {
        let index: Vec<u16> = (0..len).map(|k| ((k * 7919 + k / 3) % levels) as u16).collect();
        let values: Vec<f64> = (0..levels).map(|v| v as f64 * 0.37 - 1.1).collect();
        let factors = values.iter().map(|&v| Complex64::from_polar(1.0, -gamma * v)).collect();
        (index, factors, values)
    }

    /// The adjoint step gate by gate: un-rotate every gate (last first) after taking its
    /// overlap, then ∂γ and the conjugate phase; sums in plain index order.
    #[allow(clippy::too_many_arguments)]
    fn naive_unapply(
        psi: &mut [Complex64],
        lam: &mut [Complex64],
        axes: &[Axis],
        index: &[u16],
        factors: &[Complex64],
        values: &[f64],
        c: f64,
        s: f64,
    ) -> (f64, f64) {
        let mut mixer = 0.0;
        for axis in axes.iter().rev() {
            let bases = bases(psi.len(), axis);
            for g in (0..axis.gates()).rev() {
                for &base in &bases {
                    for &(a, b) in axis.gate(g) {
                        let (k, j) = (base + a as usize * axis.stride, base + b as usize * axis.stride);
                        let (x, y, u, v) = (psi[k], psi[j], lam[k], lam[j]);
                        mixer += (u.conj() * y).im + (v.conj() * x).im;
                        rotate(psi, k, j, c, -s);
                        rotate(lam, k, j, c, -s);
                    }
                }
            }
        }
        let mut cost = 0.0;
        for k in 0..psi.len() {
            let i = index[k] as usize;
            cost += values[i] * (lam[k].conj() * psi[k]).im;
            psi[k] *= factors[i].conj();
            lam[k] *= factors[i].conj();
        }
        (mixer, cost)
    }

    /// Every amplitude's re and im as bits, to compare states bit for bit.
    fn bits(x: &[Complex64]) -> Vec<u64> {
        x.iter().flat_map(|z| [z.re.to_bits(), z.im.to_bits()]).collect()
    }

    fn max_err(a: &[Complex64], b: &[Complex64]) -> f64 {
        a.iter().zip(b).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max)
    }

    /// Shapes that reach every path: serial and parallel; the first axis with an even and an
    /// odd number of chunks per tile, and one longer than a tile; fused only; unfused axes with many chunks and with the row split;
    /// merged radix-8 and radix-9 axes as the 8^8 and 9^9 Queens spaces plan them; axes large
    /// enough to run in parts, with rows of one and of six amplitudes.
    const SHAPES: [&[usize]; 14] = [
        &[20000],
        &[3, 5, 7],
        &[17000, 2],
        &[2, 3, 17000],
        &[3, 4, 2],
        &[6, 5, 7, 4, 8, 3],
        &[2, 3, 5000, 4],
        &[7, 3000, 9],
        &[20, 20, 20, 9],
        &[5000, 3, 2],
        &[9000, 2],
        &[8, 8, 8, 8, 8, 8],
        &[9, 9, 9, 9, 9, 9],
        &[9, 3, 9, 9, 9, 9, 2],
    ];

    #[test]
    fn planned_layers_equal_gate_by_gate_with_phase_and_adjoint() {
        let (gamma, beta) = (0.41, 0.3f64);
        let (c, s) = (beta.cos(), beta.sin());
        for radices in SHAPES {
            for (kind, axes) in [("pairs", axes_of(radices)), ("ring", ring_axes(radices))] {
                let planned = plan_axes(axes.clone());
                let len: usize = radices.iter().product();
                let (index, factors, values) = phase_of(len, 11, gamma);
                let phase = || Phase::Indexed {
                    index: &index,
                    factors: &factors,
                };
                let mut fast = random_state(len, 5);
                let mut slow = fast.clone();
                apply_layer_axes(&mut fast, &planned, phase(), c, s, Start::Given);
                for (a, &i) in slow.iter_mut().zip(&index) {
                    *a *= factors[i as usize];
                }
                naive_layer(&mut slow, &axes, c, s);
                let err = max_err(&fast, &slow);
                assert!(err < 1e-13, "{kind} {radices:?}: {err}");
                // The adjoint step: the same states and sums as gate by gate.
                let mut lam = random_state(len, 9);
                let mut lam_slow = lam.clone();
                let mut scratch = Vec::new();
                let (m, g) = unapply_layer_axes(&mut fast, &mut lam, &planned, phase(), &values, c, s, &mut scratch);
                let (m0, g0) = naive_unapply(&mut slow, &mut lam_slow, &axes, &index, &factors, &values, c, s);
                assert!(
                    (m - m0).abs() < 1e-9 * (1.0 + m0.abs()),
                    "{kind} {radices:?}: mixer {m} {m0}"
                );
                assert!(
                    (g - g0).abs() < 1e-9 * (1.0 + g0.abs()),
                    "{kind} {radices:?}: cost {g} {g0}"
                );
                assert!(max_err(&fast, &slow) < 1e-12, "{kind} {radices:?}: ψ");
                assert!(max_err(&lam, &lam_slow) < 1e-12, "{kind} {radices:?}: λ");
                assert!(
                    max_err(&fast, &random_state(len, 5)) < 1e-12,
                    "{kind} {radices:?}: undo"
                );
            }
        }
    }

    #[test]
    fn planning_merges_the_first_axes_and_the_outer_ones() {
        let radices = |axes: &[Axis]| axes.iter().map(|a| a.radix).collect::<Vec<_>>();
        // 8^8 fuses five axes (2^15 amplitudes) and merges the other three: 2 passes.
        let eight = plan_axes(ring_axes(&[8; 8]));
        assert_eq!(radices(&eight), [64, 8, 8, 8, 512]);
        assert_eq!(fused_axes(&eight), 4);
        // 9^9: four fused, then 9·9·9 and 9·9: 3 passes.
        let nine = plan_axes(ring_axes(&[9; 9]));
        assert_eq!(radices(&nine), [81, 9, 9, 729, 81]);
        assert_eq!(adjoint_fused_axes(&nine), 3);
        // A forward layer: 8^8 the same; 9^9 fuses five axes (9^5 amplitudes) and runs the
        // other four as 81 and 81 rows.
        assert_eq!(plan_forward(ring_axes(&[8; 8])), eight);
        let nine = plan_forward(ring_axes(&[9; 9]));
        assert_eq!(radices(&nine), [81, 9, 9, 9, 81, 81]);
        assert_eq!(fused_axes(&nine), 4);
        // Outer groups: the fewest, then the most even, a radix above the limit alone.
        assert_eq!(even_groups(&[9; 4], 729), [2, 2]);
        assert_eq!(even_groups(&[8; 3], 729), [3]);
        assert_eq!(even_groups(&[9; 7], 729), [2, 2, 3]);
        assert_eq!(even_groups(&[2000, 3, 3, 9], 729), [1, 3]);
        assert_eq!(even_groups(&[3, 2000, 2, 2], 729), [1, 1, 2]);
        assert_eq!(even_groups(&[], 729), Vec::<usize>::new());
    }

    #[test]
    fn outer_passes_in_small_windows_give_the_same_bits() {
        // Small windows send the outer passes of small states down every path: chunks shared
        // out with rows apart (window shorter than a row) or in one slice, and column parts.
        let (c, s) = (0.45f64.cos(), 0.45f64.sin());
        for radices in [&[9usize, 9, 9, 9][..], &[8, 8, 8, 8, 8, 8], &[5, 7, 3, 9, 16]] {
            let axes = ring_axes(radices);
            let len: usize = radices.iter().product();
            for axis in &axes[1..] {
                let want = {
                    let mut x = random_state(len, 6);
                    outer_pass(&mut x, axis, Rot::new(c, s), 1 << 30);
                    bits(&x)
                };
                for window in [16, 100, 1000, 1 << 12] {
                    let mut x = random_state(len, 6);
                    outer_pass(&mut x, axis, Rot::new(c, s), window);
                    assert!(bits(&x) == want, "{radices:?} stride {} window {window}", axis.stride);
                }
            }
        }
    }

    #[test]
    fn ring_windows_give_the_bits_of_one_window() {
        // Windows that divide the rows and ones that leave a short last window, down to two
        // columns; every ring shape of the outer passes, and rings of three and four factors,
        // which take the grouped order.
        for radices in [&[9usize, 9][..], &[8, 8, 8], &[3, 5], &[7], &[2, 9, 3], &[3, 2, 4, 2]] {
            let axes = ring_axes(radices);
            let axis = axes[1..].iter().fold(axes[0].clone(), |a, b| merge_axes(&a, b));
            let (radix, cols) = (axis.radix, 203);
            let (c, s) = (0.9f64.cos(), 0.9f64.sin());
            let want = {
                let mut x = random_state(radix * cols, 4);
                let mut rows: Vec<&mut [Complex64]> = x.chunks_exact_mut(cols).collect();
                rotate_rings(
                    &mut Apart(&mut rows),
                    &axis.ring,
                    0,
                    cols,
                    Rot::new(c, s),
                    &mut Ahead::nothing(),
                );
                bits(&x)
            };
            for (window, fetch) in [2, 7, 29, 64, 203, 1000]
                .into_iter()
                .flat_map(|w| [(w, true), (w, false)])
            {
                let mut x = random_state(radix * cols, 4);
                let mut rows: Vec<&mut [Complex64]> = x.chunks_exact_mut(cols).collect();
                forward_windows(&mut rows, &axis, Rot::new(c, s), window, fetch);
                assert!(bits(&x) == want, "{radices:?} window {window} fetch {fetch}");
            }
        }
    }

    #[test]
    fn levels_and_top_in_one_pass_are_the_two_apart() {
        // Serial and parallel lengths, a last chunk cut short, and ties for the top.
        for len in [7, 5000, 3 * TILE + 5, PAR_MIN * 3 + 11] {
            let mut amps = random_state(len, 8);
            amps[len / 2] = Complex64::new(2.0, 0.0);
            amps[len - 1] = Complex64::new(0.0, 2.0);
            let index: Vec<u16> = (0..len).map(|k| (k * 7 % 13) as u16).collect();
            let (levels, top) = level_probabilities_and_top(&amps, &index, 13);
            let apart = level_probabilities_fixed(&amps, &index, 13);
            assert_eq!(
                levels.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                apart.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                "{len}"
            );
            assert_eq!(top, argmax_probability_any(&amps), "{len}");
            assert_eq!(top, ((len / 2) as u64, 4.0), "{len}: the first of the ties");
        }
    }

    #[test]
    fn levels_and_weighted_in_one_pass_are_the_two_apart() {
        for len in [7, 3 * TILE + 5, PAR_MIN * 3 + 11] {
            let amps = random_state(len, 9);
            let index: Vec<u16> = (0..len).map(|k| (k * 5 % 11) as u16).collect();
            let values: Vec<f64> = (0..11).map(|v| 0.37 * v as f64 - 1.3).collect();
            let mut lam = vec![Complex64::new(9.0, 9.0); len];
            let levels = level_probabilities_and_weighted(&amps, &index, &values, &mut lam);
            let apart = level_probabilities_fixed(&amps, &index, 11);
            assert_eq!(
                levels.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                apart.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                "{len}"
            );
            let want: Vec<Complex64> = amps.iter().zip(&index).map(|(a, &v)| a * values[v as usize]).collect();
            assert!(bits(&lam) == bits(&want), "{len}");
            // The same λ apart, and the dense and zero weights.
            let mut apart = vec![Complex64::new(9.0, 9.0); len];
            let indexed = Weight::Indexed {
                index: &index,
                values: &values,
            };
            weighted_copy(&mut apart, &amps, indexed);
            assert!(bits(&apart) == bits(&want), "{len}");
            let dense: Vec<f64> = index.iter().map(|&v| values[v as usize]).collect();
            weighted_copy(&mut apart, &amps, Weight::Dense(&dense));
            assert!(bits(&apart) == bits(&want), "{len}");
            weighted_copy(&mut apart, &amps, Weight::Zero);
            assert!(bits(&apart) == bits(&vec![Complex64::new(0.0, 0.0); len]), "{len}");
        }
    }

    #[test]
    fn a_uniform_start_gives_the_bits_of_the_filled_state() {
        let (c, s) = (0.57f64.cos(), 0.57f64.sin());
        // Fused and unfused first axes (20000 states: none fused), odd lengths.
        for radices in [&[8usize; 6][..], &[9, 9, 9, 9, 3], &[3, 5, 7], &[20000, 3]] {
            let len: usize = radices.iter().product();
            let (index, factors, _) = phase_of(len, 11, 0.7);
            let costs: Vec<f64> = index.iter().map(|&i| f64::from(i) * 0.25).collect();
            let phases = [
                Phase::Indexed {
                    index: &index,
                    factors: &factors,
                },
                Phase::Dense {
                    costs: &costs,
                    gamma: 0.3,
                },
                Phase::None,
            ];
            let axes = plan_axes(ring_axes(radices));
            for phase in phases {
                let mut want = vec![Complex64::new(1.0 / (len as f64).sqrt(), 0.0); len];
                apply_layer_axes(&mut want, &axes, phase, c, s, Start::Given);
                let mut got = random_state(len, 3);
                apply_layer_axes(&mut got, &axes, phase, c, s, Start::Uniform);
                assert!(bits(&got) == bits(&want), "{radices:?}");
            }
        }
    }

    #[test]
    fn every_plan_gives_the_same_forward_bits() {
        let (c, s) = (0.57f64.cos(), 0.57f64.sin());
        let shapes = SHAPES.iter().copied().chain([&[8usize; 7][..], &[9, 9, 9, 9, 9, 3, 3]]);
        for radices in shapes {
            for (kind, axes) in [("pairs", axes_of(radices)), ("ring", ring_axes(radices))] {
                let len: usize = radices.iter().product();
                let (index, factors, _) = phase_of(len, 11, 0.7);
                let phase = Phase::Indexed {
                    index: &index,
                    factors: &factors,
                };
                let layer = |plan: &[Axis]| {
                    let mut x = random_state(len, 17);
                    apply_layer_axes(&mut x, plan, phase, c, s, Start::Given);
                    bits(&x)
                };
                let want = layer(&plan_axes(axes.clone()));
                assert!(want == layer(&axes), "{kind} {radices:?}: unplanned");
                assert!(
                    want == layer(&plan_forward(axes.clone())),
                    "{kind} {radices:?}: forward plan"
                );
            }
        }
    }

    #[test]
    fn forward_tasks_of_any_length_keep_the_bits() {
        // States of few fused units (8^6 has 8 of 2^15) are cut into tasks of fewer units than
        // large ones; each task fetches ahead within itself and starts its costs at its offset.
        let (c, s) = (0.41f64.cos(), 0.41f64.sin());
        for radices in [&[8usize; 6][..], &[9, 9, 9, 9, 9, 3], &[7; 7], &[5, 6, 7, 8, 9, 4, 3]] {
            let axes = plan_forward(ring_axes(radices));
            let len: usize = radices.iter().product();
            let unit = fused_unit(&axes, fused_axes(&axes));
            assert!(len.div_ceil(unit) > 1, "{radices:?}: more than one unit");
            let (index, factors, _) = phase_of(len, 7, 0.9);
            let phase = Phase::Indexed {
                index: &index,
                factors: &factors,
            };
            for start in [Start::Given, Start::Uniform] {
                let layer = |units: Option<usize>| {
                    let mut x = random_state(len, 5);
                    layer_in_tasks(&mut x, &axes, phase, (c, s), start, units);
                    bits(&x)
                };
                let want = layer(Some(UNITS_PER_TASK));
                for units in [None, Some(1), Some(3)] {
                    assert!(layer(units) == want, "{radices:?} {start:?}: tasks of {units:?} units");
                }
            }
        }
    }

    #[test]
    fn same_bits_on_one_and_several_threads() {
        let (c, s) = (0.8f64.cos(), 0.8f64.sin());
        for radices in SHAPES {
            let planned = plan_axes(ring_axes(radices));
            let forward = plan_forward(ring_axes(radices));
            let len: usize = radices.iter().product();
            let (index, factors, values) = phase_of(len, 13, 0.6);
            let run = |threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| {
                    let mut psi = random_state(len, 21);
                    let phase = Phase::Indexed {
                        index: &index,
                        factors: &factors,
                    };
                    apply_layer_axes(&mut psi, &forward, phase, c, s, Start::Given);
                    let mut lam = random_state(len, 22);
                    let mut scratch = Vec::new();
                    let phase = Phase::Indexed {
                        index: &index,
                        factors: &factors,
                    };
                    let (m, g) = unapply_layer_axes(&mut psi, &mut lam, &planned, phase, &values, c, s, &mut scratch);
                    (bits(&psi), bits(&lam), m.to_bits(), g.to_bits())
                })
            };
            let one = run(1);
            for threads in [2, 3, 5] {
                assert!(run(threads) == one, "{radices:?}: {threads} threads");
            }
        }
    }

    #[test]
    fn tiled_passes_equal_gate_by_gate_for_every_path() {
        // Small (serial), fused only, unfused with many chunks, and unfused with row split.
        for radices in [
            vec![3, 4, 2],
            vec![6, 5, 7, 4, 8, 3],
            vec![2, 3, 5000, 4],
            vec![7, 3000, 9],
            vec![20, 20, 20, 9],
        ] {
            let axes = axes_of(&radices);
            let len: usize = radices.iter().product();
            let mut fast = random_state(len, 7);
            let mut slow = fast.clone();
            let (c, s) = (0.3f64.cos(), 0.3f64.sin());
            apply_layer_axes(&mut fast, &axes, Phase::None, c, s, Start::Given);
            naive_layer(&mut slow, &axes, c, s);
            let err = fast.iter().zip(&slow).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
            assert!(err < 1e-13, "{radices:?}: {err}");
            // Un-applying returns the start.
            let mut lam = fast.clone();
            let mut scratch = Vec::new();
            unapply_layer_axes(&mut fast, &mut lam, &axes, Phase::None, &[], c, s, &mut scratch);
            let back = random_state(len, 7);
            let err = fast.iter().zip(&back).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
            assert!(err < 1e-12, "{radices:?} undo: {err}");
        }
    }

    #[test]
    fn large_axes_are_cut_where_no_pair_crosses() {
        let r = 20000;
        let shift: Vec<(u32, u32)> = (0..r - 1).step_by(2).map(|a| (a as u32 + 1, a as u32)).collect();
        let half: Vec<(u32, u32)> = (0..r / 2).map(|a| (a as u32, (a + r / 2) as u32)).collect();
        let sparse = vec![(5, 9), (19990, 19000)];
        let axis = Axis::new(r, 1, &[shift, half, sparse]);
        let counts: Vec<usize> = axis.parts.iter().map(Vec::len).collect();
        // The sparse gate: cuts at each 20000/64 up to its last pair's lower state (19000),
        // none after it (no pair to share there).
        assert_eq!(counts, [PARTS, 1, 19000 * PARTS / r + 1]);
        for g in 0..axis.gates() {
            let (parts, gate) = (&axis.parts[g], axis.gate(g));
            assert!(
                parts.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1),
                "gate {g}"
            );
            assert_eq!(parts[0], (0, 0));
            for (i, &(a, b)) in gate.iter().enumerate() {
                let part = parts.partition_point(|&(_, p)| p <= i) - 1;
                let end = parts.get(part + 1).map_or(r, |p| p.0);
                let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
                assert!(parts[part].0 <= lo && hi < end, "gate {g}: pair {i} leaves part {part}");
            }
        }
        // The parts run the same layer and adjoint as gate by gate, and the same bits on any
        // thread count (the half gate in one part, the others in many).
        let axes = [axis];
        let (c, s) = (0.6f64.cos(), 0.6f64.sin());
        let run = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| {
                    let mut psi = random_state(r, 31);
                    apply_layer_axes(&mut psi, &axes, Phase::None, c, s, Start::Given);
                    let mut lam = random_state(r, 32);
                    let mut scratch = Vec::new();
                    let (m, _) = unapply_layer_axes(&mut psi, &mut lam, &axes, Phase::None, &[], c, s, &mut scratch);
                    (psi, lam, m)
                })
        };
        let mut slow = random_state(r, 31);
        naive_layer(&mut slow, &axes, c, s);
        let mut after = random_state(r, 31);
        apply_layer_axes(&mut after, &axes, Phase::None, c, s, Start::Given);
        assert!(max_err(&after, &slow) < 1e-13);
        let (psi, lam, m) = run(1);
        let mut lam_slow = random_state(r, 32);
        let (m0, _) = naive_unapply(
            &mut slow,
            &mut lam_slow,
            &axes,
            &vec![0; r],
            &[Complex64::new(1.0, 0.0)],
            &[0.0],
            c,
            s,
        );
        assert!((m - m0).abs() < 1e-9 * (1.0 + m0.abs()), "{m} {m0}");
        assert!(max_err(&psi, &random_state(r, 31)) < 1e-12 && max_err(&lam, &lam_slow) < 1e-12);
        for threads in [2, 3] {
            let (p2, l2, m2) = run(threads);
            assert!(
                bits(&p2) == bits(&psi) && bits(&l2) == bits(&lam) && m2.to_bits() == m.to_bits(),
                "{threads} threads"
            );
        }
    }
}
