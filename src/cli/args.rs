//! The command-line arguments of every command, close to the flags. The settings of a job
//! (solve, sweep, qasm, sample, score, predict, anneal, grover, info) are taken as typed, as
//! plain text and numbers, and checked by the library's request (`cli/request.rs`), so the
//! command line and Python accept the same values with the same words. Flags of the other
//! commands take the library's own enums (their `ValueEnum` comes with the library's `cli`
//! feature).

use clap::{ArgGroup, Args, Parser, Subcommand};
use quzzle::encoding::EncodingKind;
use quzzle::experiment::classical::ClassicalMethod;
use quzzle::export::qasm::Flavor;
use quzzle::model::Level;
use quzzle::plot::sweep::Lines;
use quzzle::puzzle::generate::{Kind, RegionMethod};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(name = "quzzle", version, about = "QAOA experiments on logic puzzles", long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Check the arguments of solve, sweep, qasm, sample, score, predict, anneal, grover, info
    /// or generate and print the request they make as JSON (the values as the command would use
    /// them); nothing is read, run or written.
    #[arg(long, global = true)]
    pub dry_run: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run QAOA at depths 1..3 on the embedded Tango instance: report, success-vs-depth plot.
    /// A block space goes with a mixer: the Tango's rows are joined by sign chains, so
    /// `--space rows` needs `--mixer grover`.
    Demo {
        /// Where to write solve.json, depths.csv and the plot (each a new path or a regular
        /// file: a link, FIFO, device or folder there is refused).
        #[arg(long, default_value = "results/demo")]
        out: PathBuf,
        #[command(flatten)]
        space: SpaceArgs,
    },
    /// Board, cells, free variables at each reduction level, qubits, statevector bytes.
    Info {
        /// Puzzle file.
        file: PathBuf,
        #[command(flatten)]
        reduce: ReduceArg,
        #[command(flatten)]
        encoding: EncodingArg,
        /// Block space to detail: full, rows, cols, regions, cells or auto (one-hot only;
        /// every space that exists is summarised).
        #[arg(long, default_value = "auto")]
        space: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Print the puzzle's constraint model as JSON instead, before any reduction: `names`
        /// (one per variable), `constraints` (each with its `label`), `objective` and
        /// `objective_pairs` (tools/puzzle_to_lp.py writes it as an LP file through dimod).
        #[arg(long, conflicts_with = "json")]
        model: bool,
        /// Give up (exit 1) when reading the file and reducing it at every level has not
        /// finished within this many seconds (a big LP model); progress is printed on stderr
        /// every 5 s either way.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
        max_seconds: Option<f64>,
    },
    /// Exact classical solutions: ground states of the cost diagonal, or exact search.
    Classical {
        /// Puzzle file.
        file: PathBuf,
        #[command(flatten)]
        reduce: ReduceArg,
        #[command(flatten)]
        encoding: EncodingArg,
        /// How to solve: `auto` uses the diagonal up to 24 qubits, search above.
        #[arg(long, value_enum, default_value_t = ClassicalMethod::Auto)]
        method: ClassicalMethod,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Give up (exit 1) when reading, reducing and solving have not finished within this
        /// many seconds, saying how far the search got; progress is printed on stderr every 5 s
        /// either way.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
        max_seconds: Option<f64>,
    },
    /// Simulated annealing on the same reduced QUBO (dwave-samplers' sweeps, schedule and default β range; on a block space, swaps that keep every block's count): P(valid) per read with its exact interval, the final energies, TTS99 in sweeps and seconds
    Anneal(AnnealArgs),
    /// Optimise QAOA angles at each depth and report the success probability.
    Solve(SolveArgs),
    /// What a device will give before any device time is spent: every space and mixer whose
    /// circuit exports, optimised at each depth, its P(valid) under the device's noise, the
    /// best depth, the shots and device seconds to a valid board with 99 % confidence, and
    /// simulated annealing's time beside.
    Plan(PlanArgs),
    /// Write the Ising model `{"qubits", "h", "J": [[i, j, w]], "offset"}` (z = +1 when the bit is 0).
    Ising {
        #[command(flatten)]
        source: ModelSource,
        #[command(flatten)]
        reduce: ReduceArg,
        #[command(flatten)]
        encoding: EncodingArg,
        /// Print JSON (the only format; accepted for symmetry with the other commands).
        #[arg(long)]
        json: bool,
    },
    /// Time one QAOA objective evaluation and one gradient at fixed angles.
    Bench {
        #[command(flatten)]
        source: ModelSource,
        #[command(flatten)]
        reduce: ReduceArg,
        #[command(flatten)]
        space: SpaceArgs,
        /// With --random N: the model on one Dicke block, the C(N, K) states of weight K over all
        /// N qubits (1 <= K < N), started in the Dicke state; mixer xy-ring unless --mixer says
        /// xy-complete or grover.
        #[arg(long, value_name = "K", conflicts_with = "space", value_parser = size::<usize>())]
        dicke: Option<usize>,
        /// Depth p (1..=256).
        #[arg(long, default_value_t = 4, value_parser = size::<usize>())]
        depth: usize,
        /// Timed calls after the warm-up (the median is reported; 1..=1000).
        #[arg(long, default_value_t = 5, value_parser = size::<usize>())]
        repeats: usize,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Export the QAOA circuit as OpenQASM 3 for IBM, IonQ or any QASM 3 tool.
    ///
    /// With -o OUT.qasm, also writes the manifest OUT.json beside it: qubit -> cell map, valid
    /// bitstrings (qubit 0 first), angles, success probability at these angles, flavour,
    /// version. Without -o, the QASM text goes to stdout and no manifest is written.
    /// Exactly one angle source: --angles, --gammas with --betas, or --optimize.
    Qasm(QasmArgs),
    /// Generate a puzzle with exactly one solution (proven by exact search), in the shared
    /// instance format with its [solution]. Same seed, same puzzle.
    Generate(GenerateArgs),
    /// Run QAOA at every depth on a batch of puzzles; one CSV row per (instance, depth, init,
    /// objective), written as soon as it is done (a rerun resumes), then plots and a summary.
    Sweep(SweepArgs),
    /// Join the shard folders of one sweep (`sweep --shard I/K`) into one sweep folder: the
    /// CSV, summary and figures of the unsharded sweep. Refused unless the folders are all K
    /// shards of one sweep, run with the same settings on the same instances.
    Merge(MergeArgs),
    /// The p = 1 landscape: heatmaps of energy and success probability over (γ, β).
    Landscape(LandscapeArgs),
    /// Grover search from the uniform superposition over a space: P(valid) per iteration by
    /// statevector (when it fits) and in closed form from M solutions among D states, and the
    /// optimal iteration count floor(pi / (4 asin sqrt(M/D))).
    Grover(GroverArgs),
    /// Draw shots from the exact final distribution of a circuit (a puzzle file with circuit
    /// options, or a manifest) and write counts as Qiskit, IonQ or quzzle return them.
    Sample(SampleArgs),
    /// Score measured counts against the manifest of their circuit: P(valid) with its exact
    /// 95 % interval, the simulated value, the most frequent boards, per-cell marginals.
    Score(ScoreArgs),
    /// Predict P(valid) of the circuit a device runs: an OpenQASM 3 file transpiled by Qiskit
    /// for a backend (rz, sx, x, cz/ecr/cx on physical qubits, its layout read from the
    /// measurements), noiseless and under each --noise model, beside the prediction on the
    /// exported circuit of its manifest.
    Predict(PredictArgs),
}

#[derive(Args, Debug, Clone)]
pub struct GroverArgs {
    /// Puzzle file.
    pub file: PathBuf,
    #[command(flatten)]
    pub reduce: ReduceArg,
    /// Space searched: full, rows (as the Q# seed), cols, regions, cells, or auto (the smallest).
    #[arg(long, default_value = "rows", value_parser = Named::of::<quzzle::encoding::space::SpaceChoice>())]
    pub space: String,
    /// Iterations reported, A..B with both ends included (or one count K), at most 100000
    /// counts. Default: 0 to the optimal count, or the last 100000 counts up to it where the
    /// optimal count is larger (10x10 boards).
    #[arg(long, value_name = "A..B", allow_hyphen_values = true)]
    pub iterations: Option<String>,
    /// How the curve is computed beside the closed form from (M, D): auto (by statevector too
    /// when the space has at most 2^26 states and fits, and counts given with --iterations
    /// take at most 2^34 amplitude updates), statevector (whatever the size), or closed-form
    /// (M from the exact search, no state).
    #[arg(long, default_value = "auto", value_parser = Named::of::<quzzle::experiment::grover::GroverRoute>())]
    pub route: String,
    /// Also run Grover-mixer QAOA at these depths (A..B or one depth), from the cost histogram
    /// of the space: INTERP, L-BFGS, energy objective, seed 0. Exact at any dimension: the
    /// histogram is enumerated up to 2^32 states or counted by the frontier count (up to 127
    /// qubits, as memory allows), rows+cols included.
    #[arg(long, value_name = "A..B", allow_hyphen_values = true)]
    pub qaoa_depths: Option<String>,
    /// Give up (exit 1) when the exact search, the cost histogram or the statevector has not
    /// finished within this many seconds, saying how far it got and how long the whole would
    /// take. Long runs print their progress on stderr every 5 s either way.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
    pub max_seconds: Option<f64>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write grover.json and grover.csv into this folder (each a new path or a regular
    /// file: a link, FIFO, device or folder there is refused).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write the Q# seed's circuit (plain N-Queens only: W-state rows, the column and
    /// diagonal oracle with ancillas uncomputed, the diffusion; N² + (N-1) + N(N-1)/2 + 1
    /// qubits) for K iterations as OpenQASM 3 here, and its manifest beside it (same stem,
    /// `.json`). K is --iterations (one count), or the optimal count. Its folder must exist,
    /// unless --parents. Both are new paths or regular files (a link, FIFO, device or folder
    /// is refused).
    #[arg(long, value_name = "OUT.qasm", conflicts_with_all = ["json", "out", "qaoa_depths"])]
    pub qasm: Option<PathBuf>,
    /// Flavour of --qasm: portable, ibm or ionq (flat: each ccx as 6 cx with t = rz(pi/4)).
    #[arg(long, value_enum, default_value_t = Flavor::Portable, requires = "qasm")]
    pub flavor: Flavor,
    /// Create the folder of --qasm when it is missing.
    #[arg(long, requires = "qasm")]
    pub parents: bool,
}

/// A library enum by its name, with the library's message for an unknown one (the same words
/// Python gets), its values listed in the help.
#[derive(Clone)]
struct Library<T>(std::marker::PhantomData<T>);

fn library<T>() -> Library<T> {
    Library(std::marker::PhantomData)
}

impl<T> clap::builder::TypedValueParser for Library<T>
where
    T: std::str::FromStr<Err = quzzle::Error> + clap::ValueEnum + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let text = Named::text(cmd, value)?;
        text.parse()
            .map_err(|e: quzzle::Error| invalid_value(cmd, arg, &text, &e))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(T::value_variants().iter().filter_map(T::to_possible_value)))
    }
}

