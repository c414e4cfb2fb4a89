//! Grover-mixer QAOA from the cost histogram alone (docs/ARCHITECTURE.md, "Spaces and mixers").
//!
//! The start `|s⟩` is uniform, the cost phase depends only on a state's cost, and the mixer
//! only adds a multiple of `|s⟩`: so at every step all states of one cost share one amplitude.
//! Grouping the states into *classes* (all states of one cost; at the success cost, split by
//! the complete rule check into valid, non-QUBO-only and invalid ones), the normalised class
//! states `|c⟩ = N_c^{−1/2} Σ_{x ∈ c} |x⟩` span a space that holds the whole evolution: the cost
//! is diagonal on them and `|s⟩ = Σ_c √(N_c/D)|c⟩`. [`HistogramSimulator`] evolves one amplitude
//! `A_c = √N_c · a_c` per class (`a_c` the amplitude of each state of the class) with the same
//! arithmetic as the statevector (`GroverCore` in `qaoa::grover`), so ⟨C⟩, P(valid), CVaR and
//! the exact gradients cost a few classes, whatever the dimension D.

use super::grover::{grover_core_methods, GroverCore};
use super::{Evaluation, Objective, Qaoa};
use crate::angles::Angles;
use crate::cost::diagonal::CostDiagonal;
use crate::encoding::SuccessStates;
use crate::error::{Error, PartsProblem, Result};
use crate::mixer::MixerKind;
use num_complex::Complex64;
use serde::Serialize;

/// What the states of a class are, beyond their cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClassKind {
    /// States of a cost other than the success cost.
    Other,
    /// Success-cost states whose board passes the complete check.
    Valid,
    /// Success-cost states breaking only rules no cost term expresses.
    NonQubo,
    /// Success-cost states whose board breaks a rule.
    Invalid,
}

/// One class: the states of one cost (and, at the success cost, one verdict).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostClass {
    /// The cost of every state of the class.
    pub cost: f64,
    /// How many states it holds.
    pub count: u128,
    /// What they are.
    pub kind: ClassKind,
    /// One of its states (qubit q's value at position q), for reports.
    #[serde(skip)]
    pub example: Vec<bool>,
}

/// The states of a space counted by cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostHistogram {
    /// The classes, ascending by cost (at one cost: valid, non-QUBO-only, invalid).
    pub classes: Vec<CostClass>,
    /// Qubits of the circuit.
    pub num_qubits: usize,
}

impl CostHistogram {
    /// Number of states, D.
    pub fn dimension(&self) -> u128 {
        self.classes.iter().map(|c| c.count).sum()
    }

    /// States of classes of `kind`.
    pub fn count_of(&self, kind: ClassKind) -> u128 {
        self.classes.iter().filter(|c| c.kind == kind).map(|c| c.count).sum()
    }

    /// Class indices of `kind`, ascending.
    pub fn classes_of(&self, kind: ClassKind) -> Vec<u64> {
        (0..self.classes.len() as u64)
            .filter(|&k| self.classes[k as usize].kind == kind)
            .collect()
    }
}

/// Grover-mixer QAOA over the classes of a [`CostHistogram`]. Its basis is the classes: basis
/// index k (in `valid`, [`Objective::Success`], `top_state`, [`Qaoa::bits`]) is class k,
/// [`Qaoa::amplitudes`] gives `A_k = √N_k · a_k`, [`Qaoa::diagonal`] the class costs.
/// [`Qaoa::num_states`] is the dimension D of the space (saturating at `usize::MAX`, which no
/// space below 2^64 states reaches; [`HistogramSimulator::dimension`] is exact).
#[derive(Debug)]
pub struct HistogramSimulator {
    histogram: CostHistogram,
    dimension: u128,
    core: GroverCore,
}

