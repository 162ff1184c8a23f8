"""The C core's bounds for four seats in two partnerships (bridge, whist: native/later.h)
give the plain minimax's values (tests/ddref.py) on random endings under bridge's rules,
where they apply (the Python core has no such bounds: test_solver.py compares the two)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.problem import Problem
from bismarck_pbn.analysis.solver import Solver
from ddref import random_ending, reference_solve, reference_values

CORES = ["python"] + (["native"] if _native.load() is not None else [])


def bridge_endings(seed: int, count: int, tricks: tuple[int, ...]) -> list[Problem]:
    """Random endings under bridge's rules: partners opposite, each side counting its
    own tricks, no must-trump rule, no misère; a trump suit in about half of them."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        p = random_ending(rng, 4, rng.choice(tricks), must_trump=False, misere=False)
        out.append(dataclasses.replace(p, side=frozenset(rng.choice([(0, 2), (1, 3)]))))
    return out


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_bridge_endings_agree_with_minimax():
    """Three-trick endings: quick, and enough to catch a bound that fires one trick early."""
    solver = Solver("native", table_bits=16)
    for p in bridge_endings(22, 40, (3,)):
        assert solver.solve_moves(p) == reference_values(p), p
        assert solver.solve(p) == reference_solve(p), p


@pytest.mark.slow
@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_many_bridge_endings_agree_with_minimax():
    """Up to five tricks: a minute and more, most of it the minimax's."""
    solver = Solver("native", table_bits=16)
    made = bridge_endings(2226, 300, (3, 4, 4, 5))
    assert sum(p.trump is not None for p in made) > 100 and sum(p.trump is None for p in made) > 100
    for p in made:
        assert solver.solve_moves(p) == reference_values(p), p


@pytest.mark.slow
@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_one_table_across_many_endings_of_one_game():
    """An unsound relevant card shows only when a table entry answers another position:
    one solver, its table kept, over endings of one game (spades trump, North-South),
    every card of each against the minimax."""
    solver = Solver("native")
    rng = random.Random(2291)
    for _ in range(100):
        p = random_ending(rng, 4, rng.choice((4, 5)), trump="S", must_trump=False, misere=False)
        p = dataclasses.replace(p, side=frozenset({0, 2}))
        assert solver.solve_moves(p) == reference_values(p), p


# Deal 8 of benchmarks/bench_vs_dds.py (seed 2026): spades trump, East (seat 1) to lead,
# North-South take 4 tricks (DDS's value too).
DEAL8 = ("C4 CJ CT D6 D8 DA DJ H4 H7 H8 HK S5 S9", "C6 C7 CA D4 DT H3 H5 H6 HJ S8 SA SJ SQ",
         "C2 C5 C9 D2 D3 D9 DQ H2 HA HQ S3 S6 S7", "C3 C8 CK CQ D5 D7 DK H9 HT S2 S4 SK ST")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_the_second_hands_order_shrinks_a_whole_deal():
    """The second of four seats ducks when its teammate surely covers, else wins with its
    cheapest sure card (native/moves.h): 69,421 nodes before (2d06169), 41,258 with it."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL8), trump="S", to_play=1, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 4
    assert solver.stats()["nodes"] <= 55_000


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_quick_tricks_through_the_partners_hand_with_trumps_out_shrink_a_whole_deal():
    """With trumps out, the leader leads to its partner's top card of a suit each opponent
    follows or cannot ruff, and the partner cashes its quick tricks (native/later.h):
    deal 8 takes 36,355 nodes without it (-DNO_SIDEQ_TRUMP), 23,648 with it."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL8), trump="S", to_play=1, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 4
    assert solver.stats()["nodes"] <= 30_000


