"""Independent reference generator for German Whist records (BPN 1.1 §2, §4).

A second, deliberately separate implementation of the German Whist rules and of the
canonical text the writer produces, for property tests and benchmarks. Standard
library only; it must never import ``bismarck_pbn``.

A deal is a dict (see :func:`play_deal`); :func:`session_text` writes a session of
them as canonical BPN 1.1 text. :data:`MUTATIONS` plant one fault in a written session
and say which code it must give and on which line.
"""
from __future__ import annotations

import random

from gen_two import (DECK, RANKS, holding, mutate_leader, mutate_score, mutate_total, other,
                     sessions, signed)
from gen_two import line_of as _line_of
from gen_two import play_line as _play_line
from gen_two import session_text as _session_text
OPTIONS = ("HighLow", "AllTricks")  # in the order the canonical Variant value lists them
VARIANTS = ("Standard", "HighLow", "AllTricks", "HighLow AllTricks")
SESSION = (("Event", "Kitchen table"), ("Site", "Uppsala"), ("Date", "2026.11.21"))


def beats(card: str, best: str, led: str, trump: str | None) -> bool:
    """Whether ``card`` beats ``best`` in a trick led in ``led``."""
    if card[0] == best[0]:
        return RANKS.index(card[1]) < RANKS.index(best[1])
    return card[0] == trump


def trick_winner(trick, trump):
    """trick: [(seat, card), (seat, card)], leader first."""
    (s1, c1), (s2, c2) = trick
    return s2 if beats(c2, c1, c1[0], trump) else s1


def score(counted, low: bool, all_tricks: bool):
    half = 13 if all_tricks else 6
    a, b = counted
    if a == b:
        return [0, 0]
    top = 0 if a > b else 1
    if low:
        top = 1 - top
    out = [0, 0]
    out[top] = max(a, b) - half
    return out


def play_deal(rng: random.Random, dealer: int, variant: str = "Standard", *, style: float = 0.5) -> dict:
    """Deal and play one deal of German Whist at random (legal cards only). ``style``:
    how often a seat plays its highest legal card rather than any."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = {1: set(deck[:13]), 2: set(deck[13:26])}
    dealt = {1: set(hands[1]), 2: set(hands[2])}
    stock = deck[26:]
    turned = stock[0]
    high_low = "HighLow" in variant
    trump = None if high_low else turned[0]
    leader = other(dealer)
    tricks, winners = [], []
    for k in range(26):
        trick = []
        for seat in (leader, other(leader)):
            hand = hands[seat]
            legal = sorted(hand)
            if trick:
                same = [c for c in hand if c[0] == trick[0][1][0]]
                legal = sorted(same) or legal
            if rng.random() < style:
                card = min(legal, key=lambda c: (c[0] != trump, RANKS.index(c[1])))
            else:
                card = rng.choice(legal)
            hand.remove(card)
            trick.append((seat, card))
        winner = trick_winner(trick, trump)
        tricks.append(trick)
        winners.append(winner)
        if k < 13:
            hands[winner].add(stock[2 * k])
            hands[other(winner)].add(stock[2 * k + 1])
        leader = winner
    won = [winners.count(1), winners.count(2)]
    all_tricks = "AllTricks" in variant
    counted = won if all_tricks else [winners[13:].count(1), winners[13:].count(2)]
    low = high_low and turned[0] in "SC"
    return {"dealer": dealer, "dealt": dealt, "stock": stock, "turned": turned, "variant": variant,
            "trump": "NT" if high_low else turned[0], "tricks": tricks, "winners": winners, "won": won,
            "score": score(counted, low, all_tricks), "claim": None}


def deal_lines(d: dict, board: int, total, players=("Anna", "Bertil")) -> list[str]:
    """One deal's canonical text, line by line (no empty line after)."""
    tags = [*SESSION, ("Game", "GermanWhist"), ("Variant", d["variant"]),
            ("Player1", players[0]), ("Player2", players[1]), ("Board", str(board)),
            ("Dealer", str(d["dealer"])),
            ("Deal", f"1:{holding(d['dealt'][1])} {holding(d['dealt'][2])}"),
            ("Kitty", " ".join(d["stock"])), ("Turned", d["turned"]), ("Trump", d["trump"]),
            ("Tricks", f"{d['won'][0]} {d['won'][1]}"), ("Score", signed(d["score"])),
            ("Total", signed(total))]
    lines = [f'[{name} "{value}"]' for name, value in tags]
    shown = d["tricks"] if d["claim"] is None else d["tricks"][:d["claim"]]
    lines.append(f'[Play "{d["tricks"][0][0][0]}"]')
    lines += [f"{a} {b}" for (_, a), (_, b) in shown]
    lines.append("*")
    return lines


