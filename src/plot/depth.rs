//! Quantities against depth p: one or more panels of styled curves with optional bands,
//! dashed reference lines, end-of-line labels, and a legend beside or inside the panels.
//!
//! [`DepthFigure`] is the general form: each [`Series`] carries its own [`Style`] (colour,
//! dash, marker), so curve families (inits, mixers, noise) are told apart by whatever key
//! the caller styles them by, see [`StyleBook`](super::StyleBook). [`DepthPlot`] with
//! [`Curve`] is the older one-panel form, kept for its callers and drawn through the same
//! code.

use super::style::{draw_legend, draw_line, draw_marker, legend_size, LegendEntry, Swatch};
use super::{draw_text, plot_err, superscript, text_width, title_band, write_figure, Figure, FigureSize, Px};
use super::{Dash, Marker, Style, PALETTE};
use crate::error::{Error, RequestProblem, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};
use std::path::{Path, PathBuf};

/// One line of a [`DepthPlot`], with an optional band (e.g. the interquartile range).
#[derive(Clone, Debug, Default)]
pub struct Curve {
    /// Legend text (empty: not in the legend).
    pub label: String,
    /// Index into [`PALETTE`]; also picks the dash and marker ([`Style::nth`]), so the
    /// colours of [`init_colour`](super::init_colour) get the init styles.
    pub colour: usize,
    /// (x, y) points.
    pub points: Vec<(f64, f64)>,
    /// (x, low, high) of a shaded band.
    pub band: Vec<(f64, f64, f64)>,
    /// Thin and faint (one instance among many).
    pub thin: bool,
    /// Line width in pixels (when not thin); draw coinciding curves wider first so both show.
    pub width: u32,
}

/// Where a legend goes inside the plotting area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegendAt {
    /// Upper left corner.
    UpperLeft,
    /// Upper right corner.
    UpperRight,
    /// Lower left corner.
    LowerLeft,
    /// Lower right corner.
    LowerRight,
}

/// A one-panel y-against-depth plot (the older form; see [`DepthFigure`]).
#[derive(Clone, Debug)]
pub struct DepthPlot {
    /// Title.
    pub title: String,
    /// Y axis description.
    pub y_label: String,
    /// Log10 y axis (ticks at powers of ten).
    pub log_y: bool,
    /// The lines.
    pub curves: Vec<Curve>,
    /// Horizontal reference lines (label, y), drawn dashed in black.
    pub baselines: Vec<(String, f64)>,
    /// Legend position.
    pub legend: LegendAt,
    /// A line of small print under the title (settings, counts).
    pub note: String,
}

/// One curve of a [`Panel`].
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text (empty: not in the legend). A series without points but with a label is
    /// a legend entry only (e.g. the key to a dash pattern that several colours share).
    pub label: String,
    /// How it is drawn.
    pub style: Style,
    /// (x, y) points; non-finite y (and y ≤ 0 on a log axis) leave a gap.
    pub points: Vec<(f64, f64)>,
    /// (x, low, high) of a shaded band in the line's colour (e.g. the interquartile range).
    pub band: Vec<(f64, f64, f64)>,
    /// (x, low, high) of vertical error bars with caps in the line's colour (e.g. a
    /// confidence interval of a measured point).
    pub error_bars: Vec<(f64, f64, f64)>,
    /// Text at the right end of the line, outside the plotting area, in the line's colour
    /// (empty: none). Labels are moved apart where they would overlap.
    pub end_label: String,
}

impl Series {
    /// A series with no band and no end label.
    pub fn new(label: impl Into<String>, style: Style, points: Vec<(f64, f64)>) -> Self {
        Series {
            label: label.into(),
            style,
            points,
            band: Vec::new(),
            error_bars: Vec::new(),
            end_label: String::new(),
        }
    }

    /// The same with error bars.
    pub fn with_error_bars(self, error_bars: Vec<(f64, f64, f64)>) -> Self {
        Series { error_bars, ..self }
    }

    /// The same with a shaded band.
    pub fn with_band(self, band: Vec<(f64, f64, f64)>) -> Self {
        Series { band, ..self }
    }

    /// The same with an end-of-line label.
    pub fn with_end_label(self, end_label: impl Into<String>) -> Self {
        Series {
            end_label: end_label.into(),
            ..self
        }
    }
}

