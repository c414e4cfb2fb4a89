//! QAOA with a switch mixer on the `rows+cols` space (docs/ARCHITECTURE.md, "Spaces and
//! mixers"): every state is a 0/1 table with fixed row and column sums, listed as bit masks in
//! ascending order (the space's basis; a state's index is its rank, found by binary search, or
//! computed from the permutation on a full permutation grid).
//! A switch move on rows i < j and columns a < b turns `|x_ia x_ib x_ja x_jb⟩ = |1001⟩` into
//! `|0110⟩` and keeps every count; its gate `exp(−iβ(S + S†))` is a 2x2 rotation
//! `[[cos β, −i sin β], [−i sin β, cos β]]` on each pair of states the move links, identity on
//! the rest. The mixer is the product of the moves' gates in [`crate::mixer::switch_moves`]
//! order, block after block, then `rx(2β)` on each qubit in no block (a pair per state too).
//!
//! The start ([`SwitchStart`]) is chosen ([`StartChoice`]): the uniform superposition over the
//! space (on every grid; a gate list prepares it only where every grid is a full permutation
//! grid, one per row and column and every cell a qubit, `crate::circuit::switch::permutation_start`),
//! or one basis state, the first table of each grid in row-major order, `h` on the free
//! qubits (a gate list prepares it on every grid). The simulator and the exported circuit read
//! the same choice, so a start that is simulated is the one the
//! exported circuit prepares. Each gate's pairs are listed once
//! (the state with the smaller index first, pairs in ascending order of it), so a layer's and
//! a gradient's sums have one order whatever the thread count. Gradients are exact (adjoint
//! method: at each gate `2 Im⟨λ|H_g|ψ⟩` is added to its layer's β).

use super::{check_space, phase_factors, spare_state_methods, BufferedState, Evaluation, Objective, Qaoa};
use crate::angles::Angles;
use crate::budget::Budget;
use crate::cost::diagonal::CostDiagonal;
use crate::cost::product::diagonal_of_costs;
use crate::cost::qubo::Qubo;
use crate::encoding::space::{Grid, Space};
use crate::error::{Error, Result, Unsupported};
use crate::mixer::{switch_moves, MixerKind, StartChoice};
use crate::sim::kernels;
use crate::sim::{Amplitudes, Buffers, AMPLITUDE_BYTES};
use num_complex::Complex64;
use rayon::prelude::*;

/// Most qubits a state's mask holds.
pub const MAX_SWITCH_QUBITS: usize = 128;

/// Most states (a state's index is a `u32` in the pair lists).
pub const MAX_SWITCH_STATES: f64 = u32::MAX as f64;

/// States per parallel task where pairs are found and costs computed: fixed, so the pair lists
/// come out in one order whatever the thread count.
const TASK_STATES: usize = 1 << 12;

/// Bytes per state while the simulator is built and runs: the mask, the `f64` cost and its
/// index, and two states (a gradient's ψ and λ).
const BYTES_PER_STATE: f64 = 16.0 + 8.0 + 2.0 + 2.0 * AMPLITUDE_BYTES as f64;

/// Bytes per listed pair: its two state indices.
const BYTES_PER_PAIR: f64 = 8.0;

/// Bytes per pair found in one batch before it is placed: the pair and its gate.
const BYTES_PER_FOUND_PAIR: f64 = 12.0;

/// States whose pairs are found at once (in parallel, by [`TASK_STATES`]) before they are
/// placed in their gates' lists: bounds the memory beside the lists (11! switch-complete has
/// 1.1 billion pairs, 8.8 GB listed, where holding them all before placing took 22 GB).
const BATCH_STATES: usize = TASK_STATES << 8;

/// The space the switch simulator runs on, as memory refusals name it.
const SWITCH_SPACE: &str = "rows+cols space (switch mixer)";

/// The setup as a stopped budget names it.
pub const SETUP_TASK: &str = "listing the rows+cols space and its switch moves";

/// Search steps (or states listed) between two reads of the budget while the space is listed:
/// thousands of cheap steps, far under a second.
const STEPS_PER_CHECK: usize = 1 << 12;

/// One move as its four qubits: cells (i, a), (i, b), (j, a), (j, b).
pub type Move = [usize; 4];

/// A gate of the mixer: a switch move, or `rx(2β)` on a qubit in no block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MixerGate {
    /// A switch move.
    Switch(Move),
    /// `exp(−iβX)` on one qubit.
    Flip(usize),
}

/// The moves of `grid` under `mixer` that exist (all four cells are qubits), in order.
pub fn grid_moves(grid: &Grid, mixer: MixerKind) -> Vec<Move> {
    let rows = grid.row_totals.len();
    let cols = grid.col_totals.len();
    switch_moves(rows, cols, mixer)
        .into_iter()
        .filter_map(|((i, j), (a, b))| {
            let c = &grid.cells;
            Some([c[i][a]?, c[i][b]?, c[j][a]?, c[j][b]?])
        })
        .collect()
}

/// The gates of one mixer layer: every grid's moves in order, then a flip per free qubit.
pub fn mixer_gates(grids: &[Grid], free: &[usize], mixer: MixerKind) -> Vec<MixerGate> {
    grids
        .iter()
        .flat_map(|g| grid_moves(g, mixer).into_iter().map(MixerGate::Switch))
        .chain(free.iter().map(|&q| MixerGate::Flip(q)))
        .collect()
}

/// Bytes the simulator needs for `dimension` states and `pairs` listed pairs, the blocks'
/// offsets (a few bytes per move and block) aside.
fn needed_bytes(dimension: f64, pairs: f64) -> f64 {
    let batch_share = (BATCH_STATES as f64 / dimension).min(1.0);
    dimension * BYTES_PER_STATE + pairs * (BYTES_PER_PAIR + batch_share * BYTES_PER_FOUND_PAIR)
}

/// The pairs one layer of `mixer` lists on the space of `grids` and `free`, counted without
/// listing a state, where the space is one grid with every cell a qubit, one total for all
/// its rows and one for all its columns: rows and columns then permute onto each other, so
/// every move pairs as many states as there are tables with its four cells at 1, 0, 0, 1, and
/// each free qubit's flip pairs half the states. `None` elsewhere (the simulator then counts
/// the pairs on the listed states).
pub fn counted_pairs(grids: &[Grid], free: &[usize], mixer: MixerKind) -> Option<f64> {
    let [grid] = grids else { return None };
    let uniform = |t: &[usize]| t.windows(2).all(|w| w[0] == w[1]);
    let full = grid.cells.iter().flatten().all(Option::is_some);
    if !full || !uniform(&grid.row_totals) || !uniform(&grid.col_totals) {
        return None;
    }
    let moves = grid_moves(grid, mixer).len() as f64;
    let per_move = if moves > 0.0 {
        grid.tables_with(&[(0, 0, true), (0, 1, false), (1, 0, false), (1, 1, true)])? as f64
    } else {
        0.0
    };
    let copies = (free.len() as f64).exp2();
    let states = grid.tables_with(&[])? as f64 * copies;
    Some(moves * per_move * copies + states * free.len() as f64 / 2.0)
}

