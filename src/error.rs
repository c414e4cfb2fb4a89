//! The one error type of the library. Messages name what the library knows (files, lines,
//! qubits, levels), never a command-line flag: the command line adds those.

use crate::names::{EncodingKind, Level, MixerKind, SpaceChoice, StartChoice};
use crate::units::{bytes_text, gib_text, size_text};
use std::path::PathBuf;

/// Everything that can go wrong in quzzle. User mistakes always end up here, never in a panic.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A puzzle (or report) file is malformed; `line` is 1-based (0 for the file as a whole).
    #[error("{file}:{line}: {msg}")]
    Parse {
        /// The file (or stream name) being read.
        file: String,
        /// The 1-based line, 0 for the file as a whole.
        line: usize,
        /// What is wrong.
        msg: String,
    },
    /// The puzzle has no solution: a contradiction was found while reducing or searching.
    #[error("no solution: {reason}")]
    Unsatisfiable {
        /// Which constraint could not be met.
        reason: String,
    },
    /// A state does not fit in memory (checked before allocating).
    #[error(
        "{qubits} qubits need {}, more than the {} available",
        size_text(*log2_bytes),
        bytes_text(*available as f64)
    )]
    TooManyQubits {
        /// Qubits asked for.
        qubits: usize,
        /// Bytes the state (and what it is allocated with) would take, saturating at
        /// `u128::MAX` (from about 100 qubits).
        bytes: u128,
        /// log2 of the bytes, exact where `bytes` saturates: what messages report.
        log2_bytes: f64,
        /// Bytes the machine can give.
        available: u64,
    },
    /// A count asked for would need more memory than there is (checked before allocating).
    #[error("{what} {count} needs {}, more than the {} available", size_text(*log2_bytes), bytes_text(*available as f64))]
    TooMuchMemory {
        /// What is counted.
        what: Quantity,
        /// The count asked for.
        count: u128,
        /// log2 of the bytes it would take.
        log2_bytes: f64,
        /// Bytes the machine can give.
        available: u64,
    },
    /// An encoded puzzle is too big to simulate; says which reduction levels would fit.
    #[error(
        "{file}: {qubits} qubits at the {level} reduction ({encoding} encoding) need {}, more than the {} available; {}{}",
        gib_text(*needed_gib),
        gib_text(*available_gib),
        fits_note(fitting),
        spaces_note(fitting_spaces)
    )]
    DoesNotFit {
        /// The puzzle file.
        file: String,
        /// The encoding.
        encoding: EncodingKind,
        /// The reduction level asked for.
        level: Level,
        /// Qubits at that level.
        qubits: usize,
        /// GiB the simulation would take.
        needed_gib: f64,
        /// GiB the machine can give.
        available_gib: f64,
        /// The levels (with their qubits) that would fit.
        fitting: Box<[(Level, usize)]>,
        /// The block spaces at this level that would fit.
        fitting_spaces: Box<[FittingSpace]>,
    },
    /// A block space too large to simulate (checked before allocating).
    #[error("{what}: a space of 2^{log2_dimension:.2} basis states needs {}, more than the {} available{note}", gib_text(*needed_gib), gib_text(*available_gib))]
    SpaceTooLarge {
        /// The file and space (`q.txt, space rows`).
        what: String,
        /// log2 of the number of basis states.
        log2_dimension: f64,
        /// GiB the simulation would take.
        needed_gib: f64,
        /// GiB the machine can give.
        available_gib: f64,
        /// What would fit instead (starts with `; ` when not empty).
        note: String,
    },
    /// The reduction decided every cell: there is no circuit to run or export.
    #[error("{file}: the {level} reduction decides every cell (0 qubits), so there are no qubits to run; use a weaker reduction level")]
    NoQubits {
        /// The puzzle file.
        file: String,
        /// The reduction level.
        level: &'static str,
    },
    /// Wrong number of angles for the depth.
    #[error("expected {expected} angles, got {got}")]
    AngleCount {
        /// Angles needed.
        expected: usize,
        /// Angles given.
        got: usize,
    },
    /// Angles read from a report of another puzzle, reduction or encoding.
    #[error("{source_file} was written for {field} `{found}`, not `{expected}`: its angles belong to another circuit")]
    AnglesMismatch {
        /// The report read.
        source_file: String,
        /// What differs (`puzzle file`, `reduce`, `encoding`, `qubits`).
        field: &'static str,
        /// What this circuit has.
        expected: String,
        /// What the report has.
        found: String,
    },
    /// Depths that are not `P`, `A..B` or a comma-separated list of them, with `1 ≤ A ≤ B ≤ 256`.
    #[error("depths `{text}`: write P, A..B or a list such as 1..10,20,50 (each depth 1..=256)")]
    InvalidDepths {
        /// The text given.
        text: String,
    },
    /// A name that is not one of the choices.
    #[error("unknown {what} `{name}` (choose from: {choices})")]
    UnknownName {
        /// What was named (`encoding`, `reduction level`, ...).
        what: &'static str,
        /// The name given.
        name: String,
        /// The names accepted.
        choices: String,
    },
    /// A number outside the values it may take.
    #[error("{what} {value}: {allowed}")]
    OutOfRange {
        /// What the number is.
        what: Quantity,
        /// The number as given.
        value: String,
        /// What it may be (`must be at least 1`).
        allowed: String,
    },
    /// A number that must be finite is not (or grows past f64's range).
    #[error("{what} is not finite{note}")]
    NotFinite {
        /// What is not finite (`gate angle inf`, `the offset`).
        what: String,
        /// Why, or what to do (starts with `: ` or `; ` when not empty).
        note: String,
    },
    /// A list whose length does not match what it goes with.
    #[error("{what}: {got} given, {expected} needed")]
    LengthMismatch {
        /// What the list is (`fields for 3 qubits`).
        what: String,
        /// The length needed.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// A qubit index beyond the qubits there are.
    #[error("{what} addresses a qubit beyond the {qubits} there are")]
    QubitOutOfRange {
        /// What addresses it (`coupling (0, 5)`, `gate Cx(0, 9)`).
        what: String,
        /// The qubits there are.
        qubits: usize,
    },
    /// An objective that has no gradient was asked for one.
    #[error("the {objective} objective has no gradient")]
    NoGradient {
        /// The objective.
        objective: String,
    },
    /// A space, mixer, route, encoding or flavour that do not go together (boxed: the
    /// variants carry names and paths, and errors travel in every `Result`).
    #[error(transparent)]
    Unsupported(Box<Unsupported>),
    /// A penalty override that is malformed or names no constraint (docs/lp.md, "Penalties").
    #[error(transparent)]
    Penalty(PenaltyProblem),
    /// A text that is not in the form asked for (a noise model, an objective).
    #[error("{what} `{text}`: {problem}")]
    Syntax {
        /// What the text is (`noise`, `objective`).
        what: &'static str,
        /// The text given.
        text: String,
        /// What is wrong, and what is accepted.
        problem: String,
    },
    /// A JSON file (report, manifest, counts) that does not hold what it should.
    #[error("{file}: {msg}")]
    Malformed {
        /// The file (or stream name).
        file: String,
        /// What is wrong.
        msg: String,
    },
    /// A counts file whose format or shot count is not clear.
    #[error("{file}: {problem}")]
    Counts {
        /// The counts file.
        file: String,
        /// What is unclear.
        problem: CountsProblem,
    },
    /// Readout-error mitigation that cannot be done.
    #[error("readout mitigation: {0}")]
    Mitigation(MitigationProblem),
    /// A circuit manifest that does not match the circuit it describes.
    #[error("{file}: {problem}; export the circuit again")]
    Manifest {
        /// The manifest.
        file: String,
        /// What does not match.
        problem: ManifestProblem,
    },
    /// An instance a sweep leaves out because its space is over the qubit limit.
    #[error(
        "{qubits} qubits, space {space} of 2^{log2_dimension:.2} states, more than the limit of 2^{limit}; {}",
        over_limit_ways(*raise_to, *stronger)
    )]
    OverLimit {
        /// Qubits of the encoded puzzle.
        qubits: usize,
        /// The resolved space.
        space: SpaceChoice,
        /// log2 of its number of basis states.
        log2_dimension: f64,
        /// The limit, as log2 of basis states.
        limit: usize,
        /// A higher limit that runs it (its state fits in memory).
        raise_to: Option<usize>,
        /// The first stronger reduction level (with its qubits) within the limit.
        stronger: Option<(Level, usize)>,
    },
    /// A report given to `solve --resume` whose depth was computed at other angles.
    #[error("{}: its depth p = {depth} has other angles than this run's: the report is of another puzzle, reduction, space, mixer, init, optimiser or seed; resume the run that wrote it with its own settings", file.display())]
    ResumeOther {
        /// The report.
        file: PathBuf,
        /// The first depth found different.
        depth: usize,
    },
    /// A sweep folder whose earlier rows were computed with other settings.
    #[error("{} holds rows computed with {setting} {stored}; this sweep has {setting} {given}. Rerun with {setting} {stored} to resume, or write to another folder", csv.display())]
    ResumeMismatch {
        /// The sweep CSV.
        csv: PathBuf,
        /// The setting that differs.
        setting: &'static str,
        /// Its value in the folder.
        stored: String,
        /// Its value now.
        given: String,
    },
    /// Two shard folders of one sweep that were run with different settings or inputs.
    #[error("{} and {} are not shards of one sweep: {setting} is {first_value} in the first and {other_value} in the second; rerun the odd shard with the others' settings", folders[0].display(), folders[1].display())]
    ShardMismatch {
        /// The first shard folder and the one that differs from it (boxed: keeps the error
        /// small).
        folders: Box<[PathBuf; 2]>,
        /// What differs.
        setting: &'static str,
        /// Its value in `first`.
        first_value: String,
        /// Its value in `other`.
        other_value: String,
    },
    /// A shard folder a merge cannot take: a file missing, a shard record that does not hold
    /// together, rows missing, twice or outside its plan, or files changed since it finished.
    #[error("{}: {problem}", folder.display())]
    ShardIncomplete {
        /// The shard folder.
        folder: PathBuf,
        /// What is wrong, naming the file (and its field or rows).
        problem: String,
    },
    /// Another sweep holds the lock of an output folder.
    #[error("{}: {}", lock.display(), locked_text(*pid, host.as_deref()))]
    Locked {
        /// The lock file.
        lock: PathBuf,
        /// The holder's process id (none: it took the lock at the same moment).
        pid: Option<u32>,
        /// The holder's host, when it is another.
        host: Option<String>,
    },
    /// A sweep with no puzzle files to run.
    #[error("{}", no_puzzles_text(folder.as_deref()))]
    NoPuzzleFiles {
        /// The folder searched, if one was given.
        folder: Option<PathBuf>,
    },
    /// A puzzle generator that found no puzzle with the properties asked for.
    #[error("no unique {what} after {attempts} attempts{note}")]
    NotGenerated {
        /// The puzzle asked for (`queens of size 8`).
        what: String,
        /// Attempts made.
        attempts: usize,
        /// The seed, the fewest givens reached, or what to ask for instead (`; ask for more
        /// givens`).
        note: String,
    },
    /// A path that is of the wrong kind (a folder where a file goes, a file where a folder goes).
    #[error("{what} {}: it is {kind}, not {expected}{note}", path.display())]
    WrongKind {
        /// What the path is for.
        what: String,
        /// The path.
        path: PathBuf,
        /// What it is (`a folder`, `a symbolic link`).
        kind: &'static str,
        /// What it should be (`a regular file`, `a folder`).
        expected: &'static str,
        /// Why (starts with `; ` when not empty).
        note: &'static str,
    },
    /// An output file whose folder does not exist (and is not to be made).
    #[error("{what} {}: the folder {} does not exist; create it first", path.display(), folder.display())]
    NoFolder {
        /// What the path is for.
        what: String,
        /// The path.
        path: PathBuf,
        /// Its folder, which does not exist.
        folder: PathBuf,
    },
    /// A QASM output named `.json`: that name belongs to the manifest written beside it.
    #[error("{what} {}: the manifest takes the .json name beside the QASM file; name the QASM file OUT.qasm", path.display())]
    QasmNamedJson {
        /// What the path is for.
        what: String,
        /// The path.
        path: PathBuf,
    },
    /// An option given for a puzzle kind it does not apply to.
    #[error("{option} is for {applies_to}, not {kind}{note}")]
    NotApplicable {
        /// The option (`a star count`).
        option: &'static str,
        /// The kinds it applies to.
        applies_to: &'static str,
        /// The kind asked for.
        kind: &'static str,
        /// Why (starts with `; ` or ` (` when not empty).
        note: &'static str,
    },
    /// An output path that names an input.
    #[error("the output {} is the input {}: refusing to overwrite it", output.display(), input.display())]
    OutputIsInput {
        /// The output.
        output: PathBuf,
        /// The input it names.
        input: PathBuf,
    },
    /// A table that could not be written as CSV.
    #[error("{table}: {msg}")]
    Csv {
        /// The table (`depths.csv`).
        table: &'static str,
        /// The cause.
        msg: String,
    },
    /// A request whose choices conflict, or that lacks one it needs.
    #[error("{0}")]
    Request(RequestProblem),
    /// Work past what one run takes (checked before starting it).
    #[error("{}", work_text(what, *work, *limit))]
    TooMuchWork {
        /// The work, with the counts it is the product of.
        what: Work,
        /// The work asked for, in the units of `what`.
        work: f64,
        /// The most work one run takes.
        limit: f64,
    },
    /// Shard folders that are not the whole set of one sweep's shards, each once.
    #[error("{0}")]
    ShardSet(ShardSetProblem),
    /// A basis state (by index) outside the states simulated.
    #[error("{what} {index} is outside the {states} simulated states")]
    StateOutOfRange {
        /// Which state (`basis index`, `valid state`).
        what: &'static str,
        /// Its index.
        index: u64,
        /// The states simulated.
        states: u128,
    },
    /// The parts a simulator is built from, empty or not in order.
    #[error("{0}")]
    Parts(PartsProblem),
    /// The header of a QASM file that does not describe its circuit.
    #[error("{0}")]
    QasmHeader(QasmHeaderProblem),
    /// A probability vector with nothing to draw from.
    #[error("the state has total probability {total}; nothing to sample")]
    NothingToSample {
        /// Its sum.
        total: f64,
    },
    /// An experiment folder none of whose depths has counts to score.
    #[error("{}: no depth has its counts yet (looked for {}); run the circuits with docs/hardware/ first", folder.display(), looked_for.join(", "))]
    NoCounts {
        /// The experiment folder.
        folder: PathBuf,
        /// The counts files its index names.
        looked_for: Vec<String>,
    },
    /// No angles of another instance like the target among the files given for transfer.
    #[error("no angles of another {puzzle} instance on space {space} with mixer {mixer} in {} (they hold: {})", sources.join(", "), if held.is_empty() { "no optimised angles of another instance".to_string() } else { held.join("; ") })]
    NoTransferAngles {
        /// The puzzle kind of the target.
        puzzle: String,
        /// Its space.
        space: SpaceChoice,
        /// Its mixer.
        mixer: MixerKind,
        /// The files read.
        sources: Vec<String>,
        /// What they hold (`tango on rows with xy-ring`).
        held: Vec<String>,
    },
    /// No built-in fixed angle table for a puzzle kind, space and mixer.
    #[error("no fixed angle table for {puzzle} on space {space} with mixer {mixer}; there are: {}", tables.join("; "))]
    NoFixedTable {
        /// The puzzle kind.
        puzzle: String,
        /// The space.
        space: SpaceChoice,
        /// The mixer.
        mixer: MixerKind,
        /// The tables there are (`tango on rows with xy-ring`).
        tables: Vec<String>,
    },
    /// A routed circuit whose measured qubits are not some of its physical qubits, each once.
    #[error("a routed circuit measures {measured} of its {physical} qubits (at most {max}), each once")]
    RoutedQubits {
        /// Qubits measured.
        measured: usize,
        /// Physical qubits.
        physical: usize,
        /// Most physical qubits simulated.
        max: usize,
    },
    /// The CPU clock of a thread, which timings read, could not be read.
    #[error("the thread's CPU clock cannot be read: {0}")]
    CpuClock(std::io::Error),
    /// An argument out of its domain that no variant above describes.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// A front end's own refusal of how its arguments go together (the command line's flag
    /// combinations), typed where that front end is: the library has no flags to name.
    #[error("{0}")]
    Usage(Box<dyn std::error::Error + Send + Sync>),
    /// The transfer init without angle files to transfer from (`needed`), or angle files
    /// given to a run whose inits do not read them.
    #[error("{}", if *needed {
        "transfer needs the optimised angles of other instances (their solve reports or sweep.csv tables); none were given"
    } else {
        "angle files of other instances are read only by the transfer init or schedule"
    })]
    AngleFiles {
        /// True when transfer lacks them, false when they were given and are not read.
        needed: bool,
    },
    /// A task ran out of its time budget.
    #[error("{task}: no result within the time budget of {seconds} s (after {done})")]
    OutOfTime {
        /// What ran.
        task: String,
        /// The budget.
        seconds: f64,
        /// What was done by then.
        done: String,
        /// A cheaper way to the result, if there is one.
        instead: Option<Instead>,
    },
    /// A run stopped because its caller asked it to (Ctrl-C in Python; see
    /// [`crate::budget::Cancel`]).
    #[error("{task}: interrupted before it finished")]
    Interrupted {
        /// What ran.
        task: String,
    },
    /// The classical optimiser failed.
    #[error("angle optimisation failed: {0}")]
    Optimizer(String),
    /// A state the code should never reach: a bug in quzzle, not in its input.
    #[error("internal error, a bug in quzzle (please report it with the command and its input files): {0}")]
    Internal(String),
    /// Reading a file failed.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// Writing a file failed.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// Drawing a plot failed.
    #[error("plotting failed: {0}")]
    Plot(String),
    /// A noisy run ended by a trajectory too large to hold after others ran: the refusal, then
    /// how many ran and what they estimate.
    #[error("{refusal}; {done}")]
    TrajectoryRefused {
        /// The refusal of the trajectory.
        refusal: Box<Error>,
        /// What was done before it: the trajectories that ran and their estimate.
        done: String,
    },
}

