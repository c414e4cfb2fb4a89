//! OpenQASM 3 text of a [`Circuit`]: the very gate list the reference simulator runs.
//!
//! Every flavour writes `OPENQASM 3.0;`, `include "stdgates.inc";`, a comment block (puzzle
//! file, reduction level, depth, angles, the puzzle cells of every qubit, the bit order),
//! `qubit[n] q; bit[n] c;`, the gates in circuit order and `c = measure q;`. The flavours
//! differ only in how `rzz` and the angles are written:
//!
//! | flavour    | `rzz`                                              | angles                        |
//! |------------|----------------------------------------------------|-------------------------------|
//! | `portable` | `gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }` | numbers, or `input float[64]` |
//! | `ibm`      | the same definition                                | numbers                       |
//! | `ionq`     | expanded in place, `cx; rz; cx` on one line        | numbers                       |
//!
//! Numbers are written with Rust's shortest round-trip formatting, so a parser reads back
//! exactly the `f64` the simulator used.

use crate::circuit::{Angle, Circuit, Gate, Param};
use crate::encoding::QubitCell;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::str::FromStr;

/// The definition of `rzz` (stdgates.inc has none): `exp(−iθ Z⊗Z/2)`.
pub const RZZ_DEFINITION: &str = "gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }";

/// Which consumer the text is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Flavor {
    /// Any OpenQASM 3 tool: `rzz` defined as a gate; angles numeric or symbolic.
    Portable,
    /// IBM Quantum through `qiskit.qasm3.loads` and `transpile`: numeric angles.
    Ibm,
    /// IonQ (through qiskit-ionq): a flat file of stdgates.inc gates only, `rzz` expanded.
    Ionq,
}

impl Flavor {
    /// Every flavour.
    pub const ALL: [Flavor; 3] = [Flavor::Portable, Flavor::Ibm, Flavor::Ionq];

    /// The name on the command line and in manifests.
    pub fn name(self) -> &'static str {
        match self {
            Flavor::Portable => "portable",
            Flavor::Ibm => "ibm",
            Flavor::Ionq => "ionq",
        }
    }
}

impl FromStr for Flavor {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Flavor::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| Error::InvalidArgument(format!("unknown flavour `{s}` (portable, ibm, ionq)")))
    }
}

/// What the comment block at the top of the file says: plain data, no simulator.
#[derive(Clone, Debug, PartialEq)]
pub struct QasmHeader {
    /// The puzzle file, as the user named it.
    pub file: String,
    /// The reduction level (`paper`, ...).
    pub reduce: String,
    /// Depth p.
    pub depth: usize,
    /// γ_1..γ_p.
    pub gammas: Vec<f64>,
    /// β_1..β_p.
    pub betas: Vec<f64>,
    /// For every qubit, the puzzle cells it stands for.
    pub qubit_cells: Vec<Vec<QubitCell>>,
}

/// The name of a circuit parameter in symbolic files: `gamma_00` is γ of layer 1. Indices are
/// zero-padded to the width of `depth − 1` (at least two digits), so that importers that sort
/// parameters by name (Qiskit does) keep the layers in order.
pub fn parameter_name(param: Param, depth: usize) -> String {
    let width = depth.saturating_sub(1).to_string().len().max(2);
    match param {
        Param::Gamma(l) => format!("gamma_{l:0width$}"),
        Param::Beta(l) => format!("beta_{l:0width$}"),
    }
}

/// A float as OpenQASM reads it back bit for bit: the shortest round-trip form (`0.1`, `-2.0`,
/// `1e-7`), all of which are OpenQASM 3 float literals.
fn number(x: f64) -> String {
    format!("{x:?}")
}

fn list(v: &[f64]) -> String {
    format!("[{}]", v.iter().map(|&x| number(x)).collect::<Vec<_>>().join(", "))
}

