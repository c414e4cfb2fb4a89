//! Plots for papers: plain data in (curves, grids, bars, per-cell marginals), SVG and PNG out.
//! Nothing here touches a simulator. Text uses DejaVu Sans, embedded in the binary and
//! registered as `sans-serif` on first use, so no system font library is needed.

pub mod sweep;

use crate::error::{Error, Result};
use ndarray::Array2;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontStyle;
use std::path::{Path, PathBuf};
use std::sync::Once;

const FONT: &str = "sans-serif";
static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
static REGISTER: Once = Once::new();

fn register_font() {
    REGISTER.call_once(|| {
        // The embedded file is a valid TrueType font; a failure would be a build problem.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, FONT_BYTES);
    });
}

fn plot_err(e: impl std::fmt::Display) -> Error {
    Error::Plot(e.to_string())
}

/// Colours of the series, colour-blind-safe (Okabe–Ito): blue, vermillion, bluish green,
/// orange, reddish purple, sky blue, yellow, black.
pub const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(230, 159, 0),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(240, 228, 66),
    RGBColor(0, 0, 0),
];

/// The colour of an init strategy in every plot: ramp blue, interp vermillion, random green.
pub fn init_colour(init: &str) -> usize {
    match init {
        "ramp" => 0,
        "interp" => 1,
        "random" => 2,
        _ => 3,
    }
}

/// Draw `text` centred in a band of `height` pixels at the top of `root` (with a margin above,
/// unlike plotters' `titled`, which puts the glyphs against the edge); returns the rest.
fn title_band<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    text: &str,
    size: i32,
    height: u32,
) -> Result<(DrawingArea<DB, Shift>, DrawingArea<DB, Shift>)> {
    let (top, rest) = root.split_vertically(height);
    let w = top.dim_in_pixel().0 as i32;
    let style = TextStyle::from((FONT, size)).pos(Pos::new(HPos::Center, VPos::Top));
    top.draw_text(text, &style, (w / 2, 10)).map_err(plot_err)?;
    Ok((top, rest))
}

fn paths(stem: &Path) -> (PathBuf, PathBuf) {
    let s = stem.display().to_string();
    (PathBuf::from(format!("{s}.svg")), PathBuf::from(format!("{s}.png")))
}

/// Draw with `$draw(&root, args..)` on an SVG and on a PNG backend of `$size`; returns the
/// two paths.
macro_rules! write_both {
    ($stem:expr, $size:expr, $draw:ident $(, $arg:expr)*) => {{
        register_font();
        let (svg, png) = paths($stem);
        if let Some(dir) = svg.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| Error::Write { path: dir.to_path_buf(), source })?;
        }
        {
            let root = SVGBackend::new(&svg, $size).into_drawing_area();
            root.fill(&WHITE).map_err(plot_err)?;
            $draw(&root $(, $arg)*)?;
            root.present().map_err(plot_err)?;
        }
        {
            let root = BitMapBackend::new(&png, $size).into_drawing_area();
            root.fill(&WHITE).map_err(plot_err)?;
            $draw(&root $(, $arg)*)?;
            root.present().map_err(plot_err)?;
        }
        Ok(vec![svg, png])
    }};
}

