"""Interoperability check of `quzzle qasm` (run by tests/interop/run.sh).

For several puzzle instances, a random depth and random angles (fixed seed), every flavour
(portable, portable --symbolic, ibm, ionq) is exported with `--with-state`, on the full space
(X mixer) and, for the SPACE_CASES, on a block space (`--space ... --mixer xy-ring|xy-complete`:
Dicke start, XY mixer, the state embedded in 2^n), then:

* parsed by the openqasm3 reference parser (`openqasm3.parse`);
* loaded with `qiskit.qasm3.loads` (symbolic files: parameters bound by name from the
  manifest), measurements removed, simulated with `qiskit.quantum_info.Statevector`;
* compared with quzzle's own state from the manifest: fidelity >= 1 - 1e-9;
* the success probability summed over Qiskit's `probabilities_dict()` on the manifest's
  `valid_bitstrings` (qubit 0 first, while Qiskit keys put qubit 0 rightmost) must equal the
  manifest's `success_probability` within 1e-9;
* gate counts: rx = p x n with the X mixer; with an XY mixer, xy_mixer = p x (edges of the
  blocks) and rx = p x (qubits in no block), and Qiskit's state has no weight outside the space;
  with the Grover mixer (the GROVER_CASES: `--mixer grover` on the full space and on spaces of
  plain blocks, exp(-i beta |s><s|) as U_s, a multi-controlled phase of rz, rzz, cx and ccx, and
  U_s undone), Qiskit's count_ops equals the manifest's `gate_counts` in every flavour, and
  <C> of Qiskit's state under `quzzle ising`'s model equals the manifest's `energy` within 1e-9;
  with a switch mixer (the SWITCH_SPACES: `--space rows+cols`, the uniform start over the
  permutations on full permutation grids, the first grid state on a reduced grid and on two per
  row and column, then each move's double excitation) the state and P(valid) checks;
* flavour checks: ionq uses stdgates.inc gates only; ibm transpiles to a generic IBM-like
  backend (rz, sx, x, cx), and is reported with its cx count and depth there (every pair
  connected) and after routing onto a heavy-hex lattice (the SWAPs hardware adds);
* the way back (ibm files): Qiskit's `Statevector(...).sample_counts(shots)` and the counts of
  Qiskit's reference SamplerV2 (`StatevectorSampler`, `{register: get_counts()}`) are scored
  by `quzzle score`: its valid shots equal those counted here with the keys reversed, and the
  simulated P(valid) lies inside its interval.

Then the Q# seed's N-Queens Grover circuit (`quzzle grover nqueens-4.txt --qasm OUT --iterations
K --flavor F`, 26 qubits: 16 puzzle qubits, 3 column and 6 diagonal ancillas, 1 target) for
K = 1 (and K = 2 with --full, two more minutes in Aer) in every flavour: parsed by
openqasm3, loaded by Qiskit, gate counts equal to the manifest's (ionq: ccx and cry expanded,
stdgates.inc gates only), the ibm file transpiled; the portable file simulated exactly by Qiskit Aer (`AerSimulator(method="statevector")`, double
precision, 2^26 amplitudes = 1 GiB): P(valid) of the marginal on the puzzle qubits equals the
manifest's `success_probability` (quzzle's row-space Grover) within 1e-9, and the ancillas and
the target end in |0>. The ionq text of N = 3 runs to the portable text's state up to a global
phase (qiskit.quantum_info.Statevector, 15 qubits).

The files of the cases run in two worker processes (the machines have two cores), their lines
printed in the cases' order. Prints one line per file and closes with `qasm interop: N passed,
M failed`; exits 1 on any failure.
"""

import argparse
import concurrent.futures
import json
import math
import pathlib
import subprocess
import sys
import time

import numpy as np
import openqasm3
import qiskit
import qiskit.qasm3
from qiskit import transpile
from qiskit.primitives import StatevectorSampler
from qiskit.providers.fake_provider import GenericBackendV2
from qiskit.transpiler import CouplingMap
from qiskit.quantum_info import Statevector
from qiskit_aer import AerSimulator

FIDELITY_TOL = 1e-9
SHOTS = 4000
# About 16 cases are scored twice with fixed seeds; at 95 % roughly one run in two would have
# some case outside by chance alone, at 99.9 % about one in thirty.
SCORE_CONFIDENCE = 0.999
PROBABILITY_TOL = 1e-9
SEED = 20240603

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent

