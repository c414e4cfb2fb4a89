//! `quzzle demo`: the main job on the embedded 6x6 Tango: QAOA at depths 1..3 (INTERP,
//! L-BFGS), the report, the most likely board marked valid or invalid, and the
//! success-vs-depth plot.

use super::args::SpaceArgs;
use super::output::{check_output_folder, to_json, write_all};
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::solve::{self, SolveReport, SolveSettings};
use quzzle::model::Level;
use quzzle::plot::{depth_plot, init_colour, Curve, DepthPlot, LegendAt};
use quzzle::Result;
use std::path::{Path, PathBuf};

/// The embedded default instance: a 6x6 Tango written for quzzle (MIT, like the project).
const DEMO_FILE: &str = "demo-tango-6x6.txt";
const DEMO_TEXT: &str = include_str!("../../data/demo-tango-6x6.txt");

pub fn run(out: &Path, space: &SpaceArgs) -> Result<()> {
    check_output_folder(
        out,
        "--out",
        &[
            "solve.json",
            "depths.csv",
            DEMO_FILE,
            "success_vs_depth.svg",
            "success_vs_depth.png",
        ],
    )?;
    let label = format!("(embedded) {DEMO_FILE}");
    let enc = encoding::parse(&label, DEMO_TEXT, EncodingKind::Onehot, Level::Paper)?;
    out!("{}", enc.puzzle().render(None));
    outln!();
    let settings = SolveSettings {
        space: space.settings(),
        ..SolveSettings::default()
    };
    let report = solve::solve(enc.as_ref(), &settings)?;
    super::solve::print_report(&report, enc.as_ref())?;
    write_all(&[
        (out.join("solve.json"), to_json(&report).into_bytes()),
        (out.join("depths.csv"), report.to_csv()?.into_bytes()),
        (out.join(DEMO_FILE), DEMO_TEXT.as_bytes().to_vec()),
    ])?;
    let plots = success_plot(&report, &out.join("success_vs_depth"))?;
    outln!(
        "\nwrote {} and {}",
        ["solve.json", "depths.csv", DEMO_FILE]
            .map(|f| out.join(f).display().to_string())
            .join(", "),
        plots
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

/// P(valid) against depth with the uniform-sampling baseline.
fn success_plot(report: &SolveReport, stem: &Path) -> Result<Vec<PathBuf>> {
    let plot = DepthPlot {
        title: format!(
            "demo: 6x6 Tango, {} qubits at {}: success probability vs depth",
            report.qubits, report.reduce
        ),
        y_label: "P(valid board)".into(),
        log_y: true,
        curves: vec![Curve {
            label: format!("QAOA, {} init, {} mixer", report.init, report.mixer),
            colour: init_colour(&report.init),
            points: report
                .depths
                .iter()
                .map(|d| (d.p as f64, d.success_probability))
                .collect(),
            band: Vec::new(),
            thin: false,
            width: 3,
        }],
        baselines: vec![("uniform sampling".into(), report.uniform_baseline)],
        legend: LegendAt::UpperLeft,
        note: format!(
            "objective {}, optimizer {}, seed {}",
            report.objective, report.optimizer, report.seed
        ),
    };
    depth_plot(stem, &plot)
}
