//! `quzzle bench`: time one QAOA evaluation and one gradient at fixed angles.

use super::args::{ModelSource, SpaceArgs};
use super::output::to_json;
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::simulation::{self, SpaceSettings};
use quzzle::model::Level;
use quzzle::{Error, Result};

pub fn run(
    source: &ModelSource,
    level: Level,
    space: &SpaceArgs,
    depth: usize,
    repeats: usize,
    as_json: bool,
) -> Result<()> {
    if depth == 0 || repeats == 0 {
        return Err(Error::InvalidArgument(
            "--depth and --repeats must be at least 1".into(),
        ));
    }
    let settings = space.settings();
    let r = if settings == SpaceSettings::default() {
        let ising = super::ising::model_of(source, level)?;
        quzzle::experiment::bench::bench(&ising, depth, repeats)?
    } else {
        let Some(file) = &source.file else {
            return Err(Error::InvalidArgument(
                "block spaces come from a puzzle's constraints: give a puzzle file, not --random".into(),
            ));
        };
        let enc = encoding::load(file, EncodingKind::Onehot, level)?;
        let began = std::time::Instant::now();
        let simulation = simulation::simulation(enc.as_ref(), &settings)?;
        let precompute = began.elapsed().as_secs_f64();
        quzzle::experiment::bench::bench_simulator(
            simulation.qaoa(),
            precompute,
            simulation.space.resolved.name(),
            simulation.passes_per_layer,
            depth,
            repeats,
        )?
    };
    if as_json {
        print!("{}", to_json(&r));
    } else {
        println!(
            "{} qubits, space {} (2^{:.2} states), mixer {}, p = {}: {:.4} s per evaluation ({:.1} GB/s at {} passes per layer), {:.4} s per gradient ({:.2}x), energy {:.10}, diagonal {:.3} s ({} B/state), {} threads, {} kernels",
            r.qubits,
            r.space,
            r.dimension.log2(),
            r.mixer,
            r.p,
            r.seconds,
            r.gbps,
            r.passes_per_layer,
            r.gradient_seconds,
            r.gradient_seconds / r.seconds,
            r.energy,
            r.precompute_seconds,
            r.diagonal_bytes_per_state,
            r.threads,
            r.simd
        );
    }
    Ok(())
}
