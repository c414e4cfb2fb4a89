//! Boards of one digit (or colour) `1..=n` per cell, one-hot encoded: variable `cell·n + d − 1`
//! says that `cell` holds `d`. Sudoku and N-Queens² share the numbering and the board both ways.

use super::Board;

/// The variable saying that `cell` holds digit `d` (1-based) on a board of `n` digits.
pub fn var(n: usize, cell: usize, d: u8) -> usize {
    cell * n + usize::from(d) - 1
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
