//! Simulated annealing on the reduced model: the classical baseline a QAOA result is read
//! against, on the same Ising form the circuit is built from (`z_q = +1` when bit q is 0).
//!
//! The semantics are those of dwave-samplers' `SimulatedAnnealingSampler` (1.8): each read
//! starts from uniformly random spins; a sweep visits the spins in index order and proposes a
//! Metropolis flip of each (accepted when ΔE ≤ 0, else when `exp(-βΔE) > u` for a uniform u);
//! one β per sweep, on a geometric or linear schedule over the β range; the default range is
//! dwave's rule ([`default_beta_range`]). The random numbers differ (ChaCha8 here, one stream
//! per read), so the two agree in distribution, not read by read.
//!
//! On a block space (rows, columns, ... of plain one-hot or weight-k counts) the moves keep
//! every block's count: for each qubit of a block that is 0, in index order, a swap with one of
//! the block's 1s (drawn uniformly when the weight is above 1). Qubits in no block flip as on the
//! full space. Every read starts from a uniformly random state of the space.

use crate::cost::ising::Ising;
use crate::encoding::onehot::OneHot;
use crate::encoding::space::{Space, SpaceChoice};
use crate::encoding::Encoding;
use crate::error::{Error, Quantity, Result, Unsupported, Work};
use crate::experiment::interval::clopper_pearson;
use crate::experiment::stats::shots_to_solution;
use crate::model::Level;
use crate::names::value_enum;
use crate::puzzle::Verdict;
use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// How β moves from the first value of the range to the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BetaSchedule {
    /// `β_s = β0 (β1/β0)^(s/(S−1))` (numpy's `geomspace`).
    Geometric,
    /// `β_s = β0 + (β1 − β0) s/(S−1)` (numpy's `linspace`).
    Linear,
}

impl BetaSchedule {
    /// Every schedule, in the order the command line lists them.
    pub const ALL: [BetaSchedule; 2] = [BetaSchedule::Geometric, BetaSchedule::Linear];

    /// The schedule's name in reports and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BetaSchedule::Geometric => "geometric",
            BetaSchedule::Linear => "linear",
        }
    }
}

value_enum!(BetaSchedule);

/// What to anneal and how.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnealSettings {
    /// Independent reads (restarts from random states).
    pub reads: usize,
    /// Sweeps per read, one β each.
    pub sweeps: usize,
    /// `(β_hot, β_cold)`; `None`: [`default_beta_range`].
    pub beta_range: Option<(f64, f64)>,
    /// The schedule between them.
    pub schedule: BetaSchedule,
    /// The seed: read r draws from stream r of the generator seeded with it.
    pub seed: u64,
    /// `full`, or a block family whose blocks are all plain counts.
    pub space: SpaceChoice,
    /// Read before every read: a stop request or deadline ends the run.
    pub cancel: crate::budget::Cancel,
}

/// How many reads ended at one energy, and how many of those were valid boards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EnergyCount {
    /// The energy (the QUBO's cost, offset included).
    pub energy: f64,
    /// Reads that ended there.
    pub reads: u64,
    /// Of those, reads whose board is valid.
    pub valid: u64,
}

