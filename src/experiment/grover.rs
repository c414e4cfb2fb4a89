//! Grover search on a space (issue 23): start in the uniform superposition `|s⟩` over the
//! space, then per iteration the oracle (a phase flip on every state whose board passes the
//! complete check) and the diffusion `2|s⟩⟨s| − 1` about the start.
//!
//! The amplitudes depend only on valid/invalid, so with M valid states among D and
//! `θ = asin √(M/D)`, P(valid) after k iterations is `sin²((2k+1)θ)` (closed form). The curve
//! is computed both ways where the statevector fits; beyond that, from (M, D) alone, M counted
//! by the exact search (a valid board meets every count, so it lies in every block space).

use crate::angles::Angles;
use crate::budget::Budget;
use crate::encoding::space::{Space, SpaceChoice};
use crate::encoding::Encoding;
use crate::error::{Error, Instead, Quantity, Result, Unsupported};
use crate::experiment::stats;
use crate::mixer::MixerKind;
use crate::names::value_enum;
use crate::qaoa::histogram::CostHistogram;
use crate::sim::kernels::{self, Phase};
use crate::simulation::{self, SpaceSettings};
use num_complex::Complex64;
use serde::Serialize;

/// Most iterations one report lists.
pub const MAX_ITERATIONS: usize = 100_000;

/// Largest space the `auto` route runs by statevector (2^26 states: about a second per
/// hundred iterations here); beyond it the curve comes from (M, D) alone.
pub const AUTO_STATEVECTOR_STATES: f64 = (1u64 << 26) as f64;

/// Most amplitude updates (iterations times states) the `auto` route spends on the
/// statevector for counts given with `--iterations` (2^34: some tens of seconds); beyond it
/// the curve comes from (M, D) alone.
pub const AUTO_STATEVECTOR_WORK: f64 = (1u64 << 34) as f64;

/// How the curve is computed. The closed form is always computed; the statevector beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroverRoute {
    /// The statevector too when the space fits and has at most [`AUTO_STATEVECTOR_STATES`].
    Auto,
    /// The statevector too, whatever the size (refused when it does not fit in memory).
    Statevector,
    /// The closed form from (M, D) alone, M from the exact search.
    ClosedForm,
}

value_enum!(GroverRoute);

impl GroverRoute {
    /// Every route.
    pub const ALL: [GroverRoute; 3] = [GroverRoute::Auto, GroverRoute::Statevector, GroverRoute::ClosedForm];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GroverRoute::Auto => "auto",
            GroverRoute::Statevector => "statevector",
            GroverRoute::ClosedForm => "closed-form",
        }
    }
}

/// What `grover` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroverSettings {
    /// The space searched (`auto`: the smallest usable family, or full).
    pub space: SpaceChoice,
    /// The iterations reported, both ends included; `None`: 0 to the optimal count.
    pub iterations: Option<(usize, usize)>,
    /// Whether the statevector runs beside the closed form.
    pub route: GroverRoute,
    /// Grover-mixer QAOA depths to run beside the search (both ends included), from the cost
    /// histogram: INTERP, L-BFGS on exact gradients, energy objective, seed 0.
    pub qaoa_depths: Option<(usize, usize)>,
}

impl Default for GroverSettings {
    fn default() -> Self {
        GroverSettings {
            space: SpaceChoice::Rows,
            iterations: None,
            route: GroverRoute::Auto,
            qaoa_depths: None,
        }
    }
}

/// One iteration count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroverIteration {
    /// Iterations (oracle and diffusion) applied.
    pub k: usize,
    /// P(valid): the statevector's where it ran, else the closed form.
    pub success_probability: f64,
    /// Oracle applications (k).
    pub oracle_calls: usize,
    /// `sin²((2k+1)θ)`.
    pub closed_form: f64,
    /// The statevector's P(valid), when it ran.
    pub statevector: Option<f64>,
    /// Shots (searches of k iterations) to a valid board with 99 % confidence (`None`: P = 0).
    pub shots_99: Option<f64>,
    /// Oracle calls in those shots, `shots_99 · k`.
    pub oracle_calls_99: Option<f64>,
}

