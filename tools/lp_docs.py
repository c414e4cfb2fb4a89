#!/usr/bin/env python3
"""Write the detection tables of docs/lp.md from `quzzle info` (standard library only).

Each line `<!-- lp_docs: info PATH -->` of docs/lp.md is followed by a fenced `text` block;
the block becomes the LP lines of `quzzle info PATH`: from `LP model:` to the last constraint
of the detection table. With --check nothing is written, and the exit status is 1 when a block
differs from what the binary prints (CI runs it after building the release binary).

    python3 tools/lp_docs.py [--check] [--binary target/release/quzzle]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "lp.md")
MARKER = re.compile(r"^<!-- lp_docs: info (\S+) -->$")


def table(binary: str, path: str) -> list[str]:
    """The LP lines of `quzzle info PATH`: the model line, the header, one line per constraint."""
    out = subprocess.run([binary, "info", path], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    lines = out.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("LP model:"))
    end = start + 2
    while end < len(lines) and not lines[end].startswith("qubits by reduction"):
        end += 1
    return lines[start:end]


def rebuild(binary: str, text: str) -> str:
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        out.append(lines[i])
        m = MARKER.match(lines[i])
        i += 1
        if not m:
            continue
        if i >= len(lines) or lines[i] != "```text":
            raise SystemExit(f"docs/lp.md: the marker for {m.group(1)} is not followed by ```text")
        close = lines.index("```", i + 1)
        out.append("```text")
        out.extend(table(binary, m.group(1)))
        out.append("```")
        i = close + 1
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when a table differs; write nothing")
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "quzzle"))
    args = ap.parse_args()
    with open(PAGE, encoding="utf-8") as f:
        old = f.read()
    new = rebuild(args.binary, old)
    if args.check:
        if new != old:
            print("docs/lp.md: a detection table differs from `quzzle info` (run python3 tools/lp_docs.py)")
            return 1
        return 0
    if new != old:
        # Written whole: a temporary file beside the page, then renamed over it.
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(PAGE), suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(new)
        os.replace(tmp, PAGE)
        print("wrote docs/lp.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
