//! The way back from hardware: measured counts against the manifest of the circuit that
//! produced them. Every measured bitstring is rebuilt into a board (the manifest's fixed
//! cells and the measured qubits, through the puzzle text the manifest carries) and checked by
//! the complete rules; the fraction of valid boards gets an exact 95 % interval, which either
//! holds the simulated P(valid) or says that the device (or the bit order) differs.

use super::counts::{read_counts, Counts, CountsFormat};
use super::json::{digest_of, parse_unique, DIGEST_KEY};
use crate::angles::Angles;
use crate::bits::BasisState;
use crate::encoding::{self, Encoding, EncodingKind};
use crate::error::{clip_quote, Error, ManifestProblem, Quantity, Result};
use crate::experiment::interval::clopper_pearson;
use crate::model::Level;
use crate::puzzle::{Board, Verdict};
use crate::simulation::SpaceSettings;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Shots from which IonQ's QPUs debias a job by default (docs/qasm.md, "IonQ"), so that
/// results may be sharpened.
pub const IONQ_DEBIAS_SHOTS: u64 = 500;

/// The confidence of the interval `quzzle score` reports unless told otherwise.
pub const SCORE_CONFIDENCE: f64 = 0.95;

/// What `score` and `sample` need of a manifest written by `quzzle qasm`.
#[derive(Clone, Debug, PartialEq)]
pub struct ManifestDoc {
    /// The manifest file, for messages.
    pub source: String,
    /// The puzzle file it was exported from (a label now: the text is embedded).
    pub file: String,
    /// The puzzle text.
    pub puzzle_text: String,
    /// Its SHA-256.
    pub puzzle_sha256: String,
    /// The encoding.
    pub encoding: EncodingKind,
    /// The reduction level.
    pub level: Level,
    /// The penalty overrides the cost was built with (docs/lp.md, "Penalties").
    pub penalties: crate::checked::Penalties,
    /// The space and mixer.
    pub space: SpaceSettings,
    /// Qubits.
    pub qubits: usize,
    /// The angles (`None` for the seed's Grover circuit, which has iterations instead).
    pub angles: Option<Angles>,
    /// The seed's Grover circuit (`quzzle grover --qasm`): its iterations, and how many of
    /// its leading qubits hold the board (the rest are ancillas and the target).
    pub grover_seed: Option<GroverSeedCircuit>,
    /// Simulated P(valid) at those angles (`None` when not simulated).
    pub success_probability: Option<f64>,
    /// Simulated `P(q[i] = 1)` (`None` when not simulated or written by an older quzzle).
    pub qubit_marginals: Option<Vec<f64>>,
    /// Valid bitstrings (qubit 0 first).
    pub valid_bitstrings: Vec<String>,
    /// Whether that list is every valid board.
    pub valid_complete: bool,
    /// Basis states the circuit reaches.
    pub dimension: f64,
    /// `(cell, value)` of every fixed model variable.
    pub fixed_cells: Vec<(String, bool)>,
    /// For every qubit, `(cell, negated)` of the variables it stands for.
    pub qubit_cells: Vec<Vec<(String, bool)>>,
    /// The circuit file the manifest describes (`qasm`; `None` in manifests without it).
    pub qasm_file: Option<String>,
    /// SHA-256 of that file's text (`qasm_sha256`; `None` in manifests of older exports).
    pub qasm_sha256: Option<String>,
    /// The digest the manifest records (`None`: no digest). Whether it matches the fields is
    /// checked by [`ManifestDoc::encoding`].
    pub recorded_digest: Option<String>,
    /// Whether the recorded digest matches the fields (`None`: no digest).
    digest_matches: Option<bool>,
}

/// What a manifest of the seed's Grover circuit adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroverSeedCircuit {
    /// Grover iterations.
    pub iterations: usize,
    /// The leading qubits that hold the board.
    pub board_qubits: usize,
}

impl ManifestDoc {
    /// Qubits that hold the board: all of them, except in the seed's Grover circuit.
    pub fn board_qubits(&self) -> usize {
        self.grover_seed.map_or(self.qubits, |g| g.board_qubits)
    }

