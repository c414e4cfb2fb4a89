//! QAOA on a block space (docs/ARCHITECTURE.md, "Spaces and mixers"): the state lives on the mixed-radix
//! product of digits, each digit a block of fixed weight (XY mixer) or a group of free qubits
//! (X mixer), and never leaves it. The start is the uniform superposition over the product,
//! the product of the blocks' Dicke states and `|+⟩` on free qubits.
//!
//! A layer is the cost phase, then each block's XY gates in [`crate::mixer::xy_edges`] order
//! and `rx(2β)` on each free qubit: the gate list the export writes, applied exactly on the
//! digits' states (see [`crate::sim::kernels::Axis`]).

use super::{check_space, spare_state_methods, Evaluation, Objective, Qaoa};
use crate::angles::Angles;
use crate::cost::diagonal::CostDiagonal;
use crate::cost::product::{product_diagonal_within, Digit};
use crate::cost::qubo::Qubo;
use crate::error::{Error, PartsProblem, Result};
use crate::mixer::MixerKind;
use crate::sim::kernels::{self, Axis, Phase, Start, Weight, LAMBDA_SKEW};
use crate::sim::{Amplitudes, Buffers, AMPLITUDE_BYTES};
use num_complex::Complex64;
use std::sync::Mutex;

/// The mixer gates of one digit.
#[derive(Clone, Debug, PartialEq)]
pub enum DigitGates {
    /// XY gates on these pairs of digit positions, in order (the digit's states keep their
    /// weight).
    Xy(Vec<(usize, usize)>),
    /// `rx(2β)` on every qubit of the digit (its states are all `2^m` masks, in order).
    X,
}

/// Bytes per basis state while the simulator is built: the `f64` costs before they are
/// indexed, the index, and one state.
const BUILD_BYTES_PER_STATE: f64 = 8.0 + 2.0 + AMPLITUDE_BYTES as f64;

/// `Σ_v values[v]·probs[v]`, in level order: one sum for every path that takes the energy
/// from the level probabilities, so that they agree to the bit.
fn level_energy(values: &[f64], probs: Vec<f64>) -> f64 {
    values.iter().zip(probs).map(|(c, p)| c * p).sum()
}

/// A QAOA simulator on a block space.
#[derive(Debug)]
pub struct SubspaceSimulator {
    digits: Vec<Digit>,
    /// The axes as a layer runs them ([`kernels::plan_forward`]).
    layer_axes: Vec<Axis>,
    /// The axes as the adjoint step runs them ([`kernels::plan_axes`]; its plan fixes the
    /// gradient's sums).
    adjoint_axes: Vec<Axis>,
    num_qubits: usize,
    mixer: MixerKind,
    diagonal: CostDiagonal,
    spare: Buffers,
    scratch: Mutex<Vec<f64>>,
}

/// The pairs of states of `digit` that gate `gates` rotates, gate by gate.
fn digit_pairs(digit: &Digit, gates: &DigitGates) -> Vec<Vec<(u32, u32)>> {
    let position = |mask: u64| digit.states.binary_search(&mask).ok();
    let pairs_of = |i: usize, j: usize| -> Vec<(u32, u32)> {
        digit
            .states
            .iter()
            .enumerate()
            .filter(|&(_, &s)| (s >> i) & 1 == 1 && (s >> j) & 1 == 0)
            .filter_map(|(a, &s)| {
                let t = s ^ (1 << i) ^ (1 << j);
                position(t).map(|b| (a as u32, b as u32))
            })
            .collect()
    };
    match gates {
        DigitGates::Xy(edges) => edges.iter().map(|&(i, j)| pairs_of(i, j)).collect(),
        DigitGates::X => (0..digit.qubits.len())
            .map(|i| {
                digit
                    .states
                    .iter()
                    .enumerate()
                    .filter(|&(_, &s)| (s >> i) & 1 == 0)
                    .filter_map(|(a, &s)| position(s | 1 << i).map(|b| (a as u32, b as u32)))
                    .collect()
            })
            .collect(),
    }
}

/// The assignment of every qubit at index `index` of the product of `digits` (digit 0
/// fastest) over `num_qubits` qubits.
pub fn assignment_of(digits: &[Digit], num_qubits: usize, mut index: u64) -> Vec<bool> {
    let mut out = vec![false; num_qubits];
    for d in digits {
        let r = d.states.len() as u64;
        let s = d.states[(index % r) as usize];
        index /= r;
        for (i, &q) in d.qubits.iter().enumerate() {
            out[q] = (s >> i) & 1 == 1;
        }
    }
    out
}

