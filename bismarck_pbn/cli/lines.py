"""Lines of text for a stream that is not a terminal, written without importing rich.

Where no colour can show (output to a file, a pipe, an editor's process), rich's
console writes a line's text as it is, and importing rich costs as much as the rest of
``bpn validate`` of a small file. :func:`line_console` gives such a stream a
:class:`Lines`, which writes the text itself, and any other stream rich's console.
Whatever rich would change, it still does: text with a control character (rich drops
some and expands tabs) and a string with an emoji code such as ``:smile:`` (rich
replaces it) go through rich, made when first needed. tests/test_startup.py holds the
two to the same bytes.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_CONTROL_OR_EMOJI = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]|:\S*?:")

Part = str | tuple[str, str]
"""A piece of a line: text, or text and its rich style ("bold", "red", "" for none)."""


def plain_stream(stderr: bool = False) -> bool:
    """Whether rich would write to this stream without colour or other escapes: it is
    not a terminal, and no variable (FORCE_COLOR, TTY_COMPATIBLE) says to treat it as one."""
    if "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ:
        return False
    import builtins

    if hasattr(builtins, "get_ipython"):  # Jupyter: rich has its own ways there
        return False
    stream = sys.stderr if stderr else sys.stdout
    try:
        return not stream.isatty()
    except (AttributeError, ValueError):
        return False


class Lines:
    """The part of a rich console that bpn validate uses, for a stream that is not a
    terminal: ``print`` of a string, :meth:`line` of parts, ``file`` and ``is_terminal``."""

    is_terminal = False

    def __init__(self, stderr: bool = False) -> None:
        self._stderr = stderr
        self._rich: Any = None

    @property
    def file(self) -> Any:
        return sys.stderr if self._stderr else sys.stdout

    def rich(self) -> Any:
        """rich's console for this stream, for what only rich writes as rich does."""
        if self._rich is None:
            from bismarck_pbn.cli.common import err_console, out_console

            self._rich = err_console() if self._stderr else out_console()
        return self._rich

    def _write(self, text: str) -> None:
        file = self.file
        file.write(text + "\n")
        file.flush()  # as rich does after each print: stdout and stderr stay in order in one file

    def print(self, *objects: Any, style: str | None = None, **options: Any) -> None:
        if len(objects) == 1 and type(objects[0]) is str and not options \
                and not _CONTROL_OR_EMOJI.search(objects[0]):
            self._write(objects[0])
        else:
            self.rich().print(*objects, style=style, **options)

    def line(self, *parts: Part) -> None:
        texts = [part if isinstance(part, str) else part[0] for part in parts]
        if any(_CONTROL.search(text) for text in texts):
            say(self.rich(), *parts)
        else:
            self._write("".join(texts))


def line_console(stderr: bool = False) -> Any:
    """:class:`Lines` for a stream rich would write plainly, else rich's console."""
    if plain_stream(stderr):
        return Lines(stderr)
    from bismarck_pbn.cli.common import err_console, out_console

    return err_console() if stderr else out_console()


def say(console: Any, *parts: Part) -> None:
    """One line made of ``parts`` on ``console`` (:class:`Lines` or rich's), styled where
    styles show."""
    if isinstance(console, Lines):
        console.line(*parts)
        return
    from rich.text import Text

    console.print(Text.assemble(*parts))
