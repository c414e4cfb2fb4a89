//! The cost histogram of a space, counted by enumeration without holding a statevector or a
//! diagonal (docs/ARCHITECTURE.md, "Spaces and mixers"): the input of the exact Grover-mixer simulation
//! from counts ([`HistogramSimulator`]).
//!
//! Which way a histogram is counted is [`cost_histogram_within`]'s choice: enumeration for
//! spaces up to [`ENUMERATED_FIRST`] states (milliseconds), else the frontier count of
//! [`super::counted`] (no enumeration: spaces of 2^40 states and more), else enumeration where
//! the frontier is too wide and the space has at most [`MAX_COUNTED_STATES`] states.
//!
//! The product cost ([`ProductCost`]) of the space is filled run by run, each run counted into
//! its classes and dropped, so memory stays at a few runs per thread; time is linear in the
//! dimension (about 2^28 states in seconds on two cores), so spaces up to
//! [`MAX_COUNTED_STATES`] are counted. The success-cost states (cost 0, or the least cost with
//! an objective) are rebuilt into boards and judged by the complete check.

use super::counted::push_verdict_classes;
use super::{space_digits, space_qubo, SpaceSettings};
use crate::budget::Budget;
use crate::cost::product::{Digit, ProductCost};
use crate::encoding::onehot::OneHot;
use crate::encoding::space::Space;
use crate::encoding::{Encoding, ENERGY_TOL};
use crate::error::{Error, Result, Unsupported};
use crate::mixer::MixerKind;
use crate::model::count;
use crate::puzzle::Verdict;
use crate::qaoa::subspace::assignment_of;
use crate::qaoa::{ClassKind, CostClass, CostHistogram, HistogramSimulator};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Most states [`cost_histogram`] enumerates (2^32: a few minutes on two cores).
pub const MAX_COUNTED_STATES: f64 = 4_294_967_296.0;

/// Spaces up to this many states are enumerated before the frontier count is tried.
pub const ENUMERATED_FIRST: f64 = 4_194_304.0;

/// How the cost histogram of a space is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HistogramMethod {
    /// Every state of the space visited.
    Enumeration,
    /// The frontier count over the constraint model (`model::count`).
    Frontier,
}

/// Whether the histogram of `space` is counted at all: by enumeration up to
/// [`MAX_COUNTED_STATES`], by the frontier count up to [`count::MAX_VARS`] qubits (which refuses,
/// naming its width, a frontier that does not fit in memory).
pub fn countable_space(space: &Space) -> bool {
    space.dimension <= MAX_COUNTED_STATES || space.num_qubits <= count::MAX_VARS
}

/// The way [`cost_histogram_within`] tries first on `space` (`None`: not counted).
pub fn first_method(space: &Space) -> Option<HistogramMethod> {
    if space.dimension <= ENUMERATED_FIRST {
        Some(HistogramMethod::Enumeration)
    } else if space.num_qubits <= count::MAX_VARS {
        Some(HistogramMethod::Frontier)
    } else if space.dimension <= MAX_COUNTED_STATES {
        Some(HistogramMethod::Enumeration)
    } else {
        None
    }
}

/// Most success-cost states judged one by one.
const MAX_JUDGED: usize = 1 << 22;

/// States one task fills and counts (whole rows).
const TASK_STATES: usize = 1 << 15;

/// Per distinct cost (its bits, `-0` as `+0`): the number of states and the first one.
type Counts = HashMap<u64, (u64, u64)>;

fn key(c: f64) -> u64 {
    (c + 0.0).to_bits()
}

/// The one-hot encoding of `enc`, when `space` is small enough to count its states.
fn countable<'a>(enc: &'a dyn Encoding, space: &Space) -> Result<&'a OneHot> {
    let onehot = enc.as_onehot().ok_or_else(|| {
        Error::from(Unsupported::NeedsOnehot {
            what: "the cost histogram is",
            encoding: enc.kind(),
        })
    })?;
    super::counted::strong_penalties(onehot)?;
    if space.dimension > MAX_COUNTED_STATES {
        return Err(Unsupported::TooManyToCount {
            file: enc.file().to_string(),
            space: space.resolved,
            log2_dimension: space.log2_dimension(),
        }
        .into());
    }
    Ok(onehot)
}

