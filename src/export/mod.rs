//! Exporters: from data to text. The CLI writes the files.
//!
//! [`export_circuit`] is the whole `qasm` job on an encoded puzzle: angles (given, read from a
//! report of the same circuit, or optimised), the OpenQASM 3 text ([`qasm::to_qasm3`]) and the
//! [`Manifest`], the JSON file beside it that says which measured bit is which puzzle cell,
//! which cells the reduction fixed, which bitstrings are valid boards and how likely the
//! circuit is to produce one. [`angles_from_json`] reads angles back from a `solve --json`
//! report or from a manifest, and refuses one written for another circuit.

pub mod batch;
pub mod counts;
pub mod experiment_score;
pub mod json;
pub mod mitigate;
pub mod plan_files;
pub mod predict;
pub mod qasm;
pub mod sample;
pub mod score;
pub mod seed;
pub mod solve_files;

use crate::angles::Angles;
use crate::circuit::Param;
use crate::encoding::{Encoding, FixedCell, QubitCell};
use crate::error::{Error, RequestProblem, Result, Unsupported};
use crate::experiment::solve::{self, SolveSettings};
use crate::qaoa::optimize::{Init, OptimizeConfig};
use crate::simulation::{self, BlockReport, Provenance, SpaceSettings};
use qasm::{Flavor, QasmHeader};
use serde::Serialize;
use std::collections::BTreeMap;

/// How bitstrings are ordered in manifests; written into every manifest.
pub const BIT_ORDER_NOTE: &str = "valid_bitstrings list qubit 0 first (character i is q[i], measured into c[i]); \
Qiskit count keys (also qiskit-ionq's) list qubit 0 last: reverse a count key before comparing; \
IonQ's API keys are decimal integers with qubit 0 the least significant bit (bit_orders has each rule)";

/// How each counts format orders the bits of a measured basis state; written into every
/// manifest so that a reader needs nothing else.
#[derive(Clone, Debug, Serialize)]
pub struct BitOrders {
    /// quzzle's bitstrings (manifests, `quzzle sample --format quzzle`).
    pub quzzle: String,
    /// Qiskit's `get_counts()` keys (also SamplerV2's `data.c.get_counts()`).
    pub qiskit: String,
    /// IonQ's results (`ionq.result.probabilities.json.v1` and `histogram.json.v1`).
    pub ionq: String,
}

impl BitOrders {
    /// The three rules in words.
    pub fn new() -> Self {
        BitOrders {
            quzzle: "a bitstring, qubit 0 first (character i is q[i])".into(),
            qiskit: "a bitstring, qubit 0 rightmost (character n-1-i is q[i], measured into c[i])".into(),
            ionq: "a decimal integer, qubit 0 the least significant bit (q[i] is bit i)".into(),
        }
    }
}

impl Default for BitOrders {
    fn default() -> Self {
        BitOrders::new()
    }
}