    /// The manifest `m` as read back, without a round trip through its JSON (`sample` on a
    /// puzzle file builds the manifest of the circuit it draws from in the same process).
    pub fn of(m: &super::Manifest, source: &str) -> Result<Self> {
        let v = &m.provenance;
        Ok(ManifestDoc {
            source: source.to_string(),
            file: v.file.clone(),
            puzzle_text: m.puzzle_text.clone(),
            puzzle_sha256: v.puzzle_sha256.clone(),
            encoding: v.encoding,
            level: v.reduce,
            penalties: v.penalty.clone(),
            space: SpaceSettings {
                space: v.space,
                mixer: v.mixer,
                start: v.start.unwrap_or_default(),
                chosen: crate::simulation::Chosen::Given,
            },
            qubits: v.qubits,
            angles: Some(Angles::new(m.gammas.clone(), m.betas.clone())?),
            grover_seed: None,
            success_probability: m.success_probability,
            qubit_marginals: m.qubit_marginals.clone(),
            valid_bitstrings: m.valid_bitstrings.clone(),
            valid_complete: m.valid_bitstrings_complete,
            dimension: v.dimension,
            fixed_cells: m.fixed_cells.iter().map(|c| (c.cell.clone(), c.value)).collect(),
            qubit_cells: m
                .qubit_cells
                .iter()
                .map(|q| q.iter().map(|c| (c.cell.clone(), c.negated)).collect())
                .collect(),
            qasm_file: Some(m.qasm.clone()),
            qasm_sha256: (!m.qasm_sha256.is_empty()).then(|| m.qasm_sha256.clone()),
            recorded_digest: (!m.digest.is_empty()).then(|| m.digest.clone()),
            digest_matches: (!m.digest.is_empty()).then_some(true),
        })
    }

