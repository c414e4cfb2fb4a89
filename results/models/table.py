#!/usr/bin/env python3
"""The tables of results/models/README.md and its line in the top README.md, from what run.sh
stores: optimum.json (make_models.py: each model's optimum from HiGHS, CBC beside it on the
linear models, brute force over the one-hot states, the switch-ring mixer's move graph),
info/F.json and info/F.text.json (`quzzle info`, JSON and text), ising/F.json (`quzzle ising`),
solve/F.MIXER.json (`quzzle solve --space auto --mixer MIXER --depths 1..5 --json`),
qasm/F.json (the experiment index of `quzzle qasm --depths 1..5` and each circuit's gates) and
anneal/F.{full,auto}.json (`quzzle anneal --json`). tools/tables.py calls these functions for
the blocks named models-*; `python3 results/models/table.py` runs tools/tables.py (every
README's blocks).

Every value is read unrounded and rounded once, when printed. Python standard library only.
"""
import glob
import json
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from tables import span  # noqa: E402

MODELS = [("qap5", "QAP, 5 facilities"), ("qap6", "QAP, 6 facilities"), ("tsp5", "TSP, 5 cities"),
          ("tsp6", "TSP, 6 cities"), ("colour6", "sum colouring, 6 nodes × 3 colours"),
          ("sched4x5", "schedule, 4 jobs × 5 slots")]
WRITERS = {
    "dimod": "dimod `lp.dump`", "docplex": "docplex `export_as_lp_string`",
    "qiskit": "qiskit-optimization `write_to_lp_file`", "pyomo": "pyomo `write` (symbolic labels)",
    "pulp": "PuLP `writeLP`", "pulp.mps": "PuLP `writeMPS`", "gurobi": "Gurobi `Model.write`", "cplex": "CPLEX `Cplex.write`",
    "highs": "HiGHS `writeModel`",
}
MIXER_ORDER = ["switch-complete", "switch-ring", "xy-ring", "xy-complete"]
TWO_QUBIT = ("cx", "rzz", "xy_mixer", "cry", "cz")


def load(root, *parts):
    with open(os.path.join(root, "results/models", *parts)) as f:
        return json.load(f)


def files(root, model):
    """The model's files (their base names), in the order of optimum.json (make_models.py's)."""
    return [os.path.basename(f) for f in load(root, "optimum.json")[model]["files"]]


def writer(name):
    return name.split(".")[1]


def writer_label(name):
    """The writer and the call that wrote the file (PuLP has one call per format)."""
    w = writer(name)
    return WRITERS.get(w + "." + name.split(".")[-1], WRITERS[w])


def fmt(x):
    """Three decimals where they show two significant digits, else two digits and an exponent."""
    if x >= 0.0095 or x == 0:
        return "%.3f" % x
    return ("%.1e" % x).replace("e-0", "e-")


def sec(x):
    return ("%.2g s" % x) if x >= 0.01 else ("%.1e s" % x).replace("e-0", "e-")


def solve_reports(root, name):
    """{mixer: report} of one file."""
    out = {}
    for path in glob.glob(os.path.join(root, "results/models/solve", name + ".*.json")):
        mixer = os.path.basename(path)[len(name) + 1:-len(".json")]
        with open(path) as f:
            out[mixer] = json.load(f)
    return out


def mixers_of(root, name):
    reports = solve_reports(root, name)
    return [m for m in MIXER_ORDER if m in reports]


def same_solve(a, b):
    """Two solve reports alike but for the file, its names and the timings: the space, blocks'
    qubits, optimal states and every depth's angles, probabilities and counts."""
    def strip(r):
        r = dict(r)
        for k in ("file", "puzzle_sha256", "qubit_cells"):
            r.pop(k, None)
        r["blocks"] = [{k: v for k, v in b.items() if k != "label"} for b in r["blocks"]]
        r["depths"] = [{k: v for k, v in d.items() if k != "seconds"} for d in r["depths"]]
        return r
    return strip(a) == strip(b)


