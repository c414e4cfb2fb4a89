//! Slow, serial, gate-by-gate executor of a [`Circuit`] with dense 2×2 matrices: the test
//! oracle for the fast kernels. `rzz` runs as its definition `cx a,b; rz(θ) b; cx a,b`.

use crate::circuit::{Circuit, Gate};
use crate::error::Result;
use crate::sim::State;
use num_complex::Complex64;

type Matrix2 = [[Complex64; 2]; 2];

fn c(re: f64, im: f64) -> Complex64 {
    Complex64::new(re, im)
}

/// `H = (X + Z)/√2`.
pub fn h_matrix() -> Matrix2 {
    let s = std::f64::consts::FRAC_1_SQRT_2;
    [[c(s, 0.0), c(s, 0.0)], [c(s, 0.0), c(-s, 0.0)]]
}

/// `rx(θ) = [[cos θ/2, −i sin θ/2], [−i sin θ/2, cos θ/2]]`.
pub fn rx_matrix(theta: f64) -> Matrix2 {
    let (s, co) = (theta / 2.0).sin_cos();
    [[c(co, 0.0), c(0.0, -s)], [c(0.0, -s), c(co, 0.0)]]
}

/// `rz(θ) = diag(e^{−iθ/2}, e^{iθ/2})`.
pub fn rz_matrix(theta: f64) -> Matrix2 {
    let (s, co) = (theta / 2.0).sin_cos();
    [[c(co, -s), c(0.0, 0.0)], [c(0.0, 0.0), c(co, s)]]
}

/// Apply a 2×2 matrix to qubit `q`: for every pair (k with bit q = 0, k | 2^q).
pub fn apply_matrix(amps: &mut [Complex64], q: usize, m: &Matrix2) {
    let bit = 1usize << q;
    for k in 0..amps.len() {
        if k & bit == 0 {
            let (a0, a1) = (amps[k], amps[k | bit]);
            amps[k] = m[0][0] * a0 + m[0][1] * a1;
            amps[k | bit] = m[1][0] * a0 + m[1][1] * a1;
        }
    }
}

/// CNOT: swap the target's amplitudes where the control is 1.
pub fn apply_cx(amps: &mut [Complex64], control: usize, target: usize) {
    let (cb, tb) = (1usize << control, 1usize << target);
    for k in 0..amps.len() {
        if k & cb != 0 && k & tb == 0 {
            amps.swap(k, k | tb);
        }
    }
}

/// Run `circuit` from `|0…0⟩`.
pub fn run(circuit: &Circuit) -> Result<State> {
    let mut state = State::basis(circuit.num_qubits, 0)?;
    let amps = &mut state.amps;
    for gate in &circuit.gates {
        match *gate {
            Gate::H(q) => apply_matrix(amps, q, &h_matrix()),
            Gate::Rx(q, a) => apply_matrix(amps, q, &rx_matrix(a.value)),
            Gate::Rz(q, a) => apply_matrix(amps, q, &rz_matrix(a.value)),
            Gate::Rzz(x, y, a) => {
                apply_cx(amps, x, y);
                apply_matrix(amps, y, &rz_matrix(a.value));
                apply_cx(amps, x, y);
            }
            Gate::Cx(ctl, t) => apply_cx(amps, ctl, t),
        }
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rzz_definition_is_exp_of_zz() {
        // cx; rz(θ); cx on basis states gives e^{−iθ z_a z_b / 2}.
        let theta = 0.83;
        for k in 0..4u64 {
            let circuit = Circuit {
                num_qubits: 2,
                gates: vec![Gate::Rzz(
                    0,
                    1,
                    crate::circuit::Angle {
                        value: theta,
                        symbol: None,
                    },
                )],
            };
            let mut s = State::basis(2, k).unwrap();
            let out = {
                let mut amps = s.amps.clone();
                for g in &circuit.gates {
                    if let Gate::Rzz(a, b, ang) = *g {
                        apply_cx(&mut amps, a, b);
                        apply_matrix(&mut amps, b, &rz_matrix(ang.value));
                        apply_cx(&mut amps, a, b);
                    }
                }
                amps
            };
            let zz = if (k & 1) ^ ((k >> 1) & 1) == 0 { 1.0 } else { -1.0 };
            let expect = Complex64::from_polar(1.0, -theta * zz / 2.0);
            assert!((out[k as usize] - expect).norm() < 1e-14);
            s.amps = out;
            assert!((s.norm_sqr() - 1.0).abs() < 1e-14);
        }
    }
}
