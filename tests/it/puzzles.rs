//! Tango and Takuzu: parsing errors name the line, stored solutions have energy 0, rule
//! checks catch every broken rule.

use crate::common::data;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::model::Level;
use quzzle::puzzle::{self, Verdict};
use quzzle::Error;

const GOOD: &str =
    "puzzle: tango\nsize: 4x4\n\n[grid]\n1...\n....\n....\n....\n\n[equal]\n0,0 0,1\n\n[opposite]\n1,0 1,1\n";

/// Parse `text` and return the line of the error (panics if it parses).
fn error_line(text: &str) -> (usize, String) {
    match puzzle::parse("bad.txt", text) {
        Err(Error::Parse { line, msg, file }) => {
            assert_eq!(file, "bad.txt");
            (line, msg)
        }
        Err(e) => panic!("expected a parse error, got {e}"),
        Ok(_) => panic!("expected a parse error for:\n{text}"),
    }
}

#[test]
fn well_formed_instance_parses() {
    let p = puzzle::parse("good.txt", GOOD).unwrap();
    assert_eq!(p.kind(), "tango");
    assert_eq!(p.size(), (4, 4));
}

#[test]
fn malformed_inputs_name_line_and_reason() {
    let cases: Vec<(String, usize, &str)> = vec![
        (GOOD.replace("size: 4x4", "size: 4x6"), 0, "has 4 cells"),
        (GOOD.replace("size: 4x4", "size: 5x4"), 2, "must be even"),
        (GOOD.replace("size: 4x4", "size: four"), 2, "RxC"),
        (
            GOOD.replace("1...\n....\n....\n....", "1...\n....\n...."),
            4,
            "has 3 rows",
        ),
        (GOOD.replace("1...", "1.2."), 5, "only 0, 1 and ."),
        (GOOD.replace("0,0 0,1", "0,0 0,2"), 11, "not side by side"),
        (GOOD.replace("0,0 0,1", "0,0 4,0"), 11, "inside the 4x4 board"),
        (GOOD.replace("0,0 0,1", "0,0"), 11, "two cells"),
        (GOOD.replace("1,0 1,1", "0,0 0,1"), 14, "both an `=` and an `x`"),
        (GOOD.replace("1...", "10.."), 11, "contradicts their givens"),
        (GOOD.replace("1...", "111."), 5, "more than 2"),
        (
            GOOD.replace("....\n....\n....", "0...\n....\n0...")
                .replace("1...", "0..."),
            0,
            "more than 2",
        ),
        (GOOD.replace("puzzle: tango", "puzzle: sudoku9"), 1, "unknown puzzle"),
        (GOOD.replace("size: 4x4\n", ""), 0, "missing header line `size"),
        (GOOD.replace("[equal]", "[equals]"), 10, "unknown section"),
        (GOOD.replace("puzzle: tango", "puzzle tango"), 1, "key: value"),
        (format!("{GOOD}\n[solution]\n1100\n0011\n1100\n0011\n"), 16, "breaks"),
        (
            format!("{GOOD}\n[solution]\n1100\n0011\n1102\n0011\n"),
            19,
            "only 0 and 1",
        ),
    ];
    for (text, line, needle) in cases {
        if needle.is_empty() {
            assert!(puzzle::parse("ok", &text).is_ok());
            continue;
        }
        let (got_line, msg) = error_line(&text);
        assert!(msg.contains(needle), "message `{msg}` lacks `{needle}`");
        if line > 0 {
            assert_eq!(got_line, line, "`{msg}`");
        }
    }
}

#[test]
fn three_alike_givens_are_rejected_with_their_line() {
    let text = "puzzle: takuzu\nsize: 6x6\n\n[grid]\n......\n000...\n......\n......\n......\n......\n";
    let (line, msg) = error_line(text);
    assert_eq!(line, 6);
    assert!(msg.contains("three equal givens"), "{msg}");
    let text = "puzzle: takuzu\nsize: 6x6\n\n[grid]\n1.....\n1.....\n1.....\n......\n......\n......\n";
    let (line, msg) = error_line(text);
    assert_eq!(line, 7);
    assert!(msg.contains("column 0"), "{msg}");
}

#[test]
fn missing_file_is_a_read_error() {
    let e = puzzle::load(std::path::Path::new("/nonexistent/puzzle.txt")).unwrap_err();
    assert!(matches!(e, Error::Read { .. }));
    assert!(e.to_string().contains("/nonexistent/puzzle.txt"));
}

#[test]
fn contradiction_is_no_solution() {
    let e = OneHot::load(&data("tiny-tango-unsat-4x4.txt"), Level::Paper).unwrap_err();
    assert!(matches!(e, Error::Unsatisfiable { .. }), "{e}");
    assert!(e.to_string().starts_with("no solution"));
    // Without reduction the QUBO exists, and its minimum energy is above 0.
    let p = OneHot::load(&data("tiny-tango-unsat-4x4.txt"), Level::None).unwrap();
    let c = p.classical(Some(&p.ising.cost_diagonal()), 10).unwrap();
    assert!(c.min_energy.unwrap() > 0.0 && c.solution_count == 0);
    assert!(matches!(c.require_solution(), Err(Error::Unsatisfiable { .. })));
}

#[test]
fn rule_check_sees_each_rule() {
    let p = puzzle::parse("t", "puzzle: takuzu\nsize: 4x4\n\n[grid]\n1...\n....\n....\n....\n").unwrap();
    let b = |rows: [&str; 4]| rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    assert!(p.check(&b(["1010", "0101", "1100", "0011"])).is_empty());
    let broken = p.check(&b(["1010", "0101", "1010", "0101"]));
    assert_eq!(Verdict::of(&broken), Verdict::BreaksOnlyNonQubo, "{broken:?}");
    let broken = p.check(&b(["0110", "1001", "1100", "0011"]));
    assert!(broken.iter().any(|x| x.rule.contains("given 0,0")));
    let broken = p.check(&b(["1110", "0001", "1100", "0011"]));
    assert!(broken.iter().any(|x| x.rule.contains("three alike")));
    assert!(broken.iter().any(|x| x.rule.contains("row 0 has 3")));
    assert_eq!(Verdict::of(&broken), Verdict::Invalid);
}

#[test]
fn demo_instance_has_one_solution_stored() {
    let p = OneHot::load(&data("../../data/demo-tango-6x6.txt"), Level::Paper).unwrap();
    let k = p.solution_index().unwrap();
    assert!(p.qubo.energy(k).abs() < 1e-12);
    let c = p.classical(Some(&p.ising.cost_diagonal()), 5).unwrap();
    assert_eq!(c.solution_count, 1);
    assert_eq!(Some(&c.boards[0]), p.puzzle.solution());
}
