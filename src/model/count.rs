//! Counting a cost histogram without enumerating the states (docs/ARCHITECTURE.md, "Spaces and
//! mixers"): a frontier dynamic program over the variables in a chosen order.
//!
//! The cost is an integer constant, linear and pairwise terms, and *tracked* terms: functions of
//! one integer sum `s = c + Σ a_q x_q` over three variables or more (a count's `s²`, a soft
//! count's `s² − s`), plus hard counts (`s = 0`, the counts a space keeps). After the first i
//! variables of the order, the state of the frontier is the partial sum of every tracked term
//! that is open (some of its variables assigned, some not) and the bit of every assigned
//! variable that still has a pairwise partner to come; each state carries the number of
//! assignments reaching it per cost of the terms already closed, side by side from its least
//! cost (what a step adds depends on the state only, so a branch shifts a state's costs
//! whole). States are packed into a `u128`, each layer is sorted by state, so the result
//! depends on the problem only, never on the thread count. A layer that would not fit in
//! memory is split into parts counted one after another (see [`count`]).
//!
//! Counts are `u64`, run again in `u128` when a sum overflows: the problem has at most
//! [`MAX_VARS`] (127) variables, so no count, nor the sum of all counts, reaches 2^127. Costs are exact integers (`i64`, bounded ahead); an
//! objective is carried as an integer number of its unit weight beside the penalty.

use crate::budget::Budget;
use crate::error::{Error, Result, Unsupported};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// Most variables counted: counts stay below 2^127 and an example fits a `u128`.
pub const MAX_VARS: usize = 127;

/// Most bits of one packed frontier state.
pub const MAX_STATE_BITS: u32 = 128;

/// What a tracked sum must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Adds `s²` to the penalty (an exact count `Σ = k`, `s = Σ − k`).
    Square,
    /// Adds `s² − s` (a soft count `Σ ∈ {k, k+1}`: the fractional term `(s − ½)² − ¼`).
    SquareLessSelf,
    /// Must end at `s = 0` (a count the space keeps): states breaking it are not counted.
    Zero,
}

/// A function of one integer sum `s = constant + Σ a_q x_q`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracked {
    /// `(variable, coefficient)`, distinct variables, non-zero coefficients.
    pub terms: Vec<(usize, i64)>,
    /// The constant part of the sum.
    pub constant: i64,
    /// What the sum adds or must meet.
    pub rule: Rule,
    /// The whole weight its penalty is multiplied by (its constraint's, 1 by default; a `Zero`
    /// sum adds nothing).
    pub weight: i64,
}

impl Tracked {
    /// The least and greatest values the sum can take.
    fn range(&self) -> (i64, i64) {
        let lo = self.constant + self.terms.iter().map(|t| t.1.min(0)).sum::<i64>();
        let hi = self.constant + self.terms.iter().map(|t| t.1.max(0)).sum::<i64>();
        (lo, hi)
    }

    /// What the term adds at sum `s` (`None`: the state is not counted).
    fn value(&self, s: i64) -> Option<i64> {
        match self.rule {
            Rule::Square => Some(self.weight * s * s),
            Rule::SquareLessSelf => Some(self.weight * (s * s - s)),
            Rule::Zero => (s == 0).then_some(0),
        }
    }
}

/// A cost over binary variables, in the form the count runs on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountProblem {
    /// Number of variables (at most [`MAX_VARS`]).
    pub num_vars: usize,
    /// Constant penalty.
    pub offset: i64,
    /// Linear penalty per variable.
    pub linear: Vec<i64>,
    /// Pairwise penalty `b x_q x_r`, `q < r`.
    pub pairs: Vec<(usize, usize, i64)>,
    /// Sums the count follows through the frontier.
    pub tracked: Vec<Tracked>,
    /// The objective in units of its weight, per variable (empty: none).
    pub objective: Vec<i64>,
}

impl CountProblem {
    /// The penalty and objective units of an assignment, term by term (the tests' oracle);
    /// `None` when a `Zero` sum is broken.
    pub fn cost_of(&self, x: &[bool]) -> Option<(i64, i64)> {
        let mut p = self.offset;
        for (q, &a) in self.linear.iter().enumerate() {
            if x[q] {
                p += a;
            }
        }
        for &(q, r, b) in &self.pairs {
            if x[q] && x[r] {
                p += b;
            }
        }
        for t in &self.tracked {
            let s = t.constant + t.terms.iter().filter(|&&(q, _)| x[q]).map(|&(_, a)| a).sum::<i64>();
            p += t.value(s)?;
        }
        let units = self.objective.iter().zip(x).filter(|(_, &b)| b).map(|(&m, _)| m).sum();
        Some((p, units))
    }

    /// Largest |penalty| any assignment could reach, bounded from the terms.
    fn penalty_bound(&self) -> i128 {
        let mut b = i128::from(self.offset).abs();
        b += self.linear.iter().map(|&a| i128::from(a).abs()).sum::<i128>();
        b += self.pairs.iter().map(|p| i128::from(p.2).abs()).sum::<i128>();
        for t in &self.tracked {
            let (lo, hi) = t.range();
            let m = i128::from(lo.abs().max(hi.abs()));
            b += i128::from(t.weight).abs() * (m * m + m);
        }
        b
    }
}

/// The order the variables are counted in, and the frontier it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The variables, first counted first.
    pub order: Vec<usize>,
    /// log2 of the most frontier states the order can keep at one step (the product of the
    /// open sums' ranges and 2 per open bit): the frontier width.
    pub width: f64,
    /// Most bits a packed state needs at one step.
    pub state_bits: u32,
}

/// Per variable: its pairwise partners.
fn partners(p: &CountProblem) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); p.num_vars];
    for &(q, r, _) in &p.pairs {
        out[q].push(r);
        out[r].push(q);
    }
    out
}

/// Bits to store the values `0..=span`.
fn bits_for(span: i64) -> u32 {
    64 - (span.max(0) as u64).leading_zeros()
}

/// Where `order` (a permutation of the variables) places each variable and term.
struct Positions {
    /// Per variable: its step.
    pos: Vec<usize>,
    /// Per variable: the last step of its pairwise partners (0 when it has none).
    last_partner: Vec<usize>,
    /// Per tracked term: its first and last positions.
    spans: Vec<(usize, usize)>,
}

