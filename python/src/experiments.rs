//! The experiments, as the command line runs them: `solve`, `qasm`, `sample`, `score` and
//! `sweep`. Each takes the same settings as its command and returns the JSON its `--json`
//! prints (the Python layer turns it into records).

use crate::encoding::Encoding;
use crate::{
    choice, compute, devices, encoding_kind, error, invalid, json_text, level, noise_settings, objective,
    space_settings, OrPy,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use quzzle::experiment::solve::SolveSettings;
use quzzle::export::counts::{read_counts, write_counts, CountsFormat};
use quzzle::export::qasm::Flavor;
use quzzle::export::score::ManifestDoc;
use quzzle::export::{AngleSource, ExportRequest};
use quzzle::qaoa::optimize::{Init, Method, OptimizeConfig};
use quzzle::{simulation, Angles};
use std::path::PathBuf;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_json, m)?)?;
    m.add_function(wrap_pyfunction!(sample_json, m)?)?;
    m.add_function(wrap_pyfunction!(score_json, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_json, m)?)?;
    m.add_function(wrap_pyfunction!(parse_depths, m)?)?;
    m.add_function(wrap_pyfunction!(qasm_of_report, m)?)?;
    Ok(())
}

/// The depths of a `--depths` text (`P`, `A..B`, `1..10,20`), read as the command line reads
/// them (each 1..=256).
#[pyfunction]
fn parse_depths(text: &str) -> PyResult<Vec<usize>> {
    quzzle::experiment::solve::parse_depths(text).or_py()
}

fn check_depths(depths: &[usize]) -> PyResult<()> {
    if depths.iter().any(|&p| p > quzzle::experiment::solve::MAX_DEPTH) {
        // The command line's message for its --depths.
        let text: Vec<String> = depths.iter().map(|p| p.to_string()).collect();
        return Err(error(quzzle::Error::InvalidDepths { text: text.join(",") }));
    }
    if depths.is_empty() || depths.contains(&0) || !depths.is_sorted_by(|a, b| a < b) {
        return Err(error(quzzle::Error::out_of_range(
            quzzle::error::Quantity::Depth,
            format!("{depths:?}"),
            "depths must be strictly ascending and at least 1",
        )));
    }
    Ok(())
}

fn method(name: &str) -> PyResult<Method> {
    choice("optimizer", name, &Method::ALL, Method::name)
}

fn init(name: &str) -> PyResult<Init> {
    choice("init", name, &Init::ALL, Init::name)
}

/// `quzzle solve --json` on an encoding: optimise the angles at each depth.
#[pyfunction]
#[pyo3(signature = (enc, depths, init_name, space, mixer, objective_name, optimizer, max_iters, restarts, seed, noise, trajectories, device, schedule, angles_from))]
#[allow(clippy::too_many_arguments)]
fn solve_json(
    py: Python<'_>,
    enc: &Encoding,
    depths: Vec<usize>,
    init_name: &str,
    space: Option<&str>,
    mixer: Option<&str>,
    objective_name: &str,
    optimizer: &str,
    max_iters: u64,
    restarts: usize,
    seed: u64,
    noise: Vec<String>,
    trajectories: usize,
    device: Vec<String>,
    schedule: Option<&str>,
    angles_from: Vec<std::path::PathBuf>,
) -> PyResult<String> {
    check_depths(&depths)?;
    let space = space_settings(space, mixer)?;
    let mut config = OptimizeConfig::checked(method(optimizer)?, max_iters, restarts, seed).or_py()?;
    let run = quzzle::experiment::transfer::inits_and_angle_files(
        &mut config,
        vec![init(init_name)?],
        schedule,
        &angles_from,
    )
    .or_py()?;
    let init = run.inits[0];
    let settings = SolveSettings {
        depths,
        init,
        objective: objective(objective_name)?,
        config,
        space,
        noise: noise_settings(&noise, trajectories, &space, Some(enc.inner.as_ref()))?.with_devices(devices(&device)?),
        transfer_from: run.angle_files,
        schedule: run.schedule,
    };
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
    json_text(&report)
}