# Tiny instances of this repository, then real 6x6 puzzles (when ../shared/instances exists)
# that reduce to at most 16 qubits at --reduce paper.
TINY = ["tests/data/takuzu-4x4-qasm.txt", "tests/data/tango-4x4-qasm.txt"]
SHARED = [
    "tango/tango-6x6-linkedin-2026-07-15.txt",  # 9 qubits
    "tango/tango-6x6-linkedin-2026-07-27.txt",  # 11 qubits
    "tango/tango-6x6-linkedin-2026-07-16.txt",  # 15 qubits
    "takuzu/takuzu-6x6-binarypuzzle-l3-001.txt",  # 10 qubits
    "takuzu/takuzu-6x6-puzzle-binairo-l2-001.txt",  # 13 qubits
]
VARIANTS = [("portable", False), ("portable", True), ("ibm", False), ("ionq", False)]
# h, rx, rz, cx: the X-mixer circuit; x, ry (and cx): the Dicke start and the in-place cry.
STDGATES_USED = {"h", "rx", "ry", "rz", "cx", "x", "measure"}
# The ionq flavour writes each xy_mixer in place as rx(-pi/2) a; rx(-pi/2) b; cx a, b;
# rx(theta/2) a; rz(theta/2) b; cx a, b; rx(pi/2) a; rx(pi/2) b: five rx.
RX_PER_INLINE_XY = 5

# Block spaces: (instance, --reduce, --space, --mixer), at most 20 qubits for Statevector. The
# tiny tango has no block space (its row balances share qubits), so only the tiny takuzu.
TINY_SPACES = [("tests/data/takuzu-4x4-qasm.txt", "paper", "rows", "xy-ring")]  # 6 qubits, 3 blocks of 2
SHARED_SPACES = [
    ("takuzu/takuzu-6x6-binarypuzzle-l3-001.txt", "paper", "rows", "xy-ring"),  # 10 qubits, blocks 3,2,3,2
    ("takuzu/takuzu-6x6-puzzle-binairo-l2-001.txt", "paper", "rows", "xy-ring"),  # 13 qubits
    ("tents/tents-6x6-jolyonb-example.txt", "paper", "rows", "xy-ring"),  # 13 qubits, a block of 4
    ("takuzu/takuzu-6x6-binarypuzzle-l3-004.txt", "paper", "rows", "xy-ring"),  # 16 qubits
    ("tents/tents-6x6-sgt-6x6dt-01.txt", "paper", "rows", "xy-ring"),  # 19 qubits
    # 18 qubits; `row 0` is one qubit with a zero coefficient (grover-only, not an XY block).
    ("starbattle/starbattle-5x5-1star-janko-071.txt", "propagate", "rows", "xy-ring"),
    ("sudoku4/sudoku4-amayaos-13.txt", "clues", "cells", "xy-complete"),  # 17 qubits, blocks of 1..3
    # 17 qubits, a region of 7 (21 edges); `region C` is grover-only like row 0 above.
    ("queens/queens-6x6-community-052.txt", "propagate", "regions", "xy-complete"),
]
# The Grover mixer: the full space (every qubit in the multi-controlled phase, no idle qubit),
# then spaces of plain blocks (W states, weight 2 of 4, free qubits in |+>). After the other
# cases, so that those draw the same angles as before.
GROVER_SPACES = [
    ("tests/data/tango-4x4-qasm.txt", "paper", "full", "grover"),  # 7 qubits
    ("tests/data/tiny-tango-4x4.txt", "paper", "full", "grover"),  # 11 qubits
    ("tests/data/queens-4x4-handmade.txt", "paper", "rows", "grover"),  # 16 qubits, 4 blocks of 4, k = 1
    ("tests/data/tiny-takuzu-4x4.txt", "paper", "rows", "grover"),  # 14 qubits, k = 2 of 4 and others
    ("tests/data/gqueens-3x4-cylinder.txt", "paper", "rows", "grover"),  # 11 qubits, 3 free
]


