//! `Qaoa`: the p-layer QAOA of an encoding on a space with a mixer, for a classical optimiser
//! in Python (`scipy.optimize.minimize(q.value_and_gradient, x0, jac=True)`).

use crate::encoding::Encoding;
use crate::{compute, invalid, space_settings, OrPy};
use num_complex::Complex64;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use quzzle::encoding::SuccessStates;
use quzzle::qaoa::Objective;
use quzzle::simulation::{self, Simulation};
use quzzle::Angles;
use std::sync::Arc;

/// `(gammas, betas)` as numpy arrays.
type AnglePair<'py> = (Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<f64>>);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Qaoa>()?;
    Ok(())
}

/// The QAOA circuit of depth `p` on an encoding: cost phase `exp(−iγ C)` then the mixer, from
/// the mixer's start state. Angles are given as `gammas` and `betas` (each of length p) or as
/// one flat vector `[γ_1..γ_p, β_1..β_p]`.
#[pyclass(frozen, module = "quzzle")]
pub struct Qaoa {
    enc: Arc<dyn quzzle::Encoding>,
    sim: Simulation,
    success: SuccessStates,
    p: usize,
    objective: Objective,
}

/// [`Encoding`]'s `qaoa`.
pub(crate) fn build(
    enc: &Encoding,
    py: Python<'_>,
    p: usize,
    (space, mixer, start): (Option<&str>, Option<&str>, Option<&str>),
    objective: &str,
) -> PyResult<Qaoa> {
    crate::check_depth(p)?;
    let settings = space_settings(space, mixer, start)?;
    let spec = crate::objective(objective)?;
    let enc = enc.inner.clone();
    let (sim, success) = compute(py, || {
        let sim = simulation::simulation(enc.as_ref(), &settings)?;
        let success = simulation::success_states(enc.as_ref(), &sim)?;
        Ok::<_, quzzle::Error>((sim, success))
    })
    .or_py()?;
    let objective = spec.to_objective(&success.valid);
    Ok(Qaoa {
        enc,
        sim,
        success,
        p,
        objective,
    })
}

impl Qaoa {
    fn angles(&self, gammas: Vec<f64>, betas: Vec<f64>) -> PyResult<Angles> {
        for (name, v) in [("gammas", &gammas), ("betas", &betas)] {
            if v.len() != self.p {
                return Err(invalid(format!(
                    "{name} has {} number(s); depth {} needs {}",
                    v.len(),
                    self.p,
                    self.p
                )));
            }
        }
        self.checked(Angles::new(gammas, betas).or_py()?)
    }

    /// Refuse angles whose phases overflow: γ times the largest |cost| and 2β must be finite
    /// (past that the simulation gives NaN), as the QASM export refuses such gate angles.
    fn checked(&self, angles: Angles) -> PyResult<Angles> {
        let diagonal = self.sim.qaoa().diagonal();
        let cost = diagonal.min().abs().max(diagonal.max().abs());
        let note = ": the angles times the cost's coefficients overflow; give angles of ordinary size";
        for (l, (&g, &b)) in angles.gammas.iter().zip(&angles.betas).enumerate() {
            for (name, phase) in [("γ", g * cost), ("β", 2.0 * b)] {
                if !phase.is_finite() {
                    let value = if name == "γ" { g } else { b };
                    return Err(crate::error(quzzle::Error::NotFinite {
                        what: format!("the phase of angle {name}_{} = {value}", l + 1),
                        note: note.into(),
                    }));
                }
            }
        }
        Ok(angles)
    }

    fn flat(&self, x: Vec<f64>) -> PyResult<Angles> {
        if x.len() != 2 * self.p {
            return Err(invalid(format!(
                "x has {} number(s); depth {} needs {} (γ_1..γ_p, β_1..β_p)",
                x.len(),
                self.p,
                2 * self.p
            )));
        }
        self.checked(Angles::from_flat(&x).or_py()?)
    }

    fn amplitudes(&self, py: Python<'_>, angles: &Angles) -> PyResult<Vec<Complex64>> {
        self.sim.require_statevector("the statevector").or_py()?;
        compute(py, || self.sim.qaoa().amplitudes(angles)).or_py()
    }
}

