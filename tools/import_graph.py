#!/usr/bin/env python3
"""The layer check: the import graph of src/ between top-level modules, by stage.

The top-level modules are read from src/lib.rs (and src/main.rs for the command line), so a
new module is seen without editing this file; each must have a stage in STAGES below. A module
may import from its own stage and the stages before it. The check fails (exit 1) on

- a circle between top-level modules (a strongly connected component of more than one),
- an upward edge (from a stage to a later one) that UPWARD_ALLOWED does not cover,
- a circle between the files of one folder, at any depth (`experiment/solve` <->
  `experiment/sweep`, `sim/kernels/axis/layer` <-> `sim/kernels/axis/outer`), that
  FOLDER_CIRCLES_ALLOWED does not list,
- an entry of either list that no longer occurs (the lists say what is there),
- a top-level module without a stage, or a stage entry that is no module,
- a climb to lib.rs: a library file naming one of lib.rs's re-exports (`crate::Result`: import
  it from its module, `crate::error::Result`), or a macro defined in lib.rs (define it in the
  module of its stage and import it), so that every edge names the module it reaches.

Imports are the paths the code names: `use` trees (groups and nesting expanded) and inline
paths (`crate::sim::check_memory(..)`), resolved from `crate::`, `super::`, `self::` and, in
the command line, `quzzle::`; names re-exported by lib.rs (`quzzle::Error`, in the command line) count as
their module. Comments, string literals and `#[cfg(test)]` items are skipped: tests may reach up.

    python3 tools/import_graph.py             # summary, exit 0 or 1
    python3 tools/import_graph.py --edges     # also every edge with where it is made
    python3 tools/import_graph.py --src DIR   # check another tree (the checker's own test)
"""
import argparse
import functools
import pathlib
import re
import sys

# Stages in the order the data flows; a module may use its own stage and the ones before it.
# The constraint model comes before the puzzles because it is the language they compile to;
# `simulation` is the floor that resolves (encoding, space, mixer, route) into a simulator,
# so `noise`, `experiment` and `export` above it ask it rather than decide themselves.
STAGES = [
    ("foundation", ["error", "bits", "rng", "angles", "mixer", "budget", "files", "checked", "units", "names"]),
    ("model", ["model"]),
    ("puzzle", ["puzzle"]),
    ("cost", ["cost"]),
    ("circuit", ["circuit"]),
    ("encoding", ["encoding"]),
    ("sim", ["sim"]),
    ("qaoa", ["qaoa"]),
    ("simulation", ["simulation"]),
    ("noise", ["noise"]),
    ("experiment", ["experiment"]),
    ("export and plot", ["export", "plot"]),
    ("request", ["request"]),
    ("cli", ["cli"]),
]

# Upward edges that stay, each with its reason: (the files making it, by module path prefix,
# the module they reach up to). Any other file making the same edge still fails.
UPWARD_ALLOWED = {
    ("puzzle/generate", "cost"): "the Star Battle generator (`generate starbattle --method qubo`) "
    "anneals the region QUBO (`cost::pubo`) to make regions: a generator built on a QUBO, not a "
    "puzzle that compiles to one",
    ("encoding/space", "sim"): "a block space's size is judged by the simulator's own rule "
    "(`sim::AMPLITUDE_BYTES`, `sim::MAX_QUBITS`, `sim::available_memory`), so that `info` says it "
    "fits exactly when the simulators take it",
}

# Circles between the files of one folder that stay, each with its reason: (folder, files).
FOLDER_CIRCLES_ALLOWED = {
    ("model", ("engine", "reduce")): "one algorithm in two files: `reduce` holds the levels and "
    "the result types (`Level`, `Lit`, `Reduced`) and drives the propagation engine, which "
    "applies a level's rules and builds the `Reduced`",
}

PATH_ROOTS = ("crate", "super", "self", "quzzle")

# `#[cfg(test)]` and `#[cfg(all(test, ..))]`.
TEST_CFG = r"#\[cfg\((?:all\()?test\b[^\]]*\]"


# What strip_code blanks: a line comment, the start of a block comment, the start of a raw
# string, a string, a char literal (not a lifetime: `'a` has no closing quote).
LITERAL = re.compile(r"""//[^\n]*|/\*|\bb?r(#*)"|"(?:\\.|[^"\\])*"|'(?:\\.|\\u\{[0-9a-fA-F]+\}|[^\\'])'""", re.S)


def blank(text):
    """`text` with everything but newlines turned into spaces."""
    return re.sub(r"[^\n]", " ", text)


