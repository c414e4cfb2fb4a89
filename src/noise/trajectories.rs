//! Monte Carlo trajectories of the noisy circuit on the fast kernels: error patterns drawn per
//! trajectory, each trajectory's state evolved exactly, its P(valid) and energy after readout
//! averaged, with the standard error.
//!
//! Determinism: trajectory t draws from the crate's generator seeded with the estimate's seed
//! on stream t, so its errors do not depend on the other trajectories; trajectories run one
//! after another (each on the parallel kernels, whose results do not depend on the thread
//! count) and are summed in trajectory order. Same seed, same bytes, on any thread count.

use super::program::{Events, LayerEvents, LayerFrame, NoisyCircuit, Pauli};
use super::{GateCounts, NoiseModel};
use crate::angles::Angles;
use crate::bits::CountMap;
use crate::checked::{Shots, Trajectories};
use crate::cost::diagonal::CostDiagonal;
use crate::error::{Error, Result};
use crate::qaoa::Qaoa;
use crate::rng::{self, SeededRng};
use crate::sim::kernels::{self, Phase};
use crate::simulation::mixers::NoiseRoute;
use num_complex::Complex64;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Added to the seed of every noise estimate, so its draws differ from the optimiser's.
const NOISE_SEED: u64 = 0x6e6f_6973_6520_7175;

/// The generator of trajectory `t`.
pub fn trajectory_rng(seed: u64, t: usize) -> SeededRng {
    let mut r = rng::seeded(seed ^ NOISE_SEED);
    r.set_stream(t as u64);
    r
}

/// Mixed into the seed of the readout flips a truncated sector trajectory draws with its errors.
const READOUT_SEED: u64 = 0x7265_6164_6f75_7421;

/// The random stream of trajectory t's readout flips where they are drawn with the trajectory
/// (a truncated sector trajectory, [`Truncation::Exact`]): its own stream, so that the gate
/// errors are the same draws as without truncation.
pub(crate) fn readout_rng(seed: u64, t: usize) -> SeededRng {
    let mut r = rng::seeded(seed ^ READOUT_SEED);
    r.set_stream(t as u64);
    r
}

/// What a sector trajectory does with the components of its state that can no longer end valid
/// (docs/qasm.md, "Truncation").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Truncation {
    /// Every amplitude is kept (the route's bytes before truncation existed).
    #[default]
    Off,
    /// A sector whose block weights are farther from every valid board's than the X and Y
    /// factors still to come (its errors and, once it drops, its readout flips, drawn with it)
    /// can move them is dropped: P(valid) stays exact for the trajectories drawn, the energy is
    /// bracketed.
    Exact,
    /// As `Exact`, and where a trajectory in pieces meets a piece that would hold more than
    /// 2^28 amplitudes (4 GiB) even split, that piece is dropped too: its probability is
    /// reported and P(valid) gets a bracket as wide as the piece could have moved it. For the
    /// trajectories that `Exact` refuses before any work; where nothing is that large, its bytes.
    Bounded,
}

impl Truncation {
    /// The name as the command line and the reports write it.
    pub fn name(self) -> &'static str {
        match self {
            Truncation::Off => "off",
            Truncation::Exact => "exact",
            Truncation::Bounded => "bounded",
        }
    }
}

/// A Pauli on `q` with probability `p` (X, Y, Z equally likely).
pub(crate) fn draw_one(q: usize, p: f64, rng: &mut SeededRng) -> Pauli {
    if p > 0.0 && rng.random::<f64>() < p {
        Pauli::single(q, rng.random_range(1..4u8))
    } else {
        Pauli::I
    }
}

/// One of the 15 non-identity Paulis on `(a, b)` with probability `p`.
pub(crate) fn draw_two(a: usize, b: usize, p: f64, rng: &mut SeededRng) -> Pauli {
    if p > 0.0 && rng.random::<f64>() < p {
        let k = rng.random_range(1..16u8);
        Pauli::single(a, k & 3).times(Pauli::single(b, k >> 2))
    } else {
        Pauli::I
    }
}