/// A number flag, read by the library's rule for numbers as text (whitespace around it
/// ignored, the refusal saying what the flag takes and what it got: `checked::number_of`),
/// so the command line and Python read `' 5'`, `'0.95 '` and `1.5` alike.
#[derive(Clone)]
struct Number<T>(quzzle::checked::NumberKind, std::marker::PhantomData<T>);

/// A whole number (counts, trajectories, depths; the request checks the range).
fn whole<T>() -> Number<T> {
    Number(quzzle::checked::NumberKind::Whole, std::marker::PhantomData)
}

/// A size, a whole number ≥ 0.
fn size<T>() -> Number<T> {
    Number(quzzle::checked::NumberKind::Size, std::marker::PhantomData)
}

/// A seed, 0..=2^64 − 1.
fn seed() -> Number<u64> {
    Number(quzzle::checked::NumberKind::Seed, std::marker::PhantomData)
}

/// Any number (`nan` and `inf` too; the request refuses them where they are no value).
fn real() -> Real {
    Real
}

/// [`real`]'s parser.
#[derive(Clone)]
struct Real;

impl<T> clap::builder::TypedValueParser for Number<T>
where
    T: TryFrom<i128> + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let text = Named::text(cmd, value)?;
        quzzle::checked::number_of(&serde_json::Value::String(text.clone()), self.0)
            .map_err(|why| invalid_because(cmd, arg, &text, &why))
    }
}

