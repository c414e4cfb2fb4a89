#!/usr/bin/env python3
"""Time QOKit's XY-ring QAOA (C backend) on one Dicke block of an Ising model: the peer of
`quzzle bench --random N --seed S --dicke K` (results/bench/xy.sh).

The circuit, the same as quzzle's (checked in quzzle's unit tests against its exported gate
list, and here by the energies agreeing):
    |psi> = prod_{l=1..p} U_XY(beta_l) exp(-i gamma_l C) |D(n, k)>,   E = <psi|C|psi>
- start: the Dicke state D(n, k), every weight-k basis state with amplitude 1/sqrt(C(n, k)),
  passed as `initial_state` (QOKit's default start is |+>^n even for the xy mixer; its own
  portfolio objective passes a Dicke state the same way);
- C(z) = offset + sum_q h_q z_q + sum J_ab z_a z_b, z_q = +1 when bit q of the index is 0;
- U_XY(beta) = the gates exp(-i beta (X_a X_b + Y_a Y_b)/2) on the ring edges in the order
  (0,1), (2,3), ..., then (1,2), (3,4), ..., then (0, n-1): QOKit's furxy_ring visits the
  same edges in the same order, and its furxy(theta) is exp(-i theta (XX+YY)/2), so beta is
  passed as it is (one Trotter step);
- QOKit's phase is exp(-i (gamma/2) C) (apply_diagonal(-0.5 gamma)), so 2 gamma is passed.
Angles: gamma_l = 0.05 + 0.01 l, beta_l = 0.40 - 0.05 l (quzzle bench's fixed angles).

Timing: one warm-up call of the objective get_qaoa_objective(mixer="xy", simulator="c")
returns, then the median of --repeats timed calls (each call copies the start state, runs the
p layers on all 2^n amplitudes and takes <C>).

Usage:  python xy_peer.py --ising MODEL.json --k K [--p 4] [--repeats 3]
        python xy_peer.py --check          # the start and the circuit against a dense numpy reference
Prints one JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_v, "2")

import numpy as np  # noqa: E402


def angles(p):
    return (np.array([0.05 + 0.01 * l for l in range(p)]), np.array([0.40 - 0.05 * l for l in range(p)]))


def read_ising(path):
    m = json.load(open(path))
    n = int(m["qubits"])
    h = [float(x) for x in m.get("h", [])] + [0.0] * (n - len(m.get("h", [])))
    J = [(int(a), int(b), float(w)) for a, b, w in m.get("J", [])]
    return n, h, J, float(m.get("offset", 0.0))


def ising_diagonal(n, h, J):
    """C(k) without the offset for every index k, by doubling over the highest qubit."""
    lower = [[] for _ in range(n)]
    for a, b, w in J:
        lower[max(a, b)].append((min(a, b), w))
    diag = np.zeros(1)
    for q in range(n):
        # What qubit q adds when it is 0 (z = +1) to each index over the lower qubits.
        add = np.full(1 << q, h[q])
        for a, w in lower[q]:
            v = add.reshape(-1, 2, 1 << a)
            v[:, 0, :] += w
            v[:, 1, :] -= w
        diag = np.concatenate([diag + add, diag - add])
    return diag


def dicke_state(n, k):
    idx = np.arange(1 << n, dtype=np.uint32 if n <= 32 else np.uint64)
    s = (np.bitwise_count(idx) == k).astype(np.float64)
    del idx
    s /= np.sqrt(s.sum())
    return s


def use_o3_native_library():
    """QOKit's C library built -O3 -march=native (the setup script puts it beside the others)."""
    import qokit.fur.c.csim.libpath as lp

    path = os.environ.get("QOKIT_CSIM_LIB") or str(lp.code_dir / "libcsim_O3native.so")
    if not os.path.isfile(path):
        raise SystemExit(f"{path} missing: build QOKit's C library first (bench/setup.sh)")
    lp.libpath = type(lp.libpath)(path)
    return os.path.basename(path)


def objective(n, k, diag):
    from qokit.qaoa_objective import get_qaoa_objective

    return get_qaoa_objective(
        n,
        precomputed_diagonal_hamiltonian=diag,
        parameterization="gamma beta",
        simulator="c",
        mixer="xy",
        initial_state=dicke_state(n, k),
    )


