//! The commands: validated settings in, library calls, output out.

use super::args::{ClassicalMethod, Cli, Command, ModelSource, SolveArgs};
use quzzle::bits;
use quzzle::experiment::{self, SolveReport};
use quzzle::model::{reduce, Level};
use quzzle::problem::{self, Problem};
use quzzle::puzzle;
use quzzle::qaoa::optimize::{Init, Method, OptimizeConfig};
use quzzle::qaoa::{Objective, QaoaSimulator};
use quzzle::sim::MAX_QUBITS;
use quzzle::{Error, Ising, Result};
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
        Command::Info { file, reduce, json } => info(&file, reduce.level.into(), json),
        Command::Classical {
            file,
            reduce,
            method,
            json,
        } => classical(&file, reduce.level.into(), method, json),
        Command::Solve(args) => solve(&args),
        Command::Ising { source, reduce, json: _ } => {
            print!("{}", to_json(&model_of(&source, reduce.level.into())?));
            Ok(())
        }
        Command::Bench { source, reduce, depth, repeats, json } => bench(&source, reduce.level.into(), depth, repeats, json),
    }
}

/// The Ising model of a puzzle at a level, or a random one.
fn model_of(source: &ModelSource, level: Level) -> Result<Ising> {
    match (&source.file, source.random) {
        (Some(file), None) => Ok(Problem::load(file, level)?.ising),
        (None, Some(n)) if (1..=MAX_QUBITS).contains(&n) => Ok(Ising::random(n, source.seed)),
        (None, Some(n)) => Err(Error::InvalidArgument(format!("--random {n}: qubits must be 1..={MAX_QUBITS}"))),
        _ => Err(Error::InvalidArgument("give a puzzle file or --random N".into())),
    }
}

fn bench(source: &ModelSource, level: Level, depth: usize, repeats: usize, as_json: bool) -> Result<()> {
    if depth == 0 || repeats == 0 {
        return Err(Error::InvalidArgument("--depth and --repeats must be at least 1".into()));
    }
    let ising = model_of(source, level)?;
    let r = quzzle::bench::bench(&ising, depth, repeats)?;
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

fn write(path: &Path, text: &str) -> Result<()> {
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
    config: OptimizeConfig,
}

fn settings(args: &SolveArgs) -> Result<SolveSettings> {
    if args.restarts == 0 {
        return Err(Error::InvalidArgument("--restarts must be at least 1".into()));
    }
    if args.max_iters == 0 {
        return Err(Error::InvalidArgument("--max-iters must be at least 1".into()));
    }
    Ok(SolveSettings {
        file: args.file.clone(),
        label: args.file.display().to_string(),
        level: args.reduce.level.into(),
        depths: experiment::parse_depths(&args.depths)?,
        init: args.init.into(),
        config: OptimizeConfig {
            method: args.optimizer.into(),
            max_iters: args.max_iters,
            restarts: args.restarts,
            seed: args.seed,
        },
    })
}

fn solve_problem(problem: &Problem, s: &SolveSettings) -> Result<SolveReport> {
    let sim = QaoaSimulator::new(&problem.ising)?;
    let (valid, non_qubo) = problem.success_states(sim.diagonal());
    if valid.is_empty() {
        let c = problem.classical(Some(sim.diagonal()), 0)?;
        problem::require_solution(&c)?;
    }
    let objective = Objective::Energy;
    let depths = experiment::run_depths(&sim, &objective, &valid, &s.depths, s.init, &s.config)?;
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

fn print_report(report: &SolveReport, problem: &Problem) {
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
        "{:>3} {:>12} {:>12} {:>8} {:>6} {:>7} {:>8}  top bitstring",
        "p", "energy", "P(valid)", "x unif.", "evals", "grads", "seconds"
    );
    for d in &report.depths {
        println!(
            "{:>3} {:>12.6} {:>12.6} {:>8.1} {:>6} {:>7} {:>8.2}  {} ({:.3}{})",
            d.p,
            d.energy,
            d.success_probability,
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
            print!("{}", problem.puzzle.render(Some(&problem.board_of(k))));
        }
    }
}

fn write_report(dir: &Path, report: &SolveReport) -> Result<()> {
    write(&dir.join("solve.json"), &to_json(report))?;
    write(&dir.join("depths.csv"), &report.to_csv())
}

fn solve(args: &SolveArgs) -> Result<()> {
    let s = settings(args)?;
    let problem = Problem::load(&s.file, s.level)?;
    let report = solve_problem(&problem, &s)?;
    if args.json {
        print!("{}", to_json(&report));
    } else {
        print_report(&report, &problem);
    }
    if let Some(dir) = &args.out {
        write_report(dir, &report)?;
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
        config: OptimizeConfig::default(),
    };
    let problem = Problem::new(&s.label, puzzle::parse(DEMO_FILE, DEMO_TEXT)?, s.level)?;
    print!("{}", problem.puzzle.render(None));
    println!();
    let report = solve_problem(&problem, &s)?;
    print_report(&report, &problem);
    write_report(out, &report)?;
    write(&out.join(DEMO_FILE), DEMO_TEXT)?;
    println!("\nwrote {}/solve.json and depths.csv", out.display());
    Ok(())
}
