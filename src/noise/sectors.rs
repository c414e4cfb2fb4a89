//! Noisy trajectories of block-space circuits on weight sectors (docs/ARCHITECTURE.md,
//! "Noise"). The exported circuit of a block space keeps every block's Hamming weight: the
//! Dicke preparation acts on one block, the cost part is diagonal and the XY gates swap ones
//! within a block. A Pauli Z is diagonal too, and an X or Y on a qubit of a block moves
//! amplitude between that block's weights w and w ± 1. So a trajectory's state is always a sum
//! over *sectors*, one weight per block, each sector the product of its blocks' weight-w
//! patterns (and of every pattern of the free qubits): the noiseless state is one sector of the
//! size of the block space, and each error opens a few more.
//!
//! The circuit is the one the gate-by-gate route runs ([`super::gates`]): the same native gates,
//! the same error draws per native gate ([`GateProgram::sample_events`], so one seed gives the
//! two routes the same errors), the same readout flips and estimator. What differs is where a
//! gate is applied: the preparation of each block (and the `h` of each free qubit group) on
//! that group's own 2^m vector, whose weight components then form the first sectors; each
//! layer's cost part as one diagonal phase per sector, with the errors inside it pushed to its
//! end as on the layered route ([`LayerFrame`]); each XY gate (each free qubit's `rx`) as the
//! product of its native gates, within a sector where no error falls inside it, and as a
//! matrix that moves amplitude between sectors where one does.
//!
//! Each X or Y error multiplies a trajectory's amplitudes by about the ratio of the next weights'
//! pattern counts to its own (2.7 on a one-hot block of six), so a trajectory's memory grows
//! exponentially with its errors. It is held against the trajectory's share of the machine's
//! memory before each new sector is allocated; a trajectory past its share while others run is
//! run again after them, alone, with three quarters of the available memory, and refused only
//! past that.
//!
//! Weight components of a prepared group whose probability is below
//! [`DROPPED_PROBABILITY`] are dropped: they are the rounding residue of the preparation's
//! rotations (`ry(θ/2)` undone by `ry(−θ/2)`), not states the circuit reaches.

use super::gates::{GateEvents, GateProgram};
use super::program::{CostOp, Layer, LayerEvents, LayerFrame, Pauli};
use super::trajectories::{draw_index, read_out, trajectory_rng, Draws, NoisyEstimate, SectorStats, TRAJECTORIES_TASK};
use crate::angles::Angles;
use crate::circuit::{expand, Circuit, Gate};
use crate::cost::pubo::ZPoly;
use crate::error::{Error, Quantity, Result, Unsupported};
use crate::sim::kernels::{self, Phase};
use crate::simulation::mixers::NoiseRoute;
use num_complex::Complex64;
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

const ZERO: Complex64 = Complex64::new(0.0, 0.0);
const ONE: Complex64 = Complex64::new(1.0, 0.0);

/// A prepared group's weight component with a smaller probability is rounding residue.
pub const DROPPED_PROBABILITY: f64 = 1e-24;

/// A matrix entry between two sectors smaller than this in a gate with no error is rounding
/// residue of its native gates (the XY gate written in `rx`, `rz` and `cx`).
const KEEPS_LABELS: f64 = 1e-13;

/// A noiseless gate's matrix entry this close to 0 or 1 is that number.
const SNAP: f64 = 1e-14;

/// Most entries of a table of the terms on two groups ([`SectorProgram::sector_tables`]).
const MAX_PAIR_TABLE: usize = 1 << 16;

/// Most qubits of one group (its preparation runs on a 2^m vector).
const MAX_GROUP_QUBITS: usize = 24;

/// Most qubits of a block whose error-free XY gates are fused per weight (each gate's restriction
/// to a weight is formed as a matrix, at most C(8, 4) = 70 square, and split into its orbits).
const MAX_FUSED_QUBITS: usize = 8;

/// Error-free units fused: per group touched, per label, the units' restrictions to that label's
/// patterns as their orbits, in order of application. An XY gate within one weight pairs two
/// patterns (or leaves one alone), so applying a block's gates orbit by orbit costs a few
/// products per amplitude, where their multiplied-out matrix would cost one per pattern of the
/// weight (6 to 20 on blocks of six).
type Fused = Vec<(usize, Vec<Vec<Orbit>>)>;

/// Columns of a block's rows taken at once when its orbits are applied: every row's piece stays
/// in cache through all the orbits (20 rows of 512 amplitudes are 160 KiB).
const ORBIT_COLUMNS: usize = 512;

/// One orbit of a unit within a label: its patterns' ranks (ascending) and the unit's matrix
/// among them, row-major.
#[derive(Clone, Debug)]
struct Orbit {
    rows: Vec<usize>,
    matrix: Vec<Complex64>,
}

/// The orbits of `u` (c × c, row-major): the connected parts of its entries above rounding, each
/// with its matrix; a part that is the identity is left out.
fn orbits(u: &[Complex64], c: usize) -> Vec<Orbit> {
    let mut part: Vec<usize> = (0..c).collect();
    fn root(part: &mut [usize], mut i: usize) -> usize {
        while part[i] != i {
            part[i] = part[part[i]];
            i = part[i];
        }
        i
    }
    for i in 0..c {
        for j in 0..c {
            if i != j && u[i * c + j].norm() > KEEPS_LABELS {
                let (a, b) = (root(&mut part, i), root(&mut part, j));
                part[a.max(b)] = a.min(b);
            }
        }
    }
    let mut members: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in 0..c {
        let r = root(&mut part, i);
        members.entry(r).or_default().push(i);
    }
    members
        .into_values()
        .filter_map(|rows| {
            let matrix: Vec<Complex64> = rows
                .iter()
                .flat_map(|&i| rows.iter().map(move |&j| u[i * c + j]))
                .collect();
            let identity = rows.len() == 1 && (matrix[0] - ONE).norm() <= SNAP;
            (!identity).then_some(Orbit { rows, matrix })
        })
        .collect()
}

/// The labels of a sector: one weight per block, 0 for a free group.
type Key = Vec<u8>;

/// A trajectory's state: amplitudes per sector, each over the product of its groups' patterns
/// (group 0 the fastest-varying digit), sectors in key order.
pub type SectorState = BTreeMap<Key, Vec<Complex64>>;

/// A block (patterns split by weight) or a group of free qubits (one label, every pattern).
#[derive(Clone, Debug)]
struct Group {
    qubits: Vec<usize>,
    split: bool,
    /// Per label, its local patterns ascending (colex order for a block).
    patterns: Vec<Vec<u32>>,
    /// The rank of each local pattern within its label.
    rank: Vec<u32>,
    /// The full-space bits of each local pattern.
    masks: Vec<u64>,
}

impl Group {
    fn new(qubits: Vec<usize>, split: bool) -> Group {
        let m = qubits.len();
        let mut patterns = vec![Vec::new(); if split { m + 1 } else { 1 }];
        let mut rank = vec![0u32; 1 << m];
        let mut masks = vec![0u64; 1 << m];
        for p in 0..(1u32 << m) {
            let l = if split { p.count_ones() as usize } else { 0 };
            rank[p as usize] = patterns[l].len() as u32;
            patterns[l].push(p);
            masks[p as usize] = (0..m).filter(|j| p >> j & 1 == 1).map(|j| 1u64 << qubits[j]).sum();
        }
        Group {
            qubits,
            split,
            patterns,
            rank,
            masks,
        }
    }

    fn label(&self, p: u32) -> u8 {
        if self.split {
            p.count_ones() as u8
        } else {
            0
        }
    }

    fn size(&self, label: u8) -> usize {
        self.patterns[usize::from(label)].len()
    }
}

/// One gate of the circuit after the preparation that is not part of a cost part: an XY gate
/// or a free qubit's `rx`, with its native gates on local positions.
#[derive(Clone, Debug)]
struct Unit {
    qubits: Vec<usize>,
    gates: Vec<Gate>,
    /// Native index of its first gate.
    at: usize,
    /// The noiseless matrix, row-major over local indices (bit j = `qubits[j]`).
    matrix: Vec<Complex64>,
}

#[derive(Clone, Debug)]
struct SectorLayer {
    gamma: f64,
    /// The cost part as the layered route reads it, for pushing its errors to its end.
    cost: Layer,
    /// Native index of its first cost gate.
    cost_at: usize,
    units: Vec<Unit>,
    /// The whole mixer fused per block, where every unit is fusable ([`SectorProgram::fusable`]).
    fused: Option<Fused>,
}

/// A gate's qubits within their group: the gate's local index c (bit j: its j-th qubit) and
/// the group's pattern bits.
struct OnGroup {
    dim: usize,
    /// Per gate qubit, its bit in the group's patterns.
    bits: Vec<u32>,
    /// The gate's bits together.
    all: u32,
}

impl OnGroup {
    fn new(prog: &SectorProgram, qubits: &[usize]) -> OnGroup {
        let bits: Vec<u32> = qubits.iter().map(|&q| 1u32 << prog.place[q].1).collect();
        OnGroup {
            dim: 1 << qubits.len(),
            all: bits.iter().sum(),
            bits,
        }
    }

    /// The pattern bits of local index `c`.
    fn deposit(&self, c: usize) -> u32 {
        self.bits
            .iter()
            .enumerate()
            .filter(|(j, _)| c >> j & 1 == 1)
            .map(|(_, b)| b)
            .sum()
    }

    /// The local index of pattern `p`.
    fn local(&self, p: u32) -> usize {
        self.bits
            .iter()
            .enumerate()
            .filter(|(_, &b)| p & b != 0)
            .map(|(j, _)| 1usize << j)
            .sum()
    }
}