impl clap::builder::TypedValueParser for Real {
    type Value = f64;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<f64, clap::Error> {
        let text = Named::text(cmd, value)?;
        quzzle::checked::real_of(&serde_json::Value::String(text.clone()))
            .map_err(|why| invalid_because(cmd, arg, &text, &why))
    }
}

/// clap's error for a value the library refused, carrying the library's message.
fn invalid_value(cmd: &clap::Command, arg: Option<&clap::Arg>, text: &str, e: &quzzle::Error) -> clap::Error {
    invalid_because(cmd, arg, text, &e.to_string())
}

/// clap's error for a value refused for `why`.
fn invalid_because(cmd: &clap::Command, arg: Option<&clap::Arg>, text: &str, why: &str) -> clap::Error {
    let flag = arg.map_or_else(|| "...".to_string(), |a| a.to_string());
    clap::Error::raw(
        clap::error::ErrorKind::ValueValidation,
        format!("invalid value '{text}' for '{flag}': {why}\n"),
    )
    .with_cmd(cmd)
}

/// A name passed on as text for the request to check (so the command line and Python refuse
/// it with the same words), with the names it takes listed in the help.
#[derive(Clone)]
struct Named(Vec<clap::builder::PossibleValue>);

impl Named {
    /// The names of a library enum, as its `ValueEnum` lists them (help lines included).
    fn of<T: clap::ValueEnum>() -> Named {
        Named(T::value_variants().iter().filter_map(T::to_possible_value).collect())
    }

    /// These names.
    fn these(names: &[&'static str]) -> Named {
        Named(names.iter().map(|&n| clap::builder::PossibleValue::new(n)).collect())
    }

    /// `extra` inserted at `at`.
    fn with(mut self, at: usize, extra: &'static str) -> Named {
        self.0.insert(at, clap::builder::PossibleValue::new(extra));
        self
    }

    fn text(cmd: &clap::Command, value: &std::ffi::OsStr) -> Result<String, clap::Error> {
        value
            .to_str()
            .map(str::to_string)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8).with_cmd(cmd))
    }
}

impl clap::builder::TypedValueParser for Named {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        Named::text(cmd, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().cloned()))
    }
}

#[derive(Args, Debug, Clone)]
pub struct SweepArgs {
    /// Puzzle files, or folders (their *.txt files); run in sorted order.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    #[command(flatten)]
    pub reduce: ReduceArg,
    #[command(flatten)]
    pub encoding: EncodingArg,
    #[command(flatten)]
    pub space: SpaceArgs,
    /// Depths to run: `P`, `A..B`, or a comma list of them (`1..3,5,8`), each 1..=256.
    #[arg(long, default_value = "1..5")]
    pub depths: String,
    /// Initial angles: ramp, interp, random, all three, lr (only the ramp's two scales
    /// optimised), transfer (each instance from the median of the others' angles in
    /// --angles-from) or fixed (the table shipped for the puzzle kind, space and mixer).
    /// Default: interp.
    #[arg(long, value_name = "INIT", value_parser = Named::of::<quzzle::qaoa::optimize::Init>().with(3, "all"))]
    pub init: Option<String>,
    #[command(flatten)]
    pub schedule: ScheduleArgs,
    /// Give random init exactly its own --restarts instead of at least INTERP's simulator calls
    /// at the same instance and depth (the default when interp is in the sweep).
    #[arg(long)]
    pub no_match_budget: bool,
    #[command(flatten)]
    pub optimize: OptimizeArgs,
    /// Skip instances whose simulated space has more than 2^N states (on the full space: more
    /// than N qubits).
    #[arg(long, value_name = "N", default_value_t = 20, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub max_qubits: i128,
    /// Give up (exit 1) once this many seconds have passed since the sweep's start, checked
    /// before each row and while an instance's cost histogram (the grover mixer's histogram
    /// route) is counted, saying how far it got; the rows done so far stay in sweep.csv and a
    /// rerun resumes. Counting prints its progress on stderr every 5 s either way.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
    pub max_seconds: Option<f64>,
    /// Folder for sweep.csv, the plots and summary.md. The files written there are new paths
    /// or regular files (a link, FIFO, device or folder is refused), and an input inside it
    /// must be a .txt file (inputs are never overwritten).
    #[arg(long, default_value = "results/sweep")]
    pub out: PathBuf,
    #[command(flatten)]
    pub figures: SweepFigureArgs,
    #[command(flatten)]
    pub noise: NoiseArgs,
    #[command(flatten)]
    pub truncate: TruncateArg,
    /// Run only shard I of K (I from 0, as a scheduler's array task id): the instances are
    /// ordered by the SHA-256 of their files and dealt round-robin, so every shard given the
    /// same inputs agrees on its part. `quzzle merge` joins the K shard folders.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<String>,
    /// Also run a classical baseline on every instance: `anneal` (simulated annealing on the
    /// same reduced QUBO, on the full space and on --space when it is a block family; rows in
    /// anneal.csv, and a time-to-solution table in summary.md).
    #[arg(long, value_name = "anneal", value_parser = Named::these(&["anneal"]))]
    pub baseline: Option<String>,
    /// Reads of each annealing run of --baseline.
    #[arg(
        long,
        value_name = "R",
        default_value_t = 1000,
        requires = "baseline",
        allow_negative_numbers = true,
        value_parser = whole::<i128>()
    )]
    pub baseline_reads: i128,
    /// Sweeps per read of --baseline.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1000,
        requires = "baseline",
        allow_negative_numbers = true,
        value_parser = whole::<i128>()
    )]
    pub baseline_sweeps: i128,
}

#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// The folders of the K shards of one sweep (`sweep --shard I/K --out FOLDER`), each once,
    /// in any order.
    #[arg(required = true)]
    pub folders: Vec<PathBuf>,
    /// New folder for the merged sweep.csv, settings, summary.md and figures (the same bytes
    /// an unsharded sweep writes, but its wall-time column and compute-time total).
    #[arg(long)]
    pub out: PathBuf,
    #[command(flatten)]
    pub figures: SweepFigureArgs,
}

