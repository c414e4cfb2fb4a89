//! The QAOA circuit as a gate list: the single source of both the reference simulation and
//! the OpenQASM text, so "the exported circuit is the simulated circuit" is a test.
//!
//! Two shapes: [`Circuit::qaoa_poly`] on the full space (start `|+⟩^n`, X mixer), and
//! [`Circuit::qaoa_space`] on a block space (DESIGN.md, "Spaces and mixers"): each block starts
//! in its Dicke state ([`Circuit::dicke`]) and mixes with XY gates in [`xy_edges`] order.

use crate::angles::Angles;
use crate::cost::ising::Ising;
use crate::cost::pubo::ZPoly;
use crate::mixer::{xy_edges, MixerKind};
use std::collections::BTreeMap;

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

/// Gates with OpenQASM 3 `stdgates.inc` semantics (`rzz` as `cx a,b; rz(θ) b; cx a,b`;
/// [`Gate::XxPlusYy`] as Qiskit's `XXPlusYYGate(θ, 0)`).
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
    /// Pauli X.
    X(usize),
    /// `ry(θ) = exp(−iθY/2) = [[cos θ/2, −sin θ/2], [sin θ/2, cos θ/2]]`.
    Ry(usize, Angle),
    /// Controlled `ry(θ)` (control, target): stdgates.inc `cry`.
    Cry(usize, usize, Angle),
    /// `xx_plus_yy(θ) = exp(−iθ(XX+YY)/4)`: identity on `|00⟩`, `|11⟩`, and on `{|01⟩, |10⟩}`
    /// the rotation `[[cos θ/2, −i sin θ/2], [−i sin θ/2, cos θ/2]]` (Qiskit's
    /// `XXPlusYYGate(θ, β = 0)`; symmetric in its two qubits). The XY mixer gate
    /// `exp(−iβ(XX+YY)/2)` is `xx_plus_yy(2β)`. Written `xy_mixer` in OpenQASM files, with
    /// its definition: Qiskit's transpiler looks gates up by name, and a one-parameter gate
    /// named like its two-parameter `xx_plus_yy` makes `transpile` fail.
    XxPlusYy(usize, usize, Angle),
}

impl Gate {
    /// The OpenQASM name (`rzz` and `xy_mixer` are defined in the exported file, the rest
    /// are stdgates.inc gates).
    pub fn name(&self) -> &'static str {
        match self {
            Gate::H(_) => "h",
            Gate::Rx(..) => "rx",
            Gate::Rz(..) => "rz",
            Gate::Rzz(..) => "rzz",
            Gate::Cx(..) => "cx",
            Gate::X(_) => "x",
            Gate::Ry(..) => "ry",
            Gate::Cry(..) => "cry",
            Gate::XxPlusYy(..) => "xy_mixer",
        }
    }

    /// The qubits it acts on, in argument order.
    pub fn qubits(&self) -> Vec<usize> {
        match *self {
            Gate::H(q) | Gate::Rx(q, _) | Gate::Rz(q, _) | Gate::X(q) | Gate::Ry(q, _) => vec![q],
            Gate::Rzz(a, b, _) | Gate::Cx(a, b) | Gate::Cry(a, b, _) | Gate::XxPlusYy(a, b, _) => vec![a, b],
        }
    }

    /// Its angle, for the rotations.
    pub fn angle(&self) -> Option<Angle> {
        match *self {
            Gate::Rx(_, a) | Gate::Rz(_, a) | Gate::Ry(_, a) => Some(a),
            Gate::Rzz(_, _, a) | Gate::Cry(_, _, a) | Gate::XxPlusYy(_, _, a) => Some(a),
            Gate::H(_) | Gate::Cx(..) | Gate::X(_) => None,
        }
    }
}

/// A fixed angle (no circuit parameter).
fn fixed(value: f64) -> Angle {
    Angle { value, symbol: None }
}

