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

from bismarck_pbn.analysis import _native, _pymisere
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
    """911 nodes without the bounds (the C core built with -DNO_MISERE), 625 with them,
    in either core (1,277 and 810 an earlier stop, when 1,000 no longer told them apart;
    591 and 332 before the maximisers' shedding lead in moves.h, which costs this ending
    what it saves on the Pass deals)."""
    p = _pass(PASS6, 1)
    solver = Solver(core)
    assert solver.solve(p) == 4  # the plain minimax's value (reference_solve: 2 s)
    assert solver.stats()["nodes"] <= 760


def _misere_ending_at_the_lead(rng: random.Random, suits: int) -> tuple[Problem, int, int]:
    """A random misère ending at a trick's lead of 2-4 seats (6, 5 or 4 tricks) in
    ``suits`` suits, a trump in two of five: the problem, its one counted seat M (which
    minimises) and the tricks left."""
    seats = rng.choice([2, 3, 3, 4])
    tricks = {2: 6, 3: 5, 4: 4}[seats]
    trump = None if rng.random() < 0.6 else ...
    p = random_ending(rng, seats, tricks, trump=trump, misere=True, mid_trick=False,
                      suits="".join(rng.sample("SHDC", suits)))
    M = rng.randrange(seats)
    return dataclasses.replace(p, side=frozenset({M})), M, tricks


def _never_above_the_minimax(bound, count: int, seed: int, suits: int) -> None:
    """``bound`` (a count of M's sure losses in _pymisere) against the plain minimax, on
    random endings of ``suits`` suits at a trick's lead where it counts two or more: M's
    tricks never exceed R minus that count (``count`` such endings)."""
    rng = random.Random(seed)
    fired = 0
    for _ in range(60 * count):
        if fired == count:
            break
        p, M, tricks = _misere_ending_at_the_lead(rng, suits)
        e = p.encode()
        lost = max((x for x in range(2, tricks + 1)
                    if bound(list(e.hands), e.n, M, e.to_play, e.trump, e.must_trump, x)), default=0)
        if lost < 2:
            continue
        fired += 1
        assert reference_solve(p) <= tricks - lost, p
    assert fired == count


@pytest.mark.parametrize("count", [6, pytest.param(200, marks=pytest.mark.slow)])
def test_the_sure_losses_never_exceed_the_minimax(count):
    """The count of tricks M surely loses (loses(): per suit, M's cards under all of one
    other seat's, min(b, ceil(k / 2)) from M's lead, min(b, floor(k / 2)) from another's)
    against the plain minimax, on two-suit endings."""
    _never_above_the_minimax(_pymisere.loses, count, seed=22, suits=2)


# A six-trick Pass ending (seat 0 counted and minimising, seat 2 to lead): value 4. Seat
# 0's low diamond and spade sit under seat 1's and seat 2's cards of the suit: the
# searches' middle tests (may it take five?) fail at once.
PASS6_MIDDLE = ({"D5", "SA", "SJ", "DQ", "H4", "S6"}, {"S7", "DA", "CA", "C2", "H5", "HQ"},
                {"S4", "HT", "S8", "H7", "DT", "D3"})


@pytest.mark.parametrize("core", CORES)
def test_the_sure_losses_cut_the_search_of_a_pass_ending(core):
    """144 nodes without the count of sure losses (the C core built with
    -DNO_MISERE_LOSSES), 54 with it, in either core (483 and 307 an earlier stop, when
    400 no longer told them apart)."""
    p = _pass(PASS6_MIDDLE, 2)
    solver = Solver(core)
    assert solver.solve(p) == 4  # the plain minimax's value (reference_solve: 1 s)
    assert solver.stats()["nodes"] <= 100


@pytest.mark.parametrize("count", [4, pytest.param(300, marks=pytest.mark.slow)])
def test_the_summed_losses_never_exceed_the_minimax(count):
    """The sum over one other seat's suits (summed(): C, the sum of min(b, k) over the
    suits but trumps, ceil(C / 2) from M's lead, floor(C / 2) from another's) against the
    plain minimax, on three-suit endings."""
    _never_above_the_minimax(_pymisere.summed, count, seed=2026, suits=3)


# A six-trick Pass ending (seat 0 counted and minimising, seat 1 to lead): value 3. Its
# searches meet positions where seat 0's low cards sit under one other seat's cards in
# two suits or more: no suit alone counts the losses that settle the test, their sum does.
PASS6_SUMMED = ({"C7", "CK", "H3", "HK", "S3", "SK"}, {"D2", "D4", "D5", "D7", "H2", "SA"},
                {"C4", "CA", "D3", "D9", "HQ", "S5"})


