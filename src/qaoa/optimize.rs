//! Angle optimisation through argmin: Nelder–Mead, or L-BFGS with exact adjoint gradients;
//! initial angles by linear ramp, INTERP from depth p−1, seeded random draws, a table
//! (transferred or fixed), or the two-parameter linear ramp optimised on its own
//! ([`optimize_ramp`], `schedule.rs`).

use super::schedule::{self, AngleTable};
use super::{Objective, Qaoa};
use crate::angles::Angles;
use crate::error::{Error, Result};
use crate::names::value_enum;
use argmin::core::{CostFunction, Executor, Gradient, State as _};
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::neldermead::NelderMead;
use argmin::solver::quasinewton::LBFGS;
use rand::Rng;
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The classical optimiser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Derivative-free simplex search.
    NelderMead,
    /// Quasi-Newton with exact gradients and a Moré–Thuente line search.
    Lbfgs,
}

value_enum!(Method);

impl Method {
    /// Both optimisers, in the command line's order.
    pub const ALL: [Method; 2] = [Method::Lbfgs, Method::NelderMead];

    /// The name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Method::Lbfgs => "lbfgs",
            Method::NelderMead => "nelder-mead",
        }
    }
}

/// How the first angles of a depth are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Init {
    /// Linear ramp (discretised annealing) with its time step scanned on a small grid.
    Ramp,
    /// INTERP from the optimum at depth p−1 (the ramp at the first depth of a sweep).
    Interp,
    /// Uniform random angles, γ in `[0, γ_max]`, β in `[−π/2, π/2]`.
    Random,
    /// LR-QAOA: the linear ramp's two scales (Δγ, Δβ) optimised on the exact gradient
    /// projected onto the ramp; the angles stay on the ramp at every depth.
    Lr,
    /// The median of other instances' optimised angles at each depth
    /// ([`OptimizeConfig::table`], interpolated when depths differ).
    Transfer,
    /// The fixed table shipped for the puzzle kind, space and mixer.
    Fixed,
}

value_enum!(Init);

impl Init {
    /// Every strategy.
    pub const ALL: [Init; 6] = [
        Init::Ramp,
        Init::Interp,
        Init::Random,
        Init::Lr,
        Init::Transfer,
        Init::Fixed,
    ];

