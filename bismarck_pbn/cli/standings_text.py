"""The text of ``bpn standings``: each session's score sheet as rich tables, the rounds
of a game that keeps individual points, the balance of a zero-sum game, and the players
across the sessions (``--by-player``)."""

from __future__ import annotations

from rich import box
from rich.console import Console, JustifyMethod
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from bismarck_pbn.session.standings import BoardRow, Session
from bismarck_pbn.session.standings_players import PlayerStats, Tally
from bismarck_pbn.format.values import signed_text


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
    if session is not None and seat == session.dummy:
        return "träkarl"
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


def _notes(session: Session, row: BoardRow) -> str:
    """What a deal reached or ended (an exit, a game won), in words; empty for most deals."""
    reached = [f"{what}: {_side(session, side)}" for what, side in row.marks]
    game = next((g for g in session.games if g.board == row.board), None) \
        if row.game_end is not None and row.board is not None else None
    if game and game.winners:
        reached.append(f"won by {_names([_side(session, w) for w in game.winners])}")
    elif row.game_end:
        reached.append("ends")
    return "; ".join(reached)


def _has_notes(session: Session) -> bool:
    return bool(session.games) or any(row.marks for row in session.boards)


def _board_table(session: Session, notes_column: bool = True, narrow: bool = False) -> Table:
    """The score sheet, a row a deal. ``notes_column``: what a deal reached in a last
    column; without it :func:`print_session` lists those notes under the table.
    ``narrow``: for a terminal too narrow for every column, the trump goes where the
    contract names it and each player's points are left to the rounds table."""
    noted = any(row.errors for row in session.boards)
    sides = session.sides
    contracts = any(row.contract is not None for row in session.boards) or session.game == "Bismarck"
    count = {2: "two", 3: "three", 4: "four"}.get(len(sides), str(len(sides)))
    points = any(row.points is not None for row in session.boards) and not narrow
    caption = (f"the {count} columns of the sides are the running totals" if points
               else f"the last {count} columns are the running totals")
    notes = notes_column and _has_notes(session)
    if session.games:
        caption += f"; the totals start again after each {session.unit}"
    if points:
        caption += "\npoints: each player's individual points in the deal"
    if noted:
        caption += "\n! marks a deal with errors: bpn validate shows them"
    table = _table(title=_title(session), caption=caption, caption_justify="left")
    headers: list[tuple[str, JustifyMethod]] = [("board", "right"), (_rotating_header(session.boards), "left")]
    headers += [("contract", "left")] if contracts else []
    headers += [("trump", "left")] if not (narrow and contracts) else []
    headers += [("tricks", "right"), ("score", "right")]
    for header, justify in headers:
        table.add_column(header, justify=justify, no_wrap=True)
    for side in sides:
        table.add_column(_side(session, side[0]), justify="right", header_style="bold cyan", no_wrap=True)
    if points:
        table.add_column("points", justify="right", no_wrap=True)
    if notes:
        table.add_column(session.unit, ratio=1, min_width=12)
    if noted:
        table.add_column("", style="bold red", no_wrap=True)
    for row in session.boards:
        totals = ([_signed_cell(v) for v in row.total] if row.total is not None and len(row.total) == len(sides)
                  else ["?"] * len(sides))
        cells = [str(row.board), _player(session, row.rotating)]
        cells += [row.contract or "?"] if contracts else []
        cells += [row.trump or "?"] if not (narrow and contracts) else []
        cells += [_plain(row.tricks), _signed(row.score), *totals]
        if points:
            cells.append(_signed(row.points))
        if notes:
            cells.append(_notes(session, row))
        if noted:
            cells.append("!" if row.errors else "")
        table.add_row(*cells)
    return table


def _to_play_table(session: Session, to_play: dict[int, list[str]]) -> Table:
    place = _rotating_header(session.boards)
    schedule = session.schedule_words()
    table = _table(title=f"still to play as {place}" + (f" ({schedule})" if schedule else ""))
    table.add_column(place)
    contracts = session.to_play_columns(to_play)
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
        text.append(f"{session.unit}s won: " + ", ".join(f"{_side(session, s)} {n}" for s, n in won.items()),
                    style="bold")
        text.append("; ")
    if session.boards and session.boards[-1].game_end is not None:
        text.append(f"the last deal ended a {session.unit}: the next starts from 0")
    else:
        several = len(leaders) > 1 or len(session.sides[0]) > 1
        verb = "level" if len(leaders) > 1 else "lead" if several else "leads"
        text.append(f"{f'this {session.unit}: ' if session.games else ''}{who} {verb} on {on}")
    return text