/// Grover-mixer QAOA at one depth, beside the search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GmQaoaDepth {
    /// Depth: applications of the cost (as an iteration applies the oracle once).
    pub p: usize,
    /// P(valid) at the optimised angles.
    pub success_probability: f64,
    /// ⟨C⟩ there.
    pub energy: f64,
    /// Shots to a valid board with 99 % confidence (`None`: P = 0).
    pub shots_99: Option<f64>,
    /// Cost applications in those shots, `shots_99 · p`.
    pub applications_99: Option<f64>,
    /// Objective and gradient calls the optimiser made.
    pub evaluations: usize,
    /// The optimised angles (`gammas`, `betas` in JSON).
    #[serde(flatten)]
    pub angles: Angles,
}

/// The Grover search of one puzzle on one space.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroverReport {
    /// The puzzle file.
    pub file: String,
    /// The reduction level.
    pub reduce: String,
    /// Qubits of the encoding.
    pub qubits: usize,
    /// The space searched (`auto` resolved).
    pub space: String,
    /// Its dimension D.
    pub dimension: f64,
    /// Valid boards in it, M.
    pub solutions: u128,
    /// `θ = asin √(M/D)`.
    pub theta: f64,
    /// `⌊π/(4θ)⌋`.
    pub optimal_iterations: usize,
    /// `sin²((2k*+1)θ)` at the optimal count.
    pub optimal_probability: f64,
    /// The uniform baseline M/D (k = 0).
    pub uniform_baseline: f64,
    /// `statevector` (both ways, compared) or `closed-form` (the state does not fit).
    pub route: String,
    /// Why the statevector did not run, when it did not.
    pub note: Option<String>,
    /// Largest |statevector − closed form| over the iterations (0 without a statevector).
    pub max_difference: f64,
    /// One entry per iteration count.
    pub iterations: Vec<GroverIteration>,
    /// The iteration count k ≥ 1 (up to the optimal count) with the fewest oracle calls to a
    /// valid board with 99 % confidence, `k · shots_99(sin²((2k+1)θ))`, from the closed form;
    /// `None` when there is no valid board.
    pub fewest_calls: Option<FewestCalls>,
    /// Cost classes of the space's cost histogram (the states of one cost; at the success
    /// cost split into valid, non-QUBO-only and invalid ones), the classes Grover-mixer QAOA
    /// runs on; `None` where the histogram cannot be counted (a space too large for the
    /// count) and no QAOA depth was asked for.
    pub cost_classes: Option<usize>,
    /// The cost histogram of the space: `[cost, states]` per distinct cost, ascending (the
    /// number of states at each cost that Grover-mixer QAOA reads); `None` as `cost_classes`.
    pub cost_histogram: Option<Vec<(f64, u128)>>,
    /// Grover-mixer QAOA per depth (empty unless asked for).
    pub qaoa: Vec<GmQaoaDepth>,
}

/// Grover search's cheapest route to a valid board with 99 % confidence.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FewestCalls {
    /// Iterations per search.
    pub k: usize,
    /// P(valid) after them.
    pub success_probability: f64,
    /// Searches to a valid board with 99 % confidence.
    pub shots_99: f64,
    /// Oracle calls in those searches.
    pub oracle_calls_99: f64,
}

/// The k in `1..=max(optimal, 1)` with the fewest oracle calls to 99 %: `k · shots_99` at
/// `sin²((2k+1)θ)` (the first on ties); `None` when θ = 0 (no valid board).
pub fn fewest_calls(theta: f64, optimal: usize) -> Option<FewestCalls> {
    (1..=optimal.max(1))
        .filter_map(|k| {
            let p = closed_form(theta, k);
            let shots = stats::shots_to_solution(p, stats::SHOTS_CONFIDENCE)?;
            Some(FewestCalls {
                k,
                success_probability: p,
                shots_99: shots,
                oracle_calls_99: shots * k as f64,
            })
        })
        .fold(None, |best: Option<FewestCalls>, c| match best {
            Some(b) if b.oracle_calls_99 <= c.oracle_calls_99 => Some(b),
            _ => Some(c),
        })
}

