//! The chess-piece problems of the QUBO paper (Mata Ali & Mencía, §2.6).
//!
//! Every cell of a board of arbitrary shape may stay empty or hold one piece of its own type
//! (queen, rook, bishop, knight or king; the type varies from cell to cell); no piece may
//! threaten another. Threats are the fixed sets of cells a piece's moves reach (eq. 24); a
//! piece standing between two others never shields them, because it is then threatened
//! itself, so the fixed sets are exact on valid boards.
//!
//! - Coloured Chess Piece Problem (`puzzle: chess`): the board is split into coloured regions
//!   and each region holds exactly one piece (eq. 25: `Q_g + Q_t`, energy 0 on solutions).
//! - Max Chess Pieces Problem (`puzzle: maxchess`): place as many pieces as possible (eq. 27:
//!   `Q = −Σ x + λ Q_t`). The model carries the paper's energy divided by λ: an objective
//!   `−1/λ` per piece plus unit threat penalties, so a valid board with `n` pieces has energy
//!   `−n/λ`. With λ > 1 every board breaking `V` threats costs more than the valid board left
//!   after removing one piece per threat, so the ground states are exactly the maximum boards:
//!   success means reaching the true maximum (the minimum of the cost diagonal, or the exact
//!   branch-and-bound search).

use super::format::InstanceText;
use super::grid::CellVars;
use super::{Board, Broken, Puzzle};
use crate::error::Result;
use crate::model::{Constraint, Model};
use std::collections::BTreeSet;

/// Largest side accepted.
const MAX_SIDE: usize = 32;

/// A chess piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Rook and bishop lines.
    Queen,
    /// Rows and columns.
    Rook,
    /// Diagonals.
    Bishop,
    /// The eight L-shaped jumps.
    Knight,
    /// The eight neighbours.
    King,
}

impl Piece {
    fn from_char(c: char) -> Option<Piece> {
        match c {
            'Q' => Some(Piece::Queen),
            'R' => Some(Piece::Rook),
            'B' => Some(Piece::Bishop),
            'N' => Some(Piece::Knight),
            'K' => Some(Piece::King),
            _ => None,
        }
    }

    /// The letter of the piece (`Q`, `R`, `B`, `N`, `K`).
    pub fn letter(self) -> char {
        match self {
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Knight => 'N',
            Piece::King => 'K',
        }
    }

