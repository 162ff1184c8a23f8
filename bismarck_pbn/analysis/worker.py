"""The unit of work of ``bpn analyse`` wherever it runs (here, a local process, a Dask
worker): one deal, with one solver per process, made once.

The solver's transposition table is emptied before each deal, so that a deal's
analysis never depends on which deals the same process analysed before it: with a
node limit, a warm table could solve a position that a cold one gives up on. That
makes ``--jobs 1``, ``--jobs N``, ``--scheduler`` and ``--deal N`` give the same values.
"""

from __future__ import annotations

from bismarck_pbn.analysis.analyse import DealAnalysis, Progress, analyse_deal
from bismarck_pbn.analysis.solver import Solver
from bismarck_pbn.analysis.values import make_solver
from bismarck_pbn.model.deal import Deal

_SOLVERS: dict[int, Solver] = {}


def solver_for(limit: int) -> Solver:
    """This process's solver with this node limit (made on first use)."""
    solver = _SOLVERS.get(limit)
    if solver is None:
        solver = _SOLVERS[limit] = make_solver(limit)
    return solver


def analyse_one(deal: Deal, limit: int, side_seat: int | None = None, contracts: bool = True,
                exchange: bool = False, progress: Progress | None = None) -> DealAnalysis:
    """:func:`~bismarck_pbn.analysis.analyse.analyse_deal` with this process's solver,
    its table emptied first."""
    solver = solver_for(limit)
    solver.clear()
    return analyse_deal(deal, solver, side_seat=side_seat, contracts=contracts, exchange=exchange,
                        progress=progress)
