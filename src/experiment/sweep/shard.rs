//! A sweep split into shards that run as independent jobs (a scheduler's array), then merged.
//!
//! Which instances a shard runs depends only on the instances themselves: each file's key is
//! the SHA-256 of its bytes, the files are ordered by (key, path as given), and shard `i` of
//! `k` takes every `k`-th file from position `i`. A directory listing's order, the machine and
//! the thread count play no part. Each shard folder holds its CSV, its settings (which name the
//! shard and a digest of the whole instance set, so a resumed shard cannot change either) and
//! `sweep.shard.json`: the shard, the instance set and the files it ran or skipped. A merge
//! checks that the folders are the `k` shards of one sweep and puts the rows back in the order
//! an unsharded sweep writes them: files in sorted path order, each file's rows as its shard
//! wrote them.

use super::row::SweepRow;
use super::settings::SweepSettings;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Shard `index` of `count` (both from 0: index in 0..count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl Shard {
    /// Parse `I/K` with 0 <= I < K.
    pub fn parse(text: &str) -> Result<Shard> {
        let bad = |why: &str| Error::InvalidArgument(format!("shard `{text}`: {why}"));
        let (i, k) = text
            .split_once('/')
            .ok_or_else(|| bad("write I/K, shard I (from 0) of K"))?;
        let index: usize = i.trim().parse().map_err(|_| bad("I is not a whole number"))?;
        let count: usize = k.trim().parse().map_err(|_| bad("K is not a whole number"))?;
        if count == 0 {
            return Err(bad("K must be at least 1"));
        }
        if index >= count {
            return Err(bad(&format!(
                "shards are numbered from 0 to {}, as array task ids from 0",
                count - 1
            )));
        }
        Ok(Shard { index, count })
    }

    /// `I/K`.
    pub fn text(&self) -> String {
        format!("{}/{}", self.index, self.count)
    }
}

/// What a shard folder records about its part of the sweep (`sweep.shard.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardManifest {
    /// This shard, from 0.
    pub index: usize,
    /// How many shards.
    pub count: usize,
    /// Instances of the whole sweep.
    pub instances: usize,
    /// SHA-256 over the sorted keys of the whole sweep's instances.
    pub instance_set: String,
    /// The files of this shard, as given, in run order.
    pub files: Vec<String>,
    /// Files of this shard that were skipped, with the reason.
    pub skipped: Vec<(String, String)>,
}

/// The shard part of a sweep's settings: the shard and the instance set it was cut from.
pub fn shard_setting(manifest: &ShardManifest) -> String {
    format!(
        "{}/{} of {} instances ({})",
        manifest.index,
        manifest.count,
        manifest.instances,
        &manifest.instance_set[..16]
    )
}

/// Where the shard manifest of the sweep CSV `csv` lives.
pub fn manifest_path(csv: &Path) -> PathBuf {
    csv.with_extension("shard.json")
}

/// The key of an instance: the SHA-256 of its file's bytes.
pub fn instance_key(path: &Path) -> Result<String> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(crate::encoding::sha256_hex(&text))
}

/// The files of `shard` among `files` (in their order), and its manifest with no file skipped
/// yet.
pub fn select(files: &[PathBuf], shard: Shard) -> Result<(Vec<PathBuf>, ShardManifest)> {
    let mut keyed = Vec::with_capacity(files.len());
    for f in files {
        keyed.push((instance_key(f)?, f.display().to_string(), f.clone()));
    }
    keyed.sort();
    let all_keys: Vec<&str> = keyed.iter().map(|(k, _, _)| k.as_str()).collect();
    let instance_set = crate::encoding::sha256_hex(&all_keys.join("\n"));
    let mine: std::collections::BTreeSet<&PathBuf> = keyed
        .iter()
        .enumerate()
        .filter(|(position, _)| position % shard.count == shard.index)
        .map(|(_, (_, _, f))| f)
        .collect();
    let chosen: Vec<PathBuf> = files.iter().filter(|f| mine.contains(f)).cloned().collect();
    let manifest = ShardManifest {
        index: shard.index,
        count: shard.count,
        instances: files.len(),
        instance_set,
        files: chosen.iter().map(|f| f.display().to_string()).collect(),
        skipped: Vec::new(),
    };
    Ok((chosen, manifest))
}

/// Write `manifest` beside `csv`, whole.
pub fn write_manifest(csv: &Path, manifest: &ShardManifest) -> Result<()> {
    let text = serde_json::to_string_pretty(manifest).expect("plain fields serialise") + "\n";
    crate::files::write_whole(&[(manifest_path(csv), text.into_bytes())])
}

/// The shards of one sweep, joined.
#[derive(Debug)]
pub struct Merged {
    /// Every row, in the order an unsharded sweep writes them.
    pub rows: Vec<SweepRow>,
    /// The common settings, with no shard.
    pub settings: SweepSettings,
    /// Every skipped file with its reason, in file order.
    pub skipped: Vec<(String, String)>,
    /// Every file of the sweep, as given, in run order (skipped ones included).
    pub files: Vec<String>,
    /// The annealing baseline's rows, in the same file order (none without a baseline).
    pub anneal: Vec<super::baseline::AnnealRow>,
}

