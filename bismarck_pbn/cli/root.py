"""The ``bpn`` typer application: the group of the commands in cli/commands.py.

Imported when typer is needed: for every invocation but the plain ones that
cli/direct.py and cli/helpcache.py answer without it (``bpn validate FILE...``, a
``bpn --help`` already rendered). ``from bismarck_pbn.cli import app`` gives this app.
"""

from __future__ import annotations

import typer

from bismarck_pbn.cli.commands import COMMANDS
from bismarck_pbn.cli.group import Group


class _Bpn(Group):
    table = COMMANDS


app = typer.Typer(
    name="bpn",
    help="Read, check, write and replay Bismarck hand records (BPN 1.0).\n\n"
    "Start with **bpn validate FILE** to check a record card by card. "
    "**bpn --install-completion** adds tab completion to bash, zsh or fish.",
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode="markdown",
    cls=_Bpn,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


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