/// One line of a depth plot, with an optional band (e.g. the interquartile range).
#[derive(Clone, Debug, Default)]
pub struct Curve {
    /// Legend text (empty: not in the legend).
    pub label: String,
    /// Index into [`PALETTE`].
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

/// A y-against-depth plot.
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

/// `n` in Unicode superscript digits (`-3` → `⁻³`).
pub fn superscript(n: i32) -> String {
    let digits = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut s = String::new();
    if n < 0 {
        s.push('⁻');
    }
    for c in n.unsigned_abs().to_string().chars() {
        s.push(digits[c.to_digit(10).unwrap_or(0) as usize]);
    }
    s
}

fn draw_depth<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, plot: &DepthPlot) -> Result<()> {
    let tf = |y: f64| if plot.log_y { y.max(1e-300).log10() } else { y };
    let xs: Vec<f64> = plot.curves.iter().flat_map(|c| c.points.iter().map(|p| p.0)).collect();
    let mut ys: Vec<f64> = plot
        .curves
        .iter()
        .flat_map(|c| {
            c.points
                .iter()
                .map(|p| p.1)
                .chain(c.band.iter().flat_map(|b| [b.1, b.2]))
        })
        .chain(plot.baselines.iter().map(|b| b.1))
        .filter(|y| y.is_finite() && (!plot.log_y || *y > 0.0))
        .map(tf)
        .collect();
    if ys.is_empty() {
        ys.push(0.0);
    }
    let (x0, x1) = xs
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| (a.min(x), b.max(x)));
    let (x0, x1) = if x0.is_finite() {
        (x0, x1.max(x0 + 1.0))
    } else {
        (1.0, 2.0)
    };
    let (y0, y1) = ys
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &y| (a.min(y), b.max(y)));
    let (y0, y1) = if plot.log_y {
        // A little room below the lowest point (often the uniform baseline) and above the highest.
        ((y0 - 0.15).floor(), (y1 + 0.05).ceil().max(y0.floor() + 1.0))
    } else {
        let pad = ((y1 - y0) * 0.08).max(1e-9);
        // Headroom for a legend in an upper corner, so that it covers no data.
        let top = if matches!(plot.legend, LegendAt::UpperLeft | LegendAt::UpperRight) {
            4.0 * pad
        } else {
            pad
        };
        (y0 - pad, y1 + top)
    };
    let (title_area, chart_area) = root.split_vertically(if plot.note.is_empty() { 40 } else { 62 });
    title_area
        .titled(&plot.title, (FONT, 22))
        .map_err(plot_err)?
        .draw_text(
            &plot.note,
            &TextStyle::from((FONT, 13)).color(&RGBColor(80, 80, 80)),
            (60, 4),
        )
        .map_err(plot_err)?;
    let mut chart = ChartBuilder::on(&chart_area)
        .margin_left(10)
        .margin_right(24)
        .margin_bottom(10)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(x0 - 0.2..x1 + 0.2, y0..y1)
        .map_err(plot_err)?;
    let log_y = plot.log_y;
    let y_fmt = move |v: &f64| {
        if log_y {
            let r = v.round();
            if (v - r).abs() < 1e-6 {
                format!("10{}", superscript(r as i32))
            } else {
                String::new()
            }
        } else {
            format!("{v:.3}")
        }
    };
    let n_y = if log_y { (y1 - y0) as usize + 1 } else { 8 };
    chart
        .configure_mesh()
        .x_desc("depth p")
        .y_desc(&plot.y_label)
        .x_labels((x1 - x0) as usize + 1)
        .x_label_formatter(&|v| {
            if (v - v.round()).abs() < 1e-6 {
                format!("{}", v.round() as i64)
            } else {
                String::new()
            }
        })
        .y_labels(n_y)
        .y_label_formatter(&y_fmt)
        .label_style((FONT, 15))
        .axis_desc_style((FONT, 17))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(plot_err)?;
    for c in &plot.curves {
        if c.band.len() >= 2 {
            let colour = PALETTE[c.colour % PALETTE.len()];
            let mut poly: Vec<(f64, f64)> = c.band.iter().map(|b| (b.0, tf(b.1))).collect();
            poly.extend(c.band.iter().rev().map(|b| (b.0, tf(b.2))));
            chart
                .draw_series(std::iter::once(Polygon::new(poly, colour.mix(0.18).filled())))
                .map_err(plot_err)?;
        }
    }
    for c in &plot.curves {
        let colour = PALETTE[c.colour % PALETTE.len()];
        let pts: Vec<(f64, f64)> = c
            .points
            .iter()
            .filter(|p| p.1.is_finite() && (!log_y || p.1 > 0.0))
            .map(|p| (p.0, tf(p.1)))
            .collect();
        let style = if c.thin {
            colour.mix(0.35).stroke_width(1)
        } else {
            colour.stroke_width(c.width.max(1))
        };
        let series = chart
            .draw_series(LineSeries::new(pts.clone(), style))
            .map_err(plot_err)?;
        if !c.label.is_empty() {
            series
                .label(&c.label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3)));
        }
        if !c.thin {
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, c.width.max(1) + 1, colour.filled())))
                .map_err(plot_err)?;
        }
    }
    for (label, y) in &plot.baselines {
        if !y.is_finite() || (log_y && *y <= 0.0) {
            continue;
        }
        let y = tf(*y);
        chart
            .draw_series(DashedLineSeries::new(
                vec![(x0 - 0.2, y), (x1 + 0.2, y)],
                8,
                5,
                BLACK.stroke_width(2),
            ))
            .map_err(plot_err)?
            .label(label)
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], BLACK.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .position(match plot.legend {
            LegendAt::UpperLeft => SeriesLabelPosition::UpperLeft,
            LegendAt::UpperRight => SeriesLabelPosition::UpperRight,
            LegendAt::LowerLeft => SeriesLabelPosition::LowerLeft,
            LegendAt::LowerRight => SeriesLabelPosition::LowerRight,
        })
        .margin(12)
        .label_font((FONT, 15))
        .background_style(WHITE.mix(0.9))
        .border_style(RGBColor(150, 150, 150))
        .draw()
        .map_err(plot_err)?;
    Ok(())
}

