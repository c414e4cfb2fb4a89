//! QAOA over a range of depths on one encoded puzzle: the shared core of `solve`, `demo`,
//! `qasm --optimize` and sweeps. [`solve`] is the whole job: simulator, success states,
//! optimisation at each depth, and the report.

use super::depth::{self, DepthResult};
use super::transfer::{self, AngleFile};
use crate::angles::Angles;
use crate::checked::Depths;
use crate::encoding::{Encoding, QubitCell, SuccessStates};
use crate::error::{Error, RequestProblem, Result};
use crate::noise::{NoiseSettings, NoisyEstimate};
use crate::puzzle::Board;
use crate::qaoa::optimize::{self, Init, Method, OptimizeConfig, Optimized};
use crate::qaoa::schedule;
use crate::qaoa::{Objective, Qaoa};
use crate::simulation::{self, BlockReport, Provenance, Route, Simulation, SpaceSettings};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// The objective of a sweep, before the instance's valid states are known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ObjectiveSpec {
    /// `⟨C⟩`.
    Energy,
    /// Minus the probability of a valid board (exact adjoint gradient).
    Success,
    /// CVaR at `alpha ∈ (0, 1]` (Nelder–Mead: no gradient).
    Cvar(f64),
}

impl ObjectiveSpec {
    /// Parse `energy`, `success` or `cvar:ALPHA` with `0 < ALPHA ≤ 1`.
    pub fn parse(s: &str) -> Result<Self> {
        match s {
            "energy" => Ok(ObjectiveSpec::Energy),
            "success" => Ok(ObjectiveSpec::Success),
            _ => {
                let bad = || Error::Syntax {
                    what: "objective",
                    text: s.to_string(),
                    problem: "write energy, success or cvar:ALPHA with 0 < ALPHA <= 1".into(),
                };
                let alpha: f64 = s.strip_prefix("cvar:").ok_or_else(bad)?.parse().map_err(|_| bad())?;
                if alpha > 0.0 && alpha <= 1.0 {
                    Ok(ObjectiveSpec::Cvar(alpha))
                } else {
                    Err(bad())
                }
            }
        }
    }

    /// The objective for an instance whose valid basis states are `valid` (sorted).
    pub fn to_objective(self, valid: &[u64]) -> Objective {
        match self {
            ObjectiveSpec::Energy => Objective::Energy,
            ObjectiveSpec::Success => Objective::Success(valid.to_vec()),
            ObjectiveSpec::Cvar(a) => Objective::Cvar(a),
        }
    }

    /// The name in reports and CSV rows (the same as [`Objective::name`]).
    pub fn name(self) -> String {
        self.to_objective(&[]).name()
    }
}

