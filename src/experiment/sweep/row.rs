//! One finished sweep row and its CSV form.

use crate::angles::Angles;
use crate::error::{Error, Result};
use std::path::Path;

/// One finished (instance, depth, init, objective): the CSV row.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRow {
    /// The puzzle file as given.
    pub file: String,
    /// Puzzle kind.
    pub puzzle: String,
    /// Reduction level.
    pub reduce: String,
    /// Qubits.
    pub qubits: usize,
    /// Depth.
    pub p: usize,
    /// Initial-angle strategy.
    pub init: String,
    /// Objective name (`energy`, `success`, `cvar:0.1`).
    pub objective: String,
    /// Optimiser actually used (CVaR always uses Nelder–Mead).
    pub optimizer: String,
    /// Starts used at this depth.
    pub restarts: usize,
    /// The sweep's seed.
    pub seed: u64,
    /// Number of valid basis states.
    pub valid_states: usize,
    /// Number of zero-energy states breaking only non-QUBO rules.
    pub non_qubo_states: usize,
    /// P(valid) of uniform sampling: valid_states / 2^n.
    pub uniform_baseline: f64,
    /// `⟨C⟩` at the optimum.
    pub energy: f64,
    /// `(C_max − ⟨C⟩)/(C_max − C_min)`.
    pub approx_ratio: f64,
    /// P(valid).
    pub p_valid: f64,
    /// P(zero energy but breaks a non-QUBO rule).
    pub p_non_qubo: f64,
    /// P(breaks a QUBO rule).
    pub p_invalid: f64,
    /// Shots for one valid board at 99 % confidence (infinite when P(valid) = 0).
    pub shots_99: f64,
    /// The objective's value at the optimum.
    pub objective_value: f64,
    /// Objective evaluations (the ramp grid scan included).
    pub evaluations: usize,
    /// Gradient evaluations.
    pub gradients: usize,
    /// Most likely bitstring, qubit 0 first (Qiskit prints qubit 0 rightmost).
    pub top_bitstring: String,
    /// Its probability.
    pub top_probability: f64,
    /// Whether it is a valid board.
    pub top_is_valid: bool,
    /// Optimised γ_1..γ_p.
    pub gammas: Vec<f64>,
    /// Optimised β_1..β_p.
    pub betas: Vec<f64>,
    /// Wall time of this row in seconds (the only column a rerun may change).
    pub seconds: f64,
}

