//! Exit codes and messages that agree with each other and with the docs: one exit-code rule
//! for every command, one unit rule for bytes, small probabilities in scientific notation,
//! refusals that name what would work, and reports that name things as the files do.

use crate::common::{argv, data, ok, quzzle, scratch_and_data, stderr, Scratch};
use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `puzzle: nqueens` of side `n` in `dir`.
fn nqueens(dir: &std::path::Path, n: usize) -> String {
    let f = dir.join(format!("nqueens-{n}.txt"));
    std::fs::write(&f, format!("puzzle: nqueens\nsize: {n}x{n}\n")).unwrap();
    f.to_str().unwrap().to_string()
}

/// Exit code 2 for anything the user typed or handed in wrong — a missing input file, a
/// file that does not parse, an argument out of its domain — on every command.
#[test]
fn every_command_exits_2_for_input_handed_in_wrong() {
    let s = Scratch::new("messages-exit-codes");
    let missing = s.join("no-such-file.txt");
    let missing = missing.to_str().unwrap();
    let bad_json = s.join("bad.json");
    std::fs::write(&bad_json, "{ not json").unwrap();
    let bad_json = bad_json.to_str().unwrap();
    let tango = data("tiny-tango-4x4.txt");
    let tango = tango.to_str().unwrap();
    let out = s.join("out");
    let out = out.to_str().unwrap();
    let q = s.join("q.qasm");
    let q = q.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        // A missing input file.
        vec!["info", missing],
        vec!["classical", missing],
        vec!["solve", missing],
        vec!["ising", missing],
        vec!["bench", missing, "--repeats", "1"],
        vec!["qasm", missing, "--depth", "1", "--gammas", "0.1", "--betas", "0.2"],
        vec!["sweep", missing, "--out", out],
        vec!["landscape", missing, "--out", out],
        vec!["grover", missing],
        vec!["sample", missing, "--shots", "5"],
        argv("sample {} --depth 1 --gammas 0.1 --betas 0.2 --shots 5", &[missing]),
        vec!["score", missing, "--manifest", missing],
        // Invalid JSON in an angles file, a manifest or counts.
        vec!["qasm", tango, "--depth", "1", "--angles", bad_json, "-o", q],
        vec!["sample", bad_json, "--shots", "5"],
        vec!["sample", tango, "--depth", "1", "--angles", bad_json, "--shots", "5"],
        vec!["score", bad_json, "--manifest", bad_json],
        // An argument out of its domain: the compact encoding is for Sudoku only.
        vec!["info", tango, "--encoding", "compact"],
        vec!["classical", tango, "--encoding", "compact"],
        vec!["solve", tango, "--encoding", "compact"],
        vec!["ising", tango, "--encoding", "compact"],
        argv(
            "qasm {} --encoding compact --depth 1 --gammas 0.1 --betas 0.2",
            &[tango],
        ),
        vec!["sweep", tango, "--encoding", "compact", "--out", out],
        vec!["landscape", tango, "--encoding", "compact", "--out", out],
        vec!["demo", "--space", "full", "--mixer", "xy-ring", "--out", out],
        argv("bench {} --space full --mixer xy-ring --repeats 1", &[tango]),
        vec!["grover", tango, "--space", "regions"],
        vec!["generate", "queens", "--size", "0"],
    ];
    for args in &cases {
        let o = quzzle(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A missing file is named in the message.
    let err = stderr(&quzzle(&["solve", missing]));
    assert!(err.contains("no-such-file.txt"), "{err}");
    // Failures of the work itself on good input stay 1: too big for this machine.
    let big = nqueens(&s, 12);
    let o = quzzle(&["solve", &big, "--reduce", "none", "--space", "full", "--mixer", "x"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn the_readme_states_the_exit_code_rule() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains("2 for anything typed or handed in wrong"),
        "README.md must state the exit-code rule"
    );
}

#[test]
fn space_help_names_every_mixer_that_resolves_to_auto() {
    let help = stdout(&quzzle(&["solve", "--help"]));
    assert!(help.contains("auto with an xy or the grover mixer"), "{help}");
}

/// `--space auto --mixer grover` takes the smallest space of any blocks: on 6-Queens the 720
/// permutations (rows+cols), not the 46,656 row states.
#[test]
fn grover_auto_takes_rows_plus_cols_when_smaller() {
    let s = Scratch::new("messages-grover-auto");
    let f = nqueens(&s, 6);
    let o = quzzle(&argv("solve {} --reduce none --mixer grover --depths 1 --json", &[&f]));
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["space"], "rows+cols", "{v}");
    assert_eq!(v["dimension"], 720.0);
    // Under an XY mixer auto still takes plain blocks.
    let o = quzzle(&argv("solve {} --reduce none --mixer xy-ring --depths 1 --json", &[&f]));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["space"], "rows", "{v}");
}

