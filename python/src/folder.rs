//! `score_experiment`: an experiment folder (`quzzle qasm --depths .. -o DIR`) scored as
//! `quzzle score DIR` scores it, by the same library calls, so the JSON and the files are the
//! command line's to the byte.

use crate::{interruptible, json_text, OrPy};
use pyo3::prelude::*;
use quzzle::export::experiment_score::{self as score, ExperimentScoreSettings};
use quzzle::request::{from_json, ScoreChoices};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_experiment_json, m)?)?;
    Ok(())
}

/// `quzzle score DIR --json`: every depth of the experiment folder whose counts file is there,
/// scored against its manifest, the noiseless prediction and each noise model's (the index's
/// and `noise`, predicted now with `trajectories`), written into `out` (none: the folder) as
/// hardware.json and hardware.csv (and the figure, where the library was built with plots).
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
    // The experiment's space is checked by the library, once the folder is read.
    let noise = request
        .noise
        .settings(&quzzle::simulation::SpaceSettings::default(), None)
        .or_py()?;
    let out = out.unwrap_or_else(|| folder.clone());
    let settings = ExperimentScoreSettings {
        counts: request.counts_settings(),
        noise,
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
