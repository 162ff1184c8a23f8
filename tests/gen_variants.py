"""Independent reference generator for Bismarck's BPN 1.1 variants Finnish and Estonian.

A second, separate implementation of their rules (the 1.1 spec §2) used by the property
tests and to make the samples. Standard library only, plus the card helpers of
``genbpn`` (itself independent); it must never import ``bismarck_pbn``.

    python tests/gen_variants.py        # rewrites samples/finnish.bpn and samples/estonian.bpn
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from genbpn import DECK, RANKS, card_key, holding, left  # noqa: E402

PLAYERS = {"Player1": "Aino", "Player2": "Eero", "Player3": "Helmi"}
FINNISH = {1: ["Trump"], 2: ["Trump"], 3: ["Trump"], 4: ["Spel"], 5: ["Spel"], 6: ["Spel"], 7: ["Pass"],
           8: ["Pass"], 9: ["Pass"], 10: ["Valfri", "Spel", "Pass"], 11: ["Valfri", "Spel", "Pass"],
           12: ["Valfri", "Spel", "Pass"]}
ESTONIAN = ["Spel", "Spader", "Valfri", "Pass", "NoHearts", "NoQueen"]


def winner(trick, trump):
    led = trick[0][1][0]
    return max(trick, key=lambda sc: (sc[1][0] == trump, sc[1][0] == led, -RANKS.index(sc[1][1])))[0]


def legal(hand, trick, trump, must_trump):
    if not trick:
        return sorted(hand, key=card_key)
    led = trick[0][1][0]
    same = [c for c in hand if c[0] == led]
    if same:
        return sorted(same, key=card_key)
    if must_trump and trump in "SHDC":
        trumps = [c for c in hand if c[0] == trump]
        if trumps:
            return sorted(trumps, key=card_key)
    return sorted(hand, key=card_key)


def play(rng, hands, leader, trump, must_trump, planted=None):
    """Random legal play; with ``planted`` (a list) the first seat that could must trump
    plays a side card instead, and (trick, card) of that fault is appended to it."""
    hands = {s: set(h) for s, h in hands.items()}
    tricks, won = [], {1: [], 2: [], 3: []}
    for t in range(16):
        trick, seat = [], leader
        for i in range(3):
            choices = legal(hands[seat], trick, trump, must_trump)
            if planted is not None and not planted and trick and must_trump and trump in "SHDC":
                led = trick[0][1][0]
                side = sorted((c for c in hands[seat] if c[0] not in (led, trump)), key=card_key)
                if not any(c[0] == led for c in hands[seat]) and choices[0][0] == trump and side:
                    choices = side
                    planted.append((t, i))
            card = rng.choice(choices)
            hands[seat].discard(card)
            trick.append((seat, card))
            seat = left(seat)
        leader = winner(trick, trump)
        won[leader] += [c for _, c in trick]
        tricks.append(trick)
    return tricks, won


def deal(rng, variant, board, forehand, contract, tags, total, planted=None):
    """One legal deal as a dict of tag values and the play (``planted``: see :func:`play`)."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = {s: deck[16 * (s - 1):16 * s] for s in (1, 2, 3)}
    kitty = deck[48:]  # in the order turned: the first is the turned card
    turned = kitty[0] if contract == "Trump" else None
    trump = {"Spel": "NT", "Pass": "NT", "Spader": "S", "NoHearts": "NT", "NoQueen": "NT"}.get(contract)
    if contract == "Trump":
        trump = turned[0]
    elif contract == "Valfri":
        trump = rng.choice("SHDC")
    exchange = variant == "Finnish" or contract == "Valfri" or rng.random() < 0.5
    in_play = {s: list(h) for s, h in hands.items()}
    discard = None
    if exchange:
        pool = hands[forehand] + kitty
        discard = rng.sample(pool, 4)
        in_play[forehand] = [c for c in pool if c not in discard]
    leader = forehand if variant == "Finnish" else left(forehand)
    tricks, won = play(rng, in_play, leader, trump, variant == "Finnish", planted)
    counts = [len(won[s]) // 3 for s in (1, 2, 3)]
    out = list(discard) if discard else list(kitty)  # out of play: the forehand's
    if contract == "Pass" and variant == "Finnish":
        score = [(2 if s == forehand else 7) - counts[s - 1] for s in (1, 2, 3)]
    elif contract == "Pass":
        score = [(4 if s == forehand else 6) - counts[s - 1] for s in (1, 2, 3)]
    elif contract == "NoHearts":
        taken = {s: won[s] + (out if s == forehand else []) for s in (1, 2, 3)}
        score = [(3 if s == forehand else 5) - sum(c[0] == "H" for c in taken[s]) for s in (1, 2, 3)]
    elif contract == "NoQueen":
        taken = {s: won[s] + (out if s == forehand else []) for s in (1, 2, 3)}
        score = [-2 if "SQ" in taken[s] else 1 for s in (1, 2, 3)]
    else:
        score = [counts[s - 1] - (8 if s == forehand else 4) for s in (1, 2, 3)]
    total = [a + b for a, b in zip(total, score)]
    values = dict(tags)
    values.update(Variant=variant, Board=str(board), Forehand=str(forehand),
                  Deal=f"{forehand}:" + " ".join(holding(hands[s]) for s in (forehand, left(forehand),
                                                                            left(left(forehand)))),
                  Kitty=holding(kitty), Contract=contract, Trump=trump,
                  Discard=holding(discard) if discard else "-", Tricks=" ".join(map(str, counts)),
                  Score=signed(score), Total=signed(total), Play=str(leader))
    if turned:
        values["Turned"] = turned
    return {"values": values, "tricks": tricks, "score": score, "total": total, "forehand": forehand,
            "trump": trump, "hands": in_play, "contract": contract}


def signed(values):
    return " ".join(f"+{v}" if v > 0 else str(v) for v in values)


ORDER = ("Event", "Site", "Date", "Variant", "Player1", "Player2", "Player3", "Board", "Forehand", "Deal",
         "Kitty", "Turned", "Contract", "Trump", "Discard", "Tricks", "Score", "Total", "Play")


def session(rng, variant, tags=None, planted=None):
    """A legal session of ``variant`` (Finnish: 12 deals; Estonian: 8) as deal dicts; with
    ``planted`` (a list), one missed trump in the first deal where one can be made, and
    (board, trick, card) of it appended to the list."""
    tags = tags or {"Event": "Kerhoilta", "Site": "Tampere", "Date": "2026.11.21", **PLAYERS}
    n = 12 if variant == "Finnish" else 8
    order = rng.sample(ESTONIAN, 6) + [rng.choice(ESTONIAN), rng.choice(ESTONIAN)]
    forehand, total, out = rng.randint(1, 3), [0, 0, 0], []
    for board in range(1, n + 1):
        contract = rng.choice(FINNISH[board]) if variant == "Finnish" else order[board - 1]
        here: list | None = [] if planted is not None and not planted else None
        d = deal(rng, variant, board, forehand, contract, tags, total, here)
        if here:
            planted.append((board, *here[0]))
        total = d["total"]
        out.append(d)
        forehand = left(forehand)
    return out


def to_bpn(deals, comments=None) -> str:
    """Canonical BPN 1.1 text of the deals; ``comments`` maps (deal, trick, card) to a comment."""
    comments = comments or {}
    parts = []
    for k, d in enumerate(deals):
        lines = [f'[{n} "{d["values"][n]}"]' for n in ORDER if n in d["values"]]
        for t, trick in enumerate(d["tricks"]):
            cards = []
            for i, (_, card) in enumerate(trick):
                note = comments.get((k, t, i))
                cards.append(card + (f" {{{note}}}" if note else ""))
            lines.append(" ".join(cards))
        lines.append("*")
        parts.append("\n".join(lines) + "\n")
    return "% BPN 1.1\n" + "\n".join(parts)


def _teacher(deals):
    """A few true remarks on each session, for the samples."""
    notes = {}
    for k, d in enumerate(deals):
        if d["contract"] == "Trump" or d["contract"] == "Valfri":
            for t, trick in enumerate(d["tricks"]):
                led = trick[0][1][0]
                for i, (seat, card) in enumerate(trick[1:], 1):
                    if card[0] == d["trump"] and led != d["trump"]:
                        notes[(k, t, i)] = f"void in the suit led, seat {seat} must trump, and does"
                        break
                if any(key[0] == k for key in notes):
                    break
    return notes


def main() -> None:
    root = Path(__file__).resolve().parent.parent / "samples"
    fin = session(random.Random(14), "Finnish")
    (root / "finnish.bpn").write_text(to_bpn(fin, _teacher(fin)), encoding="utf-8")
    est = session(random.Random(10), "Estonian", {"Event": "Klubiõhtu", "Site": "Tartu",
                                                  "Date": "2026.11.22", "Player1": "Mari",
                                                  "Player2": "Jaan", "Player3": "Liis"})
    (root / "estonian.bpn").write_text(to_bpn(est), encoding="utf-8")
    invalid = root / "invalid"

    def plant(name: str, text: str, needle: str, code: str, fault: str, shift: int = 0) -> None:
        header, rest = text.split("\n", 1)
        text = f"{header}\n{{{fault}}}\n{rest}"
        at = text.index(needle) + shift
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        (invalid / f"{name}.bpn").write_text(text, encoding="utf-8")
        (invalid / f"{name}.expected").write_text(f"{line}:{column} {code} error\n", encoding="utf-8")

    one = [fin[0]]
    turned = fin[0]["values"]["Turned"]
    wrong = next(c for c in DECK if c[0] == turned[0] and c != turned and c not in fin[0]["values"]["Kitty"]
                 and not any(c in h for h in ()))
    plant("BPN205-turned-not-in-kitty", to_bpn(one).replace(f'[Turned "{turned}"]', f'[Turned "{wrong}"]'),
          '[Turned "', "BPN205", "Finnish, board 1: the turned card is not one of the kitty's cards")
    planted: list = []
    missed = session(random.Random(3), "Finnish", planted=planted)
    board, trick, card = planted[0]
    text = to_bpn(missed[board - 1:board])
    play_at = text.index("\n", text.index('[Play "')) + 1
    row = text[play_at:].split("\n")[trick]
    plant("BPN503-finnish-must-trump", text, row, "BPN503", "Finnish: a seat that cannot follow suit "
          "plays a side card while it holds trumps (it must trump)", 3 * card)
    plant("BPN105-unknown-game", to_bpn(one).replace('[Variant "Finnish"]', '[Game "Skat"]\n[Variant "Finnish"]'),
          '\n[Game "', "BPN105", "a Game tag naming Skat, a game BPN 1.1 does not know", 1)


if __name__ == "__main__":
    main()
