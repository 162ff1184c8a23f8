#!/usr/bin/env python3
"""Write the Solo Whist and Bid Whist samples and their invalid samples.

    python samples/make_solobid_samples.py

The sessions come from the independent generator ``tests/gen_solobid.py`` (fixed
seeds), annotated here through the project's own annotate API, then written in
canonical form. Each invalid sample plants one fault in one deal; its ``.expected``
names the line and column where the fault was planted (not the validator's output).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "tests"), str(HERE.parent)]

from gen_solobid import gen_bid, gen_solo  # noqa: E402
from sample_writing import HEADER, Target, annotate, one_deal, plant, write_samples  # noqa: E402

from bismarck_pbn.format.reader import parse  # noqa: E402


def claim(text: str, number: int, keep: int) -> str:
    """Deal ``number``'s play cut after ``keep`` tricks: the rest conceded (the Tricks
    tag already gives the final count)."""
    deals = text[len(HEADER):].split("\n\n")
    head, play = deals[number - 1].split('[Play "', 1)
    lines = play.splitlines()
    deals[number - 1] = head + '[Play "' + "\n".join(lines[:keep + 1] + ["*"]) + "\n"
    return HEADER + "\n\n".join(d.rstrip("\n") for d in deals) + "\n"


def solo() -> str:
    text = gen_solo(12, 5).replace('"Generated"', '"Sunday school whist"').replace('"Test"', '"Leeds"')
    deals = [d for d in parse(text) if d.tags]
    thrown = next(d.number for d in deals if d.contract == "None")
    misere = next(d.number for d in deals if d.contract == "Misere")
    propose = next(d.number for d in deals if d.contract == "Propose")
    big = next(d.number for d in deals if d.contract in ("Abundance", "Slam", "AbundanceTrump"))
    text = claim(text, big, 10)
    return annotate(text, [
        (Target(1), {"comment": "Solo Whist at the church hall: pennies a point, settled at the end."}),
        (Target(thrown, tag="Contract"), {"comment": "nobody would bid: thrown in, the deal passes on"}),
        (Target(misere, tag="Contract"), {"comment": "misère: no tricks, no trump"}),
        (Target(misere, trick=1, card=1), {"suffix": "!?"}),
        (Target(misere, trick=3, card=2), {"comment": "safe: a low card under the lead"}),
        (Target(propose, tag="Declarer"), {"comment": "Propose and Accept: eight tricks between them"}),
        (Target(big, tag="Tricks"), {"comment": "the rest conceded after trick 10"}),
        (Target(big, trick=2, card=3), {"nag": 1}),
    ])


def bid() -> str:
    text = gen_bid(14, 8).replace('"Generated"', '"Rent party"').replace('"Test"', '"Chicago"')
    deals = [d for d in parse(text) if d.tags]
    thrown = next(d.number for d in deals if d.contract == "None")
    notrump = next(d.number for d in deals if (d.contract or "").endswith("NT"))
    take = next((d.number for d in deals if d.auction and any(c.call == "Take" for c in d.auction.calls)), 2)
    joker = next(d.number for d in deals if d.play and d.play.cards[0].card in ("JB", "JL")) \
        if any(d.play and d.play.cards[0].card in ("JB", "JL") for d in deals) else notrump
    return annotate(text, [
        (Target(1), {"comment": "Bid Whist: books over six, the kitty is the first book, game is 7."}),
        (Target(thrown, tag="Contract"), {"comment": "four passes: thrown in"}),
        (Target(notrump, tag="Direction"), {"comment": "no trump, and the declarer says which way"}),
        (Target(take, call=4), {"comment": "the dealer takes the bid as it stands"}),
        (Target(notrump, trick=1, card=1), {"suffix": "!"}),
        (Target(joker, trick=2, card=2), {"nag": 3}),
        (Target(notrump, tag="Discard"), {"comment": "six to the kitty: the declaring side's first book"}),
    ])


def invalid(sol: str, bw: str) -> dict[str, tuple[str, list[str]]]:
    out = {}
    plain = gen_solo(12, 5)
    deals = [d for d in parse(plain) if d.tags]
    played = next(d for d in deals if d.contract == "Solo")
    text = one_deal(plain, played.number)
    first = played.tag("Deal").value.split()[0]
    bad, line, col = plant(text, f'[Deal "{first} ', f'[Deal "{first}.B ')
    out["BPN204-joker-in-solo-whist"] = (bad, [f"{line}:{col} BPN204 error"])

    turned = played.turned
    other = next(c for c in played.hands[played.dealer % 4] if c[0] == turned[0])
    bad, line, col = plant(text, f'[Turned "{turned}"]', f'[Turned "{other}"]')
    out["BPN205-solo-turned-not-the-dealers"] = (bad, [f"{line}:{col} BPN205 error"])

    opened = next(d for d in deals if d.contract not in ("None", "Propose") and d.auction.calls[0].call == "Pass"
                  and "Propose" not in [c.call for c in d.auction.calls])
    text = one_deal(plain, opened.number)
    row = text.split('[Auction "')[1].split("\n")[1]
    bad, line, col = plant(text, "\n" + row, "\nAccept" + row[len("Pass"):])
    out["BPN801-solo-accept-without-propose"] = (bad, [f"{line + 1}:1 BPN801 error"])

    bdeals = [d for d in parse(bw) if d.tags]
    trumped = next(d for d in bdeals if d.play is not None and d.discard is not None)
    text = one_deal(bw, trumped.number)
    value = trumped.tag("Discard").value
    from bismarck_pbn.model.cards import holding_text

    opponent = next(c for c in trumped.hands[trumped.declarer % 4] if c[0] in "SHDC")
    wrong = holding_text(tuple(trumped.discard[1:]) + (opponent,))
    bad, line, col = plant(text, f'[Discard "{value}"]', f'[Discard "{wrong}"]')
    out["BPN301-bid-whist-discard-not-held"] = (bad, [f"{line}:{col} BPN301 error"])

    ends = [d for d in bdeals if d.total is not None and max(d.total) >= 7]
    if ends:
        last = ends[0]
        cut = HEADER + "\n\n".join(bw[len(HEADER):].split("\n\n")[:last.number]).rstrip("\n") + "\n"
        line = parse(cut)[last.number - 1].tag("Score").pos.line
        out["BPN707-bid-whist-game"] = (cut, [f"{line}:1 BPN707 info"])
    return out


def main() -> None:
    sol, bw = solo(), bid()
    write_samples([("solo-whist", "sunday-school.bpn", sol), ("bid-whist", "rent-party.bpn", bw)], invalid(sol, bw),
                  say=True)


if __name__ == "__main__":
    main()
