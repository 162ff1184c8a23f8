"""Independent reference generator for Turnover Bridge records (BPN 1.2 §1).

A second, deliberately separate implementation of the Turnover Bridge rules and of the
canonical text the writer produces, for property tests and benchmarks. Standard
library only; it must never import ``bismarck_pbn``.

A deal is a dict (see :func:`play_deal`); :func:`session_text` writes a session of
them as canonical BPN 1.2 text. :data:`MUTATIONS` plant one fault in a written session
and say which code it must give and on which line.
"""
from __future__ import annotations

import random

from gen_two import (DECK, RANKS, holding, mutate_leader, mutate_score, mutate_total, other,
                     sessions, signed)
from gen_two import line_of as _line_of
from gen_two import play_line as _play_line
from gen_two import session_text as _session_text
SESSION = (("Event", "Sunday afternoons"), ("Site", "Lund"), ("Date", "2026.11.22"))
SHAPES = {"Standard": (9, 8), "Pagat": (12, 2)}  # piles, cards in hand
TRUMP = "S"


def trick_winner(trick):
    """trick: [(seat, card), (seat, card)], leader first; spades trump."""
    (s1, c1), (s2, c2) = trick
    if c2[0] == c1[0]:
        return s2 if RANKS.index(c2[1]) < RANKS.index(c1[1]) else s1
    return s2 if c2[0] == TRUMP else s1


def playable(d: dict, seat: int, k: int) -> set[str]:
    """The cards ``seat`` may play at the start of trick ``k`` (from 0): its hand and its
    face-up cards, a card beneath one played in tricks before ``k`` included."""
    played = {c for t in d["tricks"][:k] for _, c in t}
    out = set(d["hands"][seat]) - played
    for up, down in d["piles"][seat]:
        if up not in played:
            out.add(up)
        elif down not in played:
            out.add(down)
    return out


def play_deal(rng: random.Random, dealer: int, variant: str = "Standard", *, style: float = 0.5) -> dict:
    """Deal and play one deal at random (legal cards only), to 14 tricks won or 13 each.
    ``style``: how often a seat plays its highest legal card rather than any."""
    piles, size = SHAPES[variant]
    deck = DECK[:]
    rng.shuffle(deck)
    d: dict = {"dealer": dealer, "variant": variant, "hands": {}, "piles": {}, "tricks": [], "winners": []}
    at = 0
    for seat in (1, 2):
        d["hands"][seat] = set(deck[at:at + size])
        at += size
        d["piles"][seat] = [(deck[at + 2 * i + 1], deck[at + 2 * i]) for i in range(piles)]  # (up, down)
        at += 2 * piles
    leader = other(dealer)
    won = {1: 0, 2: 0}
    while max(won.values()) < 14 and len(d["tricks"]) < 26:
        k = len(d["tricks"])
        trick = []
        for seat in (leader, other(leader)):
            legal = playable(d, seat, k) - {c for _, c in trick}
            if trick:
                legal = {c for c in legal if c[0] == trick[0][1][0]} or legal
            ordered = sorted(legal)
            if rng.random() < style:
                card = min(ordered, key=lambda c: (c[0] != TRUMP, RANKS.index(c[1])))
            else:
                card = rng.choice(ordered)
            trick.append((seat, card))
        d["tricks"].append(trick)
        winner = trick_winner(trick)
        d["winners"].append(winner)
        won[winner] += 1
        leader = winner
    d["won"] = [won[1], won[2]]
    d["score"] = [0, 0] if won[1] == won[2] else ([1, 0] if won[1] > won[2] else [0, 1])
    played = {c for t in d["tricks"] for _, c in t}
    # a face-down card never turned up may go unrecorded
    d["unknown"] = {down for seat in (1, 2) for up, down in d["piles"][seat]
                    if up not in played and rng.random() < 0.3}
    d["claim"] = None
    return d


def layout_text(d: dict, seat: int) -> str:
    return " ".join(f"{up}/{'-' if down in d['unknown'] else down}" for up, down in d["piles"][seat])


