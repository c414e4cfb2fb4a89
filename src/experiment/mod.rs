//! Experiments on an encoded puzzle: QAOA over depths (`solve`), batches of instances
//! (`sweep`), the p = 1 landscape, the statistics they report, and timing (`bench`).

pub mod anneal;
pub mod bench;
pub mod classical;
pub mod depth;
pub mod grover;
pub mod info;
pub mod interval;
pub mod landscape;
pub mod plan;
pub mod resume;
pub mod sample;
pub mod solve;
pub mod stats;
pub mod sweep;
pub mod transfer;
