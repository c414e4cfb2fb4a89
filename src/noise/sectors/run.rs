//! The trajectories of a sector program: the memory plan before any work, the parallel pass and
//! the largest trajectories alone, and sampled counts.

use super::*;

/// Bytes a trajectory holds per amplitude: the checks count every amplitude alive at once
/// (during a move, the sources not yet spread and the targets made so far), and the kernels
/// work in place otherwise (a measurement reads tables, not a value per amplitude).
pub(super) const BYTES_PER_AMPLITUDE: usize = 16;

/// What a trajectory may hold: a bound on the amplitudes of one state, so that no trajectory
/// asks for more memory than the machine has.
pub(super) struct Room {
    pub(super) amplitudes: usize,
    /// The stop request, read before each sector a move spreads and each unit of a mixer (a
    /// trajectory on a large state runs for seconds: docs/ARCHITECTURE.md, budgets).
    cancel: crate::budget::Cancel,
    /// The most amplitudes a check has seen held at once (what the plan must bound), shared
    /// with the bounds [`Room::less`] makes.
    peak: std::sync::Arc<AtomicUsize>,
    /// Amplitudes held beside this bound's (the pieces waiting), counted in the peak.
    beside: usize,
    /// Where a trajectory of an estimate runs: the count its progress lines tell at each
    /// check, and whether it runs in the pass alone.
    told: Option<(std::sync::Arc<Told>, bool)>,
}

impl Room {
    /// A bound for `concurrent` trajectories at once: half the available memory, shared
    /// equally, since each may grow while the others do.
    pub(super) fn new(concurrent: usize) -> Room {
        Room::beside(crate::sim::available_memory(), concurrent, 0)
    }

    /// The same, out of `memory` bytes, beside `held` bytes already in use (the noiseless
    /// checkpoints).
    pub(super) fn beside(memory: u64, concurrent: usize, held: usize) -> Room {
        Room {
            amplitudes: (memory as usize / 2).saturating_sub(held) / (BYTES_PER_AMPLITUDE * concurrent.max(1)),
            cancel: crate::budget::Cancel::never(),
            peak: std::sync::Arc::new(AtomicUsize::new(0)),
            beside: 0,
            told: None,
        }
    }

    /// The bound of a trajectory that runs with nothing beside it, after `held` bytes: three
    /// quarters of `memory`, the rest left to the process and the machine.
    pub(super) fn alone(memory: u64, held: usize) -> Room {
        Room {
            amplitudes: (memory as usize / 4 * 3).saturating_sub(held) / BYTES_PER_AMPLITUDE,
            cancel: crate::budget::Cancel::never(),
            peak: std::sync::Arc::new(AtomicUsize::new(0)),
            beside: 0,
            told: None,
        }
    }

    /// This bound less `held` amplitudes (the pieces of a trajectory waiting beside the one
    /// running), the same stop request.
    pub(super) fn less(&self, held: usize) -> Room {
        Room {
            amplitudes: self.amplitudes.saturating_sub(held),
            cancel: self.cancel.clone(),
            peak: std::sync::Arc::new(AtomicUsize::new(0)),
            beside: 0,
            told: self.told.clone(),
        }
    }

    /// This bound, its trajectories stopping at `cancel`.
    pub(super) fn with_cancel(self, cancel: &crate::budget::Cancel) -> Room {
        Room {
            cancel: cancel.clone(),
            ..self
        }
    }

    /// This bound (the same peak), its checks telling the progress of `told`'s trajectories;
    /// `alone`: in the pass alone.
    pub(super) fn telling(&self, told: &std::sync::Arc<Told>, alone: bool) -> Room {
        Room {
            amplitudes: self.amplitudes,
            cancel: self.cancel.clone(),
            peak: self.peak.clone(),
            beside: self.beside,
            told: Some((told.clone(), alone)),
        }
    }

    /// The stop request's error, once it is set; and a progress line where one is due (a
    /// trajectory on a large state runs for minutes between two that end).
    pub(super) fn check(&self) -> Result<()> {
        self.cancel.check(TRAJECTORIES_TASK)?;
        if let Some((told, alone)) = &self.told {
            self.cancel.tick(TRAJECTORIES_TASK, None, || told.line(*alone));
        }
        Ok(())
    }

    /// The most amplitudes [`Room::check_total`] has been asked about.
    #[cfg(test)]
    pub(super) fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    pub(super) fn check_total(&self, total: usize) -> Result<()> {
        self.peak.fetch_max(total + self.beside, Ordering::Relaxed);
        if total > self.amplitudes {
            return Err(self.refusal(total as u128));
        }
        Ok(())
    }

