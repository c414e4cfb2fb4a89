#!/usr/bin/env python3
"""The layer check's own test: tools/import_graph.py passes on src/ and fails, naming the edge,
on copies of src/ with one bad import injected (upward in each way a path can be written, a
circle, a circle inside a folder and one two folders down, a climb to lib.rs, an upward edge from a file the allow-list does not name, a
module without a stage, a stale allow-list entry); comments, strings and test code never count.

    python3 tools/test_import_graph.py
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile

TOOLS = pathlib.Path(__file__).resolve().parent
SRC = TOOLS.parent / "src"


def check(src):
    """(exit code, output) of the checker on `src`."""
    run = subprocess.run(
        [sys.executable, str(TOOLS / "import_graph.py"), "--src", str(src)],
        capture_output=True,
        text=True,
    )
    return run.returncode, run.stdout + run.stderr


def append(path, text):
    with open(path, "a") as f:
        f.write(text)


def replace(path, old, new):
    text = path.read_text()
    assert old in text, f"{path}: `{old}` not found (the test's anchor moved)"
    path.write_text(text.replace(old, new))


# (name, mutation of the copied src/, expected exit code, text the output must hold)
CASES = [
    (
        "upward use",
        lambda s: append(s / "bits.rs", "\nuse crate::experiment::solve::SolveReport;\n"),
        1,
        "NOT ALLOWED: bits -> experiment (src/bits.rs:",
    ),
    (
        "upward in a multi-line use group",
        lambda s: append(s / "mixer.rs", "\nuse crate::{\n    error::Error,\n    qaoa::Objective,\n};\n"),
        1,
        "NOT ALLOWED: mixer -> qaoa",
    ),
    (
        "upward inline path",
        lambda s: append(s / "model" / "mod.rs", "\npub fn most() -> usize {\n    crate::sim::MAX_QUBITS\n}\n"),
        1,
        "NOT ALLOWED: model -> sim",
    ),
    (
        "upward through super::super",
        lambda s: append(s / "cost" / "qubo.rs", "\nuse super::super::encoding::Encoding;\n"),
        1,
        "NOT ALLOWED: cost -> encoding",
    ),
    (
        "upward through a name lib.rs re-exports",
        lambda s: append(s / "rng.rs", "\nuse crate::SolveSettings;\n"),
        1,
        "NOT ALLOWED: rng -> experiment",
    ),
    (
        "circle between top-level modules",
        lambda s: append(s / "sim" / "mod.rs", "\nuse crate::qaoa::Objective;\n"),
        1,
        "circle between encoding, qaoa, sim",
    ),
    (
        "allowed edge from a file the allow-list does not name",
        lambda s: append(s / "puzzle" / "queens.rs", "\nuse crate::cost::pubo::Pubo;\n"),
        1,
        "NOT ALLOWED: puzzle -> cost (src/puzzle/queens.rs:",
    ),
    (
        "circle inside a folder",
        lambda s: append(s / "cli" / "args.rs", "\nuse super::landscape::run;\n"),
        1,
        "circle in cli/ between args, landscape",
    ),
    (
        "circle two folders down",
        lambda s: append(s / "sim" / "kernels" / "axis" / "squares.rs", "\nuse super::chunks::forward_chunks;\n"),
        1,
        "circle in sim/kernels/axis/ between chunks, squares",
    ),
    (
        "a climb to lib.rs for a re-exported name",
        lambda s: append(s / "cost" / "qubo.rs", "\nuse crate::Result;\n"),
        1,
        "climbs to lib.rs for `crate::Result`: import it from its module (`crate::error::...`)",
    ),
    (
        "a macro defined in lib.rs",
        lambda s: append(s / "lib.rs", "\nmacro_rules! twice {\n    ($x:expr) => {\n        2 * $x\n    };\n}\n"),
        1,
        "src/lib.rs defines the macro `twice`",
    ),
    (
        "module without a stage",
        lambda s: (append(s / "lib.rs", "\npub mod extra;\n"), (s / "extra.rs").write_text("//! More.\n")),
        1,
        "module `extra` (declared in src/lib.rs or src/main.rs) has no stage",
    ),
    (
        "stale allow-list entry",
        lambda s: replace(s / "puzzle" / "generate" / "regions.rs", "use crate::cost::pubo::Pubo;", ""),
        1,
        "UPWARD_ALLOWED lists puzzle/generate -> cost, which no file makes any more",
    ),
    (
        "comments, strings and test code are no imports",
        lambda s: append(
            s / "bits.rs",
            "\n// use crate::experiment::solve;\n/* crate::plot::FigureSize */\n"
            'const NOTE: &str = "crate::export::qasm and \\" crate::noise";\n'
            'const RAW: &str = r#"use crate::experiment::sweep;"#;\n'
            "#[cfg(test)]\nmod upward_tests {\n    use crate::experiment::solve::solve;\n"
            "    fn f() {\n        let _ = crate::qaoa::optimize::Init::Ramp;\n    }\n}\n",
        ),
        0,
        "ok: no circle",
    ),
]


def main():
    failures = []
    code, out = check(SRC)
    if code != 0:
        failures.append(f"src/ itself: exit {code}\n{out}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, mutate, want_code, want_text in CASES:
            src = pathlib.Path(tmp) / "src"
            shutil.rmtree(src, ignore_errors=True)
            shutil.copytree(SRC, src)
            mutate(src)
            code, out = check(src)
            if code != want_code or want_text not in out:
                failures.append(f"{name}: exit {code} (want {want_code}), `{want_text}` not in output:\n{out}")
            else:
                print(f"ok: {name}")
    if failures:
        for f in failures:
            print(f"FAILED: {f}")
        return 1
    print(f"import_graph.py: {len(CASES)} injected cases and src/ itself as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