/// `θ = asin √(M/D)`, the optimal count `⌊π/(4θ)⌋` and its probability.
pub fn optimal(solutions: f64, dimension: f64) -> (f64, usize, f64) {
    let theta = (solutions / dimension).sqrt().min(1.0).asin();
    let k = (std::f64::consts::PI / (4.0 * theta)).floor() as usize;
    (theta, k, closed_form(theta, k))
}

/// P(valid) after k iterations, `sin²((2k+1)θ)` (in floating point: any k).
pub fn closed_form(theta: f64, k: usize) -> f64 {
    ((2.0 * k as f64 + 1.0) * theta).sin().powi(2)
}

/// P(valid) after each of `0..=last` iterations, by statevector over `dimension` states with
/// the given valid states (indices into the space).
pub fn statevector_curve(dimension: usize, valid: &[u64], last: usize) -> Result<Vec<f64>> {
    statevector_curve_within(dimension, valid, (0, last), &Budget::unlimited())
}

/// P(valid) after each of `first..=last` iterations (only those are kept), by statevector as
/// [`statevector_curve`], reporting to `budget` and stopped by it between iterations.
pub fn statevector_curve_within(
    dimension: usize,
    valid: &[u64],
    (first, last): (usize, usize),
    budget: &Budget<'_>,
) -> Result<Vec<f64>> {
    if let Some(&k) = valid.iter().find(|&&k| k as usize >= dimension) {
        return Err(Error::StateOutOfRange {
            what: "valid state",
            index: k,
            states: dimension as u128,
        });
    }
    check_iterations(first, last)?;
    let task = format!("Grover iterations by statevector over {dimension} states");
    let done = |k: usize| format!("{k} of {last} iterations");
    let d = dimension as f64;
    let mut amps = vec![Complex64::new(1.0 / d.sqrt(), 0.0); dimension];
    let mut sum = kernels::weighted_amplitude_sum(&amps, None);
    let p_valid = |amps: &[Complex64]| valid.iter().map(|&k| amps[k as usize].norm_sqr()).sum::<f64>();
    let mut out = Vec::with_capacity(last - first + 1);
    if first == 0 {
        out.push(p_valid(&amps));
    }
    for k in 1..=last {
        if budget.expired() {
            return Err(budget.out_of_time(&task, Some((k - 1) as f64 / last as f64), &done(k - 1)));
        }
        budget.tick(&task, || Some((k - 1) as f64 / last as f64), || done(k - 1));
        // Oracle: flip the valid states (the sum follows without a pass).
        for &k in valid {
            sum -= 2.0 * amps[k as usize];
            amps[k as usize] = -amps[k as usize];
        }
        // Diffusion up to its sign: ψ − 2⟨s|ψ⟩|s⟩ = e^{−iπ|s⟩⟨s|}ψ (the sign is a global phase).
        sum = kernels::grover_pass(&mut amps, None, -2.0 * sum / d, Phase::None);
        if k >= first {
            out.push(p_valid(&amps));
        }
    }
    Ok(out)
}

/// The counts a report lists unless told: 0 to the optimal count, or the last
/// [`MAX_ITERATIONS`] counts up to it where it is larger (a 10x10 board's 164,621), so the
/// default is always a range the report takes.
pub fn default_iterations(optimal: usize) -> (usize, usize) {
    (optimal.saturating_sub(MAX_ITERATIONS - 1), optimal)
}

/// Refuse an iteration range that is reversed or lists more than [`MAX_ITERATIONS`] counts
/// (before anything is counted or stored).
fn check_iterations(first: usize, last: usize) -> Result<()> {
    if first > last {
        return Err(Error::out_of_range(
            Quantity::GroverIterations,
            format!("{first}..{last}"),
            "the first count is larger than the last",
        ));
    }
    if last - first >= MAX_ITERATIONS {
        return Err(Error::out_of_range(
            Quantity::GroverIterations,
            format!("{first}..{last}"),
            format!(
                "lists {} counts; at most {MAX_ITERATIONS} per report",
                (last - first) as u128 + 1
            ),
        ));
    }
    Ok(())
}

/// Grover search on `enc` as `settings` say.
pub fn grover(enc: &dyn Encoding, settings: &GroverSettings) -> Result<GroverReport> {
    grover_within(enc, settings, &Budget::unlimited())
}

