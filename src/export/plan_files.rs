//! The files of `plan --out DIR`: `plan.json` (the report as `plan --json` prints it) and
//! `plan.csv`, written whole together, then, with the `plot` feature, the figure: the noisy
//! P(valid) of each space and mixer against depth (the noiseless one dotted beside; values
//! below 1e-12 left out), and the device seconds to a valid board with 99 % confidence,
//! annealing's as a line.

use crate::error::Result;
use crate::experiment::plan::PlanReport;
use std::path::{Path, PathBuf};

/// The names of the files `plan --out` writes, in order.
pub const FILE_NAMES: [&str; 4] = ["plan.json", "plan.csv", "plan.svg", "plan.png"];

/// The paths of [`FILE_NAMES`] under `dir`.
pub fn plan_files(dir: &Path) -> [PathBuf; 4] {
    FILE_NAMES.map(|name| dir.join(name))
}

/// `plan.json` and `plan.csv` under `dir`, both or neither, then the figure; the figure's
/// paths are returned.
pub fn write_plan_folder(dir: &Path, report: &PlanReport) -> Result<Vec<PathBuf>> {
    let [json, csv, ..] = plan_files(dir);
    crate::files::write_whole(&[
        (json, super::score::json_text(report).into_bytes()),
        (csv, report.to_csv().into_bytes()),
    ])?;
    #[cfg(feature = "plot")]
    if report.candidates.iter().any(|c| !c.depths.is_empty()) {
        return plan_plot(report, &dir.join("plan"));
    }
    Ok(Vec::new())
}

/// Below this a P(valid) is left out of the figure (a gap): no device run tells it from 0, and
/// one such point (a circuit the optimiser left near its invalid start: 1e-38) would squash
/// every other curve into the top of the axis. The JSON and CSV keep every value.
#[cfg(feature = "plot")]
const SMALLEST_SHOWN: f64 = 1e-12;

/// `p`, or NaN (a gap) below [`SMALLEST_SHOWN`].
#[cfg(feature = "plot")]
fn shown(p: f64) -> f64 {
    if p < SMALLEST_SHOWN {
        f64::NAN
    } else {
        p
    }
}

/// The plan's figure at `stem` (.svg and .png).
#[cfg(feature = "plot")]
pub fn plan_plot(report: &PlanReport, stem: &Path) -> Result<Vec<PathBuf>> {
    use crate::plot::{depth_figure, Baseline, Dash, DepthFigure, Marker, Panel, Series, Style};
    let name = Path::new(&report.file)
        .file_name()
        .map_or(report.file.clone(), |f| f.to_string_lossy().into_owned());
    let mut figure = DepthFigure::new(
        format!(
            "{name}: plan on {} ({} noise, {} times)",
            report.noise, report.noise, report.timing.name
        ),
        format!(
            "{} at {}, {} qubits; {} trajectories per estimate (± one standard error), truncation {}; seed {}",
            report.puzzle,
            report.reduce,
            report.qubits,
            report.trajectories,
            report.truncation.name(),
            report.seed
        ),
    );
    let mut valid = Panel::new("P(valid board)", "P(valid)", true);
    valid.y_max = Some(1.0);
    let mut seconds = Panel::new("device seconds to a valid board, 99 % confidence", "seconds", true);
    for (i, c) in report.candidates.iter().filter(|c| !c.depths.is_empty()).enumerate() {
        // Solid, so that dotted means noiseless only; colour and marker tell them apart.
        let style = Style::nth(i).with_dash(Dash::Solid);
        let label = format!("{} {}", c.space, c.mixer);
        let noisy: Vec<(f64, f64)> = c.depths.iter().map(|d| (d.p as f64, shown(d.noisy_p_valid))).collect();
        let bars = c
            .depths
            .iter()
            .map(|d| {
                let lo = (d.noisy_p_valid - d.noisy_p_valid_se).min(d.bracket[0] - d.noisy_p_valid_se);
                let hi = (d.noisy_p_valid + d.noisy_p_valid_se).max(d.bracket[1] + d.noisy_p_valid_se);
                (d.p as f64, lo, hi)
            })
            .collect();
        valid
            .series
            .push(Series::new(label.clone(), style, noisy).with_error_bars(bars));
        valid.series.push(Series::new(
            "",
            style
                .with_dash(Dash::Dotted)
                .with_width(1.5)
                .with_marker(Marker::None, 0.0),
            c.depths.iter().map(|d| (d.p as f64, shown(d.p_valid))).collect(),
        ));
        seconds.series.push(Series::new(
            label,
            style,
            c.depths
                .iter()
                .map(|d| (d.p as f64, d.device_seconds_99.unwrap_or(f64::NAN)))
                .collect(),
        ));
    }
    // One key to the dotted lines that every colour shares.
    valid
        .series
        .push(Series::new("noiseless (dotted)", Style::key(Dash::Dotted), Vec::new()));
    if let Some(s) = report.anneal.as_ref().and_then(|a| a.tts99_seconds) {
        seconds
            .baselines
            .push(Baseline::new("simulated annealing (CPU seconds, one thread)", s));
    }
    figure.panels = vec![valid, seconds];
    depth_figure(stem, &figure, figure.default_size())
}
