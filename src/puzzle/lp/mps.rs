//! Models in the MPS format, fixed and free form (docs/lp.md, "MPS files"), read into the rows
//! the LP reader translates, so that a model means the same in either format.
//!
//! Sections `NAME`, `OBJSENSE` (`MAX`, `MIN`), `OBJNAME`, `ROWS` (`N`, `E`, `L`, `G`), `COLUMNS`
//! (with `'MARKER'` `'INTORG'`/`'INTEND'` lines), `RHS` (on the objective row: minus its
//! constant), `RANGES`, `BOUNDS` (`UP`, `LO`, `FX`, `FR`, `MI`, `PL`, `BV`, `LI`, `UI`),
//! `QUADOBJ` (each product once, `½ xᵀQx`), `QMATRIX` and `QSECTION` on the objective (each
//! product twice) and `ENDATA`; `*` starts a comment line. Fields are split at white space; a
//! data line that does not split into a valid count is read by the fixed form's columns (5–12,
//! 15–22, 25–36, 40–47, 50–61), whose names may hold spaces.
//!
//! Every variable must be binary: an integer one (between markers, or `BV`, `LI`, `UI`)
//! with bounds in [0, 1] (no bound given: [0, 1], as CPLEX reads markers). A variable fixed
//! by its bounds that is not binary is a constant, put into the rows and the objective. Any
//! other continuous or integer variable is refused, naming it and its line.

use super::{fixed, Read, Relation, Row, CHECK_EVERY, MAX_VARS};
use crate::budget::Cancel;
use crate::error::{Error, Result};
use std::collections::{BTreeMap, HashMap};

/// A bound or right-hand side at or past this is infinite (the MPS convention).
const INFINITE: f64 = 1e30;

/// Whether `text` looks like an MPS file: its first line that is not blank or a comment opens
/// the `NAME` or `ROWS` section.
pub fn looks_like_mps(text: &str) -> bool {
    super::strip_bom(text)
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('*'))
        .and_then(|l| l.split_whitespace().next())
        .is_some_and(|w| w == "NAME" || w == "ROWS")
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Section {
    Name,
    ObjSense,
    ObjName,
    Rows,
    Columns,
    Rhs,
    Ranges,
    Bounds,
    /// Each product once (`QUADOBJ`): off the diagonal `Q_ij x_i x_j`.
    QuadObj,
    /// Each product twice (`QMATRIX`, `QSECTION` on the objective): `½ Q_ij x_i x_j`.
    QMatrix,
    End,
}

/// The section a header line opens, with what follows its keyword.
fn section_of(line: &str) -> Option<std::result::Result<(Section, Vec<&str>), String>> {
    if line.starts_with([' ', '\t']) {
        return None;
    }
    let mut words = line.split_whitespace();
    let key = words.next()?;
    let rest: Vec<&str> = words.collect();
    let section = match key.to_ascii_uppercase().as_str() {
        "NAME" => Section::Name,
        "OBJSENSE" => Section::ObjSense,
        "OBJNAME" => Section::ObjName,
        "ROWS" => Section::Rows,
        "COLUMNS" => Section::Columns,
        "RHS" => Section::Rhs,
        "RANGES" => Section::Ranges,
        "BOUNDS" => Section::Bounds,
        "QUADOBJ" => Section::QuadObj,
        "QMATRIX" | "QSECTION" => Section::QMatrix,
        "ENDATA" => Section::End,
        "QCMATRIX" => return Some(Err("a quadratic constraint (`QCMATRIX`) is not read; quzzle reads linear constraints only".into())),
        "SOS" | "INDICATORS" | "LAZYCONS" | "USERCUTS" | "CSECTION" | "GENCONS" | "PWLOBJ" => {
            return Some(Err(format!(
                "unsupported section `{key}`: quzzle reads NAME, OBJSENSE, OBJNAME, ROWS, COLUMNS, RHS, RANGES, BOUNDS, QUADOBJ, QMATRIX and ENDATA (docs/lp.md)"
            )))
        }
        _ => return None,
    };
    Some(Ok((section, rest)))
}

