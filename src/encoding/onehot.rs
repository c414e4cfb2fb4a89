//! One puzzle carried through the pipeline: model → reduction → QUBO → Ising, and the
//! questions asked of it (which bitstrings are solutions, what the classical answer is).

use crate::bits;
use crate::cost::diagonal::CostDiagonal;
use crate::cost::ising::Ising;
use crate::cost::qubo::Qubo;
use crate::error::{Error, Result};
use crate::model::{reduce, search, Level, Model, Reduced};
use crate::puzzle::{self, Board, Puzzle, Verdict};
use serde::Serialize;
use std::path::Path;

/// Energies below this are zero (they are exact multiples of ¼ in practice).
pub const ENERGY_TOL: f64 = 1e-9;

/// A puzzle and everything built from it at one reduction level.
#[derive(Debug)]
pub struct Problem {
    /// Where it came from.
    pub file: String,
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
}

/// One original variable a qubit stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QubitCell {
    /// The model variable's name (`r2c3`, ...).
    pub cell: String,
    /// True when the variable is `1 − x_q`.
    pub negated: bool,
}

/// Solutions found classically.
#[derive(Clone, Debug, Serialize)]
pub struct Classical {
    /// `diagonal` (exhaustive over 2^n) or `search` (exact depth-first search).
    pub method: &'static str,
    /// Smallest QUBO energy.
    pub min_energy: f64,
    /// Number of minimum-energy QUBO assignments.
    pub ground_states: usize,
    /// Boards passing the complete rule check.
    pub solution_count: usize,
    /// The solutions (up to the limit asked).
    pub boards: Vec<Board>,
    /// Ground states that break only rules the QUBO cannot express.
    pub ground_states_breaking_non_qubo_rules: usize,
    /// False when the search stopped at its limit.
    pub complete: bool,
}

impl Problem {
    /// Build everything for `puzzle` at `level`. A contradiction is `Error::Unsatisfiable`.
    pub fn new(file: &str, puzzle: Box<dyn Puzzle>, level: Level) -> Result<Self> {
        let model = puzzle.model();
        let reduced = reduce::reduce(&model, level)?;
        let qubo = Qubo::from_model(&model, &reduced);
        let ising = qubo.to_ising();
        Ok(Problem {
            file: file.to_string(),
            puzzle,
            model,
            reduced,
            qubo,
            ising,
        })
    }

    /// Read `path` and build at `level`.
    pub fn load(path: &Path, level: Level) -> Result<Self> {
        let puzzle = puzzle::load(path)?;
        Problem::new(&path.display().to_string(), puzzle, level)
    }

    /// Number of qubits.
    pub fn num_qubits(&self) -> usize {
        self.reduced.num_free
    }

    /// The board of basis index `k`.
    pub fn board_of(&self, k: u64) -> Board {
        self.puzzle.board(&self.reduced.rebuild_index(k))
    }

    /// The complete-rule verdict of basis index `k`.
    pub fn verdict_of(&self, k: u64) -> Verdict {
        Verdict::of(&self.puzzle.check(&self.board_of(k)))
    }