    /// Read a manifest's text; `source` names it in messages.
    pub fn parse(text: &str, source: &str) -> Result<Self> {
        let doc: Value = parse_unique(text, source)?;
        let f = ManifestFields { doc: &doc, source };
        f.reject_non_manifest()?;
        let seed = f.field("circuit").and_then(Value::as_str) == Some("grover-seed");
        let puzzle_text = f.field("puzzle_text").and_then(Value::as_str).ok_or_else(|| {
            f.bad("no `puzzle_text`: the manifest was written before manifests carried the puzzle; export the circuit again with `quzzle qasm ... -o OUT.qasm`".into())
        })?;
        let space = f.space()?;
        let qubits = f.count("qubits")?;
        let (angles, grover_seed) = if seed {
            (None, Some(f.grover_seed(qubits)?))
        } else {
            (Some(f.angles()?), None)
        };
        let fixed_cells = f.cells("fixed_cells", "value")?;
        let qubit_cells = f
            .field("qubit_cells")
            .and_then(Value::as_array)
            .and_then(|a| {
                a.iter()
                    .map(|q| {
                        q.as_array()?
                            .iter()
                            .map(|v| cell(v, "negated"))
                            .collect::<Option<Vec<_>>>()
                    })
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| f.cells_error("qubit_cells"))?;
        let valid_bitstrings = f
            .field("valid_bitstrings")
            .and_then(Value::as_array)
            .and_then(|a| {
                a.iter()
                    .map(|v| v.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| f.bad("`valid_bitstrings` is not a list of bitstrings".into()))?;
        let qubit_marginals = match f.field("qubit_marginals") {
            None => None,
            Some(_) => Some(f.numbers("qubit_marginals")?),
        };
        let board_qubits = grover_seed.map_or(qubits, |g| g.board_qubits);
        f.check_board_lists(
            board_qubits,
            qubit_marginals.as_deref(),
            &qubit_cells,
            &valid_bitstrings,
        )?;
        let dimension = match f.field("dimension") {
            None => (qubits as f64).exp2(),
            Some(v) => v
                .as_f64()
                .filter(|d| d.is_finite() && *d >= 1.0)
                .ok_or_else(|| f.bad(format!("`dimension` is `{v}`, not a count of basis states")))?,
        };
        let digest_matches = f
            .field(DIGEST_KEY)
            .map(|d| d.as_str() == Some(digest_of(&doc).as_str()));
        Ok(ManifestDoc {
            source: source.to_string(),
            file: f.text("file")?,
            puzzle_text: puzzle_text.to_string(),
            puzzle_sha256: f.text("puzzle_sha256")?,
            encoding: f.name("encoding", "onehot").parse().map_err(|e| f.wrap(e))?,
            level: f.text("reduce")?.parse().map_err(|e| f.wrap(e))?,
            penalties: match f.field("penalty") {
                None => crate::checked::Penalties::default(),
                Some(v) => serde_json::from_value(v.clone()).map_err(|e| f.bad(format!("`penalty`: {e}")))?,
            },
            space,
            qubits,
            angles,
            grover_seed,
            success_probability: f.probability("success_probability")?,
            qubit_marginals,
            valid_bitstrings,
            valid_complete: f
                .field("valid_bitstrings_complete")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            dimension,
            fixed_cells,
            qubit_cells,
            qasm_file: f.field("qasm").and_then(Value::as_str).map(str::to_string),
            qasm_sha256: f.qasm_sha256()?,
            recorded_digest: f.field(DIGEST_KEY).and_then(Value::as_str).map(str::to_string),
            digest_matches,
        })
    }

    /// The encoded puzzle, rebuilt from the embedded text and checked against what the
    /// manifest records (its hash, qubits, qubit → cell map and fixed cells), so that a board
    /// rebuilt here is the board the exporting quzzle meant.
    pub fn encoding(&self) -> Result<Box<dyn Encoding>> {
        let source = &self.source;
        let problem = |problem| Error::Manifest {
            file: source.clone(),
            problem,
        };
        if encoding::sha256_hex(&self.puzzle_text) != self.puzzle_sha256 {
            return Err(problem(ManifestProblem::PuzzleHash));
        }
        let never = crate::budget::Cancel::never();
        let enc = encoding::parse_with(
            &self.file,
            &self.puzzle_text,
            self.encoding,
            self.level,
            &self.penalties,
            &never,
        )
        .map_err(|e| problem(ManifestProblem::PuzzleText(e.to_string())))?;
        let differs = |what: &str| {
            problem(ManifestProblem::OtherVersion {
                level: self.level,
                what: what.to_string(),
                version: env!("CARGO_PKG_VERSION"),
            })
        };
        if enc.num_qubits() != self.board_qubits() {
            return Err(differs("qubits"));
        }
        let qubit_cells: Vec<Vec<(String, bool)>> = enc
            .qubit_cells()
            .into_iter()
            .map(|q| q.into_iter().map(|c| (c.cell, c.negated)).collect())
            .collect();
        if qubit_cells != self.qubit_cells {
            return Err(differs("qubit cells"));
        }
        let fixed: Vec<(String, bool)> = enc.fixed_cells().into_iter().map(|c| (c.cell, c.value)).collect();
        if fixed != self.fixed_cells {
            return Err(differs("fixed cells"));
        }
        self.check_derived(enc.as_ref())?;
        Ok(enc)
    }

    /// The fields derived from the puzzle and the settings, recomputed where that is cheap
    /// (the space, its dimension, the validity of every listed bitstring), then the digest,
    /// which covers the rest (the simulated numbers, whether the list is complete): a
    /// mismatch is an error that names the field, or says the file was edited.
    fn check_derived(&self, enc: &dyn Encoding) -> Result<()> {
        let problem = |problem| Error::Manifest {
            file: self.source.clone(),
            problem,
        };
        let field_differs = |field: &'static str, recorded: String, recomputed: String| {
            problem(ManifestProblem::Field {
                field,
                recorded: clip_quote(&recorded),
                recomputed: clip_quote(&recomputed),
            })
        };
        if self.grover_seed.is_none() {
            let space = crate::simulation::space_of(enc, &self.space).map_err(|e| {
                problem(ManifestProblem::NotACircuit {
                    space: self.space.space,
                    mixer: self.space.mixer,
                    why: e.to_string(),
                })
            })?;
            if space.resolved != self.space.space {
                return Err(field_differs(
                    "space",
                    self.space.space.to_string(),
                    space.resolved.name().to_string(),
                ));
            }
            // Both are the same count of states, written exactly (below 2^53) or the same f64.
            if space.dimension.to_bits() != self.dimension.to_bits() {
                return Err(field_differs(
                    "dimension",
                    self.dimension.to_string(),
                    space.dimension.to_string(),
                ));
            }
        }
        for b in &self.valid_bitstrings {
            let bits: Vec<bool> = b.bytes().map(|c| c == b'1').collect();
            let verdict = Verdict::of(&enc.puzzle().check(&enc.board_of_bits(&bits)));
            if verdict != Verdict::Valid {
                return Err(field_differs("valid_bitstrings", b.clone(), "an invalid board".into()));
            }
        }
        match self.digest_matches {
            Some(true) => Ok(()),
            Some(false) => Err(problem(ManifestProblem::Digest { key: DIGEST_KEY })),
            None => Err(problem(ManifestProblem::NoDigest { key: DIGEST_KEY })),
        }
    }
}

/// A manifest's JSON document being read by [`ManifestDoc::parse`]: its fields, and the
/// error that names the file.
struct ManifestFields<'a> {
    doc: &'a Value,
    source: &'a str,
}

/// `(cell, flag)` of one entry of a manifest's cell list (`flag`: `value` or `negated`).
fn cell(v: &Value, flag: &str) -> Option<(String, bool)> {
    Some((v.get("cell")?.as_str()?.to_string(), v.get(flag)?.as_bool()?))
}

impl ManifestFields<'_> {
    fn bad(&self, msg: String) -> Error {
        Error::malformed(self.source, msg)
    }

    /// An error of a field's parser, as a malformed manifest.
    fn wrap(&self, e: Error) -> Error {
        self.bad(e.to_string())
    }

    /// The field `k`, `None` where it is missing or null.
    fn field(&self, k: &str) -> Option<&Value> {
        self.doc.get(k).filter(|v| !v.is_null())
    }

