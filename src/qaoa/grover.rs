//! QAOA with the Grover mixer (GM-QAOA, Bärtschi and Eidenbenz, arXiv:2006.00354; docs/ARCHITECTURE.md,
//! "Spaces and mixers"): `U_M(β) = exp(−iβ|s⟩⟨s|) = 1 + (e^{−iβ} − 1)|s⟩⟨s|`, `|s⟩` the start
//! state, the uniform superposition over the space. A layer is the cost phase, then
//! `ψ ← ψ + (e^{−iβ} − 1)⟨s|ψ⟩|s⟩`: one sum and one update, fused into one pass per layer
//! ([`crate::sim::kernels::grover_pass`]).
//!
//! Two simulators share the arithmetic (`GroverCore`, a state over any orthonormal basis
//! in which the cost is diagonal and `|s⟩` is real):
//! - [`GroverMixerSimulator`]: the statevector over the space (full, or a block space with
//!   plain or general blocks);
//! - [`super::histogram::HistogramSimulator`]: one amplitude per cost class, exact because
//!   under this mixer a state's amplitude depends only on its cost.
//!
//! Gradients are exact (adjoint method with generator `|s⟩⟨s|`); sums run over fixed chunks,
//! so results do not depend on the thread count.

use super::{check_space, BufferedState, Evaluation, Objective, Qaoa};
use crate::angles::Angles;
use crate::cost::diagonal::CostDiagonal;
use crate::cost::product::{product_diagonal, Digit};
use crate::cost::qubo::Qubo;
use crate::error::{Error, PartsProblem, Result};
use crate::mixer::MixerKind;
use crate::sim::kernels::{self, Phase};
use crate::sim::{Amplitudes, Buffers, AMPLITUDE_BYTES};
use num_complex::Complex64;

/// The Grover-mixer evolution of a state whose cost is `diagonal` and whose start `|s⟩` has
/// real components `norm · w_k` (`w_k = 1` when no weights are given: the uniform state).
#[derive(Debug)]
pub(crate) struct GroverCore {
    diagonal: CostDiagonal,
    weights: Option<Vec<f64>>,
    norm: f64,
    spare: Buffers,
    /// What a refusal for memory names.
    what: &'static str,
}

/// `e^{−iγ c_v}` for every distinct cost, or its inverse.
fn factors(values: &[f64], gamma: f64) -> Vec<Complex64> {
    super::phase_factors(values, gamma)
}

impl GroverCore {
    /// The uniform start over `diagonal`'s states.
    pub(crate) fn uniform(diagonal: CostDiagonal, what: &'static str) -> GroverCore {
        let norm = 1.0 / (diagonal.len() as f64).sqrt();
        GroverCore {
            diagonal,
            weights: None,
            norm,
            spare: Buffers::default(),
            what,
        }
    }

    /// The start `Σ_k start_k |k⟩` (real, normalised by the caller).
    pub(crate) fn weighted(diagonal: CostDiagonal, start: Vec<f64>, what: &'static str) -> GroverCore {
        GroverCore {
            diagonal,
            weights: Some(start),
            norm: 1.0,
            spare: Buffers::default(),
            what,
        }
    }

    pub(crate) fn diagonal(&self) -> &CostDiagonal {
        &self.diagonal
    }

    fn weights(&self) -> Option<&[f64]> {
        self.weights.as_deref()
    }

