"""``bpn standings``: each session's score sheet, what is left to play, and who leads."""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bismarck_pbn.session.standings import BoardRow, PlayerStats, Session, Tally, by_player, iter_standings
from bismarck_pbn.format.values import signed_text
from bismarck_pbn.cli.common import Source, err_console, out_console
from bismarck_pbn.sources import ReadFailure, text_deals


class Format(str, Enum):
    text = "text"
    json = "json"
    csv = "csv"


def csv_header(width: int = 3) -> list[str]:
    """The board CSV's columns; ``width`` numbers each of tricks, score and total (one per
    seat, or per side in partnership games: score1 is side 1, seats 1 and 3)."""
    return ["file", "event", "site", "date", "game", "variant", "board", "dealer", "forehand", "forehand_player",
            "contract", "trump", *[f"{what}{i}" for what in ("tricks", "score", "total") for i in range(1, width + 1)]]

PLAYER_CSV_HEADER = ["player", "group", "deals", "total", "average"]


def _signed(triple) -> str:
    if triple is None:
        return "?"
    return signed_text(triple)


def _plain(triple) -> str:
    return " ".join(map(str, triple)) if triple is not None else "?"


def _title(session: Session) -> Text:
    game = session.game if session.game != "Bismarck" else None
    parts = [p for p in (session.event, session.site, session.date, game, str(session.variant)) if p]
    title = Text(" · ".join(parts), style="bold")
    names = [p for p in session.players if p]
    if names:
        title.append("   " + ", ".join(names))
    return title


def _player(session: Session | None, seat: int | None) -> str:
    """A player's name for a column or cell, or the seat number when unnamed."""
    if seat is None:
        return "?"
    name = session.players[seat - 1] if session is not None and seat <= len(session.players) else None
    return name if name and name.strip("?") else f"seat {seat}"


def _side(session: Session, side: int) -> str:
    """A side by its players' names (``Ann & Cy``), the side given by its lower seat."""
    for seats in session.sides:
        if seats[0] == side:
            return " & ".join(_player(session, s) for s in seats)
    return f"side {side}"


def _names(names: list[str]) -> str:
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)


def _signed_cell(v: int) -> str:
    return f"{v:+d}" if v else "0"


def _table(**kwargs) -> Table:
    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True,
                 title_justify="left", **kwargs)


def _rotating_header(rows) -> str:
    return "forehand" if any(row.forehand is not None for row in rows) else "dealer"


def _board_table(session: Session) -> Table:
    noted = any(row.errors for row in session.boards)
    sides = session.sides
    contracts = any(row.contract is not None for row in session.boards) or session.game == "Bismarck"
    count = {2: "two", 3: "three", 4: "four"}.get(len(sides), str(len(sides)))
    caption = f"the last {count} columns are the running totals"
    if session.games:
        caption += "; the totals start again after each game"
    if noted:
        caption += "\n! marks a deal with errors: bpn validate shows them"
    table = _table(title=_title(session), caption=caption, caption_justify="left")
    headers = [("board", "right"), (_rotating_header(session.boards), "left")]
    headers += [("contract", "left")] if contracts else []
    headers += [("trump", "left"), ("tricks", "right"), ("score", "right")]
    for header, justify in headers:
        table.add_column(header, justify=justify, no_wrap=True)
    for side in sides:
        table.add_column(_side(session, side[0]), justify="right", header_style="bold cyan", no_wrap=True)
    if session.games:
        table.add_column("game", no_wrap=True)
    if noted:
        table.add_column("", style="bold red", no_wrap=True)
    ended = {g.board: g for g in session.games}
    for row in session.boards:
        totals = ([_signed_cell(v) for v in row.total] if row.total is not None and len(row.total) == len(sides)
                  else ["?"] * len(sides))
        cells = [str(row.board), _player(session, row.rotating)]
        cells += [row.contract or "?"] if contracts else []
        cells += [row.trump or "?", _plain(row.tricks), _signed(row.score), *totals]
        if session.games:
            game = ended.get(row.board) if row.game_end is not None else None
            cells.append(f"won by {_names([_side(session, w) for w in game.winners])}" if game and game.winners
                         else ("ends" if row.game_end else ""))
        if noted:
            cells.append("!" if row.errors else "")
        table.add_row(*cells)
    return table


