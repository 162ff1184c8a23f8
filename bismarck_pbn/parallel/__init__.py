"""Running the same work on one core, on every local core, or on a Dask cluster.

Every command that can take long (``validate``, ``convert``, ``analyse``,
``standings``) cuts its input into an ordered stream of work items (whole files,
batches of deals with their session context, single deals for the solver) and hands
them with one picklable function to an :class:`Executor`, which gives the results back
**in input order**, whatever finished first, with a bounded number of items in flight
(so memory stays flat however long the input). The command then writes exactly what
it writes with ``--jobs 1``: where the work ran never shows in the output.

Three executors, one interface (:meth:`Executor.map`):

- :class:`~bismarck_pbn.parallel.local.InProcess` (``--jobs 1``): a plain loop.
- :class:`~bismarck_pbn.parallel.local.Pool` (``--jobs N``; the default is one per
  core when the input is large enough to pay for starting processes).
- :class:`~bismarck_pbn.parallel.cluster.Cluster` (``--scheduler ADDRESS`` or
  ``BPN_SCHEDULER``): a ``dask.distributed`` client; Dask is imported only then.

:func:`executor` chooses; a choice that cannot be carried out (Dask not installed, no
scheduler at the address, a worker running another version) raises
:class:`Unavailable`, whose message is the one line the command prints before exiting 2.
"""

from __future__ import annotations

import os
from pathlib import Path

from bismarck_pbn.parallel.base import Executor, Unavailable

__all__ = ["BIG_FILE", "SCHEDULER_ENV", "WORTH_IT", "Executor", "Unavailable", "cores", "executor", "scheduler_address",
           "worth_it"]

BIG_FILE = 4 << 20
"""Files larger than this (bytes) are split into batches; smaller ones go whole."""
WORTH_IT = 1 << 20
"""Bytes of input below which starting processes costs more than it saves (the default
``--jobs`` then runs in-process)."""

SCHEDULER_ENV = "BPN_SCHEDULER"
"""The environment variable naming a Dask scheduler, for every command at once."""


def worth_it(paths: list[Path]) -> bool:
    """Whether these files hold enough to share out: :data:`WORTH_IT` bytes in all, in
    more than one work item (several files, or one cut into batches). Here, not in
    ``check/parallel.py``, so that deciding costs ``bpn validate`` no import."""
    sizes = []
    for path in paths:
        try:
            sizes.append(path.stat().st_size)
        except OSError:
            continue
    return sum(sizes) >= WORTH_IT and (len(sizes) > 1 or any(size > BIG_FILE for size in sizes))


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def scheduler_address(option: str | None) -> str | None:
    """The scheduler asked for: ``--scheduler``, else ``BPN_SCHEDULER`` (empty: none)."""
    if option:
        return option
    return os.environ.get(SCHEDULER_ENV) or None


def executor(jobs: int | None = None, scheduler: str | None = None, *, worth_it: bool = True) -> Executor:
    """The executor for ``--jobs`` and ``--scheduler``. ``jobs``: None for the default
    (every core if ``worth_it``, else in-process), 0 for every core, 1 in-process, N
    processes. ``scheduler``: a Dask scheduler's address (it wins unless ``jobs`` is
    given: a command line's ``--jobs`` beats ``BPN_SCHEDULER`` in the environment; the
    caller refuses the two options together). Raises :class:`Unavailable`."""
    from bismarck_pbn.parallel.local import InProcess, Pool

    if scheduler and jobs is None:
        from bismarck_pbn.parallel.cluster import Cluster

        return Cluster(scheduler)
    if jobs is None:
        jobs = cores() if worth_it else 1
    elif jobs == 0:
        jobs = cores()
    return InProcess() if jobs <= 1 else Pool(jobs)
