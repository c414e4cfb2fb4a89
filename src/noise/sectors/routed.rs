//! A routed circuit (the file Qiskit's transpiler writes, [`crate::noise::routed`]) on weight
//! sectors, so that its width is the physical qubits it uses and not 2^that (docs/qasm.md,
//! "The circuit the device runs").
//!
//! The routed gates are consolidated into steps, each the gates on one pair of physical
//! qubits between two gates that pair does not share (and the single-qubit gates between):
//! an XY gate written in `rz`, `sx` and `cz`, a step of a block's preparation, a cost term, a
//! SWAP. Inside a step the state leaves the weight sectors (an `sx` alone changes a weight),
//! but a step as a whole keeps them up to single-qubit gates at its ends: the single-qubit
//! gates that take the step's images of |00⟩ and |11⟩ home are moved out of the step into the
//! next step on each qubit, and what remains keeps each block's weight. Those gates are right
//! up to the order of |0⟩ and |1⟩ on each qubit, which the next step that mixes |01⟩ and |10⟩
//! decides (`fix_steps`); a preparation's `x`, merged by Qiskit into the gates after it, is a
//! label that starts at 1. A step whose remainder exchanges its two qubits (a SWAP, alone or
//! with a diagonal cost term) is applied as its diagonal part, and the two physical qubits'
//! *labels* are exchanged instead: the groups (the blocks of the exported circuit's qubits,
//! and one group per physical qubit the routing borrowed) follow labels, not physical qubits.
//! Nothing here is approximate: a step that does not keep the sectors is applied as the
//! matrix it is, moving amplitude between sectors; only the sectors' number grows.
//!
//! Errors are drawn per routed gate exactly as the full-statevector route draws them
//! (`RoutedCircuit::sample_events`), so the two routes run the same trajectories and their
//! final states agree amplitude for amplitude (tests). Every trajectory's errors are drawn
//! first and its memory planned before any work: the labels each group can hold are carried
//! through the steps from the noiseless state before its first error.

use super::truncate::{can_total, reachable, Changes, Prune, Reach, Totals};
use super::*;
use crate::budget::Budget;
use crate::noise::routed::{RoutedCircuit, RoutedGate};
use crate::noise::trajectories::{read_out, readout_rng, trajectory_rng};
use crate::noise::NoiseModel;
use crate::noise::Truncation;

mod estimate;

pub use estimate::estimate_within;

/// The most physical qubits a routed circuit is run on sectors with (a Pauli is a 64-bit mask).
pub const MAX_SECTOR_PHYSICAL: usize = 64;

/// A single-qubit unitary, row-major.
type Unitary2 = [Complex64; 4];

const IDENTITY: Unitary2 = [ONE, ZERO, ZERO, ONE];

const SIGMA_X: Unitary2 = [ZERO, ONE, ONE, ZERO];

/// How close to 0 an amplitude of a step's image must be for the image to count as a product
/// state or an exchange (the native gates' products are exact to about 1e-15).
const STEP_TOLERANCE: f64 = 1e-10;

/// Most sectors a trajectory's plan follows one by one.
const MAX_PLAN_KEYS: usize = 1 << 16;

/// Noiseless checkpoints kept along the steps: a trajectory starts from the last one before its
/// first error.
const CHECKPOINTS: usize = 32;

/// One operation of a step: a routed gate (its index in the file) or a single-qubit unitary
/// moved in from a neighbouring step, on the step's local qubit j.
#[derive(Clone, Copy, Debug)]
enum Op {
    Gate(usize),
    Fix(usize, [Complex64; 4]),
}

/// Gates on one or two physical qubits, applied together.
#[derive(Clone, Debug)]
struct Step {
    /// The renumbered physical qubits (local qubit j = `physical[j]`).
    physical: Vec<usize>,
    /// Their labels when the step runs.
    labels: Vec<usize>,
    ops: Vec<Op>,
    /// After the step, the two physical qubits exchange labels (`matrix` holds the rest).
    exchange: bool,
    /// The noiseless matrix on `labels` (row-major, bit j = label j), residues set to 0.
    matrix: Vec<Complex64>,
    /// The matrix is diagonal.
    diagonal: bool,
    /// The matrix moves amplitude between sectors.
    moves: bool,
    /// A step on two qubits that no fixes at its end make keep the sectors (`fix_steps`).
    unfixed: bool,
}

/// A routed circuit ready for sector trajectories.
#[derive(Clone, Debug)]
pub struct RoutedSectors {
    circuit: RoutedCircuit,
    /// Groups over labels: the exported circuit's blocks and free groups (logical groups,
    /// first), then one split group per borrowed physical qubit.
    run: SectorProgram,
    /// The same logical groups over the exported circuit's qubits, for the measurement.
    measure: SectorProgram,
    logical_groups: usize,
    steps: Vec<Step>,
    /// The step of each routed gate.
    step_of: Vec<usize>,
    /// The label each physical qubit holds at the end.
    label_at: Vec<usize>,
    /// The labels that start at 1.
    start_ones: Vec<bool>,
}

/// A bare program over `n` qubits with `groups` (qubits, split by weight): its gates are
/// applied from outside.
fn bare(n: usize, groups: Vec<(Vec<usize>, bool)>) -> SectorProgram {
    let groups: Vec<Group> = groups.into_iter().map(|(q, split)| Group::new(q, split)).collect();
    let mut place = vec![(usize::MAX, 0); n];
    for (g, grp) in groups.iter().enumerate() {
        for (j, &q) in grp.qubits.iter().enumerate() {
            place[q] = (g, j);
        }
    }
    SectorProgram {
        num_qubits: n,
        groups,
        place,
        native: GateProgram {
            num_qubits: n,
            gates: Vec::new(),
        },
        prep: Vec::new(),
        prep_group: Vec::new(),
        layers: Vec::new(),
        phase_terms: Vec::new(),
        prepared: Vec::new(),
        piece_amplitudes: super::truncate::PIECE_AMPLITUDES,
        drop_amplitudes: super::truncate::DROP_AMPLITUDES,
    }
}

/// `g` on local qubits (`local(q)` the position of physical qubit q in the step).
fn on_local(g: RoutedGate, local: impl Fn(usize) -> usize) -> RoutedGate {
    match g {
        RoutedGate::Rz(q, t) => RoutedGate::Rz(local(q), t),
        RoutedGate::Sx(q) => RoutedGate::Sx(local(q)),
        RoutedGate::X(q) => RoutedGate::X(local(q)),
        RoutedGate::Cz(a, b) => RoutedGate::Cz(local(a), local(b)),
        RoutedGate::Cx(a, b) => RoutedGate::Cx(local(a), local(b)),
        RoutedGate::Ecr(a, b) => RoutedGate::Ecr(local(a), local(b)),
    }
}

