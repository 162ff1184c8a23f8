"""Who plays against whom, double dummy, in each game: a deal's position made a solver
:class:`~bismarck_pbn.analysis.problem.Problem`.

The rules (:mod:`bismarck_pbn.games`) know nothing of analysis; this module reads them
(:func:`~bismarck_pbn.games.ruleset_of`, the ruleset's ``contract_of``, ``trick_rules``
and ``sides``) and decides the side whose tricks the solver counts, and whether it
wants many or few:

- Bismarck (and Estonian, Finnish): the forehand against the other two; with
  ``side_seat`` that seat against the other two (a defender's quota question); Pass is
  misère (every seat wants few tricks). Estonian NoHearts and NoQueen are scored by the
  cards taken, not the tricks: not analysed.
- Whist, Whisk, Ruff and Honours, Swedish Whist, Bid Whist: the partnerships (by
  default the declarer's, or seats 1 and 3). Swedish Nolle is misère for both sides;
  Swedish Misère is the declarer alone against the other three, wanting none. Bid
  Whist: downtown ranks from ``Direction``; jokers are the two top trumps in a trump
  contract; in no trump a joker still held or on the table is not analysed (a card of
  no suit that never wins, which the solver's model has no place for); the kitty's
  book is an offset (:attr:`Sides.offset`), not a trick.
- Solo Whist: the declarer (with the partner who accepted a Propose) against the rest;
  the misères want none.
- Israeli Whist: each seat for itself: the seat to play alone against the other three,
  wanting many tricks, or few if it bid 0 (the solver knows no "exactly n").
- German Whist: from trick 14 on, when the stock is empty (seat 1 against seat 2;
  HighLow with a black turned card plays low: misère). Before that the draws, which the
  solver does not model, decide: those positions raise :class:`NotYet`.

Each game is one small function in :data:`SIDE_RULES`, keyed by its ruleset class (a
variant takes its base's entry); a new game adds one, or none if the partnerships or
the seat alone suit it.

:class:`Unanalysable` is a deal that cannot be analysed at all; :class:`NotYet` one
position that cannot (the deal's later ones may). Both say why in a player's words.
O(cards) per position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bismarck_pbn.analysis.problem import DOWNTOWN, Problem
from bismarck_pbn.games import Ruleset, ruleset_of
from bismarck_pbn.games.base import seat_list
from bismarck_pbn.games.bidwhist import BidWhist
from bismarck_pbn.games.bismarck import Bismarck
from bismarck_pbn.games.german import GermanWhist
from bismarck_pbn.games.israeli import IsraeliWhist
from bismarck_pbn.games.ruff import RuffAndHonours
from bismarck_pbn.games.solo import MISERES, SoloWhist
from bismarck_pbn.games.swedish import SwedishWhist
from bismarck_pbn.games.turnover import TURNOVER_DECLINED, TurnoverBridge
from bismarck_pbn.model.cards import JOKER, SUITS
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.check.position import Position

__all__ = ["NotYet", "Sides", "Unanalysable", "problem_at", "sides_of"]

GERMAN_DRAWS = 13
"""German Whist's tricks with a draw after them: analysis starts at trick 14."""


class Unanalysable(ValueError):
    """The deal cannot be analysed; the message says why, in a player's words."""


class NoPlay(Unanalysable):
    """The deal has, by its nature, nothing for the solver: thrown in, or scored by the
    cards taken. Not a fault of the record: ``bpn analyse`` says so and exits 0."""


class NotYet(Unanalysable):
    """This position cannot be analysed, though later ones of the deal may be."""