/// A horizontal reference line across a panel (e.g. the uniform-sampling baseline).
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    /// Legend text.
    pub label: String,
    /// Its height.
    pub y: f64,
    /// How it is drawn.
    pub style: Style,
}

impl Baseline {
    /// A dashed black line without markers.
    pub fn new(label: impl Into<String>, y: f64) -> Self {
        Baseline {
            label: label.into(),
            y,
            style: Style::new(BLACK)
                .with_width(2.0)
                .with_dash(Dash::Dashed)
                .with_marker(Marker::None, 0.0),
        }
    }
}

/// One plotting area of a [`DepthFigure`].
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Heading above the panel (empty: none).
    pub title: String,
    /// Y axis description.
    pub y_label: String,
    /// Log10 y axis (ticks at powers of ten, light lines at their multiples).
    pub log_y: bool,
    /// The largest value the quantity can take (1 for a probability or a ratio): the axis
    /// never goes above it.
    pub y_max: Option<f64>,
    /// The curves, drawn in order (draw wide ones first where curves may coincide).
    pub series: Vec<Series>,
    /// Reference lines.
    pub baselines: Vec<Baseline>,
}

impl Panel {
    /// An empty panel.
    pub fn new(title: impl Into<String>, y_label: impl Into<String>, log_y: bool) -> Self {
        Panel {
            title: title.into(),
            y_label: y_label.into(),
            log_y,
            y_max: None,
            series: Vec::new(),
            baselines: Vec::new(),
        }
    }
}

/// Where the legend of a [`DepthFigure`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegendPlace {
    /// One legend for the whole figure, right of the panels (entries merged over the panels:
    /// a label with the same style appears once). It never covers data.
    Right,
    /// In a corner of each panel, with that panel's entries.
    Inside(LegendAt),
    /// No legend.
    Hidden,
}

/// Panels of curves against depth, side by side, under one title.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthFigure {
    /// Title.
    pub title: String,
    /// Small print under the title (settings, counts); wrapped to the width.
    pub note: String,
    /// X axis description.
    pub x_label: String,
    /// The panels, filled row by row.
    pub panels: Vec<Panel>,
    /// Panels per row (0: up to three in a row).
    pub columns: usize,
    /// Where the legend goes.
    pub legend: LegendPlace,
}

impl DepthFigure {
    /// A figure with no panels yet, x axis "depth p", legend on the right.
    pub fn new(title: impl Into<String>, note: impl Into<String>) -> Self {
        DepthFigure {
            title: title.into(),
            note: note.into(),
            x_label: "depth p".into(),
            panels: Vec::new(),
            columns: 0,
            legend: LegendPlace::Right,
        }
    }

    /// (columns, rows) of the panel grid.
    pub fn grid(&self) -> (usize, usize) {
        let n = self.panels.len().max(1);
        let c = match self.columns {
            0 if n == 4 => 2,
            0 => n.min(3),
            c => c.min(n),
        };
        (c, n.div_ceil(c))
    }

    /// A size that suits the panel grid and the legend: 820×540 logical pixels for one panel,
    /// 560×480 each for several, plus the legend column, at the default PNG scale.
    pub fn default_size(&self) -> FigureSize {
        let (c, r) = self.grid();
        let (pw, ph) = if self.panels.len() <= 1 { (820, 540) } else { (560, 480) };
        let legend = if self.legend == LegendPlace::Right {
            let longest = self
                .legend_entries(None)
                .iter()
                .map(|e| e.label.chars().count())
                .max()
                .unwrap_or(0);
            if longest == 0 {
                0
            } else {
                90 + 8 * longest as u32
            }
        } else {
            0
        };
        let note_lines = if self.note.is_empty() {
            0
        } else {
            1 + self.note.len() as u32 / 140
        };
        FigureSize::new(40 + c as u32 * pw + legend, 70 + 20 * note_lines + r as u32 * ph)
    }

