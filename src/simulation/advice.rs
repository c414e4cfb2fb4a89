//! The space and mixer that fit an encoded puzzle best: what `info` recommends, what `solve`,
//! `sweep`, `qasm` and `sample` run when neither is named, and what `solve` names before a run
//! when it is far smaller than the space about to be simulated (docs/spaces.md). One rule
//! serves all three; the caller words the advice.
//!
//! The rule ranks every block space (and the full space) by the best route one of its mixers
//! has there (for a run that makes a circuit, counting only mixers whose circuit is built on
//! the space: a switch mixer from the start its circuit takes, no Grover mixer on joined
//! blocks), then by size:
//! 1. a statevector under a local mixer, one that keeps the space's counts (XY on plain
//!    blocks, the switch mixers on rows+cols where their start is uniform, as a simulation
//!    starts unless asked for the first grid): these gain on the uniform start with depth
//!    (results/compare, results/scaling);
//! 2. a statevector under the Grover or X mixer, or under a switch mixer started from each
//!    grid's first table, which it barely leaves (results/scaling);
//! 3. the Grover mixer's cost histogram.
//!
//! Within a rank the smallest space wins (ties to the one listed first). On it the mixer is the
//! one asked for where it runs the space at all (the user's choice of mixer is kept), else the
//! first of [`ADVICE_ORDER`] with the space's best route.

use super::{mixers, space_of, Chosen, Route, SpaceSettings};
use crate::encoding::space::{Space, SpaceChoice};
use crate::encoding::Encoding;
use crate::error::{Error, Result};
use crate::mixer::{MixerKind, StartChoice};
use crate::qaoa::switch::SwitchStart;

/// `solve` names a smaller space when its dimension is at least this many times smaller.
pub const ADVICE_RATIO: f64 = 100.0;

/// The mixers in the order advice prefers them on a space: XY ring before complete (the ring
/// is the shallower circuit), switch-complete before switch-ring (on Queens a ring move puts
/// two queens on touching cells, results/scaling), then X (on the full space) before the
/// Grover mixer, which stays near the uniform start on these puzzles (results/scaling).
pub const ADVICE_ORDER: [MixerKind; 6] = [
    MixerKind::XyRing,
    MixerKind::XyComplete,
    MixerKind::SwitchComplete,
    MixerKind::SwitchRing,
    MixerKind::X,
    MixerKind::Grover,
];

/// A space and a mixer that runs it, with the route it runs by.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The space (resolved: never `auto`).
    pub space: SpaceChoice,
    /// The mixer.
    pub mixer: MixerKind,
    /// How the mixer runs the space.
    pub route: Route,
    /// Basis states of the space.
    pub dimension: f64,
    /// log2 of that.
    pub log2_dimension: f64,
}

/// The rank of a mixer's route on a space (lower is better), as the module docs order them;
/// `None` where the mixer does not run the space.
fn rank(kind: MixerKind, space: &Space) -> Option<u8> {
    let entry = mixers::entry(kind);
    match entry.route_on(space)? {
        Route::Statevector if entry.is_local() && starts_uniform(kind, space) => Some(0),
        Route::Statevector => Some(1),
        Route::Histogram => Some(2),
    }
}

/// Whether `kind` starts from the uniform superposition over `space` when simulated: every
/// mixer but a switch mixer whose start is the first grid ([`SwitchStart::of`] of the
/// space's start; `auto` and `uniform` simulate uniform on every grid, as `solve` and `info`
/// run them).
fn starts_uniform(kind: MixerKind, space: &Space) -> bool {
    if !kind.is_switch() {
        return true;
    }
    let grids: Option<Vec<_>> = space.blocks.iter().map(|b| b.grid().ok()).collect();
    grids.is_some_and(|g| SwitchStart::of(&g, space.start) == Some(SwitchStart::Uniform))
}

