//! OpenQASM 3 text of a [`Circuit`]: the very gate list the reference simulator runs.
//!
//! Every flavour writes `OPENQASM 3.0;`, `include "stdgates.inc";`, a comment block (puzzle
//! file, reduction level, depth, angles, the puzzle cells of every qubit, the bit order),
//! `qubit[n] q; bit[n] c;`, the gates in circuit order and `c = measure q;`. The flavours
//! differ only in how `rzz`, `xy_mixer`, `cry` and the angles are written, and in the notes of
//! their comment block, one row of [`FlavorRules`] each ([`Flavor::rules`]):
//!
//! | flavour    | `rzz`, `xy_mixer`                                  | `cry`              | angles                        |
//! |------------|----------------------------------------------------|--------------------|-------------------------------|
//! | `portable` | defined as gates ([`RZZ_DEFINITION`], [`xy_mixer_definition`]) | stdgates.inc | numbers, or `input float[64]` |
//! | `ibm`      | the same definitions                               | stdgates.inc       | numbers                       |
//! | `ionq`     | expanded in place, on one line                     | expanded in place  | numbers                       |
//!
//! `xy_mixer(θ)` is [`Gate::XxPlusYy`], Qiskit's `XXPlusYYGate(θ, 0)` = `exp(−iθ(XX+YY)/4)`,
//! under a name of its own: Qiskit's transpiler finds decompositions by gate name, and a
//! one-parameter `xx_plus_yy` from a file clashes with its two-parameter one (`transpile`
//! panics). Its definition is written only into files that use it (block spaces, XY
//! mixers), so full-space files are unchanged. The ionq expansions use `rx`, `ry`, `rz` and
//! `cx` only, and are the very gate lists of the definitions ([`expand_xx_plus_yy`],
//! [`expand_cry`]), checked against the native gates by the reference simulator.
//!
//! Circuits with the Grover mixer ([`crate::circuit::Circuit::qaoa_grover`]) add `ccx` (and
//! β-dependent `rz`, `rzz`): a stdgates.inc gate in portable and ibm, [`expand_ccx`] in ionq; a
//! comment block of their own explains the construction.
//!
//! Numbers are written with Rust's shortest round-trip formatting, so a parser reads back
//! exactly the `f64` the simulator used.

use crate::angles::Angles;
use crate::circuit::{Angle, Circuit, Gate, Param};
use crate::encoding::QubitCell;
use crate::error::{Error, QasmHeaderProblem, Result, Unsupported};
use crate::names::value_enum;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::str::FromStr;

/// The definition of `rzz` (stdgates.inc has none): `exp(−iθ Z⊗Z/2)`.
pub const RZZ_DEFINITION: &str = "gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }";

pub use crate::circuit::expand::{expand_ccx, expand_cry, expand_xx_plus_yy, CCX_EXPANSION_PHASE};
use crate::circuit::expand::{Step, CRY_STEPS, XX_PLUS_YY_STEPS};

/// How a flavour writes one of the gates that not every consumer knows by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GateForm {
    /// A gate of stdgates.inc, written by name.
    Native,
    /// Written by name, with its `gate` definition at the top of the file.
    Defined,
    /// Written in place as its expansion, on one line ([`crate::circuit::expand`]).
    Expanded,
}

/// What one flavour writes, one `const` row per flavour ([`Flavor::rules`]): the emitting code
/// reads these fields instead of matching on the flavour.
#[derive(Debug)]
pub struct FlavorRules {
    /// The name on the command line and in manifests.
    pub name: &'static str,
    /// The first lines of every file: the version and the includes.
    pub prologue: &'static str,
    /// Whether angles may be written as symbols (`coefficient * gamma_ll` with
    /// `input float[64]` declarations).
    pub symbolic: bool,
    /// `rzz` (stdgates.inc has none): its definition is written into every file, or each gate
    /// is expanded.
    pub rzz: GateForm,
    /// `xy_mixer` ([`Gate::XxPlusYy`]; stdgates.inc has none): its definition is written only
    /// into files that use it, or each gate is expanded.
    pub xy_mixer: GateForm,
    /// `cry`.
    pub cry: GateForm,
    /// `ccx` (the Grover mixer and the seed's circuit).
    pub ccx: GateForm,
    /// Every gate name a gate statement of this flavour may use (definitions' bodies aside).
    pub gates: &'static [&'static str],
    /// The comment lines for this consumer in a QAOA file.
    qaoa_notes: Notes,
    /// The comment lines for this consumer in the seed's Grover file.
    seed_notes: &'static [Note],
}

/// A flavour's comment lines in a QAOA file: `always`, then `grover` for a circuit with the
/// Grover mixer, else `block` for a block-space circuit.
#[derive(Debug)]
struct Notes {
    always: &'static [Note],
    grover: &'static [Note],
    block: &'static [Note],
}

