#!/usr/bin/env python3
"""Read + validate throughput per game, on deals made by the reference generators.

    python benchmarks/bench_games.py [--deals N] [--repeat R] [--json]

For each game, N deals (default 3,000) of complete legal sessions, generated once with
a fixed seed by the game's ``gen_<game>(n)`` in ``tests/`` (Bismarck: ``genbpn``), are
read and validated from memory (``validate_text``), best of R runs (default 3) in CPU
time (steadier than wall time on a loaded machine), and reported in deals/s. Aborts if
the validator reports an error on a legal file. Each game adds one line to ``GAMES``;
standard library and the package only.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (os.path.join(ROOT, "tests"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import genbpn  # noqa: E402
import genwhist  # noqa: E402

from bismarck_pbn.check.validate import validate_text  # noqa: E402


def gen_bismarck(n: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    deals: list = []
    while len(deals) < n:
        deals += genbpn.random_session(rng, "Standard")
    return genbpn.to_bpn(deals[:n])


GAMES = {
    "Bismarck": gen_bismarck,
    "Whist": genwhist.gen_whist,
    "Whisk": genwhist.gen_whisk,
    "RuffAndHonours": genwhist.gen_ruff,
}


def measure(text: str, n: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        found = validate_text(text)
        best = min(best, time.process_time() - start)
        errors = [d for d in found if d.is_error]
        if errors:
            raise SystemExit(f"the legal file has errors: {errors[0]}")
    return n / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    out = {}
    for game in args.games:
        text = GAMES[game](args.deals)
        out[game] = round(measure(text, args.deals, args.repeat))
        print(f"{game:16} {out[game]:>8,} deals/s   (read + validate, {args.deals:,} deals, best of {args.repeat})")
    if args.json:
        print(json.dumps({"deals": args.deals, "deals_per_s": out}))


if __name__ == "__main__":
    main()
