//! The arithmetic every kernel shares: the rotation on registers of any width ([`Rot`] on a
//! [`Lanes`] type: a [`Quad`] of two amplitudes, or a [`Four`] of four, one register with
//! AVX-512), the loads and stores of one and two amplitudes, the rotation of two rows, and the
//! adjoint's overlap sums ([`Acc`], [`RingSums`]). The arithmetic is lane by lane and the sums
//! keep their lanes apart in a fixed order, so every register type gives the same bits.

use super::ahead::Ahead;
use crate::sim::quad::{Four, Lanes, Quad};
use num_complex::Complex64;

/// The rotation `(x, y) ← (c·x − i s·y, c·y − i s·x)` on registers of [`Lanes`] (a [`Quad`]
/// unless named): `(c, c, …)` and `(s, −s, …)` (`−i s` applied to an amplitude whose re and im
/// were exchanged). The arithmetic is lane by lane, so every register type gives the same bits.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rot<L = Quad> {
    c: L,
    w: L,
    cs: (f64, f64),
}

impl<L: Lanes> Rot<L> {
    pub(super) fn new(c: f64, s: f64) -> Rot<L> {
        Rot {
            c: L::splat(c, c),
            w: L::alternating(s),
            cs: (c, s),
        }
    }

    /// The same rotation on registers of `M`.
    #[inline(always)]
    pub(super) fn on<M: Lanes>(self) -> Rot<M> {
        Rot::new(self.cs.0, self.cs.1)
    }

    /// The rotated pair (two amplitudes of each row).
    #[inline(always)]
    pub(super) fn apply(self, x: L, y: L) -> (L, L) {
        (self.half(x, y.swap_pairs()), self.half(y, x.swap_pairs()))
    }

    /// One side of the rotation: `c·x − i s·y`, given `y` with re and im exchanged (lane by
    /// lane, so the partners may come from anywhere:
    /// [`ring_blocks_consecutive`](super::first::ring_blocks_consecutive)).
    #[inline(always)]
    pub(super) fn half(self, x: L, y_swapped: L) -> L {
        y_swapped.mul_add(self.w, x.mul(self.c))
    }

    /// One adjoint step on ψ's pair `(x, y)` and λ's `(u, v)`: their overlap added to `acc`
    /// (`conj(v)·x` to the first, `conj(u)·y` to the second; see [`Acc`]), then both pairs
    /// rotated.
    #[inline(always)]
    pub(super) fn unapply(self, [x, y, u, v]: [L; 4], [a, b]: Acc<L>) -> ([L; 4], Acc<L>) {
        let acc = [v.mul_add(x.swap_pairs(), a), u.mul_add(y.swap_pairs(), b)];
        let ((x, y), (u, v)) = (self.apply(x, y), self.apply(u, v));
        ([x, y, u, v], acc)
    }
}

#[inline(always)]
pub(super) fn quad_of(v: &[f64]) -> Quad {
    Quad::load(v.try_into().expect("four lanes"))
}

#[inline(always)]
pub(super) fn put(v: &mut [f64], q: Quad) {
    q.store(v.try_into().expect("four lanes"))
}

/// One amplitude (two lanes) as the low half of a quad, the high half zero.
#[inline(always)]
pub(super) fn quad_of_one(v: &[f64]) -> Quad {
    Quad::new([v[0], v[1], 0.0, 0.0])
}

#[inline(always)]
pub(super) fn put_one(v: &mut [f64], q: Quad) {
    let a = q.to_array();
    v[0] = a[0];
    v[1] = a[1];
}

/// A slice of amplitudes as `[re, im]` pairs.
#[inline(always)]
pub(super) fn amplitudes(x: &mut [Complex64]) -> &mut [[f64; 2]] {
    bytemuck::cast_slice_mut(x)
}

/// Columns `t0..t1` of the rows starting at `a` and `b` (distinct, rows of at least `t1`
/// amplitudes that do not overlap) of `x`.
#[inline(always)]
pub(super) fn row_pair(
    x: &mut [Complex64],
    a: usize,
    b: usize,
    t0: usize,
    t1: usize,
) -> (&mut [Complex64], &mut [Complex64]) {
    let (lo, hi, swap) = if a < b { (a, b, false) } else { (b, a, true) };
    let (first, second) = x.split_at_mut(hi);
    let (p, q) = (&mut first[lo + t0..lo + t1], &mut second[t0..t1]);
    if swap {
        (q, p)
    } else {
        (p, q)
    }
}

/// Rotate two rows of equal length elementwise, two amplitudes per register (an odd last one
/// in the low lanes: lanes do not mix, so it gets the same bits as in a full register).
#[inline(always)]
pub(super) fn rotate_rows(xs: &mut [Complex64], ys: &mut [Complex64], rot: Rot, ahead: &mut Ahead<'_>) {
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
pub(super) fn unrotate_rows(
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
pub(super) type Acc<L = Quad> = [L; 2];

/// The overlap sums of the ring kernels: for two and for four amplitudes at a time, one
/// [`Acc`] for the closing and odd gates of a block and one for the even gates, so that no
/// chain of sums is longer than about half a block. A [`Four`] is one register or two, the
/// same lanes in the same order either way, so the sums have the same bits on every build.
pub(super) struct RingSums {
    pub(super) quad: [Acc; 2],
    pub(super) wide: [Acc<Four>; 2],
}

impl RingSums {
    pub(super) fn new() -> RingSums {
        RingSums {
            quad: [[Quad::zero(); 2]; 2],
            wide: [[Four::zero(); 2]; 2],
        }
    }

    /// `Im⟨λ|H|ψ⟩`: every register's lanes in a fixed order.
    pub(super) fn total(&self) -> f64 {
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
pub(super) fn overlap([a, b]: Acc) -> f64 {
    let a = a.add(b).to_array();
    (a[0] + a[2]) - (a[1] + a[3])
}
