//! Lines fetched ahead: the fused pass's rotations run on a unit in cache while the memory would
//! idle, so they fetch the next unit and its costs, line by line, spread evenly over their loads,
//! and the memory works while they run instead of idling until the phase reads the unit. Only a
//! hint: no value depends on it.

use super::{Axis, LINE};
use crate::sim::quad::prefetch;

/// The data a kernel fetches while it computes on data already in cache (the next fused unit
/// and its costs), line by line, spread evenly over the kernel's loads (`tick`), so that the
/// memory works while the rotations run instead of idling until the phase reads the unit.
/// A hint only: no value depends on it.
pub(super) struct Ahead<'a> {
    regions: Vec<&'a [u8]>,
    /// Where the next line is: region, byte.
    region: usize,
    at: usize,
    /// Lines in all, lines fetched, and the loads they are spread over.
    lines: usize,
    fetched: usize,
    loads: usize,
    /// Loads counted so far, and the count at which the next line is due.
    pub(super) done: usize,
    due: usize,
}

impl<'a> Ahead<'a> {
    /// Nothing to fetch.
    pub(super) fn nothing() -> Ahead<'a> {
        Ahead::new(Vec::new(), 0)
    }

    /// Fetch `regions` over `loads` amplitude loads: line k (from 0) is due at load
    /// `(k + 1)·loads / lines`, so all of them by the last.
    pub(super) fn new(regions: Vec<&'a [u8]>, loads: usize) -> Ahead<'a> {
        let lines = regions.iter().map(|r| r.len().div_ceil(LINE)).sum();
        let mut ahead = Ahead {
            regions,
            region: 0,
            at: 0,
            lines,
            fetched: 0,
            loads,
            done: 0,
            due: 0,
        };
        ahead.due = ahead.next_due();
        ahead
    }

    fn next_due(&self) -> usize {
        if self.fetched < self.lines {
            (self.fetched + 1) * self.loads / self.lines
        } else {
            usize::MAX
        }
    }

    /// `loads` more amplitudes loaded: fetch the lines that are due.
    #[inline(always)]
    pub(super) fn tick(&mut self, loads: usize) {
        self.done += loads;
        while self.done >= self.due {
            self.fetch_line();
        }
    }

    fn fetch_line(&mut self) {
        while self.at >= self.regions[self.region].len() {
            self.region += 1;
            self.at = 0;
        }
        prefetch(&self.regions[self.region][self.at]);
        self.at += LINE;
        self.fetched += 1;
        self.due = self.next_due();
    }
}

/// Amplitude loads of `axis`'s gates on `len` amplitudes, as the forward kernels count them
/// in [`Ahead::tick`]: each ring factor loads every amplitude once, a pair list each pair's
/// two rows (test `forward_kernels_tick_every_load`).
pub(super) fn loads(axis: &Axis, len: usize) -> usize {
    if axis.ring.is_empty() {
        2 * axis.pairs.len() * (len / axis.radix)
    } else {
        axis.ring.len() * len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fetching_ahead_requests_every_line_by_the_last_load() {
        let (state, index) = (vec![0u8; 1000], vec![0u8; 130]);
        // 16 + 3 lines (the regions' last lines partly filled), an empty region between.
        for loads in [0, 1, 5, 18, 19, 20, 1000, 1 << 20] {
            let mut ahead = Ahead::new(vec![&state[..], &[], &index[..]], loads);
            let mut fetched = vec![];
            for _ in 0..loads {
                ahead.tick(1);
                fetched.push(ahead.fetched);
            }
            ahead.tick(0);
            assert_eq!((ahead.fetched, ahead.due), (19, usize::MAX), "{loads} loads");
            assert_eq!((ahead.region, ahead.at), (2, 192), "{loads} loads");
            // Spread evenly: after d loads, d/loads of the lines, give or take one load's.
            for (d, &n) in (1..).zip(&fetched) {
                assert!(
                    d * 19 / loads <= n && n <= ((d + 1) * 19).div_ceil(loads),
                    "{loads} loads"
                );
            }
        }
        let mut nothing = Ahead::nothing();
        nothing.tick(1 << 40);
        assert_eq!(nothing.fetched, 0);
    }
}
