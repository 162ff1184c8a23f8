"""What the commands share: finding input files, opening them, and the consoles."""

from __future__ import annotations

from enum import Enum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from bismarck_pbn.format.writer import UNWRITABLE  # noqa: F401  (re-exported for the commands)
from bismarck_pbn.sources import STDIN, ReadFailure, Source, is_stream, read_text, syntax_problems  # noqa: F401

if TYPE_CHECKING:
    from rich.console import Console


@cache
def _console_class() -> type[Console]:
    """rich's console, imported when a command first prints through it (bpn validate to
    a file or a pipe never does: see cli/lines.py)."""
    from rich.console import Console

    class _Console(Console):
        """A rich console that lets a broken pipe through to :class:`Group` (status 141):
        rich's own ends the program with status 1. Ours are made without markup: what they
        print holds tag values and paths, whose square brackets are text ('Anna [captain]'),
        never styles (styles come as rich Text and the style= argument)."""

        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return _Console


def out_console() -> Console:
    """Standard output: colour only on a terminal, long lines never wrapped."""
    return _console_class()(soft_wrap=True, highlight=False, markup=False)


def err_console() -> Console:
    return _console_class()(stderr=True, soft_wrap=True, highlight=False, markup=False)


STDIN_TWICE = "bpn: - (standard input) can be given only once"


def collect(paths: list[str], err: Console, streams: bool = True) -> tuple[list[Source], bool]:
    """Files named, ``*.bpn`` below directories named (sorted), and ``-`` for stdin.
    With ``streams`` a named pipe or character device is read as a file is (``<(cat
    x.bpn)``): for a command that reads each input once, not one that rewrites it.
    Returns the sources and whether some path could not be used (reported on ``err``)."""
    sources: list[Source] = []
    bad = False
    for raw in paths:
        if raw == STDIN:
            if any(s.path is None for s in sources):
                err.print(STDIN_TWICE, style="red")
                bad = True
                continue
            sources.append(Source("<stdin>", None))
            continue
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.bpn") if p.is_file())
            if not found:
                err.print(f"bpn: {raw}: no *.bpn files in this directory", style="yellow")
            sources.extend(Source(str(p), p) for p in found)
        elif path.is_file() or (streams and is_stream(path)):
            sources.append(Source(raw, path))
        elif path.exists():
            err.print(f"bpn: {raw}: not a regular file", style="red")
            bad = True
        else:
            err.print(f"bpn: {raw}: no such file or directory", style="red")
            bad = True
    return sources, bad


# ---- --format, shared by validate, show and analyse --------------------------------------

class Format(str, Enum):
    """What ``--format`` chooses: text for people, or json, the same as data. (standings
    has its own, with csv.)"""

    text = "text"
    json = "json"


# ---- --side, shared by analyse, show, html and replay -----------------------------------

SIDE_HELP = ("for this seat's side (its partnership; in Bismarck that seat alone against the "
             "other two, a defender's quota question). Default: the game's own (see the game's page).")
"""The help of every ``--side SEAT`` option, after its verb (the double-dummy values are the same everywhere)."""


def side_problem(side: int | None, deals: list) -> str | None:
    """Why ``--side side`` fits none of ``deals`` (a seat no deal has), or None when it
    fits one at least (or is not given). O(len(deals))."""
    if side is None or not deals or any(side <= d.seats for d in deals):
        return None
    most = max(d.seats for d in deals)
    if len(deals) == 1:
        return f"--side {side}: the deal has seats 1 to {most}"
    return f"--side {side}: the deals here have seats 1 to {most}"


# ---- --jobs and --scheduler, shared by validate, convert, analyse and standings ---------

JOBS_HELP = ("Worker processes on this machine (1: none, the work is done in this process; 0: one per "
             "core). Default: one per core when the input is large enough to pay for starting them.")
SCHEDULER_HELP = ("Send the work to the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786), "
                  "instead of local processes; default $BPN_SCHEDULER. Needs pip install 'bismarck-pbn[dask]' "
                  "here and on the workers.")


def open_executor(jobs: int | None, scheduler: str | None, worth_it: bool = True):
    """The executor for a command's ``--jobs`` and ``--scheduler`` (see
    :func:`bismarck_pbn.parallel.executor`); a choice that cannot be carried out is one
    line on standard error and exit 2 (SystemExit, as typer's Exit ends a command: this
    is also reached without typer, see cli/direct.py)."""
    from bismarck_pbn.parallel import Unavailable, executor, scheduler_address

    if jobs is not None and scheduler:
        err_console().print("bpn: give --jobs (local processes) or --scheduler (a Dask cluster), not both",
                            style="red", highlight=False)
        raise SystemExit(2)
    try:
        return executor(jobs, scheduler_address(scheduler) if jobs is None else None, worth_it=worth_it)
    except Unavailable as exc:
        err_console().print(f"bpn: {exc}", style="red", highlight=False)
        raise SystemExit(2) from None
