//! Fuzz the puzzle reader and the command line with mutated puzzle files (issue 25).
//!
//! The seeds are the shared instances (`../shared/instances`) and `tests/data`. Each input is
//! a seed with one to three mutations: a line deleted, duplicated or swapped, the text cut, a
//! character replaced, a long line inserted, a header value replaced, a section line inserted,
//! or one body cell changed (half the inputs get only that, so that many still parse).
//! Every input is parsed in-process (panics caught and counted); a bounded number of them are
//! also run through the release binary (`info`, `classical`, `solve`, `qasm`) under `timeout`,
//! where only exit codes 0, 1 and 2 pass: a panic, a signal or a timeout fails the run.
//! Same seed, same inputs.
//!
//!     cargo build --release
//!     cargo run --release --example fuzz -- --seed 1 --inputs 10000 --runs 200 --max-seconds 240

use quzzle::rng::seeded;
use rand::Rng;
use std::path::{Path, PathBuf};
use std::process::Command;
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
            other => {
                panic!("unknown option {other} (--seed, --inputs, --runs, --max-seconds, --run-timeout, --binary)")
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
            let out = Command::new("bash")
                .arg("-c")
                .arg(r#"ulimit -v 614400; exec timeout "$@""#)
                .arg("fuzz")
                .arg(o.run_timeout.to_string())
                .arg(&o.binary)
                .args(args)
                .env("RAYON_NUM_THREADS", "2")
                .output()
                .expect("timeout runs");
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
                    "{} {}: {why}; input kept in {}; {}",
                    args[0],
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
    if !parse_panics.is_empty() || !failures.is_empty() {
        std::process::exit(1);
    }
}
