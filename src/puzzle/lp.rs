//! Models in the CPLEX LP format: the subset that dimod, docplex, qiskit-optimization, PuLP,
//! pyomo, Gurobi, CPLEX and HiGHS write (docs/lp.md, "Dialects").
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
//! The exact counts are then grouped into families from the constraint hypergraph alone
//! (`lp/families.rs`; docs/lp.md, "Spaces found automatically"): two families that cross as an
//! assignment are `row` and `column` (so `rows`, `cols` and `rows+cols` are their spaces),
//! whatever lies beside them; the counts left are grouped greedily into `region` and `cell`
//! families, and the rest stay unlabelled counts.
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

/// Most variables a model may have (reading and structure detection are linear in the file:
/// `cargo bench --bench lp` to 100,000).
pub const MAX_VARS: usize = 1 << 20;
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

/// What the detection table says of a constraint every assignment meets (it adds no penalty).
const ALWAYS_HOLDS: &str = "always holds";

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
    /// The model's constraints, each with its label and the rows it was read from (the names a
    /// penalty override knows it by).
    constraints: Vec<Named>,
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
    /// What the families of its exact counts are and how they cross ([`families::describe`]).
    structure: Vec<String>,
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

/// What a file holds, in either format: the binary variables in order, the objective to
/// minimise (a maximised one negated) as weights and products, its constant in the file's
/// sense, the line of its first term, and the constraints as rows.
struct Read {
    names: Vec<String>,
    objective: Vec<(usize, f64)>,
    pairs: Vec<(usize, usize, f64)>,
    offset: f64,
    maximise: bool,
    objective_line: usize,
    rows: Vec<Row>,
}

/// A constraint as read: name, line, `Σ coef·x_var` (merged, no zeros), relation, right side.
struct Row {
    name: String,
    line: usize,
    terms: Vec<(usize, f64)>,
    relation: Relation,
    rhs: f64,
}

/// `n what`, plural unless n is 1 (`1 constraint`, `6 constraints`).
fn counted(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn is_integer(v: f64) -> bool {
    (v - v.round()).abs() < TOL
}

/// The objective section: whether it maximises, its header's line, its tokens and their lines.
struct ObjectiveSection {
    maximise: bool,
    line: usize,
    toks: Vec<(Tok, usize)>,
}

/// The file's parts, gathered section by section.
struct Sections {
    objective: Option<ObjectiveSection>,
    constraints: Vec<(Tok, usize)>,
    constraints_line: usize,
    bounds: Vec<(usize, Vec<(Tok, usize)>)>,
    binary: Vec<(Tok, usize)>,
    general: Vec<(Tok, usize)>,
}

fn sections(file: &str, text: &str, cancel: &Cancel) -> Result<Sections> {
    let task = format!("reading the LP file {file}");
    let total = text.len().max(1) as f64;
    let mut r = SectionReader {
        file,
        s: Sections {
            objective: None,
            constraints: Vec::new(),
            constraints_line: 0,
            bounds: Vec::new(),
            binary: Vec::new(),
            general: Vec::new(),
        },
        current: None,
        ended: false,
        unsupported: None,
        seen: BTreeSet::new(),
    };
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
        if r.ended {
            return Err(Error::parse(file, number, format!("`{line}` after `End`")));
        }
        // In a list of names a leading keyword opens a section only alone on its line, and the
        // list's own keyword opens none there (a variable may be called `bin`).
        let names_list = matches!(r.current, Some(Section::Binary | Section::General));
        let opened =
            section_of(line).filter(|(section, rest)| !names_list || (rest.is_empty() && Some(*section) != r.current));
        if let Some((section, rest)) = opened {
            let header = if rest.is_empty() {
                line
            } else {
                line[..line.len() - rest.len()].trim()
            };
            r.open(number, section, header)?;
            if rest.is_empty() {
                continue;
            }
            // `Binary x y z`: the names follow the keyword on its line.
            line = rest;
        }
        r.take(number, line)?;
    }
    if !any {
        return Err(Error::parse(
            file,
            0,
            "the file is empty (no `Minimize`, `Maximize` or `Subject To` section)",
        ));
    }
    if !r.ended {
        return Err(Error::parse(
            file,
            text.lines().count(),
            "the file does not close with `End`",
        ));
    }
    Ok(r.s)
}

