//! `Puzzle` and `Encoding`: a puzzle file read, and its QUBO/Ising encoding after reduction.

use crate::{compute, encoding_kind, error, invalid, level, missing, to_python, OrPy};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use quzzle::puzzle::Verdict;
use std::sync::Arc;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Puzzle>()?;
    m.add_class::<Encoding>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    Ok(())
}

/// A puzzle read from its text: the board, its givens and the rules of its kind.
#[pyclass(frozen, module = "quzzle")]
pub struct Puzzle {
    file: String,
    text: String,
    puzzle: Box<dyn quzzle::puzzle::Puzzle>,
}

/// Read a puzzle file.
#[pyfunction]
fn load(path: std::path::PathBuf) -> PyResult<Puzzle> {
    let text = std::fs::read_to_string(&path).map_err(|source| {
        error(quzzle::Error::Read {
            path: path.clone(),
            source,
        })
    })?;
    parse_named(&path.display().to_string(), text)
}

/// Read a puzzle from its text (`name` labels it in messages and reports).
#[pyfunction]
#[pyo3(signature = (text, name="<string>"))]
fn parse(text: String, name: &str) -> PyResult<Puzzle> {
    parse_named(name, text)
}

/// A puzzle file's path or a `Puzzle` already read (from a file, a text or an optimisation
/// model): what `anneal` and `plan` take.
#[derive(FromPyObject)]
pub enum Source<'py> {
    Puzzle(Bound<'py, Puzzle>),
    Path(std::path::PathBuf),
}

impl Source<'_> {
    /// The encoding of `kind` at `level` with the penalty overrides `penalties`: the same as
    /// `quzzle::encoding::load_with` of the file the puzzle's text was read from.
    pub fn encode(
        &self,
        kind: quzzle::encoding::EncodingKind,
        level: quzzle::Level,
        penalties: &quzzle::checked::Penalties,
    ) -> quzzle::Result<Box<dyn quzzle::encoding::Encoding>> {
        let never = quzzle::budget::Cancel::never();
        match self {
            Source::Path(path) => quzzle::encoding::load_with(path, kind, level, penalties, &never),
            Source::Puzzle(p) => {
                let p = p.get();
                quzzle::encoding::parse_with(&p.file, &p.text, kind, level, penalties, &never)
            }
        }
    }
}

fn parse_named(file: &str, text: String) -> PyResult<Puzzle> {
    let puzzle = quzzle::puzzle::parse(file, &text).or_py()?;
    Ok(Puzzle {
        file: file.to_string(),
        text,
        puzzle,
    })
}

#[pymethods]
impl Puzzle {
    /// The puzzle kind (`queens`, `takuzu`, ...).
    #[getter]
    fn kind(&self) -> &'static str {
        self.puzzle.kind()
    }

    /// `(rows, cols)`.
    #[getter]
    fn size(&self) -> (usize, usize) {
        self.puzzle.size()
    }

    /// The file it was read from (or the name given to `parse`).
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The puzzle text.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// The solution stored in the file, one string per row, if any.
    #[getter]
    fn solution(&self) -> Option<Vec<String>> {
        self.puzzle.solution().cloned()
    }

    /// The puzzle as text, with `board` (one string per row) filled in, or its givens.
    #[pyo3(signature = (board=None))]
    fn render(&self, board: Option<Vec<String>>) -> PyResult<String> {
        if let Some(board) = &board {
            check_board(self.puzzle.as_ref(), board)?;
        }
        Ok(self.puzzle.render(board.as_ref()))
    }

    /// Encode: reduce at `reduce` and build the `encoding` (`onehot` or, for Sudoku,
    /// `compact`), each penalty weighed as `penalty` says (`NAME=W` texts, as `--penalty`
    /// takes them; docs/lp.md, "Penalties"). A contradiction raises `Unsatisfiable`.
    #[pyo3(signature = (reduce="paper", encoding="onehot", penalty=Vec::new()))]
    fn encode(&self, py: Python<'_>, reduce: &str, encoding: &str, penalty: Vec<String>) -> PyResult<Encoding> {
        let (level, kind) = (level(reduce)?, encoding_kind(encoding)?);
        let penalties = quzzle::checked::Penalties::parse(&penalty).or_py()?;
        let never = quzzle::budget::Cancel::never();
        let enc = compute(py, || {
            quzzle::encoding::parse_with(&self.file, &self.text, kind, level, &penalties, &never)
        })
        .or_py()?;
        Ok(Encoding { inner: Arc::from(enc) })
    }

    /// The `info` report: qubits at every reduction level, memory, block spaces (a dict, as
    /// `quzzle info --json`).
    #[pyo3(signature = (reduce="paper", encoding="onehot", space="auto", penalty=Vec::new()))]
    fn info<'py>(
        &self,
        py: Python<'py>,
        reduce: &str,
        encoding: &str,
        space: &str,
        penalty: Vec<String>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.encode(py, reduce, encoding, penalty)?.info(py, space)
    }

    fn __repr__(&self) -> String {
        let (r, c) = self.puzzle.size();
        format!("<quzzle.Puzzle {} {r}x{c} from {}>", self.puzzle.kind(), self.file)
    }
}

