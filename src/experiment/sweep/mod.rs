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
use crate::bits;
use crate::encoding::onehot::Problem;
use crate::error::{Error, Result};
use crate::experiment;
use crate::experiment::stats;
use crate::model::Level;
use crate::qaoa::optimize::{Init, Method, OptimizeConfig, Optimized};
use crate::qaoa::{Objective, QaoaSimulator};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The objective of a sweep, before the instance's valid states are known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ObjectiveSpec {
    /// `⟨C⟩`.
    Energy,
    /// Minus the probability of a valid board (exact adjoint gradient).
    Success,
    /// CVaR at `alpha ∈ (0, 1]` (Nelder–Mead: no gradient).
    Cvar(f64),
}

impl ObjectiveSpec {
    /// Parse `energy`, `success` or `cvar:ALPHA` with `0 < ALPHA ≤ 1`.
    pub fn parse(s: &str) -> Result<Self> {
        match s {
            "energy" => Ok(ObjectiveSpec::Energy),
            "success" => Ok(ObjectiveSpec::Success),
            _ => {
                let bad = || {
                    Error::InvalidArgument(format!(
                        "objective `{s}`: write energy, success or cvar:ALPHA with 0 < ALPHA <= 1"
                    ))
                };
                let alpha: f64 = s.strip_prefix("cvar:").ok_or_else(bad)?.parse().map_err(|_| bad())?;
                if alpha > 0.0 && alpha <= 1.0 {
                    Ok(ObjectiveSpec::Cvar(alpha))
                } else {
                    Err(bad())
                }
            }
        }
    }

    /// The objective for an instance whose valid basis states are `valid` (sorted).
    pub fn to_objective(self, valid: &[u64]) -> Objective {
        match self {
            ObjectiveSpec::Energy => Objective::Energy,
            ObjectiveSpec::Success => Objective::Success(valid.to_vec()),
            ObjectiveSpec::Cvar(a) => Objective::Cvar(a),
        }
    }

    /// The name in reports and CSV rows (the same as [`Objective::name`]).
    pub fn name(self) -> String {
        self.to_objective(&[]).name()
    }
}

/// Parse `ramp`, `interp`, `random` or `all` (ramp, interp and random, in that order).
pub fn parse_inits(s: &str) -> Result<Vec<Init>> {
    match s {
        "ramp" => Ok(vec![Init::Ramp]),
        "interp" => Ok(vec![Init::Interp]),
        "random" => Ok(vec![Init::Random]),
        "all" => Ok(vec![Init::Ramp, Init::Interp, Init::Random]),
        _ => Err(Error::InvalidArgument(format!(
            "init `{s}`: write ramp, interp, random or all"
        ))),
    }
}

/// The name of an optimiser in reports.
pub fn method_name(m: Method) -> &'static str {
    match m {
        Method::Lbfgs => "lbfgs",
        Method::NelderMead => "nelder-mead",
    }
}

