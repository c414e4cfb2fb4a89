//! `quzzle qasm`: the QAOA circuit as OpenQASM 3, and its manifest beside it.

use super::args::QasmArgs;
use super::output::{
    check_output_file, check_output_folder, file_or_stdout, refuse_inputs, require_parent, to_json, write_all,
};
use quzzle::encoding;
use quzzle::export::{self, AngleSource};
use quzzle::request::{AngleChoice, ExportJob};
use quzzle::{Error, Result};

/// The angles a request names, read.
fn angle_source(choice: &AngleChoice) -> Result<AngleSource> {
    Ok(match choice {
        AngleChoice::File(path) => AngleSource::Report {
            text: super::output::read_text(path)?,
            source: path.display().to_string(),
        },
        AngleChoice::Given(angles) => AngleSource::Given(angles.clone()),
        AngleChoice::Optimize(seed) => AngleSource::Optimize { seed: *seed },
    })
}

pub fn run(args: &QasmArgs) -> Result<()> {
    let request = super::request::export(args).check()?;
    if request.folder {
        return run_depths(args, &request);
    }
    let out = file_or_stdout(&args.out);
    if out.is_none() && args.with_state {
        return Err(super::errors::Usage::StateToStdout.into());
    }
    if let Some(out) = out {
        if out.extension().is_some_and(|e| e == "json") {
            return Err(Error::QasmNamedJson {
                what: "-o".into(),
                path: out.to_path_buf(),
            });
        }
        require_parent(out, "-o", args.parents)?;
        check_output_file(out, "-o")?;
        check_output_file(&out.with_extension("json"), "-o")?;
        let inputs: Vec<&std::path::Path> = std::iter::once(args.file.as_path())
            .chain(args.angles.as_deref())
            .collect();
        refuse_inputs(&inputs, &[out.to_path_buf(), out.with_extension("json")])?;
    }
    let p = request.depths.max();
    let angles = angle_source(&request.angles)?;
    let enc = encoding::load_with(
        &args.file,
        request.encoding,
        request.level,
        &request.penalties,
        &quzzle::budget::Cancel::never(),
    )?;
    let request = request.circuit(
        angles,
        out.map(|out| {
            out.file_name()
                .map_or_else(|| out.display().to_string(), |f| f.to_string_lossy().into_owned())
        }),
    );
    let exported = export::export_circuit(enc.as_ref(), &request)?;
    let (Some(out), Some(manifest)) = (out, &exported.manifest) else {
        out!("{}", exported.text);
        return Ok(());
    };
    let manifest_path = out.with_extension("json");
    write_all(&[
        (out.to_path_buf(), exported.text.clone().into_bytes()),
        (manifest_path.clone(), to_json(manifest).into_bytes()),
    ])?;
    let (_, rx, _, rzz, _) = exported.counts;
    // Named as the file names them; the ionq flavour writes both out in stdgates.inc gates.
    let xy = if exported.xy_gates > 0 {
        format!(", {} xy_mixer", exported.xy_gates)
    } else {
        String::new()
    };
    let inlined = if request.flavor == quzzle::export::qasm::Flavor::Ionq {
        " (each written out in rx, rz and cx)"
    } else {
        ""
    };
    let space = if manifest.provenance.space == quzzle::encoding::space::SpaceChoice::Full {
        String::new()
    } else {
        format!(
            ", space {} ({} blocks, 2^{:.2} states), mixer {}",
            manifest.provenance.space,
            manifest.blocks.len(),
            manifest.provenance.dimension.log2(),
            manifest.provenance.mixer
        )
    };
    // The Grover mixer's circuit is told by every gate it writes (ccx, cx, rz, ...).
    let gates = match &manifest.gate_counts {
        Some(counts) => counts
            .iter()
            .map(|(name, n)| format!("{n} {name}"))
            .collect::<Vec<_>>()
            .join(", "),
        None => format!("{rzz} rzz, {rx} rx{xy}{inlined}"),
    };
    outln!(
        "wrote {} ({} flavour, {} qubits{space}, p = {p}, {gates}) and {}",
        out.display(),
        request.flavor.name(),
        manifest.provenance.qubits,
        manifest_path.display()
    );
    if let Some(why) = &manifest.provenance.chosen {
        outln!(
            "  space {}, mixer {}: {why}",
            manifest.provenance.space,
            manifest.provenance.mixer
        );
    }
    match manifest.success_probability {
        Some(sp) => outln!(
            "success probability at these angles: {}",
            quzzle::experiment::stats::probability_text(sp, 6)
        ),
        None => outln!("not simulated (too many qubits): success_probability is null in the manifest"),
    }
    Ok(())
}