/// The errors of one trajectory: a walk over the gates, one draw per gate whose kind has a
/// non-zero rate (none at all when every rate is 0).
pub fn sample_events(circuit: &NoisyCircuit, model: &NoiseModel, rng: &mut SeededRng) -> Events {
    use super::program::CostOp;
    let mut events = Events::default();
    for &q in &circuit.start {
        events.start = draw_one(q, model.p1, rng).times(events.start);
    }
    for layer in &circuit.layers {
        let mut le = LayerEvents::default();
        for (i, op) in layer.cost.iter().enumerate() {
            let e = match *op {
                CostOp::Cx(c, t) => draw_two(c, t, model.p2, rng),
                CostOp::Rz { q, .. } => draw_one(q, model.p_rz, rng),
            };
            if e != Pauli::I {
                le.cost.push((i, e));
            }
        }
        for &q in &layer.mixer {
            le.mixer = draw_one(q, model.p1, rng).times(le.mixer);
        }
        events.layers.push(le);
    }
    events
}

/// The probability that a run of the circuit has no error at all.
pub fn error_free_probability(counts: &GateCounts, model: &NoiseModel) -> f64 {
    let pow = |p: f64, k: usize| (1.0 - p).powi(k as i32);
    pow(model.p1, counts.h + counts.rx + counts.ry + counts.x) * pow(model.p_rz, counts.rz) * pow(model.p2, counts.cx)
}

/// The simulator's cost phase of each layer, computed once.
struct Evolution<'a> {
    circuit: &'a NoisyCircuit,
    diagonal: &'a CostDiagonal,
    /// `e^{−iγ_l c_v}` per distinct cost (empty for a dense diagonal).
    factors: Vec<Vec<Complex64>>,
}

impl<'a> Evolution<'a> {
    fn new(sim: &'a dyn Qaoa, circuit: &'a NoisyCircuit) -> Result<Self> {
        let n = circuit.num_qubits;
        // The layered route runs on the simulator's own state: its mixer's route, on all 2^n.
        let layered = crate::simulation::mixers::entry(sim.mixer()).noise == NoiseRoute::Layered;
        if !layered || sim.num_qubits() != n || sim.num_states() != 1usize << n {
            return Err(crate::error::Unsupported::NoiseNeedsFullX {
                mixer: sim.mixer(),
                states: sim.num_states(),
                qubits: n,
            }
            .into());
        }
        let diagonal = sim.diagonal();
        // The same factors as the noiseless simulator computes, bit for bit.
        let factors = circuit
            .layers
            .iter()
            .map(|l| match diagonal {
                CostDiagonal::Indexed { values, .. } => values
                    .iter()
                    .map(|&c| Complex64::from_polar(1.0, -l.gamma * c))
                    .collect(),
                CostDiagonal::Dense(_) => Vec::new(),
            })
            .collect();
        Ok(Evolution {
            circuit,
            diagonal,
            factors,
        })
    }

