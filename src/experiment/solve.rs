//! Running QAOA over a range of depths on one problem: the shared core of `solve`, `demo`
//! and sweeps.

use crate::angles::Angles;
use crate::bits;
use crate::error::{Error, Result};
use crate::qaoa::optimize::{self, Init, OptimizeConfig, Optimized};
use crate::qaoa::{Objective, QaoaSimulator};
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
    /// Probability of a zero-energy board that breaks only rules the QUBO cannot express
    /// (0 when no such states were given).
    pub p_non_qubo: f64,
    /// Probability of a board breaking a QUBO rule: `1 − P(valid) − P(non-QUBO only)`.
    pub p_invalid: f64,
    /// Shots for one valid board with 99 % confidence, `log(0.01)/log(1 − P(valid))`;
    /// `None` (JSON null) when P(valid) = 0.
    pub shots_99: Option<f64>,
    /// The objective's value at the optimum (minimised).
    pub objective_value: f64,
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
    run_depths_split(sim, objective, valid, &[], depths, init, config)
}

/// [`run_depths`], also measuring the mass on `non_qubo` (zero-energy states that break only
/// rules the QUBO cannot express), so that P(valid), P(non-QUBO only) and P(invalid) are
/// reported apart.
pub fn run_depths_split(
    sim: &QaoaSimulator,
    objective: &Objective,
    valid: &[u64],
    non_qubo: &[u64],
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
        let prev = previous.as_ref().filter(|(q, _)| *q + 1 == p).map(|(_, a)| a);
        let (opt, scan) = optimize_depth(sim, objective, p, init, prev, config)?;
        let eval = sim.evaluate(&opt.angles, valid)?;
        let p_non_qubo = if non_qubo.is_empty() {
            0.0
        } else {
            sim.evaluate(&opt.angles, non_qubo)?.success_probability
        };
        out.push(DepthResult {
            p,
            gammas: opt.angles.gammas.clone(),
            betas: opt.angles.betas.clone(),
            energy: eval.energy,
            success_probability: eval.success_probability,
            p_non_qubo,
            p_invalid: (1.0 - eval.success_probability - p_non_qubo).max(0.0),
            shots_99: crate::experiment::stats::shots_to_solution(
                eval.success_probability,
                crate::experiment::stats::SHOTS_CONFIDENCE,
            ),
            objective_value: opt.value,
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

/// Optimise depth `p`, starting as `init` says: INTERP grows `previous` (the optimum at depth
/// p−1) and falls back to the ramp without it; `random` draws seeded uniform angles. Returns
/// the optimum and the objective evaluations spent outside the optimiser (25 for the ramp
/// grid). The seed of depth p is `config.seed + p`, so a depth's result does not depend on the
/// depths run before it, except through `previous`: whatever the init, the optimum at depth
/// p−1 with a zero layer appended is the same circuit, so it is a candidate too
/// ([`no_worse_than_previous`]), and depth p never ends worse than depth p−1.
pub fn optimize_depth(
    sim: &QaoaSimulator,
    objective: &Objective,
    p: usize,
    init: Init,
    previous: Option<&Angles>,
    config: &OptimizeConfig,
) -> Result<(Optimized, usize)> {
    if p == 0 {
        return Err(Error::InvalidArgument("depths must be at least 1".into()));
    }
    let previous = previous.filter(|a| a.p() + 1 == p);
    let depth_config = OptimizeConfig {
        seed: config.seed.wrapping_add(p as u64),
        ..config.clone()
    };
    let mut rng = crate::rng::seeded(depth_config.seed ^ 0x5eed);
    let (start, scan) = match (init, previous) {
        (Init::Interp, Some(a)) => (a.interp(), 0),
        (Init::Random, _) => (optimize::random_start(sim, p, &mut rng)?, 0),
        _ => (optimize::ramp_start(sim, objective, p)?, 25),
    };
    let opt = optimize::optimize(sim, objective, &start, init == Init::Random, &depth_config)?;
    Ok((
        no_worse_than_previous(sim, objective, opt, previous, &depth_config)?,
        scan,
    ))
}

/// `opt` at depth p, or better: the optimum of depth p−1 (`previous`) with a zero layer
/// appended is the same circuit at depth p, so when `opt` is worse than it, L-BFGS (or the
/// configured optimiser) goes on from that point, and the better of the two is kept. The
/// evaluations and gradients of both are counted.
pub fn no_worse_than_previous(
    sim: &QaoaSimulator,
    objective: &Objective,
    opt: Optimized,
    previous: Option<&Angles>,
    config: &OptimizeConfig,
) -> Result<Optimized> {
    let Some(prev) = previous.filter(|a| a.p() + 1 == opt.angles.p()) else {
        return Ok(opt);
    };
    let padded = Angles {
        gammas: prev.gammas.iter().copied().chain([0.0]).collect(),
        betas: prev.betas.iter().copied().chain([0.0]).collect(),
    };
    let value = sim.objective(&padded, objective)?;
    if opt.value <= value {
        return Ok(Optimized {
            evaluations: opt.evaluations + 1,
            ..opt
        });
    }
    let single = OptimizeConfig {
        restarts: 1,
        ..config.clone()
    };
    let again = optimize::optimize(sim, objective, &padded, false, &single)?;
    let (evaluations, gradients) = (opt.evaluations + again.evaluations + 1, opt.gradients + again.gradients);
    let seconds = opt.seconds + again.seconds;
    let best = if again.value < opt.value { again } else { opt };
    Ok(Optimized {
        evaluations,
        gradients,
        seconds,
        ..best
    })
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
    pub qubit_cells: Vec<Vec<crate::encoding::onehot::QubitCell>>,
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
            "file,reduce,qubits,p,init,optimizer,objective,seed,energy,success_probability,p_non_qubo,p_invalid,shots_99,objective_value,top_bitstring,top_is_valid,evaluations,gradients,seconds,gammas,betas\n",
        );
        for d in &self.depths {
            let join = |v: &[f64]| v.iter().map(|x| format!("{x:.12}")).collect::<Vec<_>>().join(" ");
            s.push_str(&format!(
                "{},{},{},{},{},{},{},{},{:.12},{:.12},{:.12},{:.12},{},{:.12},{},{},{},{},{:.3},{},{}\n",
                self.file,
                self.reduce,
                self.qubits,
                d.p,
                self.init,
                self.optimizer,
                self.objective,
                self.seed,
                d.energy,
                d.success_probability,
                d.p_non_qubo,
                d.p_invalid,
                d.shots_99.map_or("inf".to_string(), |s| format!("{s:.3}")),
                d.objective_value,
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
