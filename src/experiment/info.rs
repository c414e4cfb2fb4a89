//! What an encoded puzzle costs at every reduction level: qubits, statevector bytes, and
//! whether it fits in memory; its block spaces with the mixers that keep them and their
//! routes (each mixer's entry in [`mixers::MIXERS`] answers), and the space and mixer that fit
//! best.

use crate::encoding::space::{enforceable_blocks, family_status, Block, FamilyStatus, Space, SpaceChoice};
use crate::encoding::Encoding;
use crate::error::{Error, Result};
use crate::mixer::MixerKind;
use crate::model::Level;
use crate::simulation::histogram::{first_method, HistogramMethod};
use crate::simulation::mixers::{self, MixerEntry, NoiseRoute};
use crate::simulation::Route;
use crate::simulation::{advice, counted};
use serde::Serialize;

/// One reduction level of an instance.
#[derive(Clone, Debug, Serialize)]
pub struct LevelInfo {
    /// The level.
    pub level: Level,
    /// Qubits at that level; `None` when the reduction finds no solution.
    pub qubits: Option<usize>,
    /// Why there is no solution, when there is none.
    pub no_solution: Option<String>,
    /// Bytes of the statevector, 16·2^n (as a float: it can exceed any integer type).
    pub state_bytes: Option<f64>,
    /// Whether the simulator (state and cost diagonal) fits in the memory available now.
    pub fits: bool,
}

/// What `info` reports.
#[derive(Clone, Debug, Serialize)]
pub struct InfoReport {
    /// Puzzle kind.
    pub puzzle: String,
    /// The encoding.
    pub encoding: String,
    /// The puzzle file.
    pub file: String,
    /// `RxC`.
    pub size: String,
    /// Cells of the board.
    pub cells: usize,
    /// Variables of the model before any reduction (qubits at level `none`).
    pub model_variables: usize,
    /// Qubits by level name (`null` where the level finds no solution).
    pub variables: std::collections::BTreeMap<&'static str, Option<usize>>,
    /// Every reduction level, weakest first.
    pub levels: Vec<LevelInfo>,
    /// The level asked for.
    pub reduce: Level,
    /// Qubits at that level.
    pub qubits: usize,
    /// Bytes of its statevector (16·2^n), `null` beyond 2^64.
    pub state_bytes: Option<u64>,
    /// The same in GiB.
    pub state_gib: f64,
    /// Whether it fits.
    pub fits: bool,
    /// What the reduction and encoding did beyond fixing variables.
    pub notes: Vec<String>,
    /// An LP or MPS model's families of exact counts and how they cross, found from its
    /// constraints alone (the lines `info` prints under "families"); absent for puzzles.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub structure: Vec<String>,
    /// An LP or MPS model's variables, constraints (name, line, family, what each became, its
    /// penalty's weight) and objective; absent for puzzles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<crate::puzzle::ModelSummary>,
    /// The penalty overrides the cost was built with, `{"NAME": W}`; absent where none.
    #[serde(skip_serializing_if = "crate::checked::Penalties::is_empty")]
    pub penalty: crate::checked::Penalties,
    /// The block space asked for (`--space`).
    pub space: SpaceChoice,
    /// Every block space of the one-hot encoding that exists for the puzzle (`full`, each usable
    /// family, `auto`); empty for other encodings.
    pub spaces: Vec<SpaceInfo>,
    /// Families with counts that cannot be a space (a joined block too large to list), with why.
    pub spaces_unusable: Vec<UnusableSpace>,
    /// Why there is no block space, when a block's count cannot be met after reduction.
    pub spaces_no_solution: Option<String>,
    /// The mixer suggested for the space asked for: the first in [`MixerKind::ALL`] order that
    /// keeps it (`x` on the full space, `xy-ring` on a block space of plain blocks, `grover` on
    /// one with a general block, which `--mixer` must name).
    pub mixer: Option<String>,
    /// Every mixer that keeps the space asked for.
    pub mixers: Vec<String>,
    /// The space and mixer that fit best: the smallest space (every space keeps every valid
    /// board: its blocks are counts each solution meets) with a mixer whose statevector fits
    /// in memory, else the smallest a mixer runs from its cost histogram; `null` when none, and
    /// when the reduction decides the board (0 qubits: no circuit is needed). `solve` and
    /// `sweep` run it when neither space nor mixer is named.
    pub recommended: Option<Recommendation>,
    /// The same among the circuits that export (a switch mixer from the start its circuit
    /// takes, no Grover mixer on joined blocks): what `qasm`, `sample`, and `solve` or `sweep`
    /// with noise or gate counts run when neither space nor mixer is named.
    pub recommended_circuit: Option<Recommendation>,
    /// The family `--space auto` takes under an XY mixer (the smallest whose blocks are all
    /// plain); `null` when there is none.
    pub xy_auto: Option<SpaceChoice>,
    /// The blocks of the space asked for (`auto` resolved).
    pub blocks: Vec<BlockInfo>,
    /// Its basis states (2^n on the full space).
    pub dimension: f64,
}

