#!/usr/bin/env bash
# Regenerates results/sudoku4/: qubits per reduction level in both encodings and the exact
# classical answer for every shared 4x4 Sudoku, and QAOA success probabilities at p = 1..5 in
# both encodings on five of them. Run from the repository root after `cargo build --release`:
#   results/sudoku4/run.sh
# The AmayaOS files (GPL) are read from ../shared and never copied into the repository.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances
OUT=results/sudoku4
{
  echo "| file | clues | one-hot: none | clues | paper | propagate | probe | compact: none | clues | search: solutions | = stored, energy 0 | compact diagonal at clues: ground states |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
  for f in "$SHARED"/sudoku4/*.txt; do
    info=$("$Q" info "$f" --json)
    cinfo=$("$Q" info "$f" --json --encoding compact --reduce clues)
    cls=$("$Q" classical "$f" --method search --reduce clues --json)
    ccls=$("$Q" classical "$f" --encoding compact --reduce clues --json)
    python3 - "$f" "$info" "$cinfo" "$cls" "$ccls" <<'PY'
import json, sys, os
f, info, cinfo, cls, ccls = sys.argv[1:]
i = json.loads(info)["variables"]; ci = json.loads(cinfo)["variables"]
c = json.loads(cls); cc = json.loads(ccls)
text = open(f).read()
grid = text.split("[grid]")[1].split("[")[0]
clues = sum(ch.isdigit() for ch in grid)
stored = text.split("[solution]")[1].split()
same = c["boards"] == [stored] and abs(c["min_energy"]) < 1e-9 and cc["boards"] == [stored]
print(f"| {os.path.basename(f)} | {clues} | {i['none']} | {i['clues']} | {i['paper']} | {i['propagate']} | {i['probe']} | "
      f"{ci['none']} | {ci['clues']} | {c['solution_count']} | {'yes' if same else 'NO'} | {cc['ground_states']} |")
PY
  done
} > "$OUT/qubits.md"

for name in sudoku4-amayaos-11 sudoku4-amayaos-12 sudoku4-amayaos-16 sudoku4-amayaos-18 sudoku4-sgt-2x2-01; do
  f="$SHARED/sudoku4/$name.txt"
  "$Q" solve "$f" --reduce clues --space full --mixer x --depths 1..5 --seed 0 --json --out "$OUT/$name-onehot" > /dev/null
  "$Q" solve "$f" --reduce clues --encoding compact --space full --mixer x --depths 1..5 --seed 0 --json --out "$OUT/$name-compact" > /dev/null
  echo "solved $name"
done

# The compact encoding alone on three 4-clue Sudokus (21-26 one-hot qubits at clues).
for name in sudoku4-amayaos-01 sudoku4-amayaos-02 sudoku4-sgt-2x2-00; do
  f="$SHARED/sudoku4/$name.txt"
  "$Q" solve "$f" --reduce clues --encoding compact --space full --mixer x --depths 1..5 --seed 0 --json --out "$OUT/$name-compact" > /dev/null
  echo "solved $name (compact)"
done
