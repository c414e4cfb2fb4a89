//! QAOA angles and THE angle convention of quzzle.
//!
//! One layer l applies the cost phase, then the mixer:
//! `U_C(γ) = exp(−iγ·H_C)` and `U_B(β) = exp(−iβ·Σ_q X_q)`, starting from `|+⟩^n`.
//! In circuits: `exp(−iγ h_q Z_q) = rz(2γh_q)`, `exp(−iγ J Z_a Z_b) = rzz(2γJ)`,
//! `exp(−iβX) = rx(2β)`. The constant offset of `H_C` is a global phase and is not emitted.
//!
//! `|+⟩^n` is the *top* eigenstate of `Σ_q X_q`, so the discretised anneal from it to the
//! ground state of `H_C` has γ > 0 and β < 0 (for one coupling, `⟨J Z_0 Z_1⟩ = J sin 4β sin 2γJ`
//! is smallest at β = −π/8 when γJ = π/4).

use crate::error::{Error, Quantity, Result};
use serde::{Deserialize, Serialize};

/// Angles of a depth-p QAOA circuit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Angles {
    /// Cost-layer angles γ_1..γ_p.
    pub gammas: Vec<f64>,
    /// Mixer angles β_1..β_p.
    pub betas: Vec<f64>,
}

/// The largest angle magnitude taken, in radians. Past it a phase `γ·E` has lost most of its
/// digits to rounding (the spacing of f64 near 1e6 is 1e-10, and E reaches hundreds), and near
/// f64's range it overflows to a NaN energy.
pub const MAX_ANGLE: f64 = 1e6;

impl Angles {
    /// Angles from two lists of equal length (p ≥ 1, all finite).
    pub fn new(gammas: Vec<f64>, betas: Vec<f64>) -> Result<Self> {
        if gammas.len() != betas.len() {
            return Err(Error::AngleCount {
                expected: gammas.len(),
                got: betas.len(),
            });
        }
        if gammas.is_empty() {
            return Err(Error::out_of_range(Quantity::Depth, 0, "must be at least 1"));
        }
        if gammas.iter().chain(&betas).any(|a| !a.is_finite()) {
            return Err(Error::NotFinite {
                what: "an angle".into(),
                note: String::new(),
            });
        }
        if let Some(a) = gammas.iter().chain(&betas).find(|a| a.abs() > MAX_ANGLE) {
            return Err(Error::out_of_range(
                Quantity::Angle,
                format!("{a:e}"),
                format!("must lie within ±{MAX_ANGLE:e}: a larger angle times a cost keeps no digits of its phase, and near 1e308 overflows"),
            ));
        }
        Ok(Angles { gammas, betas })
    }

    /// Depth p.
    pub fn p(&self) -> usize {
        self.gammas.len()
    }

    /// `[γ_1..γ_p, β_1..β_p]`, the optimiser's parameter vector.
    pub fn to_flat(&self) -> Vec<f64> {
        self.gammas.iter().chain(&self.betas).copied().collect()
    }

    /// Inverse of [`Angles::to_flat`].
    pub fn from_flat(flat: &[f64]) -> Result<Self> {
        if !flat.len().is_multiple_of(2) || flat.is_empty() {
            return Err(Error::AngleCount {
                expected: 2 * flat.len().div_ceil(2).max(1),
                got: flat.len(),
            });
        }
        let p = flat.len() / 2;
        Angles::new(flat[..p].to_vec(), flat[p..].to_vec())
    }

    /// Linear ramp (a discretised anneal toward the ground state): γ_l = (l+½)/p·dt,
    /// β_l = −(1 − (l+½)/p)·dt.
    pub fn linear_ramp(p: usize, dt: f64) -> Result<Self> {
        if p == 0 {
            return Err(Error::out_of_range(Quantity::Depth, 0, "must be at least 1"));
        }
        let f = |l: usize| (l as f64 + 0.5) / p as f64;
        Angles::new(
            (0..p).map(|l| f(l) * dt).collect(),
            (0..p).map(|l| -(1.0 - f(l)) * dt).collect(),
        )
    }

    /// INTERP (Zhou et al., PRX 10, 021067): depth p+1 angles from optimal depth-p angles,
    /// `θ'_i = (i−1)/p·θ_{i−1} + (p−i+1)/p·θ_i` for i = 1..p+1 (1-based, θ_0 = θ_{p+1} = 0).
    pub fn interp(&self) -> Angles {
        let p = self.p();
        let grow = |v: &[f64]| -> Vec<f64> {
            (1..=p + 1)
                .map(|i| {
                    let prev = if i >= 2 { v[i - 2] } else { 0.0 };
                    let cur = if i <= p { v[i - 1] } else { 0.0 };
                    (i as f64 - 1.0) / p as f64 * prev + (p as f64 - i as f64 + 1.0) / p as f64 * cur
                })
                .collect()
        };
        Angles {
            gammas: grow(&self.gammas),
            betas: grow(&self.betas),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angles_past_the_largest_magnitude_are_refused() {
        for a in [1e308, -2e6, f64::MAX] {
            let e = Angles::new(vec![0.1, a], vec![0.2, 0.3]).unwrap_err();
            assert!(e.is_usage());
            assert!(
                matches!(
                    e,
                    Error::OutOfRange {
                        what: Quantity::Angle,
                        ..
                    }
                ),
                "{e}"
            );
        }
        assert!(Angles::new(vec![MAX_ANGLE], vec![-MAX_ANGLE]).is_ok());
    }

    #[test]
    fn interp_keeps_endpoints_and_grows() {
        let a = Angles::new(vec![0.2, 0.4], vec![0.6, 0.2]).unwrap();
        let b = a.interp();
        assert_eq!(b.p(), 3);
        assert!((b.gammas[0] - 0.2).abs() < 1e-15);
        assert!((b.gammas[2] - 0.4).abs() < 1e-15);
        assert!((b.gammas[1] - 0.3).abs() < 1e-15);
        assert!((b.betas[1] - 0.4).abs() < 1e-15);
        let r = Angles::linear_ramp(2, 1.0).unwrap();
        assert!(r.gammas[0] > 0.0 && r.betas[0] < 0.0 && r.betas[0] < r.betas[1]);
    }

    #[test]
    fn flat_round_trip_and_errors() {
        let a = Angles::linear_ramp(3, 0.9).unwrap();
        assert_eq!(Angles::from_flat(&a.to_flat()).unwrap(), a);
        assert!(matches!(
            Angles::from_flat(&[1.0, 2.0, 3.0]),
            Err(Error::AngleCount { got: 3, .. })
        ));
        assert!(Angles::new(vec![f64::NAN], vec![0.0]).is_err());
        assert!(Angles::linear_ramp(0, 1.0).is_err());
    }
}
