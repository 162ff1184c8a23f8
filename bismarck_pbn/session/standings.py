"""Standings: each session's score sheet, what is left to play, and who leads.

Deals are grouped into sessions exactly as the validator's ``SessionChecker`` groups
them (a deal with a ``Board`` tag starts a new session at board 1 or when a session tag
changes; deals without ``Board`` stand alone and do not end a session). The tricks,
scores and running totals are the validator's: ``validate_deals`` gives each deal's
computed result and the session's true running total, so a slip in a ``Total`` tag
does not carry into the standings.

What is left to play comes from the variant's schedule (``variant.py``): in Standard
and Grand each forehand plays each contract exactly once or twice, so the contracts
left are exactly what must still be played. In Short the schedule is "at most twice",
so the list holds every contract a seat may still choose, as often as it may still
choose it but never more often than the seat has deals left as forehand; ``deals_left``
says how many it will actually play.

Time O(n) for n deals (the validator's cost dominates); memory O(boards of one session).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.check.validate import Checked, validate_deals
from bismarck_pbn.model.variant import Variant


@dataclass(frozen=True)
class BoardRow:
    """One deal of a session (or a standalone deal) as the score sheet shows it."""

    number: int
    """The deal's position in its file, from 1."""
    board: int | None
    forehand: int | None
    contract: str | None
    trump: str | None
    tricks: tuple[int, int, int] | None
    score: tuple[int, int, int] | None
    total: tuple[int, int, int] | None
    """The true running total after this deal (None when it cannot be known)."""
    errors: int = 0
    """Errors the validator finds in this deal and its place in the session."""

    def as_dict(self) -> dict:
        """The JSON row of ``bpn standings --format json``."""
        return {"board": self.board, "forehand": self.forehand, "contract": self.contract,
                "trump": self.trump, "tricks": _list(self.tricks), "score": _list(self.score),
                "total": _list(self.total)}


def _list(triple):
    return list(triple) if triple is not None else None


@dataclass
class Session:
    """A session: its tags, its boards in file order, and what follows from them."""

    event: str | None
    site: str | None
    date: str | None
    variant: Variant
    players: tuple[str | None, str | None, str | None]
    boards: list[BoardRow] = field(default_factory=list)

    @property
    def last_board(self) -> int:
        return max((row.board for row in self.boards if row.board is not None), default=0)

    @property
    def totals(self) -> tuple[int, int, int] | None:
        """The running total after the last deal, as the validator sums it."""
        return self.boards[-1].total if self.boards else None

    def played(self) -> Counter[tuple[int, str]]:
        """How often each (forehand, contract) was played in the regular deals."""
        counts: Counter[tuple[int, str]] = Counter()
        for row in self.boards:
            if (row.board is not None and row.board <= self.variant.deals and row.forehand is not None
                    and row.contract in self.variant.contracts):
                counts[(row.forehand, row.contract)] += 1
        return counts

    def deals_left(self) -> dict[int, int] | None:
        """Regular deals each seat still plays as forehand, from the rotation; None when
        no deal of the session names its forehand. O(deals)."""
        known = [row for row in self.boards if row.forehand is not None and row.board is not None]
        if not known:
            return None
        ref = known[-1]
        left = {seat: 0 for seat in engine.SEATS}
        for board in range(self.last_board + 1, self.variant.deals + 1):
            seat = ref.forehand
            for _ in range((board - ref.board) % 3):
                seat = engine.left_of(seat)
            left[seat] += 1
        return left

    def to_play(self) -> dict[int, list[str]]:
        """The contracts each seat has still to play as forehand, in the variant's order,
        a contract repeated when it is due more than once (see the module's note on Short)."""
        counts = self.played()
        deals_left = self.deals_left()
        variant = self.variant
        out: dict[int, list[str]] = {}
        for seat in engine.SEATS:
            cap = deals_left[seat] if deals_left is not None else variant.deals
            contracts: list[str] = []
            for contract in variant.contracts:
                due = max(0, variant.per_contract - counts[(seat, contract)])
                if not variant.exact_schedule:
                    due = min(due, cap)
                contracts.extend([contract] * due)
            out[seat] = [] if self.regular_done else contracts
        return out

    @property
    def leaders(self) -> list[int]:
        """The seats with the highest running total (empty when the total is unknown)."""
        totals = self.totals
        if totals is None:
            return []
        top = max(totals)
        return [seat for seat, total in enumerate(totals, 1) if total == top]

    @property
    def regular_done(self) -> bool:
        return self.last_board >= self.variant.deals

    @property
    def tie_break_due(self) -> bool:
        """The regular deals are done and two or three seats share the top."""
        return self.regular_done and len(self.leaders) > 1

    @property
    def complete(self) -> bool:
        """The regular deals are done and one seat leads alone."""
        return self.regular_done and len(self.leaders) == 1

    def as_dict(self) -> dict:
        """The JSON object of ``bpn standings --format json``."""
        totals = self.totals
        return {
            "event": self.event, "site": self.site, "date": self.date, "variant": str(self.variant),
            "players": list(self.players),
            "boards": [row.as_dict() for row in self.boards],
            "totals": _list(totals),
            "to_play": {str(seat): contracts for seat, contracts in self.to_play().items()},
            "deals_left": {str(s): n for s, n in (self.deals_left() or {}).items()} or None,
            "leaders": self.leaders,
            "tie_break_due": self.tie_break_due,
            "complete": self.complete,
        }


