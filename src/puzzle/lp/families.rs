//! Families of an LP model's exact counts, from the constraint hypergraph alone (docs/lp.md,
//! "Spaces found automatically"): no names, no grid.
//!
//! An *assignment* is two families A and B of pairwise disjoint counts that cover the same
//! variables, each block of A meeting each block of B in at most one variable (a variable is
//! then a pair (A block, B block), as a queen is a row and a column). Its families are labelled
//! `row` and `column`, so `rows+cols` and the switch mixers apply, whatever other counts and
//! constraints lie beside them. Assignments are found by growing one from each crossing pair of
//! counts through a variable: every variable held by one side needs a block of the other side
//! through it, disjoint from that side's blocks and meeting each block of the first side at
//! most once; the first such variable (in the order the blocks were placed) is decided first,
//! with backtracking. The search is bounded by steps in proportion to the model's size, so
//! reading stays linear; an assignment it cannot finish in them is not found (the labels then
//! fall back as below).
//!
//! Where several blocks fit a variable, those shaped most like the side's first block (their
//! spread over the variable order) are tried first, then the nearest in the file: a Latin
//! square's rows of a digit and columns of a digit both fit beside its cells, and one side
//! should not mix them. Connected assignments on disjoint variables are joined, each side to
//! the side shaped like it (a Latin square's cells and rows of a digit: one per row).
//!
//! Where several assignments cover the most variables, the one of fewest blocks is taken
//! (a column is not replaced by pairs that tile it). Where three families cross pairwise (a
//! Latin square: Sudoku's cells, rows and columns of a digit), the structure alone does not
//! say which is which; the family whose blocks are each closest to a run of consecutive
//! variables is the `cell` (every writer puts one integer's one-hot digits together), and the
//! other two are the assignment. Otherwise the pair whose blocks come first in the file wins,
//! A being the family closer to runs of consecutive variables (rows of a row-major grid).
//!
//! The counts left are grouped greedily into families of pairwise disjoint counts (counts of
//! more variables first, then in file order), labelled `region`, then `cell` where no family has
//! it; the rest stay unlabelled. Without an assignment, the first two greedy families are
//! `region` and `cell`.

use std::collections::BTreeSet;

/// One exact count: (its index among the detected constraints, its variables, k).
pub(super) type Count = (usize, Vec<usize>, usize);

/// The families found.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Families {
    /// The label of each count (in the order given).
    pub(super) label: Vec<Option<&'static str>>,
    /// Each labelled family: its label and its counts (indices into the counts given).
    pub(super) families: Vec<(&'static str, Vec<usize>)>,
    /// The counts of the assignment's row and column families, if one was found.
    pub(super) assignment: Option<(Vec<usize>, Vec<usize>)>,
    /// Whether the `cell` family is the third of a Latin square (it crosses both).
    pub(super) latin: bool,
    /// Whether the search for assignments ran out of steps.
    pub(super) search_cut: bool,
}

/// Steps of the assignment search per variable occurrence in the counts (and a floor).
const STEPS_PER_TERM: usize = 64;
const MIN_STEPS: usize = 1 << 16;

