//! The circuit a device actually runs: an OpenQASM 3 file transpiled by Qiskit for a backend
//! (`qiskit.qasm3.dumps(transpile(circuit, backend))`), in the basis `rz`, `sx`, `x` and `cz`,
//! `ecr` or `cx`, on physical qubits `$k` (or a register `q[k]`), read back with its final
//! layout (the measurements `c[i] = measure $k;` say which physical qubit holds logical qubit
//! i), and its noisy P(valid) predicted on that routed gate list: `p1` after `sx` and `x`,
//! `p_rz` after `rz`, `p2` after each two-qubit gate, readout flips on the measured bits. The
//! physical qubits the file uses are renumbered 0..m (routing may use more than the circuit's
//! n); the unmeasured ones are traced out.
//!
//! The file is trusted for nothing ([`parse_for`], the entry point for a file and its
//! manifest): every refusal names its line, sizes are checked before anything is allocated,
//! angles are evaluated without recursion beyond a fixed depth, and no text makes the reader
//! panic. [`estimate_within`] runs within a [`Budget`] and refuses up front more than
//! [`super::MAX_TRAJECTORIES`] trajectories or [`MAX_WORK`] amplitude updates.

use super::program::Pauli;
use super::timing::DeviceTiming;
use super::trajectories::{draw_one, draw_two, mean_and_se, trajectory_rng};
use super::NoiseModel;
use crate::budget::Budget;
use crate::checked::Trajectories;
use crate::error::{Error, Result, Work};
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
    /// Under `--truncate bounded` on the sector route, where a trajectory dropped sectors to
    /// stay within its memory bound: what they dropped and P(valid)'s bracket (absent where
    /// none did, so the bytes are those of `exact`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounded: Option<RoutedBounded>,
}

/// What the trajectories of a bounded routed estimate dropped for memory.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoutedBounded {
    /// Trajectories that dropped sectors as too large to hold.
    pub trajectories_bounded: usize,
    /// The probability they dropped, averaged over every trajectory.
    pub mean_bounded: f64,
    /// A bracket that contains the exact average of the trajectories drawn.
    pub p_valid: [f64; 2],
}

/// The largest physical qubit a routed file may name (`$k`, or a declared register's size):
/// no device comes near a million qubits, so a larger index is a broken or hostile file.
pub const MAX_QUBIT_INDEX: usize = 1_000_000;

/// The most physical qubits a routed circuit is simulated on (all of those it uses).
pub const MAX_PHYSICAL_QUBITS: usize = 30;

/// The largest routed file read, in bytes (a transpiled circuit of 20,000 two-qubit gates is
/// under 1 MiB).
pub const MAX_FILE_BYTES: usize = 1 << 28;

/// The most amplitude updates (gates × 2^qubits × expected runs) one estimate takes: about a
/// month at 5·10^9 updates per second.
pub const MAX_WORK: f64 = 1e16;

/// The deepest nesting of parentheses in an angle.
const MAX_NESTING: usize = 64;

/// The gates of `stdgates.inc` (and OpenQASM 2's names it keeps): a file may use them but
/// not define them again.
const STDGATES: [&str; 33] = [
    "p", "x", "y", "z", "h", "s", "sdg", "t", "tdg", "sx", "rx", "ry", "rz", "cx", "cy", "cz", "cp", "crx", "cry",
    "crz", "ch", "swap", "ccx", "cswap", "cu", "CX", "phase", "cphase", "id", "u1", "u2", "u3", "U",
];

/// Words that start classical control flow, which a routed circuit does not have.
const CONTROL_FLOW: [&str; 13] = [
    "if", "else", "for", "while", "def", "switch", "case", "default", "break", "continue", "return", "end", "box",
];

/// Words that start a statement a routed circuit read here does not have.
const OTHER_STATEMENTS: [&str; 24] = [
    "reset",
    "delay",
    "let",
    "const",
    "input",
    "output",
    "extern",
    "defcal",
    "defcalgrammar",
    "cal",
    "gphase",
    "ctrl",
    "negctrl",
    "inv",
    "pow",
    "int",
    "uint",
    "float",
    "angle",
    "bool",
    "duration",
    "stretch",
    "complex",
    "array",
];

fn unsupported(source: &str, line: usize, what: impl std::fmt::Display) -> Error {
    Error::parse(
        source,
        line,
        format!("{what}: a routed circuit is read in rz, sx, x and cz, ecr or cx, barriers and measurements only"),
    )
}

/// A number for a message: short, whatever its size (`1e308`, not 309 digits).
fn number_text(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "inf" } else { "-inf" }.into()
    } else if v != 0.0 && (v.abs() >= 1e6 || v.abs() < 1e-4) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// The leading identifier of `s` (letters, digits after the first, `_`), possibly empty.
fn identifier(s: &str) -> &str {
    let end = s
        .char_indices()
        .find(|&(i, c)| !(c == '_' || c.is_alphabetic() || (i > 0 && c.is_ascii_digit())))
        .map_or(s.len(), |(i, _)| i);
    &s[..end]
}

/// Whether `s` is a whole number written in ASCII digits.
fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// A token of an angle.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Token<'a> {
    Number(f64),
    Name(&'a str),
    Op(char),
}

