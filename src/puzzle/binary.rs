//! Takuzu (Binairo, 0h h1) and LinkedIn Tango: the paper's Takuzu/Tango problem (TTP, §3).
//!
//! Rules: every row and column holds as many 1s as 0s; no three equal symbols in a row or
//! column; `=` / `x` signs between cells hold; for Takuzu also no two equal rows or columns
//! (a rule the QUBO cannot express; it is checked on the decoded board).

use super::format::InstanceText;
use super::{Board, Broken, Puzzle};
use crate::error::Result;
use crate::model::{Constraint, Model};

/// Largest side accepted (far beyond simulation; the exact search still works).
const MAX_SIDE: usize = 64;

/// Tango or Takuzu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// LinkedIn Tango: signs, no distinct-lines rule.
    Tango,
    /// Takuzu: distinct rows and columns.
    Takuzu,
}

/// A Takuzu/Tango instance.
#[derive(Clone, Debug)]
pub struct BinaryGrid {
    /// Which rule set.
    pub variant: Variant,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Given symbols, row-major.
    pub givens: Vec<Option<bool>>,
    /// `=` signs as pairs of row-major cells.
    pub equal: Vec<(usize, usize)>,
    /// `x` signs as pairs of row-major cells.
    pub opposite: Vec<(usize, usize)>,
    /// The stored solution.
    pub solution: Option<Board>,
}

impl BinaryGrid {
    /// Parse and validate an instance.
    pub fn from_text(inst: &InstanceText) -> Result<Self> {
        let (kind, _) = inst.require("puzzle")?;
        let variant = if kind == "tango" {
            Variant::Tango
        } else {
            Variant::Takuzu
        };
        inst.allow_sections(&["grid", "equal", "opposite", "solution"])?;
        let (rows, cols) = inst.size(MAX_SIDE)?;
        let (_, size_line) = inst.require("size")?;
        if rows % 2 != 0 || cols % 2 != 0 {
            return Err(inst.error(
                size_line,
                format!("size {rows}x{cols}: rows and columns must be even, each line holds as many 1s as 0s"),
            ));
        }
        let grid = inst.grid("grid", rows, cols)?;
        let mut givens = vec![None; rows * cols];
        for (r, (line, chars)) in grid.iter().enumerate() {
            for (c, ch) in chars.iter().enumerate() {
                givens[r * cols + c] = match ch {
                    '0' => Some(false),
                    '1' => Some(true),
                    '.' => None,
                    other => {
                        return Err(inst.error(
                            *line,
                            format!("cell {r},{c} is `{other}`: a grid holds only 0, 1 and . (empty)"),
                        ))
                    }
                };
            }
        }
        let mut puzzle = BinaryGrid {
            variant,
            rows,
            cols,
            givens,
            equal: Vec::new(),
            opposite: Vec::new(),
            solution: None,
        };
        for (name, differ) in [("equal", false), ("opposite", true)] {
            let Some(section) = inst.section(name) else { continue };
            for l in &section.body {
                let parts: Vec<&str> = l.text.split_whitespace().collect();
                if parts.len() != 2 {
                    return Err(inst.error(
                        l.number,
                        format!("a sign is two cells `r1,c1 r2,c2`, found `{}`", l.text),
                    ));
                }
                let (r1, c1) = inst.coordinate(parts[0], l.number, rows, cols)?;
                let (r2, c2) = inst.coordinate(parts[1], l.number, rows, cols)?;
                if r1.abs_diff(r2) + c1.abs_diff(c2) != 1 {
                    return Err(inst.error(
                        l.number,
                        format!("sign between {r1},{c1} and {r2},{c2}: the cells are not side by side"),
                    ));
                }
                let (a, b) = (r1 * cols + c1, r2 * cols + c2);
                let pair = (a.min(b), a.max(b));
                let (same_list, other_list) = if differ {
                    (&puzzle.opposite, &puzzle.equal)
                } else {
                    (&puzzle.equal, &puzzle.opposite)
                };
                if other_list.contains(&pair) {
                    return Err(inst.error(
                        l.number,
                        format!("cells {r1},{c1} and {r2},{c2} carry both an `=` and an `x` sign"),
                    ));
                }
                if let (Some(x), Some(y)) = (puzzle.givens[a], puzzle.givens[b]) {
                    if (x != y) != differ {
                        return Err(inst.error(
                            l.number,
                            format!(
                                "the `{}` sign between {r1},{c1} and {r2},{c2} contradicts their givens {} and {}",
                                if differ { "x" } else { "=" },
                                u8::from(x),
                                u8::from(y)
                            ),
                        ));
                    }
                }
                if !same_list.contains(&pair) {
                    if differ {
                        puzzle.opposite.push(pair);
                    } else {
                        puzzle.equal.push(pair);
                    }
                }
            }
        }
        puzzle.check_givens(inst, &grid)?;
        if inst.section("solution").is_some() {
            let sol = inst.grid("solution", rows, cols)?;
            for (line, chars) in &sol {
                if let Some(bad) = chars.iter().find(|c| !matches!(c, '0' | '1')) {
                    return Err(inst.error(*line, format!("a solution holds only 0 and 1, found `{bad}`")));
                }
            }
            puzzle.solution = Some(inst.checked_solution(&sol, |b| puzzle.check(b))?);
        }
        Ok(puzzle)
    }