/// The histogram of `enc`'s cost over `space` (a one-hot encoding; the full space too): the
/// states counted per cost, those of the success cost split by the complete check.
pub fn cost_histogram(enc: &dyn Encoding, space: &Space) -> Result<CostHistogram> {
    cost_histogram_within(enc, space, &Budget::unlimited())
}

/// What counting the histogram of `space` is called in progress reports and budget errors.
fn counting_task(enc: &dyn Encoding, space: &Space) -> String {
    format!(
        "{}: counting the cost histogram of space {}",
        enc.file(),
        space.resolved
    )
}

/// `done` of `total` states, for progress reports and budget errors.
fn states_done(done: u64, total: f64) -> String {
    format!("{done} of {total} states counted")
}

/// [`cost_histogram`] reporting its progress to `budget`; `Error::OutOfTime` when the budget
/// runs out first. Counted by [`first_method`]'s way: enumeration of small spaces (the budget
/// checked between runs of 2^15 states), else the frontier count (checked at every variable),
/// falling back to enumeration where the frontier does not fit and the space is small enough.
pub fn cost_histogram_within(enc: &dyn Encoding, space: &Space, budget: &Budget<'_>) -> Result<CostHistogram> {
    match first_method(space) {
        Some(HistogramMethod::Frontier) => match super::counted::frontier_histogram_within(enc, space, budget) {
            // A frontier too wide for memory: a space small enough is enumerated instead.
            Err(Error::Unsupported(u))
                if space.dimension <= MAX_COUNTED_STATES
                    && matches!(
                        *u,
                        Unsupported::FrontierTooWide { .. }
                            | Unsupported::TooManyVariablesToCount { .. }
                            | Unsupported::NotCountable { .. }
                    ) =>
            {
                enumerated_histogram_within(enc, space, budget)
            }
            r => r,
        },
        _ => enumerated_histogram_within(enc, space, budget),
    }
}

/// The histogram of `space` by enumeration (the list of its states, or the search where its
/// blocks are counted, not listed), up to [`MAX_COUNTED_STATES`] states, within `budget`.
pub fn enumerated_histogram_within(enc: &dyn Encoding, space: &Space, budget: &Budget<'_>) -> Result<CostHistogram> {
    let onehot = countable(enc, space)?;
    if !space.listable() {
        return search_histogram_within(enc, space, budget);
    }
    let task = counting_task(enc, space);
    let passes = if onehot.model.has_objective() { 2.0 } else { 1.0 };
    let qubo = space_qubo(onehot, space);
    let digits = space_digits(space)?;
    let cost = ProductCost::new(&qubo, &digits);
    let len = cost.len();
    let row = cost.row_len();
    let rows_per_task = (TASK_STATES / row).max(1);
    let rows = len / row;
    let tasks = rows.div_ceil(rows_per_task);
    let has_objective = onehot.model.has_objective();
    let e = Enumeration {
        cost,
        budget,
        task,
        counted: AtomicU64::new(0),
        stopped: AtomicBool::new(false),
        passes,
        dimension: space.dimension,
        row,
        rows_per_task,
        rows,
        tasks,
    };
    let (counts, mut targets) = e.count_costs(has_objective);
    if e.stopped.load(Ordering::Relaxed) {
        return Err(e.out_of_time());
    }
    let mut levels: Vec<(f64, u64, u64)> = counts
        .into_iter()
        .map(|(k, (n, first))| (f64::from_bits(k), n, first))
        .collect();
    levels.sort_by(|a, b| a.0.total_cmp(&b.0));
    let target = if has_objective {
        levels.first().map_or(0.0, |l| l.0)
    } else {
        0.0
    };
    if has_objective {
        targets = e.states_at(target);
        if e.stopped.load(Ordering::Relaxed) {
            return Err(e.out_of_time());
        }
    }
    if targets.len() > MAX_JUDGED {
        return Err(Unsupported::TooManyToJudge {
            file: enc.file().to_string(),
            space: space.resolved,
            max: MAX_JUDGED,
        }
        .into());
    }
    targets.sort_unstable();
    let n = enc.num_qubits();
    let verdicts: Vec<(u64, Verdict)> = targets
        .par_iter()
        .map(|&k| {
            let bits = assignment_of(&digits, n, k);
            (k, Verdict::of(&enc.puzzle().check(&enc.board_of_bits(&bits))))
        })
        .collect();
    Ok(build_histogram(levels, target, &verdicts, &digits, n))
}

