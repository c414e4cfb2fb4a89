//! Block spaces of the one-hot encoding: which basis states a constraint-preserving circuit can
//! reach (see docs/ARCHITECTURE.md, "Spaces and mixers"). No simulation here: the blocks, their states,
//! the dimension of the space and what it would cost in memory.
//!
//! A *block* is an active exact count of the reduced model (`Count` with `soft == false`)
//! written over the free variables. Each original variable of the count is mapped through
//! [`Reduced::lits`]: a constant moves to the right-hand side, `Var { index, negated: false }`
//! adds `x_index`, `Var { index, negated: true }` adds `1 − x_index`. So a block is the linear
//! equation `Σ_i c_i · x_{q_i} = t` over its distinct free variables `q_0 < q_1 < …` (its
//! [`Block::qubits`]), with integer coefficients `c_i`: after `paper`, a Tango row holding both
//! cells of one `=` chain counts that variable twice (`c = 2`), and an `x` chain gives `+1` and
//! `−1` for the same variable (`c = 0`): that variable adds 1 whatever its value, so it leaves
//! the block (and the constant moves to the right-hand side).
//!
//! A block is *plain* when it is one count whose every coefficient is 1 (each variable appears
//! once, not negated): then it is a weight-`t` set over `m` qubits with `C(m, t)` states, and
//! the XY mixers apply. Otherwise it is *general*, and only the Grover mixer applies.
//!
//! **Joined blocks.** After `paper` a sign chain can merge cells of two rows into one variable,
//! so two counts of one family share a qubit. Such counts are joined into one block: its qubits
//! are the union of theirs and its states the assignments that meet every one of its counts
//! (a general block). So every family whose counts exist is a space, and no count is dropped.
//!
//! **State order.** A block's states are the assignments of its qubits meeting the count, as
//! masks over the block (bit i = qubit `qubits[i]`), in ascending order of the mask. For a plain
//! block these are its `t`-subsets in colex order. The space's basis is the mixed-radix vector
//! over the blocks (block 0 the fastest-varying digit), then the free qubits in no block, lowest
//! first, one binary digit each.
//!
//! **Families.** Counts are grouped by their labels: `row …` (rows), `column …` (cols),
//! `region …` and Sudoku `box …` (regions), Sudoku `cell …` (cells). The counts of a family
//! that share qubits (directly or through a chain) are joined, so its blocks are pairwise
//! disjoint. `auto` takes the family of smallest dimension (ties: rows, cols, regions, cells),
//! or `full` when there is none or `full` is smaller; for an XY mixer ([`Space::of_plain`]) only
//! families whose blocks are all plain are candidates.
//!
//! A count the reduction dropped as implied by the others (`paper` and up: "one region
//! fewer") is not active, so it is no block; its qubits stay binary.

use super::onehot::OneHot;
use super::Encoding;
use crate::error::{Error, Result, Unsupported};
use crate::model::{Constraint, Lit, Model, Reduced};
use crate::names::value_enum;
use crate::sim::{self, AMPLITUDE_BYTES, MAX_QUBITS};
use serde::Serialize;
use std::collections::BTreeMap;

/// Largest general block whose states [`Block::states`] lists (its 2^m masks are scanned).
pub const MAX_LISTED_BLOCK_QUBITS: usize = 30;

/// Most distinct vectors of partial sums the count of a joined block's states keeps at one
/// qubit, and most partial sums it updates in all (beyond either the block is too tangled to
/// count; `info` on a 64x64 board must still answer at once). 12x12 N-Queens under rows+cols
/// keeps at most C(12, 6)·2 vectors of 24 sums.
const MAX_SUM_VECTORS: usize = 1 << 16;
const MAX_SUM_WORK: usize = 1 << 26;

/// Joined blocks of more counts than this are labelled by their first and last count.
const MAX_LABELLED_COUNTS: usize = 6;

/// Most states [`Block::states`] lists for one block (a plain block of up to 63 qubits is
/// listed subset by subset).
pub const MAX_LISTED_STATES: u128 = 1 << 26;

pub use crate::names::SpaceChoice;

value_enum!(
    SpaceChoice,
    SpaceChoice::RowsCols => "Rows and columns together (one queen per row and column): the switch mixers run on its listed states by statevector; the grover mixer by statevector where its states can be listed (at most 2^26 states over at most 30 qubits) and fit, else from the cost histogram"
);

