//! The cost diagonal over a mixed-radix product of digits (a block space): basis index
//! `k = Σ_d s_d · stride_d`, digit d taking one of its listed states, each a mask over the
//! digit's qubits.
//!
//! A QUBO splits over digits: `E = offset + Σ_d L_d(s_d) + Σ_{d<e} P_de(s_d, s_e)`, with `L_d`
//! the linear and inner quadratic terms of digit d and `P_de` the couplings between two
//! digits. Both are tabulated per state, so a basis state costs a few lookups; the innermost
//! digit's row `L_0 + Σ_e P_0e(·, s_e)` is built once per setting of the other digits. Costs
//! that are small dyadic numbers (penalties: integers and quarters) are exact in `f64` and are
//! stored as an index into their distinct values, as on the full space.

use super::diagonal::CostDiagonal;
use super::qubo::Qubo;
use rayon::prelude::*;

/// One digit of the product: its qubits and its states as masks over them (bit i = qubit
/// `qubits[i]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Digit {
    /// The qubits, distinct.
    pub qubits: Vec<usize>,
    /// The digit's states, in index order.
    pub states: Vec<u64>,
}

/// A coupling `w·x_i·x_j` between position i of one digit and position j of another.
type Term = (usize, usize, f64);

/// Couplings between two digits: a table when it is small, else the terms themselves.
enum Coupling {
    Table {
        d: usize,
        e: usize,
        values: Vec<f64>,
    },
    Terms {
        d: usize,
        e: usize,
        terms: Vec<(usize, usize, f64)>,
    },
}

/// Largest pair table (entries) tabulated; larger pairs are summed term by term.
const MAX_TABLE: usize = 1 << 22;

/// The smallest power of two `s ≤ 2^10` making every coefficient times s an integer, with the
/// sum of magnitudes far from 2^52 (exact arithmetic), if there is one.
fn dyadic_scale(qubo: &Qubo) -> Option<f64> {
    let coeffs: Vec<f64> = qubo
        .linear
        .iter()
        .copied()
        .chain(qubo.quadratic.iter().map(|q| q.1))
        .chain([qubo.offset])
        .collect();
    super::diagonal::dyadic_scale(&coeffs, 10)
}

/// The cost of every basis state of the product of `digits` (digit 0 fastest). The digits must
/// cover every variable of `qubo` exactly once.
pub fn product_diagonal(qubo: &Qubo, digits: &[Digit]) -> CostDiagonal {
    product_diagonal_within(qubo, digits, &crate::budget::Budget::unlimited()).expect("an unlimited budget never stops")
}

/// What [`product_diagonal_within`] names when its budget stops it.
pub const DIAGONAL_TASK: &str = "computing the cost of every state of the block space";

/// [`product_diagonal`] within `budget`, read before each task of a few thousand states (the
/// diagonal of 8^8 states takes seconds).
pub fn product_diagonal_within(
    qubo: &Qubo,
    digits: &[Digit],
    budget: &crate::budget::Budget<'_>,
) -> crate::error::Result<CostDiagonal> {
    let cost = ProductCost::new(qubo, digits);
    let mut costs = vec![0.0f64; cost.len()];
    let r0 = cost.row_len();
    costs
        .par_chunks_mut(r0 * ROWS_PER_TASK)
        .enumerate()
        .for_each(|(t, out)| {
            // Once the budget is spent the rest is passed over (and the result refused).
            if !budget.expired() {
                cost.fill(t * ROWS_PER_TASK, out)
            }
        });
    if budget.expired() {
        return Err(budget.out_of_time(DIAGONAL_TASK, None, &format!("{} states", cost.len())));
    }
    Ok(index_if_dyadic(qubo, costs))
}

/// Rows (settings of every digit but the first) one parallel task fills.
const ROWS_PER_TASK: usize = 64;

/// The tabulated pieces of a QUBO over a product of digits, to compute the costs of any run of
/// basis states without holding the whole diagonal (the cost histogram counts spaces far larger
/// than memory this way).
pub struct ProductCost<'a> {
    qubo: &'a Qubo,
    digits: &'a [Digit],
    local: Vec<Vec<f64>>,
    couplings: Vec<Coupling>,
    radices: Vec<usize>,
}

