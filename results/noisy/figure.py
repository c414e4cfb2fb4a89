#!/usr/bin/env python3
"""results/noisy/pvalid_vs_depth.svg and .png: P(valid) against depth per kind, as a multiple of
uniform sampling's (so that boards of different sizes share an axis): noiseless, heron and aria
(the exported circuit), each the median over the kind's boards with their range as a band,
routed onto FakeFez where run (one board, dashed); past the depths every board of a kind ran,
over the boards that ran them; from the reports run.sh stores (read through
table.py). A noisy P(valid) of 0 is drawn at 1e-7 of uniform's. Needs matplotlib."""
import glob
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import table  # noqa: E402

STYLE = {"heron": ("tab:blue", "o"), "aria": ("tab:orange", "s")}


def routed(name):
    """{model: [(p, P, se)]} of routed/NAME, or {} where it did not run."""
    out = {}
    for f in sorted(glob.glob(os.path.join(HERE, "routed", name, "p[0-9][0-9].predict.json"))):
        with open(f) as h:
            r = json.load(h)
        with open(f.replace(".predict.json", ".json")) as h:
            p = json.load(h)["depth"]
        for e in r["routed_estimates"]:
            out.setdefault(e["model"]["name"], []).append((p, e["p_valid"], e["p_valid_se"]))
    return out


def band(ax, ps, series, color, label, **kw):
    """The median over boards at each depth as a line, their least and largest as a band."""
    import statistics
    lo = [min(v) for v in series]
    hi = [max(v) for v in series]
    mid = [statistics.median(v) for v in series]
    ax.fill_between(ps, lo, hi, color=color, alpha=0.18, lw=0)
    ax.plot(ps, mid, color=color, label=label, **kw)


def main():
    bs = table.boards(ROOT)
    kinds = [(k, name) for k, name in table.KINDS if any(b["puzzle"] == k for b in bs)]
    fig, axes = plt.subplots(1, len(kinds), figsize=(4.4 * len(kinds), 4.0), squeeze=False)
    for ax, (kind, name) in zip(axes.flat, kinds):
        mine = [b for b in bs if b["puzzle"] == kind]
        # Every depth any board ran, over the boards that ran it (some boards run deeper).
        ps = sorted({d["p"] for b in mine for d in b["depths"]})
        at = {(b["name"], d["p"]): d for b in mine for d in b["depths"]}
        over = lambda p: [(b, at[(b["name"], p)]) for b in mine if (b["name"], p) in at]
        band(ax, ps, [[d["noiseless"] / b["uniform"] for b, d in over(p)] for p in ps], "black", "noiseless",
             marker="^", ms=3)
        for m in table.MODELS:
            c, mk = STYLE[m]
            band(ax, ps, [[(d["noisy"][m]["p_valid"] or 1e-7 * b["uniform"]) / b["uniform"] for b, d in over(p)]
                          for p in ps], c, m + " (exported)", marker=mk, ms=3)
        for b in mine:
            for m, pts in routed(b["name"]).items():
                c, mk = STYLE[m]
                ax.plot([x[0] for x in pts], [x[1] / b["uniform"] for x in pts], color=c, marker=mk, mfc="none",
                        ls="--", ms=4, label=m + " (routed, FakeFez; one board)")
        ax.axhline(1.0, color="grey", ls=":", label="uniform sampling")
        ax.set_yscale("log")
        ax.set_xticks(ps)
        qubits = sorted({b["qubits"] for b in mine})
        ax.set_title("%s: %d board%s, %s qubits\n%s, space %s, mixer %s" % (
            name, len(mine), "s" if len(mine) > 1 else "", table.span(qubits, str), mine[0]["reduce"],
            mine[0]["space"], mine[0]["mixer"]), fontsize=9)
        ax.set_xlabel("depth p")
        ax.set_ylabel("P(valid) / uniform sampling's")
        ax.grid(alpha=0.3, which="both")
    handles, labels = [], []
    for ax in axes.flat:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=8)
    fig.suptitle("P(valid) against depth under heron and aria noise: median over each kind's boards (line) "
                 "and their range (band)", fontsize=10)
    fig.tight_layout(rect=(0, 0.07, 1, 0.96))
    for ext in ("svg", "png"):
        fig.savefig(os.path.join(HERE, "pvalid_vs_depth." + ext), dpi=110)


if __name__ == "__main__":
    main()
