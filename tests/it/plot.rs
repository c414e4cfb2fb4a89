//! The plotting layer: every figure writes an SVG and a PNG of the requested size with the
//! expected text; sweep rows are drawn per puzzle kind, instance lines are labelled, the
//! note only names inits the rows hold, and probability axes stop at 1.

use crate::common::Scratch;
use ndarray::Array2;
use quzzle::experiment::sweep::{read_csv, SweepRow};
use quzzle::plot::sweep::{
    depth_figures, describe_rows, draw_depth_figures, draw_depth_figures_with, filter_note, kinds_of, short_names,
    DepthFigureOptions, Lines,
};
use quzzle::plot::{
    self, Bar, BarKind, Baseline, BoardPlot, Curve, Dash, DepthFigure, DepthPlot, FigureSize, LandscapePlot, LegendAt,
    LegendPlace, Marker, Panel, Series, Style, StyleBook, PALETTE,
};
use std::path::{Path, PathBuf};

const NOTE: &str = "reduce paper, lbfgs, restarts 1, seed 0; random: fresh starts until INTERP's simulator calls";

/// The committed rows of `results/sweeps/<name>/sweep.csv`.
fn sweep_rows(name: &str) -> Vec<SweepRow> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("results/sweeps")
        .join(name)
        .join("sweep.csv");
    let rows = read_csv(&path).unwrap();
    assert!(!rows.is_empty(), "{} has rows", path.display());
    rows
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", path.display());
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

/// The text of an SVG, after checking its declared size.
fn svg_text(path: &Path, size: FigureSize) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("<svg"), "{}", path.display());
    assert!(
        text.contains(&format!("width=\"{}\"", size.width)) && text.contains(&format!("height=\"{}\"", size.height)),
        "{} is not {}x{}",
        path.display(),
        size.width,
        size.height
    );
    text
}

/// Check the pair of files of one figure; returns the SVG's text.
fn check_files(files: &[PathBuf], stem: &Path, size: FigureSize) -> String {
    let svg = PathBuf::from(format!("{}.svg", stem.display()));
    let png = PathBuf::from(format!("{}.png", stem.display()));
    assert!(files.contains(&svg) && files.contains(&png), "{files:?}");
    assert_eq!(png_size(&png), size.png_pixels(), "{}", png.display());
    svg_text(&svg, size)
}

/// SVG text content escapes XML; compare with the escaped form.
fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&apos;")
        .replace('"', "&quot;")
}

fn assert_has(svg: &str, text: &str) {
    assert!(svg.contains(text) || svg.contains(&xml(text)), "the SVG lacks {text:?}");
}

#[test]
fn figure_size_scales_the_png_and_rejects_nonsense() {
    let s = FigureSize::new(640, 400).with_scale(1.5);
    assert_eq!(s.png_pixels(), (960, 600));
    assert!(s.validate().is_ok());
    let d = FigureSize::default();
    assert!(
        d.png_pixels().0 > 900 && d.png_pixels().1 > 600,
        "the default is larger than before"
    );
    assert!(FigureSize::new(50, 50).validate().is_err());
    assert!(FigureSize::new(800, 600).with_scale(0.0).validate().is_err());
    assert!(FigureSize::new(800, 600).with_scale(f64::NAN).validate().is_err());
    assert!(FigureSize::new(60_000, 60_000).validate().is_err());
    let dir = Scratch::new("plot-size");
    let fig = styled_figure();
    assert!(plot::depth_figure(&dir.join("bad"), &fig, FigureSize::new(10, 10)).is_err());
    assert!(matches!(
        plot::depth_figure(&dir.join("empty"), &DepthFigure::new("t", ""), FigureSize::default()),
        Err(quzzle::Error::Request(quzzle::error::RequestProblem::NoPanels))
    ));
}

