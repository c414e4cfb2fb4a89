//! Fuzz the puzzle reader and the command line with mutated puzzle files (issue 25).
//!
//! The seeds are the shared instances (`../shared/instances`) and `tests/data`. Each input is
//! a seed with one to three mutations: a line deleted, duplicated or swapped, the text cut, a
//! character replaced, a long line inserted, a header value replaced, a section line inserted,
//! or one body cell changed (half the inputs get only that, so that many still parse).
//! Every input is parsed in-process (panics caught and counted); a bounded number of them are
//! also run through the release binary (`info`, `classical`, `solve`, `qasm`) under `timeout`,
//! where only exit codes 0, 1 and 2 pass: a panic, a signal or a timeout fails the run; every
//! fifth run has its standard error a closed pipe.
//!
//! Then counts files and manifests (`--counts N` rounds, in-process): manifests of circuits of
//! 7, 65, 77 and 81 qubits; counts of known states (valid boards, boards with high qubits or
//! ancillas flipped) in every format, scored and checked against a recount of what was written
//! (shots, distinct boards, valid shots); some counts texts mutated (repeated keys, huge or
//! negative values, totals past 2^64, cut text, megabyte keys), which must end in a result or
//! an error, never a panic; some manifests with one field changed or removed, which must be
//! refused. Same seed, same inputs.
//!
//!     cargo build --release
//!     cargo run --release --example fuzz -- --seed 1 --inputs 10000 --runs 200 --max-seconds 240

use quzzle::bits::BasisState;
use quzzle::encoding::{self, EncodingKind};
use quzzle::export::counts::{read_counts, CountsFormat};
use quzzle::export::qasm::Flavor;
use quzzle::export::score::{self, ManifestDoc};
use quzzle::export::{self, AngleSource, ExportRequest};
use quzzle::model::Level;
use quzzle::rng::seeded;
use quzzle::simulation::SpaceSettings;
use rand::Rng;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Options {
    seed: u64,
    inputs: usize,
    runs: usize,
    /// Stop starting subprocess runs after this many seconds in all.
    max_seconds: f64,
    /// Seconds each subprocess may take before `timeout` ends it.
    run_timeout: u64,
    binary: PathBuf,
    /// Rounds of the counts and manifest fuzzing.
    counts: usize,
}

fn options() -> Options {
    // This example runs from `<target>/release/examples/`; the binary lies in `<target>/release/`.
    let release = std::env::current_exe()
        .ok()
        .and_then(|e| Some(e.parent()?.parent()?.to_path_buf()))
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release"));
    let mut o = Options {
        seed: 1,
        inputs: 10_000,
        runs: 200,
        max_seconds: 240.0,
        run_timeout: 20,
        binary: release.join("quzzle"),
        counts: 2000,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).unwrap_or_else(|| panic!("{} needs a value", pair[0]));
        fn num<T: std::str::FromStr>(flag: &str, value: &str) -> T {
            value.parse().unwrap_or_else(|_| panic!("{flag}: bad value `{value}`"))
        }
        let flag = pair[0].as_str();
        match flag {
            "--seed" => o.seed = num(flag, value),
            "--inputs" => o.inputs = num(flag, value),
            "--runs" => o.runs = num(flag, value),
            "--max-seconds" => o.max_seconds = num(flag, value),
            "--run-timeout" => o.run_timeout = num(flag, value),
            "--binary" => o.binary = PathBuf::from(value),
            "--counts" => o.counts = num(flag, value),
            other => {
                panic!("unknown option {other} (--seed, --inputs, --runs, --max-seconds, --run-timeout, --binary, --counts)")
            }
        }
    }
    o
}

/// Every `*.txt` under `dir`, sorted.
fn puzzle_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            puzzle_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "txt") && p.file_name().is_some_and(|n| n != "SOURCES.txt") {
            out.push(p);
        }
    }
}

const CHARS: &[char] = &[
    '.', '0', '1', '9', 'Q', 'A', 'z', 'x', '=', ':', ',', '[', ']', ' ', '\t', '\n', '-', '#', 'é', '\0', 'T', '*',
];