    /// The legend rows of panel `only` (or of all panels), in order, each (label, style) once.
    pub(crate) fn legend_entries(&self, only: Option<usize>) -> Vec<LegendEntry> {
        let mut out: Vec<LegendEntry> = Vec::new();
        let panels = self
            .panels
            .iter()
            .enumerate()
            .filter(|(i, _)| only.is_none_or(|o| o == *i))
            .map(|(_, p)| p);
        let mut lines: Vec<(String, Style)> = Vec::new();
        let mut bases: Vec<(String, Style)> = Vec::new();
        for p in panels {
            lines.extend(
                p.series
                    .iter()
                    .filter(|s| !s.label.is_empty())
                    .map(|s| (s.label.clone(), s.style)),
            );
            bases.extend(
                p.baselines
                    .iter()
                    .filter(|b| !b.label.is_empty() && b.y.is_finite() && (!p.log_y || b.y > 0.0))
                    .map(|b| (b.label.clone(), b.style)),
            );
        }
        for (label, style) in lines.into_iter().chain(bases) {
            let e = LegendEntry {
                swatch: Swatch::Line(style),
                label,
            };
            if !out.contains(&e) {
                out.push(e);
            }
        }
        out
    }

    fn check(&self) -> Result<()> {
        if self.panels.is_empty() {
            return Err(Error::Request(RequestProblem::NoPanels));
        }
        Ok(())
    }
}

impl From<&DepthPlot> for DepthFigure {
    fn from(plot: &DepthPlot) -> Self {
        let series = plot
            .curves
            .iter()
            .map(|c| {
                let base = Style::nth(c.colour).with_colour(PALETTE[c.colour % PALETTE.len()]);
                let style = if c.thin {
                    base.with_width(1.0).with_marker(Marker::None, 0.0).with_opacity(0.4)
                } else {
                    base.with_width(f64::from(c.width.max(1)))
                };
                Series {
                    label: c.label.clone(),
                    style,
                    points: c.points.clone(),
                    band: c.band.clone(),
                    error_bars: Vec::new(),
                    end_label: String::new(),
                }
            })
            .collect();
        DepthFigure {
            title: plot.title.clone(),
            note: plot.note.clone(),
            x_label: "depth p".into(),
            panels: vec![Panel {
                title: String::new(),
                y_label: plot.y_label.clone(),
                log_y: plot.log_y,
                y_max: None,
                series,
                baselines: plot
                    .baselines
                    .iter()
                    .map(|(l, y)| Baseline::new(l.clone(), *y))
                    .collect(),
            }],
            columns: 1,
            legend: LegendPlace::Inside(plot.legend),
        }
    }
}

/// The x range over every panel's points.
fn x_range(fig: &DepthFigure) -> (f64, f64) {
    let (x0, x1) = fig
        .panels
        .iter()
        .flat_map(|p| p.series.iter().flat_map(|s| s.points.iter().map(|q| q.0)))
        .filter(|x| x.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| (a.min(x), b.max(x)));
    if x0.is_finite() {
        (x0, x1.max(x0 + 1.0))
    } else {
        (1.0, 2.0)
    }
}

/// The y axis of a panel, in axis units (log10 on a log axis).
fn y_range(p: &Panel, headroom: bool) -> (f64, f64) {
    let tf = |y: f64| if p.log_y { y.log10() } else { y };
    let ys: Vec<f64> = p
        .series
        .iter()
        .flat_map(|s| {
            s.points
                .iter()
                .map(|q| q.1)
                .chain(s.band.iter().flat_map(|b| [b.1, b.2]))
                .chain(s.error_bars.iter().flat_map(|b| [b.1, b.2]))
        })
        .chain(p.baselines.iter().map(|b| b.y))
        .filter(|y| y.is_finite() && (!p.log_y || *y > 0.0))
        .map(tf)
        .collect();
    let (lo, hi) = ys
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &y| (a.min(y), b.max(y)));
    let (lo, hi) = if lo.is_finite() {
        (lo, hi)
    } else if p.log_y {
        (-1.0, 0.0)
    } else {
        (0.0, 1.0)
    };
    let cap = p.y_max.filter(|m| m.is_finite() && (!p.log_y || *m > 0.0)).map(tf);
    if p.log_y {
        // A little room below the lowest point (often the uniform baseline) and above the highest.
        let mut top = (hi + 0.05).ceil();
        if let Some(c) = cap {
            top = top.min(c.ceil());
        }
        let bottom = (lo - 0.15).floor();
        (bottom, top.max(bottom + 1.0))
    } else {
        let pad = ((hi - lo) * 0.06).max(1e-3 * hi.abs().max(1.0));
        let mut top = hi + if headroom { 5.0 * pad } else { pad };
        if let Some(c) = cap {
            top = top.min(c).max(hi);
        }
        let bottom = lo - pad;
        (bottom, if top > bottom { top } else { bottom + 1.0 })
    }
}

