"""``bpn convert`` to JSON or JSON Lines with several processes or a cluster: BPN files
cut into batches (:mod:`bismarck_pbn.check.parallel`), each deal read, checked and
made into its JSON dict by a worker, and the sessions followed here, in file order,
over every input as one stream, as :func:`~bismarck_pbn.convert.jsonio.iter_dicts`
follows them. What depends on the deals before (the deal's number in its file, the
running total and the errors of ``--with-replay``) is set here, so the dicts are those
one process makes."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from itertools import chain
from pathlib import Path
from typing import Any

from bismarck_pbn.check.parallel import checked_batches, follow
from bismarck_pbn.check.results import Checked
from bismarck_pbn.format.encoding import is_not_text
from bismarck_pbn.format.writer import UNWRITABLE
from bismarck_pbn.parallel import Executor


class Refused(Exception):
    """A deal that cannot be converted (``code`` 1): its message, placed."""

    def __init__(self, message: str, not_text: bool = False) -> None:
        super().__init__(message)
        self.not_text = not_text


def made(checked: Checked, name: str, with_replay: bool) -> tuple[str, Any, bool]:
    """Worker: ("dict", the deal's dict, whether its game is known), or ("stop", message)
    for a deal convert refuses (not text; syntax errors or a tag given twice)."""
    from bismarck_pbn.convert.jsonio import _table, deal_to_dict

    deal = checked.deal
    if deal.number == 0 and deal.problems and is_not_text(deal.problems[0]):
        return "text", str(deal.problems[0].at(name)), False
    bad = [p for p in deal.problems if p.code in UNWRITABLE]
    if bad:
        return "stop", "\n".join(str(p.at(name)) for p in bad), False
    return "dict", deal_to_dict(checked, with_replay=with_replay), _table(deal)[0] is not None


def dicts(paths: list[str], executor: Executor, encoding: str, with_replay: bool) -> Iterator[dict]:
    """The JSON dicts of the deals of BPN files, in order, as ``iter_dicts`` gives them
    for the deals of all the files read one after the other. Raises :class:`Refused`."""
    results = chain.from_iterable(
        checked_batches(executor, Path(path), encoding, partial(made, name=path, with_replay=with_replay))
        for path in paths)
    for diagnostics, (_, value, known), total, offset in follow(_refusing(results), "", {}):
        value["number"] += offset if value["number"] else 0
        if with_replay and "result" in value:
            value["result"]["total"] = list(total) if total is not None and known else None
            value["result"]["errors"] = sum(1 for d in diagnostics if d.is_error)
        yield value


def _refusing(results: Iterator[tuple[list, int]]) -> Iterator[tuple[list, int]]:
    """The batches up to a deal convert refuses; then :class:`Refused`, raised when the
    deal is read, as the reader raises it: the deal before it is not yet given out
    (``validate_deals`` gives a deal once it has read the next)."""
    for batch, offset in results:
        for i, item in enumerate(batch):
            kind, value, _ = item[3]
            if kind != "dict":
                yield batch[:i], offset
                raise Refused(value, not_text=kind == "text")
        yield batch, offset
