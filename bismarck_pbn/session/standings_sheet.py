"""The score sheet's parts: each deal's row (:class:`BoardRow`), a game won inside a
session (:class:`GameWon`), a round (:class:`Round`), and the session (:class:`Session`)
with what follows from its boards: who leads, what is left to play, the points, the
rounds, the deals that do not balance, and its JSON. Made by
:mod:`bismarck_pbn.session.standings`, which follows the validator through a file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bismarck_pbn.games import Played, Ruleset, ruleset
from bismarck_pbn.model.games import BISMARCK, sides as game_sides
from bismarck_pbn.model.variant import Variant

__all__ = ["BoardRow", "GameWon", "Round", "Session"]


@dataclass(frozen=True)
class BoardRow:
    """One deal of a session (or a standalone deal) as the score sheet shows it."""

    number: int
    """The deal's position in its file, from 1."""
    board: int | None
    forehand: int | None
    contract: str | None
    trump: str | None
    tricks: tuple[int, ...] | None
    """Tricks per seat, or per side where only the sides' counts are known."""
    score: tuple[int, ...] | None
    """The deal's score, one number per side (per seat where each seat is a side)."""
    total: tuple[int, ...] | None
    """The true running total after this deal (None when it cannot be known)."""
    errors: int = 0
    """Errors the validator finds in this deal and its place in the session."""
    dealer: int | None = None
    game_end: str | None = None
    """When a game (or rubber, or round) ends with this deal: the validator's words (BPN707)."""
    points: tuple[int, ...] | None = None
    """Each seat's individual points, in a game that keeps them (Swedish Whist's ``Points``)."""
    marks: tuple[tuple[str, int], ...] = ()
    """What the deal reached in the session, as (what, side by its lower seat) pairs:
    Swedish Whist's ``("first exit", 2)``."""

    @property
    def rotating(self) -> int | None:
        """The seat in the rotating place: the forehand where there is one, else the dealer."""
        return self.forehand if self.forehand is not None else self.dealer

    def as_dict(self) -> dict:
        """The JSON row of ``bpn standings --format json``."""
        return {"board": self.board, "dealer": self.dealer, "forehand": self.forehand, "contract": self.contract,
                "trump": self.trump, "tricks": _list(self.tricks), "score": _list(self.score),
                "total": _list(self.total), "game_end": self.game_end, "points": _list(self.points),
                "marks": [{"what": what, "side": side} for what, side in self.marks]}


def _list(values):
    return list(values) if values is not None else None


@dataclass(frozen=True)
class GameWon:
    """A game that ended inside a session: the board it ended on, the side or sides on
    top (by the side's lower seat) and the totals reached."""

    board: int
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    message: str
    points: tuple[int, ...] | None = None
    """Each seat's individual points summed over the game's deals, where the game keeps them."""

    def as_dict(self) -> dict:
        return {"board": self.board, "winners": list(self.winners), "totals": list(self.totals),
                "message": self.message, "points": _list(self.points)}


@dataclass(frozen=True)
class Round:
    """One game (Swedish Whist's round) of a session that keeps individual points or marks
    its deals: its boards, what each side reached and on which board, the sides' totals
    at its last board and each seat's individual points over it."""

    number: int
    """The round's place in the session, from 1."""
    first: int
    """Its first board."""
    last: int
    """Its last board (so far, when it is not finished)."""
    finished: bool
    """It ended inside the session (a game won), not merely where the session stops."""
    totals: tuple[int, ...] | None
    """The sides' running totals at its last board (None when not known)."""
    points: tuple[int, ...] | None
    """Each seat's individual points summed over the round (None when none is known)."""
    marks: tuple[tuple[str, int, int], ...] = ()
    """What the round's deals reached, as (what, side by its lower seat, board)."""

    def as_dict(self) -> dict:
        return {"round": self.number, "first": self.first, "last": self.last, "finished": self.finished,
                "totals": _list(self.totals), "points": _list(self.points),
                "marks": [{"what": what, "side": side, "board": board} for what, side, board in self.marks]}


