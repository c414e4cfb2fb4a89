#!/usr/bin/env bash
# The optimised energy never rises with depth (issue 21): all shared 4x4 Sudokus (compact
# encoding, `clues`, INTERP) and all shared Tango (`paper`, INTERP), p = 1..5, seed 0. Run from
# the repository root with ../shared/instances beside it.
set -euo pipefail
q=target/release/quzzle
cargo build --release --quiet
$q sweep ../shared/instances/sudoku4 --encoding compact --reduce clues --space full --mixer x --init interp --depths 1..5 --seed 0 --no-instance-plots --out target/monotone/sudoku4
cp target/monotone/sudoku4/sweep.csv results/monotone/sudoku4-compact.csv
$q sweep ../shared/instances/tango --reduce paper --space full --mixer x --init interp --depths 1..5 --seed 0 --max-qubits 25 --no-instance-plots --out target/monotone/tango
cp target/monotone/tango/sweep.csv results/monotone/tango-paper.csv
python3 results/monotone/check.py results/monotone/*.csv
