//! Readout-error mitigation of measured counts in the manner of M3 (Nation, Kang, Sundaresan
//! and Gambetta, PRX Quantum 2, 040326, 2021), written for quzzle: the assignment matrix
//! `A[i][j] = P(read s_i | prepared s_j)`, the tensor product of one 2×2 matrix per qubit, is
//! restricted to the observed bitstrings and to pairs within Hamming distance
//! [`READOUT_DISTANCE`]; its columns are renormalised over that subset (so the quasi-
//! probabilities sum to one) and `A x = q` is solved for the quasi-probabilities `x` by
//! Jacobi-preconditioned GMRES. Nothing of size 2^n is built. Every loop runs in the order of
//! the observed strings, so the result does not depend on threads. The method and its interval
//! are described in docs/qasm.md ("Readout-error mitigation").

use crate::bits::BasisState;
use crate::error::{Error, MitigationProblem, Result, Unreliable};
use serde::Serialize;

/// Pairs of observed strings further apart than this many bits are not coupled (M3's
/// `distance`).
pub const READOUT_DISTANCE: usize = 3;
/// GMRES stops when the preconditioned residual is below this fraction of the right-hand side.
pub const SOLVER_TOLERANCE: f64 = 1e-10;
/// GMRES restarts after this many Arnoldi steps.
const RESTART: usize = 50;
/// GMRES gives up after this many steps in all.
const MAX_STEPS: usize = 2_000;
/// Smallest `1 − p(1|0) − p(0|1)` of a qubit: below it the qubit's 2×2 matrix is nearly
/// singular and the correction would amplify noise without bound.
pub const MIN_QUBIT_CONTRAST: f64 = 0.1;

/// A mitigation `score` applies to measured counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mitigation {
    /// Readout errors, corrected as M3 does ([`mitigate`]).
    Readout,
}

impl Mitigation {
    /// Every mitigation.
    pub const ALL: [Mitigation; 1] = [Mitigation::Readout];

    /// Its name (`readout`).
    pub fn name(self) -> &'static str {
        match self {
            Mitigation::Readout => "readout",
        }
    }
}

/// Per-qubit readout errors: `(p(1|0), p(0|1))` for each measured qubit, qubit 0 first.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadoutErrors {
    flips: Vec<(f64, f64)>,
}

impl ReadoutErrors {
    /// Checked errors: each a probability, each qubit's contrast `1 − p(1|0) − p(0|1)` at
    /// least [`MIN_QUBIT_CONTRAST`].
    pub fn new(flips: Vec<(f64, f64)>) -> Result<Self> {
        for (qubit, &(p10, p01)) in flips.iter().enumerate() {
            let contrast = 1.0 - p10 - p01;
            let probability = |p: f64| p.is_finite() && (0.0..=1.0).contains(&p);
            if !probability(p10) || !probability(p01) || contrast < MIN_QUBIT_CONTRAST || contrast.is_nan() {
                return Err(Error::Mitigation(MitigationProblem::IllConditioned {
                    qubit,
                    p1_given_0: p10,
                    p0_given_1: p01,
                    min_contrast: MIN_QUBIT_CONTRAST,
                }));
            }
        }
        Ok(ReadoutErrors { flips })
    }

    /// The same symmetric flip probability `r` on each of `qubits` qubits (a noise model's
    /// readout rate).
    pub fn uniform(qubits: usize, r: f64) -> Result<Self> {
        Self::new(vec![(r, r); qubits])
    }

    /// Measured qubits.
    pub fn qubits(&self) -> usize {
        self.flips.len()
    }

    /// `(A_q⁻¹)[prepared][read]` on `qubit`: the inverse of its 2×2 assignment matrix,
    /// `(1/c)·[[1 − p(0|1), −p(0|1)], [−p(1|0), 1 − p(1|0)]]` with `c = 1 − p(1|0) − p(0|1)`.
    fn inverse(&self, qubit: usize, prepared: bool, read: bool) -> f64 {
        let (p10, p01) = self.flips[qubit];
        let c = 1.0 - p10 - p01;
        let entry = match (prepared, read) {
            (false, false) => 1.0 - p01,
            (false, true) => -p01,
            (true, false) => -p10,
            (true, true) => 1.0 - p10,
        };
        entry / c
    }

    /// `P(read bit `read` | prepared bit `prepared`)` on `qubit`.
    fn entry(&self, qubit: usize, read: bool, prepared: bool) -> f64 {
        let (p10, p01) = self.flips[qubit];
        match (prepared, read) {
            (false, false) => 1.0 - p10,
            (false, true) => p10,
            (true, false) => p01,
            (true, true) => 1.0 - p01,
        }
    }
}