/// Whether the simulator of `mixer` on the resolved `space` fits in the memory available now,
/// as far as can be told without listing it: its states, and its pairs where
/// [`counted_pairs`] counts them (a two-star 8x8 board's switch-complete lists need 72.5 GiB).
pub fn fits(space: &Space, mixer: MixerKind) -> bool {
    let grids: Option<Vec<Grid>> = space.blocks.iter().map(|b| b.grid().ok()).collect();
    let pairs = grids.and_then(|g| counted_pairs(&g, &space.free, mixer)).unwrap_or(0.0);
    needed_bytes(space.dimension, pairs) <= crate::sim::available_memory() as f64
}

/// Where switch-mixer QAOA on some grids starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchStart {
    /// The uniform superposition over the space (every grid a full permutation grid).
    Uniform,
    /// The basis state whose grid qubits are the ones of `ones` (bit q = qubit q), free qubits
    /// in `|+⟩`.
    Basis {
        /// Every grid qubit.
        grid_qubits: u128,
        /// The grid qubits that are one.
        ones: u128,
    },
}

/// The refusal of a grid whose row and column counts no table meets.
pub fn no_grid_table() -> Error {
    Error::Unsatisfiable {
        reason: "a grid of the rows+cols space has no table that meets its row and column counts".into(),
    }
}

impl SwitchStart {
    /// The start of the space of `grids` for `choice`: uniform for `auto` and `uniform`, the
    /// first state of each grid ([`first_grid_state`]) for `first-grid`. `None` where a grid
    /// has no state.
    pub fn of(grids: &[Grid], choice: StartChoice) -> Option<SwitchStart> {
        let mut grid_qubits = 0u128;
        let mut ones = 0u128;
        for g in grids {
            grid_qubits |= g.cells.iter().flatten().flatten().fold(0u128, |m, &q| m | 1u128 << q);
            ones |= first_grid_state(g)?;
        }
        Some(if choice.simulates_uniform() {
            SwitchStart::Uniform
        } else {
            SwitchStart::Basis { grid_qubits, ones }
        })
    }

    /// Its name in reports and docs.
    pub fn name(self) -> &'static str {
        match self {
            SwitchStart::Uniform => "uniform",
            SwitchStart::Basis { .. } => "first-grid",
        }
    }
}

/// Whether `grid` is square, counts one per row and column and has every cell: the grids
/// whose uniform start has a gate list.
pub fn is_full_permutation(grid: &Grid) -> bool {
    grid.row_totals.len() == grid.col_totals.len()
        && grid.row_totals.iter().chain(&grid.col_totals).all(|&k| k == 1)
        && grid.cells.iter().flatten().all(Option::is_some)
}

/// The first state of `grid` in row-major order (row 0's ones as far left as they go, then
/// row 1's, …), as a mask; `None` where the grid has no state. Chosen by position, not by
/// cost, so that the start does not know the answer.
pub fn first_grid_state(grid: &Grid) -> Option<u128> {
    grid_walk(grid, Some(1), 1, &|| false).first().copied()
}

/// The states of `grid` as masks over the qubits (bit q = qubit q), in no particular order;
/// `expected` of them are reserved (the list then never grows past the count). Once `stop`
/// says so (read every few thousand steps), the number listed by then.
fn grid_states(grid: &Grid, expected: usize, stop: &dyn Fn() -> bool) -> std::result::Result<Vec<u128>, usize> {
    let states = grid_walk(grid, None, expected, stop);
    if stop() {
        return Err(states.len());
    }
    Ok(states)
}

/// The states of `grid` in row-major order (each row's columns ascending), the first `limit`
/// where given, in a list with room for `capacity`; cut short once `stop` (read every
/// [`STEPS_PER_CHECK`] steps) says so.
fn grid_walk(grid: &Grid, limit: Option<usize>, capacity: usize, stop: &dyn Fn() -> bool) -> Vec<u128> {
    let rows = grid.row_totals.len();
    let cols = grid.col_totals.len();
    // Rows from r on that have a cell in column c: a column needing more can no longer be met.
    let mut below = vec![vec![0usize; cols]; rows + 1];
    for r in (0..rows).rev() {
        below[r] = below[r + 1]
            .iter()
            .zip(&grid.cells[r])
            .map(|(b, cell)| b + usize::from(cell.is_some()))
            .collect();
    }
    struct Walk<'a> {
        grid: &'a Grid,
        below: Vec<Vec<usize>>,
        left: Vec<usize>,
        out: Vec<u128>,
        limit: usize,
        stop: &'a dyn Fn() -> bool,
        steps: usize,
    }
    impl Walk<'_> {
        fn row(&mut self, r: usize, mask: u128) {
            self.steps += 1;
            if self.steps.is_multiple_of(STEPS_PER_CHECK) && (self.stop)() {
                // Stopped: no state is added from here on.
                self.limit = 0;
            }
            if self.out.len() >= self.limit || self.left.iter().zip(&self.below[r]).any(|(l, b)| l > b) {
                return;
            }
            if r == self.grid.row_totals.len() {
                self.out.push(mask);
                return;
            }
            self.pick(r, 0, self.grid.row_totals[r], mask);
        }
        fn pick(&mut self, r: usize, from: usize, need: usize, mask: u128) {
            if self.out.len() >= self.limit {
                return;
            }
            if need == 0 {
                self.row(r + 1, mask);
                return;
            }
            for c in from..self.left.len() {
                if let (Some(q), true) = (self.grid.cells[r][c], self.left[c] > 0) {
                    self.left[c] -= 1;
                    self.pick(r, c + 1, need - 1, mask | 1u128 << q);
                    self.left[c] += 1;
                }
            }
        }
    }
    let mut walk = Walk {
        grid,
        below,
        left: grid.col_totals.clone(),
        out: Vec::with_capacity(capacity),
        limit: limit.unwrap_or(usize::MAX),
        stop,
        steps: 0,
    };
    walk.row(0, 0);
    walk.out
}

/// The index of a full permutation grid's state computed from its mask, where the grid is the
/// whole space (no other grid, no free qubit) and its qubits ascend row by row: the masks then
/// ascend as the columns of row R−1, R−2, …, 0 read as digits, so a state's index is the
/// rank of its permutation in that order, with no search through the masks (on 11!, a binary
/// search per pair through 640 MB of masks).
struct PermutationRank {
    /// Per qubit, its column (`u8::MAX`: not a cell).
    column: Vec<u8>,
    /// Per row, the mask of its cells.
    rows: Vec<u128>,
    /// `r!` for each row r.
    factorial: Vec<u64>,
}

impl PermutationRank {
    fn of(grids: &[Grid], free: &[usize], num_qubits: usize) -> Option<PermutationRank> {
        let [grid] = grids else { return None };
        let ascending = grid
            .cells
            .iter()
            .flatten()
            .copied()
            .collect::<Option<Vec<usize>>>()?
            .windows(2)
            .all(|w| w[0] < w[1]);
        if !free.is_empty() || !is_full_permutation(grid) || !ascending || grid.cells.len() > 20 {
            return None;
        }
        let mut column = vec![u8::MAX; num_qubits];
        let mut rows = Vec::new();
        for row in &grid.cells {
            let mut mask = 0u128;
            for (c, q) in row.iter().enumerate() {
                let q = q.expect("a full grid");
                column[q] = c as u8;
                mask |= 1u128 << q;
            }
            rows.push(mask);
        }
        let factorial = (0..rows.len() as u64).scan(1u64, |f, r| {
            let out = *f;
            *f *= r + 1;
            Some(out)
        });
        Some(PermutationRank {
            column,
            rows,
            factorial: factorial.collect(),
        })
    }

