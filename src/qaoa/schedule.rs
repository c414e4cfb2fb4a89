//! Angle schedules that need no full optimisation at depth p: the linear ramp with two
//! parameters (LR-QAOA), angles transferred from other instances of a family (the median at
//! each depth), and the fixed tables shipped with quzzle (`fixed_angles.json`, derived from
//! results/ by `tools/fixed_angles.py`).
//!
//! The ramp: `γ_l = f_l·Δγ`, `β_l = −(1 − f_l)·Δβ` with `f_l = (l + ½)/p` (l = 0..p−1), the
//! discretised anneal of [`Angles::linear_ramp`] with a separate scale for each angle.
//!
//! A table holds angles at some depths; at a depth it lacks, the schedule of the nearest depth
//! (the deepest below, else the shallowest above) is resampled to p layers by linear
//! interpolation in `f_l`, flat past its first and last layer: per-layer angles are kept, so a
//! deeper circuit anneals for longer, as a ramp with the same Δ does.

use crate::angles::Angles;
use crate::error::{Error, PartsProblem, Quantity, Result};
use crate::names::{MixerKind, SpaceChoice};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The ramp angles with scales `dg` (Δγ) and `db` (Δβ) at depth `p`.
pub fn ramp(p: usize, dg: f64, db: f64) -> Result<Angles> {
    let unit = Angles::linear_ramp(p, 1.0)?;
    Angles::new(
        unit.gammas.iter().map(|g| g * dg).collect(),
        unit.betas.iter().map(|b| b * db).collect(),
    )
}

/// The gradient with respect to (Δγ, Δβ) of a function of the ramp's angles, from its gradient
/// `[∂/∂γ_1..γ_p, ∂/∂β_1..β_p]` (the chain rule: ∂γ_l/∂Δγ = f_l, ∂β_l/∂Δβ = −(1 − f_l)).
pub fn project_onto_ramp(full: &[f64]) -> [f64; 2] {
    let p = full.len() / 2;
    let f = |l: usize| (l as f64 + 0.5) / p as f64;
    let dg = (0..p).map(|l| f(l) * full[l]).sum();
    let db = (0..p).map(|l| -(1.0 - f(l)) * full[p + l]).sum();
    [dg, db]
}

/// Parse `lr:DG,DB` (a fixed ramp, `--schedule`).
pub fn parse_ramp(text: &str) -> Result<(f64, f64)> {
    let bad = |why: &str| Error::Syntax {
        what: "schedule",
        text: text.to_string(),
        problem: format!("{why}; a fixed linear ramp is written lr:DG,DB (Δγ and Δβ, e.g. lr:0.4,0.6)"),
    };
    let Some(rest) = text.trim().strip_prefix("lr:") else {
        return Err(bad("unknown schedule"));
    };
    let Some((g, b)) = rest.split_once(',') else {
        return Err(bad("two numbers are needed"));
    };
    let num = |s: &str| s.trim().parse::<f64>().ok().filter(|x| x.is_finite());
    match (num(g), num(b)) {
        (Some(g), Some(b)) => Ok((g, b)),
        _ => Err(bad("Δγ and Δβ must be finite numbers")),
    }
}

/// Angles at some depths, each entry with as many layers as its depth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AngleTable {
    by_depth: BTreeMap<usize, Angles>,
}

impl AngleTable {
    /// The table of these entries (each `p` must be the depth of its angles).
    pub fn new(by_depth: BTreeMap<usize, Angles>) -> Result<AngleTable> {
        if by_depth.is_empty() {
            return Err(Error::Parts(PartsProblem::EmptyAngleTable));
        }
        for (&p, a) in &by_depth {
            if a.p() != p {
                return Err(Error::AngleCount {
                    expected: p,
                    got: a.p(),
                });
            }
            Angles::new(a.gammas.clone(), a.betas.clone())?;
        }
        Ok(AngleTable { by_depth })
    }

