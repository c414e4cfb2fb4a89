//! The plans of a layer and of its adjoint step: how many leading axes are fused into units in
//! cache, and which neighbouring axes are merged into one, so that a layer makes fewer passes.
//!
//! The adjoint step's plan ([`plan_axes`]): units of 2^15 amplitudes (ψ and λ together 1 MiB,
//! L2), outer axes merged greedily up to 729 states, in column windows of 2^16 amplitudes of each
//! state (rows of 2 KiB and more for radices up to 512, which spread over L2's sets); its units
//! and windows fix the order of its overlap sums, so the gradient's bits. The layer's plan
//! ([`plan_forward`]): fused axes spanning up to 2^16 amplitudes (one state), outer axes in the
//! fewest and most even groups of at most 729; 8^8 makes 2 passes per layer either way, 9^9 3
//! (81 and 81 rows forward, 729 and 81 backward). A layer's bits depend only on the order of the
//! axes, which any plan keeps.

use super::{Axis, MERGED, UNIT};

/// Most states of the first axis made by merging fused axes: 128 takes two radix-9 axes (81
/// states) as well as two radix-8 ones.
pub const MERGED_RADIX: usize = 128;

/// Axes `a` then `b` (b's stride is a's span) as one axis of `a.radix · b.radix` states: a's
/// gates for every digit of b, then b's gates for every digit of a. Gates of different axes
/// commute, so the product is the same; pairs of one gate stay disjoint.
pub fn merge_axes(a: &Axis, b: &Axis) -> Axis {
    debug_assert_eq!(b.stride, a.span());
    let (ra, rb) = (a.radix, b.radix);
    let mut gates: Vec<Vec<(u32, u32)>> = Vec::new();
    for g in 0..a.gates() {
        gates.push(
            (0..rb)
                .flat_map(|db| {
                    a.gate(g)
                        .iter()
                        .map(move |&(x, y)| (x + (ra * db) as u32, y + (ra * db) as u32))
                })
                .collect(),
        );
    }
    for g in 0..b.gates() {
        gates.push(
            (0..ra)
                .flat_map(|da| {
                    b.gate(g)
                        .iter()
                        .map(move |&(x, y)| (da as u32 + ra as u32 * x, da as u32 + ra as u32 * y))
                })
                .collect(),
        );
    }
    let mut merged = Axis::new(ra * rb, a.stride, &gates);
    if !a.ring.is_empty() && !b.ring.is_empty() {
        merged.ring = [&a.ring[..], &b.ring[..]].concat();
    }
    merged
}

/// The axes the adjoint step runs ([`unapply_layer_axes`](super::unapply_layer_axes); a layer
/// runs [`plan_forward`]'s): neighbours merged greedily, among the fused ones only onto the first axis (up to
/// `MERGED_RADIX` states, so that the first axis has many pairs per chunk and the others keep
/// their long rows), fused while their radices multiply to at most `UNIT` and the outer
/// ones merged up to `MERGED` (729) states, so that 8^8 makes two passes per layer
/// instead of three and 9^9 three instead of four. A layer's bits depend only on the order of
/// the axes, which any plan keeps, so the unplanned axes give the same state.
pub fn plan_axes(axes: Vec<Axis>) -> Vec<Axis> {
    plan_within(axes, UNIT, MERGED)
}

/// Fused axes up to `unit` amplitudes, the first merged up to `MERGED_RADIX`, outer ones up to
/// `merged` states.
fn plan_within(axes: Vec<Axis>, unit: usize, merged: usize) -> Vec<Axis> {
    let fused = fused_within(&axes, unit);
    let mut out: Vec<Axis> = Vec::with_capacity(axes.len());
    for (i, axis) in axes.into_iter().enumerate() {
        let limit = if i < fused {
            (out.len() == 1).then_some(MERGED_RADIX)
        } else {
            (i > fused && out.len() > fused_within(&out, unit)).then_some(merged)
        };
        match out.last_mut() {
            Some(last) if limit.is_some_and(|l| last.radix * axis.radix <= l) => {
                *last = merge_axes(last, &axis);
            }
            _ => out.push(axis),
        }
    }
    out
}

