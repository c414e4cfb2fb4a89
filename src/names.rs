//! The names the error type mentions: a mixer, a reduction level, an encoding, a space. Only
//! the types are here, on floor 0, so that `error` can hold them; their methods, names and
//! parsing live with what they choose ([`crate::mixer`], [`crate::model`],
//! [`crate::encoding`], [`crate::encoding::space`]), which re-export them. And `value_enum!`,
//! which gives the command line an enum's names.

use serde::Serialize;

/// The mixer of a QAOA layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MixerKind {
    /// `rx(2β)` on every qubit (only on the full space).
    X,
    /// XY gates on a ring over each block's qubits: odd edges, even edges, closing edge.
    XyRing,
    /// XY gates on every pair of each block's qubits.
    XyComplete,
    /// `exp(−iβ|s⟩⟨s|)`, `|s⟩` the uniform superposition over the space (any space, general
    /// blocks included; GM-QAOA, Bärtschi and Eidenbenz, arXiv:2006.00354). No gate list yet.
    Grover,
    /// Switch moves `|1001⟩ ↔ |0110⟩` on cells (i,a), (i,b), (j,a), (j,b) of the `rows+cols`
    /// space, over adjacent row pairs × adjacent column pairs (ring order).
    SwitchRing,
    /// Switch moves over every row pair × every column pair (lexicographic).
    SwitchComplete,
}

/// Where a switch mixer's QAOA starts (the other mixers always start uniform over their space).
/// The simulator starts uniform over the space on every grid; a circuit prepares the uniform
/// start only on full permutation grids (`crate::qaoa::switch::is_full_permutation`), and the first
/// grid state on any grid. `auto` is what a command needs: uniform where only simulated, and
/// where a circuit is made, uniform where one prepares it, else the first grid
/// (`crate::simulation::circuit_settings` resolves it before anything is simulated).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartChoice {
    /// Uniform when simulated; for a circuit, uniform where one prepares it, else the first grid.
    #[default]
    Auto,
    /// The uniform superposition over the space.
    Uniform,
    /// One basis state per grid, its first table (each row's ones as far left as they go),
    /// free qubits in `|+⟩`.
    FirstGrid,
}

/// How hard to reduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// No reduction: every variable is a qubit.
    None,
    /// Givens and signs, and one pass of what the givens clear directly.
    Clues,
    /// The QUBO paper's initial-condition rules.
    Paper,
    /// Every constraint propagated to a fixpoint.
    Propagate,
    /// Propagation plus failed-literal probing.
    Probe,
}

/// The encodings a puzzle file can be read with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EncodingKind {
    /// One qubit per free variable of the reduced model (every puzzle).
    Onehot,
    /// ⌈log2 m⌉ qubits per open cell with m candidates (Sudoku only).
    Compact,
}

/// Which counts a space enforces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SpaceChoice {
    /// All 2^n basis states, no blocks.
    Full,
    /// The row counts.
    Rows,
    /// The column counts.
    Cols,
    /// The region counts (Sudoku: boxes).
    Regions,
    /// The Sudoku cell counts (one digit per cell).
    Cells,
    /// The usable family of smallest dimension (with general blocks: `rows+cols` too), or
    /// `full`.
    Auto,
    /// The row and the column counts together (N-Queens: the permutations). Every row meets
    /// every column, so they form one joined block (a grid: docs/spaces.md, "Switch mixers"):
    /// the switch mixers run on its listed states; the Grover mixer by statevector where they
    /// can be listed and fit, else from the cost histogram.
    #[serde(rename = "rows+cols")]
    RowsCols,
}

/// `clap::ValueEnum` for a library enum, so that the command line takes the library's own type:
/// the possible values are `ALL`, in that order, each named by `name()` (the name reports use).
/// The variants' rustdoc stays out of `--help`; a value that needs a help line gets it here
/// (`value_enum!(T, T::A => "help")`). Without the `cli` feature it expands to nothing.
macro_rules! value_enum {
    ($t:ty) => {
        #[cfg(feature = "cli")]
        impl clap::ValueEnum for $t {
            fn value_variants<'a>() -> &'a [Self] {
                &Self::ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                Some(clap::builder::PossibleValue::new(self.name()))
            }
        }
    };
    ($t:ty, $($variant:path => $help:literal),+) => {
        #[cfg(feature = "cli")]
        impl clap::ValueEnum for $t {
            fn value_variants<'a>() -> &'a [Self] {
                &Self::ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                let value = clap::builder::PossibleValue::new(self.name());
                Some(match self {
                    $($variant => value.help($help),)+
                    _ => value,
                })
            }
        }
    };
}
pub(crate) use value_enum;
