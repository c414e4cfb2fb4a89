//! `quzzle predict`: P(valid) of the circuit a device actually runs (transpiled and routed by
//! Qiskit for a backend), noiseless and under each noise model, beside the same prediction on
//! the exported circuit: routing adds two-qubit gates, and the noise grows with them. The
//! command line and Python both call [`predict`], so their JSON is the same.

use super::score::ManifestDoc;
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::experiment::stats::{shots_to_solution, SHOTS_CONFIDENCE};
use crate::noise::routed::{self, RoutedCounts, RoutedDeviceTime, RoutedEstimate};
use crate::noise::{GateCounts, NoiseModel, NoiseSettings, NoisyEstimate};
use serde::Serialize;
use std::io::Read;
use std::path::Path;

/// How [`predict`] predicts.
#[derive(Clone, Debug, Default)]
pub struct PredictSettings {
    /// Noise models, trajectories and device timings (their trajectories already checked,
    /// [`NoiseSettings::checked`]; the manifest's space is checked here). Its `cancel` is read
    /// by the exported circuit's trajectories.
    pub noise: NoiseSettings,
    /// Seed of the trajectories (each depth's runs use seed + p).
    pub seed: u64,
}

/// `predict --json`.
#[derive(Clone, Debug, Serialize)]
pub struct PredictReport {
    /// The transpiled file.
    pub routed: String,
    /// The manifest.
    pub manifest: String,
    /// The physical qubit holding each logical qubit (classical bit i).
    pub layout: Vec<usize>,
    /// Physical qubits the routed circuit uses (routing may use more than the circuit's).
    pub physical_qubits: usize,
    /// Gates of the routed circuit.
    pub routed_gates: RoutedCounts,
    /// Gates of the exported circuit as the noise model counts them.
    pub exported_gates: GateCounts,
    /// P(valid) of the exported circuit (the manifest's).
    pub exported_p_valid: Option<f64>,
    /// Each model on the exported circuit.
    pub exported: Vec<NoisyEstimate>,
    /// Each model on the routed circuit (`noiseless_p_valid` checks the transpilation).
    pub routed_estimates: Vec<RoutedEstimate>,
    /// With device timings: one shot of the routed circuit and the time to a valid board.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub devices: Vec<RoutedDeviceTime>,
}

impl PredictReport {
    /// The noiseless P(valid) of the routed circuit.
    pub fn noiseless(&self) -> f64 {
        self.routed_estimates.first().map_or(0.0, |r| r.noiseless_p_valid)
    }
}

