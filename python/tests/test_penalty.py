"""Penalty overrides from Python (docs/lp.md, "Penalties"): ``penalty={"NAME": W}`` gives the
cost, reports and refusals of ``--penalty NAME=W``."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

import quzzle
from conftest import cli_json, data, run_cli, without_seconds

LP = "lp/assignment-3x3.lp"
WEIGHTS = {"*": 0.5, "worker_0": 3, "job_2": 1.5}


def flags(weights: Dict[str, Any]) -> List[str]:
    out: List[str] = []
    for k, v in weights.items():
        out += ["--penalty", f"{k}={v}"]
    return out


def test_the_cost_and_info_are_the_command_lines(quzzle_bin: str) -> None:
    enc = quzzle.encode(data(LP), penalty=WEIGHTS)
    cli = json.loads(run_cli(quzzle_bin, ["ising", data(LP), *flags(WEIGHTS)]))
    h, j, offset = enc.ising()
    assert list(h) == cli["h"] and offset == cli["offset"]
    assert json.loads(run_cli(quzzle_bin, ["ising", data(LP)])) != cli
    info = quzzle.info(data(LP), penalty=WEIGHTS)
    assert info == cli_json(quzzle_bin, ["info", data(LP), *flags(WEIGHTS)])
    assert info["penalty"] == {"*": 0.5, "job_2": 1.5, "worker_0": 3.0}
    assert {c["name"]: c["penalty"] for c in info["model"]["constraints"]} == {
        "worker_0": 3.0, "worker_1": 0.5, "worker_2": 0.5, "job_0": 0.5, "job_1": 0.5, "job_2": 1.5,
    }


def test_solve_qasm_and_anneal_record_the_overrides(quzzle_bin: str) -> None:
    report = quzzle.solve(data(LP), "1..2", penalty=WEIGHTS)
    cli = cli_json(quzzle_bin, ["solve", data(LP), "--depths", "1..2", *flags(WEIGHTS)])
    assert without_seconds(report.to_dict()) == without_seconds(cli)
    assert cli["penalty"] == {"*": 0.5, "job_2": 1.5, "worker_0": 3.0}
    _, manifest = quzzle.qasm(data(LP), p=1, optimize=True, penalty=WEIGHTS)
    assert manifest["penalty"] == cli["penalty"]
    annealed = quzzle.anneal(data(LP), reads=20, sweeps=20, penalty=WEIGHTS)
    assert annealed["penalty"] == cli["penalty"]
    assert quzzle.request("anneal", penalty=WEIGHTS)["penalty"] == cli["penalty"]


@pytest.mark.parametrize(
    "weights, words",
    [
        ({"nowhere": 2}, "penalty `nowhere`: no constraint is named so"),
        ({"job_0": 0}, "penalty `job_0=0`: the weight must be a finite number above 0"),
        ({"job_0": -1.5}, "not `-1.5`"),
        ({"job_0": float("nan")}, "not `NaN`"),
        ({"job_0": float("inf")}, "not `inf`"),
        ({"job_0": "two"}, "not `two`"),
        ({"": 2}, "penalty `=2`: give NAME=WEIGHT"),
    ],
)
def test_a_bad_override_is_refused_with_the_command_lines_words(weights: Dict[str, Any], words: str) -> None:
    with pytest.raises(quzzle.InvalidArgument, match=None) as e:
        quzzle.encode(data(LP), penalty=weights)
    assert words in str(e.value)
    with pytest.raises(quzzle.InvalidArgument) as e2:
        quzzle.anneal(data(LP), reads=5, sweeps=5, penalty=weights)
    assert words in str(e2.value)


def test_an_encoding_keeps_its_own_weights() -> None:
    enc = quzzle.encode(data(LP))
    with pytest.raises(quzzle.InvalidArgument, match="give them to encode"):
        quzzle.solve(enc, "1", penalty={"*": 2})


def test_a_sweep_takes_the_overrides_as_the_command_line(quzzle_bin: str, tmp_path: Any) -> None:
    import csv

    common = ["--depths", "1..2", "--max-iters", "3", "--space", "full", "--mixer", "x"]
    run_cli(quzzle_bin, ["sweep", data(LP), "--out", str(tmp_path / "cli"), "--no-instance-plots", *common, *flags(WEIGHTS)])
    with open(tmp_path / "cli" / "sweep.csv", newline="") as f:
        cli = list(csv.DictReader(f))
    got = quzzle.sweep(data(LP), tmp_path / "py", depths="1..2", max_iters=3, space="full", mixer="x", penalty=WEIGHTS)
    assert [float(r["energy"]) for r in cli] == [r["energy"] for r in got.rows]
    plain = quzzle.sweep(data(LP), tmp_path / "plain", depths="1..2", max_iters=3, space="full", mixer="x")
    assert [r["energy"] for r in plain.rows] != [r["energy"] for r in got.rows]
    # Other overrides do not resume the rows of these.
    with pytest.raises(quzzle.QuzzleError, match="penalty"):
        quzzle.sweep(data(LP), tmp_path / "py", depths="1..2", max_iters=3, space="full", mixer="x")
