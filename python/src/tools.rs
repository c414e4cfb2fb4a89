//! The commands without an encoding argument, through the same requests as the command line
//! (docs/ARCHITECTURE.md, "Requests"): `generate`, `anneal` and `plan`.

use crate::encoding::Source;
use crate::{json_text, OrPy};
use pyo3::prelude::*;
use quzzle::encoding::EncodingKind;
use quzzle::experiment::anneal::anneal;
use quzzle::request::{from_json, AnnealChoices, GenerateChoices, PlanChoices};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(generate_texts, m)?)?;
    m.add_function(wrap_pyfunction!(anneal_json, m)?)?;
    m.add_function(wrap_pyfunction!(plan_json, m)?)?;
    m.add_function(wrap_pyfunction!(save_solve_files, m)?)?;
    Ok(())
}

/// `quzzle generate --count N`: the instance text of each puzzle, seeds `seed .. seed + N`
/// (the bytes `generate -o` writes). `choices`: the JSON object of the keyword arguments.
#[pyfunction]
fn generate_texts(py: Python<'_>, choices: &str) -> PyResult<Vec<String>> {
    let request = from_json::<GenerateChoices>("generate", choices)
        .and_then(|c| c.check())
        .or_py()?;
    let budget = request.max_seconds;
    py.detach(|| {
        request
            .puzzles()
            .map(|p| quzzle::puzzle::generate::generate_within(&p, Some(budget), &mut |_| {}).map(|g| g.text))
            .collect::<quzzle::Result<Vec<String>>>()
    })
    .or_py()
}

/// `quzzle anneal FILE --json`: simulated annealing on the reduced QUBO of the puzzle (a file
/// or a `Puzzle`).
/// Ctrl-C stops it.
#[pyfunction]
fn anneal_json(py: Python<'_>, source: Source<'_>, choices: &str) -> PyResult<String> {
    let request = from_json::<AnnealChoices>("anneal", choices)
        .and_then(|c| c.check())
        .or_py()?;
    let enc = source
        .encode(EncodingKind::Onehot, request.level, &request.penalties)
        .or_py()?;
    let report = crate::interruptible(py, |cancel| {
        let cancel = cancel.with_deadline(request.max_seconds);
        anneal(enc.as_ref(), &request.settings(cancel))
    })?
    .or_py()?;
    json_text(&report)
}

/// `quzzle plan FILE --json`: every space and mixer of the puzzle file on a device, with its
/// noisy P(valid), shots and device seconds per depth (written under `out` as `plan --out`
/// writes them, when given). A deadline or Ctrl-C raises its error; what was done is lost to
/// Python (the command line prints and writes it).
#[pyfunction]
#[pyo3(signature = (source, choices, out=None))]
fn plan_json(py: Python<'_>, source: Source<'_>, choices: &str, out: Option<PathBuf>) -> PyResult<String> {
    let request = from_json::<PlanChoices>("plan", choices)
        .and_then(|c| c.check())
        .or_py()?;
    let enc = source
        .encode(EncodingKind::Onehot, request.level, &request.penalties)
        .or_py()?;
    let report = crate::interruptible(py, |cancel| {
        let cancel = cancel.with_deadline(request.max_seconds);
        let (report, stop) = quzzle::experiment::plan::plan_within(
            enc.as_ref(),
            &request.settings(cancel),
            &quzzle::budget::Budget::unlimited(),
        )?;
        if let Some(dir) = &out {
            quzzle::export::plan_files::write_plan_folder(dir, &report)?;
        }
        match stop {
            Some(e) => Err(e),
            None => Ok(report),
        }
    })?
    .or_py()?;
    json_text(&report)
}

/// Every file `solve --out DIR` writes, under `dir` (created when missing): `solve.json` and
/// `depths.csv` (both or neither; the texts [`crate::experiments`]' `solve_json` returned), then
/// the success-vs-depth figure. Returns the paths written.
#[pyfunction]
fn save_solve_files(dir: PathBuf, json: &str, csv: &str) -> PyResult<Vec<String>> {
    let written = quzzle::export::solve_files::write_saved_report(&dir, json, csv).or_py()?;
    Ok(written.iter().map(|p| p.display().to_string()).collect())
}
