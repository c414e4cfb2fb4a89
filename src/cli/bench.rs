//! `quzzle bench`: time one QAOA evaluation and one gradient at fixed angles.

use super::args::{ModelSource, SpaceArgs};
use super::output::to_json;
use quzzle::encoding::{self, EncodingKind};
use quzzle::mixer::MixerKind;
use quzzle::simulation::{self, SpaceSettings};
use quzzle::{Error, Result};

/// Most timed calls: the median of a thousand is as good as it gets, and more only waits.
const MAX_REPEATS: usize = 1000;

pub fn run(
    source: &ModelSource,
    reduce: &super::args::ReduceArg,
    space: &SpaceArgs,
    dicke: Option<usize>,
    depth: usize,
    repeats: usize,
    as_json: bool,
) -> Result<()> {
    // Caps before any allocation: a depth of 2^64 − 1 overflowed the angle vectors.
    quzzle::checked::Depth::new(i64::try_from(depth).unwrap_or(i64::MAX))?;
    if !(1..=MAX_REPEATS).contains(&repeats) {
        return Err(Error::out_of_range(
            quzzle::error::Quantity::Repeats,
            repeats,
            format!("must be 1..={MAX_REPEATS}"),
        ));
    }
    let settings = space.settings_or_full()?;
    let r = if let Some(k) = dicke {
        if source.random.is_none() {
            return Err(super::errors::Usage::DickeOfPuzzle.into());
        }
        let ising = super::ising::model_of(source, reduce)?;
        let mixer = space
            .mixer
            .as_deref()
            .map(str::parse)
            .transpose()?
            .unwrap_or(MixerKind::XyRing);
        quzzle::experiment::bench::bench_dicke(&ising, k, mixer, depth, repeats)?
    } else if settings == SpaceSettings::default() {
        let ising = super::ising::model_of(source, reduce)?;
        quzzle::experiment::bench::bench(&ising, depth, repeats)?
    } else {
        let Some(file) = &source.file else {
            return Err(super::errors::Usage::BlocksOfRandom.into());
        };
        let penalties = reduce.penalty.penalties()?;
        let enc = encoding::load_with(
            file,
            EncodingKind::Onehot,
            reduce.level,
            &penalties,
            &quzzle::budget::Cancel::never(),
        )?;
        let began = std::time::Instant::now();
        let report_progress = |p: &quzzle::budget::Progress<'_>| errln!("{}", super::progress::line("bench", p, None));
        let budget = super::progress::budget(None, &report_progress)?;
        let simulation = simulation::simulation_within(enc.as_ref(), &settings, &budget)?;
        simulation.require_statevector("bench (it times the statevector kernels)")?;
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
        out!("{}", to_json(&r));
    } else {
        let gradient = match &r.gradient_skipped {
            Some(why) => format!("gradient not timed ({why})"),
            None => format!(
                "{:.4} s per gradient ({:.2}x)",
                r.gradient_seconds,
                r.gradient_seconds / r.seconds
            ),
        };
        outln!(
            "{} qubits, space {} (2^{:.2} states), mixer {}, p = {}: {:.4} s per evaluation ({:.1} GB/s at {} passes per layer), {gradient}, energy {:.10}, diagonal {:.3} s ({} B/state), {} threads, {} kernels",
            r.qubits,
            r.space,
            r.dimension.log2(),
            r.mixer,
            r.p,
            r.seconds,
            r.gbps,
            r.passes_per_layer,
            r.energy,
            r.precompute_seconds,
            r.diagonal_bytes_per_state,
            r.threads,
            r.simd
        );
    }
    Ok(())
}
