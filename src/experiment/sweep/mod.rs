//! Depth sweeps over a batch of puzzles: plan instances × inits × depths for one objective,
//! run them in a fixed order, append one CSV row per (instance, depth, init, objective) as
//! soon as it is done (flushed), and resume an interrupted sweep by skipping the rows its CSV
//! already holds. Rows are plain data ([`SweepRow`]); the plots read them, never a simulator.
//!
//! Determinism: instances run sequentially in sorted path order, inits in the order ramp,
//! interp, random, depths ascending; every random draw is seeded from the sweep's seed. The
//! wall time is the last column and the only one a rerun is allowed to change.
//!
//! Equal budgets: with `match_random_budget`, a random-init depth keeps adding fresh seeded
//! random starts until the simulator calls it spent (objective evaluations + gradient
//! evaluations) reach those INTERP spent on the same instance and depth, so the comparison
//! of the two is at (at least) the same cost.

use crate::angles::Angles;
use crate::checked::Depths;
use crate::encoding::{self, Encoding, EncodingKind, SuccessStates};
use crate::error::{Error, RequestProblem, Result};
use crate::experiment;
use crate::experiment::depth;
use crate::experiment::stats;
use crate::mixer::StartChoice;
use crate::model::Level;
use crate::qaoa::optimize::{Init, Method, OptimizeConfig, Optimized};
use crate::qaoa::Objective;
use crate::simulation::{self, Provenance, Simulation, SpaceSettings};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub mod baseline;
pub mod lock;
pub mod row;
pub mod settings;
pub mod shard;
pub mod summary;

pub use crate::experiment::solve::ObjectiveSpec;
pub use lock::{lock_sweep_folder, SweepLock};
pub use row::{read_csv, read_csv_for_resume, RowKey, SweepRow, CSV_HEADER};
pub use settings::{settings_path, SweepSettings};

/// Parse an init's name, or `all` (ramp, interp and random, in that order).
pub fn parse_inits(s: &str) -> Result<Vec<Init>> {
    if s == "all" {
        return Ok(Init::STARTS.to_vec());
    }
    Init::ALL
        .into_iter()
        .find(|i| i.name() == s)
        .map(|i| vec![i])
        .ok_or_else(|| Error::UnknownName {
            what: "init",
            name: s.to_string(),
            choices: "ramp, interp, random, lr, transfer, fixed, all".into(),
        })
}

/// The puzzle files named by `inputs`: files as given, folders expanded to their `*.txt`
/// and `*.lp` files; sorted and deduplicated. An input naming nothing is an error.
pub fn collect_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let rd = std::fs::read_dir(input).map_err(|source| Error::Read {
                path: input.clone(),
                source,
            })?;
            let mut found: Vec<PathBuf> = rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "txt" || e == "lp"))
                .collect();
            if found.is_empty() {
                return Err(Error::NoPuzzleFiles {
                    folder: Some(input.clone()),
                });
            }
            out.append(&mut found);
        } else if input.is_file() {
            out.push(input.clone());
        } else {
            return Err(Error::Read {
                path: input.clone(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file or folder"),
            });
        }
    }
    if out.is_empty() {
        return Err(Error::NoPuzzleFiles { folder: None });
    }
    out.sort();
    // `./a.txt` and `a.txt` are one instance.
    let mut seen = std::collections::BTreeSet::new();
    out.retain(|p| seen.insert(canonical(p)));
    Ok(out)
}

