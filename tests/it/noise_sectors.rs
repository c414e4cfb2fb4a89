//! Noisy trajectories on weight sectors (block spaces with XY mixers): injected Pauli patterns
//! give the state of the full-space gate executor amplitude for amplitude, and seeded
//! estimates equal the gate-by-gate route's (same draws) within rounding and their errors.

use crate::common::{data, traj};
use quzzle::encoding::{self, space::SpaceChoice, Encoding, EncodingKind};
use quzzle::experiment::depth::{full_valid_states, sector_program};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::noise::gates::{self, GateProgram};
use quzzle::noise::{Draws, NoiseModel, Pauli};
use quzzle::simulation::mixers::NoiseRoute;
use quzzle::simulation::{self, SpaceSettings};
use quzzle::Angles;
use rand::Rng;

fn settings(space: SpaceChoice, mixer: MixerKind) -> SpaceSettings {
    SpaceSettings {
        space,
        mixer,
        ..Default::default()
    }
}

/// Block spaces of every kind on small instances: rings and complete graphs, rows and columns,
/// weight 1 and 2, with and without free qubits.
fn cases() -> Vec<(Box<dyn Encoding>, SpaceSettings)> {
    let enc = |f: &str, level| encoding::load(&data(f), EncodingKind::Onehot, level).unwrap();
    vec![
        (
            enc("takuzu-4x4-qasm.txt", Level::Paper),
            settings(SpaceChoice::Rows, MixerKind::XyRing),
        ),
        (
            enc("takuzu-4x4-qasm.txt", Level::Paper),
            settings(SpaceChoice::Cols, MixerKind::XyComplete),
        ),
        (
            enc("queens-4x4-handmade.txt", Level::None),
            settings(SpaceChoice::Rows, MixerKind::XyRing),
        ),
        // Region D is dropped at the paper level: its five qubits are free.
        (
            enc("queens-4x4-handmade.txt", Level::Paper),
            settings(SpaceChoice::Regions, MixerKind::XyComplete),
        ),
        (
            enc("starbattle-4x4-boxes.txt", Level::Paper),
            settings(SpaceChoice::Auto, MixerKind::XyComplete),
        ),
    ]
}

fn angles() -> Angles {
    Angles::new(vec![0.31, 0.47], vec![0.62, 0.23]).unwrap()
}

/// Case `i` of [`cases`]: its encoding, its sector program at [`angles`] and its valid boards
/// as full-space bits.
fn program_of(i: usize) -> (Box<dyn Encoding>, quzzle::noise::sectors::SectorProgram, Vec<u64>) {
    let (enc, settings) = cases().swap_remove(i);
    let sim = simulation::simulation(enc.as_ref(), &settings).unwrap();
    let sectors = sector_program(enc.as_ref(), &sim, &angles()).unwrap();
    let valid = full_valid_states(&sim, &simulation::success_states(enc.as_ref(), &sim).unwrap().valid).unwrap();
    (enc, sectors, valid)
}

