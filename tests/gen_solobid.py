"""An independent reference generator of Solo Whist and Bid Whist sessions.

Standard library only, and it does not import bismarck_pbn: it deals, runs a random
legal auction, plays random legal tricks by each game's rules as the BPN 1.1 spec
states them, scores each deal and writes canonical BPN text. Property tests read,
validate and mutate what it writes; the benchmark times it.

    gen_solo(n, seed) / gen_bid(n, seed) -> BPN text of n deals (one session)
"""

from __future__ import annotations

import random

from gen_table import (DECK, JOKERS, RANKS, SUITS, call_lines, header, holding, left, play, play_lines,
                       signed)

def up(card: str) -> int:
    return {"JB": 16, "JL": 15}.get(card) or 14 - RANKS.index(card[1])


def down(card: str) -> int:
    if card in JOKERS or card[1] == "A":
        return up(card)
    return 15 - up(card)


# ---- Solo Whist ----------------------------------------------------------------------------

SOLO_CALLS = ["Propose", "Solo", "Misere", "Abundance", "AbundanceTrump", "SpreadMisere", "Slam"]
SOLO_VALUE = dict(zip(SOLO_CALLS, [1, 2, 3, 4, 4, 6, 8]))
SOLO_NEED = {"Propose": 8, "Solo": 5, "Misere": 0, "Abundance": 9, "AbundanceTrump": 9, "SpreadMisere": 0,
             "Slam": 13}


def solo_auction(rng: random.Random, first: int, style: str):
    """A random legal auction: (calls, contract or None, declarer, partner)."""
    calls, passed = [], set()
    high, partner, seat = None, None, first
    while True:
        live = [s for s in (1, 2, 3, 4) if s not in passed]
        if not live or (high is not None and all(s in (high[1], partner) for s in live)):
            break
        top = SOLO_CALLS.index(high[0]) if high else -1
        can_accept = high is not None and high[0] == "Propose" and partner is None and seat != high[1]
        r = rng.random()
        if style == "pass":
            word = "Pass"
        elif style == "propose" and high is None:
            word = "Propose"
        elif style == "propose":
            word = "Pass"
        elif can_accept and r < 0.5:
            word = "Accept"
        elif top < 6 and r < (0.55 if high is None else 0.3):
            word = SOLO_CALLS[rng.randrange(top + 1, min(top + 4, 7))]
        else:
            word = "Pass"
        calls.append(word)
        if word == "Pass":
            passed.add(seat)
        elif word == "Accept":
            partner = seat
        else:
            high, partner = (word, seat), None
        for _ in range(4):
            seat = left(seat)
            if seat not in passed:
                break
    if high is None or (high[0] == "Propose" and partner is None):
        return calls, None, None, None
    return calls, high[0], high[1], partner


def gen_solo(n: int, seed: int = 1) -> str:
    """``n`` deals of Solo Whist (one session), with a throw-in now and then."""
    rng = random.Random(seed)
    out = ["% BPN 1.1"]
    total = [0, 0, 0, 0]
    players = ("Alice", "Bert", "Cath", "Dick")
    for board in range(1, n + 1):
        dealer = (board - 1) % 4 + 1
        first = left(dealer)
        deck = DECK[:]
        rng.shuffle(deck)
        hands = [set(deck[i * 13:(i + 1) * 13]) for i in range(4)]
        turned = rng.choice(sorted(hands[dealer - 1]))
        r = rng.random()
        style = "pass" if r < 0.05 else "propose" if r < 0.08 else "normal"
        calls, contract, declarer, partner = solo_auction(rng, first, style)
        lines = header("SoloWhist", board, dealer, hands, players)
        lines += [f'[Turned "{turned}"]', f'[Auction "{first}"]', *call_lines(calls)]
        if contract is None:
            lines += ['[Contract "None"]', '[Score "0 0 0 0"]', f'[Total "{signed(total)}"]']
            out += [""] + lines
            continue
        if contract in ("Misere", "SpreadMisere"):
            trump = None
        elif contract in ("Abundance", "Slam"):
            trump = rng.choice(SUITS)
        else:
            trump = turned[0]
        leader = declarer if contract == "Slam" else first
        cards, won = play(rng, hands, leader, 13, lambda c: c[0], up, trump)
        took = won[declarer - 1] + (won[partner - 1] if partner else 0)
        made = took == 0 if contract in ("Misere", "SpreadMisere") else took >= SOLO_NEED[contract]
        value = SOLO_VALUE[contract] * (1 if made else -1)
        if partner:
            score = [value if s in (declarer, partner) else -value for s in (1, 2, 3, 4)]
        else:
            score = [3 * value if s == declarer else -value for s in (1, 2, 3, 4)]
        total = [a + b for a, b in zip(total, score)]
        lines += [f'[Contract "{contract}"]', f'[Trump "{trump or "NT"}"]', f'[Declarer "{declarer}"]',
                  f'[Tricks "{" ".join(map(str, won))}"]', f'[Score "{signed(score)}"]',
                  f'[Total "{signed(total)}"]', f'[Play "{leader}"]', *play_lines(cards)]
        out += [""] + lines
    return "\n".join(out[:1] + out[2:]) + "\n"


