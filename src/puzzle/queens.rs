//! The queens family of the QUBO paper (Mata Ali & Mencía, §2): one generalised-queens core
//! (§2.3–2.4) that LinkedIn Queens, N-Queens, N-Queens with (soft) regions and the general
//! `gqueens` format all build on.
//!
//! The core is an N x M board of arbitrary shape (blocked cells are not on the board and are
//! not variables), per-row counts `r_i` and per-column counts `c_j` (either may be absent),
//! a diagonal attack distance `d_ij` per cell (a queen on (i, j) attacks the cells on its four
//! diagonals up to `d_ij` steps away: `d = 1` is LinkedIn's "no touching diagonally", `d = ∞`
//! is N-Queens), regions that may overlap with `q_k` queens or `q_k`/`q_k + 1` queens (the
//! fractional term, eq. 15), pre-placed queens, and flat, cylindrical (columns wrap) or
//! toroidal (rows and columns wrap) boards.
//!
//! Model: one variable per board cell; rows, columns and regions are `Count`s; each attacking
//! pair is one `NotBoth` (the paper's `x_ij x_kl` term, once per unordered pair); given queens
//! are `Fixed`. The `paper` reduction then applies exactly the initial-condition rules of §2.2.
//!
//! Star Battle ("Two Not Touch", `puzzle: starbattle`) is the same core with `S` pieces (stars,
//! written `*`) per row, column and region and the king-move "no touching" rule: the diagonal
//! distance 1 plus the orthogonal neighbours (which only matter for `S ≥ 2`; for `S = 1` the row
//! and column counts already forbid them). Its QUBO is the talk's (Cruz et al., iQuHACK 2021):
//! `Σ_R (S − Σ_R x)² + Σ x_ij x_i'j'` over touching pairs.

use super::format::InstanceText;
use super::grid::{read_counts, CellVars};
use super::{Board, Broken, Puzzle};
use crate::error::Result;
use crate::model::{Constraint, Model};
use std::collections::BTreeSet;

/// Largest side accepted (far beyond simulation; the exact search still works).
const MAX_SIDE: usize = 64;

/// Attack distance meaning "the whole diagonal".
pub const WHOLE_DIAGONAL: usize = usize::MAX;

/// How the board's edges connect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topology {
    /// An ordinary board.
    Flat,
    /// Leaving at the left comes back at the right and vice versa (§2.3.5).
    Cylinder,
    /// Both pairs of opposite edges are glued (§2.3.5).
    Torus,
}

impl Topology {
    fn parse(inst: &InstanceText) -> Result<Topology> {
        match inst.get("topology") {
            None | Some(("flat", _)) => Ok(Topology::Flat),
            Some(("cylinder", _)) => Ok(Topology::Cylinder),
            Some(("torus", _)) => Ok(Topology::Torus),
            Some((other, line)) => {
                Err(inst.error(line, format!("topology `{other}` is not one of: flat, cylinder, torus")))
            }
        }
    }
}

/// A region: a set of cells that must hold `count` queens, or `count` or `count + 1` when soft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Name used in labels (`A`, `north`, ...).
    pub name: String,
    /// Row-major cells.
    pub cells: Vec<usize>,
    /// Queens required.
    pub count: usize,
    /// Whether `count + 1` is allowed too.
    pub soft: bool,
}

/// A generalised queens instance (LinkedIn Queens, N-Queens and everything between).
#[derive(Clone, Debug)]
pub struct Queens {
    kind: &'static str,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Whether each row-major cell is on the board.
    pub on_board: Vec<bool>,
    /// Queens per row (None: no row rule).
    pub row_counts: Vec<Option<usize>>,
    /// Queens per column (None: no column rule).
    pub col_counts: Vec<Option<usize>>,
    /// Diagonal attack distance of each cell (0: none, [`WHOLE_DIAGONAL`]: unlimited).
    pub distance: Vec<usize>,
    /// Regions (may overlap).
    pub regions: Vec<Region>,
    /// Edge gluing.
    pub topology: Topology,
    /// Pre-placed queens (row-major cells).
    pub givens: Vec<usize>,
    /// Region letter of each cell, for drawing non-overlapping regions.
    pub letters: Option<Vec<char>>,
    /// Whether pieces may not touch orthogonally either (Star Battle's king-move rule).
    pub orthogonal_touch: bool,
    /// The piece as written on boards: `Q` (queens) or `*` (Star Battle stars).
    pub piece: char,
    /// The piece's name in messages (`queen`, `star`).
    pub piece_name: &'static str,
    /// The stored solution.
    pub solution: Option<Board>,
    /// The model variables: one per cell on the board (numbered by `finish_layout`).
    cells: CellVars,
}

