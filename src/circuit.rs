//! The QAOA circuit as a gate list: the single source of both the reference simulation and
//! the OpenQASM text, so "the exported circuit is the simulated circuit" is a test.

use crate::angles::Angles;
use crate::cost::ising::Ising;
use crate::cost::pubo::ZPoly;

/// A free parameter of the circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// γ of layer l (0-based).
    Gamma(usize),
    /// β of layer l (0-based).
    Beta(usize),
}

/// A gate angle: its value, and how it is written symbolically (`coefficient · parameter`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Angle {
    /// The numeric angle in radians.
    pub value: f64,
    /// `(coefficient, parameter)` with `value = coefficient · parameter`.
    pub symbol: Option<(f64, Param)>,
}

/// Gates with OpenQASM 3 `stdgates.inc` semantics (`rzz` as `cx a,b; rz(θ) b; cx a,b`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Gate {
    /// Hadamard.
    H(usize),
    /// `rx(θ) = exp(−iθX/2)`.
    Rx(usize, Angle),
    /// `rz(θ) = exp(−iθZ/2)`.
    Rz(usize, Angle),
    /// `rzz(θ) = exp(−iθ Z⊗Z/2)`, written `cx a,b; rz(θ) b; cx a,b`.
    Rzz(usize, usize, Angle),
    /// CNOT (control, target).
    Cx(usize, usize),
}

/// A circuit over `num_qubits` qubits that starts in `|0…0⟩`.
#[derive(Clone, Debug, PartialEq)]
pub struct Circuit {
    /// Number of qubits.
    pub num_qubits: usize,
    /// Gates in time order.
    pub gates: Vec<Gate>,
}

impl Circuit {
    /// The QAOA circuit: `H` on every qubit, then per layer `rz(2γh_q)`, `rzz(2γJ_ab)` and
    /// `rx(2β)`. The Ising offset is a global phase and is left out.
    pub fn qaoa(ising: &Ising, angles: &Angles) -> Circuit {
        Circuit::qaoa_poly(&ZPoly::from_ising(ising), angles)
    }

    /// The QAOA circuit of a higher-order cost: `H` on every qubit, then per layer, for every
    /// term `w Π_{q∈S} Z_q`, `exp(−iγ w Z…Z)`: `rz(2γw)` for one qubit, `rzz(2γw)` for two, and
    /// for more a CNOT ladder that gathers the parity of S onto its last qubit, `rz(2γw)`
    /// there, and the ladder undone; then `rx(2β)` on every qubit. The offset is a global phase.
    pub fn qaoa_poly(poly: &ZPoly, angles: &Angles) -> Circuit {
        let n = poly.num_qubits;
        let mut gates: Vec<Gate> = (0..n).map(Gate::H).collect();
        for (l, (&gamma, &beta)) in angles.gammas.iter().zip(&angles.betas).enumerate() {
            for (s, w) in &poly.terms {
                if *w == 0.0 {
                    continue;
                }
                let angle = Angle {
                    value: 2.0 * gamma * w,
                    symbol: Some((2.0 * w, Param::Gamma(l))),
                };
                match s.as_slice() {
                    [] => {}
                    [q] => gates.push(Gate::Rz(*q, angle)),
                    [a, b] => gates.push(Gate::Rzz(*a, *b, angle)),
                    _ => {
                        let ladder: Vec<Gate> = s.windows(2).map(|p| Gate::Cx(p[0], p[1])).collect();
                        gates.extend(ladder.iter().copied());
                        gates.push(Gate::Rz(s[s.len() - 1], angle));
                        gates.extend(ladder.iter().rev().copied());
                    }
                }
            }
            for q in 0..n {
                gates.push(Gate::Rx(
                    q,
                    Angle {
                        value: 2.0 * beta,
                        symbol: Some((2.0, Param::Beta(l))),
                    },
                ));
            }
        }
        Circuit { num_qubits: n, gates }
    }

    /// Number of gates of each kind: (h, rx, rz, rzz, cx).
    pub fn counts(&self) -> (usize, usize, usize, usize, usize) {
        let mut c = (0, 0, 0, 0, 0);
        for g in &self.gates {
            match g {
                Gate::H(_) => c.0 += 1,
                Gate::Rx(..) => c.1 += 1,
                Gate::Rz(..) => c.2 += 1,
                Gate::Rzz(..) => c.3 += 1,
                Gate::Cx(..) => c.4 += 1,
            }
        }
        c
    }
}
