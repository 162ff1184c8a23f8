"""Regenerate the German Whist samples in ``samples/german-whist/`` and its invalid ones.

    python samples/make_german_whist.py            # from the repository root

Deterministic: the deals come from ``tests/gen_german.py`` (the independent reference
rules) with fixed seeds. The remarks are written by the rules below from what happens
at the table (who takes a face-up ace, who lets a poor card go, who claims), so every
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

import gen_german as g  # noqa: E402

OUT = HERE / "german-whist"
INVALID = HERE / "invalid"
NAMES = {1: "Anna", 2: "Bertil"}
SUIT = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
        "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}


def name(card: str) -> str:
    return f"{RANK[card[1]]} of {SUIT[card[0]]}"


def low(card: str) -> bool:
    return g.RANKS.index(card[1]) >= 8  # six or lower


def claim_point(d: dict) -> int | None:
    """The first trick from 20 on after which one seat wins every trick: a claim."""
    w = d["winners"]
    for k in range(19, 25):
        if len(set(w[k:])) == 1:
            return k
    return None


def annotate(d: dict, board: int) -> dict:
    """Remarks on the deal's cards: {(trick, 0|1): (suffix, nags, comment)}."""
    notes: dict[tuple[int, int], tuple[str, str, str]] = {}
    trump = None if d["trump"] == "NT" else d["trump"]
    said = 0
    for k in range(13):
        up = d["stock"][2 * k]
        trick, winner = d["tricks"][k], d["winners"][k]
        wi = 0 if trick[0][0] == winner else 1
        li = 1 - wi
        if said < 3 and (up[1] in "AK" or up[0] == trump and up[1] in "AKQJ"):
            notes[(k, wi)] = ("!", " $1", f"{{{NAMES[winner]} takes the face-up {name(up)}}}")
            said += 1
        elif said < 3 and low(up) and up[0] != trump and low(trick[li][1]) and trick[li][1][0] == trick[0][1][0]:
            loser = trick[li][0]
            notes[(k, li)] = ("", "", f"{{{NAMES[loser]} lets the {name(up)} go}}")
            said += 1
    if d["claim"] is None:
        k = 13
        notes[(k, 0)] = ("", "", "{the stock is gone: from here every trick counts}")
    if board == 1:
        k = next((k for k in range(14, 26) if d["tricks"][k][1][1][0] != d["tricks"][k][0][1][0]
                  and d["tricks"][k][1][1][0] != trump), None)
        if k is not None and (k, 1) not in notes:
            s, c = d["tricks"][k][1]
            notes[(k, 1)] = ("", " $5", f"{{{NAMES[s]} is out of {SUIT[d['tricks'][k][0][1][0]]}}}")
    return notes


def deal_text(d: dict, board: int, total, comments: dict[str, str], before: str = "") -> list[str]:
    lines = [before] if before else []
    for line in g.deal_lines(d, board, total):
        if line.startswith("[Play "):
            break
        tag = line[1:line.index(" ")]
        lines.append(line + (f" {comments[tag]}" if tag in comments else ""))
    notes = annotate(d, board)
    lines.append(f'[Play "{d["tricks"][0][0][0]}"]')
    shown = d["tricks"] if d["claim"] is None else d["tricks"][:d["claim"]]
    for k, trick in enumerate(shown):
        parts = []
        for i, (_, card) in enumerate(trick):
            suffix, nags, comment = notes.get((k, i), ("", "", ""))
            parts.append(card + suffix + nags + (" " + comment if comment else ""))
        lines.append(" ".join(parts))
    if d["claim"] is not None:
        winner = NAMES[d["winners"][d["claim"]]]
        lines.append(f"* {{{winner} shows her hand and claims the last {26 - d['claim']} tricks}}"
                     if winner == "Anna" else
                     f"* {{{winner} shows his hand and claims the last {26 - d['claim']} tricks}}")
    else:
        lines.append("*")
    return lines


def session(deals: list[dict], intro: str, tag_notes: dict[int, dict[str, str]], *, header=True) -> str:
    out = ["% BPN 1.1"] if header else []
    total = [0, 0]
    for board, d in enumerate(deals, 1):
        total = [t + s for t, s in zip(total, d["score"])]
        if board > 1 or not header:
            out.append("")
        out += deal_text(d, board, total, tag_notes.get(board, {}), intro if board == 1 else "")
    return "\n".join(out) + "\n"


def kitchen_table() -> tuple[str, list[dict]]:
    """Eight boards of Standard German Whist, one ending in a claim."""
    rng = random.Random(2004)
    deals = g.make_session(rng, 8, "Standard", first_dealer=1)
    for d in deals:
        d["claim"] = None
    k = next(b for b in range(3, 8) if claim_point(deals[b]) is not None)
    deals[k]["claim"] = claim_point(deals[k])
    notes = {1: {"Event": "{a winter of Sunday evenings}", "Turned": "{the trump for the whole hand}"},
             2: {"Score": "; Bertil's first plus"}}
    intro = ("{Anna and Bertil keep a record of their Sunday German Whist. The first thirteen tricks "
             "decide the hands; only the last thirteen score.}")
    return session(deals, intro, notes), deals


def options() -> str:
    """Two short sessions: HighLow (a red turned card plays high, a black one low), then
    AllTricks."""
    rng = random.Random(404)
    high_low = g.make_session(rng, 4, "HighLow", first_dealer=2)
    all_tricks = g.make_session(rng, 3, "AllTricks", first_dealer=1)
    text = session(high_low, "{HighLow: no trump; the colour of the turned card says whether the most "
                   "or the fewest tricks win.}", {1: {"Trump": "{no trump under HighLow}"}})
    text += session(all_tricks, "{AllTricks: every one of the 26 tricks counts.}", {}, header=False)
    return text


def invalid(deals: list[dict]) -> None:
    """BPN105 (an option German Whist does not have) and BPN205 (a Turned card that is not
    the stock's top card), each planted in board 1 of the kitchen-table session."""
    d = dict(deals[0], claim=None)
    lines = ["% BPN 1.1", *g.deal_lines(d, 1, d["score"])]
    i = next(i for i, ln in enumerate(lines) if ln.startswith("[Variant "))
    bad = list(lines)
    bad[i] = '[Variant "Long"]'
    _write("BPN105-german-whist-option", bad, f"{i + 1}:11 BPN105 error")
    i = next(i for i, ln in enumerate(lines) if ln.startswith("[Turned "))
    bad = list(lines)
    bad[i] = f'[Turned "{d["stock"][1]}"]'  # the face-down card under it
    _write("BPN205-german-whist-turned", bad, f"{i + 1}:1 BPN205 error")


def _write(stem: str, lines: list[str], expected: str) -> None:
    (INVALID / f"{stem}.bpn").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (INVALID / f"{stem}.expected").write_text(expected + "\n", encoding="utf-8")


def main() -> None:
    OUT.mkdir(exist_ok=True)
    text, deals = kitchen_table()
    (OUT / "kitchen-table.bpn").write_text(text, encoding="utf-8")
    (OUT / "options.bpn").write_text(options(), encoding="utf-8")
    invalid(deals)


if __name__ == "__main__":
    main()
