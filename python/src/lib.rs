//! The `quzzle._native` extension module: the library's puzzles, encodings, simulators and
//! experiments for Python. Reports cross as the same JSON the command line prints (one
//! serialiser, so the numbers are the same bits); states and diagonals cross as numpy arrays.
//! Everything that simulates or optimises runs with the GIL released, on the thread pool that
//! `set_num_threads` chose (see docs/ARCHITECTURE.md, "Python").

use pyo3::exceptions::{PyImportError, PyValueError};
use pyo3::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

mod encoding;
mod experiments;
mod qaoa;

/// A library error as the Python exception of its kind (classes in `quzzle/errors.py`), with
/// the library's message.
pub(crate) fn error(e: quzzle::Error) -> PyErr {
    use quzzle::Error as E;
    let class = match &e {
        E::Parse { .. } | E::Malformed { .. } | E::Counts { .. } | E::Manifest { .. } => "ParseError",
        E::Unsatisfiable { .. } => "Unsatisfiable",
        E::TooManyQubits { .. } | E::TooMuchMemory { .. } | E::DoesNotFit { .. } | E::SpaceTooLarge { .. } => {
            "DoesNotFit"
        }
        E::InvalidArgument(_)
        | E::AngleFiles { .. }
        | E::OutOfRange { .. }
        | E::NotFinite { .. }
        | E::LengthMismatch { .. }
        | E::AngleCount { .. }
        | E::AnglesMismatch { .. }
        | E::InvalidDepths { .. }
        | E::Syntax { .. }
        | E::UnknownName { .. }
        | E::QubitOutOfRange { .. } => "InvalidArgument",
        _ => "QuzzleError",
    };
    let (file, line) = match &e {
        E::Parse { file, line, .. } => (Some(file.clone()), Some(*line)),
        E::Malformed { file, .. } | E::Counts { file, .. } | E::Manifest { file, .. } => (Some(file.clone()), None),
        _ => (None, None),
    };
    Python::attach(|py| {
        let made = || -> PyResult<PyErr> {
            let cls = py.import("quzzle.errors")?.getattr(class)?;
            let text = match &e {
                E::AngleFiles { .. } => format!("{e} (angles_from=)"),
                _ => e.to_string(),
            };
            let value = cls.call1((text,))?;
            if class == "ParseError" {
                value.setattr("file", file.clone())?;
                value.setattr("line", line)?;
            }
            Ok(PyErr::from_value(value))
        };
        made().unwrap_or_else(|failed| failed)
    })
}

/// `ValueError` (as `quzzle.errors.InvalidArgument`) for an argument outside its domain.
pub(crate) fn invalid(message: impl Into<String>) -> PyErr {
    error(quzzle::Error::InvalidArgument(message.into()))
}

/// The ImportError for an optional dependency that is not installed.
pub(crate) fn missing(package: &str, extra: &str, what: &str) -> PyErr {
    PyImportError::new_err(format!(
        "{what} needs the `{package}` package: pip install {package} (or the `{extra}` extra: pip install 'quzzle[{extra}]')"
    ))
}

/// Convert a result of the library.
pub(crate) trait OrPy<T> {
    fn or_py(self) -> PyResult<T>;
}

impl<T> OrPy<T> for quzzle::Result<T> {
    fn or_py(self) -> PyResult<T> {
        self.map_err(error)
    }
}

/// The threads `set_num_threads` chose (0: rayon's global pool, sized by `RAYON_NUM_THREADS` or
/// the machine).
static NUM_THREADS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// The pool of the calling (Python) thread for the chosen count: one per caller, so that
    /// calls from several Python threads run side by side instead of queueing for one pool.
    static POOL: RefCell<Option<Arc<rayon::ThreadPool>>> = const { RefCell::new(None) };
}

/// The calling thread's pool of `n` threads, built on first use.
fn pool_of(n: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    POOL.with(|cell| {
        let mut cell = cell.borrow_mut();
        if let Some(pool) = cell.as_ref().filter(|p| p.current_num_threads() == n) {
            return Ok(pool.clone());
        }
        let pool = Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| invalid(format!("cannot start {n} threads: {e}")))?,
        );
        *cell = Some(pool.clone());
        Ok(pool)
    })
}

/// Run `work` without the GIL on the chosen threads. The library sums over partitions fixed by
/// the problem, so the result is the same bits on any number of threads.
pub(crate) fn compute<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> T {
    let pool = match NUM_THREADS.load(Ordering::Relaxed) {
        0 => None,
        // A pool that cannot start leaves the work on rayon's global pool.
        n => pool_of(n).ok(),
    };
    py.detach(move || match pool {
        Some(pool) => pool.install(work),
        None => work(),
    })
}

