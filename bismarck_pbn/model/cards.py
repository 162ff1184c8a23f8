"""Cards, suits and ranks: the vocabulary shared by the model and the rules engine.

A card is a two-character string, suit then rank: ``"SA"``, ``"HT"``, ``"D2"``.
Strings keep the model readable, hashable and JSON-friendly at no cost in speed:
every card the reader produces is one of the 52 interned constants in :data:`DECK`,
or one of Bid Whist's two jokers, ``"JB"`` (big) and ``"JL"`` (little): "suit" ``J``,
written in a holding's fifth field (``AK2.QJT.5.9876.B``). Which games deal the jokers
is the rules' business (:attr:`bismarck_pbn.games.base.Ruleset.deck`); the tables here
know them so that any game can name them (and report them as not in its deck).
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "SHDC"
"""Suits in the order holdings list them: spades, hearts, diamonds, clubs."""

RANKS = "AKQJT98765432"
"""Ranks from high to low."""

DECK: tuple[str, ...] = tuple(s + r for s in SUITS for r in RANKS)
"""The 52 cards in canonical order: spades first, each suit high to low."""

DECK_SET = frozenset(DECK)

JOKER = "J"
"""The "suit" letter of the jokers."""
JOKERS: tuple[str, ...] = ("JB", "JL")
"""Bid Whist's jokers, big then little."""
DECK_54: tuple[str, ...] = DECK + JOKERS
"""Bid Whist's deck: the 52 cards and the two jokers."""
CARD_SET = frozenset(DECK_54)
"""Every card the format can name (whether a game deals it is its rules' business)."""
_FIELDS = SUITS + JOKER
"""The fields of a holding: four suits, and the jokers' where there are any."""

ORDER: dict[str, int] = {card: i for i, card in enumerate(DECK_54)}
"""Canonical position of each card (0 = SA … 51 = C2, then JB, JL)."""

RANK_VALUE: dict[str, int] = {card: 14 - RANKS.index(card[1]) for card in DECK}
"""Strength within its suit: A = 14 … 2 = 2."""

_INTERN = {card: card for card in DECK_54}


def intern(card: str) -> str:
    """Return the shared constant for ``card`` (``"H10"`` is read as ``"HT"``)."""
    if len(card) == 3:
        card = card[0] + "T"
    return _INTERN[card]


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in canonical order (by suit S, H, D, C, then high to low). O(n log n)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def rest_of_deck(holdings: Iterable[Iterable[str] | None]) -> tuple[str, ...]:
    """The cards in none of ``holdings``, in canonical order: with the three hands
    known, the kitty. A hand given as None (not known) is passed over. O(52·h)."""
    held: set[str] = set()
    for holding in holdings:
        held.update(holding or ())
    return tuple(c for c in DECK if c not in held)


def holding_text(cards: Iterable[str]) -> str:
    """Write cards as a holding, ``S.H.D.C`` with ranks high to low: ``AK2.QJT.5.9876``;
    with jokers a fifth field of their ranks: ``AK2.QJT.5.9876.B``."""
    out = []
    suit = 0  # index in _FIELDS of the suit being written
    for card in sort_cards(cards):
        while card[0] != _FIELDS[suit]:
            out.append(".")
            suit += 1
        out.append(card[1])
    out.append("." * (3 - suit))  # (none after the jokers' field)
    return "".join(out)
