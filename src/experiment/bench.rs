//! Timing one QAOA objective evaluation and one gradient, the way ../shared/bench/peers.py
//! times its peers: fixed angles γ_l = 0.05 + 0.01·l, β_l = 0.40 − 0.05·l, a warm-up call,
//! then the median of several timed calls.

use crate::angles::Angles;
use crate::cost::ising::Ising;
use crate::error::{Error, Result};
use crate::mixer::MixerKind;
use crate::qaoa::{Objective, Qaoa, QaoaSimulator};
use serde::Serialize;
use std::time::Instant;

/// What `quzzle bench` measures.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// Qubits.
    pub qubits: usize,
    /// The space simulated (`full` or a block family).
    pub space: String,
    /// The mixer.
    pub mixer: String,
    /// Basis states simulated (2^n on the full space).
    pub dimension: f64,
    /// Read+write passes over the state per layer in the traffic model: 2 for the X mixer's
    /// kernels (block sweep, stream sweeps counted as one), `1 + unfused axes` on a block space.
    pub passes_per_layer: usize,
    /// Depth.
    pub p: usize,
    /// Median seconds of one objective evaluation (state preparation and ⟨C⟩).
    pub seconds: f64,
    /// Median seconds of one objective-and-gradient evaluation (adjoint method).
    pub gradient_seconds: f64,
    /// `⟨C⟩` at the fixed angles, offset included.
    pub energy: f64,
    /// Seconds to build the cost diagonal.
    pub precompute_seconds: f64,
    /// Effective bandwidth of one evaluation under the traffic model: `passes_per_layer`
    /// read+write passes of the state per layer, `p·passes·32·dimension` bytes, per second (GB/s).
    pub gbps: f64,
    /// Why the gradient was not timed (its second state did not fit); `gradient_seconds` is
    /// then NaN (`null` in JSON).
    pub gradient_skipped: Option<String>,
    /// Every timed evaluation, seconds.
    pub all_seconds: Vec<f64>,
    /// Every timed gradient, seconds.
    pub all_gradient_seconds: Vec<f64>,
    /// Bytes per state of the cost diagonal (2 indexed, 8 dense).
    pub diagonal_bytes_per_state: usize,
    /// Worker threads.
    pub threads: usize,
    /// The arithmetic path the kernels were compiled with (`avx2+fma` or `portable`).
    pub simd: &'static str,
}

/// The fixed benchmark angles of depth p.
pub fn bench_angles(p: usize) -> Result<Angles> {
    Angles::new(
        (0..p).map(|l| 0.05 + 0.01 * l as f64).collect(),
        (0..p).map(|l| 0.40 - 0.05 * l as f64).collect(),
    )
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Time `repeats` evaluations and gradients at depth `p` after one warm-up each.
pub fn bench(ising: &Ising, p: usize, repeats: usize) -> Result<BenchReport> {
    let began = Instant::now();
    let sim = QaoaSimulator::new(ising)?;
    let precompute_seconds = began.elapsed().as_secs_f64();
    bench_simulator(&sim, precompute_seconds, "full", 2, p, repeats)
}

/// Time `repeats` evaluations and gradients of `ising` restricted to the states of weight `k`
/// over all its qubits, started in the Dicke state and mixed by `mixer`
/// ([`crate::simulation::dicke::dicke_simulator`]); the space is reported as `dicke-k`.
pub fn bench_dicke(ising: &Ising, k: usize, mixer: MixerKind, p: usize, repeats: usize) -> Result<BenchReport> {
    let began = Instant::now();
    let (sim, passes) = crate::simulation::dicke::dicke_simulator(ising, k, mixer)?;
    let precompute_seconds = began.elapsed().as_secs_f64();
    bench_simulator(
        sim.as_ref(),
        precompute_seconds,
        &format!("dicke-{k}"),
        passes,
        p,
        repeats,
    )
}

/// Time `repeats` evaluations and gradients of `sim` (built in `precompute_seconds`) at depth
/// `p` after one warm-up each; `space` and `passes_per_layer` describe it for the report.
pub fn bench_simulator(
    sim: &dyn Qaoa,
    precompute_seconds: f64,
    space: &str,
    passes_per_layer: usize,
    p: usize,
    repeats: usize,
) -> Result<BenchReport> {
    let angles = bench_angles(p)?;
    let energy = sim.objective(&angles, &Objective::Energy)?;
    let mut all_seconds = Vec::new();
    for _ in 0..repeats.max(1) {
        let t = Instant::now();
        let e = sim.objective(&angles, &Objective::Energy)?;
        all_seconds.push(t.elapsed().as_secs_f64());
        debug_assert!((e - energy).abs() < 1e-9);
    }
    // The gradient holds a second state: skip it (NaN, with the reason) when that does not fit.
    let mut all_gradient_seconds = Vec::new();
    let gradient_skipped = match sim.gradient(&angles, &Objective::Energy) {
        Ok(_) => None,
        Err(e @ Error::TooManyQubits { .. }) => Some(format!("its second state does not fit: {e}")),
        Err(e) => return Err(e),
    };
    if gradient_skipped.is_none() {
        for _ in 0..repeats.max(1) {
            let t = Instant::now();
            sim.gradient(&angles, &Objective::Energy)?;
            all_gradient_seconds.push(t.elapsed().as_secs_f64());
        }
    }
    let seconds = median(&mut all_seconds.clone());
    let gradient_seconds = if all_gradient_seconds.is_empty() {
        f64::NAN
    } else {
        median(&mut all_gradient_seconds.clone())
    };
    let dimension = sim.num_states() as f64;
    Ok(BenchReport {
        qubits: sim.num_qubits(),
        space: space.to_string(),
        mixer: sim.mixer().name().to_string(),
        dimension,
        passes_per_layer,
        p,
        seconds,
        gradient_seconds,
        energy,
        precompute_seconds,
        gbps: p as f64 * passes_per_layer as f64 * 32.0 * dimension / seconds / 1e9,
        gradient_skipped,
        all_seconds,
        all_gradient_seconds,
        diagonal_bytes_per_state: sim.diagonal().bytes_per_state(),
        threads: rayon::current_num_threads(),
        simd: crate::sim::simd_path(),
    })
}
