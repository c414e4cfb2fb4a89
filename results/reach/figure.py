#!/usr/bin/env python3
"""Draws results/reach/two-star.png from results/reach/data (run.sh): the two-star Star Battles'
Grover-mixer QAOA P(valid) against p (optimised p = 1..10, transferred p = 100) and Grover
search's P(valid) against k (sin²((2k+1)θ), θ from the stored M and D)."""
import json
import math
import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE / "data"


def load(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def main():
    names = sorted(p.name[: -len(".info.json")] for p in DATA.glob("starbattle-*2star*.info.json"))
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    for i, name in enumerate(names):
        grover = load(DATA / f"{name}.grover.json")
        report = load(DATA / f"{name}.json")
        p100 = load(DATA / f"{name}.p100.json")
        colour = f"C{i}"
        label = name.replace("starbattle-", "")
        if report and report.get("depths"):
            ps = [d["p"] for d in report["depths"]]
            left.plot(ps, [d["success_probability"] for d in report["depths"]], "o-", color=colour, label=label)
            far = [d for d in (p100 or {}).get("depths", []) if d["p"] == 100]
            if far:
                left.plot([100], [far[0]["success_probability"]], "s", color=colour)
            left.axhline(report["uniform_baseline"], color=colour, lw=0.6, ls=":")
        if grover and grover.get("theta"):
            theta = grover["theta"]
            kmax = 2 * grover["optimal_iterations"] + 2
            ks = sorted({round(kmax * j / 2000) for j in range(2001)})
            right.plot(
                [max(k, 0.5) for k in ks],
                [math.sin((2 * k + 1) * theta) ** 2 for k in ks],
                color=colour,
                label=f"{label} (M={grover['solutions']}, log2 D={math.log2(grover['dimension']):.1f})",
            )
    left.set_xscale("log")
    left.set_yscale("log")
    left.set_xlabel("depth p (1..10 optimised, square: p = 100 transferred)")
    left.set_ylabel("P(valid)")
    left.set_title("Grover-mixer QAOA, boards whose histogram was counted\n(dotted: uniform 1/D)", fontsize=10)
    left.legend(fontsize=7, loc="center", bbox_to_anchor=(0.55, 0.62))
    right.set_xscale("log")
    right.set_yscale("log")
    right.set_ylim(1e-12, 2)
    right.set_xlabel("Grover iterations k (0 drawn at 0.5)")
    right.set_ylabel("P(valid)")
    right.set_title("Grover search, closed form")
    right.legend(fontsize=7)
    fig.suptitle("Two-star Star Battles at the probe reduction, smallest space (rows+cols)")
    fig.tight_layout()
    out = HERE / "two-star.png.part"
    fig.savefig(out, dpi=110, format="png")
    out.replace(HERE / "two-star.png")


if __name__ == "__main__":
    main()
