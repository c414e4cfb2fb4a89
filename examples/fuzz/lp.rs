//! LP and MPS text for the fuzz harness (issue 79): random models, written as LP and as MPS,
//! checked against brute force, and hostile or mutated files, which must end in a result or an
//! error, never a panic.
//!
//! Each round writes one random model over 1 to 8 binary variables: counts with one
//! coefficient, "at most 1 of m", "at least m − 1 of m", pairs of bounds, constraints on one or
//! two variables, now and then a constraint the reader refuses, bounds, and an objective whose
//! weights include ones the circuit's cost cannot separate (`1e9 x + 1 y + 2 z`,
//! `1 x + (1 + 2^-30) y`). Every coefficient is a whole number of 2^-30, written as its exact
//! decimal, so brute force over every assignment decides feasibility and the objective's order
//! exactly, in integers.
//! A model the reader takes must have exactly that feasible set (the complete check), and its
//! optimal set (the exact search, the diagonal, and the simulator's success states on the full
//! space) must be exactly the brute-force optima. Then the same text mutated (lines swapped,
//! cut or repeated, tokens replaced, a byte-order mark, bytes that are not UTF-8, huge or
//! non-finite numbers, unknown sections, thousands of repeated constraints) is read, and
//! encoded when it parses: no panic. Seeded: the same seed gives the same inputs.

use quzzle::encoding::{self, EncodingKind};
use quzzle::model::Level;
use quzzle::rng::seeded;
use quzzle::simulation::{self, SpaceSettings};
use rand::Rng;
use std::collections::BTreeSet;
use std::time::Instant;

/// Fixed-point scale of the coefficients: every one is an integer number of 2^-30 (about
/// 1e-9), written as its exact decimal, which the reader's `f64` holds exactly; so brute force
/// in integers and the reader agree on every sum (a decimal such as 0.1 is read as the nearest
/// `f64`, and the reader is exact on that value: docs/lp.md).
const SCALE: i128 = 1 << 30;

/// A coefficient as the text writes it and as an exact integer of 2^-30 units.
#[derive(Clone, Copy)]
struct Coef(i128);

impl Coef {
    fn text(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "+" };
        let a = self.0.unsigned_abs();
        let (whole, frac) = (a / SCALE as u128, a % SCALE as u128);
        if frac == 0 {
            format!("{sign} {whole}")
        } else {
            // frac / 2^30 = frac · 5^30 / 10^30: 30 decimal places, exactly.
            let f = format!("{:030}", frac * 5u128.pow(30));
            format!("{sign} {whole}.{}", f.trim_end_matches('0'))
        }
    }
}

enum Rel {
    Le,
    Ge,
    Eq,
}

/// A constraint as written: terms, relation, right-hand side (all in 1e-9 units).
struct Row {
    terms: Vec<(usize, Coef)>,
    rel: Rel,
    rhs: i128,
    /// Whether the reader must take it (a kind docs/lp.md lists as read).
    readable: bool,
}

impl Row {
    fn holds(&self, x: &[bool]) -> bool {
        let s: i128 = self.terms.iter().filter(|(v, _)| x[*v]).map(|(_, c)| c.0).sum();
        match self.rel {
            Rel::Le => s <= self.rhs,
            Rel::Ge => s >= self.rhs,
            Rel::Eq => s == self.rhs,
        }
    }
}

struct Model {
    n: usize,
    objective: Vec<(usize, Coef)>,
    products: Vec<(usize, usize, Coef)>,
    maximise: bool,
    rows: Vec<Row>,
}

fn unit(rng: &mut impl Rng) -> Coef {
    Coef([1, 1, 1, 2, -1, -3][rng.random_range(0..6)] * SCALE)
}

/// Distinct variables, `m` of them, in random order.
fn vars(n: usize, m: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut all: Vec<usize> = (0..n).collect();
    for i in (1..all.len()).rev() {
        all.swap(i, rng.random_range(0..=i));
    }
    all.truncate(m);
    all
}