fn y_tick(log_y: bool, span: f64, v: f64) -> String {
    if log_y {
        let r = v.round();
        if (v - r).abs() < 1e-6 {
            format!("10{}", superscript(r as i32))
        } else {
            String::new()
        }
    } else if span >= 5.0 {
        format!("{v:.0}")
    } else if span >= 0.5 {
        format!("{v:.1}")
    } else if span >= 0.05 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// Move label centres `ys` (sorted) apart to at least `gap`, within [lo, hi].
fn spread(ys: &mut [i32], gap: i32, lo: i32, hi: i32) {
    for i in 1..ys.len() {
        ys[i] = ys[i].max(ys[i - 1] + gap);
    }
    if let Some(last) = ys.last_mut() {
        *last = (*last).min(hi);
    }
    for i in (0..ys.len().saturating_sub(1)).rev() {
        ys[i] = ys[i].min(ys[i + 1] - gap);
    }
    if let Some(first) = ys.first_mut() {
        *first = (*first).max(lo);
    }
    for i in 1..ys.len() {
        ys[i] = ys[i].max(ys[i - 1] + gap);
    }
}

const END_LABEL_FONT: f64 = 12.0;

/// Draw one panel on `area`.
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    x_label: &str,
    (x0, x1): (f64, f64),
    inside: Option<(LegendAt, Vec<LegendEntry>)>,
    px: Px,
) -> Result<()> {
    let area = panel_title(area, panel, px)?;
    let headroom = matches!(inside, Some((LegendAt::UpperLeft | LegendAt::UpperRight, _)));
    let (y0, y1) = y_range(panel, headroom);
    let end_font = px.font(END_LABEL_FONT);
    let end_width = panel
        .series
        .iter()
        .filter(|s| !s.end_label.is_empty())
        .map(|s| text_width(&area, &s.end_label, &end_font))
        .max();
    let right = match end_width {
        Some(w) => w + px.of(26.0),
        None => px.of(20.0),
    };
    let (xa, xb) = (x0 - 0.25, x1 + 0.25);
    let mut chart = ChartBuilder::on(&area)
        .margin_top(px.u(8.0))
        .margin_left(px.u(4.0))
        .margin_bottom(px.u(4.0))
        .margin_right(right.max(0) as u32)
        .x_label_area_size(px.u(50.0))
        .y_label_area_size(px.u(78.0))
        .build_cartesian_2d(xa..xb, y0..y1)
        .map_err(plot_err)?;
    draw_mesh(&mut chart, panel, x_label, (x0, x1), (y0, y1), px)?;
    let canvas = PanelCanvas {
        chart: &chart,
        plot: chart.plotting_area().strip_coord_spec(),
        base: chart.plotting_area().get_base_pixel(),
        x: (xa, xb),
        y: (y0, y1),
        log_y: panel.log_y,
        px,
    };
    if panel.log_y {
        canvas.draw_log_light_lines()?;
    }
    canvas.draw_bands(&panel.series)?;
    canvas.draw_baselines(&panel.baselines)?;
    canvas.draw_error_bars(&panel.series)?;
    let ends = canvas.draw_curves(&panel.series)?;
    if !ends.is_empty() {
        canvas.draw_end_labels(&area, ends, &end_font)?;
    }
    if let Some((at, entries)) = inside {
        canvas.draw_legend_inside(at, &entries)?;
    }
    Ok(())
}

/// Draw the panel's heading above it, if it has one; the area left for the panel.
fn panel_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    px: Px,
) -> Result<DrawingArea<DB, Shift>> {
    if panel.title.is_empty() {
        return Ok(area.clone());
    }
    let (w, _) = area.dim_in_pixel();
    let (top, rest) = area.split_vertically(px.of(26.0));
    draw_text(
        &top,
        &panel.title,
        &px.font(16.0),
        (w as i32 / 2 + px.of(30.0), px.of(6.0)),
        HPos::Center,
        VPos::Top,
    )?;
    Ok(rest)
}

/// The chart of a panel: x and y from data to the pixels of its plotting area.
type PanelChart<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>>;