    /// Not a JSON object, or a counts file handed in as the manifest: say so, rather than
    /// blame an old manifest format.
    fn reject_non_manifest(&self) -> Result<()> {
        let Some(obj) = self.doc.as_object() else {
            return Err(self.bad("a manifest is a JSON object (written by `quzzle qasm -o OUT.qasm`)".into()));
        };
        let counts_like = obj.get("format").and_then(Value::as_str) == Some(super::counts::QUZZLE_COUNTS_MARKER)
            || (!obj.is_empty() && obj.values().all(|v| v.is_number()))
            || (!obj.is_empty()
                && obj
                    .values()
                    .all(|v| v.as_object().is_some_and(|m| m.values().all(Value::is_number))));
        if counts_like && !obj.contains_key("puzzle_text") {
            return Err(self.bad(
                "this is a counts file, not a manifest: give the counts first and the manifest written beside the exported circuit (OUT.json of `quzzle qasm ... -o OUT.qasm`) second".into(),
            ));
        }
        Ok(())
    }

    /// The text field `k`, which every manifest has.
    fn text(&self, k: &str) -> Result<String> {
        self.field(k)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| {
                self.bad(format!(
                    "no `{k}` text; is this a manifest written by `quzzle qasm -o`?"
                ))
            })
    }

    /// The name in field `k`, `default` where there is none.
    fn name(&self, k: &str, default: &str) -> String {
        self.field(k).and_then(Value::as_str).unwrap_or(default).to_string()
    }

    fn numbers(&self, k: &str) -> Result<Vec<f64>> {
        self.field(k)
            .and_then(Value::as_array)
            .and_then(|a| a.iter().map(Value::as_f64).collect::<Option<Vec<f64>>>())
            .ok_or_else(|| self.bad(format!("`{k}` is not a list of numbers")))
    }

    fn count(&self, k: &str) -> Result<usize> {
        self.field(k)
            .and_then(Value::as_u64)
            .map(|v| v as usize)
            .ok_or_else(|| self.bad(format!("no `{k}` count")))
    }

    /// The probability in field `k`, if there is one.
    fn probability(&self, k: &str) -> Result<Option<f64>> {
        match self.field(k) {
            None => Ok(None),
            Some(v) => v
                .as_f64()
                .filter(|p| (0.0..=1.0 + 1e-9).contains(p))
                .map(Some)
                .ok_or_else(|| self.bad(format!("`{k}` is {v}, not a probability"))),
        }
    }

    /// The space, mixer and start the circuit was exported with.
    fn space(&self) -> Result<SpaceSettings> {
        // `first grid`: the name manifests wrote before starts were chosen; no `start` (older
        // manifests, and mixers other than a switch mixer): `auto`, as they were exported.
        let start = match self.name("start", "auto").as_str() {
            "first grid" => crate::mixer::StartChoice::FirstGrid,
            name => name.parse().map_err(|e| self.wrap(e))?,
        };
        Ok(SpaceSettings {
            space: self.name("space", "full").parse().map_err(|e| self.wrap(e))?,
            mixer: self.name("mixer", "x").parse().map_err(|e| self.wrap(e))?,
            start,
            chosen: crate::simulation::Chosen::Given,
        })
    }

    /// The iterations and board qubits of the seed's Grover circuit on `qubits` qubits.
    fn grover_seed(&self, qubits: usize) -> Result<GroverSeedCircuit> {
        let board_qubits = self.count("puzzle_qubits")?;
        if board_qubits == 0 || board_qubits > qubits {
            return Err(self.bad(format!(
                "`puzzle_qubits` is {board_qubits}, not between 1 and the {qubits} qubits"
            )));
        }
        let iterations = self.count("iterations")?;
        Ok(GroverSeedCircuit {
            iterations,
            board_qubits,
        })
    }

    /// The QAOA angles, as many of each as the depth.
    fn angles(&self) -> Result<Angles> {
        let (gammas, betas) = (self.numbers("gammas")?, self.numbers("betas")?);
        let depth = self.count("depth")?;
        if gammas.len() != depth || betas.len() != depth {
            return Err(self.bad(format!(
                "`gammas` and `betas` hold {} and {} angles, but `depth` is {depth}",
                gammas.len(),
                betas.len()
            )));
        }
        Angles::new(gammas, betas).map_err(|e| self.wrap(e))
    }

    fn cells_error(&self, k: &str) -> Error {
        self.bad(format!("`{k}` is not the list quzzle writes"))
    }

    /// The list of `(cell, flag)` in field `k`.
    fn cells(&self, k: &str, flag: &str) -> Result<Vec<(String, bool)>> {
        self.field(k)
            .and_then(Value::as_array)
            .and_then(|a| a.iter().map(|v| cell(v, flag)).collect::<Option<Vec<_>>>())
            .ok_or_else(|| self.cells_error(k))
    }

    /// The lists that hold one entry per board qubit (`board_qubits` of them) have that many,
    /// and their entries are probabilities and bitstrings.
    fn check_board_lists(
        &self,
        board_qubits: usize,
        qubit_marginals: Option<&[f64]>,
        qubit_cells: &[Vec<(String, bool)>],
        valid_bitstrings: &[String],
    ) -> Result<()> {
        if let Some(m) = qubit_marginals {
            if m.len() != board_qubits {
                return Err(self.bad(format!(
                    "`qubit_marginals` has {} entries, not one probability for each of the {board_qubits} qubits",
                    m.len()
                )));
            }
            if let Some((q, p)) = m.iter().enumerate().find(|(_, p)| !(0.0..=1.0 + 1e-9).contains(*p)) {
                return Err(self.bad(format!(
                    "`qubit_marginals` holds {p:?} for qubit {q}, not a probability in [0, 1]"
                )));
            }
        }
        if qubit_cells.len() != board_qubits {
            return Err(self.bad(format!(
                "`qubit_cells` has {} entries, not one for each of the {board_qubits} qubits",
                qubit_cells.len()
            )));
        }
        for b in valid_bitstrings {
            if b.len() != board_qubits || !b.bytes().all(|c| c == b'0' || c == b'1') {
                return Err(self.bad(format!(
                    "`valid_bitstrings` holds `{b}`, not a bitstring of the {board_qubits} qubits"
                )));
            }
        }
        Ok(())
    }

    /// The recorded SHA-256 of the circuit file, if there is one.
    fn qasm_sha256(&self) -> Result<Option<String>> {
        Ok(match self.field("qasm_sha256") {
            None => None,
            Some(v) => Some(
                v.as_str()
                    .filter(|d| d.len() == 64 && d.bytes().all(|b| b.is_ascii_hexdigit()))
                    .map(str::to_string)
                    .ok_or_else(|| {
                        self.bad(format!(
                            "`qasm_sha256` is {}, not a SHA-256 digest",
                            clip_quote(&v.to_string())
                        ))
                    })?,
            ),
        })
    }
}

