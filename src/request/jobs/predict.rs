//! `predict`: its choices as given, and the checked request.

use super::*;

/// `predict` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PredictChoices {
    /// Noise models.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub noise: Vec<String>,
    /// Device timings.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub device: Vec<String>,
    /// Trajectories.
    #[serde(deserialize_with = "crate::request::whole")]
    pub trajectories: i128,
    /// What sector trajectories drop (`off`, `exact`, `bounded`; none: off).
    pub truncate: Option<String>,
    /// Seed of the trajectories.
    #[serde(deserialize_with = "crate::request::seed")]
    pub seed: u64,
    /// Time budget.
    #[serde(deserialize_with = "crate::request::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for PredictChoices {
    fn default() -> Self {
        PredictChoices {
            noise: Vec::new(),
            device: Vec::new(),
            trajectories: default_trajectories(),
            truncate: None,
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
            noise: NoiseRequest::check(&self.noise, self.trajectories, &self.device)?
                .truncating(self.truncate.as_deref())?,
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
