#!/usr/bin/env python3
"""Does the optimised energy ever rise with depth? Reads sweep CSVs, prints per file the
energies at p = 1..P and any rise; exits 1 on a rise.

    python3 results/monotone/check.py results/monotone/*.csv
"""
import csv
import sys
from collections import defaultdict

rises = 0
for path in sys.argv[1:]:
    by = defaultdict(dict)
    for r in csv.DictReader(open(path)):
        by[(r["file"], r["init"])][int(r["p"])] = float(r["energy"])
    bad = []
    for key, e in sorted(by.items()):
        ps = sorted(e)
        for a, b in zip(ps, ps[1:]):
            if e[b] > e[a] + 1e-9:
                bad.append(f"{key[0]} ({key[1]}): p = {b} energy {e[b]} > p = {a} energy {e[a]}")
    rises += len(bad)
    print(f"{path}: {len(by)} instance(s), {sum(len(e) for e in by.values())} rows, {len(bad)} rise(s)")
    for line in bad:
        print("  " + line)
sys.exit(1 if rises else 0)