const VALUES: &[&str] = &[
    "",
    "0",
    "1",
    "-1",
    "2x2",
    "4x4",
    "0x0",
    "1x0",
    "3x",
    "x3",
    "7x5",
    "12x12",
    "16x16",
    "64x64",
    "1x100000",
    "100000x100000",
    "18446744073709551617x2",
    "NaN",
    "inf",
    "queens",
    "nqueens",
    "tango",
    "takuzu",
    "sudoku",
    "sudoku4",
    "starbattle",
    "tents",
    "gqueens",
    "maxchess",
    "2x3",
    "3x3",
    "yes",
    "1 = sun, 0 = moon",
    "9",
    "40",
];

const SECTIONS: &[&str] = &[
    "[grid]",
    "[regions]",
    "[solution]",
    "[equal]",
    "[opposite]",
    "[trees]",
    "[rows]",
    "[cols]",
    "[pieces]",
    "[]",
];

fn mutate(text: &str, rng: &mut impl Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    // Half the inputs get one mild mutation only, so that many still parse.
    let mild_only = rng.random_bool(0.5);
    let count = if mild_only { 1 } else { rng.random_range(1..=3) };
    for _ in 0..count {
        let n = lines.len().max(1);
        let i = rng.random_range(0..n).min(lines.len().saturating_sub(1));
        let kind = if mild_only { 9 } else { rng.random_range(0..12) };
        match kind {
            9..=11 => {
                // A mild one, so that many inputs still parse and reach the model, the
                // reduction and the simulator: a body cell changed.
                let body: Vec<usize> = (0..lines.len())
                    .filter(|&k| !lines[k].contains(':') && !lines[k].starts_with('[') && !lines[k].is_empty())
                    .collect();
                if !body.is_empty() {
                    let k = body[rng.random_range(0..body.len())];
                    let mut chars: Vec<char> = lines[k].chars().collect();
                    // A symbol of the same line: the line keeps its alphabet.
                    let j = rng.random_range(0..chars.len());
                    chars[j] = chars[rng.random_range(0..chars.len())];
                    lines[k] = chars.into_iter().collect();
                }
            }
            0 if lines.len() > 1 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            2 => {
                let j = rng.random_range(0..lines.len());
                lines.swap(i, j);
            }
            3 => {
                // Cut the text at a character boundary.
                let joined = lines.join("\n");
                let cut = rng.random_range(0..=joined.chars().count());
                lines = joined
                    .chars()
                    .take(cut)
                    .collect::<String>()
                    .lines()
                    .map(str::to_string)
                    .collect();
                if lines.is_empty() {
                    lines.push(String::new());
                }
            }
            4 => {
                let mut chars: Vec<char> = lines[i].chars().collect();
                let c = CHARS[rng.random_range(0..CHARS.len())];
                if chars.is_empty() {
                    chars.push(c);
                } else {
                    let k = rng.random_range(0..chars.len());
                    chars[k] = c;
                }
                lines[i] = chars.into_iter().collect();
            }
            5 => {
                let len = [100, 5_000, 200_000][rng.random_range(0..3)];
                let c = CHARS[rng.random_range(0..CHARS.len())];
                lines.insert(i, std::iter::repeat_n(c, len).collect());
            }
            6 => {
                // A header value: `key: value` lines come first.
                let headers: Vec<usize> = (0..lines.len()).filter(|&k| lines[k].contains(':')).collect();
                if !headers.is_empty() {
                    let k = headers[rng.random_range(0..headers.len())];
                    let key = lines[k].split(':').next().unwrap_or("").to_string();
                    let value = if rng.random_bool(0.2) {
                        rng.random::<u32>().to_string()
                    } else {
                        VALUES[rng.random_range(0..VALUES.len())].to_string()
                    };
                    lines[k] = format!("{key}: {value}");
                }
            }
            7 => lines.insert(i, SECTIONS[rng.random_range(0..SECTIONS.len())].to_string()),
            _ => {
                let key = ["puzzle", "size", "box", "stars", "symbols", "regions", "rules"][rng.random_range(0..7)];
                let value = VALUES[rng.random_range(0..VALUES.len())];
                lines.insert(rng.random_range(0..=lines.len().min(3)), format!("{key}: {value}"));
            }
        }
    }
    let mut out = lines.join("\n");
    if rng.random_bool(0.8) {
        out.push('\n');
    }
    out
}