def _rounds_table(session: Session, marks_column: bool = True) -> Table | None:
    """Per game (round) of a session that keeps individual points or marks its deals
    (Swedish Whist): its boards, what each side reached and where (``marks_column``;
    else that is in the board sheet's notes), the sides' totals, each player's
    individual points; a last row sums the points over the session."""
    rounds = session.rounds()
    if not rounds:
        return None
    unit = session.unit
    whats = list(dict.fromkeys(what for row in session.boards for what, _ in row.marks)) if marks_column else []
    table = _table(title=Text(f"{unit}s: team points, {', '.join(whats) + ', ' if whats else ''}"
                              "individual points", style="bold"))
    table.add_column(unit, justify="right")
    table.add_column("boards", no_wrap=True)
    for what in whats:
        table.add_column(what)
    for side in session.sides:
        table.add_column(_side(session, side[0]), justify="right", header_style="bold cyan", no_wrap=True)
    players = [s for s in range(1, session.seats + 1) if s != session.dummy]  # (the träkarl is no player)
    for seat in players:
        table.add_column(_player(session, seat), justify="right", no_wrap=True)
    for r in rounds:
        reached = [", ".join(f"{_side(session, side)} ({board})" for w, side, board in r.marks if w == what)
                   or "·" for what in whats]
        totals = [_signed_cell(v) for v in r.totals] if r.totals is not None else ["?"] * len(session.sides)
        label = f"{r.number}" + ("" if r.finished else " (unfinished)")
        table.add_row(label, f"{r.first}–{r.last}", *reached, *totals,
                      *([_signed_cell(r.points[s - 1]) for s in players] if r.points is not None
                        else ["?"] * len(players)))
    whole = session.points()
    if len(rounds) > 1 and whole is not None:
        table.add_row("all", "", *[""] * len(whats), *[""] * len(session.sides),
                      *[_signed_cell(whole[s - 1]) for s in players], style="bold")
    return table


def _balance(session: Session) -> Text | None:
    """A zero-sum game's check: every deal's scores add up to 0, so do the balances."""
    if session.rules.name != session.game or not session.rules.zero_sum:
        return None
    off = session.off_balance()
    score, total = ("payments", "balances") if session.game == "SoloWhist" else ("scores", "totals")
    if not off:
        return Text(f"every deal's {score} add up to 0, and so do the {total}", style="green")
    boards = ", ".join(f"board {b} ({n:+d})" for b, n in off)
    return Text(f"the {score} do not add up to 0 on {boards} (BPN602): the {total} are off by "
                f"{sum(n for _, n in off):+d}", style="bold red")


def print_session(out: Console, session: Session) -> None:
    # the widest sheet that fits: notes beside the deals, else under the table, else
    # without the trump column and the per-deal points as well
    for notes_column, narrow in ((True, False), (False, False), (False, True)):
        table = _board_table(session, notes_column and _has_notes(session), narrow)
        if Measurement.get(out, out.options.update_width(10_000), table).maximum <= out.width:
            break
    out.print(table)
    if _has_notes(session) and not notes_column:
        for row in session.boards:
            note = _notes(session, row)
            if note:
                out.print(Text(f"board {row.board}: {note}"))
    out.print()
    rounds = _rounds_table(session)
    if rounds is not None and Measurement.get(out, out.options.update_width(10_000), rounds).maximum > out.width:
        rounds = _rounds_table(session, marks_column=False)   # the notes above say who exited where
    if rounds is not None:
        out.print(rounds)
        out.print()
    balance = _balance(session)
    if balance is not None:
        out.print(balance)
    to_play = session.to_play()
    if to_play is not None and not session.regular_done:
        out.print(_to_play_table(session, to_play))
        out.print()
    out.print(_verdict(session))


def print_standalone(out: Console, rows: list[BoardRow]) -> None:
    table = _table(title=Text("deals without a Board tag (not in a session)", style="bold"))
    for header in ("deal", _rotating_header(rows), "contract", "trump", "tricks", "score"):
        table.add_column(header)
    for row in rows:
        table.add_row(str(row.number), _player(None, row.rotating), row.contract or "?", row.trump or "?",
                      _plain(row.tricks), _signed(row.score))
    out.print(table)



