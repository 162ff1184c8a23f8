"""``bpn --help`` and ``bpn COMMAND --help`` from a cache: the text typer and rich wrote
the first time, written again without importing them.

Rendering help imports typer, click and rich (its Markdown, tables and panels), and a
command's help imports the command's module and the library under it: several times
the interpreter's own start, for text that changes only with the program and the
terminal. The first ``bpn --help`` (or ``-h``, or ``bpn COMMAND --help``) renders it
with typer as any other invocation does, recording what is written to standard
output; later ones with the same key write the recorded text and stop.

The key is everything the text depends on: the arguments, the package's version, the
size, time and inode of every source of ``bismarck_pbn/cli`` (for a command's help,
of the whole package), so that an editable install never shows stale help, the same
of typer's, click's and rich's ``__init__.py`` (an upgrade), the Python, whether
standard output is a terminal, its encoding, the terminal's size, and every
environment variable typer, click or rich read for help (:data:`ENVIRONMENT`). The
key is stored whole in the entry and compared, never only a hash of it.

The cache is the parser's (:mod:`bismarck_pbn.cachedir`): ``$BPN_CACHE_DIR``, else
``$XDG_CACHE_HOME/bismarck-pbn/``, else ``~/.cache/bismarck-pbn/``, one small file
``help-*`` per key, the 64 written last; deleting it is always safe, and
``BPN_CACHE_DIR=""`` turns it off.
An entry is written to a temporary file renamed into place; a cache that cannot be
read or written is skipped silently.
Help that wrote to standard error, or ended other than with status 0, is not kept.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

ENVIRONMENT = ("COLUMNS", "LINES", "JUPYTER_COLUMNS", "JUPYTER_LINES", "TERMINAL_WIDTH", "NO_COLOR", "FORCE_COLOR",
               "PY_COLORS", "GITHUB_ACTIONS", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLORTERM", "TERM",
               "_TYPER_FORCE_DISABLE_TERMINAL", "TYPER_USE_RICH", "DATABRICKS_RUNTIME_VERSION", "LANGUAGE", "LC_ALL",
               "LC_MESSAGES", "LC_CTYPE", "LANG", "PYTHONIOENCODING")
"""The environment variables that typer, click or rich read in rendering help."""

LIBRARIES = ("typer", "click", "rich")


def _stamp(path: str) -> tuple[str, int, int, int]:
    found = os.stat(path)
    return path, found.st_mtime_ns, found.st_size, found.st_ino


def _library_files() -> list[tuple[str, int, int, int]]:
    """The stamps of typer's, click's and rich's ``__init__.py``, found as import would find them."""
    from importlib.machinery import PathFinder

    stamps = []
    for name in LIBRARIES:
        spec = PathFinder.find_spec(name)
        if spec is None or not spec.origin:
            raise OSError(f"{name} not found")
        stamps.append(_stamp(spec.origin))
    return stamps


def _terminal_size() -> tuple[int, int] | None:
    for fd in (0, 1, 2):  # as rich measures it: the first standard stream that is a terminal
        try:
            return tuple(os.get_terminal_size(fd))  # type: ignore[return-value]
        except (AttributeError, ValueError, OSError):
            continue
    return None


def key(argv: list[str]) -> str:
    """Everything the help for ``argv`` depends on, as one line of text."""
    import builtins

    from bismarck_pbn import __version__

    here = os.path.dirname(os.path.abspath(__file__))
    if len(argv) == 1:  # the group's help: the table and the group, all in cli/
        sources = sorted(_stamp(entry.path) for entry in os.scandir(here) if entry.name.endswith(".py"))
    else:  # a command's help: its module, and whatever of the package that imports
        package = os.path.dirname(here)
        sources = sorted(_stamp(os.path.join(folder, name)) for folder, _, names in os.walk(package)
                         for name in names if name.endswith(".py"))
    out = sys.stdout
    return repr((
        1, argv, __version__, sources, _library_files(), sys.version, sys.platform,
        out.isatty(), out.encoding, out.errors, _terminal_size(), hasattr(builtins, "get_ipython"),
        [(name, os.environ.get(name)) for name in ENVIRONMENT],
    ))


def _entry(line: str) -> str | None:
    import zlib

    from bismarck_pbn.cachedir import cache_folder

    folder = cache_folder()
    if folder is None:
        return None
    return os.path.join(folder, f"help-{zlib.crc32(line.encode('utf-8', 'surrogateescape')):08x}")


def cached(line: str) -> str | None:
    """The help recorded under the key ``line``, or None."""
    path = _entry(line)
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8", errors="surrogateescape", newline="") as fp:
            if fp.readline() != line + "\n":
                return None
            return fp.read()
    except (OSError, ValueError):
        return None


def store(line: str, text: str) -> None:
    """Keep ``text`` under the key ``line``; silently nothing when the cache cannot be written."""
    path = _entry(line)
    if path is None:
        return
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "x", encoding="utf-8", errors="surrogateescape", newline="") as fp:
            fp.write(line + "\n" + text)
        os.replace(temporary, path)
        _prune(os.path.dirname(path))
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(temporary)


KEPT = 64
"""The most entries kept: a terminal resized often makes a new key at each width."""


def _prune(folder: str) -> None:
    """Remove the least recently written entries beyond :data:`KEPT`."""
    entries = [entry for entry in os.scandir(folder) if entry.name.startswith("help-") and entry.name[-4:] != ".tmp"]
    if len(entries) > KEPT:
        entries.sort(key=lambda entry: entry.stat().st_mtime_ns)
        for entry in entries[: len(entries) - KEPT]:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


class _Recorder:
    """A text stream that writes through to ``stream`` and keeps what was written. A
    writer that goes round it (to the binary buffer, say) makes the record incomplete."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.parts: list[str] = []
        self.whole = True

    def write(self, text: Any) -> int:
        written = self.stream.write(text)
        if type(text) is str:
            self.parts.append(text)
        else:
            self.whole = False
        return written

    def __getattr__(self, name: str) -> Any:
        if name in ("buffer", "writelines", "detach", "reconfigure"):
            self.whole = False
        return getattr(self.stream, name)


def help_from_cache(argv: list[str]) -> None:
    """``bpn ARGV`` (``--help``, ``-h``, ``COMMAND --help``, ``COMMAND -h``): write the help recorded before, or render it
    with typer and record it. Ends with SystemExit, as typer's help does."""
    try:
        line: str | None = key(argv)
    except (OSError, ValueError, AttributeError):
        line = None
    text = cached(line) if line is not None else None
    if text is not None:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:  # as rich's console ends then (Console.on_broken_pipe): status 1
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(1) from None
        raise SystemExit(0)
    from bismarck_pbn.cli.root import app

    out, err = _Recorder(sys.stdout), _Recorder(sys.stderr)
    sys.stdout, sys.stderr = out, err
    try:
        app(prog_name="bpn")
    except SystemExit as exc:
        if exc.code in (0, None) and out.whole and err.whole and not err.parts and line is not None:
            store(line, "".join(out.parts))
        raise
    finally:
        sys.stdout, sys.stderr = out.stream, err.stream