impl<'a> ProductCost<'a> {
    /// Tabulate `qubo` over `digits` (digit 0 fastest; they cover every variable once).
    pub fn new(qubo: &'a Qubo, digits: &'a [Digit]) -> ProductCost<'a> {
        let mut owner = vec![(usize::MAX, 0usize); qubo.num_vars];
        for (d, digit) in digits.iter().enumerate() {
            for (i, &q) in digit.qubits.iter().enumerate() {
                owner[q] = (d, i);
            }
        }
        debug_assert!(owner.iter().all(|o| o.0 != usize::MAX), "digits cover every qubit");
        // L_d: linear terms, and quadratic terms inside the digit.
        let mut local: Vec<Vec<f64>> = digits.iter().map(|d| vec![0.0; d.states.len()]).collect();
        for (q, &a) in qubo.linear.iter().enumerate() {
            if a != 0.0 {
                let (d, i) = owner[q];
                for (v, &s) in local[d].iter_mut().zip(&digits[d].states) {
                    if bit(s, i) {
                        *v += a;
                    }
                }
            }
        }
        let mut between: std::collections::BTreeMap<(usize, usize), Vec<Term>> = Default::default();
        for &((q, r), w) in &qubo.quadratic {
            let ((dq, iq), (dr, ir)) = (owner[q], owner[r]);
            if dq == dr {
                for (v, &s) in local[dq].iter_mut().zip(&digits[dq].states) {
                    if bit(s, iq) && bit(s, ir) {
                        *v += w;
                    }
                }
            } else {
                let (d, i, e, j) = if dq < dr { (dq, iq, dr, ir) } else { (dr, ir, dq, iq) };
                between.entry((d, e)).or_default().push((i, j, w));
            }
        }
        let couplings: Vec<Coupling> = between
            .into_iter()
            .map(|((d, e), terms)| {
                let (rd, re) = (digits[d].states.len(), digits[e].states.len());
                if rd.saturating_mul(re) > MAX_TABLE {
                    return Coupling::Terms { d, e, terms };
                }
                let mut values = vec![0.0; rd * re];
                for (se_i, &se) in digits[e].states.iter().enumerate() {
                    for (sd_i, &sd) in digits[d].states.iter().enumerate() {
                        values[se_i * rd + sd_i] = terms
                            .iter()
                            .filter(|&&(i, j, _)| bit(sd, i) && bit(se, j))
                            .map(|t| t.2)
                            .sum();
                    }
                }
                Coupling::Table { d, e, values }
            })
            .collect();
        let radices: Vec<usize> = digits.iter().map(|d| d.states.len()).collect();
        ProductCost {
            qubo,
            digits,
            local,
            couplings,
            radices,
        }
    }

    /// Number of basis states (the product of the radices; saturates at `usize::MAX`).
    pub fn len(&self) -> usize {
        self.radices.iter().fold(1usize, |a, &r| a.saturating_mul(r))
    }

    /// Whether the product is empty (never for digits with states).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// States per row: the radix of digit 0 (1 without digits).
    pub fn row_len(&self) -> usize {
        self.radices.first().copied().unwrap_or(1)
    }

    fn coupling_value(&self, c: &Coupling, digits_of: &[usize]) -> f64 {
        match c {
            Coupling::Table { d, e, values } => values[digits_of[*e] * self.radices[*d] + digits_of[*d]],
            Coupling::Terms { d, e, terms } => {
                let (sd, se) = (
                    self.digits[*d].states[digits_of[*d]],
                    self.digits[*e].states[digits_of[*e]],
                );
                terms
                    .iter()
                    .filter(|&&(i, j, _)| bit(sd, i) && bit(se, j))
                    .map(|t| t.2)
                    .sum()
            }
        }
    }

    /// The costs of the states from row `first_row` on (row o: the other digits fixed by o,
    /// digit 0 running), `out.len()` a multiple of [`ProductCost::row_len`] (the last row may
    /// be cut short at the end of the space).
    pub fn fill(&self, first_row: usize, out: &mut [f64]) {
        let r0 = self.row_len();
        let mut digits_of = vec![0usize; self.radices.len()];
        let mut row = vec![0.0; r0];
        for (i, out) in out.chunks_mut(r0).enumerate() {
            let mut rest = first_row + i;
            for (d, &r) in self.radices.iter().enumerate().skip(1) {
                digits_of[d] = rest % r;
                rest /= r;
            }
            let mut base = self.qubo.offset;
            for (d, l) in self.local.iter().enumerate().skip(1) {
                base += l[digits_of[d]];
            }
            match self.local.first() {
                Some(l) => row.copy_from_slice(l),
                None => row[0] = 0.0,
            }
            for c in &self.couplings {
                let d = match c {
                    Coupling::Table { d, .. } | Coupling::Terms { d, .. } => *d,
                };
                if d == 0 {
                    for (s0, v) in row.iter_mut().enumerate() {
                        digits_of[0] = s0;
                        *v += self.coupling_value(c, &digits_of);
                    }
                } else {
                    base += self.coupling_value(c, &digits_of);
                }
            }
            for (x, v) in out.iter_mut().zip(&row) {
                *x = base + v;
            }
        }
    }
}

