//! The frontier count of cost histograms (`model::count`, `simulation::counted`) against the
//! enumeration and against brute force over every basis state.

use crate::common::*;
use quzzle::budget::Budget;
use quzzle::encoding::space::{Space, SpaceChoice};
use quzzle::encoding::{self, Encoding, EncodingKind};
use quzzle::model::Level;
use quzzle::qaoa::{ClassKind, CostHistogram};
use quzzle::simulation::counted::frontier_histogram_within;
use quzzle::simulation::histogram::{
    cost_histogram, countable_space, enumerated_histogram_within, first_method, HistogramMethod,
};
use quzzle::simulation::space_qubo;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Spaces up to this many states are compared with the enumeration in debug builds.
const COMPARED_STATES: f64 = 65_536.0;

fn classes(h: &CostHistogram) -> Vec<(u64, u128, ClassKind)> {
    h.classes.iter().map(|c| (c.cost.to_bits(), c.count, c.kind)).collect()
}

/// The classes with costs within 1e-9 of each other merged: (cost, count, kind).
fn merged(h: &CostHistogram) -> Vec<(f64, u128, ClassKind)> {
    let mut out: Vec<(f64, u128, ClassKind)> = Vec::new();
    for c in &h.classes {
        match out.last_mut() {
            Some(l) if l.2 == c.kind && (c.cost - l.0).abs() <= TOL_ENERGY => l.1 += c.count,
            _ => out.push((c.cost, c.count, c.kind)),
        }
    }
    out.iter().map(|&(c, n, k)| ((c * 1e6).round() / 1e6, n, k)).collect()
}

