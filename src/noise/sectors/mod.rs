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
//! exponentially with its errors. Every trajectory's memory is planned before any work; the
//! trajectories running at once share three quarters of the available memory by their plans,
//! and each is held against its plan before each new sector is allocated. One that outgrows
//! it is run again after the others, alone, with all three quarters, and refused only past
//! that.
//!
//! Weight components of a prepared group whose probability is below
//! [`DROPPED_PROBABILITY`] are dropped: they are the rounding residue of the preparation's
//! rotations (`ry(θ/2)` undone by `ry(−θ/2)`), not states the circuit reaches.

use super::gates::{GateEvents, GateProgram};
use super::program::{cost_part, layers_of, CostOp, Layer, LayerEvents, LayerFrame, Pauli};
use super::trajectories::readout_rng;
use super::trajectories::{
    draw_index, read_out, trajectory_rng, Bracket, Draws, NoisyEstimate, SectorStats, Truncation, TRAJECTORIES_TASK,
};
use crate::angles::Angles;
use crate::circuit::{expand, Circuit, Gate};
use crate::cost::pubo::ZPoly;
use crate::error::{Error, Quantity, Result, Unsupported};
use crate::sim::kernels::{self, Phase};
use crate::simulation::mixers::NoiseRoute;
use num_complex::Complex64;
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

const ZERO: Complex64 = Complex64::new(0.0, 0.0);
const ONE: Complex64 = Complex64::new(1.0, 0.0);

/// A prepared group's weight component with a smaller probability is rounding residue.
pub const DROPPED_PROBABILITY: f64 = 1e-24;

/// A matrix entry between two sectors smaller than this is rounding residue of a gate's native
/// pieces (the XY gate written in `rx`, `rz` and `cx`, with or without errors inside).
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

    /// The bits of full-space mask `m` on this group's qubits, as a local pattern.
    fn local(&self, m: u64) -> u32 {
        self.qubits
            .iter()
            .enumerate()
            .filter(|(_, &q)| m >> q & 1 == 1)
            .map(|(j, _)| 1u32 << j)
            .sum()
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
    /// The amplitudes past which a truncated trajectory runs in pieces
    /// ([`truncate::PIECE_AMPLITUDES`]; the tests lower it).
    piece_amplitudes: u128,
    /// The amplitudes past which a piece of a bounded trajectory is dropped
    /// ([`truncate::DROP_AMPLITUDES`]; the tests lower it).
    drop_amplitudes: u128,
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

/// The matrix of a gate's native `gates` with the `events` inside it, its residues (entries no
/// larger than [`KEEPS_LABELS`]) set to 0: the run moves amplitude along what remains, and the
/// plan and the truncation count the weight changes of the same entries, so a residue never
/// opens a sector the plan did not count.
fn matrix_with_errors(k: usize, gates: &[Gate], events: &[(usize, Pauli)]) -> Vec<Complex64> {
    let mut m = local_matrix(k, gates, events);
    for x in &mut m {
        if x.norm() <= KEEPS_LABELS {
            *x = ZERO;
        }
    }
    m
}

/// Per qubit below `n`, its group among `groups` and its position there; refused where a
/// group is too large for its 2^m preparation, or a qubit is beyond `n`, in two groups or in
/// none.
fn place_of<'a>(groups: impl Iterator<Item = &'a [usize]>, n: usize) -> Result<Vec<(usize, usize)>> {
    let mut place = vec![(usize::MAX, 0); n];
    for (g, qubits) in groups.enumerate() {
        if qubits.len() > MAX_GROUP_QUBITS {
            return Err(unsupported(format!(
                "a block of {} qubits (at most {MAX_GROUP_QUBITS} on weight sectors)",
                qubits.len()
            )));
        }
        for (j, &q) in qubits.iter().enumerate() {
            if q >= n || place[q].0 != usize::MAX {
                return Err(unsupported(format!("qubit {q} twice or beyond the circuit")));
            }
            place[q] = (g, j);
        }
    }
    if let Some(q) = place.iter().position(|p| p.0 == usize::MAX) {
        return Err(unsupported(format!("qubit {q} in no block and not free")));
    }
    Ok(place)
}

