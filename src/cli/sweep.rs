//! `quzzle sweep`: the library's sweep with a progress bar on a terminal, then plots and a
//! summary.

use super::args::{MergeArgs, SweepArgs, SweepFigureArgs};
use super::output::{check_output_folder, refuse_inputs, write};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use quzzle::budget::Cancel;
use quzzle::encoding;
use quzzle::experiment::stats::probability_text;
use quzzle::experiment::sweep::{self, instance_view, InstanceView, SweepEvent, SweepPlan, SweepRow};
use quzzle::plot::sweep::{draw_depth_figures_with, draw_noise_figure, draw_side_by_side, DepthFigureOptions};
use quzzle::plot::StyleBook;
use quzzle::plot::{board_plot, distribution_plot, superscript, Bar, BarKind, BoardPlot};
use quzzle::puzzle::Verdict;
use quzzle::qaoa::optimize::Init;
use quzzle::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Steps of the progress bar: work is weighed by 2^n·p amplitude-layers, scaled to this.
const BAR_STEPS: u64 = 10_000;

pub fn run(args: &SweepArgs) -> Result<()> {
    let plan = super::request::sweep(args).check()?.plan()?;
    let csv = args.out.join("sweep.csv");
    let inputs: Vec<&Path> = plan.files.iter().map(PathBuf::as_path).collect();
    refuse_inputs(
        &inputs,
        &[
            csv.clone(),
            sweep::settings_path(&csv),
            sweep::shard::manifest_path(&csv),
            sweep::baseline::anneal_csv_path(&csv),
            args.out.join("summary.md"),
        ],
    )?;
    check_outputs(&args.out, &inputs)?;
    // Held until the figures and summary are written; dropped (removed) on every return.
    let lock = sweep::lock_sweep_folder(&args.out)?;
    if let Some(note) = &lock.note {
        errln!("note: {note}");
    }
    let began = Instant::now();
    let bar = progress_bar();
    let report_progress = |p: &quzzle::budget::Progress<'_>| {
        bar.suspend(|| errln!("{}", super::progress::line("sweep", p, args.max_seconds)));
    };
    // Ctrl-C is read between rows and before every simulator call: the sweep stops with its
    // finished rows in the CSV and its lock removed (a second Ctrl-C ends it at once).
    let interrupted = super::progress::interrupt_flag();
    let budget =
        super::progress::budget(args.max_seconds, &report_progress)?.with_cancel(Cancel::new(interrupted.clone()));
    let plan = SweepPlan {
        config: quzzle::qaoa::optimize::OptimizeConfig {
            cancel: Cancel::new(interrupted.clone()),
            ..plan.config
        },
        ..plan
    };
    // Redrawn every second, so elapsed time and ETA move during a long row.
    bar.enable_steady_tick(std::time::Duration::from_secs(1));
    let outcome = sweep::run_sweep_within(&plan, &csv, &budget, &mut |e| show_event(&bar, e));
    bar.finish_and_clear();
    if let Err(e) = &outcome {
        note_resumable(e, &csv);
    }
    let outcome = outcome?;
    let wall = began.elapsed().as_secs_f64();
    errln!(
        "{} rows ({} computed in {:.1} s, {} resumed from {}); {} file(s) skipped",
        outcome.rows.len(),
        outcome.computed,
        wall,
        outcome.resumed,
        csv.display(),
        outcome.skipped.len()
    );
    if plan.space.chosen == quzzle::simulation::Chosen::Recommend {
        errln!("space and mixer: for each file, the ones `info` recommends (neither --space nor --mixer given; each row records its own)");
    }
    let skipped: Vec<(String, String)> = outcome
        .skipped
        .iter()
        .map(|(f, why)| (f.clone(), super::errors::message(why)))
        .collect();
    let labelled = labelled_files(&plan, &outcome);
    let anneal_rows = run_baseline(&plan, &csv, &labelled)?;
    // Written before the figures: a shard whose rows are all in is ready to merge.
    write_shard_record(&plan, &csv, &labelled, &skipped)?;
    if outcome.rows.is_empty() && plan.shard.is_none() {
        return Err(super::errors::Usage::AllSkipped.into());
    }
    let all_rows = rows_to_report(&plan, &outcome, &csv)?;
    let other_families = all_rows.len() - outcome.rows.len();
    let settings = sweep::settings::SweepSettings::read(&csv)?;
    let noise = settings.noise.clone();
    let written = report(
        &args.out,
        &all_rows,
        &Report {
            settings,
            labelled: &labelled,
            skipped: &skipped,
            other_families,
            noise: &noise,
            anneal: &anneal_rows,
        },
        &args.figures,
    )?;
    drop(lock);
    say_written(&csv, written, &args.out)
}