/// The best of `spaces` (`auto` left out: it is one of the others) by the module's rule among
/// the mixers `usable` allows on each, with `preferred` as its mixer where that mixer runs it,
/// and the rank that chose it; `None` where no mixer runs any of them.
fn best_where(
    spaces: &[Space],
    preferred: Option<MixerKind>,
    usable: impl Fn(MixerKind, &Space) -> bool,
) -> Option<(Advice, u8)> {
    let rank = |k: MixerKind, space: &Space| if usable(k, space) { rank(k, space) } else { None };
    let mut found: Option<(u8, &Space)> = None;
    for space in spaces.iter().filter(|s| s.choice != SpaceChoice::Auto) {
        let Some(r) = ADVICE_ORDER.iter().filter_map(|&k| rank(k, space)).min() else {
            continue;
        };
        let better = match found {
            None => true,
            Some((best_rank, b)) => {
                r < best_rank || (r == best_rank && space.log2_dimension() < b.log2_dimension() - 1e-9)
            }
        };
        if better {
            found = Some((r, space));
        }
    }
    let (r, space) = found?;
    let mixer = preferred
        .filter(|&k| rank(k, space).is_some())
        .or_else(|| ADVICE_ORDER.into_iter().find(|&k| rank(k, space) == Some(r)))?;
    let advice = Advice {
        space: space.resolved,
        mixer,
        route: mixers::entry(mixer).route_on(space)?,
        dimension: space.dimension,
        log2_dimension: space.log2_dimension(),
    };
    Some((advice, r))
}

/// Why the recommendation chose its space and mixer: the rank of its route by the module's
/// rule (`None`: no mixer runs any space, and the full space with the X mixer stands in), and
/// whether only circuits that export were ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Why {
    /// The rank (0: a local mixer's statevector; 1: another statevector; 2: the histogram).
    pub rank: Option<u8>,
    /// Whether the run makes a circuit, so that only circuits that export counted.
    pub circuit: bool,
}

impl Why {
    /// The words reports print.
    pub fn text(self) -> String {
        let rule = match self.rank {
            Some(0) => "the smallest space that a mixer keeping its counts runs as a statevector",
            Some(1) => {
                "no mixer keeping counts runs a statevector here, and this is the smallest space another mixer does"
            }
            Some(_) => "no statevector fits, and this is the smallest space counted by cost",
            None => "no space runs here, and the full space with the X mixer stands in",
        };
        let among = if self.circuit {
            ", among circuits that export"
        } else {
            ""
        };
        format!("recommended: {rule}{among}; naming a space or a mixer chooses another")
    }
}

/// What `info` recommends for `enc` and a run takes when neither space nor mixer is named:
/// the best by the module's rule of every space of the encoding (the full space, and each block
/// space of a one-hot encoding), each started at `start` (docs/spaces.md, "The default space and
/// mixer"). Where the run makes a circuit (`circuit`: `qasm`, `sample`, noise, gate counts),
/// among the circuits that export only: a mixer counts on a space only where its circuit is
/// built there, a switch mixer from the start its circuit takes (for `auto`, uniform on full
/// permutation grids and the first grid elsewhere, which ranks it below the local mixers).
/// `None` where no mixer runs any space.
pub fn recommendation(enc: &dyn Encoding, start: StartChoice, circuit: bool) -> Result<Option<(Advice, u8)>> {
    let spaces = candidate_spaces(enc, start, circuit)?;
    Ok(best_where(&spaces, None, |k, space| !circuit || exports(enc, k, space)))
}

