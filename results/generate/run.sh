#!/usr/bin/env bash
# Regenerates results/generate/generate.csv: 100 puzzles per kind (seeds 1..100) at 6x6
# (4x4 for Sudoku, 5x5 one-star for Star Battle, plus 8x8 two-star Star Battles and the QUBO
# region route), each parsed back by `quzzle classical --method search` and checked to have
# exactly one solution, the stored one. Run from the repository root after
# `cargo build --release`:   results/generate/run.sh [COUNT]
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
OUT=results/generate
COUNT=${1:-100}
TMP=$(mktemp -d)
# Written in the temporary folder and moved into place when complete.
CSV="$TMP/generate.csv"
echo "kind,size,args,seed,seconds,attempts,searches,givens,proof_nodes,parsed_back,solutions,ground_states,stored_is_the_solution" > "$CSV"
run() { # kind size extra-args...
  kind=$1; size=$2; shift 2
  for seed in $(seq 1 "$COUNT"); do
    file="$TMP/$kind-$size-$seed.txt"
    line=$("$Q" generate "$kind" --size "$size" "$@" --seed "$seed" -o "$file")
    cls=$("$Q" classical "$file" --method search --reduce none --json 2>/dev/null || echo '{}')
    python3 - "$kind" "$size" "$*" "$seed" "$line" "$cls" "$file" >> "$CSV" <<'PY'
import json, re, sys
kind, size, args, seed, line, cls, file = sys.argv[1:]
sec = re.search(r"unique, ([0-9.]+) s", line).group(1)
att = re.search(r"(\d+) attempt", line).group(1)
srch = re.search(r"(\d+) exact searches", line).group(1)
giv = re.search(r"(\d+) givens", line)
nodes = re.search(r"proof (\d+) search nodes", line).group(1)
c = json.loads(cls)
stored = open(file).read().split("[solution]")[1].split()
ok = c.get("boards") == [stored]
print(f"{kind},{size},{args},{seed},{sec},{att},{srch},{giv.group(1) if giv else ''},{nodes},"
      f"{'yes' if c else 'no'},{c.get('solution_count', '')},{c.get('ground_states', '')},{'yes' if ok else 'no'}")
PY
  done
}
run queens 6
run starbattle 5
run starbattle 8 --stars 2
run starbattle 6 --method qubo
run tango 6
run takuzu 6
run tents 6
run sudoku4 4
mv "$CSV" "$OUT/generate.csv"
rm -rf "$TMP"
# The table of results/generate/README.md, from generate.csv.
python3 tools/tables.py