/// A number the library takes, named in the library's words; the command line maps each to
/// its flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// The QAOA depth p.
    Depth,
    /// Optimiser restarts.
    Restarts,
    /// Optimiser iterations per restart.
    MaxIterations,
    /// Shots drawn.
    Shots,
    /// Noise trajectories.
    Trajectories,
    /// A time budget in seconds.
    TimeBudget,
    /// A confidence level.
    Confidence,
    /// Grover iteration counts.
    GroverIterations,
    /// QAOA depths compared with Grover.
    QaoaDepths,
    /// Grover iterations written into one circuit file.
    CircuitIterations,
    /// The size of a board (N of an NxN board).
    BoardSize,
    /// Givens of a generated puzzle.
    Givens,
    /// N of the N-Queens board whose Grover circuit is written.
    SeedBoard,
    /// Stars per row, column and region.
    Stars,
    /// Points of a landscape grid each way.
    GridPoints,
    /// The largest γ of a landscape.
    GammaMax,
    /// Repeats of a timing.
    Repeats,
    /// Qubits of a random Ising model.
    RandomQubits,
    /// The weight k of a Dicke block (its states have k ones).
    DickeWeight,
    /// Qubits of a diagonal built in memory.
    DiagonalQubits,
    /// A figure's size in pixels.
    FigureSize,
    /// A figure's scale factor.
    FigureScale,
    /// A QAOA angle, in radians.
    Angle,
    /// Threads of a pool.
    Threads,
    /// Annealing reads.
    Reads,
    /// Annealing sweeps per read.
    Sweeps,
    /// The qubit limit of a sweep's instances.
    MaxQubits,
    /// Boards listed in a score.
    Top,
    /// Amplitudes of one noisy trajectory's weight sectors.
    SectorAmplitudes,
    /// The range of inverse temperatures β of an annealing schedule.
    BetaRange,
}

