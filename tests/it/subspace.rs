//! QAOA on block spaces: gradients, norm, determinism, reports and refusals.

use crate::common::{assert_gradient_matches_finite_differences, data, xorshift_angles};
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, EncodingKind};
use quzzle::error::Unsupported;
use quzzle::experiment::solve::{self, SolveSettings};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::qaoa::Objective;
use quzzle::simulation::{self, SpaceSettings};
use quzzle::{Angles, Error};

/// Small instances with block spaces: (file, level, space). Together they have free qubits
/// (queens regions at paper: one region dropped), one-hot and weight-2 blocks, and cells.
pub const CASES: [(&str, Level, SpaceChoice); 5] = [
    ("nqueens-4.txt", Level::Paper, SpaceChoice::Rows),
    ("queens-4x4-handmade.txt", Level::Paper, SpaceChoice::Regions),
    ("starbattle-4x4-boxes.txt", Level::Paper, SpaceChoice::Regions),
    ("sudoku4-six-clues.txt", Level::Clues, SpaceChoice::Cells),
    ("takuzu-4x4-qasm.txt", Level::Paper, SpaceChoice::Rows),
];

fn angles(p: usize, seed: u64) -> Angles {
    xorshift_angles(p, seed, 1.5)
}

#[test]
fn gradients_agree_with_finite_differences_on_every_case_and_xy_mixer() {
    for (file, level, space) in CASES {
        let enc = encoding::load(&data(file), EncodingKind::Onehot, level).unwrap();
        for mixer in [MixerKind::XyRing, MixerKind::XyComplete] {
            let s = simulation::simulation(
                enc.as_ref(),
                &SpaceSettings {
                    space,
                    mixer,
                    ..Default::default()
                },
            )
            .unwrap();
            let valid = simulation::success_states(enc.as_ref(), &s).unwrap().valid;
            let sim = s.qaoa();
            for objective in [Objective::Energy, Objective::Success(valid.clone())] {
                let label = format!("{file} {mixer} {}", objective.name());
                assert_gradient_matches_finite_differences(sim, &angles(3, 7), &objective, &label);
            }
        }
    }
}

#[test]
fn the_state_keeps_its_norm_and_the_uniform_start_is_the_baseline() {
    for (file, level, space) in CASES {
        let enc = encoding::load(&data(file), EncodingKind::Onehot, level).unwrap();
        let s = simulation::simulation(
            enc.as_ref(),
            &SpaceSettings {
                space,
                mixer: MixerKind::XyRing,
                ..Default::default()
            },
        )
        .unwrap();
        let valid = simulation::success_states(enc.as_ref(), &s).unwrap().valid;
        let amps = s.qaoa().amplitudes(&angles(4, 3)).unwrap();
        let norm: f64 = amps.iter().map(|a| a.norm_sqr()).sum();
        assert!((norm - 1.0).abs() < 1e-12, "{file}: norm {norm}");
        // At zero angles the state is the uniform start: P(valid) = M / dimension.
        let zero = Angles::new(vec![0.0], vec![0.0]).unwrap();
        let e = s.qaoa().evaluate(&zero, &valid).unwrap();
        let baseline = valid.len() as f64 / s.dimension();
        assert!((e.success_probability - baseline).abs() < 1e-14, "{file}");
        // Every valid board of the puzzle lies in the space.
        assert_eq!(valid.len(), enc.search(0).unwrap().solution_count, "{file}");
    }
}

#[test]
fn solve_reports_space_mixer_blocks_and_dimension_and_is_the_same_on_any_thread_count() {
    let enc = encoding::load(&data("starbattle-4x4-boxes.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    let settings = SolveSettings {
        depths: quzzle::checked::Depths::up_to(2).unwrap(),
        space: SpaceSettings {
            space: SpaceChoice::Auto,
            mixer: MixerKind::XyComplete,
            ..Default::default()
        },
        ..SolveSettings::default()
    };
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| solve::solve(enc.as_ref(), &settings).unwrap())
    };
    let (one, two) = (run(1), run(2));
    let json = |r: &solve::SolveReport| {
        let mut v = serde_json::to_value(r).unwrap();
        for d in v["depths"].as_array_mut().unwrap() {
            d["seconds"] = 0.0.into();
        }
        v.to_string()
    };
    assert_eq!(json(&one), json(&two));
    assert_eq!(one.provenance.space.name(), "rows");
    assert_eq!(one.provenance.mixer.name(), "xy-complete");
    assert_eq!(one.blocks.len(), 4);
    assert_eq!(one.provenance.dimension, 256.0);
    assert!(one.depths[1].success_probability > one.uniform_baseline);
    let csv = one.to_csv().unwrap();
    assert!(csv.lines().next().unwrap().contains("space,mixer,dimension"));
    assert!(csv.contains(",rows,xy-complete,256"));
}

