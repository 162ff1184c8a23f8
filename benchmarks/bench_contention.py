#!/usr/bin/env python3
"""Do two solver processes slow each other? One deal of the club night analysed by
``bpn analyse --deal N --jobs 1``, alone and then as two copies at once, round after
round (alone, pair, alone, pair, …), medians of the wall times.

    python benchmarks/bench_contention.py [--deal 8] [--rounds 3]

With two idle cores a pair would take as long as one process alone; what it takes more
is what the two processes cost each other (a shared cache and memory bus, or vCPUs that
are not whole cores): the ceiling on ``--jobs 2`` that no scheduling of deals can pass.
Standard library only; run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BPN = os.path.join(os.path.dirname(sys.executable), "bpn")


def run(copies: int, deal: int) -> float:
    """Wall seconds until ``copies`` analyses of the deal, started together, all end."""
    args = [BPN, "analyse", os.path.join(ROOT, "samples", "club-night.bpn"), "--deal", str(deal), "--jobs", "1",
            "--format", "json"]
    t0 = time.perf_counter()
    procs = [subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(copies)]
    for p in procs:
        if p.wait() not in (0, 1):
            sys.exit(f"bpn analyse failed ({p.returncode})")
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deal", type=int, default=8, help="the club night's deal to analyse (default 8, a Pass deal, the longest)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(f"CPUs: {os.cpu_count()}; load average at start {os.getloadavg()[0]:.1f}")
    alone, pair = [], []
    for r in range(args.rounds):
        alone.append(run(1, args.deal))
        pair.append(run(2, args.deal))
        print(f"  round {r + 1}: alone {alone[-1]:.2f} s, two at once {pair[-1]:.2f} s "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)
    a, p = statistics.median(alone), statistics.median(pair)
    print(f"deal {args.deal}: alone {a:.2f} s, two at once {p:.2f} s: beside another each takes {p / a:.2f}x "
          f"its time alone, so two workers can reach at most {2 * a / p:.2f}x")


if __name__ == "__main__":
    main()
