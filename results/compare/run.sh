#!/usr/bin/env bash
# Regenerates results/compare/: time to solution of QAOA, Grover search and simulated annealing
# on the same reduced models, for every 6x6 Tango, Queens and Star Battle board and every 4x4
# Sudoku of ../shared/instances. Run from the repository root:
#   cargo build --release && results/compare/run.sh
# then `python3 tools/tables.py` (the README's tables) and, with matplotlib,
# `python3 results/compare/figure.py` (the figure). Puzzle files are read from ../shared, never
# copied here; the CSVs name them by that path.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances
OUT=results/compare
mkdir -p "$OUT"

# Board sets: every 6x6 board of each kind, every 4x4 Sudoku.
TANGO=("$SHARED"/tango/tango-6x6-*.txt)
QUEENS=("$SHARED"/queens/queens-6x6-*.txt)
STARBATTLE=("$SHARED"/starbattle/starbattle-6x6-*.txt)
SUDOKU=("$SHARED"/sudoku4/sudoku4-*.txt)

# Common QAOA settings: INTERP, p = 1..5, seed 0, device times for IBM Heron r2 and IonQ Aria
# (DEVICE is emptied for circuits that cannot be exported).
QAOA=(--init interp --depths 1..5 --seed 0 --no-instance-plots)
DEVICE=(--device heron,aria)

# sweep NAME LEVEL MAXQ [ARGS...] FILES...: one sweep folder per (kind, method); a rerun resumes.
sweep() {
  local name=$1 level=$2 maxq=$3
  shift 3
  "$Q" sweep "$@" --reduce "$level" --max-qubits "$maxq" "${QAOA[@]}" "${DEVICE[@]}" --out "$OUT/$name" \
    > "$OUT/$name.log" 2>&1 || { echo "sweep $name failed; see $OUT/$name.log" >&2; exit 1; }
  echo "wrote $OUT/$name"
}

# 1. QAOA. X on the full space where the state is small enough to optimise here (at most 20
#    qubits: 6x6 Queens and Star Battle boards keep 24-36 qubits at `paper`, so they have none);
#    XY ring on the smallest block space (auto); the Grover mixer on the row space (Tango's rows
#    are joined by sign chains, so no XY there). Annealing runs beside the first sweep of each
#    kind (--baseline anneal): on the full space, and on the block space when the sweep has one.
# Tango X: the 20 boards of at most 20 qubits (the other 13 take 21-25; results/monotone has
# their P(valid) from a sweep without device times).
sweep tango-x paper 20 --space full --mixer x --baseline anneal "${TANGO[@]}"
# Tango's joined rows have no Dicke-state preparation, so the Grover mixer's circuit cannot be
# exported there: no gate counts, no device time (work only).
DEVICE=()
sweep tango-grover paper 24 --space rows --mixer grover "${TANGO[@]}"
DEVICE=(--device heron,aria)
sweep queens-xy paper 24 --space auto --mixer xy-ring --baseline anneal "${QUEENS[@]}"
sweep queens-grover paper 24 --space rows --mixer grover "${QUEENS[@]}"
sweep starbattle-xy paper 24 --space auto --mixer xy-ring --baseline anneal "${STARBATTLE[@]}"
sweep starbattle-grover paper 24 --space rows --mixer grover "${STARBATTLE[@]}"
# Sudoku's givens leave no variable at `paper`; `clues` keeps 14-28 one-hot qubits.
sweep sudoku4-x clues 20 --space full --mixer x "${SUDOKU[@]}"
sweep sudoku4-xy clues 24 --space auto --mixer xy-ring --baseline anneal "${SUDOKU[@]}"
sweep sudoku4-grover clues 24 --space rows --mixer grover "${SUDOKU[@]}"

# 2. Grover search on the row space, from its solutions M and states D (closed form): the
#    report's theta gives P(valid) after every k; figure.py and the tables take the k with the
#    fewest oracle calls to 99 %.
mkdir -p "$OUT/grover"
grover() { # kind level file...
  local kind=$1 level=$2
  shift 2
  for f in "$@"; do
    local stem
    stem=$(basename "$f" .txt)
    if ! "$Q" grover "$f" --reduce "$level" --space rows --route closed-form --iterations 0 --json \
      > "$OUT/grover/$stem.json" 2> "$OUT/grover/$stem.err"; then
      rm -f "$OUT/grover/$stem.json"
    else
      rm -f "$OUT/grover/$stem.err"
    fi
  done
}
grover tango paper "${TANGO[@]}"
grover queens paper "${QUEENS[@]}"
grover starbattle paper "${STARBATTLE[@]}"
grover sudoku4 clues "${SUDOKU[@]}"
echo "wrote $OUT/grover"