/// One comment line of a flavour's notes.
#[derive(Debug)]
enum Note {
    /// The line as it is.
    Text(&'static str),
    /// A decomposition's body on operands a, b, indented and quoted, then `end`.
    Steps(&'static [Step], &'static str),
}

impl Note {
    fn text(&self) -> String {
        match *self {
            Note::Text(text) => text.to_string(),
            Note::Steps(steps, end) => format!("  `{}`{end}", inline_template(steps)),
        }
    }
}

/// The stdgates.inc header every flavour writes.
const PROLOGUE: &str = "OPENQASM 3.0;\ninclude \"stdgates.inc\";\n";

/// No notes.
const NO_NOTES: Notes = Notes {
    always: &[],
    grover: &[],
    block: &[],
};

/// Any OpenQASM 3 tool.
const PORTABLE: FlavorRules = FlavorRules {
    name: "portable",
    prologue: PROLOGUE,
    symbolic: true,
    rzz: GateForm::Defined,
    xy_mixer: GateForm::Defined,
    cry: GateForm::Native,
    ccx: GateForm::Native,
    gates: &["h", "x", "rx", "ry", "rz", "cx", "ccx", "cry", "rzz", "xy_mixer"],
    qaoa_notes: NO_NOTES,
    seed_notes: &[],
};

/// IBM Quantum through `qiskit.qasm3.loads` and `transpile`.
const IBM: FlavorRules = FlavorRules {
    name: "ibm",
    prologue: PROLOGUE,
    symbolic: false,
    rzz: GateForm::Defined,
    xy_mixer: GateForm::Defined,
    cry: GateForm::Native,
    ccx: GateForm::Native,
    gates: PORTABLE.gates,
    qaoa_notes: Notes {
        always: &[
            Note::Text("for IBM Quantum: qiskit.qasm3.loads(text), then transpile for the backend"),
            Note::Text("(the rzz gate below is defined as cx; rz; cx and unrolls to the device's gates)."),
        ],
        grover: &[Note::Text("cry and ccx are the stdgates.inc gates.")],
        block: &[Note::Text(
            "xy_mixer is defined below in rx, rz and cx; cry is the stdgates.inc gate.",
        )],
    },
    seed_notes: &[Note::Text(
        "for IBM Quantum: qiskit.qasm3.loads(text), then transpile for the backend.",
    )],
};

/// IonQ through qiskit-ionq: stdgates.inc gates only, the others expanded in place.
const IONQ: FlavorRules = FlavorRules {
    name: "ionq",
    prologue: PROLOGUE,
    symbolic: false,
    rzz: GateForm::Expanded,
    xy_mixer: GateForm::Expanded,
    cry: GateForm::Expanded,
    ccx: GateForm::Expanded,
    gates: &["h", "x", "rx", "ry", "rz", "cx"],
    qaoa_notes: Notes {
        always: &[
            Note::Text("for IonQ: a flat circuit of stdgates.inc gates; each rzz(theta) a, b is written"),
            Note::Text("in place as `cx a, b; rz(theta) b; cx a, b;` on one line."),
        ],
        grover: &[
            Note::Text("Each cry(theta) a, b is written"),
            Note::Steps(&CRY_STEPS, ","),
            Note::Text("and each ccx a, b, c in place as the 6-cx Clifford+T network with t = rz(pi/4)"),
            Note::Text("and tdg = rz(-pi/4): ccx up to the global phase e^{-i pi/8} (no gate here is"),
            Note::Text("controlled, so it is unobservable)."),
        ],
        block: &[
            Note::Text("Likewise each xy_mixer(theta) a, b = exp(-i theta (XX+YY)/4) as"),
            Note::Steps(&XX_PLUS_YY_STEPS, ""),
            Note::Text("and each cry(theta) a, b as"),
            Note::Steps(&CRY_STEPS, "."),
        ],
    },
    seed_notes: &[
        Note::Text("for IonQ: a flat circuit of stdgates.inc gates (h, x, rz, ry, cx); each ccx a, b, c is"),
        Note::Text("written in place on one line as the 6-cx Clifford+T network with t = rz(pi/4) and"),
        Note::Text("tdg = rz(-pi/4): ccx up to the global phase e^{-i pi/8} (no gate here is controlled,"),
        Note::Text("so it is unobservable); each cry(theta) a, b as"),
        Note::Steps(&CRY_STEPS, "."),
    ],
};

/// `(t·theta + p·pi) / 2` as OpenQASM text: `theta/2`, `-pi/2`, `theta`, ...
fn half_units_text(t: i32, p: i32) -> String {
    let term = |c: i32, name: &str| match c {
        0 => None,
        1 => Some(format!("{name}/2")),
        -1 => Some(format!("-{name}/2")),
        2 => Some(name.to_string()),
        -2 => Some(format!("-{name}")),
        _ => Some(format!("{c}*{name}/2")),
    };
    let terms: Vec<String> = [term(t, "theta"), term(p, "pi")].into_iter().flatten().collect();
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}

/// `gate NAME(theta) a, b { … }` of a decomposition.
fn definition(name: &str, steps: &[Step]) -> String {
    let operand = |q: usize| ["a", "b"][q];
    let body: Vec<String> = steps
        .iter()
        .map(|&step| match step {
            Step::Rx(q, t, p) => format!("rx({}) {};", half_units_text(t, p), operand(q)),
            Step::Ry(q, t, p) => format!("ry({}) {};", half_units_text(t, p), operand(q)),
            Step::Rz(q, t, p) => format!("rz({}) {};", half_units_text(t, p), operand(q)),
            Step::Cx(c, t) => format!("cx {}, {};", operand(c), operand(t)),
        })
        .collect();
    format!("gate {name}(theta) a, b {{ {} }}", body.join(" "))
}

/// The definition of `xy_mixer` ([`Gate::XxPlusYy`]; stdgates.inc has none):
/// `exp(−iθ(XX+YY)/4)`, Qiskit's `XXPlusYYGate(θ, 0)`, in `rx`, `rz` and `cx`.
pub fn xy_mixer_definition() -> String {
    definition(
        Gate::XxPlusYy(
            0,
            1,
            Angle {
                value: 0.0,
                symbol: None,
            },
        )
        .name(),
        &XX_PLUS_YY_STEPS,
    )
}

/// Which consumer the text is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Flavor {
    /// Any OpenQASM 3 tool: `rzz` (and `xy_mixer`) defined as gates; angles numeric or
    /// symbolic.
    Portable,
    /// IBM Quantum through `qiskit.qasm3.loads` and `transpile`: numeric angles.
    Ibm,
    /// IonQ (through qiskit-ionq): a flat file of stdgates.inc gates only, `rzz`, `xy_mixer`
    /// and `cry` expanded in place.
    Ionq,
}