/// An LP file being read into its sections: what is gathered, the section open, whether
/// `End` closed the file, the unsupported section open (its header and line) and the
/// sections seen.
struct SectionReader<'f> {
    file: &'f str,
    s: Sections,
    current: Option<Section>,
    ended: bool,
    unsupported: Option<(String, usize)>,
    seen: BTreeSet<String>,
}

impl SectionReader<'_> {
    /// `section`, its header `header` on line `number`, opens: refused when it came before.
    fn open(&mut self, number: usize, section: Section, header: &str) -> Result<()> {
        let key = format!("{section:?}").replace("Objective(true)", "Objective(false)");
        if !self.seen.insert(key) {
            return Err(Error::parse(self.file, number, format!("a second `{header}` section")));
        }
        match section {
            Section::Objective(maximise) => {
                self.s.objective = Some(ObjectiveSection {
                    maximise,
                    line: number,
                    toks: Vec::new(),
                })
            }
            Section::Constraints => self.s.constraints_line = number,
            // Refused once it holds something: HiGHS writes an empty `semi` section.
            Section::Unsupported => self.unsupported = Some((header.to_string(), number)),
            Section::End => self.ended = true,
            _ => {}
        }
        self.current = Some(section);
        Ok(())
    }

    /// The text `line` (line `number`) of the section open, tokenized into it.
    fn take(&mut self, number: usize, line: &str) -> Result<()> {
        let file = self.file;
        let s = &mut self.s;
        match self.current {
            None => {
                return Err(Error::parse(
                    file,
                    number,
                    format!("expected `Minimize`, `Maximize` or `Subject To` before `{line}`"),
                ))
            }
            Some(Section::Objective(_)) => {
                if let Some(objective) = s.objective.as_mut() {
                    tokenize(file, number, line, &mut objective.toks)?;
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
            Some(Section::Unsupported) => {
                let (header, at) = self.unsupported.clone().unwrap_or_default();
                return Err(Error::parse(
                    file,
                    at,
                    format!(
                        "unsupported section `{header}` (holding `{line}`): quzzle reads Minimize/Maximize, Subject To, Bounds, Binary, General and End (docs/lp.md)"
                    ),
                ));
            }
            Some(Section::End) => {}
        }
        Ok(())
    }
}

/// An LP file's variables: the binary ones in order (the Binary section's, then General's
/// within [0, 1]), and the constants, variables its bounds fix.
struct Variables<'a> {
    file: &'a str,
    index: BTreeMap<String, usize>,
    names: Vec<String>,
    constants: HashMap<String, f64>,
}

/// The objective as read: to minimise (a maximised one negated), its constant in the file's
/// sense, and the line of its first term.
struct ReadObjective {
    weights: Vec<(usize, f64)>,
    pairs: Vec<(usize, usize, f64)>,
    offset: f64,
    maximise: bool,
    line: usize,
}

/// An objective's products on the binary variables, keyed by the ordered pair; the products
/// with a constant as terms of the other variable; and the products of two constants.
type Products = (Vec<(usize, usize, f64)>, Vec<(String, f64, usize)>, f64);

