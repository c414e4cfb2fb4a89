#!/usr/bin/env python3
"""Write the LP files of tests/data/lp and examples/lp through dimod's `lp.dumps` (docs/lp.md).

    python3 tools/lp_examples.py        # needs dimod (python/requirements-test.txt pins it)

tests/data/lp: an independent set on a 6-cycle with a chord, a 3x3 assignment problem with
costs, Knuth's exact cover, a 4-city travelling salesman (a quadratic objective). examples/lp: a 4x4 Latin square to complete, a puzzle quzzle has
no parser for, given only as LP.
"""

from __future__ import annotations

from pathlib import Path

import dimod

ROOT = Path(__file__).resolve().parents[1]


def write(cqm: dimod.ConstrainedQuadraticModel, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dimod.lp.dumps(cqm))
    print("wrote", path.relative_to(ROOT))


def independent_set() -> dimod.ConstrainedQuadraticModel:
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)]
    cqm = dimod.ConstrainedQuadraticModel()
    x = [dimod.Binary(f"v{i}") for i in range(6)]
    cqm.set_objective(-sum(x))
    for a, b in edges:
        cqm.add_constraint(x[a] + x[b] <= 1, label=f"arc_{a}_{b}")
    return cqm


def assignment(cost: list[list[int]]) -> dimod.ConstrainedQuadraticModel:
    """Worker i to job j at `cost[i][j]` (square): one job per worker, one worker per job."""
    n = len(cost)
    cqm = dimod.ConstrainedQuadraticModel()
    y = {(i, j): dimod.Binary(f"a_{i}_{j}") for i in range(n) for j in range(n)}
    cqm.set_objective(sum(cost[i][j] * y[i, j] for i in range(n) for j in range(n)))
    for i in range(n):
        cqm.add_constraint(sum(y[i, j] for j in range(n)) == 1, label=f"worker_{i}")
    for j in range(n):
        cqm.add_constraint(sum(y[i, j] for i in range(n)) == 1, label=f"job_{j}")
    return cqm


def exact_cover() -> dimod.ConstrainedQuadraticModel:
    sets = {"A": [1, 4, 7], "B": [1, 4], "C": [4, 5, 7], "D": [3, 5, 6], "E": [2, 3, 6, 7], "F": [2, 7]}
    cqm = dimod.ConstrainedQuadraticModel()
    x = {s: dimod.Binary(f"pick_{s}") for s in sets}
    for e in range(1, 8):
        cqm.add_constraint(sum(x[s] for s in sets if e in sets[s]) == 1, label=f"cover_{e}")
    return cqm


def tsp() -> dimod.ConstrainedQuadraticModel:
    """City c at stop t: one per city, one per stop; the tour's length is quadratic. The tour
    0-1-2-3 (length 12) is the one shortest."""
    dist = [[0, 3, 7, 2], [3, 0, 1, 5], [7, 1, 0, 6], [2, 5, 6, 0]]
    cqm = dimod.ConstrainedQuadraticModel()
    x = {(c, t): dimod.Binary(f"x_{c}_{t}") for c in range(4) for t in range(4)}
    cqm.set_objective(
        sum(dist[c][d] * x[c, t] * x[d, (t + 1) % 4] for c in range(4) for d in range(4) if c != d for t in range(4))
    )
    for c in range(4):
        cqm.add_constraint(sum(x[c, t] for t in range(4)) == 1, label=f"city_{c}")
    for t in range(4):
        cqm.add_constraint(sum(x[c, t] for c in range(4)) == 1, label=f"stop_{t}")
    return cqm


def latin_square() -> dimod.ConstrainedQuadraticModel:
    """Each row, column and cell of a 4x4 grid holds each digit 1..4 once; four givens leave
    two completions (a fifth makes the reduction solve it outright)."""
    givens = {(0, 0): 1, (1, 2): 3, (2, 1): 4, (3, 3): 2}
    cqm = dimod.ConstrainedQuadraticModel()
    x = {(r, c, d): dimod.Binary(f"r{r}c{c}d{d}") for r in range(4) for c in range(4) for d in range(1, 5)}
    for r in range(4):
        for c in range(4):
            cqm.add_constraint(sum(x[r, c, d] for d in range(1, 5)) == 1, label=f"cell_r{r}c{c}")
    for r in range(4):
        for d in range(1, 5):
            cqm.add_constraint(sum(x[r, c, d] for c in range(4)) == 1, label=f"row_r{r}d{d}")
    for c in range(4):
        for d in range(1, 5):
            cqm.add_constraint(sum(x[r, c, d] for r in range(4)) == 1, label=f"col_c{c}d{d}")
    for (r, c), d in givens.items():
        cqm.add_constraint(x[r, c, d] == 1, label=f"given_r{r}c{c}")
    return cqm


if __name__ == "__main__":
    write(independent_set(), ROOT / "tests/data/lp/independent-set-6.lp")
    write(assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]]), ROOT / "tests/data/lp/assignment-3x3.lp")
    write(exact_cover(), ROOT / "tests/data/lp/exact-cover-knuth.lp")
    write(tsp(), ROOT / "tests/data/lp/tsp-4.lp")
    write(latin_square(), ROOT / "examples/lp/latin-4x4.lp")