value_enum!(Flavor);

impl Flavor {
    /// Every flavour.
    pub const ALL: [Flavor; 3] = [Flavor::Portable, Flavor::Ibm, Flavor::Ionq];

    /// What the flavour writes: its row of the table.
    pub fn rules(self) -> &'static FlavorRules {
        match self {
            Flavor::Portable => &PORTABLE,
            Flavor::Ibm => &IBM,
            Flavor::Ionq => &IONQ,
        }
    }

    /// The name on the command line and in manifests.
    pub fn name(self) -> &'static str {
        self.rules().name
    }
}

impl FromStr for Flavor {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Flavor::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| Error::UnknownName {
                what: "flavour",
                name: s.to_string(),
                choices: "portable, ibm, ionq".into(),
            })
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
    /// γ_1..γ_p and β_1..β_p.
    pub angles: Angles,
    /// For every qubit, the puzzle cells it stands for.
    pub qubit_cells: Vec<Vec<QubitCell>>,
}

/// `  q[i]: cell, not cell, …`: the header line of each qubit and the cells it stands for.
fn qubit_cell_lines(qubit_cells: &[Vec<QubitCell>]) -> Vec<String> {
    qubit_cells
        .iter()
        .enumerate()
        .map(|(q, cells)| {
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
            format!("  q[{q}]: {}", names.join(", "))
        })
        .collect()
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
    // Checked on the symbolic path too: its text never shows the product, but the manifest's
    // simulation uses it, and an overflowed angle made the success probability NaN.
    if !a.value.is_finite() {
        return Err(Error::NotFinite {
            what: format!("gate angle {}", a.value),
            note: ": the angles times the cost's coefficients overflow; give angles of ordinary size".into(),
        });
    }
    match a.symbol {
        Some((coefficient, param)) if symbolic => {
            let l = match param {
                Param::Gamma(l) | Param::Beta(l) => l,
            };
            if l >= depth {
                return Err(Error::QasmHeader(QasmHeaderProblem::LayerPastDepth {
                    layer: l + 1,
                    depth,
                }));
            }
            Ok(format!("{} * {}", number(coefficient), parameter_name(param, depth)))
        }
        _ => Ok(number(a.value)),
    }
}

fn check(circuit: &Circuit, header: &QasmHeader, flavor: Flavor, symbolic: bool) -> Result<()> {
    if symbolic && !flavor.rules().symbolic {
        return Err(Unsupported::SymbolicFlavour { flavour: flavor.name() }.into());
    }
    if circuit.num_qubits == 0 {
        return Err(Error::NoQubits {
            file: header.file.clone(),
            level: header
                .reduce
                .parse::<crate::model::Level>()
                .map_or("given", crate::model::Level::name),
        });
    }
    if header.angles.gammas.len() != header.depth {
        return Err(Error::AngleCount {
            expected: header.depth,
            got: header.angles.gammas.len(),
        });
    }
    if header.angles.betas.len() != header.depth {
        return Err(Error::AngleCount {
            expected: header.depth,
            got: header.angles.betas.len(),
        });
    }
    if header.qubit_cells.len() != circuit.num_qubits {
        return Err(Error::LengthMismatch {
            what: "the header's qubit cells".into(),
            expected: circuit.num_qubits,
            got: header.qubit_cells.len(),
        });
    }
    for g in &circuit.gates {
        if g.qubits().iter().any(|&q| q >= circuit.num_qubits) {
            return Err(Error::QubitOutOfRange {
                what: format!("gate {g:?}"),
                qubits: circuit.num_qubits,
            });
        }
    }
    Ok(())
}

