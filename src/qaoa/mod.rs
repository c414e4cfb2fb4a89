//! QAOA on a diagonal cost: `|ψ(γ, β)⟩ = Π_l U_B(β_l) U_C(γ_l) |+⟩^n` (see [`crate::angles`]).

pub mod optimize;

use crate::angles::Angles;
use crate::cost::diagonal::CostDiagonal;
use crate::cost::ising::Ising;
use crate::error::{Error, Result};
use crate::sim::kernels::{self, Phase, Start, Weight};
use crate::sim::{check_bytes, check_memory, segmented_len, segments, State, AMPLITUDE_BYTES, SEGMENT_QUBITS};
use num_complex::Complex64;
use std::sync::Mutex;

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

/// What one evaluation measures.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// `⟨C⟩`, offset included.
    pub energy: f64,
    /// Probability mass on the given valid states.
    pub success_probability: f64,
    /// Basis index with the largest probability.
    pub top_state: u64,
    /// Its probability.
    pub top_probability: f64,
}

/// A QAOA simulator for one cost Hamiltonian: holds the precomputed diagonal, and keeps the
/// state buffers of finished objective and gradient calls for the next call (an optimiser makes
/// thousands; a fresh 2^n buffer costs a page fault per 4 KiB, more than a layer at n ≥ 20).
#[derive(Debug)]
pub struct QaoaSimulator {
    num_qubits: usize,
    /// Buffers longer than `2^segment_qubits` amplitudes are held in segments
    /// ([`crate::sim::segments`]).
    segment_qubits: usize,
    diagonal: CostDiagonal,
    spare: Mutex<Vec<Vec<Complex64>>>,
}

impl Clone for QaoaSimulator {
    fn clone(&self) -> Self {
        QaoaSimulator {
            num_qubits: self.num_qubits,
            segment_qubits: self.segment_qubits,
            diagonal: self.diagonal.clone(),
            spare: Mutex::new(Vec::new()),
        }
    }
}

impl QaoaSimulator {
    /// Precompute the cost diagonal of `ising`, refusing first a state that would not fit
    /// next to its diagonal (gradients check again for their second state).
    pub fn new(ising: &Ising) -> Result<Self> {
        ising.validate()?;
        check_memory(
            ising.num_qubits,
            AMPLITUDE_BYTES + ising.diagonal_bytes_per_state() as u128,
        )?;
        Ok(QaoaSimulator {
            num_qubits: ising.num_qubits,
            segment_qubits: SEGMENT_QUBITS,
            diagonal: ising.cost_diagonal(),
            spare: Mutex::new(Vec::new()),
        })
    }

    /// A simulator for an already computed diagonal.
    pub fn from_diagonal(diagonal: CostDiagonal) -> Result<Self> {
        let len = diagonal.len();
        if !len.is_power_of_two() {
            return Err(Error::InvalidArgument(format!(
                "diagonal length {len} is not a power of two"
            )));
        }
        Ok(QaoaSimulator {
            num_qubits: len.trailing_zeros() as usize,
            segment_qubits: SEGMENT_QUBITS,
            diagonal,
            spare: Mutex::new(Vec::new()),
        })
    }

    /// The same simulator with its buffers held in segments of `2^segment_qubits` amplitudes
    /// (1 ≤ segment_qubits; 24 by default): tests use small ones to check that the segmented
    /// sweeps give what one contiguous state gives.
    pub fn with_segment_qubits(mut self, segment_qubits: usize) -> Self {
        self.segment_qubits = segment_qubits.max(1);
        self.release_buffers();
        self
    }

    /// A kept buffer for `states·2^n` amplitudes (laid out in segments,
    /// [`crate::sim::segmented_len`]) with whatever it last held, or a new zeroed one (memory
    /// checked first; zeroed pages cost nothing until written). Objectives use the first
    /// segments of a gradient's longer buffer.
    fn buffer(&self, states: usize) -> Result<Vec<Complex64>> {
        let len = segmented_len(states << self.num_qubits, self.segment_qubits);
        if let Some(v) = self.spare.lock().map(|mut v| v.pop()).unwrap_or(None) {
            if v.len() >= len {
                return Ok(v);
            }
            // Too short: given back before the longer one is checked and allocated.
            drop(v);
        }
        check_bytes(self.num_qubits, len as u128 * AMPLITUDE_BYTES)?;
        Ok(vec![Complex64::new(0.0, 0.0); len])
    }