# Deal 13 of benchmarks/bench_vs_dds.py (seed 2026): spades trump, South (seat 2) to lead,
# North-South take 4 tricks (DDS's value too).
DEAL13 = ("C4 C5 C9 CK D2 H6 H7 H8 HJ HQ S2 S7 SA", "CJ CT D4 D6 DJ DK H2 H3 H4 H9 HK S4 S8",
          "C3 C6 C7 C8 CA D5 D7 D8 D9 DT H5 S3 S6", "C2 CQ D3 DA DQ HA HT S5 S9 SJ SK SQ ST")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_the_partners_ruff_is_a_trick_at_the_lead():
    """Where one trick is all the leader's side needs (or all the other side may lose),
    the leader leads a suit its partner ruffs, when each opponent follows, holds no trump
    or none above the partner's highest (native/later.h): deal 13 takes 116,015 nodes
    without it (-DNO_PARTNER_RUFF), 113,931 with it."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL13), trump="S", to_play=2, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 4
    assert solver.stats()["nodes"] <= 115_000


# Deal 23 of benchmarks/bench_vs_dds.py (seed 2026): no trump, North (seat 0) to lead,
# North-South take 6 tricks (DDS's value too).
DEAL23 = ("C2 C3 C4 C6 D6 D7 DA DK H7 HT S3 S6 ST", "C7 C8 D2 D8 H2 H4 H5 HA HJ HQ S9 SA SK",
          "C9 CA CK CT D4 D5 D9 DJ H9 S2 S5 S8 SJ", "C5 CJ CQ D3 DQ DT H3 H6 H8 HK S4 S7 SQ")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_discards_from_the_longest_suit_shrink_a_whole_deal():
    """A follower of four seats that discards does so from its longest suit first
    (native/moves.h): 87,202 nodes without it, 46,541 with it."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL23), trump=None, to_play=0, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 6
    assert solver.stats()["nodes"] <= 65_000


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_quick_tricks_through_the_partners_hand_shrink_a_no_trump_deal():
    """In no trump the leader cashes its runs, then leads to its partner's top card and
    the partner cashes its own (native/later.h): deal 23 takes 38,947 nodes without it
    (-DNO_SIDEQ), 11,682 with it (46,541 before it and the long cards)."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL23), trump=None, to_play=0, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 6
    assert solver.stats()["nodes"] <= 25_000


# No trump, North (seat 0) to lead: the ace of spades draws every other spade, and the
# 4-3-2 are then winners too (long cards): North-South take all four tricks.
LONG = ("SA S4 S3 S2", "SK H2 H3 H4", "SQ D2 D3 D4", "SJ C2 C3 C4")


@pytest.mark.parametrize("core", CORES)
def test_quick_tricks_count_the_long_cards(core):
    """The leader's quick tricks count its other cards of a suit once its run of top
    cards has drawn every other seat's (rules.h, and the Python core's twin): each
    null-window search ends at the root, one node each; without them the searches
    play the ace's trick out."""
    p = Problem(tuple(frozenset(h.split()) for h in LONG), trump=None, to_play=0, side=frozenset({0, 2}))
    solver = Solver(core)
    assert solver.solve(p) == 4
    assert solver.stats()["nodes"] <= 3