fn random_model(rng: &mut impl Rng) -> Model {
    let n = rng.random_range(1..=8);
    let mut rows = Vec::new();
    for _ in 0..rng.random_range(0..=5) {
        let kind = rng.random_range(0..9);
        let m = rng.random_range(1..=n);
        let vs = vars(n, m, rng);
        let c = unit(rng);
        let terms: Vec<(usize, Coef)> = vs.iter().map(|&v| (v, c)).collect();
        let row = match kind {
            // An exact count k of m.
            0 | 1 => Row {
                rhs: c.0 * rng.random_range(0..=m as i128),
                terms,
                rel: Rel::Eq,
                readable: true,
            },
            // At most 1 of m.
            2 if c.0 > 0 => Row {
                terms,
                rel: Rel::Le,
                rhs: c.0,
                readable: true,
            },
            // At least m − 1 of m.
            3 if c.0 > 0 => Row {
                terms,
                rel: Rel::Ge,
                rhs: c.0 * (m as i128 - 1),
                readable: true,
            },
            // A pair of bounds k and k + 1 of m (two rows).
            4 if m >= 3 => {
                let k = rng.random_range(1..m as i128 - 1);
                rows.push(Row {
                    terms: vs.iter().map(|&v| (v, Coef(SCALE))).collect(),
                    rel: Rel::Ge,
                    rhs: k * SCALE,
                    readable: true,
                });
                Row {
                    terms: vs.iter().map(|&v| (v, Coef(SCALE))).collect(),
                    rel: Rel::Le,
                    rhs: (k + 1) * SCALE,
                    readable: true,
                }
            }
            // Anything on one or two variables (an implication is refused).
            5 | 6 => {
                let vs = vars(n, m.min(2), rng);
                let terms: Vec<(usize, Coef)> = vs
                    .iter()
                    .map(|&v| (v, Coef(rng.random_range(-2..=2) * SCALE)))
                    .collect();
                let rel = [Rel::Le, Rel::Ge, Rel::Eq]
                    .into_iter()
                    .nth(rng.random_range(0..3))
                    .unwrap_or(Rel::Eq);
                Row {
                    terms,
                    rel,
                    rhs: rng.random_range(-2..=2) * SCALE,
                    readable: false,
                }
            }
            // Random coefficients: usually refused.
            _ => Row {
                terms: vs
                    .iter()
                    .map(|&v| (v, Coef(rng.random_range(-3..=3) * SCALE / 2)))
                    .collect(),
                rel: Rel::Le,
                rhs: rng.random_range(-2..=4) * SCALE / 2,
                readable: false,
            },
        };
        rows.push(row);
    }
    // The objective: small integers, decimals of 9 places, and weights far apart.
    let style = rng.random_range(0..4);
    let kept: Vec<usize> = (0..n).filter(|_| rng.random_bool(0.8)).collect();
    let objective: Vec<(usize, Coef)> = kept
        .into_iter()
        .map(|v| {
            let w = match style {
                0 => rng.random_range(-5..=5) * SCALE,
                1 => SCALE + rng.random_range(-3..=3),
                2 => {
                    if v == 0 {
                        1_000_000_000 * SCALE
                    } else {
                        rng.random_range(1..=3) * SCALE
                    }
                }
                _ => rng.random_range(-5 * SCALE..=5 * SCALE),
            };
            (v, Coef(w))
        })
        .collect();
    let products = if n >= 2 && rng.random_bool(0.3) {
        (0..rng.random_range(1..=3))
            .map(|_| {
                let p = vars(n, 2, rng);
                (p[0], p[1], Coef(rng.random_range(-4..=4) * SCALE))
            })
            .collect()
    } else {
        Vec::new()
    };
    Model {
        n,
        objective,
        products,
        maximise: rng.random_bool(0.3),
        rows,
    }
}

fn text_of(m: &Model) -> String {
    let mut s = String::from(if m.maximise {
        "Maximize\n obj:"
    } else {
        "Minimize\n obj:"
    });
    for (v, c) in &m.objective {
        s.push_str(&format!(" {} x{v}", c.text()));
    }
    if !m.products.is_empty() {
        s.push_str(" + [");
        for (u, v, c) in &m.products {
            s.push_str(&format!(" {} x{u} * x{v}", c.text()));
        }
        s.push_str(" ]");
    }
    s.push_str("\nSubject To\n");
    for (i, r) in m.rows.iter().enumerate() {
        // Named, now and then unnamed.
        if i % 3 != 2 {
            s.push_str(&format!(" r{i}:"));
        }
        for (v, c) in &r.terms {
            s.push_str(&format!(" {} x{v}", c.text()));
        }
        let rel = match r.rel {
            Rel::Le => "<=",
            Rel::Ge => ">=",
            Rel::Eq => "=",
        };
        let rhs = Coef(r.rhs).text().replace("+ ", "").replace("- ", "-");
        s.push_str(&format!(" {rel} {rhs}\n"));
    }
    s.push_str("Binary\n");
    for v in 0..m.n {
        s.push_str(&format!(" x{v}"));
    }
    s.push_str("\nEnd\n");
    s
}