    /// The index of `mask` among the grid's states in ascending order.
    fn rank(&self, mask: u128) -> usize {
        let mut unused = u64::MAX;
        let mut rank = 0u64;
        for r in (0..self.rows.len()).rev() {
            let c = self.column[(mask & self.rows[r]).trailing_zeros() as usize];
            rank += u64::from((unused & ((1u64 << c) - 1)).count_ones()) * self.factorial[r];
            unused &= !(1u64 << c);
        }
        rank as usize
    }
}

/// The pair lists of every gate, flattened: gate g's pairs are `pairs[starts[g]..starts[g+1]]`.
struct PairLists {
    starts: Vec<usize>,
    pairs: Vec<[u32; 2]>,
}

/// Most states in a block of [`Blocks`]: 8 MiB of amplitudes, so that two blocks in flight
/// stay in a shared L3 cache while a run of gates turns them (2^18 was slower on 10!, whose
/// blocks then lose a row).
const BLOCK_STATES: usize = 1 << 19;

/// The basis cut into blocks, and the gates that stay inside them (docs/ARCHITECTURE.md,
/// "Spaces and mixers"). Block b is the states `bounds[b]..bounds[b + 1]`: the masks that agree
/// on every qubit from `shift` up, contiguous because the masks ascend. A gate whose qubits
/// all lie below `shift` pairs states of one block only, so a run of such gates can be
/// applied block after block, in parallel, each block staying in cache through the whole run:
/// every amplitude meets the same rotations in the same order as gate after gate (the same
/// bits). The other gates are applied gate after gate, each one's pairs shared out by the finer
/// parts they join ([`Crossing`]), the parts in parallel.
struct Blocks {
    bounds: Vec<usize>,
    /// Consecutive gates `start..end`, and whether they stay inside the blocks.
    runs: Vec<(usize, usize, bool)>,
    /// For gate g inside the blocks: where each block's pairs begin in its list,
    /// `offsets[at[g]..at[g] + blocks + 1]` (its pairs ascend by their first state).
    at: Vec<usize>,
    offsets: Vec<u32>,
    /// The basis cut again, finer ([`CROSS_STATES`]), for the gates across the blocks: part c
    /// is the states `parts[c]..parts[c + 1]`.
    parts: Vec<usize>,
    /// For gate g across the blocks: its pairs cut where their first state's part changes,
    /// `crossings[a..b]` for `across[g] = Some((a, b))` (`None`: pair after pair, one thread).
    across: Vec<Option<(usize, usize)>>,
    crossings: Vec<Crossing>,
}

/// Most states in a part of [`Blocks::parts`]: 256 KiB of amplitudes, so that a crossing's
/// two parts fit in a core's L2 cache (on 10! switch-complete a gate across the blocks then
/// has 38 crossings on average; 2^12 and 2^17 ran as fast).
const CROSS_STATES: usize = 1 << 14;

/// The pairs `start..end` of a gate's list whose first states lie in part `from` and partners
/// in part `to` (a later one). A move flips the same qubits of every state it pairs, and a
/// part is the states that agree on every qubit from a cut up, so all the pairs of one part
/// meet one other part, and no part is in two of a gate's crossings: a gate's crossings can be
/// turned at once, each on its own two parts, with the same bits as pair after pair.
#[derive(Clone, Copy, Debug)]
struct Crossing {
    from: u32,
    to: u32,
    start: u32,
    end: u32,
}

impl Blocks {
    /// The blocks of `masks` for `gates`, whose lists will hold `pairs` pairs: the highest cut
    /// whose largest block has at most `most[0]` states, and the parts for the gates across
    /// them, at most `most[1]` states. Left as one run of gates applied one by
    /// one where no gate stays inside, or where the offsets would take more than a quarter of
    /// the pair lists' bytes. The offsets are filled in by [`Blocks::fill`] once the lists exist.
    fn new(masks: &[u128], num_qubits: usize, gates: &[MixerGate], pairs: usize, most: [usize; 2]) -> Blocks {
        let [most, cross] = most;
        // A state's block at cut `shift`: its qubits from `shift` up.
        let key = |m: u128, shift: usize| m.checked_shr(shift as u32).unwrap_or(0);
        let largest = |shift: usize| {
            let (mut best, mut run) = (0usize, 0usize);
            for (k, &m) in masks.iter().enumerate() {
                run = if k > 0 && key(m, shift) == key(masks[k - 1], shift) {
                    run + 1
                } else {
                    1
                };
                best = best.max(run);
            }
            best
        };
        // The largest block shrinks as the cut goes down: the highest cut that fits `most`.
        let cut = |most: usize| {
            let (mut lo, mut hi) = (0usize, num_qubits);
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if largest(mid) <= most {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            lo
        };
        let bounds_at = |shift: usize| {
            let mut bounds: Vec<usize> = (0..masks.len())
                .filter(|&k| k == 0 || key(masks[k], shift) != key(masks[k - 1], shift))
                .collect();
            bounds.push(masks.len());
            bounds
        };
        let shift = cut(most);
        let bounds = bounds_at(shift);
        let inside = |g: &MixerGate| match g {
            MixerGate::Switch(qubits) => qubits.iter().all(|&q| q < shift),
            MixerGate::Flip(q) => *q < shift,
        };
        let within = gates.iter().filter(|g| inside(g)).count();
        let offset_bytes = (within * bounds.len() * 4) as f64;
        if within == 0 || offset_bytes > pairs as f64 * BYTES_PER_PAIR / 4.0 {
            return Blocks {
                bounds: vec![0, masks.len()],
                runs: vec![(0, gates.len(), false)],
                at: Vec::new(),
                offsets: Vec::new(),
                parts: Vec::new(),
                across: Vec::new(),
                crossings: Vec::new(),
            };
        }
        let mut runs: Vec<(usize, usize, bool)> = Vec::new();
        let mut at = vec![usize::MAX; gates.len()];
        let mut next = 0;
        for (g, gate) in gates.iter().enumerate() {
            let here = inside(gate);
            match runs.last_mut() {
                Some(run) if run.2 == here => run.1 = g + 1,
                _ => runs.push((g, g + 1, here)),
            }
            if here {
                at[g] = next;
                next += bounds.len();
            }
        }
        let parts = bounds_at(cut(cross.min(most)));
        // A gate across the blocks has a crossing for at most every other part.
        let crossings = (gates.len() - within) * (parts.len() / 2);
        Blocks {
            bounds,
            runs,
            at,
            offsets: Vec::with_capacity(next),
            parts,
            across: vec![None; gates.len()],
            crossings: Vec::with_capacity(crossings),
        }
    }

    /// Bytes the offsets and crossings will take.
    fn offset_bytes(&self) -> f64 {
        (self.offsets.capacity() * 4 + self.crossings.capacity() * std::mem::size_of::<Crossing>()) as f64
    }

    /// The part of state `k`.
    fn part_of(&self, k: usize) -> usize {
        self.parts.partition_point(|&b| b <= k) - 1
    }

    /// The crossings of `pairs` (ascending by first state), or `None` where a part's pairs do
    /// not all meet one later part or a part is met twice; then the gate runs pair after pair.
    fn crossings_of(&self, pairs: &[[u32; 2]]) -> Option<Vec<Crossing>> {
        let mut used = vec![false; self.parts.len() - 1];
        let mut out = Vec::new();
        let mut start = 0;
        while start < pairs.len() {
            let from = self.part_of(pairs[start][0] as usize);
            let end = start + pairs[start..].partition_point(|p| (p[0] as usize) < self.parts[from + 1]);
            let to = self.part_of(pairs[start][1] as usize);
            let inside = self.parts[to]..self.parts[to + 1];
            let meets = pairs[start..end].iter().all(|p| inside.contains(&(p[1] as usize)));
            if to <= from || used[from] || used[to] || !meets {
                return None;
            }
            used[from] = true;
            used[to] = true;
            out.push(Crossing {
                from: from as u32,
                to: to as u32,
                start: u32::try_from(start).ok()?,
                end: u32::try_from(end).ok()?,
            });
            start = end;
        }
        Some(out)
    }

    /// Each inside gate's offsets in `lists`, and each other gate's crossings.
    fn fill(&mut self, lists: &PairLists) {
        for (g, &at) in self.at.iter().enumerate() {
            let pairs = &lists.pairs[lists.starts[g]..lists.starts[g + 1]];
            if at == usize::MAX {
                if let Some(found) = self.crossings_of(pairs) {
                    self.across[g] = Some((self.crossings.len(), self.crossings.len() + found.len()));
                    self.crossings.extend(found);
                }
            } else {
                let bounds = &self.bounds;
                self.offsets.extend(
                    bounds
                        .iter()
                        .map(|&b| pairs.partition_point(|p| (p[0] as usize) < b) as u32),
                );
            }
        }
    }

    /// The amplitudes of each block.
    fn split<'a>(&self, amps: &'a mut [Complex64]) -> Vec<&'a mut [Complex64]> {
        split_at(&self.bounds, amps)
    }
}