/// The figures of a sweep folder (`sweep` and `merge`).
#[derive(Args, Debug, Clone)]
pub struct SweepFigureArgs {
    /// Depth plots: auto (per instance for one instance, median + IQR band for a batch),
    /// instance, or median.
    #[arg(long, value_enum, default_value_t = Lines::Auto)]
    pub lines: Lines,
    /// Bitstrings in each instance's distribution plot.
    #[arg(long, default_value_t = 16, value_parser = size::<usize>())]
    pub top: usize,
    /// Skip the per-instance distribution and board plots (which read the puzzle files at the
    /// paths the rows name).
    #[arg(long)]
    pub no_instance_plots: bool,
    /// Also draw, per instance, P(valid) against applications of the cost or oracle: every
    /// space and mixer the CSV holds for it, Grover search on each of those spaces and their
    /// uniform baselines (side_by_side/ under --out).
    #[arg(long)]
    pub side_by_side: bool,
    /// Size of the depth figures in logical pixels, WIDTHxHEIGHT (PNGs are drawn at twice
    /// that); default: grows with the number of panels.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<quzzle::plot::FigureSize>,
}

/// `WIDTHxHEIGHT` in logical pixels, each 200..=4000.
fn parse_size(s: &str) -> Result<quzzle::plot::FigureSize, String> {
    let bad = || format!("`{s}`: write WIDTHxHEIGHT, each 200 to 4000 (e.g. 1200x800)");
    let (w, h) = s.split_once('x').ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(200..=4000).contains(&w) || !(200..=4000).contains(&h) {
        return Err(bad());
    }
    Ok(quzzle::plot::FigureSize::new(w, h))
}

#[derive(Args, Debug, Clone)]
pub struct LandscapeArgs {
    /// Puzzle file.
    pub file: PathBuf,
    #[command(flatten)]
    pub reduce: ReduceArg,
    #[command(flatten)]
    pub encoding: EncodingArg,
    #[command(flatten)]
    pub space: SpaceArgs,
    /// Grid points along each axis.
    #[arg(long, default_value_t = 41, value_parser = size::<usize>())]
    pub grid: usize,
    /// γ runs over [0, X]; default min(4/σ, π), σ the cost's standard deviation over all states.
    #[arg(long, value_name = "X", value_parser = real())]
    pub gamma_max: Option<f64>,
    /// Size of the figure in logical pixels, WIDTHxHEIGHT (PNG at twice that).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<quzzle::plot::FigureSize>,
    /// Folder for landscape.csv and landscape.svg/png (each a new path or a regular file: a
    /// link, FIFO, device or folder there is refused).
    #[arg(long, default_value = "results/landscape")]
    pub out: PathBuf,
}

/// `generate` arguments.
#[derive(Args, Debug, Clone)]
pub struct GenerateArgs {
    /// What to generate.
    #[arg(value_enum)]
    pub kind: Kind,
    /// Side N of the N x N board (sudoku4: 4).
    #[arg(long, value_parser = size::<usize>())]
    pub size: usize,
    /// Stars per row, column and region (starbattle only).
    #[arg(long, default_value_t = 1, value_parser = size::<usize>())]
    pub stars: usize,
    /// Number of givens to reach (tango, takuzu, sudoku4); default: remove while unique.
    #[arg(long, value_parser = size::<usize>())]
    pub givens: Option<usize>,
    /// Seed of every random draw. A one-star starbattle has the rules of queens and the same
    /// generator: the same seed gives the same board.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = seed())]
    pub seed: u64,
    /// How regions are made (queens, starbattle): grow (random connected growth) or qubo (the
    /// talk's region QUBO by simulated annealing; connectivity checked, not guaranteed).
    #[arg(long, value_enum, default_value_t = RegionMethod::Grow)]
    pub method: RegionMethod,
    /// Write the puzzle here (stdout without -o, or with -o -). Its folder must exist, unless --parents. A new
    /// path or a regular file (a link, FIFO, device such as /dev/null, or folder is refused).
    /// With --count above 1, a folder (created when missing) that gets one file per puzzle,
    /// <kind>-<size>-seed<S>.txt.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Generate this many puzzles, with seeds --seed, --seed + 1, ... (above 1 needs -o DIR).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = whole::<i128>())]
    pub count: i128,
    /// Create the folder of -o when it is missing (a typo otherwise creates folders silently).
    #[arg(long, requires = "out")]
    pub parents: bool,
    /// Give up (exit 1) when no unique puzzle is found within this many seconds; progress is
    /// printed on stderr every 5 s. Within the budget the output depends only on the request.
    /// Boards of 12x12 and up can need more (queens 14x14: about 20 s).
    #[arg(long, value_name = "S", default_value_t = 8.0, value_parser = real())]
    pub max_seconds: f64,
}

/// The space simulated and its mixer (docs/ARCHITECTURE.md, "Spaces and mixers").
#[derive(Args, Debug, Clone)]
pub struct SpaceArgs {
    /// Space: full (all 2^n states) or the blocks a constraint-preserving mixer keeps: rows,
    /// cols, regions, cells, rows+cols (grover, switch-ring, switch-complete), or auto (the
    /// smallest the mixer keeps; counts sharing qubits are joined). Default, with no --mixer
    /// either: the space and mixer `info` recommends for the puzzle (solve, sweep, qasm,
    /// sample; among circuits that export where a circuit is made), the full space with x
    /// (demo, bench, landscape); with --mixer: full with x, auto with an xy or the grover mixer,
    /// rows+cols with a switch mixer.
    #[arg(long, value_parser = Named::of::<quzzle::encoding::space::SpaceChoice>())]
    pub space: Option<String>,
    /// Mixer: x (full space only), xy-ring or xy-complete (block spaces of plain blocks), or
    /// grover (exp(-i beta |s><s|) on any space; exported as QASM on the full space and on
    /// spaces of plain blocks), or switch-ring or switch-complete (switch moves on the rows+cols
    /// space, which keep every row and column count; the ring pairs neighbouring rows and columns
    /// among those the reduction leaves, closing on the first and last; where they start: --start).
    /// Default: x on the full space, xy-ring on a block space (neither flag: as --space says).
    #[arg(long, value_parser = Named::of::<quzzle::mixer::MixerKind>())]
    pub mixer: Option<String>,
    /// Start of a switch mixer (the others start uniform): uniform (over the space; simulated
    /// on every grid, but a circuit prepares it only where every grid is square with one per
    /// row and column and no cell fixed), first-grid (each grid's first table in row-major
    /// order, free qubits in |+>; a circuit on every grid), or auto: uniform where only
    /// simulated (solve, sweep, bench), and where a circuit is made (qasm, sample, score,
    /// noise) uniform where one prepares it, else first-grid. Default: auto.
    #[arg(long, value_parser = Named::of::<quzzle::mixer::StartChoice>())]
    pub start: Option<String>,
}

