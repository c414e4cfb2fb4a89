//! Truncation of a sector trajectory (docs/qasm.md, "Truncation"): once a trajectory's errors
//! are drawn, the weight changes still to come on each block are bounded, so a sector whose
//! block weights are farther from every valid board's than those changes can reach can never
//! end valid. Dropping it changes no P(valid) of the trajectory: the rest of the circuit is
//! unitary, so what the sector becomes stays orthogonal to the valid boards.
//!
//! The readout sees every amplitude, so a trajectory that would drop something draws its readout
//! flips (from their own stream, [`readout_rng`]) and counts them among the changes to come;
//! it is read out exactly after them. Whether it does depends on its gate errors alone, so the
//! estimator stays unbiased: the flips' expectation is the analytic readout of the others.

use super::super::trajectories::{read_out, readout_rng};
use super::*;

/// The weight changes one step of a trajectory can make on each group: `None` none, else the
/// changes it can make (each a bit of the mask, change δ at bit `δ + 16`).
pub(super) type Changes = Vec<u32>;

/// The mask of the changes of `k` X factors on one group: −k, −k + 2, …, k.
fn x_changes(k: i32) -> u32 {
    (0..=k).map(|j| 1u32 << (2 * j - k + 16)).fold(0, |a, b| a | b)
}

/// The total changes a run of steps can make on one group: bit `Δ + 64` for each total Δ
/// (every sum of one change per step), or [`ANY`] where the steps could move it by 64 or more.
pub(super) type Totals = u128;

/// The totals of no step: 0 only.
const NONE: Totals = 1 << 64;

/// Totals not tracked (too wide to matter: no block has 64 qubits): every change.
const ANY: Totals = u128::MAX;

/// The totals of one more step with `changes` (a [`Changes`] mask) before those of `totals`:
/// every sum of one of each. A sum that could leave the tracked range makes them [`ANY`].
fn add_step(totals: Totals, changes: u32) -> Totals {
    if changes == 0 || totals == ANY {
        return totals;
    }
    let mut out: Totals = 0;
    for b in (0..32i32).filter(|b| changes >> b & 1 == 1) {
        let d = b - 16;
        // A total pushed out of the range at either end: no longer tracked.
        let lost = if d >= 0 {
            totals.leading_zeros() < d as u32
        } else {
            totals.trailing_zeros() < d.unsigned_abs()
        };
        if lost {
            return ANY;
        }
        out |= if d >= 0 {
            totals << d as u32
        } else {
            totals >> d.unsigned_abs()
        };
    }
    out
}

/// Whether a total change of `delta` is among `totals`.
pub(super) fn can_total(totals: Totals, delta: i32) -> bool {
    totals == ANY || ((-64..64).contains(&delta) && totals >> (delta + 64) & 1 == 1)
}

/// Per group, the total weight changes the rest of a trajectory can make after each point: each
/// step's changes (a Pauli's X factors on a block change its weight by ±1 each, so their parity
/// is fixed; a gate's matrix with an error inside by what its entries allow), summed.
pub(super) struct Reach {
    /// `(native index at which the changes happen, per group)`, ascending by index.
    marks: Vec<(usize, Changes)>,
    /// Per mark, whether a Pauli makes it that the run applies just before its next drop (a
    /// cost part's frame, the factors off an XY gate, the readout flips): a trajectory in
    /// pieces applies it with that drop ([`Prune::pauli`]).
    pauli: Vec<bool>,
    /// Per mark, the native index of the run's first drop after it ([`Prune::at`]'s `b`):
    /// marks that share it are applied before the run may drop anything.
    until: Vec<usize>,
    /// `after[i]`: per group, the totals of `marks[i..]`.
    after: Vec<Vec<Totals>>,
}

impl Reach {
    /// The reach of `marks` (native index, the run's next drop after it, changes per group);
    /// the groups marked `free` (whose weights no valid board fixes) reach every weight.
    pub(super) fn from_marks(marks: Vec<(usize, usize, Changes)>, free: &[bool]) -> Reach {
        Reach::from_typed_marks(marks.into_iter().map(|(a, u, c)| (a, u, c, false)).collect(), free)
    }

    /// [`Reach::from_marks`] with each mark's [`Reach::pauli`] flag.
    fn from_typed_marks(mut marks: Vec<(usize, usize, Changes, bool)>, free: &[bool]) -> Reach {
        marks.sort_by_key(|m| m.0);
        let until: Vec<usize> = marks.iter().map(|m| m.1).collect();
        let pauli: Vec<bool> = marks.iter().map(|m| m.3).collect();
        let marks: Vec<(usize, Changes)> = marks.into_iter().map(|(at, _, c, _)| (at, c)).collect();
        let end: Vec<Totals> = free.iter().map(|&f| if f { ANY } else { NONE }).collect();
        let mut after = vec![end; marks.len() + 1];
        for i in (0..marks.len()).rev() {
            after[i] = after[i + 1]
                .iter()
                .zip(&marks[i].1)
                .map(|(&t, &c)| add_step(t, c))
                .collect();
        }
        Reach {
            marks,
            pauli,
            until,
            after,
        }
    }