/// The JSON manifest written beside an exported circuit (`OUT.json` for `OUT.qasm`).
#[derive(Clone, Debug, Serialize)]
pub struct Manifest {
    /// The QASM file this manifest describes (its file name).
    pub qasm: String,
    /// SHA-256 of that file's text as written: `score` refuses a circuit file that differs
    /// (docs/qasm.md, "An experiment across depths").
    pub qasm_sha256: String,
    /// The puzzle, encoding, reduction, qubits, space, mixer and the basis states the circuit
    /// can reach (2^n on the full space).
    #[serde(flatten)]
    pub provenance: Provenance,
    /// The puzzle text itself: with it, `quzzle score` and `quzzle sample` rebuild the
    /// circuit and check measured boards by the complete rules without the puzzle file.
    pub puzzle_text: String,
    /// Rows and columns of the board.
    pub board_size: [usize; 2],
    /// Depth p.
    pub depth: usize,
    /// The flavour of the QASM text.
    pub flavor: Flavor,
    /// Whether the angles are written as `input float[64]` parameters.
    pub symbolic: bool,
    /// The blocks prepared as Dicke states and mixed by XY gates (none on the full space).
    pub blocks: Vec<BlockReport>,
    /// For every qubit, the puzzle cells it stands for (`negated`: the cell is `1 − x_q`).
    pub qubit_cells: Vec<Vec<QubitCell>>,
    /// Every model variable the reduction decided, with its value: with `qubit_cells`, what
    /// rebuilds a whole board from a measured bitstring.
    pub fixed_cells: Vec<FixedCell>,
    /// The bit-order convention, in words.
    pub bit_order: String,
    /// The bit order of each counts format.
    pub bit_orders: BitOrders,
    /// Bitstrings (qubit 0 first) of the valid boards.
    pub valid_bitstrings: Vec<String>,
    /// How they were found: `diagonal` (every basis state) or `search` (exact search on the
    /// model, when the state is too large to simulate).
    pub valid_bitstrings_method: String,
    /// False when the search stopped at its limit (then the list is a subset).
    pub valid_bitstrings_complete: bool,
    /// γ_1..γ_p.
    pub gammas: Vec<f64>,
    /// β_1..β_p.
    pub betas: Vec<f64>,
    /// In symbolic files, the value of every `input float[64]` parameter, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameters: Option<BTreeMap<String, f64>>,
    /// Probability of measuring a valid board at these angles; `null` when the instance has
    /// too many qubits to simulate.
    pub success_probability: Option<f64>,
    /// `⟨C⟩` at these angles (offset included); `null` when not simulated.
    pub energy: Option<f64>,
    /// `P(q[i] = 1)` for every qubit at these angles (what `quzzle score` draws beside the
    /// measured marginals); `null` when not simulated.
    pub qubit_marginals: Option<Vec<f64>>,
    /// quzzle version.
    pub version: String,
    /// Remarks (e.g. why something is `null`).
    pub notes: Vec<String>,
    /// Grover-mixer circuits only (other manifests keep their fields): the number of gates of
    /// each name as the file writes them (the ionq flavour's in-place expansions counted as
    /// their gates), measurements left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate_counts: Option<BTreeMap<String, usize>>,
    /// Only with `--with-state`: quzzle's statevector at these angles (before measurement),
    /// amplitudes as `[re, im]` pairs, index = basis index, qubit 0 = least significant bit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<Vec<[f64; 2]>>,
    /// SHA-256 of every other field (see [`json::digest_of`]), checked when the manifest is
    /// read back.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub digest: String,
}

fn numbers(v: &serde_json::Value, what: &str, source: &str) -> Result<Vec<f64>> {
    let bad = || Error::malformed(source, format!("`{what}` is not a list of numbers"));
    v.as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|x| x.as_f64().ok_or_else(bad))
        .collect()
}

/// What identifies a circuit's angles: the puzzle text, the encoding, the reduction and the
/// qubits. Angles optimised for one circuit mean nothing for another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CircuitIdentity {
    /// SHA-256 of the puzzle text.
    pub puzzle_sha256: String,
    /// The encoding's name.
    pub encoding: String,
    /// The reduction level's name.
    pub reduce: String,
    /// Qubits.
    pub qubits: usize,
    /// The space (`full` when a document records none).
    pub space: String,
    /// The mixer (`x` when a document records none).
    pub mixer: String,
}

impl CircuitIdentity {
    /// The identity of `enc`'s circuit.
    pub fn of(enc: &dyn Encoding) -> Self {
        CircuitIdentity {
            puzzle_sha256: enc.source_sha256().to_string(),
            encoding: enc.name().to_string(),
            reduce: enc.level().name().to_string(),
            qubits: enc.num_qubits(),
            space: "full".into(),
            mixer: "x".into(),
        }
    }

