"""`quzzle.score_experiment` scores an experiment folder as `quzzle score DIR` does: the same
JSON, and hardware.json and hardware.csv (and the figure, where the extension has plots) the
same bytes; the verdicts of its boards are spelled as `Encoding.verdict` spells them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import quzzle
from conftest import data, run_cli

PUZZLE = "tiny-tango-4x4.txt"
FILES = ["hardware.json", "hardware.csv", "hardware_vs_depth.svg", "hardware_vs_depth.png"]


def experiment(quzzle_bin: str, job: Path, sampled: list[int]) -> None:
    """An experiment folder at depths 1..3 with counts sampled for the depths `sampled`."""
    run_cli(quzzle_bin, ["qasm", data(PUZZLE), "--depths", "1..3", "--optimize", "--noise", "heron",
                         "--trajectories", "20", "-o", str(job)])
    for p in sampled:
        run_cli(quzzle_bin, ["sample", str(job / f"p{p:02}.json"), "--shots", "2000", "--seed", str(p),
                             "--format", "sampler", "-o", str(job / f"p{p:02}.counts.json")])


def test_score_experiment_equals_cli_byte_for_byte(quzzle_bin: str, tmp_path: Path) -> None:
    job = tmp_path / "job"
    experiment(quzzle_bin, job, [1, 2])
    cli_out, py_out = tmp_path / "cli", tmp_path / "py"
    args = ["--noise", "aria", "--trajectories", "10", "--confidence", "0.99", "--top", "5"]
    printed = run_cli(quzzle_bin, ["score", str(job), "--out", str(cli_out), *args, "--json"])
    scored = quzzle.score_experiment(job, out=py_out, noise="aria", trajectories=10, confidence=0.99, top=5)
    assert isinstance(scored, quzzle.Record)
    assert scored.to_dict() == json.loads(printed)
    assert scored.missing == [3]
    assert [n["model"] for n in scored.depths[0]["noisy"]] == ["heron", "aria"]
    # hardware.json is what --json prints; every file Python wrote is the command line's.
    assert (py_out / "hardware.json").read_text() == printed
    written = [f for f in FILES if (py_out / f).exists()]
    assert written[:2] == ["hardware.json", "hardware.csv"]
    for name in written:
        assert (py_out / name).read_bytes() == (cli_out / name).read_bytes(), name

    # With the readout correction (the index's heron readout rate): the same bytes again.
    cli_m, py_m = tmp_path / "cli-m", tmp_path / "py-m"
    printed = run_cli(quzzle_bin, ["score", str(job), "--out", str(cli_m), "--mitigate", "readout", "--json"])
    scored = quzzle.score_experiment(job, out=py_m, mitigate="readout")
    assert scored.to_dict() == json.loads(printed)
    assert [d["mitigated"]["readout_model"] for d in scored.depths] == ["heron", "heron"]
    for name in FILES:
        if (cli_m / name).exists():
            assert (py_m / name).read_bytes() == (cli_m / name).read_bytes(), name

    # No `out`: into the folder itself, as `score DIR` without --out.
    copy = tmp_path / "copy"
    shutil.copytree(job, copy)
    run_cli(quzzle_bin, ["score", str(job), "--format", "sampler"])
    quzzle.score_experiment(copy, format="sampler")
    for name in FILES:
        if (copy / name).exists():
            assert (copy / name).read_bytes() == (job / name).read_bytes(), name


def test_verdicts_are_spelled_as_reports_spell_them(quzzle_bin: str, tmp_path: Path) -> None:
    job = tmp_path / "job"
    experiment(quzzle_bin, job, [1])
    scored = quzzle.score_experiment(job, top=1000)
    enc = quzzle.load(data(PUZZLE)).encode()
    boards = scored.depths[0]["top"]
    assert {b["verdict"] for b in boards} >= {"valid", "invalid"}
    for b in boards:
        assert enc.verdict(b["bitstring"]) == b["verdict"], b
        assert enc.is_valid(b["bitstring"]) == (b["verdict"] == "valid")
    # Takuzu's distinct-rows rule is not in the cost: a board breaking only it says so.
    takuzu = quzzle.load(data("tiny-takuzu-4x4.txt")).encode(reduce="none")
    assert takuzu.num_qubits <= 20
    verdicts = {takuzu.verdict(k) for k in range(2**takuzu.num_qubits)}
    assert verdicts == {"valid", "breaks_only_non_qubo", "invalid"}


def test_score_experiment_errors(quzzle_bin: str, tmp_path: Path) -> None:
    job = tmp_path / "job"
    experiment(quzzle_bin, job, [])
    with pytest.raises(quzzle.InvalidArgument, match="no depth has its counts"):
        quzzle.score_experiment(job)
    with pytest.raises(quzzle.InvalidArgument, match="strictly between 0 and 1"):
        quzzle.score_experiment(job, confidence=1.5)
    with pytest.raises(quzzle.InvalidArgument, match="counts format"):
        quzzle.score_experiment(job, format="binary")
    with pytest.raises(quzzle.InvalidArgument, match="mitigation"):
        quzzle.score_experiment(job, mitigate="parity")
    with pytest.raises(quzzle.InvalidArgument, match="has no readout error"):
        quzzle.score_experiment(job, mitigate="readout", noise="p1=0.001", trajectories=2)
    assert not (job / "hardware.json").exists()
