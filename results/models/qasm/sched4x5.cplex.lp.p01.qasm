OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: portable, angles: numeric)
// puzzle file:     results/models/files/sched4x5.cplex.lp
// reduction level: paper
// depth p:         1
// gammas:          [0.3846339657525783]
// betas:           [-0.23447481850629945]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             the constant offset of H_C is a global phase and is not written. Block
//             space: each block of qubits with k ones starts in its Dicke state (the x,
//             ry, cry and cx gates before layer 1), every other qubit in |+> (h); the
//             mixer U_B(beta) is xy_mixer(2 beta) = exp(-i beta (XX+YY)/2) on each edge
//             of each block (the order matters: the gates do not commute) and rx(2 beta)
//             on every other qubit. Measurements outside the space have probability 0.
// qubits: 19. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: x(0,0)
//   q[1]: x(0,1)
//   q[2]: x(0,2)
//   q[3]: x(0,3)
//   q[4]: x(0,4)
//   q[5]: x(1,0)
//   q[6]: x(1,1)
//   q[7]: x(1,2)
//   q[8]: x(1,3)
//   q[9]: x(1,4)
//   q[10]: x(2,0)
//   q[11]: x(2,1)
//   q[12]: x(2,2)
//   q[13]: x(2,3)
//   q[14]: x(2,4)
//   q[15]: x(3,1)
//   q[16]: x(3,2)
//   q[17]: x(3,3)
//   q[18]: x(3,4)
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,
// the order of quzzle's reports and of valid_bitstrings in the JSON manifest.

gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }
gate xy_mixer(theta) a, b { rx(-pi/2) a; rx(-pi/2) b; cx a, b; rx(theta/2) a; rz(theta/2) b; cx a, b; rx(pi/2) a; rx(pi/2) b; }

qubit[19] q;
bit[19] c;

