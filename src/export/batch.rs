//! A hardware experiment across depths as one job: the circuit and manifest of every depth and
//! an index, `experiment.json`, that says which file is which depth, what each predicts
//! (noiseless, and under each noise model ± its standard error) and under which name the
//! submission scripts write each depth's counts, so that `score DIR` finds them.

use super::{export_circuit, AngleSource, CircuitExport, ExportRequest};
use crate::angles::Angles;
use crate::checked::Depths;
use crate::encoding::Encoding;
use crate::error::{Error, RequestProblem, Result};
use crate::experiment::{depth, solve};
use crate::noise::{NoiseModel, NoiseSettings};
use crate::qaoa::optimize::{Init, OptimizeConfig};
use crate::qaoa::Objective;
use crate::simulation::{self, Provenance, SpaceSettings};
use serde::{Deserialize, Serialize};

use super::qasm::Flavor;

/// The index file of an experiment folder.
pub const INDEX_FILE: &str = "experiment.json";

/// The marker of an experiment index.
pub const INDEX_MARKER: &str = "quzzle-experiment";

/// What to export.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthsRequest {
    /// The depths, ascending.
    pub depths: Depths,
    /// Their angles: a report of the same circuit holding every depth, or optimised here once
    /// over depths 1..=max (the angles `qasm --depth P --optimize` gives for each P). Given
    /// angles are one depth's, so they are refused.
    pub angles: AngleSource,
    /// The QASM flavour.
    pub flavor: Flavor,
    /// Write the angles as `input float[64]` parameters (portable flavour only).
    pub symbolic: bool,
    /// The space and mixer.
    pub space: SpaceSettings,
    /// Noise models each depth is also predicted under (none: noiseless only), and the seed
    /// of their trajectories (`seed + p` at depth p).
    pub noise: NoiseSettings,
    /// Seed of the noisy trajectories.
    pub noise_seed: u64,
    /// Read by the optimiser and the noisy trajectories: a stop request or deadline ends the
    /// export (nothing is written).
    pub cancel: crate::budget::Cancel,
}

/// One noisy prediction of a depth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NoisyPrediction {
    /// The model's name (`heron`, or the rates as given).
    pub model: String,
    /// Mean P(valid) over the trajectories, readout errors included.
    pub p_valid: f64,
    /// Its standard error.
    pub p_valid_se: f64,
    /// Trajectories run.
    pub trajectories: usize,
    /// Mean energy `⟨C⟩` over the trajectories, readout errors included (absent in indexes of
    /// older exports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy: Option<f64>,
    /// Its standard error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy_se: Option<f64>,
    /// Where the trajectories were truncated (`--truncate exact`): the brackets that contain
    /// the drawn trajectories' exact average (docs/qasm.md, "Truncation").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket: Option<PredictionBracket>,
}

/// The bracket of a truncated prediction: `[lower, upper]` of P(valid) and of the energy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PredictionBracket {
    /// P(valid): both ends equal the estimate (exact for the drawn trajectories), except where
    /// a bounded run dropped pieces too large to hold.
    pub p_valid: [f64; 2],
    /// The energy.
    pub energy: [f64; 2],
    /// Mean over the trajectories of the probability dropped.
    pub mean_dropped: f64,
}

impl From<crate::noise::NoisyEstimate> for NoisyPrediction {
    fn from(e: crate::noise::NoisyEstimate) -> NoisyPrediction {
        NoisyPrediction {
            model: e.model.name,
            p_valid: e.p_valid,
            p_valid_se: e.p_valid_se,
            trajectories: e.trajectories,
            energy: Some(e.energy),
            energy_se: Some(e.energy_se),
            bracket: e.truncated.map(|b| PredictionBracket {
                p_valid: b.p_valid,
                energy: b.energy,
                mean_dropped: b.mean_dropped,
            }),
        }
    }
}

/// One depth of an experiment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExperimentDepth {
    /// Depth.
    pub p: usize,
    /// The circuit's file in the folder.
    pub qasm: String,
    /// SHA-256 of the circuit file's text, as its manifest records it: `score DIR` refuses a
    /// circuit file that differs or is missing. Absent in indexes of older exports, whose
    /// circuit files are scored with a note that they were not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qasm_sha256: Option<String>,
    /// Its manifest's file.
    pub manifest: String,
    /// The manifest's own digest: binds this entry to that manifest, so a manifest swapped,
    /// replaced or edited after the export is found.
    pub manifest_digest: String,
    /// The file the submission scripts write its counts to (what `score DIR` reads).
    pub counts: String,
    /// γ_1..γ_p.
    pub gammas: Vec<f64>,
    /// β_1..β_p.
    pub betas: Vec<f64>,
    /// Noiseless P(valid) at these angles (`null` when not simulated).
    pub success_probability: Option<f64>,
    /// P(valid) under each noise model.
    pub noisy: Vec<NoisyPrediction>,
}

