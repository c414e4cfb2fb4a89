//! The experiments, as the command line runs them: `solve`, `qasm`, `sample`, `score` and
//! `sweep`. Each takes the same settings as its command and returns the JSON its `--json`
//! prints (the Python layer turns it into records).

use crate::encoding::Encoding;
use crate::{compute, invalid, json_text, OrPy};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use quzzle::experiment::solve::SolveSettings;
use quzzle::export::counts::{read_counts, write_counts};
use quzzle::export::sample::SampleCircuit;
use quzzle::export::score::ManifestDoc;
use quzzle::export::AngleSource;
use quzzle::qaoa::optimize::OptimizeConfig;
use quzzle::request::{
    from_json, AngleChoice, ExportChoices, ExportJob, SampleChoices, ScoreChoices, SolveChoices, SweepChoices,
};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_json, m)?)?;
    m.add_function(wrap_pyfunction!(sample_json, m)?)?;
    m.add_function(wrap_pyfunction!(score_json, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_json, m)?)?;
    m.add_function(wrap_pyfunction!(request_json, m)?)?;
    m.add_function(wrap_pyfunction!(qasm_of_report, m)?)?;
    Ok(())
}

/// `quzzle solve --json` on an encoding: optimise the angles at each depth. `choices`: the
/// JSON object of the keyword arguments, checked by the library's request. Returns the JSON
/// and `depths.csv`, the two files `solve --out` writes from the report.
#[pyfunction]
fn solve_json(py: Python<'_>, enc: &Encoding, choices: &str) -> PyResult<(String, String)> {
    let request = from_json::<SolveChoices>("solve", choices)
        .and_then(|c| c.check())
        .or_py()?;
    let settings = request.settings(enc.inner.as_ref()).or_py()?;
    let report = crate::interruptible(py, |cancel| {
        let settings = SolveSettings {
            config: OptimizeConfig {
                cancel: cancel.clone(),
                ..settings.config.clone()
            },
            // Noisy trajectories read it too: Ctrl-C during a long noise estimate stops it.
            noise: quzzle::noise::NoiseSettings {
                cancel: cancel.clone(),
                ..settings.noise.clone()
            },
            ..settings.clone()
        };
        let budget = quzzle::budget::Budget::unlimited().with_cancel(cancel);
        quzzle::experiment::solve::solve_within(enc.inner.as_ref(), &settings, &budget)
    })?
    .or_py()?;
    Ok((json_text(&report)?, report.to_csv().or_py()?))
}

/// The checked request of `job` from the JSON object of its keyword arguments, as JSON (what
/// `quzzle JOB --dry-run` prints for the same settings).
#[pyfunction]
fn request_json(job: &str, choices: &str) -> PyResult<String> {
    let value = quzzle::request::describe(job, choices).or_py()?;
    Ok(quzzle::request::describe_text(&value))
}

/// [`Encoding`]'s `qasm`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn qasm<'py>(
    enc: &Encoding,
    py: Python<'py>,
    gammas: Option<Vec<f64>>,
    betas: Option<Vec<f64>>,
    p: Option<i64>,
    optimize: bool,
    seed: u64,
    flavor: &str,
    (space, mixer, start): (Option<&str>, Option<&str>, Option<&str>),
    symbolic: bool,
    with_state: bool,
    name: &str,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    // The depth of given angles is their count; the request checks that p agrees.
    let depth = p.or_else(|| gammas.as_ref().map(|g| g.len() as i64));
    let choices = ExportChoices {
        depth,
        gammas,
        betas,
        optimize,
        seed,
        flavor: flavor.into(),
        symbolic,
        with_state,
        space: space.map(Into::into),
        mixer: mixer.map(Into::into),
        start: start.map(Into::into),
        ..ExportChoices::default()
    };
    let job = choices.check().or_py()?;
    let angles = match &job.angles {
        AngleChoice::Given(a) => AngleSource::Given(a.clone()),
        AngleChoice::Optimize(seed) => AngleSource::Optimize { seed: *seed },
        AngleChoice::File(_) => return Err(invalid("give gammas and betas, or optimize=True with p")),
    };
    export(enc, py, &job, angles, name)
}

/// The circuit `job` asks for with `angles`, and its manifest.
fn export<'py>(
    enc: &Encoding,
    py: Python<'py>,
    job: &ExportJob,
    angles: AngleSource,
    name: &str,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let request = job.circuit(angles, Some(name.to_string()));
    let exported = compute(py, || quzzle::export::export_circuit(enc.inner.as_ref(), &request)).or_py()?;
    let manifest = exported
        .manifest
        .as_ref()
        .ok_or_else(|| invalid("no manifest was made"))?;
    Ok((exported.text, crate::to_python(py, manifest)?))
}

/// `Report.qasm`: the circuit of depth `p` of a solve report (its JSON text), on the report's
/// space, mixer and start (a switch mixer's; refused where no circuit prepares it), with its angles read back from the report by the library, which refuses a
/// report of another puzzle, encoding, reduction, size, space or mixer (as `quzzle qasm
/// --angles REPORT.json`).
#[pyfunction]
#[pyo3(signature = (enc, report, p, flavor, space, mixer, symbolic, with_state, name, start=None))]
#[allow(clippy::too_many_arguments)]
fn qasm_of_report<'py>(
    py: Python<'py>,
    enc: &Encoding,
    report: String,
    p: i64,
    flavor: &str,
    space: &str,
    mixer: &str,
    symbolic: bool,
    with_state: bool,
    name: &str,
    start: Option<&str>,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let choices = ExportChoices {
        depth: Some(p),
        angles: Some("<solve report>".into()),
        flavor: flavor.into(),
        symbolic,
        with_state,
        space: Some(space.into()),
        mixer: Some(mixer.into()),
        start: start.map(Into::into),
        ..ExportChoices::default()
    };
    let job = choices.check().or_py()?;
    let angles = AngleSource::Report {
        text: report,
        source: "<solve report>".into(),
    };
    export(enc, py, &job, angles, name)
}

