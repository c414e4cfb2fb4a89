//! Exporters: pure functions from data to text. The CLI writes the files.
//!
//! [`qasm::to_qasm3`] writes the circuit; [`Manifest`] is the JSON file beside it that says
//! which measured bit is which puzzle cell, which bitstrings are valid boards and how likely
//! the circuit is to produce one; [`angles_from_json`] reads angles back from a `solve --json`
//! report or from a manifest.

pub mod qasm;

use crate::angles::Angles;
use crate::encoding::onehot::QubitCell;
use crate::error::{Error, Result};
use qasm::Flavor;
use serde::Serialize;
use std::collections::BTreeMap;

/// How bitstrings are ordered in manifests; written into every manifest.
pub const BIT_ORDER_NOTE: &str = "valid_bitstrings list qubit 0 first (character i is q[i], measured into c[i]); \
Qiskit and IonQ count keys list qubit 0 last: reverse a count key before comparing";

/// The JSON manifest written beside an exported circuit (`OUT.json` for `OUT.qasm`).
#[derive(Clone, Debug, Serialize)]
pub struct Manifest {
    /// The QASM file this manifest describes (its file name).
    pub qasm: String,
    /// The puzzle file.
    pub file: String,
    /// Reduction level.
    pub reduce: String,
    /// Depth p.
    pub depth: usize,
    /// The flavour of the QASM text.
    pub flavor: Flavor,
    /// Whether the angles are written as `input float[64]` parameters.
    pub symbolic: bool,
    /// Number of qubits.
    pub qubits: usize,
    /// For every qubit, the puzzle cells it stands for (`negated`: the cell is `1 − x_q`).
    pub qubit_cells: Vec<Vec<QubitCell>>,
    /// The bit-order convention, in words.
    pub bit_order: String,
    /// Bitstrings (qubit 0 first) of the valid boards.
    pub valid_bitstrings: Vec<String>,
    /// How they were found: `diagonal` (every basis state) or `search` (exact search on the
    /// model, when the state is too large to simulate).
    pub valid_bitstrings_method: String,
    /// False when the search stopped at its limit (then the list is a subset).
    pub valid_bitstrings_complete: bool,
    /// γ_1..γ_p.
    pub gammas: Vec<f64>,
    /// β_1..β_p.
    pub betas: Vec<f64>,
    /// In symbolic files, the value of every `input float[64]` parameter, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameters: Option<BTreeMap<String, f64>>,
    /// Probability of measuring a valid board at these angles; `null` when the instance has
    /// too many qubits to simulate.
    pub success_probability: Option<f64>,
    /// `⟨C⟩` at these angles (offset included); `null` when not simulated.
    pub energy: Option<f64>,
    /// quzzle version.
    pub version: String,
    /// Remarks (e.g. why something is `null`).
    pub notes: Vec<String>,
    /// Only with `--with-state`: quzzle's statevector at these angles (before measurement),
    /// amplitudes as `[re, im]` pairs, index = basis index, qubit 0 = least significant bit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<Vec<[f64; 2]>>,
}

fn numbers(v: &serde_json::Value, what: &str, source: &str) -> Result<Vec<f64>> {
    let bad = || Error::InvalidArgument(format!("{source}: `{what}` is not a list of numbers"));
    v.as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|x| x.as_f64().ok_or_else(bad))
        .collect()
}

/// The depth-`depth` angles of a JSON document: a `quzzle solve --json` report (the entry of
/// `depths` with `p == depth`) or a manifest written by `quzzle qasm` (its `gammas`/`betas`,
/// which must have `depth` entries). `source` names the file in error messages.
pub fn angles_from_json(text: &str, source: &str, depth: usize) -> Result<Angles> {
    let doc: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Error::parse(source, e.line(), format!("not valid JSON: {e}")))?;
    let (gammas, betas) = if let Some(depths) = doc.get("depths").and_then(|d| d.as_array()) {
        let entry = depths
            .iter()
            .find(|d| d.get("p").and_then(|p| p.as_u64()) == Some(depth as u64))
            .ok_or_else(|| {
                let have: Vec<String> = depths
                    .iter()
                    .filter_map(|d| d.get("p").and_then(|p| p.as_u64()))
                    .map(|p| p.to_string())
                    .collect();
                Error::InvalidArgument(format!(
                    "{source}: the report has no angles for depth p = {depth} (it has p = {})",
                    if have.is_empty() {
                        "none".into()
                    } else {
                        have.join(", ")
                    }
                ))
            })?;
        let get = |k: &str| {
            entry
                .get(k)
                .ok_or_else(|| Error::InvalidArgument(format!("{source}: the p = {depth} entry has no `{k}`")))
        };
        (
            numbers(get("gammas")?, "gammas", source)?,
            numbers(get("betas")?, "betas", source)?,
        )
    } else if let (Some(g), Some(b)) = (doc.get("gammas"), doc.get("betas")) {
        (numbers(g, "gammas", source)?, numbers(b, "betas", source)?)
    } else {
        return Err(Error::InvalidArgument(format!(
            "{source}: neither a `quzzle solve --json` report (no `depths`) nor a `quzzle qasm` manifest (no `gammas`/`betas`)"
        )));
    };
    if gammas.len() != depth || betas.len() != depth {
        return Err(Error::InvalidArgument(format!(
            "{source}: has {} gammas and {} betas, depth {depth} needs {depth} of each",
            gammas.len(),
            betas.len()
        )));
    }
    Angles::new(gammas, betas)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_reports_and_manifests() {
        let report = r#"{"depths": [{"p": 1, "gammas": [0.1], "betas": [0.2]},
                                    {"p": 2, "gammas": [0.1, 0.3], "betas": [0.2, 0.4]}]}"#;
        let a = angles_from_json(report, "r.json", 2).unwrap();
        assert_eq!(a.gammas, vec![0.1, 0.3]);
        let e = angles_from_json(report, "r.json", 3).unwrap_err().to_string();
        assert!(e.contains("r.json") && e.contains("p = 3") && e.contains("1, 2"), "{e}");
        let manifest = r#"{"depth": 1, "gammas": [0.5], "betas": [0.25]}"#;
        assert_eq!(angles_from_json(manifest, "m.json", 1).unwrap().betas, vec![0.25]);
        assert!(angles_from_json(manifest, "m.json", 2)
            .unwrap_err()
            .to_string()
            .contains("m.json"));
        assert!(matches!(
            angles_from_json("{", "x.json", 1),
            Err(Error::Parse { line: 1, .. })
        ));
        assert!(angles_from_json("{}", "x.json", 1).is_err());
        assert!(angles_from_json(r#"{"gammas": ["a"], "betas": [1]}"#, "x.json", 1).is_err());
    }
}