/// `experiment.json`: the puzzle and circuit family, then one entry per depth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExperimentIndex {
    /// Always [`INDEX_MARKER`].
    pub experiment: String,
    /// The puzzle, encoding, reduction, qubits, space, mixer and dimension.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// The QASM flavour of every file.
    pub flavor: Flavor,
    /// Where the angles come from (`optimize (seed S)` or the report's file).
    pub angles_from: String,
    /// P(valid) of uniform sampling of the space (`null` when the valid boards are not all
    /// known).
    pub uniform_baseline: Option<f64>,
    /// The noise models of the predictions, with their sources.
    pub noise_models: Vec<NoiseModel>,
    /// The depths.
    pub depths: Vec<ExperimentDepth>,
    /// quzzle version.
    pub version: String,
    /// SHA-256 of every other field (see [`super::json::digest_of`]), checked when the index
    /// is read back.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub digest: String,
}

/// An exported experiment: the index and each depth's circuit.
#[derive(Clone, Debug)]
pub struct ExperimentExport {
    /// The index.
    pub index: ExperimentIndex,
    /// Each depth's export, in the index's order.
    pub circuits: Vec<CircuitExport>,
}

/// The file names of depth `p` in an experiment folder: circuit, manifest, counts.
pub fn depth_files(p: usize) -> (String, String, String) {
    (
        format!("p{p:02}.qasm"),
        format!("p{p:02}.json"),
        format!("p{p:02}.counts.json"),
    )
}

/// Export `enc`'s circuit at every depth of `req`, with the index.
pub fn export_depths(enc: &dyn Encoding, req: &DepthsRequest) -> Result<ExperimentExport> {
    solve::whole(export_depths_keeping(enc, req)?)
}

/// [`export_depths`] that keeps what is done: each depth is optimised (when asked), exported
/// and predicted before the next, and a depth that fails (budget, Ctrl-C, memory) ends the
/// export with the depths before it, indexed, and the stop beside them. A failure before the
/// first depth asked for is done is the error.
pub fn export_depths_keeping(
    enc: &dyn Encoding,
    req: &DepthsRequest,
) -> Result<(ExperimentExport, Option<solve::DepthStop>)> {
    let depths = &req.depths;
    if let AngleSource::Given(_) = req.angles {
        return Err(Error::Request(RequestProblem::GivenAnglesAcrossDepths));
    }
    let settings = simulation::circuit_settings(enc, &super::settings_for_angles(&req.space, &req.angles)?)?;
    // One simulation for the optimised angles and the noisy predictions, when either is asked.
    let needs_sim = matches!(req.angles, AngleSource::Optimize { .. }) || !req.noise.models.is_empty();
    let sim = if needs_sim {
        let sim = simulation::simulation(enc, &settings)?;
        depth::check_noise_fits(&sim, &req.noise)?;
        let success = simulation::success_states(enc, &sim)?;
        Some((sim, success))
    } else {
        None
    };
    let mut exporter = DepthExporter {
        enc,
        req,
        sim: sim.as_ref(),
        circuits: Vec::with_capacity(depths.len()),
        entries: Vec::with_capacity(depths.len()),
    };
    let stop = match (&req.angles, &sim) {
        (AngleSource::Optimize { seed }, Some((sim, success))) => {
            // Every depth up to the deepest is optimised (each grows the one before); those
            // asked for are exported as soon as their angles are known.
            let all = Depths::up_to(depths.max())?;
            let config = OptimizeConfig {
                seed: *seed,
                cancel: req.cancel.clone(),
                ..OptimizeConfig::default()
            };
            let (_, stop) = solve::run_depths_then(
                sim,
                &Objective::Energy,
                success,
                &all,
                Init::Interp,
                &config,
                |d, part| match depths.each().find(|p| p.get() == d.p) {
                    Some(depth) => exporter.export(depth, Some(d.angles()?), part),
                    None => Ok(()),
                },
            )?;
            stop
        }
        _ => exporter.export_each(depths),
    };
    let DepthExporter { circuits, entries, .. } = exporter;
    if circuits.is_empty() {
        if let Some(stop) = stop {
            return Err(stop.error);
        }
    }
    let first = circuits[0].manifest.as_ref().expect("a named export has a manifest");
    let uniform_baseline = first
        .valid_bitstrings_complete
        .then(|| first.valid_bitstrings.len() as f64 / first.provenance.dimension);
    let mut index = ExperimentIndex {
        experiment: INDEX_MARKER.to_string(),
        provenance: first.provenance.clone(),
        flavor: req.flavor,
        angles_from: match &req.angles {
            AngleSource::Report { source, .. } => source.clone(),
            AngleSource::Optimize { seed } => format!("optimize (energy, interp, lbfgs, seed {seed})"),
            AngleSource::Given(_) => unreachable!("refused above"),
        },
        uniform_baseline,
        noise_models: req.noise.models.clone(),
        depths: entries,
        version: env!("CARGO_PKG_VERSION").to_string(),
        digest: String::new(),
    };
    index.digest = super::json::digest_of(&serde_json::to_value(&index).expect("indexes serialise"));
    Ok((ExperimentExport { index, circuits }, stop))
}