/// The argument of a rotation: the number, or `coefficient * name` in symbolic mode.
fn angle_text(a: &Angle, symbolic: bool, depth: usize) -> Result<String> {
    match a.symbol {
        Some((coefficient, param)) if symbolic => {
            let l = match param {
                Param::Gamma(l) | Param::Beta(l) => l,
            };
            if l >= depth {
                return Err(Error::InvalidArgument(format!(
                    "the circuit uses layer {} but the header says depth {depth}",
                    l + 1
                )));
            }
            Ok(format!("{} * {}", number(coefficient), parameter_name(param, depth)))
        }
        _ if a.value.is_finite() => Ok(number(a.value)),
        _ => Err(Error::InvalidArgument(format!("gate angle {} is not finite", a.value))),
    }
}

fn check(circuit: &Circuit, header: &QasmHeader, flavor: Flavor, symbolic: bool) -> Result<()> {
    if symbolic && flavor != Flavor::Portable {
        return Err(Error::InvalidArgument(format!(
            "symbolic angles are only written in the portable flavour, not {}",
            flavor.name()
        )));
    }
    if circuit.num_qubits == 0 {
        return Err(Error::InvalidArgument(
            "the circuit has no qubits (the reduction decided every cell): there is nothing to run; \
             choose a lower --reduce level"
                .into(),
        ));
    }
    if header.gammas.len() != header.depth {
        return Err(Error::AngleCount {
            expected: header.depth,
            got: header.gammas.len(),
        });
    }
    if header.betas.len() != header.depth {
        return Err(Error::AngleCount {
            expected: header.depth,
            got: header.betas.len(),
        });
    }
    if header.qubit_cells.len() != circuit.num_qubits {
        return Err(Error::InvalidArgument(format!(
            "the header maps {} qubits to cells, the circuit has {}",
            header.qubit_cells.len(),
            circuit.num_qubits
        )));
    }
    for g in &circuit.gates {
        let qubits: &[usize] = match g {
            Gate::H(q) | Gate::Rx(q, _) | Gate::Rz(q, _) => std::slice::from_ref(q),
            Gate::Rzz(a, b, _) | Gate::Cx(a, b) => &[*a, *b],
        };
        if qubits.iter().any(|&q| q >= circuit.num_qubits) {
            return Err(Error::InvalidArgument(format!(
                "gate {g:?} addresses a qubit beyond the {} of the circuit",
                circuit.num_qubits
            )));
        }
    }
    Ok(())
}

fn write_header(s: &mut String, circuit: &Circuit, header: &QasmHeader, flavor: Flavor, symbolic: bool) {
    let n = circuit.num_qubits;
    let p = header.depth;
    let mut line = |text: &str| {
        s.push_str(if text.is_empty() { "//" } else { "// " });
        s.push_str(text);
        s.push('\n');
    };
    line(&format!(
        "QAOA circuit exported by quzzle (flavour: {}, angles: {})",
        flavor.name(),
        if symbolic { "symbolic" } else { "numeric" }
    ));
    line(&format!("puzzle file:     {}", header.file));
    line(&format!("reduction level: {}", header.reduce));
    line(&format!("depth p:         {p}"));
    line(&format!("gammas:          {}", list(&header.gammas)));
    line(&format!("betas:           {}", list(&header.betas)));
    if symbolic {
        line(&format!(
            "parameters:      {} .. {} and {} .. {} (index 0 is layer 1);",
            parameter_name(Param::Gamma(0), p),
            parameter_name(Param::Gamma(p - 1), p),
            parameter_name(Param::Beta(0), p),
            parameter_name(Param::Beta(p - 1), p)
        ));
        line("                 bind them to the gammas and betas above to get the simulated circuit");
    }
    line("convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),");
    line("            U_B(beta) = exp(-i beta sum_q X_q) is rx(2 beta), starting from H on every");
    line("            qubit; the constant offset of H_C is a global phase and is not written.");
    line(&format!(
        "qubits: {n}. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell"
    ));
    line("marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.");
    for (q, cells) in header.qubit_cells.iter().enumerate() {
        let names: Vec<String> = cells
            .iter()
            .map(|c| {
                if c.negated {
                    format!("not {}", c.cell)
                } else {
                    c.cell.clone()
                }
            })
            .collect();
        line(&format!("  q[{q}]: {}", names.join(", ")));
    }
    line("bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with");
    line("qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,");
    line("the order of quzzle's reports and of valid_bitstrings in the JSON manifest.");
    match flavor {
        Flavor::Portable => {}
        Flavor::Ibm => {
            line("for IBM Quantum: qiskit.qasm3.loads(text), then transpile for the backend");
            line("(the rzz gate below is defined as cx; rz; cx and unrolls to the device's gates).");
        }
        Flavor::Ionq => {
            line("for IonQ: a flat circuit of stdgates.inc gates; each rzz(theta) a, b is written");
            line("in place as `cx a, b; rz(theta) b; cx a, b;` on one line.");
        }
    }
}

