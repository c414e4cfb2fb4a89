//! Summaries of sweep rows: quartiles per init and depth, and the Markdown table.

use super::SweepRow;
use crate::experiment::stats::{self, probability_text};
use std::collections::BTreeMap;

/// One point of a summary curve: the quartiles of a column over the instances at one depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SummaryPoint {
    /// Depth.
    pub p: usize,
    /// First quartile.
    pub q1: f64,
    /// Median.
    pub median: f64,
    /// Third quartile.
    pub q3: f64,
    /// Number of instances.
    pub count: usize,
    /// Mean simulator calls (evaluations + gradients) per instance.
    pub mean_calls: f64,
}

/// Quartiles of `column(row)` over the instances, per depth, for the rows of one init.
pub fn summarize(rows: &[SweepRow], init: &str, column: impl Fn(&SweepRow) -> f64) -> Vec<SummaryPoint> {
    let mut by_p: BTreeMap<usize, Vec<&SweepRow>> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.family() == init) {
        by_p.entry(r.p).or_default().push(r);
    }
    by_p.into_iter()
        .filter_map(|(p, rs)| {
            let vals: Vec<f64> = rs.iter().map(|r| column(r)).collect();
            let (q1, median, q3) = stats::quartiles(&vals)?;
            let calls = rs.iter().map(|r| (r.evaluations + r.gradients) as f64).sum::<f64>() / rs.len() as f64;
            Some(SummaryPoint {
                p,
                q1,
                median,
                q3,
                count: rs.len(),
                mean_calls: calls,
            })
        })
        .collect()
}

/// The inits present in `rows`, in the order ramp, interp, random, others.
pub fn inits_of(rows: &[SweepRow]) -> Vec<String> {
    let mut v: Vec<String> = rows.iter().map(|r| r.family()).collect();
    v.sort_by_key(|i| (init_order(i), i.clone()));
    v.dedup();
    v
}

/// The instance files of `rows`, sorted.
pub fn instances_of(rows: &[SweepRow]) -> Vec<String> {
    let mut v: Vec<String> = rows.iter().map(|r| r.file.clone()).collect();
    v.sort();
    v.dedup();
    v
}

/// Inits in report order: ramp, interp, random, then any other.
fn init_order(init: &str) -> usize {
    match init {
        "ramp" => 0,
        "interp" => 1,
        "random" => 2,
        _ => 3,
    }
}

/// The median uniform baseline over `instances`, one per space the rows hold (`full` first,
/// then the others by name; a block space's baseline is each board's own, M / dimension), so
/// that every curve has the baseline of its own space.
pub fn uniform_baselines(rows: &[SweepRow], instances: &[String]) -> Vec<(String, f64)> {
    let mut spaces: Vec<&str> = rows.iter().map(|r| r.space.name()).collect();
    spaces.sort_by_key(|s| (*s != "full", *s));
    spaces.dedup();
    spaces
        .into_iter()
        .filter_map(|space| {
            let base: Vec<f64> = instances
                .iter()
                .filter_map(|f| {
                    rows.iter()
                        .find(|r| &r.file == f && r.space.name() == space)
                        .map(|r| r.uniform_baseline)
                })
                .collect();
            stats::quartiles(&base).map(|(_, m, _)| (space.to_string(), m))
        })
        .collect()
}