/// The depths of one export as they are written: each depth's circuit with its manifest, and
/// its index entry with the noisy predictions.
struct DepthExporter<'a> {
    enc: &'a dyn Encoding,
    req: &'a DepthsRequest,
    /// The simulation and its valid states, where angles are optimised or noise predicted.
    sim: Option<&'a (simulation::Simulation, crate::encoding::SuccessStates)>,
    circuits: Vec<CircuitExport>,
    entries: Vec<ExperimentDepth>,
}

impl DepthExporter<'_> {
    /// Depth `depth`'s circuit, manifest and predictions, from its angles (none: the
    /// request's), `part` read before it starts and by the predictions.
    fn export(
        &mut self,
        depth: crate::checked::Depth,
        optimised: Option<Angles>,
        part: &crate::budget::Cancel,
    ) -> Result<()> {
        let (enc, req) = (self.enc, self.req);
        let p = depth.get();
        part.check("exporting")?;
        let (qasm_file, manifest_file, counts_file) = depth_files(p);
        let angles = match optimised {
            Some(a) => AngleSource::Given(a),
            None => req.angles.clone(),
        };
        let exported = export_circuit(
            enc,
            &ExportRequest {
                depth,
                angles,
                flavor: req.flavor,
                symbolic: req.symbolic,
                with_state: false,
                qasm_name: Some(qasm_file.clone()),
                space: req.space,
            },
        )?;
        let manifest = exported.manifest.as_ref().expect("a named export has a manifest");
        let angles = Angles::new(manifest.gammas.clone(), manifest.betas.clone())?;
        let noisy = match self.sim {
            Some((sim, success)) if !req.noise.models.is_empty() => depth::noisy_estimates(
                enc,
                sim,
                &success.valid,
                &angles,
                &crate::noise::NoiseSettings {
                    cancel: part.clone(),
                    ..req.noise.clone()
                },
                req.noise_seed,
            )?
            .1
            .into_iter()
            .map(NoisyPrediction::from)
            .collect(),
            _ => Vec::new(),
        };
        self.entries.push(ExperimentDepth {
            p,
            qasm: qasm_file,
            qasm_sha256: Some(manifest.qasm_sha256.clone()),
            manifest: manifest_file,
            manifest_digest: manifest.digest.clone(),
            counts: counts_file,
            gammas: angles.gammas,
            betas: angles.betas,
            success_probability: manifest.success_probability,
            noisy,
        });
        self.circuits.push(exported);
        Ok(())
    }

    /// Every depth of `depths` at the request's angles, each a share of the request's stop
    /// weighed by p; the first that fails ends the loop and is returned.
    fn export_each(&mut self, depths: &Depths) -> Option<solve::DepthStop> {
        let total: usize = depths.iter().sum();
        let mut weighed = 0;
        for depth in depths.each() {
            let p = depth.get();
            let part = self.req.cancel.within(
                format!("p = {p}"),
                weighed as f64 / total as f64,
                (weighed + p) as f64 / total as f64,
            );
            weighed += p;
            if let Err(error) = self.export(depth, None, &part) {
                return Some(solve::DepthStop {
                    depth: p,
                    error,
                    partial: None,
                });
            }
        }
        None
    }
}

