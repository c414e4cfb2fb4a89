//! The propagation engine behind [`super::reduce`] and the exact search
//! ([`super::search`]): a union-find with parity over the model's variables, the values of
//! fixed classes, and the rules of each reduction level applied to a fixpoint.

use super::reduce::{Level, Lit, Reduced};
use super::{Constraint, Model};
use crate::budget::Cancel;
use crate::error::{Error, Result};

/// Union-find with parity over the model's variables plus values of fixed classes:
/// `x_v = x_root(v) ⊕ parity(v)`. The root of a class is its smallest variable.
#[derive(Clone)]
pub(crate) struct Engine<'a> {
    pub(crate) model: &'a Model,
    parent: Vec<usize>,
    parity: Vec<bool>,
    value: Vec<Option<bool>>,
    /// Literals read by the fixpoint passes so far (probe trials included): the probe's budget
    /// is counted in them, not in seconds, so that a reduction is the same on any machine.
    visits: u64,
    /// Literals of all constraints: what one fixpoint pass reads.
    pass_len: u64,
    /// Why probing stopped before its fixpoint, if it did.
    probe_stopped: Option<String>,
    /// An all-false assignment of every variable, lent to the checks of one constraint (which
    /// set its variables and clear them again): a fresh one per check cost O(variables).
    scratch: Vec<bool>,
    /// Per root, its place in the list a constraint's pass is gathering (`usize::MAX`: not in
    /// it); reset after each use, so that a count over m variables is read in O(m), not O(m²).
    slot: Vec<usize>,
    /// The stop request the passes read: a stopped fixpoint or probe leaves a valid, less
    /// reduced state, and the caller turns the request into its error.
    cancel: Option<&'a Cancel>,
}

/// Literal visits probing may spend (a few seconds at most). Probing only ever fixes what
/// propagation proves, so stopping early leaves a valid, less reduced model. The puzzles of
/// the test data and `../shared/instances` finish far inside it.
const PROBE_VISITS: u64 = 50_000_000;

/// Raised inside the engine; turned into `Error::Unsatisfiable` with the constraint's label.
pub(crate) struct Contradiction(pub(crate) String);

impl From<Contradiction> for Error {
    fn from(c: Contradiction) -> Self {
        Error::Unsatisfiable { reason: c.0 }
    }
}

type Step = std::result::Result<bool, Contradiction>;

impl<'a> Engine<'a> {
    pub(crate) fn new(model: &'a Model) -> Self {
        let n = model.num_vars();
        Engine {
            model,
            parent: (0..n).collect(),
            parity: vec![false; n],
            value: vec![None; n],
            visits: 0,
            pass_len: model
                .constraints
                .iter()
                .map(|c| match &c.constraint {
                    Constraint::Count { vars, .. } => vars.len() as u64,
                    Constraint::Fixed(..) => 1,
                    _ => 2,
                })
                .sum(),
            probe_stopped: None,
            scratch: vec![false; n],
            slot: vec![usize::MAX; n],
            cancel: None,
        }
    }

    /// This engine, its passes stopping early once `cancel` is set.
    pub(crate) fn heeding(self, cancel: &'a Cancel) -> Self {
        Engine {
            cancel: Some(cancel),
            ..self
        }
    }

    /// Whether the stop request is set (the passes then stop early).
    fn halted(&self) -> bool {
        self.cancel.is_some_and(Cancel::is_set)
    }

    /// (root, parity) of `v`, compressing the path.
    pub(crate) fn find(&mut self, v: usize) -> (usize, bool) {
        let mut root = v;
        let mut par = false;
        while self.parent[root] != root {
            par ^= self.parity[root];
            root = self.parent[root];
        }
        // Compress: point every node on the path straight at the root.
        let mut node = v;
        let mut node_par = par;
        while self.parent[node] != root && node != root {
            let next = self.parent[node];
            let next_par = node_par ^ self.parity[node];
            self.parent[node] = root;
            self.parity[node] = node_par;
            node = next;
            node_par = next_par;
        }
        (root, par)
    }