/// The cost part's terms `(S, w)` of `poly`, its zero terms and constant left out.
fn phase_terms(poly: &ZPoly) -> Vec<(u64, f64)> {
    poly.terms
        .iter()
        .filter(|(_, w)| *w != 0.0)
        .map(|(s, w)| (mask_of(s), *w))
        .collect()
}

/// Refused unless the `rz` of the cost part `cost` of layer `l` (from 0) are the phase terms
/// at `gamma`, term by term (`rz(2γw)`, docs/ARCHITECTURE.md, "Conventions"): a layer's phase
/// is formed from the terms, not from its gates.
fn check_cost_phases(cost: &[CostOp], phase_terms: &[(u64, f64)], gamma: f64, l: usize) -> Result<()> {
    let rz: Vec<(u64, f64)> = cost
        .iter()
        .filter_map(|op| match *op {
            CostOp::Rz { theta, support, .. } => Some((support, theta)),
            CostOp::Cx(..) => None,
        })
        .collect();
    let same = rz.len() == phase_terms.len()
        && rz
            .iter()
            .zip(phase_terms)
            .all(|(&(s, theta), &(t, w))| s == t && (theta - 2.0 * gamma * w).abs() <= 1e-12 * (1.0 + theta.abs()));
    if !same {
        return Err(unsupported(format!(
            "the cost part of layer {} is not the cost at gamma = {gamma}",
            l + 1
        )));
    }
    Ok(())
}

/// `m` with its entries within rounding of 0 or 1 made those numbers: the XY gate's native
/// product leaves residues of 1e-17 where it is exactly 0 or 1.
fn snapped(m: Vec<Complex64>) -> Vec<Complex64> {
    m.into_iter()
        .map(|m| {
            if (m - ONE).norm() < SNAP {
                ONE
            } else if m.norm() < SNAP {
                ZERO
            } else {
                m
            }
        })
        .collect()
}

/// Per group, its noiseless prepared vector: `prep`'s gates run on the group's 2^m vector
/// from |0…0⟩.
fn prepared_groups(groups: &[Group], prep: &[Vec<(usize, Gate)>]) -> Vec<Vec<Complex64>> {
    groups
        .iter()
        .zip(prep)
        .map(|(grp, gates)| {
            let mut v = vec![ZERO; 1 << grp.qubits.len()];
            v[0] = ONE;
            let gates: Vec<Gate> = gates.iter().map(|(_, g)| *g).collect();
            run_local(&mut v, &gates, &[]);
            v
        })
        .collect()
}

/// Per group, its preparation: (native index, gate on the group's positions).
type Preparation = Vec<Vec<(usize, Gate)>>;

/// A circuit's gates in native gates, one gate at a time, so that the program knows which
/// native indices (where the errors are drawn) each gate spans.
struct Natives {
    /// The native index of each gate's first native gate, then their count.
    at: Vec<usize>,
    /// Per gate, its native gates.
    gates: Vec<Vec<Gate>>,
}

impl Natives {
    /// `circuit`'s gates, refused unless they add up to `native`'s (the whole list expanded
    /// at once, which the errors are drawn on).
    fn of(circuit: &Circuit, native: &GateProgram) -> Result<Natives> {
        let mut at = Vec::with_capacity(circuit.gates.len() + 1);
        let mut gates = Vec::with_capacity(circuit.gates.len());
        let mut count = 0;
        for g in &circuit.gates {
            at.push(count);
            let nat = expand::native(&[*g]);
            count += nat.len();
            gates.push(nat);
        }
        at.push(count);
        if count != native.gates.len() {
            return Err(unsupported("native gates that do not add up".into()));
        }
        Ok(Natives { at, gates })
    }

