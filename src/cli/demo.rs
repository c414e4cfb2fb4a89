//! `quzzle demo`: the main job on the embedded 6x6 Tango: QAOA at depths 1..3 (INTERP,
//! L-BFGS), the report, the most likely board marked valid or invalid, and the
//! success-vs-depth plot (drawn as `solve --out` draws it).

use super::args::SpaceArgs;
use super::output::{check_output_folder, path_list, to_json, write_all};
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::solve::{self, SolveSettings};
use quzzle::model::Level;
use quzzle::Result;
use std::path::Path;

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
        space: space.settings_or_full()?,
        ..SolveSettings::default()
    };
    let report = solve::solve(enc.as_ref(), &settings)?;
    super::solve::print_report(&report, enc.as_ref())?;
    write_all(&[
        (out.join("solve.json"), to_json(&report).into_bytes()),
        (out.join("depths.csv"), report.to_csv()?.into_bytes()),
        (out.join(DEMO_FILE), DEMO_TEXT.as_bytes().to_vec()),
    ])?;
    let title = format!(
        "demo: 6x6 Tango, {} qubits at {}: success probability vs depth",
        report.provenance.qubits, report.provenance.reduce
    );
    let plots = super::solve::success_plot(&report, &title, &out.join("success_vs_depth"))?;
    outln!(
        "\nwrote {} and {}",
        ["solve.json", "depths.csv", DEMO_FILE]
            .map(|f| out.join(f).display().to_string())
            .join(", "),
        path_list(&plots)
    );
    Ok(())
}
