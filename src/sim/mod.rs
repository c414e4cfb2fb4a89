//! Statevectors: the fast kernels, the reference executor, and the memory guard.

pub mod kernels;
mod memory;
mod quad;
pub mod reference;

pub(crate) use memory::Buffers;
pub use memory::{
    available_memory, check_bytes, check_memory, segmented_len, segments, Amplitudes, AMPLITUDE_BYTES, LINE_BYTES,
    MAX_QUBITS, SEGMENT_GAP, SEGMENT_QUBITS,
};
pub use quad::simd_path;

use crate::error::Result;
use num_complex::Complex64;

/// A pure state over `num_qubits` qubits, amplitude `k` for basis index `k`.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Amplitudes, length 2^n.
    pub amps: Vec<Complex64>,
}

impl State {
    /// `|+⟩^n`. Fails before allocating when it would not fit in memory.
    pub fn uniform(num_qubits: usize) -> Result<Self> {
        check_memory(num_qubits, AMPLITUDE_BYTES)?;
        let dim = 1usize << num_qubits;
        let a = Complex64::new(1.0 / (dim as f64).sqrt(), 0.0);
        Ok(State { amps: vec![a; dim] })
    }

    /// The basis state `|k⟩`.
    pub fn basis(num_qubits: usize, k: u64) -> Result<Self> {
        check_memory(num_qubits, AMPLITUDE_BYTES)?;
        let mut amps = vec![Complex64::new(0.0, 0.0); 1usize << num_qubits];
        amps[k as usize] = Complex64::new(1.0, 0.0);
        Ok(State { amps })
    }

    /// Number of qubits.
    pub fn num_qubits(&self) -> usize {
        self.amps.len().trailing_zeros() as usize
    }

    /// `|ψ_k|²` for every k.
    pub fn probabilities(&self) -> Vec<f64> {
        self.amps.iter().map(|a| a.norm_sqr()).collect()
    }

    /// `⟨ψ|ψ⟩`.
    pub fn norm_sqr(&self) -> f64 {
        self.amps.iter().map(|a| a.norm_sqr()).sum()
    }

    /// `|⟨self|other⟩|²`, blind to global phase.
    pub fn fidelity(&self, other: &State) -> f64 {
        let dot: Complex64 = self.amps.iter().zip(&other.amps).map(|(a, b)| a.conj() * b).sum();
        dot.norm_sqr()
    }
}

/// The `k` most likely basis states with their probabilities, most likely first (ties: the
/// smaller index first).
pub fn top_states(amps: &[Complex64], k: usize) -> Vec<(u64, f64)> {
    let mut all: Vec<(u64, f64)> = amps.iter().enumerate().map(|(i, a)| (i as u64, a.norm_sqr())).collect();
    let k = k.min(all.len());
    if k == 0 {
        return Vec::new();
    }
    let order = |a: &(u64, f64), b: &(u64, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    all.select_nth_unstable_by(k - 1, order);
    all.truncate(k);
    all.sort_by(order);
    all
}
