//! QAOA on a diagonal cost: `|ψ(γ, β)⟩ = Π_l U_B(β_l) U_C(γ_l) |+⟩^n` (see [`crate::angles`]).

mod gradient;
pub mod grover;
pub mod histogram;
mod objective;
pub mod optimize;
pub mod schedule;
pub mod subspace;
pub mod switch;

pub use grover::GroverMixerSimulator;
pub use histogram::{ClassKind, CostClass, CostHistogram, HistogramSimulator};
pub use objective::Objective;
pub use subspace::{DigitGates, SubspaceSimulator};
pub use switch::SwitchSimulator;

use crate::angles::Angles;
use crate::cost::diagonal::CostDiagonal;
use crate::cost::ising::Ising;
use crate::error::{Error, Result};
use crate::mixer::MixerKind;
use crate::sim::kernels::{self, Phase, Start, Weight};
use crate::sim::{
    available_memory, check_bytes, check_memory, segmented_len, segments, Amplitudes, Buffers, State, AMPLITUDE_BYTES,
    SEGMENT_QUBITS,
};
use num_complex::Complex64;

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

/// What the optimiser and the experiments need of a QAOA simulator, whatever its space and
/// mixer. Basis indices (`valid`, `top_state`, [`Objective::Success`]) are the simulator's own:
/// the full-space index for [`QaoaSimulator`], the space index for [`SubspaceSimulator`].
pub trait Qaoa: Sync + Send + std::fmt::Debug {
    /// Number of basis states simulated.
    fn num_states(&self) -> usize;
    /// Qubits of the circuit.
    fn num_qubits(&self) -> usize;
    /// The value of every qubit at simulated basis index `k`.
    fn bits(&self, k: u64) -> Vec<bool>;
    /// The cost of every simulated basis state.
    fn diagonal(&self) -> &CostDiagonal;
    /// The mixer.
    fn mixer(&self) -> MixerKind;
    /// The periods of γ (`None` when the costs have no common unit) and of β.
    fn angle_periods(&self) -> (Option<f64>, f64);
    /// The value of `objective` at `angles` (to be minimised).
    fn objective(&self, angles: &Angles, objective: &Objective) -> Result<f64>;
    /// The objective and its exact gradient `[∂/∂γ_1..γ_p, ∂/∂β_1..β_p]`.
    fn gradient(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Vec<f64>)>;
    /// Energy, success probability on `valid`, and the most likely state.
    fn evaluate(&self, angles: &Angles, valid: &[u64]) -> Result<Evaluation>;
    /// Give kept buffers back to the allocator.
    fn release_buffers(&self);
    /// The state at `angles`, one amplitude per simulated basis state.
    fn amplitudes(&self, angles: &Angles) -> Result<Vec<Complex64>>;
    /// `⟨ψ|C|ψ⟩` of a state over the simulated basis.
    fn expectation(&self, amps: &[Complex64]) -> f64;
    /// The variance of the cost over the basis states of the space (uniformly weighted), the
    /// scale of the initial γ.
    fn cost_variance(&self) -> f64 {
        self.diagonal().mean_and_variance().1
    }
    /// The cost classes, when the simulated basis is one per class (the histogram route).
    fn cost_classes(&self) -> Option<&histogram::CostHistogram> {
        None
    }
}

impl Qaoa for QaoaSimulator {
    fn num_states(&self) -> usize {
        1 << self.num_qubits
    }
    fn num_qubits(&self) -> usize {
        self.num_qubits
    }
    fn bits(&self, k: u64) -> Vec<bool> {
        (0..self.num_qubits).map(|q| (k >> q) & 1 == 1).collect()
    }
    fn diagonal(&self) -> &CostDiagonal {
        &self.diagonal
    }
    fn mixer(&self) -> MixerKind {
        MixerKind::X
    }
    fn angle_periods(&self) -> (Option<f64>, f64) {
        QaoaSimulator::angle_periods(self)
    }
    fn objective(&self, angles: &Angles, objective: &Objective) -> Result<f64> {
        QaoaSimulator::objective(self, angles, objective)
    }
    fn gradient(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Vec<f64>)> {
        QaoaSimulator::gradient(self, angles, objective)
    }
    fn evaluate(&self, angles: &Angles, valid: &[u64]) -> Result<Evaluation> {
        QaoaSimulator::evaluate(self, angles, valid)
    }
    fn release_buffers(&self) {
        QaoaSimulator::release_buffers(self)
    }
    fn amplitudes(&self, angles: &Angles) -> Result<Vec<Complex64>> {
        Ok(self.state(angles)?.amps)
    }
    fn expectation(&self, amps: &[Complex64]) -> f64 {
        QaoaSimulator::expectation(self, amps)
    }
}

