"""`quzzle predict` on circuits Qiskit transpiled and routed for a backend (a line of qubits,
so routing adds SWAPs; basis rz, sx, x and cz, ecr or cx): the routed file read back with its
layout gives the exported circuit's noiseless P(valid), and its noise, on more two-qubit
gates, costs more than the exported circuit's."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, data, run_cli, without_seconds

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


def test_python_predict_is_the_command_lines(quzzle_bin: str, exported: Path) -> None:
    import quzzle

    backend = GenericBackendV2(num_qubits=14, basis_gates=["rz", "sx", "x", "cz"], coupling_map=CouplingMap.from_line(14), seed=3)
    routed = transpile(qiskit.qasm3.loads(exported.read_text()), backend=backend, optimization_level=1, seed_transpiler=7)
    path = exported.parent / "routed-python.qasm"
    path.write_text(qiskit.qasm3.dumps(routed))
    manifest = exported.with_suffix(".json")
    args = ["--noise", "heron", "--noise", MODEL, "--trajectories", "50", "--seed", "4", "--device", "heron", "--json"]
    printed = json.loads(run_cli(quzzle_bin, ["predict", str(path), "--manifest", str(manifest), *args]))
    report = quzzle.predict(path, manifest, noise=["heron", MODEL], trajectories=50, seed=4, device="heron")
    assert isinstance(report, quzzle.Record)
    assert without_seconds(report.to_dict()) == without_seconds(printed)
    assert len(report.routed_estimates) == 2 and len(report.devices) == 1
    # --truncate as the command line's (the sector route's; this circuit runs gate by gate).
    printed = json.loads(run_cli(quzzle_bin, ["predict", str(path), "--manifest", str(manifest), *args, "--truncate", "exact"]))
    report = quzzle.predict(path, manifest, noise=["heron", MODEL], trajectories=50, seed=4, device="heron", truncate="exact")
    assert without_seconds(report.to_dict()) == without_seconds(printed)
    with pytest.raises(quzzle.InvalidArgument, match="truncation"):
        quzzle.predict(path, manifest, noise="heron", truncate="some")
    # The same checks as the command line's, with the same words.
    with pytest.raises(quzzle.InvalidArgument, match="trajectories"):
        quzzle.predict(path, manifest, noise="heron", trajectories=0)
    bad = exported.parent / "bad-python.qasm"
    bad.write_text('OPENQASM 3.0;\ninclude "stdgates.inc";\nbit[11] c;\nh $0;\n')
    with pytest.raises(quzzle.QuzzleError, match="bad-python.qasm:4: the gate `h`"):
        quzzle.predict(bad, manifest)
