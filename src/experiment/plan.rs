//! `plan`: what a device will give for a puzzle before any device time is spent. Every space
//! and mixer whose circuit exports is optimised noiselessly at each depth, its circuit's
//! P(valid) estimated under the device's noise model, and turned into shots and device seconds
//! to a valid board with 99 % confidence (the device's gate, readout and reset times); the
//! best depth of each, the best of all, and simulated annealing's time beside them.

use super::anneal::{anneal, AnnealSettings, BetaSchedule};
use super::solve::{solve_keeping_within, SolveReport, SolveSettings, Stopped};
use crate::checked::Depths;
use crate::encoding::space::{Space, SpaceChoice};
use crate::encoding::Encoding;
use crate::error::{Error, Result};
use crate::mixer::{MixerKind, StartChoice};
use crate::noise::timing::DeviceTiming;
use crate::noise::{NoiseModel, NoiseSettings, Truncation};
use crate::qaoa::optimize::{Init, OptimizeConfig};
use crate::simulation::mixers::{NoiseRoute, MIXERS};
use crate::simulation::SpaceSettings;
use serde::Serialize;

/// What `plan` runs.
#[derive(Clone, Debug)]
pub struct PlanSettings {
    /// Depths, ascending, each at least 1.
    pub depths: Depths,
    /// The device's noise model.
    pub noise: NoiseModel,
    /// The device's gate, readout and reset times.
    pub timing: DeviceTiming,
    /// Trajectories per noisy estimate.
    pub trajectories: crate::checked::Trajectories,
    /// What sector trajectories drop.
    pub truncation: Truncation,
    /// The noiseless optimisation of each depth (its `cancel` stops the whole plan).
    pub config: OptimizeConfig,
    /// Only this space (none: every space the puzzle has).
    pub space: Option<SpaceChoice>,
    /// Only this mixer (none: every mixer with a circuit).
    pub mixer: Option<MixerKind>,
    /// Annealing's reads and sweeps per read (0 reads: no annealing).
    pub anneal_reads: usize,
    /// Sweeps per annealing read.
    pub anneal_sweeps: usize,
}

/// One depth of one space and mixer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanDepth {
    /// Depth.
    pub p: usize,
    /// `cx` gates of the exported circuit (`rzz` and XY gates in `cx`).
    pub cx: usize,
    /// P(valid) of the circuit without errors.
    pub p_valid: f64,
    /// The noisy P(valid): the trajectories' mean.
    pub noisy_p_valid: f64,
    /// Its standard error.
    pub noisy_p_valid_se: f64,
    /// `[lower, upper]` around the trajectories' mean: the truncation's bracket (width 0 where
    /// it is exact or nothing was truncated).
    pub bracket: [f64; 2],
    /// Shots for a valid board with 99 % confidence at the noisy P(valid); `None` where it
    /// is 0.
    pub shots_99: Option<f64>,
    /// One shot's seconds on the device.
    pub shot_seconds: f64,
    /// `shots_99 · shot_seconds`; `None` where the noisy P(valid) is 0.
    pub device_seconds_99: Option<f64>,
}

/// One space and mixer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanCandidate {
    /// The space.
    pub space: SpaceChoice,
    /// The mixer.
    pub mixer: MixerKind,
    /// Qubits of its circuit.
    pub qubits: usize,
    /// Basis states of the space.
    pub dimension: f64,
    /// How its noisy trajectories run.
    pub noise_route: NoiseRoute,
    /// The depths done, ascending.
    pub depths: Vec<PlanDepth>,
    /// The depth with the fewest device seconds to a valid board (the smaller on a tie);
    /// `None` where no depth has a valid board under noise.
    pub best_p: Option<usize>,
    /// The depth that failed and why (memory, a refused estimate); the depths before it are
    /// kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
}

/// A space and mixer that gives no plan, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanSkipped {
    /// The space.
    pub space: SpaceChoice,
    /// The mixer.
    pub mixer: MixerKind,
    /// Why, as the error says it.
    pub reason: String,
}