    /// Keep `amps` for the next call.
    fn keep(&self, amps: Vec<Complex64>) {
        if let Ok(mut v) = self.spare.lock() {
            v.push(amps);
        }
    }

    /// Give the kept buffers back to the allocator.
    pub fn release_buffers(&self) {
        if let Ok(mut v) = self.spare.lock() {
            v.clear();
        }
    }

    /// Number of qubits.
    pub fn num_qubits(&self) -> usize {
        self.num_qubits
    }

    /// The cost of every basis state.
    pub fn diagonal(&self) -> &CostDiagonal {
        &self.diagonal
    }

    /// The periods of γ and β: the circuit is the same, up to a global phase, when one γ moves
    /// by `P_γ = 2π/u` (u: [`CostDiagonal::energy_unit`], `None` when the costs have no common
    /// unit) or one β by `P_β = π` (`e^{−iπX} = −I` on every qubit).
    pub fn angle_periods(&self) -> (Option<f64>, f64) {
        let tau = 2.0 * std::f64::consts::PI;
        (self.diagonal.energy_unit().map(|u| tau / u), std::f64::consts::PI)
    }

    /// Apply the p layers to `amps` in place.
    pub fn evolve(&self, amps: &mut [Complex64], angles: &Angles) {
        self.evolve_segments(&mut [amps], angles, Start::Given)
    }

    /// [`QaoaSimulator::evolve`] on a segmented state, from what it holds or from `|+⟩^n`.
    fn evolve_segments(&self, segs: &mut [&mut [Complex64]], angles: &Angles, start: Start) {
        debug_assert!(
            start == Start::Given || !angles.gammas.is_empty(),
            "|+⟩ comes from a layer"
        );
        for (l, (&gamma, &beta)) in angles.gammas.iter().zip(&angles.betas).enumerate() {
            let start = if l == 0 { start } else { Start::Given };
            let layer = |segs: &mut [&mut [Complex64]], phase| kernels::apply_layer_segments(segs, phase, beta, start);
            match &self.diagonal {
                CostDiagonal::Indexed { values, index } => {
                    let factors = phase_factors(values, gamma);
                    let phase = Phase::Indexed {
                        index,
                        factors: &factors,
                    };
                    layer(segs, phase);
                }
                CostDiagonal::Dense(costs) => layer(segs, Phase::Dense { costs, gamma }),
            }
        }
    }

    /// [`QaoaSimulator::evolve`], returning the final probability mass per distinct cost
    /// (`(cost, probability)` ascending by cost); with an indexed cost the last sweep counts it.
    pub fn evolve_measured(&self, amps: &mut [Complex64], angles: &Angles) -> Vec<(f64, f64)> {
        self.evolve_measured_segments(&mut [amps], angles, Start::Given)
    }

    /// [`QaoaSimulator::evolve_measured`] on a segmented state.
    fn evolve_measured_segments(
        &self,
        segs: &mut [&mut [Complex64]],
        angles: &Angles,
        start: Start,
    ) -> Vec<(f64, f64)> {
        match &self.diagonal {
            CostDiagonal::Indexed { values, index } => {
                let p = angles.p();
                // At p = 1 the measured layer is the first one and starts from |+⟩ itself.
                let (first, last) = if p == 1 {
                    (Start::Given, start)
                } else {
                    (start, Start::Given)
                };
                self.evolve_segments(
                    segs,
                    &Angles {
                        gammas: angles.gammas[..p - 1].to_vec(),
                        betas: angles.betas[..p - 1].to_vec(),
                    },
                    first,
                );
                let factors = phase_factors(values, angles.gammas[p - 1]);
                let phase = Phase::Indexed {
                    index,
                    factors: &factors,
                };
                let beta = angles.betas[p - 1];
                let levels = kernels::apply_layer_measured_segments(segs, phase, beta, index, values.len(), last);
                values.iter().copied().zip(levels).collect()
            }
            CostDiagonal::Dense(_) => {
                self.evolve_segments(segs, angles, start);
                self.levels_of_segments(&shared(segs))
            }
        }
    }