impl Quantity {
    /// The library's name for it.
    pub fn name(self) -> &'static str {
        match self {
            Quantity::Depth => "depth",
            Quantity::Restarts => "restarts",
            Quantity::MaxIterations => "optimiser iterations",
            Quantity::Shots => "shots",
            Quantity::Trajectories => "trajectories",
            Quantity::TimeBudget => "time budget (seconds)",
            Quantity::Confidence => "confidence",
            Quantity::GroverIterations => "Grover iterations",
            Quantity::QaoaDepths => "QAOA depths",
            Quantity::CircuitIterations => "iterations",
            Quantity::BoardSize => "size",
            Quantity::Stars => "stars",
            Quantity::Givens => "givens",
            Quantity::SeedBoard => "N",
            Quantity::GridPoints => "grid points",
            Quantity::GammaMax => "largest gamma",
            Quantity::Repeats => "repeats",
            Quantity::RandomQubits => "random qubits",
            Quantity::DickeWeight => "Dicke weight",
            Quantity::DiagonalQubits => "diagonal qubits",
            Quantity::Angle => "an angle (radians)",
            Quantity::Threads => "threads",
            Quantity::Reads => "reads",
            Quantity::Sweeps => "sweeps",
            Quantity::MaxQubits => "largest qubit count",
            Quantity::Top => "boards listed",
            Quantity::SectorAmplitudes => {
                "amplitudes of one noisy trajectory's weight sectors (held against its share of the \
                 available memory; a trajectory too large to run beside others runs alone, with three \
                 quarters of it)"
            }
            Quantity::FigureSize => "figure size",
            Quantity::FigureScale => "figure scale",
            Quantity::BetaRange => "β range",
        }
    }
}

