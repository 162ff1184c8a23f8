"""``bpn convert`` to JSON or JSON Lines from BPN files with worker processes or a Dask
cluster (``--jobs``, ``--scheduler``): the executor, and the dicts the workers make (:mod:`bismarck_pbn.convert.farm`), their refusals told as
the in-process path tells them. Also the two faults both paths raise, which
:func:`bismarck_pbn.cli.convert.convert_command` turns into its messages and exit
statuses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from bismarck_pbn.cli.common import open_executor
from bismarck_pbn.parallel import Executor

class SyntaxStop(Exception):
    """A deal with syntax errors or a tag given twice: its problems, placed (exit 1)."""


class InputFault(Exception):
    """An input that cannot be converted: the message and the exit status."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def executor_for(paths: list[str], farmed: bool, jobs: int | None, scheduler: str | None) -> Executor:
    """The executor for ``--jobs`` and ``--scheduler``: by default every core when the
    inputs can be shared out (``farmed``) and are large enough to pay for it."""
    from bismarck_pbn.parallel import worth_it

    return open_executor(jobs, scheduler, farmed and worth_it([Path(p) for p in paths]))


def farmed_dicts(paths: list[str], executor: Executor, encoding: str, with_replay: bool) -> Iterator[dict]:
    """:func:`bismarck_pbn.convert.farm.dicts`, its refusals told as the in-process path
    tells them (:class:`InputFault`, :class:`SyntaxStop`)."""
    from bismarck_pbn.convert.farm import Refused, dicts

    try:
        yield from dicts(paths, executor, encoding, with_replay)
    except Refused as exc:
        if exc.not_text:
            raise InputFault(f"bpn: {exc}", 1) from None
        raise SyntaxStop(str(exc)) from None
    except OSError as exc:
        raise InputFault(f"bpn: {exc.filename}: cannot read: {exc.strerror or exc}", 2) from None