/// A QAOA simulator for one cost Hamiltonian: holds the precomputed diagonal, and keeps the
/// state buffers of finished objective and gradient calls for the next call (an optimiser makes
/// thousands; a fresh 2^n buffer costs a page fault per 4 KiB, more than a layer at n ≥ 20).
#[derive(Clone, Debug)]
pub struct QaoaSimulator {
    num_qubits: usize,
    /// Buffers longer than `2^segment_qubits` amplitudes are held in segments
    /// ([`crate::sim::segments`]).
    segment_qubits: usize,
    diagonal: CostDiagonal,
    spare: Buffers,
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
            spare: Buffers::default(),
        })
    }

    /// A simulator for an already computed diagonal.
    pub fn from_diagonal(diagonal: CostDiagonal) -> Result<Self> {
        Ok(QaoaSimulator {
            num_qubits: full_space_qubits(&diagonal)?,
            segment_qubits: SEGMENT_QUBITS,
            diagonal,
            spare: Buffers::default(),
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
    fn buffer(&self, states: usize) -> Result<Amplitudes> {
        let len = segmented_len(states << self.num_qubits, self.segment_qubits);
        self.spare
            .take(len, || check_bytes(self.num_qubits, len as u128 * AMPLITUDE_BYTES))
    }

    /// Keep `amps` for the next call.
    fn keep(&self, amps: Amplitudes) {
        self.spare.keep(amps);
    }

    /// Give the kept buffers back to the allocator.
    pub fn release_buffers(&self) {
        self.spare.clear();
    }

    /// Number of qubits.
    pub fn num_qubits(&self) -> usize {
        self.num_qubits
    }

    /// The diagonal, giving the simulator up.
    pub fn into_diagonal(self) -> CostDiagonal {
        self.diagonal
    }

    /// The cost of every basis state.
    pub fn diagonal(&self) -> &CostDiagonal {
        &self.diagonal
    }

    /// The periods of γ and β: the circuit is the same, up to a global phase, when one γ moves
    /// by `P_γ = 2π/u` (u: [`CostDiagonal::energy_unit`], `None` when the costs have no common
    /// unit) or one β by `P_β = π` (`e^{−iπX} = −I` on every qubit).
    pub fn angle_periods(&self) -> (Option<f64>, f64) {
        angle_periods_of(&self.diagonal, MixerKind::X)
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
}

/// Shared views of segments.
fn shared<'a>(segs: &'a [&mut [Complex64]]) -> Vec<&'a [Complex64]> {
    segs.iter().map(|s| &**s).collect()
}

/// The weights of the energy's λ = C|ψ⟩ in a gradient: the costs, indexed or dense.
/// The adjoint method's start λ = O|ψ⟩ on an indexed state: C|ψ⟩ for the energy, −ψ on the
/// valid states for the success objective (which has no CVaR: its caller refused that).
fn adjoint_start(lam: &mut [Complex64], psi: &[Complex64], objective: &Objective, diagonal: &CostDiagonal) {
    match objective {
        Objective::Energy => kernels::weighted_copy(lam, psi, cost_weight(diagonal)),
        Objective::Success(valid) => {
            kernels::weighted_copy(lam, psi, Weight::Zero);
            for &k in valid {
                lam[k as usize] = -psi[k as usize];
            }
        }
        Objective::Cvar(_) => unreachable!("CVaR has no gradient: refused before"),
    }
}

/// `(cost, probability)` per distinct cost of a state over `diagonal`'s basis, ascending by cost.
fn diagonal_levels(diagonal: &CostDiagonal, amps: &[Complex64]) -> Vec<(f64, f64)> {
    match diagonal {
        CostDiagonal::Indexed { values, index } => values
            .iter()
            .copied()
            .zip(kernels::level_probabilities_fixed(amps, index, values.len()))
            .collect(),
        CostDiagonal::Dense(costs) => {
            let mut l: Vec<(f64, f64)> = costs.iter().copied().zip(amps.iter().map(|a| a.norm_sqr())).collect();
            l.sort_by(|a, b| a.0.total_cmp(&b.0));
            l
        }
    }
}

/// `⟨C⟩` of a state over `diagonal`'s basis (indexed: summed over the levels).
fn diagonal_energy(diagonal: &CostDiagonal, amps: &[Complex64]) -> f64 {
    match diagonal {
        CostDiagonal::Indexed { .. } => diagonal_levels(diagonal, amps).iter().map(|(c, p)| c * p).sum(),
        CostDiagonal::Dense(costs) => kernels::expectation_fixed(amps, |k| costs[k]),
    }
}

/// `Σ_{k ∈ states} |ψ_k|²`; an index outside the state is an error.
fn states_probability(amps: &[Complex64], states: &[u64]) -> Result<f64> {
    states
        .iter()
        .map(|&k| {
            amps.get(k as usize)
                .map(|a| a.norm_sqr())
                .ok_or(Error::StateOutOfRange {
                    what: "basis index",
                    index: k,
                    states: amps.len() as u128,
                })
        })
        .sum()
}

/// The objective's value of a state over `diagonal`'s basis.
fn diagonal_objective(diagonal: &CostDiagonal, amps: &[Complex64], objective: &Objective) -> Result<f64> {
    Ok(match objective {
        Objective::Energy => diagonal_energy(diagonal, amps),
        Objective::Success(valid) => -states_probability(amps, valid)?,
        Objective::Cvar(alpha) => objective::cvar_of_levels(&diagonal_levels(diagonal, amps), *alpha),
    })
}

/// The periods of γ (`None` when the costs have no common unit) and of β, for the costs
/// `diagonal` under `mixer`.
pub(crate) fn angle_periods_of(diagonal: &CostDiagonal, mixer: MixerKind) -> (Option<f64>, f64) {
    let tau = 2.0 * std::f64::consts::PI;
    (diagonal.energy_unit().map(|u| tau / u), mixer.beta_period())
}

/// The [`Qaoa`] methods of a simulator that holds its costs in `diagonal` and its mixer in
/// `mixer`, keeps its buffers in `spare` and has its own `state` (the amplitudes at some
/// angles) and `energy` (`⟨C⟩` of a state): the subspace and switch simulators.
macro_rules! spare_state_methods {
    () => {
        fn diagonal(&self) -> &CostDiagonal {
            &self.diagonal
        }
        fn mixer(&self) -> MixerKind {
            self.mixer
        }
        fn angle_periods(&self) -> (Option<f64>, f64) {
            super::angle_periods_of(&self.diagonal, self.mixer)
        }
        fn release_buffers(&self) {
            self.spare.clear();
        }
        fn amplitudes(&self, angles: &Angles) -> Result<Vec<Complex64>> {
            self.state(angles)
        }
        fn expectation(&self, amps: &[Complex64]) -> f64 {
            self.energy(amps)
        }
    };
}
pub(crate) use spare_state_methods;

/// A simulator of one state over a basis in which the cost is diagonal, held in reusable
/// buffers (the Grover core, the switch simulator): its objective, evaluation and the adjoint
/// method's start are the same arithmetic whatever the layers are.
trait BufferedState {
    /// The cost of each basis state.
    fn cost_diagonal(&self) -> &CostDiagonal;
    /// Amplitudes in the state.
    fn len(&self) -> usize;
    /// A kept buffer of at least the state's length, or a new one (memory checked first).
    fn buffer(&self) -> Result<Amplitudes>;
    /// Keeps a buffer for the next call.
    fn keep(&self, amps: Amplitudes);
    /// The start state into `amps`, then the p layers.
    fn evolve_from_start(&self, amps: &mut [Complex64], angles: &Angles);

    /// The objective's value at `angles`.
    fn buffered_objective(&self, angles: &Angles, objective: &Objective) -> Result<f64> {
        let mut buf = self.buffer()?;
        let len = self.len();
        self.evolve_from_start(&mut buf[..len], angles);
        let v = diagonal_objective(self.cost_diagonal(), &buf[..len], objective);
        self.keep(buf);
        v
    }

    /// Energy, P(valid) and the most likely basis state at `angles`.
    fn buffered_evaluate(&self, angles: &Angles, valid: &[u64]) -> Result<Evaluation> {
        let mut buf = self.buffer()?;
        let len = self.len();
        let amps = &mut buf[..len];
        self.evolve_from_start(amps, angles);
        let (top_state, top_probability) = kernels::argmax_probability_any(amps);
        let eval = Evaluation {
            energy: diagonal_energy(self.cost_diagonal(), amps),
            success_probability: states_probability(amps, valid)?,
            top_state,
            top_probability,
        };
        self.keep(buf);
        Ok(eval)
    }

    /// The adjoint method's start: the objective's value, ψ at `angles` and λ = O|ψ⟩, each
    /// in a buffer of at least the state's length (the caller keeps them when done).
    fn adjoint_begin(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Amplitudes, Amplitudes)> {
        if !objective.has_gradient() {
            return Err(Error::NoGradient {
                objective: objective.name(),
            });
        }
        let len = self.len();
        let mut psi_buf = self.buffer()?;
        let mut lam_buf = self.buffer()?;
        let (psi, lam) = (&mut psi_buf[..len], &mut lam_buf[..len]);
        self.evolve_from_start(psi, angles);
        let value = diagonal_objective(self.cost_diagonal(), psi, objective)?;
        adjoint_start(lam, psi, objective, self.cost_diagonal());
        Ok((value, psi_buf, lam_buf))
    }
}

/// The qubits of a full-space diagonal: its length must be a power of two.
fn full_space_qubits(diagonal: &CostDiagonal) -> Result<usize> {
    let len = diagonal.len();
    if !len.is_power_of_two() {
        return Err(Error::LengthMismatch {
            what: "diagonal (2^n entries)".into(),
            expected: len.next_power_of_two(),
            got: len,
        });
    }
    Ok(len.trailing_zeros() as usize)
}

fn cost_weight(diagonal: &CostDiagonal) -> Weight<'_> {
    match diagonal {
        CostDiagonal::Indexed { values, index } => Weight::Indexed { index, values },
        CostDiagonal::Dense(costs) => Weight::Dense(costs),
    }
}