/// `2β` of layer `l`: the angle of `rx` and of `xx_plus_yy` in the mixer.
fn mixer_angle(beta: f64, l: usize) -> Angle {
    Angle {
        value: 2.0 * beta,
        symbol: Some((2.0, Param::Beta(l))),
    }
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
            push_cost_layer(&mut gates, poly, gamma, l);
            gates.extend((0..n).map(|q| Gate::Rx(q, mixer_angle(beta, l))));
        }
        Circuit { num_qubits: n, gates }
    }

    /// The QAOA circuit on a block space. Start: for each block `(qubits, k)` its Dicke state
    /// `D(m, k)` ([`Circuit::dicke`]), then `H` on each free qubit. Per layer: the cost gates
    /// exactly as [`Circuit::qaoa_poly`] writes them; then for each block, in the order given,
    /// `xx_plus_yy(2β) = exp(−iβ(XX+YY)/2)` on each edge of [`xy_edges`]`(m, mixer)` (position
    /// i is `qubits[i]`); then `rx(2β)` on each free qubit, in the order given. With
    /// [`MixerKind::X`] and no blocks this is `qaoa_poly` gate for gate (when `free` is
    /// `0..n`).
    ///
    /// # Panics
    /// When a block's qubits are not ascending, a block asks for more ones than it has qubits,
    /// a qubit is beyond `poly.num_qubits` or in two places (blocks and free together), or the
    /// mixer is [`MixerKind::X`] with blocks (it would leave the space): the space builder
    /// guarantees all of these, so a violation is a bug.
    pub fn qaoa_space(
        poly: &ZPoly,
        blocks: &[(Vec<usize>, usize)],
        free: &[usize],
        mixer: MixerKind,
        angles: &Angles,
    ) -> Circuit {
        let n = poly.num_qubits;
        assert!(
            mixer.is_xy() || blocks.is_empty(),
            "the {mixer} mixer does not keep a block's weight"
        );
        let mut seen = vec![false; n];
        for q in blocks.iter().flat_map(|(qubits, _)| qubits).chain(free) {
            assert!(*q < n, "qubit {q} beyond the {n} of the cost");
            assert!(!seen[*q], "qubit {q} is in two blocks, or in a block and free");
            seen[*q] = true;
        }
        let mut gates = Vec::new();
        for (qubits, k) in blocks {
            gates.extend(Circuit::dicke(n, qubits, *k));
        }
        gates.extend(free.iter().map(|&q| Gate::H(q)));
        // The edges of every block once, as qubit pairs: the same list every layer.
        let edges: Vec<(usize, usize)> = blocks
            .iter()
            .flat_map(|(qubits, _)| {
                xy_edges(qubits.len(), mixer)
                    .into_iter()
                    .map(move |(i, j)| (qubits[i], qubits[j]))
            })
            .collect();
        for (l, (&gamma, &beta)) in angles.gammas.iter().zip(&angles.betas).enumerate() {
            push_cost_layer(&mut gates, poly, gamma, l);
            let angle = mixer_angle(beta, l);
            gates.extend(edges.iter().map(|&(a, b)| Gate::XxPlusYy(a, b, angle)));
            gates.extend(free.iter().map(|&q| Gate::Rx(q, angle)));
        }
        Circuit { num_qubits: n, gates }
    }

    /// The gates that prepare the Dicke state `D(m, k)` on `qubits` (m of them, ascending, all
    /// below `num_qubits`) from `|0…0⟩`: every weight-k pattern of those qubits with amplitude
    /// `1/√C(m, k)`, real and positive, the other qubits untouched.
    ///
    /// Bärtschi and Eidenbenz, "Deterministic preparation of Dicke states" (arXiv:1904.07358),
    /// with positions 1..m standing for `qubits[0..m]`: `x` on the last k positions, then for
    /// j = m down to 2 the split-and-cyclic-shift `SCS(j, min(k, j−1))` on positions
    /// `j−min(k, j−1) .. j`. SCS(j, ·) moves the trailing block of l ones of the first j
    /// positions one place left with probability `(j−l)/j`: for l = 1 `cx(j−1, j)`,
    /// `cry(2 acos √(1/j))` (control j, target j−1), `cx(j−1, j)`; for l = 2.. the same with
    /// `cx(j−l, j)` and a doubly controlled `ry(2 acos √(l/j))` (controls j and j−l+1, target
    /// j−l). Every rotation takes a real amplitude to two non-negative ones and the rest are
    /// permutations, so the amplitudes come out positive with no phase to fix. k = 0 is no gate,
    /// k = m is `x` on every qubit. The doubly controlled rotation is written with `cry` and
    /// `cx` (see `ccry` in this module).
    ///
    /// # Panics
    /// When `k > m`, or the qubits are not ascending or not below `num_qubits`.
    pub fn dicke(num_qubits: usize, qubits: &[usize], k: usize) -> Vec<Gate> {
        let m = qubits.len();
        assert!(k <= m, "a block of {m} qubits cannot hold {k} ones");
        assert!(
            qubits.windows(2).all(|w| w[0] < w[1]),
            "block qubits {qubits:?} are not ascending"
        );
        assert!(
            qubits.iter().all(|&q| q < num_qubits),
            "block qubits {qubits:?} beyond the {num_qubits} of the circuit"
        );
        // Position p (1-based, as in the paper) is qubit `qubits[p − 1]`.
        let at = |p: usize| qubits[p - 1];
        let mut gates: Vec<Gate> = (m - k + 1..=m).map(|p| Gate::X(at(p))).collect();
        if k == 0 || k == m {
            return gates;
        }
        for j in (2..=m).rev() {
            for l in 1..=k.min(j - 1) {
                // Keep the ones where they are with amplitude √(l/j), move them with √((j−l)/j).
                let theta = fixed(2.0 * (l as f64 / j as f64).sqrt().acos());
                gates.push(Gate::Cx(at(j - l), at(j)));
                if l == 1 {
                    gates.push(Gate::Cry(at(j), at(j - 1), theta));
                } else {
                    gates.extend(ccry(at(j), at(j - l + 1), at(j - l), theta));
                }
                gates.push(Gate::Cx(at(j - l), at(j)));
            }
        }
        gates
    }

    /// Number of XY gates (`xx_plus_yy`).
    pub fn xy_gate_count(&self) -> usize {
        self.gates.iter().filter(|g| matches!(g, Gate::XxPlusYy(..))).count()
    }

    /// Number of gates of the full-space kinds: (h, rx, rz, rzz, cx). The other kinds are not
    /// counted here: see [`Circuit::gate_counts`].
    pub fn counts(&self) -> (usize, usize, usize, usize, usize) {
        let c = self.gate_counts();
        let get = |name: &str| c.get(name).copied().unwrap_or(0);
        (get("h"), get("rx"), get("rz"), get("rzz"), get("cx"))
    }

    /// Number of gates of every kind present, by OpenQASM name ([`Gate::name`]).
    pub fn gate_counts(&self) -> BTreeMap<&'static str, usize> {
        let mut c = BTreeMap::new();
        for g in &self.gates {
            *c.entry(g.name()).or_insert(0) += 1;
        }
        c
    }
}

