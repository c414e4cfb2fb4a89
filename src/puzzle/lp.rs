//! Models in the CPLEX LP format: the subset that dimod's `lp.dump`, docplex and
//! qiskit-optimization's `export_as_lp_string` write (docs/lp.md).
//!
//! Sections `Minimize`/`Maximize` (a linear objective with a constant and quadratic terms
//! `[ ... ]` or `[ ... ]/2`: `x^2` or `x * x`, which is `x` on a binary, and products
//! `x * y`), `Subject To` (named or unnamed linear `=`, `<=`, `>=` constraints), `Bounds`,
//! `Binary`/`Binaries`, `General` (refused when not empty) and `End`; `\` starts a comment.
//! Every variable must be binary.
//!
//! Each constraint becomes constraints of the model, exactly (the same assignments meet
//! them), or the file is refused naming the constraint and its line:
//!
//! - `Σ c·x = c·k` over one coefficient `c` → an exact count `k` of the variables (`k = 0` or
//!   all: the variables are fixed);
//! - a bound that allows exactly two adjacent sums `k` and `k + 1` of unit terms → a soft
//!   count: "at most 1 of m ≥ 3", "at least m − 1 of m", `x + y ≥ 1`, and a pair `Σx ≥ k`,
//!   `Σx ≤ k + 1` over the same variables (as the puzzles write "not three alike");
//! - any constraint over one or two variables → the fixed values, not-both, same or
//!   different constraints that allow the same assignments (`x − y = 0` is same, `x + y = 1`
//!   different, `x + y ≤ 1` not-both), when such constraints exist;
//! - a constraint every assignment meets is dropped; one none meets is refused.
//!
//! `x + y = 1` is a count (a block of two) only in a family that also holds larger counts or
//! in a grid's rows or columns; elsewhere it is a different pair, as the puzzles' `x` signs.
//!
//! The exact counts are then grouped into families of pairwise disjoint counts (the largest
//! family first, counts of more variables first): when the first two families each hold every
//! variable of the counts exactly once they are labelled `row` and `column` (so `rows`,
//! `cols` and `rows+cols` are their spaces), otherwise the first is labelled `region`; further
//! families take the labels left (`region`, `cell`), and the rest stay unlabelled counts.
//!
//! The objective (to minimise; a `Maximize` objective is negated) enters the model divided by
//! `λ = 1 + Σ|w|`, the sum over its linear weights and its product weights: its range over all assignments is then below 1, the least penalty of a broken
//! constraint, so the states of least energy are exactly the feasible states of least objective.

use super::{Board, Broken, Puzzle};
use crate::budget::Cancel;
use crate::error::{Error, Result};
use crate::model::{Constraint, Model};
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt::Write as _;

/// Most variables a model may have.
pub const MAX_VARS: usize = 1 << 16;
/// Tolerance of the integer checks on coefficients read as decimals.
const TOL: f64 = 1e-9;
/// The cost's resolution: energies closer than this are one level (`encoding::ENERGY_TOL`,
/// which this stage cannot import; the same value).
pub const RESOLUTION: f64 = 1e-9;
/// Lines or constraints read between two looks at the stop request (well under a second).
const CHECK_EVERY: usize = 1024;

/// Whether `text` looks like an LP file: its first line that is not blank or a comment names
/// an objective or constraint section (dimod writes no objective section when it is empty).
pub fn looks_like_lp(text: &str) -> bool {
    strip_bom(text)
        .lines()
        .map(|l| strip_comment(l).trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| matches!(section_of(l), Some((Section::Objective(_) | Section::Constraints, _))))
}

/// The text without a leading UTF-8 byte-order mark (some Windows editors write one).
fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// How one constraint of the file was read.
#[derive(Clone, Debug, PartialEq)]
pub struct Detected {
    /// The constraint's name in the file (`c<n>` for the n-th unnamed one, from 1).
    pub name: String,
    /// Its line.
    pub line: usize,
    /// What it became: `exact count 1 of 4`, `not-both`, `same`, `different`, `fixed`,
    /// `at most 1 of 5 (10 not-both pairs)`, `always holds`.
    pub kind: String,
    /// The family of an exact count (`row`, `column`, `region`, `cell`), if it has one.
    pub family: Option<&'static str>,
}

/// A model read from an LP file.
#[derive(Clone, Debug)]
pub struct LpModel {
    names: Vec<String>,
    constraints: Vec<(Constraint, String)>,
    /// The objective to minimise, unscaled, as `(variable, weight)`; a maximised one negated.
    objective: Vec<(usize, f64)>,
    /// The objective's products to minimise, unscaled, as `(u, v, weight)` with `u < v`.
    pairs: Vec<(usize, usize, f64)>,
    /// The objective's constant, in the file's sense.
    offset: f64,
    /// Whether the file maximises.
    maximise: bool,
    /// The objective's divisor in the model (`1 + Σ|w|`).
    lambda: f64,
    detected: Vec<Detected>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Section {
    Objective(bool),
    Constraints,
    Bounds,
    Binary,
    General,
    Unsupported,
    End,
}

fn strip_comment(line: &str) -> &str {
    line.split('\\').next().unwrap_or("")
}

/// The section a line opens, and what follows its keyword on the same line (`Binary x y z`:
/// the names). A keyword followed by an operator (`min: x + y >= 1`, `bin <= 1`) opens none:
/// it is a constraint's name or a variable.
fn section_of(line: &str) -> Option<(Section, &str)> {
    if let Some(s) = section_keyword(line) {
        return Some((s, ""));
    }
    let words: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize, w))
        .take(3)
        .collect();
    for n in [2, 1] {
        if words.len() <= n {
            continue;
        }
        let head = &line[..words[n - 1].0 + words[n - 1].1.len()];
        let rest = line[words[n].0..].trim();
        let starts_with_operator = rest.chars().next().is_some_and(|c| OPERATOR_CHARS.contains(c));
        match section_keyword(head) {
            Some(Section::End) | None => {}
            Some(s) if !starts_with_operator => return Some((s, rest)),
            Some(_) => {}
        }
    }
    None
}

fn section_keyword(line: &str) -> Option<Section> {
    let words: Vec<String> = line.split_whitespace().map(str::to_ascii_lowercase).collect();
    let joined = words.join(" ");
    Some(match joined.as_str() {
        "minimize" | "minimise" | "minimum" | "min" => Section::Objective(false),
        "maximize" | "maximise" | "maximum" | "max" => Section::Objective(true),
        "subject to" | "such that" | "st" | "s.t." | "st." => Section::Constraints,
        "bounds" | "bound" => Section::Bounds,
        "binary" | "binaries" | "bin" => Section::Binary,
        "general" | "generals" | "gen" | "integer" | "integers" => Section::General,
        "semi-continuous"
        | "semis"
        | "semi"
        | "sos"
        | "sos1"
        | "sos2"
        | "pwl"
        | "lazy constraints"
        | "user cuts"
        | "usercuts"
        | "general constraints"
        | "indicators" => Section::Unsupported,
        "end" => Section::End,
        _ => return None,
    })
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(f64),
    Ident(String),
    Op(&'static str),
}

impl std::fmt::Display for Tok {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tok::Num(v) => write!(f, "{v}"),
            Tok::Ident(s) => write!(f, "{s}"),
            Tok::Op(s) => write!(f, "{s}"),
        }
    }
}

const OPERATOR_CHARS: &str = "+-*^/[]:<>=";

