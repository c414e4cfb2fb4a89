#!/usr/bin/env bash
# Regenerates results/deep/: P(valid) against depth to p = 100 for every 6x6 Tango, Queens and
# Star Battle board and every 4x4 Sudoku of ../shared/instances, each kind on its best space
# and mixer (results/compare), with
#   interp     angles fully optimised at each depth (INTERP), p = 1..$P_OPT;
#   lr         LR-QAOA: the ramp's two scales optimised at each depth, p = 1..$P_LR;
#   lr-fixed   one fixed ramp per kind (the median of lr's optimised scales at p = $P_LR over
#              the kind's boards), evaluated without optimisation;
#   transfer   leave-one-out: each board at the median of the OTHER boards' interp angles
#              (resampled past $P_OPT), no optimisation;
#   fixed      the table shipped with quzzle (src/qaoa/fixed_angles.json), no optimisation.
# Grover search's P(valid) after k oracle calls comes from results/compare/grover (closed form).
# Run from the repository root:
#   cargo build --release && bash results/deep/run.sh
# then `python3 tools/tables.py` (tables) and `python3 results/deep/figure.py` (figure).
set -euo pipefail
# Every kind's sweeps in turn; KINDS="queens sudoku4" runs some of them.
KINDS=${KINDS:-tango queens starbattle sudoku4}
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances
OUT=results/deep
P_OPT=${P_OPT:-10}
P_LR=${P_LR:-10}
DEPTHS="1..10,12,15,20,25,30,40,50,60,70,80,90,100"
mkdir -p "$OUT"

# kind: files, reduction, space, mixer (the best of results/compare at p = 5 that covers every
# board: Tango's X sweep leaves out the 13 boards above 20 qubits, so Tango takes the Grover
# mixer on its rows).
run_kind() {
  local kind=$1 level=$2 space=$3 mixer=$4
  shift 4
  local common=(--reduce "$level" --space "$space" --mixer "$mixer" --max-qubits 24 --seed 0 --no-instance-plots)
  sweep() { # NAME ARGS...
    local name=$1
    shift
    "$Q" sweep "$@" "${common[@]}" --out "$OUT/$kind-$name" > "$OUT/$kind-$name.log" 2>&1 ||
      { echo "sweep $kind-$name failed; see $OUT/$kind-$name.log" >&2; exit 1; }
    echo "wrote $OUT/$kind-$name"
  }
  sweep interp --init interp --depths "1..$P_OPT" "$@"
  sweep lr --init lr --depths "1..$P_LR" "$@"
  local ramp
  ramp=$(python3 "$OUT/lr_scales.py" "$OUT/$kind-lr/sweep.csv" "$P_LR")
  sweep lr-fixed --schedule "lr:$ramp" --depths "$DEPTHS" "$@"
  sweep transfer --schedule transfer --angles-from "$OUT/$kind-interp/sweep.csv" --depths "$DEPTHS" "$@"
  sweep fixed --schedule fixed --depths "$DEPTHS" "$@"
}

for kind in $KINDS; do
  case $kind in
    tango) run_kind tango paper rows grover "$SHARED"/tango/tango-6x6-*.txt ;;
    queens) run_kind queens paper auto xy-ring "$SHARED"/queens/queens-6x6-*.txt ;;
    starbattle) run_kind starbattle paper auto xy-ring "$SHARED"/starbattle/starbattle-6x6-*.txt ;;
    sudoku4) run_kind sudoku4 clues auto xy-ring "$SHARED"/sudoku4/sudoku4-*.txt ;;
    *) echo "unknown kind $kind" >&2; exit 2 ;;
  esac
done