/// The path that names the same file however it is spelled (the path itself when it cannot be
/// resolved, e.g. a row's file that no longer exists).
pub fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// What a sweep runs.
#[derive(Clone, Debug)]
pub struct SweepPlan {
    /// Puzzle files (run in this order; [`collect_files`] sorts them).
    pub files: Vec<PathBuf>,
    /// Reduction level.
    pub level: Level,
    /// Penalty overrides of every instance's cost (docs/lp.md, "Penalties"); part of the
    /// settings.
    pub penalties: crate::checked::Penalties,
    /// The encoding of every instance.
    pub encoding: EncodingKind,
    /// Depths, ascending.
    pub depths: Depths,
    /// Initial-angle strategies, run in this order for each instance.
    pub inits: Vec<Init>,
    /// The objective minimised.
    pub objective: ObjectiveSpec,
    /// Optimiser settings (restarts: starts per depth for ramp and interp, and for random
    /// unless its budget is matched).
    pub config: OptimizeConfig,
    /// Give random init at least INTERP's simulator calls at the same instance and depth
    /// (needs interp in `inits`, before random).
    pub match_random_budget: bool,
    /// Skip instances whose simulated space has more than 2^max_qubits states (reported as
    /// skipped).
    pub max_qubits: usize,
    /// The space and mixer of every row.
    pub space: SpaceSettings,
    /// Noise models estimated at each row's optimised angles (full space, x mixer only).
    pub noise: crate::noise::NoiseSettings,
    /// The shard these files are, when the sweep runs as shards ([`shard::select`] cuts
    /// `files`); part of the settings, so a resumed shard cannot change it.
    pub shard: Option<shard::ShardManifest>,
    /// Simulated annealing on every instance beside QAOA (`anneal.csv`; run by the caller
    /// after the rows, with [`baseline::Baseline::run`]); part of the settings.
    pub baseline: Option<baseline::Baseline>,
    /// Reports and sweep tables of other instances, for the `transfer` init (each instance
    /// gets the median of the others': leave-one-out); part of the settings.
    pub transfer_from: Vec<crate::experiment::transfer::AngleFile>,
    /// `Some(name)`: the inits' angles are a fixed schedule, evaluated without optimisation
    /// (`config.optimise` is false); part of the settings.
    pub schedule: Option<String>,
}

/// What a running sweep reports.
#[derive(Clone, Debug)]
pub enum SweepEvent<'a> {
    /// Something the user should know (a torn last CSV line was dropped).
    Note(String),
    /// An instance was skipped (too many qubits, or none).
    Skipped {
        /// The file.
        file: &'a str,
        /// Why.
        reason: &'a Error,
    },
    /// A row is finished (`resumed`: it came from the existing CSV).
    Row {
        /// The row.
        row: &'a SweepRow,
        /// Whether it was read back rather than computed.
        resumed: bool,
        /// Work done so far, in units of 2^n·p amplitude-layers, and the total.
        done: f64,
        /// Total work of the rows to compute.
        total: f64,
    },
}

/// The outcome of a sweep.
#[derive(Debug)]
pub struct SweepOutcome {
    /// Every row of the plan, in plan order (resumed and computed).
    pub rows: Vec<SweepRow>,
    /// Rows computed in this run.
    pub computed: usize,
    /// Rows read back from the CSV.
    pub resumed: usize,
    /// Files skipped, with the reason.
    pub skipped: Vec<(String, Error)>,
    /// The `file` column of each plan file's rows: the spelling earlier rows of the same file
    /// (by canonical path) used, else the path as given.
    pub labels: BTreeMap<PathBuf, String>,
}

fn open_append(csv: &Path, fresh: bool) -> Result<std::fs::File> {
    let werr = |source| Error::Write {
        path: csv.to_path_buf(),
        source,
    };
    if let Some(dir) = csv.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(werr)?;
    }
    if fresh {
        let mut f = std::fs::File::create(csv).map_err(werr)?;
        writeln!(f, "{CSV_HEADER}").map_err(werr)?;
        f.flush().map_err(werr)?;
        Ok(f)
    } else {
        std::fs::OpenOptions::new().append(true).open(csv).map_err(werr)
    }
}