fn tokenize(file: &str, line: usize, text: &str, out: &mut Vec<(Tok, usize)>) -> Result<()> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())) {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            if i < chars.len() && (chars[i] == 'e' || chars[i] == 'E') {
                let mut j = i + 1;
                if j < chars.len() && (chars[j] == '+' || chars[j] == '-') {
                    j += 1;
                }
                if j < chars.len() && chars[j].is_ascii_digit() {
                    while j < chars.len() && chars[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
            let s: String = chars[start..i].iter().collect();
            let v: f64 = s
                .parse()
                .map_err(|_| Error::parse(file, line, format!("`{s}` is not a number")))?;
            out.push((Tok::Num(v), line));
        } else if OPERATOR_CHARS.contains(c) {
            let next = chars.get(i + 1).copied();
            let (op, len): (&'static str, usize) = match (c, next) {
                ('<', Some('=')) | ('=', Some('<')) => ("<=", 2),
                ('>', Some('=')) | ('=', Some('>')) => (">=", 2),
                ('<', _) => ("<=", 1),
                ('>', _) => (">=", 1),
                ('=', _) => ("=", 1),
                ('+', _) => ("+", 1),
                ('-', _) => ("-", 1),
                ('*', _) => ("*", 1),
                ('^', _) => ("^", 1),
                ('/', _) => ("/", 1),
                ('[', _) => ("[", 1),
                (']', _) => ("]", 1),
                _ => (":", 1),
            };
            out.push((Tok::Op(op), line));
            i += len;
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !OPERATOR_CHARS.contains(chars[i]) {
                i += 1;
            }
            out.push((Tok::Ident(chars[start..i].iter().collect()), line));
        }
    }
    Ok(())
}

/// A linear expression with its constant: variable names with their coefficients and lines.
#[derive(Default, Debug)]
struct Expr {
    terms: Vec<(String, f64, usize)>,
    /// Products of two different variables (`[ x * y ]`), with their coefficients and lines.
    products: Vec<(String, String, f64, usize)>,
    constant: f64,
}

struct Tokens<'a> {
    file: &'a str,
    toks: &'a [(Tok, usize)],
    pos: usize,
    /// The line of the section header (for errors at the end of a section).
    end_line: usize,
}

impl Tokens<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(t, _)| t)
    }
    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k).map(|(t, _)| t)
    }
    fn line(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_line, |&(_, l)| l)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).map(|(t, _)| t.clone());
        self.pos += 1;
        t
    }
    fn error(&self, msg: impl Into<String>) -> Error {
        Error::parse(self.file, self.line(), msg)
    }
    fn is_op(&self, op: &str) -> bool {
        self.peek()
            == Some(&Tok::Op(match op {
                "+" => "+",
                "-" => "-",
                "[" => "[",
                "]" => "]",
                "/" => "/",
                "*" => "*",
                "^" => "^",
                ":" => ":",
                _ => "=",
            }))
    }
    fn at_relation(&self) -> bool {
        matches!(self.peek(), Some(Tok::Op("<=" | ">=" | "=")))
    }

    /// A label `name:` if one starts here.
    fn label(&mut self) -> Option<String> {
        if let (Some(Tok::Ident(name)), Some(Tok::Op(":"))) = (self.peek(), self.peek_at(1)) {
            let name = name.clone();
            self.pos += 2;
            Some(name)
        } else {
            None
        }
    }

    /// Signs and an optional coefficient before a term.
    fn sign_and_coef(&mut self, first: bool) -> Result<Option<(f64, bool)>> {
        let mut sign = 1.0;
        let mut signs = 0;
        while self.is_op("+") || self.is_op("-") {
            if self.is_op("-") {
                sign = -sign;
            }
            signs += 1;
            self.pos += 1;
        }
        if signs == 0 && !first {
            return Ok(None);
        }
        if let Some(Tok::Num(v)) = self.peek() {
            let v = *v;
            self.pos += 1;
            return Ok(Some((sign * v, true)));
        }
        Ok(Some((sign, false)))
    }

    /// A linear expression up to a relation or the end; `square` holds the quadratic terms of
    /// a variable with itself (read as the variable), other products are refused by `what`.
    fn expr(&mut self, what: &str) -> Result<Expr> {
        let mut e = Expr::default();
        let mut first = true;
        while self.peek().is_some() && !self.at_relation() {
            let Some((coef, explicit)) = self.sign_and_coef(first)? else {
                return Err(self.error(format!("{what}: expected `+` or `-` before `{}`", self.tok_text())));
            };
            first = false;
            let line = self.line();
            match self.peek().cloned() {
                Some(Tok::Ident(name)) => {
                    self.pos += 1;
                    e.terms.push((name, coef, line));
                }
                Some(Tok::Op("[")) => {
                    self.pos += 1;
                    self.quadratic(what, coef, &mut e)?;
                }
                _ if explicit => e.constant += coef,
                None => return Err(self.error(format!("{what}: a term is missing after the last sign"))),
                Some(_) => return Err(self.error(format!("{what}: expected a term, found `{}`", self.tok_text()))),
            }
        }
        Ok(e)
    }

    fn tok_text(&self) -> String {
        self.peek()
            .map_or_else(|| "the end of the section".into(), |t| t.to_string())
    }

    /// The inside of `[ ... ]` and an optional `/ d`, each term times `outer`.
    fn quadratic(&mut self, what: &str, outer: f64, e: &mut Expr) -> Result<()> {
        let mut squares: Vec<(String, String, f64, usize)> = Vec::new();
        let mut first = true;
        loop {
            if self.is_op("]") {
                self.pos += 1;
                break;
            }
            if self.peek().is_none() {
                return Err(self.error(format!("{what}: `[` is not closed by `]`")));
            }
            let Some((coef, _)) = self.sign_and_coef(first)? else {
                return Err(self.error(format!("{what}: expected `+` or `-` before `{}`", self.tok_text())));
            };
            first = false;
            let line = self.line();
            let Some(Tok::Ident(a)) = self.next() else {
                self.pos -= 1;
                return Err(self.error(format!(
                    "{what}: expected a variable in `[ ... ]`, found `{}`",
                    self.tok_text()
                )));
            };
            let b = if self.is_op("^") {
                self.pos += 1;
                match self.next() {
                    Some(Tok::Num(v)) if (v - 2.0).abs() < TOL => a.clone(),
                    _ => {
                        self.pos -= 1;
                        return Err(self.error(format!("{what}: only the power `^2` is read")));
                    }
                }
            } else if self.is_op("*") {
                self.pos += 1;
                match self.next() {
                    Some(Tok::Ident(b)) => b,
                    _ => {
                        self.pos -= 1;
                        return Err(self.error(format!("{what}: expected a variable after `*`")));
                    }
                }
            } else {
                return Err(self.error(format!("{what}: expected `*` or `^2` after `{a}` in `[ ... ]`")));
            };
            squares.push((a, b, coef, line));
        }
        let mut divisor = 1.0;
        if self.is_op("/") {
            self.pos += 1;
            match self.next() {
                Some(Tok::Num(d)) if d != 0.0 => divisor = d,
                _ => {
                    self.pos -= 1;
                    return Err(self.error(format!("{what}: expected a nonzero number after `/`")));
                }
            }
        }
        for (a, b, coef, line) in squares {
            if a == b {
                e.terms.push((a, outer * coef / divisor, line));
            } else {
                e.products.push((a, b, outer * coef / divisor, line));
            }
        }
        Ok(())
    }

    /// A signed number or infinity.
    fn number(&mut self, what: &str) -> Result<f64> {
        let mut sign = 1.0;
        while self.is_op("+") || self.is_op("-") {
            if self.is_op("-") {
                sign = -sign;
            }
            self.pos += 1;
        }
        match self.next() {
            Some(Tok::Num(v)) => Ok(sign * v),
            Some(Tok::Ident(s)) if matches!(s.to_ascii_lowercase().as_str(), "inf" | "infinity") => {
                Ok(sign * f64::INFINITY)
            }
            _ => {
                self.pos -= 1;
                Err(self.error(format!("{what}: expected a number, found `{}`", self.tok_text())))
            }
        }
    }
}

/// A constraint as read: name, line, `Σ coef·x_var` (merged, no zeros), relation, right side.
struct Row {
    name: String,
    line: usize,
    terms: Vec<(usize, f64)>,
    relation: &'static str,
    rhs: f64,
}

fn is_integer(v: f64) -> bool {
    (v - v.round()).abs() < TOL
}

/// The objective section: whether it maximises, its header's line, its tokens and their lines.
type Objective = (bool, usize, Vec<(Tok, usize)>);

/// The file's parts, gathered section by section.
struct Sections {
    /// Whether it maximises, its header's line, its tokens.
    objective: Option<Objective>,
    constraints: Vec<(Tok, usize)>,
    constraints_line: usize,
    bounds: Vec<(usize, Vec<(Tok, usize)>)>,
    binary: Vec<(Tok, usize)>,
    general: Vec<(Tok, usize)>,
}

