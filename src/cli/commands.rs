//! The commands: validated settings in, library calls, output out.

use super::args::{ClassicalMethod, Cli, Command, Encoding, GenerateArgs, MethodArg, ModelSource, QasmArgs, SolveArgs};
use quzzle::bits;
use quzzle::encoding::compact::CompactSudoku;
use quzzle::encoding::onehot::QubitCell;
use quzzle::encoding::onehot::{self as problem, Problem};
use quzzle::experiment::{self, solve::SolveReport};
use quzzle::export::qasm::{self, Flavor, QasmHeader};
use quzzle::export::{self as exporter, Manifest};
use quzzle::model::{reduce, Level};
use quzzle::puzzle::generate;
use quzzle::puzzle::{self, Puzzle as _};
use quzzle::qaoa::optimize::{Init, Method, OptimizeConfig};
use quzzle::qaoa::{Objective, QaoaSimulator};
use quzzle::sim::MAX_QUBITS;
use quzzle::{Angles, Circuit, Error, Ising, Result};
use serde_json::json;
use std::path::{Path, PathBuf};

/// The embedded default instance: a 6x6 Tango written for quzzle (MIT, like the project).
const DEMO_FILE: &str = "demo-tango-6x6.txt";
const DEMO_TEXT: &str = include_str!("../../data/demo-tango-6x6.txt");

/// Diagonal classical solving up to this many qubits (2^24 states, 32 MiB of index).
const CLASSICAL_DIAGONAL_MAX_QUBITS: usize = 24;

pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Demo { out } => demo(&out),
        Command::Info {
            file,
            reduce,
            encoding,
            json,
        } => match encoding.encoding {
            Encoding::Onehot => info(&file, reduce.level.into(), json),
            Encoding::Compact => info_compact(&file, reduce.level.into(), json),
        },
        Command::Classical {
            file,
            reduce,
            encoding,
            method,
            json,
        } => match encoding.encoding {
            Encoding::Onehot => classical(&file, reduce.level.into(), method, json),
            Encoding::Compact => classical_compact(&file, reduce.level.into(), method, json),
        },
        Command::Solve(args) => solve(&args),
        Command::Ising {
            source,
            reduce,
            json: _,
        } => {
            print!("{}", to_json(&model_of(&source, reduce.level.into())?));
            Ok(())
        }
        Command::Bench {
            source,
            reduce,
            depth,
            repeats,
            json,
        } => bench(&source, reduce.level.into(), depth, repeats, json),
        Command::Qasm(args) => qasm_export(&args),
        Command::Generate(args) => generate_command(&args),
        Command::Sweep(args) => super::sweep::sweep(&args),
        Command::Landscape(args) => super::sweep::landscape(&args),
    }
}

fn generate_command(args: &GenerateArgs) -> Result<()> {
    let req = generate::Request {
        kind: args.kind.into(),
        size: args.size,
        stars: args.stars,
        givens: args.givens,
        seed: args.seed,
        method: match args.method {
            MethodArg::Grow => generate::RegionMethod::Grow,
            MethodArg::Qubo => generate::RegionMethod::Qubo,
        },
    };
    let began = std::time::Instant::now();
    let g = generate::generate(&req)?;
    let seconds = began.elapsed().as_secs_f64();
    let summary = format!(
        "{} {}x{} seed {}: unique, {seconds:.4} s, {} attempt(s), {} exact searches{}, proof {} search nodes",
        req.kind.name(),
        req.size,
        req.size,
        req.seed,
        g.attempts,
        g.searches,
        g.givens.map_or_else(String::new, |k| format!(", {k} givens")),
        g.proof_nodes
    );
    match &args.out {
        Some(path) => {
            write(path, &g.text)?;
            println!("wrote {}: {summary}", path.display());
        }
        None => {
            print!("{}", g.text);
            eprintln!("{summary}");
        }
    }
    for note in &g.notes {
        eprintln!("note: {note}");
    }
    Ok(())
}

