//! Puzzle generation with a unique solution, proven by the exact search
//! ([`crate::model::search`]).
//!
//! Every kind starts from a seeded random valid solution (backtracking over shuffled choices),
//! then chooses what the solver sees:
//! - `queens`, `starbattle`: regions grown at random around the solution's stars (each region
//!   connected, with exactly S stars), then boundary cells moved between regions, aimed at the
//!   stars of a second solution, while the number of solutions does not grow, until it is one;
//!   or, with [`RegionMethod::Qubo`], the talk's region QUBO (see [`qubo_regions`]).
//! - `tango`, `takuzu`, `sudoku4`: every cell given (Tango: plus about N random `=`/`x` signs),
//!   then givens removed in random order while the solution stays unique (down to `--givens K`
//!   when asked).
//! - `tents`: trees paired with tents at random, counts from the solution; redrawn until unique.
//!
//! Uniqueness means exactly one assignment meets the model (the QUBO's one zero-energy state)
//! and it passes the complete rule check (so a generated Takuzu is unique with and without the
//! distinct-lines rule). Every loop is bounded; the same request gives the same text.
//!
//! `solutions.rs` draws the random solutions, `regions.rs` makes Queens / Star Battle regions,
//! `clues.rs` chooses the givens, signs and counts of the other kinds; this file holds the
//! request, its checks, the search that proves uniqueness and the text of a generated file.

mod clues;
mod regions;
mod solutions;

pub use regions::qubo_regions;
pub use solutions::random_stars;

use crate::error::{Error, Quantity, Result};
use crate::model::search;
use crate::names::value_enum;
use crate::puzzle;
use crate::rng::SeededRng;
use std::fmt::Write as _;
use std::str::FromStr;

/// Which puzzle to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// LinkedIn Queens (one queen per row, column and region; no touching).
    Queens,
    /// Star Battle with S stars.
    StarBattle,
    /// LinkedIn Tango.
    Tango,
    /// Takuzu.
    Takuzu,
    /// Tents & Trees.
    Tents,
    /// 4x4 Sudoku.
    Sudoku4,
}

value_enum!(Kind);

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 6] = [
        Kind::Queens,
        Kind::StarBattle,
        Kind::Tango,
        Kind::Takuzu,
        Kind::Tents,
        Kind::Sudoku4,
    ];

    /// The `puzzle:` name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Queens => "queens",
            Kind::StarBattle => "starbattle",
            Kind::Tango => "tango",
            Kind::Takuzu => "takuzu",
            Kind::Tents => "tents",
            Kind::Sudoku4 => "sudoku4",
        }
    }
}

impl FromStr for Kind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        crate::checked::choice(&Kind::ALL, Kind::name, "kind", s)
    }
}

/// How Queens / Star Battle regions are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionMethod {
    /// Random connected growth around the stars, then uniqueness-driven boundary moves.
    Grow,
    /// The talk's region QUBO, minimised by seeded simulated annealing (connectivity checked,
    /// not guaranteed), then the same boundary moves.
    Qubo,
}

value_enum!(RegionMethod);

impl RegionMethod {
    /// Both methods.
    pub const ALL: [RegionMethod; 2] = [RegionMethod::Grow, RegionMethod::Qubo];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RegionMethod::Grow => "grow",
            RegionMethod::Qubo => "qubo",
        }
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The kind.
    pub kind: Kind,
    /// Side N (rows = columns).
    pub size: usize,
    /// Stars per row, column and region (Star Battle; 1 for Queens).
    pub stars: usize,
    /// Number of givens to aim at (Tango, Takuzu, Sudoku); None: as few as removal reaches.
    pub givens: Option<usize>,
    /// Seed of every random draw. One-star Star Battle and Queens have the same rules and are
    /// drawn alike, so the same seed gives the same board for both.
    pub seed: u64,
    /// Region method (Queens, Star Battle).
    pub method: RegionMethod,
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The instance in the shared format, `[solution]` included.
    pub text: String,
    /// Random solutions drawn before one led to a unique puzzle.
    pub attempts: usize,
    /// Exact searches run.
    pub searches: usize,
    /// Givens (Tango, Takuzu, Sudoku: clues; Tango signs not counted), if the kind has them.
    pub givens: Option<usize>,
    /// Nodes the exact search visits to prove the final puzzle unique (a difficulty measure).
    pub proof_nodes: u64,
    /// Remarks (e.g. the QUBO method's connectivity check).
    pub notes: Vec<String>,
}