#[test]
fn injected_errors_give_the_full_space_state_amplitude_for_amplitude() {
    let mut rng = quzzle::rng::seeded(61);
    let mut with_free = 0;
    for (enc, settings) in cases() {
        let sim = simulation::simulation(enc.as_ref(), &settings).unwrap();
        assert_eq!(sim.noise_route(), NoiseRoute::Sectors, "{settings:?}");
        let n = sim.qaoa().num_qubits();
        let circuit = simulation::circuit(enc.as_ref(), &sim.space, sim.mixer, &angles()).unwrap();
        let full = GateProgram::new(&circuit).unwrap();
        let sectors = sector_program(enc.as_ref(), &sim, &angles()).unwrap();
        assert_eq!(sectors.native(), &full);
        assert!(sectors.noiseless_dimension() < 1u128 << n, "{settings:?}");
        let free = &sim.space.free;
        with_free += usize::from(!free.is_empty());
        // The gates on free qubits and the gates of the preparation (before the first rz).
        let prep = circuit
            .gates
            .iter()
            .position(|g| matches!(g, quzzle::circuit::Gate::Rz(..) | quzzle::circuit::Gate::Rzz(..)))
            .map(|i| quzzle::circuit::expand::native(&circuit.gates[..i]).len())
            .unwrap();
        let on_free: Vec<usize> = (0..full.gates.len())
            .filter(|&i| full.gates[i].qubits().iter().any(|q| free.contains(q)))
            .collect();
        let mut patterns: Vec<Vec<(usize, Pauli)>> = vec![Vec::new()];
        for k in 0..40 {
            let count = rng.random_range(1..5);
            let mut events: Vec<(usize, Pauli)> = (0..count)
                .map(|j| {
                    // The first error of every other pattern inside the preparation, of every
                    // third on a free qubit's gate; the rest anywhere.
                    let i = match (j, k % 3) {
                        (0, 0) => rng.random_range(0..prep),
                        (0, 1) if !on_free.is_empty() => on_free[rng.random_range(0..on_free.len())],
                        _ => rng.random_range(0..full.gates.len()),
                    };
                    // Mostly on the gate's own qubits, as the model draws them; sometimes anywhere.
                    let qs = full.gates[i].qubits();
                    let mut p = Pauli::I;
                    for &q in &qs {
                        p = Pauli::single(q, rng.random_range(0..4u8)).times(p);
                    }
                    if rng.random_range(0..4) == 0 {
                        p = Pauli::single(rng.random_range(0..n), rng.random_range(1..4u8)).times(p);
                    }
                    (i, p)
                })
                .collect();
            events.sort_by_key(|e| e.0);
            events.dedup_by_key(|e| e.0);
            patterns.push(events);
        }
        for events in &patterns {
            let want = gates::trajectory_state(&full, events).unwrap();
            let got = sectors.to_full(&sectors.trajectory_state(events).unwrap()).unwrap();
            let worst = want.iter().zip(&got).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
            assert!(worst <= 1e-12, "{settings:?} {events:?}: {worst:e}");
        }
    }
    assert!(with_free > 0, "no case with free qubits");
}

#[test]
fn seeded_estimates_equal_the_gate_by_gate_route() {
    let heavy = NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap();
    let aria = NoiseModel::parse("aria").unwrap();
    for (case, (enc, settings)) in cases().into_iter().enumerate() {
        let sim = simulation::simulation(enc.as_ref(), &settings).unwrap();
        let n = sim.qaoa().num_qubits();
        let trajectories = if n <= 8 { 200 } else { 40 };
        let circuit = simulation::circuit(enc.as_ref(), &sim.space, sim.mixer, &angles()).unwrap();
        let full = GateProgram::new(&circuit).unwrap();
        let sectors = sector_program(enc.as_ref(), &sim, &angles()).unwrap();
        let valid = simulation::success_states(enc.as_ref(), &sim).unwrap().valid;
        let d = enc.cost_diagonal().unwrap();
        let want_valid = simulation::full::success_states_of(enc.as_ref(), &d).unwrap().valid;
        let ours_valid = full_valid_states(&sim, &valid).unwrap();
        assert_eq!(ours_valid, want_valid, "{settings:?}");
        let cost: Vec<f64> = (0..d.len()).map(|k| d.get(k)).collect();
        let poly = enc.cost_poly();
        for model in [&heavy, &aria] {
            let seed = 7 + case as u64;
            let draws = Draws::new(model, traj(trajectories), seed);
            let g = gates::estimate(&full, &want_valid, &cost, &draws).unwrap();
            let s = quzzle::noise::sectors::estimate(&sectors, &ours_valid, &poly, &draws).unwrap();
            assert_eq!(s.route, NoiseRoute::Sectors);
            assert_eq!(g.route, NoiseRoute::GateByGate);
            // The same draws: the same trajectories have errors, and every value agrees to
            // rounding, far inside the standard errors.
            assert_eq!(s.trajectories_with_errors, g.trajectories_with_errors, "{settings:?}");
            assert!(g.trajectories_with_errors > 0);
            assert_eq!(s.error_free_probability.to_bits(), g.error_free_probability.to_bits());
            for (a, b, se) in [
                (s.p_valid, g.p_valid, g.p_valid_se),
                (s.energy, g.energy, g.energy_se),
                (s.noiseless_p_valid, g.noiseless_p_valid, 0.0),
                (s.noiseless_energy, g.noiseless_energy, 0.0),
            ] {
                assert!(
                    (a - b).abs() <= 1e-9 * (1.0 + b.abs()),
                    "{settings:?} {}: {a} vs {b}",
                    model.name
                );
                assert!((a - b).abs() <= se + 1e-9, "{settings:?}");
            }
            assert!((s.p_valid_se - g.p_valid_se).abs() <= 1e-9);
            let stats = s.sectors.as_ref().unwrap();
            assert!(stats.sectors_visited > 1, "{settings:?}");
            assert_eq!(stats.noiseless_amplitudes, sectors.noiseless_dimension());
        }
    }
}