def same_anneal(a, b):
    """Two anneal reports alike but for the file and the timings."""
    drop = ("file", "puzzle_sha256", "seconds", "seconds_per_read", "wall_seconds_per_read", "tts99_seconds")
    return {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def ising_bytes(root, name):
    with open(os.path.join(root, "results/models/ising", name + ".json"), "rb") as f:
        return f.read()


def lp_line(root, name):
    """(variables, constraints) from info's text: `LP model: N binary variables, M constraints`."""
    text = load(root, "info", name + ".text.json")["stdout"]
    m = re.search(r"LP model: (\d+) binary variables?, (\d+) constraints?", text)
    return int(m.group(1)), int(m.group(2))


def families(info):
    """`row 5×5, column 5×5; assignment` from info's structure lines."""
    parts, crossing = [], False
    for line in info["structure"]:
        m = re.match(r"(\w+): (\d+) exact counts? of ([\d–]+) variables", line)
        if m:
            parts.append("%s %s×%s" % (m.group(1), m.group(2), m.group(3)))
        elif line.startswith("row and column cross as an assignment"):
            crossing = True
    return ", ".join(parts) + ("; assignment (rows+cols)" if crossing else "; no assignment")


def files_table(root):
    out = ["| model | file | writer | variables | constraints | qubits at `paper` | families of exact counts | "
           "auto space (states): switch / XY mixer | `ising` same bytes as the first file | `solve` and `anneal` reports alike |",
           "| --- | --- | --- | ---: | ---: | ---: | --- | --- | --- | --- |"]
    for model, label in MODELS:
        names = files(root, model)
        first = names[0]
        for i, name in enumerate(names):
            info = load(root, "info", name + ".json")
            variables, constraints = lp_line(root, name)
            rec = info["recommended"]
            xy = next(s for s in info["spaces"] if s["space"] == info["xy_auto"])
            auto = "%s (%.0f) / %s (%.0f)" % (rec["space"], rec["dimension"], xy["resolved"], xy["dimension"]) \
                if rec["space"] == "rows+cols" else "– / %s (%.0f)" % (xy["resolved"], xy["dimension"])
            if i == 0:
                same, alike = "(first)", "(first)"
            else:
                same = "yes" if ising_bytes(root, name) == ising_bytes(root, first) else "**no**"
                a, b = solve_reports(root, name), solve_reports(root, first)
                ok = set(a) == set(b) and all(same_solve(a[m], b[m]) for m in a)
                ok = ok and all(same_anneal(load(root, "anneal", "%s.%s.json" % (name, s)),
                                            load(root, "anneal", "%s.%s.json" % (first, s))) for s in ("full", "auto"))
                alike = "yes (%d solve, 2 anneal)" % len(a) if ok else "**no**"
            out.append("| %s | `%s` | %s | %d | %d | %d | %s | %s | %s | %s |" % (
                label if i == 0 else "", name, writer_label(name), variables, constraints, info["qubits"],
                families(info), auto, same, alike))
    return out


def qaoa_table(root):
    opt = load(root, "optimum.json")
    out = ["| model | space (states) | mixer | optimal states (uniform P) | P(optimal) p = 1..5 | P(feasible) p = 1 → 5 | "
           "approximation ratio p = 1 → 5 (uniform over the feasible states) | most likely state optimal, p = 1..5 | circuit: two-qubit gates at p = 1 |",
           "| --- | --- | --- | ---: | --- | --- | --- | --- | ---: |"]
    for model, label in MODELS:
        first = files(root, model)[0]
        qasm = load(root, "qasm", first + ".json")
        reports = solve_reports(root, first)
        for i, mixer in enumerate(mixers_of(root, first)):
            r = reports[mixer]
            d = r["depths"]
            gates = "–"
            if qasm["mixer"] == mixer:
                g = qasm["circuits"]["1"]["gates"]
                gates = "{:,}".format(sum(v for k, v in g.items() if k in TWO_QUBIT))
            out.append("| %s | %s (%.0f) | %s | %.0f (%s) | %s | %s → %s | %s → %s (%.3f) | %s | %s |" % (
                label if i == 0 else "", r["space"], r["dimension"], mixer, r["valid_states"], fmt(r["uniform_baseline"]),
                " ".join(fmt(x["success_probability"]) for x in d), fmt(d[0]["p_feasible"]), fmt(d[-1]["p_feasible"]),
                "%.3f" % d[0]["approx_ratio"], "%.3f" % d[-1]["approx_ratio"], opt[model]["uniform_feasible_ratio"],
                "".join("✓" if x["top_is_valid"] else "·" for x in d), gates))
    return out


def anneal_cell(reports):
    """P(optimal) per read, feasible reads, TTS99 (median over the writers' files: the reads are
    the same, the seconds are this machine's)."""
    a = reports[0]
    t = [r["tts99_seconds"] for r in reports if r.get("tts99_seconds") is not None]
    return "%s (%d / %d feasible), %s" % (fmt(a["p_valid"]), a["feasible_reads"], a["reads"],
                                          sec(statistics.median(t)) if t else "never")


def classical_table(root):
    opt = load(root, "optimum.json")
    out = ["| model | optimum (HiGHS%s) | optimal / feasible states (brute force) | `solve`'s optimal states | "
           "QAOA best P(optimal) (mixer, p) | anneal, full space: P(optimal) per read (feasible reads), TTS99 | "
           "anneal, auto space | anneal's best read optimal | qasm P(valid) = solve's |" % (", CBC through PuLP" if any(
               "cbc_optimum" in o for o in opt.values()) else ""),
           "| --- | ---: | ---: | ---: | --- | --- | --- | --- | --- |"]
    for model, label in MODELS:
        o = opt[model]
        names = files(root, model)
        first = names[0]
        reports = solve_reports(root, first)
        best = max(((d["success_probability"], -d["p"], m) for m, r in reports.items() for d in r["depths"]))
        full = [load(root, "anneal", n + ".full.json") for n in names]
        auto = [load(root, "anneal", n + ".auto.json") for n in names]
        reached = all(r["valid_reads"] > 0 for r in full + auto)
        qasm = load(root, "qasm", first + ".json")
        solved = reports[qasm["mixer"]]["depths"]
        qasm_ok = all(abs(e["success_probability"] - d["success_probability"]) <= 1e-12
                      for e, d in zip(qasm["experiment"]["depths"], solved)) and len(solved) == len(qasm["experiment"]["depths"])
        valid = {r["valid_states"] for r in reports.values()}
        out.append("| %s | %g%s | %d / %d | %s | %s (%s, p = %d) | %s | %s: %s | %s | %s (%s) |" % (
            label, o["optimum"], (" (CBC %g)" % o["cbc_optimum"]) if "cbc_optimum" in o else "",
            o["optimal_states"], o["feasible_states"], ", ".join("%.0f" % v for v in sorted(valid)),
            fmt(best[0]), best[2], -best[1], anneal_cell(full), auto[0]["space"], anneal_cell(auto),
            "yes" if reached else "**no**", "yes" if qasm_ok else "**no**", qasm["mixer"]))
    return out


def ring_notes(root):
    """One line per assignment model: the switch-ring mixer's move graph against its P(optimal)."""
    opt = load(root, "optimum.json")
    out = []
    for model, label in MODELS:
        ring = opt[model].get("switch_ring")
        if not ring:
            continue
        r = solve_reports(root, files(root, model)[0])["switch-ring"]
        best = max(d["success_probability"] for d in r["depths"])
        bound = ring["optimal_components_states"] / ring["states"]
        holds = ("the optimal state is one of the states with no move" if ring["optimal"] == 1 and ring["optimal_isolated"]
                 else "the components of its %d optimal states hold %d states" % (ring["optimal"], ring["optimal_components_states"]))
        out.append("- %s: the switch-ring moves split the %d permutations into %d components (the largest of %d "
                   "states; %d states with no move); %s, so from the uniform start (the mixer moves probability only "
                   "inside a component) P(optimal) can never pass %s; measured at most %s over p = 1..5." % (
                       label, ring["states"], ring["components"], ring["largest_component"], ring["isolated_states"],
                       holds, fmt(bound), fmt(best)))
    return out


def check_line(root):
    """check/*.json (check_state.py): solve's figures against the statevector scored independently."""
    checks = [load(root, "check", os.path.basename(p)) for p in sorted(glob.glob(os.path.join(root, "results/models/check/*.json")))]
    labels = dict(MODELS)
    models = sorted({c["model"] for c in checks}, key=[m for m, _ in MODELS].index)
    worst = max(c["largest_difference"] for c in checks)
    return ["%d circuits (%s; %s; p = %s) scored from their statevectors by check_state.py give solve's P(optimal), "
            "P(feasible) and approximation ratio %s." % (
                len(checks), " and ".join(labels[m] for m in models), " and ".join(sorted({c["mixer"] for c in checks})),
                span([c["p"] for c in checks], str).replace("–", ".."),
                "to the last bit" if worst == 0 else "to within %.1e" % worst)]


def cost(root):
    """What the stored reports record of their compute: every solve depth's seconds and every
    anneal run's."""
    solve = [d["seconds"] for p in glob.glob(os.path.join(root, "results/models/solve/*.json"))
             for d in load(root, "solve", os.path.basename(p))["depths"]]
    anneal = [load(root, "anneal", os.path.basename(p))["seconds"]
              for p in glob.glob(os.path.join(root, "results/models/anneal/*.json"))]
    return ["The stored reports record %.1f s of QAOA optimisation (%d solve reports, %d depths) and %.1f s of "
            "annealing (%d runs of 1000 reads), on the shared 2-core machine." % (
                sum(solve), len(glob.glob(os.path.join(root, "results/models/solve/*.json"))), len(solve),
                sum(anneal), len(anneal))]


POLICIES = [
    ("default", "quzzle's default: every weight 1, the objective / λ (qiskit-optimization's and ToQUBO's, divided by λ)"),
    ("tight", "every weight (f_worst − f_opt + 1)/λ: just above the objective's spread over the feasible states"),
    ("strong", "every weight 4"),
    ("qiskit", "qiskit-optimization's shape / λ: the \"at most one\" slot rows at 0.5"),
]


def penalty_table(root):
    """penalty/F.POLICY.json (`solve F --space full --mixer x --depths 1..5 --init interp --seed 0
    --json --penalty ...`): P(optimal) per depth under each policy, P(feasible) and the ratio at
    p = 5, and the seconds of the five depths."""
    out = ["| model | qubits | policy | `--penalty` | P(optimal) p = 1 | 2 | 3 | 4 | 5 | P(feasible) p = 5 | ratio p = 5 | seconds |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    labels = dict(MODELS)
    total = 0.0
    for path in sorted(glob.glob(os.path.join(root, "results/models/penalty/*.json")),
                       key=lambda p: ([m for m, _ in MODELS].index(os.path.basename(p).split(".")[0]),
                                      [n for n, _ in POLICIES].index(os.path.basename(p).split(".")[-2]))):
        name = os.path.basename(path)
        policy = name.split(".")[-2]
        r = load(root, "penalty", name)
        d = r["depths"]
        given = r.get("penalty", {})
        flags = ", ".join("`%s=%g`" % (k, v) for k, v in given.items()) if given else "none"
        seconds = sum(x["seconds"] for x in d)
        total += seconds
        out.append("| %s | %d | %s | %s | %s | %s | %s | %s |" % (
            labels[name.split(".")[0]], r["qubits"], policy, flags,
            " | ".join(fmt(x["success_probability"]) for x in d), fmt(d[-1]["p_feasible"]),
            fmt(d[-1]["approx_ratio"]), sec(seconds)))
    out.append("")
    out.append("The %d runs took %.0f s of optimisation in all (their reports' `seconds`), on the shared 2-core machine." % (
        len(out) - 3, total))
    return out


def summary(root):
    """The line of the top README: models, writers, agreement, P(optimal) at p = 5 on the
    recommended circuit, annealing."""
    opt = load(root, "optimum.json")
    names = [n for m, _ in MODELS for n in files(root, m)]
    writers = sorted({writer(n) for n in names})
    agree = all(ising_bytes(root, n) == ising_bytes(root, files(root, m)[0]) for m, _ in MODELS for n in files(root, m))
    parts = []
    for model, label in MODELS:
        first = files(root, model)[0]
        mixer = load(root, "qasm", first + ".json")["mixer"]
        r = solve_reports(root, first)[mixer]
        parts.append("%s %s (%s on %s, uniform %s)" % (
            label, fmt(r["depths"][-1]["success_probability"]), mixer, r["space"], fmt(r["uniform_baseline"])))
    reached = all(load(root, "anneal", "%s.%s.json" % (n, s))["valid_reads"] > 0 for n in names for s in ("full", "auto"))
    return ["- %d models, %d files from %d writers (%s): %s; P(optimal) at p = 5 on the circuit `info` recommends: %s; "
            "annealing's reads reach the optimum %s, which HiGHS gives for each model (brute force agrees)." % (
                len(MODELS), len(names), len(writers), ", ".join(w for w in writers),
                "every file of a model gives the same Ising model byte for byte" if agree
                else "**the files of a model do not all give the same Ising model**",
                "; ".join(parts), "on every file" if reached else "**not on every file**")]


if __name__ == "__main__":
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(subprocess.call([sys.executable, os.path.join(here, "tools", "tables.py")] + sys.argv[1:]))