/// The OpenQASM 3 text of `circuit` in `flavor`, with the comment block of `header`.
///
/// With `symbolic` (portable flavour only) every angle that has a symbol is written as
/// `coefficient * gamma_ll` / `beta_ll` with `input float[64]` declarations; binding them to
/// `header.gammas` / `header.betas` gives the numeric circuit. Errors: `--symbolic` with another
/// flavour, a circuit without qubits, angle lists that do not match `header.depth`, a cell map
/// that does not match the circuit, a non-finite angle.
pub fn to_qasm3(circuit: &Circuit, header: &QasmHeader, flavor: Flavor, symbolic: bool) -> Result<String> {
    check(circuit, header, flavor, symbolic)?;
    let n = circuit.num_qubits;
    let p = header.depth;
    let mut s = String::from("OPENQASM 3.0;\ninclude \"stdgates.inc\";\n\n");
    write_header(&mut s, circuit, header, flavor, symbolic);
    s.push('\n');
    if flavor != Flavor::Ionq {
        s.push_str(RZZ_DEFINITION);
        s.push_str("\n\n");
    }
    if symbolic {
        for l in 0..p {
            let _ = writeln!(s, "input float[64] {};", parameter_name(Param::Gamma(l), p));
        }
        for l in 0..p {
            let _ = writeln!(s, "input float[64] {};", parameter_name(Param::Beta(l), p));
        }
        s.push('\n');
    }
    let _ = writeln!(s, "qubit[{n}] q;\nbit[{n}] c;\n");
    // A comment opens each layer's cost and mixer part (found from the gates' symbols).
    let mut part: Option<Param> = None;
    for g in &circuit.gates {
        let symbol = match g {
            Gate::Rx(_, a) | Gate::Rz(_, a) | Gate::Rzz(_, _, a) => a.symbol.map(|(_, param)| param),
            Gate::H(_) | Gate::Cx(..) => None,
        };
        if let Some(param) = symbol {
            if part != Some(param) {
                part = Some(param);
                let _ = match param {
                    Param::Gamma(l) => writeln!(s, "// layer {} of {p}: cost, gamma = {}", l + 1, gamma_of(header, l)),
                    Param::Beta(l) => writeln!(s, "// layer {} of {p}: mixer, beta = {}", l + 1, beta_of(header, l)),
                };
            }
        }
        let _ = match *g {
            Gate::H(q) => writeln!(s, "h q[{q}];"),
            Gate::Rx(q, a) => writeln!(s, "rx({}) q[{q}];", angle_text(&a, symbolic, p)?),
            Gate::Rz(q, a) => writeln!(s, "rz({}) q[{q}];", angle_text(&a, symbolic, p)?),
            Gate::Rzz(x, y, a) if flavor == Flavor::Ionq => writeln!(
                s,
                "cx q[{x}], q[{y}]; rz({}) q[{y}]; cx q[{x}], q[{y}];",
                angle_text(&a, symbolic, p)?
            ),
            Gate::Rzz(x, y, a) => writeln!(s, "rzz({}) q[{x}], q[{y}];", angle_text(&a, symbolic, p)?),
            Gate::Cx(x, y) => writeln!(s, "cx q[{x}], q[{y}];"),
        };
    }
    s.push_str("\nc = measure q;\n");
    Ok(s)
}

fn gamma_of(header: &QasmHeader, l: usize) -> String {
    header.gammas.get(l).map_or_else(|| "?".into(), |&x| number(x))
}

