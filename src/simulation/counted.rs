//! The cost histogram of a space counted by the frontier count of `model::count`, without
//! enumerating the space (docs/ARCHITECTURE.md, "Spaces and mixers"): the route for spaces past
//! enumeration (the 10x10 two-star Star Battle's rows+cols space has 2^40.3 states).
//!
//! The cost is written from the reduced model as [`Qubo::from_model_without`] writes it, term by
//! term, in integers: a count over three variables or more stays one tracked sum (its square is
//! a function of the sum), shorter terms become linear and pairwise terms, and the space's kept
//! counts are tracked sums that must end at 0. The objective (Max Chess Pieces) is kept as an
//! integer number of its unit weight. Before counting, the terms expanded are checked equal to
//! the encoding's cost polynomial coefficient by coefficient, so the count and the statevector
//! price the same cost.
//!
//! The success-cost states (cost 0, or the least cost with an objective) are the model's
//! solutions; they are found again by the exact search, each judged by the complete check, and
//! their number must equal the count's.

use super::space_qubo;
use crate::budget::Budget;
use crate::cost::qubo::Qubo;
use crate::encoding::onehot::OneHot;
use crate::encoding::space::Space;
use crate::encoding::Encoding;
use crate::error::{Error, Result, Unsupported};
use crate::model::count::{self, CountProblem, Plan, Rule, Tracked};
use crate::model::search::{self, SearchLimits};
use crate::model::{Constraint, Lit};
use crate::puzzle::Verdict;
use crate::qaoa::{ClassKind, CostClass, CostHistogram};
use std::collections::BTreeMap;

/// Most success-cost states judged one by one.
pub const MAX_JUDGED: usize = 1 << 22;

/// An integer affine form `c + Σ a_q x_q` over the free variables.
#[derive(Clone, Debug, Default)]
struct Form {
    constant: i64,
    terms: BTreeMap<usize, i64>,
}

impl Form {
    fn add_lit(&mut self, l: Lit, w: i64) {
        match l {
            Lit::Const(b) => self.constant += w * i64::from(b),
            Lit::Var { index, negated: false } => *self.terms.entry(index).or_default() += w,
            Lit::Var { index, negated: true } => {
                self.constant += w;
                *self.terms.entry(index).or_default() -= w;
            }
        }
    }

    fn of_lit(l: Lit) -> Form {
        let mut f = Form::default();
        f.add_lit(l, 1);
        f
    }

    fn pruned(mut self) -> Form {
        self.terms.retain(|_, a| *a != 0);
        self
    }
}

/// Integer QUBO terms gathered term by term.
#[derive(Default)]
struct Terms {
    offset: i64,
    linear: BTreeMap<usize, i64>,
    pairs: BTreeMap<(usize, usize), i64>,
}

impl Terms {
    fn add_product(&mut self, q: usize, r: usize, w: i64) {
        if q == r {
            *self.linear.entry(q).or_default() += w;
        } else {
            *self.pairs.entry((q.min(r), q.max(r))).or_default() += w;
        }
    }

    /// Add `w·f·g`.
    fn add_product_of(&mut self, f: &Form, g: &Form, w: i64) {
        self.offset += w * f.constant * g.constant;
        for (&q, &a) in &f.terms {
            *self.linear.entry(q).or_default() += w * a * g.constant;
        }
        for (&r, &b) in &g.terms {
            *self.linear.entry(r).or_default() += w * f.constant * b;
        }
        for (&q, &a) in &f.terms {
            for (&r, &b) in &g.terms {
                self.add_product(q, r, w * a * b);
            }
        }
    }

