//! A rectangular board on which some cells are model variables (one variable per free cell;
//! blocked cells, trees or cells off the board are none): the numbering both ways, the
//! `r<r>c<c>` variable names, row and column counts, boards read into cells and written back,
//! and the `[givens]` and count sections. Queens (and Star Battle), Tents and the chess
//! problems build on it.

use super::format::{InstanceText, Section};
use super::Board;
use crate::error::Result;
use crate::model::{Constraint, Model};
use std::collections::BTreeSet;

/// Which cells of a `rows` x `cols` board are model variables.
#[derive(Clone, Debug, Default)]
pub struct CellVars {
    rows: usize,
    cols: usize,
    /// Model variable of each row-major cell (None: not a variable).
    var_of: Vec<Option<usize>>,
    /// Cell of each model variable.
    cell_of: Vec<usize>,
}

impl CellVars {
    /// Number the cells for which `is_var` holds, row-major.
    pub fn new(rows: usize, cols: usize, is_var: impl Fn(usize) -> bool) -> CellVars {
        let mut var_of = vec![None; rows * cols];
        let mut cell_of = Vec::new();
        for (cell, var) in var_of.iter_mut().enumerate() {
            if is_var(cell) {
                *var = Some(cell_of.len());
                cell_of.push(cell);
            }
        }
        CellVars {
            rows,
            cols,
            var_of,
            cell_of,
        }
    }

    /// The model variable of a cell.
    pub fn var(&self, cell: usize) -> Option<usize> {
        self.var_of[cell]
    }

    /// The cell of each model variable.
    pub fn cells(&self) -> &[usize] {
        &self.cell_of
    }

    /// Unordered pairs (a < b) of variable cells where `reach(a)` holds `b` or `reach(b)`
    /// holds `a`: the threats, attacks or touches of one piece on another.
    pub fn pairs(&self, reach: impl Fn(usize) -> BTreeSet<usize>) -> BTreeSet<(usize, usize)> {
        let mut pairs = BTreeSet::new();
        for &a in &self.cell_of {
            for b in reach(a) {
                pairs.insert((a.min(b), a.max(b)));
            }
        }
        pairs
    }

    /// A `NotBoth` per pair of variable cells, labelled `label("r,c", "r,c")`.
    pub fn push_not_both(&self, m: &mut Model, pairs: &BTreeSet<(usize, usize)>, label: impl Fn(&str, &str) -> String) {
        for &(a, b) in pairs {
            if let (Some(x), Some(y)) = (self.var(a), self.var(b)) {
                m.push(Constraint::NotBoth(x, y), label(&self.label(a), &self.label(b)));
            }
        }
    }

    /// The pairs whose cells are both set in `x` (row-major), as their `r,c` labels.
    pub fn both_set(&self, x: &[bool], pairs: &BTreeSet<(usize, usize)>) -> Vec<(String, String)> {
        pairs
            .iter()
            .filter(|&&(a, b)| x[a] && x[b])
            .map(|&(a, b)| (self.label(a), self.label(b)))
            .collect()
    }

    /// A `Fixed` 1 per given cell, labelled `<what> r,c`.
    pub fn push_givens(&self, m: &mut Model, givens: &[usize], what: &str) {
        for &cell in givens {
            if let Some(v) = self.var(cell) {
                m.push(Constraint::Fixed(v, true), format!("{what} {}", self.label(cell)));
            }
        }
    }

    /// The given cells a board's set cells `x` (row-major) lack: `<what> r,c is missing`.
    pub fn missing_givens(&self, x: &[bool], givens: &[usize], what: &str) -> Vec<String> {
        givens
            .iter()
            .filter(|&&cell| !x[cell])
            .map(|&cell| format!("{what} {} is missing", self.label(cell)))
            .collect()
    }

    /// A cell as `r,c` (for labels and messages).
    pub fn label(&self, cell: usize) -> String {
        format!("{},{}", cell / self.cols, cell % self.cols)
    }

    /// The variable names, `r<r>c<c>`.
    pub fn names(&self) -> Vec<String> {
        self.cell_of
            .iter()
            .map(|&v| format!("r{}c{}", v / self.cols, v % self.cols))
            .collect()
    }

    /// A `Count` over the variable cells of each row (`row r`), then of each column
    /// (`column c`), where a count is given.
    pub fn push_line_counts(&self, m: &mut Model, row_counts: &[Option<usize>], col_counts: &[Option<usize>]) {
        let counts = row_counts.iter().chain(col_counts);
        for (line, k) in lines(self.rows, self.cols).into_iter().zip(counts) {
            if let Some(k) = *k {
                let vars = line.cells.iter().filter_map(|&cell| self.var(cell)).collect();
                m.push(Constraint::Count { vars, k, soft: false }, line.name);
            }
        }
    }

    /// Rows and columns whose number of set cells in `x` (row-major) differs from its count:
    /// `row r has n <things>, not k`.
    pub fn line_count_breaks(
        &self,
        x: &[bool],
        row_counts: &[Option<usize>],
        col_counts: &[Option<usize>],
        things: &str,
    ) -> Vec<String> {
        let counts = row_counts.iter().chain(col_counts);
        let mut out = Vec::new();
        for (line, k) in lines(self.rows, self.cols).into_iter().zip(counts) {
            let n = line.cells.iter().filter(|&&cell| x[cell]).count();
            if let Some(k) = k.filter(|&k| k != n) {
                out.push(format!("{} has {n} {things}, not {k}", line.name));
            }
        }
        out
    }