impl SpaceArgs {
    /// The settings, a missing flag following the other one (neither: the recommendation for
    /// the puzzle, resolved once it is encoded).
    pub fn settings(&self) -> quzzle::Result<quzzle::simulation::SpaceSettings> {
        quzzle::request::space_of(self.space.as_deref(), self.mixer.as_deref(), self.start.as_deref())
    }

    /// The settings of a command whose default is the full space with the X mixer (`demo`,
    /// `bench`, `landscape`), a missing flag following the other one.
    pub fn settings_or_full(&self) -> quzzle::Result<quzzle::simulation::SpaceSettings> {
        let settings = self.settings()?;
        Ok(if settings.chosen == quzzle::simulation::Chosen::Recommend {
            quzzle::simulation::SpaceSettings {
                start: settings.start,
                ..Default::default()
            }
        } else {
            settings
        })
    }
}

/// The qubit encoding (Sudoku only has a choice).
#[derive(Args, Debug, Clone)]
pub struct EncodingArg {
    /// onehot: one qubit per cell and digit (a QUBO); compact: ceil(log2 m) qubits per cell with
    /// m candidate digits (Sudoku only; higher-order Z terms).
    #[arg(long, default_value_t = EncodingKind::Onehot, value_parser = library::<EncodingKind>())]
    pub encoding: EncodingKind,
}

/// A puzzle file, or a seeded random benchmark model.
#[derive(Args, Debug, Clone)]
#[group(skip)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["file", "random"])))]
pub struct ModelSource {
    /// Puzzle file.
    pub file: Option<PathBuf>,
    /// A random model with this many qubits (integer fields in [−2, 2], about 3n couplings in ±{1, 2, 3}).
    #[arg(long, value_name = "N", value_parser = size::<usize>())]
    pub random: Option<usize>,
    /// Seed of the random model.
    #[arg(long, default_value_t = 0, requires = "random", allow_negative_numbers = true, value_parser = seed())]
    pub seed: u64,
}

/// The reduction level and the penalty overrides: what, with the file, makes the cost.
#[derive(Args, Debug, Clone)]
pub struct ReduceArg {
    /// Reduction level: none, clues, paper, propagate, probe.
    #[arg(long = "reduce", default_value_t = Level::Paper, value_parser = library::<Level>())]
    pub level: Level,
    #[command(flatten)]
    pub penalty: PenaltyArg,
}

/// `--penalty NAME=W`, repeatable (docs/lp.md, "Penalties"); checked by
/// `quzzle::checked::Penalties::parse`, as Python's `penalty` is.
#[derive(Args, Debug, Clone, Default)]
pub struct PenaltyArg {
    /// Weigh the penalty of constraint NAME by W instead of 1 (repeatable): NAME an LP or MPS
    /// row's name, a puzzle constraint's label (as `info --model` lists it), or `*` for every
    /// constraint (a name given beside it wins for its own); W a finite number above 0.
    #[arg(long = "penalty", value_name = "NAME=W", allow_hyphen_values = true)]
    pub penalty: Vec<String>,
}

impl PenaltyArg {
    /// The overrides, checked.
    pub fn penalties(&self) -> quzzle::Result<quzzle::checked::Penalties> {
        quzzle::checked::Penalties::parse(&self.penalty)
    }
}

/// Angle optimisation settings shared by `solve` and `sweep`.
#[derive(Args, Debug, Clone)]
pub struct OptimizeArgs {
    /// What to minimise: energy, success (minus P(valid), exact gradient) or cvar:ALPHA (0 < ALPHA <= 1; Nelder-Mead).
    #[arg(long, default_value = "energy")]
    pub objective: String,
    /// Seed of every random draw.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = seed())]
    pub seed: u64,
    /// Classical optimiser: lbfgs or nelder-mead.
    #[arg(long, default_value = "lbfgs", value_parser = Named::of::<quzzle::qaoa::optimize::Method>())]
    pub optimizer: String,
    /// Iteration cap per start.
    #[arg(long, default_value_t = 200, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub max_iters: i128,
}

/// Noise-aware expectations.
#[derive(Args, Debug, Clone, Default)]
pub struct NoiseArgs {
    /// Also estimate the results under device noise, by Monte Carlo trajectories of the
    /// exported circuit: a preset (heron: IBM Heron r2 class; eagle: IBM Eagle r3 class; aria:
    /// IonQ Aria class; forte: IonQ Forte class; typical published figures with their sources,
    /// not a calibration), a device calibration calibration:FILE.json (IBM
    /// backend properties or an IonQ characterization: medians) or Pauli error rates p1=A,p2=B,readout=R[,rz=Z]
    /// (p1 after h and rx, rz after rz (default p1), p2 after cx, readout a bit-flip
    /// probability). Repeat the flag for several models. Block-space and Grover circuits run gate
    /// by gate on the full 2^n state.
    #[arg(long, value_name = "PRESET|RATES")]
    pub noise: Vec<String>,
    /// Trajectories per noisy estimate (at least 1).
    #[arg(long, value_name = "T", default_value_t = quzzle::noise::DEFAULT_TRAJECTORIES as i128, requires = "noise", allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub trajectories: i128,
    /// Also estimate device time: the seconds of one shot of each depth's exported circuit
    /// (its gates one after another, readout, reset) and the time to a valid board with 99 %
    /// confidence, from a device class's published gate, readout and reset times: heron, eagle
    /// or aria (sources in docs/qasm.md). Repeat, or separate by commas.
    #[arg(long, value_name = "DEVICE", value_delimiter = ',')]
    pub device: Vec<String>,
}