// start: the Dicke state of each block, |+> on every other qubit
x q[4];
cx q[3], q[4];
cry(2.214297435588181) q[4], q[3];
cx q[3], q[4];
cx q[2], q[3];
cry(2.0943951023931957) q[3], q[2];
cx q[2], q[3];
cx q[1], q[2];
cry(1.9106332362490186) q[2], q[1];
cx q[1], q[2];
cx q[0], q[1];
cry(1.5707963267948966) q[1], q[0];
cx q[0], q[1];
x q[9];
cx q[8], q[9];
cry(2.214297435588181) q[9], q[8];
cx q[8], q[9];
cx q[7], q[8];
cry(2.0943951023931957) q[8], q[7];
cx q[7], q[8];
cx q[6], q[7];
cry(1.9106332362490186) q[7], q[6];
cx q[6], q[7];
cx q[5], q[6];
cry(1.5707963267948966) q[6], q[5];
cx q[5], q[6];
x q[14];
cx q[13], q[14];
cry(2.214297435588181) q[14], q[13];
cx q[13], q[14];
cx q[12], q[13];
cry(2.0943951023931957) q[13], q[12];
cx q[12], q[13];
cx q[11], q[12];
cry(1.9106332362490186) q[12], q[11];
cx q[11], q[12];
cx q[10], q[11];
cry(1.5707963267948966) q[11], q[10];
cx q[10], q[11];
x q[18];
cx q[17], q[18];
cry(2.0943951023931957) q[18], q[17];
cx q[17], q[18];
cx q[16], q[17];
cry(1.9106332362490186) q[17], q[16];
cx q[16], q[17];
cx q[15], q[16];
cry(1.5707963267948966) q[16], q[15];
cx q[15], q[16];
// layer 1 of 1: cost, gamma = 0.3846339657525783
rz(-0.9692266488003712) q[0];
rz(-1.553819331848164) q[1];
rz(-1.7537780491433785) q[2];
rz(-1.953736766438593) q[3];
rz(-2.1536954837338076) q[4];
rz(-1.7334000906929108) q[5];
rz(-1.9282643183755084) q[6];
rz(-1.7384945803055278) q[7];
rz(-1.548724842235547) q[8];
rz(-1.3589551041655663) q[9];
rz(-0.7794569107303905) q[10];
rz(-1.3665968385844918) q[11];
rz(-1.5691028006860146) q[12];
rz(-1.771608762787538) q[13];
rz(-1.9741147248890607) q[14];
rz(-1.9333588079881254) q[15];
rz(-1.746136314724453) q[16];
rz(-1.558913821460781) q[17];
rz(-1.3716913281971086) q[18];
rzz(0.5769509486288674) q[0], q[5];
rzz(0.3846339657525783) q[0], q[10];
rzz(0.19231698287628915) q[1], q[5];
rzz(0.5769509486288674) q[1], q[6];
rzz(0.3846339657525783) q[1], q[11];
rzz(0.3846339657525783) q[1], q[15];
rzz(0.19231698287628915) q[2], q[5];
rzz(0.19231698287628915) q[2], q[6];
rzz(0.5769509486288674) q[2], q[7];
rzz(0.3846339657525783) q[2], q[12];
rzz(0.3846339657525783) q[2], q[16];
rzz(0.19231698287628915) q[3], q[5];
rzz(0.19231698287628915) q[3], q[6];
rzz(0.19231698287628915) q[3], q[7];
rzz(0.5769509486288674) q[3], q[8];
rzz(0.3846339657525783) q[3], q[13];
rzz(0.3846339657525783) q[3], q[17];
rzz(0.19231698287628915) q[4], q[5];
rzz(0.19231698287628915) q[4], q[6];
rzz(0.19231698287628915) q[4], q[7];
rzz(0.19231698287628915) q[4], q[8];
rzz(0.5769509486288674) q[4], q[9];
rzz(0.3846339657525783) q[4], q[14];
rzz(0.3846339657525783) q[4], q[18];
rzz(0.3846339657525783) q[5], q[10];
rzz(0.3846339657525783) q[6], q[11];
rzz(0.3846339657525783) q[6], q[15];
rzz(0.3846339657525783) q[7], q[12];
rzz(0.3846339657525783) q[7], q[16];
rzz(0.3846339657525783) q[8], q[13];
rzz(0.3846339657525783) q[8], q[17];
rzz(0.3846339657525783) q[9], q[14];
rzz(0.3846339657525783) q[9], q[18];
rzz(0.5769509486288674) q[11], q[15];
rzz(0.19231698287628915) q[12], q[15];
rzz(0.5769509486288674) q[12], q[16];
rzz(0.19231698287628915) q[13], q[15];
rzz(0.19231698287628915) q[13], q[16];
rzz(0.5769509486288674) q[13], q[17];
rzz(0.19231698287628915) q[14], q[15];
rzz(0.19231698287628915) q[14], q[16];
rzz(0.19231698287628915) q[14], q[17];
rzz(0.5769509486288674) q[14], q[18];
// layer 1 of 1: mixer, beta = -0.23447481850629945
xy_mixer(-0.4689496370125989) q[0], q[1];
xy_mixer(-0.4689496370125989) q[2], q[3];
xy_mixer(-0.4689496370125989) q[1], q[2];
xy_mixer(-0.4689496370125989) q[3], q[4];
xy_mixer(-0.4689496370125989) q[0], q[4];
xy_mixer(-0.4689496370125989) q[5], q[6];
xy_mixer(-0.4689496370125989) q[7], q[8];
xy_mixer(-0.4689496370125989) q[6], q[7];
xy_mixer(-0.4689496370125989) q[8], q[9];
xy_mixer(-0.4689496370125989) q[5], q[9];
xy_mixer(-0.4689496370125989) q[10], q[11];
xy_mixer(-0.4689496370125989) q[12], q[13];
xy_mixer(-0.4689496370125989) q[11], q[12];
xy_mixer(-0.4689496370125989) q[13], q[14];
xy_mixer(-0.4689496370125989) q[10], q[14];
xy_mixer(-0.4689496370125989) q[15], q[16];
xy_mixer(-0.4689496370125989) q[17], q[18];
xy_mixer(-0.4689496370125989) q[16], q[17];
xy_mixer(-0.4689496370125989) q[15], q[18];

c = measure q;
