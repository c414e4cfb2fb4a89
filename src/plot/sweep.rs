//! The figures of a sweep drawn from its rows (plain data): success probability and
//! approximation ratio against depth.
//!
//! Each puzzle kind in the rows gets its own panel (medians over different puzzles mean
//! little), each curve family its own style from a [`StyleBook`]. A family is the init
//! strategy, joined with the objective when the rows hold several; the book is where mixers,
//! Grover search or noise will get their styles once the rows carry them.

use super::style::distinct_colour;
use super::{depth_figure, Baseline, DepthFigure, FigureSize, LegendPlace, Panel, Series, StyleBook};
use crate::error::Result;
use crate::experiment::sweep::summary::{inits_of, instances_of, summarize, uniform_baselines};
use crate::experiment::sweep::SweepRow;
use crate::names::value_enum;
use plotters::style::RGBColor;
use std::path::{Path, PathBuf};

/// How depth plots show a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// One line per instance when there is one instance, the median and IQR band otherwise
    /// (decided per puzzle kind).
    Auto,
    /// One line per instance and init, each instance in its own colour and labelled at the
    /// right end of its line.
    Instance,
    /// The median over instances with the interquartile band.
    Median,
}

value_enum!(Lines);

impl Lines {
    /// Every choice.
    pub const ALL: [Lines; 3] = [Lines::Auto, Lines::Instance, Lines::Median];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Lines::Auto => "auto",
            Lines::Instance => "instance",
            Lines::Median => "median",
        }
    }
}

/// What [`draw_depth_figures_with`] draws.
#[derive(Clone, Debug)]
pub struct DepthFigureOptions {
    /// Lines per instance or medians.
    pub lines: Lines,
    /// Small print under each title; clauses about inits the rows do not hold are dropped
    /// (see [`filter_note`]); empty: [`describe_rows`].
    pub note: String,
    /// The size of every figure (`None`: [`DepthFigure::default_size`], which grows with the
    /// number of panels).
    pub size: Option<FigureSize>,
    /// The styles of the curve families ([`StyleBook::inits`] unless set).
    pub styles: StyleBook,
}

impl Default for DepthFigureOptions {
    fn default() -> Self {
        DepthFigureOptions {
            lines: Lines::Auto,
            note: String::new(),
            size: None,
            styles: StyleBook::inits(),
        }
    }
}

/// The init names the note filter knows.
const INIT_NAMES: [&str; 3] = ["ramp", "interp", "random"];