/// A mitigated probability of a set of outcomes.
#[derive(Clone, Debug, PartialEq)]
pub struct MitigatedProbability {
    /// The sum of the quasi-probabilities of the set's observed strings (can leave [0, 1]).
    pub value: f64,
    /// Its standard error over the shots: the estimate is `w·q` with `w = A⁻ᵀ 1_set`, linear in
    /// the observed frequencies `q`, so its multinomial variance is `(Σ w_i² q_i − (w·q)²) /
    /// shots`.
    pub standard_error: f64,
    /// The quasi-probability of each observed string, in the order given.
    pub quasi: Vec<f64>,
    /// GMRES steps of the two solves together.
    pub steps: usize,
    /// The fraction of the shots on strings with no other observed string within the distance:
    /// the truncated correction cannot move their probability (docs/qasm.md).
    pub isolated_shots: f64,
}

/// Most `observed strings × valid boards` [`tensor_inverse`] is asked to sum over; beyond it
/// the score falls back to the truncated correction ([`mitigate`]).
pub const MAX_TENSOR_TERMS: usize = 50_000_000;

/// An unbiased linear estimate of P(set) and its standard error over the shots.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearEstimate {
    /// `w·q`; an unbiased estimate, so it can leave [0, 1].
    pub value: f64,
    /// `√((Σ w_i² q_i − (w·q)²) / shots)`.
    pub standard_error: f64,
}

/// P(the board qubits hold one of `valid_boards`) corrected for readout errors with the whole
/// assignment matrix, not a truncation of it: `A = ⊗ A_q`, so `A⁻¹ = ⊗ A_q⁻¹` and the weight of
/// an observed string `i` is `w_i = Σ_v Π_q (A_q⁻¹)[v_q][i_q]` over the valid boards `v` (the
/// first `board_bits` qubits; the columns of each `A_q⁻¹` sum to one, so the other measured
/// qubits give a factor 1). `E[w·q] = 1_validᵀ A⁻¹ A p = P(valid)` exactly: no bias from
/// unobserved neighbours or far pairs. Needs the complete list of valid boards.
pub fn tensor_inverse(
    states: &[BasisState],
    counts: &[u64],
    board_bits: usize,
    valid_boards: &[Vec<bool>],
    errors: &ReadoutErrors,
) -> Result<LinearEstimate> {
    let shots: u64 = counts.iter().sum();
    if shots == 0 || states.len() != counts.len() {
        return Err(Error::Mitigation(MitigationProblem::NoShots));
    }
    if errors.qubits() < board_bits || valid_boards.iter().any(|v| v.len() != board_bits) {
        return Err(Error::Mitigation(MitigationProblem::QubitCount {
            errors: errors.qubits(),
            measured: board_bits,
        }));
    }
    // Per qubit, (A_q⁻¹)[v][i] for the four (v, i), so that the inner loop only multiplies.
    let table: Vec<[[f64; 2]; 2]> = (0..board_bits)
        .map(|q| {
            [
                [errors.inverse(q, false, false), errors.inverse(q, false, true)],
                [errors.inverse(q, true, false), errors.inverse(q, true, true)],
            ]
        })
        .collect();
    let (mut first, mut second) = (0.0, 0.0);
    for (state, &count) in states.iter().zip(counts) {
        let read = state.to_bools(board_bits);
        let w: f64 = valid_boards
            .iter()
            .map(|v| {
                v.iter()
                    .zip(&read)
                    .zip(&table)
                    .map(|((&v, &i), t)| t[usize::from(v)][usize::from(i)])
                    .product::<f64>()
            })
            .sum();
        let q = count as f64 / shots as f64;
        first += w * q;
        second += w * w * q;
    }
    Ok(LinearEstimate {
        value: first,
        standard_error: ((second - first * first).max(0.0) / shots as f64).sqrt(),
    })
}

