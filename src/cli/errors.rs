//! Library errors in the command line's words. The library names what is wrong in its own
//! terms (a depth, a space, a mixer, the shots of a counts file); here each gets the flag that
//! sets it, where the user needs one to act on the message.

use quzzle::error::{CountsProblem, Instead, MitigationProblem, Quantity, Unsupported, NOISE_NEEDS_FULL_X_WHY};
use quzzle::units::{bytes_text, size_text};
use quzzle::Error;
use std::path::PathBuf;

/// The flag that sets `q`, where one does.
pub fn flag(q: Quantity) -> Option<&'static str> {
    Some(match q {
        Quantity::Depth => "--depth",
        Quantity::Restarts => "--restarts",
        Quantity::MaxIterations => "--max-iters",
        Quantity::Shots => "--shots",
        Quantity::Trajectories => "--trajectories",
        Quantity::TimeBudget => "--max-seconds",
        Quantity::Confidence => "--confidence",
        Quantity::GroverIterations | Quantity::CircuitIterations => "--iterations",
        Quantity::QaoaDepths => "--qaoa-depths",
        Quantity::BoardSize | Quantity::FigureSize | Quantity::FigureScale => "--size",
        Quantity::Givens => "--givens",
        Quantity::Stars => "--stars",
        Quantity::GridPoints => "--grid",
        Quantity::GammaMax => "--gamma-max",
        Quantity::Repeats => "--repeats",
        Quantity::RandomQubits => "--random",
        Quantity::DickeWeight => "--dicke",
        // Set by the puzzle file, not by a flag.
        Quantity::DiagonalQubits | Quantity::SeedBoard => return None,
        // Given by --gammas/--betas, a schedule, a report or a manifest: no one flag.
        Quantity::Angle => return None,
        Quantity::Threads => return None,
        Quantity::SectorAmplitudes => return None,
        Quantity::Reads => "--reads",
        Quantity::Sweeps => "--sweeps",
        Quantity::MaxQubits => "--max-qubits",
        Quantity::Top => "--top",
        Quantity::BetaRange => "--beta-range",
    })
}

/// The flag of a sweep setting (as the sweep's settings file names it), where one sets it.
fn setting_flag(setting: &str) -> Option<String> {
    matches!(
        setting,
        "reduce" | "encoding" | "optimizer" | "max-iters" | "restarts" | "seed" | "noise"
    )
    .then(|| format!("--{setting}"))
}