/// Where a sweep stopped by Ctrl-C or its time limit (`e`) left its rows: in `csv`, from
/// which the same command resumes. Other errors say nothing here.
fn note_resumable(e: &Error, csv: &Path) {
    if let e @ (Error::Interrupted { .. } | Error::OutOfTime { .. }) = e {
        let why = if matches!(e, Error::Interrupted { .. }) {
            "interrupted"
        } else {
            "out of time"
        };
        errln!(
            "note: {why}: the rows finished so far are in {}; the same command resumes there",
            csv.display()
        );
    }
}

/// The shard record of a shard's finished run (none for an unsharded sweep): its files as
/// `labelled`, and those `skipped`.
fn write_shard_record(
    plan: &SweepPlan,
    csv: &Path,
    labelled: &[(PathBuf, String)],
    skipped: &[(String, String)],
) -> Result<()> {
    if let Some(manifest) = &plan.shard {
        let manifest = sweep::shard::ShardManifest {
            files: labelled.iter().map(|(_, l)| l.clone()).collect(),
            skipped: skipped.to_vec(),
            ..manifest.clone()
        };
        sweep::shard::write_finished(csv, &manifest, sweep::shard::RowPlan::of(plan))?;
    }
    Ok(())
}

/// The sweep's progress bar, drawn only when stderr is a terminal (indicatif hides it
/// otherwise).
fn progress_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(BAR_STEPS), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("[{bar:30}] {percent:>3}%  {pos}/{len}  elapsed {elapsed}  ETA {eta}  {msg}")
            .expect("valid template")
            .progress_chars("#>."),
    );
    bar
}

/// Show a running sweep's event: notes and skips above the bar, a computed row on it.
fn show_event(bar: &ProgressBar, e: SweepEvent<'_>) {
    match e {
        SweepEvent::Note(note) => bar.suspend(|| errln!("note: {note}")),
        SweepEvent::Skipped { file, reason } => {
            bar.suspend(|| errln!("skipped {file}: {}", super::errors::message(reason)))
        }
        SweepEvent::Row {
            row,
            resumed,
            done,
            total,
        } => {
            if !resumed {
                let frac = if total > 0.0 {
                    (done / total).clamp(0.0, 1.0)
                } else {
                    1.0
                };
                bar.set_position((frac * BAR_STEPS as f64) as u64);
                let name = Path::new(&row.file)
                    .file_name()
                    .map_or(row.file.clone(), |f| f.to_string_lossy().into_owned());
                bar.set_message(format!("{name} p={} {}", row.p, row.init));
            }
        }
    }
}

/// Each file of the plan with its `file` column, as the sweep labelled it.
fn labelled_files(plan: &SweepPlan, outcome: &sweep::SweepOutcome) -> Vec<(PathBuf, String)> {
    plan.files
        .iter()
        .map(|p| {
            (
                p.clone(),
                outcome
                    .labels
                    .get(p)
                    .cloned()
                    .unwrap_or_else(|| p.display().to_string()),
            )
        })
        .collect()
}

/// The annealing baseline's rows on the `labelled` files where the plan has a baseline
/// (resumed from its CSV beside `csv`, which is written whole again), else none.
fn run_baseline(
    plan: &SweepPlan,
    csv: &Path,
    labelled: &[(PathBuf, String)],
) -> Result<Vec<sweep::baseline::AnnealRow>> {
    let mut anneal_rows = Vec::new();
    if let Some(baseline) = &plan.baseline {
        let path = sweep::baseline::anneal_csv_path(csv);
        let done = sweep::baseline::read_anneal_csv(&path)?;
        errln!(
            "annealing baseline: {} on {} file(s)",
            baseline.setting(),
            labelled.len()
        );
        // Under the recommendation, each file's block space as `auto` finds it.
        let space = if plan.space.chosen == quzzle::simulation::Chosen::Recommend {
            quzzle::encoding::space::SpaceChoice::Auto
        } else {
            plan.space.space
        };
        anneal_rows = baseline.run(labelled, plan.level, &plan.penalties, space, &done, &mut |note| {
            errln!("note: {note}")
        })?;
        let text = sweep::baseline::anneal_csv_text(&anneal_rows)?;
        quzzle::files::write_whole(&[(path, text.into_bytes())])?;
    }
    Ok(anneal_rows)
}