fn styled_figure() -> DepthFigure {
    let pts = |f: f64| (1..=5).map(|p| (p as f64, f * 0.1 * p as f64)).collect::<Vec<_>>();
    let mut book = StyleBook::inits();
    let mut panel = Panel::new("panel one", "P(valid board)", true);
    panel.y_max = Some(1.0);
    panel.series = vec![
        Series::new("ramp", book.style("ramp"), pts(1.0)),
        // Lies exactly on ramp; its dash and marker keep it visible.
        Series::new("interp", book.style("interp"), pts(1.0)),
        Series::new("mixer xy-ring", book.style("mixer xy-ring"), pts(0.5)).with_end_label("xy end"),
        Series::new(
            "noisy",
            book.style("ramp").with_dash(Dash::Dotted).with_opacity(0.8),
            pts(0.3),
        )
        .with_band(pts(0.3).iter().map(|&(x, y)| (x, y * 0.5, y * 1.5)).collect()),
    ];
    panel.baselines = vec![Baseline::new("uniform sampling", 1e-3)];
    let mut second = panel.clone();
    second.title = "panel two".into();
    second.log_y = false;
    let mut fig = DepthFigure::new("styled families", "a note under the title");
    fig.panels = vec![panel, second];
    fig
}

#[test]
fn depth_figure_writes_both_formats_at_the_requested_size() {
    let dir = Scratch::new("plot-depth");
    let fig = styled_figure();
    for size in [
        FigureSize::new(900, 500).with_scale(1.0),
        FigureSize::new(1200, 700).with_scale(2.5),
    ] {
        let stem = dir.join(format!("fig-{}", size.width));
        let files = plot::depth_figure(&stem, &fig, size).unwrap();
        let svg = check_files(&files, &stem, size);
        for text in [
            "styled families",
            "a note under the title",
            "panel one",
            "panel two",
            "depth p",
            "P(valid board)",
            "ramp",
            "interp",
            "mixer xy-ring",
            "noisy",
            "uniform sampling",
            "xy end",
        ] {
            assert_has(&svg, text);
        }
        // The log panel's axis stops at 10⁰ = 1.
        assert_has(&svg, "10⁰");
        assert!(!svg.contains("10¹"));
    }
    // The default size grows with the panels and holds the legend column.
    let one = DepthFigure {
        panels: fig.panels[..1].to_vec(),
        ..fig.clone()
    };
    assert!(fig.default_size().width > one.default_size().width);
    let stem = dir.join("default");
    let files = plot::depth_figure(&stem, &fig, fig.default_size()).unwrap();
    check_files(&files, &stem, fig.default_size());
}

#[test]
fn coinciding_families_differ_in_dash_and_marker() {
    let book = StyleBook::inits();
    let (ramp, interp, random) = (
        book.get("ramp").unwrap(),
        book.get("interp").unwrap(),
        book.get("random").unwrap(),
    );
    for (a, b) in [(ramp, interp), (ramp, random), (interp, random)] {
        assert_ne!(a.colour, b.colour);
        assert_ne!(a.dash, b.dash);
        assert_ne!(a.marker, b.marker);
    }
    // Ramp is drawn first and wider, with a ring that interp's filled triangle sits inside.
    assert!(ramp.width > interp.width && ramp.hollow && !interp.hollow);
    assert_eq!(ramp.colour, PALETTE[0]);
    // New families (mixers, Grover, noise) get styles unlike any in the book.
    let mut book = book;
    let keys = ["x", "xy-ring", "grover", "noisy"];
    let styles: Vec<Style> = keys.iter().map(|k| book.style(k)).collect();
    for (i, s) in styles.iter().enumerate() {
        assert_ne!(s.marker, Marker::None);
        for t in &styles[i + 1..] {
            assert_ne!(s, t);
        }
        for init in ["ramp", "interp", "random"] {
            assert_ne!(*s, book.style(init));
        }
    }
}

#[test]
fn the_older_depth_plot_still_draws() {
    let dir = Scratch::new("plot-legacy");
    let curve = |label: &str, colour, width| Curve {
        label: label.into(),
        colour,
        points: (1..=4).map(|p| (p as f64, 1e-3 * p as f64)).collect(),
        band: Vec::new(),
        thin: false,
        width,
    };
    let plot = DepthPlot {
        title: "older form".into(),
        y_label: "P(valid)".into(),
        log_y: true,
        curves: vec![curve("ramp", 0, 7), curve("interp", 1, 3)],
        baselines: vec![("uniform".into(), 1e-5)],
        legend: LegendAt::LowerRight,
        note: "note".into(),
    };
    let stem = dir.join("old");
    let files = plot::depth_plot(&stem, &plot).unwrap();
    let size = DepthFigure::from(&plot).default_size();
    let svg = check_files(&files, &stem, size);
    for text in ["older form", "P(valid)", "ramp", "interp", "uniform", "note"] {
        assert_has(&svg, text);
    }
    let size = FigureSize::new(700, 450).with_scale(3.0);
    let stem = dir.join("sized");
    check_files(&plot::depth_plot_sized(&stem, &plot, size).unwrap(), &stem, size);
}

