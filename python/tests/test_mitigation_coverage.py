"""Coverage of the readout-mitigated P(valid) (issue 79): over 1,000 synthetic datasets — counts
drawn from the exact output distribution of exported circuits of three widths, each bit
misread at per-qubit rates as devices give them (heron-like about 1.5 %, aria-like about
0.5 %, with p(0|1) > p(1|0)), 1,000 to 10,000 shots — the 95 % interval of `score DIR
--mitigate readout` holds the truth at its stated rate (binomial tolerance), the estimate is
unbiased against the truth, and M3's value beside it (`m3_p_valid`) is what the `mthree`
package computes on the same counts."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from conftest import data, run_cli

np = pytest.importorskip("numpy")
qiskit = pytest.importorskip("qiskit")
pytest.importorskip("qiskit_qasm3_import")
mthree = pytest.importorskip("mthree")
from qiskit.quantum_info import Statevector  # noqa: E402

# Three widths (board qubits as exported at the default reduction).
PUZZLES = ["tiny-tango-4x4.txt", "queens-4x4-handmade.txt", "nqueens-5-given.txt"]
DEPTHS = 6
CALLS_PER_PUZZLE = 56  # 3 × 56 calls × 6 depths = 1,008 datasets
SHOTS = [1000, 2000, 5000, 10000]
# Most datasets small, so that the suite stays quick (M3 beside the estimate costs the square
# of the distinct strings).
SHOTS_WEIGHTS = [0.45, 0.35, 0.15, 0.05]
CONFIDENCE = 0.95
# mthree's M3 in single precision against quzzle's in double.
MTHREE_TOLERANCE = 1e-4
MTHREE_DATASETS = 30


def rates(rng: "np.random.Generator", n: int) -> List[Tuple[float, float]]:
    """Per-qubit (p(1|0), p(0|1)): heron-like or aria-like, p(0|1) the larger."""
    if rng.random() < 0.5:
        p10 = rng.uniform(0.004, 0.012, n)
        p01 = p10 * rng.uniform(1.3, 2.5, n)
    else:
        p10 = rng.uniform(0.001, 0.004, n)
        p01 = p10 * rng.uniform(1.0, 2.5, n)
    return list(zip(p10.tolist(), p01.tolist()))


def calibration(errors: List[Tuple[float, float]]) -> Dict[str, object]:
    return {
        "backend_name": "ibm_synthetic",
        "qubits": [
            [{"name": "prob_meas1_prep0", "value": p10}, {"name": "prob_meas0_prep1", "value": p01}]
            for p10, p01 in errors
        ],
        "gates": [
            {"gate": "sx", "qubits": [0], "parameters": [{"name": "gate_error", "value": 2e-4}]},
            {"gate": "cz", "qubits": [0, 1], "parameters": [{"name": "gate_error", "value": 4e-3}]},
        ],
    }


def distribution(qasm: Path) -> "np.ndarray":
    """The exact probability of each basis state k (qubit q is bit q of k)."""
    circuit = qiskit.qasm3.loads(qasm.read_text())
    circuit.remove_final_measurements()
    return np.asarray(Statevector(circuit).probabilities())


def draw(rng: "np.random.Generator", probs: "np.ndarray", n: int, shots: int,
         errors: List[Tuple[float, float]]) -> Dict[int, int]:
    """`shots` states drawn from `probs`, each bit then misread at its qubit's rates."""
    states = rng.choice(len(probs), size=shots, p=probs / probs.sum())
    bits = (states[:, None] >> np.arange(n)) & 1
    p10 = np.array([e[0] for e in errors])
    p01 = np.array([e[1] for e in errors])
    flip = rng.random((shots, n)) < np.where(bits == 1, p01, p10)
    read = states ^ (flip.astype(np.int64) << np.arange(n)).sum(axis=1)
    keys, counts = np.unique(read, return_counts=True)
    return dict(zip(keys.tolist(), counts.tolist()))