/// The fraction of the shots on strings of `states` (`n` qubits, `counts` shots each) with no
/// other of them within `distance` bits.
pub fn isolated_shots(states: &[BasisState], counts: &[u64], n: usize, distance: usize) -> f64 {
    let words = n.div_ceil(64).max(1);
    let packed: Vec<Vec<u64>> = states
        .iter()
        .map(|s| {
            let mut w = vec![0u64; words];
            for q in s.ones().take_while(|&q| q < 64 * words) {
                w[q / 64] |= 1 << (q % 64);
            }
            w
        })
        .collect();
    let shots: u64 = counts.iter().sum();
    let isolated: u64 = packed
        .iter()
        .zip(counts)
        .enumerate()
        .filter(|&(i, (a, _))| {
            !packed.iter().enumerate().any(|(j, b)| {
                j != i
                    && a.iter()
                        .zip(b)
                        .map(|(x, y)| (x ^ y).count_ones() as usize)
                        .sum::<usize>()
                        <= distance
            })
        })
        .map(|(_, (_, &c))| c)
        .sum();
    isolated as f64 / shots.max(1) as f64
}

/// Most of the shots (this fraction) on isolated strings makes [`support_note`] speak.
pub const ISOLATED_NOTE: f64 = 0.5;

/// What the report says when more than [`ISOLATED_NOTE`] of the shots are on strings with no
/// other observed string within [`READOUT_DISTANCE`] bits (`isolated_shots`): M3 cannot move
/// them, so its value stays near the raw one. With the whole-matrix estimate (`tensor`) that
/// is said of `m3_p_valid` only; without it, of the reported value, with what would help.
pub fn support_note(isolated_shots: f64, tensor: bool) -> Option<String> {
    if isolated_shots <= ISOLATED_NOTE {
        return None;
    }
    let share = format!(
        "{:.0} % of the shots are on strings with no other observed string within {READOUT_DISTANCE} bits",
        100.0 * isolated_shots
    );
    Some(if tensor {
        format!(
            "{share}: M3's truncated correction (m3_p_valid) cannot move them and stays near the raw value; \
             the reported value is the whole-matrix correction, which does not need them"
        )
    } else {
        format!(
            "{share}: the truncated correction cannot move them, so the corrected P(valid) stays near the raw \
             one and under-corrects. More shots (so that their neighbours are observed), or a manifest that \
             lists every valid board (for the whole-matrix correction), would correct it"
        )
    })
}

/// A mitigated P(valid) as reported: the estimate projected onto [0, 1] and an interval that
/// holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reported {
    /// The linear estimate projected onto [0, 1]: the nearest probability distribution over
    /// (valid, not valid), as Mitiq and mthree project quasi-probabilities.
    pub value: f64,
    /// Whether the projection moved it (the linear estimate left [0, 1]).
    pub projected: bool,
    /// `linear ± max(z·s.e., raw side)` clipped to [0, 1], widened to hold `value`.
    pub interval: [f64; 2],
}

/// The reported estimate and interval of a linear estimate `linear` beside the raw estimate
/// `raw` and its interval. Refused when the interval lies outside [0, 1] (the readout errors do
/// not fit the counts, or the correction is ill-conditioned) or covers all of it (the
/// correction amplifies the shot noise past any information); `counts` names the file.
pub fn reported(
    linear: &LinearEstimate,
    raw: f64,
    raw_interval: [f64; 2],
    confidence: f64,
    shots: u64,
    counts: &str,
) -> Result<Reported> {
    let half = normal_quantile(confidence) * linear.standard_error;
    let low = linear.value - half.max(raw - raw_interval[0]);
    let high = linear.value + half.max(raw_interval[1] - raw);
    // The correction's amplification of the shot noise: its standard error over the raw
    // binomial one (that of one shot in `shots` where p̂ is 0 or 1).
    let shots = shots.max(1) as f64;
    let spread = (raw * (1.0 - raw)).max((shots - 1.0).max(1.0) / (shots * shots));
    let amplification = linear.standard_error / (spread / shots).sqrt();
    let refuse = |problem: fn(Unreliable) -> MitigationProblem| {
        Err(Error::Mitigation(problem(Unreliable {
            counts: counts.to_string(),
            value: linear.value,
            standard_error: linear.standard_error,
            interval: [low, high],
            amplification,
        })))
    };
    // `f64::max` drops a NaN half-width, so a non-finite standard error is caught on its own.
    let finite = linear.value.is_finite() && linear.standard_error.is_finite();
    if !(finite && low.is_finite() && high.is_finite()) || (low <= 0.0 && high >= 1.0) {
        return refuse(MitigationProblem::NoInformation);
    }
    if high <= 0.0 || low >= 1.0 {
        return refuse(MitigationProblem::OutsideProbabilities);
    }
    let value = linear.value.clamp(0.0, 1.0);
    Ok(Reported {
        value,
        projected: value.to_bits() != linear.value.to_bits(),
        interval: [low.max(0.0).min(value), high.min(1.0).max(value)],
    })
}

