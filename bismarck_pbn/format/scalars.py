"""Reading the one-word values of the known tags: seats, the game, board numbers,
contracts, trumps, directions, dates, variants, and rows of numbers (Tricks, Score, …).

Each parser takes the tag's value and returns a typed value or raises
:class:`BadValue` with a message and the index in the value where the fault starts.
Lenient where the spec says readers are: contracts in any case. The cards and holdings,
and the table of every known tag's reader, are :mod:`bismarck_pbn.format.values`, which
keeps these names importable too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bismarck_pbn.model.games import BISMARCK, GAMES, contract_word, game_name, words
from bismarck_pbn.model.variant import BASES, OPTIONS, Variant


class BadValue(ValueError):
    """A malformed value; ``index`` locates the fault inside the value when it can be
    pinned down (a bad card in a holding), else None (the whole value is wrong).
    ``code`` is the diagnostic it gives: BPN103, or BPN105 for a game or option that
    does not exist."""

    def __init__(self, message: str, index: int | None = None, code: str = "BPN103"):
        super().__init__(message)
        self.message = message
        self.index = index
        self.code = code

CONTRACTS = {"spel": "Spel", "spader": "Spader", "valfri": "Valfri", "pass": "Pass"}
TRUMPS = ("S", "H", "D", "C", "NT")
_BASES = {b.lower(): b for b in BASES}
_OPTIONS = {o.lower(): o for o in OPTIONS}
_DATE = re.compile(r"([0-9]{4}|\?{4})\.([0-9]{2}|\?\?)\.([0-9]{2}|\?\?)\Z")
_INT = re.compile(r"[+-]?[0-9]{1,9}\Z")

def seat_names(seats: int) -> str:
    return ", ".join(str(s) for s in range(1, seats)) + f" or {seats}"


def seat(value: str, seats: int = 3) -> int:
    """A seat from 1 to ``seats``: ``1``, ``2`` or ``3`` in Bismarck."""
    v = value.strip()
    if len(v) == 1 and v.isdigit() and 1 <= int(v) <= seats:
        return int(v)
    raise BadValue(f"a seat must be {seat_names(seats)}, not {value!r}")


def game(value: str) -> str:
    """A game's name in any case; returned in canonical case."""
    found = game_name(value)
    if found is None:
        raise BadValue(f"unknown game {value.strip()!r}; the games are {', '.join(GAMES)}", code="BPN105")
    return found

def board(value: str) -> int:
    """A deal number, from 1."""
    v = value.strip()
    if v.isdigit() and v.isascii() and len(v) <= 9 and int(v) >= 1:
        return int(v)
    raise BadValue(f"a board number must be a whole number from 1, not {value!r}")


def contract(value: str, game: str = BISMARCK) -> str:
    """A contract of ``game`` in any case (Spel, Spader, Valfri or Pass in Bismarck);
    returned in canonical case."""
    if game == BISMARCK:
        found = CONTRACTS.get(value.strip().lower())
        if found is None and value.strip().lower() in ("nohearts", "noqueen", "trump"):
            found = contract_word(game, value)  # Estonian and Finnish contracts
        if found is None:
            raise BadValue(f"the contract must be Spel, Spader, Valfri or Pass, not {value!r}")
        return found
    found = contract_word(game, value)
    if found is None:
        g = words(game)
        shown = ", ".join(g.contracts) if g.contracts else "none (its trump comes from the turned card)"
        extra = {"BidWhist": " or a bid such as 4U, 5D, 4NT", "IsraeliWhist": " or a bid such as 6H, 7NT"}
        raise BadValue(f"{value.strip()!r} is not a contract of {game}; its contracts: {shown}"
                       f"{extra.get(game, '')}")
    return found


def trump(value: str) -> str:
    """S, H, D, C or NT (any case)."""
    v = value.strip().upper()
    if v in TRUMPS:
        return v
    raise BadValue(f"the trump must be S, H, D, C or NT, not {value!r}")


DIRECTIONS = ("Uptown", "Downtown")


def direction(value: str) -> str:
    """Bid Whist's rank order in no trump: ``Uptown`` or ``Downtown`` (any case)."""
    for word in DIRECTIONS:
        if value.strip().lower() == word.lower():
            return word
    raise BadValue(f"the direction must be Uptown or Downtown, not {value!r}")