/// The best of the plan.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanBest {
    /// The space.
    pub space: SpaceChoice,
    /// The mixer.
    pub mixer: MixerKind,
    /// The depth.
    pub p: usize,
    /// Its noisy P(valid).
    pub noisy_p_valid: f64,
    /// Shots for a valid board with 99 % confidence.
    pub shots_99: f64,
    /// Device seconds to a valid board with 99 % confidence.
    pub device_seconds_99: f64,
}

/// Simulated annealing on the same QUBO, beside.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanAnneal {
    /// Reads.
    pub reads: usize,
    /// Sweeps per read.
    pub sweeps: usize,
    /// P(valid) per read.
    pub p_valid: f64,
    /// Reads for a valid board with 99 % confidence; `None` where no read ended valid.
    pub reads_99: Option<f64>,
    /// CPU seconds on one thread to a valid board with 99 % confidence.
    pub tts99_seconds: Option<f64>,
}

/// The plan of one puzzle on one device.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanReport {
    /// The puzzle file.
    pub file: String,
    /// The puzzle kind.
    pub puzzle: String,
    /// Reduction level.
    pub reduce: String,
    /// Qubits of the encoding.
    pub qubits: usize,
    /// The noise model's name.
    pub noise: String,
    /// Its rates, as text.
    pub noise_rates: String,
    /// Where its rates come from.
    pub noise_source: String,
    /// The device timing.
    pub timing: DeviceTiming,
    /// Trajectories per noisy estimate.
    pub trajectories: usize,
    /// What sector trajectories drop.
    pub truncation: Truncation,
    /// Depths asked for.
    pub depths: Vec<usize>,
    /// Seed of the optimiser and of the trajectories.
    pub seed: u64,
    /// Every space and mixer planned.
    pub candidates: Vec<PlanCandidate>,
    /// Those that give no plan.
    pub skipped: Vec<PlanSkipped>,
    /// The fewest device seconds of all; `None` where no circuit gives a valid board under
    /// noise.
    pub best: Option<PlanBest>,
    /// Annealing beside (none with 0 reads, or when the plan stopped first).
    pub anneal: Option<PlanAnneal>,
    /// Where the whole plan stopped (budget, Ctrl-C): the candidates before are kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Wall seconds.
    pub seconds: f64,
}

/// A share of the plan's time as its stop tells it: tenths of a second below 100 s.
fn seconds_text(s: f64) -> String {
    if s < 100.0 {
        format!("{s:.1} s")
    } else {
        crate::budget::seconds_text(s)
    }
}

/// Whether `e` stops the whole plan (a deadline or a stop request) rather than one candidate.
fn stops_all(e: &Error) -> bool {
    matches!(e, Error::OutOfTime { .. } | Error::Interrupted { .. })
}

/// The spaces and mixers of `enc` whose circuit exports (and takes noise), in the order of the
/// space families and then of the mixers; those that do not, with why.
pub fn candidates(enc: &dyn Encoding, settings: &PlanSettings) -> Result<(Vec<SpaceSettings>, Vec<PlanSkipped>)> {
    let mut spaces: Vec<Space> = match enc.as_onehot() {
        Some(onehot) => SpaceChoice::ALL
            .into_iter()
            .filter(|&c| c != SpaceChoice::Auto && c != SpaceChoice::Full)
            .filter_map(|c| Space::of(onehot, c).ok())
            .filter(|s| s.choice != SpaceChoice::Full)
            .collect(),
        None => Vec::new(),
    };
    spaces.insert(0, Space::full(enc.num_qubits(), enc.diagonal_bytes_per_state()));
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for space in &spaces {
        if settings.space.is_some_and(|s| s != space.choice) {
            continue;
        }
        for entry in MIXERS.iter() {
            if settings.mixer.is_some_and(|m| m != entry.kind) || !entry.keeps_space(space) {
                continue;
            }
            let asked = SpaceSettings {
                space: space.choice,
                mixer: entry.kind,
                start: StartChoice::Auto,
                chosen: crate::simulation::Chosen::Given,
            };
            // A switch mixer's circuit starts uniform where a gate list prepares that, else on
            // the first grid (as `solve --noise` resolves it): no uniform start is asked of it.
            let refused = entry.noise_refusal().map_or_else(
                || {
                    if entry.kind.is_switch() {
                        crate::simulation::circuit_settings(enc, &asked).map(|_| ())
                    } else {
                        entry.check_circuit(enc, space)
                    }
                },
                Err,
            );
            match refused {
                Ok(()) => found.push(asked),
                Err(e) => skipped.push(PlanSkipped {
                    space: space.choice,
                    mixer: entry.kind,
                    reason: e.to_string(),
                }),
            }
        }
    }
    Ok((found, skipped))
}