    /// The median, layer by layer, of every sample of each depth (the mean of the middle two
    /// for an even count): the transfer of Shaydulin et al. and the fixed tables.
    pub fn median_of(samples: &[Angles]) -> Result<AngleTable> {
        let mut groups: BTreeMap<usize, Vec<&Angles>> = BTreeMap::new();
        for a in samples {
            groups.entry(a.p()).or_default().push(a);
        }
        let mut by_depth = BTreeMap::new();
        for (p, group) in groups {
            let column = |l: usize, gamma: bool| {
                median(
                    group
                        .iter()
                        .map(|a| if gamma { a.gammas[l] } else { a.betas[l] })
                        .collect(),
                )
            };
            let angles = Angles::new(
                (0..p).map(|l| column(l, true)).collect(),
                (0..p).map(|l| column(l, false)).collect(),
            )?;
            by_depth.insert(p, angles);
        }
        AngleTable::new(by_depth)
    }

    /// The depths the table holds.
    pub fn depths(&self) -> Vec<usize> {
        self.by_depth.keys().copied().collect()
    }

    /// The angles at depth `p`: the table's own, or the nearest depth's resampled (module
    /// notes).
    pub fn at(&self, p: usize) -> Result<Angles> {
        if p == 0 {
            return Err(Error::out_of_range(Quantity::Depth, 0, "must be at least 1"));
        }
        if let Some(a) = self.by_depth.get(&p) {
            return Ok(a.clone());
        }
        let source = self
            .by_depth
            .range(..p)
            .next_back()
            .or_else(|| self.by_depth.range(p..).next())
            .map(|(_, a)| a)
            .ok_or(Error::Parts(PartsProblem::EmptyAngleTable))?;
        Angles::new(resample(&source.gammas, p), resample(&source.betas, p))
    }
}

/// The median of `v` (not empty).
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n.is_multiple_of(2) {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    } else {
        v[n / 2]
    }
}

/// `v` (values at `f_j = (j + ½)/q`) at `p` layers, linear in f, flat past the ends.
fn resample(v: &[f64], p: usize) -> Vec<f64> {
    let q = v.len();
    (0..p)
        .map(|l| {
            let x = (l as f64 + 0.5) / p as f64 * q as f64 - 0.5;
            if q == 1 || x <= 0.0 {
                return v[0];
            }
            if x >= (q - 1) as f64 {
                return v[q - 1];
            }
            let j = x.floor() as usize;
            let t = x - j as f64;
            v[j] + t * (v[j + 1] - v[j])
        })
        .collect()
}

/// The shipped fixed-angle tables: per puzzle kind, space and mixer, the median optimised
/// angles of the results/ runs at each depth (tools/fixed_angles.py writes the file).
const FIXED_TABLES: &str = include_str!("fixed_angles.json");

#[derive(Deserialize)]
struct FixedFile {
    tables: Vec<FixedEntry>,
}

#[derive(Deserialize)]
struct FixedEntry {
    puzzle: String,
    space: SpaceChoice,
    mixer: MixerKind,
    depths: Vec<FixedDepth>,
}

#[derive(Deserialize)]
struct FixedDepth {
    p: usize,
    gammas: Vec<f64>,
    betas: Vec<f64>,
}