# ---- Bid Whist -------------------------------------------------------------------------------

def bid_rank(word: str) -> int:
    return int(word[0]) * 2 + word.endswith("NT")


def bid_auction(rng: random.Random, throw_in: bool):
    """Four calls from the dealer's left: (calls, (bid, seat index 0..3 from first) or None)."""
    calls, high = [], None
    for i in range(4):
        if throw_in:
            calls.append("Pass")
            continue
        if i == 3 and high is not None and rng.random() < 0.3:
            calls.append("Take")
            high = (high[0], i)
            continue
        if rng.random() < 0.35 or (i == 3 and high is None):
            lo = bid_rank(high[0]) + 1 if high else 6
            options = [f"{n}{k}" for n in range(3, 8) for k in ("U", "D", "NT")
                       if lo <= bid_rank(f"{n}{k}") <= lo + 1]
            if options:
                word = rng.choice(options)
                calls.append(word)
                high = (word, i)
                continue
        calls.append("Pass")
    return calls, high


def gen_bid(n: int, seed: int = 1) -> str:
    """``n`` deals of Bid Whist (one session), games to 7, with a throw-in now and then."""
    rng = random.Random(seed)
    out = ["% BPN 1.1"]
    total = [0, 0]
    players = ("Lena", "Marcus", "Odette", "Ray")
    for board in range(1, n + 1):
        dealer = (board - 1) % 4 + 1
        first = left(dealer)
        deck = DECK + JOKERS
        rng.shuffle(deck)
        hands = [set(deck[i * 12:(i + 1) * 12]) for i in range(4)]
        kitty = set(deck[48:])
        calls, high = bid_auction(rng, rng.random() < 0.06)
        lines = header("BidWhist", board, dealer, hands, players)
        lines += [f'[Kitty "{holding(kitty)}"]', f'[Auction "{first}"]', *call_lines(calls)]
        if high is None:
            lines += ['[Contract "None"]', '[Score "0 0"]', f'[Total "{signed(total)}"]']
            out += [""] + lines
            continue
        contract, at = high
        declarer = first
        for _ in range(at):
            declarer = left(declarer)
        notrump = contract.endswith("NT")
        trump = None if notrump else rng.choice(SUITS)
        downtown = contract.endswith("D") or (notrump and rng.random() < 0.5)
        taken = hands[declarer - 1] | kitty
        keep = sorted(taken, key=lambda c: (c in JOKERS or c[0] == trump, (down if downtown else up)(c), c))
        discard = set(keep[:6]) if rng.random() < 0.8 else set(rng.sample(sorted(taken), 6))
        hands_now = [set(h) for h in hands]
        hands_now[declarer - 1] = taken - discard

        def suit_of(card, trump=trump):
            return trump if card in JOKERS else card[0]

        strong = (declarer, left(left(declarer))) if rng.random() < 0.7 else ()
        cards, won = play(rng, hands_now, declarer, 12, suit_of, down if downtown else up, trump, strong)
        sides = [won[0] + won[2], won[1] + won[3]]
        side = (declarer - 1) % 2
        bid = int(contract[0])
        books = sides[side] + 1
        points = books - 6 if books >= 6 + bid else -bid
        score = [0, 0]
        score[side] = 2 * points if notrump else points
        total = [a + b for a, b in zip(total, score)]
        lines += [f'[Contract "{contract}"]', f'[Trump "{trump or "NT"}"]', f'[Declarer "{declarer}"]']
        if notrump:
            lines.append(f'[Direction "{"Downtown" if downtown else "Uptown"}"]')
        lines += [f'[Discard "{holding(discard)}"]', f'[Tricks "{sides[0]} {sides[1]}"]',
                  f'[Score "{signed(score)}"]', f'[Total "{signed(total)}"]', f'[Play "{declarer}"]',
                  *play_lines(cards)]
        out += [""] + lines
        if max(total) >= 7:
            total = [0, 0]
    return "\n".join(out[:1] + out[2:]) + "\n"


def gen_solowhist(n: int, seed: int = 1) -> str:  # the bench_games.py naming
    return gen_solo(n, seed)


def gen_bidwhist(n: int, seed: int = 1) -> str:
    return gen_bid(n, seed)


if __name__ == "__main__":  # pragma: no cover
    import sys

    print((gen_solo if sys.argv[1] == "solo" else gen_bid)(int(sys.argv[2]), int(sys.argv[3])), end="")