    /// Add what a tracked sum adds, expanded (`Zero` adds nothing on the space).
    fn add_tracked(&mut self, t: &Tracked) {
        let f = Form {
            constant: t.constant,
            terms: t.terms.iter().copied().collect(),
        };
        let w = t.weight;
        match t.rule {
            Rule::Square => self.add_product_of(&f, &f, w),
            Rule::SquareLessSelf => {
                self.add_product_of(&f, &f, w);
                self.offset -= w * f.constant;
                for (&q, &a) in &f.terms {
                    *self.linear.entry(q).or_default() -= w * a;
                }
            }
            Rule::Zero => {}
        }
    }
}

/// Refuse a model whose penalty overrides let an infeasible state cost less than the optimum
/// ([`crate::model::Model::weak_penalty`]): the histogram's success class is its least cost
/// (docs/lp.md, "Penalties").
pub(super) fn strong_penalties(onehot: &OneHot) -> Result<()> {
    match onehot.model.weak_penalty() {
        Some(c) => Err(Unsupported::WeakPenalties {
            file: onehot.file().to_string(),
            constraint: c.label.clone(),
            weight: c.weight.get(),
            range: onehot.model.objective_range(),
            what: "the cost histogram",
        }
        .into()),
        None => Ok(()),
    }
}

/// The count problem of `onehot`'s cost on `space`, and the objective's unit weight and
/// constant (`(0, 0)` without one).
pub fn count_problem(onehot: &OneHot, space: &Space) -> Result<(CountProblem, f64, f64)> {
    let model = &onehot.model;
    strong_penalties(onehot)?;
    if !model.objective_pairs.is_empty() {
        return Err(Unsupported::NotCountable {
            file: onehot.file().to_string(),
            reason: "the objective has products of two variables; the count keeps a linear objective only".into(),
        }
        .into());
    }
    let n = onehot.reduced.num_free;
    let (terms, tracked) = penalty_terms(onehot, space)?;
    let mut hard = Vec::new();
    for b in &space.blocks {
        for c in &b.counts {
            hard.push(Tracked {
                terms: c.terms(&b.qubits),
                constant: -c.k,
                rule: Rule::Zero,
                weight: 1,
            });
        }
    }
    let (objective, unit, constant) = whole_objective(onehot)?;
    let mut p = CountProblem {
        num_vars: n,
        offset: terms.offset,
        linear: (0..n).map(|q| terms.linear.get(&q).copied().unwrap_or(0)).collect(),
        pairs: terms
            .pairs
            .iter()
            .filter(|(_, &b)| b != 0)
            .map(|(&(q, r), &b)| (q, r, b))
            .collect(),
        tracked,
        objective,
    };
    check_same_cost(onehot, &p, &space_qubo(onehot, space), unit, constant)?;
    p.tracked.extend(hard);
    Ok((p, unit, constant))
}

/// The penalties of the constraints `space` does not enforce: counts over three literals or
/// more tracked as sums, the rest expanded into terms, each times its constraint's weight,
/// which must be a whole number here (the count keeps integer costs; docs/lp.md, "Penalties").
fn penalty_terms(onehot: &OneHot, space: &Space) -> Result<(Terms, Vec<Tracked>)> {
    let (model, reduced) = (&onehot.model, &onehot.reduced);
    let lit = |v: usize| reduced.lits[v];
    let enforced: Vec<usize> = space.blocks.iter().flat_map(|b| b.constraints()).collect();
    let mut terms = Terms::default();
    let mut tracked = Vec::new();
    for &i in reduced.active.iter().filter(|i| !enforced.contains(i)) {
        let w = whole_weight(onehot, i)?;
        match &model.constraints[i].constraint {
            Constraint::Count { vars, k, soft } => {
                let mut f = Form::default();
                for &v in vars {
                    f.add_lit(lit(v), 1);
                }
                f.constant -= *k as i64;
                let f = f.pruned();
                let rule = if *soft { Rule::SquareLessSelf } else { Rule::Square };
                let t = Tracked {
                    terms: f.terms.iter().map(|(&q, &a)| (q, a)).collect(),
                    constant: f.constant,
                    rule,
                    weight: w,
                };
                if t.terms.len() >= 3 {
                    tracked.push(t);
                } else {
                    terms.add_tracked(&t);
                }
            }
            Constraint::NotBoth(x, y) => terms.add_product_of(&Form::of_lit(lit(*x)), &Form::of_lit(lit(*y)), w),
            Constraint::Same(x, y) | Constraint::Differ(x, y) => {
                let differ = matches!(model.constraints[i].constraint, Constraint::Differ(..));
                let mut f = Form::of_lit(lit(*x));
                f.add_lit(lit(*y), if differ { 1 } else { -1 });
                if differ {
                    f.constant -= 1;
                }
                terms.add_product_of(&f, &f, w);
            }
            Constraint::Fixed(x, v) => {
                let mut f = Form::of_lit(lit(*x));
                f.constant -= i64::from(*v);
                terms.add_product_of(&f, &f, w);
            }
        }
    }
    Ok((terms, tracked))
}