    /// The identity of `enc`'s circuit on space `space` (resolved) with `mixer`.
    pub fn with_space(enc: &dyn Encoding, space: &str, mixer: &str) -> Self {
        CircuitIdentity {
            space: space.to_string(),
            mixer: mixer.to_string(),
            ..CircuitIdentity::of(enc)
        }
    }

    /// Refuse `doc` (a report or manifest read from `source`) when it names another circuit.
    /// A document without `encoding` predates it and was one-hot; one without
    /// `puzzle_sha256` is refused, since nothing then says which puzzle it was.
    fn check(&self, doc: &serde_json::Value, source: &str) -> Result<()> {
        let text = |k: &str| doc.get(k).and_then(|v| v.as_str()).map(str::to_string);
        let mismatch = |field: &'static str, expected: String, found: String| Error::AnglesMismatch {
            source_file: source.to_string(),
            field,
            expected,
            found,
        };
        match text("puzzle_sha256") {
            Some(h) if h == self.puzzle_sha256 => {}
            Some(h) => return Err(mismatch("puzzle (SHA-256 of its text)", self.puzzle_sha256.clone(), h)),
            None => {
                return Err(mismatch(
                    "puzzle (SHA-256 of its text)",
                    self.puzzle_sha256.clone(),
                    "none recorded".into(),
                ))
            }
        }
        let encoding = text("encoding").unwrap_or_else(|| "onehot".into());
        if encoding != self.encoding {
            return Err(mismatch("encoding", self.encoding.clone(), encoding));
        }
        let reduce = text("reduce").unwrap_or_default();
        if reduce != self.reduce {
            return Err(mismatch("reduce", self.reduce.clone(), reduce));
        }
        let space = text("space").unwrap_or_else(|| "full".into());
        if space != self.space {
            return Err(mismatch("space", self.space.clone(), space));
        }
        let mixer = text("mixer").unwrap_or_else(|| "x".into());
        if mixer != self.mixer {
            return Err(mismatch("mixer", self.mixer.clone(), mixer));
        }
        let qubits = doc.get("qubits").and_then(|v| v.as_u64());
        if qubits != Some(self.qubits as u64) {
            return Err(mismatch(
                "qubits",
                self.qubits.to_string(),
                qubits.map_or("none recorded".into(), |q| q.to_string()),
            ));
        }
        Ok(())
    }
}

/// The depth-`depth` angles of a JSON document: a `quzzle solve --json` report (the entry of
/// `depths` with `p == depth`) or a manifest written by `quzzle qasm` (its `gammas`/`betas`,
/// which must have `depth` entries), written for the circuit `identity`. `source` names the
/// file in error messages.
pub fn angles_from_json(text: &str, source: &str, depth: usize, identity: &CircuitIdentity) -> Result<Angles> {
    let doc: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Error::parse(source, e.line(), format!("not valid JSON: {e}")))?;
    identity.check(&doc, source)?;
    let (gammas, betas) = if let Some(depths) = doc.get("depths").and_then(|d| d.as_array()) {
        let entry = depths
            .iter()
            .find(|d| d.get("p").and_then(|p| p.as_u64()) == Some(depth as u64))
            .ok_or_else(|| {
                let have: Vec<String> = depths
                    .iter()
                    .filter_map(|d| d.get("p").and_then(|p| p.as_u64()))
                    .map(|p| p.to_string())
                    .collect();
                Error::malformed(
                    source,
                    format!(
                        "the report has no angles for depth p = {depth} (it has p = {})",
                        if have.is_empty() {
                            "none".into()
                        } else {
                            have.join(", ")
                        }
                    ),
                )
            })?;
        let get = |k: &str| {
            entry
                .get(k)
                .ok_or_else(|| Error::malformed(source, format!("the p = {depth} entry has no `{k}`")))
        };
        (
            numbers(get("gammas")?, "gammas", source)?,
            numbers(get("betas")?, "betas", source)?,
        )
    } else if let (Some(g), Some(b)) = (doc.get("gammas"), doc.get("betas")) {
        (numbers(g, "gammas", source)?, numbers(b, "betas", source)?)
    } else {
        return Err(Error::malformed(
            source,
            "neither a solve report (no `depths`) nor a circuit manifest (no `gammas`/`betas`)",
        ));
    };
    if gammas.len() != depth || betas.len() != depth {
        return Err(Error::malformed(
            source,
            format!(
                "has {} gammas and {} betas, depth {depth} needs {depth} of each",
                gammas.len(),
                betas.len()
            ),
        ));
    }
    Angles::new(gammas, betas)
}

