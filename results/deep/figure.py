#!/usr/bin/env python3
"""Draws results/deep/success_vs_depth.{png,svg}: per kind, the median over its boards of
P(valid) against depth (log x) for each schedule of results/deep/run.sh, the uniform baseline,
and Grover search's P(valid) after k oracle calls on the same axis (closed form from the
boards' theta in results/compare/grover).

    python3 results/deep/figure.py      (needs matplotlib)"""
import csv
import glob
import json
import math
import os
import statistics

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KINDS = [("tango", "Tango 6x6 (rows, Grover mixer)"), ("queens", "Queens 6x6 (rows, XY ring)"),
         ("starbattle", "Star Battle 6x6 (rows, XY ring)"), ("sudoku4", "Sudoku 4x4 (blocks, XY ring)")]
SCHEDULES = [("interp", "optimised (INTERP)", "#d55e00", "-", "^"),
             ("lr", "LR, 2 scales optimised", "#0072b2", "-", "o"),
             ("lr-fixed", "LR, fixed scales", "#56b4e9", "--", "s"),
             ("transfer", "transferred (leave-one-out)", "#009e73", "-.", "D"),
             ("fixed", "fixed table", "#cc79a7", ":", "v")]


def rows(kind, schedule):
    path = os.path.join(HERE, f"{kind}-{schedule}", "sweep.csv")
    return list(csv.DictReader(open(path))) if os.path.exists(path) else []


def median_curve(rs):
    by_p = {}
    for r in rs:
        by_p.setdefault(int(r["p"]), []).append(float(r["p_valid"]))
    ps = sorted(by_p)
    return ps, [statistics.median(by_p[p]) for p in ps]


def grover_curve(files):
    thetas = []
    for f in files:
        stem = os.path.splitext(os.path.basename(f))[0]
        path = os.path.join(ROOT, "results", "compare", "grover", stem + ".json")
        if os.path.exists(path):
            thetas.append(json.load(open(path))["theta"])
    ks = list(range(1, 101))
    return ks, [statistics.median(math.sin((2 * k + 1) * t) ** 2 for t in thetas) for k in ks], len(thetas)


def main():
    fig, axes = plt.subplots(2, 2, figsize=(12, 9), sharex=True)
    for ax, (kind, title) in zip(axes.flat, KINDS):
        base = rows(kind, "lr")
        files = sorted({r["file"] for r in base})
        for schedule, label, colour, style, marker in SCHEDULES:
            rs = rows(kind, schedule)
            if not rs:
                continue
            ps, ys = median_curve(rs)
            ax.plot(ps, ys, style, color=colour, marker=marker, markersize=4, label=label)
        ks, gs, n = grover_curve(files)
        if n:
            ax.plot(ks, gs, "-", color="#555555", linewidth=1,
                    label="Grover search (x = oracle calls)")
        if base:
            uni = statistics.median(float(r["uniform_baseline"]) for r in base)
            ax.axhline(uni, color="black", linewidth=0.8, linestyle=(0, (1, 3)), label="uniform baseline")
        ax.axhline(0.5, color="#999999", linewidth=0.6)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_ylim(bottom=min(1e-5, ax.get_ylim()[0]), top=1.1)
        ax.set_title(f"{title}: {len(files)} boards, median")
        ax.grid(True, which="major", alpha=0.3)
    for ax in axes[1]:
        ax.set_xlabel("depth p (cost-layer applications); Grover: oracle calls k")
    for ax in axes[:, 0]:
        ax.set_ylabel("P(valid board)")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, frameon=False)
    fig.suptitle("Success probability against depth, to p = 100 (results/deep/run.sh)")
    fig.tight_layout(rect=(0, 0.06, 1, 0.97))
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(HERE, f"success_vs_depth.{ext}"), dpi=110)
    print("wrote results/deep/success_vs_depth.{png,svg}")


if __name__ == "__main__":
    main()
