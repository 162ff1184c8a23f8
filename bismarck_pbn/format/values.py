"""Reading the values of the known tags: seats, numbers, dates, holdings, variants.

Each parser takes the tag's value and returns a typed value or raises
:class:`BadValue` with a message and the index in the value where the fault starts
(so the diagnostic can point at the card inside a long Deal string). Lenient where the
spec says readers are: ``10`` for ``T``, ranks in any order, contracts in any case.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from bismarck_pbn.model.cards import RANKS, SUITS, intern, sort_cards
from bismarck_pbn.model.games import BISMARCK, GAMES, GameWords, contract_word, game_name, words
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
_BY_SUIT = {suit: {r: intern(suit + r) for r in RANKS} for suit in SUITS}
_CARD_TEXT = re.compile(r"[SHDC](?:10|[AKQJT98765432])|J[BL]")
_JOKERS = {"B": intern("JB"), "L": intern("JL")}


def _seat_names(seats: int) -> str:
    return ", ".join(str(s) for s in range(1, seats)) + f" or {seats}"


def seat(value: str, seats: int = 3) -> int:
    """A seat from 1 to ``seats``: ``1``, ``2`` or ``3`` in Bismarck."""
    v = value.strip()
    if len(v) == 1 and v.isdigit() and 1 <= int(v) <= seats:
        return int(v)
    raise BadValue(f"a seat must be {_seat_names(seats)}, not {value!r}")


def game(value: str) -> str:
    """A game's name in any case; returned in canonical case."""
    found = game_name(value)
    if found is None:
        raise BadValue(f"unknown game {value.strip()!r}; the games are {', '.join(GAMES)}", code="BPN105")
    return found


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
        option = options.get(word.lower())
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


_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


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
        raise BadValue(f"expected {_COUNT_WORDS[seats]} {what}, for seats {names}, not {value!r}")
    out = []
    for part in parts:
        if not _INT.match(part) or (not signed and part[0] in "+-"):
            raise BadValue(f"{part!r} is not a {'signed ' if signed else ''}whole number",
                           value.find(part))
        out.append(int(part))
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
        raise BadValue(f"expected {_COUNT_WORDS[seats]} holdings separated by spaces, one for each "
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
        raise BadValue(f"a deal is written s:{shape} with s the first seat ({_seat_names(seats)}), "
                       f"not {value!r}")
    first = int(h)
    hands: list[tuple[str, ...] | None] = [None] * seats
    found = [(m.group(), m.start()) for m in re.finditer(r"\S+", rest)]
    if len(found) != seats:
        raise BadValue(f"the deal needs {_COUNT_WORDS[seats]} hands separated by spaces (- for one not "
                       f"recorded), found {len(found)}", len(head) + 1)
    base = len(head) + 1
    s = first
    for word, start in found:
        if word != "-":
            hands[s - 1] = holding(word, base + start)
        s = s % seats + 1
    return first, tuple(hands)


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
    "Auction": lambda v, f, g: seat(v, g.seats),
    "Play": lambda v, f, g: seat(v, g.seats),
}