def make_session(rng: random.Random, boards: int, variant: str | None = None, *, claims: bool = False,
                 first_dealer: int | None = None) -> list[dict]:
    """A session of ``boards`` deals, the dealer alternating; some end in a claim."""
    variant = variant or rng.choice(VARIANTS)
    dealer = first_dealer or rng.randint(1, 2)
    deals = []
    for _ in range(boards):
        d = play_deal(rng, dealer, variant, style=rng.random())
        if claims and rng.random() < 0.3:
            d["claim"] = rng.randint(14, 25)  # the rest conceded: Tricks gives the final count
        deals.append(d)
        dealer = other(dealer)
    return deals


def session_text(deals: list[dict], header: bool = True) -> str:
    """A session as canonical BPN 1.1 text."""
    return _session_text(deals, deal_lines, "1.1", header)


def gen_german(n: int, seed: int = 4) -> str:
    """``n`` deals of German Whist as one BPN 1.1 text, in sessions of 1–12 boards."""
    return sessions(n, random.Random(seed), make_session, session_text)


# ---- single faults ---------------------------------------------------------------

def _holding_at(d: dict, seat: int, k: int) -> set[str]:
    """Seat's cards when trick ``k`` (from 0) starts."""
    hand = set(d["dealt"][seat])
    for j in range(k):
        for s, c in d["tricks"][j]:
            if s == seat:
                hand.discard(c)
        if j < 13:
            w = d["winners"][j]
            hand.add(d["stock"][2 * j] if seat == w else d["stock"][2 * j + 1])
    return hand


def mutate_tricks(rng, deals, lines):
    full = [b for b, d in enumerate(deals, 1) if d["claim"] is None]
    if not full:
        return None, 0
    b = rng.choice(full)
    i = _line_of(lines, "[Tricks ", b)
    won = deals[b - 1]["won"]
    lines[i] = f'[Tricks "{won[0] + 1} {won[1] - 1}"]' if won[1] else f'[Tricks "{won[0] - 1} {won[1] + 1}"]'
    return "BPN601", i + 1


def mutate_turned(rng, deals, lines):
    b = rng.randrange(len(deals)) + 1
    d = deals[b - 1]
    i = _line_of(lines, "[Turned ", b)
    lines[i] = f'[Turned "{rng.choice([c for c in DECK if c != d["turned"]])}"]'
    return "BPN205", i + 1


def mutate_trump(rng, deals, lines):
    b = rng.randrange(len(deals)) + 1
    d = deals[b - 1]
    i = _line_of(lines, "[Trump ", b)
    lines[i] = f'[Trump "{rng.choice([t for t in ("S", "H", "D", "C", "NT") if t != d["trump"]])}"]'
    return "BPN205", _line_of(lines, "[Turned ", b) + 1  # BPN205 is placed at the Turned tag


def mutate_extra_trick(rng, deals, lines):
    b = next((k for k, d in enumerate(deals, 1) if d["claim"] is None), None)
    if b is None:
        return None, 0
    i = _play_line(lines, b, 26)
    lines.insert(i + 1, lines[i])
    return "BPN504", i + 2


def _pick_trick(rng, d, test):
    shown = 26 if d["claim"] is None else d["claim"]
    ks = list(range(shown))
    rng.shuffle(ks)
    for k in ks:
        found = test(k)
        if found:
            return k, found
    return None, None