/// The fields of a data line: split at white space when that gives a count `valid` takes, else
/// at the fixed form's columns (names with spaces) when that does.
fn fields(line: &str, valid: impl Fn(usize) -> bool) -> Option<Vec<&str>> {
    let free: Vec<&str> = line.split_whitespace().collect();
    if valid(free.len()) {
        return Some(free);
    }
    const COLUMNS: [(usize, usize); 6] = [(1, 3), (4, 12), (14, 22), (24, 36), (39, 47), (49, 61)];
    if !line.is_ascii() {
        return None;
    }
    let mut fixed: Vec<&str> = COLUMNS
        .iter()
        .filter(|&&(a, _)| a < line.len())
        .map(|&(a, b)| line[a..b.min(line.len())].trim())
        .collect();
    while fixed.last().is_some_and(|f| f.is_empty()) {
        fixed.pop();
    }
    // The type field (ROWS, BOUNDS) comes first; other sections leave it blank.
    if fixed.first().is_some_and(|f| f.is_empty()) {
        fixed.remove(0);
    }
    (valid(fixed.len()) && fixed.iter().all(|f| !f.is_empty())).then_some(fixed)
}

/// A number of the file: `inf`/`infinity` (signed) and anything at or past 1e30 in size are
/// infinite.
fn number(file: &str, line: usize, what: &str, text: &str) -> Result<f64> {
    let lower = text.to_ascii_lowercase();
    let unsigned = lower.trim_start_matches(['+', '-']);
    let v = if unsigned == "inf" || unsigned == "infinity" {
        if lower.starts_with('-') {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    } else {
        text.parse::<f64>()
            .map_err(|_| Error::parse(file, line, format!("{what}: `{text}` is not a number")))?
    };
    if v.is_nan() {
        return Err(Error::parse(file, line, format!("{what}: `{text}` is not a number")));
    }
    Ok(if v >= INFINITE {
        f64::INFINITY
    } else if v <= -INFINITE {
        f64::NEG_INFINITY
    } else {
        v
    })
}

/// A coefficient: a finite number.
fn coefficient(file: &str, line: usize, what: &str, text: &str) -> Result<f64> {
    let v = text
        .parse::<f64>()
        .map_err(|_| Error::parse(file, line, format!("{what}: `{text}` is not a number")))?;
    if !v.is_finite() {
        return Err(Error::parse(
            file,
            line,
            format!("{what}: `{text}` is not a finite number"),
        ));
    }
    Ok(v)
}

/// A row of the ROWS section.
struct RowDecl {
    name: String,
    line: usize,
    /// `N`, `E`, `L` or `G`.
    kind: char,
    terms: BTreeMap<usize, f64>,
    rhs: f64,
    range: Option<f64>,
}

/// A column: its line, whether it is integer, its bounds.
struct Column {
    name: String,
    line: usize,
    integer: bool,
    lower: f64,
    upper: Option<f64>,
}

/// The file's sections gathered.
#[derive(Default)]
struct Gathered {
    maximise: bool,
    objective_name: Option<(String, usize)>,
    rows: Vec<RowDecl>,
    row_index: HashMap<String, usize>,
    columns: Vec<Column>,
    column_index: HashMap<String, usize>,
    /// `(u, v, weight, line)` of the objective's products, in the file's sense.
    products: Vec<(usize, usize, f64, usize)>,
    /// The objective row's right-hand side (minus the objective's constant), and its line.
    objective_rhs: (f64, usize),
    /// The objective row: the first `N` row, unless OBJNAME names one (the other N rows are
    /// free rows, left out).
    objective: Option<usize>,
    /// Whether the `COLUMNS` lines are between an `INTORG` and an `INTEND` marker.
    integer: bool,
    /// The names of the `RHS`, `RANGES` and `BOUNDS` sets read (one of each is read).
    rhs_set: Option<String>,
    range_set: Option<String>,
    bound_set: Option<String>,
}

impl Gathered {
    /// A `ROWS` line: a row's type and name.
    fn row_line(&mut self, file: &str, n: usize, line: &str) -> Result<()> {
        let err = |line: usize, m: String| Error::parse(file, line, m);
        let data = line.trim();
        let f = fields(line, |k| k == 2)
            .ok_or_else(|| err(n, format!("ROWS: expected a type and a name, found `{data}`")))?;
        let kind = match f[0].to_ascii_uppercase().as_str() {
            "N" => 'N',
            "E" => 'E',
            "L" => 'L',
            "G" => 'G',
            other => return Err(err(n, format!("row `{}`: type `{other}` is not N, E, L or G", f[1]))),
        };
        if self.row_index.insert(f[1].to_string(), self.rows.len()).is_some() {
            return Err(err(n, format!("a second row named `{}`", f[1])));
        }
        let wanted = self.objective_name.as_ref().map(|(o, _)| o.as_str());
        if kind == 'N' && self.objective.is_none() && wanted.is_none_or(|o| o == f[1]) {
            self.objective = Some(self.rows.len());
        }
        self.rows.push(RowDecl {
            name: f[1].to_string(),
            line: n,
            kind,
            terms: BTreeMap::new(),
            rhs: 0.0,
            range: None,
        });
        Ok(())
    }

    /// A `COLUMNS` line: a marker, or a column's coefficients in one or two rows.
    fn column_line(&mut self, file: &str, n: usize, line: &str) -> Result<()> {
        let err = |line: usize, m: String| Error::parse(file, line, m);
        let data = line.trim();
        let words: Vec<&str> = data.split_whitespace().collect();
        if words
            .iter()
            .any(|w| w.trim_matches('\'').eq_ignore_ascii_case("MARKER"))
        {
            let what = words.last().map(|w| w.trim_matches('\'').to_ascii_uppercase());
            match what.as_deref() {
                Some("INTORG") => self.integer = true,
                Some("INTEND") => self.integer = false,
                _ => {
                    return Err(err(
                        n,
                        format!("a marker line must end in 'INTORG' or 'INTEND': `{data}`"),
                    ))
                }
            }
            return Ok(());
        }
        let f = fields(line, |k| k == 3 || k == 5).ok_or_else(|| {
            err(
                n,
                format!("COLUMNS: expected a column and one or two (row, value) pairs, found `{data}`"),
            )
        })?;
        let c = match self.column_index.get(f[0]) {
            Some(&c) => c,
            None => {
                if self.columns.len() >= MAX_VARS {
                    return Err(err(n, format!("more than {MAX_VARS} variables")));
                }
                self.column_index.insert(f[0].to_string(), self.columns.len());
                self.columns.push(Column {
                    name: f[0].to_string(),
                    line: n,
                    integer: self.integer,
                    lower: 0.0,
                    upper: None,
                });
                self.columns.len() - 1
            }
        };
        for pair in f[1..].chunks(2) {
            let r = *self
                .row_index
                .get(pair[0])
                .ok_or_else(|| err(n, format!("column `{}`: no row named `{}` in ROWS", f[0], pair[0])))?;
            let v = coefficient(
                file,
                n,
                &format!("the coefficient of `{}` in row `{}`", f[0], pair[0]),
                pair[1],
            )?;
            let w = self.rows[r].terms.entry(c).or_insert(0.0);
            *w += v;
            if !w.is_finite() {
                return Err(err(
                    n,
                    format!(
                        "the coefficients of `{}` in row `{}` add up to more than a 64-bit float holds",
                        f[0], pair[0]
                    ),
                ));
            }
        }
        Ok(())
    }

    /// An `RHS` line, or a `RANGES` line when `ranges`.
    fn rhs_line(&mut self, file: &str, n: usize, line: &str, ranges: bool) -> Result<()> {
        let err = |line: usize, m: String| Error::parse(file, line, m);
        let data = line.trim();

        let f = fields(line, |k| (2..=5).contains(&k))
            .ok_or_else(|| err(n, format!("expected a set name and (row, value) pairs, found `{data}`")))?;
        // An odd count names the set first; free-form writers may leave it out.
        let (set, pairs) = if f.len() % 2 == 1 {
            (f[0], &f[1..])
        } else {
            ("", &f[..])
        };
        let chosen = if ranges { &mut self.range_set } else { &mut self.rhs_set };
        match chosen {
            None => *chosen = Some(set.to_string()),
            Some(s) if s != set => {
                return Err(err(
                    n,
                    format!(
                        "a second {} set `{set}`: quzzle reads one",
                        if ranges { "RANGES" } else { "RHS" }
                    ),
                ))
            }
            _ => {}
        }
        for pair in pairs.chunks(2) {
            let r = *self
                .row_index
                .get(pair[0])
                .ok_or_else(|| err(n, format!("no row named `{}` in ROWS", pair[0])))?;
            let what = format!("row `{}`", pair[0]);
            let v = number(file, n, &what, pair[1])?;
            if ranges {
                if matches!(self.rows[r].kind, 'N') || !v.is_finite() {
                    return Err(err(
                        n,
                        format!("{what}: a range must be finite and on an E, L or G row"),
                    ));
                }
                self.rows[r].range = Some(v);
            } else if Some(r) == self.objective {
                if !v.is_finite() {
                    return Err(err(n, format!("{what}: the objective's constant is not finite")));
                }
                self.objective_rhs = (v, n);
            } else {
                self.rows[r].rhs = v;
            }
        }
        Ok(())
    }

    /// A `BOUNDS` line: a type, the set, a column and its value.
    fn bound_line(&mut self, file: &str, n: usize, line: &str) -> Result<()> {
        let err = |line: usize, m: String| Error::parse(file, line, m);
        let data = line.trim();
        let f = fields(line, |k| (2..=4).contains(&k)).ok_or_else(|| {
            err(
                n,
                format!("BOUNDS: expected a type, a set name, a column and a value, found `{data}`"),
            )
        })?;
        let kind = f[0].to_ascii_uppercase();
        let valued = matches!(kind.as_str(), "UP" | "LO" | "FX" | "LI" | "UI");
        if !valued && !matches!(kind.as_str(), "FR" | "MI" | "PL" | "BV") {
            return Err(err(
                n,
                format!("bound type `{}` is not read (UP, LO, FX, FR, MI, PL, BV, LI, UI)", f[0]),
            ));
        }
        let rest = &f[1..];
        // [set] column [value]: the set is there when the count says so, or, for a
        // type without a value, when the last field names a column.
        let (set, col, value) = match (valued, rest.len()) {
            (true, 3) => (rest[0], rest[1], Some(rest[2])),
            (true, 2) => ("", rest[0], Some(rest[1])),
            (false, 1) => ("", rest[0], None),
            (false, 2) if self.column_index.contains_key(rest[1]) => (rest[0], rest[1], None),
            (false, 2) => ("", rest[0], Some(rest[1])),
            (false, 3) => (rest[0], rest[1], Some(rest[2])),
            _ => {
                return Err(err(
                    n,
                    format!(
                        "bound `{}`: expected [set] column{}",
                        f[0],
                        if valued { " value" } else { "" }
                    ),
                ))
            }
        };
        match &self.bound_set {
            None => self.bound_set = Some(set.to_string()),
            Some(s) if s != set && !set.is_empty() && !s.is_empty() => {
                return Err(err(n, format!("a second BOUNDS set `{set}`: quzzle reads one")))
            }
            _ => {}
        }
        let c = *self
            .column_index
            .get(col)
            .ok_or_else(|| err(n, format!("bound on `{col}`, which no COLUMNS line names")))?;
        let what = format!("bound {} on `{col}`", f[0]);
        let v = match value {
            Some(v) => number(file, n, &what, v)?,
            None => 0.0,
        };
        let column = &mut self.columns[c];
        match kind.as_str() {
            "UP" | "UI" => {
                column.upper = Some(v);
                column.integer |= kind == "UI";
            }
            "LO" | "LI" => {
                column.lower = v;
                column.integer |= kind == "LI";
            }
            "FX" => {
                column.lower = v;
                column.upper = Some(v);
            }
            "FR" => {
                column.lower = f64::NEG_INFINITY;
                column.upper = Some(f64::INFINITY);
            }
            "MI" => column.lower = f64::NEG_INFINITY,
            "PL" => column.upper = Some(f64::INFINITY),
            _ => {
                // BV
                column.integer = true;
                column.lower = 0.0;
                column.upper = Some(1.0);
            }
        }
        if column.lower.is_nan() || column.lower == f64::INFINITY || column.upper == Some(f64::NEG_INFINITY) {
            return Err(err(n, format!("{what}: no value lies within the bounds")));
        }
        Ok(())
    }

    /// A `QUADOBJ` or `QMATRIX`/`QSECTION` line (`s`): two columns and their entry.
    fn product_line(&mut self, file: &str, n: usize, line: &str, s: Section) -> Result<()> {
        let err = |line: usize, m: String| Error::parse(file, line, m);
        let data = line.trim();
        let f = fields(line, |k| k == 3)
            .ok_or_else(|| err(n, format!("expected two columns and a value, found `{data}`")))?;
        let col = |name: &str| {
            self.column_index.get(name).copied().ok_or_else(|| {
                err(
                    n,
                    format!("`{name}` in the quadratic objective: no COLUMNS line names it"),
                )
            })
        };
        let (u, v) = (col(f[0])?, col(f[1])?);
        let q = coefficient(file, n, &format!("the product `{} * {}`", f[0], f[1]), f[2])?;
        // ½ xᵀQx: QUADOBJ gives each product once (the pair's weight is Q_ij), QMATRIX
        // both Q_ij and Q_ji; a square is x on a binary, at half its entry.
        let w = if u == v || s == Section::QMatrix { q / 2.0 } else { q };
        self.products.push((u, v, w, n));
        Ok(())
    }
}

/// Read an MPS file into the variables, objective and rows of [`Read`].
pub(super) fn read(file: &str, text: &str, cancel: &Cancel) -> Result<Read> {
    let g = gather(file, text, cancel)?;
    to_read(file, g)
}

fn gather(file: &str, text: &str, cancel: &Cancel) -> Result<Gathered> {
    let task = format!("reading the MPS file {file}");
    let total = text.len().max(1) as f64;
    let mut r = Gathering {
        file,
        g: Gathered::default(),
        current: None,
        seen: Vec::new(),
        ended: false,
    };
    let mut any = false;
    let mut offset = 0usize;
    for (i, raw) in super::strip_bom(text).lines().enumerate() {
        let n = i + 1;
        offset += raw.len() + 1;
        if n % CHECK_EVERY == 0 {
            cancel.check(&task)?;
            cancel.tick(&task, Some(0.5 * offset as f64 / total), || format!("line {n}"));
        }
        let line = raw.trim_end();
        // PuLP writes the sense as a comment, `*SENSE:Maximize`, and reads it back so.
        if let Some(word) = line.strip_prefix("*SENSE:") {
            r.g.maximise = sense(file, n, word.trim())?;
            continue;
        }
        if line.trim().is_empty() || line.starts_with('*') {
            continue;
        }
        any = true;
        if r.ended {
            return Err(r.err(n, format!("`{}` after `ENDATA`", line.trim())));
        }
        if let Some(opened) = section_of(line) {
            let (section, rest) = opened.map_err(|m| r.err(n, m))?;
            r.open(n, line, section, &rest)?;
            continue;
        }
        r.data_line(n, line)?;
    }
    if !any {
        return Err(r.err(0, "the file is empty (no `NAME` or `ROWS` section)".into()));
    }
    if !r.ended {
        return Err(r.err(text.lines().count(), "the file does not close with `ENDATA`".into()));
    }
    let g = r.g;
    if let Some((name, line)) = &g.objective_name {
        if g.row_index.get(name).is_none_or(|&r| g.rows[r].kind != 'N') {
            return Err(Error::parse(
                file,
                *line,
                format!("OBJNAME `{name}`: no N row of that name"),
            ));
        }
    }
    Ok(g)
}

/// An MPS file being read line by line: what is gathered, the section open, the sections
/// seen, and whether `ENDATA` closed the file.
struct Gathering<'f> {
    file: &'f str,
    g: Gathered,
    current: Option<Section>,
    seen: Vec<Section>,
    ended: bool,
}