fn landscape() -> LandscapePlot {
    let gammas: Vec<f64> = (0..9).map(|i| 0.05 * i as f64).collect();
    let betas: Vec<f64> = (0..7).map(|i| -1.5 + 0.5 * i as f64).collect();
    let energy = Array2::from_shape_fn((7, 9), |(r, c)| 10.0 + (r as f64 - 3.0).powi(2) + c as f64);
    let success = Array2::from_shape_fn((7, 9), |(r, c)| 1e-4 * (1.0 + r as f64 * c as f64));
    LandscapePlot {
        title: "landscape title".into(),
        energy_optimum: (gammas[0], betas[3]),
        success_optimum: (gammas[8], betas[6]),
        gammas,
        betas,
        energy,
        success,
    }
}

#[test]
fn landscape_writes_both_formats_with_whole_colour_bars() {
    let dir = Scratch::new("plot-landscape");
    let land = landscape();
    let stem = dir.join("default");
    let svg = check_files(
        &plot::landscape_plot(&stem, &land).unwrap(),
        &stem,
        LandscapePlot::DEFAULT_SIZE,
    );
    for text in [
        "landscape title",
        "expected energy ⟨C⟩",
        "success probability P(valid)",
        "least ⟨C⟩ on the grid",
        "largest P(valid) on the grid",
        "P(valid)",
        "γ",
        "β",
    ] {
        assert_has(&svg, text);
    }
    // The colour bars' ticks: the energy runs 10..27, so 10 and 25 are labelled.
    assert_has(&svg, "10.0");
    assert_has(&svg, "25.0");
    let size = FigureSize::new(1000, 450).with_scale(1.0);
    let stem = dir.join("sized");
    check_files(&plot::landscape_plot_sized(&stem, &land, size).unwrap(), &stem, size);
    let bad = LandscapePlot {
        betas: vec![0.0],
        ..land
    };
    assert!(plot::landscape_plot(&dir.join("bad"), &bad).is_err());
}

#[test]
fn distribution_writes_both_formats() {
    let dir = Scratch::new("plot-distribution");
    let bars: Vec<Bar> = [
        ("0101", 0.3, BarKind::Valid),
        ("1100", 0.1, BarKind::Invalid),
        ("1111", 0.05, BarKind::NonQuboOnly),
    ]
    .iter()
    .map(|&(l, p, k)| Bar {
        label: l.into(),
        probability: p,
        kind: k,
    })
    .collect();
    let stem = dir.join("default");
    let svg = check_files(
        &plot::distribution_plot(&stem, "top bitstrings", &bars).unwrap(),
        &stem,
        plot::distribution::distribution_size(bars.len()),
    );
    for text in [
        "top bitstrings",
        "0101",
        "1100",
        "1111",
        "valid board",
        "breaks a QUBO rule",
        "breaks only non-QUBO rules",
        "probability",
    ] {
        assert_has(&svg, text);
    }
    let size = FigureSize::new(600, 300).with_scale(2.0);
    let stem = dir.join("sized");
    check_files(
        &plot::distribution_plot_sized(&stem, "t", &bars, size).unwrap(),
        &stem,
        size,
    );
}

#[test]
fn board_writes_both_formats() {
    let dir = Scratch::new("plot-board");
    let board = BoardPlot {
        title: "board title".into(),
        rows: 2,
        cols: 3,
        marginals: vec![Some(0.9), Some(0.1), None, Some(0.5), Some(1.0), Some(0.0)],
        fixed: vec![false, false, false, false, true, true],
        solution: Some(vec!["10T".into(), "010".into()]),
        solution_values: Vec::new(),
        one_means: "sun".into(),
    };
    let stem = dir.join("default");
    let svg = check_files(&plot::board_plot(&stem, &board).unwrap(), &stem, board.default_size());
    for text in [
        "board title",
        "P(cell = 1 = sun) under the circuit",
        "the solution",
        "0.90",
        "thick frame: fixed by the reduction (certain)",
    ] {
        assert_has(&svg, text);
    }
    let size = FigureSize::new(900, 500).with_scale(1.25);
    let stem = dir.join("sized");
    check_files(&plot::board_plot_sized(&stem, &board, size).unwrap(), &stem, size);
    let bad = BoardPlot {
        marginals: vec![None; 5],
        ..board
    };
    assert!(plot::board_plot(&dir.join("bad"), &bad).is_err());
}

