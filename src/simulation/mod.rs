//! The simulator of an encoded puzzle for a chosen space and mixer: the full space with the X
//! mixer, or a block space with an XY mixer (docs/ARCHITECTURE.md, "Spaces and mixers"), and its success
//! states in the simulator's own basis.

pub mod advice;
pub mod counted;
pub mod dicke;
pub mod full;
pub mod histogram;
pub mod mixers;
pub mod provenance;

pub use provenance::Provenance;

use crate::angles::Angles;
use crate::budget::Budget;
use crate::circuit::Circuit;
use crate::cost::product::Digit;
use crate::cost::qubo::Qubo;
use crate::encoding::onehot::OneHot;
use crate::encoding::space::{Block, Space, SpaceChoice};
use crate::encoding::{Encoding, SuccessStates, ENERGY_TOL, MAX_FEASIBLE_LISTED};
use crate::error::{Error, Result, Unsupported};
use crate::mixer::{MixerKind, StartChoice};
use crate::puzzle::Verdict;
use crate::qaoa::histogram::{ClassKind, CostHistogram};
use crate::qaoa::Qaoa;
use crate::sim;
use crate::units::gib;
use num_complex::Complex64;
use serde::Serialize;

/// Free qubits are grouped into digits of at most this many (2^8 states, rotated together).
pub const FREE_GROUP: usize = 8;

/// How a space is simulated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Route {
    /// One amplitude per basis state of the space.
    Statevector,
    /// The Grover mixer from the cost histogram: one amplitude per cost class, where the
    /// basis index of a result is a class and its bitstring one of the class's states.
    Histogram,
}

impl Route {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Route::Statevector => "statevector",
            Route::Histogram => "histogram",
        }
    }
}

impl std::fmt::Display for Route {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which space and mixer to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SpaceSettings {
    /// The enforced blocks (`full`: none).
    pub space: SpaceChoice,
    /// The mixer (`x` only on the full space).
    pub mixer: MixerKind,
    /// Where a switch mixer starts (`auto`: uniform when simulated, resolved for a circuit by
    /// [`circuit_settings`]); `first-grid` is refused under the other mixers.
    pub start: StartChoice,
    /// How the space and mixer were chosen: named, or the recommendation for the encoding
    /// (reported beside them; absent from reports where they were named).
    #[serde(skip_serializing_if = "Chosen::is_given")]
    pub chosen: Chosen,
}

impl Default for SpaceSettings {
    fn default() -> Self {
        SpaceSettings {
            space: SpaceChoice::Full,
            mixer: MixerKind::X,
            start: StartChoice::Auto,
            chosen: Chosen::Given,
        }
    }
}

/// How a run's space and mixer were chosen (docs/spaces.md, "The default space and mixer").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Chosen {
    /// Named by the caller (`--space`, `--mixer`, one following the other), or read from a
    /// file that names them.
    #[default]
    Given,
    /// Neither named: the run takes the recommendation for its encoding. The space and mixer
    /// beside it are placeholders until [`resolve`] (which [`run_settings`],
    /// [`circuit_settings`] and [`simulation_within`] call) replaces them.
    Recommend,
    /// The recommendation, taken, and why it chose what it chose.
    Recommended(advice::Why),
}

impl Chosen {
    /// Whether the space and mixer were named (reports then say nothing of the choice).
    pub fn is_given(&self) -> bool {
        *self == Chosen::Given
    }

    /// The words reports print beside the space and mixer; `None` where they were named.
    pub fn text(&self) -> Option<String> {
        match self {
            Chosen::Given => None,
            Chosen::Recommend => Some("recommended, not yet resolved for a puzzle".into()),
            Chosen::Recommended(why) => Some(why.text()),
        }
    }
}

impl Serialize for Chosen {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.text().unwrap_or_else(|| "given".into()))
    }
}

/// `settings` with a recommendation still to take ([`Chosen::Recommend`]) replaced by the
/// recommendation for `enc` ([`advice::recommended`]; `circuit`: among circuits that export, for
/// a run that makes one); other settings as they are.
pub fn resolve(enc: &dyn Encoding, settings: &SpaceSettings, circuit: bool) -> Result<SpaceSettings> {
    if settings.chosen == Chosen::Recommend {
        advice::recommended(enc, settings.start, circuit)
    } else {
        Ok(*settings)
    }
}

