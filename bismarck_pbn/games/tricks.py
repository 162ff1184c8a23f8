"""Trick play as most of the whist family plays it, written once.

Follow suit if able, otherwise any card; the highest trump wins the trick, otherwise the
highest card of the suit led; the winner leads the next trick. :class:`TrickRules` holds
that, for any number of seats, with the few knobs the games turn: a trump suit or none,
must-trump (Finnish Bismarck), the rank order (Bid Whist's downtown), jokers, and what
happens after a trick (German Whist's draws). :class:`DealState` steps through a deal
card by card with those rules; it knows nothing of text.

Each call is O(1) apart from the follow-suit check, O(cards held).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from bismarck_pbn.model.cards import DECK_SET, ORDER, RANK_VALUE

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

UNKNOWN = "?0"
"""A card the record does not give (a card missing from it): of no suit, it never wins."""


def left_of(seat: int, seats: int = 3) -> int:
    """The next seat clockwise: with three seats 1→2, 2→3, 3→1."""
    return seat % seats + 1


def trick_winner(trick: Sequence[tuple[int, str]], trump: str | None) -> int:
    """The seat that wins a trick of (seat, card) pairs, leader first: the highest trump,
    else the highest card of the suit led (aces high). ``trump`` is a suit letter, or
    NT/None."""
    led = trick[0][1][0]
    best_seat, best = trick[0]
    best_trump = best[0] == trump
    for seat, card in trick[1:]:
        suit = card[0]
        if suit == trump:
            if not best_trump or RANK_VALUE[card] > RANK_VALUE[best]:
                best_seat, best, best_trump = seat, card, True
        elif not best_trump and suit == led and RANK_VALUE[card] > RANK_VALUE[best]:
            best_seat, best = seat, card
    return best_seat


class Fault(NamedTuple):
    """Something wrong with one card of the play. ``kind`` is one of:

    - ``"not_held"``: the seat does not hold the card; ``detail`` says why
      (``"played"`` already played, ``"absent"`` never in this hand, ``"other"`` known
      to be elsewhere);
    - ``"revoke"``: the seat did not follow suit although it held the suit led
      (``detail`` is the suit), or did not trump where it must (``detail`` is
      ``"trump:"`` and the trump suit);
    - ``"too_many"``: a card after the last trick.
    """

    kind: str
    index: int  # type: ignore[assignment]  # (a field named like tuple.index)
    seat: int
    card: str
    detail: str = ""


@dataclass(frozen=True)
class TrickRules:
    """How the tricks of one deal are played. Subclass and override :meth:`winner`,
    :meth:`suit_of` or :meth:`after_trick` for a game that plays otherwise."""

    seats: int = 3
    tricks: int = 16
    trump: str | None = None
    """The trump suit (S, H, D, C), or None at no trump."""
    must_trump: bool = False
    """A seat that cannot follow suit must play a trump if it holds one."""

    deck: ClassVar[frozenset[str]] = DECK_SET
    """The cards a seat whose hand is not known may hold (Bid Whist adds its jokers)."""

    def suit_of(self, card: str) -> str | None:
        """The suit a card belongs to in play (None for a card of no suit)."""
        return card[0]

    def winner(self, trick: Sequence[tuple[int, str]]) -> int:
        """The seat that wins a complete trick."""
        return trick_winner(trick, self.trump)

    def legal(self, hand: Iterable[str], trick: Sequence[tuple[int, str]]) -> set[str]:
        """The cards of ``hand`` that may be played to ``trick``."""
        hand = set(hand)
        if not trick:
            return hand
        led = self.suit_of(trick[0][1])
        same = {c for c in hand if self.suit_of(c) == led}
        if same:
            return same
        if self.must_trump and self.trump is not None:
            trumps = {c for c in hand if self.suit_of(c) == self.trump}
            if trumps:
                return trumps
        return hand

    def revoke(self, card: str, trick: Sequence[tuple[int, str]], held: Iterable[str]) -> str | None:
        """Why playing ``card`` to ``trick`` breaks the rules, given the cards the seat
        surely held: the suit it failed to follow, ``"trump:S"`` for a trump it failed to
        play, or None."""
        if not trick:
            return None
        suit_of = self.suit_of
        led = suit_of(trick[0][1])
        suit = suit_of(card)
        if suit == led:
            return None
        held = list(held)
        if any(suit_of(h) == led for h in held):
            return led or ""
        if (self.must_trump and self.trump is not None and suit != self.trump
                and any(suit_of(h) == self.trump for h in held)):
            return "trump:" + self.trump
        return None

    @property
    def arriving(self) -> frozenset[str]:
        """Cards that join the hands during play (German Whist's stock): a seat holds
        one only once it has come to it, so it is no evidence before then."""
        return frozenset()

    def after_trick(self, state: DealState, winner: int) -> None:
        """What happens once a trick is won, before the next lead (German Whist's draws).
        It may read ``state.winners`` (the trick just won is the last)."""

    def undo_after_trick(self, state: DealState, winner: int) -> None:
        """Take back what :meth:`after_trick` did for the last trick (still the last of
        ``state.winners``): called before a trick is reopened or moved to another seat."""

    def left_in_stock(self, tricks_played: int) -> tuple[str, ...] | None:
        """The cards still to be drawn after ``tricks_played`` tricks, top first (None
        in games without a stock, or when its order is not known)."""
        return None

    def absent(self, state: DealState, seat: int, card: str) -> str:
        """Why ``seat`` cannot play ``card``, a card not among those it may play now:
        the detail of its ``not_held`` fault (asked only at a fault). ``"absent"`` by
        default; Turnover Bridge tells a card still face down in the seat's layout
        (``"face_down:"`` and the card on it)."""
        return "absent"


@dataclass
class DealState:
    """A deal in progress: who holds what, whose turn it is, the tricks so far.

    ``hands`` are the cards each seat holds when play starts (after any exchange), by
    seat − 1. A hand may be None when it is not known; then ``follow`` may give the
    cards that seat is known to hold (for the follow-suit check) and ``excluded[s-1]``
    the cards seat s surely does not hold (other known hands, discards, an unused kitty).
    """

    hands: list[set[str] | None]
    rules: TrickRules
    leader: int
    follow: list[set[str]] = field(default_factory=list)
    excluded: list[set[str]] = field(default_factory=list)
    undo_history: bool = True
    """Keep what :meth:`undo` needs (a replay that never undoes does not)."""

    def __post_init__(self) -> None:
        self.seats = self.rules.seats
        self.tricks = self.rules.tricks
        self.hands = [set(h) if h is not None else None for h in self.hands]
        if not self.follow:
            # An exactly known hand is its own follow-suit set: the same set object, so
            # playing a card updates both at once.
            self.follow = [h if h is not None else set() for h in self.hands]
        if not self.excluded:
            self.excluded = [set() for _ in range(self.seats)]
        self.to_play = self.leader
        self.trick: list[tuple[int, str]] = []
        self.won = [0] * self.seats
        self.winners: list[int] = []
        self.played: set[str] = set()
        self.bogus: set[str] = set()
        """Cards played by a seat that did not hold them."""
        self.count = 0
        self._history: list[tuple[int, str, bool, bool, list[tuple[int, str]] | None]] = []
        self.last_trick: list[tuple[int, str]] = []
        """The trick won last (what :meth:`TrickRules.after_trick` may look at)."""
        self.extra: dict[str, list[Any]] = {}
        """What a game's :meth:`TrickRules.after_trick` keeps between tricks (lists, copied by :meth:`clone`)."""
        rules = self.rules
        # The plain game (follow suit, aces high, no draws) takes the fast paths below.
        self._plain = type(rules) is TrickRules and not rules.must_trump
        self._after = None if type(rules).after_trick is TrickRules.after_trick else rules.after_trick
        self._trump = rules.trump

    @property
    def trump(self) -> str | None:
        return self.rules.trump

    @property
    def tricks_played(self) -> int:
        return len(self.winners)

    @property
    def finished(self) -> bool:
        return len(self.winners) >= self.tricks

    def held(self, seat: int) -> set[str] | None:
        """The cards ``seat`` still holds, or None when its hand is not known."""
        return self.hands[seat - 1]

    def legal_cards(self, seat: int | None = None) -> set[str] | None:
        """The cards the seat to play may play; None if its hand is unknown."""
        hand = self.hands[(seat or self.to_play) - 1]
        return None if hand is None else self.rules.legal(hand, self.trick)

    def check(self, card: str, seat: int | None = None) -> Fault | None:
        """What would be wrong with ``seat`` playing ``card`` now (None: nothing)."""
        seat = seat or self.to_play
        if len(self.winners) >= self.tricks:
            return Fault("too_many", self.count, seat, card, "over" if self.tricks < self.rules.tricks else "")
        hand = self.hands[seat - 1]
        if card in self.played and not (card in self.bogus and (hand is None or card in hand)):
            # (A card played earlier by a seat that did not hold it: that entry was the
            # mistake, so its owner playing it now is no second fault.)
            return Fault("not_held", self.count, seat, card, "played")
        if hand is not None:
            if card not in hand:
                return Fault("not_held", self.count, seat, card, self.rules.absent(self, seat, card))
        elif card in self.excluded[seat - 1] or card not in self.rules.deck:
            return Fault("not_held", self.count, seat, card, "other")
        trick = self.trick
        if trick:
            if self._plain:
                # the common case, inlined: follow suit
                led = trick[0][1][0]
                if card[0] != led:
                    for held in self.follow[seat - 1]:
                        if held[0] == led:
                            return Fault("revoke", self.count, seat, card, led)
                return None
            why = self.rules.revoke(card, trick, self.follow[seat - 1])
            if why is not None:
                return Fault("revoke", self.count, seat, card, why)
        return None

    def play(self, card: str) -> int | None:
        """Play ``card`` for the seat to play, whatever :meth:`check` says, and return
        the winner if this card completes a trick. Undo with :meth:`undo`."""
        seat = self.to_play
        hand = self.hands[seat - 1]
        in_hand = hand is not None and card in hand
        if in_hand:
            hand.remove(card)  # type: ignore[union-attr]
        follow = self.follow[seat - 1]
        in_follow = card in follow  # False when follow is the hand itself
        if in_follow:
            follow.remove(card)
        self.played.add(card)
        trick = self.trick
        trick.append((seat, card))
        self.count += 1
        if len(trick) == self.seats:
            winner = trick_winner(trick, self._trump) if self._plain else self.rules.winner(trick)
            if self.undo_history:
                self._history.append((seat, card, in_hand, in_follow, trick))
            self._end_trick(winner)
            return winner
        if self.undo_history:
            self._history.append((seat, card, in_hand, in_follow, None))
        self.to_play = seat % self.seats + 1
        return None

    def skip(self) -> None:
        """The seat to play plays a card the record does not give (:data:`UNKNOWN`); its
        hand is left as it is (see :meth:`drop_unplayed`)."""
        seat = self.to_play
        self.trick.append((seat, UNKNOWN))
        if len(self.trick) == self.seats:
            self._end_trick(self.rules.winner(self.trick))
        else:
            self.to_play = seat % self.seats + 1

    def _end_trick(self, winner: int) -> None:
        """The trick on the table goes to ``winner``, who leads the next."""
        self.won[winner - 1] += 1
        self.winners.append(winner)
        self.last_trick = self.trick
        self.trick = []
        self.to_play = winner
        if self._after is not None:
            self._after(self, winner)

    def clone(self) -> DealState:
        """A copy to try things on (no undo history). O(cards held)."""
        other = DealState([set(h) if h is not None else None for h in self.hands], self.rules, self.to_play,
                          follow=[set(f) for f in self.follow], excluded=self.excluded, undo_history=False)
        # an exactly known hand is its own follow-suit set: keep them one object
        other.follow = [h if f is s and h is not None else f2
                        for h, f, s, f2 in zip(other.hands, self.follow, self.hands, other.follow)]
        other.trick = list(self.trick)
        other.won = list(self.won)
        other.winners = list(self.winners)
        other.played = set(self.played)
        other.bogus = set(self.bogus)
        other.count = self.count
        other.tricks = self.tricks
        other.last_trick = list(self.last_trick)
        if self.extra:
            other.extra = {key: list(value) for key, value in self.extra.items()}
        return other

    def undo(self) -> str | None:
        """Take back the last card played; return it (None when nothing was played)."""
        if not self._history:
            return None
        seat, card, in_hand, in_follow, trick = self._history.pop()
        if trick is not None:
            self.rules.undo_after_trick(self, self.winners[-1])
            winner = self.winners.pop()
            self.won[winner - 1] -= 1
            self.trick = trick[:-1]
        else:
            self.trick.pop()
        hand = self.hands[seat - 1]
        if in_hand and hand is not None:
            hand.add(card)
        if in_follow or (in_hand and self.follow[seat - 1] is hand):
            self.follow[seat - 1].add(card)
        self.played.discard(card)
        self.count -= 1
        self.to_play = seat
        return card

    def relead(self, seat: int, *, won_last: bool) -> None:
        """Between tricks: let ``seat`` lead the next trick. With ``won_last`` the last
        trick is moved to it (the record shows it led, so it won); otherwise it leads
        out of turn and the last trick stays where it was."""
        if self.trick or not self.winners:
            raise ValueError("relead only between tricks, after the first")
        if won_last:
            old = self.winners[-1]
            if old != seat:
                # what followed the trick (German Whist's draws) now falls to ``seat``
                self.rules.undo_after_trick(self, old)
            self.winners[-1] = seat
            self.won[old - 1] -= 1
            self.won[seat - 1] += 1
            if old != seat:
                self.rules.after_trick(self, seat)
        self.to_play = seat

    def drop_unplayed(self, seat: int, suit: str, keep: Iterable[str]) -> None:
        """After a card the seat did not hold: take out of its hand one card it never
        plays later (one of ``suit`` if it can), the card the record most likely meant,
        so the mistake does not come back as a revoke at every later trick."""
        hand = self.hands[seat - 1]
        if not hand:
            return
        keep = set(keep)
        spare = sorted((c for c in hand if c not in keep), key=lambda c: ORDER.get(c, 99))
        if not spare:
            return
        same = [c for c in spare if c[0] == suit]
        victim = (same or spare)[0]
        hand.discard(victim)
        self.follow[seat - 1].discard(victim)
