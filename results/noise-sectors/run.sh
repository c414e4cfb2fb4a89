#!/bin/sh
# Reruns the sector-route timings of README.md (from the repository root, release binary,
# ../shared/instances present): one `quzzle solve --json` per circuit, its reports kept in
# runs/, then table.py writes the tables from them. QUZZLE_BEFORE, when set, names the binary
# of the previous sector route: the same commands' reports from it go to runs/before/.
set -eu
Q=${QUZZLE:-target/release/quzzle}
I=../shared/instances
D=results/noise-sectors/runs
mkdir -p "$D" "$D/before"
run() { # DIR BINARY NAME FILE ARGS...
    dir=$1; bin=$2; name=$3; file=$4; shift 4
    nice "$bin" solve "$I/$file" --space rows --mixer xy-ring --seed 0 --json "$@" > "$dir/$name.json.tmp"
    mv "$dir/$name.json.tmp" "$dir/$name.json"
}
both() { # NAME FILE ARGS...: the current route, and the previous one where given
    run "$D" "$Q" "$@"
    if [ -n "${QUZZLE_BEFORE:-}" ]; then run "$D/before" "$QUZZLE_BEFORE" "$@"; fi
}
# 36-qubit XY-ring circuits (6x6 boards, no givens): p = 1 against the previous route, then
# single depths with few trajectories (far fewer than 1,000 to fit the machine's time; the
# table states seconds per 1,000 from them). Star Battle runs on one thread: two of its largest
# trajectories at once do not fit this machine's memory.
both queens-010-heron-20 queens/queens-6x6-community-010.txt --depths 1 --noise heron --trajectories 20
run "$D" "$Q" queens-010-aria-20 queens/queens-6x6-community-010.txt --depths 1 --noise aria --trajectories 20
run "$D" "$Q" queens-010-heron-10-p2 queens/queens-6x6-community-010.txt --depths 2 --noise heron --trajectories 10
RAYON_NUM_THREADS=1 run "$D" "$Q" starbattle-001-heron-10 starbattle/starbattle-6x6-1star-janko-001.txt --depths 1 --noise heron --trajectories 10
run "$D" "$Q" queens-010-aria-10-p2 queens/queens-6x6-community-010.txt --depths 2 --noise aria --trajectories 10
RAYON_NUM_THREADS=1 run "$D" "$Q" queens-010-heron-5-p3 queens/queens-6x6-community-010.txt --depths 3 --noise heron --trajectories 5
RAYON_NUM_THREADS=1 run "$D" "$Q" starbattle-001-aria-10 starbattle/starbattle-6x6-1star-janko-001.txt --depths 1 --noise aria --trajectories 10
# The 24-qubit case.
both queens-069-aria-1000 queens/queens-6x6-community-069.txt --depths 1..2 --noise aria --trajectories 1000
python3 results/noise-sectors/table.py