/// `info --encoding compact`: qubits per level of the compact Sudoku encoding.
fn info_compact(file: &Path, level: Level, as_json: bool) -> Result<()> {
    let mut variables = serde_json::Map::new();
    let mut lines = Vec::new();
    for l in Level::ALL {
        match CompactSudoku::load(file, l) {
            Ok(c) => {
                variables.insert(l.name().into(), json!(c.num_qubits()));
                lines.push(format!(
                    "  {:<10} {} ({} open cells, highest Z degree {})",
                    l.name(),
                    c.num_qubits(),
                    c.cells.len(),
                    c.zpoly.max_degree()
                ));
            }
            Err(Error::Unsatisfiable { reason }) => {
                variables.insert(l.name().into(), serde_json::Value::Null);
                lines.push(format!("  {:<10} no solution ({reason})", l.name()));
            }
            Err(e) => return Err(e),
        }
    }
    let c = CompactSudoku::load(file, level)?;
    let qubits = c.num_qubits();
    let state_bytes: u128 = if qubits < 100 { 16u128 << qubits } else { u128::MAX };
    if as_json {
        print!(
            "{}",
            to_json(&json!({
                "puzzle": c.sudoku.kind(),
                "encoding": "compact",
                "file": file.display().to_string(),
                "size": format!("{0}x{0}", c.sudoku.n),
                "cells": c.sudoku.n * c.sudoku.n,
                "variables": variables,
                "reduce": level.name(),
                "qubits": qubits,
                "terms": c.zpoly.terms.len(),
                "max_degree": c.zpoly.max_degree(),
                "open_cells": c.cells,
                "state_bytes": u64::try_from(state_bytes).ok(),
            }))
        );
    } else {
        println!(
            "{}: {} {}x{}, compact encoding (ceil(log2 m) qubits per cell with m candidates)",
            file.display(),
            c.sudoku.kind(),
            c.sudoku.n,
            c.sudoku.n
        );
        print!("{}", c.sudoku.render(None));
        println!("qubits by reduction level (candidates from the one-hot reduction):");
        for l in lines {
            println!("{l}");
        }
        println!(
            "qubits at {}: {qubits}; {} Z terms; statevector {}",
            level.name(),
            c.zpoly.terms.len(),
            human_bytes(state_bytes)
        );
    }
    Ok(())
}

/// `classical --encoding compact`: the ground states of the compact cost diagonal.
fn classical_compact(file: &Path, level: Level, method: ClassicalMethod, as_json: bool) -> Result<()> {
    if method == ClassicalMethod::Search {
        return Err(Error::InvalidArgument(
            "--encoding compact is solved over its cost diagonal; use --method diagonal or auto (exact search runs on the one-hot model)".into(),
        ));
    }
    let c = CompactSudoku::load(file, level)?;
    let diagonal = c.cost_diagonal()?;
    let min_energy = diagonal.min();
    let ground = diagonal.states_with_cost(min_energy, problem::ENERGY_TOL);
    let valid = c.success_states(&diagonal);
    let boards: Vec<_> = valid.iter().take(100).map(|&k| c.board_of(k)).collect();
    if as_json {
        print!(
            "{}",
            to_json(&json!({
                "puzzle": c.sudoku.kind(),
                "encoding": "compact",
                "file": c.file,
                "reduce": level.name(),
                "qubits": c.num_qubits(),
                "method": "diagonal",
                "min_energy": min_energy,
                "ground_states": ground.len(),
                "solution_count": valid.len(),
                "complete": true,
                "boards": boards,
            }))
        );
    } else {
        println!(
            "{}: {} qubits at {} (compact encoding), solved by diagonal",
            c.file,
            c.num_qubits(),
            level.name()
        );
        println!("minimum energy: {min_energy}");
        println!("ground states: {}", ground.len());
        println!("solutions: {}", valid.len());
        for b in &boards {
            println!();
            print!("{}", c.sudoku.render(Some(b)));
        }
    }
    if valid.is_empty() {
        return Err(Error::Unsatisfiable {
            reason: format!("the smallest energy is {min_energy}, not 0"),
        });
    }
    Ok(())
}