impl std::fmt::Display for Quantity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why noise needs the full space with the x mixer ([`Unsupported::NoiseNeedsFullX`]).
pub const NOISE_NEEDS_FULL_X_WHY: &str =
    "a Pauli error leaves a constrained subspace, so the subspace simulator cannot represent the noisy state";

#[path = "error/unsupported.rs"]
mod unsupported;
pub use unsupported::Unsupported;

#[path = "error/penalty.rs"]
mod penalty;
pub use penalty::PenaltyProblem;

/// What is unclear about a counts file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CountsProblem {
    /// Bit-string keys without a bit order.
    #[error("the keys are {qubits}-bit strings, whose bit order the counts do not say{}: name the format: qiskit (Qiskit get_counts, qubit 0 rightmost) or quzzle (qubit 0 first){}", if *maybe_ionq { " (they could also be IonQ's decimal integers)" } else { "" }, if *maybe_ionq { " or ionq" } else { "" })]
    BitOrderUnknown {
        /// Qubits of the circuit.
        qubits: usize,
        /// Whether the keys read as IonQ's decimal integers too.
        maybe_ionq: bool,
    },
    /// Keys that are neither bit strings nor decimal integers.
    #[error("key `{key}` is neither a {qubits}-bit string (the manifest's circuit has {qubits} qubits) nor a decimal integer; name the format: qiskit, sampler, ionq or quzzle")]
    KeysUnknown {
        /// A key of neither kind.
        key: String,
        /// Qubits of the circuit.
        qubits: usize,
    },
    /// Counts that do not add up to the shots given.
    #[error("the counts add up to {total} shots, not the {given} shots given")]
    ShotsDiffer {
        /// Their sum.
        total: u64,
        /// The shots given.
        given: u64,
    },
    /// A key that IonQ's decimal keys do not allow.
    #[error("key `{key}` {why}{}", bits.map_or(String::new(), |q| format!(" (it looks like a {q}-bit string: read Qiskit keys in the qiskit format, quzzle's in the quzzle format)")))]
    NotIonqKey {
        /// The key (cut when long).
        key: String,
        /// What is wrong with it.
        why: String,
        /// The bits of the circuit, when the key looks like a bit string of that length.
        bits: Option<usize>,
    },
    /// IonQ probabilities without a shot count.
    #[error("IonQ probabilities do not say how many shots were taken: give the job's shot count")]
    ShotsNeeded,
}

