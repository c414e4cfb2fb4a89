#!/usr/bin/env bash
# The cost of one layer without the evaluation's fixed costs: one evaluation of XY-ring QAOA
# on a Queens row space and of the X mixer at about the same dimension (`quzzle bench
# --random N`) at p = 1, 2, 4 and 8 (fastest of the timed calls after a warm-up), and the
# least-squares line through them: seconds = fixed + p · per layer. The block space's
# evaluation at p = 4 may cost less than X's while its layer costs more, since X's first
# layer and energy cost more than the block space's.
#
#   bash results/bench/layer_slope.sh        # 8^8 rows of queens-8x8-community-017 against X on 2^24
#   bash results/bench/layer_slope.sh 9      # 9^9 rows of queens-9x9-community-059 against X on
#                                            # 2^28, scaled by the dimension ratio (1.44), as
#                                            # subspace.sh does (2^29 with its gradient's second
#                                            # state does not fit); one timed call each
#
# Writes results/bench/layer_slope/{runs.jsonl,table.md}, or layer_slope/nine/ for 9.
#
# On another host, as results/bench/subspace.sh: QUZZLE (a binary built here), INSTANCES (a
# folder holding the board) and OUT_DIR; RAYON_NUM_THREADS as usual.
set -euo pipefail
cd "$(dirname "$0")/../.."
case "${1:-8}" in
    8) out=results/bench/layer_slope board=queens-8x8-community-017 shape=8^8 n=24 repeats=5 ;;
    9) out=results/bench/layer_slope/nine board=queens-9x9-community-059 shape=9^9 n=28 repeats=1 ;;
    *) echo "usage: layer_slope.sh [8|9]" >&2; exit 2 ;;
esac
out=${OUT_DIR:-$out}
instances=${INSTANCES:-../shared/instances/queens}
mkdir -p "$out"
quzzle=${QUZZLE:-}
if [ -z "$quzzle" ]; then
    cargo build --release --quiet
    quzzle=./target/release/quzzle
fi
: > "$out/runs.jsonl"
for p in 1 2 4 8; do
    "$quzzle" bench "$instances/$board.txt" \
        --space rows --mixer xy-ring --depth "$p" --repeats "$repeats" --json | tr -d '\n' >> "$out/runs.jsonl"
    echo >> "$out/runs.jsonl"
    "$quzzle" bench --random "$n" --depth "$p" --repeats "$repeats" --json | tr -d '\n' >> "$out/runs.jsonl"
    echo >> "$out/runs.jsonl"
done
python3 - "$out" "$shape" <<'PY'
import json, math, sys
out, shape = sys.argv[1], sys.argv[2]
runs = [json.loads(l) for l in open(f"{out}/runs.jsonl") if l.strip()]
rows = [r for r in runs if r["space"] == "rows"]
full = [r for r in runs if r["space"] == "full"]
# X at the block space's dimension: the 2^n times scaled by the dimension ratio (1 at 8^8).
scale = rows[0]["dimension"] / full[0]["dimension"]
block = f"XY ring, {shape} rows"
xname = f"X, 2^{round(math.log2(full[0]['dimension']))} full" + ("" if scale == 1 else f", times {scale:.3f}")
def line(points):
    n = len(points)
    mx = sum(p for p, _ in points) / n
    my = sum(s for _, s in points) / n
    slope = sum((p - mx) * (s - my) for p, s in points) / sum((p - mx) ** 2 for p, _ in points)
    return my - slope * mx, slope
fits = {
    block: sorted((r["p"], min(r["all_seconds"])) for r in rows),
    xname: sorted((r["p"], min(r["all_seconds"]) * scale) for r in full),
}
lines = ["| model | " + " | ".join(f"p = {p} (s)" for p, _ in next(iter(fits.values()))) +
         " | fixed (ms) | per layer (ms) |",
         "| --- | " + " | ".join("---:" for _ in next(iter(fits.values()))) + " | ---: | ---: |"]
slopes = {}
for name, points in fits.items():
    fixed, slope = line(points)
    slopes[name] = slope
    lines.append(f"| {name} | " + " | ".join(f"{s:.4f}" for _, s in points) +
                 f" | {fixed * 1e3:.1f} | {slope * 1e3:.1f} |")
xy, x = slopes[block], slopes[xname]
lines += ["", f"Per layer the block space costs {xy / x:.2f}x the X layer."]
open(f"{out}/table.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
