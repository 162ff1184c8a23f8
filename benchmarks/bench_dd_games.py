#!/usr/bin/env python3
"""Double-dummy analysis per game: time and share of cards solved, on the samples.

    python benchmarks/bench_dd_games.py [--limit NODES] [--deals N] [--json]

For each game's sample file (``samples/``), the first N deals (default 2) are analysed
card by card as ``bpn analyse --no-contracts`` does (one solver per file, node limit
NODES per position, default 5,000,000 as the command's), and the script reports per
game: cards, cards solved, cards not analysed by rule (German Whist's draws, a joker
at no trump), cards given up at the node limit, and the wall-clock seconds. Standard
library and the package only; the solver core in use is printed first.
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

SAMPLES = {
    "Bismarck": "club-night.bpn", "Finnish": "finnish.bpn", "Whist": "whist/friday-whist.bpn",
    "Whisk": "whisk/whisk-evening.bpn", "RuffAndHonours": "ruff/ruff-and-honours.bpn",
    "SwedishWhist": "swedish-whist/uppsala.bpn", "SoloWhist": "solo-whist/sunday-school.bpn",
    "IsraeliWhist": "israeli-whist/haifa.bpn", "GermanWhist": "german-whist/kitchen-table.bpn",
    "BidWhist": "bid-whist/rent-party.bpn",
}


def measure(path: str, deals: int, limit: int) -> dict:
    from bismarck_pbn.analysis.analyse import analyse_deal
    from bismarck_pbn.analysis.values import NODE_LIMIT_REASON, make_solver
    from bismarck_pbn.format.reader import parse

    with open(path, encoding="utf-8") as fp:
        chosen = [d for d in parse(fp.read()) if d.tags][:deals]
    solver = make_solver(limit)
    cards = solved = by_rule = at_limit = errors = 0
    start = time.perf_counter()
    for deal in chosen:
        result = analyse_deal(deal, solver, contracts=False)
        errors += result.error is not None
        for play in result.plays:
            cards += 1
            if play.values is not None:
                solved += 1
            elif play.reason == NODE_LIMIT_REASON:
                at_limit += 1
            else:
                by_rule += 1
    return {"deals": len(chosen), "cards": cards, "solved": solved, "not_analysed": by_rule,
            "node_limit": at_limit, "deal_errors": errors, "seconds": round(time.perf_counter() - start, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=5_000_000)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from bismarck_pbn.analysis.solver import core_description

    print(f"solver: {core_description()}; node limit {args.limit:,}; {args.deals} deal(s) a game")
    rows = {}
    print(f"{'game':16} {'deals':>5} {'cards':>6} {'solved':>6} {'by rule':>7} {'limit':>6} {'seconds':>8}")
    for game, name in SAMPLES.items():
        row = rows[game] = measure(os.path.join(ROOT, "samples", name), args.deals, args.limit)
        print(f"{game:16} {row['deals']:>5} {row['cards']:>6} {row['solved']:>6} {row['not_analysed']:>7} "
              f"{row['node_limit']:>6} {row['seconds']:>8.2f}", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