    /// The strategies that start a full optimisation from a point of their own (the sweep's
    /// `all`).
    pub const STARTS: [Init; 3] = [Init::Ramp, Init::Interp, Init::Random];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Init::Ramp => "ramp",
            Init::Interp => "interp",
            Init::Random => "random",
            Init::Lr => "lr",
            Init::Transfer => "transfer",
            Init::Fixed => "fixed",
        }
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::fmt::Display for Init {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A fixed schedule (`--schedule`): `lr:DG,DB`, `transfer` or `fixed`, as the init whose
/// angles it evaluates and the ramp's scales for `lr`.
pub fn parse_schedule(text: &str) -> Result<(Init, Option<(f64, f64)>)> {
    match text.trim() {
        "transfer" => Ok((Init::Transfer, None)),
        "fixed" => Ok((Init::Fixed, None)),
        t if t.starts_with("lr") => Ok((Init::Lr, Some(schedule::parse_ramp(t)?))),
        _ => Err(Error::Syntax {
            what: "schedule",
            text: text.to_string(),
            problem: "unknown schedule; write lr:DG,DB (a linear ramp with Δγ = DG, Δβ = DB), transfer or fixed".into(),
        }),
    }
}

/// Settings of one optimisation.
#[derive(Clone, Debug)]
pub struct OptimizeConfig {
    /// The optimiser.
    pub method: Method,
    /// Iteration cap per start.
    pub max_iters: u64,
    /// Number of starts; the first is the strategy's point, the others are seeded
    /// perturbations of it (ramp, interp) or fresh draws (random). The best is kept.
    pub restarts: Restarts,
    /// Seed of every random draw.
    pub seed: u64,
    /// The angles of [`Init::Transfer`] and [`Init::Fixed`] at each depth.
    pub table: Option<Arc<AngleTable>>,
    /// The ramp scales (Δγ, Δβ) of [`Init::Lr`] when they are given, not searched.
    pub ramp: Option<(f64, f64)>,
    /// False: the init's angles are evaluated as they are, with no optimisation (a fixed
    /// schedule).
    pub optimise: bool,
    /// A stop asked for from outside, read before every evaluation: the optimisation then
    /// ends with [`Error::Interrupted`].
    pub cancel: crate::budget::Cancel,
}

impl Default for OptimizeConfig {
    fn default() -> Self {
        OptimizeConfig {
            method: Method::Lbfgs,
            max_iters: 200,
            restarts: Restarts::ONE,
            seed: 0,
            table: None,
            ramp: None,
            optimise: true,
            cancel: crate::budget::Cancel::default(),
        }
    }
}

pub use crate::checked::{Restarts, MAX_RESTARTS};

/// The outcome of optimising one depth.
#[derive(Clone, Debug)]
pub struct Optimized {
    /// Best angles found.
    pub angles: Angles,
    /// Objective at those angles.
    pub value: f64,
    /// Objective evaluations (gradient calls count as one each, reported apart).
    pub evaluations: usize,
    /// Gradient evaluations.
    pub gradients: usize,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// The objective as argmin sees it. argmin's L-BFGS asks for the cost and then the gradient at
/// every line-search point, and once more for the gradient at the accepted point; with
/// `with_gradient` one adjoint call answers all of them (the value comes with the gradient, and
/// the last point's answer is kept), so each point costs one simulator call instead of up to
/// three. The kept value is the one `objective` would return, bit for bit.
struct Problem<'a> {
    sim: &'a dyn Qaoa,
    objective: &'a Objective,
    evaluations: &'a AtomicUsize,
    gradients: &'a AtomicUsize,
    with_gradient: bool,
    /// `Some(p)`: the parameters are the ramp's (Δγ, Δβ) at depth p, not the angles.
    ramp: Option<usize>,
    last: Mutex<Option<Answer>>,
    /// Read before every simulator call.
    cancel: &'a crate::budget::Cancel,
}

/// What an interrupted optimisation says it was doing.
const OPTIMISING: &str = "optimising the angles";

/// A point, the objective's value there and its gradient.
type Answer = (Vec<f64>, f64, Vec<f64>);

impl Problem<'_> {
    /// The angles that the parameters `x` stand for.
    fn angles(&self, x: &[f64]) -> Result<Angles> {
        match self.ramp {
            Some(p) => schedule::ramp(p, x[0], x[1]),
            None => Angles::from_flat(x),
        }
    }

    /// Value and gradient at `x`, from the kept answer when `x` is the last point.
    fn value_and_gradient(&self, x: &[f64]) -> Result<(f64, Vec<f64>)> {
        if let Ok(last) = self.last.lock() {
            if let Some((lx, v, g)) = last.as_ref() {
                if lx.as_slice() == x {
                    return Ok((*v, g.clone()));
                }
            }
        }
        self.cancel.check(OPTIMISING)?;
        let done = self.gradients.fetch_add(1, Ordering::Relaxed);
        self.cancel
            .tick(OPTIMISING, None, || format!("{done} gradients of this start so far"));
        let (v, g) = self.sim.gradient(&self.angles(x)?, self.objective)?;
        let g = match self.ramp {
            Some(_) => schedule::project_onto_ramp(&g).to_vec(),
            None => g,
        };
        if let Ok(mut last) = self.last.lock() {
            *last = Some((x.to_vec(), v, g.clone()));
        }
        Ok((v, g))
    }
}

impl CostFunction for Problem<'_> {
    type Param = Vec<f64>;
    type Output = f64;
    fn cost(&self, x: &Vec<f64>) -> std::result::Result<f64, argmin::core::Error> {
        if self.with_gradient {
            return Ok(self.value_and_gradient(x)?.0);
        }
        self.cancel.check(OPTIMISING)?;
        self.evaluations.fetch_add(1, Ordering::Relaxed);
        Ok(self.sim.objective(&self.angles(x)?, self.objective)?)
    }
}

impl Gradient for Problem<'_> {
    type Param = Vec<f64>;
    type Gradient = Vec<f64>;
    fn gradient(&self, x: &Vec<f64>) -> std::result::Result<Vec<f64>, argmin::core::Error> {
        Ok(self.value_and_gradient(x)?.1)
    }
}

/// A scale for γ: the inverse standard deviation of the cost over uniform states, so that
/// γ·(C − ⟨C⟩) is of order one whatever the penalty magnitudes.
pub fn gamma_scale(sim: &dyn Qaoa) -> f64 {
    let var = sim.cost_variance();
    if var > 0.0 {
        1.0 / var.sqrt()
    } else {
        1.0
    }
}

/// Linear ramps `γ_l = f_l·a·s`, `β_l = −(1 − f_l)·b` (see [`Angles::linear_ramp`]) on a 5×5
/// grid of (a, b), s = [`gamma_scale`]; the best one by objective.
pub fn ramp_start(sim: &dyn Qaoa, objective: &Objective, p: usize) -> Result<Angles> {
    ramp_start_within(sim, objective, p, &crate::budget::Cancel::never())
}

/// [`ramp_start`] that reads `cancel` before each of its grid's evaluations (25 of them: on a
/// large state, seconds each).
pub fn ramp_start_within(
    sim: &dyn Qaoa,
    objective: &Objective,
    p: usize,
    cancel: &crate::budget::Cancel,
) -> Result<Angles> {
    let (dg, db) = ramp_scales_within(sim, objective, p, cancel)?;
    schedule::ramp(p, dg, db)
}

