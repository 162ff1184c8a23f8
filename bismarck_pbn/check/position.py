"""Positions: where a deal stands at any card, for ``show``, ``replay``, ``record``, the web page and ``analyse``.

A position is computed from the model by the rules engine: the replay tells which seat
played each card and who won each trick (staying in step after a faulty card, as the
validator does), and each seat's cards still held follow from that, with what the rules
add after a trick (German Whist's draws from the stock). O(n) per position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bismarck_pbn.check.validate import prepare, replay_deal
from bismarck_pbn.games import Ruleset
from bismarck_pbn.games.tricks import DealState, Fault, TrickRules
from bismarck_pbn.model.cards import sort_cards
from bismarck_pbn.model.deal import Deal, PlayedCard

if TYPE_CHECKING:
    from bismarck_pbn.games.turnover import PileState

Cards = tuple[str, ...]


@dataclass(frozen=True)
class Position:
    """A deal after ``played`` cards (0: before the first lead)."""

    deal: Deal
    played: int
    """How many cards have been played."""
    hands: tuple[Cards | None, ...]
    """Cards each seat still holds (after the exchange), by seat − 1; None when not known."""
    trump: str | None
    table: tuple[tuple[int, str], ...]
    """The trick on the table, (seat, card) from its leader; the last complete trick
    when the position is just after one."""
    table_leader: int | None
    table_winner: int | None
    """Winner of the trick on the table, once it is complete."""
    to_play: int | None
    """The seat to play next (None when the play is over or unknown)."""
    won: tuple[int, ...]
    """Tricks taken so far by each seat (by seat − 1)."""
    quotas: tuple[int, ...] | None
    card: PlayedCard | None
    """The card just played, with its notes; None before the first lead."""
    faults: tuple[Fault, ...]
    """Faults in the record up to and including this card."""
    total_cards: int
    """Cards in the deal's play section."""
    rules: Ruleset | None = None
    """The rules of the deal's game."""
    stock: Cards | None = None
    """The cards still to be drawn, top (face up) first, in games with a stock (German
    Whist) whose order is known; None otherwise."""
    piles: tuple[tuple[PileState, ...] | None, ...] | None = None
    """Each seat's layout as it lies (Turnover Bridge: :func:`~bismarck_pbn.games.turnover.pile_states`),
    None for a seat whose layout is not known; None in the other games. ``hands`` are
    then the cards of the hands proper."""

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def trick(self) -> int:
        """The number of the trick on the table (0 before the first lead)."""
        n = self.seats
        return (self.played + n - 1) // n

    @property
    def finished(self) -> bool:
        return self.played >= self.total_cards


def positions(deal: Deal) -> list[Position]:
    """Every position of the deal: before the first lead, then after each card. O(n²)
    in the worst case for n cards (each position copies the hands)."""
    cards = deal.play.cards if deal.play is not None else ()
    rules, setup = prepare(deal)
    trump, play_hands = setup.trump, setup.play_hands
    leader = setup.leader if setup.leader is not None else (deal.play.leader if deal.play is not None else None)
    n = rules.seats
    quotas = rules.tricks_needed(deal)
    zero = (0,) * n
    trick_rules = setup.rules or TrickRules(n, rules.tricks, None)
    stock = trick_rules.left_in_stock(0)
    layout = _Layouts(deal) if deal.layouts else None
    if leader is None or not cards:
        hands = tuple(sort_cards(h) if h is not None else None for h in play_hands)
        if layout is not None:
            return [Position(deal, 0, layout.hands(hands), trump, (), None, None, leader, zero, quotas, None, (), 0,
                             rules, stock, layout.piles(set(), {}))]
        return [Position(deal, 0, hands, trump, (), None, None, leader, zero, quotas, None, (), 0, rules, stock)]
    names = [c.card for c in cards]
    replay = replay_deal(deal, rules, setup)
    assert replay is not None
    seats = replay.seats
    # The hands follow the replay's seats and winners; a DealState only carries them,
    # so that what the rules do after a trick (German Whist's draws) reaches them.
    state = DealState(play_hands, trick_rules, leader, undo_history=False)
    held = state.hands
    def shown(held: list[set[str] | None]) -> tuple[Cards | None, ...]:
        hands = tuple(sort_cards(h) if h is not None else None for h in held)
        return layout.hands(hands) if layout is not None else hands

    played: set[str] = set()
    by_seat: dict[int, set[str]] = {}
    out = [Position(deal, 0, shown(held), trump, (), leader, None, leader, zero, quotas, None, (), len(seats), rules,
                    stock, layout.piles(played, by_seat) if layout is not None else None)]
    won = [0] * n
    table: list[tuple[int, str]] = []
    faults_by_index: dict[int, list] = {}
    for f in replay.faults:
        faults_by_index.setdefault(f.index, []).append(f)
    faults: list[Fault] = []
    for i, seat in enumerate(seats):
        card = names[i]
        hand = held[seat - 1]
        if hand is not None:
            hand.discard(card)
        if len(table) == n:
            table = []
        table.append((seat, card))
        played.add(card)
        by_seat.setdefault(seat, set()).add(card)
        faults.extend(faults_by_index.get(i, ()))
        winner = None
        if len(table) == n:
            k = i // n
            if k < len(replay.winners):
                winner = replay.winners[k]
                won[winner - 1] += 1
                state.winners.append(winner)
                state.won[winner - 1] += 1
                state.last_trick = list(table)
                state.played.update(c for _, c in table)
                trick_rules.after_trick(state, winner)
                stock = trick_rules.left_in_stock(k + 1)
        if i + 1 < len(seats):
            to_play: int | None = seats[i + 1]
        elif winner is not None and i + 1 < rules.tricks * n:
            to_play = winner
        elif winner is None and len(table) < n:
            to_play = rules.left_of(seat)
        else:
            to_play = None
        out.append(Position(deal, i + 1, shown(held), trump, tuple(table), table[0][0], winner, to_play, tuple(won),
                            quotas, cards[i], tuple(faults), len(seats), rules, stock,
                            layout.piles(played, by_seat) if layout is not None else None))
    return out


