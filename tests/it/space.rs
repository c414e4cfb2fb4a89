//! Block spaces: by brute force over every assignment of the free variables, a space holds
//! exactly `dimension` states, its listed block states meet their counts, and every valid
//! board lies in it. Merged and negated literals give general blocks, which are kept.

use crate::common::data;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::space::{enforceable_blocks, Block, BlockCount, Space, SpaceChoice};
use quzzle::encoding::Encoding;
use quzzle::error::Unsupported;
use quzzle::model::Level;
use quzzle::Error;
use std::collections::BTreeSet;

/// `C(n, k)`.
fn binomial(n: usize, k: usize) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// The brute-force checks of every space of `enc` (at most 2^23 basis states).
fn check_spaces(enc: &OneHot) -> Vec<Space> {
    let n = enc.num_qubits();
    assert!(n <= 23, "{}: {n} qubits is too many to brute-force", enc.file());
    let diagonal = enc.cost_diagonal().unwrap();
    let valid = enc.success_states(&diagonal).valid;
    assert!(!valid.is_empty(), "{}: no valid board", enc.file());
    let spaces = Space::available(enc).unwrap();
    for space in &spaces {
        let what = format!("{} space {}", enc.file(), space.choice);
        // Blocks are disjoint and the free qubits are the rest.
        let mut seen = vec![false; n];
        for b in &space.blocks {
            for &q in &b.qubits {
                assert!(!seen[q], "{what}: qubit {q} in two blocks");
                seen[q] = true;
            }
        }
        let rest: Vec<usize> = (0..n).filter(|&q| !seen[q]).collect();
        assert_eq!(space.free, rest, "{what}");
        // Every listed state meets its count, the list is ascending, and it is complete.
        for b in &space.blocks {
            check_block(b);
        }
        // The assignments meeting every block are exactly `dimension` many.
        let inside = (0..1u64 << n).filter(|&k| space.contains(k)).count();
        assert_eq!(inside as f64, space.dimension, "{what}");
        assert!((space.log2_dimension() - space.dimension.log2()).abs() < 1e-9, "{what}");
        // The mixed-radix index embeds the space one to one.
        let states = space.block_states().unwrap();
        let embedded: BTreeSet<u64> = (0..space.dimension as u64).map(|i| space.embed(&states, i)).collect();
        assert_eq!(embedded.len() as f64, space.dimension, "{what}");
        assert!(embedded.iter().all(|&k| space.contains(k)), "{what}");
        // Every valid board lies in the space.
        for &k in &valid {
            assert!(space.contains(k), "{what}: valid board {k} left out");
        }
        assert_eq!(
            space.bytes(),
            space.dimension * (16 + enc.diagonal_bytes_per_state()) as f64
        );
    }
    let full = &spaces[0];
    assert_eq!(full.choice, SpaceChoice::Full);
    assert_eq!(full.dimension, (n as f64).exp2());
    let auto = spaces.iter().find(|s| s.choice == SpaceChoice::Auto).unwrap();
    // auto is the smallest space of any blocks, rows+cols included.
    assert!(spaces
        .iter()
        .all(|s| auto.log2_dimension() <= s.log2_dimension() + 1e-9));
    spaces
}

/// A block's states meet its count, ascending, and number `num_states`; a plain block's are
/// its k-subsets.
fn check_block(b: &Block) {
    let states = b.states().unwrap();
    assert_eq!(states.len() as u128, b.num_states, "{}", b.label);
    assert!(states.windows(2).all(|w| w[0] < w[1]), "{}", b.label);
    assert!(states.iter().all(|&s| b.meets_local(s)), "{}", b.label);
    let all: Vec<u64> = (0..1u64 << b.len()).filter(|&s| b.meets_local(s)).collect();
    assert_eq!(states, all, "{}", b.label);
    assert_eq!(all.len() as u128, b.num_states, "{}", b.label);
    if b.plain {
        let w = b.weight().unwrap();
        assert!(b.counts.len() == 1 && b.counts[0].coefficients.iter().all(|&c| c == 1));
        assert_eq!(b.num_states, binomial(b.len(), w), "{}", b.label);
        assert!(states.iter().all(|s| s.count_ones() as usize == w));
    } else {
        assert_eq!(b.weight(), None);
    }
    // Joined counts share qubits, each count's coefficients cover the block's qubits, and a
    // qubit of the block is held by some count.
    assert!(b.counts.iter().all(|c| c.coefficients.len() == b.len()));
    assert!(
        (0..b.len()).all(|i| b.counts.iter().any(|c| c.coefficients[i] != 0)),
        "{}",
        b.label
    );
    assert!(b.counts.windows(2).all(|w| w[0].constraint < w[1].constraint));
}

fn load(name: &str, level: Level) -> OneHot {
    OneHot::load(&data(name), level).unwrap()
}

