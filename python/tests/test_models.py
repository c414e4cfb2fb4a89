"""Optimisation models of other packages, given to quzzle as objects (`quzzle.from_model`, and
`encode`, `info`, `qasm`, `solve`, `anneal`, `plan` taking them): the text each package's own
file writer writes, and every report equal to the one of that file, bit for bit and equal to
the command line's; models of no accepted package and missing writers raise errors naming what
is accepted or needed. Each package's case is skipped where it is not installed (CI installs
all of them: python/requirements-test.txt)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, Dict, Tuple

import pytest

import quzzle
from conftest import run_cli, without_seconds

# A 3x3 assignment with a quadratic objective: one variable per (worker, job), each worker one
# job, each job one worker; the rows and columns cross as an assignment.
N = 3


def cost(i: int, j: int) -> int:
    return (i + 1) * (j + 2) % 5


def by_dimod(path: Path) -> Any:
    dimod = pytest.importorskip("dimod")
    x = {(i, j): dimod.Binary(f"x_{i}_{j}") for i in range(N) for j in range(N)}
    cqm = dimod.ConstrainedQuadraticModel()
    cqm.set_objective(sum(cost(i, j) * x[i, j] for i in range(N) for j in range(N)) + 2 * x[0, 0] * x[1, 1])
    for i in range(N):
        cqm.add_constraint(sum(x[i, j] for j in range(N)) == 1, label=f"row{i}")
        cqm.add_constraint(sum(x[j, i] for j in range(N)) == 1, label=f"col{i}")
    with open(path, "w") as f:
        dimod.lp.dump(cqm, f)
    return cqm


def by_docplex(path: Path) -> Any:
    mp = pytest.importorskip("docplex.mp.model")
    m = mp.Model("assign")
    x = {(i, j): m.binary_var(name=f"x_{i}_{j}") for i in range(N) for j in range(N)}
    m.minimize(m.sum(cost(i, j) * x[i, j] for i in range(N) for j in range(N)) + 2 * x[0, 0] * x[1, 1])
    for i in range(N):
        m.add_constraint(m.sum(x[i, j] for j in range(N)) == 1, f"row{i}")
        m.add_constraint(m.sum(x[j, i] for j in range(N)) == 1, f"col{i}")
    written = m.export_as_lp(str(path))
    assert Path(written) == path
    return m


def by_qiskit_optimization(path: Path) -> Any:
    qo = pytest.importorskip("qiskit_optimization")
    pytest.importorskip("docplex")
    from qiskit_optimization.translators import to_docplex_mp

    qp = qo.QuadraticProgram("assign")
    for i in range(N):
        for j in range(N):
            qp.binary_var(f"x_{i}_{j}")
    qp.minimize(
        linear={f"x_{i}_{j}": cost(i, j) for i in range(N) for j in range(N)}, quadratic={("x_0_0", "x_1_1"): 2}
    )
    for i in range(N):
        qp.linear_constraint({f"x_{i}_{j}": 1 for j in range(N)}, "==", 1, f"row{i}")
        qp.linear_constraint({f"x_{j}_{i}": 1 for j in range(N)}, "==", 1, f"col{i}")
    # What QuadraticProgram.write_to_lp_file writes (deprecated in 0.7 for this route).
    to_docplex_mp(qp).export_as_lp(str(path))
    return qp


def by_pyomo(path: Path) -> Any:
    pe = pytest.importorskip("pyomo.environ")
    m = pe.ConcreteModel("assign")
    m.I = pe.RangeSet(0, N - 1)
    m.x = pe.Var(m.I, m.I, within=pe.Binary)
    m.obj = pe.Objective(expr=sum(cost(i, j) * m.x[i, j] for i in range(N) for j in range(N)) + 2 * m.x[0, 0] * m.x[1, 1])
    m.row = pe.Constraint(m.I, rule=lambda m, i: sum(m.x[i, j] for j in range(N)) == 1)
    m.col = pe.Constraint(m.I, rule=lambda m, i: sum(m.x[j, i] for j in range(N)) == 1)
    m.write(str(path), io_options={"symbolic_solver_labels": True})
    return m


def by_pulp(path: Path) -> Any:
    pulp = pytest.importorskip("pulp")
    prob = pulp.LpProblem("assign", pulp.LpMinimize)
    x = {(i, j): prob.add_variable(f"x_{i}_{j}", cat="Binary") for i in range(N) for j in range(N)}
    # PuLP's objectives are linear: the product stays out of this one.
    prob += pulp.lpSum(cost(i, j) * x[i, j] for i in range(N) for j in range(N))
    for i in range(N):
        prob += pulp.lpSum(x[i, j] for j in range(N)) == 1, f"row{i}"
        prob += pulp.lpSum(x[j, i] for j in range(N)) == 1, f"col{i}"
    prob.writeLP(str(path))
    return prob


WRITERS: Dict[str, Callable[[Path], Any]] = {
    "dimod": by_dimod,
    "docplex": by_docplex,
    "qiskit-optimization": by_qiskit_optimization,
    "pyomo": by_pyomo,
    "pulp": by_pulp,
}


@pytest.fixture(params=sorted(WRITERS))
def written(request: pytest.FixtureRequest, tmp_path: Path) -> Tuple[Any, Path]:
    """(the model object, the file its package's own writer wrote)."""
    path = tmp_path / "assign.lp"
    return WRITERS[request.param](path), path


def test_a_model_reads_as_the_text_its_own_writer_writes(written: Tuple[Any, Path]) -> None:
    model, path = written
    puzzle = quzzle.from_model(model, name=str(path))
    assert puzzle.text == path.read_text()
    assert puzzle.file == str(path)
    # Without a name: the model's own with `.lp`, or the package's.
    assert quzzle.from_model(model).file in ("assign.lp", "dimod.lp")


def test_a_model_solves_encodes_and_exports_as_its_file_does(quzzle_bin: str, written: Tuple[Any, Path]) -> None:
    model, path = written
    puzzle = quzzle.from_model(model, name=str(path))
    args = ["--depths", "1..2", "--space", "auto", "--mixer", "xy-ring"]
    cli = json.loads(run_cli(quzzle_bin, ["solve", str(path), *args, "--json"]))
    ours = quzzle.solve(puzzle, "1..2", space="auto", mixer="xy-ring")
    assert without_seconds(ours.to_dict()) == without_seconds(cli)
    assert cli["space"] == "rows", cli["space"]
    # The object itself (its default name aside) gives the same numbers as the file.
    direct = quzzle.solve(model, "1..2", space="auto", mixer="xy-ring").to_dict()
    assert [d["success_probability"] for d in direct["depths"]] == [d["success_probability"] for d in cli["depths"]]

    info = quzzle.info(model)
    assert without_file(info) == without_file(quzzle.info(str(path)))
    # The structure is found from the model alone: rows and columns cross as an assignment.
    assert info["recommended"]["space"] == "rows+cols", info["recommended"]
    # Each constraint as read, with its penalty's weight: the 2N counts of the assignment.
    constraints = info["model"]["constraints"]
    assert len(constraints) == 2 * N and {c["read_as"] for c in constraints} == {f"exact count 1 of {N}"}
    assert all(c["penalty"] == 1.0 for c in constraints), constraints
    assert quzzle.encode(model).num_qubits == quzzle.load(str(path)).encode().num_qubits == N * N

    text, manifest = quzzle.qasm(puzzle, p=1, optimize=True, space="auto", mixer="xy-ring")
    assert (text, manifest) == quzzle.qasm(str(path), p=1, optimize=True, space="auto", mixer="xy-ring")

    settings: Dict[str, Any] = {"reads": 64, "sweeps": 100, "seed": 3}
    assert without_clock(quzzle.anneal(puzzle, **settings).to_dict()) == without_clock(
        quzzle.anneal(str(path), **settings).to_dict()
    )


def without_clock(report: Any) -> Any:
    """A report without the fields measured by a clock (annealing's wall and CPU seconds, and
    what is derived from them): every key that names seconds."""
    if isinstance(report, dict):
        return {k: without_clock(v) for k, v in report.items() if "seconds" not in k}
    if isinstance(report, list):
        return [without_clock(v) for v in report]
    return report


def without_file(report: Any) -> Any:
    """A report without the fields that name the file it was read from."""
    if isinstance(report, dict):
        return {k: without_file(v) for k, v in report.items() if k not in ("file", "puzzle_file")}
    if isinstance(report, list):
        return [without_file(v) for v in report]
    return report


def test_a_model_object_plans_as_its_file(tmp_path: Path) -> None:
    path = tmp_path / "assign.lp"
    model = by_dimod(path)
    settings: Dict[str, Any] = {"device": "heron", "depths": "1", "trajectories": 20, "anneal_reads": 20}
    ours = quzzle.plan(quzzle.from_model(model, name=str(path)), **settings).to_dict()
    theirs = quzzle.plan(str(path), **settings).to_dict()
    assert without_clock(ours) == without_clock(theirs)
    assert ours["anneal"]["p_valid"] > 0


def test_an_object_of_no_accepted_package_is_refused_naming_them() -> None:
    for source in (object(), 42, [1, 2]):
        with pytest.raises(TypeError, match="dimod ConstrainedQuadraticModel.*qiskit-optimization QuadraticProgram.*docplex Model.*pyomo ConcreteModel.*PuLP LpProblem"):
            quzzle.from_model(source)
        with pytest.raises(TypeError, match="quzzle reads models of"):
            quzzle.solve(source)
        with pytest.raises(TypeError, match="quzzle reads models of"):
            quzzle.anneal(source)


def test_an_encoding_is_refused_where_a_puzzle_is_read() -> None:
    enc = quzzle.load("tests/data/queens-4x4-handmade.txt").encode()
    with pytest.raises(TypeError, match="not an Encoding"):
        quzzle.encode(enc)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="from_dimod takes a dimod"):
        quzzle.from_dimod(object())


def test_a_missing_writer_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    model = by_qiskit_optimization(tmp_path / "assign.lp")
    # qiskit-optimization writes LP through docplex; without it the import fails.
    monkeypatch.setitem(sys.modules, "qiskit_optimization.translators", None)
    with pytest.raises(ImportError, match="QuadraticProgram needs docplex: pip install docplex"):
        quzzle.from_model(model)
