"""``bpn show``: one position of one deal, drawn on the terminal or given as JSON."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from bismarck_pbn.model.deal import Deal
from bismarck_pbn.format.reader import read_deals
from bismarck_pbn.analysis.problem import DEFAULT_LIMIT
from bismarck_pbn.cli.common import SIDE_HELP, Format, err_console, out_console, side_problem
from bismarck_pbn.sources import ReadFailure, input_path, text_deals


class ShowError(Exception):
    """Why there is nothing to show; ``code`` is the exit status (2 usage, 1 bad record)."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def find_deal(path: str, number: int, encoding: str = "utf-8", session: list[Deal] | None = None) -> Deal:
    """Deal ``number`` (from 1, counting deals with tags) of the file at ``path`` (``-``
    for standard input). Reads only as far as that deal; ``session``, when given, is
    filled with the deals of its session up to it (O(session)). Raises :class:`ShowError`."""
    import sys

    if path != "-":
        try:
            input_path(path)  # (a pipe too: read once)
        except ReadFailure as exc:
            raise ShowError(str(exc), exc.code) from None
    name = "<stdin>" if path == "-" else path
    count = 0
    try:
        fp = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115 - closed below
        try:
            for deal in text_deals(read_deals(fp, encoding=encoding), name):
                if not deal.tags:
                    continue
                count = deal.number
                if session is not None and deal.board is not None:
                    if not session or deal.opens_session(session[-1].session_key()):
                        session.clear()
                    session.append(deal)
                if deal.number == number:
                    return deal
        finally:
            if path != "-":
                fp.close()
    except LookupError:
        raise ShowError(f"unknown encoding {encoding!r}") from None
    except ReadFailure as exc:
        raise ShowError(str(exc), exc.code) from None
    except OSError as exc:
        raise ShowError(f"{name}: cannot read: {exc.strerror or exc}") from None
    has = "no deals" if count == 0 else f"only {count} deal{'s' if count != 1 else ''}"
    raise ShowError(f"{name}: there is no deal {number}: the file has {has}")


def _nothing():
    from contextlib import nullcontext

    return nullcontext()


def json_lines(data: dict) -> str:
    """A JSON object with one top-level key a line: easy to read, diff and grep."""
    items = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    return "{\n" + ",\n".join(items) + "\n}"