/// The plan's depths of one solve report.
fn depths_of(report: &SolveReport) -> Vec<PlanDepth> {
    report
        .depths
        .iter()
        .filter_map(|d| {
            let noisy = d.noisy.first()?;
            let device = d.devices.first()?;
            let shots_99 = super::stats::shots_to_solution(noisy.p_valid, 0.99);
            Some(PlanDepth {
                p: d.p,
                cx: d.gates.map_or(0, |g| g.cx),
                p_valid: d.success_probability,
                noisy_p_valid: noisy.p_valid,
                noisy_p_valid_se: noisy.p_valid_se,
                bracket: noisy.truncated.as_ref().map_or([noisy.p_valid; 2], |b| b.p_valid),
                shots_99,
                shot_seconds: device.shot_seconds,
                device_seconds_99: shots_99.map(|s| s * device.shot_seconds),
            })
        })
        .collect()
}

/// The depth of `depths` with the fewest device seconds, the smaller on a tie.
fn best_depth(depths: &[PlanDepth]) -> Option<&PlanDepth> {
    depths
        .iter()
        .filter(|d| d.device_seconds_99.is_some_and(f64::is_finite))
        .min_by(|a, b| {
            a.device_seconds_99
                .partial_cmp(&b.device_seconds_99)
                .unwrap_or(std::cmp::Ordering::Equal)
        })
}

