//! Sudoku on an N x N board with R x C boxes (N = R·C): 4x4 Shidoku (`puzzle: sudoku4`,
//! `box: 2x2`, the system of Pal et al., EPL 2020) and the general `puzzle: sudoku` (`box: 3x3`
//! for the classic 9x9, which exports even where it cannot be simulated).
//!
//! One-hot model: variable `x_{cell,d}` (named `r<r>c<c>d<d>`) is 1 when the cell holds digit
//! `d`; `Count{k: 1}` per cell over its digits, and per row, column and box for every digit;
//! clues are `Fixed(x_{cell,clue}, true)`. The reduction's generic rules then do the Sudoku
//! elimination: a fixed 1 in a one-hot count clears the rest of it, so a clue removes its digit
//! from its row, column and box and every other digit from its cell.
//!
//! The compact encoding (⌈log2 m⌉ qubits per open cell with m candidates) is in
//! [`crate::encoding::compact`].

use super::format::InstanceText;
use super::{Board, Broken, Puzzle};
use crate::error::Result;
use crate::model::{Constraint, Model};

/// Largest side accepted: digits are written `1`-`9`.
pub const MAX_SIDE: usize = 9;

/// A Sudoku instance.
#[derive(Clone, Debug)]
pub struct Sudoku {
    kind: &'static str,
    /// Side N (rows = columns = digits).
    pub n: usize,
    /// Box rows R.
    pub box_rows: usize,
    /// Box columns C.
    pub box_cols: usize,
    /// Clues, row-major: the digit (1-based) or None.
    pub clues: Vec<Option<u8>>,
    /// The stored solution.
    pub solution: Option<Board>,
}

impl Sudoku {
    /// An empty board with these boxes (N = R·C ≤ 9).
    pub fn empty(box_rows: usize, box_cols: usize) -> Sudoku {
        let n = box_rows * box_cols;
        Sudoku {
            kind: if n == 4 { "sudoku4" } else { "sudoku" },
            n,
            box_rows,
            box_cols,
            clues: vec![None; n * n],
            solution: None,
        }
    }

    /// Parse and validate an instance (`puzzle: sudoku4` or `sudoku`).
    pub fn from_text(inst: &InstanceText) -> Result<Self> {
        inst.allow_sections(&["grid", "solution"])?;
        let (kind, kind_line) = inst.require("puzzle")?;
        let kind: &'static str = if kind == "sudoku4" { "sudoku4" } else { "sudoku" };
        let (rows, cols) = inst.size(MAX_SIDE)?;
        let (_, size_line) = inst.require("size")?;
        if rows != cols {
            return Err(inst.error(size_line, format!("a Sudoku board is square, not {rows}x{cols}")));
        }
        let n = rows;
        let (box_rows, box_cols) = match inst.get("box") {
            Some((value, line)) => {
                let bad = || inst.error(line, format!("box `{value}` must be RxC with R·C = {n} (the side)"));
                let (r, c) = value.split_once(['x', 'X']).ok_or_else(bad)?;
                let r: usize = r.trim().parse().map_err(|_| bad())?;
                let c: usize = c.trim().parse().map_err(|_| bad())?;
                if r == 0 || c == 0 || r * c != n {
                    return Err(bad());
                }
                (r, c)
            }
            None if n == 4 => (2, 2),
            None => return Err(inst.error(0, "missing header line `box: RxC` (e.g. `box: 3x3`)")),
        };
        if kind == "sudoku4" && n != 4 {
            return Err(inst.error(
                kind_line,
                format!("`puzzle: sudoku4` is 4x4, this board is {n}x{n}: write `puzzle: sudoku`"),
            ));
        }
        let mut s = Sudoku {
            kind,
            ..Sudoku::empty(box_rows, box_cols)
        };
        s.clues = super::digits::read_grid(inst, n, "digit")?;
        // Clues that contradict each other directly are an error at their line.
        let clue_board: Board = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| s.clues[r * n + c].map_or('.', |d| char::from(b'0' + d)))
                    .collect()
            })
            .collect();
        if let Some(b) = s
            .duplicates(&s.digits_of_board(&clue_board).unwrap_or_default())
            .first()
        {
            return Err(inst.error(
                inst.require_section("grid")?.line,
                format!("the clues break a rule: {b}"),
            ));
        }
        if inst.section("solution").is_some() {
            let sol = inst.grid("solution", n, n)?;
            s.solution = Some(inst.checked_solution(&sol, |b| s.check(b))?);
        }
        Ok(s)
    }

    /// Model variable of digit `d` (1-based) in `cell`.
    pub fn var(&self, cell: usize, d: u8) -> usize {
        super::digits::var(self.n, cell, d)
    }

    /// The groups (rows, columns, boxes) as row-major cells, with their labels.
    pub fn groups(&self) -> Vec<(String, Vec<usize>)> {
        let n = self.n;
        let mut out: Vec<(String, Vec<usize>)> = super::grid::lines(n, n)
            .into_iter()
            .map(|l| (l.name, l.cells))
            .collect();
        for br in 0..n / self.box_rows {
            for bc in 0..n / self.box_cols {
                let cells = (0..self.box_rows)
                    .flat_map(|i| {
                        (0..self.box_cols).map(move |j| (br * self.box_rows + i) * n + bc * self.box_cols + j)
                    })
                    .collect();
                out.push((format!("box {br},{bc}"), cells));
            }
        }
        out
    }

    /// The digits of a board (0 for an empty cell), or None when it does not fit the board.
    pub fn digits_of_board(&self, board: &Board) -> Option<Vec<u8>> {
        if board.len() != self.n {
            return None;
        }
        let mut out = Vec::with_capacity(self.n * self.n);
        for row in board {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != self.n {
                return None;
            }
            for ch in chars {
                out.push(if ch == '.' {
                    0
                } else {
                    super::digits::digit(ch, self.n)?
                });
            }
        }
        Some(out)
    }

    /// The board of a digit per cell (0 for empty).
    pub fn board_of_digits(&self, digits: &[u8]) -> Board {
        digits
            .chunks(self.n)
            .map(|row| {
                row.iter()
                    .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                    .collect()
            })
            .collect()
    }

    /// Repeated digits within a row, column or box.
    fn duplicates(&self, digits: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        if digits.len() != self.n * self.n {
            return out;
        }
        for (label, cells) in self.groups() {
            for d in 1..=self.n as u8 {
                let k = cells.iter().filter(|&&c| digits[c] == d).count();
                if k > 1 {
                    out.push(format!("{label} holds {d} {k} times"));
                }
            }
        }
        out
    }
}

