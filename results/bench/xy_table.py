#!/usr/bin/env python3
"""The XY-vs-QOKit table of results/bench.md from results/bench/xy/{quzzle,qokit}.jsonl
(written by results/bench/xy.sh): one row per n, written to results/bench/xy/table.md."""
import json
import math
import os
import re

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "xy")


def rows(name):
    return [json.loads(line) for line in open(os.path.join(out, name)) if line.strip()]


def ratio(x):
    return f"{x:.1f}x" if x < 10 else f"{x:.0f}x"


def spread(r):
    """The fastest and slowest timed call."""
    return f"{min(r['all_seconds']):.4g}–{max(r['all_seconds']):.4g}"


quzzle = {r["qubits"]: r for r in rows("quzzle.jsonl")}
qokit = {r["qubits"]: r for r in rows("qokit.jsonl")}
load = [float(x) for x in re.findall(r"load average: ([\d.]+)", open(os.path.join(out, "load.txt")).read())]
lines = [
    "| n | k | C(n, k) | quzzle (s) | quzzle range (s) | QOKit xyring (s) | QOKit range (s) | QOKit / quzzle | energy (quzzle) | energy (QOKit) | agree (1e-8) |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |",
]
for n in sorted(quzzle):
    q, c = quzzle[n], qokit.get(n)
    k = int(q["space"].removeprefix("dicke-"))
    assert int(q["dimension"]) == math.comb(n, k), (n, q["dimension"])
    if c is None:
        lines.append(f"| {n} | {k} | {math.comb(n, k):,} | {q['seconds']:.4f} | {spread(q)} | (not run) | | | {q['energy']:.10f} | | |")
        continue
    assert c["k"] == k and c["p"] == q["p"], (n, c, q)
    agree = abs(q["energy"] - c["energy"]) <= 1e-8 * max(1.0, abs(c["energy"]))
    lines.append(
        f"| {n} | {k} | {math.comb(n, k):,} | {q['seconds']:.4f} | {spread(q)} | {c['seconds']:.3f} | {spread(c)} | "
        f"{ratio(c['seconds'] / q['seconds'])} | {q['energy']:.10f} | {c['energy']:.10f} | {'yes' if agree else 'NO'} |"
    )
lines.append("")
lines.append(
    f"p = {next(iter(quzzle.values()))['p']}; medians of 3 timed calls after a warm-up; quzzle "
    f"{next(iter(quzzle.values()))['threads']} threads ({next(iter(quzzle.values()))['simd']} kernels), "
    f"QOKit OMP_NUM_THREADS={next(iter(qokit.values()), {}).get('threads')} "
    f"({next(iter(qokit.values()), {}).get('csim_lib')}, qokit {next(iter(qokit.values()), {}).get('qokit')}); "
    f"1-minute load average over the run: {min(load):.2f}–{max(load):.2f}."
)
open(os.path.join(out, "table.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