fn beta_of(header: &QasmHeader, l: usize) -> String {
    header.betas.get(l).map_or_else(|| "?".into(), |&x| number(x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Angles, Ising};

    fn tiny() -> (Circuit, QasmHeader) {
        let ising = Ising {
            num_qubits: 2,
            h: vec![0.5, 0.0],
            couplings: vec![(0, 1, -0.25)],
            offset: 1.0,
        };
        let angles = Angles::new(vec![0.1], vec![0.7]).unwrap();
        let header = QasmHeader {
            file: "x.txt".into(),
            reduce: "paper".into(),
            depth: 1,
            gammas: angles.gammas.clone(),
            betas: angles.betas.clone(),
            qubit_cells: vec![
                vec![QubitCell {
                    cell: "r0c0".into(),
                    negated: false,
                }],
                vec![QubitCell {
                    cell: "r0c1".into(),
                    negated: true,
                }],
            ],
        };
        (Circuit::qaoa(&ising, &angles), header)
    }

    #[test]
    fn numbers_round_trip_and_are_qasm_literals() {
        for x in [0.1, -2.0, 1e-7, 1.0 / 3.0, 123456789.125, -0.0, 6.02e23] {
            let t = number(x);
            assert_eq!(t.parse::<f64>().unwrap().to_bits(), x.to_bits(), "{t}");
            assert!(t.contains('.') || t.contains('e'), "{t} would read as an integer");
        }
    }

    #[test]
    fn parameter_names_sort_by_layer() {
        assert_eq!(parameter_name(Param::Gamma(0), 3), "gamma_00");
        assert_eq!(parameter_name(Param::Beta(11), 12), "beta_11");
        assert_eq!(parameter_name(Param::Beta(7), 101), "beta_007");
        let mut names: Vec<String> = (0..12).map(|l| parameter_name(Param::Gamma(l), 12)).collect();
        let sorted = names.clone();
        names.sort();
        assert_eq!(names, sorted);
    }

    #[test]
    fn flavours_write_rzz_their_way() {
        let (circuit, header) = tiny();
        let portable = to_qasm3(&circuit, &header, Flavor::Portable, false).unwrap();
        assert!(portable.starts_with("OPENQASM 3.0;\ninclude \"stdgates.inc\";\n"));
        assert!(portable.contains(RZZ_DEFINITION));
        assert!(portable.contains("rzz(-0.05) q[0], q[1];"));
        assert!(portable.contains("rz(0.1) q[0];"));
        assert!(!portable.contains("q[1];\nrz("), "h = 0 emits no rz");
        assert!(portable.trim_end().ends_with("c = measure q;"));
        let ionq = to_qasm3(&circuit, &header, Flavor::Ionq, false).unwrap();
        assert!(
            !ionq.lines().any(|l| !l.starts_with("//") && l.contains("rzz")),
            "rzz only in comments"
        );
        assert!(ionq.contains("cx q[0], q[1]; rz(-0.05) q[1]; cx q[0], q[1];"));
        let symbolic = to_qasm3(&circuit, &header, Flavor::Portable, true).unwrap();
        assert!(symbolic.contains("input float[64] gamma_00;"));
        assert!(symbolic.contains("rzz(-0.5 * gamma_00) q[0], q[1];"));
        assert!(symbolic.contains("rx(2.0 * beta_00) q[1];"));
    }

    #[test]
    fn refuses_what_it_cannot_write() {
        let (circuit, header) = tiny();
        for f in [Flavor::Ibm, Flavor::Ionq] {
            let e = to_qasm3(&circuit, &header, f, true).unwrap_err();
            assert!(
                matches!(e, Error::InvalidArgument(ref m) if m.contains("portable")),
                "{e}"
            );
        }
        let bad = QasmHeader {
            gammas: vec![0.1, 0.2],
            ..header.clone()
        };
        assert!(matches!(
            to_qasm3(&circuit, &bad, Flavor::Ibm, false),
            Err(Error::AngleCount { expected: 1, got: 2 })
        ));
        let empty = Circuit {
            num_qubits: 0,
            gates: vec![],
        };
        let none = QasmHeader {
            qubit_cells: vec![],
            ..header
        };
        assert!(to_qasm3(&empty, &none, Flavor::Portable, false).is_err());
        assert_eq!("ionq".parse::<Flavor>().unwrap(), Flavor::Ionq);
        assert!("qir".parse::<Flavor>().is_err());
    }
}
