//! The estimate of a routed circuit on sectors: every trajectory's errors drawn and its memory
//! planned first, then run in batches beside each other or alone, truncated and bounded as
//! asked (docs/qasm.md, "The circuit the device runs").

use super::super::run::held_bytes;
use super::*;
use crate::noise::routed::{RoutedBounded, RoutedEstimate};

/// P(valid) (`valid`: the exported circuit's bit patterns) of the routed circuit under
/// `model`, from `trajectories` seeded trajectories with the same draws, estimator and value
/// as [`crate::noise::routed::estimate_within`] gives on the full statevector, within
/// `budget` (looked at between batches of trajectories) and `memory` bytes: every
/// trajectory's largest state is planned before any work, and a plan past three quarters of
/// `memory` is refused then. Under [`Truncation::Exact`] each trajectory drops the sectors
/// that can no longer end valid (docs/qasm.md, "Truncation"): the same P(valid) for the
/// trajectories drawn, read out after readout flips drawn with the trajectory where it drops
/// anything (so the estimate differs from the untruncated one by sampling only). Under
/// `Bounded` it does that, and before a step that would hold more than the program's
/// `drop_amplitudes` with what it makes, drops its least probable sectors until it fits: the
/// estimate then carries a bracket ([`RoutedBounded`]).
#[allow(clippy::too_many_arguments)]
pub fn estimate_within(
    prog: &RoutedSectors,
    valid: &[u64],
    model: &NoiseModel,
    trajectories: crate::checked::Trajectories,
    seed: u64,
    truncation: Truncation,
    budget: &Budget<'_>,
    memory: u64,
) -> Result<RoutedEstimate> {
    let trajectories = trajectories.get();
    let task = format!(
        "predicting P(valid) of the routed circuit under `{}` on sectors",
        model.name
    );
    let cancel = budget.cancel().clone();
    let mut valid = valid.to_vec();
    valid.sort_unstable();
    let nothing = ZPoly {
        num_qubits: prog.measure.num_qubits,
        terms: Vec::new(),
        offset: 0.0,
    };
    let plain = Readout::new(&nothing, valid.clone(), 0.0);
    let flipped = Readout::new(&nothing, valid.clone(), model.readout);
    let (plain, flipped) = (Cache::new(Some(&plain)), Cache::new(Some(&flipped)));
    let targets = Targets::of(prog, &valid);
    let every = prog.steps.len().div_ceil(CHECKPOINTS).max(1);
    let first = Room::alone(memory, 0).with_cancel(&cancel);
    let checkpoints = prog.checkpoints(every, &first, || {
        budget
            .expired()
            .then(|| budget.out_of_time(&task, Some(0.0), "the noiseless run"))
    })?;
    let last = prog.traced(checkpoints.last().expect("the end").clone());
    let (noiseless, _) = plain.measure(&prog.measure, &last, &cancel)?;
    let (v0, _) = flipped.measure(&prog.measure, &last, &cancel)?;
    let held = held_bytes(&checkpoints);
    // Every trajectory's errors, and its plan, before any work.
    let run = RoutedRun {
        prog,
        readout: model.readout,
        seed,
        truncation,
        targets: &targets,
        checkpoints: &checkpoints,
        every,
        draws: (0..trajectories)
            .map(|t| by_step(prog, &prog.circuit.sample_events(model, &mut trajectory_rng(seed, t))))
            .collect(),
        plain: &plain,
        flipped: &flipped,
        v0,
        cancel: &cancel,
    };
    let plans: Vec<u128> = (0..trajectories).into_par_iter().map(|t| run.plan(t)).collect();
    let alone = Room::alone(memory, held).with_cancel(&cancel);
    let most = plans.iter().copied().max().unwrap_or(0);
    if most > alone.amplitudes as u128 {
        return Err(alone.refusal(most));
    }
    let threads = rayon::current_num_threads().max(1);
    let beside = Room::beside(memory, threads, held).with_cancel(&cancel);
    let progress = Progress {
        budget,
        task: &task,
        trajectories,
        began: std::time::Instant::now(),
    };
    let (values, lost) = run.all(&plans, [&beside, &alone], threads, &progress)?;
    let mut estimate = crate::noise::routed::finish(model, trajectories, &values, v0, noiseless)?;
    estimate.bounded = bounded_bracket(estimate.p_valid, &values, &lost);
    Ok(estimate)
}

