"""The typed fields of a deal as tag text, and the checks a value passes when it is set.

A deal holds each fact once. The known tags that have a typed field (``Board``,
``Contract``, ``Deal``, ``Score`` …) take their text from the field whenever it is set,
so ``dataclasses.replace(deal, contract="Pass")`` is written as ``[Contract "Pass"]``.
A field that is not set (None, or for ``Game`` and ``Variant`` the default when the
tag did not read: :attr:`Deal.unread`) leaves the tag as it was written: a malformed
value is never lost. Tags without a field (``Event``, ``Date``, ``Player1`` …, unknown
ones) are text and stay as they are.

:func:`check_deal_values` is what :class:`~bismarck_pbn.model.deal.Deal` runs when it
is made: it raises ``ValueError`` for a value the format cannot hold. What a reader
took from a file is not checked again (its faults are in ``Deal.problems``); what code
gave is: tags, comments and cards with no place in a text, and every typed field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from bismarck_pbn.model.cards import CARD_SET, ORDER, holding_text
from bismarck_pbn.model.games import BISMARCK, GAMES, contract_word, words
from bismarck_pbn.model.pieces import Comment, Hand, Play, Tag
from bismarck_pbn.model.variant import BASES, OPTIONS, STANDARD, Variant

if TYPE_CHECKING:
    from bismarck_pbn.diagnostics import Diagnostic

TRUMPS = ("S", "H", "D", "C", "NT")

FIELD_TAGS = ("Game", "Variant", "Board", "Dealer", "Forehand", "Deal", "Kitty", "Turned", "Contract",
              "Trump", "Declarer", "Discard", "Tricks", "Score", "Total", "Points")
"""The known tags whose value a typed field holds (the Play tag's is ``Play.leader``)."""


class DealValues(Protocol):
    """What these functions read of a deal: the values of
    :class:`bismarck_pbn.model.deal.Deal` (named here by their shape, so that this module
    stays below the one that holds the deal)."""

    @property
    def game(self) -> str: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def unread(self) -> frozenset[str]: ...
    @property
    def tags(self) -> tuple[Tag, ...]: ...
    @property
    def comments(self) -> tuple[Comment, ...]: ...
    @property
    def inherited(self) -> Mapping[str, str]: ...
    @property
    def problems(self) -> tuple[Diagnostic, ...]: ...
    @property
    def play(self) -> Play | None: ...
    @property
    def board(self) -> int | None: ...
    @property
    def dealer(self) -> int | None: ...
    @property
    def forehand(self) -> int | None: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def deal_first(self) -> int | None: ...
    @property
    def hands(self) -> tuple[Hand | None, ...] | None: ...
    @property
    def kitty(self) -> Hand | None: ...
    @property
    def discard(self) -> Hand | None: ...
    @property
    def exchange(self) -> bool | None: ...
    @property
    def turned(self) -> str | None: ...
    @property
    def contract(self) -> str | None: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def tricks(self) -> tuple[int, ...] | None: ...
    @property
    def score(self) -> tuple[int, ...] | None: ...
    @property
    def total(self) -> tuple[int, ...] | None: ...
    @property
    def points(self) -> tuple[int, ...] | None: ...


def signed(numbers: tuple[int, ...]) -> str:
    """Scores as Score, Total and Points write them: ``+2 0 -2``."""
    return " ".join(f"+{n}" if n > 0 else str(n) for n in numbers)


def variant_text(variant: Variant, game: str) -> str:
    """A variant as the Variant tag writes it: base then options in the game's order."""
    if game == BISMARCK:
        return " ".join([variant.base, *(o for o in OPTIONS if o in variant.options)])
    return " ".join(o for o in words(game).options if o in variant.options) or "Standard"


def _as_written(variant: Variant, game: str, written: str | None) -> str | None:
    """A Bismarck variant in the order ``written`` names it (each name once, in its proper
    case), when ``written`` names exactly ``variant``; else None. In Bismarck the order of
    the options is the writer's; the other games write theirs in the game's order."""
    if written is None or game != BISMARCK:
        return None
    names = {n.lower(): n for n in (variant.base, *variant.options)}
    words = [w.lower() for w in written.split()]
    if not words or set(words) != set(names) or words[0] != variant.base.lower():
        return None
    return " ".join(names[w] for w in dict.fromkeys(words))


def _cards(cards: tuple[str, ...], as_list: bool) -> str:
    return " ".join(cards) if as_list else holding_text(cards)


def _in_order(cards: tuple[str, ...]) -> bool:
    return all(ORDER[a] <= ORDER[b] for a, b in zip(cards, cards[1:]))


def field_text(deal: DealValues, name: str, written: str | None = None) -> str | None:
    """The text of tag ``name`` as ``deal``'s typed fields give it, or None when they do
    not (the field is not set). ``written`` is the tag's text as given, if any: a Kitty
    written as a list of cards is written as one again. O(size of the value)."""
    if name == "Game":
        if deal.game == BISMARCK and (written is None or "Game" in deal.unread):
            return None
        return deal.game
    if name == "Variant":
        if deal.variant == STANDARD and (written is None or "Variant" in deal.unread):
            return None
        return _as_written(deal.variant, deal.game, written) or variant_text(deal.variant, deal.game)
    value = getattr(deal, _ATTRS[name])
    if name in ("Deal", "Discard", "Kitty"):
        if name == "Deal" and value is not None:
            first = deal.deal_first or 1
            seats = len(value)
            order = [(first - 1 + i) % seats for i in range(seats)]
            return f"{first}:" + " ".join("-" if value[s] is None else holding_text(value[s]) for s in order)
        if name == "Discard" and value is None:
            return "-" if deal.exchange is False else None
        if value is None:
            return None
        as_list = not _in_order(value) or (written is not None and "." not in written and bool(written.strip()))
        return _cards(value, as_list and name == "Kitty")
    if value is None:
        return None
    if name in ("Score", "Total", "Points"):
        return signed(value)
    if name == "Tricks":
        return " ".join(map(str, value))
    return str(value)


def is_set(deal: DealValues, name: str) -> bool:
    """Whether tag ``name`` takes its text from a typed field of ``deal`` (see :func:`field_text`). O(1)."""
    attr = _ATTRS.get(name)
    if attr is None:
        return name in ("Game", "Variant") and name not in deal.unread
    if name == "Discard" and deal.exchange is False:
        return True
    return getattr(deal, attr) is not None


_ATTRS = {"Board": "board", "Dealer": "dealer", "Forehand": "forehand", "Deal": "hands", "Kitty": "kitty",
          "Turned": "turned", "Contract": "contract", "Trump": "trump", "Declarer": "declarer",
          "Discard": "discard", "Tricks": "tricks", "Score": "score", "Total": "total", "Points": "points"}


# ---- checks when a value is set ---------------------------------------------------------------

def check_tag_text(name: str, value: str) -> None:
    """Raise ValueError unless ``name`` is a tag name and ``value`` fits in a tag pair
    (one line: BPN has no escape for a line break, so it is refused)."""
    if not (name[:1].isalpha() and name.isascii() and name.replace("_", "").isalnum()):
        raise ValueError(f"{name!r} is not a tag name: letters, digits and _, starting with a letter")
    if "\n" in value or "\r" in value:
        raise ValueError(f"the value of [{name}] has a line break, which a tag value cannot hold: {value!r}")


def check_comment(comment: Comment) -> None:
    """Raise ValueError unless the comment can be written so that it reads back the same."""
    if comment.kind == "{":
        if "}" in comment.text:
            raise ValueError(f"a {{…}} comment cannot hold '}}': {comment.text!r}")
    elif comment.kind == ";":
        if "\n" in comment.text or "\r" in comment.text:
            raise ValueError(f"a ; comment runs to the end of its line and cannot hold a line break: "
                             f"{comment.text!r}")
    else:
        raise ValueError(f"a comment's kind is '{{' or ';', not {comment.kind!r}")


def _syntax_faults(deal: DealValues) -> bool:
    return any(p.code == "BPN001" for p in deal.problems)


def _seat(what: str, value: object, seats: int) -> None:
    if value is not None and (type(value) is not int or not 1 <= value <= seats):
        raise ValueError(f"{what} must be a seat from 1 to {seats}, not {value!r}")


def _cardset(what: str, cards: object) -> None:
    if cards is None:
        return
    if not isinstance(cards, tuple) or not CARD_SET.issuperset(cards):
        bad = [c for c in cards if c not in CARD_SET] if isinstance(cards, (tuple, list)) else cards
        raise ValueError(f"{what} must be a tuple of cards such as 'SA' or 'HT', not {bad!r}")


def _numbers(what: str, value: object, counts: tuple[int, ...]) -> None:
    if value is None:
        return
    if (not isinstance(value, tuple) or len(value) not in counts
            or any(type(n) is not int for n in value)):
        raise ValueError(f"{what} must be a tuple of {' or '.join(map(str, counts))} whole numbers, "
                         f"not {value!r}")


def check_deal_values(deal: DealValues) -> None:
    """Raise ValueError for a value ``deal`` cannot hold. O(size of the deal)."""
    g = GAMES.get(deal.game)
    if g is None:
        raise ValueError(f"unknown game {deal.game!r}; the games are {', '.join(GAMES)}")
    seats = g.seats
    v = deal.variant
    if not isinstance(v, Variant):
        raise ValueError(f"the variant must be a Variant, not {v!r}")
    allowed = OPTIONS if deal.game == BISMARCK else g.options
    if (v.base not in (BASES if deal.game == BISMARCK else ("Standard",))
            or not v.options <= frozenset(allowed)):
        raise ValueError(f"{v} is not a variant of {deal.game}")
    if deal.board is not None and (type(deal.board) is not int or deal.board < 1):
        raise ValueError(f"the board must be a whole number from 1, not {deal.board!r}")
    for what in ("dealer", "forehand", "declarer", "deal_first"):
        _seat(what, getattr(deal, what), seats)
    if deal.hands is not None:
        if not isinstance(deal.hands, tuple) or len(deal.hands) != seats:
            raise ValueError(f"hands must be a tuple of {seats} hands (None for one not known), "
                             f"not {deal.hands!r}")
        for hand in deal.hands:
            _cardset("a hand", hand)
    _cardset("the kitty", deal.kitty)
    _cardset("the discard", deal.discard)
    if deal.turned is not None and deal.turned not in CARD_SET:
        raise ValueError(f"the turned card must be a card such as 'HT', not {deal.turned!r}")
    if deal.contract is not None and contract_word(deal.game, deal.contract) != deal.contract:
        right = contract_word(deal.game, deal.contract)
        hint = f"; write {right!r}" if right else ""
        raise ValueError(f"{deal.contract!r} is not a contract of {deal.game}{hint}")
    if deal.trump is not None and deal.trump not in TRUMPS:
        raise ValueError(f"the trump must be one of {', '.join(TRUMPS)}, not {deal.trump!r}")
    if deal.exchange is not None and type(deal.exchange) is not bool:
        raise ValueError(f"exchange must be True, False or None, not {deal.exchange!r}")
    if deal.exchange is False and deal.discard is not None:
        raise ValueError("exchange is False (declined) but a discard is given; set discard=None too")
    sides = (2, seats) if g.partnership else (seats,)
    _numbers("tricks", deal.tricks, sides)
    _numbers("score", deal.score, sides)
    _numbers("total", deal.total, sides)
    _numbers("points", deal.points, (seats,))
    for tag in deal.tags:
        if tag.end < 0:
            check_tag_text(tag.name, tag.value)
            for c in tag.comments:
                check_comment(c)
        elif "\n" in tag.value or ("\r" in tag.value and not _syntax_faults(deal)):
            # a read tag given a new value with _replace; but a bare CR inside a value can
            # come from the text itself, where the reader reports it (BPN001) and the deal
            # is made all the same, as every deal with a syntax error is
            check_tag_text(tag.name, tag.value)
    for name, value in deal.inherited.items():
        check_tag_text(name, value)
    for c in deal.comments:
        if c.pos.offset < 0:
            check_comment(c)
    play = deal.play
    if play is not None:
        _seat("the play's leader", play.leader, seats)
        for c in (*play.comments, *play.trailing):
            if c.pos.offset < 0:
                check_comment(c)
        for card in play.cards:
            if card.pos.offset < 0:
                if card.card not in CARD_SET:
                    raise ValueError(f"{card.card!r} is not a card such as 'SA' or 'HT'")
                for c in card.comments:
                    check_comment(c)
