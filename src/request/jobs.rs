//! One request per job: its choices as given, and the checked request.

use super::{
    choose, count, depths_of, describe_space, init_named, inits_of, seconds, space_of, InitRequest, NoiseRequest,
    OptimizeRequest,
};
use crate::checked::{Confidence, Depths, Seconds, Shots, DEFAULT_CONFIDENCE};
use crate::encoding::space::SpaceChoice;
use crate::encoding::EncodingKind;
use crate::error::{Error, Quantity, Result};
use crate::experiment::anneal::BetaSchedule;
use crate::experiment::grover::GroverRoute;
use crate::export::counts::CountsFormat;
use crate::export::qasm::Flavor;
use crate::model::Level;
use crate::qaoa::optimize::Init;
use crate::simulation::SpaceSettings;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::PathBuf;

fn level_of(name: &str) -> Result<Level> {
    name.parse()
}

fn encoding_of(name: &str) -> Result<EncodingKind> {
    name.parse()
}

fn describe_seconds(s: Option<Seconds>) -> Value {
    s.map_or(Value::Null, |s| json!(s.get()))
}

/// Merge the members of `parts` (objects) into one object, in order.
fn merged(parts: &[Value]) -> Value {
    let mut all = serde_json::Map::new();
    for part in parts {
        if let Value::Object(map) = part {
            for (k, v) in map {
                all.insert(k.clone(), v.clone());
            }
        }
    }
    Value::Object(all)
}

fn default_trajectories() -> i128 {
    crate::noise::DEFAULT_TRAJECTORIES as i128
}

// ---------------------------------------------------------------------------------------------
// solve

/// `solve` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SolveChoices {
    /// Depths: text (`1..3,5`), one number or a list.
    pub depths: Value,
    /// The init (none: interp).
    pub init: Option<String>,
    /// A fixed schedule instead of an init.
    pub schedule: Option<String>,
    /// Angle files for transfer.
    #[serde(deserialize_with = "super::one_or_many")]
    pub angles_from: Vec<PathBuf>,
    /// Starts per depth.
    pub restarts: i128,
    /// Objective.
    pub objective: String,
    /// Optimiser.
    pub optimizer: String,
    /// Iteration cap.
    pub max_iters: i128,
    /// Seed.
    pub seed: u64,
    /// Space name.
    pub space: Option<String>,
    /// Mixer name.
    pub mixer: Option<String>,
    /// Noise models.
    #[serde(deserialize_with = "super::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories per noisy estimate.
    pub trajectories: i128,
    /// Device timings.
    #[serde(deserialize_with = "super::one_or_many")]
    pub device: Vec<String>,
    /// Time budget.
    #[serde(deserialize_with = "super::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for SolveChoices {
    fn default() -> Self {
        SolveChoices {
            depths: json!("1..3"),
            init: None,
            schedule: None,
            angles_from: Vec::new(),
            restarts: 1,
            objective: "energy".into(),
            optimizer: "lbfgs".into(),
            max_iters: 200,
            seed: 0,
            space: None,
            mixer: None,
            noise: Vec::new(),
            trajectories: default_trajectories(),
            device: Vec::new(),
            max_seconds: None,
        }
    }
}

/// `solve`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRequest {
    /// Depths.
    pub depths: Depths,
    /// The init or schedule, and transfer's files.
    pub init: InitRequest,
    /// The optimiser.
    pub optimize: OptimizeRequest,
    /// Space and mixer.
    pub space: SpaceSettings,
    /// Noise and device timings.
    pub noise: NoiseRequest,
    /// Time budget.
    pub max_seconds: Option<Seconds>,
}

