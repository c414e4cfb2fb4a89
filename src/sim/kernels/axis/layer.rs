//! One layer on a mixed-radix state ([`apply_layer_axes`]) and its adjoint step
//! ([`unapply_layer_axes`]): the fused pass over units in cache, then the pass of every other
//! axis (`outer.rs`).
//!
//! The fused pass's rotations run on a unit in cache while the memory would idle, so a forward
//! task runs `UNITS_PER_TASK` units in a row (fewer where that would leave fewer than
//! `MIN_TASKS` tasks, so that a state of a few units, 8^6's 8, runs on every thread) and each
//! unit's rotations fetch the next unit and its costs, line by line, spread over their loads
//! ([`Ahead`]). The adjoint's fused pass un-applies the unit's last fused axis on the whole
//! unit, then the other axes and the phase row by row of it.

use super::ahead::{loads, Ahead};
use super::chunks::{backward_chunks, forward_chunks};
use super::outer::{backward_parts, backward_rows, column_parts, for_units, outer_pass, runs_in_parts};
use super::phase::{apply_phase, unapply_phase};
use super::plan::{adjoint_fused_axes, fused_axes};
use super::registers::Rot;
use super::squares::{odd_cube, ring_cubes};
use super::{Axis, FETCH_WINDOW, MIN_TASKS, PAR_MIN, ROW_SPLIT, UNIT, UNITS_PER_TASK};
use crate::sim::kernels::{Phase, Start};
use num_complex::Complex64;
use rayon::prelude::*;

/// One layer on a mixed-radix state: the phase, then every axis's gates with rotation
/// `(c, s) = (cos β, sin β)`. `axes` cover `amps` exactly (the last span is its length); any
/// plan of the same axes gives the same bits, [`plan_forward`](super::plan_forward)'s the
/// fastest layer. With [`Start::Uniform`] the layer acts on the uniform superposition whatever
/// `amps` holds (the same bits as filling it first, without that pass).
pub fn apply_layer_axes(amps: &mut [Complex64], axes: &[Axis], phase: Phase<'_>, c: f64, s: f64, start: Start) {
    layer_in_tasks(amps, axes, phase, (c, s), start, None);
}

/// Consecutive units of `unit` amplitudes one task of a forward fused pass runs over a state
/// of `len`: `UNITS_PER_TASK`, fewer where the state has fewer than `MIN_TASKS` such tasks.
fn units_per_task(len: usize, unit: usize) -> usize {
    (len.div_ceil(unit) / MIN_TASKS).clamp(1, UNITS_PER_TASK)
}

/// [`apply_layer_axes`] with the fused pass in tasks of `units` units (else [`units_per_task`]);
/// the bits do not depend on them.
fn layer_in_tasks(
    amps: &mut [Complex64],
    axes: &[Axis],
    phase: Phase<'_>,
    (c, s): (f64, f64),
    start: Start,
    units: Option<usize>,
) {
    debug_assert_eq!(axes.last().map_or(1, Axis::span), amps.len());
    let fused = fused_axes(axes);
    let rot = Rot::new(c, s);
    // The uniform start's amplitude, as `1/√len` filled in first would be.
    let uniform = (start == Start::Uniform).then(|| 1.0 / (amps.len() as f64).sqrt());
    if fused > 0 {
        // Tasks of up to `UNITS_PER_TASK` consecutive units: the rotations of each unit (in cache)
        // fetch the next unit and its costs, so that the memory works while they run.
        let unit = fused_unit(axes, fused);
        let task = unit * units.unwrap_or_else(|| units_per_task(amps.len(), unit));
        // Leading axes the cube kernel takes.
        let cubed = if fused >= 2 && odd_cube(&axes[0], &axes[1]) {
            2
        } else {
            0
        };
        for_units(amps, task, |t, x| {
            let mut offset = t * task;
            let mut rest = x;
            while !rest.is_empty() {
                let len = unit.min(rest.len());
                let (cur, next) = std::mem::take(&mut rest).split_at_mut(len);
                let ahead_len = unit.min(next.len());
                // A uniform start writes the next unit without reading it.
                let mut regions: Vec<&[u8]> = Vec::new();
                // At most `UNIT` amplitudes of it: a unit of 9^5 and all of the next would
                // overflow L2.
                if uniform.is_none() {
                    regions.push(bytemuck::cast_slice(&next[..ahead_len.min(UNIT)]));
                }
                let costs = offset + len..offset + len + ahead_len;
                match phase {
                    Phase::Indexed { index, .. } => regions.push(bytemuck::cast_slice(&index[costs])),
                    Phase::Dense { costs: c, .. } => regions.push(bytemuck::cast_slice(&c[costs])),
                    Phase::None => {}
                }
                let work = axes[..fused].iter().map(|a| loads(a, len)).sum();
                let mut ahead = Ahead::new(regions, work);
                apply_phase(cur, offset, &phase, uniform);
                if cubed > 0 {
                    // Whole groups of four cubes; the cubes left over take the two axes' own
                    // kernels, in the same order.
                    let done = ring_cubes(cur, &axes[..cubed], rot, &mut ahead);
                    for axis in &axes[..cubed] {
                        forward_chunks(&mut cur[done..], axis, rot, &mut ahead);
                    }
                }
                for axis in &axes[cubed..fused] {
                    forward_chunks(cur, axis, rot, &mut ahead);
                }
                offset += len;
                rest = next;
            }
        });
    } else {
        for_units(amps, UNIT, |u, x| apply_phase(x, u * UNIT, &phase, uniform));
    }
    for axis in &axes[fused..] {
        outer_pass(amps, axis, rot, FETCH_WINDOW);
    }
}

