//! The full space: the X-mixer simulator of all 2^n states, refused before allocating when it
//! does not fit, and its success states.

use crate::cost::diagonal::CostDiagonal;
use crate::encoding::{Encoding, SuccessStates};
use crate::error::{Error, Result};
use crate::model::Level;
use crate::qaoa::QaoaSimulator;
use crate::sim::{self, AMPLITUDE_BYTES};

/// Bytes the simulator of `enc` needs per basis state: one amplitude and the diagonal entry.
fn bytes_per_state(enc: &dyn Encoding) -> u128 {
    AMPLITUDE_BYTES + enc.diagonal_bytes_per_state() as u128
}

/// Whether the simulator of `enc`'s cost on `qubits` qubits fits in memory.
pub fn fits(enc: &dyn Encoding, qubits: usize) -> bool {
    sim::check_memory(qubits, bytes_per_state(enc)).is_ok()
}

/// The QAOA simulator of `enc` (X mixer on all 2^n states). A state that does not fit is
/// refused before allocating, naming the file, the GiB it needs and the reduction levels that
/// would fit; an encoding with no qubits is [`Error::NoQubits`].
pub fn simulator(enc: &dyn Encoding) -> Result<QaoaSimulator> {
    let n = enc.num_qubits();
    if n == 0 {
        return Err(Error::NoQubits {
            file: enc.file().to_string(),
            level: enc.level().name(),
        });
    }
    let per_state = bytes_per_state(enc);
    if let Err(Error::TooManyQubits {
        log2_bytes, available, ..
    }) = sim::check_memory(n, per_state)
    {
        let fitting = Level::ALL
            .into_iter()
            .filter(|&l| l != enc.level())
            .filter_map(|l| enc.qubits_at(l, &crate::budget::Cancel::never()).ok().map(|q| (l, q)))
            .filter(|&(_, q)| q > 0 && fits(enc, q))
            .collect();
        return Err(Error::DoesNotFit {
            file: enc.file().to_string(),
            encoding: enc.kind(),
            level: enc.level(),
            qubits: n,
            // From log2: the byte count saturates from about 100 qubits.
            needed_gib: (log2_bytes - 30.0).exp2(),
            available_gib: crate::units::gib(available as f64),
            fitting,
            fitting_spaces: fitting_block_spaces(enc),
        });
    }
    QaoaSimulator::from_diagonal(enc.cost_diagonal()?)
}

/// The block spaces of `enc` (one family each; `rows+cols`, which is counted rather than
/// listed, is left out to keep a refusal cheap) whose statevector fits, with their states and
/// the mixers that keep them.
fn fitting_block_spaces(enc: &dyn Encoding) -> Box<[crate::error::FittingSpace]> {
    use crate::encoding::space::{Space, SpaceChoice};
    let Some(onehot) = enc.as_onehot() else {
        return Box::default();
    };
    SpaceChoice::FAMILIES
        .into_iter()
        .filter_map(|family| Space::of(onehot, family).ok())
        .filter(|s| s.listable() && s.fits())
        .map(|s| crate::error::FittingSpace {
            space: s.resolved,
            states: s.dimension,
            plain: s.blocks.iter().all(|b| b.plain),
        })
        .collect()
}

/// The success states of `enc` on its simulator's diagonal; `Error::Unsatisfiable` when there
/// are none (the puzzle has no solution, or none the cost can reach).
pub fn success_states(enc: &dyn Encoding, sim: &QaoaSimulator) -> Result<SuccessStates> {
    success_states_of(enc, sim.diagonal())
}

/// [`success_states`] on the full-space diagonal `diagonal`.
pub fn success_states_of(enc: &dyn Encoding, diagonal: &CostDiagonal) -> Result<SuccessStates> {
    let success = enc.success_states(diagonal);
    if success.valid.is_empty() {
        enc.classical_on_diagonal(diagonal, 0).require_solution()?;
    }
    Ok(success)
}
