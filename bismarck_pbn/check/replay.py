"""Replaying a recorded play, checking every card, and staying in step after a fault.

The rules of a trick (:mod:`bismarck_pbn.games.tricks`) say what is legal; this module
is the checker's: it follows a record that may be wrong, never stops at a fault, and
repairs its idea of the deal so that one wrong card gives one fault, not a cascade
(a wrong card that changed a trick's winner, a card a seat never held).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bismarck_pbn.games.tricks import DealState, Fault, TrickRules, left_of
from bismarck_pbn.model.cards import RANK_VALUE

__all__ = ["Fault", "Replay", "replay"]


class Replay(NamedTuple):
    """What replaying a recorded play gives."""

    faults: list[Fault]
    won: tuple[int, ...]
    """Tricks taken by each seat (by seat − 1) in the complete tricks."""
    tricks: int
    """Complete tricks played."""
    winners: list[int]
    """Winner of each complete trick."""
    stopped: bool
    """True when the replay could not go past the first trick (trump unknown)."""
    seats: list[int] = []
    """The seat that played each card, in order (as far as the replay went)."""


def replay(cards: Sequence[str], *, hands: Sequence[Iterable[str] | None], rules: TrickRules,
           leader: int, excluded: Sequence[Iterable[str]] | None = None, unknown_trump: bool = False,
           exact: Sequence[bool] | None = None) -> Replay:
    """Replay a recorded play, checking each card, and never stopping at a fault:
    after a card not held or a revoke the replay goes on.

    ``hands[s-1]`` is what seat s may play: exactly its cards when ``exact[s-1]``, a
    superset otherwise (the forehand when the exchange was not recorded: hand and
    kitty), or None when not known at all; then ``excluded[s-1]`` are the cards seat s
    surely did not have. For follow-suit, a seat is held to the cards it surely had:
    its exact hand, or else the cards it is seen to play (those drawn during play,
    ``rules.arriving``, only from when they are drawn: ``rules.after_trick`` adds them).

    When the lead card of a trick is not the computed leader's but belongs to exactly
    one other known hand (and the trick's other cards fit), that seat won the last
    trick: a wrong card there changed the winner. The trick is moved to it and the
    replay stays in step, so one wrong card gives one fault, not one per card after it.

    With ``unknown_trump`` only the first trick can be placed. O(n·h) for n cards and
    hands of h cards; a second pass when some hand is not exactly known."""
    n = rules.seats
    if not unknown_trump and (exact is None or all(exact)) and None not in hands:
        clean = _clean_run(cards, hands, rules, leader)
        if clean is not None:
            return clean
    excluded = excluded if excluded is not None else [()] * n
    exact = exact if exact is not None else [True] * n
    hands = [set(h) if h is not None else None for h in hands]
    follow = None
    if any(h is None for h in hands) or not all(exact):
        # Who plays which card is only known by replaying: a first pass to learn it.
        first = _run(cards, hands, [set() if h is None or not e else set(h) for h, e in zip(hands, exact)],
                     rules, leader, excluded, unknown_trump)
        seat_cards: list[set[str]] = [set() for _ in range(n)]
        for card, seat in zip(cards, first[1]):
            seat_cards[seat - 1].add(card)
        follow = []
        arriving = rules.arriving  # cards drawn during play: held only once drawn
        for i, hand in enumerate(hands):
            if hand is None:
                follow.append(seat_cards[i] - arriving)
            elif exact[i]:
                follow.append(set(hand))
            else:
                follow.append(seat_cards[i].intersection(hand) - arriving)
    return _run(cards, hands, follow, rules, leader, excluded, unknown_trump)[0]


def _clean_run(cards: Sequence[str], hands: Sequence[Iterable[str] | None], rules: TrickRules,
               leader: int) -> Replay | None:
    """The replay of a play without a fault, every hand known exactly and no card in two
    hands; None at the first fault (or where cards change hands during play), and
    :func:`_run` then replays it with all its repairs. The common case, once per card
    with none of the bookkeeping a faulty record needs: what :class:`DealState` does for
    it, in one loop. O(n·h)."""
    if type(rules).after_trick is not TrickRules.after_trick or rules.arriving:
        return None
    n, tricks = rules.seats, rules.tricks
    held = [set(h) for h in hands]  # type: ignore[arg-type]
    if len(cards) > n * tricks or sum(map(len, held)) != len(set().union(*held)):
        return None
    if type(rules) is TrickRules and not rules.must_trump:
        return _clean_plain(cards, held, n, rules.trump, leader)
    winner, revoke = rules.winner, rules.revoke
    seats: list[int] = []
    winners: list[int] = []
    won = [0] * n
    trick: list[tuple[int, str]] = []
    seat = leader
    for card in cards:
        hand = held[seat - 1]
        if card not in hand or (trick and revoke(card, trick, hand) is not None):
            return None
        hand.remove(card)
        seats.append(seat)
        trick.append((seat, card))
        if len(trick) == n:
            seat = winner(trick)
            won[seat - 1] += 1
            winners.append(seat)
            trick = []
        else:
            seat = seat % n + 1
    return Replay([], tuple(won), len(winners), winners, False, seats)


def _clean_plain(cards: Sequence[str], held: list[set[str]], n: int, trump: str | None,
                 leader: int) -> Replay | None:
    """:func:`_clean_run` for the plain game (follow suit, aces high, no draws), each
    trick's winner kept as its cards come (as :func:`trick_winner` finds it)."""
    value = RANK_VALUE
    seats: list[int] = []
    winners: list[int] = []
    won = [0] * n
    seat = leader
    k = 0  # cards in the trick so far
    led = ""
    best_seat = best = 0
    best_trump = False
    for card in cards:
        hand = held[seat - 1]
        if card not in hand:
            return None
        suit = card[0]
        if k == 0:
            led, best_seat, best, best_trump = suit, seat, value[card], suit == trump
        else:
            if suit != led:
                for other in hand:
                    if other[0] == led:
                        return None  # a revoke
            if suit == trump:
                if not best_trump or value[card] > best:
                    best_seat, best, best_trump = seat, value[card], True
            elif suit == led and not best_trump and value[card] > best:
                best_seat, best = seat, value[card]
        hand.remove(card)
        seats.append(seat)
        k += 1
        if k == n:
            won[best_seat - 1] += 1
            winners.append(best_seat)
            seat = best_seat
            k = 0
        else:
            seat = seat % n + 1
    return Replay([], tuple(won), len(winners), winners, False, seats)


def _fits(hands, seat: int, card: str) -> bool:
    hand = hands[seat - 1]
    return hand is None or card in hand


def _run(cards, hands, follow, rules, leader, excluded, unknown_trump) -> tuple[Replay, list[int]]:
    state = DealState([set(h) if h is not None else None for h in hands], rules, leader,
                      follow=[set(f) for f in follow] if follow is not None else [],
                      excluded=[set(e) for e in excluded], undo_history=False)
    check, play, winners = state.check, state.play, state.winners
    faults: list[Fault] = []
    seats: list[int] = []
    stopped = False
    trick_faulted = False
    realigned = 0
    for i, card in enumerate(cards):
        if len(winners) >= state.tricks:  # (a game may end early: Turnover Bridge at 14 tricks)
            faults.append(Fault("too_many", state.count, state.to_play, card,
                                "over" if state.tricks < rules.tricks else ""))
            break
        if not state.trick:
            if winners:
                if unknown_trump:
                    stopped = True
                    break
                _resync(state, cards, i, trick_faulted, faults)
            trick_faulted = False
        seat = state.to_play
        fault = check(card)
        if fault is not None:
            if fault.kind != "too_many" and realigned < MAX_REALIGN:
                how = _realign(state, cards, i)
                if how is not None:
                    realigned += 1
                    trick_faulted = True
                    if how == "extra":
                        faults.append(Fault("extra", i, seat, card))
                        seats.append(seat)
                        continue
                    # a card missing before this one: the seat to play played a card the
                    # record does not give, and this card is the next seat's
                    faults.append(Fault("missing", i, seat, card))
                    state.drop_unplayed(seat, state.trick[0][1][0] if state.trick else card[0],
                                        _probe(state, cards, i, "missing", len(cards))[1][seat - 1])
                    state.skip()
                    if not state.trick and len(winners) < state.tricks:
                        _resync(state, cards, i, True, None)
                    seat = state.to_play
                    fault = check(card)
            if fault is not None:
                faults.append(fault)
                if fault.kind == "not_held":
                    trick_faulted = True  # a wrong card can change who wins; a revoke cannot
                    if fault.detail != "played":
                        state.bogus.add(card)
                    if fault.detail == "absent":
                        state.drop_unplayed(seat, card[0], _future_cards(state, cards, i, seat))
                    elif fault.detail.startswith("face_down:"):
                        _meant_face_up(state, seat, fault.detail.partition(":")[2], cards, i)
        seats.append(seat)
        play(card)
    won = tuple(state.won)
    return Replay(faults, won, len(state.winners), list(state.winners), stopped, seats), seats


def _meant_face_up(state: DealState, seat: int, up: str, cards, i: int) -> None:
    """After a card played while still face down (Turnover Bridge): the record most
    likely meant the card on it, which the seat then no longer holds (if it never plays
    it later), so that it does not come back as a revoke."""
    hand = state.hands[seat - 1]
    if hand is not None and up in hand and up not in _future_cards(state, cards, i, seat):
        hand.discard(up)
        state.follow[seat - 1].discard(up)


MAX_REALIGN = 2
"""How often one deal's record may be re-aligned by a card assumed missing or extra."""


def _probe(state: DealState, cards, i: int, assume: str | None,
           window: int | None = None, keep: list[str] | None = None) -> tuple[int, list[list[str]]]:
    """Play the record on from card ``i`` on a copy of ``state`` for ``window`` cards
    (default two tricks), assuming nothing, a card ``"missing"`` before card ``i``, or
    card ``i`` ``"extra"``; return the faults met and the cards each seat plays.
    O(window · hand)."""
    probe = state.clone()
    if assume == "missing":
        if keep is not None:  # the seat's missing card: one it never plays later
            seat = probe.to_play
            probe.drop_unplayed(seat, probe.trick[0][1][0] if probe.trick else cards[i][0], keep)
        probe.skip()
    start = i + 1 if assume == "extra" else i
    played: list[list[str]] = [[] for _ in range(probe.seats)]
    faults = 0
    window = window if window is not None else 2 * probe.seats + 1
    for j in range(start, min(len(cards), start + window)):
        if probe.finished:
            break
        if not probe.trick and probe.winners:
            _resync(probe, cards, j, True, None)
        played[probe.to_play - 1].append(cards[j])
        if probe.check(cards[j]) is not None:
            faults += 1
        probe.play(cards[j])
    return faults, played


def _realign(state: DealState, cards, i: int) -> str | None:
    """After a fault at card ``i``: whether the rest of the record reads right when one
    card is assumed missing just before it (``"missing"``) or card ``i`` is assumed one
    too many (``"extra"``), while as written it keeps going wrong (three faults or more
    to the end: two cards swapped between hands, say, are two faults and stay as
    written). No card is assumed missing from a record as long as the whole play. O(rest of the play · hand) per hypothesis; the play has at most
    tricks × seats cards."""
    rest = len(cards) - i
    if _probe(state, cards, i, None, rest)[0] < 3:
        return None
    # a record already as long as the whole play has no card missing: one assumed
    # missing would leave its last card over (a seat failing to follow three times
    # while it holds the suit is three revokes, not a lost card)
    whole = len(cards) >= state.tricks * state.seats
    later = _probe(state, cards, i, "missing", rest)[1][state.to_play - 1] if not whole else []
    if not whole and _probe(state, cards, i, "missing", rest, later)[0] == 0:
        return "missing"
    if _probe(state, cards, i, "extra", rest)[0] == 0:
        return "extra"
    return None


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
    n = state.seats
    owners = [s for s in range(1, n + 1)
              if s != lead and (held := state.hands[s - 1]) is not None and card in held]
    if len(owners) != 1:
        return
    seat = owners[0]
    nxt = seat
    for k in range(1, n):
        nxt = left_of(nxt, n)
        if i + k < len(cards) and not _fits(state.hands, nxt, cards[i + k]):
            return
    if not explained and faults is not None:
        faults.append(Fault("not_held", i, lead, card, f"leader:{seat}"))
    state.relead(seat, won_last=explained)


def _future_cards(state: DealState, cards, i: int, seat: int) -> list[str]:
    """The cards ``seat`` plays after index ``i``, following the record from the
    current position (with the same resync) and no checks."""
    probe = DealState([set(h) if h is not None else None for h in state.hands], state.rules,
                      state.to_play, follow=[set() for _ in range(state.seats)])
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
