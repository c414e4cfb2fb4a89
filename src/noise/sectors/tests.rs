use super::run::refused_after;
use super::truncate::Prune;
use super::*;
use rand::{Rng, SeedableRng};

/// A trajectory refused after others ran says which, how many ran and their estimate.
#[test]
fn a_refused_trajectory_reports_what_ran() {
    let refusal = Error::TooMuchMemory {
        what: Quantity::SectorAmplitudes,
        count: 1 << 40,
        log2_bytes: 44.0,
        available: 1 << 30,
    };
    // Trajectories 0 and 2 ran (2 drew no error: the noiseless value), 1 is refused, 3 waits.
    let ran = [Some(Some((0.5, 2.0))), None, Some(None), None];
    let e = refused_after(refusal, 1, 4, &ran, (0.25, 4.0), std::time::Instant::now()).to_string();
    assert!(e.contains("trajectory 2 of 4 was refused after 2 of them ran"), "{e}");
    assert!(e.contains("P(valid) 0.375000 ± 0.125000"), "{e}");
    assert!(e.contains("energy 3.000000 ± 1.000000"), "{e}");
    assert!(e.starts_with("amplitudes of one noisy trajectory"), "{e}");
}

/// Block spaces of several kinds (ring and complete mixers, rows, columns, regions with free
/// qubits), each with its sector program, valid boards (full-space bits) and cost.
fn programs() -> Vec<(String, SectorProgram, Vec<u64>, ZPoly)> {
    use crate::encoding::space::SpaceChoice;
    use crate::mixer::MixerKind;
    use crate::model::Level;
    let angles = Angles::new(vec![0.31, 0.47], vec![0.62, 0.23]).unwrap();
    let cases = [
        (
            "takuzu-4x4-qasm.txt",
            Level::Paper,
            SpaceChoice::Rows,
            MixerKind::XyRing,
        ),
        (
            "queens-4x4-handmade.txt",
            Level::None,
            SpaceChoice::Rows,
            MixerKind::XyRing,
        ),
        (
            "queens-4x4-handmade.txt",
            Level::Paper,
            SpaceChoice::Regions,
            MixerKind::XyComplete,
        ),
        (
            "starbattle-4x4-boxes.txt",
            Level::Paper,
            SpaceChoice::Auto,
            MixerKind::XyComplete,
        ),
    ];
    cases
        .into_iter()
        .map(|(file, level, space, mixer)| {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data")
                .join(file);
            let enc = crate::encoding::load(&path, crate::encoding::EncodingKind::Onehot, level).unwrap();
            let settings = crate::simulation::SpaceSettings {
                space,
                mixer,
                ..Default::default()
            };
            let sim = crate::simulation::simulation(enc.as_ref(), &settings).unwrap();
            let prog = crate::experiment::depth::sector_program(enc.as_ref(), &sim, &angles).unwrap();
            let valid = crate::simulation::success_states(enc.as_ref(), &sim).unwrap().valid;
            let valid = crate::experiment::depth::full_valid_states(&sim, &valid).unwrap();
            (format!("{file} {space:?} {mixer:?}"), prog, valid, enc.cost_poly())
        })
        .collect()
}

/// What [`run_one`] gives: the final state (a split trajectory's valid sectors), (P(valid),
/// energy, dropped), whether it drew its readout flips, the pieces it ran, and what pieces
/// too large to hold took ([`Prune::lost`], [`Prune::lost_radius`]).
type OneRun = (SectorState, (f64, f64, f64), bool, usize, (f64, f64));

/// Trajectory `t` truncated with `truncation` (`Off`: every amplitude kept, read out after the
/// flips an exact run draws, if it would draw them, else analytically).
fn run_one(
    prog: &SectorProgram,
    valid: &[u64],
    full: &ZPoly,
    model: &crate::noise::NoiseModel,
    seed: u64,
    t: usize,
    truncation: Truncation,
) -> OneRun {
    let truncated = truncation != Truncation::Off;
    let keys = prog.valid_keys(valid);
    let events = prog.native.sample_events(model, &mut trajectory_rng(seed, t));
    let rule = if truncated { truncation } else { Truncation::Exact };
    let mut prune = prog.prune(rule, &events, &keys, seed, t, model.readout);
    let room = Room::new(1);
    let data_readout = Readout::new(full, valid.to_vec(), model.readout);
    let exact_readout = Readout::new(full, valid.to_vec(), 0.0);
    let (data, exact) = (Cache::new(Some(&data_readout)), Cache::new(Some(&exact_readout)));
    let cancel = crate::budget::Cancel::never();
    let state = prog.run_from_start(&events, &data, &room, &mut prune).unwrap();
    let drew = prune.flips();
    if truncated {
        if let Some(folded) = prune.split_state() {
            // In pieces: the valid sectors, read out after the flips already; the rest outside.
            let folded = std::mem::take(folded);
            let value = super::run::folded_value(prog, &folded, &exact, full, &cancel).unwrap();
            return (folded, value, true, prune.pieces_run(), (prune.lost, prune.lost_radius));
        }
    }
    let (state, dropped) = if truncated {
        (state, prune.dropped)
    } else {
        let mut keep = match drew {
            Some(f) => Prune::keep_all_with_flips(f),
            None => Prune::off(),
        };
        let mut s = prog.prepare(&events, &room).unwrap();
        keep.at(&mut s, 0);
        (
            prog.run_layers(s, 0..prog.layers.len(), &events, &data, &room, &mut keep)
                .unwrap(),
            0.0,
        )
    };
    let (state, (p, e)) = match drew {
        Some(f) => {
            let s = prog.apply_pauli(state, Pauli { x: f, z: 0, phase: 0 }, &room).unwrap();
            let v = exact.measure(prog, &s, &cancel).unwrap();
            (s, v)
        }
        None => {
            let v = data.measure(prog, &state, &cancel).unwrap();
            (state, v)
        }
    };
    (
        state,
        (p, e + full.offset * dropped, dropped),
        drew.is_some(),
        0,
        (0.0, 0.0),
    )
}

