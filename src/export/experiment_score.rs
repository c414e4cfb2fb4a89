//! `quzzle score DIR`: an experiment folder (`quzzle qasm --depths .. -o DIR`) scored depth by
//! depth against each manifest ([`super::score::score`]), the noiseless prediction and every
//! noise model's, into `hardware.json`, `hardware.csv` and the figure `hardware_vs_depth`. The
//! command line and the Python binding both call [`score_experiment`] and
//! [`write_experiment_score`], so their files are the same bytes.

use super::batch::{self, DepthScore, ExperimentIndex, ExperimentScore, NoisyPrediction};
use super::counts::{read_counts, Counts};
use super::mitigate::{
    isolated_shots, mitigate, reported, support_note, tensor_inverse, LinearEstimate, MitigatedScore, Mitigation,
    QubitReadout, ReadoutErrors, MAX_TENSOR_TERMS, READOUT_DISTANCE,
};
use super::score::{check_output_folder, json_text, score, successes, CountsScoreSettings, ManifestDoc, ScoreReport};
#[cfg(feature = "plot")]
use super::score::{file_name, percent, SCORE_CONFIDENCE};
use crate::bits::BasisState;
use crate::error::{Error, MitigationProblem, Result};
use crate::noise::{NoiseModel, NoiseSettings};
use crate::simulation::SpaceSettings;
use std::path::{Path, PathBuf};

/// The files [`write_experiment_score`] writes (into the experiment folder, or another).
pub const EXPERIMENT_SCORE_FILES: [&str; 4] = [
    "hardware.json",
    "hardware.csv",
    "hardware_vs_depth.svg",
    "hardware_vs_depth.png",
];

/// How [`score_experiment`] scores a folder.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExperimentScoreSettings {
    /// How each depth's counts are read and scored.
    pub counts: CountsScoreSettings,
    /// Noise models to judge every depth against besides the index's own (their trajectories
    /// already checked, [`NoiseSettings::checked`]; the experiment's space and mixer are checked
    /// here): a model the index did not predict is predicted now, at each manifest's angles,
    /// with the export's seed rule. Its `cancel` is read by those trajectories.
    pub noise: NoiseSettings,
    /// A mitigation of each depth's counts (`None`: the raw counts only). Readout errors come
    /// from the first model of `noise`, or else the index's first model.
    pub mitigate: Option<Mitigation>,
    /// The folder the score will be written to, when known: checked before any work (each
    /// file a new path or a regular file, none of them an input of the score).
    pub out: Option<PathBuf>,
}

/// An experiment folder scored: the score (`hardware.json`), the index it was scored against
/// and the files it read.
#[derive(Clone, Debug)]
pub struct ScoredExperiment {
    /// The score.
    pub score: ExperimentScore,
    /// The folder's index.
    pub index: ExperimentIndex,
    /// Every file the score was read from (the index, each manifest and counts file named).
    pub inputs: Vec<PathBuf>,
}

/// `quzzle score DIR`: every depth of the experiment folder `dir` whose counts file is there,
/// scored against its manifest, the noiseless prediction and every noise model's (the index's,
/// and those of `settings.noise` the index lacks, predicted now). The folder is read and held
/// together first ([`batch::read_folder`]); nothing is written.
pub fn score_experiment(dir: &Path, settings: &ExperimentScoreSettings) -> Result<ScoredExperiment> {
    let counts_settings = &settings.counts;
    let (index, folder) = batch::read_folder(dir)?;
    let mut inputs = vec![dir.join(batch::INDEX_FILE)];
    for d in &index.depths {
        inputs.push(dir.join(&d.manifest));
        inputs.push(dir.join(&d.counts));
    }
    if let Some(out) = &settings.out {
        check_outputs(out, &inputs)?;
    }
    let space = SpaceSettings {
        space: index.provenance.space,
        mixer: index.provenance.mixer,
        start: index.provenance.start.unwrap_or_default(),
        chosen: crate::simulation::Chosen::Given,
    };
    let extra = &settings.noise;
    if !extra.models.is_empty() {
        crate::noise::check_space(&space)?;
    }
    let mut noise_models = index.noise_models.clone();
    noise_models.extend(
        extra
            .models
            .iter()
            .filter(|m| !index.noise_models.iter().any(|i| i.name == m.name))
            .cloned(),
    );
    let readout_model = readout_model(settings, &index)?;
    let mut depths = Vec::new();
    let mut missing = Vec::new();
    for mut depth in folder {
        let Some(counts) = depth.counts.take() else {
            missing.push(depth.entry.p);
            continue;
        };
        depths.push(score_depth(dir, depth, counts, settings, readout_model.as_ref())?);
    }
    if depths.is_empty() {
        return Err(Error::NoCounts {
            folder: dir.to_path_buf(),
            looked_for: index.depths.iter().map(|d| d.counts.clone()).collect(),
        });
    }
    let names: Vec<String> = noise_models.iter().map(|m| m.name.clone()).collect();
    let family_wise = batch::FamilyVerdict::of(&depths, &names, counts_settings.confidence.get());
    let score = ExperimentScore {
        provenance: index.provenance.clone(),
        flavor: index.flavor,
        uniform_baseline: index.uniform_baseline,
        noise_models,
        depths,
        missing,
        family_wise,
    };
    Ok(ScoredExperiment { score, index, inputs })
}

