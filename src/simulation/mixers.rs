//! The mixers the floor knows, one entry each: which spaces the mixer keeps, the routes that
//! simulate it, how noisy trajectories run its circuit, how its statevector simulator is
//! built and what its circuit is. Everything above the floor (solve, sweep, sample, export,
//! noise, info) asks this table which route to take rather than comparing mixers; adding a
//! mixer is one entry here, its kernel below and its gates in the exporter
//! (docs/ARCHITECTURE.md, "Adding a mixer").
//!
//! What is the same for every mixer is no field: each has an exact gradient by the adjoint
//! method (the `Qaoa` trait's), and noisy trajectories run each one's circuit (by its
//! [`NoiseRoute`]).

use super::{circuit_blocks, space_digits, space_qubo, Route, FREE_GROUP};
use crate::angles::Angles;
use crate::budget::Budget;
use crate::circuit::switch::permutation_start;
use crate::circuit::{Circuit, Gate};
use crate::cost::pubo::ZPoly;
use crate::encoding::space::{Block, Grid, Space, SpaceChoice};
use crate::encoding::Encoding;
use crate::error::{Error, Result, Unsupported};
use crate::mixer::{xy_edges, MixerKind};
use crate::qaoa::switch::{grid_moves, is_full_permutation, SwitchStart, MAX_SWITCH_STATES};
use crate::qaoa::{DigitGates, GroverMixerSimulator, Qaoa, SubspaceSimulator, SwitchSimulator};
use serde::Serialize;

/// The spaces a mixer keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeps {
    /// Only the full space (it flips single qubits).
    Full,
    /// Block spaces whose blocks are all plain weight-k sets (it swaps ones within a block).
    PlainBlocks,
    /// Any space: full, and blocks of any kind (it only needs the start state).
    Any,
    /// The `rows+cols` space whose blocks are grids of plain row and column counts (it swaps
    /// ones between two rows and two columns at once).
    Grids,
}

/// How noisy trajectories run a mixer's exported circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoiseRoute {
    /// On the simulator's own 2^n state, each layer's errors pushed through its kernels
    /// (`noise::NoisyCircuit`, `noise::trajectories`): the X mixer, whose simulator is the
    /// full space and whose circuit is the kernels' gates.
    Layered,
    /// The exported circuit gate by gate on the full 2^n state in native gates
    /// (`noise::gates`): a Pauli error leaves a block space, and the Grover mixer's gates
    /// are not its simulator's kernels. Refused where the full state does not fit.
    GateByGate,
    /// The exported circuit on the weight sectors of its blocks (`noise::sectors`): its gates
    /// keep every block's weight, so a trajectory's state is a short sum of product spaces as
    /// small as the block space. Taken where the block space is smaller than 2^n; the full
    /// state gate by gate otherwise.
    Sectors,
    /// No trajectories: a mixer whose circuit noisy trajectories do not run (no entry at
    /// present; the switch mixers' circuits run gate by gate). Noise on it is refused before
    /// anything is simulated.
    NoCircuit,
}

impl NoiseRoute {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            NoiseRoute::Layered => "layered",
            NoiseRoute::GateByGate => "gate-by-gate",
            NoiseRoute::Sectors => "sectors",
            NoiseRoute::NoCircuit => "none",
        }
    }
}

/// Which basis state a simulated index is, when shots are drawn from the exact distribution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleRoute {
    /// The simulated basis is the full space: index k is the bitstring of k.
    FullIndex,
    /// The simulated basis is a block space: index k's qubits are asked of the simulator and
    /// embedded in the full space.
    Embedded,
}

/// A statevector simulator on a resolved space, with the read+write passes over the state one
/// layer makes (the bench's traffic model).
pub type Built = (Box<dyn Qaoa>, usize);

