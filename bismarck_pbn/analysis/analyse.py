"""Double-dummy analysis of recorded deals: which card cost a trick, and what the
contract was worth.

For each card played, :func:`analyse_deal` asks the solver what every legal card
would have given the side of the seat to play (tricks from the current trick to the
end, best play by all afterwards); a card that gives less than the best costs tricks.
Per deal: the double-dummy result of the contract from the opening lead against what
happened, and for the forehand what each contract would have scored with the kitty as
exchanged (:mod:`bismarck_pbn.analysis.contracts`).

Every game: :func:`~bismarck_pbn.analysis.sides.problem_at` turns a
:class:`~bismarck_pbn.check.position.Position` into a solver
:class:`~bismarck_pbn.analysis.problem.Problem` with the sides of the deal's game
(:mod:`bismarck_pbn.analysis.sides`); the values of one position come from
:mod:`bismarck_pbn.analysis.values`, as in the views. The contract table is Bismarck's.

Cost: one :meth:`~bismarck_pbn.analysis.solver.Solver.solve_moves` per card played,
sharing one transposition table; the first tricks dominate. A position given up at the
solver's node limit is tried once more after the rest of the play, from the last such
position back, where the position after it is solved: the table, which the limit leaves
as it is, then holds the play that follows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bismarck_pbn.analysis.contracts import contract_table, quota_score
from bismarck_pbn.analysis.sides import NoPlay, NotYet, Sides, Unanalysable, problem_at, sides_of
from bismarck_pbn.analysis.solver import Solver, SolverLimit
from bismarck_pbn.analysis.values import (NODE_LIMIT_REASON, make_solver, position_value, solve_side,
                                          uncounted, values_of)
from bismarck_pbn.games import ruleset_of
from bismarck_pbn.games.base import seat_list
from bismarck_pbn.model.cards import ORDER
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.model.games import BISMARCK
from bismarck_pbn.check.position import positions

__all__ = ["CardAnalysis", "DealAnalysis", "NotYet", "Unanalysable", "analyse_deal", "problem_at"]


@dataclass
class CardAnalysis:
    """One card played, and what each legal card would have given."""

    trick: int
    position: int
    seat: int
    card: str
    values: dict[str, int] | None
    """Legal card → tricks the side of the seat takes from this trick to the end; None
    when not analysed (:attr:`reason`: the node limit, or a position the solver does
    not model)."""
    wants_few: bool
    """The seat's side wants few tricks (a misère)."""
    taken: int
    """Tricks the seat's side had already taken before this trick (with any offset)."""
    reason: str | None = None

    def _best_in(self, values: dict[str, int]) -> int:
        return min(values.values()) if self.wants_few else max(values.values())

    @property
    def best(self) -> int | None:
        return self._best_in(self.values) if self.values is not None else None

    @property
    def after(self) -> int | None:
        return self.values[self.card] if self.values is not None else None

    @property
    def cost(self) -> int:
        """Tricks this card gave away (0 when it was one of the best, or not solved)."""
        if self.values is None:
            return 0
        return abs(self.values[self.card] - self._best_in(self.values))

    @property
    def mark(self) -> str:
        return "" if self.cost == 0 else "?" if self.cost == 1 else "??"

    @property
    def better(self) -> list[str]:
        """The cards that would have kept the tricks, in canonical order."""
        if not self.cost or self.values is None:
            return []
        best = self._best_in(self.values)
        return sorted((c for c, v in self.values.items() if v == best), key=ORDER.__getitem__)

    def as_dict(self) -> dict[str, Any]:
        out = {"trick": self.trick, "position": self.position, "seat": self.seat, "card": self.card}
        if self.values is None:
            return out | {"values": None, "unsolved": self.reason or NODE_LIMIT_REASON}
        values = self.values
        return out | {"values": {c: values[c] for c in sorted(values, key=ORDER.__getitem__)},
                      "before": self.taken + self._best_in(values), "after": self.taken + values[self.card],
                      "cost": self.cost, "mark": self.mark or None, "better": self.better}


@dataclass
class DealAnalysis:
    """The analysis of one deal (``error`` set when it could not be analysed for a
    fault or a gap in the record; ``note`` when the deal has nothing to analyse by its
    nature: thrown in, or scored by the cards taken)."""

    deal: Deal
    plays: list[CardAnalysis] = field(default_factory=list)
    dd_tricks: int | None = None
    """The side's tricks double dummy from the first analysed lead (the opening lead,
    in German Whist trick 14's), its offset included."""
    actual_tricks: int | None = None
    """The tricks the side took from that lead on, its offset included."""
    contracts: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    note: str | None = None
    sides: Sides | None = None
    from_trick: int = 1
    """The trick the double-dummy result is counted from."""
    dd_side: tuple[int, ...] = ()
    """The seats (from 1) whose tricks :attr:`dd_tricks` counts."""

    @property
    def dd_who(self) -> str:
        """Who takes the double-dummy tricks, with the verb: ``the forehand takes``."""
        side = self.dd_side
        if len(side) == 1 and side[0] == self.deal.forehand and self.deal.game == "Bismarck":
            return "the forehand takes"
        if len(side) == 1:
            return f"seat {side[0]} takes"
        return f"seats {seat_list(side)} take"

    def _score(self, seat: int | None, tricks: int) -> int | None:
        """The score of ``seat`` (from 1) with ``tricks`` in a Bismarck deal."""
        contract = self.deal.contract
        if seat is None or contract is None:
            return None
        return quota_score(self.deal, contract, seat, tricks, self.sides is not None and self.sides.misere)

    @property
    def side_label(self) -> str:
        return self.sides.label if self.sides is not None else ""

    def as_dict(self) -> dict[str, Any]:
        deal = self.deal
        rules = ruleset_of(deal)
        contract = rules.contract_of(deal)[0]
        out: dict[str, Any] = {"deal": deal.number, "board": deal.board, "game": rules.name, "forehand": deal.forehand,
                     "contract": contract, "trump": deal.trump or rules.implied_trump(deal)}
        if self.sides is not None:
            out["side"] = sorted(self.sides.side) or list(self.dd_side)
            out["side_label"] = self.sides.label
            out["misere"] = self.sides.misere
        if self.error:
            out["error"] = self.error
        if self.note:
            out["note"] = self.note
        out["plays"] = [p.as_dict() for p in self.plays]
        # Bismarck's scores: the seat analysed, against its quota
        seat = self.dd_side[0] if len(self.dd_side) == 1 else None
        scored = rules.name == BISMARCK and seat is not None and deal.contract is not None
        if self.dd_tricks is not None:
            out["double_dummy"] = {"tricks": self.dd_tricks, "from_trick": self.from_trick}
            if scored:
                out["double_dummy"]["score"] = self._score(seat, self.dd_tricks)
        if self.actual_tricks is not None:
            out["actual"] = {"tricks": self.actual_tricks}
            if scored:
                out["actual"]["score"] = self._score(seat, self.actual_tricks)
        if self.contracts:
            out["contracts"] = self.contracts
        return out




