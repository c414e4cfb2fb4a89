//! Random valid solutions, drawn by backtracking over shuffled choices with a bounded number
//! of nodes: stars, balanced binary boards, trees and tents, Sudoku grids.

use super::{neighbours4, neighbours8, MAX_NODES};
use crate::rng::SeededRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

/// S stars per row and column of an n x n board, no two touching (king moves): row by row
/// over shuffled column sets, bounded.
pub fn random_stars(n: usize, s: usize, rng: &mut SeededRng) -> Option<Vec<bool>> {
    fn combos(n: usize, s: usize, start: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == s {
            out.push(cur.clone());
            return;
        }
        for c in start..n {
            if cur.last().is_none_or(|&l| c >= l + 2) {
                cur.push(c);
                combos(n, s, c + 2, cur, out);
                cur.pop();
            }
        }
    }
    let mut all = Vec::new();
    combos(n, s, 0, &mut Vec::new(), &mut all);
    struct St<'a> {
        n: usize,
        s: usize,
        all: &'a [Vec<usize>],
        rows: Vec<Vec<usize>>,
        col: Vec<usize>,
        nodes: usize,
    }
    fn rec(st: &mut St<'_>, rng: &mut SeededRng) -> bool {
        let r = st.rows.len();
        if r == st.n {
            return st.col.iter().all(|&c| c == st.s);
        }
        st.nodes += 1;
        if st.nodes > MAX_NODES {
            return false;
        }
        let mut choices: Vec<&Vec<usize>> = st.all.iter().collect();
        choices.shuffle(rng);
        let left = st.n - r - 1;
        for combo in choices {
            if combo.iter().any(|&c| st.col[c] >= st.s) {
                continue;
            }
            if let Some(prev) = st.rows.last() {
                if combo.iter().any(|&c| prev.iter().any(|&p| c.abs_diff(p) <= 1)) {
                    continue;
                }
            }
            for &c in combo {
                st.col[c] += 1;
            }
            // A column gets at most one star every other row from here on.
            let feasible = st.col.iter().all(|&k| st.s - k <= left.div_ceil(2));
            if feasible {
                st.rows.push(combo.clone());
                if rec(st, rng) {
                    return true;
                }
                st.rows.pop();
            }
            for &c in combo {
                st.col[c] -= 1;
            }
            if st.nodes > MAX_NODES {
                return false;
            }
        }
        false
    }
    let mut st = St {
        n,
        s,
        all: &all,
        rows: Vec::new(),
        col: vec![0; n],
        nodes: 0,
    };
    if !rec(&mut st, rng) {
        return None;
    }
    let mut x = vec![false; n * n];
    for (r, cols) in st.rows.iter().enumerate() {
        for &c in cols {
            x[r * n + c] = true;
        }
    }
    Some(x)
}

/// Cells `0..len` filled in order, each with the first of its shuffled `values` that `fits`
/// the cells before it (`fits(filled, cell, v)`, `filled[i]` `None` from `cell` on),
/// backtracking; `None` when [`MAX_NODES`] cells are tried without a complete fill.
fn fill_cells<T: Copy>(
    len: usize,
    values: &[T],
    fits: impl Fn(&[Option<T>], usize, T) -> bool,
    rng: &mut SeededRng,
) -> Option<Vec<T>> {
    fn rec<T: Copy, F: Fn(&[Option<T>], usize, T) -> bool>(
        x: &mut [Option<T>],
        cell: usize,
        values: &[T],
        fits: &F,
        nodes: &mut usize,
        rng: &mut SeededRng,
    ) -> bool {
        if cell == x.len() {
            return true;
        }
        *nodes += 1;
        if *nodes > MAX_NODES {
            return false;
        }
        let mut vals = values.to_vec();
        vals.shuffle(rng);
        for v in vals {
            if fits(x, cell, v) {
                x[cell] = Some(v);
                if rec(x, cell + 1, values, fits, nodes, rng) {
                    return true;
                }
                x[cell] = None;
            }
        }
        false
    }
    let mut x = vec![None; len];
    let mut nodes = 0;
    if !rec(&mut x, 0, values, &fits, &mut nodes, rng) {
        return None;
    }
    x.into_iter().collect()
}

