//! The memory guard: what a state costs, whether it fits, and how long buffers are laid out
//! (segments with gaps between them).

use crate::error::{Error, Result};
use num_complex::Complex64;
use std::sync::Mutex;

/// Bytes of one amplitude (complex128).
pub const AMPLITUDE_BYTES: u128 = 16;

/// Largest qubit count quzzle will ever address (basis indices are u64, slices usize).
pub const MAX_QUBITS: usize = 40;

/// Simulator buffers of more than `2^SEGMENT_QUBITS` amplitudes are held in segments of that
/// many (256 MiB), each followed by [`SEGMENT_GAP`] unused amplitudes. On the development
/// machine, a sweep whose runs lay exact multiples of 256 MiB apart ran at half speed or less;
/// the gap keeps the partners of the qubits from 24 up off that alignment (results/bench-history.md).
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

/// Bytes of a cache line, where simulator buffers start: a 64-byte (AVX-512) load or store that
/// straddles two lines costs about twice one within a line, and a heap allocation of
/// amplitudes starts 16 bytes into a line (results/bench-history.md, "a buffer on a cache line").
pub const LINE_BYTES: usize = 64;

/// A zeroed buffer of amplitudes whose first amplitude starts a cache line (where the
/// allocator's block is 16-byte aligned, as it is on every 64-bit target we build for; else
/// where the allocation starts). Reads as a slice of its `len` amplitudes.
#[derive(Debug)]
pub struct Amplitudes {
    buf: Vec<Complex64>,
    start: usize,
    len: usize,
}

impl Amplitudes {
    /// `len` zero amplitudes (calloc'd: pages cost nothing until written), on a cache line.
    pub fn zeroed(len: usize) -> Amplitudes {
        let amp = AMPLITUDE_BYTES as usize;
        let buf = vec![Complex64::new(0.0, 0.0); len + LINE_BYTES / amp - 1];
        let addr = buf.as_ptr() as usize;
        let start = if addr.is_multiple_of(amp) {
            (LINE_BYTES - addr % LINE_BYTES) % LINE_BYTES / amp
        } else {
            0
        };
        Amplitudes { buf, start, len }
    }

    /// Keep the first `len` amplitudes (no change when `len` is larger).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// The amplitudes as a vector of their own (moved to the allocation's start: one pass).
    pub fn into_vec(self) -> Vec<Complex64> {
        let mut v = self.buf;
        v.truncate(self.start + self.len);
        v.drain(..self.start);
        v
    }
}

impl std::ops::Deref for Amplitudes {
    type Target = [Complex64];

    fn deref(&self) -> &[Complex64] {
        &self.buf[self.start..self.start + self.len]
    }
}

impl std::ops::DerefMut for Amplitudes {
    fn deref_mut(&mut self) -> &mut [Complex64] {
        &mut self.buf[self.start..self.start + self.len]
    }
}

/// The state buffers a simulator keeps from one call to the next: an optimiser makes thousands
/// of calls, and a fresh buffer costs a page fault per 4 KiB, more than a layer from 2^20
/// amplitudes on. A clone starts with none.
#[derive(Debug, Default)]
pub struct Buffers(Mutex<Vec<Amplitudes>>);

impl Clone for Buffers {
    fn clone(&self) -> Self {
        Buffers::default()
    }
}

impl Buffers {
    /// A kept buffer of at least `len` amplitudes, holding whatever it last held; else a new
    /// zeroed one, once `fits` has allowed it. A kept buffer too short is given back to the
    /// allocator before `fits` is asked, so it does not count against the new one.
    pub fn take(&self, len: usize, fits: impl FnOnce() -> Result<()>) -> Result<Amplitudes> {
        if let Some(v) = self.0.lock().map(|mut v| v.pop()).unwrap_or(None) {
            if v.len() >= len {
                return Ok(v);
            }
        }
        fits()?;
        Ok(Amplitudes::zeroed(len))
    }