/// Use `n` threads for each later simulation, optimisation and sweep (`None` or 0: rayon's
/// default, one per core unless `RAYON_NUM_THREADS` says otherwise). Each Python thread gets its
/// own `n` threads, so two Python threads with `n = 1` use two cores.
#[pyfunction]
#[pyo3(signature = (n=None))]
fn set_num_threads(n: Option<usize>) -> PyResult<()> {
    let n = n.unwrap_or(0);
    if n > 0 {
        // Started now, so that a count the machine refuses is an error here.
        pool_of(n)?;
    }
    NUM_THREADS.store(n, Ordering::Relaxed);
    Ok(())
}

/// The number of threads each simulation runs on.
#[pyfunction]
fn num_threads() -> usize {
    match NUM_THREADS.load(Ordering::Relaxed) {
        0 => rayon::current_num_threads(),
        n => n,
    }
}

/// A name from a fixed list (`space`, `mixer`, ...), as the command line takes it.
pub(crate) fn choice<T: Copy>(what: &str, name: &str, all: &[T], name_of: impl Fn(T) -> &'static str) -> PyResult<T> {
    all.iter().copied().find(|&v| name_of(v) == name).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&v| name_of(v)).collect();
        invalid(format!("unknown {what} `{name}`: choose one of {}", names.join(", ")))
    })
}

pub(crate) fn level(name: &str) -> PyResult<quzzle::Level> {
    choice("reduce level", name, &quzzle::Level::ALL, quzzle::Level::name)
}

pub(crate) fn encoding_kind(name: &str) -> PyResult<quzzle::EncodingKind> {
    choice("encoding", name, &quzzle::EncodingKind::ALL, quzzle::EncodingKind::name)
}

/// The space settings from optional names, a missing one following the other (as the command
/// line's `--space` and `--mixer`).
pub(crate) fn space_settings(space: Option<&str>, mixer: Option<&str>) -> PyResult<quzzle::simulation::SpaceSettings> {
    use quzzle::encoding::space::SpaceChoice;
    use quzzle::mixer::MixerKind;
    let space = space
        .map(|s| choice("space", s, &SpaceChoice::ALL, SpaceChoice::name))
        .transpose()?;
    let mixer = mixer
        .map(|m| choice("mixer", m, &MixerKind::ALL, MixerKind::name))
        .transpose()?;
    Ok(quzzle::simulation::SpaceSettings::from_choices(space, mixer))
}

pub(crate) fn objective(name: &str) -> PyResult<quzzle::ObjectiveSpec> {
    quzzle::ObjectiveSpec::parse(name).or_py()
}

/// Noise settings from model names or rate strings (`heron`, `p1=1e-3,p2=1e-2,readout=0.02`).
pub(crate) fn noise_settings(
    models: &[String],
    trajectories: usize,
    space: &quzzle::simulation::SpaceSettings,
    enc: Option<&dyn quzzle::Encoding>,
) -> PyResult<quzzle::noise::NoiseSettings> {
    let models = models
        .iter()
        .map(|m| quzzle::noise::NoiseModel::parse(m))
        .collect::<quzzle::Result<Vec<_>>>()
        .or_py()?;
    quzzle::noise::NoiseSettings::checked(models, trajectories, space, enc).or_py()
}

/// Device timings by name (`heron`, `eagle`, `aria`).
pub(crate) fn devices(names: &[String]) -> PyResult<Vec<quzzle::noise::timing::DeviceTiming>> {
    names
        .iter()
        .map(|n| quzzle::noise::timing::parse(n))
        .collect::<quzzle::Result<Vec<_>>>()
        .or_py()
}

/// A report as a Python object, through the JSON the command line prints.
pub(crate) fn to_python<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let text = json_text(value)?;
    py.import("json")?.call_method1("loads", (text,))
}

/// The JSON text of a report, exactly as `--json` prints it.
pub(crate) fn json_text<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string_pretty(value)
        .map(|t| t + "\n")
        .map_err(|e| PyValueError::new_err(format!("a report did not serialise: {e}")))
}

/// The library version this module was built from.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(set_num_threads, m)?)?;
    m.add_function(wrap_pyfunction!(num_threads, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add("DEFAULT_TRAJECTORIES", quzzle::noise::DEFAULT_TRAJECTORIES)?;
    encoding::register(m)?;
    qaoa::register(m)?;
    experiments::register(m)?;
    Ok(())
}
