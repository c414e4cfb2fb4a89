"""Draws results/compare/tts.{svg,png}: time to a valid board with 99 % confidence per board,
one column of panels per board kind; top row seconds (annealing on this CPU, QAOA on IBM
Heron r2 from its gate counts), bottom row work (annealing sweeps, QAOA cost-layer
applications, Grover oracle calls). Reads what results/compare/run.sh stored, through the same
loader as the tables (tools/tables.py). Needs matplotlib:
    python3 results/compare/figure.py
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
import tables  # noqa: E402

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STYLE = {  # colour-blind-safe (Okabe-Ito), one marker per method
    "SA, full space": ("#000000", "o"),
    "SA, block space": ("#999999", "s"),
    "QAOA X, full space": ("#0072B2", "^"),
    "QAOA XY ring, block space": ("#D55E00", "v"),
    "QAOA Grover mixer, rows": ("#009E73", "D"),
    "Grover search, rows": ("#CC79A7", "x"),
}


def main():
    data = tables.compare_data()
    kinds = tables.COMPARE_KINDS
    fig, axes = plt.subplots(2, len(kinds), figsize=(4.2 * len(kinds), 7.2), squeeze=False)
    for col, (kind, label) in enumerate(kinds):
        boards = data[kind]
        # Boards ordered by their variables, then name: the x axis is the board's rank.
        order = sorted(boards, key=lambda b: (min(v.get("qubits", 0) for v in boards[b].values()), b))
        for row, key in enumerate(["seconds", "work"]):
            ax = axes[row][col]
            for method in tables.COMPARE_METHODS:
                xs, ys = [], []
                for i, b in enumerate(order):
                    v = boards[b].get(method)
                    if v is None or v.get(key) is None or not math.isfinite(v[key]):
                        continue
                    xs.append(i)
                    ys.append(v[key])
                if not xs:
                    continue
                colour, marker = STYLE[method]
                ax.scatter(xs, ys, s=22, c=colour, marker=marker, label=method, linewidths=1.0)
            ax.set_yscale("log")
            ax.grid(True, which="major", alpha=0.3)
            ax.set_xlabel("board (ordered by variables)")
            if row == 0:
                ax.set_title("%s (%d boards)" % (label, len(order)))
            if col == 0:
                ax.set_ylabel("seconds to 99 %" if row == 0 else "sweeps / cost layers / oracle calls to 99 %")
    handles = {}
    for ax in axes.flat:
        for h, l in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(l, h)
    ordered = [m for m in tables.COMPARE_METHODS if m in handles]
    fig.legend([handles[m] for m in ordered], ordered, loc="lower center", ncol=len(ordered), fontsize=8,
               frameon=False)
    fig.suptitle("Time to a valid board with 99 % confidence. Top: annealing (CPU time of its reads) on one core of the 2-core "
                 "machine, QAOA on IBM Heron r2 (estimated from gate counts, noiseless P(valid)). "
                 "Bottom: work.", fontsize=9)
    fig.tight_layout(rect=(0, 0.05, 1, 0.96))
    for ext in ("svg", "png"):
        out = os.path.join(HERE, "tts.%s" % ext)
        tmp = out + ".tmp"
        fig.savefig(tmp, format=ext, dpi=150, metadata={"Date": None} if ext == "svg" else None)
        os.replace(tmp, out)
        print("wrote", out)


if __name__ == "__main__":
    main()
