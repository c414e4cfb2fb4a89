//! A noise model from a device's calibration, in the shapes the SDKs report it, instead of a
//! preset: IBM's backend properties (`backend.properties().to_dict()` saved as JSON: `qubits`
//! with `readout_error`, `gates` with `gate_error`) and IonQ's characterization
//! (`GET /characterizations/backends/{backend}/current`: `fidelity` with `1q`, `2q` and `spam`
//! means). The model is uniform, so the per-qubit figures become their medians (IonQ reports
//! means only); the average gate errors become Pauli rates as for the presets; `rz` is virtual
//! on both (error 0). IBM's per-qubit readout errors are kept beside the median
//! ([`NoiseModel::readout_by_qubit`]) for the readout mitigation of counts whose run names the
//! device qubits it measured.

use super::{pauli_from_average, NoiseModel, MAX_P1, MAX_P2, MAX_READOUT};
use crate::error::{Error, Result};
use serde_json::Value;

/// The model of the calibration document `text` (`source` names the file).
pub fn model(text: &str, source: &str) -> Result<NoiseModel> {
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| Error::malformed(source, format!("line {}: not valid JSON: {e}", e.line())))?;
    if doc.get("gates").is_some() && doc.get("qubits").is_some() {
        ibm(&doc, source)
    } else if doc.get("fidelity").is_some() {
        ionq(&doc, source)
    } else {
        Err(Error::malformed(
            source,
            "not a calibration: IBM backend properties have `qubits` and `gates`, an IonQ characterization has `fidelity`",
        ))
    }
}

fn median(mut v: Vec<f64>) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

/// The value of the parameter `name` in a list of `{name, value}` objects.
fn parameter(list: &Value, name: &str) -> Option<f64> {
    list.as_array()?
        .iter()
        .find(|p| p.get("name").and_then(Value::as_str) == Some(name))?
        .get("value")?
        .as_f64()
}

fn checked(source: &str, what: &str, value: f64, max: f64) -> Result<f64> {
    if value.is_finite() && (0.0..=max).contains(&value) {
        Ok(value)
    } else {
        Err(Error::malformed(
            source,
            format!("{what} {value} is out of range [0, {max}]"),
        ))
    }
}

