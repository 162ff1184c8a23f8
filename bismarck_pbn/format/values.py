"""Reading the values of the known tags: seats, numbers, dates, holdings, variants.

Each parser takes the tag's value and returns a typed value or raises
:class:`BadValue` with a message and the index in the value where the fault starts
(so the diagnostic can point at the card inside a long Deal string). Lenient where the
spec says readers are: ``10`` for ``T``, ranks in any order, contracts in any case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bismarck_pbn.model.cards import RANKS, SUITS, intern, sort_cards
from bismarck_pbn.model.variant import BASES, OPTIONS, Variant


class BadValue(ValueError):
    """A malformed value; ``index`` locates the fault inside the value when it can be
    pinned down (a bad card in a holding), else None (the whole value is wrong)."""

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.message = message
        self.index = index


CONTRACTS = {"spel": "Spel", "spader": "Spader", "valfri": "Valfri", "pass": "Pass"}
TRUMPS = ("S", "H", "D", "C", "NT")
_BASES = {b.lower(): b for b in BASES}
_OPTIONS = {o.lower(): o for o in OPTIONS}
_DATE = re.compile(r"([0-9]{4}|\?{4})\.([0-9]{2}|\?\?)\.([0-9]{2}|\?\?)\Z")
_INT = re.compile(r"[+-]?[0-9]{1,9}\Z")
_BY_SUIT = {suit: {r: intern(suit + r) for r in RANKS} for suit in SUITS}


def seat(value: str) -> int:
    """``1``, ``2`` or ``3``."""
    v = value.strip()
    if v in ("1", "2", "3"):
        return int(v)
    raise BadValue(f"a seat must be 1, 2 or 3, not {value!r}")


def board(value: str) -> int:
    """A deal number, from 1."""
    v = value.strip()
    if v.isdigit() and v.isascii() and len(v) <= 9 and int(v) >= 1:
        return int(v)
    raise BadValue(f"a board number must be a whole number from 1, not {value!r}")


def contract(value: str) -> str:
    """Spel, Spader, Valfri or Pass, in any case; returned in canonical case."""
    found = CONTRACTS.get(value.strip().lower())
    if found is None:
        raise BadValue(f"the contract must be Spel, Spader, Valfri or Pass, not {value!r}")
    return found


def trump(value: str) -> str:
    """S, H, D, C or NT (any case)."""
    v = value.strip().upper()
    if v in TRUMPS:
        return v
    raise BadValue(f"the trump must be S, H, D, C or NT, not {value!r}")


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


def variant(value: str) -> Variant:
    """A base name and options separated by spaces: ``Grand FixedKitty``."""
    words = value.split()
    if not words:
        raise BadValue("the variant is empty; write Standard, Grand or Short")
    base = _BASES.get(words[0].lower())
    if base is None:
        raise BadValue(f"unknown variant {words[0]!r}; the bases are Standard, Grand and Short",
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


def variant_text(value: str) -> str:
    """The canonical spelling of a Variant value: names in their proper case, in the
    order written, each once."""
    variant(value)  # raises BadValue when malformed
    words = value.split()
    names = [_BASES[words[0].lower()]] + [_OPTIONS[w.lower()] for w in words[1:]]
    return " ".join(dict.fromkeys(names))


def signed_text(values: Iterable[int]) -> str:
    """Scores as written in Score and Total tags: ``+2 0 -2``."""
    return " ".join(f"+{v}" if v > 0 else str(v) for v in values)


def triple(value: str, *, signed: bool) -> tuple[int, int, int]:
    """Three whole numbers for seats 1, 2, 3: ``4 2 10``; signed ones like ``+2 0 -2``."""
    parts = value.split()
    what = "scores" if signed else "trick counts"
    if len(parts) != 3:
        raise BadValue(f"expected three {what}, for seats 1, 2 and 3, not {value!r}")
    out = []
    for part in parts:
        if not _INT.match(part) or (not signed and part[0] in "+-"):
            raise BadValue(f"{part!r} is not a {'signed ' if signed else ''}whole number",
                           value.find(part))
        out.append(int(part))
    return out[0], out[1], out[2]


def holding(value: str, offset: int = 0) -> tuple[str, ...]:
    """``AK2.QJT.5.9876``: four suits S.H.D.C, each a string of ranks; ``10`` is T.

    Returns the cards in canonical order, duplicates kept (the validator reports
    them). O(n log n)."""
    parts = value.split(".")
    if len(parts) != 4:
        raise BadValue(f"a holding has four suits separated by dots (S.H.D.C), not {value!r}",
                       offset or None)
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


def optional_holding(value: str) -> tuple[str, ...] | None:
    """A holding, or None for ``-`` (not recorded, or for Discard: exchange declined)."""
    if value.strip() == "-":
        return None
    return holding(value.strip(), value.find(value.strip()[:1]) if value.strip() else 0)


def deal(value: str) -> tuple[int, tuple]:
    """``s:H H H``: three holdings, the first for seat ``s``, then clockwise.

    Returns the first seat and the hands indexed by seat − 1 (None for ``-``)."""
    head, colon, rest = value.partition(":")
    if not colon or head.strip() not in ("1", "2", "3"):
        raise BadValue(f"a deal is written s:H H H with s the first seat (1, 2 or 3), not {value!r}")
    first = int(head.strip())
    hands: list = [None, None, None]
    words = [(m.group(), m.start()) for m in re.finditer(r"\S+", rest)]
    if len(words) != 3:
        raise BadValue(f"the deal needs three hands separated by spaces (- for one not "
                       f"recorded), found {len(words)}", len(head) + 1)
    base = len(head) + 1
    s = first
    for word, start in words:
        if word != "-":
            hands[s - 1] = holding(word, base + start)
        s = s % 3 + 1
    return first, tuple(hands)