/// The Ising model of a puzzle at a level, or a random one.
fn model_of(source: &ModelSource, level: Level) -> Result<Ising> {
    match (&source.file, source.random) {
        (Some(file), None) => Ok(Problem::load(file, level)?.ising),
        (None, Some(n)) if (1..=MAX_QUBITS).contains(&n) => Ok(Ising::random(n, source.seed)),
        (None, Some(n)) => Err(Error::InvalidArgument(format!(
            "--random {n}: qubits must be 1..={MAX_QUBITS}"
        ))),
        _ => Err(Error::InvalidArgument("give a puzzle file or --random N".into())),
    }
}

fn bench(source: &ModelSource, level: Level, depth: usize, repeats: usize, as_json: bool) -> Result<()> {
    if depth == 0 || repeats == 0 {
        return Err(Error::InvalidArgument(
            "--depth and --repeats must be at least 1".into(),
        ));
    }
    let ising = model_of(source, level)?;
    let r = quzzle::experiment::bench::bench(&ising, depth, repeats)?;
    if as_json {
        print!("{}", to_json(&r));
    } else {
        println!(
            "{} qubits, p = {}: {:.4} s per evaluation ({:.1} GB/s at two passes per layer), {:.4} s per gradient ({:.2}x), energy {:.10}, diagonal {:.3} s ({} B/state), {} threads",
            r.qubits,
            r.p,
            r.seconds,
            r.gbps,
            r.gradient_seconds,
            r.gradient_seconds / r.seconds,
            r.energy,
            r.precompute_seconds,
            r.diagonal_bytes_per_state,
            r.threads
        );
    }
    Ok(())
}

pub(super) fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir).map_err(|source| Error::Write {
                path: dir.to_path_buf(),
                source,
            })?;
        }
    }
    std::fs::write(path, text).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("reports serialise") + "\n"
}

fn human_bytes(b: u128) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < units.len() {
        v /= 1024.0;
        u += 1;
    }
    format!("{v:.1} {}", units[u])
}

fn info(file: &Path, level: Level, as_json: bool) -> Result<()> {
    let puzzle = puzzle::load(file)?;
    let model = puzzle.model();
    let mut variables = serde_json::Map::new();
    let mut lines = Vec::new();
    for l in Level::ALL {
        match reduce::reduce(&model, l) {
            Ok(r) => {
                variables.insert(l.name().into(), json!(r.num_free));
                lines.push(format!("  {:<10} {}", l.name(), r.num_free));
            }
            Err(Error::Unsatisfiable { reason }) => {
                variables.insert(l.name().into(), serde_json::Value::Null);
                lines.push(format!("  {:<10} no solution ({reason})", l.name()));
            }
            Err(e) => return Err(e),
        }
    }
    let reduced = reduce::reduce(&model, level)?;
    let qubits = reduced.num_free;
    let state_bytes: u128 = if qubits < 100 { 16u128 << qubits } else { u128::MAX };
    let (rows, cols) = puzzle.size();
    if as_json {
        print!(
            "{}",
            to_json(&json!({
                "puzzle": puzzle.kind(),
                "file": file.display().to_string(),
                "size": format!("{rows}x{cols}"),
                "cells": rows * cols,
                "model_variables": model.num_vars(),
                "variables": variables,
                "reduce": level.name(),
                "qubits": qubits,
                "notes": reduced.notes,
                "state_bytes": u64::try_from(state_bytes).ok(),
            }))
        );
    } else {
        println!(
            "{}: {} {rows}x{cols}, {} cells",
            file.display(),
            puzzle.kind(),
            rows * cols
        );
        print!("{}", puzzle.render(None));
        println!("free variables by reduction level:");
        for l in lines {
            println!("{l}");
        }
        println!(
            "qubits at {}: {qubits}; statevector {} (2^{qubits} amplitudes x 16 bytes)",
            level.name(),
            human_bytes(state_bytes)
        );
        for note in &reduced.notes {
            println!("note: {note}");
        }
    }
    Ok(())
}

