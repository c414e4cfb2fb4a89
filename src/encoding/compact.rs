//! The compact (binary) Sudoku encoding: ⌈log2 m⌉ qubits per open cell with m candidate
//! digits, as in Pal et al. (EPL 2020, table 1: `|00⟩ = 1, |01⟩ = 2, |10⟩ = 3, |11⟩ = 4`).
//!
//! The candidates come from the one-hot model reduced at the chosen level (at `none` every cell
//! keeps every digit and a clue is a penalty; at `clues` a clue removes its digit from its row,
//! column and box; stronger levels remove more). A cell with one candidate is decided and takes
//! no qubit. Code `c` of a cell (bit i of `c` = its i-th qubit) stands for its c-th candidate,
//! ascending; codes `c ≥ m` are unused and penalised.
//!
//! Cost, with `[cell = d]` the product over the cell's qubits of `x_q` or `1 − x_q`:
//! `H = Σ_{row, column, box g} Σ_d (1 − Σ_{cell∈g} [cell = d])² + Σ_cells Σ_{c ≥ m} [code = c]`
//! `  (+ Σ_{clue cells} (1 − [cell = clue])` at level `none`).
//! Every valid board costs exactly 0 and every other bitstring at least 1. The terms have
//! degree up to twice the bits per cell, so this is a [`ZPoly`], not a QUBO: its diagonal is
//! computed directly ([`ZPoly::cost_diagonal`]) and its circuit ([`crate::circuit::Circuit::qaoa_poly`]) writes
//! the higher-order Z terms as CNOT ladders around an `rz`.
//!
//! Success is decoding: a bitstring's digits per cell make a board, valid when the full rule
//! check passes. The one-hot encoding stays on the QUBO pipeline ([`OneHot`]).

use super::onehot::OneHot;
use super::{
    CellMarginals, Classical, Encoding, EncodingKind, FixedCell, PuzzleSource, QubitCell, SuccessStates, ENERGY_TOL,
};
use crate::budget::Budget;
use crate::checked::{Penalties, PenaltyWeight};
use crate::cost::diagonal::CostDiagonal;
use crate::cost::pubo::{Pubo, ZPoly};
use crate::error::{Error, Result};
use crate::model::{reduce, Level, Lit};
use crate::puzzle::sudoku::Sudoku;
use crate::puzzle::{Board, Puzzle, Verdict};
use serde::Serialize;
use std::collections::BTreeMap;

/// An open cell of the compact encoding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CompactCell {
    /// Row-major cell.
    pub cell: usize,
    /// Candidate digits, ascending: code c stands for `candidates[c]`.
    pub candidates: Vec<u8>,
    /// Its qubits: qubit `qubits[i]` is bit i of the code.
    pub qubits: Vec<usize>,
}

/// A Sudoku in the compact encoding at one reduction level.
#[derive(Clone, Debug)]
pub struct CompactSudoku {
    /// Where it came from.
    pub source: PuzzleSource,
    /// The puzzle.
    pub sudoku: Sudoku,
    /// The reduction level that chose the candidates.
    pub level: Level,
    /// The cells that take qubits.
    pub cells: Vec<CompactCell>,
    /// The digit of every decided cell (0 for open cells), row-major.
    pub decided: Vec<u8>,
    /// The cost as a polynomial in Z's.
    pub zpoly: ZPoly,
    /// The penalty overrides it was built with, and the weight of each constraint they set, by
    /// the one-hot model's label (a group and digit, a cell, a clue: 1 where absent).
    pub penalties: Penalties,
    weights: BTreeMap<String, f64>,
}

/// Bits to number `m` codes.
fn bits_for(m: usize) -> usize {
    (usize::BITS - m.saturating_sub(1).leading_zeros()) as usize
}

impl CompactSudoku {
    /// Encode `sudoku` with candidates from the one-hot model reduced at `level`.
    pub fn new(file: &str, sudoku: Sudoku, level: Level) -> Result<Self> {
        Self::with_penalties(file, sudoku, level, &Penalties::default())
    }

