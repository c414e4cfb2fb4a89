//! The queens family (QUBO paper §2): LinkedIn Queens, N-Queens, generalised queens, Tents &
//! Trees and the chess-piece problems; their reductions; the shared instances.

use crate::common::{assert_solution_energy_zero_at_every_level, data, shared_files};
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::model::{reduce, Constraint, Level, Lit, Model};
use quzzle::puzzle::{self, Puzzle};
use quzzle::qaoa::QaoaSimulator;
use std::path::Path;

const TOL: f64 = 1e-9;

fn problem_of_text(text: &str, level: Level) -> quzzle::Result<OneHot> {
    OneHot::new("test", puzzle::parse("test", text)?, level)
}

fn nqueens_text(n: usize, topology: &str) -> String {
    format!("puzzle: nqueens\nsize: {n}x{n}\ntopology: {topology}\n")
}

/// Boards passing the full check, by brute force over every model assignment.
fn brute_force_solutions(p: &dyn Puzzle) -> Vec<Vec<bool>> {
    let m = p.model().num_vars();
    assert!(m <= 20, "brute force over {m} variables");
    (0u64..1 << m)
        .map(|k| (0..m).map(|v| (k >> v) & 1 == 1).collect::<Vec<bool>>())
        .filter(|x| p.check(&p.board(x)).is_empty())
        .collect()
}

/// Brute-force solutions (best objective only, when there is one).
fn brute_force_best(p: &dyn Puzzle) -> Vec<Vec<bool>> {
    let model = p.model();
    let all = brute_force_solutions(p);
    if !model.has_objective() {
        return all;
    }
    let best = all
        .iter()
        .map(|x| model.objective_value(x))
        .fold(f64::INFINITY, f64::min);
    all.into_iter()
        .filter(|x| (model.objective_value(x) - best).abs() < TOL)
        .collect()
}

/// At every level: the valid ground states of the cost diagonal, rebuilt, are exactly the
/// brute-force solutions, and the exact search finds as many.
fn assert_ground_states_are_the_solutions(path: &Path) -> usize {
    let p = puzzle::load(path).unwrap();
    let mut want: Vec<Vec<bool>> = brute_force_best(p.as_ref());
    want.sort();
    for level in Level::ALL {
        let problem = OneHot::load(path, level).unwrap();
        if problem.num_qubits() > 20 {
            continue;
        }
        let sim = QaoaSimulator::new(&problem.ising).unwrap();
        let quzzle::encoding::SuccessStates { valid, non_qubo, .. } = problem.success_states(sim.diagonal());
        assert!(non_qubo.is_empty(), "{} at {level}", path.display());
        let mut got: Vec<Vec<bool>> = valid.iter().map(|&k| problem.reduced.rebuild_index(k)).collect();
        got.sort();
        assert_eq!(got, want, "{} at {level}", path.display());
        let c = problem.classical(None, 0).unwrap();
        assert_eq!(c.solution_count, want.len(), "{} search", path.display());
        let d = problem.classical(Some(sim.diagonal()), 0).unwrap();
        assert_eq!(d.solution_count, want.len());
        assert!(
            (d.min_energy.unwrap() - c.min_energy.unwrap()).abs() < TOL,
            "{} energies",
            path.display()
        );
    }
    want.len()
}

#[test]
fn nqueens_4_and_5_solutions_are_the_ground_states_of_the_diagonal() {
    for (n, want) in [(4usize, 2usize), (5, 10)] {
        let problem = problem_of_text(&nqueens_text(n, "flat"), Level::Paper).unwrap();
        assert_eq!(problem.num_qubits(), n * n, "N² variables without givens");
        let sim = QaoaSimulator::new(&problem.ising).unwrap();
        let c = problem.classical(Some(sim.diagonal()), 100).unwrap();
        assert!(c.min_energy.unwrap().abs() < TOL);
        assert_eq!(c.ground_states, want);
        assert_eq!(c.solution_count, want);
    }
}

#[test]
fn nqueens_8_has_92_solutions_by_search() {
    let problem = problem_of_text(&nqueens_text(8, "flat"), Level::Paper).unwrap();
    let c = problem.classical(None, 0).unwrap();
    assert!(c.complete);
    assert_eq!(c.solution_count, 92);
}

