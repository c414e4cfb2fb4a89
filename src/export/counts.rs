//! Measurement counts in the shapes IBM and IonQ return, and quzzle's own, written by
//! `quzzle sample` and read back by `quzzle score`. Every shape is keyed by a basis state whose
//! bits are ordered differently:
//!
//! - `qiskit`: `{"0101110": 12, ...}`, Qiskit's `get_counts()`: qubit 0 rightmost;
//! - `sampler`: `{"c": {"0101110": 12, ...}}`, one entry per classical register of a SamplerV2
//!   result (`{name: getattr(res.data, name).get_counts() for name in res.data}`), each
//!   qubit 0 rightmost; the circuits quzzle exports have the one register `c`;
//! - `ionq`: `{"46": 0.012, ...}`, IonQ's `probabilities.json.v1` (or `histogram.json.v1`,
//!   counts instead of probabilities): decimal-integer keys, qubit 0 the least significant bit;
//! - `quzzle`: `{"format": "quzzle-counts", "qubits": n, "shots": K, "counts": {"0111010": 12}}`,
//!   qubit 0 first, as in manifests.
//!
//! Bitstring keys alone do not say their order (a Qiskit key and a quzzle key of the same
//! state are both n characters), so `auto` takes only shapes that say what they are: the
//! marker field, a nested register object, or decimal keys that are not all n-bit strings.

use crate::bits::BasisState;
use crate::bits::CountMap;
use crate::error::{clip_quote, CountsProblem, Error, Result};
use crate::names::value_enum;
use serde_json::{Map, Value};
use std::fmt;

/// The marker field value of quzzle's own counts file.
pub const QUZZLE_COUNTS_MARKER: &str = "quzzle-counts";

/// A counts format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountsFormat {
    /// Qiskit `get_counts()`: bitstrings, qubit 0 rightmost.
    Qiskit,
    /// SamplerV2 per-register counts: `{"c": {bitstring: count}}`, qubit 0 rightmost.
    Sampler,
    /// IonQ results: decimal-integer keys, qubit 0 least significant; probabilities or counts.
    Ionq,
    /// quzzle's own: bitstrings, qubit 0 first.
    Quzzle,
}

value_enum!(CountsFormat);

impl CountsFormat {
    /// Every format.
    pub const ALL: [CountsFormat; 4] = [
        CountsFormat::Qiskit,
        CountsFormat::Sampler,
        CountsFormat::Ionq,
        CountsFormat::Quzzle,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            CountsFormat::Qiskit => "qiskit",
            CountsFormat::Sampler => "sampler",
            CountsFormat::Ionq => "ionq",
            CountsFormat::Quzzle => "quzzle",
        }
    }
}

impl fmt::Display for CountsFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Counts read from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Counts {
    /// The format they were read as.
    pub format: CountsFormat,
    /// Shots per full-space basis index (bit q = qubit q).
    pub counts: CountMap,
    /// Total shots.
    pub shots: u64,
    /// Remarks (probabilities turned into counts, ...).
    pub notes: Vec<String>,
    /// How they were measured, where the file says (quzzle's format, as the submission
    /// scripts write it).
    pub run: Option<RunRecord>,
    /// The file they were read from, for messages.
    pub source: String,
}

/// The `run` record of a counts file written by the submission scripts (docs/hardware/):
/// where and when the shots were taken, and for which manifest.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunRecord {
    /// `ibm`, `ionq` or `aer`.
    pub provider: Option<String>,
    /// The device or simulator.
    pub backend: Option<String>,
    /// The provider's job id.
    pub job_id: Option<String>,
    /// The noise model of a simulator run.
    pub noise: Option<String>,
    /// The simulator's seed.
    pub seed: Option<u64>,
    /// The shots asked for.
    pub shots_asked: Option<u64>,
    /// When the counts were written (UTC, ISO 8601).
    pub date: Option<String>,
    /// The manifest's file.
    pub manifest: Option<String>,
    /// The digest of the manifest whose circuit ran: `score` refuses counts of another one.
    pub manifest_digest: Option<String>,
    /// The device qubit measured into each bit, bit 0 first (the transpiled circuit's
    /// layout): readout mitigation with a calibration corrects each bit with its qubit's errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured_qubits: Option<Vec<usize>>,
    /// IonQ: whether the results are the sharpened ones (plurality vote over the debiased
    /// variants) rather than the averaged ones. `score` refuses sharpened results: they
    /// reshape the distribution P(valid) is read from (docs/qasm.md, "IonQ").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sharpen: Option<bool>,
}

