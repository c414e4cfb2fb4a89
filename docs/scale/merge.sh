#!/usr/bin/env bash
# Merge the shard folders that docs/scale/sweep-array.sh wrote into one sweep folder. Submit
# after the array with  sbatch --dependency=afterok:JOBID docs/scale/merge.sh
#
#SBATCH --job-name=quzzle-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=4G
#SBATCH --time=00:30:00
#SBATCH --output=quzzle-merge-%j.out
set -euo pipefail

QUZZLE=${QUZZLE:-quzzle}
OUT=${OUT:-sweep-shards}
MERGED=${MERGED:-sweep}
MERGE_ARGS=${MERGE_ARGS:---no-instance-plots}

shopt -s nullglob
shards=("$OUT"/shard-*)
if (( ${#shards[@]} == 0 )); then
  echo "no shard folder under $OUT" >&2
  exit 1
fi
# merge checks that these are all the shards of one sweep, with the same settings.
# shellcheck disable=SC2086 # MERGE_ARGS is a list of arguments
"$QUZZLE" merge "${shards[@]}" $MERGE_ARGS --out "$MERGED"
