use super::estimate::{Progress, RoutedRun};
use super::*;
use crate::budget::Budget;

/// A hand-made routed circuit on three physical qubits: an `x` merged into a SWAP's CNOTs on
/// qubits 0 and 1, then a diagonal `cz` on 1 and 2 with an `rz` after it. Logical
/// qubits 0 and 1 are a block of weight 1, qubit 2 a block of weight 0.
fn swap_circuit() -> RoutedCircuit {
    RoutedCircuit {
        physical: vec![0, 1, 2],
        gates: vec![
            RoutedGate::X(0),
            RoutedGate::Cx(0, 1),
            RoutedGate::Cx(1, 0),
            RoutedGate::Cx(0, 1),
            RoutedGate::Cz(1, 2),
            RoutedGate::Rz(2, 0.4),
        ],
        measured: vec![0, 1, 2],
    }
}

fn swap_program() -> RoutedSectors {
    RoutedSectors::new(&swap_circuit(), &[vec![0, 1], vec![2]], &[], 1).unwrap()
}

/// The sector run of `prog` with each list of errors is `c`'s statevector to 1e-12.
fn runs_as_the_statevector<const N: usize>(c: &RoutedCircuit, prog: &RoutedSectors, errors: [Vec<(usize, Pauli)>; N]) {
    for events in errors {
        let want = c.state_with(&events);
        let got = to_physical(prog, &trajectory_state(prog, &events).unwrap()).unwrap();
        let worst = want.iter().zip(&got).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
        assert!(worst <= 1e-12, "{events:?}: off by {worst:e}");
    }
}

/// The SWAP is a label exchange and keeps the sectors, the gates are in their steps, and
/// the sector run is the statevector amplitude for amplitude, with and without errors.
#[test]
fn fix_steps_exchanges_labels_and_keeps_the_statevector() {
    let c = swap_circuit();
    let fixed = fix_steps(&c, &group_gates(&c));
    assert!(fixed.steps[0].exchange);
    assert_eq!(fixed.label_at, [1, 0, 2]);
    assert_eq!(fixed.step_of[..4], [0; 4]);
    assert!(fixed.steps.iter().all(|s| !s.unfixed));
    let prog = swap_program();
    assert_eq!(prog.steps().1, 0, "no step moves amplitude without errors");
    runs_as_the_statevector(
        &c,
        &prog,
        [vec![], vec![(1, Pauli::single(0, 1))], vec![(4, Pauli::single(2, 2))]],
    );
}

/// A free qubit (no block: one group of every pattern) starts in its pattern 0 like a block's;
/// an `sx` then spreads it over both, and the run is the statevector with and without errors.
#[test]
fn a_free_qubit_starts_at_zero_and_runs_as_the_statevector() {
    let mut c = swap_circuit();
    c.gates.insert(0, RoutedGate::Sx(2));
    let prog = RoutedSectors::new(&c, &[vec![0, 1]], &[2], 1).unwrap();
    runs_as_the_statevector(
        &c,
        &prog,
        [vec![], vec![(2, Pauli::single(1, 1))], vec![(5, Pauli::single(2, 2))]],
    );
}

/// A step begins with the fix carried in on each qubit, or an identity on one no step has
/// been on; its gates are recorded as its own.
#[test]
fn a_step_begins_with_the_fixes_carried_in() {
    let c = swap_circuit();
    let mut fixer = Fixer::new(&c, 2);
    let step = fixer.begin(&[0, 1], &[0, 1, 2, 3]);
    assert!(matches!(step.ops[0], Op::Fix(0, u) if u == IDENTITY));
    assert!(matches!(step.ops[1], Op::Fix(1, u) if u == IDENTITY));
    assert!(matches!(step.ops[5], Op::Gate(3)));
    assert_eq!(step.labels, [0, 1]);
    fixer.steps.push(step);
    fixer.carry[1] = Some(SIGMA_X);
    let next = fixer.begin(&[1, 2], &[4]);
    assert!(matches!(next.ops[0], Op::Fix(0, u) if u == SIGMA_X));
    assert!(matches!(next.ops[1], Op::Fix(1, u) if u == IDENTITY));
    assert_eq!(next.ops.len(), 3);
    assert!(fixer.carry[1].is_none());
    assert_eq!(fixer.step_of[4], 1);
}

