//! Exact classical answers for an encoded puzzle: every least-cost state of the cost diagonal
//! where it fits, exact search on the constraint model beyond.

use crate::encoding::{Classical, Encoding};
use crate::error::Result;
use crate::names::value_enum;
use crate::sim;

/// Diagonal classical solving up to this many qubits (2^24 states), search above.
pub const DIAGONAL_MAX_QUBITS: usize = 24;

/// How `classical` finds the solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassicalMethod {
    /// The diagonal up to [`DIAGONAL_MAX_QUBITS`] qubits when it fits in memory, search above.
    Auto,
    /// Every basis state of the cost diagonal.
    Diagonal,
    /// Exact depth-first search with propagation on the constraint model.
    Search,
}

value_enum!(ClassicalMethod);

impl ClassicalMethod {
    /// Every method.
    pub const ALL: [ClassicalMethod; 3] = [
        ClassicalMethod::Auto,
        ClassicalMethod::Diagonal,
        ClassicalMethod::Search,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ClassicalMethod::Auto => "auto",
            ClassicalMethod::Diagonal => "diagonal",
            ClassicalMethod::Search => "search",
        }
    }
}

/// The exact solutions of `enc`, at most `keep` boards of them.
pub fn classical(enc: &dyn Encoding, method: ClassicalMethod, keep: usize) -> Result<Classical> {
    classical_within(enc, method, keep, &crate::budget::Budget::unlimited())
}

/// [`classical`] with the exact search reporting its progress to `budget` (and stopped by it).
pub fn classical_within(
    enc: &dyn Encoding,
    method: ClassicalMethod,
    keep: usize,
    budget: &crate::budget::Budget<'_>,
) -> Result<Classical> {
    let n = enc.num_qubits();
    let bytes = enc.diagonal_bytes_per_state() as u128;
    let use_diagonal = match method {
        ClassicalMethod::Diagonal => true,
        ClassicalMethod::Search => false,
        ClassicalMethod::Auto => n <= DIAGONAL_MAX_QUBITS && sim::check_memory(n, bytes).is_ok(),
    };
    if !use_diagonal {
        return enc.search_within(keep, u64::MAX, budget);
    }
    sim::check_memory(n, bytes)?;
    Ok(enc.classical_on_diagonal(&enc.cost_diagonal()?, keep))
}