/// Draw a panel's axes, their ticks and descriptions, and its grid (x from `x0` to `x1`,
/// y from `y0` to `y1`, log10 values on a log axis).
fn draw_mesh<DB: DrawingBackend>(
    chart: &mut PanelChart<'_, DB>,
    panel: &Panel,
    x_label: &str,
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
    px: Px,
) -> Result<()> {
    let log_y = panel.log_y;
    let span = y1 - y0;
    let n_x = ((x1 - x0).round() as usize + 1).min(12);
    let n_y = if log_y { (span.round() as usize + 1).min(14) } else { 7 };
    let grid = RGBColor(222, 222, 222);
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(&panel.y_label)
        .x_labels(n_x)
        .x_label_formatter(&|v| {
            if (v - v.round()).abs() < 1e-6 {
                format!("{}", v.round() as i64)
            } else {
                String::new()
            }
        })
        .y_labels(n_y)
        .y_label_formatter(&|v| y_tick(log_y, span, *v))
        .label_style(px.font(14.0))
        .axis_desc_style(px.font(16.0))
        .axis_style(BLACK.stroke_width(px.stroke(1.0)))
        .bold_line_style(grid.stroke_width(px.stroke(1.0)))
        .light_line_style(if log_y {
            TRANSPARENT.stroke_width(0)
        } else {
            RGBColor(242, 242, 242).stroke_width(px.stroke(1.0))
        })
        .x_max_light_lines(0)
        .y_max_light_lines(1)
        .set_all_tick_mark_size(px.of(5.0))
        .draw()
        .map_err(plot_err)
}

/// An end-of-line label: the y of the curve's last point, that point, the text, the colour.
type EndLabel = (i32, (i32, i32), String, RGBColor);

/// A panel's plotting area once its axes are drawn: what its curves, bands, reference lines
/// and inside legend are drawn on, and the map from data to its pixels.
struct PanelCanvas<'c, 'a, DB: DrawingBackend> {
    chart: &'c PanelChart<'a, DB>,
    /// The plotting area, in pixels from its own corner.
    plot: DrawingArea<DB, Shift>,
    /// Its corner on the backend.
    base: (i32, i32),
    /// The x range drawn (the depths and a margin).
    x: (f64, f64),
    /// The y range drawn (log10 values on a log axis).
    y: (f64, f64),
    log_y: bool,
    px: Px,
}

impl<DB: DrawingBackend> PanelCanvas<'_, '_, DB> {
    /// The pixel of the data point (x, y) (`y` as on the axis: log10 on a log axis),
    /// y clamped to the panel.
    fn to_dev(&self, x: f64, y: f64) -> (i32, i32) {
        let (a, b) = self.chart.backend_coord(&(x, y.clamp(self.y.0, self.y.1)));
        (a - self.base.0, b - self.base.1)
    }

    /// A value as on the y axis (log10 on a log axis).
    fn tf(&self, y: f64) -> f64 {
        if self.log_y {
            y.log10()
        } else {
            y
        }
    }

    /// Whether `v` can be drawn on the y axis (finite, and positive on a log axis).
    fn ok(&self, v: f64) -> bool {
        v.is_finite() && (!self.log_y || v > 0.0)
    }

    /// Light lines at 2..9 × each power of ten.
    fn draw_log_light_lines(&self) -> Result<()> {
        let (y0, y1) = self.y;
        let (pw, _) = self.plot.dim_in_pixel();
        let light = RGBColor(241, 241, 241).stroke_width(self.px.stroke(1.0));
        for d in y0.floor() as i32..y1.ceil() as i32 {
            for m in 2..10 {
                let y = f64::from(d) + f64::from(m).log10();
                if y > y0 && y < y1 {
                    let (_, yy) = self.to_dev(self.x.0, y);
                    self.plot
                        .draw(&PathElement::new(vec![(0, yy), (pw as i32, yy)], light))
                        .map_err(plot_err)?;
                }
            }
        }
        Ok(())
    }

