//! What the optimiser minimises ([`Objective`]) and the measurements it is made of: levels,
//! expectation, CVaR, and the objective of a state evolved from `|+⟩^n`.

use super::{shared, QaoaSimulator};
use crate::angles::Angles;
use crate::cost::diagonal::CostDiagonal;
use crate::error::Result;
use crate::sim::kernels::{self, Start};
use crate::sim::segments;
use num_complex::Complex64;

/// What the optimiser minimises.
#[derive(Clone, Debug, PartialEq)]
pub enum Objective {
    /// The expected cost `⟨C⟩`.
    Energy,
    /// Minus the probability of measuring one of these basis states (valid boards).
    Success(Vec<u64>),
    /// Conditional value at risk: mean cost of the lowest `alpha` fraction of the distribution.
    Cvar(f64),
}

impl Objective {
    /// Short name for reports: `energy`, `success`, `cvar:0.1`.
    pub fn name(&self) -> String {
        match self {
            Objective::Energy => "energy".into(),
            Objective::Success(_) => "success".into(),
            Objective::Cvar(a) => format!("cvar:{a}"),
        }
    }

    /// Whether an exact gradient exists (CVaR is not smooth).
    pub fn has_gradient(&self) -> bool {
        !matches!(self, Objective::Cvar(_))
    }
}

impl QaoaSimulator {
    /// `(cost, probability)` per distinct cost of the state, ascending by cost.
    pub fn levels(&self, amps: &[Complex64]) -> Vec<(f64, f64)> {
        self.levels_of_segments(&[amps])
    }

    /// [`QaoaSimulator::levels`] of a segmented state.
    pub(super) fn levels_of_segments(&self, segs: &[&[Complex64]]) -> Vec<(f64, f64)> {
        let seg = segs[0].len();
        match &self.diagonal {
            CostDiagonal::Indexed { values, index } => {
                let mut mass = vec![0.0; values.len()];
                for (s, amps) in segs.iter().enumerate() {
                    let part = kernels::level_probabilities(amps, &index[s * seg..(s + 1) * seg], values.len());
                    mass.iter_mut().zip(part).for_each(|(m, x)| *m += x);
                }
                values.iter().copied().zip(mass).collect()
            }
            CostDiagonal::Dense(costs) => {
                let probs = segs.iter().flat_map(|amps| amps.iter().map(|a| a.norm_sqr()));
                let mut l: Vec<(f64, f64)> = costs.iter().copied().zip(probs).collect();
                l.sort_by(|a, b| a.0.total_cmp(&b.0));
                l
            }
        }
    }

    /// `⟨ψ|C|ψ⟩`.
    pub fn expectation(&self, amps: &[Complex64]) -> f64 {
        match &self.diagonal {
            CostDiagonal::Indexed { .. } => self.levels(amps).iter().map(|(c, p)| c * p).sum(),
            CostDiagonal::Dense(costs) => kernels::expectation_dense(amps, costs),
        }
    }

    /// CVaR_α: the mean cost of the lowest-cost α fraction of the measurement distribution.
    pub fn cvar(&self, amps: &[Complex64], alpha: f64) -> f64 {
        cvar_of_levels(&self.levels(amps), alpha)
    }

    /// The value of `objective` at `angles` (to be minimised).
    pub fn objective(&self, angles: &Angles, objective: &Objective) -> Result<f64> {
        let mut buf = self.buffer(1)?;
        let mut segs = segments(&mut buf, 1 << self.num_qubits, self.segment_qubits);
        let value = self.evolve_to_objective(&mut segs, angles, objective);
        self.keep(buf);
        Ok(value)
    }

    /// Evolve `|+⟩^n` into `segs` (whatever they held) and return the value of `objective`.
    pub(super) fn evolve_to_objective(
        &self,
        segs: &mut [&mut [Complex64]],
        angles: &Angles,
        objective: &Objective,
    ) -> f64 {
        let start = Start::Uniform;
        match objective {
            Objective::Energy => self
                .evolve_measured_segments(segs, angles, start)
                .iter()
                .map(|(c, p)| c * p)
                .sum(),
            Objective::Success(valid) => {
                self.evolve_segments(segs, angles, start);
                -kernels::probability_of_segments(&shared(segs), valid)
            }
            Objective::Cvar(alpha) => cvar_of_levels(&self.evolve_measured_segments(segs, angles, start), *alpha),
        }
    }
}

/// CVaR_α of a distribution given as `(cost, probability)` ascending by cost.
pub(super) fn cvar_of_levels(levels: &[(f64, f64)], alpha: f64) -> f64 {
    let mut mass = 0.0;
    let mut sum = 0.0;
    for &(c, p) in levels {
        let take = p.min(alpha - mass);
        if take <= 0.0 {
            break;
        }
        mass += take;
        sum += take * c;
    }
    sum / mass.max(f64::MIN_POSITIVE)
}
