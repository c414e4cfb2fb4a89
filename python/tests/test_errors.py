"""Every exception type, with the library's message: ParseError (file and line), DoesNotFit,
Unsatisfiable, InvalidArgument (a ValueError), and ImportError naming the extra."""

from __future__ import annotations

import subprocess
import sys

import pytest

import quzzle
from conftest import data


def test_parse_error_names_file_and_line(tmp_path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("puzzle: takuzu\nsize: 4x4\n\n[grid]\n1..x\n....\n....\n....\n")
    with pytest.raises(quzzle.ParseError) as caught:
        quzzle.load(bad)
    assert caught.value.file == str(bad)
    assert caught.value.line == 5
    assert str(caught.value).startswith(f"{bad}:5: ")
    assert isinstance(caught.value, quzzle.QuzzleError)
    with pytest.raises(quzzle.ParseError) as caught:
        quzzle.parse("puzzle: nonsense\n", name="typed")
    assert caught.value.file == "typed"


def test_missing_file_is_a_quzzle_error(tmp_path) -> None:
    with pytest.raises(quzzle.QuzzleError, match="no-such.txt"):
        quzzle.load(tmp_path / "no-such.txt")


def test_unsatisfiable() -> None:
    with pytest.raises(quzzle.Unsatisfiable, match="no solution"):
        quzzle.load(data("tiny-tango-unsat-4x4.txt")).encode()


def test_does_not_fit_is_refused_before_allocating() -> None:
    enc = quzzle.load(data("queens-9x9-community-049.txt")).encode(reduce="none")
    assert enc.num_qubits > 60
    with pytest.raises(quzzle.DoesNotFit) as caught:
        enc.qaoa(1, space="full", mixer="x")
    assert "qubits" in str(caught.value)
    assert isinstance(caught.value, MemoryError)
    with pytest.raises(quzzle.DoesNotFit):
        enc.cost_diagonal()


@pytest.mark.parametrize(
    "call",
    [
        lambda enc: enc.qaoa(0),
        lambda enc: enc.qaoa(1, mixer="nope"),
        lambda enc: enc.qaoa(1, space="diagonals"),
        lambda enc: enc.qaoa(1, objective="cvar:2"),
        lambda enc: enc.qaoa(2).energy([0.1], [0.2]),
        lambda enc: enc.qaoa(1).energy([float("nan")], [0.2]),
        lambda enc: enc.qaoa(1).value([0.1, 0.2, 0.3]),
        lambda enc: enc.board("0101"),
        lambda enc: enc.board("0" * (enc.num_qubits - 1) + "2"),
        lambda enc: enc.board(2**enc.num_qubits),
        lambda enc: enc.encode if False else quzzle.load(data("tiny-tango-4x4.txt")).encode(reduce="strong"),
        lambda enc: quzzle.solve(enc, depths=0),
        lambda enc: quzzle.solve(enc, depths="1..x"),
        lambda enc: quzzle.solve(enc, depths=1, init="warm"),
        lambda enc: quzzle.solve(enc, depths=1, restarts=0),
        lambda enc: quzzle.solve(enc, depths=1, max_iters=0),
        lambda enc: quzzle.solve(enc, depths=1, noise="p1=2"),
        lambda enc: quzzle.solve(enc, depths=1, noise="heron", trajectories=0),
        lambda enc: enc.qasm([0.1], [0.2], flavor="cirq"),
        lambda enc: enc.qasm([0.1], [0.2, 0.3]),
        lambda enc: enc.qasm(optimize=True),
        lambda enc: quzzle.sample(enc.qasm([0.1], [0.2])[1], 0),
        lambda enc: quzzle.sample(enc.qasm([0.1], [0.2])[1], 10, format="csv"),
        lambda enc: quzzle.score({"0" * enc.num_qubits: 3}, enc.qasm([0.1], [0.2])[1], format="qiskit", confidence=1.5),
    ],
)
def test_argument_out_of_its_domain_is_a_value_error(call) -> None:
    enc = quzzle.load(data("tiny-tango-4x4.txt")).encode()
    with pytest.raises(ValueError) as caught:
        call(enc)
    assert isinstance(caught.value, quzzle.InvalidArgument)
    assert isinstance(caught.value, quzzle.QuzzleError)
    assert str(caught.value)


def test_unsupported_combination_is_an_invalid_argument(quzzle_bin: str) -> None:
    # The command line exits 2 (the input) for the same refusal: one kind decides both.
    enc = quzzle.load(data("tiny-tango-4x4.txt")).encode()
    with pytest.raises(quzzle.InvalidArgument, match="x mixer") as caught:
        enc.qaoa(1, space="rows", mixer="x")
    assert isinstance(caught.value, ValueError)
    done = subprocess.run(
        [quzzle_bin, "solve", data("tiny-tango-4x4.txt"), "--space", "rows", "--mixer", "x", "--depths", "1"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2, done.stderr
    assert "x mixer" in done.stderr


def test_the_classes_follow_the_kinds() -> None:
    # A subclass says more within a kind; catching the kind's class catches it.
    assert issubclass(quzzle.ParseError, quzzle.InvalidArgument) and issubclass(quzzle.ParseError, ValueError)
    assert issubclass(quzzle.Unsatisfiable, quzzle.Unmet)
    assert issubclass(quzzle.DoesNotFit, quzzle.ResourceError) and issubclass(quzzle.DoesNotFit, MemoryError)
    for cls in (quzzle.InvalidArgument, quzzle.Unmet, quzzle.ResourceError, quzzle.InternalError):
        assert issubclass(cls, quzzle.QuzzleError)
    with pytest.raises(quzzle.Unmet, match="no solution"):
        quzzle.load(data("tiny-tango-unsat-4x4.txt")).encode()


def test_tampered_manifest_and_bad_counts_are_parse_errors() -> None:
    enc = quzzle.load(data("tiny-tango-4x4.txt")).encode()
    _, manifest = enc.qasm([0.1], [0.2])
    tampered = dict(manifest, qubits=manifest["qubits"] + 1)
    with pytest.raises(quzzle.ParseError):
        quzzle.score({"format": "quzzle-counts"}, tampered)
    with pytest.raises(quzzle.ParseError):
        quzzle.score({"0" * 3: 5}, manifest, format="qiskit")
    with pytest.raises(quzzle.ParseError):
        quzzle.sample("{not json", 10)


def test_missing_optional_packages_raise_import_error_naming_the_extra(monkeypatch) -> None:
    enc = quzzle.load(data("tiny-tango-4x4.txt")).encode()
    monkeypatch.setitem(sys.modules, "dimod", None)
    with pytest.raises(ImportError, match=r"quzzle\[dimod\]"):
        enc.to_bqm()
    monkeypatch.setitem(sys.modules, "qiskit", None)
    monkeypatch.setitem(sys.modules, "qiskit.quantum_info", None)
    monkeypatch.setitem(sys.modules, "qiskit.qasm3", None)
    with pytest.raises(ImportError, match=r"quzzle\[qiskit\]"):
        enc.to_sparse_pauli_op()
    with pytest.raises(ImportError, match=r"quzzle\[qiskit\]"):
        quzzle.to_qiskit(enc.qasm([0.1], [0.2]))
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"quzzle\[pandas\]"):
        quzzle.solve(enc, depths=1).to_pandas()


def test_compact_encoding_has_no_ising_form() -> None:
    enc = quzzle.load(data("sudoku4-six-clues.txt")).encode(reduce="clues", encoding="compact")
    with pytest.raises(quzzle.QuzzleError, match="onehot|one-hot"):
        enc.ising()
    with pytest.raises(quzzle.QuzzleError):
        enc.to_bqm()