/// The model whose readout rate is corrected (the first of `settings.noise`, else the
/// index's first), where readout mitigation is asked for: checked before any depth is scored.
fn readout_model(settings: &ExperimentScoreSettings, index: &ExperimentIndex) -> Result<Option<NoiseModel>> {
    Ok(match settings.mitigate {
        None => None,
        Some(Mitigation::Readout) => {
            let model = settings
                .noise
                .models
                .first()
                .or(index.noise_models.first())
                .ok_or(Error::Mitigation(MitigationProblem::NoReadoutSource))?;
            if model.readout <= 0.0 {
                return Err(Error::Mitigation(MitigationProblem::NoReadoutError {
                    model: model.name.clone(),
                }));
            }
            ReadoutErrors::uniform(index.provenance.qubits, model.readout)?;
            Some(model.clone())
        }
    })
}

/// One depth of the folder in `dir` scored: its `counts` file (path and text) against its
/// manifest, the noise models of `settings.noise` its entry lacks predicted now, and the
/// counts mitigated for the readout errors of `readout_model` where there is one.
fn score_depth(
    dir: &Path,
    depth: batch::FolderDepth,
    (counts_path, counts_text): (PathBuf, String),
    settings: &ExperimentScoreSettings,
    readout_model: Option<&NoiseModel>,
) -> Result<DepthScore> {
    let counts_settings = &settings.counts;
    let (entry, manifest, enc) = (&depth.entry, &depth.manifest, depth.encoding);
    let counts = read_counts(
        &counts_text,
        &counts_path.display().to_string(),
        manifest.qubits,
        counts_settings.format,
        counts_settings.shots,
    )?;
    let mut report = score(
        enc.as_ref(),
        manifest,
        &counts,
        counts_settings.top,
        counts_settings.confidence,
    )?;
    report.notes.extend(depth.notes);
    let mut entry = entry.clone();
    predict_new_models(dir, enc.as_ref(), manifest, &mut entry, &settings.noise)?;
    let mitigated = match readout_model {
        Some(model) => Some(mitigate_readout(
            enc.as_ref(),
            manifest,
            &counts,
            &counts_path,
            &report,
            model,
        )?),
        None => None,
    };
    Ok(DepthScore {
        p: entry.p,
        counts: entry.counts.clone(),
        noisy: batch::noisy_verdicts(&entry, &report),
        score: report,
        mitigated,
    })
}

