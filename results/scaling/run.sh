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
# 2. sweeps/: Queens boards N = 4..8, `quzzle generate queens` seeds 1..8 per size and every
#    shared board of that size, reduction `none` (rows+cols is then the N! permutations, rows
#    N^N), own angles at p = 1..5 with switch-complete, switch-ring and grover on rows+cols, and
#    xy-ring on rows up to N = 6 (6^6 = 46,656 states), X on the full space up to N = 5
#    (2^25 states; 6x6 would be 2^36). (N = 9 at `none`, the 10x10 boards and
#    xy-ring at N = 7 are left out: each takes minutes per board on the 2-core machine; N = 9
#    runs switch-complete only, below.)
# 3. reach/: the 4 shared 10x10 Queens boards at reduction `none` (10! = 3,628,800
#    permutations, the uniform start), switch-ring, own angles at p = 1..5 with the
#    settings of step 1, and with switch-complete (10 to 40 minutes a board on the 2-core
#    machine).
# 4. reach/: the shared one-star Star Battles 7x7 to 9x9 at reduction `paper` (no cell is fixed:
#    rows+cols is all N! permutations, the uniform start), switch-complete and switch-ring,
#    own angles at p = 1..5 with the settings of step 1. (The two-star 8x8 boards, with
#    187,530,840 rows+cols states, are steps 4b and 4c below.)
# 5.-8. (below, with their own comments) bench/ per-layer times; fixed/ one linear ramp per
#    mixer at p = 1, 5, 10, 20, 50 on Queens N = 4..11 and one-star Star Battle N = 4..11;
#    transfer/ the median of smaller boards' angles at p = 1..5; grover/ Grover search.
# Then `python3 tools/scaling.py` writes the tables, fits.json and the figure. A sweep resumes
# from the sweep.csv in its folder and a bench or Grover JSON that exists is kept, so empty
# results/scaling/{reach,sweeps,fixed,transfer,grover,bench} to start over.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=${QUZZLE_SHARED:-../shared/instances}/queens
OUT=results/scaling
BOARDS=$OUT/boards
mkdir -p "$BOARDS" "$OUT/sweeps" "$OUT/reach"
# (10x10 and 11x11 take 15 and 26 s: a larger budget than the default 8 s.)
for n in 4 5 6 7 8 9 10 11; do
  [ -e "$BOARDS/queens-$n-seed8.txt" ] ||
    "$Q" generate queens --size "$n" --count 8 --seed 1 -o "$BOARDS" --parents --max-seconds 120
done
# 5. bench/: per-layer time of one evaluation and one gradient at p = 1 (`quzzle bench`, three
#    repeats, the median kept): the switch mixers on the rows+cols spaces
#    9! (9x9 07-17) and 10! (10x10 community-018) at reduction `none`, against the XY ring on
#    row spaces of similar dimension, 7^7 = 2^19.65 (7x7 07-13) and 8^8 = 2^24 (8x8
#    community-017). (The grover mixer on rows+cols runs from the cost histogram, with no
#    statevector: bench refuses it.) Each JSON is written whole (a temporary file, then renamed).
mkdir -p "$OUT/bench"
bench() { # NAME FILE SPACE MIXER
  local out=$OUT/bench/$1.json
  [ -e "$out" ] && return 0
  "$Q" bench "$2" --reduce none --depth 1 --repeats 3 --space "$3" --mixer "$4" --json > "$out.tmp"
  mv "$out.tmp" "$out"
}
bench queens-9x9-linkedin-2026-07-17-rows+cols-switch-complete "$SHARED/queens-9x9-linkedin-2026-07-17.txt" rows+cols switch-complete
bench queens-9x9-linkedin-2026-07-17-rows+cols-switch-ring "$SHARED/queens-9x9-linkedin-2026-07-17.txt" rows+cols switch-ring
bench queens-7x7-linkedin-2026-07-13-rows-xy-ring "$SHARED/queens-7x7-linkedin-2026-07-13.txt" rows xy-ring
bench queens-10x10-community-018-rows+cols-switch-ring "$SHARED/queens-10x10-community-018.txt" rows+cols switch-ring
bench queens-10x10-community-018-rows+cols-switch-complete "$SHARED/queens-10x10-community-018.txt" rows+cols switch-complete
bench queens-8x8-community-017-rows-xy-ring "$SHARED/queens-8x8-community-017.txt" rows xy-ring
# Beyond 10!: switch-complete on 11! (a generated 11x11 board; its pair lists take 8.8 GB) and
# switch-ring on the 187,530,840 states of a two-star 8x8 Star Battle (14.5 GB).
bench queens-11-seed1-rows+cols-switch-complete "$BOARDS/queens-11-seed1.txt" rows+cols switch-complete
bench starbattle-8x8-2star-masonomara-01-rows+cols-switch-ring "${QUZZLE_SHARED:-../shared/instances}/starbattle/starbattle-8x8-2star-masonomara-01.txt" rows+cols switch-ring
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
  echo "$Q sweep $f --reduce none --space rows+cols --mixer switch-complete --depths 1..5 $COMMON --max-qubits 22 --out $OUT/reach/$b-none-switch-complete" >> "$jobs"
