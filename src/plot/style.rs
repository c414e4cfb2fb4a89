//! How a curve looks: colour, width, dash pattern and marker ([`Style`]), a book that gives
//! each curve family its own style ([`StyleBook`]), and the drawing of styled lines, markers
//! and legends shared by the figures.
//!
//! A *family* is whatever a figure compares: today the init strategy (ramp, INTERP, random);
//! tomorrow a mixer (`x`, `xy-ring`, `grover`), Grover search, or noisy against noiseless
//! runs. A family is named by a string key, and the book hands out one style per key,
//! distinct in colour *and* dash *and* marker, so curves that lie on top of each other stay
//! visible (a dashed line over a solid one, a filled triangle inside a ring). Families along
//! two dimensions combine styles: colour from one book, dash from another, e.g.
//! `inits.style("interp").with_dash(noise.style("noisy").dash)`.

use super::{draw_text, plot_err, text_width, Px, PALETTE};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// The dash pattern of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dash {
    /// Unbroken.
    Solid,
    /// Dashes of about four line widths.
    Dashed,
    /// Dots.
    Dotted,
    /// Dash, dot, dash.
    DashDot,
    /// Long dashes.
    LongDash,
}

impl Dash {
    /// On/off lengths in logical pixels for a line `width` wide (empty: solid).
    pub fn pattern(self, width: f64) -> Vec<f64> {
        let w = width.max(1.0);
        match self {
            Dash::Solid => Vec::new(),
            Dash::Dashed => vec![3.5 * w + 4.0, 1.8 * w + 3.0],
            Dash::Dotted => vec![w.max(1.5), 1.6 * w + 2.5],
            Dash::DashDot => vec![3.5 * w + 4.0, 1.4 * w + 2.5, w.max(1.5), 1.4 * w + 2.5],
            Dash::LongDash => vec![7.0 * w + 6.0, 2.0 * w + 3.0],
        }
    }
}

/// The mark drawn at each data point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// No mark.
    None,
    /// A disc or ring.
    Circle,
    /// A square.
    Square,
    /// A triangle, point up.
    Triangle,
    /// A diamond.
    Diamond,
    /// An upright cross (+).
    Plus,
    /// A diagonal cross (×).
    Cross,
}

/// How one curve is drawn. Sizes are in logical pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Line and marker colour.
    pub colour: RGBColor,
    /// Line width.
    pub width: f64,
    /// Dash pattern.
    pub dash: Dash,
    /// Mark at each point.
    pub marker: Marker,
    /// Marker radius.
    pub marker_size: f64,
    /// Marker drawn as an outline with a white inside (a smaller filled marker of a
    /// coinciding curve shows inside it).
    pub hollow: bool,
    /// Opacity in [0, 1] of line and marker (bands are always light).
    pub opacity: f64,
}

impl Style {
    /// A solid line of width 2.5 with filled circles.
    pub const fn new(colour: RGBColor) -> Self {
        Style {
            colour,
            width: 2.5,
            dash: Dash::Solid,
            marker: Marker::Circle,
            marker_size: 4.5,
            hollow: false,
            opacity: 1.0,
        }
    }

    /// The same with another colour.
    pub const fn with_colour(self, colour: RGBColor) -> Self {
        Style { colour, ..self }
    }

    /// The same with another line width.
    pub const fn with_width(self, width: f64) -> Self {
        Style { width, ..self }
    }

    /// The same with another dash pattern.
    pub const fn with_dash(self, dash: Dash) -> Self {
        Style { dash, ..self }
    }

    /// The same with another marker of radius `size`.
    pub const fn with_marker(self, marker: Marker, size: f64) -> Self {
        Style {
            marker,
            marker_size: size,
            ..self
        }
    }

    /// The same with hollow (or filled) markers.
    pub const fn with_hollow(self, hollow: bool) -> Self {
        Style { hollow, ..self }
    }

    /// A thin black line in `dash` without markers: the legend's key to a dash pattern that
    /// several colours share.
    pub const fn key(dash: Dash) -> Self {
        Style::new(BLACK)
            .with_width(1.5)
            .with_dash(dash)
            .with_marker(Marker::None, 0.0)
    }

    /// The same with another opacity.
    pub const fn with_opacity(self, opacity: f64) -> Self {
        Style { opacity, ..self }
    }