def dense_reference(n, k, h, J, offset, p):
    """The circuit by plain numpy: the phase, then each ring gate as 2x2 rotations of the index
    pairs that differ on its two qubits (one 1 and one 0)."""
    diag = ising_diagonal(n, h, J)
    psi = dicke_state(n, k).astype(complex)
    idx = np.arange(1 << n)
    edges = [(j, j + 1) for j in range(0, n - 1, 2)] + [(j, j + 1) for j in range(1, n - 1, 2)] + [(0, n - 1)]
    for g, b in zip(*angles(p)):
        psi *= np.exp(-1j * g * diag)
        c, s = np.cos(b), np.sin(b)
        for a, bb in edges:
            lo = idx[(((idx >> a) & 1) == 1) & (((idx >> bb) & 1) == 0)]
            hi = lo ^ (1 << a) ^ (1 << bb)
            x, y = psi[lo].copy(), psi[hi].copy()
            psi[lo] = c * x - 1j * s * y
            psi[hi] = c * y - 1j * s * x
    return float(np.dot(diag, np.abs(psi) ** 2)) + offset


def check():
    from qokit.qaoa_circuit_portfolio import generate_dicke_state_fast

    use_o3_native_library()
    rng = np.random.default_rng(7)
    for n in (6, 8, 10):
        k = n // 2
        assert np.array_equal(dicke_state(n, k), generate_dicke_state_fast(n, k)), n
        h = list(rng.integers(-2, 3, size=n).astype(float))
        J = [(a, b, float(rng.choice([-3, -2, -1, 1, 2, 3]))) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.4]
        idx = np.arange(1 << n)
        z = 1 - 2 * ((idx[:, None] >> np.arange(n)[None, :]) & 1)
        brute = z @ np.array(h) + sum(w * z[:, a] * z[:, b] for a, b, w in J)
        assert np.array_equal(ising_diagonal(n, h, J), brute), n
        g, b = angles(4)
        e_qokit = float(objective(n, k, ising_diagonal(n, h, J))(2 * g, b)) + 0.5
        e_dense = dense_reference(n, k, h, J, 0.5, 4)
        assert abs(e_qokit - e_dense) < 1e-10, (n, e_qokit, e_dense)
        print(f"n = {n}, k = {k}: QOKit xyring {e_qokit:.12f}, dense reference {e_dense:.12f}")
    print("Dicke start, diagonal and circuit agree")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ising", help="Ising model JSON ({qubits, h, J: [[a, b, w]], offset}), as `quzzle ising` writes it")
    ap.add_argument("--k", type=int, help="the weight of the Dicke block")
    ap.add_argument("--p", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if args.check:
        return check()
    if args.ising is None or args.k is None:
        ap.error("--ising and --k are required (or --check)")
    lib = use_o3_native_library()
    n, h, J, offset = read_ising(args.ising)
    if not 1 <= args.k < n:
        ap.error(f"--k {args.k}: must be 1..{n - 1}")
    t0 = time.perf_counter()
    diag = ising_diagonal(n, h, J)
    f = objective(n, args.k, diag)
    setup = time.perf_counter() - t0
    g, b = angles(args.p)
    t0 = time.perf_counter()
    energy = float(f(2 * g, b)) + offset
    warmup = time.perf_counter() - t0
    times = []
    for _ in range(args.repeats):
        t0 = time.perf_counter()
        e = float(f(2 * g, b)) + offset
        times.append(time.perf_counter() - t0)
        assert abs(e - energy) <= 1e-9 * max(1.0, abs(energy)), (e, energy)
    from importlib.metadata import version

    print(json.dumps({
        "tool": "qokit-c-xyring", "qubits": n, "k": args.k, "p": args.p, "states": 1 << n,
        "seconds": statistics.median(times), "all_seconds": times, "warmup_seconds": warmup,
        "setup_seconds": setup, "energy": energy, "threads": os.environ.get("OMP_NUM_THREADS"),
        "csim_lib": lib, "qokit": version("qokit"), "numpy": np.__version__, "host": platform.node(),
    }), flush=True)


if __name__ == "__main__":
    main()