def _to_play_table(session: Session, to_play: dict[int, list[str]]) -> Table:
    rules = session.rules.session_rules()
    how = rules.schedule_text()
    place = _rotating_header(session.boards)
    name = session.variant.base if session.game == "Bismarck" else session.game
    table = _table(title=f"still to play as {place}" + (f" ({name}: {how})" if how else ""))
    table.add_column(place)
    order = list(session.rules.words.contracts)
    due_any = [c for due in to_play.values() for c in due]
    contracts = [c for c in order if c in due_any] + [c for c in dict.fromkeys(due_any) if c not in order]
    if session.game == "Bismarck":  # every contract of the variant, played out or not
        contracts = [c for c in session.variant.contracts] + [c for c in contracts
                                                              if c not in session.variant.contracts]
    for contract in contracts:
        table.add_column(contract, justify="center")
    table.add_column("deals left", justify="right")
    left = session.deals_left()
    for seat in sorted(to_play):  # seat 0: the session's, whoever holds the place
        due = to_play[seat]
        cells = [str(due.count(c)) if due.count(c) else "·" for c in contracts]
        name = _player(session, seat) if seat else "any seat"
        table.add_row(name, *cells, str(left[seat]) if left is not None and seat in left else "?" if seat else "")
    return table


def _verdict(session: Session) -> Text:
    totals = session.totals
    leaders = session.leaders
    if totals is None or not leaders:
        return Text("the running total is not known (see bpn validate)", style="yellow")
    top = totals[[s[0] for s in session.sides].index(leaders[0])]
    who = _names([_side(session, s) for s in leaders])
    on = _signed_cell(top)
    if session.complete:
        return Text(f"session complete: {who} wins on {on}", style="bold green")
    if session.tie_break_due:
        how = session.rules.session_rules().tie_break()
        return Text(f"{who} tied at the top on {on}: a tie-break is due ({how})", style="bold yellow")
    if session.length is not None:
        left = session.length - session.last_board
        return Text(f"{'leaders' if len(leaders) > 1 else 'leader'}: {who} on {on}, "
                    f"{left} regular deal{'s' if left != 1 else ''} to play")
    text = Text()
    if session.games:
        won = session.games_won()
        text.append("games won: " + ", ".join(f"{_side(session, s)} {n}" for s, n in won.items()), style="bold")
        text.append("; ")
    if session.boards and session.boards[-1].game_end is not None:
        text.append("the last deal ended a game: the next starts from 0")
    else:
        several = len(leaders) > 1 or len(session.sides[0]) > 1
        verb = "level" if len(leaders) > 1 else "lead" if several else "leads"
        text.append(f"{'this game: ' if session.games else ''}{who} {verb} on {on}")
    return text


def _print_session(out: Console, session: Session) -> None:
    out.print(_board_table(session))
    out.print()
    to_play = session.to_play()
    if to_play is not None and not session.regular_done:
        out.print(_to_play_table(session, to_play))
        out.print()
    out.print(_verdict(session))


def _print_standalone(out: Console, rows: list[BoardRow]) -> None:
    table = _table(title=Text("deals without a Board tag (not in a session)", style="bold"))
    for header in ("deal", _rotating_header(rows), "contract", "trump", "tricks", "score"):
        table.add_column(header)
    for row in rows:
        table.add_row(str(row.number), _player(None, row.rotating), row.contract or "?", row.trump or "?",
                      _plain(row.tricks), _signed(row.score))
    out.print(table)


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


def _board_rows(name: str, sessions: list[Session], width: int = 3):
    def cells(values) -> list:
        values = list(values) if values is not None else []
        return values + [""] * (width - len(values))

    for session in sessions:
        for row in session.boards:
            fh = session.players[row.forehand - 1] if row.forehand else None
            yield [name, session.event or "", session.site or "", session.date or "", session.game,
                   str(session.variant), row.board, row.dealer or "", row.forehand or "", fh or "",
                   row.contract or "", row.trump or "", *cells(row.tricks), *cells(row.score), *cells(row.total)]


def _player_rows(players: list[PlayerStats]):
    def avg(t: Tally) -> str:
        return f"{t.average:.3f}" if t.average is not None else ""

    for p in players:
        yield [p.name, "all", p.all.deals, p.all.total, avg(p.all)]
        for contract, t in p.as_forehand.items():
            yield [p.name, f"forehand {contract}", t.deals, t.total, avg(t)]
        for seat, t in sorted(p.by_seat.items()):
            yield [p.name, f"seat {seat}", t.deals, t.total, avg(t)]


