//! Quickstart: a 4x4 Takuzu from text → one-hot encoding (QUBO → Ising) → QAOA at depths
//! 1..3 with INTERP and L-BFGS → the probability of measuring a valid board.
//!
//!     cargo run --example quickstart

use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::solve::{solve, SolveSettings};
use quzzle::model::Level;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = "puzzle: takuzu\nsize: 4x4\n\n[grid]\n1...\n..0.\n.0..\n...1\n";
    let enc = encoding::parse("example", text, EncodingKind::Onehot, Level::Paper)?;
    println!("{} qubits after the paper's reduction", enc.num_qubits());
    let report = solve(enc.as_ref(), &SolveSettings::default())?;
    for d in &report.depths {
        println!(
            "p = {}: <C> = {:.4}, P(valid) = {:.4} (uniform sampling: {:.4})",
            d.p, d.energy, d.success_probability, report.uniform_baseline
        );
    }
    let last = report.depths.last().expect("three depths");
    let k = quzzle::bits::from_bitstring(&last.top_bitstring).expect("a bitstring");
    println!(
        "most likely board ({}):",
        if last.top_is_valid { "valid" } else { "invalid" }
    );
    print!("{}", enc.puzzle().render(Some(&enc.board(k))));
    Ok(())
}