/// One block of a space, as reported.
#[derive(Clone, Debug, Serialize)]
pub struct BlockInfo {
    /// The count's label.
    pub label: String,
    /// Its free variables.
    pub qubits: Vec<usize>,
    /// Its counts (one, or several joined because they share qubits): each a label, the
    /// coefficients of the block's qubits (all 1 for a plain block) and the count they must meet.
    pub counts: Vec<CountInfo>,
    /// Assignments meeting it.
    pub states: u128,
    /// Whether it is a plain weight-k set.
    pub plain: bool,
    /// The mixers that keep it: `xy-ring`, `xy-complete` and `grover` for a plain block,
    /// `grover` otherwise.
    pub mixers: Vec<&'static str>,
}

/// One count of a block, as reported.
#[derive(Clone, Debug, Serialize)]
pub struct CountInfo {
    /// The count's label.
    pub label: String,
    /// The coefficient of each of the block's qubits.
    pub coefficients: Vec<i64>,
    /// The count they must meet.
    pub k: i64,
}

impl BlockInfo {
    fn of(b: &Block) -> Self {
        BlockInfo {
            label: b.label.clone(),
            qubits: b.qubits.clone(),
            counts: b
                .counts
                .iter()
                .map(|c| CountInfo {
                    label: c.label.clone(),
                    coefficients: c.coefficients.clone(),
                    k: c.k,
                })
                .collect(),
            states: b.num_states,
            plain: b.plain,
            mixers: mixers::MIXERS
                .iter()
                .filter(|e| e.keeps_block(b))
                .map(|e| e.kind.name())
                .collect(),
        }
    }
}

/// One block space, as reported.
#[derive(Clone, Debug, Serialize)]
pub struct SpaceInfo {
    /// The choice.
    pub space: SpaceChoice,
    /// The family it uses (`auto` resolved; otherwise the choice itself).
    pub resolved: SpaceChoice,
    /// Its blocks.
    pub blocks: Vec<BlockInfo>,
    /// Qubits in no block.
    pub free_qubits: Vec<usize>,
    /// Basis states of the space.
    pub dimension: f64,
    /// log2 of that.
    pub log2_dimension: f64,
    /// Bytes of a state and cost diagonal over it.
    pub bytes: f64,
    /// Whether they fit in memory now.
    pub fits: bool,
    /// The mixers that keep it: `x` and `grover` on the full space; `xy-ring`, `xy-complete`
    /// and `grover` when every block is plain; `grover` otherwise.
    pub mixers: Vec<&'static str>,
    /// How it is simulated under the mixer that goes furthest: `statevector` (its states are
    /// listed and fit in memory), `histogram` (the Grover mixer from the cost histogram,
    /// enumerated up to 2^32 states or counted by the frontier count up to 127 qubits: a space
    /// whose states cannot be listed, such as a large rows+cols, or one too large for memory),
    /// or `none`.
    pub route: &'static str,
    /// Each mixer of `mixers`, in that order, with its route here and how noisy trajectories
    /// run its circuit.
    pub mixer_routes: Vec<MixerRoute>,
    /// How its cost histogram (the Grover mixer's histogram route) is counted: `enumeration`
    /// (every state visited, small spaces), `frontier` (the frontier count, no enumeration), or
    /// `None` where it is not counted.
    pub histogram: Option<HistogramMethod>,
    /// log2 of the most frontier states the frontier count's variable order can keep at one
    /// step (an upper bound; the count refuses, naming it, a frontier past memory).
    pub frontier_width: Option<f64>,
}

/// One mixer on one space, as its entry answers.
#[derive(Clone, Debug, Serialize)]
pub struct MixerRoute {
    /// The mixer.
    pub mixer: MixerKind,
    /// Its route on the space: `statevector`, `histogram` or `none`.
    pub route: &'static str,
    /// How noisy trajectories run its circuit: `layered` or `gate-by-gate`.
    pub noise: NoiseRoute,
}

/// The name of a route, `none` for no route.
fn route_name(route: Option<Route>) -> &'static str {
    route.map_or("none", Route::name)
}