/// The objective to minimise of `x`, exactly, in 2^-30 units.
/// The same model in free-form MPS: one `COLUMNS` line per variable and row (every variable
/// declared, between integer markers, so binary), products once in `QUADOBJ`; the sense by
/// `OBJSENSE` on its own line, on the header's, or as PuLP's comment, by `style`.
fn mps_of(m: &Model, style: usize) -> String {
    let number = |c: i128| Coef(c).text().replace("+ ", "").replace("- ", "-");
    let mut s = String::new();
    if m.maximise {
        s += [
            "*SENSE:Maximize\nNAME fuzz\n",
            "NAME fuzz\nOBJSENSE\n    MAX\n",
            "NAME fuzz\nOBJSENSE MAXIMIZE\n",
        ][style % 3];
    } else {
        s += "NAME fuzz\n";
    }
    s += "ROWS\n N obj\n";
    for (i, r) in m.rows.iter().enumerate() {
        let kind = match r.rel {
            Rel::Le => "L",
            Rel::Ge => "G",
            Rel::Eq => "E",
        };
        s += &format!(" {kind} r{i}\n");
    }
    s += "COLUMNS\n MARKER 'MARKER' 'INTORG'\n";
    for v in 0..m.n {
        let w: i128 = m.objective.iter().filter(|(u, _)| *u == v).map(|(_, c)| c.0).sum();
        s += &format!(" x{v} obj {}\n", number(w));
        for (i, r) in m.rows.iter().enumerate() {
            for (u, c) in &r.terms {
                if *u == v {
                    s += &format!(" x{v} r{i} {}\n", number(c.0));
                }
            }
        }
    }
    s += " MARKER 'MARKER' 'INTEND'\nRHS\n";
    for (i, r) in m.rows.iter().enumerate() {
        s += &format!(" RHS r{i} {}\n", number(r.rhs));
    }
    if !m.products.is_empty() {
        s += "QUADOBJ\n";
        for (u, v, c) in &m.products {
            s += &format!(" x{u} x{v} {}\n", number(c.0));
        }
    }
    s += "ENDATA\n";
    s
}

fn objective(m: &Model, x: &[bool]) -> i128 {
    let sign = if m.maximise { -1 } else { 1 };
    let linear: i128 = m.objective.iter().filter(|(v, _)| x[*v]).map(|(_, c)| c.0).sum();
    let pairs: i128 = m
        .products
        .iter()
        .filter(|(u, v, _)| x[*u] && x[*v])
        .map(|(_, _, c)| c.0)
        .sum();
    sign * (linear + pairs)
}

/// The feasible and the optimal assignments by brute force, as bit masks.
fn brute_force(m: &Model) -> (BTreeSet<u32>, BTreeSet<u32>) {
    let mut feasible = BTreeSet::new();
    let mut best: Option<i128> = None;
    let mut optimal = BTreeSet::new();
    for mask in 0..1u32 << m.n {
        let x: Vec<bool> = (0..m.n).map(|i| mask >> i & 1 == 1).collect();
        if !m.rows.iter().all(|r| r.holds(&x)) {
            continue;
        }
        feasible.insert(mask);
        let f = objective(m, &x);
        if best.is_none_or(|b| f < b) {
            best = Some(f);
            optimal.clear();
        }
        if best == Some(f) {
            optimal.insert(mask);
        }
    }
    (feasible, optimal)
}

fn mask_of_board(board: &[String]) -> Option<u32> {
    let row = board.first()?;
    Some(
        row.chars()
            .enumerate()
            .filter(|(_, c)| *c == '1')
            .map(|(i, _)| 1u32 << i)
            .sum(),
    )
}

