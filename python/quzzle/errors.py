"""The exceptions quzzle raises. Every one is a :class:`QuzzleError`; its message is the
library's own (the command line prints the same text). The class follows the error's kind, the
rule the command line's exit code follows too (docs/ARCHITECTURE.md, "Errors"):
:class:`InvalidArgument` for the input (exit 2), :class:`Unmet` for a request without an answer
and :class:`ResourceError` for more than the machine or the budget gives (exit 1),
:class:`InternalError` for a bug (exit 3); Ctrl-C raises ``KeyboardInterrupt`` (exit 130)."""

from __future__ import annotations

from typing import Optional


class QuzzleError(Exception):
    """Base of every quzzle error."""


class InvalidArgument(QuzzleError, ValueError):
    """An argument outside its domain (a depth of 0, an unknown mixer, angles of the wrong
    length, a space and mixer that do not go together, ...) or an input that cannot be read."""


class ParseError(InvalidArgument):
    """A puzzle, manifest, report or counts document that cannot be read.

    ``file`` names the document (``None`` when unknown); ``line`` is the 1-based line of a
    puzzle file (0 for the file as a whole), ``None`` for JSON documents.
    """

    file: Optional[str] = None
    line: Optional[int] = None


class ResourceError(QuzzleError):
    """More than this machine or the budget gives: memory, qubits, time, an output that cannot
    be written."""


class DoesNotFit(ResourceError, MemoryError):
    """A state (or diagonal) that would not fit in memory, refused before allocating."""


class Unmet(QuzzleError):
    """A well-formed request without an answer: no solution, no qubits left to run, an
    optimiser that did not converge."""


class Unsatisfiable(Unmet):
    """The puzzle has no solution: its givens contradict its rules."""


class InternalError(QuzzleError):
    """A bug in quzzle, not in its input: please report it with what was run."""
