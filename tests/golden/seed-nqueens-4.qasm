OPENQASM 3.0;
include "stdgates.inc";

// Grover search for 4-Queens, the circuit of the Q# seed, exported by quzzle (flavour: portable)
// puzzle file:     tests/data/nqueens-4.txt
// iterations k:    1 (oracle calls); diagonal check: yes
// P(valid) after k iterations, measured on q[0..15] (quzzle's exact row-space Grover): 0.06885528564453125
// start: a W state on each row (x, cry, cx), the target q[25] in |-> (x; h), so that a
//   multi-controlled x onto it flips the phase (kickback).
// oracle: cx from every cell of column c into its column ancilla (the column's parity; c < N-1),
//   x on the diagonal ancillas, a ccx from each pair of cells of rows i < j on a common
//   diagonal into the ancilla of (i, j); a multi-controlled x from every ancilla onto the
//   target, written as ccx gates with the puzzle qubits as dirty ancillas (Barenco et al.
//   1995, Lemma 7.2, and Lemma 7.3 where too few qubits are idle); then the compute part
//   undone, so every ancilla returns to |0>.
// diffusion: the W preparations undone, x on every puzzle qubit, h; multi-controlled x; h on
//   the last puzzle qubit (a multi-controlled z; the oracle ancillas and the target are its
//   dirty ancillas), x again, the W preparations again: 1 - 2|s><s|, the textbook
//   2|s><s| - 1 times -1 (a global phase; no probability changes).
// end: h; x on the target: every qubit but the puzzle ones ends in |0>.
// qubits: 26. Measuring 1 on a puzzle qubit puts a queen in its cell. Cells are r<row>c<column>, 0-based.
//   q[0]: r0c0
//   q[1]: r0c1
//   q[2]: r0c2
//   q[3]: r0c3
//   q[4]: r1c0
//   q[5]: r1c1
//   q[6]: r1c2
//   q[7]: r1c3
//   q[8]: r2c0
//   q[9]: r2c1
//   q[10]: r2c2
//   q[11]: r2c3
//   q[12]: r3c0
//   q[13]: r3c1
//   q[14]: r3c2
//   q[15]: r3c3
//   q[16]: column 0 ancilla (parity of column 0)
//   q[17]: column 1 ancilla (parity of column 1)
//   q[18]: column 2 ancilla (parity of column 2)
//   q[19]: diagonal ancilla of rows 0 and 1 (1: no diagonal attack)
//   q[20]: diagonal ancilla of rows 0 and 2 (1: no diagonal attack)
//   q[21]: diagonal ancilla of rows 0 and 3 (1: no diagonal attack)
//   q[22]: diagonal ancilla of rows 1 and 2 (1: no diagonal attack)
//   q[23]: diagonal ancilla of rows 1 and 3 (1: no diagonal attack)
//   q[24]: diagonal ancilla of rows 2 and 3 (1: no diagonal attack)
//   q[25]: target (|-> during the search, phase kickback)
// bit order: c[i] holds the measurement of q[i]. Qiskit and IonQ print a bitstring with
// qubit 0 RIGHTMOST (c[n-1] ... c[1] c[0]): the puzzle qubits are its last 16 characters,
// reversed to read qubit 0 first, the order of valid_bitstrings in the JSON manifest.

qubit[26] q;
bit[26] c;