# The switch mixers: on a full permutation grid (`--reduce none`) the Fisher–Yates start over
# the permutations; on a grid the reduction cut (a given on 5x5 N-Queens at `paper`) and on two
# per row and column (a 4x4 Takuzu at `none`: the two-star margins with a valid board, which the
# 4x4 two-star Star Battle lacks) the first grid state as `x`; then the double excitations.
# Last, so the cases above keep their angles.
SWITCH_SPACES = [
    ("tests/data/nqueens-4.txt", "none", "rows+cols", "switch-complete"),  # 16 qubits, 24 permutations
    ("tests/data/queens-4x4-handmade.txt", "none", "rows+cols", "switch-ring"),  # 16 qubits
    ("tests/data/nqueens-5-given.txt", "paper", "rows+cols", "switch-complete"),  # 15 qubits, 9 states
    ("tests/data/tiny-takuzu-4x4.txt", "none", "rows+cols", "switch-ring"),  # 16 qubits, 90 states, two per line
]


def export(quzzle, instance, depth, gammas, betas, flavor, symbolic, out, space=None):
    args = [
        quzzle, "qasm", str(instance), "--depth", str(depth),
        "--gammas=" + ",".join(repr(g) for g in gammas),
        "--betas=" + ",".join(repr(b) for b in betas),
        "--flavor", flavor, "--with-state", "-o", str(out),
    ]
    if symbolic:
        args.append("--symbolic")
    if space:
        reduce, name, mixer = space
        args += ["--reduce", reduce, "--space", name, "--mixer", mixer]
    subprocess.run(args, check=True, capture_output=True, text=True)
    return out.read_text(), json.loads(out.with_suffix(".json").read_text())


def xy_edge_count(m, mixer):
    """Edges of quzzle::mixer::xy_edges(m, mixer): a ring has m (one edge for m = 2)."""
    if mixer == "xy-ring":
        return m if m >= 3 else max(m - 1, 0)
    assert mixer == "xy-complete", f"mixer {mixer!r}"
    return m * (m - 1) // 2


def xy_blocks(manifest):
    """The blocks the XY mixer acts on (the manifest also lists grover-only ones, plain: false)."""
    return [b for b in manifest.get("blocks", []) if b.get("plain", True)]


def check_counts(ops, manifest, flavor):
    n, p = manifest["qubits"], manifest["depth"]
    mixer = manifest.get("mixer", "x")
    if mixer == "grover":
        # The manifest counts the gates as the file writes them (ionq: ccx, cry, rzz expanded).
        got = {name: k for name, k in ops.items() if name != "measure"}
        assert got == manifest["gate_counts"], f"gate counts {got} != manifest {manifest['gate_counts']}"
        return
    if mixer.startswith("switch"):
        # No per-gate count in the manifest: the state and P(valid) below check the gates.
        assert ops.get("rx", 0) == 0, "a grid of every row and column leaves no free qubit"
        return
    if mixer == "x":
        assert ops.get("rx", 0) == p * n, f"rx count {ops.get('rx', 0)} != p x n = {p * n}"
        return
    blocks = xy_blocks(manifest)
    edges = p * sum(xy_edge_count(len(b["qubits"]), mixer) for b in blocks)
    free = n - sum(len(b["qubits"]) for b in blocks)
    if flavor == "ionq":
        assert "xy_mixer" not in ops, "ionq writes xy_mixer in place"
        want = p * free + RX_PER_INLINE_XY * edges
        assert ops.get("rx", 0) == want, f"rx count {ops.get('rx', 0)} != p x free + 5 x xy = {want}"
    else:
        assert ops.get("xy_mixer", 0) == edges, f"xy_mixer count {ops.get('xy_mixer', 0)} != p x edges = {edges}"
        assert ops.get("rx", 0) == p * free, f"rx count {ops.get('rx', 0)} != p x free = {p * free}"


