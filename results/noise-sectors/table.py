#!/usr/bin/env python3
"""Writes the tables of README.md (between their markers) from the `solve --json` reports that
run.sh keeps in runs/ (the current sector route) and runs/before/ (the previous one, the same
commands)."""
import json
import pathlib

here = pathlib.Path(__file__).parent


def gate_by_gate(qubits):
    """What the full-space route needs: the state, the readout weights and the cost, 48 bytes
    per basis state (noise::gates::check_fits)."""
    need = 48 * 2**qubits
    if need >= 2**40:
        return f"refused: needs {need / 2**40:.2f} TiB"
    return f"fits ({need / 2**30:.2f} GiB); not timed here"


def rows_of(path):
    report = json.loads(path.read_text())
    for d in report["depths"]:
        for e in d["noisy"]:
            s = e.get("sectors") or {}
            yield {
                "run": path.stem,
                "file": pathlib.Path(report["file"]).name,
                "space": report["space"],
                "mixer": report["mixer"],
                "p": d["p"], "model": e["model"]["name"], "qubits": report["qubits"],
                "route": e["route"],
                "block_states": s.get("noiseless_amplitudes", 0),
                "sectors_visited": s.get("sectors_visited", 0),
                "peak_amplitudes": s.get("peak_amplitudes", 0),
                "trajectories": e["trajectories"], "with_errors": e["trajectories_with_errors"],
                "p_valid": e["p_valid"], "p_valid_se": e["p_valid_se"],
                "noiseless": e["noiseless_p_valid"], "seconds": e["seconds"],
                "energy": e["energy"], "energy_se": e["energy_se"],
                "truncated": e.get("truncated"),
                "gate_by_gate": gate_by_gate(report["qubits"]),
            }


def circuit(r):
    return f"{r['file'].removesuffix('.txt')} {r['space']} {r['mixer']}"


rows = [r for path in sorted((here / "runs").glob("*.json")) for r in rows_of(path)]
rows.sort(key=lambda r: (-r["qubits"], r["file"], r["model"], r["trajectories"], r["p"]))
before = {(r["run"], r["p"], r["model"]): r
          for path in sorted((here / "runs" / "before").glob("*.json")) for r in rows_of(path)}

main = [
    "| circuit | p | model | qubits | route | block states | sectors visited | largest state | trajectories (with errors) | noiseless P(valid) | noisy P(valid) ± se | seconds | seconds per 1,000 trajectories | gate-by-gate route |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
]
for r in rows:
    main.append(
        f"| {circuit(r)} | {r['p']} | {r['model']} | {r['qubits']} | {r['route']} | {int(r['block_states']):,} | "
        f"{r['sectors_visited']:,} | {r['peak_amplitudes']:,} | {r['trajectories']:,} ({r['with_errors']:,}) | "
        f"{r['noiseless']:.3g} | {r['p_valid']:.3g} ± {r['p_valid_se']:.2g} | {r['seconds']:.2f} | "
        f"{1000 * r['seconds'] / r['trajectories']:.3g} | {r['gate_by_gate']} |"
    )
compare = [
    "| circuit | p | model | trajectories | seconds before | seconds after | speed-up | P(valid) relative difference |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
]
for r in rows:
    b = before.get((r["run"], r["p"], r["model"]))
    if b is None:
        continue
    # The same draws on both routes: only rounding may differ.
    same = f"{abs(b['p_valid'] - r['p_valid']) / max(abs(b['p_valid']), 1e-300):.1e}"
    compare.append(
        f"| {circuit(r)} | {r['p']} | {r['model']} | {r['trajectories']:,} | {b['seconds']:.2f} | "
        f"{r['seconds']:.2f} | {b['seconds'] / r['seconds']:.1f}x | {same} |"
    )


