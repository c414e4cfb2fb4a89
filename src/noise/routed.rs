//! The circuit a device actually runs: an OpenQASM 3 file transpiled by Qiskit for a backend
//! (`qiskit.qasm3.dumps(transpile(circuit, backend))`), in the basis `rz`, `sx`, `x` and `cz`,
//! `ecr` or `cx`, on physical qubits `$k` (or a register `q[k]`), read back with its final
//! layout (the measurements `c[i] = measure $k;` say which physical qubit holds logical qubit
//! i), and its noisy P(valid) predicted on that routed gate list: `p1` after `sx` and `x`,
//! `p_rz` after `rz`, `p2` after each two-qubit gate, readout flips on the measured bits. The
//! physical qubits the file uses are renumbered 0..m (routing may use more than the circuit's
//! n); the unmeasured ones are traced out.

use super::program::Pauli;
use super::trajectories::{draw_one, draw_two, mean_and_se, trajectory_rng};
use super::NoiseModel;
use crate::error::{Error, Quantity, Result};
use crate::rng::SeededRng;
use crate::sim::kernels::{self, Phase};
use num_complex::Complex64;
use serde::Serialize;

/// A gate of the routed basis, on renumbered qubits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RoutedGate {
    /// `rz(θ)`.
    Rz(usize, f64),
    /// `sx = √X`.
    Sx(usize),
    /// `x`.
    X(usize),
    /// `cz`.
    Cz(usize, usize),
    /// `cx` (control, target).
    Cx(usize, usize),
    /// Qiskit's `ecr` on (q0, q1): `(X_{q0} − X_{q1} Y_{q0}) / √2`.
    Ecr(usize, usize),
}

/// A routed circuit read back.
#[derive(Clone, Debug, PartialEq)]
pub struct RoutedCircuit {
    /// The physical qubit of each renumbered qubit.
    pub physical: Vec<usize>,
    /// The gates.
    pub gates: Vec<RoutedGate>,
    /// For each classical bit i (logical qubit i), the renumbered qubit measured into it.
    pub measured: Vec<usize>,
}

/// Gates of a routed circuit per kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoutedCounts {
    /// `rz` gates.
    pub rz: usize,
    /// `sx` gates.
    pub sx: usize,
    /// `x` gates.
    pub x: usize,
    /// Two-qubit gates (`cz`, `ecr`, `cx`).
    pub two_qubit: usize,
}

/// What a routed circuit predicts under one model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoutedEstimate {
    /// The model.
    pub model: NoiseModel,
    /// Trajectories run.
    pub trajectories: usize,
    /// Mean P(valid) after readout flips.
    pub p_valid: f64,
    /// Its standard error.
    pub p_valid_se: f64,
    /// P(valid) of the routed circuit without noise (equal to the exported circuit's when the
    /// transpiler kept it exact).
    pub noiseless_p_valid: f64,
}

fn unsupported(source: &str, line: usize, what: impl std::fmt::Display) -> Error {
    Error::parse(
        source,
        line,
        format!("{what}: a routed circuit is read in rz, sx, x and cz, ecr or cx, barriers and measurements only"),
    )
}

/// An angle: numbers and `pi` joined by `*` and `/`, with a leading sign (what Qiskit writes).
fn angle(text: &str, source: &str, line: usize) -> Result<f64> {
    let t = text.trim();
    let (sign, body) = match t.strip_prefix('-') {
        Some(rest) => (-1.0, rest.trim()),
        None => (1.0, t.strip_prefix('+').unwrap_or(t).trim()),
    };
    let mut value = 1.0;
    let mut op = '*';
    let mut rest = body;
    loop {
        let end = rest.find(['*', '/']).unwrap_or(rest.len());
        let factor = rest[..end].trim();
        let v = match factor {
            "pi" | "π" => std::f64::consts::PI,
            f => f
                .parse::<f64>()
                .map_err(|_| Error::parse(source, line, format!("angle `{t}`: `{f}` is not a number or pi")))?,
        };
        value = if op == '*' { value * v } else { value / v };
        if end == rest.len() {
            break;
        }
        op = rest[end..].chars().next().unwrap_or('*');
        rest = &rest[end + 1..];
    }
    Ok(sign * value)
}

