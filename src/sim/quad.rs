//! Two complex amplitudes `(re, im, re, im)` in one register: the unit the kernels compute on.
//!
//! Built with AVX2 and FMA (the crate builds for the native CPU, `.cargo/config.toml`), a
//! [`Quad`] is one 256-bit register and every operation below is one instruction, through the
//! safe wrappers of `safe_arch`. LLVM does not vectorise the same arithmetic written on
//! `[f64; 4]`: the release build had no packed FMA at all, so the kernels use this type
//! instead. Elsewhere the same operations run lane by lane on `[f64; 4]` ([`Portable`]); the
//! tests check that both give the same bits.
//!
//! Built with AVX-512 as well, the sweeps that pair whole registers (the rotations of qubits 3
//! and up) run on `Oct`, four amplitudes in one 512-bit register, through the [`Lanes`]
//! operations they need; [`Wide`] names the widest such register the build has. The
//! arithmetic is lane by lane either way, so every register type gives the same bits.

#[cfg(all(target_arch = "x86_64", target_feature = "avx2", target_feature = "fma"))]
mod imp {
    use safe_arch::*;

    /// What [`super::simd_path`] reports.
    #[cfg(not(target_feature = "avx512f"))]
    pub const PATH: &str = "avx2+fma";
    /// What [`super::simd_path`] reports.
    #[cfg(target_feature = "avx512f")]
    pub const PATH: &str = "avx512f+avx2+fma";

    /// Two complex amplitudes in a 256-bit register.
    #[derive(Clone, Copy, Debug)]
    pub struct Quad(m256d);

    impl Quad {
        #[inline(always)]
        pub fn new(v: [f64; 4]) -> Quad {
            Quad(m256d::from_array(v))
        }

        #[inline(always)]
        pub fn zero() -> Quad {
            Quad(zeroed_m256d())
        }

        #[inline(always)]
        pub fn to_array(self) -> [f64; 4] {
            self.0.to_array()
        }

        #[inline(always)]
        pub fn load(s: &[f64; 4]) -> Quad {
            Quad(load_unaligned_m256d(s))
        }

        #[inline(always)]
        pub fn store(self, s: &mut [f64; 4]) {
            store_unaligned_m256d(s, self.0)
        }

        /// Two separately stored amplitudes `(a.re, a.im, b.re, b.im)`.
        #[inline(always)]
        pub fn load_pair(a: &[f64; 2], b: &[f64; 2]) -> Quad {
            Quad(load_unaligned_hi_lo_m256d(b, a))
        }

        /// The inverse of [`Quad::load_pair`]: the low amplitude to `a`, the high one to `b`.
        #[inline(always)]
        pub fn store_pair(self, a: &mut [f64; 2], b: &mut [f64; 2]) {
            store_unaligned_hi_lo_m256d(b, a, self.0)
        }

        /// `self·b + c`, lane by lane, rounded once.
        #[inline(always)]
        pub fn mul_add(self, b: Quad, c: Quad) -> Quad {
            Quad(fused_mul_add_m256d(self.0, b.0, c.0))
        }

        /// `self·b ∓ c`: minus in the even (real) lanes, plus in the odd (imaginary) lanes.
        #[inline(always)]
        pub fn mul_subadd(self, b: Quad, c: Quad) -> Quad {
            Quad(fused_mul_addsub_m256d(self.0, b.0, c.0))
        }

        #[inline(always)]
        pub fn mul(self, b: Quad) -> Quad {
            Quad(mul_m256d(self.0, b.0))
        }

        #[inline(always)]
        pub fn add(self, b: Quad) -> Quad {
            Quad(add_m256d(self.0, b.0))
        }

        /// Each amplitude's re and im exchanged: `(v1, v0, v3, v2)`.
        #[inline(always)]
        pub fn swap_pairs(self) -> Quad {
            Quad(permute_m256d::<0b0101>(self.0))
        }

        /// The two amplitudes exchanged: `(v2, v3, v0, v1)`.
        #[inline(always)]
        pub fn swap_halves(self) -> Quad {
            Quad(permute2z_m256d::<0x01>(self.0, self.0))
        }

        /// The high half of `self`, then the low half of `b`: `(v2, v3, b0, b1)`.
        #[inline(always)]
        pub fn hi_lo(self, b: Quad) -> Quad {
            Quad(permute2z_m256d::<0x21>(self.0, b.0))
        }

