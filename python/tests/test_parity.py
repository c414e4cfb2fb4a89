"""Python against the command line: the same request gives the same JSON or the same bytes
(issue 59: Python can do what the command line does, through the same requests)."""

import json
from pathlib import Path
from typing import List

import pytest

import quzzle

from conftest import cli_json, data, run_cli, without_seconds


def test_generate_gives_the_bytes_generate_writes(quzzle_bin: str, tmp_path: Path) -> None:
    texts = quzzle.generate("queens", 5, count=3, seed=4)
    out = tmp_path / "puzzles"
    run_cli(quzzle_bin, ["generate", "queens", "--size", "5", "--count", "3", "--seed", "4", "-o", str(out)])
    written = sorted(p.name for p in out.iterdir())
    assert written == ["queens-5-seed4.txt", "queens-5-seed5.txt", "queens-5-seed6.txt"]
    assert [(out / name).read_text() for name in written] == texts
    # One puzzle to stdout is the same text as the first of a batch.
    assert run_cli(quzzle_bin, ["generate", "queens", "--size", "5", "--seed", "4"]) == texts[0]
    assert quzzle.parse(texts[0]).kind == "queens"


def test_generate_refuses_as_the_command_line_does() -> None:
    with pytest.raises(quzzle.QuzzleError, match="a count of 0 puzzles"):
        quzzle.generate("queens", 5, count=0)
    with pytest.raises(quzzle.QuzzleError, match="kind"):
        quzzle.generate("sudoku9", 9)


def test_generate_request_is_the_dry_run(quzzle_bin: str) -> None:
    cli = json.loads(run_cli(quzzle_bin, ["--dry-run", "generate", "tango", "--size", "6", "--count", "2"]))
    assert quzzle.request("generate", kind="tango", size=6, count=2) == cli


def test_anneal_is_anneal_json(quzzle_bin: str) -> None:
    file = data("nqueens-4.txt")
    cli = cli_json(quzzle_bin, ["anneal", file, "--reads", "50", "--sweeps", "40", "--seed", "3"])
    got = quzzle.anneal(file, reads=50, sweeps=40, seed=3).to_dict()
    # Wall-clock times differ run to run; everything else is the same.
    timed = {"seconds", "wall_seconds_per_read", "seconds_per_read", "tts99_seconds"}
    assert {k: v for k, v in got.items() if k not in timed} == {k: v for k, v in cli.items() if k not in timed}


def test_plan_is_plan_json(quzzle_bin: str, tmp_path: Path) -> None:
    file = data("takuzu-4x4-qasm.txt")
    args = ["--device", "heron", "--depths", "1..2", "--trajectories", "30", "--space", "rows", "--anneal-reads", "20"]
    cli = cli_json(quzzle_bin, ["plan", file, *args])
    got = quzzle.plan(
        file, device="heron", depths="1..2", trajectories=30, space="rows", anneal_reads=20, out=tmp_path / "plan"
    ).to_dict()
    # Wall-clock times differ run to run (the whole plan's, and annealing's CPU seconds).
    for report in (got, cli):
        report.pop("seconds")
        report["anneal"].pop("tts99_seconds")
    assert got == cli
    assert {"plan.json", "plan.csv", "plan.svg", "plan.png"} <= {p.name for p in (tmp_path / "plan").iterdir()}
    with pytest.raises(quzzle.QuzzleError, match="carry no gate times"):
        quzzle.plan(file, device="p1=0.001,p2=0.01,readout=0.02")


def test_report_to_pandas_has_the_uniform_baseline() -> None:
    pandas = pytest.importorskip("pandas")
    assert pandas is not None
    enc = quzzle.load(data("nqueens-4.txt")).encode()
    report = quzzle.solve(enc, depths=[1, 2], max_iters=20)
    frame = report.to_pandas()
    assert list(frame["uniform_baseline"]) == [report.uniform_baseline] * 2


def test_report_save_writes_the_bytes_of_solve_out(quzzle_bin: str, tmp_path: Path) -> None:
    file = data("nqueens-4.txt")
    cli_dir = tmp_path / "cli"
    run_cli(quzzle_bin, ["solve", file, "--depths", "1,2", "--max-iters", "20", "--json", "--out", str(cli_dir)])
    report = quzzle.solve(quzzle.load(file).encode(), depths=[1, 2], max_iters=20)
    written = report.save(tmp_path / "py")
    names = ["solve.json", "depths.csv", "success_vs_depth.svg", "success_vs_depth.png"]
    assert [Path(p).name for p in written] == names
    # The figure is drawn from the same data: the same bytes.
    for name in names[2:]:
        assert (tmp_path / "py" / name).read_bytes() == (cli_dir / name).read_bytes(), name
    py_json = json.loads((tmp_path / "py" / "solve.json").read_text())
    cli_json_ = json.loads((cli_dir / "solve.json").read_text())
    assert without_seconds(py_json) == without_seconds(cli_json_)
    # depths.csv: the same header and rows, bar the seconds column.
    def rows(path: Path) -> List[List[str]]:
        lines = [line.split(",") for line in path.read_text().splitlines()]
        i = lines[0].index("seconds")
        return [line[:i] + line[i + 1 :] for line in lines]

    assert rows(tmp_path / "py" / "depths.csv") == rows(cli_dir / "depths.csv")


def test_report_plot_and_a_pickled_report_saves(tmp_path: Path) -> None:
    import pickle

    enc = quzzle.load(data("nqueens-4.txt")).encode()
    report = pickle.loads(pickle.dumps(quzzle.solve(enc, depths=[1, 2], max_iters=20)))
    assert [Path(p).name for p in report.save(tmp_path)][:2] == ["solve.json", "depths.csv"]
    pytest.importorskip("matplotlib")
    report.plot(tmp_path / "success_vs_depth.png")
    assert (tmp_path / "success_vs_depth.png").stat().st_size > 0
