//! `quzzle info`: the board, qubits and statevector bytes at every reduction level.

use super::output::{human_bytes, to_json};
use quzzle::encoding;
use quzzle::encoding::space::SpaceChoice;
use quzzle::experiment::info;
use quzzle::request::InfoRequest;
use quzzle::simulation::histogram::HistogramMethod;
use quzzle::Result;
use std::path::Path;

/// `info --model`: the puzzle's constraint model as compiled, before any reduction.
pub fn model(file: &Path) -> Result<()> {
    let puzzle = quzzle::puzzle::load(file)?;
    out!("{}", to_json(&puzzle.model()));
    Ok(())
}

pub fn run(file: &Path, request: &InfoRequest, as_json: bool) -> Result<()> {
    // A big LP file's reading and reductions report their progress and heed Ctrl-C and
    // --max-seconds (docs/lp.md).
    let max_seconds = request.max_seconds.map(|s| s.get());
    let cancel = super::progress::cancel("info", max_seconds)?;
    let enc = encoding::load_with(file, request.encoding, request.level, &request.penalties, &cancel)?;
    let report = info::info_within(enc.as_ref(), request.space, &cancel)?;
    if as_json {
        out!("{}", to_json(&report));
        return Ok(());
    }
    outln!(
        "{}: {} {}, {} cells, {} encoding",
        report.file,
        report.puzzle,
        report.size,
        report.cells,
        report.encoding
    );
    out!("{}", enc.puzzle().render(None));
    // The bytes the simulator needs and refuses by (state and cost diagonal), as the space
    // table and a refusal count them.
    let per_state = (16 + enc.diagonal_bytes_per_state()) as f64;
    outln!("qubits by reduction level (bytes of state and cost diagonal):");
    for l in &report.levels {
        match (l.qubits, &l.no_solution) {
            (Some(q), _) => outln!(
                "  {:<10} {q:>4}  {:>14}{}",
                l.level.name(),
                human_bytes(per_state * (q as f64).exp2()),
                if l.fits { "" } else { "  (does not fit in memory)" }
            ),
            (None, reason) => outln!(
                "  {:<10} no solution ({})",
                l.level.name(),
                reason.as_deref().unwrap_or("")
            ),
        }
    }
    outln!(
        "qubits at {}: {}; state and cost diagonal {} (2^{} states x {per_state} bytes){}",
        report.reduce.name(),
        report.qubits,
        human_bytes(per_state * (report.qubits as f64).exp2()),
        report.qubits,
        if report.fits { "" } else { ", does not fit in memory" }
    );
    for note in &report.notes {
        outln!("note: {note}");
    }
    print_spaces(&report)?;
    print_recommended(&report)
}

/// The space and mixer that fit best, against the full space.
fn print_recommended(report: &info::InfoReport) -> Result<()> {
    let Some(r) = &report.recommended else {
        if report.qubits == 0 {
            outln!(
                "recommended: none: the reduction ({}) decides the board, so no circuit is needed",
                report.reduce.name()
            );
        } else {
            outln!("recommended: none (no circuit that exports has a route that fits; without --space and --mixer, runs take the full space with x)");
        }
        return Ok(());
    };
    outln!(
        "recommended: --space {} --mixer {} ({}, noise {}): {} states (2^{:.2}), against 2^{:.0} on the full space; solve and sweep run it without --space and --mixer",
        r.space.name(),
        r.mixer.name(),
        r.route.name(),
        r.noise.name(),
        dimension_text(r.dimension),
        r.log2_dimension,
        r.full_log2_dimension
    );
    match &report.recommended_circuit {
        Some(c) if (c.space, c.mixer) == (r.space, r.mixer) => {
            outln!("  its circuit exports: qasm, sample and noisy runs take it too")
        }
        Some(c) => outln!(
            "recommended circuit: --space {} --mixer {}: {} states (2^{:.2}); qasm, sample and noisy runs take it without --space and --mixer",
            c.space.name(),
            c.mixer.name(),
            dimension_text(c.dimension),
            c.log2_dimension
        ),
        None => outln!("recommended circuit: none exports; qasm and sample need --space and --mixer"),
    }
    Ok(())
}

