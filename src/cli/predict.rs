//! `quzzle predict`: P(valid) of the circuit a device actually runs (transpiled and routed by
//! Qiskit for a backend), noiseless and under each noise model, beside the same prediction on
//! the exported circuit: routing adds two-qubit gates, and the noise grows with them.

use super::args::PredictArgs;
use super::output::to_json;
use quzzle::experiment::stats::{probability_text as pt, shots_to_solution, SHOTS_CONFIDENCE};
use quzzle::export::score::ManifestDoc;
use quzzle::noise::routed::{self, RoutedCounts, RoutedDeviceTime, RoutedEstimate};
use quzzle::noise::{GateCounts, NoisyEstimate};
use quzzle::{Error, Result};
use serde::Serialize;
use std::io::Read;

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
    /// With `--device`: one shot of the routed circuit and the time to a valid board.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    devices: Vec<RoutedDeviceTime>,
}

/// The text of `path`, refused past [`routed::MAX_FILE_BYTES`] before it is all read.
fn read(path: &std::path::Path) -> Result<String> {
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

/// A time for people, in s, ms, µs or ns.
fn seconds(s: f64) -> String {
    if s >= 100.0 {
        quzzle::budget::seconds_text(s)
    } else if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else if s >= 1e-6 {
        format!("{:.2} µs", s * 1e6)
    } else {
        format!("{:.0} ns", s * 1e9)
    }
}

pub fn run(args: &PredictArgs) -> Result<()> {
    let request = super::request::predict(args).check()?;
    let report_progress =
        |p: &quzzle::budget::Progress<'_>| errln!("{}", super::progress::line("predict", p, args.max_seconds));
    let budget = super::progress::budget(args.max_seconds, &report_progress)?;
    let manifest_source = args.manifest.display().to_string();
    let doc = ManifestDoc::parse(&read(&args.manifest)?, &manifest_source)?;
    let routed_source = args.routed.display().to_string();
    let circuit = routed::parse_for(&read(&args.routed)?, &routed_source, doc.qubits)?;
    let Some(angles) = doc.angles.clone() else {
        return Err(Error::malformed(&manifest_source, "the manifest has no angles"));
    };
    if !doc.valid_complete {
        return Err(Error::InvalidArgument(format!(
            "{manifest_source}: its list of valid boards is not complete, so P(valid) cannot be predicted"
        )));
    }
    // Bit i of a valid bitstring is logical qubit i; parse_for holds the qubits to at most 30.
    let valid: Vec<u64> = doc
        .valid_bitstrings
        .iter()
        .map(|b| {
            b.chars().enumerate().try_fold(0u64, |k, (i, c)| {
                let bit = u32::try_from(i).ok().and_then(|i| u64::from(c == '1').checked_shl(i));
                bit.map(|b| k | b).ok_or_else(|| {
                    Error::malformed(
                        &manifest_source,
                        format!("the valid bitstring `{b}` is longer than 64 bits"),
                    )
                })
            })
        })
        .collect::<Result<_>>()?;
    let enc = doc.encoding()?;
    let noise = request.noise.settings(&doc.space, None)?;
    // The noiseless routed value always, then each model (seed + p, as on the exported one).
    let seed = request.seed.wrapping_add(angles.p() as u64);
    let routed_estimates = if noise.models.is_empty() {
        // No model: one error-free run gives the noiseless value.
        let zero = quzzle::noise::NoiseModel::parse("p1=0,p2=0,readout=0")?;
        vec![routed::estimate_within(&circuit, &valid, &zero, 1, seed, &budget)?]
    } else {
        noise
            .models
            .iter()
            .map(|m| routed::estimate_within(&circuit, &valid, m, noise.trajectories, seed, &budget))
            .collect::<Result<Vec<_>>>()?
    };
    let (exported_gates, exported) = if noise.models.is_empty() {
        (GateCounts::default(), Vec::new())
    } else {
        let sim = quzzle::simulation::simulation(enc.as_ref(), &doc.space)?;
        let success = quzzle::simulation::success_states(enc.as_ref(), &sim)?;
        quzzle::experiment::depth::noisy_estimates(enc.as_ref(), &sim, &success.valid, &angles, &noise, args.seed)?
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
    let report = PredictReport {
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
        let (Some(r), Some(e)) = (report.routed_estimates.get(i), report.exported.get(i)) else {
            continue;
        };
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
    for d in &report.devices {
        let tts = |t: Option<f64>| t.map_or("never (P(valid) is 0)".to_string(), seconds);
        let mut line = format!(
            "{}: one shot {} (the routed gates one after another, readout, reset); to a valid board with 99 % confidence {} noiseless",
            d.device.name,
            seconds(d.shot_seconds),
            tts(d.tts99_seconds)
        );
        for (m, t) in noise.models.iter().zip(&d.noisy_tts99_seconds) {
            line += &format!(", {} under {}", tts(*t), m.name);
        }
        outln!("{line}");
    }
    Ok(())
}
