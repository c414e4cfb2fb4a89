//! `quzzle plan`: what a device will give for a puzzle, before any device time is spent.

use super::args::PlanArgs;
use super::output::{check_output_folder, path_list, refuse_inputs, to_json};
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::plan::{plan_within, PlanReport};
use quzzle::experiment::stats::probability_text;
use quzzle::export::plan_files::{plan_files, write_plan_folder, FILE_NAMES};
use quzzle::Result;

pub fn run(args: &PlanArgs) -> Result<()> {
    let request = super::request::plan(args).check()?;
    if let Some(dir) = &args.out {
        check_output_folder(dir, "--out", &FILE_NAMES)?;
        refuse_inputs(&[&args.file], &plan_files(dir))?;
    }
    let reading = super::progress::cancel("plan", args.max_seconds)?;
    let enc = encoding::load_with(
        &args.file,
        EncodingKind::Onehot,
        request.level,
        &request.penalties,
        &reading,
    )?;
    for w in enc.puzzle().warnings() {
        errln!("warning: {w}");
    }
    let report_progress =
        |p: &quzzle::budget::Progress<'_>| errln!("{}", super::progress::line("plan", p, args.max_seconds));
    // One deadline for the whole plan: what reading and encoding took counts against it.
    let cancel = super::progress::cancel("plan", args.max_seconds)?.with_deadline_of(&reading);
    let budget = super::progress::budget(args.max_seconds, &report_progress)?.with_cancel(cancel.clone());
    let (report, stop) = plan_within(enc.as_ref(), &request.settings(cancel), &budget)?;
    if args.json {
        out!("{}", to_json(&report));
    } else {
        print_report(&report)?;
    }
    if let Some(dir) = &args.out {
        let plots = write_plan_folder(dir, &report)?;
        if !args.json {
            outln!(
                "\nwrote {}, {}{}",
                dir.join("plan.json").display(),
                dir.join("plan.csv").display(),
                if plots.is_empty() {
                    String::new()
                } else {
                    format!(" and {}", path_list(&plots))
                }
            );
        }
    }
    // A stop (budget, Ctrl-C) keeps what is done: it is printed and written above, and the
    // stop is the command's error (exit 1, or 130 for Ctrl-C).
    match stop {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Seconds as a person reads them.
fn seconds(s: Option<f64>) -> String {
    match s {
        None => "never".to_string(),
        Some(s) if !s.is_finite() => "never".to_string(),
        Some(s) if s >= 3600.0 => format!("{:.1} h", s / 3600.0),
        Some(s) if s >= 1.0 => format!("{s:.1} s"),
        Some(s) if s >= 1e-3 => format!("{:.2} ms", s * 1e3),
        Some(s) => format!("{:.1} us", s * 1e6),
    }
}

/// The plan as text: one table, a row per space, mixer and depth, then the best and annealing.
fn print_report(r: &PlanReport) -> Result<()> {
    outln!(
        "{}: {} at {}, {} qubits; device {} ({}), times {}",
        r.file,
        r.puzzle,
        r.reduce,
        r.qubits,
        r.noise,
        r.noise_rates,
        r.timing.name
    );
    outln!(
        "noiseless angles optimised at each depth, then {} trajectories of the exported circuit under the device's noise (± one standard error; truncation {}); * marks each circuit's best depth",
        r.trajectories,
        r.truncation.name()
    );
    outln!(
        "{:<10} {:<16} {:>6} {:>3} {:>6} {:>10} {:>24} {:>11} {:>10} {:>12}",
        "space",
        "mixer",
        "qubits",
        "p",
        "cx",
        "P(valid)",
        "noisy P(valid)",
        "shots@99%",
        "shot",
        "device TTS"
    );
    for c in &r.candidates {
        for d in &c.depths {
            outln!(
                "{:<10} {:<16} {:>6} {:>3} {:>6} {:>10} {:>24} {:>11} {:>10} {:>12}{}",
                c.space.to_string(),
                c.mixer.to_string(),
                c.qubits,
                d.p,
                d.cx,
                probability_text(d.p_valid, 4),
                format!(
                    "{} ± {}",
                    probability_text(d.noisy_p_valid, 4),
                    probability_text(d.noisy_p_valid_se, 4)
                ),
                d.shots_99.map_or("never".to_string(), |s| format!("{:.0}", s.ceil())),
                seconds(Some(d.shot_seconds)),
                seconds(d.device_seconds_99),
                if c.best_p == Some(d.p) { " *" } else { "" }
            );
        }
        if let Some(s) = &c.stopped {
            outln!(
                "{:<10} {:<16} stopped at p = {}: {}",
                c.space.to_string(),
                c.mixer.to_string(),
                s.depth,
                s.reason
            );
        }
    }
    if !r.skipped.is_empty() {
        outln!("\nno plan for:");
        for s in &r.skipped {
            outln!("  {} {}: {}", s.space, s.mixer, s.reason);
        }
    }
    match &r.best {
        Some(b) => outln!(
            "\nbest: space {}, mixer {}, p = {}: noisy P(valid) {}, {:.0} shots, {} on {}",
            b.space,
            b.mixer,
            b.p,
            probability_text(b.noisy_p_valid, 4),
            b.shots_99.ceil(),
            seconds(Some(b.device_seconds_99)),
            r.timing.name
        ),
        None => outln!("\nno circuit gives a valid board under this noise at these depths"),
    }
    if let Some(a) = &r.anneal {
        outln!(
            "simulated annealing ({} reads x {} sweeps): P(valid) per read {}, time to 99 % {} (CPU, one thread)",
            a.reads,
            a.sweeps,
            probability_text(a.p_valid, 4),
            seconds(a.tts99_seconds)
        );
    }
    if let Some(why) = &r.stopped {
        outln!("stopped: {why} (the plan above is what was done)");
    }
    outln!("{:.1} s wall", r.seconds);
    Ok(())
}