/// Truncation drops only what can no longer end valid: each trajectory's P(valid) equals the
/// untruncated value of the same draws (errors and readout flips) to rounding, its final state
/// on the valid boards' sectors is the untruncated state amplitude for amplitude, and its energy
/// lies in the bracket. Without readout errors nothing is drawn, and the same holds.
#[test]
fn truncated_trajectories_keep_p_valid_and_bracket_the_energy() {
    let split = truncated_against_whole(|_| truncate::PIECE_AMPLITUDES);
    assert_eq!(split, 0, "no block circuit here reaches the pieces' bound");
}

/// The same with the pieces' bound lowered to the noiseless state: the trajectories
/// that grow past it run in pieces, split by block weights where they branch, and still give the
/// P(valid) of the whole run to rounding and its valid sectors amplitude for amplitude.
#[test]
fn a_trajectory_in_pieces_is_the_trajectory_whole() {
    let split = truncated_against_whole(|prog| prog.noiseless_dimension());
    assert!(split >= 10, "{split} trajectories ran in pieces");
}

/// [`truncated_trajectories_keep_p_valid_and_bracket_the_energy`] with the pieces' bound
/// `bound(program)`: the trajectories that ran in pieces.
fn truncated_against_whole(bound: impl Fn(&SectorProgram) -> u128) -> usize {
    let models = [
        crate::noise::NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap(),
        crate::noise::NoiseModel::parse("p1=3e-3,p2=2e-2").unwrap(),
    ];
    let (mut truncated, mut drew, mut split) = (0, 0, 0);
    for (name, mut prog, valid, full) in programs() {
        prog.piece_amplitudes = bound(&prog);
        let keys = prog.valid_keys(&valid);
        let half_range: f64 = full.terms.iter().map(|(_, w)| w.abs()).sum();
        for model in &models {
            for t in 0..60 {
                let (cut, (p, e, d), flips, pieces, _) = run_one(&prog, &valid, &full, model, 5, t, Truncation::Exact);
                let (whole, (p0, e0, _), ..) = run_one(&prog, &valid, &full, model, 5, t, Truncation::Off);
                split += usize::from(pieces > 1);
                assert!((p - p0).abs() <= 1e-12, "{name} t {t}: P(valid) {p} vs {p0}");
                let d1 = d.clamp(0.0, 1.0);
                let width = half_range * (d1 + 2.0 * (d1 * (1.0 - d1)).sqrt());
                assert!(
                    (e - e0).abs() <= width + 1e-9,
                    "{name} t {t}: energy {e} vs {e0} ± {width}"
                );
                for key in &keys {
                    let (a, b) = (cut.get(key), whole.get(key));
                    if let (Some(a), Some(b)) = (a, b) {
                        let worst = a.iter().zip(b).map(|(x, y)| (x - y).norm()).fold(0.0, f64::max);
                        assert!(worst <= 1e-12, "{name} t {t} {key:?}: {worst:e}");
                    } else {
                        let norm = a.or(b).map_or(0.0, |v| v.iter().map(|x| x.norm_sqr()).sum());
                        assert!(norm <= 1e-24, "{name} t {t} {key:?}: only one holds {norm:e}");
                    }
                }
                truncated += usize::from(d > 0.0);
                drew += usize::from(flips);
                if model.readout == 0.0 {
                    assert!(!flips || cut.keys().all(|k| keys.contains(k)), "{name} t {t}");
                }
            }
        }
    }
    assert!(
        truncated >= 20 && drew >= truncated,
        "truncated {truncated}, drew {drew}"
    );
    split
}

/// A bounded trajectory that drops pieces too large to hold brackets the whole run's values:
/// with the pieces' bound lowered to the noiseless state and the drop bound to four times it, each
/// trajectory's exact P(valid) (every amplitude kept, the same errors and flips) lies within
/// `[(√p − r)₊², (√p + r)²]` of its bounded `p` and radius `r`, its energy within the widened
/// bracket; one that dropped nothing that large gives the exact value. Several trajectories
/// drop pieces (most all of their state: these small circuits grow fourfold in one step), some
/// only part.
#[test]
fn a_bounded_trajectory_brackets_the_whole() {
    let models = [
        crate::noise::NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap(),
        crate::noise::NoiseModel::parse("p1=1e-2,p2=6e-2").unwrap(),
    ];
    let (mut lost, mut partial) = (0, 0);
    for (name, mut prog, valid, full) in programs() {
        let noiseless = prog.noiseless_dimension();
        prog.piece_amplitudes = noiseless;
        prog.drop_amplitudes = 4 * noiseless;
        let half_range: f64 = full.terms.iter().map(|(_, w)| w.abs()).sum();
        for model in &models {
            for t in 0..40 {
                let (_, (p, e, d), _, _, (gone, r)) = run_one(&prog, &valid, &full, model, 5, t, Truncation::Bounded);
                let (_, (p0, e0, _), ..) = run_one(&prog, &valid, &full, model, 5, t, Truncation::Off);
                if gone == 0.0 {
                    assert!((p - p0).abs() <= 1e-12, "{name} t {t}: P(valid) {p} vs {p0}");
                    continue;
                }
                lost += 1;
                assert!(
                    r >= gone.sqrt() - 1e-15 && gone <= d + 1e-12,
                    "{name} t {t}: lost {gone}, r {r}, dropped {d}"
                );
                let (low, high) = ((p.sqrt() - r).max(0.0).powi(2), (p.sqrt() + r).powi(2).min(1.0));
                assert!(
                    low - 1e-12 <= p0 && p0 <= high + 1e-12,
                    "{name} t {t}: P(valid) {p0} outside [{low}, {high}]"
                );
                partial += usize::from(gone < 1.0 - 1e-9);
                let d1 = d.clamp(0.0, 1.0);
                let width = (half_range * (d1 + 2.0 * (d1 * (1.0 - d1)).sqrt() + 4.0 * r)).min(2.0 * half_range);
                assert!(
                    (e - e0).abs() <= width + 1e-9,
                    "{name} t {t}: energy {e} vs {e0} ± {width}"
                );
            }
        }
    }
    assert!(
        lost >= 10 && partial >= 2,
        "{lost} trajectories dropped pieces, {partial} of them only part of their state"
    );
}