def test_mitigated_interval_covers_the_truth_at_its_stated_rate(quzzle_bin: str, tmp_path: Path) -> None:
    rng = np.random.default_rng(79)
    covered, datasets, errors_vs_truth, m3_errors, mthree_checked = 0, 0, [], [], 0
    widths = set()
    for puzzle in PUZZLES:
        job = tmp_path / puzzle.replace(".txt", "")
        run_cli(quzzle_bin, ["qasm", data(puzzle), "--space", "full", "--mixer", "x", "--depths", f"1..{DEPTHS}", "--optimize", "-o", str(job)])
        depths = []
        for p in range(1, DEPTHS + 1):
            manifest = json.loads((job / f"p{p:02}.json").read_text())
            n, board = manifest["qubits"], len(manifest["valid_bitstrings"][0])
            assert manifest["valid_bitstrings_complete"]
            probs = distribution(job / f"p{p:02}.qasm")
            valid = {int(b[::-1], 2) for b in manifest["valid_bitstrings"]}
            mask = (1 << board) - 1
            truth = float(sum(pr for k, pr in enumerate(probs) if (k & mask) in valid))
            assert abs(truth - manifest["success_probability"]) < 1e-9, (puzzle, p)
            depths.append((n, probs, valid, mask, truth))
        widths.add(depths[0][0])
        for call in range(CALLS_PER_PUZZLE):
            n = depths[0][0]
            errors = rates(rng, n)
            cal = job / "cal.json"
            cal.write_text(json.dumps(calibration(errors)))
            drawn = []
            for p, (_, probs, valid, mask, truth) in enumerate(depths, start=1):
                shots = int(rng.choice(SHOTS, p=SHOTS_WEIGHTS))
                counts = draw(rng, probs, n, shots, errors)
                keys = {format(k, f"0{n}b")[::-1]: c for k, c in counts.items()}
                (job / f"p{p:02}.counts.json").write_text(json.dumps(
                    {"format": "quzzle-counts", "counts": keys,
                     "run": {"provider": "ibm", "measured_qubits": list(range(n))}}))
                drawn.append(counts)
            scored = json.loads(run_cli(quzzle_bin, [
                "score", str(job), "--mitigate", "readout", "--noise", f"calibration:{cal}",
                "--trajectories", "2", "--out", str(tmp_path / "out"), "--json"]))
            for d, counts, (_, probs, valid, mask, truth) in zip(scored["depths"], drawn, depths):
                m = d["mitigated"]
                assert m["estimator"] == "tensor-inverse"
                low, high = m["interval"]
                assert low <= m["p_valid"] <= high and low < high, m
                covered += low <= truth <= high
                datasets += 1
                errors_vs_truth.append(m["linear_p_valid"] - truth)
                m3_errors.append(m["m3_p_valid"] - truth)
                if mthree_checked < MTHREE_DATASETS and call % 5 == 0:
                    mit = mthree.M3Mitigation(None)
                    mit.cals_from_matrices(
                        [np.array([[1 - p10, p01], [p10, 1 - p01]]) for p10, p01 in errors])
                    qiskit_counts = {format(k, f"0{n}b"): c for k, c in counts.items()}
                    quasi = mit.apply_correction(qiskit_counts, list(range(n)), distance=3, method="direct")
                    theirs = sum(v for k, v in quasi.items() if (int(k, 2) & mask) in valid)
                    assert abs(theirs - m["m3_p_valid"]) < MTHREE_TOLERANCE, (theirs, m["m3_p_valid"])
                    mthree_checked += 1
    assert datasets >= 1000 and len(widths) == 3 and mthree_checked == MTHREE_DATASETS, (datasets, widths)
    rate = covered / datasets
    spread = math.sqrt(CONFIDENCE * (1 - CONFIDENCE) / datasets)
    # Unbiased against the truth: the mean error within 3 standard errors of the mean of zero
    # (M3's, beside it, is biased low: printed, not asserted).
    z, m3 = np.array(errors_vs_truth), np.array(m3_errors)
    print(f"coverage {rate:.3f} over {datasets} datasets; mean error {z.mean():+.2e} "
          f"(s.e. {z.std() / math.sqrt(datasets):.1e}); M3's {m3.mean():+.2e}")
    assert abs(rate - CONFIDENCE) <= 3 * spread, (rate, CONFIDENCE, spread)
    assert abs(z.mean()) < 3 * z.std() / math.sqrt(datasets), (z.mean(), z.std())