fn classical(file: &Path, level: Level, method: ClassicalMethod, as_json: bool) -> Result<()> {
    let problem = Problem::load(file, level)?;
    let n = problem.num_qubits();
    let use_diagonal = match method {
        ClassicalMethod::Diagonal => true,
        ClassicalMethod::Search => false,
        ClassicalMethod::Auto => n <= CLASSICAL_DIAGONAL_MAX_QUBITS,
    };
    let sim = if use_diagonal {
        Some(QaoaSimulator::new(&problem.ising)?)
    } else {
        None
    };
    let result = problem.classical(sim.as_ref().map(|s| s.diagonal()), 100)?;
    if as_json {
        print!(
            "{}",
            to_json(&json!({
                "puzzle": problem.puzzle.kind(),
                "file": problem.file,
                "reduce": level.name(),
                "qubits": n,
                "method": result.method,
                "min_energy": result.min_energy,
                "ground_states": result.ground_states,
                "solution_count": result.solution_count,
                "ground_states_breaking_non_qubo_rules": result.ground_states_breaking_non_qubo_rules,
                "complete": result.complete,
                "boards": result.boards,
            }))
        );
    } else {
        println!(
            "{}: {} qubits at {}, solved by {}",
            problem.file,
            n,
            level.name(),
            result.method
        );
        println!("minimum QUBO energy: {}", result.min_energy);
        println!("ground states: {}", result.ground_states);
        if result.ground_states_breaking_non_qubo_rules > 0 {
            println!(
                "ground states breaking only rules the QUBO cannot express: {}",
                result.ground_states_breaking_non_qubo_rules
            );
        }
        println!(
            "solutions: {}{}",
            result.solution_count,
            if result.complete {
                ""
            } else {
                " (search stopped at its limit)"
            }
        );
        for b in &result.boards {
            println!();
            print!("{}", problem.puzzle.render(Some(b)));
        }
    }
    problem::require_solution(&result)
}

struct SolveSettings {
    file: PathBuf,
    label: String,
    level: Level,
    depths: Vec<usize>,
    init: Init,
    objective: quzzle::experiment::sweep::ObjectiveSpec,
    config: OptimizeConfig,
}

fn settings(args: &SolveArgs) -> Result<SolveSettings> {
    Ok(SolveSettings {
        file: args.file.clone(),
        label: args.file.display().to_string(),
        level: args.reduce.level.into(),
        depths: experiment::solve::parse_depths(&args.depths)?,
        init: args.init.into(),
        objective: args.optimize.objective,
        config: args.optimize.config(args.restarts)?,
    })
}

fn solve_problem(problem: &Problem, s: &SolveSettings) -> Result<SolveReport> {
    let sim = QaoaSimulator::new(&problem.ising)?;
    let (valid, non_qubo) = problem.success_states(sim.diagonal());
    if valid.is_empty() {
        let c = problem.classical(Some(sim.diagonal()), 0)?;
        problem::require_solution(&c)?;
    }
    let objective = s.objective.to_objective(&valid);
    let depths =
        experiment::solve::run_depths_split(&sim, &objective, &valid, &non_qubo, &s.depths, s.init, &s.config)?;
    let n = problem.num_qubits();
    Ok(SolveReport {
        puzzle: problem.puzzle.kind().into(),
        file: s.label.clone(),
        reduce: s.level.name().into(),
        qubits: n,
        qubit_cells: problem.qubit_cells(),
        valid_bitstrings: problem::bitstrings(&valid, n),
        non_qubo_failures: problem::bitstrings(&non_qubo, n),
        uniform_baseline: valid.len() as f64 / (1u64 << n) as f64,
        init: s.init.name().into(),
        // CVaR has no gradient, so the optimiser falls back to Nelder–Mead.
        optimizer: match (s.config.method, objective.has_gradient()) {
            (Method::Lbfgs, true) => "lbfgs".into(),
            _ => "nelder-mead".into(),
        },
        objective: objective.name(),
        restarts: s.config.restarts,
        seed: s.config.seed,
        version: env!("CARGO_PKG_VERSION").into(),
        depths,
    })
}