impl SpaceChoice {
    /// Every choice, in report order.
    pub const ALL: [SpaceChoice; 7] = [
        SpaceChoice::Full,
        SpaceChoice::Rows,
        SpaceChoice::Cols,
        SpaceChoice::Regions,
        SpaceChoice::Cells,
        SpaceChoice::Auto,
        SpaceChoice::RowsCols,
    ];

    /// The families, in `auto`'s tie order.
    pub const FAMILIES: [SpaceChoice; 4] = [
        SpaceChoice::Rows,
        SpaceChoice::Cols,
        SpaceChoice::Regions,
        SpaceChoice::Cells,
    ];

    /// The name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            SpaceChoice::Full => "full",
            SpaceChoice::Rows => "rows",
            SpaceChoice::Cols => "cols",
            SpaceChoice::Regions => "regions",
            SpaceChoice::Cells => "cells",
            SpaceChoice::Auto => "auto",
            SpaceChoice::RowsCols => "rows+cols",
        }
    }

    /// Whether a count of `family` belongs to this choice (`rows+cols`: rows and columns).
    fn holds(self, family: Option<SpaceChoice>) -> bool {
        match self {
            SpaceChoice::RowsCols => matches!(family, Some(SpaceChoice::Rows | SpaceChoice::Cols)),
            _ => family == Some(self),
        }
    }

    /// The family of a count labelled `label` (by its first word), if any.
    pub fn family_of_label(label: &str) -> Option<SpaceChoice> {
        match label.split_whitespace().next()? {
            "row" => Some(SpaceChoice::Rows),
            "column" => Some(SpaceChoice::Cols),
            "region" | "box" => Some(SpaceChoice::Regions),
            "cell" => Some(SpaceChoice::Cells),
            _ => None,
        }
    }
}

crate::checked::named_choice!(SpaceChoice, "space");

/// One exact count of a block, over the block's qubits.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BlockCount {
    /// The count's label in the model (`row 2`).
    pub label: String,
    /// Index of the count among the model's constraints.
    pub constraint: usize,
    /// The coefficient of each of the block's qubits (0 for a qubit the count does not hold).
    pub coefficients: Vec<i64>,
    /// The right-hand side: the model's k less the constant part.
    pub k: i64,
}

impl BlockCount {
    /// Its nonzero terms `(qubit, coefficient)` over its block's `qubits`.
    pub fn terms(&self, qubits: &[usize]) -> Vec<(usize, i64)> {
        qubits
            .iter()
            .zip(&self.coefficients)
            .filter(|&(_, &a)| a != 0)
            .map(|(&q, &a)| (q, a))
            .collect()
    }
}

/// One enforced block: the assignments of `qubits` that meet every count in `counts` (one
/// count, or several joined because they share qubits).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Block {
    /// The count's label in the model (`row 2`); joined counts: their labels joined by ` + `.
    pub label: String,
    /// The family its labels put it in (`None` for a count of no family).
    pub family: Option<SpaceChoice>,
    /// Its distinct free variables (qubits), ascending.
    pub qubits: Vec<usize>,
    /// Its counts, in model order: `Σ_i coefficients[i] · x_{qubits[i]} = k` each.
    pub counts: Vec<BlockCount>,
    /// Number of assignments of `qubits` meeting every count.
    pub num_states: u128,
    /// Whether it is a plain weight-k set (one count, every coefficient 1), so XY mixers apply;
    /// a general block takes only the Grover mixer.
    pub plain: bool,
}

impl Block {
    /// The block of count `constraint` of `model` under `reduced`; `None` for a soft count or
    /// another kind of constraint, or a count with no free variable.
    pub fn of(model: &Model, reduced: &Reduced, constraint: usize) -> Option<Block> {
        let labelled = &model.constraints[constraint];
        let Constraint::Count { vars, k, soft: false } = &labelled.constraint else {
            return None;
        };
        let mut rhs = *k as i64;
        let mut coef: BTreeMap<usize, i64> = BTreeMap::new();
        for &v in vars {
            match reduced.lits[v] {
                Lit::Const(b) => rhs -= i64::from(b),
                Lit::Var { index, negated } => {
                    let c = coef.entry(index).or_insert(0);
                    if negated {
                        rhs -= 1;
                        *c -= 1;
                    } else {
                        *c += 1;
                    }
                }
            }
        }
        // A variable counted once plain and once negated adds 1 whatever its value: it is not
        // constrained by the count, so it is not in the block.
        coef.retain(|_, c| *c != 0);
        let (qubits, coefficients): (Vec<usize>, Vec<i64>) = coef.into_iter().unzip();
        if qubits.is_empty() && rhs == 0 {
            // A count of constants only that is met: no block.
            return None;
        }
        let count = BlockCount {
            label: labelled.label.clone(),
            constraint,
            coefficients,
            k: rhs,
        };
        // A count of constants only that is never met is a block with no state. One count's
        // partial sums take at most m + 1 values, so it is always counted.
        Block::with_counts(qubits, vec![count])
    }