/// The amplitudes between consecutive `bounds`.
fn split_at<'a>(bounds: &[usize], mut amps: &'a mut [Complex64]) -> Vec<&'a mut [Complex64]> {
    let mut out = Vec::with_capacity(bounds.len() - 1);
    for w in bounds.windows(2) {
        let (block, rest) = amps.split_at_mut(w[1] - w[0]);
        out.push(block);
        amps = rest;
    }
    out
}

/// A pair of state indices and the gate that turns it.
type GatePair = (u32, [u32; 2]);

/// One grid's cells, its numbers of rows and columns, and the gate of each move.
type GridTable = (Vec<Vec<Option<usize>>>, usize, usize, Vec<u32>);

/// Where a state's moves are looked up: per grid, its rows' cells and the gate of each move.
struct MoveTable {
    /// Per grid: `cells[r][c]`, and `gate[((i·R + j)·C + a)·C + b]` (u32::MAX: no gate).
    grids: Vec<GridTable>,
    /// Per free qubit, its gate.
    free: Vec<(usize, u32)>,
}

impl MoveTable {
    fn new(grids: &[Grid], free: &[usize], mixer: MixerKind, num_gates: usize) -> MoveTable {
        let mut next = 0u32;
        let mut out = Vec::new();
        for g in grids {
            let (rows, cols) = (g.row_totals.len(), g.col_totals.len());
            let mut gate = vec![u32::MAX; rows * rows * cols * cols];
            for ((i, j), (a, b)) in switch_moves(rows, cols, mixer) {
                let c = &g.cells;
                if c[i][a].is_some() && c[i][b].is_some() && c[j][a].is_some() && c[j][b].is_some() {
                    gate[((i * rows + j) * cols + a) * cols + b] = next;
                    next += 1;
                }
            }
            out.push((g.cells.clone(), rows, cols, gate));
        }
        let free = free
            .iter()
            .map(|&q| {
                next += 1;
                (q, next - 1)
            })
            .collect();
        debug_assert_eq!(next as usize, num_gates);
        MoveTable { grids: out, free }
    }

    /// Every `(gate, partner mask)` of state `mask`, the state on either side of the pair.
    /// Only the cells that hold a one are visited: a move needs row i to hold column a and
    /// row j column b, so a permutation grid has R(R−1)/2 candidates a state, not R²C²/2.
    /// `ones` is scratch space, kept by the caller across states.
    fn for_each(&self, mask: u128, ones: &mut Ones, mut f: impl FnMut(u32, u128)) {
        let bit = |q: usize| 1u128 << q;
        for (cells, rows, cols, gate) in &self.grids {
            let (rows, cols) = (*rows, *cols);
            ones.fill(cells, mask);
            for i in 0..rows {
                for j in i + 1..rows {
                    for &(a, qa) in ones.row(i) {
                        for &(b, qb) in ones.row(j) {
                            // Row i holds a, row j holds b, and the crossed cells are empty.
                            if a == b {
                                continue;
                            }
                            let (Some(ib), Some(ja)) = (cells[i][b], cells[j][a]) else {
                                continue;
                            };
                            if mask & (bit(ib) | bit(ja)) != 0 {
                                continue;
                            }
                            let (lo, hi) = (a.min(b), a.max(b));
                            let g = gate[((i * rows + j) * cols + lo) * cols + hi];
                            if g != u32::MAX {
                                f(g, mask ^ (bit(qa) | bit(qb) | bit(ib) | bit(ja)));
                            }
                        }
                    }
                }
            }
        }
        for &(q, g) in &self.free {
            f(g, mask ^ bit(q));
        }
    }
}

/// Each row's (column, qubit) of the cells that hold a one in a state, columns ascending.
#[derive(Default)]
struct Ones {
    cells: Vec<(usize, usize)>,
    /// Row r's cells are `cells[starts[r]..starts[r + 1]]`.
    starts: Vec<usize>,
}

impl Ones {
    fn fill(&mut self, grid: &[Vec<Option<usize>>], mask: u128) {
        self.cells.clear();
        self.starts.clear();
        self.starts.push(0);
        for row in grid {
            let set = row
                .iter()
                .enumerate()
                .filter_map(|(c, &q)| q.filter(|&q| mask & (1u128 << q) != 0).map(|q| (c, q)));
            self.cells.extend(set);
            self.starts.push(self.cells.len());
        }
    }

    fn row(&self, r: usize) -> &[(usize, usize)] {
        &self.cells[self.starts[r]..self.starts[r + 1]]
    }
}

/// The statevector of switch-mixer QAOA over the `rows+cols` space of some grids (and free
/// qubits), basis: the states' masks in ascending order.
#[derive(Debug)]
pub struct SwitchSimulator {
    masks: Vec<u128>,
    num_qubits: usize,
    mixer: MixerKind,
    start: SwitchStart,
    /// The start's amplitude on each of its states (`2^−f/2`, f free qubits, for a basis start).
    start_amplitude: f64,
    gates: Vec<MixerGate>,
    lists: PairLists,
    blocks: Blocks,
    diagonal: CostDiagonal,
    spare: Buffers,
}

impl std::fmt::Debug for PairLists {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PairLists({} gates, {} pairs)",
            self.starts.len() - 1,
            self.pairs.len()
        )
    }
}

