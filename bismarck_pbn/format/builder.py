"""Parsing one deal's text: lark's LALR parser with a transformer that builds the model.

:func:`parser` gives the one parser and its :class:`Builder`, which builds model pieces
(tags, the play and auction sections, comments) while lark parses, with no parse tree.
Every token keeps its absolute line, column and offset: the builder's ``line0`` and
``offset0`` place the chunk in its file. :func:`scan_tags` finds the tag pairs of a deal
that did not parse. The reading of values and the deal around them is
:mod:`bismarck_pbn.format.deal_reader`.

Complexity: linear in the size of the chunk.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer

from bismarck_pbn.diagnostics import Diagnostic, diag
from bismarck_pbn.format import syntax
from bismarck_pbn.format.parser_cache import cached_lark
from bismarck_pbn.format.split import Chunk
from bismarck_pbn.model.cards import _INTERN as _CARDS_BY_TEXT
from bismarck_pbn.model.deal import Auction, Call, Comment, Play, PlayedCard, Pos, Tag
from bismarck_pbn.model.games import call_word
from bismarck_pbn.resources import grammar_text

_TAG_PARTS = syntax.TAG_HEAD
_TAG_SCAN = syntax.TAG_PAIR
_CARD = re.compile(r"[SHDC](?:10|[AKQJT98765432])|J[BL]", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z0-9]+")
_new = tuple.__new__
_INTERN = dict(_CARDS_BY_TEXT)
_INTERN.update({c[0] + "10": c for c in _CARDS_BY_TEXT if c[1] == "T"})
# Lower case and mixed case, read with a warning (BPN006): sa, Sa, sA, s10.
ANY_CASE = {v: c for v, c in ((s + r, c) for t, c in _INTERN.items()
                               for s in (t[0], t[0].lower()) for r in (t[1:], t[1:].lower()))}
_unescape = syntax.unescape


class Builder(Transformer[Token, Any]):
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

    def _section(self, children: list[Any]) -> tuple[Tag, tuple[Any, ...], tuple[Comment, ...], bool,
                                                     tuple[Comment, ...]]:
        """A section's parts (the Auction's calls or the Play's cards): its tag, its items,
        the comments among them, whether ``*`` closed it and the comments after ``*``."""
        tag = self._tag(children[0], ())
        comments = []
        items: list[Any] = []
        closed = False
        trailing: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is Comment:
                comments.append(child)
            elif type(child) is list:
                items.extend(child)
            else:
                closed = True
                trailing = child[1]
        return tag, tuple(items), tuple(comments), closed, trailing

    def auction(self, children: list[Any]) -> Auction:
        tag, calls, comments, closed, trailing = self._section(children)
        return Auction(tag, None, calls, comments, closed, trailing)

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
                cards.append(PlayedCard(ANY_CASE[written], pos, False, None, (), (), offset + end, ()))
            offset += len(segment) + 1
            line += 1
            column = 1
        return cards

    def end(self, children: list[Any]) -> tuple[str, tuple[Comment, ...]]:
        return ("end", tuple(children[1:]))

    def play(self, children: list[Any]) -> Play:
        tag, cards, comments, closed, trailing = self._section(children)
        return Play(tag, None, cards, comments, closed, trailing)

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
def parser() -> tuple[Lark, Builder]:
    """The LALR parser of one deal's text and its transformer (built once)."""
    builder = Builder()
    parser = cached_lark(syntax.grammar(grammar_text()), parser="lalr", lexer="contextual", transformer=builder,
                         maybe_placeholders=False)
    return parser, builder


def scan_tags(chunk: Chunk) -> list[Tag]:
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
