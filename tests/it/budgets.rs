//! Budgets and memory for long runs: every count a user asks for is checked before it is
//! allocated, and the counting routes (exact search, cost histogram, Grover statevector) stop
//! at `--max-seconds` with what they did and what the whole would take.

use crate::common::{argv, data, quzzle, s, scratch_and_data, stderr, usage_error, Scratch};
use quzzle::budget::Budget;
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, EncodingKind};
use quzzle::error::Instead;
use quzzle::experiment::grover::{grover, grover_within, statevector_curve_within, GroverRoute, GroverSettings};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::simulation::histogram::{cost_histogram_within, enumerated_histogram_within, search_histogram_within};
use quzzle::simulation::{self, SpaceSettings};
use quzzle::Error;
use std::path::PathBuf;
use std::time::Duration;

/// A budget that has already run out.
fn spent() -> Budget<'static> {
    let b = Budget::new(Some(quzzle::checked::Seconds::new(1e-9).unwrap()), Duration::MAX, None);
    std::thread::sleep(Duration::from_millis(2));
    assert!(b.expired());
    b
}

/// An N-Queens file of side `n` in `dir`.
fn nqueens(dir: &std::path::Path, n: usize) -> PathBuf {
    let path = dir.join(format!("nqueens-{n}.txt"));
    std::fs::write(&path, format!("puzzle: nqueens\nsize: {n}x{n}\n")).unwrap();
    path
}

/// Runs `line` on `n`-Queens in a scratch folder `name`; it must stop at its time budget (exit
/// 1). Returns its stderr and stdout.
fn stopped_by_time(name: &str, n: usize, line: &str) -> (String, Vec<u8>) {
    let dir = Scratch::new(name);
    let f = nqueens(&dir, n);
    let o = quzzle(&argv(line, &[f.to_str().unwrap()]));
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    (err, o.stdout)
}

fn out_of_time(e: Error) -> String {
    assert!(matches!(e, Error::OutOfTime { .. }), "{e}");
    e.to_string()
}