/// Random solutions (and region sets) tried before giving up.
const MAX_ATTEMPTS: usize = 200;
/// Boundary moves per region set.
const MAX_MOVES: usize = 400;
/// Solutions counted at most while improving regions.
const COUNT_CAP: usize = 64;
/// Backtracking nodes per random solution.
const MAX_NODES: usize = 200_000;

/// Generate a puzzle with exactly one solution.
pub fn generate(req: &Request) -> Result<Generated> {
    generate_within(req, None, &mut |_| {})
}

/// How far a generation has gone, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Exact searches run so far.
    pub searches: usize,
    /// Seconds since the start.
    pub seconds: f64,
}

/// [`generate`] within a wall-clock budget: an error once `max_seconds` have passed (checked
/// between and inside the exact searches). `progress` is called about once a second. The
/// budget only decides whether an answer comes; when one comes, it is the one [`generate`]
/// gives.
pub fn generate_within(
    req: &Request,
    max_seconds: Option<crate::checked::Seconds>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Generated> {
    validate(req)?;
    let max_seconds = max_seconds.map(crate::checked::Seconds::get);
    let began = std::time::Instant::now();
    let mut rng = crate::rng::seeded(req.seed);
    let mut g = Gen {
        req,
        searches: 0,
        rng: &mut rng,
        began,
        max_seconds,
        // A budget too large for a `Duration` or an `Instant` (1e20 s) is no limit at all.
        deadline: max_seconds
            .and_then(|s| std::time::Duration::try_from_secs_f64(s).ok())
            .and_then(|d| began.checked_add(d)),
        progress,
        reported: 0,
    };
    match req.kind {
        Kind::Queens | Kind::StarBattle => g.regions(),
        Kind::Tango | Kind::Takuzu => g.binary(),
        Kind::Tents => g.tents(),
        Kind::Sudoku4 => g.sudoku(),
    }
}

fn validate(req: &Request) -> Result<()> {
    let n = req.size;
    let stars = if req.kind == Kind::StarBattle { req.stars } else { 1 };
    match req.kind {
        Kind::Queens | Kind::StarBattle => {
            if !(1..=4).contains(&stars) {
                return Err(Error::out_of_range(Quantity::Stars, stars, "1 to 4 stars"));
            }
            if req.kind == Kind::Queens && req.stars != 1 {
                return Err(Error::NotApplicable {
                    option: "a star count",
                    applies_to: "starbattle",
                    kind: "queens",
                    note: "; queens has one per row, column and region",
                });
            }
            let least = if stars == 1 { 4 } else { 4 * stars };
            if n < least || n > 16 {
                return Err(Error::out_of_range(
                    Quantity::BoardSize,
                    n,
                    format!(
                        "{} with {stars} star(s) is generated from {least}x{least} to 16x16",
                        req.kind.name()
                    ),
                ));
            }
        }
        Kind::Tango | Kind::Takuzu => {
            if !n.is_multiple_of(2) || !(4..=12).contains(&n) {
                return Err(Error::out_of_range(
                    Quantity::BoardSize,
                    n,
                    format!("{} boards are even, 4 to 12", req.kind.name()),
                ));
            }
        }
        Kind::Tents => {
            if !(4..=12).contains(&n) {
                return Err(Error::out_of_range(Quantity::BoardSize, n, "tents boards are 4 to 12"));
            }
        }
        Kind::Sudoku4 => {
            if n != 4 {
                return Err(Error::out_of_range(Quantity::BoardSize, n, "sudoku4 is 4x4"));
            }
        }
    }
    if req.kind != Kind::StarBattle && req.stars != 1 {
        return Err(Error::NotApplicable {
            option: "a star count",
            applies_to: "starbattle",
            kind: req.kind.name(),
            note: "",
        });
    }
    if req.method == RegionMethod::Qubo && !matches!(req.kind, Kind::Queens | Kind::StarBattle) {
        return Err(Error::NotApplicable {
            option: "the qubo region method",
            applies_to: "queens and starbattle",
            kind: req.kind.name(),
            note: " (it makes regions)",
        });
    }
    if let Some(k) = req.givens {
        if !matches!(req.kind, Kind::Tango | Kind::Takuzu | Kind::Sudoku4) {
            return Err(Error::NotApplicable {
                option: "a givens count",
                applies_to: "tango, takuzu and sudoku4",
                kind: req.kind.name(),
                note: " (it has no givens)",
            });
        }
        if k > n * n {
            return Err(Error::out_of_range(
                Quantity::Givens,
                k,
                format!("the board has {} cells", n * n),
            ));
        }
    }
    Ok(())
}

/// What one exact search says about a puzzle text.
struct Count {
    /// Assignments meeting the model (up to the cap).
    model: usize,
    /// Those passing the full check.
    accepted: Vec<Vec<bool>>,
    /// Search nodes.
    nodes: u64,
}

impl Count {
    fn unique(&self) -> bool {
        self.model == 1 && self.accepted.len() == 1
    }
}

struct Gen<'a> {
    req: &'a Request,
    searches: usize,
    rng: &'a mut SeededRng,
    began: std::time::Instant,
    max_seconds: Option<f64>,
    deadline: Option<std::time::Instant>,
    progress: &'a mut dyn FnMut(Progress),
    /// Whole seconds already reported.
    reported: u64,
}

