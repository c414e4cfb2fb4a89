//! Noise-aware expectations: the exported full-space QAOA circuit under a stochastic Pauli
//! (depolarizing) channel after every gate, with readout bit flips, simulated exactly by
//! Monte Carlo trajectories on the fast layer kernels.
//!
//! The model ([`NoiseModel`]): after every one-qubit gate (`h`, `rx`; `rz` has its own rate,
//! 0 in the presets because both vendors apply it virtually, as a frame change), with
//! probability p1 one of X, Y, Z, each p1/3; after every `cx`, with probability p2 one of the
//! 15 non-identity two-qubit Paulis, each p2/15; gates counted as the circuit is exported
//! (each `rzz` is `cx; rz; cx`). At readout every bit flips independently with probability r.
//!
//! Rates are *Pauli error probabilities*. Vendors publish average gate errors `r_avg` from
//! randomized benchmarking (one minus the average fidelity); the depolarizing channel with
//! Pauli probability p on d = 2^k dimensions has `r_avg = p·d/(d+1)`, so
//! `p = r_avg·(d+1)/d`: 1.5·r_avg for one qubit, 1.25·r_avg for two ([`pauli_from_average`]).
//!
//! How a trajectory runs on the fast kernels ([`program`]): a Pauli error inside a layer's cost
//! part (a product of diagonal phase gadgets made of `rz` and `cx`) is pushed to the end of
//! that part: through a `cx` it is conjugated (`cx·P = P'·cx`), through `rz(θ)` it passes
//! unchanged and negates θ when it has X or Y on that qubit. The cost part stays a product of
//! whole gadgets, some negated, so the noisy layer is the usual cost phase, a correction phase
//! for the negated gadgets, the pushed Pauli, the usual mixer kernel, and the Paulis of errors
//! after the `rx` gates (they commute with the other qubits' `rx`). A layer without error is the
//! noiseless kernel itself. Pauli errors leave any constrained subspace: block-space (XY)
//! circuits run on the weight sectors an error opens ([`sectors`]), the Grover-mixer and
//! switch circuits gate by gate on the full 2^n state ([`gates`]).

pub mod calibration;
#[cfg(test)]
mod exactness_tests;
pub mod gates;
pub mod program;
pub mod routed;
pub mod sectors;
pub mod timing;
pub mod trajectories;

pub use program::{GateCounts, NoisyCircuit, Pauli};
pub use trajectories::{estimate, sample_counts, Bracket, Draws, NoisyEstimate, Truncation};

use crate::checked::Trajectories;
use crate::error::{Error, Result};
use crate::simulation::SpaceSettings;
use serde::{Deserialize, Serialize};

/// The most qubits a noisy circuit may have on any route (a basis state's bits in one word).
pub const MAX_QUBITS: usize = 64;

pub use crate::checked::{DEFAULT_TRAJECTORIES, MAX_TRAJECTORIES};

/// Which noise models to estimate, and with how many trajectories.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NoiseSettings {
    /// The models (none: no noise estimate).
    pub models: Vec<NoiseModel>,
    /// Trajectories per estimate.
    pub trajectories: Trajectories,
    /// Device timings: each depth gets the seconds of one shot of its exported circuit and its
    /// time to solution on each (none: no device times).
    pub devices: Vec<timing::DeviceTiming>,
    /// Read before every trajectory: a stop request or deadline ends the estimate.
    pub cancel: crate::budget::Cancel,
    /// What sector trajectories drop ([`Truncation`]).
    pub truncation: Truncation,
}

impl NoiseSettings {
    /// How an estimate under `model` draws its trajectories, from `seed`.
    pub fn draws<'a>(&'a self, model: &'a NoiseModel, seed: u64) -> Draws<'a> {
        Draws {
            model,
            trajectories: self.trajectories,
            seed,
            cancel: &self.cancel,
            truncation: self.truncation,
        }
    }

