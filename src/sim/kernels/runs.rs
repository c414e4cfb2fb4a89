//! Stream sweeps: K higher qubits rotated over `2^K` runs streamed side by side, each run's
//! column window taken from the segment that holds it, through tile buffers for far qubits.

use super::rotation::{rot_lanes, Mix, PAIRS};
use super::{log2_len, FAR_QUBIT, TILE};
use crate::sim::quad::{Lanes, Quad};
use num_complex::Complex64;
use rayon::prelude::*;

/// The `2^K` runs of one chunk as `f64` slices.
#[inline(always)]
pub(super) fn split_runs<const K: usize>(chunk: &mut [Complex64], r: usize) -> [&mut [f64]; 8] {
    let f: &mut [f64] = bytemuck::cast_slice_mut(chunk);
    let mut it = f.chunks_exact_mut(2 * r);
    std::array::from_fn(|i| {
        if i < (1 << K) {
            it.next().unwrap_or_default()
        } else {
            Default::default()
        }
    })
}

#[inline(always)]
pub(super) fn load4(run: &[f64], j: usize) -> Quad {
    // One bounds check for the four lanes.
    Quad::load(run[j..j + 4].try_into().expect("four lanes"))
}

#[inline(always)]
pub(super) fn store4(run: &mut [f64], j: usize, v: Quad) {
    v.store((&mut run[j..j + 4]).try_into().expect("four lanes"))
}

/// Rotate K qubits on `2^K` equally long runs (as `f64`): element pair j of every run forms a
/// group, loaded into registers, rotated for all K qubits (run i ↔ group index i), stored once;
/// `visit(i, t, v)` then sees run i's rotated quadruple t (amplitudes 2t and 2t+1 of the run)
/// while it is still in registers, in the order of quadruples, then runs. Registers of type
/// `R` (four amplitudes each in an AVX-512 `Oct`); a last quadruple that does not
/// fill one goes through a `Quad`, with the same arithmetic lane by lane.
#[inline(always)]
fn mix_run_slices_visit<const K: usize, const F: bool, R: Lanes>(
    runs: [&mut [f64]; 8],
    m: Mix<F>,
    mut visit: impl FnMut(usize, usize, [f64; 4]),
) {
    let len = runs[0].len() / 4 * 4;
    let mut runs = runs.map(|r| {
        let l = r.len().min(len);
        &mut r[..l]
    });
    let wide = len / R::LANES * R::LANES;
    mix_columns::<K, F, R>(&mut runs, 0, wide, m, &mut visit);
    mix_columns::<K, F, Quad>(&mut runs, wide, len, m, &mut visit);
}

/// [`mix_run_slices_visit`] on the `f64` columns `[from, to)` of the runs (multiples of
/// `R::LANES` apart), in registers of type `R`.
#[inline(always)]
fn mix_columns<const K: usize, const F: bool, R: Lanes>(
    runs: &mut [&mut [f64]; 8],
    from: usize,
    to: usize,
    m: Mix<F>,
    visit: &mut impl FnMut(usize, usize, [f64; 4]),
) {
    let group = 1usize << K;
    let w = m.lanes::<R>();
    for j in (from..to).step_by(R::LANES) {
        let mut v = [R::zero(); 8];
        for i in 0..group {
            v[i] = R::load(&runs[i][j..j + R::LANES]);
        }
        for &(x, y) in PAIRS[K] {
            (v[x], v[y]) = rot_lanes::<R, F>(v[x], v[y], w);
        }
        for i in 0..group {
            v[i].store(&mut runs[i][j..j + R::LANES]);
        }
        for h in 0..R::LANES / 4 {
            for (i, x) in v.iter().enumerate().take(group) {
                visit(i, j / 4 + h, x.quad(h));
            }
        }
    }
}

/// The first `w` `f64` of the first `2^K` runs' tiles in `buf` (`TILE` apart) as run slices.
#[inline(always)]
fn tile_runs<const K: usize>(buf: &mut [f64], w: usize) -> [&mut [f64]; 8] {
    let mut it = buf.chunks_exact_mut(TILE);
    std::array::from_fn(|i| match it.next() {
        Some(t) if i < (1 << K) => &mut t[..w],
        _ => Default::default(),
    })
}

