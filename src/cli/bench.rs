//! `quzzle bench`: time one QAOA evaluation and one gradient at fixed angles.

use super::args::ModelSource;
use super::output::to_json;
use quzzle::model::Level;
use quzzle::{Error, Result};

pub fn run(source: &ModelSource, level: Level, depth: usize, repeats: usize, as_json: bool) -> Result<()> {
    if depth == 0 || repeats == 0 {
        return Err(Error::InvalidArgument(
            "--depth and --repeats must be at least 1".into(),
        ));
    }
    let ising = super::ising::model_of(source, level)?;
    let r = quzzle::experiment::bench::bench(&ising, depth, repeats)?;
    if as_json {
        print!("{}", to_json(&r));
    } else {
        println!(
            "{} qubits, p = {}: {:.4} s per evaluation ({:.1} GB/s at two passes per layer), {:.4} s per gradient ({:.2}x), energy {:.10}, diagonal {:.3} s ({} B/state), {} threads, {} kernels",
            r.qubits,
            r.p,
            r.seconds,
            r.gbps,
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
