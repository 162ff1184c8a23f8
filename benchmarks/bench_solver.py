"""Speed of the double-dummy solver.

    python benchmarks/bench_solver.py [--deals 100] [--tricks 16] [--limit NODES] [--core native|python] [--misere]

1. Full solves from the opening lead of random Bismarck deals (three hands of
   ``--tricks`` cards, the forehand alone against the other two, trump drawn at random
   from S H D C and no trump, no-trump deals a Pass in three of ten; with ``--misere``
   every deal a Pass): median and max time, nodes, and how many hit the node limit
   (``--limit``, 0 for none).
2. The per-card analysis of each recorded play in samples/club-night.bpn (every card of
   48, the same node limit): median and max seconds.
3. The transposition table: entries in use, its fixed memory, how often it filled up.

Timings are CPU time of this process (``time.process_time()``), so other work on a
shared machine disturbs them less than wall-clock time; the wall-clock median is
printed beside them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bismarck_pbn.analysis.analyse import analyse_deal  # noqa: E402
from bismarck_pbn.analysis.problem import Problem  # noqa: E402
from bismarck_pbn.analysis.solver import Solver, SolverLimit, core_description  # noqa: E402
from bismarck_pbn.format.reader import parse  # noqa: E402
from bismarck_pbn.model.cards import DECK  # noqa: E402


def random_deal(rng: random.Random, tricks: int, misere: bool = False) -> Problem:
    cards = rng.sample(DECK, 52)
    hands = tuple(frozenset(cards[16 * k:16 * k + tricks]) for k in range(3))
    forehand = rng.randrange(3)
    trump = rng.choice([None, "S", "H", "D", "C"])
    if misere:
        return Problem(hands, trump=None, to_play=(forehand + 1) % 3, side=frozenset({forehand}), misere=True)
    return Problem(hands, trump=trump, to_play=(forehand + 1) % 3, side=frozenset({forehand}),
                   misere=trump is None and rng.random() < 0.3)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--tricks", type=int, default=16)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--core", default=None)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--skip-analysis", action="store_true")
    ap.add_argument("--misere", action="store_true", help="every deal a Pass: no trump, the forehand minimising")
    args = ap.parse_args()
    print(f"core: {core_description()}")
    solver = Solver(args.core, node_limit=args.limit)
    rng = random.Random(args.seed)
    times, walls, nodes, limited, used = [], [], [], 0, []
    for i in range(args.deals):
        p = random_deal(rng, args.tricks, args.misere)
        solver.clear()
        n0 = solver.stats()["nodes"]
        t, w = time.process_time(), time.perf_counter()
        try:
            solver.solve(p)
        except SolverLimit:
            limited += 1
        times.append(time.process_time() - t)
        walls.append(time.perf_counter() - w)
        used.append(solver.stats()["entries"])
        nodes.append(solver.stats()["nodes"] - n0)
        print(f"  deal {i + 1}: {times[-1] * 1000:.1f} ms, {nodes[-1]} nodes", file=sys.stderr, flush=True)
    if not args.deals:
        print("random solves: none asked for (--deals 0)")
    else:
        _report_solves(args, times, walls, nodes, limited, used, solver)
    if args.skip_analysis:
        return
    _analysis(args)


def _report_solves(args: argparse.Namespace, times: list[float], walls: list[float], nodes: list[int],
                   limited: int, used: list[int], solver: Solver) -> None:
    print(f"{args.tricks}-trick solves, {args.deals} deals: median {statistics.median(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms, median nodes {statistics.median(nodes):.0f}, "
          f"max nodes {max(nodes)}, nodes in all {sum(nodes)}, stopped by the limit: {limited} "
          f"(wall-clock median {statistics.median(walls) * 1000:.1f} ms)")
    stats = solver.stats()
    print(f"table: at most {max(used)} entries in use after a solve, of {stats['capacity']}, "
          f"{stats['bytes'] / 2**20:.0f} MiB fixed, emptied when full: {stats['clears']} times")


def _analysis(args: argparse.Namespace) -> None:
    deals = [d for d in parse((ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")) if d.tags]
    per_deal, unsolved = [], 0
    for d in deals:
        t = time.process_time()
        a = analyse_deal(d, Solver(args.core, node_limit=args.limit), contracts=False)
        per_deal.append(time.process_time() - t)
        unsolved += sum(p.values is None for p in a.plays)
        print(f"  analysis of deal {d.number}: {per_deal[-1]:.2f} s", file=sys.stderr, flush=True)
    print(f"per-card analysis of {len(deals)} recorded deals: median {statistics.median(per_deal):.2f} s, "
          f"max {max(per_deal):.2f} s, cards not solved within the limit: {unsolved}")


if __name__ == "__main__":
    main()