    /// For every qubit, the cells it stands for.
    pub fn qubit_cells(&self) -> Vec<Vec<QubitCell>> {
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

    /// Zero-energy basis states split by verdict: (valid, breaking only non-QUBO rules).
    pub fn zero_energy_states(&self, diagonal: &CostDiagonal) -> (Vec<u64>, Vec<u64>) {
        let zero = diagonal.states_with_cost(0.0, ENERGY_TOL);
        let mut valid = Vec::new();
        let mut non_qubo = Vec::new();
        for k in zero {
            match self.verdict_of(k) {
                Verdict::Valid => valid.push(k),
                Verdict::BreaksOnlyNonQubo => non_qubo.push(k),
                // Energy 0 satisfies every QUBO rule; anything else is a bug worth seeing.
                Verdict::Invalid => debug_assert!(false, "zero-energy state {k} breaks a QUBO rule"),
            }
        }
        (valid, non_qubo)
    }

    /// The states that count as success, split by verdict: (valid, breaking only non-QUBO
    /// rules). Without an objective these are the zero-energy states. With one (Max Chess
    /// Pieces) they are the valid states of least energy: the penalties make every invalid
    /// state cost more than some valid one, so the minimum of the diagonal is the true optimum.
    pub fn success_states(&self, diagonal: &CostDiagonal) -> (Vec<u64>, Vec<u64>) {
        if !self.model.has_objective() {
            return self.zero_energy_states(diagonal);
        }
        let mut valid = Vec::new();
        let mut non_qubo = Vec::new();
        for k in diagonal.states_with_cost(diagonal.min(), ENERGY_TOL) {
            match self.verdict_of(k) {
                Verdict::Valid => valid.push(k),
                Verdict::BreaksOnlyNonQubo => non_qubo.push(k),
                Verdict::Invalid => {}
            }
        }
        (valid, non_qubo)
    }

    /// Solve classically: exhaustively over the cost diagonal when `diagonal` is given,
    /// otherwise by exact search on the model. Keeps at most `keep` boards.
    pub fn classical(&self, diagonal: Option<&CostDiagonal>, keep: usize) -> Result<Classical> {
        match diagonal {
            Some(d) => {
                let min_energy = d.min();
                let ground = d.states_with_cost(min_energy, ENERGY_TOL);
                let (valid, non_qubo) = if min_energy.abs() <= ENERGY_TOL || self.model.has_objective() {
                    self.success_states(d)
                } else {
                    (vec![], vec![])
                };
                Ok(Classical {
                    method: "diagonal",
                    min_energy,
                    ground_states: ground.len(),
                    solution_count: valid.len(),
                    boards: valid.iter().take(keep).map(|&k| self.board_of(k)).collect(),
                    ground_states_breaking_non_qubo_rules: non_qubo.len(),
                    complete: true,
                })
            }
            None => {
                let out = search::search(&self.model, keep, 1_000_000, |x| {
                    self.puzzle.check(&self.puzzle.board(x)).is_empty()
                })?;
                // The energy of a solution is its objective (0 without one); compute it from
                // the QUBO so that the two methods report the same number.
                let min_energy = match out.accepted.first().and_then(|x| self.reduced.project(x)) {
                    Some(free) => self.qubo.energy_of(&free),
                    None if out.model_solutions > 0 => out.best_objective,
                    None => f64::NAN,
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
        }
    }

    /// Bitstrings (qubit 0 first) of valid boards found by exact search on the model, with no
    /// statevector (for instances too large to simulate): at most `keep` of them, and whether
    /// the list is every valid board.
    pub fn valid_bitstrings_by_search(&self, keep: usize) -> Result<(Vec<String>, bool)> {
        let out = search::search(&self.model, keep, 1_000_000, |x| {
            self.puzzle.check(&self.puzzle.board(x)).is_empty()
        })?;
        let mut found: Vec<String> = out
            .accepted
            .iter()
            .filter_map(|x| self.reduced.project(x))
            .map(|free| free.iter().map(|&b| if b { '1' } else { '0' }).collect())
            .collect();
        found.sort();
        found.dedup();
        let complete = out.complete && out.accepted_count == found.len();
        Ok((found, complete))
    }

    /// The qubit values of the stored solution, if the file has one and the reduction keeps
    /// it (it always should).
    pub fn solution_bits(&self) -> Option<Vec<bool>> {
        let board = self.puzzle.solution()?;
        let full = self.puzzle.assignment(board)?;
        if full.len() != self.model.num_vars() {
            return None;
        }
        self.reduced.project(&full)
    }

    /// The basis index of the stored solution (for at most 64 qubits).
    pub fn solution_index(&self) -> Option<u64> {
        let free = self.solution_bits()?;
        (free.len() <= 64).then(|| free.iter().enumerate().map(|(q, &b)| u64::from(b) << q).sum())
    }
}

/// Bitstrings of basis indices, qubit 0 first.
pub fn bitstrings(states: &[u64], num_qubits: usize) -> Vec<String> {
    states.iter().map(|&k| bits::to_bitstring(k, num_qubits)).collect()
}

/// `Error::Unsatisfiable` when a classical answer has no solution.
pub fn require_solution(c: &Classical) -> Result<()> {
    if c.solution_count == 0 && c.complete {
        return Err(Error::Unsatisfiable {
            reason: if c.ground_states > 0 && c.min_energy.abs() <= ENERGY_TOL {
                "every assignment meeting the QUBO rules breaks a rule it cannot express".into()
            } else {
                format!("the smallest QUBO energy is {}, not 0", c.min_energy)
            },
        });
    }
    Ok(())
}
