#!/usr/bin/env bash
# One p = 4 evaluation and one gradient of XY-ring QAOA on block spaces (quzzle bench, median
# of 3 after a warm-up), against the memory floor of the state's bytes: one in-place
# read+write pass of the state per layer at the rmw bandwidth measured before and after; and
# against the full-space X mixer at the same dimension (quzzle bench --random N, same p):
# 2^24 for 8^8 exactly; for 9^9 = 2^28.53 the 2^28 run scaled by the dimension ratio (1.44),
# since 2^29 with its gradient's second state does not fit beside the other jobs.
#
#   bash results/bench/subspace.sh
#
# Instances: queens-8x8-community-017 (rows: 8^8 = 2^24 states) and queens-9x9-community-059
# (rows: 9^9 = 2^28.53, the largest shared Queens space that fits in 24 GiB with a gradient's
# second state). Writes results/bench/subspace/{quzzle.jsonl,x.jsonl,bandwidth.txt,table.md}.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/bench/subspace
mkdir -p "$out"
tmp=$(mktemp -d)
cargo build --release --quiet
gcc -O3 -march=native -fopenmp ../shared/bench/stream_triad.c -o "$tmp/stream_triad" -lm
bandwidth() { echo "# $1"; OMP_NUM_THREADS=2 "$tmp/stream_triad"; }
bandwidth before > "$out/bandwidth.txt"
: > "$out/quzzle.jsonl"
for f in queens-8x8-community-017 queens-9x9-community-059; do
    ./target/release/quzzle bench "../shared/instances/queens/$f.txt" --space rows --mixer xy-ring \
        --depth 4 --repeats 3 --json | tr -d '\n' >> "$out/quzzle.jsonl"
    echo >> "$out/quzzle.jsonl"
done
: > "$out/x.jsonl"
for n in 24 28; do
    ./target/release/quzzle bench --random "$n" --depth 4 --repeats 3 --json | tr -d '\n' >> "$out/x.jsonl"
    echo >> "$out/x.jsonl"
done
bandwidth after >> "$out/bandwidth.txt"
rm -rf "$tmp"
python3 - "$out" <<'PY'
import json, math, re, sys
out = sys.argv[1]
bw = max(float(x) for x in re.findall(r"^rmw\s+([\d.]+)", open(f"{out}/bandwidth.txt").read(), re.M))
rows = [json.loads(l) for l in open(f"{out}/quzzle.jsonl") if l.strip()]
xs = {int(round(math.log2(r["dimension"]))): r for r in (json.loads(l) for l in open(f"{out}/x.jsonl") if l.strip())}
lines = [f"In-place read+write bandwidth (2 threads, higher of before/after): {bw:.2f} GB/s.", "",
         "| instance | qubits | states | passes per layer | evaluation (s) | floor (s) | vs floor | gradient (s) | grad/eval | X layer, same dimension (s) | vs X | diagonal (s) |",
         "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
names = ["queens-8x8-community-017", "queens-9x9-community-059"]
for name, r in zip(names, rows):
    floor = r["p"] * 32 * r["dimension"] / (bw * 1e9)
    n = min(xs, key=lambda k: abs(k - math.log2(r["dimension"])) if k <= math.log2(r["dimension"]) else 99)
    x = xs[n]["seconds"] * r["dimension"] / xs[n]["dimension"]
    xnote = f"{x:.3f}" if n == math.log2(r["dimension"]) else f"{x:.3f} (2^{n}: {xs[n]['seconds']:.3f})"
    lines.append(f"| {name} | {r['qubits']} | 2^{math.log2(r['dimension']):.2f} | {r['passes_per_layer']} | "
                 f"{r['seconds']:.3f} | {floor:.3f} | {r['seconds'] / floor:.1f}x | {r['gradient_seconds']:.3f} | "
                 f"{r['gradient_seconds'] / r['seconds']:.2f} | {xnote} | {r['seconds'] / x:.2f}x | {r['precompute_seconds']:.2f} |")
open(f"{out}/table.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