/// [`Encoding`]'s `qasm`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn qasm<'py>(
    enc: &Encoding,
    py: Python<'py>,
    gammas: Option<Vec<f64>>,
    betas: Option<Vec<f64>>,
    p: Option<usize>,
    optimize: bool,
    seed: u64,
    flavor: &str,
    space: Option<&str>,
    mixer: Option<&str>,
    symbolic: bool,
    with_state: bool,
    name: &str,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let (depth, angles) = match (gammas, betas, optimize) {
        (Some(g), Some(b), false) => {
            if p.is_some_and(|p| p != g.len()) {
                return Err(invalid(format!("p = {} but {} gammas given", p.unwrap_or(0), g.len())));
            }
            (g.len(), AngleSource::Given(Angles::new(g, b).or_py()?))
        }
        (None, None, true) => match p {
            Some(p) => (p, AngleSource::Optimize { seed }),
            None => return Err(invalid("optimize=True needs the depth p")),
        },
        _ => return Err(invalid("give gammas and betas, or optimize=True with p")),
    };
    export(enc, py, depth, angles, flavor, space, mixer, symbolic, with_state, name)
}

/// The circuit of `depth` with `angles` on `space` with `mixer`, and its manifest.
#[allow(clippy::too_many_arguments)]
fn export<'py>(
    enc: &Encoding,
    py: Python<'py>,
    depth: usize,
    angles: AngleSource,
    flavor: &str,
    space: Option<&str>,
    mixer: Option<&str>,
    symbolic: bool,
    with_state: bool,
    name: &str,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    crate::check_depth(depth)?;
    let request = ExportRequest {
        depth,
        angles,
        flavor: choice("flavor", flavor, &Flavor::ALL, Flavor::name)?,
        symbolic,
        with_state,
        qasm_name: Some(name.to_string()),
        space: space_settings(space, mixer)?,
    };
    let exported = compute(py, || quzzle::export::export_circuit(enc.inner.as_ref(), &request)).or_py()?;
    let manifest = exported
        .manifest
        .as_ref()
        .ok_or_else(|| invalid("no manifest was made"))?;
    Ok((exported.text, crate::to_python(py, manifest)?))
}

/// `Report.qasm`: the circuit of depth `p` of a solve report (its JSON text), on the report's
/// space and mixer, with its angles read back from the report by the library, which refuses a
/// report of another puzzle, encoding, reduction, size, space or mixer (as `quzzle qasm
/// --angles REPORT.json`).
#[pyfunction]
#[pyo3(signature = (enc, report, p, flavor, space, mixer, symbolic, with_state, name))]
#[allow(clippy::too_many_arguments)]
fn qasm_of_report<'py>(
    py: Python<'py>,
    enc: &Encoding,
    report: String,
    p: usize,
    flavor: &str,
    space: &str,
    mixer: &str,
    symbolic: bool,
    with_state: bool,
    name: &str,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let angles = AngleSource::Report {
        text: report,
        source: "<solve report>".into(),
    };
    export(
        enc,
        py,
        p,
        angles,
        flavor,
        Some(space),
        Some(mixer),
        symbolic,
        with_state,
        name,
    )
}

/// The circuit a manifest describes: its encoding, space and angles.
fn manifest_circuit(doc: &ManifestDoc) -> PyResult<(Box<dyn quzzle::Encoding>, Angles)> {
    if doc.grover_seed.is_some() {
        return Err(invalid(format!(
            "{} describes the seed's Grover circuit; sample draws shots of the QAOA circuits of Encoding.qasm",
            doc.source
        )));
    }
    let enc = doc.encoding().or_py()?;
    let angles = doc
        .angles
        .clone()
        .ok_or_else(|| error(quzzle::Error::malformed(&doc.source, "the manifest has no angles")))?;
    Ok((enc, angles))
}

fn counts_format(name: &str) -> PyResult<CountsFormat> {
    choice("counts format", name, &CountsFormat::ALL, CountsFormat::name)
}

