//! Noise at the gate level on the full 2^n state, for the circuits the layered X-mixer path
//! does not take: block spaces with XY mixers (their Dicke preparation included) and the Grover
//! mixer. A Pauli error leaves a block space, so these trajectories run every gate on all 2^n
//! amplitudes. The circuit is first written in the gates a device runs (`h`, `x`, `rx`, `ry`,
//! `rz`, `cx`: [`crate::circuit::expand::native`], as the ionq flavour writes it), and each gate
//! draws its error by the model's rate for its kind: `p1` after `h`, `x`, `rx` and `ry`, `p_rz`
//! after `rz`, `p2` (one of the 15 two-qubit Paulis) after `cx`; readout flips as on the X path.
//!
//! Determinism as on the X path: trajectory t draws from its own stream of the estimate's seed,
//! the gates run on kernels whose results do not depend on the thread count, and the
//! trajectories are summed in order.

use super::program::{GateCounts, Pauli};
use super::trajectories::{draw_one, draw_shots, draw_two, Draws, NoisyEstimate, Readout, TRAJECTORIES_TASK};
use super::NoiseModel;
use crate::budget::Cancel;
use crate::circuit::{expand, Circuit, Gate};
use crate::error::{Error, Result, Unsupported};
use crate::rng::SeededRng;
use crate::sim::kernels::{self, Phase};
use crate::sim::reference::{h_matrix, rx_matrix, ry_matrix, rz_matrix, x_matrix};
use num_complex::Complex64;

/// A circuit in native gates, ready for trajectories.
#[derive(Clone, Debug, PartialEq)]
pub struct GateProgram {
    /// Qubits.
    pub num_qubits: usize,
    /// The gates, each `h`, `x`, `rx`, `ry`, `rz` or `cx`.
    pub gates: Vec<Gate>,
}

/// The errors of one trajectory: after gate i, the Pauli; ascending in i.
pub type GateEvents = Vec<(usize, Pauli)>;

impl GateProgram {
    /// `circuit` in native gates. More than 64 qubits cannot be a full statevector here.
    pub fn new(circuit: &Circuit) -> Result<GateProgram> {
        let n = circuit.num_qubits;
        if n > super::MAX_QUBITS {
            return Err(Unsupported::NoiseCircuit {
                what: format!("{n} qubits, more than {}", super::MAX_QUBITS),
            }
            .into());
        }
        Ok(GateProgram {
            num_qubits: n,
            gates: expand::native(&circuit.gates),
        })
    }

    /// Gates per kind (`x` and `ry` beside the X path's four).
    pub fn gate_counts(&self) -> GateCounts {
        let mut c = GateCounts::default();
        for g in &self.gates {
            match g {
                Gate::H(_) => c.h += 1,
                Gate::X(_) => c.x += 1,
                Gate::Rx(..) => c.rx += 1,
                Gate::Ry(..) => c.ry += 1,
                Gate::Rz(..) => c.rz += 1,
                _ => c.cx += 1,
            }
        }
        c
    }

    /// The errors of one trajectory.
    pub fn sample_events(&self, model: &NoiseModel, rng: &mut SeededRng) -> GateEvents {
        let mut events = Vec::new();
        for (i, g) in self.gates.iter().enumerate() {
            let e = match *g {
                Gate::H(q) | Gate::X(q) | Gate::Rx(q, _) | Gate::Ry(q, _) => draw_one(q, model.p1, rng),
                Gate::Rz(q, _) => draw_one(q, model.p_rz, rng),
                Gate::Cx(a, b) => draw_two(a, b, model.p2, rng),
                // `native` leaves no other gate.
                _ => Pauli::I,
            };
            if e != Pauli::I {
                events.push((i, e));
            }
        }
        events
    }

