//! One constraint row of an LP or MPS file read as what it allows: model constraints over one
//! or two variables, an exact count, a bound that pairs with another into a soft count, a row
//! every assignment meets, or the reason it cannot be read (docs/lp.md, "How constraints
//! become the model").

use super::tokens::Relation;
use super::{is_integer, Row, TOL};
use crate::model::Constraint;
use std::collections::BTreeSet;

/// What a row allows on its variables, as model constraints, or why it cannot be.
pub(super) enum Reading {
    Constraints(Vec<Constraint>, String),
    /// A plain exact count `k` over the variables (grouped into families later).
    Count(Vec<usize>, usize),
    /// At least `k` of the variables (0 < k < n) when `at_least`, else at most `k` (1 < k < n):
    /// expressed only beside the other bound, k apart by one, over the same variables, the two
    /// together a soft count; `why` refuses it alone.
    Bound {
        vars: Vec<usize>,
        k: usize,
        at_least: bool,
        why: String,
    },
    Always,
}

pub(super) fn read_row(row: &Row) -> std::result::Result<Reading, String> {
    let vars: Vec<usize> = row.terms.iter().map(|&(v, _)| v).collect();
    if vars.len() <= 2 {
        return read_small_row(row, vars);
    }
    read_count_row(row, vars)
}

/// A row over at most two variables (`vars`), read from the set of assignments it allows.
fn read_small_row(row: &Row, vars: Vec<usize>) -> std::result::Result<Reading, String> {
    let meets = |x: &[bool]| -> bool {
        let s: f64 = row.terms.iter().zip(x).filter(|(_, &b)| b).map(|(&(_, c), _)| c).sum();
        row.relation.holds(s, row.rhs, TOL)
    };
    let n = vars.len();
    // Every assignment of at most two variables, judged one by one.
    let allowed: Vec<Vec<bool>> = (0..1usize << n)
        .map(|m| (0..n).map(|i| m >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|x| meets(x))
        .collect();
    let all = 1usize << n;
    if allowed.len() == all {
        return Ok(Reading::Always);
    }
    if allowed.is_empty() {
        return Err("no assignment of its variables meets it".into());
    }
    // A variable with one value in every allowed assignment is fixed.
    let mut fixed = Vec::new();
    for (i, &v) in vars.iter().enumerate() {
        if allowed.iter().all(|x| x[i] == allowed[0][i]) {
            fixed.push(Constraint::Fixed(v, allowed[0][i]));
        }
    }
    if n == 1 || fixed.len() == n {
        return Ok(Reading::Constraints(fixed, "fixed".into()));
    }
    if !fixed.is_empty() {
        // One fixed, the other then free: allowed is exactly 2 of 4 sharing the fixed value.
        if allowed.len() == 2 {
            return Ok(Reading::Constraints(fixed, "fixed".into()));
        }
        return Err("it is not one the model expresses".into());
    }
    let (a, b) = (vars[0], vars[1]);
    let set: BTreeSet<(bool, bool)> = allowed.iter().map(|x| (x[0], x[1])).collect();
    let is = |pairs: &[(bool, bool)]| set == pairs.iter().copied().collect();
    if is(&[(false, false), (false, true), (true, false)]) {
        return Ok(Reading::Constraints(vec![Constraint::NotBoth(a, b)], "not-both".into()));
    }
    if is(&[(false, true), (true, false)]) {
        let unit = row.relation == Relation::Equal && row.terms.iter().all(|&(_, c)| (c - row.terms[0].1).abs() < TOL);
        if unit {
            return Ok(Reading::Count(vars, 1));
        }
        return Ok(Reading::Constraints(vec![Constraint::Differ(a, b)], "different".into()));
    }
    if is(&[(false, false), (true, true)]) {
        return Ok(Reading::Constraints(vec![Constraint::Same(a, b)], "same".into()));
    }
    let unit = row.terms.iter().all(|&(_, c)| (c - row.terms[0].1).abs() < TOL);
    if unit && is(&[(false, true), (true, false), (true, true)]) {
        // At least one of the two: 1 or 2 of 2, a soft count.
        let soft = Constraint::Count { vars, k: 1, soft: true };
        return Ok(Reading::Constraints(vec![soft], "1 or 2 of 2 (soft count)".into()));
    }
    Err("it allows an assignment set (an implication) the model does not express".into())
}

/// A row over three variables or more (`vars`): a count of them, with equal coefficients.
fn read_count_row(row: &Row, vars: Vec<usize>) -> std::result::Result<Reading, String> {
    let n = vars.len();
    let c0 = row.terms[0].1;
    let uniform = row.terms.iter().all(|&(_, c)| (c - c0).abs() < TOL * c0.abs().max(1.0));
    if !uniform {
        return Err("its coefficients differ (the model expresses counts over equal coefficients)".into());
    }
    // Σ x (relation) t, with the relation flipped when c0 < 0.
    let t = row.rhs / c0;
    let relation = if c0 < 0.0 { row.relation.swapped() } else { row.relation };
    let nf = n as f64;
    match relation {
        Relation::Equal => {
            if !is_integer(t) || t < -TOL || t > nf + TOL {
                return Err("no assignment of its variables meets it".into());
            }
            let k = t.round() as usize;
            if k == 0 || k == n {
                let all = vars.iter().map(|&v| Constraint::Fixed(v, k == n)).collect();
                return Ok(Reading::Constraints(all, "fixed".into()));
            }
            Ok(Reading::Count(vars, k))
        }
        Relation::AtMost => {
            let k = (t + TOL).floor();
            if k < 0.0 {
                return Err("no assignment of its variables meets it".into());
            }
            if k >= nf {
                return Ok(Reading::Always);
            }
            // 0 ≤ k < n, a whole number.
            let k = k as usize;
            if k == 0 {
                let all = vars.iter().map(|&v| Constraint::Fixed(v, false)).collect();
                return Ok(Reading::Constraints(all, "fixed".into()));
            }
            if k == 1 {
                // 0 or 1 of n: a soft count (its penalty is twice the sum of the pairs' products).
                let soft = Constraint::Count { vars, k: 0, soft: true };
                return Ok(Reading::Constraints(vec![soft], format!("0 or 1 of {n} (soft count)")));
            }
            Ok(Reading::Bound {
                vars,
                k,
                at_least: false,
                why: format!(
                    "at most {k} of {n} is not one the model expresses alone (at most 1 is, and at most k beside at least k-1 over the same variables)"
                ),
            })
        }
        Relation::AtLeast => {
            let k = (t - TOL).ceil();
            if k > nf {
                return Err("no assignment of its variables meets it".into());
            }
            if k <= 0.0 {
                return Ok(Reading::Always);
            }
            // 0 < k ≤ n, a whole number.
            let k = k as usize;
            if k == n {
                let all = vars.iter().map(|&v| Constraint::Fixed(v, true)).collect();
                return Ok(Reading::Constraints(all, "fixed".into()));
            }
            if k + 1 == n {
                let soft = Constraint::Count { vars, k, soft: true };
                return Ok(Reading::Constraints(
                    vec![soft],
                    format!("{k} or {n} of {n} (soft count)"),
                ));
            }
            Ok(Reading::Bound {
                vars,
                k,
                at_least: true,
                why: format!(
                    "at least {k} of {n} is not one the model expresses alone (only beside at most {} over the same variables)",
                    k + 1
                ),
            })
        }
    }
}
