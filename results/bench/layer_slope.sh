#!/usr/bin/env bash
# The cost of one layer without the evaluation's fixed costs: one evaluation of XY-ring QAOA
# on the 8^8 row space of queens-8x8-community-017 and of the X mixer on 2^24 states
# (`quzzle bench --random 24`) at p = 1, 2, 4 and 8 (fastest of 5 after a warm-up), and the
# least-squares line through them: seconds = fixed + p · per layer. The block space's
# evaluation at p = 4 may cost less than X's while its layer costs more, since X's first
# layer and energy cost more than the block space's.
#
#   bash results/bench/layer_slope.sh
#
# Writes results/bench/layer_slope/{runs.jsonl,table.md}.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/bench/layer_slope
mkdir -p "$out"
cargo build --release --quiet
: > "$out/runs.jsonl"
for p in 1 2 4 8; do
    ./target/release/quzzle bench ../shared/instances/queens/queens-8x8-community-017.txt \
        --space rows --mixer xy-ring --depth "$p" --repeats 5 --json | tr -d '\n' >> "$out/runs.jsonl"
    echo >> "$out/runs.jsonl"
    ./target/release/quzzle bench --random 24 --depth "$p" --repeats 5 --json | tr -d '\n' >> "$out/runs.jsonl"
    echo >> "$out/runs.jsonl"
done
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
runs = [json.loads(l) for l in open(f"{out}/runs.jsonl") if l.strip()]
def line(points):
    n = len(points)
    mx = sum(p for p, _ in points) / n
    my = sum(s for _, s in points) / n
    slope = sum((p - mx) * (s - my) for p, s in points) / sum((p - mx) ** 2 for p, _ in points)
    return my - slope * mx, slope
fits = {}
for name, space in [("XY ring, 8^8 rows", "rows"), ("X, 2^24 full", "full")]:
    fits[name] = (sorted((r["p"], min(r["all_seconds"])) for r in runs if r["space"] == space))
lines = ["| model | " + " | ".join(f"p = {p} (s)" for p, _ in next(iter(fits.values()))) +
         " | fixed (ms) | per layer (ms) |",
         "| --- | " + " | ".join("---:" for _ in next(iter(fits.values()))) + " | ---: | ---: |"]
slopes = {}
for name, points in fits.items():
    fixed, slope = line(points)
    slopes[name] = slope
    lines.append(f"| {name} | " + " | ".join(f"{s:.4f}" for _, s in points) +
                 f" | {fixed * 1e3:.1f} | {slope * 1e3:.1f} |")
xy, x = slopes["XY ring, 8^8 rows"], slopes["X, 2^24 full"]
lines += ["", f"Per layer the block space costs {xy / x:.2f}x the X layer."]
open(f"{out}/table.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
