//! Two or three ring factors of one size at once on the first axis, where a [`Four`] is one
//! register (AVX-512): a square of two factors of 4 or 8 states wholly in registers (8^8's first
//! axis, [`ring_squares_four`]); a square of two odd factors (9^9's 9x9) four squares at a time,
//! one amplitude of each per register ([`ring_squares_apart`]); and with the next axis a ring of
//! the same size at stride R² (9^9, 7^7) the cube of all three factors four cubes at a time
//! ([`ring_cubes_apart`]), which also spares that axis its rows' unaligned loads. The odd squares
//! and cubes run forward only: the adjoint keeps the paired blocks, whose overlap sums fix the
//! gradient's bits; the even square's adjoint ([`unring_squares_four`]) keeps them.

use super::ahead::Ahead;
use super::first::{ring_block_four, ring_blocks_paired, unring_block_rows_four, QuadSums};
use super::registers::{amplitudes, Acc, RingSums, Rot};
use super::ring::{ring_in_registers, rotate_rings, unring_in_registers, Flat};
use super::Axis;
use crate::sim::quad::{four_apart, store_four_apart, Four, Lanes, Wide};
use num_complex::Complex64;

/// The first two factors of a ring axis of stride 1 whose blocks are both of `4G` states
/// (`S = 4G²` registers: 4x4 or 8x8 states), all in registers: the first factor on each row's
/// `G` registers as [`ring_blocks_four`](super::first::ring_blocks_four), then the second
/// across the rows, column register by column register, as
/// `ring_group` (`ring.rs`) would on rows of `4G` amplitudes. The same
/// arithmetic in the same order, so the same bits, with one load and store per amplitude for
/// both.
#[inline(always)]
pub(super) fn ring_squares_four<const G: usize, const S: usize>(f: &mut [f64], rot: Rot, ahead: &mut Ahead<'_>) {
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
pub(super) fn ring_squares_apart<const R: usize, const S: usize>(x: &mut [Complex64], rot: Rot, ahead: &mut Ahead<'_>) {
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
pub(super) fn odd_cube(a: &Axis, b: &Axis) -> bool {
    let r = b.radix;
    Wide::LANES == Four::LANES
        && matches!(r, 7 | 9)
        && a.stride == 1
        && a.ring == [r, r]
        && b.ring == [r]
        && b.stride == r * r
}

/// The gates of two axes (a square of two odd ring factors of `R` states at stride 1, then one
/// more at stride `R²`: 9^9's first two planned axes) on cubes of `C = R³` consecutive
/// amplitudes, four neighbouring cubes at once ([`ring_table_apart`]), which also spares the
/// second axis the unaligned loads of its odd rows. The same gates in the same order as
/// through the two axes, so the same bits. Returns the amplitudes done: the cubes left over
/// (fewer than four) are the caller's, for the two axes' own kernels.
#[inline(always)]
fn ring_cubes_apart<const R: usize, const C: usize>(x: &mut [Complex64], rot: Rot, ahead: &mut Ahead<'_>) -> usize {
    const { assert!(C == R * R * R) };
    let (wide, mut t) = (rot.on::<Four>(), [Four::zero(); C]);
    let done = x.len() - x.len() % (4 * C);
    for group in x[..done].chunks_exact_mut(4 * C) {
        ring_table_apart::<R, C>(group, &mut t, wide, ahead);
    }
    done
}

/// [`ring_cubes_apart`] for the two axes that [`odd_cube`] accepts (R = 7 or 9): the
/// amplitudes done, from the start of `x`.
#[inline(always)]
pub(super) fn ring_cubes(x: &mut [Complex64], axes: &[Axis], rot: Rot, ahead: &mut Ahead<'_>) -> usize {
    match axes[1].radix {
        7 => ring_cubes_apart::<7, 343>(x, rot, ahead),
        _ => ring_cubes_apart::<9, 729>(x, rot, ahead),
    }
}

/// The adjoint of [`ring_squares_four`] on ψ's squares `f` and λ's `g` (`S = 4G²` registers
/// each): the second factor across the rows, column register by column register, then the
/// first on each row, as `unring_group` (`ring.rs`) and
/// [`unring_blocks_four`](super::first::unring_blocks_four) would square by square; the same
/// sums in the same order, so the same bits.
#[inline(always)]
pub(super) fn unring_squares_four<const G: usize, const S: usize>(
    f: &mut [f64],
    g: &mut [f64],
    rot: Rot,
    acc: &mut RingSums,
) {
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

#[cfg(test)]
mod tests {
    use super::super::ahead::loads;
    use super::super::chunks::forward_chunks;
    use super::super::plan_axes;
    use super::super::tests::{bits, random_state, ring_axes};
    use super::*;

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
            // As the fused pass runs them: whole groups of cubes, then the two axes on the rest.
            let mut ahead = Ahead::nothing();
            let done = ring_cubes(&mut x, &axes[..2], Rot::new(0.6, 0.8), &mut ahead);
            assert!(
                done < x.len() && done.is_multiple_of(4 * axes[1].radix.pow(3)),
                "{radices:?}: the cases leave cubes over"
            );
            for axis in &axes[..2] {
                forward_chunks(&mut x[done..], axis, Rot::new(0.6, 0.8), &mut ahead);
            }
            assert_eq!(ahead.done, loads(&axes[0], len) + loads(&axes[1], len), "{radices:?}");
            assert!(bits(&x) == bits(&y), "{radices:?}");
        }
    }
}
