"""`quzzle anneal` against dwave-samplers' SimulatedAnnealingSampler on the same reduced model:
the Ising form quzzle builds its circuit from, the same reads, sweeps, β range and geometric
schedule. The random streams differ, so P(valid) per read and the mean final energy must agree
within sampling error (|z| < 4), not read by read."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import quzzle
from conftest import data, run_cli

dimod = pytest.importorskip("dimod")
samplers = pytest.importorskip("dwave.samplers")

READS = 3000
CASES = [
    # (file, sweeps): few sweeps, so that P(valid) is far from 0 and 1 and the comparison bites.
    ("tiny-tango-4x4.txt", 10),
    ("tiny-tango-4x4.txt", 100),
    ("queens-4x4-handmade.txt", 20),
    ("takuzu-4x4-qasm.txt", 10),
]


def proportion_z(a: float, b: float, n: int) -> float:
    pooled = (a + b) / 2
    spread = math.sqrt(max(2 * pooled * (1 - pooled) / n, 1e-300))
    return (a - b) / spread


@pytest.mark.parametrize("name,sweeps", CASES)
def test_anneal_agrees_with_dwave_samplers(quzzle_bin: str, name: str, sweeps: int) -> None:
    ours = json.loads(run_cli(quzzle_bin, ["anneal", data(name), "--reads", str(READS), "--sweeps", str(sweeps), "--seed", "1", "--json"]))
    enc = quzzle.load(data(name)).encode(reduce="paper")
    h, J, offset = enc.ising()
    n = enc.num_qubits
    bqm = dimod.BinaryQuadraticModel.from_ising(
        {q: float(h[q]) for q in range(n)},
        {(a, b): float(J[a, b]) for a in range(n) for b in range(a + 1, n) if J[a, b] != 0},
        offset,
    )
    # Without a given range both take their default rule: the ranges must be the same numbers.
    result = samplers.SimulatedAnnealingSampler().sample(
        bqm, num_reads=READS, num_sweeps=sweeps, beta_schedule_type="geometric", seed=11
    )
    info_range = result.info["beta_range"]
    assert ours["beta_range"] == pytest.approx(list(info_range), rel=1e-12)
    # z = +1 is bit 0: a spin of -1 is a 1.
    columns = [list(result.variables).index(q) for q in range(n)]
    spins = result.record.sample[:, columns]
    valid = [enc.is_valid([bool(s < 0) for s in row]) for row in spins]
    counts = result.record.num_occurrences
    theirs_valid = sum(int(c) for v, c in zip(valid, counts) if v) / READS
    theirs_energy = float(np.dot(result.record.energy, counts)) / READS
    z = proportion_z(ours["p_valid"], theirs_valid, READS)
    assert abs(z) < 4, (name, sweeps, ours["p_valid"], theirs_valid, z)
    energies = np.repeat(result.record.energy, counts)
    ours_energies = np.repeat([e["energy"] for e in ours["energies"]], [e["reads"] for e in ours["energies"]])
    spread = math.sqrt(energies.var() / READS + ours_energies.var() / READS) or 1e-300
    assert abs(ours["mean_energy"] - theirs_energy) / spread < 4, (ours["mean_energy"], theirs_energy)
    print(f"{name} sweeps {sweeps}: P(valid) quzzle {ours['p_valid']:.4f}, dwave {theirs_valid:.4f}; "
          f"mean energy quzzle {ours['mean_energy']:.4f}, dwave {theirs_energy:.4f}; range {ours['beta_range']}")


def test_block_space_reads_keep_every_count(quzzle_bin: str) -> None:
    report = json.loads(run_cli(quzzle_bin, ["anneal", data("queens-4x4-handmade.txt"), "--space", "rows", "--reads", "500", "--sweeps", "20", "--json"]))
    full = json.loads(run_cli(quzzle_bin, ["anneal", data("queens-4x4-handmade.txt"), "--reads", "500", "--sweeps", "20", "--json"]))
    assert report["space"] == "rows" and report["dimension"] == 256
    # Every read keeps one queen per row, so no final energy pays a row penalty: the worst is
    # below the full space's worst, and the rows make the search easier at equal sweeps.
    assert max(e["energy"] for e in report["energies"]) <= max(e["energy"] for e in full["energies"])
    assert report["p_valid"] > full["p_valid"]
