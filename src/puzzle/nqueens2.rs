//! N-Queens² (`puzzle: nqueens2`), the coloured variant of the Q# Grover seed: every cell of an
//! N x N board holds a queen of one of N colours, N queens of each colour, and no two queens of
//! one colour attack each other (same row, column or diagonal). So each colour is an N-Queens
//! solution and the colours tile the board. `diagonals: no` drops the diagonal rule (the seed's
//! reduced variant: then a board is a Latin square).
//!
//! One-hot model: variable `x_{cell,d}` (named `r<r>c<c>d<d>`) is 1 when the cell holds colour
//! `d` (written `1`..`N`); `Count{k: 1}` per cell over its colours, per row and per column for
//! every colour, and a `NotBoth` per colour for every two cells on one diagonal. Givens (an
//! optional `[grid]` of colours and `.`) are `Fixed(x_{cell,d}, true)`.

use super::format::InstanceText;
use super::{Board, Broken, Puzzle};
use crate::error::Result;
use crate::model::{Constraint, Model};

/// Largest side accepted: colours are written `1`-`9`.
pub const MAX_SIDE: usize = 9;

/// An N-Queens² instance.
#[derive(Clone, Debug)]
pub struct NQueens2 {
    /// Side N (rows = columns = colours).
    pub n: usize,
    /// Whether two queens of one colour may not share a diagonal.
    pub diagonals: bool,
    /// Givens, row-major: the colour (1-based) or None.
    pub givens: Vec<Option<u8>>,
    /// The stored solution.
    pub solution: Option<Board>,
}

impl NQueens2 {
    /// An empty board of side `n`.
    pub fn empty(n: usize, diagonals: bool) -> NQueens2 {
        NQueens2 {
            n,
            diagonals,
            givens: vec![None; n * n],
            solution: None,
        }
    }

    /// Parse and validate an instance.
    pub fn from_text(inst: &InstanceText) -> Result<Self> {
        inst.allow_sections(&["grid", "solution"])?;
        let (rows, cols) = inst.size(MAX_SIDE)?;
        let (_, size_line) = inst.require("size")?;
        if rows != cols {
            return Err(inst.error(size_line, format!("an N-Queens² board is square, not {rows}x{cols}")));
        }
        let diagonals = match inst.get("diagonals") {
            None => true,
            Some(("yes", _)) => true,
            Some(("no", _)) => false,
            Some((value, line)) => {
                return Err(inst.error(line, format!("diagonals `{value}`: write `yes` (the default) or `no`")))
            }
        };
        let n = rows;
        let mut q = NQueens2::empty(n, diagonals);
        if inst.section("grid").is_some() {
            q.givens = super::digits::read_grid(inst, n, "colour")?;
        }
        if inst.section("solution").is_some() {
            let sol = inst.grid("solution", n, n)?;
            q.solution = Some(inst.checked_solution(&sol, |b| q.check(b))?);
        }
        Ok(q)
    }

    /// Model variable of colour `d` (1-based) in `cell`.
    pub fn var(&self, cell: usize, d: u8) -> usize {
        super::digits::var(self.n, cell, d)
    }

    /// Pairs of cells on one diagonal (either direction), `a < b`.
    fn diagonal_pairs(&self) -> Vec<(usize, usize)> {
        let n = self.n as i64;
        let mut out = Vec::new();
        for a in 0..n * n {
            for b in a + 1..n * n {
                let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
                if (ra - rb).abs() == (ca - cb).abs() {
                    out.push((a as usize, b as usize));
                }
            }
        }
        out
    }

    /// The colour of each cell of a board (0 for none or several), or None when it does not
    /// fit the board.
    fn colours_of_board(&self, board: &Board) -> Option<Vec<u8>> {
        if board.len() != self.n || board.iter().any(|r| r.chars().count() != self.n) {
            return None;
        }
        Some(
            board
                .iter()
                .flat_map(|r| r.chars().map(|ch| super::digits::digit(ch, self.n).unwrap_or(0)))
                .collect(),
        )
    }
}

impl Puzzle for NQueens2 {
    fn kind(&self) -> &'static str {
        "nqueens2"
    }

    fn size(&self) -> (usize, usize) {
        (self.n, self.n)
    }

    fn model(&self) -> Model {
        let n = self.n;
        let mut m = super::digits::model(n, "colour");
        let lines = super::grid::lines(n, n);
        for d in 1..=n as u8 {
            for l in &lines {
                m.push(
                    Constraint::Count {
                        vars: l.cells.iter().map(|&cell| self.var(cell, d)).collect(),
                        k: 1,
                        soft: false,
                    },
                    format!("{} holds one {d}", l.name),
                );
            }
        }
        if self.diagonals {
            for (a, b) in self.diagonal_pairs() {
                for d in 1..=n as u8 {
                    m.push(
                        Constraint::NotBoth(self.var(a, d), self.var(b, d)),
                        format!("{d} at {},{} and {},{} share a diagonal", a / n, a % n, b / n, b % n),
                    );
                }
            }
        }
        super::digits::push_givens(&mut m, n, &self.givens, "given");
        m
    }

    fn board(&self, x: &[bool]) -> Board {
        super::digits::board(self.n, x)
    }

    fn assignment(&self, board: &Board) -> Option<Vec<bool>> {
        Some(super::digits::assignment(self.n, &self.colours_of_board(board)?))
    }

    fn check(&self, board: &Board) -> Vec<Broken> {
        let n = self.n;
        let (colours, mut rules) = super::digits::read_board(n, board, "queen", "colours", "colour");
        let Some(colours) = colours else {
            return Broken::in_qubo(rules);
        };
        let lines = super::grid::lines(n, n);
        for d in 1..=n as u8 {
            for l in &lines {
                let k = l.cells.iter().filter(|&&cell| colours[cell] == d).count();
                if k != 1 {
                    rules.push(format!("{} holds {k} queens of colour {d}", l.name));
                }
            }
        }
        if self.diagonals {
            for (a, b) in self.diagonal_pairs() {
                if colours[a] != 0 && colours[a] == colours[b] {
                    rules.push(format!(
                        "the queens of colour {} at {},{} and {},{} share a diagonal",
                        colours[a],
                        a / n,
                        a % n,
                        b / n,
                        b % n
                    ));
                }
            }
        }
        rules.extend(super::digits::unkept(n, &self.givens, &colours, "given"));
        Broken::in_qubo(rules)
    }

    fn solution(&self) -> Option<&Board> {
        self.solution.as_ref()
    }

    /// Colours separated by spaces, `.` for open cells.
    fn render(&self, board: Option<&Board>) -> String {
        let n = self.n;
        let cells = super::digits::shown(n, board, &self.givens);
        super::grid::text(cells.chunks(n).map(|row| super::grid::spaced(row.iter().copied())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_pairs_of_a_3x3() {
        // Corners with the centre (4), the two long diagonals' ends, and the short ones.
        let q = NQueens2::empty(3, true);
        let pairs = q.diagonal_pairs();
        assert_eq!(
            pairs,
            [
                (0, 4),
                (0, 8),
                (1, 3),
                (1, 5),
                (2, 4),
                (2, 6),
                (3, 7),
                (4, 6),
                (4, 8),
                (5, 7)
            ]
        );
    }
}