/// The space and mixer `info` recommends.
#[derive(Clone, Debug, Serialize)]
pub struct Recommendation {
    /// The space (a family, never `auto`).
    pub space: SpaceChoice,
    /// The mixer, by the rule of [`crate::simulation::advice`].
    pub mixer: MixerKind,
    /// Its route there.
    pub route: Route,
    /// How noisy trajectories run its circuit.
    pub noise: NoiseRoute,
    /// Basis states of the space.
    pub dimension: f64,
    /// log2 of that.
    pub log2_dimension: f64,
    /// Basis states of the full space, 2^n.
    pub full_dimension: f64,
    /// log2 of that, n.
    pub full_log2_dimension: f64,
}

impl Recommendation {
    /// The recommendation for `enc` ([`advice::recommendation`], by the rule of
    /// [`crate::simulation::advice`]; `circuit`: among circuits that export), the space and
    /// mixer a run takes when neither is named.
    fn of(enc: &dyn Encoding, circuit: bool) -> Result<Option<Self>> {
        let num_qubits = enc.num_qubits();
        let Some((a, _)) = advice::recommendation(enc, crate::mixer::StartChoice::Auto, circuit)? else {
            return Ok(None);
        };
        Ok(Some(Recommendation {
            space: a.space,
            mixer: a.mixer,
            route: a.route,
            noise: mixers::entry(a.mixer).noise,
            dimension: a.dimension,
            log2_dimension: a.log2_dimension,
            full_dimension: (num_qubits as f64).exp2(),
            full_log2_dimension: num_qubits as f64,
        }))
    }
}

impl SpaceInfo {
    /// The report of `space`.
    pub fn of(space: &Space) -> Self {
        let keeping: Vec<&MixerEntry> = mixers::MIXERS.iter().filter(|e| e.keeps_space(space)).collect();
        SpaceInfo {
            space: space.choice,
            resolved: space.resolved,
            blocks: space.blocks.iter().map(BlockInfo::of).collect(),
            free_qubits: space.free.clone(),
            dimension: space.dimension,
            log2_dimension: space.log2_dimension(),
            bytes: space.bytes(),
            fits: space.fits(),
            route: route_name(
                [Route::Statevector, Route::Histogram]
                    .into_iter()
                    .find(|&r| keeping.iter().any(|e| e.route_on(space) == Some(r))),
            ),
            mixers: keeping.iter().map(|e| e.kind.name()).collect(),
            mixer_routes: keeping
                .iter()
                .map(|e| MixerRoute {
                    mixer: e.kind,
                    route: route_name(e.route_on(space)),
                    noise: e.noise,
                })
                .collect(),
            histogram: first_method(space),
            frontier_width: None,
        }
    }

    /// The report of `space` of `enc`, with the frontier count's width.
    pub fn of_encoding(enc: &dyn Encoding, space: &Space) -> Self {
        let mut info = SpaceInfo::of(space);
        if let Some(onehot) = enc.as_onehot() {
            info.frontier_width = counted::frontier_plan(onehot, space).ok().map(|p| p.width);
        }
        info
    }
}

/// A family the puzzle has but that gives no space.
#[derive(Clone, Debug, Serialize)]
pub struct UnusableSpace {
    /// The family.
    pub space: SpaceChoice,
    /// Why not.
    pub reason: String,
}

/// The report of `enc` (encoded at the level asked for), with every other level alongside,
/// and every block space of a one-hot encoding (`space` is the one asked for: it must exist).
pub fn info(enc: &dyn Encoding, space: SpaceChoice) -> Result<InfoReport> {
    info_within(enc, space, &crate::budget::Cancel::never())
}

