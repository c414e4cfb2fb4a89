//! The N-Queens Grover circuit of the Q# seed (`../shared/seeds/qsharp-grover-nqueens.txt`,
//! issue 23) as a gate list: the very gates the OpenQASM export writes
//! ([`crate::export::qasm::seed_to_qasm3`]) and the reference simulator runs.
//!
//! Qubits ([`SeedLayout`]), N² + (N − 1) + N(N − 1)/2 + 1 of them (26 at N = 4):
//! - `q[r·N + c]`: cell `r<r>c<c>`, 1 = a queen (quzzle's N-Queens numbering, so a measured
//!   bitstring of these qubits decodes with the manifest machinery);
//! - `N − 1` column ancillas, one per column but the last;
//! - `N(N − 1)/2` diagonal ancillas, one per pair of rows i < j, in the order
//!   (0,1), (0,2), …, (0,N−1), (1,2), …;
//! - one target.
//!
//! The circuit:
//! - **start**: a W state on each row ([`Circuit::dicke`] with k = 1), the target in `|−⟩`
//!   (`x; h`), so that the oracle's multi-controlled X onto it is a phase flip (kickback);
//! - **oracle** ([`oracle`]): the compute part ([`oracle_compute`]): `cx` from every cell of
//!   column c < N − 1 into its ancilla (the parity: on one-hot rows all N − 1 parities are
//!   odd exactly when every column holds one queen, as the seed argues); `x` on the diagonal
//!   ancillas, then for each pair of rows i < j and each pair of cells (i, c), (j, c′) on a
//!   common diagonal (|c − c′| = j − i), `ccx` from the two cells into the pair's ancilla (one
//!   queen per row: at most one such pair fires). Then a multi-controlled X from every
//!   ancilla onto the target ([`crate::circuit::mcx`], the puzzle qubits as dirty ancillas),
//!   then the compute part inverted, so every ancilla returns to `|0⟩`. On the row space
//!   this is `1 − 2Π_valid`;
//! - **diffusion** ([`diffusion`]): the inverse of the row W preparations, `x` on every
//!   puzzle qubit, a multi-controlled Z on them (`h` on the last puzzle qubit around a
//!   multi-controlled X from the others onto it, the oracle ancillas and the target as dirty
//!   ancillas), `x` again, the W preparations again: `1 − 2|s⟩⟨s|`, which is the textbook
//!   `2|s⟩⟨s| − 1` times −1. We implement `1 − 2|s⟩⟨s|`; the global phase (−1)^k does not
//!   change any probability;
//! - **end**: `h; x` on the target, so the target too ends in `|0⟩`.
//!
//! Every gate is `x`, `h`, `cx`, `cry` (inside the W states) or `ccx`: the multi-controlled
//! gates are Toffoli networks with no extra qubit.

use crate::circuit::{self, Circuit, Gate};

/// Which qubit is which in the seed's circuit for an N x N board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedLayout {
    /// N.
    pub n: usize,
    /// Whether the oracle checks diagonals (the seed's N-Queens: yes; without, it checks
    /// rows and columns only: rook placements, the seed's N-Queens² variant without the
    /// diagonal rule in its one-colour form).
    pub diagonals: bool,
}

impl SeedLayout {
    /// The layout of N-Queens (with the diagonal check).
    pub fn new(n: usize) -> SeedLayout {
        SeedLayout { n, diagonals: true }
    }

    /// Puzzle qubits, N².
    pub fn puzzle_qubits(&self) -> usize {
        self.n * self.n
    }

    /// The qubit of cell (r, c).
    pub fn cell(&self, r: usize, c: usize) -> usize {
        r * self.n + c
    }

    /// The qubits of row r, ascending.
    pub fn row(&self, r: usize) -> Vec<usize> {
        (0..self.n).map(|c| self.cell(r, c)).collect()
    }

    /// The column ancillas (columns 0..N−1; the last column needs none).
    pub fn column_ancillas(&self) -> Vec<usize> {
        let first = self.puzzle_qubits();
        (first..first + self.n.saturating_sub(1)).collect()
    }

