//! The command line takes the library's own enums: each value is the name the library prints
//! and parses (and, for the enums reports carry, the JSON value), and every command lists the
//! same values, in the same order, with the same defaults.

use crate::common::quzzle;
use clap::ValueEnum;
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::EncodingKind;
use quzzle::experiment::classical::ClassicalMethod;
use quzzle::experiment::grover::GroverRoute;
use quzzle::export::counts::CountsFormat;
use quzzle::export::qasm::Flavor;
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::plot::sweep::Lines;
use quzzle::puzzle::generate::{Kind, RegionMethod};
use quzzle::qaoa::optimize::{Init, Method};
use serde::Serialize;
use std::fmt::Debug;

/// The possible values of `T` are `all`, in that order, spelt `expected` and by `name`, and each
/// parses back to its variant.
fn check<T: ValueEnum + Copy + PartialEq + Debug>(all: &[T], name: fn(T) -> &'static str, expected: &[&str]) {
    assert_eq!(T::value_variants(), all);
    let values: Vec<String> = all
        .iter()
        .map(|v| {
            v.to_possible_value()
                .expect("no value is hidden")
                .get_name()
                .to_string()
        })
        .collect();
    assert_eq!(values, expected);
    for (&v, value) in all.iter().zip(&values) {
        assert_eq!(name(v), value);
        assert_eq!(T::from_str(value, false), Ok(v), "{value}");
    }
}

/// [`check`], and the value is also what a report writes for the variant.
fn check_reported<T: ValueEnum + Copy + PartialEq + Debug + Serialize>(
    all: &[T],
    name: fn(T) -> &'static str,
    expected: &[&str],
) {
    check(all, name, expected);
    for &v in all {
        assert_eq!(serde_json::to_value(v).unwrap(), serde_json::Value::from(name(v)));
    }
}

#[test]
fn library_enums_are_the_command_line_values() {
    check_reported(
        &SpaceChoice::ALL,
        SpaceChoice::name,
        &["full", "rows", "cols", "regions", "cells", "auto", "rows+cols"],
    );
    check_reported(
        &MixerKind::ALL,
        MixerKind::name,
        &[
            "x",
            "xy-ring",
            "xy-complete",
            "grover",
            "switch-ring",
            "switch-complete",
        ],
    );
    check_reported(&EncodingKind::ALL, EncodingKind::name, &["onehot", "compact"]);
    check_reported(
        &Level::ALL,
        Level::name,
        &["none", "clues", "paper", "propagate", "probe"],
    );
    check_reported(&Flavor::ALL, Flavor::name, &["portable", "ibm", "ionq"]);
    check_reported(
        &Init::ALL,
        Init::name,
        &["ramp", "interp", "random", "lr", "transfer", "fixed"],
    );
    check_reported(&Method::ALL, Method::name, &["lbfgs", "nelder-mead"]);
    check(
        &ClassicalMethod::ALL,
        ClassicalMethod::name,
        &["auto", "diagonal", "search"],
    );
    check(
        &GroverRoute::ALL,
        GroverRoute::name,
        &["auto", "statevector", "closed-form"],
    );
    check(
        &Kind::ALL,
        Kind::name,
        &["queens", "starbattle", "tango", "takuzu", "tents", "sudoku4"],
    );
    check(&RegionMethod::ALL, RegionMethod::name, &["grow", "qubo"]);
    check(
        &CountsFormat::ALL,
        CountsFormat::name,
        &["qiskit", "sampler", "ionq", "quzzle"],
    );
    check(&Lines::ALL, Lines::name, &["auto", "instance", "median"]);
}