@dataclass
class Session:
    """A session: its game, tags, boards in file order, and what follows from them."""

    event: str | None
    site: str | None
    date: str | None
    variant: Variant
    players: tuple[str | None, ...]
    boards: list[BoardRow] = field(default_factory=list)
    game: str = BISMARCK
    games: list[GameWon] = field(default_factory=list)
    dummy: int | None = None
    """The träkarl's seat (Swedish Whist with a träkarl, BPN 1.2): no player; its name,
    if one is written, is left out of :attr:`players`."""

    @property
    def rules(self) -> Ruleset:
        return ruleset(self.game, self.variant)

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides that score, each a tuple of seats; named by the lower seat."""
        rules = self.rules
        return rules.sides() if rules.name == self.game else game_sides(self.game)

    def side_players(self, index: int) -> list[str | None]:
        """The players of the side at ``index`` (from 0)."""
        return [self.players[s - 1] for s in self.sides[index]]

    @property
    def length(self) -> int | None:
        """Regular deals in the session, None when the game has no fixed number."""
        return self.rules.session_rules().length() if self.rules.name == self.game else None

    @property
    def last_board(self) -> int:
        return max((row.board for row in self.boards if row.board is not None), default=0)

    @property
    def totals(self) -> tuple[int, ...] | None:
        """The running total after the last deal, as the validator sums it (after a game
        ends, the totals of the game being played)."""
        return self.boards[-1].total if self.boards else None

    def _played(self) -> list[Played]:
        return [Played(row.board, row.rotating, row.contract) for row in self.boards if row.board is not None]

    def deals_left(self) -> dict[int, int] | None:
        """Regular deals each seat still has in the rotating place, from the rotation;
        None when the game has no fixed length or no deal names the seat. O(deals)."""
        if self.rules.name != self.game:
            return None
        return self.rules.session_rules().deals_left(self._played())

    def to_play(self) -> dict[int, list[str]] | None:
        """The contracts each seat has still to play in the rotating place, in the
        game's order, a contract repeated when it is due more than once; None when the
        game has no schedule of contracts."""
        if self.rules.name != self.game:
            return None
        return self.rules.session_rules().remaining(self._played())

    def to_play_columns(self, to_play: dict[int, list[str]]) -> list[str]:
        """The contracts of the grid of :meth:`to_play` (``bpn standings``, the web page):
        in Bismarck every contract of the variant in its order, played out or not;
        elsewhere those due, in the game's order. O(contracts due)."""
        order = list(self.rules.words.contracts)
        due_any = [c for due in to_play.values() for c in due]
        contracts = [c for c in order if c in due_any] + [c for c in dict.fromkeys(due_any) if c not in order]
        if self.game == BISMARCK:
            contracts = [*self.variant.contracts, *(c for c in contracts if c not in self.variant.contracts)]
        return contracts

    def schedule_words(self) -> str:
        """The schedule in a few words, after the variant's name or the game's
        (``Standard: each contract exactly once``); "" where the game has none."""
        how = self.rules.session_rules().schedule_text()
        name = self.variant.base if self.game == BISMARCK else self.game
        return f"{name}: {how}" if how else ""

    @property
    def leaders(self) -> list[int]:
        """The sides (by their lower seat) with the highest running total; empty when
        the total is unknown."""
        totals = self.totals
        if totals is None or len(totals) != len(self.sides):
            return []
        top = max(totals)
        return [side[0] for side, total in zip(self.sides, totals) if total == top]

    @property
    def unit(self) -> str:
        """What a game ending inside the session is called: ``game``, or ``round``."""
        return self.rules.session_rules().unit() if self.rules.name == self.game else "game"

    def points(self, after: int = 0, upto: int | None = None) -> tuple[int, ...] | None:
        """Each seat's individual points summed over the boards after board ``after`` up
        to board ``upto`` (all by default); None when none of them has any. O(boards)."""
        rows = [row.points for row in self.boards if row.points is not None and row.board is not None
                and after < row.board <= (upto if upto is not None else row.board) and len(row.points) == self.seats]
        if not rows:
            return None
        return tuple(sum(column) for column in zip(*rows))

    def off_balance(self) -> list[tuple[int, int]]:
        """In a game whose scores add up to 0 in every deal (Solo Whist's payments): the
        (board, sum) of each deal whose scores do not (the validator's BPN602); empty
        when they all balance, or in other games. O(boards)."""
        if self.rules.name != self.game or not self.rules.zero_sum:
            return []
        return [(row.board, sum(row.score)) for row in self.boards
                if row.board is not None and row.score is not None and sum(row.score) != 0]

    def rounds(self) -> list[Round]:
        """The session's games (rounds) in order, the last one unfinished when the
        session stops inside it; empty unless the game keeps individual points or marks
        its deals (Swedish Whist). One pass, O(boards)."""
        if not any(row.points is not None or row.marks for row in self.boards):
            return []
        out: list[Round] = []
        rows: list[BoardRow] = []

        def close(finished: bool) -> None:
            last = rows[-1].total
            points = [r.points for r in rows if r.points is not None and len(r.points) == self.seats]
            out.append(Round(len(out) + 1, rows[0].board or 0, rows[-1].board or 0, finished,
                             last if last is not None and len(last) == len(self.sides) else None,
                             tuple(sum(column) for column in zip(*points)) if points else None,
                             tuple((what, side, r.board or 0) for r in rows for what, side in r.marks)))
            rows.clear()

        for row in self.boards:
            if row.board is None:
                continue
            rows.append(row)
            if row.game_end is not None:
                close(True)
        if rows:
            close(False)
        return out

    def games_won(self) -> dict[int, int]:
        """How many games each side (by its lower seat) has won in this session."""
        counts = Counter(w for game in self.games if len(game.winners) == 1 for w in game.winners)
        return {side[0]: counts[side[0]] for side in self.sides}

    @property
    def regular_done(self) -> bool:
        return self.length is not None and self.last_board >= self.length

    @property
    def tie_break_due(self) -> bool:
        """The regular deals are done, the game has a tie-break, and sides share the top."""
        has_tie_break = self.rules.name == self.game and self.rules.session_rules().tie_break() is not None
        return self.regular_done and has_tie_break and len(self.leaders) > 1

    @property
    def complete(self) -> bool:
        """The regular deals are done and one side leads alone."""
        return self.regular_done and len(self.leaders) == 1

    def as_dict(self) -> dict:
        """The JSON object of ``bpn standings --format json``."""
        to_play = self.to_play()
        left = self.deals_left()
        return {
            "event": self.event, "site": self.site, "date": self.date, "game": self.game,
            "variant": str(self.variant), "players": list(self.players), "dummy": self.dummy,
            "sides": [{"side": side[0], "seats": list(side), "players": self.side_players(i)}
                      for i, side in enumerate(self.sides)],
            "length": self.length,
            "boards": [row.as_dict() for row in self.boards],
            "totals": _list(self.totals),
            "to_play": {str(seat): c for seat, c in to_play.items()} if to_play is not None else None,
            "deals_left": {str(s): n for s, n in left.items()} if left else None,
            "leaders": self.leaders,
            "games": [g.as_dict() for g in self.games],
            "games_won": {str(s): n for s, n in self.games_won().items()},
            "unit": self.unit,
            "points": _list(self.points()),
            "rounds": [r.as_dict() for r in self.rounds()],
            "off_balance": [{"board": b, "sum": n} for b, n in self.off_balance()]
            if self.rules.name == self.game and self.rules.zero_sum else None,
            "tie_break_due": self.tie_break_due,
            "complete": self.complete,
        }
