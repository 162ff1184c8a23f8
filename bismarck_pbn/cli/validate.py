"""``bpn validate``: check records card by card and report every problem with its place.

Its parameters and help, for typer; the work is :func:`bismarck_pbn.cli.validating.check_paths`,
which a plain invocation reaches without typer (see cli/direct.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from bismarck_pbn.cli.common import JOBS_HELP, SCHEDULER_HELP, Format
from bismarck_pbn.cli.validating import check_paths


def validate_command(
    paths: Annotated[list[str], typer.Argument(
        help="BPN files, JSON or JSON Lines files (.json, .jsonl), directories (every .bpn file below them), or - for standard input.",
        metavar="PATH...", show_default=False)],
    format: Annotated[Format, typer.Option(
        "--format", "-f", metavar="text|json", help="text: one line per problem; json: a JSON array of objects "
        "with path, line, column, code, severity, message.")] = Format.text,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Treat warnings as errors for the exit code.")] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Print no summary line.")] = False,
    encoding: Annotated[str, typer.Option(
        "--encoding", "-e", metavar="NAME", help="Text encoding of BPN input, e.g. latin-1 for old PBN-style files (default utf-8).", show_default=False)] = "utf-8",
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=0, metavar="N", show_default=False, help=JOBS_HELP)] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", show_default=False, help=SCHEDULER_HELP)] = None,
) -> None:
    """Check hand records: syntax, cards, exchange, contract, every card of the play,
    tricks, scores, and the session (rotation, boards, schedules, running totals).

    Each problem is printed as **path:line:col: CODE severity: message**. JSON and JSON
    Lines files are checked through the JSON import: a schema fault is one problem with
    its JSON path, and the deals are checked as BPN deals are.

    Large inputs are checked on every core (--jobs), or on a Dask cluster
    (--scheduler); the output is the same, in the same order, wherever the work ran.

    Exit status: 0 no errors, 1 errors found (or warnings with --strict),
    2 a path could not be read, the command was used wrongly, or the work could
    not be run where asked (no Dask scheduler at the address, say).

    Examples:

        bpn validate club-night.bpn
        bpn validate records/ --format json > problems.json
        cat deal.bpn | bpn validate -
        bpn validate archive/ --scheduler tcp://10.0.0.5:8786
    """
    status = check_paths(paths, format, strict, quiet, encoding, jobs, scheduler)
    if status:
        raise typer.Exit(status)
