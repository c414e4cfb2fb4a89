//! The p = 1 landscape: `⟨C⟩` and P(valid) over a (γ, β) grid, side by side, each with
//! its colour bar and the grid optimum marked.

use super::style::{draw_legend, legend_size, LegendEntry, Swatch};
use super::{draw_text, plot_err, text_width, title_band, viridis, write_figure, Figure, FigureSize, Px};
use super::{Marker, Style};
use crate::error::{Error, Result};
use ndarray::Array2;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};
use plotters::style::FontTransform;
use std::path::{Path, PathBuf};

/// The p = 1 landscape: two grids over (γ, β), rows indexed by β, columns by γ.
#[derive(Clone, Debug)]
pub struct LandscapePlot {
    /// Title.
    pub title: String,
    /// γ of each column.
    pub gammas: Vec<f64>,
    /// β of each row.
    pub betas: Vec<f64>,
    /// `⟨C⟩` at each (β, γ).
    pub energy: Array2<f64>,
    /// P(valid) at each (β, γ).
    pub success: Array2<f64>,
    /// Grid point of least energy (γ, β).
    pub energy_optimum: (f64, f64),
    /// Grid point of largest P(valid) (γ, β).
    pub success_optimum: (f64, f64),
}

impl LandscapePlot {
    /// The default size: 1300×580 logical pixels at the default PNG scale.
    pub const DEFAULT_SIZE: FigureSize = FigureSize::new(1300, 580);

    fn check(&self) -> Result<()> {
        if self.energy.dim() != (self.betas.len(), self.gammas.len()) || self.success.dim() != self.energy.dim() {
            return Err(Error::LengthMismatch {
                what: "landscape grid cells (β rows × γ columns)".into(),
                expected: self.betas.len() * self.gammas.len(),
                got: if self.energy.dim() == (self.betas.len(), self.gammas.len()) {
                    self.success.len()
                } else {
                    self.energy.len()
                },
            });
        }
        if self.gammas.is_empty() || self.betas.is_empty() {
            return Err(Error::out_of_range(
                crate::error::Quantity::GridPoints,
                format!("{}x{}", self.gammas.len(), self.betas.len()),
                "the landscape grid is empty",
            ));
        }
        Ok(())
    }
}

fn edges(centres: &[f64]) -> Vec<f64> {
    let n = centres.len();
    if n == 1 {
        return vec![centres[0] - 0.5, centres[0] + 0.5];
    }
    let mut e = Vec::with_capacity(n + 1);
    e.push(centres[0] - (centres[1] - centres[0]) / 2.0);
    for w in centres.windows(2) {
        e.push((w[0] + w[1]) / 2.0);
    }
    e.push(centres[n - 1] + (centres[n - 1] - centres[n - 2]) / 2.0);
    e
}

/// Tick values of a colour bar from `lo` to `hi`: round steps (1, 2 or 5 × 10^k), about five.
fn bar_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let span = hi - lo;
    if span.is_nan() || span <= 0.0 || !span.is_finite() {
        return vec![lo];
    }
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| span / s <= 6.0)
        .unwrap_or(10.0 * mag);
    let first = (lo / step).ceil() * step;
    (0..)
        .map(|i| first + i as f64 * step)
        .take_while(|v| *v <= hi + step * 1e-9)
        .collect()
}

/// The text of colour-bar tick `v` on a bar spanning `span`: enough digits that neighbouring
/// ticks never print alike.
fn bar_label(v: f64, span: f64) -> String {
    if span < 0.1 {
        format!("{v:.1e}")
    } else if span < 10.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.1}")
    }
}

struct HeatPanel<'a> {
    title: &'a str,
    gammas: &'a [f64],
    betas: &'a [f64],
    grid: &'a Array2<f64>,
    optimum: (f64, f64),
    optimum_label: &'a str,
    value_label: &'a str,
}