/// The block spaces: one line each, then the blocks of the one asked for.
fn print_spaces(report: &info::InfoReport) -> Result<()> {
    if let Some(reason) = &report.spaces_no_solution {
        outln!("block spaces: no solution ({reason})");
        return Ok(());
    }
    if report.spaces.is_empty() {
        return Ok(());
    }
    outln!("block spaces at {}:", report.reduce.name());
    outln!(
        "  {:<16} {:>6} {:>9} {:>16} {:>14}  {:<4}  {:<11}  {:<19}  mixers",
        "space",
        "blocks",
        "log2 dim.",
        "dimension",
        "bytes",
        "fits",
        "route",
        "histogram"
    );
    for s in &report.spaces {
        let name = if s.space == SpaceChoice::Auto {
            format!("auto={}", s.resolved.name())
        } else {
            s.space.name().to_string()
        };
        // How the cost histogram is counted: enumerated, or by the frontier count (its width).
        let histogram = match (s.histogram, s.frontier_width) {
            (Some(HistogramMethod::Enumeration), _) => "enumerated".to_string(),
            (Some(HistogramMethod::Frontier), Some(w)) => format!("frontier 2^{w:.1}"),
            (Some(HistogramMethod::Frontier), None) => "frontier".to_string(),
            (None, _) => "none".to_string(),
        };
        outln!(
            "  {name:<16} {:>6} {:>9} {:>16} {:>14}  {:<4}  {:<11}  {histogram:<19}  {}",
            s.blocks.len(),
            format!("2^{:.2}", s.log2_dimension),
            dimension_text(s.dimension),
            human_bytes(s.bytes),
            if s.fits { "yes" } else { "no" },
            s.route,
            s.mixer_routes
                .iter()
                .map(|m| if m.route == s.route {
                    m.mixer.name().to_string()
                } else {
                    format!("{} ({})", m.mixer.name(), m.route)
                })
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let auto = report
        .spaces
        .iter()
        .find(|s| s.space == SpaceChoice::Auto)
        .map(|s| s.resolved);
    if report.xy_auto != auto {
        outln!(
            "  auto under an xy mixer: {}",
            report.xy_auto.map_or("none (no family of plain blocks)", |r| r.name())
        );
    }
    for u in &report.spaces_unusable {
        outln!("  {:<16} not a space: {}", u.space.name(), u.reason);
    }
    let Some(asked) = report.spaces.iter().find(|s| s.space == report.space) else {
        return Ok(());
    };
    outln!(
        "space {} ({}): {} blocks, {} qubits in no block {:?}",
        asked.space.name(),
        asked.resolved.name(),
        asked.blocks.len(),
        asked.free_qubits.len(),
        asked.free_qubits
    );
    for b in &asked.blocks {
        let form = if b.plain {
            format!("weight {} of {}", b.counts[0].k, b.qubits.len())
        } else {
            let equations: Vec<String> = b
                .counts
                .iter()
                .map(|c| {
                    let terms: Vec<String> = b
                        .qubits
                        .iter()
                        .zip(&c.coefficients)
                        .filter(|&(_, &a)| a != 0)
                        .map(|(q, a)| format!("{a:+}·x{q}"))
                        .collect();
                    format!("{} = {}", terms.join(" "), c.k)
                })
                .collect();
            equations.join(", ")
        };
        outln!(
            "  {:<28} qubits {:?}  {form}  {} states  {} ({})",
            b.label,
            b.qubits,
            b.states,
            if b.plain { "plain" } else { "general" },
            b.mixers.join(", ")
        );
    }
    Ok(())
}

/// A dimension as an integer while exact, else in scientific notation.
fn dimension_text(d: f64) -> String {
    if d < 1e15 {
        format!("{d:.0}")
    } else {
        format!("{d:.3e}")
    }
}
