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
mod folder;
mod qaoa;
mod tools;

/// A library error as the Python exception of its kind ([`quzzle::Error::kind`], the rule the
/// command line's exit code reads too; classes in `quzzle/errors.py`), with the library's
/// message. Within a kind, a subclass says more: `ParseError` for a file that cannot be read as
/// what it should be, `Unsatisfiable` for a puzzle without a solution, `DoesNotFit` for memory.
pub(crate) fn error(e: quzzle::Error) -> PyErr {
    use quzzle::error::ErrorKind as K;
    use quzzle::Error as E;
    let class = match e.kind() {
        K::Input => match &e {
            E::Parse { .. } | E::Malformed { .. } | E::Counts { .. } | E::Manifest { .. } => "ParseError",
            _ => "InvalidArgument",
        },
        K::Unmet => match &e {
            E::Unsatisfiable { .. } => "Unsatisfiable",
            _ => "Unmet",
        },
        K::Resource
            if e.is_memory_refusal()
                || matches!(
                    e,
                    E::TooManyQubits { .. } | E::DoesNotFit { .. } | E::SpaceTooLarge { .. }
                ) =>
        {
            "DoesNotFit"
        }
        K::Resource => "ResourceError",
        K::Interrupted => return pyo3::exceptions::PyKeyboardInterrupt::new_err(e.to_string()),
        K::Internal => "InternalError",
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

/// Run `work` as [`compute`] does, on a thread of its own, while this thread watches for
/// Ctrl-C: a `KeyboardInterrupt` (or any exception a signal handler raises) sets the stop flag
/// that `work` is handed, waits for the work to stop (it reads the flag between optimiser
/// evaluations and sweep rows, so within a fraction of a second) and is raised then, with
/// everything the work held (a sweep's lock) released.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(quzzle::budget::Cancel) -> T + Send,
) -> PyResult<T> {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    /// Sets its flag when dropped: when the work returns or unwinds.
    struct Finished<'a>(&'a AtomicBool);
    impl Drop for Finished<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Release);
        }
    }
    let pool = match NUM_THREADS.load(Ordering::Relaxed) {
        0 => None,
        n => pool_of(n).ok(),
    };
    let flag = Arc::new(AtomicBool::new(false));
    let cancel = quzzle::budget::Cancel::new(flag.clone());
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let _finished = Finished(&finished);
            match pool {
                Some(pool) => pool.install(|| work(cancel)),
                None => work(cancel),
            }
        });
        let mut raised: Option<PyErr> = None;
        while !finished.load(Ordering::Acquire) {
            // Up to 50 ms without the GIL, then signals are looked at (on the main thread).
            py.detach(|| {
                for _ in 0..25 {
                    if finished.load(Ordering::Acquire) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            });
            if raised.is_none() && !finished.load(Ordering::Acquire) {
                if let Err(e) = py.check_signals() {
                    flag.store(true, Ordering::Relaxed);
                    raised = Some(e);
                }
            }
        }
        // A panic of the work goes on here (pyo3 raises it in Python).
        let out = worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match raised {
            Some(e) => Err(e),
            None => Ok(out),
        }
    })
}

/// Use `n` threads for each later simulation, optimisation and sweep (`None` or 0: rayon's
/// default, one per core unless `RAYON_NUM_THREADS` says otherwise). Each Python thread gets its
/// own `n` threads, so two Python threads with `n = 1` use two cores.
#[pyfunction]
#[pyo3(signature = (n=None))]
fn set_num_threads(n: Option<i64>) -> PyResult<()> {
    let n = quzzle::checked::Threads::new(i128::from(n.unwrap_or(0))).or_py()?.get();
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

/// Refuse a depth outside 1..=256 before anything of that size is allocated (the library's
/// check, as every command's).
pub(crate) fn check_depth(p: usize) -> PyResult<()> {
    quzzle::checked::Depth::new(i64::try_from(p).unwrap_or(i64::MAX))
        .map(|_| ())
        .or_py()
}

pub(crate) fn level(name: &str) -> PyResult<quzzle::Level> {
    name.parse().or_py()
}

pub(crate) fn encoding_kind(name: &str) -> PyResult<quzzle::EncodingKind> {
    name.parse().or_py()
}

/// The space settings from optional names, a missing one following the other (as the command
/// line's `--space` and `--mixer`), and a switch mixer's start (`--start`; none: `auto`).
pub(crate) fn space_settings(
    space: Option<&str>,
    mixer: Option<&str>,
    start: Option<&str>,
) -> PyResult<quzzle::simulation::SpaceSettings> {
    quzzle::request::space_of(space, mixer, start).or_py()
}

pub(crate) fn objective(name: &str) -> PyResult<quzzle::ObjectiveSpec> {
    quzzle::ObjectiveSpec::parse(name).or_py()
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
    folder::register(m)?;
    tools::register(m)?;
    Ok(())
}
