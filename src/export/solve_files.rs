//! The files of `solve --out DIR`, written by the command line and by Python's `Report.save`
//! alike (same bytes): `solve.json` (the report as `solve --json` prints it) and `depths.csv`,
//! written whole together, then, with the `plot` feature, the success-vs-depth figure.

use crate::error::Result;
use crate::experiment::solve::SolveReport;
use std::path::{Path, PathBuf};

/// The stem of the success-vs-depth figure under an output folder.
pub const SUCCESS_PLOT: &str = "success_vs_depth";

/// The names of the files `solve --out` writes, in order.
pub const FILE_NAMES: [&str; 4] = [
    "solve.json",
    "depths.csv",
    "success_vs_depth.svg",
    "success_vs_depth.png",
];

/// The paths of [`FILE_NAMES`] under `dir`.
pub fn report_files(dir: &Path) -> [PathBuf; 4] {
    FILE_NAMES.map(|name| dir.join(name))
}

/// `solve.json` and `depths.csv` under `dir`, both or neither.
pub fn write_report(dir: &Path, report: &SolveReport) -> Result<()> {
    let [json, csv, ..] = report_files(dir);
    crate::files::write_whole(&[
        (json, super::score::json_text(report).into_bytes()),
        (csv, report.to_csv()?.into_bytes()),
    ])
}

/// What the success-vs-depth figure draws, read from a report's JSON: the command line draws
/// it from its report and Python from the JSON text it holds, so both draw the same bytes.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct SuccessFigure {
    /// The puzzle file.
    pub file: String,
    /// The puzzle kind.
    pub puzzle: String,
    /// Qubits.
    pub qubits: usize,
    /// Reduction level.
    pub reduce: String,
    /// Space simulated.
    pub space: String,
    /// Mixer.
    pub mixer: String,
    /// Initial-angle strategy.
    pub init: String,
    /// Objective.
    pub objective: String,
    /// Optimiser.
    pub optimizer: String,
    /// Seed.
    pub seed: u64,
    /// P(valid) of uniform sampling of the space.
    pub uniform_baseline: f64,
    /// The depths.
    pub depths: Vec<SuccessPoint>,
}

/// One depth of a [`SuccessFigure`].
#[derive(Clone, Copy, Debug, serde::Deserialize)]
pub struct SuccessPoint {
    /// Depth.
    pub p: usize,
    /// P(valid).
    pub success_probability: f64,
}

impl SuccessFigure {
    /// The figure's data of `report`.
    pub fn of(report: &SolveReport) -> Result<Self> {
        let text = super::score::json_text(report);
        Self::parse(&text, "the solve report")
    }

    /// The figure's data of a report's JSON text (`solve --json`, `solve.json`); `source` names
    /// the text in errors.
    pub fn parse(text: &str, source: &str) -> Result<Self> {
        serde_json::from_str(text)
            .map_err(|e| crate::error::Error::malformed(source, format!("not a solve report: {e}")))
    }

    /// The title `solve --out` gives the figure.
    pub fn title(&self) -> String {
        let name = Path::new(&self.file)
            .file_name()
            .map_or(self.file.clone(), |f| f.to_string_lossy().into_owned());
        format!(
            "{name}: {}, {} qubits at {}: success probability vs depth",
            self.puzzle, self.qubits, self.reduce
        )
    }
}

/// The title of the success-vs-depth figure of `report`.
pub fn success_title(report: &SolveReport) -> Result<String> {
    Ok(SuccessFigure::of(report)?.title())
}

/// P(valid) against depth with the uniform-sampling baseline of the space simulated, as
/// `solve --out`, `demo` and (per batch) `sweep` draw it: `stem.svg` and `stem.png`.
#[cfg(feature = "plot")]
pub fn success_plot(report: &SolveReport, title: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    draw_success(&SuccessFigure::of(report)?, title, stem)
}

/// [`success_plot`] of a figure's data.
#[cfg(feature = "plot")]
pub fn draw_success(figure: &SuccessFigure, title: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    use crate::plot::{depth_plot, init_colour, Curve, DepthPlot, LegendAt};
    let baseline = if figure.space == "full" {
        "uniform sampling".to_string()
    } else {
        format!("uniform sampling of space {}", figure.space)
    };
    let plot = DepthPlot {
        title: title.to_string(),
        y_label: "P(valid board)".into(),
        log_y: true,
        curves: vec![Curve {
            label: format!("QAOA, {} init, {} mixer", figure.init, figure.mixer),
            colour: init_colour(&figure.init),
            points: figure
                .depths
                .iter()
                .map(|d| (d.p as f64, d.success_probability))
                .collect(),
            band: Vec::new(),
            thin: false,
            width: 3,
        }],
        baselines: vec![(baseline, figure.uniform_baseline)],
        legend: LegendAt::UpperLeft,
        note: format!(
            "objective {}, optimizer {}, seed {}",
            figure.objective, figure.optimizer, figure.seed
        ),
    };
    depth_plot(stem, &plot)
}

/// What Python's `Report.save` writes: the report's JSON and CSV text as `solve --out` writes
/// them (both or neither), then, with the `plot` feature and when the report has depths, the
/// figure drawn from the JSON. Returns every file written.
pub fn write_saved_report(dir: &Path, json: &str, csv: &str) -> Result<Vec<PathBuf>> {
    let figure = SuccessFigure::parse(json, "the report's JSON")?;
    let [json_path, csv_path, ..] = report_files(dir);
    crate::files::write_whole(&[
        (json_path.clone(), json.as_bytes().to_vec()),
        (csv_path.clone(), csv.as_bytes().to_vec()),
    ])?;
    #[allow(unused_mut)]
    let mut written = vec![json_path, csv_path];
    #[cfg(feature = "plot")]
    if !figure.depths.is_empty() {
        written.extend(draw_success(&figure, &figure.title(), &dir.join(SUCCESS_PLOT))?);
    }
    #[cfg(not(feature = "plot"))]
    let _ = figure;
    Ok(written)
}

/// Everything `solve --out dir` writes: [`write_report`], then (with the `plot` feature, and
/// when the report has depths) the figure. Returns the figure's files.
pub fn write_solve_folder(dir: &Path, report: &SolveReport) -> Result<Vec<PathBuf>> {
    write_report(dir, report)?;
    #[cfg(feature = "plot")]
    if !report.depths.is_empty() {
        return success_plot(report, &success_title(report)?, &dir.join(SUCCESS_PLOT));
    }
    Ok(Vec::new())
}