/// A depth's P(valid) corrected for readout errors, beside the raw one (`score DIR --mitigate
/// readout`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MitigatedScore {
    /// The mitigation (`readout`).
    pub method: &'static str,
    /// The noise model whose readout errors were corrected.
    pub readout_model: String,
    /// Its readout flip probability, the same on every measured qubit.
    pub readout_error: f64,
    /// Observed strings further apart than this many bits are not coupled.
    pub distance: usize,
    /// How P(valid) was corrected: `tensor-inverse` (the whole assignment matrix, unbiased; the
    /// manifest lists every valid board) or `m3` (the truncated correction over the observed
    /// strings).
    pub estimator: &'static str,
    /// The corrected P(valid), projected onto [0, 1].
    pub p_valid: f64,
    /// The estimator's own value before that projection (can leave [0, 1]).
    pub linear_p_valid: f64,
    /// Whether the projection moved it.
    pub projected: bool,
    /// Its standard error over the shots.
    pub standard_error: f64,
    /// `linear_p_valid ± z·standard_error`, each side at least the raw interval's, clipped to
    /// [0, 1] and holding `p_valid`.
    pub interval: [f64; 2],
    /// M3's P(valid) at [`READOUT_DISTANCE`] (what the `mthree` package gives), beside the
    /// estimate (`null` where its solve did not converge and the estimate is the whole-matrix
    /// one).
    pub m3_p_valid: Option<f64>,
    /// The fraction of shots on strings with no other observed string within `distance`: M3
    /// cannot move their probability.
    pub isolated_shots: f64,
    /// Said when the reported correction could not be carried by the observed strings, with
    /// what would help.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Whether the noiseless prediction lies inside it (`null` when not simulated).
    pub inside: Option<bool>,
    /// GMRES steps taken.
    pub solver_steps: usize,
    /// Each measured bit's own errors, bit 0 first, when the model is a calibration with
    /// per-qubit readout errors and the counts name the device qubit of each bit (absent:
    /// `readout_error` on every bit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_qubit: Option<Vec<QubitReadout>>,
}

/// Most device qubits [`MitigatedScore::readout_text`] names one by one.
pub const LISTED_QUBITS: usize = 8;

/// The readout errors of one measured bit, from its device qubit's calibration.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QubitReadout {
    /// The device qubit measured into the bit.
    pub qubit: usize,
    /// P(read 1 | prepared 0).
    pub p1_given_0: f64,
    /// P(read 0 | prepared 1).
    pub p0_given_1: f64,
}

impl MitigatedScore {
    /// The errors corrected, in a few words: `readout 2.0e-2` (every bit), `readout of device
    /// qubits 3, 5, 8, mean 1.2e-2`, or for more than [`LISTED_QUBITS`] bits `readout of 36
    /// device qubits, mean 1.2e-2`.
    pub fn readout_text(&self) -> String {
        match &self.by_qubit {
            None => format!("readout {:.1e}", self.readout_error),
            Some(bits) => {
                let sum: f64 = bits.iter().map(|b| b.p1_given_0 + b.p0_given_1).sum();
                let mean = sum / (2 * bits.len().max(1)) as f64;
                if bits.len() > LISTED_QUBITS {
                    return format!("readout of {} device qubits, mean {mean:.1e}", bits.len());
                }
                let qubits: Vec<String> = bits.iter().map(|b| b.qubit.to_string()).collect();
                format!("readout of device qubits {}, mean {mean:.1e}", qubits.join(", "))
            }
        }
    }
}

/// The assignment matrix restricted to the observed strings, row by row: `(column, entry)`
/// with the columns renormalised over the subset.
struct Reduced {
    rows: Vec<Vec<(usize, f64)>>,
    diagonal: Vec<f64>,
}

