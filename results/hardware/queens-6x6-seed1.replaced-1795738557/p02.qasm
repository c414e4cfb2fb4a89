OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: portable, angles: numeric)
// puzzle file:     examples/hardware/queens-6x6-seed1.txt
// reduction level: paper
// depth p:         2
// gammas:          [0.22484714596523941, 0.500303473923899]
// betas:           [-0.2922822000861778, -0.16951821173466922]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             the constant offset of H_C is a global phase and is not written. Block
//             space: each block of qubits with k ones starts in its Dicke state (the x,
//             ry, cry and cx gates before layer 1), every other qubit in |+> (h); the
//             mixer U_B(beta) is xy_mixer(2 beta) = exp(-i beta (XX+YY)/2) on each edge
//             of each block (the order matters: the gates do not commute) and rx(2 beta)
//             on every other qubit. Measurements outside the space have probability 0.
// qubits: 14. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: r0c0
//   q[1]: r0c1
//   q[2]: r0c2
//   q[3]: r0c3
//   q[4]: r1c0
//   q[5]: r1c1
//   q[6]: r1c2
//   q[7]: r3c0
//   q[8]: r3c1
//   q[9]: r3c2
//   q[10]: r5c0
//   q[11]: r5c1
//   q[12]: r5c2
//   q[13]: r5c3
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,
// the order of quzzle's reports and of valid_bitstrings in the JSON manifest.

gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }
gate xy_mixer(theta) a, b { rx(-pi/2) a; rx(-pi/2) b; cx a, b; rx(theta/2) a; rz(theta/2) b; cx a, b; rx(pi/2) a; rx(pi/2) b; }

qubit[14] q;
bit[14] c;