/// Refuse a board that is not `rows` strings of `cols` symbols, or holds a symbol the puzzle's
/// boards do not use (read back, it would not give the same board).
fn check_board(puzzle: &dyn quzzle::puzzle::Puzzle, board: &[String]) -> PyResult<()> {
    let (rows, cols) = puzzle.size();
    let example = puzzle
        .solution()
        .and_then(|s| s.first())
        .map_or_else(String::new, |r| format!(", such as `{r}`"));
    if board.len() != rows {
        return Err(invalid(format!(
            "a {} board is {rows} rows of {cols} characters (one string per row{example}); {} given",
            puzzle.kind(),
            board.len()
        )));
    }
    if let Some((r, row)) = board.iter().enumerate().find(|(_, row)| row.chars().count() != cols) {
        return Err(invalid(format!(
            "row {r} `{row}` has {} characters; a {} board's rows have {cols} characters{example}",
            row.chars().count(),
            puzzle.kind()
        )));
    }
    Ok(())
}

/// A puzzle encoded on qubits after reduction: its cost, its qubits' cells, its solutions, and
/// the QAOA simulators and circuits built on it.
#[pyclass(frozen, module = "quzzle")]
pub struct Encoding {
    pub(crate) inner: Arc<dyn quzzle::Encoding>,
}

