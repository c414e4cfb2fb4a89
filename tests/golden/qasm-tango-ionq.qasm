OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: ionq, angles: numeric)
// puzzle file:     tests/data/tiny-tango-4x4.txt
// reduction level: paper
// depth p:         2
// gammas:          [0.1, 0.2]
// betas:           [0.5, 0.4]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             U_B(beta) = exp(-i beta sum_q X_q) is rx(2 beta), starting from H on every
//             qubit; the constant offset of H_C is a global phase and is not written.
// qubits: 11. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: r0c0, r0c1
//   q[1]: r0c2
//   q[2]: r0c3
//   q[3]: r1c0
//   q[4]: r1c2, not r1c3
//   q[5]: r2c0, not r3c0
//   q[6]: r2c1
//   q[7]: r2c2, r3c2
//   q[8]: r2c3
//   q[9]: r3c1
//   q[10]: r3c3
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,
// the order of quzzle's reports and of valid_bitstrings in the JSON manifest.
// for IonQ: a flat circuit of stdgates.inc gates; each rzz(theta) a, b is written
// in place as `cx a, b; rz(theta) b; cx a, b;` on one line.

qubit[11] q;
bit[11] c;

h q[0];
h q[1];
h q[2];
h q[3];
h q[4];
h q[5];
h q[6];
h q[7];
h q[8];
h q[9];
h q[10];
// layer 1 of 2: cost, gamma = 0.1
rz(-0.2) q[0];
rz(-0.2) q[3];
rz(-0.1) q[4];
rz(-0.30000000000000004) q[6];
rz(-0.2) q[9];
cx q[0], q[1]; rz(0.5) q[1]; cx q[0], q[1];
cx q[0], q[2]; rz(0.30000000000000004) q[2]; cx q[0], q[2];
cx q[0], q[3]; rz(0.2) q[3]; cx q[0], q[3];
cx q[0], q[5]; rz(0.1) q[5]; cx q[0], q[5];
cx q[0], q[6]; rz(0.2) q[6]; cx q[0], q[6];
cx q[0], q[9]; rz(0.1) q[9]; cx q[0], q[9];
cx q[1], q[2]; rz(0.2) q[2]; cx q[1], q[2];
cx q[1], q[4]; rz(0.2) q[4]; cx q[1], q[4];
cx q[1], q[7]; rz(0.30000000000000004) q[7]; cx q[1], q[7];
cx q[2], q[4]; rz(-0.2) q[4]; cx q[2], q[4];
cx q[2], q[8]; rz(0.2) q[8]; cx q[2], q[8];
cx q[2], q[10]; rz(0.1) q[10]; cx q[2], q[10];
cx q[3], q[4]; rz(0.1) q[4]; cx q[3], q[4];
cx q[3], q[5]; rz(0.1) q[5]; cx q[3], q[5];
cx q[4], q[7]; rz(0.5) q[7]; cx q[4], q[7];
cx q[4], q[8]; rz(-0.30000000000000004) q[8]; cx q[4], q[8];
cx q[4], q[10]; rz(-0.2) q[10]; cx q[4], q[10];
cx q[5], q[6]; rz(0.2) q[6]; cx q[5], q[6];
cx q[5], q[8]; rz(0.1) q[8]; cx q[5], q[8];
cx q[5], q[9]; rz(-0.2) q[9]; cx q[5], q[9];
cx q[5], q[10]; rz(-0.1) q[10]; cx q[5], q[10];
cx q[6], q[7]; rz(0.30000000000000004) q[7]; cx q[6], q[7];
cx q[6], q[8]; rz(0.2) q[8]; cx q[6], q[8];
cx q[6], q[9]; rz(0.2) q[9]; cx q[6], q[9];
cx q[7], q[8]; rz(0.2) q[8]; cx q[7], q[8];
cx q[7], q[9]; rz(0.30000000000000004) q[9]; cx q[7], q[9];
cx q[7], q[10]; rz(0.2) q[10]; cx q[7], q[10];
cx q[8], q[10]; rz(0.2) q[10]; cx q[8], q[10];
cx q[9], q[10]; rz(0.2) q[10]; cx q[9], q[10];
// layer 1 of 2: mixer, beta = 0.5
rx(1.0) q[0];
rx(1.0) q[1];
rx(1.0) q[2];
rx(1.0) q[3];
rx(1.0) q[4];
rx(1.0) q[5];
rx(1.0) q[6];
rx(1.0) q[7];
rx(1.0) q[8];
rx(1.0) q[9];
rx(1.0) q[10];
// layer 2 of 2: cost, gamma = 0.2
rz(-0.4) q[0];
rz(-0.4) q[3];
rz(-0.2) q[4];
rz(-0.6000000000000001) q[6];
rz(-0.4) q[9];
cx q[0], q[1]; rz(1.0) q[1]; cx q[0], q[1];
cx q[0], q[2]; rz(0.6000000000000001) q[2]; cx q[0], q[2];
cx q[0], q[3]; rz(0.4) q[3]; cx q[0], q[3];
cx q[0], q[5]; rz(0.2) q[5]; cx q[0], q[5];
cx q[0], q[6]; rz(0.4) q[6]; cx q[0], q[6];
cx q[0], q[9]; rz(0.2) q[9]; cx q[0], q[9];
cx q[1], q[2]; rz(0.4) q[2]; cx q[1], q[2];
cx q[1], q[4]; rz(0.4) q[4]; cx q[1], q[4];
cx q[1], q[7]; rz(0.6000000000000001) q[7]; cx q[1], q[7];
cx q[2], q[4]; rz(-0.4) q[4]; cx q[2], q[4];
cx q[2], q[8]; rz(0.4) q[8]; cx q[2], q[8];
cx q[2], q[10]; rz(0.2) q[10]; cx q[2], q[10];
cx q[3], q[4]; rz(0.2) q[4]; cx q[3], q[4];
cx q[3], q[5]; rz(0.2) q[5]; cx q[3], q[5];
cx q[4], q[7]; rz(1.0) q[7]; cx q[4], q[7];
cx q[4], q[8]; rz(-0.6000000000000001) q[8]; cx q[4], q[8];
cx q[4], q[10]; rz(-0.4) q[10]; cx q[4], q[10];
cx q[5], q[6]; rz(0.4) q[6]; cx q[5], q[6];
cx q[5], q[8]; rz(0.2) q[8]; cx q[5], q[8];
cx q[5], q[9]; rz(-0.4) q[9]; cx q[5], q[9];
cx q[5], q[10]; rz(-0.2) q[10]; cx q[5], q[10];
cx q[6], q[7]; rz(0.6000000000000001) q[7]; cx q[6], q[7];
cx q[6], q[8]; rz(0.4) q[8]; cx q[6], q[8];
cx q[6], q[9]; rz(0.4) q[9]; cx q[6], q[9];
cx q[7], q[8]; rz(0.4) q[8]; cx q[7], q[8];
cx q[7], q[9]; rz(0.6000000000000001) q[9]; cx q[7], q[9];
cx q[7], q[10]; rz(0.4) q[10]; cx q[7], q[10];
cx q[8], q[10]; rz(0.4) q[10]; cx q[8], q[10];
cx q[9], q[10]; rz(0.4) q[10]; cx q[9], q[10];
// layer 2 of 2: mixer, beta = 0.4
rx(0.8) q[0];
rx(0.8) q[1];
rx(0.8) q[2];
rx(0.8) q[3];
rx(0.8) q[4];
rx(0.8) q[5];
rx(0.8) q[6];
rx(0.8) q[7];
rx(0.8) q[8];
rx(0.8) q[9];
rx(0.8) q[10];

c = measure q;
