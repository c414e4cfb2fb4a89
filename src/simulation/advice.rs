//! Advice before a run: whether another space, kept by some mixer, is far smaller than the one
//! about to be simulated (docs/spaces.md). A 25-qubit 5x5 Queens on the full space takes
//! minutes; its row space (3125 states) answers in a fraction of a second with a higher
//! P(valid). The caller words the advice; this module only returns the numbers.

use super::{mixers, space_of, statevector_fits, SpaceSettings};
use crate::encoding::space::{Space, SpaceChoice};
use crate::encoding::Encoding;
use crate::mixer::MixerKind;

/// A smaller space is advised when its dimension is at least this many times smaller.
pub const ADVICE_RATIO: f64 = 100.0;

/// A space far smaller than the one chosen, and a mixer that keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct SmallerSpace {
    /// The space about to run (resolved: never `auto`).
    pub chosen: SpaceChoice,
    /// log2 of its dimension.
    pub chosen_log2: f64,
    /// The smaller space (a family: rows, cols, regions or cells).
    pub space: SpaceChoice,
    /// A mixer that keeps it: the chosen mixer where it does, else the first of
    /// [`MixerKind::ALL`] that does.
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

/// The smallest family space of `enc` (rows, cols, regions or cells) that some mixer keeps and
/// runs (a statevector that fits, or the cost histogram), when its dimension is at least
/// [`ADVICE_RATIO`] times smaller than that of the space `settings` would run; `None`
/// otherwise, and where the settings or the encoding have no such spaces (a compact encoding,
/// a space the mixer does not keep: the run itself says why). Spaces whose blocks are all
/// plain weight-k sets are preferred, since an XY mixer keeps them as well as the Grover
/// mixer: a space of general blocks is advised only when no plain one is small enough. The
/// joined `rows+cols` space is not advised: it nearly solves the puzzle by itself (3 states
/// of a 6x6 Tango), which is a study of its own (docs/spaces.md).
pub fn smaller_space(enc: &dyn Encoding, settings: &SpaceSettings) -> Option<SmallerSpace> {
    let onehot = enc.as_onehot()?;
    let chosen = space_of(enc, settings).ok()?;
    let chosen_log2 = chosen.log2_dimension();
    let threshold = chosen_log2 - ADVICE_RATIO.log2() + 1e-9;
    let mut best: Option<(bool, SmallerSpace)> = None;
    for space in Space::available(onehot).ok()? {
        if !SpaceChoice::FAMILIES.contains(&space.choice) || space.resolved == chosen.resolved {
            continue;
        }
        let log2 = space.log2_dimension();
        if log2 > threshold {
            continue;
        }
        let Some(mixer) = keeping_mixer(&space, settings.mixer) else {
            continue;
        };
        let plain = space.blocks.iter().all(|b| b.plain);
        let better = match &best {
            None => true,
            Some((best_plain, b)) => (plain && !best_plain) || (plain == *best_plain && log2 < b.log2_dimension - 1e-9),
        };
        if better {
            best = Some((
                plain,
                SmallerSpace {
                    chosen: chosen.resolved,
                    chosen_log2,
                    space: space.resolved,
                    mixer,
                    log2_dimension: log2,
                },
            ));
        }
    }
    best.map(|(_, s)| s)
}

/// The mixer that keeps `space` and can run it: `preferred` where it can, else the first of
/// [`MixerKind::ALL`] that can.
fn keeping_mixer(space: &Space, preferred: MixerKind) -> Option<MixerKind> {
    let plain = space.blocks.iter().all(|b| b.plain);
    let runs = |kind: MixerKind| {
        let entry = mixers::entry(kind);
        let keeps = match entry.keeps {
            mixers::Keeps::Full => false,
            mixers::Keeps::PlainBlocks => plain,
            mixers::Keeps::Any => true,
            mixers::Keeps::Grids => entry.keeps_space(space),
        };
        let statevector = statevector_fits(space, entry).0;
        let counted = entry.has_histogram_route() && super::histogram::countable_space(space);
        keeps && (statevector || counted)
    };
    std::iter::once(preferred)
        .chain(MixerKind::ALL)
        .find(|&kind| runs(kind))
}