    /// This reach with one more step after every other, the readout flips' `changes`: the
    /// totals are sums, so each point's gain that step.
    pub(super) fn then_flips(&self, changes: Changes) -> Reach {
        let mut after: Vec<Vec<Totals>> = self
            .after
            .iter()
            .map(|totals| totals.iter().zip(&changes).map(|(&t, &c)| add_step(t, c)).collect())
            .collect();
        // The point after the flips: nothing left.
        after.push(vec![NONE; changes.len()]);
        let mut marks = self.marks.clone();
        marks.push((usize::MAX, changes));
        let mut pauli = self.pauli.clone();
        pauli.push(true);
        let mut until = self.until.clone();
        until.push(usize::MAX);
        Reach {
            marks,
            pauli,
            until,
            after,
        }
    }

    /// Per group, the totals left from native index `b` on (marks at `b` or later).
    pub(super) fn remaining(&self, b: usize) -> &[Totals] {
        let i = self.marks.partition_point(|m| m.0 < b);
        &self.after[i]
    }
}

/// What one trajectory drops, as it runs ([`SectorProgram::run_layers`] calls [`Prune::at`]
/// after the preparation, after each cost part, after each mixer gate with an error and after
/// each mixer).
pub(super) struct Prune<'a> {
    /// The reach of the gate errors alone; `None`: truncation off.
    gates: Option<Reach>,
    /// The reach with the readout flips, and the flips (bit q: qubit q).
    with_flips: Option<(Reach, u64)>,
    valid: &'a [Key],
    /// Whether the trajectory has dropped, or would have: it is then read out after its flips.
    pub(super) drawn: bool,
    /// The probability dropped (squared norm), summed in sector order.
    pub(super) dropped: f64,
    /// The most amplitudes the state held at a checkpoint, before its drops (truncated only:
    /// otherwise the final state is the largest).
    pub(super) peak: usize,
    /// Where the trajectory [`runs_in_pieces`](SectorProgram::runs_in_pieces): its walk.
    pub(super) pieces: Option<Pieces<'a>>,
    /// The probability of the pieces a bounded trajectory dropped as too large to hold.
    pub(super) lost: f64,
    /// The sum over the points where it dropped them of the norm dropped there: the most the
    /// final state's valid part can differ by (each point's pieces are orthogonal, and what
    /// follows is unitary).
    pub(super) lost_radius: f64,
}

/// A trajectory that runs in pieces: the walk of the piece running, and what the pieces run to
/// the end left in the valid sectors.
pub(super) struct Pieces<'a> {
    walker: Walker<'a>,
    walk: Walk,
    /// The valid sectors of the pieces run to the end, after the readout flips, summed in the
    /// pieces' order (`None`: not split).
    pub(super) folded: Option<SectorState>,
    /// The pieces run to the end.
    pub(super) count: usize,
}

