"""LP files and dimod models (docs/lp.md): classic models written by dimod read back with the
optima and feasible sets of dimod's exact solver, and a CQM object gives the command line's
bytes."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Dict, Set

import pytest

import quzzle
from conftest import run_cli, without_seconds

dimod = pytest.importorskip("dimod")

ROOT_DIR = Path(__file__).resolve().parents[2]


def _tool(name: str) -> Any:
    """The script tools/NAME.py as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT_DIR / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


# The models tools/lp_examples.py writes to tests/data/lp, built by the same code.
LP_EXAMPLES = _tool("lp_examples")
exact_cover = LP_EXAMPLES.exact_cover
tsp = LP_EXAMPLES.tsp


def independent_set() -> Any:
    """The largest independent set of a seeded 12-node graph."""
    rng = random.Random(12)
    edges = sorted({tuple(sorted(rng.sample(range(12), 2))) for _ in range(20)})
    cqm = dimod.ConstrainedQuadraticModel()
    x = [dimod.Binary(f"v{i}") for i in range(12)]
    cqm.set_objective(-sum(x))
    for a, b in edges:
        cqm.add_constraint(x[a] + x[b] <= 1, label=f"arc_{a}_{b}")
    return cqm


def colouring() -> Any:
    """The 3-colourings of a 5-node graph (a 4-cycle and a hub)."""
    edges = [(0, 1), (1, 2), (2, 3), (3, 0), (4, 0), (4, 2)]
    cqm = dimod.ConstrainedQuadraticModel()
    x = {(v, c): dimod.Binary(f"n{v}_c{c}") for v in range(5) for c in range(3)}
    for v in range(5):
        cqm.add_constraint(sum(x[v, c] for c in range(3)) == 1, label=f"node_{v}")
    for a, b in edges:
        for c in range(3):
            cqm.add_constraint(x[a, c] + x[b, c] <= 1, label=f"arc_{a}_{b}_c{c}")
    return cqm


def assignment() -> Any:
    """A 4x4 assignment problem with seeded costs (one per row and column, least total)."""
    rng = random.Random(4)
    return LP_EXAMPLES.assignment([[rng.randint(1, 9) for _ in range(4)] for _ in range(4)])


def exact_optima(cqm: Any) -> Set[str]:
    """The feasible assignments of least objective, by dimod's ExactCQMSolver, as rows of
    0/1 in the order of the model's variables."""
    samples = dimod.ExactCQMSolver().sample_cqm(cqm).filter(lambda d: d.is_feasible)
    best = min(samples.data_vectors["energy"])
    names = list(cqm.variables)
    return {
        "".join(str(int(d.sample[v])) for v in names)
        for d in samples.data(fields=["sample", "energy"])
        if abs(d.energy - best) < 1e-9
    }


@pytest.mark.parametrize("build", [independent_set, colouring, exact_cover, assignment, tsp])
def test_optima_agree_with_dimods_exact_solver(build: Any) -> None:
    cqm = build()
    enc = quzzle.from_dimod(cqm).encode(reduce="none")
    ours = {enc.board(bits)[0] for bits in enc.solutions(limit=100000)}
    assert ours == exact_optima(cqm)


def test_the_tsp_has_one_shortest_tour() -> None:
    # 4 rotations x 2 directions of the tour 0-1-2-3 (length 12) among 24 feasible states.
    assert len(exact_optima(tsp())) == 8


def test_a_quadratic_constraint_is_refused_naming_the_product() -> None:
    cqm = dimod.ConstrainedQuadraticModel()
    x, y = dimod.Binary("x"), dimod.Binary("y")
    cqm.set_objective(x + y)
    cqm.add_constraint(x * y <= 0, label="apart")
    with pytest.raises(quzzle.ParseError, match=r"`apart`.*(`y \* x`|`x \* y`) makes it quadratic"):
        quzzle.from_dimod(cqm)