/// The weight of constraint `i` as a whole number; another is refused, naming it.
fn whole_weight(onehot: &OneHot, i: usize) -> Result<i64> {
    let c = &onehot.model.constraints[i];
    let w = c.weight.get();
    // Up to 2^20: a weight times a square of a sum stays far inside i64.
    if w.fract() == 0.0 && w <= f64::from(1 << 20) {
        return Ok(w as i64);
    }
    Err(Unsupported::NotCountable {
        file: onehot.file().to_string(),
        reason: format!(
            "the penalty of `{}` weighs {w}, not a whole number up to 2^20; the count keeps integer costs",
            c.label
        ),
    }
    .into())
}

/// The objective as whole multiples of one unit weight, per qubit; the unit (0 without an
/// objective) and the objective's constant. A weight that is not a whole multiple is refused.
fn whole_objective(onehot: &OneHot) -> Result<(Vec<i64>, f64, f64)> {
    let reduced = &onehot.reduced;
    let mut constant = 0.0;
    let mut weights = vec![0.0; reduced.num_free];
    for &(v, w) in &onehot.model.objective {
        match reduced.lits[v] {
            Lit::Const(b) => constant += if b { w } else { 0.0 },
            Lit::Var { index, negated: false } => weights[index] += w,
            Lit::Var { index, negated: true } => {
                constant += w;
                weights[index] -= w;
            }
        }
    }
    let unit = weights
        .iter()
        .copied()
        .filter(|w| *w != 0.0)
        .min_by(|a, b| a.abs().total_cmp(&b.abs()))
        .unwrap_or(0.0);
    let mut objective = Vec::new();
    if unit != 0.0 {
        for &w in &weights {
            let m = (w / unit).round();
            // Whole multiples only, to the bit: the count keeps the objective as an integer.
            if (m * unit + 0.0).to_bits() != (w + 0.0).to_bits() || m.abs() > f64::from(1 << 20) {
                return Err(Unsupported::NotCountable {
                    file: onehot.file().to_string(),
                    reason: format!("the objective weight {w} is not a whole multiple of {unit}"),
                }
                .into());
            }
            objective.push(m as i64);
        }
    }
    Ok((objective, unit, constant))
}