    /// The refusal of `count` amplitudes held against this bound: one trajectory's share,
    /// which is what the count is held against (the machine's whole memory would mislead where
    /// several trajectories run at once).
    pub(super) fn refusal(&self, count: u128) -> Error {
        Error::TooMuchMemory {
            what: Quantity::SectorAmplitudes,
            count,
            log2_bytes: (count as f64).log2() + (BYTES_PER_AMPLITUDE as f64).log2(),
            available: (self.amplitudes as u64).saturating_mul(BYTES_PER_AMPLITUDE as u64),
        }
    }
}

/// One trajectory's P(valid), energy, probability dropped and pieces run (0: not split), and
/// what pieces too large to hold took: their probability and [`Prune::lost_radius`].
pub(super) type Value = (f64, f64, f64, usize, (f64, f64));

/// P(valid) (`valid`: full-space bit patterns, ascending) and the energy of `full` (the cost of
/// the whole encoding) of `prog` under `model`, from `trajectories` seeded trajectories, with
/// the same draws and estimator as [`crate::noise::gates::estimate`].
pub fn estimate(prog: &SectorProgram, valid: &[u64], full: &ZPoly, draws: &Draws<'_>) -> Result<NoisyEstimate> {
    estimate_within_memory(prog, valid, full, draws, crate::sim::available_memory())
}

/// [`estimate`], planned against `memory` bytes instead of what the machine has available
/// now: trajectories running at once share three quarters of it by their plans (the largest
/// left whose plan fits beside theirs starts next), and one that outgrows its plan runs again
/// after them, alone, with all three quarters (the same errors, so the same value and bytes on any thread
/// count). A trajectory too large even alone is refused with
/// [`Error::TooMuchMemory`]. The tests stand in for a machine with little memory this way.
pub fn estimate_within_memory(
    prog: &SectorProgram,
    valid: &[u64],
    full: &ZPoly,
    draws: &Draws<'_>,
    memory: u64,
) -> Result<NoisyEstimate> {
    let (model, trajectories, _, cancel) = draws.parts();
    let began = std::time::Instant::now();
    let checkpoints = prog.layers.len() + 1;
    let planned_held = (prog.noiseless_dimension() as usize).saturating_mul(checkpoints * BYTES_PER_AMPLITUDE);
    // Every trajectory's errors first (the same draws as one by one), each one's memory planned
    // before any amplitude is touched.
    let far = |e| super::super::trajectories::how_far(e, 0, trajectories, began);
    let planned = plan(prog, draws, &Room::alone(memory, planned_held), checkpoints, memory).map_err(far)?;
    let valid_keys = prog.valid_keys(valid);
    let noiseless_readout = Readout::new(full, valid.to_vec(), 0.0);
    let readout = Readout::new(full, valid.to_vec(), model.readout);
    let data = Cache::new(Some(&readout));
    // A trajectory that drew its readout flips is read out exactly after them.
    let exact = Cache::new(Some(&noiseless_readout));
    let first = Room::beside(memory, 1, 0).with_cancel(cancel);
    let checkpoints = prog.checkpoints(&data, &first).map_err(far)?;
    let held = held_bytes(&checkpoints);
    // The trajectories running share three quarters of the memory by their plans; one whose
    // state outgrows its plan is run again after them, alone, with all of that: its errors,
    // and so its value, are the same.
    let alone = Room::alone(memory, held).with_cancel(cancel);
    let last = checkpoints.last().expect("the prepared state").clone();
    let noiseless = Cache::new(Some(&noiseless_readout))
        .measure(prog, &last, cancel)
        .map_err(far)?;
    let v0 = data.measure(prog, &last, cancel).map_err(far)?;
    let run = SectorRun {
        prog,
        draws,
        full,
        planned: &planned,
        checkpoints: &checkpoints,
        valid_keys: &valid_keys,
        data: &data,
        exact: &exact,
        told: std::sync::Arc::new(Told::new(draws)),
        weighed: AtomicU64::new(0),
        work: planned.work(),
        peak: AtomicUsize::new(prog.noiseless_dimension() as usize),
        began,
    };
    let first_pass = run.beside(&alone)?;
    let ran = run.alone(first_pass, &alone, v0)?;
    Ok(run.estimate(&ran, v0, noiseless))
}

/// The bytes `checkpoints` hold, what the trajectories share memory beside.
pub(super) fn held_bytes(checkpoints: &[SectorState]) -> usize {
    checkpoints
        .iter()
        .flat_map(|c| c.values())
        .map(|v| std::mem::size_of_val(v.as_slice()))
        .sum()
}

