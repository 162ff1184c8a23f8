"""What ``bpn analyse`` carries from one position of a play to the next: the
transposition table, kept after a position given up at the node limit, so that such a
position, tried again once the play after it is solved, may be solved."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.analyse import analyse_deal
from bismarck_pbn.analysis.sides import problem_at, sides_of
from bismarck_pbn.analysis.solver import Solver, SolverLimit
from bismarck_pbn.analysis.values import make_solver, position_value
from bismarck_pbn.format.reader import parse
from bismarck_pbn.model.cards import DECK
from bismarck_pbn.analysis.problem import problem
from bismarck_pbn.views.position import positions

CORES = ["python"] + (["native"] if _native.load() is not None else [])
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _deal(rng: random.Random, tricks: int, misere: bool):
    cards = rng.sample(DECK, 3 * tricks)
    return problem([cards[i::3] for i in range(3)], to_play=rng.randrange(3), side={1}, misere=misere)


@pytest.mark.parametrize("core", [pytest.param(c, marks=pytest.mark.slow) if c == "python" else c for c in CORES])
def test_the_table_outlives_the_node_limit(core):
    """A search cut short files nothing from then on, so what it filed before holds:
    the table is kept for the next position, and the answers down the play stay right."""
    rng = random.Random(5)
    p = _deal(rng, 7, True)
    limited = Solver(core, node_limit=1000)   # the first solve takes 1,573 nodes
    with pytest.raises(SolverLimit):
        limited.solve(p)
    assert limited.stats()["entries"] > 0
    solved = 0
    while len(p.hands[p.to_play]) > 1:   # a random play: each position after the last
        try:
            values = limited.solve_moves(p)
        except SolverLimit:
            values = None
        assert limited.stats()["entries"] > 0
        if values is not None:
            assert values == Solver(core).solve_moves(p), p
            solved += 1
        card = rng.choice(sorted(p.legal_cards()))
        hands = [set(h) for h in p.hands]
        hands[p.to_play].discard(card)
        table = (*p.table, card) if len(p.table) < 2 else ()
        if not table:   # the trick is complete: its winner leads
            trick = (*p.table, card)
            led = trick[0][0]
            win = max(range(3), key=lambda k: (trick[k][0] == led, p.bit(trick[k])))
            nxt = (p.leader + win) % 3
        else:
            nxt = (p.to_play + 1) % 3
        p = problem(hands, to_play=nxt, table=table, side={1}, misere=True)
    assert solved > 0


@cache
def _sample(name: str, number: int):
    return next(d for d in parse((SAMPLES / name).read_text(encoding="utf-8")) if d.number == number)


@pytest.mark.parametrize("number", [2, 6])   # Bismarck Valfri and Spel: whole plays, quick
def test_the_double_dummy_result_is_read_off_the_opening_lead_s_values(number):
    """The double-dummy result, read off the values of the opening lead's cards, is the
    solve's; every value is the one a solver asked position by position gives."""
    deal = _sample("club-night.bpn", number)
    result = analyse_deal(deal, contracts=False)
    sides = sides_of(deal)
    every = positions(deal)
    plain = Solver()
    assert position_value(problem_at(every[0], sides=sides), result.plays[0].values or {}) == \
        Solver().solve(problem_at(every[0], sides=sides))
    for i, play in enumerate(result.plays):
        assert play.values == plain.solve_moves(problem_at(every[i], sides=sides)), i
    start = problem_at(every[0], sides=sides)
    assert result.dd_tricks == Solver().solve(start) + sides.offset


def test_a_position_given_up_is_tried_again_once_the_play_after_it_is_solved():
    """With a node limit of 10,000 two positions of this deal give up on the way forward;
    tried again from the last back, the table holding the play after them, they are
    solved, with the values of a search without a limit."""
    deal = _sample("club-night.bpn", 2)
    limited = analyse_deal(deal, make_solver(10_000), contracts=False)
    free = analyse_deal(deal, make_solver(0), contracts=False)
    assert [p.values for p in limited.plays] == [p.values for p in free.plays]
    assert all(p.values is not None for p in limited.plays)
    assert limited.dd_tricks == free.dd_tricks