impl<'a> Prune<'a> {
    /// Dropping what cannot reach `valid` by the changes of `gates` (the gate errors), or,
    /// once it would, by those of `with_flips` (the same with the readout `flips` after them),
    /// then read out after the flips.
    pub(super) fn exact(gates: Reach, with_flips: Reach, flips: u64, valid: &[Key]) -> Prune<'_> {
        Prune {
            gates: Some(gates),
            with_flips: Some((with_flips, flips)),
            valid,
            drawn: false,
            dropped: 0.0,
            peak: 0,
            pieces: None,
            lost: 0.0,
            lost_radius: 0.0,
        }
    }

    /// [`Prune::exact`] for a trajectory that [`runs_in_pieces`](SectorProgram::runs_in_pieces):
    /// it drops and reads out after its flips from the start, and splits where `walker` says.
    pub(super) fn in_pieces(mut self, walker: Walker<'a>, walk: Walk) -> Prune<'a> {
        self.drawn = true;
        self.pieces = Some(Pieces {
            walker,
            walk,
            folded: None,
            count: 0,
        });
        self
    }

    /// Nothing dropped.
    pub(super) fn off() -> Prune<'static> {
        Prune {
            gates: None,
            with_flips: None,
            valid: &[],
            drawn: false,
            dropped: 0.0,
            peak: 0,
            pieces: None,
            lost: 0.0,
            lost_radius: 0.0,
        }
    }

    /// The flips drawn, if the trajectory read them (`None`: read out analytically).
    pub(super) fn flips(&self) -> Option<u64> {
        self.drawn.then(|| self.with_flips.as_ref().map_or(0, |f| f.1))
    }

    /// The pieces `state` splits into here ([`Walker::pieces`]), with their walks, in the run's
    /// order; `None` (the state left whole) where the walk does not split, or where a sector lies
    /// outside its weights (the plan's sets hold every sector the run makes, so never: but a
    /// state left whole is exact, a sector lost is not).
    pub(super) fn split(&mut self, state: &mut SectorState) -> Option<Vec<(SectorState, Walk)>> {
        let pieces = self.pieces.as_mut()?;
        let (walks, lost): (Vec<Walk>, Vec<bool>) = pieces.walker.pieces_marked(&pieces.walk).into_iter().unzip();
        if walks.len() < 2 && !lost.contains(&true) {
            return None;
        }
        let owner = |key: &Key| {
            walks
                .iter()
                .position(|w| w.weights.iter().zip(key).all(|(ws, l)| ws.contains(l)))
        };
        if !state.keys().all(|k| owner(k).is_some()) {
            return None;
        }
        let mut parts: Vec<SectorState> = vec![SectorState::new(); walks.len()];
        for (key, amps) in std::mem::take(state) {
            let i = owner(&key).expect("checked above");
            parts[i].insert(key, amps);
        }
        pieces.folded.get_or_insert_with(SectorState::new);
        let mut gone = 0.0;
        let kept = parts
            .into_iter()
            .zip(walks)
            .zip(lost)
            .filter_map(|((part, walk), lost)| {
                if lost {
                    gone += part.values().flatten().map(|a| a.norm_sqr()).sum::<f64>();
                    return None;
                }
                (!part.is_empty()).then_some((part, walk))
            })
            .collect();
        self.lose(gone);
        Some(kept)
    }

    /// Whether the trajectory [`runs_in_pieces`](SectorProgram::runs_in_pieces).
    pub(super) fn runs_in_pieces(&self) -> bool {
        self.pieces.is_some()
    }

    /// Whether a bounded trajectory in pieces drops all of `state`, where it starts from a
    /// checkpoint (its walk, at the preparation, cannot split: every block at its home weight),
    /// because its first step would hold too much ([`Walker::lost`]); the probability counted.
    pub(super) fn drops_whole(&mut self, state: &SectorState) -> bool {
        let Some(pieces) = self.pieces.as_mut() else {
            return false;
        };
        if !pieces.walker.lost(&pieces.walk) {
            return false;
        }
        pieces.folded.get_or_insert_with(SectorState::new);
        self.lose(state.values().flatten().map(|a| a.norm_sqr()).sum());
        true
    }

    /// Pieces of probability `p` dropped at one point as too large to hold.
    pub(super) fn lose(&mut self, p: f64) {
        if p > 0.0 {
            self.lost += p;
            self.lost_radius += p.sqrt();
        }
    }

    /// The pieces a trajectory in pieces starts as (after its preparation's drop), each
    /// prepared alone, with only the weights that can still come home, and whether a bounded
    /// trajectory drops it as too large ([`Walker::lost`]); `None`: not in pieces. Where there
    /// are several, or one dropped, the split begins.
    pub(super) fn start_pieces(&mut self) -> Option<Vec<(Walk, bool)>> {
        let pieces = self.pieces.as_mut()?;
        let walks = pieces.walker.pieces_marked(&pieces.walk);
        if walks.len() > 1 || walks.iter().any(|w| w.1) {
            pieces.folded.get_or_insert_with(SectorState::new);
        }
        Some(walks)
    }

    /// The piece about to run from its split: its walk.
    pub(super) fn resume(&mut self, walk: Walk) {
        if let Some(pieces) = &mut self.pieces {
            pieces.walk = walk;
        }
    }

    /// Whether the trajectory has split (its value is then that of [`Pieces::folded`]).
    pub(super) fn split_state(&mut self) -> Option<&mut SectorState> {
        self.pieces.as_mut().and_then(|p| p.folded.as_mut())
    }

    /// Whether a Pauli just before a drop at native index `b` is applied with it
    /// ([`SectorProgram::apply_pauli_kept`]): in a trajectory in pieces, once it drops; then the
    /// sectors it keeps.
    pub(super) fn pauli(&self, b: usize) -> Option<impl Fn(&[u8]) -> bool + '_> {
        let (reach, _) = self.with_flips.as_ref()?;
        if self.pieces.is_none() || !self.drawn {
            return None;
        }
        let r = reach.remaining(b);
        let valid = self.valid;
        Some(move |k: &[u8]| reachable(k, r, valid))
    }

    /// One more piece run to the end.
    pub(super) fn count_piece(&mut self) {
        if let Some(p) = &mut self.pieces {
            p.count += 1;
        }
    }

    /// The pieces run to the end (0: not split).
    pub(super) fn pieces_run(&self) -> usize {
        self.pieces.as_ref().map_or(0, |p| p.count)
    }

    /// The valid keys, ascending.
    pub(super) fn valid(&self) -> &[Key] {
        self.valid
    }

    /// Drops the sectors of `state` that cannot reach a valid key from native index `b` on.
    pub(super) fn at(&mut self, state: &mut SectorState, b: usize) {
        if let Some(pieces) = &mut self.pieces {
            pieces.walker.advance(&mut pieces.walk, b);
        }
        let Some(gates) = &self.gates else {
            return;
        };
        self.peak = self.peak.max(state.values().map(Vec::len).sum());
        if !self.drawn {
            let r = gates.remaining(b);
            if state.keys().all(|k| reachable(k, r, self.valid)) {
                return;
            }
            self.drawn = true;
        }
        let Some((reach, _)) = &self.with_flips else {
            return;
        };
        let r = reach.remaining(b);
        let valid = self.valid;
        let mut dropped = 0.0;
        state.retain(|k, amps| {
            let keep = reachable(k, r, valid);
            if !keep {
                dropped += amps.iter().map(|a| a.norm_sqr()).sum::<f64>();
            }
            keep
        });
        self.dropped += dropped;
    }
}