#[test]
fn sector_shots_have_the_estimated_valid_fraction() {
    let (enc, sectors, valid) = program_of(0);
    let model = NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap();
    let e = quzzle::noise::sectors::estimate(&sectors, &valid, &enc.cost_poly(), &Draws::new(&model, traj(400), 5))
        .unwrap();
    let shots = 40_000u64;
    let counts = quzzle::noise::sectors::sample_counts(
        &sectors,
        quzzle::checked::Shots::new(shots.into()).unwrap(),
        &Draws::new(&model, traj(400), 5),
    )
    .unwrap();
    assert_eq!(counts.values().sum::<u64>(), shots);
    let hits: u64 = counts
        .iter()
        .filter(|(k, _)| valid.binary_search(&k.to_index().unwrap()).is_ok())
        .map(|(_, c)| c)
        .sum();
    let f = hits as f64 / shots as f64;
    // The same trajectories: the shots' fraction differs from their mean by the binomial noise.
    let se = (e.p_valid * (1.0 - e.p_valid) / shots as f64).sqrt();
    assert!((f - e.p_valid).abs() < 5.0 * se + 1e-3, "{f} vs {} ± {se}", e.p_valid);
}

#[test]
fn one_and_two_threads_give_the_same_estimate_bytes() {
    let model = NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap();
    for (enc, settings) in cases().into_iter().take(3) {
        let sim = simulation::simulation(enc.as_ref(), &settings).unwrap();
        let sectors = sector_program(enc.as_ref(), &sim, &angles()).unwrap();
        let valid = full_valid_states(&sim, &simulation::success_states(enc.as_ref(), &sim).unwrap().valid).unwrap();
        let poly = enc.cost_poly();
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let e = pool
                .install(|| quzzle::noise::sectors::estimate(&sectors, &valid, &poly, &Draws::new(&model, traj(60), 3)))
                .unwrap();
            assert!(e.trajectories_with_errors > 0);
            [e.p_valid, e.p_valid_se, e.energy, e.energy_se].map(f64::to_bits)
        };
        assert_eq!(run(1), run(2), "{settings:?}");
    }
}

