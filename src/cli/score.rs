//! `quzzle score`: counts measured on hardware (or sampled) against the manifest of their
//! circuit: P(valid) with its exact (Clopper-Pearson) interval, 95 % unless told otherwise, the simulated value, the most frequent
//! boards and the per-cell marginals.

use super::args::ScoreArgs;
use super::output::{check_output_folder, path_list, refuse_inputs, to_json};
use quzzle::experiment::stats::probability_text as pt;
use quzzle::export::batch::{ExperimentIndex, ExperimentScore};
use quzzle::export::experiment_score::{self, ExperimentScoreSettings};
use quzzle::export::score::{self, percent, ManifestDoc, ScoreReport};
use quzzle::request::ScoreRequest;
use quzzle::Result;
use std::path::Path;

pub fn run(args: &ScoreArgs) -> Result<()> {
    // Checked before any file is read, so that the flag is named rather than a file.
    let request = super::request::score(args).check()?;
    if args.counts.is_dir() {
        return run_experiment(args, &request);
    }
    // Nothing there (a dangling link included): say so, rather than ask for a manifest.
    if !args.counts.exists() {
        return Err(super::errors::Usage::NoSuchCounts(args.counts.clone()).into());
    }
    if !args.noise.noise.is_empty() {
        return Err(super::errors::Usage::NoiseOfCountsFile.into());
    }
    if args.mitigate.is_some() {
        return Err(super::errors::Usage::MitigateCountsFile.into());
    }
    let Some(manifest_path) = args.manifest.as_deref() else {
        return Err(super::errors::Usage::NoManifest(args.counts.clone()).into());
    };
    if let Some(dir) = &args.out {
        check_output_folder(dir, "--out", &score::SCORE_FILES)?;
        let targets: Vec<std::path::PathBuf> = score::SCORE_FILES.iter().map(|f| dir.join(f)).collect();
        refuse_inputs(&[args.counts.as_path(), manifest_path], &targets)?;
    }
    let scored = score::score_counts_file(&args.counts, manifest_path, &request.counts_settings())?;
    if let Some(dir) = &args.out {
        score::write_score(dir, &scored)?;
    }
    if args.json {
        out!("{}", to_json(&scored.report));
        return Ok(());
    }
    print_text(args, manifest_path, &scored.manifest, &scored.report)?;
    if let Some(dir) = &args.out {
        outln!("wrote {}", dir.display());
    }
    Ok(())
}

fn print_text(args: &ScoreArgs, manifest_path: &Path, manifest: &ManifestDoc, r: &ScoreReport) -> Result<()> {
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
            manifest_path.display(),
            manifest.file,
            manifest.qubits,
            g.board_qubits,
            g.iterations
        ),
        (angles, None) => outln!(
            "manifest: {} ({}, {} qubits, reduce {}, space {}, mixer {}, p = {})",
            manifest_path.display(),
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

/// `score DIR`: every depth of an experiment folder whose counts are there, scored by the
/// library and written into --out (or the folder).
fn run_experiment(args: &ScoreArgs, request: &ScoreRequest) -> Result<()> {
    let dir = args.counts.as_path();
    if args.manifest.is_some() {
        return Err(super::errors::Usage::ManifestOfFolder(dir.to_path_buf()).into());
    }
    let out = args.out.as_deref().unwrap_or(dir);
    check_output_folder(out, "--out", &experiment_score::EXPERIMENT_SCORE_FILES)?;
    let settings = ExperimentScoreSettings {
        counts: request.counts_settings(),
        // The trajectories checked here; the experiment's space by the library, once read.
        noise: request.noise.settings_for_files()?,
        mitigate: request.mitigate,
        out: Some(out.to_path_buf()),
    };
    let scored = experiment_score::score_experiment(dir, &settings)?;
    let written = experiment_score::write_experiment_score(out, &scored)?;
    if args.json {
        out!("{}", to_json(&scored.score));
        return Ok(());
    }
    print_experiment(&scored.score, &scored.index, dir)?;
    if let [json, csv, figures @ ..] = written.as_slice() {
        outln!("wrote {}, {} and {}", json.display(), csv.display(), path_list(figures));
    }
    Ok(())
}

fn print_experiment(scored: &ExperimentScore, index: &ExperimentIndex, dir: &Path) -> Result<()> {
    let prov = &scored.provenance;
    outln!(
        "experiment {}: {} ({} qubits, reduce {}, space {}, mixer {}, {} flavour), angles from {}",
        dir.display(),
        prov.file,
        prov.qubits,
        prov.reduce,
        prov.space,
        prov.mixer,
        scored.flavor.name(),
        index.angles_from
    );
    if let Some(u) = scored.uniform_baseline {
        outln!("uniform sampling of the space: P(valid) = {}", pt(u, 4));
    }
    for d in &scored.depths {
        let s = &d.score;
        let noiseless = match (s.simulated_p_valid, s.inside) {
            (Some(p), Some(true)) => format!("noiseless {} inside", pt(p, 4)),
            (Some(p), _) => format!("noiseless {} OUTSIDE", pt(p, 4)),
            _ => "noiseless: not simulated".into(),
        };
        outln!(
            "p = {:>2}: {} shots, P(valid) {} ({} % interval [{}, {}]); {noiseless}",
            d.p,
            s.shots,
            pt(s.p_valid, 4),
            percent(s.confidence),
            pt(s.interval[0], 4),
            pt(s.interval[1], 4)
        );
        if let Some(m) = &d.mitigated {
            outln!(
                "        readout-mitigated ({}, {}): P(valid) {} ± {:.1e} ({} % interval [{}, {}]); noiseless {}",
                m.readout_model,
                m.readout_text(),
                pt(m.p_valid, 4),
                m.standard_error,
                percent(s.confidence),
                pt(m.interval[0], 4),
                pt(m.interval[1], 4),
                match m.inside {
                    Some(true) => "inside",
                    Some(false) => "OUTSIDE",
                    None => "not simulated",
                }
            );
            if m.projected {
                outln!(
                    "        (the {} estimate {} left [0, 1] and was projected onto it)",
                    m.estimator,
                    pt(m.linear_p_valid, 4)
                );
            }
            if let Some(note) = &m.note {
                outln!("        note: {note}");
            }
        }
        for n in &d.noisy {
            outln!(
                "        {}: predicted {} ± {:.1e}, {}{}",
                n.model,
                pt(n.predicted, 4),
                n.predicted_se,
                if n.inside { "inside" } else { "OUTSIDE" },
                n.z.map_or(String::new(), |z| format!(", z = {z:+.2}"))
            );
        }
    }
    if scored.depths.len() > 1 || scored.family_wise.len() > 1 {
        let level = scored.depths.first().map_or(95.0, |d| percent(d.score.confidence));
        outln!("every depth at once (Holm, {level} % family-wise):");
        for f in &scored.family_wise {
            let outside: Vec<String> = f.depths.iter().filter(|d| !d.inside).map(|d| d.p.to_string()).collect();
            let least = f.depths.iter().map(|d| d.holm_p_value).fold(1.0f64, f64::min);
            outln!(
                "        {}: {} (least adjusted p-value {least:.3})",
                f.prediction,
                if outside.is_empty() {
                    format!("consistent at all {} depths", f.depths.len())
                } else {
                    format!("OUTSIDE at p = {}", outside.join(", "))
                }
            );
        }
    }
    if !scored.missing.is_empty() {
        outln!(
            "not scored (no counts file yet): p = {}",
            scored
                .missing
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(())
}