def mutate_revoke(rng, deals, lines):
    """Swap a card that followed suit with a card of another suit the same seat held
    then and plays later, where neither trick changes hands and the later one stays
    legal: one revoke, at the earlier trick."""
    order = list(range(len(deals)))
    rng.shuffle(order)
    for bi in order:
        d = deals[bi]
        shown = 26 if d["claim"] is None else d["claim"]
        trump = None if d["trump"] == "NT" else d["trump"]

        def test(k, d=d, shown=shown, trump=trump):
            (ls, lc), (fs, fc) = d["tricks"][k]
            if fc[0] != lc[0]:
                return None
            held = _holding_at(d, fs, k)
            for u in range(k + 1, shown):
                t2 = d["tricks"][u]
                j = 0 if t2[0][0] == fs else 1
                y = t2[j][1]
                if y[0] == lc[0] or y not in held:
                    continue
                new1 = [(ls, lc), (fs, y)]
                new2 = list(t2)
                new2[j] = (fs, fc)
                if trick_winner(new1, trump) != d["winners"][k] or trick_winner(new2, trump) != d["winners"][u]:
                    continue
                if any(t[0][1][0] == fc[0] and t[1][0] == fs and t[1][1][0] != fc[0]
                       for t in d["tricks"][k + 1:u]):
                    continue  # fs would seem to hold fc's suit there without following it
                if j == 1:  # fc must be a legal follow at trick u
                    hand_u = _holding_at(d, fs, u) - {y} | {fc}
                    led = t2[0][1][0]
                    if fc[0] != led and any(c[0] == led for c in hand_u):
                        continue
                else:  # fc now leads trick u: the other seat's card must still be legal
                    led, oc = fc[0], t2[1][1]
                    hand_o = _holding_at(d, t2[1][0], u)
                    if oc[0] != led and any(c[0] == led for c in hand_o):
                        continue
                return u, j, y
            return None

        k, found = _pick_trick(rng, d, test)
        if k is None:
            continue
        u, j, y = found
        b = bi + 1
        i1, i2 = _play_line(lines, b, k + 1), _play_line(lines, b, u + 1)
        fc = d["tricks"][k][1][1]
        lines[i1] = f"{d['tricks'][k][0][1]} {y}"
        a, c = lines[i2].split()
        lines[i2] = f"{fc} {c}" if j == 0 else f"{a} {fc}"
        return "BPN503", i1 + 1
    return None, 0


def mutate_not_held(rng, deals, lines):
    """Replace a card by one of the same suit its seat does not hold then (still in the
    stock, or the other seat's and played later), where the trick's winner stays."""
    order = list(range(len(deals)))
    rng.shuffle(order)
    for bi in order:
        d = deals[bi]
        trump = None if d["trump"] == "NT" else d["trump"]
        shown = 26 if d["claim"] is None else d["claim"]
        played_by = {c: (k, s) for k, t in enumerate(d["tricks"][:shown]) for s, c in t}

        def test(k, d=d, trump=trump, played_by=played_by):
            trick = d["tricks"][k]
            j = rng.randrange(2)
            seat, x = trick[j]
            mine = _holding_at(d, seat, k)
            for z in DECK:
                if z[0] != x[0] or z in mine or z == trick[1 - j][1]:
                    continue
                when = played_by.get(z)
                if when is None or when[0] <= k:
                    continue  # never shown (a claim) or already played
                new = list(trick)
                new[j] = (seat, z)
                if trick_winner(new, trump) == d["winners"][k]:
                    return j, z
            return None

        k, found = _pick_trick(rng, d, test)
        if k is None:
            continue
        j, z = found
        i = _play_line(lines, bi + 1, k + 1)
        parts = lines[i].split()
        parts[j] = z
        lines[i] = " ".join(parts)
        return "BPN502", i + 1
    return None, 0


MUTATIONS = {f.__name__[len("mutate_"):]: f for f in (
    mutate_score, mutate_total, mutate_tricks, mutate_turned, mutate_trump, mutate_leader,
    mutate_extra_trick, mutate_revoke, mutate_not_held)}
"""name -> f(rng, deals, lines) that plants one fault in ``lines`` (the session's text
split into lines) and returns (code, line from 1), or (None, _) when it cannot."""
