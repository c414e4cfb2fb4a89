//! Tents & Trees, with the QUBO paper's formulation (Mata Ali & Mencía, §2.5).
//!
//! Rules: tents pair one-to-one with trees, each tent orthogonally next to its own tree; no
//! two tents touch, not even diagonally; row and column counts hold.
//!
//! Model (the paper's): one variable per cell that is not a tree (trees are not variables);
//! cells next to no tree are fixed to 0; row and column clues are `Count`s; touching cells
//! are `NotBoth` (the king move, once per pair); each tree's orthogonal neighbours form a
//! soft region of 1 or 2 tents (the fractional term `(3/2 − Σ)²`, shifted by ¼ so a valid
//! board has energy 0: 3 or 4 tents around a tree would touch). The one-to-one pairing is a
//! bipartite matching the QUBO does not express: the check reports it with `in_qubo: false`.

use super::format::InstanceText;
use super::grid::{read_counts, CellVars};
use super::{Board, Broken, Puzzle};
use crate::error::Result;
use crate::model::{Constraint, Model};

/// Largest side accepted.
const MAX_SIDE: usize = 64;

/// A Tents & Trees instance.
#[derive(Clone, Debug)]
pub struct Tents {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Whether each row-major cell holds a tree.
    pub trees: Vec<bool>,
    /// Tents per row (None: no clue).
    pub row_counts: Vec<Option<usize>>,
    /// Tents per column (None: no clue).
    pub col_counts: Vec<Option<usize>>,
    /// The stored solution (`T` tree, `A` tent, `.` grass).
    pub solution: Option<Board>,
    /// The model variables: one per cell that is not a tree.
    cells: CellVars,
}

impl Tents {
    /// Parse and validate an instance.
    pub fn from_text(inst: &InstanceText) -> Result<Self> {
        inst.allow_sections(&["grid", "row_counts", "col_counts", "solution"])?;
        let (rows, cols) = inst.size(MAX_SIDE)?;
        let grid = inst.grid("grid", rows, cols)?;
        let mut trees = vec![false; rows * cols];
        for (r, (line, chars)) in grid.iter().enumerate() {
            for (c, &ch) in chars.iter().enumerate() {
                match ch {
                    'T' => trees[r * cols + c] = true,
                    '.' => {}
                    other => {
                        return Err(inst.error(
                            *line,
                            format!("cell {r},{c} is `{other}`: a grid holds only T (tree) and . (empty)"),
                        ))
                    }
                }
            }
        }
        let row_counts = read_counts(inst, inst.require_section("row_counts")?, rows, Some(cols))?;
        let col_counts = read_counts(inst, inst.require_section("col_counts")?, cols, Some(rows))?;
        let cells = CellVars::new(rows, cols, |cell| !trees[cell]);
        let mut puzzle = Tents {
            rows,
            cols,
            trees,
            row_counts,
            col_counts,
            solution: None,
            cells,
        };
        for (r, (line, _)) in grid.iter().enumerate() {
            for c in 0..cols {
                let cell = r * cols + c;
                if puzzle.trees[cell] && puzzle.neighbours4(cell).iter().all(|&n| puzzle.trees[n]) {
                    return Err(inst.error(*line, format!("tree {r},{c} has no free cell next to it for its tent")));
                }
            }
        }
        if inst.section("solution").is_some() {
            let sol = inst.grid("solution", rows, cols)?;
            for (r, (line, chars)) in sol.iter().enumerate() {
                for (c, &ch) in chars.iter().enumerate() {
                    let tree = puzzle.trees[r * cols + c];
                    if (ch == 'T') != tree || !matches!(ch, 'T' | 'A' | '.') {
                        return Err(inst.error(
                            *line,
                            format!(
                                "solution cell {r},{c} is `{ch}`: expected {}",
                                if tree {
                                    "`T` as in the grid"
                                } else {
                                    "`A` (tent) or `.`"
                                }
                            ),
                        ));
                    }
                }
            }
            puzzle.solution = Some(inst.checked_solution(&sol, |b| puzzle.check(b))?);
        }
        Ok(puzzle)
    }

    /// Orthogonal neighbours of a cell.
    fn neighbours4(&self, cell: usize) -> Vec<usize> {
        self.neighbours(cell, false)
    }

    /// Orthogonal (and diagonal when `king`) neighbours of a cell.
    fn neighbours(&self, cell: usize, king: bool) -> Vec<usize> {
        let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        let mut out = Vec::new();
        for dr in -1..=1isize {
            for dc in -1..=1isize {
                if (dr, dc) == (0, 0) || (!king && dr != 0 && dc != 0) {
                    continue;
                }
                let (r2, c2) = (r + dr, c + dc);
                if (0..self.rows as isize).contains(&r2) && (0..self.cols as isize).contains(&c2) {
                    out.push(r2 as usize * self.cols + c2 as usize);
                }
            }
        }
        out
    }

    fn cell(&self, v: usize) -> String {
        self.cells.label(v)
    }

    /// Tents of a board, row-major, or the reason it does not fit.
    fn tents_of(&self, board: &Board) -> std::result::Result<Vec<bool>, String> {
        self.cells
            .read_board(board, |r, c, cell, ch| match (self.trees[cell], ch) {
                (true, 'T') | (false, '.') => Ok(false),
                (false, 'A') => Ok(true),
                (_, other) => Err(format!("cell {r},{c} holds `{other}`, which does not fit the grid")),
            })
    }