/// QAOA on the compact Sudoku encoding: the diagonal of its Z polynomial, success = the
/// decoded board passes the full check.
fn solve_compact(c: &CompactSudoku, s: &SolveSettings) -> Result<SolveReport> {
    let sim = QaoaSimulator::from_diagonal(c.cost_diagonal()?)?;
    let valid = c.success_states(sim.diagonal());
    if valid.is_empty() {
        return Err(Error::Unsatisfiable {
            reason: format!("the smallest energy is {}, not 0", sim.diagonal().min()),
        });
    }
    let objective = Objective::Energy;
    let depths = experiment::solve::run_depths(&sim, &objective, &valid, &s.depths, s.init, &s.config)?;
    let n = c.num_qubits();
    Ok(SolveReport {
        puzzle: format!("{} (compact encoding)", c.sudoku.kind()),
        file: s.label.clone(),
        reduce: s.level.name().into(),
        qubits: n,
        qubit_cells: c.qubit_cells(),
        valid_bitstrings: problem::bitstrings(&valid, n),
        non_qubo_failures: Vec::new(),
        uniform_baseline: valid.len() as f64 / (1u64 << n) as f64,
        init: s.init.name().into(),
        optimizer: match s.config.method {
            Method::Lbfgs => "lbfgs".into(),
            Method::NelderMead => "nelder-mead".into(),
        },
        objective: objective.name(),
        restarts: s.config.restarts,
        seed: s.config.seed,
        version: env!("CARGO_PKG_VERSION").into(),
        depths,
    })
}

fn print_report(report: &SolveReport, render: &dyn Fn(u64) -> String) {
    println!(
        "{}: {} at {}, {} qubits, {} valid bitstring(s); uniform sampling finds one with probability {:.3e}",
        report.file,
        report.puzzle,
        report.reduce,
        report.qubits,
        report.valid_bitstrings.len(),
        report.uniform_baseline
    );
    if !report.non_qubo_failures.is_empty() {
        println!(
            "{} zero-energy bitstring(s) break rules the QUBO cannot express",
            report.non_qubo_failures.len()
        );
    }
    println!(
        "init {}, optimizer {}, objective {}, seed {} (bitstrings: qubit 0 first)",
        report.init, report.optimizer, report.objective, report.seed
    );
    println!(
        "{:>3} {:>12} {:>12} {:>12} {:>12} {:>10} {:>8} {:>6} {:>7} {:>8}  top bitstring",
        "p", "energy", "P(valid)", "P(non-QUBO)", "P(invalid)", "shots@99%", "x unif.", "evals", "grads", "seconds"
    );
    for d in &report.depths {
        println!(
            "{:>3} {:>12.6} {:>12.6} {:>12.6} {:>12.6} {:>10} {:>8.1} {:>6} {:>7} {:>8.2}  {} ({:.3}{})",
            d.p,
            d.energy,
            d.success_probability,
            d.p_non_qubo,
            d.p_invalid,
            d.shots_99.map_or("never".to_string(), |s| format!("{:.0}", s.ceil())),
            d.success_probability / report.uniform_baseline,
            d.evaluations,
            d.gradients,
            d.seconds,
            d.top_bitstring,
            d.top_probability,
            if d.top_is_valid { ", valid" } else { "" }
        );
    }
    if let Some(last) = report.depths.last() {
        if let Some(k) = bits::from_bitstring(&last.top_bitstring) {
            println!("\nmost likely board at p = {}:", last.p);
            print!("{}", render(k));
        }
    }
}

