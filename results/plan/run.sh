#!/bin/sh
# `quzzle plan` on one board of each kind of ../shared/instances (6x6 Queens, Star Battle,
# Tango, Takuzu and Tents, a 4x4 Sudoku) under heron and aria: every space and mixer whose
# circuit exports, p = 1..5 (the 36-qubit boards 1..2, below), the default 200 trajectories per estimate, truncated sectors; each
# plan's folder (plan.json, plan.csv, plan.svg/png, plan.log: the text report) under runs/.
# Then table.py writes README.md's tables from the plan.json files. A rerun keeps the plans
# that exist (delete a folder to redo it). From the repository root, release binary:
#
#   cargo build --release && results/plan/run.sh && python3 results/plan/table.py
set -eu
Q=${QUZZLE:-target/release/quzzle}
I=../shared/instances
D=results/plan/runs
mkdir -p "$D"
plan() { # NAME FILE DEVICE DEPTHS ARGS...
    name=$1; file=$2; device=$3; depths=$4; shift 4
    out="$D/$name-$device"
    [ -s "$out/plan.json" ] && return 0
    rm -rf "$out"
    if ! "$Q" plan "$I/$file" --device "$device" --depths "$depths" --seed 0 --out "$out" "$@" > "$out.log.tmp"; then
        # Stopped by its --max-seconds: the plan written says where (`stopped`); keep it.
        grep -q '"stopped"' "$out/plan.json" 2> /dev/null || { rm -rf "$out" "$out.log.tmp"; return 1; }
    fi
    mv "$out.log.tmp" "$out/plan.log"
}
for device in heron aria; do
    plan tango-0715 tango/tango-6x6-linkedin-2026-07-15.txt "$device" 1..5
    plan takuzu-l3-001 takuzu/takuzu-6x6-binarypuzzle-l3-001.txt "$device" 1..5
    plan tents-jolyonb tents/tents-6x6-jolyonb-example.txt "$device" 1..5
    # At `clues` (17 qubits) the full-space Grover circuit has about 7,000 `cx` per layer, run
    # gate by gate on 2^17 amplitudes: hours for 200 trajectories at p = 1..5 here. Under
    # --max-seconds each circuit gets an equal share of the time left, so it cannot starve the
    # others; the plan lists what its share allowed.
    plan sudoku4-13 sudoku4/sudoku4-amayaos-13.txt "$device" 1..5 --reduce clues --max-seconds 1200
done
for device in heron aria; do
    # The 36-qubit boards at p = 1..2: past that, their region and complete-graph XY circuits
    # take minutes per estimate on this 2-core machine (results/noise-sectors has rows xy-ring
    # at p = 1..5 with 1,000 trajectories).
    plan queens-010 queens/queens-6x6-community-010.txt "$device" 1..2
    plan starbattle-001 starbattle/starbattle-6x6-1star-janko-001.txt "$device" 1..2
done
