"""What the validator makes of a deal: :class:`DealResult` (the tricks, score and replay
it found) and :class:`Checked` (a deal with its diagnostics and result).

Below both the validator (:mod:`bismarck_pbn.check.validate`, which keeps these names
importable) and the session checks (:mod:`bismarck_pbn.check.session`), which read a
deal's result.
"""

from __future__ import annotations

from typing import NamedTuple

from bismarck_pbn.check.replay import Replay
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.model.deal import Deal


class DealResult(NamedTuple):
    """What the validator learned of a deal, for session checks and for callers."""

    tricks: tuple[int, ...] | None
    """Final tricks: by seat from the play when complete, else as the Tricks tag gives them."""
    score: tuple[int, ...] | None
    """Score by seat or side: computed when the tricks are known, else the Score tag."""
    replay: Replay | None
    basis: tuple | None = None
    """What the session scores the deal from, where the standing before it decides
    (:meth:`~bismarck_pbn.games.base.Ruleset.score_basis`); None elsewhere."""


class Checked(NamedTuple):
    """A deal with its diagnostics (the reader's and the validator's) and its result."""

    deal: Deal
    diagnostics: list[Diagnostic]
    result: DealResult
    total: tuple[int, ...] | None = None
    """The session's running total after this deal, as far as it is known."""
    settled: tuple[int, ...] | None = None
    """The deal's score as its session settles it: the result's, or where the standing
    before the deal decides it (Swedish Whist's exits) the session's; None outside a session."""
    points: tuple[int, ...] | None = None
    """Each seat's individual points in the deal, in a game that keeps them (Swedish Whist)."""
    marks: tuple[tuple[str, int], ...] = ()
    """What the deal reached in its session, as (what, side index) pairs (Swedish Whist's exits)."""

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)
