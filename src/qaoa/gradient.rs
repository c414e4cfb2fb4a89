//! Exact gradients of the objectives by the adjoint method.

use super::{cost_weight, phase_factors, Objective, QaoaSimulator};
use crate::angles::Angles;
use crate::cost::diagonal::CostDiagonal;
use crate::error::{Error, Result};
use crate::sim::kernels::{self, Phase, Weight};
use crate::sim::segments;

impl QaoaSimulator {
    /// Objective value and its exact gradient `[∂/∂γ_1..γ_p, ∂/∂β_1..β_p]` by the adjoint
    /// method: one forward sweep, then one backward sweep that un-applies each layer to the
    /// state and to `λ = O|ψ⟩` (O diagonal: the cost, or minus the projector on valid states),
    /// with `∂/∂β_l = 2 Im⟨λ|B|ψ⟩` and `∂/∂γ_l = 2 Im⟨λ|C|ψ⟩` at layer l.
    /// ψ and λ are kept side by side in one buffer of two states (the kernels' pair vector).
    pub fn gradient(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Vec<f64>)> {
        if !objective.has_gradient() {
            return Err(Error::NoGradient {
                objective: objective.name(),
            });
        }
        // ψ, then the pair vector (ψ_k, λ_k) with λ = O|ψ⟩, in one buffer of two states.
        let dim = 1usize << self.num_qubits;
        let mut buf = self.buffer(2)?;
        let value = {
            let mut psi = segments(&mut buf, dim, self.segment_qubits);
            self.evolve_to_objective(&mut psi, angles, objective)
        };
        let mut z = segments(&mut buf, 2 * dim, self.segment_qubits);
        match objective {
            Objective::Energy => kernels::interleave_pair_segments(&mut z, cost_weight(&self.diagonal)),
            Objective::Success(valid) => {
                kernels::interleave_pair_segments(&mut z, Weight::Zero);
                // λ_k = −ψ_k on the valid states; a segment's length is even, so both halves
                // of a pair lie in one segment.
                let seg = z[0].len();
                for &k in valid {
                    let (s, j) = (2 * k as usize / seg, 2 * k as usize % seg);
                    z[s][j + 1] = -z[s][j];
                }
            }
            Objective::Cvar(_) => unreachable!("checked above"),
        }
        let p = angles.p();
        let mut grad = vec![0.0; 2 * p];
        for l in (0..p).rev() {
            let (gamma, beta) = (angles.gammas[l], angles.betas[l]);
            let (mixer, cost) = match &self.diagonal {
                CostDiagonal::Indexed { values, index } => {
                    let factors = phase_factors(values, gamma);
                    let phase = Phase::Indexed {
                        index,
                        factors: &factors,
                    };
                    kernels::unapply_layer_pairs_segments(&mut z, phase, Some(values), beta)
                }
                CostDiagonal::Dense(costs) => {
                    kernels::unapply_layer_pairs_segments(&mut z, Phase::Dense { costs, gamma }, None, beta)
                }
            };
            grad[p + l] = 2.0 * mixer;
            grad[l] = 2.0 * cost;
        }
        self.keep(buf);
        Ok((value, grad))
    }
}