/// Copy `w` `f64` from `j0` on of each run into its tile of `buf`.
#[inline(always)]
fn tile_in<const K: usize>(runs: &[&mut [f64]; 8], buf: &mut [f64], j0: usize, w: usize) {
    for (run, t) in runs.iter().zip(buf.chunks_exact_mut(TILE)).take(1 << K) {
        t[..w].copy_from_slice(&run[j0..j0 + w]);
    }
}

/// Copy the tiles of `buf` back to the runs at `j0`.
#[inline(always)]
fn tile_out<const K: usize>(runs: &mut [&mut [f64]; 8], buf: &[f64], j0: usize, w: usize) {
    for (run, t) in runs.iter_mut().zip(buf.chunks_exact(TILE)).take(1 << K) {
        run[j0..j0 + w].copy_from_slice(&t[..w]);
    }
}

/// `body` on the runs, or when `copy` on copies of them tile by tile, each run's tile copied in
/// and out in one piece: in memory, the stores of a sweep go to all runs in turn (see
/// `FAR_QUBIT`). `body` also gets the position of the first quadruple it sees in the runs.
#[inline(always)]
pub(super) fn through_tiles<const K: usize>(
    mut runs: [&mut [f64]; 8],
    copy: bool,
    mut body: impl FnMut([&mut [f64]; 8], usize),
) {
    if !copy {
        body(runs, 0);
        return;
    }
    let mut buf = vec![0.0; TILE << K];
    let len = runs[0].len() / 4 * 4;
    for j0 in (0..len).step_by(TILE) {
        let w = TILE.min(len - j0);
        tile_in::<K>(&runs, &mut buf, j0, w);
        body(tile_runs::<K>(&mut buf, w), j0 / 4);
        tile_out::<K>(&mut runs, &buf, j0, w);
    }
}

/// [`mix_run_slices_visit`], through a buffer when `copy`; the same arithmetic either way.
#[inline(always)]
fn mix_run_slices_maybe_copied<const K: usize, const F: bool, R: Lanes>(
    runs: [&mut [f64]; 8],
    m: Mix<F>,
    copy: bool,
    mut visit: impl FnMut(usize, usize, [f64; 4]),
) {
    through_tiles::<K>(runs, copy, |r, t0| {
        mix_run_slices_visit::<K, F, R>(r, m, |i, t, v| visit(i, t0 + t, v))
    })
}

/// [`mix_run_slices_visit`] with nothing to visit.
#[inline(always)]
fn mix_run_slices<const K: usize, const F: bool, R: Lanes>(runs: [&mut [f64]; 8], m: Mix<F>) {
    mix_run_slices_visit::<K, F, R>(runs, m, |_, _, _| {})
}

/// Rotate K consecutive qubits whose lowest pairs amplitudes `r` apart (r ≥ 2): each chunk of
/// `2^K·r` amplitudes is `2^K` runs of length r.
#[inline(always)]
pub(super) fn mix_runs<const K: usize, const F: bool, R: Lanes>(block: &mut [Complex64], r: usize, m: Mix<F>) {
    debug_assert!(r >= 2);
    for chunk in block.chunks_exact_mut((1usize << K) * r) {
        mix_run_slices::<K, F, R>(split_runs::<K>(chunk, r), m);
    }
}

/// Rotate K qubits starting at q over the whole state in place, in parallel: the runs are
/// long and contiguous, so each task streams `2^K` of them side by side.
/// Through a buffer when `copy`.
pub(super) fn mix_high_in_place<const K: usize, const F: bool, R: Lanes>(
    segs: &mut [&mut [Complex64]],
    q: usize,
    m: Mix<F>,
    parallel: bool,
    copy: bool,
) {
    let tasks = stream_tasks::<K>(segs, q, parallel);
    let work = |(_, t)| mix_run_slices_maybe_copied::<K, F, R>(t, m, copy, |_, _, _| {});
    if parallel {
        tasks.into_par_iter().for_each(work);
    } else {
        tasks.into_iter().for_each(work);
    }
}

