"""The two local executors: a plain loop (``--jobs 1``) and a pool of processes."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from bismarck_pbn.parallel.base import Executor, Unavailable

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor


class InProcess(Executor):
    """Runs each item here, one after the other: what ``--jobs 1`` means."""

    workers = 1
    in_process = True

    def map(self, fn: Callable[..., Any], items: Iterable[tuple[Any, ...]],
            ahead: int | None = None) -> Iterator[Any]:
        for args in items:
            yield fn(*args)


class Pool(Executor):
    """``jobs`` worker processes on this machine, started on first use. A worker keeps
    what it makes once (the solver, the parser's tables) for every item it runs."""

    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        self._pool: ProcessPoolExecutor | None = None

    def map(self, fn: Callable[..., Any], items: Iterable[tuple[Any, ...]],
            ahead: int | None = None) -> Iterator[Any]:
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        pool = self._pool
        limit = max(1, ahead or 2 * self.workers)
        pending: deque[Future[Any]] = deque()
        try:
            for args in items:
                pending.append(pool.submit(fn, *args))
                if len(pending) > limit:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        except BrokenProcessPool:
            raise Unavailable("a worker process died (out of memory, or killed): "
                              "run again, or with --jobs 1") from None
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
