//! A 4x4 Sudoku in both encodings: one-hot (a QUBO, one qubit per cell and candidate digit)
//! and compact (⌈log2 m⌉ qubits per cell with m candidates, a higher-order cost), then QAOA
//! on the compact one.
//!
//!     cargo run --example compact_sudoku

use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::solve::{solve, SolveSettings};
use quzzle::model::Level;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = include_str!("../tests/data/sudoku4-generated-5-clues.txt");
    let onehot = encoding::parse("sudoku4", text, EncodingKind::Onehot, Level::Clues)?;
    let compact = encoding::parse("sudoku4", text, EncodingKind::Compact, Level::Clues)?;
    println!(
        "one-hot: {} qubits; compact: {} qubits (cost terms up to degree {})",
        onehot.num_qubits(),
        compact.num_qubits(),
        compact.cost_poly().max_degree()
    );
    let settings = SolveSettings {
        depths: quzzle::checked::Depths::up_to(3)?,
        ..SolveSettings::default()
    };
    let report = solve(compact.as_ref(), &settings)?;
    for d in &report.depths {
        println!("compact, p = {}: P(valid) = {:.4}", d.p, d.success_probability);
    }
    Ok(())
}