/// One mixer, as the floor knows it.
#[derive(Clone, Copy)]
pub struct MixerEntry {
    /// Which mixer.
    pub kind: MixerKind,
    /// The spaces it keeps.
    pub keeps: Keeps,
    /// The routes that simulate it: a statevector always; the cost histogram where amplitudes
    /// depend only on the cost (the Grover mixer).
    pub routes: &'static [Route],
    /// How noisy trajectories run its circuit.
    pub noise: NoiseRoute,
    /// Its statevector simulator of `enc` on a resolved `space` that fits.
    build: fn(&dyn Encoding, &Space, MixerKind, &Budget<'_>) -> Result<Built>,
    /// Its gate list for `enc` on `space` at the given angles; an error for a mixer without
    /// one.
    circuit: fn(&dyn Encoding, &Space, MixerKind, &Angles) -> Result<Circuit>,
}

impl std::fmt::Debug for MixerEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MixerEntry")
            .field("kind", &self.kind)
            .field("keeps", &self.keeps)
            .field("routes", &self.routes)
            .field("noise", &self.noise)
            .finish()
    }
}

/// The XY ring mixer's entry; the complete graph's differs only in its kind.
const XY_RING: MixerEntry = MixerEntry {
    kind: MixerKind::XyRing,
    keeps: Keeps::PlainBlocks,
    routes: &[Route::Statevector],
    noise: NoiseRoute::Sectors,
    build: build_xy,
    circuit: circuit_xy,
};

/// The switch ring mixer's entry; the complete graph's differs only in its kind.
const SWITCH_RING: MixerEntry = MixerEntry {
    kind: MixerKind::SwitchRing,
    keeps: Keeps::Grids,
    routes: &[Route::Statevector],
    noise: NoiseRoute::GateByGate,
    build: build_switch,
    circuit: circuit_switch,
};

/// Every mixer, in the order of [`MixerKind::ALL`].
pub const MIXERS: [MixerEntry; 6] = [
    MixerEntry {
        kind: MixerKind::X,
        keeps: Keeps::Full,
        routes: &[Route::Statevector],
        noise: NoiseRoute::Layered,
        build: build_x,
        circuit: circuit_x,
    },
    XY_RING,
    MixerEntry {
        kind: MixerKind::XyComplete,
        ..XY_RING
    },
    MixerEntry {
        kind: MixerKind::Grover,
        keeps: Keeps::Any,
        routes: &[Route::Statevector, Route::Histogram],
        noise: NoiseRoute::GateByGate,
        build: build_grover,
        circuit: circuit_grover,
    },
    SWITCH_RING,
    MixerEntry {
        kind: MixerKind::SwitchComplete,
        ..SWITCH_RING
    },
];

/// The entry of `kind`.
pub fn entry(kind: MixerKind) -> &'static MixerEntry {
    MIXERS
        .iter()
        .find(|e| e.kind == kind)
        .expect("every mixer has an entry (a unit test checks)")
}

impl MixerEntry {
    /// Whether it keeps the full space.
    pub fn keeps_full(&self) -> bool {
        matches!(self.keeps, Keeps::Full | Keeps::Any)
    }

    /// Whether it keeps block spaces.
    pub fn keeps_blocks(&self) -> bool {
        matches!(self.keeps, Keeps::PlainBlocks | Keeps::Any | Keeps::Grids)
    }

    /// Whether its moves are local and keep every count of the spaces it keeps (the XY and
    /// switch mixers), where the Grover mixer reaches every state in one step and X keeps no
    /// count: the mixers advice ranks first (`advice`).
    pub fn is_local(&self) -> bool {
        matches!(self.keeps, Keeps::PlainBlocks | Keeps::Grids)
    }

    /// Whether it runs from the cost histogram where no statevector fits.
    pub fn has_histogram_route(&self) -> bool {
        self.routes.contains(&Route::Histogram)
    }

    /// Whether it keeps `block` (an XY mixer only a plain weight-k set, a switch mixer only a
    /// grid of row and column counts).
    pub fn keeps_block(&self, block: &Block) -> bool {
        match self.keeps {
            Keeps::Full => false,
            Keeps::PlainBlocks => block.plain,
            Keeps::Any => true,
            Keeps::Grids => block.grid().is_ok(),
        }
    }

    /// Whether it keeps the resolved `space`: the full space, or a block space whose every
    /// block it keeps, as [`super::space_of`] decides.
    pub fn keeps_space(&self, space: &Space) -> bool {
        if space.resolved == SpaceChoice::Full {
            self.keeps_full()
        } else if self.keeps == Keeps::Grids && space.resolved != SpaceChoice::RowsCols {
            false
        } else {
            self.keeps_blocks() && space.blocks.iter().all(|b| self.keeps_block(b))
        }
    }