def show_command(
    path: Annotated[str, typer.Argument(help="A BPN file, or - for standard input.", metavar="FILE", show_default=False)],
    deal: Annotated[int, typer.Option("--deal", "-d", min=1, metavar="N", show_default=False, help="Which deal of the file, counting from 1 (default 1).")] = 1,
    trick: Annotated[int | None, typer.Option(
        "--trick", "-t", min=1, show_default=False, metavar="T",
        help="Show the play at this trick (1-16 in Bismarck, as many as the game has). Without it: the deal "
             "before the first lead.")] = None,
    card: Annotated[int | None, typer.Option(
        "--card", "-c", min=1, max=4, show_default=False, metavar="C",
        help="The card of that trick to stop after: 1 to the game's seats, 1, 2 or 3 in Bismarck (default "
             "the last, the completed trick).")] = None,
    format: Annotated[Format, typer.Option(
        "--format", "-f", metavar="text|json", help="text: the table drawn for a terminal; json: the position as data.")] = Format.text,
    encoding: Annotated[str, typer.Option("--encoding", "-e", metavar="NAME", show_default=False,
                                          help="Text encoding of the input (default utf-8).")] = "utf-8",
    dd: Annotated[bool, typer.Option(
        "--dd", help="Also each legal card of the seat to play with its double-dummy value: the tricks its "
                     "side takes from this trick on, best play by all (as bpn analyse counts them).")] = False,
    limit: Annotated[int | None, typer.Option(
        "--limit", min=0, metavar="NODES", show_default=False,
        help=f"With --dd: give up after this many search nodes (0: never; default {DEFAULT_LIMIT}, a quarter "
             "of a second or so in the C core).")] = None,
    side: Annotated[int | None, typer.Option(
        "--side", min=1, max=4, metavar="SEAT", show_default=False,
        help="With --dd: the values " + SIDE_HELP)] = None,
) -> None:
    """Show a deal at one moment of its play, in any game: the hands still
    held around the table, the trick on the table and who led (and won) it,
    the contract or the turned card, the kitty or stock and the discard, the
    tricks taken (against each quota in Bismarck, by side in partnership
    games), the score at the end, and what the record says at that card
    (suffix, NAGs, ^R, comments), with any fault the validator finds there.

    Without --trick: the deal before the first lead. With --trick T: after
    the whole trick T, or after its card C with --card C.

    Exit status: 0 shown, 1 the deal does not read (a syntax error), 2 no
    such file, deal, trick or card, or wrong usage.

    Examples:

        bpn show club-night.bpn
        bpn show club-night.bpn --deal 3 --trick 4 --card 1
        bpn show club-night.bpn -d 3 -t 4 --format json | jq .table
        bpn show club-night.bpn -d 2 -t 12 --dd
        bpn show club-night.bpn -d 2 -t 12 --dd --side 3
        cat night.bpn | bpn show - --trick 16
    """
    from bismarck_pbn.games import ruleset_of
    from bismarck_pbn.check.position import position_at
    from bismarck_pbn.views.render import position_dict, render_position

    err = err_console()
    try:
        if card is not None and trick is None:
            raise ShowError("--card needs --trick: say which trick the card belongs to")
        if side is not None and not dd:
            raise ShowError("--side needs --dd: it chooses whose double-dummy values are shown")
        if limit is not None and not dd:
            raise ShowError("--limit needs --dd: it bounds the double-dummy search")
        session: list[Deal] = []
        found = find_deal(path, deal, encoding, session)
        name = "<stdin>" if path == "-" else path
        broken = [p for p in found.problems if p.code in ("BPN001", "BPN002")]
        if broken:
            for problem in broken:
                err.print(str(problem.at(name)), highlight=False)
            raise ShowError(f"{name}: deal {deal} does not read (see above); bpn validate {path} "
                            "shows every problem", 1)
        wrong_side = side_problem(side, [found])
        if wrong_side is not None:
            raise ShowError(wrong_side)
        rules = ruleset_of(found)
        if trick is not None and trick > rules.tricks:
            raise ShowError(f"--trick {trick}: a deal of {rules.name} has {rules.tricks} tricks")
        if card is not None and card > rules.seats:
            raise ShowError(f"--card {card}: a trick of {rules.name} has {rules.seats} cards")
        if trick is not None and (found.play is None or not found.play.cards):
            raise ShowError(f"{name}: deal {deal} has no play recorded; leave out --trick to see the deal")
        try:
            position = position_at(found, trick, card)
        except ValueError as exc:
            why = str(exc)
            if found.contract == "Valfri" and found.trump is None:
                why = "it is Valfri with no [Trump] tag, and without the trump only trick 1 can be replayed"
            raise ShowError(f"{name}: deal {deal}: {why}") from None
    except ShowError as exc:
        err.print(f"bpn: {exc}", style="red", highlight=False)
        raise typer.Exit(exc.code) from None
    settled = None
    if position.finished and found.board is not None and session and session[-1] is found:
        from bismarck_pbn.session.settled import settled_score

        settled = settled_score(session, len(session) - 1)
    values = None
    if dd:
        from bismarck_pbn.analysis.values import make_solver, values_at

        with err.status("solving double dummy…", spinner="dots") if format is Format.text else _nothing():
            values = values_at(position, make_solver(DEFAULT_LIMIT if limit is None else limit), side_seat=side)
    if format is Format.json:
        data = position_dict(position, settled)
        if values is not None:
            data["double_dummy"] = values.as_dict()
        typer.echo(json_lines(data))
    else:
        out_console().print(render_position(position, settled), soft_wrap=False)
        if values is not None:
            from bismarck_pbn.views.analysis import render_values

            out_console().print(render_values(values), soft_wrap=False)
