#!/usr/bin/env bash
# Interoperability of `quzzle qasm`: every flavour of the exported files, for several
# instances and random angles, is parsed by the openqasm3 reference parser, loaded with
# qiskit.qasm3.loads, and simulated with qiskit.quantum_info.Statevector; the state and the
# success probability must equal quzzle's; then the Q# seed's N-Queens Grover circuit
# (`quzzle grover --qasm`, 26 qubits) for k = 1 (and 2 with --full) in every flavour, its
# P(valid) on the puzzle qubits simulated exactly by Qiskit Aer (about a minute per k on an
# idle machine, 1 GiB of state) against quzzle's (see qasm_interop.py).
#
#   bash tests/interop/run.sh [--full]
#
# Environment: PYTHON (default python3, 3.11 in CI), INTEROP_VENV (default
# target/interop-venv, reused while tests/interop/requirements.txt is unchanged),
# QUZZLE_BIN (skip `cargo build --release` and use this binary), CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
began=$(date +%s)
python=${PYTHON:-python3}
venv=${INTEROP_VENV:-$root/target/interop-venv}
requirements=tests/interop/requirements.txt

if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$venv/quzzle-requirements.txt"; then
    echo "qasm interop: creating $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/quzzle-requirements.txt"
fi
installed=$(date +%s)

if [ -z "${QUZZLE_BIN:-}" ]; then
    cargo build --release --quiet
    QUZZLE_BIN=${CARGO_TARGET_DIR:-$root/target}/release/quzzle
fi
built=$(date +%s)

out=${INTEROP_OUT:-$root/target/interop-qasm}
rm -rf "$out"
mkdir -p "$out"
status=0
"$venv/bin/python" tests/interop/qasm_interop.py --quzzle "$QUZZLE_BIN" --out "$out" \
    --shared "$root/../shared/instances" "$@" || status=$?
done_at=$(date +%s)
echo "qasm interop timing: venv $((installed - began)) s, build $((built - installed)) s, checks $((done_at - built)) s"
exit $status
