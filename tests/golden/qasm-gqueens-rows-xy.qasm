OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: portable, angles: numeric)
// puzzle file:     tests/data/gqueens-3x4-cylinder.txt
// reduction level: paper
// depth p:         1
// gammas:          [0.3]
// betas:           [0.7]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             the constant offset of H_C is a global phase and is not written. Block
//             space: each block of qubits with k ones starts in its Dicke state (the x,
//             ry, cry and cx gates before layer 1), every other qubit in |+> (h); the
//             mixer U_B(beta) is xy_mixer(2 beta) = exp(-i beta (XX+YY)/2) on each edge
//             of each block (the order matters: the gates do not commute) and rx(2 beta)
//             on every other qubit. Measurements outside the space have probability 0.
// qubits: 11. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: r0c0
//   q[1]: r0c1
//   q[2]: r0c2
//   q[3]: r1c0
//   q[4]: r1c1
//   q[5]: r1c2
//   q[6]: r1c3
//   q[7]: r2c0
//   q[8]: r2c1
//   q[9]: r2c2
//   q[10]: r2c3
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,
// the order of quzzle's reports and of valid_bitstrings in the JSON manifest.

gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }
gate xy_mixer(theta) a, b { rx(-pi/2) a; rx(-pi/2) b; cx a, b; rx(theta/2) a; rz(theta/2) b; cx a, b; rx(pi/2) a; rx(pi/2) b; }

qubit[11] q;
bit[11] c;

// start: the Dicke state of each block, |+> on every other qubit
x q[2];
cx q[1], q[2];
cry(1.9106332362490186) q[2], q[1];
cx q[1], q[2];
cx q[0], q[1];
cry(1.5707963267948966) q[1], q[0];
cx q[0], q[1];
x q[6];
cx q[5], q[6];
cry(2.0943951023931957) q[6], q[5];
cx q[5], q[6];
cx q[4], q[5];
cry(1.9106332362490186) q[5], q[4];
cx q[4], q[5];
cx q[3], q[4];
cry(1.5707963267948966) q[4], q[3];
cx q[3], q[4];
h q[7];
h q[8];
h q[9];
h q[10];
// layer 1 of 1: cost, gamma = 0.3
rz(-1.2) q[0];
rz(-1.5) q[1];
rz(-0.3) q[2];
rz(-1.3499999999999999) q[3];
rz(-1.7999999999999998) q[4];
rz(-0.44999999999999996) q[5];
rz(-0.6) q[6];
rz(-0.8999999999999999) q[7];
rz(-1.2) q[8];
rz(-0.8999999999999999) q[9];
rz(-0.8999999999999999) q[10];
rzz(0.3) q[0], q[1];
rzz(0.3) q[0], q[3];
rzz(0.44999999999999996) q[0], q[4];
rzz(0.15) q[0], q[6];
rzz(0.44999999999999996) q[1], q[3];
rzz(0.6) q[1], q[4];
rzz(0.15) q[1], q[5];
rzz(0.3) q[1], q[8];
rzz(0.15) q[2], q[4];
rzz(0.15) q[2], q[6];
rzz(0.3) q[3], q[4];
rzz(0.15) q[3], q[8];
rzz(0.15) q[3], q[10];
rzz(0.15) q[4], q[7];
rzz(0.3) q[4], q[8];
rzz(0.15) q[4], q[9];
rzz(0.15) q[5], q[8];
rzz(0.15) q[5], q[10];
rzz(0.15) q[6], q[7];
rzz(0.15) q[6], q[9];
rzz(0.3) q[7], q[8];
rzz(0.3) q[7], q[9];
rzz(0.3) q[7], q[10];
rzz(0.3) q[8], q[9];
rzz(0.3) q[8], q[10];
rzz(0.3) q[9], q[10];
// layer 1 of 1: mixer, beta = 0.7
xy_mixer(1.4) q[0], q[1];
xy_mixer(1.4) q[1], q[2];
xy_mixer(1.4) q[0], q[2];
xy_mixer(1.4) q[3], q[4];
xy_mixer(1.4) q[5], q[6];
xy_mixer(1.4) q[4], q[5];
xy_mixer(1.4) q[3], q[6];
rx(1.4) q[7];
rx(1.4) q[8];
rx(1.4) q[9];
rx(1.4) q[10];

c = measure q;