impl Gathering<'_> {
    fn err(&self, line: usize, m: String) -> Error {
        Error::parse(self.file, line, m)
    }

    /// The header `line` (line `n`) opens `section`, with `rest` after its keyword: refused
    /// when the section came before, or before `ROWS` where it needs the rows.
    fn open(&mut self, n: usize, line: &str, section: Section, rest: &[&str]) -> Result<()> {
        let file = self.file;
        if section != Section::Name && self.seen.contains(&section) {
            return Err(self.err(
                n,
                format!("a second `{}` section", line.split_whitespace().next().unwrap_or("")),
            ));
        }
        self.seen.push(section);
        let g = &mut self.g;
        match section {
            Section::ObjSense if !rest.is_empty() => g.maximise = sense(file, n, rest[0])?,
            Section::ObjName if !rest.is_empty() => g.objective_name = Some((rest[0].to_string(), n)),
            Section::QMatrix if !rest.is_empty() && g.objective.is_some_and(|o| g.rows[o].name != rest[0]) => {
                return Err(Error::parse(
                    file,
                    n,
                    format!(
                        "`QSECTION {}`: a quadratic constraint is not read; quzzle reads linear constraints only",
                        rest[0]
                    ),
                ))
            }
            Section::End => self.ended = true,
            _ => {}
        }
        if section != Section::Rows
            && self.g.rows.is_empty()
            && matches!(
                section,
                Section::Columns
                    | Section::Rhs
                    | Section::Ranges
                    | Section::Bounds
                    | Section::QuadObj
                    | Section::QMatrix
            )
        {
            return Err(self.err(n, format!("`{}` before `ROWS`", line.trim())));
        }
        self.current = Some(section);
        Ok(())
    }

    /// A data line (line `n`) of the section open.
    fn data_line(&mut self, n: usize, line: &str) -> Result<()> {
        let file = self.file;
        let g = &mut self.g;
        let data = line.trim();
        match self.current {
            None | Some(Section::Name) => {
                return Err(Error::parse(
                    file,
                    n,
                    format!("expected a section (`NAME`, `ROWS`, ...) before `{data}`"),
                ))
            }
            Some(Section::End) => {}
            Some(Section::ObjSense) => g.maximise = sense(file, n, data)?,
            Some(Section::ObjName) => g.objective_name = Some((data.to_string(), n)),
            Some(Section::Rows) => g.row_line(file, n, line)?,
            Some(Section::Columns) => g.column_line(file, n, line)?,
            Some(s @ (Section::Rhs | Section::Ranges)) => g.rhs_line(file, n, line, s == Section::Ranges)?,
            Some(Section::Bounds) => g.bound_line(file, n, line)?,
            Some(s @ (Section::QuadObj | Section::QMatrix)) => g.product_line(file, n, line, s)?,
        }
        Ok(())
    }
}