@pytest.mark.parametrize("core", CORES)
def test_the_summed_losses_cut_the_search_of_a_pass_ending(core):
    """475 nodes without the sum over one seat's suits (the C core built with
    -DNO_MISERE_SUM), 373 with it, in either core (779 and 606 an earlier stop, when 690
    no longer told them apart)."""
    p = _pass(PASS6_SUMMED, 1)
    solver = Solver(core)
    assert solver.solve(p) == 3  # the plain minimax's value (reference_solve: 1.4 s)
    assert solver.stats()["nodes"] <= 420


@pytest.mark.parametrize("tricks", [10, pytest.param(26, marks=pytest.mark.slow)])
def test_the_summed_losses_are_the_value_of_their_game(tricks):
    """summed_losses() (misere_summed() in misere.h) is the closed form of a small game:
    M's lead loses and costs C one; another seat's lead, the other side's choice: a trick
    M wins (C down one when Y and Z are 0, else Y or Z down one) and M leads, or one it
    loses (C down one, or Z down one; one more when C == r; Y down one). Checked against
    that game's recursion, and the game with Z against the one without at Y + 2 Z."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def game(C: int, Y: int, Z: int, r: int, lead: bool) -> int:
        C, Y, Z = min(C, r), max(Y, 0), max(Z, 0)
        if C <= 0:
            return 0
        if lead:
            return 1 + game(C - 1, Y - 1, Z, r - 1, False)
        won = (game(C, Y - 1, Z, r - 1, True) if Y else game(C, 0, Z - 1, r - 1, True) if Z
               else game(C - 1, 0, 0, r - 1, True))
        extra = 0 if r > C else 1
        lost = min(game(C - 1, Y - 1, Z, r - 1, False),
                   game(C - extra, Y - 1, Z - 1, r - 1, False) if Z else game(C - 1 - extra, Y - 1, 0, r - 1, False))
        return min(won, 1 + lost)

    for r in range(tricks + 1):
        for C in range(r + 1):
            for Y in range(17):
                for lead in (False, True):
                    assert _pymisere.summed_losses(C, Y, r, lead) == game(C, Y, 0, r, lead), (C, Y, r, lead)
                    for Z in range(1, 17 if tricks > 10 else 6):
                        assert _pymisere.summed_losses(C, Y + 2 * Z, r, lead) == game(C, Y, Z, r, lead), (C, Y, Z, r)


# A six-trick Pass ending (seat 0 counted and minimising, seat 1 to lead): value 3. Its
# searches meet positions where another seat holds every suit seat 0 holds: a trick seat
# 0 wins then costs it none of its sure losers.
PASS6_FOLLOWS = ({"C8", "D6", "D7", "DJ", "S5", "ST"}, {"C3", "D2", "DK", "HJ", "HT", "S6"},
                 {"C4", "C7", "DQ", "DT", "S4", "S8"})


@pytest.mark.parametrize("core", CORES)
def test_the_followed_suits_cut_the_search_of_a_pass_ending(core):
    """965 nodes without the other seat's least length in the suits seat 0 holds (the C
    core built with -DNO_MISERE_FOLLOWS), 533 with it, in either core."""
    p = _pass(PASS6_FOLLOWS, 1)
    solver = Solver(core)
    assert solver.solve(p) == 3  # the plain minimax's value (reference_solve: 1.1 s)
    assert solver.stats()["nodes"] <= 750


# A ten-trick Pass ending (seat 0 counted and minimising, seat 1 to lead): value 6 (either
# core, and the C core without the misère bounds, -DNO_MISERE, in 30,860 nodes).
PASS10_SPARE = ({"C2", "CJ", "CT", "D2", "DA", "DK", "H2", "HJ", "HQ", "S8"},
                {"C4", "C6", "C9", "D7", "D9", "DJ", "H7", "H9", "S4", "S5"},
                {"C5", "C7", "C8", "CA", "D4", "D6", "D8", "DQ", "S3", "S9"})


@pytest.mark.parametrize("core", [c if c == "native" else pytest.param(c, marks=pytest.mark.slow) for c in CORES])
def test_the_spare_cards_cut_the_search_of_a_pass_ending(core):
    """17,176 nodes without the other seat's spare cards in the counted suits (the C core
    built with -DNO_MISERE_SPARE), 14,725 with them, in either core (the Python one in
    1.2 s: slow)."""
    p = _pass(PASS10_SPARE, 1)
    solver = Solver(core)
    assert solver.solve(p) == 6
    assert solver.stats()["nodes"] <= 16_000


# An eight-trick Pass ending (seat 0 counted and minimising, seat 2 to lead): value 4
# (either core, and the C core without the misère bounds, -DNO_MISERE).
PASS8_LOST = ({"C5", "C7", "D6", "D9", "DJ", "H6", "H7", "HA"}, {"C6", "D3", "D4", "H3", "HJ", "S8", "S9", "SJ"},
              {"CK", "DA", "DQ", "H8", "S6", "S7", "SQ", "ST"})


@pytest.mark.parametrize("core", [c if c == "native" else pytest.param(c, marks=pytest.mark.slow) for c in CORES])
def test_the_trick_surely_lost_cuts_the_search_of_a_pass_ending(core):
    """1,174 nodes without the game's lost branches taken alone when seat 0 surely loses
    the trick another seat leads (the C core built with -DNO_MISERE_LOST), 887 with
    them (891 in the Python core, in 0.3-0.8 s: slow)."""
    p = _pass(PASS8_LOST, 2)
    solver = Solver(core)
    assert solver.solve(p) == 4
    assert solver.stats()["nodes"] <= 1_030


@pytest.mark.parametrize("count", [6, pytest.param(300, marks=pytest.mark.slow)])
def test_the_forced_tricks_never_fall_below_the_minimax(count):
    """The count of tricks the others surely force on M (forced(): per suit but trumps, M's
    cards all above as many cards of every other seat, min(M's length, each seat's cards
    under M's lowest), summed over the suits) against the plain minimax, on endings of
    two to four suits where it counts two or more: M takes at least that many."""
    rng = random.Random(2027)
    fired = 0
    for _ in range(60 * count):
        if fired == count:
            break
        p, M, tricks = _misere_ending_at_the_lead(rng, rng.choice([2, 3, 4]))
        e = p.encode()
        forced = max((x for x in range(1, tricks + 1)
                      if _pymisere.forced(list(e.hands), e.n, M, e.trump, x)), default=0)
        if forced < 2:
            continue
        fired += 1
        assert reference_solve(p) >= forced, p
    assert fired == count


# An eight-trick Pass ending (seat 0 counted and minimising, and to lead): value 7. Seat
# 0's kings and queens sit above low cards of both other seats in three suits: the tests
# "may it be made to take k?" hold at once for k up to the count.
PASS8_FORCED = ({"C7", "CK", "D7", "D9", "DJ", "H6", "SK", "SQ"}, {"C3", "D4", "DQ", "H3", "H7", "H8", "S3", "S6"},
                {"C2", "C5", "CT", "H4", "HA", "S8", "SJ", "ST"})


@pytest.mark.parametrize("core", CORES)
def test_the_forced_tricks_cut_the_search_of_a_pass_ending(core):
    """3,555 nodes without the count of the tricks forced on seat 0 (the C core built with
    -DNO_MISERE_FORCED), 2,631 with it, in either core."""
    p = _pass(PASS8_FORCED, 0)
    solver = Solver(core)
    assert solver.solve(p) == 7  # the plain minimax's value
    assert solver.stats()["nodes"] <= 3_100


@pytest.mark.parametrize("count", [4, pytest.param(300, marks=pytest.mark.slow)])
def test_the_handoff_never_exceeds_the_minimax(count):
    """The handoff (handoff(): M, to lead in no trump, leads its lowest card of a suit
    under every other seat's cards of it, the trick goes to the one seat whose cards of
    the suit are all above the others', and M loses whatever that seat leads next)
    against the plain minimax, on endings of 2-4 seats where it fires: M takes at most
    all the tricks but two."""
    rng = random.Random(2028)
    fired = 0
    for _ in range(60 * count):
        if fired == count:
            break
        p, _M, tricks = _misere_ending_at_the_lead(rng, rng.choice([2, 3, 4]))
        p = dataclasses.replace(p, trump=None, side=frozenset({p.to_play}))
        e = p.encode()
        if not _pymisere.handoff(list(e.hands), e.n, p.to_play, e.trump):
            continue
        fired += 1
        assert reference_solve(p) <= tricks - 2, p
    assert fired == count


# A six-trick Pass ending (seat 0 counted and minimising, and to lead): value 3. Seat 0's
# low club and diamond sit under the other seats' cards, and the seat that must win such
# a trick leads next only suits in which seat 0 is void or holds a card under all of its.
PASS6_HANDOFF = ({"C6", "D2", "DA", "HQ", "S7", "SJ"}, {"C4", "CJ", "H4", "H8", "SA", "ST"},
                 {"D8", "DK", "H5", "H9", "S9", "SK"})


@pytest.mark.parametrize("core", CORES)
def test_the_handoff_cuts_the_search_of_a_pass_ending(core):
    """2,568 nodes without the handoff (the C core built with -DNO_MISERE_HANDOFF), 1,832
    with it (1,834 in the Python core)."""
    p = _pass(PASS6_HANDOFF, 0)
    solver = Solver(core)
    assert solver.solve(p) == 3  # the plain minimax's value (reference_solve: 1 s)
    assert solver.stats()["nodes"] <= 2_200