fn gate_qubits(g: &RoutedGate) -> Vec<usize> {
    match *g {
        RoutedGate::Rz(q, _) | RoutedGate::Sx(q) | RoutedGate::X(q) => vec![q],
        RoutedGate::Cz(a, b) | RoutedGate::Cx(a, b) | RoutedGate::Ecr(a, b) => vec![a, b],
    }
}

/// The 2×2 unitary `m` (row-major) conjugate-transposed.
fn dagger(m: &[Complex64; 4]) -> [Complex64; 4] {
    [m[0].conj(), m[2].conj(), m[1].conj(), m[3].conj()]
}

/// `v` (index b0 + 2 b1) as a ⊗ b (a on local qubit 0), normalised, where it is one.
fn factor(v: &[Complex64]) -> Option<([Complex64; 2], [Complex64; 2])> {
    if (v[0] * v[3] - v[1] * v[2]).norm() > STEP_TOLERANCE {
        return None;
    }
    // The column (value of qubit 1) of larger weight gives qubit 0's state.
    let (c0, c1) = (v[0].norm_sqr() + v[1].norm_sqr(), v[2].norm_sqr() + v[3].norm_sqr());
    let (x, y) = if c0 >= c1 { (v[0], v[1]) } else { (v[2], v[3]) };
    let nrm = (x.norm_sqr() + y.norm_sqr()).sqrt();
    if nrm < STEP_TOLERANCE {
        return None;
    }
    let a = [x / nrm, y / nrm];
    // b[k] = ⟨a| v_{·, k}⟩.
    let b = [
        a[0].conj() * v[0] + a[1].conj() * v[1],
        a[0].conj() * v[2] + a[1].conj() * v[3],
    ];
    Some((a, b))
}

/// A unit vector orthogonal to `v`.
fn perpendicular(v: &[Complex64; 2]) -> [Complex64; 2] {
    [-v[1].conj(), v[0].conj()]
}

/// The unitary taking `zero` to |0⟩ and `one` to |1⟩ (rows ⟨zero|, ⟨one|), where they are
/// orthonormal.
fn home(zero: &[Complex64; 2], one: &[Complex64; 2]) -> Option<[Complex64; 4]> {
    let overlap = zero[0].conj() * one[0] + zero[1].conj() * one[1];
    let unit = |v: &[Complex64; 2]| (v[0].norm_sqr() + v[1].norm_sqr() - 1.0).abs() <= STEP_TOLERANCE;
    (overlap.norm() <= STEP_TOLERANCE && unit(zero) && unit(one))
        .then(|| [zero[0].conj(), zero[1].conj(), one[0].conj(), one[1].conj()])
}

impl RoutedSectors {
    /// `circuit` (at most [`MAX_SECTOR_PHYSICAL`] physical qubits) on sectors whose logical
    /// groups are `blocks` and `free` (grouped by `free_group`), over the exported circuit's
    /// qubits (classical bit i is qubit i).
    pub fn new(
        circuit: &RoutedCircuit,
        blocks: &[Vec<usize>],
        free: &[usize],
        free_group: usize,
    ) -> Result<RoutedSectors> {
        let m = circuit.physical.len();
        let n = circuit.measured.len();
        if m > MAX_SECTOR_PHYSICAL || n > m || circuit.measured.iter().any(|&q| q >= m) {
            return Err(Error::RoutedQubits {
                measured: n,
                physical: m,
                max: MAX_SECTOR_PHYSICAL,
            });
        }
        let mut logical: Vec<(Vec<usize>, bool)> = blocks.iter().map(|b| (b.clone(), true)).collect();
        for chunk in free.chunks(free_group.max(1)) {
            logical.push((chunk.to_vec(), false));
        }
        place_of(logical.iter().map(|(qs, _)| qs.as_slice()), n)?;
        let Fixed {
            steps,
            step_of,
            label_at,
            start_ones,
        } = fix_steps(circuit, &group_gates(circuit));
        // The groups over labels: logical qubit i ends on physical qubit measured[i], which
        // holds label label_at[measured[i]]; the labels no logical qubit ends on are borrowed.
        let label_of: Vec<usize> = circuit.measured.iter().map(|&q| label_at[q]).collect();
        let mut groups: Vec<(Vec<usize>, bool)> = logical
            .iter()
            .map(|(qs, split)| (qs.iter().map(|&i| label_of[i]).collect(), *split))
            .collect();
        let mut used = vec![false; m];
        for &l in &label_of {
            used[l] = true;
        }
        groups.extend((0..m).filter(|&l| !used[l]).map(|l| (vec![l], true)));
        let run = bare(m, groups);
        let logical_groups = logical.len();
        let measure = bare(n, logical);
        let mut prog = RoutedSectors {
            circuit: circuit.clone(),
            run,
            measure,
            logical_groups,
            steps,
            step_of,
            label_at,
            start_ones,
        };
        prog.set_matrices();
        // Labels whose fixes end turned round (a block's preparation read as starting from its
        // other end, say) make the measurement's steps exchange |0⟩ and |1⟩, spreading the
        // state over sectors at the end: turned round from start to end instead where that
        // moves fewer steps (an X between every two fixes: the same circuit).
        let mut turned = vec![false; m];
        let mut tail: Vec<Unitary2> = vec![IDENTITY; m];
        for step in prog.steps.iter().rev().take_while(|s| s.physical.len() == 1) {
            let u = [step.matrix[0], step.matrix[1], step.matrix[2], step.matrix[3]];
            tail[step.labels[0]] = times(&tail[step.labels[0]], &u);
        }
        for (l, u) in tail.iter().enumerate() {
            turned[l] = u[0] == ZERO && u[3] == ZERO;
        }
        if turned.iter().any(|&t| t) {
            let mut other = prog.clone();
            if other.turn_round(&turned) {
                other.set_matrices();
                if other.steps().1 < prog.steps().1 {
                    prog = other;
                }
            }
        }
        Ok(prog)
    }

    /// Each step's noiseless matrix, and whether it is diagonal.
    fn set_matrices(&mut self) {
        for s in 0..self.steps.len() {
            let matrix = self.step_matrix(s, &[]);
            let dim = 1usize << self.steps[s].labels.len();
            let diagonal = (0..dim).all(|o| (0..dim).all(|c| o == c || matrix[o * dim + c] == ZERO));
            self.steps[s].moves = !diagonal && self.run.keeps_sectors(&self.steps[s].labels, &matrix).is_none();
            self.steps[s].diagonal = diagonal;
            self.steps[s].matrix = matrix;
        }
    }