#[test]
fn a_trajectory_too_large_to_run_beside_others_runs_alone_with_the_same_value() {
    let model = NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap();
    let (enc, sectors, valid) = program_of(2);
    let poly = enc.cost_poly();
    let run = |threads: usize, memory: u64| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            quzzle::noise::sectors::estimate_within_memory(
                &sectors,
                &valid,
                &poly,
                &Draws::new(&model, traj(80), 7),
                memory,
            )
        })
    };
    let bits = |e: &quzzle::noise::NoisyEstimate| [e.p_valid, e.p_valid_se, e.energy, e.energy_se].map(f64::to_bits);
    let reference = run(1, 1 << 40).unwrap();
    let stats = reference.sectors.clone().unwrap();
    let (d, peak) = (stats.noiseless_amplitudes as u64, stats.peak_amplitudes as u64);
    assert!(peak > d, "some trajectory leaves the noiseless sector: {peak} vs {d}");
    // The noiseless checkpoints (before each of the two layers, and after) are held throughout.
    let held = 3 * d * 16;
    // At 16 bytes an amplitude, two at once get (memory / 2 - held) / 32 amplitudes each: one
    // short of the largest state, which must run alone, with (3 memory / 4 - held) / 16, about
    // three times that.
    let memory = 2 * (held + 32 * (peak - 1));
    let two = run(2, memory).unwrap();
    assert_eq!(bits(&two), bits(&reference));
    assert_eq!(two.sectors.unwrap().peak_amplitudes, stats.peak_amplitudes);
    // Where even alone the largest state does not fit, the estimate is refused, not skewed,
    // saying which trajectory and what was done.
    let short = (held + 16 * (peak - 1)) / 3 * 4;
    match run(2, short) {
        Err(quzzle::Error::TrajectoryRefused { refusal, done }) => {
            assert!(
                matches!(*refusal, quzzle::Error::TooMuchMemory {
                    what: quzzle::error::Quantity::SectorAmplitudes,
                    count,
                    ..
                } if count as u64 > d),
                "{refusal}"
            );
            assert!(done.contains(" of 80 "), "{done}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_deadline_stops_the_trajectories_saying_how_far_they_got() {
    let model = NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap();
    let (enc, sectors, valid) = program_of(2);
    let cancel = quzzle::budget::Cancel::default().with_deadline(Some(quzzle::checked::Seconds::new(1e-9).unwrap()));
    let draws = Draws {
        cancel: &cancel,
        ..Draws::new(&model, traj(60), 3)
    };
    match quzzle::noise::sectors::estimate(&sectors, &valid, &enc.cost_poly(), &draws) {
        Err(quzzle::Error::OutOfTime { done, .. }) => assert!(done.contains("of 60 trajectories done"), "{done}"),
        other => panic!("expected the deadline's stop, got {other:?}"),
    }
}

/// `--truncate exact` against every amplitude kept, on the same draws: without readout errors
/// P(valid) and its standard error are the same bits (the sectors dropped hold no valid board
/// and send nothing to one), the energy of the untruncated run lies in the bracket, and one or
/// two threads give the same bytes; with readout errors (flips drawn where a trajectory drops)
/// P(valid) agrees within the standard errors.
#[test]
fn truncation_keeps_p_valid_and_brackets_the_energy() {
    let clean = NoiseModel::parse("p1=3e-3,p2=2e-2").unwrap();
    let heavy = NoiseModel::parse("p1=3e-3,p2=2e-2,readout=2e-2").unwrap();
    let mut truncated = 0;
    for case in 0..cases().len() {
        let (enc, sectors, valid) = program_of(case);
        let poly = enc.cost_poly();
        for model in [&clean, &heavy] {
            let off =
                quzzle::noise::sectors::estimate(&sectors, &valid, &poly, &Draws::new(model, traj(120), 11)).unwrap();
            let run = |threads: usize| {
                let draws = Draws {
                    truncation: quzzle::noise::Truncation::Exact,
                    ..Draws::new(model, traj(120), 11)
                };
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| quzzle::noise::sectors::estimate(&sectors, &valid, &poly, &draws))
                    .unwrap()
            };
            let exact = run(2);
            let bits =
                |e: &quzzle::noise::NoisyEstimate| [e.p_valid, e.p_valid_se, e.energy, e.energy_se].map(f64::to_bits);
            assert_eq!(bits(&exact), bits(&run(1)), "case {case}");
            assert!(off.truncated.is_none());
            let b = exact.truncated.as_ref().unwrap();
            assert_eq!(b.p_valid, [exact.p_valid, exact.p_valid]);
            assert_eq!(exact.trajectories_with_errors, off.trajectories_with_errors);
            truncated += b.trajectories_truncated;
            if model.readout == 0.0 {
                assert_eq!(exact.p_valid.to_bits(), off.p_valid.to_bits(), "case {case}");
                assert_eq!(exact.p_valid_se.to_bits(), off.p_valid_se.to_bits(), "case {case}");
                assert!(
                    b.energy[0] - 1e-9 <= off.energy && off.energy <= b.energy[1] + 1e-9,
                    "case {case}: {} outside {:?}",
                    off.energy,
                    b.energy
                );
            } else {
                let se = (exact.p_valid_se.powi(2) + off.p_valid_se.powi(2)).sqrt();
                assert!(
                    (exact.p_valid - off.p_valid).abs() <= 3.0 * se + 1e-12,
                    "case {case}: {} vs {} ± {se}",
                    exact.p_valid,
                    off.p_valid
                );
            }
            assert!(exact.sectors.as_ref().unwrap().peak_amplitudes <= off.sectors.as_ref().unwrap().peak_amplitudes);
        }
    }
    assert!(truncated >= 20, "only {truncated} trajectories dropped anything");
}