/// A kept buffer of at least `len` amplitudes from `spare`, or a new one once the memory for it
/// is checked ([`check_space`]: `what`, a space of `states` basis states).
fn spare_buffer(spare: &Buffers, len: usize, what: &str, states: usize) -> Result<Amplitudes> {
    spare.take(len, || {
        check_space(what, (states as f64).log2(), len as f64 * AMPLITUDE_BYTES as f64)
    })
}

/// Refuses a space (`what`) of 2^`log2_dimension` states that needs `needed` bytes when that is
/// more than the memory available, or the dimension more than [`crate::sim::MAX_QUBITS`]
/// qubits address.
fn check_space(what: &str, log2_dimension: f64, needed: f64) -> Result<()> {
    let available = available_memory();
    if log2_dimension > crate::sim::MAX_QUBITS as f64 || needed > available as f64 {
        return Err(Error::SpaceTooLarge {
            what: what.into(),
            log2_dimension,
            needed_gib: crate::units::gib(needed),
            available_gib: crate::units::gib(available as f64),
            note: String::new(),
        });
    }
    Ok(())
}

/// `e^{−iγ c_v}` for every distinct cost: the phases of one layer, computed once.
fn phase_factors(values: &[f64], gamma: f64) -> Vec<Complex64> {
    values.iter().map(|&c| Complex64::from_polar(1.0, -gamma * c)).collect()
}
