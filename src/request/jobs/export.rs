//! `export`: its choices as given, and the checked request.

use super::*;

/// `qasm` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ExportChoices {
    /// One depth.
    #[serde(deserialize_with = "crate::request::whole_opt")]
    pub depth: Option<i64>,
    /// Depths of an experiment folder.
    pub depths: Option<Value>,
    /// Angles from a report or manifest.
    pub angles: Option<PathBuf>,
    /// Given γ.
    #[serde(deserialize_with = "crate::request::floats_opt")]
    pub gammas: Option<Vec<f64>>,
    /// Given β.
    #[serde(deserialize_with = "crate::request::floats_opt")]
    pub betas: Option<Vec<f64>>,
    /// Optimise first.
    pub optimize: bool,
    /// Seed of the optimisation.
    #[serde(deserialize_with = "crate::request::seed")]
    pub seed: u64,
    /// Flavour.
    pub flavor: String,
    /// Angles as input parameters.
    pub symbolic: bool,
    /// The state in the manifest.
    pub with_state: bool,
    /// Reduction level.
    pub reduce: String,
    /// Penalty overrides, `NAME=W` each, or `{"NAME": W}` (docs/lp.md, "Penalties").
    #[serde(deserialize_with = "super::penalty_texts")]
    pub penalty: Vec<String>,
    /// Encoding.
    pub encoding: String,
    /// Space name.
    pub space: Option<String>,
    /// Mixer name.
    pub mixer: Option<String>,
    /// The switch mixers' start name.
    pub start: Option<String>,
    /// Noise models predicted per depth (experiment folders).
    #[serde(deserialize_with = "crate::request::one_or_many")]
    pub noise: Vec<String>,
    /// Trajectories.
    #[serde(deserialize_with = "crate::request::whole")]
    pub trajectories: i128,
    /// What sector trajectories drop: `off` or `exact` (none: off).
    pub truncate: Option<String>,
    /// Time budget (experiment folders).
    #[serde(deserialize_with = "crate::request::float_opt")]
    pub max_seconds: Option<f64>,
}

impl Default for ExportChoices {
    fn default() -> Self {
        ExportChoices {
            depth: None,
            depths: None,
            angles: None,
            gammas: None,
            betas: None,
            optimize: false,
            seed: 0,
            flavor: "portable".into(),
            symbolic: false,
            with_state: false,
            reduce: "paper".into(),
            penalty: Vec::new(),
            encoding: "onehot".into(),
            space: None,
            mixer: None,
            start: None,
            noise: Vec::new(),
            trajectories: default_trajectories(),
            truncate: None,
            max_seconds: None,
        }
    }
}

/// Where an export's angles come from.
#[derive(Clone, Debug, PartialEq)]
pub enum AngleChoice {
    /// A report or manifest.
    File(PathBuf),
    /// These angles (finite, within range).
    Given(crate::angles::Angles),
    /// Optimised here with this seed.
    Optimize(u64),
}

/// `qasm`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportJob {
    /// One depth, or the depths of an experiment folder.
    pub depths: Depths,
    /// Whether an experiment folder (several files and an index) is written.
    pub folder: bool,
    /// The angles.
    pub angles: AngleChoice,
    /// Flavour.
    pub flavor: Flavor,
    /// Angles as input parameters.
    pub symbolic: bool,
    /// The state in the manifest.
    pub with_state: bool,
    /// Reduction level.
    pub level: Level,
    /// Penalty overrides.
    pub penalties: Penalties,
    /// Encoding.
    pub encoding: EncodingKind,
    /// Space and mixer.
    pub space: SpaceSettings,
    /// Noise models predicted per depth.
    pub noise: NoiseRequest,
    /// Time budget.
    pub max_seconds: Option<Seconds>,
}

