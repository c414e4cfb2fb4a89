#!/usr/bin/env python3
"""Fits of how P(valid) decays with board size, from the runs of results/scaling/run.sh.

Reads the sweep CSVs of results/scaling/sweeps (own optimised angles), fixed (one linear ramp
per mixer, nothing optimised) and transfer (the median of smaller boards' own angles), and
Grover search's curves in grover/*.json; per puzzle kind, mixer (with its space), schedule
and depth it fits, by ordinary least squares over the boards,

    log2 P(valid) = c + slope · log2 D      (D: the dimension of the space simulated)
    log2 P(valid) = c + slope · N           (N: the side of the board; −slope is the η of
                                             the LR-QAOA papers' P ≈ 2^(−ηN + c))

with the slope's standard error and its 95 % confidence interval (Student t, n − 2 degrees of
freedom). Writes results/scaling/fits.json, the tables between the generated markers of
results/scaling/README.md (also the reach table from reach/ and the per-layer table from
bench/), the line in the top README, and results/scaling/decay.svg (and decay.png with
Pillow when it is installed). Only the standard library otherwise.

    python3 tools/scaling.py             # write them
    python3 tools/scaling.py --check     # exit 1 when a table, fits.json or the README line
                                         # differs from what the stored data gives
    python3 tools/scaling.py ramp MIXER SPACE   # the fixed ramp "DG,DB" of run.sh step 6
"""
import csv
import glob
import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "results", "scaling")