/// Why an instance over the qubit limit is skipped, with what would run it: a higher limit
/// where its space fits in memory, and the first stronger reduction level whose full space is
/// within the limit.
fn over_limit(problem: &dyn Encoding, space: &crate::encoding::space::Space, plan: &SweepPlan) -> Error {
    let stronger = crate::model::Level::ALL
        .into_iter()
        .filter(|&l| l > plan.level)
        .find_map(|level| {
            let q = problem.qubits_at(level, &crate::budget::Cancel::never()).ok()?;
            (q > 0 && q <= plan.max_qubits).then_some((level, q))
        });
    Error::OverLimit {
        qubits: problem.num_qubits(),
        space: space.resolved,
        log2_dimension: space.log2_dimension(),
        limit: plan.max_qubits,
        raise_to: space.fits().then(|| space.log2_dimension().ceil() as usize),
        stronger,
    }
}

/// Run `plan`, appending rows to `csv` (created with its header when absent; rows already in it
/// are skipped, so an interrupted sweep resumes). `on_event` sees every row and skip.
pub fn run_sweep(plan: &SweepPlan, csv: &Path, on_event: &mut dyn FnMut(SweepEvent<'_>)) -> Result<SweepOutcome> {
    run_sweep_within(plan, csv, &crate::budget::Budget::unlimited(), on_event)
}

/// [`run_sweep`] with each instance's cost histogram (the Grover mixer's histogram route)
/// counted within `budget`; the rows written before it runs out stay, so a rerun resumes.
pub fn run_sweep_within(
    plan: &SweepPlan,
    csv: &Path,
    budget: &crate::budget::Budget<'_>,
    on_event: &mut dyn FnMut(SweepEvent<'_>),
) -> Result<SweepOutcome> {
    check_plan(plan)?;
    let Resume {
        mut done,
        labels,
        mut out,
    } = resume(plan, csv, on_event)?;
    let (problems, mut skipped) = load_problems(plan, &labels, on_event)?;
    rekey_switch_rows(plan, &problems, &mut done);
    let keys = Keys {
        plan,
        objective: plan.objective.name(),
    };
    let total = keys.work_left(&problems, &done);
    let mut work = 0.0;
    let (mut computed, mut resumed) = (0, 0);
    let mut rows = Vec::new();
    'instance: for (label, problem, dimension) in &problems {
        let settings = keys.settings(problem.as_ref());
        let mut instance: Option<Instance> = None;
        for &init in &plan.inits {
            let mut previous: Option<Angles> = None;
            for depth in plan.depths.each() {
                let p = depth.get();
                let key = keys.row(label, p, init, settings);
                if let Some(row) = done.get(&key) {
                    previous = Some(row.angles()?);
                    resumed += 1;
                    on_event(SweepEvent::Row {
                        row,
                        resumed: true,
                        done: work,
                        total,
                    });
                    rows.push(row.clone());
                    continue;
                }
                if budget.expired() {
                    // Stopped between rows: the rows written so far stay, and a rerun resumes.
                    return Err(budget.out_of_time(
                        "the sweep",
                        (total > 0.0).then(|| work / total),
                        &format!("{computed} row(s) computed and {resumed} resumed, the next {label} p = {p} {init}"),
                    ));
                }
                let inst = match &mut instance {
                    Some(i) => i,
                    None => match Instance::new(plan, problem.as_ref(), budget) {
                        Ok(i) => instance.insert(i),
                        // No valid board in the simulated space: nothing to measure.
                        Err(reason @ (Error::Unsatisfiable { .. } | Error::Unsupported(_)))
                            if is_unsolvable(&reason) =>
                        {
                            on_event(SweepEvent::Skipped {
                                file: label,
                                reason: &reason,
                            });
                            skipped.push((label.clone(), reason));
                            continue 'instance;
                        }
                        Err(e) => return Err(e),
                    },
                };
                // Random starts get the evaluations INTERP's row spent, where asked.
                let budget = (plan.match_random_budget && init == Init::Random)
                    .then(|| done.get(&keys.row(label, p, Init::Interp, settings)))
                    .flatten()
                    .map(|r| r.evaluations + r.gradients);
                let row = compute_row(
                    plan,
                    label,
                    problem.as_ref(),
                    inst,
                    depth,
                    init,
                    previous.as_ref(),
                    budget,
                )?;
                append_row(&mut out, csv, &row)?;
                work += row_weight(*dimension, p);
                computed += 1;
                previous = Some(row.angles()?);
                on_event(SweepEvent::Row {
                    row: &row,
                    resumed: false,
                    done: work,
                    total,
                });
                done.insert(key, row.clone());
                rows.push(row);
            }
        }
    }
    Ok(SweepOutcome {
        rows,
        computed,
        resumed,
        skipped,
        labels,
    })
}

/// Append `row` to the sweep's CSV and flush it, so a stop keeps every row written.
fn append_row(out: &mut std::fs::File, csv: &Path, row: &SweepRow) -> Result<()> {
    out.write_all(row.to_csv_record()?.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|source| Error::Write {
            path: csv.to_path_buf(),
            source,
        })
}

/// A row's share of a sweep's work, for the progress fraction: p layers over its space.
fn row_weight(dimension: f64, p: usize) -> f64 {
    (p as f64) * dimension
}

/// The space, mixer and start of one problem's rows.
#[derive(Clone, Copy)]
struct RowSettings {
    space: crate::encoding::space::SpaceChoice,
    mixer: crate::mixer::MixerKind,
    start: Option<crate::mixer::StartChoice>,
}

/// The resume keys of a plan's rows: each problem's space, mixer and start as its rows record
/// them.
struct Keys<'a> {
    plan: &'a SweepPlan,
    objective: String,
}