/// `note` without the clauses (separated by `;`) that name an init the rows do not hold:
/// "random: fresh starts until INTERP's simulator calls" goes when the rows have no random
/// rows, or no interp rows. Init names are matched as whole words, any case.
pub fn filter_note(note: &str, rows: &[SweepRow]) -> String {
    let present = inits_of(rows);
    note.split(';')
        .map(str::trim)
        .filter(|clause| !clause.is_empty())
        .filter(|clause| {
            let lower = clause.to_lowercase();
            let words: Vec<&str> = lower
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            INIT_NAMES
                .iter()
                .filter(|init| words.contains(init))
                .all(|init| present.iter().any(|p| p == init))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// What the rows themselves say about how they were made: the reduction level (per puzzle
/// kind when they differ), the optimiser, the seed and each init's starts per depth, e.g.
/// "reduce paper, lbfgs, seed 0; starts per depth: ramp 1, interp 1, random 1–3".
pub fn describe_rows(rows: &[SweepRow]) -> String {
    fn distinct<T: Ord + Clone>(v: impl Iterator<Item = T>) -> Vec<T> {
        let mut v: Vec<T> = v.collect();
        v.sort();
        v.dedup();
        v
    }
    if rows.is_empty() {
        return String::new();
    }
    let levels = distinct(rows.iter().map(|r| r.reduce.name()));
    let reduce = if levels.len() == 1 {
        format!("reduce {}", levels[0])
    } else {
        let per: Vec<String> = levels
            .iter()
            .map(|l| {
                let kinds = distinct(rows.iter().filter(|r| r.reduce.name() == *l).map(|r| r.puzzle.clone()));
                format!("{l} ({})", kinds.join(", "))
            })
            .collect();
        format!("reduce {}", per.join(", "))
    };
    let optimizers = distinct(rows.iter().map(|r| r.optimizer.name())).join("/");
    let seeds: Vec<String> = distinct(rows.iter().map(|r| r.seed))
        .iter()
        .map(u64::to_string)
        .collect();
    let starts: Vec<String> = inits_of(rows)
        .iter()
        .map(|init| {
            let n = distinct(rows.iter().filter(|r| &r.family() == init).map(|r| r.restarts));
            match (n.first(), n.last()) {
                (Some(a), Some(b)) if a != b => format!("{init} {a}–{b}"),
                (Some(a), _) => format!("{init} {a}"),
                _ => init.clone(),
            }
        })
        .collect();
    format!(
        "{reduce}, {optimizers}, seed {}; starts per depth: {}",
        seeds.join(", "),
        starts.join(", ")
    )
}

/// The puzzle kinds of `rows`, sorted.
pub fn kinds_of(rows: &[SweepRow]) -> Vec<String> {
    let mut v: Vec<String> = rows.iter().map(|r| r.puzzle.clone()).collect();
    v.sort();
    v.dedup();
    v
}

fn objectives_of(rows: &[SweepRow]) -> Vec<String> {
    let mut v: Vec<String> = rows.iter().map(|r| r.objective.name()).collect();
    v.sort();
    v.dedup();
    v
}

/// A curve family: the rows it holds and its legend label (also its style key).
struct Family {
    init: String,
    objective: Option<String>,
    label: String,
}

impl Family {
    fn holds(&self, r: &SweepRow) -> bool {
        r.family() == self.init && self.objective.as_ref().is_none_or(|o| *o == r.objective.name())
    }
}

fn families(rows: &[SweepRow]) -> Vec<Family> {
    let objectives = objectives_of(rows);
    let several = objectives.len() > 1;
    let mut out = Vec::new();
    for init in inits_of(rows) {
        for o in &objectives {
            if !rows.iter().any(|r| r.family() == init && r.objective.name() == *o) {
                continue;
            }
            out.push(Family {
                init: init.clone(),
                objective: several.then(|| o.clone()),
                label: if several { format!("{init}, {o}") } else { init.clone() },
            });
            if !several {
                break;
            }
        }
    }
    out
}

/// Short names of instance files: the file stems without the prefix they all share (cut at
/// a `-` or `_`), or the whole stem when that would leave nothing. The cut never splits a run
/// of number fields, so a date stays whole (`2026-07-13`, not `13`).
pub fn short_names(files: &[String]) -> Vec<String> {
    let stems: Vec<String> = files
        .iter()
        .map(|f| {
            Path::new(f)
                .file_stem()
                .map_or(f.clone(), |s| s.to_string_lossy().into_owned())
        })
        .collect();
    if stems.len() < 2 {
        return stems;
    }
    let first = &stems[0];
    let mut common = first.len();
    for s in &stems[1..] {
        common = common.min(
            first
                .char_indices()
                .zip(s.chars())
                .find(|((_, a), b)| a != b)
                .map_or(first.len().min(s.len()), |((i, _), _)| i),
        );
    }
    let mut cut = first[..common].rfind(['-', '_']).map_or(0, |i| i + 1);
    // Step back over number fields before the cut (`2026-07-`): they belong to the name.
    while cut > 0 {
        let before = &first[..cut - 1];
        let start = before.rfind(['-', '_']).map_or(0, |i| i + 1);
        let field = &before[start..];
        if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
            break;
        }
        cut = start;
    }
    stems
        .iter()
        .map(|s| if s.len() > cut { s[cut..].to_string() } else { s.clone() })
        .collect()
}

type Column = fn(&SweepRow) -> f64;

struct Metric {
    stem: &'static str,
    title: &'static str,
    y_label: &'static str,
    log_y: bool,
    column: Column,
}

const METRICS: [Metric; 2] = [
    Metric {
        stem: "success_vs_depth",
        title: "success probability vs depth",
        y_label: "P(valid board)",
        log_y: true,
        column: |r| r.p_valid,
    },
    Metric {
        stem: "approx_ratio_vs_depth",
        title: "approximation ratio vs depth",
        y_label: "(C_max − ⟨C⟩) / (C_max − C_min)",
        log_y: false,
        column: |r| r.approx_ratio,
    },
];

fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The panel of one puzzle kind.
fn kind_panel(
    kind: &str,
    rows: &[SweepRow],
    metric: &Metric,
    lines: Lines,
    book: &mut StyleBook,
    base_label: &str,
) -> Panel {
    let instances = instances_of(rows);
    let per_instance = match lines {
        Lines::Auto => instances.len() == 1,
        Lines::Instance => true,
        Lines::Median => false,
    };
    let (q0, q1) = rows
        .iter()
        .fold((usize::MAX, 0), |(a, b), r| (a.min(r.qubits), b.max(r.qubits)));
    let qubits = if q0 == q1 {
        plural(q0, "qubit")
    } else {
        format!("{q0}–{q1} qubits")
    };
    let how = match (per_instance, instances.len()) {
        (_, 1) => String::new(),
        (true, _) => ", a colour per instance".into(),
        (false, _) => ", median and interquartile band".into(),
    };
    let mut panel = Panel::new(
        format!("{kind}: {}, {qubits}{how}", plural(instances.len(), "instance")),
        metric.y_label,
        metric.log_y,
    );
    panel.y_max = Some(1.0);
    let fams = families(rows);
    let column = metric.column;
    if per_instance && instances.len() > 1 {
        panel.series = instance_series(rows, &instances, &fams, column, book);
    } else {
        for f in &fams {
            let frows: Vec<SweepRow> = rows.iter().filter(|r| f.holds(r)).cloned().collect();
            let s = summarize(&frows, &f.init, column);
            let mut series = Series::new(
                f.label.clone(),
                book.style(&f.label),
                s.iter().map(|x| (x.p as f64, x.median)).collect(),
            );
            if instances.len() > 1 {
                series.band = s.iter().map(|x| (x.p as f64, x.q1, x.q3)).collect();
            }
            panel.series.push(series);
        }
    }
    if metric.log_y {
        panel.baselines = space_baselines(rows, &instances, base_label);
    }
    panel
}

/// A line per instance (of `instances`) and curve family (of `fams`), in the instance's
/// colour and the family's dash and marker, the first of each instance labelled at its end;
/// then the key to the dashes and markers, in a neutral colour.
fn instance_series(
    rows: &[SweepRow],
    instances: &[String],
    fams: &[Family],
    column: Column,
    book: &mut StyleBook,
) -> Vec<Series> {
    let mut series = Vec::new();
    let names = short_names(instances);
    for (i, (file, name)) in instances.iter().zip(&names).enumerate() {
        let colour = distinct_colour(i);
        let mut labelled = false;
        for f in fams {
            let fs = book.style(&f.label);
            let points: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| f.holds(r) && &r.file == file)
                .map(|r| (r.p as f64, column(r)))
                .collect();
            if points.is_empty() {
                continue;
            }
            let style = fs
                .with_colour(colour)
                .with_width(1.6)
                .with_marker(fs.marker, (fs.marker_size * 0.7).max(2.5));
            let mut s = Series::new("", style, points);
            if !labelled {
                s.end_label = name.clone();
                labelled = true;
            }
            series.push(s);
        }
    }
    for f in fams {
        let fs = book.style(&f.label);
        let style = fs
            .with_colour(RGBColor(70, 70, 70))
            .with_width(1.6)
            .with_marker(fs.marker, (fs.marker_size * 0.7).max(2.5));
        series.push(Series::new(f.label.clone(), style, Vec::new()));
    }
    series
}

/// The uniform baseline of each space the rows were run on (`base_label` for the full
/// space's): a block space's told apart from the full space's by its dash and from each
/// other by their labels, as each space has its own M / dimension.
fn space_baselines(rows: &[SweepRow], instances: &[String], base_label: &str) -> Vec<Baseline> {
    let mut out = Vec::new();
    let baselines = uniform_baselines(rows, instances);
    let several = baselines.len() > 1;
    let block_dashes = [super::Dash::Dotted, super::Dash::DashDot, super::Dash::LongDash];
    let mut blocks_seen = 0;
    for (space, m) in baselines {
        let mut baseline = Baseline::new(base_label, m);
        if space != "full" {
            let median = if base_label.contains("median") { " (median)" } else { "" };
            baseline.label = format!("uniform sampling of space {space}{median}");
            baseline.style = baseline.style.with_dash(block_dashes[blocks_seen % block_dashes.len()]);
            blocks_seen += 1;
        } else if several {
            baseline.label = format!("{base_label}, full space");
        }
        out.push(baseline);
    }
    out
}

/// The depth figures of `rows` as data, before drawing: `(file stem, figure)` for
/// `success_vs_depth` (log axis, uniform baseline dashed) and `approx_ratio_vs_depth`, one
/// panel per puzzle kind, one style per curve family from `styles`. The note under the
/// titles is `note` without clauses about inits the rows lack ([`filter_note`]), or, when
/// `note` is empty, [`describe_rows`].
pub fn depth_figures(
    rows: &[SweepRow],
    lines: Lines,
    note: &str,
    styles: &StyleBook,
) -> Vec<(&'static str, DepthFigure)> {
    let mut book = styles.clone();
    for f in families(rows) {
        book.style(&f.label);
    }
    let kinds = kinds_of(rows);
    let instances = instances_of(rows);
    let objectives = objectives_of(rows);
    let note = if note.trim().is_empty() {
        describe_rows(rows)
    } else {
        filter_note(note, rows)
    };
    let several_per_kind = kinds
        .iter()
        .any(|k| instances_of(&rows.iter().filter(|r| &r.puzzle == k).cloned().collect::<Vec<_>>()).len() > 1);
    let base_label = if several_per_kind {
        "uniform sampling (median)"
    } else {
        "uniform sampling"
    };
    METRICS
        .iter()
        .map(|m| {
            let mut fig = DepthFigure::new(
                format!(
                    "{} ({}, objective{} {})",
                    m.title,
                    plural(instances.len(), "instance"),
                    if objectives.len() == 1 { "" } else { "s" },
                    objectives.join(", ")
                ),
                note.clone(),
            );
            fig.legend = LegendPlace::Right;
            for kind in &kinds {
                let krows: Vec<SweepRow> = rows.iter().filter(|r| &r.puzzle == kind).cloned().collect();
                fig.panels
                    .push(kind_panel(kind, &krows, m, lines, &mut book, base_label));
            }
            (m.stem, fig)
        })
        .collect()
}

/// The depth plots of a sweep: `success_vs_depth` (log axis, uniform baseline dashed) and
/// `approx_ratio_vs_depth`, under `dir`. `note` is printed under each title, without clauses
/// about inits the rows do not hold.
pub fn draw_depth_figures(rows: &[SweepRow], dir: &Path, lines: Lines, note: &str) -> Result<Vec<PathBuf>> {
    draw_depth_figures_with(
        rows,
        dir,
        &DepthFigureOptions {
            lines,
            note: note.to_string(),
            ..DepthFigureOptions::default()
        },
    )
}

/// The depth plots of a sweep under `dir`, as `options` say.
pub fn draw_depth_figures_with(rows: &[SweepRow], dir: &Path, options: &DepthFigureOptions) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for (stem, fig) in depth_figures(rows, options.lines, &options.note, &options.styles) {
        let size = options.size.unwrap_or_else(|| fig.default_size());
        files.extend(depth_figure(&dir.join(stem), &fig, size)?);
    }
    Ok(files)
}