impl SectorProgram {
    /// The noiseless state before each layer and after the last (`data` marks the sectors
    /// met), held while the trajectories run: each starts from the last one before its first
    /// error ([`run_trajectory`]).
    pub(super) fn checkpoints(&self, data: &Cache<'_>, room: &Room) -> Result<Vec<SectorState>> {
        let mut checkpoints = vec![self.prepare(&[], room)?];
        for l in 0..self.layers.len() {
            let next = self.run_layers(checkpoints[l].clone(), l..l + 1, &[], data, room, &mut Prune::off())?;
            checkpoints.push(next);
        }
        Ok(checkpoints)
    }
}

/// What every trajectory of one estimate shares: the program, the draws and their plan, the
/// noiseless checkpoints and readout tables; and what they count together (trajectories done,
/// the largest state held).
pub(super) struct SectorRun<'a> {
    pub(super) prog: &'a SectorProgram,
    pub(super) draws: &'a Draws<'a>,
    /// The cost of the whole encoding.
    pub(super) full: &'a ZPoly,
    pub(super) planned: &'a Planned,
    pub(super) checkpoints: &'a [SectorState],
    pub(super) valid_keys: &'a [Key],
    /// The readout with its errors.
    pub(super) data: &'a Cache<'a>,
    /// The readout without, for a trajectory that drew its flips.
    pub(super) exact: &'a Cache<'a>,
    /// The trajectories done and running, which the progress lines tell.
    pub(super) told: std::sync::Arc<Told>,
    /// The work of the trajectories done, each weighed by [`Planned::weight`], which the
    /// progress fraction tells (the largest run first, and the largest alone last, so a count
    /// of trajectories would mislead).
    pub(super) weighed: AtomicU64,
    /// The work of all of them ([`Planned::work`]).
    pub(super) work: u64,
    pub(super) peak: AtomicUsize,
    pub(super) began: std::time::Instant,
}