/// The rows the figures and summary show: this plan's files from the whole CSV, where rows
/// an earlier run wrote there with another space or mixer are one more line family (same
/// objective only).
fn rows_to_report(plan: &SweepPlan, outcome: &sweep::SweepOutcome, csv: &Path) -> Result<Vec<SweepRow>> {
    let names: std::collections::BTreeSet<&str> = outcome.rows.iter().map(|r| r.file.as_str()).collect();
    let objective = plan.objective.name();
    Ok(sweep::read_csv(csv)?
        .into_iter()
        .filter(|r| names.contains(r.file.as_str()) && r.objective.name() == objective)
        .collect())
}

/// `quzzle merge`: the shard folders of one sweep joined into one sweep folder, with the
/// summary and figures an unsharded sweep draws.
pub fn merge(args: &MergeArgs) -> Result<()> {
    let merged = sweep::shard::merge(&args.folders)?;
    let csv = args.out.join("sweep.csv");
    for folder in &args.folders {
        if folder
            .canonicalize()
            .ok()
            .is_some_and(|f| args.out.canonicalize().ok() == Some(f))
        {
            return Err(super::errors::Usage::MergeIntoShard(args.out.clone()).into());
        }
    }
    check_outputs(&args.out, &[])?;
    if csv.exists() {
        return Err(super::errors::Usage::MergeOverSweep(csv).into());
    }
    let lock = sweep::lock_sweep_folder(&args.out)?;
    let mut text = format!("{}\n", sweep::CSV_HEADER);
    for r in &merged.rows {
        text.push_str(&r.to_csv_record()?);
    }
    let settings_text = serde_json::to_string_pretty(&merged.settings).expect("plain fields serialise") + "\n";
    let mut files = vec![
        (csv.clone(), text.into_bytes()),
        (sweep::settings_path(&csv), settings_text.into_bytes()),
    ];
    if !merged.settings.baseline.is_empty() {
        files.push((
            sweep::baseline::anneal_csv_path(&csv),
            sweep::baseline::anneal_csv_text(&merged.anneal)?.into_bytes(),
        ));
    }
    quzzle::files::write_whole(&files)?;
    let labelled: Vec<(PathBuf, String)> = merged.files.iter().map(|f| (PathBuf::from(f), f.clone())).collect();
    let noise = merged.settings.noise.clone();
    let written = report(
        &args.out,
        &merged.rows,
        &Report {
            settings: merged.settings.clone(),
            labelled: &labelled,
            skipped: &merged.skipped,
            other_families: 0,
            noise: &noise,
            anneal: &merged.anneal,
        },
        &args.figures,
    )?;
    drop(lock);
    errln!(
        "merged {} shard folders: {} rows of {} files ({} skipped)",
        args.folders.len(),
        merged.rows.len(),
        merged.files.len(),
        merged.skipped.len()
    );
    say_written(&csv, written, &args.out)
}

/// The closing line of `sweep` and `merge`: the table and the figures written.
fn say_written(csv: &Path, written: usize, out: &Path) -> Result<()> {
    outln!(
        "wrote {} and {} plot files (SVG and PNG) under {}",
        csv.display(),
        written,
        out.display()
    );
    Ok(())
}

/// What a sweep folder's summary says besides its rows.
struct Report<'a> {
    settings: sweep::settings::SweepSettings,
    /// Every file of the run (path, and the label its rows carry), in run order.
    labelled: &'a [(PathBuf, String)],
    /// Skipped files with the reason.
    skipped: &'a [(String, String)],
    /// Rows of other spaces or mixers that earlier runs wrote to the same CSV.
    other_families: usize,
    /// The noise setting ([`sweep::settings::noise_setting`]).
    noise: &'a str,
    /// The annealing baseline's rows.
    anneal: &'a [sweep::baseline::AnnealRow],
}

