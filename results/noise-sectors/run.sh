#!/bin/sh
# Reruns the sector-route timings of README.md (from the repository root, release binary,
# ../shared/instances present): one `quzzle solve --json` per circuit, its reports kept in
# runs/, then table.py writes the table from them.
set -eu
Q=${QUZZLE:-target/release/quzzle}
I=../shared/instances
D=results/noise-sectors/runs
mkdir -p "$D"
run() { # NAME FILE ARGS...
    name=$1; file=$2; shift 2
    "$Q" solve "$I/$file" --space rows --mixer xy-ring --seed 0 --json "$@" > "$D/$name.json.tmp"
    mv "$D/$name.json.tmp" "$D/$name.json"
}
# The 24-qubit case.
run queens-069-aria-200 queens/queens-6x6-community-069.txt --depths 1..2 --noise aria --trajectories 200
# A 36-qubit XY-ring circuit (6x6 Queens, no givens), p = 1: 20 trajectories (1,000 would take
# over an hour on this machine, see README.md).
run queens-010-heron-20 queens/queens-6x6-community-010.txt --depths 1 --noise heron --trajectories 20
python3 results/noise-sectors/table.py
