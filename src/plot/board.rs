//! A board: the circuit's per-cell marginals beside the true solution.

use super::{draw_text, plot_err, title_band, viridis, write_figure, Figure, FigureSize, Px, NOTE_GREY};
use crate::error::{Error, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};
use std::path::{Path, PathBuf};

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

const CELL: u32 = 64;
const TOP: f64 = 34.0;
const SIDE: f64 = 30.0;

impl BoardPlot {
    /// The default size: 64 logical pixels a cell, two boards side by side, at the default
    /// PNG scale.
    pub fn default_size(&self) -> FigureSize {
        let (r, c) = (self.rows.max(1) as u32, self.cols.max(1) as u32);
        FigureSize::new((2 * (c * CELL + 90)).max(720), r * CELL + 130)
    }

    fn check(&self) -> Result<()> {
        if self.marginals.len() != self.rows * self.cols {
            return Err(Error::LengthMismatch {
                what: format!("board plot: marginals for a {}x{} board", self.rows, self.cols),
                expected: self.rows * self.cols,
                got: self.marginals.len(),
            });
        }
        Ok(())
    }
}

impl Figure for BoardPlot {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, px: Px) -> Result<()> {
        let root = title_band(root, &self.title, "", px)?;
        let (w, h) = root.dim_in_pixel();
        let panels = root.split_evenly((1, 2));
        // The cell size that fits both boards and the note under the left one.
        let cell = ((w as i32 / 2 - px.of(2.0 * SIDE)) / self.cols.max(1) as i32)
            .min((h as i32 - px.of(TOP + 34.0)) / self.rows.max(1) as i32)
            .clamp(px.of(12.0), px.of(120.0));
        let sub_font = px.font(16.0);
        let (x0, y0) = (px.of(SIDE), px.of(TOP));
        let thin = px.stroke(1.0);
        // Left: marginals.
        let what = if self.one_means == "1" {
            "P(cell = 1) under the circuit".to_string()
        } else {
            format!("P(cell = 1 = {}) under the circuit", self.one_means)
        };
        let shape = BoardShape {
            rows: self.rows,
            cols: self.cols,
            cell,
        };
        draw_marginals(&panels[0], &what, &self.marginals, &self.fixed, shape, px)?;
        // Right: the solution.
        let right = &panels[1];
        let Some(board) = &self.solution else {
            return draw_text(
                right,
                "no stored solution",
                &sub_font,
                (x0, px.of(6.0)),
                HPos::Left,
                VPos::Top,
            );
        };
        draw_text(
            right,
            "the solution",
            &sub_font,
            (x0, px.of(6.0)),
            HPos::Left,
            VPos::Top,
        )?;
        let symbol_font = |colour: &'static RGBColor| {
            px.font(px.logical(cell) * 0.4)
                .color(colour)
                .pos(plotters::style::text_anchor::Pos::new(HPos::Center, VPos::Center))
        };
        for (r, row) in board.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let (x, y) = (x0 + c as i32 * cell, y0 + r as i32 * cell);
                let value = if self.solution_values.is_empty() {
                    match ch {
                        '1' => Some(true),
                        '0' | '.' => Some(false),
                        _ => None,
                    }
                } else {
                    self.solution_values.get(r * self.cols + c).copied().flatten()
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
                        [(x, y), (x + cell, y + cell)],
                        WHITE.stroke_width(thin),
                    ))
                    .map_err(plot_err)?;
                let colour: &'static RGBColor = if value != Some(false) { &BLACK } else { &WHITE };
                right
                    .draw_text(&ch.to_string(), &symbol_font(colour), (x + cell / 2, y + cell / 2))
                    .map_err(plot_err)?;
            }
        }
        Ok(())
    }
}

/// Rows, columns and the cell size in pixels of a drawn board.
#[derive(Clone, Copy)]
struct BoardShape {
    rows: usize,
    cols: usize,
    cell: i32,
}