    /// Keep `amps` for the next call.
    pub fn keep(&self, amps: Amplitudes) {
        if let Ok(mut v) = self.0.lock() {
            v.push(amps);
        }
    }

    /// Give the kept buffers back to the allocator.
    pub fn clear(&self) {
        if let Ok(mut v) = self.0.lock() {
            v.clear();
        }
    }

    /// The lengths of the kept buffers, last kept last.
    #[cfg(test)]
    pub fn lens(&self) -> Vec<usize> {
        self.0
            .lock()
            .map(|v| v.iter().map(|b| b.len()).collect())
            .unwrap_or_default()
    }
}

/// Address space a process reserves beyond its buffers: each worker thread's stack and malloc
/// arena (glibc reserves 64 MiB per arena) count against `ulimit -v` without being used.
const ADDRESS_SPACE_PER_THREAD: u64 = 72 << 20;

/// The number in `text` after the first line starting with `key`, times `unit`; `None` when
/// absent or `unlimited`.
fn field(text: &str, key: &str, column: usize, unit: u64) -> Option<u64> {
    text.lines()
        .find(|l| l.starts_with(key))?
        .get(key.len()..)?
        .split_whitespace()
        .nth(column)?
        .parse::<u64>()
        .ok()?
        .checked_mul(unit)
}

/// One number in a file (cgroup files hold `max` or a count of bytes).
fn number_in(path: &str) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// What `ulimit -v` (RLIMIT_AS) leaves: the soft limit of `/proc/self/limits` less the
/// address space in use (`VmSize`) and a reserve for the worker threads.
fn address_space_left() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let limit = field(&limits, "Max address space", 0, 1)?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let used = field(&status, "VmSize:", 0, 1024).unwrap_or(0);
    let threads = rayon::current_num_threads() as u64;
    Some(
        limit
            .saturating_sub(used)
            .saturating_sub(threads * ADDRESS_SPACE_PER_THREAD),
    )
}

/// What the memory cgroup leaves: v2 `memory.max − memory.current`, or v1
/// `memory.limit_in_bytes − memory.usage_in_bytes` (v1 reports "no limit" as a huge number,
/// which the other limits then undercut).
fn cgroup_left() -> Option<u64> {
    let v2 =
        || Some(number_in("/sys/fs/cgroup/memory.max")?.saturating_sub(number_in("/sys/fs/cgroup/memory.current")?));
    let v1 = || {
        Some(
            number_in("/sys/fs/cgroup/memory/memory.limit_in_bytes")?
                .saturating_sub(number_in("/sys/fs/cgroup/memory/memory.usage_in_bytes")?),
        )
    };
    v2().or_else(v1)
}

/// Bytes the machine can still give: the smallest of `MemAvailable`, what `ulimit -v` leaves
/// and what the memory cgroup leaves. Exceeding any of them aborts the allocation.
pub fn available_memory() -> u64 {
    let meminfo = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| field(&s, "MemAvailable:", 0, 1024));
    [meminfo, address_space_left(), cgroup_left()]
        .into_iter()
        .flatten()
        .min()
        // No way to tell: assume a modest machine rather than risk an abort.
        .unwrap_or(8 << 30)
}

/// Refuse, before allocating, `2^num_qubits` entries of `bytes_per_state` that would not fit.
pub fn check_memory(num_qubits: usize, bytes_per_state: u128) -> Result<()> {
    // Saturates from about 100 qubits; the message uses `log2_bytes`, which does not.
    let bytes = u32::try_from(num_qubits)
        .ok()
        .and_then(|n| 1u128.checked_shl(n))
        .and_then(|states| states.checked_mul(bytes_per_state))
        .unwrap_or(u128::MAX);
    let log2_bytes = num_qubits as f64 + (bytes_per_state.max(1) as f64).log2();
    check(num_qubits, bytes, log2_bytes)
}

/// Refuse, before allocating, `bytes` for a state of `num_qubits` that would not fit (a
/// segmented buffer counts its gaps).
pub fn check_bytes(num_qubits: usize, bytes: u128) -> Result<()> {
    check(num_qubits, bytes, (bytes.max(1) as f64).log2())
}

