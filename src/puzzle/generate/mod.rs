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

use crate::cost::pubo::Pubo;
use crate::error::{Error, Result};
use crate::model::search;
use crate::puzzle;
use crate::rng::SeededRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
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
        Kind::ALL.into_iter().find(|k| k.name() == s).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "unknown kind `{s}` (queens, starbattle, tango, takuzu, tents, sudoku4)"
            ))
        })
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
    /// Seed of every random draw.
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
    validate(req)?;
    let mut rng = crate::rng::seeded(req.seed);
    let mut g = Gen {
        req,
        searches: 0,
        rng: &mut rng,
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
    let bad = |msg: String| Err(Error::InvalidArgument(msg));
    let stars = if req.kind == Kind::StarBattle { req.stars } else { 1 };
    match req.kind {
        Kind::Queens | Kind::StarBattle => {
            if !(1..=4).contains(&stars) {
                return bad(format!("--stars {stars}: 1 to 4 stars"));
            }
            if req.kind == Kind::Queens && req.stars != 1 {
                return bad("--stars is for starbattle; queens has one per row, column and region".into());
            }
            let least = if stars == 1 { 5 } else { 4 * stars };
            if n < least || n > 16 {
                return bad(format!(
                    "--size {n}: {} with {stars} star(s) is generated from {least}x{least} to 16x16",
                    req.kind.name()
                ));
            }
        }
        Kind::Tango | Kind::Takuzu => {
            if !n.is_multiple_of(2) || !(4..=12).contains(&n) {
                return bad(format!("--size {n}: {} boards are even, 4 to 12", req.kind.name()));
            }
        }
        Kind::Tents => {
            if !(4..=12).contains(&n) {
                return bad(format!("--size {n}: tents boards are 4 to 12"));
            }
        }
        Kind::Sudoku4 => {
            if n != 4 {
                return bad(format!("--size {n}: sudoku4 is 4x4"));
            }
        }
    }
    if req.kind != Kind::StarBattle && req.stars != 1 {
        return bad("--stars is for starbattle".into());
    }
    if req.method == RegionMethod::Qubo && !matches!(req.kind, Kind::Queens | Kind::StarBattle) {
        return bad("--method qubo makes regions: it is for queens and starbattle".into());
    }
    if let Some(k) = req.givens {
        if !matches!(req.kind, Kind::Tango | Kind::Takuzu | Kind::Sudoku4) {
            return bad(format!(
                "--givens is for tango, takuzu and sudoku4, not {} (it has no givens)",
                req.kind.name()
            ));
        }
        if k > n * n {
            return bad(format!("--givens {k}: the board has {} cells", n * n));
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
}

impl Gen<'_> {
    /// Count solutions of `text`, stopping at `cap` model solutions.
    fn count(&mut self, text: &str, cap: usize) -> Result<Count> {
        self.searches += 1;
        let p = puzzle::parse("generated", text)?;
        let out = search::search(&p.model(), cap, cap, |x| p.check(&p.board(x)).is_empty())?;
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

    // ----- Queens and Star Battle -----

    fn regions(&mut self) -> Result<Generated> {
        let req = self.req;
        let n = req.size;
        let s = if req.kind == Kind::StarBattle { req.stars } else { 1 };
        let mut notes = Vec::new();
        let (mut qubo_failures, mut disconnected) = (0usize, 0usize);
        for attempt in 1..=MAX_ATTEMPTS {
            let Some(stars) = random_stars(n, s, self.rng) else {
                continue;
            };
            let region = match req.method {
                RegionMethod::Grow => grow_regions(n, s, &stars, self.rng),
                RegionMethod::Qubo => {
                    let (region, note) = qubo_regions(n, s, &stars, self.rng);
                    if region.is_none() {
                        qubo_failures += 1;
                        if note.contains("not connected") {
                            disconnected += 1;
                        }
                    } else {
                        notes.push(note);
                    }
                    region
                }
            };
            let Some(mut region) = region else { continue };
            let text = |region: &[usize]| Self::region_text(req, &stars, region);
            let mut count = self.count(&text(&region), COUNT_CAP)?;
            for _ in 0..MAX_MOVES {
                if count.unique() {
                    break;
                }
                let alt: Option<Vec<bool>> = count.accepted.iter().find(|x| **x != stars).cloned();
                let Some(moved) = boundary_move(n, &stars, &region, alt.as_deref(), self.rng) else {
                    break;
                };
                let c = self.count(&text(&moved), COUNT_CAP)?;
                if c.model <= count.model && !c.accepted.is_empty() {
                    region = moved;
                    count = c;
                }
            }
            if count.unique() {
                let t = text(&region);
                if req.method == RegionMethod::Qubo {
                    notes.push(format!(
                        "qubo: {qubo_failures} annealed labelling(s) rejected before this one, {disconnected} of them for a disconnected region"
                    ));
                }
                return Ok(self.done(t, attempt, None, &count, notes));
            }
        }
        Err(Error::InvalidArgument(format!(
            "no unique {} of size {n} after {MAX_ATTEMPTS} attempts (seed {}){}",
            req.kind.name(),
            req.seed,
            if req.method == RegionMethod::Qubo {
                format!("; the region QUBO gave {qubo_failures} rejected labellings, {disconnected} with a disconnected region")
            } else {
                String::new()
            }
        )))
    }

    fn region_text(req: &Request, stars: &[bool], region: &[usize]) -> String {
        let n = req.size;
        let (piece, extra) = if req.kind == Kind::StarBattle {
            ('*', vec![format!("stars: {}", req.stars)])
        } else {
            ('Q', vec![format!("regions: {n}")])
        };
        let mut s = header(req, &extra);
        // Letters in reading order of first appearance.
        let mut letter = vec![None; n];
        let mut next = 0u8;
        for &r in region {
            if letter[r].is_none() {
                letter[r] = Some(char::from(b'A' + next));
                next += 1;
            }
        }
        s.push_str("\n[regions]\n");
        for row in region.chunks(n) {
            let line: String = row.iter().map(|&r| letter[r].unwrap_or('?')).collect();
            s.push_str(&line);
            s.push('\n');
        }
        s.push_str("\n[solution]\n");
        for row in stars.chunks(n) {
            let line: String = row.iter().map(|&b| if b { piece } else { '.' }).collect();
            s.push_str(&line);
            s.push('\n');
        }
        s
    }

    // ----- Tango and Takuzu -----

    fn binary(&mut self) -> Result<Generated> {
        let req = self.req;
        let n = req.size;
        let takuzu = req.kind == Kind::Takuzu;
        let mut fewest = usize::MAX;
        for attempt in 1..=MAX_ATTEMPTS {
            let Some(sol) = random_binary(n, takuzu, self.rng) else {
                continue;
            };
            let mut signs: Vec<(usize, usize, bool)> = Vec::new();
            if !takuzu {
                let mut pairs = adjacent_pairs(n);
                pairs.shuffle(self.rng);
                signs = pairs
                    .into_iter()
                    .take(n)
                    .map(|(a, b)| (a, b, sol[a] == sol[b]))
                    .collect();
                signs.sort_unstable();
            }
            let givens: Vec<Option<bool>> = sol.iter().map(|&b| Some(b)).collect();
            let text_of = |g: &[Option<bool>]| {
                let grid: Vec<char> = g.iter().map(|v| v.map_or('.', |b| if b { '1' } else { '0' })).collect();
                let sol_chars: Vec<char> = sol.iter().map(|&b| if b { '1' } else { '0' }).collect();
                Self::binary_text(req, &grid, &sol_chars, &signs)
            };
            let (text, kept, proof) = self.remove_givens(givens, text_of)?;
            fewest = fewest.min(kept);
            if let Some(text) = text {
                return Ok(self.done(text, attempt, Some(kept), &proof, Vec::new()));
            }
        }
        Err(self.givens_error(fewest))
    }

    fn givens_error(&self, fewest: usize) -> Error {
        let req = self.req;
        Error::InvalidArgument(format!(
            "no unique {} of size {} with {} givens after {MAX_ATTEMPTS} attempts (the fewest reached: {fewest}); ask for more givens",
            req.kind.name(),
            req.size,
            req.givens.unwrap_or(0),
        ))
    }

    /// Remove givens in random order while the puzzle stays unique and more than the target
    /// remain. Returns the text when the target (if any) is met, the givens kept, and the
    /// uniqueness proof of the last unique text.
    fn remove_givens<T: Copy>(
        &mut self,
        mut givens: Vec<Option<T>>,
        text_of: impl Fn(&[Option<T>]) -> String,
    ) -> Result<(Option<String>, usize, Count)> {
        let req = self.req;
        let target = req.givens.unwrap_or(0);
        let mut order: Vec<usize> = (0..givens.len()).collect();
        order.shuffle(self.rng);
        let mut proof = self.count(&text_of(&givens), 2)?;
        debug_assert!(proof.unique());
        let mut kept = givens.len();
        for cell in order {
            if kept <= target {
                break;
            }
            let old = givens[cell].take();
            let c = self.count(&text_of(&givens), 2)?;
            if c.unique() {
                kept -= 1;
                proof = c;
            } else {
                givens[cell] = old;
            }
        }
        let ok = req.givens.is_none_or(|k| kept == k);
        Ok((ok.then(|| text_of(&givens)), kept, proof))
    }

    fn binary_text(req: &Request, grid: &[char], sol: &[char], signs: &[(usize, usize, bool)]) -> String {
        let n = req.size;
        let extra = if req.kind == Kind::Takuzu {
            vec![
                "rules: balanced rows/cols, no three alike in a line, all rows distinct and all columns distinct"
                    .into(),
                "unique_without_distinct_rule: yes".into(),
            ]
        } else {
            vec!["symbols: 1 = sun, 0 = moon".into()]
        };
        let mut s = header(req, &extra);
        push_grid(&mut s, "grid", grid, n);
        if req.kind == Kind::Tango {
            for (name, equal) in [("equal", true), ("opposite", false)] {
                let _ = writeln!(s, "\n[{name}]");
                for &(a, b, _) in signs.iter().filter(|t| t.2 == equal) {
                    let _ = writeln!(s, "{},{} {},{}", a / n, a % n, b / n, b % n);
                }
            }
        }
        push_grid(&mut s, "solution", sol, n);
        s
    }

    // ----- Tents -----

    fn tents(&mut self) -> Result<Generated> {
        let req = self.req;
        let n = req.size;
        for attempt in 1..=MAX_ATTEMPTS * 5 {
            let Some((trees, tents)) = random_tents(n, self.rng) else {
                continue;
            };
            let text = Self::tents_text(req, &trees, &tents);
            let c = self.count(&text, 2)?;
            if c.unique() {
                return Ok(self.done(text, attempt, None, &c, Vec::new()));
            }
        }
        Err(Error::InvalidArgument(format!(
            "no unique tents puzzle of size {n} after {} attempts (seed {})",
            MAX_ATTEMPTS * 5,
            req.seed
        )))
    }

    fn tents_text(req: &Request, trees: &[bool], tents: &[bool]) -> String {
        let n = req.size;
        let mut s = header(req, &[]);
        let grid: Vec<char> = trees.iter().map(|&t| if t { 'T' } else { '.' }).collect();
        push_grid(&mut s, "grid", &grid, n);
        let rows: Vec<String> = (0..n)
            .map(|r| (0..n).filter(|&c| tents[r * n + c]).count().to_string())
            .collect();
        let cols: Vec<String> = (0..n)
            .map(|c| (0..n).filter(|&r| tents[r * n + c]).count().to_string())
            .collect();
        let _ = write!(
            s,
            "\n[row_counts]\n{}\n\n[col_counts]\n{}\n",
            rows.join(" "),
            cols.join(" ")
        );
        let sol: Vec<char> = (0..n * n)
            .map(|c| {
                if trees[c] {
                    'T'
                } else if tents[c] {
                    'A'
                } else {
                    '.'
                }
            })
            .collect();
        push_grid(&mut s, "solution", &sol, n);
        s
    }

    // ----- Sudoku -----

    fn sudoku(&mut self) -> Result<Generated> {
        let req = self.req;
        let mut fewest = usize::MAX;
        for attempt in 1..=MAX_ATTEMPTS {
            let Some(sol) = random_sudoku(2, 2, self.rng) else {
                continue;
            };
            let givens: Vec<Option<u8>> = sol.iter().map(|&d| Some(d)).collect();
            let text_of = |g: &[Option<u8>]| {
                let grid: Vec<char> = g.iter().map(|d| d.map_or('.', |d| char::from(b'0' + d))).collect();
                let sol_chars: Vec<char> = sol.iter().map(|&d| char::from(b'0' + d)).collect();
                let mut s = header(req, &["box: 2x2".to_string()]);
                push_grid(&mut s, "grid", &grid, 4);
                push_grid(&mut s, "solution", &sol_chars, 4);
                s
            };
            let (text, kept, proof) = self.remove_givens(givens, text_of)?;
            fewest = fewest.min(kept);
            if let Some(text) = text {
                return Ok(self.done(text, attempt, Some(kept), &proof, Vec::new()));
            }
        }
        Err(self.givens_error(fewest))
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

/// S stars per row and column of an n x n board, no two touching (king moves): row by row
/// over shuffled column sets, bounded.
pub fn random_stars(n: usize, s: usize, rng: &mut SeededRng) -> Option<Vec<bool>> {
    fn combos(n: usize, s: usize, start: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == s {
            out.push(cur.clone());
            return;
        }
        for c in start..n {
            if cur.last().is_none_or(|&l| c >= l + 2) {
                cur.push(c);
                combos(n, s, c + 2, cur, out);
                cur.pop();
            }
        }
    }
    let mut all = Vec::new();
    combos(n, s, 0, &mut Vec::new(), &mut all);
    struct St<'a> {
        n: usize,
        s: usize,
        all: &'a [Vec<usize>],
        rows: Vec<Vec<usize>>,
        col: Vec<usize>,
        nodes: usize,
    }
    fn rec(st: &mut St<'_>, rng: &mut SeededRng) -> bool {
        let r = st.rows.len();
        if r == st.n {
            return st.col.iter().all(|&c| c == st.s);
        }
        st.nodes += 1;
        if st.nodes > MAX_NODES {
            return false;
        }
        let mut choices: Vec<&Vec<usize>> = st.all.iter().collect();
        choices.shuffle(rng);
        let left = st.n - r - 1;
        for combo in choices {
            if combo.iter().any(|&c| st.col[c] >= st.s) {
                continue;
            }
            if let Some(prev) = st.rows.last() {
                if combo.iter().any(|&c| prev.iter().any(|&p| c.abs_diff(p) <= 1)) {
                    continue;
                }
            }
            for &c in combo {
                st.col[c] += 1;
            }
            // A column gets at most one star every other row from here on.
            let feasible = st.col.iter().all(|&k| st.s - k <= left.div_ceil(2));
            if feasible {
                st.rows.push(combo.clone());
                if rec(st, rng) {
                    return true;
                }
                st.rows.pop();
            }
            for &c in combo {
                st.col[c] -= 1;
            }
            if st.nodes > MAX_NODES {
                return false;
            }
        }
        false
    }
    let mut st = St {
        n,
        s,
        all: &all,
        rows: Vec::new(),
        col: vec![0; n],
        nodes: 0,
    };
    if !rec(&mut st, rng) {
        return None;
    }
    let mut x = vec![false; n * n];
    for (r, cols) in st.rows.iter().enumerate() {
        for &c in cols {
            x[r * n + c] = true;
        }
    }
    Some(x)
}

/// N connected regions, each holding exactly S of the stars: stars grouped S at a time along
/// shortest free paths, then cells added one at a time to a random neighbouring region.
fn grow_regions(n: usize, s: usize, stars: &[bool], rng: &mut SeededRng) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let mut region = vec![FREE; n * n];
    let mut open_stars: Vec<usize> = (0..n * n).filter(|&c| stars[c]).collect();
    open_stars.shuffle(rng);
    let mut id = 0;
    while let Some(first) = open_stars.pop() {
        region[first] = id;
        for _ in 1..s {
            // BFS from the region through free non-star cells to the nearest open star.
            let mut prev = vec![FREE; n * n];
            let mut seen = vec![false; n * n];
            let mut queue: std::collections::VecDeque<usize> = (0..n * n).filter(|&c| region[c] == id).collect();
            for &c in &queue {
                seen[c] = true;
            }
            let mut found = None;
            while let Some(c) = queue.pop_front() {
                let mut next = neighbours4(n, c);
                next.shuffle(rng);
                for m in next {
                    if seen[m] || region[m] != FREE {
                        continue;
                    }
                    seen[m] = true;
                    prev[m] = c;
                    if stars[m] {
                        found = Some(m);
                        break;
                    }
                    queue.push_back(m);
                }
                if found.is_some() {
                    break;
                }
            }
            let target = found?;
            open_stars.retain(|&c| c != target);
            let mut c = target;
            while region[c] != id {
                region[c] = id;
                c = prev[c];
            }
        }
        id += 1;
    }
    loop {
        let frontier: Vec<usize> = (0..n * n)
            .filter(|&c| region[c] == FREE && neighbours4(n, c).iter().any(|&m| region[m] != FREE))
            .collect();
        let Some(&c) = frontier.choose(rng) else { break };
        let owners: Vec<usize> = neighbours4(n, c)
            .into_iter()
            .filter(|&m| region[m] != FREE)
            .map(|m| region[m])
            .collect();
        region[c] = *owners.choose(rng)?;
    }
    region.iter().all(|&r| r != FREE).then_some(region)
}

/// Whether the cells of region `id`, without `skip`, are connected (and not empty).
fn connected_without(n: usize, region: &[usize], id: usize, skip: usize) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&c| region[c] == id && c != skip).collect();
    let Some(&start) = cells.first() else { return false };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for m in neighbours4(n, c) {
            if !seen[m] && m != skip && region[m] == id {
                seen[m] = true;
                reached += 1;
                stack.push(m);
            }
        }
    }
    reached == cells.len()
}

