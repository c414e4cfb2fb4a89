//! The measurement distribution of a simulated circuit, and shots drawn from it with a seed:
//! what `quzzle sample` writes in the shapes IBM and IonQ return, so that `quzzle score` can
//! be tested on counts whose truth is known.

use crate::angles::Angles;
use crate::bits::BasisState;
use crate::bits::CountMap;
use crate::checked::Shots;
use crate::error::{Error, Result};
use crate::rng;
use crate::simulation::mixers::{NoiseRoute, SampleRoute};
use crate::simulation::Simulation;
use rand::Rng;
use std::collections::BTreeMap;

/// The probability of every simulated basis state, in the simulator's order.
pub struct Distribution<'a> {
    /// Qubits.
    pub qubits: usize,
    /// `|ψ_k|²` for each simulated state.
    pub probabilities: Vec<f64>,
    /// The basis state of simulated state `k`: computed when asked, so that a block space
    /// of many states keeps no table of them.
    state_of: Box<dyn Fn(usize) -> BasisState + Sync + 'a>,
}

impl std::fmt::Debug for Distribution<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Distribution")
            .field("qubits", &self.qubits)
            .field("states", &self.probabilities.len())
            .finish()
    }
}

impl<'a> Distribution<'a> {
    /// A distribution over `probabilities`, simulated state `k` being `state_of(k)`.
    pub fn new(qubits: usize, probabilities: Vec<f64>, state_of: impl Fn(usize) -> BasisState + Sync + 'a) -> Self {
        Distribution {
            qubits,
            probabilities,
            state_of: Box::new(state_of),
        }
    }

    /// The distribution of `sim`'s state at `angles`.
    pub fn of(sim: &'a Simulation, angles: &Angles) -> Result<Self> {
        sim.require_statevector("sampling shots")?;
        let qaoa = sim.qaoa();
        let amps = qaoa.amplitudes(angles)?;
        let probabilities = amps.iter().map(|a| a.norm_sqr()).collect();
        Ok(match sim.sample_route() {
            SampleRoute::FullIndex => {
                Distribution::new(qaoa.num_qubits(), probabilities, |k| BasisState::from_index(k as u64))
            }
            SampleRoute::Embedded => Distribution::new(qaoa.num_qubits(), probabilities, move |k| {
                BasisState::from_bools(&qaoa.bits(k as u64))
            }),
        })
    }

    /// The basis state of simulated state `k`.
    pub fn state(&self, k: usize) -> BasisState {
        (self.state_of)(k)
    }

    /// `P(q[i] = 1)` for every qubit (normalised by the total probability).
    pub fn qubit_marginals(&self) -> Vec<f64> {
        let mut ones = vec![0.0; self.qubits];
        let mut total = 0.0;
        for (i, &p) in self.probabilities.iter().enumerate() {
            total += p;
            if p == 0.0 {
                continue;
            }
            for q in self.state(i).ones() {
                if let Some(one) = ones.get_mut(q) {
                    *one += p;
                }
            }
        }
        ones.iter().map(|o| if total > 0.0 { o / total } else { 0.0 }).collect()
    }

    /// `shots` measurements drawn with the seeded generator: one uniform number per shot,
    /// located in the cumulative distribution summed in the simulator's fixed order, so the
    /// same seed gives the same counts on any thread count.
    pub fn sample(&self, shots: Shots, seed: u64) -> Result<CountMap> {
        self.sample_within(shots, seed, &crate::budget::Cancel::default())
    }

    /// [`Distribution::sample`], reading `cancel` every 2^20 shots.
    pub fn sample_within(&self, shots: Shots, seed: u64, cancel: &crate::budget::Cancel) -> Result<CountMap> {
        let shots = shots.get();
        let mut cumulative = Vec::with_capacity(self.probabilities.len());
        let mut total = 0.0;
        for &p in &self.probabilities {
            total += p;
            cumulative.push(total);
        }
        if !(total.is_finite() && total > 0.0) {
            return Err(Error::NothingToSample { total });
        }
        // A draw that rounds onto the total lands on the last state with any probability.
        let last = self.probabilities.iter().rposition(|&p| p > 0.0).unwrap_or(0);
        let mut rng = rng::seeded(seed);
        let mut drawn: BTreeMap<usize, u64> = BTreeMap::new();
        for shot in 0..shots {
            if shot % (1 << 20) == 0 {
                cancel.check("drawing shots")?;
                cancel.tick("drawing shots", Some(shot as f64 / shots as f64), || {
                    format!("{shot} of {shots} shots drawn")
                });
            }
            let u = rng.random::<f64>() * total;
            let i = cumulative.partition_point(|&c| c <= u).min(last);
            *drawn.entry(i).or_insert(0) += 1;
        }
        Ok(drawn.into_iter().map(|(i, c)| (self.state(i), c)).collect())
    }
}

