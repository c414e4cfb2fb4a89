//! One QAOA objective evaluation (p = 4) and one gradient per puzzle instance, and the same on
//! random models. `cargo bench --bench qaoa`.

use criterion::{criterion_group, criterion_main, Criterion};
use quzzle::bench::bench_angles;
use quzzle::model::Level;
use quzzle::problem::Problem;
use quzzle::qaoa::{Objective, QaoaSimulator};
use quzzle::Ising;
use std::path::PathBuf;

fn instances() -> Vec<(String, Ising)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![(
        "demo-tango-6x6".to_string(),
        Problem::load(&root.join("data/demo-tango-6x6.txt"), Level::Paper)
            .expect("demo instance")
            .ising,
    )];
    // Shared instances when present (not redistributed with the repository).
    for name in [
        "tango/tango-6x6-linkedin-2026-07-18.txt",
        "tango/tango-6x6-linkedin-2026-08-09.txt",
    ] {
        let f = root.join("../shared/instances").join(name);
        if let Ok(p) = Problem::load(&f, Level::Paper) {
            out.push((name.to_string(), p.ising));
        }
    }
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