/// A listed space's costs enumerated in parallel tasks of `rows_per_task` whole rows (of
/// `row` states), within a budget that every task reads.
struct Enumeration<'a, 'b> {
    cost: ProductCost<'a>,
    budget: &'a Budget<'b>,
    task: String,
    /// States costed so far, over both passes.
    counted: AtomicU64,
    /// Whether a task found the budget spent (the rest are then passed over).
    stopped: AtomicBool,
    /// Passes over the space: 2 with an objective, whose optimum's states take a second.
    passes: f64,
    dimension: f64,
    row: usize,
    rows_per_task: usize,
    rows: usize,
    tasks: usize,
}

impl Enumeration<'_, '_> {
    /// Whether the budget lets a task run; reports progress by the way.
    fn go_on(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return false;
        }
        if self.budget.expired() {
            self.stopped.store(true, Ordering::Relaxed);
            return false;
        }
        self.budget.tick(
            &self.task,
            || Some(self.counted.load(Ordering::Relaxed) as f64 / (self.passes * self.dimension)),
            || states_done(self.counted.load(Ordering::Relaxed), self.passes * self.dimension),
        );
        true
    }

    /// The error of an enumeration stopped by its budget, with how far it got.
    fn out_of_time(&self) -> Error {
        let n = self.counted.load(Ordering::Relaxed);
        self.budget.out_of_time(
            &self.task,
            Some(n as f64 / (self.passes * self.dimension)),
            &states_done(n, self.passes * self.dimension),
        )
    }

    /// The first pass: the states of each cost (and the first of them), and without an
    /// objective the states of cost 0, the success cost (at most [`MAX_JUDGED`] + 1).
    fn count_costs(&self, has_objective: bool) -> (Counts, Vec<u64>) {
        let (row, rows_per_task, rows) = (self.row, self.rows_per_task, self.rows);
        let count_task = |t: usize| -> (Counts, Vec<u64>) {
            if !self.go_on() {
                return (Counts::new(), Vec::new());
            }
            let first_row = t * rows_per_task;
            let n_rows = rows_per_task.min(rows - first_row);
            self.counted.fetch_add((n_rows * row) as u64, Ordering::Relaxed);
            let mut out = vec![0.0; n_rows * row];
            self.cost.fill(first_row, &mut out);
            let base = (first_row * row) as u64;
            let mut counts = Counts::new();
            let mut zero = Vec::new();
            for (j, &c) in out.iter().enumerate() {
                let e = counts.entry(key(c)).or_insert((0, base + j as u64));
                e.0 += 1;
                if !has_objective && c.abs() <= ENERGY_TOL {
                    zero.push(base + j as u64);
                }
            }
            (counts, zero)
        };
        let merge = |mut a: (Counts, Vec<u64>), b: (Counts, Vec<u64>)| {
            for (k, (n, first)) in b.0 {
                let e = a.0.entry(k).or_insert((0, first));
                e.0 += n;
                e.1 = e.1.min(first);
            }
            a.1.extend(b.1);
            if a.1.len() > MAX_JUDGED {
                a.1.truncate(MAX_JUDGED + 1);
            }
            a
        };
        (0..self.tasks)
            .into_par_iter()
            .map(count_task)
            .reduce(|| (Counts::new(), Vec::new()), merge)
    }

    /// The second pass: the states of cost `target`.
    fn states_at(&self, target: f64) -> Vec<u64> {
        let (row, rows_per_task, rows) = (self.row, self.rows_per_task, self.rows);
        (0..self.tasks)
            .into_par_iter()
            .flat_map_iter(|t| {
                let first_row = t * rows_per_task;
                let n_rows = if self.go_on() {
                    rows_per_task.min(rows - first_row)
                } else {
                    0
                };
                self.counted.fetch_add((n_rows * row) as u64, Ordering::Relaxed);
                let mut out = vec![0.0; n_rows * row];
                self.cost.fill(first_row, &mut out);
                let base = (first_row * row) as u64;
                out.into_iter()
                    .enumerate()
                    .filter(move |&(_, c)| (c - target).abs() <= ENERGY_TOL)
                    .map(move |(j, _)| base + j as u64)
            })
            .collect()
    }
}