def t_quantile(q, df):
    """The q quantile of Student's t with df degrees of freedom (bisection on the CDF)."""

    def betacf(a, b, x):
        # Continued fraction of the regularised incomplete beta (Numerical Recipes' betacf).
        qab, qap, qam = a + b, a + 1.0, a - 1.0
        c, d = 1.0, 1.0 - qab * x / qap
        d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
        h = d
        for m in range(1, 300):
            m2 = 2 * m
            aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
            c = 1.0 + aa / c if abs(1.0 + aa / c) > 1e-300 else 1e-300
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
            c = 1.0 + aa / c if abs(1.0 + aa / c) > 1e-300 else 1e-300
            delta = d * c
            h *= delta
            if abs(delta - 1.0) < 1e-15:
                break
        return h

    def ibeta(a, b, x):
        if x <= 0.0:
            return 0.0
        if x >= 1.0:
            return 1.0
        lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1.0 - x)
        if x < (a + 1.0) / (a + b + 2.0):
            return math.exp(lbt) * betacf(a, b, x) / a
        return 1.0 - math.exp(lbt) * betacf(b, a, 1.0 - x) / b

    def cdf(t):
        x = df / (df + t * t)
        tail = 0.5 * ibeta(df / 2.0, 0.5, x)
        return 1.0 - tail if t > 0 else tail

    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if cdf(mid) < q:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def fit(xs, ys):
    """OLS of ys on xs: intercept, slope, the slope's standard error and 95 % half-width."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    slope = sxy / sxx
    c = my - slope * mx
    rss = sum((y - c - slope * x) ** 2 for x, y in zip(xs, ys))
    se = math.sqrt(rss / (n - 2) / sxx) if n > 2 else float("nan")
    half = t_quantile(0.975, n - 2) * se if n > 2 else float("nan")
    return {"intercept": c, "slope": slope, "slope_se": se, "slope_ci95": [slope - half, slope + half], "points": n}


def side(row):
    # Every board is N x N with N qubits per row at reduction none: N = sqrt(qubits).
    return int(round(math.sqrt(int(row["qubits"]))))


# Where each schedule's sweeps are: own optimised angles (INTERP, step 2), the fixed linear
# ramp (step 6) and the transferred medians (step 7).
SCHEDULES = {"sweeps": "own", "fixed": "LR ramp", "transfer": "transfer"}
GROVER_SEARCH = "Grover search"
DEPTHS = [1, 5, 10, 20, 50]


def load():
    """Every (board, mixer, schedule, depth) with P(valid) > 0: the sweep CSVs of sweeps/,
    fixed/ and transfer/, and Grover search after k = p oracle calls (grover/*.json, at the
    depths of the fixed ramp, up to its optimal k) and at its optimal k (schedule "optimal k")."""
    rows = []
    for folder, schedule in SCHEDULES.items():
        for path in sorted(glob.glob(os.path.join(OUT, folder, "*", "sweep.csv"))):
            with open(path) as f:
                for r in csv.DictReader(f):
                    p_valid = float(r["p_valid"])
                    if p_valid <= 0.0:
                        continue
                    rows.append(
                        {
                            "board": os.path.basename(r["file"]),
                            "kind": r["puzzle"],
                            "n": side(r),
                            "space": r["space"],
                            "mixer": r["mixer"],
                            "schedule": schedule,
                            "dimension": float(r["dimension"]),
                            "p": int(r["p"]),
                            "p_valid": p_valid,
                            "seconds": float(r["seconds"]),
                        }
                    )
    for path in sorted(glob.glob(os.path.join(OUT, "grover", "*.json"))):
        with open(path) as f:
            g = json.load(f)
        base = {
            "board": os.path.basename(g["file"]),
            "kind": os.path.basename(g["file"]).split("-")[0],
            "n": int(round(math.sqrt(g["qubits"]))),
            "space": g["space"],
            "mixer": GROVER_SEARCH,
            "dimension": float(g["dimension"]),
            "seconds": 0.0,
        }
        by_k = {it["k"]: it["success_probability"] for it in g["iterations"]}
        # Past its optimal count Grover search's P(valid) turns back down and oscillates: a fit
        # over sizes takes the counts k up to the optimal one.
        for k in DEPTHS:
            if k in by_k and k <= g["optimal_iterations"]:
                rows.append(dict(base, schedule="k = p", p=k, p_valid=by_k[k]))
        rows.append(dict(base, schedule="optimal k", p=g["optimal_iterations"], p_valid=g["optimal_probability"]))
    return rows


def median(v):
    v = sorted(v)
    k = len(v)
    return v[k // 2] if k % 2 else 0.5 * (v[k // 2 - 1] + v[k // 2])


def replace_block(path, name, text):
    begin, end = f"<!-- generated by tools/scaling.py: {name} -->", "<!-- end generated -->"
    with open(path) as f:
        s = f.read()
    i = s.find(begin)
    if i < 0:
        sys.exit(f"{path}: no `{begin}` marker")
    j = s.find(end, i)
    write(path, s[: i + len(begin)] + "\n" + text + s[j:])


# `--check`: every file is compared with what would be written, nothing is written.
CHECK = "--check" in sys.argv[1:]
STALE = []


def write(path, text):
    if CHECK:
        with open(path) as f:
            if f.read() != text:
                STALE.append(os.path.relpath(path, ROOT))
        return
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


COLOURS = {"switch-ring": "#1f77b4", "switch-complete": "#2ca02c", "grover": "#d62728", "xy-ring": "#9467bd", "x": "#8c564b"}
# The space each mixer runs on here (the rest: rows+cols).
SPACE_OF = {"xy-ring": "rows", "x": "full"}
SEARCH_COLOUR = "#ff7f0e"


def figure(rows, fits, depth):
    """log2 P(valid) against N at one depth under the fixed linear ramp, one panel per puzzle
    kind: every board a dot, the fitted line per mixer, Grover search after as many oracle
    calls as layers, and the uniform baseline 1/N! of rows+cols. Drawn once as primitives,
    written as SVG and (with Pillow) as PNG."""
    series = [(m, c, "LR ramp") for m, c in COLOURS.items()] + [(GROVER_SEARCH, SEARCH_COLOUR, "k = p")]
    # Below the plot: the axis labels, then one legend line per series and the baseline's.
    PW, L, R, T = 430, 62, 12, 48
    B = 66 + 16 * (len(series) + 1)
    H = 390 + B
    kinds = [k for k in KINDS if any(r["kind"] == k for r in rows)]
    W = PW * len(kinds)
    pts_all = [r for r in rows if r["p"] == depth and r["schedule"] in ("LR ramp", "k = p")]
    ns = sorted({r["n"] for r in pts_all})
    ys = [math.log2(r["p_valid"]) for r in pts_all] + [-math.log2(math.factorial(n)) for n in ns]
    x0, x1 = ns[0] - 0.5, ns[-1] + 0.5
    y0, y1 = 2 * math.floor((min(ys) - 1) / 2), 0
    prims = []  # ("line", x1, y1, x2, y2, colour, width, dashed) | ("dot", x, y, colour) | ("text", x, y, s, anchor)
    prims.append(("text", W / 2, 18, f"P(valid) at p = {depth} against board side N: one fixed linear ramp per mixer, reduction none", "middle"))
    for panel, kind in enumerate(kinds):
        ox = panel * PW
        X = lambda x, ox=ox: ox + L + (x - x0) / (x1 - x0) * (PW - L - R)
        Y = lambda y: T + (y1 - y) / (y1 - y0) * (H - T - B)
        prims.append(("text", ox + (L + PW - R) / 2, T - 10, KINDS[kind], "middle"))
        for y in range(int(y0), int(y1) + 1, 2):
            prims.append(("line", ox + L, Y(y), ox + PW - R, Y(y), "#dddddd", 1, False))
            prims.append(("text", ox + L - 6, Y(y) + 4, f"2^{y}", "end"))
        for n in ns:
            prims.append(("text", X(n), H - B + 18, str(n), "middle"))
        prims.append(("text", ox + (L + PW - R) / 2, H - B + 36, "board side N", "middle"))
        for a, b, c, d in [(L, T, PW - R, T), (PW - R, T, PW - R, H - B), (PW - R, H - B, L, H - B), (L, H - B, L, T)]:
            prims.append(("line", ox + a, b, ox + c, d, "#000000", 1, False))
        kn = sorted({r["n"] for r in pts_all if r["kind"] == kind})
        for k, (mixer, colour, schedule) in enumerate(series):
            mine = [r for r in pts_all if r["kind"] == kind and r["mixer"] == mixer and r["schedule"] == schedule]
            if not mine:
                continue
            for r in mine:
                prims.append(("dot", X(r["n"]) + (k - 2) * 5, Y(math.log2(r["p_valid"])), colour))
            f = fits.get(f"{kind}|{mixer}|{mine[0]['space']}|{schedule}|{depth}")
            if f:
                a, b = f["vs_n"]["intercept"], f["vs_n"]["slope"]
                prims.append(("line", X(f["n_min"]), Y(a + b * f["n_min"]), X(f["n_max"]), Y(a + b * f["n_max"]), colour, 2, False))
        for n, m in zip(kn, kn[1:]):
            prims.append(("line", X(n), Y(-math.log2(math.factorial(n))), X(m), Y(-math.log2(math.factorial(m))), "#000000", 2, True))
        legend = []
        for mixer, colour, schedule in series:
            f = fits.get(f"{kind}|{mixer}|{SPACE_OF.get(mixer, 'rows+cols')}|{schedule}|{depth}")
            if f:
                space = f["space"]
                what = f"{mixer} on {space}" if mixer != GROVER_SEARCH else f"Grover search, k = {depth} calls"
                legend.append((colour, f"{what}: eta = {-f['vs_n']['slope']:.2f} (N {f['n_min']}-{f['n_max']})", False))
        legend.append(("#000000", "uniform on rows+cols, 1/N!", True))
        for i, (colour, text, dashed) in enumerate(legend):
            y = H - B + 58 + 16 * i
            prims.append(("line", ox + L, y, ox + L + 20, y, colour, 2, dashed))
            prims.append(("text", ox + L + 26, y + 4, text, "start"))
    prims.insert(1, ("text", 8, 36, "P(valid), log scale", "start"))
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="DejaVu Sans, sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>']
    for p in prims:
        if p[0] == "line":
            dash = ' stroke-dasharray="5,4"' if p[7] else ""
            svg.append(f'<line x1="{p[1]:.1f}" y1="{p[2]:.1f}" x2="{p[3]:.1f}" y2="{p[4]:.1f}" stroke="{p[5]}" stroke-width="{p[6]}"{dash}/>')
        elif p[0] == "dot":
            svg.append(f'<circle cx="{p[1]:.1f}" cy="{p[2]:.1f}" r="2.5" fill="{p[3]}" fill-opacity="0.6"/>')
        else:
            svg.append(f'<text x="{p[1]:.1f}" y="{p[2]:.1f}" text-anchor="{p[4]}">{p[3]}</text>')
    svg.append("</svg>")
    with open(os.path.join(OUT, "decay.svg"), "w") as f:
        f.write("\n".join(svg) + "\n")
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        print("Pillow is not installed: decay.png not drawn (decay.svg is)", file=sys.stderr)
        return
    img = Image.new("RGB", (W, H), "white")
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default(size=12)
    for p in prims:
        if p[0] == "line":
            if p[7]:
                n = max(1, int(math.hypot(p[3] - p[1], p[4] - p[2]) // 9))
                for k in range(n):
                    t0, t1 = k / n, (k + 5 / 9) / n
                    draw.line([(p[1] + (p[3] - p[1]) * t0, p[2] + (p[4] - p[2]) * t0), (p[1] + (p[3] - p[1]) * t1, p[2] + (p[4] - p[2]) * t1)], fill=p[5], width=p[6])
            else:
                draw.line([(p[1], p[2]), (p[3], p[4])], fill=p[5], width=p[6])
        elif p[0] == "dot":
            draw.ellipse([p[1] - 2.5, p[2] - 2.5, p[1] + 2.5, p[2] + 2.5], fill=p[3])
        else:
            anchor = {"middle": "ms", "end": "rs", "start": "ls"}[p[4]]
            draw.text((p[1], p[2]), p[3], fill="black", font=font, anchor=anchor)
    img.save(os.path.join(OUT, "decay.png"))


def switch_start(row, name, dimension):
    """Where a switch mixer started on an N x N Queens board's rows+cols space (docs/spaces.md):
    the row's `start` column, or in a CSV written before that column the start its circuit had,
    uniform where the space is all N! permutations (no cell fixed, a full permutation grid),
    else the first grid state: a fixed cell always removes permutations."""
    if row.get("start"):
        return row["start"]
    n = int(name.split("x")[0])
    return "uniform" if round(dimension) == math.factorial(n) else "first-grid"


# The reach table's angles, by the sweep CSV's `init`: own optimised angles, or a schedule.
ANGLES = {"lr": "LR ramp", "transfer": "transfer"}
# Transferred sweeps that count as reach too: switch-complete on the 11x11 Queens boards.
REACH_TRANSFER = "queens-11-rows+cols-switch-complete"


def reach_table():
    """Per board of results/scaling/reach/*/sweep.csv (and of the 11x11 transfer sweep):
    space, dimension, start, mixer, angles, P(valid) per depth and the sweep's seconds for all
    depths (optimisation included)."""
    out = ["| board | reduce | space | dimension | start | mixer | angles | p=1 | p=2 | p=3 | p=4 | p=5 | p=5 vs uniform | seconds (all depths) |",
           "| --- | --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    paths = sorted(glob.glob(os.path.join(OUT, "reach", "*", "sweep.csv")))
    paths += sorted(glob.glob(os.path.join(OUT, "transfer", REACH_TRANSFER, "sweep.csv")))
    for path in paths:
        by = {}
        with open(path) as f:
            for r in csv.DictReader(f):
                name = os.path.basename(r["file"]).removesuffix(".txt").removeprefix("queens-")
                start = switch_start(r, name, float(r["dimension"])) if r["mixer"].startswith("switch") else "uniform"
                angles = ANGLES.get(r["init"], "own")
                by.setdefault((r["file"], r["reduce"], r["space"], r["mixer"], start, angles), []).append(r)
        for (file, reduce, space, mixer, start, angles), rs in sorted(by.items()):
            rs.sort(key=lambda r: int(r["p"]))
            pv = {int(r["p"]): float(r["p_valid"]) for r in rs}
            last = rs[-1]
            ratio = float(last["p_valid"]) / float(last["uniform_baseline"])
            cells = " | ".join(f"{pv[p]:.3g}" if p in pv else "" for p in range(1, 6))
            secs = sum(float(r["seconds"]) for r in rs)
            name = os.path.basename(file).removesuffix(".txt").removeprefix("queens-")
            dimension = float(rs[0]["dimension"])
            times = f"{ratio:.0f}" if ratio >= 10 else f"{ratio:.2g}"  # below 1/D too
            out.append(f"| {name} | {reduce} | {space} | {dimension:.0f} | {start} | {mixer} | {angles} | {cells} | {times}× | {secs:.0f} |")
    return "\n".join(out) + "\n"


# The ramps come from the own-angle sweeps of these sizes (the N = 9 switch-complete sweeps,
# run later, are compared with them, not fed into them; the N = 4 sweeps, added later, are
# too small to say much of larger boards' angles). X on the full space runs to N = 5 only, so
# its ramp comes from the 5x5 boards.
RAMP_MIN_N, RAMP_MAX_N = 5, 8


def ramp(mixer, space, depth=5):
    """The linear ramp (LR-QAOA, docs/usage.md: γ_l = f_l·Δγ, β_l = −(1 − f_l)·Δβ, f_l = (l + ½)/p)
    nearest in least squares to the median, layer by layer, of the own optimised angles at
    depth `depth` in results/scaling/sweeps for this mixer and space: "DG,DB" for
    `sweep --schedule lr:DG,DB`."""
    gammas, betas = [], []
    for path in sorted(glob.glob(os.path.join(OUT, "sweeps", f"*-{space}-{mixer}", "sweep.csv"))):
        with open(path) as f:
            for r in csv.DictReader(f):
                if int(r["p"]) == depth and r["mixer"] == mixer and r["space"] == space and RAMP_MIN_N <= side(r) <= RAMP_MAX_N:
                    gammas.append([float(x) for x in r["gammas"].split()])
                    betas.append([float(x) for x in r["betas"].split()])
    if not gammas:
        sys.exit(f"no own-angle sweep of {mixer} on {space} at p = {depth} under results/scaling/sweeps")
    f = [(l + 0.5) / depth for l in range(depth)]
    mg = [median([g[l] for g in gammas]) for l in range(depth)]
    mb = [median([b[l] for b in betas]) for l in range(depth)]
    dg = sum(fl * g for fl, g in zip(f, mg)) / sum(fl * fl for fl in f)
    db = -sum((1 - fl) * b for fl, b in zip(f, mb)) / sum((1 - fl) ** 2 for fl in f)
    return f"{dg:.4f},{db:.4f}"


KINDS = {"queens": "Queens", "starbattle": "Star Battle (one star)"}
SCHEDULE_ORDER = ["LR ramp", "transfer", "own", "k = p"]
MIXER_ORDER = list(COLOURS) + [GROVER_SEARCH]


def groups(rows):
    """(kind, mixer, space, schedule, p) -> rows, in the tables' order; Grover search at its
    optimal k (a different k per size) is left to the medians table."""
    by = {}
    for r in rows:
        if r["schedule"] == "optimal k":
            continue
        by.setdefault((r["kind"], r["mixer"], r["space"], r["schedule"], r["p"]), []).append(r)
    order = lambda k: (list(KINDS).index(k[0]), SCHEDULE_ORDER.index(k[3]), MIXER_ORDER.index(k[1]), k[4])
    return {k: by[k] for k in sorted(by, key=order)}


def fits_of(rows):
    """Per group with at least 3 boards over at least 2 sizes: OLS of log2 P(valid) against
    log2 D and against N."""
    fits = {}
    for (kind, mixer, space, schedule, p), pts in groups(rows).items():
        if len(pts) < 3 or len({r["n"] for r in pts}) < 2:
            continue
        y = [math.log2(r["p_valid"]) for r in pts]
        ns = sorted({r["n"] for r in pts})
        fits[f"{kind}|{mixer}|{space}|{schedule}|{p}"] = {
            "kind": kind, "mixer": mixer, "space": space, "schedule": schedule, "p": p, "n_min": ns[0], "n_max": ns[-1],
            "vs_log2_dimension": fit([math.log2(r["dimension"]) for r in pts], y),
            "vs_n": fit([r["n"] for r in pts], y),
        }
    return fits


def ci(f, sign=1):
    lo, hi = sorted(sign * v for v in f["slope_ci95"])
    return f"{sign * f['slope']:.3f} ({lo:.3f}, {hi:.3f})"


def fits_table(fits):
    out = ["| puzzle | mixer (space) | schedule | p | boards | N | slope vs log2 D (95 % CI) | η: −slope vs N (95 % CI) |",
           "| --- | --- | --- | ---: | ---: | --- | --- | --- |"]
    for f in fits.values():
        d, n = f["vs_log2_dimension"], f["vs_n"]
        out.append(f"| {KINDS[f['kind']]} | {f['mixer']} ({f['space']}) | {f['schedule']} | {f['p']} | {n['points']} | "
                   f"{f['n_min']}–{f['n_max']} | {ci(d)} | {ci(n, -1)} |")
    return "\n".join(out) + "\n"


def medians_table(rows):
    ns = sorted({r["n"] for r in rows})
    out = ["| puzzle | mixer (space) | schedule | p | " + " | ".join(f"N={n}" for n in ns) + " |",
           "| --- | --- | --- | ---: |" + " ---: |" * len(ns)]
    for (kind, mixer, space, schedule, p), pts in groups(rows).items():
        cells = []
        for n in ns:
            v = [r["p_valid"] for r in pts if r["n"] == n]
            cells.append(f"{median(v):.3g} ({len(v)})" if v else "")
        out.append(f"| {KINDS[kind]} | {mixer} ({space}) | {schedule} | {p} | " + " | ".join(cells) + " |")
    for kind in KINDS:
        best = {}
        for r in rows:
            if r["kind"] == kind and r["schedule"] == "optimal k":
                best.setdefault(r["n"], r)
        if best:
            cells = [f"k = {best[n]['p']}: {best[n]['p_valid']:.3g}" if n in best else "" for n in ns]
            out.append(f"| {KINDS[kind]} | {GROVER_SEARCH} (rows+cols) | optimal k | k | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def bench_table():
    """results/scaling/bench/*.json (`quzzle bench --depth 1 --repeats 3 --json`): one
    evaluation and one gradient at p = 1 (the median of three), and the simulator's build."""
    out = ["| board | space | mixer | dimension | log2 D | s per evaluation (p = 1) | ns per state | s per gradient | build s |",
           "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for path in sorted(glob.glob(os.path.join(OUT, "bench", "*.json")), key=lambda p: json.load(open(p))["dimension"]):
        with open(path) as f:
            b = json.load(f)
        name = os.path.basename(path).removesuffix(".json")
        board = name[: name.index("-rows")].removeprefix("queens-")
        d = b["dimension"]
        out.append(f"| {board} | {b['space']} | {b['mixer']} | {d:.0f} | {math.log2(d):.2f} | {b['seconds']:.4f} | "
                   f"{b['seconds'] / d * 1e9:.0f} | {b['gradient_seconds']:.4f} | {b['precompute_seconds']:.1f} |")
    return "\n".join(out) + "\n"


def main():
    if sys.argv[1:2] == ["ramp"]:
        if len(sys.argv) != 4:
            sys.exit("usage: tools/scaling.py ramp MIXER SPACE")
        print(ramp(sys.argv[2], sys.argv[3]))
        return
    readme = os.path.join(OUT, "README.md")
    if glob.glob(os.path.join(OUT, "reach", "*", "sweep.csv")):
        replace_block(readme, "reach", reach_table())
    if glob.glob(os.path.join(OUT, "bench", "*.json")):
        replace_block(readme, "bench", bench_table())
    rows = load()
    if not rows:
        sys.exit("no sweep rows under results/scaling: run results/scaling/run.sh")
    fits = fits_of(rows)
    write(os.path.join(OUT, "fits.json"), json.dumps(fits, indent=1, sort_keys=True) + "\n")
    ramps = ["| mixer (space) | Δγ | Δβ | from |", "| --- | ---: | ---: | --- |"]
    for mixer in COLOURS:
        space = SPACE_OF.get(mixer, "rows+cols")
        own = [r for r in rows if r["schedule"] == "own" and r["mixer"] == mixer and r["p"] == 5 and RAMP_MIN_N <= r["n"] <= RAMP_MAX_N]
        if own:
            dg, db = ramp(mixer, space).split(",")
            ns = sorted({r["n"] for r in own})
            ramps.append(f"| {mixer} ({space}) | {dg} | {db} | p = 5 own angles, {len(own)} Queens boards N = {ns[0]}{'' if len(ns) == 1 else f'–{ns[-1]}'} |")
    replace_block(readme, "ramps", "\n".join(ramps) + "\n")
    replace_block(readme, "fits", fits_table(fits))
    replace_block(readme, "medians", medians_table(rows))
    if not CHECK:
        figure(rows, fits, max(DEPTHS))
    head = fits.get(f"queens|switch-complete|rows+cols|LR ramp|{max(DEPTHS)}")
    if head:
        f = head["vs_n"]
        line = (
            f"Queens N = {head['n_min']}–{head['n_max']}, switch-complete on rows+cols, one fixed linear ramp (nothing optimised) "
            f"at p = {head['p']}: P(valid) ≈ 2^(−ηN + c) with η = {-f['slope']:.3f} (95 % CI {-f['slope_ci95'][1]:.3f}–"
            f"{-f['slope_ci95'][0]:.3f}, {f['points']} boards; [results/scaling](results/scaling/README.md)).\n"
        )
        replace_block(os.path.join(ROOT, "README.md"), "scaling", line)
    if STALE:
        sys.exit("tools/scaling.py --check: out of date (run python3 tools/scaling.py): " + ", ".join(STALE))


if __name__ == "__main__":
    main()
