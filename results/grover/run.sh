#!/usr/bin/env bash
# Regenerates results/grover/: Grover search and Grover-mixer QAOA (issue 23). Run from the
# repository root:
#   cargo build --release && results/grover/run.sh
# Reads ../shared/instances/queens; writes N-Queens files into /tmp only. Stores every JSON report
# (and the message of every refusal, NAME.err) in results/grover/json/, then writes the tables of
# results/grover/README.md from them (tools/tables.py).
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
    # Where the curve comes from (M, D) alone (rows from N = 9 up: more than 2^26 states), the
    # report keeps k = 0 only: M, D and the optimal k do not depend on the iterations reported,
    # and the whole curve would take megabytes.
    iterations=()
    if [ "$space" = rows ] && [ "$n" -ge 9 ]; then iterations=(--iterations 0); fi
    "$Q" grover "$TMP/nqueens/nqueens-$n.txt" --reduce none --space "$space" "${iterations[@]}" --json \
      > "$TMP/json/nqueens-$n-$space.json"
  done
done

# 2. N-Queens² (the seed's coloured variant), N = 4, 5, with and without the diagonal rule:
#    the exact count and Grover on one colour per cell (cells, N^(N²)) and one permutation per
#    colour (rows+cols, (N!)^N; the seed's rows of colour permutations have the same size).
for n in 4 5; do
  for d in yes no; do
    f="$TMP/nqueens/nqueens2-$n-$d.txt"
    printf 'puzzle: nqueens2\nsize: %dx%d\ndiagonals: %s\n' "$n" "$n" "$d" > "$f"
    "$Q" classical "$f" --reduce none --json > "$TMP/json/nqueens2-$n-$d-classical.json" || true
    for space in cells rows+cols; do
      "$Q" grover "$f" --reduce none --space "$space" --iterations 0 --json > "$TMP/json/nqueens2-$n-$d-$space.json" \
        2> "$TMP/json/nqueens2-$n-$d-$space.err" || true
    done
  done
done

# 3. Every shared Queens board at paper: Grover search and Grover-mixer QAOA p = 1..8 from the
#    cost histogram of rows+cols.
for f in "$SHARED"/queens/*.txt; do
  b=$(basename "$f" .txt)
  "$Q" grover "$f" --reduce paper --space rows+cols --qaoa-depths 1..8 --iterations 0 --json > "$TMP/json/$b.json" \
    2> "$TMP/json/$b.err" || true
done

# Keep what ran: a report, or the message of a refusal; drop empty files.
find "$TMP/json" -type f -empty -delete
for f in "$TMP"/json/*.err; do
  if [ -e "${f%.err}.json" ]; then rm -f "$f"; fi
done
rm -rf "$OUT/json.new" && cp -r "$TMP/json" "$OUT/json.new"
rm -rf "$OUT/json" && mv "$OUT/json.new" "$OUT/json"
rm -rf "$TMP"
python3 tools/tables.py
echo "wrote $OUT/json and the tables of $OUT/README.md"