    /// The `i`-th of a sequence of styles that differ pairwise in colour, dash and marker
    /// (colours from [`PALETTE`] without its yellow, which is too light on white).
    pub fn nth(i: usize) -> Self {
        // Dotted last: it is the natural modifier (noisy, approximate) of another family.
        const DASHES: [Dash; 5] = [Dash::Solid, Dash::Dashed, Dash::DashDot, Dash::LongDash, Dash::Dotted];
        const MARKERS: [(Marker, f64, bool); 6] = [
            (Marker::Circle, 6.0, true),
            (Marker::Triangle, 5.0, false),
            (Marker::Square, 4.5, true),
            (Marker::Diamond, 5.5, false),
            (Marker::Cross, 4.5, false),
            (Marker::Plus, 5.0, false),
        ];
        let (marker, size, hollow) = MARKERS[i % MARKERS.len()];
        Style {
            colour: distinct_colour(i),
            width: if i == 0 { 4.0 } else { 2.5 },
            dash: DASHES[i % DASHES.len()],
            marker,
            marker_size: size,
            hollow,
            opacity: 1.0,
        }
    }

    /// The style of an init strategy in every figure: ramp a wide solid blue line with rings,
    /// interp a dashed vermillion line with filled triangles (drawn over ramp, so where both
    /// land on the same optimum both stay visible), random a dash-dotted green line with
    /// hollow squares; any other init the next style of [`Style::nth`].
    pub fn for_init(init: &str) -> Self {
        Style::nth(super::init_colour(init))
    }

    /// The colour with this style's opacity.
    pub(crate) fn rgba(&self) -> RGBAColor {
        self.colour.mix(self.opacity.clamp(0.0, 1.0))
    }
}

/// The `i`-th of twelve colours that tell curves apart (Okabe–Ito without yellow, then
/// Paul Tol's muted scheme), cycling.
pub fn distinct_colour(i: usize) -> RGBColor {
    const COLOURS: [RGBColor; 12] = [
        PALETTE[0],
        PALETTE[1],
        PALETTE[2],
        PALETTE[3],
        PALETTE[4],
        PALETTE[5],
        PALETTE[7],
        RGBColor(136, 34, 85),
        RGBColor(153, 153, 51),
        RGBColor(51, 34, 136),
        RGBColor(68, 170, 153),
        RGBColor(170, 68, 153),
    ];
    COLOURS[i % COLOURS.len()]
}

/// One style per curve family key, the same key always the same style. Keys given a style
/// with [`StyleBook::insert`] keep it; any other key gets the next [`Style::nth`] not yet
/// handed out, in the order keys are first asked for.
#[derive(Clone, Debug, Default)]
pub struct StyleBook {
    styles: Vec<(String, Style)>,
}

impl StyleBook {
    /// An empty book.
    pub fn new() -> Self {
        StyleBook::default()
    }

    /// A book with the init strategies' styles ([`Style::for_init`]) for `ramp`, `interp`
    /// and `random`.
    pub fn inits() -> Self {
        let mut b = StyleBook::new();
        for init in ["ramp", "interp", "random"] {
            b.insert(init, Style::for_init(init));
        }
        b
    }

    /// Give `key` the style `style` (replacing any earlier one).
    pub fn insert(&mut self, key: impl Into<String>, style: Style) -> &mut Self {
        let key = key.into();
        match self.styles.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = style,
            None => self.styles.push((key, style)),
        }
        self
    }

    /// The style of `key`, if it has one.
    pub fn get(&self, key: &str) -> Option<Style> {
        self.styles.iter().find(|(k, _)| k == key).map(|(_, s)| *s)
    }

    /// The style of `key`, handing out a new one (distinct from those in the book) on first use.
    pub fn style(&mut self, key: &str) -> Style {
        if let Some(s) = self.get(key) {
            return s;
        }
        let used = |s: &Style, book: &[(String, Style)]| {
            book.iter()
                .any(|(_, b)| b.colour == s.colour && b.dash == s.dash && b.marker == s.marker)
        };
        let s = (0..)
            .map(Style::nth)
            .find(|s| !used(s, &self.styles))
            .expect("the styles are endless");
        self.styles.push((key.to_string(), s));
        s
    }

    /// The keys in the order they were given or first asked for.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.styles.iter().map(|(k, _)| k.as_str())
    }
}