    /// Givens that already break a rule: overfull lines, three alike.
    fn check_givens(&self, inst: &InstanceText, grid: &[(usize, Vec<char>)]) -> Result<()> {
        let (rows, cols) = (self.rows, self.cols);
        let g = |r: usize, c: usize| self.givens[r * cols + c];
        for (r, (line, _)) in grid.iter().enumerate() {
            for v in [false, true] {
                let n = (0..cols).filter(|&c| g(r, c) == Some(v)).count();
                if n > cols / 2 {
                    return Err(inst.error(
                        *line,
                        format!("row {r} has {n} given {}s, more than {}", u8::from(v), cols / 2),
                    ));
                }
            }
            for c in 0..cols.saturating_sub(2) {
                if g(r, c).is_some() && g(r, c) == g(r, c + 1) && g(r, c) == g(r, c + 2) {
                    return Err(inst.error(*line, format!("row {r} has three equal givens from column {c}")));
                }
            }
        }
        for c in 0..cols {
            for v in [false, true] {
                let n = (0..rows).filter(|&r| g(r, c) == Some(v)).count();
                if n > rows / 2 {
                    let line = inst.require_section("grid")?.line;
                    return Err(inst.error(
                        line,
                        format!("column {c} has {n} given {}s, more than {}", u8::from(v), rows / 2),
                    ));
                }
            }
            for r in 0..rows.saturating_sub(2) {
                if g(r, c).is_some() && g(r, c) == g(r + 1, c) && g(r, c) == g(r + 2, c) {
                    return Err(inst.error(grid[r + 2].0, format!("column {c} has three equal givens from row {r}")));
                }
            }
        }
        Ok(())
    }

    fn name(&self, v: usize) -> String {
        format!("r{}c{}", v / self.cols, v % self.cols)
    }

    fn cell(&self, v: usize) -> String {
        format!("{},{}", v / self.cols, v % self.cols)
    }
}

impl Puzzle for BinaryGrid {
    fn kind(&self) -> &'static str {
        match self.variant {
            Variant::Tango => "tango",
            Variant::Takuzu => "takuzu",
        }
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn model(&self) -> Model {
        let (rows, cols) = (self.rows, self.cols);
        let mut m = Model::new((0..rows * cols).map(|v| self.name(v)).collect());
        let lines = super::grid::lines(self.rows, self.cols);
        for l in &lines {
            m.push(
                Constraint::Count {
                    vars: l.cells.clone(),
                    k: l.cells.len() / 2,
                    soft: false,
                },
                format!("{} balance", l.name),
            );
        }
        for l in &lines {
            for (i, vars) in l.cells.windows(3).enumerate() {
                m.push(
                    Constraint::Count {
                        vars: vars.to_vec(),
                        k: 1,
                        soft: true,
                    },
                    format!("{} {} {i}-{} not three alike", l.name, l.across, i + 2),
                );
            }
        }
        for &(a, b) in &self.equal {
            m.push(
                Constraint::Same(a, b),
                format!("= sign {} {}", self.cell(a), self.cell(b)),
            );
        }
        for &(a, b) in &self.opposite {
            m.push(
                Constraint::Differ(a, b),
                format!("x sign {} {}", self.cell(a), self.cell(b)),
            );
        }
        for (v, g) in self.givens.iter().enumerate() {
            if let Some(b) = g {
                m.push(Constraint::Fixed(v, *b), format!("given {}", self.cell(v)));
            }
        }
        m
    }