/// A usage error about `source`; quoted input in `msg` is cut (a 100 MB key is not echoed).
fn bad(source: &str, msg: impl fmt::Display) -> Error {
    Error::malformed(source, msg)
}

/// An unclear counts file `source`.
fn unclear(source: &str, problem: CountsProblem) -> Error {
    Error::Counts {
        file: source.to_string(),
        problem,
    }
}

/// The sum of `counts`, or an error when it does not fit in 64 bits.
fn total_shots<'a>(counts: impl IntoIterator<Item = &'a u64>, source: &str) -> Result<u64> {
    counts
        .into_iter()
        .try_fold(0u64, |total, &c| total.checked_add(c))
        .ok_or_else(|| bad(source, format!("the counts add up to more than {} shots", u64::MAX)))
}

/// `counts` as text in `format` (a JSON document with a final newline). `seed` is recorded in
/// quzzle's own format.
pub fn write_counts(counts: &CountMap, qubits: usize, format: CountsFormat, seed: u64) -> String {
    // Counts quzzle drew itself: their total is the shot count asked for, a u64.
    let shots: u64 = counts.values().fold(0u64, |t, &c| t.saturating_add(c));
    let bitstrings = |reverse: bool| -> Map<String, Value> {
        counts
            .iter()
            .map(|(k, &c)| {
                let mut s: Vec<char> = k.to_bitstring(qubits).chars().collect();
                if reverse {
                    s.reverse();
                }
                (s.into_iter().collect(), Value::from(c))
            })
            .collect()
    };
    let doc = match format {
        CountsFormat::Qiskit => Value::Object(bitstrings(true)),
        CountsFormat::Sampler => {
            let mut m = Map::new();
            m.insert("c".into(), Value::Object(bitstrings(true)));
            Value::Object(m)
        }
        CountsFormat::Ionq => Value::Object(
            counts
                .iter()
                .map(|(k, &c)| (k.to_decimal(), Value::from(c as f64 / shots as f64)))
                .collect(),
        ),
        CountsFormat::Quzzle => serde_json::json!({
            "format": QUZZLE_COUNTS_MARKER,
            "version": env!("CARGO_PKG_VERSION"),
            "qubits": qubits,
            "shots": shots,
            "seed": seed,
            "bit_order": "qubit 0 first (character i is q[i])",
            "counts": Value::Object(bitstrings(false)),
        }),
    };
    serde_json::to_string_pretty(&doc).expect("counts serialise") + "\n"
}

/// Distinct bitstrings a counts file is allowed at least: a million, beyond what a device
/// returns for one circuit (more where the shots given are more).
const UNKNOWN_SHOTS_DISTINCT: u64 = 1 << 20;

/// The largest counts file read for a circuit of `qubits` qubits and `shots` shots (when
/// known): one entry per distinct bitstring (at most 2^qubits, at most the shots), each the
/// key and a count or probability with their quotes, punctuation and indent (`qubits` + 96
/// bytes), and 1 MiB for the rest (the `run` record, whitespace).
pub fn counts_size_limit(qubits: usize, shots: Option<u64>) -> u64 {
    let states = if qubits >= 63 { u64::MAX } else { 1u64 << qubits };
    // Shots only raise the allowance: exact probabilities (IonQ's ideal simulator) list
    // states no shot drew.
    let distinct = states.min(shots.unwrap_or(0).max(UNKNOWN_SHOTS_DISTINCT));
    distinct.saturating_mul(qubits as u64 + 96).saturating_add(1 << 20)
}