/// Plan `enc` on the device of `settings`: every candidate's depths in turn (each depth
/// optimised, then its noise estimated), then annealing. A candidate that fails (memory, a
/// refused estimate) is kept with the depths before the failure, or skipped with why; a
/// deadline or stop request ends the plan with what is done kept, `stopped` saying why, and
/// the stop returned beside.
pub fn plan_within(
    enc: &dyn Encoding,
    settings: &PlanSettings,
    budget: &crate::budget::Budget<'_>,
) -> Result<(PlanReport, Option<Error>)> {
    let mut halt = None;
    let began = std::time::Instant::now();
    let (found, mut skipped) = candidates(enc, settings)?;
    let mut report = PlanReport::empty(enc, settings);
    // With a deadline, each circuit gets an equal part of the time left (annealing one part
    // too), so that one dear circuit cannot starve the rest; the time a part leaves goes on.
    let parts = found.len() + usize::from(settings.anneal_reads > 0);
    let plan_over = || settings.config.cancel.is_set() || budget.expired();
    for (i, space) in found.into_iter().enumerate() {
        let share = settings
            .config
            .cancel
            .seconds_left()
            .map(|left| left / (parts - i) as f64);
        let cancel = match share {
            Some(s) => settings.config.cancel.clone().with_share(s),
            None => settings.config.cancel.clone(),
        };
        let part_budget = budget.heeding(cancel.clone());
        // A stop of this circuit alone (its share ran out, the plan's time did not): the plan
        // goes on. Ctrl-C and the plan's own deadline end it.
        let halts = |e: &Error| stops_all(e) && (!matches!(e, Error::OutOfTime { .. }) || plan_over());
        let why = |e: &Error| match share {
            Some(s) if matches!(e, Error::OutOfTime { .. }) => {
                share_ran_out(e, s, parts - i, settings.anneal_reads > 0)
            }
            _ => e.to_string(),
        };
        let noise = match NoiseSettings::checked(vec![settings.noise.clone()], settings.trajectories, &space, Some(enc))
        {
            Ok(n) => n
                .with_devices(vec![settings.timing.clone()])
                .with_truncation(settings.truncation),
            Err(e) => {
                skipped.push(PlanSkipped {
                    space: space.space,
                    mixer: space.mixer,
                    reason: e.to_string(),
                });
                continue;
            }
        };
        let solve = SolveSettings {
            depths: settings.depths.clone(),
            init: Init::Interp,
            objective: super::solve::ObjectiveSpec::Energy,
            config: OptimizeConfig {
                cancel: cancel.clone(),
                ..settings.config.clone()
            },
            space,
            noise: NoiseSettings { cancel, ..noise },
            transfer_from: Vec::new(),
            schedule: None,
            earlier: None,
        };
        match solve_keeping_within(enc, &solve, &part_budget) {
            Err(e) if halts(&e) => {
                report.stopped = Some(format!("{} {}: {e}", space.space, space.mixer));
                halt = Some(e);
                break;
            }
            Err(e) => skipped.push(PlanSkipped {
                space: space.space,
                mixer: space.mixer,
                reason: why(&e),
            }),
            Ok((solved, stop)) => {
                let ends_plan = stop.as_ref().is_some_and(|s| halts(&s.error));
                // The plan keeps where a circuit stopped and why, not its finished models.
                let stopped = stop.as_ref().filter(|_| !ends_plan).map(|s| Stopped {
                    depth: s.depth,
                    reason: why(&s.error),
                    gammas: Vec::new(),
                    betas: Vec::new(),
                    noisy: Vec::new(),
                });
                report.candidates.push(PlanCandidate::of(&solved, space.mixer, stopped));
                if let Some(stop) = stop.filter(|_| ends_plan) {
                    report.stopped = Some(format!(
                        "{} {} p = {}: {}",
                        space.space, space.mixer, stop.depth, stop.error
                    ));
                    halt = Some(stop.error);
                    break;
                }
            }
        }
    }
    report.skipped = skipped;
    report.best = best_of(&report.candidates);
    if report.stopped.is_none() && settings.anneal_reads > 0 {
        halt = report.anneal_within(enc, settings)?;
    }
    report.seconds = began.elapsed().as_secs_f64();
    Ok((report, halt))
}

/// Why a circuit stopped whose share of the plan's time ran out: the share, the time that was
/// left for the `parts` still to run (circuits, and annealing where `anneal`), and `e`.
fn share_ran_out(e: &Error, share: f64, parts: usize, anneal: bool) -> String {
    let circuits = parts - usize::from(anneal);
    format!(
        "its share of the plan's time ({} of the {} left for {} circuit{}{}) ran out: {e}",
        seconds_text(share),
        seconds_text(share * parts as f64),
        circuits,
        if circuits == 1 { "" } else { "s" },
        if anneal { " and annealing" } else { "" }
    )
}

impl PlanCandidate {
    /// The candidate `solved` gives (its depths, the best of them), `stopped` at a depth
    /// where its own share ran out.
    fn of(solved: &SolveReport, mixer: MixerKind, stopped: Option<Stopped>) -> PlanCandidate {
        let depths = depths_of(solved);
        PlanCandidate {
            space: solved.provenance.space,
            mixer: solved.provenance.mixer,
            qubits: solved.provenance.qubits,
            dimension: solved.provenance.dimension,
            noise_route: crate::simulation::mixers::entry(mixer).noise,
            best_p: best_depth(&depths).map(|d| d.p),
            depths,
            stopped,
        }
    }
}