/// `text` safe inside a `//` comment: a line break (or any other control or line-separator
/// character) in a puzzle's file name would end the comment and make the rest of the name a
/// live statement, so each is written as its escape (`\n`).
fn comment_text(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{85}') {
                c.escape_default().collect()
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn write_header(s: &mut String, n: usize, mixing: Mixing, header: &QasmHeader, flavor: Flavor, symbolic: bool) {
    let p = header.depth;
    let mut line = |text: &str| {
        s.push_str(if text.is_empty() { "//" } else { "// " });
        s.push_str(&comment_text(text));
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
    line(&format!("gammas:          {}", list(&header.angles.gammas)));
    line(&format!("betas:           {}", list(&header.angles.betas)));
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
    if mixing == Mixing::Switch {
        line("            the constant offset of H_C is a global phase and is not written. Space");
        line("            rows+cols: every row and column of each grid keeps its count. Start: one");
        line("            table per grid (x on its ones), or on a full permutation grid the uniform");
        line("            superposition over its tables (x on the diagonal, then real double");
        line("            excitations); the manifest's `start` says which. h on every free qubit.");
        line("            Switch mixer U_B(beta): for each move on rows i < j and columns a < b, in");
        line("            the mixer's order, exp(-i beta (S + S^dagger)), S = |0110><1001| on cells");
        line("            (i,a), (i,b), (j,a), (j,b): cx from (i,a) to the other three, an rx(2 beta)");
        line("            on (i,a) controlled by the other three (h, eight parity rz between cx, h),");
        line("            the cx again; then rx(2 beta) on every free qubit. Equal to the simulated");
        line("            mixer, phase included; measurements outside the space have probability 0.");
    } else if mixing == Mixing::Grover {
        line("            the constant offset of H_C is a global phase and is not written. Start:");
        line("            U_s|0...0> = |s>, the Dicke state of each block of qubits with k ones (x, ry,");
        line("            cry, cx) and |+> (h) on every other qubit. Grover mixer U_B(beta) =");
        line("            exp(-i beta |s><s|) = U_s (phase e^{-i beta} on |0...0>) U_s^dagger: U_s");
        line("            undone on each block with 0 < k < m and each h qubit, x on the qubits");
        line("            tested for 0, a multi-controlled phase on the tested qubits (rz, rzz, ccx,");
        line("            cx: Barenco et al. 1995, Lemma 7.5, with the untested qubits as dirty");
        line("            ancillas), x again, U_s redone. A block is tested on min(k, m-k) qubits,");
        line("            which tell its start apart within its weight-k states. Equal to");
        line("            exp(-i beta |s><s|) up to a global phase on the states the circuit reaches;");
        line("            measurements outside the space have probability 0.");
    } else if mixing == Mixing::Block {
        line("            the constant offset of H_C is a global phase and is not written. Block");
        line("            space: each block of qubits with k ones starts in its Dicke state (the x,");
        line("            ry, cry and cx gates before layer 1), every other qubit in |+> (h); the");
        line("            mixer U_B(beta) is xy_mixer(2 beta) = exp(-i beta (XX+YY)/2) on each edge");
        line("            of each block (the order matters: the gates do not commute) and rx(2 beta)");
        line("            on every other qubit. Measurements outside the space have probability 0.");
    } else {
        line("            U_B(beta) = exp(-i beta sum_q X_q) is rx(2 beta), starting from H on every");
        line("            qubit; the constant offset of H_C is a global phase and is not written.");
    }
    line(&format!(
        "qubits: {n}. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell"
    ));
    line("marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.");
    for text in qubit_cell_lines(&header.qubit_cells) {
        line(&text);
    }
    line("bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with");
    line("qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,");
    line("the order of quzzle's reports and of valid_bitstrings in the JSON manifest.");
    let notes = &flavor.rules().qaoa_notes;
    let case = match mixing {
        Mixing::Grover => notes.grover,
        Mixing::Block => notes.block,
        Mixing::X | Mixing::Switch => &[],
    };
    for note in notes.always.iter().chain(case) {
        line(&note.text());
    }
}

/// Which mixer a circuit has, as its comments describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mixing {
    /// `rx` on every qubit.
    X,
    /// XY gates on blocks (a Dicke start).
    Block,
    /// The Grover mixer.
    Grover,
    /// A switch mixer (its controlled `rx` is written with β in `rz` gates, as the Grover
    /// mixer's phase is, so only the mixer's name tells them apart).
    Switch,
}

/// The mixer of `circuit` as read from its gates (a switch mixer reads as Grover's: see
/// [`Mixing::Switch`]).
fn mixing_of(circuit: &Circuit) -> Mixing {
    if uses_grover_mixer(circuit) {
        Mixing::Grover
    } else if uses_block_gates(circuit) {
        Mixing::Block
    } else {
        Mixing::X
    }
}

/// Whether the circuit has the Grover mixer: its β-dependent gates are `rz` and `rzz` (the X
/// and XY mixers write β only into `rx` and `xy_mixer`).
fn uses_grover_mixer(circuit: &Circuit) -> bool {
    circuit.gates.iter().any(|g| {
        matches!(g, Gate::Rz(..) | Gate::Rzz(..))
            && matches!(g.angle().and_then(|a| a.symbol), Some((_, Param::Beta(_))))
    })
}

/// The number of gates of each name in the text of `circuit` in `flavor`: the circuit's own
/// gates ([`Gate::name`]), except that the ionq flavour writes `rzz`, `ccx`, `cry` and
/// `xy_mixer` in place as their expansions, whose gates are counted instead. Measurements are
/// not counted. Qiskit's `count_ops()` of the loaded file gives the same numbers.
pub fn written_gate_counts(circuit: &Circuit, flavor: Flavor) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    let mut add = |name: &str, n: usize| *counts.entry(name.to_string()).or_insert(0) += n;
    let rules = flavor.rules();
    for g in &circuit.gates {
        let expanded = match *g {
            Gate::Rzz(x, y, a) if rules.rzz == GateForm::Expanded => {
                vec![Gate::Cx(x, y), Gate::Rz(y, a), Gate::Cx(x, y)]
            }
            Gate::Ccx(a, b, c) if rules.ccx == GateForm::Expanded => expand_ccx(a, b, c),
            Gate::Cry(x, y, a) if rules.cry == GateForm::Expanded => expand_cry(x, y, a.value),
            Gate::XxPlusYy(x, y, a) if rules.xy_mixer == GateForm::Expanded => expand_xx_plus_yy(x, y, a.value),
            other => vec![other],
        };
        for e in &expanded {
            add(e.name(), 1);
        }
    }
    counts
}

