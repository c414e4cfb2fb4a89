//! The one-hot encoding: one qubit per free variable of the reduced constraint model, the
//! penalty QUBO of the model as an Ising cost. Every puzzle has it.

use super::{
    CellMarginals, Classical, Encoding, EncodingKind, FixedCell, PuzzleSource, QubitCell, SuccessStates, ENERGY_TOL,
};
use crate::budget::Budget;
use crate::checked::Penalties;
use crate::circuit::Circuit;
use crate::cost::diagonal::CostDiagonal;
use crate::cost::ising::Ising;
use crate::cost::pubo::ZPoly;
use crate::cost::qubo::Qubo;
use crate::error::Result;
use crate::model::{reduce, search, Level, Lit, Model, Reduced};
use crate::puzzle::{self, Board, Puzzle, Verdict};
use std::path::Path;

/// Nodes the exact search may visit before it stops and says so.
pub const SEARCH_NODE_LIMIT: usize = 1_000_000;

/// A puzzle and everything built from it at one reduction level.
#[derive(Debug)]
pub struct OneHot {
    /// Where it came from.
    pub source: PuzzleSource,
    /// The puzzle.
    pub puzzle: Box<dyn Puzzle>,
    /// Its constraint model.
    pub model: Model,
    /// The reduction applied.
    pub reduced: Reduced,
    /// The penalty QUBO over the free variables.
    pub qubo: Qubo,
    /// Its Ising form.
    pub ising: Ising,
    /// The penalty overrides its model's weights come from (docs/lp.md, "Penalties").
    pub penalties: Penalties,
    /// The cost of the optimal states where the least cost may not be theirs: a model with an
    /// objective whose overrides leave a penalty not above the objective's range
    /// ([`Model::weak_penalty`]); found by the exact search on the constraints. None otherwise
    /// (the least cost is the optimum's).
    pub optimum_cost: Option<f64>,
}

impl OneHot {
    /// Build everything for `puzzle` at `level`. A contradiction is `Error::Unsatisfiable`.
    pub fn new(file: &str, puzzle: Box<dyn Puzzle>, level: Level) -> Result<Self> {
        Self::new_within(file, puzzle, level, &crate::budget::Cancel::never())
    }

    /// [`OneHot::new`] that stops at `cancel` between its steps and while the penalty QUBO is
    /// built (a count over m variables has m² products).
    pub fn new_within(
        file: &str,
        puzzle: Box<dyn Puzzle>,
        level: Level,
        cancel: &crate::budget::Cancel,
    ) -> Result<Self> {
        Self::new_with(file, puzzle, level, &Penalties::default(), cancel)
    }

    /// [`OneHot::new_within`] with the penalty weights `penalties` sets on the model (a name no
    /// constraint has is refused, naming `file`).
    pub fn new_with(
        file: &str,
        puzzle: Box<dyn Puzzle>,
        level: Level,
        penalties: &Penalties,
        cancel: &crate::budget::Cancel,
    ) -> Result<Self> {
        let task = format!("building the model of {file}");
        cancel.check(&task)?;
        let mut model = puzzle.model();
        model.set_penalties(penalties, file)?;
        cancel.check(&task)?;
        let reduced = reduce::reduce_within(&model, level, cancel)?;
        cancel.check(&task)?;
        let qubo = Qubo::from_model_within(&model, &reduced, &[], cancel)?;
        let ising = qubo.to_ising();
        let mut enc = OneHot {
            source: PuzzleSource::named(file),
            puzzle,
            model,
            reduced,
            qubo,
            ising,
            penalties: penalties.clone(),
            optimum_cost: None,
        };
        if enc.model.weak_penalty().is_some() {
            // The least cost may be an infeasible state's: the optimum is the constraints'.
            let task = format!("{file}: the exact search for the optimum (a penalty is weaker than the objective)");
            let best = enc.search_heeding(1, cancel, &task)?;
            best.require_solution()?;
            enc.optimum_cost = best.min_energy;
        }
        Ok(enc)
    }

    /// The cost of the optimal states (0 without an objective): the least cost `least` of the
    /// space, unless overrides make some penalty weaker than the objective's range, where it is
    /// the cost the exact search found for the optimum.
    pub fn success_cost(&self, least: f64) -> f64 {
        if !self.model.has_objective() {
            0.0
        } else {
            self.optimum_cost.unwrap_or(least)
        }
    }