/// Read an experiment index (`source` names it in messages): its digest must hold, its depths
/// be distinct and ascending with the file names quzzle gives them (inside the folder), and
/// its numbers be probabilities. [`check_depth`] then holds each entry against its manifest.
pub fn read_index(text: &str, source: &str) -> Result<ExperimentIndex> {
    let bad = |msg: String| Error::malformed(source, msg);
    let doc = super::json::parse_unique(text, source)?;
    if doc.get("experiment").and_then(|v| v.as_str()) != Some(INDEX_MARKER) {
        return Err(bad(format!(
            "not an experiment index (no \"experiment\": \"{INDEX_MARKER}\")"
        )));
    }
    match doc.get(super::json::DIGEST_KEY).and_then(|v| v.as_str()) {
        None => {
            return Err(bad(
                "no `digest`: the index was written by an older quzzle (or the digest was removed), so it cannot be checked; export the experiment again".into(),
            ))
        }
        Some(d) if d != super::json::digest_of(&doc) => {
            return Err(bad(
                "the fields do not match the index's `digest`: the file was edited after the export; export the experiment again".into(),
            ))
        }
        Some(_) => {}
    }
    let index: ExperimentIndex =
        serde_json::from_value(doc).map_err(|e| bad(format!("not an experiment index: {e}")))?;
    if index.depths.is_empty() {
        return Err(bad("the index lists no depth".into()));
    }
    let mut previous = 0;
    for d in &index.depths {
        if d.p <= previous || d.p > solve::MAX_DEPTH {
            return Err(bad(format!(
                "depth {} follows depth {previous}: an index lists distinct depths 1..={} in ascending order",
                d.p,
                solve::MAX_DEPTH
            )));
        }
        previous = d.p;
        let (qasm, manifest, counts) = depth_files(d.p);
        for (field, named, expected) in [
            ("qasm", &d.qasm, qasm),
            ("manifest", &d.manifest, manifest),
            ("counts", &d.counts, counts),
        ] {
            if *named != expected {
                return Err(bad(format!(
                    "depth {}: `{field}` is {}, not `{expected}` (the files of depth {} in the experiment's own folder)",
                    d.p,
                    crate::error::clip_quote(named),
                    d.p
                )));
            }
        }
        if d.gammas.len() != d.p || d.betas.len() != d.p || d.gammas.iter().chain(&d.betas).any(|a| !a.is_finite()) {
            return Err(bad(format!("depth {}: not {} finite γ and β", d.p, d.p)));
        }
        let probability = |x: f64| (0.0..=1.0).contains(&x);
        if d.success_probability.is_some_and(|x| !probability(x)) {
            return Err(bad(format!(
                "depth {}: `success_probability` is not a probability",
                d.p
            )));
        }
        for n in &d.noisy {
            let sound = probability(n.p_valid) && n.p_valid_se.is_finite() && n.p_valid_se >= 0.0;
            if !sound || n.trajectories == 0 {
                return Err(bad(format!(
                    "depth {}: the prediction under {} is {} ± {} from {} trajectories, not a probability with a standard error",
                    d.p,
                    crate::error::clip_quote(&n.model),
                    n.p_valid,
                    n.p_valid_se,
                    n.trajectories
                )));
            }
            if !index.noise_models.iter().any(|m| m.name == n.model) {
                return Err(bad(format!(
                    "depth {}: a prediction under {}, which `noise_models` does not list",
                    d.p,
                    crate::error::clip_quote(&n.model)
                )));
            }
        }
    }
    if index.uniform_baseline.is_some_and(|u| !(0.0..=1.0).contains(&u)) {
        return Err(bad("`uniform_baseline` is not a probability".into()));
    }
    Ok(index)
}

