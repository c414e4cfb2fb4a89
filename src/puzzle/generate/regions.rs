//! Queens and Star Battle: regions grown around a random solution's stars (or the talk's region
//! QUBO), then boundary cells moved while the number of solutions does not grow, until it is one.

use super::solutions::random_stars;
use super::{header, neighbours4, Gen, Generated, Kind, RegionMethod, Request, COUNT_CAP, MAX_ATTEMPTS, MAX_MOVES};
use crate::cost::pubo::Pubo;
use crate::error::{Error, Result};
use crate::rng::SeededRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

impl Gen<'_> {
    pub(super) fn regions(&mut self) -> Result<Generated> {
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
        Err(Error::NotGenerated {
            what: format!("{} of size {n}", req.kind.name()),
            attempts: MAX_ATTEMPTS,
            note: format!(
                " (seed {}){}",
                req.seed,
                if req.method == RegionMethod::Qubo {
                    format!("; the region QUBO gave {qubo_failures} rejected labellings, {disconnected} with a disconnected region")
                } else {
                    String::new()
                }
            ),
        })
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
}

/// N connected regions, each holding exactly S of the stars: stars grouped S at a time along
/// shortest free paths, then cells added one at a time to a random neighbouring region.
pub(super) fn grow_regions(n: usize, s: usize, stars: &[bool], rng: &mut SeededRng) -> Option<Vec<usize>> {
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
pub(super) fn connected_without(n: usize, region: &[usize], id: usize, skip: usize) -> bool {
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
