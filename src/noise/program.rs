//! The exported circuit as the noisy simulation sees it ([`NoisyCircuit`]), Pauli operators
//! with their phase ([`Pauli`]), error events, and the propagation of a layer's errors to the
//! boundary between its cost part and its mixer ([`LayerFrame`]).

use crate::angles::Angles;
use crate::circuit::{Angle, Circuit, Gate};
use crate::error::{Error, Result};
use num_complex::Complex64;
use serde::Serialize;

/// `i^phase · X^x · Z^z` (X's applied after the Z's), on up to 64 qubits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pauli {
    /// Qubits with an X factor.
    pub x: u64,
    /// Qubits with a Z factor.
    pub z: u64,
    /// The power of i in front (mod 4).
    pub phase: u8,
}

impl Pauli {
    /// The identity.
    pub const I: Pauli = Pauli { x: 0, z: 0, phase: 0 };

    /// One factor on qubit `q`: `kind` 0 = I, 1 = X, 2 = Y (= iXZ), 3 = Z.
    pub fn single(q: usize, kind: u8) -> Pauli {
        let bit = 1u64 << q;
        match kind & 3 {
            0 => Pauli::I,
            1 => Pauli { x: bit, z: 0, phase: 0 },
            2 => Pauli {
                x: bit,
                z: bit,
                phase: 1,
            },
            _ => Pauli { x: 0, z: bit, phase: 0 },
        }
    }

    /// The product `self · rhs` (named apart from `Mul::mul`, which would suggest a numeric product): `Z^{z1} X^{x2} = (−1)^{|z1 ∩ x2|} X^{x2} Z^{z1}`.
    pub fn times(self, rhs: Pauli) -> Pauli {
        let swap = ((self.z & rhs.x).count_ones() & 1) as u8;
        Pauli {
            x: self.x ^ rhs.x,
            z: self.z ^ rhs.z,
            phase: (self.phase + rhs.phase + 2 * swap) & 3,
        }
    }

    /// `cx·P·cx` (cx(c, t) maps X_c → X_c X_t and Z_t → Z_c Z_t, with no sign in this form).
    pub fn through_cx(self, control: usize, target: usize) -> Pauli {
        let (c, t) = (1u64 << control, 1u64 << target);
        let mut p = self;
        if self.x & c != 0 {
            p.x ^= t;
        }
        if self.z & t != 0 {
            p.z ^= c;
        }
        p
    }

    /// Whether it anticommutes with `Z_q` (has X or Y on q).
    pub fn flips_z(self, q: usize) -> bool {
        self.x >> q & 1 == 1
    }

    /// Whether it is a multiple of the identity.
    pub fn is_scalar(self) -> bool {
        self.x == 0 && self.z == 0
    }

    /// `i^phase`.
    pub fn global(self) -> Complex64 {
        [
            Complex64::new(1.0, 0.0),
            Complex64::new(0.0, 1.0),
            Complex64::new(-1.0, 0.0),
            Complex64::new(0.0, -1.0),
        ][usize::from(self.phase & 3)]
    }
}

/// One gate of a layer's cost part, as exported (`rzz` written out as `cx; rz; cx`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CostOp {
    /// CNOT (control, target).
    Cx(usize, usize),
    /// `rz(θ)` on `q`; with the CNOTs before it in the cost part it is the phase gadget
    /// `exp(−iθ/2 · Z_S)`, `S = support` (a bit mask).
    Rz {
        /// Its qubit.
        q: usize,
        /// Its angle.
        theta: f64,
        /// The qubits of its gadget.
        support: u64,
    },
}

/// One QAOA layer of the exported circuit.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    /// γ of the layer (the simulator's phase uses it).
    pub gamma: f64,
    /// β of the layer (`rx(2β)` on every qubit).
    pub beta: f64,
    /// The cost part, in order.
    pub cost: Vec<CostOp>,
    /// The qubits of the `rx` gates, in order.
    pub mixer: Vec<usize>,
}

