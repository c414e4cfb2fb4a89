#!/usr/bin/env python3
"""Writes src/qaoa/fixed_angles.json, the fixed-angle tables of `--init fixed` and
`--schedule fixed`: for each puzzle kind, space and mixer, the median (layer by layer) of the
optimised angles at each depth over every instance of the sweeps in results/ (INTERP rows).

    python3 tools/fixed_angles.py            # rewrite the file
    python3 tools/fixed_angles.py --check    # exit 1 when the file differs from its sources

The median of an even count is the mean of the middle two, as in quzzle's transfer."""
import csv
import glob
import json
import os
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "qaoa", "fixed_angles.json")
# The sweeps the tables come from: every board of a kind, each on its own optimum.
SOURCES = sorted(glob.glob(os.path.join(ROOT, "results", "compare", "*", "sweep.csv")))


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else 0.5 * (v[n // 2 - 1] + v[n // 2])


def tables():
    groups = defaultdict(lambda: defaultdict(list))
    sources = defaultdict(set)
    for path in SOURCES:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if row["init"] != "interp" or not row["gammas"]:
                    continue
                key = (row["puzzle"], row["space"], row["mixer"])
                g = [float(x) for x in row["gammas"].split()]
                b = [float(x) for x in row["betas"].split()]
                groups[key][int(row["p"])].append((g, b))
                sources[key].add(os.path.relpath(path, ROOT))
    out = []
    for (puzzle, space, mixer), by_p in sorted(groups.items()):
        depths = []
        for p, samples in sorted(by_p.items()):
            depths.append({
                "p": p,
                "instances": len(samples),
                "gammas": [median([s[0][l] for s in samples]) for l in range(p)],
                "betas": [median([s[1][l] for s in samples]) for l in range(p)],
            })
        out.append({"puzzle": puzzle, "space": space, "mixer": mixer,
                    "sources": sorted(sources[(puzzle, space, mixer)]), "depths": depths})
    return {"about": "Median optimised angles per depth; written by tools/fixed_angles.py from results/.",
            "tables": out}


def main():
    text = json.dumps(tables(), indent=1) + "\n"
    if "--check" in sys.argv:
        if open(OUT).read() != text:
            print(f"{OUT} differs from its sources: run python3 tools/fixed_angles.py", file=sys.stderr)
            sys.exit(1)
        return
    with open(OUT + ".tmp", "w") as f:
        f.write(text)
    os.replace(OUT + ".tmp", OUT)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