    /// Current value of variable `v`, if decided.
    pub(crate) fn value_of(&mut self, v: usize) -> Option<bool> {
        let (r, p) = self.find(v);
        self.value[r].map(|b| b ^ p)
    }

    pub(crate) fn fix(&mut self, v: usize, b: bool, why: &str) -> Step {
        let (r, p) = self.find(v);
        match self.value[r] {
            Some(x) if x == b ^ p => Ok(false),
            Some(_) => Err(Contradiction(format!(
                "{why}: {} cannot be {}",
                self.model.names[v], b as u8
            ))),
            None => {
                self.value[r] = Some(b ^ p);
                Ok(true)
            }
        }
    }

    /// Record `x_a = x_b ⊕ differ`.
    pub(crate) fn merge(&mut self, a: usize, b: usize, differ: bool, why: &str) -> Step {
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        if ra == rb {
            return if pa ^ pb == differ {
                Ok(false)
            } else {
                Err(Contradiction(format!("{why}: a chain of signs contradicts itself")))
            };
        }
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let link = pa ^ pb ^ differ; // x_gone = x_keep ⊕ link
        self.parent[gone] = keep;
        self.parity[gone] = link;
        if let Some(vg) = self.value[gone] {
            let want = vg ^ link;
            match self.value[keep] {
                Some(vk) if vk != want => {
                    return Err(Contradiction(format!(
                        "{why}: the signs force two different values on one cell"
                    )))
                }
                _ => self.value[keep] = Some(want),
            }
        }
        Ok(true)
    }

