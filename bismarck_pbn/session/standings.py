"""Standings: each session's score sheet, what is left to play, who leads, games won.

Deals are grouped into sessions exactly as the validator's ``SessionChecker`` groups
them (a deal with a ``Board`` tag starts a new session at board 1 or when a session tag
changes; deals without ``Board`` stand alone and do not end a session). The tricks,
scores and running totals are the validator's: ``validate_deals`` gives each deal's
computed result and the session's true running total, so a slip in a ``Total`` tag
does not carry into the standings.

Every game has the same shape: scores and totals are per side (the partnerships, named
by both players, or each seat alone), and what belongs to one game comes from its
session rules (:class:`~bismarck_pbn.games.SessionRules`): the session's length
(:meth:`~bismarck_pbn.games.SessionRules.length`), the contracts each seat still has to
play in the rotating place (:meth:`~bismarck_pbn.games.SessionRules.remaining`: in
Bismarck each forehand's schedule; none in Whist), and the tie-break. A game that ends
inside a session (Whist's game to 5, Swedish Whist's round, BPN707) is listed with its
winner, and the running totals start again after it, as the validator sums them.

Where the session settles a deal's score (Swedish Whist's exits) the row takes the
session's score, not the ``Score`` tag's; a game that keeps individual points beside the
sides' score (Swedish Whist's ``Points``) gives them per row, per game and per session
(:meth:`Session.points`), and what a deal reached (``first exit``) as its ``marks``. In a
game whose scores add up to 0 (Solo Whist's payments) :meth:`Session.off_balance` names
the deals that do not. The sheet's classes: :mod:`bismarck_pbn.session.standings_sheet`;
players across sessions: :mod:`bismarck_pbn.session.standings_players`.

Time O(n) for n deals (the validator's cost dominates); memory O(boards of one session).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from bismarck_pbn.check.validate import Checked, validate_deals
from bismarck_pbn.games import ruleset
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.model.deal import Deal, opens_session
from bismarck_pbn.session.standings_sheet import BoardRow, GameWon, Round, Session

__all__ = ["BoardRow", "DealFacts", "GameWon", "Round", "Session", "deal_facts", "follow_standings",
           "iter_standings", "standings", "standings_of_checked"]


class DealFacts(NamedTuple):
    """What the standings read of one deal checked on its own, before its session is
    followed: small and picklable, so that a worker process can make it and the main
    process follow the sessions (``bpn standings`` of one large file, the way
    ``validate`` shares one out). Made by :func:`deal_facts`."""

    row: BoardRow
    """The deal's row as the deal alone gives it: the result's score, the Points tag's
    points; no errors, running total or marks yet (the session decides them)."""
    key: tuple | None
    """Its session key (None for a deal without a Board tag, which stands alone)."""
    opener: Session | None
    """The session it would open (no boards yet); None for a deal that stands alone."""
    sides: tuple[int, ...]
    """Its game's sides, each by its lower seat (empty when the game is not known)."""

    @property
    def board(self) -> int | None:
        return self.row.board

    def session_key(self) -> tuple:
        return self.key or ()


def deal_facts(checked: Checked) -> DealFacts | None:
    """The :class:`DealFacts` of a checked deal; None for a block with no tags (a comment)."""
    deal = checked.deal
    if not deal.tags:
        return None
    trump = deal.trump
    rules = ruleset(deal.game, deal.variant)
    if rules.name == deal.game and deal.tag("Trump") is None:
        trump = rules.implied_trump(deal) or rules.fixed_trump or trump
    sides = tuple(side[0] for side in rules.sides()) if rules.name == deal.game else ()
    row = BoardRow(deal.number, deal.board, deal.forehand, deal.contract, trump, checked.result.tricks,
                   checked.result.score, None, 0, deal.dealer, None, deal.points)
    if deal.board is None:
        return DealFacts(row, None, None, sides)
    return DealFacts(row, deal.session_key(), _new_session(deal), sides)


