//! The classical baseline of a sweep: simulated annealing ([`crate::experiment::anneal`]) on
//! every instance's reduced QUBO, on the full space and on the sweep's block space, one row
//! per (instance, space) in `anneal.csv` beside `sweep.csv`. Same seed, same rows on any
//! thread count; the timing columns are last, and only they change between runs.

use crate::encoding::space::SpaceChoice;
use crate::encoding::{self, EncodingKind};
use crate::error::{Error, Result};
use crate::experiment::anneal::{anneal, AnnealSettings, BetaSchedule};
use crate::model::Level;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Where the baseline rows of the sweep CSV `csv` live.
pub fn anneal_csv_path(csv: &Path) -> PathBuf {
    csv.with_file_name("anneal.csv")
}

/// One annealing run of a sweep's baseline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnnealRow {
    /// The puzzle file, as the sweep's rows name it.
    pub file: String,
    /// Puzzle kind.
    pub puzzle: String,
    /// Reduction level.
    pub reduce: Level,
    /// Variables.
    pub qubits: usize,
    /// The space annealed in (resolved: never `auto`).
    pub space: SpaceChoice,
    /// States in it.
    pub dimension: f64,
    /// Reads.
    pub reads: usize,
    /// Sweeps per read.
    pub sweeps: usize,
    /// β at the first sweep.
    pub beta_hot: f64,
    /// β at the last sweep.
    pub beta_cold: f64,
    /// The schedule between them.
    pub schedule: BetaSchedule,
    /// The seed.
    pub seed: u64,
    /// Reads that ended on a valid board.
    pub valid_reads: u64,
    /// P(valid) per read.
    pub p_valid: f64,
    /// Its exact 95 % interval, low end.
    pub interval_low: f64,
    /// Its exact 95 % interval, high end.
    pub interval_high: f64,
    /// Mean final energy.
    pub mean_energy: f64,
    /// Lowest final energy.
    pub min_energy: f64,
    /// Reads to a valid board with 99 % confidence (infinite: no valid read).
    pub reads_99: f64,
    /// `reads_99 · sweeps`.
    pub tts99_sweeps: f64,
    /// CPU seconds per read on its thread (from here on the columns are timings, which a
    /// rerun changes).
    pub seconds_per_read: f64,
    /// `reads_99 · seconds_per_read`.
    pub tts99_seconds: f64,
    /// Wall seconds of the whole run.
    pub seconds: f64,
    /// Wall seconds per read (above the CPU time on a loaded machine).
    pub wall_seconds_per_read: f64,
}

/// The header of `anneal.csv`.
pub const ANNEAL_CSV_HEADER: &str = "file,puzzle,reduce,qubits,space,dimension,reads,sweeps,beta_hot,beta_cold,schedule,seed,valid_reads,p_valid,interval_low,interval_high,mean_energy,min_energy,reads_99,tts99_sweeps,seconds_per_read,tts99_seconds,seconds,wall_seconds_per_read";

/// The annealing runs of a sweep's baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    /// Reads per run.
    pub reads: usize,
    /// Sweeps per read.
    pub sweeps: usize,
    /// The seed.
    pub seed: u64,
}

impl Baseline {
    /// The setting stored with the sweep's settings, so that shards and resumed runs agree.
    pub fn setting(&self) -> String {
        format!(
            "anneal: {} reads x {} sweeps, geometric schedule, default beta range, seed {}",
            self.reads, self.sweeps, self.seed
        )
    }

