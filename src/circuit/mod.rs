//! The QAOA circuit as a gate list: the single source of both the reference simulation and
//! the OpenQASM text, so "the exported circuit is the simulated circuit" is a test.
//!
//! Two shapes: [`Circuit::qaoa_poly`] on the full space (start `|+⟩^n`, X mixer), and
//! [`Circuit::qaoa_space`] on a block space (docs/ARCHITECTURE.md, "Spaces and mixers"): each block starts
//! in its Dicke state ([`Circuit::dicke`]) and mixes with XY gates in [`xy_edges`] order.
//! [`Circuit::qaoa_grover`] takes either space with the Grover mixer ([`grover_mixer`]).

pub mod expand;
pub mod grover_mixer;
pub mod seed;
pub mod switch;

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
    /// Toffoli (control, control, target): stdgates.inc `ccx`. A permutation of the basis
    /// states, like [`Gate::X`] and [`Gate::Cx`].
    Ccx(usize, usize, usize),
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
            Gate::Ccx(..) => "ccx",
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
            Gate::Ccx(a, b, c) => vec![a, b, c],
        }
    }

    /// Its angle, for the rotations.
    pub fn angle(&self) -> Option<Angle> {
        match *self {
            Gate::Rx(_, a) | Gate::Rz(_, a) | Gate::Ry(_, a) => Some(a),
            Gate::Rzz(_, _, a) | Gate::Cry(_, _, a) | Gate::XxPlusYy(_, _, a) => Some(a),
            Gate::H(_) | Gate::Cx(..) | Gate::Ccx(..) | Gate::X(_) => None,
        }
    }

    /// The inverse gate: `h`, `x`, `cx` and `ccx` are their own inverses; a rotation's inverse
    /// is the rotation by the negated angle (its symbol's coefficient negated too).
    pub fn inverse(&self) -> Gate {
        let neg = |a: Angle| Angle {
            value: -a.value,
            symbol: a.symbol.map(|(c, p)| (-c, p)),
        };
        match *self {
            Gate::H(_) | Gate::Cx(..) | Gate::Ccx(..) | Gate::X(_) => *self,
            Gate::Rx(q, a) => Gate::Rx(q, neg(a)),
            Gate::Rz(q, a) => Gate::Rz(q, neg(a)),
            Gate::Ry(q, a) => Gate::Ry(q, neg(a)),
            Gate::Rzz(x, y, a) => Gate::Rzz(x, y, neg(a)),
            Gate::Cry(x, y, a) => Gate::Cry(x, y, neg(a)),
            Gate::XxPlusYy(x, y, a) => Gate::XxPlusYy(x, y, neg(a)),
        }
    }

    /// Whether the gate permutes the basis states (`x`, `cx`, `ccx`): then it acts on a
    /// classical bit string, and a list of such gates can be checked bit by bit.
    pub fn is_classical(&self) -> bool {
        matches!(self, Gate::X(_) | Gate::Cx(..) | Gate::Ccx(..))
    }
}

/// The inverse of a gate list: the gates' inverses in reverse order.
pub fn inverse(gates: &[Gate]) -> Vec<Gate> {
    gates.iter().rev().map(Gate::inverse).collect()
}

/// Apply classical gates (`x`, `cx`, `ccx`) to a bit string, `bits[q]` the value of qubit q.
///
/// # Panics
/// On a gate that is not a permutation of basis states ([`Gate::is_classical`]).
pub fn apply_classical(bits: &mut [bool], gates: &[Gate]) {
    for g in gates {
        match *g {
            Gate::X(q) => bits[q] = !bits[q],
            Gate::Cx(c, t) => bits[t] ^= bits[c],
            Gate::Ccx(a, b, t) => bits[t] ^= bits[a] & bits[b],
            other => panic!("{other:?} is not a classical gate"),
        }
    }
}