fn sections(file: &str, text: &str, cancel: &Cancel) -> Result<Sections> {
    let task = format!("reading the LP file {file}");
    let total = text.len().max(1) as f64;
    let mut s = Sections {
        objective: None,
        constraints: Vec::new(),
        constraints_line: 0,
        bounds: Vec::new(),
        binary: Vec::new(),
        general: Vec::new(),
    };
    let mut current: Option<Section> = None;
    let mut ended = false;
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut any = false;
    let mut offset = 0usize;
    for (i, raw) in strip_bom(text).lines().enumerate() {
        let number = i + 1;
        offset += raw.len() + 1;
        if number % CHECK_EVERY == 0 {
            cancel.check(&task)?;
            cancel.tick(&task, Some(0.5 * offset as f64 / total), || format!("line {number}"));
        }
        let mut line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        any = true;
        if ended {
            return Err(Error::parse(file, number, format!("`{line}` after `End`")));
        }
        // In a list of names a leading keyword opens a section only alone on its line, and the
        // list's own keyword opens none there (a variable may be called `bin`).
        let names_list = matches!(current, Some(Section::Binary | Section::General));
        let opened =
            section_of(line).filter(|(section, rest)| !names_list || (rest.is_empty() && Some(*section) != current));
        if let Some((section, rest)) = opened {
            let header = if rest.is_empty() {
                line
            } else {
                line[..line.len() - rest.len()].trim()
            };
            let key = format!("{section:?}").replace("Objective(true)", "Objective(false)");
            if !seen.insert(key) {
                return Err(Error::parse(file, number, format!("a second `{header}` section")));
            }
            match section {
                Section::Objective(max) => s.objective = Some((max, number, Vec::new())),
                Section::Constraints => s.constraints_line = number,
                Section::Unsupported => {
                    return Err(Error::parse(
                        file,
                        number,
                        format!(
                            "unsupported section `{header}`: quzzle reads Minimize/Maximize, Subject To, Bounds, Binary, General and End (docs/lp.md)"
                        ),
                    ))
                }
                Section::End => ended = true,
                _ => {}
            }
            current = Some(section);
            if rest.is_empty() {
                continue;
            }
            // `Binary x y z`: the names follow the keyword on its line.
            line = rest;
        }
        match current {
            None => {
                return Err(Error::parse(
                    file,
                    number,
                    format!("expected `Minimize`, `Maximize` or `Subject To` before `{line}`"),
                ))
            }
            Some(Section::Objective(_)) => {
                if let Some((_, _, toks)) = s.objective.as_mut() {
                    tokenize(file, number, line, toks)?;
                }
            }
            Some(Section::Constraints) => tokenize(file, number, line, &mut s.constraints)?,
            Some(Section::Bounds) => {
                let mut toks = Vec::new();
                tokenize(file, number, line, &mut toks)?;
                s.bounds.push((number, toks));
            }
            Some(Section::Binary) => tokenize(file, number, line, &mut s.binary)?,
            Some(Section::General) => tokenize(file, number, line, &mut s.general)?,
            Some(Section::Unsupported | Section::End) => {}
        }
    }
    if !any {
        return Err(Error::parse(
            file,
            0,
            "the file is empty (no `Minimize`, `Maximize` or `Subject To` section)",
        ));
    }
    if !ended {
        return Err(Error::parse(
            file,
            text.lines().count(),
            "the file does not close with `End`",
        ));
    }
    Ok(s)
}

