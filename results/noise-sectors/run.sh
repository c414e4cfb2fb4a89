#!/bin/sh
# Reruns the sector-route timings of README.md (from the repository root, release binary,
# ../shared/instances present): one `quzzle solve --json` per circuit, its reports kept in
# runs/, then table.py writes the tables from them. QUZZLE_BEFORE, when set, names the binary
# of the previous sector route: the commands marked `both` also run on it and their reports go
# to runs/before/. A command refused (a trajectory's state past its share of the memory) keeps
# its error message in runs/NAME.refused instead of a report. A rerun keeps the reports that
# exist (delete one to redo it). Run it on an otherwise idle machine: the seconds are wall time.
set -eu
Q=${QUZZLE:-target/release/quzzle}
I=../shared/instances
D=results/noise-sectors/runs
mkdir -p "$D" "$D/before"
run() { # DIR BINARY NAME FILE ARGS...
    dir=$1; bin=$2; name=$3; file=$4; shift 4
    [ -s "$dir/$name.json" ] || [ -s "$dir/$name.refused" ] && return 0
    if "$bin" solve "$I/$file" --space rows --mixer xy-ring --seed 0 --json "$@" > "$dir/$name.json.tmp" 2> "$dir/$name.err"; then
        mv "$dir/$name.json.tmp" "$dir/$name.json"
        rm -f "$dir/$name.err"
    else
        rm -f "$dir/$name.json.tmp"
        grep '^error' "$dir/$name.err" > "$dir/$name.refused"
        rm -f "$dir/$name.err"
    fi
}
both() { # NAME FILE ARGS...: the current route, and the previous one where given
    run "$D" "$Q" "$@"
    if [ -n "${QUZZLE_BEFORE:-}" ]; then run "$D/before" "$QUZZLE_BEFORE" "$@"; fi
}
# 36-qubit XY-ring circuits (6x6 boards, no givens). Against the previous route first, at
# p = 1 with 100 trajectories; then 1,000 trajectories at p = 1 (the target: about a
# minute), 200 at p = 2 and 50 at p = 3.
both queens-010-heron-100 queens/queens-6x6-community-010.txt --depths 1 --noise heron --trajectories 100
run "$D" "$Q" queens-010-heron-1000 queens/queens-6x6-community-010.txt --depths 1 --noise heron --trajectories 1000
run "$D" "$Q" queens-010-aria-1000 queens/queens-6x6-community-010.txt --depths 1 --noise aria --trajectories 1000
run "$D" "$Q" starbattle-001-heron-1000 starbattle/starbattle-6x6-1star-janko-001.txt --depths 1 --noise heron --trajectories 1000
run "$D" "$Q" starbattle-001-aria-1000 starbattle/starbattle-6x6-1star-janko-001.txt --depths 1 --noise aria --trajectories 1000
# The 24-qubit case.
both queens-069-aria-1000 queens/queens-6x6-community-069.txt --depths 1..2 --noise aria --trajectories 1000
# The 8x8 and 9x9 Queens row spaces, at p = 1 with 100 trajectories: the two boards whose
# givens leave 45 and 46 qubits (420,175 and 518,616 row states), and, with 5 minutes each, a
# 60-qubit 9x9 (9,437,184) and a 64-qubit 8x8 (8^8 = 16,777,216), whose stop says how far
# they got. (Four 9x9 boards have 81 qubits, past the 64 any noise route takes: refused with
# the request.)
run "$D" "$Q" queens8-034-heron-100 queens/queens-8x8-community-034.txt --depths 1 --noise heron --trajectories 100
run "$D" "$Q" queens9-126-heron-100 queens/queens-9x9-community-126.txt --depths 1 --noise heron --trajectories 100
run "$D" "$Q" queens9-049-heron-100 queens/queens-9x9-community-049.txt --depths 1 --noise heron --trajectories 100 --max-seconds 300
run "$D" "$Q" queens8-017-heron-100 queens/queens-8x8-community-017.txt --depths 1 --noise heron --trajectories 100 --max-seconds 300
# Deeper circuits on 36 qubits: p = 2 with 200 trajectories, p = 3 with 50.
run "$D" "$Q" queens-010-heron-200-p2 queens/queens-6x6-community-010.txt --depths 2 --noise heron --trajectories 200
run "$D" "$Q" queens-010-aria-200-p2 queens/queens-6x6-community-010.txt --depths 2 --noise aria --trajectories 200
run "$D" "$Q" starbattle-001-heron-200-p2 starbattle/starbattle-6x6-1star-janko-001.txt --depths 2 --noise heron --trajectories 200
run "$D" "$Q" starbattle-001-aria-200-p2 starbattle/starbattle-6x6-1star-janko-001.txt --depths 2 --noise aria --trajectories 200
run "$D" "$Q" queens-010-heron-50-p3 queens/queens-6x6-community-010.txt --depths 3 --noise heron --trajectories 50
run "$D" "$Q" starbattle-001-heron-50-p3 starbattle/starbattle-6x6-1star-janko-001.txt --depths 3 --noise heron --trajectories 50
# The same commands with `--truncate exact` (runs/truncated/): sectors that can no longer end
# valid are dropped, P(valid) stays exact for the trajectories drawn, the energy is bracketed.
# Then what the untruncated route refused: p = 3, Star Battle at p = 2, the 8x8 and 9x9 rows.
T=$D/truncated
mkdir -p "$T"
exact() { run "$T" "$Q" "$@" --truncate exact; }
exact queens-010-heron-100 queens/queens-6x6-community-010.txt --depths 1 --noise heron --trajectories 100
exact queens-010-heron-1000 queens/queens-6x6-community-010.txt --depths 1 --noise heron --trajectories 1000
exact queens-010-aria-1000 queens/queens-6x6-community-010.txt --depths 1 --noise aria --trajectories 1000
exact starbattle-001-heron-1000 starbattle/starbattle-6x6-1star-janko-001.txt --depths 1 --noise heron --trajectories 1000
exact starbattle-001-aria-1000 starbattle/starbattle-6x6-1star-janko-001.txt --depths 1 --noise aria --trajectories 1000
exact queens-069-aria-1000 queens/queens-6x6-community-069.txt --depths 1..2 --noise aria --trajectories 1000
exact queens-010-heron-200-p2 queens/queens-6x6-community-010.txt --depths 2 --noise heron --trajectories 200
exact queens-010-aria-200-p2 queens/queens-6x6-community-010.txt --depths 2 --noise aria --trajectories 200
exact starbattle-001-heron-200-p2 starbattle/starbattle-6x6-1star-janko-001.txt --depths 2 --noise heron --trajectories 200
exact starbattle-001-aria-200-p2 starbattle/starbattle-6x6-1star-janko-001.txt --depths 2 --noise aria --trajectories 200
exact queens-010-heron-50-p3 queens/queens-6x6-community-010.txt --depths 3 --noise heron --trajectories 50
exact starbattle-001-heron-50-p3 starbattle/starbattle-6x6-1star-janko-001.txt --depths 3 --noise heron --trajectories 50
exact queens-010-heron-200-p3 queens/queens-6x6-community-010.txt --depths 3 --noise heron --trajectories 200
exact queens-010-heron-100-p4 queens/queens-6x6-community-010.txt --depths 4 --noise heron --trajectories 100
exact queens-010-heron-100-p5 queens/queens-6x6-community-010.txt --depths 5 --noise heron --trajectories 100
# The whole-board target: p = 1..5 under heron and aria, 1,000 trajectories each.
exact queens-010-p1to5-1000 queens/queens-6x6-community-010.txt --depths 1..5 --noise heron --noise aria --trajectories 1000 --max-seconds 1800
exact starbattle-001-p1to5-1000 starbattle/starbattle-6x6-1star-janko-001.txt --depths 1..5 --noise heron --noise aria --trajectories 1000 --max-seconds 1800
# A second 6x6 Queens board (community-014, 36 qubits, no givens at `paper`).
exact queens-014-p1to5-1000 queens/queens-6x6-community-014.txt --depths 1..5 --noise heron --noise aria --trajectories 1000 --max-seconds 1800
exact queens8-034-heron-100 queens/queens-8x8-community-034.txt --depths 1 --noise heron --trajectories 100 --max-seconds 300
exact queens9-126-heron-100 queens/queens-9x9-community-126.txt --depths 1 --noise heron --trajectories 100 --max-seconds 300
# The 8x8 Queens row spaces at p = 1..2 under heron, 1,000 trajectories: community-034 (45
# qubits, 420,175 block states) and community-017 (64 qubits, 8^8 = 16,777,216).
exact queens8-034-heron-1000-p1to2 queens/queens-8x8-community-034.txt --depths 1..2 --noise heron --trajectories 1000 --max-seconds 1800
exact queens8-017-heron-1000-p1to2 queens/queens-8x8-community-017.txt --depths 1..2 --noise heron --trajectories 1000 --max-seconds 1800
# community-017 is refused by exact (one trajectory keeps a single sector of 1.4e9 amplitudes):
# bounded drops such pieces and brackets P(valid) by them.
run "$T" "$Q" queens8-017-heron-1000-p1to2-bounded queens/queens-8x8-community-017.txt --depths 1..2 --noise heron --trajectories 1000 --max-seconds 1800 --truncate bounded
python3 results/noise-sectors/table.py