/// A multi-controlled X (`target` flips when every control is 1) in `x`, `cx` and `ccx` only,
/// with no clean ancilla: the qubits in `dirty` may be in any state (even entangled) and are
/// restored exactly, so idle qubits of a circuit serve.
///
/// Barenco et al. 1995, "Elementary gates for quantum computation" (quant-ph/9503016):
/// 0, 1, 2 controls are `x`, `cx`, `ccx`. With m ≥ 3 controls and at least m − 2 dirty qubits,
/// Lemma 7.2: 4(m − 2) Toffolis (the ladder of `mcx_dirty_ladder` below). With fewer, Lemma 7.3 /
/// Corollary 7.4: split the controls in two halves C1, C2 and take one dirty qubit b:
/// `MCX(C1 → b); MCX(C2 + b → t); MCX(C1 → b); MCX(C2 + b → t)` flips t by
/// `AND(C2)·b ⊕ AND(C2)·(b ⊕ AND(C1)) = AND(C1)·AND(C2)` and restores b; each part borrows
/// the qubits the other half leaves idle (C2, t and the rest of `dirty` for the first,
/// C1 and the rest for the second), recursively.
///
/// # Panics
/// When the qubits are not distinct, or m ≥ 3 and `dirty` is empty (an n-qubit Toffoli with
/// no spare qubit is an odd permutation for n ≥ 4, which no list of Toffolis on those n
/// qubits makes).
pub fn mcx(controls: &[usize], target: usize, dirty: &[usize]) -> Vec<Gate> {
    let mut all: Vec<usize> = controls.iter().chain(dirty).copied().collect();
    all.push(target);
    let count = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(
        all.len(),
        count,
        "mcx: controls {controls:?}, target {target} and dirty {dirty:?} overlap"
    );
    let m = controls.len();
    match m {
        0 => return vec![Gate::X(target)],
        1 => return vec![Gate::Cx(controls[0], target)],
        2 => return vec![Gate::Ccx(controls[0], controls[1], target)],
        _ => {}
    }
    if dirty.len() >= m - 2 {
        return mcx_dirty_ladder(controls, target, &dirty[..m - 2]);
    }
    assert!(
        !dirty.is_empty(),
        "mcx: {m} controls and no spare qubit: a Toffoli network needs at least one"
    );
    let b = dirty[0];
    let rest = &dirty[1..];
    let (c1, c2) = controls.split_at(m.div_ceil(2));
    let mut c2b: Vec<usize> = c2.to_vec();
    c2b.push(b);
    let idle1: Vec<usize> = c2.iter().copied().chain([target]).chain(rest.iter().copied()).collect();
    let idle2: Vec<usize> = c1.iter().chain(rest).copied().collect();
    let first = mcx(c1, b, &idle1);
    let second = mcx(&c2b, target, &idle2);
    let mut gates = first.clone();
    gates.extend(second.iter().copied());
    gates.extend(first);
    gates.extend(second);
    gates
}

/// Barenco et al. Lemma 7.2: an m-controlled X (m ≥ 3) with exactly m − 2 dirty qubits
/// `a[0..m−2]`, in 4(m − 2) Toffolis. The ladder `ccx(c[m−1], a[m−3], t)`, then
/// `ccx(c[i], a[i−2], a[i−1])` for i = m−2 down to 2, `ccx(c[0], c[1], a[0])`, and back up,
/// flips t by `AND(c) ⊕` (terms in the dirty values); the same ladder without its two ends on
/// t cancels those terms and restores every `a`.
fn mcx_dirty_ladder(c: &[usize], t: usize, a: &[usize]) -> Vec<Gate> {
    let m = c.len();
    debug_assert!(m >= 3 && a.len() == m - 2);
    let down = (2..=m - 2).rev().map(|i| Gate::Ccx(c[i], a[i - 2], a[i - 1]));
    let bottom = Gate::Ccx(c[0], c[1], a[0]);
    let up = (2..=m - 2).map(|i| Gate::Ccx(c[i], a[i - 2], a[i - 1]));
    let mut inner: Vec<Gate> = down.collect();
    inner.push(bottom);
    inner.extend(up);
    let top = Gate::Ccx(c[m - 1], a[m - 3], t);
    let mut gates = vec![top];
    gates.extend(inner.iter().copied());
    gates.push(top);
    gates.extend(inner);
    gates
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
    /// Where its start and each layer's cost and mixer parts lie in `gates`, as the QAOA
    /// builders ([`Circuit::qaoa_poly`], [`Circuit::qaoa_space`]) wrote them: the noise routes
    /// read the layers from here instead of finding them again in the gate list. `None` for
    /// every other circuit.
    pub layering: Option<Layering>,
}

/// The parts of a QAOA circuit, as ranges of gate indices: the start (preparation), then per
/// layer its cost part and its mixer part, together covering every gate in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layering {
    /// The gates before the first layer.
    pub start: std::ops::Range<usize>,
    /// Per layer.
    pub layers: Vec<LayerParts>,
}

