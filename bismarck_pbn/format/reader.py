"""Reading BPN text into :class:`~bismarck_pbn.model.deal.Deal` objects, one deal at a time.

The path of the data: bytes → lines (``split.decode_lines``) → one chunk of text per
deal (``split.split_lines``) → lark's LALR parser with the transformer below, which
builds the model as it parses (no parse tree) → tag values read (``values.py``) →
:class:`Deal`. Every token keeps its absolute line, column and offset.

The reader knows nothing of the rules: it reports syntax (BPN001–003), duplicate,
malformed and unknown tags (BPN102–104) in :attr:`Deal.problems` and leaves the rest
to the validator. Nothing is dropped: a deal that does not parse still comes out, with
its tags found by a plain scan, so the deals after it are read and the session around
it is still checked.

Complexity: linear in the size of the input; memory is one deal at a time.
"""

from __future__ import annotations

import contextlib
import io
import re
import weakref
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from bismarck_pbn.format import syntax, values
from bismarck_pbn.model.cards import _INTERN as _CARDS_BY_TEXT
from bismarck_pbn.diagnostics import Diagnostic, diag
from bismarck_pbn.model.deal import (KNOWN_TAGS, SESSION_TAGS, Auction, Call, Comment, Deal, Play, PlayedCard,
                                     Pos, Tag)
from bismarck_pbn.model.games import BISMARCK, call_word, words
from bismarck_pbn.resources import grammar_text
from bismarck_pbn.format.encoding import SNIFF, sniff_text
from bismarck_pbn.format.syntax_errors import syntax_problem
from bismarck_pbn.format.visitor import SKIP, ReadVisitor
from bismarck_pbn.format.split import Chunk, decode_lines, split_lines
from bismarck_pbn.model.variant import STANDARD

_TAG_PARTS = syntax.TAG_HEAD
_TAG_SCAN = syntax.TAG_PAIR
_CARD = re.compile(r"[SHDC](?:10|[AKQJT98765432])|J[BL]", re.IGNORECASE)
_LOWER_RANK = re.compile(r"[akqjt]")
_HOLDING_TAGS = frozenset({"Deal", "Kitty", "Discard"})
_WORD = re.compile(r"[A-Za-z0-9]+")
_KNOWN = frozenset(KNOWN_TAGS)
_SESSION = frozenset(SESSION_TAGS)
_NONE: frozenset[str] = frozenset()
_KNOWN_LOWER = {name.lower(): name for name in KNOWN_TAGS}



_new = tuple.__new__
_INTERN = dict(_CARDS_BY_TEXT)
_INTERN.update({c[0] + "10": c for c in _CARDS_BY_TEXT if c[1] == "T"})
# Lower case and mixed case, read with a warning (BPN006): sa, Sa, sA, s10.
_ANY_CASE = {v: c for v, c in ((s + r, c) for t, c in _INTERN.items()
                                for s in (t[0], t[0].lower()) for r in (t[1:], t[1:].lower()))}


_unescape = syntax.unescape