/// One measured board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MeasuredBoard {
    /// The measured bitstring, qubit 0 first (as in manifests).
    pub bitstring: String,
    /// Shots that gave it.
    pub count: u64,
    /// `count / shots`.
    pub frequency: f64,
    /// Whether it is a valid board (complete rules; for puzzles with an objective, also
    /// optimal: in the manifest's complete list of valid bitstrings).
    pub valid: bool,
    /// The complete-rule verdict.
    pub verdict: Verdict,
    /// The rebuilt board.
    pub board: Board,
}

/// `quzzle score`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreReport {
    /// The format the counts were read as.
    pub format: String,
    /// Shots.
    pub shots: u64,
    /// Shots that gave a valid board.
    pub valid_shots: u64,
    /// `valid_shots / shots`.
    pub p_valid: f64,
    /// The interval's confidence (0.95 unless asked otherwise).
    pub confidence: f64,
    /// The exact (Clopper–Pearson) interval of P(valid).
    pub interval: [f64; 2],
    /// P(valid) of the simulated circuit, from the manifest (`null` when not simulated).
    pub simulated_p_valid: Option<f64>,
    /// Whether the simulated P(valid) lies inside the interval (`null` when not simulated).
    pub inside: Option<bool>,
    /// P(valid) of a uniformly random state of the circuit's space (valid boards / states);
    /// `null` when the manifest's list of valid boards is not complete.
    pub uniform: Option<f64>,
    /// Distinct bitstrings measured.
    pub distinct: usize,
    /// The most frequent boards, most frequent first (ties by bitstring).
    pub top: Vec<MeasuredBoard>,
    /// Measured `P(q[i] = 1)`.
    pub qubit_marginals: Vec<f64>,
    /// Simulated `P(q[i] = 1)`, from the manifest.
    pub simulated_qubit_marginals: Option<Vec<f64>>,
    /// How the counts were measured, where their file says (the submission scripts' `run`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<super::counts::RunRecord>,
    /// Remarks.
    pub notes: Vec<String>,
}