/// `e` as the command line prints it.
pub fn message(e: &Error) -> String {
    match e {
        Error::OutOfRange { what, value, allowed } => match flag(*what) {
            Some(f) => format!("{f} {value}: {allowed}"),
            None => e.to_string(),
        },
        Error::TooMuchMemory {
            what,
            count,
            log2_bytes,
            available,
        } => match flag(*what) {
            Some(f) => format!(
                "{f} {count} needs {}, more than the {} available",
                size_text(*log2_bytes),
                bytes_text(*available as f64)
            ),
            None => e.to_string(),
        },
        Error::OutOfTime { instead, .. } => {
            let instead = match instead {
                Some(Instead::ClosedFormRoute) => {
                    "; --route closed-form gives the curve from (M, D) without a statevector"
                }
                None => "",
            };
            format!("{e}{instead}; raise --max-seconds, or ask for less")
        }
        Error::Unsupported(u) => match u.as_ref() {
            Unsupported::NotPlainBlock { .. } | Unsupported::SpaceNotListed { .. } => {
                format!("{e} (--mixer grover)")
            }
            Unsupported::NeedsOnehot { .. } => format!("{e} (--encoding onehot; the grover mixer also runs on --space full)"),
            Unsupported::XMixerOnBlocks { .. } => format!("{e} (--mixer xy-ring)"),
            Unsupported::BlockMixerOnFull { .. } => format!("{e} (--space)"),
            Unsupported::SwitchNeedsRowsCols { .. } => format!("{e} (--space rows+cols)"),
            Unsupported::NotSwitchGrid { .. } => format!("{e} (--mixer grover)"),
            Unsupported::StartNeedsSwitch { .. } => format!("{e} (--start auto)"),
            Unsupported::NoUniformStartCircuit { .. } => format!("{e} (--start first-grid)"),
            Unsupported::NoiseNeedsFullX { mixer, states, qubits } => format!(
                "--noise runs on the full space with the x mixer only (got the {mixer} mixer over {states} states, for a circuit of {qubits} qubits): {NOISE_NEEDS_FULL_X_WHY}"
            ),
            Unsupported::SeedReduction { .. } => format!("{e} (--reduce none)"),
            Unsupported::NoOptimalIterations { .. } => format!("{e} (--iterations K)"),
            _ => e.to_string(),
        },
        Error::Mitigation(MitigationProblem::NoReadoutSource) => format!("{e} (--noise MODEL)"),
        Error::Counts { file, problem } => match problem {
            CountsProblem::BitOrderUnknown { maybe_ionq, .. } => format!(
                "{e}: give --format qiskit or --format quzzle{}",
                if *maybe_ionq { " or --format ionq" } else { "" }
            ),
            CountsProblem::KeysUnknown { .. } => format!("{e} (--format)"),
            CountsProblem::NotIonqKey { bits: Some(_), .. } => {
                format!("{e}: give --format qiskit or --format quzzle")
            }
            CountsProblem::ShotsDiffer { total, given } => {
                format!("{file}: the counts add up to {total} shots, not --shots {given}")
            }
            CountsProblem::ShotsNeeded => format!("{e} (--shots K)"),
            _ => e.to_string(),
        },
        Error::OverLimit {
            qubits,
            space,
            log2_dimension,
            limit,
            raise_to,
            stronger,
        } => {
            let mut ways = Vec::new();
            if let Some(q) = raise_to {
                ways.push(format!("--max-qubits {q} (its state fits in memory)"));
            }
            if let Some((level, q)) = stronger {
                ways.push(format!("--reduce {level} ({q} qubits)"));
            }
            let ways = if ways.is_empty() {
                "no higher --max-qubits runs it (its state does not fit in memory), and no stronger --reduce level brings it within the limit".to_string()
            } else {
                format!("{} would run it", ways.join(", or "))
            };
            format!("{qubits} qubits, space {space} of 2^{log2_dimension:.2} states, more than the limit of 2^{limit}; {ways}")
        }
        Error::NoFolder { .. } => format!("{e}, or add --parents"),
        Error::AngleFiles { .. } => format!("{e} (--angles-from)"),
        Error::ResumeMismatch {
            csv,
            setting,
            stored,
            given,
        } => match setting_flag(setting) {
            Some(f) => format!(
                "{} holds rows computed with {f} {stored}; this sweep has {f} {given}. Rerun with {f} {stored} to resume, or write to another --out folder",
                csv.display()
            ),
            None => e.to_string(),
        },
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_quantities_get_their_flags() {
        let e = Error::out_of_range(Quantity::Trajectories, 0, "must be at least 1");
        assert_eq!(e.to_string(), "trajectories 0: must be at least 1");
        assert_eq!(message(&e), "--trajectories 0: must be at least 1");
        let e = Error::from(Unsupported::NoiseNeedsFullX {
            mixer: quzzle::mixer::MixerKind::Grover,
            states: 24,
            qubits: 16,
        });
        let tail = "runs on the full space with the x mixer only (got the grover mixer over 24 states, for a circuit of 16 qubits): a Pauli error leaves a constrained subspace, so the subspace simulator cannot represent the noisy state";
        assert_eq!(e.to_string(), format!("noise {tail}"));
        assert_eq!(message(&e), format!("--noise {tail}"));
        let e = Error::Counts {
            file: "c.json".into(),
            problem: CountsProblem::ShotsDiffer { total: 3, given: 5 },
        };
        assert_eq!(message(&e), "c.json: the counts add up to 3 shots, not --shots 5");
        let e = Error::OutOfTime {
            task: "Grover iterations".into(),
            seconds: 1.0,
            done: "0 of 5 iterations".into(),
            instead: Some(Instead::ClosedFormRoute),
        };
        assert!(
            message(&e).ends_with(
                "(after 0 of 5 iterations); --route closed-form gives the curve from (M, D) without a statevector; raise --max-seconds, or ask for less"
            ),
            "{}",
            message(&e)
        );
    }
}

/// The command line's own refusals: flags that do not go together, or that a file given in
/// their place makes pointless. Each names the flags to change; the library, which has no
/// flags, carries them as [`Error::Usage`] (exit code 2).
#[derive(Debug, thiserror::Error)]
pub enum Usage {
    /// Every instance of a sweep skipped.
    #[error("no instance could be run (all skipped); see the messages above")]
    AllSkipped,
    /// `merge --out` names one of the shards.
    #[error("--out {} is one of the shard folders; merge into a new folder", .0.display())]
    MergeIntoShard(PathBuf),
    /// `merge --out` already holds a sweep.
    #[error("{} exists: a merge writes a new sweep folder; remove it or choose another --out", .0.display())]
    MergeOverSweep(PathBuf),
    /// A sweep input inside the output folder that the sweep may overwrite.
    #[error(
        "the input {} lies in the output folder {} and is not a .txt file: the sweep may write a \
         file of that name there (lock, CSV, settings, summary, figures); move it, or write to another --out",
        input.display(),
        out.display()
    )]
    InputInOutput {
        /// The input.
        input: PathBuf,
        /// The output folder.
        out: PathBuf,
    },
    /// Neither a puzzle file nor `--random`.
    #[error("give a puzzle file or --random N")]
    NoModel,
    /// `--encoding compact` on a random model.
    #[error("--random makes an Ising model; --encoding compact needs a Sudoku file")]
    CompactOfRandom,
    /// `--dicke` with a puzzle file.
    #[error("--dicke restricts a random model (--random N) to one Dicke block; a puzzle's blocks come from --space")]
    DickeOfPuzzle,
    /// A block space asked of a random model.
    #[error("block spaces come from a puzzle's constraints: give a puzzle file, not --random")]
    BlocksOfRandom,
    /// `grover --qasm` on another space than rows.
    #[error(
        "--qasm writes the seed's circuit, which searches the row space (a W state per row): leave --space at rows"
    )]
    GroverQasmSpace,
    /// `grover --qasm` with a range of iteration counts.
    #[error("--iterations {from}..{to}: --qasm writes one circuit; give one count K")]
    GroverQasmIterations {
        /// First count.
        from: usize,
        /// Last count.
        to: usize,
    },
    /// `--dry-run` of a command without a request.
    #[error("--dry-run shows the request of {}; this command has none", quzzle::request::JOBS.join(", "))]
    NoRequest,
    /// `generate --count N` (N > 1) without a folder.
    #[error("--count {0} writes one file per puzzle: give the folder with -o DIR")]
    CountWithoutFolder(u64),
    /// `score --noise` on one counts file.
    #[error("--noise judges the depths of an experiment folder; one counts file is judged against its manifest")]
    NoiseOfCountsFile,
    /// `score --mitigate` on one counts file.
    #[error("--mitigate corrects the depths of an experiment folder, whose index or --noise gives the readout errors; give the folder instead of one counts file")]
    MitigateCountsFile,
    /// A counts file without `--manifest`.
    #[error("{}: give the manifest of its circuit with --manifest OUT.json (or an experiment folder instead of a counts file)", .0.display())]
    NoManifest(PathBuf),
    /// `score PATH` where nothing is at PATH.
    #[error("{}: no such file or folder; give an experiment folder (`quzzle qasm --depths ... -o DIR`) or a counts file with --manifest OUT.json", .0.display())]
    NoSuchCounts(PathBuf),
    /// `--manifest` with an experiment folder.
    #[error("{} is an experiment folder, whose index names each depth's manifest: drop --manifest", .0.display())]
    ManifestOfFolder(PathBuf),
    /// Circuit flags beside a manifest, which fixes the circuit.
    #[error("{input} is a manifest, which fixes the circuit and its angles: drop {}", flags.join(", "))]
    FlagsOfManifest {
        /// The manifest.
        input: String,
        /// The flags given.
        flags: Vec<&'static str>,
    },
    /// `sample` of a puzzle file without `--depth`.
    #[error("{0} is a puzzle file: give --depth P and the angles (--angles, --gammas with --betas, or --optimize), or sample a manifest")]
    SampleWithoutDepth(String),
    /// `sample` of a puzzle file without angles.
    #[error("{0}: give the angles: --angles REPORT.json, --gammas with --betas, or --optimize")]
    SampleWithoutAngles(String),
    /// `qasm --with-state` to standard output.
    #[error("--with-state puts the state into the manifest: give -o OUT.qasm, not standard output")]
    StateToStdout,
    /// `qasm --depths` without a folder.
    #[error("--depths writes a folder: give it as -o DIR")]
    DepthsWithoutFolder,
    /// `qasm --depths -o DIR` into a folder that holds files.
    #[error("-o {}: the folder is not empty; give a new folder, or --overwrite to write the experiment into it", .0.display())]
    FolderNotEmpty(PathBuf),
}

impl From<Usage> for Error {
    fn from(u: Usage) -> Error {
        Error::Usage(Box::new(u))
    }
}
