//! The switch mixers on the `rows+cols` space (docs/ARCHITECTURE.md, "Spaces and mixers"): the
//! switch simulator's state equals the gate list of its layers (each move's double excitation
//! in native gates, the cost as every QAOA circuit writes it) run gate by gate on the full 2^n
//! state from the uniform start over the space, amplitude for amplitude; the state stays in
//! the space; gradients agree with finite differences; the bits do not depend on the thread
//! count; spaces that are no grid and other spaces are refused by name. The exported circuit
//! from `|0…0⟩` is the simulator's state on every grid: the uniform start on full permutation
//! grids, the first grid state elsewhere; `qasm` writes it, and noise runs it gate by gate.

use crate::common::{
    argv, assert_gradient_matches_finite_differences, assert_success, data, quzzle, s, traj, xorshift_angles, Scratch,
};
use num_complex::Complex64;
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, Encoding, EncodingKind};
use quzzle::mixer::{MixerKind, StartChoice};
use quzzle::model::Level;
use quzzle::qaoa::Objective;
use quzzle::sim::reference;
use quzzle::simulation::{self, mixers, SpaceSettings};
use quzzle::Angles;
use std::path::PathBuf;

const SWITCHES: [MixerKind; 2] = [MixerKind::SwitchRing, MixerKind::SwitchComplete];

fn settings(mixer: MixerKind) -> SpaceSettings {
    SpaceSettings {
        space: SpaceChoice::RowsCols,
        mixer,
        ..Default::default()
    }
}

fn started(mixer: MixerKind, start: StartChoice) -> SpaceSettings {
    SpaceSettings {
        start,
        ..settings(mixer)
    }
}

/// The settings a circuit of `mixer` on `enc` runs with (its `auto` start resolved).
fn circuit_settings(enc: &dyn Encoding, mixer: MixerKind) -> SpaceSettings {
    simulation::circuit_settings(enc, &settings(mixer)).unwrap()
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
        let permutations = states == 6 || states == 24;
        for (mixer, start) in SWITCHES
            .into_iter()
            .flat_map(|m| [StartChoice::Uniform, StartChoice::FirstGrid].map(|s| (m, s)))
        {
            let what = format!("{} at {level}, {mixer} from {start}", path.display());
            let sim = simulation::simulation(enc.as_ref(), &started(mixer, start)).unwrap();
            assert_eq!(sim.qaoa().num_states(), states, "{what}");
            let a = xorshift_angles(2, 7, 1.3);
            let ours = sim.qaoa().amplitudes(&a).unwrap();
            let norm: f64 = ours.iter().map(|z| z.norm_sqr()).sum();
            assert!((norm - 1.0).abs() < 1e-13, "{what}: norm {norm}");
            // The simulator's start (the state at γ = β = 0), embedded in the 2^n basis: uniform
            // over every indexed state, or one grid state with |+⟩ on the free qubits (2^f equal
            // amplitudes).
            let initial = sim
                .qaoa()
                .amplitudes(&Angles::new(vec![0.0], vec![0.0]).unwrap())
                .unwrap();
            let lit: Vec<&Complex64> = initial.iter().filter(|z| z.norm() > 1e-15).collect();
            let want = if start == StartChoice::Uniform {
                states
            } else {
                1 << sim.space.free.len()
            };
            assert_eq!(lit.len(), want, "{what}: states the start holds");
            assert!(
                lit.iter().all(|z| (*z - lit[0]).norm() < 1e-15 && z.im == 0.0),
                "{what}"
            );
            let mut full = vec![Complex64::new(0.0, 0.0); 1 << n];
            let mut embedded = vec![Complex64::new(0.0, 0.0); 1 << n];
            for (k, z) in ours.iter().enumerate() {
                let bits = sim.qaoa().bits(k as u64);
                assert!(
                    sim.space.contains(index_of(&bits) as u64),
                    "{what}: state {k} outside the space"
                );
                full[index_of(&bits)] = initial[k];
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
            // The exported circuit (start and layers) from |0…0⟩: the same state, on every grid
            // from the first grid and on full permutation grids from the uniform start; no
            // circuit of the uniform start elsewhere.
            let circuit = match simulation::circuit(enc.as_ref(), &sim.space, mixer, &a) {
                Err(quzzle::Error::Unsupported(u))
                    if !permutations
                        && start == StartChoice::Uniform
                        && matches!(*u, quzzle::error::Unsupported::NoUniformStartCircuit { .. }) =>
                {
                    continue;
                }
                other => other.unwrap(),
            };
            let run = reference::run(&circuit).unwrap().amps;
            let worst = run
                .iter()
                .zip(&embedded)
                .map(|(x, y)| (x * phase - y).norm())
                .fold(0.0, f64::max);
            assert!(worst <= 1e-12, "{what}: the exported circuit differs by {worst:e}");
        }
    }
}