/// Figures and summary.md of a sweep folder from its rows; prints the summary. Everything here
/// follows from the rows and the settings, so a merged folder gets what an unsharded one does.
/// Returns the number of figure files written.
fn report(out: &Path, rows: &[SweepRow], report: &Report<'_>, view: &SweepFigureArgs) -> Result<usize> {
    let settings = &report.settings;
    let has_random = rows.iter().any(|r| r.init == Init::Random);
    let note = format!(
        "reduce {}, {} encoding, {}, restarts {}, seed {}{}",
        settings.reduce,
        settings.encoding,
        settings.optimizer,
        settings.restarts,
        settings.seed,
        if settings.match_random_budget && has_random {
            "; random: fresh starts until INTERP's simulator calls"
        } else {
            ""
        }
    );
    let options = DepthFigureOptions {
        lines: view.lines,
        note,
        size: view.size,
        styles: StyleBook::inits(),
    };
    let mut files = if rows.is_empty() {
        Vec::new()
    } else {
        draw_depth_figures_with(rows, out, &options)?
    };
    let note = options.note;
    let has_noise = rows.iter().any(|r| !r.noise.is_empty());
    if has_noise {
        let noise_note = format!(
            "{note}; noisy curves: Monte Carlo trajectories of the exported circuit (rzz = cx rz cx) with a Pauli channel after every gate and readout flips; IBM counts are before routing (optimistic)"
        );
        files.extend(draw_noise_figure(rows, out, &noise_note, view.size)?);
    }
    if !view.no_instance_plots {
        let level: quzzle::model::Level = settings.reduce.parse()?;
        let encoding: encoding::EncodingKind = settings.encoding.parse()?;
        files.extend(instance_figures(
            level,
            encoding,
            report.labelled,
            rows,
            &out.join("instances"),
            view.top,
        )?);
    }
    if view.side_by_side {
        files.extend(draw_side_by_side(rows, &out.join("side_by_side"), &note, view.size)?);
    }
    let depths: std::collections::BTreeSet<usize> = rows.iter().map(|r| r.p).collect();
    let compare_p = if depths.contains(&5) {
        5
    } else {
        depths.last().copied().unwrap_or(1)
    };
    let summary = sweep::summary::summary_markdown(rows, compare_p);
    let mut md = format!(
        "# Sweep\n\nCommand: `quzzle {}`\n\nquzzle {}; {}.\n\n",
        std::env::args().skip(1).collect::<Vec<_>>().join(" "),
        env!("CARGO_PKG_VERSION"),
        note
    );
    if rows.iter().any(|r| !r.devices.is_empty()) {
        md.push_str(
            "Device times (`--device`): `applications_99` is the cost-layer applications to a valid board with 99 % confidence (shots_99 · p); `shot_seconds` is one shot of the exported circuit on each device (gates one after another, readout, reset), `tts99_seconds` = shots_99 · shot_seconds, one value per device in `devices`.\n\n");
    }
    if has_noise {
        md.push_str(&format!(
            "Noise (Monte Carlo trajectories of the exported circuit at each row's optimised angles): {}. The noisy P(valid) and energy, ± one standard error, are the `noise_*` columns of the CSV (one value per model); the figure is `success_vs_depth_noise`.\n\n",
            report.noise
        ));
    }
    if report.other_families > 0 {
        md.push_str(&format!(
            "The figures and this summary also hold {} row(s) that earlier runs wrote to the same CSV for these files (other spaces or mixers, their commands not repeated here).\n\n",
            report.other_families
        ));
    }
    md.push_str(&summary);
    if !report.anneal.is_empty() {
        let table = sweep::summary::baseline_markdown(rows, report.anneal);
        md.push_str(&table);
        out!("{table}");
    }
    if !report.skipped.is_empty() {
        md.push_str("\nSkipped:\n\n");
        for (f, why) in report.skipped {
            md.push_str(&format!("- {f}: {why}\n"));
        }
    }
    write(&out.join("summary.md"), &md)?;
    out!("{summary}");
    Ok(files.len())
}

/// The files a sweep writes directly in its folder (the figures' are checked again as they are
/// written, which covers the per-instance ones under `instances/` and `side_by_side/`).
const FOLDER_FILES: [&str; 12] = [
    sweep::lock::LOCK_FILE,
    "sweep.csv",
    "anneal.csv",
    "sweep.settings.json",
    "sweep.shard.json",
    "summary.md",
    "success_vs_depth.svg",
    "success_vs_depth.png",
    "approx_ratio_vs_depth.svg",
    "approx_ratio_vs_depth.png",
    "success_vs_depth_noise.svg",
    "success_vs_depth_noise.png",
];