/// One board of per-cell marginals (viridis, the value printed in each cell; thick frame on
/// fixed cells) under `heading`, with the note on frames below it.
fn draw_marginals<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    heading: &str,
    marginals: &[Option<f64>],
    fixed: &[bool],
    shape: BoardShape,
    px: Px,
) -> Result<()> {
    let BoardShape { rows, cols, cell } = shape;
    let (x0, y0) = (px.of(SIDE), px.of(TOP));
    let thin = px.stroke(1.0);
    draw_text(area, heading, &px.font(16.0), (x0, px.of(6.0)), HPos::Left, VPos::Top)?;
    let value_font = |colour: &'static RGBColor| {
        px.font(px.logical(cell) * 0.28)
            .color(colour)
            .pos(plotters::style::text_anchor::Pos::new(HPos::Center, VPos::Center))
    };
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            let (x, y) = (x0 + c as i32 * cell, y0 + r as i32 * cell);
            let rect = [(x, y), (x + cell, y + cell)];
            match marginals.get(i).copied().flatten() {
                Some(p) => {
                    area.draw(&Rectangle::new(rect, viridis(p).filled()))
                        .map_err(plot_err)?;
                    let colour: &'static RGBColor = if p > 0.6 { &BLACK } else { &WHITE };
                    area.draw_text(&format!("{p:.2}"), &value_font(colour), (x + cell / 2, y + cell / 2))
                        .map_err(plot_err)?;
                }
                None => area
                    .draw(&Rectangle::new(rect, RGBColor(220, 220, 220).filled()))
                    .map_err(plot_err)?,
            }
            let is_fixed = fixed.get(i).copied().unwrap_or(false);
            let (inset, frame) = if is_fixed {
                (px.of(2.0), BLACK.stroke_width(px.stroke(3.0)))
            } else {
                (0, WHITE.stroke_width(thin))
            };
            area.draw(&Rectangle::new(
                [(x + inset, y + inset), (x + cell - inset, y + cell - inset)],
                frame,
            ))
            .map_err(plot_err)?;
        }
    }
    let note_y = y0 + rows as i32 * cell + px.of(10.0);
    draw_text(
        area,
        "thick frame: fixed by the reduction (certain)",
        &px.font(13.0).color(&NOTE_GREY),
        (x0, note_y),
        HPos::Left,
        VPos::Top,
    )
}

/// Two boards of per-cell marginals side by side: measured counts beside the simulation.
#[derive(Clone, Debug)]
pub struct MarginalsComparison {
    /// Title.
    pub title: String,
    /// The line under the title.
    pub subtitle: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Heading of the left board (`measured, 4096 shots`).
    pub left_heading: String,
    /// Row-major left marginals; `None` for a cell without a variable.
    pub left: Vec<Option<f64>>,
    /// Heading of the right board.
    pub right_heading: String,
    /// Row-major right marginals; `None` for a cell without a variable.
    pub right: Vec<Option<f64>>,
    /// Whether the reduction fixed the cell.
    pub fixed: Vec<bool>,
}

impl MarginalsComparison {
    /// The size of [`BoardPlot::default_size`] for the same board.
    pub fn default_size(&self) -> FigureSize {
        let (r, c) = (self.rows.max(1) as u32, self.cols.max(1) as u32);
        FigureSize::new((2 * (c * CELL + 90)).max(720), r * CELL + 130)
    }
}

impl Figure for MarginalsComparison {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, px: Px) -> Result<()> {
        let root = title_band(root, &self.title, &self.subtitle, px)?;
        let (w, h) = root.dim_in_pixel();
        let panels = root.split_evenly((1, 2));
        let cell = ((w as i32 / 2 - px.of(2.0 * SIDE)) / self.cols.max(1) as i32)
            .min((h as i32 - px.of(TOP + 34.0)) / self.rows.max(1) as i32)
            .clamp(px.of(12.0), px.of(120.0));
        let shape = BoardShape {
            rows: self.rows,
            cols: self.cols,
            cell,
        };
        draw_marginals(&panels[0], &self.left_heading, &self.left, &self.fixed, shape, px)?;
        draw_marginals(&panels[1], &self.right_heading, &self.right, &self.fixed, shape, px)
    }
}

/// Draw measured beside simulated marginals to `stem.svg` and `stem.png`.
pub fn marginals_comparison_plot(stem: &Path, plot: &MarginalsComparison) -> Result<Vec<PathBuf>> {
    let cells = plot.rows * plot.cols;
    for side in [&plot.left, &plot.right] {
        if side.len() != cells {
            return Err(Error::LengthMismatch {
                what: format!("marginals plot: marginals for a {}x{} board", plot.rows, plot.cols),
                expected: cells,
                got: side.len(),
            });
        }
    }
    write_figure(stem, plot.default_size(), plot)
}

/// Draw the per-cell marginals beside the solution to `stem.svg` and `stem.png` at
/// [`BoardPlot::default_size`].
pub fn board_plot(stem: &Path, plot: &BoardPlot) -> Result<Vec<PathBuf>> {
    board_plot_sized(stem, plot, plot.default_size())
}

/// Draw the per-cell marginals beside the solution to `stem.svg` and `stem.png` at `size`.
pub fn board_plot_sized(stem: &Path, plot: &BoardPlot, size: FigureSize) -> Result<Vec<PathBuf>> {
    plot.check()?;
    write_figure(stem, size, plot)
}