/// The families of `counts` over `num_vars` variables (`pairs[i]`: count i is over two
/// variables in the file, as the puzzles' `x` signs are: no block of an assignment unless every
/// count is).
pub(super) fn families(counts: &[Count], num_vars: usize, pairs: &[bool]) -> Families {
    let terms: usize = counts.iter().map(|c| c.1.len()).sum();
    let mut search = Search::new(
        counts,
        num_vars,
        pairs,
        MIN_STEPS.max(STEPS_PER_TERM.saturating_mul(terms)),
    );
    let found = search.all();
    let mut out = Families {
        label: vec![None; counts.len()],
        search_cut: search.steps == 0,
        ..Families::default()
    };
    let mut taken = vec![false; counts.len()];
    let mut labels_left: Vec<&'static str> = vec!["region", "cell"];
    if let Some((a, b, cell)) = choose(counts, &found) {
        for (label, fam) in [("row", &a), ("column", &b)] {
            for &i in fam {
                out.label[i] = Some(label);
                taken[i] = true;
            }
            out.families.push((label, fam.clone()));
        }
        if let Some(c) = cell {
            for &i in &c {
                out.label[i] = Some("cell");
                taken[i] = true;
            }
            out.families.push(("cell", c));
            out.latin = true;
            labels_left.retain(|&l| l != "cell");
        }
        out.assignment = Some((a, b));
    }
    // The rest, greedily: counts of more variables first, then in file order.
    let mut left: Vec<usize> = (0..counts.len())
        .filter(|&i| !taken[i] && !counts[i].1.is_empty())
        .collect();
    left.sort_by_key(|&i| (std::cmp::Reverse(counts[i].1.len()), i));
    for label in labels_left {
        if left.is_empty() {
            break;
        }
        let mut used = vec![false; num_vars];
        let (mut group, mut rest) = (Vec::new(), Vec::new());
        for i in left {
            if counts[i].1.iter().all(|&v| !used[v]) {
                for &v in &counts[i].1 {
                    used[v] = true;
                }
                group.push(i);
            } else {
                rest.push(i);
            }
        }
        group.sort_unstable();
        for &i in &group {
            out.label[i] = Some(label);
        }
        out.families.push((label, group));
        left = rest;
    }
    out
}

/// Lines that say what was found: each family (its counts, their sizes and totals), whether
/// two cross as an assignment and over how many variables, and a search cut short.
pub(super) fn describe(found: &Families, counts: &[Count]) -> Vec<String> {
    let range = |mut xs: Vec<usize>| {
        xs.sort_unstable();
        match (xs.first(), xs.last()) {
            (Some(a), Some(b)) if a == b => format!("{a}"),
            (Some(a), Some(b)) => format!("{a}–{b}"),
            _ => "-".to_string(),
        }
    };
    let mut out: Vec<String> = found
        .families
        .iter()
        .filter(|(_, f)| !f.is_empty())
        .map(|(label, f)| {
            format!(
                "{label}: {} exact count{} of {} variables, k = {}",
                f.len(),
                if f.len() == 1 { "" } else { "s" },
                range(f.iter().map(|&i| counts[i].1.len()).collect()),
                range(f.iter().map(|&i| counts[i].2).collect())
            )
        })
        .collect();
    match &found.assignment {
        Some((a, _)) => {
            let vars: usize = a.iter().map(|&i| counts[i].1.len()).sum();
            out.push(format!(
                "row and column cross as an assignment: each row meets each column in at most one variable, and together they hold the same {vars} variables (rows+cols and the switch mixers apply)"
            ));
            if found.latin {
                out.push(
                    "cell, row and column cross pairwise (a Latin square): cell is the family whose counts lie closest to runs of consecutive variables".to_string(),
                );
            }
        }
        None => out.push("no two families cross as an assignment (no rows+cols space)".to_string()),
    }
    if found.search_cut {
        out.push("the search for assignments stopped at its step bound (in proportion to the model's size): an assignment it did not reach is not listed".to_string());
    }
    out
}

/// An assignment found: its two families (count indices, ascending), the smaller first.
type Pair = (Vec<usize>, Vec<usize>);

/// How far a block is from a run of consecutive variables: last − first + 1 − size.
fn block_spread(vars: &[usize]) -> usize {
    let (lo, hi) = (
        vars.iter().min().copied().unwrap_or(0),
        vars.iter().max().copied().unwrap_or(0),
    );
    hi + 1 - lo - vars.len().min(hi + 1 - lo)
}

/// A family's blocks' spreads summed ([`block_spread`]).
fn spread(counts: &[Count], fam: &[usize]) -> usize {
    fam.iter().map(|&i| block_spread(&counts[i].1)).sum()
}

/// A family's blocks' mean spread, rounded down.
fn mean_spread(counts: &[Count], fam: &[usize]) -> usize {
    spread(counts, fam) / fam.len().max(1)
}

/// The least distance in the file between a count of `x` and one of `y` (both ascending).
fn near(x: &[usize], y: &[usize]) -> usize {
    let (mut i, mut j, mut best) = (0, 0, usize::MAX);
    while i < x.len() && j < y.len() {
        best = best.min(x[i].abs_diff(y[j]));
        if x[i] < y[j] {
            i += 1;
        } else {
            j += 1;
        }
    }
    best
}

