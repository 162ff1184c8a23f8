#!/usr/bin/env python3
"""How long ``bpn record`` takes to judge an auction in the making, per question.

    python benchmarks/bench_record_calls.py [--repeat R] [--json]

Before each call ``record`` asks the ruleset which calls are legal (for Tab and for the
refusal's "may call" list: :func:`bismarck_pbn.games.auction.legal_calls`, which runs
the ruleset's own ``check_auction`` once per word of the game) and, once a call is
typed, why it may not come (:func:`~bismarck_pbn.games.auction.refusal`, one run). Both
are measured on the longest auctions each game allows: Israeli Whist after three
Frisches and a bidding war from 5C to 13NT, Swedish Whist and Solo Whist up the whole
ladder, Bid Whist's one round. Best of R runs (default 5), milliseconds per question.
Standard library and the package only; fixed input, so every run measures the same.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bismarck_pbn import parse  # noqa: E402
from bismarck_pbn.games import ruleset  # noqa: E402
from bismarck_pbn.games.auction import judge, legal_calls, refusal  # noqa: E402


def longest(game: str) -> list[str]:
    """The longest legal auction of ``game`` but its last call."""
    rules = ruleset(game)
    words = [w for w in rules.calls if w not in ("Pass", "Frisch", "Accept", "Take")]
    if game == "IsraeliWhist":
        lead = (["Pass"] * 4 + ["Frisch"]) * 3
        return lead + [w for w in words if int(w.rstrip("CDHSNT")) >= 8] + ["Pass", "Pass"]
    if game == "BidWhist":
        return ["3U", "4U", "5NT"]
    return words + ["Pass", "Pass"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    deal = parse('[Game "IsraeliWhist"]\n[Dealer "1"]\n')[0]  # only the dealer matters to an auction
    figures = {}
    for game in ("IsraeliWhist", "SwedishWhist", "SoloWhist", "BidWhist"):
        rules = ruleset(game)
        calls = longest(game)
        if judge(rules, deal, calls).findings:
            raise SystemExit(f"{game}: the benchmark's auction is not legal: {judge(rules, deal, calls).findings}")
        best_legal = best_refusal = float("inf")
        for _ in range(args.repeat):
            t = time.perf_counter()
            legal = legal_calls(rules, deal, calls)
            best_legal = min(best_legal, time.perf_counter() - t)
            t = time.perf_counter()
            refusal(rules, deal, calls, rules.calls[-1])
            best_refusal = min(best_refusal, time.perf_counter() - t)
        assert legal, (game, calls)
        figures[game] = {"calls": len(calls), "words": len(rules.calls),
                         "legal_calls_ms": round(best_legal * 1000, 2), "refusal_ms": round(best_refusal * 1000, 3)}
        print(f"{game:<13} {len(calls):>3} calls so far, {len(rules.calls):>2} words: legal calls "
              f"{best_legal * 1000:6.2f} ms, one refusal {best_refusal * 1000:6.3f} ms")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
