#!/usr/bin/env bash
# XY-ring QAOA on one Dicke block, like for like: quzzle on the C(n, k) states of weight
# k = n/2 (`quzzle bench --random N --seed N --dicke K`) against QOKit's C backend with its
# `xyring` mixer on all 2^n states, started in the same Dicke state, same random Ising model,
# same gates in the same order, same angles (results/bench/xy_peer.py says how they are matched);
# one p = 4 objective evaluation, median of 3 after a warm-up, one tool after the other per n.
#
#   bash ../shared/bench/setup.sh          # once: the peers' Python environment (QOKit's C, -O3 -march=native)
#   bash results/bench/xy.sh [N ...]       # default N = 16 18 20 22 24 26
#
# Writes results/bench/xy/{quzzle.jsonl,qokit.jsonl,load.txt}; results/bench/xy_table.py turns
# them into results/bench/xy/table.md (the table of results/bench.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
ns=${*:-16 18 20 22 24 26}
venv=${VENV:-$HOME/.cache/quzzle-bench-venv}
out=results/bench/xy
mkdir -p "$out"
models=$(mktemp -d)
cargo build --release --quiet
"$venv/bin/python" results/bench/xy_peer.py --check
: > "$out/quzzle.jsonl"
: > "$out/qokit.jsonl"
{ echo "# $(date -u +%FT%TZ) $(hostname) before"; uptime; } > "$out/load.txt"
for n in $ns; do
    k=$((n / 2))
    ./target/release/quzzle ising --random "$n" --seed "$n" > "$models/random-$n.json"
    ./target/release/quzzle bench --random "$n" --seed "$n" --dicke "$k" --depth 4 --repeats 3 --json \
        | tr -d '\n' >> "$out/quzzle.jsonl"
    echo >> "$out/quzzle.jsonl"
    "$venv/bin/python" results/bench/xy_peer.py --ising "$models/random-$n.json" --k "$k" --p 4 --repeats 3 \
        >> "$out/qokit.jsonl"
    { echo "# after n = $n"; uptime; } >> "$out/load.txt"
done
rm -rf "$models"
python3 results/bench/xy_table.py
