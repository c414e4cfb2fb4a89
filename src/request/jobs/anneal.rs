//! `anneal`: its choices as given, and the checked request.

use super::*;

/// `anneal` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AnnealChoices {
    /// Reduction level.
    pub reduce: String,
    /// Penalty overrides, `NAME=W` each, or `{"NAME": W}` (docs/lp.md, "Penalties").
    #[serde(deserialize_with = "super::penalty_texts")]
    pub penalty: Vec<String>,
    /// Where reads move.
    pub space: String,
    /// Reads.
    #[serde(deserialize_with = "crate::request::whole")]
    pub reads: i128,
    /// Sweeps per read.
    #[serde(deserialize_with = "crate::request::whole")]
    pub sweeps: i128,
    /// β from hot to cold: text `A,B` or two numbers.
    pub beta_range: Option<Value>,
    /// β schedule.
    pub schedule: String,
    /// Seed.
    #[serde(deserialize_with = "crate::request::seed")]
    pub seed: u64,
    /// Time budget.
    #[serde(deserialize_with = "crate::request::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for AnnealChoices {
    fn default() -> Self {
        AnnealChoices {
            reduce: "paper".into(),
            penalty: Vec::new(),
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
    /// Penalty overrides.
    pub penalties: Penalties,
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
    let syntax = |text: String, problem: String| Error::Syntax {
        what: "β range",
        text,
        problem,
    };
    let two = || syntax(value.to_string(), "not two numbers A,B".into());
    let pair: Vec<f64> = match value {
        Value::String(text) => {
            let parts: Vec<&str> = text.split(',').map(str::trim).collect();
            if parts.len() != 2 {
                return Err(syntax(text.clone(), "not two numbers A,B".into()));
            }
            parts
                .iter()
                .map(|t| {
                    t.parse::<f64>()
                        .map_err(|_| syntax(text.clone(), format!("`{t}` is not a number")))
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
                return Err(Error::out_of_range(
                    Quantity::BetaRange,
                    format!("{b0:?},{b1:?}"),
                    "must be two finite numbers ≥ 0 (> 0 for the geometric schedule)",
                ));
            }
        }
        Ok(AnnealRequest {
            level: level_of(&self.reduce)?,
            penalties: Penalties::parse(&self.penalty)?,
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
    /// The library's settings, stopped by `cancel`.
    pub fn settings(&self, cancel: crate::budget::Cancel) -> crate::experiment::anneal::AnnealSettings {
        crate::experiment::anneal::AnnealSettings {
            reads: self.reads,
            sweeps: self.sweeps,
            beta_range: self.beta_range,
            schedule: self.schedule,
            seed: self.seed,
            space: self.space,
            cancel,
        }
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        json!({
            "job": "anneal",
            "reduce": self.level.name(),
            "penalty": self.penalties,
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
