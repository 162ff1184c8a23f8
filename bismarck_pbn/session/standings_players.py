"""Standings across sessions: each player's totals and averages (``bpn standings --by-player``).

Players are matched by the names in the ``Player`` tags. In partnership games a player's
score is the side's; where the game keeps individual points beside the sides' score
(Swedish Whist's ``Points``) they are summed per player as well. Time O(boards).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bismarck_pbn.session.standings import Session


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
    """Sessions complete with this player (or this player's side) alone on top."""
    decided: int = 0
    """Sessions of a game with a fixed length (Bismarck's), the only ones :attr:`wins`
    can count; elsewhere games or rounds are won inside a session (:attr:`games`)."""
    games: int = 0
    """Games (or rounds) won inside sessions (Whist's game to 5, Swedish Whist's round, …)
    by this player's side."""
    all: Tally = field(default_factory=Tally)
    as_forehand: dict[str, Tally] = field(default_factory=dict)
    """By contract: the deals this player played as forehand in it."""
    by_seat: dict[int, Tally] = field(default_factory=dict)
    points: Tally | None = None
    """The player's own individual points, in games that keep them (None elsewhere)."""
    units: set[str] = field(default_factory=set)
    """What the games inside the player's sessions are called (``game``, ``round``)."""

    def as_dict(self) -> dict:
        return {"name": self.name, "sessions": self.sessions, "wins": self.wins, "games": self.games,
                **self.all.as_dict(),
                "points": self.points.as_dict() if self.points is not None else None,
                "as_forehand": {c: t.as_dict() for c, t in self.as_forehand.items()},
                "by_seat": {str(s): t.as_dict() for s, t in sorted(self.by_seat.items())}}


def by_player(sessions: Iterable[Session]) -> list[PlayerStats]:
    """Each named player's totals and averages per deal, overall, by contract (as
    forehand) and by seat, over ``sessions``, and the sum of their individual points
    where the game keeps them; highest total first. Boards whose score is not known are
    left out. Unnamed seats (no name, or ``?``) are not players. O(boards)."""
    players: dict[str, PlayerStats] = {}
    for session in sessions:
        names = [p if p and p.strip("?") else None for p in session.players]
        sides = session.sides
        for seat, name in enumerate(names, 1):
            if name is None:
                continue
            side = next(i for i, members in enumerate(sides) if seat in members)
            stats = players.setdefault(name, PlayerStats(name))
            stats.sessions += 1
            stats.decided += session.length is not None
            if session.complete and session.leaders == [sides[side][0]]:
                stats.wins += 1
            stats.games += session.games_won().get(sides[side][0], 0)
            stats.units.add(session.unit)
            for row in session.boards:
                if row.points is not None and len(row.points) >= seat:
                    if stats.points is None:
                        stats.points = Tally()
                    stats.points.add(row.points[seat - 1])
                if row.score is None or len(row.score) != len(sides):
                    continue
                score = row.score[side]  # the side's score: in partnership games both players'
                stats.all.add(score)
                stats.by_seat.setdefault(seat, Tally()).add(score)
                if row.forehand == seat and row.contract is not None:
                    stats.as_forehand.setdefault(row.contract, Tally()).add(score)
    return sorted(players.values(), key=lambda p: (-p.all.total, p.name))