impl Serialize for ObjectiveSpec {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for ObjectiveSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ObjectiveSpec::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl std::fmt::Display for ObjectiveSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// What `solve` runs on an encoded puzzle.
#[derive(Clone, Debug)]
pub struct SolveSettings {
    /// Depths, ascending, each at least 1.
    pub depths: Depths,
    /// How the first angles of each depth are chosen.
    pub init: Init,
    /// What the optimiser minimises.
    pub objective: ObjectiveSpec,
    /// Optimiser, iteration cap, restarts, seed.
    pub config: OptimizeConfig,
    /// The space simulated and its mixer.
    pub space: SpaceSettings,
    /// Noise models under which each depth is also estimated at its optimised angles (none:
    /// no estimate).
    pub noise: NoiseSettings,
    /// Reports and sweep tables of other instances, for the `transfer` init.
    pub transfer_from: Vec<AngleFile>,
    /// `Some(text)`: the init's angles are a fixed schedule, evaluated without optimisation
    /// (`config.optimise` is false); the text names it in the report (`lr:0.4,0.6`, `fixed`).
    pub schedule: Option<String>,
    /// An earlier report of this run whose noisy estimates are taken again (`--resume`).
    pub earlier: Option<crate::experiment::resume::Earlier>,
}

impl Default for SolveSettings {
    fn default() -> Self {
        SolveSettings {
            depths: Depths::default(),
            init: Init::Interp,
            objective: ObjectiveSpec::Energy,
            config: OptimizeConfig::default(),
            space: SpaceSettings::default(),
            noise: NoiseSettings::default(),
            transfer_from: Vec::new(),
            schedule: None,
            earlier: None,
        }
    }
}

/// Run QAOA on `enc` at every depth of `settings` and report. An encoding whose reduction
/// decided every cell has nothing to run: its report has no depths and the decided board.
pub fn solve(enc: &dyn Encoding, settings: &SolveSettings) -> Result<SolveReport> {
    solve_within(enc, settings, &crate::budget::Budget::unlimited())
}

/// [`solve`] with the cost histogram of the Grover mixer's histogram route counted within
/// `budget` (see [`crate::simulation::histogram::cost_histogram_within`]).
pub fn solve_within(
    enc: &dyn Encoding,
    settings: &SolveSettings,
    budget: &crate::budget::Budget<'_>,
) -> Result<SolveReport> {
    whole(solve_keeping_within(enc, settings, budget)?)
}

/// What a run that keeps its finished depths returned, as one result: the stop's error, if it
/// stopped, else what it made.
pub fn whole<T>((made, stop): (T, Option<DepthStop>)) -> Result<T> {
    match stop {
        Some(stop) => Err(stop.error),
        None => Ok(made),
    }
}

/// Where a run over depths stopped, the depths before it being done: the depth and the error
/// that stopped it (a budget, Ctrl-C, memory, or any other failure of that depth).
#[derive(Debug)]
pub struct DepthStop {
    /// The depth that did not finish.
    pub depth: usize,
    /// Why.
    pub error: Error,
    /// The depth as far as it got where its optimisation finished and the stop came in its
    /// noise estimates: its angles and the models finished before the stop.
    pub partial: Option<DepthResult>,
}

/// The report's record of a [`DepthStop`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stopped {
    /// The depth that did not finish (the depths before it are reported).
    pub depth: usize,
    /// Why, as the error says it.
    pub reason: String,
    /// Where noise models finished at that depth before the stop, the depth's optimised
    /// angles (absent where none did).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gammas: Vec<f64>,
    /// The same for the mixer angles.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub betas: Vec<f64>,
    /// The noise models finished at that depth before the stop, which `solve --resume` takes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub noisy: Vec<NoisyEstimate>,
}

impl DepthStop {
    /// Its record in a report.
    pub fn stopped(&self) -> Stopped {
        let finished = self.partial.as_ref().filter(|d| !d.noisy.is_empty());
        Stopped {
            depth: self.depth,
            reason: self.error.to_string(),
            gammas: finished.map_or_else(Vec::new, |d| d.gammas.clone()),
            betas: finished.map_or_else(Vec::new, |d| d.betas.clone()),
            noisy: finished.map_or_else(Vec::new, |d| d.noisy.clone()),
        }
    }
}

