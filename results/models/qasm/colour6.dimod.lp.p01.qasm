OPENQASM 3.0;
include "stdgates.inc";

// QAOA circuit exported by quzzle (flavour: portable, angles: numeric)
// puzzle file:     results/models/files/colour6.dimod.lp
// reduction level: paper
// depth p:         1
// gammas:          [0.7653709835413322]
// betas:           [-0.2360259074684072]
// convention: U_C(gamma) = exp(-i gamma H_C) is rz(2 gamma h_q) and rzz(2 gamma J_ab),
//             the constant offset of H_C is a global phase and is not written. Block
//             space: each block of qubits with k ones starts in its Dicke state (the x,
//             ry, cry and cx gates before layer 1), every other qubit in |+> (h); the
//             mixer U_B(beta) is xy_mixer(2 beta) = exp(-i beta (XX+YY)/2) on each edge
//             of each block (the order matters: the gates do not commute) and rx(2 beta)
//             on every other qubit. Measurements outside the space have probability 0.
// qubits: 18. Measuring 1 on q[i] puts 1 in each cell listed for it, and 0 in each cell
// marked `not`; measuring 0 does the opposite. Cells are r<row>c<column>, 0-based.
//   q[0]: x_0_0
//   q[1]: x_0_1
//   q[2]: x_0_2
//   q[3]: x_1_0
//   q[4]: x_1_1
//   q[5]: x_1_2
//   q[6]: x_2_0
//   q[7]: x_2_1
//   q[8]: x_2_2
//   q[9]: x_3_0
//   q[10]: x_3_1
//   q[11]: x_3_2
//   q[12]: x_4_0
//   q[13]: x_4_1
//   q[14]: x_4_2
//   q[15]: x_5_0
//   q[16]: x_5_1
//   q[17]: x_5_2
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): reverse a count key to read qubit 0 first,
// the order of quzzle's reports and of valid_bitstrings in the JSON manifest.

gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }
gate xy_mixer(theta) a, b { rx(-pi/2) a; rx(-pi/2) b; cx a, b; rx(theta/2) a; rz(theta/2) b; cx a, b; rx(pi/2) a; rx(pi/2) b; }

qubit[18] q;
bit[18] c;

// start: the Dicke state of each block, |+> on every other qubit
x q[2];
cx q[1], q[2];
cry(1.9106332362490186) q[2], q[1];
cx q[1], q[2];
cx q[0], q[1];
cry(1.5707963267948966) q[1], q[0];
cx q[0], q[1];
x q[5];
cx q[4], q[5];
cry(1.9106332362490186) q[5], q[4];
cx q[4], q[5];
cx q[3], q[4];
cry(1.5707963267948966) q[4], q[3];
cx q[3], q[4];
x q[8];
cx q[7], q[8];
cry(1.9106332362490186) q[8], q[7];
cx q[7], q[8];
cx q[6], q[7];
cry(1.5707963267948966) q[7], q[6];
cx q[6], q[7];
x q[11];
cx q[10], q[11];
cry(1.9106332362490186) q[11], q[10];
cx q[10], q[11];
cx q[9], q[10];
cry(1.5707963267948966) q[10], q[9];
cx q[9], q[10];
x q[14];
cx q[13], q[14];
cry(1.9106332362490186) q[14], q[13];
cx q[13], q[14];
cx q[12], q[13];
cry(1.5707963267948966) q[13], q[12];
cx q[12], q[13];
x q[17];
cx q[16], q[17];
cry(1.9106332362490186) q[17], q[16];
cx q[16], q[17];
cx q[15], q[16];
cry(1.5707963267948966) q[16], q[15];
cx q[15], q[16];
// layer 1 of 1: cost, gamma = 0.7653709835413322
rz(-0.786056685799206) q[0];
rz(-0.8067423880570798) q[1];
rz(-0.8274280903149537) q[2];
rz(-1.168742177569872) q[3];
rz(-1.1894278798277458) q[4];
rz(-1.2101135820856197) q[5];
rz(-1.168742177569872) q[6];
rz(-1.1894278798277458) q[7];
rz(-1.2101135820856197) q[8];
rz(-0.786056685799206) q[9];
rz(-0.8067423880570798) q[10];
rz(-0.8274280903149537) q[11];
rz(-0.786056685799206) q[12];
rz(-0.8067423880570798) q[13];
rz(-0.8274280903149537) q[14];
rz(-1.5514276693405382) q[15];
rz(-1.572113371598412) q[16];
rz(-1.5927990738562858) q[17];
rzz(0.3826854917706661) q[0], q[3];
rzz(0.3826854917706661) q[0], q[12];
rzz(0.3826854917706661) q[1], q[4];
rzz(0.3826854917706661) q[1], q[13];
rzz(0.3826854917706661) q[2], q[5];
rzz(0.3826854917706661) q[2], q[14];
rzz(0.3826854917706661) q[3], q[6];
rzz(0.3826854917706661) q[3], q[15];
rzz(0.3826854917706661) q[4], q[7];
rzz(0.3826854917706661) q[4], q[16];
rzz(0.3826854917706661) q[5], q[8];
rzz(0.3826854917706661) q[5], q[17];
rzz(0.3826854917706661) q[6], q[9];
rzz(0.3826854917706661) q[6], q[15];
rzz(0.3826854917706661) q[7], q[10];
rzz(0.3826854917706661) q[7], q[16];
rzz(0.3826854917706661) q[8], q[11];
rzz(0.3826854917706661) q[8], q[17];
rzz(0.3826854917706661) q[9], q[15];
rzz(0.3826854917706661) q[10], q[16];
rzz(0.3826854917706661) q[11], q[17];
rzz(0.3826854917706661) q[12], q[15];
rzz(0.3826854917706661) q[13], q[16];
rzz(0.3826854917706661) q[14], q[17];
// layer 1 of 1: mixer, beta = -0.2360259074684072
xy_mixer(-0.4720518149368144) q[0], q[1];
xy_mixer(-0.4720518149368144) q[1], q[2];
xy_mixer(-0.4720518149368144) q[0], q[2];
xy_mixer(-0.4720518149368144) q[3], q[4];
xy_mixer(-0.4720518149368144) q[4], q[5];
xy_mixer(-0.4720518149368144) q[3], q[5];
xy_mixer(-0.4720518149368144) q[6], q[7];
xy_mixer(-0.4720518149368144) q[7], q[8];
xy_mixer(-0.4720518149368144) q[6], q[8];
xy_mixer(-0.4720518149368144) q[9], q[10];
xy_mixer(-0.4720518149368144) q[10], q[11];
xy_mixer(-0.4720518149368144) q[9], q[11];
xy_mixer(-0.4720518149368144) q[12], q[13];
xy_mixer(-0.4720518149368144) q[13], q[14];
xy_mixer(-0.4720518149368144) q[12], q[14];
xy_mixer(-0.4720518149368144) q[15], q[16];
xy_mixer(-0.4720518149368144) q[16], q[17];
xy_mixer(-0.4720518149368144) q[15], q[17];

c = measure q;
