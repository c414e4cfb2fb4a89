//! Plots for papers: plain data in (curves, grids, bars, per-cell marginals), SVG and PNG out.
//! Nothing here touches a simulator.
//!
//! One file per figure: [`depth`] (y against depth, in one or more panels), [`landscape`]
//! (the p = 1 heatmaps), [`distribution`] (the top bitstrings), [`board`] (per-cell marginals
//! beside the solution); [`sweep`] builds the depth figures from sweep rows, and [`style`]
//! holds the line styles (colour, dash, marker) that tell curve families apart. This file
//! keeps what they share: the font, the palette, the figure size, the title band and the
//! writing of both formats.
//!
//! Sizes are in logical pixels: the SVG is `width × height`, the PNG is rendered at
//! `scale` times that (every font, line and margin scaled alike, not resampled), so a
//! [`FigureSize`] of 1000×640 at scale 2 gives a 2000×1280 PNG that looks like the SVG.
//! Text uses DejaVu Sans, embedded in the binary and registered as `sans-serif` on first use
//! (so no system font library is needed), with its glyph boxes anchored at the pen so that
//! PNG text keeps its letter spacing (see `font.rs`).

pub mod board;
pub mod depth;
pub mod distribution;
mod font;
pub mod landscape;
pub mod style;
pub mod sweep;

pub use board::{board_plot, board_plot_sized, marginals_comparison_plot, BoardPlot, MarginalsComparison};
pub use depth::{
    depth_figure, depth_plot, depth_plot_sized, Baseline, Curve, DepthFigure, DepthPlot, LegendAt, LegendPlace, Panel,
    Series,
};
pub use distribution::{distribution_plot, distribution_plot_sized, Bar, BarKind};
pub use landscape::{landscape_plot, landscape_plot_sized, LandscapePlot};
pub use style::{Dash, Marker, Style, StyleBook};

use crate::error::{Error, Quantity, Result};
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
        // Patched once for the life of the process; plotters keeps a `'static` reference.
        let bytes: &'static [u8] = match font::with_pen_anchored_glyphs(FONT_BYTES) {
            Some(patched) => Box::leak(patched.into_boxed_slice()),
            None => FONT_BYTES,
        };
        // The embedded file is a valid TrueType font; a failure would be a build problem.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, bytes);
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

/// The size of a figure: `width × height` logical pixels (the SVG's size), and the PNG drawn
/// at `scale` times that, fonts and lines included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FigureSize {
    /// Width in logical pixels.
    pub width: u32,
    /// Height in logical pixels.
    pub height: u32,
    /// PNG pixels per logical pixel (2: a 1000×640 figure is a 2000×1280 PNG).
    pub scale: f64,
}

impl FigureSize {
    /// The PNG scale of the defaults: twice the logical size, sharp in print and on screens.
    pub const DEFAULT_SCALE: f64 = 2.0;
    /// The largest PNG accepted, in pixels (about 400 MB of RGB).
    pub const MAX_PNG_PIXELS: u64 = 134_217_728;

    /// `width × height` at the default scale.
    pub const fn new(width: u32, height: u32) -> Self {
        FigureSize {
            width,
            height,
            scale: Self::DEFAULT_SCALE,
        }
    }

    /// The same size with another PNG scale.
    pub const fn with_scale(self, scale: f64) -> Self {
        FigureSize { scale, ..self }
    }

    /// The PNG's size in pixels: `round(width × scale) × round(height × scale)`.
    pub fn png_pixels(&self) -> (u32, u32) {
        (
            (self.width as f64 * self.scale).round() as u32,
            (self.height as f64 * self.scale).round() as u32,
        )
    }

    /// An error unless the size can be drawn: at least 200×120, a scale in [0.25, 8], and a
    /// PNG of at most [`Self::MAX_PNG_PIXELS`].
    pub fn validate(&self) -> Result<()> {
        if self.width < 200 || self.height < 120 {
            return Err(Error::out_of_range(
                Quantity::FigureSize,
                format!("{}x{}", self.width, self.height),
                "too small (at least 200x120)",
            ));
        }
        if !(self.scale.is_finite() && (0.25..=8.0).contains(&self.scale)) {
            return Err(Error::out_of_range(
                Quantity::FigureScale,
                self.scale,
                "outside [0.25, 8]",
            ));
        }
        let (w, h) = self.png_pixels();
        if u64::from(w) * u64::from(h) > Self::MAX_PNG_PIXELS {
            return Err(Error::out_of_range(
                Quantity::FigureSize,
                format!("{w}x{h} (as a PNG)"),
                format!("too large (at most {} pixels)", Self::MAX_PNG_PIXELS),
            ));
        }
        Ok(())
    }
}

impl Default for FigureSize {
    /// 1000×640 at scale 2: a 2000×1280 PNG.
    fn default() -> Self {
        FigureSize::new(1000, 640)
    }
}

/// Logical pixels to device pixels of one backend (1 for the SVG, the scale for the PNG).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Px {
    k: f64,
    /// Round font sizes to even device pixels: plotters' bitmap text puts the baseline at
    /// half the size and truncates, so an odd size shifts tall glyphs a pixel down.
    even_fonts: bool,
}

impl Px {
    /// The SVG: logical = device.
    pub(crate) const SVG: Px = Px {
        k: 1.0,
        even_fonts: false,
    };