/// A Markdown summary of a sweep: median P(valid) and its interquartile range per init and
/// depth, the mean simulator calls, and the INTERP/ramp vs random comparison at `compare_p`
/// (when present).
pub fn summary_markdown(rows: &[SweepRow], compare_p: usize) -> String {
    let inits = inits_of(rows);
    let instances = instances_of(rows);
    let mut depths: Vec<usize> = rows.iter().map(|r| r.p).collect();
    depths.sort();
    depths.dedup();
    let mut s = format!(
        "{} instance(s), objective {}, curves: {}.\n\nMedian P(valid) over instances [first quartile, third quartile]; mean simulator calls (objective + gradient evaluations) per instance in parentheses.\n\n| p |",
        instances.len(),
        rows.first().map(|r| r.objective.name()).unwrap_or_default(),
        inits.join("; ")
    );
    for i in &inits {
        s.push_str(&format!(" {i} |"));
    }
    s.push_str("\n| --- |");
    for _ in &inits {
        s.push_str(" --- |");
    }
    s.push('\n');
    let sums: Vec<Vec<SummaryPoint>> = inits.iter().map(|i| summarize(rows, i, |r| r.p_valid)).collect();
    for &p in &depths {
        s.push_str(&format!("| {p} |"));
        for sm in &sums {
            match sm.iter().find(|x| x.p == p) {
                Some(x) => s.push_str(&format!(
                    " {} [{}, {}] ({:.0}) |",
                    probability_text(x.median, 4),
                    probability_text(x.q1, 4),
                    probability_text(x.q3, 4),
                    x.mean_calls
                )),
                None => s.push_str(" |"),
            }
        }
        s.push('\n');
    }
    for (space, m) in uniform_baselines(rows, &instances) {
        let what = if space == "full" {
            String::new()
        } else {
            format!(" of each board's space {space}")
        };
        s.push_str(&format!("\nUniform sampling{what}: median P(valid) {m:.3e}.\n"));
    }
    let at = |init: &str| {
        summarize(rows, init, |r| r.p_valid)
            .into_iter()
            .find(|x| x.p == compare_p)
    };
    if let Some(random) = at("random") {
        for other in ["interp", "ramp"] {
            if let Some(o) = at(other) {
                // Paired comparison: on how many instances does `other` beat random?
                let wins = instances
                    .iter()
                    .filter(|f| {
                        let get = |i: &str| {
                            rows.iter()
                                .find(|r| &r.file == *f && r.p == compare_p && r.family() == *i)
                                .map(|r| r.p_valid)
                        };
                        matches!((get(other), get("random")), (Some(a), Some(b)) if a > b)
                    })
                    .count();
                s.push_str(&format!(
                    "\nAt p = {compare_p}: {other} median P(valid) {} with {:.0} mean calls; random {} with {:.0} mean calls ({}); {other} is higher on {wins} of {} instances.\n",
                    probability_text(o.median, 4),
                    o.mean_calls,
                    probability_text(random.median, 4),
                    random.mean_calls,
                    if o.median > random.median { format!("{other} higher by {:.2}x", o.median / random.median.max(f64::MIN_POSITIVE)) } else { format!("{other} not higher") },
                    random.count
                ));
            }
        }
    }
    let secs: f64 = rows.iter().map(|r| r.seconds).sum();
    s.push_str(&format!("\nCompute time of these rows: {secs:.1} s.\n"));
    s
}

/// A number of applications, sweeps or seconds for a table: three significant digits,
/// `never` when infinite.
fn amount(x: f64) -> String {
    if !x.is_finite() {
        "never".to_string()
    } else if x >= 1e5 || (x > 0.0 && x < 1e-2) {
        format!("{x:.2e}")
    } else if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// The Markdown comparison of QAOA with the annealing baseline, per instance: for each line
/// family of `rows`, the depth with the fewest cost-layer applications to a valid board with
/// 99 % confidence (and its device times); for each annealing row, P(valid) per read and the
/// sweeps and seconds to 99 %.
pub fn baseline_markdown(rows: &[SweepRow], anneal: &[super::baseline::AnnealRow]) -> String {
    let mut s = String::from(
        "\n## QAOA against simulated annealing\n\nTime to a valid board with 99 % confidence. QAOA: at the depth (of those run) with the fewest cost-layer applications, shots_99 · p; with device timings, that depth's estimated device seconds. Annealing: reads_99 · sweeps, and reads_99 times the seconds of one read on one thread of this machine. A cost layer and a sweep are different amounts of work; compare seconds for time.\n\n| instance | method | space | P(valid) per shot or read | applications or sweeps to 99 % | seconds to 99 % |\n| --- | --- | --- | ---: | ---: | --- |\n",
    );
    let mut files: Vec<&str> = Vec::new();
    for f in rows
        .iter()
        .map(|r| r.file.as_str())
        .chain(anneal.iter().map(|a| a.file.as_str()))
    {
        if !files.contains(&f) {
            files.push(f);
        }
    }
    for file in files {
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.to_string(), |n| n.to_string_lossy().into_owned());
        let mut families: Vec<String> = Vec::new();
        for r in rows.iter().filter(|r| r.file == file) {
            if !families.contains(&r.family()) {
                families.push(r.family());
            }
        }
        for family in families {
            let best = rows.iter().filter(|r| r.file == file && r.family() == family).fold(
                None::<&SweepRow>,
                |b, r| match b {
                    Some(b) if b.applications_99 <= r.applications_99 => Some(b),
                    _ => Some(r),
                },
            );
            let Some(b) = best else { continue };
            let seconds = if b.devices.is_empty() {
                "(no device timing)".to_string()
            } else {
                b.devices
                    .split_whitespace()
                    .zip(&b.tts99_seconds)
                    .map(|(d, t)| format!("{} s on {d}", amount(*t)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            s.push_str(&format!(
                "| {name} | QAOA {family}, p = {} | {} | {} | {} | {seconds} |\n",
                b.p,
                b.space,
                probability_text(b.p_valid, 4),
                amount(b.applications_99)
            ));
        }
        for a in anneal.iter().filter(|a| a.file == file) {
            s.push_str(&format!(
                "| {name} | annealing, {} x {} sweeps | {} | {} [{}, {}] | {} | {} s on this CPU |\n",
                a.reads,
                a.sweeps,
                a.space,
                probability_text(a.p_valid, 4),
                probability_text(a.interval_low, 3),
                probability_text(a.interval_high, 3),
                amount(a.tts99_sweeps),
                amount(a.tts99_seconds)
            ));
        }
    }
    s
}
