#!/usr/bin/env python3
"""Headers-only scan against a full read: what a visitor that skips the play saves.

    python benchmarks/bench_scan.py [--deals N] [--repeat R] [--json]

Generates N deals (default 10,000) of legal Standard sessions with the reference
generator ``tests/genbpn.py`` (fixed seed), writes them once to a temporary file, and
times, best of R (default 3), three ways of going through it:

- ``full``: ``read_deals(fp)``, every deal parsed whole (the play included);
- ``headers``: ``read_deals(fp, visitor=HeadersOnly())``, the tags of every deal found
  by one regular expression and read into typed fields, the play not parsed;
- ``skip``: a visitor whose ``begin_deal`` returns SKIP for every deal (only the session
  tags are carried): the floor of any scan.

Standard library and the package only; prints deals/s for each and the speed-up.
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
for _p in (os.path.join(ROOT, "tests"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

SEED = 20261121


def generate(path: str, n: int) -> None:
    import genbpn  # tests/genbpn.py: stdlib only, independent of the package

    rng = random.Random(SEED)
    deals: list[dict] = []
    while len(deals) < n:
        deals += genbpn.random_session(rng, "Standard", annotate=0.05)
    with open(path, "wb") as fp:
        fp.write(genbpn.to_bpn(deals[:n]).encode("utf-8"))


def run(path: str, visitor) -> int:
    from bismarck_pbn import read_deals

    with open(path, "rb") as fp:
        return sum(1 for _ in read_deals(fp, visitor=visitor))


def main() -> None:
    from bismarck_pbn import SKIP, HeadersOnly, ReadVisitor

    class SkipAll(ReadVisitor):
        def begin_deal(self, number, line):
            return SKIP

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scan.bpn")
        generate(path, args.deals)
        out = {"deals": args.deals, "bytes": os.path.getsize(path)}
        for name, visitor in (("full", None), ("headers", HeadersOnly()), ("skip", SkipAll())):
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                run(path, visitor)
                best = min(best, time.perf_counter() - t0)
            out[name] = round(args.deals / best)
    out["speedup_headers"] = round(out["headers"] / out["full"], 1)
    print(f"{out['deals']} deals, {out['bytes'] / 1e6:.1f} MB, best of {args.repeat}:")
    for name in ("full", "headers", "skip"):
        print(f"  {name:8} {out[name]:>9,} deals/s")
    print(f"  headers-only scan: {out['speedup_headers']}x the full read")
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
