//! The request table (tests/data/request_cases.json) through the command line: every case is
//! accepted with the request it expects, or refused with its message. python/tests/
//! test_requests.py runs the same table through Python and compares both sides.

use crate::common::{quzzle, Scratch};
use serde_json::Value;

/// The command and the positional arguments a dry run of `job` needs (nothing is read).
pub fn command_of(job: &str) -> Vec<&'static str> {
    match job {
        "solve" => vec!["solve", "puzzle.txt"],
        "sweep" => vec!["sweep", "puzzle.txt"],
        "export" => vec!["qasm", "puzzle.txt"],
        "sample" => vec!["sample", "puzzle.txt"],
        "score" => vec!["score", "counts.json"],
        "predict" => vec!["predict", "routed.qasm", "--manifest", "out.json"],
        "plan" => vec!["plan", "puzzle.txt"],
        "anneal" => vec!["anneal", "puzzle.txt"],
        "grover" => vec!["grover", "puzzle.txt"],
        "info" => vec!["info", "puzzle.txt"],
        "generate" => vec!["generate", "queens", "--size", "5"],
        other => panic!("no command for job {other}"),
    }
}

#[test]
fn every_case_of_the_request_table_through_the_command_line() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/request_cases.json")).unwrap();
    let table: Value = serde_json::from_str(&text).unwrap();
    let cases = table["cases"].as_array().unwrap();
    assert!(cases.len() >= 60, "{} cases", cases.len());
    let mut failed = Vec::new();
    for case in cases {
        let run = std::panic::catch_unwind(|| check_case(case));
        if let Err(e) = run {
            failed.push(e.downcast_ref::<String>().cloned().unwrap_or_default());
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} cases failed:\n{}",
        failed.len(),
        cases.len(),
        failed.join("\n\n")
    );
}

fn check_case(case: &Value) {
    {
        let job = case["job"].as_str().unwrap();
        let mut args = vec!["--dry-run"];
        args.extend(command_of(job));
        let flags: Vec<&str> = case["cli"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        args.extend(&flags);
        let out = quzzle(&args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if let Some(expected) = case["error"].as_str() {
            assert!(!out.status.success(), "{args:?} was accepted: {stdout}");
            assert!(
                stderr.contains(expected),
                "{args:?}: expected `{expected}` in\n{stderr}"
            );
            assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        } else {
            assert!(out.status.success(), "{args:?} was refused: {stderr}");
            let got: Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(got["job"], case["job"], "{args:?}");
            for (key, want) in case["expect"].as_object().unwrap() {
                assert_eq!(&got[key], want, "{args:?}: {key} in {got}");
            }
        }
    }
}

#[test]
fn a_dry_run_of_a_command_without_a_request_is_refused() {
    let out = quzzle(&["--dry-run", "landscape", "puzzle.txt"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("this command has none"));
}

#[test]
fn a_dry_run_reads_and_writes_nothing() {
    let dir = Scratch::new("dry-run");
    let out_dir = dir.join("out");
    let out = quzzle(&[
        "--dry-run",
        "solve",
        "missing-puzzle.txt",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!out_dir.exists());
}