    /// Apply gates `from..` to `amps`, each followed by its error in `events`, reading `cancel`
    /// every million amplitude updates or so (a trajectory on 2^26 amplitudes runs for minutes).
    fn run_from(&self, amps: &mut [Complex64], from: usize, events: &[(usize, Pauli)], cancel: &Cancel) -> Result<()> {
        let every = gates_per_check(amps.len());
        let mut next = events.iter().skip_while(|e| e.0 < from).peekable();
        for (i, g) in self.gates.iter().enumerate().skip(from) {
            if (i - from).is_multiple_of(every) {
                cancel.check(TRAJECTORIES_TASK)?;
            }
            apply(amps, g);
            while let Some(&&(at, p)) = next.peek() {
                if at != i {
                    break;
                }
                kernels::apply_diagonal_pauli(amps, Phase::None, &[], p.x, p.z, p.global());
                next.next();
            }
        }
        Ok(())
    }
}

/// Gates between two reads of the stop request on `len` amplitudes: about a million amplitude
/// updates, far under a second.
fn gates_per_check(len: usize) -> usize {
    ((1usize << 20) / len.max(1)).max(1)
}

/// One native gate.
pub(crate) fn apply(amps: &mut [Complex64], g: &Gate) {
    match *g {
        Gate::H(q) => kernels::apply_single(amps, q, &h_matrix()),
        Gate::X(q) => kernels::apply_single(amps, q, &x_matrix()),
        Gate::Rx(q, a) => kernels::apply_single(amps, q, &rx_matrix(a.value)),
        Gate::Ry(q, a) => kernels::apply_single(amps, q, &ry_matrix(a.value)),
        Gate::Rz(q, a) => kernels::apply_single(amps, q, &rz_matrix(a.value)),
        Gate::Cx(c, t) => kernels::apply_cx(amps, c, t),
        // `native` leaves no other gate; the reference runs anything else exactly.
        other => crate::sim::reference::apply_gates(amps, &[other]),
    }
}

/// The noiseless state after every `stride` gates, when they fit in 1 GiB: a trajectory whose
/// first error is at gate i starts from the last one at or before it.
struct Checkpoints {
    stride: usize,
    states: Vec<Vec<Complex64>>,
}

impl Checkpoints {
    fn new(prog: &GateProgram, cancel: &Cancel) -> Result<Checkpoints> {
        let n = prog.num_qubits;
        let state_bytes = 16u128 << n;
        let room = ((1u128 << 30) / state_bytes).min(64) as usize;
        let g = prog.gates.len();
        if room < 2 || g < 2 || crate::sim::check_bytes(n, state_bytes * room as u128 * 2).is_err() {
            return Ok(Checkpoints {
                stride: usize::MAX,
                states: Vec::new(),
            });
        }
        let stride = g.div_ceil(room - 1).max(1);
        let mut amps = basis_zero(n);
        let mut states = vec![amps.clone()];
        // states[j] is the state before gate j·stride.
        for j in 1..room {
            let (a, b) = ((j - 1) * stride, (j * stride).min(g));
            if a >= g {
                break;
            }
            prog.gates[a..b]
                .iter()
                .enumerate()
                .try_for_each(|(i, gate)| -> Result<()> {
                    if i.is_multiple_of(gates_per_check(amps.len())) {
                        cancel.check(TRAJECTORIES_TASK)?;
                    }
                    apply(&mut amps, gate);
                    Ok(())
                })?;
            states.push(amps.clone());
        }
        Ok(Checkpoints { stride, states })
    }

    /// The state of a trajectory with `events` into `amps`.
    fn run(
        &self,
        prog: &GateProgram,
        amps: &mut [Complex64],
        events: &[(usize, Pauli)],
        cancel: &Cancel,
    ) -> Result<()> {
        let first = events.first().map_or(prog.gates.len(), |e| e.0);
        let j = if self.states.is_empty() {
            None
        } else {
            Some((first / self.stride).min(self.states.len() - 1))
        };
        match j {
            Some(j) => {
                amps.copy_from_slice(&self.states[j]);
                prog.run_from(amps, j * self.stride, events, cancel)
            }
            None => {
                amps.fill(Complex64::new(0.0, 0.0));
                amps[0] = Complex64::new(1.0, 0.0);
                prog.run_from(amps, 0, events, cancel)
            }
        }
    }
}

