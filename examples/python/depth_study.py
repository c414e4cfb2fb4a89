"""Depth study: P(valid board) of optimised QAOA at depths p = 1..5 against uniform sampling.

Loads a puzzle (by default the 6x6 Tango demo, 17 qubits at the paper's reduction), optimises
the angles at every depth with ``quzzle.solve``, prints the table and draws success
probability vs depth (log scale, uniform baseline dashed) into ``OUT/success_vs_depth.png``.
It then optimises depth 1 again with SciPy on the exact energy gradient (``Qaoa.value_and_gradient``)
and checks that it lands on solve's p = 1 energy.

    python examples/python/depth_study.py --out /tmp/x
    python examples/python/depth_study.py tests/data/tiny-tango-4x4.txt --depths 3 --out /tmp/x

Without ``--out`` the figure goes to a fresh temporary folder, printed on stdout. Exits 1 if a
check fails.
"""

import argparse
import os
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")  # no display on CI
import matplotlib.pyplot as plt
import numpy as np
import scipy.optimize

import quzzle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", nargs="?", default=os.path.join(ROOT, "data", "demo-tango-6x6.txt"))
    parser.add_argument("--out", help="folder for the figure (default: a fresh temporary folder)")
    parser.add_argument("--reduce", default="paper", help="reduction level (default: paper)")
    parser.add_argument("--depths", type=int, default=5, help="study p = 1..DEPTHS (default: 5)")
    args = parser.parse_args()

    out = args.out or tempfile.mkdtemp(prefix="quzzle-depth-study-")
    os.makedirs(out, exist_ok=True)
    print(f"output folder: {out}")

    enc = quzzle.load(args.puzzle).encode(reduce=args.reduce)
    print(enc)
    report = quzzle.solve(enc, depths=range(1, args.depths + 1))
    baseline = report.uniform_baseline

    print(f"\nuniform sampling: P(valid) = {baseline:.3g}")
    try:
        import pandas  # noqa: F401  (optional: the plain table below does without it)

        columns = ["p", "energy", "success_probability", "top_is_valid", "evaluations", "gradients", "seconds"]
        table = report.to_pandas()[columns]
        table.insert(3, "x_uniform", (table["success_probability"] / baseline).round(1))
        print(table.to_string(index=False))
    except ImportError:
        for d in report.depths:
            print(
                f"p={d.p}  energy={d.energy:.6f}  P(valid)={d.success_probability:.6g}  "
                f"x_uniform={d.success_probability / baseline:.1f}  evaluations={d.evaluations}  gradients={d.gradients}"
            )

    depths = [d.p for d in report.depths]
    success = [d.success_probability for d in report.depths]
    name = report.file
    if os.path.abspath(name).startswith(ROOT + os.sep):
        name = os.path.relpath(name, ROOT)

    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    ax.semilogy(depths, success, "o-", label="QAOA, optimised angles (solve)")
    ax.axhline(baseline, color="grey", linestyle="--", label=f"uniform sampling ({baseline:.2g})")
    ax.set_xticks(depths)
    ax.set_xlabel("QAOA depth p")
    ax.set_ylabel("P(valid board)")
    ax.set_title(f"{name}: {report.qubits} qubits, reduce={report.reduce}")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    figure = os.path.join(out, "success_vs_depth.png")
    fig.savefig(figure, dpi=120)
    print(f"\nwrote {figure}")

    # The same p = 1 optimisation driven from SciPy: exact energy and gradient from quzzle,
    # starting where solve's p = 1 starts (the ramp), so both should reach the same minimum.
    q = enc.qaoa(1)
    x0 = np.concatenate(q.ramp_start())
    res = scipy.optimize.minimize(q.value_and_gradient, x0, jac=True, method="L-BFGS-B")
    solved = report.depths[0]
    print(f"\np = 1, SciPy L-BFGS-B: energy {res.fun:.10f} at gamma={res.x[0]:.6f}, beta={res.x[1]:.6f}")
    print(f"p = 1, quzzle.solve:   energy {solved.energy:.10f} at gamma={solved.gammas[0]:.6f}, beta={solved.betas[0]:.6f}")

    failures = []
    if not res.success:
        failures.append(f"SciPy did not converge: {res.message}")
    if abs(res.fun - solved.energy) > 1e-6 * max(1.0, abs(solved.energy)):
        failures.append(f"SciPy's p = 1 energy {res.fun} differs from solve's {solved.energy}")
    if max(success) <= baseline:
        failures.append(f"no depth beats uniform sampling ({max(success)} <= {baseline})")
    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
