#!/usr/bin/env python3
"""The tables of results/noisy/README.md and its line per kind in the top README.md, from the
reports run.sh stores: solve/*.json (`quzzle solve --json` with --noise heron --noise aria and
--device heron,aria), routed/NAME/pNN.predict.json (`quzzle predict --json`) and, for annealing,
results/compare/*/anneal.csv. tools/tables.py calls these functions for the blocks named
noisy-*; `python3 results/noisy/table.py` runs tools/tables.py (every README's blocks).

Every value is read unrounded and rounded once, when printed.
"""
import csv
import glob
import json
import math
import os
import subprocess
import sys

# The shots-to-99 % rule and the min–max printing of tools/tables.py, which loads this file.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from tables import shots99, span  # noqa: E402

KINDS = [("tango", "Tango 6x6"), ("queens", "Queens 6x6"), ("starbattle", "Star Battle 6x6"),
         ("sudoku4", "Sudoku 4x4")]
# The device whose shot time goes with each noise model: heron's rates on an IBM Heron r2's
# gate times, aria's on an IonQ Aria's.
DEVICE_OF = {"heron": "heron", "aria": "aria"}
MODELS = ["heron", "aria"]


def g(x):
    """Two significant digits (three near 1, where two would print 1)."""
    if x >= 0.95:
        return "%.3f" % x
    return "%.2g" % x if x >= 1e-3 or x == 0 else ("%.1e" % x).replace("e-0", "e-")


def ratio(x):
    """A ratio: one decimal below 10, whole below 10^4, else two digits and an exponent."""
    if x < 10:
        return "%.1f" % x
    if x < 1e4:
        return "%.0f" % x
    mantissa, exponent = ("%.1e" % x).split("e")
    return "%se%d" % (mantissa, int(exponent))


def sec(x):
    if not math.isfinite(x):
        return "never"
    if 1e-2 <= x < 1e3:
        return "%.2g s" % x if x < 100 else "%.0f s" % x
    mantissa, exponent = ("%.1e" % x).split("e")
    return "%se%d s" % (mantissa, int(exponent))


def boards(root):
    """One dict per solve report, in KINDS order then by name."""
    out = []
    for name in sorted(glob.glob(os.path.join(root, "results/noisy/solve/*.json"))):
        with open(name) as f:
            r = json.load(f)
        depths = []
        for d in r["depths"]:
            depths.append({
                "p": d["p"],
                "noiseless": d["success_probability"],
                "shot": {t["device"]: t["shot_seconds"] for t in d.get("devices", [])},
                "noisy": {n["model"]["name"]: n for n in d.get("noisy", [])},
            })
        out.append({
            "name": os.path.basename(name)[:-5], "file": r["file"], "puzzle": r["puzzle"],
            "stem": os.path.basename(r["file"])[:-4], "reduce": r["reduce"], "qubits": r["qubits"],
            "space": r["space"], "mixer": r["mixer"], "uniform": r["uniform_baseline"], "depths": depths,
        })
    order = [k for k, _ in KINDS]
    out.sort(key=lambda b: (order.index(b["puzzle"]) if b["puzzle"] in order else len(order), b["name"]))
    return out


def anneal(root):
    """{board stem: (tts99 seconds, space)} at annealing's best space in results/compare."""
    best = {}
    for name in sorted(glob.glob(os.path.join(root, "results/compare/*/anneal.csv"))):
        with open(name, newline="") as f:
            for r in csv.DictReader(f):
                stem = os.path.basename(r["file"])[:-4]
                t = float(r["tts99_seconds"])
                if stem not in best or t < best[stem][0]:
                    best[stem] = (t, r["space"])
    return best


def peak(b, model):
    """The depth where `model`'s P(valid) is largest (the shallower on a tie)."""
    return max(b["depths"], key=lambda d: (d["noisy"][model]["p_valid"], -d["p"]))


def noisy_tts(d, model):
    return d["shot"][DEVICE_OF[model]] * shots99(d["noisy"][model]["p_valid"])


def label(b):
    return "%s (%s, %d qubits, %s, %s)" % (b["stem"], b["reduce"], b["qubits"], b["space"], b["mixer"])