/// What noisy trajectories on weight sectors drop: `solve`, `sweep`, `qasm` and `predict`.
#[derive(Args, Debug, Clone, Default)]
pub struct TruncateArg {
    /// Noisy trajectories of block-space (XY) circuits: off keeps every amplitude; exact drops
    /// each weight sector that can no longer end valid (its distance from the valid weights
    /// exceeds the X and Y errors still to come, readout flips drawn with the trajectory),
    /// so P(valid) stays exact and the energy gets a bracket, in less time and memory;
    /// bounded is exact, and also drops a piece of a trajectory too large to hold even split
    /// (on a routed circuit, a step's least probable sectors), P(valid) then bracketed
    /// (docs/qasm.md, "Truncation").
    #[arg(long, value_name = "RULE", default_value = "off", requires = "noise", value_parser = ["off", "exact", "bounded"])]
    pub truncate: String,
}

/// The fixed schedule, the angle files transfer reads and the starts per depth: `solve` and
/// `sweep` alike.
#[derive(Args, Debug, Clone)]
pub struct ScheduleArgs {
    /// Evaluate a fixed schedule at every depth, with no optimisation: lr:DG,DB (the linear
    /// ramp γ_l = f_l·DG, β_l = −(1−f_l)·DB, f_l = (l+½)/p), transfer (needs --angles-from) or
    /// fixed (the table shipped for the puzzle kind, space and mixer).
    #[arg(long, value_name = "SCHEDULE", allow_hyphen_values = true)]
    pub schedule: Option<String>,
    /// Solve reports (`solve --json`) and sweep tables (`sweep.csv`) of other instances of the
    /// same kind, space and mixer, for transfer: their median angles at each depth (a depth
    /// they lack is resampled from the nearest). A puzzle's own angles are left out.
    #[arg(long, value_name = "REPORT", num_args = 1..)]
    pub angles_from: Vec<PathBuf>,
    /// Starts per depth: the strategy's point, then perturbed or fresh random ones (in a
    /// sweep, random init gets at least INTERP's simulator calls unless --no-match-budget).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub restarts: i128,
}

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Puzzle file.
    pub file: PathBuf,
    #[command(flatten)]
    pub reduce: ReduceArg,
    #[command(flatten)]
    pub encoding: EncodingArg,
    #[command(flatten)]
    pub space: SpaceArgs,
    /// Depths to run: `P`, `A..B`, or a comma list of them (`1..3,5,8`), each 1..=256.
    #[arg(long, default_value = "1..3")]
    pub depths: String,
    /// Initial angles: linear ramp, INTERP from the previous depth, random, lr (only the
    /// ramp's two scales Δγ, Δβ optimised: LR-QAOA), transfer (the median of other instances'
    /// optimised angles, --angles-from) or fixed (the table shipped for the puzzle kind, space
    /// and mixer).
    /// Default: interp.
    #[arg(long, value_name = "INIT", value_parser = Named::of::<quzzle::qaoa::optimize::Init>())]
    pub init: Option<String>,
    #[command(flatten)]
    pub schedule: ScheduleArgs,
    #[command(flatten)]
    pub optimize: OptimizeArgs,
    #[command(flatten)]
    pub noise: NoiseArgs,
    #[command(flatten)]
    pub truncate: TruncateArg,
    /// Give up (exit 1) once this many seconds have passed: the cost histogram of the grover
    /// mixer's histogram route, every optimiser evaluation and every noisy trajectory check
    /// it, and the error says how far the run got. Counting prints its progress on stderr
    /// every 5 s either way. Ctrl-C stops the run the same way.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
    pub max_seconds: Option<f64>,
    /// An earlier `solve --json` report of this same run (a run that stopped at a depth keeps
    /// the depths before it): each noisy estimate it holds at a depth's angles, drawn as this
    /// run draws it, is taken instead of run again; the noiseless part is computed again and
    /// must give the stored angles, or the report is refused.
    #[arg(long, value_name = "REPORT")]
    pub resume: Option<PathBuf>,
    /// Write solve.json and depths.csv into this folder (each a new path or a regular file: a
    /// link, FIFO, device or folder there is refused).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Angles given on the command line (`qasm`, `sample`).
#[derive(Args, Debug, Clone)]
pub struct GivenAngles {
    /// γ_1..γ_p, comma-separated (needs --betas).
    #[arg(
        long,
        value_name = "G1,..,GP",
        value_delimiter = ',',
        allow_hyphen_values = true,
        requires = "betas",
        value_parser = real()
    )]
    pub gammas: Option<Vec<f64>>,
    /// β_1..β_p, comma-separated (needs --gammas).
    #[arg(
        long,
        value_name = "B1,..,BP",
        value_delimiter = ',',
        allow_hyphen_values = true,
        requires = "gammas",
        value_parser = real()
    )]
    pub betas: Option<Vec<f64>>,
}

