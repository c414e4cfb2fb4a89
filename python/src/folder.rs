//! `score_experiment`: an experiment folder (`quzzle qasm --depths .. -o DIR`) scored as
//! `quzzle score DIR` scores it, by the same library calls, so the JSON and the files are the
//! command line's to the byte.

use crate::{choice, interruptible, json_text, noise_settings, OrPy};
use pyo3::prelude::*;
use quzzle::export::counts::CountsFormat;
use quzzle::export::experiment_score::{self as score, ExperimentScoreSettings};
use quzzle::export::score::CountsScoreSettings;
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
#[pyo3(signature = (folder, out, noise, trajectories, confidence, top, format, shots))]
#[allow(clippy::too_many_arguments)]
fn score_experiment_json(
    py: Python<'_>,
    folder: PathBuf,
    out: Option<PathBuf>,
    noise: Vec<String>,
    trajectories: usize,
    confidence: f64,
    top: usize,
    format: Option<&str>,
    shots: Option<u64>,
) -> PyResult<(String, Vec<String>)> {
    let format = match format {
        None | Some("auto") => None,
        Some(name) => Some(choice("counts format", name, &CountsFormat::ALL, CountsFormat::name)?),
    };
    // The trajectories checked here; the experiment's space by the library, once read.
    let noise = noise_settings(
        &noise,
        trajectories,
        &quzzle::simulation::SpaceSettings::default(),
        None,
    )?;
    let out = out.unwrap_or_else(|| folder.clone());
    let settings = ExperimentScoreSettings {
        counts: CountsScoreSettings {
            format,
            shots,
            top,
            confidence,
        },
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
