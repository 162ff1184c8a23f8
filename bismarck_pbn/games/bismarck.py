"""The rules of Bismarck: tricks, quotas, scores and the replay of a deal's play.

This module knows nothing of text. It takes seats (1, 2, 3), cards (``"SA"``),
contracts and trumps, and answers with seats, counts, scores and *faults*: what was
wrong with a card, by kind and by its index in the play. The validator turns faults
into diagnostics with a place in the file; ``record`` and ``replay`` use
:class:`DealState` to step through a deal card by card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from bismarck_pbn.model.cards import DECK_SET, ORDER, RANK_VALUE

SEATS = (1, 2, 3)
CONTRACTS = ("Spel", "Spader", "Valfri", "Pass")
TRICKS_PER_DEAL = 16


def left_of(seat: int) -> int:
    """The next seat clockwise: 1→2, 2→3, 3→1."""
    return seat % 3 + 1


def implied_trump(contract: str) -> str | None:
    """The trump a contract fixes: NT for Spel and Pass, S for Spader; None for Valfri."""
    return {"Spel": "NT", "Pass": "NT", "Spader": "S"}.get(contract)


def quotas(contract: str, forehand: int) -> tuple[int, int, int]:
    """Each seat's quota: forehand 8, others 4; in Pass forehand 4, others 6."""
    own, other = (4, 6) if contract == "Pass" else (8, 4)
    return tuple(own if s == forehand else other for s in SEATS)  # type: ignore[return-value]


def scores(contract: str, forehand: int, tricks: Sequence[int]) -> tuple[int, int, int]:
    """Score of each seat: tricks − quota, or quota − tricks in Pass. Sums to 0 when the
    tricks sum to 16.

    >>> scores("Spel", 1, (10, 4, 2))
    (2, 0, -2)
    >>> scores("Pass", 1, (3, 5, 8))
    (1, 1, -2)
    """
    q = quotas(contract, forehand)
    sign = -1 if contract == "Pass" else 1
    return tuple(sign * (t - k) for t, k in zip(tricks, q))  # type: ignore[return-value]


def trick_winner(trick: Sequence[tuple[int, str]], trump: str | None) -> int:
    """The seat that wins a trick of (seat, card) pairs, leader first: the highest trump,
    else the highest card of the suit led. ``trump`` is a suit letter, or NT/None."""
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


def leader(forehand: int) -> int:
    """The seat that leads trick 1: the forehand's left."""
    return left_of(forehand)


class Fault(NamedTuple):
    """Something wrong with one card of the play. ``kind`` is one of:

    - ``"not_held"``: the seat does not hold the card; ``detail`` says why
      (``"played"`` already played, ``"discarded"``, ``"kitty"`` left in the kitty,
      ``"other"`` in another seat's hand, ``"absent"`` never in this hand);
    - ``"revoke"``: the seat did not follow suit although it held the suit led
      (``detail`` is the suit);
    - ``"too_many"``: a card after the 16th trick.
    """

    kind: str
    index: int
    seat: int
    card: str
    detail: str = ""


