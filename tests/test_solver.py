"""The double-dummy solver agrees with a plain minimax (tests/ddref.py) on random
endings of every game size, and the C and Python cores agree with each other."""

from __future__ import annotations

import random

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.problem import DEFAULT_ORDER, DOWNTOWN, Problem, problem
from bismarck_pbn.analysis.solver import Solver, SolverLimit, solve, solve_moves
from bismarck_pbn.model.cards import DECK
from ddref import random_ending, reference_solve, reference_values

CORES = ["python"] + (["native"] if _native.load() is not None else [])


def _endings(seed: int, seats: int, count: int, tricks=(2, 3, 4, 5)):
    rng = random.Random(seed)
    for _ in range(count):
        yield random_ending(rng, seats, rng.choice(tricks))


@pytest.mark.slow
@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_agrees_with_minimax_on_random_endings(core, seats):
    solver = Solver(core, table_bits=16)
    tricks = (2, 3) if seats == 4 else (2, 3, 4)
    for p in _endings(seats, seats, 60, tricks):
        assert solver.solve_moves(p) == reference_values(p), p
        assert solver.solve(p) == reference_solve(p), p


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_agrees_with_minimax_on_thousands_of_endings(seats):
    """≥ 2,000 endings of 2–5 tricks per game size, mid-trick starts, trump or not,
    must_trump on and off, misère and downtown orders among them."""
    solvers = [Solver(core, table_bits=16) for core in CORES]
    rng = random.Random(1000 + seats)
    seen = {"mid": 0, "trump": 0, "must": 0, "misere": 0}
    for i in range(2000):
        tricks = 2 + i % 4
        if seats == 4 and tricks == 5 and i % 32 != 3:
            tricks = 4  # four seats and five tricks take the plain minimax a second: 63 of them
        p = random_ending(rng, seats, tricks, suits="".join(rng.sample("SHDC", 2)) if seats == 4 and tricks == 5 else None)
        seen["mid"] += bool(p.table)
        seen["trump"] += p.trump is not None
        seen["must"] += p.must_trump
        seen["misere"] += p.misere
        expected = reference_values(p)
        for solver in solvers:
            assert solver.solve_moves(p) == expected, (solver.core, p)
    assert all(v > 200 for v in seen.values()), seen


def _random_deal(rng: random.Random, tricks: int = 16):
    cards = rng.sample(DECK, 52)
    hands = [frozenset(cards[16 * k:16 * k + tricks]) for k in range(3)]
    forehand = rng.randrange(3)
    trump = rng.choice([None, "S", "H", "D", "C"])
    return Problem(tuple(hands), trump=trump, to_play=(forehand + 1) % 3, side=frozenset({forehand}),
                   misere=trump is None and rng.random() < 0.3)


@pytest.mark.skipif("native" not in CORES, reason="no C compiler here")
def test_c_and_python_agree_on_many_small_endings():
    native, python = Solver("native", table_bits=16), Solver("python")
    rng = random.Random(5)
    for _ in range(100):
        p = random_ending(rng, rng.choice([2, 3, 4]), rng.randint(3, 5))
        assert native.solve_moves(p) == python.solve_moves(p), p


@pytest.mark.skipif("native" not in CORES, reason="no C compiler here")
def test_c_and_python_agree_on_eight_trick_deals():
    native, python = Solver("native"), Solver("python")
    rng = random.Random(8)
    for _ in range(12):
        p = _random_deal(rng, tricks=8)
        assert native.solve_moves(p) == python.solve_moves(p), p


def _full_deals_the_python_core_can_take(count: int, max_nodes: int):
    """The first ``count`` seeded 16-trick deals that the C core solves in at most
    ``max_nodes`` positions (the Python core searches the same tree some fifty times
    slower per position; most full deals take it minutes)."""
    native = Solver("native", node_limit=max_nodes)
    rng = random.Random(1616)
    while count:
        p = _random_deal(rng, tricks=16)
        native.clear()
        try:
            value = native.solve(p)
        except SolverLimit:
            continue
        count -= 1
        yield p, value


def _python_value(p):
    python = Solver("python")
    return python.solve(p)


