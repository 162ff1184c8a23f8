"""Write solver problems to a text file, for ``solve_problems.c`` (the C core alone, no Python).

    python benchmarks/dump_problems.py whist.txt [--deals 60] [--seed 2026]
    python benchmarks/dump_problems.py bismarck.txt --bismarck [--deals 40] [--tricks 13]

Whist: the deals of ``bench_vs_dds.py`` (the same seed gives the same deals), every one of
the 52 positions of each deal's play. Bismarck: the opening leads of ``bench_solver.py``'s
random deals. One line a position: deal, position, seats, the four hands as card masks,
trump, must-trump, maxmask, countmask, seat to play, cards on the table and those cards
(the fields of ``Problem.encode()``). Instruction counts of the C core, which load does
not move, then come from ``valgrind --tool=callgrind ./solve_problems whist.txt solve 8``.
"""

from __future__ import annotations

import argparse
import random
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bismarck_pbn.analysis.problem import Encoded  # noqa: E402


def _line(deal: int, position: int, e: Encoded) -> str:
    hands = list(e.hands) + [0] * (4 - len(e.hands))
    table = list(e.table) + [0] * (4 - len(e.table))
    return " ".join(map(str, [deal, position, e.n, *hands, e.trump, int(e.must_trump), e.maxmask, e.countmask,
                              e.to_play, len(e.table), *table]))


def whist(deals: int, seed: int) -> list[str]:
    try:
        import endplay  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        # bench_vs_dds.py imports DDS at the top; its deals need none of it
        for name in ("endplay", "endplay.dds", "endplay.dds.solve", "endplay.types"):
            sys.modules[name] = types.ModuleType(name)
        for module, names in (("endplay.dds", ["solve_board"]), ("endplay.dds.solve", ["SolveMode"]),
                              ("endplay.types", ["Deal", "Denom", "Player"])):
            for name in names:
                setattr(sys.modules[module], name, None)
    import bench_vs_dds

    rng = random.Random(seed)
    boards = [bench_vs_dds.Board(rng) for _ in range(deals)]
    return [_line(i, k, q.encode()) for i, b in enumerate(boards) for k, (q, _) in enumerate(b.positions())]


def bismarck(deals: int, seed: int, tricks: int) -> list[str]:
    import bench_solver

    rng = random.Random(seed)
    return [_line(i, 0, bench_solver.random_deal(rng, tricks).encode()) for i in range(deals)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--bismarck", action="store_true", help="random Bismarck deals instead of Whist")
    ap.add_argument("--tricks", type=int, default=13, help="tricks of a Bismarck deal (default 13)")
    args = ap.parse_args()
    lines = bismarck(args.deals, args.seed, args.tricks) if args.bismarck else whist(args.deals, args.seed)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} positions -> {args.out}")


if __name__ == "__main__":
    main()
