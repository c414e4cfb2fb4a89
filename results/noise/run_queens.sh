#!/bin/sh
# X on the full space against XY-ring on the row space, under noise, on the same three
# generated 6x6 Queens boards (paper reduction, 14-15 qubits), p = 1..8, heron and aria,
# 1000 trajectories per estimate. The XY circuits (Dicke preparation, ring of XY gates) run
# gate by gate on the full 2^n state. Run from the repository root after
# `cargo build --release`; QUZZLE names another binary.
set -e
QUZZLE=${QUZZLE:-target/release/quzzle}
OUT=results/noise
B="$OUT/boards"
mkdir -p "$B"
for s in 1 5 18; do
    "$QUZZLE" generate queens --size 6 --seed $s -o "$B/queens-6x6-seed$s.txt"
done
for run in "full x" "rows xy-ring"; do
    set -- $run
    rm -rf "$OUT/queens-$2"
    /usr/bin/time -p "$QUZZLE" sweep "$B"/queens-6x6-seed1.txt "$B"/queens-6x6-seed5.txt \
        "$B"/queens-6x6-seed18.txt --space "$1" --mixer "$2" \
        --depths 1..8 --noise heron --noise aria --trajectories 1000 \
        --no-instance-plots --out "$OUT/queens-$2" 2>&1 | tee "$OUT/queens-$2.log"
done