/// An angle as Qiskit writes it: numbers, `pi` (`π`, `tau`, `euler`), `+ - * /` and
/// parentheses (at most [`MAX_NESTING`] deep), evaluated; `gate` names it in messages. A
/// value that is not finite (`1e308*1e308`, `pi/0`, `nan`) is refused.
fn angle(text: &str, gate: &str, source: &str, line: usize) -> Result<f64> {
    let t = text.trim();
    let bad = |why: String| Error::parse(source, line, format!("the angle `{t}` of `{gate}`: {why}"));
    let mut tokens = Vec::new();
    let mut rest = t;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c.is_ascii_digit() || c == '.' {
            let mut end = rest
                .find(|ch: char| !(ch.is_ascii_digit() || ch == '.' || ch == '_'))
                .unwrap_or(rest.len());
            // An exponent: e, an optional sign, digits.
            let after = &rest[end..];
            if let Some(e) = after.strip_prefix(['e', 'E']) {
                let signed = e.strip_prefix(['+', '-']).unwrap_or(e);
                let digits = signed.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(signed.len());
                if digits > 0 {
                    end += after.len() - signed.len() + digits;
                }
            }
            let word = &rest[..end];
            let v: f64 = word
                .replace('_', "")
                .parse()
                .map_err(|_| bad(format!("`{word}` is not a number")))?;
            tokens.push(Token::Number(v));
            rest = &rest[end..];
        } else if c == '_' || c.is_alphabetic() {
            let name = identifier(rest);
            tokens.push(Token::Name(name));
            rest = &rest[name.len()..];
        } else if "+-*/()".contains(c) {
            tokens.push(Token::Op(c));
            rest = &rest[1..];
        } else {
            return Err(bad(format!("`{c}` is not part of an angle")));
        }
    }
    let mut at = 0;
    let v = sum(&tokens, &mut at, 0, &bad)?;
    if let Some(extra) = tokens.get(at) {
        return Err(bad(match extra {
            Token::Op(')') => "a `)` with no `(`".into(),
            _ => "an operator is missing".into(),
        }));
    }
    if !v.is_finite() {
        return Err(bad(format!("it is {}, not a finite number", number_text(v))));
    }
    Ok(v)
}

type Bad<'b> = dyn Fn(String) -> Error + 'b;

