//! One axis's gates on a slice of whole chunks (`radix · stride` amplitudes each), forward
//! ([`forward_chunks`]) and adjoint ([`backward_chunks`]): where the kernel for the axis's shape
//! is chosen. The first axis (stride 1, rows of one amplitude) pairs one amplitude of each of two
//! neighbouring chunks in a register, loaded and stored in halves (a tile transposed into a
//! buffer, to give this axis long rows, cost more in its transposes than it saved); a ring axis
//! holds its blocks in registers (`first.rs`, `squares.rs`, `ring.rs`, and their adjoints through
//! [`backward_rings`]); any other axis rotates its rows pair by pair, in column windows.

use super::ahead::Ahead;
use super::first::{
    ring_blocks_consecutive, ring_blocks_four, ring_blocks_paired, unring_blocks_consecutive, unring_blocks_four,
    unring_blocks_paired,
};
use super::registers::{
    amplitudes, overlap, put_one, quad_of_one, rotate_rows, row_pair, unrotate_rows, Acc, RingSums, Rot,
};
use super::ring::{rotate_rings, unrotate_rings, Flat};
use super::squares::{ring_squares_apart, ring_squares_four, unring_squares_four};
use super::{Axis, BACKWARD_WINDOW, WINDOW};
use crate::sim::quad::{Four, Lanes, Quad, Wide};
use num_complex::Complex64;

/// Apply the gates of `axis` to a slice holding whole chunks of `radix · stride` amplitudes.
pub(super) fn forward_chunks(x: &mut [Complex64], axis: &Axis, rot: Rot, ahead: &mut Ahead<'_>) {
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

/// Un-apply the gates of `axis` (last first) to ψ and λ, returning `Σ_g Im⟨λ_g|H_g|ψ_g⟩`
/// taken at each gate's output (`rot` the inverse rotation).
pub(super) fn backward_chunks(psi: &mut [Complex64], lam: &mut [Complex64], axis: &Axis, rot: Rot) -> f64 {
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

#[cfg(test)]
mod tests {
    use super::super::ahead::loads;
    use super::super::plan_axes;
    use super::super::tests::{axes_of, random_state, ring_axes};
    use super::*;

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
}