impl SolveChoices {
    /// The checked request.
    pub fn check(&self) -> Result<SolveRequest> {
        let init = self.init.as_deref().map(init_named).transpose()?.map(|i| vec![i]);
        Ok(SolveRequest {
            depths: depths_of(&self.depths)?,
            init: InitRequest::check(init, vec![Init::Interp], self.schedule.as_deref(), &self.angles_from)?,
            optimize: OptimizeRequest::check(
                &self.objective,
                &self.optimizer,
                self.max_iters,
                self.restarts,
                self.seed,
            )?,
            space: space_of(self.space.as_deref(), self.mixer.as_deref())?,
            noise: NoiseRequest::check(&self.noise, self.trajectories, &self.device)?,
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl SolveRequest {
    /// The library's settings for `enc`: the angle files read, noise checked against the space
    /// `enc` resolves.
    pub fn settings(&self, enc: &dyn crate::encoding::Encoding) -> Result<crate::experiment::solve::SolveSettings> {
        Ok(crate::experiment::solve::SolveSettings {
            depths: self.depths.to_vec(),
            init: self.init.inits[0],
            objective: self.optimize.objective,
            config: self.init.apply(self.optimize.config()),
            space: self.space,
            noise: self.noise.settings(&self.space, Some(enc))?,
            transfer_from: self.init.read_angle_files()?,
            schedule: self.init.schedule.clone(),
        })
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        merged(&[
            json!({"job": "solve", "depths": self.depths}),
            self.init.describe(),
            self.optimize.describe(),
            describe_space(&self.space),
            self.noise.describe(),
            json!({"max_seconds": describe_seconds(self.max_seconds)}),
        ])
    }
}

// ---------------------------------------------------------------------------------------------
// sweep

/// `sweep` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SweepChoices {
    /// Puzzle files or folders.
    #[serde(deserialize_with = "super::one_or_many")]
    pub inputs: Vec<PathBuf>,
    /// Reduction level.
    pub reduce: String,
    /// Encoding.
    pub encoding: String,
    /// Depths.
    pub depths: Value,
    /// Inits: a name, `all` or a list (none: interp).
    pub init: Option<Value>,
    /// A fixed schedule instead of inits.
    pub schedule: Option<String>,
    /// Angle files for transfer.
    #[serde(deserialize_with = "super::one_or_many")]
    pub angles_from: Vec<PathBuf>,
    /// Starts per depth.
    pub restarts: i128,
    /// Random init gets INTERP's simulator calls.
    pub match_budget: bool,
    /// Objective.
    pub objective: String,
    /// Optimiser.
    pub optimizer: String,
    /// Iteration cap.
    pub max_iters: i128,
    /// Seed.
    pub seed: u64,
    /// Skip instances of more than 2^N states.
    pub max_qubits: i128,
    /// Time budget.
    #[serde(deserialize_with = "super::float_opt")]
    pub max_seconds: Option<f64>,
    /// Space name.
    pub space: Option<String>,
    /// Mixer name.
    pub mixer: Option<String>,
    /// Noise models.
    #[serde(deserialize_with = "super::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories.
    pub trajectories: i128,
    /// Device timings.
    #[serde(deserialize_with = "super::one_or_many")]
    pub device: Vec<String>,
    /// Shard `I/K`.
    pub shard: Option<String>,
    /// Baseline (`anneal`).
    pub baseline: Option<String>,
    /// Reads of the baseline.
    pub baseline_reads: i128,
    /// Sweeps of the baseline.
    pub baseline_sweeps: i128,
}

impl Default for SweepChoices {
    fn default() -> Self {
        SweepChoices {
            inputs: Vec::new(),
            reduce: "paper".into(),
            encoding: "onehot".into(),
            depths: json!("1..5"),
            init: None,
            schedule: None,
            angles_from: Vec::new(),
            restarts: 1,
            match_budget: true,
            objective: "energy".into(),
            optimizer: "lbfgs".into(),
            max_iters: 200,
            seed: 0,
            max_qubits: 20,
            max_seconds: None,
            space: None,
            mixer: None,
            noise: Vec::new(),
            trajectories: default_trajectories(),
            device: Vec::new(),
            shard: None,
            baseline: None,
            baseline_reads: 1000,
            baseline_sweeps: 1000,
        }
    }
}

/// The most qubits `sweep --max-qubits` takes: no statevector of more is simulated here.
pub const MAX_SWEEP_QUBITS: u64 = 64;

/// `sweep`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRequest {
    /// Puzzle files or folders.
    pub inputs: Vec<PathBuf>,
    /// Reduction level.
    pub level: Level,
    /// Encoding.
    pub encoding: EncodingKind,
    /// Depths.
    pub depths: Depths,
    /// Inits or schedule, transfer's files.
    pub init: InitRequest,
    /// Random init gets INTERP's budget (only when interp runs).
    pub match_random_budget: bool,
    /// Optimiser.
    pub optimize: OptimizeRequest,
    /// Skip instances of more than 2^N states.
    pub max_qubits: usize,
    /// Time budget.
    pub max_seconds: Option<Seconds>,
    /// Space and mixer.
    pub space: SpaceSettings,
    /// Noise and devices.
    pub noise: NoiseRequest,
    /// Shard.
    pub shard: Option<crate::experiment::sweep::shard::Shard>,
    /// Baseline reads and sweeps.
    pub baseline: Option<(usize, usize)>,
}

impl SweepChoices {
    /// The checked request.
    pub fn check(&self) -> Result<SweepRequest> {
        if self.inputs.is_empty() {
            return Err(Error::InvalidArgument("a sweep needs puzzle files or folders".into()));
        }
        let inits = self.init.as_ref().map(inits_of).transpose()?;
        let init = InitRequest::check(inits, vec![Init::Interp], self.schedule.as_deref(), &self.angles_from)?;
        let baseline = match self.baseline.as_deref() {
            None => None,
            Some("anneal") => Some((
                count(Quantity::Reads, self.baseline_reads, u32::MAX.into())? as usize,
                count(Quantity::Sweeps, self.baseline_sweeps, u32::MAX.into())? as usize,
            )),
            Some(other) => {
                return Err(Error::UnknownName {
                    what: "baseline",
                    name: other.to_string(),
                    choices: "anneal".into(),
                })
            }
        };
        let max_qubits = usize::try_from(self.max_qubits)
            .ok()
            .filter(|&q| q as u64 <= MAX_SWEEP_QUBITS)
            .ok_or_else(|| {
                Error::out_of_range(
                    Quantity::MaxQubits,
                    self.max_qubits,
                    format!("must be 0..={MAX_SWEEP_QUBITS}"),
                )
            })?;
        Ok(SweepRequest {
            inputs: self.inputs.clone(),
            level: level_of(&self.reduce)?,
            encoding: encoding_of(&self.encoding)?,
            depths: depths_of(&self.depths)?,
            match_random_budget: self.match_budget && init.inits.contains(&Init::Interp),
            init,
            optimize: OptimizeRequest::check(
                &self.objective,
                &self.optimizer,
                self.max_iters,
                self.restarts,
                self.seed,
            )?,
            max_qubits,
            max_seconds: seconds(self.max_seconds)?,
            space: space_of(self.space.as_deref(), self.mixer.as_deref())?,
            noise: NoiseRequest::check(&self.noise, self.trajectories, &self.device)?,
            shard: self
                .shard
                .as_deref()
                .map(crate::experiment::sweep::shard::Shard::parse)
                .transpose()?,
            baseline,
        })
    }
}

impl SweepRequest {
    /// The plan the library runs: files collected (and cut to the shard), angle files read,
    /// noise checked against the space.
    pub fn plan(&self) -> Result<crate::experiment::sweep::SweepPlan> {
        use crate::experiment::sweep;
        let mut files = sweep::collect_files(&self.inputs)?;
        let mut shard = None;
        if let Some(s) = self.shard {
            let (chosen, manifest) = sweep::shard::select(&files, s)?;
            files = chosen;
            shard = Some(manifest);
        }
        Ok(sweep::SweepPlan {
            files,
            level: self.level,
            encoding: self.encoding,
            depths: self.depths.to_vec(),
            inits: self.init.inits.clone(),
            objective: self.optimize.objective,
            config: self.init.apply(self.optimize.config()),
            match_random_budget: self.match_random_budget,
            max_qubits: self.max_qubits,
            space: self.space,
            noise: self.noise.settings(&self.space, None)?,
            shard,
            baseline: self.baseline.map(|(reads, sweeps)| sweep::baseline::Baseline {
                reads,
                sweeps,
                seed: self.optimize.seed,
            }),
            transfer_from: self.init.read_angle_files()?,
            schedule: self.init.schedule.clone(),
        })
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        merged(&[
            json!({
                "job": "sweep",
                "inputs": self.inputs.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
                "reduce": self.level.name(),
                "encoding": self.encoding.name(),
                "depths": self.depths,
            }),
            self.init.describe(),
            json!({"match_budget": self.match_random_budget}),
            self.optimize.describe(),
            json!({"max_qubits": self.max_qubits, "max_seconds": describe_seconds(self.max_seconds)}),
            describe_space(&self.space),
            self.noise.describe(),
            json!({
                "shard": self.shard.map(|s| format!("{}/{}", s.index, s.count)),
                "baseline": self.baseline.map(|(r, s)| json!({"method": "anneal", "reads": r, "sweeps": s})),
            }),
        ])
    }
}

// ---------------------------------------------------------------------------------------------
// export (qasm)

/// `qasm` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ExportChoices {
    /// One depth.
    pub depth: Option<i64>,
    /// Depths of an experiment folder.
    pub depths: Option<Value>,
    /// Angles from a report or manifest.
    pub angles: Option<PathBuf>,
    /// Given γ.
    #[serde(deserialize_with = "super::floats_opt")]
    pub gammas: Option<Vec<f64>>,
    /// Given β.
    #[serde(deserialize_with = "super::floats_opt")]
    pub betas: Option<Vec<f64>>,
    /// Optimise first.
    pub optimize: bool,
    /// Seed of the optimisation.
    pub seed: u64,
    /// Flavour.
    pub flavor: String,
    /// Angles as input parameters.
    pub symbolic: bool,
    /// The state in the manifest.
    pub with_state: bool,
    /// Reduction level.
    pub reduce: String,
    /// Encoding.
    pub encoding: String,
    /// Space name.
    pub space: Option<String>,
    /// Mixer name.
    pub mixer: Option<String>,
    /// Noise models predicted per depth (experiment folders).
    #[serde(deserialize_with = "super::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories.
    pub trajectories: i128,
    /// Time budget (experiment folders).
    #[serde(deserialize_with = "super::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for ExportChoices {
    fn default() -> Self {
        ExportChoices {
            depth: None,
            depths: None,
            angles: None,
            gammas: None,
            betas: None,
            optimize: false,
            seed: 0,
            flavor: "portable".into(),
            symbolic: false,
            with_state: false,
            reduce: "paper".into(),
            encoding: "onehot".into(),
            space: None,
            mixer: None,
            noise: Vec::new(),
            trajectories: default_trajectories(),
            max_seconds: None,
        }
    }
}

/// Where an export's angles come from.
#[derive(Clone, Debug, PartialEq)]
pub enum AngleChoice {
    /// A report or manifest.
    File(PathBuf),
    /// These angles (finite, within range).
    Given(crate::Angles),
    /// Optimised here with this seed.
    Optimize(u64),
}

/// `qasm`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportJob {
    /// One depth, or the depths of an experiment folder.
    pub depths: Depths,
    /// Whether an experiment folder (several files and an index) is written.
    pub folder: bool,
    /// The angles.
    pub angles: AngleChoice,
    /// Flavour.
    pub flavor: Flavor,
    /// Angles as input parameters.
    pub symbolic: bool,
    /// The state in the manifest.
    pub with_state: bool,
    /// Reduction level.
    pub level: Level,
    /// Encoding.
    pub encoding: EncodingKind,
    /// Space and mixer.
    pub space: SpaceSettings,
    /// Noise models predicted per depth.
    pub noise: NoiseRequest,
    /// Time budget.
    pub max_seconds: Option<Seconds>,
}