impl HistogramSimulator {
    /// The simulator of `histogram`; a histogram with no states, or an empty class, is refused.
    pub fn new(histogram: CostHistogram) -> Result<Self> {
        if histogram.classes.is_empty() || histogram.classes.iter().any(|c| c.count == 0) {
            return Err(Error::Parts(PartsProblem::EmptyHistogram));
        }
        if histogram
            .classes
            .windows(2)
            .any(|w| w[1].cost.total_cmp(&w[0].cost).is_lt())
        {
            return Err(Error::Parts(PartsProblem::ClassesNotAscending));
        }
        let dimension = histogram.dimension();
        let d = dimension as f64;
        let start: Vec<f64> = histogram.classes.iter().map(|c| (c.count as f64 / d).sqrt()).collect();
        let mut values: Vec<f64> = histogram.classes.iter().map(|c| c.cost).collect();
        values.dedup();
        let diagonal = if values.len() <= usize::from(u16::MAX) + 1 {
            let index = histogram
                .classes
                .iter()
                .map(|c| values.binary_search_by(|v| v.total_cmp(&c.cost)).unwrap_or(0) as u16)
                .collect();
            CostDiagonal::Indexed { values, index }
        } else {
            CostDiagonal::Dense(histogram.classes.iter().map(|c| c.cost).collect())
        };
        Ok(HistogramSimulator {
            histogram,
            dimension,
            core: GroverCore::weighted(diagonal, start, "cost classes"),
        })
    }

    /// The histogram.
    pub fn histogram(&self) -> &CostHistogram {
        &self.histogram
    }

    /// The dimension D of the space, exactly.
    pub fn dimension(&self) -> u128 {
        self.dimension
    }

    /// The success classes: valid, and non-QUBO-only (class indices).
    pub fn success_states(&self) -> SuccessStates {
        SuccessStates {
            valid: self.histogram.classes_of(ClassKind::Valid),
            non_qubo: self.histogram.classes_of(ClassKind::NonQubo),
            feasible: Vec::new(),
            feasible_objective: Vec::new(),
        }
    }

    /// The class amplitudes `A_k` at `angles`.
    pub fn state(&self, angles: &Angles) -> Result<Vec<Complex64>> {
        self.core.state(angles)
    }

    /// The amplitude of each single state of class k, `A_k / √N_k`.
    pub fn state_amplitudes(&self, class_amps: &[Complex64]) -> Vec<Complex64> {
        class_amps
            .iter()
            .zip(&self.histogram.classes)
            .map(|(a, c)| a / (c.count as f64).sqrt())
            .collect()
    }
}

impl Qaoa for HistogramSimulator {
    fn num_states(&self) -> usize {
        usize::try_from(self.dimension).unwrap_or(usize::MAX)
    }
    fn num_qubits(&self) -> usize {
        self.histogram.num_qubits
    }
    /// The example state of class `k`.
    fn bits(&self, k: u64) -> Vec<bool> {
        self.histogram
            .classes
            .get(k as usize)
            .map_or_else(|| vec![false; self.histogram.num_qubits], |c| c.example.clone())
    }
    grover_core_methods!();
    /// `top_state` is the class whose single states are most likely, `top_probability` the
    /// probability of one of them.
    fn evaluate(&self, angles: &Angles, valid: &[u64]) -> Result<Evaluation> {
        let amps = self.core.state(angles)?;
        let (mut top_state, mut top_probability) = (0u64, -1.0);
        for (k, (a, c)) in amps.iter().zip(&self.histogram.classes).enumerate() {
            let p = a.norm_sqr() / c.count as f64;
            if p > top_probability {
                (top_state, top_probability) = (k as u64, p);
            }
        }
        Ok(Evaluation {
            energy: self.core.energy(&amps),
            success_probability: self.core.probability(&amps, valid)?,
            top_state,
            top_probability,
        })
    }
    fn cost_classes(&self) -> Option<&CostHistogram> {
        Some(&self.histogram)
    }
    /// Over the states, each class weighted by its count (the statevector's variance).
    fn cost_variance(&self) -> f64 {
        let d = self.dimension as f64;
        let classes = &self.histogram.classes;
        let mean = classes.iter().map(|c| c.count as f64 * c.cost).sum::<f64>() / d;
        classes
            .iter()
            .map(|c| c.count as f64 * (c.cost - mean) * (c.cost - mean))
            .sum::<f64>()
            / d
    }
}