/// Most amplitudes the fused axes of a forward layer span: 9^5 (945 KiB) fits, so 9^9's layer
/// fuses five axes. The adjoint's units (`UNIT`) hold ψ and λ and stay at 2^15.
pub const FORWARD_UNIT: usize = 1 << 16;

/// The axes a forward layer runs ([`apply_layer_axes`](super::apply_layer_axes)): fused up to
/// `FORWARD_UNIT` amplitudes (the first merged as in [`plan_axes`]), and the outer ones cut into the fewest groups of at
/// most `MERGED` states, as even as they can be. Each outer pass costs about its memory plus
/// its ring factors, and fewer rows keep each row's run in a window long: 9^9's four outer
/// axes run as 81 and 81 rows (0.64 s a layer against 0.69 s for 729 and 9). A layer's bits
/// do not depend on its plan, so this plan and the adjoint's ([`plan_axes`], whose units and
/// windows fix the gradient's sums) give the same state.
pub fn plan_forward(mut axes: Vec<Axis>) -> Vec<Axis> {
    let outer = axes.split_off(fused_within(&axes, FORWARD_UNIT));
    let mut out = plan_within(axes, FORWARD_UNIT, MERGED);
    let radices: Vec<usize> = outer.iter().map(|a| a.radix).collect();
    let mut rest = outer.into_iter();
    for len in even_groups(&radices, MERGED) {
        let first = rest.next().expect("a group is not empty");
        out.push(rest.by_ref().take(len - 1).fold(first, |a, b| merge_axes(&a, &b)));
    }
    out
}

/// The lengths of consecutive groups of `radices`: as few groups as there can be with at most
/// `merged` states each (a radix above that alone), and among those, the largest group as small
/// as it can be (the earliest such cut).
fn even_groups(radices: &[usize], merged: usize) -> Vec<usize> {
    let n = radices.len();
    let states = |i: usize, j: usize| radices[i..j].iter().fold(1usize, |p, &r| p.saturating_mul(r));
    let fits = |i: usize, j: usize| j == i + 1 || states(i, j) <= merged;
    // best[j] = (groups, largest group, cut) over the first j radices.
    let mut best: Vec<(usize, usize, usize)> = vec![(0, 0, 0)];
    for j in 1..=n {
        let mut b = (usize::MAX, usize::MAX, 0);
        for (i, &(groups, largest, _)) in best.iter().enumerate() {
            if fits(i, j) && groups != usize::MAX {
                let cand = (groups + 1, largest.max(states(i, j)), i);
                if (cand.0, cand.1) < (b.0, b.1) {
                    b = cand;
                }
            }
        }
        best.push(b);
    }
    let mut lens = Vec::new();
    let mut j = n;
    while j > 0 {
        let i = best[j].2;
        lens.push(j - i);
        j = i;
    }
    lens.reverse();
    lens
}

/// How many leading axes a forward layer fuses (radices multiplying to at most
/// `FORWARD_UNIT`).
pub fn fused_axes(axes: &[Axis]) -> usize {
    fused_within(axes, FORWARD_UNIT)
}

/// How many leading axes the adjoint step fuses (radices multiplying to at most `UNIT`).
pub fn adjoint_fused_axes(axes: &[Axis]) -> usize {
    fused_within(axes, UNIT)
}

