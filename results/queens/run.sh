#!/usr/bin/env bash
# Regenerates results/queens/: qubit counts per reduction level and exact classical answers
# for every shared queens and tents file, and QAOA success probabilities at p = 1..5 for a
# few instances that fit after reduction. Run from the repository root:
#   cargo build --release && results/queens/run.sh
# Third-party files (janko.at Star Battles) are converted into /tmp at run time, never
# copied into the repository.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances
OUT=results/queens
TMP=/tmp/quzzle-queens-results
rm -rf "$TMP" && mkdir -p "$TMP"

# 1. Qubits per level and exact search for every shared queens / tents file.
{
  echo "| file | none | paper | propagate | probe | search: ground states | search: solutions | search seconds |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for f in "$SHARED"/queens/*.txt "$SHARED"/tents/*.txt; do
    info=$("$Q" info "$f" --json)
    start=$(date +%s.%N)
    cls=$("$Q" classical "$f" --method search --json)
    end=$(date +%s.%N)
    python3 - "$f" "$info" "$cls" "$start" "$end" <<'PY'
import json, sys, os
f, info, cls, t0, t1 = sys.argv[1:]
i = json.loads(info)["variables"]; c = json.loads(cls)
print(f"| {os.path.basename(f)} | {i['none']} | {i['paper']} | {i['propagate']} | {i['probe']} | "
      f"{c['ground_states']} | {c['solution_count']} | {float(t1) - float(t0):.3f} |")
PY
  done
} > "$OUT/qubits.md"

# 2. Instances for QAOA: queens with one given queen (row 0's queen of the stored solution).
add_given() { # src dst
  python3 - "$1" "$2" <<'PY'
import sys
src, dst = sys.argv[1:]
t = open(src).read()
if t.startswith("puzzle: starbattle"):  # a 1-star Star Battle is a Queens instance
    t = t.replace("puzzle: starbattle", "puzzle: queens").replace("stars: 1\n", "")
    head, sol = t.split("[solution]")
    t = head + "[solution]" + sol.replace("*", "Q")
row0 = t.split("[solution]")[1].split()[0]
t = t.replace("[solution]", f"[givens]\n0,{row0.index('Q')}\n\n[solution]")
open(dst, "w").write(t)
PY
}
add_given "$SHARED/starbattle/starbattle-5x5-1star-janko-018.txt" "$TMP/starbattle-5x5-018-as-queens-given.txt"
add_given "$SHARED/starbattle/starbattle-5x5-1star-janko-028.txt" "$TMP/starbattle-5x5-028-as-queens-given.txt"
add_given "$SHARED/queens/queens-6x6-community-010.txt" "$TMP/queens-6x6-community-010-given.txt"
for f in "$TMP"/*.txt "$SHARED/tents/tents-6x6-sgt-6x6dt-03.txt" "$SHARED/tents/tents-6x6-jolyonb-example.txt" \
         tests/data/nqueens-4.txt; do
  name=$(basename "$f" .txt)
  "$Q" solve "$f" --reduce paper --space full --mixer x --depths 1..5 --seed 0 --json --out "$OUT/$name" > /dev/null
  echo "solved $name"
done
rm -rf "$TMP"