    /// [`CompactSudoku::new`] with the penalty weights `penalties` sets, by the names of the
    /// one-hot model's constraints: a group's digit (`row 0 holds one 2`) weighs its square, a
    /// cell (`cell 0,1 holds one digit`) its unused codes, a clue its miss.
    pub fn with_penalties(file: &str, sudoku: Sudoku, level: Level, penalties: &Penalties) -> Result<Self> {
        let n = sudoku.n;
        let mut model = sudoku.model();
        model.set_penalties(penalties, file)?;
        let weights = model
            .constraints
            .iter()
            .filter(|c| c.weight != PenaltyWeight::ONE)
            .map(|c| (c.label.clone(), c.weight.get()))
            .collect();
        let reduced = reduce::reduce(&model, level)?;
        let mut cells = Vec::new();
        let mut decided = vec![0u8; n * n];
        let mut next_qubit = 0;
        for (cell, slot) in decided.iter_mut().enumerate() {
            let candidates: Vec<u8> = (1..=n as u8)
                .filter(|&d| !matches!(reduced.lits[sudoku.var(cell, d)], Lit::Const(false)))
                .collect();
            match candidates.len() {
                0 => {
                    return Err(Error::Unsatisfiable {
                        reason: format!("cell {},{} has no candidate digit left", cell / n, cell % n),
                    })
                }
                1 if level != Level::None => *slot = candidates[0],
                m => {
                    let b = bits_for(m);
                    cells.push(CompactCell {
                        cell,
                        candidates,
                        qubits: (next_qubit..next_qubit + b).collect(),
                    });
                    next_qubit += b;
                }
            }
        }
        let mut c = CompactSudoku {
            source: PuzzleSource::named(file),
            sudoku,
            level,
            cells,
            decided,
            zpoly: ZPoly {
                num_qubits: next_qubit,
                terms: Vec::new(),
                offset: 0.0,
            },
            penalties: penalties.clone(),
            weights,
        };
        c.zpoly = c.penalty().to_zpoly(next_qubit);
        Ok(c)
    }

    /// Read `path` (a `sudoku4` or `sudoku` file) and encode it at `level`.
    pub fn load(path: &std::path::Path, level: Level) -> Result<Self> {
        CompactSudoku::parse(&path.display().to_string(), &crate::puzzle::read_text(path)?, level)
    }

    /// Parse Sudoku text (`file` names it in messages) and encode it at `level`.
    pub fn parse(file: &str, text: &str, level: Level) -> Result<Self> {
        Self::parse_with(file, text, level, &Penalties::default())
    }

    /// [`CompactSudoku::parse`] with penalty overrides ([`CompactSudoku::with_penalties`]).
    pub fn parse_with(file: &str, text: &str, level: Level, penalties: &Penalties) -> Result<Self> {
        let inst = crate::puzzle::format::InstanceText::parse(file, text)?;
        let (kind, line) = inst.require("puzzle")?;
        if kind != "sudoku4" && kind != "sudoku" {
            return Err(inst.error(
                line,
                format!("the compact encoding is for Sudoku (`puzzle: sudoku4` or `sudoku`), not `{kind}`; use the one-hot encoding"),
            ));
        }
        let mut enc = CompactSudoku::with_penalties(file, Sudoku::from_text(&inst)?, level, penalties)?;
        enc.source = PuzzleSource::with_text(file, text);
        Ok(enc)
    }

    /// `[cell = d]` as a polynomial in the qubits (a constant for decided cells).
    fn indicator(&self, cell: usize, d: u8) -> Pubo {
        if let Some(oc) = self.cells.iter().find(|c| c.cell == cell) {
            match oc.candidates.iter().position(|&x| x == d) {
                Some(code) => code_indicator(oc, code),
                None => Pubo::default(),
            }
        } else {
            Pubo::constant(if self.decided[cell] == d { 1.0 } else { 0.0 })
        }
    }

    /// The weight of the one-hot model's constraint labelled `label` (1 unless overridden).
    fn weight(&self, label: &str) -> f64 {
        self.weights.get(label).copied().unwrap_or(1.0)
    }

    /// The weights of a group's digit, a cell's unused codes and a clue's miss, by the one-hot
    /// model's labels (src/puzzle/sudoku.rs and src/puzzle/digits.rs write them).
    fn group_weight(&self, group: &str, d: u8) -> f64 {
        self.weight(&format!("{group} holds one {d}"))
    }

    fn cell_weight(&self, cell: usize) -> f64 {
        let n = self.sudoku.n;
        self.weight(&format!("cell {},{} holds one digit", cell / n, cell % n))
    }

