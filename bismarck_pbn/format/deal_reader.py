"""One deal's text (a :class:`~bismarck_pbn.format.split.Chunk`) to a :class:`Deal`.

:class:`DealReader` parses a chunk (:mod:`bismarck_pbn.format.builder`), reads the tag
values (:mod:`bismarck_pbn.format.values`) and reports what the reader reports:
syntax (BPN001–003), duplicate, malformed and unknown tags (BPN102–104), cards in lower
case (BPN006). It numbers the deals and carries session tags from one deal to the next.
Steered by a :class:`~bismarck_pbn.format.visitor.ReadVisitor`, it first scans a deal's
tag pairs and skips the deal or reads its headers only, as the visitor says.

Complexity: linear in the size of the chunk.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import replace
from typing import Any

from lark.exceptions import UnexpectedEOF, UnexpectedInput

from bismarck_pbn.diagnostics import Diagnostic, diag
from bismarck_pbn.format import syntax, values
from bismarck_pbn.format.builder import ANY_CASE, parser, scan_tags
from bismarck_pbn.format.split import Chunk
from bismarck_pbn.format.syntax_errors import syntax_problem
from bismarck_pbn.format.visitor import SKIP, ReadVisitor
from bismarck_pbn.model.deal import KNOWN_TAGS, Auction, Comment, Deal, Play, Pos, Tag, known_tags
from bismarck_pbn.model.games import BISMARCK, session_tags, words
from bismarck_pbn.model.variant import STANDARD

_LOWER_RANK = re.compile(r"[akqjt]")
_HOLDING_TAGS = frozenset({"Deal", "Kitty", "Discard", "Layout1", "Layout2"})
_KNOWN = frozenset(KNOWN_TAGS)
_SESSION = frozenset(session_tags())  # any game's: the game is not known until the deal is read
_NONE: frozenset[str] = frozenset()
_KNOWN_LOWER = {name.lower(): name for name in KNOWN_TAGS}
_unescape = syntax.unescape
_DECLARED = re.compile(r"%[ \t]*BPN[ \t]+([0-9]+\.[0-9]+)[ \t]*(?:\r?\n|$)")


class DealReader:
    """Turns chunks into deals, carrying session tags from one deal to the next."""

    def __init__(self) -> None:
        self.session: dict[str, str] = {}
        self.number = 0
        self.declared: str | None = None
        """The version the file's first line declared, until a deal carries it."""

    def read_chunk(self, chunk: Chunk) -> Deal | None:
        """The deal in ``chunk`` (None for a chunk of only escape lines). The version a
        first line ``% BPN x.y`` declares goes on the file's first deal. O(len(chunk))."""
        if chunk.line == 1:
            m = _DECLARED.match(chunk.text)
            self.declared = m.group(1) if m else None
        deal = self._read_chunk(chunk)
        if deal is not None and self.declared is not None:
            deal = replace(deal, version=self.declared)
            self.declared = None
        return deal

    def _read_chunk(self, chunk: Chunk) -> Deal | None:
        parser_, builder = parser()
        builder.line0 = chunk.line - 1
        builder.offset0 = chunk.offset
        builder.problems = problems = list(chunk.problems)
        builder.lower = []
        if not chunk.text.strip():
            return Deal(problems=tuple(problems), pos=Pos(chunk.line, 1, chunk.offset)) if problems else None
        try:
            items: list[Any] = parser_.parse(chunk.text)  # type: ignore[assignment]  # the transformer builds a list
            if builder.lower:
                written, pos, count = builder.lower
                more = f" (and {count - 1} more card{'s' if count > 2 else ''})" if count > 1 else ""
                problems.append(diag("BPN006", f"{written!r}{more} written in lower case: read as "
                                     f"{ANY_CASE[written]!r}; BPN writes cards in capitals (bpn fmt does)",
                                     pos.line, pos.column))
        except UnexpectedInput as err:
            problems.append(syntax_problem(err, chunk.text, builder.line0))
            items = scan_tags(chunk)
        except (UnexpectedEOF, RecursionError) as err:  # pragma: no cover - defensive
            problems.append(diag("BPN001", f"cannot read this deal: {err}", chunk.line, 1))
            items = scan_tags(chunk)
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
        known = known_tags(context.seats)
        for tag in firsts:
            name = tag.name
            if name not in known:
                hint = _KNOWN_LOWER.get(name.lower())
                extra = f"; did you mean [{hint}]? Tag names are case-sensitive" if hint else ""
                if name in _KNOWN:
                    extra = f": {context.name} has {context.seats} seats, Player1 to Player{context.seats}"
                problems.append(diag("BPN104", f"unknown tag [{name}], kept as it is{extra}", *tag.pos[:2]))
                continue
            reader = values.TAG_READERS.get(name)
            if reader is None:
                continue
            value = tag.value
            lower = _LOWER_RANK.search(value) if name in _HOLDING_TAGS else None
            if lower is not None:
                value = value.upper()
            try:
                reader(value, fields, context)
            except values.BadValue as error:
                # one fault, one diagnostic: a value that does not read is not also told
                # its lower case (which fmt could not mend in it); the message quotes it
                # as written
                bad = error
                if lower is not None:
                    try:
                        reader(tag.value, {}, context)
                    except values.BadValue as as_written:
                        bad = as_written
                unread.add(name)
                column = tag.value_column + bad.index if bad.index is not None and tag.value_column else tag.pos.column
                problems.append(diag(bad.code, f"[{name}] {bad.message}", tag.pos.line, column))
            else:
                if lower is not None:
                    at = lower.start()
                    problems.append(diag("BPN006", f"[{name}] has ranks in lower case: read as {value!r}; "
                                         "BPN writes ranks in capitals (bpn fmt does)", tag.pos.line,
                                         tag.value_column + at if tag.value_column else tag.pos.column))
        if play is not None and "Play" in tag_map and tag_map["Play"] is play.tag:
            with contextlib.suppress(values.BadValue):  # already reported through TAG_READERS["Play"]
                play = play._replace(leader=values.seat(play.tag.value, context.seats))
        if auction is not None and tag_map.get("Auction") is auction.tag:
            with contextlib.suppress(values.BadValue):  # already reported through TAG_READERS["Auction"]
                auction = auction._replace(first=values.seat(auction.tag.value, context.seats))
        session = session_tags(context.seats)  # (a Player tag beyond the game's seats is none)
        inherited = {name: self.session[name] for name in session if name not in tag_map and name in self.session}
        for name in session:
            if name in tag_map:
                self.session[name] = tag_map[name].value
        if "dummy" not in fields and "Dummy" in inherited:
            with contextlib.suppress(values.BadValue):  # (reported at the deal that gave it)
                fields["dummy"] = values.seat(inherited["Dummy"], context.seats)
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
                    number=self.number, headers_only=headers_only,
                    unread=frozenset(unread) if unread else _NONE, **fields)
