#!/usr/bin/env bash
# Regenerates results/noisy/: predicted P(valid) against depth under device noise (heron, aria)
# for boards of results/compare on each kind's best space and mixer there, and for one Tango and
# one Sudoku board also on the circuit Qiskit routes onto a heavy-hex backend. Run from the repository
# root (release binary, ../shared/instances present):
#   cargo build --release && results/noisy/run.sh
# then `python3 tools/tables.py` (the tables) and `/tmp/pyvenv/bin/python results/noisy/figure.py`
# (the figure; needs matplotlib). PYTHON names a Python with qiskit, qiskit-qasm3-import and
# qiskit-ibm-runtime (the routed step; skipped with a note when absent). A rerun keeps the
# reports that exist (delete one to redo it).
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
PY=${PYTHON:-/tmp/pyvenv/bin/python}
I=../shared/instances
OUT=results/noisy
mkdir -p "$OUT/solve" "$OUT/routed"

# The settings of results/compare (INTERP, seed 0; deeper than its p = 1..5 where cheap), both noise presets, both devices'
# shot times. Angles are optimised noiselessly; each depth's circuit is then run noisily.
COMMON=(--init interp --seed 0 --noise heron --noise aria --device heron,aria --json)

# solve NAME TRAJECTORIES DEPTHS FILE ARGS...: one `solve --json` report per board, written whole.
solve() {
  local name=$1 t=$2 depths=$3 file=$4
  shift 4
  [ -s "$OUT/solve/$name.json" ] && return 0
  nice -n 10 "$Q" solve "$I/$file" "$@" "${COMMON[@]}" --depths "$depths" --trajectories "$t" > "$OUT/solve/$name.json.tmp"
  mv "$OUT/solve/$name.json.tmp" "$OUT/solve/$name.json"
  echo "wrote $OUT/solve/$name.json"
}

# Best per kind in results/compare: Tango and Sudoku, X on the full space (Tango at `paper`,
# Sudoku at `clues`); Queens and Star Battle, the XY ring on the smallest block space (`paper`).
# Full-space circuits run gate by gate on 2^n amplitudes: four boards of 12-14 qubits per kind.
solve tango-2026-07-30 2000 1..15 tango/tango-6x6-linkedin-2026-07-30.txt --reduce paper
solve tango-2026-08-04 2000 1..15 tango/tango-6x6-linkedin-2026-08-04.txt --reduce paper
solve sudoku4-11 2000 1..15 sudoku4/sudoku4-amayaos-11.txt --reduce clues
solve sudoku4-12 2000 1..15 sudoku4/sudoku4-amayaos-12.txt --reduce clues
solve tango-2026-08-13 2000 1..15 tango/tango-6x6-linkedin-2026-08-13.txt --reduce paper
solve tango-2026-08-18 2000 1..15 tango/tango-6x6-linkedin-2026-08-18.txt --reduce paper
solve sudoku4-16 2000 1..15 sudoku4/sudoku4-amayaos-16.txt --reduce clues
solve sudoku4-18 2000 1..15 sudoku4/sudoku4-amayaos-18.txt --reduce clues
# XY-ring block spaces run on weight sectors (noise::sectors). Queens community-069 is the one
# 6x6 Queens board of 24 qubits at `paper` (2,500 block states): p = 1..5, 1000 trajectories.
solve queens-069 1000 1..5 queens/queens-6x6-community-069.txt --reduce paper --space auto --mixer xy-ring

# Routed: the exported circuits (p = 1..5) of one Tango and one Sudoku board, transpiled by Qiskit onto FakeFez (IBM
# Heron r2, heavy-hex, 156 qubits; optimization_level 1, seed 0), predicted by `quzzle predict`.
routed() { # NAME FILE ARGS...
  local name=$1 file=$2
  shift 2
  local dir="$OUT/routed/$name"
  if [ ! -s "$dir/experiment.json" ]; then
    nice -n 10 "$Q" qasm "$I/$file" "$@" --depths 1..5 --seed 0 --optimize -o "$dir" > /dev/null
  fi
  nice -n 10 "$PY" "$OUT/route.py" "$dir"
  for c in "$dir"/p0?.routed.qasm; do
    local stem=${c%.routed.qasm}
    [ -s "$stem.predict.json" ] && continue
    nice -n 10 "$Q" predict "$c" --manifest "$stem.json" --noise heron --noise aria --trajectories 200 \
      --seed 0 --device heron --json > "$stem.predict.json.tmp"
    mv "$stem.predict.json.tmp" "$stem.predict.json"
  done
  echo "wrote $dir"
}
if "$PY" -c "import qiskit, qiskit_qasm3_import, qiskit_ibm_runtime" 2> /dev/null; then
  routed tango-2026-07-30 tango/tango-6x6-linkedin-2026-07-30.txt --reduce paper
  routed sudoku4-11 sudoku4/sudoku4-amayaos-11.txt --reduce clues
else
  echo "no qiskit, qiskit-qasm3-import and qiskit-ibm-runtime in $PY: routed step skipped" >&2
fi

# The other 6x6 Queens boards and every 6x6 Star Battle board keep 36 qubits at `paper` (46,656
# block states; Star Battle has none at `propagate`, solved by reduction): p = 1 with 1000
# trajectories, about a minute per model on two free cores (results/noise-sectors). At p = 2 a
# few trajectories in a few hundred hold 4e8 amplitudes or more, past half this machine's memory,
# so deeper runs are refused (results/noise-sectors, refusals).
solve queens-010 1000 1 queens/queens-6x6-community-010.txt --reduce paper --space auto --mixer xy-ring
solve starbattle-001 1000 1 starbattle/starbattle-6x6-1star-janko-001.txt --reduce paper --space auto --mixer xy-ring