/// Qubits fixed in the prefixes that split [`search_histogram`]'s work into tasks (at most
/// 2^12 prefixes; the split depends on the space only, never on the thread count).
const SEARCH_PREFIX_QUBITS: usize = 12;

/// One count of the space over global qubits: `(qubit, coefficient)` terms and its target.
struct SearchCount {
    terms: Vec<(usize, i64)>,
    k: i64,
}

/// The depth-first enumeration of a space's states, qubit 0 first, 0 before 1, a branch cut as
/// soon as a count can no longer reach its target; the cost is summed along the path.
struct Search<'a> {
    qubo: &'a crate::cost::qubo::Qubo,
    /// Per qubit q: the quadratic terms `(r, b_qr)` with r < q.
    lower: Vec<Vec<(usize, f64)>>,
    /// Per qubit q: the counts it is in, with its coefficient.
    touch: Vec<Vec<(usize, i64)>>,
    /// Per qubit q and count c: what qubits q.. can still add to c, at least and at most.
    reach: Vec<Vec<(i64, i64)>>,
    counts: Vec<SearchCount>,
    /// Without an objective the success cost is 0; with one, the least cost found.
    has_objective: bool,
    /// Looked at every [`SEARCH_CHECK_NODES`] nodes of each task.
    budget: &'a Budget<'a>,
    /// What the progress reports call this count.
    task: String,
    /// The states of the space.
    dimension: f64,
    /// States counted by all tasks so far (each adds its own at its checkpoints).
    counted: AtomicU64,
    /// Set once the budget has run out: every walk returns.
    stopped: AtomicBool,
}

/// What one task found: per cost its count and first state, and the success-cost states.
#[derive(Default)]
struct Found {
    counts: HashMap<u64, (u128, Vec<bool>)>,
    best: Option<f64>,
    targets: Vec<Vec<bool>>,
    /// Nodes walked, for the budget's checkpoints.
    nodes: u64,
    /// States counted since the last checkpoint.
    uncounted: u64,
}

/// Nodes between two looks at the budget in [`Search::walk`].
const SEARCH_CHECK_NODES: u64 = 1 << 14;

impl Found {
    fn leaf(&mut self, cost: f64, x: &[bool], has_objective: bool) {
        self.uncounted += 1;
        self.counts
            .entry(key(cost))
            .and_modify(|e| e.0 += 1)
            .or_insert_with(|| (1, x.to_vec()));
        let take = if has_objective {
            match self.best {
                Some(b) if cost > b + ENERGY_TOL => false,
                Some(b) if cost < b - ENERGY_TOL => {
                    self.targets.clear();
                    self.best = Some(cost);
                    true
                }
                Some(_) => true,
                None => {
                    self.best = Some(cost);
                    true
                }
            }
        } else {
            cost.abs() <= ENERGY_TOL
        };
        if take && self.targets.len() <= MAX_JUDGED {
            self.targets.push(x.to_vec());
        }
    }