    fn phase(&self, l: usize) -> Phase<'_> {
        match self.diagonal {
            CostDiagonal::Indexed { index, .. } => Phase::Indexed {
                index,
                factors: &self.factors[l],
            },
            CostDiagonal::Dense(costs) => Phase::Dense {
                costs,
                gamma: self.circuit.layers[l].gamma,
            },
        }
    }

    /// `|+⟩^n` with the start errors.
    fn start(&self, amps: &mut [Complex64], start: Pauli) {
        kernels::fill_uniform(amps);
        apply_pauli(amps, start);
    }

    /// Layers `from..` of a trajectory with `events` (a layer without error is the noiseless
    /// kernel).
    /// Layers `from..` with their `events`, `cancel` read before each (a layer on 2^28
    /// amplitudes takes a second or more).
    fn layers(
        &self,
        amps: &mut [Complex64],
        from: usize,
        events: &Events,
        cancel: &crate::budget::Cancel,
    ) -> Result<()> {
        for (l, layer) in self.circuit.layers.iter().enumerate().skip(from) {
            cancel.check(TRAJECTORIES_TASK)?;
            let phase = self.phase(l);
            let le = events.layers.get(l);
            let Some(le) = le.filter(|e| !e.is_empty()) else {
                kernels::apply_layer(amps, phase, layer.beta);
                continue;
            };
            let f = LayerFrame::of(layer, le);
            if f.flips.is_empty() && f.frame.is_scalar() {
                kernels::apply_layer(amps, phase, layer.beta);
                apply_pauli(amps, f.frame);
            } else {
                kernels::apply_diagonal_pauli(amps, phase, &f.flips, f.frame.x, f.frame.z, f.frame.global());
                kernels::apply_mixer_x(amps, layer.beta);
            }
            apply_pauli(amps, f.mixer);
        }
        Ok(())
    }
}

/// `ψ ← Pψ` (nothing for the identity).
fn apply_pauli(amps: &mut [Complex64], p: Pauli) {
    if p != Pauli::I {
        kernels::apply_diagonal_pauli(amps, Phase::None, &[], p.x, p.z, p.global());
    }
}

/// The state of one trajectory with the given errors, from scratch: `|+⟩^n`, the start errors,
/// then every layer. The test oracle compares it with the gate-level reference.
pub fn trajectory_state(sim: &dyn Qaoa, circuit: &NoisyCircuit, events: &Events) -> Result<Vec<Complex64>> {
    let evo = Evolution::new(sim, circuit)?;
    crate::sim::check_bytes(circuit.num_qubits, (16u128) << circuit.num_qubits)?;
    let mut amps = vec![Complex64::new(0.0, 0.0); 1 << circuit.num_qubits];
    evo.start(&mut amps, events.start);
    evo.layers(&mut amps, 0, events, &crate::budget::Cancel::never())?;
    Ok(amps)
}

/// The noiseless states after 0, 1, …, p layers when they fit in 1 GiB (a trajectory whose
/// first error is in layer l starts from the state after l − 1 layers).
fn prefixes(evo: &Evolution<'_>) -> Option<Vec<Vec<Complex64>>> {
    let n = evo.circuit.num_qubits;
    let p = evo.circuit.layers.len();
    let bytes = ((p + 1) as u128) << (n + 4);
    if bytes > 1 << 30 || crate::sim::check_bytes(n, 2 * bytes).is_err() {
        return None;
    }
    let mut out = Vec::with_capacity(p + 1);
    let mut amps = vec![Complex64::new(0.0, 0.0); 1 << n];
    evo.start(&mut amps, Pauli::I);
    out.push(amps.clone());
    for l in 0..p {
        kernels::apply_layer(&mut amps, evo.phase(l), evo.circuit.layers[l].beta);
        out.push(amps.clone());
    }
    Some(out)
}

impl Evolution<'_> {
    /// The state of a trajectory into `amps`, from a cached prefix when there is one.
    fn run(
        &self,
        amps: &mut [Complex64],
        events: &Events,
        prefix: Option<&[Vec<Complex64>]>,
        cancel: &crate::budget::Cancel,
    ) -> Result<()> {
        let first = events.first_layer().unwrap_or(self.circuit.layers.len());
        match prefix {
            Some(pre) => {
                amps.copy_from_slice(&pre[first]);
                if first == 0 {
                    apply_pauli(amps, events.start);
                }
                self.layers(amps, first, events, cancel)
            }
            _ => {
                self.start(amps, events.start);
                self.layers(amps, 0, events, cancel)
            }
        }
    }
}