/// Models of `extra` asked for now and not predicted at export, predicted into `entry` at the
/// manifest's angles, with the export's seed rule (seed 0 + p).
fn predict_new_models(
    dir: &Path,
    enc: &dyn crate::encoding::Encoding,
    manifest: &ManifestDoc,
    entry: &mut batch::ExperimentDepth,
    extra: &NoiseSettings,
) -> Result<()> {
    let fresh: Vec<NoiseModel> = extra
        .models
        .iter()
        .filter(|m| !entry.noisy.iter().any(|n| n.model == m.name))
        .cloned()
        .collect();
    if fresh.is_empty() {
        return Ok(());
    }
    let Some(angles) = manifest.angles.clone() else {
        return Err(Error::malformed(
            &dir.join(&entry.manifest).display().to_string(),
            "the manifest has no angles",
        ));
    };
    let settings = crate::simulation::circuit_settings(enc, &manifest.space)?;
    let sim = crate::simulation::simulation(enc, &settings)?;
    let valid = crate::simulation::success_states(enc, &sim)?.valid;
    let now = NoiseSettings {
        models: fresh,
        trajectories: extra.trajectories,
        devices: Vec::new(),
        cancel: extra.cancel.clone(),
        truncation: crate::noise::Truncation::Off,
    };
    let (_, estimates) = crate::experiment::depth::noisy_estimates(enc, &sim, &valid, &angles, &now, 0)?;
    entry.noisy.extend(estimates.into_iter().map(NoisyPrediction::from));
    Ok(())
}

/// The counts of one depth corrected for the readout errors of `model`, beside the raw
/// `report`: each bit with its device qubit's errors where the model is a calibration with
/// per-qubit errors and the counts' run names the qubit measured into each bit; else the same
/// flip probability on every bit (then the measured-qubit order and any layout do not matter).
fn mitigate_readout(
    enc: &dyn crate::encoding::Encoding,
    manifest: &ManifestDoc,
    counts: &Counts,
    counts_path: &Path,
    report: &ScoreReport,
    model: &NoiseModel,
) -> Result<MitigatedScore> {
    let n = manifest.qubits;
    let states: Vec<BasisState> = counts.counts.keys().cloned().collect();
    let shots: Vec<u64> = counts.counts.values().copied().collect();
    let valid = successes(enc, manifest, &states);
    let layout = counts.run.as_ref().and_then(|r| r.measured_qubits.as_deref());
    let by_qubit = match (&model.readout_by_qubit, layout) {
        (Some(table), Some(layout)) => Some(qubit_readouts(table, layout, n, counts_path)?),
        _ => None,
    };
    let errors = match &by_qubit {
        Some(bits) => ReadoutErrors::new(bits.iter().map(|b| (b.p1_given_0, b.p0_given_1)).collect())?,
        None => ReadoutErrors::uniform(n, model.readout)?,
    };
    // The whole matrix's inverse where the manifest lists every valid board and the sum is not
    // too long; else M3's truncated correction (docs/qasm.md, "Readout-error mitigation").
    let board_bits = manifest.board_qubits();
    let tensor = manifest.valid_complete
        && states.len().saturating_mul(manifest.valid_bitstrings.len().max(1)) <= MAX_TENSOR_TERMS;
    // M3 beside it: where the whole-matrix estimate is reported, an M3 solve that does not
    // converge leaves `m3_p_valid` null instead of failing the score.
    let m3 = mitigate(&states, &shots, &valid, n, &errors, READOUT_DISTANCE);
    let m3 = if tensor { m3.ok() } else { Some(m3?) };
    let (estimator, linear) = match &m3 {
        Some(m) if !tensor => (
            "m3",
            LinearEstimate {
                value: m.value,
                standard_error: m.standard_error,
            },
        ),
        _ => {
            let boards: Vec<Vec<bool>> = manifest
                .valid_bitstrings
                .iter()
                .map(|b| b.bytes().map(|c| c == b'1').collect())
                .collect();
            (
                "tensor-inverse",
                tensor_inverse(&states, &shots, board_bits, &boards, &errors)?,
            )
        }
    };
    let source = counts_path.display().to_string();
    let shown = reported(
        &linear,
        report.p_valid,
        report.interval,
        report.confidence,
        counts.shots,
        &source,
    )?;
    let interval = shown.interval;
    let (m3_p_valid, isolated) = match &m3 {
        Some(m) => (Some(m.value), m.isolated_shots),
        None => (None, isolated_shots(&states, &shots, n, READOUT_DISTANCE)),
    };
    let note = support_note(isolated, tensor);
    Ok(MitigatedScore {
        method: Mitigation::Readout.name(),
        readout_model: model.name.clone(),
        readout_error: model.readout,
        distance: READOUT_DISTANCE,
        estimator,
        p_valid: shown.value,
        linear_p_valid: linear.value,
        projected: shown.projected,
        standard_error: linear.standard_error,
        interval,
        m3_p_valid,
        isolated_shots: isolated,
        note,
        inside: manifest
            .success_probability
            .map(|p| interval[0] - 1e-12 <= p && p <= interval[1] + 1e-12),
        solver_steps: m3.as_ref().map_or(0, |m| m.steps),
        by_qubit,
    })
}

