//! Mixers on the axes of a mixed-radix state (block spaces, docs/ARCHITECTURE.md "Spaces and mixers").
//!
//! The state is `amps[k]` with `k = Σ_a d_a · stride_a`, digit `d_a < radix_a`, axis 0 the
//! fastest. An axis carries a gate list: gate g pairs some of the axis's states, and each pair
//! `(a, b)` gets the rotation `[[c, −is], [−is, c]]` (`c = cos β`, `s = sin β`): an XY gate
//! `exp(−iβ(XX+YY)/2)` on a block's weight-k states swaps the two states that differ on its
//! qubits, and `exp(−iβX)` on a free qubit pairs its 0 and 1. The pairs of one gate are
//! disjoint, so a gate is a set of independent 2×2 rotations; gates of one axis run in order,
//! and gates of different axes commute.
//!
//! Memory traffic: the leading axes whose radices multiply to at most a unit's amplitudes are
//! *fused*: one pass over the state applies the cost phase and all their gates to each
//! contiguous unit in cache. Every other axis takes one pass: its `radix` rows of `stride`
//! amplitudes are rotated in column windows, so each window's rows stay in cache across the
//! axis's gates. So a layer makes `1 + (axes − fused)` passes, and neighbouring outer axes are
//! merged to make fewer ([`plan_axes`] for the adjoint step, [`plan_forward`] for a layer). A
//! layer's bits depend only on the order of the axes, which any plan keeps.
//!
//! Arithmetic: every rotation runs on [`Quad`](crate::sim::quad::Quad)s, two amplitudes of a
//! row and the same two of its partner row at a time; ring axes (products of one-hot blocks
//! with the XY ring) hold each block in registers across all its gates. Where ψ and λ rows a
//! power of two apart are held at once, the two states must not share their page offset, or
//! their rows fall into the same L1 sets (the block simulator starts λ 1 KiB further on,
//! [`LAMBDA_SKEW`]).
//!
//! Sums (the adjoint overlaps) are taken per work unit, units fixed by the state's shape and
//! never by the thread count, and added in unit order: the same bytes on any thread count and
//! on every register width (the wide registers' lanes are added quadruple by quadruple).
//!
//! Where the code lives: this file holds the constants and the [`Axis`] descriptor (with the
//! parts of a large axis's gates); `plan.rs` fuses and merges axes into the plans of a layer and
//! of its adjoint step; `layer.rs` the entry points ([`apply_layer_axes`],
//! [`unapply_layer_axes`]) and the fused pass; `outer.rs` the pass of each other axis (column
//! windows, column parts, gate parts, and the threads); `chunks.rs` one axis's gates on whole
//! chunks, where the kernel for its shape is chosen; `ring.rs` ring blocks held in registers on
//! rows; `first.rs` the first axis's ring blocks of consecutive amplitudes, one factor at a
//! time, and `squares.rs` two or three of its factors at once (the AVX-512 squares and cubes);
//! `registers.rs` the rotation on registers and the overlap sums; `ahead.rs` the lines fetched
//! ahead while a unit turns; `phase.rs` the cost phase and its adjoint; `sums.rs` the sums over
//! a state in a fixed order (level probabilities, weighted sums, the argmax).

mod ahead;
mod chunks;
mod first;
mod layer;
mod outer;
mod phase;
mod plan;
mod registers;
mod ring;
mod squares;
mod sums;

pub use layer::{apply_layer_axes, unapply_layer_axes};
pub use plan::{adjoint_fused_axes, fused_axes, merge_axes, plan_axes, plan_forward};
pub use sums::{
    argmax_probability_any, level_probabilities_and_top, level_probabilities_and_weighted, level_probabilities_fixed,
    weighted_sum_fixed,
};

use crate::mixer::{xy_edges, MixerKind};

/// Amplitudes per part of the fixed-order sums over a state (probabilities, weighted sums).
pub const TILE: usize = 1 << 13;