impl RoutedSectors {
    /// The noiseless state at every `every`-th step and at the end (from the start, within
    /// `room`), `stop` asked after each stretch: a trajectory starts from the last one before
    /// its first error.
    pub(super) fn checkpoints(
        &self,
        every: usize,
        room: &Room,
        stop: impl Fn() -> Option<Error>,
    ) -> Result<Vec<SectorState>> {
        let mut checkpoints = vec![start(self)];
        let none = BTreeMap::new();
        let mut at = 0;
        while at < self.steps.len() {
            let to = (at + every).min(self.steps.len());
            let next = self.run_steps(
                checkpoints.last().expect("the start").clone(),
                at..to,
                &none,
                room,
                &mut Prune::off(),
                None,
            )?;
            checkpoints.push(next);
            at = to;
            if let Some(e) = stop() {
                return Err(e);
            }
        }
        Ok(checkpoints)
    }
}

/// One trajectory's P(valid), and what it dropped to stay within its bound (probability,
/// radius).
type RoutedValue = (f64, (f64, f64));

/// Every trajectory's P(valid), and what each dropped for its bound.
type Values = (Vec<f64>, Vec<(f64, f64)>);

/// What every trajectory of one routed estimate shares: the program, the valid boards, the
/// noiseless checkpoints, every trajectory's errors by step and the readout tables.
pub(super) struct RoutedRun<'a> {
    pub(super) prog: &'a RoutedSectors,
    /// The readout flip probability, and the seed of the flips.
    pub(super) readout: f64,
    pub(super) seed: u64,
    pub(super) truncation: Truncation,
    pub(super) targets: &'a Targets,
    pub(super) checkpoints: &'a [SectorState],
    /// Steps between checkpoints.
    pub(super) every: usize,
    pub(super) draws: Vec<BTreeMap<usize, Vec<(usize, Pauli)>>>,
    /// The readout without errors, for a trajectory that drew its flips, and with them.
    pub(super) plain: &'a Cache<'a>,
    pub(super) flipped: &'a Cache<'a>,
    /// The value of a trajectory without errors.
    pub(super) v0: f64,
    pub(super) cancel: &'a crate::budget::Cancel,
}

/// Where [`RoutedRun::all`] reports and looks at the budget.
pub(super) struct Progress<'b> {
    pub(super) budget: &'b Budget<'b>,
    pub(super) task: &'b str,
    pub(super) trajectories: usize,
    pub(super) began: std::time::Instant,
}

impl Progress<'_> {
    /// `done` trajectories finished (`said`: how the line says so): the progress line, and the
    /// budget's stop if it has run out.
    fn after(&self, done: usize, said: &str) -> Result<()> {
        let fraction = done as f64 / self.trajectories as f64;
        let (budget, task, trajectories) = (self.budget, self.task, self.trajectories);
        budget.tick(
            task,
            || Some(fraction),
            || format!("trajectory {done} of {trajectories}{said}"),
        );
        if budget.expired() {
            return Err(budget.out_of_time(task, Some(fraction), &format!("{done} of {trajectories} trajectories")));
        }
        Ok(())
    }
}