done
for f in "${QUZZLE_SHARED:-../shared/instances}"/starbattle/starbattle-{7x7,8x8,9x9}-1star-*.txt; do
  b=$(basename "$f" .txt)
  for mixer in switch-complete switch-ring; do
    echo "$Q sweep $f --reduce paper --space rows+cols --mixer $mixer --depths 1..5 $COMMON --out $OUT/reach/$b-paper-$mixer" >> "$jobs"
  done
done
for n in 4 5 6 7 8; do
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
    if [ "$n" -le 5 ]; then
      echo "$Q sweep $f --reduce none --space full --mixer x --depths 1..5 $COMMON --max-qubits 26 --out $OUT/sweeps/$b-full-x" >> "$jobs"
    fi
  done
done
# Step 2 at N = 9: switch-complete only (own angles, about a minute per board), against the
# transferred angles of step 7 (which, like the ramps of step 6, take only N <= 8).
for f in "$BOARDS"/queens-9-seed*.txt "$SHARED"/queens-9x9-*.txt; do
  b=$(basename "$f" .txt)
  echo "$Q sweep $f --reduce none --space rows+cols --mixer switch-complete --depths 1..5 $COMMON --out $OUT/sweeps/$b-rows+cols-switch-complete" >> "$jobs"
done
# The 9x9 and 10x10 boards first; a failed sweep is named.
xargs -P "${JOBS:-1}" -I{} sh -c '{} > /dev/null 2>&1 || echo "failed: {}"' < "$jobs"
rm -f "$jobs"
# 4b. reach/: the shared two-star 8x8 Star Battles, 187,530,840 rows+cols states (no cell
#    fixed at `paper`), switch-ring from the uniform start under its fixed ramp of step 6 (so
#    after step 2's sweeps, which the ramp is fitted to) at p = 1..5 (a 3.5-minute build, 5 s
#    per layer and 11.6 GB a board; switch-complete's pair lists, about 45 a state, would take
#    72.5 GiB and are refused).
for f in "${QUZZLE_SHARED:-../shared/instances}"/starbattle/starbattle-8x8-2star-*.txt; do
  b=$(basename "$f" .txt)
  "$Q" sweep "$f" --reduce paper --space rows+cols --mixer switch-ring \
    --schedule "lr:$(python3 tools/scaling.py ramp switch-ring rows+cols)" --depths 1..5 \
    --max-qubits 28 --no-instance-plots --out "$OUT/reach/$b-paper-switch-ring-lr" > /dev/null 2>&1 ||
    echo "failed: two-star $b"
