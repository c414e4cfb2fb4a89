//! The Grover mixer `exp(−iβ|s⟩⟨s|)` as a gate list (docs/qasm.md, "The Grover mixer").
//!
//! `exp(−iβ|s⟩⟨s|) = U_s · (phase e^{−iβ} on U_s†|s⟩ = |0…0⟩) · U_s†`, `U_s` the start
//! preparation: `h` on every free qubit, the Dicke preparation ([`Circuit::dicke`]) on every
//! plain weight-k block. The phase on `|0…0⟩` is `x` on the tested qubits, a multi-controlled
//! phase ([`mcphase`]) on them, `x` again.
//!
//! Not every qubit needs testing. The Dicke preparation is `x` on the last k positions of the
//! block followed by weight-keeping gates (SCS), so its inverse takes each weight-k state of
//! the block to a weight-k state (before those `x`), and the start `D(m, k)` to the one with
//! ones on the last k positions. Among weight-k states that one is told by its first m − k
//! positions alone (all 0) or by its last k alone (all 1): the mixer tests the smaller set
//! (none at all for k = 0 or k = m, whose block then needs no gate), and the untested qubits
//! serve the Toffoli ladders as dirty ancillas. Outside the space this operator differs from
//! `exp(−iβ|s⟩⟨s|)`, but every gate of the circuit keeps the state inside (the cost is
//! diagonal), so the circuit's state is exact.

use super::{inverse, mcx, mixer_angle, push_cost_layer, Angle, Circuit, Gate};
use crate::angles::Angles;
use crate::cost::pubo::ZPoly;

/// `angle · factor`, its symbol's coefficient scaled alike.
fn scaled(angle: Angle, factor: f64) -> Angle {
    Angle {
        value: angle.value * factor,
        symbol: angle.symbol.map(|(c, p)| (c * factor, p)),
    }
}

/// The controlled phase `e^{iφ}` on `|11⟩` of `a`, `b`, up to the global phase `e^{iφ/4}`:
/// `φ x_a x_b = φ/4 − φ(Z_a + Z_b − Z_a Z_b)/4`, so `rz(φ/2) a; rz(φ/2) b; rzz(−φ/2) a, b`.
fn cphase(a: usize, b: usize, phi: Angle) -> [Gate; 3] {
    [
        Gate::Rz(a, scaled(phi, 0.5)),
        Gate::Rz(b, scaled(phi, 0.5)),
        Gate::Rzz(a, b, scaled(phi, -0.5)),
    ]
}

/// The phase `e^{iφ}` on the basis states where every qubit of `qubits` is 1, up to a global
/// phase, in `rz`, `rzz`, `cx` and `ccx`; the qubits of `dirty` may hold anything (even be
/// entangled) and are restored exactly.
///
/// m = 0 is no gate (a global phase), m = 1 is `rz(φ)`, m = 2 is the controlled phase
/// `rz(φ/2) a; rz(φ/2) b; rzz(−φ/2) a, b`. For m ≥ 3, with
/// t the last qubit, a the one before and G the rest (Barenco et al. 1995, Lemma 7.5, with
/// `V = diag(1, e^{iφ/2})`): `CP(φ/2)[a, t]`, `C^{m−2}X[G → a]`, `CP(−φ/2)[a, t]`, the same
/// `C^{m−2}X`, then the phase `φ/2` on G and t recursively. The phases sum to
/// `φ/2 · t · (a − (a ⊕ g) + g) = φ · a · g · t`, g = AND(G). Each `C^{m−2}X` is [`mcx`] with
/// t and `dirty` as its dirty ancillas; the recursion adds a to them.
///
/// # Panics
/// When the qubits of `qubits` and `dirty` are not distinct.
pub fn mcphase(qubits: &[usize], phi: Angle, dirty: &[usize]) -> Vec<Gate> {
    let m = qubits.len();
    match m {
        0 => return Vec::new(),
        1 => return vec![Gate::Rz(qubits[0], phi)],
        2 => return cphase(qubits[0], qubits[1], phi).to_vec(),
        _ => {}
    }
    let (t, a, g) = (qubits[m - 1], qubits[m - 2], &qubits[..m - 2]);
    let borrowed: Vec<usize> = std::iter::once(t).chain(dirty.iter().copied()).collect();
    let toggle = mcx(g, a, &borrowed);
    let mut gates = cphase(a, t, scaled(phi, 0.5)).to_vec();
    gates.extend(toggle.iter().copied());
    gates.extend(cphase(a, t, scaled(phi, -0.5)));
    gates.extend(toggle);
    let rest: Vec<usize> = g.iter().copied().chain([t]).collect();
    let more_dirty: Vec<usize> = dirty.iter().copied().chain([a]).collect();
    gates.extend(mcphase(&rest, scaled(phi, 0.5), &more_dirty));
    gates
}

