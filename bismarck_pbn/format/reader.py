"""Reading BPN text into :class:`~bismarck_pbn.model.deal.Deal` objects, one deal at a time.

The path of the data: bytes → lines (``split.decode_lines``) → one chunk of text per
deal (``split.split_lines``) → lark's LALR parser with a transformer that builds the
model as it parses, no parse tree (``builder.py``) → tag values read (``values.py``) →
:class:`Deal` (``deal_reader.py``). Every token keeps its absolute line, column and offset.
This module holds the public entry points: :class:`Reader`, :func:`read_deals`,
:func:`read_deal`, :func:`load`, :func:`parse`, :func:`read_file`.

The reader knows nothing of the rules: it reports syntax (BPN001–003), duplicate,
malformed and unknown tags (BPN102–104) in :attr:`Deal.problems` and leaves the rest
to the validator. Nothing is dropped: a deal that does not parse still comes out, with
its tags found by a plain scan, so the deals after it are read and the session around
it is still checked.

Complexity: linear in the size of the input; memory is one deal at a time.
"""

from __future__ import annotations

import io
import weakref
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import BinaryIO, TextIO

from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.format.deal_reader import DealReader
from bismarck_pbn.format.encoding import SNIFF, sniff_text
from bismarck_pbn.format.split import decode_lines, split_lines
from bismarck_pbn.format.visitor import ReadVisitor
from bismarck_pbn.model.deal import Deal

__all__ = ["DealReader", "Reader", "iter_lines", "lf_lines", "load", "parse", "read_deal", "read_deals",
           "read_file", "reader_of"]


def iter_lines(source: BinaryIO | TextIO | Iterable[bytes],
               encoding: str = "utf-8") -> Iterator[tuple[str, Diagnostic | None]]:
    """Decoded lines of a binary or text file object (see ``split.decode_lines``).
    A text stream is read with ``readline``, so that ``tell()`` keeps working between
    deals; one that does not hold text (NUL bytes: ``encoding.sniff_text``) gives one
    empty line with its BPN003, as bytes would."""
    if not isinstance(source, io.TextIOBase):
        yield from decode_lines(source, encoding)  # type: ignore[arg-type]  # binary: lines of bytes
        return
    start = _tell(source)
    lines = iter(source.readline, "")
    head: list[str] = []
    size = 0
    for line in lines:
        head.append(line)
        size += len(line)
        if size >= SNIFF:
            break
    if head:
        head[0] = head[0][1:] if head[0].startswith("\ufeff") else head[0]
    problem = sniff_text("".join(head))
    if problem is not None:
        yield "", problem
        return
    if start is not None and head:  # read the sniffed lines again: the handle then stands after each deal
        first = head[0]
        source.seek(start)  # type: ignore[arg-type]  # an opaque cookie from tell()
        source.readline()
        head = [first]
        lines = iter(source.readline, "")  # (the first one may have met the end)
    for line in chain(head, lines):
        yield line, None


class Reader:
    """Reads deals from one file object, one at a time, like python-chess's
    ``read_game``: numbering and inherited session tags carry from one deal to the
    next, and the handle is left just after the deal read. Iterate it, or call
    :meth:`read_deal`. A :class:`~bismarck_pbn.format.visitor.ReadVisitor` steers what
    is read (skip a deal, read its headers only)."""

    def __init__(self, source: BinaryIO | TextIO, *, encoding: str = "utf-8",
                 visitor: ReadVisitor | None = None) -> None:
        self.source = source
        self.visitor = visitor
        self._deals = DealReader()
        self._chunks = split_lines(iter_lines(source, encoding))
        self.position: object = None
        """Where the handle stood after the last deal read (``tell()``), if it can tell."""

    def read_deal(self, visitor: ReadVisitor | None = None) -> Deal | None:
        """The next deal (comment blocks between deals included, as deals with no tags),
        or None at the end. O(size of the deal)."""
        visitor = visitor or self.visitor
        for chunk in self._chunks:
            if visitor is None:
                deal = self._deals.read_chunk(chunk)
            else:
                deal = self._deals.read_visited(chunk, visitor)
            if deal is not None:
                self.position = _tell(self.source)
                if visitor is not None:
                    visitor.end_deal(deal)
                return deal
        self.position = _tell(self.source)
        return None

    def __iter__(self) -> Iterator[Deal]:
        while (deal := self.read_deal()) is not None:
            yield deal


