//! The cost phase on a unit of the state and its adjoint, which also takes ∂γ's overlap sum:
//! indexed factors two amplitudes per register. A uniform start is written without reading the
//! state, with the bits of filling it first, so a first layer saves a pass.

use super::registers::{overlap, put, put_one, quad_of, quad_of_one, Acc};
use crate::sim::kernels::Phase;
use crate::sim::quad::Quad;
use num_complex::Complex64;

/// Multiply `x` (amplitudes from basis index `offset`) by the phase; indexed factors two
/// amplitudes per register. With `uniform`, `x` is taken to hold that real amplitude
/// everywhere, whatever it holds, and is written without being read: the same bits as
/// filling it first.
pub(super) fn apply_phase(x: &mut [Complex64], offset: usize, phase: &Phase<'_>, uniform: Option<f64>) {
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
pub(super) fn unapply_phase(
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

#[cfg(test)]
mod tests {
    use super::super::tests::{bits, phase_of, random_state, ring_axes};
    use super::super::{apply_layer_axes, plan_axes};
    use super::*;
    use crate::sim::kernels::Start;

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
}