/// Amplitudes of one unit of the fused axes (512 KiB of a state, in L2).
pub const UNIT: usize = 1 << 15;

/// Most states of an outer axis that a layer merges (three radix-9 axes).
pub const MERGED: usize = 729;

/// Amplitudes of one adjoint column window of ψ, and as many of λ: together the bytes of a
/// forward window.
const BACKWARD_WINDOW: usize = WINDOW / 2;

/// Amplitudes of one forward column window of an outer axis (2 MiB): rows of 4 KiB and more for
/// radices up to 512, so that rows a power of two apart, which share their page offset, spread
/// over all of L2's sets instead of a few.
const WINDOW: usize = 1 << 17;

/// Amplitudes of one forward column window of a ring axis whose rows are held apart (4 MiB):
/// the window's rows turn while the next window's come in (`forward_windows`, `outer.rs`); the two are
/// larger than L2, but each row's run in a window is long (52 KiB for 81 rows).
const FETCH_WINDOW: usize = 1 << 18;

/// Bytes per page.
const PAGE: usize = 4096;

/// Amplitudes λ starts after ψ's page offset in the gradient (1 KiB): the adjoint kernels hold
/// rows of ψ and λ a power of two apart at once, and with equal offsets the two states' rows
/// would all fall into the same L1 sets (docs/ARCHITECTURE.md, "Spaces and mixers").
pub const LAMBDA_SKEW: usize = 64;

/// States below this many amplitudes run serially.
const PAR_MIN: usize = 1 << 14;

/// An axis with fewer chunks than this is split into column parts for rayon.
const ROW_SPLIT: usize = 16;

/// Forward units one task runs in a row: each unit's rotations fetch the next one.
const UNITS_PER_TASK: usize = 16;

/// Fewest tasks a forward fused pass is cut into where the state has as many units (four for
/// each of 16 threads, as the stream sweeps): a state of a few units (8^6 has 8) would
/// otherwise be one task, run on one thread.
const MIN_TASKS: usize = 64;

/// Bytes per cache line.
const LINE: usize = 64;

/// One axis of a mixed-radix state and the pairs its gates rotate.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// Number of states on the axis.
    pub radix: usize,
    /// Distance in amplitudes between neighbouring digits (product of the earlier radices).
    pub stride: usize,
    /// The pairs of every gate, gate after gate.
    pub pairs: Vec<(u32, u32)>,
    /// Gate g owns `pairs[starts[g]..starts[g + 1]]` (one more entry than gates).
    pub starts: Vec<usize>,
    /// For an axis of at least `PART_MIN_RADIX` states, each gate's parts: runs of
    /// neighbouring states that no pair of the gate crosses, as (first state, first pair), the
    /// gate's pairs sorted by their lower state. Threads rotate the parts apart when the axis
    /// has too few chunks and columns to share (one Dicke block over all qubits). Empty for
    /// smaller axes.
    pub parts: Vec<Vec<(usize, usize)>>,
    /// When the axis is a product of one-hot blocks with the XY ring (gate lists as the block
    /// space builds them from `mixer::xy_edges`), their sizes, fastest first (at most
    /// `RING_MAX` each); else empty. Such an axis is rotated block by block in registers.
    pub ring: Vec<usize>,
}

/// Largest block the ring kernel holds in registers.
const RING_MAX: usize = 9;

/// The gates of the XY ring on a one-hot block of `r` states (state i: the one on qubit i),
/// as the block space builds them from [`xy_edges`]: one pair per gate, in edge order.
fn ring_gates(r: usize) -> Vec<Vec<(u32, u32)>> {
    xy_edges(r, MixerKind::XyRing)
        .into_iter()
        .map(|(i, j)| vec![(i as u32, j as u32)])
        .collect()
}