def check_space(state, manifest):
    """Qiskit's state lies in the space: every XY block keeps its weight; dimension as stated."""
    n = manifest["qubits"]
    blocks = manifest["blocks"]
    dimension = math.prod(b["states"] if "states" in b else math.comb(len(b["qubits"]), b["k"]) for b in blocks)
    dimension *= 2 ** (n - sum(len(b["qubits"]) for b in blocks))
    assert manifest["dimension"] == dimension, f"dimension {manifest['dimension']} != {dimension}"
    index = np.arange(2**n)
    inside = np.ones(2**n, dtype=bool)
    for b in xy_blocks(manifest):
        weight = sum((index >> q) & 1 for q in b["qubits"])
        inside &= weight == b["k"]
    if manifest.get("mixer", "").startswith("switch"):
        # Every row and every column of the board keeps its count: the count of the start
        # state's (the quzzle state's most likely basis state's) line, one per row and column
        # on a permutation grid, two on the Takuzu.
        rows, cols = {}, {}
        for q, cells in enumerate(manifest["qubit_cells"]):
            r, c = cells[0]["cell"][1:].split("c")
            rows.setdefault(r, []).append(q)
            cols.setdefault(c, []).append(q)
        top = int(np.argmax(np.abs(state)))
        for line in list(rows.values()) + list(cols.values()):
            k = sum((top >> q) & 1 for q in line)
            inside &= sum((index >> q) & 1 for q in line) == k
    outside = float(np.sum(np.abs(state[~inside]) ** 2))
    assert outside <= PROBABILITY_TOL, f"probability {outside!r} outside the space"
    assert int(inside.sum()) <= dimension, "more allowed states than the dimension"


def check(text, manifest, flavor, symbolic):
    """Raise AssertionError with a reason when the file and quzzle disagree."""
    openqasm3.parse(text)  # the reference parser must accept the file as written
    circuit = qiskit.qasm3.loads(text)
    n = manifest["qubits"]
    assert circuit.num_qubits == n, f"{circuit.num_qubits} qubits, manifest says {n}"
    assert circuit.num_clbits == n, f"{circuit.num_clbits} clbits"
    ops = circuit.count_ops()
    check_counts(ops, manifest, flavor)
    assert ops.get("measure", 0) == n, "one measurement per qubit"
    if symbolic:
        names = sorted(par.name for par in circuit.parameters)
        assert names == sorted(manifest["parameters"]), f"parameters {names}"
        circuit = circuit.assign_parameters({par: manifest["parameters"][par.name] for par in circuit.parameters})
    else:
        assert not circuit.parameters, "numeric file with parameters"
    if flavor == "ionq":
        assert set(ops) <= STDGATES_USED, f"ionq file uses {set(ops) - STDGATES_USED}"
    routing = None
    if flavor == "ibm":
        backend = GenericBackendV2(num_qubits=max(n, 2), basis_gates=["rz", "sx", "x", "cx"], seed=SEED)
        mapped = transpile(circuit, backend, optimization_level=1, seed_transpiler=SEED)
        assert set(mapped.count_ops()) <= {"rz", "sx", "x", "cx", "measure", "barrier"}, mapped.count_ops()
        routing = heavy_hex_routing(circuit, mapped)

    theirs = Statevector(circuit.remove_final_measurements(inplace=False))
    ours = np.array([re + 1j * im for re, im in manifest["state"]])
    assert ours.shape == theirs.data.shape, f"state sizes {ours.shape} vs {theirs.data.shape}"
    fidelity = abs(np.vdot(ours, theirs.data)) ** 2
    assert fidelity >= 1 - FIDELITY_TOL, f"fidelity {fidelity!r}"
    if manifest.get("blocks"):
        check_space(theirs.data, manifest)

    # Qiskit's keys put qubit 0 rightmost; the manifest's bitstrings put it first.
    probabilities = theirs.probabilities_dict()
    success = sum(probabilities.get(b[::-1], 0.0) for b in manifest["valid_bitstrings"])
    expected = manifest["success_probability"]
    assert abs(success - expected) <= PROBABILITY_TOL, f"success probability {success!r} vs quzzle {expected!r}"
    # The same with the reversal written out: index k has qubit q in bit q.
    by_index = sum(abs(theirs.data[int(b[::-1], 2)]) ** 2 for b in manifest["valid_bitstrings"])
    assert abs(by_index - expected) <= PROBABILITY_TOL, "bit order of the manifest"
    return fidelity, success, routing


