//! `quzzle solve`: optimise QAOA angles at each depth and report the success probability.

use super::args::SolveArgs;
use super::output::{check_output_folder, path_list, refuse_inputs, to_json};
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, Encoding};
use quzzle::experiment::solve::{self, SolveReport};
use quzzle::experiment::stats::probability_text;
use quzzle::export::solve_files::{report_files, write_solve_folder, FILE_NAMES};
use quzzle::simulation::Route;
use quzzle::Result;

pub fn run(args: &SolveArgs) -> Result<()> {
    let request = super::request::solve(args).check()?;
    if let Some(dir) = &args.out {
        check_output_folder(dir, "--out", &FILE_NAMES)?;
        refuse_inputs(&[&args.file], &report_files(dir))?;
    }
    // The reading of a big LP file heeds --max-seconds and Ctrl-C too (docs/lp.md).
    let reading = super::progress::cancel("solve", args.max_seconds)?;
    let penalties = args.reduce.penalty.penalties()?;
    let enc = encoding::load_with(
        &args.file,
        args.encoding.encoding,
        args.reduce.level,
        &penalties,
        &reading,
    )?;
    for w in enc.puzzle().warnings() {
        errln!("warning: {w}");
    }
    let mut settings = request.settings(enc.as_ref())?;
    if let Some(smaller) = quzzle::simulation::advice::smaller_space(enc.as_ref(), &settings.space) {
        errln!("{}", super::progress::smaller_space_note(&smaller));
    }
    let bar = super::progress::depth_bar();
    let report_progress = |p: &quzzle::budget::Progress<'_>| {
        bar.suspend(|| errln!("{}", super::progress::line("solve", p, args.max_seconds)))
    };
    // One deadline for the whole run: what reading and encoding took counts against it.
    let cancel =
        super::progress::cancel_with_bar("solve", args.max_seconds, &bar, &settings.depths)?.with_deadline_of(&reading);
    let budget = super::progress::budget(args.max_seconds, &report_progress)?.with_cancel(cancel.clone());
    settings.config.cancel = cancel.clone();
    settings.noise.cancel = cancel;
    let report = solve::solve_keeping_within(enc.as_ref(), &settings, &budget);
    bar.finish_and_clear();
    // A depth that stops the run keeps the depths before it: they are printed and written,
    // and the stop is the command's error (exit 1, or 130 for Ctrl-C).
    let (report, stop) = report?;
    if args.json {
        out!("{}", to_json(&report));
    } else {
        print_report(&report, enc.as_ref())?;
    }
    if let Some(dir) = &args.out {
        let plots = write_solve_folder(dir, &report)?;
        if !args.json && !plots.is_empty() {
            outln!(
                "\nwrote {}, {} and {}",
                dir.join("solve.json").display(),
                dir.join("depths.csv").display(),
                path_list(&plots)
            );
        }
    }
    match stop {
        Some(stop) => {
            let finished = report.stopped.as_ref().map_or(0, |s| s.noisy.len());
            errln!(
                "solve: stopped at p = {}; the {} depth(s) before it are reported{}{}",
                stop.depth,
                report.depths.len(),
                if args.out.is_some() { " and written" } else { "" },
                if finished > 0 {
                    format!(
                        ", with the {finished} noise model(s) finished at p = {} (`--resume` takes them)",
                        stop.depth
                    )
                } else {
                    String::new()
                }
            );
            Err(stop.error)
        }
        None => Ok(()),
    }
}

pub use quzzle::export::solve_files::success_plot;

