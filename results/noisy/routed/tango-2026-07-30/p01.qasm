OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: portable, angles: numeric)
// puzzle file:     ../shared/instances/tango/tango-6x6-linkedin-2026-07-30.txt
// reduction level: paper
// depth p:         1
// gammas:          [0.195192885599696]
// betas:           [-0.3736754998911453]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             U_B(beta) = exp(-i beta sum_q X_q) is rx(2 beta), starting from H on every
//             qubit; the constant offset of H_C is a global phase and is not written.
// qubits: 12. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: r0c0
//   q[1]: r0c1
//   q[2]: r0c2
//   q[3]: r1c0
//   q[4]: r1c1
//   q[5]: r1c2
//   q[6]: r3c0, not r3c1
//   q[7]: r3c2
//   q[8]: r3c3
//   q[9]: r5c0, r5c1
//   q[10]: r5c2
//   q[11]: r5c3
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,
// the order of quzzle's reports and of valid_bitstrings in the JSON manifest.

gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }

qubit[12] q;
bit[12] c;

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
// layer 1 of 1: cost, gamma = 0.195192885599696
rz(0.195192885599696) q[1];
rz(-0.195192885599696) q[2];
rz(0.5855786567990879) q[3];
rz(0.390385771199392) q[4];
rz(-0.390385771199392) q[5];
rz(-0.195192885599696) q[7];
rz(-0.390385771199392) q[8];
rz(-0.390385771199392) q[9];
rz(0.390385771199392) q[10];
rzz(0.390385771199392) q[0], q[1];
rzz(0.390385771199392) q[0], q[2];
rzz(0.390385771199392) q[0], q[3];
rzz(0.195192885599696) q[0], q[6];
rzz(0.195192885599696) q[0], q[9];
rzz(0.5855786567990879) q[1], q[2];
rzz(0.390385771199392) q[1], q[4];
rzz(-0.195192885599696) q[1], q[6];
rzz(0.195192885599696) q[1], q[9];
rzz(0.390385771199392) q[2], q[5];
rzz(0.195192885599696) q[2], q[7];
rzz(0.195192885599696) q[2], q[10];
rzz(0.390385771199392) q[3], q[4];
rzz(0.390385771199392) q[3], q[5];
rzz(0.390385771199392) q[3], q[6];
rzz(0.195192885599696) q[3], q[9];
rzz(0.5855786567990879) q[4], q[5];
rzz(-0.390385771199392) q[4], q[6];
rzz(0.195192885599696) q[4], q[9];
rzz(0.390385771199392) q[5], q[7];
rzz(0.195192885599696) q[5], q[10];
rzz(-0.195192885599696) q[6], q[7];
rzz(-0.195192885599696) q[6], q[8];
rzz(0.5855786567990879) q[7], q[8];
rzz(0.390385771199392) q[7], q[10];
rzz(0.390385771199392) q[8], q[11];
rzz(0.97596442799848) q[9], q[10];
rzz(0.5855786567990879) q[9], q[11];
rzz(0.5855786567990879) q[10], q[11];
// layer 1 of 1: mixer, beta = -0.3736754998911453
rx(-0.7473509997822906) q[0];
rx(-0.7473509997822906) q[1];
rx(-0.7473509997822906) q[2];
rx(-0.7473509997822906) q[3];
rx(-0.7473509997822906) q[4];
rx(-0.7473509997822906) q[5];
rx(-0.7473509997822906) q[6];
rx(-0.7473509997822906) q[7];
rx(-0.7473509997822906) q[8];
rx(-0.7473509997822906) q[9];
rx(-0.7473509997822906) q[10];
rx(-0.7473509997822906) q[11];

c = measure q;