/// A bounded estimate's bracket holds the exact estimate of the same draws, and is wider than
/// a point only where pieces were dropped; with nothing that large, its bytes are the exact
/// estimate's.
#[test]
fn a_bounded_estimate_brackets_the_exact_one() {
    let model = crate::noise::NoiseModel::parse("p1=1e-2,p2=6e-2,readout=2e-2").unwrap();
    let cancel = crate::budget::Cancel::never();
    let mut bounded_runs = 0;
    for (name, mut prog, valid, full) in programs() {
        let noiseless = prog.noiseless_dimension();
        prog.piece_amplitudes = noiseless;
        let estimate = |prog: &SectorProgram, truncation| {
            let draws = crate::noise::Draws {
                model: &model,
                trajectories: crate::checked::Trajectories::new(60).unwrap(),
                seed: 9,
                cancel: &cancel,
                truncation,
            };
            estimate_within_memory(prog, &valid, &full, &draws, 1 << 32).unwrap()
        };
        let exact = estimate(&prog, Truncation::Exact);
        let same = estimate(&prog, Truncation::Bounded);
        let (a, b) = (exact.truncated.clone().unwrap(), same.truncated.clone().unwrap());
        assert_eq!(exact.p_valid.to_bits(), same.p_valid.to_bits(), "{name}");
        assert_eq!((a.p_valid, a.energy), (b.p_valid, b.energy), "{name}");
        assert_eq!(b.trajectories_bounded, 0, "{name}");
        prog.drop_amplitudes = 2 * noiseless;
        let bounded = estimate(&prog, Truncation::Bounded);
        let b = bounded.truncated.unwrap();
        assert!(
            b.p_valid[0] <= exact.p_valid + 1e-12 && exact.p_valid <= b.p_valid[1] + 1e-12,
            "{name}: {} outside {:?}",
            exact.p_valid,
            b.p_valid
        );
        if b.trajectories_bounded > 0 {
            bounded_runs += 1;
            assert!(b.p_valid[1] > b.p_valid[0] && b.mean_bounded > 0.0, "{name}: {b:?}");
        } else {
            assert_eq!(b.p_valid.map(f64::to_bits), a.p_valid.map(f64::to_bits), "{name}");
        }
    }
    assert!(bounded_runs >= 2, "{bounded_runs} programs dropped pieces");
}

/// The probability of staying in a weight sector of `n` qubits (weight `k`) after local
/// depolarising noise on every qubit, `rounds` times between weight-preserving stages: each
/// round flips each bit with probability 2q/3 (X and Y flip it, Z does not), and because the
/// flips hit every qubit alike the sector projectors evolve (Heisenberg picture) among
/// themselves whatever the gates and the state. With λ = (1 − 4q/3)^rounds and r = (1 − λ)/2,
/// `Σ_j C(k, j) C(n − k, j) r^2j (1 − r)^(n − 2j)`: j ones lost and j gained (docs/qasm.md,
/// "Leaving the constraint subspace"; the exact formula of Streif et al., PRA 103, 042412, for
/// local depolarising noise).
fn stay_probability(n: usize, k: usize, q: f64, rounds: usize) -> f64 {
    let choose = |a: usize, b: usize| -> f64 { (0..b).map(|i| (a - i) as f64 / (i + 1) as f64).product() };
    let lambda = (1.0 - 4.0 * q / 3.0).powi(rounds as i32);
    let r = (1.0 - lambda) / 2.0;
    (0..=k.min(n - k))
        .map(|j| choose(k, j) * choose(n - k, j) * r.powi(2 * j as i32) * (1.0 - r).powi((n - 2 * j) as i32))
        .sum()
}