#[derive(Args, Debug, Clone)]
pub struct QasmArgs {
    /// Puzzle file.
    pub file: PathBuf,
    #[command(flatten)]
    pub reduce: ReduceArg,
    #[command(flatten)]
    pub encoding: EncodingArg,
    #[command(flatten)]
    pub space: SpaceArgs,
    /// Depth p of the circuit (1..=256).
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<i64>())]
    pub depth: Option<i64>,
    /// An experiment across depths (`A..B` or `P`): one circuit and manifest per depth
    /// (`pNN.qasm`, `pNN.json`) and their index `experiment.json` in the folder -o names,
    /// with the angles from --angles (a solve report with every depth) or --optimize. The
    /// submission scripts (docs/hardware/) write `pNN.counts.json` there; `score DIR` reads them.
    #[arg(long, value_name = "A..B", requires = "out")]
    pub depths: Option<String>,
    /// With --depths: replace a folder that already holds files. The new experiment is
    /// written whole into a new folder; the old one, with its counts, is moved to
    /// `DIR.replaced-<time>`, never mixed with the new circuits. A staging folder
    /// `.DIR.PID.tmp` of a killed export whose process is gone is removed.
    #[arg(long, requires = "depths")]
    pub overwrite: bool,
    /// With --depths: give up (exit 1, nothing written) once this many seconds have passed,
    /// checked before every optimiser evaluation and noisy trajectory. Ctrl-C stops the export
    /// the same way (exit 130).
    #[arg(long, value_name = "S", requires = "depths", allow_negative_numbers = true, value_parser = real())]
    pub max_seconds: Option<f64>,
    /// Angles from a `quzzle solve --json` report (its entry with p = --depth) or from a
    /// manifest written by `quzzle qasm`.
    #[arg(long, value_name = "REPORT.json")]
    pub angles: Option<PathBuf>,
    #[command(flatten)]
    pub given: GivenAngles,
    /// Optimise the angles first (energy objective, INTERP over depths 1..=P, L-BFGS); needs a
    /// simulable instance.
    #[arg(long)]
    pub optimize: bool,
    /// Seed for --optimize.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = seed())]
    pub seed: u64,
    /// Target: portable (any OpenQASM 3 tool), ibm (qiskit.qasm3.loads + transpile), ionq
    /// (flat, stdgates.inc gates only: rzz expanded to cx; rz; cx, cry to ry and cx, the XY
    /// gate to rx, rz and cx).
    #[arg(long, default_value = "portable", value_parser = Named::of::<Flavor>())]
    pub flavor: String,
    /// Write the angles as `input float[64] gamma_00; ...` parameters (portable flavour only).
    #[arg(long)]
    pub symbolic: bool,
    /// Write the QASM here and the manifest beside it (same stem, `.json`); stdout (no
    /// manifest) without -o, or with -o -.
    /// Its folder must exist, unless --parents. Both are new paths or regular files (a link,
    /// FIFO, device such as /dev/null, or folder is refused).
    #[arg(short = 'o', long = "out", value_name = "OUT.qasm")]
    pub out: Option<PathBuf>,
    /// Create the folder of -o when it is missing (a typo otherwise creates folders silently).
    #[arg(long, requires = "out")]
    pub parents: bool,
    /// Also put quzzle's statevector at these angles (before measurement) into the manifest,
    /// as `state`: amplitudes as [re, im] pairs, index = basis index, qubit 0 = least
    /// significant bit. Needs -o and a simulable instance.
    #[arg(long, requires = "out")]
    pub with_state: bool,
    /// With --depths: also predict each depth's P(valid) under these noise models, into
    /// experiment.json.
    #[command(flatten)]
    pub noise: NoiseArgs,
    #[command(flatten)]
    pub truncate: TruncateArg,
}

#[derive(Args, Debug, Clone)]
#[command(group(ArgGroup::new("angle_source").multiple(false).args(["angles", "gammas", "optimize"])))]
pub struct SampleArgs {
    /// A puzzle file (give --depth and one angle source), or a manifest written by
    /// `quzzle qasm -o` (its circuit and angles; no circuit options then).
    pub input: PathBuf,
    /// Shots to draw (at least 1).
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub shots: i128,
    /// Seed of the draws (and of --optimize).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = seed())]
    pub seed: u64,
    /// Counts shape: qiskit (get_counts: bitstrings, qubit 0 rightmost), ionq (decimal keys,
    /// qubit 0 the least significant bit, probabilities summing to 1), sampler ({"c": qiskit
    /// counts}), quzzle (bitstrings qubit 0 first, with the shot count and seed).
    #[arg(long, default_value = "quzzle", value_parser = Named::of::<quzzle::export::counts::CountsFormat>())]
    pub format: String,
    /// Write the counts here (stdout without -o, or with -o -). Its folder must exist, unless --parents. A new
    /// path or a regular file (a link, FIFO, device such as /dev/null, or folder is refused).
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Create the folder of -o when it is missing.
    #[arg(long, requires = "out")]
    pub parents: bool,
    /// Reduction level (puzzle files; default paper).
    #[arg(long, value_enum)]
    pub reduce: Option<Level>,
    /// Encoding (puzzle files; default onehot).
    #[arg(long, value_enum)]
    pub encoding: Option<EncodingKind>,
    #[command(flatten)]
    pub penalty: PenaltyArg,
    #[command(flatten)]
    pub space: SpaceArgs,
    /// Depth p (puzzle files).
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<i64>())]
    pub depth: Option<i64>,
    /// Angles from a `quzzle solve --json` report or a manifest (puzzle files).
    #[arg(long, value_name = "REPORT.json")]
    pub angles: Option<PathBuf>,
    #[command(flatten)]
    pub given: GivenAngles,
    /// Optimise the angles first (energy objective, INTERP over depths 1..=P, L-BFGS, --seed).
    #[arg(long)]
    pub optimize: bool,
    /// With one --noise: min(T, shots) trajectories of the noisy circuit (T = --trajectories),
    /// the shots spread evenly over them (the first shots mod T' trajectories get one more),
    /// each drawn from its trajectory's distribution with every bit flipped at the readout rate.
    #[command(flatten)]
    pub noise: NoiseArgs,
    /// Give up (exit 1, nothing written) once this many seconds have passed, checked every
    /// 2^20 shots and every noisy trajectory. Ctrl-C stops the draw the same way (exit 130).
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
    pub max_seconds: Option<f64>,
}