/// The physical qubit of an operand `$k` or `q[k]`.
fn operand(text: &str, source: &str, line: usize) -> Result<usize> {
    let t = text.trim();
    let digits = if let Some(d) = t.strip_prefix('$') {
        d
    } else if let (Some(open), true) = (t.find('['), t.ends_with(']')) {
        &t[open + 1..t.len() - 1]
    } else {
        return Err(Error::parse(source, line, format!("`{t}` is not a qubit ($k or q[k])")));
    };
    digits
        .trim()
        .parse()
        .map_err(|_| Error::parse(source, line, format!("`{t}` is not a qubit ($k or q[k])")))
}

/// Read a transpiled OpenQASM 3 file (`source` names it in messages).
pub fn parse(text: &str, source: &str) -> Result<RoutedCircuit> {
    // Statements with the line each starts on; comments dropped, gate definitions skipped.
    let mut statements: Vec<(usize, String)> = Vec::new();
    let mut current = String::new();
    let mut start = 1;
    let mut depth = 0usize;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split("//").next().unwrap_or("");
        for ch in line.chars() {
            if current.trim().is_empty() {
                start = i + 1;
            }
            match ch {
                '{' => {
                    depth += 1;
                    current.push(ch);
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    current.push(ch);
                    if depth == 0 {
                        statements.push((start, std::mem::take(&mut current)));
                    }
                }
                ';' if depth == 0 => statements.push((start, std::mem::take(&mut current))),
                c => current.push(c),
            }
        }
        current.push(' ');
    }
    if !current.trim().is_empty() {
        return Err(Error::parse(source, start, "a statement without its `;`"));
    }
    let mut physical: Vec<usize> = Vec::new();
    let mut renumber = |p: usize| -> usize {
        match physical.iter().position(|&q| q == p) {
            Some(i) => i,
            None => {
                physical.push(p);
                physical.len() - 1
            }
        }
    };
    let mut gates = Vec::new();
    let mut measured: Vec<Option<usize>> = Vec::new();
    for (line, statement) in statements {
        let s = statement.trim();
        if s.is_empty()
            || s.starts_with("OPENQASM")
            || s.starts_with("include")
            || s.starts_with("barrier")
            || s.starts_with("qubit")
        {
            continue;
        }
        if let Some(def) = s.strip_prefix("gate ") {
            // Qiskit defines the gates stdgates.inc lacks (ecr, rzx); their meaning is known.
            let name = def.split(['(', ' ']).next().unwrap_or("");
            if !["ecr", "rzx", "sx", "cz"].contains(&name) {
                return Err(unsupported(source, line, format!("the gate definition `{name}`")));
            }
            continue;
        }
        if let Some(decl) = s.strip_prefix("bit[") {
            let n: usize = decl
                .split(']')
                .next()
                .and_then(|d| d.trim().parse().ok())
                .ok_or_else(|| Error::parse(source, line, format!("`{s}`: a bit register needs its size")))?;
            measured = vec![None; n];
            continue;
        }
        if s.contains("measure") {
            // `c[i] = measure $k` (or `measure $k -> c[i]`).
            let (bit, qubit) = match s.split_once('=') {
                Some((bit, m)) => (bit.trim(), m.trim().trim_start_matches("measure").trim()),
                None => match s.trim_start_matches("measure").split_once("->") {
                    Some((q, b)) => (b.trim(), q.trim()),
                    None => return Err(unsupported(source, line, format!("`{s}`"))),
                },
            };
            let i: usize = bit
                .split_once('[')
                .and_then(|(_, r)| r.trim_end_matches(']').trim().parse().ok())
                .ok_or_else(|| Error::parse(source, line, format!("`{bit}` is not one classical bit c[i]")))?;
            let slot = measured
                .get_mut(i)
                .ok_or_else(|| Error::parse(source, line, format!("bit {i} is outside the bit register")))?;
            *slot = Some(renumber(operand(qubit, source, line)?));
            continue;
        }
        // The name (and angle) run to the first operand.
        let split = match s.find(')') {
            Some(close) => close + 1,
            None => s.find([' ', '$']).unwrap_or(s.len()),
        };
        let (head, args) = s.split_at(split);
        let (name, param) = match head.split_once('(') {
            Some((n, p)) => (n.trim(), Some(p.trim_end_matches(')'))),
            None => (head.trim(), None),
        };
        let qubits: Vec<usize> = args
            .split(',')
            .map(|q| operand(q, source, line).map(&mut renumber))
            .collect::<Result<_>>()?;
        let arity = |k: usize| -> Result<()> {
            if qubits.len() == k {
                Ok(())
            } else {
                Err(Error::parse(
                    source,
                    line,
                    format!("`{name}` takes {k} qubit(s), got {}", qubits.len()),
                ))
            }
        };
        let gate = match (name, param) {
            ("rz", Some(p)) => {
                arity(1)?;
                RoutedGate::Rz(qubits[0], angle(p, source, line)?)
            }
            ("sx", None) => {
                arity(1)?;
                RoutedGate::Sx(qubits[0])
            }
            ("x", None) => {
                arity(1)?;
                RoutedGate::X(qubits[0])
            }
            ("cz", None) => {
                arity(2)?;
                RoutedGate::Cz(qubits[0], qubits[1])
            }
            ("cx", None) => {
                arity(2)?;
                RoutedGate::Cx(qubits[0], qubits[1])
            }
            ("ecr", None) => {
                arity(2)?;
                RoutedGate::Ecr(qubits[0], qubits[1])
            }
            _ => return Err(unsupported(source, line, format!("the gate `{head}`"))),
        };
        gates.push(gate);
    }
    if measured.is_empty() {
        return Err(Error::parse(
            source,
            0,
            "no bit register and no measurement: the final layout is unknown",
        ));
    }
    let measured: Vec<usize> = measured
        .iter()
        .enumerate()
        .map(|(i, m)| m.ok_or_else(|| Error::parse(source, 0, format!("classical bit {i} is never measured"))))
        .collect::<Result<_>>()?;
    if physical.len() > 30 {
        return Err(Error::out_of_range(
            Quantity::DiagonalQubits,
            physical.len(),
            "physical qubits in use: a routed circuit is simulated on all of them (at most 30)",
        ));
    }
    Ok(RoutedCircuit {
        physical,
        gates,
        measured,
    })
}