@pytest.mark.slow
@pytest.mark.skipif("native" not in CORES, reason="no C compiler here")
def test_c_and_python_agree_on_200_full_16_trick_deals():
    """200 full Bismarck deals of 16 tricks a hand: the first 200 seeded deals the C
    core solves in at most 200,000 positions (about one random deal in eight; the
    Python core takes a few seconds on each, minutes on the median deal; see
    benchmarks/README.md), solved by the Python core in two processes."""
    from concurrent.futures import ProcessPoolExecutor

    deals = list(_full_deals_the_python_core_can_take(200, 200_000))
    with ProcessPoolExecutor(max_workers=2) as pool:
        values = list(pool.map(_python_value, [p for p, _ in deals], chunksize=4))
    assert len(values) == 200
    assert [v for _, v in deals] == values


def test_the_table_answers_positions_that_differ_only_in_cards_that_did_not_matter():
    """Partition search: after one position is solved, a position where two defenders
    have swapped hearts whose ranks did not matter is answered from the table at once."""
    hands = ({"C9", "C3", "HK", "C5", "D3"}, {"DA", "HQ", "D2", "D7", "CA"}, {"C6", "D4", "D9", "D6", "H9"})
    swapped = (hands[0], hands[1] - {"HQ"} | {"H9"}, hands[2] - {"H9"} | {"HQ"})
    for core in CORES:
        solver = Solver(core)
        assert solver.solve(problem(hands, trump="C", to_play=2)) == 3
        before = solver.stats()["nodes"]
        assert solver.solve(problem(swapped, trump="C", to_play=2)) == 3
        # one table hit per null-window search: at most three for the six answers 0..5
        assert solver.stats()["nodes"] - before <= 3
        fresh = Solver(core)
        assert fresh.solve(problem(swapped, trump="C", to_play=2)) == 3
        assert fresh.stats()["nodes"] > 50


@pytest.mark.slow
@pytest.mark.skipif("native" not in CORES, reason="no C compiler here")
def test_c_and_python_agree_on_200_deals():
    """200 deals of eight tricks a hand (a full 16-trick deal takes the Python core
    minutes; see benchmarks/README.md)."""
    native, python = Solver("native"), Solver("python")
    rng = random.Random(16)
    for _ in range(200):
        p = _random_deal(rng, tricks=8)
        assert native.solve(p) == python.solve(p), p


def test_small_examples():
    p = problem([{"SA", "S2"}, {"SK", "H3"}, {"SQ", "H4"}], to_play=0)
    assert solve(p) == 2
    assert solve_moves(p) == {"SA": 2, "S2": 0}
    # the side of the seat to play: seat 1 is not on the side; its side takes the rest
    p1 = problem([{"SA"}, {"SK", "H3"}, {"SQ", "H4"}], to_play=1, table=("S2",))
    assert solve_moves(p1) == {"SK": 2}
    # misère: seat 0 wants few tricks and ducks, but the last trick is forced on it
    p2 = problem([{"SA", "S2"}, {"SK", "S3"}], to_play=1, misere=True)
    assert solve(p2) == 1


def test_must_trump_changes_the_answer():
    # seat 1 wants few tricks (misère); free to discard, it keeps its trump for last
    hands = [{"HA", "HK"}, {"S2", "C2"}, {"HQ", "HJ"}]
    free = problem(hands, trump="S", to_play=0, side={1}, misere=True)
    forced = problem(hands, trump="S", to_play=0, side={1}, misere=True, must_trump=True)
    assert solve(free) == 1
    assert solve(forced) == 2


def test_downtown_order():
    hands = [{"S2"}, {"SK"}]
    assert solve(problem(hands, to_play=0)) == 0
    assert solve(problem(hands, to_play=0, rank_order={"S": DOWNTOWN})) == 1


def test_problem_checks():
    with pytest.raises(ValueError, match="2, 3 or 4 seats"):
        problem([{"SA"}])
    with pytest.raises(ValueError, match="twice"):
        problem([{"SA"}, {"SA"}])
    with pytest.raises(ValueError, match="same number"):
        problem([{"SA", "SK"}, {"S2"}])
    with pytest.raises(ValueError, match="not a card"):
        problem([{"SX"}, {"S2"}])