impl SpaceSettings {
    /// The settings from an optional space and mixer, a missing one following the other: none
    /// is the recommendation for the puzzle ([`Chosen::Recommend`], resolved once the puzzle is
    /// encoded); a block space alone takes the XY-ring mixer; a mixer alone takes `auto` where
    /// it keeps block spaces (its entry says), else the full space.
    pub fn from_choices(space: Option<SpaceChoice>, mixer: Option<MixerKind>) -> Self {
        let (space, mixer) = match (space, mixer) {
            (None, None) => {
                return SpaceSettings {
                    chosen: Chosen::Recommend,
                    ..SpaceSettings::default()
                }
            }
            (Some(s), None) => (
                s,
                if s == SpaceChoice::Full {
                    MixerKind::X
                } else {
                    MixerKind::XyRing
                },
            ),
            (None, Some(m)) => (
                if mixers::entry(m).keeps_blocks() {
                    SpaceChoice::Auto
                } else {
                    SpaceChoice::Full
                },
                m,
            ),
            (Some(s), Some(m)) => (s, m),
        };
        SpaceSettings {
            space,
            mixer,
            start: StartChoice::Auto,
            chosen: Chosen::Given,
        }
    }
}

/// One enforced block as reports show it.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct BlockReport {
    /// The count's label (`row 2`).
    pub label: String,
    /// Its qubits, ascending.
    pub qubits: Vec<usize>,
    /// The count over them (after constants moved to the right); absent for a block of
    /// joined counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<i64>,
    /// Its states.
    pub states: u128,
    /// Whether it is a plain weight-k set (XY mixers apply).
    pub plain: bool,
}

impl From<&Block> for BlockReport {
    fn from(b: &Block) -> Self {
        BlockReport {
            label: b.label.clone(),
            qubits: b.qubits.clone(),
            k: (b.counts.len() == 1).then(|| b.counts[0].k),
            states: b.num_states,
            plain: b.plain,
        }
    }
}

/// A simulator with the space it runs on.
#[derive(Debug)]
pub struct Simulation {
    /// The simulator.
    pub sim: Box<dyn Qaoa>,
    /// The space (`full` for the X mixer; `auto` resolved in [`Space::resolved`]).
    pub space: Space,
    /// The mixer.
    pub mixer: MixerKind,
    /// Read+write passes over the state per layer (the bench's traffic model).
    pub passes_per_layer: usize,
    /// How the space and mixer were chosen (resolved: never [`Chosen::Recommend`]).
    pub chosen: Chosen,
}

impl Simulation {
    /// The simulator as the optimiser sees it.
    pub fn qaoa(&self) -> &dyn Qaoa {
        self.sim.as_ref()
    }

    /// Number of basis states simulated.
    pub fn dimension(&self) -> f64 {
        self.sim.num_states() as f64
    }

    /// The blocks for reports.
    pub fn blocks(&self) -> Vec<BlockReport> {
        self.space.blocks.iter().map(BlockReport::from).collect()
    }

    /// The bitstring (qubit 0 first) of simulated basis index `k` (on the histogram route, an
    /// example state of class k).
    pub fn bitstring(&self, k: u64) -> String {
        self.sim.bits(k).iter().map(|&b| if b { '1' } else { '0' }).collect()
    }

    /// The cost histogram on the histogram route (the Grover mixer on a space with no
    /// statevector), where simulated index k is cost class k; `None` on a statevector.
    pub fn histogram(&self) -> Option<&CostHistogram> {
        self.sim.cost_classes()
    }

    /// How the space is simulated.
    pub fn route(&self) -> Route {
        if self.histogram().is_some() {
            Route::Histogram
        } else {
            Route::Statevector
        }
    }

    /// How noisy trajectories run this simulation's circuit, as its mixer's entry says: the
    /// weight sectors where the entry takes them and the space is smaller than 2^n (a block
    /// space), else the full state gate by gate.
    pub fn noise_route(&self) -> mixers::NoiseRoute {
        match mixers::entry(self.mixer).noise {
            mixers::NoiseRoute::Sectors
                if self.space.resolved == SpaceChoice::Full
                    || (self.sim.num_states() as f64) >= (self.sim.num_qubits() as f64).exp2() =>
            {
                mixers::NoiseRoute::GateByGate
            }
            route => route,
        }
    }

    /// How shots of the exact distribution name their basis states, as its mixer's entry says
    /// for its space.
    pub fn sample_route(&self) -> mixers::SampleRoute {
        mixers::entry(self.mixer).sample_route(&self.space)
    }