fn fused_within(axes: &[Axis], unit: usize) -> usize {
    let mut span = 1usize;
    axes.iter()
        .take_while(|a| {
            span = span.saturating_mul(a.radix);
            span <= unit
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{axes_of, bits, phase_of, random_state, ring_axes, SHAPES};
    use super::*;
    use crate::sim::kernels::axis::apply_layer_axes;
    use crate::sim::kernels::{Phase, Start};

    #[test]
    fn merged_outer_axes_give_the_same_layer() {
        for radices in [
            vec![20, 20, 20, 8, 4, 2, 2, 3],
            vec![2, 3, 5000, 4, 4, 2],
            vec![9, 9, 9, 9, 5, 6, 2],
        ] {
            let axes = axes_of(&radices);
            let planned = plan_axes(axes.clone());
            assert!(planned.len() < axes.len(), "{radices:?}: something merges");
            let len: usize = radices.iter().product();
            let (c, s) = (0.7f64.cos(), 0.7f64.sin());
            let mut a = random_state(len, 3);
            let mut b = a.clone();
            apply_layer_axes(&mut a, &axes, Phase::None, c, s, Start::Given);
            apply_layer_axes(&mut b, &planned, Phase::None, c, s, Start::Given);
            let err = a.iter().zip(&b).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max);
            assert!(err < 1e-13, "{radices:?}: {err}");
        }
    }

    #[test]
    fn planning_merges_the_first_axes_and_the_outer_ones() {
        let radices = |axes: &[Axis]| axes.iter().map(|a| a.radix).collect::<Vec<_>>();
        // 8^8 fuses five axes (2^15 amplitudes) and merges the other three: 2 passes.
        let eight = plan_axes(ring_axes(&[8; 8]));
        assert_eq!(radices(&eight), [64, 8, 8, 8, 512]);
        assert_eq!(fused_axes(&eight), 4);
        // 9^9: four fused, then 9·9·9 and 9·9: 3 passes.
        let nine = plan_axes(ring_axes(&[9; 9]));
        assert_eq!(radices(&nine), [81, 9, 9, 729, 81]);
        assert_eq!(adjoint_fused_axes(&nine), 3);
        // A forward layer: 8^8 the same; 9^9 fuses five axes (9^5 amplitudes) and runs the
        // other four as 81 and 81 rows.
        assert_eq!(plan_forward(ring_axes(&[8; 8])), eight);
        let nine = plan_forward(ring_axes(&[9; 9]));
        assert_eq!(radices(&nine), [81, 9, 9, 9, 81, 81]);
        assert_eq!(fused_axes(&nine), 4);
        // Outer groups: the fewest, then the most even, a radix above the limit alone.
        assert_eq!(even_groups(&[9; 4], 729), [2, 2]);
        assert_eq!(even_groups(&[8; 3], 729), [3]);
        assert_eq!(even_groups(&[9; 7], 729), [2, 2, 3]);
        assert_eq!(even_groups(&[2000, 3, 3, 9], 729), [1, 3]);
        assert_eq!(even_groups(&[3, 2000, 2, 2], 729), [1, 1, 2]);
        assert_eq!(even_groups(&[], 729), Vec::<usize>::new());
    }

    #[test]
    fn every_plan_gives_the_same_forward_bits() {
        let (c, s) = (0.57f64.cos(), 0.57f64.sin());
        let shapes = SHAPES.iter().copied().chain([&[8usize; 7][..], &[9, 9, 9, 9, 9, 3, 3]]);
        for radices in shapes {
            for (kind, axes) in [("pairs", axes_of(radices)), ("ring", ring_axes(radices))] {
                let len: usize = radices.iter().product();
                let (index, factors, _) = phase_of(len, 11, 0.7);
                let phase = Phase::Indexed {
                    index: &index,
                    factors: &factors,
                };
                let layer = |plan: &[Axis]| {
                    let mut x = random_state(len, 17);
                    apply_layer_axes(&mut x, plan, phase, c, s, Start::Given);
                    bits(&x)
                };
                let want = layer(&plan_axes(axes.clone()));
                assert!(want == layer(&axes), "{kind} {radices:?}: unplanned");
                assert!(
                    want == layer(&plan_forward(axes.clone())),
                    "{kind} {radices:?}: forward plan"
                );
            }
        }
    }
}
