//! Exact search: depth-first over the free variables with full propagation at every node.
//! It finds and counts the solutions of a constraint model far beyond statevector size.
//! With an objective (Max Chess Pieces) it is a branch and bound: the solutions are the
//! assignments of least objective, and every one of them is counted.

use super::engine::Engine;
use super::reduce::Level;
use super::{Constraint, Model};
use crate::budget::Budget;
use crate::error::Result;

/// Objective values closer than this are equal.
const OBJECTIVE_TOL: f64 = 1e-9;

/// What the search found.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    /// Assignments of the model that satisfy every constraint (the QUBO's zero-energy states);
    /// with an objective, only those of least objective.
    pub model_solutions: usize,
    /// The least objective value (0 without an objective; infinite when nothing satisfies).
    pub best_objective: f64,
    /// The accepted ones (those the caller's full rule check passed), up to the limit.
    pub accepted: Vec<Vec<bool>>,
    /// Number of accepted solutions (may exceed `accepted.len()` when the limit was hit).
    pub accepted_count: usize,
    /// False when the search stopped at `max_model_solutions`.
    pub complete: bool,
    /// Search nodes visited.
    pub nodes: u64,
    /// Why the search stopped before it was complete, when a [`SearchLimits`] bound did.
    pub stopped: Option<Stopped>,
}

/// Which bound of [`SearchLimits`] stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The node budget.
    Nodes,
    /// The deadline.
    Deadline,
}

/// Bounds on a search beyond the solution count: nodes (deterministic) and a wall-clock
/// deadline (for commands that promise an answer in time).
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    /// Nodes visited at most.
    pub max_nodes: u64,
    /// Stop when this instant has passed (checked every 256 nodes).
    pub deadline: Option<std::time::Instant>,
}

impl SearchLimits {
    /// No bound.
    pub const NONE: SearchLimits = SearchLimits {
        max_nodes: u64::MAX,
        deadline: None,
    };
}

/// Enumerate the solutions of `model`. `accept` applies the rules the model cannot express
/// (e.g. Takuzu's distinct rows); at most `keep` accepted solutions are stored and the search
/// stops after `max_model_solutions` model solutions.
pub fn search(
    model: &Model,
    keep: usize,
    max_model_solutions: usize,
    accept: impl FnMut(&[bool]) -> bool,
) -> Result<SearchOutcome> {
    search_limited(model, keep, max_model_solutions, SearchLimits::NONE, accept)
}

/// [`search`] that also stops (incomplete, with [`SearchOutcome::stopped`] saying why) at the
/// bounds of `limits`.
pub fn search_limited(
    model: &Model,
    keep: usize,
    max_model_solutions: usize,
    limits: SearchLimits,
    accept: impl FnMut(&[bool]) -> bool,
) -> Result<SearchOutcome> {
    search_within(model, keep, max_model_solutions, limits, &Budget::unlimited(), accept)
}