// start: a W state on each row, the target in |-> (x; h)
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
x q[7];
cx q[6], q[7];
cry(2.0943951023931957) q[7], q[6];
cx q[6], q[7];
cx q[5], q[6];
cry(1.9106332362490186) q[6], q[5];
cx q[5], q[6];
cx q[4], q[5];
cry(1.5707963267948966) q[5], q[4];
cx q[4], q[5];
x q[11];
cx q[10], q[11];
cry(2.0943951023931957) q[11], q[10];
cx q[10], q[11];
cx q[9], q[10];
cry(1.9106332362490186) q[10], q[9];
cx q[9], q[10];
cx q[8], q[9];
cry(1.5707963267948966) q[9], q[8];
cx q[8], q[9];
x q[15];
cx q[14], q[15];
cry(2.0943951023931957) q[15], q[14];
cx q[14], q[15];
cx q[13], q[14];
cry(1.9106332362490186) q[14], q[13];
cx q[13], q[14];
cx q[12], q[13];
cry(1.5707963267948966) q[13], q[12];
cx q[12], q[13];
x q[25];
h q[25];
// iteration 1 of 1: oracle (ancillas computed, multi-controlled x onto the target, ancillas uncomputed)
cx q[0], q[16];
cx q[4], q[16];
cx q[8], q[16];
cx q[12], q[16];
cx q[1], q[17];
cx q[5], q[17];
cx q[9], q[17];
cx q[13], q[17];
cx q[2], q[18];
cx q[6], q[18];
cx q[10], q[18];
cx q[14], q[18];
x q[19];
x q[20];
x q[21];
x q[22];
x q[23];
x q[24];
ccx q[0], q[5], q[19];
ccx q[1], q[4], q[19];
ccx q[1], q[6], q[19];
ccx q[2], q[5], q[19];
ccx q[2], q[7], q[19];
ccx q[3], q[6], q[19];
ccx q[0], q[10], q[20];
ccx q[1], q[11], q[20];
ccx q[2], q[8], q[20];
ccx q[3], q[9], q[20];
ccx q[0], q[15], q[21];
ccx q[3], q[12], q[21];
ccx q[4], q[9], q[22];
ccx q[5], q[8], q[22];
ccx q[5], q[10], q[22];
ccx q[6], q[9], q[22];
ccx q[6], q[11], q[22];
ccx q[7], q[10], q[22];
ccx q[4], q[14], q[23];
ccx q[5], q[15], q[23];
ccx q[6], q[12], q[23];
ccx q[7], q[13], q[23];
ccx q[8], q[13], q[24];
ccx q[9], q[12], q[24];
ccx q[9], q[14], q[24];
ccx q[10], q[13], q[24];
ccx q[10], q[15], q[24];
ccx q[11], q[14], q[24];
ccx q[24], q[6], q[25];
ccx q[23], q[5], q[6];
ccx q[22], q[4], q[5];
ccx q[21], q[3], q[4];
ccx q[20], q[2], q[3];
ccx q[19], q[1], q[2];
ccx q[18], q[0], q[1];
ccx q[16], q[17], q[0];
ccx q[18], q[0], q[1];
ccx q[19], q[1], q[2];
ccx q[20], q[2], q[3];
ccx q[21], q[3], q[4];
ccx q[22], q[4], q[5];
ccx q[23], q[5], q[6];
ccx q[24], q[6], q[25];
ccx q[23], q[5], q[6];
ccx q[22], q[4], q[5];
ccx q[21], q[3], q[4];
ccx q[20], q[2], q[3];
ccx q[19], q[1], q[2];
ccx q[18], q[0], q[1];
ccx q[16], q[17], q[0];
ccx q[18], q[0], q[1];
ccx q[19], q[1], q[2];
ccx q[20], q[2], q[3];
ccx q[21], q[3], q[4];
ccx q[22], q[4], q[5];
ccx q[23], q[5], q[6];
ccx q[11], q[14], q[24];
ccx q[10], q[15], q[24];
ccx q[10], q[13], q[24];
ccx q[9], q[14], q[24];
ccx q[9], q[12], q[24];
ccx q[8], q[13], q[24];
ccx q[7], q[13], q[23];
ccx q[6], q[12], q[23];
ccx q[5], q[15], q[23];
ccx q[4], q[14], q[23];
ccx q[7], q[10], q[22];
ccx q[6], q[11], q[22];
ccx q[6], q[9], q[22];
ccx q[5], q[10], q[22];
ccx q[5], q[8], q[22];
ccx q[4], q[9], q[22];
ccx q[3], q[12], q[21];
ccx q[0], q[15], q[21];
ccx q[3], q[9], q[20];
ccx q[2], q[8], q[20];
ccx q[1], q[11], q[20];
ccx q[0], q[10], q[20];
ccx q[3], q[6], q[19];
ccx q[2], q[7], q[19];
ccx q[2], q[5], q[19];
ccx q[1], q[6], q[19];
ccx q[1], q[4], q[19];
ccx q[0], q[5], q[19];
x q[24];
x q[23];
x q[22];
x q[21];
x q[20];
x q[19];
cx q[14], q[18];
cx q[10], q[18];
cx q[6], q[18];
cx q[2], q[18];
cx q[13], q[17];
cx q[9], q[17];
cx q[5], q[17];
cx q[1], q[17];
cx q[12], q[16];
cx q[8], q[16];
cx q[4], q[16];
cx q[0], q[16];
// iteration 1 of 1: diffusion 1 - 2|s><s| (W undone, reflection about |0...0>, W)
cx q[12], q[13];
cry(-1.5707963267948966) q[13], q[12];
cx q[12], q[13];
cx q[13], q[14];
cry(-1.9106332362490186) q[14], q[13];
cx q[13], q[14];
cx q[14], q[15];
cry(-2.0943951023931957) q[15], q[14];
cx q[14], q[15];
x q[15];
cx q[8], q[9];
cry(-1.5707963267948966) q[9], q[8];
cx q[8], q[9];
cx q[9], q[10];
cry(-1.9106332362490186) q[10], q[9];
cx q[9], q[10];
cx q[10], q[11];
cry(-2.0943951023931957) q[11], q[10];
cx q[10], q[11];
x q[11];
cx q[4], q[5];
cry(-1.5707963267948966) q[5], q[4];
cx q[4], q[5];
cx q[5], q[6];
cry(-1.9106332362490186) q[6], q[5];
cx q[5], q[6];
cx q[6], q[7];
cry(-2.0943951023931957) q[7], q[6];
cx q[6], q[7];
x q[7];
cx q[0], q[1];
cry(-1.5707963267948966) q[1], q[0];
cx q[0], q[1];
cx q[1], q[2];
cry(-1.9106332362490186) q[2], q[1];
cx q[1], q[2];
cx q[2], q[3];
cry(-2.0943951023931957) q[3], q[2];
cx q[2], q[3];
x q[3];
x q[0];
x q[1];
x q[2];
x q[3];
x q[4];
x q[5];
x q[6];
x q[7];
x q[8];
x q[9];
x q[10];
x q[11];
x q[12];
x q[13];
x q[14];
x q[15];
h q[15];
ccx q[7], q[13], q[16];
ccx q[6], q[12], q[13];
ccx q[5], q[11], q[12];
ccx q[4], q[10], q[11];
ccx q[3], q[9], q[10];
ccx q[2], q[8], q[9];
ccx q[0], q[1], q[8];
ccx q[2], q[8], q[9];
ccx q[3], q[9], q[10];
ccx q[4], q[10], q[11];
ccx q[5], q[11], q[12];
ccx q[6], q[12], q[13];
ccx q[7], q[13], q[16];
ccx q[6], q[12], q[13];
ccx q[5], q[11], q[12];
ccx q[4], q[10], q[11];
ccx q[3], q[9], q[10];
ccx q[2], q[8], q[9];
ccx q[0], q[1], q[8];
ccx q[2], q[8], q[9];
ccx q[3], q[9], q[10];
ccx q[4], q[10], q[11];
ccx q[5], q[11], q[12];
ccx q[6], q[12], q[13];
ccx q[16], q[5], q[15];
ccx q[14], q[4], q[5];
ccx q[13], q[3], q[4];
ccx q[12], q[2], q[3];
ccx q[11], q[1], q[2];
ccx q[10], q[0], q[1];
ccx q[8], q[9], q[0];
ccx q[10], q[0], q[1];
ccx q[11], q[1], q[2];
ccx q[12], q[2], q[3];
ccx q[13], q[3], q[4];
ccx q[14], q[4], q[5];
ccx q[16], q[5], q[15];
ccx q[14], q[4], q[5];
ccx q[13], q[3], q[4];
ccx q[12], q[2], q[3];
ccx q[11], q[1], q[2];
ccx q[10], q[0], q[1];
ccx q[8], q[9], q[0];
ccx q[10], q[0], q[1];
ccx q[11], q[1], q[2];
ccx q[12], q[2], q[3];
ccx q[13], q[3], q[4];
ccx q[14], q[4], q[5];
ccx q[7], q[13], q[16];
ccx q[6], q[12], q[13];
ccx q[5], q[11], q[12];
ccx q[4], q[10], q[11];
ccx q[3], q[9], q[10];
ccx q[2], q[8], q[9];
ccx q[0], q[1], q[8];
ccx q[2], q[8], q[9];
ccx q[3], q[9], q[10];
ccx q[4], q[10], q[11];
ccx q[5], q[11], q[12];
ccx q[6], q[12], q[13];
ccx q[7], q[13], q[16];
ccx q[6], q[12], q[13];
ccx q[5], q[11], q[12];
ccx q[4], q[10], q[11];
ccx q[3], q[9], q[10];
ccx q[2], q[8], q[9];
ccx q[0], q[1], q[8];
ccx q[2], q[8], q[9];
ccx q[3], q[9], q[10];
ccx q[4], q[10], q[11];
ccx q[5], q[11], q[12];
ccx q[6], q[12], q[13];
ccx q[16], q[5], q[15];
ccx q[14], q[4], q[5];
ccx q[13], q[3], q[4];
ccx q[12], q[2], q[3];
ccx q[11], q[1], q[2];
ccx q[10], q[0], q[1];
ccx q[8], q[9], q[0];
ccx q[10], q[0], q[1];
ccx q[11], q[1], q[2];
ccx q[12], q[2], q[3];
ccx q[13], q[3], q[4];
ccx q[14], q[4], q[5];
ccx q[16], q[5], q[15];
ccx q[14], q[4], q[5];
ccx q[13], q[3], q[4];
ccx q[12], q[2], q[3];
ccx q[11], q[1], q[2];
ccx q[10], q[0], q[1];
ccx q[8], q[9], q[0];
ccx q[10], q[0], q[1];
ccx q[11], q[1], q[2];
ccx q[12], q[2], q[3];
ccx q[13], q[3], q[4];
ccx q[14], q[4], q[5];
h q[15];
x q[0];
x q[1];
x q[2];
x q[3];
x q[4];
x q[5];
x q[6];
x q[7];
x q[8];
x q[9];
x q[10];
x q[11];
x q[12];
x q[13];
x q[14];
x q[15];
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
x q[7];
cx q[6], q[7];
cry(2.0943951023931957) q[7], q[6];
cx q[6], q[7];
cx q[5], q[6];
cry(1.9106332362490186) q[6], q[5];
cx q[5], q[6];
cx q[4], q[5];
cry(1.5707963267948966) q[5], q[4];
cx q[4], q[5];
x q[11];
cx q[10], q[11];
cry(2.0943951023931957) q[11], q[10];
cx q[10], q[11];
cx q[9], q[10];
cry(1.9106332362490186) q[10], q[9];
cx q[9], q[10];
cx q[8], q[9];
cry(1.5707963267948966) q[9], q[8];
cx q[8], q[9];
x q[15];
cx q[14], q[15];
cry(2.0943951023931957) q[15], q[14];
cx q[14], q[15];
cx q[13], q[14];
cry(1.9106332362490186) q[14], q[13];
cx q[13], q[14];
cx q[12], q[13];
cry(1.5707963267948966) q[13], q[12];
cx q[12], q[13];
// end: h; x on the target, which returns to |0>
h q[25];
x q[25];

c = measure q;