/// Draw one heatmap with its colour bar on `area`. The colour bar, its ticks and its label
/// are measured first and get the room they need, so nothing is cut at the figure's edge.
fn draw_heat_panel<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, h: &HeatPanel, px: Px) -> Result<()> {
    let scale = ColourBar::measure(area, h.grid, px);
    let (lo, span) = (scale.lo, scale.span);
    let (w, _) = area.dim_in_pixel();
    let (main, bar) = area.split_horizontally(w as i32 - scale.strip(px));
    let (ge, be) = (edges(h.gammas), edges(h.betas));
    let (top_m, bottom_label) = (px.of(8.0), px.of(50.0));
    let mut chart = ChartBuilder::on(&main)
        .caption(h.title, px.font(17.0))
        .margin(px.u(8.0))
        .margin_top(top_m.max(0) as u32)
        .margin_right(px.u(14.0))
        .x_label_area_size(bottom_label.max(0) as u32)
        .y_label_area_size(px.u(66.0))
        .build_cartesian_2d(ge[0]..ge[ge.len() - 1], be[0]..be[be.len() - 1])
        .map_err(plot_err)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("γ")
        .y_desc("β")
        .x_labels(6)
        .y_labels(7)
        .x_label_formatter(&|v| format!("{v:.2}"))
        .y_label_formatter(&|v| format!("{v:.2}"))
        .label_style(px.font(14.0))
        .axis_desc_style(px.font(18.0))
        .axis_style(BLACK.stroke_width(px.stroke(1.0)))
        .set_all_tick_mark_size(px.of(5.0))
        .draw()
        .map_err(plot_err)?;
    chart
        .draw_series(h.grid.indexed_iter().map(|((r, c), &v)| {
            Rectangle::new(
                [(ge[c], be[r]), (ge[c + 1], be[r + 1])],
                viridis((v - lo) / span).filled(),
            )
        }))
        .map_err(plot_err)?;
    let plot = chart.plotting_area().strip_coord_spec();
    let base = chart.plotting_area().get_base_pixel();
    let (ox, oy) = chart.backend_coord(&h.optimum);
    draw_optimum(&plot, (ox - base.0, oy - base.1), h.optimum_label, px)?;
    // The colour bar, level with the heatmap.
    let (_, ph) = plot.dim_in_pixel();
    let bbase = bar.get_base_pixel();
    scale.draw(
        &bar,
        (base.1 - bbase.1, base.1 - bbase.1 + ph as i32),
        h.value_label,
        px,
    )
}

/// Mark the optimum at the pixel `o` of the plotting area `plot`, with a legend entry that
/// says what it is (`label`).
fn draw_optimum<DB: DrawingBackend>(plot: &DrawingArea<DB, Shift>, o: (i32, i32), label: &str, px: Px) -> Result<()> {
    plot.draw(&Circle::new(o, px.of(9.0), RED.stroke_width(px.stroke(3.0))))
        .map_err(plot_err)?;
    plot.draw(&Cross::new(o, px.of(5.0), WHITE.stroke_width(px.stroke(2.0))))
        .map_err(plot_err)?;
    let ring = Style::new(RED)
        .with_width(0.0)
        .with_marker(Marker::Circle, 6.0)
        .with_hollow(true);
    let entries = [LegendEntry {
        swatch: Swatch::Line(ring),
        label: label.to_string(),
    }];
    let (pw, _) = plot.dim_in_pixel();
    let (lw, _) = legend_size(plot, &entries, px);
    draw_legend(plot, &entries, (pw as i32 - lw - px.of(8.0), px.of(8.0)), px)
}

/// A heatmap's colour bar, measured: the values it spans (from `lo`, `span` wide), its
/// ticks, their fonts and the width of their widest label, and the bar's own width.
struct ColourBar {
    lo: f64,
    span: f64,
    ticks: Vec<f64>,
    tick_font: TextStyle<'static>,
    desc_font: TextStyle<'static>,
    tick_w: i32,
    bar_w: i32,
}

