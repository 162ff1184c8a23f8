"""The double-dummy solver: with every hand visible and best play by all, how many
tricks does a side take from here?

    >>> from bismarck_pbn.analysis.problem import problem
    >>> p = problem([{"SA", "S2"}, {"SK", "H3"}, {"SQ", "H4"}], to_play=0)
    >>> solve(p)                  # seat 0 (the side) cashes the ace, then the two
    2
    >>> solve_moves(p) == {"SA": 2, "S2": 0}
    True

:func:`solve` answers for a :class:`~bismarck_pbn.analysis.problem.Problem` the tricks
the problem's side takes from the current trick (included) to the end;
:func:`solve_moves` gives, for each legal card of the seat to play, the tricks the side
*of that seat* takes after playing it. A :class:`Solver` keeps its transposition table
between calls (the answers for one deal share most positions); the module functions
use one shared solver.

Two cores give the same answers: the C core (``native/solver.c``, built by
``pip install`` or on first use) and the pure-Python one (``_pysolver.py``), used when
no C compiler is found or when ``BPN_SOLVER=python``. :func:`core_description` says
which is in use. Both run the same partition search (a table entry answers every
position whose top cards that mattered are held as in the one solved). Time:
exponential in the worst case; a full 16-trick Bismarck deal takes a median of some
0.1 s in C (about a million positions), a hard one seconds, and the Python core some
fifty times as long (see ``benchmarks/bench_solver.py`` and its README).
"""

from __future__ import annotations

from bismarck_pbn.analysis import _native
from bismarck_pbn.analysis._pysolver import PySolver, SolverLimit
from bismarck_pbn.analysis.problem import Problem

__all__ = ["Solver", "SolverLimit", "core_description", "solve", "solve_moves"]

DEFAULT_TABLE_BITS = 20
"""The C core's table: 2**20 / 6 chunks of 256 bytes (1.75 M entries of 24 bytes) and 2**18
key slots of 64 bytes, each holding its list's two newest entries (58.7 MiB, allocated once,
emptied when full); the Python core's table is capped at 2**18 entries and emptied when full."""


class Solver:
    """A solver with its own transposition table. ``core`` is ``"native"``, ``"python"``
    or None (the C core if it loads, else Python; ``BPN_SOLVER`` decides as well).
    ``node_limit`` (0: none) makes a call that searches more positions than that raise
    :class:`SolverLimit` instead of running on (a full deal can take long)."""

    def __init__(self, core: str | None = None, table_bits: int = DEFAULT_TABLE_BITS,
                 node_limit: int = 0) -> None:
        loaded = _native.load() if core != "python" else None
        if core == "native" and loaded is None:
            raise _native.NativeUnavailable("the C solver core is not available")
        self._core: _native.NativeSolver | PySolver
        if loaded is not None:
            self._core = _native.NativeSolver(loaded[0], table_bits, node_limit)
        else:
            self._core = PySolver(max_entries=1 << min(table_bits, 18), node_limit=node_limit)

    @property
    def core(self) -> str:
        """``"native"`` or ``"python"``."""
        return self._core.name

    def solve(self, problem: Problem) -> int:
        """Tricks the problem's side takes from the current trick to the end."""
        return problem.side_tricks(self._core.solve(problem.encode()))

    def solve_moves(self, problem: Problem) -> dict[str, int]:
        """For each legal card of the seat to play: the tricks the side of that seat
        takes, from the current trick to the end, after playing it."""
        values = self._core.solve_moves(problem.encode())
        seat = problem.to_play
        return {problem.card(bit): problem.side_tricks(v, seat) for bit, v in values.items()}

    def stats(self) -> dict[str, int]:
        """Nodes searched so far, table entries in use, the entry cap, the table's
        memory in bytes and how many times it filled up and was emptied."""
        return dict(self._core.stats())

    def clear(self) -> None:
        """Empty the transposition table."""
        self._core.clear()


_SHARED: Solver | None = None


def shared() -> Solver:
    """The solver the module functions use (made on first use)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Solver()
    return _SHARED


def solve(problem: Problem) -> int:
    """Tricks the problem's side takes from the current trick (included) to the end,
    with best play by all."""
    return shared().solve(problem)


def solve_moves(problem: Problem) -> dict[str, int]:
    """For each legal card of the seat to play, the tricks the side of that seat takes
    from the current trick (included) to the end after playing it."""
    return shared().solve_moves(problem)


def core_description() -> str:
    """Which core is in use, in words: ``native C core, plain build (path)`` (or its
    popcnt/BMI2 build, see ``_native``) or ``pure-Python core`` (with the reason)."""
    import os

    try:
        loaded = _native.load()
    except _native.NativeUnavailable as exc:
        return f"none ({exc})"
    if loaded is not None:
        build = "popcnt/BMI2 build" if loaded[0].bpn_dds_build_hw() else "plain build"
        return f"native C core, {build} ({loaded[1]})"
    if os.environ.get("BPN_SOLVER", "").lower() == "python":
        return "pure-Python core (BPN_SOLVER=python)"
    return "pure-Python core (no C compiler found to build the native core)"
