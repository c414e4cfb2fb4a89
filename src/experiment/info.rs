//! What an encoded puzzle costs at every reduction level: qubits, statevector bytes, and
//! whether it fits in memory.

use crate::encoding::Encoding;
use crate::error::{Error, Result};
use crate::model::Level;
use crate::sim::{self, AMPLITUDE_BYTES};
use serde::Serialize;

/// One reduction level of an instance.
#[derive(Clone, Debug, Serialize)]
pub struct LevelInfo {
    /// The level.
    pub level: Level,
    /// Qubits at that level; `None` when the reduction finds no solution.
    pub qubits: Option<usize>,
    /// Why there is no solution, when there is none.
    pub no_solution: Option<String>,
    /// Bytes of the statevector, 16·2^n (as a float: it can exceed any integer type).
    pub state_bytes: Option<f64>,
    /// Whether the simulator (state and cost diagonal) fits in the memory available now.
    pub fits: bool,
}

/// What `info` reports.
#[derive(Clone, Debug, Serialize)]
pub struct InfoReport {
    /// Puzzle kind.
    pub puzzle: String,
    /// The encoding.
    pub encoding: String,
    /// The puzzle file.
    pub file: String,
    /// `RxC`.
    pub size: String,
    /// Cells of the board.
    pub cells: usize,
    /// Variables of the model before any reduction (qubits at level `none`).
    pub model_variables: usize,
    /// Qubits by level name (`null` where the level finds no solution).
    pub variables: std::collections::BTreeMap<&'static str, Option<usize>>,
    /// Every reduction level, weakest first.
    pub levels: Vec<LevelInfo>,
    /// The level asked for.
    pub reduce: Level,
    /// Qubits at that level.
    pub qubits: usize,
    /// Bytes of its statevector (16·2^n), `null` beyond 2^64.
    pub state_bytes: Option<u64>,
    /// The same in GiB.
    pub state_gib: f64,
    /// Whether it fits.
    pub fits: bool,
    /// What the reduction and encoding did beyond fixing variables.
    pub notes: Vec<String>,
}

/// Whether a simulator of `qubits` qubits for `enc` fits in memory.
fn fits(enc: &dyn Encoding, qubits: usize) -> bool {
    sim::check_memory(qubits, AMPLITUDE_BYTES + enc.diagonal_bytes_per_state() as u128).is_ok()
}

/// The report of `enc` (encoded at the level asked for), with every other level alongside.
pub fn info(enc: &dyn Encoding) -> Result<InfoReport> {
    let mut levels = Vec::new();
    for level in Level::ALL {
        let qubits = if level == enc.level() {
            Ok(enc.num_qubits())
        } else {
            enc.qubits_at(level)
        };
        levels.push(match qubits {
            Ok(q) => LevelInfo {
                level,
                qubits: Some(q),
                no_solution: None,
                state_bytes: Some(16.0 * (q as f64).exp2()),
                fits: fits(enc, q),
            },
            Err(Error::Unsatisfiable { reason }) => LevelInfo {
                level,
                qubits: None,
                no_solution: Some(reason),
                state_bytes: None,
                fits: false,
            },
            Err(e) => return Err(e),
        });
    }
    let (rows, cols) = enc.puzzle().size();
    let n = enc.num_qubits();
    let variables = levels.iter().map(|l| (l.level.name(), l.qubits)).collect();
    let model_variables = levels[0].qubits.unwrap_or(0);
    Ok(InfoReport {
        puzzle: enc.puzzle().kind().into(),
        encoding: enc.name().into(),
        file: enc.file().into(),
        size: format!("{rows}x{cols}"),
        cells: rows * cols,
        model_variables,
        variables,
        levels,
        reduce: enc.level(),
        qubits: n,
        state_bytes: (n < 60).then(|| 16u64 << n),
        state_gib: crate::error::gib(16.0 * (n as f64).exp2()),
        fits: fits(enc, n),
        notes: enc.notes(),
    })
}