fn positions(p: &CountProblem, order: &[usize]) -> Positions {
    let n = p.num_vars;
    let mut pos = vec![usize::MAX; n];
    for (i, &v) in order.iter().enumerate() {
        pos[v] = i;
    }
    let part = partners(p);
    let last_partner: Vec<usize> = (0..n)
        .map(|v| part[v].iter().map(|&u| pos[u]).max().unwrap_or(0))
        .collect();
    let spans: Vec<(usize, usize)> = p
        .tracked
        .iter()
        .map(|t| {
            let ps = t.terms.iter().map(|&(q, _)| pos[q]);
            (ps.clone().min().unwrap_or(0), ps.max().unwrap_or(0))
        })
        .collect();
    Positions {
        pos,
        last_partner,
        spans,
    }
}

/// The width and state bits of `order` (see [`Plan`]).
fn measure(p: &CountProblem, order: &[usize]) -> (f64, u32) {
    let Positions {
        pos,
        last_partner,
        spans,
    } = positions(p, order);
    let (mut width, mut state_bits) = (0.0f64, 0u32);
    for i in 0..order.len() {
        let open_bits = pos
            .iter()
            .zip(&last_partner)
            .filter(|&(&p, &l)| p <= i && l > i)
            .count();
        let mut w = open_bits as f64;
        let mut bits = open_bits as u32;
        for (t, &(first, last)) in p.tracked.iter().zip(&spans) {
            if first <= i && last > i {
                let (lo, hi) = t.range();
                // The values the assigned part can take, and for a hard count only those the
                // rest can still bring to 0.
                let (mut plo, mut phi) = (t.constant, t.constant);
                let (mut rlo, mut rhi) = (0, 0);
                for &(q, a) in &t.terms {
                    if pos[q] <= i {
                        plo += a.min(0);
                        phi += a.max(0);
                    } else {
                        rlo += a.min(0);
                        rhi += a.max(0);
                    }
                }
                if t.rule == Rule::Zero {
                    plo = plo.max(-rhi);
                    phi = phi.min(-rlo);
                }
                w += ((phi - plo + 1).max(1) as f64).log2();
                bits += bits_for(hi - lo);
            }
        }
        width = width.max(w);
        state_bits = state_bits.max(bits);
    }
    (width, state_bits)
}

/// A greedy order: each step takes the unassigned variable that leaves the narrowest frontier
/// after it (ties: the lowest index), starting from the lowest variable.
fn greedy_order(p: &CountProblem) -> Vec<usize> {
    let n = p.num_vars;
    let part = partners(p);
    let mut in_terms: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (j, t) in p.tracked.iter().enumerate() {
        for &(q, _) in &t.terms {
            in_terms[q].push(j);
        }
    }
    let mut assigned = vec![false; n];
    let mut left_in_term: Vec<usize> = p.tracked.iter().map(|t| t.terms.len()).collect();
    let mut left_partners: Vec<usize> = part.iter().map(Vec::len).collect();
    let mut order = Vec::with_capacity(n);
    for _ in 0..n {
        let mut best: Option<(i64, usize)> = None;
        for v in (0..n).filter(|&v| !assigned[v]) {
            // Change of open items: terms it opens minus terms it closes, bits likewise.
            let mut d = 0i64;
            for &j in &in_terms[v] {
                let left = left_in_term[j];
                let total = p.tracked[j].terms.len();
                if left == 1 {
                    d -= 4;
                } else if left == total {
                    d += 4;
                }
            }
            if part[v].iter().any(|&u| !assigned[u]) {
                d += 1;
            }
            d -= part[v]
                .iter()
                .filter(|&&u| assigned[u] && left_partners[u] == 1)
                .count() as i64;
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, v));
            }
        }
        let (_, v) = best.expect("an unassigned variable");
        assigned[v] = true;
        for &j in &in_terms[v] {
            left_in_term[j] -= 1;
        }
        for &u in &part[v] {
            left_partners[u] -= 1;
        }
        order.push(v);
    }
    order
}

/// The frontier left by one growing order, kept step by step so that the change a variable
/// would make is found from its own terms and partners (the same width [`measure`] gives).
struct Frontier<'a> {
    p: &'a CountProblem,
    /// Per variable: its distinct pairwise partners, and the tracked terms holding it.
    partners: Vec<Vec<usize>>,
    in_terms: Vec<Vec<(usize, i64)>>,
    assigned: Vec<bool>,
    /// Per variable: partners not yet assigned.
    partners_left: Vec<usize>,
    /// Per tracked term: variables assigned, and the least and greatest sums of the assigned
    /// part (with the constant) and of the rest.
    done: Vec<usize>,
    part: Vec<(i64, i64)>,
    rest: Vec<(i64, i64)>,
}

impl<'a> Frontier<'a> {
    fn new(p: &'a CountProblem) -> Self {
        let mut partners = partners(p);
        for list in &mut partners {
            list.sort_unstable();
            list.dedup();
        }
        let mut in_terms: Vec<Vec<(usize, i64)>> = vec![Vec::new(); p.num_vars];
        for (j, t) in p.tracked.iter().enumerate() {
            for &(q, a) in &t.terms {
                in_terms[q].push((j, a));
            }
        }
        let partners_left = partners.iter().map(Vec::len).collect();
        let rest = p
            .tracked
            .iter()
            .map(|t| {
                let lo = t.terms.iter().map(|t| t.1.min(0)).sum();
                let hi = t.terms.iter().map(|t| t.1.max(0)).sum();
                (lo, hi)
            })
            .collect();
        Frontier {
            p,
            partners,
            in_terms,
            assigned: vec![false; p.num_vars],
            partners_left,
            done: vec![0; p.tracked.len()],
            part: p.tracked.iter().map(|t| (t.constant, t.constant)).collect(),
            rest,
        }
    }

    /// log2 of the values an open sum can hold: the assigned part's range, for a kept count
    /// only what the rest can still bring to 0 (as [`measure`] counts it); 0 when not open.
    fn sum_width(&self, j: usize, done: usize, part: (i64, i64), rest: (i64, i64)) -> f64 {
        if done == 0 || done == self.p.tracked[j].terms.len() {
            return 0.0;
        }
        let (mut lo, mut hi) = part;
        if self.p.tracked[j].rule == Rule::Zero {
            lo = lo.max(-rest.1);
            hi = hi.min(-rest.0);
        }
        ((hi - lo + 1).max(1) as f64).log2()
    }