@dataclass(frozen=True)
class Sides:
    """The side a deal's analysis counts the tricks of (seats from 1)."""

    side: frozenset[int]
    """The seats whose tricks are counted; the rest are their opponents. Empty in
    Israeli Whist without ``side_seat``: there the side is the seat to play."""
    misere: bool
    """The side wants as few tricks as it can (and so its opponents as many)."""
    label: str
    """Who the side is, in words (``the forehand, seat 2``, ``seats 1 and 3``)."""
    offset: int = 0
    """Tricks the side has without playing them (Bid Whist's kitty book)."""
    downtown: bool = False
    few_seats: frozenset[int] = frozenset()
    """Israeli Whist: the seats that bid 0 (each wants no trick)."""
    count_from: int = 1
    """The first trick whose tricks count (German Whist: 14, unless AllTricks)."""
    book: int = 0
    """Tricks one side has without playing them, whichever side is analysed (Bid
    Whist's kitty book: the declaring side's); :attr:`offset` is this where that side
    is the one analysed."""
    book_seats: frozenset[int] = frozenset()
    """The seats (from 1) whose side has :attr:`book`."""

    def offset_of(self, seat: int) -> int:
        """The tricks ``seat``'s side (from 1) has without playing them."""
        return self.book if seat in self.book_seats else 0

    def seats_with(self, seat: int, seats: int) -> tuple[int, ...]:
        """The seats (from 1, in order) whose tricks count with ``seat``'s in a deal of
        ``seats`` seats: :attr:`side` if ``seat`` is in it, else its opponents (in
        Israeli Whist without a side chosen, ``seat`` alone). O(seats)."""
        if not self.side:
            return (seat,)
        on_side = seat in self.side
        return tuple(s for s in range(1, seats + 1) if (s in self.side) == on_side)


def _partnership(rules: Ruleset, seat: int) -> frozenset[int]:
    return frozenset(rules.sides()[rules.side_of(seat)])


def _side_words(side: frozenset[int]) -> str:
    seats = sorted(side)
    return f"seat{'s' if len(seats) > 1 else ''} {seat_list(seats)}"


def _alone_or_partners(rules: Ruleset, deal: Deal, contract: str | None, declarer: int | None,
                       side_seat: int | None) -> Sides:
    """Whist, Whisk, Ruff and Honours, and any game without an entry of its own: the
    partnership of ``side_seat`` (else the declarer's, else seat 1's); in a game without
    partners that seat against the others."""
    if rules.partnership:
        side = _partnership(rules, side_seat or declarer or 1)
        return Sides(side, False, _side_words(side))
    seat = side_seat or declarer or 1
    return Sides(frozenset({seat}), False, f"seat {seat}, against the others")


def _bismarck(rules: Bismarck, deal: Deal, contract: str | None, declarer: int | None,
              side_seat: int | None) -> Sides:
    """Bismarck, Estonian and Finnish: the forehand (or ``side_seat``) against the other
    two; Pass is misère; NoHearts and NoQueen are scored by the cards taken."""
    if deal.forehand is None or deal.contract is None:
        raise Unanalysable("the deal has no Forehand or Contract")
    if deal.contract in ("NoHearts", "NoQueen"):
        raise NoPlay(f"{deal.contract} is scored by the cards taken, which the solver does not count")
    seat = side_seat or deal.forehand
    who = f"the forehand, seat {seat}" if seat == deal.forehand else f"seat {seat}"
    return Sides(frozenset({seat}), deal.contract == "Pass", f"{who}, against the other two")


def _israeli(rules: IsraeliWhist, deal: Deal, contract: str | None, declarer: int | None,
             side_seat: int | None) -> Sides:
    """Israeli Whist: each seat for itself (or ``side_seat``); a seat that bid 0 wants none."""
    zero = frozenset(s for s, b in enumerate(deal.bids or (), 1) if b == 0)
    if side_seat is not None:
        return Sides(frozenset({side_seat}), side_seat in zero, f"seat {side_seat}, against the other three",
                     few_seats=zero)
    return Sides(frozenset(), False, "each seat for itself, against the other three", few_seats=zero)


def _solo(rules: SoloWhist, deal: Deal, contract: str | None, declarer: int | None,
          side_seat: int | None) -> Sides:
    """Solo Whist: the declarer (with Propose's partner) against the rest; misères want none."""
    if contract is None or declarer is None:
        raise Unanalysable("the contract or its declarer is not known")
    partner = rules.partner_of(deal) if contract == "Propose" else None
    if contract == "Propose" and partner is None:
        raise Unanalysable("Propose: the partner who accepted is not known (no auction)")
    side = frozenset({declarer} | ({partner} if partner else set()))
    if side_seat is not None and side_seat not in side:
        side = frozenset(rules.seat_range()) - side
    words = "the declarer" if side == {declarer} else "the declarer and partner" if declarer in side \
        else "the defenders"
    return Sides(side, contract in MISERES, f"{words}, {_side_words(side)}")


