"""``bpn deal``: not written yet (issue 4)."""

from __future__ import annotations

import typer


def deal_command() -> None:
    """Not written yet."""
    typer.echo("bpn deal: not written yet", err=True)
    raise typer.Exit(2)