/// The fixed table for puzzle kind `puzzle` on `space` with `mixer`, or an error that lists the
/// tables there are.
pub fn fixed_table(puzzle: &str, space: SpaceChoice, mixer: MixerKind) -> Result<AngleTable> {
    let file: FixedFile = serde_json::from_str(FIXED_TABLES)
        .map_err(|e| Error::malformed("fixed_angles.json (built in)", e.to_string()))?;
    let keys: Vec<String> = file
        .tables
        .iter()
        .map(|t| format!("{} on {} with {}", t.puzzle, t.space, t.mixer))
        .collect();
    let Some(entry) = file
        .tables
        .into_iter()
        .find(|t| t.puzzle == puzzle && t.space == space && t.mixer == mixer)
    else {
        return Err(Error::NoFixedTable {
            puzzle: puzzle.to_string(),
            space,
            mixer,
            tables: keys,
        });
    };
    let mut by_depth = BTreeMap::new();
    for d in entry.depths {
        by_depth.insert(d.p, Angles::new(d.gammas, d.betas)?);
    }
    AngleTable::new(by_depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramp_matches_the_unit_ramp_scaled() {
        let a = ramp(4, 0.8, 0.3).unwrap();
        let u = Angles::linear_ramp(4, 1.0).unwrap();
        for l in 0..4 {
            assert!((a.gammas[l] - 0.8 * u.gammas[l]).abs() < 1e-15);
            assert!((a.betas[l] - 0.3 * u.betas[l]).abs() < 1e-15);
        }
        assert_eq!(a.gammas[0].to_bits(), (0.8f64 * 0.125).to_bits());
    }

    #[test]
    fn projection_is_the_chain_rule() {
        // A linear function of the angles has a known gradient along the ramp.
        let w: Vec<f64> = (0..6).map(|i| 0.3 * i as f64 - 0.7).collect();
        let f = |dg: f64, db: f64| {
            let a = ramp(3, dg, db).unwrap().to_flat();
            a.iter().zip(&w).map(|(x, y)| x * y).sum::<f64>()
        };
        let [gg, gb] = project_onto_ramp(&w);
        let h = 1e-6;
        assert!((gg - (f(0.5 + h, 0.2) - f(0.5 - h, 0.2)) / (2.0 * h)).abs() < 1e-8);
        assert!((gb - (f(0.5, 0.2 + h) - f(0.5, 0.2 - h)) / (2.0 * h)).abs() < 1e-8);
    }

    #[test]
    fn parse_ramp_accepts_two_numbers_and_explains_errors() {
        assert_eq!(parse_ramp("lr:0.4,-0.6").unwrap(), (0.4, -0.6));
        for bad in ["lr:0.4", "ramp:1,2", "lr:a,1", "lr:1,inf", ""] {
            let e = parse_ramp(bad).unwrap_err().to_string();
            assert!(e.contains("lr:DG,DB"), "{bad}: {e}");
        }
    }

    #[test]
    fn median_per_depth_and_layer() {
        let s = [
            Angles::new(vec![1.0, 2.0], vec![-1.0, 0.0]).unwrap(),
            Angles::new(vec![3.0, 2.5], vec![-2.0, 1.0]).unwrap(),
            Angles::new(vec![2.0, 9.0], vec![-3.0, 0.5]).unwrap(),
            Angles::new(vec![0.5], vec![0.1]).unwrap(),
            Angles::new(vec![1.5], vec![0.3]).unwrap(),
        ];
        let t = AngleTable::median_of(&s).unwrap();
        assert_eq!(t.depths(), vec![1, 2]);
        assert_eq!(t.at(2).unwrap(), Angles::new(vec![2.0, 2.5], vec![-2.0, 0.5]).unwrap());
        assert_eq!(t.at(1).unwrap(), Angles::new(vec![1.0], vec![0.2]).unwrap());
    }

    #[test]
    fn missing_depths_resample_the_nearest() {
        let mut m = BTreeMap::new();
        m.insert(2, Angles::new(vec![1.0, 3.0], vec![-1.0, -0.5]).unwrap());
        m.insert(5, Angles::new(vec![0.0; 5], vec![0.0; 5]).unwrap());
        let t = AngleTable::new(m).unwrap();
        // p = 4 from p = 2 (deepest below): f = 1/8, 3/8, 5/8, 7/8 against 1/4, 3/4.
        let a = t.at(4).unwrap();
        assert_eq!(a.gammas, vec![1.0, 1.5, 2.5, 3.0]);
        assert_eq!(a.betas, vec![-1.0, -0.875, -0.625, -0.5]);
        // p = 1 from p = 2 (nothing below): the middle.
        assert_eq!(t.at(1).unwrap().gammas, vec![2.0]);
        // p = 100 from p = 5; p = 0 is refused.
        assert_eq!(t.at(100).unwrap().p(), 100);
        assert!(t.at(0).is_err());
        // An entry whose length is not its depth is refused.
        let mut bad = BTreeMap::new();
        bad.insert(3, Angles::new(vec![1.0], vec![1.0]).unwrap());
        assert!(AngleTable::new(bad).is_err());
    }

    #[test]
    fn shipped_tables_parse_and_unknown_keys_list_the_known_ones() {
        let file: FixedFile = serde_json::from_str(FIXED_TABLES).unwrap();
        assert!(!file.tables.is_empty());
        for t in &file.tables {
            let table = fixed_table(&t.puzzle, t.space, t.mixer).unwrap();
            assert!(table.at(100).unwrap().p() == 100);
        }
        let e = fixed_table("chess", SpaceChoice::Rows, MixerKind::X)
            .unwrap_err()
            .to_string();
        assert!(e.contains("no fixed angle table") && e.contains(" with "), "{e}");
    }
}
