"""The Dask executor: work items sent to a ``dask.distributed`` cluster
(``--scheduler ADDRESS``, or ``BPN_SCHEDULER``). Needs ``pip install 'bismarck-pbn[dask]'``
here and on every worker.

- An address with no scheduler behind it is refused within :data:`CONNECT_TIMEOUT`
  seconds (one line, exit 2), never a hang; so is a cluster with no worker.
- Every worker must run this version of bismarck-pbn: a worker with another (or
  without it) is refused in one line before any work is sent. A worker that joins
  later is held to the same: every item carries this version, and a worker of another
  refuses to run it (:func:`checked`); the scheduler may run the item again on a worker
  of the right version, and when it cannot the run stops with the same one line.
- A worker lost in the middle of a run costs only time: the scheduler runs its items
  again on the others (an item is a pure function of its arguments, and the results
  are taken in input order, so nothing is lost or repeated). An item that kills
  workers more often than the cluster allows (``allowed-failures``) ends the run.
- Ctrl-C (or any failure here) cancels the items still on the cluster.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from bismarck_pbn.parallel.base import Executor, Unavailable

INSTALL = "pip install 'bismarck-pbn[dask]'"
CONNECT_TIMEOUT = float(os.environ.get("BPN_SCHEDULER_TIMEOUT", "5"))
"""Seconds to reach the scheduler and to wait for a first worker (``BPN_SCHEDULER_TIMEOUT``)."""
RETRIES = 2
"""Times an item that raised is run again (a worker lost is the scheduler's to retry)."""


def worker_version() -> str:
    """Run on each worker: the version of bismarck-pbn it imports."""
    import bismarck_pbn

    return bismarck_pbn.__version__


class WrongVersion(Exception):
    """Raised on a worker asked to run an item of another version of bismarck-pbn."""


def checked(version: str, fn: Callable[..., Any], *args: Any) -> Any:
    """Run on a worker: ``fn(*args)``, if this worker runs bismarck-pbn ``version``."""
    here = worker_version()
    if here != version:
        from distributed import get_worker

        raise WrongVersion(here, get_worker().address)
    return fn(*args)


def _refusal(worker: str, version: str, ours: str) -> str:
    return f"the worker {worker} runs bismarck-pbn {version}, this is {ours}: install the same version on every worker"


class Cluster(Executor):
    """A client of the Dask scheduler at ``address``; raises :class:`Unavailable`."""

    sees_files = False  # (the workers may be other machines)

    def __init__(self, address: str, timeout: float | None = None) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise Unavailable(f"--scheduler needs Dask, which is not installed: {INSTALL}") from None
        import bismarck_pbn

        timeout = CONNECT_TIMEOUT if timeout is None else timeout
        self.address = address
        try:
            self.client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            why = str(exc).split("\n")[0] or type(exc).__name__
            raise Unavailable(f"cannot reach a Dask scheduler at {address} within {timeout:g} s ({why})") from None
        try:
            try:
                self.client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError):
                raise Unavailable(f"the Dask scheduler at {address} has no worker (start one with "
                                  f"`dask worker {address}`)") from None
            try:
                versions: dict[str, str] = self.client.run(worker_version)
            except Exception as exc:  # a worker that cannot even import the package
                raise Unavailable(f"a worker of {address} cannot run bismarck-pbn ({type(exc).__name__}: {exc}): "
                                  f"install bismarck-pbn {bismarck_pbn.__version__} on every worker") from None
            for worker, version in sorted(versions.items()):
                if version != bismarck_pbn.__version__:
                    raise Unavailable(_refusal(worker, version, bismarck_pbn.__version__))
            info = self.client.scheduler_info()
            self.workers = sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()) or 1
        except BaseException:
            self.client.close()
            raise

    def map(self, fn: Callable[..., Any], items: Iterable[tuple[Any, ...]],
            ahead: int | None = None) -> Iterator[Any]:
        import bismarck_pbn
        from distributed import KilledWorker

        version = bismarck_pbn.__version__
        limit = max(2, ahead or 2 * self.workers)
        pending: deque[Any] = deque()
        try:
            for args in items:
                pending.append(self.client.submit(checked, version, fn, *args, pure=False, retries=RETRIES))
                if len(pending) > limit:
                    yield self._result(pending.popleft(), version)
            while pending:
                yield self._result(pending.popleft(), version)
        except KilledWorker as exc:
            raise Unavailable(f"one work item killed workers of {self.address} more often than the cluster "
                              f"allows (distributed.scheduler.allowed-failures); stopped ({exc})") from None
        except (OSError, TimeoutError) as exc:
            raise Unavailable(f"lost the Dask scheduler at {self.address} ({exc})") from None
        finally:  # Ctrl-C, a failure, or a reader that stopped early: nothing is left running
            if pending:
                self.client.cancel(list(pending))

    def _result(self, future: Any, version: str) -> Any:
        try:
            return future.result()
        except WrongVersion as exc:
            theirs, worker = exc.args
            raise Unavailable(_refusal(worker, theirs, version)) from None

    def close(self) -> None:
        self.client.close()
