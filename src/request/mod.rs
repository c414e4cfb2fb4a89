//! The request layer: what a user asks of each job, built from plain choices and checked once
//! (docs/ARCHITECTURE.md, "Requests").
//!
//! Each job has two types. `…Choices` is what was typed or passed, as plain data (names as
//! text, numbers as given, defaults those of the command line); the command line fills it from
//! its flags and Python from its keyword arguments (as JSON, with [`from_json`]). `…Request` is
//! the checked request: library enums and the newtypes of [`crate::checked`], so nothing
//! downstream checks these values again. `check()` goes from one to the other and is the one
//! place a setting is refused; [`describe`] gives the request as JSON, the same on both sides
//! (`quzzle <job> --dry-run`, `quzzle.request(job, ...)`).

mod jobs;

pub use jobs::*;

use crate::checked::{Depths, NumberKind, Seconds, Trajectories};
use crate::error::{Error, Quantity, RequestProblem, Result};
use crate::experiment::solve::ObjectiveSpec;
use crate::mixer::MixerKind;
use crate::noise::timing::DeviceTiming;
use crate::noise::{NoiseModel, NoiseSettings};
use crate::qaoa::optimize::{Init, Method, OptimizeConfig};
use crate::simulation::SpaceSettings;
use serde::Deserialize;
use serde_json::{json, Value};

/// The jobs that take a request, by the name of their command.
pub const JOBS: [&str; 11] = [
    "solve", "sweep", "export", "sample", "score", "predict", "plan", "anneal", "grover", "info", "generate",
];

/// A name among `all`, by `name_of`; an unknown one lists the choices.
pub fn choose<T: Copy>(what: &'static str, name: &str, all: &[T], name_of: fn(T) -> &'static str) -> Result<T> {
    all.iter()
        .copied()
        .find(|&v| name_of(v) == name.trim())
        .ok_or_else(|| Error::UnknownName {
            what,
            name: name.to_string(),
            choices: all.iter().map(|&v| name_of(v)).collect::<Vec<_>>().join(", "),
        })
}

/// Depths as given: a text (`1..3,5`), one whole number or a list of whole numbers.
pub fn depths_of(value: &Value) -> Result<Depths> {
    match value {
        Value::String(text) => Depths::parse(text),
        Value::Array(items) => {
            let list = items.iter().map(whole_depth).collect::<Result<Vec<i64>>>()?;
            Depths::from_list(&list)
        }
        other => Depths::from_list(&[whole_depth(other)?]),
    }
}

fn whole_depth(value: &Value) -> Result<i64> {
    // A whole number written as a float (numpy's 2.0) is that number; 1.9 is no depth.
    let integral = |f: f64| (f.fract() == 0.0 && f.abs() <= 9.0e15).then_some(f as i64);
    value
        .as_i64()
        .or_else(|| value.as_f64().and_then(integral))
        .ok_or_else(|| {
            Error::out_of_range(
                Quantity::Depth,
                value,
                "is not a whole number of layers (give an int, A..B, or a list of ints)",
            )
        })
}

/// A count as given (`restarts`, `max_iters`, `reads`): a whole number 1..=`max`.
pub use crate::checked::count;

/// An optional time budget.
pub fn seconds(s: Option<f64>) -> Result<Option<Seconds>> {
    s.map(Seconds::new).transpose()
}

/// The optimiser settings of `solve`, `sweep` and `export --optimize`.
#[derive(Clone, Debug, PartialEq)]
pub struct OptimizeRequest {
    /// What is minimised.
    pub objective: ObjectiveSpec,
    /// The optimiser.
    pub method: Method,
    /// Iteration cap per start.
    pub max_iters: u64,
    /// Starts per depth.
    pub restarts: crate::checked::Restarts,
    /// Seed of every random draw.
    pub seed: u64,
}

impl OptimizeRequest {
    /// Checked from names and numbers as given.
    pub fn check(objective: &str, optimizer: &str, max_iters: i128, restarts: i128, seed: u64) -> Result<Self> {
        let restarts = crate::checked::Restarts::new(restarts)?;
        Ok(OptimizeRequest {
            objective: ObjectiveSpec::parse(objective)?,
            method: choose("optimizer", optimizer, &Method::ALL, Method::name)?,
            max_iters: count(Quantity::MaxIterations, max_iters, u64::MAX)?,
            restarts,
            seed,
        })
    }

    /// The optimiser's settings.
    pub fn config(&self) -> OptimizeConfig {
        OptimizeConfig {
            method: self.method,
            max_iters: self.max_iters,
            restarts: self.restarts,
            seed: self.seed,
            ..OptimizeConfig::default()
        }
    }