    fn clue_weight(&self, cell: usize, clue: u8) -> f64 {
        let n = self.sudoku.n;
        self.weight(&format!("clue {clue} at {},{}", cell / n, cell % n))
    }

    /// The penalty polynomial in the binary qubit variables, each term times its constraint's
    /// weight.
    fn penalty(&self) -> Pubo {
        let n = self.sudoku.n;
        let mut h = Pubo::default();
        for (label, group) in self.sudoku.groups() {
            for d in 1..=n as u8 {
                let mut inner = Pubo::constant(1.0);
                for &cell in &group {
                    inner.add_scaled(&self.indicator(cell, d), -1.0);
                }
                h.add_scaled(&inner.mul(&inner), self.group_weight(&label, d));
            }
        }
        for oc in &self.cells {
            for code in oc.candidates.len()..1 << oc.qubits.len() {
                h.add_scaled(&code_indicator(oc, code), self.cell_weight(oc.cell));
            }
            if let Some(clue) = self.sudoku.clues[oc.cell] {
                let mut miss = Pubo::constant(1.0);
                miss.add_scaled(&self.indicator(oc.cell, clue), -1.0);
                h.add_scaled(&miss, self.clue_weight(oc.cell, clue));
            }
        }
        h
    }

    /// The digit of every cell at basis index `k` (0 for an unused code).
    pub fn digits_of(&self, k: u64) -> Vec<u8> {
        let mut digits = self.decided.clone();
        for oc in &self.cells {
            let code = oc
                .qubits
                .iter()
                .enumerate()
                .fold(0usize, |c, (i, &q)| c | (((k >> q) & 1) as usize) << i);
            digits[oc.cell] = oc.candidates.get(code).copied().unwrap_or(0);
        }
        digits
    }

    /// The cost of basis index `k` evaluated from its digits (the definition in the module
    /// notes, with no polynomial): the test oracle of the diagonal.
    pub fn direct_cost(&self, k: u64) -> f64 {
        let digits = self.digits_of(k);
        let mut cost = 0.0;
        for (label, group) in self.sudoku.groups() {
            for d in 1..=self.sudoku.n as u8 {
                let c = group.iter().filter(|&&cell| digits[cell] == d).count() as f64;
                cost += self.group_weight(&label, d) * (1.0 - c) * (1.0 - c);
            }
        }
        for oc in &self.cells {
            if digits[oc.cell] == 0 {
                cost += self.cell_weight(oc.cell);
            }
            if let Some(clue) = self.sudoku.clues[oc.cell] {
                if digits[oc.cell] != clue {
                    cost += self.clue_weight(oc.cell, clue);
                }
            }
        }
        cost
    }
}

impl Encoding for CompactSudoku {
    fn kind(&self) -> EncodingKind {
        EncodingKind::Compact
    }

    fn source(&self) -> &PuzzleSource {
        &self.source
    }

    fn puzzle(&self) -> &dyn Puzzle {
        &self.sudoku
    }

    fn level(&self) -> Level {
        self.level
    }

    fn num_qubits(&self) -> usize {
        self.zpoly.num_qubits
    }

    fn qubits_at(&self, level: Level, _: &crate::budget::Cancel) -> Result<usize> {
        Ok(CompactSudoku::new(&self.source.file, self.sudoku.clone(), level)?.num_qubits())
    }

    fn cost_poly(&self) -> ZPoly {
        self.zpoly.clone()
    }

    fn diagonal_bytes_per_state(&self) -> usize {
        // Indexed while the distinct costs fit a u16 index; the estimate takes the dense case.
        8
    }

    fn cost_diagonal(&self) -> Result<CostDiagonal> {
        self.zpoly.validate()?;
        Ok(self.zpoly.cost_diagonal())
    }

    /// The board of qubit values (`.` where a cell's code is unused).
    fn board_of_bits(&self, bits: &[bool]) -> Board {
        let k = bits.iter().enumerate().fold(0u64, |k, (q, &b)| k | u64::from(b) << q);
        self.sudoku.board_of_digits(&self.digits_of(k))
    }

    fn board(&self, k: u64) -> Board {
        self.sudoku.board_of_digits(&self.digits_of(k))
    }