/// One layer of a [`Layering`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerParts {
    /// The cost part (`rz`, `rzz` and the CNOT ladders of higher-order terms).
    pub cost: std::ops::Range<usize>,
    /// The mixer part (`rx`, `xx_plus_yy`).
    pub mixer: std::ops::Range<usize>,
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
        Circuit::layered(n, (0..n).map(Gate::H).collect(), poly, angles, |gates, angle| {
            gates.extend((0..n).map(|q| Gate::Rx(q, angle)));
        })
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
        Circuit::layered(n, gates, poly, angles, |gates, angle| {
            gates.extend(edges.iter().map(|&(a, b)| Gate::XxPlusYy(a, b, angle)));
            gates.extend(free.iter().map(|&q| Gate::Rx(q, angle)));
        })
    }

    /// `start`, then per layer the cost part of `poly` and the mixer part `mixer` writes at
    /// the layer's `2β`, with where each part lies recorded ([`Layering`]).
    fn layered(
        num_qubits: usize,
        start: Vec<Gate>,
        poly: &ZPoly,
        angles: &Angles,
        mixer: impl Fn(&mut Vec<Gate>, Angle),
    ) -> Circuit {
        let mut gates = start;
        let mut layering = Layering {
            start: 0..gates.len(),
            layers: Vec::with_capacity(angles.p()),
        };
        for (l, (&gamma, &beta)) in angles.gammas.iter().zip(&angles.betas).enumerate() {
            let cost_at = gates.len();
            push_cost_layer(&mut gates, poly, gamma, l);
            let mixer_at = gates.len();
            mixer(&mut gates, mixer_angle(beta, l));
            layering.layers.push(LayerParts {
                cost: cost_at..mixer_at,
                mixer: mixer_at..gates.len(),
            });
        }
        Circuit {
            num_qubits,
            gates,
            layering: Some(layering),
        }
    }

    /// A circuit of `gates` with no QAOA layering.
    pub fn plain(num_qubits: usize, gates: Vec<Gate>) -> Circuit {
        Circuit {
            num_qubits,
            gates,
            layering: None,
        }
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

    /// The depth: layers of gates on disjoint qubits, each gate as early as its qubits allow
    /// (every gate counts one layer, whatever its size).
    pub fn depth(&self) -> usize {
        let mut at = vec![0usize; self.num_qubits];
        let mut depth = 0;
        for g in &self.gates {
            let qubits = g.qubits();
            let layer = qubits.iter().map(|&q| at[q]).max().unwrap_or(0) + 1;
            for q in qubits {
                at[q] = layer;
            }
            depth = depth.max(layer);
        }
        depth
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
        reference::run(&Circuit::plain(n, gates)).unwrap().amps
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

    /// Checks `gates` as an m-controlled X on `controls` → `target` over `n` qubits, on every
    /// classical input (every value of every other qubit included): the target flips iff
    /// every control is 1, and every other qubit keeps its value. X, CX and CCX permute the
    /// basis states, so the bit level is the whole truth (no phases).
    fn assert_is_mcx(gates: &[Gate], n: usize, controls: &[usize], target: usize) {
        assert!(gates.iter().all(Gate::is_classical));
        assert!(gates.iter().all(|g| g.qubits().iter().all(|&q| q < n)));
        let mut bits = vec![false; n];
        for input in 0..1u64 << n {
            for (q, b) in bits.iter_mut().enumerate() {
                *b = input >> q & 1 == 1;
            }
            apply_classical(&mut bits, gates);
            let all = controls.iter().all(|&c| input >> c & 1 == 1);
            for (q, &b) in bits.iter().enumerate() {
                let was = input >> q & 1 == 1;
                let want = if q == target { was ^ all } else { was };
                assert_eq!(
                    b,
                    want,
                    "{} controls, {n} qubits: input {input:0n$b}, qubit {q}",
                    controls.len()
                );
            }
        }
    }

    #[test]
    fn mcx_flips_the_target_iff_every_control_is_one_and_restores_dirty_qubits() {
        // Controls 0..m, target m, dirty m+1..: every dirty count from 1 (the split of Lemma
        // 7.3, recursively) to m − 2 and beyond (Lemma 7.2), 20 qubits at most.
        for m in 0..=12usize {
            let controls: Vec<usize> = (0..m).collect();
            let most = if m <= 2 { 1 } else { (m - 2 + 1).min(20 - m - 1) };
            for d in 0..=most {
                if m >= 3 && d == 0 {
                    continue;
                }
                if m + 1 + d > 20 {
                    continue;
                }
                let dirty: Vec<usize> = (m + 1..m + 1 + d).collect();
                let gates = mcx(&controls, m, &dirty);
                assert_is_mcx(&gates, m + 1 + d, &controls, m);
                let toffolis = gates.iter().filter(|g| matches!(g, Gate::Ccx(..))).count();
                if m >= 3 && d >= m - 2 {
                    assert_eq!(toffolis, 4 * (m - 2), "Lemma 7.2: 4(m − 2) Toffolis");
                }
            }
        }
        // Scattered qubits, as in the seed's circuit: controls, target and dirty interleaved.
        let controls = [5, 0, 9, 3, 7, 11, 1, 12, 14, 16];
        let dirty = [2, 4, 15];
        let gates = mcx(&controls, 8, &dirty);
        assert_is_mcx(&gates, 17, &controls, 8);
        // The diffusion's shape at N = 4 (15 controls, 10 dirty) stays a Toffoli network.
        let controls: Vec<usize> = (0..15).collect();
        let dirty: Vec<usize> = (16..26).collect();
        let gates = mcx(&controls, 15, &dirty);
        assert!(gates.iter().all(|g| matches!(g, Gate::Ccx(..))));
        assert_eq!(gates.len(), 96, "two splits of 8 controls, 4 · 6 Toffolis each, twice");
    }

    #[test]
    #[should_panic(expected = "no spare qubit")]
    fn mcx_needs_a_spare_qubit() {
        let _ = mcx(&[0, 1, 2], 3, &[]);
    }

    #[test]
    fn ccx_and_inverse_on_the_reference_simulator() {
        // ccx on the reference simulator is the permutation of apply_classical.
        for basis in 0..16u64 {
            let gates = [Gate::Ccx(3, 0, 2)];
            let mut amps = crate::sim::State::basis(4, basis).unwrap().amps;
            reference::apply_gates(&mut amps, &gates);
            let mut bits: Vec<bool> = (0..4).map(|q| basis >> q & 1 == 1).collect();
            apply_classical(&mut bits, &gates);
            let image: u64 = bits.iter().enumerate().map(|(q, &b)| u64::from(b) << q).sum();
            for (k, a) in amps.iter().enumerate() {
                let want = if k as u64 == image { 1.0 } else { 0.0 };
                assert!((a - Complex64::new(want, 0.0)).norm() < 1e-15, "{basis:04b} -> {k:04b}");
            }
        }
        // A W state and its inverse give back |0…0⟩.
        let w = Circuit::dicke(5, &[0, 2, 3, 4], 1);
        let mut gates = w.clone();
        gates.extend(inverse(&w));
        let amps = run(5, gates);
        assert!((amps[0] - Complex64::new(1.0, 0.0)).norm() < 1e-12);
    }

    /// The builders record where each part lies: the start, then per layer the cost gates
    /// (`rz`, `rzz`, `cx`) and the mixer gates (`rx`, `xx_plus_yy`), in order and covering
    /// every gate; other circuits record none.
    #[test]
    fn qaoa_builders_record_their_layers() {
        let poly = ZPoly {
            num_qubits: 5,
            terms: vec![(vec![0], 1.0), (vec![1, 3], -0.5), (vec![0, 2, 4], 0.25)],
            offset: 0.0,
        };
        let angles = Angles::new(vec![0.2, 0.4, 0.6], vec![0.1, 0.3, 0.5]).unwrap();
        let blocks = vec![(vec![0, 1, 2], 1)];
        for (c, mixer_kinds) in [
            (Circuit::qaoa_poly(&poly, &angles), vec!["rx"]),
            (
                Circuit::qaoa_space(&poly, &blocks, &[3, 4], MixerKind::XyRing, &angles),
                vec!["xy_mixer", "rx"],
            ),
        ] {
            let layering = c.layering.as_ref().expect("a QAOA circuit records its layers");
            assert_eq!(layering.start.start, 0);
            assert_eq!(layering.layers.len(), 3);
            let mut end = layering.start.end;
            for parts in &layering.layers {
                assert_eq!(parts.cost.start, end);
                assert_eq!(parts.mixer.start, parts.cost.end);
                end = parts.mixer.end;
                assert!(c.gates[parts.cost.clone()]
                    .iter()
                    .all(|g| ["rz", "rzz", "cx"].contains(&g.name())));
                assert!(c.gates[parts.mixer.clone()]
                    .iter()
                    .all(|g| mixer_kinds.contains(&g.name())));
                assert!(!c.gates[parts.mixer.clone()].is_empty());
            }
            assert_eq!(end, c.gates.len());
        }
        let free: Vec<usize> = (0..5).collect();
        assert_eq!(Circuit::qaoa_grover(&poly, &[], &free, &angles).layering, None);
    }

    #[test]
    fn depth_counts_layers() {
        let c = Circuit::plain(
            4,
            vec![Gate::H(0), Gate::H(1), Gate::Cx(0, 1), Gate::X(3), Gate::Ccx(1, 2, 3)],
        );
        assert_eq!(c.depth(), 3);
        assert_eq!(Circuit::plain(2, vec![]).depth(), 0);
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