/// Move one non-star cell to a neighbouring region, keeping both connected. With a second
/// solution `alt`, prefer a cell holding one of its stars (the move breaks that solution).
fn boundary_move(
    n: usize,
    stars: &[bool],
    region: &[usize],
    alt: Option<&[bool]>,
    rng: &mut SeededRng,
) -> Option<Vec<usize>> {
    let movable = |c: usize| -> Vec<usize> {
        if stars[c] || !connected_without(n, region, region[c], c) {
            return Vec::new();
        }
        let mut to: Vec<usize> = neighbours4(n, c)
            .into_iter()
            .map(|m| region[m])
            .filter(|&r| r != region[c])
            .collect();
        to.dedup();
        to
    };
    let mut candidates: Vec<usize> = match alt {
        Some(x) if rng.random_bool(0.8) => (0..n * n).filter(|&c| x[c] && !stars[c]).collect(),
        _ => Vec::new(),
    };
    candidates.shuffle(rng);
    let mut rest: Vec<usize> = (0..n * n).collect();
    rest.shuffle(rng);
    candidates.extend(rest);
    for c in candidates {
        let to = movable(c);
        if let Some(&r) = to.choose(rng) {
            let mut moved = region.to_vec();
            moved[c] = r;
            return Some(moved);
        }
    }
    None
}