/// A basis state given as a bitstring (qubit 0 first), an integer index (qubit q is bit q), or a
/// sequence of 0/1 or booleans.
pub(crate) fn bits_of(arg: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<bool>> {
    let bits: Vec<bool> = if let Ok(s) = arg.extract::<String>() {
        s.chars()
            .map(|c| match c {
                '0' => Ok(false),
                '1' => Ok(true),
                other => Err(invalid(format!(
                    "bitstring `{s}`: `{other}` is not 0 or 1 (qubit 0 first)"
                ))),
            })
            .collect::<PyResult<_>>()?
    } else if let Ok(k) = arg.extract::<u128>() {
        if n < 128 && k >> n != 0 {
            return Err(invalid(format!("basis index {k} is not below 2^{n}")));
        }
        (0..n).map(|q| q < 128 && (k >> q) & 1 == 1).collect()
    } else if let Ok(v) = arg.extract::<Vec<i64>>() {
        v.iter()
            .map(|&b| match b {
                0 => Ok(false),
                1 => Ok(true),
                other => Err(invalid(format!("bit {other} is not 0 or 1"))),
            })
            .collect::<PyResult<_>>()?
    } else if let Ok(v) = arg.extract::<Vec<bool>>() {
        v
    } else {
        return Err(invalid(
            "a basis state is a bitstring (qubit 0 first), an integer index or a sequence of 0/1",
        ));
    };
    if bits.len() != n {
        return Err(invalid(format!("{} bits given for {n} qubits", bits.len())));
    }
    Ok(bits)
}

fn bitstring(bits: &[bool]) -> String {
    bits.iter().map(|&b| if b { '1' } else { '0' }).collect()
}

impl Encoding {
    /// The complete-rule verdict of the board of a basis state.
    fn verdict_of(&self, bits: &Bound<'_, PyAny>) -> PyResult<Verdict> {
        let board = self.inner.board_of_bits(&bits_of(bits, self.inner.num_qubits())?);
        Ok(Verdict::of(&self.inner.puzzle().check(&board)))
    }

    fn onehot(&self, what: &'static str) -> PyResult<&quzzle::OneHot> {
        self.inner.as_onehot().ok_or_else(|| {
            error(
                quzzle::error::Unsupported::NeedsOnehot {
                    what,
                    encoding: self.inner.kind(),
                }
                .into(),
            )
        })
    }
}

#[pymethods]
impl Encoding {
    /// Qubits after the reduction.
    #[getter]
    fn num_qubits(&self) -> usize {
        self.inner.num_qubits()
    }

    /// The encoding (`onehot` or `compact`).
    #[getter]
    fn encoding(&self) -> &'static str {
        self.inner.kind().name()
    }

    /// The reduction level.
    #[getter]
    fn reduce(&self) -> &'static str {
        self.inner.level().name()
    }

    /// The puzzle kind.
    #[getter]
    fn puzzle(&self) -> &'static str {
        self.inner.puzzle().kind()
    }

    /// The puzzle file (or name).
    #[getter]
    fn file(&self) -> String {
        self.inner.file().to_string()
    }

    /// SHA-256 of the puzzle text.
    #[getter]
    fn puzzle_sha256(&self) -> String {
        quzzle::encoding::sha256_hex(self.inner.source_text())
    }

    /// For every qubit, the model variables it stands for, as `(cell, negated)`: `r2c3` (a
    /// binary cell), `r0c1d3` (cell and digit of a one-hot cell); negated means `1 − x_q`.
    #[getter]
    fn qubit_cells(&self) -> Vec<Vec<(String, bool)>> {
        self.inner
            .qubit_cells()
            .into_iter()
            .map(|cells| cells.into_iter().map(|c| (c.cell, c.negated)).collect())
            .collect()
    }

    /// The model variables the reduction decided, as `(cell, value)`.
    #[getter]
    fn fixed_cells(&self) -> Vec<(String, bool)> {
        self.inner
            .fixed_cells()
            .into_iter()
            .map(|c| (c.cell, c.value))
            .collect()
    }

    /// What the reduction and encoding did beyond fixing variables.
    #[getter]
    fn notes(&self) -> Vec<String> {
        self.inner.notes()
    }

    /// The `info` report (a dict, as `quzzle info --json`) with `space` as the space detailed.
    #[pyo3(signature = (space="auto"))]
    fn info<'py>(&self, py: Python<'py>, space: &str) -> PyResult<Bound<'py, PyAny>> {
        use quzzle::encoding::space::SpaceChoice;
        let space: SpaceChoice = space.parse().or_py()?;
        let report = compute(py, || quzzle::experiment::info::info(self.inner.as_ref(), space)).or_py()?;
        to_python(py, &report)
    }

    /// Every block space of the one-hot encoding (`full`, each usable family, `auto`): a list
    /// of dicts with the space's blocks and basis states.
    fn spaces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.info(py, "auto")?.get_item("spaces")
    }

    /// The Ising cost `C(z) = offset + Σ h_q z_q + Σ_{a<b} J_ab z_a z_b`, `z_q = +1` when bit q
    /// is 0 (the eigenvalue of Z): `(h, J, offset)`, `J` an upper-triangular n×n array.
    /// One-hot encodings only (the compact encoding has higher-order terms).
    #[allow(clippy::type_complexity)]
    fn ising<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyArray1<f64>>, Bound<'py, PyArray2<f64>>, f64)> {
        let ising = &self.onehot("the Ising form is")?.ising;
        let n = ising.num_qubits;
        let h = PyArray1::from_slice(py, &ising.h);
        let j = PyArray2::<f64>::zeros(py, [n, n], false);
        {
            let mut view = j.readwrite();
            let mut a = view.as_array_mut();
            for &(p, q, w) in &ising.couplings {
                a[[p, q]] += w;
            }
        }
        Ok((h, j, ising.offset))
    }

    /// The penalty QUBO `E(x) = offset + Σ a_q x_q + Σ_{q<r} b_qr x_q x_r` over the qubits'
    /// bits: `(linear, quadratic, offset)`, `quadratic` an upper-triangular n×n array. One-hot
    /// encodings only.
    #[allow(clippy::type_complexity)]
    fn qubo<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyArray1<f64>>, Bound<'py, PyArray2<f64>>, f64)> {
        let qubo = &self.onehot("the QUBO is")?.qubo;
        let n = qubo.num_vars;
        let linear = PyArray1::from_slice(py, &qubo.linear);
        let quadratic = PyArray2::<f64>::zeros(py, [n, n], false);
        {
            let mut view = quadratic.readwrite();
            let mut a = view.as_array_mut();
            for &((p, q), w) in &qubo.quadratic {
                a[[p, q]] += w;
            }
        }
        Ok((linear, quadratic, qubo.offset))
    }

    /// The cost of every basis state (index k: qubit q is bit q of k), as numpy float64.
    /// Refused with `DoesNotFit` when the 2^n values would not fit in memory.
    fn cost_diagonal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let n = self.inner.num_qubits();
        // The diagonal as the library holds it, and the float64 copy handed over.
        quzzle::sim::check_memory(n, self.inner.diagonal_bytes_per_state() as u128 + 8).or_py()?;
        let values = compute(py, || {
            self.inner
                .cost_diagonal()
                .map(|d| (0..d.len()).map(|k| d.get(k)).collect::<Vec<f64>>())
        })
        .or_py()?;
        Ok(PyArray1::from_vec(py, values))
    }

    /// The cost of one basis state.
    fn cost(&self, bits: &Bound<'_, PyAny>) -> PyResult<f64> {
        let bits = bits_of(bits, self.inner.num_qubits())?;
        Ok(self.inner.cost_poly().energy_of(&bits))
    }

    /// The board a basis state stands for, one string per row (the decided cells filled in).
    fn board(&self, bits: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        Ok(self.inner.board_of_bits(&bits_of(bits, self.inner.num_qubits())?))
    }

    /// The puzzle as text with the board of a basis state filled in.
    fn render(&self, bits: &Bound<'_, PyAny>) -> PyResult<String> {
        let board = self.board(bits)?;
        Ok(self.inner.puzzle().render(Some(&board)))
    }

    /// Whether the board of a basis state passes every rule of the puzzle.
    fn is_valid(&self, bits: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.verdict_of(bits)? == Verdict::Valid)
    }

    /// `valid`, `breaks_only_non_qubo` (only rules the cost cannot express are broken) or
    /// `invalid`: the spelling of reports (`verdict` in `score`'s boards).
    fn verdict(&self, bits: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(self.verdict_of(bits)?.name())
    }

    /// The valid boards' bitstrings (qubit 0 first), found by exact search, at most `limit`.
    #[pyo3(signature = (limit=1000))]
    fn solutions(&self, py: Python<'_>, limit: usize) -> PyResult<Vec<String>> {
        let found = compute(py, || self.inner.search(limit)).or_py()?;
        Ok(found
            .boards
            .iter()
            .filter_map(|b| self.inner.bits_of_board(b))
            .map(|bits| bitstring(&bits))
            .collect())
    }

    /// The QUBO as a `dimod.BinaryQuadraticModel` (BINARY, variables 0..n−1 the qubits), so
    /// that D-Wave's samplers run the same reduced model. Needs dimod.
    fn to_bqm<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let qubo = &self.onehot("a BinaryQuadraticModel is")?.qubo;
        let dimod = py
            .import("dimod")
            .map_err(|_| missing("dimod", "dimod", "Encoding.to_bqm"))?;
        let linear = PyDict::new(py);
        for (q, &a) in qubo.linear.iter().enumerate() {
            linear.set_item(q, a)?;
        }
        let quadratic = PyDict::new(py);
        for &((q, r), b) in &qubo.quadratic {
            quadratic.set_item((q, r), b)?;
        }
        dimod
            .getattr("BinaryQuadraticModel")?
            .call1((linear, quadratic, qubo.offset, "BINARY"))
    }

    /// The Ising cost as a `qiskit.quantum_info.SparsePauliOp` on n qubits (qubit q is
    /// Qiskit's qubit q), so that Qiskit's own QAOA runs the same reduced model. Needs Qiskit.
    fn to_sparse_pauli_op<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let ising = &self.onehot("a SparsePauliOp is")?.ising;
        let qi = py
            .import("qiskit.quantum_info")
            .map_err(|_| missing("qiskit", "qiskit", "Encoding.to_sparse_pauli_op"))?;
        let terms = PyList::empty(py);
        terms.append(("", Vec::<usize>::new(), ising.offset))?;
        for (q, &h) in ising.h.iter().enumerate() {
            if h != 0.0 {
                terms.append(("Z", vec![q], h))?;
            }
        }
        for &(a, b, w) in &ising.couplings {
            terms.append(("ZZ", vec![a, b], w))?;
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item("num_qubits", ising.num_qubits)?;
        qi.getattr("SparsePauliOp")?
            .call_method("from_sparse_list", (terms,), Some(&kwargs))?
            .call_method0("simplify")
    }

    /// The QAOA of depth `p` on `space` with `mixer` (as `solve`: none given is the space and
    /// mixer `info` recommends, docs/spaces.md; a block space alone takes `xy-ring`; a mixer
    /// alone takes `auto`).
    /// `objective` is what `value` and `value_and_gradient` compute: `energy`, `success`
    /// (minus P(valid)) or `cvar:ALPHA`. Refused with `DoesNotFit` before allocating a state
    /// that would not fit.
    #[pyo3(signature = (p, space=None, mixer=None, objective="energy", start=None))]
    fn qaoa(
        &self,
        py: Python<'_>,
        p: usize,
        space: Option<&str>,
        mixer: Option<&str>,
        objective: &str,
        start: Option<&str>,
    ) -> PyResult<crate::qaoa::Qaoa> {
        crate::check_depth(p)?;
        crate::qaoa::build(self, py, p, (space, mixer, start), objective)
    }

    /// The QAOA circuit as OpenQASM 3 text and its manifest (a dict, as `quzzle qasm` writes
    /// beside the file): at `gammas`/`betas`, or optimised here (`optimize=True`: energy,
    /// INTERP over depths 1..p, L-BFGS, `seed`). `flavor`: `portable`, `ibm` or `ionq`.
    /// `space` and `mixer` as in `qaoa`: none given is the recommended circuit among those that
    /// export, whatever
    /// space the angles were optimised on (`Report.qasm` exports a report's own circuit).
    /// `start`: a switch mixer's (`auto`/none: uniform where a circuit prepares it, else
    /// `first-grid`; `uniform` is refused where none does).
    #[pyo3(signature = (gammas=None, betas=None, *, p=None, optimize=false, seed=0, flavor="portable", space=None, mixer=None, symbolic=false, with_state=false, name="circuit.qasm", start=None))]
    #[allow(clippy::too_many_arguments)]
    fn qasm<'py>(
        &self,
        py: Python<'py>,
        gammas: Option<Vec<f64>>,
        betas: Option<Vec<f64>>,
        p: Option<i64>,
        optimize: bool,
        seed: u64,
        flavor: &str,
        space: Option<&str>,
        mixer: Option<&str>,
        symbolic: bool,
        with_state: bool,
        name: &str,
        start: Option<&str>,
    ) -> PyResult<(String, Bound<'py, PyAny>)> {
        crate::experiments::qasm(
            self,
            py,
            gammas,
            betas,
            p,
            optimize,
            seed,
            flavor,
            (space, mixer, start),
            symbolic,
            with_state,
            name,
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "<quzzle.Encoding {} of {} at {}: {} qubits>",
            self.inner.kind().name(),
            self.inner.file(),
            self.inner.level().name(),
            self.inner.num_qubits()
        )
    }
}
