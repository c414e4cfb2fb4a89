//! `quzzle sample`: shots drawn from the exact final distribution of a circuit, written in
//! the shapes IBM and IonQ return (so `quzzle score` can be checked where the truth is known).

use super::args::SampleArgs;
use super::output::{check_output_file, file_or_stdout, read_text, refuse_inputs, require_parent, write};
use quzzle::encoding::{self, EncodingKind};
use quzzle::export::counts::{write_counts, CountsFormat};
use quzzle::export::sample::SampleCircuit;
use quzzle::export::score::ManifestDoc;
use quzzle::export::AngleSource;
use quzzle::model::Level;
use quzzle::{Angles, Result};

/// The circuit of a manifest, or of a puzzle file with the circuit options.
fn circuit(args: &SampleArgs, text: &str) -> Result<SampleCircuit> {
    let input = args.input.display().to_string();
    if text.trim_start().starts_with('{') {
        let given: Vec<&str> = [
            ("--reduce", args.reduce.is_some()),
            ("--encoding", args.encoding.is_some()),
            ("--penalty", !args.penalty.penalty.is_empty()),
            ("--space", args.space.space.is_some()),
            ("--mixer", args.space.mixer.is_some()),
            ("--start", args.space.start.is_some()),
            ("--depth", args.depth.is_some()),
            ("--angles", args.angles.is_some()),
            ("--gammas", args.given.gammas.is_some()),
            ("--optimize", args.optimize),
        ]
        .into_iter()
        .filter_map(|(name, on)| on.then_some(name))
        .collect();
        if !given.is_empty() {
            return Err(super::errors::Usage::FlagsOfManifest { input, flags: given }.into());
        }
        return SampleCircuit::of_manifest(&ManifestDoc::parse(text, &input)?);
    }
    let Some(depth) = args.depth else {
        return Err(super::errors::Usage::SampleWithoutDepth(input).into());
    };
    let depth = quzzle::checked::Depth::new(depth)?;
    let angles = if let Some(path) = &args.angles {
        AngleSource::Report {
            text: read_text(path)?,
            source: path.display().to_string(),
        }
    } else if let (Some(g), Some(b)) = (&args.given.gammas, &args.given.betas) {
        AngleSource::Given(Angles::new(g.clone(), b.clone())?)
    } else if args.optimize {
        AngleSource::Optimize { seed: args.seed }
    } else {
        return Err(super::errors::Usage::SampleWithoutAngles(input).into());
    };
    let kind: EncodingKind = args.encoding.unwrap_or(EncodingKind::Onehot);
    let level: Level = args.reduce.unwrap_or(Level::Paper);
    let penalties = args.penalty.penalties()?;
    let enc = encoding::parse_with(&input, text, kind, level, &penalties, &quzzle::budget::Cancel::never())?;
    SampleCircuit::of_puzzle(enc, args.space.settings()?, depth, angles, &input)
}

pub fn run(args: &SampleArgs) -> Result<()> {
    let request = super::request::sample(args).check()?;
    let out = file_or_stdout(&args.out);
    if let Some(out) = out {
        require_parent(out, "-o", args.parents)?;
        check_output_file(out, "-o")?;
        let inputs: Vec<&std::path::Path> = std::iter::once(args.input.as_path())
            .chain(args.angles.as_deref())
            .collect();
        refuse_inputs(&inputs, &[out.to_path_buf()])?;
    }
    let flags = args.space.settings()?;
    if !request.noise.models.is_empty() && flags.space != quzzle::encoding::space::SpaceChoice::Auto {
        // Before any work: the flags alone may already rule noise out (`auto` is checked once
        // resolved, so that the refusal names the space it became).
        quzzle::noise::check_space(&flags)?;
    }
    let text = read_text(&args.input)?;
    let sampled = circuit(args, &text)?;
    let (counts, noise) = request.draw(&sampled, &super::progress::cancel("sample", args.max_seconds)?)?;
    let format = request.format;
    let written = write_counts(&counts, sampled.qubits, format, request.seed);
    let Some(out) = out else {
        out!("{written}");
        return Ok(());
    };
    write(out, &written)?;
    outln!(
        "wrote {} ({} shots, {} format, {} qubits, {} distinct bitstrings, seed {})",
        out.display(),
        request.shots.get(),
        format,
        sampled.qubits,
        counts.len(),
        request.seed
    );
    if let Some(why) = &sampled.chosen {
        outln!(
            "circuit: space {}, mixer {}; {why}",
            sampled.space.space,
            sampled.space.mixer
        );
    }
    if let Some(p) = sampled.success_probability {
        outln!(
            "simulated P(valid) of this circuit (noiseless): {}",
            quzzle::experiment::stats::probability_text(p, 6)
        );
    }
    if let Some(model) = noise.models.first() {
        outln!(
            "noisy shots: {} ({}), {} trajectories; source: {}",
            model.name,
            model.rates_text(),
            noise
                .trajectories
                .get()
                .min(usize::try_from(request.shots.get()).unwrap_or(usize::MAX)),
            model.source
        );
    }
    if format == CountsFormat::Ionq {
        outln!(
            "IonQ probabilities do not carry the shot count: score them with --shots {}",
            request.shots.get()
        );
    }
    Ok(())
}