/// The most shots one draw takes ([`crate::checked::Shots`] checks it).
pub use crate::checked::MAX_SHOTS;

/// `shots` measurements of `enc`'s circuit on `sim` at `angles`, drawn with `seed`: from the
/// exact distribution, or under `noise` (a model and its trajectories) from seeded
/// trajectories of the exported circuit, with readout errors.
pub fn draw(
    enc: &dyn crate::encoding::Encoding,
    sim: &Simulation,
    angles: &Angles,
    shots: Shots,
    seed: u64,
    noise: Option<(&crate::noise::NoiseModel, crate::checked::Trajectories)>,
    cancel: &crate::budget::Cancel,
) -> Result<CountMap> {
    match noise {
        None => Distribution::of(sim, angles)?.sample_within(shots, seed, cancel),
        Some((model, trajectories)) => {
            let draws = crate::noise::Draws {
                model,
                trajectories,
                seed,
                cancel,
                truncation: crate::noise::Truncation::Off,
            };
            let circuit = crate::simulation::circuit(enc, &sim.space, sim.mixer, angles)?;
            match sim.noise_route() {
                NoiseRoute::Layered => {
                    let nc = crate::noise::NoisyCircuit::new(&circuit, angles)?;
                    crate::noise::sample_counts(sim.qaoa(), &nc, shots, &draws)
                }
                NoiseRoute::Sectors => {
                    let program = crate::experiment::depth::sector_program(enc, sim, angles)?;
                    crate::noise::sectors::sample_counts(&program, shots, &draws)
                }
                NoiseRoute::GateByGate => {
                    // Gate by gate on the full state: an error leaves the block space.
                    let program = crate::noise::gates::GateProgram::new(&circuit)?;
                    crate::noise::gates::sample_counts(&program, shots, &draws)
                }
                NoiseRoute::NoCircuit => Err(crate::simulation::mixers::entry(sim.mixer).no_circuit()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(probabilities: Vec<f64>) -> Distribution<'static> {
        Distribution::new(2, probabilities, |k| BasisState::from_index(k as u64))
    }

    #[test]
    fn draws_follow_the_distribution_and_the_seed() {
        let d = dist(vec![0.5, 0.0, 0.125, 0.375]);
        let counts = d.sample(Shots::new(80_000).unwrap(), 7).unwrap();
        assert_eq!(
            counts.get(&BasisState::from_index(1)),
            None,
            "a state of probability 0 is never drawn"
        );
        assert_eq!(counts.values().sum::<u64>(), 80_000);
        for (k, p) in [(0u64, 0.5), (2, 0.125), (3, 0.375)] {
            let f = counts[&BasisState::from_index(k)] as f64 / 80_000.0;
            // Five standard deviations of a binomial frequency.
            assert!(
                (f - p).abs() < 5.0 * (p * (1.0 - p) / 80_000.0).sqrt(),
                "{k}: {f} vs {p}"
            );
        }
        assert_eq!(counts, d.sample(Shots::new(80_000).unwrap(), 7).unwrap());
        assert_ne!(counts, d.sample(Shots::new(80_000).unwrap(), 8).unwrap());
    }

    #[test]
    fn marginals_and_embedded_states() {
        let states = [BasisState::from_index(0b011), BasisState::from_index(0b101)];
        let d = Distribution::new(3, vec![0.25, 0.75], |k| states[k].clone());
        assert_eq!(d.qubit_marginals(), vec![1.0, 0.25, 0.75]);
        let counts = d.sample(Shots::new(100).unwrap(), 1).unwrap();
        assert!(counts.keys().all(|k| states.contains(k)));
        assert!(dist(vec![0.0; 4]).sample(Shots::new(1).unwrap(), 0).is_err());
    }

    #[test]
    fn states_past_64_qubits_keep_their_high_qubits() {
        // One state with qubits 0 and 80 at 1, the other with 16: a 64-bit key would fold
        // qubit 80 onto qubit 16 and merge them.
        let mut a = BasisState::zero();
        a.set(0);
        a.set(80);
        let mut b = BasisState::zero();
        b.set(16);
        let states = [a.clone(), b.clone()];
        let d = Distribution::new(81, vec![0.5, 0.5], |k| states[k].clone());
        let m = d.qubit_marginals();
        assert_eq!((m[0], m[16], m[80]), (0.5, 0.5, 0.5));
        let counts = d.sample(Shots::new(1000).unwrap(), 3).unwrap();
        assert_eq!(counts.len(), 2);
        assert_eq!(counts[&a] + counts[&b], 1000);
    }
}
