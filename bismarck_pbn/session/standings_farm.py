"""``bpn standings`` of one large file with several processes or a cluster, the way
``validate`` shares one out: the file cut into batches of deals with their session
context (:mod:`bismarck_pbn.check.parallel`), each deal read, replayed, scored and made
into its small :class:`~bismarck_pbn.session.standings.DealFacts` by a worker, and the
sessions followed here, in file order, over those facts by
:func:`~bismarck_pbn.session.standings.follow_standings`, the code path of one process.
What depends on the deals before (the deal's number in its file, the running totals,
the session's diagnostics and so each row's errors) is known only here, so the sheets
are those one process makes. Memory: the executor's bounded number of batches in
flight, and the sessions made (as in one process)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from bismarck_pbn.check.parallel import checked_batches, follow_deals
from bismarck_pbn.check.results import Checked
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.format.encoding import is_not_text
from bismarck_pbn.parallel import Executor
from bismarck_pbn.session.standings import BoardRow, DealFacts, FollowedFacts, Session, deal_facts, follow_standings
from bismarck_pbn.sources import ReadFailure


def made(checked: Checked) -> DealFacts | Diagnostic | None:
    """Worker: the deal's facts (None for a comment block), or the reader's BPN003 for a
    source that is not text."""
    deal = checked.deal
    if deal.number == 0 and deal.problems and is_not_text(deal.problems[0]):
        return deal.problems[0]
    return deal_facts(checked)


def farmed_standings(executor: Executor, path: Path, encoding: str, name: str) -> Iterator[Session | BoardRow]:
    """The sessions and standalone deals of the BPN file at ``path`` (called ``name`` in
    messages), as :func:`~bismarck_pbn.session.standings.iter_standings` gives them, its
    deals checked by ``executor``. Raises, as it is read, :class:`ReadFailure` (exit 1)
    for a source that is not text, OSError for one that cannot be read, LookupError for
    an unknown encoding."""
    followed = follow_deals(checked_batches(executor, path, encoding, made), name, {})

    def deals() -> Iterator[FollowedFacts]:
        for deal in followed:
            facts = deal.made
            if isinstance(facts, Diagnostic):
                raise ReadFailure(str(facts.at(name)), 1)
            yield facts, deal.diagnostics, deal.total, deal.settled, deal.points, deal.marks, deal.offset

    return follow_standings(deals())
