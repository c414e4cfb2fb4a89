//! Encodings: how a reduced puzzle becomes qubits, a cost over their basis states, and a
//! circuit. Everything downstream (simulation, optimisation, reports, export) sees a puzzle
//! only through the [`Encoding`] trait, so a new encoding plugs in without a new `solve`.
//!
//! - [`onehot::OneHot`]: one qubit per free variable of the reduced constraint model, the
//!   penalty QUBO as an Ising cost (every puzzle).
//! - [`space`]: the block spaces of a one-hot encoding (disjoint exact counts enforced by
//!   the circuit instead of the cost).
//! - [`compact::CompactSudoku`]: ⌈log2 m⌉ qubits per open Sudoku cell with m candidates, a
//!   higher-order cost in Z.
//!
//! Basis states are named by their index `k` in the simulated space; for the full space of n
//! qubits, bit q of `k` is qubit q (little-endian, as OpenQASM and Qiskit).

pub mod compact;
pub mod onehot;
pub mod space;

use crate::angles::Angles;
use crate::bits;
use crate::budget::Budget;
use crate::circuit::Circuit;
use crate::cost::diagonal::CostDiagonal;
use crate::cost::pubo::ZPoly;
use crate::error::{Error, Result};
use crate::model::Level;
use crate::names::value_enum;
use crate::puzzle::{Board, Puzzle, Verdict};
use serde::Serialize;
use std::path::Path;

/// Energies below this are zero (they are exact multiples of ¼ in practice).
pub const ENERGY_TOL: f64 = 1e-9;

/// One original variable a qubit stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QubitCell {
    /// The model variable's name (`r2c3`, ...).
    pub cell: String,
    /// True when the variable is `1 − x_q`.
    pub negated: bool,
}

/// A model variable the encoding decides: it takes no qubit, and its value rebuilds the board
/// together with the measured qubits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FixedCell {
    /// The model variable's name (`r2c3`, `r0c1d3`, ...).
    pub cell: String,
    /// Its value.
    pub value: bool,
}

/// The basis states that count as success, each list ascending.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SuccessStates {
    /// Boards that pass the complete rule check.
    pub valid: Vec<u64>,
    /// Zero-energy boards that break only rules no cost term expresses (Takuzu's distinct
    /// rows), apart from the valid ones.
    pub non_qubo: Vec<u64>,
    /// With an objective: every state meeting every constraint (the optimal ones included),
    /// for P(feasible) and the approximation ratio; empty without an objective, on the
    /// histogram route, or when more than [`MAX_FEASIBLE_LISTED`] states are candidates.
    pub feasible: Vec<u64>,
    /// The objective of each feasible state in the objective's own numbers (to minimise), where
    /// the cost holds it only scaled (LP files, docs/lp.md); empty where the cost serves.
    pub feasible_objective: Vec<f64>,
}

/// Most candidate states (cost below the least plus 1) checked and listed for P(feasible).
pub const MAX_FEASIBLE_LISTED: usize = 1 << 20;

/// Where an encoded puzzle came from, shared by every encoding.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleSource {
    /// A path, or a label for embedded text.
    pub file: String,
    /// SHA-256 of the puzzle text (empty when built from a parsed puzzle alone).
    pub sha256: String,
    /// The puzzle text (empty when built from a parsed puzzle alone): manifests carry it so
    /// that measured bitstrings can be checked without the puzzle file.
    pub text: String,
}

impl PuzzleSource {
    /// A puzzle built from a parsed puzzle alone: no text.
    pub fn named(file: &str) -> Self {
        PuzzleSource {
            file: file.to_string(),
            ..PuzzleSource::default()
        }
    }

    /// A puzzle parsed from `text`.
    pub fn with_text(file: &str, text: &str) -> Self {
        PuzzleSource {
            file: file.to_string(),
            sha256: sha256_hex(text),
            text: text.to_string(),
        }
    }
}

