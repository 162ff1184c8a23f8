"""``bpn standings``: each session's score sheet, what is left to play, and who leads."""

from __future__ import annotations

import json
import os
from enum import Enum
from collections.abc import Iterable
from typing import Annotated

import typer
from rich.text import Text

from bismarck_pbn.session.standings import BoardRow, Session, iter_standings
from bismarck_pbn.session.standings_players import PlayerStats, Tally, by_player
from bismarck_pbn.cli.common import (JOBS_HELP, SCHEDULER_HELP, STDIN_TWICE, Source, err_console, open_executor,
                                     out_console)
from bismarck_pbn.cli.standings_text import print_players, print_session, print_standalone
from bismarck_pbn.sources import ReadFailure, input_path, text_deals


class Format(str, Enum):
    """standings' own ``--format``: the shared one's text and json (:class:`~bismarck_pbn.cli.common.Format`),
    and csv, a row per board for spreadsheets, which only standings writes. (An Enum
    with members cannot be extended, so the three are written here.)"""

    text = "text"
    json = "json"
    csv = "csv"


def csv_header(width: int = 3, points: int = 0) -> list[str]:
    """The board CSV's columns; ``width`` numbers each of tricks, score and total (one per
    seat, or per side in partnership games: score1 is side 1, seats 1 and 3); where the
    records keep individual points (Swedish Whist), ``points`` columns of them, one per
    seat, and what the deal reached (``marks``: ``first exit 2``, side by its lower seat)."""
    extra = [*(f"points{i}" for i in range(1, points + 1)), "marks"] if points else []
    return ["file", "event", "site", "date", "game", "variant", "board", "dealer", "forehand", "forehand_player",
            "contract", "trump", *[f"{what}{i}" for what in ("tricks", "score", "total") for i in range(1, width + 1)],
            *extra]

PLAYER_CSV_HEADER = ["player", "group", "deals", "total", "average"]


def _json(sessions: list[dict]) -> str:
    """``{"sessions": [...]}`` with one key a line and one board a line: readable and
    still one JSON document."""
    dump = lambda v: json.dumps(v, ensure_ascii=False)  # noqa: E731
    blocks = []
    for session in sessions:
        lines = []
        for key, value in session.items():
            if key == "boards":
                rows = ",\n".join(f"   {dump(row)}" for row in value)
                lines.append(f'  "boards": [\n{rows}\n  ]' if value else '  "boards": []')
            else:
                lines.append(f"  {dump(key)}: {dump(value)}")
        blocks.append(" {\n" + ",\n".join(lines) + "\n }")
    return '{"sessions": [\n' + ",\n".join(blocks) + "\n]}" if blocks else '{"sessions": []}'


def _csv(rows) -> str:
    import csv
    import io

    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def _csv_width(files) -> int:
    return max((len(t) for _, sessions, _ in files for s in sessions for row in s.boards
                for t in (row.tricks, row.score, row.total) if t is not None), default=3)


def _points_width(files) -> int:
    return max((len(row.points) for _, sessions, _ in files for s in sessions for row in s.boards
                if row.points is not None), default=0)


def _board_rows(name: str, sessions: list[Session], width: int = 3, points: int = 0):
    def cells(values, n: int = width) -> list:
        values = list(values) if values is not None else []
        return values + [""] * (n - len(values))

    for session in sessions:
        for row in session.boards:
            fh = session.players[row.forehand - 1] if row.forehand else None
            yield [name, session.event or "", session.site or "", session.date or "", session.game,
                   str(session.variant), row.board, row.dealer or "", row.forehand or "", fh or "",
                   row.contract or "", row.trump or "", *cells(row.tricks), *cells(row.score), *cells(row.total),
                   *((*cells(row.points, points), "; ".join(f"{what} {side}" for what, side in row.marks))
                     if points else ())]


def _bytes(path: str) -> bytes | OSError:
    try:
        with open(path, "rb") as fp:
            return fp.read()
    except OSError as exc:
        return exc