def strip_code(text):
    """The text with comments, string and char literals blanked (newlines kept, so line numbers
    still hold)."""
    out, pos = [], 0
    while (m := LITERAL.search(text, pos)) is not None:
        out.append(text[pos : m.start()])
        end = m.end()
        if m.group(0) == "/*":
            depth = 1
            while depth and end < len(text):
                if text.startswith("/*", end):
                    depth, end = depth + 1, end + 2
                elif text.startswith("*/", end):
                    depth, end = depth - 1, end + 2
                else:
                    end += 1
        elif m.group(1) is not None:
            close = text.find('"' + m.group(1), end)
            end = len(text) if close < 0 else close + 1 + len(m.group(1))
        out.append(blank(text[m.start() : end]))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def blank_test_items(code):
    """`code` with every item under `#[cfg(test)]` blanked (a `mod tests { .. }`, a `use`, a
    `fn`): the attribute up to the end of its item's braces, or its `;`."""
    out = list(code)
    for m in re.finditer(TEST_CFG, code):
        j, depth = m.end(), 0
        while j < len(code):
            ch = code[j]
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    j += 1
                    break
            elif ch == ";" and depth == 0:
                j += 1
                break
            j += 1
        for k in range(m.start(), j):
            if out[k] != "\n":
                out[k] = " "
    return "".join(out)


def use_paths(tree):
    """The paths of a `use` tree as (segments, alias): `a::{b, c::{d, e as f}}` gives
    ([a, b], None), ([a, c, d], None), ([a, c, e], f)."""
    tree = tree.strip()
    brace = tree.find("{")
    if brace < 0:
        m = re.fullmatch(r"(.*?)(?:\s+as\s+(\w+))?", tree, re.S)
        segs = [s for s in re.sub(r"\s+", "", m.group(1)).split("::") if s]
        return [(segs, m.group(2))] if segs else []
    prefix = re.sub(r"\s+", "", tree[:brace]).removesuffix("::")
    inner = tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(inner):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(inner[start:k])
            start = k + 1
    parts.append(inner[start:])
    head = [s for s in prefix.split("::") if s]
    return [(head + segs, alias) for part in parts for segs, alias in use_paths(part)]