/// [`info`], the other levels' reductions stopping at `cancel`.
pub fn info_within(enc: &dyn Encoding, space: SpaceChoice, cancel: &crate::budget::Cancel) -> Result<InfoReport> {
    let mut levels = Vec::new();
    for level in Level::ALL {
        let qubits = if level == enc.level() {
            Ok(enc.num_qubits())
        } else {
            enc.qubits_at(level, cancel)
        };
        levels.push(match qubits {
            Ok(q) => LevelInfo {
                level,
                qubits: Some(q),
                no_solution: None,
                state_bytes: Some(16.0 * (q as f64).exp2()),
                fits: crate::simulation::full::fits(enc, q),
            },
            Err(Error::Unsatisfiable { reason }) => LevelInfo {
                level,
                qubits: None,
                no_solution: Some(reason),
                state_bytes: None,
                fits: false,
            },
            Err(e) => return Err(e),
        });
    }
    let (rows, cols) = enc.puzzle().size();
    let n = enc.num_qubits();
    let (spaces, spaces_unusable, spaces_no_solution) = spaces_of(enc, space)?;
    let full = Space::full(n, enc.diagonal_bytes_per_state());
    // A board the reduction decides entirely needs no circuit: nothing to recommend.
    let (recommended, recommended_circuit) = if n == 0 {
        (None, None)
    } else {
        (Recommendation::of(enc, false)?, Recommendation::of(enc, true)?)
    };
    let spaces: Vec<SpaceInfo> = spaces.iter().map(|s| SpaceInfo::of_encoding(enc, s)).collect();
    let asked = spaces.iter().find(|s| s.space == space);
    let mixers: Vec<String> = asked
        .map_or_else(|| SpaceInfo::of(&full).mixers, |s| s.mixers.clone())
        .into_iter()
        .map(String::from)
        .collect();
    // `--space auto` under an XY mixer takes only families of plain blocks.
    let xy_auto = match enc.as_onehot() {
        Some(onehot) if spaces_no_solution.is_none() => {
            Some(Space::of_plain(onehot, SpaceChoice::Auto)?.resolved).filter(|&r| r != SpaceChoice::Full)
        }
        _ => None,
    };
    let variables = levels.iter().map(|l| (l.level.name(), l.qubits)).collect();
    let model_variables = levels[0].qubits.unwrap_or(0);
    Ok(InfoReport {
        puzzle: enc.puzzle().kind().into(),
        encoding: enc.name().into(),
        file: enc.file().into(),
        size: format!("{rows}x{cols}"),
        cells: rows * cols,
        model_variables,
        variables,
        levels,
        reduce: enc.level(),
        qubits: n,
        state_bytes: (n < 60).then(|| 16u64 << n),
        state_gib: crate::units::gib(16.0 * (n as f64).exp2()),
        fits: crate::simulation::full::fits(enc, n),
        notes: enc.notes(),
        structure: enc.puzzle().structure(),
        model: model_summary(enc),
        penalty: enc.penalties().clone(),
        mixer: mixers.first().cloned(),
        mixers,
        recommended,
        recommended_circuit,
        blocks: asked.map(|s| s.blocks.clone()).unwrap_or_default(),
        xy_auto,
        dimension: asked.map_or((n as f64).exp2(), |s| s.dimension),
        space,
        spaces,
        spaces_unusable,
        spaces_no_solution,
    })
}

/// The model as read (LP and MPS files), each constraint's `penalty` the weight in effect: 1,
/// or the override's that names its row (docs/lp.md, "Penalties").
fn model_summary(enc: &dyn Encoding) -> Option<crate::puzzle::ModelSummary> {
    let mut summary = enc.puzzle().model_summary()?;
    if let Some(onehot) = enc.as_onehot() {
        for c in summary.constraints.iter_mut().filter(|c| c.penalty.is_some()) {
            let row = onehot.model.constraints.iter().find(|l| l.names.contains(&c.name));
            if let Some(l) = row {
                c.penalty = Some(l.weight.get());
            }
        }
    }
    Some(summary)
}

/// The spaces of `enc` (one-hot only), the families that overlap, and why there is no space
/// when a block cannot be met. The space asked for must be among them.
fn spaces_of(enc: &dyn Encoding, asked: SpaceChoice) -> Result<(Vec<Space>, Vec<UnusableSpace>, Option<String>)> {
    let Some(onehot) = enc.as_onehot() else {
        if asked != SpaceChoice::Auto && asked != SpaceChoice::Full {
            return Err(crate::error::Unsupported::NeedsOnehot {
                what: "block spaces are",
                encoding: enc.kind(),
            }
            .into());
        }
        return Ok((Vec::new(), Vec::new(), None));
    };
    let blocks = match enforceable_blocks(&onehot.model, &onehot.reduced) {
        Ok(b) => b,
        Err(Error::Unsatisfiable { reason }) => return Ok((Vec::new(), Vec::new(), Some(reason))),
        Err(e) => return Err(e),
    };
    let mut spaces = Vec::new();
    let mut unusable = Vec::new();
    for choice in SpaceChoice::ALL {
        if let FamilyStatus::TooLarge(label, m) = family_status(&blocks, choice, onehot.reduced.num_free) {
            unusable.push(UnusableSpace {
                space: choice,
                reason: format!(
                    "`{label}` share qubits; the states of their joined block of {m} qubits are too tangled to count"
                ),
            });
        }
        match Space::of(onehot, choice) {
            Ok(s) => spaces.push(s),
            Err(e) if choice == asked => return Err(e),
            Err(_) => {}
        }
    }
    Ok((spaces, unusable, None))
}
