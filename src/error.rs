//! The one error type of the library. Messages name what the library knows (files, lines,
//! qubits, levels), never a command-line flag: the command line adds those.

use std::path::PathBuf;

/// Bytes in a GiB.
const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// `bytes` in GiB.
pub fn gib(bytes: f64) -> f64 {
    bytes / GIB
}

/// Everything that can go wrong in quzzle. User mistakes always end up here, never in a panic.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A puzzle (or report) file is malformed; `line` is 1-based (0 for the file as a whole).
    #[error("{file}:{line}: {msg}")]
    Parse {
        /// The file (or stream name) being read.
        file: String,
        /// The 1-based line, 0 for the file as a whole.
        line: usize,
        /// What is wrong.
        msg: String,
    },
    /// The puzzle has no solution: a contradiction was found while reducing or searching.
    #[error("no solution: {reason}")]
    Unsatisfiable {
        /// Which constraint could not be met.
        reason: String,
    },
    /// A state does not fit in memory (checked before allocating).
    #[error(
        "{qubits} qubits need {:.3} GiB, more than the {:.3} GiB available",
        gib(*bytes as f64),
        gib(*available as f64)
    )]
    TooManyQubits {
        /// Qubits asked for.
        qubits: usize,
        /// Bytes the state (and what it is allocated with) would take.
        bytes: u128,
        /// Bytes the machine can give.
        available: u64,
    },
    /// An encoded puzzle is too big to simulate; says which reduction levels would fit.
    #[error(
        "{file}: {qubits} qubits at the {level} reduction ({encoding} encoding) need {needed_gib:.3} GiB, more than the {available_gib:.3} GiB available; {}",
        fits_note(fitting)
    )]
    DoesNotFit {
        /// The puzzle file.
        file: String,
        /// The encoding.
        encoding: &'static str,
        /// The reduction level asked for.
        level: &'static str,
        /// Qubits at that level.
        qubits: usize,
        /// GiB the simulation would take.
        needed_gib: f64,
        /// GiB the machine can give.
        available_gib: f64,
        /// The levels (with their qubits) that would fit.
        fitting: Vec<(&'static str, usize)>,
    },
    /// A block space too large to simulate (checked before allocating).
    #[error("{what}: a space of 2^{log2_dimension:.2} basis states needs {needed_gib:.3} GiB, more than the {available_gib:.3} GiB available{note}")]
    SpaceTooLarge {
        /// The file and space (`q.txt, space rows`).
        what: String,
        /// log2 of the number of basis states.
        log2_dimension: f64,
        /// GiB the simulation would take.
        needed_gib: f64,
        /// GiB the machine can give.
        available_gib: f64,
        /// What would fit instead (starts with `; ` when not empty).
        note: String,
    },
    /// The reduction decided every cell: there is no circuit to run or export.
    #[error("{file}: the {level} reduction decides every cell, so there are no qubits; use a weaker reduction level")]
    NoQubits {
        /// The puzzle file.
        file: String,
        /// The reduction level.
        level: &'static str,
    },
    /// Wrong number of angles for the depth.
    #[error("expected {expected} angles, got {got}")]
    AngleCount {
        /// Angles needed.
        expected: usize,
        /// Angles given.
        got: usize,
    },
    /// Angles read from a report of another puzzle, reduction or encoding.
    #[error("{source_file} was written for {field} `{found}`, not `{expected}`: its angles belong to another circuit")]
    AnglesMismatch {
        /// The report read.
        source_file: String,
        /// What differs (`puzzle file`, `reduce`, `encoding`, `qubits`).
        field: &'static str,
        /// What this circuit has.
        expected: String,
        /// What the report has.
        found: String,
    },
    /// A depth range that is not `P` or `A..B` with `1 ≤ A ≤ B ≤ 64`.
    #[error("depths `{text}`: write P or A..B with 1 <= A <= B <= 64")]
    InvalidDepths {
        /// The text given.
        text: String,
    },
    /// A name that is not one of the choices.
    #[error("unknown {what} `{name}` (choose from: {choices})")]
    UnknownName {
        /// What was named (`encoding`, `reduction level`, ...).
        what: &'static str,
        /// The name given.
        name: String,
        /// The names accepted.
        choices: &'static str,
    },
    /// An argument is out of its domain.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// The classical optimiser failed.
    #[error("angle optimisation failed: {0}")]
    Optimizer(String),
    /// Reading a file failed.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// Writing a file failed.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// Drawing a plot failed.
    #[error("plotting failed: {0}")]
    Plot(String),
}

fn fits_note(fitting: &[(&'static str, usize)]) -> String {
    if fitting.is_empty() {
        return "no reduction level makes it fit".into();
    }
    let levels: Vec<String> = fitting.iter().map(|(l, q)| format!("{l} ({q} qubits)")).collect();
    format!("these reduction levels fit: {}", levels.join(", "))
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<argmin::core::Error> for Error {
    fn from(e: argmin::core::Error) -> Self {
        Error::Optimizer(format!("{e:#}"))
    }
}

impl Error {
    /// A parse error at a line of a file.
    pub fn parse(file: &str, line: usize, msg: impl Into<String>) -> Self {
        Error::Parse {
            file: file.to_string(),
            line,
            msg: msg.into(),
        }
    }

    /// Whether the error is a wrong argument (a usage error) rather than a failure of the work.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            Error::InvalidArgument(_)
                | Error::InvalidDepths { .. }
                | Error::UnknownName { .. }
                | Error::AngleCount { .. }
                | Error::AnglesMismatch { .. }
        )
    }
}