/// [`search_limited`] that also stops at the end of `budget` (as at its deadline) and reports
/// its progress to it: the nodes and solutions so far and the pace. The size of the tree is
/// not known ahead (a branch that places a piece is cut far more than its sibling), so no part
/// done is claimed.
pub fn search_within(
    model: &Model,
    keep: usize,
    max_model_solutions: usize,
    limits: SearchLimits,
    budget: &Budget<'_>,
    mut accept: impl FnMut(&[bool]) -> bool,
) -> Result<SearchOutcome> {
    let mut out = SearchOutcome {
        model_solutions: 0,
        best_objective: if model.has_objective() { f64::INFINITY } else { 0.0 },
        accepted: Vec::new(),
        accepted_count: 0,
        complete: true,
        nodes: 0,
        stopped: None,
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
    // The best assignment so far (with an objective).
    let mut best_x: Option<Vec<bool>> = None;
    while let Some(mut engine) = stack.pop() {
        let stop = stop_at(&out, &limits, budget);
        if stop.is_some() {
            out.complete = false;
            out.stopped = stop;
            return Ok(out);
        }
        out.nodes += 1;
        if model.has_objective() && lower_bound(&mut engine) > out.best_objective + OBJECTIVE_TOL {
            continue;
        }
        match pick(&mut engine, &groups) {
            None => {
                let x: Vec<bool> = (0..model.num_vars())
                    .map(|v| engine.value_of(v).unwrap_or(false))
                    .collect();
                debug_assert!(model.is_satisfied(&x));
                if !model.is_satisfied(&x) {
                    continue;
                }
                if !record_solution(model, x, &mut out, &mut best_x, keep, &mut accept) {
                    continue;
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

/// Why the search stops before its next node, if it does: the node limit, or at a
/// checkpoint (every 256 nodes) the deadline or the budget's end. Progress is reported at
/// each checkpoint.
fn stop_at(out: &SearchOutcome, limits: &SearchLimits, budget: &Budget<'_>) -> Option<Stopped> {
    let checkpoint = out.nodes.is_multiple_of(256);
    let stop = if out.nodes >= limits.max_nodes {
        Some(Stopped::Nodes)
    } else if checkpoint && (limits.deadline.is_some_and(|d| std::time::Instant::now() >= d) || budget.expired()) {
        Some(Stopped::Deadline)
    } else {
        None
    };
    if checkpoint {
        budget.tick(
            "exact search",
            || None,
            || {
                format!(
                    "{} nodes ({:.0} per second), {} solutions so far",
                    out.nodes,
                    out.nodes as f64 / budget.seconds().max(1e-9),
                    out.accepted_count
                )
            },
        );
    }
    stop
}

/// Record the model solution `x` in `out`: with an objective, only one as good as the best
/// so far (`best_x`; a better one starts the count again). Solutions `accept` takes are
/// counted, at most `keep` of them stored. Whether `x` was counted.
fn record_solution(
    model: &Model,
    x: Vec<bool>,
    out: &mut SearchOutcome,
    best_x: &mut Option<Vec<bool>>,
    keep: usize,
    accept: &mut impl FnMut(&[bool]) -> bool,
) -> bool {
    if model.has_objective() {
        // Optima are told apart exactly, on the objective's own numbers (docs/lp.md):
        // the tolerance only keeps the pruning above from cutting a tie.
        let order = best_x
            .as_ref()
            .map_or(std::cmp::Ordering::Less, |b| model.cmp_objective(&x, b));
        match order {
            std::cmp::Ordering::Greater => return false,
            std::cmp::Ordering::Less => {
                out.best_objective = model.objective_value(&x);
                *best_x = Some(x.clone());
                out.model_solutions = 0;
                out.accepted.clear();
                out.accepted_count = 0;
            }
            std::cmp::Ordering::Equal => {}
        }
    }
    out.model_solutions += 1;
    if accept(&x) {
        out.accepted_count += 1;
        if out.accepted.len() < keep {
            out.accepted.push(x);
        }
    }
    true
}

/// A lower bound on the objective below this node: decided terms plus every negative weight
/// of a term not yet decided (a product is decided once a factor is 0 or both are 1).
fn lower_bound(engine: &mut Engine<'_>) -> f64 {
    let model = engine.model;
    let linear: f64 = model
        .objective
        .iter()
        .map(|&(v, w)| match engine.value_of(v) {
            Some(true) => w,
            Some(false) => 0.0,
            None => w.min(0.0),
        })
        .sum();
    let pairs: f64 = model
        .objective_pairs
        .iter()
        .map(|&(u, v, w)| match (engine.value_of(u), engine.value_of(v)) {
            (Some(false), _) | (_, Some(false)) => 0.0,
            (Some(true), Some(true)) => w,
            _ => w.min(0.0),
        })
        .sum();
    linear + pairs
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

    #[test]
    fn objective_keeps_only_the_best() {
        // A path a - b - c of NotBoth: the largest independent set is {a, c}, alone.
        let mut m = Model::new(vec!["a".into(), "b".into(), "c".into()]);
        m.push(Constraint::NotBoth(0, 1), "ab");
        m.push(Constraint::NotBoth(1, 2), "bc");
        m.objective = vec![(0, -1.0), (1, -1.0), (2, -1.0)];
        let out = search(&m, 10, usize::MAX, |_| true).unwrap();
        assert_eq!(out.model_solutions, 1);
        assert_eq!(out.accepted, vec![vec![true, false, true]]);
        assert!((out.best_objective + 2.0).abs() < 1e-12);
    }
}