/// Parse `text` in-process, and build the model of a small board. Ok(whether it parsed);
/// Err: it panicked.
fn parse_in_process(text: &str) -> Result<bool, String> {
    std::panic::catch_unwind(|| {
        let parsed = quzzle::puzzle::parse("fuzz.txt", text);
        if let Ok(p) = &parsed {
            let (r, c) = p.size();
            if r * c <= 400 {
                let model = p.model();
                let x = vec![false; model.num_vars()];
                let _ = p.check(&p.board(&x));
                let _ = p.render(None);
            }
        }
        parsed.is_ok()
    })
    .map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

fn main() {
    let o = options();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seeds = Vec::new();
    puzzle_files(&root.join("../shared/instances"), &mut seeds);
    puzzle_files(&root.join("tests/data"), &mut seeds);
    assert!(!seeds.is_empty(), "no seed files found");
    let texts: Vec<(PathBuf, String)> = seeds
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
        .collect();
    let mut rng = seeded(o.seed);
    // Panics print their message; the count below is what matters.
    std::panic::set_hook(Box::new(|_| {}));
    let began = Instant::now();
    let mut parse_panics = Vec::new();
    let mut parsed_ok = 0;
    let mut slowest = (Duration::ZERO, String::new());
    let mut inputs = Vec::with_capacity(o.inputs);
    for i in 0..o.inputs {
        let (path, text) = &texts[rng.random_range(0..texts.len())];
        let m = mutate(text, &mut rng);
        let t = Instant::now();
        match parse_in_process(&m) {
            Ok(true) => parsed_ok += 1,
            Ok(false) => {}
            Err(msg) => parse_panics.push(format!("input {i} (from {}): {msg}", path.display())),
        }
        let dt = t.elapsed();
        if dt > slowest.0 {
            slowest = (dt, format!("input {i} from {}", path.display()));
        }
        inputs.push(m);
    }
    let _ = std::panic::take_hook();
    println!(
        "parsed {} inputs ({parsed_ok} accepted, the rest refused) from {} seed files in {:.1} s: {} panic(s); slowest {:.3} s ({})",
        o.inputs,
        texts.len(),
        began.elapsed().as_secs_f64(),
        parse_panics.len(),
        slowest.0.as_secs_f64(),
        slowest.1
    );
    for p in &parse_panics {
        println!("  PANIC {p}");
    }

    let mut failures = Vec::new();
    let mut codes = std::collections::BTreeMap::new();
    let mut runs = 0;
    if o.runs > 0 {
        assert!(
            o.binary.is_file(),
            "{}: build it first (cargo build --release)",
            o.binary.display()
        );
        let dir = std::env::temp_dir().join(format!("quzzle-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let file = dir.join("fuzz.txt");
        let file_s = file.to_str().expect("a UTF-8 temp path").to_string();
        let qasm_out = dir.join("out.qasm").to_str().expect("UTF-8").to_string();
        let commands: [Vec<&str>; 4] = [
            vec!["info", &file_s],
            vec!["classical", &file_s],
            vec!["solve", &file_s, "--depths", "1..1", "--max-iters", "3"],
            vec![
                "qasm", &file_s, "--depth", "1", "--gammas", "0.1", "--betas", "0.2", "-o", &qasm_out,
            ],
        ];
        let runs_began = Instant::now();
        while runs < o.runs && runs_began.elapsed().as_secs_f64() < o.max_seconds {
            let text = &inputs[rng.random_range(0..inputs.len())];
            let args = &commands[runs % commands.len()];
            std::fs::write(&file, text).expect("write the input");
            // 600 MiB of address space: states above about 2^22 amplitudes are refused by the
            // memory guard (exit 1) instead of running for minutes, which is no hang.
            let closed_stderr = runs % 5 == 4;
            let mut child = Command::new("bash")
                .arg("-c")
                .arg(r#"ulimit -v 614400; exec timeout "$@""#)
                .arg("fuzz")
                .arg(o.run_timeout.to_string())
                .arg(&o.binary)
                .args(args)
                .env("RAYON_NUM_THREADS", "2")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("timeout runs");
            if closed_stderr {
                // The reader goes away before the command writes: its stderr is a closed pipe.
                drop(child.stderr.take());
            }
            let out = child.wait_with_output().expect("timeout runs");
            runs += 1;
            let stderr = String::from_utf8_lossy(&out.stderr);
            let code = out.status.code();
            *codes.entry(format!("{code:?}")).or_insert(0usize) += 1;
            let why = match code {
                Some(0..=2) if !stderr.contains("panicked") => None,
                Some(0..=2) => Some("panicked".to_string()),
                Some(124) => Some(format!("no answer within {} s", o.run_timeout)),
                Some(c) => Some(format!("exit code {c}")),
                None => Some("killed by a signal".to_string()),
            };
            if let Some(why) = why {
                let keep = dir.join(format!("failure-{runs}.txt"));
                let _ = std::fs::write(&keep, text);
                failures.push(format!(
                    "{} {}{}: {why}; input kept in {}; {}",
                    args[0],
                    if closed_stderr { " (stderr closed)" } else { "" },
                    runs,
                    keep.display(),
                    stderr.lines().last().unwrap_or("")
                ));
            }
        }
        if failures.is_empty() {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    println!(
        "ran the binary {runs} times ({} commands) in {:.1} s: exit codes {codes:?}; {} failure(s)",
        4,
        began.elapsed().as_secs_f64(),
        failures.len()
    );
    for f in &failures {
        println!("  FAIL {f}");
    }
    let counts = fuzz_counts(&o, &mut rng);
    println!(
        "counts and manifests: {} rounds ({} counts texts mutated, {} manifests tampered) in {:.1} s: {} panic(s), {} wrong result(s)",
        counts.rounds,
        counts.mutated,
        counts.tampered,
        counts.seconds,
        counts.panics.len(),
        counts.wrong.len()
    );
    for p in counts.panics.iter().chain(&counts.wrong).take(20) {
        println!("  FAIL {p}");
    }
    if !parse_panics.is_empty() || !failures.is_empty() || !counts.panics.is_empty() || !counts.wrong.is_empty() {
        std::process::exit(1);
    }
}

/// A circuit to score counts of: its manifest text, read back, and its rebuilt encoding.
struct Circuit {
    name: String,
    manifest: String,
    doc: ManifestDoc,
    enc: Box<dyn quzzle::Encoding>,
}

fn circuits() -> Vec<Circuit> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |name: &str| std::fs::read_to_string(root.join("tests/data").join(name)).expect("tests/data");
    let qaoa = |name: &str, text: String, level: Level| -> Circuit {
        let enc = encoding::parse(name, &text, EncodingKind::Onehot, level).expect("a test puzzle");
        let request = ExportRequest {
            depth: 1,
            angles: AngleSource::Given(quzzle::Angles::new(vec![0.1], vec![0.2]).expect("angles")),
            flavor: Flavor::Portable,
            symbolic: false,
            with_state: false,
            qasm_name: Some("fuzz.qasm".into()),
            space: SpaceSettings::default(),
        };
        let m = export::export_circuit(enc.as_ref(), &request)
            .expect("exports")
            .manifest
            .expect("a manifest");
        finish(name, serde_json::to_string_pretty(&m).expect("JSON"))
    };
    fn finish(name: &str, manifest: String) -> Circuit {
        let doc = ManifestDoc::parse(&manifest, name).expect("its own manifest parses");
        let enc = doc.encoding().expect("its own manifest checks");
        Circuit {
            name: name.into(),
            manifest,
            doc,
            enc,
        }
    }
    let seed = |n: usize| -> Circuit {
        let name = format!("nqueens-{n}");
        let text = format!("puzzle: nqueens\nsize: {n}x{n}\n");
        let enc = encoding::parse(&name, &text, EncodingKind::Onehot, Level::Paper).expect("N-Queens");
        let request = quzzle::export::seed::SeedRequest {
            iterations: Some(1),
            flavor: Flavor::Portable,
            qasm_name: "fuzz.qasm".into(),
        };
        let m = quzzle::export::seed::export_seed_circuit(enc.as_ref(), &request).expect("exports");
        finish(&name, serde_json::to_string_pretty(&m.manifest).expect("JSON"))
    };
    let gqueens = format!(
        "puzzle: gqueens\nsize: 5x13\n\n[board]\n{}\n\n[rows]\n1 1 1 1 1\n",
        vec![".".repeat(13); 5].join("\n")
    );
    vec![
        qaoa("tango-4x4-qasm.txt", read("tango-4x4-qasm.txt"), Level::Paper),
        qaoa("gqueens-5x13", gqueens, Level::Paper),
        seed(7),
        // At `clues`, 81 qubits (`paper` decides 21 cells).
        qaoa(
            "queens-9x9-community-049.txt",
            read("queens-9x9-community-049.txt"),
            Level::Clues,
        ),
    ]
}

#[derive(Default)]
struct CountsOutcome {
    rounds: usize,
    mutated: usize,
    tampered: usize,
    seconds: f64,
    panics: Vec<String>,
    wrong: Vec<String>,
}

/// A bitstring of `n` random bits.
fn random_bits(n: usize, rng: &mut impl Rng) -> String {
    (0..n).map(|_| if rng.random_bool(0.5) { '1' } else { '0' }).collect()
}

/// `bits` (qubit 0 first) with qubit `q` flipped.
fn flipped(bits: &str, q: usize) -> String {
    bits.char_indices()
        .map(|(i, c)| {
            if i != q {
                c
            } else if c == '0' {
                '1'
            } else {
                '0'
            }
        })
        .collect()
}

/// The counts text of `states` (qubit 0 first) in `format`.
fn counts_text(states: &[(String, u64)], qubits: usize, format: CountsFormat) -> String {
    let map: quzzle::bits::CountMap = states
        .iter()
        .map(|(b, c)| (BasisState::from_bitstring(b, false).expect("bits"), *c))
        .collect();
    quzzle::export::counts::write_counts(&map, qubits, format, 0)
}

/// One mutation of a counts text; what it did.
fn mutate_counts(text: &str, rng: &mut impl Rng) -> String {
    let mut t = text.to_string();
    match rng.random_range(0..8) {
        0 => {
            // The first entry written twice.
            if let Some(i) = t.find("\n  \"").or_else(|| t.find("\n    \"")) {
                let end = t[i + 1..].find('\n').map_or(t.len(), |e| i + 1 + e);
                let line = t[i + 1..end].trim_end_matches(',').to_string();
                t.insert_str(i + 1, &format!("{line},\n"));
            }
        }
        1 => {
            // The last number of the text (a count or probability) replaced.
            let value = ["18446744073709551615", "-3", "1.5", "\"x\"", "1e300", "null", "0"][rng.random_range(0..7)];
            if let Some(end) = t.rfind(|c: char| c.is_ascii_digit()) {
                let start = t[..=end]
                    .rfind(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-'))
                    .map_or(0, |i| i + 1);
                t.replace_range(start..=end, value);
            }
        }
        2 => t.truncate(rng.random_range(0..t.len())),
        3 => t = t.replacen('"', &format!("\"{}", "1".repeat(1 << 20)), 1),
        4 => {
            let i = rng.random_range(0..t.len());
            if t.is_char_boundary(i) && t.is_char_boundary(i + 1) {
                t.replace_range(
                    i..i + 1,
                    ["0", "1", "9", "\"", "{", "}", ",", "2", "é"][rng.random_range(0..9)],
                );
            }
        }
        5 => t = t.replacen(": ", ": 18446744073709551615, \"0\": ", 1),
        6 => t = t.replace("\"c\"", "\"d\""),
        _ => t = format!("{{\"format\": \"quzzle-counts\", \"counts\": {t}}}"),
    }
    t
}

/// A manifest with one top-level field changed or removed; `None` when the change is no change.
fn tamper(manifest: &str, rng: &mut impl Rng) -> Option<(String, String)> {
    let mut doc: serde_json::Value = serde_json::from_str(manifest).expect("JSON");
    let keys: Vec<String> = doc.as_object()?.keys().cloned().collect();
    let key = keys[rng.random_range(0..keys.len())].clone();
    let before = doc[&key].clone();
    let obj = doc.as_object_mut()?;
    let what = match rng.random_range(0..6) {
        0 => {
            obj.remove(&key);
            "removed".to_string()
        }
        1 => {
            obj.insert(key.clone(), serde_json::json!(-5));
            "-5".into()
        }
        2 => {
            obj.insert(key.clone(), serde_json::json!([]));
            "[]".into()
        }
        3 => {
            obj.insert(key.clone(), serde_json::json!("grover"));
            "\"grover\"".into()
        }
        4 => match &before {
            serde_json::Value::Array(a) if !a.is_empty() => {
                let mut a = a.clone();
                a.pop();
                obj.insert(key.clone(), serde_json::Value::Array(a));
                "its last entry removed".into()
            }
            serde_json::Value::Number(n) => {
                obj.insert(key.clone(), serde_json::json!(n.as_f64()? * 1.5 + 1.0));
                "changed number".into()
            }
            _ => return None,
        },
        _ => {
            obj.insert(key.clone(), serde_json::json!(vec![0.25; 5000]));
            "5000 numbers".into()
        }
    };
    (doc.get(&key) != Some(&before) || !doc.as_object()?.contains_key(&key)).then(|| {
        (
            serde_json::to_string_pretty(&doc).expect("JSON"),
            format!("`{key}` {what}"),
        )
    })
}

fn fuzz_counts(o: &Options, rng: &mut impl Rng) -> CountsOutcome {
    let began = Instant::now();
    let mut out = CountsOutcome::default();
    if o.counts == 0 {
        return out;
    }
    let circuits = circuits();
    std::panic::set_hook(Box::new(|_| {}));
    for round in 0..o.counts {
        out.rounds += 1;
        let c = &circuits[rng.random_range(0..circuits.len())];
        let n = c.doc.qubits;
        let board = c.doc.board_qubits();
        let valid: Vec<&String> = c.doc.valid_bitstrings.iter().collect();
        // Known states: valid boards (ancillas at 0, or one set), random ones, valid with a
        // high qubit flipped.
        let mut states: std::collections::BTreeMap<String, u64> = std::collections::BTreeMap::new();
        for _ in 0..rng.random_range(1..6) {
            let v = valid[rng.random_range(0..valid.len())];
            let mut bits = format!("{v}{}", "0".repeat(n - board));
            match rng.random_range(0..4) {
                0 => bits = random_bits(n, rng),
                1 => bits = flipped(&bits, rng.random_range(n.saturating_sub(20)..n)),
                _ => {}
            }
            *states.entry(bits).or_insert(0) += rng.random_range(1..1000);
        }
        let states: Vec<(String, u64)> = states.into_iter().collect();
        // The recount: shots, distinct boards and, when the list is every valid board, the
        // valid shots, from the board part of each state written.
        let shots: u64 = states.iter().map(|s| s.1).sum();
        let mut by_board: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
        for (b, k) in &states {
            *by_board.entry(&b[..board]).or_insert(0) += k;
        }
        let valid_shots: u64 = by_board
            .iter()
            .filter(|(b, _)| c.doc.valid_bitstrings.iter().any(|v| v == *b))
            .map(|(_, k)| k)
            .sum();
        let format = [
            CountsFormat::Qiskit,
            CountsFormat::Sampler,
            CountsFormat::Ionq,
            CountsFormat::Quzzle,
        ][rng.random_range(0..4)];
        let mut text = counts_text(&states, n, format);
        let mutated = rng.random_bool(0.3);
        if mutated {
            out.mutated += 1;
            text = mutate_counts(&text, rng);
        }
        let tampered = (!mutated && rng.random_bool(0.1))
            .then(|| tamper(&c.manifest, rng))
            .flatten();
        let label = format!("round {round} ({}, {n} qubits, {format})", c.name);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if let Some((manifest, what)) = &tampered {
                let checked = ManifestDoc::parse(manifest, "fuzz.json").and_then(|d| d.encoding().map(|_| ()));
                return checked.is_ok().then(|| format!("a manifest with {what} was accepted"));
            }
            let shots_given = (format == CountsFormat::Ionq).then_some(shots);
            let counts = match read_counts(&text, "fuzz-counts.json", n, Some(format), shots_given) {
                Ok(counts) => counts,
                Err(_) if mutated => return None,
                Err(e) => return Some(format!("its own counts were refused: {e}")),
            };
            let report = match score::score(c.enc.as_ref(), &c.doc, &counts, 10, 0.95) {
                Ok(r) => r,
                Err(_) if mutated => return None,
                Err(e) => return Some(format!("scoring failed: {e}")),
            };
            let total: u64 = counts.counts.values().sum();
            if report.shots != total {
                return Some(format!("{} shots reported, the counts add up to {total}", report.shots));
            }
            if mutated {
                return None;
            }
            let distinct = by_board.len();
            let complete = c.doc.valid_complete;
            if report.shots != shots || report.distinct != distinct || (complete && report.valid_shots != valid_shots) {
                return Some(format!(
                    "scored {} shots, {} boards, {} valid; the recount gives {shots}, {distinct}, {valid_shots}",
                    report.shots, report.distinct, report.valid_shots
                ));
            }
            None
        }));
        if tampered.is_some() {
            out.tampered += 1;
        }
        match result {
            Ok(None) => {}
            Ok(Some(wrong)) => out.wrong.push(format!("{label}: {wrong}")),
            Err(e) => out.panics.push(format!(
                "{label}: panicked: {}",
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            )),
        }
    }
    let _ = std::panic::take_hook();
    out.seconds = began.elapsed().as_secs_f64();
    out
}