# No trump, North (seat 0) to lead with no winner: a heart to South's ace, whose 4-3 are
# winners once East's king and West's queen have fallen: North-South take all three.
THROUGH = ("H2 S2 S3", "HK SA D2", "HA H4 H3", "HQ C2 C3")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_the_partners_hand_counts_its_long_cards():
    """The quick tricks through the partner's hand count the partner's long cards too
    (native/later.h): each null-window search ends at the root."""
    p = Problem(tuple(frozenset(h.split()) for h in THROUGH), trump=None, to_play=0, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 3
    assert solver.stats()["nodes"] <= 2


# Deal 24 of benchmarks/bench_vs_dds.py (seed 2026): clubs trump, North (seat 0) to lead,
# North-South take 11 tricks (DDS's value too).
DEAL24 = ("C5 C6 CA CK CT D6 D7 D8 D9 DJ DQ H3 ST", "C2 C3 C4 D4 DK DT H2 H5 HA HJ HQ S4 S7",
          "CJ D2 D3 DA H4 H7 HK S3 S5 S6 S8 SA SK", "C7 C8 C9 CQ D5 H6 H8 H9 HT S2 S9 SJ SQ")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_quick_tricks_rest_on_the_top_cards_they_need():
    """A quick-trick bound that needs fewer tricks than its last run holds rests only on
    that run's top cards that make up the rest (native/rules.h, later.h), so the table's
    entries above it stay general: deal 24 takes 583,789 nodes when every run used rests
    whole (-DNO_PARTIAL), 550,556 with it."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL24), trump="C", to_play=0, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 11
    assert solver.stats()["nodes"] <= 567_000


# Spades trump, North (seat 0) to lead, East-West without a trump: a heart ruffed by
# South, a diamond ruffed by North, a heart ruffed by South: North-South take all three,
# whatever their trumps' ranks.
CROSSRUFF = ("S2 H2 H3", "HA HK DA", "S3 S4 D2", "HQ HJ DK")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_a_crossruff_is_counted_at_the_lead():
    """The leader's side counts the tricks it takes by ruffing in turn in each other's
    void, each opponent with a trump following suit (native/later.h): each null-window
    search ends at the root. On deal 50 of benchmarks/bench_vs_dds.py: 362,262 nodes
    without it (-DNO_CROSSRUFF), 319,462 with it."""
    p = Problem(tuple(frozenset(h.split()) for h in CROSSRUFF), trump="S", to_play=0, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 3
    assert solver.stats()["nodes"] <= 2


# Deal 9 of benchmarks/bench_vs_dds.py (seed 2026): hearts trump, West (seat 3) to lead,
# North-South take 2 tricks (DDS's value too).
DEAL9 = ("C5 D6 H2 H7 HJ S4 S5 S6 S8 S9 ST SQ SK", "C2 C9 D2 D7 DT DJ DQ H5 H6 H8 HQ HK S7",
         "C7 C8 CJ CQ D4 D8 D9 DK H3 H4 HA S2 SJ", "C3 C4 C6 CT CK CA D3 D5 DA H9 HT S3 SA")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_later_tricks_rest_on_the_top_cards_they_need():
    """The later-tricks bound without trumps rests only on the other side's top cards it
    needs: a suit whose top card, were it the leader's side's, would still leave the sum
    short is left out, the shortest first (native/later.h): deal 9 takes 117,672 nodes
    with every such top card (-DNO_LATER_PARTIAL), 115,625 without (110,933 and 109,098
    before the quick tricks through the partner's hand with trumps out and the partner's
    ruff; deal 46, the example before the search's own relevant cards were cut to the
    key's, no longer tells them apart)."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL9), trump="H", to_play=3, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 2
    assert solver.stats()["nodes"] <= 116_500


# Deal 19 of benchmarks/bench_vs_dds.py (seed 2026): spades trump, East (seat 1) to lead,
# North-South take 7 tricks (DDS's value too).
DEAL19 = ("C5 CQ CK D5 DA H4 H6 HT HQ HK S4 S7 ST", "C2 CT CA D3 D6 D8 H7 S2 S6 S8 SJ SQ SK",
          "CJ D2 D4 D7 D9 DJ DQ H5 H8 HA S3 S9 SA", "C3 C4 C6 C7 C8 C9 DT DK H2 H3 H9 HJ S5")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_quick_tricks_rest_on_the_trumps_that_draw():
    """When the leader's top trumps draw every other trump, its quick tricks rest on as
    many of them as the others' longest trump holding (then its other trumps are the only
    ones left), or as the tricks wanted if fewer (native/rules.h): deal 19 takes 649,850
    nodes resting on the whole run (-DNO_DRAW_PARTIAL), 642,109 with it (654,726 and
    647,619 before the quick tricks through the partner's hand with trumps out; deal 4,
    the example before the search's own relevant cards were cut to the key's, no longer
    tells them apart)."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL19), trump="S", to_play=1, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 7
    assert solver.stats()["nodes"] <= 646_000


# Deal 13 of benchmarks/bench_vs_dds.py (seed 2026): spades trump, South (seat 2) to lead,
# North-South take 4 tricks (DDS's value too).
DEAL13 = ("C4 C5 C9 CK D2 H6 H7 H8 HJ HQ S2 S7 SA", "CJ CT D4 D6 DJ DK H2 H3 H4 H9 HK S4 S8",
          "C3 C6 C7 C8 CA D5 D7 D8 D9 DT H5 S3 S6", "C2 CQ D3 DA DQ HA HT S5 S9 SJ SK SQ ST")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_sure_trump_tricks_rest_on_the_trumps_they_need():
    """A team's sure trump tricks that make the tricks wanted rest on the trumps from its
    seat's want-th highest sure trump up, not from the other team's highest (native/rules.h):
    deal 13 takes 189,876 nodes without it (-DNO_SURE_PARTIAL), 127,823 with it."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL13), trump="S", to_play=2, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 4
    assert solver.stats()["nodes"] <= 155_000


# Deal 59 of benchmarks/bench_vs_dds.py (seed 2026): diamonds trump, North (seat 0) to
# lead, North-South take 9 tricks.
DEAL59 = ("C4 D6 D9 DJ DK H6 HK HQ S2 S4 S6 SJ SQ", "C3 C5 C7 C8 C9 CJ D2 D8 DQ HA S3 S8 S9",
          "C6 CA CT D3 D4 D7 DT H2 H3 H5 H7 H9 SK", "C2 CK CQ D5 DA H4 H8 HJ HT S5 S7 SA ST")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_relevant_cards_leave_out_what_the_key_fixes():
    """At a trick's lead, the cards below the lowest relevant one of a suit all one seat's
    are fixed by the suit lengths (the table's key), and so is that seat's bottom run of
    the relevant cards: the answer rests on the cards above (native/solver.c, rest_on_key):
    deal 59 takes 305,392 nodes without it (-DNO_KEYREST), 158,296 with it."""
    p = Problem(tuple(frozenset(h.split()) for h in DEAL59), trump="D", to_play=0, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 9
    assert solver.stats()["nodes"] <= 230_000


# A random ten-trick ending (tests/ddref.py's random_ending, seed 5): no trump, West
# (seat 3) to lead, North-South take 3 tricks.
ENDING10 = ("C5 C6 C9 CA D2 D4 DJ HJ S3 S4", "C3 C8 CT DA H5 HA HK S6 SA SJ",
            "C7 CK DT H4 H8 S2 S5 S8 SK ST", "C2 C4 CQ D6 DK H2 H7 H9 HT S9")


@pytest.mark.skipif("native" not in CORES, reason="the C core is not built here")
def test_the_lowest_winning_rank_rests_on_the_failed_cards_own_answer():
    """A card that failed stands for the seat's lower cards of its suit below every card
    its own answer rests on (not the union of every answer so far), and a later failure
    can raise that line (native/solver.c): 16,293 nodes without it (-DNO_LOWCREL), 12,249
    with it."""
    p = Problem(tuple(frozenset(h.split()) for h in ENDING10), trump=None, to_play=3, side=frozenset({0, 2}))
    solver = Solver("native")
    assert solver.solve(p) == 3
    assert solver.stats()["nodes"] <= 14_300