/// Hold `entry` of `index` against the manifest read from its file: the manifest must be the
/// one the index was written with (its digest), for the same depth, angles, circuit file and
/// circuit family, and the index's noiseless numbers must be the manifest's. The manifest's own
/// digest and fields are checked by [`ManifestDoc::encoding`](super::score::ManifestDoc::encoding).
pub fn check_depth(
    index: &ExperimentIndex,
    entry: &ExperimentDepth,
    manifest: &super::score::ManifestDoc,
) -> Result<()> {
    let differs = |what: &str| {
        Error::malformed(
            &manifest.source,
            format!(
                "{what} differs from what the experiment index gives for depth {} ({}): the folder holds files of another export; export the experiment again",
                entry.p, entry.manifest
            ),
        )
    };
    if manifest.recorded_digest.as_deref() != Some(entry.manifest_digest.as_str()) {
        return Err(differs("the manifest's digest"));
    }
    if manifest.qasm_file.as_deref() != Some(entry.qasm.as_str()) {
        return Err(differs("the circuit file the manifest names"));
    }
    if manifest.qasm_sha256 != entry.qasm_sha256 {
        return Err(differs("the circuit's digest (`qasm_sha256`)"));
    }
    let same = |a: &[f64], b: &[f64]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits());
    match &manifest.angles {
        Some(a) if a.p() == entry.p && same(&a.gammas, &entry.gammas) && same(&a.betas, &entry.betas) => {}
        _ => return Err(differs("the depth or the angles")),
    }
    if manifest.success_probability.map(f64::to_bits) != entry.success_probability.map(f64::to_bits) {
        return Err(differs("the noiseless P(valid)"));
    }
    let v = &index.provenance;
    if manifest.qubits != v.qubits
        || manifest.space.space != v.space
        || manifest.space.mixer != v.mixer
        || manifest.space.start != v.start.unwrap_or_default()
        || manifest.puzzle_sha256 != v.puzzle_sha256
    {
        return Err(differs("the puzzle, qubits, space, mixer or start"));
    }
    let baseline = manifest
        .valid_complete
        .then(|| manifest.valid_bitstrings.len() as f64 / manifest.dimension);
    if baseline.map(f64::to_bits) != index.uniform_baseline.map(f64::to_bits) {
        return Err(differs("the uniform baseline"));
    }
    Ok(())
}

/// One depth of an experiment folder read back and checked: its index entry, its manifest,
/// the encoding rebuilt from it, and its counts file (path and text) when there is one.
pub struct FolderDepth {
    /// The index's entry.
    pub entry: ExperimentDepth,
    /// The manifest, held against the entry.
    pub manifest: super::score::ManifestDoc,
    /// The encoding the manifest rebuilds.
    pub encoding: Box<dyn Encoding>,
    /// The counts file and its text (`None`: not run yet).
    pub counts: Option<(std::path::PathBuf, String)>,
    /// Remarks on the depth's files (a circuit of an older export, not checked).
    pub notes: Vec<String>,
}

