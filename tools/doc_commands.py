#!/usr/bin/env python3
"""Check the commands the documentation shows (standard library only; nothing is run).

Every `quzzle ...` and `cargo run --release [--example X] -- ...` line in a fenced code block
of README.md and docs/*.md must run from a fresh clone: each file or folder it reads must be
in the repository (tracked, or new and not ignored), unless an earlier block of the same page
writes it (`-o`, `--out`, `--qasm`, `> FILE`, `mkdir -p`, Python's `open(..., "w")`).
Placeholders in upper case (`FILE`, `OUT.json`, `SHARD_DIR...`) mark a synopsis and are not
paths. Where a built binary (target/release/quzzle or target/debug/quzzle) is newer than the
command line's source, each subcommand and each flag must also appear in `quzzle CMD --help`.

Python blocks' `quzzle.load("PATH")` must name a file of the repository too. And a fenced
block right after a line that names one shipped file and ends with a colon
(docs/formats.md: "`tests/data/tiny-tango-4x4.txt`:") must be that file's text.

Exit status 0 when every check passes, 1 with one line per problem otherwise.
Usage: python3 tools/doc_commands.py [--root DIR] [--binary PATH]
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

# Flags whose value is a path the command writes.
OUTPUT_FLAGS = {"-o", "--out", "--qasm"}
# Extensions that make a bare word a file argument.
FILE_EXTENSIONS = (".txt", ".json", ".csv", ".qasm", ".svg", ".png", ".md", ".yaml", ".sh", ".py", ".toml")
COMMAND = re.compile(r"^(quzzle|cargo run)(?=\s|$)")  # not `quzzle.solve(` in Python
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*(\.\.\.)?$")


def pages(root):
    out = [os.path.join(root, "README.md")]
    docs = os.path.join(root, "docs")
    out += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    return out


def blocks(text):
    """Fenced code blocks as (language, first line number, lines, the text line before)."""
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        fence = lines[i].strip()
        if fence.startswith("```"):
            lang, start, body = fence[3:].strip(), i + 2, []
            before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                body.append(lines[i])
                i += 1
            out.append((lang, start, body, before))
        i += 1
    return out


def commands(body, start):
    """The command lines of a block, continuations joined, as (line number, text)."""
    out, i = [], 0
    while i < len(body):
        number, line = start + i, body[i].strip()
        while line.endswith("\\") and i + 1 < len(body):
            i += 1
            line = line[:-1] + " " + body[i].strip()
        line = re.sub(r"^\$\s+", "", line)
        for part in re.split(r"\s(?:&&|;|\|)\s", line):
            if COMMAND.match(part.strip()):
                out.append((number, part.strip()))
        i += 1
    return out


def words(text):
    try:
        return shlex.split(text, comments=True)
    except ValueError:
        return text.split("#")[0].split()


def is_placeholder(token):
    stem = os.path.basename(token.rstrip("/"))
    stem = stem.split(".")[0] if not stem.startswith(".") else stem
    return bool(PLACEHOLDER.match(stem)) or any(c in token for c in "{}*$<>")


def looks_like_path(token):
    if token.startswith("-") or "://" in token or re.match(r"^[\d.,:+/-]+$", token):
        return False
    return "/" in token or token.endswith(FILE_EXTENSIONS)


def clean(token):
    """A token without the brackets, parentheses and ellipses of a synopsis."""
    return token.strip("[]()").rstrip(".").rstrip(",") if token.endswith("...") else token.strip("[]()")


class Repository:
    def __init__(self, root):
        self.root = root
        self.files = None
        try:
            listed = subprocess.run(
                ["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split("\n")
            deleted = subprocess.run(
                ["git", "-C", root, "ls-files", "--deleted"], capture_output=True, text=True, check=True
            ).stdout.split("\n")
            self.files = set(f for f in listed if f) - set(f for f in deleted if f)
            self.dirs = set()
            for f in self.files:
                parts = f.split("/")
                for k in range(1, len(parts)):
                    self.dirs.add("/".join(parts[:k]))
        except (OSError, subprocess.CalledProcessError):
            pass

    def has(self, path):
        path = os.path.normpath(path).replace(os.sep, "/")
        if self.files is None:
            return os.path.exists(os.path.join(self.root, path))
        return path in self.files or path in self.dirs


class Binary:
    """`quzzle CMD --help` of a built binary newer than the command line's source, if any."""

    def __init__(self, root, forced=None):
        self.path, self.helps = None, {}
        sources = [os.path.join(root, "src", "main.rs")]
        cli = os.path.join(root, "src", "cli")
        if os.path.isdir(cli):
            sources += [os.path.join(cli, f) for f in os.listdir(cli)]
        newest = max((os.path.getmtime(s) for s in sources if os.path.exists(s)), default=0)
        for profile in ("release", "debug") if forced is None else ():
            candidate = os.path.join(root, "target", profile, "quzzle")
            if os.path.exists(candidate) and os.path.getmtime(candidate) >= newest:
                self.path = candidate
                break
        if forced is not None:
            self.path = forced
        self.subcommands = set()
        if self.path:
            top = self.help([])
            if top is None:
                self.path = None
            else:
                section = top.split("Commands:", 1)[-1].split("Options:", 1)[0]
                self.subcommands = set(re.findall(r"^\s{2}([a-z][a-z0-9-]*)\s", section, re.M))

    def help(self, args):
        key = tuple(args)
        if key not in self.helps:
            try:
                run = subprocess.run([self.path] + args + ["--help"], capture_output=True, text=True, timeout=20)
                self.helps[key] = run.stdout if run.returncode == 0 else None
            except (OSError, subprocess.TimeoutExpired):
                self.helps[key] = None
        return self.helps[key]

    def flags(self, sub):
        text = self.help([sub])
        if text is None:
            return None
        return set(re.findall(r"(?<![\w-])(--[a-z0-9][a-z0-9-]*|-[a-zA-Z])\b", text)) | {"--help", "-h"}


