#!/usr/bin/env bash
# Regenerates results/starbattle/: qubits per reduction level and the exact classical answer
# for every shared Star Battle file, and QAOA success probabilities at p = 1..5 on 5x5 one-star
# Star Battles. Run from the repository root after `cargo build --release`:
#   results/starbattle/run.sh [qubits|qaoa NAME LEVEL [MAX_ITERS]]
# The janko.at files are read from ../shared and never copied into the repository.
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
SHARED=../shared/instances
OUT=results/starbattle
what=${1:-qubits}

if [ "$what" = qubits ]; then
{
  echo "| file | stars | none | clues | paper | propagate | probe | search: ground states | search: solutions | = stored, energy 0 | search seconds |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
  for f in "$SHARED"/starbattle/*.txt; do
    info=$("$Q" info "$f" --json)
    start=$(date +%s.%N)
    cls=$("$Q" classical "$f" --method search --json)
    end=$(date +%s.%N)
    python3 - "$f" "$info" "$cls" "$start" "$end" <<'PY'
import json, sys, os
f, info, cls, t0, t1 = sys.argv[1:]
i = json.loads(info)["variables"]; c = json.loads(cls)
text = open(f).read()
stars = text.split("stars:")[1].split()[0]
stored = text.split("[solution]")[1].split()
same = c["boards"] == [stored] and abs(c["min_energy"]) < 1e-9
print(f"| {os.path.basename(f)} | {stars} | {i['none']} | {i['clues']} | {i['paper']} | {i['propagate']} | {i['probe']} | "
      f"{c['ground_states']} | {c['solution_count']} | {'yes' if same else 'NO'} | {float(t1) - float(t0):.3f} |")
PY
  done
} > "$OUT/qubits.md"
fi

if [ "$what" = qaoa ]; then
  name=$2; level=$3; iters=${4:-200}
  f="$SHARED/starbattle/$name.txt"
  "$Q" solve "$f" --reduce "$level" --space full --mixer x --depths 1..5 --seed 0 --max-iters "$iters" --json --out "$OUT/$name-$level" > /dev/null
  echo "solved $name at $level"
fi
