"""Reading the values of the known tags: seats, numbers, dates, holdings, variants.

Each parser takes the tag's value and returns a typed value or raises
:class:`BadValue` with a message and the index in the value where the fault starts
(so the diagnostic can point at the card inside a long Deal string). Lenient where the
spec says readers are: ``10`` for ``T``, ranks in any order, contracts in any case.

This module reads the cards and holdings and holds :data:`TAG_READERS`, the reader of
each known tag; the one-word values (seats, contracts, dates, variants, numbers) are
read in :mod:`bismarck_pbn.format.scalars`, and their names are importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bismarck_pbn.format.scalars import (COUNT_WORDS, CONTRACTS, DIRECTIONS, TRUMPS, BadValue, board, contract,
                                         date, direction, game, numbers, seat, seat_names, signed_text, triple,
                                         trump, variant, variant_text)
from bismarck_pbn.model.cards import RANKS, SUITS, intern, sort_cards
from bismarck_pbn.model.games import GameWords

__all__ = ["CONTRACTS", "DIRECTIONS", "TAG_READERS", "TRUMPS", "BadValue", "Fields", "TagReader", "board", "card",
           "card_list", "contract", "date", "deal", "direction", "game", "holding", "holdings", "layout", "numbers",
           "optional_holding", "seat", "signed_text", "triple", "trump", "variant", "variant_text"]

_BY_SUIT = {suit: {r: intern(suit + r) for r in RANKS} for suit in SUITS}
_CARD_TEXT = re.compile(r"[SHDC](?:10|[AKQJT98765432])|J[BL]")
_JOKERS = {"B": intern("JB"), "L": intern("JL")}


def card(value: str) -> str:
    """One card: ``H7`` (``H10`` is HT)."""
    v = value.strip()
    try:
        return intern(v.upper()) if _CARD_TEXT.fullmatch(v.upper()) else _bad_card(value)
    except KeyError:
        return _bad_card(value)


def _bad_card(value: str) -> str:
    raise BadValue(f"a card is a suit letter (S, H, D, C) and a rank (A K Q J T 9 … 2), or a joker "
                   f"(JB, JL), not {value!r}")


def card_list(value: str) -> tuple[str, ...]:
    """Cards separated by spaces, in the order given (a German Whist stock, top first)."""
    out = []
    for m in re.finditer(r"\S+", value):
        try:
            out.append(card(m.group()))
        except BadValue:
            raise BadValue(f"{m.group()!r} is not a card in {value.strip()[:60]!r}", m.start()) from None
    return tuple(out)

def holding(value: str, offset: int = 0) -> tuple[str, ...]:
    """``AK2.QJT.5.9876``: four suits S.H.D.C, each a string of ranks; ``10`` is T. A
    fifth field holds jokers (Bid Whist): ``AK2.QJT.5.9876.B`` (``B`` big, ``L`` little).

    Returns the cards in canonical order, duplicates kept (the validator reports
    them; whether the game has jokers is the validator's to say). O(n log n).
    Ranks in lower case (``ak2``) are read as capitals (the reader warns: BPN006)."""
    if not value.isupper():
        value = value.upper()
    parts = value.split(".")
    if len(parts) != 4:
        if len(parts) == 5:
            return sort_cards(holding(value[: value.rfind(".")], offset)
                              + _joker_field(parts[4], value, offset + len(value) - len(parts[4])))
        raise BadValue(f"a holding has four suits separated by dots (S.H.D.C), and a fifth field of "
                       f"jokers in Bid Whist, not {value!r}", offset or None)
    cards: list[str] = []
    pos = offset
    for suit, written in zip(SUITS, parts):
        ranks = written.replace("10", "T") if "1" in written else written
        table = _BY_SUIT[suit]
        try:
            cards.extend([table[r] for r in ranks])
        except KeyError:
            i = 0
            while written[i] in table or written[i : i + 2] == "10":
                i += 2 if written[i : i + 2] == "10" else 1
            raise BadValue(f"{written[i]!r} is not a rank (A K Q J T 9 … 2) in {value!r}", pos + i) from None
        pos += len(written) + 1
    return sort_cards(cards)


def _joker_field(written: str, value: str, pos: int) -> tuple[str, ...]:
    """The jokers of a holding's fifth field: ``B``, ``L``, ``BL`` (any case)."""
    out = []
    for i, rank in enumerate(written):
        joker = _JOKERS.get(rank.upper())
        if joker is None:
            raise BadValue(f"{rank!r} is not a joker (B big, L little) in {value!r}", pos + i)
        out.append(joker)
    return tuple(out)


def optional_holding(value: str) -> tuple[str, ...] | None:
    """A holding, or None for ``-`` (not recorded, or for Discard: exchange declined)."""
    if value.strip() == "-":
        return None
    return holding(value.strip(), value.find(value.strip()[:1]) if value.strip() else 0)


def holdings(value: str, seats: int = 4) -> tuple[tuple[str, ...], ...]:
    """``h h h h``: one holding per seat, seats 1 to ``seats`` (Israeli Whist's
    ``Frisch1``: the cards each seat passes). Counts are the ruleset's to judge."""
    found = [(m.group(), m.start()) for m in re.finditer(r"\S+", value)]
    if len(found) != seats:
        raise BadValue(f"expected {COUNT_WORDS[seats]} holdings separated by spaces, one for each "
                       f"seat, found {len(found)}")
    return tuple(holding(word, start) for word, start in found)


def deal(value: str, seats: int = 3) -> tuple[int, tuple[tuple[str, ...] | None, ...]]:
    """``s:H H H``: one holding per seat (three in Bismarck), the first for seat ``s``,
    then clockwise.

    Returns the first seat and the hands indexed by seat − 1 (None for ``-``)."""
    head, colon, rest = value.partition(":")
    h = head.strip()
    if not colon or not (len(h) == 1 and h.isdigit() and 1 <= int(h) <= seats):
        shape = " ".join(["H"] * seats)
        raise BadValue(f"a deal is written s:{shape} with s the first seat ({seat_names(seats)}), "
                       f"not {value!r}")
    first = int(h)
    hands: list[tuple[str, ...] | None] = [None] * seats
    found = [(m.group(), m.start()) for m in re.finditer(r"\S+", rest)]
    if len(found) != seats:
        raise BadValue(f"the deal needs {COUNT_WORDS[seats]} hands separated by spaces (- for one not "
                       f"recorded), found {len(found)}", len(head) + 1)
    base = len(head) + 1
    s = first
    for word, start in found:
        if word != "-":
            hands[s - 1] = holding(word, base + start)
        s = s % seats + 1
    return first, tuple(hands)

def layout(value: str) -> tuple[tuple[str, str | None], ...]:
    """``SA/H3 D7/C2 HK/-``: a Turnover Bridge layout, its piles in order, each the
    face-up card, a slash and the face-down card beneath (``-`` when not recorded).
    How many piles there must be is the ruleset's to judge. O(n)."""
    piles: list[tuple[str, str | None]] = []
    for m in re.finditer(r"\S+", value):
        word = m.group()
        up, slash, down = word.partition("/")
        if not slash or not up or not down:
            raise BadValue(f"a pile is written UP/DOWN, the face-up card on the face-down one (- for one not "
                           f"recorded), not {word!r}", m.start())
        try:
            piles.append((card(up), None if down == "-" else card(down)))
        except BadValue:
            bad, at = (up, 0) if _CARD_TEXT.fullmatch(up.upper()) is None else (down, len(up) + 1)
            raise BadValue(f"{bad!r} is not a card in the pile {word!r}", m.start() + at) from None
    if not piles:
        raise BadValue("a layout lists its piles, UP/DOWN separated by spaces; this one is empty")
    return tuple(piles)


# ---- the known tags' readers (used by the reader) ----------------------------------------
# Each reads a value into the deal's fields or raises BadValue.

Fields = dict[str, object]
"""The typed fields of a deal being read, by name."""
TagReader = Callable[[str, Fields, GameWords], object]


def _set(key: str, parse: Callable[[str], object]) -> TagReader:
    def read(value: str, fields: Fields, game: GameWords) -> None:
        fields[key] = parse(value)
    return read


def _seat(key: str) -> TagReader:
    def read(value: str, fields: Fields, game: GameWords) -> None:
        fields[key] = seat(value, game.seats)
    return read


def _numbers(key: str, signed: bool, per_side: bool) -> TagReader:
    def read(value: str, fields: Fields, game: GameWords) -> None:
        fields[key] = numbers(value, signed=signed, seats=game.seats, sides=per_side and game.partnership)
    return read


def _read_deal(value: str, fields: Fields, game: GameWords) -> None:
    fields["deal_first"], fields["hands"] = deal(value, game.seats)


def _read_discard(value: str, fields: Fields, game: GameWords) -> None:
    discard = optional_holding(value)
    fields["discard"] = discard
    fields["exchange"] = discard is not None


def _read_kitty(value: str, fields: Fields, game: GameWords) -> None:
    v = value.strip()
    if "." not in v and v:
        fields["kitty"] = card_list(value)  # a stock in order, top first
        return
    fields["kitty"] = holding(v, value.find(v[:1]) if v else 0)


def _read_frisch(n: int) -> TagReader:
    def read(value: str, fields: Fields, game: GameWords) -> None:
        passed: list[object] = list(fields.get("frisch", ()))  # type: ignore[call-overload]
        passed += [None] * (n - len(passed))
        passed[n - 1] = holdings(value, game.seats)
        fields["frisch"] = tuple(passed)
    return read


def _read_layout(n: int) -> TagReader:
    def read(value: str, fields: Fields, game: GameWords) -> None:
        piles: list[object] = list(fields.get("layouts", ()))  # type: ignore[call-overload]
        piles += [None] * (n - len(piles))
        piles[n - 1] = layout(value)
        fields["layouts"] = tuple(piles)
    return read


TAG_READERS: dict[str, TagReader] = {
    "Date": lambda v, f, g: date(v),
    "Game": lambda v, f, g: game(v),
    "Variant": lambda v, f, g: f.__setitem__("variant", variant(v, g.name)),
    "Board": _set("board", board),
    "Dealer": _seat("dealer"),
    "Forehand": _seat("forehand"),
    "Deal": _read_deal,
    "Kitty": _read_kitty,
    "Turned": _set("turned", card),
    "Contract": lambda v, f, g: f.__setitem__("contract", contract(v, g.name)),
    "Trump": _set("trump", trump),
    "Declarer": _seat("declarer"),
    "Direction": _set("direction", direction),
    "Discard": _read_discard,
    "Tricks": _numbers("tricks", False, True),
    "Score": _numbers("score", True, True),
    "Total": _numbers("total", True, True),
    "Points": _numbers("points", True, False),
    "Bids": _numbers("bids", False, False),
    "Frisch1": _read_frisch(1),
    "Frisch2": _read_frisch(2),
    "Frisch3": _read_frisch(3),
    "Layout1": _read_layout(1),
    "Layout2": _read_layout(2),
    "Dummy": _seat("dummy"),
    "Auction": lambda v, f, g: seat(v, g.seats),
    "Play": lambda v, f, g: seat(v, g.seats),
}
