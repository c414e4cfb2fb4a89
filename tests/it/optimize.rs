//! Angle optimisation: improves on its start, INTERP warm starts, seeds reproduce.

use crate::common::data;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::{Encoding, SuccessStates};
use quzzle::experiment::solve::run_depths;

fn parse_depths(text: &str) -> quzzle::Result<Vec<usize>> {
    quzzle::checked::Depths::parse(text).map(|d| d.to_vec())
}
use quzzle::model::Level;
use quzzle::qaoa::optimize::{optimize, ramp_start, Init, Method, OptimizeConfig, Restarts};
use quzzle::qaoa::{Objective, QaoaSimulator};
use quzzle::simulation::{self, Simulation, SpaceSettings};

fn setup() -> (QaoaSimulator, Vec<u64>) {
    let p = OneHot::load(&data("tiny-takuzu-4x4.txt"), Level::Paper).unwrap();
    let sim = QaoaSimulator::new(&p.ising).unwrap();
    let valid = p.success_states(sim.diagonal()).valid;
    (sim, valid)
}

/// The full-space simulation of the same instance, with its success states.
fn setup_simulation() -> (Simulation, SuccessStates) {
    let p = OneHot::load(&data("tiny-takuzu-4x4.txt"), Level::Paper).unwrap();
    let sim = simulation::simulation(&p, &SpaceSettings::default()).unwrap();
    let success = simulation::success_states(&p, &sim).unwrap();
    (sim, success)
}

#[test]
fn both_methods_improve_on_their_start() {
    let (sim, _) = setup();
    for method in [Method::Lbfgs, Method::NelderMead] {
        let start = ramp_start(&sim, &Objective::Energy, 2).unwrap();
        let e0 = sim.objective(&start, &Objective::Energy).unwrap();
        let config = OptimizeConfig {
            method,
            max_iters: 100,
            restarts: Restarts::ONE,
            seed: 1,
            ..OptimizeConfig::default()
        };
        let out = optimize(&sim, &Objective::Energy, &start, false, &config).unwrap();
        assert!(out.value < e0 - 1e-6, "{method:?}: {} vs {e0}", out.value);
        // L-BFGS answers every cost request with the value of an adjoint call at that point.
        assert_eq!(out.evaluations == 0, method == Method::Lbfgs);
        assert_eq!(out.gradients == 0, method == Method::NelderMead);
    }
}

#[test]
fn interp_sweep_improves_with_depth_and_beats_uniform() {
    let (sim, success) = setup_simulation();
    let config = OptimizeConfig::default();
    let out = run_depths(
        &sim,
        &Objective::Energy,
        &success,
        &quzzle::checked::Depths::up_to(3).unwrap(),
        Init::Interp,
        &config,
    )
    .unwrap();
    let uniform = success.valid.len() as f64 / sim.dimension();
    for w in out.windows(2) {
        assert!(
            w[1].energy <= w[0].energy + 1e-9,
            "{} then {}",
            w[0].energy,
            w[1].energy
        );
    }
    assert!(out.iter().all(|d| d.success_probability > uniform));
}

#[test]
fn success_objective_raises_success_probability() {
    let (sim, success) = setup_simulation();
    let config = OptimizeConfig::default();
    let by_energy = run_depths(
        &sim,
        &Objective::Energy,
        &success,
        &quzzle::checked::Depths::of(&[2]).unwrap(),
        Init::Ramp,
        &config,
    )
    .unwrap();
    let by_success = run_depths(
        &sim,
        &Objective::Success(success.valid.clone()),
        &success,
        &quzzle::checked::Depths::of(&[2]).unwrap(),
        Init::Ramp,
        &config,
    )
    .unwrap();
    assert!(by_success[0].success_probability >= by_energy[0].success_probability - 1e-9);
}

#[test]
fn same_seed_same_angles() {
    let (sim, success) = setup_simulation();
    let config = OptimizeConfig {
        method: Method::NelderMead,
        max_iters: 50,
        restarts: Restarts::new(3).unwrap(),
        seed: 42,
        ..OptimizeConfig::default()
    };
    let depths = quzzle::checked::Depths::up_to(2).unwrap();
    let run = || run_depths(&sim, &Objective::Energy, &success, &depths, Init::Random, &config).unwrap();
    let (a, b) = (run(), run());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.gammas, y.gammas);
        assert_eq!(x.betas, y.betas);
    }
    let c = run_depths(
        &sim,
        &Objective::Energy,
        &success,
        &quzzle::checked::Depths::up_to(2).unwrap(),
        Init::Random,
        &OptimizeConfig {
            seed: 43,
            ..config.clone()
        },
    )
    .unwrap();
    assert_ne!(a[1].gammas, c[1].gammas);
}

#[test]
fn depth_ranges_parse() {
    assert_eq!(parse_depths("1..3").unwrap(), vec![1, 2, 3]);
    assert_eq!(parse_depths("2..=4").unwrap(), vec![2, 3, 4]);
    assert_eq!(parse_depths("5").unwrap(), vec![5]);
    assert_eq!(parse_depths("1..3,10,50,2").unwrap(), vec![1, 2, 3, 10, 50]);
    assert_eq!(parse_depths("256").unwrap(), vec![256]);
    for bad in ["0..2", "3..1", "x", "1..257", "", "1,,2", "1..3,0"] {
        assert!(parse_depths(bad).is_err(), "{bad}");
    }
}
