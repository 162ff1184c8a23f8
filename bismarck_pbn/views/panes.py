"""What the interactive replay writes on the screen, apart from the app around it: the
drawing of a position (:mod:`bismarck_pbn.views.render`'s, or a plain table of the seats
when that cannot draw) and the notes at the card shown. Rich renderables only; the
Textual app is :mod:`bismarck_pbn.views.tui`. Works for any game the rules know (the
seats, tricks and card numbers come from :attr:`DealView.rules`).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bismarck_pbn.diagnostics import ERROR, WARNING, Diagnostic
from bismarck_pbn.model.cards import JOKER, SUITS
from bismarck_pbn.check.position import Position
from bismarck_pbn.views.replay import DealView
from bismarck_pbn.model.nags import NAG_MEANINGS
from bismarck_pbn.format.writer import comment_text

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SEVERITY_STYLE = {ERROR: "bold red", WARNING: "yellow"}
FAULT_STYLE = "bold red"


def render_position(pos: Position, settled: tuple[int, ...] | None = None
                    ) -> tuple[RenderableType, list[Diagnostic]] | None:
    """The drawing from :mod:`bismarck_pbn.views.render` (which shows the card's notes and
    faults itself) and the faults it shows, when that module is there and works."""
    try:
        from bismarck_pbn.views.render import fault_diagnostics, render_position
    except ImportError:
        return None
    try:
        return render_position(pos, settled), list(fault_diagnostics(pos))
    except Exception:  # a drawing that fails must not take the replay down
        return None



def draw(view: DealView, pos: Position) -> RenderableType:
    """A plain drawing of the table: each seat's cards, its card in the trick, its tricks."""
    deal = view.deal
    status = Text()
    if pos.played == 0:
        status.append("before the first lead")
    else:
        status.append(f"trick {pos.trick} of {view.rules.tricks}", style="bold")
        status.append(f"  ·  card {pos.played} of {len(view.cards)}")
    if pos.trump:
        what = deal.contract or ("?" if view.rules.asks().contract else f"turned {deal.turned or '?'}")
        status.append(f"  ·  {what}, trump {pos.trump}")
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim", expand=False)
    table.add_column("")
    table.add_column("seat")
    table.add_column("cards held")
    table.add_column("trick", justify="center")
    table.add_column("won", justify="right")
    on_table = dict(pos.table)
    for seat in view.rules.seat_range():
        role = "forehand" if seat == deal.forehand else "dealer" if seat == deal.dealer else ""
        name = view.seat_name(seat) + (f" {role}" if role else "")
        hand = pos.hands[seat - 1]
        held = Text("(not recorded)", style="dim") if hand is None else hand_text(hand)
        card = on_table.get(seat)
        played = Text(card or "", style="bold green" if card and seat == pos.table_winner else "bold")
        won = f"{pos.won[seat - 1]}" + (f"/{pos.quotas[seat - 1]}" if pos.quotas else "")
        marker = Text("▶", style="bold cyan") if seat == pos.to_play else Text("")
        table.add_row(marker, name, held, played, won)
    return Group(status, table)

def hand_text(hand) -> Text:
    """A hand on one line, ``♠ AKT4  ♥ —  …``."""
    out = Text()
    for i, suit in enumerate(SUITS):
        ranks = "".join(c[1] for c in hand if c[0] == suit) or "—"
        if i:
            out.append("  ")
        out.append(SUIT_SYMBOLS[suit] + " ", style="red" if suit in "HD" else "")
        out.append(ranks)
    jokers = "".join(c[1] for c in hand if c[0] == JOKER)
    if jokers:  # Bid Whist's jokers
        out.append("  J " + jokers)
    return out

def notes(view: DealView, pos: Position | None, shown: list[Diagnostic] | None = None) -> Text:
    """What is written at this point of the record, and what is wrong there. With
    ``shown`` (the drawing is :func:`render.render_position`, which already shows the
    card, its notes, these faults and the closing comments) only what it leaves out."""
    drawn = shown is not None
    out = Text()
    deal = view.deal

    def line(text: str = "", style: str = "") -> None:
        out.append(text + "\n", style=style)

    def problem(d: Diagnostic, style: str | None = None) -> None:
        line(f"{d.code} {d.severity}: {d.message}", style or SEVERITY_STYLE.get(d.severity, "cyan"))

    if pos is None:  # (the board shows view.error: not said twice)
        for d in view.diagnostics:
            line(f"line {d.line}, column {d.column}: {d.code} {d.severity}: {d.message}", FAULT_STYLE)
        return out
    if pos.played == 0:
        if view.cards:
            line(f"Before the first lead: {view.seat_name(pos.to_play)} leads.", "bold")
        else:
            line("No play is recorded for this deal.", "bold")
        for d in view.deal_diagnostics:
            problem(d)
        for c in deal.comments:
            line(comment_text(c), "italic")
        for tag in deal.tags:
            for c in tag.comments:
                if tag.name != "Play":
                    line(f"[{tag.name} \"{tag.value}\"] {comment_text(c)}", "italic")
        if deal.play is not None and not drawn:
            for c in deal.play.comments:
                line(comment_text(c), "italic")
    elif drawn:
        covered = {(d.code, d.message) for d in shown or ()}
        for d in view.faults_at(pos.played - 1):
            if (d.code, d.message) not in covered:
                problem(d, FAULT_STYLE)
    else:
        i = pos.played - 1
        trick, nth = view.trick_and_card(i)
        card = view.cards[i]  # the card that made this position (its pos.card)
        seat = pos.table[-1][0]
        head = Text(f"Trick {trick}, card {nth}: {view.seat_name(seat)} plays ", style="bold")
        head.append(card.card, style="bold reverse")
        for mark in view.marks(card):
            head.append("  " + mark, style="bold magenta")
            if mark.startswith("$") and int(mark[1:]) in NAG_MEANINGS:
                head.append(f" ({NAG_MEANINGS[int(mark[1:])]})", style="magenta")
        out.append_text(head)
        out.append("\n")
        for c in card.comments:
            line(comment_text(c), "italic")
        for d in view.faults_at(i):
            problem(d, FAULT_STYLE)
        if pos.table_winner is not None:
            line(f"{view.seat_name(pos.table_winner)} wins trick {trick}.")
    if pos.played == view.last and view.cards:
        if out:
            line()
        line("End of the replay.", "bold")
        for i in view.unreplayed:
            trick, nth = view.trick_and_card(i)
            played = view.cards[i]
            line(f"Trick {trick}, card {nth}: {played.card} is in the record but not replayed "
                 f"({view.unreplayed_reason(i)}).", FAULT_STYLE)
            for d in view.faults_at(i):
                problem(d, FAULT_STYLE)
        if deal.play is not None and not (drawn and pos.played):
            for c in deal.play.trailing:
                line(comment_text(c), "italic")
    if pos.played == view.last:
        for text in view.summary():
            line(text)
    return out