@dataclass
class DealState:
    """A deal in progress: who holds what, whose turn it is, the tricks so far.

    ``hands`` are the cards each seat holds when play starts (after the exchange),
    by seat − 1. A hand may be None when it is not known; then ``follow`` may give the
    cards that seat is known to hold (for the follow-suit check) and ``excluded[s-1]``
    the cards seat s surely does not hold (other known hands, discards, an unused kitty).
    Each call is O(1) apart from the follow-suit check, O(cards held).
    """

    hands: list[set[str] | None]
    trump: str | None
    leader: int
    follow: list[set[str]] = field(default_factory=list)
    excluded: list[set[str]] = field(default_factory=lambda: [set(), set(), set()])
    undo_history: bool = True
    """Keep what :meth:`undo` needs (the validator's replay, which never undoes, does not)."""

    def __post_init__(self) -> None:
        self.hands = [set(h) if h is not None else None for h in self.hands]
        if not self.follow:
            # An exactly known hand is its own follow-suit set: the same set object, so
            # playing a card updates both at once.
            self.follow = [h if h is not None else set() for h in self.hands]
        self.to_play = self.leader
        self.trick: list[tuple[int, str]] = []
        self.won = [0, 0, 0]
        self.winners: list[int] = []
        self.played: set[str] = set()
        self.bogus: set[str] = set()
        """Cards played by a seat that did not hold them."""
        self.count = 0
        self._history: list[tuple] = []

    @property
    def tricks_played(self) -> int:
        return len(self.winners)

    @property
    def finished(self) -> bool:
        return len(self.winners) >= TRICKS_PER_DEAL

    def held(self, seat: int) -> set[str] | None:
        """The cards ``seat`` still holds, or None when its hand is not known."""
        return self.hands[seat - 1]

    def legal_cards(self, seat: int | None = None) -> set[str] | None:
        """The cards the seat to play may play (follow suit if able); None if unknown."""
        seat = seat or self.to_play
        hand = self.hands[seat - 1]
        if hand is None:
            return None
        if self.trick:
            led = self.trick[0][1][0]
            same = {c for c in hand if c[0] == led}
            if same:
                return same
        return set(hand)

    def check(self, card: str, seat: int | None = None) -> Fault | None:
        """What would be wrong with ``seat`` playing ``card`` now (None: nothing)."""
        seat = seat or self.to_play
        if len(self.winners) >= TRICKS_PER_DEAL:
            return Fault("too_many", self.count, seat, card)
        hand = self.hands[seat - 1]
        if card in self.played and not (card in self.bogus and (hand is None or card in hand)):
            # (A card played earlier by a seat that did not hold it: that entry was the
            # mistake, so its owner playing it now is no second fault.)
            return Fault("not_held", self.count, seat, card, "played")
        if hand is not None:
            if card not in hand:
                return Fault("not_held", self.count, seat, card, "absent")
        elif card in self.excluded[seat - 1] or card not in DECK_SET:
            return Fault("not_held", self.count, seat, card, "other")
        trick = self.trick
        if trick:
            led = trick[0][1][0]
            if card[0] != led:
                for held in self.follow[seat - 1]:
                    if held[0] == led:
                        return Fault("revoke", self.count, seat, card, led)
        return None

    def play(self, card: str) -> int | None:
        """Play ``card`` for the seat to play, whatever :meth:`check` says, and return
        the winner if this card completes a trick. Undo with :meth:`undo`."""
        seat = self.to_play
        hand = self.hands[seat - 1]
        in_hand = hand is not None and card in hand
        if in_hand:
            hand.remove(card)
        follow = self.follow[seat - 1]
        in_follow = card in follow  # False when follow is the hand itself
        if in_follow:
            follow.remove(card)
        self.played.add(card)
        trick = self.trick
        trick.append((seat, card))
        self.count += 1
        if len(trick) == 3:
            winner = trick_winner(trick, self.trump)
            if self.undo_history:
                self._history.append((seat, card, in_hand, in_follow, trick))
            self.won[winner - 1] += 1
            self.winners.append(winner)
            self.trick = []
            self.to_play = winner
            return winner
        if self.undo_history:
            self._history.append((seat, card, in_hand, in_follow, None))
        self.to_play = seat % 3 + 1
        return None

    def undo(self) -> str | None:
        """Take back the last card played; return it (None when nothing was played)."""
        if not self._history:
            return None
        seat, card, in_hand, in_follow, trick = self._history.pop()
        if trick is not None:
            winner = self.winners.pop()
            self.won[winner - 1] -= 1
            self.trick = trick[:-1]
        else:
            self.trick.pop()
        if in_hand:
            self.hands[seat - 1].add(card)
        if in_follow or (in_hand and self.follow[seat - 1] is self.hands[seat - 1]):
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
            self.winners[-1] = seat
            self.won[old - 1] -= 1
            self.won[seat - 1] += 1
        self.to_play = seat

    def drop_unplayed(self, seat: int, suit: str, keep: Iterable[str]) -> None:
        """After a card the seat did not hold: take out of its hand one card it never
        plays later (one of ``suit`` if it can), the card the record most likely meant,
        so the mistake does not come back as a revoke at every later trick."""
        hand = self.hands[seat - 1]
        if not hand:
            return
        keep = set(keep)
        spare = sorted((c for c in hand if c not in keep), key=ORDER.__getitem__)
        if not spare:
            return
        same = [c for c in spare if c[0] == suit]
        victim = (same or spare)[0]
        hand.discard(victim)
        self.follow[seat - 1].discard(victim)


class Replay(NamedTuple):
    """What replaying a recorded play gives."""

    faults: list[Fault]
    won: tuple[int, int, int]
    """Tricks taken by seats 1, 2, 3 in the complete tricks."""
    tricks: int
    """Complete tricks played (at most 16)."""
    winners: list[int]
    """Winner of each complete trick."""
    stopped: bool
    """True when the replay could not go past the first trick (trump unknown)."""
    seats: list[int] = []
    """The seat that played each card, in order (as far as the replay went)."""