def date(value: str) -> str:
    """``YYYY.MM.DD`` with ``??`` for unknown parts; returned as given."""
    m = _DATE.match(value.strip())
    lead = len(value) - len(value.lstrip())
    if not m:
        raise BadValue(f"a date is written YYYY.MM.DD, with ?? for unknown parts, not {value!r}")
    _, month, day = m.groups()
    if month != "??" and not 1 <= int(month) <= 12:
        raise BadValue(f"there is no month {month} in {value!r}", lead + 5)
    if day != "??" and not 1 <= int(day) <= 31:
        raise BadValue(f"there is no day {day} in {value!r}", lead + 8)
    year = m.group(1)
    if "?" not in year + month + day:
        import datetime

        try:
            datetime.date(int(year), int(month), int(day))
        except ValueError:
            raise BadValue(f"there is no such date as {value.strip()!r}", lead + 8) from None
    return value.strip()


def variant(value: str, game: str = BISMARCK) -> Variant:
    """A base name and options separated by spaces: ``Grand FixedKitty``. For games other
    than Bismarck, ``Standard`` and that game's options."""
    if game != BISMARCK:
        return _game_variant(value, game)
    words = value.split()
    if not words:
        raise BadValue("the variant is empty; write Standard, Grand, Short, Estonian or Finnish")
    base = _BASES.get(words[0].lower())
    if base is None:
        raise BadValue(f"unknown variant {words[0]!r}; the bases are Standard, Grand, Short, Estonian and Finnish",
                       value.find(words[0]))
    options = set()
    for word in words[1:]:
        option = _OPTIONS.get(word.lower())
        if option is None:
            raise BadValue(f"unknown variant option {word!r}; the options are "
                           "ValfriNT, NoTrumpValfri and FixedKitty", value.find(word))
        options.add(option)
    if {"ValfriNT", "NoTrumpValfri"} <= options:
        raise BadValue("ValfriNT and NoTrumpValfri cannot both be given")
    return Variant(base, frozenset(options))


def _game_variant(value: str, game: str) -> Variant:
    g = words(game)
    options = {o.lower(): o for o in g.options}
    found = set()
    for word in value.split():
        if word.lower() == "standard":
            continue
        option = options.get(word.lower().replace("ä", "a"))  # (Träkarl as Trakarl: BPN 1.2 §2)
        if option is None:
            have = ", ".join(g.options) if g.options else "none"
            raise BadValue(f"{word!r} is not an option of {game} (its options: {have})", value.find(word),
                           code="BPN105")
        found.add(option)
    return Variant("Standard", frozenset(found))


def variant_text(value: str, game: str = BISMARCK) -> str:
    """The canonical spelling of a Variant value: names in their proper case, in the
    order written, each once."""
    read = variant(value, game)  # raises BadValue when malformed
    if game != BISMARCK:
        g = words(game)
        return " ".join(o for o in g.options if o in read.options) or "Standard"
    names = value.split()
    out = [_BASES[names[0].lower()]] + [_OPTIONS[w.lower()] for w in names[1:]]
    return " ".join(dict.fromkeys(out))


def signed_text(values: Iterable[int]) -> str:
    """Scores as written in Score and Total tags: ``+2 0 -2``."""
    return " ".join(f"+{v}" if v > 0 else str(v) for v in values)


def triple(value: str, *, signed: bool) -> tuple[int, int, int]:
    """Three whole numbers for seats 1, 2, 3: ``4 2 10``; signed ones like ``+2 0 -2``."""
    return numbers(value, signed=signed)  # type: ignore[return-value]


COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def numbers(value: str, *, signed: bool, seats: int = 3, sides: bool = False) -> tuple[int, ...]:
    """Whole numbers, one per seat (``4 2 10`` for seats 1, 2, 3; signed ones like
    ``+2 0 -2``), or with ``sides`` one per side of a partnership game (``7 6``); per
    seat is accepted there too."""
    parts = value.split()
    what = "scores" if signed else "trick counts"
    if sides and len(parts) not in (2, seats):
        raise BadValue(f"expected two {what}, for sides 1 and 2, not {value!r}")
    if not sides and len(parts) != seats:
        names = ", ".join(str(s) for s in range(1, seats)) + f" and {seats}"
        raise BadValue(f"expected {COUNT_WORDS[seats]} {what}, for seats {names}, not {value!r}")
    out = []
    for part in parts:
        if not _INT.match(part) or (not signed and part[0] in "+-"):
            raise BadValue(f"{part!r} is not a {'signed ' if signed else ''}whole number",
                           value.find(part))
        out.append(int(part))
    return tuple(out)