def _german(rules: GermanWhist, deal: Deal, contract: str | None, declarer: int | None,
            side_seat: int | None) -> Sides:
    """German Whist: seat 1 (or ``side_seat``) against the other, counted from trick 14."""
    low = rules.plays_low(deal)
    if low is None:
        raise Unanalysable("HighLow: the turned card is not known, so neither is the aim")
    seat = side_seat or 1
    return Sides(frozenset({seat}), low, f"seat {seat}, against seat {3 - seat}",
                 count_from=1 if rules.all_tricks else GERMAN_DRAWS + 1)


def _german_ready(rules: GermanWhist, position: Position) -> None:
    """German Whist's positions before the stock is empty wait on the draws."""
    if not rules.stock_in_order(position.deal):
        raise Unanalysable("the stock's order is not recorded, so neither are the draws")
    if position.played < GERMAN_DRAWS * rules.seats:
        raise NotYet("German Whist is analysed from trick 14, once the stock is empty (the solver does "
                     "not model the draws)")


def _swedish(rules: SwedishWhist, deal: Deal, contract: str | None, declarer: int | None,
             side_seat: int | None) -> Sides:
    """Swedish Whist: the partnerships; Nolle misère for both; Misère the declarer alone."""
    if contract == "Misere":
        if declarer is None:
            raise Unanalysable("Misère: its declarer is not known")
        side = frozenset({declarer})
        if side_seat is not None and side_seat != declarer:
            side = frozenset(rules.seat_range()) - side
            return Sides(side, True, f"the other three, {_side_words(side)}, against the declarer")
        return Sides(side, True, f"the declarer, seat {declarer}, alone against the other three")
    side = _partnership(rules, side_seat or declarer or 1)
    return Sides(side, contract == "Nolle", _side_words(side))


def _turnover(rules: TurnoverBridge, deal: Deal, contract: str | None, declarer: int | None,
              side_seat: int | None) -> Sides:
    """Turnover Bridge: declined (BPN 1.2 §1)."""
    raise Unanalysable(TURNOVER_DECLINED)


def _bid_whist(rules: BidWhist, deal: Deal, contract: str | None, declarer: int | None,
               side_seat: int | None) -> Sides:
    """Bid Whist: the partnerships, downtown from the bid; the kitty's book is an offset."""
    downtown = rules.downtown(deal)
    side = _partnership(rules, side_seat or declarer or 1)
    declaring = _partnership(rules, declarer) if declarer is not None else frozenset()
    offset = 1 if declarer is not None and declarer in side else 0
    return Sides(side, False, _side_words(side) + (" (the declaring side)" if offset else ""), offset,
                 downtown=downtown, book=1, book_seats=declaring)


@dataclass(frozen=True)
class SideRule:
    """One game's entry in :data:`SIDE_RULES`."""

    sides: Callable[[Any, Deal, str | None, int | None, int | None], Sides]
    """``(rules, deal, contract, declarer, side_seat)`` → the :class:`Sides` analysed;
    raises :class:`Unanalysable` (or :class:`NoPlay`) for a deal it cannot analyse."""
    exchanger: str | None = None
    """Who makes the game's exchange, in words (``forehand``): a deal whose hand after
    the exchange is unknown is then said to lack its Discard tag. None: no exchange."""
    ready: Callable[[Any, Position], None] | None = None
    """Raises :class:`NotYet` at a position the solver cannot take yet (German Whist's
    draws), :class:`Unanalysable` when no position can; None: every position can."""