impl SectorRun<'_> {
    /// (P(valid), energy, probability dropped, pieces run: 0 unsplit) of trajectory t within
    /// `room`; `None`: no error drawn. A deadline's stop says how far the trajectories got.
    pub(super) fn value(&self, t: usize, room: &Room) -> Result<Option<Value>> {
        self.trajectory(t, room).map_err(|e| {
            let done = self.told.done.load(Ordering::Relaxed);
            super::super::trajectories::how_far(e, done, self.draws.trajectories.get(), self.began)
        })
    }

    fn trajectory(&self, t: usize, room: &Room) -> Result<Option<Value>> {
        let (prog, full) = (self.prog, self.full);
        let (model, _, seed, cancel) = self.draws.parts();
        cancel.check(TRAJECTORIES_TASK)?;
        let events = &self.planned.events[t];
        if events.is_empty() {
            return Ok(None);
        }
        let mut prune = prog.prune(self.draws.truncation, events, self.valid_keys, seed, t, model.readout);
        let state = run_trajectory(prog, events, self.checkpoints, self.data, room, &mut prune)?;
        // The largest state at any checkpoint (a truncated one may end smaller than it was).
        self.peak.fetch_max(
            state.values().map(Vec::len).sum::<usize>().max(prune.peak),
            Ordering::Relaxed,
        );
        let pieces = prune.pieces_run();
        let lost = (prune.lost, prune.lost_radius);
        if let Some(folded) = prune.split_state() {
            let (p, e, rest) = folded_value(prog, folded, self.exact, full, cancel)?;
            return Ok(Some((p, e, rest, pieces, lost)));
        }
        let (p, e) = match prune.flips() {
            Some(flips) => {
                let flipped = Pauli {
                    x: flips,
                    z: 0,
                    phase: 0,
                };
                let state = prog.apply_pauli(state, flipped, room)?;
                self.exact.measure(prog, &state, cancel)?
            }
            None => self.data.measure(prog, &state, cancel)?,
        };
        // The dropped part's energy, taken at the middle of the cost's range.
        Ok(Some((p, e + full.offset * prune.dropped, prune.dropped, 0, lost)))
    }

    /// Counts trajectory `t` finished, so a run whose largest trajectories wait for the alone
    /// pass says so rather than sitting at all but those done; the fraction is of the work
    /// ([`Planned::weight`]).
    fn tick(&self, t: usize, alone: bool) {
        let (_, _, _, cancel) = self.draws.parts();
        self.told.done.fetch_add(1, Ordering::Relaxed);
        let weight = self.planned.weight(t);
        let weighed = self.weighed.fetch_add(weight, Ordering::Relaxed) + weight;
        cancel.tick(TRAJECTORIES_TASK, Some(weighed as f64 / self.work as f64), || {
            self.told.line(alone)
        });
    }

    /// The first pass, the trajectories in parallel within `room`, which they share by their
    /// plans: a worker takes the largest trajectory left whose plan fits beside the plans of
    /// those running (so small ones fill the room a large one leaves, and a large one starts
    /// once the room is there), and waits, lending its thread to those running, where none
    /// fits; each holds no more than its plan. `None` for those planned past `room`, not
    /// tried, and for those that outgrew their plan, left for the pass alone; otherwise its
    /// value. The plans bound what each holds ([`plan`]), so the trajectories running never
    /// hold more than `room` together.
    ///
    /// One worker thread per thread of the pool takes the trajectories, so that the last to
    /// finish is a small one. The workers are not the pool's: a
    /// trajectory's large states are worked on by the pool in parts ([`apply::each_part`]),
    /// and a pool thread waiting for its chunks would start another trajectory meanwhile,
    /// holding two states where the room counts one. A worker just waits; and while every
    /// worker has a trajectory, none spreads ([`apply::BUSY_WORKERS`]).
    pub(super) fn beside(&self, room: &Room) -> Result<Vec<Option<Option<Value>>>> {
        let trajectories = self.draws.trajectories.get();
        // The trajectories left by their plans, largest first (then by index); those planned
        // past the room are not tried.
        let need = |t: usize| usize::try_from(self.planned.amplitudes[t]).unwrap_or(usize::MAX);
        let left: BTreeSet<(std::cmp::Reverse<usize>, usize)> = (0..trajectories)
            .filter(|&t| need(t) <= room.amplitudes)
            .map(|t| (std::cmp::Reverse(need(t)), t))
            .collect();
        let queue = Mutex::new(Queue {
            left,
            held: 0,
            running: 0,
        });
        let ended = std::sync::Condvar::new();
        let stop = std::sync::atomic::AtomicBool::new(false);
        // The next trajectory to run and its plan, once one fits; `None`: none left, or stopped.
        let take = || -> Option<(usize, usize)> {
            let mut q = queue.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                if stop.load(Ordering::Relaxed) || q.left.is_empty() {
                    return None;
                }
                let free = room.amplitudes - q.held;
                if let Some(&(std::cmp::Reverse(n), t)) = q.left.range((std::cmp::Reverse(free), 0)..).next() {
                    q.left.remove(&(std::cmp::Reverse(n), t));
                    q.held += n;
                    q.running += 1;
                    return Some((t, n));
                }
                // Nothing fits beside those running (one runs: every plan fits the room alone).
                apply::BUSY_WORKERS.fetch_sub(1, Ordering::Relaxed);
                q = ended.wait(q).unwrap_or_else(|p| p.into_inner());
                apply::BUSY_WORKERS.fetch_add(1, Ordering::Relaxed);
            }
        };
        let one = |t: usize, n: usize| -> Result<Option<Option<Value>>> {
            let value = {
                // Given back however the trajectory ends (a panic too, or the workers waiting
                // for its room would wait for ever).
                let _reserved = Reserved {
                    queue: &queue,
                    ended: &ended,
                    amplitudes: n,
                };
                self.told.running.fetch_add(1, Ordering::Relaxed);
                let v = self.value(t, &room.less(room.amplitudes - n).telling(&self.told, false));
                self.told.running.fetch_sub(1, Ordering::Relaxed);
                v
            };
            match value {
                Ok(v) => {
                    self.tick(t, false);
                    Ok(Some(v))
                }
                // On one thread too, so that a refusal reads the same on any thread count.
                Err(Error::TooMuchMemory {
                    what: Quantity::SectorAmplitudes,
                    ..
                }) => Ok(None),
                Err(e) => Err(e),
            }
        };
        let work = || {
            let mut got = Vec::new();
            apply::BUSY_WORKERS.fetch_add(1, Ordering::Relaxed);
            while let Some((t, n)) = take() {
                let r = one(t, n);
                if r.is_err() {
                    stop.store(true, Ordering::Relaxed);
                    ended.notify_all();
                }
                got.push((t, r));
            }
            // Out of work: the trajectories still running may spread over this thread.
            apply::BUSY_WORKERS.fetch_sub(1, Ordering::Relaxed);
            got
        };
        let workers = rayon::current_num_threads().clamp(1, trajectories);
        let results: Vec<(usize, Result<Option<Option<Value>>>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers).map(|_| scope.spawn(work)).collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        let mut ran: Vec<Option<Option<Value>>> = vec![None; trajectories];
        let mut first_error: Option<(usize, Error)> = None;
        for (t, r) in results {
            match r {
                Ok(v) => ran[t] = v,
                Err(e) => {
                    if first_error.as_ref().is_none_or(|(u, _)| t < *u) {
                        first_error = Some((t, e));
                    }
                }
            }
        }
        match first_error {
            Some((_, e)) => Err(e),
            None => Ok(ran),
        }
    }

    /// The trajectories the first pass left (`ran`'s `None`), alone within `room`, in order;
    /// one refused even then ends the run, saying what the others gave (with `v0`, the value
    /// of those without errors): minutes of work are not lost without a word.
    pub(super) fn alone(
        &self,
        mut ran: Vec<Option<Option<Value>>>,
        room: &Room,
        v0: (f64, f64),
    ) -> Result<Vec<Option<Value>>> {
        let trajectories = ran.len();
        for t in 0..trajectories {
            if ran[t].is_some() {
                continue;
            }
            match self.value(t, &room.telling(&self.told, true)) {
                Ok(v) => {
                    ran[t] = Some(v);
                    self.tick(t, true);
                }
                Err(e @ Error::TooMuchMemory { .. }) => {
                    let so_far: Vec<Option<Option<(f64, f64)>>> =
                        ran.iter().map(|r| r.map(|v| v.map(|(p, e, ..)| (p, e)))).collect();
                    return Err(refused_after(e, t, trajectories, &so_far, v0, self.began));
                }
                Err(e) => return Err(e),
            }
        }
        Ok(ran.into_iter().map(|v| v.expect("every trajectory ran")).collect())
    }

    /// The estimate from every trajectory's value `ran` (`None`: no error, so `v0`) and the
    /// `noiseless` one, with the sectors met and the largest state held, and the bracket of a
    /// truncated run.
    pub(super) fn estimate(&self, ran: &[Option<Value>], v0: (f64, f64), noiseless: (f64, f64)) -> NoisyEstimate {
        let columns = Columns::of(ran);
        let visited = self.data.visited.lock().map(|v| v.len()).unwrap_or(0);
        let stats = SectorStats {
            noiseless_amplitudes: self.prog.noiseless_dimension(),
            sectors_visited: visited,
            peak_amplitudes: self.peak.load(Ordering::Relaxed),
        };
        let counts = self.prog.native.gate_counts();
        let mut estimate = NoisyEstimate::from_trajectories(
            self.draws,
            NoiseRoute::Sectors,
            &counts,
            &columns.values,
            v0,
            noiseless,
            self.began,
            Some(stats),
        );
        if self.draws.truncation != Truncation::Off {
            let mut b = bracket(
                self.draws.truncation,
                &estimate,
                &columns.dropped,
                &columns.lost,
                self.full,
            );
            b.trajectories_in_pieces = columns.pieces.iter().filter(|&&n| n > 0).count();
            b.pieces = columns.pieces.iter().sum();
            estimate.truncated = Some(b);
        }
        estimate
    }
}