/// The calibration's errors of the device qubit measured into each of the `n` bits
/// (`layout[b]`), refusing a layout of another length, a repeated qubit, or a qubit the
/// calibration does not have or has no readout errors for.
fn qubit_readouts(
    table: &[Option<[f64; 2]>],
    layout: &[usize],
    n: usize,
    counts_path: &Path,
) -> Result<Vec<QubitReadout>> {
    let bad = |problem: String| {
        Error::Mitigation(MitigationProblem::Layout {
            counts: counts_path.display().to_string(),
            problem,
        })
    };
    if layout.len() != n {
        return Err(bad(format!(
            "run.measured_qubits names {} device qubits, but the circuit measures {n}",
            layout.len()
        )));
    }
    let mut seen = std::collections::BTreeSet::new();
    layout
        .iter()
        .enumerate()
        .map(|(bit, &qubit)| {
            if !seen.insert(qubit) {
                return Err(bad(format!("run.measured_qubits names device qubit {qubit} twice")));
            }
            let Some(entry) = table.get(qubit) else {
                return Err(bad(format!(
                    "bit {bit} was measured on device qubit {qubit}, but the calibration has {} qubits",
                    table.len()
                )));
            };
            let Some([p1_given_0, p0_given_1]) = *entry else {
                return Err(bad(format!(
                    "bit {bit} was measured on device qubit {qubit}, which the calibration gives no readout error for"
                )));
            };
            Ok(QubitReadout {
                qubit,
                p1_given_0,
                p0_given_1,
            })
        })
        .collect()
}

/// Refuse an output folder `out` that is not a folder, any file of
/// [`EXPERIMENT_SCORE_FILES`] in it that is not a new path or a regular file, and any that is
/// one of the `inputs` (links and `.`/`..` resolved).
fn check_outputs(out: &Path, inputs: &[PathBuf]) -> Result<()> {
    check_output_folder(out)?;
    for name in EXPERIMENT_SCORE_FILES {
        let target = out.join(name);
        crate::files::check_output(&target, "output")?;
        let Ok(resolved) = target.canonicalize() else {
            continue;
        };
        if let Some(input) = inputs
            .iter()
            .find(|i| i.canonicalize().ok().as_ref() == Some(&resolved))
        {
            return Err(Error::OutputIsInput {
                output: target,
                input: input.clone(),
            });
        }
    }
    Ok(())
}

/// Write `scored` into the folder `out` (created when missing): `hardware.json` (the score, as
/// `score DIR --json` prints it) and `hardware.csv` written whole together, then, with the
/// `plot` feature, `hardware_vs_depth.svg`/`.png` ([`hardware_figure`]). Returns the files
/// written, in that order.
pub fn write_experiment_score(out: &Path, scored: &ScoredExperiment) -> Result<Vec<PathBuf>> {
    check_outputs(out, &scored.inputs)?;
    let (json, csv) = (out.join("hardware.json"), out.join("hardware.csv"));
    crate::files::write_whole(&[
        (json.clone(), json_text(&scored.score).into_bytes()),
        (csv.clone(), scored.score.to_csv()?.into_bytes()),
    ])?;
    #[cfg_attr(not(feature = "plot"), allow(unused_mut))]
    let mut written = vec![json, csv];
    #[cfg(feature = "plot")]
    {
        let figure = hardware_figure(scored);
        let size = figure.default_size();
        written.extend(crate::plot::depth_figure(
            &out.join("hardware_vs_depth"),
            &figure,
            size,
        )?);
    }
    Ok(written)
}

/// `(p, value, standard error)` of one noise model at every depth that has it.
#[cfg(feature = "plot")]
fn model_points<D>(depths: &[D], point: impl Fn(&D) -> Option<(usize, f64, f64)>) -> Vec<(f64, f64, f64)> {
    depths
        .iter()
        .filter_map(|d| point(d).map(|(p, v, se)| (p as f64, v, se)))
        .collect()
}