    /// How the frontier's width changes when `v` is assigned next.
    fn change(&self, v: usize) -> f64 {
        let mut d = 0.0;
        for &(j, a) in &self.in_terms[v] {
            let before = self.sum_width(j, self.done[j], self.part[j], self.rest[j]);
            let (part, rest) = self.moved(j, a);
            d += self.sum_width(j, self.done[j] + 1, part, rest) - before;
        }
        if self.partners[v].iter().any(|&u| !self.assigned[u]) {
            d += 1.0;
        }
        let closed = self.partners[v]
            .iter()
            .filter(|&&u| self.assigned[u] && self.partners_left[u] == 1)
            .count();
        d - closed as f64
    }

    /// Term `j`'s assigned and remaining ranges once a variable of coefficient `a` moves over.
    fn moved(&self, j: usize, a: i64) -> ((i64, i64), (i64, i64)) {
        let (plo, phi) = self.part[j];
        let (rlo, rhi) = self.rest[j];
        ((plo + a.min(0), phi + a.max(0)), (rlo - a.min(0), rhi - a.max(0)))
    }

    fn assign(&mut self, v: usize) {
        for k in 0..self.in_terms[v].len() {
            let (j, a) = self.in_terms[v][k];
            let (part, rest) = self.moved(j, a);
            self.part[j] = part;
            self.rest[j] = rest;
            self.done[j] += 1;
        }
        for &u in &self.partners[v] {
            self.partners_left[u] -= 1;
        }
        self.assigned[v] = true;
    }
}

/// A min-width greedy order from `start`: each step takes the variable that leaves the
/// narrowest frontier after it (ties: the lowest index).
fn narrowest_first_order(p: &CountProblem, start: usize) -> Vec<usize> {
    let n = p.num_vars;
    let mut f = Frontier::new(p);
    let mut order = Vec::with_capacity(n);
    let mut next = Some(start);
    while let Some(v) = next {
        f.assign(v);
        order.push(v);
        next = None;
        let mut best = f64::INFINITY;
        for u in (0..n).filter(|&u| !f.assigned[u]) {
            let d = f.change(u);
            if d < best - 1e-9 {
                best = d;
                next = Some(u);
            }
        }
    }
    order
}

/// The variables ordered by the last kept count (`Zero` sum) holding each, then by index: on
/// a rows+cols space, whose kept counts are the rows and then the columns, column by column.
fn by_last_kept_count(p: &CountProblem) -> Vec<usize> {
    let mut last = vec![0usize; p.num_vars];
    for (j, t) in p.tracked.iter().enumerate().filter(|(_, t)| t.rule == Rule::Zero) {
        for &(q, _) in &t.terms {
            last[q] = j + 1;
        }
    }
    let mut order: Vec<usize> = (0..p.num_vars).collect();
    order.sort_by_key(|&v| (last[v], v));
    order
}

/// The narrowest of a few orders: the variables' own order (row by row on a grid, as the
/// puzzles number their cells), its reverse, column by column (by the last kept count) and
/// its reverse, and a greedy one (ties: the first in that list).
pub fn plan(p: &CountProblem) -> Plan {
    let n = p.num_vars;
    let by_columns = by_last_kept_count(p);
    let candidates = [
        (0..n).collect::<Vec<_>>(),
        (0..n).rev().collect(),
        by_columns.iter().rev().copied().collect(),
        by_columns,
        greedy_order(p),
    ];
    // Min-width greedy orders from every start (at most MAX_VARS of them, each
    // O(n² · terms per variable)), the narrowest of them beside the fixed orders.
    let greedy = (0..n)
        .map(|start| {
            let order = narrowest_first_order(p, start);
            let (width, _) = measure(p, &order);
            (width, order)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, order)| order);
    let mut best: Option<Plan> = None;
    for order in candidates.into_iter().chain(greedy) {
        let (width, state_bits) = measure(p, &order);
        let fits = state_bits <= MAX_STATE_BITS;
        let better = best.as_ref().is_none_or(|b| {
            let b_fits = b.state_bits <= MAX_STATE_BITS;
            (fits && !b_fits) || (fits == b_fits && width < b.width - 1e-9)
        });
        if better {
            best = Some(Plan {
                order,
                width,
                state_bits,
            });
        }
    }
    best.expect("five candidates")
}

/// How many assignments reach a (state, cost) of a layer: `u64` first, `u128` when a sum
/// overflows `u64` (the count is then run again with the wider cells).
trait Tally: Copy + Send + Sync + Eq + std::fmt::Debug {
    const ZERO: Self;
    const ONE: Self;
    fn checked_add(self, other: Self) -> Option<Self>;
    fn wide(self) -> u128;
}

/// The two widths' `Tally`: the same arithmetic, each on its own type.
macro_rules! tally {
    ($($t:ty),*) => {$(
        impl Tally for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            fn checked_add(self, other: Self) -> Option<Self> {
                <$t>::checked_add(self, other)
            }
            fn wide(self) -> u128 {
                u128::from(self)
            }
        }
    )*};
}

tally!(u64, u128);

/// One frontier state of a layer: its packed fields, the least cost reaching it, and where its
/// costs' cells start (state k's cells run to state k + 1's start; its cost is `lo` plus the
/// cell's place).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Head {
    state: u128,
    lo: i64,
    at: u64,
}

/// How many assignments reach a state with one cost (0: none), and the least of them (bit q =
/// variable q, kept as two halves so that a cell of `u64` count takes 24 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell<C> {
    count: C,
    example: [u64; 2],
}

impl<C: Tally> Cell<C> {
    const EMPTY: Self = Cell {
        count: C::ZERO,
        example: [u64::MAX; 2],
    };

    fn example(&self) -> u128 {
        (u128::from(self.example[1]) << 64) | u128::from(self.example[0])
    }

    /// Add `count` assignments whose least is `example`; `None` on overflow.
    fn add(&mut self, count: C, example: u128) -> Option<()> {
        self.count = self.count.checked_add(count)?;
        if example < self.example() {
            self.example = [example as u64, (example >> 64) as u64];
        }
        Some(())
    }
}