impl Axis {
    /// The axis with these gates (each a list of disjoint pairs of axis states).
    pub fn new(radix: usize, stride: usize, gates: &[Vec<(u32, u32)>]) -> Axis {
        let mut starts = vec![0];
        let mut pairs = Vec::new();
        let mut parts = Vec::new();
        for g in gates {
            debug_assert!(g
                .iter()
                .all(|&(a, b)| (a as usize) < radix && (b as usize) < radix && a != b));
            let first = pairs.len();
            pairs.extend_from_slice(g);
            if radix >= PART_MIN_RADIX {
                let gate = &mut pairs[first..];
                // The pairs of a gate are disjoint, so their lower states are distinct: the
                // order is fixed by the gate, and rotating them in it changes no bit.
                let lower = |&(a, b): &(u32, u32)| a.min(b);
                if !gate.is_sorted_by_key(lower) {
                    gate.sort_unstable_by_key(lower);
                }
                parts.push(gate_parts(gate, radix));
            }
            starts.push(pairs.len());
        }
        let ring = if (2..=RING_MAX).contains(&radix) && gates == ring_gates(radix) {
            vec![radix]
        } else {
            Vec::new()
        };
        Axis {
            radix,
            stride,
            pairs,
            starts,
            parts,
            ring,
        }
    }

    /// Number of gates.
    pub fn gates(&self) -> usize {
        self.starts.len() - 1
    }

    fn gate(&self, g: usize) -> &[(u32, u32)] {
        &self.pairs[self.starts[g]..self.starts[g + 1]]
    }

    /// Amplitudes one digit step of the next axis spans.
    fn span(&self) -> usize {
        self.radix * self.stride
    }
}

/// Axes of at least this many states are cut into parts for threads (see [`Axis::parts`]).
const PART_MIN_RADIX: usize = 1 << 14;

/// Parts a large axis's gate is cut into, at most: fixed by the axis, never by the threads,
/// so the overlap sums are added in the same order on any thread count.
const PARTS: usize = 64;

