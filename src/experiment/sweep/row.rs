//! One finished sweep row and its CSV form, read and written with the `csv` crate (fields
//! quoted where they need it, floats in the shortest form that reads back to the same f64, so
//! a resumed INTERP continues from exactly the stored angles).

use crate::angles::Angles;
use crate::encoding::space::SpaceChoice;
use crate::error::{Error, Result};
use crate::experiment::depth::DepthResult;
use crate::experiment::solve::ObjectiveSpec;
use crate::mixer::{MixerKind, StartChoice};
use crate::model::Level;
use crate::qaoa::optimize::{Init, Method};
use crate::simulation::{Provenance, SpaceSettings};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Angle lists as one CSV field: the angles separated by spaces.
mod spaced {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[f64], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.iter().map(|x| format!("{x}")).collect::<Vec<_>>().join(" "))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f64>, D::Error> {
        let s = String::deserialize(d)?;
        s.split_whitespace()
            .map(|x| x.parse().map_err(serde::de::Error::custom))
            .collect()
    }
}

/// One finished (instance, depth, init, objective): the CSV row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepRow {
    /// The puzzle file as given.
    pub file: String,
    /// Puzzle kind.
    pub puzzle: String,
    /// Reduction level.
    pub reduce: Level,
    /// Qubits.
    pub qubits: usize,
    /// The space simulated (`full` in CSVs written before block spaces).
    #[serde(default = "full_space")]
    pub space: SpaceChoice,
    /// The mixer (`x` in CSVs written before block spaces).
    #[serde(default = "x_mixer")]
    pub mixer: MixerKind,
    /// Where a switch mixer started (`uniform`, `first-grid`); empty for the other mixers and
    /// in CSVs written before the column.
    #[serde(default)]
    pub start: Option<StartChoice>,
    /// Basis states simulated (0 read from an old CSV is set to 2^qubits).
    #[serde(default)]
    pub dimension: f64,
    /// Depth.
    pub p: usize,
    /// Initial-angle strategy.
    pub init: Init,
    /// Objective (`energy`, `success`, `cvar:0.1`).
    pub objective: ObjectiveSpec,
    /// Optimiser actually used (CVaR always uses Nelder–Mead).
    pub optimizer: Method,
    /// Starts used at this depth.
    pub restarts: usize,
    /// The sweep's seed.
    pub seed: u64,
    /// Number of valid basis states.
    pub valid_states: usize,
    /// Number of zero-energy states breaking only non-QUBO rules.
    pub non_qubo_states: usize,
    /// P(valid) of uniform sampling: valid_states / 2^n.
    pub uniform_baseline: f64,
    /// `⟨C⟩` at the optimum.
    pub energy: f64,
    /// `(C_max − ⟨C⟩)/(C_max − C_min)`.
    pub approx_ratio: f64,
    /// P(valid).
    pub p_valid: f64,
    /// P(zero energy but breaks a non-QUBO rule).
    pub p_non_qubo: f64,
    /// P(breaks a QUBO rule).
    pub p_invalid: f64,
    /// Shots for one valid board at 99 % confidence (infinite when P(valid) = 0).
    pub shots_99: f64,
    /// The objective's value at the optimum.
    pub objective_value: f64,
    /// Objective evaluations (the ramp grid scan included).
    pub evaluations: usize,
    /// Gradient evaluations.
    pub gradients: usize,
    /// Most likely bitstring, qubit 0 first (Qiskit prints qubit 0 rightmost).
    pub top_bitstring: String,
    /// Its probability.
    pub top_probability: f64,
    /// Whether it is a valid board.
    pub top_is_valid: bool,
    /// Optimised γ_1..γ_p.
    #[serde(with = "spaced")]
    pub gammas: Vec<f64>,
    /// Optimised β_1..β_p.
    #[serde(with = "spaced")]
    pub betas: Vec<f64>,
    /// Noise models of the noise columns, space-separated (empty without `--noise`; the
    /// columns below hold one value per model, in this order).
    #[serde(default)]
    pub noise: String,
    /// Trajectories per noisy estimate.
    #[serde(default)]
    pub noise_trajectories: Option<usize>,
    /// Noisy P(valid) (after readout flips) per model.
    #[serde(default, with = "spaced")]
    pub noise_p_valid: Vec<f64>,
    /// Its standard error per model.
    #[serde(default, with = "spaced")]
    pub noise_p_valid_se: Vec<f64>,
    /// Noisy energy per model.
    #[serde(default, with = "spaced")]
    pub noise_energy: Vec<f64>,
    /// Its standard error per model.
    #[serde(default, with = "spaced")]
    pub noise_energy_se: Vec<f64>,
    /// Hadamards of the exported circuit (with noise only).
    #[serde(default)]
    pub gates_h: Option<usize>,
    /// `rz` gates of the exported circuit (`rzz` counts one).
    #[serde(default)]
    pub gates_rz: Option<usize>,
    /// `rx` gates of the exported circuit.
    #[serde(default)]
    pub gates_rx: Option<usize>,
    /// CNOTs of the exported circuit (`rzz` counts two).
    #[serde(default)]
    pub gates_cx: Option<usize>,
    /// Cost-layer (oracle, for the Grover mixer) applications to a valid board with 99 %
    /// confidence: `shots_99 · p` (infinite when P(valid) = 0).
    #[serde(default = "infinite")]
    pub applications_99: f64,
    /// Device timings of the device columns, space-separated (empty without them; the columns
    /// below hold one value per device, in this order).
    #[serde(default)]
    pub devices: String,
    /// Seconds of one shot of the exported circuit per device.
    #[serde(default, with = "spaced")]
    pub shot_seconds: Vec<f64>,
    /// `shots_99 · shot_seconds` per device (infinite when P(valid) = 0).
    #[serde(default, with = "spaced")]
    pub tts99_seconds: Vec<f64>,
    /// Wall time of this row in seconds, the noise estimates included (the last column, and
    /// the only one a rerun may change).
    pub seconds: f64,
}

