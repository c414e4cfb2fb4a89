//! The cost histogram of a space, counted by enumeration without holding a statevector or a
//! diagonal (DESIGN.md, "Spaces and mixers"): the input of the exact Grover-mixer simulation
//! from counts ([`HistogramSimulator`]).
//!
//! The product cost ([`ProductCost`]) of the space is filled run by run, each run counted into
//! its classes and dropped, so memory stays at a few runs per thread; time is linear in the
//! dimension (about 2^28 states in seconds on two cores), so spaces up to
//! [`MAX_COUNTED_STATES`] are counted. The success-cost states (cost 0, or the least cost with
//! an objective) are rebuilt into boards and judged by the complete check.

use super::simulation::{space_digits, space_qubo, SpaceSettings};
use crate::cost::product::{Digit, ProductCost};
use crate::encoding::space::Space;
use crate::encoding::{Encoding, ENERGY_TOL};
use crate::error::{Error, Result};
use crate::mixer::MixerKind;
use crate::puzzle::Verdict;
use crate::qaoa::subspace::assignment_of;
use crate::qaoa::{ClassKind, CostClass, CostHistogram, HistogramSimulator};
use rayon::prelude::*;
use std::collections::HashMap;

/// Most states [`cost_histogram`] enumerates (2^32: a few minutes on two cores).
pub const MAX_COUNTED_STATES: f64 = 4_294_967_296.0;

/// Most success-cost states judged one by one.
const MAX_JUDGED: usize = 1 << 22;

/// States one task fills and counts (whole rows).
const TASK_STATES: usize = 1 << 15;

/// Per distinct cost (its bits, `-0` as `+0`): the number of states and the first one.
type Counts = HashMap<u64, (u64, u64)>;

fn key(c: f64) -> u64 {
    (c + 0.0).to_bits()
}

/// The histogram of `enc`'s cost over `space` (a one-hot encoding; the full space too): the
/// states counted per cost, those of the success cost split by the complete check.
pub fn cost_histogram(enc: &dyn Encoding, space: &Space) -> Result<CostHistogram> {
    let onehot = enc.as_onehot().ok_or_else(|| {
        Error::InvalidArgument(format!(
            "the cost histogram is counted over the constraint model of the onehot encoding; the {} encoding has none",
            enc.name()
        ))
    })?;
    if space.dimension > MAX_COUNTED_STATES {
        return Err(Error::InvalidArgument(format!(
            "{}: space {} has 2^{:.2} states; the histogram is counted by enumeration up to 2^32",
            enc.file(),
            space.resolved,
            space.log2_dimension()
        )));
    }
    let qubo = space_qubo(onehot, space);
    let digits = space_digits(space)?;
    let cost = ProductCost::new(&qubo, &digits);
    let len = cost.len();
    let row = cost.row_len();
    let rows_per_task = (TASK_STATES / row).max(1);
    let rows = len / row;
    let tasks = rows.div_ceil(rows_per_task);
    let has_objective = onehot.model.has_objective();
    // Without an objective the success cost is 0, so its states are picked up in this pass.
    let count_task = |t: usize| -> (Counts, Vec<u64>) {
        let first_row = t * rows_per_task;
        let n_rows = rows_per_task.min(rows - first_row);
        let mut out = vec![0.0; n_rows * row];
        cost.fill(first_row, &mut out);
        let base = (first_row * row) as u64;
        let mut counts = Counts::new();
        let mut zero = Vec::new();
        for (j, &c) in out.iter().enumerate() {
            let e = counts.entry(key(c)).or_insert((0, base + j as u64));
            e.0 += 1;
            if !has_objective && c.abs() <= ENERGY_TOL {
                zero.push(base + j as u64);
            }
        }
        (counts, zero)
    };
    let merge = |mut a: (Counts, Vec<u64>), b: (Counts, Vec<u64>)| {
        for (k, (n, first)) in b.0 {
            let e = a.0.entry(k).or_insert((0, first));
            e.0 += n;
            e.1 = e.1.min(first);
        }
        a.1.extend(b.1);
        if a.1.len() > MAX_JUDGED {
            a.1.truncate(MAX_JUDGED + 1);
        }
        a
    };
    let (counts, mut targets) = (0..tasks)
        .into_par_iter()
        .map(count_task)
        .reduce(|| (Counts::new(), Vec::new()), merge);
    let mut levels: Vec<(f64, u64, u64)> = counts
        .into_iter()
        .map(|(k, (n, first))| (f64::from_bits(k), n, first))
        .collect();
    levels.sort_by(|a, b| a.0.total_cmp(&b.0));
    let target = if has_objective {
        levels.first().map_or(0.0, |l| l.0)
    } else {
        0.0
    };
    if has_objective {
        targets = (0..tasks)
            .into_par_iter()
            .flat_map_iter(|t| {
                let first_row = t * rows_per_task;
                let n_rows = rows_per_task.min(rows - first_row);
                let mut out = vec![0.0; n_rows * row];
                cost.fill(first_row, &mut out);
                let base = (first_row * row) as u64;
                out.into_iter()
                    .enumerate()
                    .filter(move |&(_, c)| (c - target).abs() <= ENERGY_TOL)
                    .map(move |(j, _)| base + j as u64)
            })
            .collect();
    }
    if targets.len() > MAX_JUDGED {
        return Err(Error::InvalidArgument(format!(
            "{}: more than {MAX_JUDGED} states of space {} have the success cost; too many to judge one by one",
            enc.file(),
            space.resolved
        )));
    }
    targets.sort_unstable();
    let n = enc.num_qubits();
    let verdicts: Vec<(u64, Verdict)> = targets
        .par_iter()
        .map(|&k| {
            let bits = assignment_of(&digits, n, k);
            (k, Verdict::of(&enc.puzzle().check(&enc.board_of_bits(&bits))))
        })
        .collect();
    Ok(build_histogram(levels, target, &verdicts, &digits, n))
}

