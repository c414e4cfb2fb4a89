#!/usr/bin/env python3
"""Writes the routed fixtures of this folder: three block-space circuits exported by `quzzle qasm`
(p = 1, 2, angles optimised) and transpiled by Qiskit onto FakeFez (IBM Heron, `cz`) and
FakeSherbrooke (IBM Eagle, `ecr`), seed 0, for the sector route's tests in src/export/predict.rs.

Usage, from the repository root (needs qiskit, qiskit-qasm3-import and qiskit-ibm-runtime):
    python tests/data/routed/make.py target/release/quzzle
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile

import qiskit.qasm3
from qiskit import transpile
from qiskit_ibm_runtime.fake_provider import FakeFez, FakeSherbrooke

here = pathlib.Path(__file__).parent
CASES = [
    ("takuzu-rows", "tests/data/takuzu-4x4-qasm.txt", "rows", "xy-ring", [(FakeFez, 1), (FakeSherbrooke, 3)]),
    ("chess-regions", "tests/data/chess-3x3-coloured.txt", "regions", "xy-complete", [(FakeFez, 3)]),
    ("starbattle-rows", "tests/data/starbattle-4x4-boxes.txt", "rows", "xy-ring", [(FakeFez, 1)]),
]


def main() -> None:
    quzzle = sys.argv[1]
    for name, puzzle, space, mixer, targets in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            out = pathlib.Path(tmp) / "exp"
            subprocess.run([quzzle, "qasm", puzzle, "--space", space, "--mixer", mixer, "--depths", "1..2",
                            "--optimize", "-o", str(out)], check=True, capture_output=True)
            dest = here / name
            dest.mkdir(exist_ok=True)
            for p in ["p01", "p02"]:
                shutil.copy(out / f"{p}.json", dest / f"{p}.json")
                circuit = qiskit.qasm3.loads((out / f"{p}.qasm").read_text())
                for backend, level in targets:
                    b = backend()
                    routed = transpile(circuit, backend=b, optimization_level=level, seed_transpiler=0)
                    (dest / f"{p}.{b.name}-o{level}.routed.qasm").write_text(qiskit.qasm3.dumps(routed))
        print("wrote", here / name)


if __name__ == "__main__":
    main()