/// Hold the circuit file of `entry` in the folder `dir` against its digest: missing, not a
/// regular file, or another text is refused, naming the file. An entry of an older export
/// (no `qasm_sha256`) is not checked: the note says so.
fn check_circuit(dir: &std::path::Path, entry: &ExperimentDepth) -> Result<Option<String>> {
    let path = dir.join(&entry.qasm);
    let Some(recorded) = &entry.qasm_sha256 else {
        return Ok(Some(format!(
            "{} was not checked: the index and manifest of this older export record no circuit digest (`qasm_sha256`); export the experiment again to have it checked",
            entry.qasm
        )));
    };
    let source = path.display().to_string();
    let text = match std::fs::metadata(&path) {
        Err(_) => {
            return Err(Error::malformed(
                &source,
                format!(
                    "missing: the circuit of depth {} that the index and manifest name; a folder is scored with the circuits it was exported with",
                    entry.p
                ),
            ))
        }
        Ok(m) if !m.is_file() => {
            return Err(Error::malformed(&source, "not a regular file: the circuit is a file the export wrote"))
        }
        Ok(_) => std::fs::read(&path).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?,
    };
    let actual = {
        use sha2::{Digest, Sha256};
        Sha256::digest(&text)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    if &actual != recorded {
        return Err(Error::malformed(
            &source,
            format!(
                "the circuit differs from the one exported for depth {} (SHA-256 {}…, the manifest records {}…): the counts would be judged against predictions of another circuit; export the experiment again",
                entry.p,
                &actual[..12],
                recorded.chars().take(12).collect::<String>()
            ),
        ));
    }
    Ok(None)
}

/// Refuse a counts file of the folder `dir` (its canonical path `root`) that is a link leading
/// out of the folder, or onto a file the index names for another purpose (another depth's
/// counts, a manifest, a circuit, the index): a link cannot make one depth's shots another's.
/// `claimed` holds the canonical files taken so far, with the name that took each.
fn check_counts_link(
    root: &std::path::Path,
    path: &std::path::Path,
    name: &str,
    claimed: &mut std::collections::BTreeMap<std::path::PathBuf, String>,
) -> Result<()> {
    let source = path.display().to_string();
    let target = path.canonicalize().map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    if !target.starts_with(root) {
        return Err(Error::malformed(
            &source,
            format!(
                "a link to {}, outside the experiment folder {}: counts are read from the folder's own files",
                target.display(),
                root.display()
            ),
        ));
    }
    if let Some(other) = claimed.insert(target.clone(), name.to_string()) {
        return Err(Error::malformed(
            &source,
            format!(
                "a link to {}, which is the folder's `{other}`: one file cannot be the counts of two depths (or a manifest, circuit or index too)",
                target.display()
            ),
        ));
    }
    Ok(())
}

/// Read the experiment folder `dir` and hold its parts against each other before any number is
/// computed from them: the index ([`read_index`]), then every depth's manifest (its own digest
/// and fields, [`super::score::ManifestDoc::encoding`]) against its entry ([`check_depth`]),
/// its circuit against the digest both record, and its counts file (a regular file of a
/// bounded size, [`super::counts::read_counts_file`], not a link out of the folder or onto
/// another of its files), counts or not, so that a folder mixing two exports is refused whole.
pub fn read_folder(dir: &std::path::Path) -> Result<(ExperimentIndex, Vec<FolderDepth>)> {
    let read = super::score::read_text;
    let index_path = dir.join(INDEX_FILE);
    let index = read_index(&read(&index_path)?, &index_path.display().to_string())?;
    let root = dir.canonicalize().map_err(|source| Error::Read {
        path: dir.to_path_buf(),
        source,
    })?;
    // Every file the index names, by canonical path: a counts link onto one of them is refused.
    let mut claimed = std::collections::BTreeMap::new();
    let mut named = vec![INDEX_FILE.to_string()];
    for d in &index.depths {
        named.extend([d.manifest.clone(), d.qasm.clone()]);
        // Counts that are files of their own; links are held against these below.
        if dir
            .join(&d.counts)
            .symlink_metadata()
            .is_ok_and(|m| !m.file_type().is_symlink())
        {
            named.push(d.counts.clone());
        }
    }
    for name in named {
        if let Ok(c) = dir.join(&name).canonicalize() {
            claimed.insert(c, name);
        }
    }
    let mut depths = Vec::with_capacity(index.depths.len());
    for entry in &index.depths {
        let manifest_path = dir.join(&entry.manifest);
        let manifest = super::score::ManifestDoc::parse(&read(&manifest_path)?, &manifest_path.display().to_string())?;
        let encoding = manifest.encoding()?;
        check_depth(&index, entry, &manifest)?;
        let notes: Vec<String> = check_circuit(dir, entry)?.into_iter().collect();
        let counts_path = dir.join(&entry.counts);
        let counts = match counts_path.symlink_metadata() {
            Ok(meta) => {
                if meta.file_type().is_symlink() {
                    check_counts_link(&root, &counts_path, &entry.counts, &mut claimed)?;
                }
                let text = super::counts::read_counts_file(&counts_path, manifest.qubits, None)?;
                Some((counts_path.clone(), text))
            }
            Err(_) => None,
        };
        depths.push(FolderDepth {
            entry: entry.clone(),
            manifest,
            encoding,
            counts,
            notes,
        });
    }
    Ok((index, depths))
}

/// A depth's measured P(valid) against one noise model's prediction.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NoisyVerdict {
    /// The model.
    pub model: String,
    /// Its predicted P(valid).
    pub predicted: f64,
    /// The prediction's standard error.
    pub predicted_se: f64,
    /// Whether the prediction stands at this depth: the p-value of the measured count against
    /// the binomial mixed over the prediction's own error
    /// ([`binomial_p_value_uncertain`](crate::experiment::interval::binomial_p_value_uncertain))
    /// is at least 1 − confidence. With a standard error of 0 this is the prediction lying
    /// inside the measured interval.
    pub inside: bool,
    /// `(measured − predicted) / √(se² + p̂(1 − p̂)/shots)`; `null` where both spreads are 0.
    pub z: Option<f64>,
}

/// One scored depth of an experiment.
#[derive(Clone, Debug, Serialize)]
pub struct DepthScore {
    /// Depth.
    pub p: usize,
    /// The counts file.
    pub counts: String,
    /// The score against the depth's manifest.
    #[serde(flatten)]
    pub score: super::score::ScoreReport,
    /// The measurement against each noisy prediction of the index.
    pub noisy: Vec<NoisyVerdict>,
    /// P(valid) corrected for readout errors (`score DIR --mitigate readout`; absent
    /// otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mitigated: Option<super::mitigate::MitigatedScore>,
}

