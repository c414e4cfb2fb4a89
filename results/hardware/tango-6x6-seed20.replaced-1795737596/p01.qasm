OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: portable, angles: numeric)
// puzzle file:     examples/hardware/tango-6x6-seed20.txt
// reduction level: paper
// depth p:         1
// gammas:          [0.1651808897629214]
// betas:           [-0.4559221385612048]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             U_B(beta) = exp(-i beta sum_q X_q) is rx(2 beta), starting from H on every
//             qubit; the constant offset of H_C is a global phase and is not written.
// qubits: 14. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: r0c1
//   q[1]: r0c5
//   q[2]: r1c1
//   q[3]: r1c2, not r2c2
//   q[4]: r1c3, not r1c4
//   q[5]: r1c5
//   q[6]: r2c1
//   q[7]: r2c3
//   q[8]: r2c4
//   q[9]: r4c2
//   q[10]: r4c4
//   q[11]: r5c2
//   q[12]: r5c4
//   q[13]: r5c5
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
// layer 1 of 1: cost, gamma = 0.1651808897629214
rz(0.1651808897629214) q[0];
rz(0.3303617795258428) q[1];
rz(-0.3303617795258428) q[2];
rz(-0.9910853385775283) q[3];
rz(0.9910853385775283) q[4];
rz(0.1651808897629214) q[5];
rz(0.49554266928876417) q[6];
rz(0.825904448814607) q[7];
rz(-0.3303617795258428) q[8];
rz(0.1651808897629214) q[9];
rz(-0.825904448814607) q[10];
rz(-0.1651808897629214) q[11];
rz(-0.9910853385775283) q[12];
rz(-0.1651808897629214) q[13];
rzz(0.1651808897629214) q[0], q[1];
rzz(0.3303617795258428) q[0], q[2];
rzz(0.3303617795258428) q[0], q[6];
rzz(0.3303617795258428) q[1], q[5];
rzz(0.1651808897629214) q[1], q[13];
rzz(0.49554266928876417) q[2], q[3];
rzz(0.1651808897629214) q[2], q[4];
rzz(0.1651808897629214) q[2], q[5];
rzz(0.49554266928876417) q[2], q[6];
rzz(0.1651808897629214) q[3], q[4];
rzz(0.1651808897629214) q[3], q[5];
rzz(-0.49554266928876417) q[3], q[6];
rzz(-0.49554266928876417) q[3], q[7];
rzz(-0.3303617795258428) q[3], q[8];
rzz(-0.1651808897629214) q[3], q[9];
rzz(0.49554266928876417) q[4], q[7];
rzz(-0.49554266928876417) q[4], q[8];
rzz(-0.1651808897629214) q[4], q[10];
rzz(-0.1651808897629214) q[4], q[12];
rzz(0.1651808897629214) q[5], q[13];
rzz(0.3303617795258428) q[6], q[7];
rzz(0.1651808897629214) q[6], q[8];
rzz(0.49554266928876417) q[7], q[8];
rzz(0.3303617795258428) q[8], q[10];
rzz(0.1651808897629214) q[8], q[12];
rzz(0.3303617795258428) q[9], q[10];
rzz(0.3303617795258428) q[9], q[11];
rzz(0.3303617795258428) q[10], q[12];
rzz(0.3303617795258428) q[11], q[12];
rzz(0.1651808897629214) q[11], q[13];
rzz(0.3303617795258428) q[12], q[13];
// layer 1 of 1: mixer, beta = -0.4559221385612048
rx(-0.9118442771224096) q[0];
rx(-0.9118442771224096) q[1];
rx(-0.9118442771224096) q[2];
rx(-0.9118442771224096) q[3];
rx(-0.9118442771224096) q[4];
rx(-0.9118442771224096) q[5];
rx(-0.9118442771224096) q[6];
rx(-0.9118442771224096) q[7];
rx(-0.9118442771224096) q[8];
rx(-0.9118442771224096) q[9];
rx(-0.9118442771224096) q[10];
rx(-0.9118442771224096) q[11];
rx(-0.9118442771224096) q[12];
rx(-0.9118442771224096) q[13];

c = measure q;
