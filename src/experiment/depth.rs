//! The result at one depth, shared by `solve` (its JSON and `depths.csv`) and `sweep` (its
//! rows): one function measures optimised angles, one adds the noise columns.

use crate::angles::Angles;
use crate::encoding::{Encoding, SuccessStates};
use crate::error::Result;
use crate::experiment::stats;
use crate::noise::{GateCounts, NoiseModel, NoiseSettings, NoisyEstimate};
use crate::qaoa::optimize::Optimized;
use crate::simulation::mixers::NoiseRoute;
use crate::simulation::{self, Simulation};
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
    /// With an objective: the probability of a state meeting every constraint, optimal or not
    /// (absent without an objective or when the feasible states are not listed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_feasible: Option<f64>,
    /// With an objective: `(f_worst − E[f | feasible]) / (f_worst − f_opt)` over the feasible
    /// states, 1 when all feasible mass is optimal (docs/lp.md); absent with `p_feasible`, or
    /// when P(feasible) = 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approx_ratio: Option<f64>,
    /// Shots for one valid board with 99 % confidence, `log(0.01)/log(1 − P(valid))`;
    /// `None` (JSON null) when P(valid) = 0.
    pub shots_99: Option<f64>,
    /// Applications of the cost layer (of the oracle, for the Grover mixer) in those shots:
    /// `shots_99 · p`; `None` when P(valid) = 0.
    pub applications_99: Option<f64>,
    /// The objective's value at the optimum (minimised).
    pub objective_value: f64,
    /// The most likely bitstring, qubit 0 first.
    pub top_bitstring: String,
    /// The probability of that one bitstring (on the histogram route, its cost class's
    /// probability divided by the class's states).
    pub top_probability: f64,
    /// Whether that bitstring is a valid board.
    pub top_is_valid: bool,
    /// Objective evaluations spent (the initial-angle scan included).
    pub evaluations: usize,
    /// Gradient evaluations spent.
    pub gradients: usize,
    /// Wall time for this depth in seconds.
    pub seconds: f64,
    /// Gates of the exported circuit per kind (with noise models only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gates: Option<GateCounts>,
    /// P(valid) and energy under each noise model at these angles (with noise models only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub noisy: Vec<NoisyEstimate>,
    /// One shot's seconds and the time to solution on each device timing (with device timings
    /// only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub devices: Vec<DeviceTime>,
}

/// The time of a depth's circuit on one device class.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeviceTime {
    /// The device timing's name (a preset).
    pub device: String,
    /// Seconds of one shot (gates one after another, readout, reset;
    /// [`crate::noise::timing`]).
    pub shot_seconds: f64,
    /// `shots_99 · shot_seconds`: seconds to a valid board with 99 % confidence at the noiseless
    /// P(valid); `None` when P(valid) = 0.
    pub tts99_seconds: Option<f64>,
    /// The same at each noise model's noisy P(valid) (its Monte Carlo estimate), in the order
    /// of the depth's `noisy`; `null` where the estimate is 0; absent without noise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub noisy_tts99_seconds: Vec<Option<f64>>,
}

