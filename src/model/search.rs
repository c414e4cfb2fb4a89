//! Exact search: depth-first over the free variables with full propagation at every node.
//! It finds and counts the solutions of a constraint model far beyond statevector size.

use super::reduce::{Engine, Level};
use super::{Constraint, Model};
use crate::error::Result;

/// What the search found.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    /// Assignments of the model that satisfy every constraint (the QUBO's zero-energy states).
    pub model_solutions: usize,
    /// The accepted ones (those the caller's full rule check passed), up to the limit.
    pub accepted: Vec<Vec<bool>>,
    /// Number of accepted solutions (may exceed `accepted.len()` when the limit was hit).
    pub accepted_count: usize,
    /// False when the search stopped at `max_model_solutions`.
    pub complete: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Enumerate the solutions of `model`. `accept` applies the rules the model cannot express
/// (e.g. Takuzu's distinct rows); at most `keep` accepted solutions are stored and the search
/// stops after `max_model_solutions` model solutions.
pub fn search(
    model: &Model,
    keep: usize,
    max_model_solutions: usize,
    mut accept: impl FnMut(&[bool]) -> bool,
) -> Result<SearchOutcome> {
    let mut out = SearchOutcome {
        model_solutions: 0,
        accepted: Vec::new(),
        accepted_count: 0,
        complete: true,
        nodes: 0,
    };
    let mut root = Engine::new(model);
    if root.apply_givens_and_signs().is_err() || root.fixpoint(Level::Propagate).is_err() {
        return Ok(out);
    }
    // Count constraints give the branching order: smallest group with open cells first.
    let groups: Vec<&Vec<usize>> = model
        .constraints
        .iter()
        .filter_map(|c| match &c.constraint {
            Constraint::Count { vars, .. } => Some(vars),
            _ => None,
        })
        .collect();
    let mut stack = vec![root];
    while let Some(mut engine) = stack.pop() {
        out.nodes += 1;
        match pick(&mut engine, &groups) {
            None => {
                let x: Vec<bool> = (0..model.num_vars())
                    .map(|v| engine.value_of(v).unwrap_or(false))
                    .collect();
                debug_assert!(model.is_satisfied(&x));
                if !model.is_satisfied(&x) {
                    continue;
                }
                out.model_solutions += 1;
                if accept(&x) {
                    out.accepted_count += 1;
                    if out.accepted.len() < keep {
                        out.accepted.push(x);
                    }
                }
                if out.model_solutions >= max_model_solutions {
                    out.complete = stack.is_empty();
                    return Ok(out);
                }
            }
            Some(v) => {
                for b in [false, true] {
                    let mut child = engine.clone();
                    if child.fix(v, b, "search").is_ok() && child.fixpoint(Level::Propagate).is_ok() {
                        stack.push(child);
                    }
                }
            }
        }
    }
    Ok(out)
}

/// An undecided variable from the group with the fewest open cells, or any undecided one.
fn pick(engine: &mut Engine<'_>, groups: &[&Vec<usize>]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for g in groups {
        let open: Vec<usize> = g.iter().copied().filter(|&v| engine.value_of(v).is_none()).collect();
        if !open.is_empty() && best.is_none_or(|(n, _)| open.len() < n) {
            best = Some((open.len(), open[0]));
        }
    }
    if let Some((_, v)) = best {
        return Some(v);
    }
    engine.free_roots().first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_permutations() {
        // 3x3 permutation matrices: 6 solutions.
        let mut m = Model::new((0..9).map(|i| format!("v{i}")).collect());
        for r in 0..3 {
            m.push(
                Constraint::Count {
                    vars: (0..3).map(|c| 3 * r + c).collect(),
                    k: 1,
                    soft: false,
                },
                "row",
            );
            m.push(
                Constraint::Count {
                    vars: (0..3).map(|c| 3 * c + r).collect(),
                    k: 1,
                    soft: false,
                },
                "col",
            );
        }
        let out = search(&m, 10, usize::MAX, |_| true).unwrap();
        assert_eq!(out.model_solutions, 6);
        assert_eq!(out.accepted.len(), 6);
        let out = search(&m, 10, usize::MAX, |x| x[0]).unwrap();
        assert_eq!(out.accepted_count, 2);
    }
}
