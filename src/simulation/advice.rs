//! The space and mixer that fit an encoded puzzle best: what `info` recommends, and what
//! `solve` names before a run when it is far smaller than the space about to be simulated
//! (docs/spaces.md). One rule serves both; the caller words the advice.
//!
//! The rule ranks every block space (and the full space) by the best route one of its mixers
//! has there, then by size:
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

use super::{mixers, space_of, Route, SpaceSettings};
use crate::encoding::space::{Space, SpaceChoice};
use crate::encoding::Encoding;
use crate::mixer::MixerKind;
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

/// The best of `spaces` (`auto` left out: it is one of the others) by the module's rule, with
/// `preferred` as its mixer where that mixer runs it; `None` where no mixer runs any of them.
pub fn best(spaces: &[Space], preferred: Option<MixerKind>) -> Option<Advice> {
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
    Some(Advice {
        space: space.resolved,
        mixer,
        route: mixers::entry(mixer).route_on(space)?,
        dimension: space.dimension,
        log2_dimension: space.log2_dimension(),
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

/// The best space of `enc` by [`best`] among those at least [`ADVICE_RATIO`] times smaller
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
    let advice = best(&smaller, Some(settings.mixer))?;
    Some(SmallerSpace {
        chosen: chosen.resolved,
        chosen_log2,
        space: advice.space,
        mixer: advice.mixer,
        log2_dimension: advice.log2_dimension,
    })
}
