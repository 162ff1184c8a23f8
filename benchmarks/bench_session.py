#!/usr/bin/env python3
"""The per-card analysis of a Bismarck session, deal by deal: time, nodes, and the cards
given up at the node limit (issue 22's Bismarck rows).

    python benchmarks/bench_session.py [FILE] [--deals 4,8,9] [--limit NODES]

Each deal of FILE (default ``samples/club-night.bpn``) is analysed as ``bpn analyse
--no-contracts`` does (``analyse_deal`` without the contract table, one solver for the
file, ``bpn analyse``'s node limit unless ``--limit``), and the script prints per deal
its contract, the CPU seconds, the solver's nodes (which load does not move) and the
cards given up (trick.place), then the totals. Standard library and the package only.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from bismarck_pbn.analysis.analyse import analyse_deal
    from bismarck_pbn.analysis.problem import DEFAULT_LIMIT
    from bismarck_pbn.analysis.solver import core_description
    from bismarck_pbn.analysis.values import NODE_LIMIT_REASON, make_solver
    from bismarck_pbn.format.reader import parse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", default=str(ROOT / "samples" / "club-night.bpn"))
    ap.add_argument("--deals", default="", help="deal numbers, comma-separated (default: all)")
    ap.add_argument("--limit", type=int, default=DEFAULT_LIMIT)
    args = ap.parse_args()
    only = {int(x) for x in args.deals.split(",") if x}
    deals = [d for d in parse(Path(args.file).read_text(encoding="utf-8")) if d.tags]
    print(f"core: {core_description()}")
    solver = make_solver(args.limit)
    seconds = nodes = given_up = 0.0
    for deal in deals:
        if only and deal.number not in only:
            continue
        n0, t0 = solver.stats()["nodes"], time.process_time()
        result = analyse_deal(deal, solver, contracts=False)
        dt, dn = time.process_time() - t0, solver.stats()["nodes"] - n0
        lost = [f"{p.trick}.{p.position}" for p in result.plays if p.values is None and p.reason == NODE_LIMIT_REASON]
        seconds, nodes, given_up = seconds + dt, nodes + dn, given_up + len(lost)
        print(f"deal {deal.number:>3} {deal.contract or '':8} {dt:7.2f} s {dn / 1e6:8.2f} M nodes  "
              f"given up {len(lost)} {' '.join(lost)}", flush=True)
    print(f"in all: {seconds:.2f} s, {nodes / 1e6:.2f} M nodes, {int(given_up)} cards given up at the node limit")


if __name__ == "__main__":
    main()