impl Queens {
    /// A board with every cell on it, no rules yet.
    fn blank(kind: &'static str, rows: usize, cols: usize) -> Queens {
        Queens {
            kind,
            rows,
            cols,
            on_board: vec![true; rows * cols],
            row_counts: vec![None; rows],
            col_counts: vec![None; cols],
            distance: vec![0; rows * cols],
            regions: Vec::new(),
            topology: Topology::Flat,
            givens: Vec::new(),
            letters: None,
            orthogonal_touch: false,
            piece: 'Q',
            piece_name: "queen",
            solution: None,
            cells: CellVars::default(),
        }
    }

    /// N-Queens on an N x N board: one queen per row and column, whole diagonals.
    pub fn n_queens(n: usize) -> Queens {
        let mut q = Queens::blank("nqueens", n, n);
        q.row_counts = vec![Some(1); n];
        q.col_counts = vec![Some(1); n];
        q.distance = vec![WHOLE_DIAGONAL; n * n];
        q.finish_layout();
        q
    }

    /// Number the board cells as model variables.
    fn finish_layout(&mut self) {
        self.cells = CellVars::new(self.rows, self.cols, |cell| self.on_board[cell]);
    }

    /// Parse a LinkedIn Queens file (`puzzle: queens`): `[regions]` letters, optional
    /// `[givens]` of `r,c` lines, optional `[solution]` of `Q`/`.`.
    pub fn from_queens(inst: &InstanceText) -> Result<Self> {
        inst.allow_sections(&["regions", "givens", "solution"])?;
        let n = square_side(inst, "a Queens")?;
        let mut q = Queens::lettered("queens", n, 1, inst, "Queens")?;
        q.finish_layout();
        q.read_givens(inst)?;
        q.read_solution(inst)?;
        Ok(q)
    }

    /// Parse a Star Battle file (`puzzle: starbattle`, `stars: S`): `[regions]` letters with
    /// exactly N regions, optional `[solution]` of `*`/`.`. Rules: S stars in every row,
    /// column and region; no two stars touch, not even diagonally.
    pub fn from_starbattle(inst: &InstanceText) -> Result<Self> {
        inst.allow_sections(&["regions", "solution"])?;
        let n = square_side(inst, "a Star Battle")?;
        let (stars_text, stars_line) = inst.require("stars")?;
        let stars: usize = stars_text
            .parse()
            .ok()
            .filter(|&s| s >= 1)
            .ok_or_else(|| inst.error(stars_line, format!("stars `{stars_text}` must be a whole number ≥ 1")))?;
        // S non-touching stars in a row of n cells need n ≥ 2S − 1; S per row and per column
        // with no two touching needs a little more, but the search finds that out.
        if 2 * stars > n + 1 {
            return Err(inst.error(
                stars_line,
                format!("{stars} non-touching stars do not fit in a row of {n} cells"),
            ));
        }
        let mut q = Queens::lettered("starbattle", n, stars, inst, "Star Battle")?;
        q.orthogonal_touch = true;
        q.piece = '*';
        q.piece_name = "star";
        for g in &q.regions {
            if g.cells.len() < stars {
                let line = inst.require_section("regions")?.line;
                return Err(inst.error(
                    line,
                    format!("region {} has {} cells for {stars} stars", g.name, g.cells.len()),
                ));
            }
        }
        q.finish_layout();
        q.read_solution(inst)?;
        Ok(q)
    }