def deal_lines(d: dict, board: int, total, players=("Greta", "Hugo")) -> list[str]:
    """One deal's canonical text, line by line (no empty line after)."""
    tags = [*SESSION, ("Game", "TurnoverBridge"), ("Variant", d["variant"]),
            ("Player1", players[0]), ("Player2", players[1]), ("Board", str(board)),
            ("Dealer", str(d["dealer"])),
            ("Deal", f"1:{holding(d['hands'][1])} {holding(d['hands'][2])}"),
            ("Layout1", layout_text(d, 1)), ("Layout2", layout_text(d, 2)),
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
    """A session of ``boards`` deals, the dealer alternating; some end in a concession."""
    variant = variant or rng.choice(tuple(SHAPES))
    dealer = first_dealer or rng.randint(1, 2)
    deals = []
    for _ in range(boards):
        d = play_deal(rng, dealer, variant, style=rng.random())
        if claims and rng.random() < 0.3 and len(d["tricks"]) > 2:
            d["claim"] = rng.randint(1, len(d["tricks"]) - 1)  # the rest conceded: Tricks gives the final count
            if 14 in d["won"]:  # the ruling: the conceding seat keeps the tricks it won in the play
                loser = d["won"].index(14) ^ 1
                d["won"][loser] = d["winners"][:d["claim"]].count(loser + 1)
            played = {c for t in d["tricks"][:d["claim"]] for _, c in t}
            d["unknown"] = {c for c in d["unknown"] if not any(up in played and down == c
                                                               for s in (1, 2) for up, down in d["piles"][s])}
        deals.append(d)
        dealer = other(dealer)
    return deals


def session_text(deals: list[dict], header: bool = True) -> str:
    """A session as canonical BPN 1.2 text."""
    return _session_text(deals, deal_lines, "1.2", header)


def gen_turnover(n: int, seed: int = 21) -> str:
    """``n`` deals of Turnover Bridge as one BPN 1.2 text, in sessions of 1–12 boards."""
    return sessions(n, random.Random(seed), make_session, session_text)


# ---- single faults ---------------------------------------------------------------

def _shown(d: dict) -> int:
    return len(d["tricks"]) if d["claim"] is None else d["claim"]


def mutate_tricks(rng, deals, lines):
    """A final count no deal can end with (14 to a seat, the other 13)."""
    b = rng.randrange(len(deals)) + 1
    i = _line_of(lines, "[Tricks ", b)
    lines[i] = '[Tricks "14 13"]'
    return "BPN604", i + 1


def mutate_trump(rng, deals, lines):
    b = rng.randrange(len(deals)) + 1
    i = _line_of(lines, "[Tricks ", b)
    lines.insert(i, f'[Trump "{rng.choice("HDC")}"]')
    return "BPN205", i + 1


def mutate_extra_trick(rng, deals, lines):
    """A trick after a seat has won its 14th."""
    b = next((k for k, d in enumerate(deals, 1)
              if d["claim"] is None and max(d["won"]) == 14 and len(d["tricks"]) < 26), None)
    if b is None:
        return None, 0
    d = deals[b - 1]
    i = _play_line(lines, b, len(d["tricks"]))
    played = {c for t in d["tricks"] for _, c in t}
    rest = [c for c in DECK if c not in played]
    lines.insert(i + 1, f"{rest[0]} {rest[1]}")
    return "BPN504", i + 2


def mutate_face_down(rng, deals, lines):
    """A seat plays, where it plays a face-up card of its layout, the card beneath it
    instead (in the same trick), when the trick's winner stays and the card is played
    later by nobody: BPN508 at that card's trick."""
    order = list(range(len(deals)))
    rng.shuffle(order)
    for bi in order:
        d = deals[bi]
        shown = _shown(d)
        later = {c for t in d["tricks"] for _, c in t}
        for k in range(shown):
            trick = d["tricks"][k]
            for j, (seat, card) in enumerate(trick):
                down = next((dn for up, dn in d["piles"][seat] if up == card), None)
                if down is None or down in later or down in d["unknown"]:
                    continue
                if trick[0][1][0] != card[0] and j == 1:
                    continue  # (a follow-suit question would come in)
                new = list(trick)
                new[j] = (seat, down)
                if j == 1 and down[0] != trick[0][1][0] and any(
                        c[0] == trick[0][1][0] for c in playable(d, seat, k) - {card}):
                    continue
                if trick_winner(new) != d["winners"][k]:
                    continue
                if j == 0 and trick[1][1][0] != down[0] and any(
                        c[0] == down[0] for c in playable(d, trick[1][0], k)):
                    continue  # the other seat would now revoke
                i = _play_line(lines, bi + 1, k + 1)
                parts = lines[i].split()
                parts[j] = down
                lines[i] = " ".join(parts)
                return "BPN508", i + 1
    return None, 0


def mutate_not_held(rng, deals, lines):
    """Replace a card by one of the same suit that the other seat plays later (it is in
    the other seat's hand or layout), where the trick's winner stays."""
    order = list(range(len(deals)))
    rng.shuffle(order)
    for bi in order:
        d = deals[bi]
        shown = _shown(d)
        played_by = {c: (k, s) for k, t in enumerate(d["tricks"][:shown]) for s, c in t}
        for k in range(shown):
            trick = d["tricks"][k]
            j = rng.randrange(2)
            seat, x = trick[j]
            if any(up == x and down in played_by for up, down in d["piles"][seat]):
                continue  # (the card beneath x is played later: it would stay face down)
            for z in DECK:
                when = played_by.get(z)
                if z[0] != x[0] or when is None or when[0] <= k or when[1] == seat:
                    continue
                new = list(trick)
                new[j] = (seat, z)
                if trick_winner(new) == d["winners"][k]:
                    i = _play_line(lines, bi + 1, k + 1)
                    parts = lines[i].split()
                    parts[j] = z
                    lines[i] = " ".join(parts)
                    return "BPN502", i + 1
    return None, 0


def mutate_piles(rng, deals, lines):
    """A layout with one pile too few."""
    b = rng.randrange(len(deals)) + 1
    s = rng.randint(1, 2)
    i = _line_of(lines, f"[Layout{s} ", b)
    value = lines[i].split('"')[1].split()
    lines[i] = f'[Layout{s} "{" ".join(value[:-1])}"]'
    return "BPN201", i + 1


def mutate_duplicate(rng, deals, lines):
    """A face-down card of seat 2's layout replaced by a card of seat 1's hand."""
    b = rng.randrange(len(deals)) + 1
    d = deals[b - 1]
    i = _line_of(lines, "[Layout2 ", b)
    piles = lines[i].split('"')[1].split()
    n = rng.randrange(len(piles))
    up = piles[n].split("/")[0]
    piles[n] = f"{up}/{sorted(d['hands'][1])[0]}"
    lines[i] = f'[Layout2 "{" ".join(piles)}"]'
    return "BPN202", i + 1


MUTATIONS = {f.__name__[len("mutate_"):]: f for f in (
    mutate_score, mutate_total, mutate_tricks, mutate_trump, mutate_leader, mutate_extra_trick,
    mutate_face_down, mutate_not_held, mutate_piles, mutate_duplicate)}
"""name -> f(rng, deals, lines) that plants one fault in ``lines`` (the session's text
split into lines) and returns (code, line from 1), or (None, _) when it cannot."""
