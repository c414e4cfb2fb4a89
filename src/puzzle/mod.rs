//! Puzzles: parse a file of the shared instance format, build the constraint model, rebuild a
//! board from a model assignment, check a board against the complete rules, render it.

pub mod binary;
pub mod chess;
mod digits;
pub mod format;
pub mod generate;
mod grid;
pub mod lp;
pub mod nqueens2;
pub mod queens;
pub mod sudoku;
pub mod tents;

use crate::error::{Error, Result};
use crate::model::Model;
use format::InstanceText;
use serde::Serialize;
use std::path::Path;

/// A board as rows of the characters of the instance format's `[solution]` section.
pub type Board = Vec<String>;

/// One broken rule of a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Broken {
    /// Which rule, where.
    pub rule: String,
    /// Whether the QUBO expresses this rule (false for e.g. Takuzu's distinct rows).
    pub in_qubo: bool,
}

impl Broken {
    /// Rules the QUBO expresses, one per message, in order.
    pub fn in_qubo(rules: Vec<String>) -> Vec<Broken> {
        rules.into_iter().map(|rule| Broken { rule, in_qubo: true }).collect()
    }
}

/// How a board fares against the complete rules. Reports (JSON) and the Python binding spell
/// it by [`Verdict::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every rule holds.
    Valid,
    /// Only rules the QUBO cannot express are broken.
    BreaksOnlyNonQubo,
    /// A rule the QUBO expresses is broken.
    Invalid,
}

impl Verdict {
    /// The verdict of a list of broken rules.
    pub fn of(broken: &[Broken]) -> Verdict {
        if broken.is_empty() {
            Verdict::Valid
        } else if broken.iter().all(|b| !b.in_qubo) {
            Verdict::BreaksOnlyNonQubo
        } else {
            Verdict::Invalid
        }
    }

    /// The verdict's one spelling: `valid`, `breaks_only_non_qubo` or `invalid`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Valid => "valid",
            Verdict::BreaksOnlyNonQubo => "breaks_only_non_qubo",
            Verdict::Invalid => "invalid",
        }
    }
}

impl Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A logic puzzle instance.
pub trait Puzzle: Send + Sync + std::fmt::Debug {
    /// The `puzzle:` name (`tango`, `takuzu`, ...).
    fn kind(&self) -> &'static str;
    /// Rows and columns of the board.
    fn size(&self) -> (usize, usize);
    /// The constraint model; variable names say which cell (and symbol) they stand for.
    fn model(&self) -> Model;
    /// The board of a full model assignment.
    fn board(&self, x: &[bool]) -> Board;
    /// The model assignment of a board (the inverse of [`Puzzle::board`]), or None when the
    /// board does not fit the puzzle. The default reads `1` as true, every other symbol as false.
    fn assignment(&self, board: &Board) -> Option<Vec<bool>> {
        Some(board.iter().flat_map(|r| r.chars().map(|c| c == '1')).collect())
    }
    /// The rules `board` breaks (empty when it is a solution).
    fn check(&self, board: &Board) -> Vec<Broken>;
    /// The solution stored in the file, if any.
    fn solution(&self) -> Option<&Board>;
    /// The puzzle as text, with `board` filled in where given (givens otherwise).
    fn render(&self, board: Option<&Board>) -> String;
    /// What a report must say about the file (an LP objective the circuit's cost cannot
    /// separate: docs/lp.md); none for the puzzles.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
    /// How the model's exact counts group into families and cross, found from the constraints
    /// alone (an LP or MPS model's: docs/lp.md, "Spaces found automatically"), one line each;
    /// none for the puzzles, whose families their kind names.
    fn structure(&self) -> Vec<String> {
        Vec::new()
    }
    /// An LP or MPS model's variables, constraints as read and penalty weights, and its
    /// objective (what `info` prints under "LP model"); none for the puzzles.
    fn model_summary(&self) -> Option<ModelSummary> {
        None
    }
}

/// An optimisation model as read, for reports (`info --json`'s `model`).
#[derive(Clone, Debug, Serialize)]
pub struct ModelSummary {
    /// Binary variables in the file.
    pub variables: usize,
    /// Every constraint in file order, with what it became and its penalty's weight.
    pub constraints: Vec<ConstraintSummary>,
    /// The objective; `null` for a feasibility model.
    pub objective: Option<ObjectiveSummary>,
}

