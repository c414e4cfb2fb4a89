#!/usr/bin/env bash
# Regenerates results/models/: real optimisation models (a QAP written in QAPLIB's format and
# converted, a TSP, a minimum sum colouring, a single-machine schedule), each written by two or
# more writers (dimod, docplex, qiskit-optimization, pyomo, PuLP, Gurobi, CPLEX, HiGHS), run end
# to end through quzzle: `info`, `ising`, `solve --space auto` at p = 1..5 under each mixer that
# the auto space takes, `qasm` of the recommended circuit at p = 1..5, and `anneal` on the full
# space and on the auto space; then solve's figures checked against statevectors scored by
# check_state.py; last, P(optimal) on the full space under four penalty policies (penalty/). Run
# from the repository root:
#   cargo build --release && results/models/run.sh
# then `python3 tools/tables.py` (the tables of results/models/README.md).
# PYTHON names a Python with dimod, docplex, qiskit-optimization, pyomo, PuLP, gurobipy, cplex
# and highspy (only to write the model files and their optimum when optimum.json is missing).
# A rerun keeps the reports that exist (delete one to redo it).
set -euo pipefail
Q=${QUZZLE:-${CARGO_TARGET_DIR:-target}/release/quzzle}
PY=${PYTHON:-/tmp/pyt-venv4/bin/python}
OUT=results/models
mkdir -p "$OUT/info" "$OUT/ising" "$OUT/solve" "$OUT/qasm" "$OUT/anneal" "$OUT/check"

# The model files and the classical optimum (HiGHS; CBC through PuLP beside it on the linear
# models; both checked against brute force). make_models.py writes the same bytes every time.
[ -s "$OUT/optimum.json" ] || nice -n 10 "$PY" "$OUT/make_models.py"

# keep CMD... > FILE: run the command into FILE.tmp, then move it into place (a failed run
# leaves nothing behind); skip when FILE exists.
keep() {
  local to=$1
  shift
  [ -s "$to" ] && return 0
  nice -n 10 "$@" > "$to.tmp"
  mv "$to.tmp" "$to"
  echo "wrote $to"
}

# AS_JSON CMD...: the text of a command's output, as a JSON string under "stdout" (info's text
# holds the constraint count and the detection table, which its JSON held only from 6e0b321 on,
# after these reports were stored; the tables read the text).
AS_JSON=(python3 -c 'import json, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True); print(json.dumps({"command": sys.argv[1:], "stdout": r.stdout}, indent=1))')