/// The sector route keeps the constraint subspace as the closed form says: depolarising noise
/// of strength q on every qubit after the preparation and after each layer (the program's XY
/// ring or complete mixers, its cost layers, two layers), P(every block keeps its weight)
/// averaged over 4,000 drawn trajectories lies within four standard errors of the product of
/// the blocks' [`stay_probability`]; noiselessly it is 1.
#[test]
fn leaving_the_weight_sectors_under_local_depolarising_noise_follows_the_closed_form() {
    let q = 0.06;
    let trajectories = 4000;
    for (name, prog, valid, full) in programs() {
        let home = prog.home_key();
        let rounds = prog.layers.len() + 1;
        let predicted: f64 = prog
            .groups
            .iter()
            .zip(&home)
            .filter(|(g, _)| g.split)
            .map(|(g, &k)| stay_probability(g.qubits.len(), usize::from(k), q, rounds))
            .product();
        let n = full.num_qubits;
        let readout = Readout::new(&full, valid.to_vec(), 0.0);
        let data = Cache::new(Some(&readout));
        let room = Room::new(1);
        let mut rng = crate::rng::seeded(11);
        let round = |state: SectorState, rng: &mut crate::rng::SeededRng, q: f64| {
            let mut p = Pauli::I;
            for j in 0..n {
                if rng.random_bool(q) {
                    match rng.random_range(0..3u8) {
                        0 => p.x |= 1 << j,
                        1 => {
                            p.x |= 1 << j;
                            p.z |= 1 << j;
                        }
                        _ => p.z |= 1 << j,
                    }
                }
            }
            prog.apply_pauli(state, p, &room).unwrap()
        };
        let stay = |rng: &mut crate::rng::SeededRng, q: f64| -> f64 {
            let mut state = round(prog.prepare(&[], &room).unwrap(), rng, q);
            for l in 0..prog.layers.len() {
                state = prog
                    .run_layers(state, l..l + 1, &[], &data, &room, &mut Prune::off())
                    .unwrap();
                state = round(state, rng, q);
            }
            let total: f64 = state.values().flatten().map(|a| a.norm_sqr()).sum();
            assert!((total - 1.0).abs() < 1e-12, "{name}: norm {total}");
            state
                .iter()
                .filter(|(key, _)| {
                    key.iter()
                        .zip(&home)
                        .zip(&prog.groups)
                        .all(|((a, b), g)| !g.split || a == b)
                })
                .flat_map(|(_, amps)| amps)
                .map(|a| a.norm_sqr())
                .sum()
        };
        let noiseless = stay(&mut rng, 0.0);
        assert!((noiseless - 1.0).abs() < 1e-12, "{name}: {noiseless}");
        let draws: Vec<f64> = (0..trajectories).map(|_| stay(&mut rng, q)).collect();
        let mean = draws.iter().sum::<f64>() / trajectories as f64;
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (trajectories - 1) as f64;
        let se = (var / trajectories as f64).sqrt();
        assert!(
            (mean - predicted).abs() <= 4.0 * se,
            "{name}: stayed {mean} ± {se}, closed form {predicted}"
        );
        assert!(
            predicted < 0.95 && se > 0.0,
            "{name}: the noise must show ({predicted}, {se})"
        );
    }
}

/// The closed form against the cases worked by hand: one round on a one-hot block of four is
/// `(1 − r)^4 + 3 r^2 (1 − r)^2` with r = 2q/3; two qubits of weight one stay with the parity
/// of their flips, `(1 + (1 − 4q/3)^2M)/2` after M rounds; no noise keeps everything.
#[test]
fn the_stay_probability_is_the_hand_worked_one() {
    let q = 0.01;
    let r: f64 = 2.0 * q / 3.0;
    let one_round = (1.0 - r).powi(4) + 3.0 * r * r * (1.0 - r).powi(2);
    assert!((stay_probability(4, 1, q, 1) - one_round).abs() < 1e-15);
    assert!((stay_probability(4, 1, q, 1) - 0.973730378272).abs() < 1e-12);
    assert!((stay_probability(4, 1, q, 4) - 0.901419842049).abs() < 1e-12);
    for rounds in [1, 3, 6] {
        // Two error locations a round, and an even number of flips keeps the weight.
        let parity = (1.0 + (1.0 - 4.0 * q / 3.0).powi(2 * rounds)) / 2.0;
        assert!((stay_probability(2, 1, q, rounds as usize) - parity).abs() < 1e-14);
    }
    assert!((stay_probability(6, 2, 0.0, 5) - 1.0).abs() < 1e-15);
}

/// The memory plan bounds what each trajectory holds: for every drawn trajectory of four block
/// circuits under two models, untruncated, truncated, truncated in pieces (the pieces' bound
/// lowered to the noiseless state) and bounded (the drop bound lowered to twice it), the most amplitudes the run held at once (the moves' sources
/// and targets together, and the pieces waiting, as the run counts them; from the noiseless
/// checkpoints where the first error comes after the preparation, as the estimate runs it) is at
/// most the plan, so a trajectory too large for the machine is refused in the plan, before any
/// work.
#[test]
fn the_plan_bounds_what_every_trajectory_holds() {
    let models = [
        crate::noise::NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap(),
        crate::noise::NoiseModel::parse("p1=1e-2,p2=6e-2").unwrap(),
    ];
    let (mut grew, mut tight, mut split, mut lost) = (0, 0, 0, 0);
    for (name, mut prog, valid, full) in programs() {
        let keys = prog.valid_keys(&valid);
        let readout = Readout::new(&full, valid.to_vec(), 0.0);
        let data = Cache::new(Some(&readout));
        let noiseless = prog.noiseless_dimension();
        // The noiseless state before each layer, as the estimate starts trajectories from them.
        let room = Room::new(1);
        let mut checkpoints = vec![prog.prepare(&[], &room).unwrap()];
        for l in 0..prog.layers.len() {
            let next = prog
                .run_layers(checkpoints[l].clone(), l..l + 1, &[], &data, &room, &mut Prune::off())
                .unwrap();
            checkpoints.push(next);
        }
        for model in &models {
            for t in 0..40 {
                let events = prog.native.sample_events(model, &mut trajectory_rng(5, t));
                if events.is_empty() {
                    continue;
                }
                for (truncated, pieces, bounded) in [
                    (false, false, false),
                    (true, false, false),
                    (true, true, false),
                    (true, true, true),
                ] {
                    prog.piece_amplitudes = if pieces { noiseless } else { truncate::PIECE_AMPLITUDES };
                    prog.drop_amplitudes = if bounded {
                        2 * noiseless
                    } else {
                        truncate::DROP_AMPLITUDES
                    };
                    let rule = if bounded {
                        Truncation::Bounded
                    } else {
                        Truncation::Exact
                    };
                    let room = Room::new(1);
                    let (mut prune, planned) = if truncated {
                        let flips = crate::noise::trajectories::read_out(
                            0,
                            prog.num_qubits,
                            model.readout,
                            &mut crate::noise::trajectories::readout_rng(5, t),
                        );
                        let planned = prog.planned_in_pieces(&events, flips, bounded);
                        (prog.prune(rule, &events, &keys, 5, t, model.readout), planned)
                    } else {
                        (Prune::off(), prog.planned_amplitudes(&events))
                    };
                    let state =
                        super::run::run_trajectory(&prog, &events, &checkpoints, &data, &room, &mut prune).unwrap();
                    let held = room.peak().max(state.values().map(Vec::len).sum());
                    assert!(
                        held as u128 <= planned,
                        "{name} t {t} truncated {truncated} pieces {pieces}: held {held}, planned {planned}"
                    );
                    grew += usize::from(held as u128 > noiseless);
                    tight += usize::from(2 * held as u128 >= planned);
                    split += usize::from(prune.pieces_run() > 1);
                    lost += usize::from(prune.lost > 0.0);
                }
            }
        }
    }
    assert!(
        grew >= 50 && tight >= 50 && split >= 10 && lost >= 5,
        "grew {grew}, within a factor 2 of the plan {tight}, in pieces {split}, dropped pieces {lost}"
    );
}