/// `MAX`/`MAXIMIZE` or `MIN`/`MINIMIZE`.
fn sense(file: &str, line: usize, word: &str) -> Result<bool> {
    match word.to_ascii_uppercase().as_str() {
        "MAX" | "MAXIMIZE" | "MAXIMISE" => Ok(true),
        "MIN" | "MINIMIZE" | "MINIMISE" => Ok(false),
        other => Err(Error::parse(
            file,
            line,
            format!("OBJSENSE: `{other}` is not MAX or MIN"),
        )),
    }
}

/// The gathered file as variables, objective and rows: binary columns become variables, those
/// fixed by their bounds constants; every other column is refused.
fn to_read(file: &str, g: Gathered) -> Result<Read> {
    let (value, spent) = fixed_by_rows(&g);
    let mut cols = ColumnMap {
        value,
        index: vec![usize::MAX; g.columns.len()],
    };
    let mut rows = Vec::new();
    let names = cols.binary_columns(file, &g, &mut rows)?;
    let objective = cols.objective(file, &g)?;
    cols.constraint_rows(file, &g, &spent, &mut rows)?;
    Ok(Read {
        names,
        objective: objective.weights,
        pairs: objective.pairs,
        offset: objective.constant,
        maximise: g.maximise,
        objective_line: objective.line,
        rows,
    })
}