/// A block-space circuit ready for sector trajectories.
#[derive(Clone, Debug)]
pub struct SectorProgram {
    num_qubits: usize,
    groups: Vec<Group>,
    /// Per qubit: its group and its position there.
    place: Vec<(usize, usize)>,
    /// The native gates: error draws and gate counts.
    native: GateProgram,
    /// Per group, its preparation: (native index, gate on local positions).
    prep: Vec<Vec<(usize, Gate)>>,
    /// Per native index of the preparation, the group it acts on.
    prep_group: Vec<usize>,
    layers: Vec<SectorLayer>,
    /// The cost part's terms `(S, w)` without the constant: a layer's phase is
    /// `exp(−iγ Σ w z_S)`.
    phase_terms: Vec<(u64, f64)>,
    /// Per group, its noiseless prepared vector.
    prepared: Vec<Vec<Complex64>>,
}

fn unsupported(what: String) -> Error {
    Unsupported::NoiseCircuit { what }.into()
}

fn mask_of(qubits: &[usize]) -> u64 {
    qubits.iter().map(|&q| 1u64 << q).sum()
}

/// `g` with qubit q written `map(q)`.
fn relabel(g: &Gate, map: impl Fn(usize) -> usize) -> Gate {
    match *g {
        Gate::H(q) => Gate::H(map(q)),
        Gate::X(q) => Gate::X(map(q)),
        Gate::Rx(q, a) => Gate::Rx(map(q), a),
        Gate::Ry(q, a) => Gate::Ry(map(q), a),
        Gate::Rz(q, a) => Gate::Rz(map(q), a),
        Gate::Cx(a, b) => Gate::Cx(map(a), map(b)),
        Gate::Rzz(a, b, t) => Gate::Rzz(map(a), map(b), t),
        Gate::Cry(a, b, t) => Gate::Cry(map(a), map(b), t),
        Gate::XxPlusYy(a, b, t) => Gate::XxPlusYy(map(a), map(b), t),
        Gate::Ccx(a, b, c) => Gate::Ccx(map(a), map(b), map(c)),
    }
}

/// `p` with qubit q written `map(q)`.
fn relabel_pauli(p: Pauli, map: impl Fn(usize) -> usize) -> Pauli {
    let move_bits = |m: u64| (0..64).filter(|q| m >> q & 1 == 1).map(|q| 1u64 << map(q)).sum();
    Pauli {
        x: move_bits(p.x),
        z: move_bits(p.z),
        phase: p.phase,
    }
}

/// Native `gates` (on qubits below log2 of the length) applied to `amps` as the gate-by-gate
/// route applies them, with the Paulis of `events` `(i, P)` after the first i gates (i
/// ascending).
fn run_local(amps: &mut [Complex64], gates: &[Gate], events: &[(usize, Pauli)]) {
    let mut next = events.iter().peekable();
    for i in 0..=gates.len() {
        while let Some(&&(at, p)) = next.peek() {
            if at != i {
                break;
            }
            kernels::apply_diagonal_pauli(amps, Phase::None, &[], p.x, p.z, p.global());
            next.next();
        }
        if let Some(g) = gates.get(i) {
            super::gates::apply(amps, g);
        }
    }
}

/// The factor of `p` on the qubits of `mask`, and the rest with `p`'s phase: `p` is their
/// product (the factors are on disjoint qubits, so they commute).
fn split_pauli(p: Pauli, mask: u64) -> (Pauli, Pauli) {
    let inside = Pauli {
        x: p.x & mask,
        z: p.z & mask,
        phase: 0,
    };
    let outside = Pauli {
        x: p.x & !mask,
        z: p.z & !mask,
        phase: p.phase,
    };
    (inside, outside)
}

/// The matrix (row-major) of native `gates` on k local qubits with `events`.
fn local_matrix(k: usize, gates: &[Gate], events: &[(usize, Pauli)]) -> Vec<Complex64> {
    let dim = 1usize << k;
    let mut m = vec![ZERO; dim * dim];
    for c in 0..dim {
        let mut v = vec![ZERO; dim];
        v[c] = ONE;
        run_local(&mut v, gates, events);
        for (o, a) in v.iter().enumerate() {
            m[o * dim + c] = *a;
        }
    }
    m
}

/// `orbit` on columns `i0..i0 + w` of a block's rows (row r at `r · lo` in `slab`).
fn apply_orbit(slab: &mut [Complex64], lo: usize, i0: usize, w: usize, orbit: &Orbit, scratch: &mut Vec<Complex64>) {
    let m = &orbit.matrix;
    match orbit.rows[..] {
        [a] => {
            for x in &mut slab[a * lo + i0..][..w] {
                *x *= m[0];
            }
        }
        [a, b] => {
            let (head, tail) = slab.split_at_mut(b * lo);
            let xs = &mut head[a * lo + i0..][..w];
            let ys = &mut tail[i0..][..w];
            for (x, y) in xs.iter_mut().zip(ys) {
                let (u, v) = (*x, *y);
                *x = m[0] * u + m[1] * v;
                *y = m[2] * u + m[3] * v;
            }
        }
        _ => {
            let k = orbit.rows.len();
            for i in i0..i0 + w {
                scratch.clear();
                scratch.extend(orbit.rows.iter().map(|&r| slab[r * lo + i]));
                for (j, &r) in orbit.rows.iter().enumerate() {
                    let mut d = ZERO;
                    for (c, a) in scratch.iter().enumerate() {
                        d += m[j * k + c] * a;
                    }
                    slab[r * lo + i] = d;
                }
            }
        }
    }
}

impl SectorProgram {
    /// The sector form of `circuit`, the block-space circuit ([`Circuit::qaoa_space`]) of cost
    /// `poly` with `blocks` (qubits, weight) and `free` qubits (grouped by `free_group`) at
    /// `angles`; any other shape is refused.
    pub fn new(
        circuit: &Circuit,
        poly: &ZPoly,
        blocks: &[(Vec<usize>, usize)],
        free: &[usize],
        free_group: usize,
        angles: &Angles,
    ) -> Result<SectorProgram> {
        let n = circuit.num_qubits;
        let native = GateProgram::new(circuit)?;
        let mut groups: Vec<Group> = Vec::new();
        for (qubits, _) in blocks {
            groups.push(Group::new(qubits.clone(), true));
        }
        for chunk in free.chunks(free_group.max(1)) {
            groups.push(Group::new(chunk.to_vec(), false));
        }
        let mut place = vec![(usize::MAX, 0); n];
        for (g, group) in groups.iter().enumerate() {
            if group.qubits.len() > MAX_GROUP_QUBITS {
                return Err(unsupported(format!(
                    "a block of {} qubits (at most {MAX_GROUP_QUBITS} on weight sectors)",
                    group.qubits.len()
                )));
            }
            for (j, &q) in group.qubits.iter().enumerate() {
                if q >= n || place[q].0 != usize::MAX {
                    return Err(unsupported(format!("qubit {q} twice or beyond the circuit")));
                }
                place[q] = (g, j);
            }
        }
        if let Some(q) = place.iter().position(|p| p.0 == usize::MAX) {
            return Err(unsupported(format!("qubit {q} in no block and not free")));
        }
        // Native index ranges of the circuit's gates.
        let mut at = Vec::with_capacity(circuit.gates.len() + 1);
        let mut natives = Vec::with_capacity(circuit.gates.len());
        let mut count = 0;
        for g in &circuit.gates {
            at.push(count);
            let nat = expand::native(&[*g]);
            count += nat.len();
            natives.push(nat);
        }
        at.push(count);
        if count != native.gates.len() {
            return Err(unsupported("native gates that do not add up".into()));
        }
        let is_layer_gate = |g: &Gate| matches!(g, Gate::Rz(..) | Gate::Rzz(..) | Gate::XxPlusYy(..) | Gate::Rx(..));
        let mut i = 0;
        let mut prep = vec![Vec::new(); groups.len()];
        let mut prep_group = Vec::new();
        while i < circuit.gates.len() && !is_layer_gate(&circuit.gates[i]) {
            for (j, g) in natives[i].iter().enumerate() {
                let qs = g.qubits();
                let grp = place[qs[0]].0;
                if qs.iter().any(|&q| place[q].0 != grp) {
                    return Err(unsupported(format!(
                        "`{}` on qubits of two blocks before the first layer",
                        g.name()
                    )));
                }
                prep[grp].push((at[i] + j, relabel(g, |q| place[q].1)));
                prep_group.push(grp);
            }
            i += 1;
        }
        let phase_terms: Vec<(u64, f64)> = poly
            .terms
            .iter()
            .filter(|(_, w)| *w != 0.0)
            .map(|(s, w)| (mask_of(s), *w))
            .collect();
        let mut layers = Vec::new();
        for (l, &gamma) in angles.gammas.iter().enumerate() {
            let cost_at = at[i];
            let mut cost = Vec::new();
            let mut tableau: Vec<u64> = (0..n).map(|j| 1u64 << j).collect();
            let mut rz = Vec::new();
            while let Some(g) = circuit.gates.get(i) {
                match *g {
                    Gate::Rz(..) | Gate::Rzz(..) | Gate::Cx(..) => {}
                    _ => break,
                }
                for ng in &natives[i] {
                    match *ng {
                        Gate::Cx(c, t) => {
                            tableau[t] ^= tableau[c];
                            cost.push(CostOp::Cx(c, t));
                        }
                        Gate::Rz(q, a) => {
                            rz.push((tableau[q], a.value));
                            cost.push(CostOp::Rz {
                                q,
                                theta: a.value,
                                support: tableau[q],
                            });
                        }
                        _ => unreachable!("rz, rzz and cx are native in rz and cx"),
                    }
                }
                i += 1;
            }
            if tableau.iter().enumerate().any(|(j, &s)| s != 1u64 << j) {
                return Err(unsupported(format!("the CNOTs of layer {} do not cancel", l + 1)));
            }
            let same = rz.len() == phase_terms.len()
                && rz.iter().zip(&phase_terms).all(|(&(s, theta), &(t, w))| {
                    s == t && (theta - 2.0 * gamma * w).abs() <= 1e-12 * (1.0 + theta.abs())
                });
            if !same {
                return Err(unsupported(format!(
                    "the cost part of layer {} is not the cost at gamma = {gamma}",
                    l + 1
                )));
            }
            let mut units = Vec::new();
            while let Some(g) = circuit.gates.get(i) {
                if !matches!(g, Gate::XxPlusYy(..) | Gate::Rx(..)) {
                    break;
                }
                let qubits = g.qubits();
                let local = |q: usize| qubits.iter().position(|&x| x == q).expect("a gate's own qubit");
                let gates: Vec<Gate> = natives[i].iter().map(|ng| relabel(ng, local)).collect();
                // Entries within rounding of 0 or 1 are those numbers: the XY gate's native
                // product leaves residues of 1e-17 where it is exactly 0 or 1.
                let matrix = local_matrix(qubits.len(), &gates, &[])
                    .into_iter()
                    .map(|m| {
                        if (m - ONE).norm() < SNAP {
                            ONE
                        } else if m.norm() < SNAP {
                            ZERO
                        } else {
                            m
                        }
                    })
                    .collect();
                units.push(Unit {
                    qubits,
                    gates,
                    at: at[i],
                    matrix,
                });
                i += 1;
            }
            layers.push(SectorLayer {
                gamma,
                cost: Layer {
                    gamma,
                    beta: angles.betas[l],
                    cost,
                    mixer: Vec::new(),
                },
                cost_at,
                units,
                fused: None,
            });
        }
        if let Some(g) = circuit.gates.get(i) {
            return Err(unsupported(format!(
                "gate `{}` after the {} layers of the angles",
                g.name(),
                angles.p()
            )));
        }
        let prepared = groups
            .iter()
            .zip(&prep)
            .map(|(grp, gates)| {
                let mut v = vec![ZERO; 1 << grp.qubits.len()];
                v[0] = ONE;
                let gates: Vec<Gate> = gates.iter().map(|(_, g)| *g).collect();
                run_local(&mut v, &gates, &[]);
                v
            })
            .collect();
        let mut prog = SectorProgram {
            num_qubits: n,
            groups,
            place,
            native,
            prep,
            prep_group,
            layers,
            phase_terms,
            prepared,
        };
        for l in 0..prog.layers.len() {
            let units: Vec<&Unit> = prog.layers[l].units.iter().collect();
            let fused = units
                .iter()
                .all(|u| prog.fusable(u).is_some())
                .then(|| prog.fuse(&units));
            prog.layers[l].fused = fused;
        }
        Ok(prog)
    }