/// Whether sector `key` can end at one of `valid`, each group's weight changing by one of its
/// `totals` ([`Reach::remaining`]).
pub(super) fn reachable(key: &[u8], totals: &[Totals], valid: &[Key]) -> bool {
    valid.iter().any(|v| {
        key.iter()
            .zip(v)
            .zip(totals)
            .all(|((&k, &w), &t)| can_total(t, i32::from(w) - i32::from(k)))
    })
}

impl SectorProgram {
    /// The sector keys of the `valid` boards (full-space bits), ascending and distinct.
    pub(super) fn valid_keys(&self, valid: &[u64]) -> Vec<Key> {
        let keys: BTreeSet<Key> = valid
            .iter()
            .map(|&v| {
                self.groups
                    .iter()
                    .map(|g| {
                        let p: u32 = g
                            .qubits
                            .iter()
                            .enumerate()
                            .map(|(j, &q)| ((v >> q & 1) as u32) << j)
                            .sum();
                        g.label(p)
                    })
                    .collect()
            })
            .collect();
        keys.into_iter().collect()
    }

    /// The weight changes of a Pauli whose X factors are the bits of `x`, per group.
    pub(super) fn x_marks(&self, x: u64) -> Changes {
        let mut k = vec![0i32; self.groups.len()];
        for q in (0..self.num_qubits.min(64)).filter(|q| x >> q & 1 == 1) {
            let g = self.place[q].0;
            if self.groups[g].split {
                k[g] += 1;
            }
        }
        k.into_iter().map(|k| if k == 0 { 0 } else { x_changes(k) }).collect()
    }