def replay(cards: Sequence[str], *, hands: Sequence[Iterable[str] | None], trump: str | None,
           leader: int, excluded: Sequence[Iterable[str]] = ((), (), ()), unknown_trump: bool = False,
           exact: Sequence[bool] = (True, True, True)) -> Replay:
    """Replay a recorded play, checking each card, and never stopping at a fault:
    after a card not held or a revoke the replay goes on.

    ``hands[s-1]`` is what seat s may play: exactly its cards when ``exact[s-1]``, a
    superset otherwise (the forehand when the exchange was not recorded: hand and
    kitty), or None when not known at all; then ``excluded[s-1]`` are the cards seat s
    surely did not have. For follow-suit, a seat is held to the cards it surely had:
    its exact hand, or else the cards it is seen to play.

    When the lead card of a trick is not the computed leader's but belongs to exactly
    one other known hand (and the trick's other cards fit), that seat won the last
    trick: a wrong card there changed the winner. The trick is moved to it and the
    replay stays in step, so one wrong card gives one fault, not one per card after it.

    With ``unknown_trump`` only the first trick can be placed. O(n·h) for n cards and
    hands of h cards; a second pass when some hand is not exactly known."""
    hands = [set(h) if h is not None else None for h in hands]
    follow = None
    if any(h is None for h in hands) or not all(exact):
        # Who plays which card is only known by replaying: a first pass to learn it.
        first = _run(cards, hands, [set() if h is None or not e else set(h) for h, e in zip(hands, exact)],
                     trump, leader, excluded, unknown_trump)
        seat_cards: list[set[str]] = [set(), set(), set()]
        for card, seat in zip(cards, first[1]):
            seat_cards[seat - 1].add(card)
        follow = []
        for i, hand in enumerate(hands):
            if hand is None:
                follow.append(seat_cards[i])
            elif exact[i]:
                follow.append(set(hand))
            else:
                follow.append(hand & seat_cards[i])
    return _run(cards, hands, follow, trump, leader, excluded, unknown_trump)[0]


def _fits(hands, seat: int, card: str) -> bool:
    hand = hands[seat - 1]
    return hand is None or card in hand


def _run(cards, hands, follow, trump, leader, excluded, unknown_trump) -> tuple[Replay, list[int]]:
    state = DealState([set(h) if h is not None else None for h in hands], trump, leader,
                      follow=[set(f) for f in follow] if follow is not None else [],
                      excluded=[set(e) for e in excluded], undo_history=False)
    check, play, winners = state.check, state.play, state.winners
    faults: list[Fault] = []
    seats: list[int] = []
    stopped = False
    trick_faulted = False
    for i, card in enumerate(cards):
        if len(winners) >= TRICKS_PER_DEAL:
            faults.append(Fault("too_many", state.count, state.to_play, card))
            break
        if not state.trick:
            if winners:
                if unknown_trump:
                    stopped = True
                    break
                _resync(state, cards, i, trick_faulted, faults)
            trick_faulted = False
        seat = state.to_play
        seats.append(seat)
        fault = check(card)
        if fault is not None:
            faults.append(fault)
            if fault.kind == "not_held":
                trick_faulted = True  # a wrong card can change who wins; a revoke cannot
                if fault.detail != "played":
                    state.bogus.add(card)
            if fault.kind == "not_held" and fault.detail == "absent":
                state.drop_unplayed(seat, card[0], _future_cards(state, cards, i, seat))
        play(card)
    won = (state.won[0], state.won[1], state.won[2])
    return Replay(faults, won, len(state.winners), list(state.winners), stopped, seats), seats


def _resync(state: DealState, cards, i: int, explained: bool, faults: list[Fault] | None) -> None:
    """At a trick's start: if the lead card is not the leader's but one other known
    hand's, and the next two cards fit that seat's left and the one after, let that
    seat lead. If the last trick had a fault, its winner was wrong: the trick moves to
    that seat. Otherwise the seat led out of turn: that is the fault reported."""
    card = cards[i]
    lead = state.to_play
    hand = state.hands[lead - 1]
    if hand is None or card in hand or card in state.played:
        return
    owners = [s for s in SEATS if s != lead and state.hands[s - 1] is not None and card in state.hands[s - 1]]
    if len(owners) != 1:
        return
    seat = owners[0]
    nxt = left_of(seat)
    if i + 1 < len(cards) and not _fits(state.hands, nxt, cards[i + 1]):
        return
    if i + 2 < len(cards) and not _fits(state.hands, left_of(nxt), cards[i + 2]):
        return
    if not explained and faults is not None:
        faults.append(Fault("not_held", i, lead, card, f"leader:{seat}"))
    state.relead(seat, won_last=explained)


def _future_cards(state: DealState, cards, i: int, seat: int) -> list[str]:
    """The cards ``seat`` plays after index ``i``, following the record from the
    current position (with the same resync) and no checks."""
    probe = DealState([set(h) if h is not None else None for h in state.hands], state.trump,
                      state.to_play, follow=[set(), set(), set()])
    probe.trick = list(state.trick)
    probe.played = set(state.played)
    probe.winners = list(state.winners)
    probe.play(cards[i])
    out = []
    faulted = True
    for j in range(i + 1, len(cards)):
        if probe.finished:
            break
        if not probe.trick:
            _resync(probe, cards, j, faulted, None)
            faulted = False
        card = cards[j]
        if probe.to_play == seat:
            out.append(card)
        if probe.check(card) is not None:
            faulted = True
        probe.play(card)
    return out