    /// The labels `turned` read the other way round from start to end: an X multiplied into
    /// every fix on them on the side of the label (and their values at the start turned).
    /// False, and partly done, where a step has no fix to take it.
    fn turn_round(&mut self, turned: &[bool]) -> bool {
        for step in &mut self.steps {
            let two = step.physical.len() == 2;
            if two && step.unfixed {
                if step.labels.iter().any(|&l| turned[l]) {
                    return false;
                }
                continue;
            }
            for j in 0..step.labels.len() {
                // The label local qubit j holds before the step, and the one it holds after.
                let after = if step.exchange {
                    step.labels[1 - j]
                } else {
                    step.labels[j]
                };
                if turned[step.labels[j]] {
                    let Some(at) = first_fix(step, j) else {
                        return false;
                    };
                    flip_op(step, at, false);
                }
                if two && turned[after] {
                    let at = step
                        .ops
                        .iter()
                        .rposition(|o| matches!(o, Op::Fix(k, _) if *k == j))
                        .expect("a fixed step ends with a fix on each qubit");
                    flip_op(step, at, true);
                }
            }
        }
        for (one, &t) in self.start_ones.iter_mut().zip(turned) {
            *one ^= t;
        }
        true
    }

    /// Steps, and those of them that move amplitude between sectors without errors.
    pub fn steps(&self) -> (usize, usize) {
        (self.steps.len(), self.steps.iter().filter(|s| s.moves).count())
    }

    /// The matrix of step `s` on its labels with `events` (routed gate index, Pauli on
    /// physical qubits) inside, residues set to 0.
    fn step_matrix(&self, s: usize, events: &[(usize, Pauli)]) -> Vec<Complex64> {
        labelled_matrix(&self.circuit, &self.steps[s], events)
    }

    /// `state` carried through `steps`, with `events` (routed gate index, Pauli) by step; after
    /// each step that can change a weight (one with errors, or one that moves amplitude
    /// without), `prune` drops what can no longer end valid.
    fn run_steps(
        &self,
        mut state: SectorState,
        steps: std::ops::Range<usize>,
        events: &BTreeMap<usize, Vec<(usize, Pauli)>>,
        room: &Room,
        prune: &mut Prune<'_>,
        bound: Option<u128>,
    ) -> Result<SectorState> {
        for s in steps {
            room.check()?;
            let step = &self.steps[s];
            let own = events.get(&s);
            let matrix = match own {
                Some(e) => std::borrow::Cow::Owned(self.step_matrix(s, e)),
                None => std::borrow::Cow::Borrowed(&step.matrix),
            };
            if let Some(bound) = bound.filter(|_| own.is_some() || step.moves) {
                let gone = self.fit(&mut state, s, &matrix, bound);
                prune.lose(gone);
            }
            state = if own.is_none() && step.diagonal {
                apply_diagonal(&self.run, &mut state, &step.labels, &matrix);
                state
            } else {
                apply_matrix(&self.run, state, &step.labels, &matrix, room)?
            };
            if own.is_some() || step.moves {
                prune.at(&mut state, s + 1);
            }
        }
        Ok(state)
    }

    /// Each entry of `matrix` (on step `s`'s labels) as the weight change it makes per group
    /// (the groups it changes, ascending).
    fn deltas(&self, s: usize, matrix: &[Complex64]) -> BTreeSet<Vec<(usize, i32)>> {
        let labels = &self.steps[s].labels;
        let dim = 1usize << labels.len();
        let mut deltas = BTreeSet::new();
        for o in 0..dim {
            for c in (0..dim).filter(|&c| matrix[o * dim + c] != ZERO) {
                let mut per: BTreeMap<usize, i32> = BTreeMap::new();
                for (j, &l) in labels.iter().enumerate() {
                    *per.entry(self.run.place[l].0).or_default() += (o >> j & 1) as i32 - (c >> j & 1) as i32;
                }
                deltas.insert(per.into_iter().filter(|&(_, d)| d != 0).collect());
            }
        }
        deltas
    }