/// The candidate and depth of the fewest device seconds to 99 %, if any depth has them.
fn best_of(candidates: &[PlanCandidate]) -> Option<PlanBest> {
    candidates
        .iter()
        .filter_map(|c| {
            let d = c.depths.iter().find(|d| Some(d.p) == c.best_p)?;
            Some(PlanBest {
                space: c.space,
                mixer: c.mixer,
                p: d.p,
                noisy_p_valid: d.noisy_p_valid,
                shots_99: d.shots_99?,
                device_seconds_99: d.device_seconds_99?,
            })
        })
        .min_by(|a, b| a.device_seconds_99.total_cmp(&b.device_seconds_99))
}

impl PlanReport {
    /// The report before anything is planned: what `settings` ask for on `enc`.
    fn empty(enc: &dyn Encoding, settings: &PlanSettings) -> PlanReport {
        PlanReport {
            file: enc.file().into(),
            puzzle: enc.puzzle().kind().into(),
            reduce: enc.level().name().into(),
            qubits: enc.num_qubits(),
            noise: settings.noise.name.clone(),
            noise_rates: settings.noise.rates_text(),
            noise_source: settings.noise.source.clone(),
            timing: settings.timing.clone(),
            trajectories: settings.trajectories.get(),
            truncation: settings.truncation,
            depths: settings.depths.to_vec(),
            seed: settings.config.seed,
            candidates: Vec::new(),
            skipped: Vec::new(),
            best: None,
            anneal: None,
            stopped: None,
            seconds: 0.0,
        }
    }

    /// Annealing beside the circuits (on the full space, geometric β): its result in the
    /// report, or, where a stop request or deadline ends it, `stopped` and the stop returned.
    fn anneal_within(&mut self, enc: &dyn Encoding, settings: &PlanSettings) -> Result<Option<Error>> {
        let annealed = anneal(
            enc,
            &AnnealSettings {
                reads: settings.anneal_reads,
                sweeps: settings.anneal_sweeps,
                beta_range: None,
                schedule: BetaSchedule::Geometric,
                seed: settings.config.seed,
                space: SpaceChoice::Full,
                cancel: settings.config.cancel.clone(),
            },
        );
        match annealed {
            Ok(a) => {
                self.anneal = Some(PlanAnneal {
                    reads: a.reads,
                    sweeps: a.sweeps,
                    p_valid: a.p_valid,
                    reads_99: a.reads_99,
                    tts99_seconds: a.tts99_seconds,
                });
                Ok(None)
            }
            Err(e) if stops_all(&e) => {
                self.stopped = Some(format!("annealing: {e}"));
                Ok(Some(e))
            }
            Err(e) => Err(e),
        }
    }

    /// One row per candidate and depth: `space,mixer,qubits,p,cx,p_valid,noisy_p_valid,
    /// noisy_p_valid_se,bracket_lower,bracket_upper,shots_99,shot_seconds,device_seconds_99,best`
    /// (an empty cell where a value is none; `best` is 1 on each candidate's best depth).
    pub fn to_csv(&self) -> String {
        let mut s = String::from(
            "space,mixer,qubits,p,cx,p_valid,noisy_p_valid,noisy_p_valid_se,bracket_lower,bracket_upper,shots_99,shot_seconds,device_seconds_99,best\n",
        );
        let opt = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:?}"));
        for c in &self.candidates {
            for d in &c.depths {
                s += &format!(
                    "{},{},{},{},{},{:?},{:?},{:?},{:?},{:?},{},{:?},{},{}\n",
                    c.space,
                    c.mixer,
                    c.qubits,
                    d.p,
                    d.cx,
                    d.p_valid,
                    d.noisy_p_valid,
                    d.noisy_p_valid_se,
                    d.bracket[0],
                    d.bracket[1],
                    opt(d.shots_99),
                    d.shot_seconds,
                    opt(d.device_seconds_99),
                    u8::from(c.best_p == Some(d.p))
                );
            }
        }
        s
    }
}
