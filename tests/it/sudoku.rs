//! Sudoku: the one-hot model on the shared 4x4 instances, the compact encoding (its diagonal,
//! its circuit against the reference simulator, its QASM), agreement of the two encodings, 9x9.

use crate::common::{assert_solution_energy_zero_at_every_level, data, random_angles, shared_files, TOL_FIDELITY};
use quzzle::cost::pubo::ZPoly;
use quzzle::encoding::compact::CompactSudoku;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::export::qasm::{self, Flavor, QasmHeader};
use quzzle::model::{search, Level};
use quzzle::puzzle;
use quzzle::sim::reference;
use quzzle::{Angles, Circuit, QaoaSimulator};
use rand::Rng;
use std::collections::BTreeSet;

const TOL: f64 = 1e-9;

#[test]
fn shared_sudokus_one_hot_stored_solution_has_energy_zero_and_is_the_only_one() {
    for f in shared_files("sudoku4") {
        let p = puzzle::load(&f).unwrap();
        let stored = p.solution().unwrap().clone();
        assert_solution_energy_zero_at_every_level(&f);
        let problem = OneHot::load(&f, Level::Clues).unwrap();
        let c = problem.classical(None, 2).unwrap();
        assert_eq!((c.solution_count, c.ground_states), (1, 1), "{}", f.display());
        assert_eq!(c.boards[0], stored);
        // The paper rules run to a fixpoint and solve every 4x4 Sudoku outright.
        assert_eq!(
            OneHot::load(&f, Level::Paper).unwrap().num_qubits(),
            0,
            "{}",
            f.display()
        );
    }
}

#[test]
fn clue_elimination_removes_row_column_box_and_cell_candidates() {
    // One clue in an empty 4x4: its cell loses 3 digits, its row, column and box lose the clue
    // digit in 3 + 3 + 1 other cells (the box shares two of them): 64 − 1 − 3 − 7 = 53.
    let text = "puzzle: sudoku4\nsize: 4x4\nbox: 2x2\n\n[grid]\n1...\n....\n....\n....\n";
    let problem = OneHot::new("t", puzzle::parse("t", text).unwrap(), Level::Clues).unwrap();
    assert_eq!(problem.num_qubits(), 53);
}

#[test]
fn compact_diagonal_is_the_direct_cost_and_its_only_zero_is_the_solution() {
    let mut rng = quzzle::rng::seeded(3);
    for f in shared_files("sudoku4") {
        let c = CompactSudoku::load(&f, Level::Clues).unwrap();
        let n = c.num_qubits();
        assert!(n <= 24, "{}: {n} qubits", f.display());
        let d = c.cost_diagonal().unwrap();
        let states: Vec<u64> = if n <= 14 {
            (0..1u64 << n).collect()
        } else {
            (0..3000).map(|_| rng.random_range(0..1u64 << n)).collect()
        };
        for k in states {
            assert!(
                (d.get(k as usize) - c.direct_cost(k)).abs() < TOL,
                "{} k={k}",
                f.display()
            );
        }
        let sol = c.solution_index().unwrap();
        assert_eq!(c.success_states(&d).valid, vec![sol], "{}", f.display());
        assert!(d.get(sol as usize).abs() < TOL);
    }
}

#[test]
fn compact_and_one_hot_agree_on_the_solutions() {
    let path = data("sudoku4-two-clues.txt");
    let p = puzzle::load(&path).unwrap();
    let all = search::search(&p.model(), 10_000, usize::MAX, |_| true).unwrap();
    let want: BTreeSet<Vec<String>> = all.accepted.iter().map(|x| p.board(x)).collect();
    assert!(want.len() > 1);
    for level in [Level::Clues, Level::Paper, Level::Propagate] {
        let c = CompactSudoku::load(&path, level).unwrap();
        let d = c.cost_diagonal().unwrap();
        let got: BTreeSet<Vec<String>> = c.success_states(&d).valid.iter().map(|&k| c.board(k)).collect();
        assert_eq!(got, want, "at {level}");
        assert_eq!(d.states_with_cost(0.0, TOL).len(), want.len());
        let one_hot = OneHot::load(&path, level).unwrap();
        assert_eq!(one_hot.classical(None, 0).unwrap().solution_count, want.len());
    }
}

fn random_zpoly(n: usize, seed: u64) -> ZPoly {
    let mut rng = quzzle::rng::seeded(seed);
    let mut terms = std::collections::BTreeMap::new();
    for _ in 0..2 * n {
        let mut s: BTreeSet<usize> = BTreeSet::new();
        let deg = rng.random_range(1..=n.min(5));
        while s.len() < deg {
            s.insert(rng.random_range(0..n));
        }
        terms.insert(
            s.into_iter().collect::<Vec<_>>(),
            f64::from(rng.random_range(-8i32..=8)) / 4.0,
        );
    }
    ZPoly {
        num_qubits: n,
        terms: terms.into_iter().filter(|(_, w)| *w != 0.0).collect(),
        offset: 1.5,
    }
}