/// The adjoint step of one layer: un-apply the axes' gates (rotation `(c, −s)`) and then the
/// phase to ψ and λ, returning `(Σ_g Im⟨λ|H_g|ψ⟩, Im⟨λ|C|ψ⟩)` taken where each generator
/// acts (`C` the costs: `values[index[k]]` or dense, `values` unused then). `scratch` holds
/// the per-unit sums. The plan's units and windows ([`plan_axes`](super::plan_axes)) fix the
/// order of the overlap sums, so the gradient's bits.
#[allow(clippy::too_many_arguments)]
pub fn unapply_layer_axes(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    axes: &[Axis],
    phase: Phase<'_>,
    values: &[f64],
    c: f64,
    s: f64,
    scratch: &mut Vec<f64>,
) -> (f64, f64) {
    let fused = adjoint_fused_axes(axes);
    let rot = Rot::new(c, -s);
    let mut mixer = 0.0;
    for axis in axes[fused..].iter().rev() {
        let span = axis.span();
        if psi.len() / span >= ROW_SPLIT || psi.len() < PAR_MIN {
            mixer += sum_units(psi, lam, span, scratch, |_, p, l| backward_chunks(p, l, axis, rot));
        } else if runs_in_parts(axis) {
            for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
                mixer += backward_parts(p, l, axis, rot, scratch);
            }
        } else {
            for (p, l) in psi.chunks_exact_mut(span).zip(lam.chunks_exact_mut(span)) {
                let parts: Vec<_> = column_parts(p, axis).into_iter().zip(column_parts(l, axis)).collect();
                scratch.clear();
                scratch.resize(parts.len(), 0.0);
                parts
                    .into_par_iter()
                    .zip(scratch.par_iter_mut())
                    .for_each(|((mut pr, mut lr), out)| *out = backward_rows(&mut pr, &mut lr, axis, rot));
                mixer += scratch.iter().sum::<f64>();
            }
        }
    }
    // The fused axes (last first), then ∂γ and the phase, in one pass.
    let unit = if fused > 0 { fused_unit(axes, fused) } else { UNIT };
    let doubled: Vec<[f64; 2]> = values.iter().map(|&v| [v, v]).collect();
    // The last fused axis on the whole unit (ψ and λ: L2's size), then the others and the
    // phase on one of its rows after another (in L2 with room to spare).
    let partial = |u: usize, p: &mut [Complex64], l: &mut [Complex64]| {
        let mut m = 0.0;
        let (inner, rows) = match &axes[..fused] {
            [inner @ .., last] if !inner.is_empty() => {
                m += backward_chunks(p, l, last, rot);
                (inner, last.stride)
            }
            all => (all, p.len()),
        };
        let mut g = 0.0;
        for (k, (p, l)) in p.chunks_mut(rows).zip(l.chunks_mut(rows)).enumerate() {
            for axis in inner.iter().rev() {
                m += backward_chunks(p, l, axis, rot);
            }
            g += unapply_phase(p, l, u * unit + k * rows, &phase, &doubled);
        }
        (m, g)
    };
    // Two sums per unit: run the pass once, keeping both in scratch (mixer, cost interleaved).
    let units = psi.len().div_ceil(unit);
    scratch.clear();
    scratch.resize(2 * units, 0.0);
    if psi.len() >= PAR_MIN {
        psi.par_chunks_mut(unit)
            .zip(lam.par_chunks_mut(unit))
            .zip(scratch.par_chunks_mut(2))
            .enumerate()
            .for_each(|(u, ((p, l), out))| {
                let (m, g) = partial(u, p, l);
                out[0] = m;
                out[1] = g;
            });
    } else {
        psi.chunks_mut(unit)
            .zip(lam.chunks_mut(unit))
            .zip(scratch.chunks_mut(2))
            .enumerate()
            .for_each(|(u, ((p, l), out))| {
                let (m, g) = partial(u, p, l);
                out[0] = m;
                out[1] = g;
            });
    }
    let mut cost = 0.0;
    for pair in scratch.chunks(2) {
        mixer += pair[0];
        cost += pair[1];
    }
    (mixer, cost)
}