/// A Pauli applied as a permutation, keeping only some target sectors, gives the amplitudes of
/// the gate-by-gate Pauli on those sectors bit for bit, and the probability of the others: on
/// states of several sectors (final states of trajectories with errors) and random Paulis.
#[test]
fn a_pauli_kept_is_the_pauli_on_the_sectors_kept() {
    let model = crate::noise::NoiseModel::parse("p1=1e-2,p2=6e-2").unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut checked = 0;
    for (name, prog, _valid, _full) in programs() {
        let room = Room::new(1);
        for t in 0..10 {
            let events = prog.native.sample_events(&model, &mut trajectory_rng(9, t));
            let state = prog.trajectory_state(&events).unwrap();
            let n = prog.num_qubits as u32;
            let p = Pauli {
                x: rng.random::<u64>() & ((1u64 << n) - 1),
                z: rng.random::<u64>() & ((1u64 << n) - 1),
                phase: rng.random_range(0..4),
            };
            // A rule that splits the targets of a move (a Pauli moves every weight's parity alike).
            let home = prog.home_key();
            let keep = |k: &[u8]| k.iter().zip(&home).filter(|(a, b)| a > b).count() < 2;
            let whole = prog.apply_pauli(state.clone(), p, &room).unwrap();
            let (kept, dropped) = prog.apply_pauli_kept(state, p, &keep, &room).unwrap();
            let mut lost = 0.0;
            for (key, amps) in &whole {
                match kept.get(key) {
                    Some(k) => {
                        assert!(keep(key), "{name} t {t}: {key:?} kept against the rule");
                        assert_eq!(k.len(), amps.len());
                        for (a, b) in k.iter().zip(amps) {
                            assert_eq!(a, b, "{name} t {t} {key:?}");
                        }
                    }
                    None => {
                        lost += amps.iter().map(|a| a.norm_sqr()).sum::<f64>();
                        let norm: f64 = amps.iter().map(|a| a.norm_sqr()).sum();
                        assert!(!keep(key) || norm == 0.0, "{name} t {t}: {key:?} lost");
                    }
                }
            }
            assert!(kept.keys().all(|k| whole.contains_key(k)), "{name} t {t}");
            assert!(
                (lost - dropped).abs() <= 1e-14,
                "{name} t {t}: dropped {dropped} vs {lost}"
            );
            checked += usize::from(dropped > 0.0 && !kept.is_empty());
        }
    }
    assert!(checked >= 10, "{checked} states dropped and kept something");
}

/// The odometer counts every combination once, digit 0 fastest, and ends back at zeros.
#[test]
fn next_digits_counts_every_combination_once() {
    let mut digits = vec![0, 0];
    let mut seen = vec![digits.clone()];
    while apply::next_digits(&mut digits, |g| [2, 3][g]) {
        seen.push(digits.clone());
    }
    assert_eq!(
        seen,
        [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [1, 2]].map(|d| d.to_vec())
    );
    assert_eq!(digits, [0, 0]);
    // No digits: one combination, the empty one.
    assert!(!apply::next_digits(&mut [], |_| 1));
}

/// A Pauli's moves from one sector into another combine one move per group: the source and
/// target offsets by the two sectors' strides, the sign the parity of the negations.
#[test]
fn pauli_moves_combine_one_move_per_group() {
    let a = vec![(0, 1, false), (1, 0, true)];
    let b = vec![(2, 0, true)];
    let moves = apply::PauliMoves {
        lists: vec![&a, &b],
        src_stride: &[1, 2],
        dst_stride: &[1, 3],
    };
    let mut got = Vec::new();
    moves.each(|src, dst, neg| got.push((src, dst, neg)));
    assert_eq!(got, [(4, 1, true), (5, 0, false)]);
}

/// A program's strides are the running products of its groups' sizes in a sector, and the
/// Pauli's targets of each group cover every pattern of its label once, at the label the X
/// bits give.
#[test]
fn strides_and_pauli_targets_follow_the_groups() {
    let (_, prog, _, _) = programs().swap_remove(0);
    let key = prog.home_key();
    let (strides, size) = prog.strides(&key);
    let sizes = prog.sizes(&key);
    assert_eq!(size, sizes.iter().product::<usize>());
    assert_eq!(strides[0], 1);
    for g in 1..sizes.len() {
        assert_eq!(strides[g], strides[g - 1] * sizes[g - 1]);
    }
    // X on each group's first qubit moves its weight by one; Z on none.
    let xz: Vec<(u32, u32)> = prog.groups.iter().map(|g| (g.local(1 << g.qubits[0]), 0)).collect();
    for (g, targets) in prog.pauli_targets(&key, &xz).iter().enumerate() {
        let moved: usize = targets.values().map(Vec::len).sum();
        assert_eq!(moved, sizes[g], "group {g}");
        for (&label, list) in targets {
            assert!(label.abs_diff(key[g]) <= 1 || !prog.groups[g].split, "group {g}");
            assert!(list.iter().all(|&(_, t, neg)| t < prog.groups[g].size(label) && !neg));
        }
    }
}