    /// `later` found after `self` in the enumeration order.
    fn merge(&mut self, later: Found, has_objective: bool) {
        for (k, (n, example)) in later.counts {
            self.counts.entry(k).and_modify(|e| e.0 += n).or_insert((n, example));
        }
        if has_objective {
            match (self.best, later.best) {
                (_, None) => return,
                (Some(a), Some(b)) if b > a + ENERGY_TOL => return,
                (Some(a), Some(b)) if b < a - ENERGY_TOL => {
                    self.targets.clear();
                    self.best = Some(b);
                }
                (None, b) => self.best = b,
                _ => {}
            }
        }
        self.targets.extend(later.targets);
        self.targets.truncate(MAX_JUDGED + 1);
    }
}

impl Search<'_> {
    /// Add what `found` counted since its last checkpoint, look at the budget, report progress.
    fn checkpoint(&self, found: &mut Found) {
        self.counted
            .fetch_add(std::mem::take(&mut found.uncounted), Ordering::Relaxed);
        if self.budget.expired() {
            self.stopped.store(true, Ordering::Relaxed);
        }
        let counted = || self.counted.load(Ordering::Relaxed);
        self.budget.tick(
            &self.task,
            || Some(counted() as f64 / self.dimension),
            || states_done(counted(), self.dimension),
        );
    }

    /// Whether `sums` (after qubit q is set) can still meet every count qubit q is in.
    fn feasible(&self, q: usize, sums: &[i64]) -> bool {
        self.touch[q].iter().all(|&(c, _)| {
            let (lo, hi) = self.reach[q + 1][c];
            sums[c] + lo <= self.counts[c].k && self.counts[c].k <= sums[c] + hi
        })
    }

    /// Enumerate from qubit `q` on, below the prefix `x[..q]` with partial sums `sums` and
    /// cost `cost`, into `found` (leaves) or `prefixes` (at qubit `stop`).
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        q: usize,
        stop: usize,
        x: &mut Vec<bool>,
        sums: &mut [i64],
        cost: f64,
        found: &mut Found,
        prefixes: &mut Vec<(Vec<bool>, Vec<i64>, f64)>,
    ) {
        found.nodes += 1;
        if found.nodes.is_multiple_of(SEARCH_CHECK_NODES) {
            self.checkpoint(found);
        }
        if self.stopped.load(Ordering::Relaxed) {
            return;
        }
        if q == stop {
            if stop == self.lower.len() {
                found.leaf(cost + self.qubo.offset, x, self.has_objective);
            } else {
                prefixes.push((x.clone(), sums.to_vec(), cost));
            }
            return;
        }
        for bit in [false, true] {
            let mut c = cost;
            if bit {
                c += self.qubo.linear[q];
                for &(r, b) in &self.lower[q] {
                    if x[r] {
                        c += b;
                    }
                }
                for &(j, a) in &self.touch[q] {
                    sums[j] += a;
                }
            }
            if self.feasible(q, sums) {
                x.push(bit);
                self.walk(q + 1, stop, x, sums, c, found, prefixes);
                x.pop();
            }
            if bit {
                for &(j, a) in &self.touch[q] {
                    sums[j] -= a;
                }
            }
        }
    }
}

/// The histogram of `enc`'s cost over `space` by a depth-first search over its states with
/// the counts as cuts, as [`cost_histogram`] counts a space whose blocks are counted, not
/// listed (`rows+cols`): memory stays at one path per task, time is about the dimension times
/// the qubits. The first `SEARCH_PREFIX_QUBITS` (12) qubits split the work into tasks, merged in
/// enumeration order. Equal to the enumeration wherever both run (tested).
pub fn search_histogram(enc: &dyn Encoding, space: &Space) -> Result<CostHistogram> {
    search_histogram_within(enc, space, &Budget::unlimited())
}