/// Why readout-error mitigation cannot be done.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MitigationProblem {
    /// Nothing says how the device misreads its qubits.
    #[error("no readout errors to correct with: the experiment's index has no noise model and none was given (a preset, readout=R rates or a calibration file)")]
    NoReadoutSource,
    /// The model's readout rate is 0: there is nothing to correct.
    #[error("the noise model `{model}` has no readout error (readout = 0): there is nothing to correct")]
    NoReadoutError {
        /// The model.
        model: String,
    },
    /// Per-qubit errors for another number of qubits than were measured.
    #[error("readout errors are given for {errors} qubits, but {measured} were measured")]
    QubitCount {
        /// Qubits with errors.
        errors: usize,
        /// Qubits measured.
        measured: usize,
    },
    /// A qubit whose readout is too close to a coin flip to invert.
    #[error("qubit {qubit} has p(1|0) = {p1_given_0} and p(0|1) = {p0_given_1}: 1 - p(1|0) - p(0|1) is below {min_contrast}, so the correction is ill-conditioned")]
    IllConditioned {
        /// The qubit.
        qubit: usize,
        /// P(read 1 | prepared 0).
        p1_given_0: f64,
        /// P(read 0 | prepared 1).
        p0_given_1: f64,
        /// The least contrast accepted.
        min_contrast: f64,
    },
    /// The linear solve did not reach its tolerance.
    #[error("the correction did not converge to a relative residual of {tolerance:e} in {steps} GMRES steps: the reduced assignment matrix is ill-conditioned")]
    NotConverged {
        /// Steps taken.
        steps: usize,
        /// The tolerance.
        tolerance: f64,
    },
    /// No shots to correct.
    #[error("no shots to correct")]
    NoShots,
    /// The device qubits a counts file says it measured do not fit the calibration.
    #[error("{counts}: {problem}")]
    Layout {
        /// The counts file.
        counts: String,
        /// What is wrong with its `run.measured_qubits`.
        problem: String,
    },
    /// A corrected P(valid) whose interval lies outside [0, 1].
    #[error("{}: the readout-corrected P(valid) is {:.4} ± {:.2e}, its interval [{:.4}, {:.4}] outside [0, 1]: the readout errors given do not fit these counts (larger than the device's, or of other qubits); check the rates or the calibration", .0.counts, .0.value, .0.standard_error, .0.interval[0], .0.interval[1])]
    OutsideProbabilities(Unreliable),
    /// A corrected P(valid) whose interval covers all of [0, 1].
    #[error("{}: the readout-corrected P(valid) is {:.4} ± {:.2e}, its interval [{:.4}, {:.4}] covers all of [0, 1]: the correction multiplies the shot noise {:.2e} times (ill-conditioned: readout errors this large on this many qubits); more shots or smaller readout errors", .0.counts, .0.value, .0.standard_error, .0.interval[0], .0.interval[1], .0.amplification)]
    NoInformation(Unreliable),
}

/// A readout correction that does not give a usable probability
/// ([`MitigationProblem::OutsideProbabilities`], [`MitigationProblem::NoInformation`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Unreliable {
    /// The counts file.
    pub counts: String,
    /// The linear (unprojected) estimate.
    pub value: f64,
    /// Its standard error.
    pub standard_error: f64,
    /// Its interval before clipping to [0, 1].
    pub interval: [f64; 2],
    /// Its standard error over the raw binomial one.
    pub amplification: f64,
}

/// What does not match in a circuit manifest.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ManifestProblem {
    /// The embedded puzzle text does not hash to the recorded hash.
    #[error("`puzzle_text` does not hash to `puzzle_sha256`: the manifest was edited")]
    PuzzleHash,
    /// The embedded puzzle text does not parse.
    #[error("its `puzzle_text` does not parse: {0}")]
    PuzzleText(String),
    /// The embedded puzzle gives other qubits or cells than recorded.
    #[error("the embedded puzzle at the {level} reduction gives other {what} than the manifest records: it was written by another quzzle version ({version})")]
    OtherVersion {
        /// The reduction level.
        level: Level,
        /// What differs.
        what: String,
        /// This quzzle's version.
        version: &'static str,
    },
    /// A recorded field that the circuit does not give.
    #[error("`{field}` is `{recorded}`, but the circuit it describes gives `{recomputed}`: the manifest was edited")]
    Field {
        /// The field.
        field: &'static str,
        /// What the manifest records.
        recorded: String,
        /// What the circuit gives.
        recomputed: String,
    },
    /// A space and mixer that are not a circuit of the puzzle.
    #[error("`space` {space} with `mixer` {mixer} is not a circuit of this puzzle ({why}): the manifest was edited")]
    NotACircuit {
        /// The space.
        space: SpaceChoice,
        /// The mixer.
        mixer: MixerKind,
        /// Why.
        why: String,
    },
    /// Fields that do not match the digest.
    #[error(
        "its fields do not match its `{key}`: the manifest was edited after export (a field changed, added or removed)"
    )]
    Digest {
        /// The digest's key.
        key: &'static str,
    },
    /// No digest.
    #[error("no `{key}`: the manifest was written by an older quzzle (or the digest was removed), so its fields cannot be checked")]
    NoDigest {
        /// The digest's key.
        key: &'static str,
    },
}

/// What a request lacks, or which of its choices conflict.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RequestProblem {
    /// A sweep with no puzzle files or folders.
    #[error("a sweep needs puzzle files or folders")]
    NoInputs,
    /// One depth and an experiment's depths both given.
    #[error("one depth or an experiment's depths, not both")]
    DepthAndDepths,
    /// No depth for the circuit.
    #[error("give the depth of the circuit")]
    NoDepth,
    /// Angles given by value for an experiment across depths.
    #[error("given angles are one depth's: an experiment takes its angles from a report or the optimiser")]
    GivenAnglesAcrossDepths,
    /// A list of angles whose length is not the depth.
    #[error("{list}: {given} angle(s) given; depth {depth} needs {depth}")]
    AngleListLength {
        /// Which list (`gammas`, `betas`).
        list: &'static str,
        /// Angles given.
        given: usize,
        /// The depth.
        depth: usize,
    },
    /// None, or more than one, of the sources of angles.
    #[error("give exactly one angle source: a report or manifest, gammas and betas, or optimize")]
    AngleSources,
    /// The state asked of an experiment across depths.
    #[error("the state goes into one circuit's manifest, not an experiment's")]
    StateOfExperiment,
    /// Noise predictions asked of one circuit.
    #[error("noise predictions go into an experiment's index: give its depths and a folder")]
    NoiseOfOneCircuit,
    /// No shot count.
    #[error("give the number of shots to draw")]
    NoShots,
    /// Shots drawn under more than one noise model.
    #[error("{models} noise models: shots are drawn under one")]
    NoiseModels {
        /// The models given.
        models: usize,
    },
    /// An init and a schedule both given.
    #[error("an init and a schedule: a schedule is evaluated as it is, an init is optimised; give one")]
    InitAndSchedule,
    /// An init that is not named (JSON other than a string, or a list of strings).
    #[error("init {value}: give a name{}", if *in_list { "" } else { ", `all` or a list of names" })]
    InitNotNamed {
        /// The value given, as JSON.
        value: String,
        /// Whether it was an item of a list.
        in_list: bool,
    },
    /// Keyword arguments that are not the job's choices.
    #[error("{job}: {problem}")]
    Keywords {
        /// The job.
        job: String,
        /// What is wrong (an unknown key, a value of the wrong type).
        problem: String,
    },
    /// No init strategy.
    #[error("no init strategy given")]
    NoInit,
    /// No depth to optimise angles at.
    #[error("no depth to optimise")]
    NoDepthToOptimise,
    /// An init that reads a table of angles, without one.
    #[error("the {init} init needs a table of angles, and none was given")]
    NoAngleTable {
        /// The init's name.
        init: &'static str,
    },
    /// The transfer init without angle files to transfer from.
    #[error("transfer needs the angles of other instances: give their solve reports or sweep.csv files")]
    NoTransferFiles,
    /// A figure with nothing to draw.
    #[error("a depth figure needs at least one panel")]
    NoPanels,
    /// Puzzles counted outside what one request generates.
    #[error("a count of {count} puzzles: give a whole number from 1 to {max}")]
    GenerateCount {
        /// The count given.
        count: i128,
        /// The most puzzles one request generates.
        max: u64,
    },
    /// Seeds of generated puzzles that run past the largest seed.
    #[error("seeds {seed} and {more} more run past the largest seed")]
    SeedsOverflow {
        /// The first seed.
        seed: u64,
        /// Seeds after it.
        more: u64,
    },
    /// A plan without a device.
    #[error("give the device: a preset (heron, eagle, aria), calibration:FILE or custom rates")]
    NoDevice,
    /// A plan on a device given by a calibration or by rates, which carry no gate times.
    #[error("device {device}: a calibration or custom rates carry no gate times; give the device timing beside it ({})", timed.join(", "))]
    PlanTiming {
        /// The device as given.
        device: String,
        /// The timings there are.
        timed: &'static [&'static str],
    },
    /// A keyword argument whose value is not of its type (a float for a count, a negative
    /// seed): the setting, then what it takes and what it got.
    #[error("{job}: {setting}: {problem}")]
    Setting {
        /// The job.
        job: String,
        /// The keyword.
        setting: String,
        /// What it takes and what it got.
        problem: String,
    },
}