/// [`grover`] within `budget`: the exact search for M, the statevector's iterations and the
/// cost histogram of `qaoa_depths` report their progress to it and stop when it runs out.
pub fn grover_within(enc: &dyn Encoding, settings: &GroverSettings, budget: &Budget<'_>) -> Result<GroverReport> {
    if enc.num_qubits() == 0 {
        return Err(Error::NoQubits {
            file: enc.file().to_string(),
            level: enc.level().name(),
        });
    }
    if let Some((first, last)) = settings.iterations {
        check_iterations(first, last)?;
    }
    let space_settings = SpaceSettings {
        space: settings.space,
        mixer: MixerKind::Grover,
        ..Default::default()
    };
    let space = simulation::space_of(enc, &space_settings)?;
    let (sim_valid, note) = valid_by_statevector(enc, settings, &space_settings, &space, budget)?;
    let solutions: u128 = match &sim_valid {
        Some((_, valid)) => valid.len() as u128,
        None => {
            let classical = enc.search_within(0, u64::MAX, budget)?;
            if !classical.complete {
                return Err(Unsupported::SolutionsUnknown {
                    file: enc.file().to_string(),
                }
                .into());
            }
            classical.solution_count as u128
        }
    };
    if solutions == 0 {
        return Err(Error::Unsatisfiable {
            reason: format!("no board of space {} passes the complete check", space.resolved),
        });
    }
    let dimension = space.dimension;
    let (theta, optimal_iterations, optimal_probability) = optimal(solutions as f64, dimension);
    let (first, last) = settings
        .iterations
        .unwrap_or_else(|| default_iterations(optimal_iterations));
    check_iterations(first, last)?;
    let curve = match &sim_valid {
        Some((d, valid)) => Some(
            statevector_curve_within(*d, valid, (first, last), budget).map_err(|e| match e {
                Error::OutOfTime {
                    task, seconds, done, ..
                } => Error::OutOfTime {
                    task,
                    seconds,
                    done,
                    instead: Some(Instead::ClosedFormRoute),
                },
                e => e,
            })?,
        ),
        None => None,
    };
    let iterations = iteration_rows(theta, (first, last), curve.as_deref());
    let max_difference = iterations
        .iter()
        .filter_map(|i| i.statevector.map(|s| (s - i.closed_form).abs()))
        .fold(0.0, f64::max);
    let (histogram, qaoa) = histogram_and_qaoa(enc, settings, &space_settings, &space, budget)?;
    Ok(GroverReport {
        cost_classes: histogram.as_ref().map(|h| h.classes.len()),
        cost_histogram: histogram.as_ref().map(by_cost),
        qaoa,
        file: enc.file().to_string(),
        reduce: enc.level().name().into(),
        qubits: enc.num_qubits(),
        space: space.resolved.name().into(),
        dimension,
        solutions,
        theta,
        optimal_iterations,
        optimal_probability,
        uniform_baseline: solutions as f64 / dimension,
        route: if curve.is_some() { "statevector" } else { "closed-form" }.into(),
        note,
        max_difference,
        iterations,
        fewest_calls: fewest_calls(theta, optimal_iterations),
    })
}

/// The statevector's size and valid states, where the route runs the statevector (`None`
/// and why not in the note otherwise).
type StatevectorValid = (Option<(usize, Vec<u64>)>, Option<String>);

