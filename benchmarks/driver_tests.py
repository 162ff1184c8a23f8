#!/usr/bin/env python3
"""Where the nodes of ``bpn_dds_solve_moves`` go, by kind of null-window test: how much a
different driver (the values of every card at a position) could save at most.

    cc -O3 -std=gnu99 -mpopcnt -mbmi -mbmi2 -DDRIVER_TRACE -I bismarck_pbn/analysis/native \\
       -o solve_problems_trace benchmarks/solve_problems.c
    python benchmarks/dump_problems.py whist.txt --deals 60
    ./solve_problems_trace whist.txt lead 60 2> lead.trace
    python benchmarks/driver_tests.py lead.trace
    ./solve_problems_trace whist.txt play 60 2> play.trace
    python benchmarks/driver_tests.py play.trace --positions 52   # and the first position apart

A card's value v is pinned by two tests: "at least v" true and "at least v + 1" false
(one of them is spared at the ends, 0 and the tricks left). Those two are *needed* by
any driver that asks null-window tests, except one of a card as good as the best when
the position's own value V is known (the seat that wants tricks: "at least V + 1" false;
the one that wants few: "at least V" true), which a value told to the position would
answer. Every other test is *extra*: the first card's binary search from the counted
seats' share, or the later cards' steps from the card before's value. Standard library
only; reads the trace that ``-DDRIVER_TRACE`` writes (see the driver in solver.c).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator

NEEDED_TRUE = "needed: at least its value (true)"
NEEDED_FALSE = "needed: at least its value + 1 (false)"
BY_V = "a best card's test the position's value answers"
SEARCH = "extra: the first card's binary search"
STEP = "extra: steps from the card before's value"
KINDS = (NEEDED_TRUE, NEEDED_FALSE, BY_V, SEARCH, STEP)


def positions(path: str) -> Iterator[tuple[bool, list[tuple[list[tuple[int, int, int]], int]]]]:
    """Per position: whether the seat to play wants counted tricks, and per card its
    tests (need, answer, nodes) and its value."""
    is_max = True
    cards: list[tuple[list[tuple[int, int, int]], int]] = []
    tests: list[tuple[int, int, int]] = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            kind, *xs = line.split()
            if kind == "P":
                if cards:
                    yield is_max, cards
                is_max, cards, tests = xs[1] == "1", [], []
            elif kind == "T":
                tests.append((int(xs[0]), int(xs[1]), int(xs[2])))
            elif kind == "C":
                cards.append((tests, int(xs[1])))
                tests = []
    if cards:
        yield is_max, cards


def kinds(is_max: bool, cards: list[tuple[list[tuple[int, int, int]], int]]) -> Counter[str]:
    out: Counter[str] = Counter()
    best = max(v for _, v in cards) if is_max else min(v for _, v in cards)
    for k, (tests, v) in enumerate(cards):
        for need, answer, nodes in tests:
            if v == best and (need, answer) == ((best + 1, 0) if is_max else (best, 1)):
                kind = BY_V
            elif (need, answer) == (v, 1):
                kind = NEEDED_TRUE
            elif (need, answer) == (v + 1, 0):
                kind = NEEDED_FALSE
            else:
                kind = SEARCH if k == 0 else STEP
            out[kind] += nodes
    return out


def table(title: str, counts: Counter[str]) -> None:
    total = sum(counts.values())
    print(f"\n{title}: {total / 1e6:.2f} M nodes in the driver's tests\n")
    print("| kind of test | nodes | share |")
    print("|---|---|---|")
    for kind in KINDS:
        print(f"| {kind} | {counts[kind] / 1e6:.2f} M | {100 * counts[kind] / max(total, 1):.1f} % |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trace", help="standard error of solve_problems built with -DDRIVER_TRACE")
    ap.add_argument("--positions", type=int, default=0,
                    help="positions per deal (52 for a whole play): the first of each deal apart")
    args = ap.parse_args()
    every: Counter[str] = Counter()
    first: Counter[str] = Counter()
    for i, (is_max, cards) in enumerate(positions(args.trace)):
        c = kinds(is_max, cards)
        every.update(c)
        if args.positions and i % args.positions == 0:
            first.update(c)
    table("every position", every)
    if args.positions:
        table("the first position of each deal", first)
        table("the others", every - first)


if __name__ == "__main__":
    main()
