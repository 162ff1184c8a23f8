"""``bpn replay``: step through a deal card by card.

On a terminal this opens the interactive view (:mod:`bismarck_pbn.views.tui`, imported only
then, so that the other commands never load Textual). When standard output is not a
terminal, or with ``--plain``, it prints every step as plain text instead.

:class:`~bismarck_pbn.views.replay.DealView` is what both share.
"""

from __future__ import annotations

import functools
import sys
from typing import Annotated

import typer

from bismarck_pbn.model.deal import Deal
from bismarck_pbn.cli.common import SIDE_HELP, err_console, side_problem
from bismarck_pbn.sources import ReadFailure, Source, input_path
from bismarck_pbn.session.settled import settled_scores
from bismarck_pbn.views.replay import DealView, load, plain_lines

def replay_command(
    path: Annotated[str, typer.Argument(
        help="The BPN file to replay, or - for standard input (printed steps only, as for a pipe).",
        metavar="FILE", show_default=False)],
    deal: Annotated[int | None, typer.Option(
        "--deal", "-d", metavar="N", help="The deal to start at (or, printed, the only one): its place in the "
        "file, from 1, as bpn validate counts deals.", show_default=False)] = None,
    plain: Annotated[bool, typer.Option(
        "--plain", help="Print the steps as plain text even on a terminal.")] = False,
    side: Annotated[int | None, typer.Option(
        "--side", min=1, max=4, metavar="SEAT", show_default=False,
        help="The d key's double-dummy values " + SIDE_HELP)] = None,
) -> None:
    """Step through deals card by card: the hands, the trick on the table, each card's
    comments and NAGs, and any illegal play in the record, at its card.

    On a terminal this is interactive: **→/←** card, **↓/↑** or
    **n/p** trick, **g** or a digit to go to a trick, **Home/End**,
    **PgDn/PgUp** or **]/[** deal, **c** add a comment and
    **$** a NAG to the current card (saved to the file), **d** the
    double-dummy values of the legal cards (for --side SEAT's side), **q** quit.

    When the output is not a terminal (or with --plain) each step is printed instead:
    "trick T card C: seat S plays XX", its notes and faults, then the tricks and the
    score. Without --deal every deal is printed.

    Exit status: 0 done, 1 the deal (or, printed without --deal, some deal) does not
    read, 2 usage error, unreadable file or no such deal.

    Examples:

        bpn replay club-night.bpn --deal 3
        bpn replay club-night.bpn --deal 3 | less
    """
    err = err_console()
    if path == "-":
        source = Source("<stdin>", None)
    else:
        try:
            p = input_path(path)  # (a pipe too: read once)
        except ReadFailure as exc:
            err.print(f"bpn: {exc}", style="red")
            raise typer.Exit(exc.code) from None
        source = Source(path, p)
    try:
        loaded = load(source)
    except ReadFailure as exc:
        message = str(exc).replace("; nothing was written (try --encoding latin-1)",
                                   "; convert it first: bpn fmt --encoding latin-1 FILE > NEW.bpn")
        err.print(f"bpn: {message}", style="red", markup=False)
        raise typer.Exit(exc.code) from None
    deals = loaded.deals
    if loaded.warning is not None:
        err.print(str(loaded.warning), markup=False, highlight=False)
    if not deals:
        err.print(f"bpn: {source.name}: there are no deals in this file", style="red")
        raise typer.Exit(2)
    if deal is not None and not 1 <= deal <= len(deals):
        err.print(f"bpn: {source.name}: there is no deal {deal}; the file has {len(deals)} "
                  f"deal{'s' if len(deals) != 1 else ''}", style="red")
        raise typer.Exit(2)

    chosen = [deals[deal - 1]] if deal is not None else deals
    wrong_side = side_problem(side, chosen)
    if wrong_side is not None:
        err.print(f"bpn: {wrong_side}", style="red", highlight=False)
        raise typer.Exit(2)
    if not plain and source.path is not None and source.path.is_file() and on_terminal():
        # (a pipe, read once, is printed as standard input is: the view reads its file again and writes to it)
        if deal is not None and not chosen[0].syntax_ok:
            _report_unreadable(err, source.name, chosen[0])
            raise typer.Exit(1)
        from bismarck_pbn.views.tui import ReplayApp  # only now: the other commands never load Textual

        app = ReplayApp(source.path, start_deal=deal or 1, loaded=loaded, side=side)
        app.run()
        if app.return_code:
            raise typer.Exit(2)
        return

    broken = False
    first = True
    settled: dict[int, tuple[int, ...]] | None = None

    def settled_of(number: int) -> tuple[int, ...] | None:
        """The score the deal's session settles, the whole file validated once, when first asked."""
        nonlocal settled
        if settled is None:
            settled = settled_scores(loaded.deals)
        return settled.get(number)

    for d in chosen:
        if not first:
            typer.echo("")
        first = False
        if not d.syntax_ok:
            err.print(f"bpn: {source.name}: deal {d.number} does not read; fix what bpn validate "
                      "reports first", style="red")
            broken = True
        for line in plain_lines(DealView(d, functools.partial(settled_of, d.number)), source.name):
            typer.echo(line)
    if broken or (deal is None and loaded.problems):
        raise typer.Exit(1)


def on_terminal() -> bool:
    """Whether the replay can be interactive: standard output and input are terminals."""
    try:
        return sys.stdout.isatty() and sys.stdin.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


def _report_unreadable(err, name: str, deal: Deal) -> None:
    for p in deal.problems:
        if p.code in ("BPN001", "BPN002", "BPN003"):
            err.print(str(p.at(name)), markup=False, highlight=False)
    err.print(f"bpn: {name}: deal {deal.number} does not read; fix what bpn validate reports first",
              style="red")