/// The puzzle files named by `inputs`: files as given, folders expanded to their `*.txt`
/// files; sorted and deduplicated. An input naming nothing is an error.
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
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "txt"))
                .collect();
            if found.is_empty() {
                return Err(Error::InvalidArgument(format!(
                    "{}: folder holds no puzzle files (*.txt)",
                    input.display()
                )));
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
        return Err(Error::InvalidArgument("no puzzle files given".into()));
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// What a sweep runs.
#[derive(Clone, Debug)]
pub struct SweepPlan {
    /// Puzzle files (run in this order; [`collect_files`] sorts them).
    pub files: Vec<PathBuf>,
    /// Reduction level.
    pub level: Level,
    /// Depths, ascending.
    pub depths: Vec<usize>,
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
    /// Skip instances with more qubits than this (reported as skipped).
    pub max_qubits: usize,
}

/// One finished (instance, depth, init, objective): the CSV row.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRow {
    /// The puzzle file as given.
    pub file: String,
    /// Puzzle kind.
    pub puzzle: String,
    /// Reduction level.
    pub reduce: String,
    /// Qubits.
    pub qubits: usize,
    /// Depth.
    pub p: usize,
    /// Initial-angle strategy.
    pub init: String,
    /// Objective name (`energy`, `success`, `cvar:0.1`).
    pub objective: String,
    /// Optimiser actually used (CVaR always uses Nelder–Mead).
    pub optimizer: String,
    /// Starts used at this depth.
    pub restarts: usize,
    /// The sweep's seed.
    pub seed: u64,
    /// Number of valid basis states.
    pub valid_states: usize,
    /// Number of zero-energy states breaking only non-QUBO rules.
    pub non_qubo_states: usize,
    /// P(valid) of uniform sampling: valid_states / 2^n.
    pub uniform_baseline: f64,
    /// `⟨C⟩` at the optimum.
    pub energy: f64,
    /// `(C_max − ⟨C⟩)/(C_max − C_min)`.
    pub approx_ratio: f64,
    /// P(valid).
    pub p_valid: f64,
    /// P(zero energy but breaks a non-QUBO rule).
    pub p_non_qubo: f64,
    /// P(breaks a QUBO rule).
    pub p_invalid: f64,
    /// Shots for one valid board at 99 % confidence (infinite when P(valid) = 0).
    pub shots_99: f64,
    /// The objective's value at the optimum.
    pub objective_value: f64,
    /// Objective evaluations (the ramp grid scan included).
    pub evaluations: usize,
    /// Gradient evaluations.
    pub gradients: usize,
    /// Most likely bitstring, qubit 0 first (Qiskit prints qubit 0 rightmost).
    pub top_bitstring: String,
    /// Its probability.
    pub top_probability: f64,
    /// Whether it is a valid board.
    pub top_is_valid: bool,
    /// Optimised γ_1..γ_p.
    pub gammas: Vec<f64>,
    /// Optimised β_1..β_p.
    pub betas: Vec<f64>,
    /// Wall time of this row in seconds (the only column a rerun may change).
    pub seconds: f64,
}