/// What the progress lines of an estimate's trajectories tell, from the end of each and from
/// the checks inside those running: the first pass starts with the largest, which run for
/// minutes before any ends.
pub(super) struct Told {
    model: String,
    trajectories: usize,
    pub(super) done: AtomicUsize,
    running: AtomicUsize,
}

impl Told {
    pub(super) fn new(draws: &Draws<'_>) -> Told {
        Told {
            model: draws.model.name.clone(),
            trajectories: draws.trajectories.get(),
            done: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
        }
    }

    /// The line: trajectories done (and running, in the first pass); `alone`: the pass alone.
    fn line(&self, alone: bool) -> String {
        let done = self.done.load(Ordering::Relaxed);
        let running = self.running.load(Ordering::Relaxed);
        let (running, pass) = match (alone, running) {
            (true, _) => (String::new(), ", the largest alone"),
            (false, 0) => (String::new(), ""),
            (false, r) => (format!(", {r} running"), ""),
        };
        format!(
            "{done} of {} trajectories under {} done{running} (weight sectors{pass})",
            self.trajectories, self.model
        )
    }
}

/// What the workers of the first pass share: the trajectories left, keyed largest plan first,
/// and the amplitudes planned for those running, and how many run.
struct Queue {
    left: BTreeSet<(std::cmp::Reverse<usize>, usize)>,
    held: usize,
    running: usize,
}

/// A running trajectory's share of the first pass's room, given back when it is dropped.
struct Reserved<'a> {
    queue: &'a Mutex<Queue>,
    ended: &'a std::sync::Condvar,
    amplitudes: usize,
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        {
            let mut q = self.queue.lock().unwrap_or_else(|p| p.into_inner());
            q.held -= self.amplitudes;
            q.running -= 1;
        }
        self.ended.notify_all();
    }
}

/// The trajectories' values ([`Value`], `None`: no error) as the estimate and its bracket read
/// them.
#[derive(Debug, PartialEq)]
pub(super) struct Columns {
    /// (P(valid), energy); `None`: no error.
    pub(super) values: Vec<Option<(f64, f64)>>,
    /// Probability dropped, 0 without an error.
    pub(super) dropped: Vec<f64>,
    /// (P(valid), dropped, lost, radius) of the trajectories that dropped pieces too large.
    pub(super) lost: Vec<[f64; 4]>,
    /// Pieces run, 0 unsplit or without an error.
    pub(super) pieces: Vec<usize>,
}