/// An assignment's row and column families, and the cell family of its Latin square.
type Chosen = (Vec<usize>, Vec<usize>, Option<Vec<usize>>);

/// The assignment to label, as (row family, column family, a third family crossing both where
/// they form a Latin square), or `None`.
fn choose(counts: &[Count], found: &[Pair]) -> Option<Chosen> {
    let cover = |p: &Pair| p.0.iter().map(|&i| counts[i].1.len()).sum::<usize>();
    let most = found.iter().map(cover).max()?;
    let mut best: Vec<&Pair> = found.iter().filter(|p| cover(p) == most).collect();
    let fewest = best.iter().map(|p| p.0.len() + p.1.len()).min()?;
    best.retain(|p| p.0.len() + p.1.len() == fewest);
    // A Latin square: three families, each pair of them an assignment.
    let fams: BTreeSet<Vec<usize>> = best.iter().flat_map(|p| [p.0.clone(), p.1.clone()]).collect();
    let pairs = best.clone();
    let crosses = |x: &Vec<usize>, y: &Vec<usize>| {
        pairs
            .iter()
            .any(|p| (&p.0 == x && &p.1 == y) || (&p.0 == y && &p.1 == x))
    };
    let mut cell: Option<Vec<usize>> = None;
    'outer: for (i, x) in fams.iter().enumerate() {
        for (j, y) in fams.iter().enumerate().skip(i + 1) {
            for z in fams.iter().skip(j + 1) {
                if crosses(x, y) && crosses(y, z) && crosses(x, z) {
                    let mut three = [x, y, z];
                    three.sort_by_key(|f| (spread(counts, f), f.first().copied()));
                    cell = Some(three[0].clone());
                    let (y, z) = (three[1].clone(), three[2].clone());
                    best.retain(|p| (p.0 == y && p.1 == z) || (p.0 == z && p.1 == y));
                    break 'outer;
                }
            }
        }
    }
    // A the family closer to runs of consecutive variables; then the pair whose blocks come
    // first in the file.
    let oriented = |p: &Pair| {
        if (spread(counts, &p.0), p.0.first()) <= (spread(counts, &p.1), p.1.first()) {
            (p.0.clone(), p.1.clone())
        } else {
            (p.1.clone(), p.0.clone())
        }
    };
    let (a, b) = best.iter().map(|p| oriented(p)).min_by_key(|(a, b)| {
        (
            a.first().copied().min(b.first().copied()),
            a.first().copied(),
            b.first().copied(),
        )
    })?;
    Some((a, b, cell))
}

/// The search for assignments: the counts through each variable, and what one growing
/// assignment holds.
struct Search<'a> {
    counts: &'a [Count],
    /// Counts through each variable that may be blocks (no pair of the file, unless every
    /// count is one), ascending.
    through: Vec<Vec<usize>>,
    /// Steps left (candidate blocks looked at).
    steps: usize,
    /// Per variable, its block on each side (`usize::MAX`: none).
    side: [Vec<usize>; 2],
    /// Per count, whether it is a block of the growing assignment.
    used: Vec<bool>,
    /// Each side's blocks, in the order placed.
    blocks: [Vec<usize>; 2],
    /// Per count, the call of [`Search::fits`] that last met it as a block of the other side.
    met: Vec<u64>,
    stamp: u64,
}

