//! quzzle: QAOA experiments on logic puzzles.
//!
//! puzzle text → [`puzzle::Puzzle`] → [`model::Model`] → [`model::reduce`] → an [`Encoding`]
//! (one-hot: the penalty [`Qubo`] as an [`Ising`] cost; compact Sudoku: a Z polynomial) → its
//! cost diagonal → [`QaoaSimulator`] → angles optimised by [`qaoa::optimize`] → the probability
//! of a valid board. The same [`Circuit`] feeds the reference simulator and the exported
//! OpenQASM ([`export::export_circuit`]). Each command of the `quzzle` tool is one call here:
//! [`experiment::solve::solve`], [`experiment::info::info`],
//! [`experiment::classical::classical`], [`experiment::sweep::run_sweep`],
//! [`export::export_circuit`].
//!
//! Quickstart (`examples/quickstart.rs`):
//!
//! ```
//! use quzzle::{encoding, EncodingKind, Level, SolveSettings};
//! let text = "puzzle: takuzu\nsize: 4x4\n\n[grid]\n1...\n..0.\n.0..\n...1\n";
//! let enc = encoding::parse("example", text, EncodingKind::Onehot, Level::Paper)?;
//! let report = quzzle::solve(enc.as_ref(), &SolveSettings::default())?; // p = 1..3, INTERP
//! let p3 = &report.depths[2];
//! assert!(p3.success_probability > report.uniform_baseline);
//! println!("{} qubits, P(valid) at p = 3: {:.4}", enc.num_qubits(), p3.success_probability);
//! # Ok::<(), quzzle::Error>(())
//! ```
//!
//! Features: `cli` (the command line) and `plot` (figures) are on by default; without them the
//! library has no clap, plotters or embedded font.

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(clippy::float_cmp)]

pub mod angles;
pub mod bits;
pub mod budget;
pub mod checked;
pub mod circuit;
pub mod cost;
pub mod encoding;
pub mod error;
pub mod experiment;
pub mod export;
pub mod files;

pub mod mixer;
pub mod model;
pub mod names;
pub mod noise;
#[cfg(feature = "plot")]
pub mod plot;
pub mod puzzle;
pub mod qaoa;
pub mod request;
pub mod rng;
pub mod sim;
pub mod simulation;
pub mod units;

pub use angles::Angles;
pub use circuit::Circuit;
pub use cost::ising::Ising;
pub use cost::qubo::{Qubo, QuboBuilder};
pub use encoding::compact::CompactSudoku;
pub use encoding::onehot::OneHot;
pub use encoding::{Encoding, EncodingKind};
pub use error::{Error, Result};
pub use experiment::solve::{solve, ObjectiveSpec, SolveReport, SolveSettings};
pub use model::Level;
pub use qaoa::optimize::{Init, OptimizeConfig};
pub use qaoa::{Objective, QaoaSimulator};
