"""The transposition table as its callers see it: what it holds, what it finds again, and
the memory it states."""
from __future__ import annotations

import pytest

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis.problem import problem
from bismarck_pbn.analysis.solver import DEFAULT_TABLE_BITS, Solver

CORES = ["python"] + (["native"] if _native.load() is not None else [])


def test_an_answer_that_rests_on_no_card_is_found_again():
    """Both seats on the counted side: every trick counts, whoever wins it, so the answer
    rests on no card's rank (an entry that constrains nothing, the first of its key). The
    second solve of the position is one table hit."""
    p = problem(({"SJ", "H8", "S6", "H7"}, {"C7", "S9", "S4", "S7"}), trump="S", to_play=1,
                side=frozenset({0, 1}))
    for core in CORES:
        solver = Solver(core)
        assert solver.solve(p) == 4
        before = solver.stats()["nodes"]
        assert solver.solve(p) == 4
        assert solver.stats()["nodes"] - before == 1, core


@pytest.mark.skipif("native" not in CORES, reason="the C core does not load here")
def test_the_c_core_table_is_the_size_its_documentation_states():
    """2**20 / 6 chunks of 256 bytes (ten entries each) and 2**18 slots of 64 bytes (two
    entries each): 58.7 MiB, allocated once, the same after a solve."""
    solver = Solver("native")
    assert DEFAULT_TABLE_BITS == 20
    stats = solver.stats()
    assert stats["bytes"] == (2**20 // 6) * 256 + 2**18 * 64
    assert round(stats["bytes"] / 2**20, 1) == 58.7
    assert stats["capacity"] == (2**20 // 6) * 10 + 2**18 * 2
    solver.solve(problem(({"SA", "SK", "H2"}, {"SQ", "S2", "H3"}, {"HA", "HK", "S3"})))
    assert solver.stats()["bytes"] == stats["bytes"]
    assert 0 < solver.stats()["entries"] <= stats["capacity"]