impl<'a> Search<'a> {
    fn new(counts: &'a [Count], num_vars: usize, pairs: &[bool], steps: usize) -> Search<'a> {
        let all_pairs = pairs.iter().all(|&p| p);
        let mut through = vec![Vec::new(); num_vars];
        for (i, c) in counts.iter().enumerate() {
            if !pairs[i] || all_pairs {
                for &v in &c.1 {
                    through[v].push(i);
                }
            }
        }
        Search {
            counts,
            through,
            steps,
            side: [vec![usize::MAX; num_vars], vec![usize::MAX; num_vars]],
            used: vec![false; counts.len()],
            blocks: [Vec::new(), Vec::new()],
            met: vec![0; counts.len()],
            stamp: 0,
        }
    }

    /// Every connected assignment: one grown from each crossing pair of counts that no
    /// assignment found holds on its two sides (a pair crosses at one variable, so each is
    /// tried once).
    fn components(&mut self) -> Vec<Pair> {
        let mut found: Vec<Pair> = Vec::new();
        let mut holds: Vec<Vec<usize>> = vec![Vec::new(); self.counts.len()];
        for v in 0..self.through.len() {
            let here = self.through[v].clone();
            for (x, &a) in here.iter().enumerate() {
                for &b in &here[x + 1..] {
                    if self.steps == 0 {
                        return found;
                    }
                    if holds[a].iter().any(|k| holds[b].contains(k)) || self.meet(a, b) != 1 {
                        continue;
                    }
                    if let Some(p) = self.grow(a, b) {
                        for &c in p.0.iter().chain(&p.1) {
                            holds[c].push(found.len());
                        }
                        found.push(p);
                    }
                }
            }
        }
        found
    }

    /// The assignments: each connected one found, with every other one on variables it does not
    /// hold joined to it (a Latin square's cells and rows of a digit are one connected
    /// assignment per row), each side of a joined one going with the side nearest it in the
    /// file. Started from the largest component not yet in a union, so linear in the unions.
    fn all(&mut self) -> Vec<Pair> {
        let comps = self.components();
        let vars_of =
            |p: &Pair| -> BTreeSet<usize> { p.0.iter().flat_map(|&i| self.counts[i].1.iter().copied()).collect() };
        let comp_vars: Vec<BTreeSet<usize>> = comps.iter().map(vars_of).collect();
        let mut order: Vec<usize> = (0..comps.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(comp_vars[i].len()), i));
        let mut joined = vec![false; comps.len()];
        let mut out: BTreeSet<Pair> = BTreeSet::new();
        for &i in &order {
            if joined[i] {
                continue;
            }
            joined[i] = true;
            let (mut a, mut b) = comps[i].clone();
            let mut vars = comp_vars[i].clone();
            let mut counts: BTreeSet<usize> = a.iter().chain(&b).copied().collect();
            for &j in &order {
                let (x, y) = &comps[j];
                if j == i || !comp_vars[j].is_disjoint(&vars) || x.iter().chain(y).any(|c| counts.contains(c)) {
                    continue;
                }
                joined[j] = true;
                // Each side with the one shaped like it (spread over the variable order), then
                // the one nearest it in the file.
                let fit = |p: &[usize], q: &[usize]| {
                    (
                        mean_spread(self.counts, p).abs_diff(mean_spread(self.counts, q)),
                        near(p, q),
                    )
                };
                let (kept, crossed) = (fit(x, &a), fit(y, &b));
                let (swapped, back) = (fit(y, &a), fit(x, &b));
                if (kept.0 + crossed.0, kept.1 + crossed.1) <= (swapped.0 + back.0, swapped.1 + back.1) {
                    a.extend(x);
                    b.extend(y);
                } else {
                    a.extend(y);
                    b.extend(x);
                }
                vars.extend(&comp_vars[j]);
                counts.extend(x.iter().chain(y));
            }
            a.sort_unstable();
            b.sort_unstable();
            out.insert(if b < a { (b, a) } else { (a, b) });
        }
        out.into_iter().collect()
    }

    /// Variables two counts share.
    fn meet(&self, a: usize, b: usize) -> usize {
        let set: BTreeSet<usize> = self.counts[a].1.iter().copied().collect();
        self.counts[b].1.iter().filter(|v| set.contains(v)).count()
    }

    /// The assignment with blocks `a` (side 0) and `b` (side 1), if one can be completed.
    fn grow(&mut self, a: usize, b: usize) -> Option<Pair> {
        self.place(a, 0);
        self.place(b, 1);
        let done = self.complete();
        let out = done.then(|| {
            let mut p = (self.blocks[0].clone(), self.blocks[1].clone());
            p.0.sort_unstable();
            p.1.sort_unstable();
            if p.1 < p.0 {
                std::mem::swap(&mut p.0, &mut p.1);
            }
            p
        });
        while let Some(c) = self.blocks[1].pop() {
            self.unplace(c, 1);
        }
        while let Some(c) = self.blocks[0].pop() {
            self.unplace(c, 0);
        }
        out
    }