    /// Parse an N-Queens file (`puzzle: nqueens`, `size: NxN`), with optional `topology:`,
    /// `[givens]`, `[regions]` (letters, `.` for no region; `region_rule: exactly-one` (§2.4.1,
    /// the default) or `at-most-one` (§2.4.2)) and `[solution]`.
    pub fn from_nqueens(inst: &InstanceText) -> Result<Self> {
        inst.allow_sections(&["regions", "givens", "solution"])?;
        let mut q = Queens::n_queens(square_side(inst, "an N-Queens")?);
        q.topology = Topology::parse(inst)?;
        let soft = match inst.get("region_rule") {
            None | Some(("exactly-one", _)) => false,
            Some(("at-most-one", _)) => true,
            Some((other, line)) => {
                return Err(inst.error(
                    line,
                    format!("region_rule `{other}` is not one of: exactly-one, at-most-one"),
                ))
            }
        };
        if inst.section("regions").is_some() {
            // At most one queen is "0 or 1": count 0, soft.
            q.read_letter_regions(inst, usize::from(!soft), soft, true)?;
        } else if let Some((_, line)) = inst.get("region_rule") {
            return Err(inst.error(line, "region_rule given but no [regions] section"));
        }
        q.finish_layout();
        q.read_givens(inst)?;
        q.read_solution(inst)?;
        Ok(q)
    }

    /// Parse the general format (`puzzle: gqueens`), documented in docs/queens-format.md.
    pub fn from_general(inst: &InstanceText) -> Result<Self> {
        inst.allow_sections(&["board", "rows", "columns", "regions", "givens", "solution"])?;
        let (rows, cols) = inst.size(MAX_SIDE)?;
        let mut q = Queens::blank("gqueens", rows, cols);
        q.topology = Topology::parse(inst)?;
        let default_distance = match inst.get("diagonal") {
            None => 0,
            Some((value, line)) => parse_distance(value).ok_or_else(|| {
                inst.error(
                    line,
                    format!("diagonal `{value}` is not a distance (a number, or `whole` for whole diagonals)"),
                )
            })?,
        };
        q.distance = vec![default_distance; rows * cols];
        if inst.section("board").is_some() {
            for (r, (line, chars)) in inst.grid("board", rows, cols)?.iter().enumerate() {
                for (c, &ch) in chars.iter().enumerate() {
                    let cell = r * cols + c;
                    match ch {
                        '#' => q.on_board[cell] = false,
                        '.' => {}
                        '*' => q.distance[cell] = WHOLE_DIAGONAL,
                        d if d.is_ascii_digit() => q.distance[cell] = usize::from(d as u8 - b'0'),
                        other => {
                            return Err(inst.error(
                                *line,
                                format!(
                                    "cell {r},{c} is `{other}`: a board cell is `.` (default distance), a digit, `*` (whole diagonals) or `#` (not on the board)"
                                ),
                            ))
                        }
                    }
                }
            }
        }
        q.row_counts = match inst.section("rows") {
            Some(section) => read_counts(inst, section, rows, None)?,
            None => vec![None; rows],
        };
        q.col_counts = match inst.section("columns") {
            Some(section) => read_counts(inst, section, cols, None)?,
            None => vec![None; cols],
        };
        if let Some(section) = inst.section("regions") {
            for l in &section.body {
                let parts: Vec<&str> = l.text.split_whitespace().collect();
                if parts.len() < 3 {
                    return Err(inst.error(
                        l.number,
                        format!(
                            "a region is `NAME COUNT r,c r,c ...` (COUNT is `k` or `k-k+1`), found `{}`",
                            l.text
                        ),
                    ));
                }
                let name = parts[0].to_string();
                if q.regions.iter().any(|g| g.name == name) {
                    return Err(inst.error(l.number, format!("region `{name}` appears twice")));
                }
                let (count, soft) = parse_region_count(parts[1]).ok_or_else(|| {
                    inst.error(
                        l.number,
                        format!("region count `{}` must be `k` or `k-k+1` (e.g. `1` or `1-2`)", parts[1]),
                    )
                })?;
                let mut cells = Vec::new();
                for p in &parts[2..] {
                    let (r, c) = inst.coordinate(p, l.number, rows, cols)?;
                    let cell = r * cols + c;
                    if !q.on_board[cell] {
                        return Err(inst.error(l.number, format!("region `{name}`: cell {r},{c} is not on the board")));
                    }
                    if cells.contains(&cell) {
                        return Err(inst.error(l.number, format!("region `{name}` lists cell {r},{c} twice")));
                    }
                    cells.push(cell);
                }
                if count > cells.len() {
                    return Err(inst.error(
                        l.number,
                        format!("region `{name}` needs {count} queens in {} cells", cells.len()),
                    ));
                }
                q.regions.push(Region {
                    name,
                    cells,
                    count,
                    soft,
                });
            }
        }
        for (what, counts, len) in [("row", &q.row_counts, cols), ("column", &q.col_counts, rows)] {
            for (i, c) in counts.iter().enumerate() {
                if let Some(k) = c {
                    if *k > len {
                        let line = inst
                            .require_section(if what == "row" { "rows" } else { "columns" })?
                            .line;
                        return Err(inst.error(line, format!("{what} {i} needs {k} queens in {len} cells")));
                    }
                }
            }
        }
        q.finish_layout();
        q.read_givens(inst)?;
        q.read_solution(inst)?;
        Ok(q)
    }

