//! `quzzle grover`: Grover search on a space, per iteration, by statevector and closed form.

use super::args::GroverArgs;
use super::output::{check_output_file, check_output_folder, refuse_inputs, require_parent, to_json, write_all};
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::grover::{grover_within, GroverReport};
use quzzle::experiment::stats::probability_text;
use quzzle::export::seed::{export_seed_circuit, SeedRequest};
use quzzle::{Error, Result};
use std::path::Path;

pub fn run(args: &GroverArgs) -> Result<()> {
    let request = super::request::grover(args).check()?;
    if let Some(out) = &args.qasm {
        return export_qasm(args, &request, out);
    }
    if let Some(out) = &args.out {
        check_output_folder(out, "--out", &["grover.json", "grover.csv"])?;
        refuse_inputs(&[&args.file], &[out.join("grover.json"), out.join("grover.csv")])?;
    }
    let enc = encoding::load_with(
        &args.file,
        EncodingKind::Onehot,
        request.level,
        &request.penalties,
        &quzzle::budget::Cancel::never(),
    )?;
    let settings = request.settings();
    let report_progress =
        |p: &quzzle::budget::Progress<'_>| errln!("{}", super::progress::line("grover", p, args.max_seconds));
    let budget = super::progress::budget(args.max_seconds, &report_progress)?;
    let report = grover_within(enc.as_ref(), &settings, &budget)?;
    if let Some(out) = &args.out {
        write_all(&[
            (out.join("grover.json"), to_json(&report).into_bytes()),
            (out.join("grover.csv"), csv_text(&report)?.into_bytes()),
        ])?;
    }
    if args.json {
        out!("{}", to_json(&report));
        return Ok(());
    }
    out!("{}", text(&report));
    if let Some(out) = &args.out {
        outln!(
            "wrote {} and {}",
            out.join("grover.json").display(),
            out.join("grover.csv").display()
        );
    }
    Ok(())
}

/// `--qasm OUT.qasm`: the seed's circuit and its manifest.
fn export_qasm(args: &GroverArgs, request: &quzzle::request::GroverRequest, out: &Path) -> Result<()> {
    if out.extension().is_some_and(|e| e == "json") {
        return Err(Error::QasmNamedJson {
            what: "--qasm".into(),
            path: out.to_path_buf(),
        });
    }
    if request.space != SpaceChoice::Rows {
        return Err(super::errors::Usage::GroverQasmSpace.into());
    }
    let iterations = match request.iterations {
        None => None,
        Some((a, b)) if a == b => Some(a),
        Some((a, b)) => return Err(super::errors::Usage::GroverQasmIterations { from: a, to: b }.into()),
    };
    require_parent(out, "--qasm", args.parents)?;
    let manifest_path = out.with_extension("json");
    check_output_file(out, "--qasm")?;
    check_output_file(&manifest_path, "--qasm")?;
    refuse_inputs(&[&args.file], &[out.to_path_buf(), manifest_path.clone()])?;
    let penalties = args.reduce.penalty.penalties()?;
    let enc = encoding::load_with(
        &args.file,
        EncodingKind::Onehot,
        args.reduce.level,
        &penalties,
        &quzzle::budget::Cancel::never(),
    )?;
    let request = SeedRequest {
        iterations,
        flavor: args.flavor,
        qasm_name: out
            .file_name()
            .map_or_else(|| out.display().to_string(), |f| f.to_string_lossy().into_owned()),
    };
    let exported = export_seed_circuit(enc.as_ref(), &request)?;
    let m = &exported.manifest;
    write_all(&[
        (out.to_path_buf(), exported.text.clone().into_bytes()),
        (manifest_path.clone(), to_json(m).into_bytes()),
    ])?;
    let count = |name: &str| m.gate_counts.get(name).copied().unwrap_or(0);
    outln!(
        "wrote {} ({} flavour, {} qubits: {} puzzle, {} ancillas, 1 target; k = {} iterations; {} gates: {} ccx, {} cx; depth {}) and {}",
        out.display(),
        request.flavor.name(),
        m.provenance.qubits,
        m.puzzle_qubits,
        m.ancillas.len() - 1,
        m.iterations,
        m.total_gates,
        count("ccx"),
        count("cx"),
        m.depth,
        manifest_path.display()
    );
    outln!(
        "P(valid) on the puzzle qubits after {} iterations (quzzle, row space of D = {} states, M = {}): {}",
        m.iterations,
        m.provenance.dimension,
        m.solutions,
        probability_text(m.success_probability, 12)
    );
    Ok(())
}

