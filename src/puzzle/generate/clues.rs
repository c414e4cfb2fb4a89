//! Tango, Takuzu and Sudoku: every cell of a random solution given (Tango: plus random signs),
//! then givens removed while the solution stays unique; Tents: counts from a random solution,
//! redrawn until unique.

use super::solutions::{random_binary, random_sudoku, random_tents};
use super::{adjacent_pairs, header, push_grid, Count, Gen, Generated, Kind, Request, MAX_ATTEMPTS};
use crate::error::{Error, Result};
use rand::seq::SliceRandom;
use std::fmt::Write as _;

impl Gen<'_> {
    // ----- Tango and Takuzu -----

    pub(super) fn binary(&mut self) -> Result<Generated> {
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
        Error::NotGenerated {
            what: format!(
                "{} of size {} with {} givens",
                req.kind.name(),
                req.size,
                req.givens.unwrap_or(0)
            ),
            attempts: MAX_ATTEMPTS,
            note: format!(" (the fewest reached: {fewest}); ask for more givens"),
        }
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

    pub(super) fn tents(&mut self) -> Result<Generated> {
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
        Err(Error::NotGenerated {
            what: format!("tents puzzle of size {n}"),
            attempts: MAX_ATTEMPTS * 5,
            note: format!(" (seed {})", req.seed),
        })
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

    pub(super) fn sudoku(&mut self) -> Result<Generated> {
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
