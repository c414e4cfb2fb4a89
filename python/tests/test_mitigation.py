"""`score_experiment(..., mitigate="readout")` on Aer counts under a readout-only noise model:
M3's P(valid) beside the estimate (`m3_p_valid`) agrees with the `mthree` package's on the same counts and the same
per-qubit errors, and over 100 seeded runs its interval holds the noiseless P(valid) at about
its stated rate (95 %)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict

import pytest

import quzzle
from conftest import data, run_cli

np = pytest.importorskip("numpy")
qiskit = pytest.importorskip("qiskit")
pytest.importorskip("qiskit_qasm3_import")
aer = pytest.importorskip("qiskit_aer")
mthree = pytest.importorskip("mthree")

PUZZLE = "tiny-tango-4x4.txt"
READOUT = 0.03
SHOTS = 2000
RUNS = 100
# mthree works in single precision: its P(valid) and quzzle's (double, GMRES to 1e-10) agree
# to this much on the same counts.
MTHREE_TOLERANCE = 1e-4
# The mitigated interval's coverage over RUNS runs, at 95 % stated: a binomial spread of about
# 2 % around 95 %; the interval is widened to at least the raw one, so it may cover more.
COVERAGE_BOUNDS = (0.88, 1.0)


def aer_counts(circuit: "qiskit.QuantumCircuit", seed: int) -> Dict[str, int]:
    """Counts of `circuit` on Aer with every qubit misread with probability READOUT."""
    noise = aer.noise.NoiseModel()
    noise.add_all_qubit_readout_error(aer.noise.ReadoutError([[1 - READOUT, READOUT], [READOUT, 1 - READOUT]]))
    sim = aer.AerSimulator(noise_model=noise, seed_simulator=seed)
    job = sim.run(qiskit.transpile(circuit, sim, seed_transpiler=0), shots=SHOTS)
    return dict(job.result().get_counts())


def test_readout_mitigation_matches_mthree_and_covers_the_noiseless_value(quzzle_bin: str, tmp_path: Path) -> None:
    job = tmp_path / "job"
    run_cli(quzzle_bin, ["qasm", data(PUZZLE), "--depths", "2", "--optimize",
                         "--noise", f"readout={READOUT}", "--trajectories", "5", "-o", str(job)])
    manifest = json.loads((job / "p02.json").read_text())
    n, noiseless = manifest["qubits"], manifest["success_probability"]
    assert manifest["valid_bitstrings_complete"]
    # Qiskit keys are quzzle bitstrings reversed.
    valid = {b[::-1] for b in manifest["valid_bitstrings"]}
    circuit = qiskit.qasm3.loads((job / "p02.qasm").read_text())
    cals = [np.array([[1 - READOUT, READOUT], [READOUT, 1 - READOUT]])] * n
    covered, raw_covered = 0, 0
    for seed in range(RUNS):
        counts = aer_counts(circuit, seed)
        (job / "p02.counts.json").write_text(json.dumps({"c": counts}))
        scored = quzzle.score_experiment(job, out=tmp_path / "out", mitigate="readout")
        depth = scored.depths[0]
        m = depth["mitigated"]
        assert (m["readout_model"], m["distance"]) == (f"readout={READOUT}", 3)
        low, high = m["interval"]
        covered += low <= noiseless <= high
        raw_covered += depth["interval"][0] <= noiseless <= depth["interval"][1]
        if seed < 3:
            mit = mthree.M3Mitigation(None)
            mit.cals_from_matrices(cals)
            quasi = mit.apply_correction(counts, list(range(n)), distance=3, method="direct")
            theirs = sum(v for k, v in quasi.items() if k in valid)
            assert abs(theirs - m["m3_p_valid"]) < MTHREE_TOLERANCE, (seed, theirs, m["m3_p_valid"])
    rate = covered / RUNS
    print(f"mitigated coverage {rate:.2f}, raw {raw_covered / RUNS:.2f}, noiseless {noiseless:.4f}")
    assert COVERAGE_BOUNDS[0] <= rate <= COVERAGE_BOUNDS[1], (rate, raw_covered / RUNS)


def test_per_qubit_calibration_matches_mthree_through_the_layout(quzzle_bin: str, tmp_path: Path) -> None:
    """Aer counts whose bits are misread at different rates, measured on device qubits named by
    the counts' run record: quzzle corrects each bit with its qubit's calibration, as mthree does
    with the same matrices and the same qubit list."""
    job = tmp_path / "job"
    run_cli(quzzle_bin, ["qasm", data(PUZZLE), "--depths", "2", "--optimize", "-o", str(job)])
    manifest = json.loads((job / "p02.json").read_text())
    n = manifest["qubits"]
    valid = {b[::-1] for b in manifest["valid_bitstrings"]}
    # Device qubit of bit b: a permutation of 2n device qubits, each with its own errors.
    layout = [2 * n - 1 - 2 * b for b in range(n)]
    errors = {q: (0.005 + 0.002 * q, 0.01 + 0.003 * q) for q in range(2 * n)}
    calibration = {
        "backend_name": "ibm_test",
        "qubits": [
            [{"name": "prob_meas1_prep0", "value": errors[q][0]}, {"name": "prob_meas0_prep1", "value": errors[q][1]}]
            for q in range(2 * n)
        ],
        "gates": [
            {"gate": "sx", "qubits": [0], "parameters": [{"name": "gate_error", "value": 2e-4}]},
            {"gate": "cz", "qubits": [0, 1], "parameters": [{"name": "gate_error", "value": 4e-3}]},
        ],
    }
    cal_path = tmp_path / "calibration.json"
    cal_path.write_text(json.dumps(calibration))
    noise = aer.noise.NoiseModel()
    for b, q in enumerate(layout):
        p10, p01 = errors[q]
        noise.add_readout_error(aer.noise.ReadoutError([[1 - p10, p10], [p01, 1 - p01]]), [b])
    circuit = qiskit.qasm3.loads((job / "p02.qasm").read_text())
    sim = aer.AerSimulator(noise_model=noise, seed_simulator=11)
    counts = dict(sim.run(qiskit.transpile(circuit, sim, seed_transpiler=0), shots=SHOTS).result().get_counts())
    doc = {
        "format": "quzzle-counts",
        "counts": {k[::-1]: v for k, v in counts.items()},
        "run": {"provider": "aer", "measured_qubits": layout},
    }
    (job / "p02.counts.json").write_text(json.dumps(doc))
    scored = quzzle.score_experiment(
        job, out=tmp_path / "out", mitigate="readout", noise=f"calibration:{cal_path}", trajectories=2
    )
    m = scored.depths[0]["mitigated"]
    assert [bit["qubit"] for bit in m["by_qubit"]] == layout
    mit = mthree.M3Mitigation(None)
    mit.cals_from_matrices(
        [np.array([[1 - errors[q][0], errors[q][1]], [errors[q][0], 1 - errors[q][1]]]) for q in range(2 * n)]
    )
    quasi = mit.apply_correction(counts, layout, distance=3, method="direct")
    theirs = sum(v for k, v in quasi.items() if k in valid)
    assert abs(theirs - m["m3_p_valid"]) < MTHREE_TOLERANCE, (theirs, m["m3_p_valid"])
    # The uniform median would give another answer.
    median = quzzle.score_experiment(
        job, out=tmp_path / "out2", mitigate="readout", noise="readout=0.02", trajectories=2
    ).depths[0]["mitigated"]
    assert abs(median["p_valid"] - m["p_valid"]) > 10 * MTHREE_TOLERANCE
