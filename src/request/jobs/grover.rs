//! `grover`: its choices as given, and the checked request.

use super::*;

/// `grover` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GroverChoices {
    /// Reduction level.
    pub reduce: String,
    /// Penalty overrides, `NAME=W` each, or `{"NAME": W}` (docs/lp.md, "Penalties").
    #[serde(deserialize_with = "super::penalty_texts")]
    pub penalty: Vec<String>,
    /// Space searched.
    pub space: String,
    /// Iterations: `A..B`, one count, or a pair.
    pub iterations: Option<Value>,
    /// Route.
    pub route: String,
    /// Grover-mixer QAOA depths: `A..B`, one depth, or a pair.
    pub qaoa_depths: Option<Value>,
    /// Time budget.
    #[serde(deserialize_with = "crate::request::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for GroverChoices {
    fn default() -> Self {
        GroverChoices {
            reduce: "paper".into(),
            penalty: Vec::new(),
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
    /// Penalty overrides.
    pub penalties: Penalties,
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
            penalties: Penalties::parse(&self.penalty)?,
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
            "penalty": self.penalties,
            "space": self.space.name(),
            "iterations": self.iterations.map(|(a, b)| [a, b]),
            "route": self.route.name(),
            "qaoa_depths": self.qaoa_depths.map(|(a, b)| [a, b]),
            "max_seconds": describe_seconds(self.max_seconds),
        })
    }
}
