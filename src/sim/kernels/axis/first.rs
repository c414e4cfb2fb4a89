//! The first factor of a ring axis of stride 1, whose blocks are consecutive amplitudes, held in
//! registers across all the block's gates: an even block as quadruples, its gates inside and
//! between neighbours ([`ring_blocks_consecutive`]; blocks of 4 and 8 on [`Four`]s,
//! [`ring_blocks_four`]), an odd one (9^9's rows) as one register per state holding that state
//! of two neighbouring chunks ([`ring_blocks_paired`]); the axis's other blocks are rotated as
//! rows of the first block's length (`ring.rs`), or with AVX-512 two or three factors at once
//! (`squares.rs`). The adjoints ([`unring_blocks_consecutive`], [`unring_blocks_four`],
//! [`unring_blocks_paired`]) take each gate's overlap before they undo it, in an order that gives
//! the sums the same bits on every register width.

use super::ahead::Ahead;
use super::registers::{amplitudes, put, put_one, quad_of, quad_of_one, Acc, RingSums, Rot};
use super::ring::{ring_in_registers, unring_in_registers};
use crate::sim::quad::{ring4_partners, ring8_partners, Four, Lanes, Quad};
use num_complex::Complex64;

/// The first factor of a ring axis of stride 1 whose blocks have an even number `2H` of states
/// (consecutive amplitudes), block after block in `H` registers: the even gates `(2i, 2i + 1)`
/// inside each quadruple, then the odd gates and the closing one `(0, 2H − 1)` at once, between
/// neighbours (quadruple i meets the high half of i − 1 and the low half of i + 1, cyclically).
/// Each amplitude meets the same rotations in the same order, with the same arithmetic, as
/// through the pair lists (test `ring_blocks_in_registers_give_the_pair_lists_bits`).
#[inline(always)]
pub(super) fn ring_blocks_consecutive<const H: usize>(f: &mut [f64], rot: Rot, ahead: &mut Ahead<'_>) {
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
pub(super) fn ring_blocks_four<const G: usize>(f: &mut [f64], rot: Rot, ahead: &mut Ahead<'_>) {
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
pub(super) fn ring_block_four<const G: usize>(q: &mut [Four; G], rot: Rot<Four>) {
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

/// The first factor of a ring axis of stride 1 whose blocks have an odd number `R` of states
/// (which do not fill quadruples), on chunks of `span` amplitudes: the same block of two
/// neighbouring chunks in `R` registers, one amplitude of each chunk per register, across all
/// the block's gates; a last chunk without a neighbour in the low lanes. Lanes do not mix, so
/// each amplitude gets the bits of the pair lists (test
/// `ring_blocks_in_registers_give_the_pair_lists_bits`).
#[inline(always)]
pub(super) fn ring_blocks_paired<const R: usize>(x: &mut [Complex64], span: usize, rot: Rot, ahead: &mut Ahead<'_>) {
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

/// The adjoint of [`ring_blocks_consecutive`] on ψ's blocks `f` and λ's `g` (`2H` states
/// each): the odd and closing gates first, then the even ones, each step's overlaps added to
/// `acc` before it is undone.
#[inline(always)]
pub(super) fn unring_blocks_consecutive<const H: usize>(f: &mut [f64], g: &mut [f64], rot: Rot, acc: &mut RingSums) {
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
pub(super) fn unring_blocks_four<const G: usize>(f: &mut [f64], g: &mut [f64], rot: Rot, acc: &mut RingSums) {
    let mut sums = QuadSums::take(acc);
    unring_block_rows_four::<G>(f, g, rot.on::<Four>(), &mut sums);
    sums.give(acc);
}

/// [`unring_block_four`] on every block of `4G` consecutive states of ψ's `f` and λ's `g`.
#[inline(always)]
pub(super) fn unring_block_rows_four<const G: usize>(
    f: &mut [f64],
    g: &mut [f64],
    rot: Rot<Four>,
    sums: &mut QuadSums,
) {
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
pub(super) struct QuadSums([Four; 2]);

impl QuadSums {
    #[inline(always)]
    pub(super) fn take(acc: &RingSums) -> QuadSums {
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
    pub(super) fn give(self, acc: &mut RingSums) {
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

/// The adjoint of the first factor of a ring axis of stride 1 (blocks of `R` consecutive
/// amplitudes), on chunks of `span` amplitudes of ψ and λ: as [`ring_blocks_paired`], the same
/// block of two neighbouring chunks in `R` registers per state, for every `R`.
pub(super) fn unring_blocks_paired<const R: usize>(
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

#[cfg(test)]
mod tests {
    use super::super::ring::{unrotate_rings, Flat};
    use super::super::squares::unring_squares_four;
    use super::super::tests::{bits, random_state};
    use super::*;

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
}