/// `product (± product)*`.
fn sum(tokens: &[Token<'_>], at: &mut usize, depth: usize, bad: &Bad<'_>) -> Result<f64> {
    let mut v = product(tokens, at, depth, bad)?;
    while let Some(&Token::Op(op @ ('+' | '-'))) = tokens.get(*at) {
        *at += 1;
        let w = product(tokens, at, depth, bad)?;
        v = if op == '+' { v + w } else { v - w };
    }
    Ok(v)
}

/// `factor (*|/ factor)*`.
fn product(tokens: &[Token<'_>], at: &mut usize, depth: usize, bad: &Bad<'_>) -> Result<f64> {
    let mut v = factor(tokens, at, depth, bad)?;
    while let Some(&Token::Op(op @ ('*' | '/'))) = tokens.get(*at) {
        *at += 1;
        let w = factor(tokens, at, depth, bad)?;
        v = if op == '*' { v * w } else { v / w };
    }
    Ok(v)
}

/// Signs (any number, read in a loop), then a number, a name or `( sum )`.
fn factor(tokens: &[Token<'_>], at: &mut usize, depth: usize, bad: &Bad<'_>) -> Result<f64> {
    let mut sign = 1.0;
    while let Some(&Token::Op(op @ ('+' | '-'))) = tokens.get(*at) {
        if op == '-' {
            sign = -sign;
        }
        *at += 1;
    }
    let v = match tokens.get(*at) {
        Some(&Token::Number(v)) => v,
        Some(&Token::Name(name)) => match name {
            "pi" | "π" => std::f64::consts::PI,
            "tau" | "τ" => std::f64::consts::TAU,
            "euler" | "ℇ" => std::f64::consts::E,
            n if n.eq_ignore_ascii_case("nan") => f64::NAN,
            n if n.eq_ignore_ascii_case("inf") || n.eq_ignore_ascii_case("infinity") => f64::INFINITY,
            n => return Err(bad(format!("`{n}` is not a number or pi"))),
        },
        Some(&Token::Op('(')) => {
            if depth >= MAX_NESTING {
                return Err(bad(format!("parentheses nested deeper than {MAX_NESTING}")));
            }
            *at += 1;
            let v = sum(tokens, at, depth + 1, bad)?;
            if tokens.get(*at) != Some(&Token::Op(')')) {
                return Err(bad("a `(` with no `)`".into()));
            }
            v
        }
        Some(Token::Op(op)) => return Err(bad(format!("`{op}` where a number belongs"))),
        None => return Err(bad("a number is missing".into())),
    };
    *at += 1;
    Ok(sign * v)
}

/// The statements of `text` with the line each starts on: comments (`//`, `/* */`) dropped,
/// a block (`gate … { … }`, `if (…) { … }`) one statement up to its closing brace.
fn statements(text: &str, source: &str) -> Result<Vec<(usize, String)>> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut current = String::new();
    let (mut line, mut start, mut depth, mut opened) = (1usize, 1usize, 0usize, 1usize);
    let mut chars = text.chars().peekable();
    let mut block_comment: Option<usize> = None;
    while let Some(ch) = chars.next() {
        if ch == '\n' {
            line += 1;
        }
        if let Some(_from) = block_comment {
            if ch == '*' && chars.peek() == Some(&'/') {
                chars.next();
                block_comment = None;
                current.push(' ');
            }
            continue;
        }
        if ch == '/' && chars.peek() == Some(&'/') {
            for c in chars.by_ref() {
                if c == '\n' {
                    line += 1;
                    break;
                }
            }
            current.push(' ');
            continue;
        }
        if ch == '/' && chars.peek() == Some(&'*') {
            chars.next();
            block_comment = Some(line);
            continue;
        }
        if current.trim().is_empty() && !ch.is_whitespace() {
            start = line;
        }
        match ch {
            '{' => {
                if depth == 0 {
                    opened = line;
                }
                depth += 1;
                current.push(ch);
            }
            '}' => {
                if depth == 0 {
                    return Err(Error::parse(source, line, "a `}` with no `{`"));
                }
                depth -= 1;
                current.push(ch);
                if depth == 0 {
                    out.push((start, std::mem::take(&mut current)));
                }
            }
            ';' if depth == 0 => out.push((start, std::mem::take(&mut current))),
            '\n' | '\r' => current.push(' '),
            c => current.push(c),
        }
    }
    if let Some(from) = block_comment {
        return Err(Error::parse(source, from, "a `/*` comment that never ends"));
    }
    if depth > 0 {
        return Err(Error::parse(source, opened, "a `{` that is never closed"));
    }
    if !current.trim().is_empty() {
        return Err(Error::parse(source, start, "a statement without its `;`"));
    }
    Ok(out)
}

/// A qubit register: its size and where its qubits start among the declared ones.
struct Register {
    name: String,
    size: usize,
    offset: usize,
    /// Declared without a size (`qubit q;`): `q` alone names its qubit.
    scalar: bool,
}

/// The one bit register.
struct Bits {
    name: String,
    line: usize,
    scalar: bool,
    /// For each bit, the renumbered qubit measured into it and the line.
    measured: Vec<Option<(usize, usize)>>,
}

/// The reader's state: registers, renumbered physical qubits, what was measured where.
struct Reader<'s> {
    source: &'s str,
    /// At most this many bits (the manifest's qubits), and exactly that many when `exact`.
    bits_allowed: usize,
    exact: bool,
    /// The most physical qubits the file may use.
    max_physical: usize,
    registers: Vec<Register>,
    /// The line of the first `$k`, when the file names physical qubits.
    physical_line: Option<usize>,
    bits: Option<Bits>,
    physical: Vec<usize>,
    /// For each renumbered qubit, the line it was measured on.
    measured_on: Vec<Option<usize>>,
    gates: Vec<RoutedGate>,
}

impl Reader<'_> {
    fn err(&self, line: usize, msg: impl Into<String>) -> Error {
        Error::parse(self.source, line, msg)
    }

    /// The index of a physical qubit among those the file uses (in order of first use).
    fn renumber(&mut self, p: usize, text: &str, line: usize) -> Result<usize> {
        if let Some(i) = self.physical.iter().position(|&q| q == p) {
            return Ok(i);
        }
        if self.physical.len() == self.max_physical {
            return Err(self.err(
                line,
                format!(
                    "`{text}` is physical qubit number {} in use: a routed circuit is simulated on all the physical qubits it uses, at most {}",
                    self.max_physical + 1,
                    self.max_physical
                ),
            ));
        }
        self.physical.push(p);
        self.measured_on.push(None);
        Ok(self.physical.len() - 1)
    }

    /// The renumbered qubit of an operand: `$k`, `q[k]` of a declared register `q`, or `q`
    /// declared as one qubit.
    fn qubit(&mut self, text: &str, line: usize) -> Result<usize> {
        let t = text.trim();
        let p = if let Some(d) = t.strip_prefix('$') {
            if !all_digits(d) {
                return Err(self.err(line, format!("`{t}` is not a qubit ($k or q[k])")));
            }
            if let Some(r) = self.registers.first() {
                return Err(self.err(
                    line,
                    format!("`{t}` beside the declared register `{}`: a file names physical qubits $k or declares registers, not both", r.name),
                ));
            }
            self.physical_line.get_or_insert(line);
            match d.parse::<usize>() {
                Ok(k) if k <= MAX_QUBIT_INDEX => k,
                _ => {
                    return Err(self.err(
                        line,
                        format!("`{t}`: no device has a physical qubit beyond ${MAX_QUBIT_INDEX}"),
                    ))
                }
            }
        } else {
            let name = identifier(t);
            let index = &t[name.len()..];
            if name.is_empty() || !(index.is_empty() || index.starts_with('[')) {
                return Err(self.err(line, format!("`{t}` is not a qubit ($k or q[k])")));
            }
            let Some(r) = self.registers.iter().find(|r| r.name == name) else {
                if self.bits.as_ref().is_some_and(|b| b.name == name) {
                    return Err(self.err(line, format!("`{t}` is a bit, not a qubit")));
                }
                return Err(self.err(line, format!("`{t}` names the undeclared register `{name}`")));
            };
            match index.strip_prefix('[').and_then(|i| i.strip_suffix(']')).map(str::trim) {
                None if index.is_empty() && r.scalar => r.offset,
                None if index.is_empty() => {
                    return Err(self.err(
                        line,
                        format!(
                            "`{t}` is the whole register of {} qubits: name one qubit, `{name}[k]`",
                            r.size
                        ),
                    ))
                }
                Some(i) if all_digits(i) => match i.parse::<usize>() {
                    Ok(k) if k < r.size => r.offset + k,
                    _ => {
                        return Err(self.err(
                            line,
                            format!("`{t}` is outside the register `{name}` of {} qubits", r.size),
                        ))
                    }
                },
                _ => return Err(self.err(line, format!("`{t}` is not a qubit ($k or q[k])"))),
            }
        };
        self.renumber(p, t, line)
    }

    /// `qubit[N] name` or `qubit name` (`rest` after `qubit`).
    fn declare_qubits(&mut self, rest: &str, line: usize) -> Result<()> {
        let (size, name) = self.declaration(rest, "qubit", line)?;
        if name.is_empty() {
            return Err(self.err(line, format!("`qubit{rest}` declares no register name")));
        }
        if let Some(first) = self.physical_line {
            return Err(self.err(
                line,
                format!("the register `{name}` beside physical qubits ($k, line {first}): a file names physical qubits or declares registers, not both"),
            ));
        }
        if self.registers.iter().any(|r| r.name == name) || self.bits.as_ref().is_some_and(|b| b.name == name) {
            return Err(self.err(line, format!("the register `{name}` is declared twice")));
        }
        let offset = self.registers.last().map_or(0, |r| r.offset + r.size);
        let n = size.unwrap_or(1);
        if n == 0 || offset.saturating_add(n) > MAX_QUBIT_INDEX {
            return Err(self.err(
                line,
                format!(
                    "`{name}` of {n} qubits: a register holds 1 to {MAX_QUBIT_INDEX} qubits, in all, on any device"
                ),
            ));
        }
        self.registers.push(Register {
            name: name.to_string(),
            size: n,
            offset,
            scalar: size.is_none(),
        });
        Ok(())
    }

    /// `bit[N] name` or `bit name` (`rest` after `bit`): the one bit register, at most as
    /// many bits as are allowed, checked before anything is allocated.
    fn declare_bits(&mut self, rest: &str, line: usize) -> Result<()> {
        let (size, name) = self.declaration(rest, "bit", line)?;
        if name.is_empty() {
            return Err(self.err(line, format!("`bit{rest}` declares no register name")));
        }
        if let Some(b) = &self.bits {
            return Err(self.err(
                line,
                format!(
                    "a second bit register `{name}` (`{}` is on line {}): the layout is read from one",
                    b.name, b.line
                ),
            ));
        }
        if self.registers.iter().any(|r| r.name == name) {
            return Err(self.err(line, format!("the register `{name}` is declared twice")));
        }
        let n = size.unwrap_or(1);
        if n == 0 || n > self.bits_allowed {
            let why = if self.exact {
                format!("the manifest's circuit has {} qubits", self.bits_allowed)
            } else {
                format!("a routed circuit is simulated on at most {} qubits", self.max_physical)
            };
            return Err(self.err(line, format!("the bit register `{name}` of {n} bits, but {why}")));
        }
        self.bits = Some(Bits {
            name: name.to_string(),
            line,
            scalar: size.is_none(),
            measured: vec![None; n],
        });
        Ok(())
    }

    /// `[N] name` or ` name` after `qubit`/`bit`: the size (none without brackets) and name.
    fn declaration<'t>(&self, rest: &'t str, kind: &str, line: usize) -> Result<(Option<usize>, &'t str)> {
        let r = rest.trim_start();
        let (size, tail) = match r.strip_prefix('[') {
            Some(inner) => {
                let Some((n, tail)) = inner.split_once(']') else {
                    return Err(self.err(line, format!("`{kind}{rest}`: a `[` with no `]`")));
                };
                let n = n.trim();
                if !all_digits(n) {
                    return Err(self.err(
                        line,
                        format!("`{kind}[{n}]`: the register size `{n}` is not a whole number"),
                    ));
                }
                let size = n.parse::<usize>().map_err(|_| {
                    self.err(
                        line,
                        format!("`{kind}[{n}]`: the register size `{n}` is beyond any device"),
                    )
                })?;
                (Some(size), tail)
            }
            None if rest.starts_with(char::is_whitespace) => (None, r),
            None => return Err(self.err(line, format!("`{kind}{rest}` is not a declaration"))),
        };
        let tail = tail.trim();
        let name = identifier(tail);
        if name.len() != tail.len() {
            return Err(self.err(line, format!("`{kind}{rest}`: `{tail}` is not a register name")));
        }
        Ok((size, name))
    }

    /// `c[i]` (or `c` for a one-bit register): the bit index, or `None` for the whole
    /// register.
    fn bit(&self, text: &str, line: usize) -> Result<Option<usize>> {
        let t = text.trim();
        let name = identifier(t);
        let index = &t[name.len()..];
        let Some(bits) = &self.bits else {
            return Err(self.err(line, format!("`{t}`: no bit register is declared before it")));
        };
        if name != bits.name || name.is_empty() {
            let what = if name.is_empty() { t } else { name };
            return Err(self.err(
                line,
                format!(
                    "`{t}` names the undeclared register `{what}` (the bits are `{}`)",
                    bits.name
                ),
            ));
        }
        if index.is_empty() {
            return Ok(if bits.scalar { Some(0) } else { None });
        }
        match index.strip_prefix('[').and_then(|i| i.strip_suffix(']')).map(str::trim) {
            Some(i) if all_digits(i) => match i.parse::<usize>() {
                Ok(k) if k < bits.measured.len() => Ok(Some(k)),
                _ => Err(self.err(
                    line,
                    format!(
                        "`{t}` is outside the bit register `{name}` of {} bits",
                        bits.measured.len()
                    ),
                )),
            },
            _ => Err(self.err(line, format!("`{t}` is not one classical bit c[i]"))),
        }
    }

    /// Record the measurement of `qubit` (text) into `bit` (text).
    fn measure(&mut self, bit: &str, qubit: &str, line: usize) -> Result<()> {
        let pairs: Vec<(usize, String)> = match self.bit(bit, line)? {
            Some(i) => vec![(i, qubit.trim().to_string())],
            None => {
                // `c = measure q;`: register onto register, of the same size.
                let q = qubit.trim();
                let n = self.bits.as_ref().map_or(0, |b| b.measured.len());
                match self.registers.iter().find(|r| r.name == q) {
                    Some(r) if r.size == n && !r.scalar => (0..n).map(|i| (i, format!("{q}[{i}]"))).collect(),
                    _ => {
                        return Err(self.err(
                            line,
                            format!("`{}` is the whole bit register: measure one qubit into one bit, `c[i] = measure $k;`, or a qubit register of as many qubits", bit.trim()),
                        ))
                    }
                }
            }
        };
        for (i, q) in pairs {
            let k = self.qubit(&q, line)?;
            if let Some(first) = self.measured_on[k] {
                return Err(self.err(line, format!("`{q}` is measured twice (first on line {first})")));
            }
            let bit_name = self.bits.as_ref().map_or(String::new(), |b| b.name.clone());
            let slot = self.bits.as_mut().and_then(|b| b.measured.get_mut(i));
            match slot {
                Some(Some((_, first))) => {
                    let first = *first;
                    return Err(self.err(
                        line,
                        format!("`{bit_name}[{i}]` is measured into twice (first on line {first})"),
                    ));
                }
                Some(s) => *s = Some((k, line)),
                None => return Err(self.err(line, format!("bit {i} is outside the bit register"))),
            }
            self.measured_on[k] = Some(line);
        }
        Ok(())
    }

    /// A gate call: `name(angle) operands`.
    fn gate(&mut self, s: &str, name: &str, line: usize) -> Result<()> {
        let known = ["rz", "sx", "x", "cz", "cx", "ecr"];
        if !known.contains(&name) {
            return Err(unsupported(self.source, line, format!("the gate `{name}`")));
        }
        let mut rest = s[name.len()..].trim_start();
        let mut param = None;
        if rest.starts_with('(') {
            // The matching `)`, counted (no recursion).
            let mut depth = 0usize;
            let mut close = None;
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            close = Some(i);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let Some(close) = close else {
                return Err(self.err(line, format!("`{name}`: a `(` with no `)`")));
            };
            param = Some(&rest[1..close]);
            rest = &rest[close + 1..];
        }
        let operands: Vec<&str> = rest.split(',').map(str::trim).collect();
        if operands.iter().any(|o| o.is_empty()) {
            return Err(self.err(line, format!("`{name}` has an empty operand in `{}`", rest.trim())));
        }
        let arity = if ["cz", "cx", "ecr"].contains(&name) { 2 } else { 1 };
        if operands.len() != arity {
            return Err(self.err(line, format!("`{name}` takes {arity} qubit(s), got {}", operands.len())));
        }
        let theta = match (name, param) {
            ("rz", Some(p)) => {
                if p.contains(',') {
                    return Err(self.err(line, format!("`rz` takes one angle, got `{p}`")));
                }
                Some(angle(p, name, self.source, line)?)
            }
            ("rz", None) => return Err(self.err(line, "`rz` needs its angle, `rz(θ)`")),
            (_, Some(p)) => return Err(self.err(line, format!("`{name}` takes no angle, got `({p})`"))),
            (_, None) => None,
        };
        let mut qubits = Vec::with_capacity(arity);
        for o in &operands {
            let k = self.qubit(o, line)?;
            if qubits.contains(&k) {
                return Err(self.err(line, format!("`{name}` names the qubit `{o}` twice")));
            }
            if let Some(m) = self.measured_on[k] {
                return Err(self.err(
                    line,
                    format!("`{name}` on `{o}`, measured on line {m}: a gate after a measurement is not read (every measurement must be final)"),
                ));
            }
            qubits.push(k);
        }
        let gate = match (name, theta) {
            ("rz", Some(t)) => RoutedGate::Rz(qubits[0], t),
            ("sx", _) => RoutedGate::Sx(qubits[0]),
            ("x", _) => RoutedGate::X(qubits[0]),
            ("cz", _) => RoutedGate::Cz(qubits[0], qubits[1]),
            ("cx", _) => RoutedGate::Cx(qubits[0], qubits[1]),
            _ => RoutedGate::Ecr(qubits[0], qubits[1]),
        };
        self.gates.push(gate);
        Ok(())
    }

    /// One statement.
    fn statement(&mut self, s: &str, line: usize) -> Result<()> {
        let word = identifier(s);
        let rest = &s[word.len()..];
        if CONTROL_FLOW.contains(&word) {
            return Err(self.err(
                line,
                format!("`{word}`: classical control flow is not supported in a routed circuit (it is read as one straight run of gates)"),
            ));
        }
        if OTHER_STATEMENTS.contains(&word) || ["qreg", "creg", "opaque"].contains(&word) || s.starts_with('#') {
            let w = if word.is_empty() {
                s.split_whitespace().next().unwrap_or(s)
            } else {
                word
            };
            return Err(unsupported(self.source, line, format!("the statement `{w}`")));
        }
        match word {
            "OPENQASM" => {
                let v = rest.trim();
                if !(v == "3" || v.starts_with("3.")) {
                    return Err(self.err(
                        line,
                        format!("OpenQASM version `{v}`: a routed circuit is OpenQASM 3 (qiskit.qasm3.dumps)"),
                    ));
                }
                Ok(())
            }
            "include" => {
                let file = rest.trim();
                if file != "\"stdgates.inc\"" {
                    let name = file.trim_matches('"');
                    return Err(self.err(line, format!("includes `{name}`: only \"stdgates.inc\" is known")));
                }
                Ok(())
            }
            "gate" => {
                let name = identifier(rest.trim_start());
                if STDGATES.contains(&name) {
                    return Err(self.err(
                        line,
                        format!("`gate {name}` redefines the standard gate `{name}` of stdgates.inc"),
                    ));
                }
                // Qiskit defines the gates stdgates.inc lacks (ecr, rzx); their meaning is known.
                if !["ecr", "rzx"].contains(&name) {
                    return Err(unsupported(self.source, line, format!("the gate definition `{name}`")));
                }
                Ok(())
            }
            "barrier" => Ok(()),
            "qubit" => self.declare_qubits(rest, line),
            "bit" => self.declare_bits(rest, line),
            "measure" => match rest.split_once("->") {
                Some((q, b)) => self.measure(b, q, line),
                None => Err(self.err(line, "a measurement into no bit: write `c[i] = measure $k;`")),
            },
            _ => {
                if let Some((target, value)) = s.split_once('=') {
                    let value = value.trim_start();
                    return match value.strip_prefix("measure") {
                        Some(q) if identifier(value) == "measure" => self.measure(target, q, line),
                        _ => Err(unsupported(
                            self.source,
                            line,
                            format!("the classical assignment to `{}`", target.trim()),
                        )),
                    };
                }
                if word.is_empty() {
                    let first = s.chars().next().unwrap_or(' ');
                    return Err(unsupported(
                        self.source,
                        line,
                        format!("a statement starting with `{first}`"),
                    ));
                }
                self.gate(s, word, line)
            }
        }
    }
}