impl ExportChoices {
    /// The checked request.
    pub fn check(&self) -> Result<ExportJob> {
        let (depths, folder) = match (self.depth, &self.depths) {
            (Some(_), Some(_)) => return Err(Error::Request(RequestProblem::DepthAndDepths)),
            (Some(p), None) => (Depths::from_list(&[p])?, false),
            (None, Some(d)) => (depths_of(d)?, true),
            (None, None) => return Err(Error::Request(RequestProblem::NoDepth)),
        };
        let sources = [
            self.angles.is_some(),
            self.gammas.is_some() || self.betas.is_some(),
            self.optimize,
        ];
        let angles = match sources {
            [true, false, false] => AngleChoice::File(self.angles.clone().unwrap_or_default()),
            [false, true, false] => {
                if folder {
                    return Err(Error::Request(RequestProblem::GivenAnglesAcrossDepths));
                }
                let gammas = self.gammas.clone().unwrap_or_default();
                let betas = self.betas.clone().unwrap_or_default();
                let p = depths.max();
                for (name, v) in [("gammas", &gammas), ("betas", &betas)] {
                    if v.len() != p {
                        return Err(Error::Request(RequestProblem::AngleListLength {
                            list: name,
                            given: v.len(),
                            depth: p,
                        }));
                    }
                }
                AngleChoice::Given(crate::angles::Angles::new(gammas, betas)?)
            }
            [false, false, true] => AngleChoice::Optimize(self.seed),
            _ => return Err(Error::Request(RequestProblem::AngleSources)),
        };
        let flavor: Flavor = self.flavor.parse()?;
        if self.symbolic && flavor != Flavor::Portable {
            return Err(Unsupported::SymbolicFlavour { flavour: flavor.name() }.into());
        }
        if folder && self.with_state {
            return Err(Error::Request(RequestProblem::StateOfExperiment));
        }
        if !folder && !self.noise.is_empty() {
            return Err(Error::Request(RequestProblem::NoiseOfOneCircuit));
        }
        Ok(ExportJob {
            depths,
            folder,
            angles,
            flavor,
            symbolic: self.symbolic,
            with_state: self.with_state,
            level: level_of(&self.reduce)?,
            penalties: Penalties::parse(&self.penalty)?,
            encoding: encoding_of(&self.encoding)?,
            space: space_of(self.space.as_deref(), self.mixer.as_deref(), self.start.as_deref())?,
            noise: NoiseRequest::check(&self.noise, self.trajectories, &[])?.truncating(self.truncate.as_deref())?,
            max_seconds: seconds(self.max_seconds)?,
        })
    }
}

impl ExportJob {
    /// The library's request for one circuit (the deepest depth) with `angles`, its QASM file
    /// named `qasm_name` in the manifest (`None`: no manifest is wanted).
    pub fn circuit(
        &self,
        angles: crate::export::AngleSource,
        qasm_name: Option<String>,
    ) -> crate::export::ExportRequest {
        crate::export::ExportRequest {
            depth: self.depths.deepest(),
            angles,
            flavor: self.flavor,
            symbolic: self.symbolic,
            with_state: self.with_state,
            qasm_name,
            space: self.space,
        }
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        let angles = match &self.angles {
            AngleChoice::File(p) => json!({"file": p.display().to_string()}),
            AngleChoice::Given(a) => json!({"gammas": a.gammas, "betas": a.betas}),
            AngleChoice::Optimize(seed) => json!({"optimize": {"seed": seed}}),
        };
        merged(&[
            json!({
                "job": "export",
                "depths": self.depths,
                "folder": self.folder,
                "angles": angles,
                "flavor": self.flavor.name(),
                "symbolic": self.symbolic,
                "with_state": self.with_state,
                "reduce": self.level.name(),
                "penalty": self.penalties,
                "encoding": self.encoding.name(),
            }),
            describe_space(&self.space),
            self.noise.describe(),
            json!({"max_seconds": describe_seconds(self.max_seconds)}),
        ])
    }
}
