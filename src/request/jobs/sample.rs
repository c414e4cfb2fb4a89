//! `sample`: its choices as given, and the checked request.

use super::*;

/// `sample` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SampleChoices {
    /// Shots.
    #[serde(deserialize_with = "crate::request::whole_opt")]
    pub shots: Option<i128>,
    /// Seed of the draws.
    #[serde(deserialize_with = "crate::request::seed")]
    pub seed: u64,
    /// Counts format.
    pub format: String,
    /// Noise model (at most one).
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories.
    #[serde(deserialize_with = "crate::request::whole")]
    pub trajectories: i128,
    /// Time budget.
    #[serde(deserialize_with = "crate::request::float_opt")]
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
            return Err(Error::Request(RequestProblem::NoShots));
        };
        if self.noise.len() > 1 {
            return Err(Error::Request(RequestProblem::NoiseModels {
                models: self.noise.len(),
            }));
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
    /// The shots of `circuit` this request asks for, and the noise they were drawn under
    /// (checked against the circuit's space).
    pub fn draw(
        &self,
        circuit: &crate::export::sample::SampleCircuit,
        cancel: &crate::budget::Cancel,
    ) -> Result<(crate::bits::CountMap, crate::noise::NoiseSettings)> {
        let noise = self.noise.settings(&circuit.space, None)?;
        let counts = circuit.draw(
            self.shots,
            self.seed,
            noise.models.first().map(|m| (m, noise.trajectories)),
            cancel,
        )?;
        Ok((counts, noise))
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