/// What every row of a CSV written before block spaces ran (it has no space and mixer
/// columns): the full space with the X mixer, whatever the default settings become.
const BEFORE_BLOCK_SPACES: SpaceSettings = SpaceSettings {
    space: SpaceChoice::Full,
    mixer: MixerKind::X,
    start: StartChoice::Auto,
    chosen: crate::simulation::Chosen::Given,
};

fn full_space() -> SpaceChoice {
    BEFORE_BLOCK_SPACES.space
}

fn infinite() -> f64 {
    f64::INFINITY
}

fn x_mixer() -> MixerKind {
    BEFORE_BLOCK_SPACES.mixer
}

/// What identifies a row: file, depth, init, objective (by name), space, mixer and start.
pub type RowKey = (String, usize, Init, String, SpaceChoice, MixerKind, Option<StartChoice>);

/// The header of CSVs written before block spaces (no space, mixer, dimension): still read.
const CSV_HEADER_FULL_ONLY: &str = "file,puzzle,reduce,qubits,p,init,objective,optimizer,restarts,seed,valid_states,non_qubo_states,uniform_baseline,energy,approx_ratio,p_valid,p_non_qubo,p_invalid,shots_99,objective_value,evaluations,gradients,top_bitstring,top_probability,top_is_valid,gammas,betas,seconds";

/// The header of CSVs written before the noise columns: still read (and rewritten under the
/// current header when a sweep resumes).
const CSV_HEADER_NO_NOISE: &str = "file,puzzle,reduce,qubits,space,mixer,dimension,p,init,objective,optimizer,restarts,seed,valid_states,non_qubo_states,uniform_baseline,energy,approx_ratio,p_valid,p_non_qubo,p_invalid,shots_99,objective_value,evaluations,gradients,top_bitstring,top_probability,top_is_valid,gammas,betas,seconds";

/// The header of CSVs written before the time-to-solution columns: still read.
const CSV_HEADER_NO_TTS: &str = "file,puzzle,reduce,qubits,space,mixer,dimension,p,init,objective,optimizer,restarts,seed,valid_states,non_qubo_states,uniform_baseline,energy,approx_ratio,p_valid,p_non_qubo,p_invalid,shots_99,objective_value,evaluations,gradients,top_bitstring,top_probability,top_is_valid,gammas,betas,noise,noise_trajectories,noise_p_valid,noise_p_valid_se,noise_energy,noise_energy_se,gates_h,gates_rz,gates_rx,gates_cx,seconds";