impl Columns {
    pub(super) fn of(ran: &[Option<Value>]) -> Columns {
        Columns {
            values: ran.iter().map(|v| v.map(|(p, e, ..)| (p, e))).collect(),
            dropped: ran.iter().map(|v| v.map_or(0.0, |v| v.2)).collect(),
            lost: ran
                .iter()
                .flatten()
                .filter(|v| v.4 .0 > 0.0)
                .map(|v| [v.0, v.2, v.4 .0, v.4 .1])
                .collect(),
            pieces: ran.iter().map(|v| v.map_or(0, |v| v.3)).collect(),
        }
    }
}

/// The final state of a trajectory with `events` (at least one): from the noiseless
/// `checkpoints` (the state before each layer) where its first error comes after the
/// preparation, else from scratch. A trajectory in pieces drops from the checkpoint what cannot
/// come home, and a bounded one its whole state where its first step would hold too much
/// ([`Prune::drops_whole`]), as its plan does.
pub(super) fn run_trajectory(
    prog: &SectorProgram,
    events: &[(usize, Pauli)],
    checkpoints: &[SectorState],
    data: &Cache<'_>,
    room: &Room,
    prune: &mut Prune<'_>,
) -> Result<SectorState> {
    let first = events.first().map_or(usize::MAX, |e| e.0);
    match prog.layers.iter().rposition(|l| l.cost_at <= first) {
        Some(l) if first >= prog.prep_group.len() => {
            let mut state = checkpoints[l].clone();
            if prune.runs_in_pieces() {
                // It drops from its start, as from scratch and as its plan's walk does.
                prune.at(&mut state, prog.layers[l].cost_at);
                if prune.drops_whole(&state) {
                    return Ok(SectorState::new());
                }
            }
            prog.run_layers(state, l..prog.layers.len(), events, data, room, prune)
        }
        _ => prog.run_from_start(events, data, room, prune),
    }
}

/// P(valid), energy and the probability outside of a trajectory that ran in pieces, from
/// `folded`, its pieces' valid sectors already read out after the flips (`exact`: the tables
/// without readout errors): the rest, whatever it is, lies outside them, its energy taken at
/// the middle of the cost's range as a dropped part's is.
pub(super) fn folded_value(
    prog: &SectorProgram,
    folded: &SectorState,
    exact: &Cache<'_>,
    full: &ZPoly,
    cancel: &crate::budget::Cancel,
) -> Result<(f64, f64, f64)> {
    let (p, e) = exact.measure(prog, folded, cancel)?;
    let kept: f64 = folded.values().flatten().map(|a| a.norm_sqr()).sum();
    let rest = (1.0 - kept).clamp(0.0, 1.0);
    Ok((p, e + full.offset * rest, rest))
}

/// The bracket of a truncated `estimate` whose trajectories dropped `dropped` (probability,
/// per trajectory): P(valid) is exact for them; the energy of trajectory t, `⟨a|C|a⟩ + c·d`
/// with `d` dropped and `c` the middle of the cost's range, is within `R·(d + 2√(d(1 − d)))` of
/// its exact value (`R` the half range: `|⟨b|C − c|b⟩| ≤ R·d` and the cross term
/// `2|⟨a|C − c|b⟩| ≤ 2R‖a‖‖b‖`, the parts orthogonal).
///
/// `lost`: (P(valid) `p`, probability dropped, probability in pieces too large to hold, radius
/// `r`) of each trajectory that dropped such pieces (bounded). Its final valid part is within
/// `r` of the one computed, so its exact P(valid) lies in `[(√p − r)₊², min(1, (√p + r)²)]`; and its energy, whose kept part
/// `a` is within `r` of the exact valid part, within `4R·r` more (at most `2R` in all).
fn bracket(
    truncation: Truncation,
    estimate: &NoisyEstimate,
    dropped: &[f64],
    lost: &[[f64; 4]],
    full: &ZPoly,
) -> Bracket {
    let half_range: f64 = full.terms.iter().map(|(_, w)| w.abs()).sum();
    let t = dropped.len().max(1) as f64;
    let width = |d: f64| {
        let d = d.clamp(0.0, 1.0);
        half_range * (d + 2.0 * (d * (1.0 - d)).sqrt())
    };
    let mut widths: f64 = dropped.iter().map(|&d| width(d)).sum();
    let (mut below, mut above) = (0.0, 0.0);
    for &[p, d, _, r] in lost {
        let root = p.max(0.0).sqrt();
        below += p - (root - r).max(0.0).powi(2);
        above += (root + r).powi(2).min(1.0) - p;
        widths += (width(d) + 4.0 * half_range * r).min(2.0 * half_range) - width(d);
    }
    let widths = widths / t;
    Bracket {
        truncation,
        trajectories_truncated: dropped.iter().filter(|&&d| d > 0.0).count(),
        mean_dropped: dropped.iter().sum::<f64>() / t,
        max_dropped: dropped.iter().copied().fold(0.0, f64::max),
        trajectories_in_pieces: 0,
        pieces: 0,
        trajectories_bounded: lost.len(),
        mean_bounded: lost.iter().map(|l| l[2]).sum::<f64>() / t,
        p_valid: [estimate.p_valid - below / t, estimate.p_valid + above / t],
        energy: [estimate.energy - widths, estimate.energy + widths],
    }
}