/// Check one model against brute force; `Err` says what disagrees.
fn check_model(m: &Model, file: &str, text: &str) -> Result<bool, String> {
    let (feasible, optimal) = brute_force(m);
    let enc = match encoding::parse(file, text, EncodingKind::Onehot, Level::Paper) {
        Ok(e) => e,
        Err(quzzle::Error::Unsatisfiable { .. }) if feasible.is_empty() => return Ok(true),
        Err(e) => {
            if m.rows.iter().all(|r| r.readable) {
                return Err(format!("a model of readable constraints refused: {e}"));
            }
            return Ok(false);
        }
    };
    // The complete check is the feasible set.
    let puzzle = enc.puzzle();
    for mask in 0..1u32 << m.n {
        let x: Vec<bool> = (0..m.n).map(|i| mask >> i & 1 == 1).collect();
        let ok = puzzle.check(&puzzle.board(&x)).is_empty();
        if ok != feasible.contains(&mask) {
            return Err(format!("assignment {mask:b}: check says feasible = {ok}"));
        }
    }
    // The exact search.
    let found: BTreeSet<u32> = match enc.search(usize::MAX) {
        Ok(c) => c.boards.iter().filter_map(|b| mask_of_board(b)).collect(),
        Err(quzzle::Error::Unsatisfiable { .. }) => BTreeSet::new(),
        Err(e) => return Err(format!("search: {e}")),
    };
    if found != optimal {
        return Err(format!("search found {found:?}, brute force {optimal:?}"));
    }
    if optimal.is_empty() || enc.num_qubits() == 0 {
        return Ok(true);
    }
    // The diagonal.
    let diagonal = enc.cost_diagonal().map_err(|e| format!("diagonal: {e}"))?;
    let c = enc.classical_on_diagonal(&diagonal, usize::MAX);
    let found: BTreeSet<u32> = c.boards.iter().filter_map(|b| mask_of_board(b)).collect();
    if found != optimal {
        return Err(format!("diagonal found {found:?}, brute force {optimal:?}"));
    }
    // The simulator's success states on the full space: optimal and feasible.
    let sim =
        simulation::simulation(enc.as_ref(), &SpaceSettings::default()).map_err(|e| format!("simulation: {e}"))?;
    let success = simulation::success_states(enc.as_ref(), &sim).map_err(|e| format!("success states: {e}"))?;
    let to_masks = |states: &[u64]| -> BTreeSet<u32> {
        states
            .iter()
            .filter_map(|&k| mask_of_board(&enc.board_of_bits(&sim.sim.bits(k))))
            .collect()
    };
    let valid = to_masks(&success.valid);
    if valid != optimal {
        return Err(format!("success states {valid:?}, brute force optima {optimal:?}"));
    }
    let has_objective = m.objective.iter().any(|(_, c)| c.0 != 0) || m.products.iter().any(|(_, _, c)| c.0 != 0);
    if has_objective && !success.feasible.is_empty() {
        let f = to_masks(&success.feasible);
        if f != feasible {
            return Err(format!("feasible states {f:?}, brute force {feasible:?}"));
        }
    }
    Ok(true)
}

const HOSTILE: &[&str] = &[
    "Lazy Constraints",
    "User Cuts",
    "General",
    "Bounds",
    "Binary x0 x1 x2",
    "Subject To",
    "End",
    "obj: 1e308 x0 + 1e308 x1",
    " c: x0 + x1 <=",
    " c1: x0 + x1 = 1",
    " x0 + x1 + x2 >= 1e400",
    " nan x0 <= 1",
    " - inf <= x0 <= inf",
    " x0 free",
    " [ x0 * x1 ] <= 1",
    " x0 ^ 3",
    "\\ comment only",
    " x0 + x1 = 1 : 2",
    "SOS",
    " 1e-320 x0 + x1 <= 1e-320",
];