impl SubspaceSimulator {
    /// The simulator of `qubo` (over `num_qubits` qubits, each in exactly one digit) on the
    /// product of `digits` (digit 0 fastest), with each digit's mixer gates. `mixer` is what
    /// reports call it. Refused before allocating when the product does not fit in memory.
    pub fn new(
        qubo: &Qubo,
        digits: Vec<Digit>,
        gates: &[DigitGates],
        num_qubits: usize,
        mixer: MixerKind,
    ) -> Result<Self> {
        Self::new_within(
            qubo,
            digits,
            gates,
            num_qubits,
            mixer,
            &crate::budget::Budget::unlimited(),
        )
    }

    /// [`SubspaceSimulator::new`] within `budget`, read while the cost diagonal is computed
    /// (seconds on 8^8 states).
    pub fn new_within(
        qubo: &Qubo,
        digits: Vec<Digit>,
        gates: &[DigitGates],
        num_qubits: usize,
        mixer: MixerKind,
        budget: &crate::budget::Budget<'_>,
    ) -> Result<Self> {
        if digits.len() != gates.len() || digits.iter().any(|d| d.states.is_empty()) {
            return Err(Error::Parts(PartsProblem::EmptyDigit { gates: true }));
        }
        let log2_dimension: f64 = digits.iter().map(|d| (d.states.len() as f64).log2()).sum();
        check_space(
            "block space",
            log2_dimension,
            log2_dimension.exp2() * BUILD_BYTES_PER_STATE,
        )?;
        let mut stride = 1usize;
        let digit_axes: Vec<Axis> = digits
            .iter()
            .zip(gates)
            .map(|(d, g)| {
                let axis = Axis::new(d.states.len(), stride, &digit_pairs(d, g));
                stride *= d.states.len();
                axis
            })
            .collect();
        let layer_axes = kernels::plan_forward(digit_axes.clone());
        let adjoint_axes = kernels::plan_axes(digit_axes);
        let diagonal = product_diagonal_within(qubo, &digits, budget)?;
        Ok(SubspaceSimulator {
            digits,
            layer_axes,
            adjoint_axes,
            num_qubits,
            mixer,
            diagonal,
            spare: Buffers::default(),
            scratch: Mutex::new(Vec::new()),
        })
    }

    /// Read+write passes over the state per forward layer: one for the phase with the fused
    /// inner axes, one per other axis ([`crate::sim::kernels::Axis`]).
    pub fn passes_per_layer(&self) -> usize {
        1 + self.layer_axes.len() - kernels::fused_axes(&self.layer_axes)
    }

    /// The digits (block and free-qubit groups), digit 0 fastest.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// The assignment of every qubit at basis index `index` of the space.
    fn assignment(&self, index: u64) -> Vec<bool> {
        assignment_of(&self.digits, self.num_qubits, index)
    }

    /// The space index of an assignment, `None` when it lies outside the space.
    pub fn index_of(&self, bits: &[bool]) -> Option<u64> {
        let mut index = 0u64;
        let mut place = 1u64;
        for d in &self.digits {
            let mask: u64 = d.qubits.iter().enumerate().map(|(i, &q)| u64::from(bits[q]) << i).sum();
            index += place * d.states.binary_search(&mask).ok()? as u64;
            place *= d.states.len() as u64;
        }
        Some(index)
    }

    /// The full-space basis index (bit q = qubit q) of space index `index`; `num_qubits ≤ 64`.
    pub fn full_index(&self, index: u64) -> u64 {
        self.assignment(index)
            .iter()
            .enumerate()
            .map(|(q, &b)| u64::from(b) << q)
            .sum()
    }

    /// A kept buffer, or a new one (memory checked first). Every buffer has the dimension
    /// plus [`LAMBDA_SKEW`] amplitudes, so that any kept one serves ψ or λ: with two lengths, a
    /// gradient that took the longer for ψ dropped the shorter and allocated λ anew (the first
    /// gradient after the first paid 25 % more on 8^8).
    fn buffer(&self) -> Result<Amplitudes> {
        let states = self.diagonal.len();
        super::spare_buffer(&self.spare, states + LAMBDA_SKEW, "block space", states)
    }

