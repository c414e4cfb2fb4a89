//! Issue 25: the binary ends cleanly on hostile outputs and inputs: stdout write errors, huge
//! arguments, angles that overflow, memory limits, long lines, outputs that are inputs.

use crate::common::{argv, data, quzzle, s, stderr, Scratch};
use std::process::{Command, Output, Stdio};

/// A quick run of every command that prints to stdout.
fn printing_commands() -> Vec<Vec<String>> {
    let t = data("tiny-tango-4x4.txt").to_str().unwrap().to_string();
    let q = data("nqueens-4.txt").to_str().unwrap().to_string();
    let runs: [&[&str]; 11] = [
        &["info", &t],
        &["info", &t, "--json"],
        &["classical", &t],
        &["ising", &t],
        &["bench", "--random", "4", "--depth", "1", "--repeats", "1"],
        &["qasm", &t, "--depth", "1", "--gammas", "0.1", "--betas", "0.2"],
        &["generate", "tango", "--size", "4"],
        &["solve", &t, "--depths", "1"],
        &["solve", &t, "--depths", "1", "--json"],
        &["grover", &q],
        &["grover", &q, "--json"],
    ];
    runs.iter().map(|r| r.iter().map(|a| a.to_string()).collect()).collect()
}

#[test]
fn closed_pipe_ends_quietly() {
    for args in printing_commands() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_quzzle"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // Close the reading end before the child writes: its first write fails with EPIPE.
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        // `generate` reports on stderr by design; nothing may mention the pipe or a panic.
        assert!(!err.contains("panicked") && !err.contains("error"), "{args:?}: {err}");
    }
}

