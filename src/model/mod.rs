//! The generic constraint layer (the paper's general form, its eq. 17/18): binary variables
//! with names, and constraints between them. Every puzzle compiles to this; nothing below
//! knows which puzzle it came from.

pub mod count;
mod engine;
pub mod exact;
pub mod reduce;
pub mod search;

pub use reduce::{Level, Lit, Reduced};

use crate::checked::{Penalties, PenaltyWeight};
use crate::error::{Error, PenaltyProblem, Result};

/// A constraint over binary model variables. As JSON (`info --model`): `{"kind": "count",
/// "vars": [..], "k": 1, "soft": false}`, `{"kind": "not_both", "vars": [a, b]}`, and likewise
/// `same`, `differ`, and `{"kind": "fixed", "var": a, "value": true}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// `Σ vars = k`, or `Σ vars ∈ {k, k+1}` when `soft` (penalty `(k + ½ − Σ)² − ¼`).
    Count {
        /// The variables summed.
        vars: Vec<usize>,
        /// The target.
        k: usize,
        /// Whether k+1 is allowed too.
        soft: bool,
    },
    /// Not both variables are 1 (attacks, touching).
    NotBoth(usize, usize),
    /// Both variables are equal (Tango `=`).
    Same(usize, usize),
    /// The variables differ (Tango `x`).
    Differ(usize, usize),
    /// The variable is fixed (a given).
    Fixed(usize, bool),
}

impl Constraint {
    /// Whether the assignment satisfies this constraint.
    pub fn holds(&self, x: &[bool]) -> bool {
        match self {
            Constraint::Count { vars, k, soft } => {
                let s = vars.iter().filter(|&&v| x[v]).count();
                s == *k || (*soft && s == k + 1)
            }
            Constraint::NotBoth(a, b) => !(x[*a] && x[*b]),
            Constraint::Same(a, b) => x[*a] == x[*b],
            Constraint::Differ(a, b) => x[*a] != x[*b],
            Constraint::Fixed(a, v) => x[*a] == *v,
        }
    }

    /// The variables this constraint reads.
    pub fn vars(&self) -> Vec<usize> {
        match self {
            Constraint::Count { vars, .. } => vars.clone(),
            Constraint::NotBoth(a, b) | Constraint::Same(a, b) | Constraint::Differ(a, b) => vec![*a, *b],
            Constraint::Fixed(a, _) => vec![*a],
        }
    }
}

impl serde::Serialize for Constraint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let value = match self {
            Constraint::Count { vars, k, soft } => {
                serde_json::json!({"kind": "count", "vars": vars, "k": k, "soft": soft})
            }
            Constraint::NotBoth(a, b) => serde_json::json!({"kind": "not_both", "vars": [a, b]}),
            Constraint::Same(a, b) => serde_json::json!({"kind": "same", "vars": [a, b]}),
            Constraint::Differ(a, b) => serde_json::json!({"kind": "differ", "vars": [a, b]}),
            Constraint::Fixed(a, v) => serde_json::json!({"kind": "fixed", "var": a, "value": v}),
        };
        value.serialize(s)
    }
}

/// A constraint with a label saying where it came from ("row 3", "= sign 2,1-2,2"), and the
/// weight of its penalty in the cost (docs/lp.md, "Penalties").
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Labelled {
    /// The constraint.
    pub constraint: Constraint,
    /// What it stands for, for reports and "no solution" messages.
    pub label: String,
    /// The weight of its penalty: 1 unless an override sets it. Written by `info --model` only
    /// where it is not 1, so a model without overrides keeps its bytes.
    #[serde(skip_serializing_if = "is_one")]
    pub weight: PenaltyWeight,
    /// The names an override knows it by besides its label: an LP or MPS row's name (a soft
    /// count made of two rows has both); none for the puzzles, whose label is the name.
    #[serde(skip)]
    pub names: Vec<String>,
}

fn is_one(w: &PenaltyWeight) -> bool {
    *w == PenaltyWeight::ONE
}

impl Labelled {
    /// Whether an override named `name` sets this constraint's weight (not `*`).
    pub fn is_named(&self, name: &str) -> bool {
        self.label == name || self.names.iter().any(|n| n == name)
    }
}

/// Binary variables, the constraints on them and an optional linear or quadratic objective
/// (as JSON: `info --model`).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Model {
    /// One name per variable (e.g. `r2c3`).
    pub names: Vec<String>,
    /// The constraints.
    pub constraints: Vec<Labelled>,
    /// Optional objective `Σ w_v x_v` to minimise among the assignments meeting every
    /// constraint, as `(v, w_v)` pairs (empty for pure satisfaction puzzles). The QUBO adds it
    /// to the penalties, so its weights must be small against them (Max Chess Pieces: `−1/λ`).
    pub objective: Vec<(usize, f64)>,
    /// The objective's products `w_uv x_u x_v` (u < v), added to the linear part (LP models
    /// with a quadratic objective; empty for the puzzles).
    pub objective_pairs: Vec<(usize, usize, f64)>,
    /// The objective in its own numbers, where `objective` and `objective_pairs` hold it only
    /// scaled (LP files: divided by λ): the linear and the product weights. Optimal assignments
    /// are told apart on these exactly ([`Model::cmp_objective`]; docs/lp.md).
    #[serde(skip)]
    pub exact_objective: Option<ExactObjective>,
}

/// An objective's linear and product weights in the file's own numbers (LP models).
pub type ExactObjective = (Vec<(usize, f64)>, Vec<(usize, usize, f64)>);