/// What the plan tells its progress under.
const PLAN_TASK: &str = "planning noisy trajectories";

/// Every trajectory's errors, drawn before any is run, and the amplitudes each is planned to
/// hold ([`plan`]).
pub(super) struct Planned {
    pub(super) events: Vec<GateEvents>,
    pub(super) amplitudes: Vec<u128>,
}

impl Planned {
    /// A trajectory's share of the work, for the progress fraction: the amplitudes it is
    /// planned to hold (none without an error, which runs nothing), and 1 so that none counts
    /// nothing.
    pub(super) fn weight(&self, t: usize) -> u64 {
        let held = if self.events[t].is_empty() {
            0
        } else {
            u64::try_from(self.amplitudes[t]).unwrap_or(u64::MAX)
        };
        // Capped at 2^40 (past any plan that runs), so a million trajectories sum in a u64.
        held.min(1 << 40) + 1
    }

    /// The work of all the trajectories.
    pub(super) fn work(&self) -> u64 {
        (0..self.events.len()).map(|t| self.weight(t)).sum()
    }
}

/// The trajectories of `draws` planned before any work: every one's errors drawn (from its own
/// stream, so the same draws as when they were drawn one by one) and its memory planned
/// ([`SectorProgram::planned_amplitudes`], or [`SectorProgram::planned`] with its readout
/// flips and drops where it is truncated), against `room` (what one trajectory may hold) and
/// `memory` (the noiseless checkpoints, one per layer and the last, share half of it): a run
/// whose noiseless state, or any of its trajectories, cannot be held is refused at once instead
/// of after minutes (docs/qasm.md, "Noise-aware expectations").
pub(super) fn plan(
    prog: &SectorProgram,
    draws: &Draws<'_>,
    room: &Room,
    checkpoints: usize,
    memory: u64,
) -> Result<Planned> {
    let (model, trajectories, seed, cancel) = draws.parts();
    let noiseless = prog.noiseless_dimension();
    let held = noiseless.saturating_mul(checkpoints as u128);
    let half = u128::from(memory / 2) / BYTES_PER_AMPLITUDE as u128;
    if held > half {
        return Err(Error::TooMuchMemory {
            what: Quantity::SectorAmplitudes,
            count: held,
            log2_bytes: (held as f64).log2() + (BYTES_PER_AMPLITUDE as f64).log2(),
            available: memory / 2,
        });
    }
    // Planning a deep circuit's trajectories takes minutes: told as it goes (no fraction, so
    // the depth's own is kept).
    let counted = AtomicUsize::new(0);
    let planned: Vec<(GateEvents, u128)> = (0..trajectories)
        .into_par_iter()
        .map(|t| -> Result<(GateEvents, u128)> {
            cancel.check(TRAJECTORIES_TASK)?;
            let d = counted.fetch_add(1, Ordering::Relaxed);
            cancel.tick(PLAN_TASK, None, || {
                format!("{d} of {trajectories} trajectories under {} planned", model.name)
            });
            let events: GateEvents = prog.native.sample_events(model, &mut trajectory_rng(seed, t));
            let need = match draws.truncation {
                Truncation::Off => prog.planned_amplitudes(&events),
                Truncation::Exact | Truncation::Bounded => {
                    let flips = read_out(0, prog.num_qubits, model.readout, &mut readout_rng(seed, t));
                    prog.planned_in_pieces(&events, flips, draws.truncation == Truncation::Bounded)
                }
            };
            Ok((events, need))
        })
        .collect::<Result<_>>()?;
    // The first trajectory that cannot be held even alone would end the run: refused now.
    if let Some(t) = planned.iter().position(|p| p.1 > room.amplitudes as u128) {
        let (events, need) = &planned[t];
        let refusal = room.refusal(*need);
        let largest = planned.iter().map(|p| p.1).max().unwrap_or(0);
        let instead = match draws.truncation {
            Truncation::Off => {
                "the exact truncation (sectors that can no longer end valid dropped; P(valid) stays exact), "
            }
            Truncation::Exact => {
                "the bounded truncation (pieces of a trajectory too large to hold even split dropped, P(valid) then bracketed by what they held), "
            }
            Truncation::Bounded => "",
        };
        return Err(Error::TrajectoryRefused {
            refusal: Box::new(refusal),
            done: format!(
                "trajectory {} of {trajectories} would hold that many (its {} errors move the blocks' weights: noiseless, {noiseless} amplitudes; the largest of all {trajectories}, planned before any work, {largest}), so the run is refused before any work; {instead}fewer qubits (a smaller board or a higher reduction), a lighter noise model or more memory would fit",
                t + 1,
                events.len()
            ),
        });
    }
    let (events, amplitudes) = planned.into_iter().unzip();
    Ok(Planned { events, amplitudes })
}

