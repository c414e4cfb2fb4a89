//! Gates written in `h`, `rx`, `ry`, `rz` and `cx` only: what the ionq flavour writes in place
//! of `xx_plus_yy`, `cry` and `ccx`, and the gate list a device runs, on which the noise model
//! draws its errors.

use super::{Angle, Gate};

/// One step of a two-qubit gate's decomposition: a gate on operands 0 and 1, with the angle
/// `(t·θ + p·π) / 2` given by the half-units `(t, p)`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    Rx(usize, i32, i32),
    Ry(usize, i32, i32),
    Rz(usize, i32, i32),
    Cx(usize, usize),
}

/// `xx_plus_yy(θ) = exp(−iθ(XX+YY)/4)`. `cx a,b` takes `X_a ⊗ I` to `XX` and `I ⊗ Z_b` to `ZZ`,
/// so `cx; rx(θ/2) a, rz(θ/2) b; cx` is `exp(−iθ(XX+ZZ)/4)`; `rx(π/2)` on both qubits turns
/// `ZZ` into `YY` and keeps `XX`.
pub(crate) const XX_PLUS_YY_STEPS: [Step; 8] = [
    Step::Rx(0, 0, -1),
    Step::Rx(1, 0, -1),
    Step::Cx(0, 1),
    Step::Rx(0, 1, 0),
    Step::Rz(1, 1, 0),
    Step::Cx(0, 1),
    Step::Rx(0, 0, 1),
    Step::Rx(1, 0, 1),
];

/// `cry(θ)` (control 0, target 1) as stdgates.inc defines it: `ry(θ/2)`, then `ry(−θ/2)` that
/// the two `cx` turn into `ry(θ/2)` where the control is 1 (Y anticommutes with X).
pub(crate) const CRY_STEPS: [Step; 4] = [Step::Ry(1, 1, 0), Step::Cx(0, 1), Step::Ry(1, -1, 0), Step::Cx(0, 1)];

/// The numeric gates of `steps` on `qubits` at angle θ.
fn expand(steps: &[Step], qubits: [usize; 2], theta: f64) -> Vec<Gate> {
    let angle = |t: i32, p: i32| Angle {
        value: (f64::from(t) * theta + f64::from(p) * std::f64::consts::PI) / 2.0,
        symbol: None,
    };
    steps
        .iter()
        .map(|&step| match step {
            Step::Rx(q, t, p) => Gate::Rx(qubits[q], angle(t, p)),
            Step::Ry(q, t, p) => Gate::Ry(qubits[q], angle(t, p)),
            Step::Rz(q, t, p) => Gate::Rz(qubits[q], angle(t, p)),
            Step::Cx(c, t) => Gate::Cx(qubits[c], qubits[t]),
        })
        .collect()
}

/// `xx_plus_yy(θ) a, b` in `rx`, `rz` and `cx`: what the ionq flavour writes in its place.
pub fn expand_xx_plus_yy(a: usize, b: usize, theta: f64) -> Vec<Gate> {
    expand(&XX_PLUS_YY_STEPS, [a, b], theta)
}

/// `cry(θ) control, target` in `ry` and `cx`: what the ionq flavour writes in its place.
pub fn expand_cry(control: usize, target: usize, theta: f64) -> Vec<Gate> {
    expand(&CRY_STEPS, [control, target], theta)
}

/// `ccx a, b, c` in `h`, `cx` and `rz` only: what the ionq flavour writes in its place. The
/// standard Clifford+T network with 6 `cx` (Nielsen & Chuang, fig. 4.9; Qiskit's own
/// definition of `ccx`), with `t` written `rz(pi/4)` and `tdg` written `rz(-pi/4)`: each
/// `rz(±π/4)` is `t`/`tdg` times the phase `e^{∓iπ/8}`, and the network has four `t` and three
/// `tdg`, so it is `ccx` times the global phase `e^{−iπ/8}`. No gate in an exported file is
/// itself controlled, so the phase is unobservable.
pub fn expand_ccx(a: usize, b: usize, c: usize) -> Vec<Gate> {
    let quarter = |sign: f64| Angle {
        value: sign * std::f64::consts::FRAC_PI_4,
        symbol: None,
    };
    let (t, tdg) = (quarter(1.0), quarter(-1.0));
    vec![
        Gate::H(c),
        Gate::Cx(b, c),
        Gate::Rz(c, tdg),
        Gate::Cx(a, c),
        Gate::Rz(c, t),
        Gate::Cx(b, c),
        Gate::Rz(c, tdg),
        Gate::Cx(a, c),
        Gate::Rz(b, t),
        Gate::Rz(c, t),
        Gate::H(c),
        Gate::Cx(a, b),
        Gate::Rz(a, t),
        Gate::Rz(b, tdg),
        Gate::Cx(a, b),
    ]
}

/// The global phase of [`expand_ccx`] against `ccx`: `e^{−iπ/8}`.
pub const CCX_EXPANSION_PHASE: f64 = -std::f64::consts::PI / 8.0;

/// `gates` with every gate outside `h`, `x`, `rx`, `ry`, `rz` and `cx` written out in them:
/// `rzz` as `cx rz cx`, `xx_plus_yy`, `cry` and `ccx` by their expansions (the last up to the
/// global phase [`CCX_EXPANSION_PHASE`] per `ccx`).
pub fn native(gates: &[Gate]) -> Vec<Gate> {
    let mut out = Vec::with_capacity(gates.len() * 3);
    for &g in gates {
        match g {
            Gate::Rzz(a, b, angle) => out.extend([Gate::Cx(a, b), Gate::Rz(b, angle), Gate::Cx(a, b)]),
            Gate::XxPlusYy(a, b, angle) => out.extend(expand_xx_plus_yy(a, b, angle.value)),
            Gate::Cry(c, t, angle) => out.extend(expand_cry(c, t, angle.value)),
            Gate::Ccx(a, b, c) => out.extend(expand_ccx(a, b, c)),
            g => out.push(g),
        }
    }
    out
}