impl Keys<'_> {
    /// The space, mixer and start `problem`'s rows record: the plan's settings as its run takes
    /// them (`auto` and a recommendation resolved; the circuit's start where the rows count
    /// gates or noise).
    fn settings(&self, problem: &dyn Encoding) -> RowSettings {
        let plan = self.plan;
        let run = simulation::run_settings(problem, &plan.space, plan.noise.needs_gates()).unwrap_or(plan.space);
        RowSettings {
            space: simulation::space_of(problem, &run)
                .map_or(crate::encoding::space::SpaceChoice::Full, |s| s.resolved),
            mixer: run.mixer,
            start: simulation::provenance::simulated_start(run.mixer, run.start),
        }
    }

    /// A row's resume key: the instance, depth and init, under this plan's objective and mixer.
    fn row(&self, label: &str, p: usize, init: Init, settings: RowSettings) -> RowKey {
        (
            label.to_string(),
            p,
            init,
            self.objective.clone(),
            settings.space,
            settings.mixer,
            settings.start,
        )
    }

    /// The work of the rows not yet done ([`row_weight`] summed).
    fn work_left(&self, problems: &[Loaded], done: &BTreeMap<RowKey, SweepRow>) -> f64 {
        let mut total = 0.0;
        for (label, problem, dimension) in problems {
            let settings = self.settings(problem.as_ref());
            for &init in &self.plan.inits {
                for &p in &self.plan.depths {
                    if !done.contains_key(&self.row(label, p, init, settings)) {
                        total += row_weight(*dimension, p);
                    }
                }
            }
        }
        total
    }
}

/// The checks of a plan that no row needs computed to make.
fn check_plan(plan: &SweepPlan) -> Result<()> {
    if plan.inits.is_empty() {
        return Err(Error::Request(RequestProblem::NoInit));
    }
    if !plan.noise.models.is_empty() {
        crate::noise::check_space(&plan.space)?;
    }
    Ok(())
}

/// What a sweep resumes from: the rows its CSV holds, by key; the `file` column of each plan
/// file; and the CSV open for appending.
struct Resume {
    done: BTreeMap<RowKey, SweepRow>,
    labels: BTreeMap<PathBuf, String>,
    out: std::fs::File,
}

