"""Hand-made deals of the whist family's shapes, for testing the shared machinery
(JSON, standings, fmt) before and apart from each game's own rules.

Standard library only; never imports ``bismarck_pbn``. A deal has N hands, a turned
card where the game turns one, German Whist's stock as an ordered list, and a play in
which every seat follows suit when it can and the highest trump, else the highest card
of the suit led, wins (the common rule of BPN 1.1 §2). Scores are left out: they are
each game's own business.
"""

from __future__ import annotations

import random

SUITS, RANKS = "SHDC", "AKQJT98765432"
DECK = [s + r for s in SUITS for r in RANKS]


def _key(card: str) -> tuple[int, int]:
    return SUITS.index(card[0]), RANKS.index(card[1])


def holding(cards) -> str:
    """Cards as a BPN holding ``S.H.D.C``, ranks high to low."""
    cards = sorted(cards, key=_key)
    return ".".join("".join(c[1] for c in cards if c[0] == s) for s in SUITS)


def play(hands: list[list[str]], leader: int, trump: str | None, tricks: int, rng: random.Random):
    """Random legal tricks (follow suit, trump wins, winner leads): the tricks as lists of
    cards, leader first, and the tricks each seat took."""
    n = len(hands)
    hands = [list(h) for h in hands]
    out, won = [], [0] * n
    for _ in range(tricks):
        trick: list[tuple[int, str]] = []
        seat = leader
        for _ in range(n):
            hand = hands[seat - 1]
            follow = [c for c in hand if trick and c[0] == trick[0][1][0]]
            card = rng.choice(follow or hand)
            hand.remove(card)
            trick.append((seat, card))
            seat = seat % n + 1
        led = trick[0][1][0]
        leader = max(trick, key=lambda sc: (sc[1][0] == trump, sc[1][0] == led, -RANKS.index(sc[1][1])))[0]
        won[leader - 1] += 1
        out.append([c for _, c in trick])
    return out, won


def whist_deal(seed: int, *, board: int = 1, dealer: int = 1, game: str = "Whist") -> str:
    """A Whist-shaped deal: four hands of 13, the dealer's last card turned for trump,
    the dealer's left leads, Tricks per side."""
    rng = random.Random(seed)
    cards = DECK[:]
    rng.shuffle(cards)
    hands = [cards[i * 13:(i + 1) * 13] for i in range(4)]
    turned = hands[dealer - 1][-1]
    leader = dealer % 4 + 1
    tricks, won = play(hands, leader, turned[0], 13, rng)
    order = [(dealer - 1 + k) % 4 for k in range(4)]
    lines = ['[Event "Family test"]', f'[Game "{game}"]', '[Player1 "Ann"]', '[Player2 "Bo"]',
             '[Player3 "Cy"]', '[Player4 "Di"]', f'[Board "{board}"]', f'[Dealer "{dealer}"]',
             f'[Deal "{dealer}:{" ".join(holding(hands[i]) for i in order)}"]',
             f'[Turned "{turned}"] {{the last card dealt}}', f'[Trump "{turned[0]}"]',
             f'[Tricks "{won[0] + won[2]} {won[1] + won[3]}"]', f'[Play "{leader}"]']
    lines += [" ".join(t) + (" $1" if i == 0 else "") for i, t in enumerate(tricks)]
    return "\n".join(lines) + "\n*\n"


def german_deal(seed: int, *, board: int = 1, dealer: int = 1) -> str:
    """A German Whist-shaped deal: two hands of 13, the stock of 26 in order (top first),
    its top card turned; only the first trick is played (the draws are the game's)."""
    rng = random.Random(seed)
    cards = DECK[:]
    rng.shuffle(cards)
    hands = [cards[:13], cards[13:26]]
    stock = cards[26:]
    leader = dealer % 2 + 1
    first = rng.choice(hands[leader - 1])
    follow = [c for c in hands[dealer - 1] if c[0] == first[0]] or hands[dealer - 1]
    second = rng.choice(follow)
    return "\n".join([
        '[Event "Family test"]', '[Game "GermanWhist"]', '[Player1 "Ann"]', '[Player2 "Bo"]',
        f'[Board "{board}"]', f'[Dealer "{dealer}"]',
        f'[Deal "{dealer}:{" ".join(holding(hands[(dealer - 1 + k) % 2]) for k in range(2))}"]',
        f'[Kitty "{" ".join(stock)}"]', f'[Turned "{stock[0]}"]', '[Tricks "13 13"]',
        f'[Play "{leader}"] {{a claim after the first trick}}', f"{first} {second}", "*", ""])