#[test]
fn a_spent_budget_stops_every_counting_route_with_what_was_done() {
    let enc = encoding::load(&data("nqueens-5-soft-regions.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    let grover_on = |space| SpaceSettings {
        space,
        mixer: MixerKind::Grover,
        ..Default::default()
    };
    // Listed states, counted run by run.
    let space = simulation::space_of(enc.as_ref(), &grover_on(SpaceChoice::Full)).unwrap();
    let e = out_of_time(enumerated_histogram_within(enc.as_ref(), &space, &spent()).unwrap_err());
    assert!(e.contains("counting the cost histogram of space full"), "{e}");
    assert!(e.contains("of 33554432 states counted"), "{e}");
    // Past 2^22 states the histogram route takes the frontier count, which says how far it got.
    let frontier = out_of_time(cost_histogram_within(enc.as_ref(), &space, &spent()).unwrap_err());
    assert!(frontier.contains("(frontier width 2^"), "{frontier}");
    assert!(frontier.contains("of 25 variables counted"), "{frontier}");
    // The library states the budget; the command line adds its flag (`raise --max-seconds`).
    assert!(e.contains("no result within the time budget of"), "{e}");
    // Counted states, by the depth-first search.
    let q = encoding::load(&data("nqueens-4.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    let space = simulation::space_of(q.as_ref(), &grover_on(SpaceChoice::RowsCols)).unwrap();
    let e = out_of_time(search_histogram_within(q.as_ref(), &space, &spent()).unwrap_err());
    assert!(e.contains("space rows+cols"), "{e}");
    assert!(search_histogram_within(q.as_ref(), &space, &Budget::unlimited()).is_ok());
    // The exact search for every solution.
    let e = out_of_time(q.search_within(0, u64::MAX, &spent()).unwrap_err());
    assert!(e.contains("the exact search for every solution"), "{e}");
    assert!(e.contains("search nodes"), "{e}");
    // The Grover statevector, between iterations.
    let e = out_of_time(statevector_curve_within(64, &[3], (0, 10), &spent()).unwrap_err());
    assert!(e.contains("0 of 10 iterations"), "{e}");
    // grover says what gives the curve without the statevector.
    let settings = GroverSettings {
        iterations: Some((0, 5)),
        route: GroverRoute::Statevector,
        ..GroverSettings::default()
    };
    let e = grover_within(q.as_ref(), &settings, &spent()).unwrap_err();
    assert!(
        matches!(
            e,
            Error::OutOfTime {
                instead: Some(Instead::ClosedFormRoute),
                ..
            }
        ),
        "{e}"
    );
    assert!(Instead::ClosedFormRoute
        .to_string()
        .contains("the closed-form route gives the curve"));
}

#[test]
fn statevector_curves_keep_only_the_counts_asked_for() {
    let all = statevector_curve_within(64, &[3, 17, 40], (0, 12), &Budget::unlimited()).unwrap();
    let tail = statevector_curve_within(64, &[3, 17, 40], (9, 12), &Budget::unlimited()).unwrap();
    assert_eq!(tail, all[9..].to_vec());
    let e = statevector_curve_within(64, &[3], (0, 1 << 40), &Budget::unlimited()).unwrap_err();
    assert!(e.to_string().contains("at most 100000 per report"), "{e}");
}

#[test]
fn a_billion_grover_iterations_come_from_the_closed_form_at_once() {
    let q = encoding::load(&data("nqueens-4.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    let settings = GroverSettings {
        iterations: Some((1_000_000_000, 1_000_000_000)),
        ..GroverSettings::default()
    };
    let r = grover(q.as_ref(), &settings).unwrap();
    assert_eq!(r.iterations.len(), 1);
    assert_eq!(r.iterations[0].k, 1_000_000_000);
    assert!(r.iterations[0].statevector.is_none());
    let note = r.note.unwrap();
    assert!(note.contains("more than the 2^34 amplitude updates"), "{note}");
    // Asked for by name, the statevector runs only the count kept (a short run here).
    let settings = GroverSettings {
        iterations: Some((1000, 1002)),
        route: GroverRoute::Statevector,
        ..GroverSettings::default()
    };
    let r = grover(q.as_ref(), &settings).unwrap();
    assert_eq!(r.iterations.len(), 3);
    assert!(r.max_difference < 1e-9, "{}", r.max_difference);
    // The largest count there is does not overflow the closed form.
    let settings = GroverSettings {
        iterations: Some((usize::MAX, usize::MAX)),
        route: GroverRoute::ClosedForm,
        ..GroverSettings::default()
    };
    let p = grover(q.as_ref(), &settings).unwrap().iterations[0].closed_form;
    assert!((0.0..=1.0).contains(&p), "{p}");
    let o = quzzle(&argv(
        "grover {} --iterations 0..1000000000",
        &[data("nqueens-4.txt").to_str().unwrap()],
    ));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("lists 1000000001 counts; at most 100000 per report"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn grover_max_seconds_stops_the_exact_search_and_says_so() {
    // 14-Queens has 365,596 solutions: the exact search for M takes many minutes.
    let (err, stdout) = stopped_by_time("budgets-grover", 14, "grover {} --space rows+cols --max-seconds 0.5");
    assert!(
        err.contains("the exact search for every solution: no result within the time budget of 0.5 s"),
        "{err}"
    );
    assert!(
        err.contains("search nodes") && err.contains("raise --max-seconds"),
        "{err}"
    );
    assert!(stdout.is_empty());
    for bad in ["0", "-1", "nan", "inf"] {
        let flag = format!("--max-seconds={bad}");
        let o = quzzle(&["grover", data("nqueens-4.txt").to_str().unwrap(), &flag]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("positive number of seconds"),
            "{bad}: {}",
            stderr(&o)
        );
    }
    // A budget far beyond the clock's range is no limit.
    let o = quzzle(&argv(
        "grover {} --max-seconds 1e20",
        &[data("nqueens-4.txt").to_str().unwrap()],
    ));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn solve_max_seconds_stops_the_cost_histogram_and_says_so() {
    // 12! = 479,001,600 states of rows+cols to count: far more than half a second.
    let (err, _) = stopped_by_time(
        "budgets-solve",
        12,
        "solve {} --space rows+cols --mixer grover --depths 1 --max-seconds 0.5",
    );
    assert!(
        err.contains("counting the cost histogram of space rows+cols: no result within the time budget of 0.5 s"),
        "{err}"
    );
    assert!(err.contains("of 479001600 states counted"), "{err}");
}

#[test]
fn trajectories_that_do_not_fit_are_refused_before_any_work() {
    let t = data("tiny-tango-4x4.txt");
    let o = quzzle(&argv(
        "solve {} --depths 1 --noise heron --trajectories 1000000000000000",
        &[t.to_str().unwrap()],
    ));
    let err = stderr(&o);
    // The cap of a million trajectories refuses it (a usage error); a library caller cannot
    // pass more, since every estimate takes a checked `Trajectories`.
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--trajectories 1000000000000000: must be 1..=1000000"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "refused before the angles are optimised");
}

#[test]
fn a_noise_rate_given_twice_is_refused_by_name() {
    let t = data("tiny-tango-4x4.txt");
    let err = usage_error(&argv("solve {} --depths 1 --noise p1=1e-3,p1=2e-3", &[s(&t)]));
    assert!(err.contains("the rate `p1` is given twice"), "{err}");
}

#[test]
fn sweep_max_seconds_stops_the_cost_histogram_and_says_so() {
    let dir = Scratch::new("budgets-sweep");
    let f = nqueens(&dir, 12);
    let out = dir.join("out");
    let o = quzzle(&argv(
        "sweep {} --space rows+cols --mixer grover --depths 1 --max-qubits 30 --max-seconds 3 --out {}",
        &[f.to_str().unwrap(), out.to_str().unwrap()],
    ));
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        // Three seconds: the setup before the count (reading, the space) must not spend the
        // budget on a loaded machine, and the count itself takes minutes.
        err.contains("counting the cost histogram of space rows+cols: no result within the time budget of 3 s"),
        "{err}"
    );
}

/// `solve --max-seconds` bounds the optimisation and the noisy trajectories too, not only the
/// histogram count: each run below would take minutes, and stops with exit 1 saying where.
#[test]
fn solve_stops_its_optimiser_and_trajectories_at_the_time_budget() {
    let f = data("queens-4x4-handmade.txt");
    let f = f.to_str().unwrap();
    for (args, task) in [
        // Stopped between depths or inside one's optimisation, whichever comes first.
        (vec!["--depths", "1..256"], "time budget"),
        (
            vec!["--depths", "1", "--noise", "p2=0.3", "--trajectories", "1000000"],
            "running noisy trajectories",
        ),
    ] {
        let began = std::time::Instant::now();
        let mut all = vec!["solve", f, "--reduce", "none", "--max-seconds", "1"];
        all.extend(args);
        let out = quzzle(&all);
        let e = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{all:?}: {e}");
        assert!(e.contains(task) && e.contains("time budget of 1 s"), "{all:?}: {e}");
        // Generous: a loaded machine may be slow, but not minutes.
        assert!(began.elapsed() < Duration::from_secs(60), "{all:?}");
    }
    // Counts past any use are refused before the work.
    let out = quzzle(&["solve", f, "--noise", "heron", "--trajectories", "1000000000"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--trajectories 1000000000: must be 1..=1000000"),
        "{}",
        stderr(&out)
    );
}

/// `sample --shots 2^64 − 1` would draw for centuries: refused before any work.
#[test]
fn absurd_shot_counts_are_refused_up_front() {
    let (dir, f, out) = scratch_and_data("sample-shots", "nqueens-5-given.txt", "c.qasm");
    let made = quzzle(&argv(
        "qasm {} --depth 1 --gammas 0.1 --betas 0.2 -o {}",
        &[f.to_str().unwrap(), out.to_str().unwrap()],
    ));
    assert!(made.status.success(), "{}", stderr(&made));
    let manifest = dir.join("c.json");
    for shots in ["18446744073709551615", "100000001"] {
        let began = std::time::Instant::now();
        let o = quzzle(&["sample", manifest.to_str().unwrap(), "--shots", shots]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("--shots") && stderr(&o).contains("1..=1e8"),
            "{}",
            stderr(&o)
        );
        assert!(began.elapsed() < Duration::from_secs(10));
    }
    // 1e8 shots take longer than a second to draw: --max-seconds stops the draw, nothing written.
    let counts = dir.join("counts.json");
    let o = quzzle(&argv(
        "sample {} --shots 100000000 --max-seconds 0.2 -o {}",
        &[manifest.to_str().unwrap(), counts.to_str().unwrap()],
    ));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("drawing shots: no result within the time budget of 0.2 s"),
        "{}",
        stderr(&o)
    );
    assert!(!counts.exists());
}

/// `anneal --max-seconds` and `qasm --depths --optimize --max-seconds` stop their work (exit 1)
/// and write nothing.
#[test]
fn anneal_and_experiment_exports_stop_at_the_time_budget() {
    let dir = Scratch::new("budget-anneal-qasm");
    let f = data("queens-4x4-handmade.txt");
    let f = f.to_str().unwrap();
    let job = dir.join("job");
    for args in [
        argv(
            "anneal {} --reduce none --reads 2000000 --sweeps 1000 --max-seconds 1",
            &[f],
        ),
        argv(
            "qasm {} --reduce none --depths 1..200 --optimize --max-seconds 1 -o {}",
            &[f, job.to_str().unwrap()],
        ),
    ] {
        let began = std::time::Instant::now();
        let out = quzzle(&args);
        let e = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {e}");
        assert!(e.contains("time budget of 1 s"), "{args:?}: {e}");
        assert!(began.elapsed() < Duration::from_secs(60), "{args:?}");
    }
    // The export keeps the depths done before the budget ran out (at least p = 1, which takes
    // milliseconds), indexed, and says where it stopped.
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(job.join("experiment.json")).unwrap()).unwrap();
    let done = index["depths"].as_array().unwrap();
    assert!(!done.is_empty() && done.len() < 200, "{index}");
    for (i, d) in done.iter().enumerate() {
        assert_eq!(d["p"], i + 1);
        assert!(job.join(d["qasm"].as_str().unwrap()).is_file());
    }
}

/// A run over depths that stops (here at its time budget, with noise at every depth) keeps
/// the depths before the one that stopped: printed, in the JSON with `stopped` naming the depth
/// and why, written to --out, with each depth's noisy estimate; the exit is still 1.
#[test]
fn a_stopped_run_keeps_the_depths_before_it() {
    let dir = Scratch::new("budget-keeps-depths");
    let f = data("queens-4x4-handmade.txt");
    let out_dir = dir.join("run");
    let out = quzzle(&argv(
        "solve {} --reduce none --space full --mixer x --depths 1..256 --noise p2=0.01 --trajectories 20 --max-seconds 3 --json --out {}",
        &[f.to_str().unwrap(), out_dir.to_str().unwrap()],
    ));
    let e = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{e}");
    assert!(e.contains("time budget of 3 s"), "{e}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the report is printed");
    let depths = report["depths"].as_array().unwrap();
    assert!(!depths.is_empty(), "{e}");
    for (i, d) in depths.iter().enumerate() {
        assert_eq!(d["p"], i + 1);
        assert_eq!(d["noisy"].as_array().map(Vec::len), Some(1), "{d}");
    }
    let stopped = &report["stopped"];
    assert_eq!(stopped["depth"], depths.len() + 1, "{report}");
    assert!(
        stopped["reason"].as_str().unwrap().contains("time budget of 3 s"),
        "{stopped}"
    );
    assert!(e.contains(&format!("stopped at p = {}", depths.len() + 1)), "{e}");
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("solve.json")).unwrap()).unwrap();
    assert_eq!(written["stopped"], *stopped);
    // A run that finishes carries no `stopped`.
    let whole = quzzle(&argv(
        "solve {} --reduce none --depths 1 --json",
        &[f.to_str().unwrap()],
    ));
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
    assert!(whole.get("stopped").is_none());
}

/// `solve --restarts 2^64 − 1` would never end: refused before any work, as in a sweep.
#[test]
fn absurd_restart_counts_are_refused_up_front() {
    let f = data("tiny-tango-4x4.txt");
    for restarts in ["18446744073709551615", "10001", "0"] {
        let o = quzzle(&["solve", f.to_str().unwrap(), "--restarts", restarts]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("must be 1..=10000"), "{}", stderr(&o));
    }
}