impl std::fmt::Debug for Blocks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inside = self.runs.iter().filter(|r| r.2).map(|r| r.1 - r.0).sum::<usize>();
        write!(f, "Blocks({} blocks, {inside} gates inside)", self.bounds.len() - 1)
    }
}

/// A sum over `0..len` in fixed chunks of [`TASK_STATES`], added chunk by chunk in order.
fn fixed_sum(len: usize, part: impl Fn(usize, usize) -> Complex64 + Sync) -> Complex64 {
    let parts: Vec<Complex64> = (0..len.div_ceil(TASK_STATES))
        .into_par_iter()
        .map(|t| part(t * TASK_STATES, ((t + 1) * TASK_STATES).min(len)))
        .collect();
    parts.into_iter().fold(Complex64::new(0.0, 0.0), |a, b| a + b)
}

/// The checks of [`SwitchSimulator::new_within`] before any state is listed: a switch mixer,
/// few enough qubits, and a space (`dimension` states) whose states, and pairs where they
/// can be counted without listing, fit in memory.
fn check_setup(grids: &[Grid], free: &[usize], num_qubits: usize, mixer: MixerKind, dimension: f64) -> Result<()> {
    if !mixer.is_switch() {
        return Err(Unsupported::NotSwitchMixer { mixer }.into());
    }
    if num_qubits > MAX_SWITCH_QUBITS {
        return Err(Unsupported::SwitchTooManyQubits {
            qubits: num_qubits,
            max: MAX_SWITCH_QUBITS,
        }
        .into());
    }
    let log2 = dimension.log2();
    if dimension > MAX_SWITCH_STATES {
        return Err(Error::SpaceTooLarge {
            what: SWITCH_SPACE.into(),
            log2_dimension: log2,
            needed_gib: crate::units::gib(dimension * BYTES_PER_STATE),
            available_gib: crate::units::gib(crate::sim::available_memory() as f64),
            note: format!("; states are indexed by 32 bits, at most 2^32 − 1 ({dimension:.0} here)"),
        });
    }
    check_space(SWITCH_SPACE, log2, dimension * BYTES_PER_STATE)?;
    // Where the pairs are counted without listing, a space whose lists cannot fit is
    // refused before its states are listed.
    if let Some(pairs) = counted_pairs(grids, free, mixer) {
        check_space(SWITCH_SPACE, log2, needed_bytes(dimension, pairs))?;
    }
    Ok(())
}

/// A switch simulator's setup under way: the budget it reads, and the space's counted
/// size (`dimension`), which its stops report progress against.
struct Setup<'b, 'a> {
    budget: &'b Budget<'a>,
    dimension: f64,
}

impl Setup<'_, '_> {
    fn expired(&self) -> bool {
        self.budget.expired()
    }

    /// Where the setup stops: `what` done of the states the space has.
    fn stopped(&self, what: &str, done: usize) -> Error {
        let of = self.dimension;
        self.budget
            .out_of_time(SETUP_TASK, None, &format!("{what} {done} of {of:.0} states"))
    }

    /// The space's states as masks, ascending: every grid's states times every setting of
    /// `free`, checked against the counted size.
    fn list_masks(&self, grids: &[Grid], free: &[usize]) -> Result<Vec<u128>> {
        let dimension = self.dimension;
        let expired = || self.expired();
        let mut masks: Vec<u128> = vec![0];
        for g in grids {
            // The space's count is the one grid's when there is no other and no free qubit.
            let expected = if grids.len() == 1 && free.is_empty() {
                dimension as usize
            } else {
                0
            };
            let states = grid_states(g, expected, &expired).map_err(|listed| self.stopped("listed", listed))?;
            // One grid's states are the space's (no copy: a two-star 8x8 lists 3 GB of them).
            masks = if masks == [0] {
                states
            } else {
                masks.iter().flat_map(|&m| states.iter().map(move |&s| m | s)).collect()
            };
        }
        for &q in free {
            masks = masks.iter().flat_map(|&m| [m, m | 1u128 << q]).collect();
            if expired() {
                return Err(self.stopped("listed", masks.len()));
            }
        }
        masks.par_sort_unstable();
        if expired() {
            return Err(self.stopped("listed and sorted", masks.len()));
        }
        if masks.is_empty() || (masks.len() as f64 - dimension).abs() > 0.5 {
            return Err(Error::Internal(format!(
                "the rows+cols space lists {} states where {dimension} were counted",
                masks.len()
            )));
        }
        Ok(masks)
    }

    /// The pairs of each state with a larger partner, counted per gate (of `gates`): the
    /// sums do not depend on how the chunks are shared out. A move keeps every count and
    /// touches one grid, so each partner is in the space; the masks ascend, so a partner
    /// with a larger mask has the larger index, and only those are looked up (once, in
    /// [`Setup::list_pairs`]).
    fn count_pairs(&self, masks: &[u128], table: &MoveTable, gates: usize) -> Vec<usize> {
        masks
            .par_chunks(TASK_STATES)
            .fold(
                || vec![0usize; gates],
                |mut n, chunk| {
                    // Once the budget is spent the rest is passed over (the setup then stops).
                    if self.expired() {
                        return n;
                    }
                    let mut ones = Ones::default();
                    for &m in chunk {
                        table.for_each(m, &mut ones, |g, partner| {
                            n[g as usize] += usize::from(partner > m);
                        });
                    }
                    n
                },
            )
            .reduce(
                || vec![0usize; gates],
                |mut a, b| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    a
                },
            )
    }

    /// The pair lists: the `count` pairs counted per gate (`per_gate`), found in batches and
    /// placed in order, each partner's index by `ranks` where there are ranks, else looked up.
    fn list_pairs(
        &self,
        masks: &[u128],
        table: &MoveTable,
        ranks: Option<&PermutationRank>,
        per_gate: &[usize],
        count: usize,
    ) -> Result<PairLists> {
        // Gate g's pairs are `pairs[starts[g]..starts[g+1]]`, ascending by their first state:
        // batches, and chunks within a batch, are placed in order.
        let mut starts = vec![0usize; per_gate.len() + 1];
        for (g, &n) in per_gate.iter().enumerate() {
            starts[g + 1] = starts[g] + n;
        }
        let mut fill = starts.clone();
        let mut pairs = vec![[0u32; 2]; count];
        let mut listed = 0usize;
        for (b, batch) in masks.chunks(BATCH_STATES).enumerate() {
            let found: Vec<Vec<GatePair>> = batch
                .par_chunks(TASK_STATES)
                .enumerate()
                .map(|(t, chunk)| {
                    let mut out = Vec::new();
                    if self.expired() {
                        return out;
                    }
                    let mut ones = Ones::default();
                    for (i, &m) in chunk.iter().enumerate() {
                        let k = b * BATCH_STATES + t * TASK_STATES + i;
                        let later = &masks[k + 1..];
                        table.for_each(m, &mut ones, |g, partner| {
                            if partner <= m {
                                return;
                            }
                            let p = match ranks {
                                Some(ranks) => Some(ranks.rank(partner)),
                                None => later.binary_search(&partner).ok().map(|p| k + 1 + p),
                            };
                            if let Some(p) = p {
                                out.push((g, [k as u32, p as u32]));
                            }
                        });
                    }
                    out
                })
                .collect();
            if self.expired() {
                return Err(self.stopped("pairs listed for", b * BATCH_STATES));
            }
            for &(g, pair) in found.iter().flatten() {
                // A gate finds at most the pairs it counted (the same test, plus the lookup).
                pairs[fill[g as usize]] = pair;
                fill[g as usize] += 1;
                listed += 1;
            }
        }
        // Every counted pair must have been found: a partner outside the space is refused.
        if listed != count {
            return Err(Error::Internal(format!(
                "{} switch moves lead out of the rows+cols space",
                count - listed
            )));
        }
        Ok(PairLists { starts, pairs })
    }
}