def check_energy(quzzle, instance, reduce, circuit, manifest):
    """<C> of Qiskit's state under the puzzle's Ising model (`quzzle ising --json`; on a block
    space the kept counts' penalties are 0 on every reachable state) equals the manifest's
    `energy` within 1e-9 (relative above 1). Returns it."""
    done = subprocess.run([quzzle, "ising", str(instance), "--reduce", reduce, "--json"],
                          check=True, capture_output=True, text=True)
    model = json.loads(done.stdout)
    n = model["qubits"]
    z = 1 - 2 * ((np.arange(2**n)[:, None] >> np.arange(n)) & 1)  # z = +1 when the bit is 0
    costs = model["offset"] + z @ np.array(model["h"], dtype=float)
    for a, b, w in model["J"]:
        costs = costs + w * z[:, a] * z[:, b]
    state = Statevector(circuit.remove_final_measurements(inplace=False)).data
    energy = float(np.sum(np.abs(state) ** 2 * costs))
    expected = manifest["energy"]
    assert abs(energy - expected) <= PROBABILITY_TOL * max(1.0, abs(expected)), f"<C> {energy!r} vs quzzle {expected!r}"
    return energy


def heavy_hex_routing(circuit, unrouted):
    """Two-qubit gate count and depth of the circuit in IBM's basis with every pair connected
    (`unrouted`), and after routing onto a heavy-hex lattice (Heron's coupling graph; the
    smallest distance whose lattice holds the circuit), as Qiskit's transpiler does it."""
    d = 3
    while (5 * d * d - 2 * d - 1) // 2 < circuit.num_qubits:
        d += 2
    routed = transpile(circuit, coupling_map=CouplingMap.from_heavy_hex(d), basis_gates=["rz", "sx", "x", "cx"],
                       optimization_level=1, seed_transpiler=SEED)
    return unrouted.count_ops().get("cx", 0), unrouted.depth(), routed.count_ops().get("cx", 0), routed.depth()


def score(quzzle, counts, path, manifest_path, fmt):
    """`quzzle score --json` of `counts` written to `path`."""
    path.write_text(json.dumps(counts))
    done = subprocess.run(
        [quzzle, "score", str(path), "--manifest", str(manifest_path), "--format", fmt,
         "--confidence", str(SCORE_CONFIDENCE), "--json"],
        check=True, capture_output=True, text=True,
    )
    return json.loads(done.stdout)


def check_score(quzzle, circuit, manifest, manifest_path):
    """Qiskit's samples of the loaded circuit, scored by quzzle; returns (P(valid), interval)."""
    valid = set(manifest["valid_bitstrings"])  # qubit 0 first; Qiskit keys put it rightmost
    state = Statevector(circuit.remove_final_measurements(inplace=False))
    state.seed(SEED)
    counts = {key: int(n) for key, n in state.sample_counts(SHOTS).items()}
    result = StatevectorSampler(seed=SEED).run([circuit], shots=SHOTS).result()[0]
    sampler = {name: result.data[name].get_counts() for name in result.data.keys()}
    assert list(sampler) == ["c"], f"registers {list(sampler)}"
    report = None
    for shape, fmt, flat in [("qiskit", "qiskit", counts), ("sampler", "auto", sampler["c"])]:
        doc = flat if shape == "qiskit" else sampler
        r = score(quzzle, doc, manifest_path.with_name(manifest_path.stem + f".{shape}-counts.json"),
                  manifest_path, fmt)
        want = sum(n for key, n in flat.items() if key[::-1] in valid)
        assert r["format"] == shape, f"read as {r['format']}"
        assert r["shots"] == SHOTS and r["valid_shots"] == want, f"{shape}: {r['valid_shots']} valid, counted {want}"
        low, high = r["interval"]
        assert r["inside"] is True, (f"{shape}: simulated P(valid) {r['simulated_p_valid']!r} outside "
                                     f"[{low!r}, {high!r}] ({r['valid_shots']} of {SHOTS})")
        report = report or r
    return report["p_valid"], report["interval"]


# The seed's circuit: (instance, N, iterations). 26 qubits at N = 4. K = 2 repeats K = 1's
# iteration, so CI runs K = 1 and --full runs both.
SEED_CASES = [("tests/data/nqueens-4.txt", 4, 1)]
SEED_CASES_FULL = SEED_CASES + [("tests/data/nqueens-4.txt", 4, 2)]
SEED_FLAVORS = ["portable", "ibm", "ionq"]


