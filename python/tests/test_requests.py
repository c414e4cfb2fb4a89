"""The request table (tests/data/request_cases.json) through the command line and through
Python: each case gets the same acceptance, the same normalised request and the same message
on both sides."""

from __future__ import annotations

import json
import re
import subprocess
from typing import Any, Dict, List, Tuple

import pytest

import quzzle
from conftest import ROOT

CASES: List[Dict[str, Any]] = json.loads((ROOT / "tests" / "data" / "request_cases.json").read_text())["cases"]

COMMANDS = {
    "solve": ["solve", "puzzle.txt"],
    "sweep": ["sweep", "puzzle.txt"],
    "export": ["qasm", "puzzle.txt"],
    "sample": ["sample", "puzzle.txt"],
    "score": ["score", "counts.json"],
    "predict": ["predict", "routed.qasm", "--manifest", "out.json"],
    "plan": ["plan", "puzzle.txt"],
    "anneal": ["anneal", "puzzle.txt"],
    "grover": ["grover", "puzzle.txt"],
    "info": ["info", "puzzle.txt"],
    "generate": ["generate", "queens", "--size", "5"],
}


def cli(binary: str, case: Dict[str, Any]) -> Tuple[bool, str]:
    done = subprocess.run(
        [binary, "--dry-run", *COMMANDS[case["job"]], *case["cli"]], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode == 0:
        return True, done.stdout
    assert "panicked" not in done.stderr
    return False, done.stderr.splitlines()[0].removeprefix("error: ")


def python(case: Dict[str, Any]) -> Tuple[bool, Any]:
    settings = dict(case["python"])
    if case["job"] == "sweep":
        # The command line's positional inputs.
        settings.setdefault("inputs", ["puzzle.txt"])
    try:
        return True, quzzle.request(case["job"], **settings)
    except quzzle.QuzzleError as e:
        return False, str(e)


def words(message: str, settings: Any = ()) -> str:
    """What both sides say, without who says it: the command line names a flag where Python
    names a setting (`--restarts 0: ...`, `restarts 0: ...`; the value itself is in the case's
    `error`), and clap names the flag of a value it parsed (`invalid value 'x' for '--reduce
    <LEVEL>': ...`)."""
    if message.startswith("invalid value '"):
        message = message.split("': ", 1)[1]
    # The flag or keyword argument to act on, named at the end: `(--angles-from)`, `(angles_from=)`.
    message = re.sub(r" \((--[\w-]+|\w+=)\)$", "", message)
    message = message.partition(": ")[2] or message
    # A typed setting's value Python refused names the setting (`seed: takes a whole number`)
    # where clap's message names the flag before it (stripped above).
    for name in settings:
        message = message.removeprefix(f"{name}: ")
    return message


def test_the_table_is_long_enough() -> None:
    assert len(CASES) >= 60
    assert {c["job"] for c in CASES} == set(COMMANDS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['job']} {' '.join(c['cli'])}")
def test_the_command_line_and_python_agree(quzzle_bin: str, case: Dict[str, Any]) -> None:
    cli_ok, cli_out = cli(quzzle_bin, case)
    py_ok, py_out = python(case)
    assert cli_ok == py_ok, (cli_out, py_out)
    if "error" in case:
        assert not py_ok
        assert case["error"] in cli_out and case["error"] in py_out, (cli_out, py_out)
        assert words(cli_out) == words(py_out, case["python"]), (cli_out, py_out)
    else:
        assert py_ok, py_out
        cli_request = json.loads(cli_out)
        assert cli_request == py_out
        for key, want in case["expect"].items():
            assert py_out[key] == want, key


def test_a_whole_float_is_a_depth() -> None:
    assert quzzle.request("solve", depths=[2.0, 1])["depths"] == [1, 2]


def test_an_unknown_setting_is_named() -> None:
    with pytest.raises(quzzle.InvalidArgument, match="resets"):
        quzzle.request("solve", resets=3)


def test_an_unknown_job_is_named() -> None:
    with pytest.raises(quzzle.InvalidArgument, match="unknown job `solver`"):
        quzzle.request("solver")


@pytest.mark.parametrize("depths", [[1.9, 2.9], [True], 2.5, [None], ["2"]])
def test_depths_that_are_not_whole_numbers_are_refused(depths: Any) -> None:
    with pytest.raises(quzzle.InvalidArgument, match="whole number of layers"):
        quzzle.request("solve", depths=depths)
