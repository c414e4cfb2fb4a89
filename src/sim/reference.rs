//! Slow, serial, gate-by-gate executor of a [`Circuit`] with dense 2×2 matrices: the test
//! oracle for the fast kernels. `rzz` runs as its definition `cx a,b; rz(θ) b; cx a,b`; `cry`
//! as a 2×2 matrix on the target where the control is 1; `xx_plus_yy` as its 2×2 rotation on
//! the pair `{|01⟩, |10⟩}` of its two qubits.

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

/// `ry(θ) = [[cos θ/2, −sin θ/2], [sin θ/2, cos θ/2]]`.
pub fn ry_matrix(theta: f64) -> Matrix2 {
    let (s, co) = (theta / 2.0).sin_cos();
    [[c(co, 0.0), c(-s, 0.0)], [c(s, 0.0), c(co, 0.0)]]
}

/// `X = [[0, 1], [1, 0]]`.
pub fn x_matrix() -> Matrix2 {
    [[c(0.0, 0.0), c(1.0, 0.0)], [c(1.0, 0.0), c(0.0, 0.0)]]
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

/// Toffoli: swap the target's amplitudes where both controls are 1.
pub fn apply_ccx(amps: &mut [Complex64], a: usize, b: usize, target: usize) {
    let (cb, tb) = ((1usize << a) | (1usize << b), 1usize << target);
    for k in 0..amps.len() {
        if k & cb == cb && k & tb == 0 {
            amps.swap(k, k | tb);
        }
    }
}

/// Apply a 2×2 matrix to `target` where `control` is 1: the pairs (k with control bit 1 and
/// target bit 0, k | 2^target).
pub fn apply_controlled_matrix(amps: &mut [Complex64], control: usize, target: usize, m: &Matrix2) {
    let (cb, tb) = (1usize << control, 1usize << target);
    for k in 0..amps.len() {
        if k & cb != 0 && k & tb == 0 {
            let (a0, a1) = (amps[k], amps[k | tb]);
            amps[k] = m[0][0] * a0 + m[0][1] * a1;
            amps[k | tb] = m[1][0] * a0 + m[1][1] * a1;
        }
    }
}

/// `xx_plus_yy(θ) = exp(−iθ(XX+YY)/4)` on qubits `a`, `b`: `(XX+YY)/2` swaps `|01⟩` and `|10⟩`
/// and kills `|00⟩`, `|11⟩`, so on each pair (k with bit a = 1, bit b = 0; k with the two
/// bits swapped) it is `rx(θ)`'s matrix, and elsewhere the identity.
pub fn apply_xx_plus_yy(amps: &mut [Complex64], a: usize, b: usize, theta: f64) {
    let (ab, bb) = (1usize << a, 1usize << b);
    let m = rx_matrix(theta);
    for k in 0..amps.len() {
        if k & ab != 0 && k & bb == 0 {
            let swapped = k ^ ab ^ bb;
            let (a0, a1) = (amps[k], amps[swapped]);
            amps[k] = m[0][0] * a0 + m[0][1] * a1;
            amps[swapped] = m[1][0] * a0 + m[1][1] * a1;
        }
    }
}

/// Apply `gates` in order to `amps`.
pub fn apply_gates(amps: &mut [Complex64], gates: &[Gate]) {
    for gate in gates {
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
            Gate::Ccx(a, b, t) => apply_ccx(amps, a, b, t),
            Gate::X(q) => apply_matrix(amps, q, &x_matrix()),
            Gate::Ry(q, a) => apply_matrix(amps, q, &ry_matrix(a.value)),
            Gate::Cry(ctl, t, a) => apply_controlled_matrix(amps, ctl, t, &ry_matrix(a.value)),
            Gate::XxPlusYy(x, y, a) => apply_xx_plus_yy(amps, x, y, a.value),
        }
    }
}

