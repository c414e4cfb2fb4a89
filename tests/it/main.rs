//! The one integration-test binary. Its files are flat (so `cargo test --test it sweep::` and
//! the like name a file), grouped here by the stage of src/ each one tests, in the order of
//! docs/ARCHITECTURE.md ("Stages"), then the tests that cut across stages. A file sits under
//! the stage its assertions are about, even where it drives the binary to get there.
//! `common` holds what the files share: tests/data paths, the shared instance folder, seeded
//! random models and angles, scratch folders, running the binary (`quzzle`, `ok`,
//! `usage_error`, argument vectors written as one line with `argv`) and the finite-difference
//! check of a gradient.

mod common;

// model/ and puzzle/: parsing, the constraint models, reduction, generated puzzles.
mod generate;
mod generate_pins;
mod puzzles;
mod queens;
mod reduction;
mod shared;
mod starbattle;
mod sudoku;

// cost/: QUBO, Ising and the cost diagonal.
mod qubo_ising;

// circuit/: gate lists (the Grover mixer's circuit, the Q# seed's Grover search).
mod grover_circuit;
mod seed;

// encoding/: block spaces.
mod space;

// sim/: the kernels against the gate-by-gate reference.
mod kernel_vs_reference;

// qaoa/: the simulators, objectives and gradients, optimisation and schedules.
mod counted;
mod grover;
mod optimize;
mod qaoa;
mod schedules;
mod subspace;
mod switch;

// simulation/: advice before a run, the mixer table.
mod advice;
mod mixers;

// noise/: trajectories on the kernels and gate by gate.
mod noise;
mod noise_gates;
mod noise_sectors;

// experiment/: sweeps and their shards, annealing, time to solution.
mod anneal;
mod penalty;
mod resume;
mod shard;
mod sweep;
mod tts;

// export/ and plot/: OpenQASM (also past 64 qubits), the hardware experiment across depths,
// the way back from hardware (sample, score, predict), figures.
mod experiment;
mod hardware;
mod lp;
mod plot;
mod qasm;
mod wide;

// cli/: the binary's interfaces, its enum values, requests and what the commands write.
mod cli;
mod cli_values;
mod outputs;
mod requests;

// Across stages: golden bytes, determinism, budgets, messages and error wording,
// reliability on hostile inputs, regressions, published tables.
mod budget_loops;
mod budgets;
mod determinism;
mod error_flags;
mod golden;
mod messages;
mod plan;
mod regression;
mod reliability;
mod tables;

// Readout mitigation: estimates inside their intervals, isolated strings (issue 79).
mod mitig_readout;
// Issue 79, pass 5: what `score` reads back from experiment folders and counts files.
mod score_trust;
mod words;