/// The scales (Δγ, Δβ) of the best ramp of [`ramp_start`]'s grid.
pub fn ramp_scales(sim: &dyn Qaoa, objective: &Objective, p: usize) -> Result<(f64, f64)> {
    ramp_scales_within(sim, objective, p, &crate::budget::Cancel::never())
}

/// [`ramp_scales`] that reads `cancel` before each evaluation.
pub fn ramp_scales_within(
    sim: &dyn Qaoa,
    objective: &Objective,
    p: usize,
    cancel: &crate::budget::Cancel,
) -> Result<(f64, f64)> {
    let s = gamma_scale(sim);
    let mut best: Option<(f64, (f64, f64))> = None;
    for a in [0.25, 0.5, 1.0, 2.0, 4.0] {
        for b in [0.2, 0.4, 0.6, 0.8, 1.0] {
            cancel.check(OPTIMISING)?;
            let v = sim.objective(&schedule::ramp(p, a * s, b)?, objective)?;
            if best.as_ref().is_none_or(|(bv, _)| v < *bv) {
                best = Some((v, (a * s, b)));
            }
        }
    }
    Ok(best.expect("grid is not empty").1)
}

/// Uniform random angles: γ in `[0, 4·s)` (s = [`gamma_scale`]), β over one period of the
/// mixer, `[−P_β/2, P_β/2)` (`[−π/2, π/2)` for X), so that both signs of β (and the minimising
/// quadrant γ > 0, β < 0) are drawn.
pub fn random_start(sim: &dyn Qaoa, p: usize, rng: &mut impl Rng) -> Result<Angles> {
    let gmax = 4.0 * gamma_scale(sim);
    let half = sim.angle_periods().1 / 2.0;
    Angles::new(
        (0..p).map(|_| rng.random_range(0.0..gmax)).collect(),
        (0..p).map(|_| rng.random_range(-half..half)).collect(),
    )
}

/// `x` moved by whole periods into `[−period/2, period/2)`.
pub fn wrap(x: f64, period: f64) -> f64 {
    x - period * ((x + period / 2.0) / period).floor()
}

/// The same circuit with every angle in its canonical period (see
/// [`Qaoa::angle_periods`]): γ in `[−P_γ/2, P_γ/2)` when the energies have a common
/// unit, β in `[−P_β/2, P_β/2)`.
pub fn canonical(sim: &dyn Qaoa, angles: &Angles) -> Angles {
    let (gamma_period, beta_period) = sim.angle_periods();
    Angles {
        gammas: angles
            .gammas
            .iter()
            .map(|&g| gamma_period.map_or(g, |period| wrap(g, period)))
            .collect(),
        betas: angles.betas.iter().map(|&b| wrap(b, beta_period)).collect(),
    }
}

/// Optimise from `start`, with `config.restarts` starts in all (see [`OptimizeConfig`]).
pub fn optimize(
    sim: &dyn Qaoa,
    objective: &Objective,
    start: &Angles,
    random_restarts: bool,
    config: &OptimizeConfig,
) -> Result<Optimized> {
    let p = start.p();
    let draw = |rng: &mut crate::rng::SeededRng| random_start(sim, p, rng).map(|a| a.to_flat());
    let random: Option<&DrawStart> = random_restarts.then_some(&draw);
    let mut found = restarts(sim, objective, start.to_flat(), None, random, config)?;
    // Report the angles in their canonical periods, and the objective there.
    let angles = Angles::from_flat(&found.x)?;
    let moved = canonical(sim, &angles);
    if moved != angles {
        found.evaluations += 1;
        found.value = sim.objective(&moved, objective)?;
    }
    Ok(found.into_optimized(moved))
}

/// LR-QAOA at depth p: the ramp scales (Δγ, Δβ) optimised from `start` by the configured
/// optimiser, L-BFGS on the exact gradient projected onto the ramp
/// ([`schedule::project_onto_ramp`]); `config.restarts` starts, the others seeded ±20 %
/// perturbations of `start`. The angles reported are the ramp's, as found (not moved into
/// their canonical periods, so that they stay a ramp).
pub fn optimize_ramp(
    sim: &dyn Qaoa,
    objective: &Objective,
    p: usize,
    start: (f64, f64),
    config: &OptimizeConfig,
) -> Result<Optimized> {
    let found = restarts(sim, objective, vec![start.0, start.1], Some(p), None, config)?;
    let angles = schedule::ramp(p, found.x[0], found.x[1])?;
    Ok(found.into_optimized(angles))
}

/// Draws a fresh start for a restart.
type DrawStart<'a> = dyn Fn(&mut crate::rng::SeededRng) -> Result<Vec<f64>> + 'a;