    fn describe(&self) -> Value {
        json!({
            "objective": self.objective.name(),
            "optimizer": self.method.name(),
            "max_iters": self.max_iters,
            "restarts": self.restarts,
            "seed": self.seed,
        })
    }
}

/// Noise models, their trajectories and device timings.
#[derive(Clone, Debug, PartialEq)]
pub struct NoiseRequest {
    /// The models (none: no noise estimate).
    pub models: Vec<NoiseModel>,
    /// Trajectories per estimate.
    pub trajectories: Trajectories,
    /// Device timings.
    pub devices: Vec<DeviceTiming>,
    /// What sector trajectories drop.
    pub truncation: crate::noise::Truncation,
}

impl NoiseRequest {
    /// Checked from model texts (`heron`, `p1=..,p2=..,readout=..`, `calibration:FILE`),
    /// a trajectory count and device names.
    pub fn check(models: &[String], trajectories: i128, devices: &[String]) -> Result<Self> {
        Ok(NoiseRequest {
            models: models.iter().map(|m| NoiseModel::parse(m)).collect::<Result<_>>()?,
            trajectories: Trajectories::new(trajectories)?,
            devices: devices
                .iter()
                .map(|d| crate::noise::timing::parse(d))
                .collect::<Result<_>>()?,
            truncation: crate::noise::Truncation::Off,
        })
    }

    /// This request with the truncation named `name` (`off`, `exact`, `bounded`; none: off).
    pub fn truncating(mut self, name: Option<&str>) -> Result<Self> {
        use crate::noise::Truncation;
        if let Some(name) = name {
            self.truncation = choose(
                "truncation",
                name,
                &[Truncation::Off, Truncation::Exact, Truncation::Bounded],
                Truncation::name,
            )?;
        }
        Ok(self)
    }

    /// The library's settings for `space`, after checking that it takes noise (`auto`
    /// resolved for `enc` when given, so that a refusal names the space it becomes).
    pub fn settings(
        &self,
        space: &SpaceSettings,
        enc: Option<&dyn crate::encoding::Encoding>,
    ) -> Result<NoiseSettings> {
        Ok(
            NoiseSettings::checked(self.models.clone(), self.trajectories, space, enc)?
                .with_devices(self.devices.clone())
                .with_truncation(self.truncation),
        )
    }

    /// The settings of a job whose space and mixer are read from its files (`score DIR`,
    /// `predict`): the library checks them against the noise once it has read them.
    pub fn settings_for_files(&self) -> Result<NoiseSettings> {
        self.settings(&SpaceSettings::default(), None)
    }

    fn describe(&self) -> Value {
        let mut v = json!({
            "noise": self.models.iter().map(|m| serde_json::to_value(m).unwrap_or(Value::Null)).collect::<Vec<_>>(),
            "trajectories": self.trajectories.get(),
            "device": self.devices.iter().map(|d| d.name.clone()).collect::<Vec<_>>(),
        });
        if self.truncation != crate::noise::Truncation::Off {
            v["truncate"] = json!(self.truncation.name());
        }
        v
    }
}

/// The space and mixer from optional names, a missing one following the other, and the
/// switch mixers' start (`auto` when none is named; `first-grid` under another mixer is
/// refused when the space is built).
pub fn space_of(space: Option<&str>, mixer: Option<&str>, start: Option<&str>) -> Result<SpaceSettings> {
    let space = space.map(str::parse).transpose()?;
    let mixer = mixer.map(str::parse::<MixerKind>).transpose()?;
    let start = start.map(str::parse::<crate::mixer::StartChoice>).transpose()?;
    Ok(SpaceSettings {
        start: start.unwrap_or_default(),
        ..SpaceSettings::from_choices(space, mixer)
    })
}

fn describe_space(s: &SpaceSettings) -> Value {
    if s.chosen == crate::simulation::Chosen::Recommend {
        // Resolved for each puzzle once it is encoded.
        return json!({"space": "recommended", "mixer": "recommended", "start": s.start.name()});
    }
    json!({"space": s.space.name(), "mixer": s.mixer.name(), "start": s.start.name()})
}

/// The init of a run and its schedule: a fixed schedule (`lr:DG,DB`, `transfer`, `fixed`) is
/// evaluated, not optimised, and replaces the init.
#[derive(Clone, Debug, PartialEq)]
pub struct InitRequest {
    /// The inits, in the order they run.
    pub inits: Vec<Init>,
    /// The schedule's text, trimmed, when one was given.
    pub schedule: Option<String>,
    /// The ramp scales a `lr:DG,DB` schedule gives.
    pub ramp: Option<(f64, f64)>,
    /// Reports and sweep tables that transfer reads.
    pub angles_from: Vec<std::path::PathBuf>,
}

