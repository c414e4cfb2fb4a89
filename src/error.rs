//! The one error type of the library.

use std::path::PathBuf;

/// Everything that can go wrong in quzzle. User mistakes always end up here, never in a panic.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A puzzle file is malformed; `line` is 1-based (0 when the problem is the whole file).
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
    /// The statevector does not fit in memory (checked before allocating).
    #[error("{qubits} qubits need {bytes} bytes for the statevector, more than the {available} bytes available")]
    TooManyQubits {
        /// Qubits asked for.
        qubits: usize,
        /// Bytes the state (and its cost diagonal) would take.
        bytes: u128,
        /// Bytes the machine can give.
        available: u64,
    },
    /// Wrong number of angles for the depth.
    #[error("expected {expected} angles, got {got}")]
    AngleCount {
        /// Angles needed.
        expected: usize,
        /// Angles given.
        got: usize,
    },
    /// An argument is out of its domain.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// The classical optimiser failed.
    #[error("angle optimisation failed: {0}")]
    Optimizer(String),
    /// Reading a file failed.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// Writing a file failed.
    #[error("cannot write {}: {source}", path.display())]
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
}