    /// (direction, sliding) pairs of its moves.
    fn moves(self) -> (Vec<(isize, isize)>, bool) {
        let straight = vec![(0, 1), (0, -1), (1, 0), (-1, 0)];
        let diagonal = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match self {
            Piece::Queen => ([straight, diagonal].concat(), true),
            Piece::Rook => (straight, true),
            Piece::Bishop => (diagonal, true),
            Piece::King => ([straight, diagonal].concat(), false),
            Piece::Knight => (
                vec![(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
                false,
            ),
        }
    }
}

/// A Coloured Chess Piece or Max Chess Pieces instance.
#[derive(Clone, Debug)]
pub struct Chess {
    /// True for the Max Chess Pieces Problem.
    pub maximise: bool,
    /// The paper's λ (max problem only).
    pub lambda: f64,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Piece type of each row-major cell (None: off the board).
    pub pieces: Vec<Option<Piece>>,
    /// Region letter of each cell (coloured problem only).
    pub regions: Option<Vec<char>>,
    /// Pre-placed pieces (row-major cells).
    pub givens: Vec<usize>,
    /// The stored solution.
    pub solution: Option<Board>,
    /// The model variables: one per cell on the board.
    cells: CellVars,
}

impl Chess {
    /// Parse and validate an instance (`puzzle: chess` or `puzzle: maxchess`).
    pub fn from_text(inst: &InstanceText) -> Result<Self> {
        let (kind, _) = inst.require("puzzle")?;
        let maximise = kind == "maxchess";
        inst.allow_sections(if maximise {
            &["pieces", "givens", "solution"]
        } else {
            &["pieces", "regions", "givens", "solution"]
        })?;
        let (rows, cols) = inst.size(MAX_SIDE)?;
        let lambda = match inst.get("lambda") {
            None => 2.0,
            Some((_, line)) if !maximise => {
                return Err(inst.error(line, "lambda belongs to the Max Chess Pieces Problem (puzzle: maxchess)"))
            }
            Some((value, line)) => match value.parse::<f64>() {
                Ok(l) if l > 1.0 && l.is_finite() => l,
                _ => {
                    return Err(inst.error(
                        line,
                        format!("lambda `{value}` must be a number above 1 (at 1 or below, breaking a threat for one more piece pays)"),
                    ))
                }
            },
        };
        let mut pieces = vec![None; rows * cols];
        for (r, (line, chars)) in inst.grid("pieces", rows, cols)?.iter().enumerate() {
            for (c, &ch) in chars.iter().enumerate() {
                pieces[r * cols + c] = match (ch, Piece::from_char(ch)) {
                    (_, Some(p)) => Some(p),
                    ('#', None) => None,
                    (other, None) => {
                        return Err(inst.error(
                            *line,
                            format!("cell {r},{c} is `{other}`: a piece is Q, R, B, N or K, `#` is off the board"),
                        ))
                    }
                };
            }
        }
        let regions = if maximise {
            None
        } else {
            let mut letters = vec!['#'; rows * cols];
            for (r, (line, chars)) in inst.grid("regions", rows, cols)?.iter().enumerate() {
                for (c, &ch) in chars.iter().enumerate() {
                    let on = pieces[r * cols + c].is_some();
                    if on != ch.is_ascii_alphabetic() || (!on && ch != '#') {
                        return Err(inst.error(
                            *line,
                            format!(
                                "region cell {r},{c} is `{ch}`: {}",
                                if on {
                                    "a cell on the board has a region letter"
                                } else {
                                    "off the board is `#`"
                                }
                            ),
                        ));
                    }
                    letters[r * cols + c] = ch;
                }
            }
            Some(letters)
        };
        let cells = CellVars::new(rows, cols, |cell| pieces[cell].is_some());
        let mut puzzle = Chess {
            maximise,
            lambda,
            rows,
            cols,
            pieces,
            regions,
            givens: Vec::new(),
            solution: None,
            cells,
        };
        puzzle.givens = puzzle.cells.read_givens(inst, "given piece", "is off the board")?;
        if inst.section("solution").is_some() {
            let sol = inst.grid("solution", rows, cols)?;
            let board: Board = sol.iter().map(|(_, c)| c.iter().collect()).collect();
            if let Err(why) = puzzle.placed(&board) {
                return Err(inst.error(inst.require_section("solution")?.line, why));
            }
            puzzle.solution = Some(inst.checked_solution(&sol, |b| puzzle.check(b))?);
        }
        Ok(puzzle)
    }

    /// Cells a piece on `cell` threatens (on the board, never `cell` itself).
    pub fn threatened(&self, cell: usize) -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        let Some(piece) = self.pieces[cell] else {
            return out;
        };
        let (dirs, sliding) = piece.moves();
        for (dr, dc) in dirs {
            let (mut r, mut c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
            loop {
                r += dr;
                c += dc;
                if !(0..self.rows as isize).contains(&r) || !(0..self.cols as isize).contains(&c) {
                    break;
                }
                let other = r as usize * self.cols + c as usize;
                if self.pieces[other].is_some() {
                    out.insert(other);
                }
                if !sliding {
                    break;
                }
            }
        }
        out
    }

    /// Unordered threatening pairs (a < b).
    fn threat_pairs(&self) -> BTreeSet<(usize, usize)> {
        self.cells.pairs(|cell| self.threatened(cell))
    }

    /// Placed pieces of a board, row-major, or the reason it does not fit.
    fn placed(&self, board: &Board) -> std::result::Result<Vec<bool>, String> {
        self.cells
            .read_board(board, |r, c, cell, ch| match (self.pieces[cell], ch) {
                (None, '#') | (Some(_), '.') => Ok(false),
                (Some(p), ch) if ch == p.letter() => Ok(true),
                (Some(p), other) => Err(format!(
                    "cell {r},{c} holds `{other}`: only `.` or its own piece `{}`",
                    p.letter()
                )),
                (None, other) => Err(format!("cell {r},{c} is off the board but holds `{other}`")),
            })
    }
}

impl Puzzle for Chess {
    fn kind(&self) -> &'static str {
        if self.maximise {
            "maxchess"
        } else {
            "chess"
        }
    }

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn model(&self) -> Model {
        let var = |cell: usize| self.cells.var(cell);
        let mut m = Model::new(self.cells.names());
        if let Some(letters) = &self.regions {
            let mut order: Vec<char> = Vec::new();
            for &cell in self.cells.cells() {
                if !order.contains(&letters[cell]) {
                    order.push(letters[cell]);
                }
            }
            for name in order {
                let vars = self
                    .cells
                    .cells()
                    .iter()
                    .filter(|&&cell| letters[cell] == name)
                    .filter_map(|&c| var(c));
                m.push(
                    Constraint::Count {
                        vars: vars.collect(),
                        k: 1,
                        soft: false,
                    },
                    format!("region {name}"),
                );
            }
        }
        self.cells
            .push_not_both(&mut m, &self.threat_pairs(), |a, b| format!("threat {a} {b}"));
        self.cells.push_givens(&mut m, &self.givens, "given piece");
        if self.maximise {
            m.objective = (0..self.cells.cells().len()).map(|v| (v, -1.0 / self.lambda)).collect();
        }
        m
    }

    fn board(&self, x: &[bool]) -> Board {
        // Every variable cell holds a piece type: the `#` fallback is never drawn.
        self.cells
            .board(x, '#', |cell| self.pieces[cell].map_or('#', Piece::letter))
    }

    fn assignment(&self, board: &Board) -> Option<Vec<bool>> {
        Some(self.cells.assignment(&self.placed(board).ok()?))
    }

    fn check(&self, board: &Board) -> Vec<Broken> {
        let x = match self.placed(board) {
            Ok(x) => x,
            Err(why) => return Broken::in_qubo(vec![why]),
        };
        let mut rules = Vec::new();
        if let Some(letters) = &self.regions {
            let mut seen: Vec<char> = Vec::new();
            for &cell in self.cells.cells() {
                let name = letters[cell];
                if seen.contains(&name) {
                    continue;
                }
                seen.push(name);
                let n = self
                    .cells
                    .cells()
                    .iter()
                    .filter(|&&c| letters[c] == name && x[c])
                    .count();
                if n != 1 {
                    rules.push(format!("region {name} has {n} pieces, not 1"));
                }
            }
        }
        for (a, b) in self.cells.both_set(&x, &self.threat_pairs()) {
            rules.push(format!("pieces on {a} and {b} threaten each other"));
        }
        rules.extend(self.cells.missing_givens(&x, &self.givens, "given piece"));
        Broken::in_qubo(rules)
    }

    fn solution(&self) -> Option<&Board> {
        self.solution.as_ref()
    }

    /// Placed pieces in upper case, the piece type of empty cells in lower case, `#` off the
    /// board; the region letters follow on the right for the coloured problem.
    fn render(&self, board: Option<&Board>) -> String {
        let x = self.cells.shown(board.map(|b| self.placed(b)), &self.givens);
        let rows = self.cells.spaced_rows(|cell| match self.pieces[cell] {
            None => '#',
            Some(p) if x[cell] => p.letter(),
            Some(p) => p.letter().to_ascii_lowercase(),
        });
        super::grid::text(rows.into_iter().enumerate().map(|(r, cells)| match &self.regions {
            Some(letters) => {
                let line: String = (0..self.cols).map(|c| letters[r * self.cols + c]).collect();
                format!("{cells}   {line}")
            }
            None => cells,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_and_king_moves() {
        let text = "puzzle: maxchess\nsize: 3x3\n\n[pieces]\nNNN\nNKN\nNNN\n";
        let inst = InstanceText::parse("t", text).unwrap();
        let p = Chess::from_text(&inst).unwrap();
        // The centre king touches all eight; a corner knight reaches two cells.
        assert_eq!(p.threatened(4).len(), 8);
        assert_eq!(p.threatened(0), BTreeSet::from([5, 7]));
    }
}
