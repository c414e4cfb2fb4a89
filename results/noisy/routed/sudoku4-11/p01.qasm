OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: portable, angles: numeric)
// puzzle file:     ../shared/instances/sudoku4/sudoku4-amayaos-11.txt
// reduction level: clues
// depth p:         1
// gammas:          [0.4106907147505855]
// betas:           [-0.5877679959382003]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             U_B(beta) = exp(-i beta sum_q X_q) is rx(2 beta), starting from H on every
//             qubit; the constant offset of H_C is a global phase and is not written.
// qubits: 14. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: r0c2d3
//   q[1]: r0c2d4
//   q[2]: r0c3d3
//   q[3]: r1c0d4
//   q[4]: r1c3d1
//   q[5]: r2c0d3
//   q[6]: r2c1d2
//   q[7]: r2c2d1
//   q[8]: r2c2d3
//   q[9]: r3c1d2
//   q[10]: r3c1d4
//   q[11]: r3c2d3
//   q[12]: r3c3d2
//   q[13]: r3c3d3
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,
// the order of quzzle's reports and of valid_bitstrings in the JSON manifest.

gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }

qubit[14] q;
bit[14] c;

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
h q[11];
h q[12];
h q[13];
// layer 1 of 1: cost, gamma = 0.4106907147505855
rz(-0.4106907147505855) q[0];
rz(1.2320721442517564) q[1];
rz(0.4106907147505855) q[2];
rz(1.642762859002342) q[3];
rz(1.642762859002342) q[4];
rz(1.2320721442517564) q[5];
rz(0.821381429501171) q[6];
rz(1.2320721442517564) q[7];
rz(-0.821381429501171) q[8];
rz(1.2320721442517564) q[10];
rz(-0.4106907147505855) q[11];
rz(0.821381429501171) q[12];
rz(-0.4106907147505855) q[13];
rzz(0.4106907147505855) q[0], q[1];
rzz(0.821381429501171) q[0], q[2];
rzz(0.4106907147505855) q[0], q[8];
rzz(0.4106907147505855) q[0], q[11];
rzz(0.4106907147505855) q[2], q[13];
rzz(0.4106907147505855) q[5], q[8];
rzz(0.821381429501171) q[6], q[9];
rzz(0.4106907147505855) q[7], q[8];
rzz(0.821381429501171) q[8], q[11];
rzz(0.4106907147505855) q[8], q[13];
rzz(0.4106907147505855) q[9], q[10];
rzz(0.4106907147505855) q[9], q[12];
rzz(0.821381429501171) q[11], q[13];
rzz(0.4106907147505855) q[12], q[13];
// layer 1 of 1: mixer, beta = -0.5877679959382003
rx(-1.1755359918764006) q[0];
rx(-1.1755359918764006) q[1];
rx(-1.1755359918764006) q[2];
rx(-1.1755359918764006) q[3];
rx(-1.1755359918764006) q[4];
rx(-1.1755359918764006) q[5];
rx(-1.1755359918764006) q[6];
rx(-1.1755359918764006) q[7];
rx(-1.1755359918764006) q[8];
rx(-1.1755359918764006) q[9];
rx(-1.1755359918764006) q[10];
rx(-1.1755359918764006) q[11];
rx(-1.1755359918764006) q[12];
rx(-1.1755359918764006) q[13];

c = measure q;
