#!/usr/bin/env python3
"""Read + validate throughput per game, on generated legal deals.

    python benchmarks/bench_games.py [--deals N] [--repeat R] [--game NAME ...] [--json]

For each game, N deals (default 3,000) of legal sessions come from that game's
independent reference generator in ``tests/`` (``gen_<game>(n)``: fixed seeds, so every
run measures the same text), written once to a temporary file; then, best of R runs
(default 3), the file is read and validated (``validate_deals`` over ``read_deals``)
and deals/s and cards/s are reported, in wall-clock and CPU time. Aborts if the
validator reports an error on a legal file (the figures would then not measure the
normal path). Standard library and the package only.

A game joins by adding one line to :data:`GAMES`: its name and a function giving the
BPN text of ``n`` deals.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (os.path.join(ROOT, "tests"), ROOT):  # the checkout's package and generators
    if _p not in sys.path:
        sys.path.insert(0, _p)


def gen_bismarck(n: int, seed: int = 20261121) -> str:
    """``n`` deals of Standard Bismarck sessions (``tests/genbpn.py``)."""
    import genbpn

    rng = random.Random(seed)
    deals: list[dict] = []
    while len(deals) < n:
        deals += genbpn.random_session(rng, "Standard")
    return genbpn.to_bpn(deals[:n])


def gen_german_whist(n: int) -> str:
    from gen_german import gen_german

    return gen_german(n)


def gen_whist_family(game: str):
    """``gen_whist``, ``gen_whisk`` or ``gen_ruff`` of ``tests/genwhist.py``."""
    def gen(n: int) -> str:
        import genwhist

        return getattr(genwhist, game)(n)
    return gen


def gen_israeli_whist(n: int) -> str:
    from gen_auction import gen_israeli

    return gen_israeli(n)


def gen_swedish_whist(n: int) -> str:
    from gen_auction import gen_swedish

    return gen_swedish(n)


def gen_solo_whist(n: int) -> str:
    from gen_solobid import gen_solo

    return gen_solo(n)


def gen_bid_whist(n: int) -> str:
    from gen_solobid import gen_bid

    return gen_bid(n)


def gen_swedish_trakarl(n: int) -> str:
    from gen_auction import gen_swedish

    return gen_swedish(n, trakarl=True)


def gen_turnover_bridge(n: int) -> str:
    from gen_turnover import gen_turnover

    return gen_turnover(n)


GAMES = {
    "Bismarck": gen_bismarck,
    "GermanWhist": gen_german_whist,
    "Whist": gen_whist_family("gen_whist"),
    "Whisk": gen_whist_family("gen_whisk"),
    "RuffAndHonours": gen_whist_family("gen_ruff"),
    "IsraeliWhist": gen_israeli_whist,
    "SwedishWhist": gen_swedish_whist,
    "SoloWhist": gen_solo_whist,
    "BidWhist": gen_bid_whist,
    "SwedishTrakarl": gen_swedish_trakarl,
    "TurnoverBridge": gen_turnover_bridge,
}
"""game -> f(n) giving the BPN text of n legal deals of that game."""


def read_validate(path: str) -> tuple[int, int, list]:
    """Read and validate the file: (deals, cards played, the first few errors)."""
    from bismarck_pbn import read_deals, validate_deals

    n = cards = 0
    errors: list = []
    with open(path, "rb") as fp:
        for checked in validate_deals(read_deals(fp)):
            n += 1
            if checked.deal.play is not None:
                cards += len(checked.deal.play.cards)
            errors += [d for d in checked.diagnostics if d.is_error][: 5 - len(errors)]
    return n, cards, errors


def bench(game: str, n: int, repeat: int) -> dict:
    text = GAMES[game](n)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"{game}.bpn")
        with open(path, "w", encoding="utf-8") as fp:
            fp.write(text)
        best_wall = best_cpu = float("inf")
        for _ in range(repeat):
            w0, c0 = time.perf_counter(), time.process_time()
            deals, cards, errors = read_validate(path)
            best_wall = min(best_wall, time.perf_counter() - w0)
            best_cpu = min(best_cpu, time.process_time() - c0)
            if errors:
                raise SystemExit(f"{game}: the validator reports errors on a legal file: {errors}")
    return {"game": game, "deals": deals, "cards": cards, "bytes": len(text.encode()),
            "deals_per_s": deals / best_wall, "cards_per_s": cards / best_wall,
            "deals_per_cpu_s": deals / best_cpu}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    ap.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    args = ap.parse_args(argv)
    results = [bench(game, args.deals, args.repeat) for game in (args.game or GAMES)]
    print(f"{'game':<16}{'deals':>8}{'MB':>8}{'deals/s':>11}{'cards/s':>11}{'deals/CPU-s':>13}")
    for r in results:
        print(f"{r['game']:<16}{r['deals']:>8}{r['bytes'] / 1e6:>8.2f}{r['deals_per_s']:>11,.0f}"
              f"{r['cards_per_s']:>11,.0f}{r['deals_per_cpu_s']:>13,.0f}")
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