impl LpModel {
    /// Read an LP file's text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<LpModel> {
        Self::parse_within(file, text, &Cancel::never())
    }

    /// [`LpModel::parse`], reading `cancel` (a stop request, a deadline, a progress report)
    /// every 1,024 lines or constraints (`CHECK_EVERY`), so a big file stops within a second of the
    /// request: every step is linear in the file's size (docs/lp.md, "Size and time").
    pub fn parse_within(file: &str, text: &str, cancel: &Cancel) -> Result<LpModel> {
        let s = sections(file, text, cancel)?;
        // Variables: the Binary section, in its order.
        let mut index: BTreeMap<String, usize> = BTreeMap::new();
        let mut names = Vec::new();
        for (tok, line) in &s.binary {
            match tok {
                Tok::Ident(name) => {
                    if !index.contains_key(name) {
                        if names.len() >= MAX_VARS {
                            return Err(Error::parse(file, *line, format!("more than {MAX_VARS} variables")));
                        }
                        index.insert(name.clone(), names.len());
                        names.push(name.clone());
                    }
                }
                other => {
                    return Err(Error::parse(
                        file,
                        *line,
                        format!("`{other}` in the Binary section is not a variable name"),
                    ))
                }
            }
        }
        if let Some((tok, line)) = s.general.first() {
            return Err(Error::parse(
                file,
                *line,
                format!("variable `{tok}` is integer (General section): quzzle reads binary variables only"),
            ));
        }
        let var = |name: &str, line: usize| -> Result<usize> {
            index.get(name).copied().ok_or_else(|| {
                Error::parse(
                    file,
                    line,
                    format!("variable `{name}` is not binary (not in the Binary section): quzzle reads binary variables only"),
                )
            })
        };
        let merge = |e: &Expr| -> Result<Vec<(usize, f64)>> {
            let mut sum: BTreeMap<usize, f64> = BTreeMap::new();
            for (name, c, line) in &e.terms {
                if !c.is_finite() {
                    return Err(Error::parse(
                        file,
                        *line,
                        format!("the coefficient of `{name}` is not finite"),
                    ));
                }
                let w = sum.entry(var(name, *line)?).or_insert(0.0);
                *w += c;
                if !w.is_finite() {
                    return Err(Error::parse(
                        file,
                        *line,
                        format!("the coefficients of `{name}` add up to more than a 64-bit float holds"),
                    ));
                }
            }
            Ok(sum.into_iter().filter(|&(_, c)| c != 0.0).collect())
        };
        // Products of the objective, keyed by the ordered pair of variables.
        let merge_products = |e: &Expr| -> Result<Vec<(usize, usize, f64)>> {
            let mut sum: BTreeMap<(usize, usize), f64> = BTreeMap::new();
            for (a, b, c, line) in &e.products {
                if !c.is_finite() {
                    return Err(Error::parse(
                        file,
                        *line,
                        format!("the coefficient of `{a} * {b}` is not finite"),
                    ));
                }
                let (u, v) = (var(a, *line)?, var(b, *line)?);
                let w = sum.entry((u.min(v), u.max(v))).or_insert(0.0);
                *w += c;
                if !w.is_finite() {
                    return Err(Error::parse(
                        file,
                        *line,
                        format!("the coefficients of `{a} * {b}` add up to more than a 64-bit float holds"),
                    ));
                }
            }
            Ok(sum
                .into_iter()
                .filter(|&(_, c)| c != 0.0)
                .map(|((u, v), c)| (u, v, c))
                .collect())
        };

        // Objective.
        let empty = (false, 0, Vec::new());
        let (maximise, obj_line, obj_toks) = s.objective.as_ref().unwrap_or(&empty);
        let mut t = Tokens {
            file,
            toks: obj_toks,
            pos: 0,
            end_line: *obj_line,
        };
        t.label();
        let e = t.expr("objective")?;
        if t.peek().is_some() {
            return Err(t.error(format!("objective: unexpected `{}`", t.tok_text())));
        }
        let sense = if *maximise { -1.0 } else { 1.0 };
        let objective: Vec<(usize, f64)> = merge(&e)?.into_iter().map(|(v, w)| (v, sense * w)).collect();
        let pairs: Vec<(usize, usize, f64)> = merge_products(&e)?
            .into_iter()
            .map(|(u, v, w)| (u, v, sense * w))
            .collect();
        if !e.constant.is_finite() {
            return Err(Error::parse(file, *obj_line, "the objective's constant is not finite"));
        }
        let offset = e.constant;

        // Constraints.
        let mut rows = Vec::new();
        let mut t = Tokens {
            file,
            toks: &s.constraints,
            pos: 0,
            end_line: s.constraints_line,
        };
        let mut names_seen: BTreeSet<String> = BTreeSet::new();
        // The user's own labels: a generated name (`c<n>`) must not take one of them.
        let labels: BTreeSet<&str> = s
            .constraints
            .windows(2)
            .filter_map(|w| match (&w[0].0, &w[1].0) {
                (Tok::Ident(name), Tok::Op(":")) => Some(name.as_str()),
                _ => None,
            })
            .collect();
        let task = format!("reading the LP file {file}");
        while t.peek().is_some() {
            if (rows.len() + 1) % CHECK_EVERY == 0 {
                cancel.check(&task)?;
                let line = t.line();
                cancel.tick(
                    &task,
                    Some(0.5 + 0.25 * t.pos as f64 / t.toks.len().max(1) as f64),
                    || format!("constraint {} (line {line})", rows.len()),
                );
            }
            let line = t.line();
            let name = t.label().unwrap_or_else(|| {
                let mut name = format!("c{}", rows.len() + 1);
                while labels.contains(name.as_str()) {
                    name.insert(0, '_');
                }
                name
            });
            if !names_seen.insert(name.clone()) {
                return Err(Error::parse(file, line, format!("a second constraint named `{name}`")));
            }
            let what = format!("constraint `{name}`");
            let e = t.expr(&what)?;
            if let Some((a, b, _, pline)) = e.products.first() {
                return Err(Error::parse(
                    file,
                    *pline,
                    format!("{what}: the product `{a} * {b}` makes it quadratic; quzzle reads linear constraints only (docs/lp.md)"),
                ));
            }
            let relation_line = t.line();
            let relation = match t.next() {
                Some(Tok::Op(op @ ("<=" | ">=" | "="))) => op,
                _ => return Err(Error::parse(file, line, format!("{what}: no `<=`, `>=` or `=`"))),
            };
            if t.is_op("[") {
                return Err(t.error(format!("{what}: a quadratic constraint is not read")));
            }
            if !matches!(t.peek(), Some(Tok::Num(_) | Tok::Op("+" | "-")))
                && !matches!(t.peek(), Some(Tok::Ident(s)) if s.eq_ignore_ascii_case("inf") || s.eq_ignore_ascii_case("infinity"))
            {
                return Err(Error::parse(
                    file,
                    relation_line,
                    format!("{what}: no right-hand side after `{relation}` (a number)"),
                ));
            }
            let rhs = t.number(&what)? - e.constant;
            if !rhs.is_finite() {
                return Err(Error::parse(
                    file,
                    line,
                    format!("{what}: the right-hand side is not finite"),
                ));
            }
            if t.is_op(":") {
                return Err(t.error(format!("{what}: expected a new constraint, found `:`")));
            }
            rows.push(Row {
                name,
                line,
                terms: merge(&e)?,
                relation,
                rhs,
            });
        }

        // Bounds: each becomes a one-variable row.
        for (line, toks) in &s.bounds {
            let mut t = Tokens {
                file,
                toks,
                pos: 0,
                end_line: *line,
            };
            let what = "bound";
            let push = |v: usize, rel: &'static str, rhs: f64, rows: &mut Vec<Row>| {
                let n = rows.len();
                rows.push(Row {
                    name: format!("bound {}", names[v]),
                    line: *line,
                    terms: vec![(v, 1.0)],
                    relation: rel,
                    rhs,
                });
                n
            };
            let flip = |rel: &'static str| match rel {
                "<=" => ">=",
                ">=" => "<=",
                _ => "=",
            };
            if let Some(Tok::Ident(name)) = t.peek().cloned() {
                t.pos += 1;
                let v = var(&name, *line)?;
                match t.next() {
                    Some(Tok::Ident(w)) if w.eq_ignore_ascii_case("free") => {}
                    Some(Tok::Op(rel @ ("<=" | ">=" | "="))) => {
                        let b = t.number(what)?;
                        if b.is_finite() {
                            push(v, rel, b, &mut rows);
                        }
                    }
                    _ => {
                        return Err(Error::parse(
                            file,
                            *line,
                            format!("bound on `{name}`: expected `<=`, `>=`, `=` or `free`"),
                        ))
                    }
                }
            } else {
                let l = t.number(what)?;
                let rel = match t.next() {
                    Some(Tok::Op(rel @ ("<=" | ">=" | "="))) => rel,
                    _ => return Err(Error::parse(file, *line, "bound: expected `<=`, `>=` or `=`")),
                };
                let Some(Tok::Ident(name)) = t.next() else {
                    return Err(Error::parse(file, *line, "bound: expected a variable"));
                };
                let v = var(&name, *line)?;
                if l.is_finite() {
                    push(v, flip(rel), l, &mut rows);
                }
                if t.peek().is_some() {
                    let rel2 = match t.next() {
                        Some(Tok::Op(rel @ ("<=" | ">=" | "="))) => rel,
                        _ => return Err(Error::parse(file, *line, "bound: expected `<=`, `>=` or `=`")),
                    };
                    let u = t.number(what)?;
                    if u.is_finite() {
                        push(v, rel2, u, &mut rows);
                    }
                }
            }
            if t.peek().is_some() {
                return Err(t.error(format!("bound: unexpected `{}`", t.tok_text())));
            }
        }

        let (constraints, detected) = translate(file, &names, &rows, cancel)?;
        let lambda = 1.0
            + objective.iter().map(|&(_, w)| w.abs()).sum::<f64>()
            + pairs.iter().map(|&(_, _, w)| w.abs()).sum::<f64>();
        if !lambda.is_finite() {
            // λ = 1 + Σ|w| must be a number: the objective is divided by it (docs/lp.md).
            let line = obj_toks.first().map_or(*obj_line, |&(_, l)| l);
            return Err(Error::parse(
                file,
                line,
                "the objective's weights are too large: their absolute sum λ = 1 + Σ|w| overflows a 64-bit float (the objective is divided by it; scale the objective down)",
            ));
        }
        Ok(LpModel {
            names,
            constraints,
            objective,
            pairs,
            offset,
            maximise: *maximise,
            lambda,
            detected,
        })
    }

    /// How each constraint was read (the detection table).
    pub fn detected(&self) -> &[Detected] {
        &self.detected
    }

    /// The objective of an assignment in the file's own sense and units (with its constant).
    pub fn objective_of(&self, x: &[bool]) -> f64 {
        let min: f64 = self
            .objective
            .iter()
            .filter(|&&(v, _)| x[v])
            .map(|&(_, w)| w)
            .sum::<f64>()
            + self
                .pairs
                .iter()
                .filter(|&&(u, v, _)| x[u] && x[v])
                .map(|&(_, _, w)| w)
                .sum::<f64>();
        if self.maximise {
            self.offset - min
        } else {
            self.offset + min
        }
    }

    /// Whether the file has an objective with a nonzero weight (a constant alone is none).
    pub fn has_objective(&self) -> bool {
        !self.objective.is_empty() || !self.pairs.is_empty()
    }

    /// Where the circuit's cost cannot separate what the objective separates: two of the
    /// objective's weights (or a weight and 0) that differ by less than the cost's resolution
    /// ([`RESOLUTION`]) once divided by λ. The optimal and feasible states are still classified
    /// on the objective exactly; the circuit's phases barely tell those states apart.
    pub fn resolution_warning(&self) -> Option<String> {
        let mut weights: Vec<(f64, String)> = self
            .objective
            .iter()
            .map(|&(v, w)| (w, format!("`{}`", self.names[v])))
            .chain(
                self.pairs
                    .iter()
                    .map(|&(u, v, w)| (w, format!("`{} * {}`", self.names[u], self.names[v]))),
            )
            .collect();
        weights.push((0.0, String::new()));
        weights.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut close = Vec::new();
        for pair in weights.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let gap = b.0 - a.0;
            if gap > 0.0 && gap / self.lambda < RESOLUTION {
                let named = |(w, name): &(f64, String)| {
                    if name.is_empty() {
                        "0".to_string()
                    } else {
                        format!("{name} ({w})")
                    }
                };
                close.push(format!("{} and {}", named(a), named(b)));
            }
        }
        if close.is_empty() {
            return None;
        }
        let more = close.len().saturating_sub(3);
        close.truncate(3);
        Some(format!(
            "the circuit's cost cannot separate objective coefficients that differ by less than {RESOLUTION:e} of λ = {}: {}{}; optimal and feasible states are classified on the objective exactly, but the circuit's phases barely tell them apart (docs/lp.md)",
            self.lambda,
            close.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() }
        ))
    }

    /// The divisor of the objective in the model (`1 + Σ|w|`).
    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    fn assignment_of(&self, board: &Board) -> std::result::Result<Vec<bool>, String> {
        let row = match board.as_slice() {
            [row] => row,
            _ => return Err(format!("an assignment is one row of {} digits", self.names.len())),
        };
        let x: Vec<bool> = row.chars().map(|c| c == '1').collect();
        if x.len() != self.names.len() || row.chars().any(|c| c != '0' && c != '1') {
            return Err(format!(
                "an assignment is one row of {} digits 0 or 1",
                self.names.len()
            ));
        }
        Ok(x)
    }
}