/// Whether the stream sweep of K qubits from q goes through a buffer: when one of them pairs
/// amplitudes `2^FAR_QUBIT` or more apart inside one segment of `2^seg_q` amplitudes (partners
/// in different segments are kept off that alignment by the gap between them).
pub(super) fn copied(q: usize, k: usize, seg_q: usize) -> bool {
    q.max(FAR_QUBIT) < (q + k).min(seg_q)
}

/// [`mix_high_in_place`] with the per-level probability mass of the result accumulated.
pub(super) fn mix_high_in_place_measured<const K: usize, const F: bool, R: Lanes>(
    segs: &mut [&mut [Complex64]],
    q: usize,
    index: &[u16],
    n_levels: usize,
    m: Mix<F>,
    parallel: bool,
    copy: bool,
) -> Vec<f64> {
    let r = 1usize << q;
    let tasks = stream_tasks::<K>(segs, q, parallel);
    let run = |mut acc: Vec<f64>, (base, t): (usize, [&mut [f64]; 8])| {
        mix_run_slices_measured::<K, F, R>(t, base, r, index, &mut acc, m, copy);
        acc
    };
    // One sum per task, added in task order: the same bytes for any number of threads.
    let parts: Vec<Vec<f64>> = if parallel {
        tasks.into_par_iter().map(|t| run(vec![0.0; n_levels], t)).collect()
    } else {
        tasks.into_iter().map(|t| run(vec![0.0; n_levels], t)).collect()
    };
    let mut out = vec![0.0; n_levels];
    for p in parts {
        out.iter_mut().zip(&p).for_each(|(x, y)| *x += y);
    }
    out
}

/// Tasks a parallel stream sweep aims for (four for each of 16 threads): fixed, so that the
/// partition of the sums does not depend on the thread count.
const STREAM_TASKS: usize = 64;

