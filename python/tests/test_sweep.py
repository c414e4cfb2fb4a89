"""sweep from Python: the command line's rows, a progress event per row, resuming, and an
exception raised by the callback."""

from __future__ import annotations

import csv

import pytest

import quzzle
from conftest import data, run_cli

FILES = ["tiny-tango-4x4.txt", "takuzu-4x4-qasm.txt"]


def rows_of(path) -> list:
    with open(path, newline="") as f:
        return [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(f)]


def test_sweep_rows_progress_and_resume(quzzle_bin: str, tmp_path) -> None:
    files = [data(f) for f in FILES]
    events = []
    result = quzzle.sweep(files, tmp_path / "py", depths="1..2", init=["ramp", "interp"], progress=events.append)
    assert len(result.rows) == 2 * 2 * 2
    rows = [e for e in events if e["event"] == "row"]
    assert len(rows) == 8 and not any(e["resumed"] for e in rows)
    assert rows[-1]["done"] == pytest.approx(rows[-1]["total"])
    assert [e["row"] for e in rows] == [r.to_dict() for r in result.rows]
    run_cli(quzzle_bin, ["sweep", *files, "--depths", "1..2", "--init", "all", "--out", str(tmp_path / "cli"), "--no-instance-plots"])
    cli = rows_of(tmp_path / "cli" / "sweep.csv")
    ours = rows_of(result.csv)
    assert ours == [r for r in cli if r["init"] in ("ramp", "interp")]
    # A rerun resumes: nothing computed again, the same rows.
    events.clear()
    again = quzzle.sweep(files, tmp_path / "py", depths="1..2", init=["ramp", "interp"], progress=events.append)
    assert all(e["resumed"] for e in events if e["event"] == "row")
    assert [r.to_dict() for r in again.rows] == [r.to_dict() for r in result.rows]
    frame = pytest.importorskip("pandas") and again.to_pandas()
    assert len(frame) == 8


def test_an_exception_in_the_callback_is_raised_after_the_sweep(tmp_path) -> None:
    def fail(event) -> None:
        raise KeyError("stop here")

    with pytest.raises(KeyError, match="stop here"):
        quzzle.sweep([data(FILES[0])], tmp_path, depths=1, progress=fail)
    # The folder's lock was released: a second sweep runs.
    assert len(quzzle.sweep([data(FILES[0])], tmp_path, depths=1).rows) == 1


def test_skipped_instances_are_reported(tmp_path) -> None:
    events = []
    result = quzzle.sweep(
        [data("queens-4x4-handmade.txt")], tmp_path, depths=1, max_qubits=8, space="full", mixer="x", progress=events.append
    )
    assert result.rows == []
    skipped = [e for e in events if e["event"] == "skipped"]
    assert len(skipped) == 1 and "queens-4x4-handmade" in skipped[0]["file"]


def test_sweep_schedules_equal_the_cli(quzzle_bin: str, tmp_path) -> None:
    """lr, a fixed ramp, and leave-one-out transfer from a sweep table, as the command line."""
    files = [data(f) for f in ["tiny-tango-4x4.txt", "tango-4x4-qasm.txt"]]
    own = quzzle.sweep(files, tmp_path / "own", depths="1..2", init="lr")
    assert {r.to_dict()["init"] for r in own.rows} == {"lr"}
    interp = quzzle.sweep(files, tmp_path / "interp", depths="1..2")
    cases = [
        ("ramp", {"schedule": "lr:0.5,-0.25"}, ["--schedule", "lr:0.5,-0.25"]),
        ("lent", {"schedule": "transfer", "angles_from": interp.csv}, ["--schedule", "transfer", "--angles-from", interp.csv]),
    ]
    for name, kwargs, flags in cases:
        ours = quzzle.sweep(files, tmp_path / name, depths="1..3", **kwargs)  # type: ignore[arg-type]
        run_cli(quzzle_bin, ["sweep", *files, "--depths", "1..3", *flags, "--out", str(tmp_path / f"cli-{name}"), "--no-instance-plots"])
        assert rows_of(ours.csv) == rows_of(tmp_path / f"cli-{name}" / "sweep.csv")
    with pytest.raises(quzzle.InvalidArgument, match="angles_from"):
        quzzle.sweep(files, tmp_path / "none", depths=1, init="transfer")