impl<'a> Variables<'a> {
    fn of(file: &'a str, s: &Sections) -> Result<Variables<'a>> {
        let mut vars = Variables {
            file,
            index: BTreeMap::new(),
            names: Vec::new(),
            constants: HashMap::new(),
        };
        for (tok, line) in &s.binary {
            let Tok::Ident(name) = tok else {
                return Err(Error::parse(
                    file,
                    *line,
                    format!("`{tok}` in the Binary section is not a variable name"),
                ));
            };
            vars.add(name, *line)?;
        }
        // Every variable's bounds as the Bounds section sets them ([0, inf) where it does not).
        let ranges = bound_ranges(file, &s.bounds);
        let range = |name: &str| ranges.get(name).copied().unwrap_or((0.0, f64::INFINITY));
        // A General variable with bounds within [0, 1] is binary; one fixed elsewhere a constant.
        for (tok, line) in &s.general {
            let Tok::Ident(name) = tok else {
                return Err(Error::parse(
                    file,
                    *line,
                    format!("`{tok}` in the General section is not a variable name"),
                ));
            };
            if vars.index.contains_key(name) {
                continue;
            }
            let (lo, up) = range(name);
            if lo >= 0.0 && up <= 1.0 && lo <= up {
                vars.add(name, *line)?;
            } else if fixed(lo, up) {
                vars.constants.insert(name.clone(), lo);
            } else {
                return Err(Error::parse(
                    file,
                    *line,
                    format!("variable `{name}` is integer (General section) in [{lo}, {up}]: quzzle reads binary variables only (integer ones with bounds within [0, 1])"),
                ));
            }
        }
        // A variable in neither section is continuous: a constant where its bounds fix it (as
        // PuLP's `__dummy = 0` and pyomo's `ONE_VAR_CONSTANT = 1`).
        for (name, &(lo, up)) in &ranges {
            if !vars.index.contains_key(name) && !vars.constants.contains_key(name) && fixed(lo, up) {
                vars.constants.insert(name.clone(), lo);
            }
        }
        Ok(vars)
    }

    /// A binary variable, the next in order unless it is one already.
    fn add(&mut self, name: &str, line: usize) -> Result<()> {
        if !self.index.contains_key(name) {
            if self.names.len() >= MAX_VARS {
                return Err(Error::parse(self.file, line, format!("more than {MAX_VARS} variables")));
            }
            self.index.insert(name.to_string(), self.names.len());
            self.names.push(name.to_string());
        }
        Ok(())
    }

    /// The binary variable `name`, or an error at `line`.
    fn var(&self, name: &str, line: usize) -> Result<usize> {
        self.index.get(name).copied().ok_or_else(|| {
            Error::parse(
                self.file,
                line,
                format!(
                    "variable `{name}` is not binary (not in the Binary section): quzzle reads binary variables only"
                ),
            )
        })
    }

    /// The terms of `e` on its binary variables (merged, no zeros), and what its constants add.
    fn merge(&self, e: &Expr) -> Result<(Vec<(usize, f64)>, f64)> {
        let mut sum: BTreeMap<usize, f64> = BTreeMap::new();
        let mut folded = 0.0;
        for (name, c, line) in &e.terms {
            if !c.is_finite() {
                return Err(Error::parse(
                    self.file,
                    *line,
                    format!("the coefficient of `{name}` is not finite"),
                ));
            }
            if let Some(v) = self.constants.get(name) {
                folded += c * v;
                continue;
            }
            let w = sum.entry(self.var(name, *line)?).or_insert(0.0);
            *w += c;
            if !w.is_finite() {
                return Err(Error::parse(
                    self.file,
                    *line,
                    format!("the coefficients of `{name}` add up to more than a 64-bit float holds"),
                ));
            }
        }
        Ok((sum.into_iter().filter(|&(_, c)| c != 0.0).collect(), folded))
    }

    /// The products of `e` ([`Products`]).
    fn merge_products(&self, e: &Expr) -> Result<Products> {
        let mut sum: BTreeMap<(usize, usize), f64> = BTreeMap::new();
        let mut linear = Vec::new();
        let mut folded = 0.0;
        for (a, b, c, line) in &e.products {
            if !c.is_finite() {
                return Err(Error::parse(
                    self.file,
                    *line,
                    format!("the coefficient of `{a} * {b}` is not finite"),
                ));
            }
            match (self.constants.get(a), self.constants.get(b)) {
                (Some(x), Some(y)) => {
                    folded += c * x * y;
                    continue;
                }
                (Some(x), None) => {
                    linear.push((b.clone(), c * x, *line));
                    continue;
                }
                (None, Some(y)) => {
                    linear.push((a.clone(), c * y, *line));
                    continue;
                }
                (None, None) => {}
            }
            let (u, v) = (self.var(a, *line)?, self.var(b, *line)?);
            let w = sum.entry((u.min(v), u.max(v))).or_insert(0.0);
            *w += c;
            if !w.is_finite() {
                return Err(Error::parse(
                    self.file,
                    *line,
                    format!("the coefficients of `{a} * {b}` add up to more than a 64-bit float holds"),
                ));
            }
        }
        Ok((
            sum.into_iter()
                .filter(|&(_, c)| c != 0.0)
                .map(|((u, v), c)| (u, v, c))
                .collect(),
            linear,
            folded,
        ))
    }

    /// The objective section (none: an empty objective to minimise).
    fn objective(&self, section: Option<&ObjectiveSection>) -> Result<ReadObjective> {
        let empty = ObjectiveSection {
            maximise: false,
            line: 0,
            toks: Vec::new(),
        };
        let section = section.unwrap_or(&empty);
        let mut t = Tokens {
            file: self.file,
            toks: &section.toks,
            pos: 0,
            end_line: section.line,
        };
        t.label();
        let e = t.expr("objective")?;
        if t.peek().is_some() {
            return Err(t.error(format!("objective: unexpected `{}`", t.tok_text())));
        }
        let sense = if section.maximise { -1.0 } else { 1.0 };
        let (pairs, from_products, folded_products) = self.merge_products(&e)?;
        let mut linear = Expr {
            terms: e.terms.clone(),
            products: Vec::new(),
            constant: 0.0,
        };
        linear.terms.extend(from_products);
        let (weights, folded) = self.merge(&linear)?;
        let offset = e.constant + folded + folded_products;
        if !offset.is_finite() {
            return Err(Error::parse(
                self.file,
                section.line,
                "the objective's constant is not finite",
            ));
        }
        Ok(ReadObjective {
            weights: weights.into_iter().map(|(v, w)| (v, sense * w)).collect(),
            pairs: pairs.into_iter().map(|(u, v, w)| (u, v, sense * w)).collect(),
            offset,
            maximise: section.maximise,
            line: section.toks.first().map_or(section.line, |&(_, l)| l),
        })
    }

    /// The Subject To section's constraints as rows, in order.
    fn constraints(&self, s: &Sections, cancel: &Cancel) -> Result<Vec<Row>> {
        let file = self.file;
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
            rows.push(self.constraint(&mut t, name, line)?);
        }
        Ok(rows)
    }