/// The outcome of [`anneal`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnnealReport {
    /// The puzzle file.
    pub file: String,
    /// Puzzle kind.
    pub puzzle: String,
    /// SHA-256 of the puzzle text.
    pub puzzle_sha256: String,
    /// Reduction level.
    pub reduce: Level,
    /// The penalty overrides of the QUBO annealed, `{"NAME": W}` (docs/lp.md, "Penalties");
    /// absent where there are none.
    #[serde(default, skip_serializing_if = "crate::checked::Penalties::is_empty")]
    pub penalty: crate::checked::Penalties,
    /// Variables (qubits of the circuit).
    pub qubits: usize,
    /// The space annealed in (`full` or a block family).
    pub space: SpaceChoice,
    /// States in that space.
    pub dimension: f64,
    /// Reads.
    pub reads: usize,
    /// Sweeps per read.
    pub sweeps: usize,
    /// The β range used.
    pub beta_range: [f64; 2],
    /// Whether it was given or the default rule's.
    pub beta_range_default: bool,
    /// The schedule.
    pub schedule: BetaSchedule,
    /// The seed.
    pub seed: u64,
    /// Reads that ended on a valid board (with an objective: on an optimal one).
    pub valid_reads: u64,
    /// With an objective: reads that ended on a feasible board, optimal or not (absent
    /// without an objective).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feasible_reads: Option<u64>,
    /// `valid_reads / reads`.
    pub p_valid: f64,
    /// Exact (Clopper–Pearson) 95 % interval of P(valid) per read.
    pub interval: [f64; 2],
    /// Mean final energy.
    pub mean_energy: f64,
    /// Lowest final energy.
    pub min_energy: f64,
    /// Final energies, ascending.
    pub energies: Vec<EnergyCount>,
    /// Reads needed to see a valid board with probability 0.99 (`None`: no valid read).
    pub reads_99: Option<f64>,
    /// `reads_99 × sweeps`: TTS99 in sweeps.
    pub tts99_sweeps: Option<f64>,
    /// CPU seconds of one read on its thread, mean over the reads: the thread's own CPU time
    /// (`CLOCK_THREAD_CPUTIME_ID`), which a loaded machine does not inflate.
    pub seconds_per_read: f64,
    /// Wall seconds of one read, mean over the reads (kept beside the CPU time: on a loaded
    /// machine it includes the waits for a core).
    pub wall_seconds_per_read: f64,
    /// `reads_99 × seconds_per_read`: TTS99 in seconds on this machine, one thread.
    pub tts99_seconds: Option<f64>,
    /// Wall seconds of the whole run.
    pub seconds: f64,
}

/// dwave-samplers' default β range for `ising`: the hot β lets the largest possible single-flip
/// rise (twice the largest sum of |bias| at a spin) through with probability 1/2; the cold β
/// lets the smallest (twice the smallest nonzero |h| or |J| at any spin) through with total
/// probability 0.01 over the spins that have it.
pub fn default_beta_range(ising: &Ising) -> (f64, f64) {
    let n = ising.num_qubits;
    let mut sum_abs: Vec<f64> = ising.h.iter().map(|h| h.abs()).collect();
    let mut min_abs: Vec<Option<f64>> = ising.h.iter().map(|&h| (h != 0.0).then(|| h.abs())).collect();
    for &(a, b, j) in &ising.couplings {
        for q in [a, b] {
            sum_abs[q] += j.abs();
            if j != 0.0 {
                min_abs[q] = Some(min_abs[q].map_or(j.abs(), |m| m.min(j.abs())));
            }
        }
    }
    let mins: Vec<f64> = min_abs.into_iter().flatten().collect();
    if mins.is_empty() || n == 0 {
        // Every bias is zero: dwave's arbitrary range for a null problem.
        return (0.1, 1.0);
    }
    let max_field = sum_abs.iter().copied().fold(0.0, f64::max);
    let hot = if max_field == 0.0 {
        1.0
    } else {
        std::f64::consts::LN_2 / (2.0 * max_field)
    };
    let min_field = mins.iter().copied().fold(f64::INFINITY, f64::min);
    let gaps = mins.iter().filter(|&&m| m.to_bits() == min_field.to_bits()).count() as f64;
    (hot, (gaps / 0.01).ln() / (2.0 * min_field))
}

/// The β of every sweep.
pub fn beta_schedule(range: (f64, f64), sweeps: usize, schedule: BetaSchedule) -> Vec<f64> {
    let (b0, b1) = range;
    if sweeps == 1 {
        return vec![b1];
    }
    let last = (sweeps - 1) as f64;
    (0..sweeps)
        .map(|s| {
            let t = s as f64 / last;
            match schedule {
                BetaSchedule::Geometric => b0 * (b1 / b0).powf(t),
                BetaSchedule::Linear => b0 + (b1 - b0) * t,
            }
        })
        .collect()
}

/// Largest reads × sweeps × variables one run may take (about a minute of one core).
const MAX_WORK: f64 = 1e11;

