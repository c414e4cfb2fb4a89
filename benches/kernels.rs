//! Kernel benchmarks: one QAOA layer (phase + mixer), parallel and serial, n = 12..22.
//! `cargo bench --bench kernels`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use num_complex::Complex64;
use quzzle::sim::kernels::{self, Phase, Plan};

fn state(n: usize) -> Vec<Complex64> {
    let a = 1.0 / ((1u64 << n) as f64).sqrt();
    (0..1usize << n)
        .map(|k| Complex64::new(a, (k % 7) as f64 * 1e-3))
        .collect()
}

fn layer(c: &mut Criterion) {
    let mut group = c.benchmark_group("layer");
    group.sample_size(10);
    let factors: Vec<Complex64> = (0..64).map(|v| Complex64::from_polar(1.0, -0.1 * v as f64)).collect();
    for n in [12, 14, 16, 18, 20, 22] {
        let mut amps = state(n);
        let index: Vec<u16> = (0..amps.len()).map(|k| (k.count_ones() * 3 % 64) as u16).collect();
        group.throughput(Throughput::Bytes(32 << n));
        let phase = Phase::Indexed {
            index: &index,
            factors: &factors,
        };
        let plan = Plan::new(n);
        group.bench_function(BenchmarkId::new("parallel", format!("n={n}")), |b| {
            b.iter(|| kernels::apply_layer_with(&mut amps, phase, 0.3, &plan, kernels::PAR_MIN_QUBITS))
        });
        group.bench_function(BenchmarkId::new("serial", format!("n={n}")), |b| {
            b.iter(|| kernels::apply_layer_with(&mut amps, phase, 0.3, &plan, usize::MAX))
        });
    }
    group.finish();
}

criterion_group!(benches, layer);
criterion_main!(benches);
