//! `quzzle predict`: P(valid) of the circuit a device actually runs (transpiled and routed by
//! Qiskit for a backend), noiseless and under each noise model, beside the same prediction on
//! the exported circuit: routing adds two-qubit gates, and the noise grows with them.

use super::args::PredictArgs;
use super::output::to_json;
use quzzle::experiment::stats::probability_text as pt;
use quzzle::export::score::ManifestDoc;
use quzzle::noise::routed::{self, RoutedCounts, RoutedEstimate};
use quzzle::noise::{GateCounts, NoisyEstimate};
use quzzle::{Error, Result};
use serde::Serialize;

/// `predict --json`.
#[derive(Serialize)]
struct PredictReport {
    /// The transpiled file.
    routed: String,
    /// The manifest.
    manifest: String,
    /// The physical qubit holding each logical qubit (classical bit i).
    layout: Vec<usize>,
    /// Physical qubits the routed circuit uses (routing may use more than the circuit's).
    physical_qubits: usize,
    /// Gates of the routed circuit.
    routed_gates: RoutedCounts,
    /// Gates of the exported circuit as the noise model counts them.
    exported_gates: GateCounts,
    /// P(valid) of the exported circuit (the manifest's).
    exported_p_valid: Option<f64>,
    /// Each model on the exported circuit.
    exported: Vec<NoisyEstimate>,
    /// Each model on the routed circuit (`noiseless_p_valid` checks the transpilation).
    routed_estimates: Vec<RoutedEstimate>,
}

fn read(path: &std::path::Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })
}

pub fn run(args: &PredictArgs) -> Result<()> {
    let manifest_source = args.manifest.display().to_string();
    let doc = ManifestDoc::parse(&read(&args.manifest)?, &manifest_source)?;
    let routed_source = args.routed.display().to_string();
    let circuit = routed::parse(&read(&args.routed)?, &routed_source)?;
    if circuit.measured.len() != doc.qubits {
        return Err(Error::InvalidArgument(format!(
            "{routed_source} measures {} bits, but the circuit of {manifest_source} has {} qubits",
            circuit.measured.len(),
            doc.qubits
        )));
    }
    let Some(angles) = doc.angles.clone() else {
        return Err(Error::malformed(&manifest_source, "the manifest has no angles"));
    };
    if !doc.valid_complete {
        return Err(Error::InvalidArgument(format!(
            "{manifest_source}: its list of valid boards is not complete, so P(valid) cannot be predicted"
        )));
    }
    let valid: Vec<u64> = doc
        .valid_bitstrings
        .iter()
        .map(|b| {
            b.chars()
                .enumerate()
                .fold(0u64, |k, (i, c)| k | (u64::from(c == '1') << i))
        })
        .collect();
    let enc = doc.encoding()?;
    let noise = args.noise.settings(&doc.space)?;
    let (exported_gates, exported) = if noise.models.is_empty() {
        (GateCounts::default(), Vec::new())
    } else {
        let sim = quzzle::simulation::simulation(enc.as_ref(), &doc.space)?;
        let success = quzzle::simulation::success_states(enc.as_ref(), &sim)?;
        quzzle::experiment::depth::noisy_estimates(enc.as_ref(), &sim, &success.valid, &angles, &noise, args.seed)?
    };
    // The noiseless routed value always, then each model (seed + p, as on the exported one).
    let seed = args.seed.wrapping_add(angles.p() as u64);
    let routed_estimates = if noise.models.is_empty() {
        // No model: one error-free run gives the noiseless value.
        let zero = quzzle::noise::NoiseModel::parse("p1=0,p2=0,readout=0")?;
        vec![routed::estimate(&circuit, &valid, &zero, 1, seed)?]
    } else {
        noise
            .models
            .iter()
            .map(|m| routed::estimate(&circuit, &valid, m, noise.trajectories, seed))
            .collect::<Result<Vec<_>>>()?
    };
    let report = PredictReport {
        routed: routed_source,
        manifest: manifest_source,
        layout: circuit.measured.iter().map(|&q| circuit.physical[q]).collect(),
        physical_qubits: circuit.physical.len(),
        routed_gates: circuit.counts(),
        exported_gates,
        exported_p_valid: doc.success_probability,
        exported,
        routed_estimates,
    };
    if args.json {
        out!("{}", to_json(&report));
        return Ok(());
    }
    let g = &report.routed_gates;
    outln!(
        "{}: {} physical qubits (logical i on physical {:?}), {} rz, {} sx, {} x, {} two-qubit gates",
        report.routed,
        report.physical_qubits,
        report.layout,
        g.rz,
        g.sx,
        g.x,
        g.two_qubit
    );
    let noiseless = report.routed_estimates[0].noiseless_p_valid;
    match report.exported_p_valid {
        Some(p) => outln!(
            "noiseless P(valid): routed {}, exported {} ({})",
            pt(noiseless, 6),
            pt(p, 6),
            if (noiseless - p).abs() <= 1e-9 {
                "the same circuit"
            } else {
                "they DIFFER: the transpiled file is not this manifest's circuit, or not exact"
            }
        ),
        None => outln!("noiseless P(valid): routed {}", pt(noiseless, 6)),
    }
    for (i, m) in noise.models.iter().enumerate() {
        let r = &report.routed_estimates[i];
        let e = &report.exported[i];
        outln!(
            "{}: routed {} ± {:.1e} ({} two-qubit gates); exported {} ± {:.1e} ({} cx)",
            m.name,
            pt(r.p_valid, 4),
            r.p_valid_se,
            g.two_qubit,
            pt(e.p_valid, 4),
            e.p_valid_se,
            report.exported_gates.cx
        );
    }
    Ok(())
}