/// Gates of the exported circuit per kind (`rzz` counted as 2 `cx` + 1 `rz`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GateCounts {
    /// Hadamards.
    pub h: usize,
    /// `rz` gates.
    pub rz: usize,
    /// `rx` gates.
    pub rx: usize,
    /// CNOTs.
    pub cx: usize,
    /// `ry` gates (gate-level circuits only: the Dicke preparation).
    #[serde(skip_serializing_if = "is_zero")]
    pub ry: usize,
    /// `x` gates (gate-level circuits only).
    #[serde(skip_serializing_if = "is_zero")]
    pub x: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The full-space QAOA circuit (start `h` on every qubit, per layer a cost part of `rz` and
/// `cx` whose product is diagonal, then `rx` on every qubit), checked and split into layers.
#[derive(Clone, Debug, PartialEq)]
pub struct NoisyCircuit {
    /// Qubits.
    pub num_qubits: usize,
    /// The qubits of the starting `h` gates.
    pub start: Vec<usize>,
    /// The layers.
    pub layers: Vec<Layer>,
}

fn unsupported(what: String) -> Error {
    crate::error::Unsupported::NoiseCircuit { what }.into()
}

/// The layers of `circuit` as its builder recorded them ([`crate::circuit::Layering`]), one per
/// angle pair: refused where the circuit has none or another count. Both noise routes read the
/// layer boundaries here.
pub(crate) fn layers_of<'a>(circuit: &'a Circuit, angles: &Angles) -> Result<&'a crate::circuit::Layering> {
    let Some(layering) = &circuit.layering else {
        return Err(unsupported("a circuit without QAOA layers".into()));
    };
    if layering.layers.len() != angles.p() {
        return Err(unsupported(format!(
            "{} layers for the {} of the angles",
            layering.layers.len(),
            angles.p()
        )));
    }
    // The parts in order, each where the one before ends, the last at the last gate.
    let mut end = 0;
    for part in std::iter::once(&layering.start).chain(layering.layers.iter().flat_map(|l| [&l.cost, &l.mixer])) {
        if part.start != end || part.end < part.start {
            return Err(unsupported(format!(
                "layer parts that do not follow each other at gate {end}"
            )));
        }
        end = part.end;
    }
    if end != circuit.gates.len() {
        return Err(unsupported(format!(
            "{} gates after the {} layers of the angles",
            circuit.gates.len().saturating_sub(end),
            angles.p()
        )));
    }
    Ok(layering)
}

/// The cost part of layer `l` (`gates`: `rz`, `rzz` and `cx`) as its native operations in
/// order, each `rz` with the Z support the CNOTs before it gathered: refused unless the CNOTs
/// cancel (the part is then the diagonal phase of those supports).
pub(crate) fn cost_part(num_qubits: usize, gates: &[Gate], l: usize) -> Result<Vec<CostOp>> {
    let mut cost = Vec::new();
    // tableau[j]: the Z support of C† Z_j C, C the CNOTs of the cost part so far.
    let mut tableau: Vec<u64> = (0..num_qubits).map(|j| 1u64 << j).collect();
    let rz = |q: usize, a: Angle, tableau: &[u64], cost: &mut Vec<CostOp>| {
        cost.push(CostOp::Rz {
            q,
            theta: a.value,
            support: tableau[q],
        })
    };
    let cx = |c: usize, t: usize, tableau: &mut [u64], cost: &mut Vec<CostOp>| {
        tableau[t] ^= tableau[c];
        cost.push(CostOp::Cx(c, t));
    };
    for g in gates {
        match *g {
            Gate::Rz(q, a) => rz(q, a, &tableau, &mut cost),
            Gate::Cx(c, t) => cx(c, t, &mut tableau, &mut cost),
            Gate::Rzz(a, b, ang) => {
                cx(a, b, &mut tableau, &mut cost);
                rz(b, ang, &tableau, &mut cost);
                cx(a, b, &mut tableau, &mut cost);
            }
            _ => {
                return Err(unsupported(format!(
                    "`{}` in the cost part of layer {}",
                    g.name(),
                    l + 1
                )))
            }
        }
    }
    if tableau.iter().enumerate().any(|(j, &s)| s != 1u64 << j) {
        return Err(unsupported(format!("the CNOTs of layer {} do not cancel", l + 1)));
    }
    Ok(cost)
}

