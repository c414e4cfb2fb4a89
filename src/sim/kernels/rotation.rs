//! `exp(−iβX)` on one qubit as `κ·R`, and R on registers: the arithmetic every sweep shares.

use crate::sim::quad::{Lanes, Quad};
use num_complex::Complex64;

/// `exp(−iβX) = κ·R` on one qubit, where R maps a pair `(a, b)` to `(a − i·t·b, b − i·t·a)`,
/// exchanged when `flip`. Taking out whichever of cos β and sin β is larger keeps |t| ≤ 1.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rotation {
    pub(super) t: f64,
    pub(super) flip: bool,
    kappa: Complex64,
}

impl Rotation {
    pub(super) fn new(beta: f64) -> Rotation {
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
    pub(super) fn scale(&self, n: usize) -> Complex64 {
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
    pub(super) fn shrink(&self) -> f64 {
        self.kappa.norm_sqr()
    }
}

/// R of a [`Rotation`] in registers; `F` is its `flip`, a type parameter so that the exchange
/// is a renaming of registers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mix<const F: bool> {
    t: f64,
    /// `(t, −t, t, −t)`: `−i·t` applied to an amplitude whose re and im were exchanged.
    w: Quad,
}

impl<const F: bool> Mix<F> {
    pub(super) fn new(t: f64) -> Mix<F> {
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
pub(super) use with_mix;

/// R on one pair of amplitudes.
#[inline(always)]
pub(super) fn rot<const F: bool>(a: Complex64, b: Complex64, m: Mix<F>) -> (Complex64, Complex64) {
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
pub(super) fn rot4<const F: bool>(x: Quad, y: Quad, m: Mix<F>) -> (Quad, Quad) {
    let u = y.swap_pairs().mul_add(m.w, x);
    let v = x.swap_pairs().mul_add(m.w, y);
    if F {
        (v, u)
    } else {
        (u, v)
    }
}

/// [`rot4`] on registers of any width; `w` is `R::alternating(t)`.
#[inline(always)]
pub(super) fn rot_lanes<R: Lanes, const F: bool>(x: R, y: R, w: R) -> (R, R) {
    let u = y.swap_pairs().mul_add(w, x);
    let v = x.swap_pairs().mul_add(w, y);
    if F {
        (v, u)
    } else {
        (u, v)
    }
}

impl<const F: bool> Mix<F> {
    /// The `t` of R in every lane pair of an `R`, `(t, −t, …)`.
    #[inline(always)]
    pub(super) fn lanes<R: Lanes>(&self) -> R {
        R::alternating(self.t)
    }
}

/// R on qubit q of the amplitudes inside one register (`2^q < R::LANES / 2`); as
/// [`rot_halves`] for a `Quad`.
#[inline(always)]
pub(super) fn rot_within<R: Lanes, const F: bool>(v: R, q: usize, w: R) -> R {
    let r = v.exchange_swapped(q).mul_add(w, v);
    if F {
        r.exchange(q)
    } else {
        r
    }
}

/// [`cmul`] on registers of any width.
#[inline(always)]
pub(super) fn cmul_lanes<R: Lanes>(a: R, f: R) -> R {
    a.mul_subadd(f.dup_re(), a.swap_pairs().mul(f.dup_im()))
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
pub(super) fn cmul(a: Quad, f: Quad) -> Quad {
    a.mul_subadd(f.dup_re(), a.swap_pairs().mul(f.dup_im()))
}

/// Qubits 0, 1, 2 of eight amplitudes held as four quadruples.
#[inline(always)]
pub(super) fn rot_low3<const F: bool>(v: &mut [Quad; 4], m: Mix<F>) {
    for x in v.iter_mut() {
        *x = rot_halves(*x, m);
    }
    for &(x, y) in PAIRS[2] {
        (v[x], v[y]) = rot4(v[x], v[y], m);
    }
}

/// The pairs of a group of `2^K` registers, qubit by qubit (index bit i = the group's qubit i).
pub(super) const PAIRS: [&[(usize, usize)]; 4] = [
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `exp(−iβX)` on the pair `(a, b)`, from its definition.
    fn exact(a: Complex64, b: Complex64, beta: f64) -> (Complex64, Complex64) {
        let (s, c) = beta.sin_cos();
        let mis = Complex64::new(0.0, -s);
        (a * c + b * mis, b * c + a * mis)
    }

    #[test]
    fn kappa_times_r_is_the_rotation_on_pairs_and_in_registers() {
        let (a, b) = (Complex64::new(0.3, -0.8), Complex64::new(-0.6, 0.1));
        let (a2, b2) = (Complex64::new(0.25, 0.5), Complex64::new(0.9, -0.2));
        let close = |x: Complex64, y: Complex64| (x - y).norm() < 1e-14;
        let bits = |v: [f64; 4]| v.map(f64::to_bits);
        // Both forms: |tan β| ≤ 1, and the exchanged one where |cot β| < 1.
        for beta in [
            0.37,
            1.2,
            -2.5,
            std::f64::consts::FRAC_PI_4,
            -3.0 * std::f64::consts::FRAC_PI_4,
        ] {
            let rotation = Rotation::new(beta);
            let kappa = rotation.scale(1);
            let want = exact(a, b, beta);
            with_mix!(rotation, |m| {
                let (u, v) = rot(a, b, m);
                let (u2, v2) = rot(a2, b2, m);
                assert!(close(kappa * u, want.0) && close(kappa * v, want.1), "beta={beta}");
                // Two pairs lane by lane, and one pair inside a quadruple: the same bits.
                let (x, y) = rot4(
                    Quad::new([a.re, a.im, a2.re, a2.im]),
                    Quad::new([b.re, b.im, b2.re, b2.im]),
                    m,
                );
                assert_eq!(bits(x.to_array()), bits([u.re, u.im, u2.re, u2.im]), "beta={beta}");
                assert_eq!(bits(y.to_array()), bits([v.re, v.im, v2.re, v2.im]), "beta={beta}");
                let h = rot_halves(Quad::new([a.re, a.im, b.re, b.im]), m);
                assert_eq!(bits(h.to_array()), bits([u.re, u.im, v.re, v.im]), "beta={beta}");
            });
            for n in 0..6 {
                assert!(close(rotation.scale(n), kappa.powi(n as i32)), "beta={beta} n={n}");
            }
            assert_eq!(rotation.shrink().to_bits(), kappa.norm_sqr().to_bits());
        }
    }
}