/// A random balanced binary board with no three alike in a line (and distinct rows and
/// columns when `distinct`), cell by cell over shuffled values, bounded.
pub(super) fn random_binary(n: usize, distinct: bool, rng: &mut SeededRng) -> Option<Vec<bool>> {
    let fits = |x: &[Option<bool>], cell: usize, v: bool| {
        let (r, c) = (cell / n, cell % n);
        let at = |r: usize, c: usize| x[r * n + c];
        let row_count = (0..c).filter(|&j| at(r, j) == Some(v)).count() + 1;
        let col_count = (0..r).filter(|&i| at(i, c) == Some(v)).count() + 1;
        if row_count > n / 2 || col_count > n / 2 {
            return false;
        }
        if c >= 2 && at(r, c - 1) == Some(v) && at(r, c - 2) == Some(v) {
            return false;
        }
        if r >= 2 && at(r - 1, c) == Some(v) && at(r - 2, c) == Some(v) {
            return false;
        }
        if distinct && c == n - 1 {
            let row = |i: usize| (0..n).map(move |j| if i == r && j == c { Some(v) } else { at(i, j) });
            if (0..r).any(|i| row(i).eq(row(r))) {
                return false;
            }
        }
        if distinct && r == n - 1 {
            let col = |j: usize| (0..n).map(move |i| if i == r && j == c { Some(v) } else { at(i, j) });
            if (0..c).any(|j| col(j).eq(col(c))) {
                return false;
            }
        }
        true
    };
    fill_cells(n * n, &[false, true], fits, rng)
}

/// Trees and tents: about one pair per five cells, each tent orthogonally next to its own
/// tree, no two tents touching (king moves).
pub(super) fn random_tents(n: usize, rng: &mut SeededRng) -> Option<(Vec<bool>, Vec<bool>)> {
    let target = (n * n).div_ceil(5);
    let mut trees = vec![false; n * n];
    let mut tents = vec![false; n * n];
    let mut placed = 0;
    for _ in 0..50 * target {
        if placed == target {
            break;
        }
        let t = rng.random_range(0..n * n);
        if trees[t] || tents[t] || neighbours8(n, t).iter().any(|&m| tents[m]) {
            continue;
        }
        let spots: Vec<usize> = neighbours4(n, t)
            .into_iter()
            .filter(|&m| !trees[m] && !tents[m])
            .collect();
        let Some(&tree) = spots.choose(rng) else { continue };
        tents[t] = true;
        trees[tree] = true;
        placed += 1;
    }
    (placed == target).then_some((trees, tents))
}

/// A random complete Sudoku grid with R x C boxes, cell by cell over shuffled digits.
pub(super) fn random_sudoku(box_rows: usize, box_cols: usize, rng: &mut SeededRng) -> Option<Vec<u8>> {
    let n = box_rows * box_cols;
    let digits: Vec<u8> = (1..=n as u8).collect();
    let fits = |g: &[Option<u8>], cell: usize, d: u8| {
        let (r, c) = (cell / n, cell % n);
        let (br, bc) = (box_rows, box_cols);
        let clash = (0..n).any(|j| g[r * n + j] == Some(d))
            || (0..n).any(|i| g[i * n + c] == Some(d))
            || (0..br).any(|i| (0..bc).any(|j| g[((r / br) * br + i) * n + (c / bc) * bc + j] == Some(d)));
        !clash
    };
    fill_cells(n * n, &digits, fits, rng)
}

#[cfg(test)]
mod tests {
    use super::super::regions::{connected_without, grow_regions};
    use super::*;

    #[test]
    fn random_solutions_follow_their_rules() {
        let mut rng = crate::rng::seeded(7);
        let x = random_stars(10, 2, &mut rng).unwrap();
        for i in 0..10 {
            assert_eq!((0..10).filter(|&j| x[i * 10 + j]).count(), 2);
            assert_eq!((0..10).filter(|&j| x[j * 10 + i]).count(), 2);
        }
        for c in 0..100 {
            assert!(!x[c] || neighbours8(10, c).iter().all(|&m| !x[m]));
        }
        let region = grow_regions(10, 2, &x, &mut rng).unwrap();
        for id in 0..10 {
            assert_eq!((0..100).filter(|&c| region[c] == id && x[c]).count(), 2);
            assert!(connected_without(10, &region, id, usize::MAX));
        }
        let g = random_sudoku(2, 2, &mut rng).unwrap();
        assert!(g.iter().all(|&d| (1..=4).contains(&d)));
        assert!(random_binary(6, true, &mut rng).is_some());
    }
}
