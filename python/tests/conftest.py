"""Shared fixtures: the repository's puzzle files and the `quzzle` binary the numbers are
compared with (QUZZLE_BIN, or target/release/quzzle of this repository; CI sets QUZZLE_BIN to
the one `cargo test` built)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, List

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def data(name: str) -> str:
    """A puzzle file of tests/data, as a path relative to the repository root (so that the
    command line and Python record the same `file`)."""
    path = DATA / name
    assert path.is_file(), path
    return os.path.relpath(path, ROOT)


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="session")
def quzzle_bin() -> str:
    path = os.environ.get("QUZZLE_BIN") or str(ROOT / "target" / "release" / "quzzle")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no quzzle binary at {path}: run `cargo build --release` or set QUZZLE_BIN")
    return path


def run_cli(binary: str, args: List[str]) -> str:
    done = subprocess.run([binary, *args], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"quzzle {' '.join(args)} failed: {done.stderr}"
    return done.stdout


def cli_json(binary: str, args: List[str]) -> Any:
    return json.loads(run_cli(binary, [*args, "--json"]))


def without_seconds(report: Any) -> Any:
    """A report without its wall-clock times (`seconds`, at any depth: the only fields that
    differ run to run)."""
    if isinstance(report, dict):
        return {k: without_seconds(v) for k, v in report.items() if k != "seconds"}
    if isinstance(report, list):
        return [without_seconds(v) for v in report]
    return report
