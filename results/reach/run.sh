#!/bin/sh
# The reach table: every shared board (../shared/instances) at the `probe` reduction, on its
# smallest space (`--space auto` under the Grover mixer, rows+cols included): Grover search's
# P(valid) at its optimal iteration count (closed form from M and D) and Grover-mixer QAOA at
# p = 1..3 from the cost histogram (enumerated or counted by the frontier count), each run
# timed with /usr/bin/time -v (seconds, peak memory). Then the table is generated.
#
#   sh results/reach/run.sh            # all boards (QUZZLE=path/to/quzzle to choose the binary)
#   sh results/reach/run.sh starbattle-10x10-2star   # the boards whose name contains this
set -u
Q=${QUZZLE:-target/release/quzzle}
DATA=results/reach/data
MATCH=${1:-}
mkdir -p "$DATA"
for f in ../shared/instances/*/*.txt; do
    name=$(basename "$f" .txt)
    case "$name" in *"$MATCH"*) ;; *) continue ;; esac
    nice "$Q" info "$f" --reduce probe --json > "$DATA/$name.info.json" 2> /dev/null || true
    nice /usr/bin/time -v -o "$DATA/$name.time" "$Q" grover "$f" --reduce probe --space auto \
        --route closed-form --qaoa-depths 1..3 --max-seconds 1200 --json \
        > "$DATA/$name.json" 2> "$DATA/$name.err" || true
done
python3 results/reach/table.py