fn ibm(doc: &Value, source: &str) -> Result<NoiseModel> {
    let gates = doc["gates"].as_array().map(Vec::as_slice).unwrap_or_default();
    let errors_of = |qubits: usize, names: &[&str]| -> Vec<f64> {
        gates
            .iter()
            .filter(|g| {
                g.get("qubits")
                    .and_then(Value::as_array)
                    .is_some_and(|q| q.len() == qubits)
            })
            .filter(|g| {
                g.get("gate")
                    .and_then(Value::as_str)
                    .is_some_and(|n| names.contains(&n))
            })
            .filter_map(|g| parameter(&g["parameters"], "gate_error"))
            // A gate error of 1 marks a broken gate, left out of a typical figure.
            .filter(|&e| e < 1.0)
            .collect()
    };
    check_fields(doc, source)?;
    let one = errors_of(1, &["sx", "x"]);
    let two = errors_of(2, &["cz", "ecr", "cx"]);
    let readout: Vec<f64> = doc["qubits"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|q| {
            // A qubit without readout_error but with both conditional errors: their mean.
            if READOUT_FIELDS.iter().any(|f| parameter(q, f) == Some(1.0)) {
                return None;
            }
            parameter(q, "readout_error")
                .or_else(|| Some((parameter(q, "prob_meas1_prep0")? + parameter(q, "prob_meas0_prep1")?) / 2.0))
        })
        .collect();
    let by_qubit = readout_by_qubit(doc, source)?;
    let missing = |what: &str| Error::malformed(source, format!("no {what} in the backend properties"));
    let (n1, n2, nr) = (one.len(), two.len(), readout.len());
    let e1 = median(one).ok_or_else(|| missing("one-qubit gate_error (sx, x)"))?;
    let e2 = median(two).ok_or_else(|| missing("two-qubit gate_error (cz, ecr, cx)"))?;
    let r = median(readout).ok_or_else(|| {
        let qubits = doc["qubits"].as_array().map_or(0, Vec::len);
        if qubits > 0 && by_qubit.iter().all(Option::is_none) && has_any_readout(doc) {
            Error::malformed(
                source,
                format!(
                    "every one of the {qubits} qubits has a readout error of 1 (IBM's mark of a broken qubit): \
                     no working qubit to take the readout error from"
                ),
            )
        } else {
            missing("qubit readout_error (or prob_meas1_prep0 and prob_meas0_prep1)")
        }
    })?;
    let name = doc
        .get("backend_name")
        .and_then(Value::as_str)
        .unwrap_or("an IBM backend");
    let date = doc
        .get("last_update_date")
        .and_then(Value::as_str)
        .unwrap_or("an unstated date");
    Ok(NoiseModel {
        name: format!("calibration:{source}"),
        p1: checked(source, "the one-qubit Pauli rate", pauli_from_average(e1, 1), MAX_P1)?,
        p_rz: 0.0,
        p2: checked(source, "the two-qubit Pauli rate", pauli_from_average(e2, 2), MAX_P2)?,
        readout: checked(
            source,
            &format!("the median readout error over {nr} qubits (from their readout_error)"),
            r,
            MAX_READOUT,
        )?,
        source: format!(
            "calibration {source}: {name} properties of {date}; medians of the one-qubit gate error \
             ({e1:e} over {n1} sx/x gates), the two-qubit gate error ({e2:e} over {n2} cz/ecr/cx gates) and \
             the readout error ({r:e} over {nr} qubits); rz is virtual (error 0). Pauli rates = 1.5x and \
             1.25x the average gate errors. One uniform model: the per-qubit spread is not modelled \
             by the trajectories; readout mitigation uses each measured qubit's own errors"
        ),
        readout_by_qubit: Some(by_qubit),
    })
}

/// Each device qubit's `[p(1|0), p(0|1)]`: `prob_meas1_prep0` and `prob_meas0_prep1` where the
/// properties have them, else `readout_error` for both; `None` for a qubit with neither or with
/// an error of 1 (IBM's mark of a broken qubit).
fn readout_by_qubit(doc: &Value, source: &str) -> Result<Vec<Option<[f64; 2]>>> {
    let qubits = doc["qubits"].as_array().map(Vec::as_slice).unwrap_or_default();
    qubits
        .iter()
        .enumerate()
        .map(|(q, list)| {
            let pair = match (parameter(list, "prob_meas1_prep0"), parameter(list, "prob_meas0_prep1")) {
                (Some(p10), Some(p01)) => [p10, p01],
                _ => match parameter(list, "readout_error") {
                    Some(r) => [r, r],
                    None => return Ok(None),
                },
            };
            // Any readout field of 1 is IBM's mark of a broken qubit.
            if pair.iter().any(|&p| p >= 1.0) || READOUT_FIELDS.iter().any(|f| parameter(list, f) == Some(1.0)) {
                return Ok(None);
            }
            for p in pair {
                checked(source, &format!("qubit {q}'s readout error"), p, 1.0)?;
            }
            Ok(Some(pair))
        })
        .collect()
}

/// The readout fields of the backend properties, as an IBM qubit lists them.
const READOUT_FIELDS: [&str; 3] = ["readout_error", "prob_meas1_prep0", "prob_meas0_prep1"];

/// Whether any qubit lists a readout field.
fn has_any_readout(doc: &Value) -> bool {
    doc["qubits"].as_array().is_some_and(|qubits| {
        qubits
            .iter()
            .any(|q| READOUT_FIELDS.iter().any(|f| parameter_value(q, f).is_some()))
    })
}

