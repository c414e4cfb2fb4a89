//! Where a result comes from: the puzzle, its encoding and reduction, and the space simulated.
//! One struct, flattened into the solve report and the manifests; sweep rows copy its fields.

use super::Simulation;
use crate::checked::Penalties;
use crate::encoding::space::SpaceChoice;
use crate::encoding::{Encoding, EncodingKind};
use crate::mixer::{MixerKind, StartChoice};
use crate::model::Level;
use serde::{Deserialize, Serialize};

/// The puzzle, encoding, reduction and space behind a report, manifest or row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The puzzle file (or the label of embedded text).
    pub file: String,
    /// Puzzle kind.
    pub puzzle: String,
    /// SHA-256 of the puzzle text: which puzzle the angles and bitstrings belong to.
    pub puzzle_sha256: String,
    /// The encoding.
    pub encoding: EncodingKind,
    /// Reduction level.
    pub reduce: Level,
    /// Number of qubits.
    pub qubits: usize,
    /// The space simulated (`full`, or the block family `auto` resolved to).
    pub space: SpaceChoice,
    /// The mixer.
    pub mixer: MixerKind,
    /// Number of basis states in the space (2^n on the full space).
    pub dimension: f64,
    /// Where a switch mixer started, `uniform` or `first-grid` (never `auto`); absent for the
    /// other mixers, which start uniform, and in files written before starts were chosen
    /// (whose switch circuits started uniform on full permutation grids, else from the first
    /// grid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartChoice>,
    /// Why this space and mixer ran where neither was named (the recommendation's words);
    /// absent where they were named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
    /// The penalty overrides the cost was built with, `{"NAME": W}` (docs/lp.md, "Penalties");
    /// absent where there are none, so reports without them keep their bytes.
    #[serde(default, skip_serializing_if = "Penalties::is_empty")]
    pub penalty: Penalties,
}

impl Provenance {
    /// The provenance of `enc` simulated by `sim`.
    pub fn of(enc: &dyn Encoding, sim: &Simulation) -> Provenance {
        Provenance {
            space: sim.space.resolved,
            mixer: sim.mixer,
            dimension: sim.dimension(),
            start: simulated_start(sim.mixer, sim.space.start),
            chosen: sim.chosen.text(),
            ..Provenance::unsimulated(enc, sim.space.resolved, sim.mixer)
        }
    }

    /// The provenance of `enc` on the full space of all 2^n states, or on `space` with
    /// `mixer` as asked when nothing is simulated (no qubits left, or too many to simulate).
    pub fn unsimulated(enc: &dyn Encoding, space: SpaceChoice, mixer: MixerKind) -> Provenance {
        let n = enc.num_qubits();
        Provenance {
            file: enc.file().to_string(),
            puzzle: enc.puzzle().kind().to_string(),
            puzzle_sha256: enc.source_sha256().to_string(),
            encoding: enc.kind(),
            reduce: enc.level(),
            qubits: n,
            space,
            mixer,
            dimension: (n as f64).exp2(),
            start: None,
            chosen: None,
            penalty: enc.penalties().clone(),
        }
    }
}

/// The start a simulation of `mixer` ran from for the space's `start` choice: `None` for a
/// mixer other than a switch mixer, else `uniform` unless the first grid was asked.
pub fn simulated_start(mixer: MixerKind, start: StartChoice) -> Option<StartChoice> {
    mixer.is_switch().then(|| {
        if start.simulates_uniform() {
            StartChoice::Uniform
        } else {
            StartChoice::FirstGrid
        }
    })
}
