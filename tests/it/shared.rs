//! Every shared Tango and Takuzu instance: the stored solution has energy 0 at every level,
//! and `classical` finds it and only it. Skipped when ../shared/instances is absent.

use crate::common::shared_files;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::model::Level;

#[test]
fn stored_solutions_have_energy_zero_at_every_level() {
    for f in shared_files("tango").into_iter().chain(shared_files("takuzu")) {
        for level in Level::ALL {
            let p = OneHot::load(&f, level).unwrap();
            let x = p
                .solution_bits()
                .unwrap_or_else(|| panic!("{} at {level}: solution lost", f.display()));
            assert!(p.qubo.energy_of(&x).abs() < 1e-12, "{} at {level}", f.display());
            if let Some(k) = p.solution_index() {
                assert!(p.qubo.energy(k).abs() < 1e-12);
            }
        }
    }
}

#[test]
fn classical_returns_exactly_the_stored_solution() {
    for f in shared_files("tango").into_iter().chain(shared_files("takuzu")) {
        let p = OneHot::load(&f, Level::Paper).unwrap();
        // The diagonal up to 20 qubits; exact search beyond (and as a cross-check below).
        let diagonal = (p.num_qubits() <= 20).then(|| p.ising.cost_diagonal());
        for d in [diagonal.as_ref(), None] {
            let c = p.classical(d, 10).unwrap();
            assert_eq!(c.solution_count, 1, "{} by {}", f.display(), c.method);
            assert_eq!(Some(&c.boards[0]), p.puzzle.solution(), "{}", f.display());
            // Takuzu files say whether the distinct-lines rule is needed for uniqueness.
            let text = std::fs::read_to_string(&f).unwrap();
            if text.contains("unique_without_distinct_rule: yes") || p.puzzle.kind() == "tango" {
                assert_eq!(c.ground_states, 1, "{}", f.display());
            }
            if text.contains("unique_without_distinct_rule: no") {
                assert!(c.ground_states > 1 && c.ground_states_breaking_non_qubo_rules == c.ground_states - 1);
            }
        }
    }
}