        /// Lanes reversed: `(v3, v2, v1, v0)` (both exchanges at once).
        #[inline(always)]
        pub fn reverse(self) -> Quad {
            Quad(shuffle_ai_f64_all_m256d::<0b00_01_10_11>(self.0))
        }

        /// The real parts duplicated: `(v0, v0, v2, v2)`.
        #[inline(always)]
        pub fn dup_re(self) -> Quad {
            Quad(permute_m256d::<0b0000>(self.0))
        }

        /// The imaginary parts duplicated: `(v1, v1, v3, v3)`.
        #[inline(always)]
        pub fn dup_im(self) -> Quad {
            Quad(permute_m256d::<0b1111>(self.0))
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2", target_feature = "fma")))]
mod imp {
    pub use super::Portable as Quad;

    /// What [`super::simd_path`] reports.
    pub const PATH: &str = "portable";
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "avx2",
    target_feature = "fma"
))]
mod wide {
    use safe_arch::*;

    /// Four complex amplitudes `(re, im, …)` in a 512-bit register.
    #[derive(Clone, Copy, Debug)]
    pub struct Oct(m512d);

    impl super::Lanes for Oct {
        const LANES: usize = 8;

        #[inline(always)]
        fn load(s: &[f64]) -> Oct {
            Oct(load_m512d(s[..8].try_into().expect("eight lanes")))
        }

        #[inline(always)]
        fn store(self, s: &mut [f64]) {
            store_m512d((&mut s[..8]).try_into().expect("eight lanes"), self.0)
        }

        #[inline(always)]
        fn zero() -> Oct {
            Oct(zeroed_m512d())
        }

        #[inline(always)]
        fn alternating(t: f64) -> Oct {
            Oct(m512d::from_array([t, -t, t, -t, t, -t, t, -t]))
        }

        #[inline(always)]
        fn mul_add(self, b: Oct, c: Oct) -> Oct {
            Oct(fused_mul_add_m512d(self.0, b.0, c.0))
        }

        #[inline(always)]
        fn swap_pairs(self) -> Oct {
            // In each 128-bit lane: the odd lane of the first operand, the even of the second.
            Oct(shuffle_m512d::<0b0101_0101>(self.0, self.0))
        }

        #[inline(always)]
        fn quad(self, h: usize) -> [f64; 4] {
            let v = self.0.to_array();
            [v[4 * h], v[4 * h + 1], v[4 * h + 2], v[4 * h + 3]]
        }

        #[inline(always)]
        fn splat(re: f64, im: f64) -> Oct {
            Oct(m512d::from_array([re, im, re, im, re, im, re, im]))
        }

        #[inline(always)]
        fn gather(factors: &[[f64; 2]], ix: &[u16]) -> Oct {
            let [a, b, c, d] = [0, 1, 2, 3].map(|i| factors[ix[i] as usize]);
            Oct(m512d::from_array([a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1]]))
        }

        #[inline(always)]
        fn mul(self, b: Oct) -> Oct {
            Oct(mul_m512d(self.0, b.0))
        }

        #[inline(always)]
        fn mul_subadd(self, b: Oct, c: Oct) -> Oct {
            // vfmaddsub: a·b − c in the even lanes, a·b + c in the odd ones.
            Oct(fused_mul_add_sub_m512d(self.0, b.0, c.0))
        }

        #[inline(always)]
        fn dup_re(self) -> Oct {
            Oct(shuffle_m512d::<0b0000_0000>(self.0, self.0))
        }

        #[inline(always)]
        fn dup_im(self) -> Oct {
            Oct(shuffle_m512d::<0b1111_1111>(self.0, self.0))
        }

        #[inline(always)]
        fn exchange(self, q: usize) -> Oct {
            match q {
                0 => self.permute([2, 3, 0, 1, 6, 7, 4, 5]),
                _ => self.permute([4, 5, 6, 7, 0, 1, 2, 3]),
            }
        }

        #[inline(always)]
        fn exchange_swapped(self, q: usize) -> Oct {
            match q {
                0 => self.permute([3, 2, 1, 0, 7, 6, 5, 4]),
                _ => self.permute([5, 4, 7, 6, 1, 0, 3, 2]),
            }
        }
    }

    impl Oct {
        /// Lane i of the result is lane `idx[i]` of `self` (one `vpermq`).
        #[inline(always)]
        fn permute(self, idx: [i64; 8]) -> Oct {
            let v = permute_i64_m512i(m512i::from(idx), cast_to_m512i_from_m512d(self.0));
            Oct(cast_to_m512d_from_m512i(v))
        }
    }

