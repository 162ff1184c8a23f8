#!/usr/bin/env python3
"""Deals per CPU-second of read + validate, per game, on generated legal deals.

    python benchmarks/bench_games.py [--deals N] [--repeat R]

Each game contributes a generator ``gen_<game>(n, seed)`` in ``tests/`` (independent
of the package); this script writes its text once and times ``validate_text`` (which
reads and validates), best of R runs, in CPU time (``time.process_time``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (os.path.join(ROOT, "tests"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from gen_auction import gen_israeli, gen_swedish  # noqa: E402

from bismarck_pbn.check.validate import validate_text  # noqa: E402

GAMES = {"IsraeliWhist": gen_israeli, "SwedishWhist": gen_swedish}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for game, gen in GAMES.items():
        text = gen(args.deals, 1)
        best = float("inf")
        for _ in range(args.repeat):
            start = time.process_time()
            errors = [d for d in validate_text(text) if d.severity == "error"]
            best = min(best, time.process_time() - start)
        if errors:
            raise SystemExit(f"{game}: the generated deals have errors: {errors[:3]}")
        print(f"{game:14} {args.deals / best:8,.0f} deals per CPU-second (read + validate, best of {args.repeat})")


if __name__ == "__main__":
    main()
