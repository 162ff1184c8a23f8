"""Answers for a piped ``bpn record`` of a deal of an auction game, built from a deal
read from a file (the games' samples): what a player at the table would type."""

from __future__ import annotations

from bismarck_pbn.games import ruleset_of
from bismarck_pbn.games.auction import judge
from bismarck_pbn.model.cards import holding_text
from bismarck_pbn.model.deal import Deal

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def session_answers(deal: Deal) -> list[str]:
    """A new file: board 1, the session tags (Enter for Site, Date and Variant)."""
    return ["", "Test", "", "", deal.game, "", *PLAYERS]


def before_auction(deal: Deal) -> list[str]:
    """The dealer, the hands from the dealer round, the kitty, the turned card."""
    rules = ruleset_of(deal)
    order = [deal.dealer]
    while len(order) < rules.seats:
        order.append(rules.left_of(order[-1]))
    lines = [str(deal.dealer), *(holding_text(deal.hands[s - 1]) for s in order)]
    if rules.kitty_size:
        lines.append("")  # the default: the cards no hand holds
    if rules.asks().turned:
        lines.append(deal.turned)
    return lines


def calls_of(deal: Deal) -> list[str]:
    """The calls as typed: the Frisch after four passes is made by record itself."""
    return [c.call for c in deal.auction.calls if c.call != "Frisch"]


def after_auction(deal: Deal) -> list[str]:
    """What the auction leaves open: a trump named, the Direction, the discard, the
    cards passed in each Frisch, the contract bids from the declarer clockwise."""
    rules = ruleset_of(deal)
    result = judge(rules, deal, [c.call for c in deal.auction.calls])
    lines: list[str] = []
    if result.contract == "None":
        return _frisches(deal, result.restarts)
    named = rules.declarer_names(result.contract)
    if "Trump" in named:
        lines.append(deal.trump)
    if "Direction" in named:
        lines.append(deal.direction)
    if rules.asks().discard:
        lines.append(holding_text(deal.discard))
    lines += _frisches(deal, result.restarts)
    if rules.asks().bids:
        seat = result.declarer
        for _ in range(rules.seats):
            lines.append(str(deal.bids[seat - 1]))
            seat = rules.left_of(seat)
    return lines


def _frisches(deal: Deal, restarts: int) -> list[str]:
    return [holding_text(deal.frisch[k][s]) for k in range(restarts) for s in range(4)]


def play_of(deal: Deal) -> list[str]:
    return [c.card for c in deal.play.cards] if deal.play is not None else []


def answers(deal: Deal) -> list[str]:
    """Every answer for recording ``deal`` as board 1 of a new file, then y."""
    return [*session_answers(deal), *before_auction(deal), *calls_of(deal), *after_auction(deal),
            *play_of(deal), ""]