/// Before any work (the lock included): the folder and the files the sweep writes there are
/// new paths or regular files, and no input is a file the sweep may write. Everything a sweep
/// writes under its folder (lock, CSV, settings, summary, SVG and PNG figures, their
/// temporary files) has an extension other than `.txt`, so an input inside the folder must
/// be a `.txt` file: then none is ever deleted or overwritten.
fn check_outputs(out: &Path, inputs: &[&Path]) -> Result<()> {
    check_output_folder(out, "--out", &FOLDER_FILES)?;
    for sub in ["instances", "side_by_side"] {
        check_output_folder(&out.join(sub), "--out", &[])?;
    }
    let Ok(dir) = out.canonicalize() else {
        // A folder that does not exist yet holds no input.
        return Ok(());
    };
    for input in inputs {
        let Ok(resolved) = input.canonicalize() else {
            continue;
        };
        if resolved.starts_with(&dir) && resolved.extension().is_none_or(|e| e != "txt") {
            return Err(super::errors::Usage::InputInOutput {
                input: input.to_path_buf(),
                out: out.to_path_buf(),
            }
            .into());
        }
    }
    Ok(())
}

/// For each instance, the best row at the largest depth (by P(valid), first init on ties):
/// its distribution and board figures.
fn instance_figures(
    level: quzzle::model::Level,
    kind: encoding::EncodingKind,
    labelled: &[(PathBuf, String)],
    rows: &[SweepRow],
    dir: &Path,
    top: usize,
) -> Result<Vec<PathBuf>> {
    let Some(max_p) = rows.iter().map(|r| r.p).max() else {
        return Ok(Vec::new());
    };
    let mut stems = std::collections::BTreeSet::new();
    let mut files = Vec::new();
    for (path, label) in labelled {
        let best = rows
            .iter()
            .filter(|r| &r.file == label && r.p == max_p)
            .fold(None::<&SweepRow>, |b, r| match b {
                Some(b) if b.p_valid >= r.p_valid => Some(b),
                _ => Some(r),
            });
        let Some(row) = best else { continue };
        let mut stem = path
            .file_stem()
            .map_or("instance".into(), |s| s.to_string_lossy().into_owned());
        while !stems.insert(stem.clone()) {
            stem.push('_');
        }
        let enc = encoding::load(path, kind, level)?;
        let view = instance_view(enc.as_ref(), row, top)?;
        if view.top.is_empty() {
            // A closed stderr must not stop the figures of the other instances.
            let _ = writeln!(
                std::io::stderr(),
                "note: no instance figures for {}: space {} runs by the cost histogram, which has no amplitude per state",
                row.file,
                row.space
            );
            continue;
        }
        files.extend(draw_instance(&view, row, dir, &stem)?);
    }
    Ok(files)
}

/// The distribution and board figures of one instance.
fn draw_instance(view: &InstanceView, row: &SweepRow, dir: &Path, stem: &str) -> Result<Vec<PathBuf>> {
    let ranked = view.top.iter().any(|t| t.rank.is_some());
    let bars: Vec<Bar> = view
        .top
        .iter()
        .map(|t| Bar {
            label: match t.rank {
                Some(rank) => format!("#{rank}: {}", t.bitstring),
                None => t.bitstring.clone(),
            },
            probability: t.probability,
            kind: match t.verdict {
                Verdict::Valid => BarKind::Valid,
                Verdict::BreaksOnlyNonQubo => BarKind::NonQuboOnly,
                Verdict::Invalid => BarKind::Invalid,
            },
        })
        .collect();
    let name = Path::new(&row.file)
        .file_name()
        .map_or(row.file.clone(), |f| f.to_string_lossy().into_owned());
    let mut files = distribution_plot(
        &dir.join(format!("{stem}-distribution")),
        &format!(
            "{name}: top {}{} of 2{} bitstrings, p = {}, {} init, P(valid) = {}",
            bars.len() - usize::from(ranked),
            if ranked { " + best valid" } else { "" },
            superscript(view.qubits as i32),
            row.p,
            row.init,
            probability_text(row.p_valid, 4)
        ),
        &bars,
    )?;
    if let Some(c) = &view.cells {
        let plot = BoardPlot {
            title: format!(
                "{name}: per-cell marginals at p = {} ({} init), P(valid) = {}",
                row.p,
                row.init,
                probability_text(row.p_valid, 4)
            ),
            rows: c.rows,
            cols: c.cols,
            marginals: c.marginals.clone(),
            fixed: c.fixed.clone(),
            solution: c.solution.clone(),
            solution_values: c.solution_values.clone(),
            one_means: c.one_means.clone(),
        };
        files.extend(board_plot(&dir.join(format!("{stem}-board")), &plot)?);
    }
    Ok(files)
}