/// The CSV read for resuming (its settings checked against the plan's, or stored), rewritten
/// whole where its last line was torn or its header is old.
fn resume(plan: &SweepPlan, csv: &Path, on_event: &mut dyn FnMut(SweepEvent<'_>)) -> Result<Resume> {
    // Keep what the CSV holds; refuse to mix settings that the key does not name.
    let text_exists = csv.exists();
    let (existing, dropped) = read_csv_for_resume(csv)?;
    if let Some(note) = &dropped {
        on_event(SweepEvent::Note(note.clone()));
    }
    SweepSettings {
        reduce: plan.level.name().to_string(),
        encoding: plan.encoding.name().to_string(),
        optimizer: plan.config.method.name().to_string(),
        max_iters: plan.config.max_iters,
        restarts: plan.config.restarts.get(),
        seed: plan.config.seed,
        match_random_budget: plan.match_random_budget,
        noise: settings::noise_setting(&plan.noise),
        shard: plan.shard.as_ref().map(shard::shard_setting).unwrap_or_default(),
        baseline: plan
            .baseline
            .as_ref()
            .map(baseline::Baseline::setting)
            .unwrap_or_default(),
        schedule: settings::schedule_setting(plan),
        penalty: settings::penalty_setting(&plan.penalties),
    }
    .check_or_store(csv)?;
    // Rows are keyed by the file as first written; another spelling of the same file (by
    // canonical path) resumes them.
    let mut labels_by_canonical: BTreeMap<PathBuf, String> = BTreeMap::new();
    for r in &existing {
        labels_by_canonical
            .entry(canonical(Path::new(&r.file)))
            .or_insert_with(|| r.file.clone());
    }
    let labels: BTreeMap<PathBuf, String> = plan
        .files
        .iter()
        .map(|p| {
            let label = labels_by_canonical
                .get(&canonical(p))
                .cloned()
                .unwrap_or_else(|| p.display().to_string());
            (p.clone(), label)
        })
        .collect();
    for r in &existing {
        let mismatch = |setting: &'static str, stored: String, given: String| Error::ResumeMismatch {
            csv: csv.to_path_buf(),
            setting,
            stored,
            given,
        };
        if r.reduce != plan.level {
            return Err(mismatch("reduce", r.reduce.to_string(), plan.level.name().to_string()));
        }
        if r.seed != plan.config.seed {
            return Err(mismatch("seed", r.seed.to_string(), plan.config.seed.to_string()));
        }
    }
    // Start a fresh file (header plus the rows kept) when there is none, it is empty, or its
    // last line was torn, so that appends always start on a fresh line.
    let bytes = std::fs::read(csv).unwrap_or_default();
    let header_now = bytes.starts_with(format!("{CSV_HEADER}\n").as_bytes());
    let rewrite = !text_exists || bytes.last() != Some(&b'\n') || !header_now || dropped.is_some();
    let done: BTreeMap<RowKey, SweepRow> = existing.iter().map(|r| (r.key(), r.clone())).collect();
    if rewrite && !existing.is_empty() {
        // The rows kept, under the current header, written whole beside the CSV and renamed
        // over it: a sweep killed now loses no finished row.
        let mut text = format!("{CSV_HEADER}\n");
        for r in &existing {
            text.push_str(&r.to_csv_record()?);
        }
        crate::files::write_whole(&[(csv.to_path_buf(), text.into_bytes())])?;
    }
    let out = open_append(csv, rewrite && existing.is_empty())?;

    Ok(Resume { done, labels, out })
}

/// A loaded instance: its `file` label, its encoding and its space's dimension.
type Loaded = (String, Box<dyn Encoding>, f64);
/// A skipped instance: its `file` label and why.
type Skipped = (String, Error);