/// Anneal `enc` and report how often a read ends on a valid board.
pub fn anneal(enc: &dyn Encoding, settings: &AnnealSettings) -> Result<AnnealReport> {
    let began = std::time::Instant::now();
    let Some(onehot) = enc.as_onehot() else {
        return Err(Unsupported::AnnealNeedsOnehot { encoding: enc.kind() }.into());
    };
    let ising = &onehot.ising;
    let n = ising.num_qubits;
    check_reads(settings, n)?;
    let range = beta_range_of(settings, ising)?;
    let space = if settings.space == SpaceChoice::Full {
        Space::full(n, enc.diagonal_bytes_per_state())
    } else {
        Space::of_plain(onehot, settings.space)?
    };
    if let Some(general) = space.blocks.iter().find(|b| !b.plain) {
        return Err(Unsupported::AnnealNeedsPlainBlocks {
            space: space.resolved,
            block: general.label.clone(),
        }
        .into());
    }
    let betas = beta_schedule(range, settings.sweeps, settings.schedule);
    let reads = run_reads(settings, ising, &space, &betas)?;
    // With an objective a valid read is an optimal one: a feasible read whose QUBO energy is
    // the optimum's, found by the exact search as `solve` finds it.
    let optimum = if onehot.model.has_objective() {
        let task = format!("{}: the exact search for the optimum", enc.file());
        let best = enc.search_heeding(1, &settings.cancel, &task)?;
        best.require_solution()?;
        Some(best.min_energy.unwrap_or(f64::NEG_INFINITY))
    } else {
        None
    };
    let t = tally(enc, onehot, &reads, optimum);
    let total = settings.reads as u64;
    let p_valid = t.valid_reads as f64 / total as f64;
    let reads_99 = shots_to_solution(p_valid, 0.99);
    let seconds_per_read = t.cpu_seconds / total as f64;
    Ok(AnnealReport {
        file: enc.file().to_string(),
        puzzle: enc.puzzle().kind().to_string(),
        puzzle_sha256: enc.source_sha256().to_string(),
        reduce: enc.level(),
        penalty: enc.penalties().clone(),
        qubits: n,
        space: space.resolved,
        dimension: space.dimension,
        reads: settings.reads,
        sweeps: settings.sweeps,
        beta_range: [range.0, range.1],
        beta_range_default: settings.beta_range.is_none(),
        schedule: settings.schedule,
        seed: settings.seed,
        valid_reads: t.valid_reads,
        feasible_reads: optimum.map(|_| t.feasible_reads),
        p_valid,
        interval: clopper_pearson(t.valid_reads, total, crate::checked::Confidence::default()).unwrap_or([0.0, 1.0]),
        mean_energy: t.sum_energy / total as f64,
        min_energy: t.energies.first().map_or(f64::NAN, |e| e.energy),
        energies: t.energies,
        reads_99,
        tts99_sweeps: reads_99.map(|r| r * settings.sweeps as f64),
        seconds_per_read,
        wall_seconds_per_read: t.wall_seconds / total as f64,
        tts99_seconds: reads_99.map(|r| r * seconds_per_read),
        seconds: began.elapsed().as_secs_f64(),
    })
}

/// Refuse no reads or no sweeps, and more work than [`MAX_WORK`] on `n` variables.
fn check_reads(settings: &AnnealSettings, n: usize) -> Result<()> {
    if settings.reads == 0 || settings.sweeps == 0 {
        let (what, zero) = if settings.reads == 0 {
            (Quantity::Reads, settings.reads)
        } else {
            (Quantity::Sweeps, settings.sweeps)
        };
        return Err(Error::out_of_range(what, zero, "must be at least 1"));
    }
    let work = settings.reads as f64 * settings.sweeps as f64 * n.max(1) as f64;
    if work > MAX_WORK {
        return Err(Error::TooMuchWork {
            what: Work::Anneal {
                reads: settings.reads,
                sweeps: settings.sweeps,
                variables: n,
            },
            work,
            limit: MAX_WORK,
        });
    }
    Ok(())
}