/// The noisy P(valid) and energy of a circuit, with their standard errors. Read back from a
/// report by `solve --resume`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NoisyEstimate {
    /// The noise model (rates and source).
    pub model: NoiseModel,
    /// How the trajectories ran: `layered` (the X mixer's kernels), `gate-by-gate` (the full
    /// 2^n state) or `sectors` (the weight sectors of a block space).
    pub route: NoiseRoute,
    /// Trajectories run.
    pub trajectories: usize,
    /// Trajectories that drew at least one gate error (the rest are the noiseless state).
    pub trajectories_with_errors: usize,
    /// The probability that a run has no gate error, `Π (1 − p_g)` over the gates.
    pub error_free_probability: f64,
    /// Mean over the trajectories of P(valid) after readout flips.
    pub p_valid: f64,
    /// Its standard error (sample standard deviation / √T; 0 for one trajectory).
    pub p_valid_se: f64,
    /// Mean over the trajectories of the energy `⟨C⟩` after readout flips.
    pub energy: f64,
    /// Its standard error.
    pub energy_se: f64,
    /// P(valid) of the noiseless circuit (no readout error either).
    pub noiseless_p_valid: f64,
    /// Energy of the noiseless circuit.
    pub noiseless_energy: f64,
    /// The seed of the trajectories.
    pub seed: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// On the sector route: the noiseless amplitudes, the sectors reached and the largest
    /// trajectory state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sectors: Option<SectorStats>,
    /// Where trajectories were truncated: what was dropped and the bracket that holds the
    /// trajectories' exact average.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub truncated: Option<Bracket>,
}

/// What a truncated estimate dropped, and the bracket `[lower, upper]` that contains the average
/// over the same drawn trajectories (the same errors and readout flips) of their exact,
/// untruncated values (docs/qasm.md, "Truncation").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bracket {
    /// The rule: `exact` or `bounded`.
    pub truncation: Truncation,
    /// Trajectories that dropped a component.
    pub trajectories_truncated: usize,
    /// Mean over the trajectories of the probability dropped (the squared norm of what left).
    pub mean_dropped: f64,
    /// The most one trajectory dropped.
    pub max_dropped: f64,
    /// Trajectories too large to hold whole that ran in pieces (sector route; docs/qasm.md,
    /// "Truncation"): their P(valid) is still exact.
    #[serde(default, skip_serializing_if = "none_split")]
    pub trajectories_in_pieces: usize,
    /// The pieces those ran, all told.
    #[serde(default, skip_serializing_if = "none_split")]
    pub pieces: usize,
    /// Trajectories of a bounded run that dropped a piece too large to hold even split.
    #[serde(default, skip_serializing_if = "none_split")]
    pub trajectories_bounded: usize,
    /// Mean over the trajectories of the probability those pieces held.
    #[serde(default, skip_serializing_if = "nothing_lost")]
    pub mean_bounded: f64,
    /// P(valid): exact for the drawn trajectories, so both ends equal the estimate, except
    /// where pieces were dropped as too large: trajectory t's exact value is then within
    /// `[(√p − r)², (√p + r)²]`, `r` the sum over its drops of the norm dropped there.
    pub p_valid: [f64; 2],
    /// The energy: the dropped part's energy lies within the cost's range, and its cross term
    /// with the kept part within `2R‖a‖‖b‖` (R the cost's half range).
    pub energy: [f64; 2],
}

/// No trajectory split: the report's bytes as before pieces existed.
fn none_split(n: &usize) -> bool {
    *n == 0
}

/// No piece dropped as too large: the report's bytes as before bounded truncation existed.
fn nothing_lost(p: &f64) -> bool {
    *p == 0.0
}

/// How an estimate draws its trajectories, on every route: the noise model, how many
/// trajectories, the seed (trajectory t draws from stream t), and the flag that stops them.
#[derive(Clone, Copy)]
pub struct Draws<'a> {
    /// The noise model.
    pub model: &'a NoiseModel,
    /// How many trajectories.
    pub trajectories: Trajectories,
    /// The seed of the trajectories.
    pub seed: u64,
    /// Read before each trajectory.
    pub cancel: &'a crate::budget::Cancel,
    /// What the sector route drops (the other routes keep every amplitude).
    pub truncation: Truncation,
}

