#!/usr/bin/env python3
"""One solve of each Pass deal's opening lead, without a node limit: the value, the
nodes (which load does not move) and the CPU seconds; the misère search's own size,
before the node limit and the retries of ``bpn analyse`` hide it.

    python benchmarks/bench_pass_lead.py [FILE] [--deals 4,8,9] [--limit NODES]

Each position is solved by a fresh solver (an empty table). Standard library and the
package only.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from bismarck_pbn.analysis.sides import problem_at, sides_of
    from bismarck_pbn.analysis.solver import Solver, SolverLimit, core_description
    from bismarck_pbn.check.position import positions
    from bismarck_pbn.format.reader import parse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", default=str(ROOT / "samples" / "club-night.bpn"))
    ap.add_argument("--deals", default="4,8,9", help="deal numbers, comma-separated")
    ap.add_argument("--limit", type=int, default=0, help="give up after this many nodes (0: never)")
    args = ap.parse_args()
    only = {int(x) for x in args.deals.split(",") if x}
    print(f"core: {core_description()}")
    total = 0
    for deal in parse(Path(args.file).read_text(encoding="utf-8")):
        if deal.number not in only:
            continue
        first = positions(deal)[0]
        problem = problem_at(first, sides=sides_of(deal))
        solver = Solver(node_limit=args.limit)
        t0 = time.process_time()
        try:
            value: int | str = solver.solve(problem)
        except SolverLimit:
            value = "given up"
        dt, nodes = time.process_time() - t0, solver.stats()["nodes"]
        total += nodes
        print(f"deal {deal.number:>3} {deal.contract or '':8} value {value}  {nodes / 1e6:8.2f} M nodes  {dt:7.2f} s",
              flush=True)
    print(f"in all: {total / 1e6:.2f} M nodes")


if __name__ == "__main__":
    main()
