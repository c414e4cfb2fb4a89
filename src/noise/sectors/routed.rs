//! A routed circuit (the file Qiskit's transpiler writes, [`crate::noise::routed`]) on weight
//! sectors, so that its width is the physical qubits it uses and not 2^that (docs/qasm.md,
//! "The circuit the device runs").
//!
//! The routed gates are consolidated into steps, each the gates on one pair of physical
//! qubits between two gates that pair does not share (and the single-qubit gates between):
//! an XY gate written in `rz`, `sx` and `cz`, a cost term, a SWAP. Inside a step the state
//! leaves the weight sectors (an `sx` alone changes a weight), but a step as a whole keeps
//! them up to single-qubit gates at its ends: where the step's images of |00⟩ and |11⟩ are
//! product states, the single-qubit gates that take them home are moved out of the step into
//! the next step on each qubit, and what remains keeps each block's weight. Where the matrix
//! does not say (a block's preparation, which keeps weights only on the states it meets, merged
//! by Qiskit with its neighbours' gates), the noiseless state does: the gates moved are those
//! that make each of the step's qubits diagonal in its reduced state. A step whose
//! remainder exchanges its two qubits (a SWAP, alone or with a diagonal cost term) is applied
//! as its diagonal part, and the two physical qubits' *labels* are exchanged instead: the
//! groups (the blocks of the exported circuit's qubits, and one group per physical qubit the
//! routing borrowed) follow labels, not physical qubits. Nothing here is approximate: any
//! step that does not keep the sectors is applied as the matrix it is, moving amplitude
//! between sectors; only the sectors' number grows.
//!
//! Errors are drawn per routed gate exactly as the full-statevector route draws them
//! (`RoutedCircuit::sample_events`), so the two routes run the same trajectories and their
//! final states agree amplitude for amplitude (tests). Every trajectory's errors are drawn
//! first and its memory planned before any work: the labels each group can hold are carried
//! through the steps from the noiseless state before its first error.

use super::run::BYTES_PER_AMPLITUDE;
use super::*;
use crate::budget::Budget;
use crate::noise::routed::{RoutedCircuit, RoutedEstimate, RoutedGate};
use crate::noise::trajectories::trajectory_rng;
use crate::noise::NoiseModel;

/// The most physical qubits a routed circuit is run on sectors with (a Pauli is a 64-bit mask).
pub const MAX_SECTOR_PHYSICAL: usize = 64;

/// A single-qubit unitary, row-major.
type Unitary2 = [Complex64; 4];

const IDENTITY: Unitary2 = [ONE, ZERO, ZERO, ONE];

const SIGMA_X: Unitary2 = [ZERO, ONE, ONE, ZERO];

/// How close to 0 an amplitude of a step's image must be for the image to count as a product
/// state or an exchange (the native gates' products are exact to about 1e-15).
const STEP_TOLERANCE: f64 = 1e-10;

/// Most amplitudes of the noiseless state that guides the steps' fixes.
const MAX_GUIDE: usize = 1 << 22;