/// The talk's region QUBO (Cruz et al., iQuHACK 2021): `x_{cell,c} = 1` when the cell is in
/// region c, and `H = A Σ_cells (1 − Σ_c x)² + A Σ_c (S − Σ_{stars} x_c)² + Σ_c (N − Σ_cells x_c)²`
/// plus `D Σ_{cell,c} x_{cell,c} (Σ_{4-neighbours m} x_{m,c} − 2.5)²`, with A = 4 and D = ½.
/// The neighbour-agreement term as the talk prints it, `(x Σ − 2.5)²`, is 6.25 when the label
/// is off and at most 2.25 when on, so it pays every cell to carry every label; we use its value
/// when the label is on, `x (Σ − 2.5)²` (after `x² = x` the polynomial has degree 3). It favours,
/// but does not guarantee, connected regions (the talk's caveat). Minimised by seeded simulated
/// annealing from random labels with label-change moves (two flips, so the one-hot term stays
/// 0); the result is accepted only when every region holds S stars and is connected. Returns
/// the regions (or None) and a note saying what the check found.
pub fn qubo_regions(n: usize, s: usize, stars: &[bool], rng: &mut SeededRng) -> (Option<Vec<usize>>, String) {
    const A: f64 = 4.0;
    const D: f64 = 0.5;
    let cells = n * n;
    let var = |cell: usize, c: usize| cell * n + c;
    let mut h = Pubo::default();
    for cell in 0..cells {
        let mut t = Pubo::constant(1.0);
        for c in 0..n {
            t.add_scaled(&Pubo::var(var(cell, c)), -1.0);
        }
        h.add_scaled(&t.mul(&t), A);
    }
    for c in 0..n {
        let mut t = Pubo::constant(s as f64);
        for cell in (0..cells).filter(|&x| stars[x]) {
            t.add_scaled(&Pubo::var(var(cell, c)), -1.0);
        }
        h.add_scaled(&t.mul(&t), A);
        let mut t = Pubo::constant(n as f64);
        for cell in 0..cells {
            t.add_scaled(&Pubo::var(var(cell, c)), -1.0);
        }
        h.add_scaled(&t.mul(&t), 1.0);
        for cell in 0..cells {
            let mut t = Pubo::constant(-2.5);
            for m in neighbours4(n, cell) {
                t.add_scaled(&Pubo::var(var(m, c)), 1.0);
            }
            h.add_scaled(&Pubo::var(var(cell, c)).mul(&t.mul(&t)), D);
        }
    }
    let vars = cells * n;
    let terms: Vec<(Vec<usize>, f64)> = h.terms.into_iter().collect();
    let mut touching: Vec<Vec<usize>> = vec![Vec::new(); vars];
    for (t, (vs, _)) in terms.iter().enumerate() {
        for &v in vs {
            touching[v].push(t);
        }
    }
    // Energy change of flipping v.
    let delta = |x: &[bool], v: usize| -> f64 {
        let mut d = 0.0;
        for &t in &touching[v] {
            let (vs, w) = &terms[t];
            if vs.iter().all(|&u| u == v || x[u]) {
                d += if x[v] { -w } else { *w };
            }
        }
        d
    };
    let mut label: Vec<usize> = (0..cells).map(|_| rng.random_range(0..n)).collect();
    let mut x = vec![false; vars];
    for (cell, &c) in label.iter().enumerate() {
        x[var(cell, c)] = true;
    }
    let sweeps = 300;
    for sweep in 0..sweeps {
        let temp = 3.0 * (1.0 - sweep as f64 / sweeps as f64) + 0.02;
        for _ in 0..cells {
            let cell = rng.random_range(0..cells);
            let to = rng.random_range(0..n);
            let from = label[cell];
            if to == from {
                continue;
            }
            let d1 = delta(&x, var(cell, from));
            x[var(cell, from)] = false;
            let d2 = delta(&x, var(cell, to));
            let d = d1 + d2;
            if d <= 0.0 || rng.random_bool((-d / temp).exp().min(1.0)) {
                x[var(cell, to)] = true;
                label[cell] = to;
            } else {
                x[var(cell, from)] = true;
            }
        }
    }
    let region = label;
    for c in 0..n {
        let k = (0..cells).filter(|&cell| region[cell] == c && stars[cell]).count();
        if k != s {
            return (None, format!("qubo: region {c} holds {k} stars, not {s}"));
        }
        if !connected_without(n, &region, c, usize::MAX) {
            return (
                None,
                format!(
                    "qubo: region {c} is not connected (the talk's caveat: the neighbour term does not guarantee it)"
                ),
            );
        }
    }
    (
        Some(region),
        "qubo: the annealed labelling passed the checks (S stars per region, every region connected)".into(),
    )
}