impl NoisyCircuit {
    /// The layers of `circuit` (from [`Circuit::qaoa_poly`], which records them) at `angles`;
    /// refuse any other shape: a start that is not one `h` on every qubit, a cost part whose
    /// CNOTs do not cancel, or a mixer other than `rx(2β)` on every qubit.
    pub fn new(circuit: &Circuit, angles: &Angles) -> Result<NoisyCircuit> {
        let n = circuit.num_qubits;
        if n > 64 {
            return Err(unsupported(format!("{n} qubits, more than 64")));
        }
        let layering = layers_of(circuit, angles)?;
        let gates = &circuit.gates;
        let mut start = Vec::new();
        for g in &gates[layering.start.clone()] {
            match *g {
                Gate::H(q) => start.push(q),
                _ => return Err(unsupported(format!("`{}` in the start", g.name()))),
            }
        }
        let all = |qs: &[usize]| {
            let mut seen = vec![false; n];
            qs.len() == n && qs.iter().all(|&q| q < n && !std::mem::replace(&mut seen[q], true))
        };
        if !all(&start) {
            return Err(unsupported("the start is not one h on every qubit".into()));
        }
        let mut layers = Vec::new();
        for (l, ((&gamma, &beta), parts)) in angles
            .gammas
            .iter()
            .zip(&angles.betas)
            .zip(&layering.layers)
            .enumerate()
        {
            let cost = cost_part(n, &gates[parts.cost.clone()], l)?;
            let mut mixer = Vec::new();
            for g in &gates[parts.mixer.clone()] {
                let Gate::Rx(q, a) = *g else {
                    return Err(unsupported(format!("`{}` in the mixer of layer {}", g.name(), l + 1)));
                };
                if (a.value - 2.0 * beta).abs() > 1e-12 * (1.0 + beta.abs()) {
                    return Err(unsupported(format!(
                        "rx({}) in layer {}, not 2 beta = {}",
                        a.value,
                        l + 1,
                        2.0 * beta
                    )));
                }
                mixer.push(q);
            }
            if !all(&mixer) {
                return Err(unsupported(format!("layer {} has no rx on every qubit", l + 1)));
            }
            layers.push(Layer {
                gamma,
                beta,
                cost,
                mixer,
            });
        }
        Ok(NoisyCircuit {
            num_qubits: n,
            start,
            layers,
        })
    }

    /// The gates per kind.
    pub fn gate_counts(&self) -> GateCounts {
        let mut c = GateCounts {
            h: self.start.len(),
            ..GateCounts::default()
        };
        for l in &self.layers {
            c.rx += l.mixer.len();
            for op in &l.cost {
                match op {
                    CostOp::Cx(..) => c.cx += 1,
                    CostOp::Rz { .. } => c.rz += 1,
                }
            }
        }
        c
    }

    /// The gate list as the simulation reads it (`rzz` written out), for the reference
    /// simulator: the start, then per layer its cost gates and its `rx` gates.
    pub fn gates(&self) -> Vec<Gate> {
        let fixed = |value| Angle { value, symbol: None };
        let mut out: Vec<Gate> = self.start.iter().map(|&q| Gate::H(q)).collect();
        for l in &self.layers {
            out.extend(l.cost.iter().map(|op| match *op {
                CostOp::Cx(c, t) => Gate::Cx(c, t),
                CostOp::Rz { q, theta, .. } => Gate::Rz(q, fixed(theta)),
            }));
            out.extend(l.mixer.iter().map(|&q| Gate::Rx(q, fixed(2.0 * l.beta))));
        }
        out
    }
}

