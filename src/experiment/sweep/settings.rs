//! The settings that change a sweep's rows without being part of a row's key, stored beside
//! the CSV (`sweep.settings.json` next to `sweep.csv`) so that a resumed sweep with other
//! settings is refused instead of mixing rows computed two ways. Objective, space and mixer
//! are in the key: rows of several of them may share a CSV.

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What a sweep's rows depend on beyond their key.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepSettings {
    /// Reduction level.
    pub reduce: String,
    /// Encoding.
    pub encoding: String,
    /// Optimiser asked for.
    pub optimizer: String,
    /// Optimiser iteration cap.
    pub max_iters: u64,
    /// Starts per depth.
    pub restarts: usize,
    /// Seed of every random draw.
    pub seed: u64,
    /// Whether random init gets INTERP's budget.
    pub match_random_budget: bool,
    /// The noise models and trajectories of the noise columns ([`noise_setting`]; empty
    /// without noise, and in settings written before noise existed).
    #[serde(default)]
    pub noise: String,
    /// The shard this folder runs and the instance set it was cut from
    /// ([`super::shard::shard_setting`]; empty for a whole sweep and in settings written
    /// before shards existed).
    #[serde(default)]
    pub shard: String,
    /// The annealing baseline ([`super::baseline::Baseline::setting`]; empty without one).
    #[serde(default)]
    pub baseline: String,
    /// A fixed schedule and the files transfer reads (empty: none, and not written, so the
    /// settings of sweeps without one read as before).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub schedule: String,
    /// The penalty overrides, `NAME=W` each ([`penalty_setting`]; empty: none, and not
    /// written, so the settings of sweeps without them read as before).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub penalty: String,
}

/// The text of a sweep's penalty overrides (empty without any).
pub fn penalty_setting(penalties: &crate::checked::Penalties) -> String {
    penalties.texts().join(", ")
}

/// The noise setting of a sweep: each model's name and rates, and the trajectories (and the
/// truncation where there is one), then the device timings; empty without either.
pub fn noise_setting(noise: &crate::noise::NoiseSettings) -> String {
    let mut parts = Vec::new();
    if !noise.models.is_empty() {
        let models: Vec<String> = noise
            .models
            .iter()
            .map(|m| format!("{} ({})", m.name, m.rates_text()))
            .collect();
        parts.push(format!("{}; {} trajectories", models.join(", "), noise.trajectories));
        // Off, the default, is left out so that the settings of earlier sweeps read the same.
        if noise.truncation != crate::noise::Truncation::Off {
            parts.push(format!("truncation {}", noise.truncation.name()));
        }
    }
    if !noise.devices.is_empty() {
        let names: Vec<&str> = noise.devices.iter().map(|d| d.name.as_str()).collect();
        parts.push(format!("device times {}", names.join(", ")));
    }
    parts.join("; ")
}

/// The text of a plan's fixed schedule and transfer sources (empty when it has neither).
pub fn schedule_setting(plan: &super::SweepPlan) -> String {
    let mut parts = Vec::new();
    if let Some(s) = &plan.schedule {
        parts.push(format!("fixed schedule {s}"));
    }
    if !plan.transfer_from.is_empty() {
        // The files' SHA-256 too: a resumed sweep must not lend angles from a changed table.
        let names: Vec<String> = plan
            .transfer_from
            .iter()
            .map(|f| format!("{} (sha256 {})", f.source, crate::encoding::sha256_hex(&f.text)))
            .collect();
        parts.push(format!("transfer from {}", names.join(", ")));
    }
    parts.join("; ")
}

/// Where the settings of the sweep CSV `csv` live.
pub fn settings_path(csv: &Path) -> PathBuf {
    csv.with_extension("settings.json")
}

impl SweepSettings {
    /// The settings as (name, value) pairs, in a fixed order.
    fn fields(&self) -> Vec<(&'static str, String)> {
        let mut fields = self.fields_without_shard();
        fields.push((
            "shard",
            if self.shard.is_empty() {
                "none (the whole sweep)".to_string()
            } else {
                self.shard.clone()
            },
        ));
        fields
    }

    /// [`Self::fields`] but the shard: what every shard of one sweep shares.
    pub(crate) fn fields_without_shard(&self) -> Vec<(&'static str, String)> {
        vec![
            ("reduce", self.reduce.clone()),
            ("encoding", self.encoding.clone()),
            ("optimizer", self.optimizer.clone()),
            ("max-iters", self.max_iters.to_string()),
            ("restarts", self.restarts.to_string()),
            ("seed", self.seed.to_string()),
            ("match-budget", self.match_random_budget.to_string()),
            (
                "noise",
                if self.noise.is_empty() {
                    "none".to_string()
                } else {
                    self.noise.clone()
                },
            ),
            (
                "baseline",
                if self.baseline.is_empty() {
                    "none".to_string()
                } else {
                    self.baseline.clone()
                },
            ),
            (
                "schedule",
                if self.schedule.is_empty() {
                    "none".to_string()
                } else {
                    self.schedule.clone()
                },
            ),
            (
                "penalty",
                if self.penalty.is_empty() {
                    "none (every weight 1)".to_string()
                } else {
                    self.penalty.clone()
                },
            ),
        ]
    }

    /// The settings stored for `csv`.
    pub fn read(csv: &Path) -> Result<SweepSettings> {
        crate::files::read_json(&settings_path(csv), "the settings of a sweep")
    }

    /// Compare with the settings stored for `csv`, or store these when there are none. A
    /// difference is an error naming the setting and both values.
    pub fn check_or_store(&self, csv: &Path) -> Result<()> {
        let path = settings_path(csv);
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let stored: SweepSettings = serde_json::from_str(&text).map_err(|e| {
                    Error::parse(
                        &path.display().to_string(),
                        e.line(),
                        format!("not the settings of a sweep of this quzzle version: {e}"),
                    )
                })?;
                for ((name, old), (_, new)) in stored.fields().into_iter().zip(self.fields()) {
                    if old != new {
                        return Err(Error::ResumeMismatch {
                            csv: csv.to_path_buf(),
                            setting: name,
                            stored: old,
                            given: new,
                        });
                    }
                }
                Ok(())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let text = serde_json::to_string_pretty(self).expect("plain fields serialise") + "\n";
                // Whole or not at all, with no temporary file left on a failure.
                crate::files::write_whole(&[(path, text.into_bytes())])
            }
            Err(source) => Err(Error::Read { path, source }),
        }
    }
}