/// Every space of `enc` (the full space, and each block space of a one-hot encoding; only the
/// full one where a count cannot be met, so that the run says so), each started at `start`,
/// or for a circuit (`circuit`) as its circuit starts ([`recommendation`]).
fn candidate_spaces(enc: &dyn Encoding, start: StartChoice, circuit: bool) -> Result<Vec<Space>> {
    let mut spaces = vec![Space::full(enc.num_qubits(), enc.diagonal_bytes_per_state())];
    if let Some(onehot) = enc.as_onehot() {
        match Space::available(onehot) {
            Ok(all) => spaces = all,
            Err(Error::Unsatisfiable { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    for space in &mut spaces {
        space.start = start;
        if circuit && start == StartChoice::Auto && space.resolved == SpaceChoice::RowsCols {
            if let Ok(s) = super::circuit_start(enc, space, MixerKind::SwitchComplete) {
                space.start = s;
            }
        }
    }
    Ok(spaces)
}

/// Whether the circuit of `kind` on `space` is built (and so exports).
fn exports(enc: &dyn Encoding, kind: MixerKind, space: &Space) -> bool {
    mixers::entry(kind).check_circuit(enc, space).is_ok()
}

/// The settings of [`recommendation`], from `start`; where there is none, the full space with
/// the X mixer, so that the run says why it cannot.
pub fn recommended(enc: &dyn Encoding, start: StartChoice, circuit: bool) -> Result<SpaceSettings> {
    let (space, mixer, rank) = match recommendation(enc, start, circuit)? {
        Some((a, r)) => (a.space, a.mixer, Some(r)),
        None => (SpaceChoice::Full, MixerKind::X, None),
    };
    Ok(SpaceSettings {
        space,
        mixer,
        start,
        chosen: Chosen::Recommended(Why { rank, circuit }),
    })
}

/// A space far smaller than the one chosen, and a mixer that runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct SmallerSpace {
    /// The space about to run (resolved: never `auto`).
    pub chosen: SpaceChoice,
    /// log2 of its dimension.
    pub chosen_log2: f64,
    /// The smaller space.
    pub space: SpaceChoice,
    /// The mixer that runs it: the chosen mixer where it runs it, else the first of
    /// [`ADVICE_ORDER`] with the space's best route.
    pub mixer: MixerKind,
    /// log2 of its dimension.
    pub log2_dimension: f64,
}

impl SmallerSpace {
    /// How many times fewer basis states the smaller space has.
    pub fn ratio(&self) -> f64 {
        (self.chosen_log2 - self.log2_dimension).exp2()
    }
}

/// The best space of `enc` by the module's rule (as a simulation ranks it: [`recommendation`]
/// without `circuit`) among those at least [`ADVICE_RATIO`] times smaller
/// than the space `settings` would run and of the best rank any space of `enc` has (so that a
/// smaller space a worse route runs, such as a switch mixer from one grid state, is never
/// named over what `info` recommends); `None` where there is none, and where the settings or
/// the encoding have no block spaces (a compact encoding, a space the mixer does not keep: the
/// run itself says why).
pub fn smaller_space(enc: &dyn Encoding, settings: &SpaceSettings) -> Option<SmallerSpace> {
    let onehot = enc.as_onehot()?;
    let chosen = space_of(enc, settings).ok()?;
    let chosen_log2 = chosen.log2_dimension();
    let threshold = chosen_log2 - ADVICE_RATIO.log2() + 1e-9;
    let mut all = Space::available(onehot).ok()?;
    // Ranked with the start this run takes.
    for s in &mut all {
        s.start = settings.start;
    }
    let best_rank = |s: &Space| ADVICE_ORDER.iter().filter_map(|&k| rank(k, s)).min();
    let top_rank = all
        .iter()
        .filter(|s| s.choice != SpaceChoice::Auto)
        .filter_map(best_rank)
        .min()?;
    let smaller: Vec<Space> = all
        .into_iter()
        .filter(|s| s.resolved != chosen.resolved && s.log2_dimension() <= threshold)
        .filter(|s| best_rank(s) == Some(top_rank))
        .collect();
    let (advice, _) = best_where(&smaller, Some(settings.mixer), |_, _| true)?;
    Some(SmallerSpace {
        chosen: chosen.resolved,
        chosen_log2,
        space: advice.space,
        mixer: advice.mixer,
        log2_dimension: advice.log2_dimension,
    })
}
