//! The exact (Clopper–Pearson) confidence interval of a binomial proportion, from the
//! regularised incomplete beta function and its inverse, computed here so that a measured
//! P(valid) can be compared with the simulated one without a statistics dependency.

// The Lanczos coefficients and the reference values are written as published, digits the
// nearest f64 does not keep included.
#![allow(clippy::excessive_precision)]

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7, nine coefficients: relative error near 1e-15).
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_93,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_13,
        -176.615_029_162_140_59,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_571_6e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1 − x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = C[0];
    for (i, &c) in C.iter().enumerate().skip(1) {
        sum += c / (x + i as f64);
    }
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The continued fraction of the incomplete beta function (modified Lentz), which converges
/// fast for `x < (a + 1) / (a + b + 2)`.
fn beta_fraction(x: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut c = 1.0;
    let mut d = 1.0 - (a + b) * x / (a + 1.0);
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    // Terms needed grow like sqrt(max(a, b)); this bound covers billions of shots.
    for m in 1..200_000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let even = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + even * d;
        d = if d.abs() < TINY { 1.0 / TINY } else { 1.0 / d };
        c = 1.0 + even / c;
        if c.abs() < TINY {
            c = TINY;
        }
        h *= d * c;
        let odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + odd * d;
        d = if d.abs() < TINY { 1.0 / TINY } else { 1.0 / d };
        c = 1.0 + odd / c;
        if c.abs() < TINY {
            c = TINY;
        }
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < 1e-16 {
            break;
        }
    }
    h
}

/// The regularised incomplete beta function `I_x(a, b)` for `a, b > 0`, `0 ≤ x ≤ 1`.
pub fn regularized_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (-x).ln_1p();
    let front = ln_front.exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(x, a, b) / a
    } else {
        1.0 - front * beta_fraction(1.0 - x, b, a) / b
    }
}