    /// The preparation of the gates `start` on the groups of `place` (`groups` of them): per
    /// group its native gates (native index, gate on the group's positions), and per native
    /// index the group it acts on; refused where a gate spans two groups.
    fn preparation(
        &self,
        start: std::ops::Range<usize>,
        place: &[(usize, usize)],
        groups: usize,
    ) -> Result<(Preparation, Vec<usize>)> {
        let mut prep = vec![Vec::new(); groups];
        let mut prep_group = Vec::new();
        for i in start {
            for (j, g) in self.gates[i].iter().enumerate() {
                let qs = g.qubits();
                let grp = place[qs[0]].0;
                if qs.iter().any(|&q| place[q].0 != grp) {
                    return Err(unsupported(format!(
                        "`{}` on qubits of two blocks before the first layer",
                        g.name()
                    )));
                }
                prep[grp].push((self.at[i] + j, relabel(g, |q| place[q].1)));
                prep_group.push(grp);
            }
        }
        Ok((prep, prep_group))
    }

    /// Layer `l` (from 0) of `circuit` at `(gamma, beta)`, its gates `parts`: its cost part
    /// checked against `phase_terms`, its mixer's gates as units.
    fn layer(
        &self,
        circuit: &Circuit,
        l: usize,
        (gamma, beta): (f64, f64),
        parts: &crate::circuit::LayerParts,
        phase_terms: &[(u64, f64)],
    ) -> Result<SectorLayer> {
        let cost_at = self.at[parts.cost.start];
        let cost = cost_part(circuit.num_qubits, &circuit.gates[parts.cost.clone()], l)?;
        if cost.len() != self.at[parts.cost.end] - cost_at {
            return Err(unsupported("native gates that do not add up".into()));
        }
        check_cost_phases(&cost, phase_terms, gamma, l)?;
        let units = (parts.mixer.clone())
            .map(|i| self.unit(circuit, i, l))
            .collect::<Result<Vec<Unit>>>()?;
        Ok(SectorLayer {
            gamma,
            cost: Layer {
                gamma,
                beta,
                cost,
                mixer: Vec::new(),
            },
            cost_at,
            units,
            fused: None,
        })
    }