class _Builder(Transformer[Token, Any]):
    """Builds model pieces while lark parses. ``line0``/``offset0`` place the chunk."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.line0 = 0
        self.offset0 = 0
        self.problems: list[Diagnostic] = []
        self.lower: list[Any] = []  # [first lower-case card, its Pos, how many] in this deal

    def _pos(self, tok: Any) -> Pos:
        return Pos(tok.line + self.line0, tok.column, tok.start_pos + self.offset0)

    def comment(self, children: list[Any]) -> Comment:
        tok = children[0]
        if tok.type == "BRACE_COMMENT":
            return Comment(tok.value[1:-1], "{", self._pos(tok))
        return Comment(tok.value[1:].rstrip("\r"), ";", self._pos(tok))

    def _tag(self, tok: Any, comments: Iterable[Comment]) -> Tag:
        m = _TAG_PARTS.match(tok.value)
        assert m is not None  # the grammar matched a tag pair here
        return Tag(m.group(1), _unescape(m.group(2)), self._pos(tok), tuple(comments),
                   tok.column + m.start(2), tok.end_pos + self.offset0)


    def _notes(self, notes: list[Any], what: str) -> tuple[str | None, tuple[int, ...], tuple[Comment, ...],
                                                        tuple[tuple[str, int, int], ...]]:
        """(suffix, NAGs, comments, spans) of the notes after a card or call."""
        suffix = None
        nags: list[int] = []
        comments: list[Comment] = []
        spans = []
        for note in notes:
            if type(note) is Comment:
                comments.append(note)
                spans.append((note.kind, note.pos.offset, note.end))
                continue
            spans.append(("suffix" if note.type == "SUFFIX" else "nag",
                          note.start_pos + self.offset0, note.end_pos + self.offset0))
            if note.type == "SUFFIX":
                if suffix is not None:
                    self.problems.append(diag("BPN001", f"a second suffix {note.value!r}: a {what} "
                                              "takes one suffix at most", *self._pos(note)[:2]))
                else:
                    suffix = note.value
            else:
                digits = note.value[1:]
                n = int(digits) if len(digits) <= 3 else 256
                if n > 255:
                    self.problems.append(diag("BPN001", f"NAG {note.value} is out of range: "
                                              "NAGs run from $0 to $255", *self._pos(note)[:2]))
                else:
                    nags.append(n)
        return suffix, tuple(nags), tuple(comments), tuple(spans)

    def called(self, children: list[Any]) -> list[Call]:
        run = children[0]
        line = run.line + self.line0
        offset = run.start_pos + self.offset0
        column = run.column
        calls = []
        for segment in run.value.split("\n"):
            for m in _WORD.finditer(segment):
                start, end = m.span()
                calls.append(Call(call_word(m.group()), Pos(line, column + start, offset + start),
                                  call_end=offset + end))
            offset += len(segment) + 1
            line += 1
            column = 1
        if len(children) > 1:
            suffix, nags, comments, spans = self._notes(children[1:], "call")
            calls[-1] = calls[-1]._replace(suffix=suffix, nags=nags, comments=comments, notes=spans)
        return calls

    def auction(self, children: list[Any]) -> Auction:
        tag = self._tag(children[0], ())
        comments = []
        calls: list[Call] = []
        closed = False
        trailing: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is Comment:
                comments.append(child)
            elif type(child) is list:
                calls.extend(child)
            else:
                closed = True
                trailing = child[1]
        return Auction(tag, None, tuple(calls), tuple(comments), closed, trailing)

    def played(self, children: list[Any]) -> list[PlayedCard]:
        revoke = False
        i = 0
        if children[0].type == "REVOKE":
            revoke = True
            i = 1
        run = children[i]
        notes = children[i + 1 :]
        text = run.value
        line = run.line + self.line0
        offset = run.start_pos + self.offset0
        # (tuple.__new__ builds the NamedTuples without their argument handling: this
        # loop runs for every card of every deal.)
        if len(text) <= 3 and text in _INTERN:  # a single card, the common case after an annotation
            cards = [_new(PlayedCard, (_INTERN[text], _new(Pos, (line, run.column, offset)), False, None,
                                       (), (), offset + len(text), ()))]
        elif not text.isupper():
            cards = self._lower_case(run)
        else:
            cards = []
            append = cards.append
            column = run.column
            for segment in text.split("\n"):
                for m in _CARD.finditer(segment):
                    start, end = m.span()
                    append(_new(PlayedCard, (_INTERN[m.group()], _new(Pos, (line, column + start, offset + start)),
                                             False, None, (), (), offset + end, ())))
                offset += len(segment) + 1
                line += 1
                column = 1
        if revoke:
            cards[0] = cards[0]._replace(revoke=True)
        if notes:
            suffix, nags, comments, spans = self._notes(notes, "card")
            cards[-1] = cards[-1]._replace(suffix=suffix, nags=nags, comments=comments, notes=spans)
        return cards

    def _lower_case(self, run: Any) -> list[PlayedCard]:
        """A run of cards with some in lower case: read as capitals, counted for BPN006."""
        cards = []
        line = run.line + self.line0
        offset = run.start_pos + self.offset0
        column = run.column
        for segment in run.value.split("\n"):
            for m in _CARD.finditer(segment):
                start, end = m.span()
                written = m.group()
                pos = Pos(line, column + start, offset + start)
                if written not in _INTERN:
                    if not self.lower:
                        self.lower = [written, pos, 0]
                    self.lower[2] += 1
                cards.append(PlayedCard(_ANY_CASE[written], pos, False, None, (), (), offset + end, ()))
            offset += len(segment) + 1
            line += 1
            column = 1
        return cards

    def end(self, children: list[Any]) -> tuple[str, tuple[Comment, ...]]:
        return ("end", tuple(children[1:]))

    def play(self, children: list[Any]) -> Play:
        tag = self._tag(children[0], ())
        comments = []
        cards: list[PlayedCard] = []
        closed = False
        trailing: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is Comment:
                comments.append(child)
            elif type(child) is list:
                cards.extend(child)
            else:
                closed = True
                trailing = child[1]
        return Play(tag, None, tuple(cards), tuple(comments), closed, trailing)

    def _tags(self, tok: Any) -> list[Tag]:
        """The tag pairs of a TAGS run, each with its own line and column."""
        text = tok.value
        line = tok.line + self.line0
        offset = tok.start_pos + self.offset0
        column = tok.column
        tags = []
        for segment in text.split("\n"):
            for m in _TAG_SCAN.finditer(segment):
                start = m.start()
                value = m.group(2)
                tags.append(_new(Tag, (m.group(1), _unescape(value) if "\\" in value else value,
                                       _new(Pos, (line, column + start, offset + start)), (),
                                       column + m.start(2), offset + m.end())))
            offset += len(segment) + 1
            line += 1
            column = 1
        return tags

    def deal(self, children: list[Any]) -> list[Any]:
        items: list[Any] = []
        notes: list[Comment] = []  # comments after the last tag, attached once (linear)
        for child in children:
            if type(child) is Comment and items and type(items[-1]) is Tag:
                notes.append(child)
                continue
            if notes:
                items[-1] = items[-1]._replace(comments=tuple(notes))
                notes = []
            if type(child) is Token:
                items.extend(self._tags(child))
            else:
                items.append(child)
        if notes:
            items[-1] = items[-1]._replace(comments=tuple(notes))
        return items

    def start(self, children: list[Any]) -> Any:
        return children[0]


@lru_cache(maxsize=1)
def _parser() -> tuple[Lark, _Builder]:
    builder = _Builder()
    parser = Lark(syntax.grammar(grammar_text()), parser="lalr", lexer="contextual", transformer=builder,
                  maybe_placeholders=False)
    return parser, builder


def _scan_tags(chunk: Chunk) -> list[Tag]:
    """The tag pairs of a deal that did not parse, found by a plain scan. O(n)."""
    tags = []
    text = chunk.text
    line = chunk.line
    counted = 0  # newlines before `counted` have been added to `line`
    for m in _TAG_SCAN.finditer(text):
        start = m.start()
        line += text.count("\n", counted, start)
        counted = start
        column = start - text.rfind("\n", 0, start)
        tags.append(Tag(m.group(1), _unescape(m.group(2)), Pos(line, column, chunk.offset + start),
                        (), column + m.start(2) - start, chunk.offset + m.end()))
    return tags


class DealReader:
    """Turns chunks into deals, carrying session tags from one deal to the next."""

    def __init__(self) -> None:
        self.session: dict[str, str] = {}
        self.number = 0

    def read_chunk(self, chunk: Chunk) -> Deal | None:
        parser, builder = _parser()
        builder.line0 = chunk.line - 1
        builder.offset0 = chunk.offset
        builder.problems = problems = list(chunk.problems)
        builder.lower = []
        if not chunk.text.strip():
            return Deal(problems=tuple(problems), pos=Pos(chunk.line, 1, chunk.offset)) if problems else None
        try:
            items: list[Any] = parser.parse(chunk.text)  # type: ignore[assignment]  # the transformer builds a list
            if builder.lower:
                written, pos, count = builder.lower
                more = f" (and {count - 1} more card{'s' if count > 2 else ''})" if count > 1 else ""
                problems.append(diag("BPN006", f"{written!r}{more} written in lower case: read as "
                                     f"{_ANY_CASE[written]!r}; BPN writes cards in capitals (bpn fmt does)",
                                     pos.line, pos.column))
        except UnexpectedInput as err:
            problems.append(syntax_problem(err, chunk.text, builder.line0))
            items = _scan_tags(chunk)
        except (UnexpectedEOF, RecursionError) as err:  # pragma: no cover - defensive
            problems.append(diag("BPN001", f"cannot read this deal: {err}", chunk.line, 1))
            items = _scan_tags(chunk)
        return self.build(items, problems, chunk)

    def header_tags(self, chunk: Chunk) -> list[Tag]:
        """The tag pairs before a deal's play section, found by a scan with one regular
        expression (no parser; comments and escape lines passed over). O(n)."""
        text = chunk.text
        line = chunk.line
        counted = 0
        tags = []
        for m in syntax.header_tags(text):
            start = m.start()
            line += text.count("\n", counted, start)
            counted = start
            column = start - text.rfind("\n", 0, start)
            tags.append(Tag(m.group(2), _unescape(m.group(3)), Pos(line, column, chunk.offset + start), (),
                            column + m.start(3) - start, chunk.offset + m.end()))
        return tags

    def read_visited(self, chunk: Chunk, visitor: ReadVisitor) -> Deal | None:
        """Read a chunk as ``visitor`` steers: skipped (None, though its session tags still
        count for the deals after it), headers only, or whole. Comment blocks and text
        with no tag pair are read as usual, without the visitor."""
        tags = self.header_tags(chunk)
        if not tags:
            return self.read_chunk(chunk)
        if visitor.begin_deal(self.number + 1, tags[0].pos.line) is SKIP:
            self.number += 1
            own: dict[str, str] = {}
            for tag in tags:
                if tag.name in _SESSION:
                    own.setdefault(tag.name, tag.value)
            self.session.update(own)
            return None
        headers = {name: value for name, value in self.session.items() if name in _SESSION}
        for tag in reversed(tags):
            headers[tag.name] = tag.value
        if visitor.begin_headers(headers) is SKIP:
            return self.build(list(tags), list(chunk.problems), chunk, headers_only=True)
        return self.read_chunk(chunk)

    def build(self, items: list[Any], problems: list[Diagnostic], chunk: Chunk,
              headers_only: bool = False) -> Deal | None:
        comments: list[Comment] = []
        tags: list[Tag] = []
        play: Play | None = None
        auction: Auction | None = None
        for item in items:
            if type(item) is Comment:
                comments.append(item)
            elif type(item) is Tag:
                tags.append(item)
            elif type(item) is Auction:
                if auction is not None:
                    problems.append(diag("BPN102", "a second [Auction] tag in this deal: each deal has "
                                         "one auction section", *item.tag.pos[:2]))
                    continue
                auction = item
                tags.append(item.tag)
            else:
                if play is not None:
                    problems.append(diag("BPN102", "a second [Play] tag in this deal: each deal has "
                                         "one play section", *item.tag.pos[:2]))
                    continue
                play = item
                tags.append(item.tag)
        if not tags and not problems:
            if not comments:
                return None  # only escape lines
            # A stretch of only comments between deals: kept as a comment block.
            return Deal(comments=tuple(comments), pos=comments[0].pos, end=chunk.offset + len(chunk.text))
        self.number += 1
        fields: dict[str, Any] = {}
        tag_map: dict[str, Tag] = {}
        firsts: list[Tag] = []
        for tag in tags:
            name = tag.name
            if name in tag_map:
                earlier = tag_map[name]
                problems.append(diag("BPN102", f"a second [{name}] tag in this deal (the first is at "
                                     f"line {earlier.pos.line}); the first one counts", *tag.pos[:2]))
                continue
            tag_map[name] = tag
            firsts.append(tag)
        # The game decides how many seats the values name: read it first.
        game = BISMARCK
        game_tag = tag_map.get("Game")
        game_text = game_tag.value if game_tag is not None else self.session.get("Game")
        unread: set[str] = set()
        if game_text is not None:
            try:
                game = values.game(game_text)
            except values.BadValue:
                unread.add("Game")  # reported below (own tag) or at the deal that gave it
        fields["game"] = game
        context = words(game)
        for tag in firsts:
            name = tag.name
            if name not in _KNOWN:
                hint = _KNOWN_LOWER.get(name.lower())
                extra = f"; did you mean [{hint}]? Tag names are case-sensitive" if hint else ""
                problems.append(diag("BPN104", f"unknown tag [{name}], kept as it is{extra}", *tag.pos[:2]))
                continue
            reader = values.TAG_READERS.get(name)
            if reader is None:
                continue
            value = tag.value
            lower = _LOWER_RANK.search(value) if name in _HOLDING_TAGS else None
            if lower is not None:
                value = value.upper()
                at = lower.start()
                problems.append(diag("BPN006", f"[{name}] has ranks in lower case: read as {value!r}; "
                                     "BPN writes ranks in capitals (bpn fmt does)", tag.pos.line,
                                     tag.value_column + at if tag.value_column else tag.pos.column))
            try:
                reader(value, fields, context)
            except values.BadValue as bad:
                unread.add(name)
                column = tag.value_column + bad.index if bad.index is not None and tag.value_column else tag.pos.column
                problems.append(diag(bad.code, f"[{name}] {bad.message}", tag.pos.line, column))
        if play is not None and "Play" in tag_map and tag_map["Play"] is play.tag:
            with contextlib.suppress(values.BadValue):  # already reported through TAG_READERS["Play"]
                play = play._replace(leader=values.seat(play.tag.value, context.seats))
        if auction is not None and tag_map.get("Auction") is auction.tag:
            with contextlib.suppress(values.BadValue):  # already reported through TAG_READERS["Auction"]
                auction = auction._replace(first=values.seat(auction.tag.value, context.seats))
        inherited = {name: self.session[name] for name in SESSION_TAGS
                     if name not in tag_map and name in self.session}
        for name in SESSION_TAGS:
            if name in tag_map:
                self.session[name] = tag_map[name].value
        if "variant" not in fields and "Variant" in inherited:
            try:
                fields["variant"] = values.variant(inherited["Variant"], game)
            except values.BadValue:
                fields["variant"] = STANDARD
                unread.add("Variant")
        first: Pos = tags[0].pos if tags else (comments[0].pos if comments else Pos(chunk.line, 1, chunk.offset))
        if comments and comments[0].pos.offset < first.offset:
            first = comments[0].pos
        return Deal(tags=tuple(tags), comments=tuple(comments), play=play, auction=auction, inherited=inherited,
                    problems=tuple(problems), pos=first, end=chunk.offset + len(chunk.text.rstrip()),
                    number=self.number, tag_map=tag_map, headers_only=headers_only,
                    unread=frozenset(unread) if unread else _NONE, **fields)


# ---- public entry points -----------------------------------------------------------------

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
