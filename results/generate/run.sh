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
echo "kind,size,args,seed,seconds,attempts,searches,givens,proof_nodes,parsed_back,solutions,ground_states,stored_is_the_solution" > "$OUT/generate.csv"
run() { # kind size extra-args...
  kind=$1; size=$2; shift 2
  for seed in $(seq 1 "$COUNT"); do
    file="$TMP/$kind-$size-$seed.txt"
    line=$("$Q" generate "$kind" --size "$size" "$@" --seed "$seed" -o "$file")
    cls=$("$Q" classical "$file" --method search --reduce none --json 2>/dev/null || echo '{}')
    python3 - "$kind" "$size" "$*" "$seed" "$line" "$cls" "$file" >> "$OUT/generate.csv" <<'PY'
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
python3 - "$OUT/generate.csv" > "$OUT/summary.md" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    groups.setdefault((r["kind"], r["size"], r["args"]), []).append(r)
print("| kind | size | args | puzzles | parsed back | exactly one solution (= stored) | mean s | max s | mean attempts | mean givens |")
print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for (k, s, a), rs in groups.items():
    secs = [float(r["seconds"]) for r in rs]
    giv = [int(r["givens"]) for r in rs if r["givens"]]
    one = sum(r["solutions"] == "1" and r["ground_states"] == "1" and r["stored_is_the_solution"] == "yes" for r in rs)
    print(f"| {k} | {s}x{s} | {a or '-'} | {len(rs)} | {sum(r['parsed_back'] == 'yes' for r in rs)} | {one} | "
          f"{sum(secs)/len(secs):.4f} | {max(secs):.4f} | {sum(int(r['attempts']) for r in rs)/len(rs):.2f} | " +
          (f"{sum(giv)/len(giv):.2f}" if giv else "-") + " |")
PY
rm -rf "$TMP"
cat "$OUT/summary.md"