/// A layer: per state its head, and the cells of every state's costs one after another.
struct Layer<C> {
    heads: Vec<Head>,
    cells: Vec<Cell<C>>,
}

impl<C: Tally> Layer<C> {
    const HEAD_BYTES: u128 = std::mem::size_of::<Head>() as u128;
    const CELL_BYTES: u128 = std::mem::size_of::<Cell<C>>() as u128;

    /// The cells of state `k`.
    fn range(&self, k: usize) -> std::ops::Range<usize> {
        let end = self.heads.get(k + 1).map_or(self.cells.len() as u64, |h| h.at);
        self.heads[k].at as usize..end as usize
    }

    fn bytes(&self) -> u128 {
        self.heads.len() as u128 * Self::HEAD_BYTES + self.cells.len() as u128 * Self::CELL_BYTES
    }

    /// The bytes a step may hold beside the layer, at most: a record, a head and a start per
    /// branch, and a cell per branch of every cell.
    fn step_bytes(&self) -> u128 {
        let per_branch = Self::HEAD_BYTES + REC_BYTES + std::mem::size_of::<usize>() as u128;
        2 * self.heads.len() as u128 * per_branch + 2 * self.cells.len() as u128 * Self::CELL_BYTES
    }
}

/// A branch of a state: the next state, its least cost, and the state it came from (`head << 1
/// | x`; `u64::MAX`: a kept count ruled it out).
#[derive(Clone, Copy, Debug)]
struct Rec {
    state: u128,
    lo: i64,
    from: u64,
}

const REC_BYTES: u128 = std::mem::size_of::<Rec>() as u128;

/// An open bit (its variable) or an open sum (its term), and its offset in the packed state.
type Slot = (usize, u32);

/// Where a field of the next state comes from.
#[derive(Clone, Copy, Debug)]
struct Move {
    from: u32,
    to: u32,
    mask: u128,
}

/// A tracked term the step's variable is in.
#[derive(Clone, Copy, Debug)]
struct Touch {
    term: usize,
    coefficient: i64,
    /// Where its sum is in the old state (`None`: it opens here).
    from: Option<u32>,
    /// Where it goes in the new one (`None`: it closes here).
    to: Option<u32>,
    /// For a `Zero` sum: the values it may hold after this step.
    allowed: (i64, i64),
    /// The least value of its sum (a stored field is the sum less this) and the field's bits.
    lo: i64,
    width: u32,
}

/// One step: assign `var`.
#[derive(Clone, Debug)]
struct Step {
    var: usize,
    linear: i64,
    units: i64,
    /// `(offset of a partner's bit in the old state, b)`.
    pair_bits: Vec<(u32, i64)>,
    moves: Vec<Move>,
    touches: Vec<Touch>,
    /// Where the variable's own bit goes, if a partner comes later.
    own_bit: Option<u32>,
    /// The fields of the state before this step, `(offset, bits)`, the one whose values stay
    /// apart longest first: a sum until a later variable changes it, a bit until its last
    /// partner (the order a layer is sorted in before it is split into parts).
    split_fields: Vec<(u32, u32)>,
}

/// The counted classes: per exact cost `(penalty, objective units)`, the number of states and
/// the least one (bit q = variable q), ascending by (penalty, units).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// `(penalty, units, count, example)`.
    pub classes: Vec<(i64, i64, u128, u128)>,
    /// Most frontier states one layer held.
    pub peak_states: usize,
    /// Most (state, cost) entries one layer held.
    pub peak_entries: usize,
    /// Most bytes of layers held at once: a part's layer and the parts still waiting.
    pub peak_bytes: u128,
    /// Parts the frontier was counted in (1: never split).
    pub parts: usize,
}

/// How the cost key packs the penalty and the objective units into one `i64`.
#[derive(Clone, Copy, Debug)]
struct CostKey {
    radix: i64,
    bias: i64,
}

impl CostKey {
    fn split(self, key: i64) -> (i64, i64) {
        (key.div_euclid(self.radix), key.rem_euclid(self.radix) - self.bias)
    }
}

/// Count the cost histogram of `p` over the variables in `plan`'s order, holding at most
/// `max_bytes` of frontier layers at once (every part in progress together); `task` names the
/// work in progress reports and errors. Counts are `u64` while they fit, else the count runs
/// again with `u128` counts, so every count is exact.
///
/// A layer is its states, each with the counts of its costs side by side: a step branches
/// every state once per value of the variable, sorts the branches by state and adds each
/// branch's costs, shifted by what the step adds (which depends on the state, not the cost),
/// into the next state's. The sort is over states, not over (state, cost) entries.
///
/// Before each step the memory is checked again, against `max_bytes` and against half of what
/// the machine has free at that moment. A layer whose step would not fit is split instead: its
/// states, sorted by the fields that stay untouched longest, are cut into parts, and each part
/// is counted on to the end alone, one after another. The count is linear in the layer, so the
/// parts' final costs add up to the whole's exactly; parts only lose the merges of states that
/// later steps would have joined across them, which the sort keeps late. A layer of one state
/// that still does not fit is refused, naming the frontier width and the bytes. `free` tells the
/// bytes the machine has free (the caller's measure; the tests stand in for a machine whose
/// memory runs short during a count).
pub fn count(
    p: &CountProblem,
    plan: &Plan,
    max_bytes: u128,
    free: &(dyn Fn() -> u64 + Sync),
    budget: &Budget<'_>,
    task: &str,
) -> Result<Counted> {
    let n = p.num_vars;
    if n > MAX_VARS {
        return Err(Unsupported::TooManyVariablesToCount {
            variables: n,
            max: MAX_VARS,
        }
        .into());
    }
    if plan.state_bits > MAX_STATE_BITS {
        return Err(Unsupported::FrontierTooWide {
            task: task.to_string(),
            width: plan.width,
            state_bits: plan.state_bits,
            entries: None,
            bytes: None,
            max_bytes,
        }
        .into());
    }
    let limits = Limits {
        max_bytes,
        free,
        budget,
        task,
    };
    match count_with::<u64>(p, plan, &limits)? {
        Some(counted) => Ok(counted),
        None => count_with::<u128>(p, plan, &limits)?.ok_or_else(|| {
            // Unreachable: at most 127 variables, so no count reaches 2^127.
            Error::Internal(format!("{task}: a count overflowed 128 bits"))
        }),
    }
}