#[pymethods]
impl Qaoa {
    /// Depth.
    #[getter]
    fn p(&self) -> usize {
        self.p
    }

    /// Qubits of the circuit.
    #[getter]
    fn num_qubits(&self) -> usize {
        self.sim.qaoa().num_qubits()
    }

    /// Basis states simulated (2^n on the full space; the product of the block sizes on a
    /// block space; cost classes on the Grover mixer's histogram route).
    #[getter]
    fn num_states(&self) -> usize {
        self.sim.qaoa().num_states()
    }

    /// The space simulated (`auto` resolved).
    #[getter]
    fn space(&self) -> &'static str {
        self.sim.space.resolved.name()
    }

    /// The mixer.
    #[getter]
    fn mixer(&self) -> &'static str {
        self.sim.mixer.name()
    }

    /// `statevector` or `histogram` (cost classes: no amplitude per basis state).
    #[getter]
    fn route(&self) -> &'static str {
        self.sim.route().name()
    }

    /// What `value` computes (`energy`, `success`, `cvar:0.25`).
    #[getter]
    fn objective(&self) -> String {
        self.objective.name()
    }

    /// The valid boards' indices in the simulated basis.
    #[getter]
    fn valid_indices<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, &self.success.valid)
    }

    /// P(valid) of uniform sampling of the simulated space: the number to beat.
    #[getter]
    fn uniform_baseline(&self) -> f64 {
        self.sim.states_of(&self.success.valid) / self.sim.dimension()
    }

    /// The simulated basis as bitstrings (qubit 0 first), in the order of `statevector`.
    #[getter]
    fn basis(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.sim.require_statevector("the basis").or_py()?;
        let n = self.sim.qaoa().num_states() as u64;
        // One bitstring per state, held twice while it crosses (Rust's String of n bytes and
        // 24 of header, Python's str of n bytes and 49 of header, and the list's pointer):
        // refused before allocating, as every state is.
        let q = self.sim.qaoa().num_qubits();
        let each = 2 * q as u128 + 24 + 49 + 8;
        quzzle::sim::check_bytes(q, u128::from(n).saturating_mul(each)).or_py()?;
        Ok(compute(py, || (0..n).map(|k| self.sim.bitstring(k)).collect()))
    }

    /// The angles the `ramp` init starts from (a linear ramp scaled to the cost):
    /// `(gammas, betas)`.
    fn ramp_start<'py>(&self, py: Python<'py>) -> PyResult<AnglePair<'py>> {
        let a = quzzle::qaoa::optimize::ramp_start(self.sim.qaoa(), &self.objective, self.p).or_py()?;
        Ok((PyArray1::from_slice(py, &a.gammas), PyArray1::from_slice(py, &a.betas)))
    }

    /// `⟨C⟩`, the expected cost (offset included).
    fn energy(&self, py: Python<'_>, gammas: Vec<f64>, betas: Vec<f64>) -> PyResult<f64> {
        let angles = self.angles(gammas, betas)?;
        compute(py, || self.sim.qaoa().objective(&angles, &Objective::Energy)).or_py()
    }

    /// `⟨C⟩` and its exact gradient `[∂/∂γ_1..γ_p, ∂/∂β_1..β_p]` (adjoint method).
    fn energy_and_gradient<'py>(
        &self,
        py: Python<'py>,
        gammas: Vec<f64>,
        betas: Vec<f64>,
    ) -> PyResult<(f64, Bound<'py, PyArray1<f64>>)> {
        let angles = self.angles(gammas, betas)?;
        let (v, g) = compute(py, || self.sim.qaoa().gradient(&angles, &Objective::Energy)).or_py()?;
        Ok((v, PyArray1::from_vec(py, g)))
    }

    /// The objective at the flat angles `x = [γ_1..γ_p, β_1..β_p]` (what `solve` minimises).
    fn value(&self, py: Python<'_>, x: Vec<f64>) -> PyResult<f64> {
        let angles = self.flat(x)?;
        compute(py, || self.sim.qaoa().objective(&angles, &self.objective)).or_py()
    }

    /// The objective and its exact gradient at the flat angles `x`, as
    /// `scipy.optimize.minimize(q.value_and_gradient, x0, jac=True)` wants them. CVaR has no
    /// gradient (use a derivative-free method with `value`).
    fn value_and_gradient<'py>(&self, py: Python<'py>, x: Vec<f64>) -> PyResult<(f64, Bound<'py, PyArray1<f64>>)> {
        let angles = self.flat(x)?;
        let (v, g) = compute(py, || self.sim.qaoa().gradient(&angles, &self.objective)).or_py()?;
        Ok((v, PyArray1::from_vec(py, g)))
    }

    /// P(valid board) at these angles.
    fn success_probability(&self, py: Python<'_>, gammas: Vec<f64>, betas: Vec<f64>) -> PyResult<f64> {
        let angles = self.angles(gammas, betas)?;
        let e = compute(py, || self.sim.qaoa().evaluate(&angles, &self.success.valid)).or_py()?;
        Ok(e.success_probability)
    }

    /// Energy, P(valid), P(breaks only rules the cost cannot express), and the most likely
    /// basis state with its probability, as a dict.
    fn evaluate<'py>(&self, py: Python<'py>, gammas: Vec<f64>, betas: Vec<f64>) -> PyResult<Bound<'py, PyDict>> {
        let angles = self.angles(gammas, betas)?;
        let (e, non_qubo) = compute(py, || {
            let qaoa = self.sim.qaoa();
            let e = qaoa.evaluate(&angles, &self.success.valid)?;
            let non_qubo = if self.success.non_qubo.is_empty() {
                0.0
            } else {
                qaoa.evaluate(&angles, &self.success.non_qubo)?.success_probability
            };
            Ok::<_, quzzle::Error>((e, non_qubo))
        })
        .or_py()?;
        let d = PyDict::new(py);
        d.set_item("energy", e.energy)?;
        d.set_item("success_probability", e.success_probability)?;
        d.set_item("non_qubo_probability", non_qubo)?;
        d.set_item("top_bitstring", self.sim.bitstring(e.top_state))?;
        d.set_item("top_probability", e.top_probability)?;
        d.set_item("top_is_valid", self.success.valid.binary_search(&e.top_state).is_ok())?;
        Ok(d)
    }

    /// The final state as numpy complex128, in the simulated basis (`basis` names its states:
    /// on the full space index k has qubit q in bit q; on a block space the space's own order).
    fn statevector<'py>(
        &self,
        py: Python<'py>,
        gammas: Vec<f64>,
        betas: Vec<f64>,
    ) -> PyResult<Bound<'py, PyArray1<Complex64>>> {
        let angles = self.angles(gammas, betas)?;
        Ok(PyArray1::from_vec(py, self.amplitudes(py, &angles)?))
    }

    /// `|ψ_k|²` of every simulated basis state (cost classes on the histogram route).
    fn probabilities<'py>(
        &self,
        py: Python<'py>,
        gammas: Vec<f64>,
        betas: Vec<f64>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let angles = self.angles(gammas, betas)?;
        let amps = compute(py, || self.sim.qaoa().amplitudes(&angles)).or_py()?;
        Ok(PyArray1::from_vec(py, amps.iter().map(|a| a.norm_sqr()).collect()))
    }

    /// The board of a simulated basis index.
    fn board(&self, k: u64) -> PyResult<Vec<String>> {
        if k as usize >= self.sim.qaoa().num_states() {
            return Err(invalid(format!(
                "index {k} is not below the {} simulated states",
                self.sim.qaoa().num_states()
            )));
        }
        Ok(self.enc.board_of_bits(&self.sim.qaoa().bits(k)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<quzzle.Qaoa p={} on {} qubits, space {} ({} states), mixer {}, objective {}>",
            self.p,
            self.sim.qaoa().num_qubits(),
            self.sim.space.resolved.name(),
            self.sim.qaoa().num_states(),
            self.sim.mixer.name(),
            self.objective.name()
        )
    }
}