/// Draw a depth plot to `stem.svg` and `stem.png` (900×600).
pub fn depth_plot(stem: &Path, plot: &DepthPlot) -> Result<Vec<PathBuf>> {
    write_both!(stem, (900, 600), draw_depth, plot)
}

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

/// Viridis, approximated by linear interpolation between nine stops; `t` in [0, 1].
pub fn viridis(t: f64) -> RGBColor {
    const STOPS: [(u8, u8, u8); 9] = [
        (68, 1, 84),
        (71, 44, 122),
        (59, 81, 139),
        (44, 113, 142),
        (33, 144, 141),
        (39, 173, 129),
        (92, 200, 99),
        (170, 220, 50),
        (253, 231, 37),
    ];
    let t = if t.is_finite() { t.clamp(0.0, 1.0) } else { 0.0 };
    let x = t * (STOPS.len() - 1) as f64;
    let i = (x.floor() as usize).min(STOPS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
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

#[allow(clippy::too_many_arguments)]
fn draw_heat_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    gammas: &[f64],
    betas: &[f64],
    grid: &Array2<f64>,
    optimum: (f64, f64),
    optimum_label: &str,
    value_label: &str,
) -> Result<()> {
    let (lo, hi) = grid
        .iter()
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    let span = if hi > lo { hi - lo } else { 1.0 };
    let (main, bar) = area.split_horizontally(area.dim_in_pixel().0 as i32 - 110);
    let (ge, be) = (edges(gammas), edges(betas));
    let mut chart = ChartBuilder::on(&main)
        .caption(title, (FONT, 18))
        .margin(8)
        .x_label_area_size(48)
        .y_label_area_size(62)
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
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 18))
        .draw()
        .map_err(plot_err)?;
    chart
        .draw_series(grid.indexed_iter().map(|((r, c), &v)| {
            Rectangle::new(
                [(ge[c], be[r]), (ge[c + 1], be[r + 1])],
                viridis((v - lo) / span).filled(),
            )
        }))
        .map_err(plot_err)?;
    chart
        .draw_series(std::iter::once(Circle::new(optimum, 9, RED.stroke_width(3))))
        .map_err(plot_err)?
        .label(optimum_label)
        .legend(|(x, y)| Circle::new((x + 8, y), 6, RED.stroke_width(3)));
    chart
        .draw_series(std::iter::once(Cross::new(optimum, 5, WHITE.stroke_width(2))))
        .map_err(plot_err)?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font((FONT, 13))
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(120, 120, 120))
        .draw()
        .map_err(plot_err)?;
    // Colour bar.
    let mut cb = ChartBuilder::on(&bar)
        .margin_top(38)
        .margin_bottom(56)
        .margin_right(6)
        .y_label_area_size(62)
        .right_y_label_area_size(0)
        .build_cartesian_2d(0.0..1.0, lo..lo + span)
        .map_err(plot_err)?;
    cb.configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(6)
        .y_desc(value_label)
        .y_label_formatter(&|v| {
            // Enough digits that neighbouring ticks never print alike.
            if span < 0.1 {
                format!("{v:.1e}")
            } else if span < 10.0 {
                format!("{v:.2}")
            } else {
                format!("{v:.1}")
            }
        })
        .label_style((FONT, 12))
        .axis_desc_style((FONT, 14))
        .draw()
        .map_err(plot_err)?;
    let steps = 100;
    cb.draw_series((0..steps).map(|i| {
        let a = lo + span * i as f64 / steps as f64;
        let b = lo + span * (i + 1) as f64 / steps as f64;
        Rectangle::new([(0.0, a), (1.0, b)], viridis(i as f64 / (steps - 1) as f64).filled())
    }))
    .map_err(plot_err)?;
    Ok(())
}