/// The side-by-side figure of one instance: P(valid) against applications of the cost (QAOA
/// depth p) or of the oracle (Grover iterations k). One line per (space, mixer, init) family
/// the rows hold, Grover search on every space they ran on (the closed form
/// `sin²((2k+1)·asin √(M/D))` from the rows' M valid states among D), and the uniform baseline
/// M/D of each space. `rows` are one instance's.
pub fn side_by_side_figure(rows: &[SweepRow], name: &str, note: &str) -> DepthFigure {
    let mut keys: Vec<(String, String, String)> = rows
        .iter()
        .map(|r| (r.space.to_string(), r.mixer.to_string(), r.init.to_string()))
        .collect();
    keys.sort();
    keys.dedup();
    let mut spaces: Vec<(String, usize, f64)> = Vec::new();
    for r in rows {
        if !spaces.iter().any(|s| s.0 == r.space.name()) {
            spaces.push((r.space.to_string(), r.valid_states, r.dimension));
        }
    }
    spaces.sort_by(|a, b| a.0.cmp(&b.0));
    let max_p = rows.iter().map(|r| r.p).max().unwrap_or(1);
    let mut panel = Panel::new(String::new(), "P(valid board)", true);
    panel.y_max = Some(1.0);
    for (i, (space, mixer, init)) in keys.iter().enumerate() {
        let mut points: Vec<(f64, f64)> = rows
            .iter()
            .filter(|r| {
                (r.space.name(), r.mixer.name(), r.init.name()) == (space.as_str(), mixer.as_str(), init.as_str())
            })
            .map(|r| (r.p as f64, r.p_valid))
            .collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        panel.series.push(Series::new(
            format!("QAOA, {mixer} mixer on {space} ({init})"),
            super::Style::nth(i),
            points,
        ));
    }
    for (j, (space, m, d)) in spaces.iter().enumerate() {
        let style = super::Style::nth(keys.len() + j).with_dash(super::style::Dash::Dotted);
        let theta = (*m as f64 / d).sqrt().min(1.0).asin();
        let points = (0..=max_p)
            .map(|k| (k as f64, ((2 * k + 1) as f64 * theta).sin().powi(2)))
            .collect();
        panel
            .series
            .push(Series::new(format!("Grover search on {space}"), style, points));
        panel.baselines.push(Baseline {
            label: format!("uniform on {space} (M/D = {m}/{d:.0})"),
            y: *m as f64 / d,
            style: style.with_width(1.5).with_marker(super::style::Marker::None, 0.0),
        });
    }
    let mut figure = DepthFigure::new(format!("{name}: QAOA mixers and Grover search"), note);
    figure.x_label = "applications of the cost or oracle (QAOA depth p, Grover iterations k)".into();
    figure.panels.push(panel);
    figure
}