fn write_report(dir: &Path, report: &SolveReport) -> Result<()> {
    write(&dir.join("solve.json"), &to_json(report))?;
    write(&dir.join("depths.csv"), &report.to_csv())
}

fn solve(args: &SolveArgs) -> Result<()> {
    let s = settings(args)?;
    if args.encoding.encoding == Encoding::Compact {
        let c = CompactSudoku::load(&s.file, s.level)?;
        let report = solve_compact(&c, &s)?;
        return emit_report(args, &report, &|k| c.sudoku.render(Some(&c.board_of(k))));
    }
    let problem = Problem::load(&s.file, s.level)?;
    let report = solve_problem(&problem, &s)?;
    emit_report(args, &report, &|k| problem.puzzle.render(Some(&problem.board_of(k))))
}

/// Print a solve report (JSON or text with the most likely board) and write it under `--out`.
fn emit_report(args: &SolveArgs, report: &SolveReport, render: &dyn Fn(u64) -> String) -> Result<()> {
    if args.json {
        print!("{}", to_json(report));
    } else {
        print_report(report, render);
    }
    if let Some(dir) = &args.out {
        write_report(dir, report)?;
    }
    Ok(())
}

fn demo(out: &Path) -> Result<()> {
    let s = SolveSettings {
        file: PathBuf::from(DEMO_FILE),
        label: format!("(embedded) {DEMO_FILE}"),
        level: Level::Paper,
        depths: vec![1, 2, 3],
        init: Init::Interp,
        objective: quzzle::experiment::sweep::ObjectiveSpec::Energy,
        config: OptimizeConfig::default(),
    };
    let problem = Problem::new(&s.label, puzzle::parse(DEMO_FILE, DEMO_TEXT)?, s.level)?;
    print!("{}", problem.puzzle.render(None));
    println!();
    let report = solve_problem(&problem, &s)?;
    print_report(&report, &|k| problem.puzzle.render(Some(&problem.board_of(k))));
    write_report(out, &report)?;
    write(&out.join(DEMO_FILE), DEMO_TEXT)?;
    println!("\nwrote {}/solve.json and depths.csv", out.display());
    Ok(())
}

/// Valid boards kept in a manifest when they come from search (no statevector).
const MANIFEST_SEARCH_KEEP: usize = 10_000;

/// The angles of `quzzle qasm`: from a report, from the command line, or optimised here.
fn qasm_angles(args: &QasmArgs, sim: Option<&QaoaSimulator>, valid: &[u64]) -> Result<Angles> {
    let p = usize::from(args.depth);
    if let Some(path) = &args.angles {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
        return exporter::angles_from_json(&text, &path.display().to_string(), p);
    }
    if let (Some(g), Some(b)) = (&args.gammas, &args.betas) {
        for (name, v) in [("--gammas", g), ("--betas", b)] {
            if v.len() != p {
                return Err(Error::InvalidArgument(format!(
                    "{name} has {} number(s), --depth {p} needs {p}",
                    v.len()
                )));
            }
        }
        return Angles::new(g.clone(), b.clone());
    }
    // --optimize (clap makes sure exactly one source is given); a state too large to simulate
    // has already failed with TooManyQubits.
    let Some(sim) = sim else {
        return Err(Error::InvalidArgument("--optimize needs a simulable instance".into()));
    };
    let config = OptimizeConfig {
        seed: args.seed,
        ..OptimizeConfig::default()
    };
    let depths: Vec<usize> = (1..=p).collect();
    let results = experiment::solve::run_depths(sim, &Objective::Energy, valid, &depths, Init::Interp, &config)?;
    let last = results.last().expect("run_depths returns one result per depth");
    Angles::new(last.gammas.clone(), last.betas.clone())
}