impl Puzzle for Sudoku {
    fn kind(&self) -> &'static str {
        self.kind
    }

    fn size(&self) -> (usize, usize) {
        (self.n, self.n)
    }

    fn model(&self) -> Model {
        let n = self.n;
        let mut m = super::digits::model(n, "digit");
        for (label, cells) in self.groups() {
            for d in 1..=n as u8 {
                m.push(
                    Constraint::Count {
                        vars: cells.iter().map(|&c| self.var(c, d)).collect(),
                        k: 1,
                        soft: false,
                    },
                    format!("{label} holds one {d}"),
                );
            }
        }
        super::digits::push_givens(&mut m, n, &self.clues, "clue");
        m
    }

    fn board(&self, x: &[bool]) -> Board {
        super::digits::board(self.n, x)
    }

    fn assignment(&self, board: &Board) -> Option<Vec<bool>> {
        Some(super::digits::assignment(self.n, &self.digits_of_board(board)?))
    }

    fn check(&self, board: &Board) -> Vec<Broken> {
        let n = self.n;
        let (digits, mut rules) = super::digits::read_board(n, board, "digit", "digits", "digit");
        if let Some(digits) = digits {
            rules.extend(self.duplicates(&digits));
            rules.extend(super::digits::unkept(n, &self.clues, &digits, "clue"));
        }
        Broken::in_qubo(rules)
    }

    fn solution(&self) -> Option<&Board> {
        self.solution.as_ref()
    }

    /// Digits separated by spaces, `.` for empty cells, `|` between boxes.
    fn render(&self, board: Option<&Board>) -> String {
        let n = self.n;
        let cells = super::digits::shown(n, board, &self.clues);
        let mut lines = Vec::new();
        for r in 0..n {
            if r > 0 && r % self.box_rows == 0 {
                let width = 2 * n - 1 + 2 * (n / self.box_cols - 1);
                lines.push("-".repeat(width));
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push(' ');
                    if c % self.box_cols == 0 {
                        line.push_str("| ");
                    }
                }
                line.push(cells[r * n + c]);
            }
            lines.push(line);
        }
        super::grid::text(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_of_a_4x4_and_a_6x6() {
        let s = Sudoku::empty(2, 2);
        let g = s.groups();
        assert_eq!(g.len(), 12);
        assert_eq!(g[8].1, vec![0, 1, 4, 5]);
        let s = Sudoku::empty(2, 3);
        let boxes: Vec<_> = s.groups().into_iter().filter(|(l, _)| l.starts_with("box")).collect();
        assert_eq!(boxes.len(), 6);
        assert_eq!(boxes[1].1, vec![3, 4, 5, 9, 10, 11]);
    }
}