/// The text of `path`, refused past [`routed::MAX_FILE_BYTES`] before it is all read.
fn read(path: &Path) -> Result<String> {
    let err = |source| Error::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(err)?;
    let mut bytes = Vec::new();
    file.take(routed::MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(err)?;
    if bytes.len() > routed::MAX_FILE_BYTES {
        return Err(Error::malformed(
            &path.display().to_string(),
            format!(
                "more than {} MiB: no routed circuit or manifest is that large",
                routed::MAX_FILE_BYTES >> 20
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        Error::malformed(
            &path.display().to_string(),
            format!("not UTF-8 text (byte {} is not)", e.utf8_error().valid_up_to()),
        )
    })
}

/// The valid bitstrings of a manifest as integers (bit i is logical qubit i).
fn valid_indices(doc: &ManifestDoc, source: &str) -> Result<Vec<u64>> {
    doc.valid_bitstrings
        .iter()
        .map(|b| {
            b.chars().enumerate().try_fold(0u64, |k, (i, c)| {
                let bit = u32::try_from(i).ok().and_then(|i| u64::from(c == '1').checked_shl(i));
                bit.map(|b| k | b).ok_or_else(|| {
                    Error::malformed(source, format!("the valid bitstring `{b}` is longer than 64 bits"))
                })
            })
        })
        .collect()
}

/// `quzzle predict ROUTED MANIFEST`: the routed circuit (`routed`, OpenQASM as Qiskit's
/// transpiler writes it) of the manifest's circuit, simulated noiseless and under each model,
/// beside each model on the exported circuit. Reads the two files whole first; writes nothing.
pub fn predict(
    routed_file: &Path,
    manifest: &Path,
    settings: &PredictSettings,
    budget: &Budget<'_>,
) -> Result<PredictReport> {
    let manifest_source = manifest.display().to_string();
    let doc = ManifestDoc::parse(&read(manifest)?, &manifest_source)?;
    let routed_source = routed_file.display().to_string();
    let circuit = routed::parse_for(&read(routed_file)?, &routed_source, doc.qubits)?;
    let Some(angles) = doc.angles.clone() else {
        return Err(Error::malformed(&manifest_source, "the manifest has no angles"));
    };
    if !doc.valid_complete {
        return Err(Error::malformed(
            &manifest_source,
            "its list of valid boards is not complete, so P(valid) cannot be predicted",
        ));
    }
    // parse_for holds the qubits to at most 30.
    let valid = valid_indices(&doc, &manifest_source)?;
    let enc = doc.encoding()?;
    let noise = &settings.noise;
    if !noise.models.is_empty() {
        crate::noise::check_space(&doc.space)?;
    }
    // The noiseless routed value always, then each model (seed + p, as on the exported one).
    let seed = settings.seed.wrapping_add(angles.p() as u64);
    let routed_estimates = if noise.models.is_empty() {
        // No model: one error-free run gives the noiseless value.
        let zero = NoiseModel::parse("p1=0,p2=0,readout=0")?;
        vec![routed::estimate_within(&circuit, &valid, &zero, 1, seed, budget)?]
    } else {
        noise
            .models
            .iter()
            .map(|m| routed::estimate_within(&circuit, &valid, m, noise.trajectories, seed, budget))
            .collect::<Result<Vec<_>>>()?
    };
    let (exported_gates, exported) = if noise.models.is_empty() {
        (GateCounts::default(), Vec::new())
    } else {
        // A manifest from before starts were chosen says `auto`: the start it was exported with.
        let exported_settings = crate::simulation::circuit_settings(enc.as_ref(), &doc.space)?;
        let sim = crate::simulation::simulation(enc.as_ref(), &exported_settings)?;
        let success = crate::simulation::success_states(enc.as_ref(), &sim)?;
        crate::experiment::depth::noisy_estimates(enc.as_ref(), &sim, &success.valid, &angles, noise, settings.seed)?
    };
    if budget.expired() {
        return Err(budget.out_of_time(
            "predicting P(valid) of the exported circuit",
            None,
            "the routed estimates and the exported ones",
        ));
    }
    let routed_gates = circuit.counts();
    let noiseless = routed_estimates.first().map_or(0.0, |r| r.noiseless_p_valid);
    let devices = noise
        .devices
        .iter()
        .map(|d| {
            let shot = routed_gates.shot_seconds(d);
            let tts = |p: f64| shots_to_solution(p, SHOTS_CONFIDENCE).map(|n| n * shot);
            RoutedDeviceTime {
                device: d.clone(),
                shot_seconds: shot,
                tts99_seconds: tts(noiseless),
                noisy_tts99_seconds: if noise.models.is_empty() {
                    Vec::new()
                } else {
                    routed_estimates.iter().map(|r| tts(r.p_valid)).collect()
                },
            }
        })
        .collect();
    Ok(PredictReport {
        routed: routed_source,
        manifest: manifest_source,
        layout: circuit
            .measured
            .iter()
            .filter_map(|&q| circuit.physical.get(q).copied())
            .collect(),
        physical_qubits: circuit.physical.len(),
        routed_gates,
        exported_gates,
        exported_p_valid: doc.success_probability,
        exported,
        routed_estimates,
        devices,
    })
}