/// The best of [`restarts`]' runs, with what it cost.
struct Found {
    x: Vec<f64>,
    value: f64,
    evaluations: usize,
    gradients: usize,
    began: Instant,
}

impl Found {
    fn into_optimized(self, angles: Angles) -> Optimized {
        Optimized {
            angles,
            value: self.value,
            evaluations: self.evaluations,
            gradients: self.gradients,
            seconds: self.began.elapsed().as_secs_f64(),
        }
    }
}

/// `config.restarts` runs of the optimiser over the parameters `x` (the angles, or the ramp's
/// scales at depth p when `ramp` is `Some(p)`): the first from `x0`, the others from `random`
/// draws when given, else from seeded ±20 % perturbations of `x0`. The best run is kept.
fn restarts(
    sim: &dyn Qaoa,
    objective: &Objective,
    x0: Vec<f64>,
    ramp: Option<usize>,
    random: Option<&DrawStart>,
    config: &OptimizeConfig,
) -> Result<Found> {
    let began = Instant::now();
    let mut rng = crate::rng::seeded(config.seed);
    let evaluations = AtomicUsize::new(0);
    let gradients = AtomicUsize::new(0);
    let mut best: Option<(f64, Vec<f64>)> = None;
    for r in 0..config.restarts.get() {
        let start = match (r, random) {
            (0, _) => x0.clone(),
            (_, Some(draw)) => draw(&mut rng)?,
            (_, None) => x0
                .iter()
                .map(|x| x * (1.0 + 0.2 * rng.random_range(-1.0..1.0)))
                .collect(),
        };
        let problem = Problem {
            sim,
            objective,
            evaluations: &evaluations,
            gradients: &gradients,
            with_gradient: objective.has_gradient() && config.method == Method::Lbfgs,
            ramp,
            last: Mutex::new(None),
            cancel: &config.cancel,
        };
        // The stop request crosses argmin as its own error text: said again as ours.
        let (x, v) = run_one(problem, start, objective, config).map_err(|e| match config.cancel.check(OPTIMISING) {
            Err(stop) => stop,
            Ok(()) => e,
        })?;
        if best.as_ref().is_none_or(|(bv, _)| v < *bv) {
            best = Some((v, x));
        }
    }
    let (value, x) = best.expect("at least one start");
    Ok(Found {
        x,
        value,
        evaluations: evaluations.into_inner(),
        gradients: gradients.into_inner(),
        began,
    })
}

fn run_one(
    problem: Problem<'_>,
    x0: Vec<f64>,
    objective: &Objective,
    config: &OptimizeConfig,
) -> Result<(Vec<f64>, f64)> {
    let method = if objective.has_gradient() {
        config.method
    } else {
        Method::NelderMead
    };
    let f0 = problem.cost(&x0).map_err(Error::from)?;
    let (x, v) = match method {
        Method::NelderMead => {
            let mut simplex = vec![x0.clone()];
            for i in 0..x0.len() {
                let mut v = x0.clone();
                v[i] += if v[i].abs() > 1e-3 { 0.1 * v[i] } else { 0.05 };
                simplex.push(v);
            }
            let solver = NelderMead::new(simplex).with_sd_tolerance(1e-10)?;
            let res = Executor::new(problem, solver)
                .configure(|s| s.max_iters(config.max_iters))
                .ctrlc(false)
                .run()?;
            let st = res.state();
            (st.get_best_param().cloned().unwrap_or(x0.clone()), st.get_best_cost())
        }
        Method::Lbfgs => {
            let solver = LBFGS::new(MoreThuenteLineSearch::new(), 7)
                .with_tolerance_grad(1e-9)?
                .with_tolerance_cost(1e-13)?;
            let res = Executor::new(problem, solver)
                .configure(|s| s.param(x0.clone()).max_iters(config.max_iters))
                .ctrlc(false)
                .run()?;
            let st = res.state();
            (st.get_best_param().cloned().unwrap_or(x0.clone()), st.get_best_cost())
        }
    };
    // Never report worse than the start (a line search can end on a worse point).
    Ok(if v.is_finite() && v <= f0 { (x, v) } else { (x0, f0) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_schedule_names_the_init() {
        assert_eq!(parse_schedule("lr:1,2").unwrap(), (Init::Lr, Some((1.0, 2.0))));
        assert_eq!(parse_schedule("transfer").unwrap(), (Init::Transfer, None));
        assert_eq!(parse_schedule("fixed").unwrap(), (Init::Fixed, None));
        assert!(parse_schedule("interp")
            .unwrap_err()
            .to_string()
            .contains("unknown schedule"));
        assert!(parse_schedule("lr").unwrap_err().to_string().contains("lr:DG,DB"));
    }
}
