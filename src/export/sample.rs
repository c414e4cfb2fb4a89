//! The circuit `sample` draws shots from, whether a manifest describes it or a puzzle and the
//! circuit options do, and the shots themselves: one route for the command line and Python.

use super::score::ManifestDoc;
use super::{export_circuit, resolve_angles, AngleSource, CircuitIdentity, ExportRequest};
use crate::angles::Angles;
use crate::bits::CountMap;
use crate::budget::Cancel;
use crate::encoding::Encoding;
use crate::error::{Error, Result, Unsupported};
use crate::noise::NoiseModel;
use crate::simulation::{self, SpaceSettings};

/// What shots are drawn from: the encoded puzzle, its space and mixer, the angles, and the
/// simulated (noiseless) P(valid) where it is known.
pub struct SampleCircuit {
    /// The encoded puzzle.
    pub enc: Box<dyn Encoding>,
    /// Its space, mixer and start.
    pub space: SpaceSettings,
    /// The circuit's angles.
    pub angles: Angles,
    /// Its qubits (the counts' width).
    pub qubits: usize,
    /// The circuit's noiseless P(valid), where it is known.
    pub success_probability: Option<f64>,
    /// Why its space and mixer, where neither was named (the recommendation's words).
    pub chosen: Option<String>,
}

impl SampleCircuit {
    /// The QAOA circuit a manifest describes (a Grover seed's manifest is refused: `sample`
    /// draws the QAOA circuits of `quzzle qasm`).
    pub fn of_manifest(doc: &ManifestDoc) -> Result<SampleCircuit> {
        if doc.grover_seed.is_some() {
            return Err(Unsupported::SampleGroverSeed {
                manifest: doc.source.clone(),
            }
            .into());
        }
        Self::with_doc(doc.encoding()?, doc, "the manifest has no angles")
    }

    /// `enc`'s circuit as `doc` describes it; `missing` says what lacks angles.
    fn with_doc(enc: Box<dyn Encoding>, doc: &ManifestDoc, missing: &str) -> Result<SampleCircuit> {
        let Some(angles) = doc.angles.clone() else {
            return Err(Error::malformed(&doc.source, missing));
        };
        Ok(SampleCircuit {
            enc,
            space: doc.space,
            angles,
            qubits: doc.qubits,
            success_probability: doc.success_probability,
            chosen: None,
        })
    }

    /// The depth-`depth` circuit of a puzzle on `settings`, its angles from `angles`; `input`
    /// names the puzzle in errors. A mixer sampled from the simulation itself (Grover, which
    /// runs also on general blocks, whose start has no exported preparation) is simulated
    /// here; every other circuit is the one `qasm` exports.
    pub fn of_puzzle(
        enc: Box<dyn Encoding>,
        settings: SpaceSettings,
        depth: crate::checked::Depth,
        angles: AngleSource,
        input: &str,
    ) -> Result<SampleCircuit> {
        // Named neither space nor mixer: the recommended circuit among those that export (the
        // shots stand for a device's).
        let settings = simulation::resolve(enc.as_ref(), &settings, true)?;
        if simulation::mixers::entry(settings.mixer).samples_from_simulation() {
            let sim = simulation::simulation(enc.as_ref(), &settings)?;
            sim.require_statevector("sampling shots")?;
            let valid = simulation::success_states(enc.as_ref(), &sim)?.valid;
            let identity = CircuitIdentity::with_space(enc.as_ref(), sim.space.resolved.name(), settings.mixer.name());
            let angles = resolve_angles(enc.as_ref(), Some(&sim), &identity, &valid, depth.get(), &angles)?;
            let success = sim.qaoa().evaluate(&angles, &valid)?.success_probability;
            let qubits = enc.num_qubits();
            return Ok(SampleCircuit {
                enc,
                space: SpaceSettings {
                    space: sim.space.resolved,
                    ..settings
                },
                angles,
                qubits,
                success_probability: Some(success),
                chosen: settings.chosen.text(),
            });
        }
        let request = ExportRequest {
            depth,
            angles,
            flavor: super::qasm::Flavor::Portable,
            symbolic: false,
            with_state: false,
            qasm_name: Some("(sampled, not exported)".into()),
            space: settings,
        };
        let exported = export_circuit(enc.as_ref(), &request)?;
        let Some(manifest) = exported.manifest else {
            return Err(Error::Internal(format!("{input}: no manifest was made")));
        };
        Ok(SampleCircuit {
            chosen: manifest.provenance.chosen.clone(),
            ..Self::with_doc(enc, &ManifestDoc::of(&manifest, input)?, "the circuit has no angles")?
        })
    }

    /// `shots` drawn with `seed` from the circuit's exact final distribution, or under `noise`
    /// (a model and its trajectories).
    pub fn draw(
        &self,
        shots: crate::checked::Shots,
        seed: u64,
        noise: Option<(&NoiseModel, crate::checked::Trajectories)>,
        cancel: &Cancel,
    ) -> Result<CountMap> {
        let enc = self.enc.as_ref();
        // A manifest written before starts were chosen says `auto`: the start it was exported
        // with.
        let sim = simulation::simulation(enc, &simulation::circuit_settings(enc, &self.space)?)?;
        crate::experiment::sample::draw(enc, &sim, &self.angles, shots, seed, noise, cancel)
    }
}