def _player_tables(players: list[PlayerStats]) -> list[Table]:
    """The totals, then the average per deal as forehand by contract and by seat."""
    contracts: list[str] = []
    for p in players:
        contracts += [c for c in p.as_forehand if c not in contracts]
    order = ("Spel", "Spader", "Valfri", "Pass")
    contracts.sort(key=lambda c: order.index(c) if c in order else len(order))
    totals = _table(title=Text("players across the sessions", style="bold"))
    for header in ("player", "sessions", "won", "deals", "total", "per deal"):
        totals.add_column(header, justify="left" if header == "player" else "right", no_wrap=True)
    split = _table(title=Text("average score per deal: as forehand, by contract; and by seat", style="bold"),
                   caption="--format csv or json gives the number of deals of each", caption_justify="left")
    split.add_column("player", no_wrap=True)
    seats = max((s for p in players for s in p.by_seat), default=3)
    for header in [*contracts, *(f"seat {s}" for s in range(1, seats + 1))]:
        split.add_column(header, justify="right", no_wrap=True)

    def cell(t: Tally | None) -> str:
        return f"{t.average:+.2f}" if t is not None and t.deals else "·"

    for p in players:
        totals.add_row(p.name, str(p.sessions), str(p.wins), str(p.all.deals), f"{p.all.total:+d}",
                       f"{p.all.average:+.2f}" if p.all.deals else "·")
        split.add_row(p.name, *[cell(p.as_forehand.get(c)) for c in contracts],
                      *[cell(p.by_seat.get(s)) for s in range(1, seats + 1)])
    return [totals, split]


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
) -> None:
    """Show the score sheet of each session: every board with its forehand, contract,
    tricks and score, the running totals, the contracts each player still has to play
    as forehand, who leads, and whether a tie-break is due.

    Tricks, scores and totals are computed from the play, as bpn validate does, so a
    slip in a Total tag does not carry on. A record with errors is still summed, and a
    note on standard error says so. With --by-player the sessions of all the files are
    summed up by player (matched by the names in the Player tags).

    Exit status: 0 shown, 2 unreadable file or wrong usage.

    Examples:

        bpn standings club-night.bpn
        bpn standings night.bpn --format json | jq '.sessions[0].totals'
        bpn standings club/*.bpn --by-player
        bpn standings club/*.bpn --format csv > season.csv
    """
    from pathlib import Path

    from bismarck_pbn.format.reader import read_deals

    err = err_console()
    for path in paths:
        if path != "-" and not Path(path).is_file():
            why = "not a regular file" if Path(path).exists() else "no such file or directory"
            err.print(f"bpn: {path}: {why}", style="red", highlight=False)
            raise typer.Exit(2)
    files: list[tuple[str, list[Session], list[BoardRow]]] = []
    for path in paths:
        source = Source("<stdin>" if path == "-" else path, None if path == "-" else Path(path))
        sessions: list[Session] = []
        standalone: list[BoardRow] = []
        try:
            fp = source.open()
            try:
                for item in iter_standings(text_deals(read_deals(fp, encoding=encoding), source.name)):
                    (sessions if isinstance(item, Session) else standalone).append(item)
            finally:
                if source.path is not None:
                    fp.close()
        except LookupError:
            err.print(f"bpn: unknown encoding {encoding!r}", style="red", highlight=False)
            raise typer.Exit(2) from None
        except ReadFailure as exc:
            err.print(f"bpn: {exc}", style="red", highlight=False, markup=False)
            raise typer.Exit(exc.code) from None
        except OSError as exc:
            err.print(f"bpn: {source.name}: cannot read: {exc.strerror or exc}", style="red", highlight=False)
            raise typer.Exit(2) from None
        files.append((source.name, sessions, standalone))
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
            out = out_console()
            totals, split = _player_tables(stats)
            out.print(totals)
            out.print()
            out.print(split)
        else:
            out_console().print("no named players in these sessions")
    elif format is Format.json:
        typer.echo(_json([s.as_dict() for s in all_sessions]))
    elif format is Format.csv:
        width = _csv_width(files)
        rows = [csv_header(width)] + [r for name, sessions, _ in files for r in _board_rows(name, sessions, width)]
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
                _print_session(out, session)
            if standalone:
                if sessions:
                    out.print()
                _print_standalone(out, standalone)
            if not sessions and not standalone:
                out.print("no deals")
    if errors:
        err.print(f"note: the records have {errors} error{'s' if errors != 1 else ''}; "
                  f"bpn validate {' '.join(paths)} shows them", style="yellow", highlight=False)