/// [`solve_within`] that keeps what is done: each depth is optimised and then its noise
/// estimated before the next begins, and a depth that fails (budget, Ctrl-C, memory) ends the
/// run with the depths before it reported, `stopped` saying which depth stopped and why, and
/// the stop returned beside. A failure before the first depth is the error.
pub fn solve_keeping_within(
    enc: &dyn Encoding,
    settings: &SolveSettings,
    budget: &crate::budget::Budget<'_>,
) -> Result<(SolveReport, Option<DepthStop>)> {
    let n = enc.num_qubits();
    if !settings.noise.models.is_empty() {
        crate::noise::check_space(&settings.space)?;
    }
    let has_gradient = settings.objective.to_objective(&[]).has_gradient();
    let mut report = SolveReport {
        provenance: Provenance::unsimulated(enc, settings.space.space, settings.space.mixer),
        qubit_cells: enc.qubit_cells(),
        valid_bitstrings: Vec::new(),
        valid_states: 1.0,
        route: Route::Statevector,
        non_qubo_failures: Vec::new(),
        uniform_baseline: 1.0,
        blocks: Vec::new(),
        decided_board: None,
        init: settings.init,
        // CVaR has no gradient, so the optimiser falls back to Nelder–Mead.
        optimizer: if has_gradient {
            settings.config.method
        } else {
            Method::NelderMead
        },
        objective: settings.objective,
        restarts: settings.config.restarts.get(),
        seed: settings.config.seed,
        version: env!("CARGO_PKG_VERSION").into(),
        schedule: settings.schedule.clone(),
        depths: Vec::new(),
        warnings: enc.puzzle().warnings(),
        stopped: None,
    };
    if n == 0 {
        let board = enc.board(0);
        if !enc.puzzle().check(&board).is_empty() {
            return Err(Error::Unsatisfiable {
                reason: format!(
                    "the {} reduction decides every cell, and the board it gives breaks a rule",
                    enc.level()
                ),
            });
        }
        report.decided_board = Some(board);
        return Ok((report, None));
    }
    let space = simulation::run_settings(enc, &settings.space, settings.noise.needs_gates())?;
    let simulation = simulation::simulation_within(enc, &space, budget)?;
    depth::check_noise_fits(&simulation, &settings.noise)?;
    // A depth whose trajectories cannot be held ends the run there, before any optimisation:
    // the depths before it run and are reported, `stopped` naming it.
    let refused = depth::first_sector_refusal(
        enc,
        &simulation,
        &settings.noise,
        &settings.depths,
        settings.config.seed,
        settings.earlier.as_ref(),
    )?;
    let (runnable, refused) = match refused {
        None => (settings.depths.clone(), None),
        Some((depth, error)) => match settings.depths.below(depth) {
            None => return Err(error),
            Some(below) => (
                below,
                Some(DepthStop {
                    depth,
                    error,
                    partial: None,
                }),
            ),
        },
    };
    report.provenance = Provenance::of(enc, &simulation);
    report.blocks = simulation.blocks();
    let success = simulation::success_states(enc, &simulation)?;
    let objective = settings.objective.to_objective(&success.valid);
    let config = with_table(
        &settings.config,
        settings.init,
        &report.provenance,
        &settings.transfer_from,
    )?;
    // Each depth's noise right after its optimisation, so that a later depth's failure keeps it.
    let seed = report.seed;
    let (depths, stop) = run_depths_then(
        &simulation,
        &objective,
        &success,
        &runnable,
        settings.init,
        &config,
        |d, part| {
            let noise = crate::noise::NoiseSettings {
                cancel: part.clone(),
                ..settings.noise.clone()
            };
            depth::add_noise(
                d,
                enc,
                &simulation,
                &success.valid,
                &noise,
                seed,
                settings.earlier.as_ref(),
            )
        },
    )?;
    report.depths = depths;
    let stop = stop.or(refused);
    report.stopped = stop.as_ref().map(DepthStop::stopped);
    report.route = simulation.route();
    report.valid_states = simulation.states_of(&success.valid);
    if simulation.histogram().is_none() {
        report.valid_bitstrings = success.valid.iter().map(|&k| simulation.bitstring(k)).collect();
        report.non_qubo_failures = success.non_qubo.iter().map(|&k| simulation.bitstring(k)).collect();
    }
    report.uniform_baseline = report.valid_states / simulation.dimension();
    Ok((report, stop))
}

/// `config` with the angle table the init needs, when it has none: the fixed table of the
/// puzzle kind, space and mixer for `fixed`, the median of `transfer_from` for `transfer`.
pub fn with_table(
    config: &OptimizeConfig,
    init: Init,
    target: &Provenance,
    transfer_from: &[AngleFile],
) -> Result<OptimizeConfig> {
    let mut config = config.clone();
    if config.table.is_none() {
        config.table = match init {
            Init::Fixed => Some(Arc::new(schedule::fixed_table(
                &target.puzzle,
                target.space,
                target.mixer,
            )?)),
            Init::Transfer => Some(Arc::new(transfer::transfer_table(transfer_from, target)?)),
            _ => None,
        };
    }
    Ok(config)
}

/// The task [`run_depths`] tells its progress under, with the depths before the one running,
/// weighed by p, over all of them as the fraction (the optimiser's own ticks, under the same
/// name, carry that fraction on).
pub const DEPTHS_TASK: &str = "optimising the angles";

/// Optimise each depth in `depths` (ascending) on `sim`, starting as `init` says; INTERP grows
/// the previous depth's optimum, and falls back to the ramp at the first depth. P(valid),
/// P(non-QUBO only) and P(invalid) are reported apart.
pub fn run_depths(
    sim: &Simulation,
    objective: &Objective,
    success: &SuccessStates,
    depths: &Depths,
    init: Init,
    config: &OptimizeConfig,
) -> Result<Vec<DepthResult>> {
    whole(run_depths_then(
        sim,
        objective,
        success,
        depths,
        init,
        config,
        |_, _| Ok(()),
    )?)
}