    /// Regions from a `[regions]` letter grid (`.` means no region when `dots` is allowed).
    fn read_letter_regions(&mut self, inst: &InstanceText, count: usize, soft: bool, dots: bool) -> Result<()> {
        let (rows, cols) = (self.rows, self.cols);
        let grid = inst.grid("regions", rows, cols)?;
        let mut letters = vec!['.'; rows * cols];
        let mut order: Vec<char> = Vec::new();
        for (r, (line, chars)) in grid.iter().enumerate() {
            for (c, &ch) in chars.iter().enumerate() {
                if ch == '.' && dots {
                    continue;
                }
                if !ch.is_ascii_alphabetic() {
                    return Err(inst.error(
                        *line,
                        format!(
                            "cell {r},{c} is `{ch}`: a region is a letter{}",
                            if dots { " (or `.` for no region)" } else { "" }
                        ),
                    ));
                }
                letters[r * cols + c] = ch;
                if !order.contains(&ch) {
                    order.push(ch);
                }
            }
        }
        for &name in &order {
            self.regions.push(Region {
                name: name.to_string(),
                cells: (0..rows * cols).filter(|&v| letters[v] == name).collect(),
                count,
                soft,
            });
        }
        self.letters = Some(letters);
        Ok(())
    }

    /// An `n` x `n` board with `per_line` pieces in every row, column and `[regions]` letter
    /// region, as many regions as rows, and diagonal distance 1: LinkedIn Queens and Star
    /// Battle (`name`: the puzzle, as messages name it).
    fn lettered(kind: &'static str, n: usize, per_line: usize, inst: &InstanceText, name: &str) -> Result<Queens> {
        let mut q = Queens::blank(kind, n, n);
        q.row_counts = vec![Some(per_line); n];
        q.col_counts = vec![Some(per_line); n];
        q.distance = vec![1; n * n];
        q.read_letter_regions(inst, per_line, false, false)?;
        if q.regions.len() != n {
            let line = inst.require_section("regions")?.line;
            return Err(inst.error(
                line,
                format!(
                    "a {n}x{n} {name} board has {n} regions, this one has {}",
                    q.regions.len()
                ),
            ));
        }
        Ok(q)
    }

    /// `[givens]`: one `r,c` per line, on the board, no repeats.
    fn read_givens(&mut self, inst: &InstanceText) -> Result<()> {
        self.givens = self.cells.read_givens(inst, "given queen", "is not on the board")?;
        Ok(())
    }