impl Reduced {
    fn new(states: &[BasisState], n: usize, errors: &ReadoutErrors, distance: usize) -> Self {
        let bits: Vec<Vec<bool>> = states.iter().map(|s| s.to_bools(n)).collect();
        let packed: Vec<Vec<u64>> = bits
            .iter()
            .map(|b| {
                let mut words = vec![0u64; n.div_ceil(64).max(1)];
                for (q, &one) in b.iter().enumerate() {
                    if one {
                        words[q / 64] |= 1 << (q % 64);
                    }
                }
                words
            })
            .collect();
        // P(read s_j | prepared s_j): each pair's entry is this times one ratio per differing bit.
        let stay: Vec<f64> = bits
            .iter()
            .map(|b| b.iter().enumerate().map(|(q, &v)| errors.entry(q, v, v)).product())
            .collect();
        let k = states.len();
        let mut rows: Vec<Vec<(usize, f64)>> = vec![Vec::new(); k];
        for i in 0..k {
            for j in 0..k {
                let apart: u32 = packed[i]
                    .iter()
                    .zip(&packed[j])
                    .map(|(a, b)| (a ^ b).count_ones())
                    .sum();
                if apart as usize > distance {
                    continue;
                }
                let mut entry = stay[j];
                for (w, (a, b)) in packed[i].iter().zip(&packed[j]).enumerate() {
                    let mut diff = a ^ b;
                    while diff != 0 {
                        let q = w * 64 + diff.trailing_zeros() as usize;
                        diff &= diff - 1;
                        let prepared = bits[j][q];
                        entry *= errors.entry(q, !prepared, prepared) / errors.entry(q, prepared, prepared);
                    }
                }
                rows[i].push((j, entry));
            }
        }
        let mut column_sums = vec![0.0; k];
        for row in &rows {
            for &(j, a) in row {
                column_sums[j] += a;
            }
        }
        let mut diagonal = vec![0.0; k];
        for (i, row) in rows.iter_mut().enumerate() {
            for (j, a) in row.iter_mut() {
                *a /= column_sums[*j];
                if *j == i {
                    diagonal[i] = *a;
                }
            }
        }
        Reduced { rows, diagonal }
    }

    /// `A x`, or `Aᵀ x` when `transposed`, each row divided by the diagonal (Jacobi).
    fn apply(&self, x: &[f64], transposed: bool) -> Vec<f64> {
        let mut y = vec![0.0; x.len()];
        for (i, row) in self.rows.iter().enumerate() {
            for &(j, a) in row {
                if transposed {
                    y[j] += a * x[i];
                } else {
                    y[i] += a * x[j];
                }
            }
        }
        for (v, d) in y.iter_mut().zip(&self.diagonal) {
            *v /= d;
        }
        y
    }
}

/// The mitigated probability of the observed strings marked in `in_set`: `states` the distinct
/// observed strings of `n` measured qubits, `counts` their shots.
pub fn mitigate(
    states: &[BasisState],
    counts: &[u64],
    in_set: &[bool],
    n: usize,
    errors: &ReadoutErrors,
    distance: usize,
) -> Result<MitigatedProbability> {
    if errors.qubits() != n {
        return Err(Error::Mitigation(MitigationProblem::QubitCount {
            errors: errors.qubits(),
            measured: n,
        }));
    }
    let shots: u64 = counts.iter().sum();
    if shots == 0 || states.len() != counts.len() || states.len() != in_set.len() {
        return Err(Error::Mitigation(MitigationProblem::NoShots));
    }
    let a = Reduced::new(states, n, errors, distance);
    let q: Vec<f64> = counts.iter().map(|&c| c as f64 / shots as f64).collect();
    let precondition = |b: &[f64]| -> Vec<f64> { b.iter().zip(&a.diagonal).map(|(v, d)| v / d).collect() };
    let (quasi, forward) = gmres(|x| a.apply(x, false), &precondition(&q))?;
    let indicator: Vec<f64> = in_set.iter().map(|&v| if v { 1.0 } else { 0.0 }).collect();
    // w = A⁻ᵀ 1_set solves (D⁻¹Aᵀ) w = D⁻¹ 1_set.
    let (weights, backward) = gmres(|x| a.apply(x, true), &precondition(&indicator))?;
    let value: f64 = quasi.iter().zip(in_set).filter(|(_, &v)| v).map(|(x, _)| x).sum();
    let second: f64 = weights.iter().zip(&q).map(|(w, q)| w * w * q).sum();
    let first: f64 = weights.iter().zip(&q).map(|(w, q)| w * q).sum();
    let standard_error = ((second - first * first).max(0.0) / shots as f64).sqrt();
    if !value.is_finite() || !standard_error.is_finite() {
        return Err(Error::Mitigation(MitigationProblem::NotConverged {
            steps: forward + backward,
            tolerance: SOLVER_TOLERANCE,
        }));
    }
    let isolated: u64 = a
        .rows
        .iter()
        .zip(counts)
        .filter(|(row, _)| row.len() == 1)
        .map(|(_, &c)| c)
        .sum();
    Ok(MitigatedProbability {
        value,
        standard_error,
        quasi,
        steps: forward + backward,
        isolated_shots: isolated as f64 / shots as f64,
    })
}

