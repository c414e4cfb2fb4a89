//! Penalty QUBO of a reduced model: `E(x) = offset + Σ a_q x_q + Σ_{q<r} b_qr x_q x_r`.
//!
//! Each active constraint becomes a non-negative penalty that is exactly 0 when it holds:
//! a count `Σ = k` gives `(Σ − k)²`, a soft count `Σ ∈ {k, k+1}` gives the paper's fractional
//! term shifted by its constant, `(Σ − k − ½)² − ¼`; `NotBoth` gives `x·y`; `Same` gives
//! `x + y − 2xy`; `Differ` gives `1 − x − y + 2xy`; `Fixed(v)` gives `x` or `1 − x`.
//! Fixed and merged variables are substituted first, so a valid board has energy exactly 0.
//! Each penalty is multiplied by its constraint's weight, 1 unless an override sets another
//! (docs/lp.md, "Penalties").

use crate::budget::Cancel;
use crate::model::{Constraint, Lit, Model, Reduced};
use std::collections::BTreeMap;

/// A quadratic unconstrained binary optimisation problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Qubo {
    /// Number of binary variables.
    pub num_vars: usize,
    /// Linear coefficients `a_q`.
    pub linear: Vec<f64>,
    /// Quadratic coefficients `((q, r), b_qr)` with `q < r`, sorted, non-zero.
    pub quadratic: Vec<((usize, usize), f64)>,
    /// Constant term.
    pub offset: f64,
}

/// An affine form `c + Σ a_q x_q` over free variables.
#[derive(Clone, Debug, Default)]
struct Affine {
    constant: f64,
    terms: BTreeMap<usize, f64>,
}

impl Affine {
    fn of_lit(l: Lit) -> Affine {
        let mut a = Affine::default();
        a.add_lit(l, 1.0);
        a
    }

    fn add_lit(&mut self, l: Lit, w: f64) {
        match l {
            Lit::Const(b) => self.constant += w * f64::from(u8::from(b)),
            Lit::Var { index, negated: false } => *self.terms.entry(index).or_default() += w,
            Lit::Var { index, negated: true } => {
                self.constant += w;
                *self.terms.entry(index).or_default() -= w;
            }
        }
    }
}

/// Accumulates a QUBO term by term.
#[derive(Clone, Debug)]
pub struct QuboBuilder {
    num_vars: usize,
    linear: Vec<f64>,
    quadratic: BTreeMap<(usize, usize), f64>,
    offset: f64,
    /// The stop request read while products are added (a count over m variables adds m²),
    /// the products added since the last look, and the stop, once asked for.
    cancel: Cancel,
    since_check: u64,
    stopped: bool,
}

/// What the stop request names.
const TASK: &str = "building the penalty QUBO";

/// Products added between two looks at the stop request (well under a second).
const PRODUCTS_PER_CHECK: u64 = 1 << 18;

impl QuboBuilder {
    /// An empty QUBO over `num_vars` variables.
    pub fn new(num_vars: usize) -> Self {
        QuboBuilder {
            num_vars,
            linear: vec![0.0; num_vars],
            quadratic: BTreeMap::new(),
            offset: 0.0,
            cancel: Cancel::never(),
            since_check: 0,
            stopped: false,
        }
    }

    /// Whether the stop request was heard (then nothing more is added).
    fn stop_heard(&mut self) -> bool {
        if !self.stopped && self.since_check >= PRODUCTS_PER_CHECK {
            self.since_check = 0;
            self.stopped = self.cancel.check(TASK).is_err();
        }
        self.stopped
    }

    /// Add `w·x_q·x_r` (`x_q² = x_q` when q = r).
    pub fn add_product(&mut self, q: usize, r: usize, w: f64) {
        if q == r {
            self.linear[q] += w;
        } else {
            *self.quadratic.entry((q.min(r), q.max(r))).or_default() += w;
        }
    }

    /// Add `w·x_q`.
    pub fn add_linear(&mut self, q: usize, w: f64) {
        self.linear[q] += w;
    }

    /// Add a constant.
    pub fn add_constant(&mut self, w: f64) {
        self.offset += w;
    }

