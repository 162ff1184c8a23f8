"""Session checks: deals with a ``Board`` tag followed through their session.

Rotation (BPN701: the forehand in Bismarck, the dealer elsewhere), board order (BPN702),
running totals (BPN603), and what the game's :class:`~bismarck_pbn.games.SessionRules`
adds: schedules (BPN703), length and tie-breaks (BPN704, BPN705), game ends (BPN707).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from bismarck_pbn.diagnostics import Diagnostic, diag
from bismarck_pbn.format.values import signed_text
from bismarck_pbn.games import Finding, ruleset
from bismarck_pbn.model.deal import NOWHERE, Deal, Tag, opens_session
from bismarck_pbn.model.variant import Variant

if TYPE_CHECKING:
    from bismarck_pbn.check.results import DealResult

_SESSION_POSITIONS = ("Board", "Dealer", "Forehand", "Contract", "Score", "Total", "Points")


def _add(a, b):
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x + y for x, y in zip(a, b))


class SessionFacts(NamedTuple):
    """What the session checks read of a deal: small and picklable, so that deals can
    be checked in worker processes and their sessions followed in the main one. It
    answers the same questions as :class:`Deal` (``session_key()``, ``tag(name)``)."""

    board: int | None
    key: tuple
    variant: Variant
    forehand: int | None
    contract: str | None
    total: tuple[int, ...] | None
    pos: object
    tags: dict
    game: str = "Bismarck"
    dealer: int | None = None
    dummy: int | None = None
    """The träkarl's seat (Swedish Whist's exits are settled without it)."""

    @classmethod
    def of(cls, deal: Deal) -> SessionFacts:
        tags = {name: deal.tag_map[name] for name in _SESSION_POSITIONS if name in deal.tag_map}
        tags = {name: Tag(name, t.value, t.pos) for name, t in tags.items()}
        return cls(deal.board, deal.session_key(), deal.variant, deal.forehand, deal.contract,
                   deal.total, deal.pos, tags, deal.game, deal.dealer, deal.dummy)

    def session_key(self) -> tuple:
        return self.key

    def tag(self, name: str) -> Tag | None:
        return self.tags.get(name)


def _at(tag: Tag | None, deal) -> tuple[int, int]:
    pos = tag.pos if tag is not None and tag.pos is not NOWHERE else deal.pos
    return pos.line, pos.column


def _located(finding: Finding, deal) -> Diagnostic:
    tag = deal.tag(finding.at) if finding.at else None
    return diag(finding.code, finding.message, *_at(tag, deal), finding.severity)


class SessionChecker:
    """Follows deals with a Board tag through their sessions. Feed deals in file order;
    call :meth:`finish` at the end. O(1) memory per session."""

    def __init__(self) -> None:
        self.active = False
        self.last = None
        self.totals: tuple[int, ...] | None = None
        self.score: tuple[int, ...] | None = None
        """The last deal's score as the session settled it (see :meth:`feed`)."""
        self.points: tuple[int, ...] | None = None
        """The last deal's individual points, where the game keeps them."""
        self.marks: tuple[tuple[str, int], ...] = ()
        """What the last deal reached in the session (Swedish Whist's exits)."""

    def _start(self, deal) -> None:
        self.active = True
        self.key = deal.session_key()
        self.ruleset = ruleset(deal.game, deal.variant)
        self.rules = self.ruleset.session_rules()
        self.rules.start()
        self.board: int | None = None
        self.position = 0
        self.seat: int | None = None
        self.totals = None
        self.true: tuple[int, ...] | None = None
        self.written: tuple[int, ...] | None = None
        self.fresh = True
        self.last = None

    def feed(self, deal, result: DealResult) -> tuple[list[Diagnostic], list[Diagnostic]]:
        """Check ``deal``; returns (diagnostics for this deal, diagnostics for the previous
        deal that only this one revealed, i.e. BPN704 at the end of a session)."""
        out: list[Diagnostic] = []
        before: list[Diagnostic] = []
        self.score, self.points, self.marks = result.score, None, ()
        if deal.board is None:
            return out, before
        tag = deal.tag
        if not self.active or opens_session(deal, self.key):
            before = self.finish()
            self._start(deal)
            if deal.board != 1:
                out.append(diag("BPN702", f"this session starts at board {deal.board}; a session starts "
                                "at board 1", *_at(tag("Board"), deal)))
        elif self.board is not None and deal.board not in (self.board + 1, self.position + 1):
            out.append(diag("BPN702", f"board {deal.board} follows board {self.board}; expected board "
                            f"{self.board + 1}", *_at(tag("Board"), deal)))
        rules = self.ruleset
        # A gap in the numbers is a slip in numbering (the seat moves one place) or a deal
        # really missing (it moves one place per board): either is one fault, already
        # reported as BPN702, and the rotation is checked against both.
        gap = deal.board - self.board if self.board is not None and deal.board > self.board else 1
        missing = False
        seat = rules.rotating_seat(deal)
        if seat is not None and self.seat is not None:
            expected = rules.left_of(self.seat)
            jumped = (self.seat - 1 + gap) % rules.seats + 1  # one seat per board
            missing = gap > 1 and seat == jumped and jumped != expected
            if seat not in (expected, jumped):
                out.append(diag("BPN701", rules.rotation_message(seat, self.seat, expected),
                                *_at(tag(rules.rotating_tag()), deal)))
        if missing:
            self.true = self.written = None  # the missing deals' scores are unknown
        out.extend(_located(f, deal) for f in self.rules.deal(deal, self.totals))
        if result.basis is not None:  # the standing before the deal decides its score
            score, findings = self.rules.rescore(deal, result.score, result.basis)
            out.extend(_located(f, deal) for f in findings)
            result = result._replace(score=score)
        self.score = result.score
        self.points = self.rules.individual()
        self.marks = self.rules.marks()
        self._follow_totals(deal, result, out)
        findings, restart = self.rules.after(deal, self.totals)
        out.extend(_located(self._which_totals(f, deal), deal) for f in findings)
        if restart:
            self.fresh = True
        self.board = deal.board
        self.position = self.position + 1 if self.position else deal.board
        self.seat = seat if seat is not None else (rules.left_of(self.seat) if self.seat is not None else None)
        self.last = deal
        return out, before

    def _which_totals(self, finding: Finding, deal) -> Finding:
        """A game end (BPN707) is judged on the running total of the scores, which the
        score sheet and ``standings`` show too; where the deal's Total tag reads otherwise
        (a slip reported as BPN603, here or before), the message says which it means."""
        if finding.code != "BPN707" or deal.total is None or self.totals is None:
            return finding
        if tuple(deal.total) == tuple(self.totals):
            return finding
        return finding._replace(message=f"{finding.message} (by the running total of the scores, "
                                f"{signed_text(self.totals)}; the Total tag reads {signed_text(deal.total)})")

    def _follow_totals(self, deal, result: DealResult, out: list[Diagnostic]) -> None:
        """BPN603: a Total is right if it is the true running sum of the scores, or the
        previous written Total plus this score (an earlier slip carried on): either way
        one slip gives one diagnostic. After a game ends the sums start again from 0."""
        score = result.score
        if self.fresh:
            known = score if score is not None else deal.total
            self.true = self.written = (0,) * len(known) if known is not None else None
            self.fresh = False
        if score is not None:
            true = _add(self.true, score)
            carried = _add(self.written, score)
            if deal.total is not None and (true or carried) and tuple(deal.total) not in (true, carried):
                expected = true or carried
                out.append(diag("BPN603", f"the running total after this deal is {signed_text(expected)} "
                                f"(the scores so far add up to it), not {signed_text(deal.total)}",
                                *_at(deal.tag("Total"), deal)))
            self.true = true if true is not None else (tuple(deal.total) if deal.total is not None else None)
        else:
            self.true = tuple(deal.total) if deal.total is not None else None
        self.written = tuple(deal.total) if deal.total is not None else self.true
        self.totals = self.true if self.true is not None else self.written

    def finish(self) -> list[Diagnostic]:
        """End the current session: what the game says of its end (BPN704 a tie)."""
        if not self.active or self.last is None:
            return []
        self.active = False
        last = self.last
        return [_located(f, last) for f in self.rules.finish(last, self.board, self.totals)]