    /// The number of basis states behind simulated indices `ks` (the class sizes on the
    /// histogram route).
    pub fn states_of(&self, ks: &[u64]) -> f64 {
        match self.histogram() {
            Some(h) => ks.iter().map(|&k| h.classes[k as usize].count as f64).sum(),
            None => ks.len() as f64,
        }
    }

    /// The probability of one basis state of simulated index `k`, from the simulated
    /// amplitudes (`|A_k|² / N_k` for a class).
    pub fn state_probability(&self, amps: &[Complex64], k: u64) -> f64 {
        let p = amps[k as usize].norm_sqr();
        match self.histogram() {
            Some(h) => p / h.classes[k as usize].count as f64,
            None => p,
        }
    }

    /// The `k` most likely single basis states, as simulated indices with the probability of
    /// one state, most likely first (ties: lower index first). On the histogram route a class
    /// stands for all its states.
    pub fn top_states(&self, amps: &[Complex64], k: usize) -> Vec<(u64, f64)> {
        if self.histogram().is_none() {
            return crate::sim::top_states(amps, k);
        }
        let mut all: Vec<(u64, f64)> = (0..amps.len() as u64)
            .map(|i| (i, self.state_probability(amps, i)))
            .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        all.truncate(k);
        all
    }

    /// The refusal for a command that needs the state of every basis state.
    pub fn require_statevector(&self, what: &str) -> Result<()> {
        if self.histogram().is_some() {
            return Err(self.no_statevector(what));
        }
        Ok(())
    }

    /// The error [`Simulation::require_statevector`] gives.
    pub fn no_statevector(&self, what: &str) -> Error {
        Unsupported::NoStatevector {
            what: what.to_string(),
            space: self.space.resolved,
            log2_dimension: self.space.log2_dimension(),
        }
        .into()
    }
}

/// The space of `enc` for `settings`, after checking that the mixer keeps it (see
/// [`mixers::MixerEntry::keeps`]): the X mixer only the full space, an XY mixer only a block
/// space whose blocks are all plain weight-k sets, the Grover mixer any space (`auto` may
/// resolve to full).
///
/// The space carries the settings' start ([`Space::start`]), which a mixer other than a
/// switch mixer takes only as `auto` or `uniform` (it always starts uniform).
pub fn space_of(enc: &dyn Encoding, settings: &SpaceSettings) -> Result<Space> {
    if settings.chosen == Chosen::Recommend {
        // Its space and mixer are placeholders: building them would run the full space
        // silently where the recommendation is another.
        return Err(Error::Internal(format!(
            "the recommended space and mixer of {} were not resolved before its space was built",
            enc.file()
        )));
    }
    if settings.start == StartChoice::FirstGrid && !settings.mixer.is_switch() {
        return Err(Unsupported::StartNeedsSwitch {
            start: settings.start,
            mixer: settings.mixer,
        }
        .into());
    }
    let mut space = space_of_choice(enc, settings)?;
    space.start = settings.start;
    Ok(space)
}

