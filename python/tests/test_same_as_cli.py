"""Numbers from Python equal the command line's JSON bit for bit: on an instance of every
puzzle kind, on a block space with the XY mixer, with the Grover mixer, with the compact
encoding, and through qasm, sample and score."""

from __future__ import annotations

import csv
import json
import tempfile
from pathlib import Path
from typing import List, Optional

import pytest

import quzzle
from conftest import cli_json, data, run_cli, without_seconds

# (file, reduce, encoding, space, mixer): every puzzle kind, then block spaces and mixers.
CASES = [
    ("tiny-takuzu-4x4.txt", "paper", "onehot", None, None),
    ("tiny-tango-4x4.txt", "paper", "onehot", None, None),
    ("queens-4x4-handmade.txt", "paper", "onehot", None, None),
    ("starbattle-4x4-boxes.txt", "paper", "onehot", None, None),
    ("tents-4x4-handmade.txt", "none", "onehot", None, None),
    ("sudoku4-six-clues.txt", "clues", "onehot", None, None),
    ("sudoku4-six-clues.txt", "clues", "compact", None, None),
    ("nqueens-5-given.txt", "paper", "onehot", None, None),
    ("chess-3x3-coloured.txt", "paper", "onehot", None, None),
    ("maxchess-3x3-knights.txt", "paper", "onehot", None, None),
    ("gqueens-3x4-cylinder.txt", "paper", "onehot", None, None),
    ("queens-4x4-handmade.txt", "paper", "onehot", "rows", "xy-ring"),
    ("nqueens-5-given.txt", "paper", "onehot", "rows", "xy-complete"),
    ("tiny-tango-4x4.txt", "paper", "onehot", "rows", "grover"),
    ("queens-4x4-handmade.txt", "paper", "onehot", "rows", "grover"),
    ("tiny-takuzu-4x4.txt", "paper", "onehot", None, "grover"),
    ("queens-4x4-handmade.txt", "paper", "onehot", "rows+cols", "switch-ring"),
    ("nqueens-5-given.txt", "paper", "onehot", None, "switch-complete"),
]


def flags(reduce: str, encoding: str, space: Optional[str], mixer: Optional[str]) -> List[str]:
    out = ["--reduce", reduce, "--encoding", encoding]
    if space:
        out += ["--space", space]
    if mixer:
        out += ["--mixer", mixer]
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(x for x in c if x))
def test_solve_equals_cli(quzzle_bin: str, case: tuple) -> None:
    name, reduce, encoding, space, mixer = case
    path = data(name)
    cli = cli_json(quzzle_bin, ["solve", path, "--depths", "1..2", *flags(reduce, encoding, space, mixer)])
    enc = quzzle.load(path).encode(reduce=reduce, encoding=encoding)
    report = quzzle.solve(enc, depths=range(1, 3), space=space, mixer=mixer)
    assert without_seconds(report.to_dict()) == without_seconds(cli)
    # The records read the same numbers.
    assert [d.success_probability for d in report.depths] == [d["success_probability"] for d in cli["depths"]]


@pytest.mark.parametrize("case", CASES[:11], ids=lambda c: "-".join(x for x in c if x))
def test_info_equals_cli(quzzle_bin: str, case: tuple) -> None:
    name, reduce, encoding, _, _ = case
    path = data(name)
    cli = cli_json(quzzle_bin, ["info", path, "--reduce", reduce, "--encoding", encoding])
    assert quzzle.load(path).info(reduce=reduce, encoding=encoding) == cli


def test_decided_board_has_no_depths(quzzle_bin: str) -> None:
    path = data("tents-4x4-handmade.txt")
    cli = cli_json(quzzle_bin, ["solve", path])
    report = quzzle.solve(quzzle.load(path).encode())
    assert report.depths == [] and report.decided_board is not None
    assert without_seconds(report.to_dict()) == cli