/// The constant value of each column a row fixes, and the rows spent so: a continuous
/// column alone in an equality row is fixed by it (pyomo writes a constant objective so:
/// `ONE_VAR_CONSTANT`, and its row `= 1`).
fn fixed_by_rows(g: &Gathered) -> (Vec<Option<f64>>, Vec<bool>) {
    let mut value: Vec<Option<f64>> = vec![None; g.columns.len()];
    let mut spent = vec![false; g.rows.len()];
    for (r, row) in g.rows.iter().enumerate() {
        if row.kind != 'E' || row.range.is_some() || row.terms.len() != 1 {
            continue;
        }
        let Some((&c, &w)) = row.terms.iter().next() else {
            continue;
        };
        let col = &g.columns[c];
        let v = row.rhs / w;
        let within = v >= col.lower && col.upper.is_none_or(|u| v <= u);
        if !col.integer && value[c].is_none() && v.is_finite() && within {
            value[c] = Some(v);
            spent[r] = true;
        }
    }
    (value, spent)
}

/// What each column is: its constant value, or its variable.
struct ColumnMap {
    value: Vec<Option<f64>>,
    /// The variable of each column that is not a constant (`usize::MAX` for constants).
    index: Vec<usize>,
}

/// The objective as read: weights of variables and of pairs (minimised), its constant in
/// the file's sense, and the line it is reported at.
struct MpsObjective {
    weights: Vec<(usize, f64)>,
    pairs: Vec<(usize, usize, f64)>,
    constant: f64,
    line: usize,
}