def export_seed(quzzle, instance, k, flavor, out):
    subprocess.run(
        [quzzle, "grover", str(instance), "--iterations", str(k), "--qasm", str(out), "--flavor", flavor],
        check=True, capture_output=True, text=True,
    )
    return out.read_text(), json.loads(out.with_suffix(".json").read_text())


def gate_lines(text):
    """The statements of a file, comments dropped (ibm and portable differ only in comments)."""
    return [line for line in text.splitlines() if line.strip() and not line.startswith("//")]


def check_seed_counts(ops, manifest, flavor):
    want = manifest["gate_counts"]
    assert ops.get("measure", 0) == manifest["qubits"], "one measurement per qubit"
    if flavor == "ionq":
        assert set(ops) <= STDGATES_USED, f"ionq file uses {set(ops) - STDGATES_USED}"
        # Each ccx is h, 6 cx, 7 rz, h, and each cry is ry, cx, ry, cx.
        cx = want.get("cx", 0) + 6 * want.get("ccx", 0) + 2 * want.get("cry", 0)
        assert ops.get("cx", 0) == cx, f"ionq cx {ops.get('cx', 0)} != {cx}"
        assert ops.get("rz", 0) == 7 * want.get("ccx", 0), "ionq rz: 7 per ccx"
        assert ops.get("h", 0) == want.get("h", 0) + 2 * want.get("ccx", 0), "ionq h: 2 per ccx"
    else:
        got = {name: n for name, n in ops.items() if name != "measure"}
        assert got == want, f"gate counts {got} != manifest {want}"


def seed_state(circuit):
    """The exact final state of a loaded circuit, measurements removed, by Qiskit Aer."""
    simulator = AerSimulator(method="statevector", precision="double")
    unmeasured = circuit.remove_final_measurements(inplace=False)
    unmeasured.save_statevector()
    result = simulator.run(transpile(unmeasured, simulator), shots=1).result()
    return np.asarray(result.get_statevector(), dtype=np.complex128)


def check_seed_state(state, manifest):
    """P(valid) on the puzzle qubits and the weight left on the other qubits."""
    n, puzzle = manifest["qubits"], manifest["puzzle_qubits"]
    assert state.shape == (2**n,), f"state of {state.shape}"
    # Index k holds qubit q in bit q: the puzzle qubits are the low bits.
    probabilities = (np.abs(state) ** 2).reshape(2 ** (n - puzzle), 2**puzzle)
    left = float(probabilities[1:, :].sum())
    marginal = probabilities.sum(axis=0)
    # valid_bitstrings list qubit 0 first: reversed, they read as a binary number.
    success = float(sum(marginal[int(b[::-1], 2)] for b in manifest["valid_bitstrings"]))
    expected = manifest["success_probability"]
    assert abs(success - expected) <= PROBABILITY_TOL, f"P(valid) {success!r} vs quzzle {expected!r}"
    assert left <= PROBABILITY_TOL, f"probability {left!r} with an ancilla or the target at 1"
    return success, left


def check_seed_score(quzzle, state, manifest, manifest_path):
    """Shots drawn from Aer's state of all 26 qubits, in Qiskit's key order, scored by
    `quzzle score`: the board is read from the puzzle qubits and the simulated P(valid) lies
    inside the interval. Returns (P(valid), interval)."""
    n, puzzle = manifest["qubits"], manifest["puzzle_qubits"]
    probabilities = np.abs(state) ** 2
    draws = np.random.default_rng(SEED).choice(2**n, size=SHOTS, p=probabilities / probabilities.sum())
    keys, times = np.unique(draws, return_counts=True)
    counts = {format(int(key), f"0{n}b"): int(t) for key, t in zip(keys, times)}
    valid = set(manifest["valid_bitstrings"])
    # A Qiskit key puts qubit 0 last: its puzzle qubits are the last characters, reversed.
    want = sum(t for key, t in counts.items() if key[-puzzle:][::-1] in valid)
    r = score(quzzle, counts, manifest_path.with_name(manifest_path.stem + ".counts.json"), manifest_path,
              "qiskit")
    assert r["shots"] == SHOTS and r["valid_shots"] == want, f"{r['valid_shots']} valid, counted {want}"
    low, high = r["interval"]
    assert r["inside"] is True, (f"simulated P(valid) {r['simulated_p_valid']!r} outside [{low!r}, {high!r}] "
                                 f"({r['valid_shots']} of {SHOTS})")
    return r["p_valid"], r["interval"]