#[test]
fn spaces_of_small_instances_match_brute_force() {
    for (name, level) in [
        ("nqueens-4.txt", Level::None),
        ("nqueens-4.txt", Level::Paper),
        ("nqueens-4-regions.txt", Level::Paper),
        ("queens-4x4-handmade.txt", Level::Paper),
        ("queens-4x4-handmade.txt", Level::Propagate),
        ("starbattle-4x4-boxes.txt", Level::Paper),
        ("tiny-takuzu-4x4.txt", Level::Paper),
        ("tiny-tango-4x4.txt", Level::Paper),
        ("tiny-tango-4x4.txt", Level::None),
        ("sudoku4-generated-5-clues.txt", Level::Clues),
    ] {
        check_spaces(&load(name, level));
    }
}

#[test]
fn families_and_auto_on_known_instances() {
    let spaces = check_spaces(&load("queens-4x4-handmade.txt", Level::Paper));
    let names: Vec<&str> = spaces.iter().map(|s| s.choice.name()).collect();
    assert_eq!(names, ["full", "rows", "cols", "regions", "auto", "rows+cols"]);
    // Four rows of four, one queen each: 4^4.
    assert_eq!(spaces[1].dimension, 256.0);
    assert!(spaces[1].blocks.iter().all(|b| b.plain && b.weight() == Some(1)));
    // auto: the smallest of any blocks, the permutations (rows and cols tie at 2^8).
    assert_eq!(spaces[4].resolved, SpaceChoice::RowsCols);
    assert_eq!(
        Space::of_plain(&load("queens-4x4-handmade.txt", Level::Paper), SpaceChoice::Auto)
            .unwrap()
            .resolved,
        SpaceChoice::Rows
    );
    // rows+cols: one joined block of all eight counts, the 4! permutations less those the
    // reduction rules out.
    assert_eq!(spaces[5].blocks.len(), 1);
    assert_eq!(spaces[5].blocks[0].counts.len(), 8);
    assert!(spaces[5].dimension <= 24.0);

    let sudoku = check_spaces(&load("sudoku4-generated-5-clues.txt", Level::Clues));
    let names: Vec<&str> = sudoku.iter().map(|s| s.choice.name()).collect();
    assert_eq!(names, ["full", "rows", "cols", "regions", "cells", "auto", "rows+cols"]);
}

#[test]
fn counts_that_share_qubits_are_joined() {
    // A vertical `=` merges cells of two rows: those rows are joined into one general block
    // whose states meet both counts, so rows and columns are still spaces.
    let enc = load("tiny-tango-4x4.txt", Level::Paper);
    let spaces = check_spaces(&enc);
    for choice in [SpaceChoice::Rows, SpaceChoice::Cols] {
        let s = spaces.iter().find(|s| s.choice == choice).unwrap();
        let joined: Vec<&Block> = s.blocks.iter().filter(|b| b.counts.len() > 1).collect();
        assert!(!joined.is_empty(), "{choice}: nothing joined");
        for b in joined {
            assert!(!b.plain && b.label.contains(" + "), "{}", b.label);
            let labels: Vec<&str> = b.counts.iter().map(|c| c.label.as_str()).collect();
            assert_eq!(b.label, labels.join(" + "));
        }
        // Every count of the family is enforced by exactly one block.
        let enforced: Vec<usize> = s.blocks.iter().flat_map(Block::constraints).collect();
        let family: Vec<usize> = enforceable_blocks(&enc.model, &enc.reduced)
            .unwrap()
            .iter()
            .filter(|b| b.family == Some(choice))
            .flat_map(Block::constraints)
            .collect();
        let mut sorted = enforced.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, family, "{choice}");
    }
    assert!(matches!(
        Space::of(&enc, SpaceChoice::Regions),
        Err(Error::Unsupported(u)) if matches!(*u, Unsupported::NoFamily { .. })
    ));
    // auto takes a joined family; under an XY mixer only families of plain blocks count.
    assert_ne!(Space::of(&enc, SpaceChoice::Auto).unwrap().resolved, SpaceChoice::Full);
    assert_eq!(
        Space::of_plain(&enc, SpaceChoice::Auto).unwrap().resolved,
        SpaceChoice::Full
    );
}

/// A blank 4x4 Tango with sign lines under `[equal]` and `[opposite]`.
fn tango(equal: &str, opposite: &str) -> String {
    format!("puzzle: tango\nsize: 4x4\n\n[grid]\n....\n....\n....\n....\n\n[equal]\n{equal}\n[opposite]\n{opposite}\n")
}