    /// The weight changes of `events` (native indices ascending) per group, where the run
    /// applies them, and then those of the readout `flips` (`None`: not counted: see
    /// [`Reach::then_flips`] for both from one pass). An error in a
    /// cost part is its frame at the end of that part (`cx` spreads its X factors); the errors
    /// inside a mixer gate's native gates change the weights as the matrix the run applies
    /// does (the gate's pieces around them are not weight-preserving: a Z inside may move
    /// weight), read off its entries; the factors off the gate by their X bits.
    pub(super) fn reach(&self, events: &[(usize, Pauli)], flips: Option<u64>) -> Reach {
        let ng = self.groups.len();
        // (native index, the run's next drop after it, changes).
        // (native index, the run's next drop after it, changes, whether a Pauli just before it).
        let mut marks: Vec<(usize, usize, Changes, bool)> = Vec::new();
        let x_marks = |x: u64| self.x_marks(x);
        let prep_len = self.prep_group.len();
        for &(at, p) in events.iter().filter(|e| e.0 < prep_len) {
            marks.push((at, prep_len, x_marks(p.x), false));
        }
        for (l, layer) in self.layers.iter().enumerate() {
            let end = self.layers.get(l + 1).map_or(self.native.gates.len(), |n| n.cost_at);
            let cost_end = layer.cost_at + layer.cost.cost.len();
            let in_cost: Vec<(usize, Pauli)> = events
                .iter()
                .filter(|e| e.0 >= layer.cost_at && e.0 < cost_end)
                .map(|&(at, p)| (at - layer.cost_at, p))
                .collect();
            if !in_cost.is_empty() {
                let frame = LayerFrame::of(
                    &layer.cost,
                    &LayerEvents {
                        cost: in_cost,
                        mixer: Pauli::I,
                    },
                );
                marks.push((layer.cost_at, cost_end, x_marks(frame.frame.x), true));
            }
            // An error between the cost part and the mixer's gates (none: the gates follow each
            // other) changes the weights by its X bits.
            for &(at, p) in events.iter().filter(|e| {
                e.0 >= cost_end && e.0 < end && !layer.units.iter().any(|u| e.0 >= u.at && e.0 < u.at + u.gates.len())
            }) {
                marks.push((at, end, x_marks(p.x), false));
            }
            for unit in &layer.units {
                let unit_end = unit.at + unit.gates.len();
                let mask = mask_of(&unit.qubits);
                let local = |q: usize| unit.qubits.iter().position(|&x| x == q).expect("a gate's own qubit");
                let mut inside = Vec::new();
                for &(at, p) in events.iter().filter(|e| e.0 >= unit.at && e.0 < unit_end && e.0 < end) {
                    let (mine, other) = split_pauli(p, mask);
                    marks.push((at, unit_end, x_marks(other.x), true));
                    inside.push((at - unit.at + 1, relabel_pauli(mine, local)));
                }
                if inside.is_empty() {
                    continue;
                }
                // The changes the gate's matrix with its errors makes on each group it touches.
                let matrix = matrix_with_errors(unit.qubits.len(), &unit.gates, &inside);
                let dim = 1usize << unit.qubits.len();
                let mut changes: Changes = vec![0; ng];
                for o in 0..dim {
                    for c in 0..dim {
                        if matrix[o * dim + c] == ZERO {
                            continue;
                        }
                        let mut delta = vec![0i32; ng];
                        for (j, &q) in unit.qubits.iter().enumerate() {
                            delta[self.place[q].0] += (o >> j & 1) as i32 - (c >> j & 1) as i32;
                        }
                        for &q in &unit.qubits {
                            let g = self.place[q].0;
                            if self.groups[g].split {
                                changes[g] |= 1 << (delta[g] + 16);
                            }
                        }
                    }
                }
                // No change is no mark (a matrix that keeps every weight).
                for c in changes.iter_mut() {
                    if *c == 1 << 16 {
                        *c = 0;
                    }
                }
                marks.push((unit.at, unit_end, changes, false));
            }
        }
        if let Some(f) = flips {
            marks.push((usize::MAX, usize::MAX, x_marks(f), true));
        }
        Reach::from_typed_marks(marks, &vec![false; ng])
    }

    /// The pruning of trajectory `t` (seed `seed`) with `events`, under `truncation`; its
    /// readout flips (probability `r` per qubit) from their own stream; in pieces where it
    /// [`runs_in_pieces`](SectorProgram::runs_in_pieces).
    pub(super) fn prune<'a>(
        &'a self,
        truncation: Truncation,
        events: &[(usize, Pauli)],
        valid: &'a [Key],
        seed: u64,
        t: usize,
        r: f64,
    ) -> Prune<'a> {
        match truncation {
            Truncation::Off => Prune::off(),
            Truncation::Exact | Truncation::Bounded => {
                let flips = read_out(0, self.num_qubits, r, &mut readout_rng(seed, t));
                let gates = self.reach(events, None);
                let with_flips = gates.then_flips(self.x_marks(flips));
                let prune = Prune::exact(gates, with_flips, flips, valid);
                if !self.runs_in_pieces(events) {
                    return prune;
                }
                let walker = Walker::new(self, events, Some(flips)).in_pieces(truncation == Truncation::Bounded);
                let walk = walker.start(events, true);
                prune.in_pieces(walker, walk)
            }
        }
    }

    /// The most amplitudes a trajectory with `events` holds at once, planned before it runs;
    /// with `flips` (its readout flips), truncated as the run truncates it ([`Prune::at`]): at
    /// each of the run's drops, nothing while every weight can still come home by the gate
    /// errors alone, and from the first that cannot, the weights that cannot come home by the
    /// changes with the flips left out. The preparation's weights are its own (computed per
    /// block, as the run prepares them: an error inside it may leave a block at any weight), and
    /// it builds its product group by group beside the next one (at most twice the prepared
    /// state); after it each mark moves a block's weights by the changes it can make (an error
    /// inside an XY gate by up to two), the state's sectors are the product of the blocks'
    /// weights and it holds the sum of their sizes; while a move runs, the sectors before and
    /// after it are held together. A bound the run's own count never passes, so that a
    /// trajectory too large is refused in the plan, before any work.
    pub(super) fn planned(&self, events: &[(usize, Pauli)], flips: Option<u64>) -> u128 {
        let walker = Walker::new(self, events, flips);
        let walk = walker.start(events, false);
        walker
            .peak_from(&walk)
            .max(self.held_by(&self.prepared_labels(events)).saturating_mul(2))
    }

    /// Whether a truncated trajectory with `events` runs in pieces where it grows past
    /// [`PIECE_AMPLITUDES`] (the program's `piece_amplitudes`): where its untruncated plan does. Its gate errors alone decide
    /// (never its readout flips), and such a trajectory reads out after its flips from the
    /// start, so the estimator stays unbiased.
    pub(super) fn runs_in_pieces(&self, events: &[(usize, Pauli)]) -> bool {
        self.planned(events, None) > self.piece_amplitudes
    }

    /// [`SectorProgram::planned`] for a truncated trajectory with `events` and readout `flips`,
    /// in pieces where it [`runs_in_pieces`](SectorProgram::runs_in_pieces): the run splits its
    /// state where [`Walker::split`] says, and holds the pieces waiting, the one running and the
    /// valid sectors of those done; `bounded`: pieces too large are dropped ([`Walker::lost`]),
    /// and hold nothing.
    pub(super) fn planned_in_pieces(&self, events: &[(usize, Pauli)], flips: u64, bounded: bool) -> u128 {
        if !self.runs_in_pieces(events) {
            return self.planned(events, Some(flips));
        }
        let walker = Walker::new(self, events, Some(flips)).in_pieces(bounded);
        let walk = walker.start(events, true);
        // The valid sectors of the pieces done: the noiseless state's (a block's valid weight is
        // its home weight).
        let folded = self.noiseless_dimension();
        let pieces = walker.pieces_marked(&walk);
        // The preparation builds only the weights that can still come home (errors inside it
        // may leave blocks at many weights), its product beside the next group's; split from
        // the start, each piece alone (those dropped as too large never built).
        if let [(_, false)] = pieces[..] {
            let prepared = self.held_by(&walk.weights).saturating_mul(2);
            return walker.peak_in_pieces(walk, folded, true).max(prepared);
        }
        pieces
            .into_iter()
            .filter(|piece| !piece.1)
            .map(|(piece, _)| {
                let prepared = self.held_by(&piece.weights).saturating_mul(2);
                walker
                    .peak_in_pieces(piece, folded, false)
                    .max(prepared.saturating_add(folded))
            })
            .max()
            .unwrap_or(0)
    }
}

