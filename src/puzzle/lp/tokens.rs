//! The tokens of an LP file's lines: numbers, names and operators, and the reader of
//! linear and quadratic expressions over them.

use super::*;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Num(f64),
    Ident(String),
    /// A relation: `<=` (also `=<`, `<`), `>=` (`=>`, `>`) or `=`.
    Rel(Relation),
    Op(&'static str),
}

impl std::fmt::Display for Tok {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tok::Num(v) => write!(f, "{v}"),
            Tok::Ident(s) => write!(f, "{s}"),
            Tok::Rel(r) => write!(f, "{r}"),
            Tok::Op(s) => write!(f, "{s}"),
        }
    }
}

/// How a constraint's left side compares with its right side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Relation {
    AtMost,
    AtLeast,
    Equal,
}

impl Relation {
    /// The relation with its sides swapped (`l <= x` is `x >= l`).
    pub(super) fn swapped(self) -> Relation {
        match self {
            Relation::AtMost => Relation::AtLeast,
            Relation::AtLeast => Relation::AtMost,
            Relation::Equal => Relation::Equal,
        }
    }

    /// Whether `lhs` and `rhs` stand in the relation, within `tol`.
    pub(super) fn holds(self, lhs: f64, rhs: f64, tol: f64) -> bool {
        match self {
            Relation::AtMost => lhs <= rhs + tol,
            Relation::AtLeast => lhs >= rhs - tol,
            Relation::Equal => (lhs - rhs).abs() <= tol,
        }
    }
}

impl std::fmt::Display for Relation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Relation::AtMost => "<=",
            Relation::AtLeast => ">=",
            Relation::Equal => "=",
        })
    }
}

pub(super) const OPERATOR_CHARS: &str = "+-*^/[]:<>=";

pub(super) fn tokenize(file: &str, line: usize, text: &str, out: &mut Vec<(Tok, usize)>) -> Result<()> {
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
            let (tok, len) = match (c, next) {
                ('<', Some('=')) | ('=', Some('<')) => (Tok::Rel(Relation::AtMost), 2),
                ('>', Some('=')) | ('=', Some('>')) => (Tok::Rel(Relation::AtLeast), 2),
                ('<', _) => (Tok::Rel(Relation::AtMost), 1),
                ('>', _) => (Tok::Rel(Relation::AtLeast), 1),
                ('=', _) => (Tok::Rel(Relation::Equal), 1),
                ('+', _) => (Tok::Op("+"), 1),
                ('-', _) => (Tok::Op("-"), 1),
                ('*', _) => (Tok::Op("*"), 1),
                ('^', _) => (Tok::Op("^"), 1),
                ('/', _) => (Tok::Op("/"), 1),
                ('[', _) => (Tok::Op("["), 1),
                (']', _) => (Tok::Op("]"), 1),
                _ => (Tok::Op(":"), 1),
            };
            out.push((tok, line));
            i += len;
        } else {
            let start = i;
            loop {
                while i < chars.len() && !chars[i].is_whitespace() && !OPERATOR_CHARS.contains(chars[i]) {
                    i += 1;
                }
                // Gurobi writes indexed names, `x[0,1]`: a `[` right after a name's character
                // is part of the name up to its `]` (a quadratic block's `[` follows a space or
                // an operator).
                if chars.get(i) == Some(&'[') {
                    let Some(close) = chars[i..].iter().position(|&c| c == ']') else {
                        let name: String = chars[start..].iter().collect();
                        return Err(Error::parse(
                            file,
                            line,
                            format!("`{name}`: a `[` in a name is not closed"),
                        ));
                    };
                    i += close + 1;
                    continue;
                }
                break;
            }
            out.push((Tok::Ident(chars[start..i].iter().collect()), line));
        }
    }
    Ok(())
}

/// A linear expression with its constant: variable names with their coefficients and lines.
#[derive(Default, Debug)]
pub(super) struct Expr {
    pub(super) terms: Vec<(String, f64, usize)>,
    /// Products of two different variables (`[ x * y ]`), with their coefficients and lines.
    pub(super) products: Vec<(String, String, f64, usize)>,
    pub(super) constant: f64,
}

pub(super) struct Tokens<'a> {
    pub(super) file: &'a str,
    pub(super) toks: &'a [(Tok, usize)],
    pub(super) pos: usize,
    /// The line of the section header (for errors at the end of a section).
    pub(super) end_line: usize,
}

impl Tokens<'_> {
    pub(super) fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(t, _)| t)
    }
    pub(super) fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k).map(|(t, _)| t)
    }
    pub(super) fn line(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_line, |&(_, l)| l)
    }
    pub(super) fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).map(|(t, _)| t.clone());
        self.pos += 1;
        t
    }
    pub(super) fn error(&self, msg: impl Into<String>) -> Error {
        Error::parse(self.file, self.line(), msg)
    }
    pub(super) fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Some(Tok::Op(o)) if *o == op)
    }
    pub(super) fn at_relation(&self) -> bool {
        matches!(self.peek(), Some(Tok::Rel(_)))
    }

    /// A label `name:` if one starts here.
    pub(super) fn label(&mut self) -> Option<String> {
        if let (Some(Tok::Ident(name)), Some(Tok::Op(":"))) = (self.peek(), self.peek_at(1)) {
            let name = name.clone();
            self.pos += 2;
            Some(name)
        } else {
            None
        }
    }

    /// Signs and an optional coefficient before a term.
    pub(super) fn sign_and_coef(&mut self, first: bool) -> Result<Option<(f64, bool)>> {
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
    pub(super) fn expr(&mut self, what: &str) -> Result<Expr> {
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

    pub(super) fn tok_text(&self) -> String {
        self.peek()
            .map_or_else(|| "the end of the section".into(), |t| t.to_string())
    }

    /// The inside of `[ ... ]` and an optional `/ d`, each term times `outer`.
    pub(super) fn quadratic(&mut self, what: &str, outer: f64, e: &mut Expr) -> Result<()> {
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
    pub(super) fn number(&mut self, what: &str) -> Result<f64> {
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
