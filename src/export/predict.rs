//! `quzzle predict`: P(valid) of the circuit a device actually runs (transpiled and routed by
//! Qiskit for a backend), noiseless and under each noise model, beside the same prediction on
//! the exported circuit: routing adds two-qubit gates, and the noise grows with them. The
//! command line and Python both call [`predict`], so their JSON is the same.

use super::score::ManifestDoc;
use crate::budget::Budget;
use crate::checked::Trajectories;
use crate::encoding::Encoding;
use crate::error::{Error, Result};
use crate::experiment::stats::{shots_to_solution, SHOTS_CONFIDENCE};
use crate::noise::routed::{self, RoutedCircuit, RoutedCounts, RoutedDeviceTime, RoutedEstimate};
use crate::noise::sectors::routed::{RoutedSectors, MAX_SECTOR_PHYSICAL};
use crate::noise::{GateCounts, NoiseModel, NoiseSettings, NoisyEstimate};
use crate::simulation::mixers::NoiseRoute;
use serde::Serialize;
use std::io::Read;
use std::path::Path;

/// The steps of a routed circuit on the sector route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SectorSteps {
    /// Steps (the routed gates on one pair of qubits between gates that pair does not share).
    pub steps: usize,
    /// Steps that move amplitude between sectors without an error.
    pub moving: usize,
}

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
    /// How the routed circuit was simulated: `statevector` (every physical qubit's 2^m
    /// amplitudes, up to 30 qubits) or `sectors` (a block space's weight sectors, up to 64).
    pub route: &'static str,
    /// On the sector route: the routed gates' steps, and those that move amplitude between
    /// sectors without an error (each makes the run slower; none would be ideal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sector_steps: Option<SectorSteps>,
    /// On the sector route: what its trajectories dropped (`off`, `exact`, `bounded`: `--truncate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncate: Option<&'static str>,
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
    /// The models left out, each refused by its memory plan before any of its work (the
    /// estimates above are those of the others, in the order given).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<RefusedModel>,
}

/// What [`each_model`] made: per model that ran, its routed and exported estimates (in the
/// order given), and the models refused, each with its refusal.
struct EachModel<R, E> {
    routed: Vec<R>,
    exported: Vec<E>,
    refused: Vec<(String, Error)>,
}

/// `routed` and then `exported` of each of `models` in turn: a model that either refuses by its
/// memory plan ([`Error::is_memory_refusal`]) is left out, the others kept; any other error
/// ends the run. Every model refused is the first refusal.
fn each_model<R, E>(
    models: &[NoiseModel],
    routed: impl Fn(&NoiseModel) -> Result<R>,
    exported: impl Fn(&NoiseModel) -> Result<E>,
) -> Result<EachModel<R, E>> {
    let mut out = EachModel {
        routed: Vec::new(),
        exported: Vec::new(),
        refused: Vec::new(),
    };
    for m in models {
        let r = match routed(m) {
            Ok(r) => r,
            Err(e) if e.is_memory_refusal() => {
                out.refused.push((format!("{} on the routed circuit", m.name), e));
                continue;
            }
            Err(e) => return Err(e),
        };
        match exported(m) {
            Ok(e) => {
                out.routed.push(r);
                out.exported.push(e);
            }
            Err(e) if e.is_memory_refusal() => out.refused.push((format!("{} on the exported circuit", m.name), e)),
            Err(e) => return Err(e),
        }
    }
    if out.routed.is_empty() && !out.refused.is_empty() {
        return Err(out.refused.swap_remove(0).1);
    }
    Ok(out)
}