// start: the Dicke state of each block, |+> on every other qubit
x q[3];
cx q[2], q[3];
cry(2.0943951023931957) q[3], q[2];
cx q[2], q[3];
cx q[1], q[2];
cry(1.9106332362490186) q[2], q[1];
cx q[1], q[2];
cx q[0], q[1];
cry(1.5707963267948966) q[1], q[0];
cx q[0], q[1];
x q[6];
cx q[5], q[6];
cry(1.9106332362490186) q[6], q[5];
cx q[5], q[6];
cx q[4], q[5];
cry(1.5707963267948966) q[5], q[4];
cx q[4], q[5];
x q[9];
cx q[8], q[9];
cry(1.9106332362490186) q[9], q[8];
cx q[8], q[9];
cx q[7], q[8];
cry(1.5707963267948966) q[8], q[7];
cx q[7], q[8];
x q[13];
cx q[12], q[13];
cry(2.0943951023931957) q[13], q[12];
cx q[12], q[13];
cx q[11], q[12];
cry(1.9106332362490186) q[12], q[11];
cx q[11], q[12];
cx q[10], q[11];
cry(1.5707963267948966) q[11], q[10];
cx q[10], q[11];
// layer 1 of 2: cost, gamma = 0.22484714596523941
rz(-1.2366593028088169) q[0];
rz(-1.3490828757914364) q[1];
rz(-1.2366593028088169) q[2];
rz(-0.3372707189478591) q[3];
rz(-1.2366593028088169) q[4];
rz(-1.3490828757914364) q[5];
rz(-0.8993885838609577) q[6];
rz(-0.44969429193047883) q[7];
rz(-0.44969429193047883) q[8];
rz(-0.6745414378957182) q[9];
rz(-0.44969429193047883) q[10];
rz(-0.44969429193047883) q[11];
rz(-0.44969429193047883) q[12];
rzz(0.22484714596523941) q[0], q[1];
rzz(0.22484714596523941) q[0], q[2];
rzz(0.44969429193047883) q[0], q[4];
rzz(0.3372707189478591) q[0], q[5];
rzz(0.22484714596523941) q[0], q[7];
rzz(0.22484714596523941) q[0], q[10];
rzz(0.22484714596523941) q[1], q[2];
rzz(0.3372707189478591) q[1], q[4];
rzz(0.44969429193047883) q[1], q[5];
rzz(0.11242357298261971) q[1], q[6];
rzz(0.22484714596523941) q[1], q[8];
rzz(0.22484714596523941) q[1], q[11];
rzz(0.22484714596523941) q[2], q[4];
rzz(0.3372707189478591) q[2], q[5];
rzz(0.22484714596523941) q[2], q[6];
rzz(0.22484714596523941) q[2], q[9];
rzz(0.22484714596523941) q[2], q[12];
rzz(0.3372707189478591) q[3], q[6];
rzz(0.22484714596523941) q[3], q[9];
rzz(0.22484714596523941) q[3], q[13];
rzz(0.22484714596523941) q[4], q[5];
rzz(0.22484714596523941) q[4], q[7];
rzz(0.22484714596523941) q[4], q[10];
rzz(0.22484714596523941) q[5], q[8];
rzz(0.22484714596523941) q[5], q[11];
rzz(0.44969429193047883) q[6], q[9];
rzz(0.22484714596523941) q[6], q[12];
rzz(0.44969429193047883) q[7], q[10];
rzz(0.22484714596523941) q[8], q[11];
rzz(0.22484714596523941) q[9], q[12];
// layer 1 of 2: mixer, beta = -0.2922822000861778
xy_mixer(-0.5845644001723556) q[0], q[1];
xy_mixer(-0.5845644001723556) q[2], q[3];
xy_mixer(-0.5845644001723556) q[1], q[2];
xy_mixer(-0.5845644001723556) q[0], q[3];
xy_mixer(-0.5845644001723556) q[4], q[5];
xy_mixer(-0.5845644001723556) q[5], q[6];
xy_mixer(-0.5845644001723556) q[4], q[6];
xy_mixer(-0.5845644001723556) q[7], q[8];
xy_mixer(-0.5845644001723556) q[8], q[9];
xy_mixer(-0.5845644001723556) q[7], q[9];
xy_mixer(-0.5845644001723556) q[10], q[11];
xy_mixer(-0.5845644001723556) q[12], q[13];
xy_mixer(-0.5845644001723556) q[11], q[12];
xy_mixer(-0.5845644001723556) q[10], q[13];
// layer 2 of 2: cost, gamma = 0.500303473923899
rz(-2.7516691065814443) q[0];
rz(-3.0018208435433937) q[1];
rz(-2.7516691065814443) q[2];
rz(-0.7504552108858484) q[3];
rz(-2.7516691065814443) q[4];
rz(-3.0018208435433937) q[5];
rz(-2.001213895695596) q[6];
rz(-1.000606947847798) q[7];
rz(-1.000606947847798) q[8];
rz(-1.5009104217716969) q[9];
rz(-1.000606947847798) q[10];
rz(-1.000606947847798) q[11];
rz(-1.000606947847798) q[12];
rzz(0.500303473923899) q[0], q[1];
rzz(0.500303473923899) q[0], q[2];
rzz(1.000606947847798) q[0], q[4];
rzz(0.7504552108858484) q[0], q[5];
rzz(0.500303473923899) q[0], q[7];
rzz(0.500303473923899) q[0], q[10];
rzz(0.500303473923899) q[1], q[2];
rzz(0.7504552108858484) q[1], q[4];
rzz(1.000606947847798) q[1], q[5];
rzz(0.2501517369619495) q[1], q[6];
rzz(0.500303473923899) q[1], q[8];
rzz(0.500303473923899) q[1], q[11];
rzz(0.500303473923899) q[2], q[4];
rzz(0.7504552108858484) q[2], q[5];
rzz(0.500303473923899) q[2], q[6];
rzz(0.500303473923899) q[2], q[9];
rzz(0.500303473923899) q[2], q[12];
rzz(0.7504552108858484) q[3], q[6];
rzz(0.500303473923899) q[3], q[9];
rzz(0.500303473923899) q[3], q[13];
rzz(0.500303473923899) q[4], q[5];
rzz(0.500303473923899) q[4], q[7];
rzz(0.500303473923899) q[4], q[10];
rzz(0.500303473923899) q[5], q[8];
rzz(0.500303473923899) q[5], q[11];
rzz(1.000606947847798) q[6], q[9];
rzz(0.500303473923899) q[6], q[12];
rzz(1.000606947847798) q[7], q[10];
rzz(0.500303473923899) q[8], q[11];
rzz(0.500303473923899) q[9], q[12];
// layer 2 of 2: mixer, beta = -0.16951821173466922
xy_mixer(-0.33903642346933843) q[0], q[1];
xy_mixer(-0.33903642346933843) q[2], q[3];
xy_mixer(-0.33903642346933843) q[1], q[2];
xy_mixer(-0.33903642346933843) q[0], q[3];
xy_mixer(-0.33903642346933843) q[4], q[5];
xy_mixer(-0.33903642346933843) q[5], q[6];
xy_mixer(-0.33903642346933843) q[4], q[6];
xy_mixer(-0.33903642346933843) q[7], q[8];
xy_mixer(-0.33903642346933843) q[8], q[9];
xy_mixer(-0.33903642346933843) q[7], q[9];
xy_mixer(-0.33903642346933843) q[10], q[11];
xy_mixer(-0.33903642346933843) q[12], q[13];
xy_mixer(-0.33903642346933843) q[11], q[12];
xy_mixer(-0.33903642346933843) q[10], q[13];

c = measure q;
