//! The p = 1 landscape: energy and success probability on a grid of (γ, β).

use crate::angles::Angles;
use crate::error::{Error, Result};
use crate::qaoa::optimize;
use crate::qaoa::Qaoa;

/// The p = 1 landscape on a grid: `energy[[i, j]] = ⟨C⟩` and `success[[i, j]] = P(valid)` at
/// `(γ_j, β_i)` (rows β, columns γ).
#[derive(Clone, Debug)]
pub struct Landscape {
    /// γ of each column.
    pub gammas: Vec<f64>,
    /// β of each row.
    pub betas: Vec<f64>,
    /// `⟨C⟩`.
    pub energy: ndarray::Array2<f64>,
    /// P(valid).
    pub success: ndarray::Array2<f64>,
}

impl Landscape {
    /// The grid point (γ, β) of least energy.
    pub fn energy_optimum(&self) -> (f64, f64) {
        self.arg(&self.energy, |a, b| a < b)
    }

    /// The grid point (γ, β) of largest success probability.
    pub fn success_optimum(&self) -> (f64, f64) {
        self.arg(&self.success, |a, b| a > b)
    }

    fn arg(&self, grid: &ndarray::Array2<f64>, better: impl Fn(f64, f64) -> bool) -> (f64, f64) {
        let mut best = ((0, 0), grid[[0, 0]]);
        for ((i, j), &v) in grid.indexed_iter() {
            if better(v, best.1) {
                best = ((i, j), v);
            }
        }
        (self.gammas[best.0 .1], self.betas[best.0 .0])
    }
}

/// `n` evenly spaced points from `a` to `b` inclusive.
pub fn linspace(a: f64, b: f64, n: usize) -> Vec<f64> {
    match n {
        0 => Vec::new(),
        1 => vec![a],
        _ => (0..n).map(|i| a + (b - a) * i as f64 / (n - 1) as f64).collect(),
    }
}

/// A default γ window for the landscape: `[0, min(4 s, π)]` with s = [`optimize::gamma_scale`]
/// (the random-start range; γ has period 2π for integer energies, so π shows half a period).
pub fn default_gamma_max(sim: &dyn Qaoa) -> f64 {
    (4.0 * optimize::gamma_scale(sim)).min(std::f64::consts::PI)
}

/// Evaluate the p = 1 energy and success probability at every (γ_j, β_i).
pub fn p1_landscape(sim: &dyn Qaoa, valid: &[u64], gammas: &[f64], betas: &[f64]) -> Result<Landscape> {
    if gammas.is_empty() || betas.is_empty() {
        return Err(Error::out_of_range(
            crate::error::Quantity::GridPoints,
            format!("{}x{}", gammas.len(), betas.len()),
            "the landscape grid needs at least one point each way",
        ));
    }
    let mut energy = ndarray::Array2::zeros((betas.len(), gammas.len()));
    let mut success = ndarray::Array2::zeros((betas.len(), gammas.len()));
    for (i, &b) in betas.iter().enumerate() {
        for (j, &g) in gammas.iter().enumerate() {
            let e = sim.evaluate(&Angles::new(vec![g], vec![b])?, valid)?;
            energy[[i, j]] = e.energy;
            success[[i, j]] = e.success_probability;
        }
    }
    Ok(Landscape {
        gammas: gammas.to_vec(),
        betas: betas.to_vec(),
        energy,
        success,
    })
}