/// One count in progress: the steps, the limits, and the final costs of the parts done.
struct Run<'a, C> {
    p: &'a CountProblem,
    plan: &'a Plan,
    steps: Vec<Step>,
    key: CostKey,
    max_bytes: u128,
    free: &'a (dyn Fn() -> u64 + Sync),
    budget: &'a Budget<'a>,
    task: &'a str,
    /// Per cost: the cell of the parts counted so far.
    done: BTreeMap<i64, Cell<C>>,
    peak_states: usize,
    peak_entries: usize,
    peak_bytes: u128,
    parts: usize,
}

/// Why a run stopped early: a count overflowed `C`, or an error to report.
enum Halt {
    Overflow,
    Fail(Error),
}

impl From<Error> for Halt {
    fn from(e: Error) -> Self {
        Halt::Fail(e)
    }
}

impl<'a, C: Tally> Run<'a, C> {
    /// Bytes that may be allocated now: half of the machine's free bytes, so the other
    /// processes and the next check keep room.
    fn free_bytes(&self) -> u128 {
        u128::from((self.free)()) / 2
    }

    /// Whether `layer` may take its step while `held` bytes of other parts are kept.
    fn fits(&self, held: u128, layer: &Layer<C>) -> bool {
        let wanted = layer.step_bytes();
        held + layer.bytes() + wanted <= self.max_bytes && wanted <= self.free_bytes()
    }

    fn too_wide(&self, held: u128, layer: &Layer<C>) -> Error {
        let entries = 2 * layer.cells.len() as u128;
        let bytes = held + layer.bytes() + layer.step_bytes();
        Unsupported::FrontierTooWide {
            task: self.task.to_string(),
            width: self.plan.width,
            state_bits: self.plan.state_bits,
            entries: Some(entries),
            bytes: Some(bytes),
            max_bytes: self.max_bytes.min(held + layer.bytes() + self.free_bytes()),
        }
        .into()
    }

    /// Count `layer` (the states after `from` steps) on to the end, `held` bytes of other parts
    /// being kept meanwhile; `share` is the part of the whole count it stands for (progress).
    fn run(&mut self, mut layer: Layer<C>, from: usize, held: u128, share: (f64, f64)) -> Result<(), Halt> {
        let n = self.steps.len();
        for i in from..n {
            let fraction = share.0 + (share.1 - share.0) * (i - from) as f64 / (n - from).max(1) as f64;
            let said = || {
                format!(
                    "{i} of {n} variables counted, {} frontier states, {} entries (part {})",
                    layer.heads.len(),
                    layer.cells.len(),
                    self.parts + 1
                )
            };
            if self.budget.expired() {
                return Err(self.budget.out_of_time(self.task, Some(fraction), &said()).into());
            }
            self.budget.tick(self.task, || Some(fraction), said);
            if !self.fits(held, &layer) {
                return self.split(layer, i, held, (fraction, share.1));
            }
            layer = self.step(layer, i, held)?;
            self.peak_states = self.peak_states.max(layer.heads.len());
            self.peak_entries = self.peak_entries.max(layer.cells.len());
            self.peak_bytes = self.peak_bytes.max(held + layer.bytes());
        }
        self.parts += 1;
        // The frontier is empty at the end: at most one state, 0, with its costs.
        for k in 0..layer.heads.len() {
            let lo = layer.heads[k].lo;
            for (place, c) in layer.cells[layer.range(k)].iter().enumerate() {
                if c.count != C::ZERO {
                    let cell = self.done.entry(lo + place as i64).or_insert(Cell::EMPTY);
                    cell.add(c.count, c.example()).ok_or(Halt::Overflow)?;
                }
            }
        }
        Ok(())
    }

    /// Assign step `i`'s variable both ways in every state of `layer`: the next layer.
    fn step(&self, layer: Layer<C>, i: usize, held: u128) -> Result<Layer<C>, Halt> {
        let s = StepRun {
            run: self,
            layer: &layer,
            i,
            held,
            spent: std::sync::atomic::AtomicBool::new(false),
        };
        let recs = s.branches()?;
        let (heads, starts, total) = s.next_heads(&recs)?;
        let cells = s.fill(&recs, &heads, &starts, total)?;
        Ok(Layer { heads, cells })
    }

    /// Cut `layer` (before step `i`) into parts that fit and count each on alone, the last
    /// first.
    fn split(&mut self, layer: Layer<C>, i: usize, held: u128, share: (f64, f64)) -> Result<(), Halt> {
        if layer.heads.len() < 2 {
            return Err(self.too_wide(held, &layer).into());
        }
        // Parts as large as can take their step beside the layer and `held` (a step holds
        // about three times its layer more), so that few merges are lost across parts; a
        // part is at most half the layer, so splitting at one step ends.
        let room = self
            .max_bytes
            .saturating_sub(held + layer.bytes())
            .min(self.free_bytes());
        let target = (room / 4).min(layer.bytes() / 2);
        let fields = &self.steps[i].split_fields;
        let mut order: Vec<(u128, usize)> = Vec::new();
        order
            .try_reserve_exact(layer.heads.len())
            .map_err(|_| self.too_wide(held, &layer))?;
        order.extend(
            layer
                .heads
                .iter()
                .enumerate()
                .map(|(k, h)| (split_key(h.state, fields), k)),
        );
        order.par_sort_unstable_by_key(|&(key, k)| (key, layer.heads[k].state));
        // Parts: runs of the sorted states of at most `target` bytes (one state at least).
        let mut cuts = vec![0usize];
        let mut bytes = 0u128;
        for (place, &(_, k)) in order.iter().enumerate() {
            let b = Layer::<C>::HEAD_BYTES + layer.range(k).len() as u128 * Layer::<C>::CELL_BYTES;
            if bytes > 0 && bytes + b > target {
                cuts.push(place);
                bytes = 0;
            }
            bytes += b;
        }
        cuts.push(order.len());
        let parts = cuts.len() - 1;
        // The parts are copied out whole and the layer let go where the copies fit beside it,
        // so that while one part is counted only the parts still waiting are held; else each
        // part is copied out in turn, the layer held meanwhile.
        let order_bytes = order.len() as u128 * std::mem::size_of::<(u128, usize)>() as u128;
        let copy = layer.bytes() + order_bytes;
        let nth_share = |nth: usize| {
            let width = share.1 - share.0;
            (
                share.0 + width * nth as f64 / parts as f64,
                share.0 + width * (nth + 1) as f64 / parts as f64,
            )
        };
        if held + layer.bytes() + copy <= self.max_bytes && copy <= self.free_bytes() {
            let mut waiting: Vec<Layer<C>> = (0..parts)
                .map(|part| part_of(&layer, &order[cuts[part]..cuts[part + 1]]))
                .collect();
            drop(order);
            drop(layer);
            let mut kept: u128 = waiting.iter().map(Layer::bytes).sum();
            while let Some(part) = waiting.pop() {
                kept -= part.bytes();
                let nth = parts - 1 - waiting.len();
                self.run(part, i, held + kept, nth_share(nth))?;
            }
        } else {
            let kept = held + layer.bytes() + order_bytes;
            for part in (0..parts).rev() {
                let nth = parts - 1 - part;
                let this = part_of(&layer, &order[cuts[part]..cuts[part + 1]]);
                self.run(this, i, kept, nth_share(nth))?;
            }
        }
        Ok(())
    }
}