done
# 4c. reach/: own angles on the two-star 8x8 boards, switch-ring from the uniform start at
#    p = 1..5 with the settings of step 1 (`--max-qubits 28`): 20 minutes a board alone on
#    two cores, 34 to 42 beside CI, 14.5 GB (not beside another large sweep on 24 GiB).
for f in "${QUZZLE_SHARED:-../shared/instances}"/starbattle/starbattle-8x8-2star-*.txt; do
  b=$(basename "$f" .txt)
  "$Q" sweep "$f" --reduce paper --space rows+cols --mixer switch-ring --depths 1..5 $COMMON \
    --max-qubits 28 --out "$OUT/reach/$b-paper-switch-ring" > /dev/null 2>&1 || echo "failed: two-star own $b"
done
# 6. fixed/: how P(valid) decays with N under one fixed schedule per mixer, nothing optimised:
#    the linear ramp `--schedule lr:DG,DB` at p = 1, 5, 10, 20, 50. The ramp of each mixer is
#    the least-squares fit of γ_l = f_l·Δγ, β_l = −(1 − f_l)·Δβ to the median optimised
#    angles at p = 5 of step 2's own-angle sweeps of that mixer (Queens N = 5..8; xy-ring
#    N = 5, 6; X N = 5; the N = 4 sweeps are not used): `python3 tools/scaling.py ramp MIXER
#    SPACE` prints DG,DB. The same ramp serves Queens and one-star Star Battle (the same
#    one-per-row-and-column penalties). One sweep per puzzle kind, size, space and mixer over
#    that size's boards: `quzzle generate` seeds 1..8 (Queens) or 101..108 (Star Battle) and
#    the shared boards (Queens 4..11, one-star Star Battle 4..11), reduction `none`.
#    rows+cols: switch-complete, switch-ring and grover (from the cost histogram) to N = 11;
#    rows: xy-ring to N = 8 (8^8 = 2^24); full: X to N = 5 (2^25).
# 7. transfer/: the same boards at p = 1..5 under `--schedule transfer`, the median layer by
#    layer of the own optimised angles of the smaller boards (step 2's sweeps, Queens 5..8)
#    at the same depth: Queens N = 9..11 where the mixer runs (switch-complete to N = 11 here), and xy-ring at N = 7, 8 (above its own sweeps,
#    N = 5, 6); one-star Star Battle N = 9, 10 with the switch mixers, from
#    step 4's own angles of the shared 7x7 and 8x8 boards (at `paper`, which fixes no cell of
#    a Star Battle: the same space as `none`).
# 8. grover/: Grover search over rows+cols (`quzzle grover --space rows+cols --route
#    closed-form`, M solutions among D = N! states) after k = 0..50 oracle calls and at the
#    optimal k, on every board of step 6.
# The generated one-star Star Battles take seeds 101..108: Queens and one-star Star Battle
# have the same rules and `quzzle generate` draws both with one generator, so seeds 1..8
# would give the Queens boards above again.
SB=${QUZZLE_SHARED:-../shared/instances}/starbattle
for n in 4 5 6 7 8 9 10 11; do
  [ -e "$BOARDS/starbattle-$n-seed108.txt" ] ||
    "$Q" generate starbattle --stars 1 --size "$n" --count 8 --seed 101 -o "$BOARDS" --parents --max-seconds 120
