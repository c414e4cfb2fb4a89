#!/usr/bin/env bash
# What the 8^8 block-space layer's two passes could cost at best on this host, beside what
# they cost: the 512-row pass's memory pattern with one add per register and a sequential
# read-modify-write pass (pass_pattern.c, all cores), the ring kernel's inner loop written
# plainly in C on one unit (ring_kernel.c, one thread), then the kernels' own passes
# (`block_layer_passes 8 8` on all cores and `8 5`, one unit, on one thread). Needs gcc with
# OpenMP; nothing in the build or the tests uses these probes.
#
#   bash results/bench/probes/run.sh
#
# Writes results/bench/probes/probes.txt.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=results/bench/probes
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
gcc -O3 -march=native -fopenmp "$out/pass_pattern.c" -o "$bin/pass_pattern"
gcc -O3 -march=native "$out/ring_kernel.c" -o "$bin/ring_kernel"
cargo build --release --quiet --example block_layer_passes
blp=./target/release/examples/block_layer_passes
{
    echo "# $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
    echo
    echo "## pass_pattern (OMP_NUM_THREADS=$(nproc))"
    OMP_NUM_THREADS=$(nproc) "$bin/pass_pattern"
    echo
    echo "## ring_kernel (one thread)"
    "$bin/ring_kernel"
    echo
    echo "## block_layer_passes 8 8"
    "$blp" 8 8
    echo
    echo "## block_layer_passes 8 5 (RAYON_NUM_THREADS=1)"
    RAYON_NUM_THREADS=1 "$blp" 8 5
} > "$out/probes.txt"
cat "$out/probes.txt"