/// The β range asked for, checked, or the default one of `ising`.
fn beta_range_of(settings: &AnnealSettings, ising: &Ising) -> Result<(f64, f64)> {
    Ok(match settings.beta_range {
        Some((b0, b1)) => {
            let geometric = settings.schedule == BetaSchedule::Geometric;
            if !(b0.is_finite() && b1.is_finite() && b0 >= 0.0 && b1 >= 0.0) || (geometric && (b0 == 0.0 || b1 == 0.0))
            {
                return Err(Error::out_of_range(
                    Quantity::BetaRange,
                    format!("{b0:?},{b1:?}"),
                    "must be two finite numbers ≥ 0 (> 0 for the geometric schedule)",
                ));
            }
            (b0, b1)
        }
        None => default_beta_range(ising),
    })
}

/// One read's end: its bits, its energy, its CPU and wall seconds.
type AnnealRead = (Vec<bool>, f64, f64, f64);

/// The reads, in parallel, each on its own stream of the seed, through the sweeps at
/// `betas` within the blocks of `space`.
fn run_reads(settings: &AnnealSettings, ising: &Ising, space: &Space, betas: &[f64]) -> Result<Vec<AnnealRead>> {
    let graph = Graph::of(ising);
    let blocks: Vec<(Vec<usize>, usize)> = space
        .blocks
        .iter()
        .map(|b| (b.qubits.clone(), b.weight().unwrap_or(0)))
        .collect();
    let cpu_clock = Error::CpuClock;
    let done = std::sync::atomic::AtomicUsize::new(0);
    (0..settings.reads)
        .into_par_iter()
        .map(|r| {
            settings.cancel.check("annealing")?;
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            settings
                .cancel
                .tick("annealing", Some(finished as f64 / settings.reads as f64), || {
                    format!("{finished} of {} reads done", settings.reads)
                });
            let wall = std::time::Instant::now();
            let cpu = cpu_time::ThreadTime::try_now().map_err(cpu_clock)?;
            let mut rng = crate::rng::SeededRng::seed_from_u64(settings.seed);
            rng.set_stream(r as u64);
            let spins = one_read(&graph, &blocks, &space.free, betas, &mut rng);
            let bits: Vec<bool> = spins.iter().map(|&z| z < 0.0).collect();
            let energy = ising.energy_of_spins(&spins);
            let cpu_seconds = cpu_time::ThreadTime::try_now()
                .map_err(cpu_clock)?
                .as_duration()
                .saturating_sub(cpu.as_duration())
                .as_secs_f64();
            Ok((bits, energy, cpu_seconds, wall.elapsed().as_secs_f64()))
        })
        .collect::<Result<_>>()
}

/// The reads counted: valid and feasible ones, sums of energy and seconds, and the energies
/// found, lowest first.
struct Tally {
    energies: Vec<EnergyCount>,
    valid_reads: u64,
    feasible_reads: u64,
    sum_energy: f64,
    cpu_seconds: f64,
    wall_seconds: f64,
}

/// Count the `reads`: a read is valid when its board passes the complete check and, with an
/// `optimum`, its QUBO energy is the optimum's. Sums in read order: the same bytes on any
/// thread count.
fn tally(enc: &dyn Encoding, onehot: &OneHot, reads: &[AnnealRead], optimum: Option<f64>) -> Tally {
    let mut energies: Vec<EnergyCount> = Vec::new();
    let (mut valid_reads, mut sum_energy, mut cpu_seconds, mut wall_seconds) = (0u64, 0.0, 0.0, 0.0);
    let mut feasible_reads = 0u64;
    let mut sorted: Vec<(f64, bool)> = Vec::with_capacity(reads.len());
    for (bits, energy, cpu, wall) in reads {
        let feasible = Verdict::of(&enc.puzzle().check(&enc.board_of_bits(bits))) == Verdict::Valid;
        feasible_reads += u64::from(feasible);
        let valid = feasible
            && optimum.is_none_or(|best| {
                onehot.qubo.energy_of(bits) <= best + crate::encoding::ENERGY_TOL * best.abs().max(1.0)
            });
        valid_reads += u64::from(valid);
        sum_energy += energy;
        cpu_seconds += cpu;
        wall_seconds += wall;
        sorted.push((*energy, valid));
    }
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (energy, valid) in sorted {
        match energies.last_mut() {
            Some(last) if (energy - last.energy).abs() <= crate::encoding::ENERGY_TOL * last.energy.abs().max(1.0) => {
                last.reads += 1;
                last.valid += u64::from(valid);
            }
            _ => energies.push(EnergyCount {
                energy,
                reads: 1,
                valid: u64::from(valid),
            }),
        }
    }
    Tally {
        energies,
        valid_reads,
        feasible_reads,
        sum_energy,
        cpu_seconds,
        wall_seconds,
    }
}