/// What a row allows on its variables, as model constraints, or why it cannot be.
enum Reading {
    Constraints(Vec<Constraint>, String),
    /// A plain exact count `k` over the variables (grouped into families later).
    Count(Vec<usize>, usize),
    /// At least `k` of the variables (0 < k < n) when `at_least`, else at most `k` (1 < k < n):
    /// expressed only beside the other bound, k apart by one, over the same variables, the two
    /// together a soft count; `why` refuses it alone.
    Bound {
        vars: Vec<usize>,
        k: usize,
        at_least: bool,
        why: String,
    },
    Always,
}

fn read_row(row: &Row) -> std::result::Result<Reading, String> {
    let vars: Vec<usize> = row.terms.iter().map(|&(v, _)| v).collect();
    let meets = |x: &[bool]| -> bool {
        let s: f64 = row.terms.iter().zip(x).filter(|(_, &b)| b).map(|(&(_, c), _)| c).sum();
        match row.relation {
            "<=" => s <= row.rhs + TOL,
            ">=" => s >= row.rhs - TOL,
            _ => (s - row.rhs).abs() <= TOL,
        }
    };
    let n = vars.len();
    if n <= 2 {
        // Every assignment of at most two variables, judged one by one.
        let allowed: Vec<Vec<bool>> = (0..1usize << n)
            .map(|m| (0..n).map(|i| m >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|x| meets(x))
            .collect();
        let all = 1usize << n;
        if allowed.len() == all {
            return Ok(Reading::Always);
        }
        if allowed.is_empty() {
            return Err("no assignment of its variables meets it".into());
        }
        // A variable with one value in every allowed assignment is fixed.
        let mut fixed = Vec::new();
        for (i, &v) in vars.iter().enumerate() {
            if allowed.iter().all(|x| x[i] == allowed[0][i]) {
                fixed.push(Constraint::Fixed(v, allowed[0][i]));
            }
        }
        if n == 1 || fixed.len() == n {
            return Ok(Reading::Constraints(fixed, "fixed".into()));
        }
        if !fixed.is_empty() {
            // One fixed, the other then free: allowed is exactly 2 of 4 sharing the fixed value.
            if allowed.len() == 2 {
                return Ok(Reading::Constraints(fixed, "fixed".into()));
            }
            return Err("it is not one the model expresses".into());
        }
        let (a, b) = (vars[0], vars[1]);
        let set: BTreeSet<(bool, bool)> = allowed.iter().map(|x| (x[0], x[1])).collect();
        let is = |pairs: &[(bool, bool)]| set == pairs.iter().copied().collect();
        if is(&[(false, false), (false, true), (true, false)]) {
            return Ok(Reading::Constraints(vec![Constraint::NotBoth(a, b)], "not-both".into()));
        }
        if is(&[(false, true), (true, false)]) {
            let unit = row.relation == "=" && row.terms.iter().all(|&(_, c)| (c - row.terms[0].1).abs() < TOL);
            if unit {
                return Ok(Reading::Count(vars, 1));
            }
            return Ok(Reading::Constraints(vec![Constraint::Differ(a, b)], "different".into()));
        }
        if is(&[(false, false), (true, true)]) {
            return Ok(Reading::Constraints(vec![Constraint::Same(a, b)], "same".into()));
        }
        let unit = row.terms.iter().all(|&(_, c)| (c - row.terms[0].1).abs() < TOL);
        if unit && is(&[(false, true), (true, false), (true, true)]) {
            // At least one of the two: 1 or 2 of 2, a soft count.
            let soft = Constraint::Count { vars, k: 1, soft: true };
            return Ok(Reading::Constraints(vec![soft], "1 or 2 of 2 (soft count)".into()));
        }
        return Err("it allows an assignment set (an implication) the model does not express".into());
    }
    let c0 = row.terms[0].1;
    let uniform = row.terms.iter().all(|&(_, c)| (c - c0).abs() < TOL * c0.abs().max(1.0));
    if !uniform {
        return Err("its coefficients differ (the model expresses counts over equal coefficients)".into());
    }
    // Σ x (relation) t, with the relation flipped when c0 < 0.
    let t = row.rhs / c0;
    let relation = match (row.relation, c0 < 0.0) {
        ("<=", true) => ">=",
        (">=", true) => "<=",
        (r, _) => r,
    };
    let nf = n as f64;
    match relation {
        "=" => {
            if !is_integer(t) || t < -TOL || t > nf + TOL {
                return Err("no assignment of its variables meets it".into());
            }
            let k = t.round() as usize;
            if k == 0 || k == n {
                let all = vars.iter().map(|&v| Constraint::Fixed(v, k == n)).collect();
                return Ok(Reading::Constraints(all, "fixed".into()));
            }
            Ok(Reading::Count(vars, k))
        }
        "<=" => {
            let k = (t + TOL).floor();
            if k < 0.0 {
                return Err("no assignment of its variables meets it".into());
            }
            if k >= nf {
                return Ok(Reading::Always);
            }
            // 0 ≤ k < n, a whole number.
            let k = k as usize;
            if k == 0 {
                let all = vars.iter().map(|&v| Constraint::Fixed(v, false)).collect();
                return Ok(Reading::Constraints(all, "fixed".into()));
            }
            if k == 1 {
                // 0 or 1 of n: a soft count (its penalty is twice the sum of the pairs' products).
                let soft = Constraint::Count { vars, k: 0, soft: true };
                return Ok(Reading::Constraints(vec![soft], format!("0 or 1 of {n} (soft count)")));
            }
            Ok(Reading::Bound {
                vars,
                k,
                at_least: false,
                why: format!(
                    "at most {k} of {n} is not one the model expresses alone (at most 1 is, and at most k beside at least k-1 over the same variables)"
                ),
            })
        }
        _ => {
            let k = (t - TOL).ceil();
            if k > nf {
                return Err("no assignment of its variables meets it".into());
            }
            if k <= 0.0 {
                return Ok(Reading::Always);
            }
            // 0 < k ≤ n, a whole number.
            let k = k as usize;
            if k == n {
                let all = vars.iter().map(|&v| Constraint::Fixed(v, true)).collect();
                return Ok(Reading::Constraints(all, "fixed".into()));
            }
            if k + 1 == n {
                let soft = Constraint::Count { vars, k, soft: true };
                return Ok(Reading::Constraints(
                    vec![soft],
                    format!("{k} or {n} of {n} (soft count)"),
                ));
            }
            Ok(Reading::Bound {
                vars,
                k,
                at_least: true,
                why: format!(
                    "at least {k} of {n} is not one the model expresses alone (only beside at most {} over the same variables)",
                    k + 1
                ),
            })
        }
    }
}

/// The rows as labelled model constraints, and the detection table.
#[allow(clippy::type_complexity)]
fn translate(
    file: &str,
    names: &[String],
    rows: &[Row],
    cancel: &Cancel,
) -> Result<(Vec<(Constraint, String)>, Vec<Detected>)> {
    let task = format!("reading the LP file {file}");
    let mut out: Vec<(Constraint, String)> = Vec::new();
    let mut detected: Vec<Detected> = Vec::new();
    // Counts: (row index in `detected`, vars, k).
    let mut counts: Vec<(usize, Vec<usize>, usize)> = Vec::new();
    // Bounds waiting for their pair, in file order: (row, its slot in `detected`, why alone it
    // is refused); a paired one becomes `None`.
    let mut bounds: Vec<Option<(&Row, usize, String)>> = Vec::new();
    // The waiting bounds by (sorted vars, k, at least?), earliest first: a partner is found in
    // constant time, not by a scan (100,000 bounds read in linear time).
    let mut waiting: HashMap<(Vec<usize>, usize, bool), VecDeque<usize>> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        if (i + 1) % CHECK_EVERY == 0 {
            cancel.check(&task)?;
            cancel.tick(&task, Some(0.75 + 0.25 * i as f64 / rows.len() as f64), || {
                format!("constraint {i} of {}", rows.len())
            });
        }
        let reading = read_row(row).map_err(|why| {
            let what = if row.name.starts_with("bound ") {
                row.name.clone()
            } else {
                format!("constraint `{}`", row.name)
            };
            Error::parse(file, row.line, format!("{what}: {why} (docs/lp.md lists what is read)"))
        })?;
        let kind = match reading {
            Reading::Always => "always holds".to_string(),
            Reading::Constraints(cs, kind) => {
                for c in cs {
                    out.push((c, format!("{} (line {})", row.name, row.line)));
                }
                kind
            }
            Reading::Count(vars, k) => {
                let n = vars.len();
                counts.push((detected.len(), vars, k));
                format!("exact count {k} of {n}")
            }
            Reading::Bound { vars, k, at_least, why } => {
                let mut sorted = vars.clone();
                sorted.sort_unstable();
                // The partner: the other bound over the same variables, k apart by one.
                let partner_k = if at_least { Some(k + 1) } else { k.checked_sub(1) };
                let partner = partner_k.and_then(|j| {
                    let key = (sorted.clone(), j, !at_least);
                    let queue = waiting.get_mut(&key)?;
                    let slot = queue.pop_front();
                    if queue.is_empty() {
                        waiting.remove(&key);
                    }
                    slot.and_then(|s| bounds[s].take()).map(|b| (b, j))
                });
                match partner {
                    None => {
                        waiting
                            .entry((sorted, k, at_least))
                            .or_default()
                            .push_back(bounds.len());
                        bounds.push(Some((row, detected.len(), why)));
                        "bound".to_string()
                    }
                    Some(((first, first_detected, _), j)) => {
                        let low = if at_least { k } else { j };
                        let label = format!(
                            "{} and {} (lines {} and {})",
                            first.name, row.name, first.line, row.line
                        );
                        out.push((
                            Constraint::Count {
                                vars,
                                k: low,
                                soft: true,
                            },
                            label,
                        ));
                        let soft = |with: &str| {
                            format!("{low} or {} of {} (soft count, with `{with}`)", low + 1, sorted.len())
                        };
                        detected[first_detected].kind = soft(&row.name);
                        soft(&first.name)
                    }
                }
            }
        };
        detected.push(Detected {
            name: row.name.clone(),
            line: row.line,
            kind,
            family: None,
        });
    }
    if let Some((row, _, why)) = bounds.iter().flatten().next() {
        let what = if row.name.starts_with("bound ") {
            row.name.clone()
        } else {
            format!("constraint `{}`", row.name)
        };
        return Err(Error::parse(
            file,
            row.line,
            format!("{what}: {why} (docs/lp.md lists what is read)"),
        ));
    }
    let families = families(&counts, names.len());
    // The families that hold a count of more than two variables: a pair in one of them, or in
    // the rows or columns of a grid, is one of its blocks (a two-cell region); another family
    // of pairs only is a set of `x` signs.
    let blocks: BTreeSet<&str> = counts
        .iter()
        .zip(&families)
        .filter(|((_, vars, _), _)| vars.len() > 2)
        .filter_map(|(_, f)| *f)
        .collect();
    for (i, (d, vars, k)) in counts.into_iter().enumerate() {
        let family = families[i];
        detected[d].family = family;
        let block = family.is_some_and(|f| f == "row" || f == "column" || blocks.contains(f));
        if !block && vars.len() == 2 && k == 1 {
            detected[d].family = None;
            // A pair in no family of blocks (the puzzles' `x` signs): one literal after the
            // reduction, not a block of two qubits.
            detected[d].kind = "different".into();
            out.push((
                Constraint::Differ(vars[0], vars[1]),
                format!("{} (line {})", detected[d].name, detected[d].line),
            ));
            continue;
        }
        let label = match family {
            Some(f) => format!("{f} {} (line {})", detected[d].name, detected[d].line),
            None => format!("count {} (line {})", detected[d].name, detected[d].line),
        };
        out.push((Constraint::Count { vars, k, soft: false }, label));
    }
    Ok((out, detected))
}