impl SwitchSimulator {
    /// The simulator of `qubo` (over `num_qubits` qubits) on the states of `grids` times every
    /// setting of `free`, with `mixer`'s moves, starting at `start` ([`SwitchStart::of`]). `dimension` is the space's counted size, checked
    /// against memory before anything is listed; the pair lists are counted and checked again
    /// before they are allocated.
    pub fn new(
        qubo: &Qubo,
        grids: &[Grid],
        free: &[usize],
        num_qubits: usize,
        mixer: MixerKind,
        start: StartChoice,
        dimension: f64,
    ) -> Result<Self> {
        Self::new_within(
            qubo,
            grids,
            free,
            num_qubits,
            mixer,
            start,
            dimension,
            &Budget::unlimited(),
        )
    }

    /// [`SwitchSimulator::new`] within `budget` (its time and its stop request), read every few
    /// thousand states while the space and its pairs are listed, so that a setup of minutes
    /// stops within a second of it with [`SETUP_TASK`] and how far it got.
    #[allow(clippy::too_many_arguments)]
    pub fn new_within(
        qubo: &Qubo,
        grids: &[Grid],
        free: &[usize],
        num_qubits: usize,
        mixer: MixerKind,
        start: StartChoice,
        dimension: f64,
        budget: &Budget<'_>,
    ) -> Result<Self> {
        let setup = Setup { budget, dimension };
        check_setup(grids, free, num_qubits, mixer, dimension)?;
        let log2 = dimension.log2();
        let masks = setup.list_masks(grids, free)?;
        let start = SwitchStart::of(grids, start).ok_or_else(no_grid_table)?;
        let start_amplitude = match start {
            SwitchStart::Uniform => 1.0 / (masks.len() as f64).sqrt(),
            SwitchStart::Basis { .. } => 0.5f64.powf(free.len() as f64 / 2.0),
        };
        let costs = cost_of_masks(qubo, &masks);
        if setup.expired() {
            return Err(setup.stopped("costed", masks.len()));
        }
        let diagonal = diagonal_of_costs(qubo, costs);
        let gates = mixer_gates(grids, free, mixer);
        let table = MoveTable::new(grids, free, mixer, gates.len());
        let per_gate = setup.count_pairs(&masks, &table, gates.len());
        if setup.expired() {
            return Err(setup.stopped("moves counted on", masks.len()));
        }
        let count: usize = per_gate.iter().sum();
        let mut blocks = Blocks::new(&masks, num_qubits, &gates, count, [BLOCK_STATES, CROSS_STATES]);
        check_space(
            SWITCH_SPACE,
            log2,
            needed_bytes(dimension, count as f64) + blocks.offset_bytes(),
        )?;
        let ranks = PermutationRank::of(grids, free, num_qubits);
        let lists = setup.list_pairs(&masks, &table, ranks.as_ref(), &per_gate, count)?;
        blocks.fill(&lists);
        Ok(SwitchSimulator {
            masks,
            num_qubits,
            mixer,
            start,
            start_amplitude,
            gates,
            lists,
            blocks,
            diagonal,
            spare: Buffers::default(),
        })
    }

    /// The basis: each state's mask (bit q = qubit q), ascending.
    pub fn masks(&self) -> &[u128] {
        &self.masks
    }

    /// Where it starts.
    pub fn start(&self) -> SwitchStart {
        self.start
    }

    /// The gates of one mixer layer, in order.
    pub fn gates(&self) -> &[MixerGate] {
        &self.gates
    }

    /// The pairs gate `g` turns.
    pub fn pairs(&self, g: usize) -> &[[u32; 2]] {
        &self.lists.pairs[self.lists.starts[g]..self.lists.starts[g + 1]]
    }

    /// Pairs listed over all gates of a layer.
    pub fn num_pairs(&self) -> usize {
        self.lists.pairs.len()
    }

    /// `e^{−iγC}` on `amps`.
    fn apply_phase(&self, amps: &mut [Complex64], gamma: f64) {
        match &self.diagonal {
            CostDiagonal::Indexed { values, index } => {
                let factors = phase_factors(values, gamma);
                amps.par_iter_mut()
                    .zip(index.par_iter())
                    .for_each(|(a, &i)| *a *= factors[i as usize])
            }
            CostDiagonal::Dense(costs) => amps
                .par_iter_mut()
                .zip(costs.par_iter())
                .for_each(|(a, &c)| *a *= Complex64::from_polar(1.0, -gamma * c)),
        }
    }

    /// Gate `g`'s pairs in block `b` (`g` inside the blocks).
    fn block_pairs(&self, g: usize, b: usize) -> &[[u32; 2]] {
        let o = &self.blocks.offsets[self.blocks.at[g]..];
        &self.pairs(g)[o[b] as usize..o[b + 1] as usize]
    }

    /// One mixer layer: every gate's pairs turned, in gate order (a run of gates inside the
    /// blocks block after block, [`Blocks`]).
    fn apply_mixer(&self, amps: &mut [Complex64], beta: f64) {
        let (c, s) = (beta.cos(), beta.sin());
        for &(start, end, inside) in &self.blocks.runs {
            if inside {
                let bounds = &self.blocks.bounds;
                self.blocks
                    .split(amps)
                    .into_par_iter()
                    .enumerate()
                    .for_each(|(b, block)| {
                        for g in start..end {
                            kernels::rotate_pairs_from(block, self.block_pairs(g, b), bounds[b], c, s);
                        }
                    });
            } else {
                for g in start..end {
                    self.rotate_across(amps, g, c, s);
                }
            }
        }
    }

    /// Gate `g` (not inside the blocks) on `amps`: its crossings in parallel, each on its two
    /// parts, or pair after pair where it has none.
    fn rotate_across(&self, amps: &mut [Complex64], g: usize, c: f64, s: f64) {
        let pairs = self.pairs(g);
        let Some(Some((a, b))) = self.blocks.across.get(g).copied() else {
            return kernels::rotate_pairs(amps, pairs, c, s);
        };
        let bounds = &self.blocks.parts;
        let mut parts: Vec<Option<&mut [Complex64]>> = split_at(bounds, amps).into_iter().map(Some).collect();
        // No part is in two crossings of a gate (checked when they were found); were one
        // taken twice, nothing has turned yet and the gate runs pair after pair.
        let tasks: Vec<_> = self.blocks.crossings[a..b]
            .iter()
            .filter_map(|x| Some((parts[x.from as usize].take()?, parts[x.to as usize].take()?, x)))
            .collect();
        if tasks.len() != b - a {
            drop(tasks);
            drop(parts);
            return kernels::rotate_pairs(amps, pairs, c, s);
        }
        tasks.into_par_iter().for_each(|(from, to, x)| {
            let (f, t) = (bounds[x.from as usize], bounds[x.to as usize]);
            let pairs = &pairs[x.start as usize..x.end as usize];
            kernels::rotate_pairs_between(from, f, to, t, pairs, c, s);
        });
    }

