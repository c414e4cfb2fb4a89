"""Messages and extras of issue 79: typed settings of the wrong type name the setting, what it
takes and what it got; `Report.plot` names the `plot` extra that brings matplotlib."""

import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

import quzzle

from conftest import data

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "job, settings, words",
    [
        ("solve", {"trajectories": 1.5, "noise": "heron"}, "solve: trajectories: takes a whole number; got 1.5"),
        ("solve", {"seed": -1}, "solve: seed: takes a whole number 0..=18446744073709551615; got -1"),
        ("solve", {"seed": 2**64}, "solve: seed: takes a whole number 0..=18446744073709551615; got 18446744073709551616"),
        ("solve", {"restarts": "many"}, "solve: restarts: takes a whole number; got `many`"),
        ("sample", {"shots": 2.5}, "sample: shots: takes a whole number; got 2.5"),
        ("score", {"confidence": "high"}, "score: confidence: takes a number; got `high`"),
        ("export", {"depth": 1, "optimize": "yes"}, "export: optimize:"),
        ("generate", {"kind": "queens", "size": -5}, "generate: size: takes a whole number ≥ 0; got -5"),
    ],
)
def test_a_value_of_the_wrong_type_names_its_setting(job: str, settings: Any, words: str) -> None:
    with pytest.raises(quzzle.QuzzleError) as e:
        quzzle.request(job, **settings)
    assert words in str(e.value)
    assert "expected `,`" not in str(e.value) and "invalid type: floating point" not in str(e.value)


def test_text_numbers_are_trimmed_as_names_and_depths_are() -> None:
    got = quzzle.request("score", confidence="0.95 ", trajectories=" 5", noise="heron")
    assert got["confidence"] == 0.95 and got["trajectories"] == 5
    assert quzzle.request("solve", seed=" 7 ", depths=" 1")["seed"] == 7


def test_the_plot_extra_brings_matplotlib() -> None:
    text = (ROOT / "python" / "pyproject.toml").read_text()
    assert 'plot = ["matplotlib' in text


def test_report_plot_without_matplotlib_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    enc = quzzle.load(data("nqueens-4.txt")).encode()
    report = quzzle.solve(enc, depths=[1], max_iters=5)
    real = importlib.import_module

    def no_matplotlib(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] == "matplotlib":
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(importlib, "import_module", no_matplotlib)
    monkeypatch.delitem(sys.modules, "matplotlib", raising=False)
    with pytest.raises(ImportError, match=r"pip install 'quzzle\[plot\]'"):
        report.plot(tmp_path / "p.png")
