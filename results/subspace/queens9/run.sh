#!/usr/bin/env bash
# Regenerates results/subspace/queens9/: XY-ring QAOA on the three largest 9x9 Queens boards
# (2^26.49 to 2^28.53 states). Run from the repository root after `cargo build --release`.
# About 2.5 hours of the 2-core machine for step 1, half an hour for step 2.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances/queens
OUT=results/subspace/queens9

# 1. 07-17 (regions, 2^26.49): optimised at every depth, at most 8 L-BFGS iterations per depth.
"$Q" sweep "$SHARED/queens-9x9-linkedin-2026-07-17.txt" --reduce paper --space auto --mixer xy-ring \
  --init interp --depths 1..5 --seed 0 --max-qubits 29 --max-iters 8 --no-instance-plots --out "$OUT"

# 2. 07-16 (regions, 2^27.27) and 059 (rows, 2^28.53): one evaluation per depth at 07-17's
#    optimised angles (the manifest of `qasm` holds P(valid) at the angles it is given).
TMP=$(mktemp -d)
python3 - "$OUT/sweep.csv" > "$TMP/angles.txt" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["p"], r["gammas"].replace(" ", ","), r["betas"].replace(" ", ","))
PY
for f in queens-9x9-linkedin-2026-07-16 queens-9x9-community-059; do
  while read -r p g b; do
    "$Q" qasm "$SHARED/$f.txt" --reduce paper --space auto --mixer xy-ring --depth "$p" \
      --gammas="$g" --betas="$b" -o "$TMP/$f-p$p.qasm"
  done < "$TMP/angles.txt"
done
python3 - "$TMP" "$OUT/transfer.csv" <<'PY'
import csv, glob, json, os, sys
rows = []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "queens-9x9-*-p*.json"))):
    d = json.load(open(f))
    m = len(d["valid_bitstrings"])
    rows.append({"file": d["file"], "reduce": d["reduce"], "qubits": d["qubits"], "space": d["space"],
                 "mixer": d["mixer"], "dimension": d["dimension"], "p": d["depth"], "valid_states": m,
                 "uniform_baseline": m / d["dimension"], "energy": d["energy"],
                 "p_valid": d["success_probability"],
                 "gammas": " ".join(repr(x) for x in d["gammas"]),
                 "betas": " ".join(repr(x) for x in d["betas"])})
rows.sort(key=lambda r: (r["file"], r["p"]))
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]))
w.writeheader()
w.writerows(rows)
PY
rm -rf "$TMP"