/// Whether the search runs by statevector (the route asked for, or on the auto route, a
/// space small enough), and if so its dimension and valid states, which the simulation's
/// diagonal gives; otherwise the note that says why not.
fn valid_by_statevector(
    enc: &dyn Encoding,
    settings: &GroverSettings,
    space_settings: &SpaceSettings,
    space: &Space,
    budget: &Budget<'_>,
) -> Result<StatevectorValid> {
    // Counts asked for by name can be far beyond the optimal one (which the auto route always
    // runs by statevector where the space allows).
    let last_asked = settings.iterations.map_or(0, |(_, last)| last);
    let too_much_work = last_asked as f64 * space.dimension > AUTO_STATEVECTOR_WORK;
    let run_statevector = match settings.route {
        GroverRoute::Auto => space.listable() && space.dimension <= AUTO_STATEVECTOR_STATES && !too_much_work,
        GroverRoute::Statevector => true,
        GroverRoute::ClosedForm => false,
    };
    Ok(if run_statevector {
        match simulation::simulation_within(enc, space_settings, budget) {
            // The simulation falls back to the histogram where no statevector fits.
            Ok(sim) if sim.histogram().is_some() => {
                if settings.route == GroverRoute::Auto {
                    (
                        None,
                        Some(format!(
                            "the statevector over space {} (2^{:.2} states) does not fit in memory",
                            space.resolved,
                            space.log2_dimension()
                        )),
                    )
                } else {
                    return Err(sim.no_statevector("the statevector route of the Grover search"));
                }
            }
            Ok(sim) => {
                let valid = simulation::success_states(enc, &sim)?.valid;
                (Some((sim.qaoa().num_states(), valid)), None)
            }
            Err(e @ (Error::DoesNotFit { .. } | Error::SpaceTooLarge { .. }))
                if settings.route == GroverRoute::Auto =>
            {
                (None, Some(e.to_string()))
            }
            Err(e) => return Err(e),
        }
    } else if settings.route == GroverRoute::Auto && !space.listable() {
        (
            None,
            Some(format!(
                "the states of space {} are counted, not listed, so it has no statevector",
                space.resolved
            )),
        )
    } else if settings.route == GroverRoute::Auto && space.dimension > AUTO_STATEVECTOR_STATES {
        (
            None,
            Some(format!(
                "the space has 2^{:.2} states, more than the 2^26 the auto route runs by statevector (the statevector route runs it)",
                space.log2_dimension()
            )),
        )
    } else if settings.route == GroverRoute::Auto {
        (
            None,
            Some(format!(
                "{last_asked} iterations over 2^{:.2} states are more than the 2^34 amplitude updates the auto route runs by statevector (the statevector route runs them)",
                space.log2_dimension()
            )),
        )
    } else {
        (None, Some("statevector not asked for (the closed-form route)".into()))
    })
}

/// One row per iteration count `first..=last`: P(valid) by the closed form at angle
/// `theta`, and by the statevector where its `curve` (from `first` on) was run.
fn iteration_rows(theta: f64, (first, last): (usize, usize), curve: Option<&[f64]>) -> Vec<GroverIteration> {
    (first..=last)
        .map(|k| {
            let closed = closed_form(theta, k);
            let sv = curve.map(|c| c[k - first]);
            let p = sv.unwrap_or(closed);
            let shots_99 = stats::shots_to_solution(p, stats::SHOTS_CONFIDENCE);
            GroverIteration {
                k,
                success_probability: p,
                oracle_calls: k,
                closed_form: closed,
                statevector: sv,
                shots_99,
                oracle_calls_99: shots_99.map(|s| s * k as f64),
            }
        })
        .collect()
}

/// The cost histogram of the space, and Grover-mixer QAOA on it at the depths asked for
/// (none where none are).
fn histogram_and_qaoa(
    enc: &dyn Encoding,
    settings: &GroverSettings,
    space_settings: &SpaceSettings,
    space: &Space,
    budget: &Budget<'_>,
) -> Result<(Option<CostHistogram>, Vec<GmQaoaDepth>)> {
    Ok(match settings.qaoa_depths {
        Some(depths) => {
            check_qaoa_depths(depths)?;
            let (sim, _) = crate::simulation::histogram::histogram_simulation_within(enc, space_settings, budget)?;
            let qaoa = gm_qaoa_on(&sim, depths)?;
            (Some(sim.histogram().clone()), qaoa)
        }
        // The histogram is counted for its own sake here: a space it cannot be counted for
        // (too large, a frontier too wide) has none, which is no reason to refuse the search.
        None => match crate::simulation::histogram::cost_histogram_within(enc, space, budget) {
            Ok(h) => (Some(h), Vec::new()),
            Err(Error::Unsupported(_) | Error::DoesNotFit { .. } | Error::SpaceTooLarge { .. }) => (None, Vec::new()),
            Err(e) => return Err(e),
        },
    })
}