    /// Whether its simulator can list the states of the resolved `space` it keeps: every
    /// block's states for the block-space simulators, a state index of 32 bits and masks of at
    /// most 128 qubits for the switch simulator (which lists the grids' tables itself).
    pub fn lists(&self, space: &Space) -> bool {
        match self.keeps {
            Keeps::Grids => {
                space.dimension <= MAX_SWITCH_STATES && space.num_qubits <= crate::qaoa::switch::MAX_SWITCH_QUBITS
            }
            _ => space.listable(),
        }
    }

    /// Whether its simulator on the resolved `space` fits in the memory available now: the
    /// statevector and cost diagonal, and for the switch simulator its pair lists too where
    /// they are counted without listing ([`crate::qaoa::switch::fits`]).
    pub fn fits(&self, space: &Space) -> bool {
        match self.keeps {
            Keeps::Grids => space.fits() && crate::qaoa::switch::fits(space, self.kind),
            _ => space.fits(),
        }
    }

    /// The route that simulates it on the resolved `space` it keeps, as `info` reports it: a
    /// statevector where the space's states are listed and fit in memory, else the cost
    /// histogram where it has that route and the space is counted (by enumeration or the
    /// frontier count, [`super::histogram::countable_space`]); `None` where neither goes or it does not
    /// keep the space.
    pub fn route_on(&self, space: &Space) -> Option<Route> {
        if !self.keeps_space(space) {
            None
        } else if self.lists(space) && self.fits(space) {
            Some(Route::Statevector)
        } else if self.has_histogram_route() && super::histogram::countable_space(space) {
            Some(Route::Histogram)
        } else {
            None
        }
    }

    /// How shots of the exact distribution on the resolved `space` name their basis states:
    /// by index where its simulator runs on the full space, embedded from a block space's
    /// simulator otherwise.
    pub fn sample_route(&self, space: &Space) -> SampleRoute {
        match self.keeps {
            Keeps::Full => SampleRoute::FullIndex,
            Keeps::PlainBlocks => SampleRoute::Embedded,
            Keeps::Any if space.resolved == SpaceChoice::Full => SampleRoute::FullIndex,
            Keeps::Any | Keeps::Grids => SampleRoute::Embedded,
        }
    }

    /// Why noisy trajectories never run its circuit (a [`NoiseRoute::NoCircuit`] entry);
    /// `None` for the others.
    pub fn noise_refusal(&self) -> Option<Error> {
        (self.noise == NoiseRoute::NoCircuit).then(|| Unsupported::NoCircuit { mixer: self.kind }.into())
    }

    /// The error of asking noisy trajectories of a circuit they do not run
    /// ([`Self::noise_refusal`]).
    pub fn no_circuit(&self) -> Error {
        self.noise_refusal()
            .unwrap_or_else(|| Unsupported::NoCircuit { mixer: self.kind }.into())
    }

    /// Refuse, before anything is simulated, a circuit of `enc` on the resolved `space` whose
    /// start has no gate list here: a switch mixer's space must be grids, and full permutation
    /// grids where it starts uniform ([`SwitchStart`]); any other block space plain weight-k
    /// sets (Dicke states).
    pub fn check_circuit(&self, enc: &dyn Encoding, space: &Space) -> Result<()> {
        if self.keeps == Keeps::Grids {
            switch_start_gates(enc, space, &space_grids(enc, space, self.kind)?).map(|_| ())
        } else {
            super::circuit_blocks(enc, space, self.kind).map(|_| ())
        }
    }

    /// Whether shots are drawn from its simulation rather than from an exported circuit's
    /// manifest: the Grover mixer (general blocks have no exported start).
    pub fn samples_from_simulation(&self) -> bool {
        self.keeps == Keeps::Any
    }

    /// Its statevector simulator of `enc` on the resolved `space` (which must fit), its setup
    /// (the switch mixers list their space and pairs for minutes) stopping with `budget`.
    pub fn build(&self, enc: &dyn Encoding, space: &Space, budget: &Budget<'_>) -> Result<Built> {
        (self.build)(enc, space, self.kind, budget)
    }