/// The request of [`Draws::new`]: never stopped.
static NEVER: crate::budget::Cancel = crate::budget::Cancel::never();

impl<'a> Draws<'a> {
    /// The model, the trajectory count, the seed and the request.
    pub(crate) fn parts(&self) -> (&'a NoiseModel, usize, u64, &'a crate::budget::Cancel) {
        (self.model, self.trajectories.get(), self.seed, self.cancel)
    }

    /// `trajectories` under `model` from `seed`, never stopped.
    pub fn new(model: &'a NoiseModel, trajectories: Trajectories, seed: u64) -> Self {
        Draws {
            model,
            trajectories,
            seed,
            cancel: &NEVER,
            truncation: Truncation::Off,
        }
    }
}

impl NoisyEstimate {
    /// The estimate from each trajectory's P(valid) and energy after readout, in trajectory
    /// order (`None`: the trajectory drew no gate error, so its values are `v0`, the noiseless
    /// state's read out); `noiseless` without readout error.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_trajectories(
        draws: &Draws<'_>,
        route: NoiseRoute,
        gates: &GateCounts,
        values: &[Option<(f64, f64)>],
        v0: (f64, f64),
        noiseless: (f64, f64),
        began: std::time::Instant,
        sectors: Option<SectorStats>,
    ) -> Self {
        let Draws { model, seed, .. } = *draws;
        let pv: Vec<f64> = values.iter().map(|v| v.map_or(v0.0, |v| v.0)).collect();
        let en: Vec<f64> = values.iter().map(|v| v.map_or(v0.1, |v| v.1)).collect();
        let (p_valid, p_valid_se) = mean_and_se(&pv, v0.0);
        // A mean of probabilities is one: summed as offsets from v0 it can round past 0 or 1
        // (every trajectory 0 gives about −1e-18).
        let p_valid = p_valid.clamp(0.0, 1.0);
        let (energy, energy_se) = mean_and_se(&en, v0.1);
        NoisyEstimate {
            model: model.clone(),
            route,
            trajectories: values.len(),
            trajectories_with_errors: values.iter().filter(|v| v.is_some()).count(),
            error_free_probability: error_free_probability(gates, model),
            p_valid,
            p_valid_se,
            energy,
            energy_se,
            noiseless_p_valid: noiseless.0,
            noiseless_energy: noiseless.1,
            seed,
            seconds: began.elapsed().as_secs_f64(),
            sectors,
            truncated: None,
        }
    }
}

/// The trajectory loop of the serial routes: trajectory t runs `run` with [`trajectory_rng`],
/// `cancel` read before each; `run` gives `None` when the trajectory drew no error.
pub(crate) fn run_trajectories(
    draws: &Draws<'_>,
    mut run: impl FnMut(&mut SeededRng) -> Result<Option<(f64, f64)>>,
) -> Result<Vec<Option<(f64, f64)>>> {
    let (model, trajectories, seed, cancel) = draws.parts();
    let began = std::time::Instant::now();
    let mut values = Vec::with_capacity(trajectories);
    for t in 0..trajectories {
        cancel
            .check(TRAJECTORIES_TASK)
            .map_err(|e| how_far(e, t, trajectories, began))?;
        cancel.tick(TRAJECTORIES_TASK, Some(t as f64 / trajectories as f64), || {
            format!("{t} of {trajectories} trajectories under {} done", model.name)
        });
        // A stop inside a trajectory says how far the others got too.
        values.push(run(&mut trajectory_rng(seed, t)).map_err(|e| how_far(e, t, trajectories, began))?);
    }
    Ok(values)
}