/// Neighbours and couplings of every spin.
struct Graph {
    h: Vec<f64>,
    neighbours: Vec<Vec<(usize, f64)>>,
}

impl Graph {
    fn of(ising: &Ising) -> Graph {
        let mut neighbours = vec![Vec::new(); ising.num_qubits];
        for &(a, b, j) in &ising.couplings {
            neighbours[a].push((b, j));
            neighbours[b].push((a, j));
        }
        Graph {
            h: ising.h.clone(),
            neighbours,
        }
    }

    /// `ΔE` of flipping spin q: `−2 z_q (h_q + Σ_m J_qm z_m)`.
    fn flip_delta(&self, field: &[f64], spins: &[f64], q: usize) -> f64 {
        -2.0 * spins[q] * field[q]
    }

    fn flip(&self, field: &mut [f64], spins: &mut [f64], q: usize) {
        spins[q] = -spins[q];
        for &(m, j) in &self.neighbours[q] {
            field[m] += 2.0 * j * spins[q];
        }
    }

    fn coupling(&self, a: usize, b: usize) -> f64 {
        self.neighbours[a]
            .iter()
            .filter(|&&(m, _)| m == b)
            .map(|&(_, j)| j)
            .sum()
    }
}

fn metropolis(delta: f64, beta: f64, rng: &mut crate::rng::SeededRng) -> bool {
    delta <= 0.0 || (-delta * beta).exp() > rng.random::<f64>()
}