/// [`search_histogram`] reporting its progress to `budget`; `Error::OutOfTime` when the
/// budget runs out first (checked every 2^14 nodes of each task).
pub fn search_histogram_within(enc: &dyn Encoding, space: &Space, budget: &Budget<'_>) -> Result<CostHistogram> {
    let onehot = countable(enc, space)?;
    let n = enc.num_qubits();
    let qubo = space_qubo(onehot, space);
    let search = Search::new(
        &qubo,
        space,
        n,
        onehot.model.has_objective(),
        budget,
        counting_task(enc, space),
    );
    let all = search.run(n)?;
    if all.targets.len() > MAX_JUDGED {
        return Err(Unsupported::TooManyToJudge {
            file: enc.file().to_string(),
            space: space.resolved,
            max: MAX_JUDGED,
        }
        .into());
    }
    let target = if search.has_objective {
        all.best.unwrap_or(0.0)
    } else {
        0.0
    };
    let classes = search_classes(enc, all, target);
    Ok(CostHistogram { classes, num_qubits: n })
}

impl<'a> Search<'a> {
    /// The search over the `n` qubits of `space` with the cost `qubo`: its tables of terms,
    /// counts and what each count can still reach.
    fn new(
        qubo: &'a crate::cost::qubo::Qubo,
        space: &Space,
        n: usize,
        has_objective: bool,
        budget: &'a Budget<'a>,
        task: String,
    ) -> Self {
        let mut lower = vec![Vec::new(); n];
        for &((q, r), b) in &qubo.quadratic {
            lower[r].push((q, b));
        }
        let counts: Vec<SearchCount> = space
            .blocks
            .iter()
            .flat_map(|b| {
                b.counts.iter().map(|c| SearchCount {
                    terms: c.terms(&b.qubits),
                    k: c.k,
                })
            })
            .collect();
        let mut touch = vec![Vec::new(); n];
        for (j, c) in counts.iter().enumerate() {
            for &(q, a) in &c.terms {
                touch[q].push((j, a));
            }
        }
        let mut reach = vec![vec![(0i64, 0i64); counts.len()]; n + 1];
        for q in (0..n).rev() {
            reach[q] = reach[q + 1].clone();
            for &(j, a) in &touch[q] {
                reach[q][j].0 += a.min(0);
                reach[q][j].1 += a.max(0);
            }
        }
        Search {
            qubo,
            lower,
            touch,
            reach,
            counts,
            has_objective,
            budget,
            task,
            dimension: space.dimension,
            counted: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
        }
    }

    /// Walk the `n` qubits: the first [`SEARCH_PREFIX_QUBITS`] into prefixes, each prefix's
    /// subtree a parallel task, merged in enumeration order.
    fn run(&self, n: usize) -> Result<Found> {
        let split = SEARCH_PREFIX_QUBITS.min(n);
        let mut prefixes = Vec::new();
        // With no more qubits than the split, the first walk reaches the leaves itself.
        let mut all = Found::default();
        let mut sums = vec![0i64; self.counts.len()];
        self.walk(
            0,
            split,
            &mut Vec::with_capacity(n),
            &mut sums,
            0.0,
            &mut all,
            &mut prefixes,
        );
        // A budget already spent stops the tasks before they start.
        self.checkpoint(&mut all);
        let parts: Vec<Found> = prefixes
            .into_par_iter()
            .map(|(mut x, mut sums, cost)| {
                let mut found = Found::default();
                self.walk(split, n, &mut x, &mut sums, cost, &mut found, &mut Vec::new());
                self.checkpoint(&mut found);
                found
            })
            .collect();
        if self.stopped.load(Ordering::Relaxed) {
            let counted = self.counted.load(Ordering::Relaxed);
            return Err(self.budget.out_of_time(
                &self.task,
                Some(counted as f64 / self.dimension),
                &states_done(counted, self.dimension),
            ));
        }
        for part in parts {
            all.merge(part, self.has_objective);
        }
        Ok(all)
    }
}

