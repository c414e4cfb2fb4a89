//! Messages, help text and small outputs of issue 79: Grover's default iteration range, its
//! cost histogram and class count, the switch ring's pairs as they run, switch-mixer QASM
//! comments, and `info` on a board the reduction decides.

use crate::common::{ok, ok_json, quzzle, s, stderr, Scratch};
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, EncodingKind};
use quzzle::mixer::{switch_moves, MixerKind};
use quzzle::model::Level;
use quzzle::simulation::{self, SpaceSettings};
use std::path::PathBuf;

fn root(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/")).join(name)
}

/// Item 19: where the optimal count is past the 100,000 counts a report lists (a 10x10 board
/// on its rows; here, as quickly, a 6x6 board on its full 2^36 space, optimal 205,887), the
/// default range must still be one the report takes.
#[test]
fn grover_past_the_listed_counts_takes_its_own_default_iterations() {
    let scratch = Scratch::new("words-grover-large");
    let board = scratch.join("queens-6.txt");
    ok(&["generate", "queens", "--size", "6", "--seed", "1", "-o", s(&board)]);
    let o = quzzle(&[
        "grover",
        s(&board),
        "--route",
        "closed-form",
        "--space",
        "full",
        "--reduce",
        "none",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let optimal = v["optimal_iterations"].as_u64().unwrap();
    assert!(optimal >= 100_000, "{optimal}");
    let ks: Vec<u64> = v["iterations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["k"].as_u64().unwrap())
        .collect();
    assert_eq!(ks.len(), 100_000);
    assert_eq!(*ks.last().unwrap(), optimal);
    assert_eq!(ks[0], optimal + 1 - 100_000);
    assert_eq!(
        quzzle::experiment::grover::default_iterations(5),
        (0, 5),
        "small counts start at 0"
    );
}

/// Item 23: `grover --json` carries the cost histogram, `[cost, states]` per distinct cost,
/// and the true number of cost classes without `--qaoa-depths` (it wrote 0), the same number
/// the run with QAOA depths gives.
#[test]
fn grover_json_carries_the_cost_histogram_and_its_classes() {
    let file = root("data/queens-5x5-seed1.txt");
    let plain = ok_json(&["grover", s(&file), "--json"]);
    let with_qaoa = ok_json(&["grover", s(&file), "--qaoa-depths", "1", "--json"]);
    let classes = plain["cost_classes"].as_u64().unwrap();
    assert!(classes > 1, "{plain}");
    assert_eq!(plain["cost_classes"], with_qaoa["cost_classes"]);
    let histogram = plain["cost_histogram"].as_array().unwrap();
    assert_eq!(plain["cost_histogram"], with_qaoa["cost_histogram"]);
    let states: f64 = histogram.iter().map(|e| e[1].as_f64().unwrap()).sum();
    assert_eq!(states, plain["dimension"].as_f64().unwrap());
    let costs: Vec<f64> = histogram.iter().map(|e| e[0].as_f64().unwrap()).collect();
    assert!(costs.windows(2).all(|w| w[0] < w[1]), "{costs:?}");
    assert_eq!(costs[0], 0.0, "the valid boards' cost comes first");
    assert!(histogram.len() as u64 <= classes);
    let text = ok(&["grover", s(&file)]);
    assert!(
        text.contains(&format!("cost histogram: {classes} cost classes")),
        "{text}"
    );
}

/// Item 20: the switch ring runs over the grid's rows and columns, the row and column counts
/// left after reduction (a line the reduction decided has none) numbered in board order, the
/// ring closing on the first and last of them; moves with a cell that is no qubit are left
/// out. On data/queens-5x5-seed1.txt at `paper`: the pairs as they run.
#[test]
fn the_switch_ring_runs_over_the_rows_and_columns_left_after_reduction() {
    let enc = encoding::load(&root("data/queens-5x5-seed1.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    let settings = SpaceSettings {
        space: SpaceChoice::RowsCols,
        mixer: MixerKind::SwitchRing,
        ..Default::default()
    };
    let space = simulation::space_of(enc.as_ref(), &settings).unwrap();
    let mut runs = Vec::new();
    for block in &space.blocks {
        let grid = block.grid().unwrap();
        let line = |family: SpaceChoice| -> Vec<usize> {
            block
                .counts
                .iter()
                .filter(|c| SpaceChoice::family_of_label(&c.label) == Some(family))
                .map(|c| c.label.split_whitespace().nth(1).unwrap().parse().unwrap())
                .collect()
        };
        let (rows, cols) = (line(SpaceChoice::Rows), line(SpaceChoice::Cols));
        assert_eq!((rows.len(), cols.len()), (grid.row_totals.len(), grid.col_totals.len()));
        for ((i, j), (a, b)) in switch_moves(rows.len(), cols.len(), MixerKind::SwitchRing) {
            let c = &grid.cells;
            if [c[i][a], c[i][b], c[j][a], c[j][b]].iter().all(Option::is_some) {
                runs.push(((rows[i], rows[j]), (cols[a], cols[b])));
            }
        }
        // The moves the simulator and the circuit run are these, in this order.
        assert_eq!(
            quzzle::qaoa::switch::grid_moves(&grid, MixerKind::SwitchRing).len(),
            runs.len()
        );
    }
    println!("{runs:?}");
    assert_eq!(runs, PINNED_RING);
}

/// A pair of board lines (rows or columns).
type Lines = (usize, usize);

/// The ring's moves on data/queens-5x5-seed1.txt at `paper`, as ((board row i, j), (board
/// column a, b)).
const PINNED_RING: &[(Lines, Lines)] = &[
    ((0, 1), (1, 2)),
    ((0, 1), (3, 4)),
    ((0, 1), (2, 3)),
    ((0, 1), (1, 4)),
    // Rows 2 and 4 are neighbours on the grid: row 3 (its queen fixed) has no count.
    ((2, 4), (3, 4)),
    ((2, 4), (2, 3)),
    ((1, 2), (3, 4)),
    ((1, 2), (2, 3)),
    // The closing pair: the first and last rows and columns left.
    ((0, 4), (3, 4)),
    ((0, 4), (2, 3)),
];

/// Item 21: a switch-mixer export says what the switch circuit does, with none of the Grover
/// or Dicke circuits' comment lines.
#[test]
fn switch_exports_carry_switch_comments_only() {
    let file = root("data/queens-5x5-seed1.txt");
    for mixer in ["switch-ring", "switch-complete"] {
        for flavor in ["portable", "ibm", "ionq"] {
            let text = ok(&[
                "qasm",
                s(&file),
                "--space",
                "rows+cols",
                "--mixer",
                mixer,
                "--depth",
                "2",
                "--gammas",
                "0.1,0.2",
                "--betas",
                "-0.3,-0.2",
                "--flavor",
                flavor,
            ]);
            let comments: Vec<&str> = text.lines().filter(|l| l.starts_with("//")).collect();
            for bad in ["U_s", "Dicke", "|0...0>", "Grover", "xy_mixer", "cry", "ccx"] {
                assert!(
                    !comments.iter().any(|l| l.contains(bad)),
                    "{mixer} {flavor}: a comment says `{bad}`:\n{}",
                    comments.join("\n")
                );
            }
            assert!(comments.iter().any(|l| l.contains("Switch mixer")), "{mixer} {flavor}");
            assert!(
                comments.iter().any(|l| l.contains("the switch moves")),
                "{mixer} {flavor}"
            );
        }
    }
}

/// `info` on a board the reduction decides entirely recommends no space: it says that no
/// circuit is needed (it recommended "--space full --mixer x: 1 states").
#[test]
fn info_on_a_board_the_reduction_decides_needs_no_circuit() {
    let file = root(DECIDED);
    let text = ok(&["info", s(&file), "--reduce", DECIDED_LEVEL]);
    assert!(
        text.contains("the reduction (") && text.contains("no circuit is needed"),
        "{text}"
    );
    assert!(!text.contains("--space full --mixer x"), "{text}");
    let v = ok_json(&["info", s(&file), "--reduce", DECIDED_LEVEL, "--json"]);
    assert_eq!(v["qubits"], 0);
    assert!(v["recommended"].is_null(), "{v}");
}

/// A board that `DECIDED_LEVEL` decides entirely.
const DECIDED: &str = "tests/data/sudoku4-six-clues.txt";
const DECIDED_LEVEL: &str = "paper";