/// A random balanced binary board with no three alike in a line (and distinct rows and
/// columns when `distinct`), cell by cell over shuffled values, bounded.
fn random_binary(n: usize, distinct: bool, rng: &mut SeededRng) -> Option<Vec<bool>> {
    fn ok(x: &[Option<bool>], n: usize, cell: usize, v: bool, distinct: bool) -> bool {
        let (r, c) = (cell / n, cell % n);
        let at = |r: usize, c: usize| x[r * n + c];
        let row_count = (0..c).filter(|&j| at(r, j) == Some(v)).count() + 1;
        let col_count = (0..r).filter(|&i| at(i, c) == Some(v)).count() + 1;
        if row_count > n / 2 || col_count > n / 2 {
            return false;
        }
        if c >= 2 && at(r, c - 1) == Some(v) && at(r, c - 2) == Some(v) {
            return false;
        }
        if r >= 2 && at(r - 1, c) == Some(v) && at(r - 2, c) == Some(v) {
            return false;
        }
        if distinct && c == n - 1 {
            let row = |i: usize| (0..n).map(move |j| if i == r && j == c { Some(v) } else { at(i, j) });
            if (0..r).any(|i| row(i).eq(row(r))) {
                return false;
            }
        }
        if distinct && r == n - 1 {
            let col = |j: usize| (0..n).map(move |i| if i == r && j == c { Some(v) } else { at(i, j) });
            if (0..c).any(|j| col(j).eq(col(c))) {
                return false;
            }
        }
        true
    }
    fn rec(
        x: &mut Vec<Option<bool>>,
        n: usize,
        cell: usize,
        distinct: bool,
        nodes: &mut usize,
        rng: &mut SeededRng,
    ) -> bool {
        if cell == n * n {
            return true;
        }
        *nodes += 1;
        if *nodes > MAX_NODES {
            return false;
        }
        let mut vals = [false, true];
        vals.shuffle(rng);
        for v in vals {
            if ok(x, n, cell, v, distinct) {
                x[cell] = Some(v);
                if rec(x, n, cell + 1, distinct, nodes, rng) {
                    return true;
                }
                x[cell] = None;
            }
        }
        false
    }
    let mut x = vec![None; n * n];
    let mut nodes = 0;
    rec(&mut x, n, 0, distinct, &mut nodes, rng).then(|| x.into_iter().map(|v| v == Some(true)).collect())
}