/// The stream-sweep tasks for K qubits from q over a state held in equal segments: for every
/// chunk of `2^K` runs of `2^q` amplitudes, `pieces` column windows of all its runs (as `f64`),
/// each with the basis index of its first amplitude in run 0 (run i starts `i·2^q` later).
/// Windows are powers of two that never cross a segment's end.
pub(super) fn stream_tasks<'a, const K: usize>(
    segs: &'a mut [&mut [Complex64]],
    q: usize,
    parallel: bool,
) -> Vec<(usize, [&'a mut [f64]; 8])> {
    let r = 1usize << q;
    let group = 1usize << K;
    let seg = segs[0].len();
    let n_chunks = seg * segs.len() / (group * r);
    // Enough column pieces per chunk to give every thread several tasks. A fixed count, not
    // one per thread: the tasks are the partition the measured sweeps sum over, so it must not
    // change with the number of threads.
    let wanted = if parallel {
        STREAM_TASKS.div_ceil(n_chunks).clamp(1, (r / 2).max(1))
    } else {
        1
    };
    let pieces = wanted.next_power_of_two().max(r / seg.min(r));
    let width = r / pieces;
    let mut windows: Vec<Option<&'a mut [f64]>> = segs
        .iter_mut()
        .flat_map(|x| bytemuck::cast_slice_mut::<Complex64, f64>(x).chunks_exact_mut(2 * width))
        .map(Some)
        .collect();
    let mut tasks = Vec::with_capacity(n_chunks * pieces);
    for chunk_no in 0..n_chunks {
        for piece in 0..pieces {
            let base = chunk_no * group * r + piece * width;
            tasks.push((
                base,
                std::array::from_fn(|i| {
                    if i < group {
                        windows[(base + i * r) / width].take().expect("each window in one task")
                    } else {
                        Default::default()
                    }
                }),
            ));
        }
    }
    tasks
}

/// [`mix_run_slices`], then the probability mass of every rotated amplitude added to
/// `levels[index[k]]` while it is still in registers (k = `base + i·r` + offset in run i).
#[inline(always)]
fn mix_run_slices_measured<const K: usize, const F: bool, R: Lanes>(
    runs: [&mut [f64]; 8],
    base: usize,
    r: usize,
    index: &[u16],
    levels: &mut [f64],
    m: Mix<F>,
    copy: bool,
) {
    mix_run_slices_maybe_copied::<K, F, R>(runs, m, copy, |i, t, v| {
        let k = base + i * r + 2 * t;
        let sq = v.map(|x| x * x);
        levels[index[k] as usize] += sq[0] + sq[1];
        levels[index[k + 1] as usize] += sq[2] + sq[3];
    })
}

/// The stream sweeps of qubits `[from, to)`, three at a time.
pub(super) fn stream_sweeps<const F: bool, R: Lanes>(
    segs: &mut [&mut [Complex64]],
    from: usize,
    to: usize,
    m: Mix<F>,
    parallel: bool,
) {
    let seg_q = log2_len(segs[0].len());
    let mut q = from;
    while q < to {
        let k = (to - q).min(3);
        let copy = copied(q, k, seg_q);
        match k {
            3 => mix_high_in_place::<3, F, R>(segs, q, m, parallel, copy),
            2 => mix_high_in_place::<2, F, R>(segs, q, m, parallel, copy),
            _ => mix_high_in_place::<1, F, R>(segs, q, m, parallel, copy),
        }
        q += 3;
    }
}

#[cfg(test)]
mod tests {
    use super::super::backward::unmix_pair_high;
    use super::super::rotation::{with_mix, Rotation};
    use super::super::tests::random_state;
    use super::*;
    use crate::sim::quad::Wide;

    #[test]
    fn copied_stream_sweeps_are_bit_identical_to_direct_ones() {
        // Runs shorter than a tile, one tile, and several with a partial last one (the parallel
        // column pieces cut runs anywhere on a quadruple).
        let n = 16;
        let index: Vec<u16> = (0..1usize << n).map(|k| (k % 7) as u16).collect();
        let lam0 = random_state(n, 5);
        for par in [false, true] {
            for q in [2, 9, 10, 13] {
                for beta in [0.3, 1.2] {
                    let rot = Rotation::new(beta);
                    let psi0 = random_state(n, q as u64);
                    with_mix!(rot, |m| {
                        let (mut a, mut b) = (psi0.clone(), psi0.clone());
                        mix_high_in_place::<3, _, Wide>(&mut [&mut a[..]], q, m, par, false);
                        mix_high_in_place::<3, _, Wide>(&mut [&mut b[..]], q, m, par, true);
                        assert!(a == b, "q={q} par={par}");
                        let la =
                            mix_high_in_place_measured::<2, _, Wide>(&mut [&mut a[..]], q, &index, 7, m, par, false);
                        let lb =
                            mix_high_in_place_measured::<2, _, Wide>(&mut [&mut b[..]], q, &index, 7, m, par, true);
                        // Parallel sums are grouped by whichever thread takes a task.
                        let same = |x: f64, y: f64| {
                            if par {
                                (x - y).abs() < 1e-12
                            } else {
                                x.to_bits() == y.to_bits()
                            }
                        };
                        assert!(
                            a == b && la.iter().zip(&lb).all(|(x, y)| same(*x, *y)),
                            "measured q={q} par={par}"
                        );
                        // A pair vector (here ψ beside λ): index qubit q − 1 is amplitude qubit q.
                        let z: Vec<Complex64> = a.iter().zip(&lam0).flat_map(|(x, y)| [*x, *y]).collect();
                        let (mut za, mut zb) = (z.clone(), z);
                        let pa = unmix_pair_high::<3, _>(&mut [&mut za[..]], q - 1, m, par, false);
                        let pb = unmix_pair_high::<3, _>(&mut [&mut zb[..]], q - 1, m, par, true);
                        assert!(za == zb && same(pa, pb), "pair vector q={q} par={par}");
                    })
                }
            }
        }
        assert!(!copied(FAR_QUBIT - 3, 3, 40) && copied(FAR_QUBIT - 2, 3, 40) && copied(FAR_QUBIT, 1, 40));
        // Far partners in different segments are not copied.
        assert!(!copied(FAR_QUBIT - 2, 3, FAR_QUBIT) && copied(FAR_QUBIT - 2, 3, FAR_QUBIT + 1));
    }
}
