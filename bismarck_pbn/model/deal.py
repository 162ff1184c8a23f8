"""The immutable model of a hand record: deals, tags, cards played and their notes.

Everything the reader accepts is here, attached to what it belongs to: comments
before the first tag belong to the deal, a comment after a tag pair to that tag, a
comment, NAG, suffix or ``^R`` in the play section to the card before it, a comment
before the first card to the play section. A writer can therefore give back every
word the user wrote.

Objects are tuples and frozen dataclasses: they can be shared, hashed where their
parts are hashable, and never change under a caller's feet. The pieces a deal is made
of (:class:`Tag`, :class:`Comment`, :class:`Play`, …) are in :mod:`bismarck_pbn.model.pieces`;
this module keeps their names importable, and holds the deal and its visitor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from bismarck_pbn.model.fields import FIELD_TAGS, check_deal_values, field_text
from bismarck_pbn.model.games import BISMARCK, GAMES, MAX_SEATS, session_tags
from bismarck_pbn.model.making import deal_fields
from bismarck_pbn.model.pieces import NOWHERE, Auction, Call, Comment, Hand, Pile, Play, PlayedCard, Pos, Tag
from bismarck_pbn.model.variant import STANDARD, Variant

if TYPE_CHECKING:
    from bismarck_pbn.diagnostics import Diagnostic

SESSION_TAGS = session_tags(MAX_SEATS)
"""Tags that describe the session; a deal that leaves one out takes it from the one before."""

KNOWN_TAGS = (
    "Event", "Site", "Date", "Game", "Variant", *(f"Player{s}" for s in range(1, MAX_SEATS + 1)), "Dummy",
    "Board", "Dealer", "Forehand", "Deal", "Layout1", "Layout2", "Kitty", "Turned", "Auction", "Contract", "Trump", "Declarer",
    "Bids", "Frisch1", "Frisch2", "Frisch3", "Direction", "Discard",
    "Tricks", "Score", "Total", "Points", "Play",
)
"""Every tag BPN 1.2 defines, in canonical order (BPN 1.0's and 1.1's in the same order)."""

TAGS_1_1 = frozenset(("Game", "Player4", "Dealer", "Turned", "Auction", "Declarer", "Bids", "Frisch1", "Frisch2",
                      "Frisch3", "Direction", "Points"))
"""Tags that BPN 1.0 does not have: a file using one is written as BPN 1.1."""

TAGS_1_2 = frozenset(("Layout1", "Layout2", "Dummy"))
"""Tags that BPN 1.1 does not have: a file using one is written as BPN 1.2."""

_KNOWN_INDEX = {name: i for i, name in enumerate(KNOWN_TAGS)}


@cache
def known_tags(seats: int) -> frozenset[str]:
    """The tags BPN defines for a game of ``seats`` seats: :data:`KNOWN_TAGS` with a
    Player tag for each seat and none beyond (Player4 in a three-seat game is an unknown
    tag, as in BPN 1.0). The reader, the writer and :meth:`Deal.canonical_tags` ask this."""
    return frozenset(KNOWN_TAGS).difference(f"Player{s}" for s in range(seats + 1, MAX_SEATS + 1))

_FIELD_SET = frozenset(FIELD_TAGS)
_VARIANT_AT = SESSION_TAGS.index("Variant")
_GAME_AT = SESSION_TAGS.index("Game")
_AUCTION_AT = _KNOWN_INDEX["Auction"]
_SECTIONS = frozenset(("Play", "Auction"))

__all__ = ["KNOWN_TAGS", "NOWHERE", "known_tags", "SESSION_TAGS", "TAGS_1_1", "TAGS_1_2", "Auction", "BaseVisitor", "Call",
           "Comment", "Deal",
           "DealVisitor", "Hand", "Play", "PlayedCard", "Pos", "Tag"]


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: its tags, its play section, and the values of the known tags.

    The typed fields are None where the tag is absent or its value malformed; the
    reader reports the latter in :attr:`problems`. ``hands`` is indexed by seat − 1
    and holds None for a hand written as ``-``.

    Each fact is held once: a known tag with a typed field takes its text from the
    field when the field is set (see :mod:`bismarck_pbn.model.fields`), so
    ``dataclasses.replace(deal, contract="Pass")`` writes ``[Contract "Pass"]``; the
    :attr:`tags` keep what was written, for positions, comments, the tags with no
    field (Event, Date, Player1 …) and the values that did not read. Values are
    checked when a deal is made: one the format cannot hold (a line break in a tag
    value, a card that is not a card, a seat out of range) raises ``ValueError``.
    Build deals in code with :meth:`build`.
    """

    tags: tuple[Tag, ...] = ()
    """Every tag pair in source order (the Play tag included)."""
    comments: tuple[Comment, ...] = ()
    """Comments before the first tag."""
    play: Play | None = None
    auction: Auction | None = None
    inherited: Mapping[str, str] = field(default_factory=dict)
    """Session tags this deal left out, taken from the deal before it."""
    problems: tuple[Diagnostic, ...] = ()
    """What the reader found wrong: syntax, malformed values, duplicate or unknown tags."""
    pos: Pos = NOWHERE
    """Where the deal's text starts."""
    end: int = 0
    """Character offset just past the deal's last token."""
    number: int = 0
    """Position of the deal in its file, from 1."""

    game: str = BISMARCK
    """The game's canonical name (the Game tag, inherited ones included)."""
    board: int | None = None
    dealer: int | None = None
    forehand: int | None = None
    deal_first: int | None = None
    """The seat the Deal tag starts with."""
    hands: tuple[Hand | None, ...] | None = None
    """One holding per seat, by seat − 1 (None for a hand written ``-``)."""
    kitty: Hand | None = None
    """The cards not dealt to a hand: a holding in canonical order, or for a stock given
    as a list of cards (German Whist), that list in its order, top first."""
    turned: str | None = None
    contract: str | None = None
    trump: str | None = None
    """The Trump tag as given (S, H, D, C or NT), None when absent."""
    declarer: int | None = None
    discard: Hand | None = None
    exchange: bool | None = None
    """True: the forehand exchanged; False: declined (``Discard "-"``); None: not recorded."""
    tricks: tuple[int, ...] | None = None
    """Tricks by seat, or by side in partnership games (as the tag gives them)."""
    score: tuple[int, ...] | None = None
    total: tuple[int, ...] | None = None
    points: tuple[int, ...] | None = None
    bids: tuple[int, ...] | None = None
    """Contract bids by seat (Israeli Whist's ``Bids``)."""
    frisch: tuple[tuple[Hand, ...] | None, ...] = ()
    """The cards each seat passes in each Frisch (``Frisch1``..``3``), by Frisch − 1 and
    then seat − 1; None for a Frisch tag absent or malformed."""
    direction: str | None = None
    """Bid Whist's ``Direction`` in no trump: ``Uptown`` or ``Downtown``."""
    layouts: tuple[tuple[Pile, ...] | None, ...] = ()
    """Turnover Bridge's layouts (``Layout1``, ``Layout2``), by seat − 1: each pile as
    (face-up card, face-down card or None for ``-``), upper row left to right, then the
    lower row; None for a Layout tag absent or malformed."""
    dummy: int | None = None
    """The träkarl's seat in Swedish Whist (``Dummy``), a session tag."""
    variant: Variant = STANDARD
    tag_map: Mapping[str, Tag] = field(init=False, repr=False, compare=False)
    """The first tag of each name as written, in the order of :attr:`tags`: the index
    behind :meth:`tag`. Made from :attr:`tags` whenever a deal is made (read, built, or
    copied with ``dataclasses.replace``), so it never goes stale. O(t) once."""
    headers_only: bool = False
    """Read with its tags only (a visitor skipped the play section): not to be written back."""
    unread: frozenset[str] = frozenset()
    """Known tags whose value did not read (their fields are left unset): written as given."""
    version: str | None = field(default=None, compare=False)
    """The version the file declared (``"1.1"`` for a first line ``% BPN 1.1``), on the
    file's first deal (or comment block) only; None elsewhere. Writers keep it (BPN 1.1 §1)."""

    def __post_init__(self) -> None:
        tag_map: dict[str, Tag] = {}
        for tag in self.tags:
            if tag.name not in tag_map:
                tag_map[tag.name] = tag
        object.__setattr__(self, "tag_map", tag_map)
        check_deal_values(self)

    @staticmethod
    def build(**values: Any) -> Deal:
        """A deal made in code, its values checked: see :func:`bismarck_pbn.model.build.build`."""
        return Deal(**deal_fields(**values))

    @property
    def headers(self) -> dict[str, str]:
        """Tag values by name, inherited session tags included, the play's leader as Play,
        the auction's first seat as Auction:
        known tags as the typed fields give them, the others as written. O(t)."""
        out = {tag.name: tag.value for tag in self.canonical_tags()}
        for tag in self.tags:
            out.setdefault(tag.name, tag.value)
        if self.play is not None and self.play.leader is not None:
            out["Play"] = str(self.play.leader)
        return out

    @property
    def seats(self) -> int:
        """How many seats the deal's game has."""
        return GAMES[self.game].seats if self.game in GAMES else 3

    @property
    def syntax_ok(self) -> bool:
        """Whether the deal read without a syntax error (BPN001/BPN002)."""
        return not any(p.code in ("BPN001", "BPN002") for p in self.problems)

    def tag(self, name: str) -> Tag | None:
        """The first tag called ``name`` as written, or None. O(1)."""
        return self.tag_map.get(name)

    def with_tag(self, name: str, value: str | None) -> Deal:
        """A copy with tag ``name`` set to ``value`` as text (added if missing; None
        removes it). For tags with no typed field (Event, Site, Date, Player1 …,
        unknown tags); a known tag with a field is changed through the field
        (``dataclasses.replace``), and removing one here also unsets its field. O(t)."""
        tags = [t for t in self.tags if t.name != name or name == "Play"]
        changes: dict[str, Any] = {}
        if value is not None:
            old = self.tag(name)
            new = old._replace(value=value, end=-1) if old is not None else Tag(name, value)
            at = next((i for i, t in enumerate(self.tags) if t.name == name), len(tags))
            tags.insert(min(at, len(tags)), new)
        elif name in FIELD_TAGS:
            changes.update(_unset(name))
        inherited = {k: v for k, v in self.inherited.items() if k != name}
        return replace(self, tags=tuple(tags), inherited=inherited,
                       unread=self.unread - {name}, **changes)

    def session_key(self) -> tuple[str | None, ...]:
        """The values of the session tags, inherited ones included, compared as values:
        white space around them does not count, and the variant is the variant read (an
        absent Variant is Standard, as is ``standard``)."""
        tags, inherited = self.tag_map, self.inherited
        key = []
        for name in session_tags(self.seats):
            tag = tags.get(name)
            value = tag.value if tag is not None else inherited.get(name)
            key.append(value.strip() if value is not None else None)
        key[_VARIANT_AT] = str(self.variant)
        key[_GAME_AT] = self.game
        return tuple(key)

    def opens_session(self, key: tuple[str | None, ...] | None) -> bool:
        """See :func:`opens_session`."""
        return opens_session(self, key)

    def canonical_tags(self) -> list[Tag]:
        """Tags in canonical order: known ones as the spec lists them (inherited session
        tags filled in), then unknown ones in source order. A known tag with a typed
        field takes its text from the field when it is set, and is added when the deal
        has no such tag. Duplicates are left out; the Play tag is not included (it goes
        with the play section). O(t log t)."""
        seen: set[str] = set()
        known: list[Tag] = []
        unknown: list[Tag] = []
        known_here = known_tags(self.seats)
        for tag in self.tags:
            if tag.name in seen or tag.name in _SECTIONS:
                continue
            seen.add(tag.name)
            (known if tag.name in known_here else unknown).append(tag)
        for name, value in self.inherited.items():
            if name not in seen:
                seen.add(name)
                known.append(Tag(name, value))
        for i, tag in enumerate(known):
            if tag.name in _FIELD_SET:
                text = field_text(self, tag.name, tag.value)
                if text is not None and text != tag.value:
                    known[i] = tag._replace(value=text)
        for name in FIELD_TAGS:
            if name not in seen:
                text = field_text(self, name)
                if text is not None:
                    known.append(Tag(name, text))
        known.sort(key=lambda t: _KNOWN_INDEX[t.name])
        return known + unknown

    def accept(self, visitor: DealVisitor) -> Any:
        """Walk the deal in canonical order, calling the visitor's methods; return its
        :meth:`DealVisitor.result`. The same protocol serves writers and exporters. The
        auction section comes where the canonical order puts it: after ``Turned``, before
        ``Contract`` (before the unknown tags when no later known tag is there). O(n)."""
        visitor.begin_deal(self)
        for comment in self.comments:
            visitor.visit_comment(comment)
        auction = self.auction
        for tag in self.canonical_tags():
            if auction is not None and _KNOWN_INDEX.get(tag.name, len(_KNOWN_INDEX)) > _AUCTION_AT:
                _visit_auction(visitor, auction)
                auction = None
            visitor.visit_tag(tag)
        if auction is not None:
            _visit_auction(visitor, auction)
        if self.play is not None:
            visitor.begin_play(self.play)
            for card in self.play.cards:
                visitor.visit_card(card)
            visitor.end_play(self.play)
        visitor.end_deal(self)
        return visitor.result()