/// Exact classical solutions.
#[derive(Clone, Debug, Serialize)]
pub struct Classical {
    /// `diagonal` (exhaustive over the basis states) or `search` (exact depth-first search).
    pub method: &'static str,
    /// Smallest cost; `None` when no assignment meets the constraints the search enforces.
    pub min_energy: Option<f64>,
    /// Number of minimum-cost assignments.
    pub ground_states: usize,
    /// Boards passing the complete rule check.
    pub solution_count: usize,
    /// The solutions (up to the limit asked).
    pub boards: Vec<Board>,
    /// Ground states that break only rules the cost cannot express.
    pub ground_states_breaking_non_qubo_rules: usize,
    /// False when the search stopped at its limit.
    pub complete: bool,
}

impl Classical {
    /// `Error::Unsatisfiable` when a complete answer found no solution.
    pub fn require_solution(&self) -> Result<()> {
        if self.solution_count > 0 || !self.complete {
            return Ok(());
        }
        Err(Error::Unsatisfiable {
            reason: match self.min_energy {
                Some(e) if self.ground_states > 0 && e.abs() <= ENERGY_TOL => {
                    "every assignment meeting the cost's rules breaks a rule it cannot express".into()
                }
                Some(e) => format!("the smallest energy is {e}, not 0"),
                None => "no assignment meets the constraints".into(),
            },
        })
    }
}

/// Per-cell marginals for the board figure: `P(cell holds 1)` under a state.
#[derive(Clone, Debug, PartialEq)]
pub struct CellMarginals {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Row-major `P(cell = 1)`; `None` for cells with no variable.
    pub marginals: Vec<Option<f64>>,
    /// Row-major: whether the reduction fixed the cell.
    pub fixed: Vec<bool>,
    /// The solution board, when known.
    pub solution: Option<Board>,
    /// Row-major value of each cell's variable in the solution (empty when unknown).
    pub solution_values: Vec<Option<bool>>,
    /// What `1` means on this board (`queen`, `sun`, ...).
    pub one_means: String,
}