    /// The sectors a step with `deltas` ([`RoutedSectors::deltas`]) can move sector `key` to.
    fn moved<'d>(&'d self, key: &'d Key, deltas: &'d BTreeSet<Vec<(usize, i32)>>) -> impl Iterator<Item = Key> + 'd {
        deltas.iter().filter_map(move |d| {
            let mut moved = key.clone();
            for &(g, d) in d {
                let w = i32::from(key[g]) + d;
                if !(0..self.run.groups[g].patterns.len() as i32).contains(&w) {
                    return None;
                }
                moved[g] = w as u8;
            }
            Some(moved)
        })
    }

    /// Amplitudes of the sector `key`.
    fn size(&self, key: &Key) -> u128 {
        self.run
            .sizes(key)
            .iter()
            .map(|&x| x as u128)
            .fold(1u128, u128::saturating_mul)
    }

    /// Drops the least probable sectors of `state` (ties by key) until it and what step `s`
    /// (with `matrix`) makes of it hold at most `bound` amplitudes together, as [`planned`]
    /// counts a step (`--truncate bounded`, docs/qasm.md, "Truncation"); the probability
    /// dropped. The sectors dropped are orthogonal, so the norm they took is its square root.
    ///
    /// [`planned`]: RoutedSectors::planned
    fn fit(&self, state: &mut SectorState, s: usize, matrix: &[Complex64], bound: u128) -> f64 {
        let deltas = self.deltas(s, matrix);
        let mut held: u128 = state.keys().map(|k| self.size(k)).sum();
        // How many of the state's sectors reach each target.
        let mut reached: BTreeMap<Key, usize> = BTreeMap::new();
        for k in state.keys() {
            for t in self.moved(k, &deltas) {
                let n = reached.entry(t).or_default();
                *n += 1;
            }
        }
        held += reached.keys().map(|t| self.size(t)).sum::<u128>();
        if held <= bound {
            return 0.0;
        }
        let mut order: Vec<(f64, Key)> = state
            .iter()
            .map(|(k, a)| (a.iter().map(|x| x.norm_sqr()).sum::<f64>(), k.clone()))
            .collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let mut gone = 0.0;
        for (p, k) in order {
            if held <= bound {
                break;
            }
            state.remove(&k);
            held -= self.size(&k);
            gone += p;
            for t in self.moved(&k, &deltas) {
                let n = reached.get_mut(&t).expect("counted above");
                *n -= 1;
                if *n == 0 {
                    held -= self.size(&t);
                }
            }
        }
        gone
    }

    /// The weight changes `matrix` (on step `s`'s labels) makes on each group (a bit per
    /// change, as [`Reach`] reads them; 0 where it keeps the group's weight).
    fn changes(&self, s: usize, matrix: &[Complex64]) -> Changes {
        let mut groups: Vec<usize> = self.steps[s].labels.iter().map(|&l| self.run.place[l].0).collect();
        groups.sort_unstable();
        groups.dedup();
        let mut changes: Changes = vec![0; self.run.groups.len()];
        for d in self.deltas(s, matrix) {
            for &g in &groups {
                let change = d.iter().find(|e| e.0 == g).map_or(0, |e| e.1);
                changes[g] |= 1 << (change + 16);
            }
        }
        for c in changes.iter_mut().filter(|c| **c == 1 << 16) {
            *c = 0;
        }
        changes
    }

    /// The weight changes still to come after each step from `from` on, of a trajectory with
    /// `events` (by step): its steps with errors and the steps that move amplitude without.
    fn reach(&self, from: usize, events: &BTreeMap<usize, Vec<(usize, Pauli)>>, free: &[bool]) -> Reach {
        let marks = (from..self.steps.len())
            .filter_map(|s| match events.get(&s) {
                Some(e) => Some((s, s + 1, self.changes(s, &self.step_matrix(s, e)))),
                None => self.steps[s]
                    .moves
                    .then(|| (s, s + 1, self.changes(s, &self.steps[s].matrix))),
            })
            .collect();
        Reach::from_marks(marks, free)
    }

    /// The state over the exported circuit's qubits whose measurement is this one's: the
    /// borrowed qubits traced out (a logical sector's probabilities summed over their labels,
    /// each the square root of its probability).
    fn traced(&self, state: SectorState) -> SectorState {
        let mut out: SectorState = BTreeMap::new();
        for (key, amps) in state {
            let logical = key[..self.logical_groups].to_vec();
            match out.get_mut(&logical) {
                None => {
                    out.insert(logical, amps);
                }
                Some(acc) => {
                    for (a, b) in acc.iter_mut().zip(&amps) {
                        *a = Complex64::new((a.norm_sqr() + b.norm_sqr()).sqrt(), 0.0);
                    }
                }
            }
        }
        out
    }

    /// The most amplitudes a trajectory with `events` (by step) holds at once (a step's sources
    /// and targets together), from the noiseless state at step `from` (before its first
    /// error): the sectors it can reach carried through its steps, each step's entries moving
    /// each sector's weights, and dropped as the run's `prune` drops them (`truncated`: the
    /// gate errors' reach, the same with the readout flips, and the valid boards). A bound the
    /// run never passes. The sectors are tracked one by one up to `max_keys`, and past
    /// that each group's weights apart (their product: looser).
    fn planned(
        &self,
        from: usize,
        start: &SectorState,
        events: &BTreeMap<usize, Vec<(usize, Pauli)>>,
        truncated: Option<(&Reach, &Reach, &Targets)>,
        max_keys: usize,
    ) -> u128 {
        let ng = self.run.groups.len();
        let held = |keys: &BTreeSet<Key>| keys.iter().map(|k| self.size(k)).fold(0u128, u128::saturating_add);
        let mut keys: Option<BTreeSet<Key>> = Some(start.keys().cloned().collect());
        let mut sets: Vec<BTreeSet<u8>> = vec![BTreeSet::new(); ng];
        let mut peak = held(keys.as_ref().expect("the start"));
        let mut drawn = false;
        for s in from..self.steps.len() {
            let step = &self.steps[s];
            let own = events.get(&s);
            if own.is_none() && !step.moves {
                continue;
            }
            let matrix = match own {
                Some(e) => std::borrow::Cow::Owned(self.step_matrix(s, e)),
                None => std::borrow::Cow::Borrowed(&step.matrix),
            };
            let deltas = self.deltas(s, &matrix);
            let top = |g: usize| self.run.groups[g].patterns.len() as i32 - 1;
            match keys.take() {
                Some(before) => {
                    let after: BTreeSet<Key> = before.iter().flat_map(|k| self.moved(k, &deltas)).collect();
                    peak = peak.max(held(&before).saturating_add(held(&after)));
                    if after.len() > max_keys {
                        // Too many to follow one by one: each group's weights apart from here.
                        for k in &after {
                            for (g, &w) in k.iter().enumerate() {
                                sets[g].insert(w);
                            }
                        }
                    } else {
                        keys = Some(after);
                    }
                }
                None => {
                    let mut after = sets.clone();
                    for (g, ds) in (0..ng).map(|g| {
                        (
                            g,
                            deltas
                                .iter()
                                .map(move |d| d.iter().find(|e| e.0 == g).map_or(0, |e| e.1)),
                        )
                    }) {
                        let ds: BTreeSet<i32> = ds.collect();
                        after[g] = sets[g]
                            .iter()
                            .flat_map(|&w| ds.iter().map(move |&d| i32::from(w) + d))
                            .filter(|&w| (0..=top(g)).contains(&w))
                            .map(|w| w as u8)
                            .collect();
                    }
                    let both: Vec<BTreeSet<u8>> = sets.iter().zip(&after).map(|(a, b)| a | b).collect();
                    peak = peak.max(self.run.held_by(&both));
                    sets = after;
                }
            }
            // The run's drop after this step.
            let Some((gates, with_flips, targets)) = truncated else {
                continue;
            };
            let comes_home = |g: usize, w: u8, left: &[Totals]| {
                targets.home[g].is_none_or(|h| can_total(left[g], i32::from(h) - i32::from(w)))
            };
            match keys.as_mut() {
                Some(ks) => {
                    if !drawn {
                        let left = gates.remaining(s + 1);
                        drawn = ks.iter().any(|k| !reachable(k, left, &targets.keys));
                    }
                    if drawn {
                        let left = with_flips.remaining(s + 1);
                        ks.retain(|k| reachable(k, left, &targets.keys));
                    }
                }
                None => {
                    if !drawn {
                        let left = gates.remaining(s + 1);
                        drawn = sets
                            .iter()
                            .enumerate()
                            .any(|(g, ws)| ws.iter().any(|&w| !comes_home(g, w, left)));
                    }
                    if drawn {
                        let left = with_flips.remaining(s + 1);
                        for (g, ws) in sets.iter_mut().enumerate() {
                            ws.retain(|&w| comes_home(g, w, left));
                        }
                    }
                }
            }
        }
        peak
    }
}

/// The valid boards over labels, for truncation.
struct Targets {
    /// Logical qubit i is measured from label `label_of[i]`.
    label_of: Vec<usize>,
    /// The valid boards' sector keys over the labels' groups.
    keys: Vec<Key>,
    /// The groups no valid board fixes (the borrowed labels').
    free: Vec<bool>,
    /// Each group's weight on every valid board (`None`: free, or not the same on all).
    home: Vec<Option<u8>>,
}

impl Targets {
    fn of(prog: &RoutedSectors, valid: &[u64]) -> Targets {
        let label_of: Vec<usize> = prog.circuit.measured.iter().map(|&q| prog.label_at[q]).collect();
        let mut t = Targets {
            label_of,
            keys: Vec::new(),
            free: (0..prog.run.groups.len()).map(|g| g >= prog.logical_groups).collect(),
            home: Vec::new(),
        };
        t.keys = prog
            .run
            .valid_keys(&valid.iter().map(|&v| t.on_labels(v)).collect::<Vec<_>>());
        t.home = (0..prog.run.groups.len())
            .map(|g| {
                let w = t.keys.first().map(|k| k[g]);
                (!t.free[g] && t.keys.iter().all(|k| Some(k[g]) == w))
                    .then_some(w)
                    .flatten()
            })
            .collect();
        t
    }

    /// Bits of the logical qubits (bit i: qubit i) as bits of their labels.
    fn on_labels(&self, bits: u64) -> u64 {
        self.label_of
            .iter()
            .enumerate()
            .map(|(i, &l)| (bits >> i & 1) << l)
            .fold(0, |a, b| a | b)
    }
}

