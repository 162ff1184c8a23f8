"""The misère bounds (native/misere.h, and _pymisere.py for the Python core): one
counted seat that wants few tricks, the others wanting it to take many, as in
Bismarck's Pass. At a trick's lead the search settles "must it take every trick left?"
(it surely loses one: a low card under all of another seat's cards of a suit) and "must
it take one?" (the leader surely makes it win this trick) without a search. The answers
stay the plain minimax's (tests/ddref.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.problem import Problem, problem
from bismarck_pbn.analysis.solver import Solver
from ddref import random_ending, reference_solve, reference_values

CORES = ["python"] + (["native"] if _native.load() is not None else [])


def _misere_endings(seed: int, count: int, seats: int = 3, tricks=(2, 3, 4, 5)):
    """Misère endings with one counted seat, the bounds' case: mostly three seats in
    no trump (the Pass), a trump and must-trump now and then, sometimes mid-trick."""
    rng = random.Random(seed)
    for _ in range(count):
        trump = None if rng.random() < 0.7 else ...
        p = random_ending(rng, seats, rng.choice(tricks), trump=trump, misere=True)
        yield dataclasses.replace(p, side=frozenset({rng.randrange(seats)}))


@pytest.mark.parametrize("seats, count, tricks", [
    (3, 30, (2, 3, 4)),
    pytest.param(3, 400, (3, 4, 5), marks=pytest.mark.slow),
    pytest.param(2, 300, (3, 4, 5, 6), marks=pytest.mark.slow),
    pytest.param(4, 150, (2, 3, 4), marks=pytest.mark.slow),
])
def test_misere_endings_agree_with_minimax(seats, count, tricks):
    solvers = [Solver(core, table_bits=16) for core in CORES]
    for p in _misere_endings(500 + seats, count, seats, tricks):
        values, best = reference_values(p), reference_solve(p)
        for solver in solvers:
            assert solver.solve_moves(p) == values, (solver.core, p)
            assert solver.solve(p) == best, (solver.core, p)


def _pass(hands, to_play: int) -> Problem:
    return problem(hands, to_play=to_play, side={0}, misere=True)


# A six-trick Pass ending (seat 0 counted and minimising, seat 1 to lead): value 4.
# The searches ask often whether seat 0 must take every trick left (it keeps a low
# diamond under both of seat 1's) or at least one (a lead under all of its clubs).
PASS6 = ({"CA", "D7", "D8", "H3", "H6", "HT"}, {"CK", "D5", "DJ", "S6", "S9", "SK"},
         {"CQ", "H4", "H5", "H7", "H9", "S5"})


@pytest.mark.parametrize("core", CORES)
def test_the_bounds_cut_the_search_of_a_pass_ending(core):
    """636 nodes without the bounds (the C core built with -DNO_MISERE), 332 with them,
    in either core."""
    p = _pass(PASS6, 1)
    solver = Solver(core)
    assert solver.solve(p) == 4  # the plain minimax's value (reference_solve: 2 s)
    assert solver.stats()["nodes"] <= 450
