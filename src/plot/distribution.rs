//! The most likely measured bitstrings as horizontal bars, coloured by what they are.

use super::style::{draw_legend, legend_size, LegendEntry, Swatch};
use super::{plot_err, write_figure, Figure, FigureSize, Px};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// What a measured bitstring is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarKind {
    /// A valid board.
    Valid,
    /// Breaks only rules the QUBO cannot express.
    NonQuboOnly,
    /// Breaks a QUBO rule.
    Invalid,
}

/// One bar of a distribution plot.
#[derive(Clone, Debug)]
pub struct Bar {
    /// The bitstring, qubit 0 first.
    pub label: String,
    /// Its probability.
    pub probability: f64,
    /// Its verdict.
    pub kind: BarKind,
}

const VALID_COLOUR: RGBColor = RGBColor(0, 158, 115);
const NON_QUBO_COLOUR: RGBColor = RGBColor(230, 159, 0);
const INVALID_COLOUR: RGBColor = RGBColor(150, 150, 150);

struct Distribution<'a> {
    title: &'a str,
    bars: &'a [Bar],
}

impl Figure for Distribution<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, px: Px) -> Result<()> {
        let bars = self.bars;
        let k = bars.len().max(1);
        let pmax = bars.iter().map(|b| b.probability).fold(0.0, f64::max).max(1e-12) * 1.12;
        let label_font = px.font(13.0);
        let longest = bars
            .iter()
            .map(|b| root.estimate_text_size(&b.label, &label_font).map_or(0, |(w, _)| w))
            .max()
            .unwrap_or(0);
        let rest = super::title_band(root, self.title, "", px)?;
        let mut chart = ChartBuilder::on(&rest)
            .margin(px.u(12.0))
            .margin_top(px.u(4.0))
            .margin_right(px.u(30.0))
            .x_label_area_size(px.u(50.0))
            .y_label_area_size((longest + px.u(44.0)).max(px.u(60.0)))
            .build_cartesian_2d(0.0..pmax, (0..k - 1).into_segmented())
            .map_err(plot_err)?;
        let labels: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc("probability")
            .y_desc("bitstring (qubit 0 first; Qiskit prints qubit 0 rightmost)")
            .y_labels(k)
            .y_label_formatter(&|v| match v {
                // Row i from the bottom holds bar k − 1 − i (the most likely bar is at the top).
                SegmentValue::CenterOf(i) if *i < k => labels[k - 1 - i].clone(),
                _ => String::new(),
            })
            .x_label_formatter(&|v| {
                if pmax < 0.01 {
                    format!("{v:.1e}")
                } else {
                    format!("{v:.3}")
                }
            })
            .x_labels(6)
            .label_style(label_font.clone())
            .axis_desc_style(px.font(15.0))
            .axis_style(BLACK.stroke_width(px.stroke(1.0)))
            .bold_line_style(RGBColor(215, 215, 215).stroke_width(px.stroke(1.0)))
            .light_line_style(RGBColor(240, 240, 240).stroke_width(px.stroke(1.0)))
            .set_all_tick_mark_size(px.of(5.0))
            .draw()
            .map_err(plot_err)?;
        // The most likely bitstring at the top.
        let gap = px.u(3.0);
        chart
            .draw_series(bars.iter().enumerate().map(|(i, b)| {
                let row = k - 1 - i;
                let colour = match b.kind {
                    BarKind::Valid => VALID_COLOUR,
                    BarKind::NonQuboOnly => NON_QUBO_COLOUR,
                    BarKind::Invalid => INVALID_COLOUR,
                };
                let mut r = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(row)),
                        (b.probability, SegmentValue::Exact(row + 1)),
                    ],
                    colour.filled(),
                );
                r.set_margin(gap, gap, 0, 0);
                r
            }))
            .map_err(plot_err)?;
        let mut kinds = vec![(VALID_COLOUR, "valid board"), (INVALID_COLOUR, "breaks a QUBO rule")];
        if bars.iter().any(|b| b.kind == BarKind::NonQuboOnly) {
            kinds.insert(1, (NON_QUBO_COLOUR, "breaks only non-QUBO rules"));
        }
        let entries: Vec<LegendEntry> = kinds
            .into_iter()
            .map(|(c, l)| LegendEntry {
                swatch: Swatch::Patch(c),
                label: l.to_string(),
            })
            .collect();
        let plot = chart.plotting_area().strip_coord_spec();
        let (pw, ph) = plot.dim_in_pixel();
        let (lw, lh) = legend_size(&plot, &entries, px);
        draw_legend(
            &plot,
            &entries,
            (pw as i32 - lw - px.of(12.0), ph as i32 - lh - px.of(12.0)),
            px,
        )
    }
}

/// The default size of a distribution plot of `bars` bars: 900 wide, 30 per bar (at least 380).
pub fn distribution_size(bars: usize) -> FigureSize {
    FigureSize::new(900, (130 + 30 * bars.max(1) as u32).max(380))
}

/// Draw the top bitstrings as horizontal bars (most likely at the top, valid ones green) to
/// `stem.svg` and `stem.png` at [`distribution_size`].
pub fn distribution_plot(stem: &Path, title: &str, bars: &[Bar]) -> Result<Vec<PathBuf>> {
    distribution_plot_sized(stem, title, bars, distribution_size(bars.len()))
}

/// Draw the top bitstrings as horizontal bars to `stem.svg` and `stem.png` at `size`.
pub fn distribution_plot_sized(stem: &Path, title: &str, bars: &[Bar], size: FigureSize) -> Result<Vec<PathBuf>> {
    write_figure(stem, size, &Distribution { title, bars })
}