impl Model {
    /// A model with `names.len()` variables and no constraints.
    pub fn new(names: Vec<String>) -> Self {
        Model {
            names,
            constraints: Vec::new(),
            objective: Vec::new(),
            objective_pairs: Vec::new(),
            exact_objective: None,
        }
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.names.len()
    }

    /// Add a constraint with a label.
    pub fn push(&mut self, constraint: Constraint, label: impl Into<String>) {
        self.push_named(constraint, label, Vec::new());
    }

    /// Add a constraint with a label and the names an override knows it by besides the label.
    pub fn push_named(&mut self, constraint: Constraint, label: impl Into<String>, names: Vec<String>) {
        debug_assert!(constraint.vars().iter().all(|&v| v < self.names.len()));
        self.constraints.push(Labelled {
            constraint,
            label: label.into(),
            weight: PenaltyWeight::ONE,
            names,
        });
    }

    /// Set the weights `penalties` gives: `*` every constraint's first, then each name's, to
    /// every constraint known by it (an LP row read as several constraints sets them all). A
    /// name no constraint has is refused, naming `file` and a few names it has.
    pub fn set_penalties(&mut self, penalties: &Penalties, file: &str) -> Result<()> {
        let every = penalties.iter().filter(|o| o.name == Penalties::EVERY);
        let named = penalties.iter().filter(|o| o.name != Penalties::EVERY);
        for o in every {
            self.constraints.iter_mut().for_each(|c| c.weight = o.weight);
        }
        for o in named {
            let mut found = false;
            for c in self.constraints.iter_mut().filter(|c| c.is_named(&o.name)) {
                c.weight = o.weight;
                found = true;
            }
            if !found {
                return Err(self.unknown_name(file, &o.name));
            }
        }
        Ok(())
    }

    /// The error of an override named `name` that no constraint has: the first names there are.
    fn unknown_name(&self, file: &str, name: &str) -> Error {
        let mut all: Vec<&str> = Vec::new();
        for c in &self.constraints {
            let names: Vec<&str> = if c.names.is_empty() {
                vec![c.label.as_str()]
            } else {
                c.names.iter().map(String::as_str).collect()
            };
            for n in names {
                if all.last() != Some(&n) && !all.contains(&n) {
                    all.push(n);
                }
            }
        }
        Error::Penalty(PenaltyProblem::UnknownName {
            file: file.to_string(),
            name: name.to_string(),
            some: all.iter().take(5).map(|n| format!("`{n}`")).collect(),
            total: all.len(),
        })
    }

    /// `Σ|w|` over the objective's linear and product weights as the cost holds them: no two
    /// assignments' objectives differ by more (0 without an objective).
    pub fn objective_range(&self) -> f64 {
        self.objective.iter().map(|&(_, w)| w.abs()).sum::<f64>()
            + self.objective_pairs.iter().map(|&(_, _, w)| w.abs()).sum::<f64>()
    }

    /// The constraint whose weight lets the least-cost states break it, if any: one whose
    /// weight is not above [`Model::objective_range`], where some weight is below 1 (a broken
    /// constraint costs at least its weight, so above the range every infeasible state costs
    /// more than the optimum; at weight 1 the puzzles' and LP files' own argument holds:
    /// docs/lp.md, "Penalties"). None without an objective: there a valid state costs 0 and
    /// any other more.
    pub fn weak_penalty(&self) -> Option<&Labelled> {
        if !self.has_objective() || self.constraints.iter().all(|c| c.weight.get() >= 1.0) {
            return None;
        }
        let range = self.objective_range();
        self.constraints.iter().find(|c| c.weight.get() <= range)
    }

    /// Whether every constraint holds for the assignment.
    pub fn is_satisfied(&self, x: &[bool]) -> bool {
        self.constraints.iter().all(|c| c.constraint.holds(x))
    }

    /// Whether the model has an objective (then solutions are the optimal assignments).
    pub fn has_objective(&self) -> bool {
        !self.objective.is_empty() || !self.objective_pairs.is_empty()
    }

    /// The objective `Σ w_v x_v + Σ w_uv x_u x_v` of an assignment (0 without an objective).
    pub fn objective_value(&self, x: &[bool]) -> f64 {
        let linear: f64 = self.objective.iter().filter(|&&(v, _)| x[v]).map(|&(_, w)| w).sum();
        let pairs: f64 = self
            .objective_pairs
            .iter()
            .filter(|&&(u, v, _)| x[u] && x[v])
            .map(|&(_, _, w)| w)
            .sum();
        linear + pairs
    }

    /// The terms of the objective of an assignment, in the objective's own numbers.
    pub fn objective_terms(&self, x: &[bool]) -> Vec<f64> {
        let (linear, pairs) = match &self.exact_objective {
            Some((l, p)) => (l, p),
            None => (&self.objective, &self.objective_pairs),
        };
        linear
            .iter()
            .filter(|&&(v, _)| x[v])
            .map(|&(_, w)| w)
            .chain(pairs.iter().filter(|&&(u, v, _)| x[u] && x[v]).map(|&(_, _, w)| w))
            .collect()
    }

    /// The order of two assignments by objective, exactly (no rounding, no tolerance).
    pub fn cmp_objective(&self, a: &[bool], b: &[bool]) -> std::cmp::Ordering {
        exact::cmp_sums(&self.objective_terms(a), &self.objective_terms(b))
    }

    /// Labels of the constraints the assignment breaks.
    pub fn violations(&self, x: &[bool]) -> Vec<String> {
        self.constraints
            .iter()
            .filter(|c| !c.constraint.holds(x))
            .map(|c| c.label.clone())
            .collect()
    }
}