/// The settings of an export: `space` as given, except that where it names neither space nor
/// mixer ([`Chosen::Recommend`](crate::simulation::Chosen)) and the angles come from a report or
/// a manifest, that document's space and mixer (its angles belong to its own circuit; `solve`
/// and `qasm` left to their defaults may recommend different ones, `qasm` ranking only
/// circuits that export).
pub fn settings_for_angles(space: &SpaceSettings, angles: &AngleSource) -> Result<SpaceSettings> {
    let AngleSource::Report { text, source } = angles else {
        return Ok(*space);
    };
    if space.chosen != crate::simulation::Chosen::Recommend {
        return Ok(*space);
    }
    let doc: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Error::parse(source, e.line(), format!("not valid JSON: {e}")))?;
    let name = |k: &str, default: &'static str| doc.get(k).and_then(|v| v.as_str()).unwrap_or(default).to_string();
    let wrap = |e: Error| Error::malformed(source, e);
    Ok(SpaceSettings {
        space: name("space", "full").parse().map_err(wrap)?,
        mixer: name("mixer", "x").parse().map_err(wrap)?,
        start: space.start,
        chosen: crate::simulation::Chosen::Given,
    })
}

/// Valid boards kept in a manifest when they come from search (no statevector).
pub const MANIFEST_SEARCH_KEEP: usize = 10_000;

/// Search nodes spent at most on a manifest's valid boards (a few seconds): exporting a
/// circuit must not wait on counting the solutions of an open board. The list is then marked
/// incomplete, with a note.
pub const MANIFEST_SEARCH_NODES: u64 = 20_000;

/// Where the angles of an exported circuit come from.
#[derive(Clone, Debug, PartialEq)]
pub enum AngleSource {
    /// These angles.
    Given(Angles),
    /// A `solve --json` report or a manifest of the same circuit: its text, and its name for
    /// messages.
    Report {
        /// The document.
        text: String,
        /// Its file name.
        source: String,
    },
    /// Optimised here: energy objective, INTERP over depths 1..=p, L-BFGS, this seed.
    Optimize {
        /// Seed.
        seed: u64,
    },
}

/// What to export.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportRequest {
    /// Depth p.
    pub depth: crate::checked::Depth,
    /// The angles.
    pub angles: AngleSource,
    /// The QASM flavour.
    pub flavor: Flavor,
    /// Write the angles as `input float[64]` parameters (portable flavour only).
    pub symbolic: bool,
    /// Put the statevector at these angles into the manifest.
    pub with_state: bool,
    /// The QASM file's name, recorded in the manifest; `None`: no manifest is wanted, so
    /// nothing is simulated or searched unless the angles need it.
    pub qasm_name: Option<String>,
    /// The space the circuit keeps to, and its mixer.
    pub space: SpaceSettings,
}

/// An exported circuit: the QASM text and its manifest.
#[derive(Clone, Debug)]
pub struct CircuitExport {
    /// OpenQASM 3 text.
    pub text: String,
    /// The manifest, when one was asked for.
    pub manifest: Option<Manifest>,
    /// Gate counts (h, rx, rz, rzz, cx).
    pub counts: (usize, usize, usize, usize, usize),
    /// XY gates (`xx_plus_yy`).
    pub xy_gates: usize,
}