/// Score `counts` of the circuit described by `manifest` (`enc` is its rebuilt encoding):
/// `top` boards are listed, the interval has `confidence` (0.95: [`SCORE_CONFIDENCE`]).
pub fn score(
    enc: &dyn Encoding,
    manifest: &ManifestDoc,
    counts: &Counts,
    top: usize,
    confidence: crate::checked::Confidence,
) -> Result<ScoreReport> {
    check_counts_fit(manifest, counts)?;
    let n = manifest.board_qubits();
    let shots = counts.shots;
    let Measured {
        mut boards,
        valid_shots,
        ones,
        dirty_shots,
    } = measured_boards(enc, manifest, counts)?;
    let distinct = boards.len();
    boards.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.bitstring.cmp(&b.bitstring)));
    boards.truncate(top);
    let interval = clopper_pearson(valid_shots, shots, confidence)
        .ok_or_else(|| Error::out_of_range(Quantity::Shots, 0, "no shots to score"))?;
    let simulated = manifest.success_probability;
    let notes = score_notes(manifest, counts, n, dirty_shots);
    Ok(ScoreReport {
        format: counts.format.name().into(),
        shots,
        valid_shots,
        p_valid: valid_shots as f64 / shots as f64,
        confidence: confidence.get(),
        interval,
        simulated_p_valid: simulated,
        // A simulated probability carries rounding (1 + 2e-16 for a circuit that keeps every
        // state valid): compare with that much slack.
        inside: simulated.map(|p| interval[0] - 1e-12 <= p && p <= interval[1] + 1e-12),
        uniform: manifest
            .valid_complete
            .then(|| manifest.valid_bitstrings.len() as f64 / manifest.dimension),
        distinct,
        top: boards,
        qubit_marginals: ones.iter().map(|&o| o as f64 / shots as f64).collect(),
        simulated_qubit_marginals: manifest.qubit_marginals.clone(),
        run: counts.run.clone(),
        notes,
    })
}

/// Refuse counts measured for the circuit of another manifest (where they say which), and
/// IonQ's sharpened results.
fn check_counts_fit(manifest: &ManifestDoc, counts: &Counts) -> Result<()> {
    // Counts that say which manifest's circuit ran must be scored against that one.
    if let Some(ran) = counts.run.as_ref().and_then(|r| r.manifest_digest.as_deref()) {
        if manifest.recorded_digest.as_deref() != Some(ran) {
            return Err(Error::malformed(
                &counts.source,
                format!(
                    "measured for the circuit of another manifest (digest {}…), not {} (digest {}): these counts belong to an earlier export",
                    clip_quote(&ran.chars().take(12).collect::<String>()),
                    manifest.source,
                    manifest.recorded_digest.as_deref().map_or("none".into(), |d| d.chars().take(12).collect::<String>())
                ),
            ));
        }
    }
    if counts.run.as_ref().and_then(|r| r.sharpen) == Some(true) {
        return Err(Error::malformed(
            &counts.source,
            "IonQ's sharpened results (`run.sharpen` true: a plurality vote over the debiased variants), which reshape the distribution P(valid) is read from: fetch the averaged results (`sharpen=false`, as docs/hardware/run_experiment.py does) and score those",
        ));
    }
    Ok(())
}

/// The measured boards, judged, with the shots that gave a valid board, the shots with each
/// board qubit at 1, and the shots with an ancilla or the target at 1.
struct Measured {
    boards: Vec<MeasuredBoard>,
    valid_shots: u64,
    ones: Vec<u64>,
    dirty_shots: u64,
}

/// Every measured board of `counts`, in board order, judged against the complete rules
/// (and the manifest's complete list of valid boards, where it has one).
fn measured_boards(enc: &dyn Encoding, manifest: &ManifestDoc, counts: &Counts) -> Result<Measured> {
    let n = manifest.board_qubits();
    let valid_set: Option<HashSet<&str>> = manifest
        .valid_complete
        .then(|| manifest.valid_bitstrings.iter().map(String::as_str).collect());
    let shots = counts.shots;
    // The board is the leading qubits; the seed circuit's ancillas and target end in 0 when
    // the run is faithful, so shots that differ only there are one board.
    // Shot totals fit in u64 (`read_counts` checks), so no sum below can overflow.
    let mut by_board: std::collections::BTreeMap<BasisState, u64> = std::collections::BTreeMap::new();
    let mut dirty_shots = 0u64;
    for (k, &count) in &counts.counts {
        if k.width() > manifest.qubits {
            return Err(Error::QubitOutOfRange {
                what: format!("a measured state with qubit {} at 1", k.width() - 1),
                qubits: manifest.qubits,
            });
        }
        let board = k.truncated(n);
        if board != *k {
            dirty_shots += count;
        }
        *by_board.entry(board).or_insert(0) += count;
    }
    let mut boards = Vec::with_capacity(by_board.len());
    let mut valid_shots = 0;
    let mut ones = vec![0u64; n];
    for (k, &count) in &by_board {
        let bits = k.to_bools(n);
        for q in k.ones() {
            ones[q] += count;
        }
        let bitstring = k.to_bitstring(n);
        let (board, verdict, valid) = judge_board(enc, &bits, &bitstring, valid_set.as_ref());
        if valid {
            valid_shots += count;
        }
        boards.push(MeasuredBoard {
            bitstring,
            count,
            frequency: count as f64 / shots as f64,
            valid,
            verdict,
            board,
        });
    }
    Ok(Measured {
        boards,
        valid_shots,
        ones,
        dirty_shots,
    })
}