    /// The native gates (error draws, gate counts).
    pub fn native(&self) -> &GateProgram {
        &self.native
    }

    /// Qubits.
    pub fn num_qubits(&self) -> usize {
        self.num_qubits
    }

    /// Amplitudes of the noiseless state: the product of the blocks' weights' patterns.
    pub fn noiseless_dimension(&self) -> u128 {
        self.home_key()
            .iter()
            .zip(&self.groups)
            .map(|(&l, g)| g.size(l) as u128)
            .product()
    }

    /// The most amplitudes a trajectory with `events` holds, as planned before it runs: an X or
    /// Y factor on a block's qubit moves each of its weights w to w − 1 and w + 1 (those the
    /// block has), blocks move independently, so its sectors are the product of each block's
    /// weights, and the state holds the sum of their sizes; the most over its events. Exact
    /// where no amplitude of a sector vanishes (the general case); the run's checks stay.
    pub fn planned_amplitudes(&self, events: &[(usize, Pauli)]) -> u128 {
        let home = self.home_key();
        let mut weights: Vec<BTreeSet<u8>> = home.iter().map(|&l| BTreeSet::from([l])).collect();
        let total = |weights: &[BTreeSet<u8>]| -> u128 {
            weights
                .iter()
                .zip(&self.groups)
                .map(|(ws, g)| ws.iter().map(|&l| g.size(l) as u128).sum::<u128>())
                .fold(1u128, u128::saturating_mul)
        };
        let mut most = total(&weights);
        for &(_, p) in events {
            let mut moved = false;
            for q in (0..self.num_qubits.min(64)).filter(|q| p.x >> q & 1 == 1) {
                let g = self.place[q].0;
                if !self.groups[g].split {
                    continue;
                }
                let top = self.groups[g].qubits.len() as u8;
                weights[g] = weights[g]
                    .iter()
                    .flat_map(|&w| [w.checked_sub(1), (w < top).then_some(w + 1)])
                    .flatten()
                    .collect();
                moved = true;
            }
            if moved {
                most = most.max(total(&weights));
            }
        }
        most
    }

    /// The sector of the noiseless state.
    fn home_key(&self) -> Key {
        self.prepared
            .iter()
            .zip(&self.groups)
            .map(|(v, g)| {
                let mut best = (0.0, 0u8);
                for (p, a) in v.iter().enumerate() {
                    if a.norm_sqr() > best.0 {
                        best = (a.norm_sqr(), g.label(p as u32));
                    }
                }
                best.1
            })
            .collect()
    }

    fn sizes(&self, key: &[u8]) -> Vec<usize> {
        key.iter().zip(&self.groups).map(|(&l, g)| g.size(l)).collect()
    }

    /// The full-space bits of every state of sector `key`, in its order.
    fn sector_masks(&self, key: &[u8]) -> Vec<u64> {
        let mut xs = vec![0u64];
        for (g, &l) in self.groups.iter().zip(key) {
            let pats = &g.patterns[usize::from(l)];
            let mut next = Vec::with_capacity(xs.len() * pats.len());
            for &p in pats {
                let m = g.masks[p as usize];
                next.extend(xs.iter().map(|&x| x | m));
            }
            xs = next;
        }
        xs
    }

    /// The state after the preparation, with its `events` (native indices ascending).
    fn prepare(&self, events: &[(usize, Pauli)], room: &Room) -> Result<SectorState> {
        let mut vectors: Vec<std::borrow::Cow<'_, [Complex64]>> = self
            .prepared
            .iter()
            .map(|v| std::borrow::Cow::Borrowed(v.as_slice()))
            .collect();
        // Each error's factor on a group goes after that group's gates up to the error; its
        // phase goes with its first factor.
        let mut per_group: BTreeMap<usize, Vec<(usize, Pauli)>> = BTreeMap::new();
        for &(at, p) in events.iter().filter(|e| e.0 < self.prep_group.len()) {
            let mut rest = p;
            for (g, grp) in self.groups.iter().enumerate() {
                let mask = mask_of(&grp.qubits);
                if (p.x | p.z) & mask == 0 {
                    continue;
                }
                let (inside, outside) = split_pauli(rest, mask);
                let factor = Pauli {
                    phase: rest.phase,
                    ..inside
                };
                rest = Pauli { phase: 0, ..outside };
                let before = self.prep[g].iter().filter(|(a, _)| *a <= at).count();
                per_group
                    .entry(g)
                    .or_default()
                    .push((before, relabel_pauli(factor, |q| self.place[q].1)));
            }
        }
        for (g, local) in per_group {
            let grp = &self.groups[g];
            let gates: Vec<Gate> = self.prep[g].iter().map(|(_, gate)| *gate).collect();
            let mut v = vec![ZERO; 1 << grp.qubits.len()];
            v[0] = ONE;
            run_local(&mut v, &gates, &local);
            vectors[g] = std::borrow::Cow::Owned(v);
        }
        // Each group's weight components.
        let parts: Vec<Vec<(u8, Vec<Complex64>)>> = vectors
            .iter()
            .zip(&self.groups)
            .map(|(v, g)| {
                g.patterns
                    .iter()
                    .enumerate()
                    .filter_map(|(l, pats)| {
                        let comp: Vec<Complex64> = pats.iter().map(|&p| v[p as usize]).collect();
                        let prob: f64 = comp.iter().map(|a| a.norm_sqr()).sum();
                        (prob >= DROPPED_PROBABILITY).then_some((l as u8, comp))
                    })
                    .collect()
            })
            .collect();
        let mut state: SectorState = BTreeMap::new();
        state.insert(Vec::new(), vec![ONE]);
        for part in &parts {
            room.check()?;
            // Checked before it is built: this product and the one it is made from.
            let held: usize = state.values().map(Vec::len).sum();
            let widths: usize = part.iter().map(|(_, comp)| comp.len()).sum();
            room.check_total(held + held * widths)?;
            let mut next = BTreeMap::new();
            for (key, amps) in &state {
                for (l, comp) in part {
                    let mut k = key.clone();
                    k.push(*l);
                    let mut out = Vec::with_capacity(amps.len() * comp.len());
                    for c in comp {
                        out.extend(amps.iter().map(|a| a * c));
                    }
                    next.insert(k, out);
                }
            }
            state = next;
        }
        Ok(state)
    }

    /// `amps *= e^{−iγ v}` and the gadget corrections, per sector.
    fn apply_phase(&self, state: &mut SectorState, l: usize, flips: &[(u64, Complex64)], data: &Cache<'_>) {
        for (key, amps) in state.iter_mut() {
            let tables = data.phase(self, key);
            let sizes = self.sizes(key);
            tables[l].apply(amps, &sizes);
            if !flips.is_empty() || !tables[l].rest.is_empty() {
                let xs = self.sector_masks(key);
                let gamma = self.layers[l].gamma;
                for (a, &x) in amps.iter_mut().zip(&xs) {
                    let mut v = 0.0;
                    for &(s, w) in &tables[l].rest {
                        v += if (x & s).count_ones() & 1 == 0 { w } else { -w };
                    }
                    let mut g = if tables[l].rest.is_empty() {
                        ONE
                    } else {
                        Complex64::from_polar(1.0, -gamma * v)
                    };
                    for &(s, e) in flips {
                        g *= if (x & s).count_ones() & 1 == 0 { e } else { e.conj() };
                    }
                    *a *= g;
                }
            }
        }
    }

    /// Whether `matrix` on `qubits` keeps every sector (all in one group, no entry between
    /// labels above rounding).
    fn keeps_sectors(&self, qubits: &[usize], matrix: &[Complex64]) -> Option<usize> {
        let g = self.place[qubits[0]].0;
        if qubits.iter().any(|&q| self.place[q].0 != g) {
            return None;
        }
        if !self.groups[g].split {
            return Some(g);
        }
        let dim = 1usize << qubits.len();
        let ones = |c: usize| c.count_ones();
        for o in 0..dim {
            for c in 0..dim {
                if ones(o) != ones(c) && matrix[o * dim + c].norm() > KEEPS_LABELS {
                    return None;
                }
            }
        }
        Some(g)
    }