    /// The state at `angles`.
    pub fn state(&self, angles: &Angles) -> Result<Vec<Complex64>> {
        let mut amps = self.buffer()?;
        amps.truncate(self.len());
        self.evolve_from_start(&mut amps, angles);
        Ok(amps.into_vec())
    }

    /// `(cost, probability)` per distinct cost, ascending by cost.
    pub fn levels(&self, amps: &[Complex64]) -> Vec<(f64, f64)> {
        super::diagonal_levels(&self.diagonal, amps)
    }

    fn energy(&self, amps: &[Complex64]) -> f64 {
        super::diagonal_energy(&self.diagonal, amps)
    }

    /// `⟨λ|C|ψ⟩`, in fixed chunks.
    fn cost_overlap(&self, lam: &[Complex64], psi: &[Complex64]) -> Complex64 {
        let d = &self.diagonal;
        fixed_sum(psi.len(), |a, b| {
            (a..b).map(|k| lam[k].conj() * psi[k] * d.get(k)).sum()
        })
    }
}

impl BufferedState for SwitchSimulator {
    fn cost_diagonal(&self) -> &CostDiagonal {
        &self.diagonal
    }

    fn len(&self) -> usize {
        self.masks.len()
    }

    fn buffer(&self) -> Result<Amplitudes> {
        super::spare_buffer(&self.spare, self.len(), SWITCH_SPACE, self.len())
    }

    fn keep(&self, amps: Amplitudes) {
        self.spare.keep(amps);
    }

    /// The start ([`SwitchStart`]), then the p layers.
    fn evolve_from_start(&self, amps: &mut [Complex64], angles: &Angles) {
        let a = Complex64::new(self.start_amplitude, 0.0);
        let zero = Complex64::new(0.0, 0.0);
        match self.start {
            SwitchStart::Uniform => amps.par_iter_mut().for_each(|x| *x = a),
            SwitchStart::Basis { grid_qubits, ones } => amps
                .par_iter_mut()
                .zip(self.masks.par_iter())
                .for_each(|(x, &m)| *x = if m & grid_qubits == ones { a } else { zero }),
        }
        for (&gamma, &beta) in angles.gammas.iter().zip(&angles.betas) {
            self.apply_phase(amps, gamma);
            self.apply_mixer(amps, beta);
        }
    }
}

/// The cost of every mask: the offset, the linear terms of its ones and the products of its
/// pairs of ones, each mask's terms added in one order.
fn cost_of_masks(qubo: &Qubo, masks: &[u128]) -> Vec<f64> {
    let n = qubo.num_vars;
    let mut w = vec![0.0f64; n * n];
    for &((i, j), v) in &qubo.quadratic {
        let (i, j) = (i.min(j), i.max(j));
        w[i * n + j] += v;
    }
    masks
        .par_iter()
        .map(|&m| {
            // The qubits that hold a one, ascending, without a list per state.
            let mut e = qubo.offset;
            let mut rest = m;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                e += qubo.linear[i];
                let mut later = rest;
                while later != 0 {
                    e += w[i * n + later.trailing_zeros() as usize];
                    later &= later - 1;
                }
            }
            e
        })
        .collect()
}

impl Qaoa for SwitchSimulator {
    fn num_states(&self) -> usize {
        self.len()
    }
    fn num_qubits(&self) -> usize {
        self.num_qubits
    }
    fn bits(&self, k: u64) -> Vec<bool> {
        let m = self.masks[k as usize];
        (0..self.num_qubits).map(|q| (m >> q) & 1 == 1).collect()
    }
    fn objective(&self, angles: &Angles, objective: &Objective) -> Result<f64> {
        self.buffered_objective(angles, objective)
    }
    fn gradient(&self, angles: &Angles, objective: &Objective) -> Result<(f64, Vec<f64>)> {
        let (value, mut psi_buf, mut lam_buf) = self.adjoint_begin(angles, objective)?;
        let len = self.len();
        let (psi, lam) = (&mut psi_buf[..len], &mut lam_buf[..len]);
        let p = angles.p();
        let mut grad = vec![0.0; 2 * p];
        for l in (0..p).rev() {
            let (gamma, beta) = (angles.gammas[l], angles.betas[l]);
            let (c, s) = (beta.cos(), -beta.sin());
            let mut dbeta = 0.0;
            for &(start, end, inside) in self.blocks.runs.iter().rev() {
                if inside {
                    // Each block's overlaps, gate by gate, then each gate's summed over the
                    // blocks in order: one order whatever the thread count.
                    let bounds = &self.blocks.bounds;
                    let parts: Vec<Vec<Complex64>> = self
                        .blocks
                        .split(psi)
                        .into_par_iter()
                        .zip(self.blocks.split(lam))
                        .enumerate()
                        .map(|(b, (psi, lam))| {
                            (start..end)
                                .rev()
                                .map(|g| {
                                    let pairs = self.block_pairs(g, b);
                                    let o = kernels::pair_overlap_from(lam, psi, pairs, bounds[b]);
                                    kernels::rotate_pairs_from(psi, pairs, bounds[b], c, s);
                                    kernels::rotate_pairs_from(lam, pairs, bounds[b], c, s);
                                    o
                                })
                                .collect()
                        })
                        .collect();
                    for k in 0..end - start {
                        let sum = parts.iter().fold(Complex64::new(0.0, 0.0), |a, part| a + part[k]);
                        dbeta += 2.0 * sum.im;
                    }
                } else {
                    for g in (start..end).rev() {
                        let pairs = self.pairs(g);
                        // The overlap pair after pair (its sum's order), the turns in parallel.
                        dbeta += 2.0 * kernels::pair_overlap(lam, psi, pairs).im;
                        self.rotate_across(psi, g, c, s);
                        self.rotate_across(lam, g, c, s);
                    }
                }
            }
            grad[p + l] = dbeta;
            grad[l] = 2.0 * self.cost_overlap(lam, psi).im;
            self.apply_phase(psi, -gamma);
            self.apply_phase(lam, -gamma);
        }
        self.keep(psi_buf);
        self.keep(lam_buf);
        Ok((value, grad))
    }
    fn evaluate(&self, angles: &Angles, valid: &[u64]) -> Result<Evaluation> {
        self.buffered_evaluate(angles, valid)
    }
    spare_state_methods!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::qubo::QuboBuilder;

    /// The full `n` x `n` grid with `k` ones per row and column, qubit `r·n + c`.
    fn square(n: usize, k: usize) -> Grid {
        Grid {
            row_totals: vec![k; n],
            col_totals: vec![k; n],
            cells: (0..n).map(|r| (0..n).map(|c| Some(r * n + c)).collect()).collect(),
        }
    }

    fn simulator(grid: &Grid, mixer: MixerKind, dimension: f64) -> Result<SwitchSimulator> {
        let n = grid.cells.iter().flatten().flatten().count();
        SwitchSimulator::new(
            &QuboBuilder::new(n).build(),
            std::slice::from_ref(grid),
            &[],
            n,
            mixer,
            StartChoice::Auto,
            dimension,
        )
    }