/// Export `enc`'s QAOA circuit. Simulates it (for the success probability and the valid
/// bitstrings) when the state fits; otherwise the valid bitstrings come from exact search and
/// the simulated numbers are `null`, unless the request needs the state (optimising, or
/// `with_state`), which is then an error.
pub fn export_circuit(enc: &dyn Encoding, req: &ExportRequest) -> Result<CircuitExport> {
    if req.symbolic && req.flavor != Flavor::Portable {
        return Err(Unsupported::SymbolicFlavour {
            flavour: req.flavor.name(),
        }
        .into());
    }
    let n = enc.num_qubits();
    if n == 0 {
        return Err(Error::NoQubits {
            file: enc.file().to_string(),
            level: enc.level().name(),
        });
    }
    let mut notes = enc.notes();
    let settings = simulation::circuit_settings(enc, &settings_for_angles(&req.space, &req.angles)?)?;
    let space = simulation::space_of(enc, &settings)?;
    // Blocks whose start the circuit cannot prepare are refused before anything is simulated.
    simulation::mixers::entry(settings.mixer).check_circuit(enc, &space)?;
    let sim = simulation_for_export(enc, req, &settings, &space, &mut notes)?;
    let valid = ValidStates::of(enc, sim.as_ref(), req.qasm_name.is_some(), &mut notes)?;
    let p = req.depth.get();
    let angles = resolve_angles(
        enc,
        sim.as_ref(),
        &CircuitIdentity::with_space(enc, space.resolved.name(), settings.mixer.name()),
        &valid.indices,
        p,
        &req.angles,
    )?;
    let header = QasmHeader {
        file: enc.file().to_string(),
        reduce: enc.level().name().into(),
        depth: p,
        angles: angles.clone(),
        qubit_cells: enc.qubit_cells(),
    };
    let circuit = simulation::circuit(enc, &space, settings.mixer, &angles)?;
    let text = qasm::to_qasm3_of_mixer(&circuit, &header, req.flavor, req.symbolic, settings.mixer)?;
    let Some(qasm_name) = req.qasm_name.clone() else {
        return Ok(CircuitExport {
            text,
            manifest: None,
            counts: circuit.counts(),
            xy_gates: circuit.xy_gate_count(),
        });
    };
    let measured = match &sim {
        Some(sim) => Measured::of(sim, &angles, &valid.indices, req.with_state)?,
        None => Measured::default(),
    };
    let parameters = req.symbolic.then(|| {
        (0..p)
            .flat_map(|l| {
                [
                    (qasm::parameter_name(Param::Gamma(l), p), angles.gammas[l]),
                    (qasm::parameter_name(Param::Beta(l), p), angles.betas[l]),
                ]
            })
            .collect()
    });
    let manifest = Manifest {
        qasm: qasm_name,
        qasm_sha256: crate::encoding::sha256_hex(&text),
        provenance: Provenance {
            dimension: space.dimension,
            start: simulation::provenance::simulated_start(settings.mixer, space.start),
            chosen: settings.chosen.text(),
            ..Provenance::unsimulated(enc, space.resolved, settings.mixer)
        },
        puzzle_text: enc.source_text().to_string(),
        board_size: {
            let (rows, cols) = enc.puzzle().size();
            [rows, cols]
        },
        depth: p,
        flavor: req.flavor,
        symbolic: req.symbolic,
        blocks: space.blocks.iter().map(BlockReport::from).collect(),
        qubit_cells: header.qubit_cells,
        fixed_cells: enc.fixed_cells(),
        bit_order: BIT_ORDER_NOTE.into(),
        bit_orders: BitOrders::new(),
        valid_bitstrings: valid.bitstrings,
        valid_bitstrings_method: valid.method.into(),
        valid_bitstrings_complete: valid.complete,
        gammas: angles.gammas.clone(),
        betas: angles.betas.clone(),
        parameters,
        success_probability: measured.success_probability,
        energy: measured.energy,
        qubit_marginals: measured.marginals,
        version: env!("CARGO_PKG_VERSION").into(),
        notes,
        gate_counts: (settings.mixer == crate::mixer::MixerKind::Grover)
            .then(|| qasm::written_gate_counts(&circuit, req.flavor)),
        state: measured.state,
        digest: String::new(),
    };
    let manifest = Manifest {
        digest: json::digest_of(&serde_json::to_value(&manifest).expect("manifests serialise")),
        ..manifest
    };
    Ok(CircuitExport {
        text,
        manifest: Some(manifest),
        counts: circuit.counts(),
        xy_gates: circuit.xy_gate_count(),
    })
}

