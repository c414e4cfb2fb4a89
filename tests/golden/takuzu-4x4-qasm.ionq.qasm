OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: ionq, angles: numeric)
// puzzle file:     tests/data/takuzu-4x4-qasm.txt
// reduction level: paper
// depth p:         2
// gammas:          [0.25, 0.5]
// betas:           [0.75, -0.5]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             U_B(beta) = exp(-i beta sum_q X_q) is rx(2 beta), starting from H on every
//             qubit; the constant offset of H_C is a global phase and is not written.
// qubits: 6. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: r1c0
//   q[1]: r1c2
//   q[2]: r2c0
//   q[3]: r2c1
//   q[4]: r3c1
//   q[5]: r3c2
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,
// the order of quzzle's reports and of valid_bitstrings in the JSON manifest.
// for IonQ: a flat circuit of stdgates.inc gates; each rzz(theta) a, b is written
// in place as `cx a, b; rz(theta) b; cx a, b;` on one line.

qubit[6] q;
bit[6] c;

h q[0];
h q[1];
h q[2];
h q[3];
h q[4];
h q[5];
// layer 1 of 2: cost, gamma = 0.25
rz(-0.25) q[0];
rz(-0.5) q[1];
rz(-0.25) q[2];
rz(-0.5) q[3];
rz(-0.25) q[4];
rz(-0.25) q[5];
cx q[0], q[1]; rz(0.5) q[1]; cx q[0], q[1];
cx q[0], q[2]; rz(0.75) q[2]; cx q[0], q[2];
cx q[1], q[5]; rz(0.5) q[5]; cx q[1], q[5];
cx q[2], q[3]; rz(0.5) q[3]; cx q[2], q[3];
cx q[3], q[4]; rz(0.5) q[4]; cx q[3], q[4];
cx q[4], q[5]; rz(0.75) q[5]; cx q[4], q[5];
// layer 1 of 2: mixer, beta = 0.75
rx(1.5) q[0];
rx(1.5) q[1];
rx(1.5) q[2];
rx(1.5) q[3];
rx(1.5) q[4];
rx(1.5) q[5];
// layer 2 of 2: cost, gamma = 0.5
rz(-0.5) q[0];
rz(-1.0) q[1];
rz(-0.5) q[2];
rz(-1.0) q[3];
rz(-0.5) q[4];
rz(-0.5) q[5];
cx q[0], q[1]; rz(1.0) q[1]; cx q[0], q[1];
cx q[0], q[2]; rz(1.5) q[2]; cx q[0], q[2];
cx q[1], q[5]; rz(1.0) q[5]; cx q[1], q[5];
cx q[2], q[3]; rz(1.0) q[3]; cx q[2], q[3];
cx q[3], q[4]; rz(1.0) q[4]; cx q[3], q[4];
cx q[4], q[5]; rz(1.5) q[5]; cx q[4], q[5];
// layer 2 of 2: mixer, beta = -0.5
rx(-1.0) q[0];
rx(-1.0) q[1];
rx(-1.0) q[2];
rx(-1.0) q[3];
rx(-1.0) q[4];
rx(-1.0) q[5];

c = measure q;
