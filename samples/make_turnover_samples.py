"""Regenerate the BPN 1.2 samples: ``samples/turnover-bridge/``, the träkarl round in
``samples/swedish-whist/`` and their invalid ones.

    python samples/make_turnover_samples.py            # from the repository root

Deterministic: the deals come from the independent reference rules
(``tests/gen_turnover.py``, ``tests/gen_auction.py``) with fixed seeds. The remarks are
written by the rules below from what happens at the table (a face-up card played turns
up the card beneath, the fourteenth trick ends the deal, a seat concedes), so every
remark is true of its deal. The invalid samples each plant one fault; their
``.expected`` lines are worked out here from where the fault is planted, never from
what the validator says. This script does not import ``bismarck_pbn``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import gen_auction  # noqa: E402
import gen_turnover as g  # noqa: E402

INVALID = HERE / "invalid"
NAMES = {1: "Greta", 2: "Hugo"}


def annotate(d: dict, lines: list[str], board: int) -> list[str]:
    """Remarks on one deal's play: the first card turned up by each seat, the trick that
    decides the deal, a concession."""
    play = next(i for i, ln in enumerate(lines) if ln.startswith("[Play "))
    shown = len(d["tricks"]) if d["claim"] is None else d["claim"]
    won = {1: 0, 2: 0}
    turned: set[int] = set()
    for k in range(shown):
        trick = d["tricks"][k]
        notes = []
        for seat, card in trick:
            down = next((dn for up, dn in d["piles"][seat] if up == card), None)
            if down is not None and seat not in turned:
                turned.add(seat)
                what = "a card not recorded" if down in d["unknown"] else down
                notes.append(f"{NAMES[seat]} plays {card} from the layout: {what} beneath it is turned up, "
                             "playable from the next trick")
        won[d["winners"][k]] += 1
        if max(won.values()) == 14:
            notes.append(f"{NAMES[d['winners'][k]]}'s fourteenth trick: the deal is won, nothing more is played")
        if notes:
            lines[play + 1 + k] += " {" + "; ".join(notes) + "}"
    if d["claim"] is not None:
        lines[play + shown] += (f" {{the rest is conceded: the Tricks tag gives the final count, "
                                f"{d['won'][0]}-{d['won'][1]}}}")
    return lines


def turnover() -> str:
    rng = random.Random(2026)
    deals = g.make_session(rng, 4, "Standard", first_dealer=1)
    deals[3]["claim"] = 10
    played = {c for t in deals[3]["tricks"][:10] for _, c in t}
    deals[3]["unknown"] = {c for c in deals[3]["unknown"]
                           if not any(up in played and dn == c for s in (1, 2) for up, dn in deals[3]["piles"][s])}
    text = g.session_text(deals)
    out: list[str] = []
    blocks = text.rstrip("\n").split("\n\n")
    for board, (d, block) in enumerate(zip(deals, blocks), 1):
        lines = annotate(d, block.split("\n"), board)
        if board == 1:
            lines.insert(1, "{Greta and Hugo play Turnover Bridge on Sunday afternoons: eight cards in hand, nine "
                            "piles each on the table, a face-up card on a face-down one. Spades are trumps; the "
                            "first to fourteen tricks wins the deal.}")
        at = next(i for i, ln in enumerate(lines) if ln.startswith("[Layout1 "))
        if any(c in d["unknown"] for s in (1, 2) for _, c in d["piles"][s]):
            lines[at] += " {a - is a face-down card never turned up, and not noted}"
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def trakarl() -> str:
    text = gen_swedish_round().replace('[Event "Generated"]', '[Event "Träkarl evenings"]')
    text = text.replace('[Site "Test"]', '[Site "Västerås"]').replace('[Date "2026.01.01"]', '[Date "2026.11.24"]')
    lines = text.split("\n")
    dummy = next(ln for ln in lines if ln.startswith("[Dummy ")).split('"')[1]
    partner = (int(dummy) + 1) % 4 + 1
    lines.insert(1, f"{{Three at the table: seat {dummy} is the träkarl, a dummy hand; seat {partner}, its partner, "
                    "calls and plays for it. The träkarl takes no individual points.}")
    return "\n".join(lines)


def gen_swedish_round() -> str:
    return gen_auction.gen_swedish(12, 3, trakarl=True)


def invalid_face_down() -> tuple[str, str]:
    for seed in range(100):
        rng = random.Random(seed)
        deals = g.make_session(rng, 1, "Standard", first_dealer=1)
        if deals[0]["claim"] is not None:
            continue
        lines = g.session_text(deals).split("\n")
        old = list(lines)
        code, line = g.mutate_face_down(random.Random(seed), deals, lines)
        if code:
            break
    i = line - 1
    a, b = old[i].split(), lines[i].split()
    j = 0 if a[0] != b[0] else 1
    col = 1 if j == 0 else len(b[0]) + 2
    lines.insert(1, "{BPN508: in the trick marked below, a seat plays the card beneath one of its face-up cards "
                    "while the face-up card is still on it}")
    lines[i + 1] += " {here: " + b[j] + " is still face down}"
    return "\n".join(lines), f"{line + 1}:{col} BPN508 error\n"


def invalid_trakarl_misere() -> tuple[str, str]:
    for seed in range(50):
        lines = gen_auction.gen_swedish(1, seed, trakarl=True).splitlines()
        dummy = int(next(ln for ln in lines if ln.startswith("[Dummy ")).split('"')[1])
        at = next(i for i, ln in enumerate(lines) if ln.startswith("[Auction "))
        k = (dummy - int(lines[at].split('"')[1])) % 4
        calls = lines[at + 1].split()
        if calls[k] == "Pass" and "Misere" not in calls:
            break
    col = 1 + sum(len(c) + 1 for c in calls[:k])
    calls[k] = "Misere"
    lines[at + 1] = " ".join(calls)
    lines.insert(1, "{BPN801: the träkarl's seat calls Misere in the auction; a misère is played alone, and the "
                    "träkarl is no player (the call counts as Pass)}")
    return "\n".join(lines) + "\n", f"{at + 3}:{col} BPN801 error\n"


def main() -> None:
    (HERE / "turnover-bridge").mkdir(exist_ok=True)
    (HERE / "turnover-bridge" / "sunday-afternoons.bpn").write_text(turnover(), encoding="utf-8")
    (HERE / "swedish-whist" / "trakarl.bpn").write_text(trakarl(), encoding="utf-8")
    for stem, (text, expected) in (("BPN508-turnover-face-down", invalid_face_down()),
                                   ("BPN801-trakarl-misere", invalid_trakarl_misere())):
        (INVALID / f"{stem}.bpn").write_text(text, encoding="utf-8")
        (INVALID / f"{stem}.expected").write_text(expected, encoding="utf-8")


if __name__ == "__main__":
    main()