/// Work one run refuses before it starts, with the counts it is the product of.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Work {
    /// Spin updates of simulated annealing.
    Anneal {
        /// Reads.
        reads: usize,
        /// Sweeps per read.
        sweeps: usize,
        /// Spin variables.
        variables: usize,
    },
    /// Amplitude updates of a routed circuit's noisy trajectories.
    RoutedNoise {
        /// Gates of the circuit.
        gates: usize,
        /// Physical qubits (the state has 2^qubits amplitudes).
        qubits: usize,
        /// Expected runs: the noiseless one and each trajectory that holds an error.
        runs: f64,
        /// The noise model.
        model: String,
    },
}

fn work_text(what: &Work, work: f64, limit: f64) -> String {
    match what {
        Work::Anneal {
            reads,
            sweeps,
            variables,
        } => format!(
            "{reads} reads × {sweeps} sweeps × {variables} variables is {work:.1e} spin updates, more than the {limit:.0e} \
             one run takes; use fewer reads or sweeps"
        ),
        Work::RoutedNoise {
            gates,
            qubits,
            runs,
            model,
        } => format!(
            "{gates} gates on 2^{qubits} amplitudes, run about {runs:.0} times under `{model}`, are {work:.1e} amplitude updates, \
             more than the {limit:.0e} one estimate takes (weeks on one machine); use fewer trajectories \
             or a circuit on fewer physical qubits"
        ),
    }
}

/// Why shard folders are not the whole set of one sweep's shards.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShardSetProblem {
    /// No folder.
    #[error("no shard folder given")]
    NoFolders,
    /// A shard numbered past the count of the first.
    #[error("{}: shard {index}/{count} is outside 0..{expected}", folder.display())]
    Outside {
        /// Its folder.
        folder: PathBuf,
        /// Its index.
        index: usize,
        /// Its count.
        count: usize,
        /// The count of the first shard.
        expected: usize,
    },
    /// One shard given twice.
    #[error("{} and {} are both shard {index}/{count}; give each shard once", folders[0].display(), folders[1].display())]
    Twice {
        /// The two folders (boxed: keeps the error small).
        folders: Box<[PathBuf; 2]>,
        /// The shard's index.
        index: usize,
        /// The count.
        count: usize,
    },
    /// Shards not given.
    #[error("shard(s) {} missing: a merge needs all {count} shards of the sweep", missing.iter().map(|i| format!("{i}/{count}")).collect::<Vec<_>>().join(", "))]
    Missing {
        /// Their indices.
        missing: Vec<usize>,
        /// The count.
        count: usize,
    },
    /// One instance in two shards.
    #[error("{instance} is an instance of two shards ({} and {}); the shards were cut from different inputs", folders[0].display(), folders[1].display())]
    InstanceTwice {
        /// The puzzle file.
        instance: String,
        /// The two folders (boxed: keeps the error small).
        folders: Box<[PathBuf; 2]>,
    },
}

/// Parts a simulator or table is built from that are empty or out of order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartsProblem {
    /// A cost histogram with no class, or an empty one.
    #[error("a cost histogram needs at least one class, and no empty one")]
    EmptyHistogram,
    /// Cost classes not in ascending order.
    #[error("the classes must ascend by cost")]
    ClassesNotAscending,
    /// A digit with no state (or, with `gates`, without its gate list).
    #[error("every digit needs at least one state{}", if *gates { " and one gate list" } else { "" })]
    EmptyDigit {
        /// Whether each digit also needs a gate list.
        gates: bool,
    },
    /// An angle table with no depth.
    #[error("an angle table needs at least one depth")]
    EmptyAngleTable,
}

/// What a QASM header says that its circuit does not match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QasmHeaderProblem {
    /// A symbolic angle of a layer past the header's depth.
    #[error("the circuit uses layer {layer} but the header says depth {depth}")]
    LayerPastDepth {
        /// The layer (1-based).
        layer: usize,
        /// The header's depth.
        depth: usize,
    },
    /// Qubit roles that do not add up to the circuit's qubits.
    #[error("the header names {puzzle} puzzle qubits and {others} others, the circuit has {qubits} qubits")]
    SeedQubits {
        /// Puzzle qubits named.
        puzzle: usize,
        /// Other qubits named.
        others: usize,
        /// Qubits of the circuit.
        qubits: usize,
    },
}

/// A cheaper way to a result that ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instead {
    /// The closed-form route of the Grover search.
    ClosedFormRoute,
}

impl std::fmt::Display for Instead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Instead::ClosedFormRoute => {
                f.write_str("the closed-form route gives the curve from (M, D) without a statevector")
            }
        }
    }
}