/// Measured P(valid) with its intervals over the noiseless curve, each noise model's curve ±
/// its standard error and the uniform baseline, against depth (log y).
#[cfg(feature = "plot")]
pub fn hardware_figure(scored: &ScoredExperiment) -> crate::plot::DepthFigure {
    use crate::plot::{Baseline, DepthFigure, LegendPlace, Panel, Series, Style, PALETTE};
    let (index, scored) = (&scored.index, &scored.score);
    let prov = &scored.provenance;
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
        panel.series.push(model_series(index, scored, i, m));
    }
    let confidence = scored.depths.first().map_or(SCORE_CONFIDENCE, |d| d.score.confidence);
    panel.series.push(measured_series(scored, confidence));
    panel.series.extend(mitigated_series(scored, confidence));
    if let Some(u) = scored.uniform_baseline {
        panel.baselines.push(Baseline::new("uniform sampling of the space", u));
    }
    let shots: Vec<String> = scored.depths.iter().map(|d| d.score.shots.to_string()).collect();
    let mut figure = DepthFigure::new(
        format!(
            "{}: {} qubits at {}, space {}, mixer {}: measured P(valid) against depth",
            file_name(&prov.file),
            prov.qubits,
            prov.reduce,
            prov.space,
            prov.mixer
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
    figure
}

/// The curve of noise model `m` (the `i`-th) ± its standard error: the index's predictions
/// at every depth; a model asked for now, at the scored ones.
#[cfg(feature = "plot")]
fn model_series(index: &ExperimentIndex, scored: &ExperimentScore, i: usize, m: &NoiseModel) -> crate::plot::Series {
    use crate::plot::{Series, Style, PALETTE};
    let from_index = model_points(&index.depths, |d| {
        let n = d.noisy.iter().find(|n| n.model == m.name)?;
        Some((d.p, n.p_valid, n.p_valid_se))
    });
    let predicted = if from_index.is_empty() {
        model_points(&scored.depths, |d| {
            let n = d.noisy.iter().find(|n| n.model == m.name)?;
            Some((d.p, n.predicted, n.predicted_se))
        })
    } else {
        from_index
    };
    // Vermillion, green, purple, sky blue: apart from the noiseless blue and the black points.
    let colour = [1, 2, 4, 5][i % 4];
    let style = Style::nth(colour).with_colour(PALETTE[colour]);
    Series::new(
        format!("{} prediction ± s.e.", m.name),
        style,
        predicted.iter().map(|&(p, v, _)| (p, v)).collect(),
    )
    .with_band(predicted.iter().map(|&(p, v, se)| (p, v - se, v + se)).collect())
}

/// The measured points with their intervals (at `confidence`), labelled with where the
/// shots were taken, as the counts files record it.
#[cfg(feature = "plot")]
fn measured_series(scored: &ExperimentScore, confidence: f64) -> crate::plot::Series {
    use crate::plot::{Marker, Series, Style, PALETTE};
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
    let measured = Style::new(PALETTE[7]).with_width(0.0).with_marker(Marker::Diamond, 6.0);
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
    )
}

/// The readout-mitigated points with their intervals, beside the raw points, a little to the
/// right so that the two bars stay apart (none where no depth was mitigated).
#[cfg(feature = "plot")]
fn mitigated_series(scored: &ExperimentScore, confidence: f64) -> Option<crate::plot::Series> {
    use crate::plot::{Marker, Series, Style, PALETTE};
    let mitigated: Vec<(f64, &MitigatedScore)> = scored
        .depths
        .iter()
        .filter_map(|d| Some((d.p as f64 + 0.12, d.mitigated.as_ref()?)))
        .collect();
    let (_, first) = mitigated.first()?;
    let style = Style::new(PALETTE[3]).with_width(0.0).with_marker(Marker::Square, 5.0);
    Some(
        Series::new(
            format!(
                "readout-mitigated ({}; {} % interval)",
                first.readout_text(),
                percent(confidence)
            ),
            style,
            mitigated.iter().map(|&(x, m)| (x, m.p_valid)).collect(),
        )
        .with_error_bars(
            mitigated
                .iter()
                .map(|&(x, m)| (x, m.interval[0], m.interval[1]))
                .collect(),
        ),
    )
}
