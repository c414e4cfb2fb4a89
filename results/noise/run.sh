#!/bin/sh
# Noise-aware expectations on three 6x6 Tango instances (paper reduction, 13-15 qubits),
# p = 1..8, the heron and aria presets and heron with twice its two-qubit error (a crude
# stand-in for routing onto heavy-hex, which multiplies the cx count by 1.5-2.7), 2000
# trajectories per estimate. Run from the repository
# root after `cargo build --release`; QUZZLE names another binary.
set -e
QUZZLE=${QUZZLE:-target/release/quzzle}
I=../shared/instances/tango
OUT=results/noise
rm -rf "$OUT/sweep"
/usr/bin/time -p "$QUZZLE" sweep \
    "$I/tango-6x6-linkedin-2026-07-13.txt" \
    "$I/tango-6x6-linkedin-2026-07-21.txt" \
    "$I/tango-6x6-linkedin-2026-08-04.txt" \
    --space full --mixer x --depths 1..8 --noise heron --noise aria --noise p1=3.75e-4,p2=1e-2,readout=1.5e-2,rz=0 \
    --trajectories 2000 \
    --no-instance-plots --out "$OUT/sweep" 2>&1 | tee "$OUT/sweep.log"
python3 "$OUT/tables.py" "$OUT/sweep/sweep.csv" > "$OUT/tables.md"
# The tables of results/noise/README.md, from sweep/sweep.csv.
python3 tools/tables.py