/// The classes of what the search found: each cost's count, those at the success cost
/// `target` split by the verdicts of their states.
fn search_classes(enc: &dyn Encoding, all: Found, target: f64) -> Vec<CostClass> {
    let mut levels: Vec<(f64, u128, Vec<bool>)> = all
        .counts
        .into_iter()
        .map(|(k, (count, example))| (f64::from_bits(k), count, example))
        .collect();
    levels.sort_by(|a, b| a.0.total_cmp(&b.0));
    let verdicts: Vec<(Vec<bool>, Verdict)> = all
        .targets
        .into_par_iter()
        .map(|x| {
            let v = Verdict::of(&enc.puzzle().check(&enc.board_of_bits(&x)));
            (x, v)
        })
        .collect();
    let mut classes = Vec::new();
    for (c, count, example) in levels {
        if (c - target).abs() > ENERGY_TOL {
            classes.push(CostClass {
                cost: c,
                count,
                kind: ClassKind::Other,
                example,
            });
            continue;
        }
        push_verdict_classes(&mut classes, c, &verdicts, Vec::clone);
    }
    classes
}

/// Classes from the levels `(cost, count, first state)` ascending and the verdicts of the
/// success-cost states (ascending by state).
fn build_histogram(
    levels: Vec<(f64, u64, u64)>,
    target: f64,
    verdicts: &[(u64, Verdict)],
    digits: &[Digit],
    n: usize,
) -> CostHistogram {
    let mut classes = Vec::new();
    for (c, count, first) in levels {
        if (c - target).abs() > ENERGY_TOL {
            classes.push(CostClass {
                cost: c,
                count: u128::from(count),
                kind: ClassKind::Other,
                example: assignment_of(digits, n, first),
            });
            continue;
        }
        push_verdict_classes(&mut classes, c, verdicts, |&first| assignment_of(digits, n, first));
    }
    CostHistogram { classes, num_qubits: n }
}

/// The histogram simulator of `enc` on the space of `settings` (the mixer must be `grover`),
/// with the space.
pub fn histogram_simulation(enc: &dyn Encoding, settings: &SpaceSettings) -> Result<(HistogramSimulator, Space)> {
    histogram_simulation_within(enc, settings, &Budget::unlimited())
}

/// [`histogram_simulation`] within `budget` (see [`cost_histogram_within`]).
pub fn histogram_simulation_within(
    enc: &dyn Encoding,
    settings: &SpaceSettings,
    budget: &Budget<'_>,
) -> Result<(HistogramSimulator, Space)> {
    if settings.mixer != MixerKind::Grover {
        return Err(Unsupported::HistogramNeedsGrover { mixer: settings.mixer }.into());
    }
    let space = super::space_of(enc, settings)?;
    Ok((histogram_simulator_within(enc, &space, budget)?, space))
}

/// The histogram simulator of `enc` on `space`; refused when no state of the space is valid
/// (an unsatisfiable puzzle says so, a solution outside the space says that).
pub fn histogram_simulator(enc: &dyn Encoding, space: &Space) -> Result<HistogramSimulator> {
    histogram_simulator_within(enc, space, &Budget::unlimited())
}

/// [`histogram_simulator`] within `budget` (see [`cost_histogram_within`]).
pub fn histogram_simulator_within(
    enc: &dyn Encoding,
    space: &Space,
    budget: &Budget<'_>,
) -> Result<HistogramSimulator> {
    let histogram = cost_histogram_within(enc, space, budget)?;
    if histogram.count_of(ClassKind::Valid) == 0 {
        enc.search_within(0, u64::MAX, budget)?.require_solution()?;
        return Err(Unsupported::NoSolutionInSpace {
            file: enc.file().to_string(),
            space: space.resolved,
        }
        .into());
    }
    HistogramSimulator::new(histogram)
}