    /// Parse puzzle text (`file` names it in messages) and build at `level`.
    pub fn parse(file: &str, text: &str, level: Level) -> Result<Self> {
        Self::parse_within(file, text, level, &crate::budget::Cancel::never())
    }

    /// [`OneHot::parse`], the reading heeding `cancel` ([`puzzle::parse_within`]).
    pub fn parse_within(file: &str, text: &str, level: Level, cancel: &crate::budget::Cancel) -> Result<Self> {
        Self::parse_with(file, text, level, &Penalties::default(), cancel)
    }

    /// [`OneHot::parse_within`] with penalty overrides ([`OneHot::new_with`]).
    pub fn parse_with(
        file: &str,
        text: &str,
        level: Level,
        penalties: &Penalties,
        cancel: &crate::budget::Cancel,
    ) -> Result<Self> {
        let puzzle = puzzle::parse_within(file, text, cancel)?;
        let mut enc = OneHot::new_with(file, puzzle, level, penalties, cancel)?;
        enc.source = PuzzleSource::with_text(file, text);
        Ok(enc)
    }

    /// Read `path` and build at `level`.
    pub fn load(path: &Path, level: Level) -> Result<Self> {
        OneHot::parse(&path.display().to_string(), &puzzle::read_text(path)?, level)
    }

    /// Exact solutions: over `diagonal` when given (every basis state), by exact search on the
    /// model otherwise. Keeps at most `keep` boards.
    pub fn classical(&self, diagonal: Option<&CostDiagonal>, keep: usize) -> Result<Classical> {
        match diagonal {
            Some(d) => Ok(self.classical_on_diagonal(d, keep)),
            None => self.search(keep),
        }
    }

    /// The complete-rule verdict of the full model assignment `x`.
    fn verdict_of_assignment(&self, x: &[bool]) -> Verdict {
        Verdict::of(&self.puzzle.check(&self.puzzle.board(x)))
    }

    /// Keep, of `states`, those whose model assignment (`assignment` of a state) has the least
    /// objective exactly, where the cost holds the objective only scaled (LP files): states
    /// the cost cannot tell apart in `f64` are told apart on the objective's own numbers
    /// (docs/lp.md). Nothing changes for the puzzles.
    pub fn keep_exact_optima(&self, states: &mut Vec<u64>, assignment: impl Fn(u64) -> Vec<bool>) {
        if self.model.exact_objective.is_none() || states.len() < 2 {
            return;
        }
        let xs: Vec<Vec<bool>> = states.iter().map(|&k| assignment(k)).collect();
        let mut best = 0;
        for i in 1..xs.len() {
            if self.model.cmp_objective(&xs[i], &xs[best]) == std::cmp::Ordering::Less {
                best = i;
            }
        }
        let mut i = 0;
        states.retain(|_| {
            let keep = self.model.cmp_objective(&xs[i], &xs[best]) == std::cmp::Ordering::Equal;
            i += 1;
            keep
        });
    }

    /// The objective (to minimise) of each of `states` in its own numbers, where the cost holds
    /// it only scaled (LP files); empty otherwise.
    pub fn exact_objectives(&self, states: &[u64], assignment: impl Fn(u64) -> Vec<bool>) -> Vec<f64> {
        if self.model.exact_objective.is_none() {
            return Vec::new();
        }
        states
            .iter()
            .map(|&k| crate::model::exact::sum(&self.model.objective_terms(&assignment(k))))
            .collect()
    }

    /// The qubit values of the stored solution, if the file has one and the reduction keeps
    /// it (it always should).
    pub fn solution_bits(&self) -> Option<Vec<bool>> {
        self.bits_of_board(self.puzzle.solution()?)
    }
}

impl Encoding for OneHot {
    fn kind(&self) -> EncodingKind {
        EncodingKind::Onehot
    }

    fn source(&self) -> &PuzzleSource {
        &self.source
    }

    fn puzzle(&self) -> &dyn Puzzle {
        self.puzzle.as_ref()
    }

    fn level(&self) -> Level {
        self.reduced.level
    }

    fn num_qubits(&self) -> usize {
        self.reduced.num_free
    }