    /// Run `f` with the phase `e^{−iγC}` and the distinct costs of an indexed diagonal.
    fn with_phase<R>(&self, gamma: f64, f: impl FnOnce(Phase<'_>, Option<&[f64]>) -> R) -> R {
        match &self.diagonal {
            CostDiagonal::Indexed { values, index } => {
                let fs = factors(values, gamma);
                f(Phase::Indexed { index, factors: &fs }, Some(values))
            }
            CostDiagonal::Dense(costs) => f(Phase::Dense { costs, gamma }, None),
        }
    }

    pub(crate) fn release_buffers(&self) {
        self.spare.clear();
    }

    /// The state at `angles`.
    pub(crate) fn state(&self, angles: &Angles) -> Result<Vec<Complex64>> {
        let mut amps = self.buffer()?;
        amps.truncate(self.len());
        self.evolve_from_start(&mut amps, angles);
        Ok(amps.into_vec())
    }

    /// `(cost, probability)` per distinct cost, ascending by cost.
    pub(crate) fn levels(&self, amps: &[Complex64]) -> Vec<(f64, f64)> {
        super::diagonal_levels(&self.diagonal, amps)
    }

    pub(crate) fn energy(&self, amps: &[Complex64]) -> f64 {
        super::diagonal_energy(&self.diagonal, amps)
    }

    /// `Σ_{k ∈ states} |ψ_k|²`; an index outside the state is an error.
    pub(crate) fn probability(&self, amps: &[Complex64], states: &[u64]) -> Result<f64> {
        super::states_probability(amps, states)
    }

    pub(crate) fn objective(&self, angles: &Angles, objective: &Objective) -> Result<f64> {
        self.buffered_objective(angles, objective)
    }

    /// The objective and `[∂/∂γ_1..γ_p, ∂/∂β_1..β_p]` by the adjoint method: λ = O|ψ⟩ and ψ
    /// walk back together; at layer l, `∂/∂β_l = 2 Im⟨λ|s⟩⟨s|ψ⟩` after its mixer and
    /// `∂/∂γ_l = 2 Im⟨λ|C|ψ⟩` after its phase.
    pub(crate) fn gradient(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Vec<f64>)> {
        let (value, mut psi_buf, mut lam_buf) = self.adjoint_begin(angles, objective)?;
        let len = self.len();
        let (psi, lam) = (&mut psi_buf[..len], &mut lam_buf[..len]);
        let w = self.weights();
        let mut sum_psi = kernels::weighted_amplitude_sum(psi, w);
        let mut sum_lam = kernels::weighted_amplitude_sum(lam, w);
        let p = angles.p();
        let mut grad = vec![0.0; 2 * p];
        for l in (0..p).rev() {
            let (gamma, beta) = (angles.gammas[l], angles.betas[l]);
            let (s_psi, s_lam) = (sum_psi * self.norm, sum_lam * self.norm);
            grad[p + l] = 2.0 * (s_lam.conj() * s_psi).im;
            let undo = Complex64::from_polar(1.0, beta) - 1.0;
            let back = self.with_phase(-gamma, |inverse, values| {
                kernels::grover_back_pass(
                    psi,
                    lam,
                    w,
                    undo * s_psi * self.norm,
                    undo * s_lam * self.norm,
                    inverse,
                    values,
                )
            });
            grad[l] = 2.0 * back.cost_overlap.im;
            sum_psi = back.sum_psi;
            sum_lam = back.sum_lam;
        }
        self.keep(psi_buf);
        self.keep(lam_buf);
        Ok((value, grad))
    }

    /// The periods of γ and β (2π: `e^{−2πi|s⟩⟨s|} = 1`).
    pub(crate) fn angle_periods(&self) -> (Option<f64>, f64) {
        super::angle_periods_of(&self.diagonal, MixerKind::Grover)
    }
}

impl BufferedState for GroverCore {
    fn cost_diagonal(&self) -> &CostDiagonal {
        &self.diagonal
    }

    fn len(&self) -> usize {
        self.diagonal.len()
    }

    fn buffer(&self) -> Result<Amplitudes> {
        super::spare_buffer(&self.spare, self.len(), self.what, self.len())
    }

    fn keep(&self, amps: Amplitudes) {
        self.spare.keep(amps);
    }

