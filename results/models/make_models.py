#!/usr/bin/env python3
"""Write the models of results/models: a quadratic assignment problem (QAPLIB's format first,
then converted), a TSP, a minimum sum colouring and a single-machine schedule, each written by
two or more of the writers people use (dimod, docplex, qiskit-optimization, pyomo, PuLP, and the
solvers' own: Gurobi, CPLEX, HiGHS) with the writer's own variable and constraint names; and
each model's optimum from a classical solver (HiGHS; CBC through PuLP beside it on the linear
models), checked against brute force over the model's one-hot space.

    /tmp/pyt-venv4/bin/python results/models/make_models.py

Everything is deterministic (fixed seeds, fixed data): a rerun writes the same bytes, except
where a writer stamps its file (none of those used here does, see the README).
Writes results/models/files/*.lp|*.mps, results/models/qap5.dat, qap6.dat and
results/models/optimum.json. Versions used: README.md.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import sys
from pathlib import Path
from typing import Dict, List, Tuple

HERE = Path(__file__).resolve().parent
FILES = HERE / "files"

# A model in writer-neutral form: variables are (a, b) index pairs in row-major order, named
# by each writer its own way; `linear` {var: w}, `pairs` {(u, v): w} with u < v (var indices),
# `rows` [(name, [(var, coef)], rel, rhs)] with the model's own row names (each writer renames).
Row = Tuple[str, List[Tuple[int, int]], str, int]


class Spec:
    def __init__(self, name: str, dims: Tuple[int, int], letter: str = "x"):
        self.name = name
        self.dims = dims
        self.letter = letter
        self.keys = [(a, b) for a in range(dims[0]) for b in range(dims[1])]
        self.index = {k: i for i, k in enumerate(self.keys)}
        self.linear: Dict[int, float] = {}
        self.pairs: Dict[Tuple[int, int], float] = {}
        self.rows: List[Row] = []

    def var(self, a: int, b: int) -> int:
        return self.index[(a, b)]

    def add_pair(self, u: int, v: int, w: float) -> None:
        if w == 0:
            return
        key = (min(u, v), max(u, v))
        self.pairs[key] = self.pairs.get(key, 0.0) + w

    def objective(self, x: List[int]) -> float:
        return sum(w * x[v] for v, w in self.linear.items()) + sum(w * x[u] * x[v] for (u, v), w in self.pairs.items())

    def feasible(self, x: List[int]) -> bool:
        for _, terms, rel, rhs in self.rows:
            s = sum(c * x[v] for v, c in terms)
            if (rel == "==" and s != rhs) or (rel == "<=" and s > rhs) or (rel == ">=" and s < rhs):
                return False
        return True


# --------------------------------------------------------------------------------------------
# The data


def qap_data(n: int, seed: int) -> Tuple[List[List[int]], List[List[int]]]:
    """Flows between n facilities (symmetric, 0..5) and Manhattan distances between n locations
    drawn without repetition from a 3x3 grid (as Nugent's instances place theirs on a grid)."""
    rng = random.Random(seed)
    flow = [[0] * n for _ in range(n)]
    for i in range(n):
        for k in range(i + 1, n):
            flow[i][k] = flow[k][i] = rng.randint(0, 5)
    points = rng.sample([(r, c) for r in range(3) for c in range(3)], n)
    dist = [[abs(p[0] - q[0]) + abs(p[1] - q[1]) for q in points] for p in points]
    return flow, dist


def write_qaplib(path: Path, a: List[List[int]], b: List[List[int]]) -> None:
    """QAPLIB's format: n, a blank line, the matrix A, a blank line, the matrix B; the problem is
    min over permutations p of sum_ik A[i][k] B[p(i)][p(k)]."""
    n = len(a)
    text = "%d\n\n" % n + "\n".join(" ".join("%2d" % v for v in r) for r in a) + "\n\n"
    text += "\n".join(" ".join("%2d" % v for v in r) for r in b) + "\n"
    path.write_text(text)


def read_qaplib(path: Path) -> Tuple[List[List[int]], List[List[int]]]:
    nums = [int(t) for t in path.read_text().split()]
    n = nums[0]
    a = [nums[1 + i * n:1 + (i + 1) * n] for i in range(n)]
    b = [nums[1 + n * n + i * n:1 + n * n + (i + 1) * n] for i in range(n)]
    return a, b


def qap(name: str, flow: List[List[int]], dist: List[List[int]]) -> Spec:
    """x[i][j]: facility i at location j; sum_{i,k} sum_{j,l} f_ik d_jl x_ij x_kl (QAPLIB's
    double sum, each unordered pair of facilities counted twice); one location per facility
    and one facility per location."""
    n = len(flow)
    s = Spec(name, (n, n))
    for i, k in itertools.combinations(range(n), 2):
        for j in range(n):
            for l in range(n):
                if j != l:
                    s.add_pair(s.var(i, j), s.var(k, l), flow[i][k] * dist[j][l] + flow[k][i] * dist[l][j])
    s.rows += [("facility_%d" % i, [(s.var(i, j), 1) for j in range(n)], "==", 1) for i in range(n)]
    s.rows += [("location_%d" % j, [(s.var(i, j), 1) for i in range(n)], "==", 1) for j in range(n)]
    return s


def tsp_data(n: int, seed: int) -> List[List[int]]:
    """n cities at distinct random points of a 10x10 grid, TSPLIB's EUC_2D distances (the
    Euclidean distance rounded to the nearest integer)."""
    rng = random.Random(seed)
    pts = rng.sample([(x, y) for x in range(10) for y in range(10)], n)
    return [[int(math.floor(math.dist(p, q) + 0.5)) for q in pts] for p in pts]


def tsp(name: str, d: List[List[int]]) -> Spec:
    """x[c][t]: city c at step t of the tour; the tour's length sum_t sum_{c != c'} d_cc'
    x_ct x_c'(t+1) (cyclic); one step per city and one city per step."""
    n = len(d)
    s = Spec(name, (n, n))
    for t in range(n):
        for c in range(n):
            for c2 in range(n):
                if c != c2:
                    s.add_pair(s.var(c, t), s.var(c2, (t + 1) % n), d[c][c2])
    s.rows += [("city_%d" % c, [(s.var(c, t), 1) for t in range(n)], "==", 1) for c in range(n)]
    s.rows += [("step_%d" % t, [(s.var(c, t), 1) for c in range(n)], "==", 1) for t in range(n)]
    return s


# A graph of 6 nodes and 8 edges (a G(6, 0.45) draw, seed 1; chromatic number 3: triangles
# 1-2-5 and 2-3-5): 18 proper 3-colourings, colour sums 10 to 14.
GRAPH_NODES = 6
GRAPH_EDGES = [(0, 1), (0, 4), (1, 2), (1, 5), (2, 3), (2, 5), (3, 5), (4, 5)]
COLOURS = 3


def colouring(name: str) -> Spec:
    """Minimum sum colouring (the chromatic sum, Kubicka 1989): x[v][c] node v has colour c;
    colour c costs c + 1, minimise the sum over the nodes; each node exactly one colour;
    adjacent nodes not both colour c (x_uc + x_vc <= 1, per edge and colour)."""
    s = Spec(name, (GRAPH_NODES, COLOURS))
    for v in range(GRAPH_NODES):
        for c in range(COLOURS):
            s.linear[s.var(v, c)] = float(c + 1)
    s.rows += [("node_%d" % v, [(s.var(v, c), 1) for c in range(COLOURS)], "==", 1) for v in range(GRAPH_NODES)]
    for u, v in GRAPH_EDGES:
        for c in range(COLOURS):
            s.rows.append(("conflict_%d_%d_%d" % (u, v, c), [(s.var(u, c), 1), (s.var(v, c), 1)], "<=", 1))
    return s


# Four unit jobs on one machine with five slots: weights of the weighted completion time,
# precedences (a before b), and a release (job 3 not in slot 0).
JOBS, SLOTS = 4, 5
WEIGHTS = [3, 1, 4, 2]
PRECEDES = [(0, 1), (2, 3)]
RELEASE = [(3, 0)]


def scheduling(name: str) -> Spec:
    """x[j][t]: job j runs in slot t; minimise sum_j w_j (t + 1) x_jt (weighted completion
    time); each job in exactly one slot; at most one job per slot (capacity 1); a before b as
    not-both x_a,s + x_b,t <= 1 for every t <= s; job 3 released after slot 0 (x_3_0 = 0)."""
    s = Spec(name, (JOBS, SLOTS))
    for j in range(JOBS):
        for t in range(SLOTS):
            s.linear[s.var(j, t)] = float(WEIGHTS[j] * (t + 1))
    s.rows += [("job_%d" % j, [(s.var(j, t), 1) for t in range(SLOTS)], "==", 1) for j in range(JOBS)]
    s.rows += [("slot_%d" % t, [(s.var(j, t), 1) for j in range(JOBS)], "<=", 1) for t in range(SLOTS)]
    for a, b in PRECEDES:
        for sa in range(SLOTS):
            for tb in range(sa + 1):
                s.rows.append(("prec_%d_%d_%d_%d" % (a, sa, b, tb), [(s.var(a, sa), 1), (s.var(b, tb), 1)], "<=", 1))
    for j, t in RELEASE:
        s.rows.append(("release_%d_%d" % (j, t), [(s.var(j, t), 1)], "==", 0))
    return s


# --------------------------------------------------------------------------------------------
# The writers. Each names variables and rows its own way (the tools' defaults where they have
# one) and writes the file with the call its users call.


def by_dimod(s: Spec, path: Path) -> None:
    import dimod

    cqm = dimod.ConstrainedQuadraticModel()
    name = lambda v: "%s_%d_%d" % ((s.letter,) + s.keys[v])
    for v in range(len(s.keys)):
        cqm.add_variable("BINARY", name(v))
    bqm = dimod.BinaryQuadraticModel("BINARY")
    for v in range(len(s.keys)):
        bqm.add_variable(name(v))
    for v, w in s.linear.items():
        bqm.add_linear(name(v), w)
    for (u, v), w in s.pairs.items():
        bqm.add_quadratic(name(u), name(v), w)
    cqm.set_objective(bqm)
    for row, terms, rel, rhs in s.rows:
        cqm.add_constraint_from_iterable([(name(v), c) for v, c in terms], rel, rhs, label=row)
    with open(path, "w") as f:
        dimod.lp.dump(cqm, f)


def docplex_model(s: Spec):
    from docplex.mp.model import Model

    m = Model(name=s.name)
    x = m.binary_var_matrix(range(s.dims[0]), range(s.dims[1]), name=s.letter)
    xs = [x[k] for k in s.keys]
    obj = m.sum(w * xs[v] for v, w in s.linear.items()) + m.sum(w * xs[u] * xs[v] for (u, v), w in s.pairs.items())
    m.minimize(obj)
    for row, terms, rel, rhs in s.rows:
        e = m.sum(c * xs[v] for v, c in terms)
        # docplex's own names: constraints unnamed, so it writes c1, c2, ...
        m.add_constraint(e == rhs if rel == "==" else (e <= rhs if rel == "<=" else e >= rhs))
    return m


def by_docplex(s: Spec, path: Path) -> None:
    m = docplex_model(s)
    # export_as_lp_string: the text export_as_lp writes, without its file-name comment line.
    path.write_text(m.export_as_lp_string())


def by_qiskit(s: Spec, path: Path) -> None:
    from qiskit_optimization import QuadraticProgram

    qp = QuadraticProgram(s.name)
    name = lambda v: "%s%d%d" % ((s.letter,) + s.keys[v])
    for v in range(len(s.keys)):
        qp.binary_var(name(v))
    qp.minimize(linear={name(v): w for v, w in s.linear.items()},
                quadratic={(name(u), name(v)): w for (u, v), w in s.pairs.items()})
    sense = {"==": "==", "<=": "<=", ">=": ">="}
    for row, terms, rel, rhs in s.rows:
        qp.linear_constraint(linear={name(v): c for v, c in terms}, sense=sense[rel], rhs=rhs, name=row)
    qp.write_to_lp_file(str(path))


def by_pyomo(s: Spec, path: Path) -> None:
    import pyomo.environ as pe

    m = pe.ConcreteModel(s.name)
    m.I = pe.RangeSet(0, s.dims[0] - 1)
    m.J = pe.RangeSet(0, s.dims[1] - 1)
    m.x = pe.Var(m.I, m.J, within=pe.Binary)
    xs = [m.x[k] for k in s.keys]
    m.obj = pe.Objective(expr=sum(w * xs[v] for v, w in s.linear.items())
                         + sum(w * xs[u] * xs[v] for (u, v), w in s.pairs.items()), sense=pe.minimize)
    m.c = pe.ConstraintList()
    for row, terms, rel, rhs in s.rows:
        e = sum(c * xs[v] for v, c in terms)
        m.c.add(e == rhs if rel == "==" else (e <= rhs if rel == "<=" else e >= rhs))
    m.write(str(path), io_options={"symbolic_solver_labels": True})


def pulp_model(s: Spec):
    import pulp

    assert not s.pairs, "PuLP writes linear models only"
    m = pulp.LpProblem(s.name, pulp.LpMinimize)
    x = pulp.LpVariable.dicts(s.letter, (range(s.dims[0]), range(s.dims[1])), cat="Binary")
    xs = [x[a][b] for a, b in s.keys]
    m += pulp.lpSum(w * xs[v] for v, w in s.linear.items())
    for row, terms, rel, rhs in s.rows:
        e = pulp.lpSum(c * xs[v] for v, c in terms)
        m += (e == rhs if rel == "==" else (e <= rhs if rel == "<=" else e >= rhs)), row
    return m, xs


def by_pulp(s: Spec, path: Path) -> None:
    m, _ = pulp_model(s)
    if path.suffix == ".mps":
        m.writeMPS(str(path))
    else:
        m.writeLP(str(path))


def by_gurobi(s: Spec, path: Path) -> None:
    import gurobipy as gp

    with gp.Env(params={"OutputFlag": 0}) as env, gp.Model(s.name, env=env) as m:
        x = m.addVars(s.dims[0], s.dims[1], vtype=gp.GRB.BINARY, name=s.letter)
        xs = [x[k] for k in s.keys]
        obj = gp.QuadExpr(gp.quicksum(w * xs[v] for v, w in s.linear.items()))
        for (u, v), w in s.pairs.items():
            obj.add(xs[u] * xs[v], w)
        m.setObjective(obj, gp.GRB.MINIMIZE)
        for row, terms, rel, rhs in s.rows:
            e = gp.quicksum(c * xs[v] for v, c in terms)
            m.addConstr(e == rhs if rel == "==" else (e <= rhs if rel == "<=" else e >= rhs), name=row)
        m.update()
        m.write(str(path))


def by_cplex(s: Spec, path: Path) -> None:
    import cplex

    c = cplex.Cplex()
    c.set_results_stream(None)
    c.set_log_stream(None)
    c.set_warning_stream(None)
    c.set_problem_name(s.name)
    cols = ["%s(%d,%d)" % ((s.letter,) + k) for k in s.keys]
    c.variables.add(obj=[s.linear.get(v, 0.0) for v in range(len(cols))], types="B" * len(cols), names=cols)
    # CPLEX's objective is 1/2 x'Qx: a product w x_u x_v is Q[u][v] = w (and Q[v][u] = w).
    if s.pairs:
        c.objective.set_quadratic_coefficients([(cols[u], cols[v], w) for (u, v), w in s.pairs.items()])
    sense = {"==": "E", "<=": "L", ">=": "G"}
    for row, terms, rel, rhs in s.rows:
        c.linear_constraints.add(lin_expr=[cplex.SparsePair([cols[v] for v, _ in terms], [float(a) for _, a in terms])],
                                 senses=sense[rel], rhs=[float(rhs)], names=[row])
    c.write(str(path))


def highs_linear(s: Spec):
    """A HiGHS model of `s`'s binary columns, linear objective and rows (quiet; no products)."""
    import highspy
    import numpy as np

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    for v in range(len(s.keys)):
        h.addVar(0, 1)
        h.changeColCost(v, s.linear.get(v, 0.0))
        h.changeColIntegrality(v, highspy.HighsVarType.kInteger)
    inf = highspy.kHighsInf
    for row, terms, rel, rhs in s.rows:
        lo, up = (rhs, rhs) if rel == "==" else ((-inf, rhs) if rel == "<=" else (rhs, inf))
        h.addRow(lo, up, len(terms), np.array([v for v, _ in terms], dtype=np.int32),
                 np.array([float(c) for _, c in terms], dtype=np.float64))
    return h


def by_highs(s: Spec, path: Path) -> None:
    assert not s.pairs, "HiGHS writes a quadratic objective only for continuous models"
    h = highs_linear(s)
    # HiGHS's own names: columns and rows unnamed, so it writes its defaults.
    h.writeModel(str(path))


WRITERS = {"dimod": (by_dimod, "lp"), "docplex": (by_docplex, "lp"), "qiskit": (by_qiskit, "lp"),
           "pyomo": (by_pyomo, "lp"), "pulp": (by_pulp, "lp"), "pulp-mps": (by_pulp, "mps"),
           "gurobi": (by_gurobi, "lp"), "gurobi-mps": (by_gurobi, "mps"), "cplex": (by_cplex, "lp"),
           "cplex-mps": (by_cplex, "mps"), "highs": (by_highs, "lp"), "highs-mps": (by_highs, "mps")}


# --------------------------------------------------------------------------------------------
# The classical optimum


def highs_optimum(s: Spec) -> Tuple[float, List[int], str]:
    """HiGHS's MIP optimum. A quadratic objective (HiGHS solves no MIQP) is linearised first:
    each product w x_u x_v (all weights here are >= 0) becomes w y_uv with y_uv >= x_u + x_v - 1,
    y_uv in [0, 1] continuous, exact at the optimum for w >= 0."""
    import highspy
    import numpy as np

    h = highs_linear(s)
    h.setOptionValue("threads", 1)
    h.setOptionValue("random_seed", 0)
    inf = highspy.kHighsInf
    n = len(s.keys)
    col = n
    for (u, v), w in s.pairs.items():
        assert w >= 0
        h.addVar(0, 1)
        h.changeColCost(col, w)
        # y - x_u - x_v >= -1
        h.addRow(-1, inf, 3, np.array([col, u, v], dtype=np.int32), np.array([1.0, -1.0, -1.0]))
        col += 1
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal, h.modelStatusToString(h.getModelStatus())
    x = [int(round(v)) for v in list(h.getSolution().col_value)[:n]]
    how = "HiGHS %s MIP" % h.version() if hasattr(h, "version") else "HiGHS MIP"
    if s.pairs:
        how += ", products linearised (%d y >= x_u + x_v - 1)" % len(s.pairs)
    return h.getInfo().objective_function_value, x, how


def cbc_optimum(s: Spec) -> Tuple[float, List[int]]:
    import pulp

    m, xs = pulp_model(s)
    m.solve(pulp.PULP_CBC_CMD(msg=False, threads=1))
    assert pulp.LpStatus[m.status] == "Optimal"
    return pulp.value(m.objective), [int(round(v.value())) for v in xs]


def brute_force(s: Spec) -> Tuple[float, float, int, int, float]:
    """Over the one-hot states of the model's first index (one b per a): least and greatest
    objective among the feasible states, the optimal states, the feasible states and the mean
    objective over the feasible states."""
    A, B = s.dims
    best, worst, n_opt, n_feas, total = math.inf, -math.inf, 0, 0, 0.0
    for choice in itertools.product(range(B), repeat=A):
        x = [0] * len(s.keys)
        for a, b in enumerate(choice):
            x[s.var(a, b)] = 1
        if not s.feasible(x):
            continue
        f = s.objective(x)
        n_feas += 1
        total += f
        if f < best - 1e-9:
            best, n_opt = f, 1
        elif abs(f - best) <= 1e-9:
            n_opt += 1
        worst = max(worst, f)
    return best, worst, n_opt, n_feas, total / n_feas


def ring_moves(s: Spec) -> Dict[str, object]:
    """On an n x n assignment model (one per row and one per column), the states that the
    switch-ring mixer's moves join: a move exchanges the columns of rows i and i + 1 (mod n)
    where those columns are a and a + 1 (mod n) (docs/usage.md: the ring pairs neighbouring rows
    and columns, closing on the first and last). Counted over the n! permutations: the connected
    components of the move graph, the states no move leaves, and the optimal states among
    them (their amplitude under the switch-ring mixer keeps its start value), and the states of
    the components that hold an optimum."""
    n = s.dims[0]
    perms = list(itertools.permutations(range(n)))

    def moves(p):
        out = []
        for i in range(n):
            j = (i + 1) % n
            for a in range(n):
                if {p[i], p[j]} == {a, (a + 1) % n}:
                    q = list(p)
                    q[i], q[j] = q[j], q[i]
                    out.append(tuple(q))
        return out

    def value(p):
        x = [0] * len(s.keys)
        for a, b in enumerate(p):
            x[s.var(a, b)] = 1
        return s.objective(x)

    component, count = {}, 0
    for p in perms:
        if p in component:
            continue
        stack, component[p] = [p], count
        while stack:
            for q in moves(stack.pop()):
                if q not in component:
                    component[q] = count
                    stack.append(q)
        count += 1
    best = min(value(p) for p in perms)
    optimal = [p for p in perms if abs(value(p) - best) < 1e-9]
    # The mixer moves amplitude only inside a component and the cost is diagonal, so from the
    # uniform start the probability of the optimal states stays at most the share of the
    # states in their components.
    holding = {component[p] for p in optimal}
    reach = sum(1 for c in component.values() if c in holding)
    return {"states": len(perms), "components": count, "optimal_components_states": reach,
            "isolated_states": sum(1 for p in perms if not moves(p)),
            "optimal_isolated": sum(1 for p in optimal if not moves(p)), "optimal": len(optimal),
            "largest_component": max(sum(1 for c in component.values() if c == k) for k in range(count))}


# --------------------------------------------------------------------------------------------

MODELS = [
    # (spec, writers): each model by at least two writers.
    ("qap5", ["dimod", "docplex", "gurobi", "cplex-mps"]),
    ("qap6", ["dimod", "gurobi-mps"]),
    ("tsp5", ["qiskit", "pyomo", "cplex"]),
    ("tsp6", ["docplex", "gurobi"]),
    ("colour6", ["pulp", "highs", "highs-mps", "pyomo", "dimod"]),
    ("sched4x5", ["pulp", "pulp-mps", "docplex", "gurobi", "cplex"]),
]


def specs(write_dat: bool = True) -> Dict[str, Spec]:
    out = {}
    for n, seed in ((5, 5), (6, 6)):
        flow, dist = qap_data(n, seed)
        dat = HERE / ("qap%d.dat" % n)
        if write_dat:
            write_qaplib(dat, flow, dist)
        a, b = read_qaplib(dat)  # converted from the QAPLIB file, not from the arrays
        out["qap%d" % n] = qap("qap%d" % n, a, b)
    out["tsp5"] = tsp("tsp5", tsp_data(5, 5))
    out["tsp6"] = tsp("tsp6", tsp_data(6, 6))
    out["colour6"] = colouring("colour6")
    out["sched4x5"] = scheduling("sched4x5")
    return out


def specs_without_files() -> Dict[str, Spec]:
    """The models as make_models.py writes them, writing nothing (the QAPs read from qap*.dat)."""
    return specs(write_dat=False)


def main() -> int:
    FILES.mkdir(parents=True, exist_ok=True)
    all_specs = specs()
    optimum = {}
    for name, writers in MODELS:
        s = all_specs[name]
        files = []
        for w in writers:
            write, ext = WRITERS[w]
            path = FILES / ("%s.%s.%s" % (name, w.replace("-mps", ""), ext))
            write(s, path)
            files.append(str(path.relative_to(HERE.parent.parent)))
        value, x, how = highs_optimum(s)
        best, worst, n_opt, n_feas, mean = brute_force(s)
        assert abs(value - best) < 1e-6, (name, value, best)
        assert s.feasible(x) and abs(s.objective(x) - best) < 1e-6
        entry = {
            "model": name, "files": files, "variables": len(s.keys), "constraints": len(s.rows),
            "products": len(s.pairs), "linear_terms": len(s.linear),
            "optimum": best, "solver": how, "solution": [s.keys[v] for v in range(len(x)) if x[v]],
            "worst_feasible": worst, "mean_feasible": mean,
            # The approximation ratio of a uniform choice among the feasible states.
            "uniform_feasible_ratio": (worst - mean) / (worst - best) if worst > best else 1.0,
            "optimal_states": n_opt, "feasible_states": n_feas,
            "brute_force": "every state with one %s per %s: %d^%d" % (
                "column", "row", s.dims[1], s.dims[0]),
        }
        if s.name.startswith(("qap", "tsp")):
            entry["switch_ring"] = ring_moves(s)
        if not s.pairs:
            cbc, xc = cbc_optimum(s)
            assert abs(cbc - best) < 1e-6, (name, cbc, best)
            entry["cbc_optimum"] = cbc
        optimum[name] = entry
        print("%s: optimum %g (%d optimal of %d feasible states); %s" % (name, best, n_opt, n_feas, ", ".join(files)))
    with open(HERE / "optimum.json", "w") as f:
        json.dump(optimum, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
