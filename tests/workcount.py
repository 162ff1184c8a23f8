"""Deterministic measures of work, for tests that a path is linear.

Wall-clock and CPU times vary with the machine and its load; the number of Python
lines a call executes does not: the same input runs the same lines on every run and
every machine. A Python-level loop that goes over the input again for each item (the
way quadratic paths in a reader usually look) makes that count grow with the square
of the input.
"""

from __future__ import annotations

import sys
from collections.abc import Callable


def lines_run(fn: Callable[[], object]) -> int:
    """The number of Python line events while ``fn()`` runs (``sys.settrace``)."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def trace(frame, event, arg):
        return local

    old = sys.gettrace()
    sys.settrace(trace)
    try:
        fn()
    finally:
        sys.settrace(old)
    return count


def growth(make: Callable[[int], Callable[[], object]], n: int, factor: int) -> float:
    """How many times more lines ``make(factor * n)()`` runs than ``make(n)()``: about
    ``factor`` for linear code, about ``factor ** 2`` for quadratic code."""
    make(n)()  # build what is built once (the parser) outside the count
    return lines_run(make(factor * n)) / lines_run(make(n))
