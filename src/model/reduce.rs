//! Reduction: remove every variable the givens decide, at a chosen strength.
//!
//! Levels (each includes the one before):
//! - `none`: every model variable is a qubit; givens and signs become penalty terms.
//! - `clues`: givens fixed and `=`/`x` chains merged, then one pass (no fixpoint, no completion)
//!   clearing what the givens clear directly: the rest of a count a given already meets, the
//!   partner of a given in a `NotBoth`. For one-hot Sudoku this is the candidate elimination of
//!   Pal et al. (a clue removes its digit from its row, column and box and every other digit
//!   from its cell); `paper` goes on to a fixpoint, which solves every 4x4 Sudoku outright.
//! - `paper`: the initial-condition rules of the QUBO paper (Mata Ali & Mencía, §2.2 and §3.2):
//!   givens fixed; `=`/`x` chains merged (union-find with parity, one free variable per chain,
//!   the top-most then left-most cell standing for it); values forced across signs; a count
//!   already met by fixed ones clears the rest of its group, a count that needs every open cell
//!   fills it (full rows/columns completed; for the 3-cell windows of Takuzu this is "two equal
//!   neighbours force the third"); a fixed piece clears the cells it attacks. Applied to a fixpoint.
//!   Then one redundant count is dropped (§2.2, "we consider only N − N_I − 1 regions"): when at
//!   least three families of pairwise disjoint exact counts (rows, columns, regions) each cover
//!   the same free cells with the same total, the last count of the last family is implied by
//!   the others and leaves the QUBO; `Reduced::notes` names it. (With only two such families,
//!   as Tango's rows and columns, the paper keeps both, and so do we.)
//! - `propagate`: every constraint propagated to a fixpoint: bounds on each count's linear form
//!   over the merged variables, exact case analysis of constraints on at most four free
//!   variables (which also merges two variables a constraint makes equal or opposite), and
//!   nested counts: when the open cells of count A lie inside those of count B and A needs at
//!   least as many ones as B allows, B's other cells are 0 (a region confined to one row clears
//!   the rest of the row); when B's other cells must all be 1 to reach B's minimum, they are.
//! - `probe`: also sets each free variable both ways and fixes it when one way contradicts.
//!
//! Every original variable is rebuilt as a constant or `±` a free variable, so a bitstring of
//! the free variables always rebuilds the whole board. A contradiction is `Error::Unsatisfiable`.

use super::engine::Engine;
use super::{Constraint, Model};
use crate::budget::Cancel;
use crate::error::Result;
use serde::Serialize;

use crate::names::value_enum;
pub use crate::names::Level;

value_enum!(Level);

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 5] = [Level::None, Level::Clues, Level::Paper, Level::Propagate, Level::Probe];

    /// The level's name as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::None => "none",
            Level::Clues => "clues",
            Level::Paper => "paper",
            Level::Propagate => "propagate",
            Level::Probe => "probe",
        }
    }
}

crate::checked::named_choice!(Level, "reduction level");

/// What an original variable becomes after reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Lit {
    /// Decided by the reduction.
    Const(bool),
    /// Equal to free variable `index`, or to its negation.
    Var {
        /// The free variable (qubit).
        index: usize,
        /// Whether the original variable is `1 − x_index`.
        negated: bool,
    },
}

/// A reduced model: the free variables and how to rebuild every original variable.
#[derive(Clone, Debug)]
pub struct Reduced {
    /// The level applied.
    pub level: Level,
    /// Number of free variables (qubits).
    pub num_free: usize,
    /// For every original variable, what it is in terms of the free ones.
    pub lits: Vec<Lit>,
    /// Indices of the model's constraints that still involve free variables.
    pub active: Vec<usize>,
    /// Remarks on what the reduction did beyond fixing variables.
    pub notes: Vec<String>,
}

impl Reduced {
    /// The full model assignment for an assignment of the free variables.
    pub fn rebuild(&self, free: &[bool]) -> Vec<bool> {
        self.lits
            .iter()
            .map(|l| match *l {
                Lit::Const(b) => b,
                Lit::Var { index, negated } => free[index] ^ negated,
            })
            .collect()
    }

    /// The full model assignment for basis index `k` (bit q = free variable q).
    pub fn rebuild_index(&self, k: u64) -> Vec<bool> {
        self.lits
            .iter()
            .map(|l| match *l {
                Lit::Const(b) => b,
                Lit::Var { index, negated } => ((k >> index) & 1 == 1) ^ negated,
            })
            .collect()
    }

    /// The free-variable assignment of a full assignment, if it agrees with every constant
    /// and every merge (None otherwise).
    pub fn project(&self, full: &[bool]) -> Option<Vec<bool>> {
        let mut free: Vec<Option<bool>> = vec![None; self.num_free];
        for (l, &v) in self.lits.iter().zip(full) {
            match *l {
                Lit::Const(b) if b != v => return None,
                Lit::Const(_) => {}
                Lit::Var { index, negated } => {
                    let want = v ^ negated;
                    match free[index] {
                        Some(x) if x != want => return None,
                        _ => free[index] = Some(want),
                    }
                }
            }
        }
        free.into_iter().collect()
    }

    /// For each free variable, the original variables it stands for and whether negated.
    pub fn members(&self) -> Vec<Vec<(usize, bool)>> {
        let mut out = vec![Vec::new(); self.num_free];
        for (v, l) in self.lits.iter().enumerate() {
            if let Lit::Var { index, negated } = *l {
                out[index].push((v, negated));
            }
        }
        out
    }
}

/// Reduce `model` at `level`.
pub fn reduce(model: &Model, level: Level) -> Result<Reduced> {
    reduce_within(model, level, &Cancel::never())
}