/// The start preparation `U_s` of a space: [`Circuit::dicke`] on each block `(qubits, k)`, then
/// `h` on each free qubit.
fn start(num_qubits: usize, blocks: &[(Vec<usize>, usize)], free: &[usize]) -> Vec<Gate> {
    let mut gates = Vec::new();
    for (qubits, k) in blocks {
        gates.extend(Circuit::dicke(num_qubits, qubits, *k));
    }
    gates.extend(free.iter().map(|&q| Gate::H(q)));
    gates
}

/// `exp(−iβ|s⟩⟨s|)` on the space of `blocks` (plain, weight k) and `free` qubits, `|s⟩` the
/// state the start preparation makes (Dicke states, `h`), exact on the space up to a global phase; `beta` is the angle β
/// itself (value and symbol). The gates: the preparation undone where a block is tested (see
/// the module comment), `x` on each qubit tested for 0, [`mcphase`] of `−β` on the tested
/// qubits with every other qubit as a dirty ancilla, `x` again, the preparation redone.
pub fn grover_mixer(num_qubits: usize, blocks: &[(Vec<usize>, usize)], free: &[usize], beta: Angle) -> Vec<Gate> {
    // Per block: the gates that take its start to a basis state, the tested qubits, and
    // whether they are tested for 0 (then `x` turns the test into "all 1").
    let mut undo: Vec<Gate> = Vec::new();
    let mut tested_one: Vec<usize> = Vec::new();
    let mut tested_zero: Vec<usize> = Vec::new();
    for (qubits, k) in blocks {
        let (m, k) = (qubits.len(), *k);
        if k == 0 || k == m {
            continue;
        }
        let prep = Circuit::dicke(num_qubits, qubits, k);
        if k <= m - k {
            // The leading k gates are the `x` on the last k positions: leave them out, and test
            // those positions for 1.
            undo.extend(inverse(&prep[k..]));
            tested_one.extend(&qubits[m - k..]);
        } else {
            undo.extend(inverse(&prep));
            tested_zero.extend(&qubits[..m - k]);
        }
    }
    undo.extend(free.iter().map(|&q| Gate::H(q)));
    tested_zero.extend(free);
    let mut tested: Vec<usize> = tested_one.iter().chain(&tested_zero).copied().collect();
    tested.sort_unstable();
    let dirty: Vec<usize> = (0..num_qubits).filter(|q| tested.binary_search(q).is_err()).collect();
    let flips: Vec<Gate> = tested_zero.iter().map(|&q| Gate::X(q)).collect();
    let mut gates = undo.clone();
    gates.extend(flips.iter().copied());
    gates.extend(mcphase(&tested, scaled(beta, -1.0), &dirty));
    gates.extend(flips);
    gates.extend(inverse(&undo));
    gates
}

