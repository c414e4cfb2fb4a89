//! Where one forward layer of XY-ring QAOA on a row space spends its time: the kernels' layer on
//! `radix^n` states (n one-hot blocks of `radix` states, the Queens row space of an n x n board
//! with radix = n), as `plan_forward` plans it (`plan_axes` for the adjoint), timed with a
//! growing prefix of the planned axes (the phase first), then each planned axis alone without
//! the phase; then the energy's level sums, the one read pass an evaluation makes besides its
//! layers. Best of five after a warm-up; random cost levels stand in for a board's (they make
//! the level sums dearer than a board's own levels do: results/bench-history.md).
//!
//! With `adjoint` after the shape, the same for the adjoint step (ψ and λ, the overlaps).
//!
//!     cargo run --release --example block_layer_passes -- 8 8
//!     cargo run --release --example block_layer_passes -- 8 8 adjoint

use num_complex::Complex64;
use quzzle::mixer::{xy_edges, MixerKind};
use quzzle::sim::kernels::{
    adjoint_fused_axes, apply_layer_axes, fused_axes, level_probabilities_fixed, plan_axes, plan_forward,
    unapply_layer_axes, Axis, Phase, Start, LAMBDA_SKEW,
};
use quzzle::sim::Amplitudes;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let adjoint = args.last().is_some_and(|a| a == "adjoint");
    if adjoint {
        args.pop();
    }
    let args: Vec<usize> = args.iter().map(|a| a.parse()).collect::<Result<_, _>>()?;
    let [radix, blocks] = args[..] else {
        return Err("usage: block_layer_passes RADIX BLOCKS [adjoint] (for example 8 8)".into());
    };
    if !(2..=16).contains(&radix) || blocks == 0 || (radix as f64).powi(blocks as i32) > 2f64.powi(29) {
        return Err("RADIX in 2..=16, BLOCKS at least 1, RADIX^BLOCKS at most 2^29".into());
    }
    let dim = radix.pow(blocks as u32);
    let ring: Vec<Vec<(u32, u32)>> = xy_edges(radix, MixerKind::XyRing)
        .into_iter()
        .map(|(a, b)| vec![(a as u32, b as u32)])
        .collect();
    let mut stride = 1;
    let axes: Vec<Axis> = (0..blocks)
        .map(|_| {
            let axis = Axis::new(radix, stride, &ring);
            stride *= radix;
            axis
        })
        .collect();
    let planned = if adjoint { plan_axes(axes) } else { plan_forward(axes) };
    let fused = if adjoint {
        adjoint_fused_axes(&planned)
    } else {
        fused_axes(&planned)
    };
    println!(
        "{radix}^{blocks} = {dim} states, planned axes (radix, stride): {:?}, {} fused: {} passes per layer",
        planned.iter().map(|a| (a.radix, a.stride)).collect::<Vec<_>>(),
        fused,
        1 + planned.len() - fused
    );
    let levels = 97;
    let index: Vec<u16> = (0..dim)
        .map(|k| ((k.wrapping_mul(2654435761) >> 7) % levels) as u16)
        .collect();
    let factors: Vec<Complex64> = (0..levels)
        .map(|v| Complex64::from_polar(1.0, 0.1 * v as f64))
        .collect();
    let phase = Phase::Indexed {
        index: &index,
        factors: &factors,
    };
    let values: Vec<f64> = (0..levels).map(|v| v as f64).collect();
    // On a cache line, as the simulators hold their states.
    let mut amps = Amplitudes::zeroed(dim);
    amps.fill(Complex64::new(1.0 / (dim as f64).sqrt(), 0.0));
    // λ past ψ's page offset, as the block simulator places it.
    let skew = LAMBDA_SKEW;
    let mut lam_buf = Amplitudes::zeroed(if adjoint { dim + skew } else { skew });
    lam_buf.fill(Complex64::new(1.0 / (dim as f64).sqrt(), 0.0));
    let lam = &mut lam_buf[skew..];
    let mut scratch = Vec::new();
    // An axis with its gates taken away: the same shape, nothing to rotate.
    let blank = |a: &Axis| Axis::new(a.radix, a.stride, &[]);
    // (c, s) = (cos β, sin β): unitary, so the amplitudes never turn denormal.
    let (c, s) = (0.3f64.cos(), 0.3f64.sin());
    let repeats = if dim < 1 << 20 { 200 } else { 5 };
    let report = |name: &str, best: f64| {
        println!(
            "{name:56} {:9.3} ms {:7.3} ns a state",
            best * 1e3,
            best * 1e9 / dim as f64
        );
    };
    let mut time = |name: String, axes: Vec<Axis>, phase: Phase<'_>| {
        let mut run = || {
            if adjoint {
                unapply_layer_axes(&mut amps, lam, &axes, phase, &values, c, s, &mut scratch);
            } else {
                apply_layer_axes(&mut amps, &axes, phase, c, s, Start::Given);
            }
        };
        run();
        let mut best = f64::MAX;
        for _ in 0..repeats {
            let t = Instant::now();
            run();
            best = best.min(t.elapsed().as_secs_f64());
        }
        report(&name, best);
    };
    for k in 0..=planned.len() {
        let axes = planned
            .iter()
            .enumerate()
            .map(|(i, a)| if i < k { a.clone() } else { blank(a) })
            .collect();
        time(format!("phase and planned axes 0..{k}"), axes, phase);
    }
    for k in 0..planned.len() {
        let axes = planned
            .iter()
            .enumerate()
            .map(|(i, a)| if i == k { a.clone() } else { blank(a) })
            .collect();
        let a = &planned[k];
        time(
            format!("planned axis {k} alone (radix {}, stride {})", a.radix, a.stride),
            axes,
            Phase::None,
        );
    }
    if !adjoint {
        let mut best = f64::MAX;
        let mut sum = 0.0;
        for _ in 0..=repeats {
            let t = Instant::now();
            sum += level_probabilities_fixed(&amps, &index, levels).iter().sum::<f64>();
            best = best.min(t.elapsed().as_secs_f64());
        }
        // The sums are used, so the pass is not optimised away.
        assert!(sum.is_finite());
        report("the energy's level sums", best);
    }
    Ok(())
}
