#!/usr/bin/env bash
# Regenerates results/subspace/: constraint-preserving QAOA on block spaces (XY mixers, Dicke
# starts). Run from the repository root:
#   cargo build --release && results/subspace/run.sh [PART...]
# PART: dims queens given starbattle sudoku tango (default: all). Reads ../shared/instances;
# third-party files are converted into /tmp at run time, never copied into the repository.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances
OUT=results/subspace
TMP=/tmp/quzzle-subspace-results
parts=${*:-dims queens given starbattle sudoku tango}
mkdir -p "$OUT"
rm -rf "$TMP" && mkdir -p "$TMP"
has() { [[ " $parts " == *" $1 "* ]]; }

# A table of the block spaces of FILES at LEVEL: log2 of the dimension per space.
space_table() { # level file...
  python3 - "$Q" "$@" <<'PY'
import json, os, subprocess, sys
q, level, files = sys.argv[1], sys.argv[2], sys.argv[3:]
print("| file | qubits | full | rows | cols | regions | cells | auto | auto fits | XY applies (auto under XY) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |")
for f in files:
    d = json.loads(subprocess.run([q, "info", f, "--reduce", level, "--json"], check=True,
                                  capture_output=True, text=True).stdout)
    by = {s["space"]: s for s in d["spaces"]}
    def cell(name):
        s = by.get(name)
        return "2^%.2f" % s["log2_dimension"] if s else "–"
    auto = by["auto"]
    cells = " | ".join(cell(n) for n in ["full", "rows", "cols", "regions", "cells"])
    xy = d["xy_auto"]
    print("| %s | %d | %s | %s 2^%.2f | %s | %s |" % (os.path.basename(f), d["qubits"], cells, auto["resolved"],
          auto["log2_dimension"], "yes" if auto["fits"] else "no", "yes (%s)" % xy if xy else "no"))
PY
}

# 1. Every shared Queens board at paper, no hand-given queen: the space of each family.
if has dims; then
  space_table paper "$SHARED"/queens/*.txt > "$OUT/queens-spaces.md"
  echo "wrote $OUT/queens-spaces.md"
fi

# 2. QAOA with the XY ring mixer on every board whose smallest space (auto) has at most 2^24
#    states, p = 1..5, INTERP (6x6-8x8, five 9x9 and one 10x10; the rest are listed as skipped).
if has queens; then
  "$Q" sweep "$SHARED"/queens/*.txt --reduce paper --space auto --mixer xy-ring \
    --init interp --depths 1..5 --seed 0 --max-qubits 24 --no-instance-plots --out "$OUT/queens-xy"
fi

# 3. X against XY on the same boards where the full space fits: Queens with one queen given by
#    hand (row 0's queen of the stored solution), as in results/queens.
if has given; then
  add_given() { # src dst
    python3 - "$1" "$2" <<'PY'
import sys
src, dst = sys.argv[1:]
t = open(src).read()
if t.startswith("puzzle: starbattle"):  # a 1-star Star Battle is a Queens instance
    t = t.replace("puzzle: starbattle", "puzzle: queens").replace("stars: 1\n", "")
    head, sol = t.split("[solution]")
    t = head + "[solution]" + sol.replace("*", "Q")
row0 = t.split("[solution]")[1].split()[0]
t = t.replace("[solution]", f"[givens]\n0,{row0.index('Q')}\n\n[solution]")
open(dst, "w").write(t)
PY
  }
  mkdir -p "$TMP/given"
  add_given "$SHARED/starbattle/starbattle-5x5-1star-janko-018.txt" "$TMP/given/starbattle-5x5-018-as-queens-given.txt"
  add_given "$SHARED/starbattle/starbattle-5x5-1star-janko-028.txt" "$TMP/given/starbattle-5x5-028-as-queens-given.txt"
  add_given "$SHARED/queens/queens-6x6-community-010.txt" "$TMP/given/queens-6x6-community-010-given.txt"
  # The last call also draws, per instance, every mixer beside Grover search (side_by_side/).
  for mixer in x xy-ring xy-complete grover; do
    space=$([ "$mixer" = x ] && echo full || echo rows)
    extra=$([ "$mixer" = grover ] && echo --side-by-side || true)
    # shellcheck disable=SC2086
    "$Q" sweep "$TMP"/given/*.txt tests/data/nqueens-4.txt --reduce paper --space "$space" --mixer "$mixer" \
      --init interp --depths 1..5 --seed 0 --max-qubits 25 --no-instance-plots $extra --out "$OUT/queens-given"
  done
fi

# 4. Star Battle: every 5x5 and 6x6 board, rows of weight S as Dicke blocks.
if has starbattle; then
  space_table paper "$SHARED"/starbattle/starbattle-[56]x[56]-*.txt > "$OUT/starbattle-spaces.md"
  "$Q" sweep "$SHARED"/starbattle/starbattle-[56]x[56]-*.txt --reduce paper --space rows --mixer xy-ring \
    --init interp --depths 1..5 --seed 0 --max-qubits 25 --no-instance-plots --out "$OUT/starbattle-xy"
fi

# 5. 4x4 Sudoku at clues, one block per cell (its candidate digits).
if has sudoku; then
  space_table clues "$SHARED"/sudoku4/*.txt > "$OUT/sudoku4-spaces.md"
  "$Q" sweep "$SHARED"/sudoku4/*.txt --reduce clues --space cells --mixer xy-ring \
    --init interp --depths 1..5 --seed 0 --max-qubits 25 --no-instance-plots --out "$OUT/sudoku4-xy"
fi

# 6. Tango at paper: the block spaces of every board (rows that share qubits through sign
#    chains are joined); XY where a family of plain blocks exists (the others are listed as
#    skipped, with why) and X on the full space of the same boards; the Grover mixer on the row
#    space of every board (it keeps general blocks), compared with the X-mixer results of
#    results/monotone/tango-paper.csv (same files, same settings).
if has tango; then
  space_table paper "$SHARED"/tango/*.txt > "$OUT/tango-spaces.md"
  echo "wrote $OUT/tango-spaces.md"
  "$Q" sweep "$SHARED"/tango/*.txt --reduce paper --space auto --mixer xy-ring \
    --init interp --depths 1..5 --seed 0 --max-qubits 25 --no-instance-plots --out "$OUT/tango-xy"
  ran=$(python3 -c 'import csv, sys; print(" ".join(sorted({r["file"] for r in csv.DictReader(open(sys.argv[1]))})))' "$OUT/tango-xy/sweep.csv")
  # shellcheck disable=SC2086
  "$Q" sweep $ran --reduce paper --space full --mixer x \
    --init interp --depths 1..5 --seed 0 --max-qubits 25 --no-instance-plots --out "$OUT/tango-xy"
  "$Q" sweep "$SHARED"/tango/*.txt --reduce paper --space rows --mixer grover \
    --init interp --depths 1..5 --seed 0 --max-qubits 25 --no-instance-plots --out "$OUT/tango-grover"
  python3 results/subspace/compare.py "$OUT/tango-grover/sweep.csv" results/monotone/tango-paper.csv \
    > "$OUT/tango-grover/against-x.md"
  echo "wrote $OUT/tango-grover/against-x.md"
fi
rm -rf "$TMP"
# The tables of results/subspace/README.md, from the CSVs above.
python3 tools/tables.py
