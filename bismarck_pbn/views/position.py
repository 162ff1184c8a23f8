"""Positions: where a deal stands at any card, for ``show``, ``replay`` and ``record``.

A position is computed from the model by the rules engine: the replay tells which seat
played each card and who won each trick (staying in step after a faulty card, as the
validator does), and each seat's cards still held follow from that. O(n) per position.
"""

from __future__ import annotations

from dataclasses import dataclass

from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.model.cards import sort_cards
from bismarck_pbn.model.deal import Deal, PlayedCard
from bismarck_pbn.check.validate import replay_inputs

Cards = tuple[str, ...]


@dataclass(frozen=True)
class Position:
    """A deal after ``played`` cards (0: before the first lead)."""

    deal: Deal
    played: int
    """How many cards have been played."""
    hands: tuple[Cards | None, Cards | None, Cards | None]
    """Cards each seat still holds (after the exchange), None when not known."""
    trump: str | None
    table: tuple[tuple[int, str], ...]
    """The trick on the table, (seat, card) from its leader; the last complete trick
    when the position is just after one."""
    table_leader: int | None
    table_winner: int | None
    """Winner of the trick on the table, once it is complete."""
    to_play: int | None
    """The seat to play next (None when the play is over or unknown)."""
    won: tuple[int, int, int]
    """Tricks taken so far by seats 1, 2, 3."""
    quotas: tuple[int, int, int] | None
    card: PlayedCard | None
    """The card just played, with its notes; None before the first lead."""
    faults: tuple[engine.Fault, ...]
    """Faults in the record up to and including this card."""
    total_cards: int
    """Cards in the deal's play section."""

    @property
    def trick(self) -> int:
        """The number of the trick on the table (0 before the first lead)."""
        return (self.played + 2) // 3

    @property
    def finished(self) -> bool:
        return self.played >= self.total_cards


def _start(deal: Deal):
    play_hands, exact, excluded, leader, play_trump, unknown_trump, trump = replay_inputs(deal)
    return trump, play_trump, play_hands, exact, excluded, leader, unknown_trump


def positions(deal: Deal) -> list[Position]:
    """Every position of the deal: before the first lead, then after each card. O(n²)
    in the worst case for n cards (each position copies the hands); 49 positions at most."""
    cards = deal.play.cards if deal.play is not None else ()
    trump, play_trump, play_hands, exact, excluded, leader, unknown_trump = _start(deal)
    quotas = engine.quotas(deal.contract, deal.forehand) if deal.contract and deal.forehand else None
    if leader is None or not cards:
        hands = tuple(sort_cards(h) if h is not None else None for h in play_hands)
        return [Position(deal, 0, hands, trump, (), None, None, leader, (0, 0, 0), quotas, None, (), 0)]
    names = [c.card for c in cards]
    replay = engine.replay(names, hands=play_hands, trump=play_trump, leader=leader, excluded=excluded,
                           unknown_trump=unknown_trump, exact=exact)
    seats = replay.seats
    held = [set(h) if h is not None else None for h in play_hands]
    out = [Position(deal, 0, tuple(sort_cards(h) if h is not None else None for h in held), trump, (),
                    leader, None, leader, (0, 0, 0), quotas, None, (), len(seats))]
    won = [0, 0, 0]
    table: list[tuple[int, str]] = []
    faults_by_index: dict[int, list] = {}
    for f in replay.faults:
        faults_by_index.setdefault(f.index, []).append(f)
    faults: list[engine.Fault] = []
    for i, seat in enumerate(seats):
        card = names[i]
        if held[seat - 1] is not None:
            held[seat - 1].discard(card)
        if len(table) == 3:
            table = []
        table.append((seat, card))
        faults.extend(faults_by_index.get(i, ()))
        winner = None
        if len(table) == 3:
            n = i // 3
            if n < len(replay.winners):
                winner = replay.winners[n]
                won[winner - 1] += 1
        if i + 1 < len(seats):
            to_play = seats[i + 1]
        elif winner is not None and i + 1 < engine.TRICKS_PER_DEAL * 3:
            to_play = winner
        elif winner is None and len(table) < 3:
            to_play = engine.left_of(seat)
        else:
            to_play = None
        out.append(Position(deal, i + 1, tuple(sort_cards(h) if h is not None else None for h in held),
                            trump, tuple(table), table[0][0], winner, to_play, tuple(won), quotas,
                            cards[i], tuple(faults), len(seats)))
    return out


def position_at(deal: Deal, trick: int | None = None, card: int | None = None) -> Position:
    """The position after card ``card`` (1–3, default 3) of trick ``trick``; before the
    first lead when ``trick`` is None. Raises ValueError past the end of the play."""
    all_positions = positions(deal)
    if trick is None:
        return all_positions[0]
    if trick < 1 or not 1 <= (card or 3) <= 3:
        raise ValueError("tricks are numbered from 1 and cards within a trick 1 to 3")
    index = (trick - 1) * 3 + (card or 3)
    if index >= len(all_positions):
        last = len(all_positions) - 1
        raise ValueError(f"the play has {last} cards ({(last + 2) // 3} tricks): there is no card "
                         f"{card or 3} of trick {trick}")
    return all_positions[index]