    /// The pairs of rows (i, j), i < j, that have a diagonal ancilla, in ancilla order (none
    /// without the diagonal check).
    pub fn row_pairs(&self) -> Vec<(usize, usize)> {
        if !self.diagonals {
            return Vec::new();
        }
        (0..self.n).flat_map(|i| (i + 1..self.n).map(move |j| (i, j))).collect()
    }

    /// The diagonal ancillas, one per entry of [`SeedLayout::row_pairs`].
    pub fn diagonal_ancillas(&self) -> Vec<usize> {
        let first = self.puzzle_qubits() + self.n.saturating_sub(1);
        (first..first + self.row_pairs().len()).collect()
    }

    /// Every oracle ancilla: the column ones, then the diagonal ones.
    pub fn ancillas(&self) -> Vec<usize> {
        let mut a = self.column_ancillas();
        a.extend(self.diagonal_ancillas());
        a
    }

    /// The target qubit (the last one).
    pub fn target(&self) -> usize {
        self.puzzle_qubits() + self.ancillas().len()
    }

    /// Every qubit: N² + (N − 1) + N(N − 1)/2 + 1 with the diagonal check.
    pub fn num_qubits(&self) -> usize {
        self.target() + 1
    }

    /// What each qubit past the puzzle ones does, as `(qubit, role)`.
    pub fn roles(&self) -> Vec<(usize, String)> {
        let mut roles: Vec<(usize, String)> = self
            .column_ancillas()
            .into_iter()
            .enumerate()
            .map(|(c, q)| (q, format!("column {c} ancilla (parity of column {c})")))
            .collect();
        roles.extend(
            self.diagonal_ancillas()
                .into_iter()
                .zip(self.row_pairs())
                .map(|(q, (i, j))| {
                    (
                        q,
                        format!("diagonal ancilla of rows {i} and {j} (1: no diagonal attack)"),
                    )
                }),
        );
        roles.push((self.target(), "target (|-> during the search, phase kickback)".into()));
        roles
    }
}

/// The W state on every row, then `x; h` on the target.
pub fn start(layout: &SeedLayout) -> Vec<Gate> {
    let mut gates = rows_w(layout);
    gates.push(Gate::X(layout.target()));
    gates.push(Gate::H(layout.target()));
    gates
}

/// The W state (Dicke k = 1) on every row, row 0 first.
fn rows_w(layout: &SeedLayout) -> Vec<Gate> {
    let nq = layout.num_qubits();
    (0..layout.n)
        .flat_map(|r| Circuit::dicke(nq, &layout.row(r), 1))
        .collect()
}

/// The oracle's compute part: column parities into the column ancillas, then `x` on the
/// diagonal ancillas and a `ccx` per pair of attacking cells of each pair of rows.
pub fn oracle_compute(layout: &SeedLayout) -> Vec<Gate> {
    let n = layout.n;
    let mut gates = Vec::new();
    for (c, &a) in layout.column_ancillas().iter().enumerate() {
        gates.extend((0..n).map(|r| Gate::Cx(layout.cell(r, c), a)));
    }
    let diagonal = layout.diagonal_ancillas();
    gates.extend(diagonal.iter().map(|&a| Gate::X(a)));
    for (&a, (i, j)) in diagonal.iter().zip(layout.row_pairs()) {
        let d = j - i;
        for c in 0..n {
            for c2 in [c.checked_sub(d), Some(c + d).filter(|&x| x < n)].into_iter().flatten() {
                gates.push(Gate::Ccx(layout.cell(i, c), layout.cell(j, c2), a));
            }
        }
    }
    gates
}

/// The multi-controlled X of the oracle: every ancilla controls the target; the puzzle qubits
/// are the dirty ancillas of its Toffoli network.
pub fn oracle_mcx(layout: &SeedLayout) -> Vec<Gate> {
    let dirty: Vec<usize> = (0..layout.puzzle_qubits()).collect();
    circuit::mcx(&layout.ancillas(), layout.target(), &dirty)
}

/// One oracle call: compute, the multi-controlled X onto the target, compute undone.
pub fn oracle(layout: &SeedLayout) -> Vec<Gate> {
    let compute = oracle_compute(layout);
    let mut gates = compute.clone();
    gates.extend(oracle_mcx(layout));
    gates.extend(circuit::inverse(&compute));
    gates
}