/// The `q` quantile of the Beta(a, b) distribution: the `x` with `I_x(a, b) = q`, by
/// bisection to the last bit (the function is monotone, so bisection cannot fail).
pub fn beta_quantile(q: f64, a: f64, b: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..1100 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if regularized_beta(mid, a, b) < q {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The two-sided Clopper–Pearson interval at `confidence` (0.95 for 95 %) for `successes`
/// out of `trials`: `[B(α/2; x, n − x + 1), B(1 − α/2; x + 1, n − x)]`, with 0 and 1 at the
/// ends (no success: the lower end is 0; all successes: the upper end is 1). `None` when
/// `trials` is 0 or `successes > trials`.
pub fn clopper_pearson(successes: u64, trials: u64, confidence: crate::checked::Confidence) -> Option<[f64; 2]> {
    if trials == 0 || successes > trials {
        return None;
    }
    let alpha = 1.0 - confidence.get();
    let (x, n) = (successes as f64, trials as f64);
    let low = if successes == 0 {
        0.0
    } else {
        beta_quantile(alpha / 2.0, x, n - x + 1.0)
    };
    let high = if successes == trials {
        1.0
    } else {
        beta_quantile(1.0 - alpha / 2.0, x + 1.0, n - x)
    };
    Some([low, high])
}

/// The exact two-sided p-value of `successes` in `trials` when P = `p0`: twice the smaller
/// tail, at most 1. It is the test the Clopper–Pearson interval inverts: `p0` lies inside the
/// interval at confidence c exactly when this is at least 1 − c. `None` as for
/// [`clopper_pearson`], or for `p0` outside [0, 1].
pub fn binomial_p_value(successes: u64, trials: u64, p0: f64) -> Option<f64> {
    if trials == 0 || successes > trials || !(0.0..=1.0).contains(&p0) {
        return None;
    }
    let (k, n) = (successes as f64, trials as f64);
    // P(X ≥ k) = I_p0(k, n − k + 1); P(X ≤ k) = I_(1 − p0)(n − k, k + 1).
    let upper = if successes == 0 {
        1.0
    } else {
        regularized_beta(p0, k, n - k + 1.0)
    };
    let lower = if successes == trials {
        1.0
    } else {
        regularized_beta(1.0 - p0, n - k, k + 1.0)
    };
    Some((2.0 * upper.min(lower)).min(1.0))
}

/// Holm's step-down adjustment of `p_values`: the adjusted p-value of each, in the order given.
/// Rejecting every hypothesis whose adjusted value is below α keeps the chance of rejecting
/// any true one at most α, whatever their dependence. Ties are ordered by position, so the
/// result depends on the values only.
pub fn holm_adjusted(p_values: &[f64]) -> Vec<f64> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]).then(a.cmp(&b)));
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The p-value of `successes` in `trials` against a prediction `p0` that carries its own
/// standard error `se` (a mean over noisy trajectories): the count is read against the
/// predictive distribution, the binomial mixed over P = `p0 + se·Z` with Z standard normal
/// (the mass beyond 0 and 1 put on the ends; trapezoid rule over ±8 standard errors), and
/// the p-value is twice its smaller tail, at most 1. The count then varies by the shots and
/// the prediction's error together, their variances adding (`n·P(1 − P) + n²·se²`), so a
/// prediction from few trajectories is not refuted for its own spread. With `se` 0 it is
/// [`binomial_p_value`]. `None` as for [`binomial_p_value`], or for a negative or
/// non-finite `se`.
pub fn binomial_p_value_uncertain(successes: u64, trials: u64, p0: f64, se: f64) -> Option<f64> {
    if !(se.is_finite() && se >= 0.0) {
        return None;
    }
    let exact = binomial_p_value(successes, trials, p0)?;
    if se == 0.0 {
        return Some(exact);
    }
    let (k, n) = (successes as f64, trials as f64);
    // P(X ≥ k) and P(X ≤ k) at P = q, as in `binomial_p_value`.
    let tails = |q: f64| {
        let upper = if successes == 0 {
            1.0
        } else {
            regularized_beta(q, k, n - k + 1.0)
        };
        let lower = if successes == trials {
            1.0
        } else {
            regularized_beta(1.0 - q, n - k, k + 1.0)
        };
        (upper, lower)
    };
    const STEPS: usize = 800;
    const WIDTH: f64 = 8.0;
    let (mut upper, mut lower, mut weights) = (0.0, 0.0, 0.0);
    for i in 0..=STEPS {
        let z = -WIDTH + 2.0 * WIDTH * i as f64 / STEPS as f64;
        let w = (-0.5 * z * z).exp() * if i == 0 || i == STEPS { 0.5 } else { 1.0 };
        let (u, l) = tails((p0 + se * z).clamp(0.0, 1.0));
        upper += w * u;
        lower += w * l;
        weights += w;
    }
    Some((2.0 * (upper / weights).min(lower / weights)).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checked::Confidence;

    /// (x, n, low, high) at 95 %, from mpmath at 40 digits (bisection on `betainc`); (3, 10)
    /// is also R's `binom.test(3, 10)`.
    const REFERENCE: [(u64, u64, f64, f64); 10] = [
        (3, 10, 0.066739511177734467, 0.6524528500599973),
        (0, 10, 0.0, 0.30849710781876082),
        (10, 10, 0.69150289218123918, 1.0),
        (1, 1, 0.025, 1.0),
        (0, 1, 0.0, 0.975),
        (50, 100, 0.39832112950330098, 0.60167887049669902),
        (7, 1000, 0.0028188587596205257, 0.014369194978918633),
        (512, 1024, 0.4689248299603414, 0.5310751700396586),
        (4000, 4096, 0.97145327942178496, 0.98097529758533261),
        (1, 4096, 6.1810863619214954e-6, 0.0013595056306871372),
    ];

    #[test]
    fn clopper_pearson_matches_reference_values() {
        for (x, n, low, high) in REFERENCE {
            let [l, h] = clopper_pearson(x, n, Confidence::default()).unwrap();
            assert!((l - low).abs() < 1e-10, "({x}, {n}) low {l} vs {low}");
            assert!((h - high).abs() < 1e-10, "({x}, {n}) high {h} vs {high}");
        }
    }

    #[test]
    fn closed_forms_at_the_edges() {
        // No success: the upper end solves (1 − p)^n = α/2; all successes: p^n = α/2.
        for n in [1u64, 2, 5, 37, 1000, 100_000] {
            let [l, h] = clopper_pearson(0, n, Confidence::default()).unwrap();
            assert_eq!(l.to_bits(), 0.0f64.to_bits(), "exactly 0");
            let want = 1.0 - 0.025f64.powf(1.0 / n as f64);
            assert!((h - want).abs() < 1e-12, "n = {n}: {h} vs {want}");
            let [l, h] = clopper_pearson(n, n, Confidence::default()).unwrap();
            assert_eq!(h.to_bits(), 1.0f64.to_bits(), "exactly 1");
            assert!((l - 0.025f64.powf(1.0 / n as f64)).abs() < 1e-12, "n = {n}: {l}");
        }
        assert_eq!(clopper_pearson(0, 0, Confidence::default()), None);
        assert_eq!(clopper_pearson(3, 2, Confidence::default()), None);
    }

    #[test]
    fn incomplete_beta_known_values() {
        // I_x(1, 1) = x; I_x(2, 1) = x^2; I_0.5(a, a) = 1/2.
        for x in [0.1, 0.37, 0.9] {
            assert!((regularized_beta(x, 1.0, 1.0) - x).abs() < 1e-14);
            assert!((regularized_beta(x, 2.0, 1.0) - x * x).abs() < 1e-14);
        }
        // ln Γ of large arguments carries an absolute error near 1e-16 × a ln a into the
        // front factor, hence the looser bound at a = 40 000 (still far below what moves an
        // interval end: dI / density).
        for (a, tol) in [(0.5, 1e-13), (3.0, 1e-13), (250.0, 1e-12), (40_000.0, 1e-9)] {
            let err = (regularized_beta(0.5, a, a) - 0.5).abs();
            assert!(err < tol, "a = {a}: {err}");
        }
        assert!((ln_gamma(10.0) - 362_880f64.ln()).abs() < 1e-12);
        assert!((ln_gamma(0.5) - std::f64::consts::PI.sqrt().ln()).abs() < 1e-13);
    }

    #[test]
    fn the_p_value_is_the_interval_inverted() {
        // p0 inside the interval at confidence c exactly when the p-value is at least 1 − c,
        // on a grid of counts and of p0 across each interval's ends.
        for (x, n) in [(0u64, 10u64), (3, 10), (10, 10), (7, 1000), (512, 1024), (1, 4096)] {
            for c in [0.9, 0.95, 0.99] {
                let conf = Confidence::new(c).unwrap();
                let [l, h] = clopper_pearson(x, n, conf).unwrap();
                for t in [-0.5, -1e-6, 1e-6, 0.3, 0.7, 1.0 - 1e-6, 1.0 + 1e-6, 1.5] {
                    let p0 = l + t * (h - l);
                    if !(0.0..=1.0).contains(&p0) {
                        continue;
                    }
                    let inside = l <= p0 && p0 <= h;
                    let pv = binomial_p_value(x, n, p0).unwrap();
                    assert_eq!(pv >= 1.0 - c, inside, "({x}, {n}) c {c} p0 {p0}: p-value {pv}");
                }
            }
        }
        // R's binom.test(3, 10, p = 0.5)$p.value = 0.34375 (the central p-value equals the
        // likelihood-ordered one for a symmetric null).
        assert!((binomial_p_value(3, 10, 0.5).unwrap() - 0.34375).abs() < 1e-13);
        assert_eq!(binomial_p_value(3, 2, 0.5), None);
        assert_eq!(binomial_p_value(1, 2, f64::NAN), None);
    }

    #[test]
    fn holm_adjusts_step_down() {
        // Sorted 0.01, 0.02, 0.03, 0.5 with m = 4: 0.04, 0.06, 0.06 (monotone), 0.5.
        let adj = holm_adjusted(&[0.03, 0.5, 0.01, 0.02]);
        let want = [0.06, 0.5, 0.04, 0.06];
        for (a, w) in adj.iter().zip(want) {
            assert!((a - w).abs() < 1e-15, "{adj:?}");
        }
        assert_eq!(holm_adjusted(&[0.9, 0.8]), vec![1.0, 1.0]);
        assert!(holm_adjusted(&[]).is_empty());
    }
}
