#!/usr/bin/env python3
"""Transpiles every exported circuit pNN.qasm of an experiment folder (`quzzle qasm --depths
... -o DIR`) onto FakeFez, an IBM Heron r2 heavy-hex backend of 156 qubits, and writes what
Qiskit would run as pNN.routed.qasm, for `quzzle predict` (docs/qasm.md, "The circuit the
device runs"). Optimisation level 1 and seed 0, so a rerun writes the same file. Files that
exist are kept.

Usage: python route.py DIR    (needs qiskit, qiskit-qasm3-import and qiskit-ibm-runtime)
"""
import os
import sys
from pathlib import Path

import qiskit.qasm3
from qiskit import transpile
from qiskit_ibm_runtime.fake_provider import FakeFez


def main() -> None:
    folder = Path(sys.argv[1])
    backend = FakeFez()
    for exported in sorted(folder.glob("p[0-9][0-9].qasm")):
        target = exported.with_suffix(".routed.qasm")
        if target.exists():
            continue
        circuit = qiskit.qasm3.loads(exported.read_text())
        routed = transpile(circuit, backend=backend, optimization_level=1, seed_transpiler=0)
        tmp = target.with_suffix(".tmp")
        tmp.write_text(qiskit.qasm3.dumps(routed))
        os.replace(tmp, target)
        ops = routed.count_ops()
        print("%s: %d two-qubit gates routed (%s)" % (target, ops.get("cz", 0) + ops.get("cx", 0) + ops.get("ecr", 0), dict(ops)))


if __name__ == "__main__":
    main()
