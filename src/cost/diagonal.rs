//! The cost of every basis state, stored by distinct value where it can be.

use rayon::prelude::*;

/// The cost of every basis state. Puzzle energies take few distinct values (small multiples of
/// ¼), so they are stored as a `u16` index per state into a table of distinct values: an eighth
/// of the bytes of an `f64` diagonal, and one phase per distinct value per layer.
#[derive(Clone, Debug, PartialEq)]
pub enum CostDiagonal {
    /// `cost[k] = values[index[k]]`, `values` ascending.
    Indexed {
        /// Distinct costs, ascending.
        values: Vec<f64>,
        /// Per basis state, the position of its cost in `values`.
        index: Vec<u16>,
    },
    /// One `f64` per basis state (costs that are not small dyadic numbers).
    Dense(Vec<f64>),
}

impl CostDiagonal {
    /// Number of basis states.
    pub fn len(&self) -> usize {
        match self {
            CostDiagonal::Indexed { index, .. } => index.len(),
            CostDiagonal::Dense(d) => d.len(),
        }
    }

    /// Whether there are no states (never for a built diagonal).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Cost of basis index `k`.
    pub fn get(&self, k: usize) -> f64 {
        match self {
            CostDiagonal::Indexed { values, index } => values[index[k] as usize],
            CostDiagonal::Dense(d) => d[k],
        }
    }

    /// Smallest cost.
    pub fn min(&self) -> f64 {
        match self {
            CostDiagonal::Indexed { values, .. } => values[0],
            CostDiagonal::Dense(d) => d.par_iter().copied().reduce(|| f64::INFINITY, f64::min),
        }
    }

    /// Largest cost.
    pub fn max(&self) -> f64 {
        match self {
            CostDiagonal::Indexed { values, .. } => *values.last().unwrap_or(&0.0),
            CostDiagonal::Dense(d) => d.par_iter().copied().reduce(|| f64::NEG_INFINITY, f64::max),
        }
    }

    /// Mean cost over all states (the expectation under uniform sampling).
    pub fn mean(&self) -> f64 {
        self.mean_and_variance().0
    }

    /// Mean and variance of the cost over all states, in one parallel pass.
    pub fn mean_and_variance(&self) -> (f64, f64) {
        let n = self.len() as f64;
        let (sum, sum_sq) = match self {
            CostDiagonal::Indexed { values, index } => {
                // Count the states of each level, then weigh the (few) distinct values.
                let counts = index
                    .par_chunks(1 << 16)
                    .fold(
                        || vec![0u64; values.len()],
                        |mut c, chunk| {
                            for &i in chunk {
                                c[i as usize] += 1;
                            }
                            c
                        },
                    )
                    .reduce(
                        || vec![0u64; values.len()],
                        |a, b| a.iter().zip(&b).map(|(x, y)| x + y).collect(),
                    );
                counts
                    .iter()
                    .zip(values)
                    .fold((0.0, 0.0), |(s, q), (&c, &v)| (s + c as f64 * v, q + c as f64 * v * v))
            }
            // Fixed chunks added in order: the same bits for any number of threads.
            CostDiagonal::Dense(d) => d
                .par_chunks(1 << 16)
                .map(|c| c.iter().fold((0.0, 0.0), |a, &c| (a.0 + c, a.1 + c * c)))
                .collect::<Vec<(f64, f64)>>()
                .into_iter()
                .fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1)),
        };
        let mean = sum / n;
        (mean, (sum_sq / n - mean * mean).max(0.0))
    }

    /// Basis indices whose cost is within `tol` of `target`, ascending.
    pub fn states_with_cost(&self, target: f64, tol: f64) -> Vec<u64> {
        match self {
            CostDiagonal::Indexed { values, index } => {
                let Some(v) = values.iter().position(|x| (x - target).abs() <= tol) else {
                    return Vec::new();
                };
                let v = v as u16;
                index
                    .par_iter()
                    .enumerate()
                    .filter(|(_, &i)| i == v)
                    .map(|(k, _)| k as u64)
                    .collect()
            }
            CostDiagonal::Dense(d) => d
                .par_iter()
                .enumerate()
                .filter(|(_, &c)| (c - target).abs() <= tol)
                .map(|(k, _)| k as u64)
                .collect(),
        }
    }

    /// The number of basis states whose cost is below `bound`.
    pub fn count_below(&self, bound: f64) -> usize {
        match self {
            CostDiagonal::Indexed { values, index } => {
                let below = values.iter().take_while(|&&v| v < bound).count();
                index.par_iter().filter(|&&i| usize::from(i) < below).count()
            }
            CostDiagonal::Dense(d) => d.par_iter().filter(|&&c| c < bound).count(),
        }
    }

    /// Basis indices whose cost is below `bound`, ascending.
    pub fn states_below(&self, bound: f64) -> Vec<u64> {
        (0..self.len() as u64)
            .filter(|&k| self.get(k as usize) < bound)
            .collect()
    }

    /// The largest `u` such that every cost differs from the least by a whole multiple of `u`
    /// (for an indexed diagonal whose costs are dyadic); `None` for a constant or dense cost.
    /// Then `e^{−iγC}` changes only by a global phase when γ moves by `2π/u`: γ's period.
    pub fn energy_unit(&self) -> Option<f64> {
        let CostDiagonal::Indexed { values, .. } = self else {
            return None;
        };
        let least = *values.first()?;
        let gaps: Vec<f64> = values.iter().skip(1).map(|v| v - least).collect();
        let scale = (0..=20)
            .map(|e| f64::from(1u32 << e))
            .find(|&s| gaps.iter().all(|g| (g * s).fract() == 0.0 && g * s < 2f64.powi(52)))?;
        let gcd = gaps.iter().map(|g| (g * scale) as u64).fold(0u64, |a, b| {
            let (mut a, mut b) = (a, b);
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        });
        (gcd > 0).then(|| gcd as f64 / scale)
    }

    /// Bytes per basis state this representation takes.
    pub fn bytes_per_state(&self) -> usize {
        match self {
            CostDiagonal::Indexed { .. } => 2,
            CostDiagonal::Dense(_) => 8,
        }
    }
}
/// The smallest power of two `s ≤ 2^max_exponent` that makes every coefficient times `s` an
/// integer while the sum of their magnitudes times `s` stays below 2^52, if there is one: then
/// every energy is an exact integer over `s`, and the diagonal can be built in integers.
pub fn dyadic_scale(coeffs: &[f64], max_exponent: u32) -> Option<f64> {
    let bound: f64 = coeffs.iter().map(|c| c.abs()).sum();
    (0..=max_exponent)
        .map(|e| f64::from(1u32 << e))
        .find(|&s| bound * s < 2f64.powi(52) && coeffs.iter().all(|c| (c * s).fract() == 0.0))
}