/// Bit i of a mask.
fn bit(mask: u64, i: usize) -> bool {
    (mask >> i) & 1 == 1
}

/// The indexed form of `costs` when they are dyadic numbers of at most 2^16 distinct values.
/// The diagonal of `costs`, one per basis state of any listing of `qubo`'s assignments:
/// indexed by distinct value where the QUBO's coefficients are dyadic, else dense.
pub fn diagonal_of_costs(qubo: &Qubo, costs: Vec<f64>) -> CostDiagonal {
    index_if_dyadic(qubo, costs)
}

fn index_if_dyadic(qubo: &Qubo, costs: Vec<f64>) -> CostDiagonal {
    let Some(scale) = dyadic_scale(qubo) else {
        return CostDiagonal::Dense(costs);
    };
    let mut values: Vec<f64> = costs
        .par_chunks(1 << 16)
        .map(|c| {
            let mut v: Vec<f64> = c.to_vec();
            v.sort_by(f64::total_cmp);
            v.dedup();
            v
        })
        .reduce(Vec::new, |mut a, b| {
            a.extend(b);
            a.sort_by(f64::total_cmp);
            a.dedup();
            a
        });
    values.sort_by(f64::total_cmp);
    values.dedup();
    if values.len() > usize::from(u16::MAX) + 1 || values.iter().any(|v| (v * scale).fract() != 0.0) {
        return CostDiagonal::Dense(costs);
    }
    let index: Vec<u16> = costs
        .par_iter()
        .map(|c| values.binary_search_by(|v| v.total_cmp(c)).expect("listed") as u16)
        .collect();
    CostDiagonal::Indexed { values, index }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::qubo::QuboBuilder;

    #[test]
    fn product_diagonal_equals_the_qubo_on_every_state() {
        // 7 qubits: a one-hot digit over {0, 3, 5}, a weight-2 digit over {1, 2, 6}, a free qubit 4.
        let mut b = QuboBuilder::new(7);
        let mut x = 12345u64;
        let mut draw = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) % 9) as f64 / 4.0 - 1.0
        };
        for q in 0..7 {
            b.add_linear(q, draw());
            for r in q + 1..7 {
                b.add_product(q, r, draw());
            }
        }
        b.add_constant(0.75);
        let qubo = b.build();
        let digits = vec![
            Digit {
                qubits: vec![0, 3, 5],
                states: vec![1, 2, 4],
            },
            Digit {
                qubits: vec![1, 2, 6],
                states: vec![3, 5, 6],
            },
            Digit {
                qubits: vec![4],
                states: vec![0, 1],
            },
        ];
        let diag = product_diagonal(&qubo, &digits);
        assert!(matches!(diag, CostDiagonal::Indexed { .. }));
        assert_eq!(diag.len(), 18);
        for k in 0..18 {
            let (s0, s1, s2) = (k % 3, (k / 3) % 3, k / 9);
            let mut full = 0u64;
            for (d, s) in digits.iter().zip([s0, s1, s2]) {
                for (i, &q) in d.qubits.iter().enumerate() {
                    full |= ((d.states[s] >> i) & 1) << q;
                }
            }
            assert_eq!(diag.get(k).to_bits(), qubo.energy(full).to_bits(), "state {k}");
        }
    }
}
