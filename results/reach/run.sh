#!/bin/sh
# The reach table: every shared board (../shared/instances) at the `probe` reduction, on its
# smallest space (`--space auto` under the Grover mixer, rows+cols included). Per board:
#   NAME.info.json     quzzle info (qubits, spaces, how each histogram would be counted)
#   NAME.grover.json   Grover search: M, D, P(valid) at the optimal k (closed form; the curve
#                      over k is sin²((2k+1)θ), θ = asin √(M/D), drawn by figure.py)
#   NAME.json          Grover-mixer QAOA optimised at p = 1..10 (INTERP, L-BFGS) from the cost
#                      histogram; NAME.time its /usr/bin/time -v (wall time, peak memory),
#                      NAME.load the machine's `uptime` before and after it (the load beside
#                      the time: the machine is shared)
#   NAME.p100.json     p = 100 by the transferred schedule: the median angles of the same
#                      kind's other boards (their NAME.json), resampled to p = 100
# Each file is written to a temporary name and renamed when whole, and a board whose files
# exist is skipped, so a stopped run resumes board by board. Then the table is generated.
#
#   sh results/reach/run.sh                  # all boards (QUZZLE=path/to/quzzle picks the binary)
#   sh results/reach/run.sh starbattle-10x10-2star   # the boards whose name contains this
#   SKIP=2star sh results/reach/run.sh       # all boards but those whose name contains this
#   P100=no sh results/reach/run.sh ...      # pass 1 only (no p = 100)
#   SOLVE=no P100=no sh results/reach/run.sh # info and Grover search only
#   MEM_KB=14680064 sh results/reach/run.sh   # the address space each run may take (ulimit -v,
#                                             # default 14 GiB; the frontier count keeps to half
#                                             # of what is left, splitting its frontier)
set -u
Q=${QUZZLE:-target/release/quzzle}
DATA=results/reach/data
MATCH=${1:-}
SKIP=${SKIP:-}
SECONDS_MAX=${SECONDS_MAX:-1200}
P100=${P100:-yes}
SOLVE=${SOLVE:-yes}
MEM_KB=${MEM_KB:-14680064}
ulimit -v "$MEM_KB"
mkdir -p "$DATA"

boards() {
    for f in ../shared/instances/*/*.txt; do
        name=$(basename "$f" .txt)
        case "$name" in *"$MATCH"*) ;; *) continue ;; esac
        if [ -n "$SKIP" ]; then case "$name" in *"$SKIP"*) continue ;; esac; fi
        echo "$f"
    done
}

# run OUT CMD...: CMD's stdout into OUT (whole or not at all), stderr into OUT's .err.
run() {
    out=$1
    shift
    "$@" > "$out.part" 2> "${out%.json}.err.part"
    rc=$?
    mv "${out%.json}.err.part" "${out%.json}.err"
    if [ $rc -eq 0 ]; then mv "$out.part" "$out"; else rm -f "$out.part"; fi
}

# Pass 1: info, Grover search, GM-QAOA p = 1..10 (timed).
for f in $(boards); do
    name=$(basename "$f" .txt)
    [ -e "$DATA/$name.info.json" ] || run "$DATA/$name.info.json" nice "$Q" info "$f" --reduce probe --json
    [ -e "$DATA/$name.grover.json" ] || [ -e "$DATA/$name.grover.err" ] ||
        run "$DATA/$name.grover.json" nice "$Q" grover "$f" --reduce probe --space auto \
            --route closed-form --iterations 0 --max-seconds "$SECONDS_MAX" --json
    if [ "$SOLVE" != no ] && [ ! -e "$DATA/$name.json" ] && [ ! -e "$DATA/$name.err" ]; then
        uptime > "$DATA/$name.load.part"
        nice /usr/bin/time -v -o "$DATA/$name.time.part" "$Q" solve "$f" --reduce probe --space auto \
            --mixer grover --depths 1..10 --max-seconds "$SECONDS_MAX" --json \
            > "$DATA/$name.json.part" 2> "$DATA/$name.err.part"
        rc=$?
        uptime >> "$DATA/$name.load.part"
        mv "$DATA/$name.load.part" "$DATA/$name.load"
        mv "$DATA/$name.time.part" "$DATA/$name.time"
        mv "$DATA/$name.err.part" "$DATA/$name.err"
        if [ $rc -eq 0 ]; then mv "$DATA/$name.json.part" "$DATA/$name.json"; else rm -f "$DATA/$name.json.part"; fi
    fi
done

# Pass 2: p = 100 from the same kind's other boards' optimised angles (leave-one-out).
[ "$P100" = no ] || for f in $(boards); do
    name=$(basename "$f" .txt)
    kind=$(basename "$(dirname "$f")")
    [ -e "$DATA/$name.json" ] || continue
    [ -e "$DATA/$name.p100.json" ] || [ -e "$DATA/$name.p100.err" ] || {
        others=$(python3 results/reach/table.py --donors "$kind" "$name")
        [ -n "$others" ] || continue
        # shellcheck disable=SC2086
        run "$DATA/$name.p100.json" nice "$Q" solve "$f" --reduce probe --space auto --mixer grover \
            --depths 100 --schedule transfer --angles-from $others --max-seconds "$SECONDS_MAX" --json
    }
done
python3 results/reach/table.py
