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

/// The values of the flags many commands share.
const LEVELS: &str = "none, clues, paper, propagate, probe";
const SPACES: &str = "full, rows, cols, regions, cells, auto, rows+cols";
const MIXERS: &str = "x, xy-ring, xy-complete, grover, switch-ring, switch-complete";
const ENCODINGS: &str = "onehot, compact";
const FLAVORS: &str = "portable, ibm, ionq";
const OPTIMIZERS: &str = "lbfgs, nelder-mead";
const STARTS: &str = "auto, uniform, first-grid";

/// Every flag with a fixed set of values, per command: (command, flag, default, values).
const VALUE_FLAGS: &[(&str, &str, Option<&str>, &str)] = &[
    ("bench", "--reduce", Some("paper"), LEVELS),
    ("bench", "--space", None, SPACES),
    ("bench", "--mixer", None, MIXERS),
    ("bench", "--start", None, STARTS),
    ("classical", "--reduce", Some("paper"), LEVELS),
    ("classical", "--encoding", Some("onehot"), ENCODINGS),
    ("classical", "--method", Some("auto"), "auto, diagonal, search"),
    ("demo", "--space", None, SPACES),
    ("demo", "--mixer", None, MIXERS),
    ("demo", "--start", None, STARTS),
    (
        "generate",
        "<KIND>",
        None,
        "queens, starbattle, tango, takuzu, tents, sudoku4",
    ),
    ("generate", "--method", Some("grow"), "grow, qubo"),
    ("grover", "--reduce", Some("paper"), LEVELS),
    ("grover", "--space", Some("rows"), SPACES),
    ("grover", "--route", Some("auto"), "auto, statevector, closed-form"),
    ("grover", "--flavor", Some("portable"), FLAVORS),
    ("info", "--reduce", Some("paper"), LEVELS),
    ("info", "--encoding", Some("onehot"), ENCODINGS),
    ("ising", "--reduce", Some("paper"), LEVELS),
    ("ising", "--encoding", Some("onehot"), ENCODINGS),
    ("landscape", "--reduce", Some("paper"), LEVELS),
    ("landscape", "--encoding", Some("onehot"), ENCODINGS),
    ("landscape", "--space", None, SPACES),
    ("landscape", "--mixer", None, MIXERS),
    ("landscape", "--start", None, STARTS),
    ("qasm", "--reduce", Some("paper"), LEVELS),
    ("qasm", "--encoding", Some("onehot"), ENCODINGS),
    ("qasm", "--space", None, SPACES),
    ("qasm", "--mixer", None, MIXERS),
    ("qasm", "--start", None, STARTS),
    ("qasm", "--flavor", Some("portable"), FLAVORS),
    ("qasm", "--truncate", Some("off"), "off, exact, bounded"),
    ("solve", "--truncate", Some("off"), "off, exact, bounded"),
    ("sweep", "--truncate", Some("off"), "off, exact, bounded"),
    ("sample", "--format", Some("quzzle"), "qiskit, sampler, ionq, quzzle"),
    ("sample", "--reduce", None, LEVELS),
    ("sample", "--encoding", None, ENCODINGS),
    ("sample", "--space", None, SPACES),
    ("sample", "--mixer", None, MIXERS),
    ("sample", "--start", None, STARTS),
    ("score", "--format", Some("auto"), "auto, qiskit, sampler, ionq, quzzle"),
    ("score", "--mitigate", None, "readout"),
    ("solve", "--reduce", Some("paper"), LEVELS),
    ("solve", "--encoding", Some("onehot"), ENCODINGS),
    ("solve", "--space", None, SPACES),
    ("solve", "--mixer", None, MIXERS),
    ("solve", "--start", None, STARTS),
    ("solve", "--init", None, "ramp, interp, random, lr, transfer, fixed"),
    ("solve", "--optimizer", Some("lbfgs"), OPTIMIZERS),
    ("sweep", "--reduce", Some("paper"), LEVELS),
    ("sweep", "--baseline", None, "anneal"),
    ("sweep", "--encoding", Some("onehot"), ENCODINGS),
    ("sweep", "--space", None, SPACES),
    ("sweep", "--mixer", None, MIXERS),
    ("sweep", "--start", None, STARTS),
    (
        "sweep",
        "--init",
        None,
        "ramp, interp, random, all, lr, transfer, fixed",
    ),
    ("sweep", "--optimizer", Some("lbfgs"), OPTIMIZERS),
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
            "- rows+cols: Rows and columns together (one queen per row and column): the switch mixers run on its \
             listed states by statevector; the grover mixer by statevector where its states can be listed (at \
             most 2^26 states over at most 30 qubits) and fit, else from the cost histogram",
        ]
    );
}
