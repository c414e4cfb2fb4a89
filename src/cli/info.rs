//! `quzzle info`: the board, qubits and statevector bytes at every reduction level.

use super::output::{human_bytes, to_json};
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::info;
use quzzle::model::Level;
use quzzle::Result;
use std::path::Path;

pub fn run(file: &Path, level: Level, kind: EncodingKind, as_json: bool) -> Result<()> {
    let enc = encoding::load(file, kind, level)?;
    let report = info::info(enc.as_ref())?;
    if as_json {
        print!("{}", to_json(&report));
        return Ok(());
    }
    println!(
        "{}: {} {}, {} cells, {} encoding",
        report.file, report.puzzle, report.size, report.cells, report.encoding
    );
    print!("{}", enc.puzzle().render(None));
    println!("qubits by reduction level:");
    for l in &report.levels {
        match (l.qubits, &l.no_solution) {
            (Some(q), _) => println!(
                "  {:<10} {q:>4}  {:>10}{}",
                l.level.name(),
                human_bytes(l.state_bytes.unwrap_or(0.0)),
                if l.fits { "" } else { "  (does not fit in memory)" }
            ),
            (None, reason) => println!(
                "  {:<10} no solution ({})",
                l.level.name(),
                reason.as_deref().unwrap_or("")
            ),
        }
    }
    println!(
        "qubits at {}: {}; statevector {} (2^{} amplitudes x 16 bytes){}",
        report.reduce.name(),
        report.qubits,
        human_bytes(16.0 * (report.qubits as f64).exp2()),
        report.qubits,
        if report.fits { "" } else { ", does not fit in memory" }
    );
    for note in &report.notes {
        println!("note: {note}");
    }
    Ok(())
}
