"""Adding and removing commentary in a BPN file without touching any other byte.

(Interface fixed; the implementation is being written.)
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple


class AnnotateError(ValueError):
    """The target does not exist or the edit cannot be made; the message says why."""


class Target(NamedTuple):
    """What to annotate: a deal (numbered from 1 among the deals of the file), and within
    it a tag by name, or a card by trick (from 1) and card (1–3), or neither (the deal)."""

    deal: int
    tag: str | None = None
    trick: int | None = None
    card: int | None = None


def annotate_text(text: str, target: Target, *, comment: str | None = None, kind: str = "{",
                  nag: int | None = None, suffix: str | None = None, clear: bool = False) -> str:
    """Return ``text`` with the edit made at ``target``; every other byte unchanged."""
    raise NotImplementedError


def annotate_file(path: str | Path, target: Target, **edit) -> tuple[str, str]:
    """Edit the file at ``path`` atomically; return (old text, new text). Raises
    :class:`AnnotateError` for a bad target and ``safewrite.ChangedOnDisk`` when the
    file changed on disk while being edited."""
    raise NotImplementedError