/// The errors of one trajectory in one layer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LayerEvents {
    /// `(i, E)`: the Pauli E right after cost gate i, ascending in i.
    pub cost: Vec<(usize, Pauli)>,
    /// The product of the Paulis after the `rx` gates.
    pub mixer: Pauli,
}

impl LayerEvents {
    /// Whether there is no error in the layer.
    pub fn is_empty(&self) -> bool {
        self.cost.is_empty() && self.mixer == Pauli::I
    }
}

/// The errors of one trajectory.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Events {
    /// The product of the Paulis after the starting `h` gates.
    pub start: Pauli,
    /// Per layer.
    pub layers: Vec<LayerEvents>,
}

impl Events {
    /// The first layer with an error (the start counts as layer 0), or `None`.
    pub fn first_layer(&self) -> Option<usize> {
        if self.start != Pauli::I {
            return Some(0);
        }
        self.layers.iter().position(|l| !l.is_empty())
    }
}

/// A layer's errors pushed to the end of its cost part: the cost part becomes the noiseless
/// phase times `Π_{t ∈ negated} exp(iθ_t Z_{S_t})` (each negated gadget
/// `exp(+iθ/2·Z_S) = exp(−iθ/2·Z_S)·exp(iθ·Z_S)`), followed by `frame`; then the mixer, then
/// `mixer`.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerFrame {
    /// The negated gadgets as `(S_t, e^{iθ_t})`.
    pub flips: Vec<(u64, Complex64)>,
    /// The Pauli at the boundary between cost part and mixer.
    pub frame: Pauli,
    /// The Pauli after the mixer.
    pub mixer: Pauli,
}

