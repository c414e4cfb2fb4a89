#!/usr/bin/env bash
# Regenerates results/noisy/: predicted P(valid) against depth under device noise (heron, aria)
# for boards of results/compare on each kind's best space and mixer there, and for one Tango and
# one Sudoku board also on the circuit Qiskit routes onto a heavy-hex backend. Run from the repository
# root (release binary, ../shared/instances present):
#   cargo build --release && results/noisy/run.sh
# then `python3 tools/tables.py` (the tables) and `/tmp/pyvenv/bin/python results/noisy/figure.py`
# (the figure; needs matplotlib). PYTHON names a Python with qiskit, qiskit-qasm3-import and
# qiskit-ibm-runtime (the routed step; skipped with a note when absent). A rerun keeps the
# reports that exist (delete one to redo it) and resumes those that stopped at a depth.
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
# A report that stopped at a depth (`stopped`: memory, a budget, Ctrl-C) is resumed from there
# (`--resume`: its noisy estimates taken again, the report the same as one unstopped run's).
solve() {
  local name=$1 t=$2 depths=$3 file=$4
  shift 4
  local resume=()
  if [ -s "$OUT/solve/$name.json" ]; then
    grep -q '"stopped"' "$OUT/solve/$name.json" || return 0
    resume=(--resume "$OUT/solve/$name.json")
  fi
  if ! nice -n 10 "$Q" solve "$I/$file" "$@" "${COMMON[@]}" --depths "$depths" --trajectories "$t" ${resume[@]+"${resume[@]}"} > "$OUT/solve/$name.json.tmp"; then
    # A depth that cannot run (its memory plan, a budget) ends the run; the depths before it
    # are in the report, which names that depth and why (`stopped`): keep it.
    grep -q '"stopped"' "$OUT/solve/$name.json.tmp" || { rm -f "$OUT/solve/$name.json.tmp"; return 1; }
  fi
  mv "$OUT/solve/$name.json.tmp" "$OUT/solve/$name.json"
  echo "wrote $OUT/solve/$name.json"
}