/// `e` told how far the trajectories got, where it is the deadline's stop: `done` of `total`
/// after `began`, and about how long all would take at that pace.
pub(crate) fn how_far(e: Error, done: usize, total: usize, began: std::time::Instant) -> Error {
    match e {
        Error::OutOfTime {
            task,
            seconds,
            instead,
            done: elapsed,
        } => {
            let t = began.elapsed().as_secs_f64();
            let all = if done > 0 {
                let pace = t * total as f64 / done as f64;
                format!("; all {total} would take about {}", crate::budget::seconds_text(pace))
            } else {
                String::new()
            };
            Error::OutOfTime {
                task,
                seconds,
                // The run's own time first; the trajectories' beside it.
                done: format!("{elapsed}, {done} of {total} trajectories done in {t:.1} s{all}"),
                instead,
            }
        }
        e => e,
    }
}

/// How a sector estimate ran, for its report.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SectorStats {
    /// Amplitudes of the noiseless state (the block space).
    pub noiseless_amplitudes: u128,
    /// Distinct sectors any trajectory reached.
    pub sectors_visited: usize,
    /// The most amplitudes one trajectory held.
    pub peak_amplitudes: usize,
}

/// Mean and standard error of `values`, summed in order as offsets from `v0` (the noiseless
/// value), so that trajectories that all equal `v0` give exactly `v0` and an error of 0.
pub(crate) fn mean_and_se(values: &[f64], v0: f64) -> (f64, f64) {
    let t = values.len() as f64;
    let shift: f64 = values.iter().map(|v| v - v0).sum::<f64>() / t;
    // A mean lies between the least and the largest value: rounding of the shifted sum must not
    // take it out (all values 0 gave −9e-19 for a P(valid)).
    let (least, most) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    let mean = if least <= most {
        (v0 + shift).clamp(least, most)
    } else {
        v0 + shift
    };
    if values.len() < 2 || least >= most {
        return (mean, 0.0);
    }
    let ss: f64 = values.iter().map(|v| (v - v0 - shift).powi(2)).sum();
    (mean, (ss / (t - 1.0) / t).sqrt())
}

/// What one trajectory measures: P(valid) and energy after readout flips of probability r.
/// The layered and gate-by-gate routes share it.
pub(crate) struct Readout<'a, E> {
    valid: &'a [u64],
    /// The energy of a state read out without flips.
    energy: E,
    /// `w_k` = P(reading k out gives a valid state), and the cost read out from k; `None` when
    /// r = 0 (then the plain sums are used).
    smoothed: Option<(Vec<f64>, Vec<f64>)>,
}

impl<'a, E: Fn(&[Complex64]) -> f64> Readout<'a, E> {
    /// The readout of `len` basis states, `valid` among them, whose costs `cost` gives;
    /// `energy` measures a state when nothing is flipped.
    pub(crate) fn new(valid: &'a [u64], r: f64, len: usize, cost: impl Fn(usize) -> f64, energy: E) -> Self {
        let smoothed = (r > 0.0).then(|| {
            let mut w = vec![0.0; len];
            for &k in valid {
                w[k as usize] = 1.0;
            }
            kernels::apply_readout_flips(&mut w, r);
            let mut c: Vec<f64> = (0..len).map(cost).collect();
            kernels::apply_readout_flips(&mut c, r);
            (w, c)
        });
        Readout {
            valid,
            energy,
            smoothed,
        }
    }

    /// P(valid) and the energy of `amps`, read out.
    pub(crate) fn measure(&self, amps: &[Complex64]) -> (f64, f64) {
        match &self.smoothed {
            None => (kernels::probability_of(amps, self.valid), (self.energy)(amps)),
            Some((w, c)) => (kernels::expectation_dense(amps, w), kernels::expectation_dense(amps, c)),
        }
    }
}

/// What a stopped noisy estimate says it was doing.
pub const TRAJECTORIES_TASK: &str = "running noisy trajectories";

/// What a stopped draw of noisy shots says it was doing.
pub const SAMPLING_TASK: &str = "drawing noisy shots";