    /// The settings for `models` with `trajectories` each, after checking that the space and
    /// mixer take noise (`auto` resolved for `enc` when given, so that a refusal names the
    /// space it becomes). No model: nothing checked.
    pub fn checked(
        models: Vec<NoiseModel>,
        trajectories: Trajectories,
        space: &SpaceSettings,
        enc: Option<&dyn crate::encoding::Encoding>,
    ) -> Result<Self> {
        if !models.is_empty() {
            // Refused before any simulation: every route holds a basis state's bits in one word.
            if let Some(n) = enc.map(|e| e.num_qubits()).filter(|&n| n > MAX_QUBITS) {
                return Err(crate::error::Unsupported::NoiseCircuit {
                    what: format!("{n} qubits, more than {MAX_QUBITS}"),
                }
                .into());
            }
            match enc {
                Some(enc) if space.space == crate::encoding::space::SpaceChoice::Auto => {
                    let resolved = crate::simulation::space_of(enc, space)?.resolved;
                    check_space(&SpaceSettings {
                        space: resolved,
                        ..*space
                    })?;
                }
                _ => check_space(space)?,
            }
        }
        Ok(NoiseSettings {
            models,
            trajectories,
            devices: Vec::new(),
            cancel: crate::budget::Cancel::default(),
            truncation: Truncation::Off,
        })
    }

    /// These settings with `truncation` on the sector route.
    pub fn with_truncation(mut self, truncation: Truncation) -> Self {
        self.truncation = truncation;
        self
    }

    /// These settings with device timings.
    pub fn with_devices(mut self, devices: Vec<timing::DeviceTiming>) -> Self {
        self.devices = devices;
        self
    }

    /// Whether a depth needs its exported circuit's gate counts.
    pub fn needs_gates(&self) -> bool {
        !self.models.is_empty() || !self.devices.is_empty()
    }
}

/// Largest one-qubit Pauli error probability (3/4: the fully depolarizing channel).
pub const MAX_P1: f64 = 0.75;
/// Largest two-qubit Pauli error probability (15/16: the fully depolarizing channel).
pub const MAX_P2: f64 = 15.0 / 16.0;
/// Largest readout flip probability (1/2: the bit is noise).
pub const MAX_READOUT: f64 = 0.5;

/// The Pauli error probability of a d-dimensional depolarizing channel whose average gate
/// error (one minus the average gate fidelity, as randomized benchmarking reports it) is
/// `r_avg`: `p = r_avg·(d+1)/d`.
pub fn pauli_from_average(r_avg: f64, qubits: u32) -> f64 {
    let d = f64::from(1u32 << qubits);
    r_avg * (d + 1.0) / d
}

/// Error rates per gate kind and readout, with where they come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NoiseModel {
    /// Preset name (one of [`PRESETS`]) or the custom spec as given.
    pub name: String,
    /// Pauli error probability after each `h` and `rx`.
    pub p1: f64,
    /// Pauli error probability after each `rz`.
    pub p_rz: f64,
    /// Pauli error probability after each `cx`.
    pub p2: f64,
    /// Probability that a measured bit flips.
    pub readout: f64,
    /// Where the figures come from.
    pub source: String,
    /// A device calibration's readout errors per device qubit, `[p(1|0), p(0|1)]` (`null` where
    /// the calibration has none for that qubit); absent for presets and custom rates. The
    /// trajectories use the uniform `readout`; readout mitigation of counts whose run record
    /// names the measured device qubits uses these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readout_by_qubit: Option<Vec<Option<[f64; 2]>>>,
}

/// The preset names, for error messages and help.
pub const PRESETS: [&str; 4] = ["heron", "eagle", "aria", "forte"];

/// Where the IBM presets' snapshots come from: real device properties, dated, as shipped with
/// the Qiskit SDK's fake backends.
const IBM_SNAPSHOTS: &str = "backend properties of 2025-02-26 as shipped in qiskit-ibm-runtime \
     0.51.0 (qiskit_ibm_runtime/fake_provider/backends/NAME/props_NAME.json), read as a calibration file";