/// Restarted GMRES for `op(x) = b` from `x = b`: the solution and the steps taken.
fn gmres(op: impl Fn(&[f64]) -> Vec<f64>, b: &[f64]) -> Result<(Vec<f64>, usize)> {
    let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    let b_norm = norm(b);
    let k = b.len();
    let mut x = b.to_vec();
    if b_norm == 0.0 {
        return Ok((vec![0.0; k], 0));
    }
    let target = SOLVER_TOLERANCE * b_norm;
    let mut steps = 0;
    loop {
        let ax = op(&x);
        let r: Vec<f64> = b.iter().zip(&ax).map(|(b, a)| b - a).collect();
        let beta = norm(&r);
        if beta <= target {
            return Ok((x, steps));
        }
        if steps >= MAX_STEPS || !beta.is_finite() {
            return Err(Error::Mitigation(MitigationProblem::NotConverged {
                steps,
                tolerance: SOLVER_TOLERANCE,
            }));
        }
        let m = RESTART.min(k);
        let mut basis: Vec<Vec<f64>> = vec![r.iter().map(|v| v / beta).collect()];
        // The Hessenberg matrix by columns, already rotated to upper triangular form.
        let mut h: Vec<Vec<f64>> = Vec::with_capacity(m);
        let mut rotations: Vec<(f64, f64)> = Vec::with_capacity(m);
        let mut g = vec![0.0; m + 1];
        g[0] = beta;
        let mut used = 0;
        for j in 0..m {
            let mut w = op(&basis[j]);
            let mut column = vec![0.0; j + 2];
            for (i, v) in basis.iter().enumerate() {
                let dot: f64 = w.iter().zip(v).map(|(a, b)| a * b).sum();
                column[i] = dot;
                for (wi, vi) in w.iter_mut().zip(v) {
                    *wi -= dot * vi;
                }
            }
            let w_norm = norm(&w);
            column[j + 1] = w_norm;
            for (i, &(c, s)) in rotations.iter().enumerate() {
                let (a, b) = (column[i], column[i + 1]);
                column[i] = c * a + s * b;
                column[i + 1] = -s * a + c * b;
            }
            let (a, b) = (column[j], column[j + 1]);
            let r = a.hypot(b);
            let (c, s) = if r == 0.0 { (1.0, 0.0) } else { (a / r, b / r) };
            column[j] = r;
            column[j + 1] = 0.0;
            g[j + 1] = -s * g[j];
            g[j] *= c;
            rotations.push((c, s));
            h.push(column);
            used = j + 1;
            steps += 1;
            if g[j + 1].abs() <= target || w_norm == 0.0 || steps >= MAX_STEPS {
                break;
            }
            basis.push(w.iter().map(|v| v / w_norm).collect());
        }
        // Back substitution of the triangular system, then the update.
        let mut y = vec![0.0; used];
        for i in (0..used).rev() {
            let mut s = g[i];
            for (l, yl) in y.iter().enumerate().skip(i + 1) {
                s -= h[l][i] * yl;
            }
            if h[i][i] == 0.0 {
                return Err(Error::Mitigation(MitigationProblem::NotConverged {
                    steps,
                    tolerance: SOLVER_TOLERANCE,
                }));
            }
            y[i] = s / h[i][i];
        }
        for (yi, v) in y.iter().zip(&basis) {
            for (xj, vj) in x.iter_mut().zip(v) {
                *xj += yi * vj;
            }
        }
    }
}