/// Whether the circuit is a block-space circuit (Dicke start or XY mixer).
fn uses_block_gates(circuit: &Circuit) -> bool {
    circuit
        .gates
        .iter()
        .any(|g| matches!(g, Gate::X(_) | Gate::Ry(..) | Gate::Cry(..) | Gate::XxPlusYy(..)))
}

/// The body of a decomposition on operands a, b, for the ionq comment.
fn inline_template(steps: &[Step]) -> String {
    let text = definition("g", steps);
    let body = text.split_once("{ ").map_or(text.as_str(), |(_, r)| r);
    body.trim_end_matches(" }").to_string()
}

/// The OpenQASM 3 text of `circuit` in `flavor`, with the comment block of `header`.
///
/// With `symbolic` (portable flavour only) every angle that has a symbol is written as
/// `coefficient * gamma_ll` / `beta_ll` with `input float[64]` declarations; binding them to
/// `header.angles` gives the numeric circuit. Errors: `--symbolic` with another flavour, a
/// circuit without qubits, angle lists that do not match `header.depth`, a cell map that does
/// not match the circuit, a non-finite angle.
pub fn to_qasm3(circuit: &Circuit, header: &QasmHeader, flavor: Flavor, symbolic: bool) -> Result<String> {
    write_qasm3(circuit, header, flavor, symbolic, mixing_of(circuit))
}

/// [`to_qasm3`] for a circuit of `mixer`: the comments name a switch mixer's moves, which the
/// gates alone cannot tell from the Grover mixer's phase.
pub fn to_qasm3_of_mixer(
    circuit: &Circuit,
    header: &QasmHeader,
    flavor: Flavor,
    symbolic: bool,
    mixer: crate::mixer::MixerKind,
) -> Result<String> {
    let mixing = if mixer.is_switch() {
        Mixing::Switch
    } else {
        mixing_of(circuit)
    };
    write_qasm3(circuit, header, flavor, symbolic, mixing)
}

fn write_qasm3(
    circuit: &Circuit,
    header: &QasmHeader,
    flavor: Flavor,
    symbolic: bool,
    mixing: Mixing,
) -> Result<String> {
    check(circuit, header, flavor, symbolic)?;
    let rules = flavor.rules();
    let n = circuit.num_qubits;
    let p = header.depth;
    let mut s = String::from(rules.prologue);
    s.push('\n');
    write_header(&mut s, n, mixing, header, flavor, symbolic);
    s.push('\n');
    let mut definitions = Vec::new();
    if rules.rzz == GateForm::Defined {
        definitions.push(RZZ_DEFINITION.to_string());
    }
    if rules.xy_mixer == GateForm::Defined && circuit.gates.iter().any(|g| matches!(g, Gate::XxPlusYy(..))) {
        definitions.push(xy_mixer_definition());
    }
    if !definitions.is_empty() {
        for d in &definitions {
            s.push_str(d);
            s.push('\n');
        }
        s.push('\n');
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
    let grover = mixing == Mixing::Grover;
    let switch = mixing == Mixing::Switch;
    match mixing {
        Mixing::Grover => s.push_str("// start: U_s, the Dicke state of each block, |+> on every other qubit\n"),
        Mixing::Block => s.push_str("// start: the Dicke state of each block, |+> on every other qubit\n"),
        Mixing::Switch => s.push_str("// start: each grid's start (see above), |+> on every free qubit\n"),
        Mixing::X => {}
    }
    // A comment opens each layer's cost and mixer part (found from the gates' symbols).
    let mut part: Option<Param> = None;
    for g in &circuit.gates {
        let symbol = g.angle().and_then(|a| a.symbol).map(|(_, param)| param);
        if let Some(param) = symbol {
            if part != Some(param) {
                part = Some(param);
                // The Grover mixer opens with U_s undone, whose angles carry no β: its comment
                // marks the phase, and the cost's says what follows it.
                let _ = match param {
                    Param::Gamma(l) if grover => writeln!(
                        s,
                        "// layer {} of {p}: cost, gamma = {}; then the mixer: U_s undone, x",
                        l + 1,
                        gamma_of(header, l)
                    ),
                    Param::Beta(l) if grover => writeln!(
                        s,
                        "// layer {} of {p}: mixer, beta = {}: the phase on |0...0>, then x, U_s",
                        l + 1,
                        beta_of(header, l)
                    ),
                    // A switch move's β sits in its parity rz, after the move's cx and h.
                    Param::Gamma(l) if switch => writeln!(
                        s,
                        "// layer {} of {p}: cost, gamma = {}; then the mixer: the first move's cx and h",
                        l + 1,
                        gamma_of(header, l)
                    ),
                    Param::Beta(l) if switch => writeln!(
                        s,
                        "// layer {} of {p}: mixer, beta = {}: the switch moves, then rx on free qubits",
                        l + 1,
                        beta_of(header, l)
                    ),
                    Param::Gamma(l) => writeln!(s, "// layer {} of {p}: cost, gamma = {}", l + 1, gamma_of(header, l)),
                    Param::Beta(l) => writeln!(s, "// layer {} of {p}: mixer, beta = {}", l + 1, beta_of(header, l)),
                };
            }
        }
        write_gate(&mut s, g, flavor, symbolic, p)?;
    }
    s.push_str("\nc = measure q;\n");
    Ok(s)
}

/// What the comment block of the seed's Grover circuit says ([`seed_to_qasm3`]): plain data.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedQasmHeader {
    /// The puzzle file, as the user named it.
    pub file: String,
    /// N.
    pub n: usize,
    /// Grover iterations (oracle calls).
    pub iterations: usize,
    /// Whether the oracle checks diagonals.
    pub diagonals: bool,
    /// For every puzzle qubit (the first ones), the puzzle cells it stands for.
    pub qubit_cells: Vec<Vec<QubitCell>>,
    /// `(qubit, role)` of every other qubit.
    pub roles: Vec<(usize, String)>,
    /// quzzle's P(valid) after `iterations`, measured on the puzzle qubits (row space).
    pub success_probability: Option<f64>,
}