/// Classes from the levels `(cost, count, first state)` ascending and the verdicts of the
/// success-cost states (ascending by state).
fn build_histogram(
    levels: Vec<(f64, u64, u64)>,
    target: f64,
    verdicts: &[(u64, Verdict)],
    digits: &[Digit],
    n: usize,
) -> CostHistogram {
    let mut classes = Vec::new();
    for (c, count, first) in levels {
        if (c - target).abs() > ENERGY_TOL {
            classes.push(CostClass {
                cost: c,
                count: u128::from(count),
                kind: ClassKind::Other,
                example: assignment_of(digits, n, first),
            });
            continue;
        }
        for (kind, verdict) in [
            (ClassKind::Valid, Verdict::Valid),
            (ClassKind::NonQubo, Verdict::BreaksOnlyNonQubo),
            (ClassKind::Invalid, Verdict::Invalid),
        ] {
            let mut of_kind = verdicts.iter().filter(|v| v.1 == verdict);
            if let Some(&(first, _)) = of_kind.next() {
                classes.push(CostClass {
                    cost: c,
                    count: 1 + of_kind.count() as u128,
                    kind,
                    example: assignment_of(digits, n, first),
                });
            }
        }
    }
    CostHistogram { classes, num_qubits: n }
}

/// The histogram simulator of `enc` on the space of `settings` (the mixer must be `grover`),
/// with the space.
pub fn histogram_simulation(enc: &dyn Encoding, settings: &SpaceSettings) -> Result<(HistogramSimulator, Space)> {
    if settings.mixer != MixerKind::Grover {
        return Err(Error::InvalidArgument(format!(
            "the histogram simulation is exact for the grover mixer only, not {}",
            settings.mixer
        )));
    }
    let space = super::simulation::space_of(enc, settings)?;
    let histogram = cost_histogram(enc, &space)?;
    if histogram.count_of(ClassKind::Valid) == 0 {
        return Err(Error::Unsatisfiable {
            reason: format!("no state of space {} passes the complete check", space.resolved),
        });
    }
    Ok((HistogramSimulator::new(histogram)?, space))
}
