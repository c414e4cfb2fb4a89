//! `solve`: its choices as given, and the checked request.

use super::*;

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
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub angles_from: Vec<PathBuf>,
    /// Starts per depth.
    #[serde(deserialize_with = "crate::request::whole")]
    pub restarts: i128,
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
    /// Space name.
    pub space: Option<String>,
    /// Mixer name.
    pub mixer: Option<String>,
    /// The switch mixers' start name.
    pub start: Option<String>,
    /// Noise models.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories per noisy estimate.
    #[serde(deserialize_with = "crate::request::whole")]
    pub trajectories: i128,
    /// What sector trajectories drop: `off` or `exact` (none: off).
    pub truncate: Option<String>,
    /// Device timings.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub device: Vec<String>,
    /// Time budget.
    #[serde(deserialize_with = "crate::request::float_opt")]
    pub max_seconds: Option<f64>,
    /// An earlier report of the same run whose noisy estimates are taken again.
    pub resume: Option<PathBuf>,
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
            start: None,
            noise: Vec::new(),
            trajectories: default_trajectories(),
            truncate: None,
            device: Vec::new(),
            max_seconds: None,
            resume: None,
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
    /// An earlier report of the same run whose noisy estimates are taken again.
    pub resume: Option<PathBuf>,
}

impl SolveChoices {
    /// The checked request.
    pub fn check(&self) -> Result<SolveRequest> {
        let init = self.init.as_deref().map(init_named).transpose()?.map(|i| vec![i]);
        let depths = depths_of(&self.depths)?;
        let init = InitRequest::check(init, vec![Init::Interp], self.schedule.as_deref(), &self.angles_from)?;
        init.check_depths(&depths)?;
        Ok(SolveRequest {
            depths,
            init,
            optimize: OptimizeRequest::check(
                &self.objective,
                &self.optimizer,
                self.max_iters,
                self.restarts,
                self.seed,
            )?,
            space: space_of(self.space.as_deref(), self.mixer.as_deref(), self.start.as_deref())?,
            noise: NoiseRequest::check(&self.noise, self.trajectories, &self.device)?
                .truncating(self.truncate.as_deref())?,
            max_seconds: seconds(self.max_seconds)?,
            resume: self.resume.clone(),
        })
    }
}

impl SolveRequest {
    /// The library's settings for `enc`: the angle files read, noise checked against the space
    /// `enc` resolves.
    pub fn settings(&self, enc: &dyn crate::encoding::Encoding) -> Result<crate::experiment::solve::SolveSettings> {
        Ok(crate::experiment::solve::SolveSettings {
            depths: self.depths.clone(),
            init: self.init.inits[0],
            objective: self.optimize.objective,
            config: self.init.apply(self.optimize.config()),
            space: self.space,
            noise: self.noise.settings(&self.space, Some(enc))?,
            transfer_from: self.init.read_angle_files()?,
            schedule: self.init.schedule.clone(),
            earlier: self
                .resume
                .as_deref()
                .map(crate::experiment::resume::Earlier::read)
                .transpose()?,
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
            match &self.resume {
                Some(path) => json!({"resume": path.display().to_string()}),
                None => json!({}),
            },
        ])
    }
}
