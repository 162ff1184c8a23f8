"""Node counts of the C core's rules that had none: each test fails in a build of the core
with the rule's flag (tests/test_flag_builds.py builds each and checks it), so the rule
cannot go without a test telling. Whole deals of benchmarks/bench_vs_dds.py (seed 2026,
numbered from 1), one solve each from the opening lead, North-South counted; the values
are DDS's too."""

from __future__ import annotations

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.problem import Problem
from bismarck_pbn.analysis.solver import Solver

pytestmark = pytest.mark.skipif(_native.load() is None, reason="the C core is not built here")

NS = frozenset({0, 2})

# Deal 34: no trump, East (seat 1) to lead, North-South take 8 tricks.
DEAL34 = ("C4 C5 D2 D4 D5 H4 H9 HA HK HQ HT SJ SQ", "C2 C8 CK CT D7 D9 DJ DQ H2 H6 S5 S6 S8",
          "C3 CJ D3 D6 DA DK DT H8 HJ S2 S3 S4 SA", "C6 C7 C9 CA CQ D8 H3 H5 H7 S7 S9 SK ST")

# Deal 42: no trump, North (seat 0) to lead, North-South take 10 tricks.
DEAL42 = ("C4 C7 D3 H8 H9 HJ HK HQ S2 S3 S7 SJ SK", "C2 C9 CA D2 D7 D9 DT H5 H7 S4 S8 SA SQ",
          "C8 CJ CQ D8 DA DJ DK DQ HA HT S5 S9 ST", "C3 C5 C6 CK CT D4 D5 D6 H2 H3 H4 H6 S6")

# Deal 54: hearts trump, South (seat 2) to lead, North-South take 10 tricks.
DEAL54 = ("C2 C3 CK D4 D5 DA H4 H5 H9 S9 SA SJ ST", "C4 C5 C6 C9 CA D6 H6 H7 HQ HT S2 S4 S5",
          "C7 C8 CQ D9 DJ DK H2 H3 HA HK S6 S8 SK", "CJ CT D2 D3 D7 D8 DQ DT H8 HJ S3 S7 SQ")


def _nodes(hands: tuple[str, ...], trump: str | None, leader: int, value: int) -> int:
    p = Problem(tuple(frozenset(h.split()) for h in hands), trump=trump, to_play=leader, side=NS)
    solver = Solver("native")
    assert solver.solve(p) == value
    return int(solver.stats()["nodes"])


def test_quick_tricks_with_long_cards_shrink_a_no_trump_deal():
    """The leader's long cards counted among its quick tricks once its top run has drawn
    the suit (native/rules.h, long_cards): deal 34 takes 39,056 nodes without them
    (-DNO_LONG), 12,864 with them."""
    assert _nodes(DEAL34, None, 1, 8) <= 25_000


def test_the_second_hands_bound_shrinks_a_no_trump_deal():
    """The second hand's quick tricks, with one card on the table: its side wins the trick
    in play and cashes on (native/later.h, second_hand_wins): deal 42 takes 60,762 nodes without it
    (-DNO_SECOND), 35,467 with it."""
    assert _nodes(DEAL42, None, 0, 10) <= 48_000


def test_the_later_tricks_bound_shrinks_a_trump_deal():
    """The later tricks at a trick's lead: the leader's side cannot take every trick (or
    every trick but one) it would need, the other side holding a card that must win one
    (native/later.h, later_fails): deal 54 takes 64,564 nodes without it (-DNO_LATER),
    41,062 with it."""
    assert _nodes(DEAL54, "H", 2, 10) <= 52_000


def test_the_second_hands_order_shrinks_a_trump_deal():
    """The second of four seats ducks when its teammate surely covers, else wins with its
    cheapest sure card (native/moves.h): deal 54 takes 131,014 nodes in the old order
    (-DNO_SECOND4), 41,062 with it."""
    assert _nodes(DEAL54, "H", 2, 10) <= 85_000