    /// The QAOA state at `angles`.
    pub fn state(&self, angles: &Angles) -> Result<State> {
        let mut s = State::uniform(self.num_qubits)?;
        self.evolve(&mut s.amps, angles);
        Ok(s)
    }

    /// Energy, success probability on `valid`, and the most likely state at `angles` (in a kept
    /// buffer, as [`QaoaSimulator::objective`]: landscape scans call it per grid point).
    pub fn evaluate(&self, angles: &Angles, valid: &[u64]) -> Result<Evaluation> {
        let mut buf = self.buffer(1)?;
        let mut segs = segments(&mut buf, 1 << self.num_qubits, self.segment_qubits);
        let levels = self.evolve_measured_segments(&mut segs, angles, Start::Uniform);
        let segs = shared(&segs);
        // The most likely state; on exact ties the smallest index, so the earlier segment.
        let mut top = (0, -1.0);
        for (s, amps) in segs.iter().enumerate() {
            let (k, p) = kernels::argmax_probability(amps);
            if p > top.1 {
                top = (((s * amps.len()) as u64) + k, p);
            }
        }
        let eval = Evaluation {
            energy: levels.iter().map(|(c, p)| c * p).sum(),
            success_probability: kernels::probability_of_segments(&segs, valid),
            top_state: top.0,
            top_probability: top.1,
        };
        self.keep(buf);
        Ok(eval)
    }

    /// `(cost, probability)` per distinct cost of the state, ascending by cost.
    pub fn levels(&self, amps: &[Complex64]) -> Vec<(f64, f64)> {
        self.levels_of_segments(&[amps])
    }

    /// [`QaoaSimulator::levels`] of a segmented state.
    fn levels_of_segments(&self, segs: &[&[Complex64]]) -> Vec<(f64, f64)> {
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
    fn evolve_to_objective(&self, segs: &mut [&mut [Complex64]], angles: &Angles, objective: &Objective) -> f64 {
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

    /// Objective value and its exact gradient `[∂/∂γ_1..γ_p, ∂/∂β_1..β_p]` by the adjoint
    /// method: one forward sweep, then one backward sweep that un-applies each layer to the
    /// state and to `λ = O|ψ⟩` (O diagonal: the cost, or minus the projector on valid states),
    /// with `∂/∂β_l = 2 Im⟨λ|B|ψ⟩` and `∂/∂γ_l = 2 Im⟨λ|C|ψ⟩` at layer l.
    /// ψ and λ are kept side by side in one buffer of two states (the kernels' pair vector).
    pub fn gradient(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Vec<f64>)> {
        if !objective.has_gradient() {
            return Err(Error::InvalidArgument(format!(
                "the {} objective has no gradient",
                objective.name()
            )));
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
            Objective::Energy => {
                let weight = match &self.diagonal {
                    CostDiagonal::Indexed { values, index } => Weight::Indexed { index, values },
                    CostDiagonal::Dense(costs) => Weight::Dense(costs),
                };
                kernels::interleave_pair_segments(&mut z, weight);
            }
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

/// Shared views of segments.
fn shared<'a>(segs: &'a [&mut [Complex64]]) -> Vec<&'a [Complex64]> {
    segs.iter().map(|s| &**s).collect()
}

/// `e^{−iγ c_v}` for every distinct cost: the phases of one layer, computed once.
fn phase_factors(values: &[f64], gamma: f64) -> Vec<Complex64> {
    values.iter().map(|&c| Complex64::from_polar(1.0, -gamma * c)).collect()
}

/// CVaR_α of a distribution given as `(cost, probability)` ascending by cost.
fn cvar_of_levels(levels: &[(f64, f64)], alpha: f64) -> f64 {
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