    /// Add `w·(f)²` for an affine form f.
    fn add_square(&mut self, f: &Affine, w: f64) {
        self.add_product_of(f, f, w);
    }

    /// Add `w·f·g` for affine forms f and g.
    fn add_product_of(&mut self, f: &Affine, g: &Affine, w: f64) {
        self.offset += w * f.constant * g.constant;
        for (&q, &a) in &f.terms {
            self.linear[q] += w * a * g.constant;
        }
        for (&r, &b) in &g.terms {
            self.linear[r] += w * f.constant * b;
        }
        for (&q, &a) in &f.terms {
            self.since_check += g.terms.len() as u64;
            if self.stop_heard() {
                return;
            }
            for (&r, &b) in &g.terms {
                self.add_product(q, r, w * a * b);
            }
        }
    }

    /// The finished QUBO, with zero coefficients dropped.
    pub fn build(self) -> Qubo {
        Qubo {
            num_vars: self.num_vars,
            linear: self.linear,
            quadratic: self.quadratic.into_iter().filter(|(_, w)| *w != 0.0).collect(),
            offset: self.offset,
        }
    }
}

impl Qubo {
    /// The penalty QUBO of the active constraints of `model` after `reduced`, over its free
    /// variables (qubits). Every penalty has its constraint's weight (1 unless overridden); the model's objective `Σ w_v x_v` (and
    /// its products `Σ w_uv x_u x_v`), if any, is added as it is (so a valid board then has energy equal to its objective).
    pub fn from_model(model: &Model, reduced: &Reduced) -> Qubo {
        Qubo::from_model_without(model, reduced, &[])
    }

    /// [`Qubo::from_model`] without the penalties of the constraints in `enforced` (indices
    /// into the model's constraints): the cost on a block space, where a circuit that keeps
    /// those constraints makes their penalties zero on every state it reaches.
    pub fn from_model_without(model: &Model, reduced: &Reduced, enforced: &[usize]) -> Qubo {
        Qubo::builder_within(model, reduced, enforced, &Cancel::never()).build()
    }

    /// [`Qubo::from_model_without`] that reads `cancel` every 262,144 products (`PRODUCTS_PER_CHECK`)
    /// (a count over m variables has m² of them: docs/lp.md, "Size and time") and stops with
    /// its error.
    pub fn from_model_within(
        model: &Model,
        reduced: &Reduced,
        enforced: &[usize],
        cancel: &Cancel,
    ) -> crate::error::Result<Qubo> {
        let b = Qubo::builder_within(model, reduced, enforced, cancel);
        if b.stopped {
            // The request stays set (a flag is not cleared, a deadline does not come back).
            return Err(cancel
                .check(TASK)
                .err()
                .unwrap_or(crate::error::Error::Interrupted { task: TASK.to_string() }));
        }
        Ok(b.build())
    }

    fn builder_within(model: &Model, reduced: &Reduced, enforced: &[usize], cancel: &Cancel) -> QuboBuilder {
        let mut b = QuboBuilder::new(reduced.num_free);
        b.cancel = cancel.clone();
        let lit = |v: usize| reduced.lits[v];
        for &i in reduced.active.iter().filter(|i| !enforced.contains(i)) {
            // Each penalty times its constraint's weight (1 unless overridden: docs/lp.md, "Penalties").
            let w = model.constraints[i].weight.get();
            match &model.constraints[i].constraint {
                Constraint::Count { vars, k, soft } => {
                    let mut f = Affine::default();
                    for &v in vars {
                        f.add_lit(lit(v), 1.0);
                    }
                    let target = *k as f64 + if *soft { 0.5 } else { 0.0 };
                    f.constant -= target;
                    b.add_square(&f, w);
                    if *soft {
                        b.add_constant(-0.25 * w);
                    }
                }
                Constraint::NotBoth(x, y) => b.add_product_of(&Affine::of_lit(lit(*x)), &Affine::of_lit(lit(*y)), w),
                Constraint::Same(x, y) | Constraint::Differ(x, y) => {
                    // (x − y)² for Same, (x + y − 1)² for Differ: both 0/1 valued on bits.
                    let mut f = Affine::of_lit(lit(*x));
                    let differ = matches!(model.constraints[i].constraint, Constraint::Differ(..));
                    f.add_lit(lit(*y), if differ { 1.0 } else { -1.0 });
                    if differ {
                        f.constant -= 1.0;
                    }
                    b.add_square(&f, w);
                }
                Constraint::Fixed(x, v) => {
                    let mut f = Affine::of_lit(lit(*x));
                    f.constant -= f64::from(u8::from(*v));
                    b.add_square(&f, w);
                }
            }
        }
        let mut objective = Affine::default();
        for &(v, w) in &model.objective {
            objective.add_lit(lit(v), w);
        }
        b.add_constant(objective.constant);
        for (&q, &w) in &objective.terms {
            b.add_linear(q, w);
        }
        for &(u, v, w) in &model.objective_pairs {
            b.add_product_of(&Affine::of_lit(lit(u)), &Affine::of_lit(lit(v)), w);
        }
        b
    }

