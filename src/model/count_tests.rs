//! Tests of the frontier count (src/model/count.rs): against brute force over every assignment,
//! memory splits, overflow and refusals.

use super::*;
use std::collections::BTreeMap;

/// A machine with memory to spare.
fn plenty() -> u64 {
    u64::MAX
}

/// Per (penalty, units): the count over all 2^n assignments, and the least assignment.
fn brute(p: &CountProblem) -> Vec<(i64, i64, u128, u128)> {
    let mut m: BTreeMap<(i64, i64), (u128, u128)> = BTreeMap::new();
    for k in 0..1u128 << p.num_vars {
        let x: Vec<bool> = (0..p.num_vars).map(|q| (k >> q) & 1 == 1).collect();
        if let Some(c) = p.cost_of(&x) {
            let e = m.entry(c).or_insert((0, k));
            e.0 += 1;
        }
    }
    m.into_iter().map(|((a, b), (c, d))| (a, b, c, d)).collect()
}

/// A random problem of `n` variables with every kind of term.
fn random_problem(n: usize, seed: u64) -> CountProblem {
    use rand::Rng;
    let mut rng = crate::rng::seeded(seed);
    let mut r = |m: u64| rng.random_range(0..m) as i64;
    let mut p = CountProblem {
        num_vars: n,
        offset: r(5),
        linear: (0..n).map(|_| r(7) - 3).collect(),
        ..Default::default()
    };
    for _ in 0..n {
        let q = r(n as u64) as usize;
        let s = r(n as u64) as usize;
        if q < s {
            p.pairs.push((q, s, r(5) - 2));
        }
    }
    for j in 0..4 {
        let mut vars: Vec<usize> = (0..n).filter(|_| r(2) == 1).collect();
        if vars.len() < 3 {
            vars = vec![0, n / 2, n - 1];
        }
        let terms: Vec<(usize, i64)> = vars
            .iter()
            .map(|&q| (q, if r(4) == 0 { -1 } else { 1 + r(2) }))
            .collect();
        let rule = [Rule::Square, Rule::SquareLessSelf, Rule::Zero, Rule::Square][j];
        let constant = -(terms.iter().map(|t| t.1.max(0)).sum::<i64>() / 2);
        p.tracked.push(Tracked {
            terms,
            constant,
            rule,
            weight: [1, 2, 1, 3][j],
        });
    }
    if seed % 2 == 1 {
        p.objective = (0..n).map(|_| r(3) - 1).collect();
    }
    p
}

#[test]
fn counts_every_cost_as_brute_force_does() {
    for (n, seed) in [(3, 0), (6, 1), (9, 2), (11, 3), (12, 4), (13, 5)] {
        let p = random_problem(n, seed);
        let plan = plan(&p);
        let got = count(&p, &plan, u128::MAX, &plenty, &Budget::unlimited(), "test").unwrap();
        assert_eq!(got.classes, brute(&p), "n = {n}, seed = {seed}");
        // Every order gives the same classes.
        for order in [
            (0..n).collect::<Vec<_>>(),
            (0..n).rev().collect(),
            by_last_kept_count(&p),
            narrowest_first_order(&p, n / 2),
        ] {
            let (width, state_bits) = measure(&p, &order);
            let other = Plan {
                order,
                width,
                state_bits,
            };
            let again = count(&p, &other, u128::MAX, &plenty, &Budget::unlimited(), "test").unwrap();
            assert_eq!(again.classes, got.classes);
        }
    }
}

#[test]
fn the_greedy_frontier_keeps_the_width_measure_finds() {
    // Along any order, the step-by-step widths' greatest is the measured width, and the
    // min-width greedy gives a permutation no wider than it measures.
    for (n, seed) in [(6, 1), (11, 3), (13, 5), (20, 7)] {
        let p = random_problem(n, seed);
        let order: Vec<usize> = (0..n).rev().collect();
        let mut f = Frontier::new(&p);
        let (mut w, mut widest) = (0.0f64, 0.0f64);
        for &v in &order {
            w += f.change(v);
            f.assign(v);
            widest = widest.max(w);
        }
        assert!((widest - measure(&p, &order).0).abs() < 1e-9, "n = {n}, seed = {seed}");
        for start in 0..n {
            let mut greedy = narrowest_first_order(&p, start);
            assert_eq!(greedy[0], start);
            greedy.sort_unstable();
            assert_eq!(greedy, (0..n).collect::<Vec<_>>());
        }
        assert!(plan(&p).width <= measure(&p, &order).0 + 1e-9);
    }
}