    /// The widest register of the build.
    pub type Wide = Oct;

    /// Four amplitudes: one 512-bit register.
    pub type Four = Oct;

    /// The partners of the odd gate and the closing one of a ring of 4 states held in one
    /// register, re and im exchanged: states `(3, 2, 1, 0)`.
    #[inline(always)]
    pub fn ring4_partners(a: Oct) -> Oct {
        a.permute([7, 6, 5, 4, 3, 2, 1, 0])
    }

    /// The partners of the odd gates and the closing one of a ring of 8 states held in two
    /// registers (states 0–3 and 4–7), re and im exchanged: states `(7, 2, 1, 4)` and
    /// `(3, 6, 5, 0)`.
    #[inline(always)]
    pub fn ring8_partners(a: Oct, b: Oct) -> (Oct, Oct) {
        const INNER: [i64; 8] = [0, 1, 5, 4, 3, 2, 6, 7];
        const OUTER: [i64; 8] = [7, 6, 2, 3, 4, 5, 1, 0];
        // Lanes 0, 1, 6 and 7 from the other register.
        const ENDS: mmask8 = 0b1100_0011;
        let pick = |x: Oct, y: Oct| Oct(blend_varying_m512d(x.permute(INNER).0, y.permute(OUTER).0, ENDS));
        (pick(a, b), pick(b, a))
    }

    /// Four separately stored amplitudes `(a, b, c, d)` in one register.
    #[inline(always)]
    pub fn four_apart(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> Oct {
        let lo = cast_m256d_to_m512d(load_unaligned_hi_lo_m256d(b, a));
        Oct(insert_m256d_to_m512d::<1>(lo, load_unaligned_hi_lo_m256d(d, c)))
    }

    /// The inverse of [`four_apart`].
    #[inline(always)]
    pub fn store_four_apart(v: Oct, a: &mut [f64; 2], b: &mut [f64; 2], c: &mut [f64; 2], d: &mut [f64; 2]) {
        store_unaligned_hi_lo_m256d(b, a, cast_m512d_to_m256d(v.0));
        store_unaligned_hi_lo_m256d(d, c, extract_m256d_from_m512d::<1>(v.0));
    }
}

#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "avx2",
    target_feature = "fma"
)))]
mod wide {
    /// The widest register of the build.
    pub type Wide = super::Quad;

    /// Four amplitudes: two `Quad`s.
    pub type Four = super::Duo<super::Quad>;

    use super::{Duo, Quad};

    /// The partners of the odd gate and the closing one of a ring of 4 states held in one
    /// register, re and im exchanged: states `(3, 2, 1, 0)`.
    #[inline(always)]
    pub fn ring4_partners(Duo(q0, q1): Four) -> Four {
        Duo(q1.reverse(), q0.reverse())
    }

    /// The partners of the odd gates and the closing one of a ring of 8 states held in two
    /// registers (states 0–3 and 4–7), re and im exchanged: states `(7, 2, 1, 4)` and
    /// `(3, 6, 5, 0)`.
    #[inline(always)]
    pub fn ring8_partners(Duo(q0, q1): Four, Duo(q2, q3): Four) -> (Four, Four) {
        let p = |x: Quad, y: Quad| x.hi_lo(y).swap_pairs();
        (Duo(p(q3, q1), p(q0, q2)), Duo(p(q1, q3), p(q2, q0)))
    }

    /// Four separately stored amplitudes `(a, b, c, d)` in one [`Four`].
    #[inline(always)]
    pub fn four_apart(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> Four {
        Duo(Quad::load_pair(a, b), Quad::load_pair(c, d))
    }

    /// The inverse of [`four_apart`].
    #[inline(always)]
    pub fn store_four_apart(v: Four, a: &mut [f64; 2], b: &mut [f64; 2], c: &mut [f64; 2], d: &mut [f64; 2]) {
        v.0.store_pair(a, b);
        v.1.store_pair(c, d);
    }
}

pub use imp::Quad;
pub use wide::{four_apart, ring4_partners, ring8_partners, store_four_apart, Four, Wide};

/// Four amplitudes as two registers of two, `(low, high)`: what [`Four`] is without AVX-512,
/// so that kernels that sum four amplitudes' lanes apart (the adjoint's ring kernels) add the
/// same lanes in the same order on every build.
#[derive(Clone, Copy, Debug)]
pub struct Duo<Q>(Q, Q);

#[allow(dead_code)] // with AVX-512 only the tests use it
impl<Q: Lanes> Lanes for Duo<Q> {
    const LANES: usize = 2 * Q::LANES;