/// Split a device polyline into the drawn pieces of `pattern` (device on/off lengths).
fn dash_pieces(points: &[(f64, f64)], pattern: &[f64]) -> Vec<Vec<(f64, f64)>> {
    if pattern.is_empty() || pattern.iter().any(|l| *l <= 0.0) {
        return vec![points.to_vec()];
    }
    let mut pieces = Vec::new();
    let mut current: Vec<(f64, f64)> = Vec::new();
    let (mut k, mut left) = (0usize, pattern[0]);
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let mut t = 0.0;
        while t < len {
            let step = left.min(len - t);
            let at = |s: f64| (a.0 + (b.0 - a.0) * s / len, a.1 + (b.1 - a.1) * s / len);
            if k % 2 == 0 {
                if current.is_empty() {
                    current.push(at(t));
                }
                current.push(at(t + step));
            }
            t += step;
            left -= step;
            if left <= 1e-9 {
                if k % 2 == 0 && current.len() >= 2 {
                    pieces.push(std::mem::take(&mut current));
                }
                current.clear();
                k = (k + 1) % pattern.len();
                left = pattern[k];
            }
        }
    }
    if current.len() >= 2 {
        pieces.push(current);
    }
    pieces
}

/// Draw a polyline of device points in `style` (no markers) on `area` (device coordinates
/// relative to the area).
pub(crate) fn draw_line<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[(i32, i32)],
    style: &Style,
    px: Px,
) -> Result<()> {
    if points.len() < 2 || style.width <= 0.0 {
        return Ok(());
    }
    let stroke = ShapeStyle::from(style.rgba()).stroke_width(px.stroke(style.width));
    let pts: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (x as f64, y as f64)).collect();
    let pattern: Vec<f64> = style.dash.pattern(style.width).iter().map(|l| l * px.k()).collect();
    for piece in dash_pieces(&pts, &pattern) {
        let piece: Vec<(i32, i32)> = piece
            .iter()
            .map(|&(x, y)| (x.round() as i32, y.round() as i32))
            .collect();
        area.draw(&PathElement::new(piece, stroke)).map_err(plot_err)?;
    }
    Ok(())
}

/// Draw `style`'s marker centred at device point `c` on `area`.
pub(crate) fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    c: (i32, i32),
    style: &Style,
    px: Px,
) -> Result<()> {
    let r = px.of(style.marker_size).max(1);
    let colour = style.rgba();
    let edge = px.stroke((style.width * 0.6).clamp(1.2, 2.2));
    let poly = |pts: Vec<(i32, i32)>| -> Result<()> {
        if style.hollow {
            area.draw(&Polygon::new(pts.clone(), WHITE.filled()))
                .map_err(plot_err)?;
            let mut ring = pts;
            ring.push(ring[0]);
            area.draw(&PathElement::new(ring, ShapeStyle::from(colour).stroke_width(edge)))
                .map_err(plot_err)
        } else {
            area.draw(&Polygon::new(pts, ShapeStyle::from(colour).filled()))
                .map_err(plot_err)
        }
    };
    let (x, y) = c;
    match style.marker {
        Marker::None => Ok(()),
        Marker::Circle => {
            if style.hollow {
                area.draw(&Circle::new(c, r, WHITE.filled())).map_err(plot_err)?;
                area.draw(&Circle::new(c, r, ShapeStyle::from(colour).stroke_width(edge)))
                    .map_err(plot_err)
            } else {
                area.draw(&Circle::new(c, r, ShapeStyle::from(colour).filled()))
                    .map_err(plot_err)
            }
        }
        Marker::Square => {
            let h = (r as f64 * 0.85).round() as i32;
            poly(vec![(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)])
        }
        Marker::Triangle => {
            let (up, down, half) = (r, (r as f64 * 0.6).round() as i32, (r as f64 * 0.95).round() as i32);
            poly(vec![(x, y - up), (x + half, y + down), (x - half, y + down)])
        }
        Marker::Diamond => poly(vec![(x, y - r), (x + r, y), (x, y + r), (x - r, y)]),
        Marker::Plus | Marker::Cross => {
            let s = ShapeStyle::from(colour).stroke_width(px.stroke(style.width.clamp(1.5, 2.5)));
            let (a, b) = if style.marker == Marker::Plus {
                ([(x - r, y), (x + r, y)], [(x, y - r), (x, y + r)])
            } else {
                let d = (r as f64 * 0.8).round() as i32;
                ([(x - d, y - d), (x + d, y + d)], [(x - d, y + d), (x + d, y - d)])
            };
            area.draw(&PathElement::new(a.to_vec(), s)).map_err(plot_err)?;
            area.draw(&PathElement::new(b.to_vec(), s)).map_err(plot_err)
        }
    }
}

