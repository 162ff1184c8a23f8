"""What the commands share: finding input files, opening them, and the consoles."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from bismarck_pbn.format.writer import UNWRITABLE  # noqa: F401  (re-exported for the commands)
from bismarck_pbn.sources import STDIN, ReadFailure, Source, read_text, syntax_problems  # noqa: F401


def out_console() -> Console:
    """Standard output: colour only on a terminal, long lines never wrapped."""
    return Console(soft_wrap=True, highlight=False)


def err_console() -> Console:
    return Console(stderr=True, soft_wrap=True, highlight=False)


def collect(paths: list[str], err: Console) -> tuple[list[Source], bool]:
    """Files named, ``*.bpn`` below directories named (sorted), and ``-`` for stdin.
    Returns the sources and whether some path could not be used (reported on ``err``)."""
    sources: list[Source] = []
    bad = False
    for raw in paths:
        if raw == STDIN:
            sources.append(Source("<stdin>", None))
            continue
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.bpn") if p.is_file())
            if not found:
                err.print(f"bpn: {raw}: no *.bpn files in this directory", style="yellow")
            sources.extend(Source(str(p), p) for p in found)
        elif path.is_file():
            sources.append(Source(raw, path))
        elif path.exists():
            err.print(f"bpn: {raw}: not a regular file", style="red")
            bad = True
        else:
            err.print(f"bpn: {raw}: no such file or directory", style="red")
            bad = True
    return sources, bad
