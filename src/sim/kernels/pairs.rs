//! Rotations on listed pairs of basis states: the gates of a mixer whose moves pair states
//! that lie far apart in the basis (the switch mixers on an indexed `rows+cols` space,
//! docs/ARCHITECTURE.md, "Spaces and mixers"). A gate is a list of disjoint pairs `(u, v)`,
//! each turned by `[[cos β, −i sin β], [−i sin β, cos β]]`. The pairs of one gate are visited in
//! their listed order, one after another, so every sum has one order whatever the thread count.

use num_complex::Complex64;

/// Turn every pair of `pairs` in `amps` by `[[c, −i s], [−i s, c]]`.
pub fn rotate_pairs(amps: &mut [Complex64], pairs: &[[u32; 2]], c: f64, s: f64) {
    rotate_pairs_from(amps, pairs, 0, c, s)
}

/// [`rotate_pairs`] on the states `base..base + amps.len()` of a larger basis: pair `(u, v)`
/// turns `amps[u − base]` and `amps[v − base]` (both must lie in the slice).
pub fn rotate_pairs_from(amps: &mut [Complex64], pairs: &[[u32; 2]], base: usize, c: f64, s: f64) {
    for &[u, v] in pairs {
        let (u, v) = (u as usize - base, v as usize - base);
        let (a, b) = (amps[u], amps[v]);
        // −i·s·z = (s·z.im, −s·z.re)
        amps[u] = Complex64::new(c * a.re + s * b.im, c * a.im - s * b.re);
        amps[v] = Complex64::new(c * b.re + s * a.im, c * b.im - s * a.re);
    }
}

/// [`rotate_pairs`] where every pair's first state lies in `from` (the states `f..f + from.len()`)
/// and its partner in `to` (the states `t..t + to.len()`): the same arithmetic, on two slices.
pub fn rotate_pairs_between(
    from: &mut [Complex64],
    f: usize,
    to: &mut [Complex64],
    t: usize,
    pairs: &[[u32; 2]],
    c: f64,
    s: f64,
) {
    for &[u, v] in pairs {
        let (u, v) = (u as usize - f, v as usize - t);
        let (a, b) = (from[u], to[v]);
        from[u] = Complex64::new(c * a.re + s * b.im, c * a.im - s * b.re);
        to[v] = Complex64::new(c * b.re + s * a.im, c * b.im - s * a.re);
    }
}

/// `⟨λ|H|ψ⟩` for the generator `H` of one gate (`|u⟩⟨v| + |v⟩⟨u|` over its pairs), summed pair
/// by pair in listed order.
pub fn pair_overlap(lam: &[Complex64], psi: &[Complex64], pairs: &[[u32; 2]]) -> Complex64 {
    pair_overlap_from(lam, psi, pairs, 0)
}

/// [`pair_overlap`] on the states `base..base + psi.len()` of a larger basis.
pub fn pair_overlap_from(lam: &[Complex64], psi: &[Complex64], pairs: &[[u32; 2]], base: usize) -> Complex64 {
    let mut sum = Complex64::new(0.0, 0.0);
    for &[u, v] in pairs {
        let (u, v) = (u as usize - base, v as usize - base);
        sum += lam[u].conj() * psi[v] + lam[v].conj() * psi[u];
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rotation_is_the_two_by_two_matrix_and_is_undone_by_minus_beta() {
        let mut amps: Vec<Complex64> = (0..6)
            .map(|k| Complex64::new(k as f64 * 0.3 - 0.5, 0.2 * k as f64))
            .collect();
        let orig = amps.clone();
        let beta: f64 = 0.7;
        let pairs = [[0u32, 4], [5, 2]];
        rotate_pairs(&mut amps, &pairs, beta.cos(), beta.sin());
        let i = Complex64::i();
        for &[u, v] in &pairs {
            let (u, v) = (u as usize, v as usize);
            let want_u = beta.cos() * orig[u] - i * beta.sin() * orig[v];
            let want_v = -i * beta.sin() * orig[u] + beta.cos() * orig[v];
            assert!((amps[u] - want_u).norm() < 1e-15 && (amps[v] - want_v).norm() < 1e-15);
        }
        assert_eq!(amps[1], orig[1]);
        assert_eq!(amps[3], orig[3]);
        rotate_pairs(&mut amps, &pairs, beta.cos(), -beta.sin());
        for (a, b) in amps.iter().zip(&orig) {
            assert!((a - b).norm() < 1e-15);
        }
        let ov = pair_overlap(&orig, &orig, &pairs);
        let want = 2.0 * (orig[0].conj() * orig[4]).re + 2.0 * (orig[5].conj() * orig[2]).re;
        assert!((ov.re - want).abs() < 1e-15 && ov.im.abs() < 1e-15);
    }
}