    fn board(&self, x: &[bool]) -> Board {
        x.chunks(self.cols)
            .map(|row| row.iter().map(|&b| if b { '1' } else { '0' }).collect())
            .collect()
    }

    fn check(&self, board: &Board) -> Vec<Broken> {
        let (rows, cols) = (self.rows, self.cols);
        let mut broken = Vec::new();
        let mut rule = |rule: String, in_qubo: bool| broken.push(Broken { rule, in_qubo });
        let cells: Vec<Vec<char>> = board.iter().map(|r| r.chars().collect()).collect();
        if cells.len() != rows
            || cells
                .iter()
                .any(|r| r.len() != cols || r.iter().any(|c| !matches!(c, '0' | '1')))
        {
            rule(format!("the board is not {rows}x{cols} of 0/1"), true);
            return broken;
        }
        let v = |i: usize| cells[i / cols][i % cols] == '1';
        for l in super::grid::lines(self.rows, self.cols) {
            let ones = l.cells.iter().filter(|&&i| v(i)).count();
            if ones != l.cells.len() / 2 {
                rule(format!("{} has {ones} 1s, not {}", l.name, l.cells.len() / 2), true);
            }
            for (i, w) in l.cells.windows(3).enumerate() {
                if v(w[0]) == v(w[1]) && v(w[0]) == v(w[2]) {
                    rule(format!("{} {} {i}-{} are three alike", l.name, l.across, i + 2), true);
                }
            }
        }
        for &(a, b) in &self.equal {
            if v(a) != v(b) {
                rule(format!("= sign {} {}", self.cell(a), self.cell(b)), true);
            }
        }
        for &(a, b) in &self.opposite {
            if v(a) == v(b) {
                rule(format!("x sign {} {}", self.cell(a), self.cell(b)), true);
            }
        }
        for (i, g) in self.givens.iter().enumerate() {
            if let Some(b) = g {
                if v(i) != *b {
                    rule(format!("given {}", self.cell(i)), true);
                }
            }
        }
        if self.variant == Variant::Takuzu {
            for a in 0..rows {
                for b in a + 1..rows {
                    if cells[a] == cells[b] {
                        rule(format!("rows {a} and {b} are equal"), false);
                    }
                }
            }
            for a in 0..cols {
                for b in a + 1..cols {
                    if (0..rows).all(|r| cells[r][a] == cells[r][b]) {
                        rule(format!("columns {a} and {b} are equal"), false);
                    }
                }
            }
        }
        broken
    }

    fn solution(&self) -> Option<&Board> {
        self.solution.as_ref()
    }

    fn render(&self, board: Option<&Board>) -> String {
        let (rows, cols) = (self.rows, self.cols);
        let sign = |a: usize, b: usize| {
            let pair = (a.min(b), a.max(b));
            if self.equal.contains(&pair) {
                '='
            } else if self.opposite.contains(&pair) {
                'x'
            } else {
                ' '
            }
        };
        let symbol = |v: usize| match board {
            Some(b) => b[v / cols].as_bytes()[v % cols] as char,
            None => match self.givens[v] {
                Some(true) => '1',
                Some(false) => '0',
                None => '.',
            },
        };
        let mut out = String::new();
        for r in 0..rows {
            for c in 0..cols {
                let v = r * cols + c;
                out.push(symbol(v));
                if c + 1 < cols {
                    out.push(' ');
                    out.push(sign(v, v + 1));
                    out.push(' ');
                }
            }
            out.push('\n');
            if r + 1 < rows {
                let line: String = (0..cols)
                    .map(|c| {
                        let v = r * cols + c;
                        let s = sign(v, v + cols);
                        if c + 1 < cols {
                            format!("{s}   ")
                        } else {
                            s.to_string()
                        }
                    })
                    .collect();
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        out
    }
}