/// A puzzle encoded on qubits: what simulation, optimisation, reports and export need of it.
pub trait Encoding: Send + Sync + std::fmt::Debug {
    /// Which encoding this is.
    fn kind(&self) -> EncodingKind;
    /// The encoding's name in reports: `onehot` or `compact`.
    fn name(&self) -> &'static str {
        self.kind().name()
    }
    /// Where the puzzle came from: its file, text and the text's SHA-256.
    fn source(&self) -> &PuzzleSource;
    /// Where the puzzle came from (a path, or a label for embedded text).
    fn file(&self) -> &str {
        &self.source().file
    }
    /// SHA-256 of the puzzle text, lowercase hex: which puzzle reports and manifests belong to.
    fn source_sha256(&self) -> &str {
        &self.source().sha256
    }
    /// The puzzle text whose SHA-256 that is (empty when built from a parsed puzzle alone).
    fn source_text(&self) -> &str {
        &self.source().text
    }
    /// The puzzle.
    fn puzzle(&self) -> &dyn Puzzle;
    /// The reduction level that chose the free variables.
    fn level(&self) -> Level;
    /// Qubits of the circuit.
    fn num_qubits(&self) -> usize;
    /// Qubits the same puzzle takes in this encoding at another reduction level, the
    /// reduction stopping at `cancel`.
    fn qubits_at(&self, level: Level, cancel: &crate::budget::Cancel) -> Result<usize>;
    /// The cost as a polynomial in Z (a QUBO gives degree ≤ 2): the source of the circuit.
    fn cost_poly(&self) -> ZPoly;
    /// Bytes per basis state of the cost diagonal (for memory estimates before building it).
    fn diagonal_bytes_per_state(&self) -> usize;
    /// The cost of every basis state. Callers check memory first ([`crate::sim::check_memory`]).
    fn cost_diagonal(&self) -> Result<CostDiagonal>;
    /// The board of the qubit values `bits` (qubit q = `bits[q]`).
    fn board_of_bits(&self, bits: &[bool]) -> Board;
    /// The qubit values of `board`, or `None` when it disagrees with what the reduction fixed.
    fn bits_of_board(&self, board: &Board) -> Option<Vec<bool>>;
    /// For every qubit, the model variables it stands for.
    fn qubit_cells(&self) -> Vec<Vec<QubitCell>>;
    /// The model variables the encoding decides, with their values.
    fn fixed_cells(&self) -> Vec<FixedCell>;
    /// The success states among the least-cost states of `diagonal` (valid boards, and those
    /// breaking only rules the cost cannot express).
    fn success_states(&self, diagonal: &CostDiagonal) -> SuccessStates;
    /// Exact solutions by search on the constraint model, with no statevector: at most `keep`
    /// boards, and the count of every one.
    fn search(&self, keep: usize) -> Result<Classical> {
        self.search_bounded(keep, u64::MAX)
    }
    /// [`Encoding::search`] visiting at most `max_nodes` nodes (then `complete` is false): for
    /// reports that list solutions by the way and must not hang on an open board.
    fn search_bounded(&self, keep: usize, max_nodes: u64) -> Result<Classical> {
        self.search_within(keep, max_nodes, &Budget::unlimited())
    }
    /// [`Encoding::search_bounded`] reporting its progress to `budget`; `Error::OutOfTime`
    /// when the budget runs out first.
    fn search_within(&self, keep: usize, max_nodes: u64, budget: &Budget<'_>) -> Result<Classical>;
    /// [`Encoding::search`] that stops at `cancel` (its deadline or a stop request): a search
    /// inside a longer run, which can last minutes on an open model. A deadline's error is the
    /// request's (its limit, not the time spent) and names `task`.
    fn search_heeding(&self, keep: usize, cancel: &crate::budget::Cancel, task: &str) -> Result<Classical> {
        let budget = Budget::unlimited().with_cancel(cancel.clone());
        self.search_within(keep, u64::MAX, &budget)
            .map_err(|e| cancel.check(task).err().unwrap_or(e))
    }
    /// The penalty overrides its cost was built with (empty: every penalty weighs 1).
    fn penalties(&self) -> &crate::checked::Penalties;
    /// The basis index of the file's stored solution, if it has one (for at most 64 qubits).
    fn solution_index(&self) -> Option<u64>;
    /// Per-cell `P(cell = 1)` from per-qubit `P(x_q = 1)`, when the board is one variable per
    /// cell (`None` otherwise).
    fn cell_marginals(&self, qubit_marginals: &[f64]) -> Option<CellMarginals>;
    /// What the encoding did beyond the reduction, for reports.
    fn notes(&self) -> Vec<String>;

    /// The one-hot encoding itself, when this is one (block spaces are defined on it).
    fn as_onehot(&self) -> Option<&onehot::OneHot> {
        None
    }

    /// The QAOA circuit at `angles`: the gate list the simulator runs and the exporter writes.
    fn circuit(&self, angles: &Angles) -> Circuit {
        Circuit::qaoa_poly(&self.cost_poly(), angles)
    }

    /// The board of basis index `k` (bit q of `k` = qubit q).
    fn board(&self, k: u64) -> Board {
        self.board_of_bits(&bits::to_bools(k, self.num_qubits()))
    }

    /// The complete-rule verdict of basis index `k`.
    fn verdict(&self, k: u64) -> Verdict {
        Verdict::of(&self.puzzle().check(&self.board(k)))
    }

    /// Basis index `k` as a bitstring, qubit 0 first.
    fn bitstring(&self, k: u64) -> String {
        bits::to_bitstring(k, self.num_qubits())
    }

    /// Exact solutions over the cost diagonal: its least-cost states, and those that pass the
    /// complete check. Keeps at most `keep` boards.
    fn classical_on_diagonal(&self, diagonal: &CostDiagonal, keep: usize) -> Classical {
        let min_energy = diagonal.min();
        let ground = diagonal.states_with_cost(min_energy, ENERGY_TOL);
        let success = self.success_states(diagonal);
        Classical {
            method: "diagonal",
            min_energy: Some(min_energy),
            ground_states: ground.len(),
            solution_count: success.valid.len(),
            boards: success.valid.iter().take(keep).map(|&k| self.board(k)).collect(),
            ground_states_breaking_non_qubo_rules: success.non_qubo.len(),
            complete: true,
        }
    }
}