/// Refuse a count problem whose terms, expanded, are not the encoding's cost polynomial on the
/// space coefficient by coefficient (exactly without an objective; to 1e-9 with one).
fn check_same_cost(onehot: &OneHot, p: &CountProblem, qubo: &Qubo, unit: f64, constant: f64) -> Result<()> {
    let mut t = Terms {
        offset: p.offset,
        linear: p.linear.iter().copied().enumerate().collect(),
        pairs: p.pairs.iter().map(|&(q, r, b)| ((q, r), b)).collect(),
    };
    for tr in &p.tracked {
        t.add_tracked(tr);
    }
    let tol = if unit == 0.0 { 0.0 } else { 1e-9 };
    let same = |a: f64, b: f64| (a - b).abs() <= tol * (1.0 + a.abs());
    let units = |q: usize| p.objective.get(q).copied().unwrap_or(0) as f64 * unit;
    let mut ok = same(qubo.offset, t.offset as f64 + constant);
    for q in 0..p.num_vars {
        ok &= same(qubo.linear[q], t.linear.get(&q).copied().unwrap_or(0) as f64 + units(q));
    }
    let pairs: BTreeMap<(usize, usize), i64> = t.pairs.into_iter().filter(|(_, b)| *b != 0).collect();
    ok &= pairs.len() == qubo.quadratic.len();
    ok &= qubo
        .quadratic
        .iter()
        .all(|&(qr, b)| pairs.get(&qr).is_some_and(|&c| same(b, c as f64)));
    if ok {
        Ok(())
    } else {
        Err(Unsupported::NotCountable {
            file: onehot.file().to_string(),
            reason: "its terms do not add up to the encoding's cost polynomial".into(),
        }
        .into())
    }
}

/// What the frontier count of `space` would be: the plan of its variable order.
pub fn frontier_plan(onehot: &OneHot, space: &Space) -> Result<Plan> {
    if space.num_qubits > count::MAX_VARS {
        return Err(Unsupported::TooManyVariablesToCount {
            variables: space.num_qubits,
            max: count::MAX_VARS,
        }
        .into());
    }
    Ok(count::plan(&count_problem(onehot, space)?.0))
}

/// Bytes the frontier count may hold: half the memory available when it starts (the count
/// also checks what is free before every step, and splits its frontier to stay within both).
pub fn max_frontier_bytes() -> u128 {
    u128::from(crate::sim::available_memory()) / 2
}

/// The bits of `example` (bit q = qubit q) as qubit values.
fn bits_of(example: u128, n: usize) -> Vec<bool> {
    (0..n).map(|q| (example >> q) & 1 == 1).collect()
}

/// The histogram of `enc`'s cost over `space` by the frontier count, within `budget`.
pub fn frontier_histogram_within(enc: &dyn Encoding, space: &Space, budget: &Budget<'_>) -> Result<CostHistogram> {
    let onehot = enc.as_onehot().ok_or_else(|| {
        Error::from(Unsupported::NeedsOnehot {
            what: "the cost histogram is",
            encoding: enc.kind(),
        })
    })?;
    let n = enc.num_qubits();
    let (problem, unit, _) = count_problem(onehot, space)?;
    let plan = count::plan(&problem);
    let task = format!(
        "{}: counting the cost histogram of space {} (frontier width 2^{:.1})",
        enc.file(),
        space.resolved,
        plan.width
    );
    let counted = count::count(
        &problem,
        &plan,
        max_frontier_bytes(),
        &crate::sim::available_memory,
        budget,
        &task,
    )?;
    let has_objective = unit != 0.0;
    // Per class: the cost as the encoding prices its example (the statevector's value, to the
    // bit), the count and the example.
    let mut levels: Vec<(f64, (i64, i64), u128, u128)> = counted
        .classes
        .iter()
        .map(|&(penalty, units, c, example)| {
            let cost = onehot.qubo.energy_of(&bits_of(example, n));
            (cost, (penalty, units), c, example)
        })
        .collect();
    levels.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let target = if has_objective {
        levels.first().map(|l| l.1)
    } else {
        Some((0, 0))
    };
    let target_count: u128 = levels.iter().filter(|l| Some(l.1) == target).map(|l| l.2).sum();
    let verdicts = if target_count == 0 {
        Vec::new()
    } else {
        if target.is_some_and(|t| t.0 != 0) {
            return Err(Unsupported::NotCountable {
                file: enc.file().to_string(),
                reason: "its least-cost states break a constraint, so they are not the model's solutions".into(),
            }
            .into());
        }
        if target_count > MAX_JUDGED as u128 {
            return Err(Unsupported::TooManyToJudge {
                file: enc.file().to_string(),
                space: space.resolved,
                max: MAX_JUDGED,
            }
            .into());
        }
        judged_solutions(onehot, target_count as usize, budget)?
    };
    if verdicts.len() as u128 != target_count {
        return Err(Unsupported::NotCountable {
            file: enc.file().to_string(),
            reason: format!(
                "the count finds {target_count} success-cost states but the exact search {}",
                verdicts.len()
            ),
        }
        .into());
    }
    let mut classes: Vec<CostClass> = Vec::new();
    for (cost, k, c, example) in levels {
        if Some(k) != target {
            match classes.last_mut() {
                // Two exact costs the encoding prices alike (an objective's rounding) are one
                // class of the statevector.
                Some(last) if last.kind == ClassKind::Other && last.cost.to_bits() == cost.to_bits() => {
                    last.count += c;
                }
                _ => classes.push(CostClass {
                    cost,
                    count: c,
                    kind: ClassKind::Other,
                    example: bits_of(example, n),
                }),
            }
            continue;
        }
        push_verdict_classes(&mut classes, cost, &verdicts, Vec::clone);
    }
    Ok(CostHistogram { classes, num_qubits: n })
}

