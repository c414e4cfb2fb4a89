//! Reduction never changes the set of solutions: the zero-energy bitstrings of the reduced
//! QUBO, rebuilt, are exactly the assignments that satisfy the full model.

use crate::common::{data, shared_files};
use quzzle::bits;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::model::{reduce::reduce, Level, Lit};
use quzzle::puzzle;
use quzzle::Error;
use rand::Rng;
use std::collections::BTreeSet;

/// Every satisfying assignment of the full model, by brute force.
fn brute_force(problem: &OneHot) -> BTreeSet<Vec<bool>> {
    let n = problem.model.num_vars();
    (0..(1u64 << n))
        .map(|k| bits::to_bools(k, n))
        .filter(|x| problem.model.is_satisfied(x))
        .collect()
}

/// The zero-energy bitstrings of the reduced QUBO, rebuilt to full assignments.
fn rebuilt(problem: &OneHot) -> BTreeSet<Vec<bool>> {
    let d = problem.ising.cost_diagonal();
    d.states_with_cost(0.0, 1e-9)
        .into_iter()
        .map(|k| problem.reduced.rebuild_index(k))
        .collect()
}

fn check_text(name: &str, text: &str) {
    let full = OneHot::new(name, puzzle::parse(name, text).unwrap(), Level::None).unwrap();
    let truth = brute_force(&full);
    for level in Level::ALL {
        match OneHot::new(name, puzzle::parse(name, text).unwrap(), level) {
            Ok(p) => {
                assert_eq!(rebuilt(&p), truth, "{name} at {level}");
                // Each free variable stands for at least one cell, un-negated (its representative).
                let reps: BTreeSet<usize> = p
                    .reduced
                    .lits
                    .iter()
                    .filter_map(|l| match l {
                        Lit::Var { index, negated: false } => Some(*index),
                        _ => None,
                    })
                    .collect();
                assert_eq!(reps.len(), p.num_qubits(), "{name} at {level}");
            }
            Err(Error::Unsatisfiable { .. }) => assert!(
                truth.is_empty(),
                "{name}: {level} says no solution, brute force finds {}",
                truth.len()
            ),
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

#[test]
fn tiny_instances_keep_their_solution_sets() {
    for name in ["tiny-takuzu-4x4.txt", "tiny-tango-4x4.txt", "tiny-tango-unsat-4x4.txt"] {
        check_text(name, &std::fs::read_to_string(data(name)).unwrap());
    }
}

/// Random 4x4 Tango boards with random givens and signs, many of them unsatisfiable.
#[test]
fn random_tiny_puzzles_keep_their_solution_sets() {
    let mut rng = quzzle::rng::seeded(2024);
    let mut unsat = 0;
    for trial in 0..120 {
        let mut grid = vec![vec!['.'; 4]; 4];
        for _ in 0..rng.random_range(0..4) {
            grid[rng.random_range(0..4)][rng.random_range(0..4)] = if rng.random_bool(0.5) { '1' } else { '0' };
        }
        let mut equal = Vec::new();
        let mut opposite = Vec::new();
        let mut used = BTreeSet::new();
        for _ in 0..rng.random_range(0..7) {
            let (r, c) = (rng.random_range(0..4), rng.random_range(0..4));
            let (r2, c2) = if rng.random_bool(0.5) { (r, c + 1) } else { (r + 1, c) };
            if r2 > 3 || c2 > 3 || !used.insert((r, c, r2, c2)) {
                continue;
            }
            let line = format!("{r},{c} {r2},{c2}");
            if rng.random_bool(0.5) {
                equal.push(line)
            } else {
                opposite.push(line)
            }
        }
        let text = format!(
            "puzzle: tango\nsize: 4x4\n\n[grid]\n{}\n\n[equal]\n{}\n\n[opposite]\n{}\n",
            grid.iter()
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("\n"),
            equal.join("\n"),
            opposite.join("\n")
        );
        let name = format!("random-{trial}");
        // Givens that already break a rule are rejected at parse time; skip those draws.
        if puzzle::parse(&name, &text).is_err() {
            continue;
        }
        let full = OneHot::new(&name, puzzle::parse(&name, &text).unwrap(), Level::None).unwrap();
        if brute_force(&full).is_empty() {
            unsat += 1;
        }
        check_text(&name, &text);
    }
    assert!(
        unsat > 5,
        "the random draws should include unsatisfiable puzzles ({unsat})"
    );
}

#[test]
fn stronger_levels_never_keep_more_variables() {
    for f in shared_files("tango").into_iter().chain(shared_files("takuzu")) {
        let p = puzzle::load(&f).unwrap();
        let model = p.model();
        let counts: Vec<usize> = Level::ALL
            .iter()
            .map(|&l| reduce(&model, l).unwrap().num_free)
            .collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{}: {counts:?}", f.display());
        assert_eq!(counts[0], model.num_vars());
    }
}

/// The paper's count for the TTP, `NM − givens − signs`, assumes every sign removes a variable;
/// a cycle of signs (2026-08-20 has a 2x2 ring of `=`) or a sign between two givens removes
/// fewer. What always holds at `paper`: at most one qubit per chain of signs without a given.
#[test]
fn paper_level_keeps_at_most_one_qubit_per_free_chain() {
    for f in shared_files("tango").into_iter().chain(shared_files("takuzu")) {
        let p = OneHot::load(&f, Level::Paper).unwrap();
        let n = p.model.num_vars();
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], v: usize) -> usize {
            let mut r = v;
            while parent[r] != r {
                r = parent[r];
            }
            r
        }
        let mut given = vec![false; n];
        for c in &p.model.constraints {
            match c.constraint {
                quzzle::model::Constraint::Same(a, b) | quzzle::model::Constraint::Differ(a, b) => {
                    let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                    parent[ra] = rb;
                }
                quzzle::model::Constraint::Fixed(a, _) => given[a] = true,
                _ => {}
            }
        }
        let mut has_given = vec![false; n];
        for (v, _) in given.iter().enumerate().filter(|(_, g)| **g) {
            let r = root(&mut parent, v);
            has_given[r] = true;
        }
        let free_chains = (0..n).filter(|&v| root(&mut parent, v) == v && !has_given[v]).count();
        assert!(
            p.num_qubits() <= free_chains,
            "{}: {} qubits, {free_chains} free chains",
            f.display(),
            p.num_qubits()
        );
    }
}