    /// `|s⟩` into `amps`, then the p layers.
    fn evolve_from_start(&self, amps: &mut [Complex64], angles: &Angles) {
        let w = self.weights();
        for (k, a) in amps.iter_mut().enumerate() {
            *a = Complex64::new(self.norm * w.map_or(1.0, |w| w[k]), 0.0);
        }
        // The multiple of w still to add (the previous layer's mixer), folded into the next pass.
        let mut add = Complex64::new(0.0, 0.0);
        for (&gamma, &beta) in angles.gammas.iter().zip(&angles.betas) {
            let sum = self.with_phase(gamma, |phase, _| kernels::grover_pass(amps, w, add, phase));
            let overlap = sum * self.norm; // ⟨s|ψ⟩
            add = (Complex64::from_polar(1.0, -beta) - 1.0) * overlap * self.norm;
        }
        kernels::grover_pass(amps, w, add, Phase::None);
    }
}

/// The [`Qaoa`] methods that a simulator built on a [`GroverCore`] (its field `core`) answers
/// from the core alone: [`GroverMixerSimulator`] and [`super::HistogramSimulator`] differ only
/// in their basis (states or cost classes), not in these.
macro_rules! grover_core_methods {
    () => {
        fn diagonal(&self) -> &CostDiagonal {
            self.core.diagonal()
        }
        fn mixer(&self) -> MixerKind {
            MixerKind::Grover
        }
        fn angle_periods(&self) -> (Option<f64>, f64) {
            self.core.angle_periods()
        }
        fn objective(&self, angles: &Angles, objective: &Objective) -> Result<f64> {
            self.core.objective(angles, objective)
        }
        fn gradient(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Vec<f64>)> {
            self.core.gradient(angles, objective)
        }
        fn release_buffers(&self) {
            self.core.release_buffers()
        }
        fn amplitudes(&self, angles: &Angles) -> Result<Vec<Complex64>> {
            self.core.state(angles)
        }
        fn expectation(&self, amps: &[Complex64]) -> f64 {
            self.core.energy(amps)
        }
    };
}
pub(crate) use grover_core_methods;

/// The statevector of Grover-mixer QAOA over a space: the full space (basis index = bitstring)
/// or a block space (mixed-radix digits, as [`super::SubspaceSimulator`]), with any blocks,
/// plain or general.
#[derive(Debug)]
pub struct GroverMixerSimulator {
    /// `None`: the full space.
    digits: Option<Vec<Digit>>,
    num_qubits: usize,
    core: GroverCore,
}

/// Bytes per basis state while a block-space simulator is built: the `f64` costs, the index,
/// one state.
const BUILD_BYTES_PER_STATE: f64 = 8.0 + 2.0 + AMPLITUDE_BYTES as f64;

impl GroverMixerSimulator {
    /// The simulator of `qubo` (over `num_qubits` qubits, each in exactly one digit) on the
    /// product of `digits` (digit 0 fastest). Refused before allocating when it does not fit.
    pub fn new(qubo: &Qubo, digits: Vec<Digit>, num_qubits: usize) -> Result<Self> {
        if digits.iter().any(|d| d.states.is_empty()) {
            return Err(Error::Parts(PartsProblem::EmptyDigit { gates: false }));
        }
        let log2_dimension: f64 = digits.iter().map(|d| (d.states.len() as f64).log2()).sum();
        check_space(
            "block space (Grover mixer)",
            log2_dimension,
            log2_dimension.exp2() * BUILD_BYTES_PER_STATE,
        )?;
        let diagonal = product_diagonal(qubo, &digits);
        Ok(GroverMixerSimulator {
            digits: Some(digits),
            num_qubits,
            core: GroverCore::uniform(diagonal, "block space (Grover mixer)"),
        })
    }

    /// The simulator on the full space of a diagonal of length `2^n` (basis index = bitstring,
    /// bit q = qubit q).
    pub fn full(diagonal: CostDiagonal) -> Result<Self> {
        Ok(GroverMixerSimulator {
            digits: None,
            num_qubits: super::full_space_qubits(&diagonal)?,
            core: GroverCore::uniform(diagonal, "full space (Grover mixer)"),
        })
    }