/// The CSV header of [`SweepRow`].
pub const CSV_HEADER: &str = "file,puzzle,reduce,qubits,p,init,objective,optimizer,restarts,seed,valid_states,non_qubo_states,uniform_baseline,energy,approx_ratio,p_valid,p_non_qubo,p_invalid,shots_99,objective_value,evaluations,gradients,top_bitstring,top_probability,top_is_valid,gammas,betas,seconds";

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn split_csv(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

fn join_angles(v: &[f64]) -> String {
    v.iter().map(|x| format!("{x}")).collect::<Vec<_>>().join(" ")
}

impl SweepRow {
    /// The key that identifies a finished row when resuming: (file, p, init, objective).
    pub fn key(&self) -> (String, usize, String, String) {
        (self.file.clone(), self.p, self.init.clone(), self.objective.clone())
    }

    /// The row as one CSV line (no newline). Floats use the shortest text that reads back to
    /// the same f64, so a resumed INTERP continues from exactly the stored angles.
    pub fn to_csv_line(&self) -> String {
        [
            csv_field(&self.file),
            self.puzzle.clone(),
            self.reduce.clone(),
            self.qubits.to_string(),
            self.p.to_string(),
            self.init.clone(),
            self.objective.clone(),
            self.optimizer.clone(),
            self.restarts.to_string(),
            self.seed.to_string(),
            self.valid_states.to_string(),
            self.non_qubo_states.to_string(),
            format!("{}", self.uniform_baseline),
            format!("{}", self.energy),
            format!("{}", self.approx_ratio),
            format!("{}", self.p_valid),
            format!("{}", self.p_non_qubo),
            format!("{}", self.p_invalid),
            format!("{}", self.shots_99),
            format!("{}", self.objective_value),
            self.evaluations.to_string(),
            self.gradients.to_string(),
            self.top_bitstring.clone(),
            format!("{}", self.top_probability),
            self.top_is_valid.to_string(),
            join_angles(&self.gammas),
            join_angles(&self.betas),
            format!("{:.3}", self.seconds),
        ]
        .join(",")
    }

    /// Read a line written by [`SweepRow::to_csv_line`]; `line_no` (1-based) and `file` name it
    /// in errors.
    pub fn from_csv_line(line: &str, file: &str, line_no: usize) -> Result<Self> {
        let f = split_csv(line);
        let n = CSV_HEADER.split(',').count();
        if f.len() != n {
            return Err(Error::parse(
                file,
                line_no,
                format!("expected {n} fields, found {}", f.len()),
            ));
        }
        let bad = |col: &str| Error::parse(file, line_no, format!("bad value in column {col}"));
        fn num<T: std::str::FromStr>(s: &str, col: &str, bad: &dyn Fn(&str) -> Error) -> Result<T> {
            s.parse().map_err(|_| bad(col))
        }
        let angles = |s: &str, col: &str| -> Result<Vec<f64>> {
            s.split_whitespace().map(|x| num::<f64>(x, col, &bad)).collect()
        };
        Ok(SweepRow {
            file: f[0].clone(),
            puzzle: f[1].clone(),
            reduce: f[2].clone(),
            qubits: num(&f[3], "qubits", &bad)?,
            p: num(&f[4], "p", &bad)?,
            init: f[5].clone(),
            objective: f[6].clone(),
            optimizer: f[7].clone(),
            restarts: num(&f[8], "restarts", &bad)?,
            seed: num(&f[9], "seed", &bad)?,
            valid_states: num(&f[10], "valid_states", &bad)?,
            non_qubo_states: num(&f[11], "non_qubo_states", &bad)?,
            uniform_baseline: num(&f[12], "uniform_baseline", &bad)?,
            energy: num(&f[13], "energy", &bad)?,
            approx_ratio: num(&f[14], "approx_ratio", &bad)?,
            p_valid: num(&f[15], "p_valid", &bad)?,
            p_non_qubo: num(&f[16], "p_non_qubo", &bad)?,
            p_invalid: num(&f[17], "p_invalid", &bad)?,
            shots_99: num(&f[18], "shots_99", &bad)?,
            objective_value: num(&f[19], "objective_value", &bad)?,
            evaluations: num(&f[20], "evaluations", &bad)?,
            gradients: num(&f[21], "gradients", &bad)?,
            top_bitstring: f[22].clone(),
            top_probability: num(&f[23], "top_probability", &bad)?,
            top_is_valid: num(&f[24], "top_is_valid", &bad)?,
            gammas: angles(&f[25], "gammas")?,
            betas: angles(&f[26], "betas")?,
            seconds: num(&f[27], "seconds", &bad)?,
        })
    }

    /// The optimised angles.
    pub fn angles(&self) -> Result<Angles> {
        Angles::new(self.gammas.clone(), self.betas.clone())
    }
}

/// Read a sweep CSV. A missing file is an empty sweep. A last line without its newline (the
/// sweep was killed while writing it) is dropped. Another header is an error.
pub fn read_csv(path: &Path) -> Result<Vec<SweepRow>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(Error::Read {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let name = path.display().to_string();
    let mut lines = complete.lines().enumerate();
    match lines.next() {
        None => return Ok(Vec::new()),
        Some((_, h)) if h == CSV_HEADER => {}
        Some(_) => {
            return Err(Error::parse(
                &name,
                1,
                "not a sweep CSV of this quzzle version (other columns); choose another --out",
            ))
        }
    }
    lines
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| SweepRow::from_csv_line(l, &name, i + 1))
        .collect()
}