/// The family label of each count: families of pairwise disjoint counts taken greedily, counts
/// of more variables first (then in file order); the first two are `row` and `column` when each
/// holds every variable of the counts exactly once, else the first is `region`.
fn families(counts: &[(usize, Vec<usize>, usize)], num_vars: usize) -> Vec<Option<&'static str>> {
    let mut order: Vec<usize> = (0..counts.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(counts[i].1.len()), i));
    let mut left: Vec<usize> = order;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    while !left.is_empty() && groups.len() < 4 {
        let mut used = vec![false; num_vars];
        let mut group = Vec::new();
        let mut rest = Vec::new();
        for i in left {
            if counts[i].1.iter().all(|&v| !used[v]) {
                for &v in &counts[i].1 {
                    used[v] = true;
                }
                group.push(i);
            } else {
                rest.push(i);
            }
        }
        groups.push(group);
        left = rest;
    }
    let mut in_counts = vec![false; num_vars];
    for (_, vars, _) in counts {
        for &v in vars {
            in_counts[v] = true;
        }
    }
    let covers_all = |g: &Vec<usize>| {
        let mut hit = vec![false; num_vars];
        for &i in g {
            for &v in &counts[i].1 {
                hit[v] = true;
            }
        }
        hit == in_counts
    };
    let grid = groups.len() >= 2 && covers_all(&groups[0]) && covers_all(&groups[1]);
    let labels: &[&'static str] = if grid {
        &["row", "column", "region", "cell"]
    } else {
        &["region", "cell"]
    };
    let mut family = vec![None; counts.len()];
    for (g, label) in groups.iter().zip(labels) {
        for &i in g {
            family[i] = Some(*label);
        }
    }
    family
}