    /// The board of an assignment: `blocked` on cells that are no variable, `set(cell)` where
    /// the variable is 1, `.` where it is 0.
    pub fn board(&self, x: &[bool], blocked: char, set: impl Fn(usize) -> char) -> Board {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let cell = r * self.cols + c;
                        match self.var_of[cell] {
                            None => blocked,
                            Some(v) if x[v] => set(cell),
                            Some(_) => '.',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The set cells of a board, row-major: `set(r, c, cell, ch)` reads each character
    /// (whether it is a piece, or why it does not fit); an error when the board is not
    /// `rows` x `cols`.
    pub fn read_board(
        &self,
        board: &Board,
        set: impl Fn(usize, usize, usize, char) -> std::result::Result<bool, String>,
    ) -> std::result::Result<Vec<bool>, String> {
        let cells: Vec<Vec<char>> = board.iter().map(|r| r.chars().collect()).collect();
        if cells.len() != self.rows || cells.iter().any(|r| r.len() != self.cols) {
            return Err(format!("the board is not {}x{}", self.rows, self.cols));
        }
        let mut x = vec![false; self.rows * self.cols];
        for (r, row) in cells.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                let cell = r * self.cols + c;
                x[cell] = set(r, c, cell, ch)?;
            }
        }
        Ok(x)
    }

    /// The model assignment of set cells (row-major, as [`CellVars::read_board`] gives them).
    pub fn assignment(&self, x: &[bool]) -> Vec<bool> {
        self.cell_of.iter().map(|&cell| x[cell]).collect()
    }

    /// The set cells to draw: those of the board read back (none set when it did not fit), or
    /// the givens when there is no board.
    pub fn shown(&self, read: Option<std::result::Result<Vec<bool>, String>>, givens: &[usize]) -> Vec<bool> {
        match read {
            Some(x) => x.unwrap_or_else(|_| vec![false; self.rows * self.cols]),
            None => {
                let mut x = vec![false; self.rows * self.cols];
                for &g in givens {
                    x[g] = true;
                }
                x
            }
        }
    }

    /// Each row as its cells' characters separated by spaces.
    pub fn spaced_rows(&self, symbol: impl Fn(usize) -> char) -> Vec<String> {
        (0..self.rows)
            .map(|r| spaced((0..self.cols).map(|c| symbol(r * self.cols + c))))
            .collect()
    }

    /// `[givens]`: one `r,c` per line, on a variable cell, no repeats (none when the section
    /// is absent). Errors read `<what> r,c <off_board>` and `<what> r,c appears twice`.
    pub fn read_givens(&self, inst: &InstanceText, what: &str, off_board: &str) -> Result<Vec<usize>> {
        let mut givens = Vec::new();
        let Some(section) = inst.section("givens") else {
            return Ok(givens);
        };
        for l in &section.body {
            let (r, c) = inst.coordinate(&l.text, l.number, self.rows, self.cols)?;
            let cell = r * self.cols + c;
            if self.var_of[cell].is_none() {
                return Err(inst.error(l.number, format!("{what} {r},{c} {off_board}")));
            }
            if givens.contains(&cell) {
                return Err(inst.error(l.number, format!("{what} {r},{c} appears twice")));
            }
            givens.push(cell);
        }
        Ok(givens)
    }
}

/// A row or a column of a board, as labels and messages name it.
pub struct Line {
    /// `row 2`, `column 0`.
    pub name: String,
    /// What its positions are called (`columns` along a row, `rows` down a column).
    pub across: &'static str,
    /// Its cells, row-major indices, in order.
    pub cells: Vec<usize>,
}

/// Every row, then every column of a `rows` x `cols` board.
pub fn lines(rows: usize, cols: usize) -> Vec<Line> {
    let row_lines = (0..rows).map(|r| Line {
        name: format!("row {r}"),
        across: "columns",
        cells: (0..cols).map(|c| r * cols + c).collect(),
    });
    let column_lines = (0..cols).map(|c| Line {
        name: format!("column {c}"),
        across: "rows",
        cells: (0..rows).map(|r| r * cols + c).collect(),
    });
    row_lines.chain(column_lines).collect()
}

/// A one-line section of `len` counts (`?` for no clue), each at most `max` when given.
pub fn read_counts(
    inst: &InstanceText,
    section: &Section,
    len: usize,
    max: Option<usize>,
) -> Result<Vec<Option<usize>>> {
    let name = &section.name;
    let [line] = section.body.as_slice() else {
        return Err(inst.error(section.line, format!("[{name}] is one line of {len} counts")));
    };
    let parts: Vec<&str> = line.text.split_whitespace().collect();
    if parts.len() != len {
        return Err(inst.error(
            line.number,
            format!("[{name}] has {} counts, the size says {len}", parts.len()),
        ));
    }
    let bad = |p: &str| {
        let msg = match max {
            Some(max) => format!("`{p}` is not a count from 0 to {max} (or `?`)"),
            None => format!("`{p}` is not a count (a number or `?`)"),
        };
        inst.error(line.number, msg)
    };
    parts
        .iter()
        .map(|&p| match p {
            "?" => Ok(None),
            _ => match p.parse::<usize>() {
                Ok(k) if max.is_none_or(|max| k <= max) => Ok(Some(k)),
                _ => Err(bad(p)),
            },
        })
        .collect()
}

/// Characters separated by single spaces (a row of a drawn board).
pub fn spaced(cells: impl IntoIterator<Item = char>) -> String {
    let cells: Vec<String> = cells.into_iter().map(String::from).collect();
    cells.join(" ")
}

/// `lines`, each ended by a newline: a drawn board.
pub fn text(lines: impl IntoIterator<Item = String>) -> String {
    lines.into_iter().map(|line| line + "\n").collect()
}
