#!/usr/bin/env python3
"""Write the Israeli Whist and Swedish Whist samples and their invalid samples.

    python samples/make_auction_samples.py

The sessions come from the independent generator ``tests/gen_auction.py`` (fixed
seeds), annotated here through the project's own annotate API, then written in
canonical form. Each invalid sample plants one fault in one deal; its ``.expected``
names the line and column where the fault was planted (not the validator's output).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "tests"), str(HERE.parent)]

from gen_auction import gen_israeli, gen_swedish, israeli_score, signed  # noqa: E402
from sample_writing import Target, annotate, first_deals, one_deal, plant, write_samples  # noqa: E402

from bismarck_pbn.format.reader import parse  # noqa: E402


def israeli() -> str:
    text = gen_israeli(8, 6).replace('"Generated"', '"Tuesday whist, Haifa"').replace('"Test"', '"Haifa"')
    deals = [d for d in parse(text) if d.tags]
    frisch = next(d.number for d in deals if d.frisch)
    thrown = next(d.number for d in deals if d.contract == "None")
    played = next(d.number for d in deals if d.play is not None and d.number != frisch)
    return annotate(text, [
        (Target(1), {"comment": "Four players, each for themselves; n squared plus ten for a contract made exactly."}),
        (Target(frisch, call=4), {"comment": "Four passes: the first Frisch"}),
        (Target(frisch, tag="Frisch1"), {"comment": "three cards each to the left"}),
        (Target(thrown, tag="Contract"), {"comment": "three Frisches and four more passes: thrown in"}),
        (Target(played, call=2), {"suffix": "!?"}),
        (Target(played, tag="Bids"), {"comment": "the last bidder may not make the sum 13"}),
        (Target(played, trick=2, card=1), {"nag": 1}),
        (Target(played, trick=4, card=2), {"comment": "a discard: no spade left"}),
    ])


def swedish() -> str:
    text = first_deals(gen_swedish(30, 2), 6).replace('"Generated"', '"Club evening, Uppsala"')
    text = text.replace('"Test"', '"Uppsala"')
    deals = [d for d in parse(text) if d.tags]
    misere = next(d.number for d in deals if d.contract == "Misere")
    exits = [d.number for d in deals if d.score and max(d.score) > 0]
    return annotate(text, [
        (Target(1), {"comment": "One round: to second exit, then individual points."}),
        (Target(misere, tag="Contract"), {"comment": "misère: the declarer alone, no tricks"}),
        (Target(misere, trick=1, card=1), {"suffix": "!"}),
        (Target(deals[-1].number, tag="Points"), {"comment": "second exit: the round is settled"}),
        (Target(exits[0], tag="Score"), {"comment": "trick points, penalty and honours"}),
        (Target(1, call=1), {"nag": 3}),
    ])


def invalid(ist: str, swe: str) -> dict[str, tuple[str, list[str]]]:
    out = {}
    deals = [d for d in parse(ist) if d.tags]
    frisch = next(d for d in deals if d.frisch)
    text = one_deal(ist, frisch.number)
    passed = frisch.tag("Frisch1").value.split()
    shorter = passed[0].replace(next(c for c in passed[0] if c != "."), "", 1)
    bad, line, col = plant(text, f'[Frisch1 "{passed[0]} ', f'[Frisch1 "{shorter} ')
    out["BPN303-frisch-two-cards"] = (bad, [f"{line}:{col} BPN303 error"])

    played = next(d for d in deals if d.play is not None and d.frisch == ())
    text = one_deal(ist, played.number)
    calls = played.auction.calls
    high = next(i for i, c in enumerate(calls) if c.call != "Pass")
    row = text.split('[Auction "')[1].split("\n")[1]
    new_row = row.split()
    if high + 1 < len(new_row) and new_row[high + 1] == "Pass":
        new_row[high + 1] = "5C"
    bad, line, col = plant(text, row, " ".join(new_row), "5C")
    out["BPN801-bid-not-higher"] = (bad, [f"{line}:{col} BPN801 error"])

    bids = played.tag("Bids").value.split()
    last = (played.declarer + 2) % 4
    other = sum(int(b) for i, b in enumerate(bids) if i != last)
    bids[last] = str(13 - other) if 0 <= 13 - other <= 13 else bids[last]
    bad, line, col = plant(text, f'[Bids "{played.tag("Bids").value}"]', f'[Bids "{" ".join(bids)}"]')
    score = [israeli_score(int(b), t, 13) for b, t in zip(bids, played.tricks)]  # the score stays right
    bad = bad.replace(f'[Score "{played.tag("Score").value}"]', f'[Score "{signed(score)}"]')
    out["BPN803-bids-sum-13"] = (bad, [f"{line}:{col} BPN803 error"])

    sdeals = [d for d in parse(swe) if d.tags]
    bid = next(d for d in sdeals if d.declarer is not None and d.contract != "Misere")
    text = one_deal(swe, bid.number)
    wrong = bid.declarer % 4 + 1
    bad, line, col = plant(text, f'[Declarer "{bid.declarer}"]', f'[Declarer "{wrong}"]')
    out["BPN802-declarer-not-the-bidder"] = (bad, [f"{line}:{col} BPN802 error"])

    last = sdeals[-1]
    line = last.tag("Score").pos.line
    out["BPN707-second-exit"] = (swe, [f"{line}:1 BPN707 info"])
    return out


def main() -> None:
    ist, swe = israeli(), swedish()
    write_samples([("israeli-whist", "haifa.bpn", ist), ("swedish-whist", "uppsala.bpn", swe)], invalid(ist, swe))


if __name__ == "__main__":
    main()