def failure_line(label, e):
    """The line a failed case prints: quzzle's own message when it exited non-zero."""
    if isinstance(e, subprocess.CalledProcessError):
        return f"FAIL {label}: quzzle exited {e.returncode}: {e.stderr.strip()}"
    return f"FAIL {label}: {type(e).__name__}: {e}"


def seed_checks(quzzle, out, full):
    """The seed's circuit in every flavour; returns (passed, failed)."""
    passed, failed = 0, 0
    for instance, n, k in SEED_CASES_FULL if full else SEED_CASES:
        texts = {}
        for flavor in SEED_FLAVORS:
            label = f"seed {pathlib.Path(instance).name} N={n} k={k} {flavor}"
            path = out / f"seed-n{n}-k{k}.{flavor}.qasm"
            began = time.time()
            try:
                text, manifest = export_seed(quzzle, ROOT / instance, k, flavor, path)
                texts[flavor] = text
                assert manifest["circuit"] == "grover-seed" and manifest["iterations"] == k
                openqasm3.parse(text)
                circuit = qiskit.qasm3.loads(text)
                assert circuit.num_qubits == manifest["qubits"], f"{circuit.num_qubits} qubits"
                assert circuit.num_qubits == n * n + (n - 1) + n * (n - 1) // 2 + 1
                check_seed_counts(circuit.count_ops(), manifest, flavor)
                detail = f"{manifest['qubits']} qubits, {manifest['gate_counts'].get('ccx', 0)} ccx, " \
                         f"{manifest['total_gates']} gates, Qiskit depth {circuit.depth()}"
                if flavor == "portable":
                    state = seed_state(circuit)
                    success, left = check_seed_state(state, manifest)
                    detail += (f"; Aer P(valid) = {success:.12f}, quzzle {manifest['success_probability']:.12f}, "
                               f"ancillas at 1: {left:.1e}")
                    measured, (low, high) = check_seed_score(quzzle, state, manifest, path.with_suffix(".json"))
                    detail += f"; {SHOTS} shots scored: {measured:.4f} in [{low:.4f}, {high:.4f}]"
                    del state
                if flavor == "ibm":
                    assert gate_lines(text) == gate_lines(texts["portable"]), "ibm gates differ from portable"
                    backend = GenericBackendV2(num_qubits=circuit.num_qubits, basis_gates=["rz", "sx", "x", "cx"],
                                               seed=SEED)
                    mapped = transpile(circuit, backend, optimization_level=1, seed_transpiler=SEED)
                    assert set(mapped.count_ops()) <= {"rz", "sx", "x", "cx", "measure", "barrier"}
                    detail += f"; transpiled: cx {mapped.count_ops().get('cx', 0)}, depth {mapped.depth()}"
                passed += 1
                print(f"ok   {label}: {detail} ({time.time() - began:.1f} s)")
            except Exception as e:  # noqa: BLE001 - every failure is reported, then counted
                failed += 1
                print(failure_line(label, e))
    # The ionq expansion (ccx as 6 cx and rz(+-pi/4)) is ccx up to a global phase: N = 3.
    label = "seed nqueens-3 k=1 ionq vs portable"
    began = time.time()
    try:
        three = out / "nqueens-3.txt"
        three.write_text("puzzle: nqueens\nsize: 3x3\n")
        states = {}
        for flavor in ["portable", "ionq"]:
            text, manifest = export_seed(quzzle, three, 1, flavor, out / f"seed-n3-k1.{flavor}.qasm")
            openqasm3.parse(text)
            circuit = qiskit.qasm3.loads(text)
            states[flavor] = Statevector(circuit.remove_final_measurements(inplace=False)).data
        overlap = abs(np.vdot(states["portable"], states["ionq"])) ** 2
        assert overlap >= 1 - FIDELITY_TOL, f"fidelity {overlap!r}"
        passed += 1
        print(f"ok   {label}: 15 qubits, 1 - fidelity = {1 - overlap:.1e} ({time.time() - began:.1f} s)")
    except Exception as e:  # noqa: BLE001
        failed += 1
        print(f"FAIL {label}: {type(e).__name__}: {e}")
    return passed, failed