/// The puzzle files of the repository (data/, tests/data/, tests/data/generated/), the
/// unsatisfiable one left out.
fn repository_boards() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["data", "tests/data", "tests/data/generated"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "txt") && !p.to_string_lossy().contains("unsat"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// Every space of `enc` (full, each family, rows+cols) up to `max_states` states.
fn small_spaces(enc: &dyn Encoding, max_states: f64) -> Vec<Space> {
    Space::available(enc.as_onehot().unwrap())
        .unwrap()
        .into_iter()
        .filter(|s| s.choice != SpaceChoice::Auto && s.dimension <= max_states)
        .collect()
}

/// Each example state has its class's cost, and the success classes hold what they say.
fn assert_examples_priced(enc: &dyn Encoding, space: &Space, h: &CostHistogram, what: &str) {
    let qubo = space_qubo(enc.as_onehot().unwrap(), space);
    for c in &h.classes {
        let e = qubo.energy_of(&c.example);
        assert!(
            (e - c.cost).abs() <= TOL_ENERGY,
            "{what}: example priced {e}, class {}",
            c.cost
        );
        assert!(space.blocks.iter().all(|b| b.counts.iter().all(|k| {
            let s: i64 = b
                .qubits
                .iter()
                .zip(&k.coefficients)
                .filter(|(q, _)| c.example[**q])
                .map(|(_, a)| a)
                .sum();
            s == k.k
        })));
    }
}

/// On every repository board at three reduction levels, every space of up to 2^16 states
/// counts, class for class (cost to the bit, count, verdict), as the enumeration does (with an
/// objective of non-dyadic weight, once the enumeration's float-split classes are merged).
#[test]
fn frontier_count_equals_the_enumeration_on_the_repository_boards() {
    let budget = Budget::unlimited();
    let mut compared = 0;
    let mut boards = std::collections::BTreeSet::new();
    for path in repository_boards() {
        for level in [Level::None, Level::Paper, Level::Probe] {
            let Ok(enc) = encoding::load(&path, EncodingKind::Onehot, level) else {
                continue;
            };
            for space in small_spaces(enc.as_ref(), COMPARED_STATES) {
                let what = format!("{} {level:?} {}", path.display(), space.resolved);
                let listed = enumerated_histogram_within(enc.as_ref(), &space, &budget).unwrap();
                let counted = frontier_histogram_within(enc.as_ref(), &space, &budget).unwrap();
                if enc.as_onehot().unwrap().model.has_objective() {
                    // A weight such as −1/1.5 makes the enumeration's float sums split one
                    // exact cost into neighbouring floats; the count keeps it one class.
                    assert_eq!(merged(&counted), merged(&listed), "{what}");
                } else {
                    assert_eq!(classes(&counted), classes(&listed), "{what}");
                }
                assert_examples_priced(enc.as_ref(), &space, &counted, &what);
                compared += 1;
                boards.insert(path.clone());
            }
        }
    }
    // The note's figures (`--nocapture` shows them).
    eprintln!(
        "repository boards: the count equals the enumeration on {compared} (board, level, space) \
         triples of {} boards",
        boards.len()
    );
    assert!(compared >= 100, "{compared} spaces compared");
}

/// On boards of up to 16 qubits, the full space and the rows+cols space count as a tally of
/// the cost over all 2^n basis states (those meeting the space's counts).
#[test]
fn frontier_count_equals_brute_force_over_every_state() {
    let mut compared = 0;
    for path in repository_boards() {
        let Ok(enc) = encoding::load(&path, EncodingKind::Onehot, Level::None) else {
            continue;
        };
        let n = enc.num_qubits();
        if n > 16 {
            continue;
        }
        for space in small_spaces(enc.as_ref(), f64::INFINITY) {
            if !matches!(
                space.resolved,
                SpaceChoice::Full | SpaceChoice::RowsCols | SpaceChoice::Rows
            ) {
                continue;
            }
            let qubo = space_qubo(enc.as_onehot().unwrap(), &space);
            let mut tally: BTreeMap<u64, u128> = BTreeMap::new();
            for k in (0..1u64 << n).filter(|&k| space.contains(k)) {
                *tally.entry((qubo.energy(k) + 0.0).to_bits()).or_default() += 1;
            }
            let counted = frontier_histogram_within(enc.as_ref(), &space, &Budget::unlimited()).unwrap();
            let mut got: BTreeMap<u64, u128> = BTreeMap::new();
            for c in &counted.classes {
                *got.entry((c.cost + 0.0).to_bits()).or_default() += c.count;
            }
            assert_eq!(got, tally, "{} {}", path.display(), space.resolved);
            compared += 1;
        }
    }
    assert!(compared >= 10, "{compared} spaces compared");
}

/// The shared boards (when ../shared is present): at the `probe` level every space of up to
/// 2^16 states counts as the enumeration does, and each board's smallest space (the frontier
/// count where it is narrow) holds exactly its one solution.
#[test]
fn frontier_count_on_the_shared_boards() {
    let budget = Budget::unlimited();
    let (mut compared, mut solved) = (0, 0);
    let (mut boards, mut boards_compared) = (0, 0);
    for kind in ["queens", "starbattle", "sudoku4", "takuzu", "tango", "tents"] {
        for path in shared_files(kind) {
            boards += 1;
            let enc = encoding::load(&path, EncodingKind::Onehot, Level::Probe).unwrap();
            let compared_before = compared;
            for space in small_spaces(enc.as_ref(), COMPARED_STATES) {
                let listed = enumerated_histogram_within(enc.as_ref(), &space, &budget).unwrap();
                let counted = frontier_histogram_within(enc.as_ref(), &space, &budget).unwrap();
                assert_eq!(
                    classes(&counted),
                    classes(&listed),
                    "{} {}",
                    path.display(),
                    space.resolved
                );
                compared += 1;
            }
            if compared > compared_before {
                boards_compared += 1;
            }
            let onehot = enc.as_onehot().unwrap();
            let smallest = Space::of(onehot, SpaceChoice::Auto).unwrap();
            let plan = quzzle::simulation::counted::frontier_plan(onehot, &smallest).unwrap();
            if plan.width <= 16.0 {
                let h = frontier_histogram_within(enc.as_ref(), &smallest, &budget).unwrap();
                assert_eq!(h.count_of(ClassKind::Valid), 1, "{}", path.display());
                assert_eq!(h.dimension() as f64, smallest.dimension, "{}", path.display());
                solved += 1;
            }
        }
    }
    // The note's figures (`--nocapture` shows them).
    eprintln!(
        "shared boards at probe: the count equals the enumeration on {compared} spaces of \
         {boards_compared} of {boards} boards; {solved} boards' smallest space counted to its one solution"
    );
    if shared_instances().is_some() {
        assert!(compared >= 100 && solved >= 100, "{compared} compared, {solved} solved");
    }
}

/// A frontier split into parts (memory limited to the most layers the whole count held, so
/// that no step fits beside its layer)
/// counts every class (cost, count, least example) as the whole count does, on the repository
/// boards' rows+cols spaces at `none`; where the space is small, its counts add up to the
/// enumeration's dimension.
#[test]
fn a_frontier_split_into_parts_counts_as_the_whole_on_the_boards() {
    use quzzle::model::count;
    use quzzle::simulation::counted::count_problem;
    let budget = Budget::unlimited();
    let plenty = || u64::MAX;
    let mut split = 0;
    for path in repository_boards() {
        let Ok(enc) = encoding::load(&path, EncodingKind::Onehot, Level::None) else {
            continue;
        };
        let onehot = enc.as_onehot().unwrap();
        let Ok(space) = Space::of(onehot, SpaceChoice::RowsCols) else {
            continue;
        };
        let Ok((problem, _, _)) = count_problem(onehot, &space) else {
            continue;
        };
        let plan = count::plan(&problem);
        if plan.width > 18.0 {
            continue;
        }
        let whole = count::count(&problem, &plan, u128::MAX, &plenty, &budget, "test").unwrap();
        let parts = count::count(&problem, &plan, whole.peak_bytes, &plenty, &budget, "test");
        // A limit too small even for one state is refused, never miscounted.
        let Ok(parts) = parts else { continue };
        assert_eq!(parts.classes, whole.classes, "{}", path.display());
        assert!(parts.peak_bytes <= whole.peak_bytes, "{}", path.display());
        if parts.parts > 1 {
            split += 1;
        }
        if space.dimension <= COMPARED_STATES {
            let listed = enumerated_histogram_within(enc.as_ref(), &space, &budget).unwrap();
            let total: u128 = parts.classes.iter().map(|c| c.2).sum();
            assert_eq!(total, listed.dimension(), "{}", path.display());
        }
    }
    assert!(split >= 5, "{split} boards counted in parts");
}

/// N-Queens (no board file: counts over diagonals, rows+cols a joined general block) counts as
/// the enumeration does, with its known solution counts; the route takes the frontier count by
/// itself past 2^22 states.
#[test]
fn nqueens_counts_and_the_route_choice() {
    let budget = Budget::unlimited();
    for (n, m) in [(5usize, 10u128), (6, 4), (7, 40), (8, 92)] {
        let text = format!("puzzle: nqueens\nsize: {n}x{n}\n");
        let enc = encoding::parse(&format!("nqueens-{n}"), &text, EncodingKind::Onehot, Level::None).unwrap();
        let space = Space::of(enc.as_onehot().unwrap(), SpaceChoice::RowsCols).unwrap();
        let counted = frontier_histogram_within(enc.as_ref(), &space, &budget).unwrap();
        assert_eq!(counted.count_of(ClassKind::Valid), m, "N = {n}");
        assert_eq!(counted.dimension(), (1..=n as u128).product::<u128>());
        assert_eq!(
            classes(&counted),
            classes(&cost_histogram(enc.as_ref(), &space).unwrap())
        );
    }
    let text = "puzzle: nqueens\nsize: 11x11\n";
    let enc = encoding::parse("nqueens-11", text, EncodingKind::Onehot, Level::None).unwrap();
    let space = Space::of(enc.as_onehot().unwrap(), SpaceChoice::RowsCols).unwrap();
    assert_eq!(first_method(&space), Some(HistogramMethod::Frontier));
    assert!(countable_space(&space));
}