/// One side-by-side figure per instance of `rows` ([`side_by_side_figure`]), as
/// `dir/<short name>.{svg,png}`.
pub fn draw_side_by_side(rows: &[SweepRow], dir: &Path, note: &str, size: Option<FigureSize>) -> Result<Vec<PathBuf>> {
    let instances = instances_of(rows);
    let names = short_names(&instances);
    let mut files = Vec::new();
    for (file, name) in instances.iter().zip(&names) {
        let mine: Vec<SweepRow> = rows.iter().filter(|r| &r.file == file).cloned().collect();
        let figure = side_by_side_figure(&mine, name, note);
        let size = size.unwrap_or_else(|| figure.default_size());
        files.extend(depth_figure(&dir.join(name), &figure, size)?);
    }
    Ok(files)
}

/// The noise figure of a sweep: one panel per instance, P(valid) against depth on a log axis:
/// the noiseless curve, each noise model's curve with a band of ±1 standard error, and the
/// uniform baseline dashed. Only rows with noise columns count; of several inits, the first
/// the rows hold. `None` when no row has noise columns.
pub fn noise_figure(rows: &[SweepRow], note: &str) -> Option<DepthFigure> {
    let noisy: Vec<&SweepRow> = rows.iter().filter(|r| !r.noise.is_empty()).collect();
    let init = noisy.first()?.init;
    let noisy: Vec<&SweepRow> = noisy.into_iter().filter(|r| r.init == init).collect();
    let mut instances: Vec<String> = Vec::new();
    for r in &noisy {
        if !instances.contains(&r.file) {
            instances.push(r.file.clone());
        }
    }
    let names = short_names(&instances);
    let mut book = StyleBook::new();
    book.insert("noiseless", super::Style::nth(0));
    let mut figure = DepthFigure::new(
        format!("P(valid) under device noise ({init} angles, optimised noiselessly)"),
        note,
    );
    for (file, name) in instances.iter().zip(&names) {
        let mut mine: Vec<&SweepRow> = noisy.iter().copied().filter(|r| &r.file == file).collect();
        mine.sort_by_key(|r| r.p);
        let first = mine[0];
        let mut panel = Panel::new(
            format!(
                "{name} ({} qubits, {} trajectories)",
                first.qubits,
                first.noise_trajectories.unwrap_or(0)
            ),
            "P(valid board)",
            true,
        );
        panel.y_max = Some(1.0);
        panel.series.push(Series::new(
            "noiseless",
            book.style("noiseless"),
            mine.iter().map(|r| (r.p as f64, r.p_valid)).collect(),
        ));
        let models: Vec<&str> = first.noise.split_whitespace().collect();
        for (i, m) in models.iter().enumerate() {
            let at = |v: &[f64]| v.get(i).copied().unwrap_or(f64::NAN);
            let points: Vec<(f64, f64)> = mine.iter().map(|r| (r.p as f64, at(&r.noise_p_valid))).collect();
            let band = mine
                .iter()
                .map(|r| {
                    let (v, se) = (at(&r.noise_p_valid), at(&r.noise_p_valid_se));
                    (r.p as f64, v - se, v + se)
                })
                .collect();
            let label = format!("{m} (±1 s.e.)");
            panel
                .series
                .push(Series::new(label, book.style(m), points).with_band(band));
        }
        panel
            .baselines
            .push(Baseline::new("uniform sampling", first.uniform_baseline));
        figure.panels.push(panel);
    }
    Some(figure)
}