#[test]
fn bad_space_and_mixer_combinations_are_refused_with_reasons() {
    let enc = encoding::load(&data("nqueens-4.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    let err = |space, mixer| {
        simulation::simulation(
            enc.as_ref(),
            &SpaceSettings {
                space,
                mixer,
                ..Default::default()
            },
        )
        .unwrap_err()
        .to_string()
    };
    assert!(err(SpaceChoice::Rows, MixerKind::X).contains("x mixer runs on the full space only"));
    assert!(err(SpaceChoice::Full, MixerKind::XyRing).contains("needs a block space"));
    assert!(err(SpaceChoice::Regions, MixerKind::XyRing).contains("no active exact regions counts"));
    // Tango rows overlap through sign chains: they are joined into general blocks, so an XY
    // mixer has no plain family (auto) and refuses the rows, naming the grover mixer.
    let tango = encoding::load(&data("tango-4x4-qasm.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    let e = simulation::simulation(
        tango.as_ref(),
        &SpaceSettings {
            space: SpaceChoice::Auto,
            mixer: MixerKind::XyRing,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("use the x mixer"), "{e}");
    let e = simulation::simulation(
        tango.as_ref(),
        &SpaceSettings {
            space: SpaceChoice::Rows,
            mixer: MixerKind::XyRing,
            ..Default::default()
        },
    )
    .unwrap_err();
    // The library names the mixer; the command line adds its flag (`--mixer grover`).
    assert!(
        e.to_string().contains("share qubits and are joined") && e.to_string().contains("the grover mixer does"),
        "{e}"
    );
    assert!(
        matches!(&e, Error::Unsupported(u) if matches!(**u, Unsupported::NotPlainBlock { .. })),
        "{e}"
    );
    // The grover mixer keeps them.
    let grover = simulation::simulation(
        tango.as_ref(),
        &SpaceSettings {
            space: SpaceChoice::Rows,
            mixer: MixerKind::Grover,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(grover.space.blocks.iter().any(|b| b.counts.len() > 1));
    // The compact encoding has no constraint model to take blocks from.
    let compact = encoding::load(&data("sudoku4-two-clues.txt"), EncodingKind::Compact, Level::Clues).unwrap();
    let e = simulation::simulation(
        compact.as_ref(),
        &SpaceSettings {
            space: SpaceChoice::Cells,
            mixer: MixerKind::XyRing,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("compact encoding has none"), "{e}");
    assert!(
        matches!(&e, Error::Unsupported(u) if matches!(**u, Unsupported::NeedsOnehot { .. })),
        "{e}"
    );
}

/// The gate-by-gate reference run of the circuit of `s` with `mixer` at `a`, and the fidelity
/// of the simulator's state (embedded in the full space) with it.
fn reference_run_and_fidelity(
    enc: &dyn encoding::Encoding,
    s: &simulation::Simulation,
    mixer: MixerKind,
    a: &Angles,
) -> (quzzle::sim::State, f64) {
    let circuit = simulation::circuit(enc, &s.space, mixer, a).unwrap();
    let reference = quzzle::sim::reference::run(&circuit).unwrap();
    let ours = simulation::embedded_state(s, a).unwrap();
    let dot: num_complex::Complex64 = reference
        .amps
        .iter()
        .zip(&ours)
        .map(|(r, o)| r.conj() * num_complex::Complex64::new(o[0], o[1]))
        .sum();
    let fidelity = dot.norm_sqr();
    (reference, fidelity)
}

#[test]
fn the_subspace_state_equals_the_reference_run_of_the_exported_gate_list() {
    for (file, level, space) in CASES {
        let enc = encoding::load(&data(file), EncodingKind::Onehot, level).unwrap();
        for mixer in [MixerKind::XyRing, MixerKind::XyComplete] {
            let settings = SpaceSettings {
                space,
                mixer,
                ..Default::default()
            };
            let s = simulation::simulation(enc.as_ref(), &settings).unwrap();
            for (p, seed) in [(1, 1), (3, 2)] {
                let a = angles(p, seed);
                let (reference, fidelity) = reference_run_and_fidelity(enc.as_ref(), &s, mixer, &a);
                assert!(
                    (1.0 - fidelity).abs() < 1e-12,
                    "{file} {space} {mixer} p={p}: fidelity {fidelity}"
                );
                // The reference never puts amplitude outside the space.
                let outside: f64 = reference
                    .amps
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| !s.space.contains(k as u64))
                    .map(|(_, a)| a.norm_sqr())
                    .sum();
                assert!(outside < 1e-24, "{file} {mixer}: {outside} outside the space");
            }
        }
    }
}

#[test]
fn every_init_and_objective_runs_with_every_xy_mixer_and_beats_the_start() {
    use quzzle::experiment::solve::ObjectiveSpec;
    use quzzle::qaoa::optimize::Init;
    let enc = encoding::load(&data("nqueens-4.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    for mixer in [MixerKind::XyRing, MixerKind::XyComplete] {
        for init in [Init::Ramp, Init::Interp, Init::Random] {
            for objective in [ObjectiveSpec::Energy, ObjectiveSpec::Success, ObjectiveSpec::Cvar(0.2)] {
                let settings = SolveSettings {
                    depths: quzzle::checked::Depths::up_to(2).unwrap(),
                    init,
                    objective,
                    space: SpaceSettings {
                        space: SpaceChoice::Rows,
                        mixer,
                        ..Default::default()
                    },
                    ..SolveSettings::default()
                };
                let r = solve::solve(enc.as_ref(), &settings).unwrap();
                let what = format!("{mixer} {} {}", init.name(), objective.name());
                assert_eq!(r.depths.len(), 2, "{what}");
                // The optimum is no worse than the uniform start (all angles zero).
                let s = simulation::simulation(enc.as_ref(), &settings.space).unwrap();
                let valid = simulation::success_states(enc.as_ref(), &s).unwrap().valid;
                let zero = Angles::new(vec![0.0; 2], vec![0.0; 2]).unwrap();
                let at_start = s.qaoa().objective(&zero, &objective.to_objective(&valid)).unwrap();
                assert!(
                    r.depths[1].objective_value <= at_start + 1e-12,
                    "{what}: {} above the start's {at_start}",
                    r.depths[1].objective_value
                );
                if objective == ObjectiveSpec::Success {
                    assert!(r.depths[1].success_probability > 2.0 * r.uniform_baseline, "{what}");
                }
                // β of an XY mixer is reported in [−π, π).
                for b in &r.depths[1].betas {
                    assert!(
                        (-std::f64::consts::PI..std::f64::consts::PI).contains(b),
                        "{what}: β {b}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_variable_counted_plain_and_negated_is_not_in_its_block() {
    // After `propagate`, `row 0` of this Star Battle and `region C` of this Queens board count
    // one merged variable once plain and once negated (x + (1 − x) = 1): the count does not
    // constrain it, so the block leaves it out and stays a plain weight-k set.
    for (kind, name, space, mixer) in [
        (
            "starbattle",
            "starbattle-5x5-1star-janko-071.txt",
            SpaceChoice::Rows,
            MixerKind::XyRing,
        ),
        (
            "queens",
            "queens-6x6-community-052.txt",
            SpaceChoice::Regions,
            MixerKind::XyComplete,
        ),
    ] {
        let Some(dir) = crate::common::shared_instances() else {
            eprintln!("skipped: ../shared/instances is absent");
            return;
        };
        let enc = encoding::load(&dir.join(kind).join(name), EncodingKind::Onehot, Level::Propagate).unwrap();
        let s = simulation::simulation(
            enc.as_ref(),
            &SpaceSettings {
                space,
                mixer,
                ..Default::default()
            },
        )
        .unwrap();
        assert!(
            s.space
                .blocks
                .iter()
                .all(|b| b.plain && b.counts[0].coefficients.iter().all(|&c| c == 1)),
            "{name}"
        );
        let a = angles(1, 5);
        let (_, fidelity) = reference_run_and_fidelity(enc.as_ref(), &s, mixer, &a);
        assert!((1.0 - fidelity).abs() < 1e-12, "{name}: fidelity {fidelity}");
    }
}
