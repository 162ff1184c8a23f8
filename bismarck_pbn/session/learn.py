"""What a file already holds, for the defaults of the next deal ``bpn record`` asks for:
the session tags, the game, the next board and the seat that deals (or is forehand),
the running total and, in Bismarck, the contracts each forehand has left.

:func:`learn_session` follows the file's deals through the validator, so it agrees
with ``bpn validate`` on every board, seat and total. O(n) for n deals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from bismarck_pbn.check.validate import validate_deals
from bismarck_pbn.games import Ruleset, ruleset
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.model.games import BISMARCK, MAX_SEATS, session_tags
from bismarck_pbn.model.variant import STANDARD, Variant

__all__ = ["SESSION_TAGS", "Session", "learn_session", "tags_of"]

SESSION_TAGS = session_tags(MAX_SEATS)
"""Every session tag a record may carry (players up to the largest table)."""


def tags_of(game: str, seats: int) -> tuple[str, ...]:
    """The session tags a record of ``game`` asks for, in order: Event, Site, Date,
    Game (left out in Bismarck, the default game), Variant, Player1..N."""
    return tuple(name for name in session_tags(seats) if name != "Game" or game != BISMARCK)


@dataclass
class Session:
    """What a file already holds, for the defaults of the next deal."""

    deals: int = 0
    """Deals in the file (comment blocks not counted)."""
    errors: int = 0
    """Errors the validator finds in the file as it is."""
    last_headers: dict[str, str] = field(default_factory=dict)
    """Tag values of the file's last deal, inherited session tags included."""
    tags: dict[str, str] = field(default_factory=dict)
    """Session tags of the session the file ends in (or of its last deal)."""
    board: int | None = None
    """The last board of that session; None when the file has no session."""
    seat: int | None = None
    """The seat that dealt (in Bismarck: was forehand) at that board."""
    total: tuple[int, ...] | None = None
    """The running total after that board, as far as it is known (the scores as the
    session computes them, not the ``Score`` tags)."""
    written_total: tuple[int, ...] | None = None
    """That board's ``Total`` tag as written (None without one)."""
    game: str = BISMARCK
    variant: Variant = STANDARD
    counts: Counter = field(default_factory=Counter)
    """(forehand, contract) -> times played in the session's regular deals (Bismarck)."""
    played: list[Deal] = field(default_factory=list)
    """The deals of that session so far, to check the next one against."""

    @property
    def forehand(self) -> int | None:
        return self.seat

    @property
    def rules(self) -> Ruleset:
        return ruleset(self.game, self.variant)

    @property
    def length(self) -> int | None:
        """Regular deals in a session of this game (Bismarck's variants), None when
        a session has no fixed length."""
        return self.variant.deals if self.game == BISMARCK else None

    @property
    def in_session(self) -> bool:
        return self.board is not None

    @property
    def finished(self) -> bool:
        """The session has all its regular deals and no tie at the top to break (or its
        total is not known, so no tie-break can be told)."""
        if self.board is None or self.length is None or self.board < self.length:
            return False
        return self.total is None or list(self.total).count(max(self.total)) == 1

    @property
    def next_board(self) -> int | None:
        """The board that follows, 1 when a new session starts, None without a session
        in a file that has deals (they stand alone)."""
        if self.board is None:
            return None if self.deals else 1
        return 1 if self.finished else self.board + 1

    def remaining(self, forehand: int, board: int | None, variant: Variant) -> list[str]:
        """The contracts ``forehand`` may still play at ``board`` (Bismarck): a
        tie-break is Valfri."""
        if board is not None and board > variant.deals:
            return ["Valfri"]
        if board is None or board == 1 or not self.in_session:
            return list(variant.contracts)
        return [c for c in variant.contracts if self.counts[(forehand, c)] < variant.per_contract]


def learn_session(deals: Iterable[Deal]) -> Session:
    """Follow a file's deals as the validator does and keep what the next deal needs."""
    s = Session()
    key = None
    for checked in validate_deals(deals):
        deal = checked.deal
        if not deal.tags:
            continue
        s.deals += 1
        s.errors += sum(1 for d in checked.diagnostics if d.is_error)
        s.last_headers = deal.headers
        if deal.board is None:
            continue
        if s.board is None or deal.opens_session(key):
            key = deal.session_key()
            s.game, s.variant = deal.game, deal.variant
            s.counts = Counter()
            s.played = []
            s.seat = None
        s.played.append(deal)
        if (s.game == BISMARCK and deal.board <= s.variant.deals and deal.forehand is not None
                and deal.contract in s.variant.contracts):
            s.counts[(deal.forehand, deal.contract)] += 1
        s.board = deal.board
        rules = s.rules
        seat = rules.rotating_seat(deal)
        s.seat = seat if seat is not None else (rules.left_of(s.seat) if s.seat is not None else None)
        s.total = checked.total
        s.written_total = deal.total
        headers = deal.headers
        s.tags = {name: headers[name] for name in SESSION_TAGS if name in headers}
    if s.board is None:
        s.tags = {name: s.last_headers[name] for name in SESSION_TAGS if name in s.last_headers}
        if "Game" in s.tags:
            from bismarck_pbn.model.games import game_name

            s.game = game_name(s.tags["Game"]) or BISMARCK
    return s