    /// Its gate list for `enc` on the resolved `space` at `angles`.
    pub fn circuit(&self, enc: &dyn Encoding, space: &Space, angles: &Angles) -> Result<Circuit> {
        (self.circuit)(enc, space, self.kind, angles)
    }
}

/// The refusal of a block space for an encoding without a constraint model.
fn needs_onehot(enc: &dyn Encoding) -> Error {
    Unsupported::NeedsOnehot {
        what: "block spaces are",
        encoding: enc.kind(),
    }
    .into()
}

fn build_x(enc: &dyn Encoding, _: &Space, _: MixerKind, _: &Budget<'_>) -> Result<Built> {
    Ok((Box::new(super::full::simulator(enc)?), 2))
}

fn build_xy(enc: &dyn Encoding, space: &Space, mixer: MixerKind, budget: &Budget<'_>) -> Result<Built> {
    let onehot = enc.as_onehot().ok_or_else(|| needs_onehot(enc))?;
    let gates: Vec<DigitGates> = space
        .blocks
        .iter()
        .map(|b| DigitGates::Xy(xy_edges(b.len(), mixer)))
        .chain(space.free.chunks(FREE_GROUP).map(|_| DigitGates::X))
        .collect();
    let sim = SubspaceSimulator::new_within(
        &space_qubo(onehot, space),
        space_digits(space)?,
        &gates,
        enc.num_qubits(),
        mixer,
        budget,
    )?;
    let passes = sim.passes_per_layer();
    Ok((Box::new(sim), passes))
}

fn build_grover(enc: &dyn Encoding, space: &Space, _: MixerKind, _: &Budget<'_>) -> Result<Built> {
    if space.resolved == SpaceChoice::Full {
        let sim = super::full::simulator(enc)?;
        return Ok((Box::new(GroverMixerSimulator::full(sim.into_diagonal())?), 1));
    }
    let onehot = enc.as_onehot().ok_or_else(|| needs_onehot(enc))?;
    let sim = GroverMixerSimulator::new(&space_qubo(onehot, space), space_digits(space)?, enc.num_qubits())?;
    Ok((Box::new(sim), 1))
}

/// The grids of the `rows+cols` space, refused by name where a block is not one.
pub fn space_grids(enc: &dyn Encoding, space: &Space, mixer: MixerKind) -> Result<Vec<Grid>> {
    space
        .blocks
        .iter()
        .map(|b| {
            b.grid().map_err(|why| {
                Unsupported::NotSwitchGrid {
                    file: enc.file().to_string(),
                    block: b.label.clone(),
                    level: enc.level(),
                    why,
                    mixer,
                }
                .into()
            })
        })
        .collect()
}

fn build_switch(enc: &dyn Encoding, space: &Space, mixer: MixerKind, budget: &Budget<'_>) -> Result<Built> {
    let onehot = enc.as_onehot().ok_or_else(|| needs_onehot(enc))?;
    let grids = space_grids(enc, space, mixer)?;
    let sim = SwitchSimulator::new_within(
        &space_qubo(onehot, space),
        &grids,
        &space.free,
        enc.num_qubits(),
        mixer,
        space.start,
        space.dimension,
        budget,
    )?;
    Ok((Box::new(sim), 2))
}

/// The start ([`SwitchStart`] of the space's start: uniform over permutations on full
/// permutation grids, or the first grid's ones as `x`), `h` on free qubits, then per layer the
/// cost the space does not enforce, each move's double excitation in order and `rx` on free
/// qubits ([`Circuit::switch_qaoa`]): the gate list [`SwitchSimulator`] applies, from `|0…0⟩`.
fn circuit_switch(enc: &dyn Encoding, space: &Space, mixer: MixerKind, angles: &Angles) -> Result<Circuit> {
    let onehot = enc.as_onehot().ok_or_else(|| needs_onehot(enc))?;
    let grids = space_grids(enc, space, mixer)?;
    let start = switch_start_gates(enc, space, &grids)?;
    let moves: Vec<[usize; 4]> = grids.iter().flat_map(|g| grid_moves(g, mixer)).collect();
    let poly = ZPoly::from_ising(&space_qubo(onehot, space).to_ising());
    Ok(Circuit::switch_qaoa(&poly, start, &moves, &space.free, angles))
}