/// The parts of one gate (pairs sorted by lower state) of an axis of `radix` states: cuts
/// between states that no pair crosses, the first such at or after each multiple of
/// `radix / PARTS`.
fn gate_parts(gate: &[(u32, u32)], radix: usize) -> Vec<(usize, usize)> {
    let mut parts = vec![(0, 0)];
    // One past the highest state of the pairs before pair i: a cut in reach..=lo crosses none.
    let mut reach = 0;
    for (i, &(a, b)) in gate.iter().enumerate() {
        let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
        while parts.len() < PARTS {
            let last = parts[parts.len() - 1].0;
            let cut = (parts.len() * radix / PARTS).max(reach).max(last + 1);
            if cut > lo {
                break;
            }
            parts.push((cut, i));
        }
        reach = reach.max(hi + 1);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::kernels::{Phase, Start};
    use num_complex::Complex64;

    /// A random state (fixed seed) of `len` amplitudes.
    pub(super) fn random_state(len: usize, seed: u64) -> Vec<Complex64> {
        let mut x = seed;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        (0..len).map(|_| Complex64::new(next(), next())).collect()
    }

    /// Axes with radices `radices` and a few random-looking disjoint pair gates each.
    pub(super) fn axes_of(radices: &[usize]) -> Vec<Axis> {
        let mut stride = 1;
        radices
            .iter()
            .map(|&r| {
                let gates: Vec<Vec<(u32, u32)>> = (1..r.min(4))
                    .map(|shift| {
                        (0..r)
                            .filter(|a| (a / shift) % 2 == 0 && a + shift < r)
                            .map(|a| (a as u32, (a + shift) as u32))
                            .collect()
                    })
                    .collect();
                let axis = Axis::new(r, stride, &gates);
                stride *= r;
                axis
            })
            .collect()
    }

    /// `(a, b) ← (c·a − i s·b, c·b − i s·a)` at two indices.
    pub(super) fn rotate(x: &mut [Complex64], i: usize, j: usize, c: f64, s: f64) {
        let (a, b) = (x[i], x[j]);
        x[i] = Complex64::new(c * a.re + s * b.im, c * a.im - s * b.re);
        x[j] = Complex64::new(c * b.re + s * a.im, c * b.im - s * a.re);
    }

    /// The indices whose digit on `axis` is 0, in order.
    pub(super) fn bases(len: usize, axis: &Axis) -> Vec<usize> {
        (0..len)
            .filter(|k| (k / axis.stride).is_multiple_of(axis.radix))
            .collect()
    }

    /// The same layer, gate by gate over the whole state with plain indexing.
    pub(super) fn naive_layer(amps: &mut [Complex64], axes: &[Axis], c: f64, s: f64) {
        for axis in axes {
            let bases = bases(amps.len(), axis);
            for g in 0..axis.gates() {
                for &k in &bases {
                    for &(a, b) in axis.gate(g) {
                        rotate(amps, k + a as usize * axis.stride, k + b as usize * axis.stride, c, s);
                    }
                }
            }
        }
    }

    /// Axes with radices `radices` whose gates are single pairs of neighbouring states in ring
    /// order (the XY ring on one-hot blocks): every gate overlaps the next.
    pub(super) fn ring_axes(radices: &[usize]) -> Vec<Axis> {
        let mut stride = 1;
        radices
            .iter()
            .map(|&r| {
                let axis = Axis::new(r, stride, &ring_gates(r));
                stride *= r;
                axis
            })
            .collect()
    }

    /// A cost index over `levels` values and its phase factors at γ.
    pub(super) fn phase_of(len: usize, levels: usize, gamma: f64) -> (Vec<u16>, Vec<Complex64>, Vec<f64>) {
        let index: Vec<u16> = (0..len).map(|k| ((k * 7919 + k / 3) % levels) as u16).collect();
        let values: Vec<f64> = (0..levels).map(|v| v as f64 * 0.37 - 1.1).collect();
        let factors = values.iter().map(|&v| Complex64::from_polar(1.0, -gamma * v)).collect();
        (index, factors, values)
    }

    /// The adjoint step gate by gate: un-rotate every gate (last first) after taking its
    /// overlap, then ∂γ and the conjugate phase; sums in plain index order.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn naive_unapply(
        psi: &mut [Complex64],
        lam: &mut [Complex64],
        axes: &[Axis],
        index: &[u16],
        factors: &[Complex64],
        values: &[f64],
        c: f64,
        s: f64,
    ) -> (f64, f64) {
        let mut mixer = 0.0;
        for axis in axes.iter().rev() {
            let bases = bases(psi.len(), axis);
            for g in (0..axis.gates()).rev() {
                for &base in &bases {
                    for &(a, b) in axis.gate(g) {
                        let (k, j) = (base + a as usize * axis.stride, base + b as usize * axis.stride);
                        let (x, y, u, v) = (psi[k], psi[j], lam[k], lam[j]);
                        mixer += (u.conj() * y).im + (v.conj() * x).im;
                        rotate(psi, k, j, c, -s);
                        rotate(lam, k, j, c, -s);
                    }
                }
            }
        }
        let mut cost = 0.0;
        for k in 0..psi.len() {
            let i = index[k] as usize;
            cost += values[i] * (lam[k].conj() * psi[k]).im;
            psi[k] *= factors[i].conj();
            lam[k] *= factors[i].conj();
        }
        (mixer, cost)
    }

    /// Every amplitude's re and im as bits, to compare states bit for bit.
    pub(super) fn bits(x: &[Complex64]) -> Vec<u64> {
        x.iter().flat_map(|z| [z.re.to_bits(), z.im.to_bits()]).collect()
    }

    pub(super) fn max_err(a: &[Complex64], b: &[Complex64]) -> f64 {
        a.iter().zip(b).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max)
    }

    /// Shapes that reach every path: serial and parallel; the first axis with an even and an
    /// odd number of chunks per tile, and one longer than a tile; fused only; unfused axes with many chunks and with the row split;
    /// merged radix-8 and radix-9 axes as the 8^8 and 9^9 Queens spaces plan them; axes large
    /// enough to run in parts, with rows of one and of six amplitudes.
    pub(super) const SHAPES: [&[usize]; 14] = [
        &[20000],
        &[3, 5, 7],
        &[17000, 2],
        &[2, 3, 17000],
        &[3, 4, 2],
        &[6, 5, 7, 4, 8, 3],
        &[2, 3, 5000, 4],
        &[7, 3000, 9],
        &[20, 20, 20, 9],
        &[5000, 3, 2],
        &[9000, 2],
        &[8, 8, 8, 8, 8, 8],
        &[9, 9, 9, 9, 9, 9],
        &[9, 3, 9, 9, 9, 9, 2],
    ];

    #[test]
    fn large_axes_are_cut_where_no_pair_crosses() {
        let r = 20000;
        let shift: Vec<(u32, u32)> = (0..r - 1).step_by(2).map(|a| (a as u32 + 1, a as u32)).collect();
        let half: Vec<(u32, u32)> = (0..r / 2).map(|a| (a as u32, (a + r / 2) as u32)).collect();
        let sparse = vec![(5, 9), (19990, 19000)];
        let axis = Axis::new(r, 1, &[shift, half, sparse]);
        let counts: Vec<usize> = axis.parts.iter().map(Vec::len).collect();
        // The sparse gate: cuts at each 20000/64 up to its last pair's lower state (19000),
        // none after it (no pair to share there).
        assert_eq!(counts, [PARTS, 1, 19000 * PARTS / r + 1]);
        for g in 0..axis.gates() {
            let (parts, gate) = (&axis.parts[g], axis.gate(g));
            assert!(
                parts.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1),
                "gate {g}"
            );
            assert_eq!(parts[0], (0, 0));
            for (i, &(a, b)) in gate.iter().enumerate() {
                let part = parts.partition_point(|&(_, p)| p <= i) - 1;
                let end = parts.get(part + 1).map_or(r, |p| p.0);
                let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
                assert!(parts[part].0 <= lo && hi < end, "gate {g}: pair {i} leaves part {part}");
            }
        }
        // The parts run the same layer and adjoint as gate by gate, and the same bits on any
        // thread count (the half gate in one part, the others in many).
        let axes = [axis];
        let (c, s) = (0.6f64.cos(), 0.6f64.sin());
        let run = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| {
                    let mut psi = random_state(r, 31);
                    apply_layer_axes(&mut psi, &axes, Phase::None, c, s, Start::Given);
                    let mut lam = random_state(r, 32);
                    let mut scratch = Vec::new();
                    let (m, _) = unapply_layer_axes(&mut psi, &mut lam, &axes, Phase::None, &[], c, s, &mut scratch);
                    (psi, lam, m)
                })
        };
        let mut slow = random_state(r, 31);
        naive_layer(&mut slow, &axes, c, s);
        let mut after = random_state(r, 31);
        apply_layer_axes(&mut after, &axes, Phase::None, c, s, Start::Given);
        assert!(max_err(&after, &slow) < 1e-13);
        let (psi, lam, m) = run(1);
        let mut lam_slow = random_state(r, 32);
        let (m0, _) = naive_unapply(
            &mut slow,
            &mut lam_slow,
            &axes,
            &vec![0; r],
            &[Complex64::new(1.0, 0.0)],
            &[0.0],
            c,
            s,
        );
        assert!((m - m0).abs() < 1e-9 * (1.0 + m0.abs()), "{m} {m0}");
        assert!(max_err(&psi, &random_state(r, 31)) < 1e-12 && max_err(&lam, &lam_slow) < 1e-12);
        for threads in [2, 3] {
            let (p2, l2, m2) = run(threads);
            assert!(
                bits(&p2) == bits(&psi) && bits(&l2) == bits(&lam) && m2.to_bits() == m.to_bits(),
                "{threads} threads"
            );
        }
    }
}
