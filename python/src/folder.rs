//! Files written by earlier runs, read back by the library calls the command line makes, so the
//! JSON and the files are the command line's to the byte: `score_experiment` (an experiment
//! folder of `quzzle qasm --depths .. -o DIR`, as `quzzle score DIR`) and `predict` (a routed
//! circuit and its manifest, as `quzzle predict`).

use crate::{interruptible, json_text, OrPy};
use pyo3::prelude::*;
use quzzle::export::experiment_score::{self as score, ExperimentScoreSettings};
use quzzle::export::predict::{predict, PredictSettings};
use quzzle::request::{from_json, PredictChoices, ScoreChoices};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_experiment_json, m)?)?;
    m.add_function(wrap_pyfunction!(predict_json, m)?)?;
    Ok(())
}

/// `quzzle score DIR --json`: every depth of the experiment folder whose counts file is there,
/// scored against its manifest, the noiseless prediction and each noise model's (the index's
/// and `noise`, predicted now with `trajectories`), written into `out` (none: the folder) as
/// hardware.json and hardware.csv and the figure hardware_vs_depth.svg/.png.
/// Returns the JSON and the files written. Ctrl-C stops the noisy trajectories.
#[pyfunction]
#[pyo3(signature = (folder, out, choices))]
fn score_experiment_json(
    py: Python<'_>,
    folder: PathBuf,
    out: Option<PathBuf>,
    choices: &str,
) -> PyResult<(String, Vec<String>)> {
    let request = from_json::<ScoreChoices>("score", choices)
        .and_then(|c| c.check())
        .or_py()?;
    let noise = request.noise.settings_for_files().or_py()?;
    let out = out.unwrap_or_else(|| folder.clone());
    let settings = ExperimentScoreSettings {
        counts: request.counts_settings(),
        noise,
        mitigate: request.mitigate,
        out: Some(out.clone()),
    };
    let (scored, written) = interruptible(py, |cancel| {
        let settings = ExperimentScoreSettings {
            noise: quzzle::noise::NoiseSettings {
                cancel,
                ..settings.noise.clone()
            },
            ..settings.clone()
        };
        let scored = score::score_experiment(&folder, &settings)?;
        let written = score::write_experiment_score(&out, &scored)?;
        Ok::<_, quzzle::Error>((scored, written))
    })?
    .or_py()?;
    let written = written.iter().map(|p| p.display().to_string()).collect();
    Ok((json_text(&scored.score)?, written))
}

/// `quzzle predict ROUTED MANIFEST --json`: the routed circuit simulated noiseless and under each
/// noise model, beside each model on the exported circuit. Ctrl-C stops the trajectories.
#[pyfunction]
#[pyo3(signature = (routed, manifest, choices))]
fn predict_json(py: Python<'_>, routed: PathBuf, manifest: PathBuf, choices: &str) -> PyResult<String> {
    let request = from_json::<PredictChoices>("predict", choices)
        .and_then(|c| c.check())
        .or_py()?;
    let noise = request.noise.settings_for_files().or_py()?;
    let report = interruptible(py, |cancel| {
        let budget = quzzle::budget::Budget::new(request.max_seconds, std::time::Duration::from_secs(1), None)
            .with_cancel(cancel.clone());
        let settings = PredictSettings {
            noise: quzzle::noise::NoiseSettings {
                cancel,
                ..noise.clone()
            },
            seed: request.seed,
        };
        predict(&routed, &manifest, &settings, &budget)
    })?
    .or_py()?;
    json_text(&report)
}