/// [`space_of`] before the start is copied.
fn space_of_choice(enc: &dyn Encoding, settings: &SpaceSettings) -> Result<Space> {
    let n = enc.num_qubits();
    let mixer = mixers::entry(settings.mixer);
    if mixer.keeps == mixers::Keeps::Grids && !matches!(settings.space, SpaceChoice::Auto | SpaceChoice::RowsCols) {
        return Err(Unsupported::SwitchNeedsRowsCols {
            mixer: settings.mixer,
            space: settings.space,
        }
        .into());
    }
    if settings.space == SpaceChoice::Full {
        if !mixer.keeps_full() {
            return Err(Unsupported::BlockMixerOnFull { mixer: settings.mixer }.into());
        }
        return Ok(Space::full(n, enc.diagonal_bytes_per_state()));
    }
    if !mixer.keeps_blocks() {
        return Err(Unsupported::XMixerOnBlocks {
            space: settings.space.to_string(),
        }
        .into());
    }
    let Some(onehot) = enc.as_onehot() else {
        return Err(Unsupported::NeedsOnehot {
            what: "block spaces are",
            encoding: enc.kind(),
        }
        .into());
    };
    if mixer.keeps == mixers::Keeps::Any {
        return Space::of(onehot, settings.space);
    }
    if mixer.keeps == mixers::Keeps::Grids {
        let mut space = Space::of(onehot, SpaceChoice::RowsCols)?;
        space.choice = settings.space;
        if let Some(b) = space.blocks.iter().find(|b| !mixer.keeps_block(b)) {
            return Err(Unsupported::NotSwitchGrid {
                file: enc.file().to_string(),
                block: b.label.clone(),
                level: enc.level(),
                why: b.grid().err().unwrap_or_default(),
                mixer: settings.mixer,
            }
            .into());
        }
        return Ok(space);
    }
    let space = Space::of_plain(onehot, settings.space)?;
    if space.resolved == SpaceChoice::Full {
        return Err(Unsupported::AutoIsFull {
            file: enc.file().to_string(),
            level: enc.level(),
        }
        .into());
    }
    if let Some(b) = space.blocks.iter().find(|b| !b.plain) {
        let why = if b.counts.len() > 1 {
            format!(
                "{} counts share qubits and are joined over {} qubits",
                b.counts.len(),
                b.len()
            )
        } else {
            format!(
                "its qubits {:?} count with coefficients {:?} to {}",
                b.qubits, b.counts[0].coefficients, b.counts[0].k
            )
        };
        return Err(Unsupported::NotPlainBlock {
            file: enc.file().to_string(),
            block: b.label.clone(),
            level: enc.level(),
            why,
            mixer: settings.mixer,
        }
        .into());
    }
    Ok(space)
}

/// The simulator of `enc` on the space and mixer of `settings`, refused before allocating
/// when it does not fit (naming the spaces that would).
pub fn simulation(enc: &dyn Encoding, settings: &SpaceSettings) -> Result<Simulation> {
    simulation_within(enc, settings, &Budget::unlimited())
}

/// [`simulation`] within `budget`: the histogram route (the only one that counts at length)
/// reports its progress to it and stops with `Error::OutOfTime` when it runs out.
pub fn simulation_within(enc: &dyn Encoding, settings: &SpaceSettings, budget: &Budget<'_>) -> Result<Simulation> {
    let settings = &resolve(enc, settings, false)?;
    let space = space_of(enc, settings)?;
    let mixer = mixers::entry(settings.mixer);
    if space.resolved != SpaceChoice::Full {
        check_block_statevector(enc, &space, mixer)?;
        if histogram_route_taken(&space, mixer) {
            return Ok(Simulation {
                chosen: settings.chosen,
                ..histogram_route(enc, space, budget)?
            });
        }
    }
    let (sim, passes_per_layer) = mixer.build(enc, &space, budget)?;
    Ok(Simulation {
        sim,
        space,
        mixer: settings.mixer,
        passes_per_layer,
        chosen: settings.chosen,
    })
}

/// Refuse a block space with no statevector when the mixer has no other route: its states are
/// counted rather than listed, or its statevector does not fit (naming the spaces that would).
fn check_block_statevector(enc: &dyn Encoding, space: &Space, mixer: &mixers::MixerEntry) -> Result<()> {
    let (statevector, needed, available) = statevector_fits(space, mixer);
    if statevector || histogram_route_taken(space, mixer) {
        return Ok(());
    }
    if !mixer.lists(space) {
        return Err(Unsupported::SpaceNotListed {
            file: enc.file().to_string(),
            space: space.resolved,
            dimension: space.dimension,
        }
        .into());
    }
    let onehot = enc.as_onehot().ok_or_else(|| Unsupported::NeedsOnehot {
        what: "block spaces are",
        encoding: enc.kind(),
    })?;
    let fitting: Vec<String> = Space::available(onehot)?
        .iter()
        .filter(|s| s.resolved != SpaceChoice::Full && s.choice != SpaceChoice::Auto && s.fits())
        .map(|s| format!("{} (2^{:.2})", s.choice, s.log2_dimension()))
        .collect();
    Err(Error::SpaceTooLarge {
        what: format!("{}, space {}", enc.file(), space.resolved),
        log2_dimension: space.log2_dimension(),
        needed_gib: gib(needed.max(space.bytes())),
        available_gib: gib(available),
        note: if fitting.is_empty() {
            "; no block space of this puzzle fits at this reduction".into()
        } else {
            format!("; these fit: {}", fitting.join(", "))
        },
    })
}

