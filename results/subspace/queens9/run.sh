#!/usr/bin/env bash
# Regenerates results/subspace/queens9/: XY-ring QAOA on the three largest 9x9 Queens boards
# (2^26.49 to 2^28.53 states), each optimised on its own angles, and the two larger ones also
# evaluated at 07-17's angles. Run from the repository root after `cargo build --release`.
# About an hour of the 2-core machine; it needs about 20 GiB of memory (059's gradient).
# A sweep resumes from the sweep.csv in its folder, so empty the folders to start over.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances/queens
OUT=results/subspace/queens9
COMMON=(--reduce paper --space auto --mixer xy-ring --depths 1..5 --seed 0 --max-qubits 29 --max-iters 8
        --no-instance-plots)

# 1. 07-17 (regions, 2^26.49) and 059 (rows, 2^28.53): INTERP, at most 8 L-BFGS iterations per depth.
"$Q" sweep "$SHARED/queens-9x9-linkedin-2026-07-17.txt" "$SHARED/queens-9x9-community-059.txt" \
  --init interp "${COMMON[@]}" --out "$OUT"

# 2. 07-16 (regions, 2^27.27): started at every depth from the angles step 1 found for the other
#    regions board (07-17; transfer takes only boards of the same space and mixer), then optimised
#    with the same cap.
"$Q" sweep "$SHARED/queens-9x9-linkedin-2026-07-16.txt" --init transfer --angles-from "$OUT/sweep.csv" \
  "${COMMON[@]}" --out "$OUT/07-16"

# 3. 07-16 and 059 evaluated once per depth at 07-17's optimised angles (the manifest of `qasm`
#    holds P(valid) at the angles it is given).
TMP=$(mktemp -d)
python3 - "$OUT/sweep.csv" > "$TMP/angles.txt" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["file"].endswith("queens-9x9-linkedin-2026-07-17.txt"):
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