    fn bits_of_board(&self, board: &Board) -> Option<Vec<bool>> {
        let digits = self.sudoku.digits_of_board(board)?;
        let agrees = (0..digits.len()).all(|c| self.decided[c] == 0 || self.decided[c] == digits[c]);
        if !agrees {
            return None;
        }
        let mut bits = vec![false; self.num_qubits()];
        for oc in &self.cells {
            let code = oc.candidates.iter().position(|&d| d == digits[oc.cell])?;
            for (i, &q) in oc.qubits.iter().enumerate() {
                bits[q] = (code >> i) & 1 == 1;
            }
        }
        Some(bits)
    }

    /// For every qubit, what it stands for: `r<r>c<c>.bit<i> of codes [digits]`.
    fn qubit_cells(&self) -> Vec<Vec<QubitCell>> {
        let n = self.sudoku.n;
        let mut out = vec![Vec::new(); self.num_qubits()];
        for oc in &self.cells {
            let digits: Vec<String> = oc.candidates.iter().map(|d| d.to_string()).collect();
            for (i, &q) in oc.qubits.iter().enumerate() {
                out[q].push(QubitCell {
                    cell: format!(
                        "r{}c{}.bit{i} (code = digit index in [{}])",
                        oc.cell / n,
                        oc.cell % n,
                        digits.join(",")
                    ),
                    negated: false,
                });
            }
        }
        out
    }

    /// The one-hot variables `r<r>c<c>d<d>` of every decided cell.
    fn fixed_cells(&self) -> Vec<FixedCell> {
        let n = self.sudoku.n;
        let mut out = Vec::new();
        for (cell, &digit) in self.decided.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            for d in 1..=n as u8 {
                out.push(FixedCell {
                    cell: format!("r{}c{}d{d}", cell / n, cell % n),
                    value: d == digit,
                });
            }
        }
        out
    }

    /// Valid boards: cost 0 and the full check passes. No rule lies outside the cost.
    fn success_states(&self, diagonal: &CostDiagonal) -> SuccessStates {
        SuccessStates {
            valid: diagonal
                .states_with_cost(0.0, ENERGY_TOL)
                .into_iter()
                .filter(|&k| self.verdict(k) == Verdict::Valid)
                .collect(),
            non_qubo: Vec::new(),
            feasible: Vec::new(),
            feasible_objective: Vec::new(),
        }
    }

    /// Exact search on the one-hot model (the boards are the same in every encoding).
    fn search_within(&self, keep: usize, max_nodes: u64, budget: &Budget<'_>) -> Result<Classical> {
        let onehot = OneHot::new(&self.source.file, Box::new(self.sudoku.clone()), Level::None)?;
        let mut c = onehot.search_within(keep, max_nodes, budget)?;
        c.min_energy = c.min_energy.map(|_| 0.0);
        Ok(c)
    }

    /// The basis index of the stored solution, if the file has one and its digits are
    /// candidates (they always are: the reduction keeps every solution).
    fn solution_index(&self) -> Option<u64> {
        let bits = self.bits_of_board(self.sudoku.solution()?)?;
        (bits.len() <= 64).then(|| bits.iter().enumerate().map(|(q, &b)| u64::from(b) << q).sum())
    }

    /// A cell holds a digit, not 0 or 1: no per-cell marginal.
    fn cell_marginals(&self, _qubit_marginals: &[f64]) -> Option<CellMarginals> {
        None
    }

    fn penalties(&self) -> &Penalties {
        &self.penalties
    }

    fn notes(&self) -> Vec<String> {
        vec![format!(
            "compact encoding: {} Z terms up to degree {}, each exp(-i gamma w Z..Z) written as a CNOT ladder onto its last qubit, rz(2 gamma w), the ladder undone",
            self.zpoly.terms.len(),
            self.zpoly.max_degree()
        )]
    }
}

/// `[code of oc = code]`: Π over its qubits of `x_q` (bit set) or `1 − x_q`.
fn code_indicator(oc: &CompactCell, code: usize) -> Pubo {
    let mut p = Pubo::constant(1.0);
    for (i, &q) in oc.qubits.iter().enumerate() {
        let factor = if (code >> i) & 1 == 1 {
            Pubo::var(q)
        } else {
            Pubo::not_var(q)
        };
        p = p.mul(&factor);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_per_candidate_count() {
        assert_eq!([1, 2, 3, 4, 5, 8, 9].map(bits_for), [0, 1, 2, 2, 3, 3, 4]);
    }
}