/// The header of CSVs written before the start column: still read.
const CSV_HEADER_NO_START: &str = "file,puzzle,reduce,qubits,space,mixer,dimension,p,init,objective,optimizer,restarts,seed,valid_states,non_qubo_states,uniform_baseline,energy,approx_ratio,p_valid,p_non_qubo,p_invalid,shots_99,objective_value,evaluations,gradients,top_bitstring,top_probability,top_is_valid,gammas,betas,noise,noise_trajectories,noise_p_valid,noise_p_valid_se,noise_energy,noise_energy_se,gates_h,gates_rz,gates_rx,gates_cx,applications_99,devices,shot_seconds,tts99_seconds,seconds";

/// The header of a sweep CSV.
pub const CSV_HEADER: &str = "file,puzzle,reduce,qubits,space,mixer,start,dimension,p,init,objective,optimizer,restarts,seed,valid_states,non_qubo_states,uniform_baseline,energy,approx_ratio,p_valid,p_non_qubo,p_invalid,shots_99,objective_value,evaluations,gradients,top_bitstring,top_probability,top_is_valid,gammas,betas,noise,noise_trajectories,noise_p_valid,noise_p_valid_se,noise_energy,noise_energy_se,gates_h,gates_rz,gates_rx,gates_cx,applications_99,devices,shot_seconds,tts99_seconds,seconds";

impl SweepRow {
    /// The row of `depth`, run on the instance `provenance` describes: its file label is
    /// `file`, `restarts` the starts spent, `valid_states`/`non_qubo_states` the counts of the
    /// space, `approx_ratio` the energy's place between the cost's extremes. The wall time is
    /// kept to milliseconds, all it means here.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        file: &str,
        provenance: &Provenance,
        depth: &DepthResult,
        init: Init,
        objective: ObjectiveSpec,
        optimizer: Method,
        restarts: usize,
        seed: u64,
        valid_states: f64,
        non_qubo_states: f64,
        approx_ratio: f64,
    ) -> SweepRow {
        SweepRow {
            file: file.to_string(),
            puzzle: provenance.puzzle.clone(),
            reduce: provenance.reduce,
            qubits: provenance.qubits,
            space: provenance.space,
            mixer: provenance.mixer,
            start: provenance.start,
            dimension: provenance.dimension,
            p: depth.p,
            init,
            objective,
            optimizer,
            restarts,
            seed,
            valid_states: valid_states as usize,
            non_qubo_states: non_qubo_states as usize,
            uniform_baseline: valid_states / provenance.dimension,
            energy: depth.energy,
            approx_ratio,
            p_valid: depth.success_probability,
            p_non_qubo: depth.p_non_qubo,
            p_invalid: depth.p_invalid,
            shots_99: depth.shots_99.unwrap_or(f64::INFINITY),
            objective_value: depth.objective_value,
            evaluations: depth.evaluations,
            gradients: depth.gradients,
            top_bitstring: depth.top_bitstring.clone(),
            top_probability: depth.top_probability,
            top_is_valid: depth.top_is_valid,
            gammas: depth.gammas.clone(),
            betas: depth.betas.clone(),
            noise: depth.noise_names(),
            noise_trajectories: depth.noisy.first().map(|e| e.trajectories),
            noise_p_valid: depth.per_noise_model(|e| e.p_valid),
            noise_p_valid_se: depth.per_noise_model(|e| e.p_valid_se),
            noise_energy: depth.per_noise_model(|e| e.energy),
            noise_energy_se: depth.per_noise_model(|e| e.energy_se),
            gates_h: depth.gates.as_ref().map(|g| g.h),
            gates_rz: depth.gates.as_ref().map(|g| g.rz),
            gates_rx: depth.gates.as_ref().map(|g| g.rx),
            gates_cx: depth.gates.as_ref().map(|g| g.cx),
            applications_99: depth.applications_99.unwrap_or(f64::INFINITY),
            devices: depth.device_names(),
            shot_seconds: depth.shot_seconds(),
            tts99_seconds: depth.tts99_seconds(),
            seconds: (depth.seconds * 1000.0).round() / 1000.0,
        }
    }

    /// The key that identifies a finished row when resuming: (file, p, init, objective).
    pub fn key(&self) -> RowKey {
        (
            self.file.clone(),
            self.p,
            self.init,
            self.objective.name(),
            self.space,
            self.mixer,
            self.start,
        )
    }

    /// The line family of the row in figures and summaries: the init under the default
    /// settings (the full space with the X mixer), else the init with the mixer and the space
    /// (`interp, xy-ring on rows`), so that rows of two spaces under one mixer never share a
    /// curve.
    pub fn family(&self) -> String {
        let settings = SpaceSettings {
            space: self.space,
            mixer: self.mixer,
            start: StartChoice::Auto,
            chosen: crate::simulation::Chosen::Given,
        };
        if settings == SpaceSettings::default() {
            self.init.to_string()
        } else if self.start == Some(StartChoice::FirstGrid) {
            format!("{}, {} on {} from the first grid", self.init, self.mixer, self.space)
        } else {
            format!("{}, {} on {}", self.init, self.mixer, self.space)
        }
    }

    /// The row as one CSV record, with its newline.
    pub fn to_csv_record(&self) -> Result<String> {
        let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
        w.serialize(self).map_err(|e| Error::csv("sweep row", e))?;
        let bytes = w.into_inner().map_err(|e| Error::csv("sweep row", e))?;
        Ok(String::from_utf8(bytes).expect("CSV of UTF-8 fields"))
    }

    /// The optimised angles.
    pub fn angles(&self) -> Result<Angles> {
        Angles::new(self.gammas.clone(), self.betas.clone())
    }
}

