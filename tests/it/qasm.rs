//! OpenQASM 3 export: golden files, gate counts in every flavour, the exported text read back
//! and simulated gate by gate against the fast simulator, and the `quzzle qasm` command line.
//! (The Qiskit/openqasm3 interoperability check is tests/interop/run.sh, run by .ci/run.)

use crate::common::{argv, data, shared_files, Scratch, TOL_FIDELITY};
use quzzle::circuit::{Angle, Circuit, Gate, Param};
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::export::qasm::{self, Flavor, QasmHeader};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::sim::reference;
use quzzle::{Angles, QaoaSimulator};
use rand::Rng;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The two tiny instances with golden files.
const TINY: [&str; 2] = ["takuzu-4x4-qasm.txt", "tango-4x4-qasm.txt"];

/// Every (flavour, symbolic) combination that can be written.
const VARIANTS: [(Flavor, bool); 4] = [
    (Flavor::Portable, false),
    (Flavor::Portable, true),
    (Flavor::Ibm, false),
    (Flavor::Ionq, false),
];

fn load(path: &Path) -> OneHot {
    OneHot::load(path, Level::Paper).unwrap()
}

fn header(problem: &OneHot, label: &str, angles: &Angles) -> QasmHeader {
    QasmHeader {
        file: label.into(),
        reduce: "paper".into(),
        depth: angles.p(),
        angles: angles.clone(),
        qubit_cells: problem.qubit_cells(),
    }
}

fn random_angles(p: usize, seed: u64) -> Angles {
    let mut rng = quzzle::rng::seeded(seed);
    Angles::new(
        (0..p).map(|_| rng.random_range(-1.2..1.2)).collect(),
        (0..p).map(|_| rng.random_range(-1.6..1.6)).collect(),
    )
    .unwrap()
}

/// Instances for the structural checks: the tiny ones and a few shared 6x6 files that reduce
/// to at most 12 qubits (absent shared folder: the tiny ones only).
fn instances() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = TINY.iter().map(|f| data(f)).collect();
    for kind in ["tango", "takuzu"] {
        let small: Vec<PathBuf> = shared_files(kind)
            .into_iter()
            .filter(|f| f.to_string_lossy().contains("6x6"))
            .filter(|f| (1..=12).contains(&load(f).num_qubits()))
            .take(2)
            .collect();
        v.extend(small);
    }
    v
}

// ---------------------------------------------------------------------------------------------
// Golden files