/// Turning a qubit round at a step's start multiplies an X into its first fix only; a chain's
/// flips turn labels at the start and the fixes they name.
#[test]
fn turning_and_flipping_act_where_they_say() {
    let mut step = Step::new(vec![0, 1], vec![0, 1], vec![Op::Fix(0, IDENTITY), Op::Fix(1, IDENTITY)]);
    let turned = turned_at_start(&step, &[1]);
    assert!(matches!(turned.ops[0], Op::Fix(0, u) if u == IDENTITY));
    assert!(matches!(turned.ops[1], Op::Fix(1, u) if u == SIGMA_X));
    step.ops.push(Op::Gate(0));
    let mut steps = vec![step];
    let mut start_ones = vec![false; 3];
    let chain = [
        Flip::Start(2),
        Flip::Op {
            step: 0,
            op: 0,
            left: true,
        },
    ];
    flip_chain(&mut steps, &mut start_ones, &chain);
    assert_eq!(start_ones, [false, false, true]);
    assert!(matches!(steps[0].ops[0], Op::Fix(0, u) if u == SIGMA_X));
    assert!(matches!(steps[0].ops[1], Op::Fix(1, u) if u == IDENTITY));
}

/// A SWAP exchanges |01⟩ and |10⟩; a CZ and the identity do not.
#[test]
fn exchanges_knows_a_swap() {
    let m = |d: [f64; 16]| -> Vec<Complex64> { d.iter().map(|&x| Complex64::new(x, 0.0)).collect() };
    let swap = m([1., 0., 0., 0., 0., 0., 1., 0., 0., 1., 0., 0., 0., 0., 0., 1.]);
    let cz = m([1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 0., 0., -1.]);
    assert!(exchanges(&swap));
    assert!(!exchanges(&cz));
    assert!(keeps_weights(&swap) && keeps_weights(&cz));
}

/// The checkpoints are the steps run from the start, every `every` steps and at the end.
#[test]
fn routed_checkpoints_are_the_steps_run() {
    let prog = swap_program();
    let room = Room::new(1);
    let checkpoints = prog.checkpoints(2, &room, || None).unwrap();
    let steps = prog.steps.len();
    assert_eq!(checkpoints.len(), 1 + steps.div_ceil(2));
    for (c, state) in checkpoints.iter().enumerate() {
        let none = BTreeMap::new();
        let to = (2 * c).min(steps);
        let want = prog
            .run_steps(start(&prog), 0..to, &none, &room, &mut Prune::off(), None)
            .unwrap();
        assert_eq!(*state, want, "checkpoint {c}");
    }
    // A stop asked after each stretch ends the run with its error.
    let e = prog
        .checkpoints(2, &room, || Some(unsupported("stopped".into())))
        .unwrap_err();
    assert!(e.to_string().contains("stopped"), "{e}");
}

/// Every trajectory run alone gives the values it gives in the parallel batches, to the bit.
#[test]
fn routed_trajectories_alone_give_their_values_beside() {
    let prog = swap_program();
    let model = NoiseModel::parse("p1=0.02,p2=0.08,rz=0.01,readout=0.02").unwrap();
    let valid = vec![1, 2];
    let nothing = ZPoly {
        num_qubits: 3,
        terms: Vec::new(),
        offset: 0.0,
    };
    let (plain, flipped) = (
        Readout::new(&nothing, valid.clone(), 0.0),
        Readout::new(&nothing, valid.clone(), 0.02),
    );
    let (plain, flipped) = (Cache::new(Some(&plain)), Cache::new(Some(&flipped)));
    let targets = Targets::of(&prog, &valid);
    let room = Room::new(1);
    let checkpoints = prog.checkpoints(1, &room, || None).unwrap();
    let cancel = crate::budget::Cancel::never();
    let last = prog.traced(checkpoints.last().unwrap().clone());
    for truncation in [Truncation::Off, Truncation::Exact, Truncation::Bounded] {
        let run = RoutedRun {
            prog: &prog,
            readout: model.readout,
            seed: 3,
            truncation,
            targets: &targets,
            checkpoints: &checkpoints,
            every: 1,
            draws: (0..24)
                .map(|t| by_step(&prog, &prog.circuit.sample_events(&model, &mut trajectory_rng(3, t))))
                .collect(),
            plain: &plain,
            flipped: &flipped,
            v0: flipped.measure(&prog.measure, &last, &cancel).unwrap().0,
            cancel: &cancel,
        };
        let plans: Vec<u128> = (0..24).map(|t| run.plan(t)).collect();
        assert!(plans.iter().any(|&p| p > 0), "some trajectories drew errors");
        let budget = Budget::unlimited();
        let progress = Progress {
            budget: &budget,
            task: "test",
            trajectories: 24,
            began: std::time::Instant::now(),
        };
        let beside = run.all(&plans, [&room, &room], 2, &progress).unwrap();
        let none = Room::less(&room, usize::MAX);
        let alone = run.all(&plans, [&none, &room], 2, &progress).unwrap();
        assert_eq!(beside, alone, "{truncation:?}");
    }
}
