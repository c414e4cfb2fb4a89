//! Golden outputs: the JSON and CSV that other tools read (`solve --json`, `depths.csv`,
//! `sweep.csv`, `sweep.settings.json`, the QASM and seed-circuit manifests), byte for byte on
//! fixed instances. Wall times are the one field that varies between runs; they are replaced
//! by `S` before comparing. After a change of format by design, rewrite the files with
//! `QUZZLE_BLESS=1 cargo test --test it golden` and say in the commit what changed.

use crate::common::{argv, ok, s, Scratch};
use std::path::{Path, PathBuf};

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// `"seconds": 1.23` → `"seconds": S` in JSON text.
fn normalise_json(text: &str) -> String {
    text.lines()
        .map(|line| {
            let t = line.trim_start();
            match t.strip_prefix("\"seconds\": ") {
                Some(rest) => {
                    let indent = &line[..line.len() - t.len()];
                    let comma = if rest.ends_with(',') { "," } else { "" };
                    format!("{indent}\"seconds\": S{comma}")
                }
                None => line.to_string(),
            }
        })
        .map(|l| l + "\n")
        .collect()
}

/// The `seconds` column of a CSV file → `S`.
fn normalise_csv(text: &str) -> String {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut column = None;
    for rec in r.records() {
        let rec = rec.expect("CSV");
        let mut fields: Vec<String> = rec.iter().map(str::to_string).collect();
        match column {
            None => column = fields.iter().position(|f| f == "seconds"),
            Some(c) => fields[c] = "S".into(),
        }
        w.write_record(&fields).expect("CSV");
    }
    String::from_utf8(w.into_inner().expect("CSV")).expect("UTF-8")
}

fn check(name: &str, actual: &str) {
    let path = golden(name);
    if std::env::var("QUZZLE_BLESS").as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} differs from tests/golden/{name} from line {}:\nexpected: {:?}\nactual:   {:?}",
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

const TANGO: &str = "tests/data/tiny-tango-4x4.txt";
const QUEENS: &str = "tests/data/queens-4x4-handmade.txt";
const SUDOKU: &str = "tests/data/sudoku4-six-clues.txt";
const NQUEENS: &str = "tests/data/nqueens-4.txt";
const GQUEENS: &str = "tests/data/gqueens-3x4-cylinder.txt";

#[test]
fn solve_json_and_depths_csv() {
    let d = Scratch::new("golden-solve");
    let out = d.join("tango");
    let json = ok(&argv(
        "solve {} --space full --mixer x --depths 1..2 --noise heron --noise p1=0.001,p2=0.01,readout=0.02 --trajectories 8 --json --out {}",
        &[TANGO, s(&out)],
    ));
    check("solve-tango-noise.json", &normalise_json(&json));
    check(
        "solve-tango-noise.depths.csv",
        &normalise_csv(&read(&out.join("depths.csv"))),
    );
    let cases: [(&str, &[&str]); 4] = [
        (
            "solve-queens-rows-xy-ring.json",
            &["solve", QUEENS, "--space", "rows", "--mixer", "xy-ring"],
        ),
        (
            "solve-queens-grover-histogram.json",
            &["solve", QUEENS, "--space", "rows+cols", "--mixer", "grover"],
        ),
        (
            "solve-sudoku-compact.json",
            &argv(
                "solve {} --encoding compact --space full --mixer x --objective success --init ramp",
                &[SUDOKU],
            ),
        ),
        (
            "solve-tango-cvar-random.json",
            &[
                "solve",
                TANGO,
                "--space",
                "full",
                "--mixer",
                "x",
                "--objective",
                "cvar:0.25",
                "--init",
                "random",
            ],
        ),
    ];
    for (name, args) in cases {
        let mut args = args.to_vec();
        args.extend(["--depths", "1..2", "--json"]);
        check(name, &normalise_json(&ok(&args)));
    }
}

#[test]
fn sweep_csv_and_settings() {
    let d = Scratch::new("golden-sweep");
    let out = d.join("sweep");
    ok(&argv(
        "sweep {} {} --space full --mixer x --depths 1..2 --init all --noise heron --trajectories 4 --no-instance-plots --out {}",
        &[TANGO, QUEENS, s(&out)],
    ));
    check("sweep.csv", &normalise_csv(&read(&out.join("sweep.csv"))));
    check("sweep.settings.json", &read(&out.join("sweep.settings.json")));
    let out = d.join("sweep-xy");
    ok(&argv(
        "sweep {} --space rows --mixer xy-complete --depths 1..2 --objective success --no-instance-plots --out {}",
        &[QUEENS, s(&out)],
    ));
    check("sweep-xy.csv", &normalise_csv(&read(&out.join("sweep.csv"))));
}

#[test]
fn qasm_and_seed_manifests() {
    let d = Scratch::new("golden-qasm");
    let cases: [(&str, &[&str]); 3] = [
        ("qasm-tango-optimize", &["qasm", TANGO, "--depth", "2", "--optimize"]),
        (
            "qasm-gqueens-rows-xy",
            &argv(
                "qasm {} --space rows --mixer xy-ring --depth 1 --gammas 0.3 --betas 0.7 --with-state",
                &[GQUEENS],
            ),
        ),
        (
            "qasm-tango-ionq",
            &argv(
                "qasm {} --space full --mixer x --depth 2 --gammas 0.1,0.2 --betas 0.5,0.4 --flavor ionq",
                &[TANGO],
            ),
        ),
    ];
    for (name, args) in cases {
        let qasm = d.join(format!("{name}.qasm"));
        let mut args = args.to_vec();
        args.extend(["-o", s(&qasm)]);
        ok(&args);
        check(&format!("{name}.qasm"), &read(&qasm));
        check(&format!("{name}.json"), &read(&qasm.with_extension("json")));
    }
    let qasm = d.join("seed.qasm");
    ok(&argv(
        "grover {} --space rows --iterations 1 --qasm {}",
        &[NQUEENS, s(&qasm)],
    ));
    check("seed-nqueens-4.qasm", &read(&qasm));
    check("seed-nqueens-4.json", &read(&qasm.with_extension("json")));
}