# Best per kind in results/compare: Tango and Sudoku, X on the full space (Tango at `paper`,
# Sudoku at `clues`); Queens and Star Battle, the XY ring on the smallest block space (`paper`).
# Full-space circuits run gate by gate on 2^n amplitudes: four boards of 12-14 qubits per kind.
solve tango-2026-07-30 2000 1..15 tango/tango-6x6-linkedin-2026-07-30.txt --reduce paper --space full --mixer x
solve tango-2026-08-04 2000 1..15 tango/tango-6x6-linkedin-2026-08-04.txt --reduce paper --space full --mixer x
solve sudoku4-11 2000 1..15 sudoku4/sudoku4-amayaos-11.txt --reduce clues --space full --mixer x
solve sudoku4-12 2000 1..15 sudoku4/sudoku4-amayaos-12.txt --reduce clues --space full --mixer x
solve tango-2026-08-13 2000 1..15 tango/tango-6x6-linkedin-2026-08-13.txt --reduce paper --space full --mixer x
solve tango-2026-08-18 2000 1..15 tango/tango-6x6-linkedin-2026-08-18.txt --reduce paper --space full --mixer x
solve sudoku4-16 2000 1..15 sudoku4/sudoku4-amayaos-16.txt --reduce clues --space full --mixer x
solve sudoku4-18 2000 1..15 sudoku4/sudoku4-amayaos-18.txt --reduce clues --space full --mixer x
# Routed: the exported circuits of one board of each kind, transpiled by Qiskit onto FakeFez (IBM
# Heron r2, heavy-hex, 156 qubits; optimization_level 1, seed 0), predicted by `quzzle predict`
# (200 trajectories per model). Tango and Sudoku at p = 1..5 (12-14 qubits, routed onto at most
# 30 physical qubits: the full statevector); Queens and Star Battle at p = 1..3 (36 qubits routed
# onto 41-44: on the weight sectors of their blocks, with `--truncate exact`).
routed() { # NAME DEPTHS FILE ARGS... [-- PREDICT ARGS...]
  local name=$1 depths=$2 file=$3
  shift 3
  local args=() extra=() bounded=no
  while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
  [ $# -gt 0 ] && { shift; extra=("$@"); }
  [[ " ${extra[*]-} " == *" --truncate exact "* ]] && bounded=yes
  local dir="$OUT/routed/$name"
  if [ ! -s "$dir/experiment.json" ]; then
    nice -n 10 "$Q" qasm "$I/$file" "${args[@]}" --depths "$depths" --seed 0 --optimize -o "$dir" > /dev/null
  fi
  nice -n 10 "$PY" "$OUT/route.py" "$dir"
  for c in "$dir"/p0?.routed.qasm; do
    local stem=${c%.routed.qasm}
    { [ -s "$stem.predict.json" ] || [ -s "$stem.heron.refused" ]; } && continue
    local each=(--trajectories 200 --seed 0 --device heron ${extra[@]+"${extra[@]}"} --json)
    # aria first: its plan, the larger, is refused before any work rather than after heron's.
    # Where `--truncate exact`'s plan refuses a model, `bounded` runs it (the least probable
    # sectors of a step too large to hold dropped, P(valid) bracketed: docs/qasm.md).
    if ! nice -n 10 "$Q" predict "$c" --manifest "$stem.json" --noise aria --noise heron "${each[@]}" \
      > "$stem.predict.json.tmp" 2> "$stem.predict.err" \
      && ! { [ "$bounded" = yes ] && nice -n 10 "$Q" predict "$c" --manifest "$stem.json" --noise aria \
        --noise heron "${each[@]/#exact/bounded}" > "$stem.predict.json.tmp" 2> "$stem.predict.err"; }; then
      # A model refused (its memory plan): heron alone, the refusal kept beside the report
      # (`pNN.aria.refused`; `pNN.heron.refused` and no report where heron is refused too).
      grep '^error' "$stem.predict.err" > "$stem.aria.refused"
      if ! nice -n 10 "$Q" predict "$c" --manifest "$stem.json" --noise heron "${each[@]}" \
        > "$stem.predict.json.tmp" 2> "$stem.predict.err"; then
        grep '^error' "$stem.predict.err" > "$stem.heron.refused"
        rm -f "$stem.predict.err" "$stem.predict.json.tmp"
        continue
      fi
    fi
    rm -f "$stem.predict.err"
    mv "$stem.predict.json.tmp" "$stem.predict.json"
  done
  echo "wrote $dir"
}
if "$PY" -c "import qiskit, qiskit_qasm3_import, qiskit_ibm_runtime" 2> /dev/null; then
  routed tango-2026-07-30 1..5 tango/tango-6x6-linkedin-2026-07-30.txt --reduce paper --space full --mixer x
  routed sudoku4-11 1..5 sudoku4/sudoku4-amayaos-11.txt --reduce clues --space full --mixer x
  routed queens-010 1..3 queens/queens-6x6-community-010.txt --reduce paper --space auto --mixer xy-ring -- --truncate exact
  routed starbattle-001 1..3 starbattle/starbattle-6x6-1star-janko-001.txt --reduce paper --space auto --mixer xy-ring -- --truncate exact
else
  echo "no qiskit, qiskit-qasm3-import and qiskit-ibm-runtime in $PY: routed step skipped" >&2
fi

# Every 6x6 Queens and Star Battle board of results/compare: the XY ring on the smallest block
# space at `paper` (Queens community-069 keeps 24 qubits, 2,500 block states; the others 36
# qubits, 46,656; Star Battle has none at `propagate`, solved by reduction), run on weight
# sectors (noise::sectors) with `--truncate exact`: each trajectory drops the sectors that can no
# longer end valid (P(valid) exact for the trajectories drawn; results/noise-sectors), p = 1..8,
# 1000 trajectories per depth and model.
# One board of each kind first (the 24-qubit Queens, a 36-qubit Queens, a Star Battle), then
# the rest.
# Where exact's plan refuses a depth (a trajectory too large to hold: Queens community-052 at
# p = 7, Star Battle janko-001 at p = 8), `bounded` (the same bytes where nothing is dropped;
# a bracket where a piece too large is) runs that board; 080 with it too (its report stops at p = 8: results/noisy/README.md).
queens() { solve queens-$1 1000 1..8 queens/queens-6x6-community-$1.txt --reduce paper --space auto --mixer xy-ring --truncate "${2:-exact}"; }
starbattle() { solve starbattle-$1 1000 1..8 starbattle/starbattle-6x6-1star-janko-$1.txt --reduce paper --space auto --mixer xy-ring --truncate "${2:-exact}"; }
queens 069
queens 010
queens 014
starbattle 001 bounded
for b in 021 067; do queens $b; done
for b in 052 080; do queens $b bounded; done
for b in 002 031 052 061 062 063 072; do starbattle $b; done
# The other 6x6 Tango boards of results/compare (X on the full space at `paper`, 12-14 qubits):
# p = 1..8, 1000 trajectories.
for f in "$I"/tango/tango-6x6-linkedin-*.txt; do
  b=$(basename "$f" .txt)
  b=${b#tango-6x6-linkedin-}
  grep -q "tango-6x6-linkedin-$b.txt" results/compare/tango-x/sweep.csv || continue
  solve tango-$b 1000 1..8 tango/tango-6x6-linkedin-$b.txt --reduce paper --space full --mixer x
done
