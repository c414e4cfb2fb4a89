//! `info`: its choices as given, and the checked request.

use super::*;

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
