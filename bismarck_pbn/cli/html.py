"""``bpn html``: a self-contained web page for a record, to share with anyone."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from bismarck_pbn.analysis.problem import DEFAULT_LIMIT
from bismarck_pbn.cli.common import SIDE_HELP, err_console, side_problem
from bismarck_pbn.sources import STDIN, ReadFailure, Source, input_path, read_text


def html_command(
    path: Annotated[str, typer.Argument(help="A BPN file, or - for standard input.", metavar="FILE",
                                        show_default=False)],
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE", help="Where to write the page (- for standard output). A file is written "
        "atomically.")] = "-",
    deal: Annotated[int | None, typer.Option(
        "--deal", "-d", min=1, metavar="N", show_default=False,
        help="Only this deal of the file, counting from 1 (the page then has no score sheet).")] = None,
    title: Annotated[str | None, typer.Option(
        "--title", metavar="TEXT", show_default=False, help="The page's title. Default: the event and the date.")] = None,
    encoding: Annotated[str, typer.Option("--encoding", "-e", metavar="NAME", show_default=False,
                                          help="Text encoding of the input (default utf-8).")] = "utf-8",
    dd: Annotated[bool, typer.Option(
        "--dd", help="Embed the double-dummy values of the legal cards before each card played (what bpn "
                     "analyse computes); the page shows them at each moment. Slow: a progress bar on "
                     "standard error.")] = False,
    limit: Annotated[int | None, typer.Option(
        "--limit", min=0, metavar="NODES", show_default=False,
        help=f"With --dd: give up on one position after this many search nodes (0: never; default "
             f"{DEFAULT_LIMIT}); such cards are shown as not solved.")] = None,
    side: Annotated[int | None, typer.Option(
        "--side", min=1, max=4, metavar="SEAT", show_default=False,
        help="With --dd: the values " + SIDE_HELP)] = None,
) -> None:
    """Make one web page of a record that anyone can open in a browser: a score
    sheet of each session, then every deal with its hands around the table, the
    kitty, the discard, the contract and the tricks against each quota. The score
    sheet shows what bpn standings shows, for every game: each side's score and
    running total, individual points, exits and rounds (Swedish Whist), payments
    and the check that they balance (Solo Whist), the games won, and what each
    forehand still has to play (Bismarck). The play
    steps card by card and trick by trick (arrow keys, Home and End, or the
    buttons); comments, NAGs and suffixes appear at their card, and so do the
    faults bpn validate finds. The address points at the card shown
    (page.html#deal-3/trick-5/card-2), so a link can open a moment of the play.

    The page carries everything it needs (styles, script, card pictures, the
    record's data) and fetches nothing: it works from a disk, a USB stick or a
    mail attachment. Printed, it gives the score sheet and a hand diagram of each
    deal.

    Exit status: 0 written, 1 written, but some deal does not read (a syntax
    error; the page says so at that deal), 2 unreadable input, no such deal,
    wrong usage, or the page cannot be written.

    Examples:

      bpn html club-night.bpn -o club-night.html

      bpn html club-night.bpn --deal 3 --title "The hand of the night" -o board3.html

      bpn html club-night.bpn --deal 2 --dd -o board2.html

      cat night.bpn | bpn html - > night.html
    """
    from bismarck_pbn.format.reader import parse
    from bismarck_pbn.safewrite import atomic_write
    from bismarck_pbn.views.html import render_html

    err = err_console()
    if limit is not None and not dd:
        err.print("bpn: --limit needs --dd: it bounds the double-dummy search", style="red", highlight=False)
        raise typer.Exit(2)
    if path == STDIN:
        source = Source("<stdin>", None)
    else:
        try:
            p = input_path(path)  # (a pipe too: read once)
        except ReadFailure as exc:
            err.print(f"bpn: {exc}", style="red", highlight=False)
            raise typer.Exit(exc.code) from None
        if output != "-" and Path(output).exists() and os.path.samefile(p, output):
            err.print(f"bpn: {output} is also the input: the page would replace the record it is made from; "
                      "nothing was written", style="red", highlight=False, markup=False)
            raise typer.Exit(2)
        source = Source(path, p)
    try:
        text, _ = read_text(source, encoding)
    except ReadFailure as exc:
        err.print(f"bpn: {exc}", style="red", markup=False, highlight=False)
        raise typer.Exit(exc.code) from None
    deals = [d for d in parse(text) if d.tags]
    if not deals:
        err.print(f"bpn: {source.name}: there are no deals in this file", style="red", highlight=False)
        raise typer.Exit(2)
    if deal is not None and deal > len(deals):
        err.print(f"bpn: {source.name}: there is no deal {deal}; the file has {len(deals)} "
                  f"deal{'s' if len(deals) != 1 else ''}", style="red", highlight=False)
        raise typer.Exit(2)
    chosen = deals if deal is None else [deals[deal - 1]]
    wrong_side = "--side needs --dd: it chooses whose double-dummy values are shown" \
        if side is not None and not dd else side_problem(side, chosen)
    if wrong_side is not None:
        err.print(f"bpn: {wrong_side}", style="red", highlight=False)
        raise typer.Exit(2)
    values = _dd_values(chosen, DEFAULT_LIMIT if limit is None else limit, side) if dd else None
    page = render_html(deals, title=title, deal=deal, dd=values)
    try:
        if output == "-":
            sys.stdout.write(page)
            sys.stdout.flush()
        else:
            atomic_write(output, page)
    except BrokenPipeError:
        raise
    except OSError as exc:
        err.print(f"bpn: {output}: cannot write: {exc.strerror or exc}", style="red", highlight=False)
        raise typer.Exit(2) from None
    broken = [d.number for d in deals if not d.syntax_ok and (deal is None or d.number == deal)]
    if broken:
        numbers = ", ".join(map(str, broken))
        err.print(f"bpn: {source.name}: deal{'s' if len(broken) > 1 else ''} {numbers} do{'es' if len(broken) == 1 else ''} "
                  "not read; the page shows what is known (bpn validate lists the problems)",
                  style="yellow", highlight=False)
        raise typer.Exit(1)


def _dd_values(deals, limit: int, side: int | None = None) -> dict[int, list[dict]]:
    """The double-dummy values for the page, by deal number, with a progress bar on
    standard error (hidden when it is not a terminal); ``side``: the seat whose side
    is analysed (None: the game's own; a deal without that seat is not analysed,
    as in bpn analyse)."""
    from rich.progress import Progress

    from bismarck_pbn.analysis.analyse import analyse_deal
    from bismarck_pbn.analysis.values import make_solver
    from bismarck_pbn.views.html.data import dd_data

    solver = make_solver(limit)
    out: dict[int, list[dict]] = {}
    with Progress(console=err_console(), transient=True) as bar:
        for d in deals:
            if not d.syntax_ok:
                continue
            task = bar.add_task(f"double dummy, deal {d.number}", total=None)

            def tick(done: int, total: int, task=task) -> None:
                bar.update(task, completed=done, total=total)

            out[d.number] = dd_data(analyse_deal(d, solver, side_seat=side, contracts=False,
                                                progress=tick))
            bar.remove_task(task)
    return out

