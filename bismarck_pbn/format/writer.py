"""Writing deals back as canonical BPN text, with every comment, NAG, suffix and ``^R``.

The canonical form (BPN 1.0 §3): ``% BPN 1.0`` first; in each deal the comments before
it, then the tags in the spec's order with session tags repeated and ``Trump`` written
as the contract implies it, unknown tags after them in their original order, the Play
tag last; one trick per line, cards separated by one space, each card followed by its
suffix, NAGs and comments; ``*`` on its own line; one empty line between deals; LF line
ends and a final newline. Values are written in their canonical spelling (holdings
high to low with ``T``, contracts capitalised, scores signed) when they read cleanly,
and exactly as given when they do not.

A ``;`` comment runs to the end of its line, so a trick whose card carries one
continues on the next line: the only place the one-trick-per-line rule bends.
"""

from __future__ import annotations

from collections.abc import Iterable

from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.format import values
from bismarck_pbn.model.cards import holding_text
from bismarck_pbn.model.deal import BaseVisitor, Comment, Deal, Play, PlayedCard, Tag

HEADER = "% BPN 1.0\n"

UNWRITABLE = ("BPN001", "BPN002", "BPN003", "BPN102")
"""Problems that stop a deal being written back without losing what the user wrote:
syntax, bad bytes, and a tag or play section given twice (the canonical form has one)."""


def check_writable(deal: Deal) -> None:
    """Raise ValueError if writing ``deal`` back would lose some of its text."""
    bad = [p for p in deal.problems if p.code in UNWRITABLE]
    if bad:
        raise ValueError(f"deal {deal.number} cannot be written back without losing text: "
                         + "; ".join(f"{p.code} at {p.line}:{p.column}" for p in bad))


def escape(value: str) -> str:
    """A tag value with ``\\`` and ``"`` escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _holding(value: str) -> str:
    return holding_text(values.holding(value.strip()))


def _deal_value(value: str) -> str:
    first, hands = values.deal(value)
    parts = []
    s = first
    for _ in range(3):
        hand = hands[s - 1]
        parts.append("-" if hand is None else holding_text(hand))
        s = engine.left_of(s)
    return f"{first}:{' '.join(parts)}"


_CANONICAL = {
    "Variant": values.variant_text,
    "Date": values.date,
    "Board": lambda v: str(values.board(v)),
    "Forehand": lambda v: str(values.seat(v)),
    "Deal": _deal_value,
    "Kitty": _holding,
    "Contract": values.contract,
    "Trump": values.trump,
    "Discard": lambda v: "-" if v.strip() == "-" else _holding(v),
    "Tricks": lambda v: " ".join(map(str, values.triple(v, signed=False))),
    "Score": lambda v: values.signed_text(values.triple(v, signed=True)),
    "Total": lambda v: values.signed_text(values.triple(v, signed=True)),
    "Play": lambda v: str(values.seat(v)),
}


def canonical_value(name: str, value: str) -> str:
    """The canonical spelling of a known tag's value; the value as given when it does
    not read cleanly (the writer never invents or loses data)."""
    fix = _CANONICAL.get(name)
    if fix is None:
        return value
    try:
        return fix(value)
    except values.BadValue:
        return value


def canonical_tags(deal: Deal) -> list[Tag]:
    """The deal's tags as the canonical form writes them: canonical order and values,
    inherited session tags filled in, Trump implied by the contract when not given."""
    tags = [t._replace(value=canonical_value(t.name, t.value)) for t in deal.canonical_tags()]
    if deal.tag("Trump") is None and deal.contract is not None:
        implied = engine.implied_trump(deal.contract)
        if implied is not None:
            names = [t.name for t in tags]
            at = names.index("Contract") + 1
            tags.insert(at, Tag("Trump", implied))
    return tags


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
        self._tags_done = False

    def _put(self, piece: str) -> None:
        self.line.append(piece)

    def _end_line(self) -> None:
        if self.line:
            self.lines.append(" ".join(self.line))
        self.line = []

    def _comments(self, comments: Iterable[Comment]) -> None:
        for c in comments:
            self._put(comment_text(c))
            if c.kind == ";":
                self._end_line()

    def begin_deal(self, deal: Deal) -> None:
        check_writable(deal)
        self.deal = deal

    def visit_comment(self, comment: Comment) -> None:
        self.lines.append(comment_text(comment))

    def visit_tag(self, tag: Tag) -> None:
        pass  # tags are written all at once in begin_play / end_deal (canonical_tags)

    def _write_tags(self) -> None:
        if self._tags_done:
            return
        self._tags_done = True
        for tag in canonical_tags(self.deal):
            self._put(f'[{tag.name} "{escape(tag.value)}"]')
            self._comments(tag.comments)
            self._end_line()

    def begin_play(self, play: Play) -> None:
        self._write_tags()
        self._put(f'[Play "{escape(canonical_value("Play", play.tag.value))}"]')
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
        if self.in_trick == 3:
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
    if not deal.tags:  # a comment block between deals
        return "".join(comment_text(c) + "\n" for c in deal.comments)
    return deal.accept(TextWriter())


def dumps(deals: Iterable[Deal]) -> str:
    """Deals as a canonical BPN document."""
    return "".join(iter_text(deals))


def iter_text(deals: Iterable[Deal]) -> Iterable[str]:
    """The canonical document piece by piece (header, then each deal with the empty
    line between), for streaming to a file. O(1) memory per deal."""
    yield HEADER
    first = True
    for deal in deals:
        text = write_deal(deal)
        if not text:
            continue
        if not first:
            yield "\n"
        first = False
        yield text
