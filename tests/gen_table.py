"""What the independent generators of four-seat auction games share: the deck, the
seats, the text of holdings, calls and cards, the tag header, and random legal tricks.

Standard library only, and it does not import bismarck_pbn (the generators check the
package, so they must not borrow from it). Used by ``gen_auction.py`` (Israeli and
Swedish Whist) and ``gen_solobid.py`` (Solo and Bid Whist).
"""

from __future__ import annotations

import random

SUITS = "SHDC"
RANKS = "AKQJT98765432"
DECK = [s + r for s in SUITS for r in RANKS]
JOKERS = ["JB", "JL"]


def left(seat: int) -> int:
    return seat % 4 + 1


def holding(cards) -> str:
    """``AK2.QJT.5.9876``, with a fifth field of jokers (``B``, ``L``) where there are any."""
    text = ".".join("".join(r for r in RANKS if s + r in cards) for s in SUITS)
    jokers = "".join(j[1] for j in JOKERS if j in cards)
    return text + "." + jokers if jokers else text


def signed(values) -> str:
    return " ".join(f"+{v}" if v > 0 else str(v) for v in values)


def play_lines(cards) -> list[str]:
    return [" ".join(cards[i:i + 4]) for i in range(0, len(cards), 4)] + ["*"]


def call_lines(calls) -> list[str]:
    """Calls four to a line; a ``Frisch`` stands on a line of its own."""
    out, row = [], []
    for c in calls:
        if c == "Frisch":
            if row:
                out.append(" ".join(row))
                row = []
            out.append(c)
            continue
        row.append(c)
        if len(row) == 4:
            out.append(" ".join(row))
            row = []
    if row:
        out.append(" ".join(row))
    return out


def header(game: str, board: int, dealer: int, hands, players) -> list[str]:
    return ['[Event "Generated"]', '[Site "Test"]', '[Date "2026.01.01"]', f'[Game "{game}"]',
            *(f'[Player{s} "{p}"]' for s, p in enumerate(players, 1)),
            f'[Board "{board}"]', f'[Dealer "{dealer}"]',
            f'[Deal "1:{" ".join(holding(h) for h in hands)}"]']


def play(rng: random.Random, hands, leader: int, tricks: int, suit_of, strength, trump, strong=()):
    """Random legal tricks: follow the suit led if able (``suit_of`` a card's suit, None
    for a card of no suit, which leaves the suit to the next card); the highest trump
    wins, else the highest card of the suit led. Seats in ``strong`` play their
    strongest legal card (so contracts are made now and then). Returns (cards in order,
    tricks by seat)."""
    hands = [set(h) for h in hands]
    cards, won = [], [0, 0, 0, 0]
    for _ in range(tricks):
        trick = []
        seat = leader
        for _ in range(4):
            hand = sorted(hands[seat - 1])
            led = next((suit_of(c) for _, c in trick if suit_of(c) is not None), None)
            follow = [c for c in hand if led is not None and suit_of(c) == led]
            if seat in strong:
                choice = max(follow or hand, key=lambda c: (suit_of(c) == trump, strength(c), c))
            else:
                choice = rng.choice(follow or hand)
            hands[seat - 1].discard(choice)
            trick.append((seat, choice))
            seat = left(seat)
        led = next(suit_of(c) for _, c in trick if suit_of(c) is not None)
        contenders = [(s, c) for s, c in trick if suit_of(c) is not None and suit_of(c) in (trump, led)]
        leader = max(contenders, key=lambda sc: (suit_of(sc[1]) == trump, strength(sc[1])))[0]
        won[leader - 1] += 1
        cards += [c for _, c in trick]
    return cards, won