    fn png(k: f64) -> Px {
        Px { k, even_fonts: true }
    }

    /// `v` logical pixels in device pixels.
    pub(crate) fn of(self, v: f64) -> i32 {
        (v * self.k).round() as i32
    }

    /// `v` logical pixels in device pixels, at least 0.
    pub(crate) fn u(self, v: f64) -> u32 {
        self.of(v).max(0) as u32
    }

    /// A stroke of `v` logical pixels, at least one device pixel.
    pub(crate) fn stroke(self, v: f64) -> u32 {
        self.u(v).max(1)
    }

    /// Device pixels per logical pixel.
    pub(crate) fn k(self) -> f64 {
        self.k
    }

    /// Device pixels back to logical pixels.
    pub(crate) fn logical(self, device: i32) -> f64 {
        device as f64 / self.k
    }

    /// The text style of `size` logical pixels.
    pub(crate) fn font(self, size: f64) -> TextStyle<'static> {
        let s = size * self.k;
        let s = if self.even_fonts {
            (s / 2.0).round().max(1.0) * 2.0
        } else {
            s
        };
        TextStyle::from((FONT, s))
    }
}

/// The grey of notes and small print.
pub(crate) const NOTE_GREY: RGBColor = RGBColor(90, 90, 90);

/// The device width of `text` in `style` on `area`'s backend (0 when it cannot be measured).
pub(crate) fn text_width<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, text: &str, style: &TextStyle) -> i32 {
    area.estimate_text_size(text, style).map_or(0, |(w, _)| w as i32)
}

/// Draw `text` at device point `at` with anchor `(h, v)`.
pub(crate) fn draw_text<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    style: &TextStyle,
    at: (i32, i32),
    h: HPos,
    v: VPos,
) -> Result<()> {
    if text.is_empty() {
        return Ok(());
    }
    area.draw_text(text, &style.pos(Pos::new(h, v)), at).map_err(plot_err)
}

/// Split `text` into lines no wider than `max_width` device pixels, at spaces.
pub(crate) fn wrap<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    style: &TextStyle,
    max_width: i32,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(area, &candidate, style) > max_width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Draw `title` centred at the top of `root` (with a margin above, unlike plotters' `titled`,
/// which puts the glyphs against the edge) and `note`, wrapped, in small grey print under it;
/// returns the rest of the area.
pub(crate) fn title_band<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    note: &str,
    px: Px,
) -> Result<DrawingArea<DB, Shift>> {
    let (w, _) = root.dim_in_pixel();
    let title_style = px.font(21.0);
    let note_style = px.font(13.0).color(&NOTE_GREY);
    let titles = wrap(root, title, &title_style, w as i32 - px.of(40.0));
    let notes = if note.is_empty() {
        Vec::new()
    } else {
        wrap(root, note, &note_style, w as i32 - px.of(60.0))
    };
    let mut y = px.of(12.0);
    for line in &titles {
        draw_text(root, line, &title_style, (w as i32 / 2, y), HPos::Center, VPos::Top)?;
        y += px.of(27.0);
    }
    if !notes.is_empty() {
        y += px.of(2.0);
        for line in &notes {
            draw_text(root, line, &note_style, (w as i32 / 2, y), HPos::Center, VPos::Top)?;
            y += px.of(18.0);
        }
    }
    y += px.of(8.0);
    Ok(root.split_vertically(y).1)
}

fn paths(stem: &Path) -> (PathBuf, PathBuf) {
    let s = stem.display().to_string();
    (PathBuf::from(format!("{s}.svg")), PathBuf::from(format!("{s}.png")))
}

/// A figure that draws itself on any backend; `px` turns logical pixels into the backend's.
pub(crate) trait Figure {
    /// Draw on `root` (already filled white).
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, px: Px) -> Result<()>;
}

/// Draw `figure` to `stem.svg` (`size`) and `stem.png` (`size` × scale); returns both paths.
/// Both are drawn in memory and written whole or neither (temporary files renamed into place
/// together), so a full disk leaves no truncated figure under its name and no temporary file
/// (see [`crate::files`], which also refuses targets that are links or devices).
pub(crate) fn write_figure(stem: &Path, size: FigureSize, figure: &impl Figure) -> Result<Vec<PathBuf>> {
    size.validate()?;
    register_font();
    let (svg, png) = paths(stem);
    crate::files::check_output(&svg, "figure")?;
    crate::files::check_output(&png, "figure")?;
    let mut svg_text = String::new();
    {
        let root = SVGBackend::with_string(&mut svg_text, (size.width, size.height)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_err)?;
        figure.draw(&root, Px::SVG)?;
        root.present().map_err(plot_err)?;
    }
    let (w, h) = size.png_pixels();
    let mut rgb = vec![0u8; w as usize * h as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_err)?;
        figure.draw(&root, Px::png(w as f64 / size.width as f64))?;
        root.present().map_err(plot_err)?;
    }
    let mut png_bytes = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png_bytes),
        &rgb,
        w,
        h,
        image::ColorType::Rgb8,
    )
    .map_err(plot_err)?;
    crate::files::write_whole(&[(svg.clone(), svg_text.into_bytes()), (png.clone(), png_bytes)])?;
    Ok(vec![svg, png])
}