#[test]
fn golden_files_match_byte_for_byte() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let angles = Angles::new(vec![0.25, 0.5], vec![0.75, -0.5]).unwrap();
    let mut stale = Vec::new();
    for name in TINY {
        let problem = load(&data(name));
        let circuit = Circuit::qaoa(&problem.ising, &angles);
        let h = header(&problem, &format!("tests/data/{name}"), &angles);
        for (flavor, symbolic) in VARIANTS {
            let text = qasm::to_qasm3(&circuit, &h, flavor, symbolic).unwrap();
            let stem = name.trim_end_matches(".txt");
            let file = dir.join(format!(
                "{stem}.{}{}.qasm",
                flavor.name(),
                if symbolic { "-symbolic" } else { "" }
            ));
            if update {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&file, &text).unwrap();
                continue;
            }
            let want = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e} (run UPDATE_GOLDEN=1 cargo test golden)", file.display()));
            if want != text {
                stale.push(file.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "output differs from the golden files (review, then UPDATE_GOLDEN=1 cargo test golden): {stale:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Gate counts and layout in every flavour

fn lines_starting(text: &str, prefix: &str) -> usize {
    text.lines().filter(|l| l.starts_with(prefix)).count()
}

#[test]
fn gate_counts_in_every_flavour() {
    for (i, path) in instances().iter().enumerate() {
        let problem = load(path);
        let n = problem.num_qubits();
        let couplings = problem.ising.couplings.len();
        let fields = problem.ising.h.iter().filter(|&&h| h != 0.0).count();
        for p in 1..=3 {
            let angles = random_angles(p, 100 * i as u64 + p as u64);
            let circuit = Circuit::qaoa(&problem.ising, &angles);
            let h = header(&problem, &path.display().to_string(), &angles);
            for (flavor, symbolic) in VARIANTS {
                let what = format!(
                    "{} p={p} {}{}",
                    path.display(),
                    flavor.name(),
                    if symbolic { " symbolic" } else { "" }
                );
                let text = qasm::to_qasm3(&circuit, &h, flavor, symbolic).unwrap();
                assert!(text.starts_with("OPENQASM 3.0;\ninclude \"stdgates.inc\";\n"), "{what}");
                assert_eq!(lines_starting(&text, "h q["), n, "{what}");
                assert_eq!(lines_starting(&text, "rx("), p * n, "{what}: rx lines = p x qubits");
                assert_eq!(
                    lines_starting(&text, "rz("),
                    p * fields,
                    "{what}: rz lines = p x nonzero fields"
                );
                // In the ionq flavour an rzz is one line `cx a, b; rz(t) b; cx a, b;`.
                let (rzz, other) = if flavor == Flavor::Ionq {
                    ("cx q[", "rzz")
                } else {
                    ("rzz(", "cx q[")
                };
                assert_eq!(
                    lines_starting(&text, rzz),
                    p * couplings,
                    "{what}: rzz lines = p x couplings"
                );
                assert_eq!(lines_starting(&text, other), 0, "{what}");
                assert_eq!(
                    text.matches("gate rzz(theta)").count(),
                    usize::from(flavor != Flavor::Ionq),
                    "{what}"
                );
                assert_eq!(
                    lines_starting(&text, "input float[64] "),
                    if symbolic { 2 * p } else { 0 },
                    "{what}"
                );
                assert!(text.contains(&format!("\nqubit[{n}] q;\nbit[{n}] c;\n")), "{what}");
                assert!(text.ends_with("\nc = measure q;\n"), "{what}");
                assert!(text.contains("qubit 0 RIGHTMOST"), "{what}: bit-order note");
                for q in 0..n {
                    assert!(text.contains(&format!("\n//   q[{q}]: ")), "{what}: cells of q[{q}]");
                }
                assert!(text.is_ascii(), "{what}: ASCII only");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The exported circuit is the simulated circuit

#[test]
fn reference_run_of_the_circuit_equals_the_fast_state() {
    for (i, path) in instances().iter().enumerate() {
        let problem = load(path);
        let sim = QaoaSimulator::new(&problem.ising).unwrap();
        for p in 1..=3 {
            let angles = random_angles(p, 7 + 10 * i as u64 + p as u64);
            let fast = sim.state(&angles).unwrap();
            let slow = reference::run(&Circuit::qaoa(&problem.ising, &angles)).unwrap();
            let f = fast.fidelity(&slow);
            assert!(f >= 1.0 - TOL_FIDELITY, "{} p={p}: fidelity {f}", path.display());
        }
    }
}

/// A reader for exactly the subset of OpenQASM 3 quzzle writes: comments, declarations, the
/// rzz and xy_mixer definitions, `h`/`rx`/`rz`/`rzz`/`cx`/`ccx`/`x`/`ry`/`cry`/`xy_mixer` on
/// `q[i]`, several statements on a line, angles as numbers or `coefficient * name` bound
/// through `values`.
pub(crate) fn read_back(text: &str, values: &HashMap<String, f64>) -> Circuit {
    let mut num_qubits = None;
    let mut gates = Vec::new();
    let qubit = |s: &str| -> usize {
        s.trim()
            .strip_prefix("q[")
            .and_then(|r| r.strip_suffix(']'))
            .and_then(|i| i.parse().ok())
            .unwrap_or_else(|| panic!("not a qubit: `{s}`"))
    };
    let angle = |s: &str| -> Angle {
        let value = match s.split_once(" * ") {
            Some((c, name)) => c.parse::<f64>().unwrap() * values[name],
            None => s.parse().unwrap_or_else(|_| panic!("not a number: `{s}`")),
        };
        Angle { value, symbol: None }
    };
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty()
            || line.starts_with("//")
            || line.starts_with("OPENQASM")
            || line.starts_with("include")
            || line.starts_with("gate rzz")
            || line.starts_with("gate xy_mixer")
            || line.starts_with("input float[64]")
            || line.starts_with("bit[")
            || line == "c = measure q;"
        {
            continue;
        }
        if let Some(n) = line.strip_prefix("qubit[").and_then(|r| r.strip_suffix("] q;")) {
            num_qubits = Some(n.parse().unwrap());
            continue;
        }
        for stmt in line.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (head, args) = match stmt.rfind(')') {
                Some(i) => (&stmt[..=i], stmt[i + 1..].trim()),
                None => stmt.split_once(' ').unwrap(),
            };
            let args = args.split(", ").collect::<Vec<_>>();
            let param = head.split_once('(').map(|(_, r)| r.strip_suffix(')').unwrap());
            gates.push(match head.split('(').next().unwrap() {
                "h" => Gate::H(qubit(args[0])),
                "rx" => Gate::Rx(qubit(args[0]), angle(param.unwrap())),
                "rz" => Gate::Rz(qubit(args[0]), angle(param.unwrap())),
                "rzz" => Gate::Rzz(qubit(args[0]), qubit(args[1]), angle(param.unwrap())),
                "cx" => Gate::Cx(qubit(args[0]), qubit(args[1])),
                "ccx" => Gate::Ccx(qubit(args[0]), qubit(args[1]), qubit(args[2])),
                "x" => Gate::X(qubit(args[0])),
                "ry" => Gate::Ry(qubit(args[0]), angle(param.unwrap())),
                "cry" => Gate::Cry(qubit(args[0]), qubit(args[1]), angle(param.unwrap())),
                "xy_mixer" => Gate::XxPlusYy(qubit(args[0]), qubit(args[1]), angle(param.unwrap())),
                other => panic!("unexpected statement `{other}` in `{line}`"),
            });
        }
    }
    Circuit::plain(num_qubits.expect("a qubit declaration"), gates)
}

/// The gates with every angle's symbol dropped (its number kept): what a numeric export reads
/// back as.
fn without_symbols(gates: &[Gate]) -> Vec<Gate> {
    gates
        .iter()
        .map(|g| match *g {
            Gate::Rx(q, a) => Gate::Rx(q, Angle { symbol: None, ..a }),
            Gate::Rz(q, a) => Gate::Rz(q, Angle { symbol: None, ..a }),
            Gate::Rzz(x, y, a) => Gate::Rzz(x, y, Angle { symbol: None, ..a }),
            Gate::XxPlusYy(x, y, a) => Gate::XxPlusYy(x, y, Angle { symbol: None, ..a }),
            other => other,
        })
        .collect()
}

#[test]
fn the_exported_text_read_back_is_the_simulated_state() {
    for (i, path) in instances().iter().enumerate() {
        let problem = load(path);
        let sim = QaoaSimulator::new(&problem.ising).unwrap();
        for p in 1..=3 {
            let angles = random_angles(p, 31 + 10 * i as u64 + p as u64);
            let fast = sim.state(&angles).unwrap();
            let circuit = Circuit::qaoa(&problem.ising, &angles);
            let h = header(&problem, "x", &angles);
            let values: HashMap<String, f64> = (0..p)
                .flat_map(|l| {
                    [
                        (
                            qasm::parameter_name(quzzle::circuit::Param::Gamma(l), p),
                            angles.gammas[l],
                        ),
                        (
                            qasm::parameter_name(quzzle::circuit::Param::Beta(l), p),
                            angles.betas[l],
                        ),
                    ]
                })
                .collect();
            for (flavor, symbolic) in VARIANTS {
                let text = qasm::to_qasm3(&circuit, &h, flavor, symbolic).unwrap();
                let back = read_back(&text, &values);
                if !symbolic && flavor != Flavor::Ionq {
                    // Numbers round-trip exactly: the very same gates.
                    assert_eq!(back.gates, without_symbols(&circuit.gates));
                }
                let f = fast.fidelity(&reference::run(&back).unwrap());
                assert!(
                    f >= 1.0 - TOL_FIDELITY,
                    "{} p={p} {}{}: fidelity {f}",
                    path.display(),
                    flavor.name(),
                    if symbolic { " symbolic" } else { "" }
                );
            }
        }
    }
}

/// A block-space circuit (Dicke starts, XY mixers, a free qubit) on a real instance: every
/// flavour's text, read back gate by gate, runs to the reference state of the circuit; the
/// numeric portable and ibm texts are the very gates.
#[test]
fn block_space_text_read_back_is_the_simulated_state() {
    let problem = load(&data("takuzu-4x4-qasm.txt"));
    let n = problem.num_qubits();
    assert_eq!(n, 6);
    let poly = quzzle::cost::pubo::ZPoly::from_ising(&problem.ising);
    // Blocks of our choosing (the space need not be the puzzle's): a three-qubit one has a
    // closing ring edge, and qubit 5 stays free.
    let blocks = vec![(vec![0, 1], 1), (vec![2, 3, 4], 1)];
    for (mixer, p) in [(MixerKind::XyRing, 2), (MixerKind::XyComplete, 3)] {
        let angles = random_angles(p, 77 + p as u64);
        let circuit = Circuit::qaoa_space(&poly, &blocks, &[5], mixer, &angles);
        let want = reference::run(&circuit).unwrap();
        let h = header(&problem, "x", &angles);
        let values: HashMap<String, f64> = (0..p)
            .flat_map(|l| {
                [
                    (qasm::parameter_name(Param::Gamma(l), p), angles.gammas[l]),
                    (qasm::parameter_name(Param::Beta(l), p), angles.betas[l]),
                ]
            })
            .collect();
        for (flavor, symbolic) in VARIANTS {
            let what = format!(
                "{mixer} p={p} {}{}",
                flavor.name(),
                if symbolic { " symbolic" } else { "" }
            );
            let text = qasm::to_qasm3(&circuit, &h, flavor, symbolic).unwrap();
            let back = read_back(&text, &values);
            let counts = back.gate_counts();
            if flavor == Flavor::Ionq {
                assert!(
                    !counts.contains_key("xy_mixer") && !counts.contains_key("cry"),
                    "{what}"
                );
            } else {
                let edges = quzzle::mixer::xy_edges(2, mixer).len() + quzzle::mixer::xy_edges(3, mixer).len();
                assert_eq!(counts["xy_mixer"], p * edges, "{what}");
                assert_eq!(counts["rx"], p, "{what}: one free qubit");
            }
            if !symbolic && flavor != Flavor::Ionq {
                assert_eq!(back.gates, without_symbols(&circuit.gates), "{what}");
            }
            let got = reference::run(&back).unwrap();
            // Phase included: the expansions are exact.
            let overlap: num_complex::Complex64 = want.amps.iter().zip(&got.amps).map(|(a, b)| a.conj() * b).sum();
            assert!((overlap - 1.0).norm() <= 1e-12, "{what}: overlap {overlap}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command line

fn quzzle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quzzle"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const TANGO: &str = "tests/data/tango-4x4-qasm.txt";

#[test]
fn cli_writes_qasm_and_manifest() {
    let dir = Scratch::new("qasm-manifest");
    let out = dir.join("tango.qasm");
    let o = quzzle(&argv(
        "qasm {} --depth 2 --gammas 0.25,-0.5 --betas -0.75,0.5 --flavor ionq -o {} --with-state",
        &[TANGO, out.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let m = json(&dir.join("tango.json"));
    assert_eq!(m["qubits"], 7);
    assert_eq!(m["flavor"], "ionq");
    assert_eq!(m["qasm"], "tango.qasm");
    assert_eq!(m["valid_bitstrings"], serde_json::json!(["0111010"]));
    assert_eq!(m["gammas"], serde_json::json!([0.25, -0.5]));
    assert_eq!(m["qubit_cells"][2][1]["cell"], "r1c3");
    assert_eq!(m["qubit_cells"][2][1]["negated"], true);
    assert!(m["version"].is_string());
    let state = m["state"].as_array().unwrap();
    assert_eq!(state.len(), 1 << 7);
    // The success probability is the weight of the valid bitstring (qubit 0 first) in the state.
    let k = quzzle::bits::from_bitstring("0111010").unwrap() as usize;
    let amp = &state[k];
    let weight = amp[0].as_f64().unwrap().powi(2) + amp[1].as_f64().unwrap().powi(2);
    assert!((weight - m["success_probability"].as_f64().unwrap()).abs() < 1e-12);

    // The manifest is an angle source too, and gives back the same file.
    let again = dir.join("again.qasm");
    let o = quzzle(&argv(
        "qasm {} --depth 2 --flavor ionq --angles {} -o {}",
        &[TANGO, dir.join("tango.json").to_str().unwrap(), again.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    assert!(json(&dir.join("again.json")).get("state").is_none());

    // Without -o: the QASM on stdout, no manifest.
    let o = quzzle(&argv("qasm {} --depth 1 --gammas 0.1 --betas 0.2 --symbolic", &[TANGO]));
    assert!(o.status.success(), "{}", stderr(&o));
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert!(stdout.starts_with("OPENQASM 3.0;") && stdout.contains("input float[64] gamma_00;"));
}

#[test]
fn cli_reads_angles_from_a_solve_report() {
    let dir = Scratch::new("qasm-report");
    let o = quzzle(&[
        "solve", TANGO, "--space", "full", "--mixer", "x", "--depths", "1..2", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report_path = dir.join("solve.json");
    std::fs::write(&report_path, &o.stdout).unwrap();
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let out = dir.join("c.qasm");
    let o = quzzle(&argv(
        "qasm {} --depth 2 --angles {} -o {}",
        &[TANGO, report_path.to_str().unwrap(), out.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    let m = json(&dir.join("c.json"));
    assert_eq!(m["gammas"], report["depths"][1]["gammas"]);
    let (a, b) = (
        m["success_probability"].as_f64().unwrap(),
        report["depths"][1]["success_probability"].as_f64().unwrap(),
    );
    assert!((a - b).abs() < 1e-12, "{a} vs {b}");

    // No entry for the depth asked: a clear error naming the file.
    let o = quzzle(&["qasm", TANGO, "--depth", "3", "--angles", report_path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.starts_with("error: ") && e.contains("solve.json") && e.contains("p = 3"),
        "{e}"
    );
}

#[test]
fn cli_optimize_uses_depth_p() {
    let dir = Scratch::new("qasm-optimize");
    let out = dir.join("o.qasm");
    let o = quzzle(&["qasm", TANGO, "--depth", "2", "--optimize", "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m = json(&dir.join("o.json"));
    assert_eq!(m["gammas"].as_array().unwrap().len(), 2);
    assert!(m["success_probability"].as_f64().unwrap() > 1.0 / 128.0);
}

#[test]
fn cli_exports_instances_too_large_to_simulate() {
    // 36 qubits: 2^36 amplitudes do not fit in any test machine, but export needs no state.
    let dir = Scratch::new("qasm-large");
    let out = dir.join("big.qasm");
    let demo = "data/demo-tango-6x6.txt";
    let o = quzzle(&argv(
        "qasm {} --reduce none --space full --mixer x --depth 1 --gammas 0.1 --betas 0.2 --flavor ibm -o {}",
        &[demo, out.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    let m = json(&dir.join("big.json"));
    assert_eq!(m["qubits"], 36);
    assert!(m["success_probability"].is_null());
    assert_eq!(m["valid_bitstrings_method"], "search");
    assert_eq!(m["valid_bitstrings_complete"], true);
    // At --reduce none every qubit is one cell in reading order: the solution, row by row.
    let solution = "101100010011100110011001110010001101";
    assert_eq!(m["valid_bitstrings"], serde_json::json!([solution]));
    assert!(std::fs::read_to_string(&out).unwrap().contains("qubit[36] q;"));

    for extra in [
        &["--optimize"][..],
        &["--gammas", "0.1", "--betas", "0.2", "--with-state", "-o", "x.qasm"][..],
    ] {
        let mut args = vec![
            "qasm", demo, "--reduce", "none", "--space", "full", "--mixer", "x", "--depth", "1",
        ];
        args.extend_from_slice(extra);
        let o = quzzle(&args);
        assert_eq!(o.status.code(), Some(1), "{extra:?}");
        assert!(stderr(&o).contains("36 qubits at the none reduction"), "{}", stderr(&o));
    }
}

#[test]
fn cli_errors_and_usage() {
    let g = ["--gammas", "0.1,0.2", "--betas", "0.3,0.4"];
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (
            vec!["--depth", "2", "--gammas", "0.1", "--betas", "0.3,0.4"],
            2,
            "gammas: 1 angle(s) given; depth 2 needs 2",
        ),
        (
            vec!["--depth", "2", "--gammas", "0.1,0.2", "--betas", "0.3,0.4,0.5"],
            2,
            "betas: 3 angle(s) given",
        ),
        (
            [&["--depth", "2", "--symbolic", "--flavor", "ibm"][..], &g[..]].concat(),
            2,
            "portable",
        ),
        (
            [&["--depth", "2", "-o", "/tmp/x.json"][..], &g[..]].concat(),
            2,
            ".json",
        ),
        (
            vec!["--depth", "2", "--angles", "/nonexistent/solve.json"],
            2,
            "/nonexistent/solve.json",
        ),
        ([&["--depth", "2", "--flavor", "qir"][..], &g[..]].concat(), 2, "qir"),
        (vec!["--depth", "2"], 2, "give exactly one angle source"),
        (vec!["--depth", "2", "--gammas", "0.1,0.2"], 2, "--betas"),
        (
            [&["--depth", "2", "--optimize"][..], &g[..]].concat(),
            2,
            "give exactly one angle source",
        ),
        ([&["--depth", "0"][..], &g[..]].concat(), 2, "depth"),
        ([&["--depth", "2", "--with-state"][..], &g[..]].concat(), 2, "--out"),
    ];
    for (extra, code, needle) in cases {
        let mut args = vec!["qasm", TANGO];
        args.extend(extra.iter().copied());
        let o = quzzle(&args);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {e}");
        assert!(e.contains(needle), "{args:?}: `{needle}` not in {e}");
        if code == 1 {
            assert!(e.starts_with("error: "), "{e}");
        }
    }
    // A reduction that decides every cell leaves nothing to export.
    let o = quzzle(&argv(
        "qasm data/demo-tango-6x6.txt --reduce probe --depth 1 --gammas 0.1 --betas 0.2",
        &[],
    ));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no qubits"), "{}", stderr(&o));
}

/// A puzzle file whose name holds a line break: the header comment escapes it, so the rest of
/// the name cannot become a live statement of the circuit.
#[test]
fn a_line_break_in_the_file_name_stays_inside_the_comment() {
    let dir = Scratch::new("qasm-name");
    let name = dir.join("t\nx q[0];\r\u{2028}.txt");
    std::fs::copy(data("tango-4x4-qasm.txt"), &name).unwrap();
    let out = dir.join("c.qasm");
    let run = Command::new(env!("CARGO_BIN_EXE_quzzle"))
        .args(argv(
            "qasm {} --depth 1 --gammas 0.1 --betas 0.2 -o",
            &[name.to_str().unwrap()],
        ))
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("t\\nx q[0];\\r\\u{2028}.txt"), "{text}");
    for line in text.lines() {
        assert!(
            !line.trim_start().starts_with("x q[0]"),
            "a live line from the name: {line}"
        );
    }
}
