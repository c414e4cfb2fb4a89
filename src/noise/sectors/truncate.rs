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
    /// Per mark, the native index of the run's first drop after it ([`Prune::at`]'s `b`):
    /// marks that share it are applied before the run may drop anything.
    until: Vec<usize>,
    /// `after[i]`: per group, the totals of `marks[i..]`.
    after: Vec<Vec<Totals>>,
}

impl Reach {
    /// The reach of `marks` (native index, the run's next drop after it, changes per group);
    /// the groups marked `free` (whose weights no valid board fixes) reach every weight.
    pub(super) fn from_marks(mut marks: Vec<(usize, usize, Changes)>, free: &[bool]) -> Reach {
        marks.sort_by_key(|m| m.0);
        let until: Vec<usize> = marks.iter().map(|m| m.1).collect();
        let marks: Vec<(usize, Changes)> = marks.into_iter().map(|(at, _, c)| (at, c)).collect();
        let end: Vec<Totals> = free.iter().map(|&f| if f { ANY } else { NONE }).collect();
        let mut after = vec![end; marks.len() + 1];
        for i in (0..marks.len()).rev() {
            after[i] = after[i + 1]
                .iter()
                .zip(&marks[i].1)
                .map(|(&t, &c)| add_step(t, c))
                .collect();
        }
        Reach { marks, until, after }
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
        let mut until = self.until.clone();
        until.push(usize::MAX);
        Reach { marks, until, after }
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
}

impl Prune<'_> {
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
        }
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
        }
    }

    /// The flips drawn, if the trajectory read them (`None`: read out analytically).
    pub(super) fn flips(&self) -> Option<u64> {
        self.drawn.then(|| self.with_flips.as_ref().map_or(0, |f| f.1))
    }

    /// Drops the sectors of `state` that cannot reach a valid key from native index `b` on.
    pub(super) fn at(&mut self, state: &mut SectorState, b: usize) {
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
        let mut marks: Vec<(usize, usize, Changes)> = Vec::new();
        let x_marks = |x: u64| self.x_marks(x);
        let prep_len = self.prep_group.len();
        for &(at, p) in events.iter().filter(|e| e.0 < prep_len) {
            marks.push((at, prep_len, x_marks(p.x)));
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
                marks.push((layer.cost_at, cost_end, x_marks(frame.frame.x)));
            }
            // An error between the cost part and the mixer's gates (none: the gates follow each
            // other) changes the weights by its X bits.
            for &(at, p) in events.iter().filter(|e| {
                e.0 >= cost_end && e.0 < end && !layer.units.iter().any(|u| e.0 >= u.at && e.0 < u.at + u.gates.len())
            }) {
                marks.push((at, end, x_marks(p.x)));
            }
            for unit in &layer.units {
                let unit_end = unit.at + unit.gates.len();
                let mask = mask_of(&unit.qubits);
                let local = |q: usize| unit.qubits.iter().position(|&x| x == q).expect("a gate's own qubit");
                let mut inside = Vec::new();
                for &(at, p) in events.iter().filter(|e| e.0 >= unit.at && e.0 < unit_end && e.0 < end) {
                    let (mine, other) = split_pauli(p, mask);
                    marks.push((at, unit_end, x_marks(other.x)));
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
                marks.push((unit.at, unit_end, changes));
            }
        }
        if let Some(f) = flips {
            marks.push((usize::MAX, usize::MAX, x_marks(f)));
        }
        Reach::from_marks(marks, &vec![false; ng])
    }

    /// The pruning of trajectory `t` (seed `seed`) with `events`, under `truncation`; its
    /// readout flips (probability `r` per qubit) from their own stream.
    pub(super) fn prune<'a>(
        &self,
        truncation: Truncation,
        events: &[(usize, Pauli)],
        valid: &'a [Key],
        seed: u64,
        t: usize,
        r: f64,
    ) -> Prune<'a> {
        match truncation {
            Truncation::Off => Prune::off(),
            Truncation::Exact => {
                let flips = read_out(0, self.num_qubits, r, &mut readout_rng(seed, t));
                let gates = self.reach(events, None);
                let with_flips = gates.then_flips(self.x_marks(flips));
                Prune::exact(gates, with_flips, flips, valid)
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
        let home = self.home_key();
        let gates = self.reach(events, None);
        let with_flips = flips.map(|f| gates.then_flips(self.x_marks(f)));
        let reach = with_flips.as_ref().unwrap_or(&gates);
        let comes_home = |g: usize, w: u8, left: &[Totals]| can_total(left[g], i32::from(home[g]) - i32::from(w));
        let mut weights = self.prepared_labels(events);
        let mut most = self.held_by(&weights).saturating_mul(2);
        let mut drawn = false;
        // The run's drop after the preparation, then the marks after it, one drop at a time.
        let mut i = reach.marks.partition_point(|m| m.0 < self.prep_group.len());
        let mut prune = |weights: &mut Vec<BTreeSet<u8>>, j: usize| {
            let Some(with_flips) = &with_flips else {
                return;
            };
            if !drawn && j < gates.after.len() {
                let left = &gates.after[j];
                drawn = weights
                    .iter()
                    .enumerate()
                    .any(|(g, ws)| ws.iter().any(|&w| !comes_home(g, w, left)));
            }
            if drawn {
                let left = &with_flips.after[j];
                for (g, ws) in weights.iter_mut().enumerate() {
                    ws.retain(|&w| comes_home(g, w, left));
                }
            }
        };
        prune(&mut weights, i);
        while i < reach.marks.len() {
            // The marks the run applies before its next drop.
            let until = reach.until[i];
            let j = i + reach.until[i..].iter().take_while(|&&u| u == until).count();
            let before = self.held_by(&weights);
            let mut moved = false;
            for (_, changes) in &reach.marks[i..j] {
                for (g, &c) in changes.iter().enumerate() {
                    if c == 0 {
                        continue;
                    }
                    moved = true;
                    let top = self.groups[g].qubits.len() as i32;
                    weights[g] = weights[g]
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
            if moved {
                // While a move runs, its sources not yet spread and its targets are held
                // together: the first move's sources are the state before, and every later
                // move's sources and targets lie within the state after.
                let after = self.held_by(&weights);
                most = most.max(before.saturating_add(after)).max(after.saturating_mul(2));
            }
            prune(&mut weights, j);
            i = j;
        }
        most
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
                    until: Vec::new(),
                    after: vec![Vec::new()],
                },
                flips,
            )),
            valid: &[],
            drawn: true,
            dropped: 0.0,
            peak: 0,
        }
    }
}