# Truncated runs (runs/truncated/) beside the same command with every amplitude kept.
truncated = [
    "| run | circuit | p | model | trajectories | seconds, all kept | seconds, truncated | speed-up | largest state, all kept | largest state, truncated | P(valid) all kept ± se | P(valid) truncated ± se | P(valid) bracket | trajectories that dropped | in pieces (pieces) | mean probability dropped | energy all kept ± se | energy bracket, truncated |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
]
kept = {(r["run"], r["p"], r["model"]): r for r in rows}
cut_rows = [r for path in sorted((here / "runs" / "truncated").glob("*.json")) for r in rows_of(path)]
cut_rows.sort(key=lambda r: (-r["qubits"], r["file"], r["run"], r["p"], r["model"]))
for r in cut_rows:
    b = kept.get((r["run"], r["p"], r["model"]))
    t = r["truncated"]
    refused_path = here / "runs" / f"{r['run']}.refused"
    if b is not None:
        before_cols = (f"{b['seconds']:.2f}", f"{b['seconds'] / r['seconds']:.1f}x", f"{b['peak_amplitudes']:,}",
                       f"{b['p_valid']:.3g} ± {b['p_valid_se']:.2g}", f"{b['energy']:.2f} ± {b['energy_se']:.2f}")
    elif refused_path.exists():
        before_cols = ("refused", "", "", "", "")
    else:
        before_cols = ("not run", "", "", "", "")
    # Trajectories too large to hold whole ran in pieces (none before pieces existed).
    pieces = f"{t['trajectories_in_pieces']:,} ({t['pieces']:,})" if t.get("trajectories_in_pieces") else "0"
    # Exact for the trajectories drawn, except where a bounded run dropped pieces too large to hold.
    if t.get("trajectories_bounded"):
        bracket = (f"[{t['p_valid'][0]:.3g}, {t['p_valid'][1]:.3g}] ({t['trajectories_bounded']:,} dropped pieces "
                   f"too large, mean probability {t['mean_bounded']:.2g})")
    else:
        bracket = "exact"
    truncated.append(
        f"| {r['run']} | {circuit(r)} | {r['p']} | {r['model']} | {r['trajectories']:,} | {before_cols[0]} | {r['seconds']:.2f} | "
        f"{before_cols[1]} | {before_cols[2]} | {r['peak_amplitudes']:,} | {before_cols[3]} | "
        f"{r['p_valid']:.3g} ± {r['p_valid_se']:.2g} | {bracket} | {t['trajectories_truncated']:,} | {pieces} | {t['mean_dropped']:.3f} | "
        f"{before_cols[4]} | [{t['energy'][0]:.1f}, {t['energy'][1]:.1f}] |"
    )

refused = [
    "| run | refusal |",
    "| --- | --- |",
]
for path in (sorted((here / "runs").glob("*.refused")) + sorted((here / "runs" / "before").glob("*.refused"))
             + sorted((here / "runs" / "truncated").glob("*.refused"))):
    which = {"before": " (previous route)", "truncated": " (--truncate exact)"}.get(path.parent.name, "")
    refused.append(f"| {path.stem}{which} | {path.read_text().strip()} |")

# What one trajectory costs at 24 qubits (bench_trajectory.py): seconds per trajectory over the
# seconds of one noiseless evaluation of the block space, the same binary and thread count.
cost = []
bench_path = here / "runs" / "bench" / "trajectory-cost.json"
if bench_path.exists():
    b = json.loads(bench_path.read_text())
    cost = [
        f"{b['file'].removesuffix('.txt')} rows xy-ring (24 qubits, 2,500 block states), p = {b['p']}, "
        f"{b['trajectories']:,} trajectories per model; {b['date']}, {b['cpu']}, {b['cores']} cores, load "
        f"average {b['load_before']:.2f} before; {b['version']}.",
        "",
        "| threads | one noiseless evaluation | model | --truncate | seconds per trajectory | noiseless evaluations per trajectory | largest state | P(valid) ± se |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for threads, e in sorted(b["threads"].items()):
        for r in e["routes"]:
            cost.append(
                f"| {threads} | {1e6 * e['evaluation_seconds']:.1f} µs | {r['model']} | {r['truncate']} | "
                f"{1e6 * r['seconds_per_trajectory']:.0f} µs | {r['evaluations_per_trajectory']:.1f} | "
                f"{r['peak_amplitudes']:,} | {r['p_valid']:.3g} ± {r['p_valid_se']:.2g} |"
            )
    if "aer" in b:
        a = b["aer"]
        ours = min(r["seconds_per_trajectory"] for r in b["threads"][str(a["threads"])]["routes"]
                   if r["truncate"] == "exact" and r["model"] == "heron") if str(a["threads"]) in b["threads"] else None
        cost.append("")
        cost.append(
            f"Qiskit Aer {a['qiskit_aer']} on the same circuit (`qasm --flavor ionq`, {a['gates']:,} gates, heron's "
            f"channel, `AerSimulator(method=\"statevector\")`, {a['threads']} threads): {a['shots']} shots in "
            f"{a['seconds']:.1f} s, {a['seconds_per_shot']:.2f} s per trajectory on 2^24 amplitudes"
            + (f", {a['seconds_per_shot'] / ours:,.0f}× the sector route's truncated heron trajectory." if ours else ".")
        )


def fill(text, start, end, lines):
    head, rest = text.split(start)
    _, tail = rest.split(end)
    return head + start + "\n".join(lines) + "\n" + end + tail


readme = here / "README.md"
text = readme.read_text()
text = fill(text, "<!-- generated by table.py -->\n", "<!-- end generated -->", main)
text = fill(text, "<!-- before/after generated by table.py -->\n", "<!-- end before/after -->", compare)
text = fill(text, "<!-- refused generated by table.py -->\n", "<!-- end refused -->", refused)
text = fill(text, "<!-- truncated generated by table.py -->\n", "<!-- end truncated -->", truncated)
if cost:
    text = fill(text, "<!-- trajectory cost generated by table.py -->\n", "<!-- end trajectory cost -->", cost)
readme.write_text(text)