    /// Anneal every file of `labelled` ((path, label) in run order) at `level` on the full
    /// space and, when `space` is a block family, on it too; rows already in `done` (same file
    /// and space) are kept instead of rerun. A block space that annealing cannot keep (blocks
    /// that are not plain counts) or a file with no variables gives a note, not a row. Each
    /// cost carries `penalties`, as the sweep's rows do.
    pub fn run(
        &self,
        labelled: &[(PathBuf, String)],
        level: Level,
        penalties: &crate::checked::Penalties,
        space: SpaceChoice,
        done: &[AnnealRow],
        on_note: &mut dyn FnMut(String),
    ) -> Result<Vec<AnnealRow>> {
        let mut rows = Vec::new();
        let mut spaces = vec![SpaceChoice::Full];
        if space != SpaceChoice::Full {
            spaces.push(space);
        }
        for (path, label) in labelled {
            let never = crate::budget::Cancel::never();
            let enc = encoding::load_with(path, EncodingKind::Onehot, level, penalties, &never)?;
            if enc.num_qubits() == 0 {
                on_note(format!("{label}: no variables at {}; nothing to anneal", level.name()));
                continue;
            }
            for &s in &spaces {
                let settings = AnnealSettings {
                    reads: self.reads,
                    sweeps: self.sweeps,
                    beta_range: None,
                    schedule: BetaSchedule::Geometric,
                    seed: self.seed,
                    space: s,
                    cancel: Default::default(),
                };
                let wanted = |r: &&AnnealRow| {
                    &r.file == label && (r.space == s || s == SpaceChoice::Auto && r.space != SpaceChoice::Full)
                };
                if let Some(row) = done.iter().find(wanted) {
                    rows.push(row.clone());
                    continue;
                }
                let r = match anneal(enc.as_ref(), &settings) {
                    Ok(r) => r,
                    Err(e @ (Error::Unsupported(_) | Error::NotApplicable { .. } | Error::TooMuchWork { .. }))
                        if s != SpaceChoice::Full =>
                    {
                        on_note(format!("{label}: no annealing on space {s}: {e}"));
                        continue;
                    }
                    Err(e) => return Err(e),
                };
                if s != SpaceChoice::Full && r.space == SpaceChoice::Full {
                    // `auto` chose the full space: its row is already there.
                    continue;
                }
                let inf = f64::INFINITY;
                rows.push(AnnealRow {
                    file: label.clone(),
                    puzzle: r.puzzle,
                    reduce: r.reduce,
                    qubits: r.qubits,
                    space: r.space,
                    dimension: r.dimension,
                    reads: r.reads,
                    sweeps: r.sweeps,
                    beta_hot: r.beta_range[0],
                    beta_cold: r.beta_range[1],
                    schedule: r.schedule,
                    seed: r.seed,
                    valid_reads: r.valid_reads,
                    p_valid: r.p_valid,
                    interval_low: r.interval[0],
                    interval_high: r.interval[1],
                    mean_energy: r.mean_energy,
                    min_energy: r.min_energy,
                    reads_99: r.reads_99.unwrap_or(inf),
                    tts99_sweeps: r.tts99_sweeps.unwrap_or(inf),
                    seconds_per_read: r.seconds_per_read,
                    tts99_seconds: r.tts99_seconds.unwrap_or(inf),
                    seconds: r.seconds,
                    wall_seconds_per_read: r.wall_seconds_per_read,
                });
            }
        }
        Ok(rows)
    }
}

/// The rows as `anneal.csv`'s text.
pub fn anneal_csv_text(rows: &[AnnealRow]) -> Result<String> {
    let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
    for r in rows {
        w.serialize(r).map_err(|e| Error::csv("anneal.csv", e))?;
    }
    let bytes = w.into_inner().map_err(|e| Error::csv("anneal.csv", e))?;
    Ok(format!("{ANNEAL_CSV_HEADER}\n") + &String::from_utf8(bytes).expect("CSV of UTF-8 fields"))
}

/// Read `anneal.csv` (a missing file: no rows).
pub fn read_anneal_csv(path: &Path) -> Result<Vec<AnnealRow>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(Error::Read {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let name = path.display().to_string();
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(text.as_bytes());
    match reader.headers() {
        Ok(h) if h.iter().eq(ANNEAL_CSV_HEADER.split(',')) => {}
        _ => {
            return Err(Error::parse(
                &name,
                1,
                "not the anneal.csv of a sweep of this quzzle version (other columns)",
            ))
        }
    }
    reader
        .deserialize()
        .map(|r: std::result::Result<AnnealRow, csv::Error>| {
            r.map_err(|e| {
                let line = e.position().map_or(0, |p| p.line() as usize);
                Error::parse(&name, line, format!("bad anneal row: {e}"))
            })
        })
        .collect()
}