/// The Fisher–Yates start takes |0…0⟩ to the uniform superposition over the N! permutation
/// matrices, every amplitude real, positive and equal, nothing outside the space.
#[test]
fn the_permutation_start_is_the_uniform_superposition_over_the_space() {
    let scratch = Scratch::new("switch-start");
    for (size, states) in [(2, 2), (3, 6), (4, 24)] {
        let p = scratch.join(format!("nqueens-{size}.txt"));
        std::fs::write(&p, format!("puzzle: nqueens\nsize: {size}x{size}\n")).unwrap();
        let enc = load(&p, Level::None);
        let n = enc.num_qubits();
        assert_eq!(n, size * size);
        let sim = simulation::simulation(enc.as_ref(), &settings(MixerKind::SwitchComplete)).unwrap();
        assert_eq!(sim.qaoa().num_states(), states, "{size}x{size}");
        assert!(sim.space.free.is_empty());
        let grids = mixers::permutation_grids(enc.as_ref(), &sim.space, MixerKind::SwitchComplete)
            .unwrap()
            .unwrap();
        assert_eq!(grids.len(), 1);
        let gates = quzzle::circuit::switch::permutation_start(&grids[0]);
        let mut amps = vec![Complex64::new(0.0, 0.0); 1 << n];
        amps[0] = Complex64::new(1.0, 0.0);
        reference::apply_gates(&mut amps, &gates);
        let mut want = vec![Complex64::new(0.0, 0.0); 1 << n];
        for k in 0..states as u64 {
            want[index_of(&sim.qaoa().bits(k))] = Complex64::new(1.0 / (states as f64).sqrt(), 0.0);
        }
        for (k, (x, y)) in amps.iter().zip(&want).enumerate() {
            assert!((x - y).norm() <= 1e-12, "{size}x{size}, state {k}: {x} against {y}");
        }
    }
}

/// `qasm` writes the switch circuit and its manifest on every grid: a full permutation grid
/// (5x5 Queens at reduction none, uniform start), cells the reduction fixed (a given on a 5x5
/// N-Queens at paper) and two per row and column (a 4x4 Takuzu at none: the two-star margins
/// with a valid board, which the 4x4 two-star Star Battle lacks), which start from their first
/// grid state.
#[test]
fn qasm_writes_switch_circuits_on_every_grid() {
    let dir = Scratch::new("switch-qasm");
    let out = dir.join("q.qasm");
    let queens = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/queens-5x5-seed1.txt");
    for (file, reduce, qubits, dimension, start) in [
        (queens, "none", 25, 120.0, "uniform"),
        (data("nqueens-5-given.txt"), "paper", 12, 9.0, "first-grid"),
        (data("tiny-takuzu-4x4.txt"), "none", 16, 90.0, "first-grid"),
    ] {
        let line =
            "qasm {} --reduce {} --space rows+cols --mixer switch-complete --depth 1 --gammas 0.1 --betas 0.2 -o {}";
        let o = quzzle(&argv(line, &[s(&file), reduce, s(&out)]));
        assert_success(&o);
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with("OPENQASM 3.0;"));
        let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("q.json")).unwrap()).unwrap();
        let what = file.display().to_string();
        assert_eq!(m["qubits"], qubits, "{what}");
        assert_eq!(m["mixer"], "switch-complete", "{what}");
        assert_eq!(m["space"], "rows+cols", "{what}");
        assert_eq!(m["start"], start, "{what}");
        assert_eq!(m["dimension"].as_f64(), Some(dimension), "{what}");
        assert!(m["success_probability"].as_f64().unwrap() > 0.0, "{what}");
    }
}

