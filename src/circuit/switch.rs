//! The switch mixers' gates (docs/ARCHITECTURE.md, "Spaces and mixers"): a move on cells
//! `(i,a), (i,b), (j,a), (j,b)` is the double-excitation rotation `exp(−iβ(S + S†))`,
//! `S = |0110⟩⟨1001|` over those four qubits, written in stdgates.inc gates:
//!
//! - `L = cx(ia, ib) · cx(ia, ja) · cx(ia, jb)` maps `|1001⟩ → |1110⟩` and `|0110⟩ → |0110⟩`:
//!   the pair then differs only in qubit `ia`, with `ib = ja = 1`, `jb = 0`;
//! - an `rx(2β)` on `ia` controlled by `ib = 1, ja = 1, jb = 0` turns exactly that pair (`L`
//!   sends no other state there);
//! - `L` again (its three CNOTs share their control and commute, so `L = L⁻¹`).
//!
//! The controlled rotation is `h · exp(−iβ Z_ia P) · h`, `P` the projector on the controls'
//! values, and `Z_ia P = ⅛ Σ_{S ⊆ {ib, ja, jb}} σ_S Z_ia Z_S` (`σ_S = −1` to the number of
//! `ib`, `ja` in `S`, as `(1 − Z)/2` projects on `|1⟩`), so it is eight commuting parity
//! rotations `rz(σ_S · 2β/8)` on `ia` between CNOT ladders from `S`. No ancilla, no phase
//! left over: the gate list equals the rotation, phase included.

use super::{mixer_angle, push_cost_layer, Angle, Circuit, Gate};
use crate::angles::Angles;
use crate::cost::pubo::ZPoly;

/// The gates of `exp(−i(θ/2)(S + S†))` on the move `[ia, ib, ja, jb]`, θ = `angle` (`2β`).
pub fn double_excitation(four: [usize; 4], angle: Angle) -> Vec<Gate> {
    let [ia, ib, ja, jb] = four;
    let ladder = [Gate::Cx(ia, ib), Gate::Cx(ia, ja), Gate::Cx(ia, jb)];
    let mut gates = ladder.to_vec();
    gates.push(Gate::H(ia));
    let controls = [(ib, -1.0), (ja, -1.0), (jb, 1.0)];
    for subset in 0u32..8 {
        let members: Vec<(usize, f64)> = (0..3).filter(|&c| subset >> c & 1 == 1).map(|c| controls[c]).collect();
        let sign: f64 = members.iter().map(|&(_, s)| s).product();
        let scale = sign / 8.0;
        let rz = Gate::Rz(
            ia,
            Angle {
                value: angle.value * scale,
                symbol: angle.symbol.map(|(c, p)| (c * scale, p)),
            },
        );
        gates.extend(members.iter().map(|&(q, _)| Gate::Cx(q, ia)));
        gates.push(rz);
        gates.extend(members.iter().rev().map(|&(q, _)| Gate::Cx(q, ia)));
    }
    gates.push(Gate::H(ia));
    gates.extend(ladder);
    gates
}

impl Circuit {
    /// The layers of switch-mixer QAOA without the start: per layer the cost of `poly` (as
    /// every QAOA circuit writes it), the double excitation of each move in order, then
    /// `rx(2β)` on each free qubit: the gate list [`crate::qaoa::SwitchSimulator`] applies to
    /// its uniform start. No gate here prepares that start (see docs/spaces.md), so the
    /// circuit starts from the state the caller puts in, not from `|0…0⟩`.
    pub fn switch_layers(poly: &ZPoly, moves: &[[usize; 4]], free: &[usize], angles: &Angles) -> Circuit {
        let mut gates = Vec::new();
        for (l, (&gamma, &beta)) in angles.gammas.iter().zip(&angles.betas).enumerate() {
            push_cost_layer(&mut gates, poly, gamma, l);
            let angle = mixer_angle(beta, l);
            for &m in moves {
                gates.extend(double_excitation(m, angle));
            }
            gates.extend(free.iter().map(|&q| Gate::Rx(q, angle)));
        }
        Circuit {
            num_qubits: poly.num_qubits,
            gates,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::reference::apply_gates;
    use num_complex::Complex64;

    #[test]
    fn the_double_excitation_turns_only_its_pair_on_every_basis_state() {
        let beta: f64 = 0.37;
        let angle = Angle {
            value: 2.0 * beta,
            symbol: None,
        };
        // Qubits in a scrambled order, and a fifth qubit that must be left alone.
        let four = [3, 0, 4, 1];
        let gates = double_excitation(four, angle);
        let bit = |q: usize| 1usize << q;
        let a = bit(3) | bit(1); // x_ia = x_jb = 1
        let b = bit(0) | bit(4); // x_ib = x_ja = 1
        for k in 0..32usize {
            let mut amps = vec![Complex64::new(0.0, 0.0); 32];
            amps[k] = Complex64::new(1.0, 0.0);
            apply_gates(&mut amps, &gates);
            let rest = k & bit(2);
            let mut want = vec![Complex64::new(0.0, 0.0); 32];
            if k & !bit(2) == a || k & !bit(2) == b {
                let other = (if k & !bit(2) == a { b } else { a }) | rest;
                want[k] = Complex64::new(beta.cos(), 0.0);
                want[other] = Complex64::new(0.0, -beta.sin());
            } else {
                want[k] = Complex64::new(1.0, 0.0);
            }
            for (x, y) in amps.iter().zip(&want) {
                assert!((x - y).norm() < 1e-14, "state {k:05b}: {amps:?}");
            }
        }
    }
}