/// The text mutated: one to three edits, some of them hostile.
fn mutate(text: &str, rng: &mut impl Rng) -> Vec<u8> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for _ in 0..rng.random_range(1..=3) {
        let i = rng
            .random_range(0..lines.len().max(1))
            .min(lines.len().saturating_sub(1));
        match rng.random_range(0..9) {
            0 if lines.len() > 1 => {
                lines.remove(i);
            }
            1 if !lines.is_empty() => {
                let j = rng.random_range(0..lines.len());
                lines.swap(i, j);
            }
            2 if !lines.is_empty() => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            3 => lines.insert(
                i.min(lines.len()),
                HOSTILE[rng.random_range(0..HOSTILE.len())].to_string(),
            ),
            4 if !lines.is_empty() => {
                // A token replaced.
                let mut words: Vec<String> = lines[i].split(' ').map(str::to_string).collect();
                let k = rng.random_range(0..words.len());
                words[k] = [
                    "x9", "+", "-", "<=", "=", ":", "[", "]", "2", "1e999", "-0", "Binary", "/", "*",
                ][rng.random_range(0..14)]
                .to_string();
                lines[i] = words.join(" ");
            }
            5 => {
                // Cut the text.
                let joined = lines.join("\n");
                let cut = rng.random_range(0..=joined.len());
                let cut = (0..=cut).rev().find(|&c| joined.is_char_boundary(c)).unwrap_or(0);
                lines = joined[..cut].lines().map(str::to_string).collect();
            }
            6 if !lines.is_empty() => {
                // Many copies of one constraint line.
                let l = lines[i].clone();
                for _ in 0..rng.random_range(10..2000) {
                    lines.insert(i, l.clone());
                }
            }
            7 => {
                let mut bytes = lines.join("\n").into_bytes();
                bytes.splice(0..0, "\u{feff}".bytes());
                return bytes;
            }
            _ => {
                let mut bytes = lines.join("\n").into_bytes();
                let at = rng.random_range(0..=bytes.len());
                bytes.insert(at, [0xff, 0xc3, 0x80, 0x00][rng.random_range(0..4)]);
                return bytes;
            }
        }
    }
    let mut s = lines.join("\n");
    s.push('\n');
    s.into_bytes()
}

/// Read (and encode, when small) a mutated file: whether it was taken.
fn read_hostile(file: &str, bytes: Vec<u8>) -> bool {
    let Ok(text) = quzzle::puzzle::text_of(file, bytes) else {
        return false;
    };
    match encoding::parse(file, &text, EncodingKind::Onehot, Level::Paper) {
        Ok(enc) => {
            let _ = enc.puzzle().render(None);
            if enc.num_qubits() <= 12 {
                let _ = enc.search(4);
            }
            true
        }
        Err(_) => false,
    }
}

fn panic_text(e: Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// `rounds` random models and as many mutated files, from `seed`; prints one line and the
/// failures, and returns whether there were none.
pub fn run(rounds: usize, seed: u64) -> bool {
    let began = Instant::now();
    let mut rng = seeded(seed ^ 0x4c50_4c50);
    let (mut taken, mut hostile_taken, mut mps_taken) = (0, 0, 0);
    let mut failures = Vec::new();
    std::panic::set_hook(Box::new(|_| {}));
    for round in 0..rounds {
        let m = random_model(&mut rng);
        // The model as LP and as MPS: each checked against brute force, and the two readers
        // take the same models.
        let mut took = [false; 2];
        for (k, (file, text)) in [("fuzz.lp", text_of(&m)), ("fuzz.mps", mps_of(&m, round))]
            .into_iter()
            .enumerate()
        {
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check_model(&m, file, &text))) {
                Ok(Ok(t)) => took[k] = t,
                Ok(Err(why)) => failures.push(format!("model {round} ({file}): {why}\n{text}")),
                Err(e) => failures.push(format!("model {round} ({file}): PANIC {}\n{text}", panic_text(e))),
            }
        }
        taken += usize::from(took[0]);
        mps_taken += usize::from(took[1]);
        if took[0] != took[1] {
            failures.push(format!(
                "model {round}: LP taken {}, MPS taken {}\n{}",
                took[0],
                took[1],
                mps_of(&m, round)
            ));
        }
        for (file, text) in [("fuzz.lp", text_of(&m)), ("fuzz.mps", mps_of(&m, round))] {
            let bytes = mutate(&text, &mut rng);
            let shown = String::from_utf8_lossy(&bytes).into_owned();
            match std::panic::catch_unwind(|| read_hostile(file, bytes)) {
                Ok(true) => hostile_taken += 1,
                Ok(false) => {}
                Err(e) => failures.push(format!(
                    "mutated file {round} ({file}): PANIC {}\n{shown}",
                    panic_text(e)
                )),
            }
        }
    }
    let _ = std::panic::take_hook();
    println!(
        "LP and MPS text: {rounds} random models against brute force ({taken} read as LP, {mps_taken} as MPS) and {} mutated files ({hostile_taken} read, the rest refused) in {:.1} s: {} failure(s)",
        2 * rounds,
        began.elapsed().as_secs_f64(),
        failures.len()
    );
    for f in failures.iter().take(10) {
        println!("  FAIL {f}");
    }
    failures.is_empty()
}
