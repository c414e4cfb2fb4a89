//! Issue 25: the same command gives the same bytes whatever the number of threads. Every sum
//! over amplitudes runs over a partition fixed by the state's length, added in order; these
//! runs use states of 2^15 to 2^18 amplitudes, above `PAR_MIN_QUBITS` (14), where the parallel
//! paths (level sums, stream-sweep tasks, adjoint overlaps) engage.

use crate::common::{argv, data, ok_on, Scratch};
use quzzle::sim::kernels::PAR_MIN_QUBITS;

const THREADS: [&str; 4] = ["1", "2", "3", "8"];

fn quzzle_with_threads(threads: &str, args: &[&str]) -> String {
    ok_on(threads, args)
}

/// A JSON report without what a rerun may change: times, rates, the thread count.
fn without_timing(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(m) => {
            m.retain(|k, _| !(k.contains("seconds") || k == "gbps" || k == "threads"));
            m.values_mut().for_each(without_timing);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(without_timing),
        _ => {}
    }
}

fn json_without_timing(text: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).expect("JSON output");
    without_timing(&mut v);
    v.to_string()
}

fn assert_same_for_every_thread_count(what: &str, run: impl Fn(&str) -> String) {
    let first = run(THREADS[0]);
    for t in &THREADS[1..] {
        assert_eq!(run(t), first, "{what}: {t} threads differ from 1");
    }
}

#[test]
fn bench_is_bit_identical_for_any_thread_count() {
    const { assert!(15 > PAR_MIN_QUBITS) };
    for n in ["15", "18"] {
        assert_same_for_every_thread_count(&format!("bench {n}"), |t| {
            let out = quzzle_with_threads(t, &["bench", "--random", n, "--depth", "3", "--repeats", "1", "--json"]);
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert!(v["energy"].is_number() && v["gradient_skipped"].is_null(), "{out}");
            json_without_timing(&out)
        });
    }
}

#[test]
fn solve_is_bit_identical_for_any_thread_count() {
    // 16 qubits at the paper reduction.
    let f = data("nqueens-4.txt");
    assert_same_for_every_thread_count("solve", |t| {
        let out = quzzle_with_threads(
            t,
            &argv("solve {} --depths 1..2 --max-iters 8 --json", &[f.to_str().unwrap()]),
        );
        json_without_timing(&out)
    });
}

#[test]
fn sweep_is_bit_identical_for_any_thread_count() {
    let f = data("nqueens-4.txt");
    let dir = Scratch::new("sweep-threads");
    assert_same_for_every_thread_count("sweep", |t| {
        let out = dir.join(format!("t{t}"));
        quzzle_with_threads(
            t,
            &argv(
                "sweep {} --depths 1..2 --max-iters 8 --no-instance-plots --out {}",
                &[f.to_str().unwrap(), out.to_str().unwrap()],
            ),
        );
        // Every column but the wall time (the last).
        std::fs::read_to_string(out.join("sweep.csv"))
            .unwrap()
            .lines()
            .map(|l| l.rsplit_once(',').unwrap().0.to_string() + "\n")
            .collect()
    });
}
