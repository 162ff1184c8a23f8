"""A plain double-dummy minimax, simple enough to be obviously right, and random
endings to compare the solver with. Used by the solver's tests."""

from __future__ import annotations

import random
from functools import lru_cache

from bismarck_pbn.analysis.problem import DEFAULT_ORDER, DOWNTOWN, Problem

SUITS = "SHDC"


def reference_values(p: Problem) -> dict[str, int]:
    """For each legal card of the seat to play: the tricks the side of that seat takes
    from the current trick to the end after playing it, by trying every card of every
    seat (memoised on the exact position, nothing else)."""
    n = p.seats
    orders = {s: p.order(s) for s in SUITS}

    def strength(card):
        return -orders[card[0]].index(card[1])

    def legal(hand, table):
        if not table:
            return sorted(hand)
        same = [c for c in hand if c[0] == table[0][1][0]]
        if same:
            return sorted(same)
        trumps = [c for c in hand if c[0] == p.trump]
        if p.must_trump and trumps:
            return sorted(trumps)
        return sorted(hand)

    def winner(table):
        best_seat, best = table[0]
        for seat, card in table[1:]:
            if card[0] == best[0]:
                if strength(card) > strength(best):
                    best_seat, best = seat, card
            elif card[0] == p.trump:
                best_seat, best = seat, card
        return best_seat

    def wants_more(seat):
        # the side maximises its tricks unless misère; its opponents do the opposite
        return (seat in p.side) != p.misere

    @lru_cache(maxsize=None)
    def side_tricks(hands, table, seat):
        """Tricks of the problem's side from the trick on the table to the end."""
        if not hands[seat]:
            return 0
        # Every card tried, stopping only when the best possible result is reached.
        more, best_possible = wants_more(seat), (len(hands[seat]) if wants_more(seat) else 0)
        best = None
        for card in legal(hands[seat], table):
            v = after(hands, table, seat, card)
            if best is None or (v > best if more else v < best):
                best = v
            if best == best_possible:
                break
        return best

    def after(hands, table, seat, card):
        hands = tuple(h - {card} if i == seat else h for i, h in enumerate(hands))
        table = table + ((seat, card),)
        if len(table) == n:
            w = winner(table)
            return (w in p.side) + side_tricks(hands, (), w)
        return side_tricks(hands, table, (seat + 1) % n)

    table = tuple((p.seat_of_table_card(i), c) for i, c in enumerate(p.table))
    seat, total = p.to_play, p.tricks_left
    out = {}
    for card in legal(p.hands[seat], table):
        v = after(p.hands, table, seat, card)
        out[card] = v if seat in p.side else total - v
    return out


def reference_solve(p: Problem) -> int:
    """The side's tricks with best play from here."""
    values = reference_values(p)  # tricks of the side of the seat to play
    best = min(values.values()) if p.misere else max(values.values())
    return best if p.to_play in p.side else p.tricks_left - best


def random_ending(rng: random.Random, seats: int, tricks: int, *, trump=..., must_trump=None,
                  mid_trick=None, misere=None, suits: str | None = None) -> Problem:
    """A random position: ``tricks`` tricks to go, each seat's cards drawn from a few
    suits (so that following, ruffing and touching cards all happen), maybe mid-trick."""
    suits = suits or "".join(rng.sample(SUITS, rng.randint(2, 4)))
    deck = [s + r for s in suits for r in DEFAULT_ORDER]
    while len(deck) < seats * tricks:
        suits = SUITS
        deck = [s + r for s in suits for r in DEFAULT_ORDER]
    cards = rng.sample(deck, seats * tricks)
    hands = [set(cards[i * tricks:(i + 1) * tricks]) for i in range(seats)]
    if trump is ...:
        trump = rng.choice([None, rng.choice(suits)])
    must_trump = rng.random() < 0.5 if must_trump is None else must_trump
    misere = rng.random() < 0.25 if misere is None else misere
    order = {s: DOWNTOWN for s in SUITS} if rng.random() < 0.1 else {}
    side = frozenset(s for s in range(seats) if rng.random() < 0.5) or frozenset({0})
    leader = rng.randrange(seats)
    on_table = rng.randrange(seats) if (mid_trick or (mid_trick is None and rng.random() < 0.5)) else 0
    table: list[str] = []
    for i in range(on_table):
        seat = (leader + i) % seats
        hand = hands[seat]
        options = sorted(hand)
        if table:
            same = [c for c in options if c[0] == table[0][0]]
            trumps = [c for c in options if c[0] == trump]
            options = same or (trumps if must_trump and trumps else options)
        card = rng.choice(options)
        hand.discard(card)
        table.append(card)
    return Problem(tuple(frozenset(h) for h in hands), trump=trump, to_play=(leader + on_table) % seats,
                   table=tuple(table), side=side, misere=misere, must_trump=must_trump, rank_order=order)