@pytest.mark.parametrize("core", CORES)
def test_node_limit(core):
    rng = random.Random(3)
    p = _random_deal(rng, tricks=7)
    limited = Solver(core, node_limit=50)
    with pytest.raises(SolverLimit):
        limited.solve(p)
    # the table keeps only what was proved before the limit: a solver without the limit agrees
    assert Solver(core).solve(p) == Solver("python" if core == "native" else core).solve(p)


def test_fallback_is_forced_by_environment(monkeypatch):
    monkeypatch.setenv("BPN_SOLVER", "python")
    assert _native.load() is None
    assert Solver().core == "python"
    from bismarck_pbn.analysis.solver import core_description

    assert "pure-Python" in core_description()


def _cashing_ending(rng: random.Random, seats: int, tricks: int) -> Problem:
    """A trick's lead in a trump contract where the leader holds the top run of a side
    suit and some seat holding a trump is shorter in it than the run: the ending where
    quick tricks count a side-suit run only for as many rounds as every trump holder
    follows (rules.h, _pyrules.py). Teams of any shape; misère now and then."""
    trump, side_suit, third = rng.sample("SHDC", 3)
    order = DEFAULT_ORDER  # from the ace down
    run = rng.randint(2, min(4, tricks))
    leader = rng.randrange(seats)
    hands: list[set[str]] = [set() for _ in range(seats)]
    hands[leader] = {side_suit + r for r in order[:run]}
    deck = [s + r for s in (trump, side_suit, third) for r in DEFAULT_ORDER if s + r not in hands[leader]]
    rng.shuffle(deck)
    for seat in range(seats):
        while len(hands[seat]) < tricks:
            hands[seat].add(deck.pop())
    side = frozenset(s for s in range(seats) if rng.random() < 0.5) or frozenset({leader})
    return Problem(tuple(frozenset(h) for h in hands), trump=trump, to_play=leader, side=side,
                   misere=rng.random() < 0.15, must_trump=rng.random() < 0.5)


def _short_trump_holder(p: Problem) -> bool:
    """Does a seat other than the leader hold a trump and fewer cards of a suit in which
    the leader holds a longer top run, with more trumps than the leader's top trumps?"""
    hands, leader = p.hands, p.to_play
    out = [c for h in hands for c in h]

    def top_run(suit: str) -> int:
        ranked = sorted((c for c in out if c[0] == suit), key=lambda c: p.order(suit).index(c[1]))
        k = 0
        for c in ranked:
            if c not in hands[leader]:
                break
            k += 1
        return k

    trumps = [sum(c[0] == p.trump for c in h) for h in hands]
    holders = [s for s in range(p.seats) if s != leader and trumps[s]]
    if not holders or max(trumps[s] for s in holders) <= top_run(p.trump):
        return False
    return any(0 < sum(c[0] == suit for c in hands[s]) < top_run(suit)
               for suit in "SHDC" if suit != p.trump for s in holders)


@pytest.mark.parametrize("seats, tricks", [pytest.param(2, (4, 5, 6), marks=pytest.mark.slow), pytest.param(3, (3, 4, 5), marks=pytest.mark.slow),
                                           pytest.param(4, (3, 4), marks=pytest.mark.slow)])
def test_agrees_with_minimax_where_side_suits_are_cashed_with_trumps_out(seats, tricks):
    """Random endings are thin on the cases a quick-trick bound with trumps still out
    must get right: these are made of them (and the test says so). Every core is held
    to the same minimax answers, worked out once (they are most of the test's time)."""
    solvers = [Solver(core, table_bits=16) for core in CORES]
    rng = random.Random(77 + seats)
    made = [_cashing_ending(rng, seats, rng.choice(tricks)) for _ in range(120)]
    assert sum(map(_short_trump_holder, made)) >= 40
    for p in made:
        values, best = reference_values(p), reference_solve(p)
        for solver in solvers:
            assert solver.solve_moves(p) == values, (solver.core, p)
            assert solver.solve(p) == best, (solver.core, p)