def _visit_auction(visitor: DealVisitor, auction: Auction) -> None:
    visitor.begin_auction(auction)
    for call in auction.calls:
        visitor.visit_call(call)
    visitor.end_auction(auction)


class _InSession(Protocol):
    @property
    def board(self) -> int | None: ...
    def session_key(self) -> tuple[Any, ...]: ...


def opens_session(deal: _InSession, key: tuple[Any, ...] | None) -> bool:
    """Does ``deal`` (a :class:`Deal`, or what the session checks keep of one) begin a
    new session after deals whose ``session_key()`` is ``key`` (None: no session before
    it)? Board 1 always does, and so does any change of the session tags: the rule the
    validator, standings, record and the views all follow."""
    return key is None or deal.board == 1 or deal.session_key() != key


class DealVisitor(Protocol):
    """What :meth:`Deal.accept` calls, in this order. Subclass :class:`BaseVisitor`
    to implement only the methods you need."""

    def begin_deal(self, deal: Deal) -> None: ...
    def visit_comment(self, comment: Comment) -> None: ...
    def visit_tag(self, tag: Tag) -> None: ...
    def begin_auction(self, auction: Auction) -> None: ...
    def visit_call(self, call: Call) -> None: ...
    def end_auction(self, auction: Auction) -> None: ...
    def begin_play(self, play: Play) -> None: ...
    def visit_card(self, card: PlayedCard) -> None: ...
    def end_play(self, play: Play) -> None: ...
    def end_deal(self, deal: Deal) -> None: ...
    def result(self) -> Any: ...


class BaseVisitor:
    """A visitor that does nothing; override what you need."""

    def begin_deal(self, deal: Deal) -> None:
        pass

    def visit_comment(self, comment: Comment) -> None:
        pass

    def visit_tag(self, tag: Tag) -> None:
        pass

    def begin_auction(self, auction: Auction) -> None:
        pass

    def visit_call(self, call: Call) -> None:
        pass

    def end_auction(self, auction: Auction) -> None:
        pass

    def begin_play(self, play: Play) -> None:
        pass

    def visit_card(self, card: PlayedCard) -> None:
        pass

    def end_play(self, play: Play) -> None:
        pass

    def end_deal(self, deal: Deal) -> None:
        pass

    def result(self) -> Any:
        return None


def _unset(name: str) -> dict[str, Any]:
    """The field changes that unset known tag ``name``."""
    if name == "Game":
        return {"game": BISMARCK}
    if name == "Variant":
        return {"variant": STANDARD}
    if name == "Deal":
        return {"hands": None, "deal_first": None}
    if name == "Discard":
        return {"discard": None, "exchange": None}
    return {name.lower(): None}