fn check(num_qubits: usize, bytes: u128, log2_bytes: f64) -> Result<()> {
    let available = available_memory();
    if num_qubits > MAX_QUBITS || bytes > u128::from(available) {
        return Err(Error::TooManyQubits {
            qubits: num_qubits,
            bytes,
            log2_bytes,
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
    fn amplitude_buffers_start_on_a_cache_line() {
        for len in [1, 3, 4, 1000, 1 << 16, (1 << 20) + 5] {
            let mut a = Amplitudes::zeroed(len);
            assert_eq!(a.len(), len);
            assert_eq!(a.as_ptr() as usize % LINE_BYTES, 0, "len {len}");
            assert!(a.iter().all(|z| *z == Complex64::new(0.0, 0.0)));
            a[len - 1] = Complex64::new(1.0, 2.0);
            a.truncate(len + 7);
            assert_eq!(a.len(), len);
            let v = a.into_vec();
            assert_eq!(v.len(), len);
            assert_eq!(v[len - 1], Complex64::new(1.0, 2.0));
        }
        let mut a = Amplitudes::zeroed(10);
        a[3] = Complex64::new(5.0, 0.0);
        a.truncate(4);
        assert_eq!(a.into_vec(), [0.0, 0.0, 0.0, 5.0].map(|x| Complex64::new(x, 0.0)));
    }

    #[test]
    fn kept_buffers_serve_what_they_hold_and_short_ones_are_replaced() {
        let pool = Buffers::default();
        let asked = std::cell::Cell::new(0);
        let fits = || {
            asked.set(asked.get() + 1);
            Ok(())
        };
        let mut a = pool.take(8, fits).unwrap();
        assert_eq!((a.len(), asked.get()), (8, 1));
        a[3] = Complex64::new(1.5, -2.0);
        pool.keep(a);
        // A kept buffer long enough comes back as it was left, without asking again.
        let b = pool.take(4, fits).unwrap();
        assert_eq!((b.len(), b[3], asked.get()), (8, Complex64::new(1.5, -2.0), 1));
        pool.keep(b);
        // One too short is dropped and a new zeroed one allowed first.
        let c = pool.take(16, fits).unwrap();
        assert_eq!((c.len(), c[3], asked.get()), (16, Complex64::new(0.0, 0.0), 2));
        assert!(pool.lens().is_empty());
        pool.keep(c);
        // A refusal is passed on, and a clone starts with no buffers.
        assert!(pool.clone().lens().is_empty());
        pool.clear();
        let refused = pool.take(4, || Err(Error::NothingToSample { total: 0.0 }));
        assert!(matches!(refused, Err(Error::NothingToSample { .. })));
    }

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

    #[test]
    fn huge_states_are_reported_at_their_real_size() {
        // 2^200 · 16 bytes = 2^174 GiB: the u128 saturates, the message must not.
        let e = check_memory(200, AMPLITUDE_BYTES).unwrap_err();
        let text = e.to_string();
        assert!(!text.contains("340282366920938463463374607431768211455"), "{text}");
        assert!(text.contains("2^204.00 bytes"), "{text}");
        let e = check_memory(4096, AMPLITUDE_BYTES).unwrap_err().to_string();
        assert!(e.contains("2^4100.00 bytes"), "{e}");
        let e = check_memory(39, AMPLITUDE_BYTES).unwrap_err().to_string();
        assert!(e.contains("8.00 TiB"), "{e}");
    }

    #[test]
    fn limits_are_read_from_proc_text() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units\nMax address space         1073741824           unlimited            bytes\n";
        assert_eq!(field(limits, "Max address space", 0, 1), Some(1 << 30));
        let unlimited = "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(field(unlimited, "Max address space", 0, 1), None);
        assert_eq!(
            field("MemAvailable:   2048 kB\n", "MemAvailable:", 0, 1024),
            Some(2 << 20)
        );
    }
}
