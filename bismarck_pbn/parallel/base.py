"""The executor interface and its failure (see :mod:`bismarck_pbn.parallel`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any


class Unavailable(Exception):
    """The work cannot be run where it was asked to run; the message says why, in one line."""


class Executor:
    """Runs ``fn(*args)`` for each ``args`` of a stream and yields the results in order."""

    workers: int = 1
    """How many items can run at once."""
    in_process: bool = False
    """True when the items run here, one after the other (``--jobs 1``)."""
    sees_files: bool = True
    """True when the workers see this machine's files (local processes); a cluster's
    workers are sent the bytes of a file instead of its path."""

    def map(self, fn: Callable[..., Any], items: Iterable[tuple[Any, ...]],
            ahead: int | None = None) -> Iterator[Any]:
        """``fn(*args)`` for each of ``items``, in their order. At most ``ahead`` items
        (default twice :attr:`workers`) are submitted and not yet yielded."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop the workers (or leave the cluster); pending work is cancelled."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
