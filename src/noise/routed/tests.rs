//! The routed reader, its gates and angles.

use super::*;

#[test]
fn reads_what_qiskit_writes() {
    let text = "OPENQASM 3.0;\ninclude \"stdgates.inc\";\ngate ecr _gate_q_0, _gate_q_1 {\n  rzx(pi/4) _gate_q_0, _gate_q_1;\n  x _gate_q_0;\n  rzx(-pi/4) _gate_q_0, _gate_q_1;\n}\nbit[2] c;\nrz(pi/2) $5;\nsx $5;\nrz(-3*pi/4) $3; // a comment\necr $5, $3;\nbarrier $5, $3;\nx $3;\nc[0] = measure $3;\nc[1] = measure $5;\n";
    let c = parse(text, "t.qasm").unwrap();
    assert_eq!(c.physical, vec![5, 3]);
    assert_eq!(c.measured, vec![1, 0]);
    assert_eq!(c.gates.len(), 5);
    assert_eq!(c.gates[2], RoutedGate::Rz(1, -3.0 * std::f64::consts::PI / 4.0));
    assert_eq!(c.gates[3], RoutedGate::Ecr(0, 1));
    let counts = c.counts();
    assert_eq!((counts.rz, counts.sx, counts.x, counts.two_qubit), (2, 1, 1, 1));
}