    /// Size of a maximum matching between tents and adjacent trees (augmenting paths).
    fn matching(&self, x: &[bool]) -> usize {
        let tents: Vec<usize> = (0..x.len()).filter(|&v| x[v]).collect();
        let mut tree_of_tent: Vec<Option<usize>> = vec![None; tents.len()];
        let mut tent_of_tree: Vec<Option<usize>> = vec![None; x.len()];
        fn augment(
            t: usize,
            tents: &[usize],
            puzzle: &Tents,
            seen: &mut [bool],
            tree_of_tent: &mut [Option<usize>],
            tent_of_tree: &mut [Option<usize>],
        ) -> bool {
            for tree in puzzle.neighbours4(tents[t]) {
                if !puzzle.trees[tree] || seen[tree] {
                    continue;
                }
                seen[tree] = true;
                let free = match tent_of_tree[tree] {
                    None => true,
                    Some(other) => augment(other, tents, puzzle, seen, tree_of_tent, tent_of_tree),
                };
                if free {
                    tent_of_tree[tree] = Some(t);
                    tree_of_tent[t] = Some(tree);
                    return true;
                }
            }
            false
        }
        let mut size = 0;
        for t in 0..tents.len() {
            let mut seen = vec![false; x.len()];
            if augment(t, &tents, self, &mut seen, &mut tree_of_tent, &mut tent_of_tree) {
                size += 1;
            }
        }
        size
    }
}

impl Puzzle for Tents {
    fn kind(&self) -> &'static str {
        "tents"
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn model(&self) -> Model {
        let var = |cell: usize| self.cells.var(cell);
        let mut m = Model::new(self.cells.names());
        self.cells.push_line_counts(&mut m, &self.row_counts, &self.col_counts);
        for cell in 0..self.rows * self.cols {
            if self.trees[cell] {
                let vars = self.neighbours4(cell).into_iter().filter_map(var).collect();
                m.push(
                    Constraint::Count { vars, k: 1, soft: true },
                    format!("tree {} has 1 or 2 tents next to it", self.cell(cell)),
                );
            }
        }
        let touching = self
            .cells
            .pairs(|cell| self.neighbours(cell, true).into_iter().collect());
        self.cells
            .push_not_both(&mut m, &touching, |a, b| format!("tents {a} and {b} touch"));
        for &cell in self.cells.cells() {
            if !self.neighbours4(cell).iter().any(|&n| self.trees[n]) {
                if let Some(v) = var(cell) {
                    m.push(
                        Constraint::Fixed(v, false),
                        format!("no tree next to {}", self.cell(cell)),
                    );
                }
            }
        }
        m
    }

    fn board(&self, x: &[bool]) -> Board {
        self.cells.board(x, 'T', |_| 'A')
    }

    fn assignment(&self, board: &Board) -> Option<Vec<bool>> {
        Some(self.cells.assignment(&self.tents_of(board).ok()?))
    }

    fn check(&self, board: &Board) -> Vec<Broken> {
        let mut broken = Vec::new();
        let mut rule = |rule: String, in_qubo: bool| broken.push(Broken { rule, in_qubo });
        let x = match self.tents_of(board) {
            Ok(x) => x,
            Err(why) => {
                rule(why, true);
                return broken;
            }
        };
        for b in self
            .cells
            .line_count_breaks(&x, &self.row_counts, &self.col_counts, "tents")
        {
            rule(b, true);
        }
        let (rows, cols) = (self.rows, self.cols);
        for a in 0..rows * cols {
            if !x[a] {
                continue;
            }
            for b in self.neighbours(a, true) {
                if a < b && x[b] {
                    rule(format!("tents {} and {} touch", self.cell(a), self.cell(b)), true);
                }
            }
            if !self.neighbours4(a).iter().any(|&n| self.trees[n]) {
                rule(format!("tent {} has no tree next to it", self.cell(a)), true);
            }
        }
        let mut every_tree_has_a_tent = true;
        for t in (0..rows * cols).filter(|&t| self.trees[t]) {
            if !self.neighbours4(t).iter().any(|&n| x[n]) {
                every_tree_has_a_tent = false;
                rule(format!("tree {} has no tent next to it", self.cell(t)), true);
            }
        }
        if every_tree_has_a_tent {
            let tents = x.iter().filter(|&&b| b).count();
            let trees = self.trees.iter().filter(|&&b| b).count();
            let matched = self.matching(&x);
            if matched != tents || matched != trees {
                rule(
                    format!("{tents} tents and {trees} trees cannot be paired one-to-one (at most {matched} pairs)"),
                    false,
                );
            }
        }
        broken
    }

    fn solution(&self) -> Option<&Board> {
        self.solution.as_ref()
    }

    /// The board (`T` tree, `A` tent, `.` empty) with row counts on the right and column
    /// counts below (`?` for no clue).
    fn render(&self, board: Option<&Board>) -> String {
        let show = |k: &Option<usize>| k.map_or("?".to_string(), |k| k.to_string());
        let grid: Board = match board {
            Some(b) => b.clone(),
            None => self.board(&vec![false; self.cells.cells().len()]),
        };
        let mut out = String::new();
        for (r, line) in grid.iter().enumerate() {
            let cells: Vec<String> = line.chars().map(|c| c.to_string()).collect();
            out.push_str(&format!("{}  {}\n", cells.join(" "), show(&self.row_counts[r])));
        }
        let bottom: Vec<String> = self.col_counts.iter().map(show).collect();
        out.push_str(&bottom.join(" "));
        out.push('\n');
        out
    }
}