/// The CSV header of [`SweepRow`].
pub const CSV_HEADER: &str = "file,puzzle,reduce,qubits,p,init,objective,optimizer,restarts,seed,valid_states,non_qubo_states,uniform_baseline,energy,approx_ratio,p_valid,p_non_qubo,p_invalid,shots_99,objective_value,evaluations,gradients,top_bitstring,top_probability,top_is_valid,gammas,betas,seconds";

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn split_csv(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

fn join_angles(v: &[f64]) -> String {
    v.iter().map(|x| format!("{x}")).collect::<Vec<_>>().join(" ")
}

impl SweepRow {
    /// The key that identifies a finished row when resuming: (file, p, init, objective).
    pub fn key(&self) -> (String, usize, String, String) {
        (self.file.clone(), self.p, self.init.clone(), self.objective.clone())
    }

    /// The row as one CSV line (no newline). Floats use the shortest text that reads back to
    /// the same f64, so a resumed INTERP continues from exactly the stored angles.
    pub fn to_csv_line(&self) -> String {
        [
            csv_field(&self.file),
            self.puzzle.clone(),
            self.reduce.clone(),
            self.qubits.to_string(),
            self.p.to_string(),
            self.init.clone(),
            self.objective.clone(),
            self.optimizer.clone(),
            self.restarts.to_string(),
            self.seed.to_string(),
            self.valid_states.to_string(),
            self.non_qubo_states.to_string(),
            format!("{}", self.uniform_baseline),
            format!("{}", self.energy),
            format!("{}", self.approx_ratio),
            format!("{}", self.p_valid),
            format!("{}", self.p_non_qubo),
            format!("{}", self.p_invalid),
            format!("{}", self.shots_99),
            format!("{}", self.objective_value),
            self.evaluations.to_string(),
            self.gradients.to_string(),
            self.top_bitstring.clone(),
            format!("{}", self.top_probability),
            self.top_is_valid.to_string(),
            join_angles(&self.gammas),
            join_angles(&self.betas),
            format!("{:.3}", self.seconds),
        ]
        .join(",")
    }

    /// Read a line written by [`SweepRow::to_csv_line`]; `line_no` (1-based) and `file` name it
    /// in errors.
    pub fn from_csv_line(line: &str, file: &str, line_no: usize) -> Result<Self> {
        let f = split_csv(line);
        let n = CSV_HEADER.split(',').count();
        if f.len() != n {
            return Err(Error::parse(
                file,
                line_no,
                format!("expected {n} fields, found {}", f.len()),
            ));
        }
        let bad = |col: &str| Error::parse(file, line_no, format!("bad value in column {col}"));
        fn num<T: std::str::FromStr>(s: &str, col: &str, bad: &dyn Fn(&str) -> Error) -> Result<T> {
            s.parse().map_err(|_| bad(col))
        }
        let angles = |s: &str, col: &str| -> Result<Vec<f64>> {
            s.split_whitespace().map(|x| num::<f64>(x, col, &bad)).collect()
        };
        Ok(SweepRow {
            file: f[0].clone(),
            puzzle: f[1].clone(),
            reduce: f[2].clone(),
            qubits: num(&f[3], "qubits", &bad)?,
            p: num(&f[4], "p", &bad)?,
            init: f[5].clone(),
            objective: f[6].clone(),
            optimizer: f[7].clone(),
            restarts: num(&f[8], "restarts", &bad)?,
            seed: num(&f[9], "seed", &bad)?,
            valid_states: num(&f[10], "valid_states", &bad)?,
            non_qubo_states: num(&f[11], "non_qubo_states", &bad)?,
            uniform_baseline: num(&f[12], "uniform_baseline", &bad)?,
            energy: num(&f[13], "energy", &bad)?,
            approx_ratio: num(&f[14], "approx_ratio", &bad)?,
            p_valid: num(&f[15], "p_valid", &bad)?,
            p_non_qubo: num(&f[16], "p_non_qubo", &bad)?,
            p_invalid: num(&f[17], "p_invalid", &bad)?,
            shots_99: num(&f[18], "shots_99", &bad)?,
            objective_value: num(&f[19], "objective_value", &bad)?,
            evaluations: num(&f[20], "evaluations", &bad)?,
            gradients: num(&f[21], "gradients", &bad)?,
            top_bitstring: f[22].clone(),
            top_probability: num(&f[23], "top_probability", &bad)?,
            top_is_valid: num(&f[24], "top_is_valid", &bad)?,
            gammas: angles(&f[25], "gammas")?,
            betas: angles(&f[26], "betas")?,
            seconds: num(&f[27], "seconds", &bad)?,
        })
    }

    /// The optimised angles.
    pub fn angles(&self) -> Result<Angles> {
        Angles::new(self.gammas.clone(), self.betas.clone())
    }
}

/// Read a sweep CSV. A missing file is an empty sweep. A last line without its newline (the
/// sweep was killed while writing it) is dropped. Another header is an error.
pub fn read_csv(path: &Path) -> Result<Vec<SweepRow>> {
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
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let name = path.display().to_string();
    let mut lines = complete.lines().enumerate();
    match lines.next() {
        None => return Ok(Vec::new()),
        Some((_, h)) if h == CSV_HEADER => {}
        Some(_) => {
            return Err(Error::parse(
                &name,
                1,
                "not a sweep CSV of this quzzle version (other columns); choose another --out",
            ))
        }
    }
    lines
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| SweepRow::from_csv_line(l, &name, i + 1))
        .collect()
}

