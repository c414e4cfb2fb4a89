//! Where one forward layer of XY-ring QAOA on a row space spends its time: the kernels' layer on
//! `radix^n` states (n one-hot blocks of `radix` states, the Queens row space of an n x n board
//! with radix = n), as `plan_axes_forward` plans it, timed with a growing prefix of the planned
//! axes (the phase first), then each planned axis alone without the phase. Best of five after
//! a warm-up; random cost levels stand in for a board's.
//!
//!     cargo run --release --example block_layer_passes -- 8 8

use num_complex::Complex64;
use quzzle::mixer::{xy_edges, MixerKind};
use quzzle::sim::kernels::{apply_layer_axes, fused_axes_forward, plan_axes_forward, Axis, Phase};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse()).collect::<Result<_, _>>()?;
    let [radix, blocks] = args[..] else {
        return Err("usage: block_layer_passes RADIX BLOCKS (for example 8 8)".into());
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
    let planned = plan_axes_forward(
        (0..blocks)
            .map(|_| {
                let axis = Axis::new(radix, stride, &ring);
                stride *= radix;
                axis
            })
            .collect(),
    );
    let fused = fused_axes_forward(&planned);
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
    let mut amps = vec![Complex64::new(1.0 / (dim as f64).sqrt(), 0.0); dim];
    // An axis with its gates taken away: the same shape, nothing to rotate.
    let blank = |a: &Axis| Axis::new(a.radix, a.stride, &[]);
    let mut time = |name: String, axes: Vec<Axis>, phase: Phase<'_>| {
        apply_layer_axes(&mut amps, &axes, phase, 0.9, 0.3);
        let mut best = f64::MAX;
        for _ in 0..5 {
            let t = Instant::now();
            apply_layer_axes(&mut amps, &axes, phase, 0.9, 0.3);
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!("{name:56} {:9.2} ms", best * 1e3);
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
    Ok(())
}