/// `qasm --depths A..B -o DIR`: every depth's circuit and manifest, and `experiment.json`.
fn run_depths(args: &QasmArgs, job: &ExportJob) -> Result<()> {
    use quzzle::export::batch::{self, DepthsRequest};
    let Some(dir) = args.out.as_deref() else {
        return Err(super::errors::Usage::DepthsWithoutFolder.into());
    };
    let depths = job.depths.clone();
    let mut names = vec![batch::INDEX_FILE.to_string()];
    for &p in &depths {
        let (qasm, manifest, _) = batch::depth_files(p);
        names.extend([qasm, manifest]);
    }
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    check_output_folder(dir, "-o", &names)?;
    if !args.overwrite && dir.is_dir() {
        let held = std::fs::read_dir(dir)
            .map_err(|source| Error::Read {
                path: dir.to_path_buf(),
                source,
            })?
            .next()
            .is_some();
        if held {
            return Err(super::errors::Usage::FolderNotEmpty(dir.to_path_buf()).into());
        }
    }
    let targets: Vec<std::path::PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    let inputs: Vec<&std::path::Path> = std::iter::once(args.file.as_path())
        .chain(args.angles.as_deref())
        .collect();
    refuse_inputs(&inputs, &targets)?;
    let angles = angle_source(&job.angles)?;
    let enc = encoding::load_with(
        &args.file,
        job.encoding,
        job.level,
        &job.penalties,
        &quzzle::budget::Cancel::never(),
    )?;
    let space = job.space;
    let noise = job.noise.settings(&space, Some(enc.as_ref()))?;
    let request = DepthsRequest {
        depths,
        angles,
        flavor: job.flavor,
        symbolic: job.symbolic,
        space,
        noise,
        noise_seed: args.seed,
        cancel: super::progress::cancel("qasm", args.max_seconds)?,
    };
    // A depth that stops the export keeps the depths before it: they are written and indexed,
    // and the stop is the command's error.
    let (experiment, stop) = batch::export_depths_keeping(enc.as_ref(), &request)?;
    let mut files = Vec::new();
    for (entry, exported) in experiment.index.depths.iter().zip(&experiment.circuits) {
        let Some(manifest) = &exported.manifest else {
            return Err(Error::Internal(format!("p = {}: no manifest was made", entry.p)));
        };
        files.push((entry.qasm.clone(), exported.text.clone().into_bytes()));
        files.push((entry.manifest.clone(), to_json(manifest).into_bytes()));
    }
    files.push((batch::INDEX_FILE.to_string(), to_json(&experiment.index).into_bytes()));
    // The folder is written whole: an earlier experiment there (its circuits, counts and
    // scores) is set aside, not mixed with this one.
    let set_aside = quzzle::files::write_folder_whole(dir, &files)?;
    let index = &experiment.index;
    outln!(
        "wrote {} circuits ({} flavour, {} qubits, space {}, mixer {}, angles from {}) and {} to {}",
        index.depths.len(),
        request.flavor.name(),
        index.provenance.qubits,
        index.provenance.space,
        index.provenance.mixer,
        index.angles_from,
        batch::INDEX_FILE,
        dir.display()
    );
    if let Some(why) = &index.provenance.chosen {
        outln!("  {why}");
    }
    if let Some(old) = set_aside {
        outln!(
            "the folder's earlier contents (with any counts measured for them) were moved to {}",
            old.display()
        );
    }
    let models: Vec<&str> = index.noise_models.iter().map(|m| m.name.as_str()).collect();
    outln!(
        "{:>3}  {:<12} {:>12}{}",
        "p",
        "circuit",
        "P(valid)",
        models
            .iter()
            .map(|m| format!("  {:>22}", format!("{m} (± s.e.)")))
            .collect::<String>()
    );
    for d in &index.depths {
        let noisy: String = d
            .noisy
            .iter()
            .map(|n| format!("  {:>22}", format!("{:.4e} ± {:.1e}", n.p_valid, n.p_valid_se)))
            .collect();
        outln!(
            "{:>3}  {:<12} {:>12}{noisy}",
            d.p,
            d.qasm,
            d.success_probability
                .map_or("not simulated".into(), |p| format!("{p:.4e}"))
        );
    }
    outln!(
        "run them with docs/hardware/ (each writes pNN.counts.json beside its circuit), then: quzzle score {}",
        dir.display()
    );
    match stop {
        Some(stop) => {
            errln!(
                "qasm: stopped at p = {}; the {} depth(s) before it are written and indexed",
                stop.depth,
                index.depths.len()
            );
            Err(stop.error)
        }
        None => Ok(()),
    }
}