    /// One constraint, its name read, from its expression to its right-hand side.
    fn constraint(&self, t: &mut Tokens<'_>, name: String, line: usize) -> Result<Row> {
        let file = self.file;
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
        let Some(Tok::Rel(relation)) = t.next() else {
            return Err(Error::parse(file, line, format!("{what}: no `<=`, `>=` or `=`")));
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
        let (terms, folded) = self.merge(&e)?;
        let rhs = t.number(&what)? - e.constant - folded;
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
        Ok(Row {
            name,
            line,
            terms,
            relation,
            rhs,
        })
    }

    /// A Bounds line: each finite bound a one-variable row, except one both values of a binary
    /// meet (`0 <= x <= 1`, as CPLEX and pyomo write every binary's), which is no constraint.
    fn bound(&self, line: usize, toks: &[(Tok, usize)], rows: &mut Vec<Row>) -> Result<()> {
        let file = self.file;
        // A constant's bounds made it one: no row.
        if bound_name(toks).is_some_and(|n| self.constants.contains_key(n)) {
            return Ok(());
        }
        let mut t = Tokens {
            file,
            toks,
            pos: 0,
            end_line: line,
        };
        let what = "bound";
        let mut push = |v: usize, relation: Relation, rhs: f64| {
            let trivial = match relation {
                Relation::AtMost => rhs >= 1.0,
                Relation::AtLeast => rhs <= 0.0,
                Relation::Equal => false,
            };
            if rhs.is_finite() && !trivial {
                rows.push(Row {
                    name: format!("bound {}", self.names[v]),
                    line,
                    terms: vec![(v, 1.0)],
                    relation,
                    rhs,
                });
            }
        };
        let expected = || Error::parse(file, line, "bound: expected `<=`, `>=` or `=`");
        if let Some(Tok::Ident(name)) = t.peek().cloned() {
            t.pos += 1;
            let v = self.var(&name, line)?;
            match t.next() {
                Some(Tok::Ident(w)) if w.eq_ignore_ascii_case("free") => {}
                Some(Tok::Rel(relation)) => push(v, relation, t.number(what)?),
                _ => {
                    return Err(Error::parse(
                        file,
                        line,
                        format!("bound on `{name}`: expected `<=`, `>=`, `=` or `free`"),
                    ))
                }
            }
        } else {
            let lower = t.number(what)?;
            let Some(Tok::Rel(relation)) = t.next() else {
                return Err(expected());
            };
            let Some(Tok::Ident(name)) = t.next() else {
                return Err(Error::parse(file, line, "bound: expected a variable"));
            };
            let v = self.var(&name, line)?;
            push(v, relation.swapped(), lower);
            if t.peek().is_some() {
                let Some(Tok::Rel(relation)) = t.next() else {
                    return Err(expected());
                };
                push(v, relation, t.number(what)?);
            }
        }
        if t.peek().is_some() {
            return Err(t.error(format!("bound: unexpected `{}`", t.tok_text())));
        }
        Ok(())
    }
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
        let vars = Variables::of(file, &s)?;
        let objective = vars.objective(s.objective.as_ref())?;
        let mut rows = vars.constraints(&s, cancel)?;
        for (line, toks) in &s.bounds {
            vars.bound(*line, toks, &mut rows)?;
        }
        let read = Read {
            names: vars.names,
            objective: objective.weights,
            pairs: objective.pairs,
            offset: objective.offset,
            maximise: objective.maximise,
            objective_line: objective.line,
            rows,
        };
        Self::from_read(file, read, cancel)
    }

