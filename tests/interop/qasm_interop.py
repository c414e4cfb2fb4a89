"""Interoperability check of `quzzle qasm` (run by tests/interop/run.sh).

For several puzzle instances, a random depth and random angles (fixed seed), every flavour
(portable, portable --symbolic, ibm, ionq) is exported with `--with-state`, then:

* parsed by the openqasm3 reference parser (`openqasm3.parse`);
* loaded with `qiskit.qasm3.loads` (symbolic files: parameters bound by name from the
  manifest), measurements removed, simulated with `qiskit.quantum_info.Statevector`;
* compared with quzzle's own state from the manifest: fidelity >= 1 - 1e-9;
* the success probability summed over Qiskit's `probabilities_dict()` on the manifest's
  `valid_bitstrings` (qubit 0 first, while Qiskit keys put qubit 0 rightmost) must equal the
  manifest's `success_probability` within 1e-9;
* flavour checks: ionq uses stdgates.inc gates only; ibm transpiles to a generic IBM-like
  backend (rz, sx, x, cx).

Prints one line per file and closes with `qasm interop: N passed, M failed`; exits 1 on any
failure.
"""

import argparse
import json
import pathlib
import subprocess
import sys
import time

import numpy as np
import openqasm3
import qiskit
import qiskit.qasm3
from qiskit import transpile
from qiskit.providers.fake_provider import GenericBackendV2
from qiskit.quantum_info import Statevector

FIDELITY_TOL = 1e-9
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
STDGATES_USED = {"h", "rx", "rz", "cx", "measure"}


def export(quzzle, instance, depth, gammas, betas, flavor, symbolic, out):
    args = [
        quzzle, "qasm", str(instance), "--depth", str(depth),
        "--gammas=" + ",".join(repr(g) for g in gammas),
        "--betas=" + ",".join(repr(b) for b in betas),
        "--flavor", flavor, "--with-state", "-o", str(out),
    ]
    if symbolic:
        args.append("--symbolic")
    subprocess.run(args, check=True, capture_output=True, text=True)
    return out.read_text(), json.loads(out.with_suffix(".json").read_text())


def check(text, manifest, flavor, symbolic):
    """Raise AssertionError with a reason when the file and quzzle disagree."""
    openqasm3.parse(text)  # the reference parser must accept the file as written
    circuit = qiskit.qasm3.loads(text)
    n = manifest["qubits"]
    assert circuit.num_qubits == n, f"{circuit.num_qubits} qubits, manifest says {n}"
    assert circuit.num_clbits == n, f"{circuit.num_clbits} clbits"
    ops = circuit.count_ops()
    p = manifest["depth"]
    assert ops.get("rx", 0) == p * n, f"rx count {ops.get('rx', 0)} != p x n = {p * n}"
    assert ops.get("measure", 0) == n, "one measurement per qubit"
    if symbolic:
        names = sorted(par.name for par in circuit.parameters)
        assert names == sorted(manifest["parameters"]), f"parameters {names}"
        circuit = circuit.assign_parameters({par: manifest["parameters"][par.name] for par in circuit.parameters})
    else:
        assert not circuit.parameters, "numeric file with parameters"
    if flavor == "ionq":
        assert set(ops) <= STDGATES_USED, f"ionq file uses {set(ops) - STDGATES_USED}"
    if flavor == "ibm":
        backend = GenericBackendV2(num_qubits=max(n, 2), basis_gates=["rz", "sx", "x", "cx"], seed=SEED)
        mapped = transpile(circuit, backend, optimization_level=1, seed_transpiler=SEED)
        assert set(mapped.count_ops()) <= {"rz", "sx", "x", "cx", "measure", "barrier"}, mapped.count_ops()

    theirs = Statevector(circuit.remove_final_measurements(inplace=False))
    ours = np.array([re + 1j * im for re, im in manifest["state"]])
    assert ours.shape == theirs.data.shape, f"state sizes {ours.shape} vs {theirs.data.shape}"
    fidelity = abs(np.vdot(ours, theirs.data)) ** 2
    assert fidelity >= 1 - FIDELITY_TOL, f"fidelity {fidelity!r}"

    # Qiskit's keys put qubit 0 rightmost; the manifest's bitstrings put it first.
    probabilities = theirs.probabilities_dict()
    success = sum(probabilities.get(b[::-1], 0.0) for b in manifest["valid_bitstrings"])
    expected = manifest["success_probability"]
    assert abs(success - expected) <= PROBABILITY_TOL, f"success probability {success!r} vs quzzle {expected!r}"
    # The same with the reversal written out: index k has qubit q in bit q.
    by_index = sum(abs(theirs.data[int(b[::-1], 2)]) ** 2 for b in manifest["valid_bitstrings"])
    assert abs(by_index - expected) <= PROBABILITY_TOL, "bit order of the manifest"
    return fidelity, success


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quzzle", required=True, help="the quzzle binary")
    parser.add_argument("--out", required=True, type=pathlib.Path, help="folder for the exported files")
    parser.add_argument("--shared", type=pathlib.Path, help="../shared/instances, used when present")
    args = parser.parse_args()

    instances = [ROOT / t for t in TINY]
    if args.shared and args.shared.is_dir():
        instances += [args.shared / s for s in SHARED if (args.shared / s).is_file()]
    else:
        print("qasm interop: ../shared/instances absent, tiny instances only")
    print(f"qasm interop: qiskit {qiskit.__version__}, openqasm3 {openqasm3.__version__}, {len(instances)} instances")

    rng = np.random.default_rng(SEED)
    passed, failed = 0, 0
    for i, instance in enumerate(instances):
        depth = 1 + i % 3
        gammas = rng.uniform(-1.2, 1.2, depth).tolist()
        betas = rng.uniform(-1.6, 1.6, depth).tolist()
        for flavor, symbolic in VARIANTS:
            label = f"{instance.name} p={depth} {flavor}{' symbolic' if symbolic else ''}"
            out = args.out / f"{instance.stem}.{flavor}{'-symbolic' if symbolic else ''}.qasm"
            began = time.time()
            try:
                text, manifest = export(args.quzzle, instance, depth, gammas, betas, flavor, symbolic, out)
                fidelity, success = check(text, manifest, flavor, symbolic)
                passed += 1
                print(f"ok   {label}: {manifest['qubits']} qubits, 1 - fidelity = {1 - fidelity:.1e}, "
                      f"P(valid) = {success:.6f} ({time.time() - began:.1f} s)")
            except subprocess.CalledProcessError as e:
                failed += 1
                print(f"FAIL {label}: quzzle exited {e.returncode}: {e.stderr.strip()}")
            except Exception as e:  # noqa: BLE001 - every failure is reported, then counted
                failed += 1
                print(f"FAIL {label}: {type(e).__name__}: {e}")
    print(f"qasm interop: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