impl InitRequest {
    /// Checked: `inits` (none given: `default`) or a `schedule`, not both; transfer needs
    /// angle files and nothing else takes them.
    pub fn check(
        inits: Option<Vec<Init>>,
        default: Vec<Init>,
        schedule: Option<&str>,
        angles_from: &[std::path::PathBuf],
    ) -> Result<Self> {
        let (inits, ramp) = match (inits, schedule) {
            (Some(_), Some(_)) => return Err(Error::Request(RequestProblem::InitAndSchedule)),
            (_, Some(text)) => {
                let (init, ramp) = crate::qaoa::optimize::parse_schedule(text)?;
                (vec![init], ramp)
            }
            (given, None) => (given.unwrap_or(default), None),
        };
        if inits.contains(&Init::Transfer) == angles_from.is_empty() {
            return Err(Error::AngleFiles {
                needed: inits.contains(&Init::Transfer),
            });
        }
        Ok(InitRequest {
            inits,
            schedule: schedule.map(|s| s.trim().to_string()),
            ramp,
            angles_from: angles_from.to_vec(),
        })
    }

    /// Checked with the depths it runs at: a `lr:DG,DB` ramp's angles at each depth must be
    /// angles (finite, within range), so a schedule too large is refused before any work.
    pub fn check_depths(&self, depths: &[usize]) -> Result<()> {
        if let Some((dg, db)) = self.ramp {
            for &p in depths {
                crate::qaoa::schedule::ramp(p, dg, db)?;
            }
        }
        Ok(())
    }

    /// `config` with the schedule's ramp and no optimisation when a schedule was given.
    pub fn apply(&self, mut config: OptimizeConfig) -> OptimizeConfig {
        if self.schedule.is_some() {
            config.ramp = self.ramp;
            config.optimise = false;
        }
        config
    }

    /// The angle files transfer reads (an error names a file that cannot be read).
    pub fn read_angle_files(&self) -> Result<Vec<crate::experiment::transfer::AngleFile>> {
        self.angles_from
            .iter()
            .map(|p| crate::experiment::transfer::AngleFile::read(p))
            .collect()
    }

    fn describe(&self) -> Value {
        json!({
            "init": self.inits.iter().map(|i| i.name()).collect::<Vec<_>>(),
            "schedule": self.schedule,
            "angles_from": self.angles_from.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        })
    }
}

/// One init by name.
pub fn init_named(name: &str) -> Result<Init> {
    choose("init", name, &Init::ALL, Init::name)
}

/// Inits as given: one name, `all` (ramp, interp, random), or a list of names.
pub fn inits_of(value: &Value) -> Result<Vec<Init>> {
    match value {
        Value::String(s) if s.trim() == "all" => Ok(Init::STARTS.to_vec()),
        Value::String(s) => Ok(vec![init_named(s)?]),
        Value::Array(items) if !items.is_empty() => items
            .iter()
            .map(|v| match v {
                Value::String(s) => init_named(s),
                other => Err(Error::Request(RequestProblem::InitNotNamed {
                    value: other.to_string(),
                    in_list: true,
                })),
            })
            .collect(),
        other => Err(Error::Request(RequestProblem::InitNotNamed {
            value: other.to_string(),
            in_list: false,
        })),
    }
}

/// Choices of `job` from the JSON object of its keyword arguments (Python's side); an unknown
/// key is refused, naming it, and a value of the wrong type is refused naming its key, what
/// it takes and what it got.
pub fn from_json<T: for<'de> Deserialize<'de>>(job: &str, text: &str) -> Result<T> {
    serde_json::from_str(text).map_err(|e| {
        let problem = plain_serde(&e.to_string());
        match setting_at_fault::<T>(text) {
            Some(setting) if !problem.starts_with("unknown field") => Error::Request(RequestProblem::Setting {
                job: job.to_string(),
                setting,
                problem,
            }),
            _ => Error::Request(RequestProblem::Keywords {
                job: job.to_string(),
                problem,
            }),
        }
    })
}

/// The key of the object `text` whose value alone the choices `T` (every field defaulted)
/// refuse: serde's message names no field.
fn setting_at_fault<T: for<'de> Deserialize<'de>>(text: &str) -> Option<String> {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(text) else {
        return None;
    };
    map.into_iter().find_map(|(key, value)| {
        let alone = Value::Object(std::iter::once((key.clone(), value)).collect());
        serde_json::from_value::<T>(alone).is_err().then_some(key)
    })
}