/// Read a transpiled OpenQASM 3 file (`source` names it in messages), its bit register of at
/// most [`MAX_PHYSICAL_QUBITS`] bits. [`parse_for`] also checks it against a manifest.
pub fn parse(text: &str, source: &str) -> Result<RoutedCircuit> {
    read(text, source, MAX_PHYSICAL_QUBITS, false, MAX_PHYSICAL_QUBITS)
}

/// Read a transpiled OpenQASM 3 file for the manifest of a circuit of `qubits` qubits: its
/// bit register must have `qubits` bits, each measured once from its own physical qubit,
/// after the last gate on that qubit. Refused, each with its line: angles that are not finite
/// numbers, a gate naming a qubit twice, a gate after its qubit's measurement, undeclared
/// registers, sizes beyond the manifest or any device, redefined standard gates, includes
/// other than `stdgates.inc`, classical control flow, and anything outside the routed basis.
/// Never panics on any text, and allocates nothing in proportion to a size the file states.
pub fn parse_for(text: &str, source: &str, qubits: usize) -> Result<RoutedCircuit> {
    read(text, source, qubits, true, MAX_PHYSICAL_QUBITS)
}

/// [`parse_for`], the file using up to `max_physical` physical qubits (a circuit run on weight
/// sectors, [`crate::noise::sectors::routed`], is not held to the full statevector's 30).
pub fn parse_for_within(text: &str, source: &str, qubits: usize, max_physical: usize) -> Result<RoutedCircuit> {
    read(text, source, qubits, true, max_physical)
}