def test_a_bqm_with_a_linear_objective_is_read() -> None:
    bqm = dimod.BinaryQuadraticModel({"a": 1.0, "b": -2.0}, {}, 0.5, "BINARY")
    enc = quzzle.from_dimod(bqm).encode(reduce="none")
    assert [enc.board(b)[0] for b in enc.solutions()] == ["01"]


def test_a_cqm_object_solves_to_the_command_lines_bytes(quzzle_bin: str, tmp_path: Path) -> None:
    cqm = assignment()
    path = tmp_path / "model.lp"
    path.write_text(dimod.lp.dumps(cqm))
    args = ["solve", str(path), "--depths", "1..2", "--space", "auto", "--mixer", "xy-ring", "--json"]
    cli: Dict[str, Any] = json.loads(run_cli(quzzle_bin, args))
    ours = quzzle.solve(quzzle.from_dimod(cqm, name=str(path)).encode(), "1..2", space="auto", mixer="xy-ring")
    assert without_seconds(ours.to_dict()) == without_seconds(cli)
    assert cli["space"] == "rows"


def masked_seconds(text: str) -> str:
    """The JSON text with every `seconds` value (wall-clock, the only field that differs run
    to run) set to 0, byte for byte otherwise."""
    return re.sub(r'"seconds":\s*[0-9.eE+-]+', '"seconds":0', text).rstrip("\n")


def test_the_readme_command_on_a_dimod_tsp_gives_the_pythons_bytes(quzzle_bin: str, tmp_path: Path) -> None:
    # `quzzle solve model.lp --space auto --mixer xy-ring` (docs/lp.md) on an LP written by
    # dimod, and the same from Python with the CQM object: the same JSON text.
    cqm = tsp()
    path = tmp_path / "model.lp"
    path.write_text(dimod.lp.dumps(cqm))
    cli = run_cli(quzzle_bin, ["solve", str(path), "--space", "auto", "--mixer", "xy-ring", "--json"])
    ours = quzzle.solve(quzzle.from_dimod(cqm, name=str(path)).encode(), space="auto", mixer="xy-ring")
    assert masked_seconds(ours.to_json()) == masked_seconds(cli)
    report = json.loads(cli)
    assert report["space"] == "rows" and [d["p"] for d in report["depths"]] == [1, 2, 3]
    assert all(0.0 < d["success_probability"] < d["p_feasible"] <= 1.0 for d in report["depths"]), report


# --- Round trip: every puzzle written to LP through dimod (tools/puzzle_to_lp.py) ------------

SHARED_INSTANCES = ROOT_DIR.parent / "shared" / "instances"
# Max Chess's objective enters its QUBO divided by the λ its file states; an LP's by
# λ = 1 + Σ|w| (docs/lp.md): the same optima, another cost.
OWN_OBJECTIVE_SCALE = ("maxchess",)
# P(valid) is compared bit for bit where the full space has at most this many qubits.
MAX_SIMULATED_QUBITS = 14


def round_trip_puzzles() -> list:
    import glob
    import os

    repo = sorted(glob.glob(str(ROOT_DIR / "data" / "*.txt")) + glob.glob(str(ROOT_DIR / "tests" / "data" / "*.txt")))
    shared = sorted(glob.glob(str(SHARED_INSTANCES / "*" / "*.txt")))
    if not shared and os.environ.get("QUZZLE_REQUIRE_SHARED") == "1":
        raise AssertionError(f"QUZZLE_REQUIRE_SHARED=1 but no puzzles under {SHARED_INSTANCES}")
    return [Path(p) for p in repo + shared]


def _run(binary: str, args: list) -> Any:
    import subprocess

    return subprocess.run([binary, *args], cwd=ROOT_DIR, capture_output=True, text=True)


def _p_valid(binary: str, path: Path) -> tuple:
    done = _run(binary, ["solve", str(path), "--schedule", "lr:0.5,0.5", "--depths", "1",
                         "--space", "full", "--mixer", "x", "--json"])
    assert done.returncode == 0, done.stderr
    depth = json.loads(done.stdout)["depths"][0]
    return depth["success_probability"], depth["p_non_qubo"]