SIDE_RULES: dict[type[Ruleset], SideRule] = {
    Ruleset: SideRule(_alone_or_partners),
    Bismarck: SideRule(_bismarck, exchanger="forehand"),  # Estonian and Finnish derive from it
    IsraeliWhist: SideRule(_israeli),
    SoloWhist: SideRule(_solo),
    GermanWhist: SideRule(_german, ready=_german_ready),
    SwedishWhist: SideRule(_swedish),
    BidWhist: SideRule(_bid_whist, exchanger="declarer"),
    RuffAndHonours: SideRule(_alone_or_partners, exchanger="ruffer"),
    TurnoverBridge: SideRule(_turnover),
}
"""Each game's side rule, by ruleset class; a ruleset takes the entry of its nearest
class here (Estonian Bismarck's is Bismarck's, Whisk's is the default). A new game
adds one function and one entry, or none if the default fits it."""


def side_rule(rules: Ruleset) -> SideRule:
    """The entry of :data:`SIDE_RULES` for ``rules``: its class's, or its nearest base's. O(depth)."""
    return next(SIDE_RULES[cls] for cls in type(rules).__mro__ if cls in SIDE_RULES)


def sides_of(deal: Deal, side_seat: int | None = None) -> Sides:
    """The side analysed in ``deal`` (see the module's list), with ``side_seat`` (from
    1) chosen by the user where the game allows. Raises :class:`Unanalysable`."""
    rules = ruleset_of(deal)
    n = rules.seats
    if side_seat is not None and not 1 <= side_seat <= n:
        raise Unanalysable(f"--side {side_seat}: a deal of {rules.name} has seats 1 to {n}")
    contract, declarer = rules.contract_of(deal)
    if contract == "None":
        raise NoPlay("the deal was thrown in: no card was played")
    return side_rule(rules).sides(rules, deal, contract, declarer, side_seat)


def problem_at(position: Position, side_seat: int | None = None, sides: Sides | None = None) -> Problem:
    """The solver's problem at ``position`` of any game: the hands still held, the
    trump, the trick on the table and the seat to play, with the side of
    :func:`sides_of` (pass ``sides`` to skip working it out again). Seats become 0 to
    N−1. Raises :class:`Unanalysable` (the deal) or :class:`NotYet` (this position)."""
    deal = position.deal
    sides = sides if sides is not None else sides_of(deal, side_seat)
    rules = position.rules or ruleset_of(deal)
    n = rules.seats
    if position.trump is None:
        raise Unanalysable("the trump is not known" + (" (Valfri without a Trump tag)"
                                                        if deal.contract == "Valfri" else ""))
    if position.faults:
        raise Unanalysable("the play has errors up to here (bpn validate shows them)")
    if position.to_play is None:
        raise NotYet("the play is over")
    if any(h is None for h in position.hands):
        if deal.hands is not None and all(h is not None for h in deal.hands):  # recorded, but not a deal
            raise Unanalysable("the hands dealt have errors (bpn validate shows them)")
        raise Unanalysable("not every hand is recorded")
    rule = side_rule(rules)
    if rule.ready is not None:
        rule.ready(rules, position)
    table = position.table if len(position.table) < n else ()
    trump = None if position.trump == "NT" else position.trump
    cards_in_play = [c for h in position.hands if h for c in h] + [c for _, c in table]
    if trump is None and any(c[0] == JOKER for c in cards_in_play):
        raise NotYet("a joker is still in play at no trump (a card of no suit that never wins, which the "
                     "solver does not model)")
    trick_rules = position.rules.trick_rules(deal, trump) if position.rules is not None else None
    must_trump = trick_rules is not None and trick_rules.must_trump
    order = tuple((s, DOWNTOWN) for s in SUITS) if sides.downtown else ()
    side = sides.side
    misere = sides.misere
    if not side:  # Israeli Whist: the seat to play for itself
        side = frozenset({position.to_play})
        misere = position.to_play in sides.few_seats
    try:
        return Problem(tuple(frozenset(h or ()) for h in position.hands), trump=trump,
                       to_play=position.to_play - 1, table=tuple(card for _, card in table),
                       side=frozenset(s - 1 for s in side), misere=misere, must_trump=must_trump,
                       rank_order=order)
    except ValueError as exc:
        who = rule.exchanger
        if deal.exchange is not False and deal.discard is None and who is not None:
            raise Unanalysable(f"the {who}'s hand after the exchange is not known (no Discard tag)") from None
        raise Unanalysable(f"the hands do not make a position: {exc}") from None