/// The report's remarks: the counts' own, then on the seed's Grover circuit (over `n` board
/// qubits, `dirty_shots` with an ancilla or the target at 1), on IonQ results that may be
/// sharpened, and on an incomplete list of valid boards.
fn score_notes(manifest: &ManifestDoc, counts: &Counts, n: usize, dirty_shots: u64) -> Vec<String> {
    let shots = counts.shots;
    let mut notes = counts.notes.clone();
    if let Some(g) = manifest.grover_seed {
        notes.push(format!(
            "the seed's Grover circuit after {} iteration(s): boards are read from qubits 0 to {} (the ancillas and the target are left out); {} of {} shots ({:.4}) have an ancilla or the target at 1, which a faithful run never gives",
            g.iterations,
            n - 1,
            dirty_shots,
            shots,
            dirty_shots as f64 / shots as f64
        ));
    }
    let ionq_run = counts
        .run
        .as_ref()
        .is_some_and(|r| r.provider.as_deref() == Some("ionq"));
    let told = counts.run.as_ref().is_some_and(|r| r.sharpen.is_some());
    if (counts.format == CountsFormat::Ionq || ionq_run) && !told && shots >= IONQ_DEBIAS_SHOTS {
        notes.push(format!(
            "IonQ debiases jobs of {IONQ_DEBIAS_SHOTS} shots or more by default, and its sharpened results (a plurality vote) reshape the distribution: these must be the averaged results (`sharpen=false`), which the file does not say"
        ));
    }
    if !manifest.valid_complete {
        notes.push(
            "the manifest's list of valid boards is not complete (found by a bounded search): validity is the complete rule check alone, and there is no uniform baseline".into(),
        );
    }
    notes
}

/// The board of the measured board bits `bits` (`bitstring` their text), its verdict, and
/// whether it is a success: valid and, where the manifest's list `valid_set` is complete, in it.
fn judge_board(
    enc: &dyn Encoding,
    bits: &[bool],
    bitstring: &str,
    valid_set: Option<&HashSet<&str>>,
) -> (Board, Verdict, bool) {
    let board = enc.board_of_bits(bits);
    let verdict = Verdict::of(&enc.puzzle().check(&board));
    let valid = verdict == Verdict::Valid && valid_set.is_none_or(|s| s.contains(bitstring));
    (board, verdict, valid)
}

/// Whether each measured state of `states` (the circuit's qubits) is a success, as [`score`]
/// judges it: its board qubits a valid board.
pub(crate) fn successes(enc: &dyn Encoding, manifest: &ManifestDoc, states: &[BasisState]) -> Vec<bool> {
    let n = manifest.board_qubits();
    let valid_set: Option<HashSet<&str>> = manifest
        .valid_complete
        .then(|| manifest.valid_bitstrings.iter().map(String::as_str).collect());
    states
        .iter()
        .map(|k| {
            let board = k.truncated(n);
            judge_board(enc, &board.to_bools(n), &board.to_bitstring(n), valid_set.as_ref()).2
        })
        .collect()
}

/// A confidence as a percentage to 0.01 (`95`, `99.9`), as reports and figures write it.
pub fn percent(confidence: f64) -> f64 {
    (confidence * 10_000.0).round() / 100.0
}

/// `value` as the JSON `--json` prints and the score files hold: pretty, with a final newline.
pub fn json_text<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("reports serialise") + "\n"
}

/// A file's text, whole; the error names the path.
pub(crate) fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })
}

/// How counts are read and scored: by `score` on one counts file and on an experiment folder.
#[derive(Clone, Debug, PartialEq)]
pub struct CountsScoreSettings {
    /// The counts format (`None`: told by the file's shape, which only takes shapes that say
    /// their bit order).
    pub format: Option<CountsFormat>,
    /// Shots of the job: needed for IonQ probabilities, checked against counts otherwise.
    pub shots: Option<u64>,
    /// Boards listed, most frequent first.
    pub top: usize,
    /// The interval's confidence.
    pub confidence: crate::checked::Confidence,
}

impl Default for CountsScoreSettings {
    fn default() -> Self {
        CountsScoreSettings {
            format: None,
            shots: None,
            top: 10,
            confidence: crate::checked::Confidence::default(),
        }
    }
}

/// One counts file scored against its manifest: what [`write_score`] writes.
pub struct ScoredCounts {
    /// The manifest.
    pub manifest: ManifestDoc,
    /// The encoding the manifest rebuilds.
    pub encoding: Box<dyn Encoding>,
    /// The score.
    pub report: ScoreReport,
}

/// Score the counts text `counts` (`counts_source` names it in messages) against the manifest
/// text `manifest` (named `manifest_source`).
pub fn score_counts(
    counts: &str,
    counts_source: &str,
    manifest: &str,
    manifest_source: &str,
    settings: &CountsScoreSettings,
) -> Result<ScoredCounts> {
    let manifest = ManifestDoc::parse(manifest, manifest_source)?;
    score_against(manifest, || Ok(counts.to_string()), counts_source, settings)
}

