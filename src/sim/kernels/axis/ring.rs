//! Ring blocks held in registers on rows. Every axis that is a product of one-hot blocks with
//! the XY ring (the Queens and Star Battle row spaces) holds each block's rows in registers
//! across all the block's gates ([`rotate_rings`]), one load and one store per amplitude instead
//! of one per gate, four amplitudes of a row at a time ([`Four`]: one register with AVX-512);
//! other axes rotate pair by pair from their lists. Where the rows are held apart (the column
//! parts of an axis spanning the state), a block borrows its long rows once ([`Rows::block`])
//! instead of reading the row table at every load and store. Held apart, a ring of three factors
//! and more runs all but its last factor group by group ([`rotate_rings_grouped`]), so that a
//! window larger than L2 is swept twice, not once per factor. The adjoint step mirrors these
//! kernels on ψ and λ at once ([`unrotate_rings`]), gates last first, each gate's overlap summed
//! in registers before it is undone.

use super::ahead::Ahead;
use super::registers::{put, put_one, quad_of, quad_of_one, Acc, RingSums, Rot};
use crate::sim::quad::{Four, Lanes, Quad};
use num_complex::Complex64;

/// The rows of one chunk, as the ring kernel reads and writes them.
pub(super) trait Rows {
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
pub(super) struct Flat<'a> {
    pub(super) f: &'a mut [f64],
    pub(super) stride: usize,
}

impl Rows for Flat<'_> {
    #[inline(always)]
    fn lanes(&mut self, k: usize, t: usize, n: usize) -> &mut [f64] {
        let i = 2 * (k * self.stride + t);
        &mut self.f[i..i + n]
    }
}

/// Rows held as separate slices (a column part).
pub(super) struct Apart<'r, 'a>(pub(super) &'r mut [&'a mut [Complex64]]);

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
pub(super) fn rotate_rings(
    rows: &mut impl Rows,
    ring: &[usize],
    t0: usize,
    t1: usize,
    rot: Rot,
    ahead: &mut Ahead<'_>,
) {
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
pub(super) fn rotate_rings_grouped(
    rows: &mut impl Rows,
    ring: &[usize],
    t0: usize,
    t1: usize,
    rot: Rot,
    ahead: &mut Ahead<'_>,
) {
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

/// The gates of [`ring_gates`](super::ring_gates) on one block held in registers, in their order.
#[inline(always)]
pub(super) fn ring_in_registers<L: Lanes, const R: usize>(q: &mut [L; R], rot: Rot<L>) {
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
pub(super) fn unring_in_registers<L: Lanes, const R: usize>(
    p: &mut [L; R],
    l: &mut [L; R],
    rot: Rot<L>,
    acc: &mut [Acc<L>; 2],
) {
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
pub(super) fn unrotate_rings(
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

#[cfg(test)]
mod tests {
    use super::super::tests::{bits, phase_of, random_state, ring_axes};
    use super::super::{apply_layer_axes, plan_axes, ring_gates, unapply_layer_axes, Axis};
    use crate::sim::kernels::{Phase, Start};

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
}