#[test]
fn a_batch_of_two_kinds_is_drawn_one_panel_per_kind() {
    // The headline sweep holds Tango and Takuzu instances.
    let rows = sweep_rows("headline");
    let kinds = kinds_of(&rows);
    assert_eq!(kinds, vec!["takuzu", "tango"]);
    let figs = depth_figures(&rows, Lines::Median, NOTE, &StyleBook::inits());
    assert_eq!(figs.len(), 2);
    for (_, fig) in &figs {
        assert_eq!(fig.panels.len(), 2);
        assert_eq!(fig.legend, LegendPlace::Right);
        for (panel, kind) in fig.panels.iter().zip(&kinds) {
            assert!(panel.title.starts_with(&format!("{kind}: ")), "{}", panel.title);
            // One median curve per init, each over this kind's instances only.
            let labels: Vec<&str> = panel.series.iter().map(|s| s.label.as_str()).collect();
            assert_eq!(labels, vec!["ramp", "interp", "random"]);
            assert_eq!(panel.y_max, Some(1.0));
        }
    }
    let takuzu = rows
        .iter()
        .filter(|r| r.puzzle == "takuzu" && r.init.name() == "ramp" && r.p == 1);
    let mut vals: Vec<f64> = takuzu.map(|r| r.p_valid).collect();
    vals.sort_by(f64::total_cmp);
    let median = quzzle::experiment::stats::quartiles(&vals).unwrap().1;
    assert_eq!(figs[0].1.panels[0].series[0].points[0], (1.0, median));

    let dir = Scratch::new("plot-kinds");
    let files = draw_depth_figures(&rows, &dir, Lines::Median, NOTE).unwrap();
    assert_eq!(files.len(), 4);
    for (stem, fig) in &figs {
        let svg = check_files(&files, &dir.join(stem), fig.default_size());
        for panel in &fig.panels {
            assert_has(&svg, &panel.title);
        }
        assert_has(&svg, "random: fresh starts until INTERP's simulator calls");
    }
    // Four kinds make a 2×2 grid.
    let mut all = rows;
    for name in ["queens-community", "tents-sgt"] {
        all.extend(sweep_rows(name));
    }
    let figs = depth_figures(&all, Lines::Auto, "", &StyleBook::inits());
    assert_eq!(figs[0].1.panels.len(), 4);
    assert_eq!(figs[0].1.grid(), (2, 2));
    // No note given: the rows describe themselves, the reduction per kind included.
    let note = &figs[0].1.note;
    assert!(
        note.contains("propagate (queens)") && note.contains("paper (takuzu, tango, tents)"),
        "{note}"
    );
    // Random's starts per depth (budget-matched to INTERP's calls) as the rows hold them.
    let starts: Vec<usize> = all
        .iter()
        .filter(|r| r.init.name() == "random")
        .map(|r| r.restarts)
        .collect();
    let (lo, hi) = (starts.iter().min().unwrap(), starts.iter().max().unwrap());
    assert!(hi > lo, "the committed sweeps have random depths of several starts");
    assert!(note.contains(&format!("random {lo}–{hi}")), "{note}");
}

#[test]
fn instance_lines_are_labelled_and_probabilities_stop_at_one() {
    let rows = sweep_rows("queens-community");
    let instances = quzzle::experiment::sweep::summary::instances_of(&rows);
    let names = short_names(&instances);
    assert_eq!(names.len(), 6);
    let dir = Scratch::new("plot-instances");
    let size = FigureSize::new(1100, 600).with_scale(1.0);
    let files = draw_depth_figures_with(
        &rows,
        &dir,
        &DepthFigureOptions {
            lines: Lines::Instance,
            note: NOTE.into(),
            size: Some(size),
            ..DepthFigureOptions::default()
        },
    )
    .unwrap();
    for (stem, fig) in depth_figures(&rows, Lines::Instance, NOTE, &StyleBook::inits()) {
        let panel = &fig.panels[0];
        // Each instance once at the end of a line, in its own colour.
        let mut ends: Vec<&str> = panel
            .series
            .iter()
            .filter(|s| !s.end_label.is_empty())
            .map(|s| s.end_label.as_str())
            .collect();
        ends.sort();
        let mut want: Vec<&str> = names.iter().map(String::as_str).collect();
        want.sort();
        assert_eq!(ends, want);
        let svg = check_files(&files, &dir.join(stem), size);
        for name in &names {
            assert_has(&svg, name);
        }
        // The legend keys the inits' dashes and markers.
        for init in ["ramp", "interp", "random"] {
            assert!(panel.series.iter().any(|s| s.label == init && s.points.is_empty()));
            assert_has(&svg, init);
        }
        // The axis of a probability or a ratio never passes 1.
        assert!(!svg.contains("10¹"), "{stem}");
        assert!(!svg.contains(">1.1<") && !svg.contains(">1.2<"), "{stem}");
    }
}

