//! `quzzle generate`: a puzzle with exactly one solution, in the shared instance format.

use super::args::GenerateArgs;
use super::output::{check_output_file, file_or_stdout, require_parent, write};
use quzzle::puzzle::generate;
use quzzle::Result;

pub fn run(args: &GenerateArgs) -> Result<()> {
    let out = file_or_stdout(&args.out);
    if let Some(path) = out {
        require_parent(path, "-o", args.parents)?;
        check_output_file(path, "-o")?;
    }
    let req = generate::Request {
        kind: args.kind,
        size: args.size,
        stars: args.stars,
        givens: args.givens,
        seed: args.seed,
        method: args.method,
    };
    let began = std::time::Instant::now();
    let mut next_report = 5.0;
    let g = generate::generate_within(&req, Some(args.max_seconds), &mut |p| {
        if p.seconds >= next_report {
            next_report += 5.0;
            errln!(
                "generate: {:.0} s of {} s, {} exact searches so far",
                p.seconds,
                args.max_seconds,
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
