#!/usr/bin/env bash
# Regenerates results/grover/: Grover search and Grover-mixer QAOA (issue 23). Run from the
# repository root:
#   cargo build --release && results/grover/run.sh
# Reads ../shared/instances/queens; writes N-Queens files into /tmp only.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances
OUT=results/grover
TMP=/tmp/quzzle-grover-results
rm -rf "$TMP" && mkdir -p "$TMP/nqueens" "$TMP/json"
mkdir -p "$OUT"

# 1. N-Queens, N = 4..12: the row space (N^N, as the Q# seed; statevector where the auto route
#    runs it, up to 2^26 states) and rows+cols (N!, counted), Grover search from (M, D).
for n in 4 5 6 7 8 9 10 11 12; do
  printf 'puzzle: nqueens\nsize: %dx%d\n' "$n" "$n" > "$TMP/nqueens/nqueens-$n.txt"
  for space in rows rows+cols; do
    "$Q" grover "$TMP/nqueens/nqueens-$n.txt" --reduce none --space "$space" --json > "$TMP/json/nqueens-$n-$space.json"
  done
done

# 2. Every shared Queens board at paper: Grover search and Grover-mixer QAOA p = 1..8 from the
#    cost histogram of rows+cols.
for f in "$SHARED"/queens/*.txt; do
  b=$(basename "$f" .txt)
  "$Q" grover "$f" --reduce paper --space rows+cols --qaoa-depths 1..8 --iterations 0 --json > "$TMP/json/$b.json" \
    2> "$TMP/json/$b.err" || true
done

python3 results/grover/tables.py "$TMP/json" results/subspace/queens-xy/sweep.csv > "$OUT/README.md"
rm -rf "$TMP"
echo "wrote $OUT/README.md"