/// The amplitudes past which a truncated trajectory runs in pieces (2 GiB): a state split by
/// one block's weight is the sum of its parts, each run on to the end alone, so a trajectory
/// whose sectors multiply holds one part at a time. A constant, not the machine's memory, so
/// that every machine splits the same trajectories the same way and gives the same bytes.
pub(super) const PIECE_AMPLITUDES: u128 = 1 << 27;

/// The amplitudes past which a bounded trajectory drops a piece it cannot split smaller (4 GiB):
/// the piece, or the step to its next drop, would hold more. A constant too, for the same bytes
/// on every machine.
pub(super) const DROP_AMPLITUDES: u128 = 1 << 28;

/// A trajectory as its plan follows it: each group's possible weights, whether it drops (its
/// readout flips drawn), and the next of its marks.
#[derive(Clone, Debug)]
pub(super) struct Walk {
    pub(super) weights: Vec<BTreeSet<u8>>,
    drawn: bool,
    next: usize,
}

/// The plan of one trajectory, step by step: the run follows the same walk to decide where it
/// splits into pieces, so the plan bounds what it holds.
pub(super) struct Walker<'a> {
    prog: &'a SectorProgram,
    gates: Reach,
    with_flips: Option<Reach>,
    home: Key,
    /// The walk of a trajectory in pieces (its Paulis applied with the drops after them).
    in_pieces: bool,
    /// A bounded trajectory's: the amplitudes past which a piece is dropped.
    bound: Option<u128>,
}

impl<'a> Walker<'a> {
    /// The walk of a trajectory with `events` and readout `flips` (`None`: nothing dropped).
    pub(super) fn new(prog: &'a SectorProgram, events: &[(usize, Pauli)], flips: Option<u64>) -> Walker<'a> {
        let gates = prog.reach(events, None);
        let with_flips = flips.map(|f| gates.then_flips(prog.x_marks(f)));
        Walker {
            prog,
            gates,
            with_flips,
            home: prog.home_key(),
            in_pieces: false,
            bound: None,
        }
    }

    /// The walk of a trajectory in pieces; `bounded`: one that drops the pieces too large to
    /// hold ([`Walker::lost`]).
    pub(super) fn in_pieces(self, bounded: bool) -> Walker<'a> {
        let bound = bounded.then_some(self.prog.drop_amplitudes);
        Walker {
            in_pieces: true,
            bound,
            ..self
        }
    }