    /// The block of `counts` over `qubits` (ascending; each count's coefficients aligned with
    /// them): its label, family, plainness and number of states; `None` when the states are
    /// too tangled to count.
    fn with_counts(qubits: Vec<usize>, counts: Vec<BlockCount>) -> Option<Block> {
        let plain = !qubits.is_empty() && counts.len() == 1 && counts[0].coefficients.iter().all(|&c| c == 1);
        let num_states = if qubits.is_empty() {
            0
        } else {
            count_solutions(&counts)?
        };
        let label = if counts.len() > MAX_LABELLED_COUNTS {
            format!(
                "{} + … + {} ({} counts)",
                counts[0].label,
                counts[counts.len() - 1].label,
                counts.len()
            )
        } else {
            counts.iter().map(|c| c.label.as_str()).collect::<Vec<_>>().join(" + ")
        };
        let family = counts.first().and_then(|c| SpaceChoice::family_of_label(&c.label));
        Some(Block {
            label,
            family,
            qubits,
            counts,
            num_states,
            plain,
        })
    }

    /// One block of `blocks` (disjoint or not): the union of their qubits under all their
    /// counts; `None` when its states are too tangled to count.
    fn join(blocks: &[&Block]) -> Option<Block> {
        let qubits: Vec<usize> = blocks
            .iter()
            .flat_map(|b| b.qubits.iter().copied())
            .collect::<std::collections::BTreeSet<usize>>()
            .into_iter()
            .collect();
        let mut counts: Vec<BlockCount> = blocks
            .iter()
            .flat_map(|b| {
                b.counts.iter().map(|c| {
                    let mut coefficients = vec![0; qubits.len()];
                    for (&q, &a) in b.qubits.iter().zip(&c.coefficients) {
                        coefficients[qubits.binary_search(&q).expect("a member's qubit")] = a;
                    }
                    BlockCount {
                        label: c.label.clone(),
                        constraint: c.constraint,
                        coefficients,
                        k: c.k,
                    }
                })
            })
            .collect();
        counts.sort_by_key(|c| c.constraint);
        Block::with_counts(qubits, counts)
    }

