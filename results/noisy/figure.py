#!/usr/bin/env python3
"""results/noisy/pvalid_vs_depth.svg and .png: P(valid) against depth per board, noiseless,
heron and aria (exported circuit, ± 1 s.e.), routed onto FakeFez where run, and uniform
sampling, from the reports run.sh stores (read through table.py). Needs matplotlib."""
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


def main():
    bs = table.boards(ROOT)
    cols = 3
    rows = (len(bs) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.4 * rows), squeeze=False)
    for ax, b in zip(axes.flat, bs):
        ps = [d["p"] for d in b["depths"]]
        ax.plot(ps, [d["noiseless"] for d in b["depths"]], "k-^", label="noiseless")
        for m in table.MODELS:
            c, mk = STYLE[m]
            ax.errorbar(ps, [d["noisy"][m]["p_valid"] for d in b["depths"]],
                        yerr=[d["noisy"][m]["p_valid_se"] for d in b["depths"]], color=c, marker=mk,
                        capsize=2, label=m + " (exported)")
        for m, pts in routed(b["name"]).items():
            c, mk = STYLE[m]
            ax.errorbar([x[0] for x in pts], [x[1] for x in pts], yerr=[x[2] for x in pts], color=c,
                        marker=mk, mfc="none", ls="--", capsize=2, label=m + " (routed, FakeFez)")
        ax.axhline(b["uniform"], color="grey", ls=":", label="uniform")
        ax.set_yscale("log")
        ax.set_xticks(ps)
        ax.set_title("%s\n%s, %d qubits, %s, %s" % (b["stem"], b["reduce"], b["qubits"], b["space"], b["mixer"]),
                     fontsize=8)
        ax.set_xlabel("depth p")
        ax.set_ylabel("P(valid)")
        ax.grid(alpha=0.3, which="both")
    for ax in list(axes.flat)[len(bs):]:
        ax.axis("off")
    handles, labels = [], []
    for ax in axes.flat:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=8)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    for ext in ("svg", "png"):
        fig.savefig(os.path.join(HERE, "pvalid_vs_depth." + ext), dpi=110)


if __name__ == "__main__":
    main()
