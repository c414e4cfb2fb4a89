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
# On another host (no cargo, no ../shared there), with binaries built here and the two boards
# copied beside them, and every core: THREADS sets both quzzle's and the bandwidth probe's
# threads (default: all of this host's cores).
#   THREADS=16 QUZZLE=dir/quzzle STREAM_TRIAD=dir/stream_triad INSTANCES=dir OUT_DIR=dir/out \
#       bash results/bench/subspace.sh
#
# Instances: queens-8x8-community-017 (rows: 8^8 = 2^24 states) and queens-9x9-community-059
# (rows: 9^9 = 2^28.53, the largest shared Queens space that fits in 24 GiB with a gradient's
# second state). Writes results/bench/subspace/{quzzle.jsonl,x.jsonl,bandwidth.txt,table.md}.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${OUT_DIR:-results/bench/subspace}
instances=${INSTANCES:-../shared/instances/queens}
threads=${THREADS:-$(nproc)}
export RAYON_NUM_THREADS=$threads OMP_NUM_THREADS=$threads
mkdir -p "$out"
tmp=$(mktemp -d)
quzzle=${QUZZLE:-}
if [ -z "$quzzle" ]; then
    cargo build --release --quiet
    quzzle=./target/release/quzzle
fi
stream=${STREAM_TRIAD:-}
if [ -z "$stream" ]; then
    gcc -O3 -march=native -fopenmp ../shared/bench/stream_triad.c -o "$tmp/stream_triad" -lm
    stream=$tmp/stream_triad
fi
bandwidth() { echo "# $1"; "$stream"; }
bandwidth before > "$out/bandwidth.txt"
: > "$out/quzzle.jsonl"
for f in queens-8x8-community-017 queens-9x9-community-059; do
    "$quzzle" bench "$instances/$f.txt" --space rows --mixer xy-ring \
        --depth 4 --repeats 3 --json | tr -d '\n' >> "$out/quzzle.jsonl"
    echo >> "$out/quzzle.jsonl"
done
: > "$out/x.jsonl"
for n in 24 28; do
    "$quzzle" bench --random "$n" --depth 4 --repeats 3 --json | tr -d '\n' >> "$out/x.jsonl"
    echo >> "$out/x.jsonl"
done
bandwidth after >> "$out/bandwidth.txt"
rm -rf "$tmp"
python3 - "$out" "$threads" <<'PY'
import json, math, re, sys
out, threads = sys.argv[1], int(sys.argv[2])
bw = max(float(x) for x in re.findall(r"^rmw\s+([\d.]+)", open(f"{out}/bandwidth.txt").read(), re.M))
rows = [json.loads(l) for l in open(f"{out}/quzzle.jsonl") if l.strip()]
xs = {int(round(math.log2(r["dimension"]))): r for r in (json.loads(l) for l in open(f"{out}/x.jsonl") if l.strip())}
lines = [f"In-place read+write bandwidth ({threads} threads, as quzzle; higher of before/after): {bw:.2f} GB/s.", "",
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