def _average_cells(players: list[PlayerStats]) -> tuple[list[str], list[str], list[list[str]]]:
    """The contracts played as forehand (Bismarck's in schedule order), the seat
    columns, and each player's average score per deal under them (``·`` for none)."""
    contracts: list[str] = []
    for p in players:
        contracts += [c for c in p.as_forehand if c not in contracts]
    order = ("Spel", "Spader", "Valfri", "Pass")
    contracts.sort(key=lambda c: order.index(c) if c in order else len(order))
    seats = max((s for p in players for s in p.by_seat), default=3)

    def cell(t: Tally | None) -> str:
        return f"{t.average:+.2f}" if t is not None and t.deals else "·"

    rows = [[cell(p.as_forehand.get(c)) for c in contracts] + [cell(p.by_seat.get(s)) for s in range(1, seats + 1)]
            for p in players]
    return contracts, [f"seat {s}" for s in range(1, seats + 1)], rows


def player_tables(players: list[PlayerStats]) -> list[Table]:
    """The totals, then the average per deal as forehand by contract (Bismarck) and by seat."""
    totals = _table(title=Text("players across the sessions", style="bold"))
    points = any(p.points is not None for p in players)
    games = any(p.games for p in players)
    units = {u for p in players for u in p.units}
    won_inside = f"{units.pop() if len(units) == 1 else 'game'}s won"
    won = any(p.decided for p in players)  # sessions of no fixed length are never won as a whole
    for header in ("player", "sessions", *(("won",) if won else ()), *((won_inside,) if games else ()), "deals",
                   "total", "per deal", *(("points",) if points else ())):
        totals.add_column(header, justify="left" if header == "player" else "right", no_wrap=True)
    for p in players:
        own = (f"{p.points.total:+d}" if p.points is not None else "·",) if points else ()
        totals.add_row(p.name, str(p.sessions), *((str(p.wins),) if won else ()), *((str(p.games),) if games else ()),
                       str(p.all.deals),
                       f"{p.all.total:+d}",
                       f"{p.all.average:+.2f}" if p.all.deals else "·", *own)
    contracts, seats, rows = _average_cells(players)
    columns = [*contracts, *seats]
    heading = "as forehand, by contract; and by seat" if contracts else "by seat"  # no forehand, no contracts
    return [totals, _averages(players, rows, columns, columns, heading)]


CAPTION = "--format csv or json gives the number of deals of each"


def _averages(players: list[PlayerStats], rows: list[list[str]], columns: list[str], shown: list[str],
              heading: str, caption: bool = True) -> Table:
    """The table of average scores per deal under the ``shown`` ones of ``columns``."""
    table = _table(title=Text(f"average score per deal: {heading}", style="bold"),
                   caption=CAPTION if caption else None, caption_justify="left")
    table.add_column("player", no_wrap=True)
    for header in shown:
        table.add_column(header, justify="right", no_wrap=True)
    keep = [k for k, c in enumerate(columns) if c in shown]
    for p, row in zip(players, rows):
        table.add_row(p.name, *[row[k] for k in keep])
    return table


def _fits(out: Console, table: Table) -> bool:
    return Measurement.get(out, out.options.update_width(10_000), table).maximum <= out.width


def print_players(out: Console, players: list[PlayerStats]) -> None:
    """The players' totals, then their averages: in one table where it fits the
    terminal, else by contract and by seat apart (each cut into tables of as many
    columns as fit), so that no cell is cut short. O(tables × players × columns)."""
    totals, split = player_tables(players)
    out.print(totals)
    out.print()
    if _fits(out, split):
        out.print(split)
        return
    contracts, seats, rows = _average_cells(players)
    columns = [*contracts, *seats]
    tables: list[Table] = []
    for group, heading in ((contracts, "as forehand, by contract"), (seats, "by seat")):
        shown: list[str] = []
        for column in group:  # greedy: as many columns as fit in each table
            if shown and not _fits(out, _averages(players, rows, columns, [*shown, column], heading, False)):
                tables.append(_averages(players, rows, columns, shown, heading, False))
                shown = []
            shown.append(column)
        if shown:
            tables.append(_averages(players, rows, columns, shown, heading, False))
    tables[-1].caption = CAPTION
    for k, table in enumerate(tables):
        if k:
            out.print()
        out.print(table)
