"""The type stubs match the extension module (mypy's stubtest), and the package type-checks
under `mypy --strict` with them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "quzzle"

pytest.importorskip("mypy")


def test_stubs_match_the_module() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy.stubtest", "quzzle._native"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_package_type_checks_strictly() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(PACKAGE)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