/// A model [`predict`] left out.
#[derive(Clone, Debug, Serialize)]
pub struct RefusedModel {
    /// The model, and the circuit that refused it (`heron on the routed circuit`).
    pub model: String,
    /// The refusal, as the error says it.
    pub reason: String,
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

/// The routed circuit on the weight sectors of the manifest's space: refused unless the space
/// has blocks and its exported circuit takes the sector route (an XY mixer).
fn routed_sectors(doc: &ManifestDoc, enc: &dyn Encoding, circuit: &RoutedCircuit) -> Result<RoutedSectors> {
    let settings = crate::simulation::circuit_settings(enc, &doc.space)?;
    let sim = crate::simulation::simulation(enc, &settings)?;
    if sim.noise_route() != NoiseRoute::Sectors {
        return Err(crate::error::Unsupported::NoiseCircuit {
            what: format!(
                "a routed circuit on {} physical qubits: past {} its state is held on weight sectors, which need a block space with an XY mixer (this circuit has the `{}` mixer on the `{}` space)",
                circuit.physical.len(),
                routed::MAX_PHYSICAL_QUBITS,
                sim.mixer.name(),
                sim.space.resolved.name()
            ),
        }
        .into());
    }
    let (_, blocks) = crate::simulation::mixers::block_cost_and_blocks(enc, &sim.space, sim.mixer)?;
    let blocks: Vec<Vec<usize>> = blocks.into_iter().map(|(qubits, _)| qubits).collect();
    RoutedSectors::new(circuit, &blocks, &sim.space.free, crate::simulation::FREE_GROUP)
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
    match predict_keeping(routed_file, manifest, settings, budget)? {
        (_, Some(refusal)) => Err(refusal),
        (report, None) => Ok(report),
    }
}

/// [`predict`] that keeps what is done: a model refused by its memory plan (on the routed or
/// the exported circuit) is left out of the report, named in its `refused` with the reason, and
/// the first such refusal returned beside; the other models' estimates are kept. Every model
/// refused is the error.
pub fn predict_keeping(
    routed_file: &Path,
    manifest: &Path,
    settings: &PredictSettings,
    budget: &Budget<'_>,
) -> Result<(PredictReport, Option<Error>)> {
    let manifest_source = manifest.display().to_string();
    let doc = ManifestDoc::parse(&read(manifest)?, &manifest_source)?;
    let routed_source = routed_file.display().to_string();
    let circuit = routed::parse_for_within(&read(routed_file)?, &routed_source, doc.qubits, MAX_SECTOR_PHYSICAL)?;
    let (angles, valid) = angles_and_valid(&doc, &manifest_source)?;
    let enc = doc.encoding()?;
    // Past 30 physical qubits, only a block space's weight sectors hold the state.
    let sectors = if circuit.physical.len() > routed::MAX_PHYSICAL_QUBITS {
        Some(routed_sectors(&doc, enc.as_ref(), &circuit)?)
    } else {
        None
    };
    let noise = &settings.noise;
    if !noise.models.is_empty() {
        crate::noise::check_space(&doc.space)?;
    }
    // The noiseless routed value always, then each model (seed + p, as on the exported one).
    let seed = settings.seed.wrapping_add(angles.p() as u64);
    let estimate = |m: &NoiseModel, trajectories: Trajectories| match &sectors {
        None => routed::estimate_within(&circuit, &valid, m, trajectories, seed, budget),
        Some(prog) => crate::noise::sectors::routed::estimate_within(
            prog,
            &valid,
            m,
            trajectories,
            seed,
            noise.truncation,
            budget,
            crate::sim::available_memory(),
        ),
    };
    // Each model on the routed circuit, then on the exported one. A model whose memory plan
    // refuses either is left out with its reason, the others kept; it is the error only when
    // every model is refused.
    let mut routed_estimates = Vec::new();
    let mut exported = Vec::new();
    let mut exported_gates = GateCounts::default();
    let mut refused: Vec<(String, Error)> = Vec::new();
    if noise.models.is_empty() {
        // No model: one error-free run gives the noiseless value.
        let zero = NoiseModel::parse("p1=0,p2=0,readout=0")?;
        routed_estimates.push(estimate(&zero, Trajectories::ONE)?);
    } else {
        // A manifest from before starts were chosen says `auto`: the start it was exported with.
        let exported_settings = crate::simulation::circuit_settings(enc.as_ref(), &doc.space)?;
        let sim = crate::simulation::simulation(enc.as_ref(), &exported_settings)?;
        let success = crate::simulation::success_states(enc.as_ref(), &sim)?;
        let exported_of = |m: &NoiseModel| {
            let one = crate::noise::NoiseSettings {
                models: vec![m.clone()],
                ..noise.clone()
            };
            crate::experiment::depth::noisy_estimates(enc.as_ref(), &sim, &success.valid, &angles, &one, settings.seed)
        };
        let each = each_model(&noise.models, |m| estimate(m, noise.trajectories), exported_of)?;
        routed_estimates = each.routed;
        for (gates, mut e) in each.exported {
            exported_gates = gates;
            exported.append(&mut e);
        }
        refused = each.refused;
    }
    if budget.expired() {
        return Err(budget.out_of_time(
            "predicting P(valid) of the exported circuit",
            None,
            "the routed estimates and the exported ones",
        ));
    }
    let routed_gates = circuit.counts();
    let devices = device_times(noise, &routed_gates, &routed_estimates);
    let (refused_models, first_refusal) = refusals(refused);
    let report = PredictReport {
        routed: routed_source,
        manifest: manifest_source,
        layout: circuit
            .measured
            .iter()
            .filter_map(|&q| circuit.physical.get(q).copied())
            .collect(),
        physical_qubits: circuit.physical.len(),
        route: if sectors.is_some() { "sectors" } else { "statevector" },
        truncate: sectors.as_ref().map(|_| noise.truncation.name()),
        sector_steps: sectors.as_ref().map(|p| {
            let (steps, moving) = p.steps();
            SectorSteps { steps, moving }
        }),
        routed_gates,
        exported_gates,
        exported_p_valid: doc.success_probability,
        exported,
        routed_estimates,
        devices,
        refused: refused_models,
    };
    Ok((report, first_refusal))
}

/// The refused models as the report lists them, and the first refusal (the stop returned).
fn refusals(refused: Vec<(String, Error)>) -> (Vec<RefusedModel>, Option<Error>) {
    let mut first = None;
    let mut models = Vec::new();
    for (what, e) in refused {
        models.push(RefusedModel {
            model: what,
            reason: e.to_string(),
        });
        first.get_or_insert(e);
    }
    (models, first)
}

/// The manifest's angles and the indices of its valid boards: refused where it has no angles
/// or lists the valid boards only in part (P(valid) could not be predicted).
fn angles_and_valid(doc: &ManifestDoc, source: &str) -> Result<(crate::angles::Angles, Vec<u64>)> {
    let Some(angles) = doc.angles.clone() else {
        return Err(Error::malformed(source, "the manifest has no angles"));
    };
    if !doc.valid_complete {
        return Err(Error::malformed(
            source,
            "its list of valid boards is not complete, so P(valid) cannot be predicted",
        ));
    }
    // parse_for_within holds the qubits to at most 64.
    Ok((angles, valid_indices(doc, source)?))
}

/// Each device's shot time for the routed gates and its time to a valid board with 99 %
/// confidence, noiseless and under each model.
fn device_times(noise: &NoiseSettings, gates: &RoutedCounts, estimates: &[RoutedEstimate]) -> Vec<RoutedDeviceTime> {
    let noiseless = estimates.first().map_or(0.0, |r| r.noiseless_p_valid);
    noise
        .devices
        .iter()
        .map(|d| {
            let shot = gates.shot_seconds(d);
            let tts = |p: f64| shots_to_solution(p, SHOTS_CONFIDENCE).map(|n| n * shot);
            RoutedDeviceTime {
                device: d.clone(),
                shot_seconds: shot,
                tts99_seconds: tts(noiseless),
                noisy_tts99_seconds: if noise.models.is_empty() {
                    Vec::new()
                } else {
                    estimates.iter().map(|r| tts(r.p_valid)).collect()
                },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noise::program::Pauli;
    use crate::noise::sectors::routed::{to_physical, trajectory_state};
    use num_complex::Complex64;

    /// A model refused by its memory plan, on either circuit, is left out with its reason and
    /// the others kept in order; another error ends the run; every model refused is the first
    /// refusal.
    #[test]
    fn a_refused_model_leaves_the_others() {
        let models: Vec<NoiseModel> = ["heron", "aria", "p1=1e-3,p2=1e-2"]
            .iter()
            .map(|m| NoiseModel::parse(m).unwrap())
            .collect();
        let too_large = || Error::TooMuchMemory {
            what: crate::error::Quantity::SectorAmplitudes,
            count: 1 << 40,
            log2_bytes: 44.0,
            available: 1 << 30,
        };
        let name = |m: &NoiseModel| m.name.clone();
        // aria refused on the routed circuit, the third on the exported one.
        let each = each_model(
            &models,
            |m| {
                if m.name == "aria" {
                    Err(too_large())
                } else {
                    Ok(name(m))
                }
            },
            |m| {
                if m.name == "heron" {
                    Ok(name(m))
                } else {
                    Err(too_large())
                }
            },
        )
        .unwrap();
        assert_eq!(each.routed, ["heron"]);
        assert_eq!(each.exported, ["heron"]);
        let refused: Vec<&str> = each.refused.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(
            refused,
            ["aria on the routed circuit", "p1=1e-3,p2=1e-2 on the exported circuit"]
        );
        // Every model refused: the first refusal is the error.
        let all = each_model(&models, |_| Err::<(), _>(too_large()), |_| Ok(()));
        assert!(matches!(all, Err(Error::TooMuchMemory { .. })));
        // Any other error ends the run.
        let other = each_model(
            &models,
            |m| {
                if m.name == "aria" {
                    Err(Error::malformed("f", "broken"))
                } else {
                    Ok(())
                }
            },
            |_| Ok(()),
        );
        assert!(matches!(other, Err(Error::Malformed { .. })));
    }

    /// The routed fixtures: Qiskit's transpilation (FakeFez and FakeSherbrooke, optimisation
    /// levels 1 and 3, seed 0) of block-space circuits exported by `quzzle qasm`.
    fn fixtures() -> Vec<(String, ManifestDoc, RoutedCircuit)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/routed");
        let mut out = Vec::new();
        let mut dirs: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .collect();
        dirs.sort();
        for dir in dirs {
            let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
            files.sort();
            for f in files.iter().filter(|f| f.to_string_lossy().ends_with(".routed.qasm")) {
                let name = f.file_name().unwrap().to_string_lossy().to_string();
                let manifest = dir.join(format!("{}.json", &name[..3]));
                let doc = ManifestDoc::parse(&read(&manifest).unwrap(), "m").unwrap();
                let c = routed::parse_for_within(&read(f).unwrap(), &name, doc.qubits, MAX_SECTOR_PHYSICAL).unwrap();
                out.push((format!("{}/{name}", dir.file_name().unwrap().to_string_lossy()), doc, c));
            }
        }
        assert_eq!(out.len(), 8);
        out
    }

    #[test]
    fn routed_circuits_on_sectors_are_the_statevector_amplitude_for_amplitude() {
        let model = NoiseModel::parse("p1=0.01,p2=0.04,rz=0.002,readout=0").unwrap();
        for (name, doc, circuit) in fixtures() {
            // The 17-qubit Star Battle p = 2 takes a minute on the full statevector: p = 1 stands
            // for it.
            if name.starts_with("starbattle-rows/p02") {
                continue;
            }
            let enc = doc.encoding().unwrap();
            let prog = routed_sectors(&doc, enc.as_ref(), &circuit).unwrap();
            let wide = circuit.physical.len() > 12;
            // No error; errors as a device draws them; one X or Y after each of a spread of
            // gates (inside the preparation, the cost terms, the SWAPs and the XY gates).
            let mut patterns: Vec<Vec<(usize, Pauli)>> = vec![Vec::new()];
            for t in 0..if wide { 2 } else { 6 } {
                patterns.push(circuit.sample_events(&model, &mut crate::noise::trajectories::trajectory_rng(7, t)));
            }
            let g = circuit.gates.len();
            for (k, i) in (0..g).step_by(g.div_ceil(if wide { 2 } else { 12 })).enumerate() {
                let q = match circuit.gates[i] {
                    routed::RoutedGate::Rz(q, _) | routed::RoutedGate::Sx(q) | routed::RoutedGate::X(q) => q,
                    routed::RoutedGate::Cz(a, _) | routed::RoutedGate::Cx(a, _) | routed::RoutedGate::Ecr(a, _) => a,
                };
                patterns.push(vec![(i, Pauli::single(q, if k % 2 == 0 { 1 } else { 2 }))]);
            }
            let mut largest = 0;
            for events in &patterns {
                let want = circuit.state_with(events);
                let state = trajectory_state(&prog, events).unwrap();
                // Without errors every step keeps the sectors: one sector from start to end.
                assert!(
                    !events.is_empty() || state.len() == 1,
                    "{name}: {} sectors without errors",
                    state.len()
                );
                largest = largest.max(state.values().map(Vec::len).sum::<usize>());
                let got = to_physical(&prog, &state).unwrap();
                let worst = want.iter().zip(&got).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
                assert!(worst <= 1e-12, "{name}, errors {events:?}: off by {worst:e}");
                let norm: f64 = got.iter().map(Complex64::norm_sqr).sum();
                assert!((norm - 1.0).abs() < 1e-12, "{name}: norm {norm}");
            }
            // Qiskit's merged preparations and SWAPs are all fixed: no step moves amplitude.
            let (steps, moving) = prog.steps();
            assert_eq!(moving, 0, "{name}: {moving} of {steps} steps move amplitude");
            // The sectors hold a fraction of the physical qubits' states.
            assert!(
                largest < 1 << circuit.physical.len(),
                "{name}: {largest} amplitudes held"
            );
        }
    }

    #[test]
    fn the_sector_route_gives_the_statevector_route_s_estimate() {
        let model = NoiseModel::parse("p1=2e-3,p2=1e-2,readout=2e-2").unwrap();
        for (name, doc, circuit) in fixtures().into_iter().filter(|f| f.2.physical.len() <= 9).step_by(2) {
            let enc = doc.encoding().unwrap();
            let prog = routed_sectors(&doc, enc.as_ref(), &circuit).unwrap();
            let valid = valid_indices(&doc, "m").unwrap();
            let budget = Budget::unlimited();
            let full =
                routed::estimate_within(&circuit, &valid, &model, Trajectories::new(60).unwrap(), 11, &budget).unwrap();
            let sectors = crate::noise::sectors::routed::estimate_within(
                &prog,
                &valid,
                &model,
                Trajectories::new(60).unwrap(),
                11,
                crate::noise::Truncation::Off,
                &budget,
                crate::sim::available_memory(),
            )
            .unwrap();
            assert!(
                (full.p_valid - sectors.p_valid).abs() <= 1e-12
                    && (full.p_valid_se - sectors.p_valid_se).abs() <= 1e-12
                    && (full.noiseless_p_valid - sectors.noiseless_p_valid).abs() <= 1e-12,
                "{name}: {full:?} against {sectors:?}"
            );
            assert!(full.p_valid > 0.0 && full.p_valid_se > 0.0, "{name}: {full:?}");
        }
    }

    /// The sector program and valid boards of the routed chess-regions fixture at p = 1.
    fn chess_regions_p01() -> (RoutedSectors, Vec<u64>) {
        let (_, doc, circuit) = fixtures()
            .into_iter()
            .find(|f| f.0.starts_with("chess-regions/p01"))
            .unwrap();
        let enc = doc.encoding().unwrap();
        let prog = routed_sectors(&doc, enc.as_ref(), &circuit).unwrap();
        (prog, valid_indices(&doc, "m").unwrap())
    }

    #[test]
    fn truncated_routed_trajectories_keep_p_valid() {
        // Rates high enough that most trajectories leave the valid weights for good.
        let model = NoiseModel::parse("p1=0.02,p2=0.08,rz=0.005,readout=0").unwrap();
        let mut dropping = 0;
        for (name, doc, circuit) in fixtures() {
            let enc = doc.encoding().unwrap();
            let prog = routed_sectors(&doc, enc.as_ref(), &circuit).unwrap();
            let valid = valid_indices(&doc, "m").unwrap();
            for t in 0..6 {
                let events = circuit.sample_events(&model, &mut crate::noise::trajectories::trajectory_rng(3, t));
                let (kept, truncated, dropped, planned, held) =
                    crate::noise::sectors::routed::truncated_against_kept(&prog, &valid, &events);
                assert!(
                    (kept - truncated).abs() <= 1e-12,
                    "{name}, trajectory {t}: {kept} kept, {truncated} truncated"
                );
                // Both plans (by sectors, and by each group's weights apart) bound what the run
                // holds.
                assert!(
                    held as u128 <= planned[0] && held as u128 <= planned[1],
                    "{name}, trajectory {t}: held {held}, planned {planned:?}"
                );
                if dropped > 1e-3 {
                    dropping += 1;
                }
            }
        }
        assert!(dropping >= 10, "only {dropping} trajectories dropped anything");
        // And the estimate: the same as every amplitude kept where readout draws nothing.
        let (prog, valid) = chess_regions_p01();
        let budget = Budget::unlimited();
        let [off, exact] = [crate::noise::Truncation::Off, crate::noise::Truncation::Exact].map(|t| {
            crate::noise::sectors::routed::estimate_within(
                &prog,
                &valid,
                &model,
                Trajectories::new(40).unwrap(),
                5,
                t,
                &budget,
                crate::sim::available_memory(),
            )
            .unwrap()
        });
        assert!(
            (off.p_valid - exact.p_valid).abs() <= 1e-12,
            "{off:?} against {exact:?}"
        );
    }

    #[test]
    fn a_bounded_routed_trajectory_brackets_the_whole() {
        let model = NoiseModel::parse("p1=0.02,p2=0.08,rz=0.005,readout=0").unwrap();
        let (mut bounded, mut partly) = (0, 0);
        for (name, doc, circuit) in fixtures() {
            let enc = doc.encoding().unwrap();
            let prog = routed_sectors(&doc, enc.as_ref(), &circuit).unwrap();
            let valid = valid_indices(&doc, "m").unwrap();
            for t in 0..16 {
                let events = circuit.sample_events(&model, &mut crate::noise::trajectories::trajectory_rng(3, t));
                // At most twice the noiseless state at a step: the trajectories that spread
                // drop their least probable sectors.
                let [kept, p, lost, r] = crate::noise::sectors::routed::bounded_against_kept(&prog, &valid, &events, 2);
                let (lo, hi) = ((p.sqrt() - r).max(0.0).powi(2), (p.sqrt() + r).powi(2).min(1.0));
                assert!(
                    lo - 1e-12 <= kept && kept <= hi + 1e-12,
                    "{name}, trajectory {t}: {kept} outside [{lo}, {hi}] ({p} kept, radius {r})"
                );
                assert!(
                    lost <= 1.0 + 1e-12 && r * r >= lost - 1e-12,
                    "{name}, trajectory {t}: {lost}, {r}"
                );
                if lost > 0.0 {
                    bounded += 1;
                    if lost < 1.0 - 1e-9 {
                        partly += 1;
                    }
                } else {
                    assert!((kept - p).abs() <= 1e-12, "{name}, trajectory {t}: {kept} against {p}");
                }
            }
        }
        assert!(
            bounded >= 20 && partly >= 3,
            "{bounded} trajectories bounded, {partly} partly"
        );
    }

    #[test]
    fn a_bounded_routed_estimate_brackets_the_exact_one() {
        let model = NoiseModel::parse("p1=0.01,p2=0.04,rz=0.002,readout=0.01").unwrap();
        let (prog, valid) = chess_regions_p01();
        let budget = Budget::unlimited();
        let estimate = |prog: &RoutedSectors, t| {
            crate::noise::sectors::routed::estimate_within(
                prog,
                &valid,
                &model,
                Trajectories::new(60).unwrap(),
                5,
                t,
                &budget,
                crate::sim::available_memory(),
            )
            .unwrap()
        };
        let exact = estimate(&prog, crate::noise::Truncation::Exact);
        // With nothing dropped for memory, the same bytes as exact.
        let whole = estimate(&prog, crate::noise::Truncation::Bounded);
        assert!(whole.bounded.is_none());
        assert_eq!(
            serde_json::to_string(&whole).unwrap(),
            serde_json::to_string(&exact).unwrap()
        );
        // With a bound that drops: the bracket holds the exact estimate of the same draws.
        let small = crate::noise::sectors::routed::with_drop_amplitudes(prog.clone(), 60);
        let got = estimate(&small, crate::noise::Truncation::Bounded);
        let b = got.bounded.clone().expect("some trajectories dropped");
        assert!(b.trajectories_bounded > 0 && b.mean_bounded > 0.0, "{b:?}");
        assert!(
            b.p_valid[0] <= exact.p_valid + 1e-12 && exact.p_valid <= b.p_valid[1] + 1e-12,
            "{} outside {:?}",
            exact.p_valid,
            b.p_valid
        );
        assert!(b.p_valid[0] <= got.p_valid && got.p_valid <= b.p_valid[1], "{got:?}");
    }

    #[test]
    fn a_wide_routed_circuit_without_blocks_is_refused_by_what_it_needs() {
        // A full-space circuit with the x mixer (results/noisy's routed 4x4 Sudoku).
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/noisy/routed/sudoku4-11");
        let doc = ManifestDoc::parse(&read(&dir.join("p01.json")).unwrap(), "m").unwrap();
        let text = read(&dir.join("p01.routed.qasm")).unwrap();
        let circuit = routed::parse_for_within(&text, "r", doc.qubits, MAX_SECTOR_PHYSICAL).unwrap();
        let enc = doc.encoding().unwrap();
        let e = routed_sectors(&doc, enc.as_ref(), &circuit).err().unwrap().to_string();
        assert!(
            e.contains("need a block space with an XY mixer") && e.contains("`x` mixer on the `full` space"),
            "{e}"
        );
    }
}
