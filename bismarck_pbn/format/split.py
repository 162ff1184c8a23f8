"""Splitting a file into deals, line by line, before any parsing.

Deals are separated by empty lines; an empty line inside a ``{…}`` comment does not
separate. The splitter reads one line at a time and holds only the current deal, so
memory stays flat however long the file. It also decodes bytes, reporting invalid
UTF-8 (BPN003) with its byte offset and carrying on with the bad bytes replaced, so
one bad byte never hides the rest of the file.

A ``{`` that is never closed would swallow the rest of the file into one deal; when
the end of the file is reached inside a comment, the deal is cut at the first empty
line after the ``{`` (the reader reports BPN002 there) and the lines after it are
split again as usual. Only in that error case are lines held beyond one deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from bismarck_pbn.diagnostics import Diagnostic, diag
from bismarck_pbn.format import syntax

_SIGNIFICANT = syntax.STRING_OR_BRACE
_TAG_START = syntax.TAG_START


class Chunk(NamedTuple):
    """The text of one deal and where it starts in the file."""

    text: str
    line: int
    """Line number of the chunk's first line, from 1."""
    offset: int
    """Character offset of the chunk's first character."""
    problems: tuple[Diagnostic, ...]
    """Decoding problems found in its lines."""


def _brace_state(line: str, in_brace: bool) -> bool:
    """Whether a brace comment is open at the end of ``line``. O(len(line))."""
    if not in_brace and "{" not in line:
        return False
    pos = 0
    n = len(line)
    while pos < n:
        if in_brace:
            close = line.find("}", pos)
            if close < 0:
                return True
            in_brace = False
            pos = close + 1
            continue
        m = _SIGNIFICANT.search(line, pos)
        if m is None:
            return False
        tok = m.group()
        if tok == ";":
            return False
        if tok == "{":
            in_brace = True
        pos = m.end()
    return in_brace


def decode_lines(raw_lines: Iterable[bytes], encoding: str = "utf-8") -> Iterator[tuple[str, Diagnostic | None]]:
    """Decode a binary file line by line. Invalid bytes become U+FFFD and yield a
    BPN003 diagnostic with the byte offset of the first bad byte. A UTF-8 byte-order
    mark at the start is dropped."""
    offset = 0
    first = True
    for number, raw in enumerate(raw_lines, 1):
        if first:
            first = False
            if raw.startswith(b"\xef\xbb\xbf") and encoding.replace("-", "").lower() in ("utf8", "utf8sig"):
                raw = raw[3:]
                offset = 3
        try:
            yield raw.decode(encoding), None
        except UnicodeDecodeError as e:
            column = len(raw[: e.start].decode(encoding, "replace")) + 1
            problem = diag(
                "BPN003",
                f"the file is not valid {encoding.upper()} at byte offset {offset + e.start} "
                f"(byte 0x{raw[e.start]:02x}); the bad bytes are read as \ufffd",
                number, column)
            yield raw.decode(encoding, "replace"), problem
        offset += len(raw)


def split_lines(lines: Iterable[tuple[str, Diagnostic | None]], offset: int = 0) -> Iterator[Chunk]:
    """Group decoded lines into deals. Lines keep their line ends; ``offset`` is where
    the first line starts in the text (1 after a byte-order mark). O(total length).

    A ``{`` comment that runs over an empty line is taken as never closed when the
    file ends inside it, or when a line after the empty line starts a tag pair: the
    deal is then cut at that empty line (the parser reports BPN002) and the lines after
    it are split again, so one missing ``}`` never hides the deals after it."""
    pending: list[tuple[str, Diagnostic | None]] = []  # lines given back, last first
    source = iter(lines)
    line_no = 0
    no_close_after: int | None = None  # once known: no line after this one has a `}`
    while True:
        kept: list[tuple[str, Diagnostic | None]] = []
        start_line = line_no + 1
        start_offset = offset
        in_brace = False
        brace_cut: int | None = None  # index in kept of the first empty line inside a comment
        cut = False
        exhausted = False
        while True:
            if pending:
                text, problem = pending.pop()
            else:
                try:
                    text, problem = next(source)
                except StopIteration:
                    exhausted = True
                    break
            line_no += 1
            offset += len(text)
            if "\r" in text:
                body = text[:-2] if text.endswith("\r\n") else text.rstrip("\n")
                cr = body.find("\r")
                if cr >= 0 and problem is None:
                    problem = diag("BPN001", "a bare carriage return (CR without LF) ends a line here: BPN "
                                   "lines end with LF or CRLF; convert the file's line ends first",
                                   line_no, cr + 1)
            if not in_brace:
                # the common case: outside any comment
                if text.isspace() or not text:
                    if kept:
                        break
                    if problem is not None:
                        yield Chunk("", line_no, offset - len(text), (problem,))
                    start_line = line_no + 1
                    start_offset = offset
                    continue
                kept.append((text, problem))
                if "{" in text and text[0] != "%":
                    in_brace = _brace_state(text, False)
                continue
            blank = text.isspace() or not text
            if brace_cut is not None and _TAG_START.match(text):
                kept.append((text, problem))
                cut = True
                break
            if blank and no_close_after is not None and line_no > no_close_after:
                # No `}` follows anywhere: this comment is unclosed; cut at this empty line
                # rather than read to the end of the file again (which made many unclosed
                # comments quadratic).
                if brace_cut is None:
                    brace_cut = len(kept)
                kept.append((text, problem))
                cut = True
                break
            if blank and brace_cut is None:
                brace_cut = len(kept)
            kept.append((text, problem))
            in_brace = _brace_state(text, True)
        if (cut or (exhausted and in_brace)) and brace_cut is not None:
            rest = kept[brace_cut:]
            if exhausted and not cut:
                closing = [i for i, (t, _) in enumerate(rest) if "}" in t]
                first_rest_line = line_no - len(rest) + 1
                no_close_after = first_rest_line + closing[-1] if closing else first_rest_line - 1
            kept = kept[:brace_cut]
            line_no -= len(rest)
            offset -= sum(len(t) for t, _ in rest)
            pending.extend(reversed(rest))
            exhausted = False
        if kept:
            yield Chunk("".join(t for t, _ in kept), start_line, start_offset,
                        tuple(p for _, p in kept if p is not None))
        if exhausted and not pending:
            return
