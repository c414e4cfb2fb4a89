#!/usr/bin/env python3
"""The module import graph of src/, by stage: cycles, and edges that point from a lower stage
to a higher one. Prints every such edge with the file and line that makes it; exits 1 on a
cycle between top-level modules.

    python3 tools/import_graph.py
"""
import pathlib
import re
import sys

# Stages in the order of their imports; a module may use its own stage and earlier ones. The
# constraint model comes before the puzzles because it is the language they compile to.
STAGES = [
    ["error", "bits", "rng", "angles", "mixer"],
    ["model"],
    ["puzzle"],
    ["cost"],
    ["circuit"],
    ["encoding"],
    ["sim"],
    ["qaoa"],
    ["experiment"],
    ["export", "plot"],
    ["cli"],
]
RANK = {m: i for i, s in enumerate(STAGES) for m in s}
ROOT = pathlib.Path(__file__).resolve().parent.parent / "src"


def top_module(path: pathlib.Path) -> str:
    rel = path.relative_to(ROOT)
    return rel.parts[0].removesuffix(".rs") if len(rel.parts) > 1 or rel.name not in ("lib.rs", "main.rs") else ""


def main() -> int:
    edges = {}
    for path in sorted(ROOT.rglob("*.rs")):
        src = top_module(path)
        if not src:
            continue
        in_tests = False
        for no, line in enumerate(path.read_text().splitlines(), 1):
            if line.startswith("#[cfg(test)]"):
                in_tests = True
            if in_tests or line.lstrip().startswith("//"):
                continue
            prefix = "quzzle" if src == "cli" else "crate"
            for m in re.finditer(rf"\b{prefix}::(\w+)", line):
                dst = m.group(1)
                if dst in RANK and dst != src:
                    edges.setdefault((src, dst), []).append(f"{path.relative_to(ROOT.parent)}:{no}")
    # Cycles between top-level modules (depth-first search).
    graph = {}
    for (a, b) in edges:
        graph.setdefault(a, set()).add(b)
    cycles = []
    state = {}

    def visit(node, stack):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt] if nxt in stack else [node, nxt])
            elif not state.get(nxt):
                visit(nxt, stack + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if not state.get(node):
            visit(node, [node])
    upward = {e: w for e, w in edges.items() if RANK[e[1]] > RANK[e[0]]}
    print(f"{len(edges)} edges between top-level modules")
    for (a, b), where in sorted(upward.items()):
        print(f"upward: {a} -> {b}: {', '.join(where)}")
    for c in cycles:
        print("cycle: " + " -> ".join(c))
    if not upward:
        print("no upward edges")
    if not cycles:
        print("no cycles")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
