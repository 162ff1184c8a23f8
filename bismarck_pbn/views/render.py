"""Drawing a position: the table as rich renderables, and the same position as plain data.

:func:`render_position` draws a :class:`~bismarck_pbn.check.position.Position` for a terminal,
for any game the rules know (:attr:`Position.rules`): the hands around the table, seat 1
at the bottom and the others clockwise (with three seats 2 and 3 above; with four a
compass, 2 on the left, 3 across, 4 on the right, each partnership marked "side 1–3";
with two, seat 2 across), the trick on the table, the contract or the source of the
trump (the turned card), the dealer or forehand and the declarer, the kitty or stock
(what is left of an ordered stock) and the discard where the game exchanges, the tricks
taken against each seat's quota where the game has quotas (per side in partnerships),
the score once the play is over, and what the record says at the current card: its
suffix, NAGs (with the meaning of $1–$6), ``^R`` and comments, and any fault in the play
there, in the validator's own words. :func:`position_dict` gives the same position as
JSON-ready data. ``bpn show`` prints either; the TUI draws with the first.

Both are O(n) for a deal of n cards, apart from an unknown hand, whose cards still to
come are found by one more pass over the deal's positions (O(n²)), and the score at the
end, which the validator computes (O(n)).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bismarck_pbn.format.values import signed_text
from bismarck_pbn.model.cards import JOKER, SUITS, holding_text, sort_cards
from bismarck_pbn.model.nags import NAG_MEANINGS
from bismarck_pbn.views.facts import (complete as _complete, fault_diagnostics, has_exchange as _has_exchange,
                                      kitty as _kitty, kitty_text as _kitty_text, notes as _notes,
                                      ordered_stock as _ordered_stock, player as _player, position_dict,
                                      result as _result, rules_of as _rules, seats as _seats,
                                      short_label as _short_label, side_label, still_to_play as _still_to_play)
from bismarck_pbn.check.position import Position, auction_lines

__all__ = ["NAG_MEANINGS", "fault_diagnostics", "position_dict", "render_position", "side_label"]

_SUIT_STYLE = {"S": "bold", "H": "bold red", "D": "bold red", "C": "bold"}


# ---- drawing ---------------------------------------------------------------------------------

def _suit_rows(cards: tuple[str, ...] | list[str], style: str = "") -> Text:
    """Four lines, ``S AKT4`` … ``C 32``, ranks high to low; ``—`` for a void; a fifth,
    ``J BL``, for jokers held."""
    text = Text()
    for i, suit in enumerate(SUITS):
        ranks = "".join(c[1] for c in sort_cards(cards) if c[0] == suit)
        if i:
            text.append("\n")
        text.append(f"{suit} ", style=_SUIT_STYLE[suit])
        text.append(ranks or "—", style=style)
    jokers = "".join(c[1] for c in sort_cards(cards) if c[0] == JOKER)
    if jokers:  # Bid Whist: a fifth line, J B L
        text.append("\nJ ", style="bold magenta")
        text.append(jokers, style=style)
    return text


BACK = "▒▒"
"""A card lying face down (or one the record does not give)."""


def layout_text(piles, rows: tuple[int, ...]) -> Text:
    """A Turnover Bridge layout, row by row: ``SA▒`` a face-up card on a face-down one,
    ``D2`` a card turned up, ``▒▒`` one turned up that the record does not give, ``··``
    a pile played out. O(piles)."""
    text = Text()
    at = 0
    for r, size in enumerate(rows):
        text.append("\n" if r else "")
        for k, (kind, card, _) in enumerate(piles[at:at + size]):
            text.append(" " if k else "")
            if kind == "up":
                text.append(card, style=_SUIT_STYLE.get(card[0], ""))
                text.append("▒", style="dim")
            elif kind == "turned" and card is not None:
                text.append(card + " ", style=_SUIT_STYLE.get(card[0], ""))
            elif kind == "turned":
                text.append(BACK + " ", style="dim")
            else:
                text.append("·· ", style="dim")
        at += size
    return text


def _hand_panel(pos: Position, seat: int, later: dict[int, list[str]] | None) -> Panel:
    deal = pos.deal
    rules = _rules(pos)
    held = pos.hands[seat - 1]
    title = Text(f"seat {seat}", style="bold")
    name = _player(pos, seat)
    if name:
        title.append(f" {name}")
    to_play = seat == pos.to_play and not pos.finished
    marks = Text()
    for role, holder in (("dealer", deal.dealer if deal.forehand is None else None),
                         ("forehand", deal.forehand), ("declarer", deal.declarer)):
        if seat == holder:
            marks.append(("  " if marks else "") + role, style="bold cyan")
    if to_play:
        marks.append("  ◀ to play" if marks else "◀ to play", style="bold green")
    body = marks + Text("\n") if marks else Text()
    if rules.partnership:   # in the body, not the title: a panel is 22 columns at 80
        body = Text(side_label(rules.sides()[rules.side_of(seat)]) + "\n", style="dim") + body
    if held is not None:
        body.append_text(_suit_rows(held))
        if seat == deal.forehand and deal.exchange is None and _has_exchange(pos) and _kitty(pos) is not None:
            body.append("\n(hand and kitty: the discard is not recorded)", style="dim")
    else:
        cards = (later or {}).get(seat, [])
        dealt = deal.hands[seat - 1] if deal.hands is not None and seat <= len(deal.hands) else None
        body.append("? not recorded" if dealt is None else "? the exchange is not known", style="bold yellow")
        if cards:
            body.append("\n")
            body.append_text(_suit_rows(cards, style="dim"))
            body.append("\n(cards still to come in the play)", style="dim")
    piles = pos.piles[seat - 1] if pos.piles is not None else None
    if piles is not None:
        body.append("\n")
        body.append_text(layout_text(piles, getattr(rules, "rows", (len(piles),))))
    elif pos.piles is not None:
        body.append("\nlayout not recorded", style="bold yellow")
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
    width = max(len(_short_label(pos, s)) for s in _seats(pos))
    for i, (seat, card) in enumerate(pos.table):
        current = i == len(pos.table) - 1
        body.append(f"{_short_label(pos, seat):<{width}}  ")
        body.append(card, style=("bold reverse " if current else "") + _SUIT_STYLE.get(card[0], "bold"))
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
        body.append("\nthe play is over" if _complete(pos) else "\nthe record stops here", style="dim")
    return Panel(body, title="the table", title_align="left")


def _trump_text(pos: Position, body: Text) -> None:
    """The contract and its trump (Bismarck, the auction games), or the trump and where
    it comes from (a turned card)."""
    deal = pos.deal
    rules = _rules(pos)
    if deal.contract is not None or rules.asks().contract:
        body.append("contract ", style="dim")
        body.append(deal.contract or "?", style="bold")
        if pos.trump is not None:
            body.append(f", trumps {pos.trump}" if pos.trump != "NT" else ", no trump")
        elif deal.contract == "Valfri":
            body.append(", trumps not recorded", style="yellow")
        return
    body.append("trumps ", style="dim")
    if pos.trump is None:
        body.append("not known", style="yellow")
    else:
        body.append("none" if pos.trump == "NT" else pos.trump, style="bold")
    if deal.turned is not None:
        body.append(f" (turned {deal.turned})")


def _deal_panel(pos: Position, settled: tuple[int, ...] | None = None) -> Panel:
    deal = pos.deal
    rules = _rules(pos)
    body = Text()
    _trump_text(pos, body)
    kitty = _kitty(pos)
    if rules.kitty_size or kitty is not None:
        name = rules.kitty_name() if rules.kitty_size or not _ordered_stock(pos) else "stock"
        stock = getattr(pos, "stock", None)
        body.append(f"\n{name} ", style="dim")
        if stock is not None and pos.played:
            body.append(f"{len(stock)} left" + (f", face up {stock[0]}" if stock else ""))
        else:
            body.append(_kitty_text(pos, kitty) if kitty is not None else "?")
    if _has_exchange(pos):
        body.append("\ndiscard ", style="dim")
        if deal.exchange is False:
            body.append("- (declined)")
        elif deal.discard is not None:
            body.append(holding_text(deal.discard))
        else:
            body.append("not recorded", style="dim")
    if rules.partnership and pos.played:
        won = rules.per_side(pos.won)
        body.append("\ntricks ", style="dim")
        body.append(", ".join(f"{side_label(side)} {n}" for side, n in zip(rules.sides(), won)))
    result = _result(pos, settled)
    if result is not None:
        score, sides = result
        body.append("\nscore ", style="dim")
        if len(sides[0]) > 1:
            body.append(", ".join(f"{side_label(side)} {signed_text([v])}" for side, v in zip(sides, score)))
        else:
            body.append(signed_text(score))
    for line in auction_lines(deal):
        body.append("\n" + line, style="dim" if line.startswith("auction") else "")
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


_EVENT_SHOWN = 120
"""The most characters of the Event the heading shows."""


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
        # shortened: rich lays out one unbroken run of characters in quadratic time (a 5 MB
        # Event took 20 s); the whole value is in the file
        head.append(f"  {event if len(event) <= _EVENT_SHOWN else event[:_EVENT_SHOWN - 1] + '…'}")
    rules = _rules(pos)
    if rules.name != "Bismarck":
        head.append(f"  {rules.name}", style="dim")
    head.append("  ·  ")
    if pos.played == 0:
        head.append("before the first lead")
    else:
        head.append(f"trick {pos.trick}, card {(pos.played - 1) % pos.seats + 1}")
        head.append(f"  ({pos.played} of {pos.total_cards} cards played)", style="dim")
    return head


def _table_grid(pos: Position, later: dict[int, list[str]] | None,
                settled: tuple[int, ...] | None = None) -> Table:
    """The seats around the table, clockwise from seat 1 at the bottom."""
    def hand(seat: int) -> Panel:
        return _hand_panel(pos, seat, later)

    blank = Text("")
    grid = Table.grid(expand=False, padding=(0, 1))
    grid.add_column(min_width=22)
    grid.add_column(min_width=26)
    grid.add_column(min_width=22)
    if pos.seats == 4:  # a compass: 3 across from 1, 2 on its left, 4 on its right
        grid.add_row(blank, hand(3), blank)
        grid.add_row(hand(2), _table_panel(pos), hand(4))
        grid.add_row(_deal_panel(pos, settled), hand(1), blank)
    elif pos.seats == 2:
        grid.add_row(blank, hand(2), blank)
        grid.add_row(_deal_panel(pos, settled), _table_panel(pos), blank)
        grid.add_row(blank, hand(1), blank)
    else:
        grid.add_row(hand(2), _table_panel(pos), hand(3))
        grid.add_row(_deal_panel(pos, settled), hand(1), blank)
    return grid


def render_position(pos: Position, settled: tuple[int, ...] | None = None) -> RenderableType:
    """The position drawn with rich: heading, the hands around the table, the deal's
    facts (the score at the end: ``settled`` where the deal's session decides it), and
    the notes and faults at the current card. O(n), O(n²) with an unknown hand."""
    later = _still_to_play(pos) if any(h is None for h in pos.hands) else None
    parts: list[RenderableType] = [_heading(pos), _table_grid(pos, later, settled)]
    notes = _notes_renderable(pos)
    if notes is not None:
        parts.append(Panel(notes, title="at this card" if pos.card is not None else "before the play",
                           title_align="left"))
    return Group(*parts)
