"""Reading what is typed at the table for ``bpn record``: cards, holdings, card lists
and trick counts, forgiving about case and spacing, strict about meaning. Each raises
:class:`~bismarck_pbn.format.values.BadValue` with a message for the player."""

from __future__ import annotations

import re

from bismarck_pbn.format import values
from bismarck_pbn.games.base import seat_list
from bismarck_pbn.model.cards import JOKERS, RANKS, SUITS

__all__ = ["cards_word", "parse_card", "parse_cards", "parse_tricks"]

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}
_EXAMPLES = {2: "14 12", 3: "7 3 6", 4: "4 3 3 3"}


def parse_card(text: str) -> str:
    """A card typed at the table: ``SA``, ``s a``, ``H10``, ``ht``; also rank first
    (``AS``, ``10h``), which cannot be confused with anything; Bid Whist's jokers ``JB``
    and ``JL``. Raises BadValue."""
    t = re.sub(r"\s+", "", text).upper().replace("10", "T")
    if t in JOKERS:
        return t
    if len(t) == 2:
        if t[0] in SUITS and t[1] in RANKS:
            return t
        if t[1] in SUITS and t[0] in RANKS:
            return t[1] + t[0]
    raise values.BadValue(f"{text.strip()!r} is not a card: write the suit, then the rank "
                          "(SA, HT or H10, D2)")


def parse_cards(text: str) -> tuple[str, ...]:
    """Cards typed as a holding (``AK2.QJT.5.9876``, suits S.H.D.C) or as a list
    (``SQ H9 D4 C9``, kept in the order typed). Duplicates are kept, for the caller to
    report. Raises BadValue."""
    t = text.strip()
    if "." in t:
        compact = re.sub(r"\s+", "", t).upper()
        return values.holding(compact)
    words = [w for w in re.split(r"[\s,]+", t) if w]
    return tuple(parse_card(w) for w in words)


def parse_tricks(text: str, seats: int = 3) -> tuple[int, ...]:
    """One trick count per seat, seats 1 to ``seats``: ``7 3 6``, ``7/3/6`` or ``7,3,6``."""
    parts = [p for p in re.split(r"[\s,/]+", text.strip()) if p]
    if len(parts) != seats or not all(p.isdigit() for p in parts):
        raise values.BadValue(f"give {_NUMBER_WORDS.get(seats, seats)} trick counts, for seats "
                              f"{seat_list(range(1, seats + 1))}: {_EXAMPLES.get(seats, '')}")
    return tuple(int(p) for p in parts)


def cards_word(n: int) -> str:
    """``1 card``, ``4 cards``."""
    return f"{n} card" if n == 1 else f"{n} cards"