impl LayerFrame {
    /// Push `events` through `layer`'s cost part: `G·P = P'·G'` gate by gate, G' = G except
    /// that `rz` is negated when P has X or Y on its qubit.
    pub fn of(layer: &Layer, events: &LayerEvents) -> LayerFrame {
        let mut frame = Pauli::I;
        let mut flips = Vec::new();
        let mut next = events.cost.iter().peekable();
        if let Some(&&(first, _)) = next.peek() {
            for (i, op) in layer.cost.iter().enumerate().skip(first) {
                match *op {
                    CostOp::Cx(c, t) => frame = frame.through_cx(c, t),
                    CostOp::Rz { q, theta, support } => {
                        if frame.flips_z(q) {
                            flips.push((support, Complex64::from_polar(1.0, theta)));
                        }
                    }
                }
                while let Some(&&(j, e)) = next.peek() {
                    if j != i {
                        break;
                    }
                    frame = e.times(frame);
                    next.next();
                }
            }
        }
        LayerFrame {
            flips,
            frame,
            mixer: events.mixer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly3() -> crate::cost::pubo::ZPoly {
        crate::cost::pubo::ZPoly {
            num_qubits: 3,
            terms: vec![(vec![0], 0.5), (vec![0, 2], -1.25), (vec![0, 1, 2], 0.75)],
            offset: 0.0,
        }
    }

    /// The layers come from the builder's record: each cost part's operations are its gates'
    /// native ones with the gathered supports, each mixer its `rx`; the record is refused where
    /// it is missing, counts other layers than the angles, leaves a gap or ends early.
    #[test]
    fn layers_are_read_from_the_builders_record_and_checked() {
        let angles = Angles::new(vec![0.3, -0.2], vec![0.1, 0.7]).unwrap();
        let circuit = Circuit::qaoa_poly(&poly3(), &angles);
        let c = NoisyCircuit::new(&circuit, &angles).unwrap();
        assert_eq!(c.start, vec![0, 1, 2]);
        assert_eq!(c.layers.len(), 2);
        for layer in &c.layers {
            assert_eq!(layer.mixer, vec![0, 1, 2]);
            let supports: Vec<u64> = layer
                .cost
                .iter()
                .filter_map(|op| match op {
                    CostOp::Rz { support, .. } => Some(*support),
                    CostOp::Cx(..) => None,
                })
                .collect();
            // z0, z0 z2 (rzz: cx rz cx), z0 z1 z2 (a ladder).
            assert_eq!(supports, vec![0b001, 0b101, 0b111]);
            assert_eq!(layer.cost.len(), 1 + 3 + 5);
        }
        let refused = |c: &Circuit, a: &Angles| NoisyCircuit::new(c, a).unwrap_err().to_string();
        let plain = Circuit::plain(3, circuit.gates.clone());
        assert!(refused(&plain, &angles).contains("a circuit without QAOA layers"));
        let one = Angles::new(vec![0.3], vec![0.1]).unwrap();
        assert!(refused(&circuit, &one).contains("2 layers for the 1 of the angles"));
        let mut extra = circuit.clone();
        extra.gates.push(Gate::X(0));
        assert!(refused(&extra, &angles).contains("1 gates after the 2 layers"));
        let mut gap = circuit.clone();
        let layering = gap.layering.as_mut().unwrap();
        layering.layers[1].cost.start += 1;
        assert!(refused(&gap, &angles).contains("do not follow each other"));
        let mut uncancelled = circuit.clone();
        let at = uncancelled.layering.as_ref().unwrap().layers[0].cost.start;
        let ladder = (at..at + 12)
            .find(|&i| matches!(uncancelled.gates[i], Gate::Cx(..)))
            .unwrap();
        uncancelled.gates[ladder] = Gate::Cx(1, 0);
        assert!(refused(&uncancelled, &angles).contains("the CNOTs of layer 1 do not cancel"));
    }

    /// Dense 2^n matrices of Paulis, for checking the algebra.
    fn matrix(p: Pauli, n: usize) -> Vec<Vec<Complex64>> {
        let len = 1usize << n;
        let mut m = vec![vec![Complex64::new(0.0, 0.0); len]; len];
        for k in 0..len {
            // Z^z then X^x: |k⟩ → (−1)^{|k∩z|} |k ⊕ x⟩.
            let sign = if (k as u64 & p.z).count_ones() % 2 == 1 {
                -1.0
            } else {
                1.0
            };
            m[k ^ p.x as usize][k] = p.global() * sign;
        }
        m
    }

    fn matmul(a: &[Vec<Complex64>], b: &[Vec<Complex64>]) -> Vec<Vec<Complex64>> {
        let n = a.len();
        (0..n)
            .map(|i| (0..n).map(|j| (0..n).map(|k| a[i][k] * b[k][j]).sum()).collect())
            .collect()
    }

    #[test]
    fn pauli_products_and_cx_conjugation_are_the_matrices() {
        let n = 3;
        let all: Vec<Pauli> = (0..64u32)
            .map(|k| {
                (0..n).fold(Pauli::I, |p, q| {
                    let kind = ((k >> (2 * q)) & 3) as u8;
                    p.times(Pauli::single(q, kind))
                })
            })
            .collect();
        // Y is iXZ.
        let y = matrix(Pauli::single(0, 2), 1);
        assert_eq!(y[0][1], Complex64::new(0.0, -1.0));
        assert_eq!(y[1][0], Complex64::new(0.0, 1.0));
        let cx = {
            // |k⟩ → |k ⊕ 4⟩ when bit 0 is set: row t has its one in column t ⊕ 4 or t.
            (0..8usize)
                .map(|t| {
                    let k = if t & 1 == 1 { t ^ 4 } else { t };
                    (0..8)
                        .map(|j| Complex64::new(f64::from(u8::from(j == k)), 0.0))
                        .collect()
                })
                .collect::<Vec<Vec<Complex64>>>()
        };
        for &a in &all {
            for &b in all.iter().step_by(7) {
                assert_eq!(
                    matrix(a.times(b), n),
                    matmul(&matrix(a, n), &matrix(b, n)),
                    "{a:?}·{b:?}"
                );
            }
            assert_eq!(
                matrix(a.through_cx(0, 2), n),
                matmul(&matmul(&cx, &matrix(a, n)), &cx),
                "cx {a:?} cx"
            );
        }
    }
}
