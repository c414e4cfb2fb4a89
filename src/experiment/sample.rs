//! The measurement distribution of a simulated circuit, and shots drawn from it with a seed:
//! what `quzzle sample` writes in the shapes IBM and IonQ return, so that `quzzle score` can
//! be tested on counts whose truth is known.

use crate::angles::Angles;
use crate::encoding::space::SpaceChoice;
use crate::error::{Error, Result};
use crate::experiment::simulation::Simulation;
use crate::rng;
use rand::Rng;
use std::collections::BTreeMap;

/// Counts keyed by full-space basis index (bit q is qubit q).
pub type CountMap = BTreeMap<u64, u64>;

/// The probability of every simulated basis state, in the simulator's order.
#[derive(Clone, Debug)]
pub struct Distribution {
    /// Qubits.
    pub qubits: usize,
    /// The full-space basis index (bit q = qubit q) of each simulated state; `None` on the
    /// full space, where it is the simulated index itself.
    pub states: Option<Vec<u64>>,
    /// `|ψ_k|²` for each simulated state.
    pub probabilities: Vec<f64>,
}

impl Distribution {
    /// The distribution of `sim`'s state at `angles`.
    pub fn of(sim: &Simulation, angles: &Angles) -> Result<Self> {
        sim.require_statevector("sampling shots")?;
        let qaoa = sim.qaoa();
        let amps = qaoa.amplitudes(angles)?;
        let states = (sim.space.resolved != SpaceChoice::Full).then(|| {
            (0..amps.len() as u64)
                .map(|k| {
                    qaoa.bits(k)
                        .iter()
                        .enumerate()
                        .fold(0u64, |full, (q, &b)| full | u64::from(b) << q)
                })
                .collect()
        });
        Ok(Distribution {
            qubits: qaoa.num_qubits(),
            states,
            probabilities: amps.iter().map(|a| a.norm_sqr()).collect(),
        })
    }

    /// The full-space index of simulated state `i`.
    fn state(&self, i: usize) -> u64 {
        self.states.as_ref().map_or(i as u64, |s| s[i])
    }

    /// `P(q[i] = 1)` for every qubit (normalised by the total probability).
    pub fn qubit_marginals(&self) -> Vec<f64> {
        let mut ones = vec![0.0; self.qubits];
        let mut total = 0.0;
        for (i, &p) in self.probabilities.iter().enumerate() {
            total += p;
            let k = self.state(i);
            for (q, one) in ones.iter_mut().enumerate() {
                if (k >> q) & 1 == 1 {
                    *one += p;
                }
            }
        }
        ones.iter().map(|o| if total > 0.0 { o / total } else { 0.0 }).collect()
    }

    /// `shots` measurements drawn with the seeded generator: one uniform number per shot,
    /// located in the cumulative distribution summed in the simulator's fixed order, so the
    /// same seed gives the same counts on any thread count.
    pub fn sample(&self, shots: u64, seed: u64) -> Result<CountMap> {
        let mut cumulative = Vec::with_capacity(self.probabilities.len());
        let mut total = 0.0;
        for &p in &self.probabilities {
            total += p;
            cumulative.push(total);
        }
        if !(total.is_finite() && total > 0.0) {
            return Err(Error::InvalidArgument(format!(
                "the state has total probability {total}; nothing to sample"
            )));
        }
        // A draw that rounds onto the total lands on the last state with any probability.
        let last = self.probabilities.iter().rposition(|&p| p > 0.0).unwrap_or(0);
        let mut rng = rng::seeded(seed);
        let mut counts = CountMap::new();
        for _ in 0..shots {
            let u = rng.random::<f64>() * total;
            let i = cumulative.partition_point(|&c| c <= u).min(last);
            *counts.entry(self.state(i)).or_insert(0) += 1;
        }
        Ok(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(probabilities: Vec<f64>) -> Distribution {
        Distribution {
            qubits: 2,
            states: None,
            probabilities,
        }
    }

    #[test]
    fn draws_follow_the_distribution_and_the_seed() {
        let d = dist(vec![0.5, 0.0, 0.125, 0.375]);
        let counts = d.sample(80_000, 7).unwrap();
        assert_eq!(counts.get(&1), None, "a state of probability 0 is never drawn");
        assert_eq!(counts.values().sum::<u64>(), 80_000);
        for (k, p) in [(0u64, 0.5), (2, 0.125), (3, 0.375)] {
            let f = counts[&k] as f64 / 80_000.0;
            // Five standard deviations of a binomial frequency.
            assert!(
                (f - p).abs() < 5.0 * (p * (1.0 - p) / 80_000.0).sqrt(),
                "{k}: {f} vs {p}"
            );
        }
        assert_eq!(counts, d.sample(80_000, 7).unwrap());
        assert_ne!(counts, d.sample(80_000, 8).unwrap());
    }

    #[test]
    fn marginals_and_embedded_states() {
        let d = Distribution {
            qubits: 3,
            states: Some(vec![0b011, 0b101]),
            probabilities: vec![0.25, 0.75],
        };
        assert_eq!(d.qubit_marginals(), vec![1.0, 0.25, 0.75]);
        let counts = d.sample(100, 1).unwrap();
        assert!(counts.keys().all(|&k| k == 0b011 || k == 0b101));
        assert!(dist(vec![0.0; 4]).sample(1, 0).is_err());
    }
}