/// [`run_depths`], calling `then` on each depth's result once it is measured (its noise) with
/// the stop request of that depth (its progress and stop named `p = P`, its fraction within
/// the depth's share of the run), and keeping the depths done: a depth that fails ends the loop
/// with the stop beside them. A failure at the first depth is the error itself.
pub fn run_depths_then(
    sim: &Simulation,
    objective: &Objective,
    success: &SuccessStates,
    depths: &Depths,
    init: Init,
    config: &OptimizeConfig,
    mut then: impl FnMut(&mut DepthResult, &crate::budget::Cancel) -> Result<()>,
) -> Result<(Vec<DepthResult>, Option<DepthStop>)> {
    let mut out: Vec<DepthResult> = Vec::new();
    let mut previous: Option<(usize, Angles)> = None;
    // Work grows with p: the fraction done weighs each depth by it.
    let total: usize = depths.iter().sum();
    let mut weighed = 0;
    for depth in depths.each() {
        let p = depth.get();
        config
            .cancel
            .tick(DEPTHS_TASK, Some(weighed as f64 / total as f64), || {
                format!("depths below p = {p} done")
            });
        let part = config.cancel.within(
            format!("p = {p}"),
            weighed as f64 / total as f64,
            (weighed + p) as f64 / total as f64,
        );
        weighed += p;
        // The depth as far as it got, where the stop came after its optimisation.
        let mut partial = None;
        let mut one = || -> Result<(DepthResult, Angles)> {
            config.cancel.check(&format!("depth p = {p}"))?;
            let began = std::time::Instant::now();
            let prev = previous.as_ref().filter(|(q, _)| *q + 1 == p).map(|(_, a)| a);
            let (opt, scan) = optimize_depth(sim.qaoa(), objective, depth, init, prev, config)?;
            // Measuring evaluates the state again (seconds on a large one): read the stop
            // request around it.
            part.check("measuring the optimised state")?;
            let mut d = depth::measure(sim, success, p, &opt, scan, began)?;
            part.check("measuring the optimised state")?;
            if let Err(e) = then(&mut d, &part) {
                partial = Some(d);
                return Err(e);
            }
            Ok((d, opt.angles))
        };
        match one() {
            Ok((d, angles)) => {
                out.push(d);
                previous = Some((p, angles));
            }
            Err(e) if out.is_empty() => return Err(e),
            Err(error) => {
                let stop = DepthStop {
                    depth: p,
                    error,
                    partial,
                };
                return Ok((out, Some(stop)));
            }
        }
    }
    Ok((out, None))
}

/// Optimise depth `p`, starting as `init` says: INTERP grows `previous` (the optimum at depth
/// p−1) and falls back to the ramp without it; `random` draws seeded uniform angles;
/// `transfer` and `fixed` start from `config.table`; `lr` optimises only the ramp's two scales
/// (from `config.ramp`, else the best of the ramp grid). With `config.optimise` false the
/// start is evaluated as it is (a fixed schedule). Returns
/// the optimum and the objective evaluations spent outside the optimiser (25 for the ramp
/// grid). The seed of depth p is `config.seed + p`, so a depth's result does not depend on the
/// depths run before it, except through `previous`: whatever the init, the optimum at depth
/// p−1 with a zero layer appended is the same circuit, so it is a candidate too
/// ([`no_worse_than_previous`]), and depth p never ends worse than depth p−1 (not for `lr`,
/// whose angles stay on the ramp, nor for fixed schedules).
pub fn optimize_depth(
    sim: &dyn Qaoa,
    objective: &Objective,
    p: crate::checked::Depth,
    init: Init,
    previous: Option<&Angles>,
    config: &OptimizeConfig,
) -> Result<(Optimized, usize)> {
    let p = p.get();
    let previous = previous.filter(|a| a.p() + 1 == p);
    let depth_config = OptimizeConfig {
        seed: config.seed.wrapping_add(p as u64),
        ..config.clone()
    };
    let mut rng = crate::rng::seeded(depth_config.seed ^ 0x5eed);
    let table = || {
        config
            .table
            .as_deref()
            .ok_or(Error::Request(RequestProblem::NoAngleTable { init: init.name() }))
    };
    if init == Init::Lr {
        let (scales, scan) = match config.ramp {
            Some(given) => (given, 0),
            None => (optimize::ramp_scales_within(sim, objective, p, &config.cancel)?, 25),
        };
        let opt = if config.optimise {
            // The ramp stays a ramp: no step off it toward depth p−1's optimum.
            optimize::optimize_ramp(sim, objective, p, scales, &depth_config)?
        } else {
            evaluated(sim, objective, schedule::ramp(p, scales.0, scales.1)?)?
        };
        return Ok((opt, scan));
    }
    let (start, scan) = match (init, previous) {
        (Init::Interp, Some(a)) => (a.interp(), 0),
        (Init::Random, _) => (optimize::random_start(sim, p, &mut rng)?, 0),
        (Init::Transfer | Init::Fixed, _) => (table()?.at(p)?, 0),
        _ => (optimize::ramp_start_within(sim, objective, p, &config.cancel)?, 25),
    };
    if !config.optimise {
        return Ok((evaluated(sim, objective, start)?, scan));
    }
    let opt = optimize::optimize(sim, objective, &start, init == Init::Random, &depth_config)?;
    Ok((
        no_worse_than_previous(sim, objective, opt, previous, &depth_config)?,
        scan,
    ))
}