/// `quzzle sample`: `shots` drawn from the exact final distribution of a manifest's circuit
/// (or under one noise model), as counts text in `format`.
#[pyfunction]
#[pyo3(signature = (manifest, source, shots, seed, format, noise, trajectories))]
#[allow(clippy::too_many_arguments)]
fn sample_json(
    py: Python<'_>,
    manifest: &str,
    source: &str,
    shots: u64,
    seed: u64,
    format: &str,
    noise: Option<String>,
    trajectories: usize,
) -> PyResult<String> {
    let format = counts_format(format)?;
    let doc = ManifestDoc::parse(manifest, source).or_py()?;
    let (enc, angles) = manifest_circuit(&doc)?;
    let noise = noise_settings(&noise.into_iter().collect::<Vec<_>>(), trajectories, &doc.space, None)?;
    let counts = compute(py, || {
        let sim = simulation::simulation(enc.as_ref(), &doc.space)?;
        quzzle::experiment::sample::draw(
            enc.as_ref(),
            &sim,
            &angles,
            shots,
            seed,
            noise.models.first().map(|m| (m, noise.trajectories)),
            &quzzle::budget::Cancel::default(),
        )
    })
    .or_py()?;
    Ok(write_counts(&counts, doc.qubits, format, seed))
}

/// `quzzle score --json`: counts (JSON text in one of the counts formats; `None`: told by its
/// shape) against a manifest.
#[pyfunction]
#[pyo3(signature = (counts, counts_source, manifest, manifest_source, format, shots, top, confidence))]
#[allow(clippy::too_many_arguments)]
fn score_json(
    py: Python<'_>,
    counts: &str,
    counts_source: &str,
    manifest: &str,
    manifest_source: &str,
    format: Option<&str>,
    shots: Option<u64>,
    top: usize,
    confidence: f64,
) -> PyResult<String> {
    if !(0.0 < confidence && confidence < 1.0) {
        return Err(error(quzzle::Error::out_of_range(
            quzzle::error::Quantity::Confidence,
            confidence,
            "give a level strictly between 0 and 1 (0.95 for 95 %)",
        )));
    }
    let format = format.map(counts_format).transpose()?;
    let doc = ManifestDoc::parse(manifest, manifest_source).or_py()?;
    let enc = doc.encoding().or_py()?;
    let counts = read_counts(counts, counts_source, doc.qubits, format, shots).or_py()?;
    let report = compute(py, || {
        quzzle::export::score::score(enc.as_ref(), &doc, &counts, top, confidence)
    })
    .or_py()?;
    json_text(&report)
}

/// `quzzle sweep`: every file × depth × init, appended to `out/sweep.csv` (resumed when it
/// holds rows already); `progress(event)` is called with a dict per row, skip and note. Returns
/// the rows as JSON.
#[pyfunction]
#[pyo3(signature = (files, out, depths, inits, reduce, encoding, space, mixer, objective_name, optimizer, max_iters, restarts, seed, max_qubits, match_budget, noise, trajectories, device, progress, schedule, angles_from))]
#[allow(clippy::too_many_arguments)]
fn sweep_json(
    py: Python<'_>,
    files: Vec<PathBuf>,
    out: PathBuf,
    depths: Vec<usize>,
    inits: Vec<String>,
    reduce: &str,
    encoding: &str,
    space: Option<&str>,
    mixer: Option<&str>,
    objective_name: &str,
    optimizer: &str,
    max_iters: u64,
    restarts: usize,
    seed: u64,
    max_qubits: usize,
    match_budget: bool,
    noise: Vec<String>,
    trajectories: usize,
    device: Vec<String>,
    progress: Option<Py<PyAny>>,
    schedule: Option<&str>,
    angles_from: Vec<PathBuf>,
) -> PyResult<String> {
    use quzzle::experiment::sweep::{self, SweepEvent, SweepPlan};
    check_depths(&depths)?;
    let inits = inits.iter().map(|i| init(i)).collect::<PyResult<Vec<_>>>()?;
    let mut config = OptimizeConfig::checked(method(optimizer)?, max_iters, restarts, seed).or_py()?;
    let run =
        quzzle::experiment::transfer::inits_and_angle_files(&mut config, inits, schedule, &angles_from).or_py()?;
    let space = space_settings(space, mixer)?;
    let plan = SweepPlan {
        files: sweep::collect_files(&files).or_py()?,
        level: level(reduce)?,
        encoding: encoding_kind(encoding)?,
        depths,
        match_random_budget: match_budget && run.inits.contains(&Init::Interp),
        inits: run.inits,
        objective: objective(objective_name)?,
        config,
        max_qubits,
        space,
        noise: noise_settings(&noise, trajectories, &space, None)?.with_devices(devices(&device)?),
        shard: None,
        baseline: None,
        transfer_from: run.angle_files,
        schedule: run.schedule,
    };
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
