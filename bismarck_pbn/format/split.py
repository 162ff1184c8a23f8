"""Splitting a file into deals, line by line, before any parsing.

Deals are separated by empty lines; an empty line inside a ``{…}`` comment does not
separate. The splitter reads one line at a time and holds only the current deal, so
memory stays flat however long the file. It also decodes bytes, reporting invalid
UTF-8 (BPN003) with its byte offset and carrying on with the bad bytes replaced, so
one bad byte never hides the rest of the file; what the file is (UTF-8, UTF-16/32
with a byte-order mark, or not text at all) is told by ``encoding.sniff`` first.

A ``{`` that is never closed would swallow the rest of the file into one deal; when
the end of the file is reached inside a comment, the deal is cut at the first empty
line after the ``{`` (the reader reports BPN002 there) and the lines after it are
split again as usual. Only in that error case are lines held beyond one deal.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import NamedTuple

from bismarck_pbn.diagnostics import Diagnostic, diag
from bismarck_pbn.format import syntax
from bismarck_pbn.format.encoding import SNIFF, Sniffed, sniff

_SIGNIFICANT = syntax.STRING_OR_BRACE
_TAG_START = syntax.TAG_START
_TAG_NAME = re.compile(rf'\[[ \t]*({syntax.TAG_NAME})[ \t]*"')
_VERSION_LINE = re.compile(r"%[ \t]*BPN\b")
# A `*` that ends a play section: not inside a tag value or a comment.
_STAR = re.compile(rf'{syntax.OPEN_STRING}|\{{[^}}]*\}}?|;.*|\*')


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


def _pasted(line: str, kept: list[tuple[str, Diagnostic | None]], names: set[str] | None) -> str:
    """What in ``line`` starts a second deal inside the lines ``kept`` so far ("" if
    nothing): a ``% BPN`` version line after tag pairs, or (``names`` given: a ``*``
    has ended the play) a tag pair whose tag the deal already has. A new tag after the
    ``*`` (``[Tricks]`` written after the play) stays in the deal."""
    if line[0] == "%":
        if _VERSION_LINE.match(line) and any(_TAG_START.match(t.lstrip()) for t, _ in kept):
            return f"the version line {line.strip()!r}"
        return ""
    if names is None:
        return ""
    m = _TAG_NAME.match(line.lstrip())
    if m is not None and m.group(1) in names:
        return f"a second [{m.group(1)}] tag after the '*' that ends the play"
    return ""


def decode_lines(raw_lines: Iterable[bytes], encoding: str = "utf-8") -> Iterator[tuple[str, Diagnostic | None]]:
    """Decode a binary file line by line, after :func:`encoding.sniff` has looked at its
    first kilobytes. Invalid bytes become U+FFFD and yield a BPN003 diagnostic with the
    byte offset of the first bad byte of the line. A UTF-8 byte-order mark is dropped; a
    UTF-16 or UTF-32 one makes the file read in that encoding (BPN004 on line 1). A file
    that is not text yields one empty line carrying its one BPN003 and nothing more.
    Raises LookupError for an unknown encoding."""
    lines = iter(raw_lines)
    head: list[bytes] = []
    size = 0
    for raw in lines:
        head.append(raw)
        size += len(raw)
        if size >= SNIFF + 4:
            break
    found = sniff(b"".join(head), encoding)
    if not found.is_text:
        yield "", found.problem
        return
    rest = chain(head, lines)
    if found.wide:
        yield from _decode_wide(rest, found)
        return
    offset = found.bom
    first = True
    for number, raw in enumerate(rest, 1):
        if first:
            first = False
            raw = raw[found.bom:]
        try:
            yield raw.decode(found.encoding), None
        except UnicodeDecodeError as e:
            yield raw.decode(found.encoding, "replace"), _bad_bytes(found.encoding, offset + e.start,
                                                                    raw[e.start], number,
                                                                    len(raw[: e.start].decode(found.encoding, "replace")) + 1)
        offset += len(raw)


def _bad_bytes(codec: str, offset: int, byte: int, line: int, column: int) -> Diagnostic:
    return diag("BPN003", f"the file is not valid {codec.upper()} at byte offset {offset} (byte 0x{byte:02x}); "
                "the bad bytes are read as \ufffd", line, column)


def _decode_wide(raw_lines: Iterable[bytes], found: Sniffed) -> Iterator[tuple[str, Diagnostic | None]]:
    """UTF-16/32 bytes to lines: decoded incrementally (a b"\n" byte in these encodings
    is not a line end), then split at LF. The first undecodable bytes give one BPN003;
    the rest of the file is then read with U+FFFD for bad bytes. O(size)."""
    decoder = codecs.getincrementaldecoder(found.encoding)("strict")
    problem = found.problem
    parts: list[str] = []
    number = 1
    offset = 0
    skip = found.bom

    def lines(text: str) -> Iterator[str]:
        start = 0
        while True:
            end = text.find("\n", start)
            if end < 0:
                if start < len(text):
                    parts.append(text[start:])
                return
            parts.append(text[start : end + 1])
            yield "".join(parts)
            parts.clear()
            start = end + 1

    for raw in chain(raw_lines, [b""]):
        final = not raw
        if skip:
            raw, skip = raw[skip:], 0
            offset = found.bom
        try:
            text = decoder.decode(raw, final)
        except UnicodeDecodeError as e:
            # e.object is what the decoder held back from the chunks before, then raw
            held = len(e.object) - len(raw)
            before = "".join(parts) + e.object[: e.start].decode(found.encoding, "replace")
            bad = _bad_bytes(found.encoding, offset - held + e.start, e.object[e.start],
                             number + before.count("\n"), len(before) - before.rfind("\n"))
            problem = problem if problem is not None and problem.code == "BPN003" else bad
            decoder = codecs.getincrementaldecoder(found.encoding)("replace")
            text = decoder.decode(raw, final)
        offset += len(raw)
        for line in lines(text):
            yield line, problem
            problem = None
            number += 1
    if parts or number == 1:  # (an empty file still carries its warning)
        yield "".join(parts), problem


def split_lines(lines: Iterable[tuple[str, Diagnostic | None]], offset: int = 0) -> Iterator[Chunk]:
    """Group decoded lines into deals. Lines keep their line ends; ``offset`` is where
    the first line starts in the text (1 after a byte-order mark). O(total length).

    A ``{`` comment that runs over an empty line is taken as never closed when the
    file ends inside it, or when a line after the empty line starts a tag pair: the
    deal is then cut at that empty line (the parser reports BPN002) and the lines after
    it are split again, so one missing ``}`` never hides the deals after it.

    Two files pasted together without an empty line between them: a second ``% BPN``
    line, or a tag pair after the ``*`` that ends a play section naming a tag the deal
    already has, starts a new deal there with a BPN005 warning (see :func:`_pasted`)."""
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
        after_star = False  # a `*` has ended a play section in this deal
        names: set[str] | None = None  # the deal's tag names, once a tag follows a `*`
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
                if kept and (text[0] == "%" or after_star):
                    if names is None and after_star:
                        names = {n for t, _ in kept for n in _TAG_NAME.findall(t)}
                    why = _pasted(text, kept, names if after_star else None)
                    if why:
                        if problem is None:
                            problem = diag("BPN005", f"{why} starts a new deal here, without the empty line "
                                           "that separates deals (two files pasted together?)", line_no, 1)
                        pending.append((text, problem))
                        line_no -= 1
                        offset -= len(text)
                        break
                    if names is not None:
                        names.update(_TAG_NAME.findall(text))
                kept.append((text, problem))
                if "*" in text and text[0] != "%":
                    after_star = after_star or any(m.group() == "*" for m in _STAR.finditer(text))
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