    fn keep(&self, amps: Amplitudes) {
        self.spare.keep(amps);
    }

    /// Evolve the uniform start into `amps` (length: the dimension).
    fn evolve_from_start(&self, amps: &mut [Complex64], angles: &Angles) {
        if angles.p() == 0 {
            amps.fill(Complex64::new(1.0 / (amps.len() as f64).sqrt(), 0.0));
        }
        self.layers(amps, angles, Start::Uniform);
    }

    /// Apply the p layers to `amps` in place.
    pub fn evolve(&self, amps: &mut [Complex64], angles: &Angles) {
        self.layers(amps, angles, Start::Given);
    }

    /// The p layers, the first on `start` (the uniform superposition written by the first
    /// layer's first pass instead of a pass of its own).
    fn layers(&self, amps: &mut [Complex64], angles: &Angles, start: Start) {
        for (l, (&gamma, &beta)) in angles.gammas.iter().zip(&angles.betas).enumerate() {
            let start = if l == 0 { start } else { Start::Given };
            let (s, c) = beta.sin_cos();
            match &self.diagonal {
                CostDiagonal::Indexed { values, index } => {
                    let factors = super::phase_factors(values, gamma);
                    let phase = Phase::Indexed {
                        index,
                        factors: &factors,
                    };
                    kernels::apply_layer_axes(amps, &self.layer_axes, phase, c, s, start);
                }
                CostDiagonal::Dense(costs) => {
                    kernels::apply_layer_axes(amps, &self.layer_axes, Phase::Dense { costs, gamma }, c, s, start)
                }
            }
        }
    }

    /// The state at `angles`, over the space's basis.
    pub fn state(&self, angles: &Angles) -> Result<Vec<Complex64>> {
        let mut amps = self.buffer()?;
        amps.truncate(self.diagonal.len());
        self.evolve_from_start(&mut amps, angles);
        Ok(amps.into_vec())
    }

    /// `(cost, probability)` per distinct cost, ascending by cost.
    fn levels(&self, amps: &[Complex64]) -> Vec<(f64, f64)> {
        super::diagonal_levels(&self.diagonal, amps)
    }

    fn energy(&self, amps: &[Complex64]) -> f64 {
        match &self.diagonal {
            CostDiagonal::Indexed { values, index } => {
                level_energy(values, kernels::level_probabilities_fixed(amps, index, values.len()))
            }
            CostDiagonal::Dense(costs) => kernels::weighted_sum_fixed(amps, |k| costs[k]),
        }
    }

    fn value_of(&self, amps: &[Complex64], objective: &Objective) -> f64 {
        match objective {
            Objective::Energy => self.energy(amps),
            Objective::Success(valid) => -valid.iter().map(|&k| amps[k as usize].norm_sqr()).sum::<f64>(),
            Objective::Cvar(alpha) => super::objective::cvar_of_levels(&self.levels(amps), *alpha),
        }
    }
}

impl Qaoa for SubspaceSimulator {
    fn num_states(&self) -> usize {
        self.diagonal.len()
    }

    fn num_qubits(&self) -> usize {
        self.num_qubits
    }

    fn bits(&self, k: u64) -> Vec<bool> {
        self.assignment(k)
    }

    fn objective(&self, angles: &Angles, objective: &Objective) -> Result<f64> {
        let dim = self.diagonal.len();
        let mut buf = self.buffer()?;
        let amps = &mut buf[..dim];
        self.evolve_from_start(amps, angles);
        let v = self.value_of(amps, objective);
        self.keep(buf);
        Ok(v)
    }

