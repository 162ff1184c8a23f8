"""The double-dummy solver against DDS, side by side in one run, with every value checked.

    pip install endplay          # DDS, through its Python binding: for this script only
    python benchmarks/bench_vs_dds.py [--deals 60] [--seed 2026] [--skip-session]

Random 52-card deals of Whist (bridge's play): four seats in partnerships, a trump
suit or none (drawn at random, a fifth each), a random declarer, the seat to its left
leading. Three rows, each over the same deals, DDS and ours one after the other deal by
deal (the order alternating), so that the load of a shared machine falls on both alike:

1. one solve from the opening lead (DDS: ``SolveBoard`` for one best card; ours:
   ``Solver.solve``);
2. the value of every legal opening card (DDS: ``SolveBoard`` for all cards; ours:
   ``Solver.solve_moves``);
3. a whole play analysed: the value of every legal card at each of the 52 positions
   of a play (the cards are drawn at random among the legal ones, seeded), one position
   after the other, each solver keeping its table from position to position as it
   does by itself (DDS reuses its table for a deal it has seen; ours keeps it while
   the rules and sides are the same; both start each deal afresh).

Then the Bismarck session: the per-card analysis of each of the 12 deals of
samples/club-night.bpn (``analyse_deal`` without the contract table, as ``bpn analyse``
runs it, with its default node limit), against twelve DDS whole-play medians.

Times are CPU time of this process (``time.process_time()``): DDS runs in the same
process, on one thread. Every value is compared, card by card: the script exits 1 if
any differs. Figures: median, 90th percentile and max per row, and DDS / ours at each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

try:
    from endplay.dds import solve_board  # type: ignore[import-not-found,unused-ignore]
    from endplay.dds.solve import SolveMode  # type: ignore[import-not-found,unused-ignore]
    from endplay.types import Deal as DDSDeal  # type: ignore[import-not-found,unused-ignore]
    from endplay.types import Denom, Player  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    sys.exit("bench_vs_dds.py needs DDS through endplay, a benchmark-only package: pip install endplay")

from bismarck_pbn.analysis.analyse import analyse_deal  # noqa: E402
from bismarck_pbn.analysis.problem import Problem  # noqa: E402
from bismarck_pbn.analysis.solver import Solver, core_description  # noqa: E402
from bismarck_pbn.analysis.values import make_solver  # noqa: E402
from bismarck_pbn.format.reader import parse  # noqa: E402
from bismarck_pbn.model.cards import DECK, RANKS, SUITS  # noqa: E402

STRAINS = ("S", "H", "D", "C", None)
NS = frozenset({0, 2})


class Board:
    """One random deal: four hands (seat 0 North, clockwise), the trump, the leader, and a
    random legal play of all 52 cards."""

    def __init__(self, rng: random.Random) -> None:
        cards = rng.sample(DECK, 52)
        self.hands = [frozenset(cards[13 * k:13 * k + 13]) for k in range(4)]
        self.trump = rng.choice(STRAINS)
        self.leader = (rng.randrange(4) + 1) % 4       # left of a random declarer
        self.play = self._random_play(rng)

    def _random_play(self, rng: random.Random) -> list[str]:
        hands = [set(h) for h in self.hands]
        seat, play = self.leader, []
        table: list[tuple[int, str]] = []
        for _ in range(52):
            p = self.problem(hands, seat, table)
            card = rng.choice(sorted(p.legal_cards()))
            play.append(card)
            hands[seat].discard(card)
            table.append((seat, card))
            if len(table) == 4:
                seat = max(table, key=lambda sc: _strength(sc[1], table[0][1][0], self.trump))[0]
                table = []
            else:
                seat = (seat + 1) % 4
        return play

    def problem(self, hands: list[set[str]] | list[frozenset[str]], seat: int,
                table: list[tuple[int, str]]) -> Problem:
        return Problem(tuple(frozenset(h) for h in hands), trump=self.trump, to_play=seat,
                       table=tuple(c for _, c in table), side=NS)

    def positions(self) -> list[tuple[Problem, list[str]]]:
        """The 52 positions of the play: ours, and the cards played before it (for DDS)."""
        hands = [set(h) for h in self.hands]
        seat, out = self.leader, []
        table: list[tuple[int, str]] = []
        for i, card in enumerate(self.play):
            out.append((self.problem(hands, seat, table), self.play[:i]))
            hands[seat].discard(card)
            table.append((seat, card))
            if len(table) == 4:
                seat = max(table, key=lambda sc: _strength(sc[1], table[0][1][0], self.trump))[0]
                table = []
            else:
                seat = (seat + 1) % 4
        return out

    def dds_deal(self, played: list[str] = ()) -> Any:  # type: ignore[assignment]
        pbn = "N:" + " ".join(".".join("".join(r for r in RANKS if s + r in h) for s in SUITS)
                              for h in self.hands)
        d = DDSDeal.from_pbn(pbn)
        d.first = Player(self.leader)
        d.trump = Denom(SUITS.index(self.trump)) if self.trump else Denom.nt
        for card in played:
            d.play(card)
        return d


def _strength(card: str, led: str, trump: str | None) -> int:
    rank = len(RANKS) - RANKS.index(card[1])
    return rank + (100 if card[0] == trump else 50 if card[0] == led else 0)


def _name(card: Any) -> str:
    return "SHDC"[card.suit.value] + card.rank.name[1]


def dds_values(deal: Any) -> dict[str, int]:
    return {_name(c): v for c, v in solve_board(deal, SolveMode.Default)}


def dds_value(deal: Any) -> int:
    return max(v for _, v in solve_board(deal, SolveMode.OptimalOne))


class Row:
    def __init__(self, title: str) -> None:
        self.title, self.mismatches = title, 0
        self.dds: list[float] = []
        self.ours: list[float] = []
        self.nodes: list[int] = []

    def time(self, dds: Callable[[], Any], ours: Callable[[], Any], ours_first: bool,
             solver: Solver) -> tuple[Any, Any]:
        order = [(ours, self.ours), (dds, self.dds)] if ours_first else [(dds, self.dds), (ours, self.ours)]
        got = {}
        for fn, times in order:
            n = solver.stats()["nodes"]
            t = time.process_time()
            got[id(times)] = fn()
            times.append(time.process_time() - t)
            if times is self.ours:
                self.nodes.append(solver.stats()["nodes"] - n)
        return got[id(self.dds)], got[id(self.ours)]

    def check(self, what: str, dds: Any, ours: Any) -> None:
        if dds != ours:
            self.mismatches += 1
            print(f"  DIFFERENT {self.title}, {what}: DDS {dds}, ours {ours}", file=sys.stderr)


def p90(xs: list[float]) -> float:
    """The 90th percentile, nearest rank: a time some run took."""
    return sorted(xs)[max(0, -(-9 * len(xs) // 10) - 1)]


def fmt(t: float) -> str:
    return f"{t * 1000:.1f} ms" if t < 1 else f"{t:.2f} s"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=60, help="random deals per row (default 60)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--skip-session", action="store_true", help="leave out the Bismarck session")
    args = ap.parse_args()
    print(f"ours: {core_description()}")
    rng = random.Random(args.seed)
    boards = [Board(rng) for _ in range(args.deals)]
    solver = Solver(node_limit=0)
    solve, lead, play = Row("one solve from the opening lead"), Row("every legal opening card"), \
        Row("a whole play, every legal card at each of the 52 positions")

    for i, b in enumerate(boards):
        p = b.problem(b.hands, b.leader, [])
        solver.clear()
        dv, ov = solve.time(partial(dds_value, b.dds_deal()), partial(solver.solve, p), i % 2 == 1, solver)
        solve.check(f"deal {i + 1}", dv, ov if b.leader in NS else 13 - ov)
    for i, b in enumerate(boards):
        p = b.problem(b.hands, b.leader, [])
        solver.clear()
        dv, ov = lead.time(partial(dds_values, b.dds_deal()), partial(solver.solve_moves, p), i % 2 == 1, solver)
        lead.check(f"deal {i + 1}", dv, ov)
    for i, b in enumerate(boards):
        positions = b.positions()

        def dds_play(b: Board = b) -> list[dict[str, int]]:
            d = b.dds_deal()
            out = []
            for card in b.play:
                out.append(dds_values(d))
                d.play(card)
            return out

        def our_play(positions: list[tuple[Problem, list[str]]] = positions) -> list[dict[str, int]]:
            solver.clear()
            return [solver.solve_moves(q) for q, _ in positions]

        dv, ov = play.time(dds_play, our_play, i % 2 == 1, solver)
        for k, (x, y) in enumerate(zip(dv, ov)):
            play.check(f"deal {i + 1}, card {k + 1}", x, y)
        print(f"  deal {i + 1}: solve {fmt(solve.dds[i])} / {fmt(solve.ours[i])}, lead {fmt(lead.dds[i])} / "
              f"{fmt(lead.ours[i])}, play {fmt(play.dds[i])} / {fmt(play.ours[i])} (DDS / ours)",
              file=sys.stderr, flush=True)

    print(f"\n{args.deals} random Whist deals (seed {args.seed}), CPU time; DDS / ours above 1: ours is faster\n")
    print("| measure | DDS median | ours median | DDS / ours | DDS p90 | ours p90 | DDS max | ours max | values "
          "| our nodes, median / all |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    bad = 0
    for row in (solve, lead, play):
        md, mo = statistics.median(row.dds), statistics.median(row.ours)
        bad += row.mismatches
        print(f"| {row.title} | {fmt(md)} | {fmt(mo)} | **{md / mo:.2f}** | {fmt(p90(row.dds))} | "
              f"{fmt(p90(row.ours))} | {fmt(max(row.dds))} | {fmt(max(row.ours))} | "
              f"{'all equal' if not row.mismatches else f'{row.mismatches} differ'} | "
              f"{statistics.median(row.nodes) / 1e3:,.0f} k / {sum(row.nodes) / 1e6:,.1f} M |")
    if not args.skip_session:
        bad += session(statistics.median(play.dds))
    return 1 if bad else 0


def session(dds_play: float) -> int:
    deals = [d for d in parse((ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")) if d.tags]
    solver = make_solver()
    times, unsolved = [], 0
    for d in deals:
        t = time.process_time()
        a = analyse_deal(d, solver, contracts=False)
        times.append(time.process_time() - t)
        unsolved += sum(p.values is None and p.reason is not None and "limit" in p.reason for p in a.plays)
        print(f"  Bismarck deal {d.number} ({d.contract}): {fmt(times[-1])}", file=sys.stderr, flush=True)
    total, budget = sum(times), len(deals) * dds_play
    print(f"\nBismarck session, samples/club-night.bpn, per-card analysis of {len(deals)} deals: "
          f"{fmt(total)} in all (median {fmt(statistics.median(times))}, max {fmt(max(times))}; "
          f"cards given up at the node limit: {unsolved}); {len(deals)} DDS whole-play medians: {fmt(budget)}; "
          f"ratio **{budget / total:.2f}**")
    return 0


if __name__ == "__main__":
    sys.exit(main())