    /// Energy of basis index `k` (bit q = x_q).
    pub fn energy(&self, k: u64) -> f64 {
        let x = |q: usize| (k >> q) & 1 == 1;
        let mut e = self.offset;
        for (q, &a) in self.linear.iter().enumerate() {
            if x(q) {
                e += a;
            }
        }
        for &((q, r), b) in &self.quadratic {
            if x(q) && x(r) {
                e += b;
            }
        }
        e
    }

    /// Energy of an assignment.
    pub fn energy_of(&self, x: &[bool]) -> f64 {
        let mut e = self.offset;
        for (q, &a) in self.linear.iter().enumerate() {
            if x[q] {
                e += a;
            }
        }
        for &((q, r), b) in &self.quadratic {
            if x[q] && x[r] {
                e += b;
            }
        }
        e
    }

    /// The QUBO of an Ising model under `z = 1 − 2x` (bit q = 1 is z_q = −1), so both give
    /// every basis index the same energy; integer Ising coefficients stay integers, exact.
    pub fn from_ising(ising: &crate::cost::ising::Ising) -> Qubo {
        let mut b = QuboBuilder::new(ising.num_qubits);
        b.add_constant(ising.offset);
        for (q, &h) in ising.h.iter().enumerate() {
            b.add_constant(h);
            b.add_linear(q, -2.0 * h);
        }
        for &(q, r, w) in &ising.couplings {
            b.add_constant(w);
            b.add_linear(q, -2.0 * w);
            b.add_linear(r, -2.0 * w);
            b.add_product(q, r, 4.0 * w);
        }
        b.build()
    }

    /// The Ising form under `x = (1 − z)/2`.
    pub fn to_ising(&self) -> crate::cost::ising::Ising {
        let n = self.num_vars;
        let mut h: Vec<f64> = self.linear.iter().map(|a| -a / 2.0).collect();
        let mut offset = self.offset + self.linear.iter().sum::<f64>() / 2.0;
        let mut couplings = Vec::with_capacity(self.quadratic.len());
        for &((q, r), b) in &self.quadratic {
            h[q] -= b / 4.0;
            h[r] -= b / 4.0;
            offset += b / 4.0;
            couplings.push((q, r, b / 4.0));
        }
        crate::cost::ising::Ising {
            num_qubits: n,
            h,
            couplings,
            offset,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::ising::Ising;

    #[test]
    fn from_ising_keeps_every_energy_exactly() {
        for (n, seed) in [(1, 0), (5, 1), (9, 7)] {
            let mut ising = Ising::random(n, seed);
            ising.offset = 1.5;
            let qubo = Qubo::from_ising(&ising);
            for k in 0..1u64 << n {
                assert_eq!(qubo.energy(k).to_bits(), ising.energy(k).to_bits(), "n = {n}, k = {k}");
            }
            // And back: the same Ising energies.
            let back = qubo.to_ising();
            for k in 0..1u64 << n {
                assert_eq!(back.energy(k).to_bits(), ising.energy(k).to_bits(), "n = {n}, k = {k}");
            }
        }
    }
}