/// [`estimate`]'s plan for `prog` under `draws`, before the run (and before any optimisation
/// whose angles it would estimate: the plan reads the gates and the draws, not the angles),
/// against the memory available now.
pub fn check_fits(prog: &SectorProgram, draws: &Draws<'_>) -> Result<()> {
    let memory = crate::sim::available_memory();
    let checkpoints = prog.layers.len() + 1;
    let held = (prog.noiseless_dimension() as usize).saturating_mul(checkpoints * BYTES_PER_AMPLITUDE);
    plan(prog, draws, &Room::alone(memory, held), checkpoints, memory).map(|_| ())
}

/// The refusal `e` of trajectory `t` (of `total`), with the trajectories that ran (`ran`: `None`
/// for those not run; a value `None` drew no error, so gives `v0`) and their estimate.
pub(super) fn refused_after(
    e: Error,
    t: usize,
    total: usize,
    ran: &[Option<Option<(f64, f64)>>],
    v0: (f64, f64),
    began: std::time::Instant,
) -> Error {
    let done: Vec<(f64, f64)> = ran.iter().flatten().map(|v| v.unwrap_or(v0)).collect();
    let seconds = crate::budget::seconds_text(began.elapsed().as_secs_f64());
    let mut text = format!(
        "trajectory {} of {total} was refused after {} of them ran ({seconds})",
        t + 1,
        done.len()
    );
    if !done.is_empty() {
        let pv: Vec<f64> = done.iter().map(|v| v.0).collect();
        let en: Vec<f64> = done.iter().map(|v| v.1).collect();
        let (p, p_se) = super::super::trajectories::mean_and_se(&pv, v0.0);
        let (en, en_se) = super::super::trajectories::mean_and_se(&en, v0.1);
        text += &format!(
            "; from those {}: P(valid) {p:.6} ± {p_se:.6}, energy {en:.6} ± {en_se:.6} (partial: the trajectories too large to hold, those with the most errors, are left out)",
            done.len()
        );
    }
    Error::TrajectoryRefused {
        refusal: Box::new(e),
        done: text,
    }
}

/// `shots` noisy measurements of `prog`, as [`crate::noise::gates::sample_counts`] draws them: `T' =
/// min(trajectories, shots)` trajectories, trajectory t giving `⌊shots/T'⌋` shots plus one for
/// t < shots mod T', each drawn from its state and every bit flipped with probability
/// `model.readout`. Counts keyed by full-space bits (bit q = qubit q).
pub fn sample_counts(
    prog: &SectorProgram,
    shots: crate::checked::Shots,
    draws: &Draws<'_>,
) -> Result<crate::bits::CountMap> {
    let (model, cancel) = (draws.model, draws.cancel);
    let room = Room::new(2).with_cancel(cancel);
    // Counts need every amplitude: nothing is dropped.
    let draws = &Draws {
        truncation: Truncation::Off,
        ..*draws
    };
    plan(prog, draws, &room, 0, crate::sim::available_memory())?;
    let data = Cache::new(None);
    let route = " (weight sectors)";
    super::super::trajectories::sample_by_trajectory(draws, shots, route, |rng, mine, counts| {
        let events = prog.native.sample_events(model, rng);
        let state = prog.prepare(&events, &room)?;
        let off = &mut Prune::off();
        let state = prog.run_layers(state, 0..prog.layers.len(), &events, &data, &room, off)?;
        // The states in sector order, with their cumulative probabilities.
        let mut masks = Vec::new();
        let mut cumulative = Vec::new();
        let mut total = 0.0;
        for (key, amps) in &state {
            for (x, a) in prog.sector_masks(key).into_iter().zip(amps) {
                total += a.norm_sqr();
                masks.push(x);
                cumulative.push(total);
            }
        }
        let last = cumulative.len().saturating_sub(1);
        for _ in 0..mine {
            let x = masks[draw_index(&cumulative, total, last, rng)];
            *counts
                .entry(read_out(x, prog.num_qubits, model.readout, rng))
                .or_insert(0) += 1;
        }
        Ok(())
    })
}