#[derive(Args, Debug, Clone)]
pub struct ScoreArgs {
    /// The counts: Qiskit get_counts() JSON, a SamplerV2 result {"c": counts}, IonQ results
    /// (decimal keys; probabilities need --shots), or `quzzle sample --format quzzle`. Or an
    /// experiment folder (`qasm --depths ... -o DIR`): every depth whose pNN.counts.json is
    /// there is scored against its manifest and the noiseless and noisy predictions, into
    /// hardware.json, hardware.csv and hardware_vs_depth.svg/png (in --out, or the folder).
    pub counts: PathBuf,
    /// The manifest written beside the exported circuit (`quzzle qasm ... -o OUT.qasm`);
    /// not with an experiment folder, whose index names each depth's manifest.
    #[arg(long, value_name = "OUT.json")]
    pub manifest: Option<PathBuf>,
    /// How to read the keys. auto takes only shapes that say their bit order (the quzzle
    /// marker, a nested register object, decimal integers); plain bitstrings need qiskit
    /// (qubit 0 rightmost) or quzzle (qubit 0 first).
    #[arg(long, default_value = "auto", value_parser = Named::of::<quzzle::export::counts::CountsFormat>().with(0, "auto"))]
    pub format: String,
    /// Shots of the job: needed for IonQ probabilities, checked against counts otherwise.
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub shots: Option<i128>,
    /// Confidence of the Clopper-Pearson interval (strictly between 0 and 1).
    #[arg(long, default_value_t = quzzle::checked::DEFAULT_CONFIDENCE, allow_negative_numbers = true, value_parser = real())]
    pub confidence: f64,
    /// Boards listed, most frequent first.
    #[arg(long, default_value_t = 10, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub top: i128,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write score.json and marginals.svg/png (measured beside simulated per-cell
    /// marginals) into this folder (each a new path or a regular file: a link, FIFO, device
    /// or folder there is refused).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// With an experiment folder: also judge each depth against these noise models,
    /// predicted now (the index's own predictions are always judged).
    #[command(flatten)]
    pub noise: NoiseArgs,
    /// With an experiment folder: also give each depth's P(valid) corrected for readout errors
    /// (readout: M3's matrix-free correction over the observed bitstrings, with its interval),
    /// from the readout rate of the first --noise model (a preset, readout=R or
    /// calibration:FILE.json), or else of the index's first model.
    #[arg(long, value_name = "KIND", value_parser = ["readout"])]
    pub mitigate: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct PredictArgs {
    /// The transpiled circuit (`qiskit.qasm3.dumps(transpile(circuit, backend))`).
    pub routed: PathBuf,
    /// The manifest of the exported circuit it was transpiled from.
    #[arg(long, value_name = "OUT.json")]
    pub manifest: PathBuf,
    #[command(flatten)]
    pub noise: NoiseArgs,
    #[command(flatten)]
    pub truncate: TruncateArg,
    /// Seed of the trajectories.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = seed())]
    pub seed: u64,
    /// Give up (exit 1) when the routed simulation has not finished within this many seconds,
    /// saying how far it got and how long the whole would take. Long runs print their
    /// progress on stderr every 5 s either way.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
    pub max_seconds: Option<f64>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `quzzle anneal`.
#[derive(Args, Debug, Clone)]
pub struct AnnealArgs {
    /// Puzzle file.
    pub file: PathBuf,
    #[command(flatten)]
    pub reduce: ReduceArg,
    /// Where reads move: full (single flips) or a block family of plain counts (rows, cols,
    /// regions, cells, auto: swaps inside each block, which keep its count).
    #[arg(long, default_value = "full", value_parser = Named::of::<quzzle::encoding::space::SpaceChoice>())]
    pub space: String,
    /// Independent reads, each from a random state.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub reads: i128,
    /// Sweeps per read, one β each.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub sweeps: i128,
    /// β from hot to cold, `A,B` (default: dwave-samplers' rule from the model's biases).
    #[arg(long, value_name = "A,B", allow_hyphen_values = true)]
    pub beta_range: Option<String>,
    /// How β moves through the range: geometric or linear.
    #[arg(long, default_value = "geometric", value_parser = Named::of::<quzzle::experiment::anneal::BetaSchedule>())]
    pub schedule: String,
    /// Give up (exit 1) once this many seconds have passed (checked before every read).
    /// Ctrl-C stops the run the same way (exit 130).
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
    pub max_seconds: Option<f64>,
    /// Seed: read r draws from stream r of the generator it seeds.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = seed())]
    pub seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `quzzle plan`.
#[derive(Args, Debug, Clone)]
pub struct PlanArgs {
    /// Puzzle file.
    pub file: PathBuf,
    /// The device: heron, eagle or aria (noise preset and gate times), or calibration:FILE.json
    /// or rates p1=A,p2=B,readout=R (with --timing).
    #[arg(long, value_name = "DEVICE")]
    pub device: String,
    /// The gate, readout and reset times: heron, eagle or aria (default: the device's own).
    #[arg(long, value_name = "PRESET")]
    pub timing: Option<String>,
    #[command(flatten)]
    pub reduce: ReduceArg,
    /// Depths: `P`, `A..B`, or a comma list of them, each 1..=256.
    #[arg(long, default_value = "1..5")]
    pub depths: String,
    /// Only this space (default: every space the puzzle has).
    #[arg(long, value_parser = Named::of::<quzzle::encoding::space::SpaceChoice>())]
    pub space: Option<String>,
    /// Only this mixer (default: every mixer whose circuit exports).
    #[arg(long, value_parser = Named::of::<quzzle::mixer::MixerKind>())]
    pub mixer: Option<String>,
    /// Trajectories per noisy estimate (at least 1).
    #[arg(long, value_name = "T", default_value_t = quzzle::noise::DEFAULT_TRAJECTORIES as i128, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub trajectories: i128,
    /// Noisy trajectories of block-space (XY) circuits: exact drops each weight sector that
    /// can no longer end valid (P(valid) stays exact); bounded also drops a piece of a
    /// trajectory too large to hold even split (P(valid) bracketed); off keeps every amplitude.
    #[arg(long, value_name = "RULE", default_value = "exact", value_parser = ["off", "exact", "bounded"])]
    pub truncate: String,
    /// Classical optimiser of the noiseless angles: lbfgs or nelder-mead.
    #[arg(long, default_value = "lbfgs", value_parser = Named::of::<quzzle::qaoa::optimize::Method>())]
    pub optimizer: String,
    /// Iteration cap per depth.
    #[arg(long, default_value_t = 200, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub max_iters: i128,
    /// Simulated annealing reads beside (0: none).
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub anneal_reads: i128,
    /// Sweeps per annealing read.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true, value_parser = whole::<i128>())]
    pub anneal_sweeps: i128,
    /// Seed of the optimiser, the trajectories and the annealing.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = seed())]
    pub seed: u64,
    /// Stop once this many seconds have passed (every optimiser evaluation and noisy
    /// trajectory checks it): what is done is reported and written, and the exit is 1.
    /// Each space and mixer gets an equal share of the time left (annealing one too): one
    /// whose share runs out keeps the depths it finished and the plan goes on. Ctrl-C stops
    /// the plan the same way (exit 130).
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = real())]
    pub max_seconds: Option<f64>,
    /// Write plan.json, plan.csv and the figure plan.svg and plan.png into this folder.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}