/// The diffusion `1 − 2|s⟩⟨s|` about the start state of the puzzle qubits: W preparations
/// undone, reflection about `|0…0⟩` (`x` on all, multi-controlled Z, `x` on all), W again.
pub fn diffusion(layout: &SeedLayout) -> Vec<Gate> {
    let w = rows_w(layout);
    let puzzle: Vec<usize> = (0..layout.puzzle_qubits()).collect();
    let (&last, others) = puzzle.split_last().expect("N >= 1");
    let mut dirty = layout.ancillas();
    dirty.push(layout.target());
    let mut gates = circuit::inverse(&w);
    gates.extend(puzzle.iter().map(|&q| Gate::X(q)));
    gates.push(Gate::H(last));
    gates.extend(circuit::mcx(others, last, &dirty));
    gates.push(Gate::H(last));
    gates.extend(puzzle.iter().map(|&q| Gate::X(q)));
    gates.extend(w);
    gates
}

/// The seed's circuit for k iterations, with the first gate of each part labelled.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedCircuit {
    /// The qubits.
    pub layout: SeedLayout,
    /// Grover iterations (oracle calls).
    pub iterations: usize,
    /// The gates.
    pub circuit: Circuit,
    /// `(index of the first gate, label)` of each part: start, each oracle and diffusion,
    /// end.
    pub sections: Vec<(usize, String)>,
}

impl SeedCircuit {
    /// The circuit of `iterations` Grover iterations on `layout`.
    ///
    /// # Panics
    /// When N = 0.
    pub fn new(layout: SeedLayout, iterations: usize) -> SeedCircuit {
        assert!(layout.n >= 1, "an N-Queens board has N >= 1");
        let mut gates = Vec::new();
        let mut sections = Vec::new();
        sections.push((0, "start: a W state on each row, the target in |-> (x; h)".to_string()));
        gates.extend(start(&layout));
        let oracle = oracle(&layout);
        let diffusion = diffusion(&layout);
        for k in 1..=iterations {
            sections.push((
                gates.len(),
                format!("iteration {k} of {iterations}: oracle (ancillas computed, multi-controlled x onto the target, ancillas uncomputed)"),
            ));
            gates.extend(oracle.iter().copied());
            sections.push((
                gates.len(),
                format!("iteration {k} of {iterations}: diffusion 1 - 2|s><s| (W undone, reflection about |0...0>, W)"),
            ));
            gates.extend(diffusion.iter().copied());
        }
        sections.push((gates.len(), "end: h; x on the target, which returns to |0>".to_string()));
        gates.push(Gate::H(layout.target()));
        gates.push(Gate::X(layout.target()));
        SeedCircuit {
            layout,
            iterations,
            circuit: Circuit::plain(layout.num_qubits(), gates),
            sections,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n4_has_26_qubits() {
        let l = SeedLayout::new(4);
        assert_eq!(l.num_qubits(), 26);
        assert_eq!(l.column_ancillas(), vec![16, 17, 18]);
        assert_eq!(l.diagonal_ancillas(), (19..25).collect::<Vec<_>>());
        assert_eq!(l.target(), 25);
        assert_eq!(l.row_pairs()[..3], [(0, 1), (0, 2), (0, 3)]);
        let rooks = SeedLayout { n: 4, diagonals: false };
        assert_eq!(rooks.num_qubits(), 20);
        // 2(N − d) attacking pairs for rows d apart: 3·6 + 2·4 + 1·2 = 28.
        let ccx = oracle_compute(&l).iter().filter(|g| matches!(g, Gate::Ccx(..))).count();
        assert_eq!(ccx, 28);
    }

    #[test]
    fn every_gate_is_in_range_and_the_parts_are_labelled() {
        for n in 1..=5 {
            for diagonals in [true, false] {
                let seed = SeedCircuit::new(SeedLayout { n, diagonals }, 2);
                let nq = seed.circuit.num_qubits;
                assert!(seed.circuit.gates.iter().all(|g| g.qubits().iter().all(|&q| q < nq)));
                assert_eq!(seed.sections.len(), 2 + 2 * 2);
                assert!(seed.sections.windows(2).all(|w| w[0].0 < w[1].0));
            }
        }
    }
}