def test_every_puzzle_written_to_lp_through_dimod_reads_back_to_the_same_cost(quzzle_bin: str, tmp_path: Path) -> None:
    """Each puzzle of the repository (and of ../shared/instances when present), written to LP by
    tools/puzzle_to_lp.py through dimod, reads back to the same reduced cost: the Ising model
    at the paper reduction (qubits, fields, couplings, offset) byte for byte, and, where the full
    space is small, the same P(valid) bit for bit (with the rules a QUBO cannot express, Takuzu's
    distinct rows and Tents' tree-tent pairing, counted as valid in the LP, which has none)."""
    tools = _tool("puzzle_to_lp")
    same, simulated, unsatisfiable = 0, 0, 0
    for puzzle in round_trip_puzzles():
        model = tools.model_of(quzzle_bin, puzzle)
        if any(puzzle.name.startswith(kind) for kind in OWN_OBJECTIVE_SCALE):
            assert model["objective"], puzzle
            continue
        lp = tools.write_lp(quzzle_bin, puzzle, tmp_path)
        native, read = _run(quzzle_bin, ["ising", str(puzzle)]), _run(quzzle_bin, ["ising", str(lp)])
        if native.returncode != 0:
            # An unsatisfiable puzzle: its LP is refused as unsatisfiable too.
            assert "no solution" in native.stderr and "no solution" in read.stderr, (puzzle, read.stderr)
            unsatisfiable += 1
            continue
        assert read.returncode == 0, (puzzle, read.stderr)
        assert native.stdout == read.stdout, puzzle
        same += 1
        qubits = json.loads(native.stdout)["qubits"]
        if 0 < qubits <= MAX_SIMULATED_QUBITS:
            (p, non_qubo), (p_lp, non_qubo_lp) = _p_valid(quzzle_bin, puzzle), _p_valid(quzzle_bin, lp)
            assert non_qubo_lp == 0.0
            if non_qubo == 0.0:
                assert p_lp == p, (puzzle, p_lp, p)
            else:
                assert abs(p_lp - (p + non_qubo)) <= 1e-15, (puzzle, p_lp, p, non_qubo)
            simulated += 1
    print(f"round trip: {same} puzzles with the same Ising model, {simulated} of them with the same P(valid), "
          f"{unsatisfiable} unsatisfiable both ways")
    assert same >= 25 and simulated >= 10


# --- Structure without names: two writers, their own names, their own order -----------------

# Partial rows and columns (`?` counts) do not cross as an assignment: read as regions.
NOT_AN_ASSIGNMENT = ("gqueens-3x4-cylinder",)


def _rows_of(model: Dict[str, Any], seed: int) -> list:
    """The model's constraints as linear rows (vars, coefficients, relation, rhs), shuffled."""
    return list(_tool("puzzle_to_lp").rows_of(model, seed))


def _by_dimod(model: Dict[str, Any], path: Path) -> None:
    """dimod's LP, variables `q<i>`, constraints `k<j>` in a shuffled order."""
    names = [f"q{i}" for i in range(len(model["names"]))]
    x = [dimod.Binary(n) for n in names]
    cqm = _tool("puzzle_to_lp").cqm_with_objective(model, names)
    for j, (vs, cs, rel, k) in enumerate(_rows_of(model, 1)):
        e = dimod.quicksum(c * x[v] for v, c in zip(vs, cs))
        cqm.add_constraint(e == k if rel == "==" else (e <= k if rel == "<=" else e >= k), label=f"k{j:04d}")
    path.write_text(dimod.lp.dumps(cqm))


def _by_pulp(model: Dict[str, Any], path: Path) -> bool:
    """PuLP's LP, variables `x00000`.. (its sorted order is the model's), constraints unnamed
    (PuLP names them `_C1`.. and writes them sorted by name), in a shuffled order; False where
    the objective has products (PuLP writes linear objectives only)."""
    import pulp

    if model["objective_pairs"]:
        return False
    prob = pulp.LpProblem("model", pulp.LpMinimize)
    x = [prob.add_variable(f"x{i:05d}", cat="Binary") for i in range(len(model["names"]))]
    prob += pulp.lpSum(w * x[v] for v, w in model["objective"]) if model["objective"] else 0
    for vs, cs, rel, k in _rows_of(model, 2):
        e = pulp.lpSum(c * x[v] for v, c in zip(vs, cs))
        prob += (e == k) if rel == "==" else ((e <= k) if rel == "<=" else (e >= k))
    prob.writeLP(str(path))
    return True