def depths_table(root):
    out = ["| board | p | uniform | noiseless | heron ± s.e. | aria ± s.e. | no error (heron / aria) | trajectories |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for b in boards(root):
        for d in b["depths"]:
            h, a = d["noisy"]["heron"], d["noisy"]["aria"]
            out.append("| %s | %d | %s | %s | %s ± %s | %s ± %s | %.2f / %.2f | %d |" % (
                label(b), d["p"], g(b["uniform"]), g(d["noiseless"]), g(h["p_valid"]), g(h["p_valid_se"]),
                g(a["p_valid"]), g(a["p_valid_se"]), h["error_free_probability"], a["error_free_probability"],
                h["trajectories"]))
    return out


def peaks_table(root):
    sa = anneal(root)
    out = ["| board | model | best p | noisy P(valid) ± s.e. | noiseless there | noiseless best (p) | noisy / uniform | "
           "TTS99 at best p (device) | annealing TTS99 (space) | QAOA / annealing |",
           "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for b in boards(root):
        clean = max(b["depths"], key=lambda d: (d["noiseless"], -d["p"]))
        for m in MODELS:
            d = peak(b, m)
            n = d["noisy"][m]
            t = noisy_tts(d, m)
            a = sa.get(b["stem"])
            out.append("| %s | %s | %d | %s ± %s | %s | %s (%d) | %s× | %s (%s) | %s | %s |" % (
                b["stem"], m, d["p"], g(n["p_valid"]), g(n["p_valid_se"]), g(d["noiseless"]), g(clean["noiseless"]),
                clean["p"], ratio(n["p_valid"] / b["uniform"]), sec(t), DEVICE_OF[m],
                ("%s (%s)" % (sec(a[0]), a[1])) if a else "–",
                (ratio(t / a[0]) + "×") if a and math.isfinite(t) else "–"))
    return out


def routed_table(root):
    out = ["| board | p | physical qubits | simulated on | two-qubit gates routed (exported) | noiseless routed (exported) | "
           "heron routed ± s.e. | heron exported ± s.e. | aria routed ± s.e. | aria exported ± s.e. | "
           "Heron r2 shot routed | TTS99 routed, heron |",
           "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name in sorted(glob.glob(os.path.join(root, "results/noisy/routed/*/p[0-9][0-9].predict.json"))):
        with open(name) as f:
            r = json.load(f)
        with open(name.replace(".predict.json", ".json")) as f:
            p = json.load(f)["depth"]
        est = {e["model"]["name"]: e for e in r["routed_estimates"]}
        exp = {e["model"]["name"]: e for e in r["exported"]}
        dev = r["devices"][0]
        heron_tts = dev["noisy_tts99_seconds"][[e["model"]["name"] for e in r["routed_estimates"]].index("heron")]
        noiseless = est["heron"]["noiseless_p_valid"]
        # Reports before the sector route have no `route`: the statevector.
        on = r.get("route", "statevector")
        if on == "sectors":
            on = "sectors (%s steps, %d moving; truncate %s)" % (
                "{:,}".format(r["sector_steps"]["steps"]), r["sector_steps"]["moving"], r.get("truncate", "off"))
        # A model refused by its memory plan (pNN.aria.refused beside the report).
        # Under `bounded`, a model whose trajectories dropped sectors too large to hold: its
        # bracket, which holds the exact average of the trajectories drawn.
        pm = lambda e, why: ("%s ± %s%s" % (g(e["p_valid"]), g(e["p_valid_se"]), (
            " in [%s, %s]" % (g(e["bounded"]["p_valid"][0]), g(e["bounded"]["p_valid"][1])) if e.get("bounded") else ""))
            if e else why)
        out.append("| %s | %d | %d | %s | %d (%d) | %s (%s) | %s | %s ± %s | %s | %s | %s | %s |" % (
            os.path.basename(os.path.dirname(name)), p, r["physical_qubits"], on, r["routed_gates"]["two_qubit"],
            r["exported_gates"]["cx"], g(noiseless), g(r["exported_p_valid"]),
            pm(est["heron"], ""), g(exp["heron"]["p_valid"]),
            g(exp["heron"]["p_valid_se"]), pm(est.get("aria"), "refused (memory plan)"), pm(exp.get("aria"), "not run"), sec(dev["shot_seconds"]),
            sec(heron_tts) if heron_tts is not None else "never"))
    return out


def cost_table(root):
    """What each solve report's noisy estimates cost: wall seconds as the reports record them."""
    out = ["| board | route | depths | trajectories per depth and model | noisy seconds, all depths and models | "
           "of which the deepest |", "| --- | --- | --- | ---: | ---: | ---: |"]
    for b in boards(root):
        d = b["depths"]
        total = sum(n["seconds"] for x in d for n in x["noisy"].values())
        out.append("| %s | %s | %s | %d | %.0f | %.0f |" % (
            b["stem"], d[0]["noisy"]["heron"]["route"], "1..%d" % d[-1]["p"] if len(d) > 1 else str(d[0]["p"]),
            d[0]["noisy"]["heron"]["trajectories"], total, sum(n["seconds"] for n in d[-1]["noisy"].values())))
    return out


def routed(root, name):
    """{p: predict report} of routed/NAME."""
    out = {}
    for f in sorted(glob.glob(os.path.join(root, "results/noisy/routed", name, "p[0-9][0-9].predict.json"))):
        with open(f) as h:
            r = json.load(h)
        with open(f.replace(".predict.json", ".json")) as h:
            out[json.load(h)["depth"]] = r
    return out


def routed_peaks(root, mine):
    """"; routed onto FakeFez ..." for the boards of `mine` that were routed, or ""."""
    parts = []
    for b in mine:
        r = routed(root, b["name"])
        if not r:
            continue
        heron = {p: next(e for e in x["routed_estimates"] if e["model"]["name"] == "heron") for p, x in r.items()}
        best = max(heron, key=lambda p: (heron[p]["p_valid"], -p))
        # The same exported circuit (its angles from `qasm --optimize`), under the same model.
        exported = next(e for e in r[best]["exported"] if e["model"]["name"] == "heron")["p_valid"]
        share = g(heron[best]["p_valid"] / exported) if exported > 0 else "–"
        if exported > 0 and heron[best]["p_valid"] / exported >= 0.01:
            share = "%.0f %%" % (100 * heron[best]["p_valid"] / exported)
        depths = ("1..%d" % max(r)) if len(r) > 1 else str(max(r))
        parts.append("%s routed onto FakeFez (heavy-hex, p = %s): heron's P(valid) %s p = %d with %s, "
                     "%s of the exported circuit's heron value there" % (
                         b["stem"], depths, "peaks at" if len(r) > 1 else "at", best, g(heron[best]["p_valid"]), share))
    return ("; " + "; ".join(parts)) if parts else ""


def summary(root):
    """One line per kind: where heron's and aria's P(valid) peak, against noiseless, uniform and
    annealing (ranges over the kind's boards)."""
    sa = anneal(root)
    out = []
    bs = boards(root)
    for kind, name in KINDS:
        mine = [b for b in bs if b["puzzle"] == kind]
        if not mine:
            out.append("- %s: no noisy run (see results/noisy)." % name)
            continue
        b0 = mine[0]
        each = []
        for m in MODELS:
            peaks = [(b, peak(b, m)) for b in mine]
            pv = [d["noisy"][m]["p_valid"] for _, d in peaks]
            slow = [noisy_tts(d, m) / sa[b["stem"]][0] for b, d in peaks if b["stem"] in sa]
            only = all(len(b["depths"]) == 1 for b in mine)
            deepest = all(d["p"] == b["depths"][-1]["p"] for b, d in peaks)
            each.append("%s's P(valid) %s p = %s%s %s %s (%s of the noiseless there, %s× uniform%s)" % (
                m, "at" if only else "peaks at", span([d["p"] for _, d in peaks], str),
                " (the only depth run)" if only else (" (the deepest run)" if deepest else ""),
                "is" if only else "with",
                span(pv, g), span([d["noisy"][m]["p_valid"] / d["noiseless"] for _, d in peaks],
                                  lambda x: "%.0f %%" % (100 * x)),
                span([d["noisy"][m]["p_valid"] / b["uniform"] for b, d in peaks], ratio),
                (", time to 99 %% on its device %s× annealing's on this CPU" % span(slow, ratio)) if slow else ""))
        runs = ["1..%d" % b["depths"][-1]["p"] if len(b["depths"]) > 1 else str(b["depths"][0]["p"]) for b in mine]
        if len(set(runs)) > 1:
            # Boards run to different depths: each board's depths by name (a peak over one
            # depth is no peak, so say which boards had one).
            runs_text = ", ".join("%s (%s)" % (r, b["stem"]) for r, b in zip(runs, mine))
        else:
            runs_text = runs[0]
        out.append("- %s (%s, %s qubits at `%s`, space %s, mixer %s, p = %s): %s." % (
            name, "%d boards" % len(mine) if len(mine) > 1 else mine[0]["stem"],
            span([b["qubits"] for b in mine], str), b0["reduce"], b0["space"], b0["mixer"],
            runs_text, "; ".join(each) + routed_peaks(root, mine)))
    return out


if __name__ == "__main__":
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(subprocess.call([sys.executable, os.path.join(here, "tools", "tables.py")] + sys.argv[1:]))