impl ExportChoices {
    /// The checked request.
    pub fn check(&self) -> Result<ExportJob> {
        let (depths, folder) = match (self.depth, &self.depths) {
            (Some(_), Some(_)) => {
                return Err(Error::InvalidArgument(
                    "one depth or an experiment's depths, not both".into(),
                ))
            }
            (Some(p), None) => (Depths::from_list(&[p])?, false),
            (None, Some(d)) => (depths_of(d)?, true),
            (None, None) => return Err(Error::InvalidArgument("give the depth of the circuit".into())),
        };
        let sources = [
            self.angles.is_some(),
            self.gammas.is_some() || self.betas.is_some(),
            self.optimize,
        ];
        let angles = match sources {
            [true, false, false] => AngleChoice::File(self.angles.clone().unwrap_or_default()),
            [false, true, false] => {
                if folder {
                    return Err(Error::InvalidArgument(
                        "given angles are one depth's: an experiment takes its angles from a report or the optimiser"
                            .into(),
                    ));
                }
                let gammas = self.gammas.clone().unwrap_or_default();
                let betas = self.betas.clone().unwrap_or_default();
                let p = depths.max();
                for (name, v) in [("gammas", &gammas), ("betas", &betas)] {
                    if v.len() != p {
                        return Err(Error::InvalidArgument(format!(
                            "{name}: {} angle(s) given; depth {p} needs {p}",
                            v.len()
                        )));
                    }
                }
                AngleChoice::Given(crate::Angles::new(gammas, betas)?)
            }
            [false, false, true] => AngleChoice::Optimize(self.seed),
            _ => {
                return Err(Error::InvalidArgument(
                    "give exactly one angle source: a report or manifest, gammas and betas, or optimize".into(),
                ))
            }
        };
        let flavor: Flavor = self.flavor.parse()?;
        if self.symbolic && flavor != Flavor::Portable {
            return Err(Error::InvalidArgument(format!(
                "symbolic angles are input parameters, which only the portable flavour writes (not {})",
                flavor.name()
            )));
        }
        if folder && self.with_state {
            return Err(Error::InvalidArgument(
                "the state goes into one circuit's manifest, not an experiment's".into(),
            ));
        }
        if !folder && !self.noise.is_empty() {
            return Err(Error::InvalidArgument(
                "noise predictions go into an experiment's index: give its depths and a folder".into(),
            ));
        }
        Ok(ExportJob {
            depths,
            folder,
            angles,
            flavor,
            symbolic: self.symbolic,
            with_state: self.with_state,
            level: level_of(&self.reduce)?,
            encoding: encoding_of(&self.encoding)?,
            space: space_of(self.space.as_deref(), self.mixer.as_deref())?,
            noise: NoiseRequest::check(&self.noise, self.trajectories, &[])?,
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl ExportJob {
    /// The request as JSON.
    pub fn describe(&self) -> Value {
        let angles = match &self.angles {
            AngleChoice::File(p) => json!({"file": p.display().to_string()}),
            AngleChoice::Given(a) => json!({"gammas": a.gammas, "betas": a.betas}),
            AngleChoice::Optimize(seed) => json!({"optimize": {"seed": seed}}),
        };
        merged(&[
            json!({
                "job": "export",
                "depths": self.depths,
                "folder": self.folder,
                "angles": angles,
                "flavor": self.flavor.name(),
                "symbolic": self.symbolic,
                "with_state": self.with_state,
                "reduce": self.level.name(),
                "encoding": self.encoding.name(),
            }),
            describe_space(&self.space),
            self.noise.describe(),
            json!({"max_seconds": describe_seconds(self.max_seconds)}),
        ])
    }
}

// ---------------------------------------------------------------------------------------------
// sample

/// `sample` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SampleChoices {
    /// Shots.
    pub shots: Option<i128>,
    /// Seed of the draws.
    pub seed: u64,
    /// Counts format.
    pub format: String,
    /// Noise model (at most one).
    #[serde(deserialize_with = "super::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories.
    pub trajectories: i128,
    /// Time budget.
    #[serde(deserialize_with = "super::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for SampleChoices {
    fn default() -> Self {
        SampleChoices {
            shots: None,
            seed: 0,
            format: "quzzle".into(),
            noise: Vec::new(),
            trajectories: default_trajectories(),
            max_seconds: None,
        }
    }
}

/// `sample`, checked (the circuit itself comes from a manifest, or from a puzzle and an
/// export request).
#[derive(Clone, Debug, PartialEq)]
pub struct SampleRequest {
    /// Shots.
    pub shots: Shots,
    /// Seed.
    pub seed: u64,
    /// Counts format.
    pub format: CountsFormat,
    /// At most one noise model.
    pub noise: NoiseRequest,
    /// Time budget.
    pub max_seconds: Option<Seconds>,
}

impl SampleChoices {
    /// The checked request.
    pub fn check(&self) -> Result<SampleRequest> {
        let Some(shots) = self.shots else {
            return Err(Error::InvalidArgument("give the number of shots to draw".into()));
        };
        if self.noise.len() > 1 {
            return Err(Error::InvalidArgument(format!(
                "{} noise models: shots are drawn under one",
                self.noise.len()
            )));
        }
        Ok(SampleRequest {
            shots: Shots::new(shots)?,
            seed: self.seed,
            format: choose("counts format", &self.format, &CountsFormat::ALL, CountsFormat::name)?,
            noise: NoiseRequest::check(&self.noise, self.trajectories, &[])?,
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl SampleRequest {
    /// The noise model and its trajectories, when one was given.
    pub fn model(&self) -> Option<(&crate::noise::NoiseModel, usize)> {
        self.noise.models.first().map(|m| (m, self.noise.trajectories.get()))
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        merged(&[
            json!({"job": "sample", "shots": self.shots, "seed": self.seed, "format": self.format.name()}),
            self.noise.describe(),
            json!({"max_seconds": describe_seconds(self.max_seconds)}),
        ])
    }
}

// ---------------------------------------------------------------------------------------------
// score

/// `score` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ScoreChoices {
    /// Counts format (none or `auto`: told by the file).
    pub format: Option<String>,
    /// Shots of the job.
    pub shots: Option<i128>,
    /// Confidence of the interval.
    #[serde(deserialize_with = "super::float")]
    pub confidence: f64,
    /// Boards listed.
    pub top: i128,
    /// Noise models to judge an experiment folder against.
    #[serde(deserialize_with = "super::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories.
    pub trajectories: i128,
}

impl Default for ScoreChoices {
    fn default() -> Self {
        ScoreChoices {
            format: None,
            shots: None,
            confidence: DEFAULT_CONFIDENCE,
            top: 10,
            noise: Vec::new(),
            trajectories: default_trajectories(),
        }
    }
}

/// The most boards a score lists.
pub const MAX_TOP: u64 = 1_000_000;

/// `score`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRequest {
    /// Counts format (none: told by the file).
    pub format: Option<CountsFormat>,
    /// Shots of the job.
    pub shots: Option<Shots>,
    /// Confidence.
    pub confidence: Confidence,
    /// Boards listed.
    pub top: usize,
    /// Noise models for an experiment folder.
    pub noise: NoiseRequest,
}

impl ScoreChoices {
    /// The checked request.
    pub fn check(&self) -> Result<ScoreRequest> {
        let format = match self.format.as_deref().map(str::trim) {
            None | Some("auto") => None,
            Some(name) => Some(choose("counts format", name, &CountsFormat::ALL, CountsFormat::name)?),
        };
        let top = usize::try_from(self.top)
            .ok()
            .filter(|&t| t as u64 <= MAX_TOP)
            .ok_or_else(|| Error::out_of_range(Quantity::Top, self.top, format!("must be 0..={MAX_TOP}")))?;
        Ok(ScoreRequest {
            format,
            shots: self.shots.map(Shots::new).transpose()?,
            confidence: Confidence::new(self.confidence)?,
            top,
            noise: NoiseRequest::check(&self.noise, self.trajectories, &[])?,
        })
    }
}

impl ScoreRequest {
    /// How counts are read and scored.
    pub fn counts_settings(&self) -> crate::export::score::CountsScoreSettings {
        crate::export::score::CountsScoreSettings {
            format: self.format,
            shots: self.shots.map(Shots::get),
            top: self.top,
            confidence: self.confidence,
        }
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        merged(&[
            json!({
                "job": "score",
                "format": self.format.map_or("auto", CountsFormat::name),
                "shots": self.shots,
                "confidence": self.confidence,
                "top": self.top,
            }),
            self.noise.describe(),
        ])
    }
}

// ---------------------------------------------------------------------------------------------
// predict

/// `predict` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PredictChoices {
    /// Noise models.
    #[serde(deserialize_with = "super::one_or_many")]
    pub noise: Vec<String>,
    /// Device timings.
    #[serde(deserialize_with = "super::one_or_many")]
    pub device: Vec<String>,
    /// Trajectories.
    pub trajectories: i128,
    /// Seed of the trajectories.
    pub seed: u64,
    /// Time budget.
    #[serde(deserialize_with = "super::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for PredictChoices {
    fn default() -> Self {
        PredictChoices {
            noise: Vec::new(),
            device: Vec::new(),
            trajectories: default_trajectories(),
            seed: 0,
            max_seconds: None,
        }
    }
}

/// `predict`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct PredictRequest {
    /// Noise models.
    pub noise: NoiseRequest,
    /// Seed.
    pub seed: u64,
    /// Time budget.
    pub max_seconds: Option<Seconds>,
}

impl PredictChoices {
    /// The checked request.
    pub fn check(&self) -> Result<PredictRequest> {
        Ok(PredictRequest {
            noise: NoiseRequest::check(&self.noise, self.trajectories, &self.device)?,
            seed: self.seed,
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl PredictRequest {
    /// The request as JSON.
    pub fn describe(&self) -> Value {
        merged(&[
            json!({"job": "predict", "seed": self.seed}),
            self.noise.describe(),
            json!({"max_seconds": describe_seconds(self.max_seconds)}),
        ])
    }
}

// ---------------------------------------------------------------------------------------------
// anneal

/// `anneal` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AnnealChoices {
    /// Reduction level.
    pub reduce: String,
    /// Where reads move.
    pub space: String,
    /// Reads.
    pub reads: i128,
    /// Sweeps per read.
    pub sweeps: i128,
    /// β from hot to cold: text `A,B` or two numbers.
    pub beta_range: Option<Value>,
    /// β schedule.
    pub schedule: String,
    /// Seed.
    pub seed: u64,
    /// Time budget.
    #[serde(deserialize_with = "super::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for AnnealChoices {
    fn default() -> Self {
        AnnealChoices {
            reduce: "paper".into(),
            space: "full".into(),
            reads: 1000,
            sweeps: 1000,
            beta_range: None,
            schedule: "geometric".into(),
            seed: 0,
            max_seconds: None,
        }
    }
}

/// `anneal`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnealRequest {
    /// Reduction level.
    pub level: Level,
    /// Where reads move.
    pub space: SpaceChoice,
    /// Reads.
    pub reads: usize,
    /// Sweeps per read.
    pub sweeps: usize,
    /// β range (none: the default rule).
    pub beta_range: Option<(f64, f64)>,
    /// β schedule.
    pub schedule: BetaSchedule,
    /// Seed.
    pub seed: u64,
    /// Time budget.
    pub max_seconds: Option<Seconds>,
}

fn beta_range_of(value: &Value) -> Result<(f64, f64)> {
    let two = || Error::InvalidArgument(format!("the β range {value} is not two numbers A,B"));
    let pair: Vec<f64> = match value {
        Value::String(text) => {
            let parts: Vec<&str> = text.split(',').map(str::trim).collect();
            if parts.len() != 2 {
                return Err(Error::InvalidArgument(format!("`{text}` is not two numbers A,B")));
            }
            parts
                .iter()
                .map(|t| {
                    t.parse::<f64>()
                        .map_err(|_| Error::InvalidArgument(format!("`{t}` is not a number")))
                })
                .collect::<Result<_>>()?
        }
        Value::Array(items) => items
            .iter()
            .map(|v| v.as_f64().ok_or_else(two))
            .collect::<Result<_>>()?,
        _ => return Err(two()),
    };
    match pair.as_slice() {
        [a, b] => Ok((*a, *b)),
        _ => Err(two()),
    }
}

impl AnnealChoices {
    /// The checked request.
    pub fn check(&self) -> Result<AnnealRequest> {
        let schedule = choose("β schedule", &self.schedule, &BetaSchedule::ALL, BetaSchedule::name)?;
        let beta_range = self.beta_range.as_ref().map(beta_range_of).transpose()?;
        if let Some((b0, b1)) = beta_range {
            let geometric = schedule == BetaSchedule::Geometric;
            if !(b0.is_finite() && b1.is_finite() && b0 >= 0.0 && b1 >= 0.0) || (geometric && (b0 == 0.0 || b1 == 0.0))
            {
                return Err(Error::InvalidArgument(format!(
                    "the β range {b0:?},{b1:?} must be two finite numbers ≥ 0 (> 0 for the geometric schedule)"
                )));
            }
        }
        Ok(AnnealRequest {
            level: level_of(&self.reduce)?,
            space: self.space.parse()?,
            reads: count(Quantity::Reads, self.reads, u32::MAX.into())? as usize,
            sweeps: count(Quantity::Sweeps, self.sweeps, u32::MAX.into())? as usize,
            beta_range,
            schedule,
            seed: self.seed,
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl AnnealRequest {
    /// The request as JSON.
    pub fn describe(&self) -> Value {
        json!({
            "job": "anneal",
            "reduce": self.level.name(),
            "space": self.space.name(),
            "reads": self.reads,
            "sweeps": self.sweeps,
            "beta_range": self.beta_range.map(|(a, b)| [a, b]),
            "schedule": self.schedule.name(),
            "seed": self.seed,
            "max_seconds": describe_seconds(self.max_seconds),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// grover

/// `grover` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GroverChoices {
    /// Reduction level.
    pub reduce: String,
    /// Space searched.
    pub space: String,
    /// Iterations: `A..B`, one count, or a pair.
    pub iterations: Option<Value>,
    /// Route.
    pub route: String,
    /// Grover-mixer QAOA depths: `A..B`, one depth, or a pair.
    pub qaoa_depths: Option<Value>,
    /// Time budget.
    #[serde(deserialize_with = "super::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for GroverChoices {
    fn default() -> Self {
        GroverChoices {
            reduce: "paper".into(),
            space: "rows".into(),
            iterations: None,
            route: "auto".into(),
            qaoa_depths: None,
            max_seconds: None,
        }
    }
}

/// `grover`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct GroverRequest {
    /// Reduction level.
    pub level: Level,
    /// Space.
    pub space: SpaceChoice,
    /// Iterations reported (none: 0 to the optimal count).
    pub iterations: Option<(usize, usize)>,
    /// Route.
    pub route: GroverRoute,
    /// Grover-mixer QAOA depths.
    pub qaoa_depths: Option<(usize, usize)>,
    /// Time budget.
    pub max_seconds: Option<Seconds>,
}

/// `A..B` (both included), `A..=B` or one count `K`, as text, a number or a pair.
pub fn range_of(what: Quantity, value: &Value) -> Result<(usize, usize)> {
    let bad = || Error::out_of_range(what, value, "write A..B (both included, A <= B) or one count K");
    let whole = |v: &Value| v.as_u64().and_then(|n| usize::try_from(n).ok()).ok_or_else(bad);
    let (a, b) = match value {
        Value::String(s) => {
            let num = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
            match s.split_once("..") {
                Some((a, b)) => (num(a)?, num(b.trim_start_matches('='))?),
                None => (num(s)?, num(s)?),
            }
        }
        Value::Array(items) if items.len() == 2 => (whole(&items[0])?, whole(&items[1])?),
        Value::Number(_) => (whole(value)?, whole(value)?),
        _ => return Err(bad()),
    };
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

impl GroverChoices {
    /// The checked request.
    pub fn check(&self) -> Result<GroverRequest> {
        Ok(GroverRequest {
            level: level_of(&self.reduce)?,
            space: self.space.parse()?,
            iterations: self
                .iterations
                .as_ref()
                .map(|v| range_of(Quantity::GroverIterations, v))
                .transpose()?,
            route: choose("route", &self.route, &GroverRoute::ALL, GroverRoute::name)?,
            qaoa_depths: self
                .qaoa_depths
                .as_ref()
                .map(|v| range_of(Quantity::QaoaDepths, v))
                .transpose()?,
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl GroverRequest {
    /// The library's settings.
    pub fn settings(&self) -> crate::experiment::grover::GroverSettings {
        crate::experiment::grover::GroverSettings {
            space: self.space,
            iterations: self.iterations,
            route: self.route,
            qaoa_depths: self.qaoa_depths,
        }
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        json!({
            "job": "grover",
            "reduce": self.level.name(),
            "space": self.space.name(),
            "iterations": self.iterations.map(|(a, b)| [a, b]),
            "route": self.route.name(),
            "qaoa_depths": self.qaoa_depths.map(|(a, b)| [a, b]),
            "max_seconds": describe_seconds(self.max_seconds),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// info

/// `info` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InfoChoices {
    /// Reduction level.
    pub reduce: String,
    /// Encoding.
    pub encoding: String,
    /// Space detailed.
    pub space: String,
}

impl Default for InfoChoices {
    fn default() -> Self {
        InfoChoices {
            reduce: "paper".into(),
            encoding: "onehot".into(),
            space: "auto".into(),
        }
    }
}

/// `info`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoRequest {
    /// Reduction level.
    pub level: Level,
    /// Encoding.
    pub encoding: EncodingKind,
    /// Space detailed.
    pub space: SpaceChoice,
}

impl InfoChoices {
    /// The checked request.
    pub fn check(&self) -> Result<InfoRequest> {
        Ok(InfoRequest {
            level: level_of(&self.reduce)?,
            encoding: encoding_of(&self.encoding)?,
            space: self.space.parse()?,
        })
    }
}

impl InfoRequest {
    /// The request as JSON.
    pub fn describe(&self) -> Value {
        json!({
            "job": "info",
            "reduce": self.level.name(),
            "encoding": self.encoding.name(),
            "space": self.space.name(),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// generate

/// The most puzzles one `generate` request writes.
pub const MAX_GENERATE_COUNT: u64 = 100_000;

/// `generate` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GenerateChoices {
    /// What to generate: queens, starbattle, tango, takuzu, tents, sudoku4.
    pub kind: String,
    /// Side N of the N x N board.
    pub size: usize,
    /// Stars per row, column and region (starbattle).
    pub stars: usize,
    /// Givens to reach (none: remove while unique).
    pub givens: Option<usize>,
    /// Seed of the first puzzle; puzzle i has seed `seed + i`.
    pub seed: u64,
    /// How regions are made: grow or qubo.
    pub method: String,
    /// Time budget per puzzle.
    #[serde(deserialize_with = "super::float")]
    pub max_seconds: f64,
    /// Puzzles generated.
    pub count: i128,
}

impl Default for GenerateChoices {
    fn default() -> Self {
        GenerateChoices {
            kind: "queens".into(),
            size: 0,
            stars: 1,
            givens: None,
            seed: 0,
            method: "grow".into(),
            max_seconds: 8.0,
            count: 1,
        }
    }
}

/// `generate`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateRequest {
    /// The puzzle of the first seed (the others differ by their seed only).
    pub first: crate::puzzle::generate::Request,
    /// Time budget per puzzle.
    pub max_seconds: Seconds,
    /// Puzzles generated, seeds `first.seed ..`.
    pub count: u64,
}

impl GenerateChoices {
    /// The checked request.
    pub fn check(&self) -> Result<GenerateRequest> {
        use crate::puzzle::generate::{Kind, RegionMethod};
        let count = u64::try_from(self.count)
            .ok()
            .filter(|n| (1..=MAX_GENERATE_COUNT).contains(n))
            .ok_or_else(|| {
                Error::InvalidArgument(format!(
                    "a count of {} puzzles: give a whole number from 1 to {MAX_GENERATE_COUNT}",
                    self.count
                ))
            })?;
        if self.seed.checked_add(count - 1).is_none() {
            return Err(Error::InvalidArgument(format!(
                "seeds {} and {} more run past the largest seed",
                self.seed,
                count - 1
            )));
        }
        Ok(GenerateRequest {
            first: crate::puzzle::generate::Request {
                kind: choose("kind", &self.kind, &Kind::ALL, Kind::name)?,
                size: self.size,
                stars: self.stars,
                givens: self.givens,
                seed: self.seed,
                method: choose("region method", &self.method, &RegionMethod::ALL, RegionMethod::name)?,
            },
            max_seconds: Seconds::new(self.max_seconds)?,
            count,
        })
    }
}

impl GenerateRequest {
    /// The request of each puzzle, in seed order.
    pub fn puzzles(&self) -> impl Iterator<Item = crate::puzzle::generate::Request> + '_ {
        (0..self.count).map(|i| crate::puzzle::generate::Request {
            seed: self.first.seed + i,
            ..self.first.clone()
        })
    }

    /// The file name of one puzzle in a folder of several: `<kind>-<size>-seed<S>.txt`.
    pub fn file_name(puzzle: &crate::puzzle::generate::Request) -> String {
        format!("{}-{}-seed{}.txt", puzzle.kind.name(), puzzle.size, puzzle.seed)
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        let r = &self.first;
        json!({
            "job": "generate",
            "kind": r.kind.name(),
            "size": r.size,
            "stars": r.stars,
            "givens": r.givens,
            "seed": r.seed,
            "method": r.method.name(),
            "max_seconds": self.max_seconds.get(),
            "count": self.count,
        })
    }
}