def test_options_equal_cli(quzzle_bin: str) -> None:
    """Init, objective, optimiser, restarts, seed and noise reach the library as the flags do."""
    path = data("tiny-tango-4x4.txt")
    args = ["--init", "random", "--objective", "success", "--restarts", "2", "--seed", "7", "--max-iters", "30"]
    cli = cli_json(quzzle_bin, ["solve", path, "--depths", "2", *args, "--noise", "heron", "--trajectories", "8"])
    report = quzzle.solve(
        quzzle.load(path).encode(),
        depths=2,
        init="random",
        objective="success",
        restarts=2,
        seed=7,
        max_iters=30,
        noise="heron",
        trajectories=8,
    )
    assert without_seconds(report.to_dict()) == without_seconds(cli)
    # Truncated noise on weight sectors: the bracket and what was dropped, as the flag gives them.
    queens = data("queens-4x4-handmade.txt")
    flags = ["--space", "rows", "--mixer", "xy-ring", "--noise", "heron", "--trajectories", "40"]
    cli = cli_json(quzzle_bin, ["solve", queens, "--depths", "2", *flags, "--truncate", "exact"])
    report = quzzle.solve(
        quzzle.load(queens).encode(), depths=2, space="rows", mixer="xy-ring", noise="heron", trajectories=40, truncate="exact"
    )
    assert without_seconds(report.to_dict()) == without_seconds(cli)
    assert cli["depths"][0]["noisy"][0]["truncated"]["truncation"] == "exact"
    with pytest.raises(quzzle.QuzzleError, match="truncation"):
        quzzle.solve(quzzle.load(queens).encode(), depths=1, space="rows", mixer="xy-ring", noise="heron", truncate="deep")
    cli = cli_json(quzzle_bin, ["solve", path, "--depths", "1", "--optimizer", "nelder-mead", "--objective", "cvar:0.2"])
    report = quzzle.solve(quzzle.load(path).encode(), depths=[1], optimizer="nelder-mead", objective="cvar:0.2")
    assert without_seconds(report.to_dict()) == without_seconds(cli)


@pytest.mark.parametrize(
    "flavor,space,mixer",
    [("portable", None, None), ("ibm", None, None), ("ionq", None, None), ("portable", "rows", "xy-ring"), ("portable", "rows", "grover")],
)
def test_qasm_sample_score_equal_cli(quzzle_bin: str, flavor: str, space: Optional[str], mixer: Optional[str]) -> None:
    path = data("queens-4x4-handmade.txt")
    gammas, betas = [0.31, 0.52], [0.41, 0.17]
    enc = quzzle.load(path).encode()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "c.qasm"
        angles = ["--gammas", ",".join(map(str, gammas)), "--betas", ",".join(map(str, betas))]
        run_cli(quzzle_bin, ["qasm", path, "--depth", "2", *angles, "--flavor", flavor, "-o", str(out), *flags("paper", "onehot", space, mixer)])
        text, manifest = enc.qasm(gammas, betas, flavor=flavor, space=space, mixer=mixer, name="c.qasm")
        assert text == out.read_text()
        assert manifest == json.loads(out.with_suffix(".json").read_text())

        counts_file = Path(tmp) / "counts.json"
        run_cli(quzzle_bin, ["sample", str(out.with_suffix(".json")), "--shots", "3000", "--seed", "5", "--format", "qiskit", "-o", str(counts_file)])
        counts = quzzle.sample(manifest, 3000, seed=5, format="qiskit")
        assert counts == json.loads(counts_file.read_text())

        cli = cli_json(quzzle_bin, ["score", str(counts_file), "--manifest", str(out.with_suffix(".json")), "--format", "qiskit"])
        scored = quzzle.score(counts, manifest, format="qiskit")
        assert scored.to_dict() == cli


def test_device_times_equal_cli(quzzle_bin: str, tmp_path) -> None:
    path = data("queens-4x4-handmade.txt")
    cli = cli_json(quzzle_bin, ["solve", path, "--depths", "1..2", "--space", "rows", "--mixer", "xy-ring",
                                "--device", "heron,aria"])
    enc = quzzle.load(path).encode()
    report = quzzle.solve(enc, depths=range(1, 3), space="rows", mixer="xy-ring", device=["heron", "aria"])
    assert without_seconds(report.to_dict()) == without_seconds(cli)
    for d in cli["depths"]:
        assert [t["device"] for t in d["devices"]] == ["heron", "aria"]
        assert d["devices"][0]["tts99_seconds"] == d["shots_99"] * d["devices"][0]["shot_seconds"]
    with pytest.raises(quzzle.QuzzleError, match="no published gate and readout times"):
        quzzle.solve(enc, depths=1, device="forte")
    # A sweep's device columns, as the command line writes them.
    rows = quzzle.sweep([path], tmp_path / "py", depths="1..2", device="heron").rows
    run_cli(quzzle_bin, ["sweep", path, "--depths", "1..2", "--device", "heron", "--out", str(tmp_path / "cli"),
                         "--no-instance-plots"])
    with open(tmp_path / "cli" / "sweep.csv", newline="") as f:
        cli_rows = list(csv.DictReader(f))
    assert [r.to_dict()["tts99_seconds"] for r in rows] == [r["tts99_seconds"] for r in cli_rows]
    assert all(r["devices"] == "heron" for r in cli_rows)