/// The angles of a fixed schedule with their objective: one evaluation, no optimisation.
fn evaluated(sim: &dyn Qaoa, objective: &Objective, angles: Angles) -> Result<Optimized> {
    let began = std::time::Instant::now();
    let value = sim.objective(&angles, objective)?;
    Ok(Optimized {
        angles,
        value,
        evaluations: 1,
        gradients: 0,
        seconds: began.elapsed().as_secs_f64(),
    })
}

/// `opt` at depth p, or better: the optimum of depth p−1 (`previous`) with a zero layer
/// appended is the same circuit at depth p, so when `opt` is worse than it, L-BFGS (or the
/// configured optimiser) goes on from that point, and the better of the two is kept. The
/// evaluations and gradients of both are counted.
pub fn no_worse_than_previous(
    sim: &dyn Qaoa,
    objective: &Objective,
    opt: Optimized,
    previous: Option<&Angles>,
    config: &OptimizeConfig,
) -> Result<Optimized> {
    let Some(prev) = previous.filter(|a| a.p() + 1 == opt.angles.p()) else {
        return Ok(opt);
    };
    let padded = Angles {
        gammas: prev.gammas.iter().copied().chain([0.0]).collect(),
        betas: prev.betas.iter().copied().chain([0.0]).collect(),
    };
    let value = sim.objective(&padded, objective)?;
    if opt.value <= value {
        return Ok(Optimized {
            evaluations: opt.evaluations + 1,
            ..opt
        });
    }
    let single = OptimizeConfig {
        restarts: crate::checked::Restarts::ONE,
        ..config.clone()
    };
    let again = optimize::optimize(sim, objective, &padded, false, &single)?;
    let (evaluations, gradients) = (opt.evaluations + again.evaluations + 1, opt.gradients + again.gradients);
    let seconds = opt.seconds + again.seconds;
    let best = if again.value < opt.value { again } else { opt };
    Ok(Optimized {
        evaluations,
        gradients,
        seconds,
        ..best
    })
}

/// Deepest circuit any command builds ([`crate::checked::Depths`] checks it).
pub use crate::checked::MAX_DEPTH;

/// Most optimiser starts per depth a run takes (solve, sweep): each start is a whole
/// optimisation, so more would only make a run that never ends.
pub const MAX_RESTARTS: usize = crate::qaoa::optimize::MAX_RESTARTS;

/// The report of `quzzle solve` (its JSON is part of the interface).
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    /// The puzzle, encoding, reduction and space.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// For each qubit, the cells it stands for.
    pub qubit_cells: Vec<Vec<QubitCell>>,
    /// Bitstrings (qubit 0 first) of the valid boards; empty on the histogram route, where
    /// they are counted, not listed.
    pub valid_bitstrings: Vec<String>,
    /// The number of valid basis states in the simulated space.
    pub valid_states: f64,
    /// How the space is simulated (on the histogram route the basis of `top_bitstring` is a
    /// cost class and the bitstring one of its states).
    pub route: Route,
    /// Zero-energy bitstrings that break only rules the QUBO cannot express.
    pub non_qubo_failures: Vec<String>,
    /// Probability of a valid board when sampling the simulated space uniformly:
    /// |valid| / dimension (2^n on the full space).
    pub uniform_baseline: f64,
    /// The enforced blocks (none on the full space).
    pub blocks: Vec<BlockReport>,
    /// The board, when the reduction decided every cell (0 qubits, no depths run).
    pub decided_board: Option<Board>,
    /// Initial-angle strategy.
    pub init: Init,
    /// Optimiser (Nelder–Mead for an objective without a gradient).
    pub optimizer: Method,
    /// Objective minimised.
    pub objective: ObjectiveSpec,
    /// Starts per depth.
    pub restarts: usize,
    /// Seed.
    pub seed: u64,
    /// quzzle version.
    pub version: String,
    /// A fixed schedule's name when the angles were not optimised (`lr:DG,DB`, `transfer`,
    /// `fixed`); absent when they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule: Option<String>,
    /// One entry per depth.
    pub depths: Vec<DepthResult>,
    /// What the file's reader says the report must carry (an LP objective the circuit's cost
    /// cannot separate: docs/lp.md); absent when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// The depth that did not finish and why, when the run stopped early (the depths before it
    /// are the ones reported); absent when every depth asked for ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
}

