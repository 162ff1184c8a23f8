"""``bpn show``: not written yet (issue 4)."""

from __future__ import annotations

import typer


def show_command() -> None:
    """Not written yet."""
    typer.echo("bpn show: not written yet", err=True)
    raise typer.Exit(2)
