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

import io
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO, TextIO

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from bismarck_pbn.format import syntax, values
from bismarck_pbn.model.cards import _INTERN as _CARDS_BY_TEXT
from bismarck_pbn.diagnostics import Diagnostic, diag
from bismarck_pbn.model.deal import KNOWN_TAGS, SESSION_TAGS, Comment, Deal, Play, PlayedCard, Pos, Tag
from bismarck_pbn.model.games import BISMARCK, GameWords, words
from bismarck_pbn.resources import grammar_text
from bismarck_pbn.format.split import Chunk, decode_lines, split_lines
from bismarck_pbn.model.variant import STANDARD

_TAG_PARTS = syntax.TAG_HEAD
_TAG_SCAN = syntax.TAG_PAIR
_CARD = re.compile(r"[SHDC](?:10|[AKQJT98765432])")
_KNOWN = frozenset(KNOWN_TAGS)
_KNOWN_LOWER = {name.lower(): name for name in KNOWN_TAGS}

_WORDS = {
    "TAGS": 'a tag pair [Name "value"]',
    "PLAY_TAG": 'a [Play "s"] tag',
    "CARDS": "a card",
    "REVOKE": "^R",
    "SUFFIX": "a suffix (! ? !! ?? !? ?!)",
    "NAG": "a NAG ($0 to $255)",
    "STAR": "*",
    "BRACE_COMMENT": "a comment",
    "LINE_COMMENT": "a comment",
    "$END": "the end of the deal",
}


_new = tuple.__new__
_INTERN = dict(_CARDS_BY_TEXT)
_INTERN.update({c[0] + "10": c for c in _CARDS_BY_TEXT if c[1] == "T"})


_unescape = syntax.unescape