impl DepthResult {
    /// The noise models' names, space-separated: the `noise` column of solve's depths.csv and
    /// of sweep rows, whose noise columns hold one value per model in this order.
    pub fn noise_names(&self) -> String {
        self.noisy
            .iter()
            .map(|e| e.model.name.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `f` of each noise model's estimate, in the order of [`DepthResult::noise_names`].
    pub fn per_noise_model(&self, f: fn(&NoisyEstimate) -> f64) -> Vec<f64> {
        self.noisy.iter().map(f).collect()
    }

    /// The device timings' names, space-separated (the `devices` column).
    pub fn device_names(&self) -> String {
        self.devices
            .iter()
            .map(|t| t.device.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// One shot's seconds on each device, in the order of [`DepthResult::device_names`].
    pub fn shot_seconds(&self) -> Vec<f64> {
        self.devices.iter().map(|t| t.shot_seconds).collect()
    }

    /// The time to solution on each device, infinite where P(valid) = 0 (as a CSV cell holds
    /// it).
    pub fn tts99_seconds(&self) -> Vec<f64> {
        self.devices
            .iter()
            .map(|t| t.tts99_seconds.unwrap_or(f64::INFINITY))
            .collect()
    }

    /// The optimised angles.
    pub fn angles(&self) -> Result<Angles> {
        Angles::new(self.gammas.clone(), self.betas.clone())
    }
}

/// Measure the optimum `opt` of depth `p` on `sim`: energy, P(valid), P(non-QUBO only),
/// P(invalid), the most likely basis state; `scan` objective evaluations were spent before
/// the optimiser (the ramp grid), and `began` is when the depth started. On a statevector this
/// is one fused evolution with no copy of the state (a second one for the non-QUBO states when
/// there are any); on the histogram route, the class amplitudes, so that the top bitstring is
/// the most likely single state.
pub fn measure(
    sim: &Simulation,
    success: &SuccessStates,
    p: usize,
    opt: &Optimized,
    scan: usize,
    began: std::time::Instant,
) -> Result<DepthResult> {
    let qaoa = sim.qaoa();
    let angles = &opt.angles;
    let (energy, valid, non_qubo, top, top_probability) = if sim.histogram().is_some() {
        let amps = qaoa.amplitudes(angles)?;
        let out = stats::outcomes(&amps, &success.valid, &success.non_qubo);
        let (top, top_p) = sim.top_states(&amps, 1)[0];
        (qaoa.expectation(&amps), out.valid, out.non_qubo_only, top, top_p)
    } else {
        let eval = qaoa.evaluate(angles, &success.valid)?;
        let non_qubo = if success.non_qubo.is_empty() {
            0.0
        } else {
            qaoa.evaluate(angles, &success.non_qubo)?.success_probability
        };
        (
            eval.energy,
            eval.success_probability,
            non_qubo,
            eval.top_state,
            eval.top_probability,
        )
    };
    let (p_feasible, approx_ratio) = feasible_measures(sim, success, angles)?;
    Ok(DepthResult {
        p,
        gammas: angles.gammas.clone(),
        betas: angles.betas.clone(),
        energy,
        success_probability: valid,
        p_non_qubo: non_qubo,
        p_invalid: (1.0 - valid - non_qubo).max(0.0),
        p_feasible,
        approx_ratio,
        shots_99: stats::shots_to_solution(valid, stats::SHOTS_CONFIDENCE),
        applications_99: stats::shots_to_solution(valid, stats::SHOTS_CONFIDENCE).map(|s| s * p as f64),
        objective_value: opt.value,
        top_bitstring: sim.bitstring(top),
        top_probability,
        top_is_valid: success.valid.binary_search(&top).is_ok(),
        evaluations: opt.evaluations + scan,
        gradients: opt.gradients,
        seconds: began.elapsed().as_secs_f64(),
        gates: None,
        noisy: Vec::new(),
        devices: Vec::new(),
    })
}

/// P(feasible) and the approximation ratio at `angles`, from one more evolution; `(None, None)`
/// when `success` lists no feasible states. The cost of a feasible state is its objective over
/// λ plus a constant, and the ratio is the same for any such scale, shift or sense, so it is
/// taken on the cost.
fn feasible_measures(sim: &Simulation, success: &SuccessStates, angles: &Angles) -> Result<(Option<f64>, Option<f64>)> {
    if success.feasible.is_empty() || sim.histogram().is_some() {
        return Ok((None, None));
    }
    let qaoa = sim.qaoa();
    let amps = qaoa.amplitudes(angles)?;
    let diagonal = qaoa.diagonal();
    let (mut mass, mut weighted) = (0.0, 0.0);
    let (mut best, mut worst) = (f64::INFINITY, f64::NEG_INFINITY);
    // The objective's own numbers where the cost holds it only scaled (LP files: differences
    // below the cost's resolution would vanish there; docs/lp.md).
    let exact = success.feasible_objective.len() == success.feasible.len();
    for (i, &k) in success.feasible.iter().enumerate() {
        let cost = if exact {
            success.feasible_objective[i]
        } else {
            diagonal.get(k as usize)
        };
        let p = amps[k as usize].norm_sqr();
        mass += p;
        weighted += p * cost;
        best = best.min(cost);
        worst = worst.max(cost);
    }
    let ratio = if mass <= 0.0 {
        None
    } else if (!exact && worst - best <= crate::encoding::ENERGY_TOL)
        || (exact && worst - best <= 4.0 * f64::EPSILON * worst.abs().max(best.abs()))
    {
        Some(1.0)
    } else {
        Some(((worst - weighted / mass) / (worst - best)).clamp(0.0, 1.0))
    };
    Ok((Some(mass.min(1.0)), ratio))
}

/// Add to `depth` the gate counts of its exported circuit and its P(valid) and energy under
/// each model of `noise` at its angles, by trajectories seeded with `seed + p`, taking each
/// estimate that `earlier` holds for the depth's angles instead of running it again (`solve
/// --resume`). Nothing without models.
pub fn add_noise(
    depth: &mut DepthResult,
    enc: &dyn Encoding,
    sim: &Simulation,
    valid: &[u64],
    noise: &NoiseSettings,
    seed: u64,
    earlier: Option<&crate::experiment::resume::Earlier>,
) -> Result<()> {
    if !noise.needs_gates() {
        return Ok(());
    }
    let angles = depth.angles()?;
    let gates = if noise.models.is_empty() {
        gate_counts(enc, sim, &angles)?
    } else {
        // The models finished before a stop stay with the depth (a report keeps them beside
        // the stop, and `--resume` takes them).
        let mut finished = Vec::new();
        let gates = noisy_estimates_resuming(enc, sim, valid, &angles, noise, seed, earlier, &mut finished);
        depth.noisy = finished;
        gates?
    };
    depth.devices = noise
        .devices
        .iter()
        .map(|t| {
            let shot = t.shot_seconds(&gates);
            let noisy = depth
                .noisy
                .iter()
                .map(|e| {
                    crate::experiment::stats::shots_to_solution(e.p_valid, crate::experiment::stats::SHOTS_CONFIDENCE)
                        .map(|s| s * shot)
                })
                .collect();
            DeviceTime {
                device: t.name.clone(),
                shot_seconds: shot,
                tts99_seconds: depth.shots_99.map(|s| s * shot),
                noisy_tts99_seconds: noisy,
            }
        })
        .collect();
    depth.gates = Some(gates);
    Ok(())
}

/// The gate counts of `enc`'s exported circuit on `sim` at `angles`, simulating nothing.
pub fn gate_counts(enc: &dyn Encoding, sim: &Simulation, angles: &Angles) -> Result<GateCounts> {
    let circuit = simulation::circuit(enc, &sim.space, sim.mixer, angles)?;
    match sim.noise_route() {
        NoiseRoute::Layered => Ok(crate::noise::NoisyCircuit::new(&circuit, angles)?.gate_counts()),
        NoiseRoute::GateByGate | NoiseRoute::Sectors => {
            Ok(crate::noise::gates::GateProgram::new(&circuit)?.gate_counts())
        }
        NoiseRoute::NoCircuit => Err(crate::simulation::mixers::entry(sim.mixer).no_circuit()),
    }
}

/// Refuse, before any optimisation, noise estimates on `sim` whose circuit runs gate by gate
/// on a full state that does not fit.
pub fn check_noise_fits(sim: &Simulation, noise: &NoiseSettings) -> Result<()> {
    match sim.noise_route() {
        NoiseRoute::GateByGate if !noise.models.is_empty() => crate::noise::gates::check_fits(sim.qaoa().num_qubits()),
        _ => Ok(()),
    }
}

/// The sector trajectories of every depth of `depths` under each model of `noise` (seeded as
/// [`noisy_estimates`] seeds them), planned before the optimisation: the plan reads the gates
/// and the error draws, which do not depend on the angles, so a depth that cannot hold them is
/// known before minutes of optimisation (docs/qasm.md, "Noise-aware expectations"). The
/// estimates `earlier` holds are not planned: a resumed run takes them, never running their
/// trajectories. The first depth whose plan is refused for memory, with its refusal (`None`:
/// all fit); other errors are the error.
pub fn first_sector_refusal(
    enc: &dyn Encoding,
    sim: &Simulation,
    noise: &NoiseSettings,
    depths: &[usize],
    seed: u64,
    earlier: Option<&crate::experiment::resume::Earlier>,
) -> Result<Option<(usize, crate::error::Error)>> {
    if noise.models.is_empty() || sim.noise_route() != NoiseRoute::Sectors {
        return Ok(None);
    }
    for &p in depths {
        noise.cancel.check(crate::noise::trajectories::TRAJECTORIES_TASK)?;
        let seed = seed.wrapping_add(p as u64);
        let held = |m: &NoiseModel| earlier.is_some_and(|e| e.holds(p, m, noise, seed, NoiseRoute::Sectors));
        if noise.models.iter().all(held) {
            continue;
        }
        // Angles of no zero, so that no gate drops out of the plan.
        let angles = Angles::new(vec![0.3; p], vec![-0.2; p])?;
        let program = sector_program(enc, sim, &angles)?;
        // Its progress and any stop name the depth planned.
        let at_depth = NoiseSettings {
            cancel: noise.cancel.within(format!("p = {p}"), 0.0, 0.0),
            ..noise.clone()
        };
        for m in noise.models.iter().filter(|m| !held(m)) {
            match crate::noise::sectors::check_fits(&program, &at_depth.draws(m, seed)) {
                Ok(()) => {}
                Err(e) if e.is_memory_refusal() => return Ok(Some((p, e))),
                Err(e) => return Err(e),
            }
        }
    }
    Ok(None)
}

/// The gate counts of `enc`'s circuit on `sim` at `angles`, and its P(valid) and energy under
/// each model of `noise`, by trajectories seeded with `seed + p`.
pub fn noisy_estimates(
    enc: &dyn Encoding,
    sim: &Simulation,
    valid: &[u64],
    angles: &Angles,
    noise: &NoiseSettings,
    seed: u64,
) -> Result<(GateCounts, Vec<NoisyEstimate>)> {
    let mut estimates = Vec::new();
    let gates = noisy_estimates_resuming(enc, sim, valid, angles, noise, seed, None, &mut estimates)?;
    Ok((gates, estimates))
}

/// [`noisy_estimates`], each one `earlier` holds for these angles and draws taken from it,
/// pushed onto `finished` as each model finishes: where a model fails (a budget, Ctrl-C,
/// memory), the ones before it are there.
#[allow(clippy::too_many_arguments)]
pub fn noisy_estimates_resuming(
    enc: &dyn Encoding,
    sim: &Simulation,
    valid: &[u64],
    angles: &Angles,
    noise: &NoiseSettings,
    seed: u64,
    earlier: Option<&crate::experiment::resume::Earlier>,
    finished: &mut Vec<NoisyEstimate>,
) -> Result<GateCounts> {
    let seed = seed.wrapping_add(angles.p() as u64);
    let route = sim.noise_route();
    // Each model's estimate: the stored one where `earlier` has it, else `run`'s.
    // Each model's estimate tells its fraction as its share of the depth's part.
    let shared = |i: usize| NoiseSettings {
        cancel: noise.cancel.share(i, noise.models.len()),
        ..noise.clone()
    };
    let mut each = |run: &dyn Fn(&NoiseModel, &NoiseSettings) -> Result<NoisyEstimate>| -> Result<()> {
        for (i, m) in noise.models.iter().enumerate() {
            let e = match earlier.map_or(Ok(None), |e| e.estimate(angles, m, noise, seed, route))? {
                Some(e) => {
                    noise.cancel.share(i, noise.models.len()).skip();
                    e
                }
                None => run(m, &shared(i))?,
            };
            finished.push(e);
        }
        Ok(())
    };
    let circuit = simulation::circuit(enc, &sim.space, sim.mixer, angles)?;
    if sim.noise_route() == NoiseRoute::Layered {
        // The layered path: errors pushed through each layer's kernels.
        let nc = crate::noise::NoisyCircuit::new(&circuit, angles)?;
        each(&|m, noise| crate::noise::estimate(sim.qaoa(), &nc, angles, valid, &noise.draws(m, seed)))?;
        return Ok(nc.gate_counts());
    }
    if sim.noise_route() == NoiseRoute::Sectors {
        let program = sector_program(enc, sim, angles)?;
        let full_valid = full_valid_states(sim, valid)?;
        let full = enc.cost_poly();
        each(&|m, noise| crate::noise::sectors::estimate(&program, &full_valid, &full, &noise.draws(m, seed)))?;
        return Ok(program.native().gate_counts());
    }
    // Gate by gate on all 2^n states (an error leaves the block space), with the valid boards
    // and the cost of the full space.
    let program = crate::noise::gates::GateProgram::new(&circuit)?;
    crate::noise::gates::check_fits(program.num_qubits)?;
    let diagonal = enc.cost_diagonal()?;
    let full_valid = simulation::full::success_states_of(enc, &diagonal)?.valid;
    let cost: Vec<f64> = (0..diagonal.len()).map(|k| diagonal.get(k)).collect();
    each(&|m, noise| crate::noise::gates::estimate(&program, &full_valid, &cost, &noise.draws(m, seed)))?;
    Ok(program.gate_counts())
}

/// The exported circuit of `sim` (a block space with an XY mixer) at `angles`, on its weight
/// sectors.
pub fn sector_program(
    enc: &dyn Encoding,
    sim: &Simulation,
    angles: &Angles,
) -> Result<crate::noise::sectors::SectorProgram> {
    let circuit = simulation::circuit(enc, &sim.space, sim.mixer, angles)?;
    let (poly, blocks) = simulation::mixers::block_cost_and_blocks(enc, &sim.space, sim.mixer)?;
    crate::noise::sectors::SectorProgram::new(
        &circuit,
        &poly,
        &blocks,
        &sim.space.free,
        simulation::FREE_GROUP,
        angles,
    )
}

/// The valid boards `valid` (indices of `sim`'s basis) as full-space bit patterns, ascending.
pub fn full_valid_states(sim: &Simulation, valid: &[u64]) -> Result<Vec<u64>> {
    let n = sim.qaoa().num_qubits();
    if n > 64 {
        return Err(crate::error::Unsupported::NoiseCircuit {
            what: format!("{n} qubits, more than 64"),
        }
        .into());
    }
    let mut out: Vec<u64> = valid
        .iter()
        .map(|&k| {
            sim.qaoa()
                .bits(k)
                .iter()
                .enumerate()
                .map(|(q, &b)| u64::from(b) << q)
                .sum()
        })
        .collect();
    out.sort_unstable();
    Ok(out)
}
