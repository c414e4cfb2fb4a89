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
//! refused. Then experiment folders (`--experiments N` rounds, in-process): a real export
//! with counts, tampered as a hostile user would (swapped or foreign manifests, stale counts,
//! index edits with and without the digest redone, paths outside the folder, repeated depths,
//! cut files), read back and scored: every tampered folder refused, every untampered one
//! scored whole. Then routed circuits as `predict` reads them (`--routed N`): mutated or given
//! a hostile line (non-finite angles, huge registers, a gate on one qubit twice, control flow,
//! redefined gates), each read and run or refused, the hostile ones always refused. Then
//! shard merges (`--merges N`): two shards of a small sweep with one file cut, changed,
//! removed or swapped, refused or merged to the unsharded rows. Then LP text (`--lp N` rounds,
//! fuzz/lp.rs): random models against brute force and mutated LP files. Then calibration files
//! (`examples/fuzz/calibration.rs`, as many as `--inputs`): each a model in range or an error
//! naming the file. Same seed, same inputs.
//!
//!     cargo build --release
//!     cargo run --release --example fuzz -- --seed 1 --inputs 10000 --runs 200 --max-seconds 240

#[path = "fuzz/calibration.rs"]
mod calibration;
#[path = "fuzz/lp.rs"]
mod lp;

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
    /// Rounds of the experiment-folder fuzzing.
    experiments: usize,
    /// Rounds of the routed-circuit fuzzing.
    routed: usize,
    /// Rounds of the shard-merge fuzzing.
    merges: usize,
    /// Rounds of the LP text fuzzing (a random model and a mutated file each: fuzz/lp.rs).
    lp: usize,
}