/// Every flag with a fixed set of values, per command: (command, flag, default, values).
const VALUE_FLAGS: &[(&str, &str, Option<&str>, &str)] = &[
    (
        "bench",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    (
        "bench",
        "--space",
        None,
        "full, rows, cols, regions, cells, auto, rows+cols",
    ),
    (
        "bench",
        "--mixer",
        None,
        "x, xy-ring, xy-complete, grover, switch-ring, switch-complete",
    ),
    (
        "classical",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    ("classical", "--encoding", Some("onehot"), "onehot, compact"),
    ("classical", "--method", Some("auto"), "auto, diagonal, search"),
    (
        "demo",
        "--space",
        None,
        "full, rows, cols, regions, cells, auto, rows+cols",
    ),
    (
        "demo",
        "--mixer",
        None,
        "x, xy-ring, xy-complete, grover, switch-ring, switch-complete",
    ),
    (
        "generate",
        "<KIND>",
        None,
        "queens, starbattle, tango, takuzu, tents, sudoku4",
    ),
    ("generate", "--method", Some("grow"), "grow, qubo"),
    (
        "grover",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    (
        "grover",
        "--space",
        Some("rows"),
        "full, rows, cols, regions, cells, auto, rows+cols",
    ),
    ("grover", "--route", Some("auto"), "auto, statevector, closed-form"),
    ("grover", "--flavor", Some("portable"), "portable, ibm, ionq"),
    (
        "info",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    ("info", "--encoding", Some("onehot"), "onehot, compact"),
    (
        "ising",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    ("ising", "--encoding", Some("onehot"), "onehot, compact"),
    (
        "landscape",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    ("landscape", "--encoding", Some("onehot"), "onehot, compact"),
    (
        "landscape",
        "--space",
        None,
        "full, rows, cols, regions, cells, auto, rows+cols",
    ),
    (
        "landscape",
        "--mixer",
        None,
        "x, xy-ring, xy-complete, grover, switch-ring, switch-complete",
    ),
    (
        "qasm",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    ("qasm", "--encoding", Some("onehot"), "onehot, compact"),
    (
        "qasm",
        "--space",
        None,
        "full, rows, cols, regions, cells, auto, rows+cols",
    ),
    (
        "qasm",
        "--mixer",
        None,
        "x, xy-ring, xy-complete, grover, switch-ring, switch-complete",
    ),
    ("qasm", "--flavor", Some("portable"), "portable, ibm, ionq"),
    ("sample", "--format", Some("quzzle"), "qiskit, sampler, ionq, quzzle"),
    ("sample", "--reduce", None, "none, clues, paper, propagate, probe"),
    ("sample", "--encoding", None, "onehot, compact"),
    (
        "sample",
        "--space",
        None,
        "full, rows, cols, regions, cells, auto, rows+cols",
    ),
    (
        "sample",
        "--mixer",
        None,
        "x, xy-ring, xy-complete, grover, switch-ring, switch-complete",
    ),
    ("score", "--format", Some("auto"), "auto, qiskit, sampler, ionq, quzzle"),
    (
        "solve",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    ("solve", "--encoding", Some("onehot"), "onehot, compact"),
    (
        "solve",
        "--space",
        None,
        "full, rows, cols, regions, cells, auto, rows+cols",
    ),
    (
        "solve",
        "--mixer",
        None,
        "x, xy-ring, xy-complete, grover, switch-ring, switch-complete",
    ),
    ("solve", "--init", None, "ramp, interp, random, lr, transfer, fixed"),
    ("solve", "--optimizer", Some("lbfgs"), "lbfgs, nelder-mead"),
    (
        "sweep",
        "--reduce",
        Some("paper"),
        "none, clues, paper, propagate, probe",
    ),
    ("sweep", "--baseline", None, "anneal"),
    ("sweep", "--encoding", Some("onehot"), "onehot, compact"),
    (
        "sweep",
        "--space",
        None,
        "full, rows, cols, regions, cells, auto, rows+cols",
    ),
    (
        "sweep",
        "--mixer",
        None,
        "x, xy-ring, xy-complete, grover, switch-ring, switch-complete",
    ),
    (
        "sweep",
        "--init",
        None,
        "ramp, interp, random, all, lr, transfer, fixed",
    ),
    ("sweep", "--optimizer", Some("lbfgs"), "lbfgs, nelder-mead"),
    ("sweep", "--lines", Some("auto"), "auto, instance, median"),
];

/// The text between `open` and the next `]` in `line`.
fn bracket<'a>(line: &'a str, open: &str) -> Option<&'a str> {
    let rest = &line[line.find(open)? + open.len()..];
    Some(&rest[..rest.find(']')?])
}

#[test]
fn every_command_lists_the_same_values_and_defaults() {
    let commands = [
        "demo",
        "info",
        "classical",
        "solve",
        "ising",
        "bench",
        "qasm",
        "generate",
        "sweep",
        "landscape",
        "grover",
        "sample",
        "score",
    ];
    let mut found = Vec::new();
    for command in commands {
        // The short help has one line per option, ending in its default and possible values.
        let out = quzzle(&[command, "-h"]);
        assert_eq!(out.status.code(), Some(0), "{command} -h");
        let help = String::from_utf8(out.stdout).unwrap();
        for line in help.lines() {
            let Some(values) = bracket(line, "[possible values: ") else {
                continue;
            };
            let flag = line
                .split_whitespace()
                .map(|w| w.trim_end_matches(','))
                .find(|w| w.starts_with("--") || w.starts_with('<'))
                .unwrap_or_else(|| panic!("{command}: no flag in {line:?}"));
            found.push((
                command,
                flag.to_string(),
                bracket(line, "[default: ").map(str::to_string),
                values.to_string(),
            ));
        }
    }
    let mut expected: Vec<_> = VALUE_FLAGS
        .iter()
        .map(|&(c, f, d, v)| (c, f.to_string(), d.map(str::to_string), v.to_string()))
        .collect();
    found.sort();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn only_rows_cols_has_a_help_line_among_the_values() {
    let out = quzzle(&["solve", "--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    let value_lines: Vec<&str> = help.lines().map(str::trim).filter(|l| l.starts_with("- ")).collect();
    assert_eq!(
        value_lines,
        [
            "- full",
            "- rows",
            "- cols",
            "- regions",
            "- cells",
            "- auto",
            "- rows+cols: Rows and columns together (one queen per row and column): counted, not listed, so the \
             Grover mixer runs on it from the cost histogram",
        ]
    );
}