/// A diagonal `matrix` on `labels` (one or two, in any groups): each state's entry.
fn apply_diagonal(run: &SectorProgram, state: &mut SectorState, labels: &[usize], matrix: &[Complex64]) {
    let dim = 1usize << labels.len();
    let diag: Vec<Complex64> = (0..dim).map(|c| matrix[c * dim + c]).collect();
    if diag.iter().all(|&d| d == ONE) {
        return;
    }
    let places: Vec<(usize, usize)> = labels.iter().map(|&l| run.place[l]).collect();
    for (key, amps) in state.iter_mut() {
        let sizes = run.sizes(key);
        // Per involved group, each digit's local bits.
        let mut involved: Vec<usize> = places.iter().map(|p| p.0).collect();
        involved.sort_unstable();
        involved.dedup();
        let bits: Vec<Vec<usize>> = involved
            .iter()
            .map(|&g| {
                run.groups[g].patterns[usize::from(key[g])]
                    .iter()
                    .map(|&p| {
                        places
                            .iter()
                            .enumerate()
                            .filter(|(_, &(pg, pos))| pg == g && p >> pos & 1 == 1)
                            .map(|(j, _)| 1usize << j)
                            .sum()
                    })
                    .collect()
            })
            .collect();
        let stride = |g: usize| sizes[..g].iter().product::<usize>();
        match involved[..] {
            [g] => {
                let (lo, size) = (stride(g), sizes[g]);
                for (i, chunk) in amps.chunks_mut(lo).enumerate() {
                    let d = diag[bits[0][i % size]];
                    if d != ONE {
                        chunk.iter_mut().for_each(|a| *a *= d);
                    }
                }
            }
            [g, h] => {
                let (lo, sg, mid_lo, sh) = (stride(g), sizes[g], stride(h), sizes[h]);
                let mid = mid_lo / (lo * sg);
                for (i, chunk) in amps.chunks_mut(lo).enumerate() {
                    let dg = i % sg;
                    let dh = i / (sg * mid) % sh;
                    let d = diag[bits[0][dg] | bits[1][dh]];
                    if d != ONE {
                        chunk.iter_mut().for_each(|a| *a *= d);
                    }
                }
            }
            _ => unreachable!("a step is on one or two qubits"),
        }
    }
}

/// `matrix` on `labels`: kept within each sector where it keeps them, else moving amplitude
/// between sectors (and the sectors it leaves with nothing but rounding residue dropped).
fn apply_matrix(
    run: &SectorProgram,
    mut state: SectorState,
    labels: &[usize],
    matrix: &[Complex64],
    room: &Room,
) -> Result<SectorState> {
    let dim = 1usize << labels.len();
    if (0..dim).all(|o| (0..dim).all(|c| o == c || matrix[o * dim + c] == ZERO)) {
        apply_diagonal(run, &mut state, labels, matrix);
        return Ok(state);
    }
    if let Some(g) = run.keeps_sectors(labels, matrix) {
        run.apply_within(&mut state, g, labels, matrix);
        return Ok(state);
    }
    let g = run.place[labels[0]].0;
    let moved = if labels.iter().all(|&l| run.place[l].0 == g) {
        run.apply_moving_in_group(state, g, labels, matrix, room)?
    } else {
        run.apply_moving(state, labels, matrix, room)?
    };
    // A step that leaves the sectors and one that brings amplitude back leave rounding residue
    // behind in the sectors they emptied.
    Ok(moved
        .into_iter()
        .filter(|(_, amps)| amps.iter().map(|a| a.norm_sqr()).sum::<f64>() >= DROPPED_PROBABILITY)
        .collect())
}

/// The matrix of `step` on its labels with `events` (routed gate index, Pauli on physical
/// qubits) inside, its exchange applied, residues set to 0.
fn labelled_matrix(circuit: &RoutedCircuit, step: &Step, events: &[(usize, Pauli)]) -> Vec<Complex64> {
    let mut m = ops_matrix(circuit, step, events);
    let dim = 1usize << step.physical.len();
    if step.exchange {
        // Row o of the labels' matrix is row o with its two bits exchanged.
        for c in 0..dim {
            m.swap(dim + c, 2 * dim + c);
        }
    }
    for x in &mut m {
        if x.norm() <= KEEPS_LABELS {
            *x = ZERO;
        }
    }
    m
}

/// The matrix of `step`'s operations on its physical qubits (no exchange) with `events`
/// (routed gate index, Pauli on physical qubits) after their gates.
fn ops_matrix(circuit: &RoutedCircuit, step: &Step, events: &[(usize, Pauli)]) -> Vec<Complex64> {
    let dim = 1usize << step.physical.len();
    let local = |q: usize| {
        step.physical
            .iter()
            .position(|&p| p == q)
            .expect("a step's gates are on its qubits")
    };
    let mut out = vec![ZERO; dim * dim];
    let mut v = vec![ZERO; dim];
    for c in 0..dim {
        v.fill(ZERO);
        v[c] = ONE;
        for op in &step.ops {
            match *op {
                Op::Fix(j, u) => kernels::apply_single(&mut v, j, &[[u[0], u[1]], [u[2], u[3]]]),
                Op::Gate(i) => {
                    crate::noise::routed::apply_gate(&mut v, &on_local(circuit.gates[i], local));
                    for &(_, p) in events.iter().filter(|e| e.0 == i) {
                        let p = relabel_pauli(p, local);
                        kernels::apply_diagonal_pauli(&mut v, Phase::None, &[], p.x, p.z, p.global());
                    }
                }
            }
        }
        for (o, a) in v.iter().enumerate() {
            out[o * dim + c] = *a;
        }
    }
    out
}

/// The routed gates as steps (see the module's note), the step of each gate, and the label
/// each physical qubit holds at the end.
fn group_gates(circuit: &RoutedCircuit) -> Vec<(Vec<usize>, Vec<usize>)> {
    let m = circuit.physical.len();
    // Pass 1: gates into steps on pairs; single-qubit gates join the open step on their qubit,
    // or wait for the next one there.
    let mut raw: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    let mut open: Vec<Option<usize>> = vec![None; m];
    let mut waiting: Vec<Vec<usize>> = vec![Vec::new(); m];
    for (i, g) in circuit.gates.iter().enumerate() {
        let qs = gate_qubits(g);
        if let [q] = qs[..] {
            match open[q] {
                Some(s) => raw[s].1.push(i),
                None => waiting[q].push(i),
            }
            continue;
        }
        let (a, b) = (qs[0], qs[1]);
        if let (Some(s), Some(t)) = (open[a], open[b]) {
            if s == t {
                raw[s].1.push(i);
                continue;
            }
        }
        for q in [a, b] {
            if let Some(s) = open[q] {
                for &p in &raw[s].0 {
                    open[p] = None;
                }
            }
        }
        let mut gates = std::mem::take(&mut waiting[a]);
        gates.append(&mut waiting[b]);
        gates.sort_unstable();
        gates.push(i);
        raw.push((vec![a, b], gates));
        open[a] = Some(raw.len() - 1);
        open[b] = Some(raw.len() - 1);
    }
    for (q, w) in waiting.iter_mut().enumerate() {
        if !w.is_empty() {
            raw.push((vec![q], std::mem::take(w)));
        }
    }
    raw
}