/// The OpenQASM 3 text of the Q# seed's N-Queens Grover circuit
/// ([`crate::circuit::seed::SeedCircuit`]): the comment block of `header`, `qubit[n] q;
/// bit[n] c;`, the gates with a comment opening each of `sections` (`(first gate, label)`),
/// and `c = measure q;`. The flavours write `ccx` and `cry` as the QAOA files do: stdgates.inc
/// gates in portable and ibm; in ionq each in place on one line ([`expand_ccx`], up to the
/// global phase `e^{−iπ/8}`, and [`expand_cry`]). No gate definitions are needed.
pub fn seed_to_qasm3(
    circuit: &Circuit,
    sections: &[(usize, String)],
    header: &SeedQasmHeader,
    flavor: Flavor,
) -> Result<String> {
    let n = circuit.num_qubits;
    let puzzle = header.qubit_cells.len();
    if puzzle + header.roles.len() != n || header.roles.iter().enumerate().any(|(i, (q, _))| *q != puzzle + i) {
        return Err(Error::QasmHeader(QasmHeaderProblem::SeedQubits {
            puzzle,
            others: header.roles.len(),
            qubits: n,
        }));
    }
    for g in &circuit.gates {
        if g.qubits().iter().any(|&q| q >= n) {
            return Err(Error::QubitOutOfRange {
                what: format!("gate {g:?}"),
                qubits: n,
            });
        }
    }
    let mut s = String::from(flavor.rules().prologue);
    s.push('\n');
    let mut line = |text: &str| {
        s.push_str(if text.is_empty() { "//" } else { "// " });
        s.push_str(&comment_text(text));
        s.push('\n');
    };
    let nn = header.n;
    line(&format!(
        "Grover search for {nn}-Queens, the circuit of the Q# seed, exported by quzzle (flavour: {})",
        flavor.name()
    ));
    line(&format!("puzzle file:     {}", header.file));
    line(&format!(
        "iterations k:    {} (oracle calls); diagonal check: {}",
        header.iterations,
        if header.diagonals {
            "yes"
        } else {
            "no (rows and columns only)"
        }
    ));
    match header.success_probability {
        Some(p) => line(&format!(
            "P(valid) after k iterations, measured on q[0..{}] (quzzle's exact row-space Grover): {}",
            puzzle.saturating_sub(1),
            number(p)
        )),
        None => line("P(valid): not computed"),
    }
    line(&format!(
        "start: a W state on each row (x, cry, cx), the target q[{}] in |-> (x; h), so that a",
        n - 1
    ));
    line("  multi-controlled x onto it flips the phase (kickback).");
    line("oracle: cx from every cell of column c into its column ancilla (the column's parity; c < N-1),");
    line("  x on the diagonal ancillas, a ccx from each pair of cells of rows i < j on a common");
    line("  diagonal into the ancilla of (i, j); a multi-controlled x from every ancilla onto the");
    line("  target, written as ccx gates with the puzzle qubits as dirty ancillas (Barenco et al.");
    line("  1995, Lemma 7.2, and Lemma 7.3 where too few qubits are idle); then the compute part");
    line("  undone, so every ancilla returns to |0>.");
    line("diffusion: the W preparations undone, x on every puzzle qubit, h; multi-controlled x; h on");
    line("  the last puzzle qubit (a multi-controlled z; the oracle ancillas and the target are its");
    line("  dirty ancillas), x again, the W preparations again: 1 - 2|s><s|, the textbook");
    line("  2|s><s| - 1 times -1 (a global phase; no probability changes).");
    line("end: h; x on the target: every qubit but the puzzle ones ends in |0>.");
    line(&format!(
        "qubits: {n}. Measuring 1 on a puzzle qubit puts a queen in its cell. Cells are r<row>c<column>, 0-based."
    ));
    for text in qubit_cell_lines(&header.qubit_cells) {
        line(&text);
    }
    for (q, role) in &header.roles {
        line(&format!("  q[{q}]: {role}"));
    }
    line("bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with");
    line(&format!(
        "qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): the puzzle qubits are its last {puzzle} characters,"
    ));
    line("reversed to read qubit 0 first, the order of valid_bitstrings in the JSON manifest.");
    for note in flavor.rules().seed_notes {
        line(&note.text());
    }
    s.push('\n');
    let _ = writeln!(s, "qubit[{n}] q;\nbit[{n}] c;\n");
    let mut next = sections.iter().peekable();
    for (i, g) in circuit.gates.iter().enumerate() {
        while let Some((_, label)) = next.next_if(|(first, _)| *first == i) {
            let _ = writeln!(s, "// {label}");
        }
        write_gate(&mut s, g, flavor, false, 0)?;
    }
    s.push_str("\nc = measure q;\n");
    Ok(s)
}

