//! `quzzle anneal` through the binary: the same bytes on any thread count, every read on a block
//! space keeping its counts, and a clear error for every bad option. Agreement with
//! dwave-samplers is checked in python/tests/test_anneal.py.

use crate::common::{data, quzzle_on};
use serde_json::Value;
use std::process::Output;

fn quzzle(threads: &str, args: &[&str]) -> Output {
    quzzle_on(threads, &[&["anneal"], args].concat())
}

fn report(threads: &str, args: &[&str]) -> Value {
    let o = quzzle(threads, args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let mut v: Value = serde_json::from_slice(&o.stdout).unwrap();
    for key in ["seconds", "seconds_per_read", "wall_seconds_per_read", "tts99_seconds"] {
        v.as_object_mut().unwrap().remove(key);
    }
    v
}

#[test]
fn the_same_report_on_any_thread_count_and_counts_kept_on_rows() {
    let f = data("queens-4x4-handmade.txt");
    let f = f.to_str().unwrap();
    for space in ["full", "rows"] {
        let args = [
            "--space", space, "--reads", "300", "--sweeps", "15", "--seed", "4", "--json", f,
        ];
        let one = report("1", &args);
        assert_eq!(one, report("2", &args), "{space}");
        assert_eq!(one["reads"], 300);
        let reads: u64 = one["energies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["reads"].as_u64().unwrap())
            .sum();
        assert_eq!(reads, 300);
        if space == "rows" {
            // The row space of a 4x4 Queens: 4^4 states.
            assert_eq!(one["dimension"], 256.0);
        }
    }
    let text = String::from_utf8(quzzle("1", &["--reads", "50", "--sweeps", "50", f]).stdout).unwrap();
    assert!(text.contains("P(valid) per read") && text.contains("TTS99"), "{text}");
}

/// A read's seconds are its thread's CPU time, which never exceeds the wall time around it:
/// the wall time is kept beside it, and the TTS99 in seconds is taken from the CPU time.
#[test]
fn reads_are_timed_in_cpu_time_with_the_wall_time_beside() {
    let f = data("queens-4x4-handmade.txt");
    let o = quzzle(
        "2",
        &[
            "--reads",
            "200",
            "--sweeps",
            "200",
            "--seed",
            "1",
            "--json",
            f.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let cpu = v["seconds_per_read"].as_f64().unwrap();
    let wall = v["wall_seconds_per_read"].as_f64().unwrap();
    assert!(cpu > 0.0 && wall > 0.0, "{cpu} {wall}");
    // The two clocks are read a few ns apart: allow for that, not for a larger CPU time.
    assert!(cpu <= wall + 1e-6, "CPU {cpu} s > wall {wall} s per read");
    let reads = v["reads_99"].as_f64().unwrap();
    assert_eq!(v["tts99_seconds"].as_f64().unwrap().to_bits(), (reads * cpu).to_bits());
}

#[test]
fn every_bad_option_is_a_clear_error() {
    let tango = data("tiny-tango-4x4.txt");
    let tango = tango.to_str().unwrap();
    for (args, code, says) in [
        (vec!["--beta-range", "1", tango], 2, "not two numbers"),
        (vec!["--beta-range", "a,2", tango], 2, "`a` is not a number"),
        (vec!["--beta-range", "0,2", tango], 2, "> 0 for the geometric"),
        (
            vec!["--beta-range=-1,2", "--schedule", "linear", tango],
            2,
            "finite numbers ≥ 0",
        ),
        (vec!["--reads", "0", tango], 2, "--reads 0: must be 1..="),
        (vec!["--space", "rows", tango], 2, "is not one plain count"),
        (
            vec!["--reads", "100000000", "--sweeps", "100000", tango],
            2,
            "spin updates",
        ),
        (vec!["missing-file.txt"], 2, "missing-file.txt"),
    ] {
        let o = quzzle("1", &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
