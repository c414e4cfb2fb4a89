//! One request per job: its choices as given, and the checked request. One file per job;
//! the imports and helpers they share are here.

mod anneal;
mod export;
mod generate;
mod grover;
mod info;
mod plan;
mod predict;
mod sample;
mod score;
mod solve;
mod sweep;

pub use anneal::*;
pub use export::*;
pub use generate::*;
pub use grover::*;
pub use info::*;
pub use plan::*;
pub use predict::*;
pub use sample::*;
pub use score::*;
pub use solve::*;
pub use sweep::*;

use super::{
    choose, count, depths_of, describe_space, init_named, inits_of, seconds, space_of, InitRequest, NoiseRequest,
    OptimizeRequest,
};
use crate::checked::{Confidence, Depths, Penalties, Seconds, Shots, DEFAULT_CONFIDENCE};
use crate::encoding::space::SpaceChoice;
use crate::encoding::EncodingKind;
use crate::error::{Error, Quantity, RequestProblem, Result, Unsupported};
use crate::experiment::anneal::BetaSchedule;
use crate::experiment::grover::GroverRoute;
use crate::export::counts::CountsFormat;
use crate::export::qasm::Flavor;
use crate::model::Level;
use crate::qaoa::optimize::Init;
use crate::simulation::SpaceSettings;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::PathBuf;

/// serde: penalty overrides as `NAME=W` texts, from a list of them, one, or an object
/// `{"NAME": W}` (Python's `penalty`), each weight as JSON writes it (`nan` and `inf` travel as
/// text); [`Penalties::parse`] checks them.
fn penalty_texts<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Vec<String>, D::Error> {
    let text = |v: &Value| match v {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        other => Err(serde::de::Error::custom(format!(
            "penalty: a weight is a number, not {other}"
        ))),
    };
    match Value::deserialize(d)? {
        Value::Null => Ok(Vec::new()),
        Value::Object(map) => map.iter().map(|(k, v)| Ok(format!("{k}={}", text(v)?))).collect(),
        Value::Array(items) => items.iter().map(text).collect(),
        one => Ok(vec![text(&one)?]),
    }
}

fn level_of(name: &str) -> Result<Level> {
    name.parse()
}

fn encoding_of(name: &str) -> Result<EncodingKind> {
    name.parse()
}

fn describe_seconds(s: Option<Seconds>) -> Value {
    s.map_or(Value::Null, |s| json!(s.get()))
}

/// Merge the members of `parts` (objects) into one object, in order.
fn merged(parts: &[Value]) -> Value {
    let mut all = serde_json::Map::new();
    for part in parts {
        if let Value::Object(map) = part {
            for (k, v) in map {
                all.insert(k.clone(), v.clone());
            }
        }
    }
    Value::Object(all)
}

fn default_trajectories() -> i128 {
    crate::noise::DEFAULT_TRAJECTORIES as i128
}