#[test]
fn toroidal_nqueens_has_solutions_only_when_n_is_coprime_to_6() {
    // Known counts of the modular N-Queens problem: 10 at N = 5, 28 at N = 7.
    for (n, want) in [(4usize, 0usize), (5, 10), (6, 0), (7, 28)] {
        let problem = problem_of_text(&nqueens_text(n, "torus"), Level::None).unwrap();
        let c = problem.classical(None, 0).unwrap();
        assert_eq!(c.solution_count, want, "torus N = {n}");
    }
    // Cylindrical boards sit between: more constrained than flat, less than the torus.
    let flat = problem_of_text(&nqueens_text(6, "flat"), Level::None).unwrap();
    let cyl = problem_of_text(&nqueens_text(6, "cylinder"), Level::None).unwrap();
    let flat_n = flat.classical(None, 0).unwrap().solution_count;
    let cyl_n = cyl.classical(None, 0).unwrap().solution_count;
    assert_eq!(flat_n, 4);
    assert!(cyl_n <= flat_n);
}

#[test]
fn hand_made_instances_ground_states_are_exactly_the_solutions() {
    let cases = [
        ("queens-4x4-handmade.txt", 1),
        ("nqueens-4.txt", 2),
        ("nqueens-4-regions.txt", 1),
        ("gqueens-3x4-cylinder.txt", 1),
        ("tents-4x4-handmade.txt", 1),
        ("chess-3x3-coloured.txt", 2),
        ("maxchess-3x3-knights.txt", 2),
        ("maxchess-3x4-mixed.txt", 1),
    ];
    for (file, want) in cases {
        assert_eq!(assert_ground_states_are_the_solutions(&data(file)), want, "{file}");
    }
}

#[test]
fn nqueens_with_soft_regions_agrees_with_brute_force_by_search() {
    // 25 variables: too many for brute force, so compare with plain N-Queens filtered by hand.
    let soft = OneHot::load(&data("nqueens-5-soft-regions.txt"), Level::Paper).unwrap();
    let plain = problem_of_text(&nqueens_text(5, "flat"), Level::Paper).unwrap();
    let all = plain.classical(None, 100).unwrap();
    let in_region =
        |b: &Vec<String>, cells: &[(usize, usize)]| cells.iter().filter(|&&(r, c)| b[r].as_bytes()[c] == b'Q').count();
    let a = [(0, 0), (0, 1), (1, 0), (1, 1)];
    let b = [(2, 2), (2, 3), (3, 2), (3, 3)];
    let want = all
        .boards
        .iter()
        .filter(|bd| in_region(bd, &a) <= 1 && in_region(bd, &b) <= 1)
        .count();
    assert_eq!(soft.classical(None, 0).unwrap().solution_count, want);
}

#[test]
fn max_chess_success_is_the_true_maximum() {
    let problem = OneHot::load(&data("maxchess-3x3-knights.txt"), Level::Paper).unwrap();
    let sim = QaoaSimulator::new(&problem.ising).unwrap();
    let valid = problem.success_states(sim.diagonal()).valid;
    assert_eq!(valid.len(), 2);
    for k in valid {
        let pieces = problem.reduced.rebuild_index(k).iter().filter(|&&b| b).count();
        assert_eq!(pieces, 5);
        // Energy −n/λ with λ = 2.
        assert!((problem.qubo.energy(k) + 2.5).abs() < TOL);
    }
    let k = problem.solution_index().unwrap();
    assert!((problem.qubo.energy(k) + 2.5).abs() < TOL);
    let err = puzzle::parse("t", "puzzle: maxchess\nsize: 2x2\nlambda: 1\n\n[pieces]\nKK\nKK\n").unwrap_err();
    assert!(matches!(err, quzzle::Error::Parse { line: 3, .. }));
}

// ---- reduction rules, one test each ----

