//! Angles transferred between instances of a family: the optimised angles of other puzzles'
//! reports (`solve --json`) and sweep tables (`sweep.csv`), for the same puzzle kind, space and
//! mixer, reduced to their median at each depth ([`AngleTable::median_of`]).
//!
//! The puzzle being solved never lends its own angles: reports with its SHA-256 and sweep rows
//! naming a file of the same name are left out, so a sweep table of a whole family gives
//! leave-one-out transfer for each of its boards.

use crate::angles::Angles;
use crate::error::{Error, RequestProblem, Result};
use crate::qaoa::schedule::AngleTable;
use crate::simulation::Provenance;
use std::collections::BTreeMap;
use std::path::Path;

/// A file's name (for messages) and its text.
#[derive(Clone, Debug)]
pub struct AngleFile {
    /// The path as given.
    pub source: String,
    /// Its contents.
    pub text: String,
}

impl AngleFile {
    /// Read `path` (an error names it).
    pub fn read(path: &Path) -> Result<AngleFile> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(AngleFile {
            source: path.display().to_string(),
            text,
        })
    }
}

/// What the inits that optimise write: rows of `lr`, `transfer` and `fixed` are not
/// optimised angles of their own instance, so they are not transferred.
const OPTIMISED_INITS: [&str; 3] = ["ramp", "interp", "random"];

/// The median table of the angles in `files` for `target`'s puzzle kind, space and mixer,
/// without `target`'s own. An error names the file and line of anything unreadable, and says
/// what the files hold when none of it fits.
pub fn transfer_table(files: &[AngleFile], target: &Provenance) -> Result<AngleTable> {
    if files.is_empty() {
        return Err(Error::Request(RequestProblem::NoTransferFiles));
    }
    let want = (target.puzzle.as_str(), target.space.name(), target.mixer.name());
    let own_name = Path::new(&target.file).file_name().map(|n| n.to_os_string());
    // (instance, depth) -> (objective value, angles): one sample per instance and depth.
    let mut samples: BTreeMap<(String, usize), (f64, Angles)> = BTreeMap::new();
    let mut seen: Vec<String> = Vec::new();
    for f in files {
        let found = if f.text.trim_start().starts_with('{') {
            report_angles(f, target)?
        } else {
            csv_angles(f, own_name.as_deref())?
        };
        for s in found {
            let key = format!("{} on {} with {}", s.puzzle, s.space, s.mixer);
            if !seen.contains(&key) {
                seen.push(key);
            }
            if (s.puzzle.as_str(), s.space.as_str(), s.mixer.as_str()) != want {
                continue;
            }
            let slot = samples
                .entry((s.instance, s.angles.p()))
                .or_insert((s.value, s.angles.clone()));
            if s.value < slot.0 {
                *slot = (s.value, s.angles);
            }
        }
    }
    if samples.is_empty() {
        return Err(Error::NoTransferAngles {
            puzzle: target.puzzle.clone(),
            space: target.space,
            mixer: target.mixer,
            sources: files.iter().map(|f| f.source.clone()).collect(),
            held: seen,
        });
    }
    let all: Vec<Angles> = samples.into_values().map(|(_, a)| a).collect();
    AngleTable::median_of(&all)
}

/// One instance's optimised angles at one depth.
struct Sample {
    instance: String,
    puzzle: String,
    space: String,
    mixer: String,
    value: f64,
    angles: Angles,
}

fn report_angles(f: &AngleFile, target: &Provenance) -> Result<Vec<Sample>> {
    let doc: serde_json::Value =
        serde_json::from_str(&f.text).map_err(|e| Error::parse(&f.source, e.line(), format!("not valid JSON: {e}")))?;
    let text = |k: &str| {
        doc.get(k)
            .and_then(|v| v.as_str())
            .map(str::to_string)
            .ok_or_else(|| Error::malformed(&f.source, format!("not a solve report: no `{k}`")))
    };
    let sha = text("puzzle_sha256")?;
    if sha == target.puzzle_sha256 {
        return Ok(Vec::new());
    }
    let init = text("init")?;
    if !OPTIMISED_INITS.contains(&init.as_str()) {
        return Ok(Vec::new());
    }
    let (puzzle, space, mixer) = (text("puzzle")?, text("space")?, text("mixer")?);
    let depths = doc
        .get("depths")
        .and_then(|d| d.as_array())
        .ok_or_else(|| Error::malformed(&f.source, "not a solve report: no `depths`"))?;
    let mut out = Vec::new();
    for d in depths {
        let list = |k: &str| -> Result<Vec<f64>> {
            d.get(k)
                .and_then(|v| v.as_array())
                .and_then(|a| a.iter().map(|x| x.as_f64()).collect::<Option<Vec<f64>>>())
                .ok_or_else(|| Error::malformed(&f.source, format!("a depth without a list of numbers `{k}`")))
        };
        let value = d
            .get("objective_value")
            .and_then(|v| v.as_f64())
            .unwrap_or(f64::INFINITY);
        let angles =
            Angles::new(list("gammas")?, list("betas")?).map_err(|e| Error::malformed(&f.source, e.to_string()))?;
        out.push(Sample {
            instance: sha.clone(),
            puzzle: puzzle.clone(),
            space: space.clone(),
            mixer: mixer.clone(),
            value,
            angles,
        });
    }
    Ok(out)
}

fn csv_angles(f: &AngleFile, own_name: Option<&std::ffi::OsStr>) -> Result<Vec<Sample>> {
    let mut reader = csv::ReaderBuilder::new().from_reader(f.text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| Error::parse(&f.source, 1, format!("not a CSV table: {e}")))?
        .clone();
    let column = |name: &str| {
        headers.iter().position(|h| h == name).ok_or_else(|| {
            Error::parse(
                &f.source,
                1,
                format!("neither a solve report nor a sweep table: no column `{name}`"),
            )
        })
    };
    let [file, puzzle, space, mixer, init, gammas, betas, value] = [
        "file",
        "puzzle",
        "space",
        "mixer",
        "init",
        "gammas",
        "betas",
        "objective_value",
    ]
    .map(column);
    let (file, puzzle, space, mixer, init, gammas, betas, value) =
        (file?, puzzle?, space?, mixer?, init?, gammas?, betas?, value?);
    let mut out = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = record.map_err(|e| Error::parse(&f.source, line, e.to_string()))?;
        let get = |c: usize| record.get(c).unwrap_or("");
        if !OPTIMISED_INITS.contains(&get(init)) || get(gammas).is_empty() {
            continue;
        }
        if own_name.is_some() && Path::new(get(file)).file_name() == own_name {
            continue;
        }
        let numbers = |c: usize, what: &str| -> Result<Vec<f64>> {
            get(c)
                .split_whitespace()
                .map(|x| x.parse::<f64>())
                .collect::<std::result::Result<Vec<f64>, _>>()
                .map_err(|_| Error::parse(&f.source, line, format!("`{what}` is not a list of numbers")))
        };
        let angles = Angles::new(numbers(gammas, "gammas")?, numbers(betas, "betas")?)
            .map_err(|e| Error::parse(&f.source, line, e.to_string()))?;
        out.push(Sample {
            instance: get(file).to_string(),
            puzzle: get(puzzle).to_string(),
            space: get(space).to_string(),
            mixer: get(mixer).to_string(),
            value: get(value).parse().unwrap_or(f64::INFINITY),
            angles,
        });
    }
    Ok(out)
}