    /// Read an MPS file's text (fixed or free form; docs/lp.md, "MPS files"); `file` names it in errors.
    pub fn parse_mps(file: &str, text: &str) -> Result<LpModel> {
        Self::parse_mps_within(file, text, &Cancel::never())
    }

    /// [`LpModel::parse_mps`], reading `cancel` as [`LpModel::parse_within`] does.
    pub fn parse_mps_within(file: &str, text: &str, cancel: &Cancel) -> Result<LpModel> {
        let read = mps::read(file, text, cancel)?;
        Self::from_read(file, read, cancel)
    }

    /// The model of a file's variables, objective and rows, whichever format they came from.
    fn from_read(file: &str, read: Read, cancel: &Cancel) -> Result<LpModel> {
        let Read {
            names,
            objective,
            pairs,
            offset,
            maximise,
            objective_line,
            rows,
        } = read;
        let (constraints, detected, structure) = translate(file, &names, &rows, cancel)?;
        let lambda = 1.0
            + objective.iter().map(|&(_, w)| w.abs()).sum::<f64>()
            + pairs.iter().map(|&(_, _, w)| w.abs()).sum::<f64>();
        if !lambda.is_finite() {
            // λ = 1 + Σ|w| must be a number: the objective is divided by it (docs/lp.md).
            return Err(Error::parse(
                file,
                objective_line,
                "the objective's weights are too large: their absolute sum λ = 1 + Σ|w| overflows a 64-bit float (the objective is divided by it; scale the objective down)",
            ));
        }
        Ok(LpModel {
            names,
            constraints,
            objective,
            pairs,
            offset,
            maximise,
            lambda,
            detected,
            structure,
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

/// Whether bounds fix a variable to a number: equal as written (`x = v` in LP, `FX` in MPS
/// write one value for both).
#[allow(clippy::float_cmp)]
fn fixed(lower: f64, upper: f64) -> bool {
    lower == upper && lower.is_finite()
}

/// The variable a bound line names: its first name other than `free`/`inf`.
fn bound_name(toks: &[(Tok, usize)]) -> Option<&str> {
    toks.iter().find_map(|(t, _)| match t {
        Tok::Ident(n) if !matches!(n.to_ascii_lowercase().as_str(), "free" | "inf" | "infinity") => Some(n.as_str()),
        _ => None,
    })
}

/// Each variable's `[lower, upper]` as the Bounds lines set them, in order, from [0, inf); a
/// line that does not read is left to the reading that reports it.
fn bound_ranges(file: &str, bounds: &[(usize, Vec<(Tok, usize)>)]) -> BTreeMap<String, (f64, f64)> {
    let mut out: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    for (line, toks) in bounds {
        let mut t = Tokens {
            file,
            toks,
            pos: 0,
            end_line: *line,
        };
        let Some(name) = bound_name(toks).map(str::to_string) else {
            continue;
        };
        let r = out.entry(name.clone()).or_insert((0.0, f64::INFINITY));
        let mut set = |relation: Relation, v: f64, var_left: bool| match (relation, var_left) {
            (Relation::Equal, _) => *r = (v, v),
            (Relation::AtMost, true) | (Relation::AtLeast, false) => r.1 = v,
            _ => r.0 = v,
        };
        if matches!(t.peek(), Some(Tok::Ident(n)) if *n == name) {
            t.pos += 1;
            match t.next() {
                Some(Tok::Ident(w)) if w.eq_ignore_ascii_case("free") => *r = (f64::NEG_INFINITY, f64::INFINITY),
                Some(Tok::Rel(relation)) => {
                    if let Ok(v) = t.number("bound") {
                        set(relation, v, true);
                    }
                }
                _ => {}
            }
            continue;
        }
        let Ok(l) = t.number("bound") else { continue };
        let Some(Tok::Rel(relation)) = t.next() else {
            continue;
        };
        set(relation, l, false);
        t.pos += 1;
        if let Some(Tok::Rel(relation)) = t.next() {
            if let Ok(u) = t.number("bound") {
                set(relation, u, true);
            }
        }
    }
    out
}

/// The rows as labelled model constraints, and the detection table.
fn translate(file: &str, names: &[String], rows: &[Row], cancel: &Cancel) -> Result<Translated> {
    let task = format!("reading the LP file {file}");
    let mut t = Translation {
        out: Vec::new(),
        detected: Vec::new(),
        counts: Vec::new(),
        bounds: Vec::new(),
        waiting: HashMap::new(),
    };
    for (i, row) in rows.iter().enumerate() {
        if (i + 1) % CHECK_EVERY == 0 {
            cancel.check(&task)?;
            cancel.tick(&task, Some(0.75 + 0.25 * i as f64 / rows.len() as f64), || {
                format!("constraint {i} of {}", rows.len())
            });
        }
        let reading = read_row(row).map_err(|why| row_error(file, row, &why))?;
        let kind = match reading {
            Reading::Always => ALWAYS_HOLDS.to_string(),
            Reading::Constraints(cs, kind) => {
                for c in cs {
                    t.out
                        .push((c, format!("{} (line {})", row.name, row.line), vec![row.name.clone()]));
                }
                kind
            }
            Reading::Count(vars, k) => {
                let n = vars.len();
                t.counts.push((t.detected.len(), vars, k));
                format!("exact count {k} of {n}")
            }
            Reading::Bound { vars, k, at_least, why } => t.bound(row, vars, k, at_least, why),
        };
        t.detected.push(Detected {
            name: row.name.clone(),
            line: row.line,
            kind,
            family: None,
        });
    }
    if let Some((row, _, why)) = t.bounds.iter().flatten().next() {
        return Err(row_error(file, row, why));
    }
    let Translation {
        mut out,
        mut detected,
        counts,
        ..
    } = t;
    let structure = place_counts(names, &mut out, &mut detected, counts);
    Ok((out, detected, structure))
}

/// The error of a row the model cannot express, `why`.
fn row_error(file: &str, row: &Row, why: &str) -> Error {
    let what = if row.name.starts_with("bound ") {
        row.name.clone()
    } else {
        format!("constraint `{}`", row.name)
    };
    Error::parse(file, row.line, format!("{what}: {why} (docs/lp.md lists what is read)"))
}

/// The rows being translated, in file order.
struct Translation<'r> {
    /// The labelled constraints so far (the exact counts are added once their families are known).
    out: Vec<Named>,
    /// How each row was read.
    detected: Vec<Detected>,
    /// Counts: (row index in `detected`, vars, k).
    counts: Vec<Count>,
    /// Bounds waiting for their pair, in file order: (row, its slot in `detected`, why alone it
    /// is refused); a paired one becomes `None`.
    bounds: Vec<Option<(&'r Row, usize, String)>>,
    /// The waiting bounds by (sorted vars, k, at least?), earliest first: a partner is found in
    /// constant time, not by a scan (100,000 bounds read in linear time).
    waiting: HashMap<(Vec<usize>, usize, bool), VecDeque<usize>>,
}

impl<'r> Translation<'r> {
    /// The bound `row` (at least `k` of `vars` when `at_least`, else at most; `why` refuses it
    /// alone): paired with the earliest waiting bound it makes a soft count with, or left
    /// waiting. What the row was read as.
    fn bound(&mut self, row: &'r Row, vars: Vec<usize>, k: usize, at_least: bool, why: String) -> String {
        let mut sorted = vars.clone();
        sorted.sort_unstable();
        // The partner: the other bound over the same variables, k apart by one.
        let partner_k = if at_least { Some(k + 1) } else { k.checked_sub(1) };
        let partner = partner_k.and_then(|j| {
            let key = (sorted.clone(), j, !at_least);
            let queue = self.waiting.get_mut(&key)?;
            let slot = queue.pop_front();
            if queue.is_empty() {
                self.waiting.remove(&key);
            }
            slot.and_then(|s| self.bounds[s].take()).map(|b| (b, j))
        });
        match partner {
            None => {
                self.waiting
                    .entry((sorted, k, at_least))
                    .or_default()
                    .push_back(self.bounds.len());
                self.bounds.push(Some((row, self.detected.len(), why)));
                "bound".to_string()
            }
            Some(((first, first_detected, _), j)) => {
                let low = if at_least { k } else { j };
                let label = format!(
                    "{} and {} (lines {} and {})",
                    first.name, row.name, first.line, row.line
                );
                self.out.push((
                    Constraint::Count {
                        vars,
                        k: low,
                        soft: true,
                    },
                    label,
                    vec![first.name.clone(), row.name.clone()],
                ));
                let soft = |with: &str| format!("{low} or {} of {} (soft count, with `{with}`)", low + 1, sorted.len());
                self.detected[first_detected].kind = soft(&row.name);
                soft(&first.name)
            }
        }
    }
}

/// Add the exact `counts` to `out`, in an order of their structure, each labelled with its
/// family (recorded in `detected`); a pair in no family of blocks becomes `different`. The
/// description of the families.
fn place_counts(names: &[String], out: &mut Vec<Named>, detected: &mut [Detected], counts: Vec<Count>) -> Vec<String> {
    // The structure of what can be 1: a variable fixed to 0 by another constraint (a Tents row
    // with no tent, a cell next to no tree) is in no block, so the columns still cross the rows.
    // (One fixed to 1, a Sudoku clue, stays: its blocks are still the grid's.)
    let mut fixed = vec![false; names.len()];
    for (c, _, _) in out.iter() {
        if let Constraint::Fixed(v, false) = c {
            fixed[*v] = true;
        }
    }
    let open: Vec<Count> = counts
        .iter()
        .map(|(d, vars, k)| (*d, vars.iter().copied().filter(|&v| !fixed[v]).collect(), *k))
        .collect();
    let pairs: Vec<bool> = counts.iter().map(|c| c.1.len() == 2).collect();
    let found = families::families(&open, names.len(), &pairs);
    let families = &found.label;
    // The families that hold a count of more than two variables: a pair in one of them, or in
    // the rows or columns of a grid, is one of its blocks (a two-cell region); another family
    // of pairs only is a set of `x` signs.
    let blocks: BTreeSet<&str> = counts
        .iter()
        .zip(families)
        .filter(|((_, vars, _), _)| vars.len() > 2)
        .filter_map(|(_, f)| *f)
        .collect();
    // The counts in an order of their structure, not of the file: by family (a Latin square's
    // cells, rows, columns, regions, other cells, the rest), then by first variable. A writer
    // that sorts its constraints by name (PuLP) or an author who writes the regions first
    // gives the same model, and the paper's implied count dropped (the last of the last family,
    // model::reduce) is the same one.
    let rank = |i: usize| match families[i] {
        Some("cell") if found.latin => 0,
        Some("row") => 1,
        Some("column") => 2,
        Some("region") => 3,
        Some(_) => 4,
        None => 5,
    };
    let mut order: Vec<usize> = (0..counts.len()).collect();
    order.sort_by_cached_key(|&i| {
        let mut vars = counts[i].1.clone();
        vars.sort_unstable();
        (rank(i), vars, i)
    });
    let mut counts: Vec<Option<Count>> = counts.into_iter().map(Some).collect();
    for i in order {
        let (d, vars, k) = counts[i].take().expect("each count once");
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
                vec![detected[d].name.clone()],
            ));
            continue;
        }
        let label = match family {
            Some(f) => format!("{f} {} (line {})", detected[d].name, detected[d].line),
            None => format!("count {} (line {})", detected[d].name, detected[d].line),
        };
        out.push((
            Constraint::Count { vars, k, soft: false },
            label,
            vec![detected[d].name.clone()],
        ));
    }
    families::describe(&found, &open)
}

/// The model's constraints, how each row was read, and what its families are.
type Translated = (Vec<Named>, Vec<Detected>, Vec<String>);

/// A model constraint, its label and the names of the rows it was read from.
type Named = (Constraint, String, Vec<String>);

impl Puzzle for LpModel {
    fn kind(&self) -> &'static str {
        "lp"
    }