    pub(crate) fn apply_givens_and_signs(&mut self) -> Result<()> {
        let model = self.model;
        for c in &model.constraints {
            match c.constraint {
                Constraint::Fixed(v, b) => {
                    self.fix(v, b, &c.label)?;
                }
                Constraint::Same(a, b) => {
                    self.merge(a, b, false, &c.label)?;
                }
                Constraint::Differ(a, b) => {
                    self.merge(a, b, true, &c.label)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The `clues` level: with the values the givens and signs decided (a snapshot), clear the
    /// open cells of every count those values already meet and the partner of every decided 1
    /// in a `NotBoth`; nothing else, and only once.
    pub(crate) fn clues_pass(&mut self) -> std::result::Result<(), Contradiction> {
        let model = self.model;
        let given: Vec<Option<bool>> = (0..model.num_vars()).map(|v| self.value_of(v)).collect();
        for c in &model.constraints {
            match &c.constraint {
                Constraint::Count { vars, k, soft } => {
                    let ones = vars.iter().filter(|&&v| given[v] == Some(true)).count();
                    let hi = k + usize::from(*soft);
                    if ones > hi {
                        return Err(Contradiction(format!("{} cannot be met", c.label)));
                    }
                    if ones == hi {
                        for &v in vars {
                            if given[v].is_none() {
                                self.fix(v, false, &c.label)?;
                            }
                        }
                    }
                }
                Constraint::NotBoth(a, b) => match (given[*a], given[*b]) {
                    (Some(true), Some(true)) => return Err(Contradiction(format!("{} is broken", c.label))),
                    (Some(true), None) => {
                        self.fix(*b, false, &c.label)?;
                    }
                    (None, Some(true)) => {
                        self.fix(*a, false, &c.label)?;
                    }
                    _ => {}
                },
                Constraint::Same(..) | Constraint::Differ(..) | Constraint::Fixed(..) => {}
            }
        }
        Ok(())
    }

    /// Apply the level's rules to every constraint until nothing changes.
    pub(crate) fn fixpoint(&mut self, level: Level) -> std::result::Result<(), Contradiction> {
        let model = self.model;
        loop {
            if self.halted() {
                return Ok(());
            }
            let mut changed = false;
            self.visits += self.pass_len;
            for c in &model.constraints {
                changed |= match level {
                    Level::None | Level::Clues => false,
                    Level::Paper => self.paper_rule(&c.constraint, &c.label)?,
                    Level::Propagate | Level::Probe => self.propagate_rule(&c.constraint, &c.label)?,
                };
            }
            if !changed && level >= Level::Propagate {
                changed = self.nested_counts()?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Nested counts: for counts A and B whose open cells satisfy A ⊆ B (over positive,
    /// distinct free roots), B's other cells hold between `lo(B) − hi(A)` and `hi(B) − lo(A)`
    /// ones; clear them when the upper bound is 0, fill them when the lower bound is their number.
    fn nested_counts(&mut self) -> Step {
        let model = self.model;
        let mut counts: Vec<(Vec<usize>, i64, i64, &str)> = Vec::new();
        'constraints: for c in &model.constraints {
            let Constraint::Count { vars, k, soft } = &c.constraint else {
                continue;
            };
            let mut ones = 0i64;
            let mut open = Vec::new();
            for &v in vars {
                let (r, p) = self.find(v);
                match self.value[r] {
                    Some(b) => ones += i64::from(b ^ p),
                    None if p => continue 'constraints,
                    None => open.push(r),
                }
            }
            open.sort_unstable();
            let len = open.len();
            open.dedup();
            if open.len() != len || open.is_empty() {
                continue;
            }
            let lo = *k as i64 - ones;
            counts.push((open, lo, lo + i64::from(*soft), c.label.as_str()));
        }
        // Only counts holding A's first cell can hold A: index them by cell (ascending, so the
        // pairs are met in the order of a scan over all of them).
        let mut by_cell: std::collections::HashMap<usize, Vec<usize>> = std::collections::HashMap::new();
        for (i, c) in counts.iter().enumerate() {
            for &r in &c.0 {
                by_cell.entry(r).or_default().push(i);
            }
            self.visits += c.0.len() as u64;
        }
        let mut changed = false;
        for a in 0..counts.len() {
            let candidates = by_cell.get(&counts[a].0[0]).map_or(&[][..], Vec::as_slice);
            self.visits += candidates.len() as u64;
            for &b in candidates {
                let (sa, sb) = (&counts[a].0, &counts[b].0);
                if a == b || sa.len() >= sb.len() || !is_subset(sa, sb) {
                    continue;
                }
                let rest: Vec<usize> = sb.iter().copied().filter(|v| sa.binary_search(v).is_err()).collect();
                let most = counts[b].2 - counts[a].1;
                let least = counts[b].1 - counts[a].2;
                let fill = if most <= 0 {
                    Some(false)
                } else if least >= rest.len() as i64 {
                    Some(true)
                } else {
                    None
                };
                if let Some(value) = fill {
                    let why = format!("{} inside {}", counts[a].3, counts[b].3);
                    for &r in &rest {
                        changed |= self.fix(r, value, &why)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// The paper's rules: counts met by constants clear the rest, counts needing every open
    /// cell fill it, a fixed piece clears what it attacks.
    fn paper_rule(&mut self, c: &Constraint, why: &str) -> Step {
        match c {
            Constraint::Count { vars, k, soft } => {
                let (lo, hi) = (*k, k + usize::from(*soft));
                let mut ones = 0;
                let mut zeros = 0;
                for &v in vars {
                    match self.value_of(v) {
                        Some(true) => ones += 1,
                        Some(false) => zeros += 1,
                        None => {}
                    }
                }
                let open = vars.len() - zeros;
                if ones > hi || open < lo {
                    return Err(Contradiction(format!("{why} cannot be met")));
                }
                let fill = if ones == hi {
                    Some(false)
                } else if open == lo {
                    Some(true)
                } else {
                    None
                };
                let mut changed = false;
                if let Some(b) = fill {
                    for &v in vars {
                        if self.value_of(v).is_none() {
                            changed |= self.fix(v, b, why)?;
                        }
                    }
                }
                Ok(changed)
            }
            Constraint::NotBoth(a, b) => match (self.value_of(*a), self.value_of(*b)) {
                (Some(true), Some(true)) => Err(Contradiction(format!("{why} is broken"))),
                (Some(true), None) => self.fix(*b, false, why),
                (None, Some(true)) => self.fix(*a, false, why),
                _ => Ok(false),
            },
            // Signs and givens were applied once, up front.
            Constraint::Same(..) | Constraint::Differ(..) | Constraint::Fixed(..) => Ok(false),
        }
    }

    /// Full propagation of one constraint over the merged variables.
    fn propagate_rule(&mut self, c: &Constraint, why: &str) -> Step {
        let mut changed = self.paper_rule(c, why)?;
        let support = self.free_support(c);
        if support.is_empty() {
            return if self.holds_now(c) {
                Ok(changed)
            } else {
                Err(Contradiction(format!("{why} is broken")))
            };
        }
        if support.len() <= 4 {
            changed |= self.case_analysis(c, &support, why)?;
        } else if let Constraint::Count { vars, k, soft } = c {
            changed |= self.count_bounds(vars, *k, *k + usize::from(*soft), why)?;
        }
        Ok(changed)
    }

    /// Distinct undecided roots a constraint reads.
    fn free_support(&mut self, c: &Constraint) -> Vec<usize> {
        let mut roots = Vec::new();
        for v in c.vars() {
            let (r, _) = self.find(v);
            if self.value[r].is_none() && self.slot[r] == usize::MAX {
                self.slot[r] = roots.len();
                roots.push(r);
            }
        }
        for &r in &roots {
            self.slot[r] = usize::MAX;
        }
        roots
    }

    /// Whether a constraint whose variables are all decided holds.
    fn holds_now(&mut self, c: &Constraint) -> bool {
        let vars = c.vars();
        let mut x = std::mem::take(&mut self.scratch);
        for &v in &vars {
            x[v] = self.value_of(v).unwrap_or(false);
        }
        let holds = c.holds(&x);
        for &v in &vars {
            x[v] = false;
        }
        self.scratch = x;
        holds
    }

    /// Enumerate the assignments of up to four free roots; fix what all allowed ones agree
    /// on, and merge two roots the constraint makes equal or opposite.
    fn case_analysis(&mut self, c: &Constraint, support: &[usize], why: &str) -> Step {
        let vars = c.vars();
        let located: Vec<(usize, Option<bool>, usize, bool)> = vars
            .iter()
            .map(|&v| {
                let (r, p) = self.find(v);
                (v, self.value[r].map(|b| b ^ p), r, p)
            })
            .collect();
        let mut allowed: Vec<u32> = Vec::new();
        let mut x = std::mem::take(&mut self.scratch);
        for a in 0u32..(1 << support.len()) {
            for &(v, val, r, p) in &located {
                x[v] = match val {
                    Some(b) => b,
                    None => {
                        let i = support.iter().position(|&s| s == r).unwrap_or(0);
                        ((a >> i) & 1 == 1) ^ p
                    }
                };
            }
            if c.holds(&x) {
                allowed.push(a);
            }
        }
        for &(v, ..) in &located {
            x[v] = false;
        }
        self.scratch = x;
        if allowed.is_empty() {
            return Err(Contradiction(format!("{why} cannot be met")));
        }
        let mut changed = false;
        for (i, &r) in support.iter().enumerate() {
            let first = (allowed[0] >> i) & 1;
            if allowed.iter().all(|a| (a >> i) & 1 == first) {
                changed |= self.fix(r, first == 1, why)?;
            }
        }
        if support.len() == 2 && allowed.len() == 2 {
            let bits: Vec<(u32, u32)> = allowed.iter().map(|a| (a & 1, (a >> 1) & 1)).collect();
            let same = bits.iter().all(|(u, v)| u == v);
            let differ = bits.iter().all(|(u, v)| u != v);
            if same || differ {
                changed |= self.merge(support[0], support[1], differ, why)?;
            }
        }
        Ok(changed)
    }

    /// Bounds reasoning on `lo ≤ C + Σ a_r y_r ≤ hi` over the free roots.
    fn count_bounds(&mut self, vars: &[usize], lo: usize, hi: usize, why: &str) -> Step {
        let mut constant: i64 = 0;
        let mut coeffs: Vec<(usize, i64)> = Vec::new();
        for &v in vars {
            let (r, p) = self.find(v);
            match self.value[r] {
                Some(b) => constant += i64::from(b ^ p),
                None => {
                    let a = if p { -1 } else { 1 };
                    if p {
                        constant += 1;
                    }
                    match self.slot[r] {
                        usize::MAX => {
                            self.slot[r] = coeffs.len();
                            coeffs.push((r, a));
                        }
                        i => coeffs[i].1 += a,
                    }
                }
            }
        }
        for &(r, _) in &coeffs {
            self.slot[r] = usize::MAX;
        }
        let (lo, hi) = (lo as i64, hi as i64);
        let min = constant + coeffs.iter().map(|&(_, a)| a.min(0)).sum::<i64>();
        let max = constant + coeffs.iter().map(|&(_, a)| a.max(0)).sum::<i64>();
        if min > hi || max < lo {
            return Err(Contradiction(format!("{why} cannot be met")));
        }
        let mut changed = false;
        for &(r, a) in &coeffs {
            if a == 0 {
                continue;
            }
            let up = a > 0; // the value of y_r that raises the sum
            if min + a.abs() > hi {
                changed |= self.fix(r, !up, why)?;
            } else if max - a.abs() < lo {
                changed |= self.fix(r, up, why)?;
            }
        }
        Ok(changed)
    }

    /// Failed-literal probing to a fixpoint.
    pub(crate) fn probe(&mut self) -> Result<()> {
        loop {
            let mut changed = false;
            for v in 0..self.model.num_vars() {
                if self.halted() {
                    return Ok(());
                }
                let (r, _) = self.find(v);
                if r != v || self.value[r].is_some() {
                    continue;
                }
                for b in [false, true] {
                    if self.visits > PROBE_VISITS {
                        self.probe_stopped = Some(format!(
                            "probing stopped after {PROBE_VISITS} literal visits ({} variables, {} constraints): \
                             the model is reduced less than a full probe would",
                            self.model.num_vars(),
                            self.model.constraints.len()
                        ));
                        return Ok(());
                    }
                    let mut trial = self.clone();
                    let ok = trial.fix(r, b, "probe").is_ok() && trial.fixpoint(Level::Propagate).is_ok();
                    self.visits = trial.visits;
                    if !ok {
                        self.fix(r, !b, "probing")?;
                        self.fixpoint(Level::Propagate)?;
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Undecided roots in increasing order.
    pub(crate) fn free_roots(&mut self) -> Vec<usize> {
        (0..self.model.num_vars())
            .filter(|&v| self.parent[v] == v && self.value[v].is_none())
            .collect()
    }

    /// Number the free roots and write every variable as a literal.
    pub(crate) fn finish(mut self, level: Level) -> Result<Reduced> {
        let roots = self.free_roots();
        let mut index_of = vec![usize::MAX; self.model.num_vars()];
        for (i, &r) in roots.iter().enumerate() {
            index_of[r] = i;
        }
        let lits: Vec<Lit> = (0..self.model.num_vars())
            .map(|v| {
                let (r, p) = self.find(v);
                match self.value[r] {
                    Some(b) => Lit::Const(b ^ p),
                    None => Lit::Var {
                        index: index_of[r],
                        negated: p,
                    },
                }
            })
            .collect();
        let model = self.model;
        let mut active = Vec::new();
        for (i, c) in model.constraints.iter().enumerate() {
            if self.free_support(&c.constraint).is_empty() {
                if !self.holds_now(&c.constraint) {
                    return Err(Error::Unsatisfiable {
                        reason: format!("{} is broken", c.label),
                    });
                }
            } else {
                active.push(i);
            }
        }
        Ok(Reduced {
            level,
            num_free: roots.len(),
            lits,
            active,
            notes: self.probe_stopped.clone().into_iter().collect(),
        })
    }
}

/// Whether sorted `a` is a subset of sorted `b`.
fn is_subset(a: &[usize], b: &[usize]) -> bool {
    let mut j = 0;
    for &x in a {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        if j == b.len() || b[j] != x {
            return false;
        }
        j += 1;
    }
    true
}
