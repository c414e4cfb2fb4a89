//! Command-line front end: raw arguments (clap, `args`) → the job's request, checked by the
//! library (`request`, docs/ARCHITECTURE.md "Requests") → one library call → text or JSON on
//! stdout and files under an output folder. One file per command, the
//! arguments of all of them in `args`; the library knows clap only as the `ValueEnum` of its own
//! enums, under its `cli` feature.

/// `print!` that returns a write error (`?`) instead of panicking: a closed pipe or a full
/// disk must end the command cleanly (see [`output::stdout`]).
macro_rules! out {
    ($($t:tt)*) => {
        crate::cli::output::stdout(format_args!($($t)*))?
    };
}

/// `println!` that returns a write error (`?`) instead of panicking.
macro_rules! outln {
    () => {
        crate::cli::output::stdout(format_args!("\n"))?
    };
    ($($t:tt)*) => {
        crate::cli::output::stdout(format_args!("{}\n", format_args!($($t)*)))?
    };
}

/// `eprintln!` that ignores a failed write instead of panicking (see [`output::stderr`]).
macro_rules! errln {
    ($($t:tt)*) => {
        crate::cli::output::stderr(format_args!("{}\n", format_args!($($t)*)))
    };
}

mod anneal;
mod args;
mod bench;
mod classical;
mod demo;
mod errors;
mod generate;
mod grover;
mod info;
mod ising;
mod landscape;
mod output;
mod plan;
mod predict;
mod progress;
mod qasm;
mod request;
mod sample;
mod score;
mod solve;
mod sweep;

use args::{Cli, Command};
use clap::Parser;
use quzzle::Result;
use std::io::Write;
use std::process::ExitCode;

/// Parse, run, and turn errors into messages and exit codes: 0 ok, 1 failure, 2 usage, 130
/// stopped by Ctrl-C, SIGTERM or SIGHUP (as a shell reports a process ended by SIGINT).
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // Ctrl-C is caught before any work, so that no signal ends a command without its message.
    let command = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    progress::install_handler(command.as_deref().unwrap_or("quzzle"));
    // Text still buffered must reach stdout too, and may fail like any other write.
    match run(cli).and_then(|()| output::flush_stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`quzzle info T | head`): stop quietly, as Unix tools do.
        Err(e) if output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Written, not `eprintln!`: a closed stderr must not turn an error into a panic.
            let mut err = std::io::stderr().lock();
            let _ = writeln!(err, "error: {}", errors::message(&e));
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                let _ = writeln!(err, "  caused by: {s}");
                source = s.source();
            }
            ExitCode::from(e.kind().exit_code())
        }
    }
}

/// `--dry-run`: the checked request of a job, as JSON, with nothing run or read.
fn dry_run(command: &Command) -> Result<()> {
    let description = match command {
        Command::Solve(a) => request::solve(a).check()?.describe(),
        Command::Sweep(a) => request::sweep(a).check()?.describe(),
        Command::Qasm(a) => request::export(a).check()?.describe(),
        Command::Sample(a) => request::sample(a).check()?.describe(),
        Command::Score(a) => request::score(a).check()?.describe(),
        Command::Predict(a) => request::predict(a).check()?.describe(),
        Command::Anneal(a) => request::anneal(a).check()?.describe(),
        Command::Plan(a) => request::plan(a).check()?.describe(),
        Command::Grover(a) => request::grover(a).check()?.describe(),
        Command::Generate(a) => request::generate(a).check()?.describe(),
        Command::Info {
            reduce,
            encoding,
            space,
            max_seconds,
            ..
        } => request::info(reduce, encoding.encoding, space, *max_seconds)
            .check()?
            .describe(),
        _ => return Err(errors::Usage::NoRequest.into()),
    };
    request::print(&description)
}

fn run(cli: Cli) -> Result<()> {
    if cli.dry_run {
        return dry_run(&cli.command);
    }
    match cli.command {
        Command::Demo { out, space } => demo::run(&out, &space),
        Command::Info {
            file,
            reduce,
            encoding,
            space,
            json,
            model,
            max_seconds,
        } => {
            let request = request::info(&reduce, encoding.encoding, &space, max_seconds).check()?;
            if model {
                return info::model(&file);
            }
            info::run(&file, &request, json)
        }
        Command::Classical {
            file,
            reduce,
            encoding,
            method,
            json,
            max_seconds,
        } => classical::run(&file, &reduce, encoding.encoding, method, json, max_seconds),
        Command::Solve(args) => solve::run(&args),
        Command::Anneal(args) => anneal::run(&args),
        Command::Plan(args) => plan::run(&args),
        Command::Ising {
            source,
            reduce,
            encoding,
            json: _,
        } => ising::run(&source, &reduce, encoding.encoding),
        Command::Bench {
            source,
            reduce,
            space,
            dicke,
            depth,
            repeats,
            json,
        } => bench::run(&source, &reduce, &space, dicke, depth, repeats, json),
        Command::Qasm(args) => qasm::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Sweep(args) => sweep::run(&args),
        Command::Merge(args) => sweep::merge(&args),
        Command::Landscape(args) => landscape::run(&args),
        Command::Grover(args) => grover::run(&args),
        Command::Sample(args) => sample::run(&args),
        Command::Score(args) => score::run(&args),
        Command::Predict(args) => predict::run(&args),
    }
}