/// What a legend entry shows left of its text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Swatch {
    /// A short line in the style, with its marker in the middle.
    Line(Style),
    /// A filled box.
    Patch(RGBColor),
    /// A heading: no swatch, the text in bold-ish dark grey.
    Heading,
}

/// One legend row.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LegendEntry {
    pub(crate) swatch: Swatch,
    pub(crate) label: String,
}

const SWATCH_W: f64 = 46.0;
const ROW_H: f64 = 22.0;
const PAD: f64 = 8.0;
const LEGEND_FONT: f64 = 14.0;

/// The device size of the legend box of `entries` on `area`'s backend.
pub(crate) fn legend_size<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[LegendEntry],
    px: Px,
) -> (i32, i32) {
    if entries.is_empty() {
        return (0, 0);
    }
    let font = px.font(LEGEND_FONT);
    let text = entries
        .iter()
        .map(|e| {
            let indent = if e.swatch == Swatch::Heading {
                0
            } else {
                px.of(SWATCH_W + 8.0)
            };
            indent + text_width(area, &e.label, &font)
        })
        .max()
        .unwrap_or(0);
    (
        text + px.of(2.0 * PAD),
        px.of(ROW_H) * entries.len() as i32 + px.of(2.0 * PAD - 4.0),
    )
}

/// Draw the legend box of `entries` with its top-left corner at device point `at` of `area`.
pub(crate) fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[LegendEntry],
    at: (i32, i32),
    px: Px,
) -> Result<()> {
    if entries.is_empty() {
        return Ok(());
    }
    let (w, h) = legend_size(area, entries, px);
    let (x0, y0) = at;
    area.draw(&Rectangle::new([(x0, y0), (x0 + w, y0 + h)], WHITE.mix(0.92).filled()))
        .map_err(plot_err)?;
    area.draw(&Rectangle::new(
        [(x0, y0), (x0 + w, y0 + h)],
        RGBColor(160, 160, 160).stroke_width(px.stroke(1.0)),
    ))
    .map_err(plot_err)?;
    let font = px.font(LEGEND_FONT);
    for (i, e) in entries.iter().enumerate() {
        let cy = y0 + px.of(PAD - 2.0) + px.of(ROW_H) * i as i32 + px.of(ROW_H / 2.0);
        let sx = x0 + px.of(PAD);
        let tx = match &e.swatch {
            Swatch::Line(style) => {
                let line = [(sx, cy), (sx + px.of(SWATCH_W), cy)];
                draw_line(area, &line, style, px)?;
                draw_marker(area, (sx + px.of(SWATCH_W / 2.0), cy), style, px)?;
                sx + px.of(SWATCH_W + 8.0)
            }
            Swatch::Patch(colour) => {
                let s = px.of(7.0);
                let mid = sx + px.of(SWATCH_W / 2.0);
                area.draw(&Rectangle::new(
                    [(mid - 2 * s, cy - s), (mid + 2 * s, cy + s)],
                    colour.filled(),
                ))
                .map_err(plot_err)?;
                sx + px.of(SWATCH_W + 8.0)
            }
            Swatch::Heading => sx,
        };
        let style = if e.swatch == Swatch::Heading {
            font.clone().color(&RGBColor(70, 70, 70))
        } else {
            font.clone()
        };
        draw_text(area, &e.label, &style, (tx, cy), HPos::Left, VPos::Center)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashes_cover_the_on_lengths() {
        let pieces = dash_pieces(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], &[4.0, 2.0]);
        // On 0–4, off 4–6, on 6–10, off 10–12 (the corner), on 12–16, off 16–18, on 18–20.
        assert_eq!(pieces.len(), 4);
        assert_eq!(pieces[0], vec![(0.0, 0.0), (4.0, 0.0)]);
        assert_eq!(pieces[2], vec![(10.0, 2.0), (10.0, 6.0)]);
        assert_eq!(dash_pieces(&[(0.0, 0.0), (5.0, 0.0)], &[]).len(), 1);
    }

    #[test]
    fn the_book_keeps_and_hands_out_distinct_styles() {
        let mut b = StyleBook::inits();
        assert_eq!(b.style("interp"), Style::for_init("interp"));
        let x = b.style("mixer x");
        let y = b.style("mixer xy-ring");
        assert_ne!(x, y);
        for init in ["ramp", "interp", "random"] {
            assert_ne!(x, b.style(init));
            assert_ne!(y, b.style(init));
        }
        assert_eq!(b.style("mixer x"), x);
        assert_eq!(b.keys().count(), 5);
    }
}