/// The `value` of the parameter `name` in a list of `{name, value}` objects, as written.
fn parameter_value<'a>(list: &'a Value, name: &str) -> Option<&'a Value> {
    list.as_array()?
        .iter()
        .find(|p| p.get("name").and_then(Value::as_str) == Some(name))?
        .get("value")
}

/// Every qubit's readout fields and every gate's `gate_error` a number in [0, 1], as written:
/// the error names the file, the qubit (or gate), the field and its value.
fn check_fields(doc: &Value, source: &str) -> Result<()> {
    let bad = |place: String, field: &str, value: &Value| {
        Error::malformed(
            source,
            format!("{place} has {field} = {value}, not a probability in [0, 1]"),
        )
    };
    let probability = |v: &Value| v.as_f64().is_some_and(|p| (0.0..=1.0).contains(&p));
    for (q, list) in doc["qubits"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        for field in READOUT_FIELDS {
            if let Some(value) = parameter_value(list, field) {
                if !probability(value) {
                    return Err(bad(format!("qubit {q} (qubits[{q}])"), field, value));
                }
            }
        }
    }
    for (g, gate) in doc["gates"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        if let Some(value) = parameter_value(&gate["parameters"], "gate_error") {
            if !probability(value) {
                let name = gate.get("gate").and_then(Value::as_str).unwrap_or("?");
                let qubits = gate.get("qubits").map_or("?".into(), Value::to_string);
                return Err(bad(
                    format!("gate {name} on qubits {qubits} (gates[{g}])"),
                    "gate_error",
                    value,
                ));
            }
        }
    }
    Ok(())
}