fn over_limit_ways(raise_to: Option<usize>, stronger: Option<(Level, usize)>) -> String {
    let mut ways = Vec::new();
    if let Some(q) = raise_to {
        ways.push(format!("a limit of 2^{q} (its state fits in memory)"));
    }
    if let Some((level, q)) = stronger {
        ways.push(format!("the {level} reduction ({q} qubits)"));
    }
    if ways.is_empty() {
        "no higher limit runs it (its state does not fit in memory), and no stronger reduction level brings it within the limit".into()
    } else {
        format!("{} would run it", ways.join(", or "))
    }
}

fn locked_text(pid: Option<u32>, host: Option<&str>) -> String {
    match (pid, host) {
        (Some(pid), Some(host)) => format!(
            "another sweep (pid {pid} on host {host}) is writing to this folder; wait for it, or remove the lock if that sweep is gone"
        ),
        (Some(pid), None) => {
            format!("another sweep (pid {pid}) is writing to this folder; wait for it or write to another folder")
        }
        (None, _) => "another sweep took the lock at the same moment; try again".into(),
    }
}

fn no_puzzles_text(folder: Option<&std::path::Path>) -> String {
    match folder {
        Some(f) => format!("{}: folder holds no puzzle files (*.txt, *.lp)", f.display()),
        None => "no puzzle files given".into(),
    }
}

/// A block space whose statevector fits, named in a refusal of a larger space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FittingSpace {
    /// The block family.
    pub space: SpaceChoice,
    /// Its states.
    pub states: f64,
    /// Whether every block is plain (weight k of its qubits), so that XY mixers run on it.
    pub plain: bool,
}

impl std::fmt::Display for FittingSpace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mixers = if self.plain {
            "xy or grover mixer"
        } else {
            "grover mixer"
        };
        write!(f, "{} ({:.0} states, {mixers})", self.space, self.states)
    }
}

fn spaces_note(spaces: &[FittingSpace]) -> String {
    if spaces.is_empty() {
        String::new()
    } else {
        let named: Vec<String> = spaces.iter().map(FittingSpace::to_string).collect();
        format!("; at this level these block spaces fit: {}", named.join(", "))
    }
}

fn fits_note(fitting: &[(Level, usize)]) -> String {
    if fitting.is_empty() {
        return "no reduction level makes it fit".into();
    }
    let levels: Vec<String> = fitting.iter().map(|(l, q)| format!("{l} ({q} qubits)")).collect();
    format!("these reduction levels fit: {}", levels.join(", "))
}

/// Most characters of input a message quotes.
pub const QUOTE_CHARS: usize = 80;

/// Most characters of a whole parse message (a backstop for input quoted without backticks).
const MESSAGE_CHARS: usize = 1000;

/// Input `s` as a message quotes it: cut to [`QUOTE_CHARS`] characters, with `…` when cut.
pub fn clip_quote(s: &str) -> String {
    clip(s, QUOTE_CHARS)
}

/// `s` cut to its first `max` characters, with `…` when anything was cut.
fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// `msg` with every backtick-quoted span longer than [`QUOTE_CHARS`] cut to that many
/// characters and followed by its full length and the column of the cut:
/// `` `abc…` (1048576 characters; cut after column 80) ``.
pub fn clip_quotes(msg: &str) -> String {
    let mut out = String::new();
    // The note on a cut quote goes after its closing backtick.
    let mut note = String::new();
    for (i, part) in msg.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let len = part.chars().count();
        // Odd parts lie between backticks: quoted input.
        if i % 2 == 1 && len > QUOTE_CHARS {
            out.push_str(&clip(part, QUOTE_CHARS));
            note = format!(" ({len} characters; cut after column {QUOTE_CHARS})");
        } else {
            if i % 2 == 0 {
                out.push_str(&std::mem::take(&mut note));
            }
            out.push_str(part);
        }
    }
    out.push_str(&note);
    clip(&out, MESSAGE_CHARS)
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<argmin::core::Error> for Error {
    fn from(e: argmin::core::Error) -> Self {
        Error::Optimizer(format!("{e:#}"))
    }
}

impl From<Unsupported> for Error {
    fn from(u: Unsupported) -> Self {
        Error::Unsupported(Box::new(u))
    }
}

impl Error {
    /// Whether this is a memory plan's refusal (a state or a noisy trajectory too large to
    /// hold): a run of several models or depths leaves that one out and keeps the others.
    pub fn is_memory_refusal(&self) -> bool {
        matches!(self, Error::TooMuchMemory { .. } | Error::TrajectoryRefused { .. })
    }

    /// A parse error at a line of a file. Quoted input (between backticks) longer than
    /// [`QUOTE_CHARS`] is cut (see [`clip_quotes`]), so that a 1 MB line gives a short message.
    pub fn parse(file: &str, line: usize, msg: impl Into<String>) -> Self {
        Error::Parse {
            file: clip(file, QUOTE_CHARS),
            line,
            msg: clip_quotes(&msg.into()),
        }
    }

    /// `what` = `value` is not one of the values it may take (`allowed`).
    pub fn out_of_range(what: Quantity, value: impl std::fmt::Display, allowed: impl Into<String>) -> Self {
        Error::OutOfRange {
            what,
            value: value.to_string(),
            allowed: allowed.into(),
        }
    }

    /// Writing the CSV table `table` failed.
    pub fn csv(table: &'static str, e: impl std::fmt::Display) -> Self {
        Error::Csv {
            table,
            msg: e.to_string(),
        }
    }

    /// `file` does not hold what it should; quoted input in `msg` is cut (see [`clip_quotes`]).
    pub fn malformed(file: &str, msg: impl std::fmt::Display) -> Self {
        Error::Malformed {
            file: clip(file, QUOTE_CHARS),
            msg: clip_quotes(&msg.to_string()),
        }
    }

