//! The one error type of the library. Messages name what the library knows (files, lines,
//! qubits, levels), never a command-line flag: the command line adds those.

use std::path::PathBuf;

/// Bytes in a GiB.
const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// `bytes` in GiB.
pub fn gib(bytes: f64) -> f64 {
    bytes / GIB
}

/// Bytes as every message and table writes them: in the largest binary unit (B, KiB, MiB,
/// GiB, TiB, PiB) that keeps the number at least 1, to three significant digits (`576 KiB`,
/// `1.13 TiB`); from 1024 PiB on as a power of two (`2^148.17 bytes`).
pub fn bytes_text(bytes: f64) -> String {
    // NaN and infinity go the power-of-two way too.
    if bytes.is_nan() || bytes >= 1024f64.powi(6) {
        return size_text(bytes.log2());
    }
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut v = bytes.max(0.0);
    let mut u = 0;
    while v >= 1024.0 && u + 1 < units.len() {
        v /= 1024.0;
        u += 1;
    }
    // A size that went through log2 and back (`size_text`) prints as the exact one does.
    let v = (v * 1e9).round() / 1e9;
    let digits = match v {
        _ if u == 0 || v >= 100.0 => 0,
        _ if v >= 10.0 => 1,
        _ => 2,
    };
    format!("{v:.digits$} {}", units[u])
}

/// A size of `2^log2_bytes` bytes as [`bytes_text`] writes it, exact past f64's range.
pub fn size_text(log2_bytes: f64) -> String {
    if log2_bytes < 60.0 {
        bytes_text(log2_bytes.exp2())
    } else if log2_bytes.is_finite() {
        format!("2^{log2_bytes:.2} bytes")
    } else {
        "more than 2^1024 bytes".into()
    }
}

/// `gib` GiB as [`size_text`] writes it (past f64's range: "more than 2^1024 bytes").
pub fn gib_text(gib: f64) -> String {
    if gib.is_finite() {
        size_text(gib.max(f64::MIN_POSITIVE).log2() + 30.0)
    } else {
        "more than 2^1024 bytes".into()
    }
}

/// Everything that can go wrong in quzzle. User mistakes always end up here, never in a panic.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A block space was asked of an encoding without a constraint model to build it from.
    #[error(
        "block spaces are built from the constraint model of the onehot encoding; the {encoding} encoding has none"
    )]
    NoBlockModel {
        /// The encoding's name (a name, not the enum: the error type sits below every module).
        encoding: &'static str,
    },
    /// A mixer with no gate-level circuit was asked for one (to export or to run gate by gate).
    #[error("the {mixer} mixer has no gate-level circuit, so it cannot be exported or run gate by gate")]
    NoCircuit {
        /// The mixer's name.
        mixer: &'static str,
    },
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
        "{qubits} qubits need {}, more than the {} available",
        size_text(*log2_bytes),
        bytes_text(*available as f64)
    )]
    TooManyQubits {
        /// Qubits asked for.
        qubits: usize,
        /// Bytes the state (and what it is allocated with) would take, saturating at
        /// `u128::MAX` (from about 100 qubits).
        bytes: u128,
        /// log2 of the bytes, exact where `bytes` saturates: what messages report.
        log2_bytes: f64,
        /// Bytes the machine can give.
        available: u64,
    },
    /// A count asked for would need more memory than there is (checked before allocating).
    #[error("{what} needs {}, more than the {} available", size_text(*log2_bytes), bytes_text(*available as f64))]
    TooMuchMemory {
        /// The count, as asked for (`--trajectories 1000000000`).
        what: String,
        /// log2 of the bytes it would take.
        log2_bytes: f64,
        /// Bytes the machine can give.
        available: u64,
    },
    /// An encoded puzzle is too big to simulate; says which reduction levels would fit.
    #[error(
        "{file}: {qubits} qubits at the {level} reduction ({encoding} encoding) need {}, more than the {} available; {}{}",
        gib_text(*needed_gib),
        gib_text(*available_gib),
        fits_note(fitting),
        spaces_note(fitting_spaces)
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
        fitting: Box<[(&'static str, usize)]>,
        /// The block spaces at this level that would fit (`rows (46656 states)`).
        fitting_spaces: Box<[String]>,
    },
    /// A block space too large to simulate (checked before allocating).
    #[error("{what}: a space of 2^{log2_dimension:.2} basis states needs {}, more than the {} available{note}", gib_text(*needed_gib), gib_text(*available_gib))]
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
    /// A task ran out of its time budget.
    #[error(
        "{task}: no result within the time budget of {seconds} s (after {done}); raise --max-seconds, or ask for less"
    )]
    OutOfTime {
        /// What ran.
        task: String,
        /// The budget.
        seconds: f64,
        /// What was done by then.
        done: String,
    },
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

fn spaces_note(spaces: &[String]) -> String {
    if spaces.is_empty() {
        String::new()
    } else {
        format!("; at this level these block spaces fit: {}", spaces.join(", "))
    }
}

