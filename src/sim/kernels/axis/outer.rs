//! The pass of each axis that is not fused: one axis over the whole state, its rows rotated in
//! column windows so that each window's rows stay in cache across the axis's gates.
//!
//! A forward outer ring axis whose rows are not a whole number of pages apart runs in windows
//! of 2^18 amplitudes, each fetching the next while it turns ([`forward_windows`]); other outer
//! axes run in windows of 2^17 without (rows a page multiple apart share cache sets: there the
//! fetch evicted the window it served, and at 2^17 it gained nothing).
//!
//! Threads: an axis with many chunks shares them out, else the columns of its rows. A large
//! axis with short rows (one Dicke block over all qubits) has neither: each gate is cut into
//! parts no pair crosses ([`Axis::parts`]), run in parallel gate after gate.

use super::ahead::{loads, Ahead};
use super::chunks::forward_chunks;
use super::registers::{rotate_rows, row_pair, unrotate_rows, RingSums, Rot};
use super::ring::{rotate_rings, rotate_rings_grouped, unrotate_rings, Apart};
use super::{Axis, BACKWARD_WINDOW, PAGE, PAR_MIN, ROW_SPLIT, WINDOW};
use num_complex::Complex64;
use rayon::prelude::*;

/// Run `f(unit index, unit)` over consecutive units of `unit` amplitudes, in parallel for long
/// states.
pub(super) fn for_units(x: &mut [Complex64], unit: usize, f: impl Fn(usize, &mut [Complex64]) + Sync) {
    if x.len() >= PAR_MIN {
        x.par_chunks_mut(unit).enumerate().for_each(|(u, c)| f(u, c));
    } else {
        x.chunks_mut(unit).enumerate().for_each(|(u, c)| f(u, c));
    }
}

/// One outer axis over the whole state: its chunks shared out, or the column parts of its
/// rows, or its gates' parts. Ring rows are held apart in column windows ([`forward_windows`]):
/// of `window` amplitudes, each fetching the next, where [`fetches_windows`]; else of `WINDOW`.
pub(super) fn outer_pass(amps: &mut [Complex64], axis: &Axis, rot: Rot, window: usize) {
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

/// Whether a ring axis's outer passes fetch each next window: not where its rows are a whole
/// number of pages apart, as they then share their cache sets, and fetching the next window
/// evicted the current one (8^8's 512 rows, 512 KiB apart: 10.7-12.2 ms with the fetch at
/// windows of 2^16-2^18 amplitudes against 9.9 without). Rows at odd strides gained (9^9's 81
/// rows: 152 against 166 ms; 9^8's 729 rows: 29-31 against 32-33).
fn fetches_windows(axis: &Axis) -> bool {
    !axis.ring.is_empty() && !(axis.stride * std::mem::size_of::<Complex64>()).is_multiple_of(PAGE)
}

/// Column parts of one chunk of `axis`: `ROW_SPLIT` parts, each the same column range of every
/// row (for an axis with too few chunks to share among threads).
pub(super) fn column_parts<'a>(chunk: &'a mut [Complex64], axis: &Axis) -> Vec<Vec<&'a mut [Complex64]>> {
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

/// Whether threads share `axis` by its gates' parts: an axis with parts whose rows are too
/// short for the column split.
pub(super) fn runs_in_parts(axis: &Axis) -> bool {
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

/// [`backward_chunks`](super::chunks::backward_chunks) on rows held as separate slices.
pub(super) fn backward_rows(psi: &mut [&mut [Complex64]], lam: &mut [&mut [Complex64]], axis: &Axis, rot: Rot) -> f64 {
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

/// Un-apply the gates of `axis` (last first) to one chunk of ψ and λ, the parts of each gate
/// in parallel, returning the overlaps' sum: per part, added in part order.
pub(super) fn backward_parts(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    axis: &Axis,
    rot: Rot,
    scratch: &mut Vec<f64>,
) -> f64 {
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

#[cfg(test)]
mod tests {
    use super::super::merge_axes;
    use super::super::tests::{bits, random_state, ring_axes};
    use super::*;

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
}