    fn size(&self) -> (usize, usize) {
        (1, self.names.len())
    }

    fn model(&self) -> Model {
        let mut m = Model::new(self.names.clone());
        for (c, label, rows) in &self.constraints {
            m.push_named(c.clone(), label.clone(), rows.clone());
        }
        m.objective = self.objective.iter().map(|&(v, w)| (v, w / self.lambda)).collect();
        m.objective_pairs = self.pairs.iter().map(|&(u, v, w)| (u, v, w / self.lambda)).collect();
        m.exact_objective = Some((self.objective.clone(), self.pairs.clone()));
        m
    }

    fn warnings(&self) -> Vec<String> {
        self.resolution_warning().into_iter().collect()
    }

    fn structure(&self) -> Vec<String> {
        self.structure.clone()
    }

    fn model_summary(&self) -> Option<super::ModelSummary> {
        let constraints = self
            .detected
            .iter()
            .map(|d| super::ConstraintSummary {
                name: d.name.clone(),
                line: d.line,
                family: d.family,
                read_as: d.kind.clone(),
                penalty: (d.kind != ALWAYS_HOLDS).then_some(1.0),
            })
            .collect();
        let objective = self.has_objective().then_some(super::ObjectiveSummary {
            sense: if self.maximise { "maximise" } else { "minimise" },
            linear_terms: self.objective.len(),
            products: self.pairs.len(),
            divisor: self.lambda,
        });
        Some(super::ModelSummary {
            variables: self.names.len(),
            constraints,
            objective,
        })
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
            .filter(|(c, _, _)| !c.holds(&x))
            .map(|(_, label, _)| Broken {
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
                    "LP model: {}, {}; {}",
                    counted(self.names.len(), "binary variable"),
                    counted(self.detected.len(), "constraint"),
                    if !self.has_objective() {
                        "no objective (feasibility)".to_string()
                    } else {
                        let terms = if self.pairs.is_empty() {
                            format!("over {}", counted(self.objective.len(), "variable"))
                        } else {
                            format!(
                                "with {} and {}",
                                counted(self.pairs.len(), "product"),
                                counted(self.objective.len(), "linear term")
                            )
                        };
                        format!(
                            "{} objective {terms}, weight 1/{} against the penalties",
                            if self.maximise { "maximised" } else { "minimised" },
                            self.lambda
                        )
                    }
                );
                let _ = writeln!(s, "families of its exact counts, from the constraints alone (docs/lp.md, \"Spaces found automatically\"):");
                for line in &self.structure {
                    let _ = writeln!(s, "  {line}");
                }
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

mod families;
mod mps;
mod rows;

use families::Count;
use rows::{read_row, Reading};
#[cfg(test)]
mod tests;
mod tokens;

pub use mps::looks_like_mps;

use tokens::{tokenize, Expr, Relation, Tok, Tokens, OPERATOR_CHARS};