#[test]
fn qasm_counts_the_xy_gates_by_the_name_the_file_uses() {
    let (_dir, f, q) = scratch_and_data("messages-qasm-xy", "nqueens-4.txt", "n4.qasm");
    let o = quzzle(&argv(
        "qasm {} --reduce none --space rows --mixer xy-ring --depth 1 --gammas 0.1 --betas 0.2 -o {}",
        &[f.to_str().unwrap(), q.to_str().unwrap()],
    ));
    let text = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = std::fs::read_to_string(&q).unwrap();
    let in_file = file.lines().filter(|l| l.starts_with("xy_mixer(")).count();
    assert!(in_file > 0, "{file}");
    assert!(text.contains(&format!("{in_file} xy_mixer")), "{text}");
    assert!(!text.contains("xx_plus_yy"), "{text}");
}

/// A refusal of the full space names the block spaces that fit, and every byte count of one
/// state is written by one rule: 36 qubits of 16 + 2 bytes are 1.12 TiB everywhere.
#[test]
fn too_big_refusals_name_the_block_spaces_and_bytes_read_the_same_everywhere() {
    let s = Scratch::new("messages-too-big");
    let f = nqueens(&s, 6);
    let o = quzzle(&["solve", &f, "--reduce", "none", "--space", "full", "--mixer", "x"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("need 1.12 TiB"), "{err}");
    assert!(err.contains("rows (46656 states, xy or grover mixer)"), "{err}");
    let info = stdout(&quzzle(&["info", &f, "--reduce", "none"]));
    assert!(!info.contains("1.00 TiB") && !info.contains("1152"), "{info}");
    // The level table (five levels), the summary line and the full space's row, all alike.
    assert_eq!(info.matches("TiB").count(), 7, "{info}");
    assert_eq!(info.matches("1.12 TiB").count(), 7, "{info}");
}

#[test]
fn the_info_space_table_lines_up_with_its_header() {
    let f = data("nqueens-4.txt");
    let info = stdout(&quzzle(&["info", f.to_str().unwrap(), "--reduce", "none"]));
    let lines: Vec<&str> = info.lines().collect();
    let h = lines
        .iter()
        .position(|l| l.trim_start().starts_with("space "))
        .expect("header");
    let header = lines[h];
    let fits = header.find("fits").unwrap();
    let route = header.find("route").unwrap();
    let bytes_end = header.find("bytes").unwrap() + "bytes".len();
    let mut rows = 0;
    for l in lines[h + 1..]
        .iter()
        .take_while(|l| l.starts_with("  ") && !l.starts_with("  auto under"))
    {
        if l.contains("not a space") {
            continue;
        }
        rows += 1;
        assert!(
            l[fits..].starts_with("yes") || l[fits..].starts_with("no "),
            "{header}\n{l}"
        );
        assert!(
            l[route..].starts_with("statevector")
                || l[route..].starts_with("histogram")
                || l[route..].starts_with("none"),
            "{header}\n{l}"
        );
        assert!(l[..bytes_end].ends_with('B'), "{header}\n{l}");
    }
    assert!(rows >= 5, "{info}");
    assert!(info.contains("auto=rows+cols"), "{info}");
}

#[test]
fn small_probabilities_print_in_scientific_notation() {
    let s = Scratch::new("messages-small-p");
    let f = nqueens(&s, 6);
    // 46,656 row states: the most likely has a probability well below 1e-3 at p = 1.
    let o = quzzle(&argv(
        "solve {} --reduce none --space rows --mixer xy-ring --depths 1",
        &[&f],
    ));
    let text = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .expect("the p = 1 row");
    let top = &row[row.rfind('(').unwrap()..];
    assert!(top.contains("e-4, "), "{row}");
    assert!(
        !text.contains(" 0.000") && !text.contains("(0.000") && !text.contains("probability 0.0000"),
        "{text}"
    );
}

#[test]
fn ising_writes_coupling_indices_as_integers() {
    let o = quzzle(&["ising", data("tiny-tango-4x4.txt").to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let j = v["J"].as_array().unwrap();
    assert!(!j.is_empty());
    for t in j {
        assert!(t[0].is_u64() && t[1].is_u64(), "{t}");
    }
}

/// A sweep folder holding rows of several spaces draws and lists each space's own baseline,
/// and names each curve by init, mixer and space.
#[test]
fn a_sweep_of_several_spaces_keeps_their_curves_and_baselines_apart() {
    let s = Scratch::new("messages-sweep-spaces");
    let f = data("nqueens-4.txt");
    let f = f.to_str().unwrap();
    let out = s.join("sweep");
    let out = out.to_str().unwrap();
    for extra in [
        &["--space", "rows", "--mixer", "xy-ring"][..],
        &["--space", "rows+cols", "--mixer", "grover"][..],
    ] {
        let mut args = argv("sweep {} --reduce none --depths 1..2 --init interp --out {}", &[f, out]);
        args.extend_from_slice(extra);
        let o = quzzle(&args);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let summary = std::fs::read_to_string(s.join("sweep/summary.md")).unwrap();
    assert!(
        summary.contains("curves: interp, grover on rows+cols; interp, xy-ring on rows."),
        "{summary}"
    );
    assert!(summary.contains("space rows: median P(valid) 7.812e-3"), "{summary}");
    assert!(
        summary.contains("space rows+cols: median P(valid) 8.333e-2"),
        "{summary}"
    );
    let svg = std::fs::read_to_string(s.join("sweep/success_vs_depth.svg")).unwrap();
    assert!(
        svg.contains("uniform sampling of space rows+cols"),
        "no baseline of rows+cols"
    );
    assert!(
        svg.matches("uniform sampling of space rows").count()
            > svg.matches("uniform sampling of space rows+cols").count(),
        "no baseline of rows"
    );
}

#[test]
fn solve_out_draws_the_success_figure() {
    let (_dir, f, out) = scratch_and_data("messages-solve-figure", "tiny-tango-4x4.txt", "solve");
    let text = ok(&argv(
        "solve {} --depths 1..2 --out {}",
        &[f.to_str().unwrap(), out.to_str().unwrap()],
    ));
    for f in [
        "solve.json",
        "depths.csv",
        "success_vs_depth.svg",
        "success_vs_depth.png",
    ] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    assert!(text.contains("success_vs_depth.png"), "{text}");
}

#[test]
fn a_skipped_sweep_instance_names_what_would_run_it() {
    let s = Scratch::new("messages-sweep-skip");
    let o = quzzle(&argv(
        "sweep {} --space full --mixer x --max-qubits 8 --out {}",
        &[
            data("tiny-tango-4x4.txt").to_str().unwrap(),
            s.join("o").to_str().unwrap(),
        ],
    ));
    let err = stderr(&o);
    assert!(err.contains("more than the limit of 2^8"), "{err}");
    assert!(err.contains("--max-qubits 11"), "{err}");
    assert!(err.contains("--reduce propagate"), "{err}");
}

#[test]
fn demo_help_says_a_block_space_needs_its_mixer() {
    let help = stdout(&quzzle(&["demo", "--help"]));
    assert!(help.contains("--space rows` needs `--mixer grover"), "{help}");
    let s = Scratch::new("messages-demo-rows");
    let o = quzzle(&argv(
        "demo --space rows --mixer grover --out {}",
        &[s.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/usage.md")).unwrap();
    assert!(
        readme.contains("quzzle demo [--out DIR] [--space S --mixer M]"),
        "docs/usage.md"
    );
}

/// The walkthrough of docs/qasm.md runs as pasted: its folder is made before it is written to.
#[test]
fn the_qasm_walkthrough_makes_its_folder_first() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/qasm.md")).unwrap();
    let walk = &doc[doc.find("### Walkthrough").unwrap()..];
    let block = &walk[walk.find("```sh").unwrap()..];
    let block = &block[..block[5..].find("```").unwrap()];
    let mkdir = block.find("mkdir -p out").expect("mkdir in the walkthrough");
    assert!(mkdir < block.find("-o out/").unwrap(), "{block}");
    // Noisy energies include readout flips, and the docs say so.
    assert!(doc.contains("noisy P(valid) and energy, both after readout flips"));
}
