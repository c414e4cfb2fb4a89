//! Star Battle (Two Not Touch) on the queens core: shared instances, a hand-made one with a
//! known number of solutions, the king-move rule.

use crate::common::{assert_solution_energy_zero_at_every_level, data, shared_files};
use quzzle::encoding::onehot::OneHot;
use quzzle::model::Level;
use quzzle::puzzle;
use quzzle::qaoa::QaoaSimulator;

const TOL: f64 = 1e-9;

#[test]
fn shared_starbattles_stored_solution_has_energy_zero_and_is_the_only_one() {
    for f in shared_files("starbattle") {
        let p = puzzle::load(&f).unwrap();
        let stored = p.solution().expect("shared files carry their solution").clone();
        assert_solution_energy_zero_at_every_level(&f);
        let problem = OneHot::load(&f, Level::Propagate).unwrap();
        let c = problem.classical(None, 2).unwrap();
        assert!(c.complete, "{}", f.display());
        assert_eq!(c.solution_count, 1, "{}", f.display());
        assert_eq!(c.ground_states, 1, "{}", f.display());
        assert_eq!(c.boards[0], stored, "{}", f.display());
    }
}

#[test]
fn hand_made_boxes_have_two_solutions_at_every_level() {
    let path = data("starbattle-4x4-boxes.txt");
    for level in Level::ALL {
        let problem = OneHot::load(&path, level).unwrap();
        let sim = QaoaSimulator::new(&problem.ising).unwrap();
        let c = problem.classical(Some(sim.diagonal()), 10).unwrap();
        assert!(c.min_energy.unwrap().abs() < TOL);
        assert_eq!((c.ground_states, c.solution_count), (2, 2), "at {level}");
        let s = problem.classical(None, 10).unwrap();
        assert_eq!(s.solution_count, 2);
        let mut boards = c.boards.clone();
        boards.sort();
        assert_eq!(
            boards,
            vec![
                vec![".*..", "...*", "*...", "..*."],
                vec!["..*.", "*...", "...*", ".*.."]
            ]
        );
    }
}

#[test]
fn stars_may_not_touch_orthogonally_either() {
    let text = "puzzle: starbattle\nsize: 8x8\nstars: 2\n\n[regions]\nAAAABBBB\nAAAABBBB\nCCCCDDDD\nCCCCDDDD\nEEEEFFFF\nEEEEFFFF\nGGGGHHHH\nGGGGHHHH\n";
    let p = puzzle::parse("t", text).unwrap();
    let mut board: Vec<String> = vec!["........".into(); 8];
    board[0] = "**......".into();
    let broken = p.check(&board);
    assert!(
        broken.iter().any(|b| b.rule.contains("0,0 and 0,1 touch")),
        "{broken:?}"
    );
    // Orthogonal neighbours are NotBoth pairs in the model: 2·8·7 of them, plus 2·7·7 diagonal.
    let model = p.model();
    let pairs = model
        .constraints
        .iter()
        .filter(|c| matches!(c.constraint, quzzle::model::Constraint::NotBoth(..)))
        .count();
    assert_eq!(pairs, 2 * 8 * 7 + 2 * 7 * 7);
}

#[test]
fn bad_star_battle_files_name_the_line() {
    let too_many = "puzzle: starbattle\nsize: 4x4\nstars: 3\n\n[regions]\nAABB\nAABB\nCCDD\nCCDD\n";
    let e = puzzle::parse("f.txt", too_many).unwrap_err();
    assert!(matches!(e, quzzle::Error::Parse { line: 3, .. }), "{e}");
    let regions = "puzzle: starbattle\nsize: 4x4\nstars: 1\n\n[regions]\nAAAA\nAABB\nCCBB\nCCBB\n";
    let e = puzzle::parse("f.txt", regions).unwrap_err();
    assert!(e.to_string().contains("3"), "{e}");
    let solution = "puzzle: starbattle\nsize: 4x4\nstars: 1\n\n[regions]\nAABB\nAABB\nCCDD\nCCDD\n\n[solution]\n*...\n..*.\n.*..\n...*\n";
    assert!(puzzle::parse("f.txt", solution).is_err());
}
