"""What Python adds to one QAOA evaluation, and whether two Python threads simulate at once.

For each puzzle file: the median seconds of one energy evaluation at depth p from Python
(`Qaoa.energy`) against the median the Rust library gives for the same evaluation (`quzzle bench
FILE --repeats CALLS --json`: the same fixed angles, the median of as many timed calls),
alternated `--runs` times, and the ratio of the medians. Then the GIL: `--calls` evaluations on each of two Python threads (one
rayon thread each) against the same work run serially, and the speed-up.

    python tools/python_overhead.py FILE... [--p 4] [--runs 5] [--calls 100] [--quzzle target/release/quzzle]

Needs the package installed (`pip install ./python`) and the release binary. Timings, not a
test: run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import threading
import time

import quzzle


def angles(p: int) -> tuple:
    # The fixed angles of `quzzle bench` (src/experiment/bench.rs).
    return [0.05 + 0.01 * layer for layer in range(p)], [0.40 - 0.05 * layer for layer in range(p)]


def rust_seconds(binary: str, path: str, p: int, calls: int) -> tuple:
    """The median of `calls` timed evaluations in `quzzle bench` (after its warm-up call)."""
    done = subprocess.run(
        [binary, "bench", path, "--depth", str(p), "--repeats", str(calls), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    return report["seconds"], report["energy"]


def python_seconds(q: quzzle.Qaoa, g: list, b: list, calls: int) -> float:
    q.energy(g, b)  # warm-up, as bench does
    times = []
    for _ in range(calls):
        began = time.perf_counter()
        q.energy(g, b)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--p", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--quzzle", default="target/release/quzzle")
    args = parser.parse_args()
    g, b = angles(args.p)
    print(f"threads {quzzle.num_threads()}, p = {args.p}")
    print(f"{'file':<48} {'qubits':>6} {'rust s':>10} {'python s':>10} {'overhead':>9}")
    for path in args.files:
        enc = quzzle.load(path).encode()
        q = enc.qaoa(args.p)
        # Alternated, so that both see the same state of the machine; the median of the runs.
        rusts, pys = [], []
        for _ in range(args.runs):
            rust, energy = rust_seconds(args.quzzle, path, args.p, args.calls)
            assert q.energy(g, b) == energy, "not the same evaluation as quzzle bench"
            rusts.append(rust)
            pys.append(python_seconds(q, g, b, args.calls))
        rust, py = statistics.median(rusts), statistics.median(pys)
        print(f"{path.split('/')[-1]:<48} {enc.num_qubits:>6} {rust:>10.6f} {py:>10.6f} {100 * (py / rust - 1):>8.2f}%")

    # The fixed cost of a call from Python, where the evaluation itself is a few microseconds
    # (6 qubits): what the ratios above hide in their noise.
    tiny = "tests/data/takuzu-4x4-qasm.txt"
    q = quzzle.load(tiny).encode().qaoa(args.p)
    rusts, pys = [], []
    for _ in range(args.runs):
        rusts.append(rust_seconds(args.quzzle, tiny, args.p, 1000)[0])
        pys.append(python_seconds(q, g, b, 1000))
    rust, py = statistics.median(rusts), statistics.median(pys)
    print(
        f"per call, {q.num_qubits} qubits: rust {1e6 * rust:.2f} us, python {1e6 * py:.2f} us: "
        f"Python adds {1e6 * (py - rust):.2f} us per evaluation"
    )

    # The GIL: two threads of one rayon thread each, against the same work in series.
    enc = quzzle.load(args.files[-1]).encode()
    q = enc.qaoa(args.p)
    quzzle.set_num_threads(1)

    def work() -> None:
        for _ in range(args.calls):
            q.energy(g, b)

    began = time.perf_counter()
    work()
    work()
    serial = time.perf_counter() - began
    threads = [threading.Thread(target=work) for _ in range(2)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    parallel = time.perf_counter() - began
    quzzle.set_num_threads(None)
    print(
        f"GIL: 2 x {args.calls} evaluations on {enc.num_qubits} qubits, one rayon thread each: "
        f"serial {serial:.3f} s, two Python threads {parallel:.3f} s, speed-up {serial / parallel:.2f}x"
    )


if __name__ == "__main__":
    main()
