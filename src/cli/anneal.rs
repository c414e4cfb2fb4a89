//! `quzzle anneal`: simulated annealing on the reduced QUBO, the classical baseline.

use super::args::AnnealArgs;
use super::output::to_json;
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::anneal::anneal;
use quzzle::experiment::stats::probability_text;
use quzzle::Result;

pub fn run(args: &AnnealArgs) -> Result<()> {
    let request = super::request::anneal(args).check()?;
    let enc = encoding::load_with(
        &args.file,
        EncodingKind::Onehot,
        request.level,
        &request.penalties,
        &quzzle::budget::Cancel::never(),
    )?;
    let r = anneal(
        enc.as_ref(),
        &request.settings(super::progress::cancel("anneal", args.max_seconds)?),
    )?;
    if args.json {
        outln!("{}", to_json(&r));
        return Ok(());
    }
    outln!(
        "{}: {} variables at {}, space {} ({:.4e} states)",
        r.file,
        r.qubits,
        r.reduce.name(),
        r.space,
        r.dimension
    );
    // Six decimals, or a short exponent form for a β far from 1 (not 300 digits of 1e300).
    let beta = |b: f64| {
        if b != 0.0 && !(1e-4..1e6).contains(&b.abs()) {
            format!("{b:.3e}")
        } else {
            format!("{b:.6}")
        }
    };
    outln!(
        "{} reads x {} sweeps, {} schedule, beta {} -> {}{}, seed {}",
        r.reads,
        r.sweeps,
        r.schedule.name(),
        beta(r.beta_range[0]),
        beta(r.beta_range[1]),
        if r.beta_range_default { " (default rule)" } else { "" },
        r.seed
    );
    outln!(
        "P(valid) per read: {} ({} of {}; 95 % interval [{}, {}])",
        probability_text(r.p_valid, 4),
        r.valid_reads,
        r.reads,
        probability_text(r.interval[0], 4),
        probability_text(r.interval[1], 4)
    );
    if let Some(feasible) = r.feasible_reads {
        outln!(
            "with an objective, P(valid) is P(optimal); feasible reads: {} of {} ({})",
            feasible,
            r.reads,
            probability_text(feasible as f64 / r.reads as f64, 4)
        );
    }
    outln!("final energy: mean {:.6}, lowest {:.6}", r.mean_energy, r.min_energy);
    outln!("  energy        reads   valid");
    for e in r.energies.iter().take(10) {
        outln!("  {:<12.6} {:>6}  {:>6}", e.energy, e.reads, e.valid);
    }
    if r.energies.len() > 10 {
        outln!("  ... {} more energies (--json lists them all)", r.energies.len() - 10);
    }
    match (r.reads_99, r.tts99_sweeps, r.tts99_seconds) {
        (Some(reads), Some(sweeps), Some(seconds)) => outln!(
            "TTS99: {reads:.1} reads = {sweeps:.3e} sweeps = {seconds:.3e} CPU seconds on one thread ({:.3e} CPU s per read; {:.3e} s wall)",
            r.seconds_per_read,
            r.wall_seconds_per_read
        ),
        _ => outln!("TTS99: none (no read ended on a valid board)"),
    }
    outln!("{:.2} s wall", r.seconds);
    Ok(())
}