/// Read a sweep CSV. A missing file is an empty sweep. A last record without its newline (the
/// sweep was killed while writing it) is dropped. Another header is an error.
pub fn read_csv(path: &Path) -> Result<Vec<SweepRow>> {
    read_csv_tolerant(path, false).map(|(rows, _)| rows)
}

/// [`read_csv`] for a sweep about to resume: a torn last line (no newline, or one that does not
/// parse: the sweep was killed while writing it) is dropped, and the note says so.
pub fn read_csv_for_resume(path: &Path) -> Result<(Vec<SweepRow>, Option<String>)> {
    read_csv_tolerant(path, true)
}

fn read_csv_tolerant(path: &Path, drop_bad_last: bool) -> Result<(Vec<SweepRow>, Option<String>)> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), None)),
        Err(source) => {
            return Err(Error::Read {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let name = path.display().to_string();
    let mut note = (complete.len() < text.len()).then(|| {
        format!(
            "{name}: dropped a torn last line (no newline: {} bytes)",
            text.len() - complete.len()
        )
    });
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(complete.as_bytes());
    match reader.headers() {
        Ok(h)
            if h.iter().eq(CSV_HEADER.split(','))
                || h.iter().eq(CSV_HEADER_NO_START.split(','))
                || h.iter().eq(CSV_HEADER_NO_TTS.split(','))
                || h.iter().eq(CSV_HEADER_NO_NOISE.split(','))
                || h.iter().eq(CSV_HEADER_FULL_ONLY.split(',')) => {}
        Ok(h) if h.is_empty() => return Ok((Vec::new(), note)),
        _ => {
            return Err(Error::parse(
                &name,
                1,
                "not a sweep CSV of this quzzle version (other columns); write to another folder",
            ))
        }
    }
    let results: Vec<std::result::Result<SweepRow, csv::Error>> = reader.deserialize().collect();
    let last = results.len();
    let mut rows = Vec::with_capacity(last);
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok(mut row) => {
                if row.dimension == 0.0 {
                    row.dimension = (row.qubits as f64).exp2();
                }
                if row.applications_99.is_infinite() && row.shots_99.is_finite() {
                    // A row written before the column: the same product.
                    row.applications_99 = row.shots_99 * row.p as f64;
                }
                rows.push(row);
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line() as usize);
                if drop_bad_last && i + 1 == last {
                    note = Some(format!("{name}:{line}: dropped a torn last line ({e})"));
                } else {
                    return Err(Error::parse(&name, line, format!("bad sweep row: {e}")));
                }
            }
        }
    }
    Ok((rows, note))
}