def written_paths(lang, body):
    """Paths a block writes: output flags' values, redirects, mkdir -p, Python's open(..., "w")."""
    out = []
    text = "\n".join(body)
    out += re.findall(r"open\(\s*[\"']([^\"']+)[\"']\s*,\s*[\"'][wa]b?[\"']", text)
    for line in body:
        toks = words(line)
        for k, t in enumerate(toks):
            if t in OUTPUT_FLAGS | {">", ">>"} and k + 1 < len(toks):
                out.append(toks[k + 1])
            elif t.startswith(">") and len(t) > 1 and t[1] != ">":
                out.append(t[1:])
        if toks[:2] == ["mkdir", "-p"]:
            out += toks[2:]
        if toks[:1] in (["cp"], ["mv"]) and len(toks) > 2:
            out.append(toks[-1])
    return out


def under(path, produced):
    path = os.path.normpath(path)
    return any(path == p or path.startswith(p + os.sep) for p in produced)


def produce(path, produced):
    path = os.path.normpath(path)
    produced.add(path)
    parent = os.path.dirname(path)
    if parent:
        produced.add(parent)


def check_page(page, root, repo, binary, problems, counts):
    rel = os.path.relpath(page, root)
    text = open(page, encoding="utf-8").read()
    produced = set()
    for lang, start, body, before in blocks(text):
        shown = re.fullmatch(r"`([^`\s]+)`[^`]*:", before.strip())
        if shown and lang == "" and looks_like_path(shown.group(1)):
            target = os.path.join(root, shown.group(1))
            counts["shown"] += 1
            if not os.path.isfile(target):
                problems.append(f"{rel}:{start - 1}: `{shown.group(1)}` is shown but not in the repository")
            elif open(target, encoding="utf-8").read().rstrip("\n") != "\n".join(body).rstrip("\n"):
                problems.append(f"{rel}:{start}: the block is not the text of {shown.group(1)}")
        for number, command in commands(body, start):
            for path in written_paths(lang, body[: number - start]):
                if not is_placeholder(path) and "://" not in path:
                    produce(path, produced)
            counts["commands"] += 1
            toks = [clean(t) for t in words(command)]
            toks = [t for t in toks if t]
            if toks[:2] == ["cargo", "run"]:
                if "--example" in toks:
                    name = toks[toks.index("--example") + 1]
                    if not repo.has(f"examples/{name}.rs") and not repo.has(f"examples/{name}/main.rs"):
                        problems.append(f"{rel}:{number}: example `{name}` is not in examples/")
                if "--" not in toks or "--example" in toks:
                    continue
                toks = ["quzzle"] + toks[toks.index("--") + 1 :]
            args = toks[1:]
            sub = args[0] if args and not args[0].startswith("-") else None
            if binary.path and sub:
                if sub not in binary.subcommands:
                    problems.append(f"{rel}:{number}: `quzzle {sub}`: no such subcommand")
                else:
                    known = binary.flags(sub)
                    for t in args[1:]:
                        for alt in t.split("|"):
                            flag = clean(alt).split("=", 1)[0]
                            if re.fullmatch(r"--?[a-zA-Z][a-z0-9-]*", flag) and known is not None and flag not in known:
                                problems.append(f"{rel}:{number}: `quzzle {sub}` has no flag {flag}")
            outputs = set()
            for k, t in enumerate(args):
                if k > 0 and args[k - 1] in OUTPUT_FLAGS | {">", ">>"}:
                    outputs.add(k)
            for k, t in enumerate(args):
                for alt in t.split("|"):
                    alt = clean(alt)
                    if not alt or not looks_like_path(alt) or is_placeholder(alt):
                        continue
                    if k in outputs:
                        continue
                    counts["paths"] += 1
                    if under(alt, produced) or repo.has(alt):
                        continue
                    problems.append(
                        f"{rel}:{number}: `{alt}` is not in the repository (nor written by an earlier command of the page)"
                    )
            for k in outputs:
                if not is_placeholder(args[k]):
                    produce(args[k], produced)
        if lang == "python":
            for path in re.findall(r"quzzle\.load\(\s*[\"']([^\"']+)[\"']", "\n".join(body)):
                counts["paths"] += 1
                if not (under(path, produced) or repo.has(path)):
                    problems.append(f"{rel}:{start}: quzzle.load(\"{path}\"): not in the repository")
        for path in written_paths(lang, body):
            if not is_placeholder(path) and "://" not in path:
                produce(path, produced)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--binary", help="check flags against this binary, however old")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    repo, binary = Repository(root), Binary(root, args.binary)
    problems, counts = [], {"commands": 0, "paths": 0, "shown": 0}
    for page in pages(root):
        check_page(page, root, repo, binary, problems, counts)
    for p in problems:
        print(p)
    flags = f"flags checked against {os.path.relpath(binary.path, root)}" if binary.path else "flags not checked (no binary newer than src/cli)"
    print(
        f"doc commands: {counts['commands']} commands, {counts['paths']} file arguments, "
        f"{counts['shown']} shown files; {flags}; {len(problems)} problem(s)"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