fn ionq(doc: &Value, source: &str) -> Result<NoiseModel> {
    let mean = |key: &str| -> Result<f64> {
        doc["fidelity"][key]["mean"]
            .as_f64()
            .ok_or_else(|| Error::malformed(source, format!("no fidelity.{key}.mean in the characterization")))
    };
    let (f1, f2, spam) = (mean("1q")?, mean("2q")?, mean("spam")?);
    for (key, value) in [("1q", f1), ("2q", f2), ("spam", spam)] {
        if !(0.0..=1.0).contains(&value) {
            return Err(Error::malformed(
                source,
                format!(
                    "fidelity.{key}.mean is {}, not a fidelity in [0, 1]",
                    doc["fidelity"][key]["mean"]
                ),
            ));
        }
    }
    let backend = doc.get("backend").and_then(Value::as_str).unwrap_or("an IonQ backend");
    let date = match doc.get("date") {
        Some(Value::Number(n)) => format!("unix time {n}"),
        Some(Value::String(s)) => s.clone(),
        _ => "an unstated date".into(),
    };
    Ok(NoiseModel {
        name: format!("calibration:{source}"),
        p1: checked(
            source,
            "the one-qubit Pauli rate",
            pauli_from_average(1.0 - f1, 1),
            MAX_P1,
        )?,
        p_rz: 0.0,
        p2: checked(
            source,
            "the two-qubit Pauli rate",
            pauli_from_average(1.0 - f2, 2),
            MAX_P2,
        )?,
        readout: checked(
            source,
            &format!(
                "fidelity.spam.mean {} gives a readout error 1 - {spam} =",
                doc["fidelity"]["spam"]["mean"]
            ),
            1.0 - spam,
            MAX_READOUT,
        )?,
        source: format!(
            "calibration {source}: {backend} characterization of {date}; mean fidelities 1q {f1}, 2q {f2}, \
             SPAM {spam} (readout error = 1 - SPAM); rz is virtual (error 0). Pauli rates = 1.5x and 1.25x \
             the average gate errors"
        ),
        readout_by_qubit: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ibm_properties_give_the_medians() {
        let text = r#"{"backend_name": "ibm_test", "last_update_date": "2026-11-20T10:00:00Z",
            "qubits": [[{"name": "readout_error", "value": 0.01}], [{"name": "readout_error", "value": 0.03}],
                       [{"name": "T1", "value": 100}, {"name": "readout_error", "value": 0.02}]],
            "gates": [{"gate": "sx", "qubits": [0], "parameters": [{"name": "gate_error", "value": 2e-4}]},
                      {"gate": "sx", "qubits": [1], "parameters": [{"name": "gate_error", "value": 4e-4}]},
                      {"gate": "sx", "qubits": [2], "parameters": [{"name": "gate_error", "value": 1.0}]},
                      {"gate": "rz", "qubits": [0], "parameters": [{"name": "gate_error", "value": 0}]},
                      {"gate": "cz", "qubits": [0, 1], "parameters": [{"name": "gate_error", "value": 4e-3}]}],
            "general": []}"#;
        let m = model(text, "props.json").unwrap();
        assert!((m.p1 - 1.5 * 3e-4).abs() < 1e-15, "{m:?}");
        assert!((m.p2 - 1.25 * 4e-3).abs() < 1e-15);
        assert_eq!(m.readout.to_bits(), 0.02f64.to_bits());
        assert_eq!(m.p_rz.to_bits(), 0f64.to_bits());
        assert!(
            m.source.contains("ibm_test") && m.source.contains("2026-11-20") && m.source.contains("over 2 sx/x gates")
        );
    }

    #[test]
    fn ibm_properties_keep_each_qubits_readout_errors() {
        let text = r#"{"qubits": [
                [{"name": "prob_meas1_prep0", "value": 0.01}, {"name": "prob_meas0_prep1", "value": 0.03},
                 {"name": "readout_error", "value": 0.02}],
                [{"name": "readout_error", "value": 0.05}],
                [{"name": "readout_error", "value": 1.0}],
                [{"name": "T1", "value": 100}]],
            "gates": [{"gate": "sx", "qubits": [0], "parameters": [{"name": "gate_error", "value": 2e-4}]},
                      {"gate": "cz", "qubits": [0, 1], "parameters": [{"name": "gate_error", "value": 4e-3}]}]}"#;
        let m = model(text, "props.json").unwrap();
        assert_eq!(
            m.readout_by_qubit,
            Some(vec![Some([0.01, 0.03]), Some([0.05, 0.05]), None, None])
        );
        let bad = text.replace("0.03}", "-0.03}");
        let e = model(&bad, "props.json").unwrap_err().to_string();
        assert!(e.contains("qubit 0 (qubits[0]) has prob_meas0_prep1 = -0.03"), "{e}");
        assert_eq!(NoiseModel::preset("heron").unwrap().readout_by_qubit, None);
        // The median over readout_error (qubits 0 and 1; 2 is broken, 3 has none), or each
        // qubit's mean of the two where it has none.
        assert_eq!(m.readout.to_bits(), ((0.02 + 0.05) / 2.0f64).to_bits());
        let only_pairs = r#"{"qubits": [
                [{"name": "prob_meas1_prep0", "value": 0.01}, {"name": "prob_meas0_prep1", "value": 0.03}]],
            "gates": [{"gate": "sx", "qubits": [0], "parameters": [{"name": "gate_error", "value": 2e-4}]},
                      {"gate": "cz", "qubits": [0, 1], "parameters": [{"name": "gate_error", "value": 4e-3}]}]}"#;
        assert_eq!(
            model(only_pairs, "p.json").unwrap().readout.to_bits(),
            0.02f64.to_bits()
        );
    }

    #[test]
    fn ionq_characterization_gives_the_means() {
        let text = r#"{"backend": "qpu.forte-1", "date": 1763600000,
            "fidelity": {"1q": {"mean": 0.9998}, "2q": {"mean": 0.995}, "spam": {"mean": 0.996}}}"#;
        let m = model(text, "forte.json").unwrap();
        assert!((m.p1 - 1.5 * 2e-4).abs() < 1e-12);
        assert!((m.p2 - 1.25 * 5e-3).abs() < 1e-12);
        assert!((m.readout - 4e-3).abs() < 1e-12);
        assert!(m.source.contains("qpu.forte-1"));
    }

    #[test]
    fn a_document_without_the_figures_is_refused_by_name() {
        for (text, says) in [
            (r#"{"a": 1}"#, "not a calibration"),
            (r#"{"qubits": [], "gates": []}"#, "no one-qubit gate_error"),
            (r#"{"fidelity": {"1q": {"mean": 0.99}}}"#, "no fidelity.2q.mean"),
            (
                r#"{"fidelity": {"1q": {"mean": 0.99}, "2q": {"mean": 0.9}, "spam": {"mean": 0.2}}}"#,
                "readout error",
            ),
        ] {
            let e = model(text, "c.json").unwrap_err().to_string();
            assert!(e.contains(says) && e.starts_with("c.json"), "{e}");
        }
    }

    /// Issue 79 item 16: a bad figure is named as written, with its field, file and qubit, not
    /// through a number derived from it.
    #[test]
    fn bad_figures_are_named_as_written() {
        let ibm = |qubit: &str| {
            format!(
                r#"{{"qubits": [[{{"name": "readout_error", "value": 0.02}}], {qubit}],
                "gates": [{{"gate": "sx", "qubits": [0], "parameters": [{{"name": "gate_error", "value": 2e-4}}]}},
                          {{"gate": "cz", "qubits": [0, 1], "parameters": [{{"name": "gate_error", "value": 4e-3}}]}}]}}"#
            )
        };
        let refused = |text: &str| model(text, "cal.json").unwrap_err().to_string();
        let e = refused(&ibm(
            r#"[{"name": "prob_meas1_prep0", "value": 1.2}, {"name": "prob_meas0_prep1", "value": 0.03}]"#,
        ));
        assert!(
            e.starts_with("cal.json") && e.contains("qubit 1 (qubits[1]) has prob_meas1_prep0 = 1.2"),
            "{e}"
        );
        assert!(!e.contains("0.615"), "{e}");
        let e = refused(&ibm(r#"[{"name": "readout_error", "value": "0.01"}]"#));
        assert!(e.contains(r#"qubit 1 (qubits[1]) has readout_error = "0.01""#), "{e}");
        let e = refused(&ibm(r#"[{"name": "readout_error", "value": -0.5}]"#));
        assert!(e.contains("readout_error = -0.5"), "{e}");
        let e = refused(&ibm("[]").replace("4e-3", "1.5"));
        assert!(
            e.contains("gate cz on qubits [0,1] (gates[1]) has gate_error = 1.5"),
            "{e}"
        );
        // Every qubit broken: said so, not "no qubit readout_error".
        let broken = ibm(r#"[{"name": "readout_error", "value": 1.0}]"#).replace("0.02", "1.0");
        let e = refused(&broken);
        assert!(e.contains("every one of the 2 qubits has a readout error of 1"), "{e}");
        // A pair with a 1 in it marks the qubit broken: left out of the median too.
        let m = model(
            &ibm(r#"[{"name": "prob_meas1_prep0", "value": 1.0}, {"name": "prob_meas0_prep1", "value": 0.5}]"#),
            "cal.json",
        )
        .unwrap();
        assert_eq!(m.readout.to_bits(), 0.02f64.to_bits());
        assert_eq!(m.readout_by_qubit, Some(vec![Some([0.02, 0.02]), None]));

        let ionq = |spam: &str| {
            format!(
                r#"{{"fidelity": {{"1q": {{"mean": 0.9998}}, "2q": {{"mean": 0.995}}, "spam": {{"mean": {spam}}}}}}}"#
            )
        };
        let e = refused(&ionq("1.5"));
        assert!(
            e.starts_with("cal.json") && e.contains("fidelity.spam.mean is 1.5, not a fidelity"),
            "{e}"
        );
        assert!(!e.contains("-0.5"), "{e}");
        let e = refused(&ionq("0.2"));
        assert!(
            e.contains("fidelity.spam.mean 0.2 gives a readout error 1 - 0.2 = 0.8"),
            "{e}"
        );
    }
}
