//! `quzzle generate`: puzzles with exactly one solution, in the shared instance format. The
//! flags become the library's `GenerateChoices`, checked once (docs/ARCHITECTURE.md,
//! "Requests"); `--count N` generates seeds `seed .. seed + N`, one file each in the folder -o.

use super::args::GenerateArgs;
use super::output::{check_output_file, file_or_stdout, require_parent, write};
use quzzle::puzzle::generate;
use quzzle::request::GenerateRequest;
use quzzle::{Error, Result};
use std::path::{Path, PathBuf};

pub fn run(args: &GenerateArgs) -> Result<()> {
    let request = super::request::generate(args).check()?;
    let out = file_or_stdout(&args.out);
    // Where each puzzle goes: one file (or stdout), or one file each in a folder.
    let targets: Vec<Option<PathBuf>> = if request.count == 1 {
        if let Some(path) = out {
            require_parent(path, "-o", args.parents)?;
            check_output_file(path, "-o")?;
        }
        vec![out.map(Path::to_path_buf)]
    } else {
        let dir = out.ok_or_else(|| Error::from(super::errors::Usage::CountWithoutFolder(request.count)))?;
        if dir.exists() && !dir.is_dir() {
            return Err(Error::WrongKind {
                what: "-o".into(),
                path: dir.to_path_buf(),
                kind: "a file",
                expected: "a folder",
                note: "; --count above 1 writes into a folder",
            });
        }
        require_parent(dir, "-o", args.parents)?;
        let paths: Vec<PathBuf> = request
            .puzzles()
            .map(|p| dir.join(GenerateRequest::file_name(&p)))
            .collect();
        for path in &paths {
            check_output_file(path, "-o")?;
        }
        paths.into_iter().map(Some).collect()
    };
    for (req, target) in request.puzzles().zip(targets) {
        one(&req, request.max_seconds, target.as_deref())?;
    }
    Ok(())
}

/// Generate one puzzle and write it to `out` (stdout when none), its summary beside it.
fn one(req: &generate::Request, budget: quzzle::checked::Seconds, out: Option<&Path>) -> Result<()> {
    let began = std::time::Instant::now();
    let mut next_report = 5.0;
    let max_seconds = budget.get();
    let g = generate::generate_within(req, Some(budget), &mut |p| {
        if p.seconds >= next_report {
            next_report += 5.0;
            errln!(
                "generate: {:.0} s of {} s, {} exact searches so far",
                p.seconds,
                max_seconds,
                p.searches
            );
        }
    })?;
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
    match out {
        Some(path) => {
            write(path, &g.text)?;
            outln!("wrote {}: {summary}", path.display());
        }
        None => {
            out!("{}", g.text);
            errln!("{summary}");
        }
    }
    for note in &g.notes {
        errln!("note: {note}");
    }
    Ok(())
}