impl NoiseModel {
    /// A preset by name: `heron` (IBM Heron r2), `eagle` (IBM Eagle r3), `aria` (IonQ Aria) or
    /// `forte` (IonQ Forte). Each is one device class's typical figures, rounded, with where
    /// and when they were published in `source`; none is a calibration of one device today.
    pub fn preset(name: &str) -> Option<NoiseModel> {
        let model = |p1_avg: f64, p2_avg: f64, readout: f64, source: String| NoiseModel {
            name: name.into(),
            p1: pauli_from_average(p1_avg, 1),
            p_rz: 0.0,
            p2: pauli_from_average(p2_avg, 2),
            readout,
            source,
            readout_by_qubit: None,
        };
        const PAULI: &str = "rz is virtual (error 0). Pauli rates = 1.5x and 1.25x the average gate \
                             errors. Typical published figures, not a calibration";
        match name {
            "heron" => Some(model(
                2.5e-4,
                4.0e-3,
                1.5e-2,
                format!(
                    "IBM Heron r2 class: one-qubit (sx) error 2.5e-4, two-qubit (CZ) error 4e-3, readout \
                     error 1.5e-2: the medians of ibm_fez (2.3e-4, 3.8e-3, 7.6e-3) and ibm_torino \
                     (2.7e-4, 4.1e-3, 2.3e-2), averaged and rounded; {IBM_SNAPSHOTS}. 2Q error = 1 - \
                     average gate fidelity from randomized benchmarking \
                     (https://quantum.cloud.ibm.com/docs/guides/qpu-information); current medians at \
                     https://quantum.cloud.ibm.com/computers. {PAULI}"
                ),
            )),
            "eagle" => Some(model(
                2.4e-4,
                7.5e-3,
                2.0e-2,
                format!(
                    "IBM Eagle r3 class: one-qubit (sx) error 2.4e-4, two-qubit (ECR) error 7.5e-3, \
                     readout error 2.0e-2: the medians of ibm_sherbrooke (2.36e-4 over 254 sx/x, \
                     7.50e-3 over 135 ecr, 1.98e-2 over 127 qubits), rounded; ibm_brisbane's are \
                     within 3 % of them; {IBM_SNAPSHOTS}. {PAULI}"
                ),
            )),
            "aria" => Some(model(
                5.0e-4,
                4.0e-3,
                3.9e-3,
                format!(
                    "IonQ Aria class: system fidelities published on \
                     https://learn.microsoft.com/azure/quantum/provider-ionq (single-qubit gates \
                     99.95%, two-qubit gates 99.6%, SPAM 99.61%; page as of 2024-10-24). {PAULI}"
                ),
            )),
            "forte" => Some(model(
                2.0e-4,
                4.64e-3,
                3.9e-3,
                format!(
                    "IonQ Forte class: one-qubit error 2.0e-4 and the median two-qubit error 4.64e-3 \
                     over all 435 pairs of a 30-qubit chain, by direct randomized benchmarking \
                     (Chen et al., Benchmarking a trapped-ion quantum computer with 30 qubits, \
                     arXiv:2308.05071, 2023); readout 3.9e-3 is Aria's published SPAM error (see \
                     aria), not a Forte figure. {PAULI}"
                ),
            )),
            _ => None,
        }
    }

    /// A preset name, or custom rates `p1=A,p2=B,readout=R[,rz=Z]` (a missing rate is 0, `rz`
    /// defaults to p1); each in range (p1, rz ≤ 3/4, p2 ≤ 15/16, readout ≤ 1/2).
    pub fn parse(spec: &str) -> Result<NoiseModel> {
        let spec = spec.trim();
        if let Some(m) = NoiseModel::preset(&spec.to_ascii_lowercase()) {
            return Ok(m);
        }
        if let Some(path) = spec.strip_prefix("calibration:") {
            let path = std::path::Path::new(path.trim());
            let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
                path: path.to_path_buf(),
                source,
            })?;
            return calibration::model(&text, &path.display().to_string());
        }
        let bad = |problem: String| Error::Syntax {
            what: "noise",
            text: spec.to_string(),
            problem,
        };
        if !spec.contains('=') {
            return Err(bad(format!(
                "not a preset ({}) nor custom rates p1=A,p2=B,readout=R[,rz=Z] nor calibration:FILE.json",
                PRESETS.join(", ")
            )));
        }
        let (mut p1, mut p2, mut readout, mut p_rz) = (0.0, 0.0, 0.0, None);
        let mut seen: Vec<&str> = Vec::new();
        for part in spec.split(',') {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| bad(format!("`{part}` is not KEY=VALUE (keys p1, p2, readout, rz)")))?;
            let key = key.trim();
            if seen.contains(&key) {
                return Err(bad(format!("the rate `{key}` is given twice; give each rate once")));
            }
            seen.push(key);
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| bad(format!("{key} = `{}` is not a number", value.trim())))?;
            let (max, slot) = match key {
                "p1" => (MAX_P1, &mut p1),
                "p2" => (MAX_P2, &mut p2),
                "readout" => (MAX_READOUT, &mut readout),
                "rz" => (MAX_P1, p_rz.insert(0.0)),
                _ => return Err(bad(format!("unknown rate `{key}` (keys p1, p2, readout, rz)"))),
            };
            if !(0.0..=max).contains(&value) {
                return Err(bad(format!("{key} = {value} is out of range [0, {max}]")));
            }
            *slot = value;
        }
        Ok(NoiseModel {
            name: spec.to_string(),
            p1,
            p_rz: p_rz.unwrap_or(p1),
            p2,
            readout,
            source: "custom rates given on the command line (Pauli error probabilities)".into(),
            readout_by_qubit: None,
        })
    }

    /// The rates in one line.
    pub fn rates_text(&self) -> String {
        format!(
            "p1 {:.3e} (h, rx), rz {:.3e}, p2 {:.3e} (cx), readout {:.3e}",
            self.p1, self.p_rz, self.p2, self.readout
        )
    }
}