/// Trees and tents: about one pair per five cells, each tent orthogonally next to its own
/// tree, no two tents touching (king moves).
fn random_tents(n: usize, rng: &mut SeededRng) -> Option<(Vec<bool>, Vec<bool>)> {
    let target = (n * n).div_ceil(5);
    let mut trees = vec![false; n * n];
    let mut tents = vec![false; n * n];
    let mut placed = 0;
    for _ in 0..50 * target {
        if placed == target {
            break;
        }
        let t = rng.random_range(0..n * n);
        if trees[t] || tents[t] || neighbours8(n, t).iter().any(|&m| tents[m]) {
            continue;
        }
        let spots: Vec<usize> = neighbours4(n, t)
            .into_iter()
            .filter(|&m| !trees[m] && !tents[m])
            .collect();
        let Some(&tree) = spots.choose(rng) else { continue };
        tents[t] = true;
        trees[tree] = true;
        placed += 1;
    }
    (placed == target).then_some((trees, tents))
}

/// A random complete Sudoku grid with R x C boxes, cell by cell over shuffled digits.
fn random_sudoku(box_rows: usize, box_cols: usize, rng: &mut SeededRng) -> Option<Vec<u8>> {
    let n = box_rows * box_cols;
    fn rec(
        g: &mut Vec<u8>,
        n: usize,
        br: usize,
        bc: usize,
        cell: usize,
        nodes: &mut usize,
        rng: &mut SeededRng,
    ) -> bool {
        if cell == n * n {
            return true;
        }
        *nodes += 1;
        if *nodes > MAX_NODES {
            return false;
        }
        let (r, c) = (cell / n, cell % n);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        for d in digits {
            let clash = (0..n).any(|j| g[r * n + j] == d)
                || (0..n).any(|i| g[i * n + c] == d)
                || (0..br).any(|i| (0..bc).any(|j| g[((r / br) * br + i) * n + (c / bc) * bc + j] == d));
            if !clash {
                g[cell] = d;
                if rec(g, n, br, bc, cell + 1, nodes, rng) {
                    return true;
                }
                g[cell] = 0;
            }
        }
        false
    }
    let mut g = vec![0u8; n * n];
    let mut nodes = 0;
    rec(&mut g, n, box_rows, box_cols, 0, &mut nodes, rng).then_some(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_solutions_follow_their_rules() {
        let mut rng = crate::rng::seeded(7);
        let x = random_stars(10, 2, &mut rng).unwrap();
        for i in 0..10 {
            assert_eq!((0..10).filter(|&j| x[i * 10 + j]).count(), 2);
            assert_eq!((0..10).filter(|&j| x[j * 10 + i]).count(), 2);
        }
        for c in 0..100 {
            assert!(!x[c] || neighbours8(10, c).iter().all(|&m| !x[m]));
        }
        let region = grow_regions(10, 2, &x, &mut rng).unwrap();
        for id in 0..10 {
            assert_eq!((0..100).filter(|&c| region[c] == id && x[c]).count(), 2);
            assert!(connected_without(10, &region, id, usize::MAX));
        }
        let g = random_sudoku(2, 2, &mut rng).unwrap();
        assert!(g.iter().all(|&d| (1..=4).contains(&d)));
        assert!(random_binary(6, true, &mut rng).is_some());
    }
}
