#!/usr/bin/env python3
"""Turn results/bench/{quzzle,peers}.jsonl and bandwidth.txt into the table of results/bench.md."""
import json
import os
import re

here = os.path.dirname(os.path.abspath(__file__))
quzzle = {r["qubits"]: r for r in map(json.loads, open(os.path.join(here, "quzzle.jsonl"))) if r}
peers = {}
for line in open(os.path.join(here, "peers.jsonl")):
    if line.strip().startswith("{"):
        r = json.loads(line)
        peers[(r["tool"], r["qubits"])] = r
# One rmw figure (earlier sittings: after the tools) or two (before and after); the floor takes the
# higher, the stricter floor.
rmws = []
for line in open(os.path.join(here, "bandwidth.txt")):
    m = re.match(r"\s*rmw\s+([0-9.]+)\s*GB/s", line)
    if m:
        rmws.append(float(m.group(1)))
rmw = max(rmws) if rmws else None
if len(rmws) == 2:
    print(f"In-place read+write bandwidth (2 threads): {rmws[0]} GB/s before, {rmws[1]} GB/s after; the floor uses {rmw}\n")
else:
    print(f"In-place read+write bandwidth (2 threads): {rmw} GB/s\n")
print("| n | quzzle eval (s) | quzzle gradient (s) | grad/eval | diagonal (s) | QOKit-C (s) | Qulacs (s) | Aer (s) | vs QOKit | floor (s) | vs floor | energies agree |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for n in sorted(quzzle):
    q = quzzle[n]
    t = {tool: peers.get((tool, n), {}).get("seconds") for tool in ("qokit-c", "qulacs", "aer-sv")}
    floor = q["p"] * 2 * 32 * 2**n / (rmw * 1e9) if rmw else float("nan")
    energies = [peers[(tool, n)]["energy"] for tool in ("qokit-c", "qulacs", "aer-sv") if (tool, n) in peers]
    agree = all(abs(e - q["energy"]) < 1e-8 * max(1.0, abs(e)) for e in energies) and bool(energies)
    fmt = lambda x: "-" if x is None else f"{x:.4g}"
    vs_qokit = f"{t['qokit-c'] / q['seconds']:.1f}x" if t["qokit-c"] else "-"
    print(f"| {n} | {q['seconds']:.4g} | {q['gradient_seconds']:.4g} | {q['gradient_seconds'] / q['seconds']:.2f} | "
          f"{q['precompute_seconds']:.3g} | {fmt(t['qokit-c'])} | {fmt(t['qulacs'])} | {fmt(t['aer-sv'])} | {vs_qokit} | "
          f"{floor:.3g} | {q['seconds'] / floor:.2f}x | {'yes' if agree else 'NO'} |")