impl ColumnMap {
    /// Make each column not yet a constant a constant (fixed by its bounds) or a variable
    /// (binary, with rows for bounds tighter than [0, 1] pushed to `rows`); refuse any other.
    /// The variables' names.
    fn binary_columns(&mut self, file: &str, g: &Gathered, rows: &mut Vec<Row>) -> Result<Vec<String>> {
        let mut names = Vec::new();
        for (c, col) in g.columns.iter().enumerate() {
            if self.value[c].is_some() {
                continue;
            }
            // Integer columns between markers without an upper bound are binary (CPLEX's rule).
            let upper = col.upper.unwrap_or(if col.integer { 1.0 } else { f64::INFINITY });
            let binary = col.integer && col.lower >= 0.0 && upper <= 1.0 && col.lower <= upper;
            if !binary && fixed(col.lower, upper) {
                self.value[c] = Some(col.lower);
                continue;
            }
            if col.lower > upper {
                return Err(Error::parse(
                    file,
                    col.line,
                    format!(
                        "variable `{}`: its lower bound {} is above its upper bound {upper}",
                        col.name, col.lower
                    ),
                ));
            }
            if !binary {
                let kind = if col.integer { "integer" } else { "continuous" };
                return Err(Error::parse(
                    file,
                    col.line,
                    format!(
                        "variable `{}` is {kind} in [{}, {upper}]: quzzle reads binary variables only (integer with bounds in [0, 1], or fixed by its bounds)",
                        col.name, col.lower
                    ),
                ));
            }
            self.index[c] = names.len();
            names.push(col.name.clone());
            let bound = |relation: Relation, rhs: f64| Row {
                name: format!("bound {}", col.name),
                line: col.line,
                terms: vec![(self.index[c], 1.0)],
                relation,
                rhs,
            };
            if col.lower > 0.0 {
                rows.push(bound(Relation::AtLeast, col.lower));
            }
            if upper < 1.0 {
                rows.push(bound(Relation::AtMost, upper));
            }
        }
        Ok(names)
    }

