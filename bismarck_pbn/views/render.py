"""Drawing a position: the table as rich renderables, and the same position as plain data.

:func:`render_position` draws a :class:`~bismarck_pbn.views.position.Position` for a terminal:
the three hands around the table (seat 1 at the bottom, seats 2 and 3 above, so the
play goes clockwise), the trick on the table, the contract, the kitty and the discard,
the tricks taken against each seat's quota, and what the record says at the current
card: its suffix, NAGs (with the meaning of $1–$6), ``^R`` and comments, and any fault
in the play there, in the validator's own words. :func:`position_dict` gives the same
position as JSON-ready data. ``bpn show`` prints either; the TUI draws with the first.

Both are O(n) for a deal of n cards, apart from an unknown hand, whose cards still to
come are found by one more pass over the deal's positions (O(n²), n ≤ 48).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bismarck_pbn.check.wording import fault_diagnostics as fault_words
from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.games.tricks import Fault
from bismarck_pbn.model.nags import NAG_MEANINGS
from bismarck_pbn.model.cards import SUITS, holding_text, rest_of_deck, sort_cards
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.views.position import Position, positions

__all__ = ["NAG_MEANINGS", "fault_diagnostics", "position_dict", "render_position"]

_SUIT_STYLE = {"S": "bold", "H": "bold red", "D": "bold red", "C": "bold"}


# ---- what the record knows around a position ------------------------------------------------

def _player(pos: Position, seat: int) -> str | None:
    name = pos.deal.headers.get(f"Player{seat}")
    return name if name and name.strip("?") else None


def _short_label(pos: Position, seat: int) -> str:
    name = _player(pos, seat)
    return f"{seat} {name}" if name else f"seat {seat}"


def _kitty(pos: Position) -> tuple[str, ...] | None:
    """The kitty as dealt: the Kitty tag, or the four cards no recorded hand holds."""
    deal = pos.deal
    if deal.kitty is not None:
        return deal.kitty
    hands = deal.hands
    if hands is not None and all(h is not None for h in hands):
        return rest_of_deck(hands)
    return None


def _current_index(pos: Position) -> int | None:
    """Index in the play of the card just played, None before the first lead."""
    return pos.played - 1 if pos.played else None


def _faults_here(pos: Position) -> list[Fault]:
    index = _current_index(pos)
    return [f for f in pos.faults if f.index == index]


def fault_diagnostics(pos: Position) -> list[Diagnostic]:
    """The faults of the card just played as the validator words them (BPN502–504). O(f)."""
    faults = _faults_here(pos)
    if not faults:
        return []
    rules = pos.rules
    return fault_words(pos.deal, faults, pos.seats, rules.tricks if rules is not None else 16)


def _still_to_play(pos: Position) -> dict[int, list[str]]:
    """For each seat, the cards the record shows it playing after this position."""
    later: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for after in positions(pos.deal)[pos.played + 1 :]:
        seat, card = after.table[-1]
        later[seat].append(card)
    return later


def _notes(pos: Position) -> dict:
    """Suffix, NAGs, ^R and comments at the card just played; before the first lead,
    the comments that open the play section."""
    card = pos.card
    if card is None:
        play = pos.deal.play
        comments = play.comments if play is not None else ()
        return {"suffix": None, "nags": [], "revoke_marked": False,
                "comments": [{"kind": c.kind, "text": c.text} for c in comments]}
    return {"suffix": card.suffix, "nags": list(card.nags), "revoke_marked": card.revoke,
            "comments": [{"kind": c.kind, "text": c.text} for c in card.comments]}


# ---- JSON ------------------------------------------------------------------------------------

def position_dict(pos: Position) -> dict:
    """The position as plain JSON data. Seats are keys ``"1"``–``"3"`` in ``hands``;
    a hand is null when the record does not give it. ``card`` is the card's place in
    its trick (1–3, 0 before the first lead) and ``played`` the cards played so far.
    ``notes`` are those of the card just played (before the first lead: the comments
    opening the play section); ``faults`` those found at that card. O(n)."""
    deal = pos.deal
    kitty = _kitty(pos)
    faults = _faults_here(pos)
    messages = fault_diagnostics(pos)
    return {
        "deal": deal.number,
        "board": deal.board,
        "trick": pos.trick,
        "card": (pos.played - 1) % 3 + 1 if pos.played else 0,
        "played": pos.played,
        "total_cards": pos.total_cards,
        "finished": pos.finished,
        "players": {str(s): _player(pos, s) for s in engine.SEATS},
        "forehand": deal.forehand,
        "hands": {str(s): list(h) if h is not None else None for s, h in zip(engine.SEATS, pos.hands)},
        "kitty": list(kitty) if kitty is not None else None,
        "exchange": deal.exchange,
        "discard": list(deal.discard) if deal.discard is not None else None,
        "contract": deal.contract,
        "trump": pos.trump,
        "table": [{"seat": seat, "card": card} for seat, card in pos.table],
        "leader": pos.table_leader,
        "winner": pos.table_winner,
        "to_play": pos.to_play,
        "won": list(pos.won),
        "quotas": list(pos.quotas) if pos.quotas is not None else None,
        "notes": _notes(pos),
        "faults": [{"kind": f.kind, "seat": f.seat, "card": f.card, "detail": f.detail,
                    "code": d.code, "severity": d.severity, "message": d.message}
                   for f, d in zip(faults, messages)],
    }


# ---- drawing ---------------------------------------------------------------------------------

def _suit_rows(cards: tuple[str, ...] | list[str], style: str = "") -> Text:
    """Four lines, ``S AKT4`` … ``C 32``, ranks high to low; ``—`` for a void."""
    text = Text()
    for i, suit in enumerate(SUITS):
        ranks = "".join(c[1] for c in sort_cards(cards) if c[0] == suit)
        if i:
            text.append("\n")
        text.append(f"{suit} ", style=_SUIT_STYLE[suit])
        text.append(ranks or "—", style=style)
    return text


def _hand_panel(pos: Position, seat: int, later: dict[int, list[str]] | None) -> Panel:
    deal = pos.deal
    held = pos.hands[seat - 1]
    title = Text(f"seat {seat}", style="bold")
    name = _player(pos, seat)
    if name:
        title.append(f" {name}")
    to_play = seat == pos.to_play and not pos.finished
    marks = Text()
    if seat == deal.forehand:
        marks.append("forehand", style="bold cyan")
    if to_play:
        marks.append("  ◀ to play" if marks else "◀ to play", style="bold green")
    body = marks + Text("\n") if marks else Text()
    if held is not None:
        body.append_text(_suit_rows(held))
        if seat == deal.forehand and deal.exchange is None and _kitty(pos) is not None:
            body.append("\n(hand and kitty: the discard is not recorded)", style="dim")
    else:
        cards = (later or {}).get(seat, [])
        dealt = deal.hands[seat - 1] if deal.hands is not None else None
        body.append("? not recorded" if dealt is None else "? the exchange is not known", style="bold yellow")
        if cards:
            body.append("\n")
            body.append_text(_suit_rows(cards, style="dim"))
            body.append("\n(cards still to come in the play)", style="dim")
    won = pos.won[seat - 1]
    quota = pos.quotas[seat - 1] if pos.quotas is not None else None
    plural = "trick" if won == 1 else "tricks"
    subtitle = f"{won} {plural}, quota {quota}" if quota is not None else f"{won} {plural}"
    return Panel(body, title=title, title_align="left", subtitle=subtitle, subtitle_align="right",
                 border_style="green" if to_play else "")


def _table_panel(pos: Position) -> Panel:
    body = Text()
    if not pos.table:
        if pos.to_play is not None:
            body.append(f"{_short_label(pos, pos.to_play)} leads trick 1")
        else:
            body.append("no play recorded", style="dim")
        return Panel(body, title="the table", title_align="left")
    body.append(f"trick {pos.trick}\n")
    width = max(len(_short_label(pos, s)) for s in engine.SEATS)
    for i, (seat, card) in enumerate(pos.table):
        current = i == len(pos.table) - 1
        body.append(f"{_short_label(pos, seat):<{width}}  ")
        body.append(card, style=("bold reverse " if current else "") + _SUIT_STYLE[card[0]])
        if current and pos.card is not None:
            if pos.card.suffix:
                body.append(pos.card.suffix, style="bold magenta")
            if pos.card.revoke:
                body.append(" ^R", style="yellow")
        if i == 0:
            body.append("  leads", style="dim")
        body.append("\n")
    if pos.table_winner is not None:
        body.append(f"won by {_short_label(pos, pos.table_winner)}", style="bold")
    elif pos.to_play is not None:
        body.append(f"{_short_label(pos, pos.to_play)} to play", style="green")
    if pos.finished and pos.total_cards and pos.table_winner is not None:
        body.append("\nthe play is over" if pos.played >= 48 else "\nthe record stops here", style="dim")
    return Panel(body, title="the table", title_align="left")


def _deal_panel(pos: Position) -> Panel:
    deal = pos.deal
    body = Text()
    contract = deal.contract or "?"
    body.append("contract ", style="dim")
    body.append(contract, style="bold")
    if pos.trump is not None:
        body.append(f", trumps {pos.trump}" if pos.trump != "NT" else ", no trump")
    elif deal.contract == "Valfri":
        body.append(", trumps not recorded", style="yellow")
    kitty = _kitty(pos)
    body.append("\nkitty ", style="dim")
    body.append(holding_text(kitty) if kitty is not None else "?")
    body.append("\ndiscard ", style="dim")
    if deal.exchange is False:
        body.append("- (declined)")
    elif deal.discard is not None:
        body.append(holding_text(deal.discard))
    else:
        body.append("not recorded", style="dim")
    return Panel(body, title="the deal", title_align="left")


def _notes_renderable(pos: Position) -> RenderableType | None:
    notes = _notes(pos)
    lines = Text()
    card = pos.card
    if card is not None and (card.suffix or card.nags or card.revoke):
        lines.append(card.card, style="bold")
        if card.suffix:
            lines.append(card.suffix, style="bold magenta")
        for nag in card.nags:
            lines.append(f"  ${nag}", style="magenta")
            if nag in NAG_MEANINGS:
                lines.append(f" {NAG_MEANINGS[nag]}")
        if card.revoke:
            lines.append("  ^R marked as a revoke at the table", style="yellow")
    for comment in notes["comments"]:
        if lines:
            lines.append("\n")
        text = comment["text"].strip()
        lines.append(f"{{{text}}}" if comment["kind"] == "{" else f"; {text}", style="italic")
    for d in fault_diagnostics(pos):
        if lines:
            lines.append("\n")
        style = "bold red" if d.severity == "error" else "yellow"
        lines.append(f"{d.code} {d.severity}: ", style=style)
        lines.append(d.message, style="red" if d.severity == "error" else "yellow")
    if pos.finished and pos.deal.play is not None and pos.deal.play.trailing and pos.played:
        for comment in pos.deal.play.trailing:
            if lines:
                lines.append("\n")
            lines.append(f"after the play: {comment.text.strip()}", style="italic")
    return lines if lines else None


def _heading(pos: Position) -> Text:
    deal = pos.deal
    head = Text()
    if deal.board is not None:
        head.append(f"Board {deal.board}", style="bold")
        head.append(f" (deal {deal.number})", style="dim")
    else:
        head.append(f"Deal {deal.number}", style="bold")
    event = deal.headers.get("Event")
    if event and event.strip("?"):
        head.append(f"  {event}")
    head.append("  ·  ")
    if pos.played == 0:
        head.append("before the first lead")
    else:
        head.append(f"trick {pos.trick}, card {(pos.played - 1) % 3 + 1}")
        head.append(f"  ({pos.played} of {pos.total_cards} cards played)", style="dim")
    return head


def render_position(pos: Position) -> RenderableType:
    """The position drawn with rich: heading, the hands around the table, the deal's
    facts, and the notes and faults at the current card. O(n), O(n²) with an unknown hand."""
    later = _still_to_play(pos) if any(h is None for h in pos.hands) else None
    grid = Table.grid(expand=False, padding=(0, 1))
    grid.add_column(min_width=22)
    grid.add_column(min_width=26)
    grid.add_column(min_width=22)
    grid.add_row(_hand_panel(pos, 2, later), _table_panel(pos), _hand_panel(pos, 3, later))
    grid.add_row(_deal_panel(pos), _hand_panel(pos, 1, later), Text(""))
    parts: list[RenderableType] = [_heading(pos), grid]
    notes = _notes_renderable(pos)
    if notes is not None:
        parts.append(Panel(notes, title="at this card" if pos.card is not None else "before the play",
                           title_align="left"))
    return Group(*parts)
