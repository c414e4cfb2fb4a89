//! One noisy trajectory on the weight sectors of a 6x6 Queens XY-ring circuit (36 qubits,
//! 46,656 row states, p = 2), with errors that open most blocks' weights: what a trajectory
//! running alone costs on one thread and on two (its large states in chunks on every thread,
//! docs/qasm.md, "Noise-aware expectations"). `cargo bench --bench sectors`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use quzzle::angles::Angles;
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{load, EncodingKind};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::noise::program::Pauli;
use quzzle::simulation::{simulation, SpaceSettings};
use std::path::Path;

fn trajectory(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/generated/queens-6x6-seed1.txt");
    let enc = load(&path, EncodingKind::Onehot, Level::None).unwrap();
    let settings = SpaceSettings {
        space: SpaceChoice::Rows,
        mixer: MixerKind::XyRing,
        ..Default::default()
    };
    let sim = simulation(enc.as_ref(), &settings).unwrap();
    let angles = Angles::new(vec![0.31, 0.47], vec![0.62, 0.23]).unwrap();
    let prog = quzzle::experiment::depth::sector_program(enc.as_ref(), &sim, &angles).unwrap();
    // X on the first qubit of four rows a third of the way in, Y on another qubit of three
    // rows two thirds in.
    let gates = prog.native().gates.len();
    let x = (0..4).fold(Pauli::I, |p, b| Pauli::single(6 * b, 1).times(p));
    let y = (1..4).fold(Pauli::I, |p, b| Pauli::single(6 * b + 3, 2).times(p));
    let events = [(gates / 3, x), (2 * gates / 3, y)];
    let amplitudes: usize = prog.trajectory_state(&events).unwrap().values().map(Vec::len).sum();
    let mut group = c.benchmark_group("sector_trajectory");
    group.sample_size(10);
    group.throughput(Throughput::Elements(amplitudes as u64));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, _| {
            b.iter(|| pool.install(|| prog.trajectory_state(&events).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, trajectory);
criterion_main!(benches);