    /// The constraints the block enforces, in model order.
    pub fn constraints(&self) -> impl Iterator<Item = usize> + '_ {
        self.counts.iter().map(|c| c.constraint)
    }

    /// Whether [`Block::states`] lists its states (a statevector over it can be built).
    pub fn listable(&self) -> bool {
        self.num_states <= MAX_LISTED_STATES && (self.plain || self.len() <= MAX_LISTED_BLOCK_QUBITS)
    }

    /// The weight of a plain block (its one count's right-hand side); `None` for a general one.
    pub fn weight(&self) -> Option<usize> {
        self.plain.then(|| self.counts[0].k as usize)
    }

    /// Number of qubits.
    pub fn len(&self) -> usize {
        self.qubits.len()
    }

    /// Whether it has no qubit (only a count of constants that cannot be met).
    pub fn is_empty(&self) -> bool {
        self.qubits.is_empty()
    }

    /// Whether the block-local mask (bit i = `qubits[i]`) meets the count.
    pub fn meets_local(&self, mask: u64) -> bool {
        self.counts.iter().all(|c| {
            let s: i64 = c
                .coefficients
                .iter()
                .enumerate()
                .filter(|&(i, _)| (mask >> i) & 1 == 1)
                .map(|(_, &a)| a)
                .sum();
            s == c.k
        })
    }

    /// Whether the full basis index `state` (bit q = qubit q) meets the count.
    pub fn meets(&self, state: u64) -> bool {
        self.meets_local(self.local_mask(state))
    }

    /// The block-local mask of a full basis index.
    pub fn local_mask(&self, state: u64) -> u64 {
        self.qubits
            .iter()
            .enumerate()
            .map(|(i, &q)| ((state >> q) & 1) << i)
            .sum()
    }

    /// The basis bits (bit q = qubit q) of a block-local mask.
    pub fn embed(&self, mask: u64) -> u64 {
        self.qubits
            .iter()
            .enumerate()
            .map(|(i, &q)| ((mask >> i) & 1) << q)
            .sum()
    }

    /// The block's states as local masks, ascending (colex order of the k-subsets for a plain
    /// block). Refused beyond [`MAX_LISTED_STATES`] states, and for a general block beyond
    /// [`MAX_LISTED_BLOCK_QUBITS`] qubits.
    pub fn states(&self) -> Result<Vec<u64>> {
        let m = self.len();
        if let (Some(w), true) = (self.weight(), m < 64 && self.num_states <= MAX_LISTED_STATES) {
            return Ok(colex_subsets(m, w as i64));
        }
        if m > MAX_LISTED_BLOCK_QUBITS || self.num_states > MAX_LISTED_STATES {
            return Err(Unsupported::BlockNotListed {
                block: self.label.clone(),
                qubits: m,
                states: self.num_states,
                max_states: MAX_LISTED_STATES,
                max_qubits: MAX_LISTED_BLOCK_QUBITS,
            }
            .into());
        }
        Ok(self.search_states())
    }

    /// Every local mask meeting the counts, ascending, by a depth-first search from the top bit
    /// (0 before 1, so the masks come out in order) that leaves a branch as soon as one count's
    /// rest can no longer reach its target: its time follows the states, not the 2^m masks.
    fn search_states(&self) -> Vec<u64> {
        let m = self.len();
        // reach[c][i]: the least and the most count c's bits 0..i can still add.
        let reach: Vec<Vec<(i64, i64)>> = self
            .counts
            .iter()
            .map(|c| {
                let mut r = vec![(0, 0); m + 1];
                for i in 0..m {
                    let a = c.coefficients[i];
                    r[i + 1] = (r[i].0 + a.min(0), r[i].1 + a.max(0));
                }
                r
            })
            .collect();
        let mut out = Vec::new();
        let mut sums = vec![0i64; self.counts.len()];
        self.search_from(m, 0, &mut sums, &reach, &mut out);
        out
    }

    /// Bits `left..` are set in `mask` (their sums in `sums`); decides bit `left − 1`.
    fn search_from(&self, left: usize, mask: u64, sums: &mut [i64], reach: &[Vec<(i64, i64)>], out: &mut Vec<u64>) {
        let open = self
            .counts
            .iter()
            .zip(sums.iter())
            .zip(reach)
            .all(|((c, &s), r)| (r[left].0..=r[left].1).contains(&(c.k - s)));
        if !open {
            return;
        }
        if left == 0 {
            out.push(mask);
            return;
        }
        let bit = left - 1;
        self.search_from(bit, mask, sums, reach, out);
        for (s, c) in sums.iter_mut().zip(&self.counts) {
            *s += c.coefficients[bit];
        }
        self.search_from(bit, mask | 1 << bit, sums, reach, out);
        for (s, c) in sums.iter_mut().zip(&self.counts) {
            *s -= c.coefficients[bit];
        }
    }
}

/// A block of the `rows+cols` space read as a grid, the form the switch mixers need: every
/// qubit is the cell of exactly one row count and exactly one column count, each with
/// coefficient 1, so a state is a 0/1 table with fixed row and column sums. A cell the
/// reduction fixed has no qubit (its constant is already in the totals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Each row count's total, in model order.
    pub row_totals: Vec<usize>,
    /// Each column count's total, in model order.
    pub col_totals: Vec<usize>,
    /// `cells[r][c]`: the qubit of row count r and column count c, if there is one.
    pub cells: Vec<Vec<Option<usize>>>,
}