    /// The objective row and products over the variables, constants folded in.
    fn objective(&self, file: &str, g: &Gathered) -> Result<MpsObjective> {
        let (value, index) = (&self.value, &self.index);
        let empty = BTreeMap::new();
        let (objective_terms, objective_line) = match g.objective {
            Some(o) => (&g.rows[o].terms, g.rows[o].line),
            None => (&empty, g.products.first().map_or(0, |p| p.3)),
        };
        let sense = if g.maximise { -1.0 } else { 1.0 };
        // The objective in the file's sense: its constant is minus the objective row's RHS.
        let mut constant = -g.objective_rhs.0;
        let mut linear: BTreeMap<usize, f64> = BTreeMap::new();
        for (&c, &w) in objective_terms {
            match value[c] {
                Some(v) => constant += w * v,
                None => *linear.entry(index[c]).or_insert(0.0) += w,
            }
        }
        let mut products: BTreeMap<(usize, usize), f64> = BTreeMap::new();
        for &(u, v, w, _) in &g.products {
            match (value[u], value[v]) {
                (Some(a), Some(b)) => constant += w * a * b,
                (Some(a), None) => *linear.entry(index[v]).or_insert(0.0) += w * a,
                (None, Some(b)) => *linear.entry(index[u]).or_insert(0.0) += w * b,
                // A square is the variable itself on a binary.
                (None, None) if u == v => *linear.entry(index[u]).or_insert(0.0) += w,
                (None, None) => {
                    let (a, b) = (index[u].min(index[v]), index[u].max(index[v]));
                    *products.entry((a, b)).or_insert(0.0) += w;
                }
            }
        }
        if !constant.is_finite() || linear.values().chain(products.values()).any(|w| !w.is_finite()) {
            return Err(Error::parse(
                file,
                objective_line,
                "the objective's weights add up to more than a 64-bit float holds",
            ));
        }
        let weights = linear
            .into_iter()
            .filter(|&(_, w)| w != 0.0)
            .map(|(v, w)| (v, sense * w))
            .collect();
        let pairs = products
            .into_iter()
            .filter(|&(_, w)| w != 0.0)
            .map(|((u, v), w)| (u, v, sense * w))
            .collect();
        Ok(MpsObjective {
            weights,
            pairs,
            constant,
            line: objective_line,
        })
    }