/// The start of a grid that is no full permutation grid is its first table in row-major
/// order: on the 4x4 two-star board, rows 0 and 1 at columns 0, 1 and rows 2 and 3 at 2, 3.
#[test]
fn a_grid_without_a_uniform_circuit_starts_from_its_first_table() {
    let enc = load(&data("starbattle-4x4-2star.txt"), Level::None);
    let sim = simulation::simulation(enc.as_ref(), &circuit_settings(enc.as_ref(), MixerKind::SwitchRing)).unwrap();
    assert_eq!(sim.space.start, StartChoice::FirstGrid);
    let grid = sim.space.blocks[0].grid().unwrap();
    let start = sim
        .qaoa()
        .amplitudes(&Angles::new(vec![0.3], vec![0.0]).unwrap())
        .unwrap();
    let lit: Vec<usize> = (0..start.len()).filter(|&k| start[k].norm() > 1e-15).collect();
    assert_eq!(lit.len(), 1);
    assert!((start[lit[0]].norm() - 1.0).abs() < 1e-15);
    let bits = sim.qaoa().bits(lit[0] as u64);
    for (r, row) in grid.cells.iter().enumerate() {
        for (c, q) in row.iter().enumerate() {
            let one = (r < 2) == (c < 2);
            assert_eq!(bits[q.unwrap()], one, "cell ({r}, {c})");
        }
    }
}

/// Noise runs the switch circuits gate by gate on the full state: zero rates give the noiseless
/// values, and a trajectory with injected errors is the reference run of the gate list with
/// those Paulis inserted.
#[test]
fn noise_runs_switch_circuits_gate_by_gate() {
    use quzzle::noise::gates::{self, GateProgram};
    use quzzle::noise::{NoiseModel, Pauli};
    let zero = NoiseModel::parse("p1=0,p2=0,readout=0").unwrap();
    let a = Angles::new(vec![0.31], vec![0.62]).unwrap();
    for (file, level) in [
        ("nqueens-5-given.txt", Level::Paper),
        ("tiny-takuzu-4x4.txt", Level::None),
    ] {
        let enc = load(&data(file), level);
        let settings = circuit_settings(enc.as_ref(), MixerKind::SwitchRing);
        quzzle::noise::check_space(&settings).unwrap();
        let sim = simulation::simulation(enc.as_ref(), &settings).unwrap();
        let circuit = simulation::circuit(enc.as_ref(), &sim.space, sim.mixer, &a).unwrap();
        let prog = GateProgram::new(&circuit).unwrap();
        let valid = simulation::success_states(enc.as_ref(), &sim).unwrap().valid;
        let noiseless = sim.qaoa().evaluate(&a, &valid).unwrap();
        let d = enc.cost_diagonal().unwrap();
        let full_valid = simulation::full::success_states_of(enc.as_ref(), &d).unwrap().valid;
        let cost: Vec<f64> = (0..d.len()).map(|k| d.get(k)).collect();
        let e = gates::estimate(&prog, &full_valid, &cost, &quzzle::noise::Draws::new(&zero, traj(4), 3)).unwrap();
        assert_eq!(e.trajectories_with_errors, 0, "{file}");
        assert!(
            (e.noiseless_p_valid - noiseless.success_probability).abs() < 1e-12,
            "{file}: {} against {}",
            e.noiseless_p_valid,
            noiseless.success_probability
        );
        assert!((e.noiseless_energy - noiseless.energy).abs() < 1e-9, "{file}");
        // X on the first qubit after the 10th gate, Z on the last after the 100th.
        let n = prog.num_qubits;
        let events = vec![(10, Pauli::single(0, 1)), (100, Pauli::single(n - 1, 3))];
        let ours = gates::trajectory_state(&prog, &events).unwrap();
        let mut list = Vec::new();
        for (i, g) in prog.gates.iter().enumerate() {
            list.push(*g);
            if let Some(&(_, p)) = events.iter().find(|e| e.0 == i) {
                for q in 0..n {
                    if p.z >> q & 1 == 1 {
                        list.push(quzzle::circuit::Gate::Rz(
                            q,
                            quzzle::circuit::Angle {
                                value: std::f64::consts::PI,
                                symbol: None,
                            },
                        ));
                    }
                    if p.x >> q & 1 == 1 {
                        list.push(quzzle::circuit::Gate::X(q));
                    }
                }
            }
        }
        let mut theirs = vec![Complex64::new(0.0, 0.0); 1 << n];
        theirs[0] = Complex64::new(1.0, 0.0);
        reference::apply_gates(&mut theirs, &list);
        let overlap: Complex64 = ours.iter().zip(&theirs).map(|(x, y)| x.conj() * y).sum();
        assert!(
            overlap.norm_sqr() > 1.0 - 1e-12,
            "{file}: fidelity {}",
            overlap.norm_sqr()
        );
        // The error changed the state: the injected trajectory is not the clean one.
        let clean = gates::trajectory_state(&prog, &[]).unwrap();
        let same: Complex64 = ours.iter().zip(&clean).map(|(x, y)| x.conj() * y).sum();
        assert!(same.norm_sqr() < 1.0 - 1e-6, "{file}");
    }
}

