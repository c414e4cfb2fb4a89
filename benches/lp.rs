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

/// Exact counts of 1 over variables `x{cell}` of an `m`-sided grid of `dims` dimensions: one
/// count per line along each axis (an assignment for 2, a Latin square's cube for 3), written
/// with the axes interleaved, as a writer that knows no families does.
fn lines(m: usize, dims: u32) -> String {
    let cells = m.pow(dims);
    let mut s = String::new();
    for start in 0..cells {
        for axis in 0..dims {
            let stride = m.pow(axis);
            // One line per cell whose coordinate along `axis` is 0.
            if (start / stride) % m == 0 {
                let _ = write!(s, " a{axis}_{start}:");
                for t in 0..m {
                    let _ = write!(s, " + x{}", start + t * stride);
                }
                s.push_str(" = 1\n");
            }
        }
    }
    s
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
    // The families of exact counts, found from the constraints alone (docs/lp.md, "Spaces
    // found automatically"): two that cross as an assignment, and three that cross pairwise.
    for (m2, m3) in [(32, 10), (100, 22), (316, 46)] {
        let cases = [
            ("assignment", m2 * m2, file(m2 * m2, &lines(m2, 2))),
            ("latin_cube", m3 * m3 * m3, file(m3 * m3 * m3, &lines(m3, 3))),
        ];
        for (name, n, text) in cases {
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