/// What `quzzle qasm` needs of an encoded puzzle.
struct QasmTarget {
    n: usize,
    sim: Option<QaoaSimulator>,
    valid: Vec<u64>,
    valid_bitstrings: Vec<String>,
    method: &'static str,
    complete: bool,
    notes: Vec<String>,
    qubit_cells: Vec<Vec<QubitCell>>,
    circuit_of: Box<dyn Fn(&Angles) -> Circuit>,
}

fn no_qubits(args: &QasmArgs, level: Level) -> Error {
    Error::InvalidArgument(format!(
        "{}: the {} reduction decides every cell, so the circuit would have no qubits; choose a lower --reduce level",
        args.file.display(),
        level.name()
    ))
}

fn qasm_target_onehot(args: &QasmArgs, level: Level) -> Result<QasmTarget> {
    let problem = Problem::load(&args.file, level)?;
    let n = problem.num_qubits();
    if n == 0 {
        return Err(no_qubits(args, level));
    }
    let (sim, too_big) = match QaoaSimulator::new(&problem.ising) {
        Ok(sim) => (Some(sim), None),
        Err(e @ Error::TooManyQubits { .. }) if !args.optimize && !args.with_state => (None, Some(e)),
        Err(e) => return Err(e),
    };
    let mut notes = Vec::new();
    let (valid, valid_bitstrings, method, complete) = match &sim {
        Some(sim) => {
            let (valid, non_qubo) = problem.zero_energy_states(sim.diagonal());
            if !non_qubo.is_empty() {
                notes.push(format!(
                    "{} zero-energy bitstring(s) break only rules the QUBO cannot express; they are not in valid_bitstrings",
                    non_qubo.len()
                ));
            }
            let strings = problem::bitstrings(&valid, n);
            (valid, strings, "diagonal", true)
        }
        None => {
            let (strings, complete) = problem.valid_bitstrings_by_search(MANIFEST_SEARCH_KEEP)?;
            if let Some(e) = &too_big {
                notes.push(format!(
                    "not simulated ({e}): success_probability and energy are null; valid_bitstrings come from exact search"
                ));
            }
            (Vec::new(), strings, "search", complete)
        }
    };
    let ising = problem.ising.clone();
    Ok(QasmTarget {
        n,
        sim,
        valid,
        valid_bitstrings,
        method,
        complete,
        notes,
        qubit_cells: problem.qubit_cells(),
        circuit_of: Box::new(move |angles| Circuit::qaoa(&ising, angles)),
    })
}

fn qasm_target_compact(args: &QasmArgs, level: Level) -> Result<QasmTarget> {
    let c = CompactSudoku::load(&args.file, level)?;
    let n = c.num_qubits();
    if n == 0 {
        return Err(no_qubits(args, level));
    }
    let mut notes = vec![format!(
        "compact encoding: {} Z terms up to degree {}, each exp(-i gamma w Z..Z) written as a CNOT ladder onto its last qubit, rz(2 gamma w), the ladder undone",
        c.zpoly.terms.len(),
        c.zpoly.max_degree()
    )];
    let sim = match c.cost_diagonal() {
        Ok(d) => Some(QaoaSimulator::from_diagonal(d)?),
        Err(e @ Error::TooManyQubits { .. }) if !args.optimize && !args.with_state => {
            notes.push(format!(
                "not simulated ({e}): success_probability, energy and valid_bitstrings are empty"
            ));
            None
        }
        Err(e) => return Err(e),
    };
    let valid = sim.as_ref().map(|s| c.success_states(s.diagonal())).unwrap_or_default();
    let complete = sim.is_some();
    let zpoly = c.zpoly.clone();
    Ok(QasmTarget {
        n,
        valid_bitstrings: problem::bitstrings(&valid, n),
        sim,
        valid,
        method: "diagonal",
        complete,
        notes,
        qubit_cells: c.qubit_cells(),
        circuit_of: Box::new(move |angles| Circuit::qaoa_poly(&zpoly, angles)),
    })
}