/// The gates preparing the grids' part of the space's [`SwitchStart`] from `|0…0⟩`: the
/// Fisher–Yates start on each grid where it starts uniform (refused unless every grid is a
/// full permutation grid: no other gate list is known here), or `x` on each one of the first
/// grid state.
fn switch_start_gates(enc: &dyn Encoding, space: &Space, grids: &[Grid]) -> Result<Vec<Gate>> {
    // A grid state is a 128-bit mask: wider spaces have no switch start here.
    let max = crate::qaoa::switch::MAX_SWITCH_QUBITS;
    if space.num_qubits > max {
        return Err(Unsupported::SwitchTooManyQubits {
            qubits: space.num_qubits,
            max,
        }
        .into());
    }
    match SwitchStart::of(grids, space.start) {
        Some(SwitchStart::Uniform) => {
            if let Some((b, g)) = space.blocks.iter().zip(grids).find(|(_, g)| !is_full_permutation(g)) {
                return Err(Unsupported::NoUniformStartCircuit {
                    file: enc.file().to_string(),
                    block: b.label.clone(),
                    level: enc.level(),
                    why: not_full_permutation(g),
                }
                .into());
            }
            Ok(grids
                .iter()
                .filter_map(full_permutation)
                .flat_map(|cells| permutation_start(&cells))
                .collect())
        }
        Some(SwitchStart::Basis { ones, .. }) => Ok((0..128).filter(|&q| ones >> q & 1 == 1).map(Gate::X).collect()),
        None => Err(crate::qaoa::switch::no_grid_table()),
    }
}

/// Why `grid` is no full permutation grid ([`is_full_permutation`]), in words.
fn not_full_permutation(grid: &Grid) -> String {
    let (rows, cols) = (grid.row_totals.len(), grid.col_totals.len());
    if rows != cols {
        format!("is {rows}x{cols}, not square")
    } else if let Some(k) = grid.row_totals.iter().chain(&grid.col_totals).find(|&&k| k != 1) {
        format!("counts {k} in a row or column, not one")
    } else {
        "has cells the reduction fixed".to_string()
    }
}

/// The grids of the `rows+cols` space as full permutation grids, `cells[i][c]` the qubit of
/// row i, column c; `None` where a grid is not one (not square, a count not one, or a cell
/// the reduction fixed: the space starts from one basis state, [`SwitchStart`]).
pub fn permutation_grids(enc: &dyn Encoding, space: &Space, mixer: MixerKind) -> Result<Option<Vec<Vec<Vec<usize>>>>> {
    Ok(space_grids(enc, space, mixer)?.iter().map(full_permutation).collect())
}

/// `grid`'s cells where it is a full permutation grid ([`is_full_permutation`]).
fn full_permutation(grid: &Grid) -> Option<Vec<Vec<usize>>> {
    is_full_permutation(grid).then(|| {
        grid.cells
            .iter()
            .map(|row| row.iter().flatten().copied().collect())
            .collect()
    })
}

/// The layers of the switch mixer's circuit on the `rows+cols` space without the start (see
/// [`Circuit::switch_layers`]): the cost the space does not enforce, each move's double
/// excitation in order, `rx` on free qubits. Tests run it from the uniform start and compare
/// it with the switch simulator.
pub fn switch_layers(enc: &dyn Encoding, space: &Space, mixer: MixerKind, angles: &Angles) -> Result<Circuit> {
    let onehot = enc.as_onehot().ok_or_else(|| needs_onehot(enc))?;
    let grids = space_grids(enc, space, mixer)?;
    let moves: Vec<[usize; 4]> = grids.iter().flat_map(|g| grid_moves(g, mixer)).collect();
    let poly = ZPoly::from_ising(&space_qubo(onehot, space).to_ising());
    Ok(Circuit::switch_layers(&poly, &moves, &space.free, angles))
}