def file_standings(path: str, encoding: str, data: bytes | OSError | None = None) -> tuple:
    """The sessions and standalone deals of one input (``-``: standard input; ``data``:
    its bytes, read by the main process), or ("fault", message, exit status): a value,
    not an exception, so that it comes back whole from a worker process."""
    import io
    from pathlib import Path

    from bismarck_pbn.format.reader import read_deals

    source = Source("<stdin>" if path == "-" else path, None if path == "-" else Path(path))

    def items():
        if isinstance(data, OSError):
            raise data
        fp = source.open() if data is None else io.BytesIO(data)
        try:
            yield from iter_standings(text_deals(read_deals(fp, encoding=encoding), source.name))
        finally:
            if source.path is not None or data is not None:
                fp.close()

    return _outcome(items(), source.name, encoding)


def big_file_standings(executor, path: str, encoding: str) -> tuple:
    """As :func:`file_standings`, for a large file cut into batches of deals that
    ``executor`` checks, the sessions followed here."""
    from pathlib import Path

    from bismarck_pbn.session.standings_farm import farmed_standings

    return _outcome(farmed_standings(executor, Path(path), encoding, path), path, encoding)


def _outcome(items: Iterable[Session | BoardRow], name: str, encoding: str) -> tuple:
    """("ok", sessions, standalone deals) of ``items``, or ("fault", message, exit status)."""
    sessions: list[Session] = []
    standalone: list[BoardRow] = []
    try:
        for item in items:
            if isinstance(item, Session):
                sessions.append(item)
            else:
                standalone.append(item)
    except LookupError:
        return "fault", f"unknown encoding {encoding!r}", 2
    except ReadFailure as exc:
        return "fault", str(exc), exc.code
    except OSError as exc:
        return "fault", f"{name}: cannot read: {exc.strerror or exc}", 2
    return "ok", sessions, standalone


def _is_big(path: str) -> bool:
    """Whether the file is cut into batches of deals rather than sent whole (at the size
    ``validate`` cuts at)."""
    from bismarck_pbn.check import parallel

    try:
        return os.stat(path).st_size > parallel.BIG_FILE
    except OSError:
        return False  # (file_standings says why, in its turn)


def _player_rows(players: list[PlayerStats]):
    def avg(t: Tally) -> str:
        return f"{t.average:.3f}" if t.average is not None else ""

    for p in players:
        yield [p.name, "all", p.all.deals, p.all.total, avg(p.all)]
        if p.points is not None:
            yield [p.name, "individual points", p.points.deals, p.points.total, avg(p.points)]
        for contract, t in p.as_forehand.items():
            yield [p.name, f"forehand {contract}", t.deals, t.total, avg(t)]
        for seat, t in sorted(p.by_seat.items()):
            yield [p.name, f"seat {seat}", t.deals, t.total, avg(t)]