    /// Gate `i` of `circuit`, in the mixer of layer `l` (from 0), as a unit: an XY gate or an
    /// `rx`, refused otherwise.
    fn unit(&self, circuit: &Circuit, i: usize, l: usize) -> Result<Unit> {
        let g = &circuit.gates[i];
        if !matches!(g, Gate::XxPlusYy(..) | Gate::Rx(..)) {
            return Err(unsupported(format!("`{}` in the mixer of layer {}", g.name(), l + 1)));
        }
        let qubits = g.qubits();
        let local = |q: usize| qubits.iter().position(|&x| x == q).expect("a gate's own qubit");
        let gates: Vec<Gate> = self.gates[i].iter().map(|ng| relabel(ng, local)).collect();
        let matrix = snapped(local_matrix(qubits.len(), &gates, &[]));
        Ok(Unit {
            qubits,
            gates,
            at: self.at[i],
            matrix,
        })
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
        let mut groups: Vec<Group> = blocks
            .iter()
            .map(|(qubits, _)| Group::new(qubits.clone(), true))
            .collect();
        groups.extend(
            free.chunks(free_group.max(1))
                .map(|chunk| Group::new(chunk.to_vec(), false)),
        );
        let place = place_of(groups.iter().map(|g| g.qubits.as_slice()), n)?;
        let natives = Natives::of(circuit, &native)?;
        let layering = layers_of(circuit, angles)?;
        let (prep, prep_group) = natives.preparation(layering.start.clone(), &place, groups.len())?;
        let phase_terms = phase_terms(poly);
        let layers = (angles.gammas.iter().zip(&layering.layers).enumerate())
            .map(|(l, (&gamma, parts))| natives.layer(circuit, l, (gamma, angles.betas[l]), parts, &phase_terms))
            .collect::<Result<Vec<SectorLayer>>>()?;
        let prepared = prepared_groups(&groups, &prep);
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
            piece_amplitudes: truncate::PIECE_AMPLITUDES,
            drop_amplitudes: truncate::DROP_AMPLITUDES,
        };
        prog.fuse_layers();
        Ok(prog)
    }

    /// Each layer's mixer fused per block, where every one of its units can be
    /// ([`SectorProgram::fusable`]).
    fn fuse_layers(&mut self) {
        for l in 0..self.layers.len() {
            let units: Vec<&Unit> = self.layers[l].units.iter().collect();
            let fused = units
                .iter()
                .all(|u| self.fusable(u).is_some())
                .then(|| self.fuse(&units));
            self.layers[l].fused = fused;
        }
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

    /// Amplitudes of the sectors whose blocks take any of `weights` (per group): the product
    /// over groups of the sizes of their weights.
    fn held_by(&self, weights: &[BTreeSet<u8>]) -> u128 {
        weights
            .iter()
            .zip(&self.groups)
            .map(|(ws, g)| ws.iter().map(|&l| g.size(l) as u128).sum::<u128>())
            .fold(1u128, u128::saturating_mul)
    }

    /// The most amplitudes a trajectory with `events` holds, every amplitude kept, as planned
    /// before it runs (a bound the run never passes): the preparation's own weights, then an X
    /// or Y factor on a block's qubit moves each of its weights by ±1 and an error inside an XY
    /// gate by what the gate's matrix with it can make, the sectors before and after a move
    /// counted together.
    pub fn planned_amplitudes(&self, events: &[(usize, Pauli)]) -> u128 {
        self.planned(events, None)
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

    /// The full-space bits of states `start..start + len` of sector `key`, in its order.
    fn sector_masks_at(&self, key: &[u8], start: usize, len: usize) -> Vec<u64> {
        let pats: Vec<&[u32]> = self
            .groups
            .iter()
            .zip(key)
            .map(|(g, &l)| g.patterns[usize::from(l)].as_slice())
            .collect();
        let sizes: Vec<usize> = pats.iter().map(|p| p.len()).collect();
        let mut digits = read::digits_of(start, &sizes);
        let mut out = Vec::with_capacity(len);
        for _ in 0..len {
            let x = self
                .groups
                .iter()
                .zip(&pats)
                .zip(&digits)
                .fold(0u64, |x, ((g, p), &d)| x | g.masks[p[d] as usize]);
            out.push(x);
            apply::next_digits(&mut digits, |g| sizes[g]);
        }
        out
    }

    /// The full-space bits of every state of sector `key`, in its order.
    fn sector_masks(&self, key: &[u8]) -> Vec<u64> {
        self.sector_masks_at(key, 0, self.sizes(key).iter().product())
    }

    /// Each group's prepared vector (its 2^m patterns) with the preparation's `events` (native
    /// indices ascending): the noiseless one where no error falls on the group.
    fn prepared_vectors(&self, events: &[(usize, Pauli)]) -> Vec<std::borrow::Cow<'_, [Complex64]>> {
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
        vectors
    }

    /// Each group's labels after the preparation with `events`: those whose component the
    /// preparation keeps ([`DROPPED_PROBABILITY`]). An error inside a preparation may leave a
    /// block at any weight (its gates after the error do not keep weights).
    fn prepared_labels(&self, events: &[(usize, Pauli)]) -> Vec<BTreeSet<u8>> {
        self.prepared_vectors(events)
            .iter()
            .zip(&self.groups)
            .map(|(v, g)| {
                (0..g.patterns.len())
                    .filter(|&l| {
                        g.patterns[l].iter().map(|&p| v[p as usize].norm_sqr()).sum::<f64>() >= DROPPED_PROBABILITY
                    })
                    .map(|l| l as u8)
                    .collect()
            })
            .collect()
    }

    /// Each group's prepared weight components with the preparation's `events`: label, amplitudes
    /// over its patterns, probability; those below [`DROPPED_PROBABILITY`] left out.
    fn weight_components(&self, events: &[(usize, Pauli)]) -> Vec<Vec<(u8, Vec<Complex64>, f64)>> {
        self.prepared_vectors(events)
            .iter()
            .zip(&self.groups)
            .map(|(v, g)| {
                g.patterns
                    .iter()
                    .enumerate()
                    .filter_map(|(l, pats)| {
                        let comp: Vec<Complex64> = pats.iter().map(|&p| v[p as usize]).collect();
                        let prob: f64 = comp.iter().map(|a| a.norm_sqr()).sum();
                        (prob >= DROPPED_PROBABILITY).then_some((l as u8, comp, prob))
                    })
                    .collect()
            })
            .collect()
    }

    /// The probability of the prepared sectors whose weights lie `within` the given sets per
    /// group, without building them.
    fn prepared_probability(&self, events: &[(usize, Pauli)], within: &[BTreeSet<u8>]) -> f64 {
        self.weight_components(events)
            .iter()
            .zip(within)
            .map(|(comps, w)| comps.iter().filter(|c| w.contains(&c.0)).map(|c| c.2).sum::<f64>())
            .product()
    }

    /// The state after the preparation, with its `events` (native indices ascending).
    fn prepare(&self, events: &[(usize, Pauli)], room: &Room) -> Result<SectorState> {
        self.prepare_within(events, room, None).map(|(state, _)| state)
    }

    /// [`SectorProgram::prepare`], building only the sectors whose weights lie `within` the
    /// given sets per group (a trajectory in pieces); with the probability left out.
    fn prepare_within(
        &self,
        events: &[(usize, Pauli)],
        room: &Room,
        within: Option<&[BTreeSet<u8>]>,
    ) -> Result<(SectorState, f64)> {
        // Each group's weight components, and the probability of those kept and of all.
        let (mut all, mut kept) = (1.0, 1.0);
        let parts: Vec<Vec<(u8, Vec<Complex64>)>> = self
            .weight_components(events)
            .into_iter()
            .enumerate()
            .map(|(gi, comps)| {
                let inside = |l: u8| within.is_none_or(|w| w[gi].contains(&l));
                all *= comps.iter().map(|c| c.2).sum::<f64>();
                kept *= comps.iter().filter(|c| inside(c.0)).map(|c| c.2).sum::<f64>();
                comps
                    .into_iter()
                    .filter(|c| inside(c.0))
                    .map(|(l, comp, _)| (l, comp))
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
        Ok((state, (all - kept).max(0.0)))
    }

    /// Layers `layers` of a trajectory with `events` (native indices; those outside the
    /// layers are passed over). A trajectory that splits into pieces ([`Prune::split`]) runs
    /// each to the end and returns an empty state: its value is then in the pruning's
    /// [`Prune::split_state`].
    fn run_layers(
        &self,
        state: SectorState,
        layers: std::ops::Range<usize>,
        events: &[(usize, Pauli)],
        data: &Cache<'_>,
        room: &Room,
        prune: &mut Prune<'_>,
    ) -> Result<SectorState> {
        let run = Run {
            end: layers.end,
            events,
            data,
        };
        self.run_from(state, Resume::cost(layers.start), &run, room, prune)
    }

    /// A trajectory with `events` from scratch: its preparation, the drop after it, then every
    /// layer (in pieces where the pruning splits it, from the first drop on).
    fn run_from_start(
        &self,
        events: &[(usize, Pauli)],
        data: &Cache<'_>,
        room: &Room,
        prune: &mut Prune<'_>,
    ) -> Result<SectorState> {
        let run = Run {
            end: self.layers.len(),
            events,
            data,
        };
        // In pieces: each piece prepared alone with the weights that can still come home, so
        // the whole product of an erring preparation is never built.
        if let Some(walks) = prune.start_pieces() {
            let whole = walks.len() == 1;
            // Those too large to hold are never built: their probability, the product of their
            // groups' components', is what they take with them.
            let lost: f64 = walks
                .iter()
                .filter(|w| w.1)
                .map(|w| self.prepared_probability(events, &w.0.weights))
                .sum();
            prune.lose(lost);
            let mut last = SectorState::new();
            for (walk, _) in walks.into_iter().filter(|w| !w.1) {
                let (mut state, left_out) = self.prepare_within(events, room, Some(&walk.weights))?;
                if whole {
                    prune.dropped += left_out;
                }
                prune.resume(walk);
                prune.at(&mut state, self.prep_group.len());
                last = self.run_from(state, Resume::cost(0), &run, room, prune)?;
            }
            return Ok(last);
        }
        let mut state = self.prepare(events, room)?;
        prune.at(&mut state, self.prep_group.len());
        if let Some(pieces) = prune.split(&mut state) {
            return self.run_pieces(pieces, Resume::cost(0), &run, room, prune);
        }
        self.run_from(state, Resume::cost(0), &run, room, prune)
    }

    /// The run from `at` to the end of `run`'s layers.
    fn run_from(
        &self,
        mut state: SectorState,
        mut at: Resume,
        run: &Run<'_, '_>,
        room: &Room,
        prune: &mut Prune<'_>,
    ) -> Result<SectorState> {
        while at.layer < run.end {
            room.check()?;
            let l = at.layer;
            let layer = &self.layers[l];
            let end = self.layers.get(l + 1).map_or(self.native.gates.len(), |n| n.cost_at);
            let events: Vec<(usize, Pauli)> = run
                .events
                .iter()
                .filter(|e| e.0 >= layer.cost_at && e.0 < end)
                .copied()
                .collect();
            if at.unit.is_none() {
                let cost_len = layer.cost.cost.len();
                let in_cost: Vec<(usize, Pauli)> = events
                    .iter()
                    .filter(|e| e.0 < layer.cost_at + cost_len)
                    .map(|&(at, p)| (at - layer.cost_at, p))
                    .collect();
                if in_cost.is_empty() {
                    self.apply_phase(&mut state, l, &[], run.data);
                } else {
                    let frame = LayerFrame::of(
                        &layer.cost,
                        &LayerEvents {
                            cost: in_cost,
                            mixer: Pauli::I,
                        },
                    );
                    self.apply_phase(&mut state, l, &frame.flips, run.data);
                    state = self.apply_pauli_before_drop(state, frame.frame, layer.cost_at + cost_len, room, prune)?;
                    prune.at(&mut state, layer.cost_at + cost_len);
                    if let Some(pieces) = prune.split(&mut state) {
                        return self.run_pieces(pieces, Resume::mixer(l, 0), run, room, prune);
                    }
                }
            }
            match self.run_mixer(state, layer, &events, at.unit.unwrap_or(0), room, prune)? {
                Mixed::Whole(s) => state = s,
                Mixed::Split(pieces, unit) => {
                    return self.run_pieces(pieces, Resume::mixer(l, unit), run, room, prune);
                }
            }
            prune.at(&mut state, end);
            if let Some(pieces) = prune.split(&mut state) {
                return self.run_pieces(pieces, Resume::cost(l + 1), run, room, prune);
            }
            at = Resume::cost(l + 1);
        }
        self.finish_piece(state, prune, room)
    }

    /// Pauli `p` just before the drop at native index `b`: applied with it where the pruning
    /// says ([`Prune::pauli`]), the probability it drops counted there.
    fn apply_pauli_before_drop(
        &self,
        state: SectorState,
        p: Pauli,
        b: usize,
        room: &Room,
        prune: &mut Prune<'_>,
    ) -> Result<SectorState> {
        let Some(keep) = prune.pauli(b).filter(|_| p.x != 0) else {
            return self.apply_pauli(state, p, room);
        };
        let (state, dropped) = self.apply_pauli_kept(state, p, &keep, room)?;
        drop(keep);
        prune.dropped += dropped;
        Ok(state)
    }

    /// `pieces` (split at one point, with their walks) run one after another from `at` to the
    /// end, each beside those still waiting.
    fn run_pieces(
        &self,
        pieces: Vec<(SectorState, truncate::Walk)>,
        at: Resume,
        run: &Run<'_, '_>,
        room: &Room,
        prune: &mut Prune<'_>,
    ) -> Result<SectorState> {
        let mut waiting: usize = pieces.iter().map(|p| p.0.values().map(Vec::len).sum::<usize>()).sum();
        for (piece, walk) in pieces {
            waiting -= piece.values().map(Vec::len).sum::<usize>();
            prune.resume(walk);
            let room = room.less(waiting);
            self.run_from(piece, at, run, &room, prune)?;
        }
        Ok(SectorState::new())
    }

    /// The end of a run: the state as it is, or, for a piece of a trajectory that split, its
    /// valid sectors after the readout flips added to those of the pieces before (an empty
    /// state returned).
    fn finish_piece(&self, state: SectorState, prune: &mut Prune<'_>, room: &Room) -> Result<SectorState> {
        if prune.split_state().is_none() {
            return Ok(state);
        }
        let flips = Pauli {
            x: prune.flips().unwrap_or(0),
            z: 0,
            phase: 0,
        };
        let valid = prune.valid().to_vec();
        let (state, _) = self.apply_pauli_kept(
            state,
            flips,
            &|k| valid.binary_search_by(|v| v.as_slice().cmp(k)).is_ok(),
            room,
        )?;
        let folded = prune.split_state().expect("checked above");
        for (key, amps) in state {
            match folded.entry(key) {
                std::collections::btree_map::Entry::Vacant(e) => {
                    e.insert(amps);
                }
                std::collections::btree_map::Entry::Occupied(mut e) => {
                    for (a, b) in e.get_mut().iter_mut().zip(amps) {
                        *a += b;
                    }
                }
            }
        }
        prune.count_piece();
        Ok(SectorState::new())
    }

    /// The mixer of `layer` from its unit `from` with its `events` (native indices, all within
    /// the layer): the fused block products where no error falls inside, gate by gate around
    /// the errors; split into pieces after a unit where the pruning says.
    fn run_mixer(
        &self,
        mut state: SectorState,
        layer: &SectorLayer,
        events: &[(usize, Pauli)],
        from: usize,
        room: &Room,
        prune: &mut Prune<'_>,
    ) -> Result<Mixed> {
        let mixer_at = layer.units.first().map_or(usize::MAX, |u| u.at);
        if let (Some(fused), true, 0) = (&layer.fused, events.iter().all(|e| e.0 < mixer_at), from) {
            self.apply_fused(&mut state, fused);
            return Ok(Mixed::Whole(state));
        }
        // Error-free units are fused until a unit that is not: units on other blocks commute
        // with each other, and the pending ones go first.
        let mut pending: Vec<&Unit> = Vec::new();
        for (u, unit) in layer.units.iter().enumerate().skip(from) {
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
                std::borrow::Cow::Owned(matrix_with_errors(unit.qubits.len(), &unit.gates, &inside))
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
            state = self.apply_pauli_before_drop(state, after, end, room, prune)?;
            prune.at(&mut state, end);
            if let Some(pieces) = prune.split(&mut state) {
                return Ok(Mixed::Split(pieces, u + 1));
            }
        }
        if !pending.is_empty() {
            self.apply_fused(&mut state, &self.fuse(&pending));
        }
        Ok(Mixed::Whole(state))
    }

    /// The final state of a trajectory with `events`, from scratch (the test oracle's
    /// counterpart of [`crate::noise::gates::trajectory_state`]).
    pub fn trajectory_state(&self, events: &[(usize, Pauli)]) -> Result<SectorState> {
        let data = Cache::new(None);
        let room = Room::new(1);
        let state = self.prepare(events, &room)?;
        self.run_layers(state, 0..self.layers.len(), events, &data, &room, &mut Prune::off())
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

/// Where a run goes on from: the cost part of layer `layer` (`unit` `None`), or its mixer from
/// unit `unit` (after a split).
#[derive(Clone, Copy, Debug)]
struct Resume {
    layer: usize,
    unit: Option<usize>,
}

impl Resume {
    fn cost(layer: usize) -> Resume {
        Resume { layer, unit: None }
    }

    fn mixer(layer: usize, unit: usize) -> Resume {
        Resume {
            layer,
            unit: Some(unit),
        }
    }
}

/// What every piece of a run shares: the layer it ends before, the trajectory's errors and the
/// cost's tables.
struct Run<'e, 'd> {
    end: usize,
    events: &'e [(usize, Pauli)],
    data: &'e Cache<'d>,
}

/// A mixer run to its end, or split after unit `.1 - 1` into pieces that go on from unit `.1`.
enum Mixed {
    Whole(SectorState),
    Split(Vec<(SectorState, truncate::Walk)>, usize),
}

mod apply;
mod read;
pub mod routed;
mod run;
#[cfg(test)]
mod tests;
mod truncate;

use apply::Fused;
use read::{Cache, Readout};
use run::Room;
pub use run::{check_fits, estimate, estimate_within_memory, sample_counts};
use truncate::Prune;
