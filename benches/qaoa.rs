//! One QAOA objective evaluation (p = 4) and one gradient per puzzle kind (the largest
//! instance of that kind with 8 to 20 qubits at some reduction level), and the same on random
//! models. `cargo bench --bench qaoa`.

use criterion::{criterion_group, criterion_main, Criterion};
use quzzle::encoding::onehot::OneHot;
use quzzle::experiment::bench::bench_angles;
use quzzle::experiment::sweep::collect_files;
use quzzle::model::Level;
use quzzle::qaoa::{Objective, QaoaSimulator};
use quzzle::Ising;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Reduction levels tried when picking an instance's qubit count for the bench.
const LEVELS: [Level; 4] = [Level::None, Level::Clues, Level::Paper, Level::Propagate];

/// Per puzzle kind in `files`, the instance and level with the most qubits in
/// `[MIN_QUBITS, MAX_QUBITS]` (the first file on ties), so that every kind is timed at a size
/// that means something.
fn largest_per_kind(files: &[PathBuf]) -> BTreeMap<&'static str, (String, Ising)> {
    const MIN_QUBITS: usize = 8;
    const MAX_QUBITS: usize = 20;
    let mut best: BTreeMap<&'static str, (String, Ising)> = BTreeMap::new();
    for f in files {
        for level in LEVELS {
            let Ok(p) = OneHot::load(f, level) else { continue };
            let n = p.ising.num_qubits;
            let kind = p.puzzle.kind();
            let better = best.get(kind).is_none_or(|(_, b)| n > b.num_qubits);
            if (MIN_QUBITS..=MAX_QUBITS).contains(&n) && better {
                let name = f
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                best.insert(kind, (format!("{name}@{level}"), p.ising));
            }
        }
    }
    best
}

/// `.txt` files of `dir`, sorted, as `quzzle sweep` expands a folder; none when it is absent.
fn txt_files(dir: &Path) -> Vec<PathBuf> {
    collect_files(&[dir.to_path_buf()]).unwrap_or_default()
}

/// The embedded demo; one instance per puzzle kind from the repository's test data, and one
/// per kind from the shared instances when present (not redistributed with the repository);
/// two random models.
fn instances() -> Vec<(String, Ising)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![(
        "demo-tango-6x6".to_string(),
        OneHot::load(&root.join("data/demo-tango-6x6.txt"), Level::Paper)
            .expect("demo instance")
            .ising,
    )];
    out.extend(largest_per_kind(&txt_files(&root.join("tests/data"))).into_values());
    let shared = root.join("../shared/instances");
    let shared_files: Vec<PathBuf> = ["queens", "starbattle", "sudoku4", "takuzu", "tango", "tents"]
        .iter()
        .flat_map(|kind| txt_files(&shared.join(kind)))
        .collect();
    out.extend(largest_per_kind(&shared_files).into_values());
    for n in [16, 20] {
        out.push((format!("random-{n}"), Ising::random(n, 1)));
    }
    out
}

fn evaluation(c: &mut Criterion) {
    let mut group = c.benchmark_group("qaoa_p4");
    group.sample_size(10);
    let angles = bench_angles(4).expect("angles");
    for (name, ising) in instances() {
        let sim = QaoaSimulator::new(&ising).expect("fits");
        let label = format!("{name}/n={}", ising.num_qubits);
        group.bench_function(format!("objective/{label}"), |b| {
            b.iter(|| sim.objective(&angles, &Objective::Energy).expect("evaluates"))
        });
        group.bench_function(format!("gradient/{label}"), |b| {
            b.iter(|| sim.gradient(&angles, &Objective::Energy).expect("evaluates"))
        });
    }
    group.finish();
}

criterion_group!(benches, evaluation);
criterion_main!(benches);
