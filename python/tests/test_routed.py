"""`quzzle predict` on circuits Qiskit transpiled and routed for a backend (a line of qubits,
so routing adds SWAPs; basis rz, sx, x and cz, ecr or cx): the routed file read back with its
layout gives the exported circuit's noiseless P(valid), and its noise, on more two-qubit
gates, costs more than the exported circuit's."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, data, run_cli

qiskit = pytest.importorskip("qiskit")
import qiskit.qasm3  # noqa: E402
from qiskit import transpile  # noqa: E402
from qiskit.providers.fake_provider import GenericBackendV2  # noqa: E402
from qiskit.transpiler import CouplingMap  # noqa: E402

MODEL = "p1=1e-3,p2=1e-2,readout=0.01"


@pytest.fixture(scope="module")
def exported(quzzle_bin: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("routed")
    qasm = folder / "c.qasm"
    run_cli(quzzle_bin, ["qasm", data("tiny-tango-4x4.txt"), "--depth", "2", "--optimize", "--flavor", "ibm", "-o", str(qasm)])
    return qasm


@pytest.mark.parametrize("two_qubit", ["cz", "ecr", "cx"])
def test_routed_circuit_predicts_the_exported_value_and_more_noise(quzzle_bin: str, exported: Path, two_qubit: str) -> None:
    backend = GenericBackendV2(
        num_qubits=14, basis_gates=["rz", "sx", "x", two_qubit], coupling_map=CouplingMap.from_line(14), seed=3
    )
    circuit = qiskit.qasm3.loads(exported.read_text())
    routed = transpile(circuit, backend=backend, optimization_level=1, seed_transpiler=7)
    path = exported.parent / f"routed-{two_qubit}.qasm"
    path.write_text(qiskit.qasm3.dumps(routed))
    report = json.loads(
        run_cli(quzzle_bin, ["predict", str(path), "--manifest", str(exported.with_suffix(".json")), "--noise", MODEL, "--trajectories", "200", "--json"])
    )
    (estimate,) = report["routed_estimates"]
    assert estimate["noiseless_p_valid"] == pytest.approx(report["exported_p_valid"], abs=1e-9)
    assert report["routed_gates"]["two_qubit"] == routed.count_ops()[two_qubit]
    assert report["routed_gates"]["two_qubit"] > report["exported_gates"]["cx"], "routing on a line adds SWAPs"
    (on_exported,) = report["exported"]
    spread = (estimate["p_valid_se"] ** 2 + on_exported["p_valid_se"] ** 2) ** 0.5
    assert estimate["p_valid"] < on_exported["p_valid"] - 2 * spread, report


def test_constructs_outside_the_subset_are_refused_by_line(quzzle_bin: str, exported: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.qasm"
    bad.write_text('OPENQASM 3.0;\ninclude "stdgates.inc";\nbit[11] c;\nh $0;\n')
    done = subprocess.run(
        [quzzle_bin, "predict", str(bad), "--manifest", str(exported.with_suffix(".json"))], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2, done.stderr
    assert f"{bad}:4: the gate `h`" in done.stderr
