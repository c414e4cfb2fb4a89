//! The Q# seed's N-Queens Grover circuit as OpenQASM 3 with its manifest (issue 23):
//! `quzzle grover FILE --qasm OUT.qasm`. The gates are [`SeedCircuit`]'s; the text is
//! [`qasm::seed_to_qasm3`]'s; the expected P(valid) is quzzle's exact row-space Grover
//! computation ([`crate::experiment::grover::grover`]), which the circuit must reproduce on
//! its puzzle qubits.

use super::qasm::{self, Flavor, SeedQasmHeader};
use super::{BitOrders, BIT_ORDER_NOTE};
use crate::circuit::seed::{SeedCircuit, SeedLayout};
use crate::encoding::space::SpaceChoice;
use crate::encoding::{Encoding, FixedCell, QubitCell};
use crate::error::{Error, Quantity, Result, Unsupported};
use crate::experiment::grover::{grover, GroverRoute, GroverSettings};
use crate::mixer::MixerKind;
use crate::puzzle::format::InstanceText;
use crate::puzzle::queens::{Queens, Topology};
use crate::simulation::Provenance;
use serde::Serialize;
use std::collections::BTreeMap;

/// Largest N exported (N = 12: 144 + 11 + 66 + 1 = 222 qubits; the optimal count grows like
/// √(N^N / M), so the text grows fast).
pub const MAX_SEED_N: usize = 12;

/// Most iterations written into one file.
pub const MAX_SEED_ITERATIONS: usize = 1000;

/// One qubit past the puzzle qubits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AncillaRole {
    /// The qubit.
    pub qubit: usize,
    /// What it holds.
    pub role: String,
}

/// The JSON manifest beside an exported seed circuit (`OUT.json` for `OUT.qasm`).
#[derive(Clone, Debug, Serialize)]
pub struct SeedManifest {
    /// `grover-seed`: which circuit this is (a QAOA manifest has no such key).
    pub circuit: String,
    /// The QASM file this manifest describes (its file name).
    pub qasm: String,
    /// The puzzle (`nqueens`), its encoding (`onehot`: one qubit per cell) and reduction
    /// (nothing is fixed on a plain N-Queens board), every qubit of the circuit (26 at N = 4),
    /// the space searched (`rows`: one queen per row, the W states), the mixer (`grover`: the
    /// diffusion is `exp(−iπ|s⟩⟨s|)`) and the space's dimension D = N^N.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// The puzzle text.
    pub puzzle_text: String,
    /// Rows and columns of the board.
    pub board_size: [usize; 2],
    /// The flavour of the QASM text.
    pub flavor: Flavor,
    /// The puzzle qubits, `q[0]..q[puzzle_qubits − 1]` (N²).
    pub puzzle_qubits: usize,
    /// For every puzzle qubit, the puzzle cell it stands for.
    pub qubit_cells: Vec<Vec<QubitCell>>,
    /// Model variables the reduction decided (none on a plain board).
    pub fixed_cells: Vec<FixedCell>,
    /// The column-parity ancillas.
    pub column_ancillas: Vec<usize>,
    /// The diagonal ancillas, one per pair of rows.
    pub diagonal_ancillas: Vec<usize>,
    /// The pairs of rows of the diagonal ancillas, in the same order.
    pub diagonal_row_pairs: Vec<(usize, usize)>,
    /// The target qubit.
    pub target: usize,
    /// Every qubit past the puzzle ones with its role; all of them end in `|0⟩`.
    pub ancillas: Vec<AncillaRole>,
    /// Grover iterations in the circuit.
    pub iterations: usize,
    /// Oracle calls (= iterations).
    pub oracle_calls: usize,
    /// Valid boards in it, M.
    pub solutions: u128,
    /// `⌊π/(4 asin √(M/D))⌋`; `null` when M = 0.
    pub optimal_iterations: Option<usize>,
    /// quzzle's P(valid) after `iterations`, on the puzzle qubits: what a measurement of the
    /// circuit gives.
    pub success_probability: f64,
    /// How it was computed: `statevector` (the row-space statevector, compared with the
    /// closed form) or `closed-form` (`sin²((2k+1)θ)` from M and D); `none` when M = 0.
    pub success_probability_method: String,
    /// The closed form `sin²((2k+1)θ)` at `iterations`.
    pub closed_form: f64,
    /// Bitstrings of the puzzle qubits (qubit 0 first, `puzzle_qubits` characters) of the
    /// valid boards.
    pub valid_bitstrings: Vec<String>,
    /// Whether that list is every valid board.
    pub valid_bitstrings_complete: bool,
    /// Gates of every kind, by OpenQASM name, as quzzle's gate list has them (ionq files expand
    /// each `ccx` into 15 gates and each `cry` into 4).
    pub gate_counts: BTreeMap<String, usize>,
    /// All gates of the gate list.
    pub total_gates: usize,
    /// Its depth (layers of gates on disjoint qubits, measurement not counted).
    pub depth: usize,
    /// The bit-order convention, in words (bitstrings here cover the puzzle qubits only).
    pub bit_order: String,
    /// The bit order of each counts format.
    pub bit_orders: BitOrders,
    /// quzzle version.
    pub version: String,
    /// Remarks: the conventions.
    pub notes: Vec<String>,
    /// SHA-256 of every other field (see [`super::json::digest_of`]), checked when the
    /// manifest is read back.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub digest: String,
}

