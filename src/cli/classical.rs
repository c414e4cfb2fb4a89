//! `quzzle classical`: exact solutions, from the cost diagonal or by exact search.

use super::output::to_json;
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::classical::{self, ClassicalMethod};
use quzzle::Result;
use serde_json::json;
use std::path::Path;

/// Boards printed or put in the JSON.
const KEEP: usize = 100;

pub fn run(
    file: &Path,
    reduce: &super::args::ReduceArg,
    kind: EncodingKind,
    method: ClassicalMethod,
    as_json: bool,
    max_seconds: Option<f64>,
) -> Result<()> {
    let reading = super::progress::cancel("classical", max_seconds)?;
    let penalties = reduce.penalty.penalties()?;
    let enc = encoding::load_with(file, kind, reduce.level, &penalties, &reading)?;
    let report_progress =
        |p: &quzzle::budget::Progress<'_>| errln!("{}", super::progress::line("classical", p, max_seconds));
    // One deadline from the reading to the end of the search.
    let budget = super::progress::budget(max_seconds, &report_progress)?
        .with_cancel(super::progress::interrupt().with_deadline_of(&reading));
    let result = classical::classical_within(enc.as_ref(), method, KEEP, &budget)?;
    let warnings = enc.puzzle().warnings();
    for w in &warnings {
        errln!("warning: {w}");
    }
    if as_json {
        let mut report = json!({
                "puzzle": enc.puzzle().kind(),
                "encoding": enc.name(),
                "file": enc.file(),
                "reduce": reduce.level.name(),
                "qubits": enc.num_qubits(),
                "method": result.method,
                "min_energy": result.min_energy,
                "ground_states": result.ground_states,
                "solution_count": result.solution_count,
                "ground_states_breaking_non_qubo_rules": result.ground_states_breaking_non_qubo_rules,
                "complete": result.complete,
                "boards": result.boards,
        });
        if !penalties.is_empty() {
            report["penalty"] = json!(penalties);
        }
        if !warnings.is_empty() {
            report["warnings"] = json!(warnings);
        }
        out!("{}", to_json(&report));
    } else {
        outln!(
            "{}: {} qubits at {} ({} encoding), solved by {}",
            enc.file(),
            enc.num_qubits(),
            reduce.level.name(),
            enc.name(),
            result.method
        );
        match result.min_energy {
            Some(e) => outln!("minimum energy: {e}"),
            None => outln!("minimum energy: none (no assignment meets the constraints)"),
        }
        outln!("ground states: {}", result.ground_states);
        if result.ground_states_breaking_non_qubo_rules > 0 {
            outln!(
                "ground states breaking only rules the cost cannot express: {}",
                result.ground_states_breaking_non_qubo_rules
            );
        }
        outln!(
            "solutions: {}{}",
            result.solution_count,
            if result.complete {
                ""
            } else {
                " (search stopped at its limit)"
            }
        );
        for b in &result.boards {
            outln!();
            out!("{}", enc.puzzle().render(Some(b)));
        }
    }
    result.require_solution()
}
