//! The memory guard: what a state costs, whether it fits, and how long buffers are laid out
//! (segments with gaps between them).

use crate::error::{Error, Result};
use num_complex::Complex64;

/// Bytes of one amplitude (complex128).
pub const AMPLITUDE_BYTES: u128 = 16;

/// Largest qubit count quzzle will ever address (basis indices are u64, slices usize).
pub const MAX_QUBITS: usize = 40;

/// Simulator buffers of more than `2^SEGMENT_QUBITS` amplitudes are held in segments of that
/// many (256 MiB), each followed by [`SEGMENT_GAP`] unused amplitudes. On the development
/// machine, a sweep whose runs lay exact multiples of 256 MiB apart ran at half speed or less;
/// the gap keeps the partners of the qubits from 24 up off that alignment (results/bench.md).
pub const SEGMENT_QUBITS: usize = 24;

/// Unused amplitudes after each segment (16 KiB).
pub const SEGMENT_GAP: usize = 1024;

/// Amplitudes to allocate for `len` amplitudes held in segments of `2^segment_qubits`: the
/// state itself when it fits in one, else whole segments each with its gap.
pub fn segmented_len(len: usize, segment_qubits: usize) -> usize {
    let seg = 1usize << segment_qubits;
    if len <= seg {
        len
    } else {
        len / seg * (seg + SEGMENT_GAP)
    }
}

/// The first `len` amplitudes (a power of two) of a buffer laid out as [`segmented_len`] says,
/// as segments: basis index k in segment `k / 2^segment_qubits`. A shorter state's segments
/// are the first of a longer one's.
pub fn segments(buf: &mut [Complex64], len: usize, segment_qubits: usize) -> Vec<&mut [Complex64]> {
    let seg = 1usize << segment_qubits;
    if len <= seg {
        vec![&mut buf[..len]]
    } else {
        buf.chunks_mut(seg + SEGMENT_GAP)
            .take(len / seg)
            .map(|c| &mut c[..seg])
            .collect()
    }
}

/// Bytes the machine can still give: `MemAvailable` and any cgroup limit, whichever is smaller.
pub fn available_memory() -> u64 {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map(|kb| kb * 1024)
    });
    let cgroup = || -> Option<u64> {
        let max = std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok()?;
        let max: u64 = max.trim().parse().ok()?;
        let cur: u64 = std::fs::read_to_string("/sys/fs/cgroup/memory.current")
            .ok()?
            .trim()
            .parse()
            .ok()?;
        Some(max.saturating_sub(cur))
    };
    match (meminfo, cgroup()) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) => a,
        (None, Some(b)) => b,
        // No way to tell: assume a modest machine rather than risk an abort.
        (None, None) => 8 << 30,
    }
}

/// Refuse, before allocating, `2^num_qubits` entries of `bytes_per_state` that would not fit.
pub fn check_memory(num_qubits: usize, bytes_per_state: u128) -> Result<()> {
    let bytes = if num_qubits >= 100 {
        u128::MAX
    } else {
        bytes_per_state << num_qubits
    };
    check_bytes(num_qubits, bytes)
}

/// Refuse, before allocating, `bytes` for a state of `num_qubits` that would not fit (a
/// segmented buffer counts its gaps).
pub fn check_bytes(num_qubits: usize, bytes: u128) -> Result<()> {
    let available = available_memory();
    if num_qubits > MAX_QUBITS || bytes > u128::from(available) {
        return Err(Error::TooManyQubits {
            qubits: num_qubits,
            bytes,
            available,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::State;

    #[test]
    fn refuses_states_that_do_not_fit() {
        let e = State::uniform(45).unwrap_err();
        assert!(matches!(e, Error::TooManyQubits { qubits: 45, .. }));
        let e = check_memory(39, AMPLITUDE_BYTES).unwrap_err();
        assert!(matches!(e, Error::TooManyQubits { qubits: 39, .. }));
        let e = check_bytes(20, u128::from(available_memory()) + 1).unwrap_err();
        assert!(matches!(e, Error::TooManyQubits { qubits: 20, .. }));
        assert!(check_bytes(20, 1 << 20).is_ok());
        assert!(State::uniform(3).is_ok());
    }
}
