//! `quzzle score`: counts measured on hardware (or sampled) against the manifest of their
//! circuit: P(valid) with its exact (Clopper-Pearson) interval, 95 % unless told otherwise, the simulated value, the most frequent
//! boards and the per-cell marginals.

use super::args::ScoreArgs;
use super::output::{check_output_folder, refuse_inputs, to_json, write_all};
use quzzle::experiment::stats::probability_text as pt;
use quzzle::export::counts::read_counts;
use quzzle::export::score::{self, ManifestDoc, ScoreReport};
use quzzle::{Error, Result};
use std::path::Path;

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })
}

pub fn run(args: &ScoreArgs) -> Result<()> {
    // Checked before any file is read, so that the flag is named rather than a file.
    if !(0.0 < args.confidence && args.confidence < 1.0) {
        return Err(Error::out_of_range(
            quzzle::error::Quantity::Confidence,
            args.confidence,
            "give a level strictly between 0 and 1 (0.95 for 95 %)",
        ));
    }
    if let Some(dir) = &args.out {
        check_output_folder(dir, "--out", &["score.json", "marginals.svg", "marginals.png"])?;
        refuse_inputs(
            &[args.counts.as_path(), args.manifest.as_path()],
            &[
                dir.join("score.json"),
                dir.join("marginals.svg"),
                dir.join("marginals.png"),
            ],
        )?;
    }
    let manifest = ManifestDoc::parse(&read(&args.manifest)?, &args.manifest.display().to_string())?;
    let enc = manifest.encoding()?;
    let counts = read_counts(
        &read(&args.counts)?,
        &args.counts.display().to_string(),
        manifest.qubits,
        args.format.format(),
        args.shots,
    )?;
    let report = score::score(enc.as_ref(), &manifest, &counts, args.top, args.confidence)?;
    if let Some(dir) = &args.out {
        write_outputs(dir, enc.as_ref(), &manifest, &report)?;
    }
    if args.json {
        out!("{}", to_json(&report));
        return Ok(());
    }
    print_text(args, &manifest, &report)?;
    if let Some(dir) = &args.out {
        outln!("wrote {}", dir.display());
    }
    Ok(())
}

/// A confidence as a percentage to 0.01 (`95`, `99.9`).
fn percent(confidence: f64) -> f64 {
    (confidence * 10_000.0).round() / 100.0
}

fn print_text(args: &ScoreArgs, manifest: &ManifestDoc, r: &ScoreReport) -> Result<()> {
    outln!(
        "counts: {} ({} format, {} shots, {} distinct bitstrings)",
        args.counts.display(),
        r.format,
        r.shots,
        r.distinct
    );
    match (&manifest.angles, manifest.grover_seed) {
        (_, Some(g)) => outln!(
            "manifest: {} ({}, the seed's Grover circuit: {} qubits, the board on the first {}, {} iteration(s))",
            args.manifest.display(),
            manifest.file,
            manifest.qubits,
            g.board_qubits,
            g.iterations
        ),
        (angles, None) => outln!(
            "manifest: {} ({}, {} qubits, reduce {}, space {}, mixer {}, p = {})",
            args.manifest.display(),
            manifest.file,
            manifest.qubits,
            manifest.level.name(),
            manifest.space.space,
            manifest.space.mixer,
            angles.as_ref().map_or(0, quzzle::Angles::p)
        ),
    }
    outln!(
        "P(valid) measured: {} ({} of {} shots); {} % interval [{}, {}] (Clopper-Pearson)",
        pt(r.p_valid, 6),
        r.valid_shots,
        r.shots,
        percent(r.confidence),
        pt(r.interval[0], 6),
        pt(r.interval[1], 6)
    );
    match (r.simulated_p_valid, r.inside) {
        (Some(p), Some(true)) => outln!("P(valid) simulated: {}, inside the interval", pt(p, 6)),
        (Some(p), _) => outln!(
            "P(valid) simulated: {}, OUTSIDE the interval: the device differs from the simulation, or the counts were read in the wrong bit order (--format)",
            pt(p, 6)
        ),
        _ => outln!("P(valid) simulated: not in the manifest (too many qubits to simulate)"),
    }
    if let Some(u) = r.uniform {
        outln!(
            "uniform baseline: {} ({} valid of {} states)",
            pt(u, 6),
            manifest.valid_bitstrings.len(),
            manifest.dimension
        );
    }
    outln!("most frequent boards (bitstrings qubit 0 first; Qiskit keys are these reversed):");
    for b in &r.top {
        outln!(
            "  {:>8}  {:>9}  {:<11}  {}  {}",
            b.count,
            pt(b.frequency, 4),
            // With an objective (Max Chess Pieces) a board can keep every rule and still not
            // be optimal: it is not a success.
            match (b.valid, b.verdict) {
                (true, _) => "valid",
                (false, quzzle::puzzle::Verdict::Valid) => "not optimal",
                _ => "invalid",
            },
            b.bitstring,
            b.board.join("/")
        );
    }
    outln!("per-qubit P(q = 1): measured / simulated (cells):");
    for (q, m) in r.qubit_marginals.iter().enumerate() {
        let sim = r
            .simulated_qubit_marginals
            .as_ref()
            .and_then(|s| s.get(q))
            .map_or("-".into(), |s| pt(*s, 4));
        let cells: Vec<String> = manifest.qubit_cells[q]
            .iter()
            .map(|(c, neg)| if *neg { format!("not {c}") } else { c.clone() })
            .collect();
        outln!("  q[{q}]  {} / {sim}  {}", pt(*m, 4), cells.join(", "));
    }
    for note in &r.notes {
        outln!("note: {note}");
    }
    Ok(())
}

/// score.json and, when the board is one variable per cell, the marginals figure, each
/// written whole.
fn write_outputs(dir: &Path, enc: &dyn quzzle::Encoding, manifest: &ManifestDoc, r: &ScoreReport) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    let measured = enc.cell_marginals(&r.qubit_marginals);
    let simulated = r.simulated_qubit_marginals.as_ref().and_then(|m| enc.cell_marginals(m));
    if let (Some(measured), Some(simulated)) = (measured, simulated) {
        let name = Path::new(&manifest.file)
            .file_name()
            .map_or_else(|| manifest.file.clone(), |f| f.to_string_lossy().into_owned());
        let plot = quzzle::plot::MarginalsComparison {
            title: format!("{name}: per-cell P(cell = 1), measured and simulated"),
            subtitle: format!(
                "P(valid): measured {:.3}, {} % interval [{:.3}, {:.3}]; simulated {}",
                r.p_valid,
                percent(r.confidence),
                r.interval[0],
                r.interval[1],
                r.simulated_p_valid.map_or("unknown".into(), |p| format!("{p:.3}"))
            ),
            rows: measured.rows,
            cols: measured.cols,
            left_heading: format!("measured ({} shots, {})", r.shots, r.format),
            left: measured.marginals,
            right_heading: "simulated (the manifest)".into(),
            right: simulated.marginals,
            fixed: measured.fixed,
        };
        // Written whole by the plot writer (temporary files renamed into place).
        quzzle::plot::marginals_comparison_plot(&dir.join("marginals"), &plot)?;
    }
    write_all(&[(dir.join("score.json"), to_json(r).into_bytes())])?;
    Ok(())
}
