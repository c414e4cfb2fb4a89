#!/usr/bin/env python3
"""An independent check of solve's P(optimal), P(feasible) and approximation ratio: the
statevector that `quzzle qasm --with-state` puts in a manifest, scored here with the model of
make_models.py (its own objective and constraints, not quzzle's reading of the file), against the
solve report of the same angles.

    python3 results/models/check_state.py MODEL MANIFEST.json SOLVE.json > OUT.json

Python standard library only (make_models.py imports the writers only when it writes).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_models  # noqa: E402


def main(model, manifest, solve):
    s = make_models.specs_without_files()[model]
    with open(manifest) as f:
        m = json.load(f)
    with open(solve) as f:
        depth = next(d for d in json.load(f)["depths"] if d["p"] == m["depth"])
    if any(c.get("negated") or len(cells) != 1 for cells in m["qubit_cells"] for c in cells):
        raise SystemExit("a qubit that is not one variable: this check reads one variable per qubit")
    # The writers' names x_a_b (dimod, PuLP, docplex) and x[a,b] (Gurobi) to the model's variables.
    index = {}
    for v, (a, b) in enumerate(s.keys):
        for name in ("x_%d_%d" % (a, b), "x[%d,%d]" % (a, b)):
            index[name] = v
    qubit_var = [index[cells[0]["cell"]] for cells in m["qubit_cells"]]
    # Variables the reduction fixed (the schedule's release): no qubit, their value from the manifest.
    fixed = [(index[c["cell"]], int(c["value"])) for c in m["fixed_cells"]]
    best, worst, _, _, _ = make_models.brute_force(s)
    p_opt = p_feas = weighted = 0.0
    for basis, (re, im) in enumerate(m["state"]):
        p = re * re + im * im
        if p == 0.0:
            continue
        x = [0] * len(s.keys)
        for v, value in fixed:
            x[v] = value
        for q, v in enumerate(qubit_var):
            x[v] = (basis >> q) & 1
        if s.feasible(x):
            f = s.objective(x)
            p_feas += p
            weighted += p * f
            if abs(f - best) < 1e-9:
                p_opt += p
    mine = {"p_optimal": p_opt, "p_feasible": p_feas, "approx_ratio": (worst - weighted / p_feas) / (worst - best)}
    quzzle = {"p_optimal": depth["success_probability"], "p_feasible": depth["p_feasible"],
              "approx_ratio": depth["approx_ratio"]}
    json.dump({"model": model, "manifest": os.path.basename(manifest), "solve": solve, "p": m["depth"],
               "space": m["space"], "mixer": m["mixer"], "qubits": m["qubits"], "fixed": len(fixed),
               "amplitudes": len(m["state"]),
               "from_state": mine, "from_solve": quzzle,
               "largest_difference": max(abs(mine[k] - quzzle[k]) for k in mine)}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main(*sys.argv[1:])