def _tell(source: object) -> object:
    try:
        return source.tell() if source.seekable() else None  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return None


_READING: weakref.WeakKeyDictionary[object, Reader] = weakref.WeakKeyDictionary()


def reader_of(source: BinaryIO | TextIO, encoding: str = "utf-8") -> Reader:
    """The :class:`Reader` that goes on reading ``source`` where the last call stopped: one
    per handle, kept while the handle lives. A handle moved since (``seek``) gets a new
    one, which numbers deals from 1 and inherits no session tags (as a fresh read)."""
    try:
        reader = _READING.get(source)
    except TypeError:  # not weakly referable: each call reads afresh
        return Reader(source, encoding=encoding)
    if reader is None or (reader.position is not None and _tell(source) != reader.position):
        reader = _READING[source] = Reader(source, encoding=encoding)
    return reader


def read_deals(source: BinaryIO | TextIO, *, encoding: str = "utf-8",
               visitor: ReadVisitor | None = None) -> Iterator[Deal]:
    """Read deals one at a time from a file object (binary is best: it lets the reader
    report invalid bytes with their offset), going on where :func:`read_deal` stopped
    on the same handle. Comment blocks between deals come out as deals with no tags
    (:attr:`Deal.number` 0). O(size) time, O(one deal) memory."""
    reader = reader_of(source, encoding)
    while (deal := reader.read_deal(visitor)) is not None:
        yield deal


def read_deal(source: BinaryIO | TextIO, *, visitor: ReadVisitor | None = None,
              encoding: str = "utf-8") -> Deal | None:
    """The next deal of a file object, or None at its end (python-chess style).

    Called again on the same handle it goes on where it stopped: deals are numbered on
    and a deal that leaves out a session tag inherits it from the one before, as when
    reading the whole file. The handle stands just after the deal (after the lines
    before it for a text stream); seeking elsewhere starts a fresh read. Comment
    blocks between deals come out as deals with no tags. ``visitor`` steers reading:
    see :class:`~bismarck_pbn.format.visitor.ReadVisitor`."""
    return reader_of(source, encoding).read_deal(visitor)


def load(source: BinaryIO | TextIO, *, encoding: str = "utf-8") -> list[Deal]:
    """Every deal of a file object (the companion of :func:`bismarck_pbn.format.writer.dump`)."""
    return list(read_deals(source, encoding=encoding))


def parse(text: str, *, visitor: ReadVisitor | None = None) -> list[Deal]:
    """All deals in ``text``. Offsets in the model are offsets into ``text``."""
    start = 1 if text.startswith("\ufeff") else 0  # offsets stay offsets into `text`
    reader = DealReader()
    out = []
    problem = sniff_text(text[start:])
    lines = [("", problem)] if problem is not None else ((line, None) for line in lf_lines(text[start:]))
    for chunk in split_lines(lines, start):
        deal = reader.read_chunk(chunk) if visitor is None else reader.read_visited(chunk, visitor)
        if deal is not None:
            if visitor is not None:
                visitor.end_deal(deal)
            out.append(deal)
    return out


def lf_lines(text: str) -> Iterator[str]:
    """Lines of ``text`` split at LF only (as lark counts them), ends kept."""
    start = 0
    n = len(text)
    while start < n:
        end = text.find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start : end + 1]
        start = end + 1


def read_file(path: str | Path, *, encoding: str = "utf-8", visitor: ReadVisitor | None = None) -> Iterator[Deal]:
    """Deals of the file at ``path``, read lazily (the file stays open while iterating)."""
    with open(path, "rb") as fp:
        yield from Reader(fp, encoding=encoding, visitor=visitor)
