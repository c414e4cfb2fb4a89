"""The hardware loop: optimise, export OpenQASM 3, run the circuit, score the counts.

For every depth p = 1..3 the angles come from ``quzzle.solve``; ``Encoding.qasm`` exports the
circuit and its manifest, ``quzzle.to_qiskit`` loads it into Qiskit, and Qiskit Aer's SamplerV2
stands in for the device (swap in your provider's sampler and backend to run on hardware).
``quzzle.score`` reads the SamplerV2 result directly and gives the measured P(valid board) with
its exact (Clopper-Pearson) interval beside the noiseless value. The measured points with their
99% intervals and the simulated curve are drawn into ``OUT/hardware_vs_depth.png``; each depth's
QASM, manifest and score are written to ``OUT`` as well.

    python examples/python/hardware_loop.py --out /tmp/x
    python examples/python/hardware_loop.py tests/data/takuzu-4x4-qasm.txt --shots 8000 --out /tmp/x

Without ``--out`` the files go to a fresh temporary folder, printed on stdout. Exits 1 if the
noiseless value of any depth lies outside its measured 99% interval: a check that the export,
Qiskit's import and bit order, and the scoring agree.
"""

import argparse
import json
import os
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")  # no display on CI
import matplotlib.pyplot as plt
from qiskit import transpile
from qiskit_aer import AerSimulator
from qiskit_aer.primitives import SamplerV2

import quzzle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_QUBITS = 16  # keeps Aer's run to seconds on a small machine


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", nargs="?", default=os.path.join(ROOT, "tests", "data", "tiny-tango-4x4.txt"))
    parser.add_argument("--out", help="folder for the figure and files (default: a fresh temporary folder)")
    parser.add_argument("--depths", type=int, default=3, help="run p = 1..DEPTHS (default: 3)")
    parser.add_argument("--shots", type=int, default=4000, help="shots per depth (default: 4000)")
    parser.add_argument("--seed", type=int, default=1234, help="seed of the sampler and transpiler")
    parser.add_argument("--confidence", type=float, default=0.99, help="level of the intervals (default: 0.99)")
    args = parser.parse_args()

    out = args.out or tempfile.mkdtemp(prefix="quzzle-hardware-loop-")
    os.makedirs(out, exist_ok=True)
    print(f"output folder: {out}")

    enc = quzzle.load(args.puzzle).encode(reduce="paper")
    print(enc)
    if enc.num_qubits > MAX_QUBITS:
        print(f"{enc.num_qubits} qubits: this example keeps to {MAX_QUBITS} or fewer", file=sys.stderr)
        return 2

    # The circuit a device runs: info's recommended circuit (solve's own default may be a space
    # no circuit prepares, such as a Tango's joined rows under the Grover mixer).
    circuit = enc.info()["recommended_circuit"] or {"space": "full", "mixer": "x"}
    report = quzzle.solve(enc, depths=range(1, args.depths + 1), space=circuit["space"], mixer=circuit["mixer"])
    backend = AerSimulator()
    sampler = SamplerV2(seed=args.seed)

    records = []
    for d in report.depths:
        # What goes to the device: the QASM text. The manifest stays with you to score the counts.
        text, manifest = report.qasm(d.p, flavor="portable", name=f"p{d.p}.qasm")
        with open(os.path.join(out, f"p{d.p}.qasm"), "w", encoding="utf-8") as f:
            f.write(text)
        with open(os.path.join(out, f"p{d.p}.json"), "w", encoding="utf-8") as f:
            json.dump(manifest, f, indent=2)

        circuit = transpile(quzzle.to_qiskit(text), backend, seed_transpiler=args.seed)
        pub_result = sampler.run([circuit], shots=args.shots).result()[0]
        record = quzzle.score(pub_result, manifest, confidence=args.confidence)
        with open(os.path.join(out, f"p{d.p}.score.json"), "w", encoding="utf-8") as f:
            json.dump(record.to_dict(), f, indent=2)
        records.append(record)

    print(f"score record fields: {', '.join(records[0])}")
    level = f"{100 * args.confidence:g}%"
    print(f"\n p  shots  P(valid) measured  {level} interval      simulated  inside")
    for d, r in zip(report.depths, records):
        lo, hi = r.interval
        print(f"{d.p:>2}  {r.shots:>5}  {r.p_valid:>17.4f}  [{lo:.4f}, {hi:.4f}]  {r.simulated_p_valid:>9.4f}  "
              f"{r.inside}")
    print(f"uniform sampling: {records[0].uniform:.4g}")

    depths = [d.p for d in report.depths]
    measured = [r.p_valid for r in records]
    below = [r.p_valid - r.interval[0] for r in records]
    above = [r.interval[1] - r.p_valid for r in records]
    name = report.file
    if os.path.abspath(name).startswith(ROOT + os.sep):
        name = os.path.relpath(name, ROOT)

    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    ax.plot(depths, [r.simulated_p_valid for r in records], "x-", color="tab:orange", label="simulated (noiseless)")
    ax.errorbar(
        depths, measured, yerr=[below, above], fmt="o", color="tab:blue", capsize=5, zorder=3,
        label=f"Aer SamplerV2, {args.shots} shots ({level} Clopper-Pearson)",
    )
    ax.axhline(records[0].uniform, color="grey", linestyle="--", label=f"uniform sampling ({records[0].uniform:.2g})")
    ax.set_xticks(depths)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("QAOA depth p")
    ax.set_ylabel("P(valid board)")
    ax.set_title(f"{name}: {enc.num_qubits} qubits, reduce={enc.reduce}\nexported OpenQASM 3 run on Qiskit Aer",
                 fontsize=11)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left")
    fig.tight_layout()
    figure = os.path.join(out, "hardware_vs_depth.png")
    fig.savefig(figure, dpi=120)
    print(f"\nwrote {figure}")

    failures = []
    for d, r in zip(report.depths, records):
        if not r.inside:
            failures.append(f"p = {d.p}: simulated {r.simulated_p_valid:.4f} outside the interval {r.interval}")
        # The manifest's simulated value is recomputed from the exported angles: it must be solve's.
        if abs(r.simulated_p_valid - d.success_probability) > 1e-9:
            failures.append(f"p = {d.p}: score simulates {r.simulated_p_valid}, solve reported {d.success_probability}")
    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