#[test]
fn paper_rule_given_queen_fixes_row_column_and_attacked_cells() {
    let problem = OneHot::load(&data("nqueens-5-given.txt"), Level::Paper).unwrap();
    let lits = &problem.reduced.lits;
    assert_eq!(lits[0], Lit::Const(true));
    for cell in [1, 2, 3, 4, 5, 10, 15, 20, 6, 12, 18, 24] {
        assert_eq!(lits[cell], Lit::Const(false), "cell {cell}");
    }
    // 25 − 1 queen − 4 in its row − 4 in its column − 4 on its diagonal.
    assert_eq!(problem.num_qubits(), 12);
    // Of the 10 solutions of 5-Queens, two have a queen in the corner.
    let sim = QaoaSimulator::new(&problem.ising).unwrap();
    assert_eq!(problem.classical(Some(sim.diagonal()), 0).unwrap().solution_count, 2);
    assert_eq!(problem.classical(None, 0).unwrap().solution_count, 2);
    assert_eq!(
        OneHot::load(&data("nqueens-5-given.txt"), Level::None)
            .unwrap()
            .num_qubits(),
        25
    );
}

#[test]
fn paper_rule_given_queen_fixes_its_region_and_neighbours() {
    let text = std::fs::read_to_string(data("queens-4x4-handmade.txt")).unwrap();
    let text = text.replace("[solution]", "[givens]\n0,1\n\n[solution]");
    let problem = problem_of_text(&text, Level::Paper).unwrap();
    let lits = &problem.reduced.lits;
    assert_eq!(lits[1], Lit::Const(true));
    // Row 0, column 1, region A (cells 0 and 1) and the touching diagonal cells 4 and 6.
    for cell in [0, 2, 3, 5, 9, 13, 4, 6] {
        assert_eq!(lits[cell], Lit::Const(false), "cell {cell}");
    }
    // Counts are reduced: the solution still has energy 0 over fewer qubits.
    let k = problem.solution_index().unwrap();
    assert!(problem.qubo.energy(k).abs() < TOL);
    assert!(problem.num_qubits() < 16);
}