/// Whether the statevector of a block space fits under `mixer`'s simulator, with the bytes it
/// needs and those available: the statevector, the diagonal and the f64 costs it is built from
/// (a gradient adds a state; the switch simulator checks its masks and pair lists again).
fn statevector_fits(space: &Space, mixer: &mixers::MixerEntry) -> (bool, f64, f64) {
    let needed = space.dimension * (sim::AMPLITUDE_BYTES as f64 + 10.0);
    let available = sim::available_memory() as f64;
    (
        mixer.lists(space) && space.fits() && needed <= available,
        needed,
        available,
    )
}

/// Whether a block space runs from its cost histogram: the mixer has that route, no
/// statevector fits, and the histogram can be counted.
fn histogram_route_taken(space: &Space, mixer: &mixers::MixerEntry) -> bool {
    mixer.has_histogram_route() && !statevector_fits(space, mixer).0 && histogram::countable_space(space)
}

/// Whether [`simulation`] takes the histogram route for `settings` (the grover mixer on a block
/// space whose statevector does not fit), told without counting anything.
pub fn uses_histogram(enc: &dyn Encoding, settings: &SpaceSettings) -> Result<bool> {
    let space = space_of(enc, settings)?;
    Ok(space.resolved != SpaceChoice::Full && histogram_route_taken(&space, mixers::entry(settings.mixer)))
}

/// The Grover mixer on the space of `settings` from its cost histogram, whether or not a
/// statevector would fit ([`simulation`] takes this route only where none does).
pub fn simulation_from_histogram(enc: &dyn Encoding, settings: &SpaceSettings) -> Result<Simulation> {
    if !mixers::entry(settings.mixer).has_histogram_route() {
        return Err(Unsupported::HistogramNeedsGrover { mixer: settings.mixer }.into());
    }
    histogram_route(enc, space_of(enc, settings)?, &Budget::unlimited())
}

/// The Grover mixer on `space` from its cost histogram ([`crate::qaoa::HistogramSimulator`]): exact at any
/// dimension the histogram is counted for, with the cost classes as the simulated basis.
fn histogram_route(enc: &dyn Encoding, space: Space, budget: &Budget<'_>) -> Result<Simulation> {
    Ok(Simulation {
        sim: Box::new(histogram::histogram_simulator_within(enc, &space, budget)?),
        space,
        mixer: MixerKind::Grover,
        passes_per_layer: 0,
        chosen: Chosen::Given,
    })
}

/// The cost on a block space: the reduced model's QUBO without the penalties of the enforced
/// blocks (every state of the space meets them).
pub fn space_qubo(onehot: &OneHot, space: &Space) -> Qubo {
    let enforced: Vec<usize> = space.blocks.iter().flat_map(Block::constraints).collect();
    Qubo::from_model_without(&onehot.model, &onehot.reduced, &enforced)
}

/// The digits of a space: one per block (its states), then the free qubits in groups of up to
/// 8 (all their masks), digit 0 fastest.
pub fn space_digits(space: &Space) -> Result<Vec<Digit>> {
    let mut digits = Vec::new();
    for b in &space.blocks {
        digits.push(Digit {
            qubits: b.qubits.clone(),
            states: b.states()?,
        });
    }
    for group in space.free.chunks(FREE_GROUP) {
        digits.push(Digit {
            qubits: group.to_vec(),
            states: (0..1u64 << group.len()).collect(),
        });
    }
    Ok(digits)
}