impl SolveReport {
    /// The depths as CSV with a header row (fields quoted where they need it; floats in the
    /// shortest form that reads back to the same number).
    pub fn to_csv(&self) -> Result<String> {
        use crate::encoding::{space::SpaceChoice, EncodingKind};
        use crate::mixer::MixerKind;
        use crate::model::Level;
        #[derive(Serialize)]
        struct Row<'a> {
            file: &'a str,
            encoding: EncodingKind,
            reduce: Level,
            qubits: usize,
            space: SpaceChoice,
            mixer: MixerKind,
            dimension: f64,
            p: usize,
            init: Init,
            optimizer: Method,
            objective: ObjectiveSpec,
            seed: u64,
            energy: f64,
            success_probability: f64,
            p_non_qubo: f64,
            p_invalid: f64,
            shots_99: f64,
            objective_value: f64,
            top_bitstring: &'a str,
            top_is_valid: bool,
            evaluations: usize,
            gradients: usize,
            seconds: f64,
            gammas: String,
            betas: String,
            // With `--noise`, as in sweep rows: one value per model, space-separated, in the
            // order of `noise`; empty without it.
            noise: String,
            noise_trajectories: Option<usize>,
            noise_p_valid: String,
            noise_p_valid_se: String,
            noise_energy: String,
            noise_energy_se: String,
            gates_h: Option<usize>,
            gates_rz: Option<usize>,
            gates_rx: Option<usize>,
            gates_cx: Option<usize>,
            // Time to solution (docs/usage.md): cost-layer applications always; with
            // `--device`, one value per device, as in sweep rows.
            applications_99: f64,
            devices: String,
            shot_seconds: String,
            tts99_seconds: String,
        }
        let join = |v: &[f64]| v.iter().map(|x| format!("{x}")).collect::<Vec<_>>().join(" ");
        let each = |d: &DepthResult, f: fn(&crate::noise::NoisyEstimate) -> f64| join(&d.per_noise_model(f));
        let mut w = csv::Writer::from_writer(Vec::new());
        let v = &self.provenance;
        for d in &self.depths {
            w.serialize(Row {
                file: &v.file,
                encoding: v.encoding,
                reduce: v.reduce,
                qubits: v.qubits,
                space: v.space,
                mixer: v.mixer,
                dimension: v.dimension,
                p: d.p,
                init: self.init,
                optimizer: self.optimizer,
                objective: self.objective,
                seed: self.seed,
                energy: d.energy,
                success_probability: d.success_probability,
                p_non_qubo: d.p_non_qubo,
                p_invalid: d.p_invalid,
                shots_99: d.shots_99.unwrap_or(f64::INFINITY),
                objective_value: d.objective_value,
                top_bitstring: &d.top_bitstring,
                top_is_valid: d.top_is_valid,
                evaluations: d.evaluations,
                gradients: d.gradients,
                seconds: d.seconds,
                gammas: join(&d.gammas),
                betas: join(&d.betas),
                noise: d.noise_names(),
                noise_trajectories: d.noisy.first().map(|e| e.trajectories),
                noise_p_valid: each(d, |e| e.p_valid),
                noise_p_valid_se: each(d, |e| e.p_valid_se),
                noise_energy: each(d, |e| e.energy),
                noise_energy_se: each(d, |e| e.energy_se),
                gates_h: d.gates.as_ref().map(|g| g.h),
                gates_rz: d.gates.as_ref().map(|g| g.rz),
                gates_rx: d.gates.as_ref().map(|g| g.rx),
                gates_cx: d.gates.as_ref().map(|g| g.cx),
                applications_99: d.applications_99.unwrap_or(f64::INFINITY),
                devices: d.device_names(),
                shot_seconds: join(&d.shot_seconds()),
                tts99_seconds: join(&d.tts99_seconds()),
            })
            .map_err(|e| Error::csv("depths.csv", e))?;
        }
        let bytes = w.into_inner().map_err(|e| Error::csv("depths.csv", e))?;
        Ok(String::from_utf8(bytes).expect("CSV of UTF-8 fields"))
    }
}