/// The report as text: one line per depth, then the most likely board at the last depth,
/// marked valid or invalid.
pub fn print_report(report: &SolveReport, enc: &dyn Encoding) -> Result<()> {
    if let Some(board) = &report.decided_board {
        outln!(
            "{}: {} at {}: the reduction decides every cell, so there are 0 qubits and no circuit to run; the board it gives is valid:",
            report.provenance.file, report.provenance.puzzle, report.provenance.reduce
        );
        out!("{}", enc.puzzle().render(Some(board)));
        return Ok(());
    }
    outln!(
        "{}: {} at {} ({} encoding), {} qubits, {} valid bitstring(s); uniform sampling finds one with probability {:.3e}",
        report.provenance.file,
        report.provenance.puzzle,
        report.provenance.reduce,
        report.provenance.encoding,
        report.provenance.qubits,
        report.valid_states,
        report.uniform_baseline
    );
    let blocks = if report.provenance.space == SpaceChoice::Full {
        String::new()
    } else {
        format!("{} blocks, ", report.blocks.len())
    };
    outln!(
        "space {} ({blocks}{} basis states = 2^{:.2}), mixer {}, route {}{}",
        report.provenance.space,
        report.provenance.dimension,
        report.provenance.dimension.log2(),
        report.provenance.mixer,
        report.route,
        report
            .provenance
            .chosen
            .as_deref()
            .map_or_else(|| " (as named)".to_string(), |why| format!("\n  {why}"))
    );
    if report.route == Route::Histogram {
        outln!(
            "the states are counted by cost, not listed: the top bitstring is one state of the most likely cost class"
        );
    }
    if !report.non_qubo_failures.is_empty() {
        outln!(
            "{} zero-energy bitstring(s) break rules the cost cannot express",
            report.non_qubo_failures.len()
        );
    }
    outln!(
        "init {}, optimizer {}, objective {}, seed {} (bitstrings: qubit 0 first)",
        report.init,
        report.optimizer,
        report.objective,
        report.seed
    );
    outln!(
        "{:>3} {:>12} {:>12} {:>12} {:>12} {:>10} {:>8} {:>6} {:>7} {:>8}  top bitstring",
        "p",
        "energy",
        "P(valid)",
        "P(non-QUBO)",
        "P(invalid)",
        "shots@99%",
        "x unif.",
        "evals",
        "grads",
        "seconds"
    );
    for d in &report.depths {
        outln!(
            "{:>3} {:>12.6} {:>12} {:>12} {:>12} {:>10} {:>8.1} {:>6} {:>7} {:>8.2}  {} ({}, {})",
            d.p,
            d.energy,
            probability_text(d.success_probability, 6),
            probability_text(d.p_non_qubo, 6),
            probability_text(d.p_invalid, 6),
            d.shots_99.map_or("never".to_string(), |s| format!("{:.0}", s.ceil())),
            d.success_probability / report.uniform_baseline,
            d.evaluations,
            d.gradients,
            d.seconds,
            d.top_bitstring,
            probability_text(d.top_probability, 3),
            if d.top_is_valid { "valid" } else { "invalid" }
        );
    }
    if report.depths.iter().any(|d| d.p_feasible.is_some()) {
        outln!("\nwith an objective, P(valid) is P(optimal); among all feasible states (docs/lp.md):");
        outln!("{:>3} {:>12} {:>12}", "p", "P(feasible)", "approx.ratio");
        for d in &report.depths {
            outln!(
                "{:>3} {:>12} {:>12}",
                d.p,
                d.p_feasible.map_or("-".to_string(), |p| probability_text(p, 6)),
                d.approx_ratio.map_or("-".to_string(), |r| format!("{r:.6}"))
            );
        }
    }
    print_noise(report)?;
    print_devices(report)?;
    if let Some(last) = report.depths.last() {
        let bits: Vec<bool> = last.top_bitstring.chars().map(|c| c == '1').collect();
        {
            let board = enc.board_of_bits(&bits);
            outln!(
                "\nmost likely board at p = {} (probability {}): {}",
                last.p,
                probability_text(last.top_probability, 4),
                if last.top_is_valid {
                    "VALID, a solution".to_string()
                } else {
                    let broken = enc.puzzle().check(&board);
                    format!(
                        "INVALID, breaks {}",
                        broken.iter().map(|b| b.rule.as_str()).collect::<Vec<_>>().join("; ")
                    )
                }
            );
            out!("{}", enc.puzzle().render(Some(&board)));
        }
    }
    Ok(())
}