/// The simulation an export reads its angles, valid states and probabilities from; `None`
/// where it needs none (no manifest, angles given) or the state does not fit and nothing
/// needs it (the manifest's numbers are then `null`, with a note saying why). Optimising
/// the angles or writing the state needs one: a state that does not fit is then the error.
fn simulation_for_export(
    enc: &dyn Encoding,
    req: &ExportRequest,
    settings: &simulation::SpaceSettings,
    space: &crate::encoding::space::Space,
    notes: &mut Vec<String>,
) -> Result<Option<simulation::Simulation>> {
    let needs_state = matches!(req.angles, AngleSource::Optimize { .. }) || req.with_state;
    // The Grover mixer on a space too large for a statevector runs by cost classes, whose
    // indices are no bitstrings: the manifest then takes the path of a state that does not fit.
    let histogram = simulation::uses_histogram(enc, settings)?;
    let simulated = if histogram {
        None
    } else {
        Some(simulation::simulation(enc, settings))
    };
    match simulated {
        _ if !needs_state && req.qasm_name.is_none() => Ok(None),
        None => {
            if needs_state {
                return Err(Unsupported::NoStatevector {
                    what: format!("{}: optimising the angles or writing the state", enc.file()),
                    space: space.resolved,
                    log2_dimension: space.log2_dimension(),
                }
                .into());
            }
            notes.push(format!(
                "not simulated as a statevector (space {} has 2^{:.2} states): success_probability and energy are null; valid_bitstrings come from exact search",
                space.resolved,
                space.log2_dimension()
            ));
            Ok(None)
        }
        Some(Ok(sim)) => Ok(Some(sim)),
        Some(Err(e @ (Error::DoesNotFit { .. } | Error::SpaceTooLarge { .. }))) if !needs_state => {
            notes.push(format!(
                "not simulated ({e}): success_probability and energy are null; valid_bitstrings come from exact search"
            ));
            Ok(None)
        }
        Some(Err(e)) => Err(e),
    }
}

/// The valid states an export names: from the simulated diagonal, else (for a manifest) from
/// exact search, else none.
struct ValidStates {
    /// Their indices in the simulated space (empty without a simulation).
    indices: Vec<u64>,
    /// Their bitstrings, as the manifest lists them.
    bitstrings: Vec<String>,
    /// `diagonal`, `search` or `none`.
    method: &'static str,
    /// Whether every valid bitstring is listed.
    complete: bool,
}

impl ValidStates {
    fn of(
        enc: &dyn Encoding,
        sim: Option<&simulation::Simulation>,
        manifest: bool,
        notes: &mut Vec<String>,
    ) -> Result<ValidStates> {
        Ok(match sim {
            Some(sim) => {
                let success = simulation::success_states(enc, sim)?;
                if !success.non_qubo.is_empty() {
                    notes.push(format!(
                        "{} zero-energy bitstring(s) break only rules the cost cannot express; they are not in valid_bitstrings",
                        success.non_qubo.len()
                    ));
                }
                let bitstrings = success.valid.iter().map(|&k| sim.bitstring(k)).collect();
                ValidStates {
                    indices: success.valid,
                    bitstrings,
                    method: "diagonal",
                    complete: true,
                }
            }
            None if manifest => {
                let (bitstrings, complete, stopped) = valid_bitstrings_by_search(enc, MANIFEST_SEARCH_KEEP)?;
                if stopped {
                    notes.push(format!(
                        "the search for valid bitstrings stopped after {MANIFEST_SEARCH_NODES} nodes: valid_bitstrings holds the {} found so far",
                        bitstrings.len()
                    ));
                }
                ValidStates {
                    indices: Vec::new(),
                    bitstrings,
                    method: "search",
                    complete,
                }
            }
            None => ValidStates {
                indices: Vec::new(),
                bitstrings: Vec::new(),
                method: "none",
                complete: false,
            },
        })
    }
}