/// Every instance of the plan loaded (cheap: no diagonal yet), and those skipped with why: no
/// valid board, no qubit, or a space over the plan's limit.
fn load_problems(
    plan: &SweepPlan,
    labels: &BTreeMap<PathBuf, String>,
    on_event: &mut dyn FnMut(SweepEvent<'_>),
) -> Result<(Vec<Loaded>, Vec<Skipped>)> {
    // Load every instance first (cheap: no diagonal yet) to weigh the work for the ETA.
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    for path in &plan.files {
        let label = labels[path].clone();
        let never = crate::budget::Cancel::never();
        let problem = match encoding::load_with(path, plan.encoding, plan.level, &plan.penalties, &never) {
            Ok(problem) => problem,
            // A puzzle with no solution has no rows to compute: the others still run.
            Err(Error::Unsatisfiable { reason }) => {
                // The skip names the file already.
                let prefix = format!("{}: ", path.display());
                let reason = Error::Unsatisfiable {
                    reason: reason.strip_prefix(&prefix).map_or(reason.clone(), String::from),
                };
                on_event(SweepEvent::Skipped {
                    file: &label,
                    reason: &reason,
                });
                skipped.push((label, reason));
                continue;
            }
            Err(e) => return Err(e),
        };
        let n = problem.num_qubits();
        let space = if n == 0 {
            Err(Error::NoQubits {
                file: path.display().to_string(),
                level: plan.level.name(),
            })
        } else {
            simulation::run_settings(problem.as_ref(), &plan.space, plan.noise.needs_gates())
                .and_then(|settings| simulation::space_of(problem.as_ref(), &settings))
        };
        let space = space.and_then(|s| {
            if s.log2_dimension() > plan.max_qubits as f64 + 1e-9 {
                Err(over_limit(problem.as_ref(), &s, plan))
            } else {
                Ok(s)
            }
        });
        match space {
            Err(reason) => {
                on_event(SweepEvent::Skipped {
                    file: &label,
                    reason: &reason,
                });
                skipped.push((label, reason));
            }
            Ok(space) => problems.push((label, problem, space.dimension)),
        }
    }
    Ok((problems, skipped))
}

/// Switch rows written before the start column, keyed again by the start they ran from.
fn rekey_switch_rows(plan: &SweepPlan, problems: &[Loaded], done: &mut BTreeMap<RowKey, SweepRow>) {
    // Switch rows written before the start column ran from the start their circuit has
    // (uniform on full permutation grids, else the first grid): keyed by it, they resume.
    if plan.space.mixer.is_switch() {
        for (label, problem, _) in problems {
            let legacy = simulation::circuit_settings(
                problem.as_ref(),
                &SpaceSettings {
                    start: StartChoice::Auto,
                    ..plan.space
                },
            )
            .ok()
            .and_then(|s| simulation::provenance::simulated_start(s.mixer, s.start));
            let old: Vec<RowKey> = done
                .keys()
                .filter(|k| &k.0 == label && k.5 == plan.space.mixer && k.6.is_none())
                .cloned()
                .collect();
            for k in old {
                if let Some(mut row) = done.remove(&k) {
                    row.start = legacy;
                    done.insert(row.key(), row);
                }
            }
        }
    }
}

/// Whether `e` says an instance has no valid board (in the space simulated): skipped in a
/// sweep, with the reason, rather than stopping it.
fn is_unsolvable(e: &Error) -> bool {
    match e {
        Error::Unsatisfiable { .. } => true,
        Error::Unsupported(u) => matches!(u.as_ref(), crate::error::Unsupported::NoSolutionInSpace { .. }),
        _ => false,
    }
}

/// The per-instance things a row needs, built once.
struct Instance {
    sim: Simulation,
    provenance: Provenance,
    success: SuccessStates,
    objective: Objective,
    min: f64,
    max: f64,
    /// The optimiser's settings for each init of the plan, with the angle table it reads
    /// (fixed or transferred), built once for the instance.
    configs: Vec<(Init, OptimizeConfig)>,
}

impl Instance {
    fn new(plan: &SweepPlan, problem: &dyn Encoding, budget: &crate::budget::Budget<'_>) -> Result<Self> {
        let space = simulation::run_settings(problem, &plan.space, plan.noise.needs_gates())?;
        let sim = simulation::simulation_within(problem, &space, budget)?;
        let success = simulation::success_states(problem, &sim)?;
        let (min, max) = (sim.qaoa().diagonal().min(), sim.qaoa().diagonal().max());
        let provenance = Provenance::of(problem, &sim);
        let configs = plan
            .inits
            .iter()
            .map(|&init| {
                let config = experiment::solve::with_table(&plan.config, init, &provenance, &plan.transfer_from)?;
                Ok((init, config))
            })
            .collect::<Result<_>>()?;
        Ok(Instance {
            objective: plan.objective.to_objective(&success.valid),
            provenance,
            sim,
            success,
            min,
            max,
            configs,
        })
    }

    /// The optimiser's settings for `init`.
    fn config(&self, init: Init) -> &OptimizeConfig {
        &self
            .configs
            .iter()
            .find(|(i, _)| *i == init)
            .expect("a config for each init of the plan")
            .1
    }
}

#[allow(clippy::too_many_arguments)]
fn compute_row(
    plan: &SweepPlan,
    label: &str,
    problem: &dyn Encoding,
    inst: &Instance,
    depth: crate::checked::Depth,
    init: Init,
    previous: Option<&Angles>,
    budget: Option<usize>,
) -> Result<SweepRow> {
    let p = depth.get();
    let began = Instant::now();
    let (opt, scan, starts): (Optimized, usize, usize) = match budget {
        Some(budget) => {
            // Fresh seeded random starts (one each) until the budget is spent; keep the best.
            let mut best: Option<Optimized> = None;
            let (mut spent, mut evaluations, mut gradients, mut starts) = (0, 0, 0, 0);
            while starts == 0 || spent < budget {
                let config = OptimizeConfig {
                    restarts: crate::checked::Restarts::ONE,
                    seed: plan.config.seed.wrapping_add((starts as u64).wrapping_mul(1_000_003)),
                    ..plan.config.clone()
                };
                let (o, _) = experiment::solve::optimize_depth(
                    inst.sim.qaoa(),
                    &inst.objective,
                    depth,
                    Init::Random,
                    None,
                    &config,
                )?;
                spent += o.evaluations + o.gradients;
                evaluations += o.evaluations;
                gradients += o.gradients;
                starts += 1;
                if best.as_ref().is_none_or(|b| o.value < b.value) {
                    best = Some(o);
                }
                if starts >= 10_000 {
                    break;
                }
            }
            let mut o = best.expect("at least one start");
            o.evaluations = evaluations;
            o.gradients = gradients;
            let o =
                experiment::solve::no_worse_than_previous(inst.sim.qaoa(), &inst.objective, o, previous, &plan.config)?;
            (o, 0, starts)
        }
        None => {
            let (o, scan) = experiment::solve::optimize_depth(
                inst.sim.qaoa(),
                &inst.objective,
                depth,
                init,
                previous,
                inst.config(init),
            )?;
            (o, scan, plan.config.restarts.get())
        }
    };
    let mut depth = depth::measure(&inst.sim, &inst.success, p, &opt, scan, began)?;
    depth::add_noise(
        &mut depth,
        problem,
        &inst.sim,
        &inst.success.valid,
        &plan.noise,
        plan.config.seed,
        None,
    )?;
    depth.seconds = began.elapsed().as_secs_f64();
    let method = if inst.objective.has_gradient() {
        plan.config.method
    } else {
        Method::NelderMead
    };
    Ok(SweepRow::new(
        label,
        &inst.provenance,
        &depth,
        init,
        plan.objective,
        method,
        starts,
        plan.config.seed,
        inst.sim.states_of(&inst.success.valid),
        inst.sim.states_of(&inst.success.non_qubo),
        stats::approximation_ratio(depth.energy, inst.min, inst.max),
    ))
}

/// One bar of an instance's distribution figure.
#[derive(Clone, Debug, PartialEq)]
pub struct TopState {
    /// Its bitstring, qubit 0 first.
    pub bitstring: String,
    /// Its probability.
    pub probability: f64,
    /// Its complete-rule verdict.
    pub verdict: crate::puzzle::Verdict,
    /// Its rank among all states, when it was added as the most likely valid board outside
    /// the top k.
    pub rank: Option<usize>,
}

/// What an instance's figures show, rebuilt from a finished row's angles.
#[derive(Clone, Debug)]
pub struct InstanceView {
    /// The top-k states, most likely first, plus the most likely valid one when it is not
    /// among them; empty on the histogram route, which has no amplitude per state.
    pub top: Vec<TopState>,
    /// Per-cell marginals (one-hot boards of one variable per cell).
    pub cells: Option<crate::encoding::CellMarginals>,
    /// Qubits.
    pub qubits: usize,
}

/// Rebuild the state of `row` on `problem` and read what its figures show.
pub fn instance_view(problem: &dyn Encoding, row: &SweepRow, top_k: usize) -> Result<InstanceView> {
    use crate::puzzle::Verdict;
    let settings = SpaceSettings {
        space: row.space,
        mixer: row.mixer,
        start: row.start.unwrap_or_default(),
        chosen: crate::simulation::Chosen::Given,
    };
    // The histogram knows how many states have each cost, not which states are most likely
    // one by one nor which cells they fill: there is nothing to draw, and nothing to count.
    if simulation::uses_histogram(problem, &settings)? {
        return Ok(InstanceView {
            top: Vec::new(),
            cells: None,
            qubits: problem.num_qubits(),
        });
    }
    let sim = simulation::simulation(problem, &settings)?;
    if sim.histogram().is_some() {
        return Ok(InstanceView {
            top: Vec::new(),
            cells: None,
            qubits: problem.num_qubits(),
        });
    }
    let SuccessStates { valid, non_qubo, .. } = simulation::success_states(problem, &sim)?;
    let amps = sim.qaoa().amplitudes(&row.angles()?)?;
    let state = crate::sim::State { amps };
    let mut top: Vec<(u64, f64, Option<usize>)> = crate::sim::top_states(&state.amps, top_k)
        .into_iter()
        .map(|(k, p)| (k, p, None))
        .collect();
    // When no valid board is among the top k, add the most likely one, labelled with its rank.
    if !top.iter().any(|(k, _, _)| valid.binary_search(k).is_ok()) {
        if let Some((k, p)) = valid
            .iter()
            .map(|&k| (k, state.amps[k as usize].norm_sqr()))
            .max_by(|a, b| a.1.total_cmp(&b.1))
        {
            let rank = 1 + state.amps.iter().filter(|a| a.norm_sqr() > p).count();
            top.push((k, p, Some(rank)));
        }
    }
    let top = top
        .into_iter()
        .map(|(k, probability, rank)| TopState {
            bitstring: sim.bitstring(k),
            probability,
            verdict: if valid.binary_search(&k).is_ok() {
                Verdict::Valid
            } else if non_qubo.binary_search(&k).is_ok() {
                Verdict::BreaksOnlyNonQubo
            } else {
                Verdict::Invalid
            },
            rank,
        })
        .collect();
    let marginals = if settings == SpaceSettings::default() {
        stats::qubit_marginals(&state.amps)
    } else {
        let mut m = vec![0.0; problem.num_qubits()];
        for (k, a) in state.amps.iter().enumerate() {
            let p = a.norm_sqr();
            for (q, b) in sim.qaoa().bits(k as u64).into_iter().enumerate() {
                if b {
                    m[q] += p;
                }
            }
        }
        m
    };
    let mut cells = problem.cell_marginals(&marginals);
    if let Some(c) = cells.as_mut() {
        if c.solution.is_none() {
            c.solution = valid.first().map(|&k| problem.board_of_bits(&sim.qaoa().bits(k)));
        }
    }
    Ok(InstanceView {
        top,
        cells,
        qubits: problem.num_qubits(),
    })
}