fn qasm_export(args: &QasmArgs) -> Result<()> {
    let flavor: Flavor = args.flavor.into();
    if args.symbolic && flavor != Flavor::Portable {
        return Err(Error::InvalidArgument(format!(
            "--symbolic writes input parameters, which only the portable flavour has; drop it or use --flavor portable (not {})",
            flavor.name()
        )));
    }
    if let Some(out) = &args.out {
        if out.extension().is_some_and(|e| e == "json") {
            return Err(Error::InvalidArgument(format!(
                "-o {}: the manifest takes the .json name beside the QASM file; name the QASM file OUT.qasm",
                out.display()
            )));
        }
    }
    let level: Level = args.reduce.level.into();
    let target = match args.encoding.encoding {
        Encoding::Onehot => qasm_target_onehot(args, level)?,
        Encoding::Compact => qasm_target_compact(args, level)?,
    };
    let QasmTarget {
        n,
        sim,
        valid,
        valid_bitstrings,
        method,
        complete,
        mut notes,
        qubit_cells,
        circuit_of,
    } = target;
    let angles = qasm_angles(args, sim.as_ref(), &valid)?;
    let p = angles.p();
    let header = QasmHeader {
        file: args.file.display().to_string(),
        reduce: level.name().into(),
        depth: p,
        gammas: angles.gammas.clone(),
        betas: angles.betas.clone(),
        qubit_cells,
    };
    let circuit = circuit_of(&angles);
    notes.shrink_to_fit();
    let text = qasm::to_qasm3(&circuit, &header, flavor, args.symbolic)?;
    let Some(out) = &args.out else {
        print!("{text}");
        return Ok(());
    };
    let (success_probability, energy, state) = match &sim {
        Some(sim) => {
            let eval = sim.evaluate(&angles, &valid)?;
            let state = if args.with_state {
                Some(sim.state(&angles)?.amps.iter().map(|a| [a.re, a.im]).collect())
            } else {
                None
            };
            (Some(eval.success_probability), Some(eval.energy), state)
        }
        None => (None, None, None),
    };
    let parameters = args.symbolic.then(|| {
        (0..p)
            .flat_map(|l| {
                [
                    (
                        qasm::parameter_name(quzzle::circuit::Param::Gamma(l), p),
                        angles.gammas[l],
                    ),
                    (
                        qasm::parameter_name(quzzle::circuit::Param::Beta(l), p),
                        angles.betas[l],
                    ),
                ]
            })
            .collect()
    });
    let manifest = Manifest {
        qasm: out
            .file_name()
            .map_or_else(|| out.display().to_string(), |f| f.to_string_lossy().into_owned()),
        file: header.file.clone(),
        reduce: header.reduce.clone(),
        depth: p,
        flavor,
        symbolic: args.symbolic,
        qubits: n,
        qubit_cells: header.qubit_cells.clone(),
        bit_order: exporter::BIT_ORDER_NOTE.into(),
        valid_bitstrings,
        valid_bitstrings_method: method.into(),
        valid_bitstrings_complete: complete,
        gammas: angles.gammas.clone(),
        betas: angles.betas.clone(),
        parameters,
        success_probability,
        energy,
        version: env!("CARGO_PKG_VERSION").into(),
        notes,
        state,
    };
    let manifest_path = out.with_extension("json");
    write(out, &text)?;
    write(&manifest_path, &to_json(&manifest))?;
    let (_, rx, _, rzz, _) = circuit.counts();
    println!(
        "wrote {} ({} flavour, {n} qubits, p = {p}, {rzz} rzz, {rx} rx) and {}",
        out.display(),
        flavor.name(),
        manifest_path.display()
    );
    match success_probability {
        Some(sp) => println!("success probability at these angles: {sp:.6}"),
        None => println!("not simulated (too many qubits): success_probability is null in the manifest"),
    }
    Ok(())
}