/// States per parallel chunk of a step.
const CHUNK: usize = 1 << 14;

/// One step of a run under way: the layer it starts from, the step's index `i`, the bytes
/// `held` by other parts, and whether the budget was found spent. A wide step takes seconds:
/// its parallel parts read the budget chunk by chunk, and the step stops between its phases
/// once it is spent.
struct StepRun<'r, 'a, C> {
    run: &'r Run<'a, C>,
    layer: &'r Layer<C>,
    i: usize,
    held: u128,
    spent: std::sync::atomic::AtomicBool,
}

impl<C: Tally> StepRun<'_, '_, C> {
    /// Whether the budget is spent now (remembered for the other parts).
    fn expired(&self) -> bool {
        let now = self.run.budget.expired();
        if now {
            self.spent.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        now
    }

    /// Whether a part found the budget spent.
    fn was_spent(&self) -> bool {
        self.spent.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The halt of a step stopped by the budget, with how far the count got.
    fn stopped(&self) -> Halt {
        let (run, i) = (self.run, self.i);
        let n = run.steps.len();
        let detail = format!(
            "{i} of {n} variables counted, in the step of a frontier of {} states",
            self.layer.heads.len()
        );
        Halt::Fail(run.budget.out_of_time(run.task, Some(i as f64 / n as f64), &detail))
    }

    /// The halt of a step whose memory cannot be had.
    fn refuse(&self) -> Halt {
        Halt::Fail(self.run.too_wide(self.held, self.layer))
    }

    /// Each state's two branches, in two fixed slots written in place, those a kept count
    /// rules out dropped, sorted by next state and then by origin.
    fn branches(&self) -> Result<Vec<Rec>, Halt> {
        let (p, step, key) = (self.run.p, &self.run.steps[self.i], self.run.key);
        let wanted = 2 * self.layer.heads.len();
        let mut recs: Vec<Rec> = Vec::new();
        recs.try_reserve_exact(wanted).map_err(|_| self.refuse())?;
        recs.resize(
            wanted,
            Rec {
                state: 0,
                lo: 0,
                from: u64::MAX,
            },
        );
        recs.par_chunks_mut(2 * CHUNK)
            .zip(self.layer.heads.par_chunks(CHUNK))
            .enumerate()
            .for_each(|(c, (out, heads))| {
                if self.was_spent() || self.expired() {
                    return;
                }
                for (k, (slots, h)) in out.chunks_exact_mut(2).zip(heads).enumerate() {
                    let from = ((c * CHUNK + k) as u64) << 1;
                    for (slot, x) in slots.iter_mut().zip([false, true]) {
                        if let Some((state, added)) = advance(p, step, key, h.state, x) {
                            *slot = Rec {
                                state,
                                lo: h.lo + added,
                                from: from | u64::from(x),
                            };
                        }
                    }
                }
            });
        if self.was_spent() {
            return Err(self.stopped());
        }
        recs.retain(|r| r.from != u64::MAX);
        recs.par_sort_unstable_by_key(|r| (r.state, r.from));
        if self.expired() {
            return Err(self.stopped());
        }
        Ok(recs)
    }

    /// The next states (one per run of equal states in `recs`) and their cost spans: their
    /// heads, where each one's branches start in `recs` (and the end), and the cells they take.
    fn next_heads(&self, recs: &[Rec]) -> Result<(Vec<Head>, Vec<usize>, u64), Halt> {
        let mut heads: Vec<Head> = Vec::new();
        let mut starts: Vec<usize> = Vec::new();
        let mut total = 0u64;
        let mut k = 0;
        while k < recs.len() {
            if heads.len() % CHUNK == CHUNK - 1 && self.expired() {
                return Err(self.stopped());
            }
            let (state, start) = (recs[k].state, k);
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            while k < recs.len() && recs[k].state == state {
                let r = recs[k];
                let len = self.layer.range((r.from >> 1) as usize).len() as i64;
                lo = lo.min(r.lo);
                hi = hi.max(r.lo + len - 1);
                k += 1;
            }
            heads.try_reserve(1).map_err(|_| self.refuse())?;
            starts.try_reserve(1).map_err(|_| self.refuse())?;
            heads.push(Head { state, lo, at: total });
            starts.push(start);
            total += (hi - lo + 1) as u64;
        }
        starts.push(recs.len());
        Ok((heads, starts, total))
    }

    /// The next states' `total` cells, filled in parallel a run of states at a time from the
    /// cells of the states their branches come from.
    fn fill(&self, recs: &[Rec], heads: &[Head], starts: &[usize], total: u64) -> Result<Vec<Cell<C>>, Halt> {
        let step = &self.run.steps[self.i];
        let layer = self.layer;
        let mut cells: Vec<Cell<C>> = Vec::new();
        cells.try_reserve_exact(total as usize).map_err(|_| self.refuse())?;
        cells.resize(total as usize, Cell::EMPTY);
        let mut pieces = Vec::new();
        let mut rest: &mut [Cell<C>] = &mut cells;
        for first in (0..heads.len()).step_by(CHUNK) {
            let last = (first + CHUNK).min(heads.len());
            let end = heads.get(last).map_or(total, |h| h.at);
            let (piece, tail) = rest.split_at_mut((end - heads[first].at) as usize);
            rest = tail;
            pieces.push((first..last, piece));
        }
        let overflow = std::sync::atomic::AtomicBool::new(false);
        let bit = |x: u64| u128::from(x & 1) << step.var;
        pieces.into_par_iter().for_each(|(states, piece)| {
            if self.was_spent() || self.expired() {
                return;
            }
            let base = heads[states.start].at;
            for s in states {
                let h = heads[s];
                for r in &recs[starts[s]..starts[s + 1]] {
                    let to = (h.at - base) as usize + (r.lo - h.lo) as usize;
                    let from = layer.range((r.from >> 1) as usize);
                    for (dst, src) in piece[to..to + from.len()].iter_mut().zip(&layer.cells[from]) {
                        if src.count != C::ZERO && dst.add(src.count, src.example() | bit(r.from)).is_none() {
                            overflow.store(true, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                }
            }
        });
        if self.was_spent() {
            return Err(self.stopped());
        }
        if overflow.into_inner() {
            return Err(Halt::Overflow);
        }
        Ok(cells)
    }
}

/// The states of `layer` at `order`'s places (`(key, state)` pairs), with their cells, as a
/// layer of their own.
fn part_of<C: Tally>(layer: &Layer<C>, order: &[(u128, usize)]) -> Layer<C> {
    let mut heads = Vec::with_capacity(order.len());
    let mut cells = Vec::new();
    for &(_, k) in order {
        heads.push(Head {
            at: cells.len() as u64,
            ..layer.heads[k]
        });
        cells.extend_from_slice(&layer.cells[layer.range(k)]);
    }
    Layer { heads, cells }
}

/// The fields of `state` at `fields` (`(offset, bits)`, first the most significant), joined.
fn split_key(state: u128, fields: &[(u32, u32)]) -> u128 {
    fields
        .iter()
        .fold(0u128, |k, &(at, bits)| (k << bits) | field(state, at, bits))
}

/// What a count may use and how it reports: [`count`]'s arguments after the problem.
struct Limits<'a> {
    max_bytes: u128,
    free: &'a (dyn Fn() -> u64 + Sync),
    budget: &'a Budget<'a>,
    task: &'a str,
}

/// [`count`] with counts of type `C`; `None` when a count overflows `C`.
fn count_with<C: Tally>(p: &CountProblem, plan: &Plan, limits: &Limits<'_>) -> Result<Option<Counted>> {
    let Limits {
        max_bytes,
        free,
        budget,
        task,
    } = *limits;
    let max_units = p.objective.iter().map(|m| m.abs()).sum::<i64>();
    let key = CostKey {
        radix: 2 * max_units + 1,
        bias: max_units,
    };
    if p.penalty_bound().saturating_mul(i128::from(key.radix)) >= 1i128 << 62 {
        return Err(Unsupported::PenaltyTooLarge {
            task: task.to_string(),
            bound: p.penalty_bound(),
        }
        .into());
    }
    let mut run = Run::<C> {
        p,
        plan,
        steps: build_steps(p, plan),
        key,
        max_bytes,
        free,
        budget,
        task,
        done: BTreeMap::new(),
        peak_states: 1,
        peak_entries: 1,
        peak_bytes: 0,
        parts: 0,
    };
    let first = Layer {
        heads: vec![Head {
            state: 0,
            lo: p.offset * key.radix + key.bias,
            at: 0,
        }],
        cells: vec![Cell {
            count: C::ONE,
            example: [0; 2],
        }],
    };
    run.peak_bytes = first.bytes();
    match run.run(first, 0, 0, (0.0, 1.0)) {
        Ok(()) => {}
        Err(Halt::Overflow) => return Ok(None),
        Err(Halt::Fail(e)) => return Err(e),
    }
    let mut classes: Vec<(i64, i64, u128, u128)> = run
        .done
        .iter()
        .map(|(&cost, c)| {
            let (penalty, units) = key.split(cost);
            (penalty, units, c.count.wide(), c.example())
        })
        .collect();
    classes.sort_unstable();
    Ok(Some(Counted {
        classes,
        peak_states: run.peak_states,
        peak_entries: run.peak_entries,
        peak_bytes: run.peak_bytes,
        parts: run.parts,
    }))
}

fn field(state: u128, at: u32, bits: u32) -> u128 {
    (state >> at) & ((1u128 << bits) - 1)
}

/// The state after assigning `step.var = x` to `state`, and the cost the step adds (the terms
/// it completes: the same for every cost the state holds); `None` when a kept count can no
/// longer hold.
fn advance(p: &CountProblem, step: &Step, key: CostKey, old: u128, x: bool) -> Option<(u128, i64)> {
    let mut cost = 0;
    let mut state = 0u128;
    for m in &step.moves {
        state |= ((old >> m.from) & m.mask) << m.to;
    }
    if x {
        cost += step.linear * key.radix + step.units;
        for &(at, b) in &step.pair_bits {
            if field(old, at, 1) == 1 {
                cost += b * key.radix;
            }
        }
        if let Some(at) = step.own_bit {
            state |= 1u128 << at;
        }
    }
    for t in &step.touches {
        let term = &p.tracked[t.term];
        let lo = t.lo;
        let before = match t.from {
            Some(at) => field(old, at, t.width) as i64 + lo,
            None => term.constant,
        };
        let s = before + if x { t.coefficient } else { 0 };
        if term.rule == Rule::Zero && !(t.allowed.0..=t.allowed.1).contains(&s) {
            return None;
        }
        match t.to {
            Some(at) => state |= ((s - lo) as u128) << at,
            None => cost += term.value(s)? * key.radix,
        }
    }
    Some((state, cost))
}

/// `moves` with fields that sit side by side in the old state and the new one joined into one
/// move: most fields keep their neighbours from step to step, so a step moves a few runs of
/// bits rather than every bit alone.
fn coalesced(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| m.from);
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for m in moves {
        if let Some(last) = out.last_mut() {
            let bits = last.mask.count_ones();
            let joined = bits + m.mask.count_ones();
            if last.from + bits == m.from && last.to + bits == m.to && joined < 128 {
                last.mask = (1u128 << joined) - 1;
                continue;
            }
        }
        out.push(m);
    }
    out
}

/// The steps of `plan`: per variable, which fields move, which sums it changes, opens and
/// closes, and the pairwise terms it completes.
fn build_steps(p: &CountProblem, plan: &Plan) -> Vec<Step> {
    let order = &plan.order;
    let Positions {
        pos,
        last_partner,
        spans,
    } = positions(p, order);
    let widths: Vec<u32> = p
        .tracked
        .iter()
        .map(|t| {
            let (lo, hi) = t.range();
            bits_for(hi - lo)
        })
        .collect();
    let layouts = StepLayouts {
        p,
        order,
        pos,
        last_partner,
        spans,
        widths,
    };
    let mut steps = Vec::with_capacity(p.num_vars);
    for (i, &v) in order.iter().enumerate() {
        steps.push(layouts.step(i, v));
    }
    steps
}

/// What the steps of an order are built from: each variable's place in it, the step after
/// which its bit is no longer needed, each term's span of steps and each sum's field width.
struct StepLayouts<'a> {
    p: &'a CountProblem,
    order: &'a [usize],
    pos: Vec<usize>,
    last_partner: Vec<usize>,
    spans: Vec<(usize, usize)>,
    widths: Vec<u32>,
}

impl StepLayouts<'_> {
    /// The layout after step i: open bits (variables) and open sums (terms), each at an offset.
    fn layout(&self, i: Option<usize>) -> (Vec<Slot>, Vec<Slot>) {
        let Some(i) = i else {
            return (Vec::new(), Vec::new());
        };
        let mut at = 0u32;
        let mut bits = Vec::new();
        for &v in &self.order[..=i] {
            if self.last_partner[v] > i {
                bits.push((v, at));
                at += 1;
            }
        }
        let mut sums = Vec::new();
        for (j, &(first, last)) in self.spans.iter().enumerate() {
            if first <= i && last > i {
                sums.push((j, at));
                at += self.widths[j];
            }
        }
        (bits, sums)
    }

    /// Step `i`, which assigns variable `v`.
    fn step(&self, i: usize, v: usize) -> Step {
        let p = self.p;
        let (old_bits, old_sums) = self.layout(i.checked_sub(1));
        let (new_bits, new_sums) = self.layout(Some(i));
        let old_bit = |u: usize| old_bits.iter().find(|b| b.0 == u).map(|b| b.1);
        let old_sum = |j: usize| old_sums.iter().find(|s| s.0 == j).map(|s| s.1);
        let mut moves = Vec::new();
        let mut own_bit = None;
        for &(u, to) in &new_bits {
            match old_bit(u) {
                Some(from) => moves.push(Move { from, to, mask: 1 }),
                None => own_bit = Some(to),
            }
        }
        let (touches, touched) = self.touches(i, v, &old_sums, &new_sums);
        for &(j, to) in &new_sums {
            if !touched[j] {
                let from = old_sum(j).expect("an open sum the step does not touch was open before");
                moves.push(Move {
                    from,
                    to,
                    mask: (1u128 << self.widths[j]) - 1,
                });
            }
        }
        let pair_bits = p
            .pairs
            .iter()
            .filter_map(|&(q, r, b)| {
                let u = if q == v {
                    r
                } else if r == v {
                    q
                } else {
                    return None;
                };
                (self.pos[u] < i).then(|| (old_bit(u).expect("an earlier partner's bit is open"), b))
            })
            .collect();
        Step {
            split_fields: self.split_fields(i, &old_bits, &old_sums),
            var: v,
            linear: p.linear[v],
            units: p.objective.get(v).copied().unwrap_or(0),
            pair_bits,
            moves: coalesced(moves),
            touches,
            own_bit,
        }
    }

    /// The tracked terms variable `v` (step `i`) is in, with where their sums are before and
    /// after the step and what they may hold after it; and which terms it touches.
    fn touches(&self, i: usize, v: usize, old_sums: &[Slot], new_sums: &[Slot]) -> (Vec<Touch>, Vec<bool>) {
        let p = self.p;
        let mut touches = Vec::new();
        let mut touched = vec![false; p.tracked.len()];
        for (j, t) in p.tracked.iter().enumerate() {
            let Some(&(_, a)) = t.terms.iter().find(|&&(q, _)| q == v) else {
                continue;
            };
            touched[j] = true;
            let (mut rlo, mut rhi) = (0, 0);
            for &(q, c) in &t.terms {
                if self.pos[q] > i {
                    rlo += c.min(0);
                    rhi += c.max(0);
                }
            }
            touches.push(Touch {
                term: j,
                coefficient: a,
                from: old_sums.iter().find(|s| s.0 == j).map(|s| s.1),
                to: new_sums.iter().find(|s| s.0 == j).map(|s| s.1),
                allowed: (-rhi, -rlo),
                lo: t.range().0,
                width: self.widths[j],
            });
        }
        (touches, touched)
    }

    /// The fields of the state before step `i`, `(offset, bits)`, ordered by when entries
    /// differing in them may first merge: a sum at its next variable, a bit when its last
    /// partner is assigned (latest first).
    fn split_fields(&self, i: usize, old_bits: &[Slot], old_sums: &[Slot]) -> Vec<(u32, u32)> {
        let n = self.p.num_vars;
        let mut split_fields: Vec<(usize, u32, u32)> = old_bits
            .iter()
            .map(|&(u, at)| (self.last_partner[u], at, 1))
            .chain(old_sums.iter().map(|&(j, at)| {
                let next = self.p.tracked[j]
                    .terms
                    .iter()
                    .map(|&(q, _)| self.pos[q])
                    .filter(|&k| k >= i)
                    .min();
                (next.unwrap_or(n), at, self.widths[j])
            }))
            .collect();
        split_fields.sort_by_key(|&(next, at, _)| (std::cmp::Reverse(next), at));
        split_fields.into_iter().map(|(_, at, bits)| (at, bits)).collect()
    }
}

#[cfg(test)]
#[path = "count_tests.rs"]
mod tests;