    /// The shaded bands of the curves; an end that cannot be drawn runs to the bottom.
    fn draw_bands(&self, series: &[Series]) -> Result<()> {
        for s in series {
            if s.band.len() >= 2 {
                let floor = |v: f64| if self.ok(v) { self.tf(v) } else { self.y.0 };
                let mut poly: Vec<(i32, i32)> = s.band.iter().map(|b| self.to_dev(b.0, floor(b.1))).collect();
                poly.extend(s.band.iter().rev().map(|b| self.to_dev(b.0, floor(b.2))));
                self.plot
                    .draw(&Polygon::new(poly, s.style.colour.mix(0.14).filled()))
                    .map_err(plot_err)?;
            }
        }
        Ok(())
    }

    /// The dashed reference lines, across the whole panel.
    fn draw_baselines(&self, baselines: &[Baseline]) -> Result<()> {
        for b in baselines {
            if self.ok(b.y) {
                let y = self.tf(b.y);
                draw_line(
                    &self.plot,
                    &[self.to_dev(self.x.0, y), self.to_dev(self.x.1, y)],
                    &b.style,
                    self.px,
                )?;
            }
        }
        Ok(())
    }

    /// The error bars of the curves, with caps.
    fn draw_error_bars(&self, series: &[Series]) -> Result<()> {
        let px = self.px;
        for s in series {
            let bar = Style::new(s.style.colour)
                .with_width(1.8)
                .with_marker(Marker::None, 0.0);
            let cap = px.of(5.0);
            for &(x, lo, hi) in &s.error_bars {
                if !(x.is_finite() && self.ok(hi)) {
                    continue;
                }
                // A lower end of 0 on a log axis runs to the bottom of the panel.
                let (low, high) = (
                    self.to_dev(x, if self.ok(lo) { self.tf(lo) } else { self.y.0 }),
                    self.to_dev(x, self.tf(hi)),
                );
                draw_line(&self.plot, &[low, high], &bar, px)?;
                for end in [high].into_iter().chain(self.ok(lo).then_some(low)) {
                    draw_line(&self.plot, &[(end.0 - cap, end.1), (end.0 + cap, end.1)], &bar, px)?;
                }
            }
        }
        Ok(())
    }

    /// The curves and their markers; the end labels of those that have one, at their last
    /// drawn point.
    fn draw_curves(&self, series: &[Series]) -> Result<Vec<EndLabel>> {
        let mut ends: Vec<EndLabel> = Vec::new();
        for s in series {
            // Runs of drawable points: a non-finite value (or y ≤ 0 on a log axis) breaks the line.
            let mut runs: Vec<Vec<(i32, i32)>> = vec![Vec::new()];
            for &(x, y) in &s.points {
                if x.is_finite() && self.ok(y) {
                    runs.last_mut().expect("never empty").push(self.to_dev(x, self.tf(y)));
                } else if !runs.last().expect("never empty").is_empty() {
                    runs.push(Vec::new());
                }
            }
            for run in &runs {
                draw_line(&self.plot, run, &s.style, self.px)?;
            }
            if s.style.marker != Marker::None {
                for run in &runs {
                    for &p in run {
                        draw_marker(&self.plot, p, &s.style, self.px)?;
                    }
                }
            }
            if let Some(&last) = runs.iter().rev().flat_map(|r| r.last()).next() {
                if !s.end_label.is_empty() {
                    ends.push((last.1, last, s.end_label.clone(), s.style.colour));
                }
            }
        }
        Ok(ends)
    }

    /// The end labels right of the plotting area, on the panel's own `area`, spread apart and
    /// joined to their curves by leader lines.
    fn draw_end_labels(
        &self,
        area: &DrawingArea<DB, Shift>,
        mut ends: Vec<EndLabel>,
        end_font: &TextStyle,
    ) -> Result<()> {
        let px = self.px;
        let (pw, ph) = self.plot.dim_in_pixel();
        let abase = area.get_base_pixel();
        let off = (self.base.0 - abase.0, self.base.1 - abase.1);
        ends.sort_by_key(|e| e.0);
        let mut ys: Vec<i32> = ends.iter().map(|e| e.0).collect();
        spread(&mut ys, px.of(END_LABEL_FONT + 2.0), 0, ph as i32);
        let lx = pw as i32 + px.of(14.0);
        for ((_, (x, y), label, colour), ly) in ends.iter().zip(ys) {
            let leader = Style::new(*colour)
                .with_width(0.8)
                .with_marker(Marker::None, 0.0)
                .with_opacity(0.7);
            let pts = [
                (off.0 + x + px.of(4.0), off.1 + y),
                (off.0 + pw as i32 + px.of(4.0), off.1 + ly),
                (off.0 + lx - px.of(2.0), off.1 + ly),
            ];
            draw_line(area, &pts, &leader, px)?;
            draw_text(
                area,
                label,
                &end_font.clone().color(colour),
                (off.0 + lx, off.1 + ly),
                HPos::Left,
                VPos::Center,
            )?;
        }
        Ok(())
    }

