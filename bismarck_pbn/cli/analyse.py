"""``bpn analyse``: double-dummy analysis of the play, card by card (thin: the work is
in :mod:`bismarck_pbn.analysis`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from bismarck_pbn.analysis.problem import DEFAULT_LIMIT
from bismarck_pbn.cli.common import (SCHEDULER_HELP, SIDE_HELP, Format, err_console, open_executor, out_console,
                                     side_problem)
from bismarck_pbn.sources import STDIN, ReadFailure, Source, input_path, read_text


def _version(value: bool) -> None:
    if value:
        from bismarck_pbn import __version__
        from bismarck_pbn.analysis.solver import core_description

        typer.echo(f"bpn analyse {__version__}: double-dummy solver, {core_description()}")
        raise typer.Exit()


def _fail(message: str, code: int) -> typer.Exit:
    err_console().print(f"bpn: {message}", style="red", highlight=False)
    return typer.Exit(code)


def analyse_command(
    path: Annotated[str, typer.Argument(help="A BPN file, or - for standard input (not with --annotate).",
                                        show_default=False)],
    deal: Annotated[int | None, typer.Option("--deal", "-d", min=1, show_default=False, metavar="N",
                                             help="Only this deal (from 1); default every deal.")] = None,
    format: Annotated[Format, typer.Option("--format", "-f", metavar="text|json",
                                           help="text: a table for a terminal; json: the analysis as "
                                                "data.")] = Format.text,
    annotate: Annotated[bool, typer.Option(
        "--annotate", help="Write ?/?? and dd: comments into the file (in place, atomically; "
                           "a re-run replaces its own notes and keeps yours).")] = False,
    contracts: Annotated[bool, typer.Option(
        "--contracts/--no-contracts", help="What each contract would have scored for the forehand (Bismarck).")] = True,
    exchange: Annotated[bool, typer.Option(
        "--exchange", help="Also find the best four discards for each contract (slow).")] = False,
    limit: Annotated[int, typer.Option(
        "--limit", min=0, metavar="NODES", show_default=False,
        help="Give up on one position after this many search nodes (0: never; default "
             f"{DEFAULT_LIMIT}, a quarter of a second or so in the C core); such cards are reported as not solved.")] = DEFAULT_LIMIT,
    side: Annotated[int | None, typer.Option(
        "--side", min=1, max=4, metavar="SEAT", show_default=False,
        help="Analyse " + SIDE_HELP)] = None,
    encoding: Annotated[str, typer.Option("--encoding", "-e", metavar="NAME", show_default=False,
                                          help="Text encoding of the input (default utf-8; --annotate edits "
                                               "UTF-8 files only).")] = "utf-8",
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=0, metavar="N", show_default=False,
        help="Worker processes on this machine, each with its own solver (1: none; 0: one per core). "
             "Default: one per core when there is more than one deal.")] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", show_default=False, help=SCHEDULER_HELP)] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Say which solver core is in use and exit.")] = False,
) -> None:
    """For each card played: the tricks the player's side could still take before
    and after it, double dummy (every hand visible, best play by all). A card
    that cost one trick is marked ?, more ??, with the cards that would have
    kept them. Per deal: the contract's double-dummy result from the opening
    lead against what happened, and in Bismarck what each contract would
    have scored.

    Every game: Bismarck the forehand against the other two (--side SEAT: that
    seat against the other two), Pass misère; the partnership games their
    partnerships (Swedish Nolle and the misères minimise); Solo Whist the
    declarer (with an accepted partner) against the rest; Israeli Whist each
    seat for itself, a seat that bid 0 minimising; German Whist from trick 14,
    once the stock is empty. Bid Whist: jokers are the top trumps; at no trump
    a position with a joker in play is not analysed; the kitty's book is
    added to the declaring side's tricks. Swedish Whist with a träkarl as
    with four players. Turnover Bridge is declined in one line (its
    face-down cards are unknown to both players). Cards that cannot be
    analysed are reported as such, not as errors.

    The deals are shared out to every core (--jobs), or to a Dask cluster
    (--scheduler): the output, and the notes --annotate writes, are the same as
    with --jobs 1.

    Exit status: 0 done (a deal thrown in, or an Estonian NoHearts or NoQueen,
    scored by the cards taken, is said to have nothing to analyse); 1 a deal
    could not be analysed (not every hand known, errors in the play); 2 wrong
    usage, an unreadable file, or only Turnover Bridge deals to analyse.

    Examples:

      bpn analyse night.bpn --deal 3

      bpn analyse night.bpn --format json | jq '.[0].plays[0].values'

      bpn analyse night.bpn --deal 3 --annotate
    """
    from bismarck_pbn.format.edit import AnnotateError, read_source
    from bismarck_pbn.format.reader import parse
    from bismarck_pbn.safewrite import ChangedOnDisk, atomic_write

    fingerprint = None
    if path == STDIN and annotate:
        raise _fail("--annotate writes the notes into the file: give a file, not - (standard input)", 2)
    if annotate and encoding.lower().replace("-", "").replace("_", "") not in ("utf8", "utf8sig"):
        raise _fail(f"--annotate edits UTF-8 files in place, not {encoding}: bpn fmt --in-place --encoding "
                    f"{encoding} {path} rewrites it as UTF-8 first", 2)
    try:
        if path != STDIN:
            input_path(path, rewritten=annotate)  # (a pipe is read once, not rewritten)
        if annotate:  # strictly UTF-8, with the fingerprint the atomic rewrite checks
            text, _, fingerprint = read_source(path)
        else:  # read as every command reads (standard input, UTF-16 told by its mark)
            text, _ = read_text(Source("<stdin>", None) if path == STDIN else Source(path, Path(path)), encoding)
    except AnnotateError as exc:
        raise _fail(str(exc), 2) from None
    except ReadFailure as exc:
        raise _fail(str(exc), exc.code) from None
    except OSError as exc:
        raise _fail(f"{path}: cannot read: {exc.strerror or exc}", 2) from None
    name = "<stdin>" if path == STDIN else path
    deals = [d for d in parse(text.lstrip("\ufeff")) if d.tags]
    if not deals:
        raise _fail(f"{name}: there are no deals in this file", 2)
    if deal is not None:
        if deal > len(deals):
            raise _fail(f"{name}: there is no deal {deal}: the file has {len(deals)}", 2)
        deals = [deals[deal - 1]]
    declined = [d for d in deals if d.game == "TurnoverBridge"]
    if declined:  # one line for them all; the other deals are analysed
        from bismarck_pbn.games.turnover import TURNOVER_DECLINED

        if len(declined) == len(deals):
            raise _fail(f"{name}: {TURNOVER_DECLINED}", 2)
        err_console().print(f"{name}: {len(declined)} deal{'s' if len(declined) > 1 else ''} not analysed: "
                            f"{TURNOVER_DECLINED}", highlight=False)
        deals = [d for d in deals if d.game != "TurnoverBridge"]
    wrong_side = side_problem(side, deals)
    if wrong_side is not None:
        raise _fail(wrong_side, 2)

    from bismarck_pbn.analysis.worker import analyse_one

    executor = open_executor(jobs, scheduler, worth_it=len(deals) > 1)
    results = []
    # progress on a terminal only: silent when standard error is a file or a pipe
    show_progress = (format is Format.text or exchange) and err_console().is_terminal
    from rich.progress import Progress

    from bismarck_pbn.parallel import Unavailable

    try:
        with Progress(console=err_console(), transient=True, disable=not show_progress) as bar:
            if executor.in_process:  # card by card
                for d in deals:
                    task = bar.add_task(f"deal {d.number}", total=None)

                    def tick(done: int, total: int, task=task) -> None:
                        bar.update(task, completed=done, total=total)

                    results.append(analyse_one(d, limit, side, contracts, exchange, tick))
                    bar.remove_task(task)
            else:  # deal by deal, in order
                task = bar.add_task("analysing", total=len(deals))
                for r in executor.map(analyse_one, ((d, limit, side, contracts, exchange) for d in deals)):
                    results.append(r)
                    bar.advance(task)
    except Unavailable as exc:
        raise _fail(str(exc), 2) from None
    finally:
        executor.close()

    failed = any(r.error for r in results)
    for d in deals:  # a deal that does not read: where, as validate says it
        for problem in d.problems if not d.syntax_ok else ():
            if problem.code in ("BPN001", "BPN002"):
                err_console().print(str(problem.at(name)), highlight=False)
    if format is Format.json:
        typer.echo(json.dumps([r.as_dict() for r in results], ensure_ascii=False, indent=1))
    else:
        from bismarck_pbn.views.analysis import render_analysis

        out = out_console()
        for r in results:
            out.print(render_analysis(r))
    for r in results:
        if r.error:
            err_console().print(f"{_place(name, r.deal)}: deal {r.deal.number}: not analysed: {r.error}",
                                highlight=False)
    if annotate:
        from bismarck_pbn.analysis.marks import write_marks

        new = text
        try:
            for r in results:
                if not r.error:
                    new = write_marks(new, r)
            if new != text:
                atomic_write(path, new, expect=fingerprint)
        except (AnnotateError, ChangedOnDisk) as exc:
            raise _fail(f"{path}: {exc}; nothing was written", 1) from None
        except OSError as exc:
            raise _fail(f"{path}: cannot write: {exc.strerror or exc}", 2) from None
        err_console().print(f"{path}: {'annotated' if new != text else 'nothing to change'}", highlight=False)
    if failed:
        raise typer.Exit(1)


def _place(name: str, deal) -> str:
    """``name:line:col`` of the deal's first tag (as validate places a deal's problems);
    ``name`` alone for a deal read from no text."""
    pos = deal.tags[0].pos if deal.tags else deal.pos
    return f"{name}:{pos.line}:{pos.column}" if pos.line > 0 else name
