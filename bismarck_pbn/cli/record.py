"""``bpn record``: not written yet (issue 4)."""

from __future__ import annotations

import typer


def record_command() -> None:
    """Not written yet."""
    typer.echo("bpn record: not written yet", err=True)
    raise typer.Exit(2)