    /// The group of a unit that keeps sectors on a block small enough to fuse.
    fn fusable(&self, unit: &Unit) -> Option<usize> {
        let g = self.keeps_sectors(&unit.qubits, &unit.matrix)?;
        let grp = &self.groups[g];
        (grp.split && grp.qubits.len() <= MAX_FUSED_QUBITS).then_some(g)
    }

    /// `units` (each fusable, noiseless) per block and label, in their order: units on
    /// different blocks commute, so each block's sequence is all that matters. A block's whole
    /// XY layer then costs one pass over a sector instead of one per gate.
    fn fuse(&self, units: &[&Unit]) -> Fused {
        let mut out: Fused = Vec::new();
        for unit in units {
            let Some(g) = self.fusable(unit) else {
                continue;
            };
            let grp = &self.groups[g];
            let slot = match out.iter().position(|f| f.0 == g) {
                Some(s) => s,
                None => {
                    let empty = grp.patterns.iter().map(|_| Vec::new()).collect();
                    out.push((g, empty));
                    out.len() - 1
                }
            };
            let on = OnGroup::new(self, &unit.qubits);
            let dim = on.dim;
            for (label, pats) in grp.patterns.iter().enumerate() {
                let c = pats.len();
                // The unit within this label (entries between labels are rounding residue).
                let mut u = vec![ZERO; c * c];
                for (r, &p) in pats.iter().enumerate() {
                    let col = on.local(p);
                    let base = p & !on.all;
                    for o in 0..dim {
                        let q = base | on.deposit(o);
                        if usize::from(grp.label(q)) == label {
                            u[grp.rank[q as usize] as usize * c + r] = unit.matrix[o * dim + col];
                        }
                    }
                }
                out[slot].1[label].extend(orbits(&u, c));
            }
        }
        out
    }

    /// `fused` applied to every sector, per block along its digit, orbit by orbit on pieces of
    /// [`ORBIT_COLUMNS`] columns of the block's rows.
    fn apply_fused(&self, state: &mut SectorState, fused: &Fused) {
        let mut scratch = Vec::new();
        for (g, labels) in fused {
            let g = *g;
            for (key, amps) in state.iter_mut() {
                let orbits = &labels[usize::from(key[g])];
                if orbits.is_empty() {
                    continue;
                }
                let sizes = self.sizes(key);
                let lo: usize = sizes[..g].iter().product();
                let size = sizes[g];
                for slab in amps.chunks_exact_mut(lo * size) {
                    for i0 in (0..lo).step_by(ORBIT_COLUMNS) {
                        let w = ORBIT_COLUMNS.min(lo - i0);
                        for orbit in orbits {
                            apply_orbit(slab, lo, i0, w, orbit, &mut scratch);
                        }
                    }
                }
            }
        }
    }

