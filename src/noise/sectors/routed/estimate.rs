//! The estimate of a routed circuit on sectors: every trajectory's errors drawn and its memory
//! planned first, then run in batches beside each other or alone, truncated and bounded as
//! asked (docs/qasm.md, "The circuit the device runs").

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
    let n = prog.measure.num_qubits;
    let flips_of = |t: usize| read_out(0, n, model.readout, &mut readout_rng(seed, t));
    // The noiseless run, its checkpoints kept.
    let first = Room::alone(memory, 0).with_cancel(&cancel);
    let every = prog.steps.len().div_ceil(CHECKPOINTS).max(1);
    let mut checkpoints = vec![start(prog)];
    let none = BTreeMap::new();
    let mut at = 0;
    while at < prog.steps.len() {
        let to = (at + every).min(prog.steps.len());
        let next = prog.run_steps(
            checkpoints.last().expect("the start").clone(),
            at..to,
            &none,
            &first,
            &mut Prune::off(),
            None,
        )?;
        checkpoints.push(next);
        at = to;
        if budget.expired() {
            return Err(budget.out_of_time(&task, Some(0.0), "the noiseless run"));
        }
    }
    let last = prog.traced(checkpoints.last().expect("the end").clone());
    let (noiseless, _) = plain.measure(&prog.measure, &last, &cancel)?;
    let (v0, _) = flipped.measure(&prog.measure, &last, &cancel)?;
    let held: usize = checkpoints
        .iter()
        .flat_map(|c| c.values())
        .map(|v| v.len() * BYTES_PER_AMPLITUDE)
        .sum();
    // Every trajectory's errors, and its plan, before any work.
    let draws: Vec<BTreeMap<usize, Vec<(usize, Pauli)>>> = (0..trajectories)
        .map(|t| by_step(prog, &prog.circuit.sample_events(model, &mut trajectory_rng(seed, t))))
        .collect();
    let from =
        |events: &BTreeMap<usize, Vec<(usize, Pauli)>>| events.keys().next().map(|&s| (s / every, s - s % every));
    // The reach of trajectory t's gate errors, and with its readout flips after them.
    let reaches = |t: usize, s: usize| -> (Reach, Reach, u64) {
        let gates = prog.reach(s, &draws[t], &targets.free);
        let flips = flips_of(t);
        let with_flips = gates.then_flips(prog.run.x_marks(targets.on_labels(flips)));
        (gates, with_flips, flips)
    };
    let bound = (truncation == Truncation::Bounded).then_some(prog.run.drop_amplitudes);
    let held_at = |state: &SectorState| state.keys().map(|k| prog.size(k)).sum::<u128>();
    let plans: Vec<u128> = (0..trajectories)
        .into_par_iter()
        .map(|t| match from(&draws[t]) {
            None => 0,
            Some((c, s)) => match truncation {
                Truncation::Off => prog.planned(s, &checkpoints[c], &draws[t], None, MAX_PLAN_KEYS),
                Truncation::Exact | Truncation::Bounded => {
                    let (gates, with_flips, _) = reaches(t, s);
                    let plan = prog.planned(
                        s,
                        &checkpoints[c],
                        &draws[t],
                        Some((&gates, &with_flips, &targets)),
                        MAX_PLAN_KEYS,
                    );
                    // Bounded: no step holds more than the bound (the least probable sectors
                    // dropped first), nor than the exact plan.
                    bound.map_or(plan, |b| plan.min(b.max(held_at(&checkpoints[c]))))
                }
            },
        })
        .collect();
    let alone = Room::alone(memory, held).with_cancel(&cancel);
    let most = plans.iter().copied().max().unwrap_or(0);
    if most > alone.amplitudes as u128 {
        return Err(Error::TooMuchMemory {
            what: Quantity::SectorAmplitudes,
            count: most,
            log2_bytes: (most as f64).log2() + (BYTES_PER_AMPLITUDE as f64).log2(),
            available: (alone.amplitudes as u64).saturating_mul(BYTES_PER_AMPLITUDE as u64),
        });
    }
    let threads = rayon::current_num_threads().max(1);
    let beside = Room::beside(memory, threads, held).with_cancel(&cancel);
    let run = |t: usize, room: &Room| -> Result<(f64, (f64, f64))> {
        let events = &draws[t];
        let Some((c, s)) = from(events) else {
            return Ok((v0, (0.0, 0.0)));
        };
        let mut prune = match truncation {
            Truncation::Off => Prune::off(),
            Truncation::Exact | Truncation::Bounded => {
                let (gates, with_flips, flips) = reaches(t, s);
                Prune::exact(gates, with_flips, flips, &targets.keys)
            }
        };
        let state = prog.run_steps(
            checkpoints[c].clone(),
            s..prog.steps.len(),
            events,
            room,
            &mut prune,
            bound,
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
                plain
                    .measure(&prog.measure, &prog.measure.apply_pauli(state, pauli, room)?, &cancel)?
                    .0
            }
            None => flipped.measure(&prog.measure, &state, &cancel)?.0,
        };
        Ok((value, lost))
    };
    let mut values = vec![v0; trajectories];
    let mut lost = vec![(0.0, 0.0); trajectories];
    // Those that fit beside the others in batches, the budget looked at between; then the rest
    // one by one, alone.
    let (small, large): (Vec<usize>, Vec<usize>) =
        (0..trajectories).partition(|&t| plans[t] <= beside.amplitudes as u128);
    let began = std::time::Instant::now();
    let mut done = 0usize;
    for batch in small.chunks(4 * threads) {
        let got: Vec<Result<(f64, (f64, f64))>> = batch.par_iter().map(|&t| run(t, &beside)).collect();
        for (&t, v) in batch.iter().zip(got) {
            (values[t], lost[t]) = v?;
        }
        done += batch.len();
        let fraction = done as f64 / trajectories as f64;
        budget.tick(
            &task,
            || Some(fraction),
            || format!("trajectory {done} of {trajectories}"),
        );
        if budget.expired() {
            return Err(budget.out_of_time(&task, Some(fraction), &format!("{done} of {trajectories} trajectories")));
        }
    }
    for &t in &large {
        (values[t], lost[t]) =
            run(t, &alone).map_err(|e| crate::noise::trajectories::how_far(e, done, trajectories, began))?;
        done += 1;
        let fraction = done as f64 / trajectories as f64;
        budget.tick(
            &task,
            || Some(fraction),
            || format!("trajectory {done} of {trajectories}, those too large to run beside others alone"),
        );
        if budget.expired() {
            return Err(budget.out_of_time(&task, Some(fraction), &format!("{done} of {trajectories} trajectories")));
        }
    }
    let mut estimate = crate::noise::routed::finish(model, trajectories, &values, v0, noiseless)?;
    estimate.bounded = bounded_bracket(estimate.p_valid, &values, &lost);
    Ok(estimate)
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