    /// The constraint rows (neither `N` nor `spent`) over the variables, constants moved to
    /// the right side, pushed to `rows`: a range makes two, an infinite side that relaxes
    /// the row none.
    fn constraint_rows(&self, file: &str, g: &Gathered, spent: &[bool], rows: &mut Vec<Row>) -> Result<()> {
        let (value, index) = (&self.value, &self.index);
        for (_, row) in g
            .rows
            .iter()
            .enumerate()
            .filter(|&(r, row)| row.kind != 'N' && !spent[r])
        {
            let mut rhs = row.rhs;
            let mut terms = Vec::new();
            for (&c, &w) in &row.terms {
                match value[c] {
                    Some(v) => rhs -= w * v,
                    None if w != 0.0 => terms.push((index[c], w)),
                    None => {}
                }
            }
            let what = |m: &str| Error::parse(file, row.line, format!("row `{}`: {m}", row.name));
            // (relation, right side) pairs: a range makes two.
            let sides: Vec<(Relation, f64)> = match (row.kind, row.range) {
                ('E', None) => vec![(Relation::Equal, rhs)],
                ('L', None) => vec![(Relation::AtMost, rhs)],
                ('G', None) => vec![(Relation::AtLeast, rhs)],
                ('E', Some(r)) if r >= 0.0 => vec![(Relation::AtLeast, rhs), (Relation::AtMost, rhs + r)],
                ('E', Some(r)) => vec![(Relation::AtLeast, rhs + r), (Relation::AtMost, rhs)],
                ('L', Some(r)) => vec![(Relation::AtLeast, rhs - r.abs()), (Relation::AtMost, rhs)],
                (_, Some(r)) => vec![(Relation::AtLeast, rhs), (Relation::AtMost, rhs + r.abs())],
                _ => unreachable!("rows are N, E, L or G"),
            };
            for (relation, side) in sides {
                if side.is_nan() {
                    return Err(what("its right-hand side is not a number"));
                }
                let relaxed = (relation == Relation::AtMost && side == f64::INFINITY)
                    || (relation == Relation::AtLeast && side == f64::NEG_INFINITY);
                if relaxed {
                    continue;
                }
                if !side.is_finite() {
                    return Err(what("no assignment meets it (an infinite right-hand side)"));
                }
                rows.push(Row {
                    name: row.name.clone(),
                    line: row.line,
                    terms: terms.clone(),
                    relation,
                    rhs: side,
                });
            }
        }
        Ok(())
    }
}
