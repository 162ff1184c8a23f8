#!/usr/bin/env python3
"""Profile read + validate of a generated BPN file (for developers).

    python benchmarks/profile_read.py [--deals N] [--annotate P] [--top K] [--sort KEY] [--out FILE]

Generates the same kind of file as bench_read.py (complete legal Standard sessions,
fixed seed), runs ``validate_deals(read_deals(file))`` under cProfile and prints the
top K functions (default 25) by tottime: the time spent in the function itself, not
in what it calls. ``--sort cumulative`` shows where the time goes from the top down;
``--out`` saves the raw profile for snakeviz, ``python -m pstats`` and the like.
cProfile slows pure-Python code down unevenly (about 2x here): read the shares, not
the absolute times, and confirm a speed-up with bench_read.py.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import bench_read  # noqa: E402  (sets up sys.path for the package and the generator)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000, metavar="N", help="deals to generate (default 3000)")
    ap.add_argument("--annotate", type=float, default=0.05, metavar="P", help="comment/NAG share (default 0.05)")
    ap.add_argument("--seed", type=int, default=bench_read.SEED, help="generator seed (default %(default)s)")
    ap.add_argument("--top", type=int, default=25, metavar="K", help="functions to list (default 25)")
    ap.add_argument("--sort", default="tottime", help="pstats sort key (default tottime; e.g. cumulative)")
    ap.add_argument("--read-only", action="store_true", help="profile read_deals alone, without validating")
    ap.add_argument("--out", metavar="FILE", help="also save the raw profile there")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bpn-profile-") as tmp:
        path = os.path.join(tmp, f"profile-{args.deals}.bpn")
        gen = bench_read.generate(path, args.deals, args.annotate, args.seed)
        print(f"generated {gen['deals']:,} deals ({gen['cards']:,} cards, {gen['bytes'] / 1e6:.2f} MB) "
              f"in {gen['seconds']:.2f} s")
        fn = bench_read.read_only if args.read_only else bench_read.read_validate
        fn(path)  # warm up: the parser is built once, outside the profile

        prof = cProfile.Profile()
        t0 = time.perf_counter()
        prof.enable()
        result = fn(path)
        prof.disable()
        secs = time.perf_counter() - t0

    if not args.read_only and result[2]:
        print(f"note: the validator reported errors on the legal file, e.g. {result[2][0]}")
    what = "read" if args.read_only else "read + validate"
    print(f"{what} of {result[0]:,} deals under cProfile: {secs:.2f} s ({result[0] / secs:,.0f} deals/s profiled)\n")
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.sort_stats(args.sort).print_stats(args.top)
    # Drop pstats' preamble (the file list); keep the totals line and the table.
    text = buf.getvalue()
    start = text.find("function calls")
    print(text[text.rfind("\n", 0, start) + 1:] if start >= 0 else text)
    if args.out:
        stats.dump_stats(args.out)
        print(f"raw profile saved to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
