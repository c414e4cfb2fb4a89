//! Running QAOA over a range of depths on one problem: the shared core of `solve`, `demo`
//! and sweeps.

use crate::angles::Angles;
use crate::bits;
use crate::error::{Error, Result};
use crate::qaoa::optimize::{self, Init, OptimizeConfig};
use crate::qaoa::{Objective, QaoaSimulator};
use rand::SeedableRng;
use serde::Serialize;

/// The result at one depth.
#[derive(Clone, Debug, Serialize)]
pub struct DepthResult {
    /// Depth.
    pub p: usize,
    /// Optimised γ_1..γ_p.
    pub gammas: Vec<f64>,
    /// Optimised β_1..β_p.
    pub betas: Vec<f64>,
    /// `⟨C⟩` at the optimum (0 is a valid board).
    pub energy: f64,
    /// Probability of measuring a valid board.
    pub success_probability: f64,
    /// The most likely bitstring, qubit 0 first.
    pub top_bitstring: String,
    /// Its probability.
    pub top_probability: f64,
    /// Whether that bitstring is a valid board.
    pub top_is_valid: bool,
    /// Objective evaluations spent (the initial-angle scan included).
    pub evaluations: usize,
    /// Gradient evaluations spent.
    pub gradients: usize,
    /// Wall time for this depth in seconds.
    pub seconds: f64,
}

/// Optimise each depth in `depths` (ascending), starting as `init` says; INTERP grows the
/// previous depth's optimum, and falls back to the ramp at the first depth.
pub fn run_depths(
    sim: &QaoaSimulator,
    objective: &Objective,
    valid: &[u64],
    depths: &[usize],
    init: Init,
    config: &OptimizeConfig,
) -> Result<Vec<DepthResult>> {
    if depths.is_empty() || depths.contains(&0) {
        return Err(Error::InvalidArgument("depths must be at least 1".into()));
    }
    let mut out: Vec<DepthResult> = Vec::new();
    let mut previous: Option<(usize, Angles)> = None;
    for &p in depths {
        let began = std::time::Instant::now();
        // One seed per depth, so a depth's result does not depend on the others run before it.
        let depth_config = OptimizeConfig {
            seed: config.seed.wrapping_add(p as u64),
            ..config.clone()
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(depth_config.seed ^ 0x5eed);
        let (start, scan) = match (init, &previous) {
            (Init::Interp, Some((q, a))) if *q + 1 == p => (a.interp(), 0),
            (Init::Random, _) => (optimize::random_start(sim, p, &mut rng)?, 0),
            _ => (optimize::ramp_start(sim, objective, p)?, 25),
        };
        let opt = optimize::optimize(sim, objective, &start, init == Init::Random, &depth_config)?;
        let eval = sim.evaluate(&opt.angles, valid)?;
        out.push(DepthResult {
            p,
            gammas: opt.angles.gammas.clone(),
            betas: opt.angles.betas.clone(),
            energy: eval.energy,
            success_probability: eval.success_probability,
            top_bitstring: bits::to_bitstring(eval.top_state, sim.num_qubits()),
            top_probability: eval.top_probability,
            top_is_valid: valid.binary_search(&eval.top_state).is_ok(),
            evaluations: opt.evaluations + scan,
            gradients: opt.gradients,
            seconds: began.elapsed().as_secs_f64(),
        });
        previous = Some((p, opt.angles));
    }
    Ok(out)
}

/// Parse `A..B`, `A..=B` or `P` into the list of depths.
pub fn parse_depths(s: &str) -> Result<Vec<usize>> {
    let bad = || Error::InvalidArgument(format!("depths `{s}`: write P or A..B with 1 ≤ A ≤ B ≤ 64"));
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (a, b.trim_start_matches('=')),
        None => (s, s),
    };
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = b.trim().parse().map_err(|_| bad())?;
    if a == 0 || a > b || b > 64 {
        return Err(bad());
    }
    Ok((a..=b).collect())
}

/// The report of `quzzle solve` (its JSON is part of the interface).
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    /// Puzzle kind.
    pub puzzle: String,
    /// The file solved.
    pub file: String,
    /// Reduction level.
    pub reduce: String,
    /// Number of qubits.
    pub qubits: usize,
    /// For each qubit, the cells it stands for.
    pub qubit_cells: Vec<Vec<crate::problem::QubitCell>>,
    /// Bitstrings (qubit 0 first) of the valid boards.
    pub valid_bitstrings: Vec<String>,
    /// Zero-energy bitstrings that break only rules the QUBO cannot express.
    pub non_qubo_failures: Vec<String>,
    /// Probability of a valid board when sampling uniformly: |valid| / 2^n.
    pub uniform_baseline: f64,
    /// Initial-angle strategy.
    pub init: String,
    /// Optimiser.
    pub optimizer: String,
    /// Objective minimised.
    pub objective: String,
    /// Starts per depth.
    pub restarts: usize,
    /// Seed.
    pub seed: u64,
    /// quzzle version.
    pub version: String,
    /// One entry per depth.
    pub depths: Vec<DepthResult>,
}

impl SolveReport {
    /// The depths as CSV with a header row.
    pub fn to_csv(&self) -> String {
        let mut s = String::from(
            "file,reduce,qubits,p,init,optimizer,seed,energy,success_probability,top_bitstring,top_is_valid,evaluations,gradients,seconds,gammas,betas\n",
        );
        for d in &self.depths {
            let join = |v: &[f64]| v.iter().map(|x| format!("{x:.12}")).collect::<Vec<_>>().join(" ");
            s.push_str(&format!(
                "{},{},{},{},{},{},{},{:.12},{:.12},{},{},{},{},{:.3},{},{}\n",
                self.file,
                self.reduce,
                self.qubits,
                d.p,
                self.init,
                self.optimizer,
                self.seed,
                d.energy,
                d.success_probability,
                d.top_bitstring,
                d.top_is_valid,
                d.evaluations,
                d.gradients,
                d.seconds,
                join(&d.gammas),
                join(&d.betas)
            ));
        }
        s
    }
}