/// What the manifest reports of the simulated state at the angles (all `None` unsimulated).
#[derive(Default)]
struct Measured {
    success_probability: Option<f64>,
    energy: Option<f64>,
    state: Option<Vec<[f64; 2]>>,
    marginals: Option<Vec<f64>>,
}

impl Measured {
    fn of(sim: &simulation::Simulation, angles: &Angles, valid: &[u64], with_state: bool) -> Result<Measured> {
        let eval = sim.qaoa().evaluate(angles, valid)?;
        // Finite gate angles can still overflow in a sum of terms: refuse, never write NaN.
        if !(eval.success_probability.is_finite() && eval.energy.is_finite()) {
            return Err(Error::NotFinite {
                what: format!(
                    "the energy at the angles (γ = {:?}, β = {:?})",
                    angles.gammas, angles.betas
                ),
                note: format!(
                    " ({}): the angles are too large to simulate; give angles of ordinary size",
                    eval.energy
                ),
            });
        }
        let state = if with_state {
            Some(simulation::embedded_state(sim, angles)?)
        } else {
            None
        };
        let marginals = crate::experiment::sample::Distribution::of(sim, angles)?.qubit_marginals();
        Ok(Measured {
            success_probability: Some(eval.success_probability),
            energy: Some(eval.energy),
            state,
            marginals: Some(marginals),
        })
    }
}

/// The angles of a depth-`p` circuit from `source`: given (their count checked), read from a
/// report or manifest of the circuit `identity`, or optimised on `sim` (energy objective,
/// INTERP over depths 1..=p, L-BFGS) with `valid` the success states.
pub fn resolve_angles(
    enc: &dyn Encoding,
    sim: Option<&simulation::Simulation>,
    identity: &CircuitIdentity,
    valid: &[u64],
    p: usize,
    source: &AngleSource,
) -> Result<Angles> {
    let angles = match source {
        AngleSource::Given(a) => {
            if a.p() != p {
                return Err(Error::AngleCount {
                    expected: p,
                    got: a.p(),
                });
            }
            a.clone()
        }
        AngleSource::Report { text, source } => angles_from_json(text, source, p, identity)?,
        AngleSource::Optimize { seed } => {
            let Some(sim) = sim else {
                return Err(Unsupported::NoStateToOptimise {
                    file: enc.file().to_string(),
                }
                .into());
            };
            let settings = SolveSettings {
                depths: crate::checked::Depths::up_to(p)?,
                init: Init::Interp,
                config: OptimizeConfig {
                    seed: *seed,
                    ..OptimizeConfig::default()
                },
                ..SolveSettings::default()
            };
            let objective = settings.objective.to_objective(valid);
            let success = crate::encoding::SuccessStates {
                valid: valid.to_vec(),
                non_qubo: Vec::new(),
                feasible: Vec::new(),
                feasible_objective: Vec::new(),
            };
            let results = solve::run_depths(
                sim,
                &objective,
                &success,
                &settings.depths,
                settings.init,
                &settings.config,
            )?;
            let Some(last) = results.last() else {
                return Err(Error::Request(RequestProblem::NoDepthToOptimise));
            };
            Angles::new(last.gammas.clone(), last.betas.clone())?
        }
    };
    // Angles built by hand skip `Angles::new`; check them here as every other path does.
    Angles::new(angles.gammas, angles.betas)
}

