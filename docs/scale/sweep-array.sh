#!/usr/bin/env bash
# One shard of a quzzle sweep as a Slurm array task. Submit with
#   sbatch --array=0-3 docs/scale/sweep-array.sh
# (four shards), then the merge once every task has finished:
#   sbatch --dependency=afterok:JOBID docs/scale/merge.sh
# The same script runs outside Slurm with SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT set.
#
#SBATCH --job-name=quzzle-sweep
#SBATCH --cpus-per-task=8
#SBATCH --mem=16G
#SBATCH --time=04:00:00
#SBATCH --output=quzzle-sweep-%A_%a.out
set -euo pipefail

# What to run; override any of these in the environment (sbatch --export=ALL,INPUTS=...).
QUZZLE=${QUZZLE:-quzzle}
INPUTS=${INPUTS:-instances}         # a folder of puzzle files, the same for every task
OUT=${OUT:-sweep-shards}            # shard i writes OUT/shard-i
SWEEP_ARGS=${SWEEP_ARGS:---depths 1..5 --init interp --seed 0 --no-instance-plots}

: "${SLURM_ARRAY_TASK_ID:?run as an array job (sbatch --array=0-K-1), or set it by hand}"
# Slurm sets the count for an array 0..K-1; set it by hand outside Slurm.
count=${SLURM_ARRAY_TASK_COUNT:?the number of shards (Slurm sets it for an array job)}
# As many threads as the allocation has cores; the results do not depend on it.
export RAYON_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}

# shellcheck disable=SC2086 # SWEEP_ARGS is a list of arguments
"$QUZZLE" sweep "$INPUTS" $SWEEP_ARGS --shard "$SLURM_ARRAY_TASK_ID/$count" \
  --out "$OUT/shard-$SLURM_ARRAY_TASK_ID"
