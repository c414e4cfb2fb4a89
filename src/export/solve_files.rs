//! The files of `solve --out DIR`, written by the command line and by Python's `Report.save`
//! alike (same bytes): `solve.json` (the report as `solve --json` prints it) and `depths.csv`,
//! written whole together, then, with the `plot` feature, the success-vs-depth figure.

use crate::experiment::solve::SolveReport;
use crate::Result;
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

/// The title of the success-vs-depth figure of `report`.
pub fn success_title(report: &SolveReport) -> String {
    let name = Path::new(&report.provenance.file)
        .file_name()
        .map_or(report.provenance.file.clone(), |f| f.to_string_lossy().into_owned());
    format!(
        "{name}: {}, {} qubits at {}: success probability vs depth",
        report.provenance.puzzle, report.provenance.qubits, report.provenance.reduce
    )
}

/// P(valid) against depth with the uniform-sampling baseline of the space simulated, as
/// `solve --out`, `demo` and (per batch) `sweep` draw it: `stem.svg` and `stem.png`.
#[cfg(feature = "plot")]
pub fn success_plot(report: &SolveReport, title: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    use crate::encoding::space::SpaceChoice;
    use crate::plot::{depth_plot, init_colour, Curve, DepthPlot, LegendAt};
    let baseline = if report.provenance.space == SpaceChoice::Full {
        "uniform sampling".to_string()
    } else {
        format!("uniform sampling of space {}", report.provenance.space)
    };
    let plot = DepthPlot {
        title: title.to_string(),
        y_label: "P(valid board)".into(),
        log_y: true,
        curves: vec![Curve {
            label: format!("QAOA, {} init, {} mixer", report.init, report.provenance.mixer),
            colour: init_colour(report.init.name()),
            points: report
                .depths
                .iter()
                .map(|d| (d.p as f64, d.success_probability))
                .collect(),
            band: Vec::new(),
            thin: false,
            width: 3,
        }],
        baselines: vec![(baseline, report.uniform_baseline)],
        legend: LegendAt::UpperLeft,
        note: format!(
            "objective {}, optimizer {}, seed {}",
            report.objective, report.optimizer, report.seed
        ),
    };
    depth_plot(stem, &plot)
}

/// Everything `solve --out dir` writes: [`write_report`], then (with the `plot` feature, and
/// when the report has depths) the figure. Returns the figure's files.
pub fn write_solve_folder(dir: &Path, report: &SolveReport) -> Result<Vec<PathBuf>> {
    write_report(dir, report)?;
    #[cfg(feature = "plot")]
    if !report.depths.is_empty() {
        return success_plot(report, &success_title(report), &dir.join(SUCCESS_PLOT));
    }
    Ok(Vec::new())
}
