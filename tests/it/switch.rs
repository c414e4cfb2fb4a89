//! The switch mixers on the `rows+cols` space (docs/ARCHITECTURE.md, "Spaces and mixers"): the
//! switch simulator's state equals the gate list of its layers (each move's double excitation
//! in native gates, the cost as every QAOA circuit writes it) run gate by gate on the full 2^n
//! state from the uniform start over the space, amplitude for amplitude; the state stays in
//! the space; gradients agree with finite differences; the bits do not depend on the thread
//! count; spaces that are no grid and other spaces are refused by name.

use crate::common::{assert_gradient_matches_finite_differences, data, xorshift_angles, Scratch};
use num_complex::Complex64;
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, Encoding, EncodingKind};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::qaoa::Objective;
use quzzle::sim::reference;
use quzzle::simulation::{self, mixers, SpaceSettings};
use std::path::PathBuf;

const SWITCHES: [MixerKind; 2] = [MixerKind::SwitchRing, MixerKind::SwitchComplete];

fn settings(mixer: MixerKind) -> SpaceSettings {
    SpaceSettings {
        space: SpaceChoice::RowsCols,
        mixer,
    }
}

fn load(path: &std::path::Path, level: Level) -> Box<dyn Encoding> {
    encoding::load(path, EncodingKind::Onehot, level).unwrap()
}

/// A 3x3 N-Queens board (no solution: the kernels and spaces need none).
fn nqueens_3(scratch: &Scratch) -> PathBuf {
    let p = scratch.join("nqueens-3.txt");
    std::fs::write(&p, "puzzle: nqueens\nsize: 3x3\n").unwrap();
    p
}

/// The cases: permutations of 3 and 4 (Queens, N-Queens, one-star Star Battle), a space with
/// cells the reduction fixed (a given on a 5x5 N-Queens), two per row and column (4x4).
fn cases(scratch: &Scratch) -> Vec<(PathBuf, Level, usize)> {
    vec![
        (nqueens_3(scratch), Level::None, 6),
        (data("queens-4x4-handmade.txt"), Level::Paper, 24),
        (data("nqueens-4.txt"), Level::None, 24),
        (data("starbattle-4x4-boxes.txt"), Level::None, 24),
        (data("nqueens-5-given.txt"), Level::Paper, 9),
        (data("starbattle-4x4-2star.txt"), Level::None, 90),
    ]
}

fn index_of(bits: &[bool]) -> usize {
    bits.iter().enumerate().map(|(q, &b)| usize::from(b) << q).sum()
}

#[test]
fn the_switch_simulation_is_its_gate_list_on_the_full_state() {
    let scratch = Scratch::new("switch-gates");
    for (path, level, states) in cases(&scratch) {
        let enc = load(&path, level);
        let n = enc.num_qubits();
        for mixer in SWITCHES {
            let what = format!("{} at {level}, {mixer}", path.display());
            let sim = simulation::simulation(enc.as_ref(), &settings(mixer)).unwrap();
            assert_eq!(sim.qaoa().num_states(), states, "{what}");
            let a = xorshift_angles(2, 7, 1.3);
            let ours = sim.qaoa().amplitudes(&a).unwrap();
            let norm: f64 = ours.iter().map(|z| z.norm_sqr()).sum();
            assert!((norm - 1.0).abs() < 1e-13, "{what}: norm {norm}");
            // The uniform start over the space, embedded in the 2^n basis.
            let mut full = vec![Complex64::new(0.0, 0.0); 1 << n];
            let start = 1.0 / (states as f64).sqrt();
            let mut embedded = vec![Complex64::new(0.0, 0.0); 1 << n];
            for (k, z) in ours.iter().enumerate() {
                let bits = sim.qaoa().bits(k as u64);
                assert!(
                    sim.space.contains(index_of(&bits) as u64),
                    "{what}: state {k} outside the space"
                );
                full[index_of(&bits)] = Complex64::new(start, 0.0);
                embedded[index_of(&bits)] = *z;
            }
            let circuit = mixers::switch_layers(enc.as_ref(), &sim.space, mixer, &a).unwrap();
            assert_eq!(circuit.num_qubits, n);
            reference::apply_gates(&mut full, &circuit.gates);
            // The circuit leaves out the cost's constant: a phase e^{−iγ·offset} per layer.
            let onehot = enc.as_onehot().unwrap();
            let offset = simulation::space_qubo(onehot, &sim.space).to_ising().offset;
            let phase = Complex64::from_polar(1.0, -offset * a.gammas.iter().sum::<f64>());
            let worst = full
                .iter()
                .zip(&embedded)
                .map(|(x, y)| (x * phase - y).norm())
                .fold(0.0, f64::max);
            assert!(worst <= 1e-12, "{what}: amplitudes differ by {worst:e}");
        }
    }
}