/// The groups' places: each qubit's group and position; refused, with the words of
/// [`SectorProgram::new`], for a qubit twice, beyond the circuit or in no group, and a group
/// too large.
#[test]
fn place_of_places_each_qubit_once() {
    let place = |groups: &[&[usize]], n| place_of(groups.iter().copied(), n);
    assert_eq!(place(&[&[2, 0], &[1]], 3).unwrap(), [(0, 1), (1, 0), (0, 0)]);
    let refused = |groups: &[&[usize]], n| place(groups, n).unwrap_err().to_string();
    assert!(refused(&[&[0, 1], &[1]], 2).contains("qubit 1 twice or beyond the circuit"));
    assert!(refused(&[&[0, 2]], 2).contains("qubit 2 twice or beyond the circuit"));
    assert!(refused(&[&[1]], 2).contains("qubit 0 in no block and not free"));
    let large: Vec<usize> = (0..MAX_GROUP_QUBITS + 1).collect();
    assert!(refused(&[&large], large.len()).contains("a block of 25 qubits"));
}

/// Entries within rounding of 0 or 1 become those numbers; others stay.
#[test]
fn snapped_makes_residues_exact() {
    let m = vec![
        Complex64::new(1.0 - 1e-16, 1e-17),
        Complex64::new(1e-17, 0.0),
        Complex64::new(0.5, 1e-17),
    ];
    assert_eq!(snapped(m), [ONE, ZERO, Complex64::new(0.5, 1e-17)]);
}

/// A cost part is accepted where its `rz` are `2γw` on the terms' supports, and refused,
/// naming the layer from 1, at another γ or with a term missing.
#[test]
fn the_cost_check_holds_each_rz_to_its_term() {
    let terms = [(0b01, 1.5), (0b11, -0.5)];
    let rz = |support: u64, theta: f64| CostOp::Rz { q: 0, theta, support };
    let cost = [rz(0b01, 2.0 * 0.3 * 1.5), CostOp::Cx(0, 1), rz(0b11, 2.0 * 0.3 * -0.5)];
    assert!(check_cost_phases(&cost, &terms, 0.3, 1).is_ok());
    let e = check_cost_phases(&cost, &terms, 0.4, 1).unwrap_err().to_string();
    assert!(
        e.contains("the cost part of layer 2 is not the cost at gamma = 0.4"),
        "{e}"
    );
    assert!(check_cost_phases(&cost[..2], &terms, 0.3, 0).is_err());
}

/// A circuit's gates one by one add up to its native program, each gate's natives where `at`
/// says; a native program of another length is refused. The preparation keeps each native
/// gate on its group's positions, and refuses one across two groups.
#[test]
fn natives_and_the_preparation_follow_the_gates() {
    let circuit = Circuit {
        num_qubits: 3,
        gates: vec![
            Gate::H(2),
            Gate::XxPlusYy(
                0,
                1,
                crate::circuit::Angle {
                    value: 0.3,
                    symbol: None,
                },
            ),
            Gate::Cx(1, 2),
        ],
        layering: None,
    };
    let native = GateProgram::new(&circuit).unwrap();
    let natives = Natives::of(&circuit, &native).unwrap();
    assert_eq!(natives.at.len(), 4);
    assert_eq!(*natives.at.last().unwrap(), native.gates.len());
    for (i, g) in circuit.gates.iter().enumerate() {
        assert_eq!(natives.gates[i], expand::native(&[*g]));
        assert_eq!(natives.at[i + 1] - natives.at[i], natives.gates[i].len());
    }
    let mut short = native.clone();
    short.gates.pop();
    assert!(Natives::of(&circuit, &short).is_err());
    // Qubits 0 and 1 in group 0 (positions 1, 0), qubit 2 in group 1.
    let place = [(0, 1), (0, 0), (1, 0)];
    let (prep, prep_group) = natives.preparation(0..2, &place, 2).unwrap();
    assert_eq!(prep_group.len(), natives.at[2]);
    let h: Vec<usize> = prep[1].iter().map(|p| p.0).collect();
    assert_eq!(h, (0..natives.at[1]).collect::<Vec<_>>());
    assert!(prep[1].iter().all(|(_, g)| g.qubits() == [0]));
    let xy: Vec<usize> = prep[0].iter().map(|p| p.0).collect();
    assert_eq!(xy, (natives.at[1]..natives.at[2]).collect::<Vec<_>>());
    assert!(prep[0].iter().all(|(_, g)| g.qubits().iter().all(|&q| q < 2)));
    let e = natives.preparation(0..3, &place, 2).unwrap_err().to_string();
    assert!(e.contains("on qubits of two blocks before the first layer"), "{e}");
}

/// The checkpoints are the layers run: checkpoint l is the prepared state carried through
/// layers 0..l at once, to the bit.
#[test]
fn the_checkpoints_are_the_layers_run() {
    let room = Room::new(1);
    for (name, prog, _, _) in programs() {
        let data = Cache::new(None);
        let checkpoints = prog.checkpoints(&data, &room).unwrap();
        assert_eq!(checkpoints.len(), prog.layers.len() + 1, "{name}");
        for (l, c) in checkpoints.iter().enumerate() {
            let state = prog.prepare(&[], &room).unwrap();
            let want = prog
                .run_layers(state, 0..l, &[], &data, &room, &mut Prune::off())
                .unwrap();
            assert_eq!(*c, want, "{name}, checkpoint {l}");
        }
        assert_eq!(
            super::run::held_bytes(&checkpoints),
            checkpoints
                .iter()
                .flat_map(|c| c.values())
                .map(|v| 16 * v.len())
                .sum::<usize>()
        );
    }
}