/// The shot loop of every route's noisy sampling: `T' = min(trajectories, shots)`
/// trajectories, trajectory t drawing with [`trajectory_rng`] and giving `⌊shots/T'⌋` shots
/// plus one for t < shots mod T'. `draw(rng, shots, counts)` runs one trajectory and adds its
/// shots to `counts` (keys: full-space bits, bit q = qubit q); `route` ends the progress line.
pub(crate) fn sample_by_trajectory(
    draws: &Draws<'_>,
    shots: Shots,
    route: &str,
    mut draw: impl FnMut(&mut SeededRng, u64, &mut std::collections::BTreeMap<u64, u64>) -> Result<()>,
) -> Result<CountMap> {
    let shots = shots.get();
    let (model, trajectories, seed, cancel) = draws.parts();
    let used = (trajectories as u64).min(shots);
    let mut counts = std::collections::BTreeMap::new();
    let began = std::time::Instant::now();
    for t in 0..used {
        cancel
            .check(SAMPLING_TASK)
            .map_err(|e| how_far(e, t as usize, used as usize, began))?;
        cancel.tick(SAMPLING_TASK, Some(t as f64 / used as f64), || {
            format!("{t} of {used} trajectories under {} done{route}", model.name)
        });
        let mut rng = trajectory_rng(seed, t as usize);
        draw(&mut rng, shots / used + u64::from(t < shots % used), &mut counts)?;
    }
    Ok(counts
        .into_iter()
        .map(|(k, c)| (crate::bits::BasisState::from_index(k), c))
        .collect())
}

/// One shot from a distribution given by its running sums (`total` the last; `last` the last
/// index with weight, where rounding may leave `u` beyond every sum): the index drawn.
pub(crate) fn draw_index(cumulative: &[f64], total: f64, last: usize, rng: &mut SeededRng) -> usize {
    let u = rng.random::<f64>() * total;
    cumulative.partition_point(|&c| c <= u).min(last)
}

/// `x` read out: each of its `n` bits flipped with probability `readout`.
pub(crate) fn read_out(mut x: u64, n: usize, readout: f64, rng: &mut SeededRng) -> u64 {
    if readout > 0.0 {
        for q in 0..n {
            if rng.random::<f64>() < readout {
                x ^= 1 << q;
            }
        }
    }
    x
}

/// P(valid) on `valid` and the energy of `circuit` (the exported circuit of `sim`'s cost at
/// `angles`) under the model of `draws`, from its seeded trajectories.
pub fn estimate(
    sim: &dyn Qaoa,
    circuit: &NoisyCircuit,
    angles: &Angles,
    valid: &[u64],
    draws: &Draws<'_>,
) -> Result<NoisyEstimate> {
    let (model, trajectories, _, cancel) = draws.parts();
    let began = std::time::Instant::now();
    // Each step of the setup sweeps the whole state (seconds at 25 qubits and more): the stop
    // request is read between them.
    let step = || {
        cancel
            .check(TRAJECTORIES_TASK)
            .map_err(|e| how_far(e, 0, trajectories, began))
    };
    step()?;
    let evo = Evolution::new(sim, circuit)?;
    step()?;
    let prefix = prefixes(&evo);
    step()?;
    let diag = sim.diagonal();
    let readout = Readout::new(
        valid,
        model.readout,
        sim.num_states(),
        |k| diag.get(k),
        |amps: &[Complex64]| sim.expectation(amps),
    );
    step()?;
    let noiseless = sim.evaluate(angles, valid)?;
    step()?;
    let n = circuit.num_qubits;
    crate::sim::check_bytes(n, 16u128 << n)?;
    let mut amps = vec![Complex64::new(0.0, 0.0); 1 << n];
    // The error-free trajectory: the noiseless values, read out through the flips.
    let v0 = if readout.smoothed.is_none() {
        (noiseless.success_probability, noiseless.energy)
    } else {
        evo.run(&mut amps, &Events::default(), prefix.as_deref(), cancel)
            .map_err(|e| how_far(e, 0, trajectories, began))?;
        readout.measure(&amps)
    };
    let values = run_trajectories(draws, |rng| {
        let events = sample_events(circuit, model, rng);
        if events.first_layer().is_none() {
            return Ok(None);
        }
        evo.run(&mut amps, &events, prefix.as_deref(), cancel)?;
        Ok(Some(readout.measure(&amps)))
    })?;
    let noiseless = (noiseless.success_probability, noiseless.energy);
    let counts = circuit.gate_counts();
    Ok(NoisyEstimate::from_trajectories(
        draws,
        NoiseRoute::Layered,
        &counts,
        &values,
        v0,
        noiseless,
        began,
        None,
    ))
}