/// Bitstrings (qubit 0 first) of valid boards found by exact search, with no statevector: at
/// most `keep` of them, whether the list is every valid board, and whether the node budget
/// stopped the search.
pub(crate) fn valid_bitstrings_by_search(enc: &dyn Encoding, keep: usize) -> Result<(Vec<String>, bool, bool)> {
    let found = enc.search_bounded(keep, MANIFEST_SEARCH_NODES)?;
    // Without the budget, only the solution cap leaves a search incomplete.
    let stopped = !found.complete && found.ground_states < crate::encoding::onehot::SEARCH_NODE_LIMIT;
    let mut strings: Vec<String> = found
        .boards
        .iter()
        .filter_map(|b| enc.bits_of_board(b))
        .map(|bits| bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
        .collect();
    strings.sort();
    strings.dedup();
    let complete = found.complete && found.solution_count == strings.len();
    Ok((strings, complete, stopped))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity() -> CircuitIdentity {
        CircuitIdentity {
            puzzle_sha256: "ab".into(),
            encoding: "onehot".into(),
            reduce: "paper".into(),
            qubits: 3,
            space: "full".into(),
            mixer: "x".into(),
        }
    }

    const ID: &str = r#""puzzle_sha256": "ab", "encoding": "onehot", "reduce": "paper", "qubits": 3"#;

    #[test]
    fn reads_reports_and_manifests() {
        let id = identity();
        let report = format!(
            r#"{{{ID}, "depths": [{{"p": 1, "gammas": [0.1], "betas": [0.2]}},
                                    {{"p": 2, "gammas": [0.1, 0.3], "betas": [0.2, 0.4]}}]}}"#
        );
        let a = angles_from_json(&report, "r.json", 2, &id).unwrap();
        assert_eq!(a.gammas, vec![0.1, 0.3]);
        let e = angles_from_json(&report, "r.json", 3, &id).unwrap_err().to_string();
        assert!(e.contains("r.json") && e.contains("p = 3") && e.contains("1, 2"), "{e}");
        let manifest = format!(r#"{{{ID}, "depth": 1, "gammas": [0.5], "betas": [0.25]}}"#);
        assert_eq!(angles_from_json(&manifest, "m.json", 1, &id).unwrap().betas, vec![0.25]);
        assert!(angles_from_json(&manifest, "m.json", 2, &id)
            .unwrap_err()
            .to_string()
            .contains("m.json"));
        assert!(matches!(
            angles_from_json("{", "x.json", 1, &id),
            Err(Error::Parse { line: 1, .. })
        ));
        assert!(angles_from_json(&format!("{{{ID}}}"), "x.json", 1, &id).is_err());
        let bad = format!(r#"{{{ID}, "gammas": ["a"], "betas": [1]}}"#);
        assert!(angles_from_json(&bad, "x.json", 1, &id).is_err());
    }

    #[test]
    fn refuses_angles_of_another_circuit() {
        let id = identity();
        for (doc, field) in [
            (
                r#"{"puzzle_sha256": "cd", "encoding": "onehot", "reduce": "paper", "qubits": 3}"#,
                "puzzle (SHA-256 of its text)",
            ),
            (
                r#"{"encoding": "onehot", "reduce": "paper", "qubits": 3}"#,
                "puzzle (SHA-256 of its text)",
            ),
            (
                r#"{"puzzle_sha256": "ab", "encoding": "compact", "reduce": "paper", "qubits": 3}"#,
                "encoding",
            ),
            (r#"{"puzzle_sha256": "ab", "reduce": "none", "qubits": 3}"#, "reduce"),
            (r#"{"puzzle_sha256": "ab", "reduce": "paper", "qubits": 4}"#, "qubits"),
        ] {
            let doc = doc.replace('}', r#", "gammas": [0.5], "betas": [0.25]}"#);
            match angles_from_json(&doc, "r.json", 1, &id) {
                Err(Error::AnglesMismatch { field: f, .. }) => assert_eq!(f, field, "{doc}"),
                other => panic!("{doc}: {other:?}"),
            }
        }
    }
}