/// The success states of `enc` in the simulator's basis: the least-cost states (cost 0 without
/// an objective) whose rebuilt board passes the complete check, and those breaking only rules
/// the QUBO cannot express. `Error::Unsatisfiable` when there is no valid one.
pub fn success_states(enc: &dyn Encoding, simulation: &Simulation) -> Result<SuccessStates> {
    let sim = simulation.qaoa();
    if let Some(h) = simulation.histogram() {
        return Ok(SuccessStates {
            valid: h.classes_of(ClassKind::Valid),
            non_qubo: h.classes_of(ClassKind::NonQubo),
            feasible: Vec::new(),
            feasible_objective: Vec::new(),
        });
    }
    let has_objective = enc.as_onehot().is_some_and(|o| o.model.has_objective());
    if simulation.space.resolved == SpaceChoice::Full {
        let mut out = full::success_states_of(enc, sim.diagonal())?;
        if has_objective {
            (out.feasible, out.feasible_objective) = feasible_states(enc, sim);
        }
        return Ok(out);
    }
    let target = success_cost(enc, sim.diagonal().min());
    let mut out = SuccessStates::default();
    for k in sim.diagonal().states_with_cost(target, ENERGY_TOL) {
        let board = enc.board_of_bits(&sim.bits(k));
        match Verdict::of(&enc.puzzle().check(&board)) {
            Verdict::Valid => out.valid.push(k),
            Verdict::BreaksOnlyNonQubo => out.non_qubo.push(k),
            Verdict::Invalid => {}
        }
    }
    if let Some(onehot) = enc.as_onehot() {
        onehot.keep_exact_optima(&mut out.valid, |k| onehot.reduced.rebuild(&sim.bits(k)));
    }
    if has_objective {
        (out.feasible, out.feasible_objective) = feasible_states(enc, sim);
    }
    if out.valid.is_empty() {
        enc.search(0)?.require_solution()?;
        // A valid board meets every count, so it lies in every block space.
        return Err(Unsupported::NoSolutionInSpace {
            file: enc.file().to_string(),
            space: simulation.space.resolved,
        }
        .into());
    }
    Ok(out)
}

/// The cost of the success states of `enc` on a space whose least cost is `least`: 0 without an
/// objective, else the optimum's ([`OneHot::success_cost`]: the least cost unless penalty
/// overrides let an infeasible state cost less; docs/lp.md, "Penalties").
fn success_cost(enc: &dyn Encoding, least: f64) -> f64 {
    match enc.as_onehot() {
        Some(onehot) => onehot.success_cost(least),
        None => 0.0,
    }
}

/// The feasible states of a model with an objective, ascending, in the simulator's basis (empty
/// when there are more than [`MAX_FEASIBLE_LISTED`] candidates). A feasible state costs its
/// objective, so it lies within the objective's range `Σ|w|` above the optimum's cost (below 1
/// for LP models; a Max Chess board may weigh more); the states there are judged by the
/// complete check.
fn feasible_states(enc: &dyn Encoding, sim: &dyn Qaoa) -> (Vec<u64>, Vec<f64>) {
    let Some(onehot) = enc.as_onehot() else {
        return (Vec::new(), Vec::new());
    };
    let range = onehot.model.objective_range();
    let diagonal = sim.diagonal();
    let bound = onehot.success_cost(diagonal.min()) + range + ENERGY_TOL;
    if diagonal.count_below(bound) > MAX_FEASIBLE_LISTED {
        return (Vec::new(), Vec::new());
    }
    let feasible: Vec<u64> = diagonal
        .states_below(bound)
        .into_iter()
        .filter(|&k| Verdict::of(&enc.puzzle().check(&enc.board_of_bits(&sim.bits(k)))) == Verdict::Valid)
        .collect();
    let objective = onehot.exact_objectives(&feasible, |k| onehot.reduced.rebuild(&sim.bits(k)));
    (feasible, objective)
}

/// The circuit of `enc` on `space` with `mixer`, as its entry in [`mixers::MIXERS`] builds it:
/// the encoding's own QAOA circuit on the full space with the X mixer; on a block space, Dicke
/// states on the blocks, `H` on free qubits, and per layer the cost of the constraints not
/// enforced, the blocks' XY gates and `rx` on free qubits ([`Circuit::qaoa_space`]), the gate
/// list [`crate::qaoa::SubspaceSimulator`] applies; with the Grover mixer, on the full space
/// or a space of plain blocks, the same start and cost with the mixer `exp(−iβ|s⟩⟨s|)` as
/// gates ([`Circuit::qaoa_grover`]), the evolution [`crate::qaoa::GroverMixerSimulator`]
/// computes. A block that is not a plain weight-k set has no preparation to export and is
/// refused by name.
pub fn circuit(enc: &dyn Encoding, space: &Space, mixer: MixerKind, angles: &Angles) -> Result<Circuit> {
    mixers::entry(mixer).circuit(enc, space, angles)
}

/// The blocks of `space` as the circuit prepares them, `(qubits, k)`: every block must be a
/// plain weight-k set (a Dicke state); one that is not is refused by name. None on the full
/// space.
pub fn circuit_blocks(enc: &dyn Encoding, space: &Space, mixer: MixerKind) -> Result<Vec<(Vec<usize>, usize)>> {
    let mut blocks: Vec<(Vec<usize>, usize)> = Vec::new();
    for b in &space.blocks {
        let Some(w) = b.weight() else {
            return Err(Unsupported::NoDickePreparation {
                file: enc.file().to_string(),
                block: b.label.clone(),
                space: space.resolved,
                mixer,
            }
            .into());
        };
        blocks.push((b.qubits.clone(), w));
    }
    Ok(blocks)
}