impl Grid {
    /// The number of its tables (every row and column at its total) with the cells of `fixed`
    /// (row, column, value) set, counted as a block's states are; `None` where a fixed cell is
    /// not a qubit or the count is too tangled to run.
    pub fn tables_with(&self, fixed: &[(usize, usize, bool)]) -> Option<u128> {
        let mut free = Vec::new();
        for (r, row) in self.cells.iter().enumerate() {
            for (c, q) in row.iter().enumerate() {
                if q.is_some() && !fixed.iter().any(|&(fr, fc, _)| (fr, fc) == (r, c)) {
                    free.push((r, c));
                }
            }
        }
        if fixed
            .iter()
            .any(|&(r, c, _)| self.cells.get(r).and_then(|row| *row.get(c)?).is_none())
        {
            return None;
        }
        let ones = |on: &dyn Fn(usize, usize) -> bool| fixed.iter().filter(|&&(r, c, v)| v && on(r, c)).count() as i64;
        let line = |label: String, total: usize, on: &dyn Fn(usize, usize) -> bool| BlockCount {
            label,
            constraint: 0,
            coefficients: free.iter().map(|&(r, c)| i64::from(on(r, c))).collect(),
            k: total as i64 - ones(on),
        };
        let mut counts: Vec<BlockCount> = Vec::new();
        for (i, &t) in self.row_totals.iter().enumerate() {
            counts.push(line(format!("row {i}"), t, &|r, _| r == i));
        }
        for (j, &t) in self.col_totals.iter().enumerate() {
            counts.push(line(format!("column {j}"), t, &|_, c| c == j));
        }
        if counts.iter().any(|c| c.k < 0) {
            return Some(0);
        }
        count_solutions(&counts)
    }
}

impl Block {
    /// The block as a [`Grid`], or why it is not one (a count of another family, a
    /// coefficient other than 0 and 1, a negative total, a qubit not in exactly one row and one
    /// column).
    pub fn grid(&self) -> std::result::Result<Grid, String> {
        let (mut rows, mut cols) = (Vec::new(), Vec::new());
        for c in &self.counts {
            let list = match SpaceChoice::family_of_label(&c.label) {
                Some(SpaceChoice::Rows) => &mut rows,
                Some(SpaceChoice::Cols) => &mut cols,
                _ => return Err(format!("`{}` is neither a row nor a column count", c.label)),
            };
            if c.k < 0 || c.coefficients.iter().any(|&a| a != 0 && a != 1) {
                return Err(format!(
                    "`{}` counts with coefficients {:?} to {}, not a plain count",
                    c.label, c.coefficients, c.k
                ));
            }
            list.push(c);
        }
        let m = self.len();
        let owner = |list: &[&BlockCount], i: usize| -> std::result::Result<usize, String> {
            let held: Vec<usize> = (0..list.len()).filter(|&r| list[r].coefficients[i] == 1).collect();
            match held.as_slice() {
                [r] => Ok(*r),
                _ => Err(format!(
                    "qubit {} is in {} row counts and {} column counts, not one of each",
                    self.qubits[i],
                    (0..rows.len()).filter(|&r| rows[r].coefficients[i] == 1).count(),
                    (0..cols.len()).filter(|&c| cols[c].coefficients[i] == 1).count()
                )),
            }
        };
        let mut cells = vec![vec![None; cols.len()]; rows.len()];
        for i in 0..m {
            let (r, c) = (owner(&rows, i)?, owner(&cols, i)?);
            cells[r][c] = Some(self.qubits[i]);
        }
        Ok(Grid {
            row_totals: rows.iter().map(|c| c.k as usize).collect(),
            col_totals: cols.iter().map(|c| c.k as usize).collect(),
            cells,
        })
    }
}

/// The `k`-subsets of `m` elements as masks in colex (= ascending) order (Gosper's hack).
pub(crate) fn colex_subsets(m: usize, k: i64) -> Vec<u64> {
    if k < 0 || k as usize > m {
        return Vec::new();
    }
    let k = k as usize;
    if k == 0 {
        return vec![0];
    }
    let mut out = Vec::new();
    let mut x: u64 = (1u64 << k) - 1;
    let end = 1u64 << m;
    while x < end {
        out.push(x);
        let c = x & x.wrapping_neg();
        let r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
    }
    out
}