/// One gate as the flavour writes it, on its own line (expansions on one line).
fn write_gate(s: &mut String, g: &Gate, flavor: Flavor, symbolic: bool, p: usize) -> Result<()> {
    let rules = flavor.rules();
    let _ = match *g {
        Gate::H(q) => writeln!(s, "h q[{q}];"),
        Gate::Rx(q, a) => writeln!(s, "rx({}) q[{q}];", angle_text(&a, symbolic, p)?),
        Gate::Rz(q, a) => writeln!(s, "rz({}) q[{q}];", angle_text(&a, symbolic, p)?),
        Gate::Rzz(x, y, a) if rules.rzz == GateForm::Expanded => writeln!(
            s,
            "cx q[{x}], q[{y}]; rz({}) q[{y}]; cx q[{x}], q[{y}];",
            angle_text(&a, symbolic, p)?
        ),
        Gate::Rzz(x, y, a) => writeln!(s, "rzz({}) q[{x}], q[{y}];", angle_text(&a, symbolic, p)?),
        Gate::Cx(x, y) => writeln!(s, "cx q[{x}], q[{y}];"),
        Gate::Ccx(a, b, c) if rules.ccx == GateForm::Expanded => writeln!(s, "{}", inline(&expand_ccx(a, b, c))?),
        Gate::Ccx(a, b, c) => writeln!(s, "ccx q[{a}], q[{b}], q[{c}];"),
        Gate::X(q) => writeln!(s, "x q[{q}];"),
        Gate::Ry(q, a) => writeln!(s, "ry({}) q[{q}];", angle_text(&a, symbolic, p)?),
        Gate::Cry(x, y, a) if rules.cry == GateForm::Expanded => writeln!(s, "{}", inline(&expand_cry(x, y, a.value))?),
        Gate::Cry(x, y, a) => writeln!(s, "cry({}) q[{x}], q[{y}];", angle_text(&a, symbolic, p)?),
        Gate::XxPlusYy(x, y, a) if rules.xy_mixer == GateForm::Expanded => {
            writeln!(s, "{}", inline(&expand_xx_plus_yy(x, y, a.value))?)
        }
        Gate::XxPlusYy(x, y, a) => writeln!(s, "xy_mixer({}) q[{x}], q[{y}];", angle_text(&a, symbolic, p)?),
    };
    Ok(())
}

/// An expansion on one line (numeric angles; only h, rx, ry, rz and cx occur).
fn inline(gates: &[Gate]) -> Result<String> {
    let mut parts = Vec::with_capacity(gates.len());
    for g in gates {
        let qubits: Vec<String> = g.qubits().iter().map(|q| format!("q[{q}]")).collect();
        parts.push(match g.angle() {
            Some(a) => format!("{}({}) {};", g.name(), angle_text(&a, false, 0)?, qubits.join(", ")),
            None => format!("{} {};", g.name(), qubits.join(", ")),
        });
    }
    Ok(parts.join(" "))
}

fn gamma_of(header: &QasmHeader, l: usize) -> String {
    header.angles.gammas.get(l).map_or_else(|| "?".into(), |&x| number(x))
}