fn draw_landscape<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, plot: &LandscapePlot) -> Result<()> {
    let (_, root) = title_band(root, &plot.title, 22, 44)?;
    let panels = root.split_evenly((1, 2));
    draw_heat_panel(
        &panels[0],
        "expected energy ⟨C⟩",
        &plot.gammas,
        &plot.betas,
        &plot.energy,
        plot.energy_optimum,
        "least ⟨C⟩ on the grid",
        "⟨C⟩",
    )?;
    draw_heat_panel(
        &panels[1],
        "success probability P(valid)",
        &plot.gammas,
        &plot.betas,
        &plot.success,
        plot.success_optimum,
        "largest P(valid) on the grid",
        "P(valid)",
    )
}

/// Draw the landscape heatmaps side by side to `stem.svg` and `stem.png` (1300×560).
pub fn landscape_plot(stem: &Path, plot: &LandscapePlot) -> Result<Vec<PathBuf>> {
    if plot.energy.dim() != (plot.betas.len(), plot.gammas.len()) || plot.success.dim() != plot.energy.dim() {
        return Err(Error::InvalidArgument(
            "landscape grids must be β rows × γ columns".into(),
        ));
    }
    if plot.gammas.is_empty() || plot.betas.is_empty() {
        return Err(Error::InvalidArgument("landscape grid is empty".into()));
    }
    write_both!(stem, (1300, 560), draw_landscape, plot)
}

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