    /// `matrix` on `qubits`, all in group `g`, within each sector (entries between labels left
    /// out).
    fn apply_within(&self, state: &mut SectorState, g: usize, qubits: &[usize], matrix: &[Complex64]) {
        let grp = &self.groups[g];
        let on = OnGroup::new(self, qubits);
        let (dim, all) = (on.dim, on.all);
        for (key, amps) in state.iter_mut() {
            let label = key[g];
            let sizes = self.sizes(key);
            let lo: usize = sizes[..g].iter().product();
            let size = sizes[g];
            let hi: usize = sizes[g + 1..].iter().product();
            // The orbits of the gate within this label: (local index c, rank).
            let mut orbits: Vec<Vec<(usize, usize)>> = Vec::new();
            for &p in &grp.patterns[usize::from(label)] {
                // Each orbit is listed once, from its first member.
                let base = p & !all;
                let first = (0..dim)
                    .map(|c| base | on.deposit(c))
                    .find(|&q| grp.label(q) == label)
                    .expect("p is in its own orbit");
                if first != p {
                    continue;
                }
                // A state the gate leaves alone.
                let c = (0..dim).find(|&c| base | on.deposit(c) == p).expect("p in its orbit");
                let alone = (0..dim).all(|o| matrix[o * dim + c] == if o == c { ONE } else { ZERO });
                let members: Vec<(usize, usize)> = (0..dim)
                    .filter_map(|c| {
                        let q = base | on.deposit(c);
                        (grp.label(q) == label).then(|| (c, grp.rank[q as usize] as usize))
                    })
                    .collect();
                if members.len() == 1 && alone {
                    continue;
                }
                orbits.push(members);
            }
            if orbits.is_empty() {
                continue;
            }
            // Each orbit's rows (lo contiguous amplitudes per outer index h) in one pass: a
            // lone state is scaled, a pair (the XY gate's |01>, |10>) rotated, as the general
            // sum `Σ_j m[o][j] a_j` from zero would give them.
            let stride = lo * size;
            for orbit in &orbits {
                match orbit[..] {
                    [(c, r)] => {
                        let m = matrix[c * dim + c];
                        for row in amps[lo * r..].chunks_mut(stride) {
                            for a in &mut row[..lo] {
                                *a = ZERO + m * *a;
                            }
                        }
                    }
                    [(ca, ra), (cb, rb)] => {
                        let (m00, m01) = (matrix[ca * dim + ca], matrix[ca * dim + cb]);
                        let (m10, m11) = (matrix[cb * dim + ca], matrix[cb * dim + cb]);
                        // Rows of the lower rank first: both rows of one h lie in one chunk.
                        let (lower, upper, swapped) = if ra < rb { (ra, rb, false) } else { (rb, ra, true) };
                        for chunk in amps[lo * lower..].chunks_mut(stride) {
                            if chunk.len() < lo * (upper - lower) + lo {
                                break;
                            }
                            let (x, y) = chunk.split_at_mut(lo * (upper - lower));
                            let (xa, yb) = if swapped {
                                (&mut y[..lo], &mut x[..lo])
                            } else {
                                (&mut x[..lo], &mut y[..lo])
                            };
                            for (a, b) in xa.iter_mut().zip(yb.iter_mut()) {
                                let (u, v) = (*a, *b);
                                *a = ZERO + m00 * u + m01 * v;
                                *b = ZERO + m10 * u + m11 * v;
                            }
                        }
                    }
                    _ => {
                        let mut buf = vec![ZERO; orbit.len()];
                        for h in 0..hi {
                            for i in 0..lo {
                                let idx = |r: usize| i + lo * (r + size * h);
                                for (j, &(_, r)) in orbit.iter().enumerate() {
                                    buf[j] = amps[idx(r)];
                                }
                                for &(co, r) in orbit {
                                    let mut s = ZERO;
                                    for (j, &(ci, _)) in orbit.iter().enumerate() {
                                        s += matrix[co * dim + ci] * buf[j];
                                    }
                                    amps[idx(r)] = s;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `matrix` on `qubits`, all in group `g`, moving amplitude between that group's labels.
    /// Only group g's digit changes, so a source sector's amplitudes are runs of `lo` contiguous
    /// states (the groups before g) per pattern of g and outer index h, and each nonzero entry
    /// adds one run to one run of a target sector. Sources are read in key order, then h, then
    /// pattern and entry, so every target sums its contributions in one fixed order.
    fn apply_moving_in_group(
        &self,
        state: SectorState,
        g: usize,
        qubits: &[usize],
        matrix: &[Complex64],
        room: &Room,
    ) -> Result<SectorState> {
        let grp = &self.groups[g];
        let on = OnGroup::new(self, qubits);
        let (dim, all) = (on.dim, on.all);
        let mut out: SectorState = BTreeMap::new();
        // Amplitudes held: the sources not yet spread and the targets made so far. Each source
        // sector is let go as soon as it is spread, so that the source and target states are
        // not both whole at once.
        let mut live: usize = state.values().map(Vec::len).sum();
        for (key, amps) in state {
            room.check()?;
            let spread = amps.len();
            let label = usize::from(key[g]);
            let sizes = self.sizes(&key);
            let lo: usize = sizes[..g].iter().product();
            let size = sizes[g];
            let hi: usize = sizes[g + 1..].iter().product();
            // (source rank, target slot, target rank, entry), and the target labels by slot.
            let mut moves: Vec<(usize, usize, usize, Complex64)> = Vec::new();
            let mut labels: Vec<u8> = Vec::new();
            for (r, &p) in grp.patterns[label].iter().enumerate() {
                let c = on.local(p);
                let base = p & !all;
                for o in 0..dim {
                    let m = matrix[o * dim + c];
                    if m == ZERO {
                        continue;
                    }
                    let q = base | on.deposit(o);
                    let t = grp.label(q);
                    let slot = match labels.iter().position(|&l| l == t) {
                        Some(s) => s,
                        None => {
                            labels.push(t);
                            labels.len() - 1
                        }
                    };
                    moves.push((r, slot, grp.rank[q as usize] as usize, m));
                }
            }
            let mut targets: Vec<(Key, usize, Vec<Complex64>)> = Vec::with_capacity(labels.len());
            for &t in &labels {
                let mut new_key = key.clone();
                new_key[g] = t;
                let tsize = grp.size(t);
                let amps_out = match out.remove(&new_key) {
                    Some(v) => v,
                    None => {
                        live += lo * tsize * hi;
                        room.check_total(live)?;
                        vec![ZERO; lo * tsize * hi]
                    }
                };
                targets.push((new_key, tsize, amps_out));
            }
            for h in 0..hi {
                for &(r, slot, rt, m) in &moves {
                    let src = &amps[lo * (r + size * h)..][..lo];
                    let (_, tsize, dst) = &mut targets[slot];
                    let dst = &mut dst[lo * (rt + *tsize * h)..][..lo];
                    for (d, a) in dst.iter_mut().zip(src) {
                        *d += m * a;
                    }
                }
            }
            for (new_key, _, v) in targets {
                out.insert(new_key, v);
            }
            live -= spread;
        }
        Ok(out)
    }

    /// `matrix` on `qubits` (one or two), moving amplitude between sectors. Sources are read
    /// sector by sector in key order and state by state, so every target sums its
    /// contributions in one fixed order.
    fn apply_moving(
        &self,
        state: SectorState,
        qubits: &[usize],
        matrix: &[Complex64],
        room: &Room,
    ) -> Result<SectorState> {
        let k = qubits.len();
        let dim = 1usize << k;
        let places: Vec<(usize, usize)> = qubits.iter().map(|&q| self.place[q]).collect();
        let mut involved: Vec<usize> = places.iter().map(|p| p.0).collect();
        involved.dedup();
        let ng = self.groups.len();
        let mut out: SectorState = BTreeMap::new();
        // Amplitudes held: the sources not yet spread (each let go once it is) and the targets.
        let mut live: usize = state.values().map(Vec::len).sum();
        let mut digits = vec![0usize; ng];
        for (key, amps) in state {
            room.check()?;
            let spread = amps.len();
            let sizes = self.sizes(&key);
            // Targets met from this sector: the involved groups' labels, the target's key and
            // strides.
            let mut targets: Vec<(Vec<u8>, Key, Vec<usize>)> = Vec::new();
            for (idx, a) in amps.iter().enumerate() {
                if *a == ZERO {
                    continue;
                }
                let mut rest = idx;
                for (g, &s) in sizes.iter().enumerate() {
                    digits[g] = rest % s;
                    rest /= s;
                }
                let pats: Vec<u32> = involved
                    .iter()
                    .map(|&g| self.groups[g].patterns[usize::from(key[g])][digits[g]])
                    .collect();
                let slot = |g: usize| involved.iter().position(|&h| h == g).expect("an involved group");
                let c: usize = places
                    .iter()
                    .enumerate()
                    .map(|(j, &(g, pos))| ((pats[slot(g)] >> pos & 1) as usize) << j)
                    .sum();
                for o in 0..dim {
                    let m = matrix[o * dim + c];
                    if m == ZERO {
                        continue;
                    }
                    let mut new_pats = pats.clone();
                    for (j, &(g, pos)) in places.iter().enumerate() {
                        let bit = 1u32 << pos;
                        let p = &mut new_pats[slot(g)];
                        *p = if o >> j & 1 == 1 { *p | bit } else { *p & !bit };
                    }
                    let labels: Vec<u8> = involved
                        .iter()
                        .zip(&new_pats)
                        .map(|(&g, &p)| self.groups[g].label(p))
                        .collect();
                    let t = match targets.iter().position(|t| t.0 == labels) {
                        Some(t) => t,
                        None => {
                            let mut new_key = key.clone();
                            for (&g, &l) in involved.iter().zip(&labels) {
                                new_key[g] = l;
                            }
                            let new_sizes = self.sizes(&new_key);
                            let mut strides = Vec::with_capacity(ng);
                            let mut stride = 1;
                            for s in &new_sizes {
                                strides.push(stride);
                                stride *= s;
                            }
                            if !out.contains_key(&new_key) {
                                live += stride;
                                room.check_total(live)?;
                                out.insert(new_key.clone(), vec![ZERO; stride]);
                            }
                            targets.push((labels, new_key, strides));
                            targets.len() - 1
                        }
                    };
                    let (_, new_key, strides) = &targets[t];
                    let mut at = 0;
                    for g in 0..ng {
                        let d = match involved.iter().position(|&h| h == g) {
                            Some(j) => self.groups[g].rank[new_pats[j] as usize] as usize,
                            None => digits[g],
                        };
                        at += d * strides[g];
                    }
                    out.get_mut(new_key).expect("inserted above")[at] += m * a;
                }
            }
            live -= spread;
        }
        Ok(out)
    }

    /// A Pauli: one factor per qubit, then its phase.
    fn apply_pauli(&self, state: SectorState, p: Pauli, room: &Room) -> Result<SectorState> {
        if p == Pauli::I {
            return Ok(state);
        }
        let mut state = state;
        let support = p.x | p.z;
        for q in (0..64).filter(|q| support >> q & 1 == 1) {
            let x = p.x >> q & 1 == 1;
            let z = p.z >> q & 1 == 1;
            // X^x Z^z on one qubit, row-major.
            let m = match (x, z) {
                (true, false) => [ZERO, ONE, ONE, ZERO],
                (false, true) => [ONE, ZERO, ZERO, -ONE],
                _ => [ZERO, -ONE, ONE, ZERO],
            };
            let g = self.place[q].0;
            state = if x {
                self.apply_moving_in_group(state, g, &[q], &m, room)?
            } else {
                self.apply_within(&mut state, g, &[q], &m);
                state
            };
        }
        let global = p.global();
        if global != ONE {
            for amps in state.values_mut() {
                for a in amps.iter_mut() {
                    *a *= global;
                }
            }
        }
        Ok(state)
    }

    /// Layers `layers` of a trajectory with `events` (native indices; those outside the
    /// layers are passed over).
    fn run_layers(
        &self,
        mut state: SectorState,
        layers: std::ops::Range<usize>,
        events: &[(usize, Pauli)],
        data: &Cache<'_>,
        room: &Room,
        cancel: &crate::budget::Cancel,
    ) -> Result<SectorState> {
        for l in layers {
            cancel.check(TRAJECTORIES_TASK)?;
            let layer = &self.layers[l];
            let end = self.layers.get(l + 1).map_or(self.native.gates.len(), |n| n.cost_at);
            let events: Vec<(usize, Pauli)> = events
                .iter()
                .filter(|e| e.0 >= layer.cost_at && e.0 < end)
                .copied()
                .collect();
            let cost_len = layer.cost.cost.len();
            let in_cost: Vec<(usize, Pauli)> = events
                .iter()
                .filter(|e| e.0 < layer.cost_at + cost_len)
                .map(|&(at, p)| (at - layer.cost_at, p))
                .collect();
            if in_cost.is_empty() {
                self.apply_phase(&mut state, l, &[], data);
            } else {
                let frame = LayerFrame::of(
                    &layer.cost,
                    &LayerEvents {
                        cost: in_cost,
                        mixer: Pauli::I,
                    },
                );
                self.apply_phase(&mut state, l, &frame.flips, data);
                state = self.apply_pauli(state, frame.frame, room)?;
            }
            state = self.run_mixer(state, layer, &events, room)?;
        }
        Ok(state)
    }

    /// The mixer of `layer` with its `events` (native indices, all within the layer): the fused
    /// block products where no error falls inside, gate by gate around the errors.
    fn run_mixer(
        &self,
        mut state: SectorState,
        layer: &SectorLayer,
        events: &[(usize, Pauli)],
        room: &Room,
    ) -> Result<SectorState> {
        let mixer_at = layer.units.first().map_or(usize::MAX, |u| u.at);
        if let (Some(fused), true) = (&layer.fused, events.iter().all(|e| e.0 < mixer_at)) {
            self.apply_fused(&mut state, fused);
            return Ok(state);
        }
        // Error-free units are fused until a unit that is not: units on other blocks commute
        // with each other, and the pending ones go first.
        let mut pending: Vec<&Unit> = Vec::new();
        for unit in &layer.units {
            room.check()?;
            let end = unit.at + unit.gates.len();
            let local = |q: usize| {
                unit.qubits
                    .iter()
                    .position(|&x| x == q)
                    .expect("only the factor on the gate's qubits is relabelled")
            };
            // An error's factor off the gate's qubits commutes with the rest of the gate: it
            // goes after it.
            let mask = mask_of(&unit.qubits);
            let mut after = Pauli::I;
            let mut inside = Vec::new();
            for &(at, p) in events.iter().filter(|e| e.0 >= unit.at && e.0 < end) {
                let (mine, other) = split_pauli(p, mask);
                after = other.times(after);
                inside.push((at - unit.at + 1, relabel_pauli(mine, local)));
            }
            if inside.is_empty() && after == Pauli::I && self.fusable(unit).is_some() {
                pending.push(unit);
                continue;
            }
            if !pending.is_empty() {
                self.apply_fused(&mut state, &self.fuse(&pending));
                pending.clear();
            }
            let matrix = if inside.is_empty() {
                std::borrow::Cow::Borrowed(&unit.matrix)
            } else {
                std::borrow::Cow::Owned(local_matrix(unit.qubits.len(), &unit.gates, &inside))
            };
            match self.keeps_sectors(&unit.qubits, &matrix) {
                Some(g) => self.apply_within(&mut state, g, &unit.qubits, &matrix),
                None => {
                    let g = self.place[unit.qubits[0]].0;
                    state = if unit.qubits.iter().all(|&q| self.place[q].0 == g) {
                        self.apply_moving_in_group(state, g, &unit.qubits, &matrix, room)?
                    } else {
                        self.apply_moving(state, &unit.qubits, &matrix, room)?
                    };
                }
            }
            state = self.apply_pauli(state, after, room)?;
        }
        if !pending.is_empty() {
            self.apply_fused(&mut state, &self.fuse(&pending));
        }
        Ok(state)
    }

    /// The final state of a trajectory with `events`, from scratch (the test oracle's
    /// counterpart of [`super::gates::trajectory_state`]).
    pub fn trajectory_state(&self, events: &[(usize, Pauli)]) -> Result<SectorState> {
        let data = Cache::new(None);
        let room = Room::new(1);
        let state = self.prepare(events, &room)?;
        self.run_layers(
            state,
            0..self.layers.len(),
            events,
            &data,
            &room,
            &crate::budget::Cancel::default(),
        )
    }

    /// `offset + Σ w z_S` on sector `key` as tables: a term on the qubits of one or two groups
    /// goes into a table over those groups' patterns in the sector, so a state costs a lookup
    /// per group and per pair of groups instead of one parity per term (the cost of a board has
    /// hundreds of terms). Terms on three or more groups, or pairs whose table would be large,
    /// are left to be summed state by state.
    fn sector_tables(&self, key: &[u8], terms: &[(u64, f64)], offset: f64) -> Tables {
        let ng = self.groups.len();
        let sizes = self.sizes(key);
        let group_masks: Vec<u64> = self.groups.iter().map(|g| mask_of(&g.qubits)).collect();
        // The full-space bits of pattern r of group g in this sector.
        let bits = |g: usize, r: usize| {
            let grp = &self.groups[g];
            grp.masks[grp.patterns[usize::from(key[g])][r] as usize]
        };
        let parity = |x: u64, s: u64, w: f64| if (x & s).count_ones() & 1 == 0 { w } else { -w };
        let mut constant = offset;
        let mut single: Vec<Vec<f64>> = sizes.iter().map(|&s| vec![0.0; s]).collect();
        let mut pairs: BTreeMap<(usize, usize), Vec<f64>> = BTreeMap::new();
        let mut rest: Vec<(u64, f64)> = Vec::new();
        for &(s, w) in terms {
            let mut touched = (0..ng).filter(|&g| s & group_masks[g] != 0);
            match (touched.next(), touched.next(), touched.next()) {
                (None, _, _) => constant += w,
                (Some(g), None, _) => {
                    for (r, t) in single[g].iter_mut().enumerate() {
                        *t += parity(bits(g, r), s, w);
                    }
                }
                (Some(g), Some(h), None) if sizes[g] * sizes[h] <= MAX_PAIR_TABLE => {
                    let table = pairs.entry((g, h)).or_insert_with(|| vec![0.0; sizes[g] * sizes[h]]);
                    for rg in 0..sizes[g] {
                        let bg = bits(g, rg);
                        for rh in 0..sizes[h] {
                            table[rg * sizes[h] + rh] += parity(bg | bits(h, rh), s, w);
                        }
                    }
                }
                _ => rest.push((s, w)),
            }
        }
        let pairs: Vec<(usize, usize, usize, Vec<f64>)> =
            pairs.into_iter().map(|((g, h), t)| (g, h, sizes[h], t)).collect();
        Tables {
            constant,
            single,
            pairs,
            rest,
        }
    }

    /// The tables a measurement of sector `key` reads ([`Reading`]).
    fn reading(&self, key: &[u8], readout: &Readout) -> Reading {
        let ng = self.groups.len();
        let mut cost = self.sector_tables(key, &readout.terms, readout.offset);
        let mut pairs: Vec<Vec<(usize, usize, Vec<f64>)>> = vec![Vec::new(); ng];
        for (g, h, sh, t) in std::mem::take(&mut cost.pairs) {
            pairs[g].push((h, sh, t));
        }
        let sizes = self.sizes(key);
        let covered: u64 = self.groups.iter().map(|g| mask_of(&g.qubits)).fold(0, |a, m| a | m);
        let outside = self.num_qubits - covered.count_ones() as usize;
        // A board's pattern on group g (bit j = the group's qubit j).
        let local = |v: u64, g: usize| -> u32 {
            self.groups[g]
                .qubits
                .iter()
                .enumerate()
                .map(|(j, &q)| ((v >> q & 1) as u32) << j)
                .sum()
        };
        let mut factors = Vec::new();
        let mut exact = Vec::new();
        for &v in &readout.valid {
            if readout.r == 0.0 {
                let mut at = 0;
                let mut stride = 1;
                let mut here = v & !covered == 0;
                for (g, grp) in self.groups.iter().enumerate() {
                    let p = local(v, g);
                    here &= grp.label(p) == key[g];
                    at += grp.rank[p as usize] as usize * stride;
                    stride *= sizes[g];
                }
                if here {
                    exact.push(at);
                }
                continue;
            }
            let r = readout.r;
            let flips = |d: usize, m: usize| r.powi(d as i32) * (1.0 - r).powi((m - d) as i32);
            let off = (v & !covered).count_ones() as usize;
            let per_group = self
                .groups
                .iter()
                .enumerate()
                .map(|(g, grp)| {
                    let p = local(v, g);
                    grp.patterns[usize::from(key[g])]
                        .iter()
                        .map(|&q| flips((q ^ p).count_ones() as usize, grp.qubits.len()))
                        .collect()
                })
                .collect();
            factors.push((flips(off, outside), per_group));
        }
        Reading {
            cost,
            pairs,
            factors,
            exact,
        }
    }

    /// P(valid) and the energy after readout of one sector's amplitudes, states in sector order
    /// (group 0's digit the fastest). A run of group 0's digits is a row; each level k ≥ 1 holds
    /// the row of sums (and of board products) over groups k.. at the current digits, updated
    /// only when digit k moves, as [`PhaseTables::apply`] forms its phase. So an amplitude costs
    /// about one addition per level that moved, not one lookup per table.
    fn read(&self, key: &[u8], amps: &[Complex64], reading: &Reading) -> (f64, f64) {
        let ng = self.groups.len();
        let sizes = self.sizes(key);
        let Tables {
            constant, single, rest, ..
        } = &reading.cost;
        if ng == 0 {
            let prob = amps.first().map_or(0.0, |a| a.norm_sqr());
            let board: f64 = reading.factors.iter().map(|f| f.0).sum();
            let mut p = prob * board;
            for &i in &reading.exact {
                p += amps[i].norm_sqr();
            }
            return (p, prob * constant);
        }
        let nv = reading.factors.len();
        let first = sizes[0];
        let pattern_bits = |k: usize, d: usize| {
            let grp = &self.groups[k];
            grp.masks[grp.patterns[usize::from(key[k])][d] as usize]
        };
        // The pair tables of group 0 with group k, by k.
        let mut with_first: Vec<Option<(usize, &[f64])>> = vec![None; ng];
        for (h, sh, t) in &reading.pairs[0] {
            with_first[*h] = Some((*sh, t.as_slice()));
        }
        // Level k's rows, k = 1..=ng (level ng: the terms of group 0 alone).
        let mut cost = vec![0.0; (ng + 1) * first];
        let mut board = vec![0.0; nv * (ng + 1) * first];
        for d in 0..first {
            cost[ng * first + d] = constant + single[0][d];
            for (v, (off, f)) in reading.factors.iter().enumerate() {
                board[(v * (ng + 1) + ng) * first + d] = off * f[0][d];
            }
        }
        let mut bits = vec![0u64; ng + 1];
        let mut row_bits = vec![0u64; first];
        let mut digits = vec![0usize; ng];
        let mut stale = ng;
        let (mut p, mut e) = (0.0, 0.0);
        for row in amps.chunks_exact(first) {
            for k in (1..stale).rev() {
                let d = digits[k];
                let mut c = single[k][d];
                for (h, sh, t) in &reading.pairs[k] {
                    c += t[d * sh + digits[*h]];
                }
                let (below, above) = cost.split_at_mut((k + 1) * first);
                let (src, dst) = (&above[..first], &mut below[k * first..]);
                match with_first[k] {
                    Some((sk, t)) => {
                        for (j, (o, i)) in dst.iter_mut().zip(src).enumerate() {
                            *o = i + c + t[j * sk + d];
                        }
                    }
                    None => {
                        for (o, i) in dst.iter_mut().zip(src) {
                            *o = i + c;
                        }
                    }
                }
                for (v, (_, f)) in reading.factors.iter().enumerate() {
                    let base = v * (ng + 1) * first;
                    let (below, above) = board.split_at_mut(base + (k + 1) * first);
                    let m = f[k][d];
                    for (o, i) in below[base + k * first..].iter_mut().zip(&above[..first]) {
                        *o = i * m;
                    }
                }
                if !rest.is_empty() {
                    bits[k] = bits[k + 1] | pattern_bits(k, d);
                }
            }
            let row_cost = &cost[first..2 * first];
            if !rest.is_empty() {
                for (d, b) in row_bits.iter_mut().enumerate() {
                    *b = bits[1] | pattern_bits(0, d);
                }
            }
            for (d, a) in row.iter().enumerate() {
                let prob = a.norm_sqr();
                let mut c = row_cost[d];
                for &(s, w) in rest {
                    c += if (row_bits[d] & s).count_ones() & 1 == 0 { w } else { -w };
                }
                e += prob * c;
                if nv > 0 {
                    let mut w = 0.0;
                    for v in 0..nv {
                        w += board[(v * (ng + 1) + 1) * first + d];
                    }
                    p += prob * w;
                }
            }
            stale = 1;
            for (k, (d, &s)) in digits.iter_mut().zip(&sizes).enumerate().skip(1) {
                *d += 1;
                stale = k + 1;
                if *d < s {
                    break;
                }
                *d = 0;
            }
        }
        for &i in &reading.exact {
            p += amps[i].norm_sqr();
        }
        (p, e)
    }

    /// `state` embedded in the full 2^n space (for tests; refused where it does not fit).
    pub fn to_full(&self, state: &SectorState) -> Result<Vec<Complex64>> {
        let n = self.num_qubits;
        crate::sim::check_bytes(n, 16u128 << n)?;
        let mut out = vec![ZERO; 1 << n];
        for (key, amps) in state {
            for (x, a) in self.sector_masks(key).iter().zip(amps) {
                out[*x as usize] = *a;
            }
        }
        Ok(out)
    }
}

/// A sum of terms on one sector ([`SectorProgram::sector_tables`]).
struct Tables {
    constant: f64,
    /// Per group, per digit.
    single: Vec<Vec<f64>>,
    /// `(g, h, size of h, table at dg · size + dh)`, g < h.
    pairs: Vec<(usize, usize, usize, Vec<f64>)>,
    /// Terms summed state by state.
    rest: Vec<(u64, f64)>,
}

impl Tables {
    /// The tables of `e^{−iγ v}`, `v` the sum without `rest`.
    fn phase(&self, gamma: f64) -> PhaseTables {
        let e = |t: &[f64]| -> Vec<Complex64> { t.iter().map(|&v| Complex64::from_polar(1.0, -gamma * v)).collect() };
        let mut pairs: Vec<Vec<(usize, usize, Vec<Complex64>)>> = vec![Vec::new(); self.single.len()];
        for (g, h, sh, t) in &self.pairs {
            pairs[*g].push((*h, *sh, e(t)));
        }
        PhaseTables {
            constant: Complex64::from_polar(1.0, -gamma * self.constant),
            single: self.single.iter().map(|t| e(t)).collect(),
            pairs,
            rest: self.rest.clone(),
        }
    }
}

/// A layer's phase on one sector as a product of factors per group and per pair of groups: a
/// state's phase is the product over the groups of its digits, formed one digit at a time, so
/// neither a phase per state nor a sine and cosine per state is needed.
struct PhaseTables {
    constant: Complex64,
    single: Vec<Vec<Complex64>>,
    /// Per group g, `(h, size of h, table at dg · size + dh)` for the later groups h.
    pairs: Vec<Vec<(usize, usize, Vec<Complex64>)>>,
    /// Terms on three or more groups (their phase is applied state by state).
    rest: Vec<(u64, f64)>,
}

impl PhaseTables {
    /// `amps *=` the phase, states in sector order (group 0's digit the fastest).
    fn apply(&self, amps: &mut [Complex64], sizes: &[usize]) {
        let ng = sizes.len();
        let mut digits = vec![0usize; ng];
        // factor[k]: the product of the factors of groups k.. at the current digits.
        let mut factor = vec![self.constant; ng + 1];
        let mut stale = ng;
        for a in amps.iter_mut() {
            for k in (0..stale).rev() {
                let d = digits[k];
                let mut f = factor[k + 1] * self.single[k][d];
                for (h, sh, t) in &self.pairs[k] {
                    f *= t[d * sh + digits[*h]];
                }
                factor[k] = f;
            }
            *a *= factor[0];
            stale = 0;
            for (k, (d, &s)) in digits.iter_mut().zip(sizes).enumerate() {
                *d += 1;
                stale = k + 1;
                if *d < s {
                    break;
                }
                *d = 0;
            }
        }
    }
}

/// Bytes a trajectory holds per amplitude: the checks count every amplitude alive at once
/// (during a move, the sources not yet spread and the targets made so far), and the kernels
/// work in place otherwise (a measurement reads tables, not a value per amplitude).
const BYTES_PER_AMPLITUDE: usize = 16;

/// What a trajectory may hold: a bound on the amplitudes of one state, so that no trajectory
/// asks for more memory than the machine has.
struct Room {
    amplitudes: usize,
    /// The stop request, read before each sector a move spreads and each unit of a mixer (a
    /// trajectory on a large state runs for seconds: docs/ARCHITECTURE.md, budgets).
    cancel: crate::budget::Cancel,
}

impl Room {
    /// A bound for `concurrent` trajectories at once: half the available memory, shared
    /// equally, since each may grow while the others do.
    fn new(concurrent: usize) -> Room {
        Room::beside(crate::sim::available_memory(), concurrent, 0)
    }

    /// The same, out of `memory` bytes, beside `held` bytes already in use (the noiseless
    /// checkpoints).
    fn beside(memory: u64, concurrent: usize, held: usize) -> Room {
        Room {
            amplitudes: (memory as usize / 2).saturating_sub(held) / (BYTES_PER_AMPLITUDE * concurrent.max(1)),
            cancel: crate::budget::Cancel::never(),
        }
    }

    /// The bound of a trajectory that runs with nothing beside it, after `held` bytes: three
    /// quarters of `memory`, the rest left to the process and the machine.
    fn alone(memory: u64, held: usize) -> Room {
        Room {
            amplitudes: (memory as usize / 4 * 3).saturating_sub(held) / BYTES_PER_AMPLITUDE,
            cancel: crate::budget::Cancel::never(),
        }
    }

    /// This bound, its trajectories stopping at `cancel`.
    fn with_cancel(self, cancel: &crate::budget::Cancel) -> Room {
        Room {
            cancel: cancel.clone(),
            ..self
        }
    }

    /// The stop request's error, once it is set.
    fn check(&self) -> Result<()> {
        self.cancel.check(TRAJECTORIES_TASK)
    }

    fn check_total(&self, total: usize) -> Result<()> {
        if total > self.amplitudes {
            return Err(Error::TooMuchMemory {
                what: Quantity::SectorAmplitudes,
                count: total as u128,
                log2_bytes: (total as f64).log2() + (BYTES_PER_AMPLITUDE as f64).log2(),
                // One trajectory's share, which is what the count is held against: the machine's
                // whole memory would mislead where several trajectories run at once.
                available: (self.amplitudes as u64).saturating_mul(BYTES_PER_AMPLITUDE as u64),
            });
        }
        Ok(())
    }
}

/// The readout: valid boards, the full cost and the flip probability.
struct Readout {
    valid: Vec<u64>,
    /// `(S, w (1 − 2r)^{|S|})` of the full cost, and its constant.
    terms: Vec<(u64, f64)>,
    offset: f64,
    r: f64,
}

impl Readout {
    fn new(full: &ZPoly, valid: Vec<u64>, r: f64) -> Readout {
        let terms = full
            .terms
            .iter()
            .map(|(s, w)| (mask_of(s), w * (1.0 - 2.0 * r).powi(s.len() as i32)))
            .collect();
        Readout {
            valid,
            terms,
            offset: full.offset,
            r,
        }
    }
}

/// What a measurement reads of one sector, as small tables over its groups' digits (like the
/// phases): a state's cost after readout is a sum of per-group and per-pair entries, and the
/// probability that it reads as a valid board is, per board, a product of per-group factors.
/// Nothing is stored per amplitude, so a sector of millions of states costs no memory to read.
struct Reading {
    cost: Tables,
    /// The tables of the terms on two groups, by their first group: `(h, size of h, table)`
    /// (taken out of `cost`, whose `pairs` is left empty).
    pairs: Vec<Vec<(usize, usize, Vec<f64>)>>,
    /// With readout errors, per valid board: the factor of the qubits outside every group, and
    /// per group and digit, the probability that the group's pattern reads as the board's.
    factors: Vec<(f64, Vec<Vec<f64>>)>,
    /// Without readout errors: the valid boards' indices in this sector.
    exact: Vec<usize>,
}

/// Per-sector tables, computed once per sector met.
struct Cache<'a> {
    readout: Option<&'a Readout>,
    readings: RwLock<HashMap<Key, Arc<Reading>>>,
    /// Per sector, each layer's phase as factors per group and pair of groups.
    phases: RwLock<HashMap<Key, Arc<Vec<PhaseTables>>>>,
    visited: Mutex<BTreeSet<Key>>,
}

impl<'a> Cache<'a> {
    fn new(readout: Option<&'a Readout>) -> Cache<'a> {
        Cache {
            readout,
            readings: RwLock::new(HashMap::new()),
            phases: RwLock::new(HashMap::new()),
            visited: Mutex::new(BTreeSet::new()),
        }
    }

    fn reading(&self, prog: &SectorProgram, readout: &Readout, key: &Key) -> Arc<Reading> {
        if let Some(d) = self.readings.read().ok().and_then(|m| m.get(key).cloned()) {
            return d;
        }
        let d = Arc::new(prog.reading(key, readout));
        if let Ok(mut v) = self.visited.lock() {
            v.insert(key.clone());
        }
        if let Ok(mut m) = self.readings.write() {
            m.insert(key.clone(), d.clone());
        }
        d
    }

    /// Each layer's phase tables of sector `key`: small (tables over one or two groups'
    /// patterns), so kept for every sector met.
    fn phase(&self, prog: &SectorProgram, key: &Key) -> Arc<Vec<PhaseTables>> {
        if let Some(d) = self.phases.read().ok().and_then(|m| m.get(key).cloned()) {
            return d;
        }
        let tables = prog.sector_tables(key, &prog.phase_terms, 0.0);
        let d = Arc::new(prog.layers.iter().map(|l| tables.phase(l.gamma)).collect::<Vec<_>>());
        if let Ok(mut v) = self.visited.lock() {
            v.insert(key.clone());
        }
        if let Ok(mut m) = self.phases.write() {
            m.insert(key.clone(), d.clone());
        }
        d
    }

    /// P(valid) and the energy after readout of `state`, summed sector by sector in order.
    /// Reads `cancel` before each sector: a trajectory's state can hold tens of millions of
    /// amplitudes, whose readout takes seconds.
    fn measure(&self, prog: &SectorProgram, state: &SectorState, cancel: &crate::budget::Cancel) -> Result<(f64, f64)> {
        let Some(readout) = self.readout else {
            return Ok((0.0, 0.0));
        };
        let (mut pv, mut en) = (0.0, 0.0);
        for (key, amps) in state {
            cancel.check(TRAJECTORIES_TASK)?;
            let (p, e) = prog.read(key, amps, &self.reading(prog, readout, key));
            pv += p;
            en += e;
        }
        Ok((pv, en))
    }
}

/// P(valid) (`valid`: full-space bit patterns, ascending) and the energy of `full` (the cost of
/// the whole encoding) of `prog` under `model`, from `trajectories` seeded trajectories, with
/// the same draws and estimator as [`super::gates::estimate`].
pub fn estimate(prog: &SectorProgram, valid: &[u64], full: &ZPoly, draws: &Draws<'_>) -> Result<NoisyEstimate> {
    estimate_within_memory(prog, valid, full, draws, crate::sim::available_memory())
}

/// [`estimate`], planned against `memory` bytes instead of what the machine has available
/// now: trajectories running at once share half of it, and one that outgrows its share runs
/// again after them, alone, with three quarters (the same errors, so the same value and bytes
/// on any thread count). A trajectory too large even alone is refused with
/// [`Error::TooMuchMemory`]. The tests stand in for a machine with little memory this way.
pub fn estimate_within_memory(
    prog: &SectorProgram,
    valid: &[u64],
    full: &ZPoly,
    draws: &Draws<'_>,
    memory: u64,
) -> Result<NoisyEstimate> {
    let (model, trajectories, seed, cancel) = draws.checked()?;
    let began = std::time::Instant::now();
    let threads = rayon::current_num_threads();
    let checkpoints = prog.layers.len() + 1;
    let planned_held = (prog.noiseless_dimension() as usize).saturating_mul(checkpoints * BYTES_PER_AMPLITUDE);
    plan(prog, draws, &Room::alone(memory, planned_held), checkpoints, memory)?;
    let noiseless_readout = Readout::new(full, valid.to_vec(), 0.0);
    let readout = Readout::new(full, valid.to_vec(), model.readout);
    let data = Cache::new(Some(&readout));
    // Checkpoints: the noiseless state before each layer, held while the trajectories run.
    let first = Room::beside(memory, 1, 0).with_cancel(cancel);
    let far = |e| super::trajectories::how_far(e, 0, trajectories, began);
    let mut checkpoints = vec![prog.prepare(&[], &first).map_err(far)?];
    for l in 0..prog.layers.len() {
        let next = prog
            .run_layers(checkpoints[l].clone(), l..l + 1, &[], &data, &first, cancel)
            .map_err(far)?;
        checkpoints.push(next);
    }
    let held: usize = checkpoints
        .iter()
        .flat_map(|c| c.values())
        .map(|v| std::mem::size_of_val(v.as_slice()))
        .sum();
    let room = if threads > 1 {
        Room::beside(memory, threads, held)
    } else {
        Room::alone(memory, held)
    }
    .with_cancel(cancel);
    // A trajectory whose state outgrows its share while others run beside it is run again
    // after them, alone: its errors, and so its value, are the same.
    let alone = Room::alone(memory, held).with_cancel(cancel);
    let last = checkpoints.last().expect("the prepared state").clone();
    let noiseless = Cache::new(Some(&noiseless_readout))
        .measure(prog, &last, cancel)
        .map_err(far)?;
    let v0 = data.measure(prog, &last, cancel).map_err(far)?;
    let done = AtomicUsize::new(0);
    let peak = AtomicUsize::new(prog.noiseless_dimension() as usize);
    let run = |t: usize, room: &Room| -> Result<Option<(f64, f64)>> {
        let trajectory = || -> Result<Option<(f64, f64)>> {
            cancel.check(TRAJECTORIES_TASK)?;
            let mut rng = trajectory_rng(seed, t);
            let events: GateEvents = prog.native.sample_events(model, &mut rng);
            let Some(&(first, _)) = events.first() else {
                return Ok(None);
            };
            let from = prog.layers.iter().rposition(|l| l.cost_at <= first);
            let state = match from {
                Some(l) if first >= prog.prep_group.len() => prog.run_layers(
                    checkpoints[l].clone(),
                    l..prog.layers.len(),
                    &events,
                    &data,
                    room,
                    cancel,
                )?,
                _ => {
                    let s = prog.prepare(&events, room)?;
                    prog.run_layers(s, 0..prog.layers.len(), &events, &data, room, cancel)?
                }
            };
            peak.fetch_max(state.values().map(Vec::len).sum(), Ordering::Relaxed);
            Ok(Some(data.measure(prog, &state, cancel)?))
        };
        // A deadline's stop says how far the trajectories got.
        trajectory().map_err(|e| super::trajectories::how_far(e, done.load(Ordering::Relaxed), trajectories, began))
    };
    // Counts the trajectories finished, so a run whose largest trajectories wait for the alone
    // pass says so rather than sitting at all but those done.
    let tick = |alone: bool| {
        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
        cancel.tick(TRAJECTORIES_TASK, Some(d as f64 / trajectories as f64), || {
            let pass = if alone { ", the largest alone" } else { "" };
            format!(
                "{d} of {trajectories} trajectories under {} done (weight sectors{pass})",
                model.name
            )
        });
    };
    let first_pass: Vec<Option<Option<(f64, f64)>>> = (0..trajectories)
        .into_par_iter()
        .map(|t| -> Result<Option<Option<(f64, f64)>>> {
            match run(t, &room) {
                Ok(v) => {
                    tick(false);
                    Ok(Some(v))
                }
                // On one thread too, so that a refusal reads the same on any thread count.
                Err(Error::TooMuchMemory {
                    what: Quantity::SectorAmplitudes,
                    ..
                }) => Ok(None),
                Err(e) => Err(e),
            }
        })
        .collect::<Result<_>>()?;
    // The largest ones, alone, in order; one refused even then ends the run, saying what the
    // others gave (minutes of work are not lost without a word).
    let mut ran = first_pass;
    for t in 0..trajectories {
        if ran[t].is_some() {
            continue;
        }
        match run(t, &alone) {
            Ok(v) => {
                ran[t] = Some(v);
                tick(true);
            }
            Err(e @ Error::TooMuchMemory { .. }) => {
                return Err(refused_after(e, t, trajectories, &ran, v0, began));
            }
            Err(e) => return Err(e),
        }
    }
    let values: Vec<Option<(f64, f64)>> = ran.into_iter().map(|v| v.expect("every trajectory ran")).collect();
    let visited = data.visited.lock().map(|v| v.len()).unwrap_or(0);
    let stats = SectorStats {
        noiseless_amplitudes: prog.noiseless_dimension(),
        sectors_visited: visited,
        peak_amplitudes: peak.load(Ordering::Relaxed),
    };
    let counts = prog.native.gate_counts();
    Ok(NoisyEstimate::from_trajectories(
        draws,
        NoiseRoute::Sectors,
        &counts,
        &values,
        v0,
        noiseless,
        began,
        Some(stats),
    ))
}

/// The trajectories of `draws` planned before any work, against `room` (what one trajectory
/// may hold) and `memory` (the noiseless checkpoints, one per layer and the last, share half of
/// it): a run whose noiseless state, or one of its first trajectories, cannot be held is
/// refused at once instead of after minutes (docs/noise.md).
fn plan(prog: &SectorProgram, draws: &Draws<'_>, room: &Room, checkpoints: usize, memory: u64) -> Result<()> {
    let (model, trajectories, seed, _) = draws.checked()?;
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
    // The first trajectories' errors, drawn as the run draws them: one that cannot be held even
    // alone ends the run, so it is refused now.
    for t in 0..trajectories.min(PLANNED_TRAJECTORIES) {
        let events: GateEvents = prog.native.sample_events(model, &mut trajectory_rng(seed, t));
        let need = prog.planned_amplitudes(&events);
        if need > room.amplitudes as u128 {
            let refusal = Error::TooMuchMemory {
                what: Quantity::SectorAmplitudes,
                count: need,
                log2_bytes: (need as f64).log2() + (BYTES_PER_AMPLITUDE as f64).log2(),
                available: (room.amplitudes as u64).saturating_mul(BYTES_PER_AMPLITUDE as u64),
            };
            return Err(Error::TrajectoryRefused {
                refusal: Box::new(refusal),
                done: format!(
                    "trajectory {} of {trajectories} would hold that many (its {} errors move the blocks' weights: noiseless, {noiseless} amplitudes), so the run is refused before any work; fewer qubits (a smaller board or a higher reduction), a lighter noise model or more memory would fit",
                    t + 1,
                    events.len()
                ),
            });
        }
    }
    Ok(())
}

/// Trajectories whose errors [`plan`] draws ahead (cheap: no amplitude is touched).
const PLANNED_TRAJECTORIES: usize = 16;

/// [`estimate`]'s plan for `prog` under `draws`, before the run (and before any optimisation
/// whose angles it would estimate: the plan reads the gates and the draws, not the angles),
/// against the memory available now.
pub fn check_fits(prog: &SectorProgram, draws: &Draws<'_>) -> Result<()> {
    let memory = crate::sim::available_memory();
    let checkpoints = prog.layers.len() + 1;
    let held = (prog.noiseless_dimension() as usize).saturating_mul(checkpoints * BYTES_PER_AMPLITUDE);
    plan(prog, draws, &Room::alone(memory, held), checkpoints, memory)
}

/// The refusal `e` of trajectory `t` (of `total`), with the trajectories that ran (`ran`: `None`
/// for those not run; a value `None` drew no error, so gives `v0`) and their estimate.
fn refused_after(
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
        let (p, p_se) = super::trajectories::mean_and_se(&pv, v0.0);
        let (en, en_se) = super::trajectories::mean_and_se(&en, v0.1);
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

/// `shots` noisy measurements of `prog`, as [`super::gates::sample_counts`] draws them: `T' =
/// min(trajectories, shots)` trajectories, trajectory t giving `⌊shots/T'⌋` shots plus one for
/// t < shots mod T', each drawn from its state and every bit flipped with probability
/// `model.readout`. Counts keyed by full-space bits (bit q = qubit q).
pub fn sample_counts(prog: &SectorProgram, shots: u64, draws: &Draws<'_>) -> Result<crate::bits::CountMap> {
    let (model, cancel) = (draws.model, draws.cancel);
    let room = Room::new(2).with_cancel(cancel);
    plan(prog, draws, &room, 0, crate::sim::available_memory())?;
    let data = Cache::new(None);
    let route = " (weight sectors)";
    super::trajectories::sample_by_trajectory(draws, shots, route, |rng, mine, counts| {
        let events = prog.native.sample_events(model, rng);
        let state = prog.prepare(&events, &room)?;
        let state = prog.run_layers(state, 0..prog.layers.len(), &events, &data, &room, cancel)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A trajectory refused after others ran says which, how many ran and their estimate.
    #[test]
    fn a_refused_trajectory_reports_what_ran() {
        let refusal = Error::TooMuchMemory {
            what: Quantity::SectorAmplitudes,
            count: 1 << 40,
            log2_bytes: 44.0,
            available: 1 << 30,
        };
        // Trajectories 0 and 2 ran (2 drew no error: the noiseless value), 1 is refused, 3 waits.
        let ran = [Some(Some((0.5, 2.0))), None, Some(None), None];
        let e = refused_after(refusal, 1, 4, &ran, (0.25, 4.0), std::time::Instant::now()).to_string();
        assert!(e.contains("trajectory 2 of 4 was refused after 2 of them ran"), "{e}");
        assert!(e.contains("P(valid) 0.375000 ± 0.125000"), "{e}");
        assert!(e.contains("energy 3.000000 ± 1.000000"), "{e}");
        assert!(e.starts_with("amplitudes of one noisy trajectory"), "{e}");
    }
}