class _Layouts:
    """A Turnover Bridge deal's layouts, for drawing: which cards are the hands proper,
    and how each pile lies once some cards are played."""

    def __init__(self, deal: Deal) -> None:
        from bismarck_pbn.games.turnover import pile_states

        self.pile_states = pile_states
        self.layouts = (list(deal.layouts) + [None, None])[:deal.seats]
        self.dealt = [set(h) if h is not None else None
                      for h in (list(deal.hands or ()) + [None] * deal.seats)[:deal.seats]]
        self.placed = {c for h in self.dealt for c in h or ()} | {
            c for piles in self.layouts for pile in piles or () for c in pile if c is not None}

    def hands(self, held: tuple[Cards | None, ...]) -> tuple[Cards | None, ...]:
        """The cards still in each hand proper (not its layout's)."""
        return tuple(None if h is None or d is None else tuple(c for c in h if c in d)
                     for h, d in zip(held, self.dealt))

    def piles(self, played: set[str], by_seat: dict[int, set[str]]) -> tuple[tuple[PileState, ...] | None, ...]:
        return tuple(None if piles is None else
                     self.pile_states(piles, played, len(by_seat.get(s, set()) - self.placed))
                     for s, piles in enumerate(self.layouts, 1))


def position_at(deal: Deal, trick: int | None = None, card: int | None = None) -> Position:
    """The position after card ``card`` (1 to the seats, default the last) of trick
    ``trick``; before the first lead when ``trick`` is None. Raises ValueError past the
    end of the play."""
    all_positions = positions(deal)
    if trick is None:
        return all_positions[0]
    n = all_positions[0].seats
    if trick < 1 or not 1 <= (card or n) <= n:
        raise ValueError(f"tricks are numbered from 1 and cards within a trick 1 to {n}")
    index = (trick - 1) * n + (card or n)
    if index >= len(all_positions):
        last = len(all_positions) - 1
        raise ValueError(f"the play has {last} cards ({(last + n - 1) // n} tricks): there is no card "
                         f"{card or n} of trick {trick}")
    return all_positions[index]


def auction_lines(deal: Deal) -> list[str]:
    """The auction and who declared, in words (``show`` and ``replay``): one line per
    round of calls from the first seat, ``Frisch`` between rounds, then the declarer.
    Empty for a deal without an auction or declarer. O(calls)."""
    from bismarck_pbn.games import ruleset_of

    lines: list[str] = []
    auction = deal.auction
    if auction is not None:
        first = auction.first
        lines.append(f"auction, seat {first} first:" if first is not None else "auction:")
        row: list[str] = []
        for call in auction.calls:
            if call.call == "Frisch":
                if row:
                    lines.append("  " + " ".join(row))
                lines.append("  Frisch")
                row = []
                continue
            row.append(call.call + (call.suffix or ""))
            if len(row) == deal.seats:
                lines.append("  " + " ".join(row))
                row = []
        if row:
            lines.append("  " + " ".join(row))
    contract, declarer = ruleset_of(deal).contract_of(deal)
    if declarer is not None:
        lines.append(f"declarer: seat {declarer}" + (f" ({contract})" if contract else ""))
    return lines