/// Most passes of the guided fixes.
const MAX_PASSES: usize = 8;

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
        let mut covered = vec![false; n];
        for (qs, _) in &logical {
            if qs.len() > MAX_GROUP_QUBITS {
                return Err(unsupported(format!(
                    "a block of {} qubits (at most {MAX_GROUP_QUBITS} on weight sectors)",
                    qs.len()
                )));
            }
            for &q in qs {
                if q >= n || covered[q] {
                    return Err(unsupported(format!("qubit {q} twice or beyond the circuit")));
                }
                covered[q] = true;
            }
        }
        if let Some(q) = covered.iter().position(|c| !c) {
            return Err(unsupported(format!("qubit {q} in no block and not free")));
        }
        let raw = group_gates(circuit);
        // The fixes read from the matrices alone give a first labelling; the noiseless state,
        // held on the groups that labelling gives, then guides the steps whose matrices do not
        // say (Qiskit merges a block's preparation with its neighbours' gates), which may
        // exchange labels the first pass did not: repeated until the labels agree.
        let (mut steps, mut step_of, mut label_at) = fix_steps(circuit, &raw, None);
        let groups_for = |label_at: &[usize]| {
            // Logical qubit i ends on physical qubit measured[i], which holds label_at[..].
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
            groups
        };
        // A pass whose groups are wrong spreads the state until its guide lets go; the steps
        // it guided before then fix the labels there, so each pass guides further.
        for _ in 0..MAX_PASSES {
            let run = bare(m, groups_for(&label_at));
            let mut guide = Guide {
                run: &run,
                state: Some(start_of(&run)),
                room: Room::alone(crate::sim::available_memory(), 0),
            };
            let again = fix_steps(circuit, &raw, Some(&mut guide));
            let settled = again.2 == label_at && guide.state.is_some();
            (steps, step_of, label_at) = again;
            if settled {
                break;
            }
        }
        let run = bare(m, groups_for(&label_at));
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
        };
        for s in 0..prog.steps.len() {
            let matrix = prog.step_matrix(s, &[]);
            let dim = 1usize << prog.steps[s].labels.len();
            prog.steps[s].diagonal = (0..dim).all(|o| (0..dim).all(|c| o == c || matrix[o * dim + c] == ZERO));
            prog.steps[s].matrix = matrix;
        }
        Ok(prog)
    }

    /// Steps, and those of them that move amplitude between sectors without errors.
    pub fn steps(&self) -> (usize, usize) {
        let moving = self
            .steps
            .iter()
            .filter(|s| !s.diagonal && self.run.keeps_sectors(&s.labels, &s.matrix).is_none())
            .count();
        (self.steps.len(), moving)
    }

    /// The matrix of step `s` on its labels with `events` (routed gate index, Pauli on
    /// physical qubits) inside, residues set to 0.
    fn step_matrix(&self, s: usize, events: &[(usize, Pauli)]) -> Vec<Complex64> {
        labelled_matrix(&self.circuit, &self.steps[s], events)
    }

    /// `state` carried through `steps`, with `events` (routed gate index, Pauli) by step.
    fn run_steps(
        &self,
        mut state: SectorState,
        steps: std::ops::Range<usize>,
        events: &BTreeMap<usize, Vec<(usize, Pauli)>>,
        room: &Room,
    ) -> Result<SectorState> {
        for s in steps {
            room.check()?;
            let step = &self.steps[s];
            let own = events.get(&s);
            let matrix = match own {
                Some(e) => std::borrow::Cow::Owned(self.step_matrix(s, e)),
                None => std::borrow::Cow::Borrowed(&step.matrix),
            };
            state = if own.is_none() && step.diagonal {
                apply_diagonal(&self.run, &mut state, &step.labels, &matrix);
                state
            } else {
                apply_matrix(&self.run, state, &step.labels, &matrix, room)?
            };
        }
        Ok(state)
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

    /// The labels each group can hold after every step of a trajectory with `events` (by
    /// step), from the noiseless labels before its first error; returns the most amplitudes
    /// held at once (a step's sources and targets together).
    fn planned(&self, from: usize, start: &SectorState, events: &BTreeMap<usize, Vec<(usize, Pauli)>>) -> u128 {
        let ng = self.run.groups.len();
        let mut sets: Vec<BTreeSet<u8>> = vec![BTreeSet::new(); ng];
        for key in start.keys() {
            for (g, &l) in key.iter().enumerate() {
                sets[g].insert(l);
            }
        }
        let mut peak = self.run.held_by(&sets);
        for s in from..self.steps.len() {
            let step = &self.steps[s];
            let own = events.get(&s);
            let matrix = match own {
                Some(e) => std::borrow::Cow::Owned(self.step_matrix(s, e)),
                None => std::borrow::Cow::Borrowed(&step.matrix),
            };
            let dim = 1usize << step.labels.len();
            // Each group's weight changes along the matrix's entries.
            let mut changes: BTreeMap<usize, BTreeSet<i32>> = BTreeMap::new();
            for o in 0..dim {
                for c in 0..dim {
                    if matrix[o * dim + c] == ZERO {
                        continue;
                    }
                    let mut per: BTreeMap<usize, i32> = BTreeMap::new();
                    for (j, &l) in step.labels.iter().enumerate() {
                        let d = (o >> j & 1) as i32 - (c >> j & 1) as i32;
                        *per.entry(self.run.place[l].0).or_default() += d;
                    }
                    for (g, d) in per {
                        changes.entry(g).or_default().insert(d);
                    }
                }
            }
            if changes.values().all(|ds| ds.len() == 1 && ds.contains(&0)) {
                continue;
            }
            let mut after = sets.clone();
            for (g, ds) in &changes {
                let top = self.run.groups[*g].patterns.len() as i32 - 1;
                after[*g] = sets[*g]
                    .iter()
                    .flat_map(|&l| ds.iter().map(move |&d| i32::from(l) + d))
                    .filter(|&l| (0..=top).contains(&l))
                    .map(|l| l as u8)
                    .collect();
            }
            let both: Vec<BTreeSet<u8>> = sets.iter().zip(&after).map(|(a, b)| a | b).collect();
            peak = peak.max(self.run.held_by(&both));
            sets = after;
        }
        peak
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

/// The reduced density matrix (row-major) of label `l` in `state`.
fn reduced(run: &SectorProgram, state: &SectorState, l: usize) -> [Complex64; 4] {
    let (g, pos) = run.place[l];
    let grp = &run.groups[g];
    let bit = 1u32 << pos;
    let mut rho = [ZERO; 4];
    for (key, amps) in state {
        let sizes = run.sizes(key);
        let lo: usize = sizes[..g].iter().product();
        let size = sizes[g];
        let hi: usize = sizes[g + 1..].iter().product();
        for (r, &p) in grp.patterns[usize::from(key[g])].iter().enumerate() {
            let mut weight = 0.0;
            for h in 0..hi {
                weight += amps[lo * (r + size * h)..][..lo]
                    .iter()
                    .map(|a| a.norm_sqr())
                    .sum::<f64>();
            }
            if p & bit != 0 {
                rho[3] += weight;
                continue;
            }
            rho[0] += weight;
            // ⟨1|ρ|0⟩ from the partner with the bit set.
            let q = p | bit;
            let mut partner = key.clone();
            partner[g] = grp.label(q);
            let Some(other) = state.get(&partner) else {
                continue;
            };
            let (r1, size1) = (grp.rank[q as usize] as usize, grp.size(partner[g]));
            for h in 0..hi {
                let a0 = &amps[lo * (r + size * h)..][..lo];
                let a1 = &other[lo * (r1 + size1 * h)..][..lo];
                for (x, y) in a0.iter().zip(a1) {
                    rho[2] += y * x.conj();
                }
            }
        }
    }
    rho[1] = rho[2].conj();
    rho
}

/// The single-qubit unitary that makes `rho` diagonal, its eigenvector nearer |0⟩ taken to |0⟩;
/// `None` where its eigenvalues are too close to tell the eigenvectors apart, or it is
/// diagonal already.
fn diagonalising(rho: &[Complex64; 4]) -> Option<[Complex64; 4]> {
    let (a, d, c) = (rho[0].re, rho[3].re, rho[2]);
    if c.norm() <= STEP_TOLERANCE {
        return None;
    }
    let gap = ((a - d).powi(2) + 4.0 * c.norm_sqr()).sqrt();
    if gap <= 1e-6 {
        return None;
    }
    // (ρ − λ)v = 0 for the larger λ: v = (λ − d, c).
    let lambda = (a + d + gap) / 2.0;
    let v = [Complex64::new(lambda - d, 0.0), c];
    let nrm = (v[0].norm_sqr() + v[1].norm_sqr()).sqrt();
    let v = [v[0] / nrm, v[1] / nrm];
    let (zero, one) = if v[0].norm() >= v[1].norm() {
        (v, perpendicular(&v))
    } else {
        (perpendicular(&v), v)
    };
    home(&zero, &one)
}

/// The noiseless state carried through the steps while they are fixed, on the groups of a
/// labelling, to guide the steps whose matrices do not say which single-qubit gates to move.
struct Guide<'a> {
    run: &'a SectorProgram,
    /// `None` once a step would not fit (the matrices alone then decide).
    state: Option<SectorState>,
    room: Room,
}

impl Guide<'_> {
    /// The fixes that make the state after `step` (its operations so far) diagonal on each
    /// qubit of a block, where its reduced state tells them.
    fn fixes(&self, circuit: &RoutedCircuit, step: &Step) -> Option<(Option<Unitary2>, Option<Unitary2>)> {
        let state = self.state.as_ref()?;
        let matrix = labelled_matrix(circuit, step, &[]);
        let after = apply_matrix(self.run, state.clone(), &step.labels, &matrix, &self.room).ok()?;
        let fix = |l: usize| {
            let g = self.run.place[l].0;
            self.run.groups[g]
                .split
                .then(|| diagonalising(&reduced(self.run, &after, l)))
                .flatten()
        };
        Some((fix(step.labels[0]), fix(step.labels[1])))
    }

    /// The state with an X on label `l` (a fix read the wrong way round, corrected).
    fn flip(&mut self, l: usize) {
        if let Some(state) = self.state.take() {
            self.state = apply_matrix(self.run, state, &[l], &SIGMA_X, &self.room).ok();
        }
    }

    /// The state after `step` as fixed; let go past [`MAX_GUIDE`] amplitudes (a labelling
    /// whose groups are not the circuit's spreads the state, and the next pass corrects it).
    fn advance(&mut self, circuit: &RoutedCircuit, step: &Step) {
        if let Some(state) = self.state.take() {
            let matrix = labelled_matrix(circuit, step, &[]);
            self.state = apply_matrix(self.run, state, &step.labels, &matrix, &self.room)
                .ok()
                .filter(|s| s.values().map(Vec::len).sum::<usize>() <= MAX_GUIDE);
        }
    }
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

/// Steps from `raw` (qubits, gates), the step of each gate and the label each physical qubit
/// holds at the end: single-qubit gates moved between steps so that each keeps the sectors where it
// can, and labels exchanged where a step exchanges its qubits.
fn fix_steps(
    circuit: &RoutedCircuit,
    raw: &[(Vec<usize>, Vec<usize>)],
    mut guide: Option<&mut Guide<'_>>,
) -> (Vec<Step>, Vec<usize>, Vec<usize>) {
    let m = circuit.physical.len();
    let mut carry: Vec<Option<[Complex64; 4]>> = vec![None; m];
    let mut label: Vec<usize> = (0..m).collect();
    let mut seen = vec![false; m];
    // Per qubit, the step and operation of fixes read from a Schmidt basis, not yet confirmed.
    let mut tentative: Vec<Option<(usize, usize)>> = vec![None; m];
    let mut step_of = vec![0; circuit.gates.len()];
    let mut steps: Vec<Step> = Vec::with_capacity(raw.len() + m);
    for (physical, gates) in raw {
        let (physical, gates) = (physical.clone(), gates.clone());
        let mut ops: Vec<Op> = Vec::new();
        for (j, &q) in physical.iter().enumerate() {
            if let Some(u) = carry[q].take() {
                ops.push(Op::Fix(j, u));
            }
        }
        ops.extend(gates.iter().map(|&i| Op::Gate(i)));
        for &i in &gates {
            step_of[i] = steps.len();
        }
        let mut step = Step {
            labels: physical.iter().map(|&q| label[q]).collect(),
            physical,
            ops,
            exchange: false,
            matrix: Vec::new(),
            diagonal: false,
        };
        let fresh = step.physical.iter().all(|&q| !seen[q]);
        for &q in &step.physical {
            seen[q] = true;
        }
        if step.physical.len() == 2 {
            let mut by_matrix = matrix_rule(circuit, &step);
            // A qubit whose last fixes were read from a state's Schmidt basis may have had its
            // |0⟩ and |1⟩ taken the wrong way round: this step says which.
            let open: Vec<usize> = (0..2).filter(|&j| tentative[step.physical[j]].is_some()).collect();
            if by_matrix.is_none() {
                for flips in 1..1usize << open.len() {
                    let mut trial = step.clone();
                    for (t, &j) in open.iter().enumerate() {
                        if flips >> t & 1 == 1 {
                            if let Some(Op::Fix(_, u)) =
                                trial.ops.iter_mut().find(|o| matches!(o, Op::Fix(k, _) if *k == j))
                            {
                                *u = times(u, &SIGMA_X);
                            }
                        }
                    }
                    if let Some(f) = matrix_rule(circuit, &trial) {
                        for (t, &j) in open.iter().enumerate() {
                            if flips >> t & 1 == 1 {
                                let (s, at) = tentative[step.physical[j]].expect("an open qubit");
                                if let Op::Fix(_, u) = &mut steps[s].ops[at] {
                                    *u = times(&SIGMA_X, u);
                                }
                                if let Some(g) = guide.as_deref_mut() {
                                    g.flip(step.labels[j]);
                                }
                            }
                        }
                        step = trial;
                        by_matrix = Some(f);
                        break;
                    }
                }
            }
            for &q in &step.physical {
                tentative[q] = None;
            }
            // Two qubits met for the first time start at |00⟩: their state after the step is
            // the image of |00⟩, diagonal on each qubit in its Schmidt basis.
            let mut schmidt = false;
            let fixes = match (by_matrix, guide.as_deref()) {
                (Some(f), _) => Some(f),
                (None, _) if fresh => {
                    let whole = local_matrix_of(circuit, &step);
                    let c = [whole[0], whole[4], whole[8], whole[12]];
                    let real = |x: f64| Complex64::new(x, 0.0);
                    let rho_a = [
                        real(c[0].norm_sqr() + c[2].norm_sqr()),
                        c[0] * c[1].conj() + c[2] * c[3].conj(),
                        c[1] * c[0].conj() + c[3] * c[2].conj(),
                        real(c[1].norm_sqr() + c[3].norm_sqr()),
                    ];
                    let rho_b = [
                        real(c[0].norm_sqr() + c[1].norm_sqr()),
                        c[0] * c[2].conj() + c[1] * c[3].conj(),
                        c[2] * c[0].conj() + c[3] * c[1].conj(),
                        real(c[2].norm_sqr() + c[3].norm_sqr()),
                    ];
                    schmidt = true;
                    Some((
                        diagonalising(&rho_a).unwrap_or(IDENTITY),
                        diagonalising(&rho_b).unwrap_or(IDENTITY),
                    ))
                }
                // Where the matrix does not say, the noiseless state does.
                (None, Some(g)) => g
                    .fixes(circuit, &step)
                    .map(|(a, b)| (a.unwrap_or(IDENTITY), b.unwrap_or(IDENTITY))),
                (None, None) => None,
            };
            if let Some((u0, u1)) = fixes {
                step.ops.push(Op::Fix(0, u0));
                step.ops.push(Op::Fix(1, u1));
                carry[step.physical[0]] = Some(dagger(&u0));
                carry[step.physical[1]] = Some(dagger(&u1));
                if schmidt {
                    let at = step.ops.len();
                    tentative[step.physical[0]] = Some((steps.len(), at - 2));
                    tentative[step.physical[1]] = Some((steps.len(), at - 1));
                } else {
                    let kept = local_matrix_of(circuit, &step);
                    // |01⟩ and |10⟩ exchanged, |00⟩ and |11⟩ kept: the labels are exchanged,
                    // and the rest is diagonal.
                    let exchanged = [5, 10].iter().all(|&e| kept[e].norm() <= STEP_TOLERANCE)
                        && [0, 15].iter().all(|&e| (kept[e].norm() - 1.0).abs() <= STEP_TOLERANCE);
                    if exchanged {
                        step.exchange = true;
                        label.swap(step.physical[0], step.physical[1]);
                    }
                }
            }
        }
        if let Some(g) = guide.as_deref_mut() {
            g.advance(circuit, &step);
        }
        steps.push(step);
    }
    // What is still carried goes on before the measurement.
    for q in 0..m {
        if let Some(u) = carry[q] {
            steps.push(Step {
                physical: vec![q],
                labels: vec![label[q]],
                ops: vec![Op::Fix(0, u)],
                exchange: false,
                matrix: Vec::new(),
                diagonal: false,
            });
        }
    }
    (steps, step_of, label)
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
    let kept = local_matrix_of(circuit, &fixed);
    let keeps = (0..4).all(|o| {
        (0..4).all(|c| (o as u32).count_ones() == (c as u32).count_ones() || kept[o * 4 + c].norm() <= STEP_TOLERANCE)
    });
    keeps.then_some(fixes)
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
    prog.run_steps(start(prog), 0..prog.steps.len(), &by_step, &room)
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

fn start(prog: &RoutedSectors) -> SectorState {
    start_of(&prog.run)
}

/// |0…0⟩ on `run`'s groups.
fn start_of(run: &SectorProgram) -> SectorState {
    let mut state = SectorState::new();
    state.insert(vec![0; run.groups.len()], vec![ONE]);
    state
}

fn by_step(prog: &RoutedSectors, events: &[(usize, Pauli)]) -> BTreeMap<usize, Vec<(usize, Pauli)>> {
    let mut out: BTreeMap<usize, Vec<(usize, Pauli)>> = BTreeMap::new();
    for &(i, p) in events {
        out.entry(prog.step_of[i]).or_default().push((i, p));
    }
    out
}

/// P(valid) (`valid`: the exported circuit's bit patterns) of the routed circuit under
/// `model`, from `trajectories` seeded trajectories with the same draws, estimator and value
/// as [`crate::noise::routed::estimate_within`] gives on the full statevector, within
/// `budget` (looked at between batches of trajectories) and `memory` bytes: every
/// trajectory's largest state is planned before any work, and a plan past three quarters of
/// `memory` is refused then.
pub fn estimate_within(
    prog: &RoutedSectors,
    valid: &[u64],
    model: &NoiseModel,
    trajectories: usize,
    seed: u64,
    budget: &Budget<'_>,
    memory: u64,
) -> Result<RoutedEstimate> {
    crate::noise::check_trajectory_cap(trajectories)?;
    crate::noise::trajectories::check_trajectories(trajectories)?;
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
    let flipped = Readout::new(&nothing, valid, model.readout);
    let (plain, flipped) = (Cache::new(Some(&plain)), Cache::new(Some(&flipped)));
    // The noiseless run, its checkpoints kept.
    let first = Room::alone(memory, 0).with_cancel(&cancel);
    let every = prog.steps.len().div_ceil(CHECKPOINTS).max(1);
    let mut checkpoints = vec![start(prog)];
    let none = BTreeMap::new();
    let mut at = 0;
    while at < prog.steps.len() {
        let to = (at + every).min(prog.steps.len());
        let next = prog.run_steps(checkpoints.last().expect("the start").clone(), at..to, &none, &first)?;
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
    let plans: Vec<u128> = draws
        .par_iter()
        .map(|events| match from(events) {
            None => 0,
            Some((c, s)) => prog.planned(s, &checkpoints[c], events),
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
    let run = |t: usize, room: &Room| -> Result<f64> {
        let events = &draws[t];
        let Some((c, s)) = from(events) else {
            return Ok(v0);
        };
        let state = prog.run_steps(checkpoints[c].clone(), s..prog.steps.len(), events, room)?;
        Ok(flipped.measure(&prog.measure, &prog.traced(state), &cancel)?.0)
    };
    let mut values = vec![v0; trajectories];
    // Those that fit beside the others in batches, the budget looked at between; then the rest
    // one by one, alone.
    let (small, large): (Vec<usize>, Vec<usize>) =
        (0..trajectories).partition(|&t| plans[t] <= beside.amplitudes as u128);
    let began = std::time::Instant::now();
    let mut done = 0usize;
    for batch in small.chunks(4 * threads) {
        let got: Vec<Result<f64>> = batch.par_iter().map(|&t| run(t, &beside)).collect();
        for (&t, v) in batch.iter().zip(got) {
            values[t] = v?;
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
        values[t] = run(t, &alone).map_err(|e| crate::noise::trajectories::how_far(e, done, trajectories, began))?;
        done += 1;
        if budget.expired() {
            let fraction = done as f64 / trajectories as f64;
            return Err(budget.out_of_time(&task, Some(fraction), &format!("{done} of {trajectories} trajectories")));
        }
    }
    crate::noise::routed::finish(model, trajectories, &values, v0, noiseless)
}
