"""What the double-dummy solver is asked: a :class:`Problem`, independent of any game.

A problem is a position of a trick-taking game with every hand visible: N seats (2, 3
or 4, numbered 0 … N−1 clockwise, the order of play), the cards each still holds, the
trump suit (or none), the cards already on the table in the current trick, the seat to
play, which seats form the *side* being scored (the rest are its opponents), whether
the side wants as many tricks as it can or as few (misère), and the trick-play rules
as plain options. Each game's ruleset builds problems; the solver knows no game.

Cards are the project's two-character strings (``"SA"``, ``"H7"``). The solver works
on bit masks: :meth:`Problem.encode` maps each card to bit ``16·suit + slot``, slot 0
being the weakest rank of its suit under the problem's rank order, and
:meth:`Problem.card` maps a bit back. Bid Whist's jokers (``"JL"``, ``"JB"``) may be in
a problem with a trump suit: they are its two highest trumps, slots 13 and 14.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from bismarck_pbn.model.cards import JOKER, JOKERS, RANKS, SUITS

DEFAULT_LIMIT = 5_000_000
"""Search nodes one position may take before ``bpn analyse``, ``show --dd`` and ``html
--dd`` give it up (a quarter of a second or so in C); here, where the command line can read it
without loading the solver."""

DEFAULT_ORDER = RANKS
"""Ranks from high to low when a problem says nothing else: A K Q … 2."""

DOWNTOWN = "A23456789TJQK"
"""The "downtown" order of Bid Whist, high to low: the ace, then the two up to the king."""


class Encoded(NamedTuple):
    """A problem as the solver cores take it (all plain ints)."""

    n: int
    hands: tuple[int, ...]
    trump: int
    """0–3 (S, H, D, C), or -1 for no trump."""
    must_trump: bool
    maxmask: int
    """Bit s set: seat s wants many counted tricks (the side; in misère its opponents)."""
    countmask: int
    """Bit s set: the tricks of seat s are counted (the side's seats)."""
    to_play: int
    table: tuple[int, ...]


@dataclass(frozen=True)
class Problem:
    """A position to solve. Immutable; built with plain values, checked when made.

    ``hands[s]`` are the cards seat s still holds (not those on the table); ``table``
    the cards played to the current trick, in order, the first by its leader, the
    seat ``(to_play − len(table)) mod N``; ``side`` the seats whose tricks are counted;
    ``misere``: the side tries to take as few tricks as it can; ``must_trump``: a seat
    that cannot follow suit must play a trump if it holds one; ``rank_order`` maps a
    suit to its ranks from high to low where it is not the usual ``AKQJT98765432``.
    """

    hands: tuple[frozenset[str], ...]
    trump: str | None = None
    to_play: int = 0
    table: tuple[str, ...] = ()
    side: frozenset[int] = frozenset({0})
    misere: bool = False
    must_trump: bool = False
    rank_order: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "hands", tuple(frozenset(h) for h in self.hands))
        set_(self, "table", tuple(self.table))
        set_(self, "side", frozenset(self.side))
        order: Iterable[tuple[str, str]] = self.rank_order
        if isinstance(order, Mapping):
            order = order.items()
        set_(self, "rank_order", tuple(sorted((str(s), str(r)) for s, r in order)))
        if self.trump == "NT":
            set_(self, "trump", None)
        self._check()

    # ---- derived facts ----------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def leader(self) -> int:
        """The seat that led (or leads) the current trick."""
        return (self.to_play - len(self.table)) % self.seats

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the current one included."""
        return len(self.hands[self.to_play])

    def seat_of_table_card(self, i: int) -> int:
        return (self.leader + i) % self.seats

    def order(self, suit: str) -> str:
        """The ranks of ``suit`` from high to low."""
        return dict(self.rank_order).get(suit, DEFAULT_ORDER)

    def suit_of(self, card: str) -> str:
        """The suit a card plays in: its own, or for a joker the trump suit."""
        return self.trump if card[0] == JOKER and self.trump is not None else card[0]

    def legal_cards(self) -> frozenset[str]:
        """The cards the seat to play may play now."""
        hand = self.hands[self.to_play]
        if not self.table:
            return hand
        led = self.suit_of(self.table[0])
        same = frozenset(c for c in hand if self.suit_of(c) == led)
        if same:
            return same
        if self.must_trump and self.trump is not None:
            trumps = frozenset(c for c in hand if self.suit_of(c) == self.trump)
            if trumps:
                return trumps
        return hand

    # ---- encoding for the cores ----------------------------------------------------------

    def bit(self, card: str) -> int:
        """The card's bit number: 16·suit + slot (slot 0 = the weakest rank of the suit;
        the jokers 13 and 14 of the trump suit)."""
        if card[0] == JOKER:
            return 16 * SUITS.index(self.trump or "") + (14 if card == "JB" else 13)
        order = self.order(card[0])
        return 16 * SUITS.index(card[0]) + (len(order) - 1 - order.index(card[1]))

    def card(self, bit: int) -> str:
        """The card of a bit number (the inverse of :meth:`bit`)."""
        suit = SUITS[bit >> 4]
        if bit & 15 >= 13:
            return "JB" if bit & 15 == 14 else "JL"
        order = self.order(suit)
        return suit + order[len(order) - 1 - (bit & 15)]

    def encode(self) -> Encoded:
        """The problem as masks. The cores count the side's tricks; the side wants many
        of them, or in misère its opponents do."""
        masks = tuple(sum(1 << self.bit(c) for c in hand) for hand in self.hands)
        countmask = sum(1 << s for s in self.side)
        maxmask = countmask if not self.misere else (1 << self.seats) - 1 - countmask
        trump = SUITS.index(self.trump) if self.trump is not None else -1
        return Encoded(self.seats, masks, trump, self.must_trump, maxmask, countmask, self.to_play,
                       tuple(self.bit(c) for c in self.table))

    def side_tricks(self, side_value: int, seat: int | None = None) -> int:
        """Turn the side's tricks (current trick to the end) into the tricks of the
        side of ``seat`` (default: the side itself)."""
        on_side = seat is None or seat in self.side
        return side_value if on_side else self.tricks_left - side_value

    # ---- checks ----------------------------------------------------------------------------

    def _check(self) -> None:
        n = self.seats
        if n not in (2, 3, 4):
            raise ValueError(f"a problem has 2, 3 or 4 seats, not {n}")
        for suit, ranks in self.rank_order:
            if suit not in SUITS or sorted(ranks) != sorted(RANKS):
                raise ValueError(f"rank order {suit}:{ranks!r} is not the 13 ranks of a suit S, H, D or C")
        if self.trump is not None and self.trump not in SUITS:
            raise ValueError(f"trump is S, H, D, C or None, not {self.trump!r}")
        if not 0 <= self.to_play < n:
            raise ValueError(f"the seat to play is 0 to {n - 1}, not {self.to_play}")
        if not self.side <= set(range(n)):
            raise ValueError(f"the side names seats outside 0 to {n - 1}: {sorted(self.side)}")
        if len(self.table) >= n:
            raise ValueError(f"at most {n - 1} cards can be on the table before the seat to play")
        seen: set[str] = set()
        for cards in (*self.hands, self.table):
            for card in cards:
                if card in JOKERS:
                    if self.trump is None:
                        raise ValueError(f"{card}: a joker is in a problem only as a trump (a trump suit is needed)")
                elif len(card) != 2 or card[0] not in SUITS or card[1] not in RANKS:
                    raise ValueError(f"{card!r} is not a card")
                if card in seen:
                    raise ValueError(f"{card} is in the problem twice")
                seen.add(card)
        played = {self.seat_of_table_card(i) for i in range(len(self.table))}
        sizes = {len(h) + (1 if s in played else 0) for s, h in enumerate(self.hands)}
        if len(sizes) != 1:
            raise ValueError("the hands do not have the same number of cards (counting the cards on "
                             f"the table): {[len(h) for h in self.hands]}")
        if not self.hands[self.to_play]:
            raise ValueError("the seat to play holds no cards: the play is over")
        if self.table and not self.table[0]:
            raise ValueError("an empty card on the table")


def problem(hands: Iterable[Iterable[str]], **options) -> Problem:
    """A :class:`Problem` from any iterables of cards (a convenience for callers and tests)."""
    return Problem(tuple(frozenset(h) for h in hands), **options)