fn read(text: &str, source: &str, bits_allowed: usize, exact: bool, max_physical: usize) -> Result<RoutedCircuit> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > MAX_FILE_BYTES {
        return Err(Error::parse(
            source,
            0,
            format!(
                "{} bytes, more than the {MAX_FILE_BYTES} a routed circuit is read from",
                text.len()
            ),
        ));
    }
    let mut r = Reader {
        source,
        bits_allowed: bits_allowed.min(max_physical),
        exact,
        max_physical,
        registers: Vec::new(),
        physical_line: None,
        bits: None,
        physical: Vec::new(),
        measured_on: Vec::new(),
        gates: Vec::new(),
    };
    if exact && bits_allowed > max_physical {
        return Err(Error::parse(
            source,
            0,
            format!("the manifest's circuit has {bits_allowed} qubits: a routed circuit is simulated on at most {max_physical}"),
        ));
    }
    for (line, statement) in statements(text, source)? {
        let s = statement.trim();
        if !s.is_empty() {
            r.statement(s, line)?;
        }
    }
    let Some(bits) = r.bits else {
        return Err(Error::parse(
            source,
            0,
            "no bit register and no measurement: the final layout is unknown",
        ));
    };
    if exact && bits.measured.len() != bits_allowed {
        return Err(Error::parse(
            source,
            bits.line,
            format!(
                "the bit register `{}` of {} bits, but the manifest's circuit has {bits_allowed} qubits",
                bits.name,
                bits.measured.len()
            ),
        ));
    }
    let measured: Vec<usize> = bits
        .measured
        .iter()
        .enumerate()
        .map(|(i, m)| {
            m.map(|(k, _)| k)
                .ok_or_else(|| Error::parse(source, 0, format!("classical bit {i} is never measured")))
        })
        .collect::<Result<_>>()?;
    Ok(RoutedCircuit {
        physical: r.physical,
        gates: r.gates,
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
    pub(crate) fn sample_events(&self, model: &NoiseModel, rng: &mut SeededRng) -> Vec<(usize, Pauli)> {
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

    /// The state after the gates with `events`, from `|0…0⟩`; `pace` is told of every gate
    /// and may stop the run.
    fn run(&self, amps: &mut [Complex64], events: &[(usize, Pauli)], pace: &Pace<'_, '_>) -> Result<()> {
        amps.fill(Complex64::new(0.0, 0.0));
        if let Some(a) = amps.first_mut() {
            *a = Complex64::new(1.0, 0.0);
        }
        let pauli = |amps: &mut [Complex64], p: Pauli| {
            kernels::apply_diagonal_pauli(amps, Phase::None, &[], p.x, p.z, p.global())
        };
        let mut next = events.iter().peekable();
        for (i, g) in self.gates.iter().enumerate() {
            pace.gate(i)?;
            apply_gate(amps, g);
            while let Some(&&(at, p)) = next.peek() {
                if at != i {
                    break;
                }
                pauli(amps, p);
                next.next();
            }
        }
        Ok(())
    }

    /// The state after the gates with `events`, from `|0…0⟩` (for tests against other routes).
    #[cfg(test)]
    pub(crate) fn state_with(&self, events: &[(usize, Pauli)]) -> Vec<Complex64> {
        let budget = Budget::unlimited();
        let pace = Pace {
            budget: &budget,
            task: String::new(),
            gates: self.gates.len(),
            trajectories: 1,
            weight: 0.0,
            trajectory: None,
            every: usize::MAX,
        };
        let mut amps = vec![Complex64::new(0.0, 0.0); 1 << self.physical.len()];
        self.run(&mut amps, events, &pace).expect("no budget to spend");
        amps
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

/// One routed gate on `amps` (its qubits' bits of the index).
pub(crate) fn apply_gate(amps: &mut [Complex64], g: &RoutedGate) {
    match *g {
        RoutedGate::Rz(q, t) => kernels::apply_single(amps, q, &crate::sim::reference::rz_matrix(t)),
        RoutedGate::Sx(q) => {
            let (a, b) = (Complex64::new(0.5, 0.5), Complex64::new(0.5, -0.5));
            kernels::apply_single(amps, q, &[[a, b], [b, a]]);
        }
        RoutedGate::X(q) => {
            let p = Pauli::single(q, 1);
            kernels::apply_diagonal_pauli(amps, Phase::None, &[], p.x, p.z, p.global());
        }
        RoutedGate::Cz(a, b) => kernels::apply_cz(amps, a, b),
        RoutedGate::Cx(c, t) => kernels::apply_cx(amps, c, t),
        RoutedGate::Ecr(q0, q1) => apply_ecr(amps, q0, q1),
    }
}

/// Qiskit's `ecr` on (q0, q1), `(X_{q0} − X_{q1} Y_{q0}) / √2`, in place: in the basis
/// `b_{q0} + 2 b_{q1}` its matrix is `[[0, 1, 0, i], [1, 0, −i, 0], [0, i, 0, 1], [−i, 0, 1, 0]] / √2`.
fn apply_ecr(amps: &mut [Complex64], q0: usize, q1: usize) {
    let (b0, b1) = (1usize << q0, 1usize << q1);
    let s = std::f64::consts::FRAC_1_SQRT_2;
    let i = Complex64::new(0.0, 1.0);
    for k in 0..amps.len() {
        if k & (b0 | b1) != 0 {
            continue;
        }
        let (i0, i1, i2, i3) = (k, k | b0, k | b1, k | b0 | b1);
        let (Some(&a0), Some(&a1), Some(&a2), Some(&a3)) = (amps.get(i0), amps.get(i1), amps.get(i2), amps.get(i3))
        else {
            continue;
        };
        amps[i0] = (a1 + i * a3) * s;
        amps[i1] = (a0 - i * a2) * s;
        amps[i2] = (i * a1 + a3) * s;
        amps[i3] = (a2 - i * a0) * s;
    }
}

/// How far an estimate has gone, for the budget: the noiseless run counts 1, each trajectory
/// its chance of holding an error (a trajectory without one costs nothing).
struct Pace<'b, 'a> {
    budget: &'b Budget<'a>,
    task: String,
    gates: usize,
    trajectories: usize,
    /// The expected work of one trajectory, against 1 for the noiseless run.
    weight: f64,
    /// The run under way: `None` for the noiseless one, else the trajectory.
    trajectory: Option<usize>,
    /// The budget is looked at before every `every`-th gate (every gate on large states).
    every: usize,
}

impl Pace<'_, '_> {
    fn fraction(&self, gate: usize) -> f64 {
        let within = gate as f64 / self.gates.max(1) as f64;
        let done = match self.trajectory {
            None => within,
            Some(t) => 1.0 + (t as f64 + within) * self.weight,
        };
        (done / (1.0 + self.trajectories as f64 * self.weight)).clamp(0.0, 1.0)
    }

    fn detail(&self, gate: usize) -> String {
        match self.trajectory {
            None => format!("noiseless run, gate {gate} of {}", self.gates),
            Some(t) => format!(
                "trajectory {} of {}, gate {gate} of {}",
                t + 1,
                self.trajectories,
                self.gates
            ),
        }
    }

    /// Before gate `i` of the run (every `every`-th gate is looked at): a progress report when one
    /// is due, and the budget's error once it is spent.
    fn gate(&self, i: usize) -> Result<()> {
        if !i.is_multiple_of(self.every) {
            return Ok(());
        }
        self.budget
            .tick(&self.task, || Some(self.fraction(i)), || self.detail(i));
        if self.budget.expired() {
            return Err(self
                .budget
                .out_of_time(&self.task, Some(self.fraction(i)), &self.detail(i)));
        }
        Ok(())
    }
}

/// P(valid) of `circuit` (`valid`: logical indices, qubit i = bit i) under `model`.
pub fn estimate(
    circuit: &RoutedCircuit,
    valid: &[u64],
    model: &NoiseModel,
    trajectories: Trajectories,
    seed: u64,
) -> Result<RoutedEstimate> {
    estimate_within(circuit, valid, model, trajectories, seed, &Budget::unlimited())
}

/// [`estimate`] within `budget`: checked every 16 gates (every gate from 2^16 amplitudes on),
/// with progress reports through it;
/// a spent budget stops the run with its error (what was done, how long the whole would take).
/// Refuses up front a state that does not fit in memory.
pub fn estimate_within(
    circuit: &RoutedCircuit,
    valid: &[u64],
    model: &NoiseModel,
    trajectories: Trajectories,
    seed: u64,
    budget: &Budget<'_>,
) -> Result<RoutedEstimate> {
    let trajectories = trajectories.get();
    let m = circuit.physical.len();
    let n = circuit.measured.len();
    if m > MAX_PHYSICAL_QUBITS || n > m || circuit.measured.iter().any(|&q| q >= m) {
        return Err(Error::RoutedQubits {
            measured: n,
            physical: m,
            max: MAX_PHYSICAL_QUBITS,
        });
    }
    // The chance that a trajectory holds an error, for the progress estimate.
    let clean: f64 = circuit
        .gates
        .iter()
        .map(|g| match g {
            RoutedGate::Sx(_) | RoutedGate::X(_) => model.p1,
            RoutedGate::Rz(..) => model.p_rz,
            _ => model.p2,
        })
        .map(|p| (1.0 - p.clamp(0.0, 1.0)).ln())
        .sum();
    let weight = (1.0 - clean.exp()).clamp(0.0, 1.0);
    // The expected amplitude updates: the noiseless run and each trajectory that holds an error.
    let work = (1u64 << m) as f64 * circuit.gates.len() as f64 * (1.0 + trajectories as f64 * weight);
    if work > MAX_WORK {
        return Err(Error::TooMuchWork {
            what: Work::RoutedNoise {
                gates: circuit.gates.len(),
                qubits: m,
                runs: 1.0 + trajectories as f64 * weight,
                model: model.name.clone(),
            },
            work,
            limit: MAX_WORK,
        });
    }
    crate::sim::check_bytes(m.max(n), 32u128 << m.max(n))?;
    let mut w = vec![0.0; 1 << n];
    for &k in valid {
        *usize::try_from(k)
            .ok()
            .and_then(|k| w.get_mut(k))
            .ok_or(Error::StateOutOfRange {
                what: "valid state",
                index: k,
                states: 1u128 << n,
            })? = 1.0;
    }
    let plain = w.clone();
    if model.readout > 0.0 {
        kernels::apply_readout_flips(&mut w, model.readout);
    }
    let mut amps = vec![Complex64::new(0.0, 0.0); 1 << m];
    let mut probs = vec![0.0; 1 << n];
    let dot = |p: &[f64], w: &[f64]| p.iter().zip(w).map(|(a, b)| a * b).sum::<f64>();
    let mut pace = Pace {
        budget,
        task: if [model.p1, model.p_rz, model.p2, model.readout]
            .iter()
            .all(|&p| p <= 0.0)
        {
            "computing the routed circuit's noiseless P(valid)".to_string()
        } else {
            format!("predicting P(valid) of the routed circuit under `{}`", model.name)
        },
        gates: circuit.gates.len(),
        trajectories,
        weight,
        trajectory: None,
        every: if m >= 16 { 1 } else { 16 },
    };
    circuit.run(&mut amps, &[], &pace)?;
    circuit.logical_probabilities(&amps, &mut probs);
    let noiseless = dot(&probs, &plain);
    let v0 = dot(&probs, &w);
    let mut values = Vec::with_capacity(trajectories);
    for t in 0..trajectories {
        pace.trajectory = Some(t);
        let mut rng = trajectory_rng(seed, t);
        let events = circuit.sample_events(model, &mut rng);
        if events.is_empty() {
            values.push(v0);
            continue;
        }
        circuit.run(&mut amps, &events, &pace)?;
        circuit.logical_probabilities(&amps, &mut probs);
        values.push(dot(&probs, &w));
    }
    finish(model, trajectories, &values, v0, noiseless)
}

/// The estimate from each trajectory's value (`v0` the error-free one's) and the noiseless
/// P(valid): refused where it is not finite.
pub(crate) fn finish(
    model: &NoiseModel,
    trajectories: usize,
    values: &[f64],
    v0: f64,
    noiseless: f64,
) -> Result<RoutedEstimate> {
    let (p_valid, p_valid_se) = mean_and_se(values, v0);
    if !(p_valid.is_finite() && p_valid_se.is_finite() && noiseless.is_finite()) {
        return Err(Error::NotFinite {
            what: format!(
                "the routed circuit's P(valid) under `{}` ({} ± {})",
                model.name,
                number_text(p_valid),
                number_text(p_valid_se)
            ),
            note: String::new(),
        });
    }
    Ok(RoutedEstimate {
        model: model.clone(),
        trajectories,
        p_valid,
        p_valid_se,
        noiseless_p_valid: noiseless,
        bounded: None,
    })
}

/// The time of one shot of a routed circuit on a device class.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoutedDeviceTime {
    /// The device class and its times.
    pub device: DeviceTiming,
    /// Seconds of one shot: every gate one after another, readout, reset.
    pub shot_seconds: f64,
    /// Seconds to a valid board with 99 % confidence at the routed circuit's noiseless
    /// P(valid) (`None` when it is 0).
    pub tts99_seconds: Option<f64>,
    /// The same at each model's noisy P(valid), in the order of the estimates.
    pub noisy_tts99_seconds: Vec<Option<f64>>,
}

impl RoutedCounts {
    /// Seconds of one shot on `device`: the file is in the device's native gates, so `rz` is
    /// virtual (0 s), each `sx` and `x` one single-qubit pulse, each two-qubit gate (`cz`,
    /// `ecr` or `cx`) one native two-qubit gate; then readout and reset.
    pub fn shot_seconds(&self, device: &DeviceTiming) -> f64 {
        (self.sx + self.x) as f64 * device.one_qubit
            + self.two_qubit as f64 * device.two_qubit
            + device.readout
            + device.reset
    }
}

#[cfg(test)]
mod tests;