    fn gradient(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Vec<f64>)> {
        if !objective.has_gradient() {
            return Err(Error::NoGradient {
                objective: objective.name(),
            });
        }
        let dim = self.diagonal.len();
        let mut psi_buf = self.buffer()?;
        let mut lam_buf = self.buffer()?;
        let (psi, lam) = (&mut psi_buf[..dim], &mut lam_buf[LAMBDA_SKEW..LAMBDA_SKEW + dim]);
        self.evolve_from_start(psi, angles);
        // The value, and λ = O|ψ⟩: the cost (an indexed one in the same pass as its levels),
        // or minus the projector on the valid states.
        let value = match (objective, &self.diagonal) {
            (Objective::Energy, CostDiagonal::Indexed { values, index }) => level_energy(
                values,
                kernels::level_probabilities_and_weighted(psi, index, values, lam),
            ),
            (Objective::Energy, CostDiagonal::Dense(costs)) => {
                kernels::weighted_copy(lam, psi, Weight::Dense(costs));
                self.energy(psi)
            }
            (Objective::Success(valid), _) => {
                kernels::weighted_copy(lam, psi, Weight::Zero);
                for &k in valid {
                    lam[k as usize] = -psi[k as usize];
                }
                self.value_of(psi, objective)
            }
            (Objective::Cvar(_), _) => unreachable!("checked above"),
        };
        let p = angles.p();
        let mut grad = vec![0.0; 2 * p];
        let mut scratch = self
            .scratch
            .lock()
            .map(|mut s| std::mem::take(&mut *s))
            .unwrap_or_default();
        for l in (0..p).rev() {
            let (gamma, beta) = (angles.gammas[l], angles.betas[l]);
            let (s, c) = beta.sin_cos();
            let (mixer, cost) = match &self.diagonal {
                CostDiagonal::Indexed { values, index } => {
                    let factors = super::phase_factors(values, gamma);
                    let phase = Phase::Indexed {
                        index,
                        factors: &factors,
                    };
                    kernels::unapply_layer_axes(psi, lam, &self.adjoint_axes, phase, values, c, s, &mut scratch)
                }
                CostDiagonal::Dense(costs) => kernels::unapply_layer_axes(
                    psi,
                    lam,
                    &self.adjoint_axes,
                    Phase::Dense { costs, gamma },
                    &[],
                    c,
                    s,
                    &mut scratch,
                ),
            };
            grad[p + l] = 2.0 * mixer;
            grad[l] = 2.0 * cost;
        }
        if let Ok(mut s) = self.scratch.lock() {
            *s = scratch;
        }
        self.keep(psi_buf);
        self.keep(lam_buf);
        Ok((value, grad))
    }

    fn evaluate(&self, angles: &Angles, valid: &[u64]) -> Result<Evaluation> {
        let dim = self.diagonal.len();
        let mut buf = self.buffer()?;
        let amps = &mut buf[..dim];
        self.evolve_from_start(amps, angles);
        // An indexed diagonal's energy and top state in one pass.
        let ((top_state, top_probability), energy) = match &self.diagonal {
            CostDiagonal::Indexed { values, index } => {
                let (probs, top) = kernels::level_probabilities_and_top(amps, index, values.len());
                (top, level_energy(values, probs))
            }
            CostDiagonal::Dense(_) => (kernels::argmax_probability_any(amps), self.energy(amps)),
        };
        let eval = Evaluation {
            energy,
            success_probability: valid.iter().map(|&k| amps[k as usize].norm_sqr()).sum(),
            top_state,
            top_probability,
        };
        self.keep(buf);
        Ok(eval)
    }

    spare_state_methods!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::ising::Ising;
    use crate::mixer::xy_edges;
    use crate::qaoa::Qaoa;

    #[test]
    fn every_kept_buffer_serves_psi_and_lambda() {
        // A gradient takes two buffers and an evaluation one; whichever comes back first,
        // the next gradient must find both fitting, not drop one and allocate it anew.
        let ising = Ising::random(8, 5);
        let digits = vec![Digit {
            qubits: (0..8).collect(),
            states: crate::encoding::space::colex_subsets(8, 3),
        }];
        let gates = [DigitGates::Xy(xy_edges(8, MixerKind::XyRing))];
        let sim = SubspaceSimulator::new(&Qubo::from_ising(&ising), digits, &gates, 8, MixerKind::XyRing).unwrap();
        let angles = Angles::new(vec![0.1, 0.2], vec![0.3, 0.4]).unwrap();
        let (value, grad) = sim.gradient(&angles, &Objective::Energy).unwrap();
        let lens = || sim.spare.lens();
        let first = lens();
        assert_eq!(first.len(), 2);
        assert!(first.iter().all(|&l| l == first[0]), "{first:?}");
        for _ in 0..3 {
            sim.objective(&angles, &Objective::Energy).unwrap();
            let (v, g) = sim.gradient(&angles, &Objective::Energy).unwrap();
            assert_eq!(
                (v.to_bits(), g.iter().map(|x| x.to_bits()).collect::<Vec<_>>()),
                (value.to_bits(), grad.iter().map(|x| x.to_bits()).collect())
            );
            assert_eq!(lens(), first);
        }
    }
}
