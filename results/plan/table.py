#!/usr/bin/env python3
"""Writes the tables of README.md (between their markers) from the plan.json files run.sh keeps
in runs/; --check exits 1 where a table differs from them. Python standard library only."""
import json
import pathlib
import sys

here = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(here.parent.parent / "tools"))
import generated_blocks  # noqa: E402

TOOL = "results/plan/table.py"


def plans():
    for path in sorted((here / "runs").glob("*/plan.json")):
        yield path.parent.name, json.loads(path.read_text())


def sig(x, digits=3):
    return "0" if x == 0 else f"{x:.{digits}g}" if 1e-3 <= abs(x) < 1e4 else f"{x:.{digits - 1}e}"


def seconds(s):
    if s is None:
        return "never"
    if s >= 3600:
        return f"{s / 3600:.1f} h"
    if s >= 1:
        return f"{s:.1f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"


def best_table():
    lines = ["| board | device | qubits | circuits planned (no plan) | best: space, mixer, p | noisy P(valid) | shots to 99 % | device time to 99 % | annealing (CPU) | plan took |",
             "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |"]
    for name, r in plans():
        board = pathlib.Path(r["file"]).name
        b = r["best"]
        if b is None:
            best = "none under this noise"
            noisy = shots = device = "-"
        else:
            cand = next(c for c in r["candidates"] if c["space"] == b["space"] and c["mixer"] == b["mixer"])
            d = next(d for d in cand["depths"] if d["p"] == b["p"])
            best = f"{b['space']}, {b['mixer']}, p = {b['p']}"
            noisy = f"{sig(d['noisy_p_valid'])} ± {sig(d['noisy_p_valid_se'], 2)}"
            shots = f"{b['shots_99']:.0f}"
            device = seconds(b["device_seconds_99"])
        anneal = r.get("anneal")
        annealing = seconds(anneal["tts99_seconds"]) if anneal else "-"
        lines.append(f"| {board} | {r['noise']} | {r['qubits']} | {len(r['candidates'])} ({len(r['skipped'])}) | {best} "
                     f"| {noisy} | {shots} | {device} | {annealing} | {r['seconds']:.0f} s |")
    return lines


def why(reason):
    """A stop's reason, short: a share of --max-seconds up to `ran out`, else the message after
    the file's name."""
    if reason.startswith("its share of the plan's time"):
        return reason[: reason.index(" ran out") + len(" ran out")]
    return reason.split(": ", 1)[-1]


def depths_table(run):
    r = json.loads((here / "runs" / run / "plan.json").read_text())
    lines = ["| space | mixer | p | cx | P(valid) noiseless | noisy P(valid) | shots to 99 % | device time to 99 % |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for c in r["candidates"]:
        for d in c["depths"]:
            star = " **best**" if c["best_p"] == d["p"] else ""
            shots = "never" if d["shots_99"] is None else f"{d['shots_99']:.0f}"
            lines.append(f"| {c['space']} | {c['mixer']} | {d['p']}{star} | {d['cx']} | {sig(d['p_valid'])} "
                         f"| {sig(d['noisy_p_valid'])} ± {sig(d['noisy_p_valid_se'], 2)} | {shots} | {seconds(d['device_seconds_99'])} |")
        if c.get("stopped"):
            lines.append(f"| {c['space']} | {c['mixer']} | {c['stopped']['depth']} | | | stopped: {why(c['stopped']['reason'])} | | |")
    notes = [f"- {k['space']} {k['mixer']}: {why(k['reason'])}" for k in r["skipped"]]
    if notes:
        lines += ["", "No plan for:", ""] + notes
    if r.get("stopped"):
        lines += ["", f"The plan stopped: {r['stopped']}"]
    return lines


def summary():
    """The README's lines: per device, each board's best circuit against annealing."""
    lines = []
    for device in ("heron", "aria"):
        parts = []
        for name, r in plans():
            if r["noise"] != device:
                continue
            board = pathlib.Path(r["file"]).stem
            b = r["best"]
            anneal = (r.get("anneal") or {}).get("tts99_seconds")
            if b is None:
                parts.append(f"{board}: no valid board under noise at p = 1..5")
                continue
            versus = f", {b['device_seconds_99'] / anneal:.3g}× annealing's CPU time" if anneal else ""
            parts.append(f"{board}: {b['space']} {b['mixer']} p = {b['p']}, {seconds(b['device_seconds_99'])}{versus}")
        if parts:
            lines.append(f"- {device}: " + "; ".join(parts) + ".")
    return lines


PAGES = {
    here / "README.md": {
        "plan-best": best_table,
        "plan-tango-heron": lambda: depths_table("tango-0715-heron"),
        "plan-queens-heron": lambda: depths_table("queens-010-heron"),
        "plan-starbattle-heron": lambda: depths_table("starbattle-001-heron"),
        "plan-takuzu-heron": lambda: depths_table("takuzu-l3-001-heron"),
        "plan-tents-heron": lambda: depths_table("tents-jolyonb-heron"),
        "plan-sudoku-heron": lambda: depths_table("sudoku4-13-heron"),
    },
    here.parent.parent / "README.md": {"plan-summary": summary},
}


def main(argv):
    check = argv[1:] == ["--check"]
    failed = False
    for page, blocks in PAGES.items():
        text, problems = generated_blocks.regenerate(str(page), page.read_text(), TOOL, blocks)
        shown = problems if check else [p for p in problems if "differs" not in p]
        for p in shown:
            print(p, file=sys.stderr)
        failed |= bool(shown)
        if not check and not shown:
            generated_blocks.write_whole(str(page), text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