    /// What kind of error this is: the one rule that the command line's exit code
    /// ([`ErrorKind::exit_code`]) and the Python exception class both read
    /// (docs/ARCHITECTURE.md, "Errors"). Every variant is named, so a new one must be given its
    /// kind.
    pub fn kind(&self) -> ErrorKind {
        use ErrorKind::*;
        use MitigationProblem as M;
        match self {
            Error::Parse { .. }
            | Error::Read { .. }
            | Error::Malformed { .. }
            | Error::Counts { .. }
            | Error::Manifest { .. }
            | Error::Syntax { .. }
            | Error::InvalidArgument(_)
            | Error::Usage(_)
            | Error::Request(_)
            | Error::TooMuchWork { .. }
            | Error::ShardSet(_)
            | Error::StateOutOfRange { .. }
            | Error::Parts(_)
            | Error::QasmHeader(_)
            | Error::NothingToSample { .. }
            | Error::NoCounts { .. }
            | Error::NoTransferAngles { .. }
            | Error::NoFixedTable { .. }
            | Error::RoutedQubits { .. }
            | Error::AngleFiles { .. }
            | Error::OutOfRange { .. }
            | Error::NotFinite { .. }
            | Error::LengthMismatch { .. }
            | Error::QubitOutOfRange { .. }
            | Error::NoGradient { .. }
            | Error::Unsupported(_)
            | Error::Penalty(_)
            | Error::ResumeMismatch { .. }
            | Error::ResumeOther { .. }
            | Error::Locked { .. }
            | Error::ShardMismatch { .. }
            | Error::ShardIncomplete { .. }
            | Error::NoPuzzleFiles { .. }
            | Error::NotGenerated { .. }
            | Error::WrongKind { .. }
            | Error::OutputIsInput { .. }
            | Error::NoFolder { .. }
            | Error::QasmNamedJson { .. }
            | Error::NotApplicable { .. }
            | Error::InvalidDepths { .. }
            | Error::UnknownName { .. }
            | Error::AngleCount { .. }
            | Error::AnglesMismatch { .. } => Input,
            Error::Mitigation(m) => match m {
                M::NoReadoutSource
                | M::NoReadoutError { .. }
                | M::QubitCount { .. }
                | M::IllConditioned { .. }
                | M::Layout { .. }
                | M::OutsideProbabilities(_)
                | M::NoInformation(_) => Input,
                M::NotConverged { .. } | M::NoShots => Unmet,
            },
            Error::Unsatisfiable { .. } | Error::NoQubits { .. } | Error::Optimizer(_) => Unmet,
            Error::TooManyQubits { .. }
            | Error::TooMuchMemory { .. }
            | Error::DoesNotFit { .. }
            | Error::SpaceTooLarge { .. }
            | Error::TrajectoryRefused { .. }
            | Error::OverLimit { .. }
            | Error::OutOfTime { .. }
            | Error::CpuClock { .. }
            | Error::Write { .. }
            | Error::Csv { .. }
            | Error::Plot { .. } => Resource,
            Error::Interrupted { .. } => Interrupted,
            Error::Internal(_) => Internal,
        }
    }

    /// Whether the error is in what the user typed or handed in (exit code 2):
    /// [`ErrorKind::Input`].
    pub fn is_usage(&self) -> bool {
        self.kind() == ErrorKind::Input
    }
}

/// What an error is, whatever its message ([`Error::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// What the user typed or handed in: an argument out of its domain, an input file that is
    /// missing, unreadable or malformed, inputs that do not go together, a combination that
    /// does not exist. Exit code 2; Python `InvalidArgument` (a `ValueError`), `ParseError` for
    /// a file that cannot be read as what it should be.
    Input,
    /// Well-formed input whose request has no answer: a puzzle without a solution, a reduction
    /// that leaves no qubits, an optimiser or solver that did not converge. Exit code 1;
    /// Python `Unmet`, `Unsatisfiable` for a puzzle without a solution.
    Unmet,
    /// More than this machine or the budget gives: memory, qubits, time, a file that cannot be
    /// written. Exit code 1; Python `ResourceError`, `DoesNotFit` (a `MemoryError`) for memory.
    Resource,
    /// Stopped by the user (Ctrl-C). Exit code 130; Python's own `KeyboardInterrupt`.
    Interrupted,
    /// A bug in quzzle. Exit code 3; Python `InternalError`.
    Internal,
}

impl ErrorKind {
    /// The command line's exit status for an error of this kind.
    pub fn exit_code(self) -> u8 {
        match self {
            ErrorKind::Input => 2,
            ErrorKind::Unmet | ErrorKind::Resource => 1,
            ErrorKind::Interrupted => 130,
            ErrorKind::Internal => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One kind per error, and the exit code from it: the cases where the exit code and the
    /// Python class used to disagree (a missing gradient, an unsupported combination, a
    /// mitigation that did not converge), and the bugs that used to pass as wrong input.
    #[test]
    fn each_error_has_one_kind_and_its_exit_code() {
        let cases = [
            (Error::parse("f.txt", 2, "bad"), ErrorKind::Input, 2),
            (
                Error::NoGradient {
                    objective: "success".into(),
                },
                ErrorKind::Input,
                2,
            ),
            (
                Unsupported::NoCircuit {
                    mixer: MixerKind::Grover,
                }
                .into(),
                ErrorKind::Input,
                2,
            ),
            (
                Error::Mitigation(MitigationProblem::NotConverged {
                    steps: 9,
                    tolerance: 1e-12,
                }),
                ErrorKind::Unmet,
                1,
            ),
            (
                Error::Mitigation(MitigationProblem::NoReadoutSource),
                ErrorKind::Input,
                2,
            ),
            (Error::Unsatisfiable { reason: "r".into() }, ErrorKind::Unmet, 1),
            (Error::Interrupted { task: "t".into() }, ErrorKind::Interrupted, 130),
            (Error::Internal("a count overflowed".into()), ErrorKind::Internal, 3),
        ];
        for (e, kind, code) in cases {
            assert_eq!(e.kind(), kind, "{e}");
            assert_eq!(e.kind().exit_code(), code, "{e}");
            assert_eq!(e.is_usage(), kind == ErrorKind::Input, "{e}");
        }
        let bug = Error::Internal("x".into()).to_string();
        assert!(
            bug.contains("a bug in quzzle") && bug.contains("please report"),
            "{bug}"
        );
    }

    #[test]
    fn long_quotes_are_cut_with_their_length() {
        let long = "y".repeat(200);
        let msg = clip_quotes(&format!("expected a header, found `{long}` here; key `ok`"));
        assert_eq!(
            msg,
            format!(
                "expected a header, found `{}…` (200 characters; cut after column 80) here; key `ok`",
                "y".repeat(80)
            )
        );
        // Short quotes, and text without quotes, are kept as they are.
        assert_eq!(clip_quotes("size `6by6` must be RxC"), "size `6by6` must be RxC");
        assert!(clip_quotes(&"z".repeat(5000)).chars().count() <= MESSAGE_CHARS + 1);
        let e = Error::parse("f.txt", 3, format!("found `{long}`"));
        assert!(e.to_string().len() < 200, "{e}");
    }
}
