"""Where input comes from: a file or standard input, read whole and decoded strictly.

Shared by the command line and the interactive views, which never import each other.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from bismarck_pbn.format.writer import UNWRITABLE

STDIN = "-"


@dataclass(frozen=True)
class Source:
    """One input: a file, or standard input (``name`` ``<stdin>``)."""

    name: str
    path: Path | None

    def open(self) -> BinaryIO:
        if self.path is None:
            return sys.stdin.buffer
        return open(self.path, "rb")


class ReadFailure(Exception):
    """A source that cannot be used; the message says why, the code is the exit status."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def read_text(source: Source, encoding: str) -> tuple[str, bytes]:
    """The whole text of a source, decoded strictly (so that writing it back loses
    nothing), and the raw bytes it came from."""
    try:
        if source.path is None:
            data = sys.stdin.buffer.read()
        else:
            data = source.path.read_bytes()
    except OSError as exc:
        raise ReadFailure(f"{source.name}: cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise ReadFailure(f"{source.name}:{line}: BPN003 error: not valid {encoding.upper()} at byte "
                          f"offset {e.start}; nothing was written (try --encoding latin-1)", 1) from None
    except LookupError:
        raise ReadFailure(f"unknown encoding {encoding!r}") from None
    return text, data  # (a byte-order mark is left for the reader, which drops one)


def syntax_problems(deals) -> list:
    """The problems that stop a file being written back (see UNWRITABLE)."""
    return [p for d in deals for p in d.problems if p.code in UNWRITABLE]
