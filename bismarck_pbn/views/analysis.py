"""Drawing a double-dummy analysis (:class:`~bismarck_pbn.analysis.analyse.DealAnalysis`)
for a terminal with rich: the contract's result, then one line per card played; and
the values of the legal cards at one position (:class:`~bismarck_pbn.analysis.values.PositionValues`)
for ``show --dd`` and the replay."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bismarck_pbn.analysis.analyse import DealAnalysis
from bismarck_pbn.analysis.values import NODE_LIMIT_REASON, PositionValues
from bismarck_pbn.games import ruleset_of
from bismarck_pbn.games.base import seat_list
from bismarck_pbn.model.games import BISMARCK


def _heading(a: DealAnalysis) -> Text:
    d = a.deal
    rules = ruleset_of(d)
    contract = rules.contract_of(d)[0]
    out = Text(f"Deal {d.number}", style="bold")
    if d.board is not None:
        out.append(f" (board {d.board})")
    if rules.name != BISMARCK:  # the format's default game goes unnamed
        out.append(f", {rules.name}")
    if contract or rules.contract_required:
        out.append(f": {contract or '?'}")
    elif d.trump:
        out.append(f": trump {d.trump}")
    if d.trump and d.trump != "NT" and rules.names_trump(contract):
        out.append(f" {d.trump}")
    if d.direction:  # Bid Whist's no trump: which way the ranks run decides the values
        out.append(f" {d.direction}")
    if rules.rotating_tag() == "Forehand":  # Bismarck's: the seat whose contract it is
        out.append(f", forehand seat {rules.rotating_seat(d)}")
    if a.sides is not None:
        out.append(f"; for {a.sides.label}" + (" (wanting few tricks)" if a.sides.misere else ""))
    if a.dd_tricks is not None:
        since = f" from trick {a.from_trick}" if a.from_trick > 1 else ""
        out.append(f" — double dummy {a.dd_tricks} trick{'s' if a.dd_tricks != 1 else ''}{since}")
    elif not a.error and a.plays and any(p.values is not None for p in a.plays):
        out.append(" — double dummy: not solved within the node limit")
    if a.actual_tricks is not None:
        out.append(f", took {a.actual_tricks}")
    return out


def render_analysis(a: DealAnalysis) -> RenderableType:
    parts: list[RenderableType] = [_heading(a)]
    if a.error:
        parts.append(Text(f"  not analysed: {a.error}", style="yellow"))
        return Group(*parts, Text(""))
    if a.note:
        parts.append(Text(f"  nothing to analyse: {a.note}", style="dim"))
        return Group(*parts, Text(""))
    table = Table(box=None, pad_edge=False, show_edge=False)
    for col in ("trick", "seat", "card", "before", "after", "", "would have kept them"):
        table.add_column(col)
    skipped = [p for p in a.plays if p.values is None and p.reason and p.reason != NODE_LIMIT_REASON]
    if skipped:  # a run of positions the solver does not model (German Whist's draws): one line
        parts.append(Text(f"  tricks {skipped[0].trick}–{skipped[-1].trick} not analysed: {skipped[0].reason}",
                          style="dim"))
    for p in a.plays:
        best, after = p.best, p.after
        if best is None or after is None:  # not solved (both are None exactly then)
            if p in skipped:
                continue
            table.add_row(str(p.trick), str(p.seat), p.card, "–", "–", "", "not solved (node limit)")
            continue
        style = "red" if p.cost > 1 else "yellow" if p.cost else ""
        table.add_row(str(p.trick) if p.position == 1 else "", str(p.seat), Text(p.card, style=style),
                      str(p.taken + best), str(p.taken + after), Text(p.mark, style=style),
                      " ".join(p.better))
    parts.append(table)
    if a.contracts:
        c = Table(title="each contract, double dummy, for the forehand", box=None, title_justify="left")
        for col in ("contract", "trump", "tricks", "score"):
            c.add_column(col)
        exchange = any("best_discard" in row for row in a.contracts)
        if exchange:
            for col in ("best discard", "tricks", "score"):
                c.add_column(col)
        unsolved = tried = 0
        for row in a.contracts:
            cells = [row["contract"], row["trump"], _n(row["tricks"]), _n(row["score"], signed=True)]
            if exchange:
                partly = "*" if row.get("discards_unsolved") else ""
                unsolved += row.get("discards_unsolved", 0)
                tried += row.get("discards", 0)
                discard = row["best_discard"] + partly if "best_discard" in row else "not solved" if partly else "–"
                cells += [discard, _n(row.get("best_tricks")),
                          _n(row.get("best_score"), signed=True)]
            c.add_row(*cells)
        parts.append(c)
        if unsolved:
            parts.append(Text(f"* the best of the discards solved: {unsolved:,} of {tried:,} were not solved "
                              "within the node limit (--limit)", style="yellow"))
    return Group(*parts, Text(""))


def _n(value: int | None, signed: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+d}" if signed else str(value)


# ---- the values at one position (show --dd, the replay's d key) ----------------------------

def side_words(seats: tuple[int, ...]) -> str:
    """``seat 3`` or ``seats 2 and 3``."""
    return f"seat{'s' if len(seats) > 1 else ''} {seat_list(seats)}"


def values_line(pv: PositionValues) -> Text:
    """One line: ``double dummy, seat 2 to play, for the forehand, seat 2, against the
    other two (tricks of seat 2 from this one on): SA 5 · SK 5 · S2 4?`` — the sides
    analysed (``--side``), whose tricks the values count, and each legal card with the
    tricks its side takes from this trick on, the cards that cost tricks
    marked ``?``/``??`` like ``analyse`` marks them (:func:`render_values` adds the
    whole deal's tricks)."""
    out = Text("double dummy", style="bold")
    if pv.seat is None:
        return out.append(": the play is over", style="")
    out.append(f", seat {pv.seat} to play")
    if pv.side_label is not None:
        out.append(f", for {pv.side_label}")
    if pv.values is None:
        why = pv.reason if pv.reason == NODE_LIMIT_REASON else f"not analysed: {pv.reason}"
        return out.append(f": {why}", style="yellow")
    whose = f" of {side_words(pv.side)}" if pv.side else ""
    out.append(f" (tricks{whose} from this one on" + (", wanting few" if pv.wants_few else "") + "): ")
    for i, (card, value) in enumerate(pv.values.items()):
        if i:
            out.append(" · ", style="dim")
        cost = pv.cost(card)
        style = "red" if cost > 1 else "yellow" if cost else "green"
        out.append(card, style="bold " + style)
        out.append(f" {value}" + ("?" if cost == 1 else "??" if cost > 1 else ""), style=style)
    return out


def render_values(pv: PositionValues) -> RenderableType:
    """:func:`values_line`, and the whole deal's tricks for the best card."""
    best = pv.best
    if pv.values is None or best is None:
        return values_line(pv)
    card = next(c for c, v in pv.values.items() if v == best)
    total = pv.total(card)
    who = side_words(pv.side) if pv.side else f"the side of seat {pv.seat}"
    whole = Text(f"  best play gives {who} {total} trick{'' if total == 1 else 's'} in the deal", style="dim")
    return Group(values_line(pv), whole)
