"""Writing deals back as canonical BPN text, with every comment, NAG, suffix and ``^R``.

The canonical form (BPN 1.0 §3): ``% BPN 1.0`` first; in each deal the comments before
it, then the tags in the spec's order with session tags repeated and ``Trump`` written
as the contract implies it, unknown tags after them in their original order, the Play
tag last; the auction section after ``Kitty``/``Turned`` and before ``Contract``, four
calls a line and ``Frisch`` on a line of its own, ended by the next tag (``*`` only
when comments follow it); one trick per line, cards separated by one space, each card followed by its
suffix, NAGs and comments; ``*`` on its own line; one empty line between deals; LF line
ends and a final newline. Values are written in their canonical spelling (holdings
high to low with ``T``, contracts capitalised, scores signed) when they read cleanly,
and exactly as given when they do not.

A ``;`` comment runs to the end of its line, so a trick whose card carries one
continues on the next line: the only place the one-trick-per-line rule bends.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import IO
from itertools import chain

from bismarck_pbn.format import values
from bismarck_pbn.format.syntax import escape
from bismarck_pbn.games import ruleset_of
from bismarck_pbn.model.cards import holding_text
from bismarck_pbn.model.fields import check_comment, check_tag_text, is_set
from bismarck_pbn.model.deal import (KNOWN_TAGS, TAGS_1_1, TAGS_1_2, Auction, BaseVisitor, Call, Comment, Deal, Play,
                                     PlayedCard, Tag, known_tags)
from bismarck_pbn.model.games import BISMARCK, GameWords, words

HEADER = "% BPN 1.0\n"
HEADER_1_1 = "% BPN 1.1\n"
HEADER_1_2 = "% BPN 1.2\n"
_HEADERS = {"1.0": HEADER, "1.1": HEADER_1_1, "1.2": HEADER_1_2}
VERSIONS = tuple(_HEADERS)
"""The versions of BPN, oldest first; a writer says the newest its deals need or declare."""

UNWRITABLE = ("BPN001", "BPN002", "BPN003", "BPN102")
"""Problems that stop a deal being written back without losing what the user wrote:
syntax, bad bytes, and a tag or play section given twice (the canonical form has one)."""


def check_writable(deal: Deal) -> None:
    """Raise ValueError if writing ``deal`` back would lose some of its text."""
    if deal.headers_only:
        raise ValueError(f"deal {deal.number} was read with its headers only: writing it would lose its play")
    bad = [p for p in deal.problems if p.code in UNWRITABLE]
    if bad:
        raise ValueError(f"deal {deal.number} cannot be written back without losing text: "
                         + "; ".join(f"{p.code} at {p.line}:{p.column}" for p in bad))


def _holding(value: str) -> str:
    v = value.strip()
    if "." not in v and v:
        return " ".join(values.card_list(v))  # a stock in order: kept in its order
    return holding_text(values.holding(v))


def _deal_value(value: str, g: GameWords) -> str:
    first, hands = values.deal(value, g.seats)
    parts = []
    s = first
    for _ in range(g.seats):
        hand = hands[s - 1]
        parts.append("-" if hand is None else holding_text(hand))
        s = s % g.seats + 1
    return f"{first}:{' '.join(parts)}"


def _counts(signed: bool, per_side: bool) -> Callable[[str, GameWords], str]:
    def fix(v: str, g: GameWords) -> str:
        read = values.numbers(v, signed=signed, seats=g.seats, sides=per_side and g.partnership)
        return values.signed_text(read) if signed else " ".join(map(str, read))
    return fix


def _frisch(value: str, g: GameWords) -> str:
    return " ".join(holding_text(h) for h in values.holdings(value, g.seats))


def _layout(value: str) -> str:
    return " ".join(f"{up}/{down or '-'}" for up, down in values.layout(value))


_BEFORE_AUCTION = frozenset(KNOWN_TAGS[: KNOWN_TAGS.index("Auction")])
_CALLS_A_LINE = 4


_CANONICAL: dict[str, Callable[[str, GameWords], str]] = {
    "Game": lambda v, g: values.game(v),
    "Variant": lambda v, g: values.variant_text(v, g.name),
    "Date": lambda v, g: values.date(v),
    "Board": lambda v, g: str(values.board(v)),
    "Dealer": lambda v, g: str(values.seat(v, g.seats)),
    "Forehand": lambda v, g: str(values.seat(v, g.seats)),
    "Deal": _deal_value,
    "Kitty": lambda v, g: _holding(v),
    "Turned": lambda v, g: values.card(v),
    "Contract": lambda v, g: values.contract(v, g.name),
    "Trump": lambda v, g: values.trump(v),
    "Declarer": lambda v, g: str(values.seat(v, g.seats)),
    "Direction": lambda v, g: values.direction(v),
    "Discard": lambda v, g: "-" if v.strip() == "-" else _holding(v),
    "Tricks": _counts(False, True),
    "Score": _counts(True, True),
    "Total": _counts(True, True),
    "Points": _counts(True, False),
    "Bids": _counts(False, False),
    "Layout1": lambda v, g: _layout(v),
    "Layout2": lambda v, g: _layout(v),
    "Dummy": lambda v, g: str(values.seat(v, g.seats)),
    "Frisch1": lambda v, g: _frisch(v, g),
    "Frisch2": lambda v, g: _frisch(v, g),
    "Frisch3": lambda v, g: _frisch(v, g),
    "Auction": lambda v, g: str(values.seat(v, g.seats)),
    "Play": lambda v, g: str(values.seat(v, g.seats)),
}


def canonical_value(name: str, value: str, game: str = BISMARCK) -> str:
    """The canonical spelling of a known tag's value in ``game``; the value as given
    when it does not read cleanly (the writer never invents or loses data)."""
    fix = _CANONICAL.get(name)
    if fix is None:
        return value
    try:
        return fix(value, words(game))
    except values.BadValue:
        return value


def canonical_tags(deal: Deal, ordered: list[Tag] | None = None) -> list[Tag]:
    """The deal's tags as the canonical form writes them: canonical order and values,
    inherited session tags filled in, Trump as the rules imply it when not given.
    Known tags with a typed field set come from the field (already canonical); the
    others are respelled when they read. ``ordered`` is ``deal.canonical_tags()`` when
    the caller has it."""
    game = deal.game
    tags = []
    for t in deal.canonical_tags() if ordered is None else ordered:
        if not is_set(deal, t.name):
            fixed = canonical_value(t.name, t.value, game)
            if fixed != t.value:
                t = t._replace(value=fixed)
        tags.append(t)
    if deal.trump is None and deal.tag("Trump") is None:
        implied = ruleset_of(deal).implied_trump(deal)
        if implied is not None:
            names = [t.name for t in tags]
            after = [i for i, n in enumerate(names) if n in ("Contract", "Turned", "Kitty", "Deal")]
            at = max(after) + 1 if after else len(tags)
            tags.insert(at, Tag("Trump", implied))
    return tags


def needs_1_1(deal: Deal) -> bool:
    """Whether writing ``deal`` needs BPN 1.1 (another game, Bismarck's 1.1 variants
    Estonian and Finnish, or a tag 1.0 does not have)."""
    return (deal.game != BISMARCK or deal.variant.base in ("Estonian", "Finnish")
            or any(t.name in TAGS_1_1 and t.name in known_tags(deal.seats) for t in deal.tags)
            or any(name in TAGS_1_1 for name in deal.inherited)
            or (not deal.tags and any(t.name in TAGS_1_1 for t in deal.canonical_tags())))


GAMES_1_2 = frozenset(("TurnoverBridge",))
OPTIONS_1_2 = frozenset(("Trakarl",))


def needs_1_2(deal: Deal) -> bool:
    """Whether writing ``deal`` needs BPN 1.2 (Turnover Bridge, the träkarl, or a tag
    1.1 does not have: Layout1, Layout2, Dummy)."""
    return (deal.game in GAMES_1_2 or not OPTIONS_1_2.isdisjoint(deal.variant.options)
            or any(t.name in TAGS_1_2 for t in deal.tags)
            or any(name in TAGS_1_2 for name in deal.inherited))


def needed_version(deal: Deal) -> str:
    """The oldest version of BPN that can hold ``deal``: ``"1.2"``, ``"1.1"`` or ``"1.0"``."""
    if needs_1_2(deal):
        return "1.2"
    return "1.1" if needs_1_1(deal) else "1.0"


def header(version: str | None) -> str:
    """The version line of ``version`` (a version this writer does not know: 1.0's)."""
    return _HEADERS.get(version or "1.0", HEADER)


def newest(versions: Iterable[str | None]) -> str:
    """The newest of ``versions`` this writer knows (``"1.0"`` when none is)."""
    known = [VERSIONS.index(v) for v in versions if v in _HEADERS]
    return VERSIONS[max(known)] if known else "1.0"


def is_comment_block(deal: Deal) -> bool:
    """Whether ``deal`` is only comments (a stretch between deals): no tags, no play,
    no typed field set."""
    return not deal.tags and deal.play is None and not deal.canonical_tags()


def comment_text(comment: Comment) -> str:
    """A comment as written; line ends inside a ``{}`` comment become LF, like the rest."""
    if comment.kind == "{":
        return "{" + comment.text.replace("\r\n", "\n") + "}"
    return ";" + comment.text


class TextWriter(BaseVisitor):
    """A visitor that writes one deal as canonical BPN text (no header)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.line: list[str] = []  # the pieces of the line being written, joined once
        self.deal: Deal | None = None
        self.in_trick = 0
        self.seats = 3
        self.in_row = 0
        self.tags: list[Tag] = []
        self._pending: list[Tag] | None = None

    def _put(self, piece: str) -> None:
        self.line.append(piece)

    def _end_line(self) -> None:
        if self.line:
            self.lines.append(" ".join(self.line))
        self.line = []

    def _comments(self, comments: Iterable[Comment]) -> None:
        for c in comments:
            check_comment(c)
            self._put(comment_text(c))
            if c.kind == ";":
                self._end_line()

    def _deal(self) -> Deal:
        assert self.deal is not None, "begin_deal comes first"
        return self.deal

    def begin_deal(self, deal: Deal) -> None:
        check_writable(deal)
        self.deal = deal
        self.seats = deal.seats

    def visit_comment(self, comment: Comment) -> None:
        check_comment(comment)
        self.lines.append(comment_text(comment))

    def visit_tag(self, tag: Tag) -> None:
        self.tags.append(tag)  # written all at once in begin_play / end_deal (canonical_tags)

    def _write_tags(self, before_auction: bool = False) -> None:
        """Write the tags not yet written (with ``before_auction``, only those that
        come before the auction section)."""
        deal = self._deal()
        if self._pending is None:
            self._pending = canonical_tags(deal, self.tags if deal.auction is None else None)
        rest = []
        for tag in self._pending:
            if before_auction and tag.name not in _BEFORE_AUCTION:
                rest.append(tag)
                continue
            check_tag_text(tag.name, tag.value)  # never a file that does not read back
            self._put(f'[{tag.name} "{escape(tag.value)}"]')
            self._comments(tag.comments)
            self._end_line()
        self._pending = rest

    def begin_auction(self, auction: Auction) -> None:
        self._write_tags(before_auction=True)
        self._put(f'[Auction "{escape(canonical_value("Auction", auction.tag.value, self._deal().game))}"]')
        self._comments(auction.comments)
        self._end_line()
        self.in_row = 0

    def visit_call(self, call: Call) -> None:
        if call.call == "Frisch":
            self._end_line()
            self.in_row = _CALLS_A_LINE - 1
        self._put(call.call + (call.suffix or ""))
        for nag in call.nags:
            self._put(f"${nag}")
        self._comments(call.comments)
        self.in_row += 1
        if self.in_row == _CALLS_A_LINE:
            self._end_line()
            self.in_row = 0

    def end_auction(self, auction: Auction) -> None:
        self._end_line()
        if auction.trailing:  # the next tag ends the section; `*` keeps these comments after it
            self._put("*")
            self._comments(auction.trailing)
            self._end_line()

    def begin_play(self, play: Play) -> None:
        self._write_tags()
        leader = str(play.leader) if play.leader is not None else canonical_value("Play", play.tag.value,
                                                                                   self._deal().game)
        self._put(f'[Play "{escape(leader)}"]')
        self._comments(play.comments)
        self._end_line()
        self.in_trick = 0

    def visit_card(self, card: PlayedCard) -> None:
        text = ("^R " if card.revoke else "") + card.card + (card.suffix or "")
        self._put(text)
        for nag in card.nags:
            self._put(f"${nag}")
        self._comments(card.comments)
        self.in_trick += 1
        if self.in_trick == self.seats:  # one trick a line
            self._end_line()
            self.in_trick = 0

    def end_play(self, play: Play) -> None:
        self._end_line()
        self._put("*")
        self._comments(play.trailing)
        self._end_line()

    def end_deal(self, deal: Deal) -> None:
        self._write_tags()
        self._end_line()

    def result(self) -> str:
        return "".join(line + "\n" for line in self.lines)


def write_deal(deal: Deal) -> str:
    """One deal as canonical BPN text, ending with a newline (no ``% BPN`` header). O(n)."""
    check_writable(deal)
    if is_comment_block(deal):  # a comment block between deals
        return "".join(comment_text(c) + "\n" for c in deal.comments)
    text: str = deal.accept(TextWriter())
    return text


def dumps(deals: Iterable[Deal]) -> str:
    """Deals as a canonical BPN document."""
    return "".join(iter_text(deals))


def iter_text(deals: Iterable[Deal]) -> Iterable[str]:
    """The canonical document piece by piece (header, then each deal with the empty
    line between), for streaming to a file. O(1) memory per deal. The header keeps the
    version the file declared (:attr:`Deal.version`), and says ``% BPN 1.1`` or ``% BPN 1.2``
    when a deal needs it (another game, or a tag of that version; BPN 1.1 §1, 1.2): every deal of a list or tuple is
    looked at first (O(n) more), a stream's first deal with tags only."""
    pending: list[Deal] = []
    it = iter(deals)
    for deal in it:
        pending.append(deal)
        if not is_comment_block(deal):
            break
    ahead: Iterable[Deal] = deals if isinstance(deals, (list, tuple)) else pending
    declared = newest(d.version for d in pending)
    needed = "1.0"
    for d in ahead:
        if needed != "1.2" and not is_comment_block(d):
            needed = newest((needed, needed_version(d)))
    yield header(newest((declared, needed)))
    first = True
    for deal in chain(pending, it):
        text = write_deal(deal)
        if not text:
            continue
        if not first:
            yield "\n"
        first = False
        yield text


def dump(deals: Iterable[Deal], handle: IO[str] | IO[bytes]) -> None:
    """Write deals as a canonical BPN document to a file object, text or binary (UTF-8),
    piece by piece (the companion of :func:`bismarck_pbn.format.reader.load`). For a
    file on disk that must never be left half written, use
    :func:`bismarck_pbn.safewrite.atomic_write`."""
    binary = isinstance(handle, (io.RawIOBase, io.BufferedIOBase)) or "b" in getattr(handle, "mode", "")
    for piece in iter_text(deals):
        handle.write(piece.encode("utf-8") if binary else piece)  # type: ignore[arg-type]
