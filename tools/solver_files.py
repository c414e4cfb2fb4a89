"""Write the LP and MPS files that the solvers' own writers produce, for the reader's tests
(tests/it/lp.rs, "files the solvers write"; docs/lp.md, "Dialects"): Gurobi (gurobipy),
CPLEX (the cplex package) and HiGHS (highspy), each writing in both formats

- a 3x3 assignment with costs, one product in the objective and a constant, and
- puzzles' constraint models (`quzzle info PUZZLE --model`), with the writer's own names
  (Gurobi's indexed `x[r,c]`, CPLEX's `x_r_c`, HiGHS's `c<i>`; rows named by each writer's
  habit) and the constraints in a shuffled order.

    python tools/solver_files.py -o tests/data/lp/writers [--quzzle target/release/quzzle]

The files are stored in the repository (the writers are large and licensed for small models
only, so CI does not install them); this script is how they were made, with gurobipy 13.0.3,
cplex 22.2.0.1 and highspy 1.16.0.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Callable, Dict, List, Tuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from puzzle_to_lp import model_of, rows_of  # noqa: E402

PUZZLES = ["tests/data/queens-9x9-community-049.txt", "data/demo-tango-6x6.txt", "tests/data/sudoku4-six-clues.txt"]
# The assignment: cost[i][j] of worker i on job j, the product a_0_0 * a_1_1 and the constant.
COST = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
PRODUCT, CONSTANT = 3.0, 7.0

# A linear row: (variables, coefficients, relation, right-hand side).
Row = Tuple[List[int], List[int], str, int]
# A model to write: variable names, linear objective, products, constant, rows.
Spec = Tuple[List[str], Dict[int, float], Dict[Tuple[int, int], float], float, List[Row]]


def assignment() -> Spec:
    names = [f"{i}_{j}" for i in range(3) for j in range(3)]
    linear = {3 * i + j: float(COST[i][j]) for i in range(3) for j in range(3) if COST[i][j]}
    rows: List[Row] = [([3 * i + j for j in range(3)], [1, 1, 1], "==", 1) for i in range(3)]
    rows += [([3 * i + j for i in range(3)], [1, 1, 1], "==", 1) for j in range(3)]
    return names, linear, {(0, 4): PRODUCT}, CONSTANT, rows


def puzzle(quzzle: str, path: Path) -> Spec:
    model = model_of(quzzle, path)
    names = [re.sub(r"^r(\d+)c(\d+)$", r"\1_\2", n) for n in model["names"]]
    linear = {v: w for v, w in model["objective"]}
    pairs = {(u, v): w for u, v, w in model["objective_pairs"]}
    return names, linear, pairs, 0.0, rows_of(model, 3)


def by_gurobi(spec: Spec, lp: Path, mps: Path) -> None:
    import gurobipy as gp

    names, linear, pairs, constant, rows = spec
    with gp.Env(params={"OutputFlag": 0}) as env, gp.Model("model", env=env) as m:
        x = [m.addVar(vtype=gp.GRB.BINARY, name="x[" + n.replace("_", ",") + "]") for n in names]
        objective = gp.QuadExpr(gp.quicksum(w * x[v] for v, w in linear.items()) + constant)
        for (u, v), w in pairs.items():
            objective.add(x[u] * x[v], w)
        m.setObjective(objective, gp.GRB.MINIMIZE)
        for r, (vs, cs, rel, k) in enumerate(rows):
            e = gp.quicksum(c * x[v] for v, c in zip(vs, cs))
            m.addConstr(e == k if rel == "==" else (e <= k if rel == "<=" else e >= k), name=f"R{r}")
        m.update()
        m.write(str(lp))
        m.write(str(mps))


def by_cplex(spec: Spec, lp: Path, mps: Path) -> None:
    import cplex

    names, linear, pairs, constant, rows = spec
    c = cplex.Cplex()
    c.set_results_stream(None)
    c.set_log_stream(None)
    c.set_warning_stream(None)
    cols = [f"x_{n}" for n in names]
    c.variables.add(obj=[linear.get(v, 0.0) for v in range(len(names))], types="B" * len(names), names=cols)
    # CPLEX's objective is 1/2 x'Qx: a product w x_u x_v is Q[u][v] = w.
    c.objective.set_quadratic_coefficients([(cols[u], cols[v], w) for (u, v), w in pairs.items()])
    c.objective.set_offset(constant)
    sense = {"==": "E", "<=": "L", ">=": "G"}
    for r, (vs, cs, rel, k) in enumerate(rows):
        c.linear_constraints.add(lin_expr=[cplex.SparsePair([cols[v] for v in vs], [float(a) for a in cs])],
                                 senses=sense[rel], rhs=[float(k)], names=[f"c{r + 1}"])
    c.write(str(lp))
    c.write(str(mps))


def by_highs(spec: Spec, lp: Path, mps: Path) -> None:
    import highspy
    import numpy as np

    names, linear, pairs, constant, rows = spec
    if pairs:
        raise ValueError("HiGHS writes a quadratic objective only for continuous models")
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    for v, n in enumerate(names):
        h.addVar(0, 1)
        h.passColName(v, f"c{v}")
        h.changeColCost(v, linear.get(v, 0.0))
        h.changeColIntegrality(v, highspy.HighsVarType.kInteger)
    inf = highspy.kHighsInf
    for vs, cs, rel, k in rows:
        lo, up = (k, k) if rel == "==" else ((-inf, k) if rel == "<=" else (k, inf))
        h.addRow(lo, up, len(vs), np.array(vs, dtype=np.int32), np.array(cs, dtype=np.float64))
    h.changeObjectiveOffset(constant)
    h.writeModel(str(lp))
    h.writeModel(str(mps))


WRITERS: Dict[str, Callable[[Spec, Path, Path], None]] = {"gurobi": by_gurobi, "cplex": by_cplex, "highs": by_highs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--out", type=Path, required=True)
    ap.add_argument("--quzzle", default=str(ROOT / "target" / "release" / "quzzle"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    specs = [("assignment-3x3", assignment())] + [(Path(p).stem, puzzle(args.quzzle, ROOT / p)) for p in PUZZLES]
    for stem, spec in specs:
        for writer, write in WRITERS.items():
            if writer == "highs" and spec[2]:
                continue  # HiGHS writes no quadratic objective of an integer model
            write(spec, args.out / f"{stem}.{writer}.lp", args.out / f"{stem}.{writer}.mps")
            print(f"{stem}: {writer}")


if __name__ == "__main__":
    main()
