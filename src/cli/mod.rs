//! Command-line front end: raw arguments (clap) → validated settings → library calls →
//! text or JSON on stdout and files under an output folder. The library never sees clap.

mod args;
mod commands;
mod sweep;

use clap::Parser;
use std::process::ExitCode;

/// Parse, run, and turn errors into messages and exit codes (0 ok, 1 failure, 2 usage).
pub fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                eprintln!("  caused by: {s}");
                source = s.source();
            }
            ExitCode::from(1)
        }
    }
}