fn options() -> Options {
    // This example runs from `<target>/<profile>/examples/`; the binary it runs lies in
    // `<target>/<profile>/` (CI runs the one `cargo test` built, `<target>/debug/`).
    let profile_dir = std::env::current_exe()
        .ok()
        .and_then(|e| Some(e.parent()?.parent()?.to_path_buf()))
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release"));
    let mut o = Options {
        seed: 1,
        inputs: 10_000,
        runs: 200,
        max_seconds: 240.0,
        run_timeout: 20,
        binary: profile_dir.join("quzzle"),
        counts: 2000,
        experiments: 300,
        routed: 500,
        merges: 300,
        lp: 10_000,
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
            "--experiments" => o.experiments = num(flag, value),
            "--routed" => o.routed = num(flag, value),
            "--merges" => o.merges = num(flag, value),
            "--lp" => o.lp = num(flag, value),
            other => {
                panic!("unknown option {other} (--seed, --inputs, --runs, --max-seconds, --run-timeout, --binary, --counts, --experiments, --routed, --merges, --lp)")
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
            "{}: build it first (cargo build --release, or cargo test for target/debug)",
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
            // Its default space may be counted for minutes (a 10x10 two-star Star Battle's
            // rows+cols): the budget must end it, with exit 1.
            vec![
                "solve",
                &file_s,
                "--depths",
                "1..1",
                "--max-iters",
                "3",
                "--max-seconds",
                "8",
            ],
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
    let experiments = fuzz_experiments(&o, &mut rng);
    println!(
        "experiment folders: {} rounds ({} tampered, {} of them refused) in {:.1} s: {} panic(s), {} wrong result(s)",
        experiments.rounds,
        experiments.tampered,
        experiments.refused,
        experiments.seconds,
        experiments.panics.len(),
        experiments.wrong.len()
    );
    for p in experiments.panics.iter().chain(&experiments.wrong).take(20) {
        println!("  FAIL {p}");
    }
    let routed = fuzz_routed(&o, &mut rng);
    println!(
        "routed circuits: {} rounds ({} with a hostile line, {} inputs refused in all) in {:.1} s: {} panic(s), {} wrong result(s)",
        routed.rounds,
        routed.hostile,
        routed.refused,
        routed.seconds,
        routed.panics.len(),
        routed.wrong.len()
    );
    let merges = fuzz_merges(&o, &mut rng);
    println!(
        "shard merges: {} rounds ({} refused, the rest the unsharded rows) in {:.1} s: {} panic(s), {} wrong result(s)",
        merges.rounds,
        merges.refused,
        merges.seconds,
        merges.panics.len(),
        merges.wrong.len()
    );
    // Calibration files (IBM, IonQ), mutated and hostile, as many as the puzzle inputs.
    let cal = calibration::run(o.seed, o.inputs);
    println!(
        "calibration files: {} rounds ({} refused) in {:.1} s: {} panic(s), {} wrong result(s)",
        cal.rounds,
        cal.refused,
        cal.seconds,
        cal.panics.len(),
        cal.wrong.len()
    );
    for p in cal.panics.iter().chain(&cal.wrong).take(20) {
        println!("  FAIL {p}");
    }
    for p in routed
        .panics
        .iter()
        .chain(&routed.wrong)
        .chain(&merges.panics)
        .chain(&merges.wrong)
        .take(20)
    {
        println!("  FAIL {p}");
    }
    let lp_ok = lp::run(o.lp, o.seed);
    if !lp_ok
        || !parse_panics.is_empty()
        || !cal.panics.is_empty()
        || !cal.wrong.is_empty()
        || !routed.panics.is_empty()
        || !routed.wrong.is_empty()
        || !merges.panics.is_empty()
        || !merges.wrong.is_empty()
        || !failures.is_empty()
        || !counts.panics.is_empty()
        || !counts.wrong.is_empty()
        || !experiments.panics.is_empty()
        || !experiments.wrong.is_empty()
    {
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
            depth: quzzle::checked::Depth::ONE,
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
            let report = match score::score(
                c.enc.as_ref(),
                &c.doc,
                &counts,
                10,
                quzzle::checked::Confidence::default(),
            ) {
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

/// An experiment folder as file name → text.
type Folder = std::collections::BTreeMap<String, String>;

/// The folder `qasm --depths 1..3 --optimize` writes for `file` in `flavor`, with counts of
/// every depth as the submission scripts write them (quzzle's format and the `run` record of
/// the manifest they were measured for).
fn experiment_folder(file: &str, text: &str, flavor: Flavor) -> Folder {
    use quzzle::export::batch::{self, DepthsRequest};
    let enc = encoding::parse(file, text, EncodingKind::Onehot, Level::Paper).expect("a test puzzle");
    let request = DepthsRequest {
        depths: quzzle::checked::Depths::up_to(3).unwrap(),
        angles: AngleSource::Optimize { seed: 0 },
        flavor,
        symbolic: false,
        space: SpaceSettings::default(),
        noise: Default::default(),
        noise_seed: 0,
        cancel: Default::default(),
    };
    let exp = batch::export_depths(enc.as_ref(), &request).expect("exports");
    let mut folder = Folder::new();
    for (entry, c) in exp.index.depths.iter().zip(&exp.circuits) {
        let m = c.manifest.as_ref().expect("a manifest");
        folder.insert(entry.qasm.clone(), c.text.clone());
        folder.insert(entry.manifest.clone(), serde_json::to_string_pretty(m).expect("JSON"));
        let states: Vec<(String, u64)> = m.valid_bitstrings.iter().map(|b| (b.clone(), 7)).collect();
        let mut counts: serde_json::Value =
            serde_json::from_str(&counts_text(&states, m.provenance.qubits, CountsFormat::Quzzle)).expect("JSON");
        counts["run"] = serde_json::json!({"provider": "aer", "backend": "aer_simulator", "manifest": entry.manifest, "manifest_digest": entry.manifest_digest});
        folder.insert(
            entry.counts.clone(),
            serde_json::to_string_pretty(&counts).expect("JSON"),
        );
    }
    folder.insert(
        batch::INDEX_FILE.into(),
        serde_json::to_string_pretty(&exp.index).expect("JSON"),
    );
    folder
}

/// `folder`'s index edited by `edit`, its digest made to match again when `redigest` (what a
/// user who knows the digest rule could write).
fn edit_index(folder: &mut Folder, redigest: bool, edit: impl FnOnce(&mut serde_json::Value)) {
    let key = quzzle::export::batch::INDEX_FILE;
    let mut index: serde_json::Value = serde_json::from_str(&folder[key]).expect("JSON");
    edit(&mut index);
    if redigest {
        index["digest"] = quzzle::export::json::digest_of(&index).into();
    }
    folder.insert(key.into(), serde_json::to_string_pretty(&index).expect("JSON"));
}

/// One tampering of an experiment folder (`other` is another export of the same puzzle, whose
/// files stand for stale ones); what it did, or `None` when the round is left untampered.
fn tamper_folder(folder: &mut Folder, other: &Folder, rng: &mut impl Rng) -> Option<String> {
    let p = rng.random_range(1..=3usize);
    let (_, manifest, counts) = quzzle::export::batch::depth_files(p);
    let d = p - 1;
    Some(match rng.random_range(0..12) {
        0 => {
            let q = p % 3 + 1;
            let (_, other_manifest, _) = quzzle::export::batch::depth_files(q);
            let a = folder[&manifest].clone();
            let b = folder[&other_manifest].clone();
            folder.insert(manifest.clone(), b);
            folder.insert(other_manifest.clone(), a);
            format!("{manifest} and {other_manifest} swapped")
        }
        1 => {
            folder.insert(manifest.clone(), other[&manifest].clone());
            format!("{manifest} of another export")
        }
        2 => {
            folder.insert(counts.clone(), other[&counts].clone());
            format!("{counts} measured for another export")
        }
        3 => {
            let redigest = rng.random_bool(0.5);
            edit_index(folder, redigest, |i| i["depths"][d]["p"] = (p + 6).into());
            format!("depth {p} relabelled (digest redone: {redigest})")
        }
        4 => {
            let v = [7.0, -0.5, 1.5][rng.random_range(0..3)];
            edit_index(folder, true, |i| i["depths"][d]["success_probability"] = v.into());
            format!("depth {p}'s P(valid) set to {v}")
        }
        5 => {
            let name = ["../other/p03.json", "/etc/passwd", "p09.json", "p01.json"][rng.random_range(0..4)];
            let field = ["manifest", "qasm", "counts"][rng.random_range(0..3)];
            let same = folder_field(folder, d, field) == name;
            if same {
                return None;
            }
            edit_index(folder, true, |i| i["depths"][d][field] = name.into());
            format!("depth {p}'s {field} set to {name}")
        }
        6 => {
            edit_index(folder, true, |i| {
                let copy = i["depths"][d].clone();
                i["depths"].as_array_mut().expect("depths").insert(d, copy);
            });
            format!("depth {p} listed twice")
        }
        7 => {
            edit_index(folder, true, |i| i["uniform_baseline"] = 0.5.into());
            "uniform baseline set to 0.5".into()
        }
        8 => {
            let g = rng.random_range(0.0..3.0);
            edit_index(folder, true, |i| i["depths"][d]["gammas"][0] = g.into());
            format!("depth {p}'s first gamma set to {g}")
        }
        9 => {
            let key = quzzle::export::batch::INDEX_FILE;
            let text = &folder[key];
            let cut = rng.random_range(0..text.len());
            let cut = (0..=cut).rev().find(|&c| text.is_char_boundary(c)).unwrap_or(0);
            folder.insert(key.into(), text[..cut].to_string());
            format!("index cut at byte {cut}")
        }
        10 => {
            // Any field of the index changed, the digest left as it was.
            let keys: Vec<String> =
                serde_json::from_str::<serde_json::Value>(&folder[quzzle::export::batch::INDEX_FILE])
                    .expect("JSON")
                    .as_object()
                    .expect("an object")
                    .keys()
                    .filter(|k| k.as_str() != "digest")
                    .cloned()
                    .collect();
            let key = keys[rng.random_range(0..keys.len())].clone();
            edit_index(folder, false, |i| i[&key] = serde_json::json!("edited"));
            format!("`{key}` edited")
        }
        _ => return None,
    })
}

fn folder_field(folder: &Folder, d: usize, field: &str) -> String {
    let index: serde_json::Value = serde_json::from_str(&folder[quzzle::export::batch::INDEX_FILE]).expect("JSON");
    index["depths"][d][field].as_str().unwrap_or_default().to_string()
}

/// Every depth of the folder at `dir` with counts, read back and scored as `score DIR` does:
/// the shots scored, or the first error.
fn score_folder(dir: &Path) -> quzzle::Result<Vec<u64>> {
    let (_, depths) = quzzle::export::batch::read_folder(dir)?;
    let mut shots = Vec::new();
    for d in depths {
        if let Some((path, text)) = &d.counts {
            let counts = read_counts(text, &path.display().to_string(), d.manifest.qubits, None, None)?;
            shots.push(
                score::score(
                    d.encoding.as_ref(),
                    &d.manifest,
                    &counts,
                    10,
                    quzzle::checked::Confidence::default(),
                )?
                .shots,
            );
        }
    }
    Ok(shots)
}

#[derive(Default)]
struct ExperimentOutcome {
    rounds: usize,
    tampered: usize,
    refused: usize,
    seconds: f64,
    panics: Vec<String>,
    wrong: Vec<String>,
}

/// Experiment folders (`--experiments N` rounds): a real export with counts, tampered as a
/// hostile user would (swapped or foreign manifests, stale counts, index edits with and without
/// the digest redone, paths outside the folder, repeated depths, cut files), read back through
/// `read_folder` and scored. Tampered folders must be refused, untampered ones scored whole.
fn fuzz_experiments(o: &Options, rng: &mut impl Rng) -> ExperimentOutcome {
    let began = Instant::now();
    let mut out = ExperimentOutcome::default();
    if o.experiments == 0 {
        return out;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // 11 qubits at `paper`.
    let text = std::fs::read_to_string(root.join("tests/data/tiny-tango-4x4.txt")).expect("tests/data");
    let pristine = experiment_folder("tiny-tango-4x4.txt", &text, Flavor::Ibm);
    let other = experiment_folder("tiny-tango-4x4.txt", &text, Flavor::Portable);
    let expected: Vec<u64> = (1..=3)
        .map(|p| {
            let (_, _, counts) = quzzle::export::batch::depth_files(p);
            let doc: serde_json::Value = serde_json::from_str(&pristine[&counts]).expect("JSON");
            doc["shots"].as_u64().expect("shots")
        })
        .collect();
    let dir = std::env::temp_dir().join(format!("quzzle-fuzz-experiment-{}", std::process::id()));
    std::panic::set_hook(Box::new(|_| {}));
    for round in 0..o.experiments {
        out.rounds += 1;
        let mut folder = pristine.clone();
        let what = tamper_folder(&mut folder, &other, rng);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        for (name, text) in &folder {
            std::fs::write(dir.join(name), text).expect("write the folder");
        }
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| score_folder(&dir)));
        let label = format!("round {round} ({})", what.as_deref().unwrap_or("untampered"));
        if what.is_some() {
            out.tampered += 1;
        }
        match (result, &what) {
            (Err(_), _) => out.panics.push(format!("{label}: panicked")),
            (Ok(Ok(shots)), Some(_)) => out
                .wrong
                .push(format!("{label}: scored {shots:?} shots instead of a refusal")),
            (Ok(Err(_)), Some(_)) => out.refused += 1,
            (Ok(Ok(shots)), None) if shots != expected => out
                .wrong
                .push(format!("{label}: scored {shots:?} shots, {expected:?} were written")),
            (Ok(Ok(_)), None) => {}
            (Ok(Err(e)), None) => out.wrong.push(format!("{label}: its own folder was refused: {e}")),
        }
    }
    let _ = std::panic::take_hook();
    let _ = std::fs::remove_dir_all(&dir);
    out.seconds = began.elapsed().as_secs_f64();
    out
}

/// A routed circuit of the 11 qubits of tiny-tango-4x4's manifest, as Qiskit writes one for a
/// device: native gates on physical qubits, then the final measurements.
fn routed_seed(rng: &mut impl Rng) -> String {
    let mut s = String::from("OPENQASM 3.0;\ninclude \"stdgates.inc\";\nbit[11] c;\n");
    for _ in 0..rng.random_range(5..40) {
        let q = rng.random_range(0..11);
        match rng.random_range(0..4) {
            0 => s += &format!("rz({:.6}) ${q};\n", rng.random_range(-3.0..3.0)),
            1 => s += &format!("sx ${q};\n"),
            2 => s += &format!("x ${q};\n"),
            _ => s += &format!("cx ${q}, ${};\n", (q + 1 + rng.random_range(0..10)) % 11),
        }
    }
    for i in 0..11 {
        s += &format!("c[{i}] = measure ${i};\n");
    }
    s
}

/// What a hostile user writes into a routed file: angles that are not finite, registers past
/// any memory, a gate on one qubit twice, control flow, redefined gates, other includes.
const HOSTILE_ROUTED: [&str; 14] = [
    "rz(nan) $0;",
    "rz(inf) $1;",
    "rz(1e308*1e308) $2;",
    "rz(pi/0) $3;",
    "rz(0/0) $4;",
    "cx $0, $0;",
    "bit[18446744073709551615] d;",
    "qubit[1000000000] q;",
    "if (c[0]) x $1;",
    "for int i in [0:3] { x $0; }",
    "gate rz(t) a { x a; }",
    "include \"other.inc\";",
    "c[0] = measure $0;\nx $0;",
    "rz(((((((((((((((((((((0.1)))))))))))))))))))))) $5;",
];

#[derive(Default)]
struct RoutedOutcome {
    rounds: usize,
    hostile: usize,
    refused: usize,
    seconds: f64,
    panics: Vec<String>,
    wrong: Vec<String>,
}

/// Routed circuits (`--routed N` rounds, in-process, as `predict` reads them): a seed circuit,
/// mutated (lines cut, repeated or swapped, characters replaced, the text cut) or given one
/// hostile line. Every input ends in a result or an error, never a panic; every input with a
/// non-finite angle or another hostile line is refused.
fn fuzz_routed(o: &Options, rng: &mut impl Rng) -> RoutedOutcome {
    use quzzle::noise::routed;
    let began = Instant::now();
    let mut out = RoutedOutcome::default();
    let model = quzzle::noise::NoiseModel::parse("p1=0.01,p2=0.05,readout=0.02").expect("a model");
    std::panic::set_hook(Box::new(|_| {}));
    for round in 0..o.routed {
        out.rounds += 1;
        let seed = routed_seed(rng);
        let lines: Vec<&str> = seed.lines().collect();
        // Hostile lines go after the register declaration and before the measurements.
        let (text, hostile) = if rng.random_bool(0.4) {
            let h = HOSTILE_ROUTED[rng.random_range(0..HOSTILE_ROUTED.len())];
            let at = rng.random_range(3..lines.len() - 11);
            let mut l = lines.clone();
            l.insert(at, h);
            (l.join("\n") + "\n", Some(h))
        } else {
            (mutate(&seed, rng), None)
        };
        // The deep-parentheses line is well formed: it is hostile only to a recursive reader.
        let must_refuse = hostile.filter(|h| !h.starts_with("rz((((("));
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let c = routed::parse_for(&text, "fuzz.qasm", 11)?;
            // A mutation can name a qubit far up (`$25`): such a circuit is read, not run, so a
            // round stays in milliseconds.
            if c.physical.len() > 14 {
                return Ok(());
            }
            routed::estimate(&c, &[0, 5], &model, quzzle::checked::Trajectories::new(2).unwrap(), 1).map(|_| ())
        }));
        let label = format!("round {round} ({})", hostile.unwrap_or("mutated"));
        if must_refuse.is_some() {
            out.hostile += 1;
        }
        match result {
            Err(_) => out.panics.push(format!("{label}: panicked")),
            Ok(Err(_)) => out.refused += 1,
            Ok(Ok(())) if must_refuse.is_some() => out.wrong.push(format!("{label}: accepted")),
            Ok(Ok(())) => {}
        }
    }
    let _ = std::panic::take_hook();
    out.seconds = began.elapsed().as_secs_f64();
    out
}

#[derive(Default)]
struct MergeOutcome {
    rounds: usize,
    refused: usize,
    seconds: f64,
    panics: Vec<String>,
    wrong: Vec<String>,
}

/// Sharded sweeps (`--merges N` rounds, in-process): two shards of a small sweep run here,
/// then one of their files tampered (cut, a byte changed, a line deleted or repeated, the file
/// removed, settings swapped between the shards, a record field edited) and merged. Every
/// merge is refused, or gives the rows of the unsharded sweep; never a panic.
fn fuzz_merges(o: &Options, rng: &mut impl Rng) -> MergeOutcome {
    use quzzle::experiment::sweep::{self, shard, ObjectiveSpec, SweepPlan};
    use quzzle::qaoa::optimize::{Init, OptimizeConfig};
    let began = Instant::now();
    let mut out = MergeOutcome::default();
    if o.merges == 0 {
        return out;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("quzzle-fuzz-merge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let input = dir.join("in");
    std::fs::create_dir_all(&input).expect("a scratch folder");
    for name in [
        "tiny-tango-4x4.txt",
        "tiny-takuzu-4x4.txt",
        "queens-4x4-handmade.txt",
        "nqueens-4.txt",
    ] {
        std::fs::copy(root.join("tests/data").join(name), input.join(name)).expect("tests/data");
    }
    let files = sweep::collect_files(&[input]).expect("the inputs");
    let plan_of = |files: Vec<PathBuf>, shard: Option<shard::ShardManifest>| SweepPlan {
        files,
        level: Level::Paper,
        penalties: Default::default(),
        encoding: EncodingKind::Onehot,
        depths: quzzle::checked::Depths::up_to(2).unwrap(),
        inits: vec![Init::Interp],
        objective: ObjectiveSpec::Energy,
        config: OptimizeConfig {
            max_iters: 20,
            seed: 3,
            ..OptimizeConfig::default()
        },
        match_random_budget: false,
        max_qubits: 20,
        space: Default::default(),
        noise: Default::default(),
        shard,
        baseline: None,
        transfer_from: Vec::new(),
        schedule: None,
    };
    let mut folders = Vec::new();
    for i in 0..2 {
        let (chosen, manifest) = shard::select(&files, shard::Shard { index: i, count: 2 }).expect("a shard");
        let plan = plan_of(chosen, Some(manifest));
        let csv = dir.join(format!("s{i}")).join("sweep.csv");
        let outcome = sweep::run_sweep(&plan, &csv, &mut |_| {}).expect("the shard runs");
        shard::record_run(&csv, &plan, &outcome).expect("its record");
        folders.push(dir.join(format!("s{i}")));
    }
    let whole = sweep::run_sweep(&plan_of(files, None), &dir.join("whole/sweep.csv"), &mut |_| {}).expect("runs");
    // Rows compared without their last column, the seconds.
    let key = |rows: &[sweep::SweepRow]| -> Vec<String> {
        rows.iter()
            .map(|r| {
                let text = r.to_csv_record().expect("a row");
                text.trim_end()
                    .rsplit_once(',')
                    .map_or(text.clone(), |(a, _)| a.to_string())
            })
            .collect()
    };
    let expected = key(&whole.rows);
    let names = ["sweep.csv", "sweep.settings.json", "sweep.shard.json"];
    let pristine: Vec<Vec<Vec<u8>>> = folders
        .iter()
        .map(|f| {
            names
                .iter()
                .map(|n| std::fs::read(f.join(n)).expect("a shard file"))
                .collect()
        })
        .collect();
    std::panic::set_hook(Box::new(|_| {}));
    for round in 0..o.merges {
        out.rounds += 1;
        for (f, files) in folders.iter().zip(&pristine) {
            for (n, bytes) in names.iter().zip(files) {
                std::fs::write(f.join(n), bytes).expect("restore");
            }
        }
        let s = rng.random_range(0..2);
        let which = rng.random_range(0..names.len());
        let path = folders[s].join(names[which]);
        let bytes = pristine[s][which].clone();
        let what = match rng.random_range(0..7) {
            0 => {
                let at = rng.random_range(0..bytes.len());
                std::fs::write(&path, &bytes[..at]).expect("write");
                format!("{} cut at {at}", names[which])
            }
            1 => {
                let mut b = bytes;
                let at = rng.random_range(0..b.len());
                let replacements = b"0123456789,\n\"x";
                b[at] = replacements[rng.random_range(0..replacements.len())];
                std::fs::write(&path, &b).expect("write");
                format!("{} byte {at} changed", names[which])
            }
            2 | 3 => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<&str> = text.lines().collect();
                let at = rng.random_range(0..lines.len());
                if rng.random_bool(0.5) {
                    lines.remove(at);
                } else {
                    lines.insert(at, lines[at]);
                }
                std::fs::write(&path, lines.join("\n") + "\n").expect("write");
                format!("{} line {at} deleted or repeated", names[which])
            }
            4 => {
                std::fs::remove_file(&path).expect("remove");
                format!("{} removed", names[which])
            }
            5 => {
                std::fs::write(&path, &pristine[1 - s][which]).expect("write");
                format!("{} of the other shard", names[which])
            }
            _ => {
                let record = folders[s].join("sweep.shard.json");
                let mut doc: serde_json::Value = serde_json::from_slice(&pristine[s][2]).expect("the record is JSON");
                let keys: Vec<String> = doc.as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default();
                let key = keys[rng.random_range(0..keys.len())].clone();
                doc[&key] = [serde_json::json!("ab"), serde_json::json!(7), serde_json::json!([])]
                    [rng.random_range(0..3)]
                .clone();
                std::fs::write(&record, serde_json::to_string(&doc).expect("JSON")).expect("write");
                format!("sweep.shard.json's `{key}` edited")
            }
        };
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| shard::merge(&folders)));
        match result {
            Err(_) => out.panics.push(format!("round {round} ({what}): panicked")),
            Ok(Err(_)) => out.refused += 1,
            Ok(Ok(m)) if key(&m.rows) != expected => {
                out.wrong.push(format!("round {round} ({what}): merged other rows"))
            }
            Ok(Ok(_)) => {}
        }
    }
    let _ = std::panic::take_hook();
    let _ = std::fs::remove_dir_all(&dir);
    out.seconds = began.elapsed().as_secs_f64();
    out
}
