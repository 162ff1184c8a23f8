"""``bpn`` run in the test's own process, for the tests of its commands."""

from __future__ import annotations

from typer.testing import CliRunner

from bismarck_pbn.cli import app


def run_cli(args: list[str]) -> tuple[int, str, str]:
    """``bpn ARGS`` through typer's CliRunner: (exit status, standard output, standard error)."""
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stdout, result.stderr