impl RoutedCircuit {
    /// Gates per kind.
    pub fn counts(&self) -> RoutedCounts {
        let mut c = RoutedCounts::default();
        for g in &self.gates {
            match g {
                RoutedGate::Rz(..) => c.rz += 1,
                RoutedGate::Sx(_) => c.sx += 1,
                RoutedGate::X(_) => c.x += 1,
                _ => c.two_qubit += 1,
            }
        }
        c
    }

    /// The errors of one trajectory: after gate i, the Pauli.
    fn sample_events(&self, model: &NoiseModel, rng: &mut SeededRng) -> Vec<(usize, Pauli)> {
        let mut events = Vec::new();
        for (i, g) in self.gates.iter().enumerate() {
            let e = match *g {
                RoutedGate::Sx(q) | RoutedGate::X(q) => draw_one(q, model.p1, rng),
                RoutedGate::Rz(q, _) => draw_one(q, model.p_rz, rng),
                RoutedGate::Cz(a, b) | RoutedGate::Cx(a, b) | RoutedGate::Ecr(a, b) => draw_two(a, b, model.p2, rng),
            };
            if e != Pauli::I {
                events.push((i, e));
            }
        }
        events
    }

    /// The state after the gates with `events`, from `|0…0⟩`.
    fn run(&self, amps: &mut [Complex64], events: &[(usize, Pauli)]) {
        amps.fill(Complex64::new(0.0, 0.0));
        amps[0] = Complex64::new(1.0, 0.0);
        let pauli = |amps: &mut [Complex64], p: Pauli| {
            kernels::apply_diagonal_pauli(amps, Phase::None, &[], p.x, p.z, p.global())
        };
        let mut next = events.iter().peekable();
        for (i, g) in self.gates.iter().enumerate() {
            match *g {
                RoutedGate::Rz(q, t) => kernels::apply_single(amps, q, &crate::sim::reference::rz_matrix(t)),
                RoutedGate::Sx(q) => {
                    let (a, b) = (Complex64::new(0.5, 0.5), Complex64::new(0.5, -0.5));
                    kernels::apply_single(amps, q, &[[a, b], [b, a]]);
                }
                RoutedGate::X(q) => pauli(amps, Pauli::single(q, 1)),
                RoutedGate::Cz(a, b) => kernels::apply_cz(amps, a, b),
                RoutedGate::Cx(c, t) => kernels::apply_cx(amps, c, t),
                RoutedGate::Ecr(q0, q1) => {
                    // (X_{q0} − X_{q1} Y_{q0}) / √2.
                    let mut other = amps.to_vec();
                    pauli(amps, Pauli::single(q0, 1));
                    pauli(&mut other, Pauli::single(q1, 1).times(Pauli::single(q0, 2)));
                    let s = std::f64::consts::FRAC_1_SQRT_2;
                    for (a, o) in amps.iter_mut().zip(&other) {
                        *a = (*a - o) * s;
                    }
                }
            }
            while let Some(&&(at, p)) = next.peek() {
                if at != i {
                    break;
                }
                pauli(amps, p);
                next.next();
            }
        }
    }

