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
    if args.counts.is_dir() {
        return run_experiment(args);
    }
    if !args.noise.noise.is_empty() {
        return Err(Error::InvalidArgument(
            "--noise judges the depths of an experiment folder; one counts file is judged against its manifest".into(),
        ));
    }
    let Some(manifest_path) = args.manifest.as_deref() else {
        return Err(Error::InvalidArgument(format!(
            "{}: give the manifest of its circuit with --manifest OUT.json (or an experiment folder instead of a counts file)",
            args.counts.display()
        )));
    };
    if let Some(dir) = &args.out {
        check_output_folder(dir, "--out", &["score.json", "marginals.svg", "marginals.png"])?;
        refuse_inputs(
            &[args.counts.as_path(), manifest_path],
            &[
                dir.join("score.json"),
                dir.join("marginals.svg"),
                dir.join("marginals.png"),
            ],
        )?;
    }
    let manifest = ManifestDoc::parse(&read(manifest_path)?, &manifest_path.display().to_string())?;
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
    print_text(args, manifest_path, &manifest, &report)?;
    if let Some(dir) = &args.out {
        outln!("wrote {}", dir.display());
    }
    Ok(())
}

/// A confidence as a percentage to 0.01 (`95`, `99.9`).
fn percent(confidence: f64) -> f64 {
    (confidence * 10_000.0).round() / 100.0
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

/// The files `score DIR` writes (into --out, or the experiment folder).
const EXPERIMENT_FILES: [&str; 4] = [
    "hardware.json",
    "hardware.csv",
    "hardware_vs_depth.svg",
    "hardware_vs_depth.png",
];

/// `score DIR`: every depth of an experiment folder whose counts are there.
fn run_experiment(args: &ScoreArgs) -> Result<()> {
    use quzzle::export::batch::{self, DepthScore, ExperimentScore, NoisyPrediction};
    let dir = args.counts.as_path();
    if args.manifest.is_some() {
        return Err(Error::InvalidArgument(format!(
            "{} is an experiment folder, whose index names each depth's manifest: drop --manifest",
            dir.display()
        )));
    }
    let out = args.out.as_deref().unwrap_or(dir);
    check_output_folder(out, "--out", &EXPERIMENT_FILES)?;
    let index_path = dir.join(batch::INDEX_FILE);
    let (index, folder) = batch::read_folder(dir)?;
    let mut inputs: Vec<std::path::PathBuf> = vec![index_path.clone()];
    for d in &index.depths {
        inputs.push(dir.join(&d.manifest));
        inputs.push(dir.join(&d.counts));
    }
    let input_refs: Vec<&Path> = inputs.iter().map(std::path::PathBuf::as_path).collect();
    let targets: Vec<std::path::PathBuf> = EXPERIMENT_FILES.iter().map(|f| out.join(f)).collect();
    refuse_inputs(&input_refs, &targets)?;
    let extra = args.noise.settings(&index_space(&index))?;
    let mut noise_models = index.noise_models.clone();
    noise_models.extend(
        extra
            .models
            .iter()
            .filter(|m| !index.noise_models.iter().any(|i| i.name == m.name))
            .cloned(),
    );
    let mut depths = Vec::new();
    let mut missing = Vec::new();
    for depth in folder {
        let (entry, manifest, enc) = (&depth.entry, &depth.manifest, depth.encoding);
        let manifest_path = dir.join(&entry.manifest);
        let Some((counts_path, counts_text)) = depth.counts else {
            missing.push(entry.p);
            continue;
        };
        let counts = read_counts(
            &counts_text,
            &counts_path.display().to_string(),
            manifest.qubits,
            args.format.format(),
            args.shots,
        )?;
        let report = score::score(enc.as_ref(), manifest, &counts, args.top, args.confidence)?;
        let mut entry = entry.clone();
        // Models asked for now and not predicted at export: predicted here, at the manifest's
        // angles, with the export's seed rule (seed 0 + p).
        let fresh: Vec<_> = extra
            .models
            .iter()
            .filter(|m| !entry.noisy.iter().any(|n| n.model == m.name))
            .cloned()
            .collect();
        if !fresh.is_empty() {
            let Some(angles) = manifest.angles.clone() else {
                return Err(Error::malformed(
                    &manifest_path.display().to_string(),
                    "the manifest has no angles",
                ));
            };
            let sim = quzzle::simulation::simulation(enc.as_ref(), &manifest.space)?;
            let valid = quzzle::simulation::success_states(enc.as_ref(), &sim)?.valid;
            let settings = quzzle::noise::NoiseSettings {
                models: fresh,
                trajectories: extra.trajectories,
                devices: Vec::new(),
                cancel: extra.cancel.clone(),
            };
            let (_, estimates) =
                quzzle::experiment::depth::noisy_estimates(enc.as_ref(), &sim, &valid, &angles, &settings, 0)?;
            entry.noisy.extend(estimates.into_iter().map(|e| NoisyPrediction {
                model: e.model.name,
                p_valid: e.p_valid,
                p_valid_se: e.p_valid_se,
                trajectories: e.trajectories,
            }));
        }
        depths.push(DepthScore {
            p: entry.p,
            counts: entry.counts.clone(),
            noisy: batch::noisy_verdicts(&entry, &report),
            score: report,
        });
    }
    if depths.is_empty() {
        return Err(Error::InvalidArgument(format!(
            "{}: no depth has its counts yet (looked for {}); run the circuits with docs/hardware/ first",
            dir.display(),
            index
                .depths
                .iter()
                .map(|d| d.counts.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let scored = ExperimentScore {
        provenance: index.provenance.clone(),
        flavor: index.flavor,
        uniform_baseline: index.uniform_baseline,
        noise_models,
        depths,
        missing,
    };
    write_all(&[
        (out.join("hardware.json"), to_json(&scored).into_bytes()),
        (out.join("hardware.csv"), scored.to_csv()?.into_bytes()),
    ])?;
    let figures = hardware_figure(&scored, &index, &out.join("hardware_vs_depth"))?;
    if args.json {
        out!("{}", to_json(&scored));
        return Ok(());
    }
    print_experiment(&scored, &index, dir)?;
    outln!(
        "wrote {}, {} and {}",
        out.join("hardware.json").display(),
        out.join("hardware.csv").display(),
        figures
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

/// The space and mixer of an experiment, for the noise check.
fn index_space(index: &quzzle::export::batch::ExperimentIndex) -> quzzle::simulation::SpaceSettings {
    quzzle::simulation::SpaceSettings {
        space: index.provenance.space,
        mixer: index.provenance.mixer,
    }
}

fn print_experiment(
    scored: &quzzle::export::batch::ExperimentScore,
    index: &quzzle::export::batch::ExperimentIndex,
    dir: &Path,
) -> Result<()> {
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

/// Measured P(valid) with its intervals over the noiseless curve, each noise model's curve ±
/// its standard error and the uniform baseline, against depth (log y).
fn hardware_figure(
    scored: &quzzle::export::batch::ExperimentScore,
    index: &quzzle::export::batch::ExperimentIndex,
    stem: &Path,
) -> Result<Vec<std::path::PathBuf>> {
    use quzzle::plot::{depth_figure, Baseline, DepthFigure, LegendPlace, Panel, Series, Style, PALETTE};
    let prov = &scored.provenance;
    let name = Path::new(&prov.file)
        .file_name()
        .map_or_else(|| prov.file.clone(), |f| f.to_string_lossy().into_owned());
    let mut panel = Panel::new("", "P(valid board)", true);
    panel.y_max = Some(1.0);
    let all = &index.depths;
    panel.series.push(Series::new(
        "noiseless prediction",
        Style::nth(0).with_colour(PALETTE[0]),
        all.iter()
            .filter_map(|d| Some((d.p as f64, d.success_probability?)))
            .collect(),
    ));
    for (i, m) in scored.noise_models.iter().enumerate() {
        // The index's predictions at every depth; a model asked for now, at the scored ones.
        let from_index: Vec<(f64, f64, f64)> = all
            .iter()
            .filter_map(|d| {
                d.noisy
                    .iter()
                    .find(|n| n.model == m.name)
                    .map(|n| (d.p as f64, n.p_valid, n.p_valid_se))
            })
            .collect();
        let predicted: Vec<(f64, f64, f64)> = if from_index.is_empty() {
            scored
                .depths
                .iter()
                .filter_map(|d| {
                    d.noisy
                        .iter()
                        .find(|n| n.model == m.name)
                        .map(|n| (d.p as f64, n.predicted, n.predicted_se))
                })
                .collect()
        } else {
            from_index
        };
        // Vermillion, green, purple, sky blue: apart from the noiseless blue and the black points.
        let colour = [1, 2, 4, 5][i % 4];
        let style = Style::nth(colour).with_colour(PALETTE[colour]);
        panel.series.push(
            Series::new(
                format!("{} prediction ± s.e.", m.name),
                style,
                predicted.iter().map(|&(p, v, _)| (p, v)).collect(),
            )
            .with_band(predicted.iter().map(|&(p, v, se)| (p, v - se, v + se)).collect()),
        );
    }
    let confidence = scored.depths.first().map_or(0.95, |d| d.score.confidence);
    // Where the shots were taken, as the counts files record it.
    let mut devices: Vec<String> = Vec::new();
    for d in &scored.depths {
        let device = match d.score.run.as_ref() {
            Some(r) => {
                let backend = r.backend.clone().unwrap_or_else(|| "an unnamed backend".into());
                match &r.noise {
                    Some(n) => format!("{backend} under {n}"),
                    None => backend,
                }
            }
            None => "a device the counts do not name".into(),
        };
        if !devices.contains(&device) {
            devices.push(device);
        }
    }
    let measured = Style::new(PALETTE[7])
        .with_width(0.0)
        .with_marker(quzzle::plot::Marker::Diamond, 6.0);
    panel.series.push(
        Series::new(
            format!(
                "measured on {} ({} % Clopper-Pearson interval)",
                devices.join(", "),
                percent(confidence)
            ),
            measured,
            scored.depths.iter().map(|d| (d.p as f64, d.score.p_valid)).collect(),
        )
        .with_error_bars(
            scored
                .depths
                .iter()
                .map(|d| (d.p as f64, d.score.interval[0], d.score.interval[1]))
                .collect(),
        ),
    );
    if let Some(u) = scored.uniform_baseline {
        panel.baselines.push(Baseline::new("uniform sampling of the space", u));
    }
    let shots: Vec<String> = scored.depths.iter().map(|d| d.score.shots.to_string()).collect();
    let mut figure = DepthFigure::new(
        format!(
            "{name}: {} qubits at {}, space {}, mixer {}: measured P(valid) against depth",
            prov.qubits, prov.reduce, prov.space, prov.mixer
        ),
        format!(
            "{} flavour; shots per depth {}; angles from {}",
            scored.flavor.name(),
            shots.join(", "),
            index.angles_from
        ),
    );
    figure.panels.push(panel);
    figure.legend = LegendPlace::Right;
    let size = figure.default_size();
    depth_figure(stem, &figure, size)
}