def _auto(binary: str, path: Path) -> tuple:
    done = _run(binary, ["info", str(path), "--json"])
    assert done.returncode == 0, (path, done.stderr)
    info = json.loads(done.stdout)
    return tuple(info.get(k) for k in ("space", "dimension", "xy_auto", "mixer"))


def _auto_p_valid(binary: str, path: Path, mixer: str) -> Any:
    """P(valid) at p = 1 on the `auto` space, or "no solution" where the search finds none."""
    done = _run(binary, ["solve", str(path), "--schedule", "lr:0.5,0.5", "--depths", "1", "--space", "auto",
                         "--mixer", mixer, "--json"])
    if done.returncode != 0 and "no solution" in done.stderr:
        return "no solution"
    assert done.returncode == 0, (path, done.stderr)
    # Takuzu's distinct rows and Tents' pairing are rules a QUBO cannot express: the LP, which
    # has none, counts those states as valid (the round trip above).
    return [(d["p"], d["success_probability"] + d["p_non_qubo"]) for d in json.loads(done.stdout)["depths"]]


def test_every_puzzle_written_by_two_writers_with_their_own_names_keeps_its_structure(quzzle_bin: str, tmp_path: Path) -> None:
    """Each puzzle of the repository (and of ../shared/instances when present), its constraint
    model written through dimod and through PuLP with the writer's own variable and constraint
    names and the constraints shuffled, reads to the native file's Ising model byte for byte,
    the same `auto` space (its name, dimension, mixer and the XY choice) and, where that space
    is small, the same P(valid) at p = 1 bit for bit: the families are found from the
    constraints alone (docs/lp.md, "Spaces found automatically")."""
    pytest.importorskip("pulp")
    tools = _tool("puzzle_to_lp")
    checked, simulated = 0, 0
    for puzzle in round_trip_puzzles():
        if any(puzzle.name.startswith(kind) for kind in OWN_OBJECTIVE_SCALE):
            continue
        native = _run(quzzle_bin, ["ising", str(puzzle)])
        if native.returncode != 0:
            continue
        model = tools.model_of(quzzle_bin, puzzle)
        auto = _auto(quzzle_bin, puzzle)
        want = None  # the native file's P(valid), run once for both writers
        for writer in (_by_dimod, _by_pulp):
            lp = tmp_path / f"{puzzle.stem}.{writer.__name__}.lp"
            if writer(model, lp) is False:
                continue
            read = _run(quzzle_bin, ["ising", str(lp)])
            assert read.returncode == 0 and read.stdout == native.stdout, (puzzle, writer.__name__, read.stderr)
            if puzzle.stem in NOT_AN_ASSIGNMENT:
                continue
            assert _auto(quzzle_bin, lp) == auto, (puzzle, writer.__name__)
            checked += 1
            if auto[1] is not None and auto[1] <= 1 << 12:
                got = _auto_p_valid(quzzle_bin, lp, auto[3])
                if want is None:
                    want = _auto_p_valid(quzzle_bin, puzzle, auto[3])
                if isinstance(want, str) or isinstance(got, str):
                    assert got == want, (puzzle, writer.__name__, got, want)
                else:
                    assert [p for p, _ in got] == [p for p, _ in want], (puzzle, writer.__name__)
                    assert all(abs(a - b) <= 1e-15 for (_, a), (_, b) in zip(got, want)), (puzzle, writer.__name__, got, want)
                simulated += 1
    print(f"two writers: {checked} files with the native Ising model and auto space, {simulated} with its P(valid)")
    assert checked >= 40 and simulated >= 30