/// Number of 0/1 vectors `x` meeting every count `Σ_i c_i x_i = k` (a subset-sum count over
/// the vector of partial sums; a partial sum that can no longer reach its `k` is dropped;
/// saturates at `u128::MAX`); `None` when more than [`MAX_SUM_VECTORS`] vectors are live or
/// the work passes [`MAX_SUM_WORK`].
fn count_solutions(counts: &[BlockCount]) -> Option<u128> {
    let m = counts.first().map_or(0, |c| c.coefficients.len());
    // What the qubits after i can still add to each count, at least and at most.
    let mut reach = vec![vec![(0i64, 0i64); counts.len()]; m + 1];
    for i in (0..m).rev() {
        for (j, c) in counts.iter().enumerate() {
            let (lo, hi) = reach[i + 1][j];
            let a = c.coefficients[i];
            reach[i][j] = (lo + a.min(0), hi + a.max(0));
        }
    }
    let mut ways: BTreeMap<Vec<i64>, u128> = BTreeMap::from([(vec![0; counts.len()], 1)]);
    let mut work = 0usize;
    for i in 0..m {
        work += 2 * ways.len() * counts.len();
        if work > MAX_SUM_WORK {
            return None;
        }
        let mut next: BTreeMap<Vec<i64>, u128> = BTreeMap::new();
        for (sums, &w) in &ways {
            for bit in [0, 1] {
                let s: Vec<i64> = sums
                    .iter()
                    .zip(counts)
                    .map(|(&s, c)| s + bit * c.coefficients[i])
                    .collect();
                let reachable = s
                    .iter()
                    .zip(counts)
                    .zip(&reach[i + 1])
                    .all(|((&s, c), &(lo, hi))| s + lo <= c.k && c.k <= s + hi);
                if reachable {
                    let e = next.entry(s).or_insert(0);
                    *e = e.saturating_add(w);
                }
            }
        }
        if next.len() > MAX_SUM_VECTORS {
            return None;
        }
        ways = next;
    }
    let target: Vec<i64> = counts.iter().map(|c| c.k).collect();
    Some(ways.get(&target).copied().unwrap_or(0))
}

/// Every enforceable block of `model` under `reduced`: one per active exact count with a free
/// variable, in model order. A block no assignment meets is `Error::Unsatisfiable`.
pub fn enforceable_blocks(model: &Model, reduced: &Reduced) -> Result<Vec<Block>> {
    let mut out = Vec::new();
    for &i in &reduced.active {
        if let Some(b) = Block::of(model, reduced, i) {
            if b.num_states == 0 {
                return Err(Error::Unsatisfiable {
                    reason: format!(
                        "`{}` cannot be met after reduction (no assignment of its qubits {:?} gives the count)",
                        b.label, b.qubits
                    ),
                });
            }
            out.push(b);
        }
    }
    Ok(out)
}

/// The blocks of one family in a puzzle: none, or its counts with those that share qubits
/// joined.
#[derive(Clone, Debug, PartialEq)]
pub enum FamilyStatus {
    /// No active exact count carries the family's labels.
    Absent,
    /// Its blocks, pairwise disjoint; counts that share qubits are joined into one block.
    Usable(Vec<Block>),
    /// A joined block whose states are too tangled to count: its label and qubit count.
    TooLarge(String, usize),
}