class _Builder(Transformer):
    """Builds model pieces while lark parses. ``line0``/``offset0`` place the chunk."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.line0 = 0
        self.offset0 = 0
        self.problems: list[Diagnostic] = []

    def _pos(self, tok: Token) -> Pos:
        return Pos(tok.line + self.line0, tok.column, tok.start_pos + self.offset0)

    def comment(self, children):
        tok = children[0]
        if tok.type == "BRACE_COMMENT":
            return Comment(tok.value[1:-1], "{", self._pos(tok))
        return Comment(tok.value[1:].rstrip("\r"), ";", self._pos(tok))

    def _tag(self, tok: Token, comments) -> Tag:
        m = _TAG_PARTS.match(tok.value)
        return Tag(m.group(1), _unescape(m.group(2)), self._pos(tok), tuple(comments),
                   tok.column + m.start(2), tok.end_pos + self.offset0)


    def played(self, children):
        revoke = False
        i = 0
        if children[0].type == "REVOKE":
            revoke = True
            i = 1
        run = children[i]
        suffix = None
        nags: list[int] = []
        comments: list[Comment] = []
        spans = []
        for note in children[i + 1 :]:
            if type(note) is Comment:
                comments.append(note)
                spans.append((note.kind, note.pos.offset, note.end))
                continue
            spans.append(("suffix" if note.type == "SUFFIX" else "nag",
                          note.start_pos + self.offset0, note.end_pos + self.offset0))
            if note.type == "SUFFIX":
                if suffix is not None:
                    self.problems.append(diag("BPN001", f"a second suffix {note.value!r}: a card "
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
        text = run.value
        line = run.line + self.line0
        offset = run.start_pos + self.offset0
        # (tuple.__new__ builds the NamedTuples without their argument handling: this
        # loop runs for every card of every deal.)
        if len(text) <= 3:  # a single card, the common case after an annotation
            cards = [_new(PlayedCard, (_INTERN[text], _new(Pos, (line, run.column, offset)), False, None,
                                       (), (), offset + len(text), ()))]
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
        if spans:
            cards[-1] = cards[-1]._replace(suffix=suffix, nags=tuple(nags), comments=tuple(comments),
                                           notes=tuple(spans))
        return cards

    def end(self, children):
        return ("end", tuple(children[1:]))

    def play(self, children):
        tag = self._tag(children[0], ())
        comments = []
        cards: list[PlayedCard] = []
        closed = False
        trailing: tuple = ()
        for child in children[1:]:
            if type(child) is Comment:
                comments.append(child)
            elif type(child) is list:
                cards.extend(child)
            else:
                closed = True
                trailing = child[1]
        return Play(tag, None, tuple(cards), tuple(comments), closed, trailing)

    def _tags(self, tok: Token) -> list[Tag]:
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

    def deal(self, children):
        items: list = []
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

    def start(self, children):
        return children[0]


@lru_cache(maxsize=1)
def _parser() -> tuple[Lark, _Builder]:
    builder = _Builder()
    parser = Lark(syntax.grammar(grammar_text()), parser="lalr", lexer="contextual", transformer=builder,
                  maybe_placeholders=False)
    return parser, builder


def _syntax_problem(err: UnexpectedInput, text: str, line0: int) -> Diagnostic:
    line = err.line + line0
    column = err.column
    if isinstance(err, UnexpectedCharacters):
        char = text[err.pos_in_stream]
        rest_of_line = text[err.pos_in_stream :].split("\n", 1)[0].rstrip("\r")
        if char == "{":
            return diag("BPN002", "unterminated comment: this '{' has no closing '}'", line, column)
        if char == "[" and syntax.UNCLOSED_TAG.match(rest_of_line):
            return diag("BPN002", "unterminated string: the tag value has no closing '\"' on "
                        "this line", line, column)
        word = re.match(r"\S{1,20}", rest_of_line)
        shown = word.group() if word else repr(char)
        if char == "[":
            return diag("BPN001", f"malformed tag pair {rest_of_line[:40]!r}: expected "
                        '[Name "value"] with a name of letters, digits and _', line, column)
        if char == "}":
            return diag("BPN001", "a '}' with no '{' before it", line, column)
        expected = sorted({_WORDS.get(t, t) for t in err.allowed})
        return diag("BPN001", f"unexpected {shown!r}; expected {', '.join(expected)}", line, column)
    if isinstance(err, UnexpectedToken):
        tok = err.token
        what = _WORDS.get(tok.type, tok.type)
        if tok.type in ("CARDS", "REVOKE"):
            msg = f"unexpected card {tok.value.split()[0]!r}: cards come after a [Play \"s\"] tag"
        elif tok.type in ("SUFFIX", "NAG"):
            msg = f"unexpected {tok.value!r}: a suffix or NAG stands after a card in the play section"
        elif tok.type == "STAR":
            msg = "unexpected '*': it ends a play section, and there is none open here"
        else:
            expected = sorted({_WORDS.get(t, t) for t in err.expected})
            msg = f"unexpected {what}; expected {', '.join(expected)}"
        return diag("BPN001", msg, line, column)
    return diag("BPN001", f"unexpected end of the deal: {err}", line, column)  # pragma: no cover


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
        if not chunk.text.strip():
            return Deal(problems=tuple(problems), pos=Pos(chunk.line, 1, chunk.offset)) if problems else None
        try:
            items = parser.parse(chunk.text)
        except UnexpectedInput as err:
            problems.append(_syntax_problem(err, chunk.text, builder.line0))
            items = _scan_tags(chunk)
        except (UnexpectedEOF, RecursionError) as err:  # pragma: no cover - defensive
            problems.append(diag("BPN001", f"cannot read this deal: {err}", chunk.line, 1))
            items = _scan_tags(chunk)
        return self.build(items, problems, chunk)

    def build(self, items: list, problems: list[Diagnostic], chunk: Chunk) -> Deal | None:
        comments = []
        tags: list[Tag] = []
        play: Play | None = None
        for item in items:
            if type(item) is Comment:
                comments.append(item)
            elif type(item) is Tag:
                tags.append(item)
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
        fields: dict = {}
        tag_map: dict[str, Tag] = {}
        for tag in tags:
            name = tag.name
            if name in tag_map:
                first = tag_map[name]
                problems.append(diag("BPN102", f"a second [{name}] tag in this deal (the first is at "
                                     f"line {first.pos.line}); the first one counts", *tag.pos[:2]))
                continue
            tag_map[name] = tag
        # The game decides how many seats the values name: read it first.
        game = BISMARCK
        game_tag = tag_map.get("Game")
        game_text = game_tag.value if game_tag is not None else self.session.get("Game")
        if game_text is not None:
            try:
                game = values.game(game_text)
            except values.BadValue:
                pass  # reported below (own tag) or at the deal that gave it
        fields["game"] = game
        context = words(game)
        for tag in tags:
            name = tag.name
            if tag_map.get(name) is not tag:
                continue
            if name not in _KNOWN:
                hint = _KNOWN_LOWER.get(name.lower())
                extra = f"; did you mean [{hint}]? Tag names are case-sensitive" if hint else ""
                problems.append(diag("BPN104", f"unknown tag [{name}], kept as it is{extra}", *tag.pos[:2]))
                continue
            reader = _READERS.get(name)
            if reader is None:
                continue
            try:
                reader(tag.value, fields, context)
            except values.BadValue as bad:
                located = bad.index is not None and tag.value_column
                column = tag.value_column + bad.index if located else tag.pos.column
                problems.append(diag(bad.code, f"[{name}] {bad.message}", tag.pos.line, column))
        if play is not None and "Play" in tag_map and tag_map["Play"] is play.tag:
            try:
                play = play._replace(leader=values.seat(play.tag.value, context.seats))
            except values.BadValue:
                pass  # already reported through _READERS["Play"]
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
        first = tags[0].pos if tags else (comments[0].pos if comments else Pos(chunk.line, 1, chunk.offset))
        if comments and comments[0].pos.offset < first.offset:
            first = comments[0].pos
        return Deal(tags=tuple(tags), comments=tuple(comments), play=play, inherited=inherited,
                    problems=tuple(problems), pos=first, end=chunk.offset + len(chunk.text.rstrip()),
                    number=self.number, tag_map=tag_map, **fields)


def _set(key, parse):
    def read(value: str, fields: dict, game: GameWords) -> None:
        fields[key] = parse(value)
    return read


def _seat(key):
    def read(value: str, fields: dict, game: GameWords) -> None:
        fields[key] = values.seat(value, game.seats)
    return read


def _numbers(key, signed: bool, per_side: bool):
    def read(value: str, fields: dict, game: GameWords) -> None:
        fields[key] = values.numbers(value, signed=signed, seats=game.seats,
                                     sides=per_side and game.partnership)
    return read


def _read_deal(value: str, fields: dict, game: GameWords) -> None:
    fields["deal_first"], fields["hands"] = values.deal(value, game.seats)


def _read_discard(value: str, fields: dict, game: GameWords) -> None:
    discard = values.optional_holding(value)
    fields["discard"] = discard
    fields["exchange"] = discard is not None


def _read_kitty(value: str, fields: dict, game: GameWords) -> None:
    v = value.strip()
    if "." not in v and v:
        fields["kitty"] = values.card_list(value)  # a stock in order, top first
        return
    fields["kitty"] = values.holding(v, value.find(v[:1]) if v else 0)


_READERS = {
    "Date": lambda v, f, g: values.date(v),
    "Game": lambda v, f, g: values.game(v),
    "Variant": lambda v, f, g: f.__setitem__("variant", values.variant(v, g.name)),
    "Board": _set("board", values.board),
    "Dealer": _seat("dealer"),
    "Forehand": _seat("forehand"),
    "Deal": _read_deal,
    "Kitty": _read_kitty,
    "Turned": _set("turned", values.card),
    "Contract": lambda v, f, g: f.__setitem__("contract", values.contract(v, g.name)),
    "Trump": _set("trump", values.trump),
    "Declarer": _seat("declarer"),
    "Discard": _read_discard,
    "Tricks": _numbers("tricks", False, True),
    "Score": _numbers("score", True, True),
    "Total": _numbers("total", True, True),
    "Points": _numbers("points", True, False),
    "Play": lambda v, f, g: values.seat(v, g.seats),
}


# ---- public entry points -----------------------------------------------------------------

def iter_lines(source: BinaryIO | TextIO | Iterable, encoding: str = "utf-8"):
    """Decoded lines of a binary or text file object."""
    if isinstance(source, io.TextIOBase):
        first = True
        for line in source:
            if first:
                first = False
                line = line.lstrip("\ufeff")
            yield line, None
        return
    yield from decode_lines(source, encoding)


def read_deals(source: BinaryIO | TextIO, *, encoding: str = "utf-8") -> Iterator[Deal]:
    """Read deals one at a time from a file object (binary is best: it lets the reader
    report invalid bytes with their offset). Comment blocks between deals come out as
    deals with no tags (:attr:`Deal.number` 0). O(size) time, O(one deal) memory."""
    reader = DealReader()
    for chunk in split_lines(iter_lines(source, encoding)):
        deal = reader.read_chunk(chunk)
        if deal is not None:
            yield deal


def read_deal(source: BinaryIO | TextIO) -> Deal | None:
    """The first deal of a file object, or None. Reads only as far as that deal's end
    if the source is a text stream positioned at a deal (python-chess style)."""
    return next(read_deals(source), None)


def parse(text: str) -> list[Deal]:
    """All deals in ``text``. Offsets in the model are offsets into ``text``."""
    start = 1 if text.startswith("\ufeff") else 0  # offsets stay offsets into `text`
    reader = DealReader()
    out = []
    for chunk in split_lines(((line, None) for line in lf_lines(text[start:])), start):
        deal = reader.read_chunk(chunk)
        if deal is not None:
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


def read_file(path: str | Path, *, encoding: str = "utf-8") -> Iterator[Deal]:
    """Deals of the file at ``path``, read lazily (the file stays open while iterating)."""
    with open(path, "rb") as fp:
        yield from read_deals(fp, encoding=encoding)
