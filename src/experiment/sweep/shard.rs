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
use crate::error::{Error, Result, ShardSetProblem};
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
        let bad = |why: &str| Error::Syntax {
            what: "shard",
            text: text.to_string(),
            problem: why.to_string(),
        };
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
    /// The rows each run of this shard folder planned for every file it ran (a rerun with
    /// other depths, inits, objective, space or mixer adds its plan); empty until a run
    /// finishes, and in records written before plans existed.
    #[serde(default)]
    pub plans: Vec<RowPlan>,
    /// Rows of `sweep.csv` when the run finished.
    #[serde(default)]
    pub rows: usize,
    /// SHA-256 of `sweep.csv` when the run finished (empty until then): a merge refuses a CSV
    /// changed since.
    #[serde(default)]
    pub csv_sha256: String,
    /// SHA-256 of `sweep.settings.json` when the run finished.
    #[serde(default)]
    pub settings_sha256: String,
    /// SHA-256 of `anneal.csv` when the run finished (empty without a baseline).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub anneal_sha256: String,
}

/// The rows one run of a shard plans for each file it runs: one per init and depth, of one
/// objective, space and mixer (the space as asked for: `auto` stands for whichever it resolves
/// to on each file).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RowPlan {
    /// The objective's name (`energy`, `cvar:0.1`).
    pub objective: String,
    /// The space asked for.
    pub space: String,
    /// The mixer.
    pub mixer: String,
    /// The inits, in run order.
    pub inits: Vec<String>,
    /// The depths, ascending.
    pub depths: Vec<usize>,
}

/// What a shard's plan names as its space and mixer where neither was named: each file's rows
/// take the recommendation for it.
const RECOMMENDED: &str = "recommended";

/// `name`, or [`RECOMMENDED`] where the plan takes the recommendation.
fn recommended_or(plan: &super::SweepPlan, name: &str) -> String {
    if plan.space.chosen == crate::simulation::Chosen::Recommend {
        RECOMMENDED.to_string()
    } else {
        name.to_string()
    }
}

impl RowPlan {
    /// The rows `plan` runs for each of its files.
    pub fn of(plan: &super::SweepPlan) -> RowPlan {
        RowPlan {
            objective: plan.objective.name(),
            space: recommended_or(plan, plan.space.space.name()),
            mixer: recommended_or(plan, plan.space.mixer.name()),
            inits: plan.inits.iter().map(|i| i.name().to_string()).collect(),
            depths: plan.depths.to_vec(),
        }
    }

