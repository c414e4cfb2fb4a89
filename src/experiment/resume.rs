//! `solve --resume REPORT`: the noisy estimates of an earlier report of the same run, taken
//! again instead of rerunning their trajectories. A run stopped at a deep depth (its memory,
//! a budget, Ctrl-C: the report keeps the depths before it, `stopped` naming it) goes on from
//! there. The noiseless part of every depth is computed again (it is cheap, and INTERP needs
//! each depth's optimum for the next); an estimate is taken only where the depth's angles
//! equal the stored ones to the bit and the model, trajectories, seed, route and truncation
//! are the stored estimate's, so the report is the one an unstopped run would have written
//! (but the estimates' seconds, which are those of the run that made them). The models that
//! finished at the depth the run stopped at are taken the same way.

use crate::angles::Angles;
use crate::error::{Error, Result};
use crate::noise::{NoiseModel, NoiseSettings, NoisyEstimate, Truncation};
use crate::simulation::mixers::NoiseRoute;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The depths of an earlier `solve --json` report.
#[derive(Clone, Debug, PartialEq)]
pub struct Earlier {
    /// The report read.
    pub file: PathBuf,
    depths: Vec<EarlierDepth>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
struct EarlierDepth {
    p: usize,
    gammas: Vec<f64>,
    betas: Vec<f64>,
    #[serde(default)]
    noisy: Vec<NoisyEstimate>,
}

/// The depth a run stopped at, with the models finished there before the stop (none where
/// none did).
#[derive(Deserialize)]
struct StoppedDepth {
    depth: usize,
    #[serde(default)]
    gammas: Vec<f64>,
    #[serde(default)]
    betas: Vec<f64>,
    #[serde(default)]
    noisy: Vec<NoisyEstimate>,
}

#[derive(Deserialize)]
struct Report {
    depths: Vec<EarlierDepth>,
    stopped: Option<StoppedDepth>,
}

impl Earlier {
    /// Read the report `path` (`solve --json`'s output, or `solve.json` of `--out`): its
    /// depths, and the models finished at the depth it stopped at.
    pub fn read(path: &Path) -> Result<Earlier> {
        let report: Report = crate::files::read_json(path, "a solve report (its JSON)")?;
        let mut depths = report.depths;
        if let Some(s) = report.stopped.filter(|s| !s.noisy.is_empty()) {
            depths.push(EarlierDepth {
                p: s.depth,
                gammas: s.gammas,
                betas: s.betas,
                noisy: s.noisy,
            });
        }
        Ok(Earlier {
            file: path.to_path_buf(),
            depths,
        })
    }

    /// The stored estimate of depth `angles.p()` under `model`, where it was drawn as this run
    /// would draw it (`noise`'s trajectories and truncation, `seed`, on `route`); `None` where
    /// the report has no such estimate. A stored depth whose angles differ from `angles` is
    /// refused: the report is another run's.
    pub fn estimate(
        &self,
        angles: &Angles,
        model: &NoiseModel,
        noise: &NoiseSettings,
        seed: u64,
        route: NoiseRoute,
    ) -> Result<Option<NoisyEstimate>> {
        let p = angles.p();
        let Some(d) = self.depths.iter().find(|d| d.p == p) else {
            return Ok(None);
        };
        let same =
            |a: &[f64], b: &[f64]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits());
        if !same(&d.gammas, &angles.gammas) || !same(&d.betas, &angles.betas) {
            return Err(Error::ResumeOther {
                file: self.file.clone(),
                depth: p,
            });
        }
        Ok(d.noisy
            .iter()
            .find(|e| drawn_alike(e, model, noise, seed, route))
            .cloned())
    }

    /// Whether the report holds depth `p`'s estimate under `model` drawn as this run would draw
    /// it: the run takes it (where the depth's angles are the stored ones) or refuses the
    /// report (where they are not), and never runs its trajectories, so its memory plan before
    /// the optimisation is not needed.
    pub fn holds(&self, p: usize, model: &NoiseModel, noise: &NoiseSettings, seed: u64, route: NoiseRoute) -> bool {
        self.depths
            .iter()
            .filter(|d| d.p == p)
            .flat_map(|d| &d.noisy)
            .any(|e| drawn_alike(e, model, noise, seed, route))
    }
}

/// Whether `e` was drawn as a run with `noise` and `seed` on `route` draws `model`'s estimate:
/// the same model, trajectories, seed, route and truncation.
fn drawn_alike(e: &NoisyEstimate, model: &NoiseModel, noise: &NoiseSettings, seed: u64, route: NoiseRoute) -> bool {
    // Only the sector route truncates; the others run every amplitude whatever was asked.
    let truncating = if route == NoiseRoute::Sectors {
        noise.truncation
    } else {
        Truncation::Off
    };
    let truncation = e.truncated.as_ref().map_or(Truncation::Off, |b| b.truncation);
    &e.model == model
        && e.trajectories == noise.trajectories.get()
        && e.seed == seed
        && e.route == route
        && truncation == truncating
}
