//! How long one shot of an exported circuit takes on a device class: gate, readout and
//! reset times per preset, with where they come from, and the time of one shot from the
//! circuit's gate counts. These turn shots-to-solution into device seconds; they are
//! estimates from published figures, not measurements of a job.
//!
//! The exported gates map to native operations as both vendors compile them: `rz` is virtual
//! (a frame change, no time); `h` and `x` are one native single-qubit pulse (IBM: one `sx`
//! between virtual `rz`s; IonQ: one GPI2 or GPI); `rx` and `ry` are two (IBM: `sx rz sx`;
//! IonQ: `GPI2 GZ GPI2`); a `cx` is one native two-qubit gate plus single-qubit pulses (IBM:
//! a CZ between two Hadamards on the target, 2 pulses; IonQ: one MS gate and 4 rotations,
//! Maslov, New J. Phys. 19, 023018, 2017).
//!
//! A shot's time is the sum of its gates' times, then readout and reset. IonQ runs gates
//! strictly one after another (<https://ionq.com/best-practices>), so there the sum is the
//! circuit's duration. IBM runs gates on disjoint qubits in parallel, so there the sum is an
//! upper bound on the gates' part; but an IBM shot is dominated by the delay between shots
//! (250 µs by default), next to which a few hundred gates of tens of ns are small. Routing
//! (SWAPs on a heavy-hex lattice) adds gates this count does not see; job and queue overheads
//! are not included.

use super::GateCounts;
use serde::{Deserialize, Serialize};

/// The times of one device class, in seconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceTiming {
    /// The preset it belongs to.
    pub name: String,
    /// One native single-qubit pulse.
    pub one_qubit: f64,
    /// One native two-qubit gate.
    pub two_qubit: f64,
    /// Single-qubit pulses that go with each `cx` beside its two-qubit gate.
    pub pulses_per_cx: usize,
    /// Measuring every qubit.
    pub readout: f64,
    /// Reset, or the delay between shots, after the measurement.
    pub reset: f64,
    /// Where the figures come from.
    pub source: String,
}

/// Where the IBM figures come from (the same snapshots as the IBM error presets).
const IBM_TIMES: &str = "gate_length and readout_length medians of the backend properties of \
     2025-02-26 and default_rep_delay of the backend configuration, as shipped in \
     qiskit-ibm-runtime 0.51.0 (fake_provider/backends/NAME/props_NAME.json, conf_NAME.json)";

/// The presets with a timing.
pub const TIMED: [&str; 3] = ["heron", "eagle", "aria"];

/// The timing of a preset, or none where no figures are published (`forte`, custom rates).
pub fn timing(preset: &str) -> Option<DeviceTiming> {
    let t =
        |one_qubit: f64, two_qubit: f64, pulses_per_cx: usize, readout: f64, reset: f64, source: String| DeviceTiming {
            name: preset.to_string(),
            one_qubit,
            two_qubit,
            pulses_per_cx,
            readout,
            reset,
            source,
        };
    match preset {
        "heron" => Some(t(
            28e-9,
            76e-9,
            2,
            1.56e-6,
            250e-6,
            format!(
                "IBM Heron r2 class: sx 28 ns and CZ 76 ns (ibm_fez 24 and 84 ns, ibm_torino 32 and \
                 68 ns, averaged), readout 1.56 us and 250 us between shots (both devices); {IBM_TIMES}"
            ),
        )),
        "eagle" => Some(t(
            56.9e-9,
            533e-9,
            2,
            1.216e-6,
            250e-6,
            format!(
                "IBM Eagle r3 class: sx 56.9 ns, ECR 533 ns, readout 1.216 us and 250 us between shots \
                 (ibm_sherbrooke); {IBM_TIMES}"
            ),
        )),
        "aria" => Some(t(
            135e-6,
            600e-6,
            4,
            100e-6,
            25e-6,
            "IonQ Aria class: single-qubit gate 135 us, two-qubit gate 600 us (system timing on \
             https://learn.microsoft.com/azure/quantum/provider-ionq, MicrosoftDocs/quantum-docs \
             articles/provider-ionq.md as of 2026-08-21); no readout or reset time is published for \
             Aria: 100 us and 25 us are the ones the same page gave for IonQ's 11-qubit system \
             (2021)"
                .to_string(),
        )),
        _ => None,
    }
}

/// The timing named `name` (case-insensitive), or an error that says which names have one.
pub fn parse(name: &str) -> crate::error::Result<DeviceTiming> {
    let lower = name.trim().to_ascii_lowercase();
    timing(&lower).ok_or_else(|| {
        let preset = super::PRESETS.contains(&lower.as_str());
        crate::error::Unsupported::NoDeviceTiming {
            name: name.to_string(),
            preset,
            timed: &TIMED,
        }
        .into()
    })
}

impl DeviceTiming {
    /// Native single-qubit pulses and two-qubit gates of a circuit with `gates`.
    pub fn native_counts(&self, gates: &GateCounts) -> (usize, usize) {
        let pulses = gates.h + gates.x + 2 * (gates.rx + gates.ry) + self.pulses_per_cx * gates.cx;
        (pulses, gates.cx)
    }

    /// Seconds of one shot of a circuit with `gates`: every gate one after another, readout,
    /// reset.
    pub fn shot_seconds(&self, gates: &GateCounts) -> f64 {
        let (pulses, two) = self.native_counts(gates);
        pulses as f64 * self.one_qubit + two as f64 * self.two_qubit + self.readout + self.reset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shot_sums_its_native_gates() {
        let heron = timing("heron").unwrap();
        let g = GateCounts {
            h: 10,
            rz: 50,
            rx: 10,
            cx: 20,
            ry: 0,
            x: 0,
        };
        // 10 + 20 + 40 pulses of 28 ns, 20 CZ of 76 ns, readout, 250 us.
        let want = 70.0 * 28e-9 + 20.0 * 76e-9 + 1.56e-6 + 250e-6;
        assert!((heron.shot_seconds(&g) - want).abs() < 1e-15);
        let aria = timing("aria").unwrap();
        assert_eq!(aria.native_counts(&g), (10 + 20 + 80, 20));
        for p in super::super::PRESETS {
            if let Some(t) = timing(p) {
                assert!(
                    t.source.contains("http") || t.source.contains("qiskit-ibm-runtime"),
                    "{p}"
                );
            }
        }
        assert!(timing("forte").is_none() && timing("p1=0.1").is_none());
    }
}