/// Refuse noise on a mixer whose circuit noisy trajectories do not run (a `NoCircuit` entry;
/// none at present). Its entry's noise route says how they run the others: the X mixer's on
/// the layered kernels, block-space XY circuits on weight sectors ([`sectors`]), every other
/// circuit (the Grover and switch mixers') gate by gate on the full 2^n state ([`gates`]), refused later, with the
/// bytes it needs, where that state does not fit.
pub fn check_space(settings: &SpaceSettings) -> Result<()> {
    use crate::simulation::mixers::{entry, NoiseRoute};
    let entry = entry(settings.mixer);
    match entry.noise {
        NoiseRoute::Layered | NoiseRoute::GateByGate | NoiseRoute::Sectors => Ok(()),
        NoiseRoute::NoCircuit => Err(entry.no_circuit()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mixer_with_a_circuit_takes_noise_on_every_space() {
        use crate::encoding::space::SpaceChoice;
        use crate::mixer::MixerKind;
        use crate::simulation::mixers::{entry, NoiseRoute};
        for mixer in MixerKind::ALL {
            let has_circuit = entry(mixer).noise != NoiseRoute::NoCircuit;
            assert_eq!(has_circuit, entry(mixer).noise_refusal().is_none(), "{mixer}");
            for space in SpaceChoice::ALL {
                let checked = check_space(&SpaceSettings {
                    space,
                    mixer,
                    ..Default::default()
                });
                assert_eq!(checked.is_ok(), has_circuit, "{space} {mixer}");
            }
        }
    }

    #[test]
    fn presets_and_custom_rates_parse() {
        let h = NoiseModel::parse("heron").unwrap();
        assert!((h.p2 - 5e-3).abs() < 1e-15 && (h.p1 - 3.75e-4).abs() < 1e-15 && h.p_rz == 0.0);
        assert!(h.source.contains("not a calibration") && h.source.contains("2025-02-26"));
        for name in PRESETS {
            let m = NoiseModel::preset(name).unwrap();
            assert_eq!(m.name, name);
            let cited = ["qiskit-ibm-runtime", "https://", "arXiv"];
            assert!(cited.iter().any(|c| m.source.contains(c)), "{name}");
        }
        assert!((NoiseModel::parse("forte").unwrap().p2 - 5.8e-3).abs() < 1e-15);
        assert_eq!(NoiseModel::parse("ARIA").unwrap().name, "aria");
        let c = NoiseModel::parse("p1=1e-4,p2=3e-3,readout=1e-2").unwrap();
        assert_eq!((c.p1, c.p_rz, c.p2, c.readout), (1e-4, 1e-4, 3e-3, 1e-2));
        assert_eq!(
            NoiseModel::parse("p2=0.01,rz=0").unwrap().p_rz.to_bits(),
            0f64.to_bits()
        );
        for (bad, says) in [
            ("falcon", "not a preset"),
            ("p1=abc", "p1 = `abc` is not a number"),
            ("p1=0.8", "p1 = 0.8 is out of range [0, 0.75]"),
            ("p2=0.95", "p2 = 0.95 is out of range"),
            ("p2=-1e-3", "p2 = -0.001 is out of range"),
            ("readout=0.6", "readout = 0.6"),
            ("p3=0.1", "unknown rate `p3`"),
            ("p1=0.1,p2", "`p2` is not KEY=VALUE"),
            ("p1=1e-3,p1=2e-3", "the rate `p1` is given twice"),
            (
                "p2=1e-3, readout=0.01,readout =0.02",
                "the rate `readout` is given twice",
            ),
        ] {
            let e = NoiseModel::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn average_error_to_pauli_probability() {
        assert!((pauli_from_average(1e-3, 1) - 1.5e-3).abs() < 1e-18);
        assert!((pauli_from_average(1e-3, 2) - 1.25e-3).abs() < 1e-18);
    }
}
