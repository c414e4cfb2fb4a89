//! quzzle: QAOA experiments on logic puzzles.
//!
//! puzzle text → [`puzzle::Puzzle`] → [`model::Model`] → [`model::reduce`] → [`qubo::Qubo`]
//! → [`ising::Ising`] and its cost diagonal → [`qaoa::QaoaSimulator`] → angles optimised by
//! [`qaoa::optimize`] → success probability. The same [`circuit::Circuit`] feeds the reference
//! simulator and the exported OpenQASM ([`export::qasm::to_qasm3`], with its JSON
//! [`export::Manifest`]).
//!
//! ```
//! use quzzle::{model::Level, problem::Problem, puzzle, qaoa::QaoaSimulator, Angles};
//! let text = "puzzle: takuzu\nsize: 4x4\n\n[grid]\n1...\n..0.\n.0..\n...1\n";
//! let problem = Problem::new("example", puzzle::parse("example", text)?, Level::Paper)?;
//! let sim = QaoaSimulator::new(&problem.ising)?;
//! let (valid, _) = problem.zero_energy_states(sim.diagonal());
//! let eval = sim.evaluate(&Angles::linear_ramp(2, 0.8)?, &valid)?;
//! assert!(eval.success_probability > 0.0 && eval.success_probability <= 1.0);
//! # Ok::<(), quzzle::Error>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(clippy::float_cmp)]

pub mod angles;
pub mod bits;
pub mod circuit;
pub mod cost;
pub mod encoding;
pub mod error;
pub mod experiment;
pub mod export;
pub mod model;
#[cfg(feature = "plot")]
pub mod plot;
pub mod puzzle;
pub mod qaoa;
pub mod rng;
pub mod sim;

pub use angles::Angles;
pub use circuit::Circuit;
pub use cost::ising::Ising;
pub use cost::qubo::Qubo;
pub use error::{Error, Result};
pub use qaoa::QaoaSimulator;
