//! Reading LP files (docs/lp.md, "Size and time"): the shapes issue 79 timed, from 1,000 to
//! 100,000 variables, each read in time linear in its size. `cargo bench --bench lp`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use quzzle::puzzle::lp::LpModel;
use std::fmt::Write as _;

/// `Minimize` over `n` variables, `constraint` (written over them), and the Binary section.
fn file(n: usize, constraints: &str) -> String {
    let mut s = String::from("Minimize\n obj:");
    for i in 0..n {
        let _ = write!(s, " + {} x{i}", 1 + i % 7);
    }
    s.push_str("\nSubject To\n");
    s.push_str(constraints);
    s.push_str("Binary\n");
    for i in 0..n {
        let _ = writeln!(s, " x{i}");
    }
    s.push_str("End\n");
    s
}

fn sum(n: usize) -> String {
    (0..n).map(|i| format!(" + x{i}")).collect()
}

fn reading(c: &mut Criterion) {
    let mut group = c.benchmark_group("lp_read");
    group.sample_size(10);
    for n in [1_000, 10_000, 100_000] {
        let cases = [
            ("at_most_1", file(n, &format!(" most:{} <= 1\n", sum(n)))),
            ("exactly_1", file(n, &format!(" one:{} = 1\n", sum(n)))),
            // n copies of one pair constraint, and n bounds pairing up.
            ("duplicates", file(n, &" x0 + x1 <= 1\n".repeat(n))),
            (
                "bound_pairs",
                file(n, &" x0 + x1 + x2 + x3 >= 1\n x0 + x1 + x2 + x3 <= 2\n".repeat(n / 2)),
            ),
        ];
        for (name, text) in cases {
            group.throughput(Throughput::Bytes(text.len() as u64));
            group.bench_function(BenchmarkId::new(name, format!("n={n}")), |b| {
                b.iter(|| LpModel::parse("bench.lp", &text).expect("a readable model"))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, reading);
criterion_main!(benches);