/// `quzzle score COUNTS --manifest OUT.json`: the counts file `counts` against the manifest
/// file `manifest` (read first, so that a manifest that is no manifest is named before the
/// counts are read).
pub fn score_counts_file(counts: &Path, manifest: &Path, settings: &CountsScoreSettings) -> Result<ScoredCounts> {
    let manifest = ManifestDoc::parse(&read_text(manifest)?, &manifest.display().to_string())?;
    let qubits = manifest.qubits;
    score_against(
        manifest,
        || super::counts::read_counts_file(counts, qubits, settings.shots),
        &counts.display().to_string(),
        settings,
    )
}

/// The encoding `manifest` rebuilds, then the counts text `counts()` gives, read and scored.
fn score_against(
    manifest: ManifestDoc,
    counts: impl FnOnce() -> Result<String>,
    counts_source: &str,
    settings: &CountsScoreSettings,
) -> Result<ScoredCounts> {
    let encoding = manifest.encoding()?;
    let counts = read_counts(
        &counts()?,
        counts_source,
        manifest.qubits,
        settings.format,
        settings.shots,
    )?;
    let report = score(encoding.as_ref(), &manifest, &counts, settings.top, settings.confidence)?;
    Ok(ScoredCounts {
        manifest,
        encoding,
        report,
    })
}

/// The files [`write_score`] writes into its folder (the figure only where the board is one
/// variable per cell).
pub const SCORE_FILES: [&str; 3] = ["score.json", "marginals.svg", "marginals.png"];

/// Write `scored` into the folder `dir` (created when missing): `score.json` and, with the
/// `plot` feature and a board of one variable per cell, `marginals.svg`/`.png` (measured beside
/// simulated per-cell marginals), each written whole. Returns the files written.
pub fn write_score(dir: &Path, scored: &ScoredCounts) -> Result<Vec<PathBuf>> {
    check_output_folder(dir)?;
    std::fs::create_dir_all(dir).map_err(|source| Error::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    #[cfg_attr(not(feature = "plot"), allow(unused_mut))]
    let mut written = Vec::new();
    #[cfg(feature = "plot")]
    if let Some(plot) = marginals_figure(scored) {
        // Written whole by the plot writer (temporary files renamed into place).
        written.extend(crate::plot::marginals_comparison_plot(&dir.join("marginals"), &plot)?);
    }
    let json = dir.join("score.json");
    crate::files::write_whole(&[(json.clone(), json_text(&scored.report).into_bytes())])?;
    written.insert(0, json);
    Ok(written)
}

/// The measured and simulated per-cell marginals side by side (`None`: the board is not one
/// variable per cell, or the manifest has no simulated marginals).
#[cfg(feature = "plot")]
pub fn marginals_figure(scored: &ScoredCounts) -> Option<crate::plot::MarginalsComparison> {
    let (r, manifest, enc) = (&scored.report, &scored.manifest, scored.encoding.as_ref());
    let measured = enc.cell_marginals(&r.qubit_marginals)?;
    let simulated = enc.cell_marginals(r.simulated_qubit_marginals.as_ref()?)?;
    Some(crate::plot::MarginalsComparison {
        title: format!(
            "{}: per-cell P(cell = 1), measured and simulated",
            file_name(&manifest.file)
        ),
        subtitle: format!(
            "P(valid): measured {:.3}, {} % interval [{:.3}, {:.3}]; simulated {}",
            r.p_valid,
            percent(r.confidence),
            r.interval[0],
            r.interval[1],
            r.simulated_p_valid.map_or("unknown".into(), |p| format!("{p:.3}"))
        ),
        rows: measured.rows,
        cols: measured.cols,
        left_heading: format!("measured ({} shots, {})", r.shots, r.format),
        left: measured.marginals,
        right_heading: "simulated (the manifest)".into(),
        right: simulated.marginals,
        fixed: measured.fixed,
    })
}

/// The last component of a recorded puzzle path (the path itself when it has none).
#[cfg(feature = "plot")]
pub(super) fn file_name(file: &str) -> String {
    Path::new(file)
        .file_name()
        .map_or_else(|| file.to_string(), |f| f.to_string_lossy().into_owned())
}

/// Refuse an output folder that exists and is not a folder (a link to a folder is a folder).
pub(super) fn check_output_folder(dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() || !dir.exists() && dir.symlink_metadata().is_ok() {
        return Err(Error::WrongKind {
            what: "output folder".into(),
            path: dir.to_path_buf(),
            kind: crate::files::non_regular_kind(dir).unwrap_or("a file"),
            expected: "a folder",
            note: "",
        });
    }
    Ok(())
}