    /// The plan as (name, value) pairs, in a fixed order.
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("objective", self.objective.clone()),
            ("space", self.space.clone()),
            ("mixer", self.mixer.clone()),
            ("inits", self.inits.join(", ")),
            ("depths", format!("{:?}", self.depths)),
        ]
    }

    /// `(objective, space, mixer)` of `row` is this plan's (any space under `auto`, any space
    /// and mixer under the recommendation).
    fn family_of(&self, row: &SweepRow) -> bool {
        row.objective.name() == self.objective
            && (self.mixer == RECOMMENDED || row.mixer.name() == self.mixer)
            && (self.space == crate::encoding::space::SpaceChoice::Auto.name()
                || self.space == RECOMMENDED
                || row.space.name() == self.space)
    }

    /// Whether `row` is one of the rows this plan runs.
    fn covers(&self, row: &SweepRow) -> bool {
        self.family_of(row) && self.depths.contains(&row.p) && self.inits.iter().any(|i| i == row.init.name())
    }

    /// The plan in one line.
    fn text(&self) -> String {
        self.fields()
            .iter()
            .map(|(n, v)| format!("{n} {v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The shard part of a sweep's settings: the shard and the instance set it was cut from.
pub fn shard_setting(manifest: &ShardManifest) -> String {
    format!(
        "{}/{} of {} instances ({})",
        manifest.index,
        manifest.count,
        manifest.instances,
        short(&manifest.instance_set)
    )
}

/// The first 16 characters of a digest (all of a shorter text).
fn short(digest: &str) -> &str {
    digest.get(..16).unwrap_or(digest)
}

/// Where the shard manifest of the sweep CSV `csv` lives.
pub fn manifest_path(csv: &Path) -> PathBuf {
    csv.with_extension("shard.json")
}

/// The key of an instance: the SHA-256 of its file's bytes.
pub fn instance_key(path: &Path) -> Result<String> {
    Ok(crate::encoding::sha256_hex(&crate::puzzle::read_text(path)?))
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
        plans: Vec::new(),
        rows: 0,
        csv_sha256: String::new(),
        settings_sha256: String::new(),
        anneal_sha256: String::new(),
    };
    Ok((chosen, manifest))
}

/// Write `manifest` beside `csv`, whole.
pub fn write_manifest(csv: &Path, manifest: &ShardManifest) -> Result<()> {
    let path = manifest_path(csv);
    let text = serde_json::to_string_pretty(manifest).map_err(|e| Error::Write {
        path: path.clone(),
        source: e.into(),
    })? + "\n";
    crate::files::write_whole(&[(path, text.into_bytes())])
}

/// SHA-256 of the file at `path`, lowercase hex ("" when there is none).
fn file_sha256(path: &Path) -> Result<String> {
    match std::fs::read(path) {
        Ok(bytes) => {
            use sha2::{Digest, Sha256};
            Ok(Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
        Err(source) => Err(Error::Read {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// Write the record of a shard run that finished every row of `plan` (call it after the
/// CSV, the settings and the annealing table are written): `manifest` with the plans of
/// earlier runs of this folder kept, the row count and the digests of those three files as
/// they are now, which a merge checks.
pub fn write_finished(csv: &Path, manifest: &ShardManifest, plan: RowPlan) -> Result<ShardManifest> {
    let mut plans = match read_manifest(&manifest_path(csv)) {
        Ok(old)
            if old.index == manifest.index
                && old.count == manifest.count
                && old.instance_set == manifest.instance_set =>
        {
            old.plans
        }
        _ => Vec::new(),
    };
    plans.push(plan);
    plans.sort();
    plans.dedup();
    let finished = ShardManifest {
        plans,
        rows: super::row::read_csv(csv)?.len(),
        csv_sha256: file_sha256(csv)?,
        settings_sha256: file_sha256(&super::settings::settings_path(csv))?,
        anneal_sha256: file_sha256(&super::baseline::anneal_csv_path(csv))?,
        ..manifest.clone()
    };
    write_manifest(csv, &finished)?;
    Ok(finished)
}

/// [`write_finished`] for a finished [`super::run_sweep`] of `plan` into `csv`, with the files
/// and skip reasons of `outcome` (in the library's words; the command line writes its own):
/// the shard record a merge reads. `None` when `plan` is not a shard.
pub fn record_run(csv: &Path, plan: &super::SweepPlan, outcome: &super::SweepOutcome) -> Result<Option<ShardManifest>> {
    let Some(manifest) = &plan.shard else {
        return Ok(None);
    };
    let manifest = ShardManifest {
        files: plan
            .files
            .iter()
            .map(|p| {
                outcome
                    .labels
                    .get(p)
                    .cloned()
                    .unwrap_or_else(|| p.display().to_string())
            })
            .collect(),
        skipped: outcome
            .skipped
            .iter()
            .map(|(f, e)| (f.clone(), e.to_string()))
            .collect(),
        ..manifest.clone()
    };
    write_finished(csv, &manifest, RowPlan::of(plan)).map(Some)
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
    crate::files::read_json(path, "the shard record of a sweep shard")
}

/// At most `n` items of `items`, joined, with how many more there are.
fn some_of(items: &[String], n: usize) -> String {
    let mut text = items.iter().take(n).cloned().collect::<Vec<_>>().join(", ");
    if items.len() > n {
        text += &format!(" and {} more", items.len() - n);
    }
    text
}

/// One shard folder, read and checked on its own.
struct Part {
    folder: PathBuf,
    manifest: ShardManifest,
    settings: SweepSettings,
    rows: Vec<SweepRow>,
    anneal: Vec<super::baseline::AnnealRow>,
}

/// The files of shard `index` of `count` among `instances` files dealt round-robin.
fn share(instances: usize, index: usize, count: usize) -> usize {
    instances / count + usize::from(index < instances % count)
}

/// Where a shard folder's problems are reported: the folder, and what a problem says.
struct ShardFolder<'a> {
    folder: &'a Path,
}

/// The advice that ends the message of a shard folder its run did not finish.
const RERUN: &str = "; run the shard's sweep again into this folder to finish it";

impl ShardFolder<'_> {
    fn refuse(&self, problem: String) -> Error {
        Error::ShardIncomplete {
            folder: self.folder.to_path_buf(),
            problem,
        }
    }

    /// The shard record's field `name` is wrong: `what`.
    fn field(&self, name: &str, what: String) -> Error {
        self.refuse(format!("sweep.shard.json: {name} {what}"))
    }

    /// The shard record holds together: a digest of the instance set, an index below the
    /// count, the share of files that index has (none twice), skips among its files, and
    /// the record of a finished run.
    fn check_record(&self, m: &ShardManifest) -> Result<()> {
        let is_digest = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !is_digest(&m.instance_set) {
            return Err(self.field(
                "instance_set",
                format!(
                    "is `{}`, not a SHA-256 (64 lowercase hex digits)",
                    m.instance_set.chars().take(80).collect::<String>()
                ),
            ));
        }
        if m.count == 0 {
            return Err(self.field("count", "is 0; a sweep has at least 1 shard".into()));
        }
        if m.index >= m.count {
            return Err(self.field(
                "index",
                format!("is {}, outside 0..{} (count {})", m.index, m.count, m.count),
            ));
        }
        let expected = share(m.instances, m.index, m.count);
        if m.files.len() != expected {
            return Err(self.field(
                "files",
                format!(
                    "lists {} file(s); shard {}/{} of {} instances has {expected}",
                    m.files.len(),
                    m.index,
                    m.count,
                    m.instances
                ),
            ));
        }
        let mut sorted: Vec<&String> = m.files.iter().collect();
        sorted.sort();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(self.field("files", format!("lists {} twice", w[0])));
        }
        if let Some((f, _)) = m.skipped.iter().find(|(f, _)| !m.files.contains(f)) {
            return Err(self.field("skipped", format!("names {f}, which is not one of its files")));
        }
        if m.csv_sha256.is_empty() || m.plans.is_empty() {
            return Err(self.field(
                "csv_sha256",
                format!("is missing: the shard's run did not finish, or an earlier quzzle wrote it{RERUN}"),
            ));
        }
        Ok(())
    }

    /// `rows` are every planned row of every file the shard ran, once, and no row outside
    /// the plans of the record `m`.
    fn check_rows(&self, m: &ShardManifest, rows: &[SweepRow]) -> Result<()> {
        let ran: Vec<&String> = m
            .files
            .iter()
            .filter(|f| !m.skipped.iter().any(|(s, _)| s == *f))
            .collect();
        let (mut missing, mut twice, mut stray) = (Vec::new(), Vec::new(), Vec::new());
        // Listing stops here: a record edited to plan millions of rows is refused just the same.
        const LISTED: usize = 1000;
        for plan in &m.plans {
            let mut count: std::collections::BTreeMap<(&str, usize, &str), usize> = std::collections::BTreeMap::new();
            for r in rows.iter().filter(|r| plan.family_of(r)) {
                *count.entry((r.file.as_str(), r.p, r.init.name())).or_default() += 1;
            }
            'files: for file in &ran {
                for init in &plan.inits {
                    for &p in &plan.depths {
                        if missing.len() + twice.len() >= LISTED {
                            break 'files;
                        }
                        let key = format!("{file} p = {p} {init} ({})", plan.objective);
                        match count.get(&(file.as_str(), p, init.as_str())).copied().unwrap_or(0) {
                            0 => missing.push(key),
                            1 => {}
                            n => twice.push(format!("{key}: {n} times")),
                        }
                    }
                }
            }
        }
        for r in rows {
            if !ran.contains(&&r.file) {
                stray.push(format!(
                    "{} p = {} {} (the file is not one this shard ran)",
                    r.file, r.p, r.init
                ));
            } else if !m.plans.iter().any(|plan| plan.covers(r)) {
                stray.push(format!(
                    "{} p = {} {} (in no plan of sweep.shard.json)",
                    r.file, r.p, r.init
                ));
            }
        }
        let plans = m.plans.iter().map(RowPlan::text).collect::<Vec<_>>().join(" | ");
        if !missing.is_empty() {
            return Err(self.refuse(format!(
                "sweep.csv is missing {} of the rows its plan ({plans}) needs: {}{RERUN}",
                missing.len(),
                some_of(&missing, 5)
            )));
        }
        if !twice.is_empty() {
            return Err(self.refuse(format!(
                "sweep.csv holds rows more than once: {}; a shard writes each row once",
                some_of(&twice, 5)
            )));
        }
        if !stray.is_empty() {
            return Err(self.refuse(format!(
                "sweep.csv holds rows its plan does not: {}",
                some_of(&stray, 5)
            )));
        }
        Ok(())
    }

    /// The shard's files (`csv` and the files beside it) are those the record `m` digested
    /// when the run finished.
    fn check_digests(&self, m: &ShardManifest, csv: &Path) -> Result<()> {
        let changed = |name: &str, recorded: &str, now: String| {
            (recorded != now).then(|| {
                self.refuse(format!(
                    "{name} changed since the shard finished (SHA-256 {} recorded in sweep.shard.json, {} now): if a rerun of the shard was stopped, run it again to the end; if the file was edited, its rows cannot be trusted: rerun the shard into a new folder",
                    short(recorded),
                    if now.is_empty() { "no file" } else { short(&now) }
                ))
            })
        };
        if let Some(e) = changed("sweep.csv", &m.csv_sha256, file_sha256(csv)?) {
            return Err(e);
        }
        if let Some(e) = changed(
            "sweep.settings.json",
            &m.settings_sha256,
            file_sha256(&super::settings::settings_path(csv))?,
        ) {
            return Err(e);
        }
        let anneal_path = super::baseline::anneal_csv_path(csv);
        if let Some(e) = changed("anneal.csv", &m.anneal_sha256, file_sha256(&anneal_path)?) {
            return Err(e);
        }
        Ok(())
    }
}

/// Read the shard folder `folder` and check it holds the whole of its shard as its run
/// finished it: a shard record that holds together, the settings of that shard, every planned
/// row of every file it ran exactly once and no other, and the files unchanged since.
fn read_part(folder: &Path) -> Result<Part> {
    let csv = folder.join("sweep.csv");
    let record = manifest_path(&csv);
    let shard = ShardFolder { folder };
    for needed in [&record, &csv, &super::settings::settings_path(&csv)] {
        if !needed.is_file() {
            let name = needed
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            return Err(shard.refuse(format!("{name} is missing: not a finished shard folder{RERUN}")));
        }
    }
    let m = read_manifest(&record)?;
    shard.check_record(&m)?;
    let settings = SweepSettings::read(&csv)?;
    if settings.shard != shard_setting(&m) {
        return Err(shard.refuse(format!(
            "sweep.settings.json is for shard `{}`, but sweep.shard.json says `{}`: the files of two shard folders were mixed",
            settings.shard,
            shard_setting(&m)
        )));
    }
    let rows = super::row::read_csv(&csv)?;
    shard.check_rows(&m, &rows)?;
    shard.check_digests(&m, &csv)?;
    if rows.len() != m.rows {
        return Err(shard.refuse(format!(
            "sweep.csv holds {} rows; sweep.shard.json recorded {}",
            rows.len(),
            m.rows
        )));
    }
    let anneal = if settings.baseline.is_empty() {
        Vec::new()
    } else {
        super::baseline::read_anneal_csv(&super::baseline::anneal_csv_path(&csv))?
    };
    Ok(Part {
        folder: folder.to_path_buf(),
        manifest: m,
        settings,
        rows,
        anneal,
    })
}

/// Join the shard folders `folders` (each holding `sweep.csv`, `sweep.settings.json` and
/// `sweep.shard.json`). Refused unless each is whole and unchanged since its run finished (every
/// planned row of every file it ran, once; the digests of its files as recorded) and together
/// they are exactly the shards 0..K of one sweep: the same K, the same instance set, the same
/// settings and row plans (the first difference is named) and no shard twice or missing.
pub fn merge(folders: &[PathBuf]) -> Result<Merged> {
    if folders.is_empty() {
        return Err(Error::ShardSet(ShardSetProblem::NoFolders));
    }
    let parts = folders.iter().map(|f| read_part(f)).collect::<Result<Vec<Part>>>()?;
    let Some((first, others)) = parts.split_first() else {
        return Err(Error::ShardSet(ShardSetProblem::NoFolders));
    };
    for part in others {
        check_same_sweep(first, part)?;
    }
    check_each_shard_once(&parts, first.manifest.count)?;
    // Files in the order an unsharded sweep runs them (sorted paths); each file's rows in
    // the order its shard wrote them.
    let mut files: Vec<(PathBuf, String, &Path)> = Vec::new();
    let mut skipped = Vec::new();
    for part in &parts {
        for f in &part.manifest.files {
            files.push((PathBuf::from(f), f.clone(), &part.folder));
        }
        skipped.extend(part.manifest.skipped.iter().cloned());
    }
    files.sort();
    if let Some(w) = files.windows(2).find(|w| w[0].1 == w[1].1) {
        return Err(Error::ShardSet(ShardSetProblem::InstanceTwice {
            instance: w[0].1.clone(),
            folders: Box::new([w[0].2.to_path_buf(), w[1].2.to_path_buf()]),
        }));
    }
    let mut rows = Vec::new();
    let mut anneal = Vec::new();
    for (_, label, _) in &files {
        for part in &parts {
            rows.extend(part.rows.iter().filter(|r| &r.file == label).cloned());
            anneal.extend(part.anneal.iter().filter(|r| &r.file == label).cloned());
        }
    }
    let order: Vec<&String> = files.iter().map(|(_, l, _)| l).collect();
    skipped.sort_by_key(|(f, _)| order.iter().position(|l| *l == f));
    let mut settings = first.settings.clone();
    settings.shard = String::new();
    Ok(Merged {
        rows,
        settings,
        skipped,
        files: files.into_iter().map(|(_, l, _)| l).collect(),
        anneal,
    })
}

/// `part` is a shard of the sweep `first` is one of: the same shard count, instance set,
/// settings and row plans (the first difference is named).
fn check_same_sweep(first: &Part, part: &Part) -> Result<()> {
    let (m0, s0) = (&first.manifest, &first.settings);
    let (m, s) = (&part.manifest, &part.settings);
    let differ = |setting: &'static str, a: String, b: String| Error::ShardMismatch {
        folders: Box::new([first.folder.clone(), part.folder.clone()]),
        setting,
        first_value: a,
        other_value: b,
    };
    if m.count != m0.count {
        return Err(differ("the shard count", m0.count.to_string(), m.count.to_string()));
    }
    if m.instance_set != m0.instance_set || m.instances != m0.instances {
        return Err(differ(
            "the instance set",
            format!("{} files ({})", m0.instances, short(&m0.instance_set)),
            format!("{} files ({})", m.instances, short(&m.instance_set)),
        ));
    }
    for ((name, a), (_, b)) in s0.fields_without_shard().into_iter().zip(s.fields_without_shard()) {
        if a != b {
            return Err(differ(name, a, b));
        }
    }
    if m.plans != m0.plans {
        if let ([p0], [p]) = (m0.plans.as_slice(), m.plans.as_slice()) {
            for ((name, a), (_, b)) in p0.fields().into_iter().zip(p.fields()) {
                if a != b {
                    return Err(differ(name, a, b));
                }
            }
        }
        let text = |plans: &[RowPlan]| plans.iter().map(RowPlan::text).collect::<Vec<_>>().join(" | ");
        return Err(differ("the row plans", text(&m0.plans), text(&m.plans)));
    }
    Ok(())
}

/// `parts` are the shards 0..`count` of one sweep, each once.
fn check_each_shard_once(parts: &[Part], count: usize) -> Result<()> {
    let mut seen: Vec<Option<&Path>> = vec![None; count];
    for part in parts {
        let m = &part.manifest;
        // Every part's index is below its own count, which is `count` (checked before).
        let Some(slot) = seen.get_mut(m.index) else {
            return Err(Error::ShardSet(ShardSetProblem::Outside {
                folder: part.folder.clone(),
                index: m.index,
                count: m.count,
                expected: count,
            }));
        };
        if let Some(earlier) = slot {
            return Err(Error::ShardSet(ShardSetProblem::Twice {
                folders: Box::new([earlier.to_path_buf(), part.folder.clone()]),
                index: m.index,
                count: m.count,
            }));
        }
        *slot = Some(&part.folder);
    }
    let missing: Vec<usize> = (0..count).filter(|&i| seen[i].is_none()).collect();
    if !missing.is_empty() {
        return Err(Error::ShardSet(ShardSetProblem::Missing { missing, count }));
    }
    Ok(())
}
