#!/usr/bin/env bash
# Regenerates results/scaling/ (issue 60): switch-mixer QAOA on the rows+cols space of Queens
# boards, and how P(valid) decays with the board's size per mixer and depth. Run from the
# repository root after `cargo build --release`; JOBS=K runs K sweeps at once (each sweep is
# one board and one mixer in its own folder, so the files do not depend on K).
#
# 1. reach/: every shared 9x9 Queens board at reduction `paper` (the settings of
#    results/subspace/queens9: INTERP, energy, L-BFGS with at most 8 iterations per depth,
#    seed 0, own angles at p = 1..5), with switch-complete and switch-ring on rows+cols, from
#    the uniform start (`--start uniform`, what `auto` simulates); on the four boards whose
#    `paper` reduction fixes cells (REDUCED below: rows+cols below 9! states, where no circuit
#    prepares the uniform start) also from the first grid (`--start first-grid`, the start
#    their circuits have) into $b-paper-$mixer-first-grid.
# 2. sweeps/: Queens boards N = 5..8, `quzzle generate queens` seeds 1..8 per size and every
#    shared board of that size, reduction `none` (rows+cols is then the N! permutations, rows
#    N^N), own angles at p = 1..5 with switch-complete, switch-ring and grover on rows+cols, and
#    xy-ring on rows up to N = 6 (6^6 = 46,656 states). (N = 9 at `none`, the 10x10 boards and
#    xy-ring at N = 7 are left out: each takes minutes per board on the 2-core machine.)
# 3. reach/: the 4 shared 10x10 Queens boards at reduction `none` (10! = 3,628,800
#    permutations, the uniform start), switch-ring only, own angles at p = 1..5 with the
#    settings of step 1 (switch-complete is about ten times slower per layer: left out).
# 4. reach/: the shared one-star Star Battles 7x7 to 9x9 at reduction `paper` (no cell is fixed:
#    rows+cols is all N! permutations, the uniform start), switch-complete and switch-ring,
#    own angles at p = 1..5 with the settings of step 1. (The two-star 8x8 boards have
#    187,530,840 rows+cols states, about 11 GB before the pair lists: not run here.)
# Then `python3 tools/scaling.py` writes the tables, fits.json and the figure. A sweep resumes
# from the sweep.csv in its folder, so empty results/scaling/{reach,sweeps} to start over.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=${QUZZLE_SHARED:-../shared/instances}/queens
OUT=results/scaling
BOARDS=$OUT/boards
mkdir -p "$BOARDS" "$OUT/sweeps" "$OUT/reach"
for n in 5 6 7 8; do
  [ -e "$BOARDS/queens-$n-seed8.txt" ] || "$Q" generate queens --size "$n" --count 8 --seed 1 -o "$BOARDS" --parents
done
COMMON="--init interp --seed 0 --max-iters 8 --no-instance-plots"
jobs=$(mktemp)
REDUCED="queens-9x9-community-049 queens-9x9-community-057 queens-9x9-community-126 queens-9x9-linkedin-2026-07-12"
for f in "$SHARED"/queens-9x9-*.txt; do
  b=$(basename "$f" .txt)
  for mixer in switch-complete switch-ring; do
    echo "$Q sweep $f --reduce paper --space rows+cols --mixer $mixer --start uniform --depths 1..5 $COMMON --out $OUT/reach/$b-paper-$mixer" >> "$jobs"
    case " $REDUCED " in *" $b "*)
      echo "$Q sweep $f --reduce paper --space rows+cols --mixer $mixer --start first-grid --depths 1..5 $COMMON --out $OUT/reach/$b-paper-$mixer-first-grid" >> "$jobs" ;;
    esac
  done
done
for f in "$SHARED"/queens-10x10-*.txt; do
  b=$(basename "$f" .txt)
  echo "$Q sweep $f --reduce none --space rows+cols --mixer switch-ring --depths 1..5 $COMMON --max-qubits 22 --out $OUT/reach/$b-none-switch-ring" >> "$jobs"
done
for f in "${QUZZLE_SHARED:-../shared/instances}"/starbattle/starbattle-{7x7,8x8,9x9}-1star-*.txt; do
  b=$(basename "$f" .txt)
  for mixer in switch-complete switch-ring; do
    echo "$Q sweep $f --reduce paper --space rows+cols --mixer $mixer --depths 1..5 $COMMON --out $OUT/reach/$b-paper-$mixer" >> "$jobs"
  done
done
for n in 5 6 7 8; do
  files=("$BOARDS"/queens-$n-seed*.txt)
  for f in "$SHARED"/queens-${n}x${n}-*.txt; do [ -e "$f" ] && files+=("$f"); done
  for f in "${files[@]}"; do
    b=$(basename "$f" .txt)
    for mixer in switch-complete switch-ring grover; do
      echo "$Q sweep $f --reduce none --space rows+cols --mixer $mixer --depths 1..5 $COMMON --out $OUT/sweeps/$b-rows+cols-$mixer" >> "$jobs"
    done
    if [ "$n" -le 6 ]; then
      echo "$Q sweep $f --reduce none --space rows --mixer xy-ring --depths 1..5 $COMMON --out $OUT/sweeps/$b-rows-xy-ring" >> "$jobs"
    fi
  done
done
# The 9x9 and 10x10 boards first; a failed sweep is named.
xargs -P "${JOBS:-1}" -I{} sh -c '{} > /dev/null 2>&1 || echo "failed: {}"' < "$jobs"
rm -f "$jobs"
# Each sweep's own figures are one board each; the figure here is decay.png.
find "$OUT/sweeps" "$OUT/reach" \( -name '*.png' -o -name '*.svg' \) -delete
python3 tools/scaling.py