    /// The probability of each logical bitstring (bit i = classical bit i), the unmeasured
    /// qubits traced out.
    fn logical_probabilities(&self, amps: &[Complex64], out: &mut [f64]) {
        out.fill(0.0);
        for (k, a) in amps.iter().enumerate() {
            let mut l = 0usize;
            for (i, &q) in self.measured.iter().enumerate() {
                l |= (k >> q & 1) << i;
            }
            out[l] += a.norm_sqr();
        }
    }
}

/// P(valid) of `circuit` (`valid`: logical indices, qubit i = bit i) under `model`.
pub fn estimate(
    circuit: &RoutedCircuit,
    valid: &[u64],
    model: &NoiseModel,
    trajectories: usize,
    seed: u64,
) -> Result<RoutedEstimate> {
    if trajectories == 0 {
        return Err(Error::out_of_range(Quantity::Trajectories, 0, "must be at least 1"));
    }
    super::trajectories::check_trajectories(trajectories)?;
    let m = circuit.physical.len();
    let n = circuit.measured.len();
    crate::sim::check_bytes(m.max(n), 32u128 << m.max(n))?;
    let mut w = vec![0.0; 1 << n];
    for &k in valid {
        *w.get_mut(k as usize)
            .ok_or_else(|| Error::InvalidArgument(format!("valid state {k} is outside {n} measured bits")))? = 1.0;
    }
    let plain = w.clone();
    if model.readout > 0.0 {
        kernels::apply_readout_flips(&mut w, model.readout);
    }
    let mut amps = vec![Complex64::new(0.0, 0.0); 1 << m];
    let mut probs = vec![0.0; 1 << n];
    let dot = |p: &[f64], w: &[f64]| p.iter().zip(w).map(|(a, b)| a * b).sum::<f64>();
    circuit.run(&mut amps, &[]);
    circuit.logical_probabilities(&amps, &mut probs);
    let noiseless = dot(&probs, &plain);
    let v0 = dot(&probs, &w);
    let mut values = Vec::with_capacity(trajectories);
    for t in 0..trajectories {
        let mut rng = trajectory_rng(seed, t);
        let events = circuit.sample_events(model, &mut rng);
        if events.is_empty() {
            values.push(v0);
            continue;
        }
        circuit.run(&mut amps, &events);
        circuit.logical_probabilities(&amps, &mut probs);
        values.push(dot(&probs, &w));
    }
    let (p_valid, p_valid_se) = mean_and_se(&values, v0);
    Ok(RoutedEstimate {
        model: model.clone(),
        trajectories,
        p_valid,
        p_valid_se,
        noiseless_p_valid: noiseless,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_qiskit_writes() {
        let text = "OPENQASM 3.0;\ninclude \"stdgates.inc\";\ngate ecr _gate_q_0, _gate_q_1 {\n  rzx(pi/4) _gate_q_0, _gate_q_1;\n  x _gate_q_0;\n  rzx(-pi/4) _gate_q_0, _gate_q_1;\n}\nbit[2] c;\nrz(pi/2) $5;\nsx $5;\nrz(-3*pi/4) $3; // a comment\necr $5, $3;\nbarrier $5, $3;\nx $3;\nc[0] = measure $3;\nc[1] = measure $5;\n";
        let c = parse(text, "t.qasm").unwrap();
        assert_eq!(c.physical, vec![5, 3]);
        assert_eq!(c.measured, vec![1, 0]);
        assert_eq!(c.gates.len(), 5);
        assert_eq!(c.gates[2], RoutedGate::Rz(1, -3.0 * std::f64::consts::PI / 4.0));
        assert_eq!(c.gates[3], RoutedGate::Ecr(0, 1));
        let counts = c.counts();
        assert_eq!((counts.rz, counts.sx, counts.x, counts.two_qubit), (2, 1, 1, 1));
    }

    #[test]
    fn refuses_what_it_cannot_run_by_line() {
        for (text, says) in [
            ("bit[1] c;\nh $0;\nc[0] = measure $0;", "t.qasm:2: the gate `h`"),
            (
                "bit[1] c;\nrz(theta) $0;\nc[0] = measure $0;",
                "`theta` is not a number or pi",
            ),
            (
                "bit[2] c;\nx $0;\nc[0] = measure $0;",
                "classical bit 1 is never measured",
            ),
            ("x $0;", "the final layout is unknown"),
            (
                "bit[1] c;\ngate foo a { x a; }\nc[0] = measure $0;",
                "t.qasm:2: the gate definition `foo`",
            ),
            ("bit[1] c;\nx $0\n", "without its `;`"),
        ] {
            let e = parse(text, "t.qasm").unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn ecr_is_qiskits() {
        // ECR|00⟩ = (|01⟩ − i|11⟩)/√2 in Qiskit's order (q0 the low bit): column 0 of its matrix,
        // 1/√2 [[0, 1, 0, i], [1, 0, −i, 0], [0, i, 0, 1], [−i, 0, 1, 0]].
        let c = RoutedCircuit {
            physical: vec![0, 1],
            gates: vec![RoutedGate::Ecr(0, 1)],
            measured: vec![0, 1],
        };
        let mut amps = vec![Complex64::new(0.0, 0.0); 4];
        c.run(&mut amps, &[]);
        let s = std::f64::consts::FRAC_1_SQRT_2;
        let want = [
            Complex64::new(0.0, 0.0),
            Complex64::new(s, 0.0),
            Complex64::new(0.0, 0.0),
            Complex64::new(0.0, -s),
        ];
        for (a, b) in amps.iter().zip(want) {
            assert!((a - b).norm() < 1e-15, "{amps:?}");
        }
    }
}
