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
//! Memory traffic: the leading axes whose radices multiply to at most `TILE` (2^13) amplitudes are
//! *fused*: one pass over the state applies the cost phase and all their gates to each
//! contiguous tile in cache. Every other axis takes one pass: its `radix` rows of `stride`
//! amplitudes are rotated in column tiles of about `TILE` (2^13) amplitudes in all, so each tile's
//! rows stay in cache across the axis's gates. So a layer makes `1 + (axes − fused)` passes.
//!
//! Sums (the adjoint overlaps) are taken per work unit, units fixed by the state's shape and
//! never by the thread count, and added in unit order: the same bytes on any thread count.

use super::Phase;
use num_complex::Complex64;
use rayon::prelude::*;

/// Amplitudes one work unit keeps in cache (128 KiB of a state; 256 KiB for ψ and λ).
pub const TILE: usize = 1 << 13;

/// States below this many amplitudes run serially.
const PAR_MIN: usize = 1 << 14;

/// An axis with fewer chunks than this is split into column parts for rayon.
const ROW_SPLIT: usize = 16;

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
}

impl Axis {
    /// The axis with these gates (each a list of disjoint pairs of axis states).
    pub fn new(radix: usize, stride: usize, gates: &[Vec<(u32, u32)>]) -> Axis {
        let mut starts = vec![0];
        let mut pairs = Vec::new();
        for g in gates {
            debug_assert!(g
                .iter()
                .all(|&(a, b)| (a as usize) < radix && (b as usize) < radix && a != b));
            pairs.extend_from_slice(g);
            starts.push(pairs.len());
        }
        Axis {
            radix,
            stride,
            pairs,
            starts,
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

/// Most states of an axis made by merging outer axes: rows of at least `TILE / MERGED_RADIX`
/// amplitudes (2 KiB) per tile, so a tile streams a few long pieces, not many short ones.
pub const MERGED_RADIX: usize = 64;

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
    Axis::new(ra * rb, a.stride, &gates)
}

/// The axes a layer runs: the leading ones as they are (fused into the first pass), then the
/// others merged greedily, neighbours together while their states multiply to at most
/// `MERGED_RADIX` (64), so that a layer makes fewer passes over memory.
pub fn plan_axes(axes: Vec<Axis>) -> Vec<Axis> {
    let fused = fused_axes(&axes);
    let mut out: Vec<Axis> = Vec::with_capacity(axes.len());
    for (i, axis) in axes.into_iter().enumerate() {
        // Only an axis after the fused ones, onto an earlier unfused one.
        let mergeable = i > fused && out.len() > fused;
        match out.last_mut() {
            Some(last) if mergeable && last.radix * axis.radix <= MERGED_RADIX => {
                *last = merge_axes(last, &axis);
            }
            _ => out.push(axis),
        }
    }
    out
}

/// How many leading axes fit one tile together (their radices multiply to at most `TILE` (2^13)).
pub fn fused_axes(axes: &[Axis]) -> usize {
    let mut span = 1usize;
    axes.iter()
        .take_while(|a| {
            span = span.saturating_mul(a.radix);
            span <= TILE
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

/// `(x, y) ← (c·x − i s·y, c·y − i s·x)` elementwise over two rows (vectorises: no index
/// checks inside).
#[inline(always)]
fn rotate_rows(xs: &mut [Complex64], ys: &mut [Complex64], c: f64, s: f64) {
    for (x, y) in xs.iter_mut().zip(ys.iter_mut()) {
        let (a, b) = (*x, *y);
        *x = Complex64::new(c * a.re + s * b.im, c * a.im - s * b.re);
        *y = Complex64::new(c * b.re + s * a.im, c * b.im - s * a.re);
    }
}

/// `Σ_t Im(conj(λa_t) ψb_t + conj(λb_t) ψa_t)`: the overlap `Im⟨λ|H|ψ⟩` of one gate's pairs.
#[inline(always)]
fn overlap_rows(pa: &[Complex64], pb: &[Complex64], la: &[Complex64], lb: &[Complex64]) -> f64 {
    let mut sum = 0.0;
    for (((x, y), u), v) in pa.iter().zip(pb).zip(la).zip(lb) {
        sum += u.re * y.im - u.im * y.re + v.re * x.im - v.im * x.re;
    }
    sum
}

/// Apply the gates of `axis` to a slice holding whole chunks of `radix · stride` amplitudes.
fn forward_chunks(x: &mut [Complex64], axis: &Axis, c: f64, s: f64) {
    let (stride, span) = (axis.stride, axis.span());
    if stride == 1 {
        // Rows of one amplitude: index the pairs directly (gate order is pair order).
        for chunk in x.chunks_exact_mut(span) {
            for &(a, b) in &axis.pairs {
                let (i, j) = (a as usize, b as usize);
                let (u, v) = (chunk[i], chunk[j]);
                chunk[i] = Complex64::new(c * u.re + s * v.im, c * u.im - s * v.re);
                chunk[j] = Complex64::new(c * v.re + s * u.im, c * v.im - s * u.re);
            }
        }
        return;
    }
    let cols = (TILE / axis.radix).max(1);
    for chunk in x.chunks_exact_mut(span) {
        for t0 in (0..stride).step_by(cols) {
            let t1 = (t0 + cols).min(stride);
            for g in 0..axis.gates() {
                for &(a, b) in axis.gate(g) {
                    let (ra, rb) = row_pair(chunk, a as usize * stride, b as usize * stride, t0, t1);
                    rotate_rows(ra, rb, c, s);
                }
            }
        }
    }
}

/// Un-apply the gates of `axis` (last first) to ψ and λ, returning `Σ_g Im⟨λ_g|H_g|ψ_g⟩`
/// taken at each gate's output.
fn backward_chunks(psi: &mut [Complex64], lam: &mut [Complex64], axis: &Axis, c: f64, s: f64) -> f64 {
    let (stride, span) = (axis.stride, axis.span());
    if stride == 1 {
        let mut sum = 0.0;
        for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
            for g in (0..axis.gates()).rev() {
                for &(a, b) in axis.gate(g) {
                    let (i, j) = (a as usize, b as usize);
                    let (x, y, u, v) = (p[i], p[j], l[i], l[j]);
                    sum += u.re * y.im - u.im * y.re + v.re * x.im - v.im * x.re;
                    p[i] = Complex64::new(c * x.re - s * y.im, c * x.im + s * y.re);
                    p[j] = Complex64::new(c * y.re - s * x.im, c * y.im + s * x.re);
                    l[i] = Complex64::new(c * u.re - s * v.im, c * u.im + s * v.re);
                    l[j] = Complex64::new(c * v.re - s * u.im, c * v.im + s * u.re);
                }
            }
        }
        return sum;
    }
    let cols = (TILE / axis.radix).max(1);
    let mut sum = 0.0;
    for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
        for t0 in (0..stride).step_by(cols) {
            let t1 = (t0 + cols).min(stride);
            for g in (0..axis.gates()).rev() {
                for &(a, b) in axis.gate(g) {
                    let (a, b) = (a as usize * stride, b as usize * stride);
                    let (pa, pb) = row_pair(p, a, b, t0, t1);
                    let (la, lb) = row_pair(l, a, b, t0, t1);
                    sum += overlap_rows(pa, pb, la, lb);
                    rotate_rows(pa, pb, c, -s);
                    rotate_rows(la, lb, c, -s);
                }
            }
        }
    }
    sum
}

/// Multiply `x` (amplitudes from basis index `offset`) by the phase.
fn apply_phase(x: &mut [Complex64], offset: usize, phase: &Phase<'_>, conjugate: bool) {
    let end = offset + x.len();
    match *phase {
        Phase::None => {}
        Phase::Indexed { index, factors } => {
            for (a, &i) in x.iter_mut().zip(&index[offset..end]) {
                let f = factors[i as usize];
                *a *= if conjugate { f.conj() } else { f };
            }
        }
        Phase::Dense { costs, gamma } => {
            let g = if conjugate { gamma } else { -gamma };
            for (a, &cost) in x.iter_mut().zip(&costs[offset..end]) {
                *a *= Complex64::from_polar(1.0, g * cost);
            }
        }
    }
}

/// The work unit of the fused pass: whole tiles of the fused axes, about `TILE` (2^13) amplitudes.
fn fused_unit(axes: &[Axis], fused: usize) -> usize {
    let span: usize = axes[..fused].iter().map(|a| a.radix).product();
    span * (TILE / span).max(1)
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

/// Apply the gates of `axis` to rows held as separate slices of equal length.
fn forward_rows(rows: &mut [&mut [Complex64]], axis: &Axis, c: f64, s: f64) {
    let len = rows[0].len();
    let cols = (TILE / axis.radix).max(1);
    for t0 in (0..len).step_by(cols) {
        let t1 = (t0 + cols).min(len);
        for g in 0..axis.gates() {
            for &(a, b) in axis.gate(g) {
                let (ra, rb) = two_rows(rows, a as usize, b as usize);
                rotate_rows(&mut ra[t0..t1], &mut rb[t0..t1], c, s);
            }
        }
    }
}

/// [`backward_chunks`] on rows held as separate slices.
fn backward_rows(psi: &mut [&mut [Complex64]], lam: &mut [&mut [Complex64]], axis: &Axis, c: f64, s: f64) -> f64 {
    let len = psi[0].len();
    let cols = (TILE / axis.radix).max(1);
    let mut sum = 0.0;
    for t0 in (0..len).step_by(cols) {
        let t1 = (t0 + cols).min(len);
        for g in (0..axis.gates()).rev() {
            for &(a, b) in axis.gate(g) {
                let (pa, pb) = two_rows(psi, a as usize, b as usize);
                let (la, lb) = two_rows(lam, a as usize, b as usize);
                let (pa, pb, la, lb) = (&mut pa[t0..t1], &mut pb[t0..t1], &mut la[t0..t1], &mut lb[t0..t1]);
                sum += overlap_rows(pa, pb, la, lb);
                rotate_rows(pa, pb, c, -s);
                rotate_rows(la, lb, c, -s);
            }
        }
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
/// `(c, s) = (cos β, sin β)`. `axes` cover `amps` exactly (the last span is its length).
pub fn apply_layer_axes(amps: &mut [Complex64], axes: &[Axis], phase: Phase<'_>, c: f64, s: f64) {
    debug_assert_eq!(axes.last().map_or(1, Axis::span), amps.len());
    let fused = fused_axes(axes);
    if fused > 0 {
        let unit = fused_unit(axes, fused);
        for_units(amps, unit, |u, x| {
            apply_phase(x, u * unit, &phase, false);
            for axis in &axes[..fused] {
                forward_chunks(x, axis, c, s);
            }
        });
    } else {
        for_units(amps, TILE, |u, x| apply_phase(x, u * TILE, &phase, false));
    }
    for axis in &axes[fused..] {
        let span = axis.span();
        if amps.len() / span >= ROW_SPLIT || amps.len() < PAR_MIN {
            for_units(amps, span, |_, x| forward_chunks(x, axis, c, s));
        } else {
            for chunk in amps.chunks_exact_mut(span) {
                column_parts(chunk, axis)
                    .into_par_iter()
                    .for_each(|mut rows| forward_rows(&mut rows, axis, c, s));
            }
        }
    }
}

/// The adjoint step of one layer: un-apply the axes' gates (rotation `(c, −s)`) and then the
/// phase to ψ and λ, returning `(Σ_g Im⟨λ|H_g|ψ⟩, Im⟨λ|C|ψ⟩)` taken where each generator
/// acts (`C` the costs: `values[index[k]]` or dense). `scratch` holds the per-unit sums.
#[allow(clippy::too_many_arguments)]
pub fn unapply_layer_axes(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    axes: &[Axis],
    phase: Phase<'_>,
    values: Option<&[f64]>,
    c: f64,
    s: f64,
    scratch: &mut Vec<f64>,
) -> (f64, f64) {
    let fused = fused_axes(axes);
    let mut mixer = 0.0;
    for axis in axes[fused..].iter().rev() {
        let span = axis.span();
        if psi.len() / span >= ROW_SPLIT || psi.len() < PAR_MIN {
            mixer += sum_units(psi, lam, span, scratch, |_, p, l| backward_chunks(p, l, axis, c, s));
        } else {
            for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
                let parts: Vec<_> = column_parts(p, axis).into_iter().zip(column_parts(l, axis)).collect();
                scratch.clear();
                scratch.resize(parts.len(), 0.0);
                parts
                    .into_par_iter()
                    .zip(scratch.par_iter_mut())
                    .for_each(|((mut pr, mut lr), out)| *out = backward_rows(&mut pr, &mut lr, axis, c, s));
                mixer += scratch.iter().sum::<f64>();
            }
        }
    }
    // The fused axes (last first), then ∂γ and the phase, in one pass.
    let unit = if fused > 0 { fused_unit(axes, fused) } else { TILE };
    let mut cost = 0.0;
    let partial = |u: usize, p: &mut [Complex64], l: &mut [Complex64]| {
        let mut m = 0.0;
        for axis in axes[..fused].iter().rev() {
            m += backward_chunks(p, l, axis, c, s);
        }
        let offset = u * unit;
        let mut g = 0.0;
        match (&phase, values) {
            (Phase::Indexed { index, .. }, Some(values)) => {
                for ((a, b), &i) in p.iter().zip(l.iter()).zip(&index[offset..offset + p.len()]) {
                    g += values[i as usize] * (b.conj() * a).im;
                }
            }
            (Phase::Dense { costs, .. }, _) => {
                for ((a, b), &cost) in p.iter().zip(l.iter()).zip(&costs[offset..offset + p.len()]) {
                    g += cost * (b.conj() * a).im;
                }
            }
            _ => {}
        }
        apply_phase(p, offset, &phase, true);
        apply_phase(l, offset, &phase, true);
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
    for pair in scratch.chunks(2) {
        mixer += pair[0];
        cost += pair[1];
    }
    (mixer, cost)
}

/// `Σ_k |ψ_k|²` per cost level (`index` as in [`Phase::Indexed`]), summed over fixed chunks in
/// order.
pub fn level_probabilities_fixed(amps: &[Complex64], index: &[u16], levels: usize) -> Vec<f64> {
    let part = |(a, i): (&[Complex64], &[u16])| {
        let mut acc = vec![0.0; levels];
        for (x, &v) in a.iter().zip(i) {
            acc[v as usize] += x.norm_sqr();
        }
        acc
    };
    let parts: Vec<Vec<f64>> = if amps.len() >= PAR_MIN {
        amps.par_chunks(TILE).zip(index.par_chunks(TILE)).map(part).collect()
    } else {
        amps.chunks(TILE).zip(index.chunks(TILE)).map(part).collect()
    };
    let mut out = vec![0.0; levels];
    for p in parts {
        out.iter_mut().zip(p).for_each(|(o, x)| *o += x);
    }
    out
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
    let best = |x: (u64, f64), y: (u64, f64)| match y.1.total_cmp(&x.1) {
        std::cmp::Ordering::Greater => y,
        std::cmp::Ordering::Equal if y.0 < x.0 => y,
        _ => x,
    };
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

    /// The same layer, gate by gate over the whole state with plain indexing.
    fn naive_layer(amps: &mut [Complex64], axes: &[Axis], c: f64, s: f64) {
        for axis in axes {
            for g in 0..axis.gates() {
                for k in 0..amps.len() {
                    let d = (k / axis.stride) % axis.radix;
                    for &(a, b) in axis.gate(g) {
                        if d == a as usize {
                            let j = k - d * axis.stride + b as usize * axis.stride;
                            rotate(amps, k, j, c, s);
                        }
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
            apply_layer_axes(&mut a, &axes, Phase::None, c, s);
            apply_layer_axes(&mut b, &planned, Phase::None, c, s);
            let err = a.iter().zip(&b).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max);
            assert!(err < 1e-13, "{radices:?}: {err}");
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
            apply_layer_axes(&mut fast, &axes, Phase::None, c, s);
            naive_layer(&mut slow, &axes, c, s);
            let err = fast.iter().zip(&slow).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
            assert!(err < 1e-13, "{radices:?}: {err}");
            // Un-applying returns the start.
            let mut lam = fast.clone();
            let mut scratch = Vec::new();
            unapply_layer_axes(&mut fast, &mut lam, &axes, Phase::None, None, c, s, &mut scratch);
            let back = random_state(len, 7);
            let err = fast.iter().zip(&back).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
            assert!(err < 1e-12, "{radices:?} undo: {err}");
        }
    }
}