    #[inline(always)]
    fn load(s: &[f64]) -> Self {
        Duo(Q::load(s), Q::load(&s[Q::LANES..]))
    }

    #[inline(always)]
    fn store(self, s: &mut [f64]) {
        self.0.store(s);
        self.1.store(&mut s[Q::LANES..]);
    }

    #[inline(always)]
    fn zero() -> Self {
        Duo(Q::zero(), Q::zero())
    }

    #[inline(always)]
    fn alternating(t: f64) -> Self {
        Duo(Q::alternating(t), Q::alternating(t))
    }

    #[inline(always)]
    fn mul_add(self, b: Self, c: Self) -> Self {
        Duo(self.0.mul_add(b.0, c.0), self.1.mul_add(b.1, c.1))
    }

    #[inline(always)]
    fn swap_pairs(self) -> Self {
        Duo(self.0.swap_pairs(), self.1.swap_pairs())
    }

    #[inline(always)]
    fn quad(self, h: usize) -> [f64; 4] {
        let n = Q::LANES / 4;
        if h < n {
            self.0.quad(h)
        } else {
            self.1.quad(h - n)
        }
    }

    #[inline(always)]
    fn splat(re: f64, im: f64) -> Self {
        Duo(Q::splat(re, im), Q::splat(re, im))
    }

    #[inline(always)]
    fn gather(factors: &[[f64; 2]], ix: &[u16]) -> Self {
        Duo(Q::gather(factors, ix), Q::gather(factors, &ix[Q::LANES / 2..]))
    }

    #[inline(always)]
    fn mul(self, b: Self) -> Self {
        Duo(self.0.mul(b.0), self.1.mul(b.1))
    }

    #[inline(always)]
    fn mul_subadd(self, b: Self, c: Self) -> Self {
        Duo(self.0.mul_subadd(b.0, c.0), self.1.mul_subadd(b.1, c.1))
    }

    #[inline(always)]
    fn dup_re(self) -> Self {
        Duo(self.0.dup_re(), self.1.dup_re())
    }

    #[inline(always)]
    fn dup_im(self) -> Self {
        Duo(self.0.dup_im(), self.1.dup_im())
    }

    #[inline(always)]
    fn exchange(self, q: usize) -> Self {
        // The top qubit of the register exchanges the two halves.
        if 1 << q == Q::LANES / 2 {
            Duo(self.1, self.0)
        } else {
            Duo(self.0.exchange(q), self.1.exchange(q))
        }
    }

    #[inline(always)]
    fn exchange_swapped(self, q: usize) -> Self {
        if 1 << q == Q::LANES / 2 {
            Duo(self.1.swap_pairs(), self.0.swap_pairs())
        } else {
            Duo(self.0.exchange_swapped(q), self.1.exchange_swapped(q))
        }
    }
}

/// The arithmetic the kernels were compiled with: `"avx512f+avx2+fma"` when the rotations of
/// higher qubits run on `Oct` (AVX-512) and the rest on one AVX2 register per `Quad`
/// (`safe_arch`), `"avx2+fma"` when all run on `Quad`s, `"portable"` when a `Quad` is
/// `Portable`, lane by lane on `[f64; 4]`. Decided by the same `cfg`s that pick the types, so
/// reports can say which one ran.
pub fn simd_path() -> &'static str {
    imp::PATH
}

/// Ask for the cache line holding `x` to be fetched into L2 (`prefetcht1`), so that a kernel
/// can bring in the next piece of a state while it computes on this one. A hint only: no effect
/// on any value, and nothing on targets without it.
#[inline(always)]
pub fn prefetch<T>(x: &T) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    safe_arch::prefetch_t1(x);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = x;
}