#[test]
fn paper_rule_drops_one_redundant_region_and_keeps_the_solutions() {
    let none = OneHot::load(&data("queens-4x4-handmade.txt"), Level::None).unwrap();
    let paper = OneHot::load(&data("queens-4x4-handmade.txt"), Level::Paper).unwrap();
    assert_eq!(paper.reduced.notes.len(), 1, "{:?}", paper.reduced.notes);
    assert!(paper.reduced.notes[0].contains("region D"), "{:?}", paper.reduced.notes);
    let region_d = paper
        .model
        .constraints
        .iter()
        .position(|c| c.label == "region D")
        .unwrap();
    assert!(!paper.reduced.active.contains(&region_d));
    assert!(none.reduced.active.contains(&region_d));
    for p in [&none, &paper] {
        let sim = QaoaSimulator::new(&p.ising).unwrap();
        let valid = p.success_states(sim.diagonal()).valid;
        assert_eq!(valid.len(), 1);
        assert!(p.qubo.energy(p.solution_index().unwrap()).abs() < TOL);
    }
    // Two families only (Tango's rows and columns): nothing is dropped, as in the paper.
    let tango =
        quzzle::puzzle::load(&std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/demo-tango-6x6.txt"))
            .unwrap();
    assert!(reduce::reduce(&tango.model(), Level::Paper).unwrap().notes.is_empty());
}

#[test]
fn propagate_rule_region_inside_a_row_clears_the_rest_of_the_row() {
    let mut m = Model::new((0..4).map(|i| format!("v{i}")).collect());
    m.push(
        Constraint::Count {
            vars: vec![0, 1, 2, 3],
            k: 1,
            soft: false,
        },
        "row",
    );
    m.push(
        Constraint::Count {
            vars: vec![0, 1],
            k: 1,
            soft: false,
        },
        "region",
    );
    assert_eq!(reduce::reduce(&m, Level::Paper).unwrap().num_free, 4);
    let r = reduce::reduce(&m, Level::Propagate).unwrap();
    assert_eq!(r.lits[2], Lit::Const(false));
    assert_eq!(r.lits[3], Lit::Const(false));
    assert_eq!(r.num_free, 1, "x0 + x1 = 1 merges them");
}

#[test]
fn propagate_rule_fills_the_rest_when_the_inner_count_is_too_small() {
    // Row needs 2, a pair inside it allows at most 1: the other single cell must be 1.
    let mut m = Model::new((0..3).map(|i| format!("v{i}")).collect());
    m.push(
        Constraint::Count {
            vars: vec![0, 1, 2],
            k: 2,
            soft: false,
        },
        "row",
    );
    m.push(
        Constraint::Count {
            vars: vec![0, 1],
            k: 0,
            soft: true,
        },
        "at most one",
    );
    let r = reduce::reduce(&m, Level::Propagate).unwrap();
    assert_eq!(r.lits[2], Lit::Const(true));
}

#[test]
fn reduction_never_changes_the_solution_set_of_queens_instances() {
    for file in [
        "queens-4x4-handmade.txt",
        "nqueens-4-regions.txt",
        "gqueens-3x4-cylinder.txt",
    ] {
        assert_ground_states_are_the_solutions(&data(file));
    }
}

#[test]
fn bad_queens_input_names_the_line() {
    let cases = [
        ("puzzle: queens\nsize: 2x3\n\n[regions]\nAB\nAB\n", 2),
        ("puzzle: queens\nsize: 2x2\n\n[regions]\nAB\nA?\n", 6),
        ("puzzle: queens\nsize: 2x2\n\n[regions]\nAA\nAA\n", 4),
        ("puzzle: nqueens\nsize: 4x4\n\n[givens]\n4,0\n", 5),
        ("puzzle: nqueens\nsize: 4x4\ntopology: sphere\n", 3),
        ("puzzle: gqueens\nsize: 2x2\n\n[regions]\nA 1-3 0,0 0,1\n", 5),
        ("puzzle: gqueens\nsize: 2x2\n\n[board]\n.#\n.x\n", 6),
        ("puzzle: gqueens\nsize: 2x2\n\n[rows]\n1 1 1\n", 5),
        (
            "puzzle: tents\nsize: 2x2\n\n[grid]\nTT\nTT\n\n[row_counts]\n0 0\n\n[col_counts]\n0 0\n",
            5,
        ),
        (
            "puzzle: tents\nsize: 2x2\n\n[grid]\nT.\n..\n\n[row_counts]\n0 x\n\n[col_counts]\n0 1\n",
            9,
        ),
        ("puzzle: chess\nsize: 1x2\n\n[pieces]\nKZ\n\n[regions]\nAB\n", 5),
    ];
    for (text, line) in cases {
        match puzzle::parse("f.txt", text) {
            Err(quzzle::Error::Parse { line: l, .. }) => assert_eq!(l, line, "{text}"),
            other => panic!("{text}: expected a parse error, got {other:?}"),
        }
    }
}

#[test]
fn renders_show_regions_and_queens() {
    let p = puzzle::load(&data("queens-4x4-handmade.txt")).unwrap();
    let r = p.render(p.solution());
    assert_eq!(r.lines().next(), Some("a Q b b"));
    let t = puzzle::load(&data("tents-4x4-handmade.txt")).unwrap();
    assert!(t.render(t.solution()).starts_with("T . . .  0\nA . . .  1\n"));
}

// ---- shared instances ----

/// Every shared file of `kind`: the stored solution has energy 0 at every level and the
/// exact search returns it as the one solution.
fn check_shared(kind: &str) {
    for path in shared_files(kind) {
        let name = path.display().to_string();
        assert_solution_energy_zero_at_every_level(&path);
        let problem = OneHot::load(&path, Level::Paper).unwrap();
        let c = problem.classical(None, 2).unwrap();
        assert!(c.complete, "{name}");
        assert_eq!(c.solution_count, 1, "{name}");
        assert_eq!(Some(&c.boards[0]), problem.puzzle.solution(), "{name}");
    }
}

#[test]
fn shared_queens_solutions_have_energy_zero_and_are_found_alone() {
    check_shared("queens");
}

#[test]
fn shared_tents_solutions_have_energy_zero_and_are_found_alone() {
    check_shared("tents");
}
