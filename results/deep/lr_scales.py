#!/usr/bin/env python3
"""Prints `DG,DB`: the median over a sweep's boards of the optimised ramp scales (Δγ, Δβ) of
its `lr` rows at depth P (γ_0 = Δγ/(2P), β_0 = −(1 − 1/(2P))·Δβ).

    python3 results/deep/lr_scales.py SWEEP.csv P"""
import csv
import statistics
import sys

path, p = sys.argv[1], int(sys.argv[2])
dg, db = [], []
for r in csv.DictReader(open(path)):
    if r["init"] == "lr" and int(r["p"]) == p:
        g0, b0 = float(r["gammas"].split()[0]), float(r["betas"].split()[0])
        f0 = 0.5 / p
        dg.append(g0 / f0)
        db.append(-b0 / (1 - f0))
if not dg:
    sys.exit(f"{path}: no lr rows at p = {p}")
print(f"{statistics.median(dg)!r},{statistics.median(db)!r}")
