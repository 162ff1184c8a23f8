"""What ``bpn analyse`` carries from one position of a play to the next: the value of
the card played (the next position's own value, which bounds every card there), and
the transposition table, kept after a position given up at the node limit."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.analyse import analyse_deal
from bismarck_pbn.analysis.sides import problem_at, sides_of
from bismarck_pbn.analysis.solver import Solver, SolverLimit
from bismarck_pbn.analysis.values import make_solver, next_value, position_value
from bismarck_pbn.format.reader import parse
from bismarck_pbn.model.cards import DECK
from bismarck_pbn.analysis.problem import problem
from bismarck_pbn.views.position import positions
from ddref import random_ending, reference_solve, reference_values

CORES = ["python"] + (["native"] if _native.load() is not None else [])
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.mark.parametrize("core", CORES)
def test_a_known_value_leaves_every_card_s_value_as_it_was(core):
    """Every game size, misère and mid-trick starts among them: the values with the
    position's value given are those of the minimax."""
    solver = Solver(core, table_bits=16)
    rng = random.Random(22)
    for i in range(60):
        seats = 2 + i % 3
        p = random_ending(rng, seats, 2 + i % 2 + (seats < 4))
        assert solver.solve_moves(p, reference_solve(p)) == reference_values(p), p


def _deal(rng: random.Random, tricks: int, misere: bool):
    cards = rng.sample(DECK, 3 * tricks)
    return problem([cards[i::3] for i in range(3)], to_play=rng.randrange(3), side={1}, misere=misere)


@pytest.mark.parametrize("core", CORES)
def test_a_known_value_takes_one_test_for_a_card_as_good_as_the_best(core):
    """Node counts (load does not move them): with the value known, a card worth it is
    proved with one null-window test instead of two, so the position costs less."""
    rng = random.Random(7)
    for misere in (False, True):
        p = _deal(rng, 6, misere)
        value = Solver(core).solve(p)
        plain, told = Solver(core), Solver(core)
        assert told.solve_moves(p, value) == plain.solve_moves(p)
        assert told.stats()["nodes"] < plain.stats()["nodes"], misere


@pytest.mark.parametrize("core", CORES)
def test_the_table_outlives_the_node_limit(core):
    """A search cut short files nothing from then on, so what it filed before holds:
    the table is kept for the next position, and the answers down the play stay right."""
    rng = random.Random(5)
    p = _deal(rng, 7, True)
    limited = Solver(core, node_limit=2000)
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
def test_analyse_carries_values_that_a_solver_not_told_confirms(number):
    """Every value of a whole play analysed (each position told the value of the card
    before it) is the value a solver not told it gives, and the double-dummy result read
    off the opening lead's values is the solve's."""
    deal = _sample("club-night.bpn", number)
    result = analyse_deal(deal, contracts=False)
    sides = sides_of(deal)
    every = positions(deal)
    plain = Solver()
    for i, play in enumerate(result.plays):
        assert play.values == plain.solve_moves(problem_at(every[i], sides=sides)), i
    start = problem_at(every[0], sides=sides)
    assert result.dd_tricks == Solver().solve(start) + sides.offset


@pytest.mark.parametrize(("name", "number", "back"), [
    ("club-night.bpn", 4, 24),                                   # Bismarck's Pass: misère
    ("swedish-whist/uppsala.bpn", 1, 16), ("swedish-whist/uppsala.bpn", 5, 16),   # Nolle, Misère alone
    ("israeli-whist/haifa.bpn", 2, 16),                          # the side changes seat by seat
])
def test_the_value_told_down_a_play_is_the_position_s_own(name, number, back):
    """The last positions of a play, each told what :func:`next_value` reads off the one
    before: the values of a solver not told, and the value told is the position's
    (:func:`position_value` of them); where the counted side changes, nothing is told."""
    deal = _sample(name, number)
    sides = sides_of(deal)
    every = positions(deal)
    solver, plain = Solver(), Solver()
    prev = None
    told = 0
    for i in range(len(every) - back, len(every) - 1):
        p = problem_at(every[i], sides=sides)
        known = next_value(*prev, every[i], p) if prev is not None else None
        values = solver.solve_moves(p, known)
        assert values == plain.solve_moves(p), (i, known)
        if known is not None:
            assert known == position_value(p, values)
            told += 1
        elif prev is not None:
            assert prev[1].side != p.side
        prev = (every[i], p, values, every[i + 1].card.card)
    assert told > 0


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