pub use crate::names::EncodingKind;

value_enum!(EncodingKind);

impl EncodingKind {
    /// Both kinds.
    pub const ALL: [EncodingKind; 2] = [EncodingKind::Onehot, EncodingKind::Compact];

    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            EncodingKind::Onehot => "onehot",
            EncodingKind::Compact => "compact",
        }
    }
}

crate::checked::named_choice!(EncodingKind, "encoding");

/// Read `path` and encode it at `level`.
pub fn load(path: &Path, kind: EncodingKind, level: Level) -> Result<Box<dyn Encoding>> {
    load_within(path, kind, level, &crate::budget::Cancel::never())
}

/// [`load`], the reading heeding `cancel` (an LP file's: its stop request, deadline and
/// progress).
pub fn load_within(
    path: &Path,
    kind: EncodingKind,
    level: Level,
    cancel: &crate::budget::Cancel,
) -> Result<Box<dyn Encoding>> {
    load_with(path, kind, level, &crate::checked::Penalties::default(), cancel)
}

/// [`load_within`] with the penalty weights `penalties` sets (docs/lp.md, "Penalties").
pub fn load_with(
    path: &Path,
    kind: EncodingKind,
    level: Level,
    penalties: &crate::checked::Penalties,
    cancel: &crate::budget::Cancel,
) -> Result<Box<dyn Encoding>> {
    let file = path.display().to_string();
    parse_with(&file, &crate::puzzle::read_text(path)?, kind, level, penalties, cancel)
}

/// Parse puzzle text (`file` names it in messages) and encode it at `level`.
pub fn parse(file: &str, text: &str, kind: EncodingKind, level: Level) -> Result<Box<dyn Encoding>> {
    parse_within(file, text, kind, level, &crate::budget::Cancel::never())
}

/// [`parse`], the reading heeding `cancel`.
pub fn parse_within(
    file: &str,
    text: &str,
    kind: EncodingKind,
    level: Level,
    cancel: &crate::budget::Cancel,
) -> Result<Box<dyn Encoding>> {
    parse_with(file, text, kind, level, &crate::checked::Penalties::default(), cancel)
}

/// [`parse_within`] with the penalty weights `penalties` sets (docs/lp.md, "Penalties").
pub fn parse_with(
    file: &str,
    text: &str,
    kind: EncodingKind,
    level: Level,
    penalties: &crate::checked::Penalties,
    cancel: &crate::budget::Cancel,
) -> Result<Box<dyn Encoding>> {
    let encoded: Result<Box<dyn Encoding>> = match kind {
        EncodingKind::Onehot => {
            onehot::OneHot::parse_with(file, text, level, penalties, cancel).map(|e| Box::new(e) as _)
        }
        EncodingKind::Compact => {
            compact::CompactSudoku::parse_with(file, text, level, penalties).map(|e| Box::new(e) as _)
        }
    };
    // The reduction that finds the contradiction does not know the file: name it here.
    encoded.map_err(|e| match e {
        Error::Unsatisfiable { reason } if !reason.starts_with(&format!("{file}: ")) => Error::Unsatisfiable {
            reason: format!("{file}: {reason}"),
        },
        e => e,
    })
}

/// SHA-256 of `text`, lowercase hex.
pub fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
