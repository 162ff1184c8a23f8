"""Double-dummy analysis of recorded deals: which card cost a trick, and what the
contract was worth.

For each card played, :func:`analyse_deal` asks the solver what every legal card
would have given the side of the seat to play (tricks from the current trick to the
end, best play by all afterwards); a card that gives less than the best costs tricks.
Per deal: the double-dummy result of the contract from the opening lead against what
happened, and for the forehand what each contract would have scored with the kitty as
exchanged (:mod:`bismarck_pbn.analysis.contracts`).

Only :func:`problem_at` knows Bismarck: it turns a
:class:`~bismarck_pbn.views.position.Position` into a solver
:class:`~bismarck_pbn.analysis.problem.Problem`. Sides: the forehand against the other
two together (``side_seat`` None), or one seat against the other two. In Pass every
seat wants few tricks, so the problem is misère.

Cost: one :meth:`~bismarck_pbn.analysis.solver.Solver.solve_moves` per card played,
sharing one transposition table; the first tricks dominate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bismarck_pbn.analysis.problem import Problem
from bismarck_pbn.analysis.solver import Solver, SolverLimit
from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.model.cards import ORDER
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.views.position import Position, positions


class Unanalysable(ValueError):
    """The deal cannot be analysed; the message says why, in a player's words."""


def problem_at(position: Position, side_seat: int | None = None) -> Problem:
    """The solver's problem at ``position`` of a Bismarck deal: the hands still held,
    the trump, the trick on the table and the seat to play. The side is ``side_seat``
    (1–3) alone, by default the forehand, against the other two; in Pass the side
    wants as few tricks as it can. Seats become 0–2. Raises :class:`Unanalysable`."""
    deal = position.deal
    if deal.game != "Bismarck":
        raise Unanalysable(f"double-dummy analysis covers Bismarck so far, not {deal.game}")
    if deal.forehand is None or deal.contract is None:
        raise Unanalysable("the deal has no Forehand or Contract")
    if deal.contract in ("NoHearts", "NoQueen"):
        raise Unanalysable(f"{deal.contract} is scored by the cards taken, which the solver does not count")
    if position.trump is None:
        raise Unanalysable("the trump is not known (Valfri without a Trump tag)")
    if position.faults:
        raise Unanalysable("the play has errors up to here (bpn validate shows them)")
    if position.to_play is None:
        raise Unanalysable("the play is over")
    if any(h is None for h in position.hands):
        raise Unanalysable("not every hand is recorded")
    table = position.table if len(position.table) < 3 else ()
    trump = None if position.trump == "NT" else position.trump
    # the game's own trick rules: Finnish Bismarck's must-trump
    must_trump = position.rules is not None and position.rules.trick_rules(deal, trump).must_trump
    try:
        return Problem(tuple(frozenset(h) for h in position.hands),
                       trump=None if position.trump == "NT" else position.trump,
                       to_play=position.to_play - 1, table=tuple(card for _, card in table),
                       side=frozenset({(side_seat or deal.forehand) - 1}),
                       misere=deal.contract == "Pass", must_trump=must_trump)
    except ValueError as exc:
        if deal.exchange is not False and deal.discard is None:
            raise Unanalysable("the forehand's hand after the exchange is not known (no Discard tag)") from None
        raise Unanalysable(f"the hands do not make a position: {exc}") from None


@dataclass
class CardAnalysis:
    """One card played, and what each legal card would have given."""

    trick: int
    position: int
    seat: int
    card: str
    values: dict[str, int] | None
    """Legal card → tricks the side of the seat takes from this trick to the end; None
    when the solver's node limit was reached."""
    wants_few: bool
    """The seat's side wants few tricks (Pass)."""
    taken: int
    """Tricks the seat's side had already taken before this trick."""

    @property
    def best(self) -> int | None:
        if self.values is None:
            return None
        return min(self.values.values()) if self.wants_few else max(self.values.values())

    @property
    def after(self) -> int | None:
        return self.values[self.card] if self.values is not None else None

    @property
    def cost(self) -> int:
        """Tricks this card gave away (0 when it was one of the best, or not solved)."""
        return abs(self.after - self.best) if self.values is not None else 0

    @property
    def mark(self) -> str:
        return "" if self.cost == 0 else "?" if self.cost == 1 else "??"

    @property
    def better(self) -> list[str]:
        """The cards that would have kept the tricks, in canonical order."""
        if not self.cost:
            return []
        return sorted((c for c, v in self.values.items() if v == self.best), key=ORDER.__getitem__)

    def as_dict(self) -> dict:
        out = {"trick": self.trick, "position": self.position, "seat": self.seat, "card": self.card}
        if self.values is None:
            return out | {"values": None, "unsolved": "node limit reached"}
        return out | {"values": {c: self.values[c] for c in sorted(self.values, key=ORDER.__getitem__)},
                      "before": self.taken + self.best, "after": self.taken + self.after,
                      "cost": self.cost, "mark": self.mark or None, "better": self.better}


