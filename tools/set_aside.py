#!/usr/bin/env python3
"""Refuse tracked set-aside folders and staging folders.

`quzzle qasm --depths ... -o DIR --overwrite` (and `--rerun` of docs/hardware/run_experiment.py)
keep what they replace beside it: a folder `DIR.replaced-<seconds>`, a counts file
`pNN.counts.replaced-<date>.json`, and, while writing, a staging folder `.DIR.PID.tmp`. They
are a run's leftovers, not results: this check fails when `git ls-files` lists any of them.

    python3 tools/set_aside.py            # exit 1, naming each, when one is tracked
    python3 tools/set_aside.py --test     # the check's own test on made-up listings
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Iterable, List

ROOT = Path(__file__).resolve().parent.parent
# A path component that is a set-aside folder or file, or a staging folder.
SET_ASIDE = re.compile(r"(^|/)([^/]+\.replaced-[0-9][^/]*|\.[^/]+\.[0-9]+\.tmp)(/|$)")


def set_aside(paths: Iterable[str]) -> List[str]:
    """The set-aside folders or files among `paths` (each listed once, in order)."""
    found: List[str] = []
    for path in paths:
        m = SET_ASIDE.search(path)
        if m:
            name = path[: m.end(2)]
            if name not in found:
                found.append(name)
    return found


def self_test() -> None:
    listing = [
        "results/hardware/tango-6x6-seed20/p01.json",
        "results/hardware/tango-6x6-seed20.replaced-1795737596/p01.json",
        "results/hardware/tango-6x6-seed20.replaced-1795737596/p02.json",
        "results/hardware/x/p01.counts.replaced-20260101T000000Z.json",
        "results/.exp.1234.tmp/p01.json",
        "docs/replaced.md",
        "src/files.rs",
    ]
    assert set_aside(listing) == [
        "results/hardware/tango-6x6-seed20.replaced-1795737596",
        "results/hardware/x/p01.counts.replaced-20260101T000000Z.json",
        "results/.exp.1234.tmp",
    ], set_aside(listing)
    assert set_aside(["results/hardware/README.md"]) == []
    print("set_aside.py: self-test passed")


def main() -> int:
    if sys.argv[1:] == ["--test"]:
        self_test()
        return 0
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    found = set_aside(files.splitlines())
    if found:
        for name in found:
            print(f"tracked set-aside file or folder (a replaced run, not a result): {name}", file=sys.stderr)
        print("remove them with `git rm -r`", file=sys.stderr)
        return 1
    print("set_aside.py: no set-aside folder is tracked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