/// `shots` noisy measurements: `T' = min(trajectories, shots)` trajectories, trajectory t
/// giving `⌊shots/T'⌋` shots plus one for t < shots mod T', each drawn from its state's
/// distribution and every bit flipped with probability `model.readout`. Counts keyed by
/// basis index (bit q = qubit q).
pub fn sample_counts(sim: &dyn Qaoa, circuit: &NoisyCircuit, shots: Shots, draws: &Draws<'_>) -> Result<CountMap> {
    let (model, cancel) = (draws.model, draws.cancel);
    let evo = Evolution::new(sim, circuit)?;
    let prefix = prefixes(&evo);
    let n = circuit.num_qubits;
    crate::sim::check_bytes(n, 24u128 << n)?;
    let mut amps = vec![Complex64::new(0.0, 0.0); 1 << n];
    let mut cumulative = vec![0.0; 1 << n];
    sample_by_trajectory(draws, shots, "", |rng, mine, counts| {
        let events = sample_events(circuit, model, rng);
        evo.run(&mut amps, &events, prefix.as_deref(), cancel)?;
        draw_shots(&amps, &mut cumulative, mine, model.readout, rng, counts);
        Ok(())
    })
}

/// `shots` draws from the distribution of `amps` (`cumulative`: scratch of its length), each
/// bit then flipped with probability `readout`, added to `counts` (keys: full-space indices).
pub(crate) fn draw_shots(
    amps: &[Complex64],
    cumulative: &mut [f64],
    shots: u64,
    readout: f64,
    rng: &mut SeededRng,
    counts: &mut std::collections::BTreeMap<u64, u64>,
) {
    let n = log2(amps.len());
    let mut total = 0.0;
    for (c, a) in cumulative.iter_mut().zip(amps) {
        total += a.norm_sqr();
        *c = total;
    }
    let last = amps.iter().rposition(|a| a.norm_sqr() > 0.0).unwrap_or(0);
    for _ in 0..shots {
        let k = draw_index(cumulative, total, last, rng) as u64;
        *counts.entry(read_out(k, n, readout, rng)).or_insert(0) += 1;
    }
}

fn log2(len: usize) -> usize {
    len.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_stays_between_its_values() {
        // Offsets from v0 that cancel only up to rounding.
        let (mean, se) = mean_and_se(&[0.0; 200], 1.7e-5);
        assert_eq!((mean, se), (0.0, 0.0));
        let (mean, _) = mean_and_se(&[0.25, 0.5], 0.1);
        assert!((mean - 0.375).abs() < 1e-15);
        let (mean, _) = mean_and_se(&[], 0.3);
        assert!(mean.is_nan());
    }

    #[test]
    fn mean_of_equal_values_is_exact() {
        let v0 = 0.1 + 0.2;
        let (m, se) = mean_and_se(&vec![v0; 197], v0);
        assert_eq!(m.to_bits(), v0.to_bits());
        assert_eq!(se.to_bits(), 0f64.to_bits());
        let (m, se) = mean_and_se(&[1.0, 2.0, 3.0, 4.0], 0.5);
        assert!((m - 2.5).abs() < 1e-15);
        // Sample variance 5/3, over 4.
        assert!((se - (5.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-15);
    }
}