/// An X that turns a label's 0 and 1 round from some point on, where no step since has told
/// which way round they are: multiplied into a step's fix (on the left for a fix at the step's
/// end, on the right for one at its start), or the label's value at the start.
#[derive(Clone, Copy, Debug)]
enum Flip {
    Op { step: usize, op: usize, left: bool },
    Start(usize),
}

/// What [`fix_steps`] makes of a routed circuit.
struct Fixed {
    steps: Vec<Step>,
    /// The step of each routed gate.
    step_of: Vec<usize>,
    /// The label each physical qubit holds at the end.
    label_at: Vec<usize>,
    /// The labels that start at 1 (their first fix holds an X: a block's preparation begins
    /// with an `x` that Qiskit merged with the gates after it).
    start_ones: Vec<bool>,
}

/// The index in `step.ops` of the first fix on local qubit `j` (its fix at the start).
fn first_fix(step: &Step, j: usize) -> Option<usize> {
    step.ops.iter().position(|o| matches!(o, Op::Fix(k, _) if *k == j))
}

/// `step` with an X multiplied into operation `op` (a fix) on its `left` or right.
fn flip_op(step: &mut Step, op: usize, left: bool) {
    if let Op::Fix(_, u) = &mut step.ops[op] {
        *u = if left { times(&SIGMA_X, u) } else { times(u, &SIGMA_X) };
    }
}

/// Steps from `raw` (qubits, gates): single-qubit gates moved between steps so that each keeps
/// the sectors where it can, and labels exchanged where a step exchanges its qubits.
///
/// A step's fixes are read from its images of |00⟩ and |11⟩ given the fixes carried in; they
/// are right up to a phase and up to the order of |0⟩ and |1⟩ on each qubit. A step that is
/// diagonal or an exchange after its fixes keeps the sectors either way round, so the order
/// stays open (a chain of [`Flip`]s per qubit) until a step that mixes |01⟩ and |10⟩ keeps
/// them one way round only: the chain is then flipped where that step needs it. An unseen
/// qubit is open from the start (a block's preparation begins with an `x`). A step no order
/// fixes is applied as the matrix it is.
fn fix_steps(circuit: &RoutedCircuit, raw: &[(Vec<usize>, Vec<usize>)]) -> Fixed {
    let mut fixer = Fixer::new(circuit, raw.len());
    for (physical, gates) in raw {
        let mut step = fixer.begin(physical, gates);
        if step.physical.len() == 2 {
            fixer.fix_pair(&mut step);
        }
        fixer.steps.push(step);
    }
    fixer.finish()
}

/// What [`fix_steps`] carries from step to step, per physical qubit where not said otherwise.
struct Fixer<'c> {
    circuit: &'c RoutedCircuit,
    /// The fix the last step on the qubit moved out of its end, for the next step to begin with.
    carry: Vec<Option<Unitary2>>,
    /// The label the qubit holds.
    label: Vec<usize>,
    /// A step has been on the qubit.
    seen: Vec<bool>,
    /// Per label, whether it starts at 1.
    start_ones: Vec<bool>,
    /// The flips that would turn the qubit's label round, while no step has said which way
    /// round it is.
    open: Vec<Option<Vec<Flip>>>,
    step_of: Vec<usize>,
    /// The steps so far.
    steps: Vec<Step>,
}

impl Step {
    /// Gates `ops` on `physical` holding `labels`, their matrix not yet formed.
    fn new(physical: Vec<usize>, labels: Vec<usize>, ops: Vec<Op>) -> Step {
        Step {
            physical,
            labels,
            ops,
            exchange: false,
            matrix: Vec::new(),
            diagonal: false,
            moves: false,
            unfixed: false,
        }
    }
}