    /// `[solution]`: the piece (`Q` or `*`), `.` empty, `#` blocked; it must pass the full check.
    fn read_solution(&mut self, inst: &InstanceText) -> Result<()> {
        if inst.section("solution").is_none() {
            return Ok(());
        }
        let sol = inst.grid("solution", self.rows, self.cols)?;
        for (r, (line, chars)) in sol.iter().enumerate() {
            for (c, &ch) in chars.iter().enumerate() {
                let want_blocked = !self.on_board[r * self.cols + c];
                let ok = if want_blocked {
                    ch == '#'
                } else {
                    ch == self.piece || ch == '.'
                };
                if !ok {
                    return Err(inst.error(
                        *line,
                        format!(
                            "solution cell {r},{c} is `{ch}`: expected {}",
                            if want_blocked {
                                "`#` (not on the board)"
                            } else {
                                if self.piece == 'Q' {
                                    "`Q` or `.`"
                                } else {
                                    "`*` or `.`"
                                }
                            }
                        ),
                    ));
                }
            }
        }
        self.solution = Some(inst.checked_solution(&sol, |b| self.check(b))?);
        Ok(())
    }

    /// One step from (r, c) by (dr, dc) under the topology, or None off the board's edge.
    fn step(&self, r: usize, c: usize, dr: isize, dc: isize) -> Option<(usize, usize)> {
        let wrap = |x: usize, d: isize, len: usize, glued: bool| -> Option<usize> {
            let y = x as isize + d;
            if (0..len as isize).contains(&y) {
                Some(y as usize)
            } else if glued {
                Some(y.rem_euclid(len as isize) as usize)
            } else {
                None
            }
        };
        let r2 = wrap(r, dr, self.rows, self.topology == Topology::Torus)?;
        let c2 = wrap(c, dc, self.cols, self.topology != Topology::Flat)?;
        Some((r2, c2))
    }

    /// Cells a piece on `cell` attacks along its diagonals (within its distance), and its
    /// orthogonal neighbours when pieces may not touch at all.
    pub fn attacked(&self, cell: usize) -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        if self.orthogonal_touch {
            for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if let Some((r, c)) = self.step(cell / self.cols, cell % self.cols, dr, dc) {
                    let other = r * self.cols + c;
                    if other != cell && self.on_board[other] {
                        out.insert(other);
                    }
                }
            }
        }
        let d = self.distance[cell];
        let limit = d.min(self.rows * self.cols);
        for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (mut r, mut c) = (cell / self.cols, cell % self.cols);
            for _ in 0..limit {
                match self.step(r, c, dr, dc) {
                    Some((r2, c2)) => {
                        (r, c) = (r2, c2);
                        let other = r * self.cols + c;
                        if other == cell {
                            break;
                        }
                        if self.on_board[other] {
                            out.insert(other);
                        }
                    }
                    None => break,
                }
            }
        }
        out
    }

    /// Unordered attacking pairs (a < b): a attacks b or b attacks a.
    pub fn attack_pairs(&self) -> BTreeSet<(usize, usize)> {
        self.cells.pairs(|cell| self.attacked(cell))
    }

    /// Queens of a board, row-major, or the reason it does not fit.
    fn queens_of(&self, board: &Board) -> std::result::Result<Vec<bool>, String> {
        self.cells
            .read_board(board, |r, c, cell, ch| match (self.on_board[cell], ch) {
                (true, ch) if ch == self.piece => Ok(true),
                (true, '.') | (false, '#') => Ok(false),
                (true, other) => Err(format!("cell {r},{c} holds `{other}`, not `{}` or `.`", self.piece)),
                (false, other) => Err(format!("cell {r},{c} is off the board but holds `{other}`")),
            })
    }
}

/// The side of a square board (`size: NxN`); `whom` names the board in the error (`a Queens`
/// board is square, not RxC).
fn square_side(inst: &InstanceText, whom: &str) -> Result<usize> {
    let (rows, cols) = inst.size(MAX_SIDE)?;
    let (_, size_line) = inst.require("size")?;
    if rows != cols {
        return Err(inst.error(size_line, format!("{whom} board is square, not {rows}x{cols}")));
    }
    Ok(rows)
}

/// `whole`/`*` or a number.
fn parse_distance(s: &str) -> Option<usize> {
    match s {
        "whole" | "*" => Some(WHOLE_DIAGONAL),
        _ => s.parse().ok(),
    }
}