/// The text of the counts file `path` of a circuit of `qubits` qubits: a regular file (a link
/// is followed; a device, FIFO or folder is refused before anything is read) of at most
/// [`counts_size_limit`] bytes, so that a link to `/dev/zero` or a runaway file is named, not
/// read until memory runs out.
pub fn read_counts_file(path: &std::path::Path, qubits: usize, shots: Option<u64>) -> Result<String> {
    use std::io::Read;
    let rerr = |source| Error::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(rerr)?;
    let meta = file.metadata().map_err(rerr)?;
    if !meta.is_file() {
        return Err(Error::WrongKind {
            what: "counts file".into(),
            path: path.to_path_buf(),
            kind: if meta.is_dir() {
                "a folder"
            } else {
                "a device, FIFO or socket"
            },
            expected: "a regular file",
            note: "; counts are read from a file the submission scripts or `quzzle sample` wrote",
        });
    }
    let limit = counts_size_limit(qubits, shots);
    let too_large = |size: u64| {
        bad(
            &path.display().to_string(),
            format!(
                "{size} bytes, more than the {limit} a counts file of {qubits} qubits holds{}: not counts of this circuit",
                shots.map_or(String::new(), |s| format!(" at {s} shots"))
            ),
        )
    };
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    // A file that grows while it is read is cut at the limit and refused.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(rerr)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| {
        bad(
            &path.display().to_string(),
            format!(
                "not UTF-8 text (byte {} is not): a counts file is JSON",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Whether `key` is `qubits` characters of `0`/`1`.
fn is_bitstring(key: &str, qubits: usize) -> bool {
    key.len() == qubits && key.bytes().all(|b| b == b'0' || b == b'1')
}

/// Whether `key` is a plain decimal integer.
fn is_decimal(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `key` is written as IonQ writes its integers: decimal, no leading zero.
fn is_ionq_key(key: &str) -> bool {
    is_decimal(key) && (key == "0" || !key.starts_with('0'))
}

/// Read counts from `text` (`source` names the file in messages) for a circuit of `qubits`
/// qubits. `format` `None` is `auto`: only shapes that say their bit order are taken. `shots`
/// is needed for IonQ probabilities and checked against every other shape.
pub fn read_counts(
    text: &str,
    source: &str,
    qubits: usize,
    format: Option<CountsFormat>,
    shots: Option<u64>,
) -> Result<Counts> {
    let doc = super::json::parse_unique(text, source)?;
    let Value::Object(obj) = &doc else {
        return Err(bad(source, "expected a JSON object of counts"));
    };
    if obj.is_empty() {
        return Err(bad(source, "no counts (an empty object)"));
    }
    let marked = obj.get("format").and_then(Value::as_str) == Some(QUZZLE_COUNTS_MARKER);
    let nested = obj.values().all(Value::is_object);
    let format = match format {
        Some(f) => f,
        None if marked => CountsFormat::Quzzle,
        None if nested => CountsFormat::Sampler,
        None => format_of_keys(obj, source, qubits)?,
    };
    let mut notes = Vec::new();
    let mut run = None;
    let counts = match format {
        CountsFormat::Qiskit => bitstring_counts(obj, source, qubits, true)?,
        CountsFormat::Sampler => sampler_counts(obj, source, qubits, nested)?,
        CountsFormat::Quzzle => {
            let (counts, recorded) = quzzle_counts(obj, source, qubits, marked)?;
            run = recorded;
            counts
        }
        CountsFormat::Ionq => {
            let (counts, note) = ionq_counts(obj, source, qubits, shots)?;
            notes.extend(note);
            counts
        }
    };
    let total = total_shots(counts.values(), source)?;
    if total == 0 {
        return Err(bad(source, "every count is 0: no shots"));
    }
    if let Some(s) = shots {
        if s != total && format != CountsFormat::Ionq {
            return Err(unclear(source, CountsProblem::ShotsDiffer { total, given: s }));
        }
    }
    Ok(Counts {
        format,
        counts,
        shots: total,
        notes,
        run,
        source: source.to_string(),
    })
}

/// The format `auto` takes a flat object of counts for, from its keys: IonQ's decimal
/// states; bitstrings, whose bit order is unknown, and other keys are refused.
fn format_of_keys(obj: &Map<String, Value>, source: &str, qubits: usize) -> Result<CountsFormat> {
    let all_bits = obj.keys().all(|k| is_bitstring(k, qubits));
    let all_decimal = obj.keys().all(|k| is_ionq_key(k));
    if all_decimal && !all_bits {
        Ok(CountsFormat::Ionq)
    } else if all_bits {
        Err(unclear(
            source,
            CountsProblem::BitOrderUnknown {
                qubits,
                maybe_ionq: all_decimal,
            },
        ))
    } else {
        let key = obj
            .keys()
            .find(|k| !is_bitstring(k, qubits) && !is_ionq_key(k))
            .or_else(|| obj.keys().find(|k| !is_bitstring(k, qubits)))
            .expect("some key is neither");
        Err(unclear(
            source,
            CountsProblem::KeysUnknown {
                key: clip_quote(key),
                qubits,
            },
        ))
    }
}

/// The counts of a SamplerV2 result (`nested`: every value is an object), in its one
/// register.
fn sampler_counts(obj: &Map<String, Value>, source: &str, qubits: usize, nested: bool) -> Result<CountMap> {
    let registers: Vec<&String> = obj.keys().collect();
    let (name, inner) =
        match obj.iter().next() {
            Some((name, Value::Object(inner))) if obj.len() == 1 => (name, inner),
            _ if !nested => return Err(bad(
                source,
                "a SamplerV2 result is {\"<register>\": {bitstring: count}}; this file has values that are not objects",
            )),
            _ => {
                return Err(bad(
                    source,
                    format!(
                        "{} classical registers ({}); quzzle's circuits measure into the one register `c`",
                        registers.len(),
                        registers
                            .iter()
                            .map(|r| format!("`{r}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ))
            }
        };
    if inner.is_empty() {
        return Err(bad(source, format!("register `{name}` has no counts")));
    }
    bitstring_counts(inner, &format!("{source} (register `{name}`)"), qubits, true)
}

/// The counts of a quzzle counts file, and how they were measured where it says: `marked`
/// (it names its format), its qubits, bit order and shots are checked; else `obj` is the
/// counts themselves, qubit 0 first.
fn quzzle_counts(
    obj: &Map<String, Value>,
    source: &str,
    qubits: usize,
    marked: bool,
) -> Result<(CountMap, Option<RunRecord>)> {
    let mut run = None;
    let counts = if marked {
        if let Some(q) = obj.get("qubits") {
            if q.as_u64() != Some(qubits as u64) {
                return Err(bad(
                    source,
                    match q.as_u64() {
                        Some(q) => format!("written for {q} qubits, the manifest's circuit has {qubits}"),
                        None => format!("`qubits` is `{q}`, not a count of qubits"),
                    },
                ));
            }
        }
        if let Some(r) = obj.get("run").filter(|r| !r.is_null()) {
            run = Some(serde_json::from_value::<RunRecord>(r.clone()).map_err(|e| {
                bad(
                    source,
                    format!("`run` is not a record of how the counts were measured: {e}"),
                )
            })?);
        }
        match obj.get("counts") {
            Some(Value::Object(inner)) if !inner.is_empty() => inner,
            _ => return Err(bad(source, "a quzzle counts file needs a non-empty `counts` object")),
        }
    } else {
        obj
    };
    let reversed = if marked { bit_order(obj, source)? } else { false };
    let parsed = bitstring_counts(counts, source, qubits, reversed)?;
    if let Some(recorded) = obj.get("shots").filter(|_| marked) {
        let total = total_shots(parsed.values(), source)?;
        if recorded.as_u64() != Some(total) {
            return Err(bad(
                source,
                format!("`shots` says `{recorded}` but the counts add up to {total}"),
            ));
        }
    }
    Ok((parsed, run))
}

/// Whether the keys of a quzzle counts file are reversed (qubit 0 rightmost), as its
/// `bit_order` says: absent or `qubit 0 first ...` (what quzzle and the submission scripts
/// write) reads character i as q[i]; `qubit 0 last ...` or `qubit 0 rightmost ...` reverses
/// the keys; any other value is refused rather than guessed.
fn bit_order(obj: &Map<String, Value>, source: &str) -> Result<bool> {
    let Some(order) = obj.get("bit_order").filter(|v| !v.is_null()) else {
        return Ok(false);
    };
    let text = order.as_str().unwrap_or_default().trim().to_ascii_lowercase();
    if text.starts_with("qubit 0 first") || text.starts_with("qubit 0 leftmost") {
        Ok(false)
    } else if text.starts_with("qubit 0 last") || text.starts_with("qubit 0 rightmost") {
        Ok(true)
    } else {
        Err(bad(
            source,
            format!(
                "`bit_order` is {}, which quzzle does not read: write `qubit 0 first` (character i is q[i], as quzzle writes) or `qubit 0 last` (Qiskit's keys)",
                clip_quote(&order.to_string())
            ),
        ))
    }
}

/// Bitstring keys (qubit 0 rightmost when `reversed`) with whole-number counts.
fn bitstring_counts(obj: &Map<String, Value>, source: &str, qubits: usize, reversed: bool) -> Result<CountMap> {
    let mut out = CountMap::new();
    for (key, value) in obj {
        let state = BasisState::from_bitstring(key, reversed)
            .filter(|_| key.len() == qubits)
            .ok_or_else(|| {
                bad(
                    source,
                    format!(
                        "key `{key}` is not a bitstring of {qubits} bits (0 and 1 only): the manifest's circuit has {qubits} qubits"
                    ),
                )
            })?;
        let count = value
            .as_u64()
            .ok_or_else(|| bad(source, format!("the count of `{key}` is `{value}`, not a whole number")))?;
        out.insert(state, count);
    }
    // The total is checked once, by the caller: here only that it fits.
    total_shots(out.values(), source)?;
    Ok(out)
}

/// IonQ's decimal-integer keys with counts (`histogram.json.v1`) or probabilities
/// (`probabilities.json.v1`, which needs the shot count).
fn ionq_counts(
    obj: &Map<String, Value>,
    source: &str,
    qubits: usize,
    shots: Option<u64>,
) -> Result<(CountMap, Option<String>)> {
    let mut entries = Vec::with_capacity(obj.len());
    // Keys are distinct strings (the parser refuses a repeated one), but `46` and `046` are the
    // same integer: one would silently replace the other.
    let mut first_key: std::collections::BTreeMap<BasisState, &str> = std::collections::BTreeMap::new();
    for (key, value) in obj {
        // A Qiskit or quzzle key read as IonQ's: IonQ writes no leading zeros.
        let looks_like_bits = key.len() == qubits && key.len() > 1 && is_bitstring(key, qubits);
        let not_ionq = |why: String| {
            unclear(
                source,
                CountsProblem::NotIonqKey {
                    key: clip_quote(key),
                    why,
                    bits: looks_like_bits.then_some(qubits),
                },
            )
        };
        let k = match BasisState::from_decimal(key, qubits) {
            None => return Err(not_ionq("is not a decimal integer (IonQ keys are)".into())),
            Some(Err(_)) => {
                return Err(not_ionq(format!(
                    "needs more than {qubits} bits: the manifest's circuit has {qubits} qubits"
                )))
            }
            Some(Ok(_)) if looks_like_bits && key.starts_with('0') => {
                return Err(not_ionq(
                    "has a leading zero, which IonQ's decimal keys never have".into(),
                ))
            }
            Some(Ok(k)) => k,
        };
        if let Some(earlier) = first_key.insert(k.clone(), key) {
            return Err(bad(
                source,
                format!(
                    "keys `{}` and `{}` are the same integer ({}): a state's shots must be given once",
                    clip_quote(earlier),
                    clip_quote(key),
                    k.to_decimal()
                ),
            ));
        }
        let v = value.as_f64().filter(|v| v.is_finite() && *v >= 0.0).ok_or_else(|| {
            bad(
                source,
                format!("the value of `{key}` is `{value}`, not a probability or count"),
            )
        })?;
        entries.push((k, v, value.as_u64()));
    }
    let total: f64 = entries.iter().map(|e| e.1).sum();
    let whole = entries.iter().all(|e| e.2.is_some());
    let mut out = CountMap::new();
    if whole && total > 1.0 + 1e-9 {
        // A histogram of counts.
        for (k, _, c) in entries {
            out.insert(k, c.unwrap_or(0));
        }
        let sum = total_shots(out.values(), source)?;
        if let Some(s) = shots.filter(|&s| s != sum) {
            return Err(unclear(source, CountsProblem::ShotsDiffer { total: sum, given: s }));
        }
        return Ok((out, None));
    }
    if (total - 1.0).abs() > 1e-6 {
        return Err(bad(
            source,
            format!("the values add up to {total}: IonQ probabilities add up to 1 (and a histogram has whole counts)"),
        ));
    }
    let Some(shots) = shots else {
        return Err(unclear(source, CountsProblem::ShotsNeeded));
    };
    for (k, p, _) in entries {
        // Saturates for an absurd shot count; the sum below is checked.
        let c = (p * shots as f64).round() as u64;
        if c > 0 {
            out.insert(k, c);
        }
    }
    let sum = total_shots(out.values(), source)?;
    let note = (sum != shots).then(|| {
        format!("probabilities × {shots} shots rounded to whole counts add up to {sum} (exact probabilities, as IonQ's ideal simulator returns, are not whole counts)")
    });
    Ok((out, note))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(entries: &[(u64, u64)]) -> CountMap {
        entries.iter().map(|&(k, c)| (BasisState::from_index(k), c)).collect()
    }

    fn sample() -> CountMap {
        // q0 = 1, q1 = 0, q2 = 0 (index 1) and q0 = 0, q1 = 1, q2 = 1 (index 6).
        map(&[(1, 30), (6, 10)])
    }

    fn with_ones(qubits: &[usize]) -> BasisState {
        let mut s = BasisState::zero();
        for &q in qubits {
            s.set(q);
        }
        s
    }

    #[test]
    fn wide_circuits_in_every_format() {
        for n in [63usize, 64, 65, 81, 128, 222] {
            // The top qubit alone, the top with qubit 0, and qubit n - 65 alone: a 64-bit key
            // folds qubit n - 1 onto qubit n - 65.
            let top = with_ones(&[n - 1]);
            let low = with_ones(&[n.saturating_sub(65)]);
            let counts: CountMap = [(top.clone(), 3), (with_ones(&[0, n - 1]), 5), (low.clone(), 7)]
                .into_iter()
                .collect();
            assert_eq!(counts.len(), 3);
            for format in [
                CountsFormat::Qiskit,
                CountsFormat::Sampler,
                CountsFormat::Ionq,
                CountsFormat::Quzzle,
            ] {
                let text = write_counts(&counts, n, format, 1);
                let read = read_counts(&text, "c.json", n, Some(format), Some(15)).unwrap();
                assert_eq!(read.counts, counts, "{format} at {n} qubits");
                assert_eq!(read.shots, 15);
            }
            // Keys written by hand: Qiskit puts qubit n - 1 first, quzzle last.
            let qiskit_key = format!("1{}", "0".repeat(n - 1));
            let read = read_counts(
                &format!(r#"{{"{qiskit_key}": 4}}"#),
                "c.json",
                n,
                Some(CountsFormat::Qiskit),
                None,
            )
            .unwrap();
            assert_eq!(read.counts, [(top.clone(), 4)].into_iter().collect());
            let read = read_counts(
                &format!(r#"{{"{}": 4}}"#, qiskit_key.chars().rev().collect::<String>()),
                "c.json",
                n,
                Some(CountsFormat::Quzzle),
                None,
            )
            .unwrap();
            assert_eq!(read.counts, [(top.clone(), 4)].into_iter().collect());
            // IonQ: 2^(n-1) in decimal is qubit n - 1; 2^n needs one qubit more.
            let read = read_counts(&format!(r#"{{"{}": 4}}"#, top.to_decimal()), "c.json", n, None, None).unwrap();
            assert_eq!(read.counts, [(top.clone(), 4)].into_iter().collect());
            let e = read_counts(
                &format!(r#"{{"{}": 4}}"#, with_ones(&[n]).to_decimal()),
                "c.json",
                n,
                Some(CountsFormat::Ionq),
                None,
            )
            .unwrap_err()
            .to_string();
            assert!(e.contains(&format!("more than {n} bits")), "{e}");
        }
    }

    #[test]
    fn ionq_keys_of_the_same_integer_are_refused() {
        // `046` read as IonQ's 46 must not replace the 100 shots of `46`.
        for text in [
            r#"{"46": 100, "046": 25}"#,
            r#"{"046": 25, "46": 100}"#,
            r#"{"1": 0.5, "01": 0.5}"#,
        ] {
            let e = read_counts(text, "c.json", 7, Some(CountsFormat::Ionq), Some(125)).unwrap_err();
            assert!(e.is_usage(), "{text}");
            assert!(e.to_string().contains("are the same integer"), "{text}: {e}");
            // `auto` does not take a leading zero as IonQ's at all.
            assert!(
                read_counts(text, "c.json", 7, None, Some(125)).unwrap_err().is_usage(),
                "{text}"
            );
        }
        // Distinct integers with a leading zero on a key that is not a bitstring still read.
        let read = read_counts(r#"{"46": 100, "045": 25}"#, "c.json", 7, Some(CountsFormat::Ionq), None).unwrap();
        assert_eq!(read.shots, 125);
    }

    #[test]
    fn totals_that_overflow_and_repeated_keys_are_refused() {
        let max = u64::MAX;
        for (text, format) in [
            (format!(r#"{{"000": {max}, "001": 1}}"#), CountsFormat::Qiskit),
            (format!(r#"{{"c": {{"000": {max}, "001": 1}}}}"#), CountsFormat::Sampler),
            (format!(r#"{{"0": {max}, "1": 1}}"#), CountsFormat::Ionq),
            (
                format!(r#"{{"format": "quzzle-counts", "counts": {{"000": {max}, "100": 1}}}}"#),
                CountsFormat::Quzzle,
            ),
        ] {
            let e = read_counts(&text, "c.json", 3, Some(format), None).unwrap_err();
            assert!(e.is_usage());
            assert!(e.to_string().contains("add up to more than"), "{format}: {e}");
        }
        for (text, key) in [
            (r#"{"001": 1, "001": 2}"#, "`001`"),
            (r#"{"c": {"001": 1, "001": 2}}"#, "`001`"),
            (r#"{"1": 1, "1": 2}"#, "`1`"),
        ] {
            let e = refused(text, 3, CountsFormat::Qiskit);
            assert!(e.contains(key) && e.contains("twice"), "{e}");
        }
    }

    /// The message refusing `text` read as `format` counts of `n` qubits.
    fn refused(text: &str, n: usize, format: CountsFormat) -> String {
        read_counts(text, "c.json", n, Some(format), None)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn echoed_input_is_cut_and_bitstrings_read_as_ionq_are_named() {
        let key = "x".repeat(10_000_000);
        let e = refused(&format!(r#"{{"{key}": 1}}"#), 3, CountsFormat::Qiskit);
        assert!(e.len() < 1000 && e.contains("10000000 characters"), "{}", e.len());
        let value = "9".repeat(10_000_000);
        let e = refused(&format!(r#"{{"010": "{value}"}}"#), 3, CountsFormat::Qiskit);
        assert!(e.len() < 1000, "{}", e.len());
        for key in ["0101101", "1101101"] {
            let e = refused(&format!(r#"{{"{key}": 4}}"#), 7, CountsFormat::Ionq);
            assert!(
                e.contains("looks like a 7-bit string") && e.contains("qiskit format"),
                "{e}"
            );
        }
        // A short all-zero Qiskit key would have read as IonQ's 0.
        let e = read_counts(r#"{"0000000": 4}"#, "c.json", 7, Some(CountsFormat::Ionq), None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("leading zero"), "{e}");
    }

    #[test]
    fn every_format_round_trips_with_its_bit_order() {
        let counts = sample();
        for (format, key_of_1) in [
            (CountsFormat::Qiskit, "\"001\""),
            (CountsFormat::Sampler, "\"001\""),
            (CountsFormat::Ionq, "\"1\""),
            (CountsFormat::Quzzle, "\"100\""),
        ] {
            let text = write_counts(&counts, 3, format, 5);
            assert!(text.contains(key_of_1), "{format}: {text}");
            let read = read_counts(&text, "c.json", 3, Some(format), Some(40)).unwrap();
            assert_eq!(read.counts, counts, "{format}");
            assert_eq!(read.shots, 40);
        }
    }

    #[test]
    fn auto_takes_only_shapes_that_say_their_order() {
        let counts = sample();
        for format in [CountsFormat::Sampler, CountsFormat::Quzzle] {
            let text = write_counts(&counts, 3, format, 0);
            assert_eq!(read_counts(&text, "c.json", 3, None, None).unwrap().format, format);
        }
        let ionq = write_counts(&counts, 3, CountsFormat::Ionq, 0);
        let read = read_counts(&ionq, "c.json", 3, None, Some(40)).unwrap();
        assert_eq!((read.format, read.counts), (CountsFormat::Ionq, counts.clone()));
        let e = read_counts(&ionq, "c.json", 3, None, None).unwrap_err();
        assert!(
            matches!(&e, Error::Counts { file, problem: CountsProblem::ShotsNeeded } if file == "c.json"),
            "{e}"
        );
        let qiskit = write_counts(&counts, 3, CountsFormat::Qiskit, 0);
        let e = read_counts(&qiskit, "c.json", 3, None, None).unwrap_err();
        assert!(
            matches!(
                &e,
                Error::Counts {
                    file,
                    problem: CountsProblem::BitOrderUnknown {
                        qubits: 3,
                        maybe_ionq: false
                    }
                } if file == "c.json"
            ),
            "{e}"
        );
        // "10" and "11" are both 2-bit strings and decimal integers.
        let e = read_counts(r#"{"10": 3, "11": 1}"#, "c.json", 2, None, None).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Counts {
                    problem: CountsProblem::BitOrderUnknown { maybe_ionq: true, .. },
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn bad_keys_and_values_are_named() {
        for (text, format, want) in [
            (r#"{"0101": 3}"#, Some(CountsFormat::Qiskit), "`0101`"),
            (r#"{"01a": 3}"#, Some(CountsFormat::Quzzle), "`01a`"),
            (r#"{"010": 2.5}"#, Some(CountsFormat::Qiskit), "`010`"),
            (r#"{"9": 0.5, "1": 0.5}"#, Some(CountsFormat::Ionq), "`9`"),
            (r#"{"x1": 3}"#, None, "`x1`"),
            (r#"{"c": {"01": 3}}"#, None, "`01`"),
            (r#"{"c": {"010": 3}, "d": {"1": 1}}"#, None, "`d`"),
            (r#"[1, 2]"#, None, "object"),
            (r#"{}"#, None, "no counts"),
            ("{\n\"010\": ", None, "line 2"),
            (r#"{"1": 0.25, "2": 0.25}"#, Some(CountsFormat::Ionq), "add up to 0.5"),
            (r#"{"010": 0}"#, Some(CountsFormat::Qiskit), "no shots"),
            (
                r#"{"format": "quzzle-counts", "qubits": 4, "counts": {"0100": 1}}"#,
                None,
                "4 qubits",
            ),
            (
                r#"{"format": "quzzle-counts", "shots": 5, "counts": {"010": 1}}"#,
                None,
                "add up to 1",
            ),
        ] {
            let e = read_counts(text, "c.json", 3, format, Some(10)).unwrap_err();
            assert!(e.is_usage(), "{text}");
            let e = e.to_string();
            assert!(e.contains("c.json") && e.contains(want), "{text}: {e}");
        }
        let e = read_counts(r#"{"010": 4}"#, "c.json", 3, Some(CountsFormat::Qiskit), Some(5)).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Counts {
                    problem: CountsProblem::ShotsDiffer { total: 4, given: 5 },
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn ionq_histograms_and_exact_probabilities() {
        let read = read_counts(r#"{"0": 600, "5": 400}"#, "h.json", 3, None, None).unwrap();
        assert_eq!(read.counts, map(&[(0, 600), (5, 400)]));
        let read = read_counts(
            r#"{"0": 0.3333333333, "7": 0.6666666667}"#,
            "p.json",
            3,
            None,
            Some(100),
        )
        .unwrap();
        assert_eq!(read.counts, map(&[(0, 33), (7, 67)]));
        let read = read_counts(r#"{"0": 0.5, "7": 0.5}"#, "p.json", 3, None, Some(3)).unwrap();
        assert_eq!(read.shots, 4, "2 + 2 after rounding");
        assert_eq!(read.notes.len(), 1);
    }
}