impl<'c> Fixer<'c> {
    /// Nothing carried, every label at home and open, room for `raw` steps.
    fn new(circuit: &'c RoutedCircuit, raw: usize) -> Fixer<'c> {
        let m = circuit.physical.len();
        Fixer {
            circuit,
            carry: vec![None; m],
            label: (0..m).collect(),
            seen: vec![false; m],
            start_ones: vec![false; m],
            open: (0..m).map(|q| Some(vec![Flip::Start(q)])).collect(),
            step_of: vec![0; circuit.gates.len()],
            steps: Vec::with_capacity(raw + m),
        }
    }

    /// The next step, of `gates` on `physical`: the fixes carried in first, and on a qubit no
    /// step has been on yet an identity fix to turn round if its label starts at 1.
    fn begin(&mut self, physical: &[usize], gates: &[usize]) -> Step {
        let mut ops: Vec<Op> = Vec::new();
        for (j, &q) in physical.iter().enumerate() {
            match self.carry[q].take() {
                Some(u) => ops.push(Op::Fix(j, u)),
                None if !self.seen[q] => ops.push(Op::Fix(j, IDENTITY)),
                None => {}
            }
        }
        ops.extend(gates.iter().map(|&i| Op::Gate(i)));
        for &i in gates {
            self.step_of[i] = self.steps.len();
        }
        for &q in physical {
            self.seen[q] = true;
        }
        Step::new(
            physical.to_vec(),
            physical.iter().map(|&q| self.label[q]).collect(),
            ops,
        )
    }

    /// A step on two qubits made to keep the sectors where some order of its open qubits
    /// lets it: its fixes at the end (carried on), its exchange, and which of its qubits stay
    /// open after it; marked `unfixed` where none does.
    fn fix_pair(&mut self, step: &mut Step) {
        // Qubits whose order is open: this step may say which way round they are.
        let undecided: Vec<usize> = (0..2)
            .filter(|&j| self.open[step.physical[j]].is_some() && first_fix(step, j).is_some())
            .collect();
        let (by_matrix, flipped) = match matrix_rule(self.circuit, step) {
            Some(f) => (Some(f), [false; 2]),
            None => self.decide(step, &undecided),
        };
        step.unfixed = by_matrix.is_none();
        let [open0, open1] = match by_matrix {
            Some(fixes) => self.close(step, fixes, &undecided, flipped),
            None => [None, None],
        };
        self.open[step.physical[0]] = open0;
        self.open[step.physical[1]] = open1;
    }

    /// The first order of the `undecided` qubits (by the bits of a count from 1) that makes
    /// `step` keep the sectors: the step turned so, its fixes, and which qubits were turned,
    /// each turned qubit's open chain flipped where it was recorded (earlier steps' fixes, or
    /// its label's value at the start). Nothing changed where no order does.
    fn decide(&mut self, step: &mut Step, undecided: &[usize]) -> (Option<(Unitary2, Unitary2)>, [bool; 2]) {
        let mut flipped = [false; 2];
        for flips in 1..1usize << undecided.len() {
            let turned: Vec<usize> = (undecided.iter().enumerate())
                .filter(|(t, _)| flips >> t & 1 == 1)
                .map(|(_, &j)| j)
                .collect();
            let trial = turned_at_start(step, &turned);
            let Some(f) = matrix_rule(self.circuit, &trial) else {
                continue;
            };
            for &j in &turned {
                flipped[j] = true;
                let chain = self.open[step.physical[j]].as_deref().expect("an undecided qubit");
                flip_chain(&mut self.steps, &mut self.start_ones, chain);
            }
            *step = trial;
            return (Some(f), flipped);
        }
        (None, flipped)
    }

    /// `step` ended with `fixes`, their inverses carried to the next steps on its qubits, its
    /// labels exchanged where it exchanges |01⟩ and |10⟩; the chains of the `undecided` qubits
    /// not `flipped` that stay open through it (by where their labels go).
    fn close(
        &mut self,
        step: &mut Step,
        (u0, u1): (Unitary2, Unitary2),
        undecided: &[usize],
        flipped: [bool; 2],
    ) -> [Option<Vec<Flip>>; 2] {
        step.ops.push(Op::Fix(0, u0));
        step.ops.push(Op::Fix(1, u1));
        self.carry[step.physical[0]] = Some(dagger(&u0));
        self.carry[step.physical[1]] = Some(dagger(&u1));
        let exchanged = exchanges(&local_matrix_of(self.circuit, step));
        if exchanged {
            step.exchange = true;
            self.label.swap(step.physical[0], step.physical[1]);
        }
        let mut next_open: [Option<Vec<Flip>>; 2] = [None, None];
        for &j in undecided.iter().filter(|&&j| !flipped[j]) {
            let to = if exchanged { 1 - j } else { j };
            let chain = self.open[step.physical[j]].as_deref().expect("an undecided qubit");
            next_open[to] = stays_open(self.circuit, step, self.steps.len(), j, to, chain);
        }
        next_open
    }

    /// The steps, with what is still carried put on before the measurement.
    fn finish(mut self) -> Fixed {
        for q in 0..self.carry.len() {
            if let Some(u) = self.carry[q] {
                self.steps
                    .push(Step::new(vec![q], vec![self.label[q]], vec![Op::Fix(0, u)]));
            }
        }
        Fixed {
            steps: self.steps,
            step_of: self.step_of,
            label_at: self.label,
            start_ones: self.start_ones,
        }
    }
}

/// `step` with an X multiplied into the first fix of each of its local qubits `turned` (on
/// the right: the label read the other way round from the step's start).
fn turned_at_start(step: &Step, turned: &[usize]) -> Step {
    let mut trial = step.clone();
    for &j in turned {
        let at = first_fix(&trial, j).expect("an undecided qubit has a first fix");
        flip_op(&mut trial, at, false);
    }
    trial
}

/// The flips of an open `chain` done: X multiplied into the fixes it names in `steps`, and
/// the labels it starts from turned in `start_ones`.
fn flip_chain(steps: &mut [Step], start_ones: &mut [bool], chain: &[Flip]) {
    for &flip in chain {
        match flip {
            Flip::Op { step: s, op, left } => flip_op(&mut steps[s], op, left),
            Flip::Start(l) => start_ones[l] = !start_ones[l],
        }
    }
}

/// A two-qubit matrix that takes |00⟩ and |11⟩ to themselves (up to a phase) and exchanges
/// |01⟩ and |10⟩: the rest is diagonal once the labels are exchanged.
fn exchanges(kept: &[Complex64]) -> bool {
    [5, 10].iter().all(|&e| kept[e].norm() <= STEP_TOLERANCE)
        && [0, 15].iter().all(|&e| (kept[e].norm() - 1.0).abs() <= STEP_TOLERANCE)
}

/// The open `chain` of local qubit `j` of the fixed `step` (to be step `here`; its label ends
/// on local qubit `to`) carried through it, where the step keeps the sectors with that label
/// turned round on both sides (a diagonal step, an exchange); `None` where it decides it.
fn stays_open(
    circuit: &RoutedCircuit,
    step: &Step,
    here: usize,
    j: usize,
    to: usize,
    chain: &[Flip],
) -> Option<Vec<Flip>> {
    let end = step.ops.len() - 2;
    let at = first_fix(step, j).expect("an undecided qubit has a first fix");
    let mut turned = step.clone();
    flip_op(&mut turned, at, false);
    flip_op(&mut turned, end + to, true);
    if !keeps_weights(&local_matrix_of(circuit, &turned)) {
        return None;
    }
    let mut chain = chain.to_vec();
    chain.push(Flip::Op {
        step: here,
        op: at,
        left: false,
    });
    chain.push(Flip::Op {
        step: here,
        op: end + to,
        left: true,
    });
    Some(chain)
}

/// A two-qubit matrix (row-major, bit j = local qubit j) keeps the number of ones.
fn keeps_weights(m: &[Complex64]) -> bool {
    (0..4).all(|o| {
        (0..4).all(|c| (o as u32).count_ones() == (c as u32).count_ones() || m[o * 4 + c].norm() <= STEP_TOLERANCE)
    })
}

/// The fixes that take `step`'s images of |00⟩ (or else of |11⟩) home, where the step keeps
/// weights after them.
fn matrix_rule(circuit: &RoutedCircuit, step: &Step) -> Option<(Unitary2, Unitary2)> {
    let whole = local_matrix_of(circuit, step);
    let column = |c: usize| -> Vec<Complex64> { (0..4).map(|o| whole[o * 4 + c]).collect() };
    let fixes = match (factor(&column(0)), factor(&column(3))) {
        (Some((z0, z1)), _) => home(&z0, &perpendicular(&z0)).zip(home(&z1, &perpendicular(&z1))),
        (None, Some((o0, o1))) => home(&perpendicular(&o0), &o0).zip(home(&perpendicular(&o1), &o1)),
        (None, None) => None,
    }?;
    let mut fixed = step.clone();
    fixed.ops.push(Op::Fix(0, fixes.0));
    fixed.ops.push(Op::Fix(1, fixes.1));
    keeps_weights(&local_matrix_of(circuit, &fixed)).then_some(fixes)
}

/// `a · b` of two single-qubit matrices.
fn times(a: &Unitary2, b: &Unitary2) -> Unitary2 {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
    ]
}

/// The noiseless matrix of `step`'s operations on its physical qubits (no exchange).
fn local_matrix_of(circuit: &RoutedCircuit, step: &Step) -> Vec<Complex64> {
    ops_matrix(circuit, step, &[])
}