/// The blocks of `family` among `blocks`: the family's counts, those that share a qubit
/// (directly or through others) joined into one block, in the order of their first count.
pub fn family_status(blocks: &[Block], family: SpaceChoice, num_free: usize) -> FamilyStatus {
    let members: Vec<&Block> = blocks.iter().filter(|b| family.holds(b.family)).collect();
    if members.is_empty() {
        return FamilyStatus::Absent;
    }
    // Union-find over the members, linked through the qubits they share.
    let mut parent: Vec<usize> = (0..members.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut owner: Vec<Option<usize>> = vec![None; num_free];
    for (j, b) in members.iter().enumerate() {
        for &q in &b.qubits {
            match owner[q] {
                Some(i) => {
                    let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
                    parent[ri.max(rj)] = ri.min(rj);
                }
                None => owner[q] = Some(j),
            }
        }
    }
    let mut groups: BTreeMap<usize, Vec<&Block>> = BTreeMap::new();
    for (j, &b) in members.iter().enumerate() {
        let r = root(&mut parent, j);
        groups.entry(r).or_default().push(b);
    }
    let mut out = Vec::new();
    for group in groups.into_values() {
        if group.len() == 1 {
            out.push(group[0].clone());
            continue;
        }
        match Block::join(&group) {
            Some(b) => out.push(b),
            None => {
                let qubits: std::collections::BTreeSet<usize> =
                    group.iter().flat_map(|b| b.qubits.iter().copied()).collect();
                let label = format!("{} + … + {}", group[0].label, group[group.len() - 1].label);
                return FamilyStatus::TooLarge(label, qubits.len());
            }
        }
    }
    FamilyStatus::Usable(out)
}

/// A block space: the enforced blocks, and the qubits in no block.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Space {
    /// The choice that built it (`auto` resolved to the family it took is in [`Space::resolved`]).
    pub choice: SpaceChoice,
    /// The family actually used (`full` or a family; never `auto`).
    pub resolved: SpaceChoice,
    /// The enforced blocks, pairwise disjoint, in model order.
    pub blocks: Vec<Block>,
    /// Qubits in no block, ascending (two states each).
    pub free: Vec<usize>,
    /// Product of the blocks' state counts times 2^free (a float: it may exceed any integer).
    pub dimension: f64,
    /// Qubits of the encoding.
    pub num_qubits: usize,
    /// Bytes per basis state of the cost diagonal.
    pub diagonal_bytes_per_state: usize,
    /// Where a switch mixer starts on it (the settings' choice, `auto` until
    /// `simulation::space_of` copies it): the simulator and the gate list read this one field,
    /// so they start alike. The other mixers ignore it. Reports take the start that ran from
    /// the provenance, not from here.
    #[serde(skip)]
    pub start: crate::mixer::StartChoice,
}

impl Space {
    /// The full space of `num_qubits` qubits.
    pub fn full(num_qubits: usize, diagonal_bytes_per_state: usize) -> Space {
        Space::from_blocks(
            SpaceChoice::Full,
            SpaceChoice::Full,
            Vec::new(),
            num_qubits,
            diagonal_bytes_per_state,
        )
    }

    fn from_blocks(
        choice: SpaceChoice,
        resolved: SpaceChoice,
        blocks: Vec<Block>,
        num_qubits: usize,
        diagonal_bytes_per_state: usize,
    ) -> Space {
        let mut in_block = vec![false; num_qubits];
        for b in &blocks {
            for &q in &b.qubits {
                in_block[q] = true;
            }
        }
        let free: Vec<usize> = (0..num_qubits).filter(|&q| !in_block[q]).collect();
        let dimension = blocks.iter().map(|b| b.num_states as f64).product::<f64>() * (free.len() as f64).exp2();
        Space {
            choice,
            resolved,
            blocks,
            free,
            dimension,
            num_qubits,
            diagonal_bytes_per_state,
            start: crate::mixer::StartChoice::Auto,
        }
    }

    /// The space `choice` of `model` under `reduced` (`plain_only`: `auto` considers only
    /// families of plain blocks). A family that is absent, or has a joined
    /// block too large to list, is `Error::Unsupported`; a block no assignment meets is
    /// `Error::Unsatisfiable`.
    pub fn build(
        model: &Model,
        reduced: &Reduced,
        choice: SpaceChoice,
        diagonal_bytes_per_state: usize,
        plain_only: bool,
    ) -> Result<Space> {
        let blocks = enforceable_blocks(model, reduced)?;
        let n = reduced.num_free;
        let make = |resolved: SpaceChoice, members: Vec<Block>| {
            Space::from_blocks(choice, resolved, members, n, diagonal_bytes_per_state)
        };
        match choice {
            SpaceChoice::Full => Ok(make(SpaceChoice::Full, Vec::new())),
            SpaceChoice::Auto => {
                let mut best = make(SpaceChoice::Full, Vec::new());
                // Rows and columns together are one joined (general) block: a candidate only
                // where general blocks are (the Grover mixer), after the single families, which
                // win a tie.
                let joined = (!plain_only).then_some(SpaceChoice::RowsCols);
                for family in SpaceChoice::FAMILIES.into_iter().chain(joined) {
                    if let FamilyStatus::Usable(members) = family_status(&blocks, family, n) {
                        if plain_only && !members.iter().all(|b| b.plain) {
                            continue;
                        }
                        let s = make(family, members);
                        if s.log2_dimension() < best.log2_dimension() - 1e-9 {
                            best = s;
                        }
                    }
                }
                Ok(best)
            }
            family => match family_status(&blocks, family, n) {
                FamilyStatus::Usable(members) => Ok(make(family, members)),
                FamilyStatus::Absent => Err(Unsupported::NoFamily { family }.into()),
                FamilyStatus::TooLarge(label, m) => Err(Unsupported::TangledFamily {
                    family,
                    label,
                    qubits: m,
                }
                .into()),
            },
        }
    }

