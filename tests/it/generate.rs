//! `generate`: same seed, same text; every generated puzzle parses back and has exactly one
//! solution, the stored one; the givens target; bounded failures.

use quzzle::encoding::onehot::OneHot;
use quzzle::model::Level;
use quzzle::puzzle;
use quzzle::puzzle::generate::{generate, Kind, RegionMethod, Request};

fn request(kind: Kind, seed: u64) -> Request {
    Request {
        kind,
        size: match kind {
            Kind::Sudoku4 => 4,
            Kind::StarBattle => 5,
            _ => 6,
        },
        stars: 1,
        givens: None,
        seed,
        method: RegionMethod::Grow,
    }
}

fn assert_unique(text: &str, what: &str) {
    let p = puzzle::parse("generated", text).unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    let stored = p.solution().expect("generated files carry their solution").clone();
    let problem = OneHot::new("generated", p, Level::None).unwrap();
    let c = problem.classical(None, 2).unwrap();
    assert!(c.complete, "{what}");
    assert_eq!((c.ground_states, c.solution_count), (1, 1), "{what}\n{text}");
    assert_eq!(c.boards[0], stored, "{what}");
}

#[test]
fn every_kind_is_unique_parses_back_and_repeats_with_its_seed() {
    for kind in Kind::ALL {
        for seed in 0..4 {
            let req = request(kind, seed);
            let g = generate(&req).unwrap();
            assert_unique(&g.text, &format!("{} seed {seed}", kind.name()));
            assert!(g.text.contains(&format!("--seed {seed}")));
            assert!(g.text.contains("unique: yes (quzzle exact search)"));
            assert_eq!(generate(&req).unwrap().text, g.text, "{} seed {seed}", kind.name());
        }
        assert_ne!(
            generate(&request(kind, 0)).unwrap().text,
            generate(&request(kind, 1)).unwrap().text
        );
    }
}

/// What docs/usage.md says of `--seed`: a one-star Star Battle has Queens' rules and is drawn
/// by the same code, so one seed gives one board for both (`*` for `Q`), and a study that
/// wants independent boards of the two kinds gives them different seeds.
#[test]
fn one_star_battles_and_queens_from_one_seed_are_one_board() {
    let board = |text: &str| -> String {
        let body = text.split("[regions]").nth(1).expect("a regions section");
        body.replace('Q', "*")
    };
    for size in [5, 7] {
        let text = |kind, seed| {
            generate(&Request {
                size,
                ..request(kind, seed)
            })
            .unwrap()
            .text
        };
        for seed in 1..4 {
            let queens = board(&text(Kind::Queens, seed));
            assert_eq!(
                queens,
                board(&text(Kind::StarBattle, seed)),
                "{size}x{size} seed {seed}"
            );
            assert_ne!(
                queens,
                board(&text(Kind::StarBattle, seed + 100)),
                "{size}x{size} seed {seed}"
            );
        }
    }
}

#[test]
fn two_star_battles_and_the_qubo_route() {
    let req = Request {
        size: 8,
        stars: 2,
        ..request(Kind::StarBattle, 9)
    };
    assert_unique(&generate(&req).unwrap().text, "starbattle 8x8 2 stars");
    let req = Request {
        size: 6,
        method: RegionMethod::Qubo,
        ..request(Kind::StarBattle, 1)
    };
    let g = generate(&req).unwrap();
    assert_unique(&g.text, "starbattle qubo");
    assert!(g.text.contains("--method qubo"));
    assert!(g.notes.iter().any(|n| n.contains("disconnected")), "{:?}", g.notes);
}

#[test]
fn givens_are_met_exactly_or_refused() {
    for (kind, k) in [(Kind::Sudoku4, 6), (Kind::Tango, 10), (Kind::Takuzu, 14)] {
        let req = Request {
            givens: Some(k),
            ..request(kind, 2)
        };
        let g = generate(&req).unwrap();
        assert_eq!(g.givens, Some(k));
        assert_unique(&g.text, kind.name());
        let grid: String = g.text.split("[grid]").nth(1).unwrap().split('[').next().unwrap().into();
        assert_eq!(grid.chars().filter(|c| c.is_ascii_digit()).count(), k, "{}", g.text);
    }
    // A 4x4 Sudoku needs at least 4 clues: refused after a bounded number of tries.
    let req = Request {
        givens: Some(3),
        ..request(Kind::Sudoku4, 0)
    };
    assert!(generate(&req).unwrap_err().to_string().contains("fewest reached"));
    let tents = Request {
        givens: Some(3),
        ..request(Kind::Tents, 0)
    };
    assert!(generate(&tents).is_err());
    for bad in [
        Request {
            size: 5,
            ..request(Kind::Sudoku4, 0)
        },
        Request {
            size: 5,
            ..request(Kind::Tango, 0)
        },
        Request {
            stars: 2,
            ..request(Kind::Queens, 0)
        },
        Request {
            size: 6,
            stars: 2,
            ..request(Kind::StarBattle, 0)
        },
    ] {
        assert!(generate(&bad).is_err(), "{bad:?}");
    }
}