    fn qubits_at(&self, level: Level, cancel: &crate::budget::Cancel) -> Result<usize> {
        Ok(reduce::reduce_within(&self.model, level, cancel)?.num_free)
    }

    fn cost_poly(&self) -> ZPoly {
        ZPoly::from_ising(&self.ising)
    }

    fn circuit(&self, angles: &crate::angles::Angles) -> Circuit {
        Circuit::qaoa(&self.ising, angles)
    }

    fn diagonal_bytes_per_state(&self) -> usize {
        self.ising.diagonal_bytes_per_state()
    }

    fn cost_diagonal(&self) -> Result<CostDiagonal> {
        self.ising.validate()?;
        Ok(self.ising.cost_diagonal())
    }

    fn board_of_bits(&self, bits: &[bool]) -> Board {
        self.puzzle.board(&self.reduced.rebuild(bits))
    }

    fn board(&self, k: u64) -> Board {
        self.puzzle.board(&self.reduced.rebuild_index(k))
    }

    fn bits_of_board(&self, board: &Board) -> Option<Vec<bool>> {
        let full = self.puzzle.assignment(board)?;
        if full.len() != self.model.num_vars() {
            return None;
        }
        self.reduced.project(&full)
    }

    fn qubit_cells(&self) -> Vec<Vec<QubitCell>> {
        self.reduced
            .members()
            .into_iter()
            .map(|m| {
                m.into_iter()
                    .map(|(v, negated)| QubitCell {
                        cell: self.model.names[v].clone(),
                        negated,
                    })
                    .collect()
            })
            .collect()
    }

    fn fixed_cells(&self) -> Vec<FixedCell> {
        self.reduced
            .lits
            .iter()
            .enumerate()
            .filter_map(|(v, l)| match *l {
                Lit::Const(value) => Some(FixedCell {
                    cell: self.model.names[v].clone(),
                    value,
                }),
                Lit::Var { .. } => None,
            })
            .collect()
    }

    /// Without an objective these are the zero-energy states. With one (Max Chess Pieces) they
    /// are the valid states of least energy: the penalties make every invalid state cost more
    /// than some valid one, so the minimum of the diagonal is the true optimum.
    /// Where overrides weaken a penalty below the objective's range, the target is the
    /// optimum's cost found by the exact search ([`OneHot::success_cost`]), and the infeasible
    /// states of that cost are judged out.
    fn success_states(&self, diagonal: &CostDiagonal) -> SuccessStates {
        let target = self.success_cost(diagonal.min());
        let mut out = SuccessStates::default();
        for k in diagonal.states_with_cost(target, ENERGY_TOL) {
            match self.verdict(k) {
                Verdict::Valid => out.valid.push(k),
                Verdict::BreaksOnlyNonQubo => out.non_qubo.push(k),
                // Energy 0 satisfies every QUBO rule; with an objective, least-energy states
                // may break one only if the penalties are too weak, which the weights exclude.
                Verdict::Invalid => {
                    debug_assert!(
                        self.model.has_objective()
                            || self.model.constraints.iter().any(|c| c.weight.get() <= ENERGY_TOL),
                        "zero-energy state {k} breaks a QUBO rule"
                    )
                }
            }
        }
        self.keep_exact_optima(&mut out.valid, |k| self.reduced.rebuild_index(k));
        out
    }

    fn search_within(&self, keep: usize, max_nodes: u64, budget: &Budget<'_>) -> Result<Classical> {
        let limits = search::SearchLimits {
            max_nodes,
            deadline: None,
        };
        let out = search::search_within(&self.model, keep, SEARCH_NODE_LIMIT, limits, budget, |x| {
            self.verdict_of_assignment(x) == Verdict::Valid
        })?;
        if out.stopped == Some(search::Stopped::Deadline) {
            return Err(budget.out_of_time(
                &format!("{}: the exact search for every solution", self.file()),
                None,
                &format!(
                    "{} search nodes, {} solutions so far (the size of the tree is not known ahead)",
                    out.nodes, out.accepted_count
                ),
            ));
        }
        // The energy of a solution is its objective (0 without one); compute it from the QUBO
        // so that the two methods report the same number.
        let min_energy = match out.accepted.first().and_then(|x| self.reduced.project(x)) {
            Some(free) => Some(self.qubo.energy_of(&free)),
            None if out.model_solutions > 0 => Some(out.best_objective),
            None => None,
        };
        Ok(Classical {
            method: "search",
            min_energy,
            ground_states: out.model_solutions,
            solution_count: out.accepted_count,
            boards: out.accepted.iter().map(|x| self.puzzle.board(x)).collect(),
            ground_states_breaking_non_qubo_rules: out.model_solutions - out.accepted_count,
            complete: out.complete,
        })
    }

