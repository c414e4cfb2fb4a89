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
    pair_rotation(four, angle, false)
}

/// The real double excitation on the move `[ia, ib, ja, jb]`: `|1001⟩ → cos(θ/2)|1001⟩ +
/// sin(θ/2)|0110⟩`, `|0110⟩ → cos(θ/2)|0110⟩ − sin(θ/2)|1001⟩`, every other state kept, θ =
/// `theta`. In `L`'s frame `|1001⟩` is `ia = 1`, so the controlled rotation is `ry(−θ)`.
pub fn real_double_excitation(four: [usize; 4], theta: f64) -> Vec<Gate> {
    let angle = Angle {
        value: -theta,
        symbol: None,
    };
    pair_rotation(four, angle, true)
}

/// `L`, then on `ia` the rotation `exp(−i(angle/2) A)` controlled by `ib = ja = 1, jb = 0`,
/// then `L`: `A = X` (the mixer's move), or `A = Y` where `real` (the start's real rotation).
/// `Y = S X S†`, so the `ry` is the `rx` between `rz(−π/2)` and `rz(π/2)`, whose phases
/// `e^{±iπ/4}` against `sdg`, `s` cancel; where the controls fail the two `rz` cancel too.
fn pair_rotation(four: [usize; 4], angle: Angle, real: bool) -> Vec<Gate> {
    let [ia, ib, ja, jb] = four;
    let quarter = |sign: f64| {
        Gate::Rz(
            ia,
            Angle {
                value: sign * std::f64::consts::FRAC_PI_2,
                symbol: None,
            },
        )
    };
    let ladder = [Gate::Cx(ia, ib), Gate::Cx(ia, ja), Gate::Cx(ia, jb)];
    let mut gates = ladder.to_vec();
    if real {
        gates.push(quarter(-1.0));
    }
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
    if real {
        gates.push(quarter(1.0));
    }
    gates.extend(ladder);
    gates
}

/// The gates that take `|0…0⟩` on the square grid `cells` (`cells[i][c]` the qubit of row i,
/// column c) to the uniform superposition over its permutation matrices, amplitudes real and
/// equal (Fisher–Yates): `x` on the diagonal, then for k = 1 .. N−1 and j = 0 .. k−1 the real
/// rotation between "row k at column k" and "rows j and k swapped", one double excitation
/// per column c < k on `[(j,c), (j,k), (k,c), (k,k)]` with `sin(θ/2) = 1/√(k+1−j)`. In each
/// branch only the move with c = σ(j) finds `|1001⟩`, and a swapped branch meets no later
/// move of its step, so each of the k+1 places of row k gets amplitude `1/√(k+1)`.
pub fn permutation_start(cells: &[Vec<usize>]) -> Vec<Gate> {
    let mut gates: Vec<Gate> = cells.iter().enumerate().map(|(i, row)| Gate::X(row[i])).collect();
    for k in 1..cells.len() {
        for j in 0..k {
            let theta = 2.0 * (1.0 / ((k + 1 - j) as f64).sqrt()).asin();
            for c in 0..k {
                let four = [cells[j][c], cells[j][k], cells[k][c], cells[k][k]];
                gates.extend(real_double_excitation(four, theta));
            }
        }
    }
    gates
}

impl Circuit {
    /// The layers of switch-mixer QAOA without the start: per layer the cost of `poly` (as
    /// every QAOA circuit writes it), the double excitation of each move in order, then
    /// `rx(2β)` on each free qubit: the gate list [`crate::qaoa::SwitchSimulator`] applies to
    /// its uniform start, which the caller puts in ([`Circuit::switch_qaoa`] prepares it).
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
        Circuit::plain(poly.num_qubits, gates)
    }

    /// Switch-mixer QAOA from `|0…0⟩`: `start`, the gates that prepare the grids' start (the
    /// uniform start over permutations on full permutation grids, [`permutation_start`], or
    /// `x` on the ones of one state), `h` on each free qubit, then [`Circuit::switch_layers`].
    pub fn switch_qaoa(
        poly: &ZPoly,
        start: Vec<Gate>,
        moves: &[[usize; 4]],
        free: &[usize],
        angles: &Angles,
    ) -> Circuit {
        let mut gates = start;
        gates.extend(free.iter().map(|&q| Gate::H(q)));
        gates.extend(Circuit::switch_layers(poly, moves, free, angles).gates);
        Circuit::plain(poly.num_qubits, gates)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::reference::apply_gates;
    use num_complex::Complex64;

    /// Each of the 32 basis states of five qubits through `gates`: the state `want(k)` from
    /// basis state `k`.
    fn each_basis_state(gates: &[Gate], want: impl Fn(usize) -> Vec<Complex64>) {
        for k in 0..32usize {
            let mut amps = vec![Complex64::new(0.0, 0.0); 32];
            amps[k] = Complex64::new(1.0, 0.0);
            apply_gates(&mut amps, gates);
            for (x, y) in amps.iter().zip(&want(k)) {
                assert!((x - y).norm() < 1e-14, "state {k:05b}: {amps:?}");
            }
        }
    }

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
        each_basis_state(&gates, |k| {
            let rest = k & bit(2);
            let mut want = vec![Complex64::new(0.0, 0.0); 32];
            if k & !bit(2) == a || k & !bit(2) == b {
                let other = (if k & !bit(2) == a { b } else { a }) | rest;
                want[k] = Complex64::new(beta.cos(), 0.0);
                want[other] = Complex64::new(0.0, -beta.sin());
            } else {
                want[k] = Complex64::new(1.0, 0.0);
            }
            want
        });
    }

    #[test]
    fn the_real_double_excitation_turns_its_pair_by_a_real_rotation() {
        let theta: f64 = 1.1;
        let four = [3, 0, 4, 1];
        let gates = real_double_excitation(four, theta);
        let bit = |q: usize| 1usize << q;
        let a = bit(3) | bit(1); // |1001⟩
        let b = bit(0) | bit(4); // |0110⟩
        let (c, s) = ((theta / 2.0).cos(), (theta / 2.0).sin());
        each_basis_state(&gates, |k| {
            let rest = k & bit(2);
            let mut want = vec![Complex64::new(0.0, 0.0); 32];
            if k & !bit(2) == a {
                want[k] = Complex64::new(c, 0.0);
                want[b | rest] = Complex64::new(s, 0.0);
            } else if k & !bit(2) == b {
                want[k] = Complex64::new(c, 0.0);
                want[a | rest] = Complex64::new(-s, 0.0);
            } else {
                want[k] = Complex64::new(1.0, 0.0);
            }
            want
        });
    }
}
