//! The figures of a sweep drawn from its rows (plain data): success probability and
//! approximation ratio against depth.

use super::{depth_plot, init_colour, Curve, DepthPlot, LegendAt};
use crate::error::Result;
use crate::experiment::stats;
use crate::experiment::sweep::summary::{inits_of, instances_of, summarize};
use crate::experiment::sweep::SweepRow;
use std::path::{Path, PathBuf};

/// How depth plots show a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// One line per instance when there is one instance, the median and IQR band otherwise.
    Auto,
    /// One thin line per instance and init.
    Instance,
    /// The median over instances with the interquartile band.
    Median,
}

/// The depth plots of a sweep: `success_vs_depth` (log axis, uniform baseline dashed) and
/// `approx_ratio_vs_depth`, under `dir`. `note` is printed under each title.
pub fn draw_depth_figures(rows: &[SweepRow], dir: &Path, lines: Lines, note: &str) -> Result<Vec<PathBuf>> {
    let instances = instances_of(rows);
    let per_instance = match lines {
        Lines::Auto => instances.len() == 1,
        Lines::Instance => true,
        Lines::Median => false,
    };
    let objective = rows.first().map(|r| r.objective.clone()).unwrap_or_default();
    let mut files = Vec::new();
    type Column = fn(&SweepRow) -> f64;
    let specs: [(&str, &str, &str, bool, Column, LegendAt); 2] = [
        (
            "success_vs_depth",
            "success probability vs depth",
            "P(valid board)",
            true,
            |r| r.p_valid,
            LegendAt::UpperLeft,
        ),
        (
            "approx_ratio_vs_depth",
            "approximation ratio vs depth",
            "(C_max − ⟨C⟩) / (C_max − C_min)",
            false,
            |r| r.approx_ratio,
            LegendAt::UpperLeft,
        ),
    ];
    for (stem, title, y_label, log_y, column, legend) in specs {
        let mut curves = Vec::new();
        for init in inits_of(rows) {
            let colour = init_colour(&init);
            if per_instance {
                for (i, file) in instances.iter().enumerate() {
                    let pts: Vec<(f64, f64)> = rows
                        .iter()
                        .filter(|r| r.init == init && &r.file == file)
                        .map(|r| (r.p as f64, column(r)))
                        .collect();
                    curves.push(Curve {
                        label: if i == 0 { init.clone() } else { String::new() },
                        colour,
                        points: pts,
                        band: Vec::new(),
                        thin: instances.len() > 1,
                        width: if colour == 0 { 7 } else { 3 },
                    });
                }
            } else {
                let s = summarize(rows, &init, column);
                curves.push(Curve {
                    label: format!("{init}: median, IQR band"),
                    colour,
                    points: s.iter().map(|x| (x.p as f64, x.median)).collect(),
                    band: s.iter().map(|x| (x.p as f64, x.q1, x.q3)).collect(),
                    thin: false,
                    // Ramp first and widest: where INTERP lands on the same optimum both show.
                    width: if colour == 0 { 7 } else { 3 },
                });
            }
        }
        let mut baselines = Vec::new();
        if log_y {
            let base: Vec<f64> = instances
                .iter()
                .filter_map(|f| rows.iter().find(|r| &r.file == f).map(|r| r.uniform_baseline))
                .collect();
            if let Some((_, m, _)) = stats::quartiles(&base) {
                let label = if instances.len() == 1 {
                    "uniform sampling".to_string()
                } else {
                    "uniform sampling (median)".to_string()
                };
                baselines.push((label, m));
            }
        }
        let plot = DepthPlot {
            title: format!(
                "{title} ({} instance{}, objective {objective})",
                instances.len(),
                if instances.len() == 1 { "" } else { "s" }
            ),
            y_label: y_label.into(),
            log_y,
            curves,
            baselines,
            legend,
            note: note.to_string(),
        };
        files.extend(depth_plot(&dir.join(stem), &plot)?);
    }
    Ok(files)
}