/// What to export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedRequest {
    /// Iterations; `None`: the optimal count (an error when the board has no solution).
    pub iterations: Option<usize>,
    /// The flavour.
    pub flavor: Flavor,
    /// The QASM file's name, recorded in the manifest.
    pub qasm_name: String,
}

/// An exported seed circuit.
#[derive(Clone, Debug)]
pub struct SeedExport {
    /// OpenQASM 3 text.
    pub text: String,
    /// The manifest.
    pub manifest: SeedManifest,
    /// The circuit.
    pub circuit: SeedCircuit,
}

/// N of `enc` when it is plain N-Queens (flat, no regions, no givens) with one qubit per cell
/// in quzzle's order (`q[r·N + c]` is `r<r>c<c>`); a clear error naming what is supported
/// otherwise.
pub fn plain_nqueens(enc: &dyn Encoding) -> Result<usize> {
    let kind = enc.puzzle().kind();
    if kind != "nqueens" {
        return Err(Unsupported::SeedPuzzle {
            file: enc.file().to_string(),
            found: format!("this is `puzzle: {kind}`"),
        }
        .into());
    }
    let inst = InstanceText::parse(enc.file(), enc.source_text())?;
    let q = Queens::from_nqueens(&inst)?;
    let mut extras = Vec::new();
    if q.topology != Topology::Flat {
        extras.push(format!("topology {:?}", q.topology).to_lowercase());
    }
    if !q.regions.is_empty() {
        extras.push("regions".to_string());
    }
    if !q.givens.is_empty() {
        extras.push("givens".to_string());
    }
    if !extras.is_empty() {
        return Err(Unsupported::SeedPuzzle {
            file: enc.file().to_string(),
            found: format!("this board has {}", extras.join(", ")),
        }
        .into());
    }
    let n = q.rows;
    if n > MAX_SEED_N {
        return Err(Error::out_of_range(
            Quantity::SeedBoard,
            n,
            format!("the seed circuit of {} is exported up to N = {MAX_SEED_N}", enc.file()),
        ));
    }
    let cells = enc.qubit_cells();
    let in_order = cells.len() == n * n
        && cells.iter().enumerate().all(|(i, c)| {
            matches!(c.as_slice(), [QubitCell { cell, negated: false }] if *cell == format!("r{}c{}", i / n, i % n))
        });
    if !in_order {
        return Err(Unsupported::SeedReduction {
            file: enc.file().to_string(),
            level: enc.level(),
            qubits: cells.len(),
            cells: n * n,
        }
        .into());
    }
    Ok(n)
}