    /// Whether a bounded trajectory drops the piece `walk` at its point: it holds, or the step
    /// to its next drop would hold, more than the program's `drop_amplitudes`. Called where
    /// the walk may split, after splitting ([`Walker::pieces`]): a piece no split makes small
    /// enough.
    pub(super) fn lost(&self, walk: &Walk) -> bool {
        let Some(bound) = self.bound else {
            return false;
        };
        if self.prog.held_by(&walk.weights) > bound {
            return true;
        }
        let mut next = walk.clone();
        self.step(&mut next).is_some_and(|held| held > bound)
    }

    fn reach(&self) -> &Reach {
        self.with_flips.as_ref().unwrap_or(&self.gates)
    }

    /// The walk after the preparation and the run's drop after it; `drawn`: dropping from the
    /// start (a trajectory that runs in pieces). A trajectory whose first error comes after the
    /// preparation starts from a noiseless checkpoint and, unless in pieces, makes its first
    /// drop after that error ([`super::run::run_trajectory`]): so does its walk.
    pub(super) fn start(&self, events: &[(usize, Pauli)], drawn: bool) -> Walk {
        let prep = self.prog.prep_group.len();
        let mut walk = Walk {
            weights: self.prog.prepared_labels(events),
            drawn,
            next: self.reach().marks.partition_point(|m| m.0 < prep),
        };
        let from_checkpoint = events.first().is_some_and(|e| e.0 >= prep);
        if drawn || !from_checkpoint {
            self.prune(&mut walk);
        }
        walk
    }

    /// The run's drop at the walk's point: nothing until a weight cannot come home by the gate
    /// errors alone, then what cannot by the changes with the flips.
    fn prune(&self, walk: &mut Walk) {
        let Some(with_flips) = &self.with_flips else {
            return;
        };
        let home = &self.home;
        let comes_home = |g: usize, w: u8, left: &[Totals]| can_total(left[g], i32::from(home[g]) - i32::from(w));
        let j = walk.next;
        if !walk.drawn && j < self.gates.after.len() {
            let left = &self.gates.after[j];
            walk.drawn = walk
                .weights
                .iter()
                .enumerate()
                .any(|(g, ws)| ws.iter().any(|&w| !comes_home(g, w, left)));
        }
        if walk.drawn {
            let left = &with_flips.after[j];
            for (g, ws) in walk.weights.iter_mut().enumerate() {
                ws.retain(|&w| comes_home(g, w, left));
            }
        }
    }

    /// The native index of the run's next drop with marks before it (`None`: no marks left).
    fn next_drop(&self, walk: &Walk) -> Option<usize> {
        self.reach().until.get(walk.next).copied()
    }

    /// The marks up to the run's next drop applied and that drop made: the amplitudes held while
    /// they moved, the sectors before and after a move held together (`None`: no marks left).
    fn step(&self, walk: &mut Walk) -> Option<u128> {
        let reach = self.reach();
        let i = walk.next;
        let until = *reach.until.get(i)?;
        let j = i + reach.until[i..].iter().take_while(|&&u| u == until).count();
        let before = self.prog.held_by(&walk.weights);
        // A trajectory in pieces applies the Paulis just before the drop with it, building only
        // the sectors it keeps: the other marks first, as the run applies them.
        let fused = self.in_pieces && walk.drawn && until != usize::MAX;
        let order: Vec<usize> = if fused {
            (i..j)
                .filter(|&m| !reach.pauli[m])
                .chain((i..j).filter(|&m| reach.pauli[m]))
                .collect()
        } else {
            (i..j).collect()
        };
        let mut moved = false;
        let mut held = 0;
        let mut paulis_from: Option<u128> = None;
        for m in order {
            if fused && reach.pauli[m] && paulis_from.is_none() {
                // The Paulis' sources: the state after the other marks.
                let now = self.prog.held_by(&walk.weights);
                if moved {
                    held = before.saturating_add(now).max(now.saturating_mul(2));
                }
                paulis_from = Some(now);
            }
            for (g, &c) in reach.marks[m].1.iter().enumerate() {
                if c == 0 {
                    continue;
                }
                moved = true;
                let top = self.prog.groups[g].qubits.len() as i32;
                walk.weights[g] = walk.weights[g]
                    .iter()
                    .flat_map(|&w| {
                        (0..32)
                            .filter(move |b| c >> b & 1 == 1)
                            .map(move |b| i32::from(w) + b - 16)
                    })
                    .filter(|&w| (0..=top).contains(&w))
                    .map(|w| w as u8)
                    .collect();
            }
        }
        walk.next = j;
        match paulis_from {
            // The Paulis' sources beside the targets the drop keeps.
            Some(sources) => {
                self.prune(walk);
                Some(held.max(sources.saturating_add(self.prog.held_by(&walk.weights))))
            }
            None => {
                // While a move runs, its sources not yet spread and its targets are held
                // together: the first move's sources are the state before, and every later
                // move's sources and targets lie within the state after.
                let after = self.prog.held_by(&walk.weights);
                if moved {
                    held = before.saturating_add(after).max(after.saturating_mul(2));
                }
                self.prune(walk);
                Some(held)
            }
        }
    }

