"""Write solver problems to a text file, for ``solve_problems.c`` (the C core alone, no Python).

    python benchmarks/dump_problems.py whist.txt [--deals 60] [--seed 2026]
    python benchmarks/dump_problems.py bismarck.txt --bismarck [--deals 40] [--tricks 13] [--misere]
    python benchmarks/dump_problems.py pass.txt --pass-leads [--deals 4,8,9]

Whist: the deals of ``bench_vs_dds.py`` (the same seed gives the same deals), every one of
the 52 positions of each deal's play. Bismarck: the opening leads of ``bench_solver.py``'s
random deals (with ``--misere``, every one a Pass, as ``bench_solver.py --misere``). Pass
leads: the opening leads of the club night's Pass deals (``bench_pass_lead.py``'s). One
line a position: deal, position, seats, the four hands as card masks,
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


def bismarck(deals: int, seed: int, tricks: int, misere: bool = False) -> list[str]:
    import bench_solver

    rng = random.Random(seed)
    return [_line(i, 0, bench_solver.random_deal(rng, tricks, misere).encode()) for i in range(deals)]


def pass_leads(numbers: str) -> list[str]:
    from bismarck_pbn.analysis.sides import problem_at, sides_of
    from bismarck_pbn.check.position import positions
    from bismarck_pbn.format.reader import parse

    only = {int(x) for x in numbers.split(",") if x}
    text = (ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")
    deals = [d for d in parse(text) if d.number in only]
    return [_line(i, 0, problem_at(positions(d)[0], sides=sides_of(d)).encode()) for i, d in enumerate(deals)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--deals", default=None, help="how many deals (60, or 40 with --bismarck); with --pass-leads, "
                    "the club night's deal numbers (4,8,9)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--bismarck", action="store_true", help="random Bismarck deals instead of Whist")
    ap.add_argument("--tricks", type=int, default=13, help="tricks of a Bismarck deal (default 13)")
    ap.add_argument("--misere", action="store_true", help="with --bismarck: every deal a Pass")
    ap.add_argument("--pass-leads", action="store_true", help="the club night's Pass opening leads")
    args = ap.parse_args()
    if args.pass_leads:
        lines = pass_leads(args.deals or "4,8,9")
    elif args.bismarck:
        lines = bismarck(int(args.deals or 40), args.seed, args.tricks, args.misere)
    else:
        lines = whist(int(args.deals or 60), args.seed)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} positions -> {args.out}")


if __name__ == "__main__":
    main()