#[test]
fn the_note_names_only_inits_the_rows_hold() {
    let rows = sweep_rows("demo-tango");
    assert_eq!(filter_note(NOTE, &rows), NOTE);
    let no_random: Vec<SweepRow> = rows.iter().filter(|r| r.init.name() != "random").cloned().collect();
    assert_eq!(filter_note(NOTE, &no_random), "reduce paper, lbfgs, restarts 1, seed 0");
    let only_random: Vec<SweepRow> = rows.iter().filter(|r| r.init.name() == "random").cloned().collect();
    // INTERP's budget means nothing without INTERP rows either.
    assert_eq!(
        filter_note(NOTE, &only_random),
        "reduce paper, lbfgs, restarts 1, seed 0"
    );
    assert_eq!(
        describe_rows(&no_random),
        "reduce paper, lbfgs, seed 0; starts per depth: ramp 1, interp 1"
    );
    let dir = Scratch::new("plot-note");
    let files = draw_depth_figures(&no_random, &dir, Lines::Auto, NOTE).unwrap();
    for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "svg")) {
        let svg = std::fs::read_to_string(f).unwrap();
        assert!(!svg.contains("fresh starts"), "{}", f.display());
        assert!(!svg.contains(">random<"), "{}", f.display());
        assert_has(&svg, "reduce paper, lbfgs, restarts 1, seed 0");
    }
}

/// The side-by-side figure of one instance from a committed CSV holding four mixers on two
/// spaces: a line per family, Grover search on each space by its closed form, the baselines
/// M/D; one PNG per instance.
#[test]
fn side_by_side_figures_of_mixers_and_grover_search() {
    use quzzle::plot::sweep::{draw_side_by_side, side_by_side_figure};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("results/subspace/queens-given/sweep.csv");
    let rows = read_csv(&path).unwrap();
    let file = rows[0].file.clone();
    let mine: Vec<SweepRow> = rows.iter().filter(|r| r.file == file).cloned().collect();
    let figure = side_by_side_figure(&mine, "one", "note");
    let panel = &figure.panels[0];
    let labels: Vec<&str> = panel.series.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "QAOA, x mixer on full (interp)",
            "QAOA, grover mixer on rows (interp)",
            "QAOA, xy-complete mixer on rows (interp)",
            "QAOA, xy-ring mixer on rows (interp)",
            "Grover search on full",
            "Grover search on rows",
        ]
    );
    for (series, space) in panel.series[4..].iter().zip(["full", "rows"]) {
        let r = mine.iter().find(|r| r.space.name() == space).unwrap();
        let theta = (r.valid_states as f64 / r.dimension).sqrt().asin();
        assert_eq!(series.points.len(), 6, "k = 0..5");
        for &(k, p) in &series.points {
            assert!((p - ((2.0 * k + 1.0) * theta).sin().powi(2)).abs() < 1e-15);
        }
        assert!(panel
            .baselines
            .iter()
            .any(|b| (b.y - r.uniform_baseline).abs() < 1e-15 && b.label.contains(space)));
    }
    let dir = std::env::temp_dir().join(format!("quzzle-side-by-side-{}", std::process::id()));
    let files = draw_side_by_side(&rows, &dir, "note", None).unwrap();
    let pngs = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
        .count();
    assert_eq!(pngs, 4, "one per instance");
    assert!(
        png_size(
            files
                .iter()
                .find(|f| f.extension().is_some_and(|e| e == "png"))
                .unwrap()
        )
        .0 > 1000
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
