//! Calibration files through the reader (issue 79): IBM backend properties and IonQ
//! characterizations, mutated (a figure replaced by a hostile value — out of [0, 1], 1 exactly,
//! non-finite spellings, a string, null, a list —, a field or qubit removed, the text cut or a
//! byte changed) and read in-process. Each must end in a model whose figures are in range or
//! in an error that names the file; never a panic. Same seed, same inputs.

use quzzle::noise::calibration::model;
use quzzle::noise::MAX_READOUT;
use quzzle::rng::seeded;
use rand::Rng;
use serde_json::{json, Value};
use std::time::Instant;

/// What the calibration rounds found.
pub struct Found {
    pub rounds: usize,
    pub refused: usize,
    pub seconds: f64,
    pub panics: Vec<String>,
    pub wrong: Vec<String>,
}

fn ibm(qubits: usize) -> Value {
    let qubit_list: Vec<Value> = (0..qubits)
        .map(|q| {
            let (p10, p01) = (0.005 + 0.001 * q as f64, 0.01 + 0.002 * q as f64);
            json!([
                {"name": "T1", "value": 100.0},
                {"name": "prob_meas1_prep0", "value": p10},
                {"name": "prob_meas0_prep1", "value": p01},
                {"name": "readout_error", "value": (p10 + p01) / 2.0}
            ])
        })
        .collect();
    let mut gates: Vec<Value> = (0..qubits)
        .map(|q| json!({"gate": "sx", "qubits": [q], "parameters": [{"name": "gate_error", "value": 2e-4}]}))
        .collect();
    gates.extend(
        (1..qubits).map(
            |q| json!({"gate": "cz", "qubits": [q - 1, q], "parameters": [{"name": "gate_error", "value": 4e-3}]}),
        ),
    );
    json!({"backend_name": "ibm_fuzz", "last_update_date": "2026-11-20T10:00:00Z", "qubits": qubit_list, "gates": gates})
}

fn ionq() -> Value {
    json!({"backend": "qpu.fuzz", "date": 1763600000,
        "fidelity": {"1q": {"mean": 0.9998}, "2q": {"mean": 0.995}, "spam": {"mean": 0.996}}})
}

/// A hostile replacement for a figure.
fn hostile(rng: &mut impl Rng) -> Value {
    match rng.random_range(0..12) {
        0 => json!(-0.5),
        1 => json!(1.0),
        2 => json!(1.2),
        3 => json!(1e308),
        4 => json!(-1e-300),
        5 => json!("0.01"),
        6 => Value::Null,
        7 => json!([0.01]),
        8 => json!({"value": 0.01}),
        9 => json!(true),
        10 => json!(0.0),
        _ => json!(0.49),
    }
}

/// Every leaf path of `v` (object keys and list indices).
fn leaves(v: &Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                at.push(k.clone());
                leaves(x, at, out);
                at.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                at.push(i.to_string());
                leaves(x, at, out);
                at.pop();
            }
        }
        _ => out.push(at.clone()),
    }
}

fn at_path<'a>(v: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, k| match v {
        Value::Object(m) => m.get_mut(k),
        Value::Array(a) => a.get_mut(k.parse::<usize>().ok()?),
        _ => None,
    })
}

/// One mutated calibration text.
fn mutate(rng: &mut impl Rng) -> String {
    let mut doc = if rng.random_bool(0.6) {
        ibm(rng.random_range(1..12))
    } else {
        ionq()
    };
    for _ in 0..rng.random_range(1..4) {
        let mut paths = Vec::new();
        leaves(&doc, &mut Vec::new(), &mut paths);
        if paths.is_empty() {
            break;
        }
        let path = paths[rng.random_range(0..paths.len())].clone();
        match rng.random_range(0..4) {
            // Remove the leaf's parent entry (a field, a parameter, a qubit).
            0 if path.len() > 1 => {
                let (last, parent) = path.split_last().expect("a path");
                if let Some(p) = at_path(&mut doc, parent) {
                    match p {
                        Value::Object(m) => {
                            m.remove(last);
                        }
                        Value::Array(a) => {
                            if let Ok(i) = last.parse::<usize>() {
                                if i < a.len() {
                                    a.remove(i);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            // Every qubit's readout figures set to one hostile value.
            1 => {
                let value = hostile(rng);
                for p in &paths {
                    if p.last().map(String::as_str) == Some("value") && p.first().map(String::as_str) == Some("qubits")
                    {
                        if let Some(v) = at_path(&mut doc, p) {
                            *v = value.clone();
                        }
                    }
                }
            }
            _ => {
                if let Some(v) = at_path(&mut doc, &path) {
                    *v = hostile(rng);
                }
            }
        }
    }
    let mut text = doc.to_string();
    match rng.random_range(0..10) {
        0 => text.truncate(rng.random_range(0..text.len().max(1))),
        1 => text = text.replacen("0.0", "NaN", 1),
        2 => text = text.replacen("0.0", "1e999", 1),
        3 if !text.is_empty() => {
            let i = rng.random_range(0..text.len());
            if text.is_char_boundary(i) && text.is_char_boundary(i + 1) {
                text.replace_range(i..i + 1, "\u{0}");
            }
        }
        _ => {}
    }
    text
}

/// `rounds` mutated calibration files through [`model`].
pub fn run(seed: u64, rounds: usize) -> Found {
    let mut rng = seeded(seed ^ 0xca1_1b7a7e);
    let began = Instant::now();
    let (mut panics, mut wrong, mut refused) = (Vec::new(), Vec::new(), 0);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for round in 0..rounds {
        let text = mutate(&mut rng);
        match std::panic::catch_unwind(|| model(&text, "cal.json")) {
            Err(_) => panics.push(format!("round {round}: panicked on {}", clip(&text))),
            Ok(Err(e)) => {
                refused += 1;
                if !e.to_string().starts_with("cal.json") {
                    wrong.push(format!("round {round}: the error names no file: {e}"));
                }
            }
            Ok(Ok(m)) => {
                let probability = |p: f64| p.is_finite() && (0.0..=1.0).contains(&p);
                let by_qubit_ok = m
                    .readout_by_qubit
                    .iter()
                    .flatten()
                    .flatten()
                    .all(|pair| pair.iter().all(|&p| probability(p) && p < 1.0));
                if !(probability(m.p1) && probability(m.p2) && (0.0..=MAX_READOUT).contains(&m.readout) && by_qubit_ok)
                {
                    wrong.push(format!(
                        "round {round}: a model out of range {m:?} from {}",
                        clip(&text)
                    ));
                }
            }
        }
    }
    std::panic::set_hook(hook);
    Found {
        rounds,
        refused,
        seconds: began.elapsed().as_secs_f64(),
        panics,
        wrong,
    }
}

fn clip(text: &str) -> String {
    text.chars().take(300).collect()
}