/// The cost part of layer `l`: for every term `w Π_{q∈S} Z_q` of `poly`, `exp(−iγ w Z…Z)` as
/// `rz(2γw)` (one qubit), `rzz(2γw)` (two) or a CNOT ladder around `rz(2γw)` (more).
fn push_cost_layer(gates: &mut Vec<Gate>, poly: &ZPoly, gamma: f64, l: usize) {
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
}

/// `ry(θ)` on `target` when both controls are 1, from `cry` and `cx`: the rotations share an
/// axis, so they add: `cry(θ/2)` from `c2`, `cry(−θ/2)` from `c2` while it holds `c1 ⊕ c2`,
/// and `cry(θ/2)` from `c1` sum to θ exactly when `c1 = c2 = 1` and to 0 otherwise.
fn ccry(c1: usize, c2: usize, target: usize, theta: Angle) -> [Gate; 5] {
    let half = fixed(theta.value / 2.0);
    [
        Gate::Cry(c2, target, half),
        Gate::Cx(c1, c2),
        Gate::Cry(c2, target, fixed(-theta.value / 2.0)),
        Gate::Cx(c1, c2),
        Gate::Cry(c1, target, half),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::reference;
    use num_complex::Complex64;
    use rand::Rng;

    fn binomial(m: usize, k: usize) -> f64 {
        (0..k).fold(1.0, |acc, i| acc * (m - i) as f64 / (i + 1) as f64)
    }

    /// The state of `gates` on n qubits from |0…0⟩.
    fn run(n: usize, gates: Vec<Gate>) -> Vec<Complex64> {
        reference::run(&Circuit { num_qubits: n, gates }).unwrap().amps
    }

    /// Asserts `amps` is `D(m, k)` on `qubits` (other qubits 0), phase included.
    fn assert_dicke(amps: &[Complex64], qubits: &[usize], k: usize) {
        let mask: usize = qubits.iter().map(|&q| 1 << q).sum();
        let want = 1.0 / binomial(qubits.len(), k).sqrt();
        for (i, a) in amps.iter().enumerate() {
            let expect = if i & !mask == 0 && (i & mask).count_ones() as usize == k {
                want
            } else {
                0.0
            };
            assert!(
                (a - Complex64::new(expect, 0.0)).norm() <= 1e-12,
                "D({}, {k}) on {qubits:?}: amplitude {a} at {i:b}, want {expect}",
                qubits.len()
            );
        }
    }

    #[test]
    fn dicke_is_the_uniform_positive_superposition() {
        for m in 1..=8 {
            let qubits: Vec<usize> = (0..m).collect();
            for k in 0..=m {
                assert_dicke(&run(m, Circuit::dicke(m, &qubits, k)), &qubits, k);
            }
        }
        // Qubits spread over a larger register, the others left alone.
        for qubits in [vec![1, 4, 5], vec![0, 2, 3, 6], vec![6], vec![2, 6]] {
            for k in 0..=qubits.len() {
                assert_dicke(&run(7, Circuit::dicke(7, &qubits, k)), &qubits, k);
            }
        }
        assert!(Circuit::dicke(3, &[0, 1, 2], 0).is_empty());
        assert_eq!(Circuit::dicke(3, &[0, 2], 2), vec![Gate::X(0), Gate::X(2)]);
        assert_eq!(Circuit::dicke(2, &[1], 1), vec![Gate::X(1)]);
    }

    #[test]
    #[should_panic(expected = "cannot hold")]
    fn dicke_refuses_more_ones_than_qubits() {
        let _ = Circuit::dicke(3, &[0, 1], 3);
    }

    #[test]
    fn ccry_is_the_doubly_controlled_rotation() {
        let theta = 1.234;
        for basis in 0..8u64 {
            let mut amps = crate::sim::State::basis(3, basis).unwrap().amps;
            reference::apply_gates(&mut amps, &ccry(0, 2, 1, fixed(theta)));
            let mut want = crate::sim::State::basis(3, basis).unwrap().amps;
            if basis & 0b101 == 0b101 {
                reference::apply_matrix(&mut want, 1, &reference::ry_matrix(theta));
            }
            for (a, b) in amps.iter().zip(&want) {
                assert!((a - b).norm() < 1e-15, "basis {basis:03b}: {a} vs {b}");
            }
        }
    }

    /// A cost with one-, two- and three-qubit terms on n qubits.
    fn random_poly(n: usize, seed: u64) -> ZPoly {
        let mut rng = crate::rng::seeded(seed);
        let mut terms = Vec::new();
        for a in 0..n {
            terms.push((vec![a], rng.random_range(-1.0..1.0)));
            for b in a + 1..n {
                if rng.random_bool(0.5) {
                    terms.push((vec![a, b], rng.random_range(-1.0..1.0)));
                }
            }
        }
        terms.push((vec![0, 3, 5], 0.7));
        terms.push((vec![1, 2, 4, 6], -0.4));
        ZPoly {
            num_qubits: n,
            terms,
            offset: 0.3,
        }
    }

    fn random_angles(p: usize, seed: u64) -> Angles {
        let mut rng = crate::rng::seeded(seed);
        Angles::new(
            (0..p).map(|_| rng.random_range(-1.2..1.2)).collect(),
            (0..p).map(|_| rng.random_range(-1.6..1.6)).collect(),
        )
        .unwrap()
    }

    #[test]
    fn qaoa_space_keeps_every_block_weight() {
        let n = 8;
        let blocks = vec![(vec![0, 2, 5], 1), (vec![1, 3, 4, 7], 2)];
        let free = [6];
        let poly = random_poly(n, 5);
        for mixer in [MixerKind::XyRing, MixerKind::XyComplete] {
            for seed in 0..4 {
                let angles = random_angles(1 + seed as usize % 3, 40 + seed);
                let amps = reference::run(&Circuit::qaoa_space(&poly, &blocks, &free, mixer, &angles))
                    .unwrap()
                    .amps;
                let mut inside = 0.0;
                for (i, a) in amps.iter().enumerate() {
                    let ok = blocks
                        .iter()
                        .all(|(qs, k)| qs.iter().filter(|&&q| i >> q & 1 == 1).count() == *k);
                    if ok {
                        inside += a.norm_sqr();
                    } else {
                        assert!(a.norm() <= 1e-12, "{mixer} seed {seed}: amplitude {a} at {i:08b}");
                    }
                }
                assert!((inside - 1.0).abs() <= 1e-12, "{mixer}: norm {inside}");
                // 36 allowed states (3 · 6 · 2): the layers moved the state away from uniform.
                let spread = amps.iter().map(|a| a.norm_sqr()).fold(0.0, f64::max);
                assert!(spread > 1.0 / 36.0 + 1e-6, "{mixer}: the state stayed uniform");
            }
        }
    }

    #[test]
    fn qaoa_space_writes_start_cost_and_mixer_in_order() {
        let poly = random_poly(7, 9);
        let angles = random_angles(2, 3);
        let blocks = vec![(vec![1, 4, 5], 1), (vec![0, 6], 1)];
        let free = [2, 3];
        let c = Circuit::qaoa_space(&poly, &blocks, &free, MixerKind::XyRing, &angles);
        let mut want = Circuit::dicke(7, &blocks[0].0, 1);
        want.extend(Circuit::dicke(7, &blocks[1].0, 1));
        want.extend([Gate::H(2), Gate::H(3)]);
        for l in 0..2 {
            push_cost_layer(&mut want, &poly, angles.gammas[l], l);
            let a = mixer_angle(angles.betas[l], l);
            // Ring of [1, 4, 5]: (0,1), (1,2), (0,2); of [0, 6]: (0,1).
            want.extend([(1, 4), (4, 5), (1, 5), (0, 6)].map(|(x, y)| Gate::XxPlusYy(x, y, a)));
            want.extend([Gate::Rx(2, a), Gate::Rx(3, a)]);
        }
        assert_eq!(c.gates, want);
        let counts = c.gate_counts();
        assert_eq!(counts["xy_mixer"], 8);
        assert_eq!(counts["rx"], 4);
        assert_eq!(c.counts().1, 4);
    }

    #[test]
    fn qaoa_space_with_x_and_no_blocks_is_qaoa_poly() {
        let poly = random_poly(7, 11);
        let angles = random_angles(3, 12);
        let free: Vec<usize> = (0..7).collect();
        let space = Circuit::qaoa_space(&poly, &[], &free, MixerKind::X, &angles);
        assert_eq!(space, Circuit::qaoa_poly(&poly, &angles));
    }

    #[test]
    #[should_panic(expected = "does not keep")]
    fn qaoa_space_refuses_the_x_mixer_on_blocks() {
        let poly = random_poly(7, 1);
        let _ = Circuit::qaoa_space(&poly, &[(vec![0, 1], 1)], &[], MixerKind::X, &random_angles(1, 0));
    }
}
