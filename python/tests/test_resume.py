"""``solve(resume=...)``: a stopped run goes on from its report, as ``quzzle solve --resume``."""

from __future__ import annotations

import json
from typing import Any

import pytest

import quzzle
from conftest import data, without_seconds

TANGO = "tiny-tango-4x4.txt"


def test_a_stopped_report_resumed_is_the_whole_run(tmp_path: Any) -> None:
    settings = dict(space="full", mixer="x", max_iters=10, noise=["aria"], trajectories=30)
    whole = quzzle.solve(data(TANGO), "1..3", **settings)
    whole.save(tmp_path / "whole")
    report = json.loads((tmp_path / "whole" / "solve.json").read_text())
    report["depths"] = report["depths"][:2]
    report["depths"][1]["noisy"][0]["p_valid"] = 0.125
    stopped = tmp_path / "stopped.json"
    stopped.write_text(json.dumps(report))
    resumed = quzzle.solve(data(TANGO), "1..3", resume=stopped, **settings)
    assert resumed["depths"][1]["noisy"][0]["p_valid"] == 0.125
    resumed.save(tmp_path / "resumed")
    again = json.loads((tmp_path / "resumed" / "solve.json").read_text())
    first = json.loads((tmp_path / "whole" / "solve.json").read_text())
    assert without_seconds(again["depths"][2]) == without_seconds(first["depths"][2])
    with pytest.raises(quzzle.InvalidArgument, match="other angles than this run's"):
        quzzle.solve(data(TANGO), "1..3", resume=stopped, **{**settings, "max_iters": 2})