#[test]
fn merged_chains_in_a_row_give_general_blocks() {
    // Row 0 holds both cells of one `=` chain (coefficient 2); row 1 an `x` pair, whose two
    // cells cancel (the pair always adds exactly one), so its variable leaves the block.
    let text = tango("0,0 0,1", "1,0 1,1");
    let enc = OneHot::parse("in-row chains", &text, Level::Paper).unwrap();
    let blocks = enforceable_blocks(&enc.model, &enc.reduced).unwrap();
    let row0 = blocks.iter().find(|b| b.label == "row 0 balance").unwrap();
    assert!(!row0.plain);
    assert_eq!(row0.counts[0].coefficients, [2, 1, 1]);
    assert_eq!(row0.counts[0].k, 2);
    // 2a + b + c = 2: a = 1 alone, or b = c = 1.
    assert_eq!(row0.num_states, 2);
    assert_eq!(row0.states().unwrap(), [0b001, 0b110]);
    let row1 = blocks.iter().find(|b| b.label == "row 1 balance").unwrap();
    assert!(row1.plain);
    assert_eq!(row1.counts[0].coefficients, [1, 1]);
    assert_eq!(row1.weight(), Some(1));
    assert_eq!(row1.num_states, 2);

    let spaces = check_spaces(&enc);
    let rows = spaces.iter().find(|s| s.choice == SpaceChoice::Rows).unwrap();
    assert_eq!(rows.blocks.len(), 4);
    assert!(rows.blocks.iter().any(|b| b.label == "row 0 balance" && !b.plain));
    // Row 1: C(2, 1), the pair's variable free (2); rows 2 and 3: C(4, 2) each.
    assert_eq!(rows.free.len(), 1);
    assert_eq!(rows.dimension, 2.0 * 2.0 * 6.0 * 6.0 * 2.0);
    // The chain links columns 0 and 1, the pair too: they are joined into one block of both
    // columns' counts.
    let cols = spaces.iter().find(|s| s.choice == SpaceChoice::Cols).unwrap();
    let joined = cols.blocks.iter().find(|b| b.counts.len() > 1).unwrap();
    assert_eq!(joined.label, "column 0 balance + column 1 balance");
}

#[test]
fn a_block_that_cannot_be_met_is_unsatisfiable() {
    // One `=` chain over three cells of row 0: 3a + b = 2 has no solution, which `paper`
    // does not see but the block does.
    let text = tango("0,0 0,1\n0,1 0,2", "");
    let enc = OneHot::parse("three-cell chain", &text, Level::Paper).unwrap();
    for choice in SpaceChoice::ALL {
        match Space::of(&enc, choice) {
            Err(Error::Unsatisfiable { reason }) => assert!(reason.contains("row 0 balance"), "{reason}"),
            other => panic!("{choice}: {other:?}"),
        }
    }
}

#[test]
fn space_names_parse() {
    for c in SpaceChoice::ALL {
        assert_eq!(c.name().parse::<SpaceChoice>().unwrap(), c);
    }
    assert!(matches!(
        "diagonal".parse::<SpaceChoice>(),
        Err(Error::UnknownName { .. })
    ));
    assert_eq!(
        SpaceChoice::family_of_label("box 0,1 holds one 3"),
        Some(SpaceChoice::Regions)
    );
    assert_eq!(
        SpaceChoice::family_of_label("cell 1,2 holds one digit"),
        Some(SpaceChoice::Cells)
    );
    assert_eq!(SpaceChoice::family_of_label("= sign 0,0 0,1"), None);
}

#[test]
fn plain_block_states_are_colex_subsets() {
    let enc = load("nqueens-4.txt", Level::None);
    let rows = Space::of(&enc, SpaceChoice::Rows).unwrap();
    let b = &rows.blocks[0];
    assert_eq!(b.qubits, [0, 1, 2, 3]);
    assert_eq!(b.states().unwrap(), [0b0001, 0b0010, 0b0100, 0b1000]);
    // Weight 2 of 4 in colex order: {0,1} {0,2} {1,2} {0,3} {1,3} {2,3}.
    let takuzu = load("tiny-takuzu-4x4.txt", Level::None);
    let rows = Space::of(&takuzu, SpaceChoice::Rows).unwrap();
    assert_eq!(
        rows.blocks[0].states().unwrap(),
        [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]
    );
}

/// A general block's states, found by search, are exactly the masks that meet its counts, in
/// ascending order: blocks of one to three counts over up to 14 qubits with coefficients of
/// both signs and zeros (negated literals, counts that skip a qubit), targets met or not.
#[test]
fn general_block_states_are_the_masks_that_meet_the_counts() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for case in 0..300 {
        let m = 1 + next(14) as usize;
        let counts: Vec<BlockCount> = (0..1 + next(3))
            .map(|c| {
                let coefficients: Vec<i64> = (0..m).map(|_| next(5) as i64 - 2).collect();
                let k = next(2 * m as u64 + 1) as i64 - m as i64 / 2;
                BlockCount {
                    label: format!("c{c}"),
                    constraint: c as usize,
                    coefficients,
                    k,
                }
            })
            .collect();
        let mut b = Block {
            label: format!("case {case}"),
            family: None,
            qubits: (0..m).collect(),
            counts,
            num_states: 0,
            plain: false,
        };
        let all: Vec<u64> = (0..1u64 << m).filter(|&s| b.meets_local(s)).collect();
        b.num_states = all.len() as u128;
        assert_eq!(b.states().unwrap(), all, "{}", b.label);
    }
}