fn read_manifest(path: &Path) -> Result<ShardManifest> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| {
        Error::parse(
            &path.display().to_string(),
            e.line(),
            format!("not the shard record of a sweep shard of this quzzle version: {e}"),
        )
    })
}

/// Join the shard folders `folders` (each holding `sweep.csv`, `sweep.settings.json` and
/// `sweep.shard.json`). Refused unless they are exactly the shards 0..K of one sweep: the same
/// K, the same instance set, the same settings (the first difference is named) and no shard
/// twice or missing.
pub fn merge(folders: &[PathBuf]) -> Result<Merged> {
    if folders.is_empty() {
        return Err(Error::InvalidArgument("no shard folder given".into()));
    }
    let mut parts = Vec::with_capacity(folders.len());
    for folder in folders {
        let csv = folder.join("sweep.csv");
        let manifest = read_manifest(&manifest_path(&csv))?;
        let settings = SweepSettings::read(&csv)?;
        let rows = super::row::read_csv(&csv)?;
        let anneal = if settings.baseline.is_empty() {
            Vec::new()
        } else {
            super::baseline::read_anneal_csv(&super::baseline::anneal_csv_path(&csv))?
        };
        parts.push((folder, manifest, settings, (rows, anneal)));
    }
    let (first, m0, s0, _) = &parts[0];
    for (folder, m, s, _) in &parts[1..] {
        let differ = |setting: &str, a: String, b: String| Error::ShardMismatch {
            folders: Box::new([first.to_path_buf(), folder.to_path_buf()]),
            setting: setting.to_string(),
            first_value: a,
            other_value: b,
        };
        if m.count != m0.count {
            return Err(differ("the shard count", m0.count.to_string(), m.count.to_string()));
        }
        if m.instance_set != m0.instance_set || m.instances != m0.instances {
            return Err(differ(
                "the instance set",
                format!("{} files ({})", m0.instances, &m0.instance_set[..16]),
                format!("{} files ({})", m.instances, &m.instance_set[..16]),
            ));
        }
        for ((name, a), (_, b)) in s0.fields_without_shard().into_iter().zip(s.fields_without_shard()) {
            if a != b {
                return Err(differ(name, a, b));
            }
        }
    }
    let mut seen = vec![None::<&PathBuf>; m0.count];
    for (folder, m, _, _) in &parts {
        if m.index >= m0.count {
            return Err(Error::InvalidArgument(format!(
                "{}: shard {}/{} is outside 0..{}",
                folder.display(),
                m.index,
                m.count,
                m0.count
            )));
        }
        if let Some(earlier) = seen[m.index] {
            return Err(Error::InvalidArgument(format!(
                "{} and {} are both shard {}/{}; give each shard once",
                earlier.display(),
                folder.display(),
                m.index,
                m.count
            )));
        }
        seen[m.index] = Some(folder);
    }
    let missing: Vec<String> = (0..m0.count)
        .filter(|&i| seen[i].is_none())
        .map(|i| format!("{i}/{}", m0.count))
        .collect();
    if !missing.is_empty() {
        return Err(Error::InvalidArgument(format!(
            "shard(s) {} missing: a merge needs all {} shards of the sweep",
            missing.join(", "),
            m0.count
        )));
    }
    // Files in the order an unsharded sweep runs them (sorted paths); each file's rows in
    // the order its shard wrote them.
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    let mut skipped = Vec::new();
    for (folder, m, _, (rows, _)) in &parts {
        for f in &m.files {
            files.push((PathBuf::from(f), f.clone()));
        }
        skipped.extend(m.skipped.iter().cloned());
        if let Some(row) = rows.iter().find(|r| !m.files.contains(&r.file)) {
            return Err(Error::InvalidArgument(format!(
                "{}: a row of {} is in this shard's CSV, but the file is not one of its instances",
                folder.join("sweep.csv").display(),
                row.file
            )));
        }
    }
    files.sort();
    if let Some(w) = files.windows(2).find(|w| w[0].1 == w[1].1) {
        return Err(Error::InvalidArgument(format!(
            "{} is an instance of two shards; the shards were cut from different inputs",
            w[0].1
        )));
    }
    let mut rows = Vec::new();
    let mut anneal = Vec::new();
    for (_, label) in &files {
        for (_, _, _, (shard_rows, shard_anneal)) in &parts {
            rows.extend(shard_rows.iter().filter(|r| &r.file == label).cloned());
            anneal.extend(shard_anneal.iter().filter(|r| &r.file == label).cloned());
        }
    }
    let order: Vec<&String> = files.iter().map(|(_, l)| l).collect();
    skipped.sort_by_key(|(f, _)| order.iter().position(|l| *l == f));
    let mut settings = s0.clone();
    settings.shard = String::new();
    Ok(Merged {
        rows,
        settings,
        skipped,
        files: files.into_iter().map(|(_, l)| l).collect(),
        anneal,
    })
}