class Crate:
    """One crate of the package: its root file, top-level modules and re-exported names."""

    def __init__(self, root_file, name):
        self.name = name
        code = strip_code(root_file.read_text()) if root_file.exists() else ""
        self.modules = re.findall(r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", code, re.M)
        # `pub use a::b::C;` at the root: `crate::C` is module `a`.
        self.reexports = {}
        for m in re.finditer(r"\bpub\s+use\s+([^;]+);", code):
            for segs, alias in use_paths(m.group(1)):
                if segs and segs[0] == "crate":
                    segs = segs[1:]
                if len(segs) >= 2 and segs[0] in self.modules:
                    self.reexports[alias or segs[-1]] = segs[0]


@functools.cache
def subs(src, folder):
    """The files (submodules) of a folder, given as a module path (`model`, `sim/kernels/axis`):
    `name.rs`, `name/mod.rs`, and `name/` beside `name.rs`."""
    d = src / folder
    return (
        {p.stem for p in d.glob("*.rs") if p.name != "mod.rs"}
        | {p.parent.name for p in d.glob("*/mod.rs")}
        | {p.name for p in d.iterdir() if p.is_dir() and (d / f"{p.name}.rs").is_file()}
        if d.is_dir()
        else set()
    )


@functools.cache
def folder_names(src, folder):
    """The names a folder's module file (`folder/mod.rs`, or `folder.rs` beside it) imports from
    its own files (`pub use reduce::Level;`, `use self::reduce::Lit;`): what its files reach as
    `super::Name`."""
    mod = next((m for m in (src / folder / "mod.rs", src / f"{folder}.rs") if m.is_file()), None)
    if mod is None:
        return {}
    files, names = subs(src, folder), {}
    for m in re.finditer(r"\buse\s+([^;]+);", blank_test_items(strip_code(mod.read_text()))):
        for segs, alias in use_paths(m.group(1)):
            segs = segs[1:] if segs[:1] == ["self"] else segs
            if len(segs) >= 2 and segs[0] in files and segs[-1] != "*":
                names[alias or segs[-1]] = segs[0]
    return names


def module_path(rel):
    """`experiment/sweep/mod.rs` -> ['experiment', 'sweep']; `mixer.rs` -> ['mixer']."""
    parts = list(rel.parts)
    parts[-1] = parts[-1].removesuffix(".rs")
    if parts[-1] == "mod":
        parts.pop()
    return parts


def resolve(segs, here, crate):
    """The (crate, absolute module path) that `segs` names from module `here`, or None when the
    path leaves the package or is not a module path."""
    if not segs or segs[0] not in PATH_ROOTS:
        return None
    if segs[0] == "quzzle":
        return ("lib", segs[1:]) if crate.name == "bin" else None
    if segs[0] == "crate":
        return (crate.name, segs[1:])
    base, k = list(here), 0
    if segs[0] == "self":
        k = 1
    while k < len(segs) and segs[k] == "super":
        if not base:
            return None
        base.pop()
        k += 1
    return (crate.name, base + segs[k:])


def collect(src):
    """Every file-level import of `src`: a list of (file, line, from path, to crate, to path)."""
    lib = Crate(src / "lib.rs", "lib")
    binary = Crate(src / "main.rs", "bin")
    found = []
    # Files that are test modules (`#[cfg(test)] mod name;`).
    test_files = set()
    for path in src.rglob("*.rs"):
        code = strip_code(path.read_text())
        for m in re.finditer(TEST_CFG + r"\s*mod\s+(\w+)\s*;", code):
            folder = path.parent if path.name in ("mod.rs", "lib.rs", "main.rs") else path.with_suffix("")
            test_files |= {folder / f"{m.group(1)}.rs", folder / m.group(1) / "mod.rs"}
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        if (rel.name in ("lib.rs", "main.rs") and len(rel.parts) == 1) or path in test_files:
            continue
        here = module_path(rel)
        crate = binary if here[0] in binary.modules else lib
        code = blank_test_items(strip_code(path.read_text()))
        spans = []
        for m in re.finditer(r"\buse\s+((?:crate|super|self|quzzle)\b[^;]*);", code):
            line = code.count("\n", 0, m.start()) + 1
            for segs, _ in use_paths(m.group(1)):
                spans.append((line, segs))
            code = code[: m.start()] + blank(m.group(0)) + code[m.end() :]
        for m in re.finditer(r"(?<![\w:])((?:crate|super|self|quzzle)(?:::\w+)+)", code):
            line = code.count("\n", 0, m.start()) + 1
            spans.append((line, m.group(1).split("::")))
        for line, segs in spans:
            target = resolve(segs, here, crate)
            if target and target[1]:
                found.append((rel, line, here, target[0], target[1]))
    return lib, binary, found


def circles(graph):
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def short_cycles(graph, comp):
    """For each node of the component, a shortest cycle through it, each cycle once (rotated to
    start at its smallest node): the circles to show, smallest first."""
    found = {}
    for v in sorted(comp):
        prev, queue = {}, [v]
        while queue and v not in prev:
            nxt = []
            for a in queue:
                for b in sorted(graph.get(a, ())):
                    if b in comp and b not in prev:
                        prev[b] = a
                        nxt.append(b)
            queue = nxt
        path, node = [v], prev[v]
        while node != v:
            path.append(node)
            node = prev[node]
        path.reverse()
        start = path.index(min(path))
        cycle = tuple(path[start:] + path[:start])
        found.setdefault(cycle, None)
    return sorted(found, key=lambda c: (len(c), c))


def where(places, most=3):
    """The first places of an edge (`src/file.rs:line`), without repeats."""
    places = list(dict.fromkeys(p for _, p in places))
    shown = ", ".join(places[:most])
    return shown + (f" (+{len(places) - most} more)" if len(places) > most else "")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parent.parent / "src")
    ap.add_argument("--edges", action="store_true", help="print every edge between top-level modules")
    args = ap.parse_args(argv)
    src = args.src.resolve()
    if not (src / "lib.rs").is_file():
        print(f"error: {src / 'lib.rs'} not found", file=sys.stderr)
        return 1
    lib, binary, found = collect(src)
    problems = []

    rank = {m: i for i, (_, mods) in enumerate(STAGES) for m in mods}
    modules = lib.modules + [m for m in binary.modules if m not in lib.modules]
    for m in modules:
        if m not in rank:
            problems.append(
                f"module `{m}` (declared in src/lib.rs or src/main.rs) has no stage: add it to STAGES in "
                "tools/import_graph.py"
            )
    for m in rank:
        if m not in modules:
            problems.append(f"STAGES lists `{m}`, which src/lib.rs and src/main.rs do not declare")

    # Climbs to lib.rs: its re-exports are for the library's users, its macros none.
    for m in re.finditer(r"\bmacro_rules!\s*(\w+)", strip_code((src / "lib.rs").read_text())):
        problems.append(f"src/lib.rs defines the macro `{m.group(1)}`: define it in the module of its stage and import it")
    for rel, line, here, crate, target in found:
        if crate == "lib" and here[0] in lib.modules and target[0] in lib.reexports and target[0] not in lib.modules:
            problems.append(
                f"src/{rel.as_posix()}:{line} climbs to lib.rs for `crate::{target[0]}`: import it from its module "
                f"(`crate::{lib.reexports[target[0]]}::...`)"
            )

    # Edges between top-level modules, and between the files of one folder.
    edges, inner = {}, {}
    for rel, line, here, crate, target in found:
        top = target[0]
        if crate == "lib" and top not in lib.modules:
            top = lib.reexports.get(top)
        elif crate == "bin" and top not in binary.modules:
            top = None
        if top is None:
            continue
        place = (here, f"src/{rel.as_posix()}:{line}")
        if top != here[0]:
            edges.setdefault((here[0], top), []).append(place)
        else:
            # Inside one top-level module: an edge between two files of the deepest folder both
            # lie in (`sim/kernels/axis`: chunks -> squares), the target named directly or
            # through a name the folder's module file imports. The module file itself (the
            # folder's own `mod.rs`) makes no edge between its files.
            target = [top] + target[1:]
            depth = 0
            while depth < min(len(here), len(target)) and here[depth] == target[depth]:
                depth += 1
            if 0 < depth < len(here) and depth < len(target):
                folder = "/".join(here[:depth])
                name = target[depth]
                sub = name if name in subs(src, folder) else folder_names(src, folder).get(name)
                if sub and sub != here[depth]:
                    inner.setdefault(folder, {}).setdefault((here[depth], sub), []).append(place)

    print("stages (a module imports from its own stage and those above it in this list):")
    for i, (name, mods) in enumerate(STAGES):
        print(f"  {i + 1:2}. {name}: {', '.join(mods)}")
    print(f"{len(edges)} edges between {len(modules)} top-level modules")
    if args.edges:
        for (a, b), places in sorted(edges.items()):
            print(f"  {a} -> {b}: {where(places)}")

    def allowed_by(here, b):
        return next((k for k in UPWARD_ALLOWED if k[1] == b and "/".join(here + [""]).startswith(k[0] + "/")), None)

    upward = {e: p for e, p in edges.items() if e[0] in rank and e[1] in rank and rank[e[1]] > rank[e[0]]}
    used = set()
    print(f"upward edges: {len(upward)}")
    for (a, b), places in sorted(upward.items()):
        keys = [allowed_by(here, b) for here, _ in places]
        used |= {k for k in keys if k}
        for key in dict.fromkeys(k for k in keys if k):
            print(f"  allowed: {key[0]} -> {b} ({where([p for p, k in zip(places, keys) if k == key])})")
            print(f"    because {UPWARD_ALLOWED[key]}")
        stray = [p for p, k in zip(places, keys) if not k]
        if stray:
            print(f"  NOT ALLOWED: {a} -> {b} ({where(stray)})")
            problems.append(
                f"upward edge {a} -> {b} ({where(stray)}): import downward, move the code, or add it to "
                "UPWARD_ALLOWED with a reason"
            )
    for key in sorted(set(UPWARD_ALLOWED) - used):
        problems.append(f"UPWARD_ALLOWED lists {key[0]} -> {key[1]}, which no file makes any more: remove the entry")

    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    top_circles = circles(graph)
    for comp in top_circles:
        cycles = short_cycles(graph, comp)
        shown = [
            " -> ".join(c + (c[0],))
            + " ("
            + "; ".join(f"{a} -> {b}: {where(edges[(a, b)], 1)}" for a, b in zip(c, c[1:] + (c[0],)))
            + ")"
            for c in cycles[:6]
        ]
        more = f"; +{len(cycles) - 6} more" if len(cycles) > 6 else ""
        problems.append(f"circle between {', '.join(comp)}: " + "; ".join(shown) + more)
    print(f"circles between top-level modules: {len(top_circles)}")

    folder_circles = []
    for folder, fedges in sorted(inner.items()):
        g = {}
        for a, b in fedges:
            g.setdefault(a, set()).add(b)
        folder_circles += [(folder, fedges, comp) for comp in circles(g)]
    print(f"circles between the files of one folder: {len(folder_circles)}")
    found_inner = set()
    for folder, fedges, comp in folder_circles:
        key = (folder, tuple(comp))
        found_inner.add(key)
        inside = "; ".join(
            f"{a} -> {b} ({where(p, 2)})" for (a, b), p in sorted(fedges.items()) if a in comp and b in comp
        )
        if key in FOLDER_CIRCLES_ALLOWED:
            print(f"  allowed: circle in {folder}/ between {', '.join(comp)}: {inside}")
            print(f"    because {FOLDER_CIRCLES_ALLOWED[key]}")
        else:
            problems.append(f"circle in {folder}/ between {', '.join(comp)}: {inside}")
    for folder, comp in sorted(set(FOLDER_CIRCLES_ALLOWED) - found_inner):
        problems.append(
            f"FOLDER_CIRCLES_ALLOWED lists {folder}/ {', '.join(comp)}, which is no circle any more: remove the entry"
        )

    if problems:
        print(f"\nFAILED ({len(problems)}):")
        for p in problems:
            print(f"  - {p}")
        return 1
    print("ok: no circle between top-level modules; every upward edge and folder circle listed with its reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