def _row(facts: DealFacts, diagnostics: list[Diagnostic], total: tuple[int, ...] | None,
         settled: tuple[int, ...] | None, points: tuple[int, ...] | None,
         marks: tuple[tuple[str, int], ...], offset: int = 0) -> BoardRow:
    """The deal's row once its session is followed: ``diagnostics`` all of its own and
    its session's, the rest as :class:`~bismarck_pbn.check.results.Checked` has them;
    ``offset`` the deals before its batch, where it was numbered. (Made afresh rather
    than with ``dataclasses.replace``, three times slower, for each deal of an archive.)"""
    row = facts.row
    errors = sum(1 for d in diagnostics if d.is_error)
    ended = next((d.message for d in diagnostics if d.code == "BPN707"), None)
    number = row.number + offset if row.number else 0
    if row.board is None:
        return BoardRow(number, None, row.forehand, row.contract, row.trump, row.tricks, row.score, None,
                        errors, row.dealer, ended, row.points)
    sides = facts.sides
    return BoardRow(number, row.board, row.forehand, row.contract, row.trump, row.tricks, settled, total,
                    errors, row.dealer, ended, points if points is not None else row.points,
                    tuple((what, sides[side]) for what, side in marks if side < len(sides)))


def _header(deal: Deal, name: str) -> str | None:
    """``deal.headers.get(name)`` for a tag with no typed field (Event, Site, Date, the
    Players), without building every header: each deal of an archive asks it."""
    tag = deal.tag_map.get(name)
    return tag.value if tag is not None else deal.inherited.get(name)


def _new_session(deal: Deal) -> Session:
    dummy = deal.dummy if "Trakarl" in deal.variant.options else None
    players = tuple(None if s == dummy else _header(deal, f"Player{s}") for s in range(1, deal.seats + 1))
    return Session(_header(deal, "Event"), _header(deal, "Site"), _header(deal, "Date"), deal.variant,
                   players, game=deal.game, dummy=dummy)


def _winners(session: Session, totals: Sequence[int] | None) -> tuple[int, ...]:
    if totals is None or len(totals) != len(session.sides):
        return ()
    top = max(totals)
    return tuple(side[0] for side, t in zip(session.sides, totals) if t == top)


def iter_standings(deals: Iterable[Deal]) -> Iterator[Session | BoardRow]:
    """Sessions, each once it has ended, and standalone deals (``BoardRow`` with no
    board) as they are read, in file order of completion. O(n) time."""
    return standings_of_checked(validate_deals(deals))


def standings_of_checked(checked_deals: Iterable[Checked]) -> Iterator[Session | BoardRow]:
    """As :func:`iter_standings`, from deals the validator has already checked (for a
    caller that keeps the diagnostics as well). One pass, O(n) time for n deals."""
    return follow_standings((deal_facts(c), c.diagnostics, c.total, c.settled, c.points, c.marks, 0)
                            for c in checked_deals)


FollowedFacts = tuple[DealFacts | None, list[Diagnostic], tuple[int, ...] | None, tuple[int, ...] | None,
                 tuple[int, ...] | None, tuple[tuple[str, int], ...], int]
"""A deal for :func:`follow_standings`: its facts (None for a comment block), every
diagnostic of it, its running total, settled score, points and marks as the
validator's session checks give them (the fields of ``Checked`` of the same names),
and the deals before the batch it was numbered in (0 when it was numbered in its file)."""


def follow_standings(deals: Iterable[FollowedFacts]) -> Iterator[Session | BoardRow]:
    """Sessions and standalone deals, as :func:`iter_standings` gives them, from the
    :class:`DealFacts` of checked deals and what their sessions' checks gave them, in
    file order: the one code path of one process and of the deals checked by workers.
    One pass, O(n) time for n deals: each game's individual points are summed over its
    own deals when it ends."""
    session: Session | None = None
    game: list[tuple[int, ...]] = []  # the individual points of the game's deals so far
    key = None
    for facts, diagnostics, total, settled, points, marks, offset in deals:
        if facts is None:
            continue
        row = _row(facts, diagnostics, total, settled, points, marks, offset)
        if facts.opener is None or row.board is None:  # no Board tag: the deal stands alone
            yield row
            continue
        if session is None or opens_session(facts, key):
            if session is not None:
                yield session
            session = facts.opener
            game = []
            key = facts.key
        session.boards.append(row)
        if row.points is not None and len(row.points) == session.seats:
            game.append(row.points)
        if row.game_end is not None:
            session.games.append(GameWon(row.board, _winners(session, row.total), row.total or (),
                                         row.game_end, tuple(map(sum, zip(*game))) if game else None))
            game = []
    if session is not None:
        yield session


def standings(deals: Iterable[Deal]) -> list[Session]:
    """Every session of the deals (standalone deals left out)."""
    return [item for item in iter_standings(deals) if isinstance(item, Session)]