for f in "$OUT"/files/*.lp "$OUT"/files/*.mps; do
  b=$(basename "$f")
  keep "$OUT/info/$b.json" "$Q" info "$f" --json
  keep "$OUT/info/$b.text.json" "${AS_JSON[@]}" "$Q" info "$f"
  keep "$OUT/ising/$b.json" "$Q" ising "$f"
  # The mixers of the auto space: where the model has an assignment (rows+cols), the two switch
  # mixers on it, and the XY ring for contrast (auto under an XY mixer is then the rows); where
  # it has none, the two XY mixers on the auto block space.
  if grep -q '"rows+cols"' "$OUT/info/$b.json"; then
    mixers="switch-complete switch-ring xy-ring"
  else
    mixers="xy-ring xy-complete"
  fi
  for m in $mixers; do
    keep "$OUT/solve/$b.$m.json" "$Q" solve "$f" --space auto --mixer "$m" --depths 1..5 --init interp --seed 0 --json
  done
  # The circuit info recommends, at p = 1..5 with the angles of its solve report: the
  # experiment's index (each depth's P(valid) at those angles and its circuit's sha256) and the
  # gates of each circuit are kept (the circuits themselves are 0.1-1 MB each; p01.qasm of each
  # model's first file is kept as a sample).
  rec=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["recommended"]["mixer"])' "$OUT/info/$b.json")
  if [ ! -s "$OUT/qasm/$b.json" ]; then
    tmp=$(mktemp -d)
    nice -n 10 "$Q" qasm "$f" --space auto --mixer "$rec" --depths 1..5 --angles "$OUT/solve/$b.$rec.json" -o "$tmp/x" > /dev/null
    python3 - "$tmp/x" "$OUT/qasm/$b.json" "$rec" <<'EOF'
import collections, json, os, re, sys
folder, to, mixer = sys.argv[1:]
with open(os.path.join(folder, "experiment.json")) as f:
    experiment = json.load(f)
gates = {}
for d in experiment["depths"]:
    with open(os.path.join(folder, d["qasm"])) as f:
        text = f.read()
    count = collections.Counter()
    for line in text.splitlines():
        m = re.match(r"\s*([a-z][a-z0-9]*)\b", line)
        if m and m.group(1) not in ("include", "gate", "qubit", "bit", "input", "measure", "barrier", "c", "output"):
            count[m.group(1)] += 1
    gates[str(d["p"])] = {"bytes": len(text.encode()), "gates": dict(sorted(count.items()))}
with open(to + ".tmp", "w") as f:
    json.dump({"mixer": mixer, "experiment": experiment, "circuits": gates}, f, indent=1)
    f.write("\n")
os.replace(to + ".tmp", to)
EOF
    first=$(ls "$OUT"/files/"${b%%.*}".* | head -1)
    [ "$f" = "$first" ] && cp "$tmp/x/p01.qasm" "$OUT/qasm/$b.p01.qasm"
    rm -rf "$tmp"
    echo "wrote $OUT/qasm/$b.json"
  fi
  # Simulated annealing (1000 reads of 1000 sweeps, seed 0): single flips on the full space,
  # and swaps inside the blocks of the auto space (auto under anneal: the plain-count blocks).
  keep "$OUT/anneal/$b.full.json" "$Q" anneal "$f" --json
  keep "$OUT/anneal/$b.auto.json" "$Q" anneal "$f" --space auto --json
done

# An independent check of solve's P(optimal), P(feasible) and approximation ratio: the statevector
# of a circuit (`qasm --with-state`, p = 1..3, the angles of the solve report) scored by
# check_state.py with make_models.py's own objective and constraints, on the models whose full
# statevector is small enough to write as JSON (18-20 qubits: the colouring and the schedule,
# under both XY mixers).
for b in colour6.pulp.lp sched4x5.pulp.lp; do
  for m in xy-ring xy-complete; do
    for p in 1 2 3; do
      to="$OUT/check/$b.$m.p$p.json"
      [ -s "$to" ] && continue
      tmp=$(mktemp -d)
      nice -n 10 "$Q" qasm "$OUT/files/$b" --space auto --mixer "$m" --depth "$p" --angles "$OUT/solve/$b.$m.json" \
        --with-state -o "$tmp/c.qasm" > /dev/null
      nice -n 10 python3 "$OUT/check_state.py" "${b%%.*}" "$tmp/c.json" "$OUT/solve/$b.$m.json" > "$to.tmp"
      mv "$to.tmp" "$to"
      rm -rf "$tmp"
      echo "wrote $to"
    done
  done
done

# Penalty policies (docs/lp.md, "Penalties"): P(optimal) at p = 1..5 on the full space (all 2^n
# states after the paper reduction) with the X mixer, on the two models small enough for it
# (colour6: 18 qubits, sched4x5: 19; the QAP and TSP models have 25 and more), under
#   default: every penalty weight 1, the objective divided by λ = 1 + Σ|w| (quzzle's policy;
#            qiskit-optimization's and ToQUBO's are it times λ where their penalties have ours'
#            shape: see the README);
#   tight:   every weight (f_worst − f_opt + 1)/λ, just above the objective's spread over the
#            feasible states (optimum.json) and far below its range Σ|w|/λ: an infeasible state
#            may then cost less than the optimum (P(optimal) is still the constraints' optima);
#   strong:  every weight 4, the objective's share of the cost a quarter of the default's;
#   qiskit:  (sched4x5) qiskit-optimization's penalty shape divided by its factor λ: its
#            LinearInequalityToPenalty weighs "at most one of the slot's jobs" P·Σ x_i x_j, half
#            of our soft count's 2·Σ x_i x_j, so the slot rows at 0.5 (colour6 has no such row).
mkdir -p "$OUT/penalty"
policy() {
  local b=$1 name=$2
  shift 2
  keep "$OUT/penalty/$b.$name.json" "$Q" solve "$OUT/files/$b" --space full --mixer x --depths 1..5 --init interp --seed 0 --json "$@"
}
policy colour6.pulp.lp default
policy colour6.pulp.lp tight --penalty '*=0.1352'  # (14 − 10 + 1)/37 = 0.13514
policy colour6.pulp.lp strong --penalty '*=4'
policy sched4x5.pulp.lp default
policy sched4x5.pulp.lp tight --penalty '*=0.106'  # (35 − 20 + 1)/151 = 0.10596
policy sched4x5.pulp.lp strong --penalty '*=4'
policy sched4x5.pulp.lp qiskit --penalty slot_0=0.5 --penalty slot_1=0.5 --penalty slot_2=0.5 --penalty slot_3=0.5 \
  --penalty slot_4=0.5