impl Circuit {
    /// The QAOA circuit with the Grover mixer on the space of `blocks` (plain weight-k sets,
    /// qubits ascending) and `free` qubits (the full space: no block, every qubit free). Start:
    /// as [`Circuit::qaoa_space`] (Dicke states, `h`). Per layer: the cost gates as
    /// [`Circuit::qaoa_poly`] writes them, then [`grover_mixer`] of β: the gate list of
    /// [`crate::qaoa::GroverMixerSimulator`]'s `1 + (e^{−iβ} − 1)|s⟩⟨s|`, up to a global phase.
    /// Every β-dependent angle is a multiple of β (symbol `Beta(l)`), so symbolic export works.
    ///
    /// # Panics
    /// As [`Circuit::dicke`], or when a qubit is beyond `poly.num_qubits` or in two places.
    pub fn qaoa_grover(poly: &ZPoly, blocks: &[(Vec<usize>, usize)], free: &[usize], angles: &Angles) -> Circuit {
        let n = poly.num_qubits;
        let mut seen = vec![false; n];
        for q in blocks.iter().flat_map(|(qubits, _)| qubits).chain(free) {
            assert!(*q < n, "qubit {q} beyond the {n} of the cost");
            assert!(!seen[*q], "qubit {q} is in two blocks, or in a block and free");
            seen[*q] = true;
        }
        let mut gates = start(n, blocks, free);
        for (l, (&gamma, &beta)) in angles.gammas.iter().zip(&angles.betas).enumerate() {
            push_cost_layer(&mut gates, poly, gamma, l);
            // `mixer_angle` is 2β; the mixer takes β.
            gates.extend(grover_mixer(n, blocks, free, scaled(mixer_angle(beta, l), 0.5)));
        }
        Circuit::plain(n, gates)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::Param;
    use crate::sim::{reference, State};
    use num_complex::Complex64;

    fn fixed(value: f64) -> Angle {
        Angle { value, symbol: None }
    }

    /// The image of basis state `k` under gates that map basis states to basis states with a
    /// phase (`x`, `cx`, `ccx`, `rz`, `rzz`): the state and its amplitude.
    fn track(gates: &[Gate], n: usize, k: usize) -> (usize, Complex64) {
        let mut bits: Vec<bool> = (0..n).map(|q| k >> q & 1 == 1).collect();
        let mut amp = Complex64::new(1.0, 0.0);
        let z = |b: bool| if b { -1.0 } else { 1.0 };
        for g in gates {
            match *g {
                Gate::Rz(q, a) => amp *= Complex64::from_polar(1.0, -a.value * z(bits[q]) / 2.0),
                Gate::Rzz(x, y, a) => amp *= Complex64::from_polar(1.0, -a.value * z(bits[x]) * z(bits[y]) / 2.0),
                other => crate::circuit::apply_classical(&mut bits, &[other]),
            }
        }
        (bits.iter().enumerate().map(|(q, &b)| usize::from(b) << q).sum(), amp)
    }

    /// Asserts that `gates` on n qubits is `e^{iθ₀} · e^{iφ·AND(qubits)}` on every basis state,
    /// with one θ₀ for all of them (the dirty qubits take every value). With `reference`, each
    /// basis state also runs through the reference simulator.
    fn assert_is_mcphase(gates: &[Gate], n: usize, qubits: &[usize], phi: f64, reference: bool) {
        let mask: usize = qubits.iter().map(|&q| 1 << q).sum();
        let mut global: Option<Complex64> = None;
        for k in 0..1usize << n {
            let (image, a) = track(gates, n, k);
            assert_eq!(
                image, k,
                "{qubits:?} over {n} qubits: |{k:0n$b}> leaves its basis state"
            );
            if reference {
                let mut amps = State::basis(n, k as u64).unwrap().amps;
                reference::apply_gates(&mut amps, gates);
                assert!((amps[k] - a).norm() < 1e-12, "reference simulator at |{k:0n$b}>");
            }
            let want = if k & mask == mask { phi } else { 0.0 };
            let theta0 = a * Complex64::from_polar(1.0, -want);
            let g = *global.get_or_insert(theta0);
            assert!(
                (theta0 - g).norm() < 1e-12,
                "{qubits:?} over {n} qubits: |{k:0n$b}> gets {a}, want phase {want} times {g}"
            );
        }
    }

    #[test]
    fn mcphase_is_the_diagonal_phase_on_all_ones() {
        for m in 1..=8usize {
            for d in [0usize, 1, 2, m] {
                let n = m + d;
                // Interleave the phase qubits with the dirty ones.
                let qubits: Vec<usize> = (0..n).filter(|q| q % 2 == 0 || *q >= 2 * d).take(m).collect();
                let dirty: Vec<usize> = (0..n).filter(|q| !qubits.contains(q)).collect();
                for phi in [0.731, -2.9, std::f64::consts::PI] {
                    let gates = mcphase(&qubits, fixed(phi), &dirty);
                    assert!(gates.iter().all(|g| matches!(
                        g,
                        Gate::Rz(..) | Gate::Rzz(..) | Gate::Cx(..) | Gate::Ccx(..) | Gate::X(_)
                    )));
                    assert_is_mcphase(&gates, n, &qubits, phi, n <= 7);
                }
            }
        }
    }

    #[test]
    fn mcphase_angles_stay_multiples_of_beta() {
        let beta = Angle {
            value: 0.4,
            symbol: Some((1.0, Param::Beta(2))),
        };
        for g in mcphase(&[0, 1, 2, 3, 4], scaled(beta, -1.0), &[]) {
            if let Some(a) = g.angle() {
                let (c, p) = a.symbol.expect("every angle carries β");
                assert_eq!(p, Param::Beta(2));
                assert!((c * 0.4 - a.value).abs() < 1e-15);
            }
        }
    }

    /// `1 + (e^{−iβ} − 1)|s⟩⟨s|` applied to `psi` (embedded in 2^n), `s` the embedded start.
    fn textbook(psi: &[Complex64], s: &[Complex64], beta: f64) -> Vec<Complex64> {
        let overlap: Complex64 = s.iter().zip(psi).map(|(a, b)| a.conj() * b).sum();
        let f = (Complex64::from_polar(1.0, -beta) - 1.0) * overlap;
        psi.iter().zip(s).map(|(p, a)| p + f * a).collect()
    }

    #[test]
    fn grover_mixer_is_the_textbook_operator_on_the_space() {
        let n = 9;
        let blocks = vec![(vec![0, 2, 5], 1), (vec![1, 3, 4, 7], 2), (vec![6], 1)];
        let free = [8];
        let s = reference::run(&Circuit::plain(n, start(n, &blocks, &free)))
            .unwrap()
            .amps;
        // A state of the space far from |s⟩: the start with a phase on each state.
        let psi: Vec<Complex64> = s
            .iter()
            .enumerate()
            .map(|(k, a)| a * Complex64::from_polar(1.0, 0.37 * k as f64))
            .collect();
        for beta in [0.9, -1.7] {
            let mut got = psi.clone();
            reference::apply_gates(&mut got, &grover_mixer(n, &blocks, &free, fixed(beta)));
            let want = textbook(&psi, &s, beta);
            let overlap: Complex64 = want.iter().zip(&got).map(|(a, b)| a.conj() * b).sum();
            assert!(
                (overlap.norm() - 1.0).abs() < 1e-12,
                "β = {beta}: |<want|got>| = {}",
                overlap.norm()
            );
        }
    }
}
