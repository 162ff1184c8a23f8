"""Drawing a double-dummy analysis (:class:`~bismarck_pbn.analysis.analyse.DealAnalysis`)
for a terminal with rich: the contract's result, then one line per card played."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bismarck_pbn.analysis.analyse import DealAnalysis


def _heading(a: DealAnalysis) -> Text:
    d = a.deal
    out = Text(f"Deal {d.number}", style="bold")
    if d.board is not None:
        out.append(f" (board {d.board})")
    out.append(f": {d.contract or '?'}")
    if d.trump and d.contract == "Valfri":
        out.append(f" {d.trump}")
    out.append(f", forehand seat {d.forehand}")
    if a.dd_tricks is not None:
        out.append(f" — double dummy {a.dd_tricks} tricks")
    elif not a.error:
        out.append(" — double dummy: not solved within the node limit")
    if a.actual_tricks is not None:
        out.append(f", took {a.actual_tricks}")
    return out


def render_analysis(a: DealAnalysis) -> RenderableType:
    parts: list[RenderableType] = [_heading(a)]
    if a.error:
        parts.append(Text(f"  not analysed: {a.error}", style="yellow"))
        return Group(*parts, Text(""))
    table = Table(box=None, pad_edge=False, show_edge=False)
    for col in ("trick", "seat", "card", "before", "after", "", "would have kept them"):
        table.add_column(col)
    for p in a.plays:
        if p.values is None:
            table.add_row(str(p.trick), str(p.seat), p.card, "–", "–", "", "not solved (node limit)")
            continue
        style = "red" if p.cost > 1 else "yellow" if p.cost else ""
        table.add_row(str(p.trick) if p.position == 1 else "", str(p.seat), Text(p.card, style=style),
                      str(p.taken + p.best), str(p.taken + p.after), Text(p.mark, style=style),
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
        for row in a.contracts:
            cells = [row["contract"], row["trump"], _n(row["tricks"]), _n(row["score"], signed=True)]
            if exchange:
                cells += [row.get("best_discard", "–"), _n(row.get("best_tricks")),
                          _n(row.get("best_score"), signed=True)]
            c.add_row(*cells)
        parts.append(c)
    return Group(*parts, Text(""))


def _n(value, signed: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+d}" if signed else str(value)