/// The classes of the success cost `cost`: one per verdict found among the success-cost states
/// `verdicts` (ascending by state), counting them, its first state (as qubit values) the example.
pub(crate) fn push_verdict_classes<S>(
    classes: &mut Vec<CostClass>,
    cost: f64,
    verdicts: &[(S, Verdict)],
    example: impl Fn(&S) -> Vec<bool>,
) {
    for (kind, verdict) in [
        (ClassKind::Valid, Verdict::Valid),
        (ClassKind::NonQubo, Verdict::BreaksOnlyNonQubo),
        (ClassKind::Invalid, Verdict::Invalid),
    ] {
        let mut of_kind = verdicts.iter().filter(|v| v.1 == verdict);
        if let Some((first, _)) = of_kind.next() {
            classes.push(CostClass {
                cost,
                count: 1 + of_kind.count() as u128,
                kind,
                example: example(first),
            });
        }
    }
}

/// The model's solutions (with an objective: of least objective) as qubit values, ascending as
/// integers, each with its complete-check verdict; `expected` is how many the count found.
fn judged_solutions(onehot: &OneHot, expected: usize, budget: &Budget<'_>) -> Result<Vec<(Vec<bool>, Verdict)>> {
    let model = &onehot.model;
    let mut found: Vec<(Vec<bool>, f64)> = Vec::new();
    // One more than the count found shows a disagreement; with an objective the branch and
    // bound must run to its end, since solutions found early need not be the best.
    let limit = if model.has_objective() {
        usize::MAX
    } else {
        expected + 1
    };
    let out = search::search_within(model, 0, limit, SearchLimits::NONE, budget, |x| {
        found.push((x.to_vec(), model.objective_value(x)));
        false
    })?;
    if out.stopped.is_some() {
        return Err(budget.out_of_time(
            &format!("{}: the exact search for the success-cost states", onehot.file()),
            None,
            &format!("{} search nodes", out.nodes),
        ));
    }
    let best = out.best_objective;
    let mut solutions: Vec<(Vec<bool>, Verdict)> = found
        .into_iter()
        .filter(|(_, v)| !model.has_objective() || (v - best).abs() <= 1e-9)
        .filter_map(|(x, _)| {
            let bits = onehot.reduced.project(&x)?;
            let verdict = Verdict::of(&onehot.puzzle.check(&onehot.puzzle.board(&x)));
            Some((bits, verdict))
        })
        .collect();
    // Ascending as the integer of the bits (qubit 0 lowest), as the enumeration meets them.
    solutions.sort_by(|a, b| a.0.iter().rev().cmp(b.0.iter().rev()));
    Ok(solutions)
}