/// Export the seed's Grover circuit of `enc` (plain N-Queens, see [`plain_nqueens`]).
pub fn export_seed_circuit(enc: &dyn Encoding, req: &SeedRequest) -> Result<SeedExport> {
    let n = plain_nqueens(enc)?;
    let layout = SeedLayout::new(n);
    let dimension = (n as f64).powi(n as i32);
    let mut notes = seed_notes(req.flavor);
    let found = seed_search(enc, req, n, &mut notes)?;
    let iterations = found.iterations;
    if iterations > MAX_SEED_ITERATIONS {
        return Err(Error::out_of_range(
            Quantity::CircuitIterations,
            iterations,
            format!("at most {MAX_SEED_ITERATIONS} are written into one file"),
        ));
    }
    let seed = SeedCircuit::new(layout, iterations);
    let qubit_cells = enc.qubit_cells();
    let roles = layout.roles();
    let header = SeedQasmHeader {
        file: enc.file().to_string(),
        n,
        iterations,
        diagonals: layout.diagonals,
        qubit_cells: qubit_cells.clone(),
        roles: roles.clone(),
        success_probability: Some(found.success_probability),
    };
    let text = qasm::seed_to_qasm3(&seed.circuit, &seed.sections, &header, req.flavor)?;
    let (valid_bitstrings, complete, stopped) = super::valid_bitstrings_by_search(enc, super::MANIFEST_SEARCH_KEEP)?;
    if stopped {
        notes.push(format!(
            "the search for valid bitstrings stopped after {} nodes: valid_bitstrings holds the {} found so far",
            super::MANIFEST_SEARCH_NODES,
            valid_bitstrings.len()
        ));
    }
    let gate_counts = seed
        .circuit
        .gate_counts()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    let manifest = SeedManifest {
        circuit: "grover-seed".into(),
        qasm: req.qasm_name.clone(),
        provenance: Provenance {
            qubits: layout.num_qubits(),
            dimension,
            ..Provenance::unsimulated(enc, SpaceChoice::Rows, MixerKind::Grover)
        },
        puzzle_text: enc.source_text().to_string(),
        board_size: [n, n],
        flavor: req.flavor,
        puzzle_qubits: layout.puzzle_qubits(),
        qubit_cells,
        fixed_cells: enc.fixed_cells(),
        column_ancillas: layout.column_ancillas(),
        diagonal_ancillas: layout.diagonal_ancillas(),
        diagonal_row_pairs: layout.row_pairs(),
        target: layout.target(),
        ancillas: roles
            .into_iter()
            .map(|(qubit, role)| AncillaRole { qubit, role })
            .collect(),
        iterations,
        oracle_calls: iterations,
        solutions: found.solutions,
        optimal_iterations: found.optimal_iterations,
        success_probability: found.success_probability,
        success_probability_method: found.method,
        closed_form: found.closed_form,
        valid_bitstrings,
        valid_bitstrings_complete: complete,
        gate_counts,
        total_gates: seed.circuit.gates.len(),
        depth: seed.circuit.depth(),
        bit_order: BIT_ORDER_NOTE.into(),
        bit_orders: BitOrders::new(),
        version: env!("CARGO_PKG_VERSION").into(),
        notes,
        digest: String::new(),
    };
    let manifest = SeedManifest {
        digest: super::json::digest_of(&serde_json::to_value(&manifest).expect("manifests serialise")),
        ..manifest
    };
    Ok(SeedExport {
        text,
        manifest,
        circuit: seed,
    })
}

/// The manifest's notes on how the seed circuit is built, for `flavor`.
fn seed_notes(flavor: Flavor) -> Vec<String> {
    let mut notes = vec![
        "the diffusion is 1 - 2|s><s| = -(2|s><s| - 1): a global phase (-1)^k, no probability changes".to_string(),
        "the target starts in |-> (x; h) for phase kickback and ends in |0> (h; x); every ancilla ends in |0>".to_string(),
        "multi-controlled x gates are Toffoli networks with dirty ancillas (Barenco et al. 1995, Lemmas 7.2 and 7.3), no extra qubit".to_string(),
        "valid_bitstrings cover the puzzle qubits only: in a Qiskit count key of all qubits they are the last puzzle_qubits characters, reversed".to_string(),
    ];
    if flavor == Flavor::Ionq {
        notes.push("ionq: each ccx is written as its 6-cx Clifford+T network with t = rz(pi/4): ccx up to the global phase e^{-i pi/8}".into());
    }
    notes
}

/// What the exact Grover search says of the circuit: the iterations written, the solutions,
/// the optimal count, P(valid) after the iterations (and by the closed form) and how it was
/// found.
struct SeedSearch {
    iterations: usize,
    solutions: u128,
    optimal_iterations: Option<usize>,
    success_probability: f64,
    closed_form: f64,
    method: String,
}

/// quzzle's exact row-space Grover search of `enc` (the N-Queens board of size `n`): M, D,
/// the optimal count and P(valid) at the iterations asked for (else the optimal count). A
/// board without a solution needs the iterations given, and gets a note in `notes`.
fn seed_search(enc: &dyn Encoding, req: &SeedRequest, n: usize, notes: &mut Vec<String>) -> Result<SeedSearch> {
    let settings = GroverSettings {
        space: SpaceChoice::Rows,
        iterations: req.iterations.map(|k| (k, k)),
        route: GroverRoute::Auto,
        qaoa_depths: None,
    };
    match grover(enc, &settings) {
        Ok(report) => {
            // The last count listed: K when given, else the optimal count (0..=optimal listed).
            let at = report.iterations.last().expect("the report lists its counts");
            Ok(SeedSearch {
                iterations: at.k,
                solutions: report.solutions,
                optimal_iterations: Some(report.optimal_iterations),
                success_probability: at.success_probability,
                closed_form: at.closed_form,
                method: report.route,
            })
        }
        Err(Error::Unsatisfiable { .. }) => {
            let Some(k) = req.iterations else {
                return Err(Unsupported::NoOptimalIterations {
                    file: enc.file().to_string(),
                    n,
                }
                .into());
            };
            notes.push(format!(
                "{n}-Queens has no solution: the oracle never fires and P(valid) is 0 after any number of iterations"
            ));
            Ok(SeedSearch {
                iterations: k,
                solutions: 0,
                optimal_iterations: None,
                success_probability: 0.0,
                closed_form: 0.0,
                method: "none".to_string(),
            })
        }
        Err(e) => Err(e),
    }
}