#[test]
fn switch_gradients_agree_with_finite_differences() {
    for (file, level) in [
        ("queens-4x4-handmade.txt", Level::Paper),
        ("starbattle-4x4-2star.txt", Level::None),
    ] {
        let enc = load(&data(file), level);
        for mixer in SWITCHES {
            let sim = simulation::simulation(enc.as_ref(), &settings(mixer)).unwrap();
            let a = xorshift_angles(3, 11, 1.0);
            let valid: Vec<u64> = (0..sim.qaoa().num_states() as u64).step_by(5).collect();
            for objective in [Objective::Energy, Objective::Success(valid)] {
                let label = format!("{file} {mixer} {}", objective.name());
                assert_gradient_matches_finite_differences(sim.qaoa(), &a, &objective, &label);
            }
        }
    }
}

#[test]
fn switch_bits_do_not_depend_on_the_thread_count() {
    let enc = load(&data("starbattle-4x4-2star.txt"), Level::None);
    let a = xorshift_angles(2, 3, 1.0);
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let sim = simulation::simulation(enc.as_ref(), &settings(MixerKind::SwitchComplete)).unwrap();
            let (v, g) = sim.qaoa().gradient(&a, &Objective::Energy).unwrap();
            let amps = sim.qaoa().amplitudes(&a).unwrap();
            (v.to_bits(), g.iter().map(|x| x.to_bits()).collect::<Vec<_>>(), amps)
        })
    };
    assert_eq!(run(1), run(4));
}

#[test]
fn switch_mixers_refuse_other_spaces_and_spaces_that_are_no_grid() {
    let enc = load(&data("queens-4x4-handmade.txt"), Level::Paper);
    for space in [SpaceChoice::Full, SpaceChoice::Rows, SpaceChoice::Regions] {
        let e = simulation::simulation(
            enc.as_ref(),
            &SpaceSettings {
                space,
                mixer: MixerKind::SwitchRing,
            },
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("runs on space rows+cols"), "{space}: {e}");
    }
    // `auto` is rows+cols for a switch mixer.
    let auto = SpaceSettings::from_choices(None, Some(MixerKind::SwitchRing));
    let sim = simulation::simulation(enc.as_ref(), &auto).unwrap();
    assert_eq!(sim.space.resolved, SpaceChoice::RowsCols);
    // A cylinder's columns are soft counts: its rows+cols block is no grid.
    let cyl = load(&data("gqueens-3x4-cylinder.txt"), Level::Paper);
    let e = simulation::simulation(cyl.as_ref(), &settings(MixerKind::SwitchComplete))
        .unwrap_err()
        .to_string();
    assert!(e.contains("is not a grid of plain row and column counts"), "{e}");
    // No circuit: no gate list prepares the start.
    let e = simulation::circuit(
        enc.as_ref(),
        &sim.space,
        MixerKind::SwitchRing,
        &xorshift_angles(1, 1, 1.0),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("no gate list here prepares that state"), "{e}");
}
