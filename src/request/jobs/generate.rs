//! `generate`: its choices as given, and the checked request.

use super::*;

/// The most puzzles one `generate` request writes.
pub const MAX_GENERATE_COUNT: u64 = 100_000;

/// `generate` as given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GenerateChoices {
    /// What to generate: queens, starbattle, tango, takuzu, tents, sudoku4.
    pub kind: String,
    /// Side N of the N x N board.
    #[serde(deserialize_with = "crate::request::size")]
    pub size: usize,
    /// Stars per row, column and region (starbattle).
    #[serde(deserialize_with = "crate::request::size")]
    pub stars: usize,
    /// Givens to reach (none: remove while unique).
    #[serde(deserialize_with = "crate::request::size_opt")]
    pub givens: Option<usize>,
    /// Seed of the first puzzle; puzzle i has seed `seed + i`.
    #[serde(deserialize_with = "crate::request::seed")]
    pub seed: u64,
    /// How regions are made: grow or qubo.
    pub method: String,
    /// Time budget per puzzle.
    #[serde(deserialize_with = "crate::request::float")]
    pub max_seconds: f64,
    /// Puzzles generated.
    #[serde(deserialize_with = "crate::request::whole")]
    pub count: i128,
}

impl Default for GenerateChoices {
    fn default() -> Self {
        GenerateChoices {
            kind: "queens".into(),
            size: 0,
            stars: 1,
            givens: None,
            seed: 0,
            method: "grow".into(),
            max_seconds: 8.0,
            count: 1,
        }
    }
}

/// `generate`, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateRequest {
    /// The puzzle of the first seed (the others differ by their seed only).
    pub first: crate::puzzle::generate::Request,
    /// Time budget per puzzle.
    pub max_seconds: Seconds,
    /// Puzzles generated, seeds `first.seed ..`.
    pub count: u64,
}

impl GenerateChoices {
    /// The checked request.
    pub fn check(&self) -> Result<GenerateRequest> {
        use crate::puzzle::generate::{Kind, RegionMethod};
        let count = u64::try_from(self.count)
            .ok()
            .filter(|n| (1..=MAX_GENERATE_COUNT).contains(n))
            .ok_or(Error::Request(RequestProblem::GenerateCount {
                count: self.count,
                max: MAX_GENERATE_COUNT,
            }))?;
        if self.seed.checked_add(count - 1).is_none() {
            return Err(Error::Request(RequestProblem::SeedsOverflow {
                seed: self.seed,
                more: count - 1,
            }));
        }
        Ok(GenerateRequest {
            first: crate::puzzle::generate::Request {
                kind: choose("kind", &self.kind, &Kind::ALL, Kind::name)?,
                size: self.size,
                stars: self.stars,
                givens: self.givens,
                seed: self.seed,
                method: choose("region method", &self.method, &RegionMethod::ALL, RegionMethod::name)?,
            },
            max_seconds: Seconds::new(self.max_seconds)?,
            count,
        })
    }
}

impl GenerateRequest {
    /// The request of each puzzle, in seed order.
    pub fn puzzles(&self) -> impl Iterator<Item = crate::puzzle::generate::Request> + '_ {
        (0..self.count).map(|i| crate::puzzle::generate::Request {
            seed: self.first.seed + i,
            ..self.first.clone()
        })
    }

    /// The file name of one puzzle in a folder of several: `<kind>-<size>-seed<S>.txt`.
    pub fn file_name(puzzle: &crate::puzzle::generate::Request) -> String {
        format!("{}-{}-seed{}.txt", puzzle.kind.name(), puzzle.size, puzzle.seed)
    }

    /// The request as JSON.
    pub fn describe(&self) -> Value {
        let r = &self.first;
        json!({
            "job": "generate",
            "kind": r.kind.name(),
            "size": r.size,
            "stars": r.stars,
            "givens": r.givens,
            "seed": r.seed,
            "method": r.method.name(),
            "max_seconds": self.max_seconds.get(),
            "count": self.count,
        })
    }
}