/// The final state of a trajectory with `events` (routed gate index, Pauli), every amplitude
/// kept, from |0…0⟩: per sector over the labels, with the label each classical bit's qubit
/// holds (for tests against the full statevector).
pub fn trajectory_state(prog: &RoutedSectors, events: &[(usize, Pauli)]) -> Result<SectorState> {
    let room = Room::new(1);
    let by_step = by_step(prog, events);
    prog.run_steps(
        start(prog),
        0..prog.steps.len(),
        &by_step,
        &room,
        &mut Prune::off(),
        None,
    )
}

/// One trajectory's errors run for tests: every amplitude kept, truncated or bounded, and read
/// out without readout error.
#[cfg(test)]
struct Trial {
    by_step: BTreeMap<usize, Vec<(usize, Pauli)>>,
    targets: Targets,
    readout: Readout,
}

#[cfg(test)]
impl Trial {
    fn new(prog: &RoutedSectors, valid: &[u64], events: &[(usize, Pauli)]) -> Trial {
        let mut sorted = valid.to_vec();
        sorted.sort_unstable();
        let nothing = ZPoly {
            num_qubits: prog.measure.num_qubits,
            terms: Vec::new(),
            offset: 0.0,
        };
        Trial {
            by_step: by_step(prog, events),
            targets: Targets::of(prog, valid),
            readout: Readout::new(&nothing, sorted, 0.0),
        }
    }

    /// The reach of its gate errors, and with no readout flips after them.
    fn reaches(&self, prog: &RoutedSectors) -> (Reach, Reach) {
        let gates = prog.reach(0, &self.by_step, &self.targets.free);
        let with_flips = gates.then_flips(prog.run.x_marks(0));
        (gates, with_flips)
    }

    /// Exact truncation of it.
    fn exact(&self, prog: &RoutedSectors) -> Prune<'_> {
        let (gates, with_flips) = self.reaches(prog);
        Prune::exact(gates, with_flips, 0, &self.targets.keys)
    }

    /// Its P(valid) under `prune`, no step past `bound` where given.
    fn p_valid(&self, prog: &RoutedSectors, prune: &mut Prune<'_>, bound: Option<u128>) -> f64 {
        let state = prog
            .run_steps(
                start(prog),
                0..prog.steps.len(),
                &self.by_step,
                &Room::new(1),
                prune,
                bound,
            )
            .unwrap();
        Cache::new(Some(&self.readout))
            .measure(&prog.measure, &prog.traced(state), &crate::budget::Cancel::default())
            .unwrap()
            .0
    }
}

/// P(valid) (no readout error) of the trajectory with `events`, every amplitude kept and
/// truncated; the probability the truncated one dropped; its planned largest state and the
/// largest it held after a step (for tests).
#[cfg(test)]
pub fn truncated_against_kept(
    prog: &RoutedSectors,
    valid: &[u64],
    events: &[(usize, Pauli)],
) -> (f64, f64, f64, [u128; 2], usize) {
    let trial = Trial::new(prog, valid, events);
    let (gates, with_flips) = trial.reaches(prog);
    // Planned following every sector, and each group's weights apart from the first move on.
    let planned = [MAX_PLAN_KEYS, 0].map(|most| {
        prog.planned(
            0,
            &start(prog),
            &trial.by_step,
            Some((&gates, &with_flips, &trial.targets)),
            most,
        )
    });
    let mut prune = trial.exact(prog);
    let kept = trial.p_valid(prog, &mut Prune::off(), None);
    let truncated = trial.p_valid(prog, &mut prune, None);
    (kept, truncated, prune.dropped, planned, prune.peak)
}

/// P(valid) (no readout error) of the trajectory with `events`, every amplitude kept and
/// bounded (truncated exactly, and no step holding more than `scale` times the noiseless final
/// state's amplitudes); the probability the bounded run dropped for memory, and its radius
/// (for tests).
#[cfg(test)]
pub fn bounded_against_kept(prog: &RoutedSectors, valid: &[u64], events: &[(usize, Pauli)], scale: u128) -> [f64; 4] {
    let trial = Trial::new(prog, valid, events);
    let noiseless = prog
        .run_steps(
            start(prog),
            0..prog.steps.len(),
            &BTreeMap::new(),
            &Room::new(1),
            &mut Prune::off(),
            None,
        )
        .unwrap();
    let bound = scale * noiseless.keys().map(|k| prog.size(k)).sum::<u128>();
    let mut prune = trial.exact(prog);
    let kept = trial.p_valid(prog, &mut Prune::off(), None);
    let bounded = trial.p_valid(prog, &mut prune, Some(bound));
    [kept, bounded, prune.lost, prune.lost_radius]
}

/// The same routed circuit whose bounded trajectories hold at most `amplitudes` at a step (for
/// tests, standing in for a large circuit).
#[cfg(test)]
pub fn with_drop_amplitudes(mut prog: RoutedSectors, amplitudes: u128) -> RoutedSectors {
    prog.run.drop_amplitudes = amplitudes;
    prog
}

/// The full-space amplitude of each physical basis state (bit q = renumbered physical qubit q)
/// of a sector state (for tests; refused where it does not fit).
pub fn to_physical(prog: &RoutedSectors, state: &SectorState) -> Result<Vec<Complex64>> {
    let label_at = &prog.label_at;
    let m = prog.circuit.physical.len();
    let by_label = prog.run.to_full(state)?;
    let mut out = vec![ZERO; 1 << m];
    for (x, a) in by_label.iter().enumerate() {
        let mut k = 0usize;
        for (q, &l) in label_at.iter().enumerate() {
            k |= (x >> l & 1) << q;
        }
        out[k] = *a;
    }
    Ok(out)
}

/// The labels' values at the start: 1 where a preparation's `x` went into the first fix.
fn start(prog: &RoutedSectors) -> SectorState {
    let mut state = start_of(&prog.run);
    let room = Room::new(1);
    for (l, _) in prog.start_ones.iter().enumerate().filter(|(_, &one)| one) {
        state = apply_matrix(&prog.run, state, &[l], &SIGMA_X, &room).expect("one basis state fits");
    }
    state
}

/// |0…0⟩ on `run`'s groups: the sector of label 0 everywhere, whose first state is every
/// group's pattern 0 (a free group's label holds all of its patterns, so the sector is not one
/// amplitude long where there is one).
fn start_of(run: &SectorProgram) -> SectorState {
    let key = vec![0; run.groups.len()];
    let mut amps = vec![ZERO; run.sizes(&key).iter().product()];
    amps[0] = ONE;
    let mut state = SectorState::new();
    state.insert(key, amps);
    state
}

fn by_step(prog: &RoutedSectors, events: &[(usize, Pauli)]) -> BTreeMap<usize, Vec<(usize, Pauli)>> {
    let mut out: BTreeMap<usize, Vec<(usize, Pauli)>> = BTreeMap::new();
    for &(i, p) in events {
        out.entry(prog.step_of[i]).or_default().push((i, p));
    }
    out
}

#[cfg(test)]
mod tests;
