//! `score`: its choices as given, and the checked request.

use super::*;
use crate::export::mitigate::Mitigation;

/// `score` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ScoreChoices {
    /// Counts format (none or `auto`: told by the file).
    pub format: Option<String>,
    /// Shots of the job.
    #[serde(deserialize_with = "crate::request::whole_opt")]
    pub shots: Option<i128>,
    /// Confidence of the interval.
    #[serde(deserialize_with = "crate::request::float")]
    pub confidence: f64,
    /// Boards listed.
    #[serde(deserialize_with = "crate::request::whole")]
    pub top: i128,
    /// Noise models to judge an experiment folder against.
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories.
    #[serde(deserialize_with = "crate::request::whole")]
    pub trajectories: i128,
    /// A mitigation of the measured counts (`readout`; none: the raw counts only).
    pub mitigate: Option<String>,
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
            mitigate: None,
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
    /// The mitigation asked for.
    pub mitigate: Option<Mitigation>,
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
            mitigate: self
                .mitigate
                .as_deref()
                .map(|name| choose("mitigation", name, &Mitigation::ALL, Mitigation::name))
                .transpose()?,
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
        let mut parts = vec![
            json!({
                "job": "score",
                "format": self.format.map_or("auto", CountsFormat::name),
                "shots": self.shots,
                "confidence": self.confidence,
                "top": self.top,
            }),
            self.noise.describe(),
        ];
        // Only when asked, so that the requests written before mitigation read the same.
        if let Some(m) = self.mitigate {
            parts.push(json!({"mitigate": m.name()}));
        }
        merged(&parts)
    }
}