/// `score DIR`: every depth whose counts are there, scored against its manifest and the
/// index's predictions.
#[derive(Clone, Debug, Serialize)]
pub struct ExperimentScore {
    /// The puzzle and circuit family, from the index.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// The QASM flavour.
    pub flavor: Flavor,
    /// P(valid) of uniform sampling of the space.
    pub uniform_baseline: Option<f64>,
    /// The noise models of the predictions.
    pub noise_models: Vec<NoiseModel>,
    /// The scored depths, ascending.
    pub depths: Vec<DepthScore>,
    /// Depths of the index with no counts file (not run yet).
    pub missing: Vec<usize>,
    /// Each prediction (the noiseless one, then each model) judged at every scored depth at
    /// once: with many depths and models, some per-depth interval misses by chance.
    pub family_wise: Vec<FamilyVerdict>,
}

/// One depth of a [`FamilyVerdict`].
#[derive(Clone, Debug, Serialize)]
pub struct FamilyDepth {
    /// Depth.
    pub p: usize,
    /// The two-sided p-value of the measured count under the prediction: the exact binomial
    /// test, with the binomial mixed over the prediction's standard error where it has one (a
    /// noise model's mean over trajectories:
    /// [`crate::experiment::interval::binomial_p_value_uncertain`]); for an exact prediction, at least 1 − confidence exactly when the
    /// prediction lies inside the depth's interval.
    pub p_value: f64,
    /// Holm's adjusted p-value over the family's depths.
    pub holm_p_value: f64,
    /// Whether the prediction stands at this depth after the adjustment.
    pub inside: bool,
}

/// A prediction against every scored depth at once, by Holm's step-down: the chance that a
/// right prediction is called OUTSIDE at any depth is at most 1 − confidence.
#[derive(Clone, Debug, Serialize)]
pub struct FamilyVerdict {
    /// `noiseless`, or the model's name.
    pub prediction: String,
    /// The depths it was tested at (those with a prediction), ascending.
    pub depths: Vec<FamilyDepth>,
    /// Whether it stands at every depth.
    pub consistent: bool,
}

impl FamilyVerdict {
    /// The name of the noiseless prediction's family.
    pub const NOISELESS: &'static str = "noiseless";

    /// The family verdicts of `depths` (scored at `confidence`, each with its predictions):
    /// the noiseless prediction, then each model in the order of `models`. A prediction no
    /// depth has is left out.
    pub fn of(depths: &[DepthScore], models: &[String], confidence: f64) -> Vec<FamilyVerdict> {
        let alpha = 1.0 - confidence;
        // The noiseless prediction is exact; a noisy one carries its standard error.
        let mut families = vec![Self::judge(
            Self::NOISELESS,
            depths.iter().map(|d| (d, d.score.simulated_p_valid.map(|p| (p, 0.0)))),
            alpha,
        )];
        for m in models {
            families.push(Self::judge(
                m,
                depths.iter().map(|d| {
                    (
                        d,
                        d.noisy
                            .iter()
                            .find(|n| &n.model == m)
                            .map(|n| (n.predicted, n.predicted_se)),
                    )
                }),
                alpha,
            ));
        }
        families.into_iter().flatten().collect()
    }

    fn judge<'a>(
        name: &str,
        tested: impl Iterator<Item = (&'a DepthScore, Option<(f64, f64)>)>,
        alpha: f64,
    ) -> Option<FamilyVerdict> {
        use crate::experiment::interval::holm_adjusted;
        let tested: Vec<(usize, f64)> = tested
            .filter_map(|(d, predicted)| {
                let (predicted, se) = predicted?;
                Some((d.p, prediction_p_value(&d.score, predicted, se)?))
            })
            .collect();
        if tested.is_empty() {
            return None;
        }
        let adjusted = holm_adjusted(&tested.iter().map(|t| t.1).collect::<Vec<_>>());
        let depths: Vec<FamilyDepth> = tested
            .iter()
            .zip(adjusted)
            .map(|(&(p, p_value), holm_p_value)| FamilyDepth {
                p,
                p_value,
                holm_p_value,
                inside: holm_p_value >= alpha,
            })
            .collect();
        Some(FamilyVerdict {
            prediction: name.to_string(),
            consistent: depths.iter().all(|d| d.inside),
            depths,
        })
    }
}