fn beta_of(header: &QasmHeader, l: usize) -> String {
    header.angles.betas.get(l).map_or_else(|| "?".into(), |&x| number(x))
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
            angles: angles.clone(),
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
                matches!(&e, Error::Unsupported(u) if matches!(**u, Unsupported::SymbolicFlavour { .. }))
                    && e.to_string().contains("portable"),
                "{e}"
            );
        }
        let bad = QasmHeader {
            angles: Angles {
                gammas: vec![0.1, 0.2],
                betas: header.angles.betas.clone(),
            },
            ..header.clone()
        };
        assert!(matches!(
            to_qasm3(&circuit, &bad, Flavor::Ibm, false),
            Err(Error::AngleCount { expected: 1, got: 2 })
        ));
        let empty = Circuit::plain(0, vec![]);
        let none = QasmHeader {
            qubit_cells: vec![],
            ..header
        };
        assert!(to_qasm3(&empty, &none, Flavor::Portable, false).is_err());
        assert_eq!("ionq".parse::<Flavor>().unwrap(), Flavor::Ionq);
        assert!("qir".parse::<Flavor>().is_err());
    }

    /// The matrix of `gates` on n qubits (columns: the images of the basis states).
    fn matrix(n: usize, gates: &[Gate]) -> Vec<Vec<num_complex::Complex64>> {
        (0..1u64 << n)
            .map(|k| {
                let mut amps = crate::sim::State::basis(n, k).unwrap().amps;
                crate::sim::reference::apply_gates(&mut amps, gates);
                amps
            })
            .collect()
    }

    fn assert_same_unitary(n: usize, ours: &[Gate], native: &[Gate], what: &str) {
        for (k, (a, b)) in matrix(n, ours).iter().zip(matrix(n, native)).enumerate() {
            for (x, y) in a.iter().zip(&b) {
                // Phase included: the expansions are exact, not up to a global phase.
                assert!((x - y).norm() < 1e-13, "{what}: column {k}: {x} vs {y}");
            }
        }
    }

    #[test]
    fn expansions_are_the_native_gates() {
        let a = |value| Angle { value, symbol: None };
        for theta in [0.0, 0.41, -1.3, 2.0 * 1.37, std::f64::consts::PI, 5.9] {
            for (x, y) in [(0, 1), (1, 0), (0, 2), (2, 1)] {
                assert_same_unitary(
                    3,
                    &expand_xx_plus_yy(x, y, theta),
                    &[Gate::XxPlusYy(x, y, a(theta))],
                    &format!("xx_plus_yy({theta}) {x},{y}"),
                );
                assert_same_unitary(
                    3,
                    &expand_cry(x, y, theta),
                    &[Gate::Cry(x, y, a(theta))],
                    &format!("cry({theta}) {x},{y}"),
                );
            }
        }
    }

    #[test]
    fn ccx_expansion_is_ccx_up_to_its_global_phase() {
        let phase = num_complex::Complex64::from_polar(1.0, CCX_EXPANSION_PHASE);
        for (a, b, c) in [(0, 1, 2), (2, 0, 1), (1, 3, 0), (3, 2, 1)] {
            let ours = matrix(4, &expand_ccx(a, b, c));
            let native = matrix(4, &[Gate::Ccx(a, b, c)]);
            for (k, (x, y)) in ours.iter().zip(&native).enumerate() {
                for (u, v) in x.iter().zip(y) {
                    assert!(
                        (u - phase * v).norm() < 1e-13,
                        "ccx {a},{b},{c}: column {k}: {u} vs {v}"
                    );
                }
            }
            let cx = expand_ccx(a, b, c).iter().filter(|g| matches!(g, Gate::Cx(..))).count();
            assert_eq!(cx, 6);
        }
    }

    #[test]
    fn definitions_are_the_expansions_in_text() {
        assert_eq!(
            xy_mixer_definition(),
            "gate xy_mixer(theta) a, b { rx(-pi/2) a; rx(-pi/2) b; cx a, b; rx(theta/2) a; \
             rz(theta/2) b; cx a, b; rx(pi/2) a; rx(pi/2) b; }"
        );
        // The cry expansion is stdgates.inc's own definition of cry.
        assert_eq!(
            definition("cry", &CRY_STEPS),
            "gate cry(theta) a, b { ry(theta/2) b; cx a, b; ry(-theta/2) b; cx a, b; }"
        );
        assert_eq!(half_units_text(3, -2), "3*theta/2 + -pi");
        assert_eq!(half_units_text(0, 0), "0");
    }

    fn block_circuit() -> (Circuit, QasmHeader) {
        let poly = crate::cost::pubo::ZPoly {
            num_qubits: 5,
            terms: vec![(vec![0], 0.5), (vec![1, 3], -0.25), (vec![0, 2, 4], 0.125)],
            offset: 0.0,
        };
        let angles = Angles::new(vec![0.1, 0.3], vec![0.7, -0.2]).unwrap();
        let blocks = vec![(vec![0, 2, 3], 1), (vec![1, 4], 1)];
        let circuit = Circuit::qaoa_space(&poly, &blocks, &[], crate::mixer::MixerKind::XyRing, &angles);
        let header = QasmHeader {
            file: "x.txt".into(),
            reduce: "paper".into(),
            depth: 2,
            angles: angles.clone(),
            qubit_cells: (0..5)
                .map(|q| {
                    vec![QubitCell {
                        cell: format!("r0c{q}"),
                        negated: false,
                    }]
                })
                .collect(),
        };
        (circuit, header)
    }

    #[test]
    fn flavours_write_block_gates_their_way() {
        let (circuit, header) = block_circuit();
        let gate_lines = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| !l.starts_with("//") && !l.is_empty())
                .map(str::to_string)
                .collect()
        };
        let portable = to_qasm3(&circuit, &header, Flavor::Portable, false).unwrap();
        assert!(portable.contains(&xy_mixer_definition()));
        assert!(portable.contains("xy_mixer(1.4) q[0], q[2];"));
        assert!(portable.contains("cry("));
        assert!(portable.contains("x q[3];"));
        let symbolic = to_qasm3(&circuit, &header, Flavor::Portable, true).unwrap();
        assert!(symbolic.contains("xy_mixer(2.0 * beta_01) q[1], q[4];"));
        assert!(symbolic.contains("input float[64] beta_01;"));
        let ibm = to_qasm3(&circuit, &header, Flavor::Ibm, false).unwrap();
        assert!(ibm.contains(&xy_mixer_definition()));
        let ionq = to_qasm3(&circuit, &header, Flavor::Ionq, false).unwrap();
        for line in gate_lines(&ionq) {
            assert!(!line.starts_with("gate "), "a definition in the ionq flavour: {line}");
            for stmt in line.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                let name = stmt.split(['(', ' ']).next().unwrap();
                assert!(
                    ["OPENQASM", "include", "qubit[5]", "bit[5]", "c"].contains(&name)
                        || Flavor::Ionq.rules().gates.contains(&name),
                    "ionq statement `{stmt}`"
                );
            }
        }
        // Every gate a flavour writes is one its rules allow.
        for f in Flavor::ALL {
            for name in written_gate_counts(&circuit, f).keys() {
                assert!(f.rules().gates.contains(&name.as_str()), "{f:?} writes {name}");
            }
        }
        // Full-space files do not carry the xy_mixer definition (the golden files hold).
        let (full, full_header) = tiny();
        let text = to_qasm3(&full, &full_header, Flavor::Portable, false).unwrap();
        assert!(!text.contains("xy_mixer"));
    }
}
