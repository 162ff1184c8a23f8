"""The double-dummy values at one position, for every view: ``analyse``, ``show --dd``,
the replay's ``d`` key and ``bpn html --dd`` all come through :func:`values_at` (or,
for a problem already made, :func:`solve_values`).

A position's values are, for each legal card of the seat to play, the tricks the side
of that seat takes from the current trick (included) to the end after playing it, with
best play by all (:mod:`bismarck_pbn.analysis.sides` says who the sides are).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bismarck_pbn.analysis.problem import DEFAULT_LIMIT, Problem
from bismarck_pbn.analysis.sides import Sides, Unanalysable, problem_at, sides_of
from bismarck_pbn.analysis.solver import Solver, SolverLimit
from bismarck_pbn.model.cards import ORDER
from bismarck_pbn.check.position import Position, positions

__all__ = ["DEFAULT_LIMIT", "PositionValues", "make_solver", "position_value", "solve_values",
           "values_at", "values_of"]

NODE_LIMIT_REASON = "not solved within the node limit"


def make_solver(limit: int = DEFAULT_LIMIT, core: str | None = None) -> Solver:
    """A solver that gives up a position after ``limit`` nodes (0: never)."""
    return Solver(core=core, node_limit=limit)


def solve_values(problem: Problem, solver: Solver) -> dict[str, int]:
    """For each legal card of ``problem``'s seat to play, the tricks its side takes
    from the current trick to the end after playing it (raises ``SolverLimit``)."""
    return solver.solve_moves(problem)


def solve_side(problem: Problem, solver: Solver) -> int:
    """The tricks ``problem``'s side takes from here (raises ``SolverLimit``)."""
    return solver.solve(problem)


def position_value(problem: Problem, values: dict[str, int]) -> int:
    """The tricks ``problem.side`` takes from the current trick to the end with best
    play, from the values of every legal card (in the terms of the seat to play's side,
    as :func:`solve_values` gives them): :meth:`Solver.solve` without a search."""
    seat = problem.to_play
    counted = [problem.side_tricks(v, seat) for v in values.values()]
    return max(counted) if (seat in problem.side) != problem.misere else min(counted)


@dataclass(frozen=True)
class PositionValues:
    """What each legal card of the seat to play is worth at one position."""

    seat: int | None
    """The seat to play (from 1); None when the play is over."""
    values: dict[str, int] | None
    """Legal card → tricks the seat's side takes from the current trick to the end, in
    canonical card order; None when not analysed (:attr:`reason` says why)."""
    wants_few: bool = False
    """The seat's side wants few tricks (a misère)."""
    taken: int = 0
    """Tricks the seat's side took before the current trick."""
    offset: int = 0
    """Tricks the seat's side has without playing them (Bid Whist's kitty book)."""
    reason: str | None = None
    side: tuple[int, ...] = ()
    """The seats (from 1) whose tricks the values count: the side of the seat to play
    in this analysis; () when not known (the deal cannot be analysed)."""
    side_label: str | None = None
    """The sides analysed, in words (:attr:`~bismarck_pbn.analysis.sides.Sides.label`:
    ``seat 1, against the other two`` with ``--side 1`` in Bismarck); None when not known."""

    @property
    def best(self) -> int | None:
        if not self.values:
            return None
        return min(self.values.values()) if self.wants_few else max(self.values.values())

    def total(self, card: str) -> int | None:
        """The seat's side's tricks in the whole deal if ``card`` is played."""
        if self.values is None or card not in self.values:
            return None
        return self.taken + self.offset + self.values[card]

    def cost(self, card: str) -> int:
        """Tricks ``card`` gives away against the best card (0 when not solved)."""
        best = self.best
        if best is None or self.values is None or card not in self.values:
            return 0
        return abs(self.values[card] - best)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: seat, values (card → tricks), and the reason when not analysed;
        ``side`` (the seats whose tricks the values count) and ``side_label`` (the sides
        analysed, in words) when known."""
        out: dict[str, Any] = {"seat": self.seat, "values": self.values}
        if self.values is None:
            out["unsolved"] = self.reason
        else:
            out["best"] = self.best
            out["wants_few"] = self.wants_few
        if self.side:
            out["side"] = list(self.side)
        if self.side_label is not None:
            out["side_label"] = self.side_label
        return out


def ordered(values: dict[str, int]) -> dict[str, int]:
    return {c: values[c] for c in sorted(values, key=ORDER.__getitem__)}


def taken_by_side(position: Position, problem: Problem, seat: int, before: tuple[int, ...] = ()) -> int:
    """Tricks the side of ``seat`` (from 1) took before the position's trick, less
    those in ``before`` (each seat's tricks that do not count, German Whist's first 13)."""
    on_side = seat - 1 in problem.side
    before = before or (0,) * len(position.won)
    return sum(w - b for s, (w, b) in enumerate(zip(position.won, before)) if (s in problem.side) == on_side)


def uncounted(position: Position, sides: Sides, every: Sequence[Position] | None = None) -> tuple[int, ...]:
    """Each seat's tricks before :attr:`Sides.count_from` (they do not count), from
    ``every`` position of the deal (worked out when not given: O(n²) for a deal of n
    cards, and only when some tricks do not count); () when all count."""
    if sides.count_from <= 1:
        return ()
    index = (sides.count_from - 1) * position.seats
    every = every if every is not None else positions(position.deal)
    return every[index].won if index < len(every) else ()


def values_at(position: Position, solver: Solver, *, side_seat: int | None = None,
              sides: Sides | None = None) -> PositionValues:
    """The values of the legal cards at ``position`` (never raises for a position that
    cannot be analysed or solved: :attr:`PositionValues.reason` says why)."""
    try:
        sides = sides if sides is not None else sides_of(position.deal, side_seat)
    except Unanalysable as exc:
        return PositionValues(position.to_play, None, reason=str(exc))
    try:
        problem = problem_at(position, sides=sides)
    except Unanalysable as exc:  # (NotYet included)
        seat = position.to_play
        side = sides.seats_with(seat, position.seats) if seat is not None else ()
        return PositionValues(seat, None, reason=str(exc), side=side, side_label=sides.label)
    return values_of(position, problem, sides, solver, uncounted(position, sides))


def values_of(position: Position, problem: Problem, sides: Sides, solver: Solver,
              before: tuple[int, ...] = ()) -> PositionValues:
    """The values at ``position`` whose problem is made already (:func:`values_at`
    and ``analyse`` come here); ``before``: each seat's tricks that do not count."""
    seat = problem.to_play + 1
    offset = sides.offset_of(seat)  # the declaring side's book, whichever side is analysed
    taken = taken_by_side(position, problem, seat, before)
    side = sides.seats_with(seat, position.seats)
    try:
        values = solve_values(problem, solver)
    except SolverLimit:
        return PositionValues(seat, None, problem.misere, taken, offset, NODE_LIMIT_REASON, side, sides.label)
    return PositionValues(seat, ordered(values), problem.misere, taken, offset, None, side, sides.label)