#[test]
fn fast_state_equals_reference_for_higher_order_circuits() {
    let mut rng = quzzle::rng::seeded(5);
    for n in 1..=8 {
        for p in 1..=3 {
            let z = random_zpoly(n, (10 * n + p) as u64);
            let angles = random_angles(p, &mut rng);
            let fast = QaoaSimulator::from_diagonal(z.cost_diagonal())
                .unwrap()
                .state(&angles)
                .unwrap();
            let slow = reference::run(&Circuit::qaoa_poly(&z, &angles)).unwrap();
            let f = fast.fidelity(&slow);
            assert!(f >= 1.0 - TOL_FIDELITY, "n={n} p={p}: fidelity {f}");
        }
    }
}

#[test]
fn compact_sudoku_circuit_equals_the_fast_state_and_exports() {
    let path = data("sudoku4-generated-5-clues.txt");
    let c = CompactSudoku::load(&path, Level::Clues).unwrap();
    assert!(c.num_qubits() >= 4 && c.num_qubits() <= 14, "{} qubits", c.num_qubits());
    assert!(c.zpoly.max_degree() >= 3, "a compact cost has higher-order terms");
    let angles = Angles::new(vec![0.31, -0.12], vec![0.7, 0.25]).unwrap();
    let sim = QaoaSimulator::from_diagonal(c.cost_diagonal().unwrap()).unwrap();
    let fast = sim.state(&angles).unwrap();
    let circuit = c.circuit(&angles);
    let slow = reference::run(&circuit).unwrap();
    assert!(fast.fidelity(&slow) >= 1.0 - TOL_FIDELITY);
    let header = QasmHeader {
        file: path.display().to_string(),
        reduce: "clues".into(),
        depth: 2,
        angles: angles.clone(),
        qubit_cells: c.qubit_cells(),
    };
    let ladders: usize = c
        .zpoly
        .terms
        .iter()
        .filter(|(s, _)| s.len() >= 3)
        .map(|(s, _)| 2 * (s.len() - 1))
        .sum();
    let pairs = c.zpoly.terms.iter().filter(|(s, _)| s.len() == 2).count();
    for flavor in Flavor::ALL {
        let text = qasm::to_qasm3(&circuit, &header, flavor, false).unwrap();
        let gates = |prefix: &str| text.lines().filter(|l| l.starts_with(prefix)).count();
        assert_eq!(gates("rx("), 2 * c.num_qubits());
        match flavor {
            Flavor::Ionq => assert_eq!(gates("cx "), 2 * (ladders + pairs)),
            _ => {
                assert_eq!(gates("cx "), 2 * ladders);
                assert_eq!(gates("rzz("), 2 * pairs);
            }
        }
    }
}

#[test]
fn sudoku_9x9_parses_solves_and_exports_without_simulation() {
    let path = data("sudoku9-handmade.txt");
    let p = puzzle::load(&path).unwrap();
    assert_eq!(p.model().num_vars(), 729);
    let problem = OneHot::load(&path, Level::Clues).unwrap();
    let c = problem.classical(None, 5).unwrap();
    assert!(c.solution_count >= 1);
    assert!(c.boards.contains(p.solution().unwrap()));
    let compact = CompactSudoku::load(&path, Level::Clues).unwrap();
    assert!(compact.num_qubits() > 0);
    assert!(compact.solution_index().is_some());
    let angles = Angles::new(vec![0.1], vec![0.2]).unwrap();
    let header = QasmHeader {
        file: "9x9".into(),
        reduce: "clues".into(),
        depth: 1,
        angles: angles.clone(),
        qubit_cells: problem.qubit_cells(),
    };
    let text = qasm::to_qasm3(
        &Circuit::qaoa(&problem.ising, &angles),
        &header,
        Flavor::Portable,
        false,
    )
    .unwrap();
    assert!(text.contains(&format!("qubit[{}] q;", problem.num_qubits())));
}

#[test]
fn bad_sudoku_files_name_the_line() {
    let clash = "puzzle: sudoku4\nsize: 4x4\nbox: 2x2\n\n[grid]\n11..\n....\n....\n....\n";
    assert!(matches!(
        puzzle::parse("f", clash),
        Err(quzzle::Error::Parse { line: 5, .. })
    ));
    let bad_box = "puzzle: sudoku\nsize: 6x6\nbox: 2x2\n\n[grid]\n......\n......\n......\n......\n......\n......\n";
    assert!(matches!(
        puzzle::parse("f", bad_box),
        Err(quzzle::Error::Parse { line: 3, .. })
    ));
    let digit = "puzzle: sudoku4\nsize: 4x4\n\n[grid]\n5...\n....\n....\n....\n";
    assert!(matches!(
        puzzle::parse("f", digit),
        Err(quzzle::Error::Parse { line: 5, .. })
    ));
    let not_sudoku = CompactSudoku::load(&data("tiny-tango-4x4.txt"), Level::Paper).unwrap_err();
    assert!(not_sudoku.to_string().contains("one-hot"), "{not_sudoku}");
}
