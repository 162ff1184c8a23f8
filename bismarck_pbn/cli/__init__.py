"""The ``bpn`` command: a thin layer over the library.

Each sub-command lives in its own module and imports only what it needs, so that
``bpn validate`` never loads the TUI. Exit codes are the same everywhere:
0 all well, 1 the input has errors (or warnings under ``--strict``), 2 usage errors,
unreadable files, or a failure of the tool itself. No command prints a traceback.
"""

from __future__ import annotations

import sys

import typer

from bismarck_pbn.cli.analyse import analyse_command
from bismarck_pbn.cli.common import Command, Group
from bismarck_pbn.cli.annotate import annotate_command
from bismarck_pbn.cli.convert import convert_command, schema_command
from bismarck_pbn.cli.deal import deal_command
from bismarck_pbn.cli.fmt import fmt_command
from bismarck_pbn.cli.html import html_command
from bismarck_pbn.cli.record import record_command
from bismarck_pbn.cli.replay import replay_command
from bismarck_pbn.cli.serve import serve_command
from bismarck_pbn.cli.show import show_command
from bismarck_pbn.cli.standings import standings_command
from bismarck_pbn.cli.validate import validate_command

app = typer.Typer(
    name="bpn",
    help="Read, check, write and replay Bismarck hand records (BPN 1.0).\n\n"
    "Start with **bpn validate FILE** to check a record card by card. "
    "**bpn --install-completion** adds tab completion to bash, zsh or fish.",
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode="markdown",
    cls=Group,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)
app.command("validate", cls=Command)(validate_command)
app.command("fmt", cls=Command)(fmt_command)
app.command("convert", cls=Command)(convert_command)
app.command("schema", cls=Command)(schema_command)
app.command("show", cls=Command)(show_command)
app.command("replay", cls=Command)(replay_command)
app.command("annotate", cls=Command)(annotate_command)
app.command("analyse", cls=Command)(analyse_command)
app.command("record", cls=Command)(record_command)
app.command("deal", cls=Command)(deal_command)
app.command("standings", cls=Command)(standings_command)
app.command("html", cls=Command)(html_command)
app.command("serve", cls=Command)(serve_command)


def _version(value: bool) -> None:
    if value:
        from bismarck_pbn import __version__
        typer.echo(f"bpn {__version__} (BPN 1.0)")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Read, check, write and replay Bismarck hand records (BPN 1.0).

    Start with **bpn validate FILE** to check a record card by card.
    **bpn --install-completion** adds tab completion to bash, zsh or fish."""


def main() -> None:
    """Console entry point: run the app, turning any unexpected failure into a message."""
    try:
        app(prog_name="bpn")  # also under `python -m bismarck_pbn`, so completion is for bpn
    except SystemExit:
        raise
    except BrokenPipeError:
        # The reader of our output went away (`bpn convert ... | head`): stop quietly,
        # as git does, with the status of a SIGPIPE.
        import os

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
