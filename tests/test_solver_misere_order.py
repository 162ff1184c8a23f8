"""The order of moves in misère (native/moves.h's and _pyrules.py's branches for a seat
that wants the trick to go to the other side, as every seat of Bismarck's Pass does).
Only the search's size rests on it: the answers stay the plain minimax's (tests/ddref.py,
and the agreement tests of test_solver_misere.py)."""

from __future__ import annotations

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.problem import problem
from bismarck_pbn.analysis.solver import Solver

CORES = ["python"] + (["native"] if _native.load() is not None else [])

# A seven-trick Pass ending (seat 0 counted and minimising, seat 1 to lead): value 5.
# Seat 1 holds the top heart over seat 0's two, seat 2 the top spade and diamond.
PASS7_SHED = ({"C2", "C8", "D8", "H7", "HT", "S8", "SQ"}, {"CA", "DJ", "DT", "H3", "H5", "H8", "HJ"},
              {"C4", "C6", "D9", "DA", "S3", "SA", "SJ"})


@pytest.mark.parametrize("core", CORES)
def test_a_maximiser_sheds_its_card_over_the_counted_seat_first(core):
    """1,467 nodes without the maximisers' shedding lead (their highest card of a suit
    where the counted seat holds two or more cards, all lower, led first; the C core built
    with -DNO_MSHED), 977 with it (982 in the Python core; 3,924 and 952 an earlier stop,
    when 2,000 no longer told them apart)."""
    p = problem(PASS7_SHED, to_play=1, side={0}, misere=True)
    solver = Solver(core)
    assert solver.solve(p) == 5  # the plain minimax's value (ddref.reference_solve)
    assert solver.stats()["nodes"] <= 1_200

# A seven-trick Pass ending (seat 0 counted and minimising, seat 2 to lead): value 4.
PASS7_OVERTAKE = ({"C4", "CK", "D3", "D6", "HJ", "HK", "S7"}, {"C9", "D4", "D9", "H8", "HT", "S5", "S9"},
                  {"C2", "CJ", "H3", "H9", "HA", "S8", "SQ"})


@pytest.mark.parametrize("core", CORES)
def test_a_maximiser_overtakes_the_counted_seat_with_its_highest_card(core):
    """1,752 nodes with the lowest card that overtakes the counted seat's tried first,
    1,187 with the highest first, in either core, when this rule came in (it has no build
    flag); 1,322 now (1,331 in the Python core) with the bounds added since. Not a test of
    the shedding lead above: the C core built without that lead takes 1,434 nodes here."""
    p = problem(PASS7_OVERTAKE, to_play=2, side={0}, misere=True)
    solver = Solver(core)
    assert solver.solve(p) == 4  # the plain minimax's value (ddref.reference_solve)
    assert solver.stats()["nodes"] <= 1_450

# A seven-trick Pass ending (seat 0 counted and minimising, seat 2 to lead): value 4.
PASS7_SHORT = ({"C8", "CA", "DA", "H2", "H3", "H9", "HJ"}, {"C5", "CQ", "D6", "D7", "HQ", "S5", "S6"},
               {"C3", "C9", "CJ", "DT", "S3", "S4", "S8"})


@pytest.mark.parametrize("core", CORES)
def test_the_counted_seat_leads_its_sure_losers_from_its_shortest_suit_first(core):
    """1,890 nodes with the highest sure loser first whatever its suit (the C core built
    with -DNO_MSHORT), 1,106 with those of the shortest suit first, in either core."""
    p = problem(PASS7_SHORT, to_play=2, side={0}, misere=True)
    solver = Solver(core)
    assert solver.solve(p) == 4  # the plain minimax's value (ddref.reference_solve)
    assert solver.stats()["nodes"] <= 1_500

# An eight-trick Pass deal (seat 2 counted and minimising, seat 0 to lead): value 6.
PASS8_OVER = ({"C3", "D3", "H3", "H7", "HQ", "S5", "SJ", "SQ"}, {"C4", "C7", "C8", "CJ", "DJ", "H8", "S3", "ST"},
              {"CT", "D4", "D5", "DQ", "H4", "H5", "HA", "SK"})


@pytest.mark.parametrize("core", CORES)
def test_a_maximiser_sheds_its_highest_card_when_the_last_seat_must_overtake(core):
    """2,584 nodes with the duck under the counted seat's card tried first even where the
    last seat, a maximiser too, holds only higher cards of the suit (the C core built with
    -DNO_MOVER=1), 2,076 with the highest card first there, in either core."""
    p = problem(PASS8_OVER, to_play=0, side={2}, misere=True)
    solver = Solver(core)
    assert solver.solve(p) == 6  # the plain minimax's value (ddref.reference_solve)
    assert solver.stats()["nodes"] <= 2_330

# An eight-trick Pass deal (seat 2 counted and minimising, seat 0 to lead): value 6.
PASS8_LOWSHORT = ({"C2", "C4", "C9", "CK", "D5", "H5", "H9", "HJ"}, {"C3", "D3", "H7", "H8", "HK", "HT", "S5", "SK"},
                  {"C6", "CJ", "CT", "DA", "H2", "H4", "HA", "S6"})


@pytest.mark.parametrize("core", CORES)
def test_the_counted_seat_leads_its_other_low_cards_from_its_shortest_suit_first(core):
    """3,313 nodes with the counted seat's low leads (cards another seat may duck under)
    lowest first whatever their suit (the C core built with -DNO_MLOWSHORT=1), 2,406 with
    those of its shortest suit first, in either core."""
    p = problem(PASS8_LOWSHORT, to_play=0, side={2}, misere=True)
    solver = Solver(core)
    assert solver.solve(p) == 6  # the plain minimax's value (ddref.reference_solve)
    assert solver.stats()["nodes"] <= 2_850

# An eight-trick Pass deal (seat 2 counted and minimising, seat 0 to lead): value 4.
PASS8_LATE = ({"C4", "D2", "D9", "H5", "H8", "HA", "HJ", "SQ"}, {"CA", "D3", "D6", "DT", "H7", "HQ", "S3", "SJ"},
              {"C5", "C6", "CK", "CT", "H4", "S2", "S7", "ST"})


@pytest.mark.parametrize("core", CORES)
def test_a_maximiser_leads_a_card_its_teammate_must_overtake_after_its_low_cards(core):
    """3,401 nodes with a maximiser's lead under all of the counted seat's cards of a suit
    tried first even where its teammate holds the suit and no card under the counted
    seat's (the C core built with -DNO_MLATE=1), 2,514 with such a lead after the low ones,
    in either core."""
    p = problem(PASS8_LATE, to_play=0, side={2}, misere=True)
    solver = Solver(core)
    assert solver.solve(p) == 4  # the plain minimax's value (ddref.reference_solve)
    assert solver.stats()["nodes"] <= 2_950
