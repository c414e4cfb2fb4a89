//! `plan`: its choices as given, and the checked request.

use super::*;
use crate::noise::timing::DeviceTiming;
use crate::noise::{NoiseModel, Truncation};

/// `plan` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PlanChoices {
    /// The device: a preset with gate times (`heron`, `eagle`, `aria`), `calibration:FILE` or
    /// custom rates (both with `timing`).
    pub device: Option<String>,
    /// The gate, readout and reset times (none: the device's own preset).
    pub timing: Option<String>,
    /// Reduction level.
    pub reduce: String,
    /// Penalty overrides, `NAME=W` each, or `{"NAME": W}` (docs/lp.md, "Penalties").
    #[serde(deserialize_with = "super::penalty_texts")]
    pub penalty: Vec<String>,
    /// Depths: text (`1..5`), one number or a list.
    pub depths: Value,
    /// Only this space (none: all).
    pub space: Option<String>,
    /// Only this mixer (none: all with a circuit).
    pub mixer: Option<String>,
    /// Trajectories per noisy estimate.
    #[serde(deserialize_with = "crate::request::whole")]
    pub trajectories: i128,
    /// What sector trajectories drop: `off` or `exact`.
    pub truncate: String,
    /// Optimiser.
    pub optimizer: String,
    /// Iteration cap.
    #[serde(deserialize_with = "crate::request::whole")]
    pub max_iters: i128,
    /// Annealing reads beside (0: none).
    #[serde(deserialize_with = "crate::request::whole")]
    pub anneal_reads: i128,
    /// Sweeps per annealing read.
    #[serde(deserialize_with = "crate::request::whole")]
    pub anneal_sweeps: i128,
    /// Seed.
    #[serde(deserialize_with = "crate::request::seed")]
    pub seed: u64,
    /// Time budget.
    #[serde(deserialize_with = "crate::request::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for PlanChoices {
    fn default() -> Self {
        PlanChoices {
            device: None,
            timing: None,
            reduce: "paper".into(),
            penalty: Vec::new(),
            depths: json!("1..5"),
            space: None,
            mixer: None,
            trajectories: default_trajectories(),
            truncate: "exact".into(),
            optimizer: "lbfgs".into(),
            max_iters: 200,
            anneal_reads: 1000,
            anneal_sweeps: 1000,
            seed: 0,
            max_seconds: None,
        }
    }
}

/// `plan`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanRequest {
    /// The device's noise model.
    pub noise: NoiseModel,
    /// Its times.
    pub timing: DeviceTiming,
    /// Reduction level.
    pub level: Level,
    /// Penalty overrides.
    pub penalties: Penalties,
    /// Depths.
    pub depths: Depths,
    /// Only this space.
    pub space: Option<SpaceChoice>,
    /// Only this mixer.
    pub mixer: Option<crate::mixer::MixerKind>,
    /// Trajectories per estimate.
    pub trajectories: crate::checked::Trajectories,
    /// What sector trajectories drop.
    pub truncation: Truncation,
    /// The noiseless optimisation (energy).
    pub optimize: OptimizeRequest,
    /// Annealing reads (0: none) and sweeps per read.
    pub anneal: (usize, usize),
    /// Time budget.
    pub max_seconds: Option<Seconds>,
}

impl PlanChoices {
    /// The checked request.
    pub fn check(&self) -> Result<PlanRequest> {
        let device = self.device.as_deref().ok_or(Error::Request(RequestProblem::NoDevice))?;
        let noise = NoiseModel::parse(device)?;
        let timing = match self.timing.as_deref() {
            Some(t) => crate::noise::timing::parse(t)?,
            None if crate::noise::PRESETS.contains(&device.trim().to_ascii_lowercase().as_str()) => {
                crate::noise::timing::parse(device)?
            }
            None => {
                return Err(Error::Request(RequestProblem::PlanTiming {
                    device: device.to_string(),
                    timed: &crate::noise::timing::TIMED,
                }))
            }
        };
        let anneal_reads = if self.anneal_reads == 0 {
            0
        } else {
            count(Quantity::Reads, self.anneal_reads, u32::MAX.into())? as usize
        };
        Ok(PlanRequest {
            noise,
            timing,
            level: level_of(&self.reduce)?,
            penalties: Penalties::parse(&self.penalty)?,
            depths: depths_of(&self.depths)?,
            space: self.space.as_deref().map(str::parse).transpose()?,
            mixer: self.mixer.as_deref().map(str::parse).transpose()?,
            trajectories: crate::checked::Trajectories::new(self.trajectories)?,
            truncation: choose(
                "truncation",
                &self.truncate,
                &[Truncation::Off, Truncation::Exact, Truncation::Bounded],
                Truncation::name,
            )?,
            optimize: OptimizeRequest::check("energy", &self.optimizer, self.max_iters, 1, self.seed)?,
            anneal: (
                anneal_reads,
                count(Quantity::Sweeps, self.anneal_sweeps, u32::MAX.into())? as usize,
            ),
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl PlanRequest {
    /// The library's settings, stopped by `cancel`.
    pub fn settings(&self, cancel: crate::budget::Cancel) -> crate::experiment::plan::PlanSettings {
        crate::experiment::plan::PlanSettings {
            depths: self.depths.clone(),
            noise: self.noise.clone(),
            timing: self.timing.clone(),
            trajectories: self.trajectories,
            truncation: self.truncation,
            config: crate::qaoa::optimize::OptimizeConfig {
                cancel,
                ..self.optimize.config()
            },
            space: self.space,
            mixer: self.mixer,
            anneal_reads: self.anneal.0,
            anneal_sweeps: self.anneal.1,
        }
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        merged(&[
            json!({
                "job": "plan",
                "device": serde_json::to_value(&self.noise).unwrap_or(Value::Null),
                "timing": self.timing.name,
                "reduce": self.level.name(),
                "penalty": self.penalties,
                "depths": self.depths,
                "space": self.space.map(|s| s.name()),
                "mixer": self.mixer.map(|m| m.name()),
                "trajectories": self.trajectories.get(),
                "truncate": self.truncation.name(),
                "anneal_reads": self.anneal.0,
                "anneal_sweeps": self.anneal.1,
            }),
            self.optimize.describe(),
            json!({"max_seconds": describe_seconds(self.max_seconds)}),
        ])
    }
}