/// The operations of a register of `LANES` `f64` (`LANES / 2` amplitudes `(re, im)`) that the
/// sweeps pairing whole registers need, lane by lane.
pub trait Lanes: Copy {
    /// `f64` per register, a multiple of four.
    const LANES: usize;
    /// The first `LANES` values of `s`.
    fn load(s: &[f64]) -> Self;
    /// Into the first `LANES` values of `s`.
    fn store(self, s: &mut [f64]);
    fn zero() -> Self;
    /// `(t, −t, t, −t, …)`.
    fn alternating(t: f64) -> Self;
    /// `self·b + c`, lane by lane, rounded once.
    fn mul_add(self, b: Self, c: Self) -> Self;
    /// Each amplitude's re and im exchanged.
    fn swap_pairs(self) -> Self;
    /// Lanes `4h..4h + 4`.
    fn quad(self, h: usize) -> [f64; 4];
    /// The amplitude `(re, im)` in every lane pair.
    fn splat(re: f64, im: f64) -> Self;
    /// `factors[ix[a]]` in lane pair a, for the first `LANES / 2` entries of `ix`.
    fn gather(factors: &[[f64; 2]], ix: &[u16]) -> Self;
    /// `self·b`, lane by lane.
    fn mul(self, b: Self) -> Self;
    /// `self·b ∓ c`: minus in the even (real) lanes, plus in the odd (imaginary) lanes.
    fn mul_subadd(self, b: Self, c: Self) -> Self;
    /// Each amplitude's real part in both of its lanes.
    fn dup_re(self) -> Self;
    /// Each amplitude's imaginary part in both of its lanes.
    fn dup_im(self) -> Self;
    /// Amplitudes a and `a ^ 2^q` of the register exchanged (`2^q < LANES / 2`).
    fn exchange(self, q: usize) -> Self;
    /// [`Lanes::exchange`] with each amplitude's re and im exchanged as well.
    fn exchange_swapped(self, q: usize) -> Self;
}