def test_schedules_equal_cli(quzzle_bin: str, tmp_path: Path) -> None:
    """lr (optimised ramp scales), a fixed ramp, and transfer from another board's report."""
    path, other = data("tiny-tango-4x4.txt"), data("tango-4x4-qasm.txt")
    enc = quzzle.load(path).encode()
    for cli_args, kwargs in [
        (["--init", "lr"], {"init": "lr"}),
        (["--schedule", "lr:0.5,-0.25"], {"schedule": "lr:0.5,-0.25"}),
    ]:
        cli = cli_json(quzzle_bin, ["solve", path, "--depths", "1..3", *cli_args])
        report = quzzle.solve(enc, depths=range(1, 4), **kwargs)  # type: ignore[arg-type]
        assert without_seconds(report.to_dict()) == without_seconds(cli)
    lent = tmp_path / "other.json"
    lent.write_text(json.dumps(cli_json(quzzle_bin, ["solve", other, "--depths", "1..2"])))
    cli = cli_json(quzzle_bin, ["solve", path, "--depths", "1..3", "--schedule", "transfer", "--angles-from", str(lent)])
    report = quzzle.solve(enc, depths=range(1, 4), schedule="transfer", angles_from=lent)
    assert without_seconds(report.to_dict()) == without_seconds(cli)
    assert report.to_dict()["schedule"] == "transfer"
    with pytest.raises(quzzle.InvalidArgument, match="angles_from"):
        quzzle.solve(enc, init="transfer")


@pytest.mark.parametrize("start", ["uniform", "first-grid"])
def test_a_switch_start_is_the_command_lines(quzzle_bin: str, start: str) -> None:
    """``start=`` runs and records what ``--start`` does: on a grid the reduction cut, the
    simulation from either start equals the command line's, and a circuit of the uniform start
    is refused, naming the start that has one."""
    path = data("nqueens-5-given.txt")
    base = ["--depths", "1..2", "--reduce", "paper", "--space", "rows+cols", "--mixer", "switch-complete"]
    cli = cli_json(quzzle_bin, ["solve", path, *base, "--start", start])
    enc = quzzle.load(path).encode(reduce="paper")
    report = quzzle.solve(enc, depths=range(1, 3), space="rows+cols", mixer="switch-complete", start=start)
    assert without_seconds(report.to_dict()) == without_seconds(cli)
    assert report.to_dict()["start"] == start
    q = enc.qaoa(1, space="rows+cols", mixer="switch-complete", start=start)
    assert q.num_states == 9
    if start == "uniform":
        with pytest.raises(quzzle.QuzzleError, match="the first-grid start has a circuit"):
            enc.qasm([0.1], [0.2], space="rows+cols", mixer="switch-complete", start=start)
    else:
        _, manifest = enc.qasm([0.1], [0.2], space="rows+cols", mixer="switch-complete", start=start)
        assert manifest["start"] == "first-grid"


@pytest.mark.parametrize("name", ["queens-4x4-handmade.txt", "tiny-tango-4x4.txt", "nqueens-5-given.txt"])
def test_default_space_and_mixer_are_the_recommendation(quzzle_bin: str, name: str) -> None:
    """With neither space nor mixer, Python and the command line run what ``info`` recommends and
    say so in the report's ``chosen``; ``Encoding.qaoa`` simulates it, and ``Encoding.qasm``
    exports ``info``'s recommended circuit (the best among circuits that export)."""
    path = data(name)
    recommended = quzzle.info(path)["recommended"]
    cli = cli_json(quzzle_bin, ["solve", path, "--depths", "1", "--max-iters", "5"])
    enc = quzzle.load(path).encode()
    report = quzzle.solve(enc, depths=1, max_iters=5)
    assert without_seconds(report.to_dict()) == without_seconds(cli)
    assert (cli["space"], cli["mixer"]) == (recommended["space"], recommended["mixer"])
    assert cli["chosen"].startswith("recommended: ")
    circuit = quzzle.info(path)["recommended_circuit"]
    _, manifest = enc.qasm([0.1], [0.2])
    assert (manifest["space"], manifest["mixer"]) == (circuit["space"], circuit["mixer"])
    q = enc.qaoa(1)
    assert (q.space, q.mixer) == (recommended["space"], recommended["mixer"])