def run_case(job):
    """One exported file of one case, checked: (passed, the line that says so)."""
    quzzle, out_dir, instance, space, depth, gammas, betas, flavor, symbolic = job
    tag = "" if space is None else f".{space[1]}-{space[2]}"
    label = f"{instance.name}{' ' + ' '.join(space) if space else ''} p={depth} {flavor}{' symbolic' if symbolic else ''}"
    out = out_dir / f"{instance.stem}{tag}.{flavor}{'-symbolic' if symbolic else ''}.qasm"
    began = time.time()
    try:
        text, manifest = export(quzzle, instance, depth, gammas, betas, flavor, symbolic, out, space)
        if space:
            assert manifest.get("mixer") == space[2], f"manifest mixer {manifest.get('mixer')!r}"
        fidelity, success, routing = check(text, manifest, flavor, symbolic)
        sampled = ""
        if space and space[2] == "grover":
            loaded = qiskit.qasm3.loads(text)
            if symbolic:
                loaded = loaded.assign_parameters(
                    {par: manifest["parameters"][par.name] for par in loaded.parameters})
            energy = check_energy(quzzle, instance, space[0], loaded, manifest)
            sampled += f", <C> = {energy:.9f}"
        if flavor == "ibm":
            p_valid, (low, high) = check_score(
                quzzle, qiskit.qasm3.loads(text), manifest, out.with_suffix(".json"))
            sampled = f", sampled {p_valid:.4f} in [{low:.4f}, {high:.4f}]"
            sampled += (f"; cx {routing[0]} (depth {routing[1]}) all-to-all, {routing[2]} "
                        f"(depth {routing[3]}) routed on heavy-hex")
        return True, (f"ok   {label}: {manifest['qubits']} qubits, 1 - fidelity = {1 - fidelity:.1e}, "
                      f"P(valid) = {success:.6f}{sampled} ({time.time() - began:.1f} s)")
    except Exception as e:  # noqa: BLE001 - every failure is reported, then counted
        return False, failure_line(label, e)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quzzle", required=True, help="the quzzle binary")
    parser.add_argument("--out", required=True, type=pathlib.Path, help="folder for the exported files")
    parser.add_argument("--shared", type=pathlib.Path, help="../shared/instances, used when present")
    parser.add_argument("--full", action="store_true", help="also the seed's circuit at two iterations")
    args = parser.parse_args()

    # (instance, None) on the full space; (instance, (reduce, space, mixer)) on a block space.
    # The full-space cases first, so that they draw the same angles as before block spaces.
    cases = [(ROOT / t, None) for t in TINY]
    shared = args.shared and args.shared.is_dir()
    if shared:
        cases += [(args.shared / s, None) for s in SHARED if (args.shared / s).is_file()]
    else:
        print("qasm interop: ../shared/instances absent, tiny instances only", flush=True)
    cases += [(ROOT / t, tuple(rest)) for t, *rest in TINY_SPACES]
    if shared:
        cases += [(args.shared / s, tuple(rest)) for s, *rest in SHARED_SPACES if (args.shared / s).is_file()]
    cases += [(ROOT / t, tuple(rest)) for t, *rest in GROVER_SPACES]
    cases += [(ROOT / t, tuple(rest)) for t, *rest in SWITCH_SPACES]
    print(f"qasm interop: qiskit {qiskit.__version__}, openqasm3 {openqasm3.__version__}, {len(cases)} cases", flush=True)

    # The angles are drawn in the cases' order before any work, so they do not depend on how
    # the files are shared between the workers.
    rng = np.random.default_rng(SEED)
    jobs = []
    for i, (instance, space) in enumerate(cases):
        depth = 1 + i % 3
        gammas = rng.uniform(-1.2, 1.2, depth).tolist()
        betas = rng.uniform(-1.6, 1.6, depth).tolist()
        for flavor, symbolic in VARIANTS:
            jobs.append((args.quzzle, args.out, instance, space, depth, gammas, betas, flavor, symbolic))
    passed, failed = 0, 0
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        for ok, line in pool.map(run_case, jobs):
            print(line, flush=True)
            passed += ok
            failed += not ok
    seed_passed, seed_failed = seed_checks(args.quzzle, args.out, args.full)
    passed += seed_passed
    failed += seed_failed
    print(f"qasm interop: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
