"""The pieces of a deal as written: places in the text, comments, tag pairs, the cards
of the play section and the calls of the auction, each with the notes that follow it.

Plain named tuples (immutable, cheap: the reader builds one per card). The deal that
holds them is :class:`~bismarck_pbn.model.deal.Deal`, which keeps these names importable.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple


class Pos(NamedTuple):
    """A place in the source: line and column from 1, and the character offset from 0."""

    line: int
    column: int
    offset: int


NOWHERE = Pos(0, 0, -1)
"""The place of something no text gave (an inherited session tag, say)."""


class Comment(NamedTuple):
    """A comment; ``kind`` is ``"{"`` for ``{…}`` and ``";"`` for ``; …``."""

    text: str
    kind: str
    pos: Pos = NOWHERE

    @property
    def end(self) -> int:
        """Offset just past the comment (before the line end of a ``;`` comment)."""
        return self.pos.offset + len(self.text) + (2 if self.kind == "{" else 1)


class Tag(NamedTuple):
    """A tag pair as written: name, unescaped value, and the comments after it."""

    name: str
    value: str
    pos: Pos = NOWHERE
    comments: tuple[Comment, ...] = ()
    value_column: int = 0
    """Column of the value's first character (for pointing inside a Deal string)."""
    end: int = -1
    """Offset just past the closing ``]`` (-1 when not read from text)."""


class PlayedCard(NamedTuple):
    """A card in the play section with everything written against it."""

    card: str
    pos: Pos = NOWHERE
    revoke: bool = False
    """Marked ``^R``: a revoke that happened at the table and stands in the record."""
    suffix: str | None = None
    nags: tuple[int, ...] = ()
    comments: tuple[Comment, ...] = ()
    card_end: int = -1
    """Offset just past the card itself (``S5`` of ``S5!``); -1 when not read from text."""
    notes: tuple[tuple[str, int, int], ...] = ()
    """Every note after the card as (kind, start, end) offsets in source order; kind is
    ``suffix``, ``nag``, ``{`` or ``;``. Lets an editor change them in place."""

    @property
    def end(self) -> int:
        """Offset just past the card's last note (or the card)."""
        return self.notes[-1][2] if self.notes else self.card_end


class Play(NamedTuple):
    """The play section: ``[Play "s"]``, the cards, and where it ended."""

    tag: Tag
    leader: int | None
    """The seat that leads trick 1 as the tag says, or None when the value is malformed."""
    cards: tuple[PlayedCard, ...] = ()
    comments: tuple[Comment, ...] = ()
    """Comments before the first card."""
    closed: bool = False
    """Whether the section ended with ``*``."""
    trailing: tuple[Comment, ...] = ()
    """Comments after the ``*``."""

    def tricks(self) -> Iterator[tuple[PlayedCard, ...]]:
        """The cards three by three; the last group may be short. O(n)."""
        cards = self.cards
        for i in range(0, len(cards), 3):
            yield cards[i : i + 3]


class Call(NamedTuple):
    """A call in the auction section (``Pass``, ``4NT``, ``Frisch``) with everything
    written against it, as :class:`PlayedCard` for a card. ``call`` is the word in its
    canonical case when the word is one BPN knows, else as written."""

    call: str
    pos: Pos = NOWHERE
    suffix: str | None = None
    nags: tuple[int, ...] = ()
    comments: tuple[Comment, ...] = ()
    call_end: int = -1
    """Offset just past the call's word; -1 when not read from text."""
    notes: tuple[tuple[str, int, int], ...] = ()
    """Every note after the call as (kind, start, end) offsets in source order."""

    @property
    def end(self) -> int:
        """Offset just past the call's last note (or the call)."""
        return self.notes[-1][2] if self.notes else self.call_end


class Auction(NamedTuple):
    """The auction section: ``[Auction "s"]``, the calls in order, and where it ended."""

    tag: Tag
    first: int | None
    """The seat that calls first as the tag says, or None when the value is malformed."""
    calls: tuple[Call, ...] = ()
    comments: tuple[Comment, ...] = ()
    """Comments before the first call."""
    closed: bool = False
    """Whether the section ended with ``*``."""
    trailing: tuple[Comment, ...] = ()
    """Comments after the ``*``."""


Hand = tuple[str, ...]
"""A holding: cards in canonical order (duplicates as written are kept, for checking)."""

Pile = tuple[str, "str | None"]
"""A pile of a Turnover Bridge layout: (the face-up card, the face-down card beneath
it, or None where the record does not give it: ``-``)."""