/// What a running sweep reports.
#[derive(Clone, Debug)]
pub enum SweepEvent<'a> {
    /// An instance was skipped (too many qubits, or none).
    Skipped {
        /// The file.
        file: &'a str,
        /// Why.
        reason: String,
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
#[derive(Clone, Debug)]
pub struct SweepOutcome {
    /// Every row of the plan, in plan order (resumed and computed).
    pub rows: Vec<SweepRow>,
    /// Rows computed in this run.
    pub computed: usize,
    /// Rows read back from the CSV.
    pub resumed: usize,
    /// Files skipped, with the reason.
    pub skipped: Vec<(String, String)>,
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

/// Run `plan`, appending rows to `csv` (created with its header when absent; rows already in it
/// are skipped, so an interrupted sweep resumes). `on_event` sees every row and skip.
pub fn run_sweep(plan: &SweepPlan, csv: &Path, on_event: &mut dyn FnMut(SweepEvent<'_>)) -> Result<SweepOutcome> {
    if plan.depths.is_empty() || plan.depths.contains(&0) || !plan.depths.is_sorted() {
        return Err(Error::InvalidArgument("depths must be ascending and at least 1".into()));
    }
    if plan.inits.is_empty() {
        return Err(Error::InvalidArgument("no init strategy given".into()));
    }
    if plan.config.restarts == 0 {
        return Err(Error::InvalidArgument("restarts must be at least 1".into()));
    }
    // Keep what the CSV holds; refuse to mix settings that the key does not name.
    let text_exists = csv.exists();
    let existing = read_csv(csv)?;
    for r in &existing {
        if r.reduce != plan.level.name() || r.seed != plan.config.seed {
            return Err(Error::InvalidArgument(format!(
                "{} was written with --reduce {} --seed {}, this sweep has --reduce {} --seed {}; choose another --out",
                csv.display(),
                r.reduce,
                r.seed,
                plan.level.name(),
                plan.config.seed
            )));
        }
    }
    // Start a fresh file (header plus the rows kept) when there is none, it is empty, or its
    // last line was torn, so that appends always start on a fresh line.
    let bytes = std::fs::read(csv).unwrap_or_default();
    let rewrite = !text_exists || bytes.last() != Some(&b'\n');
    let mut done: BTreeMap<(String, usize, String, String), SweepRow> =
        existing.iter().map(|r| (r.key(), r.clone())).collect();
    let mut out = open_append(csv, rewrite)?;
    if rewrite {
        let werr = |source| Error::Write {
            path: csv.to_path_buf(),
            source,
        };
        for r in &existing {
            writeln!(out, "{}", r.to_csv_line()).map_err(werr)?;
        }
        out.flush().map_err(werr)?;
    }

    let objective_name = plan.objective.name();
    // Load every instance first (cheap: no diagonal yet) to weigh the work for the ETA.
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    for path in &plan.files {
        let label = path.display().to_string();
        let problem = Problem::load(path, plan.level)?;
        let n = problem.num_qubits();
        let reason = if n == 0 {
            Some(format!(
                "the {} reduction decides every cell (0 qubits)",
                plan.level.name()
            ))
        } else if n > plan.max_qubits {
            Some(format!("{n} qubits, more than --max-qubits {}", plan.max_qubits))
        } else {
            None
        };
        match reason {
            Some(reason) => {
                on_event(SweepEvent::Skipped {
                    file: &label,
                    reason: reason.clone(),
                });
                skipped.push((label, reason));
            }
            None => problems.push((label, problem)),
        }
    }
    let weight = |n: usize, p: usize| (p as f64) * (1u64 << n) as f64;
    let mut total = 0.0;
    for (label, pr) in &problems {
        for &init in &plan.inits {
            for &p in &plan.depths {
                let key = (label.clone(), p, init.name().to_string(), objective_name.clone());
                if !done.contains_key(&key) {
                    total += weight(pr.num_qubits(), p);
                }
            }
        }
    }
    let mut work = 0.0;
    let (mut computed, mut resumed) = (0, 0);
    let mut rows = Vec::new();
    for (label, problem) in &problems {
        let n = problem.num_qubits();
        let mut instance: Option<Instance> = None;
        for &init in &plan.inits {
            let mut previous: Option<Angles> = None;
            for &p in &plan.depths {
                let key = (label.clone(), p, init.name().to_string(), objective_name.clone());
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
                let inst = match &mut instance {
                    Some(i) => i,
                    None => instance.insert(Instance::new(problem, plan.objective)?),
                };
                let budget = (plan.match_random_budget && init == Init::Random)
                    .then(|| {
                        done.get(&(
                            label.clone(),
                            p,
                            Init::Interp.name().to_string(),
                            objective_name.clone(),
                        ))
                        .map(|r| r.evaluations + r.gradients)
                    })
                    .flatten();
                let row = compute_row(plan, label, problem, inst, p, init, previous.as_ref(), budget)?;
                writeln!(out, "{}", row.to_csv_line())
                    .and_then(|_| out.flush())
                    .map_err(|source| Error::Write {
                        path: csv.to_path_buf(),
                        source,
                    })?;
                work += weight(n, p);
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
    })
}

/// The per-instance things a row needs, built once.
struct Instance {
    sim: QaoaSimulator,
    valid: Vec<u64>,
    non_qubo: Vec<u64>,
    objective: Objective,
    min: f64,
    max: f64,
}

impl Instance {
    fn new(problem: &Problem, spec: ObjectiveSpec) -> Result<Self> {
        let sim = QaoaSimulator::new(&problem.ising)?;
        let (valid, non_qubo) = problem.success_states(sim.diagonal());
        if valid.is_empty() {
            let c = problem.classical(Some(sim.diagonal()), 0)?;
            crate::encoding::onehot::require_solution(&c)?;
        }
        let (min, max) = (sim.diagonal().min(), sim.diagonal().max());
        Ok(Instance {
            objective: spec.to_objective(&valid),
            sim,
            valid,
            non_qubo,
            min,
            max,
        })
    }
}

#[allow(clippy::too_many_arguments)]
fn compute_row(
    plan: &SweepPlan,
    label: &str,
    problem: &Problem,
    inst: &Instance,
    p: usize,
    init: Init,
    previous: Option<&Angles>,
    budget: Option<usize>,
) -> Result<SweepRow> {
    let began = Instant::now();
    let (opt, scan, starts): (Optimized, usize, usize) = match budget {
        Some(budget) => {
            // Fresh seeded random starts (one each) until the budget is spent; keep the best.
            let mut best: Option<Optimized> = None;
            let (mut spent, mut evaluations, mut gradients, mut starts) = (0, 0, 0, 0);
            while starts == 0 || spent < budget {
                let config = OptimizeConfig {
                    restarts: 1,
                    seed: plan.config.seed.wrapping_add((starts as u64).wrapping_mul(1_000_003)),
                    ..plan.config.clone()
                };
                let (o, _) =
                    experiment::solve::optimize_depth(&inst.sim, &inst.objective, p, Init::Random, None, &config)?;
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
            let o = experiment::solve::no_worse_than_previous(&inst.sim, &inst.objective, o, previous, &plan.config)?;
            (o, 0, starts)
        }
        None => {
            let (o, scan) =
                experiment::solve::optimize_depth(&inst.sim, &inst.objective, p, init, previous, &plan.config)?;
            (o, scan, plan.config.restarts)
        }
    };
    let state = inst.sim.state(&opt.angles)?;
    let out = stats::outcomes(&state.amps, &inst.valid, &inst.non_qubo);
    let energy = inst.sim.expectation(&state.amps);
    let (top, top_p) = stats::top_states(&state.amps, 1)[0];
    let n = problem.num_qubits();
    let method = if inst.objective.has_gradient() {
        plan.config.method
    } else {
        Method::NelderMead
    };
    Ok(SweepRow {
        file: label.to_string(),
        puzzle: problem.puzzle.kind().to_string(),
        reduce: plan.level.name().to_string(),
        qubits: n,
        p,
        init: init.name().to_string(),
        objective: inst.objective.name(),
        optimizer: method_name(method).to_string(),
        restarts: starts,
        seed: plan.config.seed,
        valid_states: inst.valid.len(),
        non_qubo_states: inst.non_qubo.len(),
        uniform_baseline: inst.valid.len() as f64 / (1u64 << n) as f64,
        energy,
        approx_ratio: stats::approximation_ratio(energy, inst.min, inst.max),
        p_valid: out.valid,
        p_non_qubo: out.non_qubo_only,
        p_invalid: out.invalid,
        shots_99: stats::shots_to_solution(out.valid, stats::SHOTS_CONFIDENCE).unwrap_or(f64::INFINITY),
        objective_value: opt.value,
        evaluations: opt.evaluations + scan,
        gradients: opt.gradients,
        top_bitstring: bits::to_bitstring(top, n),
        top_probability: top_p,
        top_is_valid: inst.valid.binary_search(&top).is_ok(),
        gammas: opt.angles.gammas.clone(),
        betas: opt.angles.betas.clone(),
        seconds: began.elapsed().as_secs_f64(),
    })
}

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
    for r in rows.iter().filter(|r| r.init == init) {
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
    let mut v: Vec<String> = rows.iter().map(|r| r.init.clone()).collect();
    v.sort_by_key(|i| (crate::plot::init_colour(i), i.clone()));
    v.dedup();
    v
}

fn instances_of(rows: &[SweepRow]) -> Vec<String> {
    let mut v: Vec<String> = rows.iter().map(|r| r.file.clone()).collect();
    v.sort();
    v.dedup();
    v
}

/// How depth plots show a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// One line per instance when there is one instance, the median and IQR band otherwise.
    Auto,
    /// One thin line per instance and init.
    Instance,
    /// The median over instances with the interquartile band.
    Median,
}

/// The depth plots of a sweep: `success_vs_depth` (log axis, uniform baseline dashed) and
/// `approx_ratio_vs_depth`, under `dir`. `note` is printed under each title.
pub fn draw_depth_figures(rows: &[SweepRow], dir: &Path, lines: Lines, note: &str) -> Result<Vec<PathBuf>> {
    use crate::plot::{depth_plot, init_colour, Curve, DepthPlot, LegendAt};
    let instances = instances_of(rows);
    let per_instance = match lines {
        Lines::Auto => instances.len() == 1,
        Lines::Instance => true,
        Lines::Median => false,
    };
    let objective = rows.first().map(|r| r.objective.clone()).unwrap_or_default();
    let mut files = Vec::new();
    type Column = fn(&SweepRow) -> f64;
    let specs: [(&str, &str, &str, bool, Column, LegendAt); 2] = [
        (
            "success_vs_depth",
            "success probability vs depth",
            "P(valid board)",
            true,
            |r| r.p_valid,
            LegendAt::UpperLeft,
        ),
        (
            "approx_ratio_vs_depth",
            "approximation ratio vs depth",
            "(C_max − ⟨C⟩) / (C_max − C_min)",
            false,
            |r| r.approx_ratio,
            LegendAt::UpperLeft,
        ),
    ];
    for (stem, title, y_label, log_y, column, legend) in specs {
        let mut curves = Vec::new();
        for init in inits_of(rows) {
            let colour = init_colour(&init);
            if per_instance {
                for (i, file) in instances.iter().enumerate() {
                    let pts: Vec<(f64, f64)> = rows
                        .iter()
                        .filter(|r| r.init == init && &r.file == file)
                        .map(|r| (r.p as f64, column(r)))
                        .collect();
                    curves.push(Curve {
                        label: if i == 0 { init.clone() } else { String::new() },
                        colour,
                        points: pts,
                        band: Vec::new(),
                        thin: instances.len() > 1,
                        width: if colour == 0 { 7 } else { 3 },
                    });
                }
            } else {
                let s = summarize(rows, &init, column);
                curves.push(Curve {
                    label: format!("{init}: median, IQR band"),
                    colour,
                    points: s.iter().map(|x| (x.p as f64, x.median)).collect(),
                    band: s.iter().map(|x| (x.p as f64, x.q1, x.q3)).collect(),
                    thin: false,
                    // Ramp first and widest: where INTERP lands on the same optimum both show.
                    width: if colour == 0 { 7 } else { 3 },
                });
            }
        }
        let mut baselines = Vec::new();
        if log_y {
            let base: Vec<f64> = instances
                .iter()
                .filter_map(|f| rows.iter().find(|r| &r.file == f).map(|r| r.uniform_baseline))
                .collect();
            if let Some((_, m, _)) = stats::quartiles(&base) {
                let label = if instances.len() == 1 {
                    "uniform sampling".to_string()
                } else {
                    "uniform sampling (median)".to_string()
                };
                baselines.push((label, m));
            }
        }
        let plot = DepthPlot {
            title: format!(
                "{title} ({} instance{}, objective {objective})",
                instances.len(),
                if instances.len() == 1 { "" } else { "s" }
            ),
            y_label: y_label.into(),
            log_y,
            curves,
            baselines,
            legend,
            note: note.to_string(),
        };
        files.extend(depth_plot(&dir.join(stem), &plot)?);
    }
    Ok(files)
}

/// What `1` means on the board of a puzzle kind, for plot labels.
pub fn one_means(kind: &str) -> &'static str {
    match kind {
        "tango" => "sun",
        "queens" | "nqueens" | "gqueens" => "queen",
        "tents" => "tent",
        "chess" | "maxchess" => "piece",
        _ => "1",
    }
}

/// `(row, col)` of a model variable named `r{row}c{col}`.
fn cell_of_name(name: &str) -> Option<(usize, usize)> {
    let rest = name.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// The plain data of the board plot: per-cell `P(x = 1)` from the state, and the solution.
/// `None` when the model's variables are not one per `r{row}c{col}` cell.
pub fn board_plot_data(
    problem: &Problem,
    amps: &[num_complex::Complex64],
    valid: &[u64],
    title: &str,
) -> Option<crate::plot::BoardPlot> {
    let (rows, cols) = problem.puzzle.size();
    let marg = stats::variable_marginals(&problem.reduced, &stats::qubit_marginals(amps));
    let mut cells = vec![None; rows * cols];
    let mut fixed = vec![false; rows * cols];
    for (v, name) in problem.model.names.iter().enumerate() {
        let (r, c) = cell_of_name(name)?;
        if r >= rows || c >= cols || cells[r * cols + c].is_some() {
            return None;
        }
        cells[r * cols + c] = Some(marg[v]);
        fixed[r * cols + c] = matches!(problem.reduced.lits[v], crate::model::Lit::Const(_));
    }
    let solution = problem
        .puzzle
        .solution()
        .cloned()
        .or_else(|| valid.first().map(|&k| problem.board_of(k)));
    // Colour the solution by its variables (a Tents tent is `A`, a queen `Q`, ...).
    let mut solution_values = Vec::new();
    if let Some(x) = solution.as_ref().and_then(|b| problem.puzzle.assignment(b)) {
        if x.len() == problem.model.num_vars() {
            solution_values = vec![None; rows * cols];
            for (v, name) in problem.model.names.iter().enumerate() {
                if let Some((r, c)) = cell_of_name(name) {
                    solution_values[r * cols + c] = Some(x[v]);
                }
            }
        }
    }
    Some(crate::plot::BoardPlot {
        title: title.to_string(),
        rows,
        cols,
        marginals: cells,
        fixed,
        solution,
        solution_values,
        one_means: one_means(problem.puzzle.kind()).to_string(),
    })
}

/// For one finished row: rebuild the state from its angles and draw the top-`top_k`
/// distribution and the board marginals under `dir` as `<stem>-distribution` and
/// `<stem>-board`.
pub fn draw_instance_figures(
    problem: &Problem,
    row: &SweepRow,
    dir: &Path,
    stem: &str,
    top_k: usize,
) -> Result<Vec<PathBuf>> {
    use crate::plot::{board_plot, distribution_plot, Bar, BarKind};
    let sim = QaoaSimulator::new(&problem.ising)?;
    let (valid, non_qubo) = problem.success_states(sim.diagonal());
    let state = sim.state(&row.angles()?)?;
    let n = problem.num_qubits();
    let mut top = stats::top_states(&state.amps, top_k);
    // When no valid board is among the top k, add the most likely one, labelled with its rank.
    let mut ranked = None;
    if !top.iter().any(|(k, _)| valid.binary_search(k).is_ok()) {
        if let Some((k, p)) = valid
            .iter()
            .map(|&k| (k, state.amps[k as usize].norm_sqr()))
            .max_by(|a, b| a.1.total_cmp(&b.1))
        {
            let rank = 1 + state.amps.iter().filter(|a| a.norm_sqr() > p).count();
            ranked = Some((k, rank));
            top.push((k, p));
        }
    }
    let bars: Vec<Bar> = top
        .into_iter()
        .map(|(k, p)| Bar {
            label: match ranked {
                Some((rk, rank)) if rk == k => format!("#{rank}: {}", bits::to_bitstring(k, n)),
                _ => bits::to_bitstring(k, n),
            },
            probability: p,
            kind: if valid.binary_search(&k).is_ok() {
                BarKind::Valid
            } else if non_qubo.binary_search(&k).is_ok() {
                BarKind::NonQuboOnly
            } else {
                BarKind::Invalid
            },
        })
        .collect();
    let name = Path::new(&row.file)
        .file_name()
        .map_or(row.file.clone(), |f| f.to_string_lossy().into_owned());
    let mut files = distribution_plot(
        &dir.join(format!("{stem}-distribution")),
        &format!(
            "{name}: top {}{} of 2{} bitstrings, p = {}, {} init, P(valid) = {:.4}",
            bars.len() - usize::from(ranked.is_some()),
            if ranked.is_some() { " + best valid" } else { "" },
            crate::plot::superscript(n as i32),
            row.p,
            row.init,
            row.p_valid
        ),
        &bars,
    )?;
    if let Some(plot) = board_plot_data(
        problem,
        &state.amps,
        &valid,
        &format!(
            "{name}: per-cell marginals at p = {} ({} init), P(valid) = {:.4}",
            row.p, row.init, row.p_valid
        ),
    ) {
        files.extend(board_plot(&dir.join(format!("{stem}-board")), &plot)?);
    }
    Ok(files)
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
        "{} instance(s), objective {}, inits {}.\n\nMedian P(valid) over instances [first quartile, third quartile]; mean simulator calls (objective + gradient evaluations) per instance in parentheses.\n\n| p |",
        instances.len(),
        rows.first().map(|r| r.objective.as_str()).unwrap_or(""),
        inits.join(", ")
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
                    " {:.4} [{:.4}, {:.4}] ({:.0}) |",
                    x.median, x.q1, x.q3, x.mean_calls
                )),
                None => s.push_str(" |"),
            }
        }
        s.push('\n');
    }
    let base: Vec<f64> = instances
        .iter()
        .filter_map(|f| rows.iter().find(|r| &r.file == f).map(|r| r.uniform_baseline))
        .collect();
    if let Some((_, m, _)) = stats::quartiles(&base) {
        s.push_str(&format!("\nUniform sampling: median P(valid) {m:.3e}.\n"));
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
                                .find(|r| &r.file == *f && r.p == compare_p && r.init == i)
                                .map(|r| r.p_valid)
                        };
                        matches!((get(other), get("random")), (Some(a), Some(b)) if a > b)
                    })
                    .count();
                s.push_str(&format!(
                    "\nAt p = {compare_p}: {other} median P(valid) {:.4} with {:.0} mean calls; random {:.4} with {:.0} mean calls ({}); {other} is higher on {wins} of {} instances.\n",
                    o.median,
                    o.mean_calls,
                    random.median,
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