/// Most depths one report runs.
pub const MAX_QAOA_DEPTH: usize = 64;

/// Grover-mixer QAOA at depths `first..=last` on the space of `settings`, from the cost
/// histogram (exact at any dimension the histogram is counted for): INTERP from the previous
/// depth, L-BFGS on exact gradients, energy objective, seed 0. Returns the number of cost
/// classes and one entry per depth.
pub fn gm_qaoa(
    enc: &dyn Encoding,
    settings: &SpaceSettings,
    depths: (usize, usize),
) -> Result<(usize, Vec<GmQaoaDepth>)> {
    gm_qaoa_within(enc, settings, depths, &Budget::unlimited())
}

/// [`gm_qaoa`] with the cost histogram counted within `budget`.
pub fn gm_qaoa_within(
    enc: &dyn Encoding,
    settings: &SpaceSettings,
    (first, last): (usize, usize),
    budget: &Budget<'_>,
) -> Result<(usize, Vec<GmQaoaDepth>)> {
    check_qaoa_depths((first, last))?;
    let (sim, _) = crate::simulation::histogram::histogram_simulation_within(enc, settings, budget)?;
    Ok((sim.histogram().classes.len(), gm_qaoa_on(&sim, (first, last))?))
}

/// Refuse QAOA depths outside 1..=[`MAX_QAOA_DEPTH`] or reversed.
fn check_qaoa_depths((first, last): (usize, usize)) -> Result<()> {
    if first == 0 || first > last || last > MAX_QAOA_DEPTH {
        return Err(Error::out_of_range(
            Quantity::QaoaDepths,
            format!("{first}..{last}"),
            format!("write A..B with 1 <= A <= B <= {MAX_QAOA_DEPTH}"),
        ));
    }
    Ok(())
}

/// The histogram's states per distinct cost, ascending (the classes of one cost added up).
fn by_cost(h: &crate::qaoa::histogram::CostHistogram) -> Vec<(f64, u128)> {
    let mut out: Vec<(f64, u128)> = Vec::new();
    for c in &h.classes {
        match out.last_mut() {
            Some((cost, count)) if cost.to_bits() == c.cost.to_bits() => *count += c.count,
            _ => out.push((c.cost, c.count)),
        }
    }
    out
}

/// Grover-mixer QAOA on `sim` at depths `first..=last` (checked), one entry per depth.
fn gm_qaoa_on(
    sim: &crate::qaoa::histogram::HistogramSimulator,
    (first, last): (usize, usize),
) -> Result<Vec<GmQaoaDepth>> {
    use crate::qaoa::optimize::{Init, OptimizeConfig};
    use crate::qaoa::{Objective, Qaoa};
    let valid = sim.success_states().valid;
    let config = OptimizeConfig::default();
    let mut previous: Option<Angles> = None;
    let mut out = Vec::new();
    // INTERP climbs from depth 1, so the depths below the first are optimised too.
    for depth in crate::checked::Depths::up_to(last)?.each() {
        let p = depth.get();
        let (opt, scan) =
            super::solve::optimize_depth(sim, &Objective::Energy, depth, Init::Interp, previous.as_ref(), &config)?;
        if p >= first {
            let eval = sim.evaluate(&opt.angles, &valid)?;
            let shots_99 = stats::shots_to_solution(eval.success_probability, stats::SHOTS_CONFIDENCE);
            out.push(GmQaoaDepth {
                p,
                success_probability: eval.success_probability,
                energy: eval.energy,
                shots_99,
                applications_99: shots_99.map(|s| s * p as f64),
                evaluations: opt.evaluations + opt.gradients + scan,
                angles: opt.angles.clone(),
            });
        }
        previous = Some(opt.angles);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statevector_equals_the_closed_form() {
        let valid = [3u64, 17, 40];
        let curve = statevector_curve(64, &valid, 12).unwrap();
        let (theta, k, p) = optimal(3.0, 64.0);
        assert_eq!(k, 3);
        for (i, c) in curve.iter().enumerate() {
            assert!((c - closed_form(theta, i)).abs() < 1e-13, "{i}");
        }
        assert!((p - curve[3]).abs() < 1e-13);
    }
}