#[test]
fn switch_gradients_agree_with_finite_differences() {
    for (file, level) in [
        ("queens-4x4-handmade.txt", Level::Paper),
        ("starbattle-4x4-2star.txt", Level::None),
    ] {
        let enc = load(&data(file), level);
        for (mixer, start) in SWITCHES
            .into_iter()
            .flat_map(|m| [StartChoice::Uniform, StartChoice::FirstGrid].map(|s| (m, s)))
        {
            let sim = simulation::simulation(enc.as_ref(), &started(mixer, start)).unwrap();
            let a = xorshift_angles(3, 11, 1.0);
            let valid: Vec<u64> = (0..sim.qaoa().num_states() as u64).step_by(5).collect();
            for objective in [Objective::Energy, Objective::Success(valid)] {
                let label = format!("{file} {mixer} from {start} {}", objective.name());
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
                ..Default::default()
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
}

/// Whether the bits of `x` meet every grid's row and column counts (free qubits any value):
/// the `rows+cols` space, found here from the counts alone, not from the simulator's list.
fn in_grids(x: usize, grids: &[quzzle::encoding::space::Grid]) -> bool {
    grids.iter().all(|g| {
        let bit = |q: &Option<usize>| q.is_some_and(|q| x >> q & 1 == 1);
        let rows_ok = g
            .cells
            .iter()
            .zip(&g.row_totals)
            .all(|(row, &k)| row.iter().filter(|q| bit(q)).count() == k);
        let cols_ok = g
            .col_totals
            .iter()
            .enumerate()
            .all(|(c, &k)| g.cells.iter().filter(|row| bit(&row[c])).count() == k);
        rows_ok && cols_ok
    })
}

/// The uniform start on grids with no circuit for it (cells the reduction fixed; two per row
/// and column): the simulator starts at the uniform superposition over the states that meet
/// the counts, and its state at angles is the reference run of its layers' gate list from that
/// superposition on the full 2^n state.
#[test]
fn the_uniform_start_on_a_reduced_grid_is_the_reference() {
    for (file, level, states) in [
        ("nqueens-5-given.txt", Level::Paper, 9),
        ("tiny-takuzu-4x4.txt", Level::None, 90),
        ("starbattle-4x4-2star.txt", Level::None, 90),
    ] {
        let enc = load(&data(file), level);
        let n = enc.num_qubits();
        for mixer in SWITCHES {
            let what = format!("{file} {mixer}");
            let sim = simulation::simulation(enc.as_ref(), &started(mixer, StartChoice::Uniform)).unwrap();
            assert_eq!(sim.space.start, StartChoice::Uniform);
            let grids: Vec<_> = sim.space.blocks.iter().map(|b| b.grid().unwrap()).collect();
            assert!(!grids.iter().all(quzzle::qaoa::switch::is_full_permutation), "{what}");
            let members: Vec<usize> = (0..1usize << n).filter(|&x| in_grids(x, &grids)).collect();
            assert_eq!(members.len(), states, "{what}");
            assert_eq!(sim.qaoa().num_states(), states, "{what}");
            let mut reference_state = vec![Complex64::new(0.0, 0.0); 1 << n];
            for &x in &members {
                reference_state[x] = Complex64::new(1.0 / (states as f64).sqrt(), 0.0);
            }
            let a = xorshift_angles(3, 5, 1.1);
            let layers = mixers::switch_layers(enc.as_ref(), &sim.space, mixer, &a).unwrap();
            reference::apply_gates(&mut reference_state, &layers.gates);
            let onehot = enc.as_onehot().unwrap();
            let offset = simulation::space_qubo(onehot, &sim.space).to_ising().offset;
            let phase = Complex64::from_polar(1.0, -offset * a.gammas.iter().sum::<f64>());
            let ours = sim.qaoa().amplitudes(&a).unwrap();
            let mut worst = 0.0f64;
            let mut mass = 0.0f64;
            for (k, z) in ours.iter().enumerate() {
                let x = index_of(&sim.qaoa().bits(k as u64));
                worst = worst.max((reference_state[x] * phase - z).norm());
                mass += reference_state[x].norm_sqr();
            }
            assert!(worst <= 1e-12, "{what}: amplitudes differ by {worst:e}");
            assert!((mass - 1.0).abs() <= 1e-12, "{what}: the reference leaves the space");
            // Its P(valid) at zero angles is the uniform baseline (the two-star board has no
            // valid board).
            if let Ok(success) = simulation::success_states(enc.as_ref(), &sim) {
                let zero = Angles::new(vec![0.0], vec![0.0]).unwrap();
                let p0 = sim.qaoa().evaluate(&zero, &success.valid).unwrap().success_probability;
                let want = success.valid.len() as f64 / states as f64;
                assert!(want > 0.0 && (p0 - want).abs() < 1e-12, "{what}: {p0}");
            }
        }
    }
}

/// Where a circuit is made, `uniform` on a grid no gate list prepares it for is refused by a
/// typed error that names the start that runs (the command line adds its flag); `auto` takes
/// the first grid there and says so; `first-grid` under another mixer is refused.
#[test]
fn a_circuit_of_the_uniform_start_is_refused_where_none_is_known() {
    use quzzle::error::Unsupported;
    let enc = load(&data("nqueens-5-given.txt"), Level::Paper);
    let uniform = started(MixerKind::SwitchComplete, StartChoice::Uniform);
    let request = quzzle::export::ExportRequest {
        depth: quzzle::checked::Depth::ONE,
        angles: quzzle::export::AngleSource::Given(Angles::new(vec![0.1], vec![0.2]).unwrap()),
        flavor: quzzle::export::qasm::Flavor::Portable,
        symbolic: false,
        with_state: false,
        qasm_name: Some("q.qasm".into()),
        space: uniform,
    };
    let refusal = quzzle::export::export_circuit(enc.as_ref(), &request).unwrap_err();
    match &refusal {
        quzzle::Error::Unsupported(u) => assert!(
            matches!(**u, Unsupported::NoUniformStartCircuit { ref block, .. } if !block.is_empty()),
            "{refusal}"
        ),
        other => panic!("{other}"),
    }
    let text = refusal.to_string();
    assert!(text.contains("the first-grid start has a circuit"), "{text}");
    assert!(!text.contains("--"), "a library message names no flag: {text}");
    let sim = simulation::simulation(enc.as_ref(), &uniform).unwrap();
    assert!(matches!(
        simulation::circuit(
            enc.as_ref(),
            &sim.space,
            sim.mixer,
            &Angles::new(vec![0.1], vec![0.2]).unwrap()
        ),
        Err(quzzle::Error::Unsupported(_))
    ));
    // `auto` resolves to the first grid for a circuit here, to uniform on full permutation grids.
    assert_eq!(
        circuit_settings(enc.as_ref(), MixerKind::SwitchRing).start,
        StartChoice::FirstGrid
    );
    let queens = load(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/queens-5x5-seed1.txt"),
        Level::None,
    );
    assert_eq!(
        circuit_settings(queens.as_ref(), MixerKind::SwitchRing).start,
        StartChoice::Uniform
    );
    let xy = SpaceSettings {
        space: SpaceChoice::Rows,
        mixer: MixerKind::XyRing,
        start: StartChoice::FirstGrid,
        ..SpaceSettings::default()
    };
    assert!(matches!(
        simulation::simulation(queens.as_ref(), &xy),
        Err(quzzle::Error::Unsupported(ref u)) if matches!(**u, Unsupported::StartNeedsSwitch { .. })
    ));
}

/// The command line: `qasm`, `sample` and noise refuse `--start uniform` on a reduced grid and
/// name `--start first-grid`; `solve` simulates uniform by default and records the start in
/// its report and `qasm` in its manifest.
#[test]
fn the_start_flag_runs_and_is_recorded() {
    let dir = Scratch::new("switch-start-flag");
    let out = dir.join("q.qasm");
    let given = data("nqueens-5-given.txt");
    let base = "--reduce paper --space rows+cols --mixer switch-complete";
    for line in [
        format!("qasm {{}} {base} --start uniform --depth 1 --gammas 0.1 --betas 0.2 -o {{}}"),
        format!("sample {{}} {base} --start uniform --depth 1 --gammas 0.1 --betas 0.2 --shots 10 -o {{}}"),
        format!("solve {{}} {base} --start uniform --depths 1 --noise heron --trajectories 2 --max-iters 2 --json"),
    ] {
        let paths = [s(&given), s(&out)];
        let o = quzzle(&argv(&line, &paths[..line.matches("{}").count()]));
        let err = crate::common::stderr(&o);
        assert!(!o.status.success(), "{line}");
        assert!(
            err.contains("no circuit preparing the uniform start") && err.contains("(--start first-grid)"),
            "{line}: {err}"
        );
    }
    let err = crate::common::stderr(&quzzle(&argv(
        "solve {} --space rows --mixer xy-ring --start first-grid --depths 1",
        &[s(&given)],
    )));
    assert!(err.contains("(--start auto)"), "{err}");
    let mut p = Vec::new();
    for start in ["auto", "uniform", "first-grid"] {
        let report = crate::common::ok_json(&argv(
            &format!("solve {{}} {base} --start {start} --depths 2 --max-iters 20 --json"),
            &[s(&given)],
        ));
        let ran = if start == "first-grid" { "first-grid" } else { "uniform" };
        assert_eq!(report["start"], ran, "{start}");
        p.push(report["depths"][0]["success_probability"].as_f64().unwrap());
    }
    assert_eq!(p[0].to_bits(), p[1].to_bits(), "auto simulates uniform");
    assert_ne!(p[0].to_bits(), p[2].to_bits());
    for (start, recorded) in [(None, "first-grid"), (Some("first-grid"), "first-grid")] {
        let flag = start.map_or(String::new(), |s| format!("--start {s}"));
        let line = format!("qasm {{}} {base} {flag} --depth 1 --gammas 0.1 --betas 0.2 -o {{}}");
        assert_success(&quzzle(&argv(&line, &[s(&given), s(&out)])));
        let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("q.json")).unwrap()).unwrap();
        assert_eq!(m["start"], recorded, "{line}");
    }
}

/// A switch circuit on more qubits than a grid mask holds is refused with the limit, never a
/// shift overflow: the 144-qubit rows+cols of 12-Queens at `none`, exported and advised.
#[test]
fn a_switch_circuit_past_128_qubits_is_refused_by_name() {
    let dir = Scratch::new("switch-wide");
    let f = dir.join("nqueens-12.txt");
    std::fs::write(&f, "puzzle: nqueens\nsize: 12x12\n").unwrap();
    let o = quzzle(&argv(
        "qasm {} --reduce none --space rows+cols --mixer switch-complete --depth 1 --gammas 0.1 --betas 0.2",
        &[s(&f)],
    ));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("at most 128 qubits") && err.contains("this space has 144"),
        "{err}"
    );
    // Unnamed, the recommendation passes over it (the XY ring on the rows exports).
    let qasm = dir.join("q.qasm");
    let o = quzzle(&argv(
        "qasm {} --reduce none --depth 1 --gammas 0.1 --betas 0.2 -o {}",
        &[s(&f), s(&qasm)],
    ));
    assert_success(&o);
}