    /// The legend in the corner `at` of the plotting area.
    fn draw_legend_inside(&self, at: LegendAt, entries: &[LegendEntry]) -> Result<()> {
        let px = self.px;
        let (pw, ph) = self.plot.dim_in_pixel();
        let (lw, lh) = legend_size(&self.plot, entries, px);
        let m = px.of(10.0);
        let x = match at {
            LegendAt::UpperLeft | LegendAt::LowerLeft => m,
            LegendAt::UpperRight | LegendAt::LowerRight => pw as i32 - m - lw,
        };
        let y = match at {
            LegendAt::UpperLeft | LegendAt::UpperRight => m,
            LegendAt::LowerLeft | LegendAt::LowerRight => ph as i32 - m - lh,
        };
        draw_legend(&self.plot, entries, (x, y), px)
    }
}

impl Figure for DepthFigure {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, px: Px) -> Result<()> {
        let rest = title_band(root, &self.title, &self.note, px)?;
        let (w, _) = rest.dim_in_pixel();
        let entries = self.legend_entries(None);
        let (main, legend_area) = if self.legend == LegendPlace::Right && !entries.is_empty() {
            let (lw, _) = legend_size(&rest, &entries, px);
            let (m, l) = rest.split_horizontally(w as i32 - lw - px.of(16.0));
            (m, Some(l))
        } else {
            (rest, None)
        };
        let (c, r) = self.grid();
        let cells = main.split_evenly((r, c));
        let xr = x_range(self);
        for (i, (panel, cell)) in self.panels.iter().zip(&cells).enumerate() {
            let inside = match self.legend {
                LegendPlace::Inside(at) => Some((at, self.legend_entries(Some(i)))),
                _ => None,
            };
            draw_panel(cell, panel, &self.x_label, xr, inside, px)?;
        }
        if let Some(l) = legend_area {
            let top = if self.panels.first().is_some_and(|p| !p.title.is_empty()) {
                px.of(34.0)
            } else {
                px.of(8.0)
            };
            draw_legend(&l, &entries, (0, top), px)?;
        }
        Ok(())
    }
}

/// Draw a figure of panels to `stem.svg` (`size`) and `stem.png` (`size` × scale).
pub fn depth_figure(stem: &Path, figure: &DepthFigure, size: FigureSize) -> Result<Vec<PathBuf>> {
    figure.check()?;
    write_figure(stem, size, figure)
}

/// Draw a depth plot to `stem.svg` and `stem.png` at the default size of its one panel.
pub fn depth_plot(stem: &Path, plot: &DepthPlot) -> Result<Vec<PathBuf>> {
    let figure = DepthFigure::from(plot);
    depth_figure(stem, &figure, figure.default_size())
}

/// Draw a depth plot to `stem.svg` and `stem.png` at `size`.
pub fn depth_plot_sized(stem: &Path, plot: &DepthPlot, size: FigureSize) -> Result<Vec<PathBuf>> {
    depth_figure(stem, &DepthFigure::from(plot), size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_stop_at_one() {
        let mut p = Panel::new("", "P", true);
        p.y_max = Some(1.0);
        p.series
            .push(Series::new("a", Style::nth(0), vec![(1.0, 0.2), (2.0, 0.97)]));
        let (lo, hi) = y_range(&p, false);
        assert!(hi.abs() < 1e-12, "{hi}");
        assert!(lo <= 0.2f64.log10());
        p.log_y = false;
        let (_, hi) = y_range(&p, true);
        assert!((hi - 1.0).abs() < 1e-12, "{hi}");
    }

    #[test]
    fn spread_keeps_labels_apart_and_inside() {
        let mut ys = vec![10, 11, 12, 95];
        spread(&mut ys, 5, 0, 100);
        assert!(ys.windows(2).all(|w| w[1] - w[0] >= 5), "{ys:?}");
        assert!(ys[0] >= 0 && ys[3] <= 100);
    }
}