/// One read: a random start in the space, then one sweep per β. Spins as ±1.
fn one_read(
    graph: &Graph,
    blocks: &[(Vec<usize>, usize)],
    free: &[usize],
    betas: &[f64],
    rng: &mut crate::rng::SeededRng,
) -> Vec<f64> {
    let n = graph.h.len();
    let mut spins = vec![1.0; n];
    if blocks.is_empty() {
        for z in spins.iter_mut() {
            *z = if rng.random::<bool>() { 1.0 } else { -1.0 };
        }
    } else {
        for (qubits, k) in blocks {
            // A uniform k-subset of the block is 1 (spin −1): a partial Fisher–Yates shuffle.
            let mut order = qubits.clone();
            for i in 0..*k {
                let j = rng.random_range(i..order.len());
                order.swap(i, j);
                spins[order[i]] = -1.0;
            }
        }
        for &q in free {
            spins[q] = if rng.random::<bool>() { 1.0 } else { -1.0 };
        }
    }
    let mut field: Vec<f64> = graph.h.clone();
    for (q, list) in graph.neighbours.iter().enumerate() {
        for &(m, j) in list {
            field[q] += j * spins[m];
        }
    }
    for &beta in betas {
        if blocks.is_empty() {
            for q in 0..n {
                if metropolis(graph.flip_delta(&field, &spins, q), beta, rng) {
                    graph.flip(&mut field, &mut spins, q);
                }
            }
            continue;
        }
        for (qubits, k) in blocks {
            if *k == 0 || *k == qubits.len() {
                continue;
            }
            // The block's 1s, kept up to date as swaps are accepted.
            let mut ones: Vec<usize> = qubits.iter().copied().filter(|&q| spins[q] < 0.0).collect();
            for &j in qubits {
                if spins[j] < 0.0 {
                    continue;
                }
                let slot = if ones.len() == 1 {
                    0
                } else {
                    rng.random_range(0..ones.len())
                };
                let i = ones[slot];
                // Flipping both: the two single-flip changes, less their shared coupling counted
                // twice with the old values.
                let delta = graph.flip_delta(&field, &spins, i)
                    + graph.flip_delta(&field, &spins, j)
                    + 4.0 * graph.coupling(i, j) * spins[i] * spins[j];
                if metropolis(delta, beta, rng) {
                    graph.flip(&mut field, &mut spins, i);
                    graph.flip(&mut field, &mut spins, j);
                    ones[slot] = j;
                }
            }
        }
        for &q in free {
            if metropolis(graph.flip_delta(&field, &spins, q), beta, rng) {
                graph.flip(&mut field, &mut spins, q);
            }
        }
    }
    spins
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding;
    use crate::model::Level;

    fn tiny() -> Box<dyn Encoding> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tiny-tango-4x4.txt");
        encoding::load(&path, crate::encoding::EncodingKind::Onehot, Level::Paper).unwrap()
    }

    fn settings(reads: usize, sweeps: usize) -> AnnealSettings {
        AnnealSettings {
            reads,
            sweeps,
            beta_range: None,
            schedule: BetaSchedule::Geometric,
            seed: 3,
            space: SpaceChoice::Full,
            cancel: Default::default(),
        }
    }

    #[test]
    fn the_default_range_follows_the_rule() {
        // h = (1, 0, -2), J01 = 0.5, J12 = -0.5: sums 1.5, 1, 2.5; per-spin minima 0.5, 0.5, 0.5.
        let ising = Ising {
            num_qubits: 3,
            h: vec![1.0, 0.0, -2.0],
            couplings: vec![(0, 1, 0.5), (1, 2, -0.5)],
            offset: 0.0,
        };
        let (hot, cold) = default_beta_range(&ising);
        assert!((hot - std::f64::consts::LN_2 / 5.0).abs() < 1e-15);
        assert!((cold - (3.0f64 / 0.01).ln() / 1.0).abs() < 1e-12);
    }

    #[test]
    fn schedules_match_numpy() {
        let g = beta_schedule((0.1, 10.0), 3, BetaSchedule::Geometric);
        assert!((g[1] - 1.0).abs() < 1e-12 && g[0].to_bits() == 0.1f64.to_bits() && (g[2] - 10.0).abs() < 1e-12);
        assert_eq!(beta_schedule((0.0, 2.0), 3, BetaSchedule::Linear), vec![0.0, 1.0, 2.0]);
        assert_eq!(beta_schedule((0.5, 2.0), 1, BetaSchedule::Linear), vec![2.0]);
    }

    #[test]
    fn long_anneals_find_the_solution_and_the_energy_is_the_cost() {
        let enc = tiny();
        let report = anneal(enc.as_ref(), &settings(64, 500)).unwrap();
        // Some reads stop in a local minimum (energy 2 here); most find a solution.
        assert!(report.p_valid > 0.5, "{report:?}");
        // The ground energy of the QUBO is that of its diagonal.
        let diagonal = enc.cost_diagonal().unwrap();
        assert!((report.min_energy - diagonal.min()).abs() < 1e-9);
        assert_eq!(report.energies.iter().map(|e| e.reads).sum::<u64>(), 64);
    }

    #[test]
    fn the_same_bytes_on_any_thread_count() {
        let enc = tiny();
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let mut r = pool.install(|| anneal(enc.as_ref(), &settings(40, 20)).unwrap());
            (r.seconds, r.seconds_per_read, r.wall_seconds_per_read, r.tts99_seconds) = (0.0, 0.0, 0.0, None);
            serde_json::to_string(&r).unwrap()
        };
        assert_eq!(run(1), run(3));
    }

    #[test]
    fn bad_settings_are_refused() {
        let enc = tiny();
        let mut s = settings(0, 10);
        assert!(matches!(
            anneal(enc.as_ref(), &s),
            Err(Error::OutOfRange {
                what: Quantity::Reads,
                ..
            })
        ));
        s = settings(10, 10);
        s.beta_range = Some((0.0, 1.0));
        assert!(matches!(
            anneal(enc.as_ref(), &s),
            Err(Error::OutOfRange {
                what: Quantity::BetaRange,
                ..
            })
        ));
        s = settings(1_000_000_000, 1000);
        assert!(matches!(
            anneal(enc.as_ref(), &s),
            Err(Error::TooMuchWork {
                what: Work::Anneal {
                    reads: 1_000_000_000,
                    sweeps: 1000,
                    ..
                },
                ..
            })
        ));
    }
}