    fn solution_index(&self) -> Option<u64> {
        let free = self.solution_bits()?;
        (free.len() <= 64).then(|| free.iter().enumerate().map(|(q, &b)| u64::from(b) << q).sum())
    }

    fn cell_marginals(&self, qubit_marginals: &[f64]) -> Option<CellMarginals> {
        // One marginal per qubit, or no picture (a short list would index past its end).
        if qubit_marginals.len() != self.num_qubits() {
            return None;
        }
        let (rows, cols) = self.puzzle.size();
        let marg = variable_marginals(&self.reduced, qubit_marginals);
        let mut cells = vec![None; rows * cols];
        let mut fixed = vec![false; rows * cols];
        for (v, name) in self.model.names.iter().enumerate() {
            let (r, c) = cell_of_name(name)?;
            if r >= rows || c >= cols || cells[r * cols + c].is_some() {
                return None;
            }
            cells[r * cols + c] = Some(marg[v]);
            fixed[r * cols + c] = matches!(self.reduced.lits[v], Lit::Const(_));
        }
        let solution = self.puzzle.solution().cloned();
        // Colour the solution by its variables (a Tents tent is `A`, a queen `Q`, ...).
        let mut solution_values = Vec::new();
        if let Some(x) = solution.as_ref().and_then(|b| self.puzzle.assignment(b)) {
            if x.len() == self.model.num_vars() {
                solution_values = vec![None; rows * cols];
                for (v, name) in self.model.names.iter().enumerate() {
                    if let Some((r, c)) = cell_of_name(name) {
                        solution_values[r * cols + c] = Some(x[v]);
                    }
                }
            }
        }
        Some(CellMarginals {
            rows,
            cols,
            marginals: cells,
            fixed,
            solution,
            solution_values,
            one_means: puzzle::one_means(self.puzzle.kind()).to_string(),
        })
    }

    fn notes(&self) -> Vec<String> {
        let mut notes = self.reduced.notes.clone();
        notes.extend(self.puzzle.warnings().into_iter().map(|w| format!("warning: {w}")));
        if !self.penalties.is_empty() {
            let every = self.penalties.iter().any(|o| o.name == Penalties::EVERY);
            notes.push(format!(
                "penalty weights set: {}{} (docs/lp.md, \"Penalties\")",
                self.penalties.texts().join(", "),
                if every { "" } else { "; every other penalty weighs 1" }
            ));
        }
        if let Some(c) = self.model.weak_penalty() {
            notes.push(format!(
                "warning: the penalty of `{}` weighs {}, not above the objective's range {} on the cost's scale: the least-cost states may break it; P(valid) still counts only the optimal states that meet every constraint",
                c.label,
                c.weight.get(),
                self.model.objective_range()
            ));
        }
        notes
    }

    fn as_onehot(&self) -> Option<&OneHot> {
        Some(self)
    }

    fn penalties(&self) -> &Penalties {
        &self.penalties
    }
}

/// `(row, col)` of a model variable named `r{row}c{col}`.
fn cell_of_name(name: &str) -> Option<(usize, usize)> {
    let rest = name.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// `P(x_v = 1)` for every model variable v, from the qubit marginals: a constant cell is 0 or 1,
/// a cell equal to qubit q is `P(x_q = 1)`, a negated one its complement. Equals
/// `Σ_k |ψ_k|² · rebuild_index(k)[v]`.
pub fn variable_marginals(reduced: &Reduced, qubit_marginals: &[f64]) -> Vec<f64> {
    reduced
        .lits
        .iter()
        .map(|&l| match l {
            Lit::Const(b) => f64::from(u8::from(b)),
            Lit::Var { index, negated: false } => qubit_marginals[index],
            Lit::Var { index, negated: true } => 1.0 - qubit_marginals[index],
        })
        .collect()
}