/// The p-value of the measured count of `score` under a prediction of P(valid) with standard
/// error `se`: the exact binomial test mixed over the prediction's error, so that a
/// prediction from few trajectories is judged with its own spread as well as the shots'.
fn prediction_p_value(score: &super::score::ScoreReport, predicted: f64, se: f64) -> Option<f64> {
    crate::experiment::interval::binomial_p_value_uncertain(
        score.valid_shots,
        score.shots,
        predicted.clamp(0.0, 1.0),
        se,
    )
}

/// The verdicts of `score` against the noisy predictions of `entry`.
pub fn noisy_verdicts(entry: &ExperimentDepth, score: &super::score::ScoreReport) -> Vec<NoisyVerdict> {
    let measured = score.p_valid;
    let sampling = measured * (1.0 - measured) / score.shots.max(1) as f64;
    entry
        .noisy
        .iter()
        .map(|n| {
            let spread = (n.p_valid_se * n.p_valid_se + sampling).sqrt();
            NoisyVerdict {
                model: n.model.clone(),
                predicted: n.p_valid,
                predicted_se: n.p_valid_se,
                inside: prediction_p_value(score, n.p_valid, n.p_valid_se).is_some_and(|p| p >= 1.0 - score.confidence),
                z: (spread > 0.0).then(|| (measured - n.p_valid) / spread),
            }
        })
        .collect()
}

impl ExperimentScore {
    /// One row per scored depth: the measurement, the noiseless verdict, then for each noise
    /// model its prediction, standard error, verdict and z-score.
    pub fn to_csv(&self) -> Result<String> {
        const CSV_TABLE: &str = "the experiment's CSV";
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut header: Vec<String> = [
            "p",
            "counts",
            "shots",
            "valid_shots",
            "p_valid",
            "interval_low",
            "interval_high",
            "confidence",
            "simulated_p_valid",
            "inside",
        ]
        .map(String::from)
        .to_vec();
        for m in &self.noise_models {
            for field in ["predicted", "predicted_se", "inside", "z"] {
                header.push(format!("{}_{field}", m.name));
            }
        }
        // Mitigated columns only where a depth was mitigated: plain scores keep their bytes.
        let mitigated = self.depths.iter().any(|d| d.mitigated.is_some());
        if mitigated {
            header.extend(
                [
                    "mitigated_p_valid",
                    "mitigated_standard_error",
                    "mitigated_interval_low",
                    "mitigated_interval_high",
                    "mitigated_inside",
                ]
                .map(String::from),
            );
        }
        let werr = |e: csv::Error| Error::csv(CSV_TABLE, e);
        w.write_record(&header).map_err(werr)?;
        let opt = |v: Option<String>| v.unwrap_or_default();
        for d in &self.depths {
            let s = &d.score;
            let mut row = vec![
                d.p.to_string(),
                d.counts.clone(),
                s.shots.to_string(),
                s.valid_shots.to_string(),
                s.p_valid.to_string(),
                s.interval[0].to_string(),
                s.interval[1].to_string(),
                s.confidence.to_string(),
                opt(s.simulated_p_valid.map(|v| v.to_string())),
                opt(s.inside.map(|v| v.to_string())),
            ];
            for m in &self.noise_models {
                match d.noisy.iter().find(|n| n.model == m.name) {
                    Some(n) => row.extend([
                        n.predicted.to_string(),
                        n.predicted_se.to_string(),
                        n.inside.to_string(),
                        opt(n.z.map(|z| z.to_string())),
                    ]),
                    None => row.extend(std::iter::repeat_n(String::new(), 4)),
                }
            }
            if mitigated {
                match &d.mitigated {
                    Some(m) => row.extend([
                        m.p_valid.to_string(),
                        m.standard_error.to_string(),
                        m.interval[0].to_string(),
                        m.interval[1].to_string(),
                        opt(m.inside.map(|v| v.to_string())),
                    ]),
                    None => row.extend(std::iter::repeat_n(String::new(), 5)),
                }
            }
            w.write_record(&row).map_err(werr)?;
        }
        let bytes = w.into_inner().map_err(|e| Error::csv(CSV_TABLE, e))?;
        String::from_utf8(bytes).map_err(|e| Error::csv(CSV_TABLE, e))
    }
}