    /// The most the walk holds from its point to the end, in one piece.
    pub(super) fn peak_from(&self, walk: &Walk) -> u128 {
        let mut walk = walk.clone();
        let mut most = self.prog.held_by(&walk.weights);
        while let Some(held) = self.step(&mut walk) {
            most = most.max(held);
        }
        most
    }

    /// The walk brought to the run's drop at native index `b`: every mark before it applied.
    pub(super) fn advance(&self, walk: &mut Walk, b: usize) {
        while self.next_drop(walk).is_some_and(|u| u <= b) {
            self.step(walk);
        }
    }

    /// Where the walk splits at its point: the group whose weights, taken one at a time, leave
    /// the largest piece smallest, if the walk would pass [`PIECE_AMPLITUDES`] whole and that
    /// piece is smaller than the whole (ties: the first group).
    pub(super) fn split(&self, walk: &Walk) -> Option<usize> {
        // Nothing left to run: the run reads the state out as it is.
        self.next_drop(walk)?;
        let whole = self.peak_from(walk);
        if whole <= self.prog.piece_amplitudes {
            return None;
        }
        let mut best: Option<(u128, usize)> = None;
        for g in (0..walk.weights.len()).filter(|&g| walk.weights[g].len() > 1) {
            let largest = walk.weights[g]
                .iter()
                .map(|&w| self.peak_from(&walk.piece(g, w)))
                .max()
                .unwrap_or(0);
            if largest < whole && best.is_none_or(|b| largest < b.0) {
                best = Some((largest, g));
            }
        }
        best.map(|b| b.1)
    }

    /// The pieces the walk splits into at its point, each split again until none would: their
    /// walks in the run's order (weights ascending, the first split's group outermost).
    pub(super) fn pieces(&self, walk: &Walk) -> Vec<Walk> {
        match self.split(walk) {
            None => vec![walk.clone()],
            Some(g) => walk.weights[g]
                .iter()
                .flat_map(|&w| self.pieces(&walk.piece(g, w)))
                .collect(),
        }
    }

    /// [`Walker::pieces`], each marked with whether a bounded trajectory drops it
    /// ([`Walker::lost`]): what the run and the plan both split by.
    pub(super) fn pieces_marked(&self, walk: &Walk) -> Vec<(Walk, bool)> {
        self.pieces(walk)
            .into_iter()
            .map(|w| {
                let lost = self.lost(&w);
                (w, lost)
            })
            .collect()
    }

    /// The most the walk holds to the end when the run splits it as [`Walker::pieces`] says,
    /// beside `outside` (the valid sectors of the pieces done, the pieces waiting); `split`:
    /// whether it may split at its point (a piece just split off runs on first).
    fn peak_in_pieces(&self, mut walk: Walk, outside: u128, mut split: bool) -> u128 {
        let mut most = self.prog.held_by(&walk.weights).saturating_add(outside);
        loop {
            if split {
                let pieces = self.pieces_marked(&walk);
                if !matches!(pieces[..], [(_, false)]) {
                    // The pieces waiting are within the state they were split from; those
                    // dropped as too large hold nothing more.
                    let waiting = outside.saturating_add(self.prog.held_by(&walk.weights));
                    for (piece, _) in pieces.into_iter().filter(|p| !p.1) {
                        most = most.max(self.peak_in_pieces(piece, waiting, false));
                    }
                    return most;
                }
            }
            split = true;
            match self.step(&mut walk) {
                Some(held) => most = most.max(held.saturating_add(outside)),
                None => return most,
            }
        }
    }
}

impl Walk {
    /// This walk with group `g` at weight `w` alone, dropping from here on (a piece reads out
    /// after its flips).
    fn piece(&self, g: usize, w: u8) -> Walk {
        let mut piece = self.clone();
        piece.weights[g] = BTreeSet::from([w]);
        piece.drawn = true;
        piece
    }
}

#[cfg(test)]
impl Prune<'_> {
    /// A pruning that drops nothing but reads the trajectory out after `flips`, as a truncated
    /// trajectory that drew them is read: the untruncated value of the same draws.
    pub(super) fn keep_all_with_flips(flips: u64) -> Prune<'static> {
        Prune {
            gates: None,
            with_flips: Some((
                Reach {
                    marks: Vec::new(),
                    pauli: Vec::new(),
                    until: Vec::new(),
                    after: vec![Vec::new()],
                },
                flips,
            )),
            valid: &[],
            drawn: true,
            dropped: 0.0,
            peak: 0,
            pieces: None,
            lost: 0.0,
            lost_radius: 0.0,
        }
    }
}
