#!/usr/bin/env bash
# Side-by-side timing of one p = 4 QAOA objective evaluation: quzzle against QOKit's C
# backend, Qulacs and Qiskit Aer, on the same random Ising models, one after the other.
#
#   bash ../shared/bench/setup.sh          # once: the peers' Python environment
#   bash results/bench/run.sh [N ...]      # default N = 16 20 22 24 26
#
# Above 24 qubits only QOKit-C runs beside quzzle (Qulacs and Aer would add minutes per call).
#
# Writes results/bench/quzzle.jsonl and results/bench/peers.jsonl; results/bench/table.py
# turns them into the table of results/bench.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
ns=${*:-16 20 22 24 26}
venv=${VENV:-$HOME/.cache/quzzle-bench-venv}
peers=../shared/bench/peers.py
out=results/bench
models=$(mktemp -d)
cargo build --release --quiet
: > "$out/quzzle.jsonl"
: > "$out/peers.jsonl"
# The bandwidth floor: in-place read+write bandwidth with two threads, measured before and after
# the tools (the shared host's bandwidth moves within minutes; table.py takes the higher).
gcc -O3 -march=native -fopenmp ../shared/bench/stream_triad.c -o "$models/stream_triad" -lm
bandwidth() { echo "# $1"; OMP_NUM_THREADS=2 "$models/stream_triad"; }
bandwidth before > "$out/bandwidth.txt"
for n in $ns; do
    ./target/release/quzzle ising --random "$n" --seed "$n" > "$models/random-$n.json"
    ./target/release/quzzle bench --random "$n" --seed "$n" --depth 4 --repeats 5 --json | tr -d '\n' >> "$out/quzzle.jsonl"
    echo >> "$out/quzzle.jsonl"
    tools="qokit-c qulacs aer-sv"
    [ "$n" -gt 24 ] && tools=qokit-c
    for tool in $tools; do
        "$venv/bin/python" "$peers" --tool "$tool" --ising "$models/random-$n.json" --p 4 \
            >> "$out/peers.jsonl" || echo "$tool n=$n failed" >&2
    done
done
bandwidth after >> "$out/bandwidth.txt"
rm -rf "$models"
python3 "$out/table.py"
