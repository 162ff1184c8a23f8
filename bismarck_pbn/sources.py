"""Where input comes from: a file or standard input, read whole and decoded strictly,
or read as a stream of deals; either way what the bytes are (UTF-8, UTF-16/32, not
text) is told by ``format.encoding.sniff``.

Shared by the command line and the interactive views, which never import each other.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, NamedTuple

from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.format.encoding import SNIFF, byte_place, is_not_text, sniff
from bismarck_pbn.format.writer import UNWRITABLE
from bismarck_pbn.model.deal import Deal

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


def is_stream(path: Path) -> bool:
    """Whether ``path`` is a named pipe or a character device (``<(cat x.bpn)``, which
    the shell passes as ``/dev/fd/N``; ``/dev/stdin``): input a command can read once,
    from start to end, but not rewrite in place or read again. O(1)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)


def readable(path: Path) -> bool:
    """Whether a command that reads its input once can read ``path``: a regular file or
    a stream (:func:`is_stream`); not a directory, a socket or a block device."""
    return path.is_file() or is_stream(path)


class ReadFailure(Exception):
    """A source that cannot be used; the message says why, the code is the exit status."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


class Decoded(NamedTuple):
    """A source read whole: its text, the bytes it came from, and a warning about how it
    was decoded (BPN004 for UTF-16/32), located in the source."""

    text: str
    data: bytes
    warning: Diagnostic | None


JSON_SUFFIXES = (".json", ".jsonl", ".ndjson")
"""The names of what ``bpn convert`` writes, which only validate and convert read."""


def bpn_only(path: Path) -> None:
    """A :class:`ReadFailure` (exit 2) for a JSON or JSON Lines file (told by its name)
    given to a command that reads BPN only: read as BPN it has "no deals"."""
    if path.suffix.lower() in JSON_SUFFIXES:
        raise ReadFailure(f"{path} is JSON (what bpn convert writes); this command reads BPN: "
                          f"bpn convert {path} --to bpn -o NEW.bpn converts it back")


def input_path(name: str, rewritten: bool = False) -> Path:
    """The path of a command's input ``name`` (a file, not ``-``), once it is known to
    be one the command can use; otherwise a :class:`ReadFailure` (exit 2): no such
    file, not a regular file (a pipe is one for a command that reads its input once,
    :func:`readable`, but not for one that ``rewritten`` it), or JSON (:func:`bpn_only`)."""
    path = Path(name)
    if not (path.is_file() if rewritten else readable(path)):
        raise ReadFailure(f"{name}: {'not a regular file' if path.exists() else 'no such file or directory'}")
    bpn_only(path)
    return path


def read_source(source: Source, encoding: str) -> Decoded:
    """The whole text of a source, decoded strictly (so that writing it back loses
    nothing), as :func:`bismarck_pbn.format.encoding.sniff` says to read it: a file that
    is not text, or not valid in its encoding, is a :class:`ReadFailure` (exit 1) with
    its one BPN003 line; an unknown encoding is one too (exit 2)."""
    try:
        if source.path is None:
            data = sys.stdin.buffer.read()
        else:
            bpn_only(source.path)
            data = source.path.read_bytes()
    except OSError as exc:
        raise ReadFailure(f"{source.name}: cannot read: {exc.strerror or exc}") from None
    try:
        found = sniff(data[: SNIFF + 4], encoding)
    except LookupError:
        raise ReadFailure(f"unknown encoding {encoding!r}") from None
    if not found.is_text:
        assert found.problem is not None  # what is not text has its problem
        raise ReadFailure(str(found.problem.at(source.name)), 1)
    body = data[found.bom:] if found.wide else data  # (a UTF-8 mark is left for the reader, which drops one)
    try:
        text = body.decode(found.encoding)
    except UnicodeDecodeError as e:
        start = e.start + len(data) - len(body)
        line, column = byte_place(body, e.start, found.encoding)
        raise ReadFailure(f"{source.name}:{line}:{column}: BPN003 error: not valid {found.encoding.upper()} at "
                          f"byte offset {start}; nothing was written (try --encoding latin-1)", 1) from None
    warning = found.problem.at(source.name) if found.problem is not None else None
    return Decoded(text, data, warning)


def utf8_text(data: bytes, name: str) -> str:
    """The text of a file that is to be added to (a deal appended): strictly UTF-8
    text, decoded as it is. Otherwise a :class:`ReadFailure` (exit 2) whose message is
    the one BPN003 line, ``name:line:col: BPN003 error: ...``, of a file that is not
    text or of its first byte that is not UTF-8. O(size)."""
    found = sniff(data[: SNIFF + 4])
    if not found.is_text:
        assert found.problem is not None  # what is not text has its problem
        raise ReadFailure(str(found.problem.at(name)), 2)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, column = byte_place(data, e.start)
        raise ReadFailure(f"{name}:{line}:{column}: BPN003 error: not valid UTF-8 at byte offset {e.start} "
                          f"(byte 0x{data[e.start]:02x})", 2) from None


def read_text(source: Source, encoding: str) -> tuple[str, bytes]:
    """The text and bytes of :func:`read_source`, for callers that need no warning."""
    return read_source(source, encoding)[:2]


def text_deals(deals: Iterable[Deal], name: str) -> Iterator[Deal]:
    """Deals read from a stream, passed through; a source that is not text stops them
    with a :class:`ReadFailure` (exit 1) carrying its one BPN003 line, so that every
    command says the same thing about a binary file."""
    for deal in deals:
        if deal.number == 0 and deal.problems and is_not_text(deal.problems[0]):
            raise ReadFailure(str(deal.problems[0].at(name)), 1)
        yield deal


def syntax_problems(deals) -> list:
    """The problems that stop a file being written back (see UNWRITABLE)."""
    return [p for d in deals for p in d.problems if p.code in UNWRITABLE]