impl Gen<'_> {
    /// The error once the budget is spent.
    fn out_of_time(&self) -> Error {
        Error::OutOfTime {
            task: format!("generating a {} puzzle of size {}", self.req.kind.name(), self.req.size),
            seconds: self.max_seconds.unwrap_or(0.0),
            done: format!("{} exact searches", self.searches),
            instead: None,
        }
    }

    /// Count solutions of `text`, stopping at `cap` model solutions.
    fn count(&mut self, text: &str, cap: usize) -> Result<Count> {
        let now = std::time::Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return Err(self.out_of_time());
        }
        let secs = now.duration_since(self.began).as_secs();
        if secs > self.reported {
            self.reported = secs;
            (self.progress)(Progress {
                searches: self.searches,
                seconds: now.duration_since(self.began).as_secs_f64(),
            });
        }
        self.searches += 1;
        let p = puzzle::parse("generated", text)?;
        let limits = search::SearchLimits {
            max_nodes: u64::MAX,
            deadline: self.deadline,
        };
        let out = search::search_limited(&p.model(), cap, cap, limits, |x| p.check(&p.board(x)).is_empty())?;
        if out.stopped.is_some() {
            return Err(self.out_of_time());
        }
        Ok(Count {
            model: out.model_solutions,
            accepted: out.accepted,
            nodes: out.nodes,
        })
    }
}

/// The header lines of a generated file: kind, size, `extra`, the command, licence, uniqueness.
fn header(r: &Request, extra: &[String]) -> String {
    let n = r.size;
    let mut cmd = format!("quzzle generate {} --size {n}", r.kind.name());
    if r.kind == Kind::StarBattle {
        let _ = write!(cmd, " --stars {}", r.stars);
    }
    if let Some(k) = r.givens {
        let _ = write!(cmd, " --givens {k}");
    }
    if r.method == RegionMethod::Qubo {
        cmd.push_str(" --method qubo");
    }
    let _ = write!(cmd, " --seed {}", r.seed);
    let mut s = format!("puzzle: {}\nsize: {n}x{n}\n", r.kind.name());
    for e in extra {
        s.push_str(e);
        s.push('\n');
    }
    let _ = write!(
            s,
            "source: {cmd}\nlicence: MIT (generated by quzzle)\nunique: yes (quzzle exact search)\nsolution_from: generated\n"
        );
    s
}

impl Gen<'_> {
    fn done(
        &self,
        text: String,
        attempts: usize,
        givens: Option<usize>,
        proof: &Count,
        notes: Vec<String>,
    ) -> Generated {
        Generated {
            text,
            attempts,
            searches: self.searches,
            givens,
            proof_nodes: proof.nodes,
            notes,
        }
    }
}

fn push_grid(s: &mut String, name: &str, cells: &[char], n: usize) {
    let _ = writeln!(s, "\n[{name}]");
    for row in cells.chunks(n) {
        s.extend(row.iter());
        s.push('\n');
    }
}

/// Orthogonal neighbours of a cell of an n x n board.
fn neighbours4(n: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - n);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    out
}

/// King-move neighbours of a cell of an n x n board.
fn neighbours8(n: usize, cell: usize) -> Vec<usize> {
    let (r, c) = ((cell / n) as isize, (cell % n) as isize);
    let mut out = Vec::with_capacity(8);
    for dr in -1..=1 {
        for dc in -1..=1 {
            let (r2, c2) = (r + dr, c + dc);
            if (dr, dc) != (0, 0) && (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                out.push(r2 as usize * n + c2 as usize);
            }
        }
    }
    out
}

/// Unordered orthogonally adjacent pairs `(a, b)`, `a < b`.
fn adjacent_pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n * n)
        .flat_map(|a| {
            neighbours4(n, a)
                .into_iter()
                .filter(move |&b| a < b)
                .map(move |b| (a, b))
        })
        .collect()
}
