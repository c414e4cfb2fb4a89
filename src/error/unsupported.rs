//! [`Unsupported`]: the combinations the library does not run, each with what would run
//! instead (its own file: the longest family of messages of src/error.rs).

use super::*;

/// A combination the library does not run: a mixer on a space it does not keep, a space that
/// is not listed, a route or encoding that lacks what is asked of it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Unsupported {
    /// The x mixer on a block space.
    #[error("the x mixer runs on the full space only; space `{space}` needs an xy mixer (xy-ring or xy-complete)")]
    XMixerOnBlocks {
        /// The space asked for.
        space: String,
    },
    /// An XY mixer on the full space.
    #[error("the {mixer} mixer keeps block weights, so it needs a block space (rows, cols, regions, cells or auto), not full")]
    BlockMixerOnFull {
        /// The mixer.
        mixer: MixerKind,
    },
    /// `auto` resolved to the full space for an XY mixer.
    #[error("{file}: no family of plain weight-k counts at the {level} reduction, so `auto` is the full space for the xy mixers; use the x mixer, or the grover mixer on a space of general blocks")]
    AutoIsFull {
        /// The puzzle file.
        file: String,
        /// The reduction level.
        level: Level,
    },
    /// A block that is not a plain weight-k set, under an XY mixer.
    #[error("{file}: block `{block}` is not a plain weight-k set after the {level} reduction ({why}), so the {mixer} mixer does not apply to it; the grover mixer does. Or use a weaker reduction or another space")]
    NotPlainBlock {
        /// The puzzle file.
        file: String,
        /// The block.
        block: String,
        /// The reduction level.
        level: Level,
        /// How its counts make it general.
        why: String,
        /// The mixer asked for.
        mixer: MixerKind,
    },
    /// A block not a plain weight-k set has no Dicke-state preparation, so the circuit of a
    /// mixer that starts from it cannot be written.
    #[error("{file}: block `{block}` of space {space} is not a plain weight-k set, so it has no Dicke-state preparation to export (the {mixer} mixer's circuit prepares the start state); choose a space whose blocks are all plain weight-k sets")]
    NoDickePreparation {
        /// The puzzle file.
        file: String,
        /// The block.
        block: String,
        /// The space.
        space: SpaceChoice,
        /// The mixer.
        mixer: MixerKind,
    },
    /// A switch mixer on a space other than `rows+cols`.
    #[error("the {mixer} mixer keeps every row and every column count at once, so it runs on space rows+cols (or auto, which is rows+cols for it), not {space}")]
    SwitchNeedsRowsCols {
        /// The mixer asked for.
        mixer: MixerKind,
        /// The space asked for.
        space: SpaceChoice,
    },
    /// A start other than uniform under a mixer that only starts uniform.
    #[error("the {start} start is a switch mixer's; the {mixer} mixer starts uniform over its space")]
    StartNeedsSwitch {
        /// The start asked for.
        start: StartChoice,
        /// The mixer asked for.
        mixer: MixerKind,
    },
    /// A circuit asked to start uniform over a `rows+cols` space where no gate list prepares
    /// that state (a grid that is not a full permutation grid).
    #[error("{file}: no circuit preparing the uniform start over space rows+cols is known here: grid `{block}` {why} after the {level} reduction (a gate list prepares it only on square grids of one per row and column with no fixed cell); the first-grid start has a circuit, and the uniform start is simulated on every grid")]
    NoUniformStartCircuit {
        /// The puzzle file.
        file: String,
        /// The first grid that is not a full permutation grid.
        block: String,
        /// The reduction level.
        level: Level,
        /// Why it is not one.
        why: String,
    },
    /// A block of the `rows+cols` space that is not a grid of row and column counts.
    #[error("{file}: block `{block}` of space rows+cols is not a grid of plain row and column counts after the {level} reduction ({why}), so the {mixer} mixer does not apply to it; the grover mixer does")]
    NotSwitchGrid {
        /// The puzzle file.
        file: String,
        /// The block.
        block: String,
        /// The reduction level.
        level: Level,
        /// Why it is not a grid.
        why: String,
        /// The mixer asked for.
        mixer: MixerKind,
    },
    /// A space family the puzzle does not have.
    #[error("space `{family}`: the puzzle has no active exact {family} counts at this reduction level")]
    NoFamily {
        /// The family.
        family: SpaceChoice,
    },
    /// A space family whose blocks overlap into one too large to count.
    #[error("space `{family}`: `{label}` share qubits, and the states of their joined block of {qubits} qubits are too tangled to count")]
    TangledFamily {
        /// The family.
        family: SpaceChoice,
        /// The blocks that overlap.
        label: String,
        /// Qubits of their joined block.
        qubits: usize,
    },
    /// Block spaces and cost histograms need the one-hot encoding's constraint model.
    #[error("{what} built from the constraint model of the onehot encoding; the {encoding} encoding has none")]
    NeedsOnehot {
        /// What needs it (`block spaces are`, `the cost histogram is`).
        what: &'static str,
        /// The encoding given.
        encoding: EncodingKind,
    },
    /// A block too large to list its states.
    #[error("block `{block}` has {qubits} qubits and {states} states; states are listed for plain blocks of up to {max_states} states and other blocks of up to {max_qubits} qubits")]
    BlockNotListed {
        /// The block.
        block: String,
        /// Its qubits.
        qubits: usize,
        /// Its states.
        states: u128,
        /// Most states of a listed plain block.
        max_states: u128,
        /// Most qubits of a listed general block.
        max_qubits: usize,
    },
    /// A space whose states are counted, not listed: no statevector over it.
    #[error("{file}: the states of space {space} are counted ({dimension}), not listed, so there is no statevector over it; the grover mixer runs on it from the cost histogram (enumerated up to 2^32 states, counted by the frontier count up to 127 qubits)")]
    SpaceNotListed {
        /// The puzzle file.
        file: String,
        /// The space.
        space: SpaceChoice,
        /// Its number of states.
        dimension: f64,
    },
    /// A space too large for the cost histogram's enumeration.
    #[error(
        "{file}: space {space} has 2^{log2_dimension:.2} states; the histogram is counted by enumeration up to 2^32 states, and by the frontier count up to 127 qubits"
    )]
    TooManyToCount {
        /// The puzzle file.
        file: String,
        /// The space.
        space: SpaceChoice,
        /// log2 of its states.
        log2_dimension: f64,
    },
    /// More states of the success cost than are judged one by one.
    #[error("{file}: more than {max} states of space {space} have the success cost; too many to judge one by one")]
    TooManyToJudge {
        /// The puzzle file.
        file: String,
        /// The space.
        space: SpaceChoice,
        /// Most states judged.
        max: usize,
    },
    /// A frontier count whose frontier would hold more entries than memory allows.
    #[error("{task}: the frontier of the count is too wide (width 2^{width:.1} states, {state_bits} bits a state{}{}); at most {max_bytes} bytes fit in memory", entries.map_or(String::new(), |e| format!(", {e} entries at one step")), bytes.map_or(String::new(), |b| format!(", {b} bytes")))]
    FrontierTooWide {
        /// What was being counted.
        task: String,
        /// log2 of the most frontier states the variable order can keep at one step.
        width: f64,
        /// Bits of one packed frontier state.
        state_bits: u32,
        /// (state, cost) entries the next step would hold, when the count got that far.
        entries: Option<u128>,
        /// The bytes the count would then hold.
        bytes: Option<u128>,
        /// Most bytes the count may hold.
        max_bytes: u128,
    },
    /// More variables than a frontier count holds exactly.
    #[error("a frontier count holds at most {max} variables (its counts stay below 2^127), not {variables}")]
    TooManyVariablesToCount {
        /// Variables of the space.
        variables: usize,
        /// Most variables counted.
        max: usize,
    },
    /// A route that finds the optimal states by their cost, on a model whose penalty
    /// overrides let a broken constraint cost less than the objective's range.
    #[error("{file}: the penalty of `{constraint}` weighs {weight}, not above the objective's range {range} on the cost's scale, so the least-cost states may break it; {what} finds the optimal states by their cost: give every weight above {range}, or run on a statevector route (docs/lp.md, \"Penalties\")")]
    WeakPenalties {
        /// The model's file.
        file: String,
        /// The constraint's label.
        constraint: String,
        /// Its weight.
        weight: f64,
        /// The objective's range bound on the cost's scale, `Σ|w|/λ`.
        range: f64,
        /// The route (`the cost histogram`).
        what: &'static str,
    },
    /// A cost the frontier count cannot keep exact.
    #[error("{file}: the cost cannot be counted exactly by the frontier count: {reason}")]
    NotCountable {
        /// The puzzle file.
        file: String,
        /// Why.
        reason: String,
    },
    /// The histogram route with a mixer other than Grover's.
    #[error("the histogram route is exact for the grover mixer only, not {mixer}")]
    HistogramNeedsGrover {
        /// The mixer asked for.
        mixer: MixerKind,
    },
    /// A command that needs every amplitude, on a space run by its cost histogram.
    #[error("{what} needs the amplitude of every basis state, but space {space} (2^{log2_dimension:.2} states) runs by the cost histogram, where only the number of states of each cost is known; use a space with a statevector (quzzle info lists the route of each)")]
    NoStatevector {
        /// What needs the amplitudes.
        what: String,
        /// The space.
        space: SpaceChoice,
        /// log2 of its states.
        log2_dimension: f64,
    },
    /// A state too large to simulate, where the angles are optimised on it.
    #[error("{file}: optimising the angles needs the state, which is too large to simulate")]
    NoStateToOptimise {
        /// The puzzle file.
        file: String,
    },
    /// The puzzle has a solution, but the space holds none.
    #[error("{file}: the puzzle has a solution but none lies in space {space}")]
    NoSolutionInSpace {
        /// The puzzle file.
        file: String,
        /// The space.
        space: SpaceChoice,
    },
    /// A full state too large to embed in a manifest.
    #[error("the full state of {qubits} qubits has 2^{qubits} amplitudes; a manifest carries it up to {max} qubits")]
    StateTooLargeToEmbed {
        /// Qubits of the circuit.
        qubits: usize,
        /// Most qubits embedded.
        max: usize,
    },
    /// A circuit the noise simulation does not take (too many qubits, or a gate it has no route for).
    #[error("noise simulation cannot take this circuit: {what}")]
    NoiseCircuit {
        /// What the circuit has instead.
        what: String,
    },
    /// Noise on a space or mixer other than the full space with the x mixer.
    #[error("noise runs on the full space with the x mixer only (got the {mixer} mixer over {states} states, for a circuit of {qubits} qubits): {NOISE_NEEDS_FULL_X_WHY}")]
    NoiseNeedsFullX {
        /// The simulator's mixer.
        mixer: MixerKind,
        /// The simulator's basis states.
        states: usize,
        /// Qubits of the noisy circuit.
        qubits: usize,
    },
    /// Symbolic angles in a flavour without input parameters.
    #[error("symbolic angles are input parameters, which only the portable flavour writes (not {flavour})")]
    SymbolicFlavour {
        /// The flavour asked for.
        flavour: &'static str,
    },
    /// A puzzle the seed's Grover circuit is not written for.
    #[error("{file}: the seed's Grover circuit is written for plain N-Queens (`puzzle: nqueens`, flat, no [regions], no [givens]); {found}")]
    SeedPuzzle {
        /// The puzzle file.
        file: String,
        /// What the puzzle is instead (`this is `puzzle: tango``).
        found: String,
    },
    /// A reduction whose qubits are not the board's cells in order, for the seed's circuit.
    #[error("{file}: at the {level} reduction the {qubits} qubits are not the {cells} cells in row-major order; the seed's circuit needs the none reduction")]
    SeedReduction {
        /// The puzzle file.
        file: String,
        /// The reduction level.
        level: Level,
        /// Qubits at that level.
        qubits: usize,
        /// Cells of the board.
        cells: usize,
    },
    /// No optimal Grover iteration count: the puzzle has no solution.
    #[error("{file}: {n}-Queens has no solution, so there is no optimal iteration count; give the iteration count")]
    NoOptimalIterations {
        /// The puzzle file.
        file: String,
        /// N.
        n: usize,
    },
    /// The exact search stopped at its limit: the number of solutions is unknown.
    #[error("{file}: the exact search stopped at its limit, so the number of solutions M is unknown")]
    SolutionsUnknown {
        /// The puzzle file.
        file: String,
    },
    /// Annealing on an encoding without a QUBO.
    #[error("annealing needs a QUBO: the onehot encoding, not {encoding}")]
    AnnealNeedsOnehot {
        /// The encoding given.
        encoding: EncodingKind,
    },
    /// Annealing on a space with a block that is not one plain count.
    #[error("space {space}: block `{block}` is not one plain count (its moves would need the Grover mixer's listing); anneal on the full space or on a space of plain counts")]
    AnnealNeedsPlainBlocks {
        /// The space.
        space: SpaceChoice,
        /// The first block that is not plain.
        block: String,
    },
    /// A switch simulator asked for with another mixer.
    #[error("the {mixer} mixer is no switch mixer")]
    NotSwitchMixer {
        /// The mixer.
        mixer: MixerKind,
    },
    /// A switch mixer on one Dicke block.
    #[error("the {mixer} mixer runs on the rows+cols space of a puzzle's grid, not on one Dicke block")]
    SwitchOnDicke {
        /// The mixer.
        mixer: MixerKind,
    },
    /// A mixer without a circuit, where no more precise refusal applies.
    #[error("the {mixer} mixer has no circuit")]
    NoCircuit {
        /// The mixer.
        mixer: MixerKind,
    },
    /// More qubits than the switch simulator's masks hold.
    #[error("the switch mixers hold a state of at most {max} qubits as a mask (simulated or exported); this space has {qubits}")]
    SwitchTooManyQubits {
        /// Qubits of the space.
        qubits: usize,
        /// Most qubits a mask holds.
        max: usize,
    },
    /// Cost terms too large for the frontier count's exact keys.
    #[error("{task}: the cost terms are too large to count exactly (a penalty bound of {bound})")]
    PenaltyTooLarge {
        /// What was being counted.
        task: String,
        /// The bound of the penalty terms.
        bound: i128,
    },
    /// A noise model without published gate and readout times.
    #[error("`{name}` {}; device times exist for {}", if *preset { "has error rates but no published gate and readout times" } else { "is not a device" }, timed.join(", "))]
    NoDeviceTiming {
        /// The name given.
        name: String,
        /// Whether it is a noise preset (with error rates) all the same.
        preset: bool,
        /// The devices with times.
        timed: &'static [&'static str],
    },
    /// `sample` of a Grover-search manifest.
    #[error("{manifest} describes the seed's Grover circuit (written by `quzzle grover`); sample draws shots of the QAOA circuits that `quzzle qasm` writes")]
    SampleGroverSeed {
        /// The manifest.
        manifest: String,
    },
}