    /// The number of states reached from state 0 over every gate's pairs.
    fn reached(sim: &SwitchSimulator) -> usize {
        let len = sim.masks().len();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); len];
        for g in 0..sim.gates().len() {
            for &[u, v] in sim.pairs(g) {
                next[u as usize].push(v as usize);
                next[v as usize].push(u as usize);
            }
        }
        let mut seen = vec![false; len];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(k) = stack.pop() {
            for &j in &next[k] {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().filter(|&&s| s).count()
    }

    #[test]
    fn a_permutation_state_is_ranked_where_the_masks_list_it() {
        for n in 1..=7 {
            let grid = square(n, 1);
            let sim = simulator(&grid, MixerKind::SwitchComplete, (1..=n).product::<usize>() as f64).unwrap();
            let ranks = PermutationRank::of(std::slice::from_ref(&grid), &[], n * n).unwrap();
            for (k, &m) in sim.masks().iter().enumerate() {
                assert_eq!(ranks.rank(m), k, "{n}x{n}");
            }
        }
        // Qubits column by column, a free qubit, two per row: searched, not ranked.
        let mut by_columns = square(4, 1);
        by_columns.cells = (0..4).map(|r| (0..4).map(|c| Some(c * 4 + r)).collect()).collect();
        assert!(PermutationRank::of(&[by_columns], &[], 16).is_none());
        assert!(PermutationRank::of(&[square(4, 1)], &[16], 17).is_none());
        assert!(PermutationRank::of(&[square(4, 2)], &[], 16).is_none());
    }

    #[test]
    fn gates_inside_blocks_turn_the_same_bits_as_gate_after_gate() {
        // Blocks of at most `most` states; usize::MAX is one block, the order gate after gate.
        for (n, k, dim, free) in [
            (6, 1, 720.0, vec![]),
            (5, 2, 2040.0, vec![]),
            (4, 1, 24.0, vec![16, 17]),
        ] {
            let cells = n * n;
            let qubits = cells + free.len();
            let mut qubo = QuboBuilder::new(qubits);
            for q in 0..qubits {
                qubo.add_linear(q, 0.3 * (q % 5) as f64 - 0.4);
                qubo.add_product(q, (q * 7 + 3) % qubits, 0.1 * (q % 3) as f64);
            }
            let qubo = qubo.build();
            let dimension = dim * f64::powi(2.0, free.len() as i32);
            for mixer in [MixerKind::SwitchRing, MixerKind::SwitchComplete] {
                let build = |most: usize| {
                    let mut sim = SwitchSimulator::new(
                        &qubo,
                        &[square(n, k)],
                        &free,
                        qubits,
                        mixer,
                        StartChoice::Uniform,
                        dimension,
                    )
                    .unwrap();
                    sim.blocks = Blocks::new(&sim.masks, qubits, &sim.gates, sim.lists.pairs.len(), [most, most / 4]);
                    sim.blocks.fill(&sim.lists);
                    sim
                };
                let (one, many) = (build(usize::MAX), build(dimension as usize / 4));
                assert_eq!(one.blocks.bounds.len(), 2);
                assert_eq!(
                    counted_pairs(&[square(n, k)], &free, mixer),
                    Some(one.num_pairs() as f64)
                );
                assert!(
                    many.blocks.bounds.len() > 3 && many.blocks.runs.iter().any(|r| r.2),
                    "{:?}",
                    many.blocks
                );
                // The gates across the blocks turn their crossings, several a gate.
                let across = many.blocks.across.iter().flatten().count();
                assert!(
                    across > 0 && many.blocks.crossings.len() > 2 * across,
                    "{:?}",
                    many.blocks
                );
                let angles = Angles::new(vec![0.3, -0.7, 0.2], vec![0.5, 0.1, -0.4]).unwrap();
                let (a, b) = (one.state(&angles).unwrap(), many.state(&angles).unwrap());
                assert!(a
                    .iter()
                    .zip(&b)
                    .all(|(x, y)| x.re.to_bits() == y.re.to_bits() && x.im.to_bits() == y.im.to_bits()));
                let objective = Objective::Energy;
                let (va, ga) = one.gradient(&angles, &objective).unwrap();
                let (vb, gb) = many.gradient(&angles, &objective).unwrap();
                assert_eq!(va.to_bits(), vb.to_bits());
                for (x, y) in ga.iter().zip(&gb) {
                    assert!((x - y).abs() <= 1e-12 * (1.0 + x.abs()), "{ga:?} {gb:?}");
                }
            }
        }
    }

    #[test]
    fn grids_list_every_table_and_the_moves_connect_them() {
        // n! permutations; 2 per row and column: OEIS A001499 (1, 6, 90, 2040, 67950).
        let cases = [
            (2, 1, 2usize),
            (3, 1, 6usize),
            (4, 1, 24usize),
            (5, 1, 120usize),
            (6, 1, 720usize),
            (3, 2, 6usize),
            (4, 2, 90usize),
            (5, 2, 2040usize),
        ];
        for (n, k, dim) in cases {
            for mixer in [MixerKind::SwitchRing, MixerKind::SwitchComplete] {
                let sim = simulator(&square(n, k), mixer, dim as f64).unwrap();
                assert_eq!(sim.masks().len(), dim, "{n}x{n}, {k} per line");
                assert_eq!(counted_pairs(&[square(n, k)], &[], mixer), Some(sim.num_pairs() as f64));
                for &m in sim.masks() {
                    for r in 0..n {
                        let row: u128 = (0..n).map(|c| 1u128 << (r * n + c)).sum();
                        let col: u128 = (0..n).map(|c| 1u128 << (c * n + r)).sum();
                        assert_eq!(((m & row).count_ones(), (m & col).count_ones()), (k as u32, k as u32));
                    }
                }
                // Each pair is one move: the masks differ in exactly four cells, two set in each.
                for g in 0..sim.gates().len() {
                    for &[u, v] in sim.pairs(g) {
                        let (a, b) = (sim.masks()[u as usize], sim.masks()[v as usize]);
                        assert!(u < v && (a ^ b).count_ones() == 4 && (a & !b).count_ones() == 2);
                    }
                }
                // The complete order connects every space here; the ring does not (on the 4x4
                // permutations its moves reach 12 of the 24 from the identity).
                let seen = reached(&sim);
                match mixer {
                    MixerKind::SwitchComplete => assert_eq!(seen, dim, "{n}x{n}, {k} per line: not connected"),
                    _ if (n, k) == (4, 1) => assert_eq!(seen, 12),
                    _ => assert!(seen <= dim),
                }
            }
        }
    }

    #[test]
    fn a_space_past_32_bit_indices_is_refused_before_listing() {
        // Two per row and column of 11x11 (121 qubits) counts far past 2^32 states: given a
        // count of 2^33, refused at once, nothing listed.
        let e = simulator(&square(11, 2), MixerKind::SwitchRing, 2f64.powi(33)).unwrap_err();
        assert!(matches!(e, Error::SpaceTooLarge { .. }), "{e}");
        assert!(e.to_string().contains("32 bits"), "{e}");
    }
}