/// `quzzle sample`: `shots` drawn from the exact final distribution of a manifest's circuit
/// (or under one noise model), as counts text in `format`.
#[pyfunction]
fn sample_json(py: Python<'_>, manifest: &str, source: &str, choices: &str) -> PyResult<String> {
    let request = from_json::<SampleChoices>("sample", choices)
        .and_then(|c| c.check())
        .or_py()?;
    let doc = ManifestDoc::parse(manifest, source).or_py()?;
    let circuit = SampleCircuit::of_manifest(&doc).or_py()?;
    let (counts, _) = compute(py, || request.draw(&circuit, &quzzle::budget::Cancel::default())).or_py()?;
    Ok(write_counts(&counts, doc.qubits, request.format, request.seed))
}

/// `quzzle score --json`: counts (JSON text in one of the counts formats; `None`: told by its
/// shape) against a manifest.
#[pyfunction]
fn score_json(
    py: Python<'_>,
    counts: &str,
    counts_source: &str,
    manifest: &str,
    manifest_source: &str,
    choices: &str,
) -> PyResult<String> {
    let request = from_json::<ScoreChoices>("score", choices)
        .and_then(|c| c.check())
        .or_py()?;
    let settings = request.counts_settings();
    let doc = ManifestDoc::parse(manifest, manifest_source).or_py()?;
    let enc = doc.encoding().or_py()?;
    let counts = read_counts(counts, counts_source, doc.qubits, settings.format, settings.shots).or_py()?;
    let report = compute(py, || {
        quzzle::export::score::score(enc.as_ref(), &doc, &counts, settings.top, settings.confidence)
    })
    .or_py()?;
    json_text(&report)
}

/// `quzzle sweep`: every file × depth × init, appended to `out/sweep.csv` (resumed when it
/// holds rows already); `progress(event)` is called with a dict per row, skip and note. Returns
/// the rows as JSON.
#[pyfunction]
#[pyo3(signature = (choices, out, progress))]
fn sweep_json(py: Python<'_>, choices: &str, out: PathBuf, progress: Option<Py<PyAny>>) -> PyResult<String> {
    use quzzle::experiment::sweep::{self, SweepEvent, SweepPlan};
    let plan = from_json::<SweepChoices>("sweep", choices)
        .and_then(|c| c.check())
        .and_then(|r| r.plan())
        .or_py()?;
    let csv = out.join("sweep.csv");
    let lock = sweep::lock_sweep_folder(&out).or_py()?;
    // The first exception the callback raised, raised again once the sweep has stopped.
    let mut raised: Option<PyErr> = None;
    // Progress in rows: every instance not skipped gives one row per init and depth (resumed
    // or computed), and every skip is announced before the first row.
    let rows_per_instance = plan.inits.len() * plan.depths.len();
    let files = plan.files.len();
    let (mut skipped, mut rows_done) = (0usize, 0usize);
    let outcome = crate::interruptible(py, |cancel| {
        let plan = SweepPlan {
            config: OptimizeConfig {
                cancel: cancel.clone(),
                ..plan.config.clone()
            },
            ..plan.clone()
        };
        let budget = quzzle::budget::Budget::unlimited().with_cancel(cancel);
        sweep::run_sweep_within(&plan, &csv, &budget, &mut |event| {
            match event {
                SweepEvent::Skipped { .. } => skipped += 1,
                SweepEvent::Row { .. } => rows_done += 1,
                SweepEvent::Note(_) => {}
            }
            let rows_total = files.saturating_sub(skipped) * rows_per_instance;
            let (Some(callback), None) = (&progress, &raised) else {
                return;
            };
            Python::attach(|py| {
                let sent = (|| -> PyResult<()> {
                    let d = PyDict::new(py);
                    match event {
                        SweepEvent::Note(note) => {
                            d.set_item("event", "note")?;
                            d.set_item("message", note)?;
                        }
                        SweepEvent::Skipped { file, reason } => {
                            d.set_item("event", "skipped")?;
                            d.set_item("file", file)?;
                            d.set_item("message", reason.to_string())?;
                        }
                        SweepEvent::Row {
                            row,
                            resumed,
                            done,
                            total,
                        } => {
                            d.set_item("event", "row")?;
                            d.set_item("row", crate::to_python(py, row)?)?;
                            d.set_item("resumed", resumed)?;
                            d.set_item("done", rows_done)?;
                            d.set_item("total", rows_total)?;
                            // The work, in amplitude-layers (2^n·p per row) of the rows computed
                            // in this run: what an estimate of the time left goes by.
                            d.set_item("work_done", done)?;
                            d.set_item("work_total", total)?;
                        }
                    }
                    callback.call1(py, (d,))?;
                    Ok(())
                })();
                if let Err(e) = sent {
                    raised = Some(e);
                }
            });
        })
    });
    drop(lock);
    let outcome = outcome?;
    if let Some(e) = raised {
        return Err(e);
    }
    let outcome = outcome.or_py()?;
    json_text(&outcome.rows)
}