done
mkdir -p "$OUT/fixed" "$OUT/transfer" "$OUT/grover"
boards() { # KIND N: the generated and the shared boards of that size
  local f
  for f in "$BOARDS/$1-$2-seed"*.txt; do echo "$f"; done
  if [ "$1" = queens ]; then
    for f in "$SHARED"/queens-$2x$2-*.txt; do [ -e "$f" ] && echo "$f"; done
  else
    for f in "$SB"/starbattle-$2x$2-1star-*.txt; do [ -e "$f" ] && echo "$f"; done
  fi
  return 0
}
# MIXER:SPACE:LARGEST_FIXED_N:LARGEST_TRANSFER_N:LARGEST_OWN_N: the sizes each mixer runs at
# under the fixed ramps (p up to 50) and under transfer (p up to 5), and the largest of its
# own-angle sweeps (step 2; transfer runs above it). A switch-complete evaluation at p = 1
# takes 0.16 s on 10! and 2.6 s on 11! (pair lists built in 3 s and 41 s, 8.8 GB at 11!;
# 7.5 minutes a board at p = 1, 5, 10, 20, 50 with two threads); switch-ring 0.02 s on 10!;
# xy-ring 0.03 s on 8^8 rows; see bench/.
MIXERS="switch-complete:rows+cols:11:11:8 switch-ring:rows+cols:11:10:8 grover:rows+cols:11:11:8 xy-ring:rows:8:8:6 x:full:5:5:5"
fixed_sweeps() { # KIND SIZES...
  local kind=$1 n m mixer space top ttop own ramp
  shift
  for m in $MIXERS; do
    IFS=: read -r mixer space top ttop own <<< "$m"
    ramp=$(python3 tools/scaling.py ramp "$mixer" "$space")
    for n in "$@"; do
      [ "$n" -le "$top" ] || continue
      mapfile -t files < <(boards "$kind" "$n")
      "$Q" sweep "${files[@]}" --reduce none --space "$space" --mixer "$mixer" --schedule "lr:$ramp" \
        --depths 1,5,10,20,50 --max-qubits 26 --no-instance-plots \
        --out "$OUT/fixed/$kind-$n-$space-$mixer" > /dev/null 2>&1 || echo "failed: fixed $kind $n $mixer"
    done
  done
}
transfer_sweeps() { # KIND SIZES...
  local kind=$1 n m mixer space ftop top own
  shift
  for m in $MIXERS; do
    IFS=: read -r mixer space ftop top own <<< "$m"
    for n in "$@"; do
      [ "$n" -le "$top" ] && [ "$n" -gt "$own" ] || continue
      mapfile -t files < <(boards "$kind" "$n")
      if [ "$kind" = queens ]; then
        from=("$OUT"/sweeps/*-[5-8][-x]*-"$space-$mixer"/sweep.csv)
      else
        from=("$OUT"/reach/starbattle-[78]x*-1star-*-paper-"$mixer"/sweep.csv)
      fi
      [ -e "${from[0]}" ] || continue
      "$Q" sweep "${files[@]}" --reduce none --space "$space" --mixer "$mixer" --schedule transfer \
        --angles-from "${from[@]}" --depths 1..5 --max-qubits 26 --no-instance-plots \
        --out "$OUT/transfer/$kind-$n-$space-$mixer" > /dev/null 2>&1 || echo "failed: transfer $kind $n $mixer"
    done
  done
}
grover_search() { # KIND SIZES...
  local kind=$1 n f out
  shift
  for n in "$@"; do
    while read -r f; do
      out=$OUT/grover/$(basename "$f" .txt).json
      [ -e "$out" ] && continue
      "$Q" grover "$f" --reduce none --space rows+cols --route closed-form --iterations 0..50 --json > "$out.tmp"
      mv "$out.tmp" "$out"
    done < <(boards "$kind" "$n")
  done
}
fixed_sweeps queens 4 5 6 7 8 9 10 11
fixed_sweeps starbattle 4 5 6 7 8 9 10 11
transfer_sweeps queens 7 8 9 10 11
transfer_sweeps starbattle 9 10
grover_search queens 4 5 6 7 8 9 10 11
grover_search starbattle 4 5 6 7 8 9 10 11
# Each sweep's own figures are one board or size each; the figure here is decay.png.
find "$OUT/sweeps" "$OUT/reach" "$OUT/fixed" "$OUT/transfer" \( -name '*.png' -o -name '*.svg' \) -delete
python3 tools/scaling.py