    fn place(&mut self, c: usize, s: usize) {
        for &v in &self.counts[c].1 {
            self.side[s][v] = c;
        }
        self.used[c] = true;
        self.blocks[s].push(c);
    }

    fn unplace(&mut self, c: usize, s: usize) {
        for &v in &self.counts[c].1 {
            self.side[s][v] = usize::MAX;
        }
        self.used[c] = false;
    }

    /// Whether count `c` can be a block of side `s`: unused, disjoint from that side's blocks,
    /// and meeting each block of the other side at most once.
    fn fits(&mut self, c: usize, s: usize) -> bool {
        self.steps = self.steps.saturating_sub(1);
        if self.used[c] {
            return false;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        for &v in &self.counts[c].1 {
            if self.side[s][v] != usize::MAX {
                return false;
            }
            let other = self.side[1 - s][v];
            if other != usize::MAX {
                if self.met[other] == stamp {
                    return false;
                }
                self.met[other] = stamp;
            }
        }
        true
    }

    /// The next variable held by one side only, from the blocks at `cursor` on (each side's
    /// blocks before its cursor are held by both): (the side it lacks, the variable).
    fn pending(&self, cursor: &mut [usize; 2]) -> Option<(usize, usize)> {
        for (s, at) in cursor.iter_mut().enumerate() {
            while *at < self.blocks[s].len() {
                let c = self.blocks[s][*at];
                if let Some(&v) = self.counts[c].1.iter().find(|&&v| self.side[1 - s][v] == usize::MAX) {
                    return Some((1 - s, v));
                }
                *at += 1;
            }
        }
        None
    }

    /// Completes the growing assignment by backtracking (an explicit stack: an assignment may
    /// have tens of thousands of blocks): true with every variable held by both sides, the
    /// blocks then placed; false where none completes it or the steps ran out.
    fn complete(&mut self) -> bool {
        struct Frame {
            side: usize,
            options: Vec<usize>,
            next: usize,
            cursor: [usize; 2],
        }
        let mut stack: Vec<Frame> = Vec::new();
        let mut cursor = [0, 0];
        loop {
            if self.steps == 0 {
                return false;
            }
            let Some((side, v)) = self.pending(&mut cursor) else {
                return true;
            };
            let mut options = Vec::new();
            for i in 0..self.through[v].len() {
                let c = self.through[v][i];
                if self.fits(c, side) {
                    options.push(c);
                }
            }
            // Those shaped most like the side's first block first (its spread over the variable
            // order), then nearest to it in the file: a side is not grown from two families
            // that both fit (a Latin square's rows and columns of a digit).
            let first = self.blocks[side][0];
            let shape = block_spread(&self.counts[first].1);
            options.sort_by_key(|&c| (block_spread(&self.counts[c].1).abs_diff(shape), c.abs_diff(first), c));
            stack.push(Frame {
                side,
                options,
                next: 0,
                cursor,
            });
            // The next option of the deepest frame that has one, undoing the ones tried.
            loop {
                let Some(top) = stack.last_mut() else {
                    return false;
                };
                if top.next > 0 {
                    let c = self.blocks[top.side].pop().expect("the option placed");
                    self.unplace(c, top.side);
                }
                if top.next < top.options.len() && self.steps > 0 {
                    let c = top.options[top.next];
                    top.next += 1;
                    cursor = top.cursor;
                    let side = top.side;
                    self.place(c, side);
                    break;
                }
                stack.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows, columns and regions of an n x n grid (row-major variables), each exactly one,
    /// in the order given by `order` (0 rows, 1 columns, 2 regions).
    fn grid(n: usize, regions: &[Vec<usize>], order: [usize; 3]) -> (Vec<Count>, [Vec<usize>; 3]) {
        let mut counts = Vec::new();
        let mut which: [Vec<usize>; 3] = Default::default();
        for f in order {
            let blocks: Vec<Vec<usize>> = match f {
                0 => (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect(),
                1 => (0..n).map(|c| (0..n).map(|r| r * n + c).collect()).collect(),
                _ => regions.to_vec(),
            };
            for b in blocks {
                which[f].push(counts.len());
                counts.push((counts.len(), b, 1));
            }
        }
        (counts, which)
    }

    /// Regions of a 5x5 board whose sizes differ (as a Queens board's do).
    fn regions5() -> Vec<Vec<usize>> {
        let owner = [
            0, 0, 0, 1, 1, //
            0, 2, 2, 1, 1, //
            0, 2, 3, 3, 1, //
            4, 4, 3, 3, 3, //
            4, 4, 4, 4, 3,
        ];
        (0..5).map(|g| (0..25).filter(|&v| owner[v] == g).collect()).collect()
    }

    #[test]
    fn rows_and_columns_are_found_whatever_order_and_families_beside() {
        for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0], [2, 1, 0]] {
            let (counts, which) = grid(5, &regions5(), order);
            let f = families(&counts, 25, &vec![false; counts.len()]);
            let (a, b) = f.assignment.clone().expect("an assignment");
            assert_eq!((a, b), (which[0].clone(), which[1].clone()), "order {order:?}");
            for &i in &which[2] {
                assert_eq!(f.label[i], Some("region"), "order {order:?}");
            }
        }
    }

    #[test]
    fn a_latin_square_keeps_its_consecutive_family_as_cells() {
        // 3x3 Latin square, x[r][c][d] at 9r + 3c + d: cells, row-digits, column-digits.
        let n = 3;
        let var = |r: usize, c: usize, d: usize| (r * n + c) * n + d;
        let mut counts: Vec<Count> = Vec::new();
        let mut fams: [Vec<usize>; 3] = Default::default();
        for r in 0..n {
            for c in 0..n {
                fams[0].push(counts.len());
                counts.push((counts.len(), (0..n).map(|d| var(r, c, d)).collect(), 1));
            }
        }
        for r in 0..n {
            for d in 0..n {
                fams[1].push(counts.len());
                counts.push((counts.len(), (0..n).map(|c| var(r, c, d)).collect(), 1));
            }
        }
        for c in 0..n {
            for d in 0..n {
                fams[2].push(counts.len());
                counts.push((counts.len(), (0..n).map(|r| var(r, c, d)).collect(), 1));
            }
        }
        let f = families(&counts, 27, &vec![false; counts.len()]);
        assert_eq!(f.assignment, Some((fams[1].clone(), fams[2].clone())));
        assert!(fams[0].iter().all(|&i| f.label[i] == Some("cell")));
    }

    #[test]
    fn no_assignment_leaves_regions() {
        // Two partitions of 6 variables that do not cross ({0,1,2},{3,4,5} and {0,1,3},{2,4,5}).
        let counts: Vec<Count> = vec![
            (0, vec![0, 1, 2], 1),
            (1, vec![3, 4, 5], 1),
            (2, vec![0, 1, 3], 1),
            (3, vec![2, 4, 5], 1),
        ];
        let f = families(&counts, 6, &[false; 4]);
        assert_eq!(f.assignment, None);
        assert_eq!(
            f.label,
            vec![Some("region"), Some("region"), Some("cell"), Some("cell")]
        );
    }

    #[test]
    fn an_assignment_beside_other_variables_is_found() {
        // A 3x3 assignment on variables 0..9 and a one-hot family of three on 9..12.
        let (mut counts, which) = grid(3, &[], [0, 1, 0]);
        counts.truncate(6);
        counts.push((6, vec![9, 10, 11], 1));
        let f = families(&counts, 12, &vec![false; counts.len()]);
        assert_eq!(f.assignment, Some((which[0][..3].to_vec(), which[1].clone())));
        assert_eq!(f.label[6], Some("region"));
    }

    #[test]
    fn the_search_is_bounded() {
        let (counts, _) = grid(5, &regions5(), [0, 1, 2]);
        let mut search = Search::new(&counts, 25, &vec![false; counts.len()], 3);
        assert!(search.all().is_empty());
        assert_eq!(search.steps, 0);
    }
}
