"""Markdown tables of a noisy sweep CSV: per instance and depth, the gates of the exported
circuit, noiseless P(valid), each model's noisy P(valid) +- standard error; then the depth at
which each curve peaks."""
import csv
import sys
from collections import defaultdict

rows = list(csv.DictReader(open(sys.argv[1])))
by_file = defaultdict(list)
for r in rows:
    by_file[r["file"]].append(r)
peaks = []
for f, rs in by_file.items():
    rs.sort(key=lambda r: int(r["p"]))
    models = rs[0]["noise"].split()
    name = f.rsplit("/", 1)[-1].removesuffix(".txt")
    print(f"### {name}: {rs[0]['qubits']} qubits, uniform baseline {float(rs[0]['uniform_baseline']):.3e}, "
          f"{rs[0]['noise_trajectories']} trajectories per estimate\n")
    head = "| p | h | rz | rx | cx | noiseless P(valid) | " + " | ".join(f"{m} P(valid) ± s.e." for m in models) + " | row seconds |"
    print(head)
    print("|" + " --- |" * (head.count("|") - 1))
    curves = {"noiseless": []}
    for m in models:
        curves[m] = []
    for r in rs:
        pv = [float(x) for x in r["noise_p_valid"].split()]
        se = [float(x) for x in r["noise_p_valid_se"].split()]
        cells = " | ".join(f"{v:.4e} ± {e:.1e}" for v, e in zip(pv, se))
        print(f"| {r['p']} | {r['gates_h']} | {r['gates_rz']} | {r['gates_rx']} | {r['gates_cx']} | "
              f"{float(r['p_valid']):.4e} | {cells} | {r['seconds']} |")
        curves["noiseless"].append((int(r["p"]), float(r["p_valid"]), 0.0))
        for m, v, e in zip(models, pv, se):
            curves[m].append((int(r["p"]), v, e))
    print()
    for m, c in curves.items():
        best = max(c, key=lambda x: x[1])
        # Depths whose value is within two standard errors of the peak: the peak is not
        # resolved among them.
        close = [p for p, v, e in c if p != best[0] and v + 2 * (e + best[2]) >= best[1]]
        peaks.append((name, m, best, close))
print("### Depth at which P(valid) peaks (p = 1..8)\n")
print("| instance | curve | peak p | P(valid) at the peak | depths within 2 s.e. of it |")
print("| --- | --- | --- | --- | --- |")
for name, m, best, close in peaks:
    print(f"| {name} | {m} | {best[0]} | {best[1]:.4e} ± {best[2]:.1e} | {', '.join(map(str, close)) or '-'} |")
