"""The games BPN 1.2 knows, as words: names, seats, sides, variant names and contract words.

This is vocabulary, not rules: what the format lets a record say (``[Game "Whist"]``,
four seats, ``[Variant "Long"]``, ``[Contract "4NT"]``). The reader uses it to read
values with the right number of seats; the rules of each game live in
:mod:`bismarck_pbn.games`, which takes these words from here so that each is written
once.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple


class GameWords(NamedTuple):
    """What a record of one game may say."""

    name: str
    seats: int
    partnership: bool
    """Seats 1 and 3 play against seats 2 and 4; Tricks, Score and Total are per side."""
    bases: tuple[str, ...]
    """Variant base names; the first is the default."""
    options: tuple[str, ...]
    """Variant options."""
    contracts: tuple[str, ...]
    """Contract words (canonical case); games with bid contracts also match :attr:`pattern`."""
    pattern: str = ""
    """A regular expression for numbered contracts (``4NT``, ``6H``), or empty."""


BISMARCK = "Bismarck"

GAMES: dict[str, GameWords] = {g.name: g for g in (
    GameWords(BISMARCK, 3, False, ("Standard", "Grand", "Short", "Estonian", "Finnish"),
              ("ValfriNT", "NoTrumpValfri", "FixedKitty"),
              ("Spel", "Spader", "Valfri", "Pass", "NoHearts", "NoQueen", "Trump")),
    GameWords("Whist", 4, True, ("Standard",), ("Long", "NoHonours"), ()),
    GameWords("Whisk", 4, True, ("Standard",), ("Long", "NoHonours"), ()),
    GameWords("RuffAndHonours", 4, True, ("Standard",), (), ()),
    GameWords("GermanWhist", 2, False, ("Standard",), ("HighLow", "AllTricks"), ()),
    GameWords("SoloWhist", 4, False, ("Standard",), (),
              ("Propose", "Solo", "Misere", "Abundance", "AbundanceTrump", "SpreadMisere", "Slam", "None")),
    GameWords("BidWhist", 4, True, ("Standard",), (), ("None",), r"[3-7](?:U|D|NT)"),
    GameWords("IsraeliWhist", 4, False, ("Standard",), (), ("None",), r"(?:[5-9]|1[0-3])(?:C|D|H|S|NT)"),
    GameWords("SwedishWhist", 4, True, ("Standard",), ("Trakarl",),
              ("Diamonds", "Hearts", "Nolle", "Spel", "Misere")),
    GameWords("TurnoverBridge", 2, False, ("Standard",), ("Pagat",), ()),
)}
"""Every game, by its canonical name."""

_BY_LOWER = {name.lower(): name for name in GAMES}
MAX_SEATS = max(g.seats for g in GAMES.values())


def game_name(value: str) -> str | None:
    """The canonical name of a game written in any case (``whist`` → ``Whist``), or None."""
    return _BY_LOWER.get(value.strip().lower())


def words(game: str | None) -> GameWords:
    """The words of ``game`` (Bismarck when None or unknown)."""
    return GAMES.get(game or BISMARCK) or GAMES[BISMARCK]


def sides(game: str | None) -> tuple[tuple[int, ...], ...]:
    """The sides of ``game``, each a tuple of seats: (1, 3) and (2, 4) in partnership
    games, each seat alone in the others. A side is named by its lower seat."""
    g = words(game)
    if g.partnership:
        return (1, 3), (2, 4)
    return tuple((s,) for s in range(1, g.seats + 1))


def contract_word(game: str | None, value: str) -> str | None:
    """The canonical spelling of a contract of ``game`` (any case), or None."""
    g = words(game)
    v = value.strip()
    for word in g.contracts:
        if word.lower() == v.lower():
            return word
    if g.pattern and re.fullmatch(g.pattern, v.upper()):
        return v.upper()
    return None


CALL_WORDS = ("Pass", "Frisch", "Propose", "Accept", "Solo", "Misere", "Abundance", "AbundanceTrump",
              "SpreadMisere", "Slam", "Take", "Clubs", "Spades", "Diamonds", "Hearts", "Nolle", "Spel")
"""The words of the auction games' auctions (BPN 1.1 §2), in canonical case. Numbered
bids (``5C``, ``13NT``, ``4U``) are written with upper-case letters."""

_CALLS_BY_LOWER = {w.lower(): w for w in CALL_WORDS}
_NUMBERED = re.compile(r"([0-9]+)(c|d|h|s|nt|u)", re.IGNORECASE)


def call_word(word: str) -> str:
    """The canonical case of an auction call read without regard to case (``pass`` →
    ``Pass``, ``4nt`` → ``4NT``); a word BPN does not know comes back as written (its
    ruleset judges it). O(len(word))."""
    known = _CALLS_BY_LOWER.get(word.lower())
    if known is not None:
        return known
    if _NUMBERED.fullmatch(word):
        return word.upper()
    return word


@cache
def session_tags(seats: int = MAX_SEATS) -> tuple[str, ...]:
    """Tags that describe a session of a game of ``seats`` seats (a deal that leaves one
    out takes it from the one before): a Player tag for each seat, none beyond (Player4
    in a three-seat game is an unknown tag, as in BPN 1.0), and the träkarl's seat."""
    return ("Event", "Site", "Date", "Game", "Variant", *(f"Player{s}" for s in range(1, seats + 1)), "Dummy")