/// `k` (exact) or `k-k+1` (soft).
fn parse_region_count(s: &str) -> Option<(usize, bool)> {
    match s.split_once('-') {
        None => s.parse().ok().map(|k| (k, false)),
        Some((a, b)) => {
            let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
            (b == a + 1).then_some((a, true))
        }
    }
}

impl Puzzle for Queens {
    fn kind(&self) -> &'static str {
        self.kind
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn model(&self) -> Model {
        let var = |cell: usize| self.cells.var(cell);
        let mut m = Model::new(self.cells.names());
        self.cells.push_line_counts(&mut m, &self.row_counts, &self.col_counts);
        for g in &self.regions {
            let vars = g.cells.iter().filter_map(|&cell| var(cell)).collect();
            m.push(
                Constraint::Count {
                    vars,
                    k: g.count,
                    soft: g.soft,
                },
                format!("region {}", g.name),
            );
        }
        let attack = if self.orthogonal_touch { "touching" } else { "diagonal" };
        self.cells
            .push_not_both(&mut m, &self.attack_pairs(), |a, b| format!("{attack} {a} {b}"));
        self.cells.push_givens(&mut m, &self.givens, "given queen");
        m
    }

    fn board(&self, x: &[bool]) -> Board {
        self.cells.board(x, '#', |_| self.piece)
    }

    fn assignment(&self, board: &Board) -> Option<Vec<bool>> {
        Some(self.cells.assignment(&self.queens_of(board).ok()?))
    }

    fn check(&self, board: &Board) -> Vec<Broken> {
        let x = match self.queens_of(board) {
            Ok(x) => x,
            Err(why) => return Broken::in_qubo(vec![why]),
        };
        let things = format!("{}s", self.piece_name);
        let mut rules = self
            .cells
            .line_count_breaks(&x, &self.row_counts, &self.col_counts, &things);
        for g in &self.regions {
            let n = g.cells.iter().filter(|&&cell| x[cell]).count();
            if n != g.count && !(g.soft && n == g.count + 1) {
                let want = if g.soft {
                    format!("{} or {}", g.count, g.count + 1)
                } else {
                    g.count.to_string()
                };
                rules.push(format!("region {} has {n} {}s, not {want}", g.name, self.piece_name));
            }
        }
        let how = if self.orthogonal_touch {
            "touch"
        } else {
            "attack each other diagonally"
        };
        for (a, b) in self.cells.both_set(&x, &self.attack_pairs()) {
            rules.push(format!("{}s on {a} and {b} {how}", self.piece_name));
        }
        rules.extend(self.cells.missing_givens(&x, &self.givens, "given queen"));
        Broken::in_qubo(rules)
    }

    fn solution(&self) -> Option<&Board> {
        self.solution.as_ref()
    }

    /// Region letters in lower case (`.` for none or no letters), the piece (the givens
    /// when no board is given), `#` for cells off the board.
    fn render(&self, board: Option<&Board>) -> String {
        let x = self.cells.shown(board.map(|b| self.queens_of(b)), &self.givens);
        super::grid::text(self.cells.spaced_rows(|cell| {
            if !self.on_board[cell] {
                '#'
            } else if x[cell] {
                self.piece
            } else {
                self.letters.as_ref().map_or('.', |l| l[cell].to_ascii_lowercase())
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn torus_diagonals_wrap() {
        let mut q = Queens::n_queens(5);
        q.topology = Topology::Torus;
        // On a 5x5 torus every diagonal has 5 cells: 2 diagonals x 4 others.
        assert_eq!(q.attacked(0).len(), 8);
        q.topology = Topology::Flat;
        assert_eq!(q.attacked(0).len(), 4);
        q.distance = vec![1; 25];
        assert_eq!(q.attacked(12).len(), 4);
    }

    #[test]
    fn region_counts_parse() {
        assert_eq!(parse_region_count("2"), Some((2, false)));
        assert_eq!(parse_region_count("1-2"), Some((1, true)));
        assert_eq!(parse_region_count("1-3"), None);
        assert_eq!(parse_distance("whole"), Some(WHOLE_DIAGONAL));
    }
}