#[test]
fn counts_past_u64_are_counted_again_in_u128() {
    // 70 free variables: one class of 2^70 states, past a u64 count.
    let n = 70;
    let p = CountProblem {
        num_vars: n,
        linear: vec![0; n],
        ..Default::default()
    };
    let got = count(&p, &plan(&p), u128::MAX, &plenty, &Budget::unlimited(), "test").unwrap();
    assert_eq!(got.classes, vec![(0, 0, 1u128 << 70, 0)]);
    // Below 2^64 the u64 count stands, with the same classes as brute force.
    let p = random_problem(12, 6);
    let budget = Budget::unlimited();
    let limits = Limits {
        max_bytes: u128::MAX,
        free: &plenty,
        budget: &budget,
        task: "test",
    };
    let narrow = count_with::<u64>(&p, &plan(&p), &limits).unwrap();
    assert_eq!(narrow.map(|c| c.classes), Some(brute(&p)));
    let wide = count_with::<u128>(&p, &plan(&p), &limits).unwrap();
    assert_eq!(wide.map(|c| c.classes), Some(brute(&p)));
}

#[test]
fn column_order_follows_the_last_kept_count() {
    // Kept counts: rows {0,1}, {2,3}, then columns {0,2}, {1,3}: column by column.
    let zero = |terms: Vec<(usize, i64)>| Tracked {
        terms,
        constant: -1,
        rule: Rule::Zero,
        weight: 1,
    };
    let p = CountProblem {
        num_vars: 4,
        linear: vec![0; 4],
        tracked: vec![
            zero(vec![(0, 1), (1, 1)]),
            zero(vec![(2, 1), (3, 1)]),
            zero(vec![(0, 1), (2, 1)]),
            zero(vec![(1, 1), (3, 1)]),
        ],
        ..Default::default()
    };
    assert_eq!(by_last_kept_count(&p), vec![0, 2, 1, 3]);
}

#[test]
fn a_frontier_past_the_limit_is_refused_naming_its_width() {
    let p = random_problem(12, 4);
    let plan = plan(&p);
    let e = count(&p, &plan, 200, &plenty, &Budget::unlimited(), "test").unwrap_err();
    let text = e.to_string();
    assert!(text.contains("frontier"), "{text}");
    assert!(text.contains(&format!("{:.1}", plan.width)), "{text}");
}

#[test]
fn a_frontier_split_into_parts_counts_what_the_whole_counts() {
    // A limit far below what the whole count holds: the count goes part by part, holds no
    // more than the limit, and gives brute force's classes, least examples included.
    for (n, seed) in [(11, 3), (12, 4), (13, 5), (14, 8)] {
        let p = random_problem(n, seed);
        let plan = plan(&p);
        let whole = count(&p, &plan, u128::MAX, &plenty, &Budget::unlimited(), "test").unwrap();
        assert_eq!(whole.parts, 1);
        let limit = whole.peak_bytes;
        let split = count(&p, &plan, limit, &plenty, &Budget::unlimited(), "test").unwrap();
        assert!(split.parts > 1, "n = {n}, seed = {seed}: {} parts", split.parts);
        assert!(
            split.peak_bytes <= limit,
            "n = {n}: held {} of {limit}",
            split.peak_bytes
        );
        assert_eq!(split.classes, brute(&p), "n = {n}, seed = {seed}");
    }
}

#[test]
fn memory_that_runs_short_during_a_count_splits_it_or_refuses_it() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let p = random_problem(13, 5);
    let plan = plan(&p);
    let whole = count(&p, &plan, u128::MAX, &plenty, &Budget::unlimited(), "test").unwrap();
    // Plenty at the start, then free memory for about a third of what the whole held:
    // split, still exact.
    let reads = AtomicU64::new(0);
    let short = (whole.peak_bytes / 3) as u64;
    let shrinking = || {
        if reads.fetch_add(1, Ordering::Relaxed) < 3 {
            u64::MAX
        } else {
            short
        }
    };
    let got = count(&p, &plan, u128::MAX, &shrinking, &Budget::unlimited(), "test").unwrap();
    assert!(got.parts > 1);
    assert_eq!(got.classes, whole.classes);
    // No memory left after the first steps: refused before the next step allocates,
    // naming the width and the bytes it wanted.
    let reads = AtomicU64::new(0);
    let gone = || {
        if reads.fetch_add(1, Ordering::Relaxed) < 3 {
            u64::MAX
        } else {
            0
        }
    };
    let e = count(&p, &plan, u128::MAX, &gone, &Budget::unlimited(), "test").unwrap_err();
    let text = e.to_string();
    assert!(text.contains(&format!("2^{:.1}", plan.width)), "{text}");
    assert!(text.contains(" bytes"), "{text}");
}

#[test]
fn more_variables_than_a_count_holds_are_refused() {
    let p = CountProblem {
        num_vars: MAX_VARS + 1,
        linear: vec![0; MAX_VARS + 1],
        ..Default::default()
    };
    let plan = Plan {
        order: (0..MAX_VARS + 1).collect(),
        width: 0.0,
        state_bits: 0,
    };
    let e = count(&p, &plan, u128::MAX, &plenty, &Budget::unlimited(), "test").unwrap_err();
    assert!(e.to_string().contains("127"), "{e}");
}