#[test]
fn refuses_what_it_cannot_run_by_line() {
    for (text, says) in [
        ("bit[1] c;\nh $0;\nc[0] = measure $0;", "t.qasm:2: the gate `h`"),
        (
            "bit[1] c;\nrz(theta) $0;\nc[0] = measure $0;",
            "`theta` is not a number or pi",
        ),
        (
            "bit[2] c;\nx $0;\nc[0] = measure $0;",
            "classical bit 1 is never measured",
        ),
        ("x $0;", "the final layout is unknown"),
        (
            "bit[1] c;\ngate foo a { x a; }\nc[0] = measure $0;",
            "t.qasm:2: the gate definition `foo`",
        ),
        ("bit[1] c;\nx $0\n", "without its `;`"),
    ] {
        let e = parse(text, "t.qasm").unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}

fn plain_pace<'b, 'a>(budget: &'b Budget<'a>) -> Pace<'b, 'a> {
    Pace {
        budget,
        task: String::new(),
        gates: 1,
        trajectories: 1,
        weight: 0.0,
        trajectory: None,
        every: 16,
    }
}

#[test]
fn ecr_in_place_is_the_pauli_form_on_every_pair() {
    // (X_{q0} − X_{q1} Y_{q0}) / √2 by Paulis, against the in-place 4x4 update, on a
    // 3-qubit state with every amplitude distinct.
    let state: Vec<Complex64> = (0..8)
        .map(|k| Complex64::new(0.3 + k as f64, 0.7 * k as f64 - 1.1))
        .collect();
    for (q0, q1) in [(0, 1), (1, 0), (0, 2), (2, 1)] {
        let pauli = |amps: &mut [Complex64], p: Pauli| {
            kernels::apply_diagonal_pauli(amps, Phase::None, &[], p.x, p.z, p.global())
        };
        let mut want = state.clone();
        let mut other = state.clone();
        pauli(&mut want, Pauli::single(q0, 1));
        pauli(&mut other, Pauli::single(q1, 1).times(Pauli::single(q0, 2)));
        for (a, o) in want.iter_mut().zip(&other) {
            *a = (*a - o) * std::f64::consts::FRAC_1_SQRT_2;
        }
        let mut got = state.clone();
        apply_ecr(&mut got, q0, q1);
        for (a, b) in got.iter().zip(&want) {
            assert!((a - b).norm() < 1e-12, "({q0}, {q1}): {got:?} != {want:?}");
        }
    }
}

#[test]
fn angles_are_evaluated_and_must_be_finite() {
    let pi = std::f64::consts::PI;
    for (text, want) in [
        ("pi/2", pi / 2.0),
        ("-3*pi/4", -3.0 * pi / 4.0),
        ("5*pi/2", 5.0 * pi / 2.0),
        ("-2.8415926535897933", -2.8415926535897933),
        ("1.5e-3", 1.5e-3),
        ("2E+2", 200.0),
        ("(pi/2) + 0.25", pi / 2.0 + 0.25),
        ("-(1 - 2*pi)", 2.0 * pi - 1.0),
        ("--1", 1.0),
        ("π/4", pi / 4.0),
        ("tau - pi", pi),
        ("1_000", 1000.0),
    ] {
        let got = angle(text, "rz", "t.qasm", 3).unwrap();
        assert!((got - want).abs() < 1e-12, "{text}: {got}");
    }
    for (text, says) in [
        ("nan", "it is NaN, not a finite number"),
        ("inf", "it is inf"),
        ("-inf", "it is -inf"),
        ("1e308*1e308", "it is inf"),
        ("pi/0", "it is inf"),
        ("0/0", "NaN"),
        ("1e999", "it is inf"),
        ("theta", "`theta` is not a number or pi"),
        ("1.2.3", "`1.2.3` is not a number"),
        ("(1", "a `(` with no `)`"),
        ("1)", "a `)` with no `(`"),
        ("1 2", "an operator is missing"),
        ("", "a number is missing"),
        ("2*", "a number is missing"),
        ("*2", "`*` where a number belongs"),
        ("1 % 2", "`%` is not part of an angle"),
    ] {
        let e = angle(text, "rz", "t.qasm", 3).unwrap_err().to_string();
        assert!(e.starts_with("t.qasm:3: the angle"), "{text}: {e}");
        assert!(e.contains(says) && e.contains("`rz`"), "{text}: {e}");
    }
    let deep = format!("{}1{}", "(".repeat(65), ")".repeat(65));
    let e = angle(&deep, "rz", "t.qasm", 1).unwrap_err().to_string();
    assert!(e.contains("nested deeper than 64"), "{e}");
    let ok = format!("{}1{}", "(".repeat(64), ")".repeat(64));
    assert!((angle(&ok, "rz", "t.qasm", 1).unwrap() - 1.0).abs() < 1e-15);
    let e = angle(&"-".repeat(100_001), "rz", "t", 1).unwrap_err().to_string();
    assert!(e.contains("a number is missing"), "{e}");
    assert_eq!(number_text(1e308), "1e308");
    assert_eq!(number_text(0.25), "0.25");
}

#[test]
fn parse_for_checks_the_manifest_and_the_order_of_measurements() {
    let text =
        "OPENQASM 3.0;\ninclude \"stdgates.inc\";\nbit[2] c;\nx $4;\nc[0] = measure $4;\nsx $9;\nc[1] = measure $9;\n";
    // Gates on other qubits may follow a measurement.
    let c = parse_for(text, "t.qasm", 2).unwrap();
    assert_eq!((c.physical.clone(), c.measured.clone()), (vec![4, 9], vec![0, 1]));
    let e = parse_for(text, "t.qasm", 3).unwrap_err().to_string();
    assert_eq!(
        e,
        "t.qasm:3: the bit register `c` of 2 bits, but the manifest's circuit has 3 qubits"
    );
    let e = parse_for(text, "t.qasm", 1).unwrap_err().to_string();
    assert!(
        e.starts_with("t.qasm:3: the bit register `c` of 2 bits, but the manifest's circuit has 1 qubits"),
        "{e}"
    );
    let e = parse_for(text, "t.qasm", 31).unwrap_err().to_string();
    assert!(e.contains("at most 30"), "{e}");
    // Registers: declared ones, whole-register measurement, offsets.
    let text = "qubit[2] q;\nqubit r;\nbit[2] c;\nbit d;\n";
    let e = parse(text, "t.qasm").unwrap_err().to_string();
    assert!(e.starts_with("t.qasm:4: a second bit register `d`"), "{e}");
    let text = "qubit[2] q;\nqubit r;\nbit[2] c;\ncx q[1], r;\nc = measure q;\n";
    let c = parse(text, "t.qasm").unwrap();
    assert_eq!((c.physical.clone(), c.measured.clone()), (vec![1, 2, 0], vec![2, 0]));
    // Refused, each naming its line, or what is wrong.
    for (text, start) in [
        (
            "qubit[2] q;\nbit[1] c;\nx $0;\n",
            "t.qasm:3: `$0` beside the declared register `q`",
        ),
        (
            "bit[1] c;\nx $0;\nqubit[2] q;\n",
            "t.qasm:3: the register `q` beside physical qubits",
        ),
        (
            "bit[1] c;\nc[0] = measure $0;\nc[0] = measure $1;\n",
            "t.qasm:3: `c[0]` is measured into twice (first on line 2)",
        ),
        (
            "bit[2] c;\nc[0] = measure $0;\nc[1] = measure $0;\n",
            "t.qasm:3: `$0` is measured twice (first on line 2)",
        ),
    ] {
        let e = parse(text, "t.qasm").unwrap_err().to_string();
        assert!(e.starts_with(start), "{e}");
    }
    for (text, part) in [
        ("qubit[2] q;\nbit[1] c;\nx q;\n", "whole register of 2 qubits"),
        (
            "qubit[2] q;\nbit[1] c;\nx q[2];\n",
            "`q[2]` is outside the register `q` of 2 qubits",
        ),
        ("bit[1] c;\nx c[0];\n", "`c[0]` is a bit, not a qubit"),
    ] {
        let e = parse(text, "t.qasm").unwrap_err().to_string();
        assert!(e.contains(part), "{e}");
    }
    let text: String = "bit[1] c;\n".to_string() + &(0..31).map(|k| format!("x ${k};\n")).collect::<String>();
    let e = parse(&text, "t.qasm").unwrap_err().to_string();
    assert!(
        e.starts_with("t.qasm:32: `$30` is physical qubit number 31 in use"),
        "{e}"
    );
    // Comments of both kinds, a byte-order mark, measure -> form.
    let text = "\u{feff}OPENQASM 3.0; /* a\nblock */ bit[1] c; // line\nmeasure $2 -> c[0];\n";
    assert_eq!(parse(text, "t.qasm").unwrap().physical, vec![2]);
}

#[test]
fn ecr_is_qiskits() {
    // ECR|00⟩ = (|01⟩ − i|11⟩)/√2 in Qiskit's order (q0 the low bit): column 0 of its matrix,
    // 1/√2 [[0, 1, 0, i], [1, 0, −i, 0], [0, i, 0, 1], [−i, 0, 1, 0]].
    let c = RoutedCircuit {
        physical: vec![0, 1],
        gates: vec![RoutedGate::Ecr(0, 1)],
        measured: vec![0, 1],
    };
    let mut amps = vec![Complex64::new(0.0, 0.0); 4];
    let budget = Budget::unlimited();
    c.run(&mut amps, &[], &plain_pace(&budget)).unwrap();
    let s = std::f64::consts::FRAC_1_SQRT_2;
    let want = [
        Complex64::new(0.0, 0.0),
        Complex64::new(s, 0.0),
        Complex64::new(0.0, 0.0),
        Complex64::new(0.0, -s),
    ];
    for (a, b) in amps.iter().zip(want) {
        assert!((a - b).norm() < 1e-15, "{amps:?}");
    }
}