/// The two-sided standard normal quantile of `confidence` (`z` with `P(|Z| ≤ z) =
/// confidence`), by bisection on the complementary error function: to about 1e-7.
pub fn normal_quantile(confidence: f64) -> f64 {
    let tail = (1.0 - confidence) / 2.0;
    let (mut lo, mut hi) = (0.0f64, 40.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if 0.5 * erfc(mid / std::f64::consts::SQRT_2) > tail {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The complementary error function (the Chebyshev fit of Numerical Recipes' erfcc, relative
/// error below 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_states(n: usize) -> Vec<BasisState> {
        (0..1u64 << n).map(BasisState::from_index).collect()
    }

    /// The dense assignment matrix over every state, A[i][j] = P(i | j).
    fn dense(n: usize, e: &ReadoutErrors) -> Vec<Vec<f64>> {
        let size = 1usize << n;
        (0..size)
            .map(|i| {
                (0..size)
                    .map(|j| (0..n).map(|q| e.entry(q, i >> q & 1 == 1, j >> q & 1 == 1)).product())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn full_support_inverts_the_dense_matrix() {
        let n = 3;
        let e = ReadoutErrors::new(vec![(0.02, 0.05), (0.1, 0.03), (0.0, 0.08)]).unwrap();
        let true_p = [0.3, 0.05, 0.1, 0.15, 0.0, 0.2, 0.12, 0.08];
        let a = dense(n, &e);
        // Expected frequencies with no sampling noise: q = A p.
        let q: Vec<f64> = a
            .iter()
            .map(|row| row.iter().zip(&true_p).map(|(a, p)| a * p).sum())
            .collect();
        let counts: Vec<u64> = q.iter().map(|v| (v * 1e9).round() as u64).collect();
        let valid = [true, false, false, true, false, true, false, false];
        let m = mitigate(&all_states(n), &counts, &valid, n, &e, n).unwrap();
        for (x, p) in m.quasi.iter().zip(&true_p) {
            assert!((x - p).abs() < 1e-8, "{x} against {p}");
        }
        assert!((m.value - 0.65).abs() < 1e-8, "{}", m.value);
    }

    #[test]
    fn no_readout_error_gives_the_raw_frequencies() {
        let n = 4;
        let e = ReadoutErrors::uniform(n, 0.0).unwrap();
        let states: Vec<BasisState> = [0u64, 3, 5, 15].into_iter().map(BasisState::from_index).collect();
        let counts = [10, 20, 30, 40];
        let valid = [true, false, true, false];
        let m = mitigate(&states, &counts, &valid, n, &e, READOUT_DISTANCE).unwrap();
        assert_eq!(m.quasi, vec![0.1, 0.2, 0.3, 0.4]);
        assert!((m.value - 0.4).abs() < 1e-15);
        // The binomial standard error of the raw estimate.
        assert!((m.standard_error - (0.4f64 * 0.6 / 100.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn distance_truncation_leaves_far_pairs_uncoupled() {
        let n = 4;
        let e = ReadoutErrors::uniform(n, 0.05).unwrap();
        // 0000 and 1111 are four bits apart: at distance 3 each is its own block, and with the
        // columns renormalised each is corrected to its own frequency.
        let states: Vec<BasisState> = [0u64, 15].into_iter().map(BasisState::from_index).collect();
        let m = mitigate(&states, &[30, 70], &[true, false], n, &e, 3).unwrap();
        assert!((m.quasi[0] - 0.3).abs() < 1e-12 && (m.quasi[1] - 0.7).abs() < 1e-12);
        assert_eq!(m.isolated_shots.to_bits(), 1.0f64.to_bits());
        // At distance 4 they are coupled and the correction moves them apart.
        let m = mitigate(&states, &[30, 70], &[true, false], n, &e, 4).unwrap();
        assert!(m.quasi[0] < 0.3 - 1e-6, "{:?}", m.quasi);
        assert_eq!(m.isolated_shots.to_bits(), 0.0f64.to_bits());
        assert!((m.quasi.iter().sum::<f64>() - 1.0).abs() < 1e-10);
    }

    #[test]
    fn bad_errors_are_refused() {
        assert!(matches!(
            ReadoutErrors::uniform(2, 0.48),
            Err(Error::Mitigation(MitigationProblem::IllConditioned { qubit: 0, .. }))
        ));
        assert!(ReadoutErrors::new(vec![(0.0, f64::NAN)]).is_err());
        let e = ReadoutErrors::uniform(2, 0.01).unwrap();
        let s = [BasisState::from_index(0)];
        assert!(matches!(
            mitigate(&s, &[1], &[true], 3, &e, 3),
            Err(Error::Mitigation(MitigationProblem::QubitCount {
                errors: 2,
                measured: 3
            }))
        ));
    }

    #[test]
    fn normal_quantiles() {
        assert!((normal_quantile(0.95) - 1.959_964).abs() < 1e-5);
        assert!((normal_quantile(0.99) - 2.575_829).abs() < 1e-5);
    }

    /// The whole-matrix estimate is exact on expected counts, whichever strings carry them: on
    /// full support it is the dense inverse's, and where M3's truncation (distance 1 here)
    /// leaves mass unreturned it is still the truth.
    #[test]
    fn tensor_inverse_is_the_dense_inverse() {
        let n = 4;
        let e = ReadoutErrors::new(vec![(0.02, 0.05), (0.01, 0.03), (0.0, 0.08), (0.03, 0.04)]).unwrap();
        let true_p: Vec<f64> = (0..16)
            .map(|k| if k % 3 == 0 { 0.15 } else { 0.01 * k as f64 })
            .collect();
        let total: f64 = true_p.iter().sum();
        let true_p: Vec<f64> = true_p.iter().map(|p| p / total).collect();
        let a = dense(n, &e);
        let q: Vec<f64> = a
            .iter()
            .map(|row| row.iter().zip(&true_p).map(|(a, p)| a * p).sum())
            .collect();
        let counts: Vec<u64> = q.iter().map(|v| (v * 1e12).round() as u64).collect();
        let valid_states = [0usize, 5, 9, 15];
        let boards: Vec<Vec<bool>> = valid_states
            .iter()
            .map(|&k| (0..n).map(|q| k >> q & 1 == 1).collect())
            .collect();
        let truth: f64 = valid_states.iter().map(|&k| true_p[k]).sum();
        let t = tensor_inverse(&all_states(n), &counts, n, &boards, &e).unwrap();
        assert!((t.value - truth).abs() < 1e-9, "{} against {truth}", t.value);
        // The ancilla qubits beyond the board drop out: a fifth measured qubit changes nothing.
        let e5 = ReadoutErrors::new(vec![(0.02, 0.05), (0.01, 0.03), (0.0, 0.08), (0.03, 0.04), (0.2, 0.1)]).unwrap();
        let t5 = tensor_inverse(&all_states(n), &counts, n, &boards, &e5).unwrap();
        assert_eq!(t5.value.to_bits(), t.value.to_bits());
    }

    /// Issue 79 item 3: the reported estimate lies in [0, 1] and inside an interval of positive
    /// width; an interval outside [0, 1] or over all of it is refused.
    #[test]
    fn reported_estimates_lie_in_their_intervals() {
        let linear = |value: f64, standard_error: f64| LinearEstimate { value, standard_error };
        let raw = (0.3, [0.28, 0.32]);
        let ok = reported(&linear(0.4, 0.02), raw.0, raw.1, 0.95, 1000, "c.json").unwrap();
        assert!(
            !ok.projected && ok.value.to_bits() == 0.4f64.to_bits() && ok.interval[0] < 0.4 && ok.interval[1] > 0.4
        );
        let high = reported(&linear(1.01, 0.02), raw.0, raw.1, 0.95, 1000, "c.json").unwrap();
        assert!(
            high.projected
                && high.value.to_bits() == 1.0f64.to_bits()
                && high.interval[0] < 1.0
                && high.interval[1].to_bits() == 1.0f64.to_bits()
        );
        for (value, se, says) in [
            (-1.15, 0.23, "outside [0, 1]"),
            (1.51, 0.01, "outside [0, 1]"),
            (538.0, 1.2e3, "covers all of [0, 1]"),
            (0.5, f64::NAN, "covers all of [0, 1]"),
        ] {
            let e = reported(&linear(value, se), raw.0, raw.1, 0.95, 1000, "c.json").unwrap_err();
            let text = e.to_string();
            assert!(
                text.starts_with("readout mitigation: c.json: ") && text.contains(says),
                "{text}"
            );
        }
    }

    /// Issue 79 item 6: most shots on strings without observed neighbours is said, with what
    /// would help when M3 is the estimate.
    #[test]
    fn isolated_strings_are_said() {
        let n = 36;
        // Every string its own: string k holds ones on qubits 4k..4k+3, eight bits from the others.
        let states: Vec<BasisState> = (0..9u64).map(|k| BasisState::from_index(0xf << (4 * k))).collect();
        let e = ReadoutErrors::uniform(n, 0.015).unwrap();
        let in_set: Vec<bool> = (0..9).map(|k| k % 2 == 0).collect();
        let m = mitigate(&states, &[1; 9], &in_set, n, &e, READOUT_DISTANCE).unwrap();
        assert_eq!(m.isolated_shots.to_bits(), 1.0f64.to_bits());
        assert!((m.value - 5.0 / 9.0).abs() < 1e-12, "M3 changes nothing: {}", m.value);
        let note = support_note(m.isolated_shots, false).unwrap();
        assert!(
            note.contains("100 % of the shots") && note.contains("More shots"),
            "{note}"
        );
        assert!(support_note(m.isolated_shots, true).unwrap().contains("m3_p_valid"));
        assert_eq!(support_note(0.2, false), None);
        // The whole-matrix estimate raises the valid strings by about 1/(1 - r)^36.
        let boards: Vec<Vec<bool>> = states.iter().step_by(2).map(|s| s.to_bools(n)).collect();
        let t = tensor_inverse(&states, &[1; 9], n, &boards, &e).unwrap();
        let raise = t.value / (5.0 / 9.0);
        assert!((1.6..1.8).contains(&raise), "{raise}");
    }
}
