//! The one integration-test binary; modules mirror src/.

mod cli;
mod common;
mod determinism;
mod generate;
mod grover;
mod hardware;
mod kernel_vs_reference;
mod messages;
mod noise;
mod optimize;
mod plot;
mod puzzles;
mod qaoa;
mod qasm;
mod qubo_ising;
mod queens;
mod reduction;
mod regression;
mod reliability;
mod seed;
mod shared;
mod space;
mod starbattle;
mod subspace;
mod sudoku;
mod sweep;
