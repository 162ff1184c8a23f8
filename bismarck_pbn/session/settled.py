"""The score a deal's session settles for it, where the standing before the deal decides
it (Swedish Whist's exits), for views that show one deal: ``show`` and the replay.

The validator works it out (``Checked.settled``) as it checks a session in order; these
two functions ask it for all the deals of a file, or for one deal and the session up to it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bismarck_pbn.check.validate import validate_deals
from bismarck_pbn.model.deal import Deal


def settled_scores(deals: Sequence[Deal]) -> dict[int, tuple[int, ...]]:
    """Deal number → the score its session settles for it, where the standing before
    the deal decides it (Swedish Whist's exits: ``Checked.settled``). O(n)."""
    return {c.deal.number: c.settled for c in validate_deals(deals) if c.settled is not None}


def settled_score(deals: Sequence[Deal], index: int) -> tuple[int, ...] | None:
    """:func:`settled_scores` for ``deals[index]`` alone: the deals of its session up
    to it, validated in order. O(the session so far)."""
    deal = deals[index]
    if deal.board is None:
        return None
    start = index
    for i in range(index - 1, -1, -1):  # back to the session's first board
        before = deals[i]
        if not before.tags or before.board is None:
            continue
        if deals[start].opens_session(before.session_key()):
            break
        start = i
    return settled_scores(deals[start:index + 1]).get(deal.number)