impl ColourBar {
    /// The colour bar of the finite values of `grid` (0 to 1 where there are none), its tick
    /// labels measured on `area`.
    fn measure<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, grid: &Array2<f64>, px: Px) -> ColourBar {
        let (lo, hi) = grid
            .iter()
            .filter(|v| v.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
        let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
        let span = if hi > lo { hi - lo } else { 1.0 };
        let ticks = bar_ticks(lo, lo + span);
        let tick_font = px.font(13.0);
        let desc_font = px.font(16.0);
        let tick_w = ticks
            .iter()
            .map(|v| text_width(area, &bar_label(*v, span), &tick_font))
            .max()
            .unwrap_or(0);
        ColourBar {
            lo,
            span,
            ticks,
            tick_font,
            desc_font,
            tick_w,
            bar_w: px.of(20.0),
        }
    }

    /// The width of the strip the bar takes: bar, tick marks, gap, labels, gap, rotated
    /// description, margin.
    fn strip(&self, px: Px) -> i32 {
        self.bar_w + px.of(6.0) + px.of(4.0) + self.tick_w + px.of(10.0) + px.of(20.0) + px.of(10.0)
    }

    /// Draw the bar on `bar` from `by0` to `by1` (the heatmap's top and bottom), with its
    /// ticks and the description `value_label`.
    fn draw<DB: DrawingBackend>(
        &self,
        bar: &DrawingArea<DB, Shift>,
        (by0, by1): (i32, i32),
        value_label: &str,
        px: Px,
    ) -> Result<()> {
        let (lo, span, bar_w) = (self.lo, self.span, self.bar_w);
        let bx = 0;
        let steps = (by1 - by0).max(2);
        for i in 0..steps {
            let t = 1.0 - f64::from(i) / f64::from(steps - 1);
            let y = by0 + i;
            bar.draw(&Rectangle::new([(bx, y), (bx + bar_w, y + 1)], viridis(t).filled()))
                .map_err(plot_err)?;
        }
        bar.draw(&Rectangle::new(
            [(bx, by0), (bx + bar_w, by1)],
            BLACK.stroke_width(px.stroke(1.0)),
        ))
        .map_err(plot_err)?;
        let y_of = |v: f64| by1 - ((v - lo) / span * f64::from(by1 - by0)).round() as i32;
        for v in &self.ticks {
            let y = y_of(*v);
            bar.draw(&PathElement::new(
                vec![(bx + bar_w, y), (bx + bar_w + px.of(5.0), y)],
                BLACK.stroke_width(px.stroke(1.0)),
            ))
            .map_err(plot_err)?;
            draw_text(
                bar,
                &bar_label(*v, span),
                &self.tick_font,
                (bx + bar_w + px.of(9.0), y),
                HPos::Left,
                VPos::Center,
            )?;
        }
        let desc_x = bx + bar_w + px.of(10.0) + self.tick_w + px.of(12.0);
        draw_text(
            bar,
            value_label,
            &self.desc_font.transform(FontTransform::Rotate270),
            (desc_x, (by0 + by1) / 2),
            HPos::Center,
            VPos::Center,
        )
    }
}

impl Figure for LandscapePlot {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, px: Px) -> Result<()> {
        let rest = title_band(root, &self.title, "", px)?;
        let panels = rest.split_evenly((1, 2));
        draw_heat_panel(
            &panels[0],
            &HeatPanel {
                title: "expected energy ⟨C⟩",
                gammas: &self.gammas,
                betas: &self.betas,
                grid: &self.energy,
                optimum: self.energy_optimum,
                optimum_label: "least ⟨C⟩ on the grid",
                value_label: "⟨C⟩",
            },
            px,
        )?;
        draw_heat_panel(
            &panels[1],
            &HeatPanel {
                title: "success probability P(valid)",
                gammas: &self.gammas,
                betas: &self.betas,
                grid: &self.success,
                optimum: self.success_optimum,
                optimum_label: "largest P(valid) on the grid",
                value_label: "P(valid)",
            },
            px,
        )
    }
}

/// Draw the landscape heatmaps side by side to `stem.svg` and `stem.png` at
/// [`LandscapePlot::DEFAULT_SIZE`].
pub fn landscape_plot(stem: &Path, plot: &LandscapePlot) -> Result<Vec<PathBuf>> {
    landscape_plot_sized(stem, plot, LandscapePlot::DEFAULT_SIZE)
}

/// Draw the landscape heatmaps side by side to `stem.svg` and `stem.png` at `size`.
pub fn landscape_plot_sized(stem: &Path, plot: &LandscapePlot, size: FigureSize) -> Result<Vec<PathBuf>> {
    plot.check()?;
    write_figure(stem, size, plot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bar_ticks_are_round_and_inside() {
        let t = bar_ticks(0.0, 1.0);
        assert_eq!(t.len(), 6);
        assert!((t[5] - 1.0).abs() < 1e-12 && t[0].abs() < 1e-12);
        let t = bar_ticks(14.7, 51.3);
        assert!((t[0] - 20.0).abs() < 1e-12);
        assert!(t.iter().all(|v| (14.7..=51.3).contains(v)));
        assert_eq!(bar_ticks(3.0, 3.0), vec![3.0]);
    }
}