@dataclass
class DealAnalysis:
    """The analysis of one deal (``error`` set when it could not be analysed)."""

    deal: Deal
    plays: list[CardAnalysis] = field(default_factory=list)
    dd_tricks: int | None = None
    """The forehand's tricks double dummy from the opening lead."""
    actual_tricks: int | None = None
    contracts: list[dict] = field(default_factory=list)
    error: str | None = None

    def as_dict(self) -> dict:
        deal = self.deal
        out: dict = {"deal": deal.number, "board": deal.board, "forehand": deal.forehand,
                     "contract": deal.contract, "trump": deal.trump or (engine.implied_trump(deal.contract)
                                                                        if deal.contract else None)}
        if self.error:
            out["error"] = self.error
        out["plays"] = [p.as_dict() for p in self.plays]
        if self.dd_tricks is not None:
            out["double_dummy"] = {"tricks": self.dd_tricks, "score": _score(deal, self.dd_tricks)}
        if self.actual_tricks is not None:
            out["actual"] = {"tricks": self.actual_tricks, "score": _score(deal, self.actual_tricks)}
        if self.contracts:
            out["contracts"] = self.contracts
        return out


def _score(deal: Deal, forehand_tricks: int) -> int:
    """The forehand's score with this many tricks of 16."""
    quota = 4 if deal.contract == "Pass" else 8
    return quota - forehand_tricks if deal.contract == "Pass" else forehand_tricks - quota


Progress = Callable[[int, int], None]


def analyse_deal(deal: Deal, solver: Solver | None = None, *, side_seat: int | None = None,
                 contracts: bool = True, exchange: bool = False,
                 progress: Progress | None = None) -> DealAnalysis:
    """Analyse every card of ``deal``'s play, the contract's double-dummy result, and
    (``contracts``) what each contract would have scored; ``exchange`` adds the best
    discard for each contract (slow: see :mod:`~bismarck_pbn.analysis.contracts`).
    ``progress(done, total)`` is called as the cards are analysed."""
    solver = solver or Solver()
    result = DealAnalysis(deal)
    try:
        all_positions = positions(deal)
        problem_at(all_positions[0], side_seat)
    except Unanalysable as exc:
        result.error = str(exc)
        return result
    forehand = deal.forehand
    try:
        result.dd_tricks = solver.solve(problem_at(all_positions[0]))
    except SolverLimit:
        result.dd_tricks = None
    last = all_positions[-1]
    if last.played == 48 and not last.faults:
        result.actual_tricks = last.won[forehand - 1]
    elif deal.tricks is not None:
        result.actual_tricks = deal.tricks[forehand - 1]
    total = len(all_positions) - 1
    for i, pos in enumerate(all_positions[:-1]):
        try:
            problem = problem_at(pos, side_seat)
        except Unanalysable as exc:
            result.error = f"trick {i // 3 + 1}: {exc}"
            break
        seat = pos.to_play
        on_side = seat - 1 in problem.side
        taken = sum(pos.won[s] for s in range(3) if (s in problem.side) == on_side)
        try:
            values: dict[str, int] | None = solver.solve_moves(problem)
        except SolverLimit:
            values = None
        result.plays.append(CardAnalysis(i // 3 + 1, i % 3 + 1, seat, all_positions[i + 1].card.card,
                                         values, problem.misere, taken))
        if progress is not None:
            progress(i + 1, total)
    if contracts:
        from bismarck_pbn.analysis.contracts import contract_table

        result.contracts = contract_table(problem_at(all_positions[0]), deal, solver, exchange=exchange,
                                          progress=progress)
    return result