fn draw_distribution<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, title: &str, bars: &[Bar]) -> Result<()> {
    let k = bars.len().max(1);
    let pmax = bars.iter().map(|b| b.probability).fold(0.0, f64::max).max(1e-12) * 1.12;
    let longest = bars.iter().map(|b| b.label.chars().count()).max().unwrap_or(4);
    let mut chart = ChartBuilder::on(root)
        .caption(title, (FONT, 20))
        .margin(12)
        .margin_right(30)
        .x_label_area_size(48)
        .y_label_area_size((longest as u32 * 9 + 20).max(60))
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
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 15))
        .draw()
        .map_err(plot_err)?;
    // The most likely bitstring at the top.
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
            r.set_margin(3, 3, 0, 0);
            r
        }))
        .map_err(plot_err)?;
    let mut kinds = vec![(VALID_COLOUR, "valid board"), (INVALID_COLOUR, "breaks a QUBO rule")];
    if bars.iter().any(|b| b.kind == BarKind::NonQuboOnly) {
        kinds.insert(1, (NON_QUBO_COLOUR, "breaks only non-QUBO rules"));
    }
    for (colour, label) in kinds {
        chart
            .draw_series(std::iter::empty::<Rectangle<(f64, SegmentValue<usize>)>>())
            .map_err(plot_err)?
            .label(label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .margin(12)
        .label_font((FONT, 14))
        .background_style(WHITE.mix(0.9))
        .border_style(RGBColor(150, 150, 150))
        .draw()
        .map_err(plot_err)?;
    Ok(())
}

/// Draw the top bitstrings as horizontal bars (most likely at the top, valid ones green) to
/// `stem.svg` and `stem.png`.
pub fn distribution_plot(stem: &Path, title: &str, bars: &[Bar]) -> Result<Vec<PathBuf>> {
    let height = (120 + 30 * bars.len().max(1)) as u32;
    write_both!(stem, (900, height.max(360)), draw_distribution, title, bars)
}

/// A board with the circuit's per-cell marginals beside the true solution.
#[derive(Clone, Debug)]
pub struct BoardPlot {
    /// Title.
    pub title: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Row-major `P(cell = 1)`; `None` for a cell without a variable.
    pub marginals: Vec<Option<f64>>,
    /// Whether the reduction fixed the cell (drawn with a thick frame: certain before QAOA).
    pub fixed: Vec<bool>,
    /// The solution, one string per row (the instance format's symbols), if known.
    pub solution: Option<Vec<String>>,
    /// Row-major value of the solution's variable in each cell (`None`: no variable, e.g. a
    /// Tents tree); when empty, `1` counts as true and `0`/`.` as false.
    pub solution_values: Vec<Option<bool>>,
    /// What `1` means (`sun`, `queen`, ...), for the colour-bar text.
    pub one_means: String,
}

fn draw_board<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, plot: &BoardPlot) -> Result<()> {
    let (_, root) = title_band(root, &plot.title, 20, 44)?;
    let (w, h) = root.dim_in_pixel();
    let panels = root.split_evenly((1, 2));
    let cell = ((w as usize / 2 - 60) / plot.cols.max(1))
        .min((h as usize).saturating_sub(66) / plot.rows.max(1))
        .clamp(20, 90) as i32;
    let sub = |area: &DrawingArea<DB, Shift>, text: &str| -> Result<()> {
        area.draw_text(text, &TextStyle::from((FONT, 16)), (30, 6))
            .map_err(plot_err)
    };
    let (x0, y0) = (30, 34);
    // Left: marginals.
    let left = &panels[0];
    let what = if plot.one_means == "1" {
        "P(cell = 1) under the circuit".to_string()
    } else {
        format!("P(cell = 1 = {}) under the circuit", plot.one_means)
    };
    sub(left, &what)?;
    for r in 0..plot.rows {
        for c in 0..plot.cols {
            let i = r * plot.cols + c;
            let (x, y) = (x0 + c as i32 * cell, y0 + r as i32 * cell);
            let rect = [(x, y), (x + cell, y + cell)];
            match plot.marginals.get(i).copied().flatten() {
                Some(p) => {
                    left.draw(&Rectangle::new(rect, viridis(p).filled()))
                        .map_err(plot_err)?;
                    let colour = if p > 0.6 { BLACK } else { WHITE };
                    let style = TextStyle::from((FONT, (cell as f64 * 0.3) as i32))
                        .color(&colour)
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    left.draw_text(&format!("{p:.2}"), &style, (x + cell / 2, y + cell / 2))
                        .map_err(plot_err)?;
                }
                None => left
                    .draw(&Rectangle::new(rect, RGBColor(220, 220, 220).filled()))
                    .map_err(plot_err)?,
            }
            let frame = if plot.fixed.get(i).copied().unwrap_or(false) {
                BLACK.stroke_width(3)
            } else {
                RGBColor(255, 255, 255).stroke_width(1)
            };
            left.draw(&Rectangle::new([(x + 1, y + 1), (x + cell - 1, y + cell - 1)], frame))
                .map_err(plot_err)?;
        }
    }
    let note_y = y0 + plot.rows as i32 * cell + 10;
    left.draw_text(
        "thick frame: fixed by the reduction (certain)",
        &TextStyle::from((FONT, 13)).color(&RGBColor(80, 80, 80)),
        (x0, note_y),
    )
    .map_err(plot_err)?;
    // Right: the solution.
    let right = &panels[1];
    match &plot.solution {
        Some(board) => {
            sub(right, "the solution")?;
            for (r, row) in board.iter().enumerate() {
                for (c, ch) in row.chars().enumerate() {
                    let (x, y) = (x0 + c as i32 * cell, y0 + r as i32 * cell);
                    let value = if plot.solution_values.is_empty() {
                        match ch {
                            '1' => Some(true),
                            '0' | '.' => Some(false),
                            _ => None,
                        }
                    } else {
                        plot.solution_values.get(r * plot.cols + c).copied().flatten()
                    };
                    let fill = match value {
                        Some(true) => viridis(1.0),
                        Some(false) => viridis(0.0),
                        None => RGBColor(220, 220, 220),
                    };
                    right
                        .draw(&Rectangle::new([(x, y), (x + cell, y + cell)], fill.filled()))
                        .map_err(plot_err)?;
                    right
                        .draw(&Rectangle::new(
                            [(x + 1, y + 1), (x + cell - 1, y + cell - 1)],
                            WHITE.stroke_width(1),
                        ))
                        .map_err(plot_err)?;
                    let colour = if value != Some(false) { BLACK } else { WHITE };
                    let style = TextStyle::from((FONT, (cell as f64 * 0.4) as i32))
                        .color(&colour)
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    right
                        .draw_text(&ch.to_string(), &style, (x + cell / 2, y + cell / 2))
                        .map_err(plot_err)?;
                }
            }
        }
        None => sub(right, "no stored solution")?,
    }
    Ok(())
}

/// Draw the per-cell marginals beside the solution to `stem.svg` and `stem.png`.
pub fn board_plot(stem: &Path, plot: &BoardPlot) -> Result<Vec<PathBuf>> {
    if plot.marginals.len() != plot.rows * plot.cols {
        return Err(Error::InvalidArgument(format!(
            "board plot: {} marginals for a {}x{} board",
            plot.marginals.len(),
            plot.rows,
            plot.cols
        )));
    }
    let cell = 64usize;
    let w = (2 * (plot.cols * cell + 80)).max(700) as u32;
    let h = (plot.rows * cell + 110) as u32;
    write_both!(stem, (w, h), draw_board, plot)
}
