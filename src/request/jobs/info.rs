//! `info`: its choices as given, and the checked request.

use super::*;

/// `info` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InfoChoices {
    /// Reduction level.
    pub reduce: String,
    /// Penalty overrides, `NAME=W` each, or `{"NAME": W}` (docs/lp.md, "Penalties").
    #[serde(deserialize_with = "super::penalty_texts")]
    pub penalty: Vec<String>,
    /// Encoding.
    pub encoding: String,
    /// Space detailed.
    pub space: String,
    /// Seconds the reading and the reductions may take (none: no limit).
    pub max_seconds: Option<f64>,
}

impl Default for InfoChoices {
    fn default() -> Self {
        InfoChoices {
            reduce: "paper".into(),
            penalty: Vec::new(),
            encoding: "onehot".into(),
            space: "auto".into(),
            max_seconds: None,
        }
    }
}

/// `info`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoRequest {
    /// Reduction level.
    pub level: Level,
    /// Penalty overrides.
    pub penalties: Penalties,
    /// Encoding.
    pub encoding: EncodingKind,
    /// Space detailed.
    pub space: SpaceChoice,
    /// Seconds the reading and the reductions may take.
    pub max_seconds: Option<Seconds>,
}

impl InfoChoices {
    /// The checked request.
    pub fn check(&self) -> Result<InfoRequest> {
        Ok(InfoRequest {
            level: level_of(&self.reduce)?,
            penalties: Penalties::parse(&self.penalty)?,
            encoding: encoding_of(&self.encoding)?,
            space: self.space.parse()?,
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl InfoRequest {
    /// The request as JSON.
    pub fn describe(&self) -> Value {
        json!({
            "job": "info",
            "reduce": self.level.name(),
            "penalty": self.penalties,
            "encoding": self.encoding.name(),
            "space": self.space.name(),
            "max_seconds": describe_seconds(self.max_seconds),
        })
    }
}