/// One constraint of a model as read.
#[derive(Clone, Debug, Serialize)]
pub struct ConstraintSummary {
    /// Its name in the file (`c<n>` for the n-th unnamed one, from 1).
    pub name: String,
    /// Its line.
    pub line: usize,
    /// The family of an exact count (`row`, `column`, `region`, `cell`), if it has one.
    pub family: Option<&'static str>,
    /// What it became (`exact count 1 of 4`, `not-both`, `always holds`, ...).
    pub read_as: String,
    /// The weight of its penalty in the cost: every penalty weighs 1 (docs/lp.md, "How
    /// constraints become the model");
    /// `null` where it adds none (a bound that always holds).
    pub penalty: Option<f64>,
}

/// A model's objective as read.
#[derive(Clone, Debug, Serialize)]
pub struct ObjectiveSummary {
    /// `minimise` or `maximise`.
    pub sense: &'static str,
    /// Linear terms.
    pub linear_terms: usize,
    /// Products of two variables.
    pub products: usize,
    /// The divisor λ = 1 + Σ|w| that puts the objective below every penalty: the cost holds
    /// the objective times 1/λ.
    pub divisor: f64,
}

/// What `1` means on the board of a puzzle kind, for plot labels.
pub fn one_means(kind: &str) -> &'static str {
    match kind {
        "tango" => "sun",
        "queens" | "nqueens" | "gqueens" | "nqueens2" => "queen",
        "tents" => "tent",
        "chess" | "maxchess" => "piece",
        _ => "1",
    }
}

/// The text of the puzzle file `path`; the error names the path.
pub fn read_text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    text_of(&path.display().to_string(), bytes)
}

/// The bytes of `file` as text; bytes that are not UTF-8 are refused by line and byte.
pub fn text_of(file: &str, bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
        let start = bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        Error::parse(
            file,
            line,
            format!(
                "byte {} of the line (0x{:02x}) is not UTF-8 text (save the file as UTF-8)",
                at - start + 1,
                bytes[at]
            ),
        )
    })
}

/// Read a puzzle from `path`.
pub fn load(path: &Path) -> Result<Box<dyn Puzzle>> {
    parse(&path.display().to_string(), &read_text(path)?)
}

/// Parse puzzle text; `file` names it in error messages. A file named `*.lp`, or whose text
/// opens with `Minimize` or `Maximize`, is an LP model ([`lp`]); one named `*.mps`, or whose
/// text opens with `NAME` or `ROWS`, an MPS model.
pub fn parse(file: &str, text: &str) -> Result<Box<dyn Puzzle>> {
    parse_within(file, text, &crate::budget::Cancel::never())
}

/// [`parse`], an LP file's reading heeding `cancel` (its stop request, deadline and progress;
/// the puzzles' small files are read at once).
pub fn parse_within(file: &str, text: &str, cancel: &crate::budget::Cancel) -> Result<Box<dyn Puzzle>> {
    let lower = file.to_ascii_lowercase();
    if lower.ends_with(".mps") || (!lower.ends_with(".lp") && lp::looks_like_mps(text)) {
        return Ok(Box::new(lp::LpModel::parse_mps_within(file, text, cancel)?));
    }
    if lower.ends_with(".lp") || lp::looks_like_lp(text) {
        return Ok(Box::new(lp::LpModel::parse_within(file, text, cancel)?));
    }
    let inst = InstanceText::parse(file, text)?;
    let (kind, line) = inst.require("puzzle")?;
    match kind {
        "tango" | "takuzu" => Ok(Box::new(binary::BinaryGrid::from_text(&inst)?)),
        "queens" => Ok(Box::new(queens::Queens::from_queens(&inst)?)),
        "starbattle" => Ok(Box::new(queens::Queens::from_starbattle(&inst)?)),
        "nqueens" => Ok(Box::new(queens::Queens::from_nqueens(&inst)?)),
        "gqueens" => Ok(Box::new(queens::Queens::from_general(&inst)?)),
        "nqueens2" => Ok(Box::new(nqueens2::NQueens2::from_text(&inst)?)),
        "tents" => Ok(Box::new(tents::Tents::from_text(&inst)?)),
        "sudoku4" | "sudoku" => Ok(Box::new(sudoku::Sudoku::from_text(&inst)?)),
        "chess" | "maxchess" => Ok(Box::new(chess::Chess::from_text(&inst)?)),
        other => Err(inst.error(
            line,
            format!(
                "unknown puzzle `{other}` (this version reads: tango, takuzu, queens, starbattle, sudoku4, sudoku, nqueens, gqueens, nqueens2, tents, chess, maxchess, and LP files)"
            ),
        )),
    }
}