/// The settings of the circuit that is exported for `settings`: the same, except that `auto`
/// under a mixer that keeps any space (the Grover mixer) takes the smallest family of plain
/// blocks (the spaces whose start the circuit prepares), as it does under an XY mixer, and the
/// full space where there is none.
///
/// A switch mixer's `auto` start becomes `uniform` where every grid is a full permutation grid
/// (a gate list prepares it) and `first-grid` elsewhere, so the simulation a command runs
/// beside its circuit starts where the circuit does; an explicit `uniform` stays and is
/// refused by the circuit where no gate list prepares it.
///
/// Settings that name neither space nor mixer take the recommendation among circuits that
/// export first ([`resolve`]).
pub fn circuit_settings(enc: &dyn Encoding, settings: &SpaceSettings) -> Result<SpaceSettings> {
    let settings = &resolve(enc, settings, true)?;
    if settings.mixer.is_switch() && settings.start == StartChoice::Auto {
        let space = space_of(enc, settings)?;
        let start = circuit_start(enc, &space, settings.mixer)?;
        return Ok(SpaceSettings { start, ..*settings });
    }
    // Only a mixer that keeps any space (its `auto` may take general blocks) differs: the
    // others' `auto` already takes plain blocks or is not theirs.
    if mixers::entry(settings.mixer).keeps != mixers::Keeps::Any || settings.space != SpaceChoice::Auto {
        return Ok(*settings);
    }
    let space = match enc.as_onehot() {
        Some(onehot) => Space::of_plain(onehot, SpaceChoice::Auto)?.resolved,
        None => SpaceChoice::Full,
    };
    Ok(SpaceSettings { space, ..*settings })
}

/// Where the circuit of switch mixer `mixer` on the grids of `space` starts when asked for
/// `auto`: `uniform` where every grid is a full permutation grid (a gate list prepares it),
/// else `first-grid`.
pub fn circuit_start(enc: &dyn Encoding, space: &Space, mixer: MixerKind) -> Result<StartChoice> {
    let grids = mixers::space_grids(enc, space, mixer)?;
    Ok(if grids.iter().all(crate::qaoa::switch::is_full_permutation) {
        StartChoice::Uniform
    } else {
        StartChoice::FirstGrid
    })
}

/// The settings a run of `enc` simulates: [`circuit_settings`] where the run also makes its
/// circuit (noisy trajectories, gate counts), so that the simulated start is the circuit's;
/// else `settings` (a switch mixer's `auto` start simulates uniform), a recommendation
/// resolved.
pub fn run_settings(enc: &dyn Encoding, settings: &SpaceSettings, makes_circuit: bool) -> Result<SpaceSettings> {
    if makes_circuit {
        circuit_settings(enc, settings)
    } else {
        resolve(enc, settings, false)
    }
}

/// Most qubits whose full 2^n state a manifest carries.
pub const MAX_EMBEDDED_QUBITS: usize = 24;

/// The state at `angles` embedded in the full 2^n space (zero outside the simulated space), as
/// `[re, im]` pairs, for manifests and interop checks.
pub fn embedded_state(simulation: &Simulation, angles: &Angles) -> Result<Vec<[f64; 2]>> {
    simulation.require_statevector("the embedded full state")?;
    let sim = simulation.qaoa();
    let n = sim.num_qubits();
    if n > MAX_EMBEDDED_QUBITS {
        return Err(Unsupported::StateTooLargeToEmbed {
            qubits: n,
            max: MAX_EMBEDDED_QUBITS,
        }
        .into());
    }
    let amps = sim.amplitudes(angles)?;
    if simulation.sample_route() == mixers::SampleRoute::FullIndex {
        return Ok(amps.iter().map(|a| [a.re, a.im]).collect());
    }
    let mut out = vec![[0.0, 0.0]; 1 << n];
    for (k, a) in amps.iter().enumerate() {
        let full: usize = sim
            .bits(k as u64)
            .iter()
            .enumerate()
            .map(|(q, &b)| usize::from(b) << q)
            .sum();
        out[full] = [a.re, a.im];
    }
    Ok(out)
}