impl Puzzle for LpModel {
    fn kind(&self) -> &'static str {
        "lp"
    }

    fn size(&self) -> (usize, usize) {
        (1, self.names.len())
    }

    fn model(&self) -> Model {
        let mut m = Model::new(self.names.clone());
        for (c, label) in &self.constraints {
            m.push(c.clone(), label.clone());
        }
        m.objective = self.objective.iter().map(|&(v, w)| (v, w / self.lambda)).collect();
        m.objective_pairs = self.pairs.iter().map(|&(u, v, w)| (u, v, w / self.lambda)).collect();
        m.exact_objective = Some((self.objective.clone(), self.pairs.clone()));
        m
    }

    fn warnings(&self) -> Vec<String> {
        self.resolution_warning().into_iter().collect()
    }

    fn board(&self, x: &[bool]) -> Board {
        vec![x.iter().map(|&b| if b { '1' } else { '0' }).collect()]
    }

    fn check(&self, board: &Board) -> Vec<Broken> {
        let x = match self.assignment_of(board) {
            Ok(x) => x,
            Err(rule) => return vec![Broken { rule, in_qubo: true }],
        };
        self.constraints
            .iter()
            .filter(|(c, _)| !c.holds(&x))
            .map(|(_, label)| Broken {
                rule: label.clone(),
                in_qubo: true,
            })
            .collect()
    }

    fn solution(&self) -> Option<&Board> {
        None
    }

    /// Without a board: the detection table. With one: the variables at 1 and the objective.
    fn render(&self, board: Option<&Board>) -> String {
        let mut s = String::new();
        match board.map(|b| self.assignment_of(b)) {
            Some(Ok(x)) => {
                let ones: Vec<&str> = self
                    .names
                    .iter()
                    .zip(&x)
                    .filter(|(_, &b)| b)
                    .map(|(n, _)| n.as_str())
                    .collect();
                let _ = writeln!(
                    s,
                    "variables at 1: {}",
                    if ones.is_empty() { "none".into() } else { ones.join(" ") }
                );
                if self.has_objective() || self.offset != 0.0 {
                    let _ = writeln!(s, "objective: {}", self.objective_of(&x));
                }
            }
            Some(Err(why)) => {
                let _ = writeln!(s, "{why}");
            }
            None => {
                let _ = writeln!(
                    s,
                    "LP model: {} binary variables, {} constraints; {}",
                    self.names.len(),
                    self.detected.len(),
                    if !self.has_objective() {
                        "no objective (feasibility)".to_string()
                    } else {
                        let terms = if self.pairs.is_empty() {
                            format!("over {} variables", self.objective.len())
                        } else {
                            format!(
                                "with {} products and {} linear terms",
                                self.pairs.len(),
                                self.objective.len()
                            )
                        };
                        format!(
                            "{} objective {terms}, weight 1/{} against the penalties",
                            if self.maximise { "maximised" } else { "minimised" },
                            self.lambda
                        )
                    }
                );
                let width = self.detected.iter().map(|d| d.name.len()).max().unwrap_or(0).max(10);
                let _ = writeln!(s, "{:<width$}  {:>5}  {:<8}  read as", "constraint", "line", "family");
                for d in &self.detected {
                    let _ = writeln!(
                        s,
                        "{:<width$}  {:>5}  {:<8}  {}",
                        d.name,
                        d.line,
                        d.family.unwrap_or("-"),
                        d.kind
                    );
                }
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIMOD: &str = "Minimize\n obj: + 3 x0 - 2 x1 + [ + 2 x2 ^ 2 ]/2 + 5 \n\nSubject To \n one: + 1 x0 + 1 x1 + 1 x2  = 1.0\n c1d9ed5: + 1 x0 + 1 x3  <= 1.0\n s: + 1 x2 - 1 x3  = 0.0\n\nBounds\n\nBinary\n x0 x1 x2 x3\nGeneral\n\nEnd\n";

    #[test]
    fn reads_what_dimod_writes() {
        assert!(looks_like_lp(DIMOD));
        let lp = LpModel::parse("m.lp", DIMOD).unwrap();
        let m = lp.model();
        assert_eq!(m.names, ["x0", "x1", "x2", "x3"]);
        let kinds: Vec<&str> = lp.detected().iter().map(|d| d.kind.as_str()).collect();
        assert_eq!(kinds, ["exact count 1 of 3", "not-both", "same"]);
        assert!(m.constraints.iter().any(|c| c.constraint == Constraint::Same(2, 3)));
        assert!(m.constraints.iter().any(|c| c.constraint == Constraint::NotBoth(0, 3)));
        assert!((lp.lambda() - 7.0).abs() < 1e-12);
        // x1 = 1: objective 5 − 2 = 3.
        assert!((lp.objective_of(&[false, true, false, false]) - 3.0).abs() < 1e-12);
        // Every assignment: the model agrees with the rows read literally.
        for mask in 0..16u32 {
            let x: Vec<bool> = (0..4).map(|i| mask >> i & 1 == 1).collect();
            let literal = (x[0] as u8 + x[1] as u8 + x[2] as u8 == 1) && !(x[0] && x[3]) && x[2] == x[3];
            assert_eq!(m.is_satisfied(&x), literal, "{x:?}");
        }
    }

    #[test]
    fn grids_become_rows_and_columns() {
        let text = "Maximize\n x\nSubject To\n r0: a + b = 1\n r1: c + d = 1\n k0: a + c = 1\n k1: b + d = 1\nBinary\n a b c d x\nEnd\n";
        let lp = LpModel::parse("g.lp", text).unwrap();
        let fam: Vec<Option<&str>> = lp.detected().iter().map(|d| d.family).collect();
        assert_eq!(fam, [Some("row"), Some("row"), Some("column"), Some("column")]);
        let m = lp.model();
        assert_eq!(m.objective, vec![(4, -0.5)]);
    }

    #[test]
    fn bounds_that_allow_two_adjacent_sums_become_soft_counts() {
        let text = "Minimize\n\nSubject To\n lo: a + b + c >= 1\n hi: a + b + c <= 2\n one: b + c + d <= 1\n \
                    most: a + c + d >= 2\n or: a + d >= 1\n top: a + b + c + d <= 4\nBinary\n a b c d\nEnd\n";
        let m = LpModel::parse("s.lp", text).unwrap().model();
        let soft: Vec<(Vec<usize>, usize)> = m
            .constraints
            .iter()
            .filter_map(|c| match &c.constraint {
                Constraint::Count { vars, k, soft: true } => Some((vars.clone(), *k)),
                _ => None,
            })
            .collect();
        assert_eq!(
            soft,
            [
                (vec![0, 1, 2], 1),
                (vec![1, 2, 3], 0),
                (vec![0, 2, 3], 2),
                (vec![0, 3], 1)
            ]
        );
        assert_eq!(m.constraints.len(), 4, "{:?}", m.constraints);
        // A bound alone, with no partner, is refused by its line.
        let alone = "Minimize\n\nSubject To\n lo: a + b + c + d >= 2\nBinary\n a b c d\nEnd\n";
        let e = LpModel::parse("s.lp", alone).unwrap_err().to_string();
        assert!(e.contains("s.lp:4") && e.contains("at least 2 of 4"), "{e}");
    }

    #[test]
    fn pairs_are_blocks_only_beside_larger_counts_or_in_a_grid() {
        // Two rows of three, and two `x + y = 1` pairs across them: the pairs are `x` signs.
        let text = "Minimize\n\nSubject To\n r0: a + b + c = 1\n r1: d + e + f = 1\n p: a + d = 1\n q: b + e = 1\nBinary\n a b c d e f\nEnd\n";
        let m = LpModel::parse("p.lp", text).unwrap().model();
        let differ = m
            .constraints
            .iter()
            .filter(|c| matches!(c.constraint, Constraint::Differ(..)))
            .count();
        assert_eq!(differ, 2, "{:?}", m.constraints);
        // A pair in a family with larger counts (a two-cell region) stays a count.
        let text = "Minimize\n\nSubject To\n big: a + b + c + d = 1\n two: e + f = 1\nBinary\n a b c d e f\nEnd\n";
        let m = LpModel::parse("p.lp", text).unwrap().model();
        assert!(m
            .constraints
            .iter()
            .all(|c| matches!(c.constraint, Constraint::Count { .. })));
    }

    #[test]
    fn quadratic_objective_terms_become_pairs() {
        // dimod writes `[ ... ]/2` with doubled coefficients; docplex writes `[ ... ]` too.
        let text = "Maximize\n obj: x + [ 4 x * y - 2 y ^ 2 + 2 z * x ]/2 + [ y * z ]\nSubject To\n c: x + y + z = 2\nBinary\n x y z\nEnd\n";
        let lp = LpModel::parse("q.lp", text).unwrap();
        let m = lp.model();
        // Maximised, so negated: x − y + 2xy + xz + yz, over λ = 1 + 1 + 1 + 2 + 1 + 1 = 7.
        let lambda: f64 = 7.0;
        assert_eq!(lp.lambda().to_bits(), lambda.to_bits());
        assert_eq!(m.objective, vec![(0, -1.0 / lambda), (1, 1.0 / lambda)]);
        assert_eq!(
            m.objective_pairs,
            vec![(0, 1, -2.0 / lambda), (0, 2, -1.0 / lambda), (1, 2, -1.0 / lambda)]
        );
        for mask in 0..8u32 {
            let x: Vec<bool> = (0..3).map(|i| mask >> i & 1 == 1).collect();
            let b = |i: usize| f64::from(u8::from(x[i]));
            let file = b(0) - b(1) + 2.0 * b(0) * b(1) + b(0) * b(2) + b(1) * b(2);
            assert_eq!(lp.objective_of(&x).to_bits(), file.to_bits(), "{x:?}");
            assert!((m.objective_value(&x) + file / lambda).abs() < 1e-12, "{x:?}");
        }
    }

    #[test]
    fn errors_name_line_and_constraint() {
        let cases = [
            (
                "Minimize\n x + y\nSubject To\n c: x - y <= 0\nBinary\n x y\nEnd\n",
                4,
                "constraint `c`: it allows an assignment set (an implication)",
            ),
            (
                "Minimize\n x\nSubject To\n c: x + [ x * y ] <= 1\nBinary\n x y\nEnd\n",
                4,
                "`x * y` makes it quadratic",
            ),
            ("Minimize\n x + z\nBinary\n x\nEnd\n", 2, "`z` is not binary"),
            (
                "Minimize\n x\nSubject To\n c: 2 x + y + z <= 2\nBinary\n x y z\nEnd\n",
                4,
                "coefficients differ",
            ),
            ("Minimize\n x\nBinary\n x\nGeneral\n n\nEnd\n", 6, "`n` is integer"),
            ("Minimize\n x\nSubject To\n c: x + y\nBinary\n x y\nEnd\n", 4, "no `<=`"),
            ("Minimize\n x\nBinary\n x\n", 4, "End"),
            (
                "Minimize\n x\nSubject To\n c: x + y + z = 5\nBinary\n x y z\nEnd\n",
                4,
                "no assignment",
            ),
        ];
        for (text, line, words) in cases {
            match LpModel::parse("t.lp", text) {
                Err(Error::Parse { line: l, msg, .. }) => {
                    assert_eq!(l, line, "{msg}");
                    assert!(msg.contains(words), "{msg}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    fn refusal(text: &str) -> (usize, String) {
        match LpModel::parse("t.lp", text) {
            Err(Error::Parse { line, msg, .. }) => (line, msg),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn messages_say_what_is_wrong_at_its_line() {
        // Issue 79 item 15. A byte-order mark is skipped.
        let bom = "\u{feff}Minimize\n x\nSubject To\n c: x + y = 1\nBinary\n x y\nEnd\n";
        assert!(looks_like_lp(bom));
        assert_eq!(LpModel::parse("t.lp", bom).unwrap().names, ["x", "y"]);
        // The section keyword and its names on one line.
        let one_line = "Minimize obj: x + 2 y\nSubject To\n c: x + y = 1\nBinary x y\nEnd\n";
        let lp = LpModel::parse("t.lp", one_line).unwrap();
        assert_eq!(lp.names, ["x", "y"]);
        assert_eq!(lp.objective, vec![(0, 1.0), (1, 2.0)]);
        // ... but a constraint named like a keyword is a constraint, and a variable called
        // `bin` in the Binary section is a variable.
        let named = "Minimize\n x\nSubject To\n min: x + bin = 1\nBinary\n x\n bin\nEnd\n";
        assert_eq!(LpModel::parse("t.lp", named).unwrap().detected()[0].name, "min");
        let (line, msg) =
            refusal("Minimize\n x\nSubject To\n c: x + y = 1\nLazy Constraints\n d: x - y = 0\nBinary\n x y\nEnd\n");
        assert_eq!(line, 5, "{msg}");
        assert!(msg.starts_with("unsupported section `Lazy Constraints`"), "{msg}");
        // A missing right-hand side at the constraint's line, whatever follows.
        for (text, at) in [
            (
                "Minimize\n x\nSubject To\n a: x + y = 1\n c: x + y <=\nBinary\n x y\nEnd\n",
                5,
            ),
            (
                "Minimize\n x\nSubject To\n c: x + y <=\n d: x - y = 0\nBinary\n x y\nEnd\n",
                4,
            ),
        ] {
            let (line, msg) = refusal(text);
            assert_eq!(line, at, "{msg}");
            assert!(msg.contains("constraint `c`: no right-hand side after `<=`"), "{msg}");
        }
        for empty in ["", "\n\n", "\\ only a comment\n", "\u{feff}"] {
            let (_, msg) = refusal(empty);
            assert!(msg.contains("the file is empty"), "{msg}");
        }
        // An unnamed constraint is not called by a name the file gives another.
        let names = "Minimize\n x\nSubject To\n x + y <= 1\n c1: x - y = 0\nBinary\n x y\nEnd\n";
        let lp = LpModel::parse("t.lp", names).unwrap();
        let got: Vec<&str> = lp.detected().iter().map(|d| d.name.as_str()).collect();
        assert_eq!(got, ["_c1", "c1"]);
        // Not UTF-8: the line and the byte.
        let e = crate::puzzle::text_of("t.lp", b"Minimize\n x\n y\xff z\n".to_vec()).unwrap_err();
        assert!(
            e.to_string().contains("t.lp:3: byte 3 of the line (0xff) is not UTF-8"),
            "{e}"
        );
    }

    #[test]
    fn weights_that_overflow_are_refused() {
        // Issue 79 item 2: λ = 1 + Σ|w| would be infinite.
        let (line, msg) = refusal(
            "Minimize\n obj: 1e308 x + 1e308 y + 5e307 z\nSubject To\n c: x + y + z = 1\nBinary\n x y z\nEnd\n",
        );
        assert_eq!(line, 2, "{msg}");
        assert!(msg.contains("λ = 1 + Σ|w| overflows"), "{msg}");
        let (line, msg) = refusal("Minimize\n obj: 1e308 x\n + 1e308 x\nBinary\n x\nEnd\n");
        assert_eq!(line, 3, "{msg}");
        assert!(msg.contains("coefficients of `x` add up"), "{msg}");
        let (_, msg) = refusal("Minimize\n obj: 1e999 x\nBinary\n x\nEnd\n");
        assert!(msg.contains("not finite"), "{msg}");
        let (_, msg) = refusal("Minimize\n x\nSubject To\n c: 1e308 x + 1e308 x + y <= 1\nBinary\n x y\nEnd\n");
        assert!(msg.contains("add up"), "{msg}");
        // The largest weights that fit are read.
        let lp = LpModel::parse("t.lp", "Minimize\n obj: 1e307 x + 1e307 y\nBinary\n x y\nEnd\n").unwrap();
        assert!(lp.lambda().is_finite());
    }

    #[test]
    fn optima_are_exact_and_a_cost_that_cannot_separate_them_is_said() {
        // Issue 79 item 1: 1 and 2 over λ = 1e9 + 4 differ by less than the cost's resolution.
        let lp = LpModel::parse(
            "t.lp",
            "Minimize\n obj: 1e9 x + 1 y + 2 z\nSubject To\n c: x + y + z = 1\nBinary\n x y z\nEnd\n",
        )
        .unwrap();
        let m = lp.model();
        let (y, z) = ([false, true, false], [false, false, true]);
        assert!((m.objective_value(&y) - m.objective_value(&z)).abs() <= RESOLUTION);
        assert_eq!(m.cmp_objective(&y, &z), std::cmp::Ordering::Less);
        let w = lp.warnings();
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("`y` (1) and `z` (2)"), "{w:?}");
        let out = crate::model::search::search(&m, 10, usize::MAX, |_| true).unwrap();
        assert_eq!(out.accepted, vec![y.to_vec()]);
        // Weights the cost separates: no warning.
        let lp = LpModel::parse("t.lp", "Minimize\n obj: x + 2 y\nBinary\n x y\nEnd\n").unwrap();
        assert!(lp.warnings().is_empty());
    }

    #[test]
    fn many_bounds_pair_up_in_file_order() {
        // Pairs found by key, not by a scan: 20,000 bound pairs over the same variables.
        let mut text = String::from("Minimize\n\nSubject To\n");
        for _ in 0..10_000 {
            text.push_str(" a + b + c + d >= 1\n a + b + c + d <= 2\n");
        }
        text.push_str("Binary\n a b c d\nEnd\n");
        let lp = LpModel::parse("t.lp", &text).unwrap();
        assert_eq!(lp.detected().len(), 20_000);
        assert!(lp.detected()[0].kind.contains("with `c2`"), "{:?}", lp.detected()[0]);
        assert!(
            lp.detected()[19_999].kind.contains("with `c19999`"),
            "{:?}",
            lp.detected()[19_999]
        );
        // One left alone is refused by its line.
        text = text.replace("End\n", "");
        text = text.replace("Binary\n", " a + b + c + d >= 1\nBinary\n") + "End\n";
        let (line, msg) = refusal(&text);
        assert_eq!(line, 20_004, "{msg}");
    }

    #[test]
    fn garbage_never_panics() {
        let mut seed = 12345u64;
        let pieces = [
            "Minimize",
            "Maximize",
            "Subject To",
            "Bounds",
            "Binary",
            "End",
            "x",
            "y",
            "+",
            "-",
            "2",
            "[",
            "]",
            "/",
            "2",
            "*",
            "^",
            ":",
            "<=",
            ">=",
            "=",
            "\n",
            " ",
            "1e",
            ".5",
            "inf",
            "\\",
            "free",
            "c1",
            "General",
        ];
        for _ in 0..3000 {
            let mut text = String::from("Minimize\n");
            let len = (seed % 40) as usize;
            for _ in 0..len {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
                text.push(' ');
            }
            text.push_str("\nBinary\n x y\nEnd\n");
            let _ = LpModel::parse("f.lp", &text);
        }
    }
}