/// The [`Lanes`] methods that `Quad` and `Portable` both forward to their own methods of
/// the same name: one list, so that the AVX2 type and its lane-by-lane definition cannot drift.
macro_rules! four_lane_methods {
    ($t:ident) => {
        #[inline(always)]
        fn zero() -> $t {
            $t::zero()
        }

        #[inline(always)]
        fn alternating(t: f64) -> $t {
            $t::new([t, -t, t, -t])
        }

        #[inline(always)]
        fn mul_add(self, b: $t, c: $t) -> $t {
            $t::mul_add(self, b, c)
        }

        #[inline(always)]
        fn swap_pairs(self) -> $t {
            $t::swap_pairs(self)
        }

        #[inline(always)]
        fn splat(re: f64, im: f64) -> $t {
            $t::new([re, im, re, im])
        }

        #[inline(always)]
        fn gather(factors: &[[f64; 2]], ix: &[u16]) -> $t {
            $t::load_pair(&factors[ix[0] as usize], &factors[ix[1] as usize])
        }

        #[inline(always)]
        fn mul(self, b: $t) -> $t {
            $t::mul(self, b)
        }

        #[inline(always)]
        fn mul_subadd(self, b: $t, c: $t) -> $t {
            $t::mul_subadd(self, b, c)
        }

        #[inline(always)]
        fn dup_re(self) -> $t {
            $t::dup_re(self)
        }

        #[inline(always)]
        fn dup_im(self) -> $t {
            $t::dup_im(self)
        }

        #[inline(always)]
        fn exchange(self, _q: usize) -> $t {
            self.swap_halves()
        }

        #[inline(always)]
        fn exchange_swapped(self, _q: usize) -> $t {
            self.reverse()
        }
    };
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2", target_feature = "fma"))]
impl Lanes for Quad {
    const LANES: usize = 4;

    #[inline(always)]
    fn load(s: &[f64]) -> Quad {
        Quad::load(s[..4].try_into().expect("four lanes"))
    }

    #[inline(always)]
    fn store(self, s: &mut [f64]) {
        Quad::store(self, (&mut s[..4]).try_into().expect("four lanes"))
    }

    #[inline(always)]
    fn quad(self, _h: usize) -> [f64; 4] {
        self.to_array()
    }

    four_lane_methods!(Quad);
}

impl Lanes for Portable {
    const LANES: usize = 4;

    #[inline(always)]
    fn load(s: &[f64]) -> Portable {
        Portable(s[..4].try_into().expect("four lanes"))
    }

    #[inline(always)]
    fn store(self, s: &mut [f64]) {
        s[..4].copy_from_slice(&self.0)
    }

    #[inline(always)]
    fn quad(self, _h: usize) -> [f64; 4] {
        self.0
    }

    four_lane_methods!(Portable);
}

/// The lane-by-lane definition of every [`Quad`] operation, on `[f64; 4]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Portable([f64; 4]);

#[allow(dead_code)] // with AVX2 only the tests use it
impl Portable {
    #[inline(always)]
    pub fn new(v: [f64; 4]) -> Portable {
        Portable(v)
    }

    #[inline(always)]
    pub fn zero() -> Portable {
        Portable([0.0; 4])
    }

    #[inline(always)]
    pub fn to_array(self) -> [f64; 4] {
        self.0
    }

    #[inline(always)]
    pub fn load(s: &[f64; 4]) -> Portable {
        Portable(*s)
    }

    #[inline(always)]
    pub fn store(self, s: &mut [f64; 4]) {
        *s = self.0
    }

    #[inline(always)]
    pub fn load_pair(a: &[f64; 2], b: &[f64; 2]) -> Portable {
        Portable([a[0], a[1], b[0], b[1]])
    }

    #[inline(always)]
    pub fn store_pair(self, a: &mut [f64; 2], b: &mut [f64; 2]) {
        *a = [self.0[0], self.0[1]];
        *b = [self.0[2], self.0[3]];
    }

    #[inline(always)]
    pub fn mul_add(self, b: Portable, c: Portable) -> Portable {
        Portable(std::array::from_fn(|t| self.0[t].mul_add(b.0[t], c.0[t])))
    }

    #[inline(always)]
    pub fn mul_subadd(self, b: Portable, c: Portable) -> Portable {
        Portable(std::array::from_fn(|t| {
            let c = if t % 2 == 0 { -c.0[t] } else { c.0[t] };
            self.0[t].mul_add(b.0[t], c)
        }))
    }

    #[inline(always)]
    pub fn mul(self, b: Portable) -> Portable {
        Portable(std::array::from_fn(|t| self.0[t] * b.0[t]))
    }

    #[inline(always)]
    pub fn add(self, b: Portable) -> Portable {
        Portable(std::array::from_fn(|t| self.0[t] + b.0[t]))
    }

    #[inline(always)]
    pub fn swap_pairs(self) -> Portable {
        let v = self.0;
        Portable([v[1], v[0], v[3], v[2]])
    }

    #[inline(always)]
    pub fn swap_halves(self) -> Portable {
        let v = self.0;
        Portable([v[2], v[3], v[0], v[1]])
    }

    #[inline(always)]
    pub fn hi_lo(self, b: Portable) -> Portable {
        Portable([self.0[2], self.0[3], b.0[0], b.0[1]])
    }

    #[inline(always)]
    pub fn reverse(self) -> Portable {
        let v = self.0;
        Portable([v[3], v[2], v[1], v[0]])
    }

    #[inline(always)]
    pub fn dup_re(self) -> Portable {
        let v = self.0;
        Portable([v[0], v[0], v[2], v[2]])
    }

    #[inline(always)]
    pub fn dup_im(self) -> Portable {
        let v = self.0;
        Portable([v[1], v[1], v[3], v[3]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(v: [f64; 4]) -> [u64; 4] {
        v.map(f64::to_bits)
    }

    #[test]
    fn simd_path_names_the_quad_in_use() {
        let portable = std::any::type_name::<Quad>().ends_with("::Portable");
        let oct = std::any::type_name::<Wide>().ends_with("::Oct");
        let want = match (portable, oct) {
            (true, _) => "portable",
            (false, false) => "avx2+fma",
            (false, true) => "avx512f+avx2+fma",
        };
        assert_eq!(simd_path(), want);
        let avx2 = cfg!(all(
            target_arch = "x86_64",
            target_feature = "avx2",
            target_feature = "fma"
        ));
        assert_eq!(portable, !avx2);
        assert_eq!(oct, avx2 && cfg!(target_feature = "avx512f"));
    }

    /// What four lanes `h` of a register should hold.
    type Want<'a> = Box<dyn Fn(usize) -> Portable + 'a>;

    /// Every [`Lanes`] operation of `R` against [`Portable`]'s on each four lanes.
    fn lanes_match_portable<R: Lanes>() {
        let n = R::LANES;
        let a: Vec<f64> = (0..n).map(|i| 1.25 / (i as f64 + 0.7) - 0.4 * i as f64).collect();
        let b: Vec<f64> = (0..n).map(|i| (i as f64 * 1.3).sin() * 3.5).collect();
        let c: Vec<f64> = (0..n).map(|i| 2.0 / 3.0 - (i as f64).sqrt() * 1.0e-3).collect();
        let (ra, rb, rc) = (R::load(&a), R::load(&b), R::load(&c));
        // Loads and stores take the first lanes of a longer slice.
        let mut long = a.clone();
        long.extend_from_slice(&b);
        let mut wide_out = vec![f64::NAN; 2 * n];
        R::load(&long).store(&mut wide_out);
        assert_eq!(
            bits(wide_out[..4].try_into().unwrap()),
            bits(a[..4].try_into().unwrap())
        );
        assert!(wide_out[n..].iter().all(|x| x.is_nan()) && wide_out[..n] == a[..]);
        let t = 0.37_f64.tan();
        let quarter = |v: &[f64], h: usize| Portable::load(&v[4 * h..4 * h + 4].try_into().unwrap());
        // Four amplitudes of a register of width 8 are two Portables; an exchange of qubit 1
        // there exchanges the two.
        let exchanged = |v: &[f64], h: usize, q: usize, swapped: bool| {
            let g = if q == 1 { 1 - h } else { h };
            let p = quarter(v, g);
            match (q, swapped) {
                (0, false) => p.swap_halves(),
                (0, true) => p.reverse(),
                (_, false) => p,
                (_, true) => p.swap_pairs(),
            }
        };
        let factors: Vec<[f64; 2]> = (0..5).map(|v| [0.3 * v as f64 - 0.5, (v as f64).cos()]).collect();
        let ix: Vec<u16> = (0..n as u16 / 2).map(|i| (i * 3 + 1) % 5).collect();
        let mut extra: Vec<(R, Want<'_>, String)> = vec![
            (
                ra.mul(rb),
                Box::new(|h| quarter(&a, h).mul(quarter(&b, h))),
                "mul".into(),
            ),
            (
                ra.mul_subadd(rb, rc),
                Box::new(|h| quarter(&a, h).mul_subadd(quarter(&b, h), quarter(&c, h))),
                "mul_subadd".into(),
            ),
            (ra.dup_re(), Box::new(|h| quarter(&a, h).dup_re()), "dup_re".into()),
            (ra.dup_im(), Box::new(|h| quarter(&a, h).dup_im()), "dup_im".into()),
            (
                R::splat(0.25, -1.5),
                Box::new(|_| Portable::new([0.25, -1.5, 0.25, -1.5])),
                "splat".into(),
            ),
            (
                R::gather(&factors, &ix),
                Box::new(|h| Portable::load_pair(&factors[ix[2 * h] as usize], &factors[ix[2 * h + 1] as usize])),
                "gather".into(),
            ),
        ];
        let ar: &[f64] = &a;
        for q in 0..(n / 2).trailing_zeros() as usize {
            extra.push((
                ra.exchange(q),
                Box::new(move |h| exchanged(ar, h, q, false)),
                format!("exchange {q}"),
            ));
            extra.push((
                ra.exchange_swapped(q),
                Box::new(move |h| exchanged(ar, h, q, true)),
                format!("exchange_swapped {q}"),
            ));
        }
        for (got, want, name) in extra {
            for h in 0..n / 4 {
                assert_eq!(bits(got.quad(h)), bits(want(h).to_array()), "{name} quad {h}");
            }
        }
        let cases: [(R, Want<'_>, &str); 5] = [
            (
                ra.mul_add(rb, rc),
                Box::new(|h| quarter(&a, h).mul_add(quarter(&b, h), quarter(&c, h))),
                "mul_add",
            ),
            (ra.swap_pairs(), Box::new(|h| quarter(&a, h).swap_pairs()), "swap_pairs"),
            (
                R::alternating(t),
                Box::new(|_| Portable::new([t, -t, t, -t])),
                "alternating",
            ),
            (R::zero(), Box::new(|_| Portable::zero()), "zero"),
            (ra, Box::new(|h| quarter(&a, h)), "load"),
        ];
        for (got, want, name) in cases {
            let mut out = vec![f64::NAN; n];
            got.store(&mut out);
            for h in 0..n / 4 {
                assert_eq!(bits(got.quad(h)), bits(want(h).to_array()), "{name} quad {h}");
                assert_eq!(
                    bits(out[4 * h..4 * h + 4].try_into().unwrap()),
                    bits(want(h).to_array()),
                    "{name} store {h}"
                );
            }
        }
    }

    #[test]
    fn every_register_type_matches_the_lane_by_lane_definition() {
        lanes_match_portable::<Portable>();
        lanes_match_portable::<Quad>();
        lanes_match_portable::<Wide>();
        lanes_match_portable::<Four>();
        lanes_match_portable::<Duo<Quad>>();
        lanes_match_portable::<Duo<Portable>>();
        assert_eq!(Wide::LANES % 4, 0);
    }

    #[test]
    fn every_operation_matches_its_lane_by_lane_definition() {
        let a = [1.25, -0.3, 7.0e-3, 2.0 / 3.0];
        let b = [0.1, 3.5, -1.0 / 7.0, 0.9];
        let c = [-2.0, 0.7, 1.0 / 3.0, -5.5e-4];
        let (qa, qb, qc) = (Quad::new(a), Quad::new(b), Quad::new(c));
        let (pa, pb, pc) = (Portable::new(a), Portable::new(b), Portable::new(c));
        let cases: [([f64; 4], [f64; 4], &str); 11] = [
            (qa.mul_add(qb, qc).to_array(), pa.mul_add(pb, pc).to_array(), "mul_add"),
            (qa.add(qb).to_array(), pa.add(pb).to_array(), "add"),
            (
                qa.mul_subadd(qb, qc).to_array(),
                pa.mul_subadd(pb, pc).to_array(),
                "mul_subadd",
            ),
            (qa.mul(qb).to_array(), pa.mul(pb).to_array(), "mul"),
            (qa.swap_pairs().to_array(), pa.swap_pairs().to_array(), "swap_pairs"),
            (qa.swap_halves().to_array(), pa.swap_halves().to_array(), "swap_halves"),
            (qa.reverse().to_array(), pa.reverse().to_array(), "reverse"),
            (qa.hi_lo(qb).to_array(), pa.hi_lo(pb).to_array(), "hi_lo"),
            (qa.dup_re().to_array(), pa.dup_re().to_array(), "dup_re"),
            (qa.dup_im().to_array(), pa.dup_im().to_array(), "dup_im"),
            (
                Quad::load_pair(&[a[0], a[1]], &[b[0], b[1]]).to_array(),
                Portable::load_pair(&[a[0], a[1]], &[b[0], b[1]]).to_array(),
                "load_pair",
            ),
        ];
        for (got, want, name) in cases {
            assert_eq!(bits(got), bits(want), "{name}");
        }
        let mut out = [0.0; 4];
        Quad::load(&a).store(&mut out);
        assert_eq!(bits(out), bits(a));
        let (mut lo, mut hi, mut plo, mut phi) = ([0.0; 2], [0.0; 2], [0.0; 2], [0.0; 2]);
        qa.store_pair(&mut lo, &mut hi);
        pa.store_pair(&mut plo, &mut phi);
        assert_eq!(bits([lo[0], lo[1], hi[0], hi[1]]), bits(a), "store_pair");
        assert_eq!(bits([plo[0], plo[1], phi[0], phi[1]]), bits(a), "store_pair");
        assert_eq!(bits(Quad::zero().to_array()), [0; 4]);
        // The definitions themselves, on known values.
        assert_eq!(bits(pa.swap_pairs().to_array()), bits([a[1], a[0], a[3], a[2]]));
        assert_eq!(bits(pa.hi_lo(pb).to_array()), bits([a[2], a[3], b[0], b[1]]));
        assert_eq!(bits(pa.add(pb).to_array()), bits(std::array::from_fn(|t| a[t] + b[t])));
        let subadd = Portable::new([1.0, 2.0, 3.0, 4.0]).mul_subadd(Portable::new([1.0; 4]), Portable::new([1.0; 4]));
        assert_eq!(bits(subadd.to_array()), bits([0.0, 3.0, 2.0, 5.0]));
    }

    #[test]
    fn four_amplitudes_apart_load_and_store_in_order() {
        let amps: [[f64; 2]; 4] = std::array::from_fn(|i| [1.5 * i as f64 - 0.25, -0.125 / (i as f64 + 1.0)]);
        let v = four_apart(&amps[0], &amps[1], &amps[2], &amps[3]);
        let mut lanes = [0.0; 8];
        v.store(&mut lanes);
        let flat: Vec<u64> = amps.concat().iter().map(|x| x.to_bits()).collect();
        assert_eq!(lanes.map(f64::to_bits)[..], flat[..]);
        let mut out = [[0.0; 2]; 4];
        let [a, b, c, d] = &mut out;
        store_four_apart(Four::load(&lanes), a, b, c, d);
        assert_eq!(out.concat().iter().map(|x| x.to_bits()).collect::<Vec<_>>(), flat);
    }
}