fn fits_note(fitting: &[(&'static str, usize)]) -> String {
    if fitting.is_empty() {
        return "no reduction level makes it fit".into();
    }
    let levels: Vec<String> = fitting.iter().map(|(l, q)| format!("{l} ({q} qubits)")).collect();
    format!("these reduction levels fit: {}", levels.join(", "))
}

/// Most characters of input a message quotes.
pub const QUOTE_CHARS: usize = 80;

/// Most characters of a whole parse message (a backstop for input quoted without backticks).
const MESSAGE_CHARS: usize = 1000;

/// `s` cut to its first `max` characters, with `…` when anything was cut.
fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// `msg` with every backtick-quoted span longer than [`QUOTE_CHARS`] cut to that many
/// characters and followed by its full length and the column of the cut:
/// `` `abc…` (1048576 characters; cut after column 80) ``.
pub fn clip_quotes(msg: &str) -> String {
    let mut out = String::new();
    // The note on a cut quote goes after its closing backtick.
    let mut note = String::new();
    for (i, part) in msg.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let len = part.chars().count();
        // Odd parts lie between backticks: quoted input.
        if i % 2 == 1 && len > QUOTE_CHARS {
            out.push_str(&clip(part, QUOTE_CHARS));
            note = format!(" ({len} characters; cut after column {QUOTE_CHARS})");
        } else {
            if i % 2 == 0 {
                out.push_str(&std::mem::take(&mut note));
            }
            out.push_str(part);
        }
    }
    out.push_str(&note);
    clip(&out, MESSAGE_CHARS)
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<argmin::core::Error> for Error {
    fn from(e: argmin::core::Error) -> Self {
        Error::Optimizer(format!("{e:#}"))
    }
}

impl Error {
    /// A parse error at a line of a file. Quoted input (between backticks) longer than
    /// [`QUOTE_CHARS`] is cut (see [`clip_quotes`]), so that a 1 MB line gives a short message.
    pub fn parse(file: &str, line: usize, msg: impl Into<String>) -> Self {
        Error::Parse {
            file: clip(file, QUOTE_CHARS),
            line,
            msg: clip_quotes(&msg.into()),
        }
    }

    /// Whether the error is in what the user typed or handed in (exit code 2): an argument
    /// out of its domain, or an input file that is missing, unreadable or malformed, or that
    /// does not go with the other arguments. The rest (exit code 1) are failures of the work
    /// itself on well-formed input: too big for this machine, no solution, out of time, an
    /// output that cannot be written.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            Error::InvalidArgument(_)
                | Error::NoBlockModel { .. }
                | Error::NoCircuit { .. }
                | Error::InvalidDepths { .. }
                | Error::UnknownName { .. }
                | Error::AngleCount { .. }
                | Error::AnglesMismatch { .. }
                | Error::Parse { .. }
                | Error::Read { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_cut_with_their_length() {
        let long = "y".repeat(200);
        let msg = clip_quotes(&format!("expected a header, found `{long}` here; key `ok`"));
        assert_eq!(
            msg,
            format!(
                "expected a header, found `{}…` (200 characters; cut after column 80) here; key `ok`",
                "y".repeat(80)
            )
        );
        // Short quotes, and text without quotes, are kept as they are.
        assert_eq!(clip_quotes("size `6by6` must be RxC"), "size `6by6` must be RxC");
        assert!(clip_quotes(&"z".repeat(5000)).chars().count() <= MESSAGE_CHARS + 1);
        let e = Error::parse("f.txt", 3, format!("found `{long}`"));
        assert!(e.to_string().len() < 200, "{e}");
    }

    #[test]
    fn sizes_read_in_gib_or_powers_of_two() {
        assert_eq!(size_text(34.0), "16.0 GiB");
        assert_eq!(size_text(204.0), "2^204.00 bytes");
        assert_eq!(gib_text(f64::INFINITY), "more than 2^1024 bytes");
        assert_eq!(gib_text(2.0), "2.00 GiB");
    }

    #[test]
    fn bytes_have_one_unit_rule() {
        // 36 qubits of 16 + 2 bytes: 1152 GiB is 1.12 TiB, wherever it is printed.
        assert_eq!(bytes_text(18.0 * 2f64.powi(36)), "1.12 TiB");
        assert_eq!(gib_text(1152.0), "1.12 TiB");
        assert_eq!(size_text((18.0 * 2f64.powi(36)).log2()), "1.12 TiB");
        // 15 qubits: a statevector alone, and with a 2-byte diagonal.
        assert_eq!(bytes_text(16.0 * 2f64.powi(15)), "512 KiB");
        assert_eq!(bytes_text(18.0 * 2f64.powi(15)), "576 KiB");
        assert_eq!(bytes_text(0.0), "0 B");
        assert_eq!(bytes_text(1000.0), "1000 B");
        assert_eq!(bytes_text(1536.0), "1.50 KiB");
        assert_eq!(bytes_text(2f64.powi(70)), "2^70.00 bytes");
        assert_eq!(bytes_text(f64::INFINITY), "more than 2^1024 bytes");
    }
}
