//! Boards of one digit (or colour) `1..=n` per cell, one-hot encoded: variable `cell·n + d − 1`
//! says that `cell` holds `d`. Sudoku and N-Queens² share the numbering, the board both ways,
//! reading the grid of givens and a board's cells, their givens and how a board is drawn.

use super::format::InstanceText;
use super::Board;
use crate::error::Result;
use crate::model::{Constraint, Model};

/// A digit character `1`..`n` as a number.
pub fn digit(ch: char, n: usize) -> Option<u8> {
    let d = ch.to_digit(10)? as usize;
    (1..=n).contains(&d).then_some(d as u8)
}

/// The cells of the `n`x`n` section `[grid]`, row-major: a digit or `.` (None). Any other
/// character is refused: `cell r,c is `ch`: a grid cell is a <what> 1-n or `.``.
pub fn read_grid(inst: &InstanceText, n: usize, what: &str) -> Result<Vec<Option<u8>>> {
    let mut cells = vec![None; n * n];
    for (r, (line, chars)) in inst.grid("grid", n, n)?.iter().enumerate() {
        for (c, &ch) in chars.iter().enumerate() {
            if ch != '.' {
                let Some(d) = digit(ch, n) else {
                    return Err(inst.error(
                        *line,
                        format!("cell {r},{c} is `{ch}`: a grid cell is a {what} 1-{n} or `.`"),
                    ));
                };
                cells[r * n + c] = Some(d);
            }
        }
    }
    Ok(cells)
}

/// A board's digits, row-major (0 where a cell holds none), and what is wrong with its cells, in
/// reading order: `cell r,c holds no <one>` (`.`), `cell r,c holds several <many>` (`?`),
/// `cell r,c holds `ch`, not a <what> 1-n`. A board that is not `n`x`n` has no digits, only
/// `the board is not nxn`.
pub fn read_board(n: usize, board: &Board, one: &str, many: &str, what: &str) -> (Option<Vec<u8>>, Vec<String>) {
    if board.len() != n || board.iter().any(|r| r.chars().count() != n) {
        return (None, vec![format!("the board is not {n}x{n}")]);
    }
    let mut digits = vec![0u8; n * n];
    let mut wrong = Vec::new();
    for (r, row) in board.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match digit(ch, n) {
                Some(d) => digits[r * n + c] = d,
                None if ch == '.' => wrong.push(format!("cell {r},{c} holds no {one}")),
                None if ch == '?' => wrong.push(format!("cell {r},{c} holds several {many}")),
                None => wrong.push(format!("cell {r},{c} holds `{ch}`, not a {what} 1-{n}")),
            }
        }
    }
    (Some(digits), wrong)
}

/// The variable saying that `cell` holds digit `d` (1-based) on a board of `n` digits.
pub fn var(n: usize, cell: usize, d: u8) -> usize {
    cell * n + usize::from(d) - 1
}

/// The model's variables, `r<r>c<c>d<d>` in [`var`]'s order, and a `Count` per cell: `cell
/// r,c holds one <what>` (`digit`, `colour`).
pub fn model(n: usize, what: &str) -> Model {
    let mut names = Vec::with_capacity(n * n * n);
    for cell in 0..n * n {
        for d in 1..=n {
            names.push(format!("r{}c{}d{d}", cell / n, cell % n));
        }
    }
    let mut m = Model::new(names);
    for cell in 0..n * n {
        m.push(
            Constraint::Count {
                vars: (1..=n as u8).map(|d| var(n, cell, d)).collect(),
                k: 1,
                soft: false,
            },
            format!("cell {},{} holds one {what}", cell / n, cell % n),
        );
    }
    m
}

/// The `n`x`n` board of an assignment: a cell with no digit set is `.`, one with several `?`.
pub fn board(n: usize, x: &[bool]) -> Board {
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let set: Vec<u8> = (1..=n as u8).filter(|&d| x[var(n, r * n + c, d)]).collect();
                    match set.as_slice() {
                        [] => '.',
                        [d] => char::from(b'0' + d),
                        _ => '?',
                    }
                })
                .collect()
        })
        .collect()
}

/// The assignment of a digit per cell (0 for an empty cell, which sets no variable).
pub fn assignment(n: usize, digits: &[u8]) -> Vec<bool> {
    let mut x = vec![false; n * n * n];
    for (cell, &d) in digits.iter().enumerate() {
        if d > 0 {
            x[var(n, cell, d)] = true;
        }
    }
    x
}

/// A `Fixed` per given digit, labelled `<what> d at r,c` (`what`: `clue`, `given`).
pub fn push_givens(m: &mut Model, n: usize, givens: &[Option<u8>], what: &str) {
    for (cell, given) in givens.iter().enumerate() {
        if let Some(d) = *given {
            m.push(
                Constraint::Fixed(var(n, cell, d), true),
                format!("{what} {d} at {},{}", cell / n, cell % n),
            );
        }
    }
}

/// The givens a board's digits (row-major) do not keep: `<what> d at r,c is not kept`.
pub fn unkept(n: usize, givens: &[Option<u8>], digits: &[u8], what: &str) -> Vec<String> {
    givens
        .iter()
        .enumerate()
        .filter_map(|(cell, given)| {
            let d = (*given)?;
            (digits[cell] != d).then(|| format!("{what} {d} at {},{} is not kept", cell / n, cell % n))
        })
        .collect()
}

/// The characters to draw, row-major: the board's when it is `n`x`n`, else the givens (`.`
/// where there is none).
pub fn shown(n: usize, board: Option<&Board>, givens: &[Option<u8>]) -> Vec<char> {
    match board {
        Some(b) if b.len() == n && b.iter().all(|r| r.chars().count() == n) => {
            b.iter().flat_map(|r| r.chars()).collect()
        }
        _ => givens.iter().map(|g| g.map_or('.', |d| char::from(b'0' + d))).collect(),
    }
}
