"""Write puzzles as LP files through dimod: each puzzle's constraint model (`quzzle info PUZZLE
--model`) becomes a dimod ConstrainedQuadraticModel, which `dimod.lp.dump` writes. Read back by
quzzle, the LP gives the puzzle's reduced model, qubits and cost again
(python/tests/test_lp.py checks it on every puzzle of the repository and, when present, of
../shared/instances; docs/lp.md, "Round trip").

    python tools/puzzle_to_lp.py PUZZLE... -o DIR [--quzzle target/release/quzzle]

The model, constraint by constraint, in its order:
- `count` k of vars: `sum == k`; a soft count (k or k+1): `sum >= k` and `sum <= k + 1`;
- `not_both`: `x + y <= 1`; `same`: `x - y == 0`; `differ`: `x + y == 1`;
- `fixed` (a given): `x == value`;
- the objective's weights and products as the CQM's objective.

Variables keep the model's order (the LP's Binary section lists them so), named `v<i>_<name>`
with characters an LP name cannot hold replaced by `_`.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Tuple


def lp_name(i: int, name: str) -> str:
    """An LP-safe, unique variable name that keeps the model's name readable."""
    return f"v{i}_" + re.sub(r"[^A-Za-z0-9_]", "_", name)


def model_of(quzzle: str, puzzle: Path) -> Dict[str, Any]:
    """The puzzle's constraint model as quzzle compiles it."""
    done = subprocess.run([quzzle, "info", str(puzzle), "--model"], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{puzzle}: quzzle info --model failed: {done.stderr.strip()}")
    return json.loads(done.stdout)


def rows_of(model: Dict[str, Any], seed: int) -> List[Tuple[List[int], List[int], str, int]]:
    """The model's constraints as linear rows (variables, coefficients, relation, right-hand
    side), shuffled with `seed` (for the tests' and the solvers' writers: python/tests/test_lp.py,
    tools/solver_files.py)."""
    out: List[Tuple[List[int], List[int], str, int]] = []
    for labelled in model["constraints"]:
        c = labelled["constraint"]
        kind = c["kind"]
        if kind == "count":
            ones = [1] * len(c["vars"])
            if c["soft"]:
                out += [(c["vars"], ones, ">=", c["k"]), (c["vars"], ones, "<=", c["k"] + 1)]
            else:
                out.append((c["vars"], ones, "==", c["k"]))
        elif kind == "not_both":
            out.append((c["vars"], [1, 1], "<=", 1))
        elif kind == "same":
            out.append((c["vars"], [1, -1], "==", 0))
        elif kind == "differ":
            out.append((c["vars"], [1, 1], "==", 1))
        elif kind == "fixed":
            out.append(([c["var"]], [1], "==", int(c["value"])))
        else:
            raise ValueError(f"unknown constraint kind {kind!r}")
    random.Random(seed).shuffle(out)
    return out


def cqm_with_objective(model: Dict[str, Any], names: List[str]) -> "Any":
    """A dimod ConstrainedQuadraticModel of the model's variables (binary, named `names`, in the
    model's order) and its objective, without constraints."""
    import dimod

    cqm = dimod.ConstrainedQuadraticModel()
    for n in names:
        cqm.add_variable("BINARY", n)
    objective = dimod.BinaryQuadraticModel("BINARY")
    for v, w in model["objective"]:
        objective.add_linear(names[v], w)
    for u, v, w in model["objective_pairs"]:
        objective.add_quadratic(names[u], names[v], w)
    if objective.num_variables:
        cqm.set_objective(objective)
    return cqm


def cqm_of(model: Dict[str, Any]) -> "Any":
    """The model as a dimod ConstrainedQuadraticModel."""
    import dimod

    names = [lp_name(i, n) for i, n in enumerate(model["names"])]
    x = [dimod.Binary(n) for n in names]
    cqm = cqm_with_objective(model, names)
    for i, labelled in enumerate(model["constraints"]):
        c = labelled["constraint"]
        label = f"c{i}"
        kind = c["kind"]
        if kind == "count":
            total = dimod.quicksum(x[v] for v in c["vars"])
            if c["soft"]:
                cqm.add_constraint(total >= c["k"], label=f"{label}_low")
                cqm.add_constraint(total <= c["k"] + 1, label=f"{label}_high")
            else:
                cqm.add_constraint(total == c["k"], label=label)
        elif kind == "not_both":
            a, b = c["vars"]
            cqm.add_constraint(x[a] + x[b] <= 1, label=label)
        elif kind == "same":
            a, b = c["vars"]
            cqm.add_constraint(x[a] - x[b] == 0, label=label)
        elif kind == "differ":
            a, b = c["vars"]
            cqm.add_constraint(x[a] + x[b] == 1, label=label)
        elif kind == "fixed":
            cqm.add_constraint(x[c["var"]] == int(c["value"]), label=label)
        else:
            raise SystemExit(f"constraint {i}: unknown kind {kind!r}")
    return cqm


def write_lp(quzzle: str, puzzle: Path, out: Path) -> Path:
    """`puzzle` written as `out/<stem>.lp` (whole: a temporary file, then renamed)."""
    import dimod

    target = out / (puzzle.stem + ".lp")
    partial = target.with_suffix(".partial")
    with open(partial, "w") as f:
        dimod.lp.dump(cqm_of(model_of(quzzle, puzzle)), f)
    partial.replace(target)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", type=Path, nargs="+")
    parser.add_argument("-o", "--out", type=Path, required=True, help="folder for the LP files")
    parser.add_argument("--quzzle", default="target/release/quzzle", help="the quzzle binary")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    written: List[Path] = [write_lp(args.quzzle, p, args.out) for p in args.puzzles]
    for path in written:
        print(path)


if __name__ == "__main__":
    main()