def standings_command(
    paths: Annotated[list[str], typer.Argument(
        help="BPN files, or - for standard input; each file's sessions are shown in turn.",
        metavar="FILE...", show_default=False)],
    format: Annotated[Format, typer.Option(
        "--format", "-f", metavar="text|json|csv", help="text: score sheets for people; json: the same as data; "
        "csv: one row per board, for spreadsheets.")] = Format.text,
    players: Annotated[bool, typer.Option(
        "--by-player", "-p", help="Sum up each player over all the sessions given instead: totals, "
        "average score per deal, as forehand by contract, and by seat.")] = False,
    encoding: Annotated[str, typer.Option("--encoding", "-e", metavar="NAME", show_default=False,
                                          help="Text encoding of the input (default utf-8).")] = "utf-8",
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=0, metavar="N", show_default=False,
                                             help=JOBS_HELP + " Files are shared out whole, and a file "
                                             "over 4 MB in batches of deals.")] = None,
    scheduler: Annotated[str | None, typer.Option("--scheduler", metavar="ADDRESS", show_default=False,
                                                  help=SCHEDULER_HELP)] = None,
) -> None:
    """Show the score sheet of each session: every board with its forehand, contract,
    tricks and score, the running totals, the contracts each player still has to play
    as forehand, who leads, and whether a tie-break is due. Each game's own ways show
    too: games won inside a session (Whist, Bid Whist), Swedish Whist's exits and each
    player's individual points per deal and per round, Solo Whist's payments checked to
    add up to 0 (BPN602 when they do not).

    Tricks, scores and totals are computed from the play, as bpn validate does, so a
    slip in a Total tag does not carry on. A record with errors is still summed, and a
    note on standard error says so. With --by-player the sessions of all the files are
    summed up by player (matched by the names in the Player tags).

    Exit status: 0 shown, 1 a file that is not text, 2 unreadable file or wrong usage.

    Examples:

        bpn standings club-night.bpn
        bpn standings night.bpn --format json | jq '.sessions[0].totals'
        bpn standings club/*.bpn --by-player
        bpn standings club/*.bpn --format csv > season.csv
    """
    from pathlib import Path

    err = err_console()
    if paths.count("-") > 1:
        err.print(STDIN_TWICE, style="red", highlight=False)
        raise typer.Exit(2)
    for path in paths:
        try:
            if path != "-":
                input_path(path)  # (a pipe too: read once)
        except ReadFailure as exc:
            err.print(f"bpn: {exc}", style="red", highlight=False)
            raise typer.Exit(exc.code) from None
    from bismarck_pbn.parallel import Unavailable, worth_it

    files: list[tuple[str, list[Session], list[BoardRow]]] = []
    named = [Path(p) for p in paths if p != "-"]
    executor = open_executor(jobs, scheduler, worth_it(named))
    big = set() if executor.in_process else {p for p in paths if p != "-" and _is_big(p)}
    # (a cluster's workers may not see this machine's files: they are sent the bytes)
    farmed = (executor.map(file_standings, ((p, encoding, None if executor.sees_files else _bytes(p))
                                            for p in paths if p != "-" and p not in big))
              if not executor.in_process else None)
    try:
        for path in paths:
            name = "<stdin>" if path == "-" else path
            if path in big:
                outcome = big_file_standings(executor, path, encoding)
            elif farmed is not None and path != "-":
                outcome = next(farmed)
            else:
                outcome = file_standings(path, encoding)
            if outcome[0] == "fault":
                err.print(f"bpn: {outcome[1]}", style="red", highlight=False, markup=False)
                raise typer.Exit(outcome[2])
            files.append((name, outcome[1], outcome[2]))
    except Unavailable as exc:
        err.print(f"bpn: {exc}", style="red", highlight=False)
        raise typer.Exit(2) from None
    finally:
        executor.close()
    all_sessions = [s for _, sessions, _ in files for s in sessions]
    errors = sum(row.errors for s in all_sessions for row in s.boards) + sum(
        r.errors for _, _, standalone in files for r in standalone)
    if players:
        stats = by_player(all_sessions)
        if format is Format.json:
            typer.echo(json.dumps({"players": [p.as_dict() for p in stats]}, ensure_ascii=False, indent=1))
        elif format is Format.csv:
            typer.echo(_csv([PLAYER_CSV_HEADER, *_player_rows(stats)]), nl=False)
        elif stats:
            print_players(out_console(), stats)
        else:
            out_console().print("no named players in these sessions")
    elif format is Format.json:
        typer.echo(_json([s.as_dict() for s in all_sessions]))
    elif format is Format.csv:
        width, points = _csv_width(files), _points_width(files)
        rows = [csv_header(width, points)] + [r for name, sessions, _ in files
                                              for r in _board_rows(name, sessions, width, points)]
        typer.echo(_csv(rows), nl=False)
    else:
        out = out_console()
        first = True
        for name, sessions, standalone in files:
            if len(files) > 1:
                if not first:
                    out.print()
                out.print(Text(f"{name}", style="bold underline"))
            first = False
            for i, session in enumerate(sessions):
                if i:
                    out.print()
                print_session(out, session)
            if standalone:
                if sessions:
                    out.print()
                print_standalone(out, standalone)
            if not sessions and not standalone:
                out.print("no deals")
    for name, sessions, _ in files:
        for session in sessions:
            for board, total in session.off_balance():
                err.print(f"note: {name}: board {board}: the scores add up to {total:+d}, not 0 (BPN602); "
                          "the balances are off by as much", style="yellow", highlight=False)
    if errors:
        err.print(f"note: the records have {errors} error{'s' if errors != 1 else ''}; "
                  f"bpn validate {' '.join(paths)} shows them", style="yellow", highlight=False)