/// Run `circuit` from `|0…0⟩`.
pub fn run(circuit: &Circuit) -> Result<State> {
    let mut state = State::basis(circuit.num_qubits, 0)?;
    apply_gates(&mut state.amps, &circuit.gates);
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
                layering: None,
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

    // Dense matrices, built independently of the gate code: Pauli strings by Kronecker
    // expansion and exp(−iH) by scaled Taylor series.
    type Dense = Vec<Vec<Complex64>>;

    fn y_matrix() -> Matrix2 {
        [[c(0.0, 0.0), c(0.0, -1.0)], [c(0.0, 1.0), c(0.0, 0.0)]]
    }

    /// `⊗` of single-qubit matrices on an n-qubit register (identity elsewhere), qubit q = bit q.
    fn embed(n: usize, ops: &[(usize, Matrix2)]) -> Dense {
        let dim = 1 << n;
        let mut m = vec![vec![c(0.0, 0.0); dim]; dim];
        for (row, line) in m.iter_mut().enumerate() {
            for (col, entry) in line.iter_mut().enumerate() {
                let mut v = c(1.0, 0.0);
                for q in 0..n {
                    let (r, cq) = ((row >> q) & 1, (col >> q) & 1);
                    v *= match ops.iter().find(|(oq, _)| *oq == q) {
                        Some((_, op)) => op[r][cq],
                        None if r == cq => c(1.0, 0.0),
                        None => c(0.0, 0.0),
                    };
                }
                *entry = v;
            }
        }
        m
    }

    fn add(a: &Dense, b: &Dense, s: Complex64) -> Dense {
        a.iter()
            .zip(b)
            .map(|(x, y)| x.iter().zip(y).map(|(u, v)| u + s * v).collect())
            .collect()
    }

    fn mul(a: &Dense, b: &Dense) -> Dense {
        let dim = a.len();
        (0..dim)
            .map(|i| (0..dim).map(|j| (0..dim).map(|k| a[i][k] * b[k][j]).sum()).collect())
            .collect()
    }

    /// `exp(−i·t·H)`: Taylor series of `exp(−i t H / 2^10)`, squared ten times.
    fn expm_i(h: &Dense, t: f64) -> Dense {
        let dim = h.len();
        let a: Dense = h
            .iter()
            .map(|r| r.iter().map(|x| x * c(0.0, -t / 1024.0)).collect())
            .collect();
        let id = embed(dim.trailing_zeros() as usize, &[]);
        let (mut sum, mut term) = (id.clone(), id);
        for k in 1..30 {
            term = mul(&term, &a);
            term.iter_mut().flatten().for_each(|x| *x /= k as f64);
            sum = add(&sum, &term, c(1.0, 0.0));
        }
        for _ in 0..10 {
            sum = mul(&sum, &sum);
        }
        sum
    }

    /// The matrix of `gates` on n qubits, column by column from the basis states.
    fn matrix_of(n: usize, gates: &[Gate]) -> Dense {
        let columns: Vec<Vec<Complex64>> = (0..1u64 << n)
            .map(|col| {
                let mut amps = State::basis(n, col).unwrap().amps;
                apply_gates(&mut amps, gates);
                amps
            })
            .collect();
        (0..columns.len())
            .map(|row| columns.iter().map(|column| column[row]).collect())
            .collect()
    }

    fn assert_close(a: &Dense, b: &Dense, tol: f64, what: &str) {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            for (j, (u, v)) in x.iter().zip(y).enumerate() {
                assert!((u - v).norm() < tol, "{what}: entry ({i}, {j}) {u} vs {v}");
            }
        }
    }

    fn angle(value: f64) -> crate::circuit::Angle {
        crate::circuit::Angle { value, symbol: None }
    }

    #[test]
    fn xx_plus_yy_is_the_xy_mixer_gate() {
        for beta in [0.0, 0.37, -1.1, 2.9, std::f64::consts::FRAC_PI_2] {
            let (s, co) = beta.sin_cos();
            // Two qubits: identity on |00⟩, |11⟩; cos β, −i sin β between |01⟩ and |10⟩.
            let m = matrix_of(2, &[Gate::XxPlusYy(0, 1, angle(2.0 * beta))]);
            let zero = c(0.0, 0.0);
            let want = vec![
                vec![c(1.0, 0.0), zero, zero, zero],
                vec![zero, c(co, 0.0), c(0.0, -s), zero],
                vec![zero, c(0.0, -s), c(co, 0.0), zero],
                vec![zero, zero, zero, c(1.0, 0.0)],
            ];
            assert_close(&m, &want, 1e-15, "2-qubit xx_plus_yy");
            // exp(−iβ(XX+YY)/2) on qubits 2 and 0 of three, in both argument orders.
            let h = add(
                &embed(3, &[(0, x_matrix()), (2, x_matrix())]),
                &embed(3, &[(0, y_matrix()), (2, y_matrix())]),
                c(1.0, 0.0),
            );
            let want = expm_i(&h, beta / 2.0);
            for (a, b) in [(2, 0), (0, 2)] {
                let m = matrix_of(3, &[Gate::XxPlusYy(a, b, angle(2.0 * beta))]);
                assert_close(&m, &want, 1e-12, "xx_plus_yy vs exp");
            }
        }
    }

    #[test]
    fn ry_cry_and_x_are_their_definitions() {
        for theta in [0.3, -2.2, 3.5] {
            let m = matrix_of(2, &[Gate::Ry(1, angle(theta))]);
            assert_close(&m, &expm_i(&embed(2, &[(1, y_matrix())]), theta / 2.0), 1e-12, "ry");
            // cry(θ) c=2, t=0 = |0⟩⟨0|_c ⊗ I + |1⟩⟨1|_c ⊗ ry(θ) = exp(−iθ/2 · |1⟩⟨1|_c ⊗ Y_t).
            let one = [[c(0.0, 0.0), c(0.0, 0.0)], [c(0.0, 0.0), c(1.0, 0.0)]];
            let h = embed(3, &[(2, one), (0, y_matrix())]);
            let m = matrix_of(3, &[Gate::Cry(2, 0, angle(theta))]);
            assert_close(&m, &expm_i(&h, theta / 2.0), 1e-12, "cry");
        }
        let m = matrix_of(2, &[Gate::X(0)]);
        assert_close(&m, &embed(2, &[(0, x_matrix())]), 0.0 + 1e-300, "x");
    }
}