fn circuit_x(enc: &dyn Encoding, _: &Space, _: MixerKind, angles: &Angles) -> Result<Circuit> {
    Ok(enc.circuit(angles))
}

/// Dicke states on the blocks, `H` on free qubits, and per layer the cost of the constraints
/// not enforced, the blocks' XY gates and `rx` on free qubits ([`Circuit::qaoa_space`]): the
/// gate list [`SubspaceSimulator`] applies.
fn circuit_xy(enc: &dyn Encoding, space: &Space, mixer: MixerKind, angles: &Angles) -> Result<Circuit> {
    let (poly, blocks) = block_cost_and_blocks(enc, space, mixer)?;
    Ok(Circuit::qaoa_space(&poly, &blocks, &space.free, mixer, angles))
}

/// A block as the circuit prepares it: its qubits and its weight k.
pub type DickeBlock = (Vec<usize>, usize);

/// The cost a block-space circuit applies (the constraints its blocks do not enforce) and the
/// blocks it prepares; a block that is not a plain weight-k set is refused by name.
pub fn block_cost_and_blocks(enc: &dyn Encoding, space: &Space, mixer: MixerKind) -> Result<(ZPoly, Vec<DickeBlock>)> {
    let onehot = enc.as_onehot().ok_or_else(|| needs_onehot(enc))?;
    let poly = ZPoly::from_ising(&space_qubo(onehot, space).to_ising());
    Ok((poly, circuit_blocks(enc, space, mixer)?))
}

/// The start of the space, the cost, and the mixer `exp(−iβ|s⟩⟨s|)` as gates
/// ([`Circuit::qaoa_grover`]): on the full space every qubit is free; on a block space every
/// block must be a plain weight-k set, whose Dicke preparation the mixer undoes and redoes.
fn circuit_grover(enc: &dyn Encoding, space: &Space, mixer: MixerKind, angles: &Angles) -> Result<Circuit> {
    if space.resolved == SpaceChoice::Full {
        let poly = enc.cost_poly();
        let free: Vec<usize> = (0..poly.num_qubits).collect();
        return Ok(Circuit::qaoa_grover(&poly, &[], &free, angles));
    }
    let (poly, blocks) = block_cost_and_blocks(enc, space, mixer)?;
    Ok(Circuit::qaoa_grover(&poly, &blocks, &space.free, angles))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mixer_has_one_entry_in_order() {
        let kinds: Vec<MixerKind> = MIXERS.iter().map(|e| e.kind).collect();
        assert_eq!(kinds, MixerKind::ALL.to_vec());
        for kind in MixerKind::ALL {
            assert_eq!(entry(kind).kind, kind);
            assert!(entry(kind).routes.contains(&Route::Statevector), "{kind}");
        }
    }

    #[test]
    fn the_x_mixer_keeps_only_the_full_space_and_xy_only_blocks() {
        assert!(entry(MixerKind::X).keeps_full() && !entry(MixerKind::X).keeps_blocks());
        for xy in [MixerKind::XyRing, MixerKind::XyComplete] {
            assert!(!entry(xy).keeps_full() && entry(xy).keeps_blocks());
        }
        let grover = entry(MixerKind::Grover);
        assert!(grover.keeps_full() && grover.keeps_blocks() && grover.has_histogram_route());
    }

    #[test]
    fn only_the_x_mixer_takes_the_layered_noise_route_and_the_full_space_samples_by_index() {
        let full = Space::full(4, 8);
        for e in &MIXERS {
            let layered = e.kind == MixerKind::X;
            assert_eq!(e.noise == NoiseRoute::Layered, layered, "{}", e.kind);
            assert_eq!(e.keeps_space(&full), e.keeps_full(), "{}", e.kind);
            if e.keeps_full() {
                assert_eq!(e.sample_route(&full), SampleRoute::FullIndex, "{}", e.kind);
                assert_eq!(e.route_on(&full), Some(Route::Statevector), "{}", e.kind);
            } else {
                assert_eq!(e.route_on(&full), None, "{}", e.kind);
            }
        }
        assert_eq!(entry(MixerKind::XyRing).sample_route(&full), SampleRoute::Embedded);
        assert_eq!(NoiseRoute::GateByGate.name(), "gate-by-gate");
    }
}