    /// The space `choice` of a one-hot encoding (`auto`: the smallest family of any blocks,
    /// `rows+cols` included).
    pub fn of(enc: &OneHot, choice: SpaceChoice) -> Result<Space> {
        Space::build(&enc.model, &enc.reduced, choice, enc.diagonal_bytes_per_state(), false)
    }

    /// The same, with `auto` taking only families whose blocks are all plain (the spaces an XY
    /// mixer keeps). An explicit family is returned as it is, plain or not.
    pub fn of_plain(enc: &OneHot, choice: SpaceChoice) -> Result<Space> {
        Space::build(&enc.model, &enc.reduced, choice, enc.diagonal_bytes_per_state(), true)
    }

    /// Every space of `enc` that exists, in [`SpaceChoice::ALL`] order: `full`, each usable
    /// family, `auto`. Families that are absent or overlap are left out.
    pub fn available(enc: &OneHot) -> Result<Vec<Space>> {
        let mut spaces = Vec::new();
        for choice in SpaceChoice::ALL {
            if choice == SpaceChoice::Auto {
                continue;
            }
            match Space::of(enc, choice) {
                Err(Error::Unsupported(_)) => {}
                r => spaces.push(r?),
            }
        }
        // `auto` as `Space::of` picks it (full, then the families and rows+cols in this order,
        // a tie keeping the earlier), from the spaces just built rather than building them again.
        let mut auto = spaces[0].clone();
        for s in &spaces[1..] {
            if s.log2_dimension() < auto.log2_dimension() - 1e-9 {
                auto = s.clone();
            }
        }
        auto.choice = SpaceChoice::Auto;
        let at = spaces
            .iter()
            .position(|s| s.choice == SpaceChoice::RowsCols)
            .unwrap_or(spaces.len());
        spaces.insert(at, auto);
        Ok(spaces)
    }

    /// log2 of the dimension, summed block by block (exact where the dimension is not).
    pub fn log2_dimension(&self) -> f64 {
        self.blocks.iter().map(|b| (b.num_states as f64).log2()).sum::<f64>() + self.free.len() as f64
    }

    /// Bytes of a statevector over the space and its cost diagonal: `dimension · (16 +
    /// diagonal bytes per state)`, as a float.
    pub fn bytes(&self) -> f64 {
        self.dimension * (AMPLITUDE_BYTES as f64 + self.diagonal_bytes_per_state as f64)
    }

    /// Whether the state and diagonal fit in the memory available now (and the dimension in
    /// the simulator's index range, 2^40), as [`crate::sim::check_memory`] decides for the full
    /// space.
    pub fn fits(&self) -> bool {
        self.log2_dimension() <= MAX_QUBITS as f64 + 1e-9 && self.bytes() <= sim::available_memory() as f64
    }

    /// Whether every block's states can be listed, so a statevector over the space can be
    /// built (a `rows+cols` block of at most 2^26 states over at most 30 qubits is listed; a
    /// larger one is counted only).
    pub fn listable(&self) -> bool {
        self.blocks.iter().all(Block::listable)
    }

    /// Whether the basis index `state` of the full space (bit q = qubit q) lies in the space.
    pub fn contains(&self, state: u64) -> bool {
        self.blocks.iter().all(|b| b.meets(state))
    }

    /// The full-space basis index of space index `index` (mixed radix: block 0 fastest, then
    /// the free qubits lowest first), for at most 64 qubits and blocks whose states can be
    /// listed. `states` is [`Space::block_states`].
    pub fn embed(&self, states: &[Vec<u64>], mut index: u64) -> u64 {
        let mut out = 0u64;
        for (b, list) in self.blocks.iter().zip(states) {
            let radix = list.len() as u64;
            out |= b.embed(list[(index % radix) as usize]);
            index /= radix;
        }
        for &q in &self.free {
            out |= (index & 1) << q;
            index >>= 1;
        }
        out
    }

    /// The states of every block (see [`Block::states`]).
    pub fn block_states(&self) -> Result<Vec<Vec<u64>>> {
        self.blocks.iter().map(Block::states).collect()
    }
}