impl RoutedRun<'_> {
    /// The checkpoint trajectory t starts from and the step of its first error; `None`
    /// without errors.
    fn from(&self, t: usize) -> Option<(usize, usize)> {
        let every = self.every;
        self.draws[t].keys().next().map(|&s| (s / every, s - s % every))
    }

    /// The reach of trajectory t's gate errors from step `s`, the same with its readout flips
    /// after them, and the flips.
    fn reaches(&self, t: usize, s: usize) -> (Reach, Reach, u64) {
        let prog = self.prog;
        let gates = prog.reach(s, &self.draws[t], &self.targets.free);
        let flips = read_out(0, prog.measure.num_qubits, self.readout, &mut readout_rng(self.seed, t));
        let with_flips = gates.then_flips(prog.run.x_marks(self.targets.on_labels(flips)));
        (gates, with_flips, flips)
    }

    /// The most amplitudes trajectory t holds at once ([`RoutedSectors::planned`]): bounded
    /// ones no more than the bound (the least probable sectors dropped first), nor than the
    /// exact plan.
    pub(super) fn plan(&self, t: usize) -> u128 {
        let Some((c, s)) = self.from(t) else {
            return 0;
        };
        let (prog, start) = (self.prog, &self.checkpoints[c]);
        match self.truncation {
            Truncation::Off => prog.planned(s, start, &self.draws[t], None, MAX_PLAN_KEYS),
            Truncation::Exact | Truncation::Bounded => {
                let (gates, with_flips, _) = self.reaches(t, s);
                let truncated = Some((&gates, &with_flips, self.targets));
                let plan = prog.planned(s, start, &self.draws[t], truncated, MAX_PLAN_KEYS);
                let held_at = || start.keys().map(|k| prog.size(k)).sum::<u128>();
                self.bound().map_or(plan, |b| plan.min(b.max(held_at())))
            }
        }
    }

    /// The most a bounded trajectory holds at a step.
    fn bound(&self) -> Option<u128> {
        (self.truncation == Truncation::Bounded).then_some(self.prog.run.drop_amplitudes)
    }

    /// Trajectory t's P(valid) within `room`, read out after the flips it drew where it drew
    /// them, and what it dropped for its bound.
    pub(super) fn value(&self, t: usize, room: &Room) -> Result<RoutedValue> {
        let (prog, cancel) = (self.prog, self.cancel);
        let events = &self.draws[t];
        let Some((c, s)) = self.from(t) else {
            return Ok((self.v0, (0.0, 0.0)));
        };
        let mut prune = match self.truncation {
            Truncation::Off => Prune::off(),
            Truncation::Exact | Truncation::Bounded => {
                let (gates, with_flips, flips) = self.reaches(t, s);
                Prune::exact(gates, with_flips, flips, &self.targets.keys)
            }
        };
        let steps = s..prog.steps.len();
        let state = prog.run_steps(
            self.checkpoints[c].clone(),
            steps,
            events,
            room,
            &mut prune,
            self.bound(),
        )?;
        let state = prog.traced(state);
        let lost = (prune.lost, prune.lost_radius);
        let value = match prune.flips() {
            // Read out after the flips it drew.
            Some(flips) => {
                let pauli = Pauli {
                    x: flips,
                    z: 0,
                    phase: 0,
                };
                let flipped = prog.measure.apply_pauli(state, pauli, room)?;
                self.plain.measure(&prog.measure, &flipped, cancel)?.0
            }
            None => self.flipped.measure(&prog.measure, &state, cancel)?.0,
        };
        Ok((value, lost))
    }

    /// Every trajectory's value and what it dropped: those planned (`plans`) to fit `rooms[0]`
    /// (one's share) beside the others in parallel batches of four per thread, the budget
    /// looked at between; then the rest one by one within `rooms[1]`, alone, a refusal saying
    /// how many ran.
    pub(super) fn all(
        &self,
        plans: &[u128],
        [beside, alone]: [&Room; 2],
        threads: usize,
        progress: &Progress<'_>,
    ) -> Result<Values> {
        let trajectories = plans.len();
        let mut values = vec![self.v0; trajectories];
        let mut lost = vec![(0.0, 0.0); trajectories];
        let (small, large): (Vec<usize>, Vec<usize>) =
            (0..trajectories).partition(|&t| plans[t] <= beside.amplitudes as u128);
        let mut done = 0usize;
        for batch in small.chunks(4 * threads) {
            let got: Vec<Result<RoutedValue>> = batch.par_iter().map(|&t| self.value(t, beside)).collect();
            for (&t, v) in batch.iter().zip(got) {
                (values[t], lost[t]) = v?;
            }
            done += batch.len();
            progress.after(done, "")?;
        }
        for &t in &large {
            (values[t], lost[t]) = self
                .value(t, alone)
                .map_err(|e| crate::noise::trajectories::how_far(e, done, trajectories, progress.began))?;
            done += 1;
            progress.after(done, ", those too large to run beside others alone")?;
        }
        Ok((values, lost))
    }
}

/// The bracket of a bounded estimate whose trajectories took `values` (P(valid) from what they
/// kept) and dropped `lost` (probability, radius: the sum over the points where each dropped of
/// the norm dropped there) for memory; `None` where none dropped. A trajectory's final state is
/// within its radius of the one it kept, and P(valid) is the squared norm of a contraction of
/// it (the readout, a diagonal of probabilities, or its flips and a projector), so its exact
/// value lies in `[(√p − r)₊², min(1, (√p + r)²)]` (docs/qasm.md, "Truncation").
fn bounded_bracket(estimate: f64, values: &[f64], lost: &[(f64, f64)]) -> Option<RoutedBounded> {
    let t = values.len().max(1) as f64;
    let (mut below, mut above) = (0.0, 0.0);
    let mut count = 0;
    for (&p, &(_, r)) in values.iter().zip(lost).filter(|(_, l)| l.1 > 0.0) {
        let root = p.max(0.0).sqrt();
        below += p - (root - r).max(0.0).powi(2);
        above += (root + r).powi(2).min(1.0) - p;
        count += 1;
    }
    (count > 0).then(|| RoutedBounded {
        trajectories_bounded: count,
        mean_bounded: lost.iter().map(|l| l.0).sum::<f64>() / t,
        p_valid: [(estimate - below / t).max(0.0), (estimate + above / t).min(1.0)],
    })
}