fn basis_zero(n: usize) -> Vec<Complex64> {
    let mut amps = vec![Complex64::new(0.0, 0.0); 1 << n];
    amps[0] = Complex64::new(1.0, 0.0);
    amps
}

/// The state of one trajectory with the given errors, from scratch (the test oracle).
pub fn trajectory_state(prog: &GateProgram, events: &[(usize, Pauli)]) -> Result<Vec<Complex64>> {
    crate::sim::check_bytes(prog.num_qubits, 16u128 << prog.num_qubits)?;
    let mut amps = basis_zero(prog.num_qubits);
    prog.run_from(&mut amps, 0, events, &Cancel::never())?;
    Ok(amps)
}

/// Refuse, before any work, a gate-level run whose full state (with the readout weights, the
/// cost and the trajectory's state) would not fit.
pub fn check_fits(n: usize) -> Result<()> {
    crate::sim::check_bytes(n, 48u128 << n)
}

/// P(valid) (`valid`: full-space indices, ascending) and the energy on `cost` (the full cost
/// of every basis state) of `prog` under the model of `draws`, from its seeded trajectories.
pub fn estimate(prog: &GateProgram, valid: &[u64], cost: &[f64], draws: &Draws<'_>) -> Result<NoisyEstimate> {
    let (model, trajectories, _, cancel) = draws.parts();
    let n = prog.num_qubits;
    check_fits(n)?;
    if cost.len() != 1 << n {
        return Err(Error::LengthMismatch {
            what: "the cost diagonal".to_string(),
            expected: 1 << n,
            got: cost.len(),
        });
    }
    let began = std::time::Instant::now();
    let far = |e| super::trajectories::how_far(e, 0, trajectories, began);
    let checkpoints = Checkpoints::new(prog, cancel).map_err(far)?;
    let mut amps = basis_zero(n);
    checkpoints.run(prog, &mut amps, &[], cancel).map_err(far)?;
    let noiseless = (
        kernels::probability_of(&amps, valid),
        kernels::expectation_dense(&amps, cost),
    );
    let readout = Readout::new(
        valid,
        model.readout,
        1 << n,
        |k| cost[k],
        |amps: &[Complex64]| kernels::expectation_dense(amps, cost),
    );
    let v0 = readout.measure(&amps);
    let values = super::trajectories::run_trajectories(draws, |rng| {
        let events = prog.sample_events(model, rng);
        if events.is_empty() {
            return Ok(None);
        }
        checkpoints.run(prog, &mut amps, &events, cancel)?;
        Ok(Some(readout.measure(&amps)))
    })?;
    let (route, counts) = (crate::simulation::mixers::NoiseRoute::GateByGate, prog.gate_counts());
    Ok(NoisyEstimate::from_trajectories(
        draws, route, &counts, &values, v0, noiseless, began, None,
    ))
}

/// `shots` noisy measurements of `prog`, as [`super::sample_counts`] draws them on the X path.
pub fn sample_counts(
    prog: &GateProgram,
    shots: crate::checked::Shots,
    draws: &Draws<'_>,
) -> Result<crate::bits::CountMap> {
    let (model, cancel) = (draws.model, draws.cancel);
    let n = prog.num_qubits;
    check_fits(n)?;
    let checkpoints = Checkpoints::new(prog, cancel)?;
    let mut amps = basis_zero(n);
    let mut cumulative = vec![0.0; 1 << n];
    super::trajectories::sample_by_trajectory(draws, shots, "", |rng, mine, counts| {
        let events = prog.sample_events(model, rng);
        checkpoints.run(prog, &mut amps, &events, cancel)?;
        draw_shots(&amps, &mut cumulative, mine, model.readout, rng, counts);
        Ok(())
    })
}