/// Runs `f` on the shared run of an estimate of `prog` under `model` (40 trajectories, seed
/// 5, `truncation`), its first pass's room and the value of a trajectory without errors.
fn with_run<T>(
    prog: &SectorProgram,
    valid: &[u64],
    full: &ZPoly,
    truncation: Truncation,
    f: impl FnOnce(&super::run::SectorRun<'_>, (f64, f64)) -> T,
) -> T {
    let model = crate::noise::NoiseModel::parse("p1=2e-3,p2=2e-2,readout=2e-2").unwrap();
    let cancel = crate::budget::Cancel::never();
    let draws = Draws {
        model: &model,
        trajectories: crate::checked::Trajectories::new(40).unwrap(),
        seed: 5,
        cancel: &cancel,
        truncation,
    };
    let memory = crate::sim::available_memory();
    let room = Room::alone(memory, 0);
    let planned = super::run::plan(prog, &draws, &room, prog.layers.len() + 1, memory).unwrap();
    let readout = Readout::new(full, valid.to_vec(), model.readout);
    let exact_readout = Readout::new(full, valid.to_vec(), 0.0);
    let (data, exact) = (Cache::new(Some(&readout)), Cache::new(Some(&exact_readout)));
    let checkpoints = prog.checkpoints(&data, &room).unwrap();
    let v0 = data.measure(prog, checkpoints.last().unwrap(), &cancel).unwrap();
    let valid_keys = prog.valid_keys(valid);
    let run = super::run::SectorRun {
        prog,
        draws: &draws,
        full,
        planned: &planned,
        checkpoints: &checkpoints,
        valid_keys: &valid_keys,
        data: &data,
        exact: &exact,
        told: std::sync::Arc::new(super::run::Told::new(&draws)),
        weighed: std::sync::atomic::AtomicU64::new(0),
        work: planned.work(),
        peak: AtomicUsize::new(0),
        began: std::time::Instant::now(),
    };
    f(&run, v0)
}

/// A trajectory run in the pass alone gives the value it gives in the parallel pass, to the
/// bit, under each truncation, also where the parallel pass has room for one large plan at a
/// time; a room too small for a trajectory leaves it to the pass alone.
#[test]
fn the_pass_alone_gives_the_values_of_the_pass_beside() {
    let (_, prog, valid, full) = programs().swap_remove(1);
    for truncation in [Truncation::Off, Truncation::Exact] {
        with_run(&prog, &valid, &full, truncation, |run, v0| {
            let room = Room::new(1);
            let beside = run.beside(&room).unwrap();
            assert!(beside.iter().all(Option::is_some));
            let none = vec![None; beside.len()];
            let alone = run.alone(none, &room, v0).unwrap();
            let beside: Vec<Option<super::run::Value>> = beside.into_iter().map(Option::unwrap).collect();
            assert_eq!(alone, beside, "{truncation:?}");
            assert!(alone.iter().any(Option::is_some));
            assert_eq!(run.told.done.load(Ordering::Relaxed), 2 * alone.len());
            assert!(
                run.planned.amplitudes.iter().filter(|&&a| a > 0).count() > 2,
                "several trajectories with errors"
            );
            // Room for the largest plan only: the large ones run one at a time (the others
            // waiting for them), each within its own plan, and none is left.
            let largest = run.planned.amplitudes.iter().copied().max().unwrap() as usize;
            let whole = Room::new(1);
            let one_large = whole.less(whole.amplitudes - largest);
            let waited = run.beside(&one_large).unwrap();
            let waited: Vec<Option<super::run::Value>> = waited.into_iter().map(Option::unwrap).collect();
            assert_eq!(waited, alone, "{truncation:?}");
            // Nothing fits beside: every trajectory with errors is left to the pass alone.
            let tiny = Room::less(&Room::new(1), usize::MAX);
            let left = run.beside(&tiny).unwrap();
            for (t, v) in left.iter().enumerate() {
                assert_eq!(v.is_none(), run.planned.amplitudes[t] > 0, "trajectory {t}");
            }
        });
    }
}

/// A trajectory refused in the pass alone ends the run, saying which it was and how many ran
/// before it, with their estimate.
#[test]
fn a_refusal_in_the_pass_alone_says_how_many_ran() {
    let (_, prog, valid, full) = programs().swap_remove(1);
    with_run(&prog, &valid, &full, Truncation::Off, |run, v0| {
        // A trajectory that grows past the noiseless state: it cannot run in no room at all.
        let b = (0..run.planned.events.len())
            .filter(|&t| run.planned.amplitudes[t] > prog.noiseless_dimension())
            .nth(1)
            .unwrap();
        let ran: Vec<_> = (0..run.planned.events.len())
            .map(|t| (t != b).then(|| run.value(t, &Room::new(1)).unwrap()))
            .collect();
        let tiny = Room::less(&Room::new(1), usize::MAX);
        let e = run.alone(ran, &tiny, v0).unwrap_err().to_string();
        let total = run.planned.events.len();
        assert!(
            e.contains(&format!(
                "trajectory {} of {total} was refused after {} of them ran",
                b + 1,
                total - 1
            )),
            "{e}"
        );
        assert!(e.contains("P(valid)"), "{e}");
    });
}

/// The columns the estimate reads: (P(valid), energy) per trajectory, the probability each
/// dropped and the pieces it ran (0 without errors), and the trajectories that lost pieces.
#[test]
fn columns_read_each_value() {
    let ran = [
        None,
        Some((0.5, 2.0, 0.1, 0, (0.0, 0.0))),
        Some((0.25, 3.0, 0.2, 4, (0.05, 0.3))),
    ];
    let c = super::run::Columns::of(&ran);
    assert_eq!(c.values, [None, Some((0.5, 2.0)), Some((0.25, 3.0))]);
    assert_eq!(c.dropped, [0.0, 0.1, 0.2]);
    assert_eq!(c.pieces, [0, 0, 4]);
    assert_eq!(c.lost, [[0.25, 0.2, 0.05, 0.3]]);
}

/// A room's refusal holds the count against the room's share, in bytes.
#[test]
fn a_room_refuses_by_its_share() {
    let room = Room::alone(1 << 20, 0);
    match room.refusal(1 << 30) {
        Error::TooMuchMemory {
            count,
            log2_bytes,
            available,
            ..
        } => {
            assert_eq!(count, 1 << 30);
            assert!((log2_bytes - 34.0).abs() < 1e-12, "{log2_bytes}");
            assert_eq!(available, (1 << 20) / 4 * 3);
        }
        e => panic!("{e}"),
    }
    assert!(room.check_total(room.amplitudes).is_ok());
    assert!(matches!(
        room.check_total(room.amplitudes + 1),
        Err(Error::TooMuchMemory { .. })
    ));
}

/// A state past [`apply::PARALLEL_AMPLITUDES`] is worked on in chunks and parts (runs of
/// columns of a large slab among them) on every thread: the trajectory's final state has the
/// bytes of whole sectors on one thread.
#[test]
fn a_state_in_chunks_on_every_thread_is_the_state_on_one() {
    use crate::encoding::space::SpaceChoice;
    use crate::mixer::MixerKind;
    use crate::model::Level;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/queens-5x5-seed1.txt");
    let enc = crate::encoding::load(&path, crate::encoding::EncodingKind::Onehot, Level::None).unwrap();
    let settings = crate::simulation::SpaceSettings {
        space: SpaceChoice::Rows,
        mixer: MixerKind::XyRing,
        ..Default::default()
    };
    let sim = crate::simulation::simulation(enc.as_ref(), &settings).unwrap();
    let angles = Angles::new(vec![0.31, 0.47], vec![0.62, 0.23]).unwrap();
    let prog = crate::experiment::depth::sector_program(enc.as_ref(), &sim, &angles).unwrap();
    assert_eq!(prog.num_qubits(), 25);
    // X on a qubit of every row a third of the way in, Y on others two thirds in: every block
    // takes weights 0..3, so the state passes the bound where chunks start.
    let gates = prog.native().gates.len();
    let x = (0..5).fold(Pauli::I, |p, b| Pauli::single(5 * b, 1).times(p));
    let y = (0..5).fold(Pauli::I, |p, b| Pauli::single(5 * b + 2, 2).times(p));
    let events = [(gates / 3, x), (2 * gates / 3, y)];
    let one = {
        apply::set_whole_sectors(true);
        let s = prog.trajectory_state(&events).unwrap();
        apply::set_whole_sectors(false);
        s
    };
    let total: usize = one.values().map(Vec::len).sum();
    assert!(total >= apply::PARALLEL_AMPLITUDES, "{total}");
    for threads in [1, 2, 3] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let chunked = pool.install(|| prog.trajectory_state(&events).unwrap());
        assert_eq!(chunked.len(), one.len());
        for ((k1, a1), (k2, a2)) in one.iter().zip(&chunked) {
            assert_eq!(k1, k2);
            let bits = |a: &[Complex64]| {
                a.iter()
                    .flat_map(|c| [c.re.to_bits(), c.im.to_bits()])
                    .collect::<Vec<_>>()
            };
            assert!(bits(a1) == bits(a2), "sector {k1:?} on {threads} threads");
        }
    }
}