/// [`noise_figure`] as `dir/success_vs_depth_noise.{svg,png}` (nothing without noise rows).
pub fn draw_noise_figure(rows: &[SweepRow], dir: &Path, note: &str, size: Option<FigureSize>) -> Result<Vec<PathBuf>> {
    let Some(figure) = noise_figure(rows, note) else {
        return Ok(Vec::new());
    };
    let size = size.unwrap_or_else(|| figure.default_size());
    depth_figure(&dir.join("success_vs_depth_noise"), &figure, size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::Marker;

    #[test]
    fn short_names_drop_the_shared_prefix() {
        let files = vec![
            "a/takuzu-6x6-binarypuzzle-l3-001.txt".to_string(),
            "a/takuzu-6x6-binarypuzzle-l3-003.txt".to_string(),
            "b/takuzu-8x8-binarypuzzle-l3-001.txt".to_string(),
        ];
        assert_eq!(
            short_names(&files),
            vec![
                "6x6-binarypuzzle-l3-001",
                "6x6-binarypuzzle-l3-003",
                "8x8-binarypuzzle-l3-001"
            ]
        );
        assert_eq!(short_names(&files[..1]), vec!["takuzu-6x6-binarypuzzle-l3-001"]);
        // Dates that share their year and month keep them.
        let dated: Vec<String> = ["13", "15", "16"]
            .iter()
            .map(|d| format!("x/tango-6x6-linkedin-2026-07-{d}.txt"))
            .collect();
        assert_eq!(short_names(&dated), vec!["2026-07-13", "2026-07-15", "2026-07-16"]);
    }

    #[test]
    fn the_marker_of_a_family_survives_the_instance_colours() {
        let s = StyleBook::inits().style("interp");
        assert_eq!(s.marker, Marker::Triangle);
    }
}
