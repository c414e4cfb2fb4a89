"""The exceptions quzzle raises. Every one is a :class:`QuzzleError`; its message is the
library's own (the command line prints the same text)."""

from __future__ import annotations

from typing import Optional


class QuzzleError(Exception):
    """Base of every quzzle error."""


class ParseError(QuzzleError):
    """A puzzle, manifest, report or counts document that cannot be read.

    ``file`` names the document (``None`` when unknown); ``line`` is the 1-based line of a
    puzzle file (0 for the file as a whole), ``None`` for JSON documents.
    """

    file: Optional[str] = None
    line: Optional[int] = None


class DoesNotFit(QuzzleError, MemoryError):
    """A state (or diagonal) that would not fit in memory, refused before allocating."""


class Unsatisfiable(QuzzleError):
    """The puzzle has no solution: its givens contradict its rules."""


class InvalidArgument(QuzzleError, ValueError):
    """An argument outside its domain (a depth of 0, an unknown mixer, angles of the wrong
    length, ...)."""