/// serde's message without its position (`at line 1 column 40`), which means nothing to a
/// caller who passed keyword arguments.
fn plain_serde(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// The checked request of `job` from its choices as JSON, described as JSON: what
/// `quzzle <job> --dry-run` prints for the same settings.
pub fn describe(job: &str, choices_json: &str) -> Result<Value> {
    Ok(match job {
        "solve" => from_json::<SolveChoices>(job, choices_json)?.check()?.describe(),
        "sweep" => from_json::<SweepChoices>(job, choices_json)?.check()?.describe(),
        "export" => from_json::<ExportChoices>(job, choices_json)?.check()?.describe(),
        "sample" => from_json::<SampleChoices>(job, choices_json)?.check()?.describe(),
        "score" => from_json::<ScoreChoices>(job, choices_json)?.check()?.describe(),
        "predict" => from_json::<PredictChoices>(job, choices_json)?.check()?.describe(),
        "plan" => from_json::<PlanChoices>(job, choices_json)?.check()?.describe(),
        "anneal" => from_json::<AnnealChoices>(job, choices_json)?.check()?.describe(),
        "grover" => from_json::<GroverChoices>(job, choices_json)?.check()?.describe(),
        "info" => from_json::<InfoChoices>(job, choices_json)?.check()?.describe(),
        "generate" => from_json::<GenerateChoices>(job, choices_json)?.check()?.describe(),
        _ => {
            return Err(Error::UnknownName {
                what: "job",
                name: job.to_string(),
                choices: JOBS.join(", "),
            })
        }
    })
}

/// A number as JSON writes it, or as text (`nan`, `inf`, which JSON cannot write, and the
/// command line's), by [`crate::checked::real_of`].
fn number_of<E: serde::de::Error>(value: &Value) -> std::result::Result<f64, E> {
    crate::checked::real_of(value).map_err(E::custom)
}

/// serde: an `f64` field given as a number or as text.
pub(crate) fn float<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<f64, D::Error> {
    number_of(&Value::deserialize(d)?)
}

/// serde: an optional `f64` field given as a number or as text.
pub(crate) fn float_opt<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Option<f64>, D::Error> {
    Option::<Value>::deserialize(d)?.as_ref().map(number_of).transpose()
}

/// serde: an optional list of `f64` given as numbers or as text.
pub(crate) fn floats_opt<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Option<Vec<f64>>, D::Error> {
    Option::<Vec<Value>>::deserialize(d)?
        .map(|v| v.iter().map(number_of).collect())
        .transpose()
}

/// A whole number of `kind` as given (a number or text), by [`crate::checked::number_of`].
fn whole_of<T: TryFrom<i128>, E: serde::de::Error>(value: &Value, kind: NumberKind) -> std::result::Result<T, E> {
    crate::checked::number_of(value, kind).map_err(E::custom)
}

/// serde: a whole-number field (its range is checked by the request).
pub(crate) fn whole<'de, D: serde::Deserializer<'de>, T: TryFrom<i128>>(d: D) -> std::result::Result<T, D::Error> {
    whole_of(&Value::deserialize(d)?, NumberKind::Whole)
}

/// serde: an optional whole-number field.
pub(crate) fn whole_opt<'de, D: serde::Deserializer<'de>, T: TryFrom<i128>>(
    d: D,
) -> std::result::Result<Option<T>, D::Error> {
    Option::<Value>::deserialize(d)?
        .as_ref()
        .map(|v| whole_of(v, NumberKind::Whole))
        .transpose()
}

/// serde: a seed, 0..=2^64 − 1.
pub(crate) fn seed<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<u64, D::Error> {
    whole_of(&Value::deserialize(d)?, NumberKind::Seed)
}

/// serde: a size, a whole number ≥ 0.
pub(crate) fn size<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<usize, D::Error> {
    whole_of(&Value::deserialize(d)?, NumberKind::Size)
}

/// serde: an optional size.
pub(crate) fn size_opt<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Option<usize>, D::Error> {
    Option::<Value>::deserialize(d)?
        .as_ref()
        .map(|v| whole_of(v, NumberKind::Size))
        .transpose()
}

/// serde: a list given as a list, or as one item (`noise="heron"`).
pub(crate) fn one_or_many<'de, D, T>(d: D) -> std::result::Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let value = Value::deserialize(d)?;
    let items = match value {
        Value::Array(items) => items,
        Value::Null => Vec::new(),
        one => vec![one],
    };
    items
        .into_iter()
        .map(|v| serde_json::from_value(v).map_err(serde::de::Error::custom))
        .collect()
}

/// The JSON text of a description, as both sides print it.
pub fn describe_text(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}
