"""The ``bpn`` command: a thin layer over the library.

Each sub-command lives in its own module and imports only what it needs, so that
``bpn validate`` never loads the TUI. Exit codes are the same everywhere:
0 all well, 1 the input has errors (or warnings under ``--strict``), 2 usage errors,
unreadable files, or a failure of the tool itself. No command prints a traceback.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from bismarck_pbn.cli.commands import COMMANDS

if TYPE_CHECKING:
    from bismarck_pbn.cli.root import app

__all__ = ["COMMANDS", "app", "main"]


def __getattr__(name: str) -> object:
    """``app``, the typer application, imported when first asked for (cli/root.py)."""
    if name == "app":
        from bismarck_pbn.cli.root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console entry point: run the app, turning any unexpected failure into a message."""
    try:
        _run(sys.argv[1:])
    except SystemExit:
        raise
    except BrokenPipeError:
        # The reader of our output went away (`bpn convert ... | head`): stop quietly,
        # as git does, with the status of a SIGPIPE.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(141) from None
    except KeyboardInterrupt:
        sys.stderr.write("bpn: interrupted\n")
        raise SystemExit(130) from None
    except Exception as exc:  # never a traceback for the user
        from bismarck_pbn.analysis._native import NativeUnavailable

        if isinstance(exc, NativeUnavailable):  # BPN_SOLVER=native on a machine without the C core
            sys.stderr.write(f"bpn: {exc}\n")
            raise SystemExit(2) from None
        sys.stderr.write(f"bpn: internal error: {type(exc).__name__}: {exc}\n"
                         "Please report this with the file that caused it.\n")
        raise SystemExit(2) from None


def _run(argv: list[str]) -> None:
    """Run ``bpn ARGV``: a plain ``bpn validate`` without typer (cli/direct.py), a
    ``bpn --help`` or ``bpn COMMAND --help`` rendered before from the cache
    (cli/helpcache.py), anything else (and
    whatever those decline) by typer, the one source of help, errors and completion."""
    if not os.environ.get("_BPN_COMPLETE"):  # typer's completion variable, for prog_name bpn
        if argv[-1:] in (["--help"], ["-h"]) and (len(argv) == 1 or (len(argv) == 2 and argv[0] in COMMANDS)):
            from bismarck_pbn.cli.helpcache import help_from_cache

            help_from_cache(argv)  # SystemExit when it wrote the help
            return
        if argv[:1] == ["validate"]:
            from bismarck_pbn.cli.direct import run_validate

            run_validate(argv[1:])  # SystemExit when it ran the command
    from bismarck_pbn.cli.root import app

    app(prog_name="bpn")  # also under `python -m bismarck_pbn`, so completion is for bpn