/// The progress lines come from inside the trajectories running too, not only as each ends
/// (the first pass starts with the largest, which run for minutes before any ends): with a
/// report due at every check, a line tells a trajectory running before any is done, and the
/// estimate is the one told nothing.
#[test]
fn progress_is_told_from_inside_the_trajectories_running() {
    let (_, prog, valid, full) = programs().swap_remove(1);
    let model = crate::noise::NoiseModel::parse("p1=2e-3,p2=2e-2,readout=2e-2").unwrap();
    let lines = std::sync::Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = lines.clone();
    let telling = crate::budget::Cancel::never().with_progress(
        std::time::Duration::ZERO,
        Box::new(move |p| seen.lock().unwrap().push(p.detail.to_string())),
    );
    let estimate = |cancel: &crate::budget::Cancel| {
        let draws = crate::noise::Draws {
            model: &model,
            trajectories: crate::checked::Trajectories::new(40).unwrap(),
            seed: 5,
            cancel,
            truncation: Truncation::Exact,
        };
        estimate_within_memory(&prog, &valid, &full, &draws, 1 << 32).unwrap()
    };
    // One worker, so that the first trajectory's checks come before any trajectory ends.
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let told = one.install(|| estimate(&telling));
    let silent = estimate(&crate::budget::Cancel::never());
    assert_eq!(told.p_valid.to_bits(), silent.p_valid.to_bits());
    assert_eq!(told.energy.to_bits(), silent.energy.to_bits());
    let lines = lines.lock().unwrap();
    let first = lines
        .iter()
        .position(|l| l.starts_with("0 of 40 trajectories under ") && l.contains(" running (weight sectors)"));
    assert!(first.is_some(), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("40 of 40 ")), "{lines:?}");
}