/// The noisy estimates, one block per model (nothing without `--noise`).
fn print_noise(report: &SolveReport) -> Result<()> {
    let Some(first) = report.depths.first().filter(|d| !d.noisy.is_empty()) else {
        return Ok(());
    };
    outln!(
        "\nunder noise, at the optimised angles ({} trajectories per estimate on the {} route; ± one standard error; gates of the exported circuit, rzz = 2 cx + 1 rz):",
        first.noisy[0].trajectories,
        first.noisy[0].route.name()
    );
    for (i, e) in first.noisy.iter().enumerate() {
        outln!(
            "  {}: {}\n    source: {}",
            e.model.name,
            e.model.rates_text(),
            e.model.source
        );
        outln!(
            "{:>3} {:>6} {:>6} {:>6} {:>6} {:>10} {:>12} {:>22} {:>22} {:>8}",
            "p",
            "h",
            "rz",
            "rx",
            "cx",
            "no error",
            "P(valid)",
            "noisy P(valid)",
            "noisy energy",
            "seconds"
        );
        for d in &report.depths {
            let (Some(g), Some(n)) = (d.gates, d.noisy.get(i)) else {
                continue;
            };
            outln!(
                "{:>3} {:>6} {:>6} {:>6} {:>6} {:>10} {:>12} {:>22} {:>22} {:>8.2}",
                d.p,
                g.h,
                g.rz,
                g.rx,
                g.cx,
                probability_text(n.error_free_probability, 4),
                probability_text(d.success_probability, 6),
                format!(
                    "{} ± {}",
                    probability_text(n.p_valid, 6),
                    probability_text(n.p_valid_se, 6)
                ),
                format!("{:.4} ± {:.4}", n.energy, n.energy_se),
                n.seconds
            );
        }
        let sectors: Vec<String> = report
            .depths
            .iter()
            .filter_map(|d| {
                let s = d.noisy.get(i)?.sectors.as_ref()?;
                Some(format!(
                    "p = {}: {} sectors, {} amplitudes",
                    d.p, s.sectors_visited, s.peak_amplitudes
                ))
            })
            .collect();
        if let Some(s) = first.noisy[i].sectors.as_ref() {
            outln!(
                "    weight sectors (the noiseless state is one of {} amplitudes; sectors any trajectory reached, the largest trajectory state): {}",
                s.noiseless_amplitudes,
                sectors.join("; ")
            );
        }
        let truncated: Vec<String> = report
            .depths
            .iter()
            .filter_map(|d| {
                let b = d.noisy.get(i)?.truncated.as_ref()?;
                let pieces = if b.trajectories_in_pieces > 0 {
                    format!(
                        ", {} too large to hold whole ran in {} pieces",
                        b.trajectories_in_pieces, b.pieces
                    )
                } else {
                    String::new()
                };
                let bounded = if b.trajectories_bounded > 0 {
                    format!(
                        ", {} dropped pieces too large to hold (mean {:.3e} of their probability): P(valid) in [{:.4e}, {:.4e}]",
                        b.trajectories_bounded, b.mean_bounded, b.p_valid[0], b.p_valid[1]
                    )
                } else {
                    String::new()
                };
                Some(format!(
                    "p = {}: {} trajectories dropped a part (mean {:.3e}, most {:.3e} of their probability){pieces}{bounded}, energy in [{:.4}, {:.4}]",
                    d.p, b.trajectories_truncated, b.mean_dropped, b.max_dropped, b.energy[0], b.energy[1]
                ))
            })
            .collect();
        if !truncated.is_empty() {
            let bounded = report
                .depths
                .iter()
                .filter_map(|d| d.noisy.get(i)?.truncated.as_ref())
                .any(|b| b.truncation == quzzle::noise::Truncation::Bounded);
            let rule = if bounded {
                "--truncate bounded: P(valid) exact for the trajectories drawn except where a piece too large to hold was dropped, then bracketed; the energy bracketed"
            } else {
                "--truncate exact: P(valid) exact for the trajectories drawn, the energy bracketed"
            };
            outln!("    truncated ({rule}): {}", truncated.join("; "));
        }
    }
    Ok(())
}

/// Time to solution on each `--device`: one shot's seconds and the seconds to a valid board
/// with 99 % confidence, beside the cost-layer applications.
fn print_devices(report: &quzzle::experiment::solve::SolveReport) -> Result<()> {
    let Some(first) = report.depths.first() else {
        return Ok(());
    };
    if first.devices.is_empty() {
        return Ok(());
    }
    // The noise model of each device's name, if any: its noisy TTS is shown beside.
    let model_of = |device: &str| first.noisy.iter().position(|e| e.model.name == device);
    let noisy = first.devices.iter().any(|d| model_of(&d.device).is_some());
    outln!(
        "\ntime to a valid board with 99 % confidence (shots@99% x one shot; gates one after another, readout, reset), {}:",
        if noisy {
            "TTS at the noiseless P(valid), noisy TTS at the noisy estimate of the noise model of the device's name"
        } else if first.noisy.is_empty() {
            "NOISELESS: at the P(valid) of the circuit without errors (add --noise with the device's name for the noisy one)"
        } else {
            "NOISELESS: at the P(valid) of the circuit without errors (no noise model has a device's name; the JSON has each model's noisy_tts99_seconds)"
        }
    );
    let mut head = format!("{:>3} {:>14}", "p", "cost layers");
    for d in &first.devices {
        head.push_str(&format!(
            " {:>14} {:>14}",
            format!("{} shot", d.device),
            format!("{} TTS", d.device)
        ));
        if model_of(&d.device).is_some() {
            head.push_str(&format!(" {:>16}", format!("{} noisy TTS", d.device)));
        }
    }
    outln!("{head}");
    let secs = |s: f64| match s {
        s if !s.is_finite() => "never".to_string(),
        s if s >= 1.0 => format!("{s:.1} s"),
        s if s >= 1e-3 => format!("{:.2} ms", s * 1e3),
        s => format!("{:.1} us", s * 1e6),
    };
    for d in &report.depths {
        let mut line = format!(
            "{:>3} {:>14}",
            d.p,
            d.applications_99
                .map_or("never".to_string(), |a| format!("{:.0}", a.ceil()))
        );
        for t in &d.devices {
            line.push_str(&format!(
                " {:>14} {:>14}",
                secs(t.shot_seconds),
                secs(t.tts99_seconds.unwrap_or(f64::INFINITY))
            ));
            if let Some(i) = model_of(&t.device) {
                let noisy = t.noisy_tts99_seconds.get(i).copied().flatten();
                line.push_str(&format!(" {:>16}", secs(noisy.unwrap_or(f64::INFINITY))));
            }
        }
        outln!("{line}");
    }
    Ok(())
}