Progress = Callable[[int, int], None]


def analyse_deal(deal: Deal, solver: Solver | None = None, *, side_seat: int | None = None,
                 contracts: bool = True, exchange: bool = False,
                 progress: Progress | None = None) -> DealAnalysis:
    """Analyse every card of ``deal``'s play, the contract's double-dummy result, and
    (``contracts``, Bismarck) what each contract would have scored; ``exchange`` adds
    the best discard for each contract (slow: see :mod:`~bismarck_pbn.analysis.contracts`).
    ``side_seat``: analyse for that seat's side (see :mod:`~bismarck_pbn.analysis.sides`).
    ``progress(done, total)`` is called as the cards are analysed."""
    solver = solver or make_solver()
    result = DealAnalysis(deal)
    if not deal.syntax_ok:
        result.error = "the deal does not read (a syntax error: bpn validate shows it)"
        return result
    try:
        result.sides = sides = sides_of(deal, side_seat)
        all_positions = positions(deal)
        problem_at(all_positions[0], sides=sides)
    except NotYet:
        pass
    except NoPlay as exc:
        result.note = str(exc)
        return result
    except Unanalysable as exc:
        result.error = str(exc)
        return result
    n = all_positions[0].seats
    total = len(all_positions) - 1
    start = None  # the first analysable position at a trick's lead: the double-dummy result
    start_values: dict[str, int] | None = None
    before = uncounted(all_positions[0], sides, all_positions)
    for i, pos in enumerate(all_positions[:-1]):
        card = all_positions[i + 1].card
        name = card.card if card is not None else ""
        trick, place = i // n + 1, i % n + 1
        try:
            problem = problem_at(pos, sides=sides)
        except NotYet as exc:
            result.plays.append(CardAnalysis(trick, place, pos.to_play or 0, name, None, False, 0, str(exc)))
            if progress is not None:
                progress(i + 1, total)
            continue
        except Unanalysable as exc:
            result.error = f"trick {trick}: {exc}"
            break
        if all_positions[i + 1].faults:  # the card itself breaks a rule: its values would not name it
            result.error = f"trick {trick}: {name} is not a legal card there (bpn validate shows why)"
            break
        pv = values_of(pos, problem, sides, solver, before)
        if start is None and place == 1:
            start = (pos, problem, trick)
            start_values = pv.values
        result.plays.append(CardAnalysis(trick, place, problem.to_play + 1, name, pv.values, pv.wants_few,
                                         pv.taken + pv.offset, pv.reason))
        if progress is not None:
            progress(i + 1, total)
    # the positions given up at the node limit, once more, from the last one back, where
    # the position after is solved: the table holds the rest of the play by now, which
    # every card's search there passes through (one more node limit's worth of search at
    # most per run of positions given up). The table outlives the limit: see solver.c's finish()
    for i in range(len(result.plays) - 2, -1, -1):
        play = result.plays[i]
        if play.reason != NODE_LIMIT_REASON or result.plays[i + 1].values is None:
            continue
        pos = all_positions[i]
        pv = values_of(pos, problem_at(pos, sides=sides), sides, solver, before)
        if pv.values is not None:
            result.plays[i] = replace(play, values=pv.values, reason=None)
            if start is not None and start[0] is pos:
                start_values = pv.values
    if start is not None:
        pos, problem, result.from_trick = start
        side = problem.side
        result.dd_side = tuple(sorted(s + 1 for s in side))
        earlier = sum(pos.won[s] for s in side)
        try:
            result.dd_tricks = sides.offset + (position_value(problem, start_values) if start_values
                                               else solve_side(problem, solver))
        except SolverLimit:
            result.dd_tricks = None
        last = all_positions[-1]
        if last.finished and last.to_play is None and not last.faults and len(side) and \
                sum(last.won) == ruleset_of(deal).tricks:
            result.actual_tricks = sum(last.won[s] for s in side) - earlier + sides.offset
        elif deal.tricks is not None and deal.game == "Bismarck" and len(side) == 1 and earlier == 0:
            result.actual_tricks = deal.tricks[next(iter(side))]
        if contracts and ruleset_of(deal).name == "Bismarck" and result.from_trick == 1:
            forehand = problem_at(all_positions[0], sides=sides_of(deal))  # the forehand's, whatever the side
            result.contracts = contract_table(forehand, deal, solver, exchange=exchange, progress=progress)
    return result