    /// The digits (`None` on the full space).
    pub fn digits(&self) -> Option<&[Digit]> {
        self.digits.as_deref()
    }

    /// The state at `angles`, over the space's basis.
    pub fn state(&self, angles: &Angles) -> Result<Vec<Complex64>> {
        self.core.state(angles)
    }

    /// `(cost, probability)` per distinct cost of a state, ascending by cost.
    pub fn levels(&self, amps: &[Complex64]) -> Vec<(f64, f64)> {
        self.core.levels(amps)
    }
}

impl Qaoa for GroverMixerSimulator {
    fn num_states(&self) -> usize {
        self.core.len()
    }
    fn num_qubits(&self) -> usize {
        self.num_qubits
    }
    fn bits(&self, k: u64) -> Vec<bool> {
        match &self.digits {
            Some(digits) => super::subspace::assignment_of(digits, self.num_qubits, k),
            None => (0..self.num_qubits).map(|q| (k >> q) & 1 == 1).collect(),
        }
    }
    grover_core_methods!();
    fn evaluate(&self, angles: &Angles, valid: &[u64]) -> Result<Evaluation> {
        self.core.buffered_evaluate(angles, valid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Grover mixer as the textbook matrix `1 + (e^{−iβ} − 1)|s⟩⟨s|` and the phase as a
    /// diagonal, applied densely.
    fn reference(costs: &[f64], angles: &Angles) -> Vec<Complex64> {
        let d = costs.len();
        let s = 1.0 / (d as f64).sqrt();
        let mut psi = vec![Complex64::new(s, 0.0); d];
        for (&g, &b) in angles.gammas.iter().zip(&angles.betas) {
            for (a, &c) in psi.iter_mut().zip(costs) {
                *a *= Complex64::from_polar(1.0, -g * c);
            }
            let m: Vec<Vec<Complex64>> = (0..d)
                .map(|i| {
                    (0..d)
                        .map(|j| {
                            let id = if i == j { 1.0 } else { 0.0 };
                            Complex64::new(id, 0.0) + (Complex64::from_polar(1.0, -b) - 1.0) * s * s
                        })
                        .collect()
                })
                .collect();
            psi = m
                .iter()
                .map(|row| row.iter().zip(&psi).map(|(x, y)| x * y).sum())
                .collect();
        }
        psi
    }

    #[test]
    fn layers_equal_the_dense_matrices_and_gradients_the_differences() {
        let costs: Vec<f64> = (0..16).map(|k| ((k * 5) % 7) as f64 * 0.5).collect();
        let sim = GroverMixerSimulator::full(CostDiagonal::Dense(costs.clone())).unwrap();
        let angles = Angles::new(vec![0.3, 0.9, -0.4], vec![0.7, -1.1, 2.0]).unwrap();
        let got = sim.state(&angles).unwrap();
        let want = reference(&costs, &angles);
        for (a, b) in got.iter().zip(&want) {
            assert!((a - b).norm() < 1e-13);
        }
        for objective in [Objective::Energy, Objective::Success(vec![0, 3, 9])] {
            let (v, g) = sim.gradient(&angles, &objective).unwrap();
            assert!((v - sim.objective(&angles, &objective).unwrap()).abs() < 1e-14);
            let h = 1e-6;
            for (i, &gi) in g.iter().enumerate() {
                let shift = |d: f64| {
                    let mut a = angles.clone();
                    if i < 3 {
                        a.gammas[i] += d;
                    } else {
                        a.betas[i - 3] += d;
                    }
                    sim.objective(&a, &objective).unwrap()
                };
                let fd = (shift(h) - shift(-h)) / (2.0 * h);
                assert!((fd - gi).abs() < 1e-8, "{} {i}: {fd} vs {gi}", objective.name());
            }
        }
    }
}