def _row(checked: Checked) -> BoardRow:
    deal = checked.deal
    trump = deal.trump
    if deal.contract is not None and engine.implied_trump(deal.contract) is not None:
        trump = engine.implied_trump(deal.contract)
    errors = sum(1 for d in checked.diagnostics if d.is_error)
    total = checked.total if deal.board is not None else None
    return BoardRow(deal.number, deal.board, deal.forehand, deal.contract, trump,
                    checked.result.tricks, checked.result.score, total, errors)


def _new_session(deal: Deal) -> Session:
    headers = deal.headers
    players = tuple(headers.get(f"Player{s}") for s in engine.SEATS)
    return Session(headers.get("Event"), headers.get("Site"), headers.get("Date"), deal.variant,
                   players)  # type: ignore[arg-type]


def iter_standings(deals: Iterable[Deal]) -> Iterator[Session | BoardRow]:
    """Sessions, each once it has ended, and standalone deals (``BoardRow`` with no
    board) as they are read, in file order of completion. O(n) time."""
    return standings_of_checked(validate_deals(deals))


def standings_of_checked(checked_deals: Iterable[Checked]) -> Iterator[Session | BoardRow]:
    """As :func:`iter_standings`, from deals the validator has already checked (for a
    caller that keeps the diagnostics as well). O(n) time."""
    session: Session | None = None
    key = None
    for checked in checked_deals:
        deal = checked.deal
        if not deal.tags:
            continue
        if deal.board is None:
            yield _row(checked)
            continue
        if session is None or deal.board == 1 or deal.session_key() != key:
            if session is not None:
                yield session
            session = _new_session(deal)
            key = deal.session_key()
        session.boards.append(_row(checked))
    if session is not None:
        yield session


def standings(deals: Iterable[Deal]) -> list[Session]:
    """Every session of the deals (standalone deals left out)."""
    return [item for item in iter_standings(deals) if isinstance(item, Session)]


# ---- across sessions: each player's totals and averages ------------------------------------

@dataclass
class Tally:
    """Deals and the sum of a player's scores in them; ``average`` per deal."""

    deals: int = 0
    total: int = 0

    def add(self, score: int) -> None:
        self.deals += 1
        self.total += score

    @property
    def average(self) -> float | None:
        return self.total / self.deals if self.deals else None

    def as_dict(self) -> dict:
        average = self.average
        return {"deals": self.deals, "total": self.total,
                "average": round(average, 3) if average is not None else None}


@dataclass
class PlayerStats:
    """One player (by the name in the Player tags) over every session given."""

    name: str
    sessions: int = 0
    wins: int = 0
    """Sessions complete with this player alone on top."""
    all: Tally = field(default_factory=Tally)
    as_forehand: dict[str, Tally] = field(default_factory=dict)
    """By contract: the deals this player played as forehand in it."""
    by_seat: dict[int, Tally] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"name": self.name, "sessions": self.sessions, "wins": self.wins, **self.all.as_dict(),
                "as_forehand": {c: t.as_dict() for c, t in self.as_forehand.items()},
                "by_seat": {str(s): t.as_dict() for s, t in sorted(self.by_seat.items())}}


def by_player(sessions: Iterable[Session]) -> list[PlayerStats]:
    """Each named player's totals and averages per deal, overall, by contract (as
    forehand) and by seat, over ``sessions``; highest total first. Boards whose score is
    not known are left out. Unnamed seats (no name, or ``?``) are not players. O(boards)."""
    players: dict[str, PlayerStats] = {}
    for session in sessions:
        names = [p if p and p.strip("?") else None for p in session.players]
        for seat, name in zip(engine.SEATS, names):
            if name is None:
                continue
            stats = players.setdefault(name, PlayerStats(name))
            stats.sessions += 1
            if session.complete and session.leaders == [seat]:
                stats.wins += 1
            for row in session.boards:
                if row.score is None:
                    continue
                score = row.score[seat - 1]
                stats.all.add(score)
                stats.by_seat.setdefault(seat, Tally()).add(score)
                if row.forehand == seat and row.contract is not None:
                    stats.as_forehand.setdefault(row.contract, Tally()).add(score)
    return sorted(players.values(), key=lambda p: (-p.all.total, p.name))
