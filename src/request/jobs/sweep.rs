//! `sweep`: its choices as given, and the checked request.

use super::*;

/// `sweep` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SweepChoices {
    /// Puzzle files or folders.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub inputs: Vec<PathBuf>,
    /// Reduction level.
    pub reduce: String,
    /// Penalty overrides, `NAME=W` each, or `{"NAME": W}` (docs/lp.md, "Penalties").
    #[serde(deserialize_with = "super::penalty_texts")]
    pub penalty: Vec<String>,
    /// Encoding.
    pub encoding: String,
    /// Depths.
    pub depths: Value,
    /// Inits: a name, `all` or a list (none: interp).
    pub init: Option<Value>,
    /// A fixed schedule instead of inits.
    pub schedule: Option<String>,
    /// Angle files for transfer.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub angles_from: Vec<PathBuf>,
    /// Starts per depth.
    #[serde(deserialize_with = "crate::request::whole")]
    pub restarts: i128,
    /// Random init gets INTERP's simulator calls.
    pub match_budget: bool,
    /// Objective.
    pub objective: String,
    /// Optimiser.
    pub optimizer: String,
    /// Iteration cap.
    #[serde(deserialize_with = "crate::request::whole")]
    pub max_iters: i128,
    /// Seed.
    #[serde(deserialize_with = "crate::request::seed")]
    pub seed: u64,
    /// Skip instances of more than 2^N states.
    #[serde(deserialize_with = "crate::request::whole")]
    pub max_qubits: i128,
    /// Time budget.
    #[serde(deserialize_with = "crate::request::float_opt")]
    pub max_seconds: Option<f64>,
    /// Space name.
    pub space: Option<String>,
    /// Mixer name.
    pub mixer: Option<String>,
    /// The switch mixers' start name.
    pub start: Option<String>,
    /// Noise models.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories.
    #[serde(deserialize_with = "crate::request::whole")]
    pub trajectories: i128,
    /// What sector trajectories drop: `off` or `exact` (none: off).
    pub truncate: Option<String>,
    /// Device timings.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub device: Vec<String>,
    /// Shard `I/K`.
    pub shard: Option<String>,
    /// Baseline (`anneal`).
    pub baseline: Option<String>,
    /// Reads of the baseline.
    #[serde(deserialize_with = "crate::request::whole")]
    pub baseline_reads: i128,
    /// Sweeps of the baseline.
    #[serde(deserialize_with = "crate::request::whole")]
    pub baseline_sweeps: i128,
}

impl Default for SweepChoices {
    fn default() -> Self {
        SweepChoices {
            inputs: Vec::new(),
            reduce: "paper".into(),
            penalty: Vec::new(),
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
            start: None,
            noise: Vec::new(),
            trajectories: default_trajectories(),
            truncate: None,
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
    /// Penalty overrides.
    pub penalties: Penalties,
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
            return Err(Error::Request(RequestProblem::NoInputs));
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
        let request = SweepRequest {
            inputs: self.inputs.clone(),
            level: level_of(&self.reduce)?,
            penalties: Penalties::parse(&self.penalty)?,
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
            space: space_of(self.space.as_deref(), self.mixer.as_deref(), self.start.as_deref())?,
            noise: NoiseRequest::check(&self.noise, self.trajectories, &self.device)?
                .truncating(self.truncate.as_deref())?,
            shard: self
                .shard
                .as_deref()
                .map(crate::experiment::sweep::shard::Shard::parse)
                .transpose()?,
            baseline,
        };
        request.init.check_depths(&request.depths)?;
        Ok(request)
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
            penalties: self.penalties.clone(),
            encoding: self.encoding,
            depths: self.depths.clone(),
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
                "penalty": self.penalties,
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
