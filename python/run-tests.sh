#!/usr/bin/env bash
# The Python package from a fresh virtual environment: install the pinned test dependencies,
# build the wheel and install it as the README's `pip install ./python` does (pip builds it with
# maturin), import it, run the pytest suite (its numbers are compared with the `quzzle`
# binary's JSON, so `cargo build --release` comes first), and run the Python examples.
#
#   bash python/run-tests.sh
#
# Environment: PYTHON (default python3), PYTHON_VENV (default target/python-venv, created
# anew), QUZZLE_BIN (default target/release/quzzle).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
python=${PYTHON:-python3}
venv=${PYTHON_VENV:-$root/target/python-venv}
began=$(date +%s)

rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r python/requirements-test.txt
installed=$(date +%s)

# The README's install command, as a user on a fresh machine runs it, in its two halves: pip
# builds the wheel from ./python with maturin (abi3: one for every CPython >= 3.9), which is kept,
# then installs it. One build serves both.
wheels=$root/target/python-wheels
rm -rf "$wheels"
"$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps --wheel-dir "$wheels" ./python
ls "$wheels"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheels"/quzzle-*.whl
built=$(date +%s)
(cd /tmp && "$venv/bin/python" -c "import quzzle; print('import quzzle', quzzle.__version__, 'with', quzzle.num_threads(), 'threads')")

export QUZZLE_BIN=${QUZZLE_BIN:-$root/target/release/quzzle}
# pytest exits 5 when it collects no test: that fails the run too.
"$venv/bin/python" -m pytest -p no:cacheprovider -q --durations 10 python/tests
tested=$(date +%s)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# hardware_experiment at p = 1..3 and 1000 shots keeps Aer's noisy XY shots to a minute or two;
# results/hardware is the full run (p = 1..5, 4000 shots) of the same experiment.
for example in depth_study hardware_loop "hardware_experiment --depths 3 --shots 1000"; do
    set -- $example
    example=$1
    shift
    "$venv/bin/python" "examples/python/$example.py" "$@" --out "$out/$example" > "$out/$example.log" || {
        cat "$out/$example.log"
        exit 1
    }
    echo "python example $example: ok"
done
done_at=$(date +%s)
echo "python timing: venv $((installed - began)) s, wheel and install $((built - installed)) s, pytest $((tested - built)) s, examples $((done_at - tested)) s"