#[test]
fn full_disk_on_stdout_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full");
        return;
    };
    for args in printing_commands() {
        let o = Command::new(env!("CARGO_BIN_EXE_quzzle"))
            .args(&args)
            .stdout(Stdio::from(full.try_clone().unwrap()))
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("cannot write standard output") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn bench_depth_and_repeats_are_capped() {
    for args in [
        ["--depth", "18446744073709551615", "--repeats", "1"],
        ["--depth", "257", "--repeats", "1"],
        ["--depth", "1", "--repeats", "1000000000"],
    ] {
        let o = quzzle(&[&["bench", "--random", "10"][..], &args[..]].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("must be 1..="), "{}", stderr(&o));
    }
}

#[test]
fn overflowing_angles_are_refused_on_every_path() {
    let f = data("tiny-tango-4x4.txt");
    let scratch = Scratch::new("overflow-angles");
    let out = scratch.join("c.qasm");
    for gamma in ["1e308", "-1e308"] {
        for symbolic in [false, true] {
            for to_file in [false, true] {
                let mut args = vec!["qasm", f.to_str().unwrap(), "--depth", "1", "--gammas", gamma];
                args.extend(["--betas", "0.2"]);
                if symbolic {
                    args.push("--symbolic");
                }
                if to_file {
                    args.extend(["-o", out.to_str().unwrap()]);
                }
                let o = quzzle(&args);
                let err = stderr(&o);
                assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
                // Refused by the largest angle Angles takes, before any phase overflows.
                assert!(err.contains("must lie within ±1e6"), "{args:?}: {err}");
                assert!(!out.exists(), "{args:?}");
            }
        }
    }
    // NaN and infinities never reach the export (clap parses them; Angles::new refuses).
    for gamma in ["NaN", "inf", "-inf"] {
        let o = quzzle(&argv(
            "qasm {} --depth 1 --gammas {} --betas 0.2 --symbolic",
            &[f.to_str().unwrap(), gamma],
        ));
        assert_eq!(o.status.code(), Some(2), "{gamma}: {}", stderr(&o));
    }
}

#[test]
fn huge_state_messages_give_the_real_size() {
    let scratch = Scratch::new("huge-state");
    let f = scratch.join("q.txt");
    std::fs::write(&f, "puzzle: nqueens\nsize: 12x12\n").unwrap();
    let o = quzzle(&argv(
        "bench {} --reduce none --depth 1 --repeats 1",
        &[f.to_str().unwrap()],
    ));
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // 144 qubits: 2^144 amplitudes of 16 bytes and a diagonal, not a saturated u128.
    assert!(!err.contains("340282366920938463463374607431768211455"), "{err}");
    assert!(err.contains("144 qubits need 2^148."), "{err}");
}

#[test]
fn address_space_limit_is_a_clean_refusal() {
    if !std::path::Path::new("/bin/bash").exists() {
        eprintln!("skipped: no /bin/bash");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_quzzle");
    // 1 GiB of address space: 2^26 amplitudes and their diagonal need 1.5 GiB.
    let o = Command::new("/bin/bash")
        .args([
            "-c",
            &format!("ulimit -v 1048576; exec '{bin}' bench --random 26 --depth 1 --repeats 1"),
        ])
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("B available"), "{err}");
    // 2^25 amplitudes: whatever fits runs; the rest is refused by the guard, never aborted.
    let o = Command::new("/bin/bash")
        .args([
            "-c",
            &format!("ulimit -v 1048576; exec '{bin}' bench --random 25 --depth 1 --repeats 1"),
        ])
        .output()
        .unwrap();
    let (out, err) = (String::from_utf8_lossy(&o.stdout), stderr(&o));
    assert!(matches!(o.status.code(), Some(0 | 1)), "{:?}: {err}", o.status);
    if o.status.code() == Some(0) {
        assert!(!out.contains("NaN"), "{out}");
    } else {
        assert!(err.contains("B available"), "{err}");
    }
}

#[test]
fn long_lines_are_cut_in_errors() {
    let scratch = Scratch::new("long-line");
    let f = scratch.join("t.txt");
    let long = "x".repeat(1 << 20);
    std::fs::write(&f, format!("puzzle: tango\nsize: 4x4\n{long}\n")).unwrap();
    let o = quzzle(&["info", f.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{}", &err[..err.len().min(300)]);
    assert!(err.len() < 2000, "{} bytes on stderr", err.len());
    assert!(err.contains("1048576 characters; cut after column 80"), "{err}");
}

#[test]
fn generate_does_not_create_missing_folders() {
    let scratch = Scratch::new("generate-missing");
    let missing = scratch.join("missing/dir/f.txt");
    let o = quzzle(&["generate", "tango", "--size", "4", "-o", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("does not exist"), "{}", stderr(&o));
    assert!(!scratch.join("missing").exists());
    // An existing folder is fine.
    let here = scratch.join("f.txt");
    let o = quzzle(&["generate", "tango", "--size", "4", "-o", here.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(here.is_file());
    // Asked for, the folder is created.
    let o = quzzle(&argv(
        "generate tango --size 4 --parents -o {}",
        &[missing.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(missing.is_file());
}

#[test]
fn outputs_that_are_inputs_are_refused() {
    let scratch = Scratch::new("output-is-input");
    let puzzle = std::fs::read(data("tiny-tango-4x4.txt")).unwrap();
    let f = scratch.join("in.txt");
    std::fs::write(&f, &puzzle).unwrap();
    let fs = f.to_str().unwrap();
    // The same file spelled another way counts too.
    let dotted = scratch.join(".").join("in.txt");
    let angles = ["--depth", "1", "--gammas", "0.1", "--betas", "0.2"];
    for out in [fs, dotted.to_str().unwrap()] {
        let o = quzzle(&[&["qasm", fs, "-o", out][..], &angles[..]].concat());
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("is the input"), "{}", stderr(&o));
    }
    // `--out DIR` where a file the command writes in DIR is the input (for sweep, one of
    // the instances).
    for (name, line) in [
        ("solve.json", "solve {} --depths 1 --out {}"),
        ("landscape.csv", "landscape {} --grid 2 --out {}"),
        ("sweep.csv", "sweep {} --depths 1 --out {}"),
    ] {
        let input = scratch.join(name);
        std::fs::write(&input, &puzzle).unwrap();
        let o = quzzle(&argv(line, &[s(&input), s(&scratch)]));
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains("is the input"), "{name}: {}", stderr(&o));
        assert_eq!(std::fs::read(&input).unwrap(), puzzle);
    }
    assert_eq!(std::fs::read(&f).unwrap(), puzzle);
}

#[test]
fn a_failed_output_leaves_none_behind() {
    let scratch = Scratch::new("qasm-json-dir");
    let f = data("tiny-tango-4x4.txt");
    std::fs::create_dir(scratch.join("c.json")).unwrap();
    let out = scratch.join("c.qasm");
    let o = quzzle(&argv(
        "qasm {} -o {} --depth 1 --gammas 0.1 --betas 0.2",
        &[f.to_str().unwrap(), out.to_str().unwrap()],
    ));
    // A folder where the manifest goes is refused before any work, as a usage error.
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let left: Vec<_> = std::fs::read_dir(&*scratch)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["c.json"], "only the folder that was there");
}

#[test]
fn no_solution_says_so_without_nan() {
    let scratch = Scratch::new("torus-no-solution");
    // A torus of even side has no N-Queens solution.
    let f = scratch.join("torus.txt");
    std::fs::write(&f, "puzzle: nqueens\nsize: 6x6\ntopology: torus\n").unwrap();
    let o = quzzle(&["classical", f.to_str().unwrap()]);
    let (out, err) = (String::from_utf8_lossy(&o.stdout), stderr(&o));
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!out.contains("NaN") && !err.contains("NaN"), "{out}{err}");
    assert!(out.contains("no assignment meets the constraints"), "{out}");
    assert!(err.contains("no solution"), "{err}");
    let o = quzzle(&["classical", f.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["min_energy"].is_null());
    assert_eq!(v["solution_count"], 0);
    // With the probe reduction the contradiction itself is named.
    let g = scratch.join("torus4.txt");
    std::fs::write(&g, "puzzle: nqueens\nsize: 4x4\ntopology: torus\n").unwrap();
    let o = quzzle(&["classical", g.to_str().unwrap(), "--reduce", "probe"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot be met"), "{}", stderr(&o));
}

/// A quick sweep of the tiny Tango into `out`, from `cwd`, with extra flags.
fn sweep_in(cwd: &std::path::Path, file: &str, out: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quzzle"))
        .current_dir(cwd)
        .args(["sweep", file, "--depths", "1", "--no-instance-plots", "--out", out])
        .args(if extra.contains(&"--max-iters") {
            &[][..]
        } else {
            &["--max-iters", "5"][..]
        })
        .args(extra)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_locked_sweep_folder_is_refused_and_a_stale_lock_taken_over() {
    let dir = Scratch::new("sweep-lock");
    std::fs::copy(data("tiny-tango-4x4.txt"), dir.join("t.txt")).unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    // This test process is alive: its pid holds the lock.
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    let lock = dir.join("out/sweep.lock");
    std::fs::write(&lock, format!("pid {}\nhost {}\n", std::process::id(), host.trim())).unwrap();
    let o = sweep_in(&dir, "t.txt", "out", &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!("pid {}", std::process::id())), "{err}");
    assert!(!dir.join("out/sweep.csv").exists(), "refused before writing");
    // pid 0 is never a process: the lock is stale, taken over with a note, removed at the end.
    std::fs::write(&lock, format!("pid 0\nhost {}\n", host.trim())).unwrap();
    let o = sweep_in(&dir, "t.txt", "out", &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("stale lock"), "{err}");
    assert!(!lock.exists(), "the lock is removed on exit");
    // Also when the sweep fails.
    let o = sweep_in(&dir, "t.txt", "out", &["--restarts", "2"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!lock.exists(), "the lock is removed on an error");
}

#[test]
fn resume_refuses_other_settings_and_knows_a_file_by_any_spelling() {
    let dir = Scratch::new("sweep-settings");
    // A name with a comma, a quote and a newline round-trips through the CSV.
    let odd = "a,\"b\"\nc.txt";
    std::fs::copy(data("tiny-tango-4x4.txt"), dir.join(odd)).unwrap();
    let o = sweep_in(&dir, odd, "out", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rows = quzzle::experiment::sweep::read_csv(&dir.join("out/sweep.csv")).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].file, odd);
    // Another spelling of the same file resumes its row.
    let o = sweep_in(&dir, &format!("./{odd}"), "out", &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("0 computed") && err.contains("1 resumed"), "{err}");
    // Two spellings in one command are one instance.
    let o = Command::new(env!("CARGO_BIN_EXE_quzzle"))
        .current_dir(&*dir)
        .args(["sweep", odd, &format!("./{odd}"), "--depths", "1", "--max-iters", "5"])
        .args(["--no-instance-plots", "--out", "out"])
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.starts_with("1 rows (0 computed"), "{err}");
    // Each setting outside the row key is checked, naming both values.
    for (flag, value, old) in [
        ("--max-iters", "6", "max-iters 5"),
        ("--seed", "9", "seed 0"),
        ("--restarts", "2", "restarts 1"),
        ("--reduce", "propagate", "reduce paper"),
    ] {
        let o = sweep_in(&dir, odd, "out", &[flag, value]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{flag}: {err}");
        assert!(err.contains(old) && err.contains(value), "{flag}: {err}");
    }
    assert_eq!(
        quzzle::experiment::sweep::read_csv(&dir.join("out/sweep.csv"))
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn a_torn_last_csv_line_is_dropped_on_resume_with_a_note() {
    let dir = Scratch::new("sweep-torn");
    std::fs::copy(data("tiny-tango-4x4.txt"), dir.join("t.txt")).unwrap();
    let o = sweep_in(&dir, "t.txt", "out", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let csv = dir.join("out/sweep.csv");
    let whole = std::fs::read_to_string(&csv).unwrap();
    // Killed in the middle of the row: no newline.
    std::fs::write(&csv, &whole[..whole.len() - 20]).unwrap();
    let o = sweep_in(&dir, "t.txt", "out", &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("torn last line") && err.contains("1 computed"), "{err}");
    // A last line with its newline that does not parse (a short write then a newline).
    let text = std::fs::read_to_string(&csv).unwrap();
    std::fs::write(&csv, format!("{text}t.txt,tango,pap\n")).unwrap();
    let o = sweep_in(&dir, "t.txt", "out", &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("torn last line") && err.contains("1 resumed"), "{err}");
    let after = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(after.lines().count(), 2, "{after}");
}

#[test]
fn info_on_a_huge_open_board_answers_quickly() {
    let dir = Scratch::new("info-huge");
    let f = dir.join("q.txt");
    // 40x40 N-Queens: 1600 variables, a probe without budget ran for minutes.
    std::fs::write(&f, "puzzle: nqueens\nsize: 40x40\n").unwrap();
    let began = std::time::Instant::now();
    let o = quzzle(&["info", f.to_str().unwrap()]);
    let (out, err) = (String::from_utf8_lossy(&o.stdout), stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("probe"), "{out}");
    // A hang guard, not a speed check: 14 s in a debug build alone, 35 s on a loaded machine;
    // the unbudgeted probe ran for many minutes.
    assert!(began.elapsed().as_secs() < 180, "{:?}", began.elapsed());
}

#[test]
fn qasm_manifest_of_an_open_board_is_bounded_and_says_so() {
    let dir = Scratch::new("qasm-open");
    let f = dir.join("s.txt");
    let mut text = String::from("puzzle: sudoku\nsize: 6x6\nbox: 2x3\n\n[grid]\n");
    text.push_str(&"......\n".repeat(6));
    std::fs::write(&f, text).unwrap();
    let q = dir.join("s.qasm");
    let began = std::time::Instant::now();
    let o = quzzle(&argv(
        "qasm {} --space full --mixer x --depth 1 --gammas 0.1 --betas 0.2 -o {}",
        &[f.to_str().unwrap(), q.to_str().unwrap()],
    ));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A hang guard, not a speed check (the unbounded manifest search does not end).
    assert!(began.elapsed().as_secs() < 180, "{:?}", began.elapsed());
    let manifest = std::fs::read_to_string(q.with_extension("json")).unwrap();
    assert!(manifest.contains("stopped after"), "{manifest}");
    assert!(manifest.contains("\"valid_bitstrings_complete\": false"), "{manifest}");
}

#[test]
fn generate_gives_up_at_its_time_budget() {
    let began = std::time::Instant::now();
    let o = quzzle(&["generate", "queens", "--size", "16", "--max-seconds", "0.5"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("time budget of 0.5 s") && err.contains("--max-seconds"),
        "{err}"
    );
    assert!(began.elapsed().as_secs() < 10, "{:?}", began.elapsed());
    let o = quzzle(&["generate", "tango", "--size", "4", "--max-seconds", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn every_committed_sweep_csv_still_reads() {
    fn csvs(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                csvs(&p, out);
            } else if p.file_name().is_some_and(|n| n == "sweep.csv") {
                out.push(p);
            }
        }
    }
    let mut found = Vec::new();
    csvs(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("results"),
        &mut found,
    );
    assert!(!found.is_empty(), "no sweep.csv under results/");
    for csv in found {
        let rows = quzzle::experiment::sweep::read_csv(&csv).unwrap_or_else(|e| panic!("{}: {e}", csv.display()));
        let (again, note) = quzzle::experiment::sweep::read_csv_for_resume(&csv).unwrap();
        assert!(
            !rows.is_empty() && rows == again && note.is_none(),
            "{}: {note:?}",
            csv.display()
        );
    }
}

#[test]
fn many_header_lines_parse_in_linear_time() {
    // 200k distinct header keys took a minute when each was compared with every earlier one.
    let mut text = String::from("puzzle: nqueens\nsize: 4x4\n");
    for i in 0..200_000 {
        text.push_str(&format!("note{i}: x\n"));
    }
    let began = std::time::Instant::now();
    let p = quzzle::puzzle::parse("many.txt", &text).unwrap();
    assert_eq!(p.size(), (4, 4));
    // Far from the quadratic minute even on a loaded machine; not a speed check.
    assert!(began.elapsed().as_secs() < 20, "{:?}", began.elapsed());
    // A key given twice still names both lines.
    text.push_str("note7: y\n");
    let err = quzzle::puzzle::parse("many.txt", &text).unwrap_err().to_string();
    assert!(err.contains("appears twice (first at line 10)"), "{err}");
}