/// [`reduce`] that stops at `cancel` (its passes read it between constraints' rounds and
/// probes), with the error naming the reduction.
pub fn reduce_within(model: &Model, level: Level, cancel: &Cancel) -> Result<Reduced> {
    let task = format!("reducing the model at level {}", level.name());
    cancel.check(&task)?;
    if level == Level::None {
        return Ok(Reduced {
            level,
            num_free: model.num_vars(),
            lits: (0..model.num_vars())
                .map(|v| Lit::Var {
                    index: v,
                    negated: false,
                })
                .collect(),
            active: (0..model.constraints.len()).collect(),
            notes: Vec::new(),
        });
    }
    let mut engine = Engine::new(model).heeding(cancel);
    engine.apply_givens_and_signs()?;
    if level == Level::Clues {
        engine.clues_pass()?;
        return engine.finish(level);
    }
    engine.fixpoint(level)?;
    cancel.check(&task)?;
    if level >= Level::Probe {
        engine.probe()?;
        cancel.check(&task)?;
    }
    let mut reduced = engine.finish(level)?;
    drop_implied_count(model, &mut reduced);
    Ok(reduced)
}

/// An active exact count over free variables, all positive and distinct.
struct PlainCount {
    /// Index of the constraint in the model.
    index: usize,
    /// Free variables, sorted.
    vars: Vec<usize>,
    /// Ones still needed among them.
    residual: usize,
}

/// The paper's "one region fewer": drop one exact count implied by the others (see the module
/// notes). The solution set is unchanged: if families F and G both partition the cells U with
/// totals S, the counts of G give `Σ_U x = S`, so F's last count follows from F's others.
fn drop_implied_count(model: &Model, reduced: &mut Reduced) {
    let mut plain: Vec<PlainCount> = Vec::new();
    'constraints: for &i in &reduced.active {
        let Constraint::Count { vars, k, soft: false } = &model.constraints[i].constraint else {
            continue;
        };
        let mut ones = 0;
        let mut free = Vec::new();
        for &v in vars {
            match reduced.lits[v] {
                Lit::Const(b) => ones += usize::from(b),
                Lit::Var { index, negated: false } => free.push(index),
                Lit::Var { negated: true, .. } => continue 'constraints,
            }
        }
        free.sort_unstable();
        let len = free.len();
        free.dedup();
        if free.len() != len || ones > *k || free.is_empty() {
            continue;
        }
        plain.push(PlainCount {
            index: i,
            vars: free,
            residual: k - ones,
        });
    }
    // Greedy families of pairwise disjoint counts, in model order.
    let mut families: Vec<(Vec<usize>, Vec<bool>)> = Vec::new();
    for (g, count) in plain.iter().enumerate() {
        let slot = families
            .iter()
            .position(|(_, covered)| count.vars.iter().all(|&v| !covered[v]));
        let family = match slot {
            Some(f) => f,
            None => {
                families.push((Vec::new(), vec![false; reduced.num_free]));
                families.len() - 1
            }
        };
        families[family].0.push(g);
        for &v in &count.vars {
            families[family].1[v] = true;
        }
    }
    let total = |members: &[usize]| members.iter().map(|&g| plain[g].residual).sum::<usize>();
    for last in (0..families.len()).rev() {
        let (members, covered) = &families[last];
        let same: Vec<usize> = (0..last)
            .filter(|&f| families[f].1 == *covered && total(&families[f].0) == total(members))
            .collect();
        if same.len() >= 2 && members.len() >= 2 {
            let dropped = plain[*members.last().unwrap_or(&0)].index;
            let witness = plain[families[same[0]].0[0]].index;
            reduced.active.retain(|&i| i != dropped);
            reduced.notes.push(format!(
                "dropped `{}`: implied by the other counts of its family, which cover the same cells with the same total as the family of `{}`",
                model.constraints[dropped].label, model.constraints[witness].label
            ));
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    fn chain_model() -> Model {
        let mut m = Model::new((0..4).map(|i| format!("v{i}")).collect());
        m.push(Constraint::Same(0, 1), "= 0-1");
        m.push(Constraint::Differ(1, 2), "x 1-2");
        m.push(
            Constraint::Count {
                vars: vec![0, 1, 2, 3],
                k: 2,
                soft: false,
            },
            "row",
        );
        m
    }

    #[test]
    fn chains_merge_to_one_variable() {
        let r = reduce(&chain_model(), Level::Paper).unwrap();
        assert_eq!(r.num_free, 2);
        assert_eq!(
            r.lits[1],
            Lit::Var {
                index: 0,
                negated: false
            }
        );
        assert_eq!(
            r.lits[2],
            Lit::Var {
                index: 0,
                negated: true
            }
        );
        // propagate sees 0+1+2 contribute y + y + (1-y) = 1 + y, so v3 = 1 - y.
        let r = reduce(&chain_model(), Level::Propagate).unwrap();
        assert_eq!(r.num_free, 1);
        assert_eq!(
            r.lits[3],
            Lit::Var {
                index: 0,
                negated: true
            }
        );
    }

    #[test]
    fn contradictions_are_unsatisfiable() {
        let mut m = chain_model();
        m.push(Constraint::Same(0, 2), "= 0-2");
        assert!(matches!(reduce(&m, Level::Paper), Err(Error::Unsatisfiable { .. })));
        let mut m = chain_model();
        m.push(Constraint::Fixed(0, true), "given");
        m.push(Constraint::Fixed(3, true), "given");
        // v0 = v1 = 1, v2 = 0, v3 = 1: three ones in a row of four needing two.
        assert!(matches!(reduce(&m, Level::Paper), Err(Error::Unsatisfiable { .. })));
    }

    #[test]
    fn level_names_parse() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>().unwrap(), l);
        }
        assert!("strong".parse::<Level>().is_err());
    }
}