/// The work unit of the fused pass: whole tiles of the fused axes, about `UNIT` amplitudes.
fn fused_unit(axes: &[Axis], fused: usize) -> usize {
    let unit = UNIT;
    let span: usize = axes[..fused].iter().map(|a| a.radix).product();
    span * (unit / span).max(1)
}

/// `Σ_u f(u, ψ unit, λ unit)` over units, added in unit order whatever the threads.
fn sum_units(
    psi: &mut [Complex64],
    lam: &mut [Complex64],
    unit: usize,
    scratch: &mut Vec<f64>,
    f: impl Fn(usize, &mut [Complex64], &mut [Complex64]) -> f64 + Sync,
) -> f64 {
    let units = psi.len().div_ceil(unit);
    scratch.clear();
    scratch.resize(units, 0.0);
    if psi.len() >= PAR_MIN {
        psi.par_chunks_mut(unit)
            .zip(lam.par_chunks_mut(unit))
            .zip(scratch.par_iter_mut())
            .enumerate()
            .for_each(|(u, ((p, l), out))| *out = f(u, p, l));
    } else {
        psi.chunks_mut(unit)
            .zip(lam.chunks_mut(unit))
            .zip(scratch.iter_mut())
            .enumerate()
            .for_each(|(u, ((p, l), out))| *out = f(u, p, l));
    }
    scratch.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{
        axes_of, bits, max_err, naive_layer, naive_unapply, phase_of, random_state, ring_axes, SHAPES,
    };
    use super::super::{plan_axes, plan_forward};
    use super::*;

    #[test]
    fn planned_layers_equal_gate_by_gate_with_phase_and_adjoint() {
        let (gamma, beta) = (0.41, 0.3f64);
        let (c, s) = (beta.cos(), beta.sin());
        for radices in SHAPES {
            for (kind, axes) in [("pairs", axes_of(radices)), ("ring", ring_axes(radices))] {
                let planned = plan_axes(axes.clone());
                let len: usize = radices.iter().product();
                let (index, factors, values) = phase_of(len, 11, gamma);
                let phase = || Phase::Indexed {
                    index: &index,
                    factors: &factors,
                };
                let mut fast = random_state(len, 5);
                let mut slow = fast.clone();
                apply_layer_axes(&mut fast, &planned, phase(), c, s, Start::Given);
                for (a, &i) in slow.iter_mut().zip(&index) {
                    *a *= factors[i as usize];
                }
                naive_layer(&mut slow, &axes, c, s);
                let err = max_err(&fast, &slow);
                assert!(err < 1e-13, "{kind} {radices:?}: {err}");
                // The adjoint step: the same states and sums as gate by gate.
                let mut lam = random_state(len, 9);
                let mut lam_slow = lam.clone();
                let mut scratch = Vec::new();
                let (m, g) = unapply_layer_axes(&mut fast, &mut lam, &planned, phase(), &values, c, s, &mut scratch);
                let (m0, g0) = naive_unapply(&mut slow, &mut lam_slow, &axes, &index, &factors, &values, c, s);
                assert!(
                    (m - m0).abs() < 1e-9 * (1.0 + m0.abs()),
                    "{kind} {radices:?}: mixer {m} {m0}"
                );
                assert!(
                    (g - g0).abs() < 1e-9 * (1.0 + g0.abs()),
                    "{kind} {radices:?}: cost {g} {g0}"
                );
                assert!(max_err(&fast, &slow) < 1e-12, "{kind} {radices:?}: ψ");
                assert!(max_err(&lam, &lam_slow) < 1e-12, "{kind} {radices:?}: λ");
                assert!(
                    max_err(&fast, &random_state(len, 5)) < 1e-12,
                    "{kind} {radices:?}: undo"
                );
            }
        }
    }

    #[test]
    fn forward_tasks_of_any_length_keep_the_bits() {
        // States of few fused units (8^6 has 8 of 2^15) are cut into tasks of fewer units than
        // large ones; each task fetches ahead within itself and starts its costs at its offset.
        let (c, s) = (0.41f64.cos(), 0.41f64.sin());
        for radices in [&[8usize; 6][..], &[9, 9, 9, 9, 9, 3], &[7; 7], &[5, 6, 7, 8, 9, 4, 3]] {
            let axes = plan_forward(ring_axes(radices));
            let len: usize = radices.iter().product();
            let unit = fused_unit(&axes, fused_axes(&axes));
            assert!(len.div_ceil(unit) > 1, "{radices:?}: more than one unit");
            let (index, factors, _) = phase_of(len, 7, 0.9);
            let phase = Phase::Indexed {
                index: &index,
                factors: &factors,
            };
            for start in [Start::Given, Start::Uniform] {
                let layer = |units: Option<usize>| {
                    let mut x = random_state(len, 5);
                    layer_in_tasks(&mut x, &axes, phase, (c, s), start, units);
                    bits(&x)
                };
                let want = layer(Some(UNITS_PER_TASK));
                for units in [None, Some(1), Some(3)] {
                    assert!(layer(units) == want, "{radices:?} {start:?}: tasks of {units:?} units");
                }
            }
        }
    }

    #[test]
    fn same_bits_on_one_and_several_threads() {
        let (c, s) = (0.8f64.cos(), 0.8f64.sin());
        for radices in SHAPES {
            let planned = plan_axes(ring_axes(radices));
            let forward = plan_forward(ring_axes(radices));
            let len: usize = radices.iter().product();
            let (index, factors, values) = phase_of(len, 13, 0.6);
            let run = |threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| {
                    let mut psi = random_state(len, 21);
                    let phase = Phase::Indexed {
                        index: &index,
                        factors: &factors,
                    };
                    apply_layer_axes(&mut psi, &forward, phase, c, s, Start::Given);
                    let mut lam = random_state(len, 22);
                    let mut scratch = Vec::new();
                    let phase = Phase::Indexed {
                        index: &index,
                        factors: &factors,
                    };
                    let (m, g) = unapply_layer_axes(&mut psi, &mut lam, &planned, phase, &values, c, s, &mut scratch);
                    (bits(&psi), bits(&lam), m.to_bits(), g.to_bits())
                })
            };
            let one = run(1);
            for threads in [2, 3, 5] {
                assert!(run(threads) == one, "{radices:?}: {threads} threads");
            }
        }
    }

    #[test]
    fn tiled_passes_equal_gate_by_gate_for_every_path() {
        // Small (serial), fused only, unfused with many chunks, and unfused with row split.
        for radices in [
            vec![3, 4, 2],
            vec![6, 5, 7, 4, 8, 3],
            vec![2, 3, 5000, 4],
            vec![7, 3000, 9],
            vec![20, 20, 20, 9],
        ] {
            let axes = axes_of(&radices);
            let len: usize = radices.iter().product();
            let mut fast = random_state(len, 7);
            let mut slow = fast.clone();
            let (c, s) = (0.3f64.cos(), 0.3f64.sin());
            apply_layer_axes(&mut fast, &axes, Phase::None, c, s, Start::Given);
            naive_layer(&mut slow, &axes, c, s);
            let err = fast.iter().zip(&slow).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
            assert!(err < 1e-13, "{radices:?}: {err}");
            // Un-applying returns the start.
            let mut lam = fast.clone();
            let mut scratch = Vec::new();
            unapply_layer_axes(&mut fast, &mut lam, &axes, Phase::None, &[], c, s, &mut scratch);
            let back = random_state(len, 7);
            let err = fast.iter().zip(&back).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
            assert!(err < 1e-12, "{radices:?} undo: {err}");
        }
    }
}