fn csv_text(report: &GroverReport) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| Error::csv("grover.csv", e);
    w.write_record([
        "k",
        "oracle_calls",
        "success_probability",
        "closed_form",
        "statevector",
        "shots_99",
        "oracle_calls_99",
    ])
    .map_err(err)?;
    for i in &report.iterations {
        w.write_record([
            i.k.to_string(),
            i.oracle_calls.to_string(),
            format!("{}", i.success_probability),
            format!("{}", i.closed_form),
            i.statevector.map_or_else(String::new, |s| format!("{s}")),
            format!("{}", i.shots_99.unwrap_or(f64::INFINITY)),
            format!("{}", i.oracle_calls_99.unwrap_or(f64::INFINITY)),
        ])
        .map_err(err)?;
    }
    let bytes = w.into_inner().map_err(|e| Error::csv("grover.csv", e))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn text(r: &GroverReport) -> String {
    let mut s = format!(
        "{}: Grover search, {} qubits, space {} of D = {} states (2^{:.2}), M = {} valid\n",
        r.file,
        r.qubits,
        r.space,
        r.dimension,
        r.dimension.log2(),
        r.solutions
    );
    s += &format!(
        "uniform baseline M/D = {:.6e}; optimal iterations floor(pi/(4 asin sqrt(M/D))) = {}, P(valid) there = {}\n",
        r.uniform_baseline,
        r.optimal_iterations,
        probability_text(r.optimal_probability, 6)
    );
    match &r.note {
        None => {
            s += &format!(
                "route: statevector and closed form, largest difference {:.2e}\n",
                r.max_difference
            )
        }
        Some(n) => s += &format!("route: closed form only ({n})\n"),
    }
    s += "     k  oracle calls  P(valid)  calls to 99 %\n";
    let calls = |c: Option<f64>| c.map_or("never".to_string(), |c| format!("{:.0}", c.ceil()));
    for i in &r.iterations {
        s += &format!(
            "{:>6}  {:>12}  {}  {}\n",
            i.k,
            i.oracle_calls,
            probability_text(i.success_probability, 6),
            calls(i.oracle_calls_99)
        );
    }
    if let Some(f) = &r.fewest_calls {
        s += &format!(
            "fewest oracle calls to a valid board with 99 % confidence: k = {} per search, P(valid) {}, {:.1} searches, {:.0} oracle calls\n",
            f.k,
            probability_text(f.success_probability, 6),
            f.shots_99,
            f.oracle_calls_99.ceil()
        );
    }
    if let (Some(classes), Some(h)) = (r.cost_classes, &r.cost_histogram) {
        s += &format!(
            "cost histogram: {classes} cost classes over {} distinct costs (--json lists them as cost_histogram)\n",
            h.len()
        );
    }
    if !r.qaoa.is_empty() {
        s += "Grover-mixer QAOA from the cost histogram (INTERP, L-BFGS, energy objective):\n";
        s += "     p  cost calls  P(valid)  energy  optimiser calls  cost calls to 99 %\n";
        for d in &r.qaoa {
            s += &format!(
                "{:>6}  {:>10}  {}  {:.6}  {}  {}\n",
                d.p,
                d.p,
                probability_text(d.success_probability, 6),
                d.energy,
                d.evaluations,
                calls(d.applications_99)
            );
        }
    }
    s
}
